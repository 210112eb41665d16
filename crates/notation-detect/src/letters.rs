//! Which language a game is written in, from its whole main line: the letter sets that replay
//! every move legally from the start, and for the others the move where they fail.
//!
//! One token never decides: French `Rf1` is a king move where English `Rf1` is a rook's, and
//! `Cf3` is a French knight and a Spanish one. Only the game as a whole can rule letter sets
//! out, and when more than one is left, or none, detection says so and does not guess.

use std::fmt;

use board_core::{
    Diagnostic, Dialect, MoveError, Notation, Notes, RawGame, RecordReader, Rules, Step,
    TokenCursor, read_move,
};
use chess_rules::{Move, Position};
use notation_descriptive::{Descriptive, DescriptivePosition};
use notation_en::{Algebraic, LANGUAGES};
use notation_fr::French;

/// A notation detection tries.
#[derive(Debug, Clone, Copy)]
enum Reader {
    French(French),
    Letters(Algebraic),
}

impl Reader {
    /// French (with its scoresheet conventions), English, figurines, then the other tables.
    fn all() -> Vec<Reader> {
        let mut readers = vec![
            Reader::French(French::STANDARD),
            Reader::Letters(Algebraic::ENGLISH),
            Reader::Letters(Algebraic::FIGURINE),
        ];
        readers.extend(
            LANGUAGES
                .iter()
                .filter(|l| l.name() != "fr")
                .map(|l| Reader::Letters(Algebraic::with_letters(*l))),
        );
        readers
    }

    /// Whether the two read every token alike: letter sets whose spellings agree (Spanish and
    /// Italian, German and Swedish), which detection reads once.
    fn alike(&self, other: &Reader) -> bool {
        match (self, other) {
            (Reader::Letters(a), Reader::Letters(b)) => {
                let (a, b) = (a.style, b.style);
                a.letters.spellings() == b.letters.spellings()
                    && (a.castling_zeros, a.promotion_equals, a.en_passant_mark)
                        == (b.castling_zeros, b.promotion_equals, b.en_passant_mark)
            }
            _ => false,
        }
    }
}

impl Notation for Reader {
    type Position = Position;
    type Move = Move;

    fn name(&self) -> &'static str {
        match self {
            Reader::French(n) => n.name(),
            Reader::Letters(n) => n.name(),
        }
    }

    fn parse(&self, pos: &Position, token: &str, notes: &mut Notes) -> Result<Move, MoveError> {
        match self {
            Reader::French(n) => n.parse(pos, token, notes),
            Reader::Letters(n) => n.parse(pos, token, notes),
        }
    }

    fn parse_bytes(&self, pos: &Position, token: &[u8], notes: &mut Notes) -> Option<Move> {
        match self {
            Reader::French(n) => n.parse_bytes(pos, token, notes),
            Reader::Letters(n) => n.parse_bytes(pos, token, notes),
        }
    }

    fn format(&self, pos: &Position, mv: &Move, out: &mut String) {
        match self {
            Reader::French(n) => n.format(pos, mv, out),
            Reader::Letters(n) => n.format(pos, mv, out),
        }
    }

    fn glues(&self, next: &str) -> bool {
        match self {
            Reader::French(n) => n.glues(next),
            Reader::Letters(n) => n.glues(next),
        }
    }

    fn may_glue(&self, next: &[u8]) -> bool {
        match self {
            Reader::French(n) => n.may_glue(next),
            Reader::Letters(n) => n.may_glue(next),
        }
    }

    fn continues_glued(&self, glued: &str) -> bool {
        match self {
            Reader::French(n) => n.continues_glued(glued),
            Reader::Letters(n) => n.continues_glued(glued),
        }
    }

    fn is_null(&self, token: &str) -> bool {
        match self {
            Reader::French(n) => n.is_null(token),
            Reader::Letters(n) => n.is_null(token),
        }
    }

    fn continues(&self, token: &str) -> bool {
        match self {
            Reader::French(n) => n.continues(token),
            Reader::Letters(n) => n.continues(token),
        }
    }

    fn follows(&self, convention: board_core::Convention) -> bool {
        match self {
            Reader::French(n) => n.follows(convention),
            Reader::Letters(n) => n.follows(convention),
        }
    }
}

