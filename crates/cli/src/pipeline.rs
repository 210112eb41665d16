//! The loop `convert` and `check` share: read records from files or stdin, replay each game
//! through a notation, write what converted, report what did not.

use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::PathBuf;

use board_core::{
    Diagnostic, Dialect, Notation, Output, RawGame, ReadError, RecordReader, Rules, Severity,
    replay,
};

use crate::Error;

/// What a run found, over every input.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub(crate) struct Summary {
    /// Games read.
    pub(crate) games: usize,
    /// Games that replayed without error (and were written, when converting).
    pub(crate) good: usize,
    /// Errors reported.
    pub(crate) errors: usize,
    /// Warnings reported.
    pub(crate) warnings: usize,
    /// Half-moves replayed in main lines.
    pub(crate) plies: usize,
}

/// One diagnostic located in its file, for `--format json`.
#[derive(Debug, Clone, serde::Serialize)]
pub(crate) struct Located {
    pub(crate) file: String,
    pub(crate) line: usize,
    pub(crate) column: usize,
    #[serde(flatten)]
    pub(crate) diagnostic: Diagnostic,
}

/// The notation of the input: named on the command line, or detected per file.
pub(crate) enum Source<'a, N: ?Sized + 'static> {
    /// `--from NAME`.
    Named(&'a N),
    /// No `--from`: the first game that decides names the notation of its file; until then
    /// each game is read in a notation that fits it, else in `fallback`.
    Detect {
        detect: &'a dyn Fn(&RawGame) -> Detected<N>,
        fallback: &'a N,
    },
}

/// What detection made of one game.
pub(crate) enum Detected<N: ?Sized + 'static> {
    /// One notation replays it; the sentence says why.
    Decided(&'static N, String),
    /// None or several do; a notation that reads its moves, if any.
    Undecided(Option<&'static N>),
}

/// Where diagnostics go: rendered on stderr as they come, or kept for a JSON report.
pub(crate) enum Report<'a> {
    /// Rendered like a compiler's; warnings left out when quiet.
    Text { err: &'a mut dyn Write, quiet: bool },
    /// Kept for the caller.
    Json(&'a mut Vec<Located>),
}

impl Report<'_> {
    /// A remark that is neither warning nor error (what was detected), for people only.
    fn note(&mut self, message: &str) -> io::Result<()> {
        match self {
            Report::Text { err, quiet: false } => writeln!(err, "note: {message}"),
            _ => Ok(()),
        }
    }

    fn emit(
        &mut self,
        file: &str,
        text: &str,
        first_line: usize,
        diag: &Diagnostic,
        rendered: impl FnOnce() -> String,
    ) -> io::Result<()> {
        match self {
            Report::Text { err, quiet } => {
                if !(*quiet && diag.severity == Severity::Warning) {
                    writeln!(err, "{}", rendered())?;
                }
            }
            Report::Json(list) => {
                let at = diag.span.line_col(text);
                list.push(Located {
                    file: file.to_owned(),
                    line: first_line + at.line - 1,
                    column: at.column,
                    diagnostic: diag.clone(),
                });
            }
        }
        Ok(())
    }
}

/// The inputs: the named files, or stdin when none (or `-`) is named.
pub(crate) fn open_inputs(files: &[PathBuf]) -> Vec<(String, Option<PathBuf>)> {
    if files.is_empty() {
        return vec![("<stdin>".to_owned(), None)];
    }
    files
        .iter()
        .map(|p| {
            if p.as_os_str() == "-" {
                ("<stdin>".to_owned(), None)
            } else {
                (p.display().to_string(), Some(p.clone()))
            }
        })
        .collect()
}

/// Replays every game of every input with `source`; with `target`, writes the games that
/// replay to `out` in that notation. A game with an error is reported and left out; the
/// others go on.
///
/// # Errors
///
/// [`Error::Input`] when a file cannot be opened or read, [`Error::Io`] when writing fails.
pub(crate) fn process<P, N>(
    files: &[PathBuf],
    source: &Source<'_, N>,
    target: Option<&N>,
    dialect: &Dialect,
    out: &mut dyn Write,
    report: &mut Report<'_>,
) -> Result<Summary, Error>
where
    P: Rules,
    N: Notation<Position = P, Move = P::Move> + ?Sized,
{
    let mut summary = Summary::default();
    let mut buffer = String::new();
    for (name, path) in open_inputs(files) {
        // Each file says its own language when the command line does not.
        let mut decided = match source {
            Source::Named(notation) => Some(*notation),
            Source::Detect { .. } => None,
        };
        let reader: Box<dyn Read> = match &path {
            Some(path) => Box::new(
                File::open(path)
                    .map_err(|e| Error::Input(format!("cannot open {}: {e}", path.display())))?,
            ),
            None => Box::new(io::stdin().lock()),
        };
        let mut records =
            RecordReader::new(BufReader::with_capacity(1 << 16, reader), dialect.clone());
        for item in records.by_ref() {
            let game = match item {
                Ok(game) => game,
                Err(ReadError::Game(err)) => {
                    summary.games += 1;
                    summary.errors += 1;
                    let diag = err.diagnostic();
                    report.emit(&name, err.text(), err.first_line(), &diag, || {
                        err.render(&name)
                    })?;
                    continue;
                }
                Err(ReadError::Io(err)) => {
                    return Err(Error::Input(format!("cannot read {name}: {err}")));
                }
                Err(err) => return Err(Error::Input(format!("cannot read {name}: {err}"))),
            };
            summary.games += 1;
            for warning in game.warnings() {
                summary.warnings += 1;
                emit_game(report, &name, &game, warning)?;
            }
            let notation = match (decided, source) {
                (Some(notation), _) => notation,
                (None, Source::Named(notation)) => notation,
                (None, Source::Detect { detect, fallback }) => match detect(&game) {
                    Detected::Decided(notation, why) => {
                        report.note(&format!("{name}: {why}"))?;
                        decided = Some(notation);
                        notation
                    }
                    Detected::Undecided(notation) => notation.unwrap_or(fallback),
                },
            };
            buffer.clear();
            let replayed = replay::<P, _, _>(
                &game,
                notation,
                target.map(|notation| Output {
                    notation,
                    dialect,
                    out: &mut buffer,
                }),
            );
            for diag in &replayed.diagnostics {
                if diag.is_error() {
                    summary.errors += 1;
                } else {
                    summary.warnings += 1;
                }
                emit_game(report, &name, &game, diag)?;
            }
            if !replayed.has_errors() {
                summary.good += 1;
                summary.plies += replayed.plies;
                out.write_all(buffer.as_bytes())?;
            }
        }
        for warning in records.trailing_warnings() {
            summary.warnings += 1;
            report.emit(&name, "", 1, warning, || warning.render(&name, ""))?;
        }
    }
    Ok(summary)
}

fn emit_game(
    report: &mut Report<'_>,
    name: &str,
    game: &RawGame,
    diag: &Diagnostic,
) -> io::Result<()> {
    report.emit(name, game.text(), game.first_line(), diag, || {
        game.render(diag, name)
    })
}

/// Exit status 1 when some game had an error, with a message saying how many.
pub(crate) fn verdict(summary: &Summary) -> Result<(), Error> {
    if summary.errors == 0 {
        Ok(())
    } else {
        Err(Error::Input(format!(
            "{} error{} in {} game{}",
            summary.errors,
            if summary.errors == 1 { "" } else { "s" },
            summary.games - summary.good,
            if summary.games - summary.good == 1 {
                ""
            } else {
                "s"
            },
        )))
    }
}
