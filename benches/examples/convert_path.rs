//! Conversion beside the read path, once, on a file: for counting instructions under callgrind
//! (docs/performance.md, "Conversion by instruction count"). What a mode costs beyond `read`
//! is the writing: the movetext writer, the tags and the target notation's formatter.
//!
//! ```sh
//! cargo xtask corpus --games 1500
//! cargo build --release -p benches --example convert_path
//! for mode in read uci san fr; do
//!   valgrind --tool=callgrind target/release/examples/convert_path $mode target/corpus/random-games.pgn
//! done
//! ```
//!
//! `read` and `uci` run the code of `read_path`'s `ours` and `uci` (`benches/common/records.rs`);
//! `san` writes the games again in SAN and `fr` in French, as `scoresheet convert --to en` and
//! `--to fr` replay a PGN file (each game through `replay` with an `Output`).

#[path = "../benches/common/records.rs"]
#[allow(
    dead_code,
    reason = "each example run uses one of the shared functions"
)]
mod records;

use std::hint::black_box;
use std::process::ExitCode;

use board_core::{Dialect, Notation, Output, RecordReader, ReplayMemory, replay_in};
use chess_rules::{Move, Position};
use notation_en::Algebraic;
use notation_fr::French;

/// Reads, resolves, plays and writes every game again in `target`, into one buffer as the
/// record benches' `convert_to_uci` does.
fn convert_to<T>(pgn: &str, target: &T) -> usize
where
    T: Notation<Position = Position, Move = Move>,
{
    let dialect = Dialect::pgn();
    let mut out = String::with_capacity(pgn.len());
    let mut reader = RecordReader::new(black_box(pgn.as_bytes()), Dialect::pgn());
    let mut memory = ReplayMemory::new();
    while let Some(game) = reader.next() {
        let game = game.unwrap();
        replay_in::<Position, _, _>(
            &mut memory,
            &game,
            &Algebraic::ENGLISH,
            Some(Output {
                notation: target,
                dialect: &dialect,
                out: &mut out,
            }),
        );
        reader.recycle(game);
    }
    out.len()
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (Some(mode), Some(path)) = (args.next(), args.next()) else {
        eprintln!("usage: convert_path read|uci|san|fr FILE");
        return ExitCode::from(2);
    };
    let pgn = match std::fs::read_to_string(&path) {
        Ok(pgn) => pgn,
        Err(error) => {
            eprintln!("convert_path: {path}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let count = match mode.as_str() {
        "read" => records::ours::read_resolve_play(&pgn),
        "uci" => records::ours::convert_to_uci(&pgn),
        "san" => convert_to(&pgn, &Algebraic::ENGLISH),
        "fr" => convert_to(&pgn, &French::STANDARD),
        other => {
            eprintln!("convert_path: unknown mode {other:?}: read, uci, san or fr");
            return ExitCode::from(2);
        }
    };
    println!("{mode}: {count}");
    ExitCode::SUCCESS
}
