//! The writer: tags in roster order, then movetext numbered and wrapped as the PGN export format
//! lays it out.

use std::borrow::Cow;

use crate::{Color, MoveEvent, MovetextSink, Nag};

use super::dialect::{Dialect, NagStyle};
use super::game::{Element, RawGame};
use super::lexer::{self, Piece, lanes};

/// The first move of a movetext: its number and the side that plays it.
///
/// The reader cannot know who moves first without the game's rules (a `FEN` tag may give Black
/// the move), so the caller tells the writer. [`RawGame::first_move_hint`] offers what the
/// written move numbers say.
///
/// # Examples
///
/// ```
/// use board_core::{Color, FirstMove};
///
/// assert_eq!(FirstMove::default(), FirstMove::new(1, Color::White));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FirstMove {
    /// The full-move number of the first move.
    pub number: u32,
    /// The side that plays it.
    pub side: Color,
}

impl FirstMove {
    /// Move `number`, played by `side`.
    #[must_use]
    pub const fn new(number: u32, side: Color) -> FirstMove {
        FirstMove { number, side }
    }
}

impl Default for FirstMove {
    /// Move 1, White.
    fn default() -> FirstMove {
        FirstMove::new(1, Color::White)
    }
}

/// The move's label as records and messages write it: `12.` for White, `12...` for Black.
///
/// # Examples
///
/// ```
/// use board_core::{Color, FirstMove};
///
/// assert_eq!(FirstMove::new(12, Color::White).to_string(), "12.");
/// assert_eq!(format!("after {} Kg8", FirstMove::new(41, Color::Black)), "after 41... Kg8");
/// ```
impl std::fmt::Display for FirstMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let dots = match self.side {
            Color::White => ".",
            Color::Black => "...",
        };
        write!(f, "{}{dots}", self.number)
    }
}

/// Writes a tag section: the dialect's roster tags first, in roster order (missing ones filled
/// when the dialect says so, `Result` with `result`), then the other tags in their order, then
/// a blank line. Writes nothing for no tags and no roster to fill.
///
/// Values are escaped (`"` as `\"`, `\` as `\\`); line breaks in a value become spaces. A
/// `Result` tag is written in the dialect's own spelling (`1/2-1/2` for `½-½`), which every
/// program reads.
///
/// # Examples
///
/// ```
/// use board_core::{Dialect, write_tags};
///
/// let mut out = String::new();
/// write_tags(&mut out, &Dialect::pgn(), &[("ECO", "C20"), ("White", "Anderssen \"the\" master")], "1-0");
/// assert_eq!(out, "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
///     [White \"Anderssen \\\"the\\\" master\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n\n");
///
/// let mut out = String::new();
/// write_tags(&mut out, &Dialect::pdn(), &[("Event", "NK")], "2-0");
/// assert_eq!(out, "[Event \"NK\"]\n\n");
/// ```
pub fn write_tags<N: AsRef<str>, V: AsRef<str>>(
    out: &mut String,
    dialect: &Dialect,
    tags: &[(N, V)],
    result: &str,
) {
    let start = out.len();
    if write_roster_in_order(out, dialect, tags) {
        return;
    }
    // Which tags are written already; on the stack for the tag sections of nearly every game.
    let mut few = [false; 32];
    let mut many = Vec::new();
    let written: &mut [bool] = match few.get_mut(..tags.len()) {
        Some(few) => few,
        None => {
            many.resize(tags.len(), false);
            &mut many
        }
    };
    // The roster goes first, unless the tag it would write first is one the section holds
    // twice (a recovered tag section): the reader starts a new game at the first tag's name
    // given again, so such a game keeps the order it was read in, where its first name is
    // unique, and the missing roster tags follow.
    let first_written = dialect.roster().iter().find(|(name, _)| {
        dialect.fills_roster() || tags.iter().any(|(n, _)| same_name(n.as_ref(), name))
    });
    let in_read_order = first_written.is_some_and(|(first, _)| {
        tags.iter()
            .filter(|(n, _)| same_name(n.as_ref(), first))
            .count()
            > 1
    });
    if in_read_order {
        for (name, value) in tags {
            if !name.as_ref().is_empty() {
                let value = match name.as_ref() {
                    "Result" => dialect.written_result(value.as_ref()),
                    _ => value.as_ref(),
                };
                write_tag(out, name.as_ref(), value);
            }
        }
        written.fill(true);
    }
    for (name, default) in dialect.roster().iter().filter(|_| !in_read_order) {
        match tags.iter().position(|(n, _)| same_name(n.as_ref(), name)) {
            Some(k) => {
                written[k] = true;
                let value = tags[k].1.as_ref();
                let value = if &**name == "Result" {
                    dialect.written_result(value)
                } else {
                    value
                };
                write_tag(out, name, value);
            }
            None if dialect.fills_roster() => {
                let value = if &**name == "Result" {
                    dialect.written_result(result)
                } else {
                    default
                };
                write_tag(out, name, value);
            }
            None => {}
        }
    }
    for ((name, value), done) in tags.iter().zip(written.iter()) {
        if !done && !name.as_ref().is_empty() {
            let value = match name.as_ref() {
                "Result" => dialect.written_result(value.as_ref()),
                _ => value.as_ref(),
            };
            write_tag(out, name.as_ref(), value);
        }
    }
    if in_read_order && dialect.fills_roster() {
        for (name, default) in dialect.roster() {
            if !tags.iter().any(|(n, _)| same_name(n.as_ref(), name)) {
                let value = if &**name == "Result" {
                    dialect.written_result(result)
                } else {
                    default
                };
                write_tag(out, name, value);
            }
        }
    }
    if out.len() > start {
        out.push('\n');
    }
}

