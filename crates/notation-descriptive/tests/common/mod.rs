//! Helpers shared by the tests: the shared corpus, a seeded generator, conversions to SAN.

#![allow(dead_code, reason = "each test file uses a part of the helpers")]

use std::path::PathBuf;

use board_core::{Dialect, Notation, Output, RecordReader, replay};
use chess_rules::Move;
use notation_descriptive::{Descriptive, DescriptivePosition, Tracked};
use notation_en::Algebraic;

/// SAN over descriptive positions.
pub(crate) const SAN: Tracked<Algebraic> = Tracked(Algebraic::ENGLISH);

/// The shared corpus folder: `SCORESHEET_SHARED_CORPUS`, or `../shared/corpus` beside the
/// checkout.
pub(crate) fn shared_corpus() -> PathBuf {
    match std::env::var_os("SCORESHEET_SHARED_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
    }
}

/// A file of the shared corpus, or `None` (with a note) when it is not there.
pub(crate) fn shared_file(relative: &str) -> Option<String> {
    let path = shared_corpus().join(relative);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(_) => {
            eprintln!("{} absent: test skipped", path.display());
            None
        }
    }
}

/// A small xorshift generator: the same games on every run.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Converts a one-game record with `source` into `target`; the movetext, or the diagnostics.
pub(crate) fn convert<S, T>(text: &str, source: &S, target: &T) -> Result<String, Vec<String>>
where
    S: Notation<Position = DescriptivePosition, Move = Move>,
    T: Notation<Position = DescriptivePosition, Move = Move>,
{
    let dialect = Dialect::pgn();
    let game = RecordReader::new(text.as_bytes(), Dialect::pgn())
        .next()
        .expect("one game")
        .expect("readable");
    let mut out = String::new();
    let replayed = replay::<DescriptivePosition, _, _>(
        &game,
        source,
        Some(Output {
            notation: target,
            dialect: &dialect,
            out: &mut out,
        }),
    );
    if replayed.has_errors() {
        return Err(replayed
            .diagnostics
            .iter()
            .map(ToString::to_string)
            .collect());
    }
    let movetext = out.split("\n\n").nth(1).unwrap_or("");
    Ok(movetext.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// Reads tokens one after the other with a descriptive notation; the moves in SAN.
pub(crate) fn to_san(
    start: &DescriptivePosition,
    tokens: &[&str],
    notation: &Descriptive,
) -> Vec<String> {
    let line = notation_descriptive::read_line(start, tokens, notation)
        .unwrap_or_else(|e| panic!("{e} ({:?})", tokens.get(e.index)));
    let mut pos = start.clone();
    line.iter()
        .map(|m| {
            let san = SAN.to_text(&pos, &m.mv);
            pos.play_unchecked(m.mv);
            san
        })
        .collect()
}
