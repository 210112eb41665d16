//! The syntax of a SAN token: what it says ([`San`], [`SanPlus`]) and the lenient forms it was
//! written in ([`Lenience`]), read without a position.
//!
//! The token parser is hand-written over bytes rather than built with winnow: a SAN token is a
//! handful of bytes on the hottest path of every conversion, and the lenient forms are easiest
//! to recognise by their shape.

use std::fmt;
use std::str::FromStr;

use board_core::{CheckSign, Code, MoveError, Repair, Span};
use chess_rules::{Bitboard, CastlingSide, File, Rank, Role, Square};

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
    /// `'+'` or `'#'`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }
}

/// Forms a token was written in that the canonical writer would not produce: found while
/// reading it ([`SanPlus::lenience`]) or while resolving it in a position
/// ([`SanPlus::resolve`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Lenience(u32);

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
    /// Origin and destination without a piece letter, as engines write them: `g1f3` (found
    /// when resolving).
    pub const COORDINATE: Lenience = Lenience(1 << 10);
    /// A promotion without its piece: a queen assumed (found when resolving).
    pub const QUEEN_ASSUMED: Lenience = Lenience(1 << 11);
    /// A capture sign on a move that takes nothing (found when resolving).
    pub const CAPTURE_NOTHING: Lenience = Lenience(1 << 12);
    /// A capture written without its sign (found when resolving).
    pub const CAPTURE_UNMARKED: Lenience = Lenience(1 << 13);
    /// More of the origin written than the position needs (found when resolving).
    pub const OVER_DISAMBIGUATED: Lenience = Lenience(1 << 14);
    /// The origin's rank written where its file decides (found when resolving).
    pub const RANK_DISAMBIGUATED: Lenience = Lenience(1 << 15);
    /// A comma after the move, as books print a pair of moves: `17. Bh6+, Rg7`.
    pub const COMMA: Lenience = Lenience(1 << 16);

    /// Each form's code and message, in the order they are reported: what resolving finds,
    /// then what reading found.
    const FORMS: [(Lenience, Code, &'static str); 17] = [
        (
            Lenience::COORDINATE,
            Code::SanCoordinate,
            "coordinate move without a piece letter",
        ),
        (
            Lenience::QUEEN_ASSUMED,
            Code::SanQueenAssumed,
            "promotion piece missing: queen assumed",
        ),
        (
            Lenience::CAPTURE_NOTHING,
            Code::SanCaptureNothing,
            "capture sign on a move that takes nothing",
        ),
        (
            Lenience::CAPTURE_UNMARKED,
            Code::SanCaptureUnmarked,
            "capture sign missing",
        ),
        (
            Lenience::OVER_DISAMBIGUATED,
            Code::SanOverDisambiguated,
            "more disambiguation than needed",
        ),
        (
            Lenience::RANK_DISAMBIGUATED,
            Code::SanRankDisambiguated,
            "disambiguated by rank where the file decides",
        ),
        (
            Lenience::CASTLING_ZEROS,
            Code::SanCastlingZeros,
            "castling written with zeros",
        ),
        (
            Lenience::PAWN_LETTER,
            Code::SanPawnLetter,
            "pawn written with a letter",
        ),
        (
            Lenience::PROMOTION_FORM,
            Code::SanPromotionForm,
            "promotion written without '='",
        ),
        (
            Lenience::EN_PASSANT_MARK,
            Code::SanEnPassantMark,
            "en passant marked 'e.p.'",
        ),
        (
            Lenience::LONG_FORM,
            Code::SanLongForm,
            "long algebraic form (origin square written)",
        ),
        (
            Lenience::CAPTURE_SIGN,
            Code::SanCaptureSign,
            "capture written with ':' or '×'",
        ),
        (
            Lenience::DOUBLE_PLUS,
            Code::SanDoublePlus,
            "mate written '++'",
        ),
        (
            Lenience::GLYPHS,
            Code::SanGlyphs,
            "annotation glyph inside the move token",
        ),
        (
            Lenience::HYPHEN,
            Code::SanHyphen,
            "'-' before the destination",
        ),
        (
            Lenience::LOWERCASE_PROMOTION,
            Code::SanLowercasePromotion,
            "promotion piece in lower case",
        ),
        (
            Lenience::COMMA,
            Code::MoveComma,
            board_core::COMMA_AFTER_MOVE,
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
        Lenience::FORMS
            .into_iter()
            .filter(move |(flag, _, _)| self.contains(*flag))
            .map(|(_, _, message)| message)
    }

    /// One repair per form, with its code and message, as the notations report them.
    pub fn repairs(self) -> impl Iterator<Item = Repair> {
        Lenience::FORMS
            .into_iter()
            .filter(move |(flag, _, _)| self.contains(*flag))
            .map(|(_, code, message)| Repair::new(code, message))
    }
}

/// A token as read: the move syntax, the sign written after it and the lenient forms seen.
///
/// The text triad: [`SanPlus::from_ascii`] (and [`FromStr`]) reads English letters,
/// [`SanPlus::from_ascii_with`] any table; `Display` writes the canonical spelling of what
/// the token says (the origin as written), which reads back to the same value with no
/// lenience (both origin coordinates aside, which are the long form).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// The check or mate sign as written.
    pub suffix: Option<Suffix>,
    /// Non-canonical forms the reader accepted.
    pub lenience: Lenience,
}