/// [`write_tags`] for a section that starts with the dialect's roster, in roster order, and
/// holds its first name once: nearly every game written. The general way looks each roster
/// name up among the tags; here each is where it is expected, and the tags are written as they
/// stand. `false`, with nothing written, for any other section.
fn write_roster_in_order<N: AsRef<str>, V: AsRef<str>>(
    out: &mut String,
    dialect: &Dialect,
    tags: &[(N, V)],
) -> bool {
    let roster = dialect.roster();
    let Some((first, _)) = roster.first() else {
        return false;
    };
    // With a name given twice in the roster, the general way writes its first tag twice.
    if !dialect.roster_is_distinct()
        || tags.len() < roster.len()
        || !roster
            .iter()
            .zip(tags)
            .all(|((name, _), (n, _))| same_name(n.as_ref(), name))
        // The first name given again: the general way keeps the order it was read in.
        || tags[roster.len()..]
            .iter()
            .any(|(n, _)| same_name(n.as_ref(), first))
    {
        return false;
    }
    for (name, value) in tags {
        let (name, value) = (name.as_ref(), value.as_ref());
        if !name.is_empty() {
            let value = match name {
                "Result" => dialect.written_result(value),
                _ => value,
            };
            write_tag(out, name, value);
        }
    }
    out.push('\n');
    true
}

/// Whether two tag names are the same, told apart by length and first byte before their bytes
/// are compared: the roster's names are looked up among a game's tags for every game written,
/// and five of its seven names share their length with another (a `memcmp` call each).
#[inline]
pub(crate) fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.as_bytes().first() == b.as_bytes().first() && a == b
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    // Room for all of it at once: the pieces below then never grow the string.
    out.reserve(name.len() + value.len() + 6);
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    // Most values hold nothing to escape: one pass over their bytes, with no early exit, tells.
    if value
        .bytes()
        .fold(false, |seen, b| seen | ESCAPED[usize::from(b)])
    {
        push_escaped(out, value);
    } else {
        out.push_str(value);
    }
    out.push_str("\"]\n");
}

/// The bytes a tag value cannot hold as they are: `"` and `\\`, escaped, and line breaks.
static ESCAPED: [bool; 256] = {
    let mut escaped = [false; 256];
    escaped[b'"' as usize] = true;
    escaped[b'\\' as usize] = true;
    escaped[b'\n' as usize] = true;
    escaped[b'\r' as usize] = true;
    escaped
};

/// A tag value escaped, copied in runs between the bytes to escape.
#[cold]
fn push_escaped(out: &mut String, value: &str) {
    let mut rest = value;
    while let Some(at) = rest.bytes().position(|b| ESCAPED[usize::from(b)]) {
        out.push_str(&rest[..at]);
        match rest.as_bytes()[at] {
            b'\n' | b'\r' => out.push(' '),
            byte => {
                out.push('\\');
                out.push(char::from(byte));
            }
        }
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
}

/// Writes a movetext element by element, numbering the moves and wrapping the lines.
///
/// Every White move gets its number (`12.`); a Black move gets one (`12...`) when it opens the
/// movetext or a variation, or follows a comment or the end of a
/// variation. A variation replaces the move written just before it. Lines break between
/// elements and between the words of a comment, never inside a token, at the dialect's width; a
/// single element longer than that gets a line of its own.
///
/// A comment is written `{text}` with its white space runs made single spaces, or `;text` and a
/// line break when the text holds a `}`. Tokens are written as given: they must not be empty or
/// hold white space, `{`, `}`, `;`, `(` or `)` outside a glued group such as `e8(D)`.
///
/// # Examples
///
/// ```
/// use board_core::{Color, Dialect, FirstMove, MovetextWriter, Nag};
///
/// let dialect = Dialect::pgn();
/// let mut out = String::new();
/// let mut w = MovetextWriter::new(&mut out, &dialect, FirstMove::new(12, Color::Black));
/// w.move_token("Nf6");
/// w.move_token("Bg5");
/// w.nag(Nag(1));
/// w.move_token("Be7");
/// w.start_variation();
/// w.move_token("h6");
/// w.comment("the main  alternative");
/// w.end_variation();
/// w.move_token("Nc3");
/// w.finish("*");
/// assert_eq!(out, "12... Nf6 13. Bg5 $1 Be7 (13... h6 {the main alternative}) 14. Nc3 *\n\n");
/// ```
#[derive(Debug)]
pub struct MovetextWriter<'a> {
    out: &'a mut String,
    /// The length of `out` when the writer was made: where [`MovetextSink::abandon`] cuts back to.
    start: usize,
    dialect: &'a Dialect,
    /// The dialect's line width.
    line_width: usize,
    /// Where the current output line starts in `out`. Its width is its length in bytes, which
    /// is all an ASCII line needs: characters are counted only for a line longer in bytes than
    /// the width.
    line_start: usize,
    /// The length `out` must exceed for a move to go in after a plain space: `line_start` when
    /// no line break and no `(` wait for the next element, else `usize::MAX`. The three tests
    /// in one, made for every move; kept by [`MovetextWriter::sync_plain`].
    plain_after: usize,
    /// The element written last. Elements go straight into `out` and are placed at once (no
    /// buffer of their own to copy: this runs for every move); what is glued to one later (a
    /// glyph, a `)`) places it again, as it may no longer fit on its line.
    last: Option<Placed>,
    /// The last element is a `;` comment, which nothing may follow on its line.
    last_is_line_comment: bool,
    break_before_next: bool,
    /// `(` to put before the next element.
    open: usize,
    /// The count of the line being written: the main line's, or the innermost open
    /// variation's. Kept here rather than at the end of `outer`, as every move updates it.
    level: Level,
    /// The counts of the lines the open variations left, the main line's first.
    outer: Vec<Level>,
    need_number: bool,
    /// The last element ends with a move token of this length that nothing is glued to yet.
    glue_to: Option<usize>,
}

