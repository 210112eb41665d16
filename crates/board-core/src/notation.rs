//! The seam between record syntax and game rules: a notation reads a move token in a position
//! and writes a move back as a token.

use std::borrow::Cow;
use std::fmt;

use crate::{Code, Span};

/// A move notation for one game: English SAN, French algebraic, descriptive, Manoury, UCI...
///
/// A notation gives meaning to a token in a position; it never plays moves itself. Conversion
/// is replay: `parse` a token with the source notation, `format` the same move with the target
/// notation in the same position, then play it.
///
/// # Examples
///
/// A toy notation over a counter, to show the contract:
///
/// ```
/// use board_core::{Code, MoveError, Notation, Notes, Repair, Span};
///
/// /// Moves are numbers to add; the "position" is the running total.
/// struct Plus;
///
/// impl Notation for Plus {
///     type Position = i32;
///     type Move = i32;
///
///     fn name(&self) -> &'static str {
///         "plus"
///     }
///
///     fn parse(&self, _: &i32, token: &str, notes: &mut Notes) -> Result<i32, MoveError> {
///         let digits = token.strip_prefix('+').unwrap_or_else(|| {
///             notes.repairs.push(Repair::new(Code::SignCheckMissing, "missing '+'"));
///             token
///         });
///         // The span of the fault, inside the token: where the caret goes.
///         let at = token.len() - digits.len();
///         digits
///             .parse()
///             .map_err(|_| MoveError::syntax(format!("{token:?} is not +N")).at(Span::new(at, token.len())))
///     }
///
///     fn format(&self, _: &i32, mv: &i32, out: &mut String) {
///         out.push_str(&format!("+{mv}"));
///     }
/// }
///
/// let mut notes = Notes::default();
/// assert_eq!(Plus.parse(&0, "7", &mut notes), Ok(7));
/// assert_eq!(notes.repairs[0].message, "missing '+'");
/// assert_eq!(notes.repairs[0].code.as_str(), "sign.check-missing");
/// assert_eq!(Plus.parse(&0, "+x", &mut notes).unwrap_err().span, Some(Span::new(1, 2)));
/// assert_eq!(Plus.to_text(&0, &7), "+7");
/// ```
pub trait Notation {
    /// The position a token is read in.
    type Position;
    /// The move a token means.
    type Move;

    /// The notation's name on the command line: `en`, `fr`, `uci`, `descriptive`, `manoury`...
    fn name(&self) -> &'static str;

    /// Reads one move token in `position`. Whatever was accepted only leniently (a form the
    /// canonical writer would not produce) is pushed onto `notes.repairs`; nothing is changed
    /// silently. What the token says beyond the move (a draw offer, annotation signs, the
    /// check sign written, which the caller tests after playing the move) goes into the other
    /// fields of `notes`.
    ///
    /// # Errors
    ///
    /// [`MoveError`]: the token is not a move in this notation, names no legal move, or names
    /// more than one.
    fn parse(
        &self,
        position: &Self::Position,
        token: &str,
        notes: &mut Notes,
    ) -> Result<Self::Move, MoveError>;

    /// The move a token's bytes name, read without slicing the token as text: the replay asks
    /// every move here first, and the text's slicing (its two character boundaries tested)
    /// costs a notation that reads bytes anyway about 20 instructions a move. `Some` only
    /// where [`Notation::parse`] on the token's text gives `Ok` with the same move and the
    /// same `notes`; `None`, with `notes` untouched, for anything else (an error, a shape the
    /// notation reads only from text), and for every token [`Notation::is_null`] takes: the
    /// replay then asks `is_null` and `parse` with the text. `None` by default.
    fn parse_bytes(
        &self,
        position: &Self::Position,
        token: &[u8],
        notes: &mut Notes,
    ) -> Option<Self::Move> {
        let _ = (position, token, notes);
        None
    }

    /// Appends the canonical token of a legal move in `position` to `out`.
    fn format(&self, position: &Self::Position, mv: &Self::Move, out: &mut String);