impl SanPlus {
    /// Reads a token with the English letters.
    ///
    /// # Errors
    ///
    /// As [`SanPlus::from_ascii_with`].
    pub fn from_ascii(text: &[u8]) -> Result<SanPlus, ParseSanError> {
        SanPlus::from_ascii_with(text, &PieceLetters::ENGLISH)
    }

    /// Reads a token with `letters`, accepting the forms real files contain.
    ///
    /// # Errors
    ///
    /// [`ParseSanError`] saying what is wrong and where in the token: an unknown piece letter
    /// (a lowercase piece letter such as `nf3` is refused, never read as something else), no
    /// destination square, text left over.
    #[inline]
    pub fn from_ascii_with(text: &[u8], letters: &PieceLetters) -> Result<SanPlus, ParseSanError> {
        match SanPlus::common(text, letters) {
            Some(plus) => Ok(plus),
            None => SanPlus::lenient(text, letters),
        }
    }

    /// The canonical shapes with at most a check sign, read without the lenient machinery:
    /// this runs for every move of every game. `None` leaves the token to
    /// [`SanPlus::lenient`]; the two make up [`SanPlus::from_ascii_with`], and the reader of
    /// a game calls them apart so that this path keeps its value in registers.
    #[inline(always)]
    pub(crate) fn common(text: &[u8], letters: &PieceLetters) -> Option<SanPlus> {
        let (body, suffix) = split_check_sign(text);
        let san = parse_common(body, letters).or_else(|| castling(body))?;
        Some(SanPlus {
            san,
            suffix,
            lenience: Lenience::default(),
        })
    }

    /// Every token [`SanPlus::common`] does not take.
    ///
    /// # Errors
    ///
    /// As [`SanPlus::from_ascii_with`].
    #[inline]
    pub(crate) fn lenient(text: &[u8], letters: &PieceLetters) -> Result<SanPlus, ParseSanError> {
        parse_lenient(text, letters)
    }

    /// The check sign the token wrote, for the replay to test once the move is played.
    #[must_use]
    pub const fn check_sign(&self) -> CheckSign {
        match self.suffix {
            None => CheckSign::None,
            Some(Suffix::Check) => CheckSign::Check,
            Some(Suffix::Checkmate) => CheckSign::Mate,
        }
    }
}

impl FromStr for SanPlus {
    type Err = ParseSanError;

    fn from_str(text: &str) -> Result<SanPlus, ParseSanError> {
        SanPlus::from_ascii(text.as_bytes())
    }
}

/// A token that is not algebraic notation, with the bytes of the token at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSanError {
    message: String,
    span: Span,
}

impl ParseSanError {
    fn new(message: impl Into<String>, start: usize, end: usize) -> ParseSanError {
        ParseSanError {
            message: message.into(),
            span: Span::new(start, end),
        }
    }

    /// The bytes of the token at fault, counted from its start: `9` in `Nf9`.
    ///
    /// # Examples
    ///
    /// ```
    /// use notation_en::SanPlus;
    ///
    /// let err = SanPlus::from_ascii(b"Nf9").unwrap_err();
    /// assert_eq!(err.to_string(), "no destination square in \"Nf9\"");
    /// assert_eq!(err.span().range(), 2..3);
    /// ```
    #[must_use]
    pub const fn span(&self) -> Span {
        self.span
    }
}

impl fmt::Display for ParseSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseSanError {}

