//! One module per subcommand; `run` dispatches.

mod check;
mod completions;
mod convert;
mod fmt;
mod import;
mod perft;
mod sheet;
mod show;

use crate::{Command, Error};

/// Runs one parsed command.
pub(crate) fn run(command: Command) -> Result<(), Error> {
    match command {
        Command::Perft(args) => perft::run(&args),
        Command::Convert(args) => convert::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Import(args) => import::run(&args),
        Command::Show(args) => show::run(&args),
        Command::Completions(args) => completions::run(&args),
        Command::Sheet(args) => sheet::run(&args),
        Command::Fmt(args) => fmt::run(&args),
        // Dispatched before: plugins keep their own exit codes.
        Command::External(args) => Err(Error::Usage(format!("unknown command {args:?}"))),
    }
}