    /// What [`Notation::format`] writes, for a notation whose [`Notation::parse_bytes`] reads
    /// only tokens spelled that way, or reports a repair: where a replay reads and writes in
    /// notations of the same spelling, a token read there with no repair and with the check
    /// sign the position bears out is copied as it stands, not formatted again (it would come
    /// out the same). `None`, the default, formats every move.
    fn spelling(&self) -> Option<Spelling> {
        None
    }

    /// The canonical token as a new string.
    fn to_text(&self, position: &Self::Position, mv: &Self::Move) -> String {
        let mut out = String::new();
        self.format(position, mv, &mut out);
        out
    }

    /// `true` if `token` is a null move (a pass, as some analysis files write `--`).
    fn is_null(&self, token: &str) -> bool {
        let _ = token;
        false
    }

    /// How this notation writes a null move: `--` unless it has a spelling of its own (UCI's
    /// `0000`).
    fn null_token(&self) -> &'static str {
        "--"
    }

    /// `true` if `next`, written apart after a move token, belongs to it (`dxe6 e.p.`); the
    /// replay then reads the two as one token and reports the space.
    fn glues(&self, next: &str) -> bool {
        let _ = next;
        false
    }

    /// A quick test on the bytes of `next` before [`Notation::glues`]: `false` only where
    /// `glues` is `false` too. Every move followed by another is asked, and reading bytes spares
    /// the text's slicing at character boundaries; a notation that glues words written apart
    /// should answer it. `true` by default: `glues` decides.
    fn may_glue(&self, next: &[u8]) -> bool {
        let _ = next;
        true
    }

    /// `true` if `token` cannot end a move and the next token, written after a space, is its
    /// rest (`1- 7` in some draughts files); the replay then reads the two as one and reports
    /// the space.
    fn continues(&self, token: &str) -> bool {
        let _ = token;
        false
    }

    /// After a piece written apart was glued to a move token ([`Notation::glues`]), whether the
    /// text so far cannot end a move and the next token is its rest: `e2` and `-` glued, `e4`
    /// follows (`e2 - e4`, long algebraic typed with spaces). Asked only once something was
    /// glued, never on the read of every move. [`Notation::continues`] by default.
    fn continues_glued(&self, glued: &str) -> bool {
        self.continues(glued)
    }

    /// How this notation marks a draw offer: glued after the move (`Some("=")` in French), or
    /// `None` when the record carries it as the FIDE scoresheet symbol in a comment, `{(=)}`.
    fn draw_offer_suffix(&self) -> Option<&'static str> {
        None
    }

    /// Whether this notation's own documents give `convention` as a correct way of writing,
    /// though its canonical form differs: the replay then reads it without a warning (French
    /// leaves `+` out, "facultative", and writes `dxe6 e.p.`).
    fn follows(&self, convention: Convention) -> bool {
        let _ = convention;
        false
    }

    /// The PGN tag that a tag written by this notation's users stands for, with its value in
    /// PGN form: a French scoresheet's `[Ronde "5"]` is `[Round "5"]`, its `[Date
    /// "17/03/2024"]` is `[Date "2024.03.17"]`. `None` keeps the tag as written; an error says
    /// why the value does not read (the tag is then kept as written, with a warning).
    ///
    /// The replay applies it when converting to another notation; a record written back in its
    /// own notation keeps its conventions.
    fn record_tag(
        &self,
        name: &str,
        value: &str,
    ) -> Option<Result<(&'static str, String), String>> {
        let _ = (name, value);
        None
    }

    /// The PGN form of a comment written by this notation's users, such as a French player's
    /// clock time `{1h25}` as the clock command `{[%clk 1:25:00]}`; `None` keeps it. Applied
    /// as [`Notation::record_tag`] is.
    fn record_comment(&self, text: &str) -> Option<String> {
        let _ = text;
        None
    }
}

