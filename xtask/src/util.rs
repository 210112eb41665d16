//! Running commands from the workspace root, with the command echoed first.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What a task reports when it fails: a sentence for the terminal.
pub(crate) type Result<T = ()> = std::result::Result<T, String>;

/// The workspace root (the parent of `xtask/`).
pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask/ sits in the workspace root")
        .to_path_buf()
}

/// `cargo` as the one running us (the `CARGO` variable), started in the workspace root.
pub(crate) fn cargo() -> Command {
    let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cmd.current_dir(root());
    cmd
}

/// Plain `cargo` from PATH, for `cargo +nightly ...`: the `CARGO` variable points at one
/// toolchain's binary, which does not understand `+toolchain`.
pub(crate) fn rustup_cargo() -> Command {
    let mut cmd = Command::new("cargo");
    cmd.current_dir(root());
    // Started by a stable cargo, we inherit its toolchain choice; let `+nightly` decide instead.
    cmd.env_remove("RUSTUP_TOOLCHAIN");
    cmd
}

fn describe(cmd: &Command) -> String {
    let mut text = cmd.get_program().to_string_lossy().into_owned();
    for arg in cmd.get_args() {
        text.push(' ');
        text.push_str(&arg.to_string_lossy());
    }
    text
}

/// Runs `cmd` with inherited stdio; an error unless it exits 0.
pub(crate) fn run(cmd: &mut Command) -> Result {
    let shown = describe(cmd);
    eprintln!("$ {shown}");
    let status = cmd
        .status()
        .map_err(|err| format!("cannot start `{shown}`: {err}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{shown}` failed ({status})"))
    }
}

/// Runs `cmd` and returns its stdout (stderr passes through); an error unless it exits 0.
pub(crate) fn output(cmd: &mut Command) -> Result<String> {
    let shown = describe(cmd);
    eprintln!("$ {shown}");
    let out = cmd
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|err| format!("cannot start `{shown}`: {err}"))?;
    if !out.status.success() {
        return Err(format!("`{shown}` failed ({})", out.status));
    }
    String::from_utf8(out.stdout).map_err(|_| format!("`{shown}` printed invalid UTF-8"))
}

/// `true` when `cmd` starts and exits 0; its output is thrown away.
pub(crate) fn succeeds(cmd: &mut Command) -> bool {
    cmd.stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}
