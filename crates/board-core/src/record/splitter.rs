//! Finds where games begin and end in a byte buffer that grows as the input is read, without
//! decoding or parsing them.
//!
//! The splitter walks whole constructs (a tag, a comment, a token); when one runs past the end of
//! the buffer it asks for more input and walks that construct again from its start.

use super::dialect::Dialect;
use super::lexer;

const BOM: &[u8] = b"\xEF\xBB\xBF";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Between games: white space, escape lines and byte-order marks are skipped.
    Between,
    /// In a game, nothing but tags seen so far: a `[` is a tag.
    Tags,
    /// In a game's movetext: a `[` starting a tag name starts the next game.
    Movetext,
}

/// What the splitter found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scan {
    /// The buffer ends inside a construct; read more and scan again.
    NeedMore,
    /// The input is over; the game in progress, if any, runs to the end of the buffer.
    Eof,
    /// The game in progress ends before this offset, where the next game's tag section begins.
    NextGame(usize),
    /// The game in progress ends at this offset, just after its terminating result.
    Terminated(usize),
}

/// The splitter's state between calls; offsets index the reader's buffer.
#[derive(Debug, Clone)]
pub(crate) struct Scanner {
    pub(crate) mode: Mode,
    /// Open variations, counted without limit (the parser enforces the limit).
    pub(crate) depth: u32,
    /// Where the next construct starts.
    pub(crate) pos: usize,
    /// Where the game in progress starts.
    pub(crate) start: Option<usize>,
    /// The offset just after a byte-order mark that began a line: it counts as a line start.
    after_bom: Option<usize>,
    /// The end of the line last searched for one, so that many tags on one line cost one search.
    tag_line_end: usize,
}

impl Scanner {
    pub(crate) const fn new() -> Scanner {
        Scanner {
            mode: Mode::Between,
            depth: 0,
            pos: 0,
            start: None,
            after_bom: None,
            tag_line_end: 0,
        }
    }

    /// The next game starts at `at`, in its tag section.
    pub(crate) fn start_game_at(&mut self, at: usize) {
        *self = Scanner {
            mode: Mode::Tags,
            depth: 0,
            pos: at,
            start: Some(at),
            after_bom: None,
            tag_line_end: 0,
        };
    }

    /// The game in progress ended at `at`.
    pub(crate) fn end_game_at(&mut self, at: usize) {
        *self = Scanner {
            pos: at,
            ..Scanner::new()
        };
    }

    /// The reader dropped `buf[..n]`, none of it past `pos` or `start`.
    pub(crate) fn shift(&mut self, n: usize) {
        self.tag_line_end = self.tag_line_end.saturating_sub(n);
        self.pos -= n.min(self.pos);
        self.start = self.start.map(|s| s - n.min(s));
        self.after_bom = self.after_bom.and_then(|b| b.checked_sub(n));
    }

    /// Scans `buf` from `self.pos`. `line_start` tells whether `buf[0]` begins a line; `eof`
    /// that nothing follows `buf`.
    pub(crate) fn scan(
        &mut self,
        buf: &[u8],
        line_start: bool,
        eof: bool,
        dialect: &Dialect,
    ) -> Scan {
        let need_more = || if eof { Scan::Eof } else { Scan::NeedMore };
        loop {
            let i = self.pos;
            let Some(&b) = buf.get(i) else {
                return need_more();
            };
            if lexer::is_space(b) {
                self.pos += 1;
                continue;
            }
            let at_line_start = self.after_bom == Some(i)
                || if i == 0 {
                    line_start
                } else {
                    buf[i - 1] == b'\n'
                };
            if b == b'%' && at_line_start {
                match to_line_end(buf, i, eof) {
                    Some(end) => self.pos = end,
                    None => return Scan::NeedMore,
                }
                continue;
            }
            if self.mode == Mode::Between {
                if b == BOM[0] {
                    if buf.len() - i < BOM.len() && !eof {
                        return Scan::NeedMore;
                    }
                    if buf[i..].starts_with(BOM) {
                        self.pos += BOM.len();
                        self.after_bom = at_line_start.then_some(self.pos);
                        continue;
                    }
                }
                self.start = Some(i);
                self.mode = Mode::Tags;
            }
            match b {
                b'[' if self.mode == Mode::Tags => {
                    if self.tag_line_end <= i {
                        let Some(end) = to_line_end(buf, i, eof) else {
                            return Scan::NeedMore;
                        };
                        self.tag_line_end = end;
                    }
                    self.pos = i + lexer::scan_tag(&buf[i..self.tag_line_end]).end;
                }
                b'[' => match lexer::opens_tag(&buf[i..], eof) {
                    None => return Scan::NeedMore,
                    Some(true) => return Scan::NextGame(i),
                    Some(false) => {
                        if let Some(scan) = self.token(buf, i, eof, dialect) {
                            return scan;
                        }
                    }
                },
                b'{' => {
                    self.mode = Mode::Movetext;
                    match comment_end(buf, i, eof) {
                        CommentEnd::Closed(end) => self.pos = end,
                        CommentEnd::TagLine(at) => return Scan::NextGame(at),
                        CommentEnd::NeedMore => return Scan::NeedMore,
                    }
                }
                b';' => {
                    self.mode = Mode::Movetext;
                    match to_line_end(buf, i, eof) {
                        Some(end) => self.pos = end,
                        None => return Scan::NeedMore,
                    }
                }
                b'(' | b')' | b'}' => {
                    self.mode = Mode::Movetext;
                    match b {
                        b'(' => self.depth = self.depth.saturating_add(1),
                        b')' => self.depth = self.depth.saturating_sub(1),
                        _ => {}
                    }
                    self.pos += 1;
                }
                _ => {
                    if let Some(scan) = self.token(buf, i, eof, dialect) {
                        return scan;
                    }
                }
            }
        }
    }

