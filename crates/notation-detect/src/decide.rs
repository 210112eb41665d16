//! What a caller does with detection: the notation a game is read in, decided from the letter
//! sets that replay it, and the rule that keeps LAN and UCI files as they are written. Each
//! decision comes with the sentence that says why.

use board_core::{Dialect, MoveEvent, MovetextSink, Notation, RawGame, Token, replay_into};
use chess_rules::Position;

/// What detection made of one game, as notations of the caller's table.
#[derive(Debug)]
pub enum Detected<'n, N: ?Sized + 'static> {
    /// One notation replays it; the sentence says why.
    Decided(&'n N, String),
    /// None or several do; a notation that reads its moves, if any.
    Undecided(Option<&'n N>),
    /// None replays it whole: the one that reads it furthest, to report the error in, and
    /// the sentence that says so.
    Closest(&'n N, String),
}

impl<'n, N: ?Sized + 'static> Detected<'n, N> {
    /// The same decision over another table: `lift` gives each notation's counterpart there
    /// (an algebraic notation on the descriptive position); one without a counterpart leaves
    /// the game undecided.
    pub fn lift<'m, M: ?Sized + 'static>(
        self,
        lift: impl Fn(&'n N) -> Option<&'m M>,
    ) -> Detected<'m, M> {
        match self {
            Detected::Decided(n, why) => {
                lift(n).map_or(Detected::Undecided(None), |m| Detected::Decided(m, why))
            }
            Detected::Closest(n, why) => {
                lift(n).map_or(Detected::Undecided(None), |m| Detected::Closest(m, why))
            }
            Detected::Undecided(n) => Detected::Undecided(n.and_then(lift)),
        }
    }
}

/// The notation an input is read in: named by its user, or detected game by game.
pub enum Source<'a, N: ?Sized + 'static> {
    /// Named (`--from NAME`, `from_=NAME`).
    Named(&'a N),
    /// Not named: the first game that decides names the notation of its input; until then
    /// each game is read in a notation that fits it, else in `fallback`.
    Detect {
        /// Detection on one game.
        detect: &'a (dyn Fn(&RawGame) -> Detected<'a, N> + Sync),
        /// The notation of a game no notation fits.
        fallback: &'a N,
    },
}

impl<'a, N: ?Sized + 'static> Source<'a, N> {
    /// The notation to read `game` in, and what detection found that is to be said. A
    /// decision holds for the rest of the input: `decided` keeps it, `None` at the start of
    /// each input. The closest reading of a game no notation reads whole holds for that game
    /// alone (to report its error in).
    pub fn resolve(&self, game: &RawGame, decided: &mut Option<&'a N>) -> (&'a N, Option<String>) {
        match (*decided, self) {
            (Some(notation), _) | (None, &Source::Named(notation)) => (notation, None),
            (None, &Source::Detect { detect, fallback }) => match detect(game) {
                Detected::Decided(notation, why) => {
                    *decided = Some(notation);
                    (notation, Some(why))
                }
                Detected::Undecided(notation) => (notation.unwrap_or(fallback), None),
                Detected::Closest(notation, why) => (notation, Some(why)),
            },
        }
    }
}

/// A notation of the caller's table, by the name detection knows it by.
#[derive(Debug)]
pub struct Entry<'n, N: ?Sized> {
    /// Its name: `en`, `fr`, `uci`, `lan`...
    pub name: &'static str,
    /// The notation.
    pub notation: &'n N,
}

