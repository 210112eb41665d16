//! Reading descriptive text into a pattern: which piece, from where, to where or taking what,
//! with which signs. What the pattern means is decided against a position in `resolve`.
//!
//! Written by hand rather than with winnow: the grammar is a handful of letter runs whose split
//! depends on the language and on what follows (`P K 4` lacks its dash, `TD3FR` has the rank
//! first), which a small backtracking reader over lexemes says more plainly.

use chess_rules::{CastlingSide, Role};

use crate::Wing;
use crate::names::{ALL, Files, Language, SquareSet, files_of};

/// The most lexemes a token or a book segment may have.
const MAX_LEXEMES: usize = 64;

/// Forms accepted only leniently while reading the text (bit flags).
pub(crate) mod syntax {
    use board_core::Code;

    /// `P K 4`: no dash between the piece and its square.
    pub(crate) const MISSING_DASH: u8 = 1;
    /// `KI`: a letter `I` or `l` where the rank `1` belongs.
    pub(crate) const LETTER_FOR_DIGIT: u8 = 1 << 1;
    /// `BxQ5`: the square taken on written instead of the piece taken.
    pub(crate) const CAPTURE_OF_SQUARE: u8 = 1 << 2;
    /// `P to K`: a pawn's square printed without its rank (a pawn never goes to its first
    /// rank, which a file alone means for a piece): any rank the position allows.
    pub(crate) const MISSING_RANK: u8 = 1 << 3;
    /// `Kt-P`: a dash before the piece taken, where the capture sign belongs.
    pub(crate) const DASH_BEFORE_PIECE: u8 = 1 << 4;

    /// The message of each flag.
    pub(crate) const MESSAGES: [(u8, Code, &str); 5] = [
        (
            MISSING_DASH,
            Code::DescriptiveMissingDash,
            "no '-' between the piece and its square",
        ),
        (
            LETTER_FOR_DIGIT,
            Code::DescriptiveLetterForDigit,
            "a letter read as the digit 1",
        ),
        (
            CAPTURE_OF_SQUARE,
            Code::DescriptiveCaptureOfSquare,
            "a capture written with the square instead of the piece taken",
        ),
        (
            MISSING_RANK,
            Code::DescriptiveMissingRank,
            "a pawn's square printed without its rank",
        ),
        (
            DASH_BEFORE_PIECE,
            Code::DescriptiveCaptureAsMove,
            "a capture written with '-' before the piece taken",
        ),
    ];
}

/// A piece as a token names it: `N`, `KR`, `QBP`, `P`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Who {
    pub role: Role,
    /// `KR`, `QN`, `KB`: the wing the piece is named after.
    pub wing: Option<Wing>,
    /// For pawns: the files the pawn may stand on (`BP` is on c or f).
    pub files: Files,
}

impl Who {
    pub(crate) const fn role(role: Role) -> Who {
        Who {
            role,
            wing: None,
            files: ALL,
        }
    }
}

/// Where a piece move goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    /// `-K4`: a move to a square.
    To(SquareSet),
    /// `xP`, `xN/QB6`: a capture of a piece, on a square when qualified. `victim` is `None`
    /// when a book wrote the square instead (`BxQ5`).
    Takes { victim: Option<Who>, at: SquareSet },
}

/// A move other than castling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PieceMove {
    pub piece: Who,
    /// `R(QR3)-Q3`, `R(6)xN`: where the piece stands.
    pub from: SquareSet,
    pub target: Target,
    pub promotion: Option<Role>,
}

/// What a token says the move is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Body {
    /// `O-O`, `Castles QR`; `None` for `Castles` alone.
    Castle(Option<CastlingSide>),
    Piece(PieceMove),
}

/// The check sign written after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mark {
    None,
    /// `ch`, `+`.
    Check,
    /// `dis. ch`.
    Discovered,
    /// `dbl ch`, `double ch`.
    Double,
    /// `mate`, `#`.
    Mate,
    /// `++`: mate or double check, as the position decides.
    CheckPlus,
}

/// A token read: the move pattern and what was written after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Parsed {
    pub body: Body,
    pub mark: Mark,
    /// `e.p.` was written.
    pub en_passant: bool,
    /// Annotation glyphs (`!`, `?!`) as NAG numbers; 0 for none.
    pub nags: [u16; 2],
    /// [`syntax`] flags of what was accepted leniently.
    pub repairs: u8,
}