/// A language whose letters replay the whole game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fit {
    /// Its name: `fr`, `en`, `figurine`, `de`...
    pub language: &'static str,
    /// Forms it read only leniently (a missing check sign, a pawn letter...).
    pub repairs: usize,
    /// The moves it read, a null move as `None`.
    pub moves: Vec<Option<Move>>,
}

/// A language that cannot replay the game, and the first move it fails on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    /// Its name.
    pub language: &'static str,
    /// The half-move it fails on, from 0.
    pub ply: usize,
    /// The move as the game writes it, numbered: `2... Fc5`.
    pub at: String,
    /// Why it fails there.
    pub error: MoveError,
}

/// What detection found: the languages that replay the game and the ones that do not.
///
/// # Examples
///
/// ```
/// use notation_detect::detect;
///
/// let detection = detect(&["e4", "e5", "Cf3", "Cc6", "Fb5", "a6"]);
/// assert_eq!(detection.language().unwrap(), "fr");
/// assert!(detection.reason().starts_with("only fr replays all 6 half-moves; `Fb5` at 3. rules out"));
///
/// // Pawn moves read in every language: detection refuses to name one, and says the moves
/// // are the same whichever is meant.
/// let pawns = detect(&["e4", "e5", "d4", "exd4"]);
/// assert!(pawns.language().is_err());
/// assert!(pawns.same_moves);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Detection {
    /// The languages that replay every move, in the order tried.
    pub fits: Vec<Fit>,
    /// The others, in the order tried.
    pub rejections: Vec<Rejection>,
    /// `true` when every fitting language reads the same moves (always so for one fit): a
    /// converter may then go on without knowing the language, since the moves do not depend
    /// on it (a game of pawn moves and castling; Spanish and Italian, whose letters agree).
    pub same_moves: bool,
    /// The number of half-moves in the game.
    pub plies: usize,
    /// The first move the fitting languages read differently, as written, glued with what
    /// belongs to it (`dxe6 e.p.`); empty when they read the same moves.
    differ_token: String,
    /// Several letter sets fit and every one spells its letters as the first does (Spanish
    /// and Italian, German and Swedish): no game can ever tell them apart.
    spelled_alike: bool,
    start: Position,
    /// What the readers are, in the reason: `letter set`, `descriptive language`.
    what: &'static str,
}

/// Why detection names no language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DetectError {
    /// The languages that fit: none, or several.
    pub fits: Vec<&'static str>,
    message: String,
}

impl fmt::Display for DetectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DetectError {}

/// Detects the language of a game's main-line tokens from the standard start.
#[must_use]
pub fn detect(tokens: &[&str]) -> Detection {
    detect_from(&Position::new(), tokens)
}

/// Detects the language of tokens played from `start`, read as the movetext they make when
/// written one after the other: each language reads them with its own notation, a token it
/// takes as belonging to the move before (`e.p.` written apart) or as the rest of the one
/// before (`1- 7`) with that move; a null move `--` passes the turn.
#[must_use]
pub fn detect_from(start: &Position, tokens: &[&str]) -> Detection {
    with_movetext(tokens, |game| {
        detect_with(
            &Reader::all(),
            Reader::alike,
            start,
            start,
            game,
            "letter set",
        )
    })
}

