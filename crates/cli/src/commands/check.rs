//! `scoresheet check`: every move legal, every result consistent, every repair reported.

use std::io::{self, BufWriter, Write};

use board_core::{Dialect, Notation, RawGame, Rules};

use crate::detect;
use crate::output;
use crate::pipeline::{self, Detected, Source};
use crate::progress;
use crate::registry::{self, Entry};
use crate::{CheckArgs, Error, Game, OutputFormat};

/// Checks the inputs: diagnostics on stderr (or one JSON report on stdout), a summary line on
/// stdout, exit status 0 only when no game had an error.
pub(crate) fn run(args: &CheckArgs) -> Result<(), Error> {
    match args.game {
        Game::Chess => check(args, registry::CHESS, &detect::chess, &Dialect::pgn()),
        Game::Draughts => check(
            args,
            registry::DRAUGHTS,
            &detect::draughts,
            &notation_manoury::dialect(),
        ),
    }
}

fn check<P, N>(
    args: &CheckArgs,
    table: &'static [Entry<N>],
    detect: &'static (dyn Fn(&RawGame) -> Detected<N> + Sync),
    dialect: &Dialect,
) -> Result<(), Error>
where
    P: Rules,
    N: Notation<Position = P, Move = P::Move> + ?Sized + Sync,
{
    let source = Source::from_args(args.from.as_deref(), table, detect)?;
    let mut err = output::Stderr;
    let mut out = BufWriter::new(io::stdout().lock());
    let progress = progress::wanted(args.progress, args.quiet, false);
    let summary = pipeline::reported(args.format, args.quiet, &mut err, &mut out, |report| {
        pipeline::process::<P, N>(
            &args.files,
            &source,
            None,
            dialect,
            &mut io::sink(),
            report,
            progress,
        )
    })?;
    match args.format {
        OutputFormat::Json => pipeline::write_json_summary(&mut out, &summary)?,
        OutputFormat::Text => {
            writeln!(
                out,
                "checked {} games ({} plies): {} errors, {} warnings",
                summary.games, summary.plies, summary.errors, summary.warnings
            )?;
            out.flush()?;
        }
    }
    pipeline::verdict(&summary)
}
