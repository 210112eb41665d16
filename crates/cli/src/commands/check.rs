//! `scoresheet check`: every move legal, every result consistent, every repair reported.

use std::io::{self, BufWriter, Write};

use board_core::{Dialect, Notation, RawGame, Rules};

use crate::detect;
use crate::game_kind;
use crate::output;
use crate::pipeline::{self, Detected, Source};
use crate::progress;
use crate::registry::{self, Entry};
use crate::{CheckArgs, Error, Game, OutputFormat};

/// Checks the inputs: diagnostics on stderr (or one JSON report on stdout), a summary line on
/// stdout, exit status 0 only when no game had an error.
pub(crate) fn run(args: &CheckArgs) -> Result<(), Error> {
    let (game, notes) = game_kind::of_inputs(args.game, &args.files)?;
    if !args.quiet {
        for note in notes {
            writeln!(output::Stderr, "note: {note}")?;
        }
    }
    if game == Game::Chess && registry::is_descriptive(args.from.as_deref()) {
        // Descriptive notation replays on its own kind of position; the style only matters
        // when writing.
        let notation = registry::descriptive_side(args.from.as_deref().unwrap_or_default(), None)?;
        return check_with(args, &Source::Named(&*notation), &Dialect::pgn());
    }
    match game {
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
    check_with(args, &source, dialect)
}

fn check_with<P, N>(
    args: &CheckArgs,
    source: &Source<'_, N>,
    dialect: &Dialect,
) -> Result<(), Error>
where
    P: Rules,
    N: Notation<Position = P, Move = P::Move> + ?Sized + Sync,
{
    let mut err = output::Stderr;
    let mut out = BufWriter::new(io::stdout().lock());
    let progress = progress::wanted(args.progress, args.quiet, false);
    let summary = pipeline::reported(args.format, args.quiet, &mut err, &mut out, |report| {
        pipeline::process::<P, N>(
            &args.files,
            source,
            None,
            dialect,
            &mut io::sink(),
            report,
            progress,
            args.jobs.unwrap_or_else(pipeline::default_jobs),
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