impl From<ParseSanError> for MoveError {
    #[cold]
    fn from(err: ParseSanError) -> MoveError {
        MoveError::syntax(err.message).at(err.span)
    }
}

/// A mark written after a move, taken off the end of its token by [`strip_mark`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark<'t> {
    /// Annotation glyphs, `!`, `?` or a run of them (`!?`), as written.
    Glyphs(&'t str),
    /// `+`.
    Check,
    /// `#`.
    Mate,
    /// `++`, which some writers use for mate.
    DoublePlus,
    /// `e.p.`, `e.p` or `ep`, after at least two bytes of move.
    EnPassant,
}

/// The mark at the end of `token` and the token without it, if it ends with one: the marks
/// that English and French writers put after a move, read the same way for both. The draw
/// offer `=` is French only, and left to it.
///
/// # Examples
///
/// ```
/// use notation_en::san::{Mark, strip_mark};
///
/// assert_eq!(strip_mark("exd6e.p.+"), Some((Mark::Check, "exd6e.p.")));
/// assert_eq!(strip_mark("exd6e.p."), Some((Mark::EnPassant, "exd6")));
/// assert_eq!(strip_mark("Nf3!?"), Some((Mark::Glyphs("!?"), "Nf3")));
/// assert_eq!(strip_mark("Nf3"), None);
/// ```
#[inline]
#[must_use]
pub fn strip_mark(token: &str) -> Option<(Mark<'_>, &str)> {
    let bytes = token.as_bytes();
    // By the last byte: most tokens end with a square and leave at once. Cutting at an ASCII
    // byte keeps the rest on a character boundary.
    let cut = |n: usize| &token[..token.len() - n];
    match *bytes.last()? {
        b'!' | b'?' => {
            let rest = token.trim_end_matches(['!', '?']);
            Some((Mark::Glyphs(&token[rest.len()..]), rest))
        }
        b'+' if bytes.ends_with(b"++") => Some((Mark::DoublePlus, cut(2))),
        b'+' => Some((Mark::Check, cut(1))),
        b'#' => Some((Mark::Mate, cut(1))),
        b'.' | b'p' => ["e.p.", "e.p", "ep"]
            .into_iter()
            .find_map(|mark| token.strip_suffix(mark))
            .filter(|rest| rest.len() >= 2)
            .map(|rest| (Mark::EnPassant, rest)),
        _ => None,
    }
}

/// The annotation glyph written inside a move token, after the move (`Bb5!`, `Bb5!,`) or
/// before its check sign (`Qxf7!+`), which the lenient reader steps over.
pub(super) fn glyph_inside(token: &str) -> Option<&str> {
    let written = board_core::without_comma(token).unwrap_or(token);
    match strip_mark(written)? {
        (Mark::Glyphs(glyph), _) => Some(glyph),
        (Mark::Check | Mark::Mate | Mark::DoublePlus, before) => match strip_mark(before)? {
            (Mark::Glyphs(glyph), _) => Some(glyph),
            _ => None,
        },
        _ => None,
    }
}