/// Detects which descriptive language of `languages` (English, French, or a table of one's
/// own) writes the tokens played from `start`, as [`detect_from`] does for letter sets: one
/// token never decides (`P-R4` is English a4 or h4 and French e4).
///
/// # Examples
///
/// ```
/// use chess_rules::Position;
/// use notation_descriptive::Descriptive;
/// use notation_detect::detect_descriptive_from;
///
/// let languages = [Descriptive::MODERN, Descriptive::FRENCH];
/// let tokens = ["P-K4", "P-K4", "Kt-KB3", "Kt-QB3", "B-Kt5"];
/// let detection = detect_descriptive_from(&languages, &Position::new(), &tokens);
/// assert_eq!(detection.language().unwrap(), "descriptive");
/// assert!(detection.reason().starts_with("only descriptive replays all 5 half-moves; `P-K4` at 1. rules out descriptive-fr"));
/// ```
#[must_use]
pub fn detect_descriptive_from(
    languages: &[Descriptive],
    start: &Position,
    tokens: &[&str],
) -> Detection {
    let tracked = DescriptivePosition::from_position(*start);
    with_movetext(tokens, |game| {
        detect_with(
            languages,
            never_alike,
            &tracked,
            start,
            game,
            "descriptive language",
        )
    })
}

/// `detect` run on the game the tokens make, one after the other; tokens that make no
/// movetext (one opens a comment it never closes) are a game of no moves.
fn with_movetext(tokens: &[&str], detect: impl Fn(&RawGame) -> Detection) -> Detection {
    let mut text = tokens.join(" ");
    text.push_str(" *");
    let game = |text: &[u8]| RecordReader::new(text, Dialect::pgn()).next()?.ok();
    match game(text.as_bytes()).or_else(|| game(b"*")) {
        Some(game) => detect(&game),
        None => Detection {
            fits: Vec::new(),
            rejections: Vec::new(),
            same_moves: true,
            plies: 0,
            differ_token: String::new(),
            spelled_alike: false,
            start: Position::new(),
            what: "letter set",
        },
    }
}

/// Every reader of `readers` reads the main line of `game` from `start` (which is `chess` on
/// the readers' position type), and fits or fails.
fn detect_with<N>(
    readers: &[N],
    alike: fn(&N, &N) -> bool,
    start: &N::Position,
    chess: &Position,
    game: &RawGame,
    what: &'static str,
) -> Detection
where
    N: Notation<Move = Move>,
    N::Position: Rules<Move = Move>,
{
    let mut fits = Vec::new();
    let mut rejections = Vec::new();
    let mut first_fit = None;
    let mut spelled_alike = true;
    for (i, reader) in readers.iter().enumerate() {
        // A reader that reads every token as one before it does reads the game as it did.
        let earlier = readers[..i].iter().find(|earlier| alike(earlier, reader));
        let read = match earlier.map(|earlier| earlier.name()) {
            Some(name) => match fits.iter().find(|f: &&Fit| f.language == name) {
                Some(fit) => Ok((fit.moves.clone(), fit.repairs)),
                None => match rejections.iter().find(|r: &&Rejection| r.language == name) {
                    Some(rejection) => Err(Box::new(rejection.clone())),
                    None => read_all(reader, start, game),
                },
            },
            None => read_all(reader, start, game),
        };
        match read {
            Ok((moves, repairs)) => {
                spelled_alike &= first_fit.is_none_or(|first| alike(first, reader));
                first_fit.get_or_insert(reader);
                fits.push(Fit {
                    language: reader.name(),
                    repairs,
                    moves,
                });
            }
            Err(mut rejection) => {
                rejection.language = reader.name();
                rejections.push(*rejection);
            }
        }
    }
    let same_moves = fits.windows(2).all(|w| w[0].moves == w[1].moves);
    // The text of the one move the reason names, found only when there is one to name: a
    // label for every move of every reader cost more than the reading (a Spanish file, which
    // no game decides, is detected game by game).
    let differ_token = match first_fit {
        Some(reader) if !same_moves => first_difference(&fits)
            .and_then(|differ| {
                let mut cursor = TokenCursor::main_line(game, reader);
                let mut index = 0;
                while let Some(step) = cursor.next() {
                    if let Step::Move(token) = step {
                        if index == differ {
                            return Some(cursor.text(&token).to_owned());
                        }
                        index += 1;
                    }
                }
                None
            })
            .unwrap_or_default(),
        _ => String::new(),
    };
    let plies = fits.first().map_or_else(
        || {
            rejections
                .iter()
                .map(|r| r.ply + 1)
                .max()
                .unwrap_or_default()
        },
        |f| f.moves.len(),
    );
    Detection {
        spelled_alike: spelled_alike && fits.len() > 1,
        fits,
        rejections,
        same_moves,
        plies,
        differ_token,
        start: *chess,
        what,
    }
}