/// Text that is not descriptive notation; `at` is a byte offset in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    pub message: String,
    pub at: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lex {
    /// An upper-case piece or file letter; English `Kt` is `N`.
    Letter(u8),
    Digit(u8),
    /// `sq`: the first rank.
    Sq,
    Dash,
    Takes,
    Open,
    Close,
    Slash,
    Equals,
    /// `O` or `0` of castling.
    O,
    Castles,
    Mark(Mark),
    /// `dis` before `ch`.
    Dis,
    /// `dbl`, `double` before `ch`.
    Dbl,
    /// `e.p.`, `ep`, `en passant`.
    EnPassant,
    Nag(u16),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Lexeme {
    lex: Lex,
    // Byte offsets as `u32`: the array of lexemes is made and moved for every token read,
    // and half its size is half that work. A token is far shorter than 4 GB.
    start: u32,
    end: u32,
}

impl Lexeme {
    const fn start(&self) -> usize {
        self.start as usize
    }

    const fn end(&self) -> usize {
        self.end as usize
    }
}

/// The lexemes of a text, kept on the stack.
struct Lexemes {
    items: [Lexeme; MAX_LEXEMES],
    len: usize,
    repairs: u8,
}

impl Lexemes {
    fn push(&mut self, lex: Lex, start: usize, end: usize) -> Result<(), SyntaxError> {
        if self.len == MAX_LEXEMES {
            return Err(SyntaxError {
                message: "too long for a move".into(),
                at: start,
            });
        }
        // Offsets past `u32::MAX` (never in a token) saturate rather than wrap.
        let at = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        self.items[self.len] = Lexeme {
            lex,
            start: at(start),
            end: at(end),
        };
        self.len += 1;
        Ok(())
    }

    fn as_slice(&self) -> &[Lexeme] {
        &self.items[..self.len]
    }
}

/// Lower-case words, longest first where one starts another.
const WORDS: [(&str, Option<Lex>); 23] = [
    ("discovered", Some(Lex::Dis)),
    ("castles", Some(Lex::Castles)),
    ("passant", None),
    ("castle", Some(Lex::Castles)),
    ("double", Some(Lex::Dbl)),
    ("check", Some(Lex::Mark(Mark::Check))),
    ("mate", Some(Lex::Mark(Mark::Mate))),
    ("échec", Some(Lex::Mark(Mark::Check))),
    ("echec", Some(Lex::Mark(Mark::Check))),
    ("éch", Some(Lex::Mark(Mark::Check))),
    ("ech", Some(Lex::Mark(Mark::Check))),
    ("mat", Some(Lex::Mark(Mark::Mate))),
    ("dis", Some(Lex::Dis)),
    ("dbl", Some(Lex::Dbl)),
    ("ch", Some(Lex::Mark(Mark::Check))),
    ("sq", Some(Lex::Sq)),
    ("ep", Some(Lex::EnPassant)),
    ("en", Some(Lex::EnPassant)),
    ("et", None),
    // `e.p.` arrives as `e` and `p`: the `e` stands for the whole mark, the `p` is dropped.
    ("e", Some(Lex::EnPassant)),
    ("p", None),
    ("x", Some(Lex::Takes)),
    ("l", Some(Lex::Digit(1))),
];

/// Splits a lower-case run into known words, or `None`.
fn words(run: &str, mut each: impl FnMut(Option<Lex>, usize, usize)) -> bool {
    let mut plan: [(Option<Lex>, usize, usize); 16] = [(None, 0, 0); 16];
    let mut count = 0;
    let mut rest = run;
    let mut offset = 0;
    while !rest.is_empty() {
        let Some((word, lex)) = WORDS.iter().find(|(w, _)| rest.starts_with(w)) else {
            return false;
        };
        if count == plan.len() {
            return false;
        }
        plan[count] = (*lex, offset, offset + word.len());
        count += 1;
        offset += word.len();
        rest = &rest[word.len()..];
    }
    for (lex, start, end) in &plan[..count] {
        each(*lex, *start, *end);
    }
    true
}

fn is_lower(c: char) -> bool {
    c.is_ascii_lowercase() || c == 'é'
}

fn lex(text: &str, lang: &Language) -> Result<Lexemes, SyntaxError> {
    let mut out = Lexemes {
        items: [Lexeme {
            lex: Lex::Dash,
            start: 0,
            end: 0,
        }; MAX_LEXEMES],
        len: 0,
        repairs: 0,
    };
    let bytes = text.as_bytes();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let end = i + c.len_utf8();
        match c {
            ' ' | '\t' | '.' | '\u{a0}' => {}
            '-' | '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2212}' => {
                out.push(Lex::Dash, i, end)?;
            }
            '×' | 'X' | ':' => out.push(Lex::Takes, i, end)?,
            '(' => out.push(Lex::Open, i, end)?,
            ')' => out.push(Lex::Close, i, end)?,
            '/' => out.push(Lex::Slash, i, end)?,
            '=' => out.push(Lex::Equals, i, end)?,
            '#' => out.push(Lex::Mark(Mark::Mate), i, end)?,
            '+' => {
                if bytes.get(end) == Some(&b'+') {
                    chars.next();
                    out.push(Lex::Mark(Mark::CheckPlus), i, end + 1)?;
                } else {
                    out.push(Lex::Mark(Mark::Check), i, end)?;
                }
            }
            '!' | '?' => {
                let mut stop = end;
                while let Some(&(j, d)) = chars.peek() {
                    if d != '!' && d != '?' {
                        break;
                    }
                    stop = j + 1;
                    chars.next();
                }
                let nag = match &text[i..stop] {
                    "!" => 1,
                    "?" => 2,
                    "!!" => 3,
                    "??" => 4,
                    "!?" => 5,
                    "?!" => 6,
                    other => {
                        return Err(SyntaxError {
                            message: format!("unknown annotation {other:?}"),
                            at: i,
                        });
                    }
                };
                out.push(Lex::Nag(nag), i, stop)?;
            }
            '0' | 'O' | 'o' => out.push(Lex::O, i, end)?,
            '1'..='9' => out.push(Lex::Digit(c as u8 - b'0'), i, end)?,
            'I' => {
                out.repairs |= syntax::LETTER_FOR_DIGIT;
                out.push(Lex::Digit(1), i, end)?;
            }
            'A'..='Z'
                if let Some(role) = bytes
                    .get(end)
                    .and_then(|&next| lang.digraph([c as u8, next])) =>
            {
                chars.next();
                out.push(Lex::Letter(lang.letter(role)), i, end + 1)?;
            }
            'A'..='Z' | 'a'..='z' | 'é' => {
                // A run of lower-case letters, after an upper-case letter or alone.
                let mut stop = end;
                while let Some(&(j, d)) = chars.peek() {
                    if !is_lower(d) {
                        break;
                    }
                    stop = j + d.len_utf8();
                    chars.next();
                }
                let upper = c.is_ascii_uppercase();
                let run_start = if upper { end } else { i };
                // The word in lower case, on the stack: only its first letter may be upper.
                let mut buf = [0u8; 24];
                let whole = if upper && stop > end && stop - i <= buf.len() {
                    buf[..stop - i].copy_from_slice(&bytes[i..stop]);
                    buf[0] = buf[0].to_ascii_lowercase();
                    std::str::from_utf8(&buf[..stop - i]).unwrap_or("")
                } else {
                    ""
                };
                // `Castles`, `Ch`, `Sq`, `Mate`: an upper-case letter that starts a word.
                let mut items: [(Option<Lex>, usize, usize); 16] = [(None, 0, 0); 16];
                let mut count = 0;
                let as_word = upper
                    && stop > end
                    && words(whole, |lex, s, e| {
                        if count < items.len() {
                            items[count] = (lex, s, e);
                            count += 1;
                        }
                    })
                    && items[0].2 - items[0].1 > 1;
                if as_word {
                    for (lex, s, e) in &items[..count] {
                        if let Some(lex) = lex {
                            out.push(*lex, i + s, i + e)?;
                        }
                    }
                    continue;
                }
                if upper {
                    if lang.role(c as u8).is_none() {
                        return Err(SyntaxError {
                            message: format!("{c:?} is not a piece or file letter"),
                            at: i,
                        });
                    }
                    out.push(Lex::Letter(c as u8), i, end)?;
                }
                if stop > run_start {
                    let run = &text[run_start..stop];
                    let mut pushed: Result<(), SyntaxError> = Ok(());
                    let mut letter_digit = false;
                    let known = words(run, |lex, s, e| {
                        if let Some(lex) = lex
                            && pushed.is_ok()
                        {
                            letter_digit |= lex == Lex::Digit(1);
                            pushed = out.push(lex, run_start + s, run_start + e);
                        }
                    });
                    pushed?;
                    if letter_digit {
                        out.repairs |= syntax::LETTER_FOR_DIGIT;
                    }
                    if !known {
                        return Err(SyntaxError {
                            message: format!("unknown word {run:?}"),
                            at: run_start,
                        });
                    }
                }
            }
            _ => {
                return Err(SyntaxError {
                    message: format!("unexpected {c:?}"),
                    at: i,
                });
            }
        }
    }
    Ok(out)
}

