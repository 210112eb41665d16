//! `scoresheet convert`: records in, the same records out in another notation.

use std::io::{BufWriter, Write};
use std::path::Path;

use board_core::{Dialect, Notation, RawGame, Rules};

use crate::detect;
use crate::game_kind;
use crate::output::{self, Output};
use crate::pipeline::{self, Detected, Source};
use crate::progress;
use crate::registry::{self, Entry};
use crate::{ConvertArgs, Error, Game, OutputFormat};

/// Converts the inputs; games with errors are reported on stderr and left out, the others
/// written; exit status 1 when any game failed.
pub(crate) fn run(args: &ConvertArgs) -> Result<(), Error> {
    let (game, notes) = game_kind::of_inputs(args.game, &args.files)?;
    if !args.quiet {
        for note in notes {
            writeln!(output::Stderr, "note: {note}")?;
        }
    }
    if game == Game::Chess
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
    match game {
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
    // An output that is also an input is written beside it and renamed at the end, when every
    // game of it was converted: a game left out would otherwise be lost from the file.
    let replaces_input = args.output.as_deref().is_some_and(|out| {
        args.files
            .iter()
            .any(|input| input.as_os_str() != "-" && output::same_file(input, out))
    });
    let mut out = Output::new(args.output.as_deref()).map_err(|e| {
        let path = args.output.as_deref().unwrap_or(Path::new("-"));
        Error::Input(format!("cannot create {}: {e}", path.display()))
    })?;
    let mut err = output::Stderr;
    let mut json = BufWriter::new(output::Stderr);
    let json_report = args.format == OutputFormat::Json;
    let summary = pipeline::reported(args.format, args.quiet, &mut err, &mut json, |report| {
        pipeline::process(
            &args.files,
            source,
            Some(target.notation),
            dialect,
            &mut out,
            report,
            !json_report && progress::wanted(args.progress, args.quiet, args.output.is_none()),
            args.jobs.unwrap_or_else(pipeline::default_jobs),
        )
    })?;
    let verdict = pipeline::verdict(&summary);
    match (&verdict, replaces_input, &args.output) {
        (Err(Error::Input(why)), true, Some(path)) => {
            drop(out);
            return Err(Error::Input(format!(
                "{why}; {} is left as it was, since the games that failed would be lost from it \
                 (write to another file with -o)",
                path.display()
            )));
        }
        _ => out.commit().map_err(|e| match &args.output {
            Some(path) => Error::Input(format!("cannot write {}: {e}", path.display())),
            None => Error::Io(e),
        })?,
    }
    if json_report {
        pipeline::write_json_summary(&mut json, &summary)?;
    } else if !args.quiet {
        writeln!(
            err,
            "converted {} of {} games to {} ({} errors, {} warnings)",
            summary.good, summary.games, target.name, summary.errors, summary.warnings
        )?;
    }
    verdict
}
