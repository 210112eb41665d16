//! The `scoresheet` binary: everything lives in the library so tests and plugins can reach it.

use std::process::ExitCode;

fn main() -> ExitCode {
    scoresheet::run(std::env::args_os())
}