/// Where an element was written, and what was written before it.
#[derive(Debug, Clone, Copy)]
struct Placed {
    /// Its first byte in `out`, after its separator.
    at: usize,
    separator: Separator,
}

/// The byte written just before an element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Separator {
    /// None: the element opens the movetext.
    None,
    /// A space, which becomes a line break when the element does not fit on the line.
    Space,
    /// A line break (the element follows a `;` comment).
    Break,
}

#[derive(Debug, Clone, Copy)]
struct Level {
    next: Ply,
    last: Option<Ply>,
}

#[derive(Debug, Clone, Copy)]
struct Ply {
    number: u32,
    black: bool,
}

impl Ply {
    /// Without a branch: this runs for every move.
    fn next(self) -> Ply {
        Ply {
            number: self.number.saturating_add(u32::from(self.black)),
            black: !self.black,
        }
    }
}

impl<'a> MovetextWriter<'a> {
    /// A writer appending to `out`, whose first move is `first`.
    pub fn new(out: &'a mut String, dialect: &'a Dialect, first: FirstMove) -> MovetextWriter<'a> {
        let next = Ply {
            number: first.number,
            black: first.side == Color::Black,
        };
        let start = out.len();
        MovetextWriter {
            start,
            out,
            dialect,
            line_width: dialect.line_width(),
            line_start: start,
            plain_after: start,
            last: None,
            last_is_line_comment: false,
            break_before_next: false,
            open: 0,
            level: Level { next, last: None },
            outer: Vec::new(),
            need_number: true,
            glue_to: None,
        }
    }

    /// Writes a move token, with its number when it needs one.
    pub fn move_token(&mut self, token: &str) {
        self.move_token_with(|buf| buf.push_str(token));
    }

    /// Writes a move token that `write` appends to the buffer it is given, with its number
    /// when it needs one: a notation formats a move straight into the writer, with no string
    /// of its own in between.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Color, Dialect, FirstMove, MovetextWriter};
    ///
    /// let mut out = String::new();
    /// let dialect = Dialect::pgn();
    /// let mut w = MovetextWriter::new(&mut out, &dialect, FirstMove::new(1, Color::White));
    /// w.move_token_with(|buf| buf.push_str("e2e4"));
    /// w.finish("*");
    /// assert_eq!(out, "1. e2e4 *\n\n");
    /// ```
    #[inline]
    pub fn move_token_with(&mut self, write: impl FnOnce(&mut String)) {
        let ply = self.level.next;
        // Nearly every move follows another element on its line, with nothing waiting to go
        // before it: its space and number go in as one string.
        let placed = if self.out.len() > self.plain_after {
            let at = self.out.len() + 1;
            if ply.black {
                self.out.push(' ');
                if self.need_number {
                    push_label(self.out, ply);
                }
            } else if !push_spaced_number(self.out, ply.number) {
                self.out.push(' ');
                push_label(self.out, ply);
            }
            // `last_is_line_comment` is false already: a `;` comment leaves a line break
            // waiting, which keeps this path closed.
            Placed {
                at,
                separator: Separator::Space,
            }
        } else {
            let placed = self.open_element();
            if !ply.black || self.need_number {
                push_label(self.out, ply);
            }
            placed
        };
        let start = self.out.len();
        write(self.out);
        self.level.last = Some(ply);
        self.level.next = ply.next();
        self.need_number = false;
        let end = self.out.len();
        self.glue_to = Some(end - start);
        // What `settle` decides for an element that fits on its line after a space.
        if placed.separator == Separator::Space
            && end != placed.at
            && end - self.line_start <= self.line_width
        {
            self.last = Some(placed);
        } else {
            self.settle(placed);
        }
    }

    /// Writes a NAG: `$n`, or in [`NagStyle::Glyph`] a glyph, glued to the move before it when
    /// it is the first NAG after that move.
    pub fn nag(&mut self, nag: Nag) {
        self.nag_value(u16::from(nag.0));
    }

    /// Writes a NAG by number, which may exceed 255 where the dialect allows it (`$902`).
    pub fn nag_value(&mut self, value: u16) {
        let glyph = match (self.dialect.nag_style(), u8::try_from(value)) {
            (NagStyle::Glyph, Ok(small)) => Nag(small).glyph(),
            _ => None,
        };
        let sign = match self.dialect.nag_style() {
            NagStyle::Glyph if glyph.is_none() => self.dialect.glued_sign(value),
            _ => None,
        };
        let token = self
            .glue_to
            .take()
            .map(|len| &self.out[self.out.len() - len..]);
        let glued = match (glyph, sign, token) {
            (Some(glyph), _, Some(token)) if glues(token, glyph, self.dialect) => {
                Some((token.len(), glyph))
            }
            (None, Some(sign), Some(token)) if glues_inside(token, sign, self.dialect) => {
                Some((token.len(), sign))
            }
            _ => None,
        };
        if let Some((len, mark)) = glued {
            // What is glued stays glueable: `32-28!` then `*` gives `32-28!*`.
            self.glue_to = Some(len + mark.len());
            self.out.push_str(mark);
            self.settle_last();
            return;
        }
        let placed = self.open_element();
        match glyph {
            Some(glyph) => self.out.push_str(glyph),
            None => {
                self.out.push('$');
                push_number(self.out, u32::from(value));
            }
        }
        self.settle(placed);
        // A NAG is no comment: the export format numbers a Black move only after a comment or
        // at the start or end of a variation (`5. Nxe5 $1 Bxd1`).
        self.glue_to = None;
    }

    /// Writes a comment (see the type's documentation for its form).
    pub fn comment(&mut self, text: &str) {
        // Words one space apart hold no `}`: the text's one pass tells both.
        let spaced = SingleSpaced::of(text);
        if spaced.is_none() && text.as_bytes().contains(&b'}') {
            let placed = self.open_element();
            self.out.push(';');
            for (i, word) in text.split_whitespace().enumerate() {
                if i > 0 {
                    self.out.push(' ');
                }
                self.out.push_str(word);
            }
            self.settle(placed);
            self.last_is_line_comment = true;
            self.break_before_next = true;
            self.sync_plain();
        } else {
            // Each word an element, so that lines break between them.
            let mut placed = self.open_element();
            self.out.push('{');
            match spaced {
                // Words of ASCII one space apart that all fit on the line, as a clock comment
                // after every move of a lichess file does (a third of the time converting such
                // a file went to this loop, word by word): placed as that loop places them,
                // the first settled and the last one the element written last, the words
                // between them copied at once.
                Some(SingleSpaced { words, first, last })
                    if (self.out.len() + words.len()).saturating_sub(self.line_start)
                        < self.line_width =>
                {
                    if first < words.len() {
                        self.out.push_str(&words[..first]);
                        self.settle(placed);
                        let after_first = self.out.len();
                        self.out.push_str(&words[first..]);
                        // What the loop's `open_element` would have set is set already (by
                        // the first one): only the last word's place is left to keep.
                        placed = Placed {
                            at: after_first + (last - first) + 1,
                            separator: Separator::Space,
                        };
                    } else {
                        self.out.push_str(words);
                    }
                }
                // Not all on this line: word by word, where to break is `settle`'s to say, the
                // words found by their one spaces.
                Some(SingleSpaced { words, first, last }) => {
                    self.out.push_str(&words[..first]);
                    let mut space = first;
                    while space < words.len() {
                        self.settle(placed);
                        placed = self.open_element();
                        let from = space + 1;
                        space = if space == last {
                            words.len()
                        } else {
                            words.as_bytes()[from..]
                                .iter()
                                .position(|&b| b == b' ')
                                .map_or(words.len(), |at| from + at)
                        };
                        self.out.push_str(&words[from..space]);
                    }
                }
                None => {
                    for (i, word) in text.split_whitespace().enumerate() {
                        if i > 0 {
                            self.settle(placed);
                            placed = self.open_element();
                        }
                        self.out.push_str(word);
                    }
                }
            }
            self.out.push('}');
            self.settle(placed);
        }
        self.need_number = true;
        self.glue_to = None;
    }

    /// Opens a variation replacing the move written last.
    pub fn start_variation(&mut self) {
        let level = self.level;
        self.outer.push(level);
        self.level = Level {
            next: level.last.unwrap_or(level.next),
            last: None,
        };
        self.open += 1;
        self.sync_plain();
        self.need_number = true;
        self.glue_to = None;
    }

    /// Closes the innermost open variation; does nothing when none is open.
    pub fn end_variation(&mut self) {
        match self.outer.pop() {
            Some(level) => self.level = level,
            None => return,
        }
        if self.open > 0 || self.last.is_none() || self.last_is_line_comment {
            let placed = self.open_element();
            self.out.push(')');
            self.settle(placed);
        } else {
            self.out.push(')');
            self.settle_last();
        }
        self.need_number = true;
        self.glue_to = None;
    }

    /// Closes open variations, writes the result (`*` when unknown) and a blank line; gives
    /// back the string written to.
    pub fn finish(mut self, result: &str) -> &'a mut String {
        self.close(result);
        self.out
    }

    /// [`MovetextWriter::finish`] in place, for the sink.
    fn close(&mut self, result: &str) {
        while !self.outer.is_empty() {
            self.end_variation();
        }
        let placed = self.open_element();
        self.out.push_str(result);
        self.settle(placed);
        self.out.push_str("\n\n");
    }

    /// Writes the separator of a new element (a space or the line break a `;` comment asks
    /// for), then any waiting `(`.
    #[inline(always)]
    fn open_element(&mut self) -> Placed {
        let separator = if self.break_before_next {
            self.break_before_next = false;
            self.out.push('\n');
            Separator::Break
        } else if self.out.len() > self.line_start {
            self.out.push(' ');
            Separator::Space
        } else {
            Separator::None
        };
        let placed = Placed {
            at: self.out.len(),
            separator,
        };
        for _ in 0..self.open {
            self.out.push('(');
        }
        self.open = 0;
        self.last_is_line_comment = false;
        self.plain_after = self.line_start;
        placed
    }

    /// Sets [`MovetextWriter::plain_after`] from what it stands for.
    fn sync_plain(&mut self) {
        self.plain_after = if self.break_before_next || self.open > 0 {
            usize::MAX
        } else {
            self.line_start
        };
    }

    /// Places the element written from `placed.at` to the end of `out`: on the current line,
    /// or on a new one when it does not fit (its space becomes a line break). Placed again
    /// once something is glued to it, it stays where it is or moves to the next line.
    #[inline(always)]
    fn settle(&mut self, placed: Placed) {
        let at = placed.at;
        if self.out.len() == at {
            self.unwrite(placed);
            return;
        }
        if placed.separator == Separator::Space && at != self.line_start {
            if self.out.len() - self.line_start <= self.line_width || self.line_fits() {
                self.last = Some(placed);
                return;
            }
            self.out.replace_range(at - 1..at, "\n");
        }
        self.line_start = at;
        self.sync_plain();
        // A line starting `%` is an escape line, and one starting `[Name "` a tag: keep them off
        // the first column.
        if matches!(self.out.as_bytes()[at], b'%' | b'[') {
            self.out.insert(at, ' ');
        }
        self.last = Some(placed);
    }

    /// Whether the current line, longer in bytes than the width, is no wider in characters.
    #[cold]
    fn line_fits(&self) -> bool {
        let line = &self.out[self.line_start..];
        !is_ascii(line.as_bytes()) && line.chars().count() <= self.line_width
    }

    /// Places the last element again, once something is glued to it.
    fn settle_last(&mut self) {
        if let Some(placed) = self.last {
            self.settle(placed);
        }
    }

    /// An element with nothing in it takes its separator back; the line break it was to start
    /// after waits for the next one.
    #[cold]
    fn unwrite(&mut self, placed: Placed) {
        match placed.separator {
            Separator::None => {}
            Separator::Space => self.out.truncate(placed.at - 1),
            Separator::Break => {
                self.out.truncate(placed.at - 1);
                self.break_before_next = true;
            }
        }
        self.sync_plain();
        self.last = None;
    }
}