/// Reads a whole token as one move.
pub(crate) fn parse_token(text: &str, lang: &Language) -> Result<Parsed, SyntaxError> {
    let lexemes = lex(text, lang)?;
    let items = lexemes.as_slice();
    if items.is_empty() {
        return Err(SyntaxError {
            message: "empty move".into(),
            at: 0,
        });
    }
    let mut reader = Reader {
        lx: items,
        i: 0,
        lang,
        repairs: lexemes.repairs,
        segment: false,
    };
    let parsed = reader.parse_move(text)?;
    if let Some(rest) = items.get(reader.i) {
        return Err(SyntaxError {
            message: format!("unexpected {:?} after the move", &text[rest.start()..]),
            at: rest.start(),
        });
    }
    Ok(parsed)
}

/// Reads consecutive moves in one piece of text (`K - Kt 1 P - Kt 5`), each with its byte
/// range. The moves of a book line are told apart by the grammar when no wide space does it.
pub(crate) fn parse_many(
    text: &str,
    lang: &Language,
) -> Result<Vec<(Parsed, std::ops::Range<usize>)>, SyntaxError> {
    let lexemes = lex(text, lang)?;
    let items = lexemes.as_slice();
    let mut reader = Reader {
        lx: items,
        i: 0,
        lang,
        repairs: lexemes.repairs,
        segment: true,
    };
    let mut moves = Vec::new();
    while reader.i < items.len() {
        let first = reader.i;
        let parsed = reader.parse_move(text)?;
        let range = items[first].start()..items[reader.i - 1].end();
        moves.push((parsed, range));
        // Repairs found while lexing belong to the first move; later ones start clean.
        reader.repairs = 0;
    }
    Ok(moves)
}