/// [`SanPlus::from_ascii_with`] for every token the canonical shapes miss: glyphs, `++`,
/// `e.p.`, castling, null moves and the lenient forms, each reported in the result's
/// [`Lenience`]. The marks come off the end in the order the writer puts them: glyphs, then
/// the check sign, then `e.p.`.
#[inline(never)]
fn parse_lenient(text: &[u8], letters: &PieceLetters) -> Result<SanPlus, ParseSanError> {
    let text = std::str::from_utf8(text).map_err(|err| {
        let at = err.valid_up_to();
        ParseSanError::new("a move is text, and this is not UTF-8", at, at + 1)
    })?;
    let mut lenience = Lenience::default();
    let mut rest = text;
    // Books print a pair of moves with a comma between (`17. Bh6+, Rg7`): outermost, after any
    // sign or glyph.
    if let Some(before) = board_core::without_comma(rest) {
        lenience = lenience.union(Lenience::COMMA);
        rest = before;
    }
    let mut mark = strip_mark(rest);
    if let Some((Mark::Glyphs(_), r)) = mark {
        lenience = lenience.union(Lenience::GLYPHS);
        rest = r;
        mark = strip_mark(rest);
    }
    let mut suffix = None;
    if let Some((sign @ (Mark::Check | Mark::Mate | Mark::DoublePlus), r)) = mark {
        suffix = Some(if sign == Mark::Check {
            Suffix::Check
        } else {
            Suffix::Checkmate
        });
        if sign == Mark::DoublePlus {
            lenience = lenience.union(Lenience::DOUBLE_PLUS);
        }
        rest = r;
        mark = strip_mark(rest);
        // A glyph before the sign (`Qxf7!+`), as some books and hand-typed files have it.
        if let Some((Mark::Glyphs(_), r)) = mark
            && !lenience.contains(Lenience::GLYPHS)
        {
            lenience = lenience.union(Lenience::GLYPHS);
            rest = r;
            mark = strip_mark(rest);
        }
    }
    // Where the `e.p.` mark ends, if there is one.
    let ep_mark = match mark {
        Some((Mark::EnPassant, r)) => {
            let end = rest.len();
            rest = r;
            Some(end)
        }
        _ => None,
    };

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
        // Typed without its dashes (`4. 00`, a club's web page).
        Some(b'0') if matches!(rest, "00" | "000") => {
            lenience = lenience.union(Lenience::CASTLING_ZEROS);
            San::Castle(if rest.len() == 2 {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            })
        }
        Some(b'-' | b'Z' | b'0') if matches!(rest, "--" | "Z0" | "0000") => San::Null,
        _ => parse_normal(rest, letters, &mut lenience)?,
    };
    if let Some(mark_end) = ep_mark {
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
            return Err(ParseSanError::new(
                format!("'e.p.' after {text:?}, which is not a pawn capture"),
                rest.len(),
                mark_end,
            ));
        }
        lenience = lenience.union(Lenience::EN_PASSANT_MARK);
    }
    Ok(SanPlus {
        san,
        suffix,
        lenience,
    })
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

/// The canonical shapes that make up nearly every token of real files (`e4`, `exd5`, `Nf3`,
/// `Nbxd2`, `R1e2`, `e8=Q`, `exd8=Q`), read in one pass over the bytes; `None` sends the token
/// to the general lenient reader, which also explains what is wrong.
// Always inlined: in the reader the `San` it returns then lives in registers.
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

