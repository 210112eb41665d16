//! `scoresheet convert`: records in, the same records out in another notation.

use std::fs::File;
use std::io::{self, BufWriter, Write};

use board_core::{Dialect, Notation, RawGame, Rules};

use crate::detect;
use crate::pipeline::{self, Detected, Source};
use crate::progress;
use crate::registry::{self, Entry};
use crate::{ConvertArgs, Error, Game, OutputFormat};

/// Converts the inputs; games with errors are reported on stderr and left out, the others
/// written; exit status 1 when any game failed.
pub(crate) fn run(args: &ConvertArgs) -> Result<(), Error> {
    if args.game == Game::Chess
        && [args.from.as_deref(), args.to.as_deref()]
            .into_iter()
            .any(registry::is_descriptive)
    {
        let from = args.from.as_deref().unwrap_or("en");
        // Built once per run and kept for its length, as the registry's notations are.
        let source: &'static registry::DescriptiveNotation =
            Box::leak(registry::descriptive_side(from, args.style.as_deref())?);
        let target: &'static registry::DescriptiveNotation = Box::leak(registry::descriptive_side(
            args.to.as_deref().unwrap_or("en"),
            args.style.as_deref(),
        )?);
        let table = [
            Entry {
                name: registry::leak(from),
                about: "",
                notation: source,
            },
            Entry {
                name: registry::leak(args.to.as_deref().unwrap_or("en")),
                about: "",
                notation: target,
            },
        ];
        return convert_with(
            args,
            &Source::Named(table[0].notation),
            &table[1],
            &Dialect::pgn(),
        );
    }
    match args.game {
        Game::Chess => convert(args, registry::CHESS, &detect::chess, &Dialect::pgn()),
        Game::Draughts => convert(
            args,
            registry::DRAUGHTS,
            &detect::draughts,
            &notation_manoury::dialect(),
        ),
    }
}

fn convert<P, N>(
    args: &ConvertArgs,
    table: &'static [Entry<N>],
    detect: &'static (dyn Fn(&RawGame) -> Detected<N> + Sync),
    dialect: &Dialect,
) -> Result<(), Error>
where
    P: Rules,
    N: Notation<Position = P, Move = P::Move> + ?Sized + Sync,
{
    let source = Source::from_args(args.from.as_deref(), table, detect)?;
    let target = match args.to.as_deref() {
        Some(name) => registry::resolve(table, name)?,
        None => &table[0],
    };
    convert_with(args, &source, target, dialect)
}

fn convert_with<P, N>(
    args: &ConvertArgs,
    source: &Source<'_, N>,
    target: &Entry<N>,
    dialect: &Dialect,
) -> Result<(), Error>
where
    P: Rules,
    N: Notation<Position = P, Move = P::Move> + ?Sized + Sync,
{
    let mut out: Box<dyn Write> = match &args.output {
        Some(path) => {
            Box::new(BufWriter::new(File::create(path).map_err(|e| {
                Error::Input(format!("cannot create {}: {e}", path.display()))
            })?))
        }
        None => Box::new(BufWriter::with_capacity(1 << 16, io::stdout().lock())),
    };
    let mut err = io::stderr().lock();
    let (summary, located) = pipeline::reported(args.format, args.quiet, &mut err, |report| {
        pipeline::process(
            &args.files,
            source,
            Some(target.notation),
            dialect,
            &mut out,
            report,
            progress::wanted(args.progress, args.quiet, args.output.is_none()),
        )
    })?;
    out.flush()?;
    if args.format == OutputFormat::Json {
        let report = serde_json::json!({ "summary": summary, "diagnostics": located });
        writeln!(err, "{report}")?;
    } else if !args.quiet {
        writeln!(
            err,
            "converted {} of {} games to {} ({} errors, {} warnings)",
            summary.good, summary.games, target.name, summary.errors, summary.warnings
        )?;
    }
    pipeline::verdict(&summary)
}
