//! `scoresheet completions SHELL`: completion scripts and the man page, generated from the clap
//! definitions so they never drift from the real options.

use std::io::{self, Write};

use clap::CommandFactory;
use clap_complete::Shell;

use crate::{Cli, CompletionsArgs, Error};

/// Prints the script for the shell, or the man page for `man`.
pub(crate) fn run(args: &CompletionsArgs) -> Result<(), Error> {
    let mut command = Cli::command();
    let mut out = io::stdout().lock();
    if args.shell == "man" {
        clap_mangen::Man::new(command).render(&mut out)?;
        out.flush()?;
        return Ok(());
    }
    let shell: Shell = args.shell.parse().map_err(|_| {
        Error::Usage(format!(
            "unknown shell {:?}: bash, zsh, fish, elvish, powershell, or man",
            args.shell
        ))
    })?;
    // Generated in memory: clap_complete panics on a failed write, the whole script is written
    // and checked here.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "scoresheet", &mut script);
    out.write_all(&script)?;
    out.flush()?;
    Ok(())
}
