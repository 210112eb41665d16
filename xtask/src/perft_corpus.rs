//! `cargo xtask perft-corpus`: the ignored, long perft tests of chess-rules (full depths of the
//! standard positions and every position of `../shared/corpus/perft/`).

use crate::util::{self, Result};

/// Arguments of `cargo xtask perft-corpus`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Build in release mode (minutes instead of hours).
    #[arg(long)]
    release: bool,
}

pub(crate) fn run(args: &Args) -> Result {
    let mut cmd = util::cargo();
    cmd.args(["test", "-p", "chess-rules"]);
    if args.release {
        cmd.arg("--release");
    }
    cmd.args(["--test", "perft", "--", "--ignored"]);
    util::run(&mut cmd)
}