/// A reference to a notation is that notation: registries keep `&'static dyn Notation`s, and
/// adapters that wrap a notation take them as they are.
impl<N: Notation + ?Sized> Notation for &N {
    type Position = N::Position;
    type Move = N::Move;

    fn name(&self) -> &'static str {
        (**self).name()
    }

    fn parse(
        &self,
        position: &Self::Position,
        token: &str,
        notes: &mut Notes,
    ) -> Result<Self::Move, MoveError> {
        (**self).parse(position, token, notes)
    }

    fn parse_bytes(
        &self,
        position: &Self::Position,
        token: &[u8],
        notes: &mut Notes,
    ) -> Option<Self::Move> {
        (**self).parse_bytes(position, token, notes)
    }

    fn format(&self, position: &Self::Position, mv: &Self::Move, out: &mut String) {
        (**self).format(position, mv, out);
    }

    fn spelling(&self) -> Option<Spelling> {
        (**self).spelling()
    }

    fn is_null(&self, token: &str) -> bool {
        (**self).is_null(token)
    }

    fn null_token(&self) -> &'static str {
        (**self).null_token()
    }

    fn glues(&self, next: &str) -> bool {
        (**self).glues(next)
    }

    fn may_glue(&self, next: &[u8]) -> bool {
        (**self).may_glue(next)
    }

    fn continues(&self, token: &str) -> bool {
        (**self).continues(token)
    }

    fn continues_glued(&self, glued: &str) -> bool {
        (**self).continues_glued(glued)
    }

    fn draw_offer_suffix(&self) -> Option<&'static str> {
        (**self).draw_offer_suffix()
    }

    fn follows(&self, convention: Convention) -> bool {
        (**self).follows(convention)
    }

    fn record_tag(
        &self,
        name: &str,
        value: &str,
    ) -> Option<Result<(&'static str, String), String>> {
        (**self).record_tag(name, value)
    }

    fn record_comment(&self, text: &str) -> Option<String> {
        (**self).record_comment(text)
    }
}

/// What a notation's writer writes, as a key: two notations whose [`Notation::spelling`] is the
/// same write every token their `parse_bytes` reads without a repair alike. A notation makes
/// it from whatever decides its writing (algebraic notation: the piece letters it reads and
/// writes), in up to 32 bytes; the key carries nothing else, so that comparing two is cheap
/// (the replay does it for every game).
///
/// # Examples
///
/// ```
/// use board_core::Spelling;
///
/// assert_eq!(Spelling::new(*b"NBRQK"), Spelling::new(*b"NBRQK"));
/// assert_ne!(Spelling::new(*b"NBRQK"), Spelling::new(*b"SLTDK"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Spelling([u8; 32]);

impl Spelling {
    /// The key of `bytes`, zeros after them.
    #[must_use]
    pub const fn new<const N: usize>(bytes: [u8; N]) -> Spelling {
        let mut key = [0; 32];
        let mut i = 0;
        while i < N && i < 32 {
            key[i] = bytes[i];
            i += 1;
        }
        Spelling(key)
    }
}

/// A move token without the comma a book prints after it to pair two moves (`17. Bh6+, Rg7`,
/// `1. P-K4, P-K4`): the notations that read such books read the rest as their move and report
/// the comma ([`Code::MoveComma`], [`COMMA_AFTER_MOVE`]). `None` when the token does not end
/// with a comma, or is nothing else.
///
/// # Examples
///
/// ```
/// use board_core::without_comma;
///
/// assert_eq!(without_comma("Bh6+,"), Some("Bh6+"));
/// assert_eq!(without_comma("Bh6+"), None);
/// assert_eq!(without_comma(","), None);
/// ```
#[must_use]
pub fn without_comma(token: &str) -> Option<&str> {
    token.strip_suffix(',').filter(|before| !before.is_empty())
}

/// The message of the repair [`without_comma`] stands for.
pub const COMMA_AFTER_MOVE: &str = "comma after the move";