/// The writer as the replay's output: the tags go in before the movetext (through
/// [`write_tags`]), the moves are numbered from the replay's first one, and an abandoned game
/// is cut off again, tags included.
impl MovetextSink for MovetextWriter<'_> {
    fn tags(&mut self, tags: &[(&str, Cow<'_, str>)], result: &str) {
        write_tags(self.out, self.dialect, tags, result);
        // The movetext starts on a line of its own.
        self.line_start = self.out.len();
        self.sync_plain();
    }

    #[inline]
    fn move_token(&mut self, event: MoveEvent, write: impl FnOnce(&mut String)) {
        // The writer counts the moves as the replay does; the first one sets where the count
        // starts, which a writer made before the game's start position was known cannot know.
        // The main line's last move is tested first: after the first move, the one test.
        if self.level.last.is_none() && self.outer.is_empty() {
            let ply = event.ply();
            self.level.next = Ply {
                number: ply.number,
                black: ply.side == Color::Black,
            };
        }
        self.move_token_with(|buf| {
            write(buf);
            if let Some(sign) = event.draw_offer_sign {
                buf.push_str(sign);
            }
        });
    }

    #[inline]
    fn nag(&mut self, value: u16) {
        self.nag_value(value);
    }

    #[inline]
    fn comment(&mut self, text: &str) {
        MovetextWriter::comment(self, text);
    }

    fn start_variation(&mut self) {
        MovetextWriter::start_variation(self);
    }

    fn end_variation(&mut self) {
        MovetextWriter::end_variation(self);
    }

    fn finish(&mut self, result: &str) {
        self.close(result);
    }

    fn abandon(&mut self) {
        self.out.truncate(self.start);
        self.last = None;
    }
}

/// Appends a move number in decimal without the formatting machinery: it runs for every move.
#[inline(always)]
fn push_number(out: &mut String, number: u32) {
    // Nearly every move number has one or two digits.
    if number < 100 {
        // Both below 10, so the casts keep every bit.
        let (tens, units) = ((number / 10) as u8, (number % 10) as u8);
        if tens > 0 {
            out.push(char::from(b'0' + tens));
        }
        out.push(char::from(b'0' + units));
        return;
    }
    let mut digits = [0u8; 10];
    let mut at = digits.len();
    let mut n = number;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &digit in &digits[at..] {
        out.push(char::from(digit));
    }
}

/// Appends a move's label: `12. ` for White, `12... ` for Black.
fn push_label(out: &mut String, ply: Ply) {
    push_number(out, ply.number);
    out.push_str(if ply.black { "... " } else { ". " });
}

/// Appends ` 1. ` to ` 99. `, a White move's number with the spaces around it, as one string
/// of known length, where the digits, the dot and the spaces cost a capacity test each (this
/// runs for every other move); `false`, with nothing appended, from 100 on.
#[inline(always)]
fn push_spaced_number(out: &mut String, number: u32) -> bool {
    let Some(&spaced) = SPACED_NUMBERS.get(number as usize) else {
        return false;
    };
    // Each length written out, so that each copy is a fixed-size one.
    if number < 10 {
        out.push_str(&spaced[..4]);
    } else {
        out.push_str(&spaced[..5]);
    }
    true
}

/// The labels `push_spaced_number` appends, `0` to `99`, five bytes apart in one string.
const SPACED_NUMBER_BYTES: [u8; 500] = {
    let mut bytes = [b' '; 500];
    let mut n = 0;
    while n < 100 {
        let at = 5 * n;
        if n < 10 {
            bytes[at + 1] = b'0' + n as u8;
            bytes[at + 2] = b'.';
        } else {
            bytes[at + 1] = b'0' + (n / 10) as u8;
            bytes[at + 2] = b'0' + (n % 10) as u8;
            bytes[at + 3] = b'.';
        }
        n += 1;
    }
    bytes
};

static SPACED_NUMBERS: [&str; 100] = {
    let mut labels = [""; 100];
    let mut n = 0;
    while n < 100 {
        let (_, rest) = SPACED_NUMBER_BYTES_REF.split_at(5 * n);
        let (label, _) = rest.split_at(if n < 10 { 4 } else { 5 });
        labels[n] = match std::str::from_utf8(label) {
            Ok(label) => label,
            Err(_) => panic!("the labels are ASCII"),
        };
        n += 1;
    }
    labels
};

static SPACED_NUMBER_BYTES_REF: &[u8; 500] = &SPACED_NUMBER_BYTES;

/// A comment's text without the spaces around it, when its words are printable ASCII one space
/// apart: what the writer's word-by-word loop would write of it, with where its first and last
/// space are (the text's length for none).
struct SingleSpaced<'a> {
    words: &'a str,
    first: usize,
    last: usize,
}