/// `true` if the text is only signs that follow a move (`ch`, `mate`, `e.p.`, `dis. ch`): a
/// book or record that wrote them apart from their move.
pub(crate) fn is_suffix(text: &str, lang: &Language) -> bool {
    let Ok(lexemes) = lex(text, lang) else {
        return false;
    };
    let items = lexemes.as_slice();
    !items.is_empty()
        && items.iter().all(|l| {
            matches!(
                l.lex,
                Lex::Mark(_) | Lex::Dis | Lex::Dbl | Lex::EnPassant | Lex::Nag(_)
            )
        })
}

struct Reader<'a> {
    lx: &'a [Lexeme],
    i: usize,
    lang: &'a Language,
    repairs: u8,
    /// Reading a run of moves: a letter run may end where the next move starts.
    segment: bool,
}

impl Reader<'_> {
    fn peek(&self) -> Option<Lex> {
        self.lx.get(self.i).map(|l| l.lex)
    }

    fn peek_at(&self, k: usize) -> Option<Lex> {
        self.lx.get(k).map(|l| l.lex)
    }

    fn error(&self, text: &str, message: impl Into<String>) -> SyntaxError {
        let at = self.lx.get(self.i).map_or(text.len(), Lexeme::start);
        SyntaxError {
            message: message.into(),
            at,
        }
    }

    /// The letters from `self.i` on, without consuming them.
    fn letters(&self, from: usize) -> ([u8; MAX_LEXEMES], usize) {
        let mut run = [0u8; MAX_LEXEMES];
        let mut n = 0;
        while let Some(Lex::Letter(l)) = self.peek_at(from + n) {
            run[n] = l;
            n += 1;
        }
        (run, n)
    }

    fn parse_move(&mut self, text: &str) -> Result<Parsed, SyntaxError> {
        let body = match self.peek() {
            Some(Lex::O) => self.castling(text)?,
            Some(Lex::Castles) => {
                self.i += 1;
                Body::Castle(self.castles_side())
            }
            Some(Lex::Letter(_)) => Body::Piece(self.piece_move(text)?),
            _ => return Err(self.error(text, "expected a piece letter or castling")),
        };
        let mut parsed = Parsed {
            body,
            mark: Mark::None,
            en_passant: false,
            nags: [0; 2],
            repairs: self.repairs,
        };
        self.suffixes(&mut parsed);
        Ok(parsed)
    }

    fn castling(&mut self, text: &str) -> Result<Body, SyntaxError> {
        let mut count = 1;
        self.i += 1;
        loop {
            match (self.peek(), self.peek_at(self.i + 1)) {
                (Some(Lex::Dash), Some(Lex::O)) => self.i += 2,
                (Some(Lex::O), _) => self.i += 1,
                _ => break,
            }
            count += 1;
        }
        match count {
            2 => Ok(Body::Castle(Some(CastlingSide::KingSide))),
            3 => Ok(Body::Castle(Some(CastlingSide::QueenSide))),
            _ => Err(self.error(text, "castling is O-O or O-O-O")),
        }
    }

    /// `Castles KR`, `Castles (Q)`, `Castles Q R`: the side, if written.
    fn castles_side(&mut self) -> Option<CastlingSide> {
        let start = self.i;
        let open = self.peek() == Some(Lex::Open);
        if open {
            self.i += 1;
        }
        let side = match self.peek() {
            Some(Lex::Letter(l)) => self.lang.wing(l),
            _ => None,
        };
        let Some(wing) = side else {
            self.i = start;
            return None;
        };
        self.i += 1;
        if let Some(Lex::Letter(l)) = self.peek()
            && self.lang.role(l) == Some(Role::Rook)
        {
            self.i += 1;
        }
        if open {
            if self.peek() == Some(Lex::Close) {
                self.i += 1;
            } else {
                self.i = start;
                return None;
            }
        }
        Some(match wing {
            Wing::King => CastlingSide::KingSide,
            Wing::Queen => CastlingSide::QueenSide,
        })
    }

    fn piece_move(&mut self, text: &str) -> Result<PieceMove, SyntaxError> {
        let (run, n) = self.letters(self.i);
        let run = &run[..n];
        let after = self.i + n;
        let next = self.peek_at(after);

        // Rank first (French): `P4R`, `TD3FR`.
        if self.lang.rank_first
            && matches!(next, Some(Lex::Digit(_)))
            && let Some(piece) = self.who(run)
        {
            let save = self.i;
            self.i = after;
            if let Some(to) = self.square()
                && to.is_full()
            {
                return self.finish_move(text, piece, SquareSet::ANY, Target::To(to));
            }
            self.i = save;
        }
        // `P K 4`: the dash is missing, the run holds the piece and the file.
        if matches!(next, Some(Lex::Digit(_) | Lex::Sq)) {
            for k in (1..n).rev() {
                if let (Some(piece), Some(_)) = (self.who(&run[..k]), self.file(&run[k..])) {
                    self.i += k;
                    let Some(to) = self.square().filter(|s| s.is_full()) else {
                        return Err(self.error(text, "expected a square"));
                    };
                    self.repairs |= syntax::MISSING_DASH;
                    return self.finish_move(text, piece, SquareSet::ANY, Target::To(to));
                }
            }
        }
        let Some(piece) = self.who(run) else {
            return Err(self.error(text, format!("{:?} names no piece", letters_text(run))));
        };
        self.i = after;

        // `R(QR3)-Q3`, `N/Q2-B3`, `R(6)xN`.
        let mut from = SquareSet::ANY;
        match self.peek() {
            Some(Lex::Open) => {
                self.i += 1;
                from = self
                    .square()
                    .ok_or_else(|| self.error(text, "expected the square the piece stands on"))?;
                if self.peek() != Some(Lex::Close) {
                    return Err(self.error(text, "expected ')'"));
                }
                self.i += 1;
            }
            Some(Lex::Slash) => {
                self.i += 1;
                from = self
                    .square()
                    .ok_or_else(|| self.error(text, "expected the square the piece stands on"))?;
            }
            _ => {}
        }

        match self.peek() {
            Some(Lex::Dash) => {
                self.i += 1;
                match self.square() {
                    Some(to) if to.is_full() => self.finish_move(text, piece, from, Target::To(to)),
                    Some(to) if piece.role == Role::Pawn && to.ranks == ALL && to.files != ALL => {
                        self.repairs |= syntax::MISSING_RANK;
                        self.finish_move(text, piece, from, Target::To(to))
                    }
                    // `Kt-P`: no square, but a piece, which the capture sign goes before.
                    None if self.victim_follows() => {
                        self.repairs |= syntax::DASH_BEFORE_PIECE;
                        let target = self.victim(text)?;
                        self.finish_move(text, piece, from, target)
                    }
                    _ => Err(self.error(text, "expected a square after '-'")),
                }
            }
            Some(Lex::Takes) => {
                self.i += 1;
                let target = self.victim(text)?;
                self.finish_move(text, piece, from, target)
            }
            Some(Lex::Digit(_)) if self.lang.rank_first => match self.square() {
                Some(to) if to.is_full() => self.finish_move(text, piece, from, Target::To(to)),
                _ => Err(self.error(text, "expected a square")),
            },
            _ => Err(self.error(text, "expected '-' or a capture sign")),
        }
    }

    /// Whether the letters at the cursor name a piece and nothing after them makes a square
    /// of them (`P`, `KtP`, not `KB3`).
    fn victim_follows(&self) -> bool {
        let (run, n) = self.letters(self.i);
        n > 0
            && self.who(&run[..n]).is_some()
            && !matches!(self.peek_at(self.i + n), Some(Lex::Digit(_) | Lex::Sq))
    }

    /// What a capture takes: `P`, `KtP`, `KB`, with a square `(Q5)` or `/QB6` after it.
    fn victim(&mut self, text: &str) -> Result<Target, SyntaxError> {
        let (run, mut n) = self.letters(self.i);
        if n == 0 {
            return Err(self.error(text, "expected the piece taken"));
        }
        // `BxQ5`: a square rather than a piece.
        if matches!(self.peek_at(self.i + n), Some(Lex::Digit(_) | Lex::Sq)) {
            let start = self.i;
            if let Some(at) = self.square().filter(|s| s.is_full()) {
                self.repairs |= syntax::CAPTURE_OF_SQUARE;
                return Ok(Target::Takes { victim: None, at });
            }
            self.i = start;
        }
        // In a run of moves, `Q × Q P × Q` is `Q × Q` then `P × Q`.
        if self.segment
            && matches!(self.peek_at(self.i + n), Some(Lex::Dash | Lex::Takes))
            && let Some(k) = (1..n)
                .rev()
                .find(|&k| self.who(&run[..k]).is_some() && self.who(&run[k..n]).is_some())
        {
            n = k;
        }
        let Some(victim) = self.who(&run[..n]) else {
            return Err(self.error(
                text,
                format!("{:?} names no piece", letters_text(&run[..n])),
            ));
        };
        self.i += n;
        let mut at = SquareSet::ANY;
        match (self.peek(), self.peek_at(self.i + 1)) {
            (Some(Lex::Open), _) => {
                let start = self.i;
                self.i += 1;
                match self.square() {
                    Some(sq) if self.peek() == Some(Lex::Close) && !self.is_role_only(start) => {
                        self.i += 1;
                        at = sq;
                    }
                    _ => self.i = start,
                }
            }
            (Some(Lex::Slash), Some(Lex::Letter(_) | Lex::Digit(_))) => {
                let start = self.i;
                self.i += 1;
                match self.square() {
                    Some(sq) if !self.is_role_only(start) => at = sq,
                    _ => self.i = start,
                }
            }
            _ => {}
        }
        Ok(Target::Takes {
            victim: Some(victim),
            at,
        })
    }

    /// `true` if what follows `(` or `/` at `open` is a lone piece letter: a promotion, not
    /// a square.
    fn is_role_only(&self, open: usize) -> bool {
        matches!(
            (self.peek_at(open + 1), self.peek_at(open + 2)),
            (Some(Lex::Letter(l)), next)
                if !matches!(next, Some(Lex::Letter(_) | Lex::Digit(_) | Lex::Sq))
                    && matches!(self.lang.role(l), Some(Role::Queen | Role::Rook | Role::Bishop | Role::Knight))
        )
    }

    fn finish_move(
        &mut self,
        text: &str,
        piece: Who,
        from: SquareSet,
        target: Target,
    ) -> Result<PieceMove, SyntaxError> {
        let promotion = self.promotion(text)?;
        Ok(PieceMove {
            piece,
            from,
            target,
            promotion,
        })
    }

    /// `=Q`, `(Q)`, `/Q`, or a bare `Q` ending the move.
    fn promotion(&mut self, text: &str) -> Result<Option<Role>, SyntaxError> {
        let promoted = |l: u8| {
            self.lang
                .role(l)
                .filter(|r| matches!(r, Role::Queen | Role::Rook | Role::Bishop | Role::Knight))
        };
        match (
            self.peek(),
            self.peek_at(self.i + 1),
            self.peek_at(self.i + 2),
        ) {
            (Some(Lex::Equals), Some(Lex::Letter(l)), _) => {
                let role = promoted(l).ok_or_else(|| self.error(text, "no promotion to that"))?;
                self.i += 2;
                Ok(Some(role))
            }
            (Some(Lex::Open), Some(Lex::Letter(l)), Some(Lex::Close)) if promoted(l).is_some() => {
                self.i += 3;
                Ok(promoted(l))
            }
            (Some(Lex::Slash), Some(Lex::Letter(l)), next)
                if promoted(l).is_some()
                    && !matches!(next, Some(Lex::Letter(_) | Lex::Digit(_) | Lex::Sq)) =>
            {
                self.i += 2;
                Ok(promoted(l))
            }
            (Some(Lex::Letter(l)), next, _)
                if promoted(l).is_some()
                    && !matches!(
                        next,
                        Some(
                            Lex::Letter(_)
                                | Lex::Digit(_)
                                | Lex::Dash
                                | Lex::Takes
                                | Lex::Open
                                | Lex::Slash
                        )
                    ) =>
            {
                self.i += 1;
                Ok(promoted(l))
            }
            _ => Ok(None),
        }
    }

    fn suffixes(&mut self, parsed: &mut Parsed) {
        let mut modifier = Mark::Check;
        let mut nags = 0;
        while let Some(lex) = self.peek() {
            match lex {
                Lex::Mark(mark) => {
                    parsed.mark = match (mark, modifier) {
                        (Mark::Check, Mark::Discovered | Mark::Double) => modifier,
                        // `échec et mat`: the mate wins.
                        (Mark::Check, _) if parsed.mark == Mark::Mate => Mark::Mate,
                        _ => mark,
                    };
                }
                Lex::Dis => modifier = Mark::Discovered,
                Lex::Dbl => modifier = Mark::Double,
                Lex::EnPassant => parsed.en_passant = true,
                Lex::Nag(nag) if nags < parsed.nags.len() => {
                    parsed.nags[nags] = nag;
                    nags += 1;
                }
                _ => break,
            }
            self.i += 1;
        }
        // `dbl` or `dis` with no `ch` after them still mark the check.
        if parsed.mark == Mark::None && modifier != Mark::Check {
            parsed.mark = modifier;
        }
    }

    /// A square, a file or a rank: `KB3`, `B3`, `Q sq`, `6`, `Kt`; French also `3FR`.
    fn square(&mut self) -> Option<SquareSet> {
        let (run, n) = self.letters(self.i);
        if n > 0 {
            let files = self.file(&run[..n])?;
            self.i += n;
            let ranks = self.rank().unwrap_or(ALL);
            return Some(SquareSet { files, ranks });
        }
        let ranks = self.rank()?;
        let mut files = ALL;
        if self.lang.rank_first {
            let (run, n) = self.letters(self.i);
            if n > 0
                && let Some(f) = self.file(&run[..n])
            {
                files = f;
                self.i += n;
            }
        }
        Some(SquareSet { files, ranks })
    }

    fn rank(&mut self) -> Option<u8> {
        match self.peek()? {
            Lex::Digit(d @ 1..=8) => {
                self.i += 1;
                Some(1 << (d - 1))
            }
            Lex::Sq => {
                self.i += 1;
                Some(1)
            }
            _ => None,
        }
    }

    /// A file name: English `K`, `Q`, `B`, `KB`, `QKt`; French `R`, `D`, `F`, `FR`, `CD`.
    fn file(&self, run: &[u8]) -> Option<Files> {
        let lang = self.lang;
        match *run {
            [l] => {
                let role = lang.role(l)?;
                (role != Role::Pawn).then(|| files_of(role, None))
            }
            [a, b] => {
                let (wing, base) = lang.qualifier_noun(a, b);
                let wing = lang.wing(wing)?;
                match lang.role(base)? {
                    role @ (Role::Rook | Role::Knight | Role::Bishop) => {
                        Some(files_of(role, Some(wing)))
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// A piece name: `K`, `KR`, `QKt`, `P`, `QBP`; French `R`, `TD`, `CR`, `P`, `PFR`.
    fn who(&self, run: &[u8]) -> Option<Who> {
        let lang = self.lang;
        let (&first, rest) = run.split_first()?;
        let (&last, init) = run.split_last()?;
        let pawn = lang.letter(Role::Pawn);
        let pawn_files = match lang.noun_first {
            false if last == pawn && !init.is_empty() => Some(init),
            true if first == pawn && !rest.is_empty() => Some(rest),
            _ => None,
        };
        if let Some(file) = pawn_files {
            return Some(Who {
                role: Role::Pawn,
                wing: None,
                files: self.file(file)?,
            });
        }
        match *run {
            [l] => Some(Who::role(lang.role(l)?)),
            [a, b] => {
                let (wing, base) = lang.qualifier_noun(a, b);
                let wing = lang.wing(wing)?;
                match lang.role(base)? {
                    role @ (Role::Rook | Role::Knight | Role::Bishop) => Some(Who {
                        role,
                        wing: Some(wing),
                        files: ALL,
                    }),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

fn letters_text(run: &[u8]) -> String {
    run.iter().map(|&b| char::from(b)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn en(text: &str) -> Parsed {
        parse_token(text, &Language::ENGLISH).unwrap_or_else(|e| panic!("{text}: {e:?}"))
    }

    fn fr(text: &str) -> Parsed {
        parse_token(text, &Language::FRENCH).unwrap_or_else(|e| panic!("{text}: {e:?}"))
    }

    fn piece(p: Parsed) -> PieceMove {
        match p.body {
            Body::Piece(m) => m,
            Body::Castle(_) => panic!("castling"),
        }
    }

    #[test]
    fn spaced_and_glued_forms_read_alike() {
        assert_eq!(en("Kt - K B 3"), en("N-KB3"));
        // Capitals, as a book set in them prints the knight.
        assert_eq!(en("KT-KB3"), en("N-KB3"));
        assert_eq!(en("B-KT5"), en("B-N5"));
        assert_eq!(en("QKTxP"), en("QNxP"));
        // A dash before the piece taken: the capture, read leniently.
        let dashed = en("Kt-P");
        assert_eq!(dashed.repairs, syntax::DASH_BEFORE_PIECE);
        assert_eq!(dashed.body, en("KtxP").body);
        assert_eq!(en("R - B 5 ch"), en("R-B5ch"));
        assert_eq!(en("Q × P ch"), en("QxPch"));
        assert_eq!(en("R–K.Sq."), en("R-K1"));
        assert_eq!(en("P-Kt8=Q"), en("P-N8(Q)"));
        assert_eq!(en("P-R8/Q"), en("P-R8(Q)"));
        assert_eq!(en("B×Kt++").mark, Mark::CheckPlus);
        assert_eq!(en("P-Q4dis.ch").mark, Mark::Discovered);
        assert_eq!(en("B-B5dblch").mark, Mark::Double);
        assert_eq!(en("Kt-Kt6 mate!").mark, Mark::Mate);
        assert_eq!(en("Kt-Kt6 mate!").nags, [1, 0]);
        assert!(en("PxPe.p.").en_passant);
        assert!(en("P × P e.p.").en_passant);
    }

    #[test]
    fn qualifiers() {
        let m = piece(en("R(QR3)-Q3"));
        assert_eq!(m.from.files, 1);
        assert_eq!(m.from.ranks, 1 << 2);
        let m = piece(en("R(6)xN"));
        assert_eq!(m.from.files, ALL);
        let m = piece(en("PxP(Q5)"));
        assert!(matches!(m.target, Target::Takes { at, .. } if at.files == 1 << 3));
        let m = piece(en("BxN/QB6"));
        assert!(matches!(m.target, Target::Takes { at, .. } if at.files == 1 << 2));
        let m = piece(en("PxR(Q)ch"));
        assert_eq!(m.promotion, Some(Role::Queen));
        let m = piece(en("KBPxP"));
        assert_eq!(m.piece.files, 1 << 5);
        let m = piece(en("B×KtP"));
        assert!(
            matches!(m.target, Target::Takes { victim: Some(v), .. } if v.files == 0b0100_0010)
        );
    }

    #[test]
    fn french_forms() {
        assert_eq!(fr("P4R"), fr("P-R4"));
        assert_eq!(fr("D4FR"), fr("D-FR4"));
        assert_eq!(fr("TD3FR"), fr("TD-FR3"));
        assert_eq!(fr("T:F"), fr("T×F"));
        let m = piece(fr("C-FR3"));
        assert_eq!(m.piece.role, Role::Knight);
    }

    #[test]
    fn castling_forms() {
        let king = Body::Castle(Some(CastlingSide::KingSide));
        let queen = Body::Castle(Some(CastlingSide::QueenSide));
        assert_eq!(en("O-O").body, king);
        assert_eq!(en("0-0").body, king);
        assert_eq!(en("O - O - O").body, queen);
        assert_eq!(en("Castles").body, Body::Castle(None));
        assert_eq!(en("Castles KR").body, king);
        assert_eq!(en("Castles QR").body, queen);
        assert_eq!(en("O-O-Och").mark, Mark::Check);
    }

    #[test]
    fn misprints_are_repaired_and_flagged() {
        assert_eq!(en("P K 4 !").repairs, syntax::MISSING_DASH);
        assert_eq!(en("K-KI").repairs, syntax::LETTER_FOR_DIGIT);
        assert_eq!(piece(en("K-KI")), piece(en("K-K1")));
    }

    #[test]
    fn runs_of_moves_split_by_the_grammar() {
        let moves = parse_many("K - Kt 1 P - Kt 5", &Language::ENGLISH).unwrap();
        assert_eq!(moves.len(), 2);
        assert_eq!(moves[1].1, 9..17);
        let moves = parse_many("Q × Q P × Q", &Language::ENGLISH).unwrap();
        assert_eq!(moves.len(), 2);
    }

    #[test]
    fn suffixes_alone() {
        for s in ["ch", "mate", "e.p.", "dis. ch", "dbl ch", "+", "++"] {
            assert!(is_suffix(s, &Language::ENGLISH), "{s}");
        }
        assert!(!is_suffix("P-K4", &Language::ENGLISH));
        assert!(!is_suffix("", &Language::ENGLISH));
    }

    #[test]
    fn errors_point_at_the_place() {
        let err = parse_token("N-KZ3", &Language::ENGLISH).unwrap_err();
        assert_eq!(err.at, 3);
        assert!(parse_token("P-K4 and wins", &Language::ENGLISH).is_err());
        assert!(parse_token("Nf3", &Language::ENGLISH).is_err());
    }
}
