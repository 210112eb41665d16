//! `scoresheet check`: every move legal, every result consistent, every repair reported.

use std::io::{self, BufWriter, Write};

use crate::game_kind;
use crate::output;
use crate::pipeline;
use crate::progress;
use crate::registry::{Dispatch, Kind, NotationOf, Notations, Registry, Request, Task};
use crate::{CheckArgs, Error, OutputFormat};

/// Checks the inputs: diagnostics on stderr (or one JSON report on stdout), a summary line on
/// stdout, exit status 0 only when no game had an error.
pub(crate) fn run(registry: &Registry, args: &CheckArgs) -> Result<(), Error> {
    let game = game_kind::announced(args.game, &args.files, args.quiet)?;
    let request = Request {
        game,
        from: args.from.as_deref(),
        to: None,
        style: None,
        files: &args.files,
        as_written: true,
    };
    registry.dispatch(&request, Check(args))?
}

/// `check` once its notation is known.
struct Check<'a>(&'a CheckArgs);

impl Task for Check<'_> {
    type Output = Result<(), Error>;

    fn run<P: Kind, N: NotationOf<P> + ?Sized>(self, with: Notations<'_, '_, N>) -> Self::Output {
        let Check(args) = self;
        let Notations {
            source, dialect, ..
        } = with;
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
                let count = pipeline::count;
                writeln!(
                    out,
                    "checked {} ({}): {}, {}",
                    count(summary.games, "game", "games"),
                    count(summary.plies, "ply", "plies"),
                    count(summary.errors, "error", "errors"),
                    count(summary.warnings, "warning", "warnings"),
                )?;
                out.flush()?;
            }
        }
        pipeline::verdict(&summary)
    }
}