/// A way of writing moves that some notations' documents give as correct while their
/// canonical form is another ([`Notation::follows`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Convention {
    /// A check or mate sign left out: `Cf3` for a move that checks.
    CheckSignOmitted,
    /// A mark written apart from its move: `dxe6 e.p.`.
    MarkApart,
}

/// The comment that carries a draw offer in notations that have no sign for it.
pub const DRAW_OFFER_COMMENT: &str = "(=)";

/// A check or mate sign: what a token wrote, or what the position after a move deserves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CheckSign {
    /// No sign.
    #[default]
    None,
    /// `+`: the move checks.
    Check,
    /// `#`: the move mates.
    Mate,
}

impl CheckSign {
    /// What is wrong with writing `self` for a move that deserves `deserved`, if anything.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::CheckSign;
    ///
    /// use board_core::Code;
    ///
    /// assert_eq!(
    ///     CheckSign::None.mismatch(CheckSign::Check),
    ///     Some((Code::SignCheckMissing, "check sign missing"))
    /// );
    /// assert_eq!(CheckSign::Mate.mismatch(CheckSign::Mate), None);
    /// ```
    #[must_use]
    pub const fn mismatch(self, deserved: CheckSign) -> Option<(Code, &'static str)> {
        Some(match (self, deserved) {
            (CheckSign::None, CheckSign::None)
            | (CheckSign::Check, CheckSign::Check)
            | (CheckSign::Mate, CheckSign::Mate) => return None,
            (CheckSign::None, CheckSign::Check) => (Code::SignCheckMissing, "check sign missing"),
            (CheckSign::None, CheckSign::Mate) => (Code::SignMateMissing, "mate sign missing"),
            (CheckSign::Check, CheckSign::Mate) => {
                (Code::SignCheckForMate, "'+' on a move that mates")
            }
            (CheckSign::Mate, CheckSign::Check) => {
                (Code::SignMateForCheck, "'#' on a move that only checks")
            }
            (_, CheckSign::None) => (
                Code::SignUnwarranted,
                "check sign on a move that does not check",
            ),
        })
    }
}

/// What a token said besides its move: repairs the reader made, a draw offer, annotation signs.
///
/// The replay clears it before each token. Pushing nothing allocates nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Notes {
    /// Forms accepted only leniently.
    pub repairs: Vec<Repair>,
    /// The player offered a draw with this move.
    pub draw_offer: bool,
    /// Annotation signs written in the token, as NAG numbers (`$1` for `!`).
    pub nags: Vec<u16>,
    /// The check sign the token wrote, for the caller to test against the position after the
    /// move ([`crate::read_move`] and the replay do); `None` for notations that write no check
    /// signs (UCI, draughts).
    pub check_sign: Option<CheckSign>,
}

impl Notes {
    /// Empties the notes for the next token, keeping their memory.
    // Inlined, and the repairs tested before they are cleared: the replay clears the notes
    // before every move, and a call that drops an empty list of strings cost 19 instructions
    // a move (callgrind, docs/performance.md).
    #[inline]
    pub fn clear(&mut self) {
        if !self.repairs.is_empty() {
            self.repairs.clear();
        }
        self.draw_offer = false;
        self.nags.clear();
        self.check_sign = None;
    }
}

/// Something a lenient reader accepted and reports: the move is right, the writing was not
/// canonical.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Repair {
    /// What kind of form was accepted, stable across rewordings: `san.castling-zeros`.
    pub code: Code,
    /// What was accepted, lower case: `castling written with zeros`.
    pub message: Cow<'static, str>,
}

