//! What the CLI tests share: running the built binary as a user runs it.

// Each test file is its own crate and uses only some of these.
#![allow(
    dead_code,
    reason = "each test crate uses a part of the shared helpers"
)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The workspace root, where `corpus/` is.
pub(crate) fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `scoresheet ARGS` in `dir`, with `stdin` as its input (none: an empty input), and
/// returns what it printed and its exit status.
pub(crate) fn run(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_scoresheet"));
    cmd.args(args).current_dir(dir);
    let Some(input) = stdin else {
        return cmd
            .stdin(Stdio::null())
            .output()
            .expect("the scoresheet binary runs");
    };
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the scoresheet binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input)
        .expect("the input is written");
    child.wait_with_output().expect("the binary ends")
}

/// Bytes the binary printed, as text.
pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("the output is UTF-8")
}