impl SingleSpaced<'_> {
    /// `None` for any other text (another white space, two spaces running, a byte beyond
    /// ASCII, a `}`), which the word-by-word loop writes. Eight bytes at a time: a comment
    /// follows every move of a file with clocks, and a byte at a time took about 240
    /// instructions for lichess's 16 bytes.
    #[inline]
    fn of(text: &str) -> Option<SingleSpaced<'_>> {
        let bytes = text.as_bytes();
        let mut start = 0;
        while bytes.get(start) == Some(&b' ') {
            start += 1;
        }
        let mut end = bytes.len();
        while end > start && bytes[end - 1] == b' ' {
            end -= 1;
        }
        let words = &text[start..end];
        let (mut first, mut last) = (words.len(), words.len());
        let mut space_before = false;
        let mut chunks = words.as_bytes().chunks_exact(8);
        let mut at = 0;
        let mut look = |word: u64, at: usize| -> bool {
            let bad = !lanes::in_range(word, b' ', b'~') & lanes::HIGHS | lanes::equal(word, b'}');
            let spaces = lanes::equal(word, b' ');
            if bad != 0 || spaces & (spaces >> 8 | u64::from(space_before) << 7) != 0 {
                return false;
            }
            if spaces != 0 {
                // Whole bytes: both casts keep every bit.
                if first == words.len() {
                    first = at + (spaces.trailing_zeros() / 8) as usize;
                }
                last = at + ((63 - spaces.leading_zeros()) / 8) as usize;
            }
            space_before = spaces >> 63 != 0;
            true
        };
        for chunk in chunks.by_ref() {
            if !look(u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])), at) {
                return None;
            }
            at += 8;
        }
        // The last bytes, after them letters: the text ends in no space.
        let mut tail = [b'a'; 8];
        let rest = chunks.remainder();
        tail[..rest.len()].copy_from_slice(rest);
        if !look(u64::from_le_bytes(tail), at) {
            return None;
        }
        Some(SingleSpaced { words, first, last })
    }
}