impl Repair {
    /// A repair of kind `code` with a message.
    pub fn new(code: Code, message: impl Into<Cow<'static, str>>) -> Repair {
        Repair {
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for Repair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Why a token is not a move here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum MoveErrorKind {
    /// The token is not written in this notation.
    Syntax,
    /// It reads, but no legal move fits.
    Illegal,
    /// It reads, and more than one legal move fits.
    Ambiguous,
}

/// A token that does not name exactly one legal move, with the legal moves that come closest.
///
/// # Examples
///
/// ```
/// use board_core::{MoveError, MoveErrorKind};
///
/// let err = MoveError::ambiguous("Nd2", vec!["Nbd2".into(), "Nfd2".into()]);
/// assert_eq!(err.kind, MoveErrorKind::Ambiguous);
/// assert_eq!(err.to_string(), "ambiguous move Nd2: could be Nbd2 or Nfd2");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveError {
    /// What kind of failure.
    pub kind: MoveErrorKind,
    /// The message, lower case.
    pub message: String,
    /// Legal moves that fit best, in the same notation (all that fit, for an ambiguous token).
    pub candidates: Vec<String>,
    /// The bytes of the token at fault (`9` in `Nf9`), counted from the token's start; `None`
    /// for the whole token. The replay puts the caret of its diagnostic there.
    pub span: Option<Span>,
}

impl MoveError {
    /// The token is not written in this notation.
    pub fn syntax(message: impl Into<String>) -> MoveError {
        MoveError {
            kind: MoveErrorKind::Syntax,
            message: message.into(),
            candidates: Vec::new(),
            span: None,
        }
    }

    /// No legal move fits `token`; `candidates` are the nearest legal moves.
    pub fn illegal(token: &str, candidates: Vec<String>) -> MoveError {
        MoveError {
            kind: MoveErrorKind::Illegal,
            message: format!("illegal move {token}"),
            candidates,
            span: None,
        }
    }

    /// More than one legal move fits `token`.
    pub fn ambiguous(token: &str, candidates: Vec<String>) -> MoveError {
        MoveError {
            kind: MoveErrorKind::Ambiguous,
            message: format!("ambiguous move {token}"),
            candidates,
            span: None,
        }
    }

    /// The same error, at `span` inside the token (counted from the token's start).
    #[must_use]
    pub const fn at(mut self, span: Span) -> MoveError {
        self.span = Some(span);
        self
    }

    /// The error's span in a source text where the token is at `token`: the part at fault
    /// when it is known and lies inside the token, else the whole token.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{MoveError, Span};
    ///
    /// let err = MoveError::syntax("no destination square in \"Nf9\"").at(Span::new(2, 3));
    /// assert_eq!(err.span_in(Span::new(40, 43)), Span::new(42, 43));
    /// assert_eq!(MoveError::syntax("odd").span_in(Span::new(40, 43)), Span::new(40, 43));
    /// ```
    #[must_use]
    pub const fn span_in(&self, token: Span) -> Span {
        match self.span {
            Some(inner) if inner.end <= token.len() => inner.shift(token.start),
            _ => token,
        }
    }

    /// The stable code of the error's kind: `move.syntax`, `move.illegal`, `move.ambiguous`.
    #[must_use]
    pub const fn code(&self) -> Code {
        match self.kind {
            MoveErrorKind::Syntax => Code::MoveSyntax,
            MoveErrorKind::Illegal => Code::MoveIllegal,
            MoveErrorKind::Ambiguous => Code::MoveAmbiguous,
        }
    }

    /// The help line listing the candidates, if any: `legal moves here: Nf3, Nc3`.
    #[must_use]
    pub fn help(&self) -> Option<String> {
        if self.candidates.is_empty() {
            return None;
        }
        let label = match self.kind {
            MoveErrorKind::Ambiguous => "it could be",
            _ => "legal moves that come closest",
        };
        Some(format!("{label}: {}", self.candidates.join(", ")))
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if self.kind == MoveErrorKind::Ambiguous && !self.candidates.is_empty() {
            write!(f, ": could be ")?;
            let (last, rest) = self
                .candidates
                .split_last()
                .unwrap_or((&self.candidates[0], &[]));
            if !rest.is_empty() {
                write!(f, "{} or ", rest.join(", "))?;
            }
            f.write_str(last)?;
        }
        Ok(())
    }
}

impl std::error::Error for MoveError {}
