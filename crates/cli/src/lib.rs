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
mod game_kind;
mod output;
mod pipeline;
mod plugins;
mod progress;
pub mod registry;
mod stdin;

use std::ffi::OsString;
use std::fmt;
use std::io::Write;
use std::process::ExitCode;

pub use args::FmtArgs;
pub use args::{
    CheckArgs, Cli, Command, CompletionsArgs, ConvertArgs, DiagramFormat, Game, ImportArgs,
    OutputFormat, PerftArgs, ShowArgs,
};
#[cfg(feature = "export")]
pub use args::{ExportArgs, TableFormat};
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
    run_with(&registry::Registry::standard(), args)
}

/// [`run`] with the notations of `registry`: the standard ones and any added to it, by name on
/// the command line, in `--list`, the help and the completions.
///
/// # Examples
///
/// A notation of one's own (here UCI under another name), converting a game with it:
///
/// ```
/// use std::process::ExitCode;
/// use scoresheet::registry::{Entry, Registry};
///
/// static UCI: notation_en::Uci = notation_en::Uci::STANDARD;
/// let registry = Registry::standard().with_chess(Entry {
///     name: "coordinates",
///     about: "UCI again, under another name",
///     notation: &UCI,
/// });
/// let dir = std::env::temp_dir().join(format!("scoresheet-run-with-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let (input, output) = (dir.join("in.pgn"), dir.join("out.pgn"));
/// std::fs::write(&input, "1. e4 e5 2. Nf3 *\n").unwrap();
/// let args = ["scoresheet", "convert", "-q", "--to", "coordinates", "-o"];
/// let code = scoresheet::run_with(
///     &registry,
///     args.iter().map(Into::into).chain([output.clone().into_os_string(), input.into_os_string()]),
/// );
/// assert_eq!(code, ExitCode::SUCCESS);
/// assert!(std::fs::read_to_string(&output).unwrap().contains("1. e2e4 e7e5 2. g1f3 *"));
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn run_with<I, T>(registry: &registry::Registry, args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let parsed = args::command(registry, false)
        .try_get_matches_from(args)
        .and_then(|matches| <Cli as clap::FromArgMatches>::from_arg_matches(&matches));
    let cli = match parsed {
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
            out.write_all(plugins::list(registry).as_bytes())
                .and_then(|()| out.flush())
                .map_err(Error::Io)
        }
        Some(Command::External(args)) => return plugins::run(&args),
        Some(command) => commands::run(registry, command),
        None => Err(Error::Usage(
            "a command is needed; `scoresheet --help` lists them, `--list` too".into(),
        )),
    };
    exit_code(result)
}

/// What `scoresheet --list` prints with the notations of `registry`: the built-in commands,
/// the notations by game, the plugins found on PATH.
#[must_use]
pub fn list(registry: &registry::Registry) -> String {
    plugins::list(registry)
}

/// The completion script for `shell` (bash, zsh, fish, elvish, powershell), or the man page
/// for `man`, with the notations of `registry` among the values completed.
///
/// # Errors
///
/// [`Error::Usage`] for an unknown shell, [`Error::Io`] when the man page cannot be rendered.
pub fn completions(registry: &registry::Registry, shell: &str) -> Result<Vec<u8>, Error> {
    commands::script(registry, shell)
}

/// The exit code of a command's result, its error said on stderr. A reader of stdout that went
/// away (`| head`) is not an error; messages that could not reach stderr are, since whoever
/// runs the command has not seen them, and so is a game with an error found before the reader
/// went away: the status is the verdict, even when the report stops short.
fn exit_code(result: Result<(), Error>) -> ExitCode {
    let mut err = output::Stderr;
    match result {
        Err(Error::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            if output::stderr_failed() || output::failure_found() {
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
