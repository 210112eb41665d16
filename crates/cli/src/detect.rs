//! Which notation a file is written in, when `--from` does not say: a composition of the
//! notation crates' detection, reported on stderr.

use board_core::RawGame;

use crate::pipeline::Detected;
use crate::registry::{self, ChessNotation, DraughtsNotation};

/// Chess: the letter sets that replay the whole game (English, French and the other tables);
/// English SAN is also what UCI-like coordinates read as.
pub(crate) fn chess(game: &RawGame) -> Detected<ChessNotation> {
    let Ok(detection) = notation_fr::detect_game(game) else {
        return Detected::Undecided(None);
    };
    let lookup = |name: &str| registry::CHESS.iter().find(|e| e.name == name);
    match detection.language() {
        Ok(name) => match lookup(name) {
            Some(entry) => Detected::Decided(
                entry.notation,
                format!("detected {name}: {}", detection.reason()),
            ),
            None => Detected::Undecided(None),
        },
        Err(_) => Detected::Undecided(
            detection
                .fits
                .first()
                .and_then(|fit| lookup(fit.language))
                .map(|e| e.notation),
        ),
    }
}

/// Draughts has one notation.
pub(crate) fn draughts(_: &RawGame) -> Detected<DraughtsNotation> {
    Detected::Undecided(None)
}