/// Castling as written canonically, about two moves a game in real files: tested only when
/// the other shapes fail, so that it costs the other moves nothing (with zeros, a repair, it
/// is left to the lenient reader).
#[inline]
fn castling(body: &[u8]) -> Option<San> {
    match body {
        b"O-O" => Some(San::Castle(CastlingSide::KingSide)),
        b"O-O-O" => Some(San::Castle(CastlingSide::QueenSide)),
        _ => None,
    }
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

/// What to say of a letter that starts a move and is neither a piece letter of `letters` nor a
/// file: a piece letter in small letters (`qd4`), or another language's capital, English's most
/// often (`Qg6` among German moves: the queen is `D` there).
#[cold]
fn letter_hint(first: u8, letters: &PieceLetters) -> String {
    let upper = first.to_ascii_uppercase();
    let piece = |table: &PieceLetters| table.capital(upper).filter(|&role| role != Role::Pawn);
    if first.is_ascii_lowercase() && piece(letters).is_some() {
        return format!("; piece letters are upper case ({})", char::from(upper));
    }
    if first.is_ascii_uppercase()
        && let Some(role) = piece(&PieceLetters::ENGLISH)
    {
        let pieces: Vec<&str> = [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ]
        .into_iter()
        .map(|role| letters.letter(role))
        .collect();
        return format!(
            "; {} is no piece letter in {} ({}): it is the English {role}, {} in {}",
            char::from(first),
            letters.name(),
            pieces.join(" "),
            letters.letter(role),
            letters.name(),
        );
    }
    String::new()
}

/// A piece or pawn move in any of the forms real files write. `rest` is always the bytes of
/// `text` from `start` on, cut from the end as its parts are read, so that an error can name
/// the bytes at fault.
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
    let (role, start) = match prefix {
        Some((Role::Pawn, len)) => {
            *lenience = lenience.union(Lenience::PAWN_LETTER);
            (Role::Pawn, len)
        }
        Some((role, len)) => (role, len),
        None => (Role::Pawn, 0),
    };
    let mut rest = &text.as_bytes()[start..];
    // `xe4` is a capture sign with no origin file, read as `:e4` and `×e4` are.
    let capture_first = rest.first() == Some(&b'x') && rest.len() > 1;
    if let Some(&first) = rest.first()
        && first.is_ascii_alphabetic()
        && file_of(first).is_none()
        && role == Role::Pawn
        && !capture_first
    {
        let hint = letter_hint(first, letters);
        return Err(ParseSanError::new(
            format!("{text:?} does not start with a piece letter or a file{hint}"),
            start,
            start + 1,
        ));
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
            && promo != Role::Pawn
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
                    return Err(ParseSanError::new(
                        format!(
                            "unexpected {:?} after the destination square in {text:?}",
                            String::from_utf8_lossy(&rest[digit + 1..])
                        ),
                        start + digit + 1,
                        start + rest.len(),
                    ));
                }
            }
        }
    }

    // The destination: the last two bytes.
    let n = rest.len();
    let no_destination = |from: usize, to: usize| {
        ParseSanError::new(format!("no destination square in {text:?}"), from, to)
    };
    if n < 2 {
        // Nothing, or one byte, where the square belongs: the caret goes there.
        return Err(no_destination(start, start + n));
    }
    let to = match (file_of(rest[n - 2]), rank_of(rest[n - 1])) {
        (Some(to_file), Some(to_rank)) => Square::from_coords(to_file, to_rank),
        // The caret goes under the byte that is no rank (`9` in `Nf9`), or no file.
        (Some(_), None) => return Err(no_destination(start + n - 1, start + n)),
        _ => return Err(no_destination(start + n - 2, start + n - 1)),
    };
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
    let origin_error = || {
        ParseSanError::new(
            format!("cannot read the origin of {text:?}"),
            start,
            start + rest.len(),
        )
    };
    let (file, rank) = match *rest {
        [] => (None, None),
        [b] => match (file_of(b), rank_of(b)) {
            (Some(f), _) => (Some(f), None),
            (_, Some(r)) => (None, Some(r)),
            _ => return Err(origin_error()),
        },
        [f, r] => match (file_of(f), rank_of(r)) {
            (Some(f), Some(r)) => (Some(f), Some(r)),
            _ => return Err(origin_error()),
        },
        _ => return Err(origin_error()),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The bytes an error names, as the caret shows them.
    fn at_fault(token: &str) -> &str {
        let err = SanPlus::from_ascii(token.as_bytes()).unwrap_err();
        &token[err.span().range()]
    }

    #[test]
    fn errors_name_the_bytes_at_fault() {
        for (token, fault) in [
            ("Nf9", "9"),
            ("Ni3", "i"),
            ("nf3", "n"),
            ("e4Z", "Z"),
            ("N", ""),
            ("Nkxe4", "k"),
            ("Nf3e.p.", "e.p."),
            ("Zf3", "Z"),
        ] {
            assert_eq!(at_fault(token), fault, "{token}");
        }
    }

    #[test]
    fn marks_come_off_in_the_writer_order() {
        let plus = SanPlus::from_ascii(b"exd6e.p.++!?").unwrap();
        assert_eq!(plus.suffix, Some(Suffix::Checkmate));
        let forms: Vec<&str> = plus.lenience.messages().collect();
        assert_eq!(
            forms,
            [
                "en passant marked 'e.p.'",
                "mate written '++'",
                "annotation glyph inside the move token"
            ]
        );
        // A glyph before the sign, as hand-typed files have it, is read and reported too; two
        // glyphs are not.
        let plus = SanPlus::from_ascii(b"e4!+").unwrap();
        assert_eq!(plus.suffix, Some(Suffix::Check));
        assert!(plus.lenience.contains(Lenience::GLYPHS));
        assert!(SanPlus::from_ascii(b"e4!+?").is_err());
    }

    /// Castling as written canonically takes the common path and reads as the lenient reader
    /// reads it; written with zeros it is left to the lenient reader, which reports the form.
    #[test]
    fn canonical_castling_is_a_common_shape() {
        let letters = &PieceLetters::ENGLISH;
        for token in ["O-O", "O-O-O", "O-O+", "O-O-O#"] {
            let common = SanPlus::common(token.as_bytes(), letters);
            assert_eq!(
                common,
                Some(parse_lenient(token.as_bytes(), letters).unwrap()),
                "{token}"
            );
            assert!(
                matches!(common.map(|p| p.san), Some(San::Castle(_))),
                "{token}"
            );
        }
        for token in ["0-0", "0-0-0", "O-O-O-O", "OO", "O-"] {
            assert_eq!(SanPlus::common(token.as_bytes(), letters), None, "{token}");
        }
        let zeros = SanPlus::from_ascii(b"0-0").unwrap();
        assert!(zeros.lenience.contains(Lenience::CASTLING_ZEROS));
    }
}