/// The notation a chess game is read in, from the letter sets that replay the whole game
/// (English, French and the other tables); English SAN is also what UCI-like coordinates read
/// as.
///
/// `table` names the notations by the names detection gives its letter sets (`en`, `fr`,
/// `de`...), the default first: a registry's lines.
pub fn chess<'n, N: ?Sized>(game: &RawGame, table: &[Entry<'n, N>]) -> Detected<'n, N> {
    let Ok(detection) = crate::detect_game(game) else {
        return Detected::Undecided(None);
    };
    let lookup = |name: &str| table.iter().find(|e| e.name == name);
    // Letter sets spelled alike (Spanish and Italian) read every game alike: the first of
    // them decides as one letter set alone would, and the games after it are not detected
    // again (each was replayed once more than it needed, a Spanish file at 2.5 times an
    // English one's time).
    let decided = match detection.fits.first() {
        Some(first) if detection.spelled_alike() => Ok(first.language),
        _ => detection.language(),
    };
    match decided {
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
            // (an illegal `Ke3` in English, not "K is no French letter"), then the first in the
            // table's order (the default first: an English game whose first move is illegal is
            // not said to be French).
            let order = |name: &str| table.iter().position(|e| e.name == name);
            let Some(closest) = detection.rejections.iter().max_by_key(|r| {
                (
                    r.ply,
                    r.error.kind != board_core::MoveErrorKind::Syntax,
                    std::cmp::Reverse(order(r.language).unwrap_or(usize::MAX)),
                )
            }) else {
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
        // Several letter sets read the game alike (pawn moves only, or the same letters): the
        // first of the table's that fits, the default when it does, so that such a game is
        // read as plainly as the table's order says (French scoresheet conventions, which put
        // header values in PGN form, only for a game that is French).
        Err(_) => Detected::Undecided(
            table
                .iter()
                .find(|e| detection.fits.iter().any(|fit| fit.language == e.name))
                .map(|e| e.notation),
        ),
    }
}

/// Chess as `fmt` must read it, to write each file back in the notation it is in: as
/// [`chess`] detects it, except that a file whose moves are written as LAN (`Ng1-f3`) or UCI
/// (`g1f3`), which the algebraic readers also read, keeps that form: LAN or UCI wins when it
/// writes more of the game's main-line moves exactly as they are written than the notation
/// detected does.
pub fn chess_as_written<'n, N>(game: &RawGame, table: &[Entry<'n, N>]) -> Detected<'n, N>
where
    N: Notation<Position = Position, Move = chess_rules::Move> + ?Sized,
{
    let detected = chess(game, table);
    // Only a game whose first moves name their origin squares can be LAN or UCI: the others
    // are not replayed twice more.
    if !game.moves().take(4).any(|token| names_origin(token.text)) {
        return detected;
    }
    let read_as = match &detected {
        Detected::Decided(notation, _)
        | Detected::Undecided(Some(notation))
        | Detected::Closest(notation, _) => *notation,
        Detected::Undecided(None) => match table.first() {
            Some(entry) => entry.notation,
            None => return detected,
        },
    };
    let Some(as_read) = kept_as_written(game, read_as) else {
        return detected;
    };
    let best = ["uci", "lan"]
        .into_iter()
        .filter_map(|name| table.iter().find(|e| e.name == name))
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
                table
                    .iter()
                    .find(|e| std::ptr::addr_eq(e.notation, read_as))
                    .map_or("the notation its letters fit", |e| e.name),
            ),
        ),
        None => detected,
    }
}

/// Whether a move token names its origin square, as LAN (`Ng1-f3`, `e2-e4`) and UCI (`e2e4`)
/// do: a square, then a dash, a capture sign or another square.
fn names_origin(token: &str) -> bool {
    let bytes = token.as_bytes();
    let bytes = match bytes {
        [first, rest @ ..] if first.is_ascii_uppercase() => rest,
        _ => bytes,
    };
    matches!(
        bytes,
        [
            b'a'..=b'h',
            b'1'..=b'8',
            b'-' | b'x' | b':' | b'a'..=b'h',
            ..
        ]
    )
}

/// How many of the game's main-line moves `notation` writes exactly as they are written, or
/// `None` when it cannot read the game.
fn kept_as_written<N>(game: &RawGame, notation: &N) -> Option<usize>
where
    N: Notation<Position = Position, Move = chess_rules::Move> + ?Sized,
{
    let mut kept = KeptAsWritten {
        written: game.moves(),
        token: String::new(),
        kept: 0,
    };
    let replayed =
        replay_into::<Position, _, _, _>(game, notation, notation, &Dialect::pgn(), &mut kept);
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
