//! Helpers shared by the tests: conversions to SAN, and testkit's corpus and generator.

#![allow(
    dead_code,
    unused_imports,
    reason = "each test file uses a part of the helpers"
)]

use board_core::{Dialect, Notation, Output, RecordReader, replay};
use chess_rules::Move;
use notation_descriptive::{Descriptive, DescriptivePosition, Tracked};
use notation_en::Algebraic;

/// SAN over descriptive positions.
pub(crate) const SAN: Tracked<Algebraic> = Tracked(Algebraic::ENGLISH);

/// A file of the shared corpus, or `None` (a note; a failure under `CI`) when it is absent.
pub(crate) use testkit::corpus::read_to_string as shared_file;
pub(crate) use testkit::{Rng, corpus};

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