/// `true` if every byte is ASCII, eight at a time: a line is tested each time it fills up.
fn is_ascii(bytes: &[u8]) -> bool {
    let mut words = bytes.chunks_exact(8);
    let high = words.by_ref().fold(0, |high, word| {
        high | u64::from_le_bytes(word.try_into().unwrap_or([0; 8]))
    });
    let tail = words
        .remainder()
        .iter()
        .fold(0, |high, &b| high | u64::from(b));
    (high | tail) & 0x8080_8080_8080_8080 == 0
}

/// Whether `glyph` glued to `token` reads back as that move and that glyph.
fn glues(token: &str, glyph: &str, dialect: &Dialect) -> bool {
    let joined = format!("{token}{glyph}");
    if lexer::token_end(joined.as_bytes(), true) != Some(joined.len()) {
        return false;
    }
    let mut pieces = Vec::with_capacity(2);
    lexer::split_token(&joined, dialect, |piece, range| pieces.push((piece, range)));
    matches!(
        pieces.as_slice(),
        [(Piece::Move, first), (Piece::Glyph(_), _)] if *first == (0..token.len())
    )
}

/// Whether `sign` glued to `token` reads back as one move token, for its notation to split.
fn glues_inside(token: &str, sign: &str, dialect: &Dialect) -> bool {
    let joined = format!("{token}{sign}");
    if lexer::token_end(joined.as_bytes(), true) != Some(joined.len()) {
        return false;
    }
    let mut pieces = Vec::with_capacity(1);
    lexer::split_token(&joined, dialect, |piece, range| pieces.push((piece, range)));
    matches!(pieces.as_slice(), [(Piece::Move, all)] if *all == (0..joined.len()))
        && !dialect.is_result(&joined)
}

