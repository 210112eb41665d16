//! Where a partition's first game starts: the first place past a cut where board-core's guess
//! ([`game_start_at_or_after`]) finds a game start that the line before it proves.
//!
//! The guess alone can be wrong (see board-core's `chunks`): a tag line after a `%` escape line
//! may belong to the tag section above it, a tag opened in the middle of the line before may
//! still be going on, skipped text before it is reported with it. A part read in one process is
//! checked by the part before it and read again when the guess was wrong; partitions read on
//! other machines cannot be, so a cut is taken only where the line before the guessed start
//! settles it whatever the reader's state when it reaches that line: a line that ends with a
//! result token outside any comment, holds no `[` that could open a tag, and is not an escape
//! line. Then the game before ends there (or its unclosed comment ends at the tag line, which
//! the reader takes for the next game's start either way) and nothing is left to report with
//! the next one. Every lichess game ends so. The reading still checks each cut
//! ([`crate::Games`]): a cut that the proof let through wrongly is an error, never a game lost
//! or read twice.

use std::io;

use board_core::{Dialect, game_start_at_or_after};

use crate::text::{Piece, Text};

/// How far past a cut a start is looked for before the cut is given up: the partition would
/// hold one huge game or none.
pub(crate) const SEARCH_MAX: usize = 64 << 20;

/// Where the first proven game start is in `text`, read from a cut: the frame it is in (`None`
/// for text that is not in frames) and its offset in it. `None` when there is none before
/// `stop` (the frame, or for text not in frames the offset from the cut, where the next
/// partition begins) or within [`SEARCH_MAX`] bytes.
pub(crate) fn proven_start(
    text: &mut Text,
    dialect: &Dialect,
    stop: Stop,
) -> io::Result<Option<(Option<usize>, u64)>> {
    let mut buf: Vec<u8> = Vec::new();
    // Where each frame begins in `buf`.
    let mut frames: Vec<(usize, usize)> = Vec::new();
    let mut stop_at = match stop {
        Stop::Offset(offset) => Some(usize::try_from(offset).unwrap_or(usize::MAX)),
        Stop::Frame(_) | Stop::None => None,
    };
    // The first whole line starts here: what comes before may end a line begun earlier.
    let mut base: Option<usize> = None;
    let mut from = 1;
    let mut eof = false;
    loop {
        // Read on, a block at a time.
        let old = buf.len();
        buf.resize(old + (1 << 20), 0);
        let mut got = 0;
        while !eof && got == 0 {
            match text.next(&mut buf[old..])? {
                Piece::Frame(index) => {
                    if matches!(stop, Stop::Frame(f) if index >= f) && stop_at.is_none() {
                        stop_at = Some(old);
                    }
                    frames.push((index, old));
                }
                Piece::Bytes(n) => got = n,
                Piece::End => eof = true,
            }
        }
        buf.truncate(old + got);
        if base.is_none() {
            match memchr_newline(&buf) {
                Some(k) => base = Some(k + 1),
                None if eof => return Ok(None),
                None => continue,
            }
        }
        let base = base.unwrap_or(0);
        let slice = &buf[base..];
        loop {
            let Some(i) = game_start_at_or_after(slice, from) else {
                // The last line may be whole only later: looked at again then.
                from = slice
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(from, |k| (k + 1).max(from));
                break;
            };
            if stop_at.is_some_and(|stop| base + i >= stop) {
                return Ok(None);
            }
            if !eof && !slice[i..].contains(&b'\n') {
                // Its tag line is not whole yet.
                from = i;
                break;
            }
            if proven(slice, i, dialect) {
                let at = base + i;
                return Ok(Some(match frames.iter().rev().find(|(_, s)| *s <= at) {
                    Some(&(index, start)) => (Some(index), (at - start) as u64),
                    None => (None, at as u64),
                }));
            }
            from = i + 1;
        }
        if eof || buf.len() > SEARCH_MAX || stop_at.is_some_and(|stop| base + from >= stop) {
            return Ok(None);
        }
    }
}

/// Where the search for a start gives up.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Stop {
    /// At this frame: the next partition's first frame.
    Frame(usize),
    /// At this offset from the cut.
    Offset(u64),
    /// At the end of the text.
    None,
}

fn memchr_newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n')
}

/// Whether the game start guessed at `bytes[i]` is one whatever the reader's state at the
/// start of the line before (see the [module](self) docs). `bytes` starts at a line start.
pub(crate) fn proven(bytes: &[u8], i: usize, dialect: &Dialect) -> bool {
    let is_space = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C);
    let mut end = i;
    while end > 0 && is_space(bytes[end - 1]) {
        end -= 1;
    }
    if end == 0 {
        // No line before it here: what comes before is another partition's.
        return false;
    }
    let start = bytes[..end]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |k| k + 1);
    let line = &bytes[start..end];
    let Some(first) = line.iter().position(|&b| !is_space(b)) else {
        return false;
    };
    // `[` starts a tag section, `%` an escape line, 0xEF a byte-order mark the reader skips.
    if matches!(line[first], b'[' | b'%' | 0xEF) {
        return false;
    }
    let last = line
        .rsplit(|&b| is_space(b))
        .next()
        .and_then(|token| std::str::from_utf8(token).ok());
    if !last.is_some_and(|token| dialect.is_terminator(token)) {
        return false;
    }
    // Whether the line starts in a comment or not, no tag may open on it, and it ends either in
    // a comment (which ends at the tag line) or with its result outside one.
    [false, true].into_iter().all(|mut in_comment| {
        for (k, &b) in line.iter().enumerate() {
            match b {
                b'}' if in_comment => in_comment = false,
                _ if in_comment => {}
                b'{' => in_comment = true,
                // A line comment hides the result; a `[` may open a tag (`[%` opens none).
                b';' => return false,
                b'[' if line.get(k + 1) != Some(&b'%') => return false,
                _ => {}
            }
        }
        true
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> bool {
        let i = text.find("[Event").unwrap();
        proven(text.as_bytes(), i, &Dialect::pgn())
    }

    #[test]
    fn a_start_after_a_result_is_proven() {
        assert!(at("1. e4 e5 1-0\n\n[Event \"b\"]\n"));
        assert!(at(
            "1. e4 { [%clk 0:01:00] } e5 { [%eval 0.2] } 0-1\n[Event \"b\"]\n"
        ));
        assert!(at("{ an unclosed comment 1-0\n[Event \"b\"]\n"));
        assert!(at("a comment that ends } 1/2-1/2\n[Event \"b\"]\n"));
    }

    #[test]
    fn a_start_the_line_before_does_not_settle_is_not() {
        // No result: junk or a game that goes on.
        assert!(!at("1. e4 e5\n\n[Event \"b\"]\n"));
        // A tag that opened in the middle of the line may still be going on.
        assert!(!at("1. e4 [Site \"x 1-0\n[Event \"b\"]\n"));
        // An escape line, a line comment, the start of the text.
        assert!(!at("% 1-0\n[Event \"b\"]\n"));
        assert!(!at("e4 ; 1-0\n[Event \"b\"]\n"));
        assert!(!at("\n\n[Event \"b\"]\n"));
        // A result glued to a comment's end is not a token of its own.
        assert!(!at("e4 {x}1-0\n[Event \"b\"]\n"));
    }
}
