//! `scoresheet completions SHELL`: completion scripts and the man page, generated from the clap
//! definitions and the registry so they never drift from the real options and notations.

use std::io::{self, Write};

use clap_complete::Shell;

use crate::registry::Registry;
use crate::{CompletionsArgs, Error};

/// Prints the script for the shell, or the man page for `man`.
pub(crate) fn run(registry: &Registry, args: &CompletionsArgs) -> Result<(), Error> {
    let script = script(registry, &args.shell)?;
    let mut out = io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(())
}

/// The completion script for `shell`, or the man page for `man`, with the notations and styles
/// of `registry` as the values `--from`, `--to` and `--style` complete to.
///
/// # Errors
///
/// A usage error for an unknown shell.
pub(crate) fn script(registry: &Registry, shell: &str) -> Result<Vec<u8>, Error> {
    let mut command = crate::args::command(registry, true);
    // Generated in memory: clap_complete panics on a failed write, the whole script is written
    // and checked by the caller.
    let mut script = Vec::new();
    if shell == "man" {
        clap_mangen::Man::new(command).render(&mut script)?;
        return Ok(script);
    }
    let parsed: Shell = shell.parse().map_err(|_| {
        Error::Usage(format!(
            "unknown shell {shell:?}: bash, zsh, fish, elvish, powershell, or man"
        ))
    })?;
    clap_complete::generate(parsed, &mut command, "scoresheet", &mut script);
    Ok(script)
}
