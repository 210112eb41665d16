//! Standard algebraic notation: the syntax of a token, reading it leniently, resolving it in a
//! position, and writing the canonical form. Parameterised by [`PieceLetters`], so every
//! language that writes algebraic notation is a table on this engine.
//!
//! The token parser is hand-written over bytes rather than built with winnow: a SAN token is a
//! handful of bytes on the hottest path of every conversion, and the lenient forms are easiest
//! to recognise by their shape.

use std::fmt;

use board_core::{CheckSign, MoveError, Notes, Repair};
use chess_rules::{Bitboard, CastlingSide, File, Move, MoveList, Position, Rank, Role, Square};

use crate::PieceLetters;

/// What a SAN token says, without the check sign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn move.
    Normal {
        /// The moving piece.
        role: Role,
        /// The origin file, when written.
        file: Option<File>,
        /// The origin rank, when written.
        rank: Option<Rank>,
        /// `x` was written.
        capture: bool,
        /// The destination.
        to: Square,
        /// The promotion piece, when written.
        promotion: Option<Role>,
    },
    /// `O-O` or `O-O-O`.
    Castle(CastlingSide),
    /// A null move, `--`.
    Null,
}

/// The check or mate sign of a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`.
    Check,
    /// `#`.
    Checkmate,
}

impl Suffix {
    /// The sign a move deserves in the position after it.
    #[must_use]
    pub fn after(position: &Position) -> Option<Suffix> {
        if !position.is_check() {
            None
        } else if !position.has_legal_moves() {
            Some(Suffix::Checkmate)
        } else {
            Some(Suffix::Check)
        }
    }

    /// `'+'` or `'#'`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }
}

/// Forms the lenient reader accepted that the canonical writer would not produce.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Lenience(u16);

impl Lenience {
    /// `0-0` or `0-0-0`.
    pub const CASTLING_ZEROS: Lenience = Lenience(1);
    /// A pawn letter: `Pe4`.
    pub const PAWN_LETTER: Lenience = Lenience(1 << 1);
    /// A promotion without `=`: `e8Q`, `e8(Q)`, `e8/Q`.
    pub const PROMOTION_FORM: Lenience = Lenience(1 << 2);
    /// `e.p.` after an en-passant capture.
    pub const EN_PASSANT_MARK: Lenience = Lenience(1 << 3);
    /// Long algebraic: both squares, with `-` or `x` between (`Ng1-f3`, `e2e4`).
    pub const LONG_FORM: Lenience = Lenience(1 << 4);
    /// `:` or `×` for a capture.
    pub const CAPTURE_SIGN: Lenience = Lenience(1 << 5);
    /// `++` for mate.
    pub const DOUBLE_PLUS: Lenience = Lenience(1 << 6);
    /// Annotation glyphs glued to the move: `e4!?`.
    pub const GLYPHS: Lenience = Lenience(1 << 7);
    /// `-` between a piece letter or origin and the destination without an origin square.
    pub const HYPHEN: Lenience = Lenience(1 << 8);
    /// A promotion piece in lower case: `e7e8q`.
    pub const LOWERCASE_PROMOTION: Lenience = Lenience(1 << 9);

    const MESSAGES: [(Lenience, &'static str); 10] = [
        (Lenience::CASTLING_ZEROS, "castling written with zeros"),
        (Lenience::PAWN_LETTER, "pawn written with a letter"),
        (Lenience::PROMOTION_FORM, "promotion written without '='"),
        (Lenience::EN_PASSANT_MARK, "en passant marked 'e.p.'"),
        (
            Lenience::LONG_FORM,
            "long algebraic form (origin square written)",
        ),
        (Lenience::CAPTURE_SIGN, "capture written with ':' or '×'"),
        (Lenience::DOUBLE_PLUS, "mate written '++'"),
        (Lenience::GLYPHS, "annotation glyph inside the move token"),
        (Lenience::HYPHEN, "'-' before the destination"),
        (
            Lenience::LOWERCASE_PROMOTION,
            "promotion piece in lower case",
        ),
    ];

    /// `true` if every form of `other` is in `self`.
    #[must_use]
    pub const fn contains(self, other: Lenience) -> bool {
        self.0 & other.0 == other.0
    }

    /// `true` for a token in canonical form.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The forms in both sets.
    #[must_use]
    pub const fn union(self, other: Lenience) -> Lenience {
        Lenience(self.0 | other.0)
    }

    /// The forms of `self` not in `other`.
    #[must_use]
    pub const fn without(self, other: Lenience) -> Lenience {
        Lenience(self.0 & !other.0)
    }

    /// One message per form, for `check` to report.
    pub fn messages(self) -> impl Iterator<Item = &'static str> {
        Lenience::MESSAGES
            .into_iter()
            .filter(move |(flag, _)| self.contains(*flag))
            .map(|(_, msg)| msg)
    }
}

