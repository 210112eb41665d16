//! Which notation a file is written in, when `--from` does not say: a composition of the
//! notation crates' detection, reported on stderr.

use board_core::{Dialect, MoveEvent, MovetextSink, RawGame, Token, replay_into};

use crate::pipeline::Detected;
use crate::registry::{self, ChessNotation, DraughtsNotation};

/// Chess: the letter sets that replay the whole game (English, French and the other tables);
/// English SAN is also what UCI-like coordinates read as.
pub(crate) fn chess(game: &RawGame) -> Detected<'static, ChessNotation> {
    let Ok(detection) = notation_detect::detect_game(game) else {
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
        Err(_) if detection.fits.is_empty() => {
            // The letter set that reads the most moves before failing is the one the game is
            // written in, with a mistake where it fails: its error, at that move, is the one
            // to report. On a tie, one that reads the failing token as a move of its own
            // (an illegal `Ke3` in English, not "K is no French letter"), then the first tried.
            let Some(closest) = detection
                .rejections
                .iter()
                .rev()
                .max_by_key(|r| (r.ply, r.error.kind != board_core::MoveErrorKind::Syntax))
            else {
                return Detected::Undecided(None);
            };
            match lookup(closest.language) {
                Some(entry) => Detected::Closest(
                    entry.notation,
                    format!(
                        "no letter set replays game {} whole; {} comes closest, reading {} half-move{} \
                         before `{}`: the game is read as {}",
                        game.number(),
                        closest.language,
                        closest.ply,
                        if closest.ply == 1 { "" } else { "s" },
                        closest.at,
                        closest.language,
                    ),
                ),
                None => Detected::Undecided(None),
            }
        }
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
pub(crate) fn draughts(_: &RawGame) -> Detected<'static, DraughtsNotation> {
    Detected::Undecided(None)
}

/// Chess as `fmt` must read it, to write each file back in the notation it is in: as
/// [`chess`] detects it, except that a file whose moves are written as LAN (`Ng1-f3`) or UCI
/// (`g1f3`), which the algebraic readers also read, keeps that form: LAN or UCI wins when it
/// writes more of the game's main-line moves exactly as they are written than the notation
/// detected does.
pub(crate) fn chess_as_written(game: &RawGame) -> Detected<'static, ChessNotation> {
    let detected = chess(game);
    let read_as = match &detected {
        Detected::Decided(notation, _)
        | Detected::Undecided(Some(notation))
        | Detected::Closest(notation, _) => *notation,
        Detected::Undecided(None) => registry::CHESS[0].notation,
    };
    let Some(as_read) = kept_as_written(game, read_as) else {
        return detected;
    };
    let best = ["uci", "lan"]
        .into_iter()
        .filter_map(|name| registry::CHESS.iter().find(|e| e.name == name))
        .filter_map(|e| kept_as_written(game, e.notation).map(|kept| (e, kept)))
        .filter(|(_, kept)| *kept > as_read)
        .max_by_key(|(_, kept)| *kept);
    match best {
        Some((entry, kept)) => Detected::Decided(
            entry.notation,
            format!(
                "detected {}: it writes {kept} of the {} moves of game {} as they are written, \
                 {} writes {as_read}",
                entry.name,
                game.moves().count(),
                game.number(),
                registry::CHESS
                    .iter()
                    .find(|e| std::ptr::addr_eq(e.notation, read_as))
                    .map_or("the notation its letters fit", |e| e.name),
            ),
        ),
        None => detected,
    }
}

/// How many of the game's main-line moves `notation` writes exactly as they are written, or
/// `None` when it cannot read the game.
fn kept_as_written(game: &RawGame, notation: &'static ChessNotation) -> Option<usize> {
    let mut kept = KeptAsWritten {
        written: game.moves(),
        token: String::new(),
        kept: 0,
    };
    let replayed = replay_into::<chess_rules::Position, _, _, _>(
        game,
        notation,
        notation,
        &Dialect::pgn(),
        &mut kept,
    );
    (!replayed.has_errors()).then_some(kept.kept)
}

/// Counts the main-line moves whose token, as the notation writes it, is the one the game
/// has at that place.
struct KeptAsWritten<I> {
    /// The game's main-line tokens not compared yet.
    written: I,
    /// The token the notation writes, draw offer sign included.
    token: String,
    kept: usize,
}

impl<'g, I: Iterator<Item = Token<'g>>> MovetextSink for KeptAsWritten<I> {
    fn move_token(&mut self, event: MoveEvent, write: impl FnOnce(&mut String)) {
        if event.depth > 0 {
            return;
        }
        let Some(written) = self.written.next() else {
            return;
        };
        self.token.clear();
        write(&mut self.token);
        if let Some(sign) = event.draw_offer_sign {
            self.token.push_str(sign);
        }
        if self.token == written.text {
            self.kept += 1;
        }
    }
}
