//! One module per subcommand; `run` dispatches.

mod check;
mod completions;
mod convert;
#[cfg(feature = "export")]
mod export;
mod fmt;
mod import;
mod perft;
mod sheet;
mod show;

use crate::registry::Registry;
use crate::{Command, Error};

pub(crate) use completions::script;

/// Runs one parsed command with the notations of `registry`.
pub(crate) fn run(registry: &Registry, command: Command) -> Result<(), Error> {
    match command {
        Command::Perft(args) => perft::run(&args),
        Command::Convert(args) => convert::run(registry, &args),
        Command::Check(args) => check::run(registry, &args),
        Command::Import(args) => import::run(registry, &args),
        Command::Show(args) => show::run(registry, &args),
        Command::Completions(args) => completions::run(registry, &args),
        Command::Sheet(args) => sheet::run(registry, &args),
        Command::Fmt(args) => fmt::run(registry, &args),
        #[cfg(feature = "export")]
        Command::Export(args) => export::run(&args),
        // Dispatched before: plugins keep their own exit codes.
        Command::External(args) => Err(Error::Usage(format!("unknown command {args:?}"))),
    }
}