/// For readers none of which reads like another.
fn never_alike<N>(_: &N, _: &N) -> bool {
    false
}

/// What one reader made of a game: the moves and the repairs, or the move it fails on.
type Read = (Vec<Option<Move>>, usize);

/// The first half-move that fitting readers read differently.
fn first_difference(fits: &[Fit]) -> Option<usize> {
    let plies = fits.first()?.moves.len();
    (0..plies).find(|&i| fits.windows(2).any(|w| w[0].moves[i] != w[1].moves[i]))
}

/// `reader` reads the main line of `game` from `start` as the replay does, through the same
/// cursor: what is written apart from a move and belongs to it is read with it.
fn read_all<N>(reader: &N, start: &N::Position, game: &RawGame) -> Result<Read, Box<Rejection>>
where
    N: Notation<Move = Move>,
    N::Position: Rules<Move = Move>,
{
    let mut pos = start.clone();
    let mut notes = Notes::default();
    let mut repairs = 0;
    let mut moves = Vec::new();
    let mut cursor = TokenCursor::main_line(game, reader);
    while let Some(step) = cursor.next() {
        let Step::Move(token) = step else {
            continue;
        };
        let token = cursor.text(&token);
        let label = |pos: &N::Position| label(pos.move_number(), pos.turn(), token);
        let played = if reader.is_null(token) {
            if pos.play_null() {
                Ok(None)
            } else {
                Err(MoveError::syntax(format!(
                    "null move {token} while in check"
                )))
            }
        } else {
            notes.clear();
            read_move(reader, &pos, token, &mut notes).map(|mv| {
                repairs += notes.repairs.len();
                pos.play(&mv);
                Some(mv)
            })
        };
        match played {
            Ok(mv) => moves.push(mv),
            Err(error) => {
                return Err(Box::new(Rejection {
                    language: reader.name(),
                    ply: moves.len(),
                    at: label(&pos),
                    error,
                }));
            }
        }
    }
    Ok((moves, repairs))
}

/// A move as a reason names it: `12. Cf3`, `12... Cf6`.
fn label(number: u32, turn: board_core::Color, token: &str) -> String {
    let dots = if turn == board_core::Color::White {
        "."
    } else {
        "..."
    };
    format!("{number}{dots} {token}")
}

/// Detects the language of a game's main line, from the position its tags set up.
///
/// # Errors
///
/// The [`Diagnostic`] of a set-up that cannot be read (a bad `FEN` tag, a variant that is not
/// chess).
pub fn detect_game(game: &RawGame) -> Result<Detection, Diagnostic> {
    let start = <Position as Rules>::setup(game).map_err(|d| game.locate(d))?;
    Ok(detect_with(
        &Reader::all(),
        Reader::alike,
        &start,
        &start,
        game,
        "letter set",
    ))
}

/// Detects which of `readers` writes a game's main line, from the position its tags set up:
/// the letter sets of [`detect_game`] are one such list, a registry's notations another.
///
/// # Errors
///
/// As [`detect_game`].
pub fn detect_game_with<N>(readers: &[N], game: &RawGame) -> Result<Detection, Diagnostic>
where
    N: Notation<Position = Position, Move = Move>,
{
    let start = <Position as Rules>::setup(game).map_err(|d| game.locate(d))?;
    Ok(detect_with(
        readers,
        never_alike,
        &start,
        &start,
        game,
        "notation",
    ))
}

/// Detects which descriptive language of `languages` writes a game's main line, from the
/// position its tags set up.
///
/// # Errors
///
/// As [`detect_game`].
pub fn detect_descriptive_game(
    languages: &[Descriptive],
    game: &RawGame,
) -> Result<Detection, Diagnostic> {
    let start = <Position as Rules>::setup(game).map_err(|d| game.locate(d))?;
    let tracked = DescriptivePosition::from_position(start);
    Ok(detect_with(
        languages,
        never_alike,
        &tracked,
        &start,
        game,
        "descriptive language",
    ))
}

