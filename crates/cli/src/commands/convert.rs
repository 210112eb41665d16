//! `scoresheet convert`: records in, the same records out in another notation.

use std::io::{BufWriter, Write};
use std::path::Path;

use crate::game_kind;
use crate::output::{self, Output};
use crate::pipeline;
use crate::progress;
use crate::registry::{Dispatch, Kind, NotationOf, Notations, Registry, Request, Task};
use crate::{ConvertArgs, Error, OutputFormat};

/// Converts the inputs; games with errors are reported on stderr and left out, the others
/// written; exit status 1 when any game failed.
pub(crate) fn run(registry: &Registry, args: &ConvertArgs) -> Result<(), Error> {
    let game = game_kind::announced(args.game, &args.files, args.quiet)?;
    let request = Request {
        game,
        from: args.from.as_deref(),
        to: Some(args.to.as_deref()),
        style: args.style.as_deref(),
        files: &args.files,
        as_written: true,
    };
    registry.dispatch(&request, Convert(args))?
}

/// `convert` once its notations are known.
struct Convert<'a>(&'a ConvertArgs);

impl Task for Convert<'_> {
    type Output = Result<(), Error>;

    fn run<P: Kind, N: NotationOf<P> + ?Sized>(self, with: Notations<'_, '_, N>) -> Self::Output {
        let Convert(args) = self;
        let Notations {
            source,
            target,
            dialect,
        } = with;
        let target = target.ok_or_else(|| Error::Usage("convert writes a notation".into()))?;
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
                "converted {} of {} to {} ({}, {})",
                summary.good,
                pipeline::count(summary.games, "game", "games"),
                target.name,
                pipeline::count(summary.errors, "error", "errors"),
                pipeline::count(summary.warnings, "warning", "warnings"),
            )?;
        }
        verdict
    }
}
