//! The read path of the record benches, once, on a file: for counting instructions under
//! callgrind, where wall time on a shared host is noise (docs/performance.md, "By instruction
//! count").
//!
//! ```sh
//! cargo xtask corpus --games 1500
//! cargo xtask corpus --games 1500 --annotated   # the lichess-shaped file beside it
//! cargo build --release -p benches --example read_path
//! valgrind --tool=callgrind target/release/examples/read_path ours target/corpus/random-games.pgn
//! valgrind --tool=callgrind target/release/examples/read_path shakmaty target/corpus/random-games.pgn
//! ```
//!
//! `ours` and `shakmaty` run exactly the code `2-records` and `3-records-interleaved` time
//! (`benches/common/records.rs`); `uci` runs our conversion to UCI; `load` only reads the file,
//! the floor to subtract.

#[path = "../benches/common/records.rs"]
#[allow(
    dead_code,
    reason = "each example run uses one of the shared functions"
)]
mod records;

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (Some(side), Some(path)) = (args.next(), args.next()) else {
        eprintln!("usage: read_path ours|shakmaty|uci|load FILE");
        return ExitCode::from(2);
    };
    // Bytes, as both readers take them: a TWIC file is often Latin-1.
    let pgn = match std::fs::read(&path) {
        Ok(pgn) => pgn,
        Err(error) => {
            eprintln!("read_path: {path}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let count = match side.as_str() {
        "ours" => records::ours::read_resolve_play(&pgn),
        "shakmaty" => records::shakmaty::read_resolve_play(&pgn),
        "uci" => records::ours::convert_to_uci(&pgn),
        "load" => pgn.len(),
        other => {
            eprintln!("read_path: unknown side {other:?}: ours, shakmaty, uci or load");
            return ExitCode::from(2);
        }
    };
    println!("{side}: {count}");
    ExitCode::SUCCESS
}