impl Detection {
    /// Whether several letter sets replay the game and every one spells its letters as the
    /// first does (Spanish and Italian, German and Swedish): they read every game alike, so
    /// the first is as good a name as any, and no other game will tell them apart.
    ///
    /// # Examples
    ///
    /// ```
    /// use notation_detect::detect;
    ///
    /// let spanish = detect(&["e4", "e5", "Cf3", "Cc6", "Ab5", "a6"]);
    /// assert_eq!(spanish.fits.iter().map(|f| f.language).collect::<Vec<_>>(), ["es", "it"]);
    /// assert!(spanish.spelled_alike());
    /// assert!(spanish.reason().starts_with("only es and it, whose letters are spelled alike, replay all 6 half-moves"));
    ///
    /// // Pawn moves read in every letter set: nothing is spelled alike there.
    /// assert!(!detect(&["e4", "e5", "d4", "exd4"]).spelled_alike());
    /// ```
    #[must_use]
    pub fn spelled_alike(&self) -> bool {
        self.spelled_alike
    }

    /// The one language that replays the game.
    ///
    /// # Errors
    ///
    /// [`DetectError`] when none does, or several do; its message is [`Detection::reason`].
    pub fn language(&self) -> Result<&'static str, DetectError> {
        match self.fits.as_slice() {
            [one] => Ok(one.language),
            fits => Err(DetectError {
                fits: fits.iter().map(|f| f.language).collect(),
                message: self.reason(),
            }),
        }
    }

    /// The evidence, in a sentence or two: which language fits and which move rules each other
    /// out, or why no language, or more than one, is named.
    #[must_use]
    pub fn reason(&self) -> String {
        match self.fits.as_slice() {
            [one, ..] if self.fits.len() == 1 || self.spelled_alike => {
                let last = self.rejections.iter().map(|r| r.ply).max().unwrap_or(0);
                let decisive: Vec<&Rejection> =
                    self.rejections.iter().filter(|r| r.ply == last).collect();
                let token = decisive
                    .first()
                    .map(|r| r.at.split_once(' ').map_or("", |(_, t)| t))
                    .unwrap_or_default();
                let number = decisive
                    .first()
                    .map(|r| r.at.split_once(' ').map_or("", |(n, _)| n))
                    .unwrap_or_default();
                let who = if self.spelled_alike {
                    format!(
                        "only {}, whose letters are spelled alike, replay",
                        names(self.fits.iter().map(|f| f.language))
                    )
                } else {
                    format!("only {} replays", one.language)
                };
                let mut text = format!(
                    "{who} all {} half-moves{}; `{token}` at {number} rules out {}, the last \
                     other {}{} to fit",
                    self.plies,
                    repairs_note(one.repairs),
                    names(decisive.iter().map(|r| r.language)),
                    self.what,
                    if decisive.len() > 1 { "s" } else { "" },
                );
                let earlier: Vec<&Rejection> =
                    self.rejections.iter().filter(|r| r.ply != last).collect();
                if !earlier.is_empty() {
                    text.push_str(" (before it: ");
                    text.push_str(&groups(&earlier));
                    text.push(')');
                }
                text
            }
            [] => {
                let mut sorted: Vec<&Rejection> = self.rejections.iter().collect();
                sorted.sort_by_key(|r| std::cmp::Reverse(r.ply));
                let best = sorted.first().map_or_else(String::new, |r| {
                    format!(
                        "; the furthest, {}, stops at {}: {}",
                        r.language, r.at, r.error
                    )
                });
                format!(
                    "no {} replays the game: {}{best}",
                    self.what,
                    groups(&self.rejections.iter().collect::<Vec<_>>())
                )
            }
            fits => {
                let languages = names(fits.iter().map(|f| f.language));
                if self.plies == 0 {
                    return format!("the game has no moves: every {} fits", self.what);
                }
                if self.same_moves {
                    return format!(
                        "the moves read alike in {languages}: no move of the game tells their \
                         letters apart; name the language"
                    );
                }
                let differ = first_difference(fits).unwrap_or(0);
                let mut pos = self.start;
                for mv in fits[0].moves[..differ].iter().flatten() {
                    pos.play_unchecked(*mv);
                }
                let readings: Vec<String> = fits
                    .iter()
                    .map(|f| {
                        let san = f.moves[differ].map_or_else(
                            || "--".to_owned(),
                            |m| Algebraic::ENGLISH.to_text(&pos, &m),
                        );
                        format!("{} reads {san}", f.language)
                    })
                    .collect();
                format!(
                    "the game replays in {languages}, with different moves from {} ({}, in \
                     English); name the language",
                    label(pos.move_number(), pos.turn(), &self.differ_token),
                    readings.join(", ")
                )
            }
        }
    }
}