/// Writes a game as read, tokens unchanged: tags, movetext and result, as [`write_tags`] and
/// [`MovetextWriter`] do. A game without a result token gets its `Result` tag's value when
/// that is a result of the dialect, else `*`.
///
/// To write a game in another notation, drive [`write_tags`] and [`MovetextWriter`] from
/// [`RawGame::elements`] and pass each move token through the notation instead.
///
/// # Examples
///
/// ```
/// use board_core::{Dialect, FirstMove, RecordReader, write_game};
///
/// let text = "[White \"Morphy\"] 1.e4 e5!? {A  comment} 2.Nf3 ( 2.f4 ) Nc6";
/// let dialect = Dialect::pgn();
/// let game = RecordReader::new(text.as_bytes(), dialect.clone()).next().unwrap().unwrap();
/// let mut out = String::new();
/// write_game(&mut out, &game, &dialect, FirstMove::default());
/// assert_eq!(
///     out,
///     "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Morphy\"]\n\
///      [Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 $5 {A comment} 2. Nf3 (2. f4) 2... Nc6 *\n\n"
/// );
/// ```
pub fn write_game(out: &mut String, game: &RawGame, dialect: &Dialect, first: FirstMove) {
    let result_tag = game.tag("Result");
    let result = game
        .result()
        .map(|r| r.text)
        .or_else(|| result_tag.as_deref().filter(|r| dialect.is_result(r)))
        // A Result tag written `0:1` ends the movetext as the tag is written: `0-1`.
        .map_or("*", |r| dialect.written_result(r));
    let tags: Vec<(&str, Cow<'_, str>)> = game.tags().map(|t| (t.name, t.value())).collect();
    write_tags(out, dialect, &tags, result);
    let mut writer = MovetextWriter::new(out, dialect, first);
    for element in game.elements() {
        match element {
            Element::MoveNumber(_) => {}
            Element::Move(token) => writer.move_token(token.text),
            Element::Nag(nag) => writer.nag_value(nag.value),
            Element::Comment(comment) => writer.comment(comment.text),
            Element::StartVariation(_) => writer.start_variation(),
            Element::EndVariation(_) => writer.end_variation(),
        }
    }
    writer.finish(result);
}

/// The layout rules at the edges the record files rarely reach: the writer places each element
/// once it is written and again when something is glued to it, and counts a line's width in
/// characters only when its bytes exceed the width.
#[cfg(test)]
mod tests {
    use super::*;

    fn narrow() -> Dialect {
        Dialect::pgn().with_line_width(20)
    }

    #[test]
    fn a_line_comment_ends_its_line() {
        let dialect = Dialect::pgn();
        let mut out = String::new();
        let mut w = MovetextWriter::new(&mut out, &dialect, FirstMove::default());
        w.move_token("e4");
        w.comment("a } b");
        w.move_token("e5");
        w.start_variation();
        w.move_token("c5");
        w.comment("x}");
        w.end_variation();
        w.comment("y}");
        w.finish("*");
        assert_eq!(out, "1. e4 ;a } b\n1... e5 (1... c5 ;x}\n) ;y}\n*\n\n");
    }

    #[test]
    fn a_word_starting_a_line_with_percent_or_bracket_is_moved_off_the_first_column() {
        let dialect = narrow();
        let mut out = String::new();
        let mut w = MovetextWriter::new(&mut out, &dialect, FirstMove::default());
        w.move_token("e4");
        w.comment("%abc defgh %ijklmnop [x");
        w.move_token("abcdefghijklm");
        w.move_token("x");
        w.move_token("[abcdefghijklmnopq");
        w.finish("*");
        assert_eq!(
            out,
            "1. e4 {%abc defgh\n %ijklmnop [x}\n1... abcdefghijklm\n2. x\n [abcdefghijklmnopq\n*\n\n"
        );
    }

    #[test]
    fn width_is_counted_in_characters() {
        let dialect = narrow();
        let mut out = String::new();
        let mut w = MovetextWriter::new(&mut out, &dialect, FirstMove::default());
        for token in [
            "♘f3", "♘f6", "♘c3", "e6", "d4", "♞b4", "♗d2", "♞xc2+", "♔d1",
        ] {
            w.move_token(token);
        }
        w.finish("*");
        assert_eq!(
            out,
            "1. ♘f3 ♘f6 2. ♘c3 e6\n3. d4 ♞b4 4. ♗d2\n♞xc2+ 5. ♔d1 *\n\n"
        );
    }

    #[test]
    fn what_is_glued_to_an_element_can_move_it_to_the_next_line() {
        let dialect = narrow().with_nag_style(NagStyle::Glyph);
        let mut out = String::new();
        let mut w = MovetextWriter::new(&mut out, &dialect, FirstMove::default());
        for token in ["e4", "e5", "Nf3", "Nge7"] {
            w.move_token(token);
        }
        w.nag(Nag(1));
        w.finish("*");
        assert_eq!(out, "1. e4 e5 2. Nf3\nNge7! *\n\n");

        let mut out = String::new();
        let mut w = MovetextWriter::new(&mut out, &dialect, FirstMove::default());
        w.move_token("abcdefgh");
        w.move_token("ijklmn");
        w.start_variation();
        w.move_token("x");
        w.move_token("abcdefghi");
        w.end_variation();
        w.finish("*");
        assert_eq!(out, "1. abcdefgh ijklmn\n(1... x\n2. abcdefghi) *\n\n");
    }

    #[test]
    fn empty_variations_and_tokens() {
        let dialect = Dialect::pgn();
        let mut out = String::new();
        let mut w = MovetextWriter::new(&mut out, &dialect, FirstMove::default());
        w.move_token("e4");
        w.move_token("");
        w.move_token("Nf3");
        w.start_variation();
        w.end_variation();
        w.finish("*");
        assert_eq!(out, "1. e4 2. Nf3 () *\n\n");
    }

    #[test]
    fn move_numbers_of_one_two_and_three_digits() {
        let dialect = Dialect::pgn();
        let mut out = String::new();
        let mut w = MovetextWriter::new(&mut out, &dialect, FirstMove::new(9, Color::White));
        for token in ["a", "b", "c", "d"] {
            w.move_token(token);
        }
        w.comment("x");
        w.move_token("e");
        w.move_token("f");
        w.start_variation();
        w.move_token("g");
        w.end_variation();
        w.move_token("h");
        w.finish("*");
        assert_eq!(out, "9. a b 10. c d {x} 11. e f (11... g) 12. h *\n\n");

        let mut out = String::new();
        let mut w = MovetextWriter::new(&mut out, &dialect, FirstMove::new(99, Color::Black));
        w.move_token("a");
        w.move_token("b");
        w.comment("y");
        w.move_token("c");
        w.move_token("d");
        w.start_variation();
        w.move_token("e");
        w.move_token("f");
        w.end_variation();
        w.finish("*");
        assert_eq!(out, "99... a 100. b {y} 100... c 101. d (101. e f) *\n\n");
    }

    /// What `SingleSpaced::of` answers, a byte at a time.
    fn single_spaced_slowly(text: &str) -> Option<(&str, usize, usize)> {
        let words = text.trim_matches(' ');
        let fine = words
            .bytes()
            .all(|b| (b' '..=b'~').contains(&b) && b != b'}');
        (fine && !words.contains("  ")).then(|| {
            let first = words.find(' ').unwrap_or(words.len());
            let last = words.rfind(' ').unwrap_or(words.len());
            (words, first, last)
        })
    }

    #[test]
    fn single_spaced_words_are_told_eight_bytes_at_a_time() {
        let mut rng = testkit::Rng::new(0xc10c);
        let alphabet: [&str; 12] = [
            " ", " ", "a", "%", "[", "]", "}", "\t", "é", "\u{7f}", "\n", "0",
        ];
        for _ in 0..200_000 {
            let len = rng.below(30);
            let text: String = (0..len).map(|_| *rng.pick(&alphabet)).collect();
            let fast = SingleSpaced::of(&text).map(|s| (s.words, s.first, s.last));
            assert_eq!(fast, single_spaced_slowly(&text), "{text:?}");
        }
        for text in [
            "",
            " ",
            "[%clk 0:02:57]",
            " [%eval 1.76] [%clk 0:02:57] ",
            "a  b",
            "a}b",
        ] {
            let fast = SingleSpaced::of(text).map(|s| (s.words, s.first, s.last));
            assert_eq!(fast, single_spaced_slowly(text), "{text:?}");
        }
    }

    #[test]
    fn a_comment_of_single_spaced_words_is_placed_as_word_by_word() {
        // The same comment with a tab for one of its spaces takes the word-by-word loop; both
        // must write the same wherever the line stands, whatever follows.
        let mut rng = testkit::Rng::new(0x5eed);
        let words = [
            "[%clk",
            "0:02:57]",
            "[%eval",
            "1.76]",
            "a",
            "long-word-of-some-length",
            "x",
        ];
        for _ in 0..20_000 {
            let count = 1 + rng.below(5);
            let text: Vec<&str> = (0..count).map(|_| *rng.pick(&words)).collect();
            let spaced = format!(" {} ", text.join(" "));
            let tabbed = spaced.replacen(' ', "\t", 1 + rng.below(count + 1));
            let moves = rng.below(12);
            let width = 10 + rng.below(60);
            let after = rng.below(3);
            let dialect = Dialect::pgn().with_line_width(width);
            let write = |comment: &str| {
                let mut out = String::new();
                let mut w = MovetextWriter::new(&mut out, &dialect, FirstMove::default());
                w.start_variation();
                for _ in 0..moves {
                    w.move_token("Nf3");
                }
                w.comment(comment);
                match after {
                    0 => w.end_variation(),
                    1 => w.nag(Nag(1)),
                    _ => w.move_token("e4"),
                }
                w.finish("*");
                out
            };
            assert_eq!(
                write(&spaced),
                write(&tabbed),
                "{spaced:?} at width {width}"
            );
        }
    }

    #[test]
    fn ascii_is_told_eight_bytes_at_a_time() {
        for text in ["", "e4", "1. e4 e5 2. Nf3", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"] {
            assert!(is_ascii(text.as_bytes()), "{text}");
        }
        for text in ["é", "1. e4 é", "1. ♘f3 e5", "1. e4 e5 2. ♘f3"] {
            assert!(!is_ascii(text.as_bytes()), "{text}");
        }
    }

    #[test]
    fn tag_values_are_escaped_in_runs() {
        let mut out = String::new();
        write_tag(&mut out, "Annotator", "\"é\\x\n\r\" plain");
        assert_eq!(out, "[Annotator \"\\\"é\\\\x  \\\" plain\"]\n");
        let mut out = String::new();
        let tags: Vec<(String, &str)> = (0..40).map(|k| (format!("T{k}"), "v")).collect();
        write_tags(&mut out, &Dialect::pdn(), &tags, "*");
        assert_eq!(
            out.lines().count(),
            41,
            "40 tags, more than the stack holds, and a blank line"
        );
    }

    #[test]
    fn a_section_in_roster_order_is_written_as_the_general_way_writes_it() {
        let dialect = Dialect::pgn();
        let in_order = [
            ("Event", "E \"q\" \\"),
            ("Site", "line\nbreak"),
            ("Date", "2024.01.02"),
            ("Round", "1"),
            ("White", "W"),
            ("Black", "B"),
            ("Result", "½-½"),
            ("ECO", "C20"),
            ("", "no name"),
            ("White", "W again"),
        ];
        let mut fast = String::new();
        assert!(write_roster_in_order(&mut fast, &dialect, &in_order));
        // The roster tags shuffled take the general way.
        let mut shuffled = in_order;
        shuffled[..7].reverse();
        let mut general = String::new();
        write_tags(&mut general, &dialect, &shuffled, "*");
        assert_eq!(fast, general);
        assert!(fast.contains("[Result \"1/2-1/2\"]\n[ECO \"C20\"]\n[White \"W again\"]\n\n"));

        // Sections the general way writes otherwise.
        let mut out = String::new();
        let event_twice = [&in_order[..7], &[("Event", "again")]].concat();
        assert!(!write_roster_in_order(&mut out, &dialect, &event_twice));
        assert!(!write_roster_in_order(&mut out, &dialect, &in_order[..6]));
        let twice = dialect
            .clone()
            .with_roster(&[("Event", "?"), ("Event", "?")], true);
        assert!(!write_roster_in_order(&mut out, &twice, &in_order));
        assert!(!write_roster_in_order(&mut out, &Dialect::pdn(), &in_order));
        assert!(out.is_empty());
    }

    #[test]
    fn the_movetext_starts_on_a_line_of_its_own_after_the_tags() {
        let dialect = narrow();
        let mut out = String::from("kept ");
        let mut w = MovetextWriter::new(&mut out, &dialect, FirstMove::default());
        MovetextSink::tags(&mut w, &[("Event", Cow::Borrowed("E"))], "*");
        for token in ["e4", "e5", "Nf3", "Nc6", "Bb5"] {
            w.move_token(token);
        }
        w.finish("*");
        assert_eq!(
            out,
            "kept [Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
             [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 *\n\n"
        );
    }
}