    /// Steps over the token at `i`; a terminating result outside variations ends the game.
    fn token(&mut self, buf: &[u8], i: usize, eof: bool, dialect: &Dialect) -> Option<Scan> {
        let Some(len) = lexer::token_end(&buf[i..], eof) else {
            return Some(Scan::NeedMore);
        };
        self.mode = Mode::Movetext;
        self.pos = i + len;
        (self.depth == 0 && dialect.is_terminator_bytes(&buf[i..i + len]))
            .then_some(Scan::Terminated(i + len))
    }
}

/// The index of the `\n` ending the line at `from`, or the buffer's end when the input is over.
fn to_line_end(buf: &[u8], from: usize, eof: bool) -> Option<usize> {
    lexer::line_end(buf, from).or(eof.then_some(buf.len()))
}

enum CommentEnd {
    /// One past the `}`; at the end of the input, the end of the buffer (the parser reports it).
    Closed(usize),
    /// The comment was never closed: a line inside it is a tag pair, where the next game starts.
    TagLine(usize),
    NeedMore,
}

fn comment_end(buf: &[u8], open: usize, eof: bool) -> CommentEnd {
    let mut from = open + 1;
    loop {
        let Some(k) = buf[from..].iter().position(|&b| b == b'}' || b == b'\n') else {
            return if eof {
                CommentEnd::Closed(buf.len())
            } else {
                CommentEnd::NeedMore
            };
        };
        let at = from + k;
        if buf[at] == b'}' {
            return CommentEnd::Closed(at + 1);
        }
        match lexer::is_tag_line(&buf[at + 1..], eof) {
            None => return CommentEnd::NeedMore,
            Some(true) => return CommentEnd::TagLine(at + 1),
            Some(false) => from = at + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Splits a whole input the way the reader does, returning each game's text.
    fn split(input: &[u8], dialect: &Dialect) -> Vec<String> {
        let mut scanner = Scanner::new();
        let mut games = Vec::new();
        loop {
            match scanner.scan(input, true, true, dialect) {
                Scan::NeedMore => unreachable!("the whole input is there"),
                Scan::Eof => {
                    if let Some(start) = scanner.start {
                        games.push(
                            String::from_utf8_lossy(&input[start..])
                                .trim_end()
                                .to_owned(),
                        );
                    }
                    return games;
                }
                Scan::NextGame(at) => {
                    let start = scanner.start.unwrap_or(at);
                    games.push(
                        String::from_utf8_lossy(&input[start..at])
                            .trim_end()
                            .to_owned(),
                    );
                    scanner.start_game_at(at);
                }
                Scan::Terminated(at) => {
                    let start = scanner.start.unwrap_or(at);
                    games.push(String::from_utf8_lossy(&input[start..at]).into_owned());
                    scanner.end_game_at(at);
                }
            }
        }
    }

    #[test]
    fn games_end_at_terminators_and_tag_sections() {
        let pgn = Dialect::pgn();
        assert_eq!(
            split(b"e4 e5 *\nNf3 Nc6 1-0\n", &pgn),
            ["e4 e5 *", "Nf3 Nc6 1-0"]
        );
        assert_eq!(
            split(b"[A \"1\"]\n1. e4\n\n[B \"2\"] e4 *", &pgn),
            ["[A \"1\"]\n1. e4", "[B \"2\"] e4 *"]
        );
        assert_eq!(split(b"e4 (1-0) *", &pgn), ["e4 (1-0) *"]);
        assert_eq!(split(b"e4 {1-0 [x} *", &pgn), ["e4 {1-0 [x} *"]);
    }

    #[test]
    fn pdn_moves_are_no_results() {
        let pdn = Dialect::pdn();
        assert_eq!(
            split(b"32-28 19x30 0-0 2-0 e4", &pdn),
            ["32-28 19x30 0-0 2-0", "e4"]
        );
        assert_eq!(
            split(b"32-28 0-0\n[Event \"x\"]", &pdn),
            ["32-28 0-0", "[Event \"x\"]"]
        );
    }

    #[test]
    fn an_unclosed_comment_stops_at_a_tag_line() {
        let games = split(
            b"e4 { open\n[%clk 1:00]\n[Event \"next\"]\ne4 *",
            &Dialect::pgn(),
        );
        assert_eq!(games, ["e4 { open\n[%clk 1:00]", "[Event \"next\"]\ne4 *"]);
    }

    #[test]
    fn byte_order_marks_and_escape_lines_are_skipped() {
        let games = split(
            b"\xEF\xBB\xBF% header\n[A \"1\"] *\n\xEF\xBB\xBF[B \"2\"] *",
            &Dialect::pgn(),
        );
        assert_eq!(games, ["[A \"1\"] *", "[B \"2\"] *"]);
    }
}