fn repairs_note(repairs: usize) -> String {
    match repairs {
        0 => String::new(),
        1 => " (one form read leniently)".to_owned(),
        n => format!(" ({n} forms read leniently)"),
    }
}

/// `a`, `a and b`, `a, b and c`.
fn names<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// `en, nl at 1. Cf3; de, sv at 1... Cc6`, in the order of the game.
fn groups(rejections: &[&Rejection]) -> String {
    let mut sorted: Vec<&Rejection> = rejections.to_vec();
    sorted.sort_by(|a, b| (a.ply, &a.at).cmp(&(b.ply, &b.at)));
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let at = &sorted[i].at;
        let same: Vec<&str> = sorted[i..]
            .iter()
            .take_while(|r| r.at == *at && r.ply == sorted[i].ply)
            .map(|r| r.language)
            .collect();
        i += same.len();
        parts.push(format!("{} at {at}", same.join(", ")));
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The letter sets read once for another: exactly those whose spellings agree.
    #[test]
    fn letter_sets_read_alike_are_those_spelled_alike() {
        let readers = Reader::all();
        let mut pairs = Vec::new();
        for (i, a) in readers.iter().enumerate() {
            for b in &readers[i + 1..] {
                if a.alike(b) {
                    pairs.push((a.name(), b.name()));
                }
            }
        }
        assert_eq!(pairs, [("de", "sv"), ("es", "it")]);
    }

    /// A letter set read for another fits and fails where it would have on its own.
    #[test]
    fn a_letter_set_read_for_another_fits_and_fails_as_it_would() {
        let spanish = with_movetext(&["e4", "e5", "Cf3", "Cc6", "Ab5"], |game| {
            detect_game(game).unwrap()
        });
        let fit = |name| spanish.fits.iter().find(|f| f.language == name).cloned();
        let (es, it) = (fit("es").unwrap(), fit("it").unwrap());
        assert_eq!((es.moves.len(), &es.moves), (5, &it.moves));
        let german = with_movetext(&["e4", "e5", "Sf3", "Sc6", "Lb5", "Ab4"], |game| {
            detect_game(game).unwrap()
        });
        let rejection = |name| {
            german
                .rejections
                .iter()
                .find(|r| r.language == name)
                .cloned()
        };
        let (de, sv) = (rejection("de").unwrap(), rejection("sv").unwrap());
        assert_eq!((de.ply, &de.at, &de.error), (5, &sv.at, &sv.error));
        // Each alone reads the same.
        for name in ["es", "it"] {
            let alone: Vec<Reader> = Reader::all()
                .into_iter()
                .filter(|r| r.name() == name)
                .collect();
            let start = Position::new();
            let game = RecordReader::new(&b"1. e4 e5 2. Cf3 Cc6 3. Ab5 *"[..], Dialect::pgn())
                .next()
                .unwrap()
                .unwrap();
            let read = detect_with(&alone, Reader::alike, &start, &start, &game, "letter set");
            assert_eq!(read.fits[0].moves, es.moves);
        }
    }
}
