//! The `scoresheet` command line: argument parsing, one module per subcommand, exit codes.
//!
//! Each command is a short composition of library calls; no game logic lives here.
//!
//! # Exit codes
//!
//! | code | meaning |
//! | --- | --- |
//! | 0 | success |
//! | 1 | some input had errors (a bad FEN, an illegal move...) |
//! | 2 | usage error (unknown option, missing argument) |
//!
//! # Examples
//!
//! ```
//! use std::process::ExitCode;
//!
//! let code = scoresheet::run(["scoresheet", "perft", "2"]);
//! assert_eq!(code, ExitCode::SUCCESS);
//! ```

mod args;
mod commands;
mod detect;
mod game_kind;
mod output;
mod pipeline;
mod plugins;
mod progress;
mod registry;

use std::ffi::OsString;
use std::fmt;
use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

pub use args::FmtArgs;
pub use args::{
    CheckArgs, Cli, Command, CompletionsArgs, ConvertArgs, DiagramFormat, Game, ImportArgs,
    OutputFormat, PerftArgs, ShowArgs,
};
pub use args::{Progress, SheetArgs, SheetFormat, SheetLanguage};

/// Everything went well.
pub const EXIT_OK: u8 = 0;
/// Some input had errors: a bad FEN, an illegal move, a malformed record.
pub const EXIT_INPUT: u8 = 1;
/// The command line itself was wrong.
pub const EXIT_USAGE: u8 = 2;

/// Why a command failed; the message is printed on stderr, the kind picks the exit code.
#[derive(Debug)]
pub enum Error {
    /// Some input had errors (exit code 1).
    Input(String),
    /// The command line was wrong (exit code 2).
    Usage(String),
    /// Writing the output failed, e.g. a closed pipe (exit code 1).
    Io(std::io::Error),
}

impl Error {
    /// The process exit code for this error.
    #[must_use]
    pub const fn exit_code(&self) -> u8 {
        match self {
            Error::Input(_) | Error::Io(_) => EXIT_INPUT,
            Error::Usage(_) => EXIT_USAGE,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input(msg) | Error::Usage(msg) => f.write_str(msg),
            Error::Io(err) => write!(f, "cannot write output: {err}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io(err) => Some(err),
            _ => None,
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(err: std::io::Error) -> Error {
        Error::Io(err)
    }
}

/// Parses `args` (program name first, as [`std::env::args_os`] gives them), runs the command and
/// returns the exit code; messages go to stdout and stderr.
///
/// # Examples
///
/// ```
/// use std::process::ExitCode;
///
/// let bad_fen = ["scoresheet", "perft", "--fen", "8/8/8/8/8/8/8/8 w - -", "1"];
/// assert_eq!(scoresheet::run(bad_fen), ExitCode::from(scoresheet::EXIT_USAGE));
/// ```
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => {
            // clap prints help and version on stdout with exit code 0, usage errors on stderr.
            let printed = err.print();
            let code = if err.use_stderr() {
                EXIT_USAGE
            } else if printed.is_err() {
                EXIT_INPUT
            } else {
                EXIT_OK
            };
            return ExitCode::from(code);
        }
    };
    let result = match cli.command {
        _ if cli.list => {
            let mut out = std::io::stdout().lock();
            out.write_all(plugins::list().as_bytes())
                .and_then(|()| out.flush())
                .map_err(Error::Io)
        }
        Some(Command::External(args)) => return plugins::run(&args),
        Some(command) => commands::run(command),
        None => Err(Error::Usage(
            "a command is needed; `scoresheet --help` lists them, `--list` too".into(),
        )),
    };
    exit_code(result)
}

/// The exit code of a command's result, its error said on stderr. A reader of stdout that went
/// away (`| head`) is not an error; messages that could not reach stderr are, since whoever
/// runs the command has not seen them.
fn exit_code(result: Result<(), Error>) -> ExitCode {
    let mut err = output::Stderr;
    match result {
        Err(Error::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            if output::stderr_failed() {
                ExitCode::from(EXIT_INPUT)
            } else {
                ExitCode::SUCCESS
            }
        }
        Ok(()) if output::stderr_failed() => ExitCode::from(EXIT_INPUT),
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
