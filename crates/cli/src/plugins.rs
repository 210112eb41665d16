//! Plugins as cargo does them: `scoresheet foo ARGS` runs `scoresheet-foo foo ARGS` from PATH
//! with `SCORESHEET` set to this executable, and passes its exit code on.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

use clap::CommandFactory;

use notation_registry::distance;

use crate::registry::{self, Registry};
use crate::{Cli, EXIT_USAGE, Game};

/// The plugin executables `scoresheet-*` on PATH, by name (first found wins).
fn found() -> Vec<(String, PathBuf)> {
    let mut plugins: Vec<(String, PathBuf)> = Vec::new();
    let Some(path) = std::env::var_os("PATH") else {
        return plugins;
    };
    for dir in std::env::split_paths(&path) {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let file = entry.file_name().to_string_lossy().into_owned();
            let Some(name) = file.strip_prefix("scoresheet-") else {
                continue;
            };
            let name = name.trim_end_matches(".exe").to_owned();
            if is_executable(&entry.path()) && !plugins.iter().any(|(n, _)| *n == name) {
                plugins.push((name, entry.path()));
            }
        }
    }
    plugins.sort();
    plugins
}

#[cfg(unix)]
fn is_executable(path: &std::path::Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &std::path::Path) -> bool {
    path.is_file()
}

/// The built-in command names.
fn builtins() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_owned())
        .collect()
}

/// What `scoresheet --list` prints: commands, notations by game (from `registry`), plugins.
pub(crate) fn list(registry: &Registry) -> String {
    let mut out = String::from("Built-in commands:\n");
    for command in Cli::command().get_subcommands() {
        let about = command
            .get_about()
            .map(ToString::to_string)
            .unwrap_or_default();
        let _ = writeln!(out, "  {:<12} {about}", command.get_name());
    }
    out.push_str("\nChess notations (--from, --to):\n");
    out.push_str(&registry::describe(&registry.names(Game::Chess.into())));
    out.push('\n');
    out.push_str("\nDraughts notations (--game draughts):\n");
    out.push_str(&registry::describe(&registry.names(Game::Draughts.into())));
    out.push_str("\n\nPlugins on PATH:\n");
    let plugins = found();
    if plugins.is_empty() {
        out.push_str("  (none: a program named scoresheet-NAME becomes `scoresheet NAME`)\n");
    }
    for (name, path) in plugins {
        let _ = writeln!(out, "  {:<12} {}", name, path.display());
    }
    out
}

/// Runs the plugin for `args[0]`, or says why not (with "did you mean" for a typo).
pub(crate) fn run(args: &[OsString]) -> ExitCode {
    let Some(name) = args.first().map(|a| a.to_string_lossy().into_owned()) else {
        return ExitCode::from(EXIT_USAGE);
    };
    let Some((_, program)) = found().into_iter().find(|(n, _)| *n == name) else {
        let mut message = format!("error: no such command: `{name}`");
        if let Some(close) = builtins()
            .into_iter()
            .filter(|b| distance(b, &name) <= 2)
            .min_by_key(|b| distance(b, &name))
        {
            let _ = write!(message, "\n\n  did you mean `{close}`?");
        }
        message.push_str("\n\n  `scoresheet --list` shows the commands and plugins");
        let _ = writeln!(crate::output::Stderr, "{message}");
        return ExitCode::from(EXIT_USAGE);
    };
    let mut command = Command::new(&program);
    command.args(args);
    if let Ok(me) = std::env::current_exe() {
        command.env("SCORESHEET", me);
    }
    match command.status() {
        Ok(status) => match status.code() {
            Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
            None => ExitCode::from(1),
        },
        Err(err) => {
            let _ = writeln!(
                crate::output::Stderr,
                "error: cannot run {}: {err}",
                program.display()
            );
            ExitCode::from(1)
        }
    }
}
