//! `scoresheet check`: every move legal, every result consistent, every repair reported.

use std::io::{self, Write};

use board_core::{Dialect, Notation, RawGame, Rules};

use crate::detect;
use crate::pipeline::{self, Detected, Report, Source};
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
    detect: &(dyn Fn(&RawGame) -> Detected<N> + Sync),
    dialect: &Dialect,
) -> Result<(), Error>
where
    P: Rules,
    N: Notation<Position = P, Move = P::Move> + ?Sized + Sync,
{
    let source = match args.from.as_deref() {
        Some(name) => Source::Named(registry::resolve(table, name)?.notation),
        None => Source::Detect {
            detect,
            fallback: table[0].notation,
        },
    };
    let mut sink = io::sink();
    let mut err = io::stderr().lock();
    let mut located = Vec::new();
    let summary = {
        let mut report = match args.format {
            OutputFormat::Text => Report::Text {
                err: &mut err,
                quiet: args.quiet,
            },
            OutputFormat::Json => Report::Json(&mut located),
        };
        pipeline::process::<P, N>(&args.files, &source, None, dialect, &mut sink, &mut report)?
    };
    let mut out = io::stdout().lock();
    match args.format {
        OutputFormat::Json => {
            let report = serde_json::json!({ "summary": summary, "diagnostics": located });
            writeln!(out, "{report}")?;
        }
        OutputFormat::Text => writeln!(
            out,
            "checked {} games ({} plies): {} errors, {} warnings",
            summary.games, summary.plies, summary.errors, summary.warnings
        )?,
    }
    pipeline::verdict(&summary)
}