/// A token as read: the move syntax, the sign written after it and the lenient forms seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// The check or mate sign as written.
    pub suffix: Option<Suffix>,
    /// Non-canonical forms the reader accepted.
    pub lenience: Lenience,
}

/// A token that is not algebraic notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSanError {
    message: String,
}

impl ParseSanError {
    fn new(message: impl Into<String>) -> ParseSanError {
        ParseSanError {
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseSanError {}

impl From<ParseSanError> for MoveError {
    fn from(err: ParseSanError) -> MoveError {
        MoveError::syntax(err.message)
    }
}

/// Reads a token with `letters`, accepting the forms real files contain.
///
/// # Errors
///
/// [`ParseSanError`] saying what is wrong: an unknown piece letter (a lowercase piece letter
/// such as `nf3` is refused, never read as something else), no destination square, text left
/// over.
#[inline]
pub fn parse(text: &str, letters: &PieceLetters) -> Result<SanPlus, ParseSanError> {
    // The canonical shapes with at most a check sign, read without the lenient machinery:
    // this runs for every move of every game.
    let bytes = text.as_bytes();
    let (body, suffix) = split_check_sign(bytes);
    if let Some(san) = parse_common(body, letters) {
        return Ok(SanPlus {
            san,
            suffix,
            lenience: Lenience::default(),
        });
    }
    parse_lenient(text, letters)
}

/// [`parse`] for every token the canonical shapes miss: glyphs, `++`, `e.p.`, castling, null
/// moves and the lenient forms, each reported in the result's [`Lenience`].
#[inline(never)]
fn parse_lenient(text: &str, letters: &PieceLetters) -> Result<SanPlus, ParseSanError> {
    let mut lenience = Lenience::default();
    let mut rest = text;

    // Glyphs, then the check sign, then `e.p.`, from the end; byte tests first, since this
    // runs for every move of every game.
    let bytes = rest.as_bytes();
    let mut end = bytes.len();
    while end > 0 && matches!(bytes[end - 1], b'!' | b'?') {
        end -= 1;
    }
    if end != bytes.len() {
        lenience = lenience.union(Lenience::GLYPHS);
    }
    let mut suffix = None;
    if end >= 2 && bytes[end - 2..end] == *b"++" {
        suffix = Some(Suffix::Checkmate);
        lenience = lenience.union(Lenience::DOUBLE_PLUS);
        end -= 2;
    } else if end >= 1 && bytes[end - 1] == b'#' {
        suffix = Some(Suffix::Checkmate);
        end -= 1;
    } else if end >= 1 && bytes[end - 1] == b'+' {
        suffix = Some(Suffix::Check);
        end -= 1;
    }
    if let Some(san) = parse_common(&bytes[..end], letters) {
        return Ok(SanPlus {
            san,
            suffix,
            lenience,
        });
    }
    // Cutting at an ASCII byte keeps `rest` on a character boundary.
    rest = &rest[..end];
    let mut ep_mark = false;
    if end > 0 && matches!(bytes[end - 1], b'.' | b'p') {
        for mark in ["e.p.", "ep", "e.p"] {
            if let Some(r) = rest.strip_suffix(mark)
                && r.len() >= 2
            {
                ep_mark = true;
                rest = r;
                break;
            }
        }
    }

    let san = match rest.as_bytes().first() {
        Some(b'O' | b'0') if matches!(rest, "O-O" | "0-0" | "O-O-O" | "0-0-0") => {
            if rest.starts_with('0') {
                lenience = lenience.union(Lenience::CASTLING_ZEROS);
            }
            San::Castle(if rest.len() == 3 {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            })
        }
        Some(b'-' | b'Z') if matches!(rest, "--" | "Z0") => San::Null,
        _ => parse_normal(rest, letters, &mut lenience)?,
    };
    if ep_mark {
        if !matches!(
            san,
            San::Normal {
                role: Role::Pawn,
                capture: true,
                ..
            }
        ) && !matches!(
            san,
            San::Normal {
                role: Role::Pawn,
                file: Some(_),
                ..
            }
        ) {
            return Err(ParseSanError::new(format!(
                "'e.p.' after {text:?}, which is not a pawn capture"
            )));
        }
        lenience = lenience.union(Lenience::EN_PASSANT_MARK);
    }
    Ok(SanPlus {
        san,
        suffix,
        lenience,
    })
}

/// The move a canonical token names when reading it needs no report: the shapes of
/// [`parse_common`], exactly one legal move fitting, the capture sign right and the origin
/// written only where the position needs it. Parsing and resolving in one pass, without the
/// [`SanPlus`] in between, is what the reader of every move of every game spends its time on.
/// `None` leaves the token to [`parse`] and [`resolve`], which read it the same way and also
/// say what is wrong; the written check sign is left in `notes` as [`resolve`] leaves it.
#[inline]
pub(crate) fn read_common(
    pos: &Position,
    token: &str,
    letters: &PieceLetters,
    notes: &mut Notes,
) -> Option<Move> {
    let (body, suffix) = split_check_sign(token.as_bytes());
    let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = parse_common(body, letters)?
    else {
        return None;
    };
    if file.is_some() && rank.is_some() {
        return None;
    }
    let from_file = match file {
        Some(f) => Bitboard::file(f),
        None if role == Role::Pawn => Bitboard::file(to.file()),
        None => Bitboard::FULL,
    };
    let from = from_file & rank.map_or(Bitboard::FULL, Bitboard::rank);
    let mut candidates = MoveList::new();
    pos.append_moves_between(role, from, to, &mut candidates);
    let mut fitting = candidates
        .iter()
        .filter(|m| m.promotion_role() == promotion);
    let mv = *fitting.next()?;
    if fitting.next().is_some() || pos.is_capture(mv) != capture {
        return None;
    }
    if role != Role::Pawn
        && (file.is_some() || rank.is_some())
        && disambiguation(pos, mv) != (file.is_some(), rank.is_some())
    {
        return None;
    }
    notes.check_sign = Some(check_sign(suffix));
    Some(mv)
}

/// A canonical token's body and its check sign (`+` or `#`; `++` is left to the lenient
/// reader, which reports it).
#[inline]
fn split_check_sign(bytes: &[u8]) -> (&[u8], Option<Suffix>) {
    match bytes {
        [body @ .., b'+'] if body.last() != Some(&b'+') => (body, Some(Suffix::Check)),
        [body @ .., b'#'] => (body, Some(Suffix::Checkmate)),
        body => (body, None),
    }
}

/// The check sign a token wrote, for the replay to test once the move is played.
const fn check_sign(suffix: Option<Suffix>) -> CheckSign {
    match suffix {
        None => CheckSign::None,
        Some(Suffix::Check) => CheckSign::Check,
        Some(Suffix::Checkmate) => CheckSign::Mate,
    }
}

/// The canonical shapes that make up nearly every token of real files (`e4`, `exd5`, `Nf3`,
/// `Nbxd2`, `R1e2`, `e8=Q`, `exd8=Q`), read in one pass over the bytes; `None` sends the token
/// to the general lenient reader, which also explains what is wrong.
// Always inlined: in the one-pass reader the `San` it returns then lives in registers.
#[inline(always)]
fn parse_common(body: &[u8], letters: &PieceLetters) -> Option<San> {
    let (head, promotion) = match *body {
        [ref head @ .., b'=', p] => (head, Some(letters.capital(p).filter(|r| *r != Role::Pawn)?)),
        ref head => (head, None),
    };
    let [ref rest @ .., f, r] = *head else {
        return None;
    };
    let to = Square::from_coords(file_index(f)?, rank_index(r)?);
    let (rest, capture) = match rest {
        [rest @ .., b'x'] => (rest, true),
        _ => (rest, false),
    };
    let (role, file, rank) = match *rest {
        [] if !capture => (Role::Pawn, None, None),
        [f] if f.is_ascii_lowercase() => {
            if !capture {
                return None;
            }
            (Role::Pawn, Some(file_index(f)?), None)
        }
        [p] => (letters.capital(p).filter(|r| *r != Role::Pawn)?, None, None),
        [p, o] => {
            let role = letters.capital(p).filter(|r| *r != Role::Pawn)?;
            match (file_index(o), rank_index(o)) {
                (Some(f), _) => (role, Some(f), None),
                (_, Some(r)) => (role, None, Some(r)),
                _ => return None,
            }
        }
        _ => return None,
    };
    if promotion.is_some() != (role == Role::Pawn && Bitboard::BACKRANKS.contains(to)) {
        return None;
    }
    Some(San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

/// The file of a letter `a`..`h`, by arithmetic: this runs for every square of every token.
#[inline]
fn file_index(byte: u8) -> Option<File> {
    let index = byte.wrapping_sub(b'a');
    (index < 8).then(|| File::new(u32::from(index)))
}

/// The rank of a digit `1`..`8`.
#[inline]
fn rank_index(byte: u8) -> Option<Rank> {
    let index = byte.wrapping_sub(b'1');
    (index < 8).then(|| Rank::new(u32::from(index)))
}

fn file_of(byte: u8) -> Option<File> {
    File::from_char(char::from(byte))
}

fn rank_of(byte: u8) -> Option<Rank> {
    Rank::from_char(char::from(byte))
}

fn parse_normal(
    text: &str,
    letters: &PieceLetters,
    lenience: &mut Lenience,
) -> Result<San, ParseSanError> {
    // A file letter starts a pawn move in every language: no table spells a piece `a`..`h`.
    let starts_with_file = text.as_bytes().first().is_some_and(u8::is_ascii_lowercase)
        && file_of(text.as_bytes()[0]).is_some();
    let prefix = if starts_with_file {
        None
    } else {
        letters.role_prefix(text)
    };
    let (role, mut rest) = match prefix {
        Some((Role::Pawn, len)) => {
            *lenience = lenience.union(Lenience::PAWN_LETTER);
            (Role::Pawn, &text.as_bytes()[len..])
        }
        Some((role, len)) => (role, &text.as_bytes()[len..]),
        None => (Role::Pawn, text.as_bytes()),
    };
    // `xe4` is a capture sign with no origin file, read as `:e4` and `×e4` are.
    let capture_first = rest.first() == Some(&b'x') && rest.len() > 1;
    if let Some(&first) = rest.first()
        && first.is_ascii_alphabetic()
        && file_of(first).is_none()
        && role == Role::Pawn
        && !capture_first
    {
        let hint = if Role::from_char(char::from(first)).is_some() {
            format!(
                "; piece letters are upper case ({})",
                char::from(first).to_ascii_uppercase()
            )
        } else {
            String::new()
        };
        return Err(ParseSanError::new(format!(
            "{text:?} does not start with a piece letter or a file{hint}"
        )));
    }

    // Promotion, from the end: `=Q`, `Q`, `(Q)`, `/Q`.
    let mut promotion = None;
    if rest.len() >= 3
        && rest.last() == Some(&b')')
        && let Some(open) = rest.iter().rposition(|&b| b == b'(')
    {
        let inner = std::str::from_utf8(&rest[open + 1..rest.len() - 1]).unwrap_or("");
        if let Some((promo, len)) = letters.role_prefix(inner)
            && len == inner.len()
        {
            promotion = Some(promo);
            *lenience = lenience.union(Lenience::PROMOTION_FORM);
            rest = &rest[..open];
        }
    }
    if promotion.is_none() {
        // The destination rank digit is the last ASCII digit; what follows it is the promotion.
        if let Some(digit) = rest.iter().rposition(u8::is_ascii_digit)
            && digit + 1 < rest.len()
        {
            let mut tail = &rest[digit + 1..];
            let mut sign = None;
            if let Some((&first, after)) = tail.split_first()
                && (first == b'=' || first == b'/')
            {
                sign = Some(first);
                tail = after;
            }
            let tail_text = std::str::from_utf8(tail).unwrap_or("");
            let upper = tail_text.to_uppercase();
            let (found, lower) = match letters.role_prefix(tail_text) {
                Some(found) => (Some(found), false),
                // `e7e8q`: the coordinate habit of engines; the letter can mean nothing else.
                None => (letters.role_prefix(&upper), true),
            };
            match found {
                Some((promo, len)) if len == tail.len() && promo != Role::Pawn => {
                    promotion = Some(promo);
                    if sign != Some(b'=') {
                        *lenience = lenience.union(Lenience::PROMOTION_FORM);
                    }
                    if lower {
                        *lenience = lenience.union(Lenience::LOWERCASE_PROMOTION);
                    }
                    rest = &rest[..=digit];
                }
                _ => {
                    return Err(ParseSanError::new(format!(
                        "unexpected {:?} after the destination square in {text:?}",
                        String::from_utf8_lossy(&rest[digit + 1..])
                    )));
                }
            }
        }
    }

    // The destination: the last two bytes.
    let n = rest.len();
    if n < 2 {
        return Err(ParseSanError::new(format!(
            "no destination square in {text:?}"
        )));
    }
    let (Some(to_file), Some(to_rank)) = (file_of(rest[n - 2]), rank_of(rest[n - 1])) else {
        return Err(ParseSanError::new(format!(
            "no destination square in {text:?}"
        )));
    };
    let to = Square::from_coords(to_file, to_rank);
    rest = &rest[..n - 2];

    // Capture sign or hyphen before the destination.
    let mut capture = false;
    let mut hyphen = false;
    if let Some(r) = rest.strip_suffix(b"x") {
        capture = true;
        rest = r;
    } else if let Some(r) = rest.strip_suffix(b":") {
        capture = true;
        *lenience = lenience.union(Lenience::CAPTURE_SIGN);
        rest = r;
    } else if let Some(r) = rest.strip_suffix("×".as_bytes()) {
        capture = true;
        *lenience = lenience.union(Lenience::CAPTURE_SIGN);
        rest = r;
    } else if let Some(r) = rest.strip_suffix(b"-") {
        hyphen = true;
        rest = r;
    }

    // What is left is the origin: file, rank, or both.
    let (file, rank) = match *rest {
        [] => (None, None),
        [b] => match (file_of(b), rank_of(b)) {
            (Some(f), _) => (Some(f), None),
            (_, Some(r)) => (None, Some(r)),
            _ => return Err(origin_error(text)),
        },
        [f, r] => match (file_of(f), rank_of(r)) {
            (Some(f), Some(r)) => (Some(f), Some(r)),
            _ => return Err(origin_error(text)),
        },
        _ => return Err(origin_error(text)),
    };
    if file.is_some() && rank.is_some() {
        *lenience = lenience.union(Lenience::LONG_FORM);
    } else if hyphen {
        *lenience = lenience.union(Lenience::HYPHEN);
    }
    Ok(San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

fn origin_error(text: &str) -> ParseSanError {
    ParseSanError::new(format!("cannot read the origin of {text:?}"))
}

/// Finds the one legal move a token names, reporting what was accepted leniently.
///
/// # Errors
///
/// [`MoveError`] of kind `Illegal` (with the legal moves of the same piece as candidates) or
/// `Ambiguous` (with the moves that fit). A null move is refused here: the caller replays it.
pub fn resolve(
    pos: &Position,
    token: &str,
    plus: &SanPlus,
    letters: &PieceLetters,
    notes: &mut Notes,
) -> Result<Move, MoveError> {
    let mut lenience = plus.lenience;
    let mv = match plus.san {
        San::Null => return Err(MoveError::syntax("a null move is not a move of the game")),
        San::Castle(side) => pos
            .castling_moves()
            .into_iter()
            .find(|m| m.castling_side() == Some(side))
            .ok_or_else(|| MoveError::illegal(token, candidates_of(pos, Role::King, letters)))?,
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            if let (Role::Pawn, Some(f), Some(r)) = (role, file, rank)
                && !plus.lenience.contains(Lenience::PAWN_LETTER)
                && let Some(mv) = coordinate_move(pos, Square::from_coords(f, r), to, promotion)
            {
                // `g1f3`: origin and destination without a letter, as engines write them.
                notes
                    .repairs
                    .push(Repair::new("coordinate move without a piece letter"));
                lenience = lenience.without(Lenience::LONG_FORM);
                return Ok(finish(mv, plus.suffix, lenience, notes));
            }
            let mut found: Option<Move> = None;
            let mut count = 0;
            let mut queen_assumed = false;
            let mut candidates = MoveList::new();
            let from_file = match file {
                Some(f) => Bitboard::file(f),
                // A pawn without an origin file moves straight ahead.
                None if role == Role::Pawn => Bitboard::file(to.file()),
                None => Bitboard::FULL,
            };
            let from_rank = rank.map_or(Bitboard::FULL, Bitboard::rank);
            pos.append_moves_between(role, from_file & from_rank, to, &mut candidates);
            for &mv in &candidates {
                match (promotion, mv.promotion_role()) {
                    (Some(a), Some(b)) if a != b => continue,
                    (Some(_), None) => continue,
                    (None, Some(Role::Queen)) => queen_assumed = true,
                    (None, Some(_)) => continue,
                    _ => {}
                }
                count += 1;
                found = Some(mv);
            }
            let Some(mv) = found else {
                return Err(MoveError::illegal(token, candidates_of(pos, role, letters)));
            };
            if count > 1 {
                let fits = candidates
                    .iter()
                    .copied()
                    .filter(|m| {
                        file.is_none_or(|f| m.from().file() == f)
                            && rank.is_none_or(|r| m.from().rank() == r)
                            && m.promotion_role() == promotion
                    })
                    .map(|m| to_string(pos, m, letters))
                    .collect();
                return Err(MoveError::ambiguous(token, fits));
            }
            if queen_assumed {
                notes
                    .repairs
                    .push(Repair::new("promotion piece missing: queen assumed"));
            }
            let captures = pos.is_capture(mv);
            if capture && !captures {
                notes
                    .repairs
                    .push(Repair::new("capture sign on a move that takes nothing"));
            } else if !capture && captures {
                notes.repairs.push(Repair::new("capture sign missing"));
            }
            let written = (file.is_some(), rank.is_some());
            // Both coordinates is the long form, reported (or not, in LAN) by its own flag,
            // unless the position needs both.
            if written == (true, true) && disambiguation(pos, mv) == (true, true) {
                lenience = lenience.without(Lenience::LONG_FORM);
            }
            if written.0 != written.1 {
                let needed = disambiguation(pos, mv);
                if written != needed {
                    let count = |(f, r): (bool, bool)| u8::from(f) + u8::from(r);
                    notes
                        .repairs
                        .push(Repair::new(if count(written) > count(needed) {
                            "more disambiguation than needed"
                        } else {
                            "disambiguated by rank where the file decides"
                        }));
                }
            }
            mv
        }
    };
    Ok(finish(mv, plus.suffix, lenience, notes))
}

/// The legal non-pawn move (or castling) from `from` to `to`, for a coordinate token whose
/// origin holds a piece rather than a pawn.
fn coordinate_move(
    pos: &Position,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Option<Move> {
    let role = pos.role_at(from).filter(|r| *r != Role::Pawn)?;
    if promotion.is_some() || pos.color_at(from) != Some(pos.turn()) {
        return None;
    }
    if role == Role::King
        && let Some(castle) = pos
            .castling_moves()
            .into_iter()
            .find(|m| m.from() == from && (m.to() == to || m.king_to() == to))
        && (to.file().to_usize().abs_diff(from.file().to_usize()) > 1
            || pos.color_at(to) == Some(pos.turn()))
    {
        return Some(castle);
    }
    pos.legal_moves_to(role, to.bitboard())
        .into_iter()
        .find(|m| m.from() == from)
}

/// Reports the lenient forms and hands the written check sign to the caller, who tests it
/// after playing the move (the replay plays it anyway; [`board_core::read_move`] otherwise).
fn finish(mv: Move, suffix: Option<Suffix>, lenience: Lenience, notes: &mut Notes) -> Move {
    if !lenience.is_empty() {
        for message in lenience.messages() {
            notes.repairs.push(Repair::new(message));
        }
    }
    notes.check_sign = Some(check_sign(suffix));
    mv
}

fn candidates_of(pos: &Position, role: Role, letters: &PieceLetters) -> Vec<String> {
    let mut moves: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.role() == role)
        .collect();
    if moves.is_empty() {
        moves = pos.legal_moves().into_iter().collect();
    }
    let mut names: Vec<String> = moves
        .into_iter()
        .map(|m| to_string(pos, m, letters))
        .collect();
    names.sort();
    names
}

/// Which origin coordinates a piece move needs: (file, rank).
fn disambiguation(pos: &Position, mv: Move) -> (bool, bool) {
    let role = mv.role();
    if role == Role::Pawn {
        return (pos.is_capture(mv), false);
    }
    let from = mv.from();
    let mut candidates = MoveList::new();
    pos.append_moves_between(role, Bitboard::FULL, mv.to(), &mut candidates);
    let mut others = candidates.iter().filter(|m| m.from() != from).peekable();
    if others.peek().is_none() {
        return (false, false);
    }
    let (mut same_file, mut same_rank) = (false, false);
    for other in others {
        same_file |= other.from().file() == from.file();
        same_rank |= other.from().rank() == from.rank();
    }
    if !same_file {
        (true, false)
    } else if !same_rank {
        (false, true)
    } else {
        (true, true)
    }
}

/// How the canonical writer spells the parts that differ between house styles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// The piece letters.
    pub letters: PieceLetters,
    /// `0-0` instead of `O-O`.
    pub castling_zeros: bool,
    /// `=` before the promotion piece (`e8=Q`); without it, `e8Q`.
    pub promotion_equals: bool,
    /// ` e.p.` glued after an en-passant capture (`exd6e.p.`).
    pub en_passant_mark: bool,
}

impl Style {
    /// Standard SAN as the PGN standard writes it.
    pub const ENGLISH: Style = Style::with_letters(PieceLetters::ENGLISH);

    /// The standard style with other letters.
    #[must_use]
    pub const fn with_letters(letters: PieceLetters) -> Style {
        Style {
            letters,
            castling_zeros: false,
            promotion_equals: true,
            en_passant_mark: false,
        }
    }
}

/// Appends the canonical SAN of a legal move, with its check or mate sign.
///
/// # Examples
///
/// ```
/// use chess_rules::{Move, Position, Role, Square};
/// use notation_en::{Style, write_san};
///
/// let pos = Position::new();
/// let mut out = String::new();
/// write_san(&pos, Move::normal(Role::Knight, "g1".parse().unwrap(), "f3".parse().unwrap()), &Style::ENGLISH, &mut out);
/// assert_eq!(out, "Nf3");
/// ```
pub fn write_san(pos: &Position, mv: Move, style: &Style, out: &mut String) {
    write_move(pos, mv, style, out);
    let mut after = *pos;
    after.play_unchecked(mv);
    if let Some(suffix) = Suffix::after(&after) {
        out.push(suffix.char());
    }
}

/// The SAN body without the check sign.
fn write_move(pos: &Position, mv: Move, style: &Style, out: &mut String) {
    if let Some(side) = mv.castling_side() {
        out.push_str(match (side, style.castling_zeros) {
            (CastlingSide::KingSide, false) => "O-O",
            (CastlingSide::QueenSide, false) => "O-O-O",
            (CastlingSide::KingSide, true) => "0-0",
            (CastlingSide::QueenSide, true) => "0-0-0",
        });
        return;
    }
    let role = mv.role();
    let capture = pos.is_capture(mv);
    if role != Role::Pawn {
        out.push_str(style.letters.letter(role));
    }
    let (file, rank) = disambiguation(pos, mv);
    if file {
        out.push(mv.from().file().char());
    }
    if rank {
        out.push(mv.from().rank().char());
    }
    if capture {
        out.push('x');
    }
    push_square(out, mv.to());
    if let Some(promo) = mv.promotion_role() {
        if style.promotion_equals {
            out.push('=');
        }
        out.push_str(style.letters.letter(promo));
    }
    if mv.is_en_passant() && style.en_passant_mark {
        out.push_str("e.p.");
    }
}

/// Appends a square's name, `e4`, without the formatting machinery (it runs for every move).
pub(crate) fn push_square(out: &mut String, square: Square) {
    // Two ASCII pushes: cheaper than a two-byte copy through `push_str`.
    let index = square.to_u32();
    out.push(char::from(b'a' + (index & 7) as u8));
    out.push(char::from(b'1' + (index >> 3) as u8));
}

fn to_string(pos: &Position, mv: Move, letters: &PieceLetters) -> String {
    let mut out = String::new();
    write_san(pos, mv, &Style::with_letters(*letters), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the general reader makes of a token: the move and the reports.
    fn general(pos: &Position, token: &str) -> Option<(Move, Notes)> {
        let mut notes = Notes::default();
        let plus = parse(token, &PieceLetters::ENGLISH).ok()?;
        let mv = resolve(pos, token, &plus, &PieceLetters::ENGLISH, &mut notes).ok()?;
        Some((mv, notes))
    }

    /// Tokens a file may hold for `mv`: its SAN, and the SAN without its check sign, without
    /// its capture sign, with the origin's file or rank added.
    fn variants(pos: &Position, mv: Move) -> Vec<String> {
        let san = to_string(pos, mv, &PieceLetters::ENGLISH);
        let mut out = vec![
            san.clone(),
            san.trim_end_matches(['+', '#']).to_owned(),
            san.replace('x', ""),
            format!("{san}+"),
        ];
        if mv.role() != Role::Pawn && mv.castling_side().is_none() {
            let (letter, rest) = san.split_at(1);
            out.push(format!("{letter}{}{rest}", mv.from().file().char()));
            out.push(format!("{letter}{}{rest}", mv.from().rank().char()));
        }
        out
    }

    /// The one-pass reader takes a token only when the general reader gives the same move with
    /// nothing to report, and leaves the same check sign for the replay to test.
    #[test]
    fn the_one_pass_reader_agrees_with_the_general_reader() {
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut taken = 0;
        for _ in 0..60 {
            let mut pos = Position::new();
            for _ in 0..150 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &mv in &moves {
                    for token in variants(&pos, mv) {
                        let mut notes = Notes::default();
                        let fast = read_common(&pos, &token, &PieceLetters::ENGLISH, &mut notes);
                        let Some(fast) = fast else { continue };
                        taken += 1;
                        let (mv_general, general_notes) =
                            general(&pos, &token).unwrap_or_else(|| {
                                panic!("{token} in {pos}: only the fast path reads it")
                            });
                        assert_eq!(fast, mv_general, "{token} in {pos}");
                        assert!(
                            general_notes.repairs.is_empty(),
                            "{token} in {pos}: the general reader reports {:?}",
                            general_notes.repairs
                        );
                        assert_eq!(notes.check_sign, general_notes.check_sign, "{token}");
                    }
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let pick = moves[(seed % moves.len() as u64) as usize];
                pos.play_unchecked(pick);
            }
        }
        assert!(taken > 100_000, "{taken} tokens taken by the fast path");
    }
}
