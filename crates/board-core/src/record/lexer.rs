//! Byte classes and look-ahead rules shared by the streaming splitter and the game parser, so both
//! cut tokens, tags and comments at the same bytes.

use crate::Nag;

use super::dialect::Dialect;

/// White space between elements: space, tab, line feed, carriage return, vertical tab, form feed.
pub(crate) const fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}

/// How [`token_end`] treats a byte inside a token.
const PLAIN: u8 = 0;
const ENDS: u8 = 1;
const DOLLAR: u8 = 2;
const PAREN: u8 = 3;
const BRACKET: u8 = 4;

/// [`token_end`]'s byte classes: white space and `{ } ; )` end a token; `$` and `(` need a
/// closer look.
const TOKEN_BYTES: [u8; 256] = {
    let mut table = [PLAIN; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        if is_space(byte) || matches!(byte, b'{' | b'}' | b';' | b')') {
            table[b] = ENDS;
        }
        b += 1;
    }
    table[b'$' as usize] = DOLLAR;
    table[b'(' as usize] = PAREN;
    table[b'[' as usize] = BRACKET;
    table
};

/// What a byte of movetext starts, for the loop that reads the tokens after a comment a byte
/// at a time: white space, a plain token, a brace comment, or anything else.
pub(crate) const SPACE: u8 = 0;
pub(crate) const TOKEN: u8 = 1;
pub(crate) const BRACE: u8 = 2;
pub(crate) const OTHER: u8 = 3;

/// The classes of [`SPACE`] and the others by byte: one load a byte where the tests of white
/// space and of seven delimiters took about ten instructions.
pub(crate) const MOVETEXT_STARTS: [u8; 256] = {
    let mut table = [TOKEN; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        if is_space(byte) {
            table[b] = SPACE;
        } else if matches!(byte, b'%' | b'[' | b';' | b'(' | b')' | b'}' | b'$') {
            table[b] = OTHER;
        }
        b += 1;
    }
    table[b'{' as usize] = BRACE;
    table
};

/// Whether a token of digits is a move, not a move number, for every reader of move numbers:
/// `0000`, UCI's null move (python-chess and engines write a pass so), and `00` or `000`,
/// castling typed without its dashes (no move is numbered 0; read as a number, the castling
/// vanished without a word).
#[inline(always)]
pub(crate) fn is_null_number(token: &[u8]) -> bool {
    // Asked of every number token: its first byte rules out nearly all (no number starts
    // with 0) before its length and the rest are looked at.
    token.first() == Some(&b'0')
        && (2..=4).contains(&token.len())
        && token.iter().all(|&b| b == b'0')
}

/// [`is_null_number`] out of line, for the word reader of move numbers, where a number 0 is
/// all but never met: inlined, it cost the numbers after comments 0.4% of a read.
#[cold]
#[inline(never)]
fn zeros_are_a_move(token: &[u8]) -> bool {
    is_null_number(token)
}

/// The forum markup put around a game posted on a web forum, `[pgn]` and `[/pgn]`, in any case.
const MARKUP: [&[u8]; 2] = [b"[pgn]", b"[/pgn]"];

/// The length of the forum markup (`[pgn]`, `[/pgn]`) at `bytes[0]`: `Some(0)` when there is
/// none, `None` when `bytes` stops before that can be decided and more input may follow.
#[inline]
pub(crate) fn markup_len(bytes: &[u8], eof: bool) -> Option<usize> {
    // Tags (`[Event`) are ruled out by their second byte: this runs at every `[`.
    match bytes.get(1) {
        Some(b'p' | b'P' | b'/') => {}
        Some(_) => return Some(0),
        None if eof => return Some(0),
        None => return None,
    }
    markup_len_slow(bytes, eof)
}

/// [`markup_len`] once the second byte may start markup.
#[cold]
fn markup_len_slow(bytes: &[u8], eof: bool) -> Option<usize> {
    for m in MARKUP {
        let n = m.len().min(bytes.len());
        if bytes[..n].eq_ignore_ascii_case(&m[..n]) {
            if n == m.len() {
                return Some(n);
            }
            if !eof {
                return None;
            }
        }
    }
    Some(0)
}

/// Bytes of a tag name, as far as deciding that a `[` opens a tag section.
pub(crate) const fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// A `(` glued to a token stays in it when a `)` closes it within this many bytes, with no
/// white space or delimiter between: `P-R8(Q)`, `RxB(N1)`, `e8(D)`.
const GLUED_GROUP_MAX: usize = 32;

/// Where the token starting at `bytes[0]` ends, or `None` when `bytes` stops before that can be
/// decided and more input may follow (`eof` false).
///
/// `bytes[0]` must not be white space nor one of `{ } ; ( )`. A token `$` followed by digits is a
/// NAG and ends after its digits; inside a token, `$` followed by a digit ends it (`e4$1`).
#[inline]
pub(crate) fn token_end(bytes: &[u8], eof: bool) -> Option<usize> {
    match plain_token_end(bytes) {
        Some(end) => Some(end),
        None => token_end_slow(bytes, eof),
    }
}

/// [`token_end`] for nearly every token: one with no `$` or `(`, that ends at white space or a
/// delimiter within `bytes`. `None` for any other.
#[inline(always)]
pub(crate) fn plain_token_end(bytes: &[u8]) -> Option<usize> {
    if bytes[0] == b'$' {
        return None;
    }
    let i = plain_run(bytes, 1);
    bytes
        .get(i)
        .is_some_and(|&b| TOKEN_BYTES[usize::from(b)] == ENDS)
        .then_some(i)
}

/// Whether `b` ends a token that has run up to it, as [`plain_token_end`] sees it: white space
/// or one of `{ } ; )`.
#[inline(always)]
pub(crate) fn ends_token(b: u8) -> bool {
    TOKEN_BYTES[usize::from(b)] == ENDS
}

/// The index of the first byte at or after `i` that is not [`PLAIN`], or `bytes.len()`.
// An iterator's search: a loop of a pointer and a load, where indexing kept the index and the
// slice's end apart (974,000 bytes of tokens after comments in the lichess-shaped file, 7
// instructions a byte).
#[inline]
fn plain_run(bytes: &[u8], i: usize) -> usize {
    let rest = bytes.get(i..).unwrap_or_default();
    rest.iter()
        .position(|&b| TOKEN_BYTES[usize::from(b)] != PLAIN)
        .map_or(bytes.len(), |k| i + k)
}

/// A lone move number at the start of `word` (`12.`, `12...`, a bare `12`) followed in the word
/// by a byte that ends a token: its length, its number, and whether it is Black's (two dots or
/// more). `None` when the word decides nothing: its digits and dots run to its end, or the byte
/// after them ends no token (`12.e4`, `1-0`). The caller reads the token a byte at a time then.
///
/// Eight bytes at once: a move number follows every comment of a file with clocks, and its
/// digits and dots read a byte at a time cost about 60 instructions a number.
#[inline(always)]
pub(crate) fn lone_number_word(word: &[u8; 8]) -> Option<(usize, u32, bool)> {
    let x = u64::from_le_bytes(*word);
    let digits = (!lanes::in_range(x, b'0', b'9') & lanes::HIGHS).trailing_zeros() / 8;
    let dots = lanes::equal(x, b'.');
    // Lanes from the digits' end on that are no dot: the first of them ends the dots.
    let rest = (!dots & lanes::HIGHS) >> (8 * digits).min(63);
    let len = (digits + rest.trailing_zeros() / 8) as usize;
    if digits == 0 || len >= 8 || !ends_token(word[len]) {
        return None;
    }
    // The digits moved to the top lanes, the lanes below them zero: read as eight digits with
    // leading zeros.
    let number = lanes::eight_digits(x << (64 - 8 * digits));
    if number == 0 && zeros_are_a_move(&word[..len]) {
        // `0000`, UCI's null move, and castling as `00` or `000`.
        return None;
    }
    Some((len, number, len - digits as usize >= 2))
}

/// White space, and the bytes that stop the splitter's loop over plain tokens, in up to 64 bytes
/// from `at`: bit `k` of each mask stands for the byte at `at + k`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Block {
    at: usize,
    /// How many bytes it covers: a multiple of 8, up to 64.
    len: u32,
    spaces: u64,
    /// Every byte of `$ % ( ) ; [ { }`, and a few harmless others (`& '` and escape).
    stops: u64,
}

impl Block {
    /// White space and stops from `i`, which the block covers, how many bytes it covers from
    /// there, and how far `i` is from its start.
    #[inline]
    pub(crate) fn from(&self, i: usize) -> Option<(u64, u64, u32, u32)> {
        let skip = i.checked_sub(self.at).filter(|&k| k < self.len as usize)? as u32;
        Some((
            self.spaces >> skip,
            self.stops >> skip,
            self.len - skip,
            skip,
        ))
    }

    /// Where the block after this one starts, if it covers `i`.
    #[inline]
    pub(crate) fn after(&self, i: usize) -> Option<usize> {
        let next = self.at + self.len as usize;
        (i >= next && i - next < 64).then_some(next)
    }
}

/// The [`Block`] at `bytes[i..]`, if `bytes` holds 64 bytes from `i`: its bytes up to the first
/// eight that hold a stop, or 64. Past a stop there is mostly a comment (a clock after every
/// move), whose bytes the splitter searches for its `}` without looking at the block's.
/// Inlined in the splitter's loop, whose one call site keeps one copy of it.
#[inline(always)]
pub(crate) fn block_at(bytes: &[u8], i: usize) -> Option<Block> {
    let window = bytes.get(i..)?.first_chunk::<64>()?;
    Some(Block::cut(i, block_masks(window)))
}

impl Block {
    /// The block at `at` whose 64 bytes hold white space at the bits of `spaces` and stops at
    /// those of `stops`: cut after the eight bytes that hold the first stop. Masks already cut
    /// so come out as they went in.
    #[inline(always)]
    fn cut(at: usize, (spaces, stops): (u64, u64)) -> Block {
        if stops == 0 {
            return Block {
                at,
                len: 64,
                spaces,
                stops,
            };
        }
        let len = (stops.trailing_zeros() / 8 + 1) * 8;
        let kept = u64::MAX >> (64 - len);
        Block {
            at,
            len,
            spaces: spaces & kept,
            stops: stops & kept,
        }
    }
}

/// White space and stops ([`lanes::block_stops`]) in 64 bytes, bit `k` for byte `k`: sixteen
/// bytes a step with SSE2 ([`wide`]). Eight bytes a step in general purpose registers
/// ([`block_masks_by_words`]) cost about 360 instructions a block, 35 a ply of the random
/// games; these steps cost about 70 a block.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
fn block_masks(bytes: &[u8; 64]) -> (u64, u64) {
    let mut spaces = 0;
    let mut stops = 0;
    for (k, chunk) in bytes.as_chunks::<16>().0.iter().enumerate() {
        let (white, stop) = wide::spaces_and_stops(chunk);
        spaces |= u64::from(white) << (16 * k);
        stops |= u64::from(stop) << (16 * k);
    }
    (spaces, stops)
}

/// Byte classes tested on sixteen bytes at once with SSE2, which every x86-64 processor has
/// (through `safe_arch`, without `unsafe` here): a class gives the bit `k` of a 16-bit mask for
/// each byte `k` in it, the same bytes as the tests of [`lanes`].
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod wide {
    use safe_arch::{
        cmp_eq_mask_i8_m128i, load_unaligned_m128i, m128i, min_u8_m128i, move_mask_i8_m128i,
        set_splat_i8_m128i, sub_i8_m128i,
    };

    #[inline(always)]
    fn splat(b: u8) -> m128i {
        set_splat_i8_m128i(b as i8)
    }

    #[inline(always)]
    fn equal(v: m128i, b: u8) -> m128i {
        cmp_eq_mask_i8_m128i(v, splat(b))
    }

    /// Lanes whose byte is in `lo..=hi`: `v - lo` is at most `hi - lo`, unsigned.
    #[inline(always)]
    fn in_range(v: m128i, lo: u8, hi: u8) -> m128i {
        let d = sub_i8_m128i(v, splat(lo));
        cmp_eq_mask_i8_m128i(min_u8_m128i(d, splat(hi - lo)), d)
    }

    /// One bit per lane whose byte is flagged.
    #[inline(always)]
    fn mask(flags: m128i) -> u16 {
        // The sixteen lanes' bits fill the low 16 bits.
        move_mask_i8_m128i(flags) as u16
    }

    /// White space ([`super::lanes::spaces`]) and stops ([`super::lanes::block_stops`]).
    #[inline(always)]
    pub(super) fn spaces_and_stops(bytes: &[u8; 16]) -> (u16, u16) {
        let v = load_unaligned_m128i(bytes);
        let white = in_range(v, 0x09, 0x0D) | equal(v, b' ');
        // `$ % & ' ( )`, then `;`, `[`, `{` and the escape byte (which differ from `{` in bits
        // 5 and 6 only), then `}`.
        let stop = in_range(v, b'$', b')') | equal(v | splat(0x60), b'{') | equal(v, b'}');
        (mask(white), mask(stop))
    }

    /// The bytes that are `a` or `b`.
    #[inline(always)]
    pub(super) fn either(bytes: &[u8; 16], a: u8, b: u8) -> u16 {
        let v = load_unaligned_m128i(bytes);
        mask(equal(v, a) | equal(v, b))
    }
}

/// [`block_masks`] elsewhere.
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline(always)]
fn block_masks(bytes: &[u8; 64]) -> (u64, u64) {
    block_masks_by_words(bytes)
}

/// [`block_masks`] eight bytes at a time, up to the first eight that hold a stop: the masks
/// come out cut as [`Block::cut`] cuts them.
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "sse2"))))]
#[inline(always)]
fn block_masks_by_words(bytes: &[u8; 64]) -> (u64, u64) {
    let mut spaces = 0;
    for (k, word) in bytes.as_chunks::<8>().0.iter().enumerate() {
        let x = u64::from_le_bytes(*word);
        spaces |= lanes::gather(lanes::spaces(x)) << (8 * k);
        // Gathered only in the word that ends the block: most words hold no stop.
        let stops = lanes::block_stops(x);
        if stops != 0 {
            return (spaces, lanes::gather(stops) << (8 * k));
        }
    }
    (spaces, 0)
}

/// Whether `bytes` starts with a clock comment as lichess writes one after every move,
/// `{ [%clk 0:02:57] }`, 18 bytes with no `}` or line end before the last: then its end needs no
/// search. Its first eight bytes, the eight after them (a `h:mm:ss]` of any bytes but those two)
/// and the last two are three tests, where [`brace_or_line_end`] took three words at about 17
/// instructions each.
#[inline(always)]
pub(crate) fn is_clock_comment(bytes: &[u8]) -> bool {
    const OPEN: u64 = u64::from_le_bytes(*b"{ [%clk ");
    let Some((open, rest)) = bytes.split_first_chunk::<8>() else {
        return false;
    };
    let Some((time, rest)) = rest.split_first_chunk::<8>() else {
        return false;
    };
    let time = u64::from_le_bytes(*time);
    u64::from_le_bytes(*open) == OPEN
        && rest.starts_with(b" }")
        && lanes::first_eq(time, b'}') | lanes::first_eq(time, b'\n') == 0
}

/// The index of the first `}` or `\n` at or after `from` in `bytes`: how the splitter passes
/// over a brace comment's bytes. Sixteen bytes a step with SSE2 ([`search_wide`]), the rest
/// eight at a time ([`brace_or_line_end_by_words`]): a comment of a clock and an evaluation
/// (`{ [%eval 0.17] [%clk 0:02:57] }`) took four words at about 17 instructions each.
#[inline]
pub(crate) fn brace_or_line_end(bytes: &[u8], from: usize) -> Option<usize> {
    let rest = bytes.get(from..)?;
    match search_wide(rest, b'}', b'\n') {
        Ok(k) => Some(from + k),
        Err(k) => brace_or_line_end_by_words(&rest[k..], from + k),
    }
}

/// The index in `bytes` of the first `a` or `b`, found sixteen bytes a step with SSE2; else, as
/// the error, how many bytes the steps passed over (a multiple of 16, none without SSE2), for
/// the caller's search of the rest.
#[inline(always)]
fn search_wide(bytes: &[u8], a: u8, b: u8) -> Result<usize, usize> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        let (chunks, _) = bytes.as_chunks::<16>();
        let mut i = 0;
        for chunk in chunks {
            let found = wide::either(chunk, a, b);
            if found != 0 {
                return Ok(i + found.trailing_zeros() as usize);
            }
            i += 16;
        }
        Err(i)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        let _ = (bytes, a, b);
        Err(0)
    }
}

/// The index of the first `}` or `\n` in `rest`, plus `from`, searched eight bytes at a time.
// The words taken by `chunks_exact`, which counts them down with no test of each one's end.
#[inline]
fn brace_or_line_end_by_words(rest: &[u8], from: usize) -> Option<usize> {
    let mut words = rest.chunks_exact(8);
    let mut i = from;
    for word in words.by_ref() {
        let x = u64::from_le_bytes(word.try_into().unwrap_or_default());
        let found = lanes::first_eq(x, b'}') | lanes::first_eq(x, b'\n');
        if found != 0 {
            return Some(i + (found.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    words
        .remainder()
        .iter()
        .position(|&b| matches!(b, b'}' | b'\n'))
        .map(|k| i + k)
}

/// Byte classes tested on eight bytes at once, in the lanes of a `u64`: a class gives the high
/// bit of each lane whose byte is in it. Every test is exact in every lane (no carry crosses
/// lanes), so flags can be combined freely; bytes of 0x80 and up are in no class.
pub(super) mod lanes {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    pub(in crate::record) const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    const LOWS: u64 = u64::from_le_bytes([0x7F; 8]);

    /// Lanes whose byte is in `lo..=hi`, both below 0x80.
    #[inline]
    pub(in crate::record) const fn in_range(x: u64, lo: u8, hi: u8) -> u64 {
        let low7 = x & LOWS;
        // The high bit of `low7 + (0x80 - n)` is set when `low7 >= n`; no lane overflows.
        let at_least_lo = low7 + ONES * (0x80 - lo as u64);
        let above_hi = low7 + ONES * (0x7F - hi as u64);
        at_least_lo & !above_hi & !x & HIGHS
    }

    /// Lanes whose byte is `b`, exact up to the first of them: the lanes above it may be set
    /// too (the subtraction's borrow runs on from a match), which a search for the first match
    /// never looks at. Five operations where [`in_range`] takes eight, on every word of every
    /// comment, tag value and tag line searched.
    #[inline]
    pub(super) const fn first_eq(x: u64, b: u8) -> u64 {
        let v = x ^ (ONES * b as u64);
        v.wrapping_sub(ONES) & !v & HIGHS
    }

    /// Lanes whose byte is `b`, exact in every lane.
    #[inline]
    pub(in crate::record) const fn equal(x: u64, b: u8) -> u64 {
        let v = x ^ (ONES * b as u64);
        !((v & LOWS).wrapping_add(LOWS) | v) & HIGHS
    }

    /// The number written by eight ASCII digits, the first in the lowest lane; lanes holding
    /// zero bytes count as leading zeros.
    #[inline]
    pub(super) const fn eight_digits(x: u64) -> u32 {
        let x = x & (ONES * 0x0F);
        // Pairs, then fours, then all eight: each step multiplies the higher place and adds.
        let x = (x.wrapping_mul(10) + (x >> 8)) & 0x00FF_00FF_00FF_00FF;
        let x = (x.wrapping_mul(100) + (x >> 16)) & 0x0000_FFFF_0000_FFFF;
        let x = x.wrapping_mul(10_000) + (x >> 32);
        x as u32
    }

    /// White space: `\t \n` vertical tab, form feed, `\r`, space.
    // Used where SSE2 is not at hand ([`super::block_masks_by_words`]).
    #[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "sse2"))))]
    #[inline]
    pub(super) const fn spaces(x: u64) -> u64 {
        in_range(x, 0x09, 0x0D) | in_range(x, b' ', b' ')
    }

    /// What stops the splitter's loop over plain tokens: `$ % & ' ( )`, then `;`, `[`, `{` and
    /// the escape byte, which differ from `{` in bits 5 and 6 only, then `}`.
    // Used where SSE2 is not at hand ([`super::block_masks_by_words`]).
    #[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "sse2"))))]
    #[inline]
    pub(super) const fn block_stops(x: u64) -> u64 {
        in_range(x, b'$', b')') | in_range(x | (ONES * 0x60), b'{', b'{') | in_range(x, b'}', b'}')
    }

    /// One bit per lane, lane `k` in bit `k`.
    // Used where SSE2 is not at hand ([`super::block_masks_by_words`]).
    #[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "sse2"))))]
    #[inline]
    pub(super) const fn gather(flags: u64) -> u64 {
        // Lane k's high bit, at 8k + 7, times 2^(49 - 7k) lands at 56 + k; lane j's times it
        // lands at 56 + k + 8(j - k), past bit 63 or below 56, and no two products share a bit
        // (8j - 7k is distinct for every pair), so nothing carries. `flags` holds nothing but
        // high bits: no shift or mask before the product.
        flags.wrapping_mul(0x0002_0408_1020_4081) >> 56
    }
}

/// [`token_end`] for tokens with a `$` or a `(`, or running to the end of `bytes`.
#[cold]
fn token_end_slow(bytes: &[u8], eof: bool) -> Option<usize> {
    let len = bytes.len();
    let more = |at: usize| if eof { Some(at) } else { None };
    if bytes[0] == b'$' {
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits > 0 {
            let end = 1 + digits;
            return if end == len { more(end) } else { Some(end) };
        }
        if len == 1 {
            return more(1);
        }
    }
    let mut i = 1;
    loop {
        i = plain_run(bytes, i);
        let Some(&b) = bytes.get(i) else {
            return more(len);
        };
        match TOKEN_BYTES[usize::from(b)] {
            DOLLAR => match bytes.get(i + 1) {
                Some(d) if d.is_ascii_digit() => return Some(i),
                Some(_) => i += 1,
                None => return more(len),
            },
            PAREN => match glued_group_end(&bytes[i..], eof) {
                GroupEnd::Closed(n) => i += n,
                GroupEnd::Open => return Some(i),
                GroupEnd::NeedMore => return None,
            },
            // Forum markup glued to the token (`*[/pgn]`) is no part of it.
            BRACKET => match markup_len(&bytes[i..], eof)? {
                0 => i += 1,
                _ => return Some(i),
            },
            _ => return Some(i),
        }
    }
}

enum GroupEnd {
    /// The group, `(` to `)`, is this many bytes long and belongs to the token.
    Closed(usize),
    /// The `(` opens a variation.
    Open,
    NeedMore,
}

/// Looks for the `)` that keeps a glued `(` (at `bytes[0]`) inside its token.
fn glued_group_end(bytes: &[u8], eof: bool) -> GroupEnd {
    for (j, &c) in bytes.iter().enumerate().skip(1).take(GLUED_GROUP_MAX) {
        if c == b')' {
            return GroupEnd::Closed(j + 1);
        }
        if is_space(c) || matches!(c, b'{' | b'}' | b';' | b'(' | b'[') {
            return GroupEnd::Open;
        }
    }
    if !eof && bytes.len() <= GLUED_GROUP_MAX {
        GroupEnd::NeedMore
    } else {
        GroupEnd::Open
    }
}

/// Whether the `[` at `bytes[0]` (in movetext, not glued to a token) starts the next game's tag
/// section: it does when a tag-name byte follows. `None` when undecided for lack of input.
pub(crate) fn opens_tag(bytes: &[u8], eof: bool) -> Option<bool> {
    match bytes.get(1) {
        Some(&b) => Some(is_name_byte(b)),
        None if eof => Some(false),
        None => None,
    }
}

/// Whether the `[` at `bytes[0]`, in movetext, opens a variation (`[3... Nf6 4. O-O]`, as blogs
/// write them) rather than the next game's tags: a digit right after it, which starts no tag's
/// name; or, away from a line's start, anything but a tag pair (`a6 [Nf6 4. O-O]`, where
/// `[Event "` would start a game). A `[` before white space stays a token: the writer sets
/// tokens apart with a space, so a token `[` written before a move number must read back as
/// one. `None` when `bytes` stops before that is decided and more input may follow.
pub(crate) fn opens_bracket_variation(bytes: &[u8], line_start: bool, eof: bool) -> Option<bool> {
    match bytes.get(1) {
        Some(b) if b.is_ascii_digit() => Some(true),
        Some(b) if line_start || !is_name_byte(*b) => Some(false),
        Some(_) => is_tag_line(bytes, eof).map(|tag| !tag),
        None if eof => Some(false),
        None => None,
    }
}

/// Whether the line starting at `bytes[0]` looks like a tag pair, `[Name "`: inside a `{`
/// comment such a line means the comment was never closed, and a new game starts there.
pub(crate) fn is_tag_line(bytes: &[u8], eof: bool) -> Option<bool> {
    const NAME_MAX: usize = 64;
    const GAP_MAX: usize = 16;
    let undecided = |at: usize| (at >= bytes.len() && !eof).then_some(());
    if bytes.first() != Some(&b'[') {
        return if bytes.is_empty() && !eof {
            None
        } else {
            Some(false)
        };
    }
    let name = bytes[1..]
        .iter()
        .take(NAME_MAX + 1)
        .take_while(|&&b| is_name_byte(b))
        .count();
    if undecided(1 + name).is_some() {
        return None;
    }
    if name == 0 || name > NAME_MAX {
        return Some(false);
    }
    let gap = bytes[1 + name..]
        .iter()
        .take(GAP_MAX + 1)
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    let at = 1 + name + gap;
    if undecided(at).is_some() {
        return None;
    }
    Some(gap > 0 && gap <= GAP_MAX && bytes.get(at) == Some(&b'"'))
}

/// What was wrong with a tag pair that was read anyway.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TagRepair {
    /// `[Name "a "quoted" word"]`: a `"` inside the value was not escaped.
    UnescapedQuote,
    /// `[Name "value]`.
    MissingQuote,
    /// `[Name "value"` with no `]`.
    MissingBracket,
    /// `[Name "value` to the end of the line.
    Unterminated,
    /// `[Name "value` over `goes on"]`: the value runs on into the next line.
    LineBreak,
    /// `[Name value]`.
    Unquoted,
    /// `[ "value"]` or `[]`: the tag is dropped.
    NoName,
}

impl TagRepair {
    /// The stable code of the repair.
    pub(crate) const fn code(self) -> crate::Code {
        use crate::Code;
        match self {
            TagRepair::UnescapedQuote => Code::TagUnescapedQuote,
            TagRepair::MissingQuote => Code::TagMissingQuote,
            TagRepair::MissingBracket => Code::TagMissingBracket,
            TagRepair::Unterminated => Code::TagUnterminated,
            TagRepair::LineBreak => Code::TagLineBreak,
            TagRepair::Unquoted => Code::TagUnquoted,
            TagRepair::NoName => Code::TagNoName,
        }
    }

    pub(crate) const fn message(self) -> &'static str {
        match self {
            TagRepair::UnescapedQuote => "unescaped `\"` inside a tag value, read as part of it",
            TagRepair::MissingQuote => "tag value has no closing `\"`",
            TagRepair::MissingBracket => "tag has no closing `]`",
            TagRepair::Unterminated => "tag value runs to the end of the line",
            TagRepair::LineBreak => {
                "tag value runs on into the next line; the line break is read as a space"
            }
            TagRepair::Unquoted => "tag value is not in quotes",
            TagRepair::NoName => "tag has no name; skipped",
        }
    }
}

/// A tag pair found by [`scan_tag`]; ranges are relative to the scanned line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TagScan {
    pub(crate) name: std::ops::Range<usize>,
    /// The value as written, escapes included.
    pub(crate) value: std::ops::Range<usize>,
    /// One past the tag's last byte.
    pub(crate) end: usize,
    pub(crate) repair: Option<TagRepair>,
}

/// The bytes that end a tag's name: white space, `"`, `]` and `[`. A table, one load a byte of
/// every name of every tag, where the tests of nine bytes cost about five instructions more.
const NAME_ENDS: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = is_space(b as u8) || matches!(b as u8, b'"' | b']' | b'[');
        b += 1;
    }
    table
};

/// Reads the tag pair at `line[0] == b'['`; `line` runs to the end of its line (no `\n`).
///
/// Never fails: a malformed tag is read as well as it can be and the repair is named. A tag never
/// spans lines, which bounds what a broken one can swallow.
pub(crate) fn scan_tag(line: &[u8]) -> TagScan {
    let len = line.len();
    let skip_blank = |mut i: usize| {
        while i < len && is_space(line[i]) {
            i += 1;
        }
        i
    };
    let name_start = skip_blank(1);
    let mut i = name_start;
    while i < len && !NAME_ENDS[usize::from(line[i])] {
        i += 1;
    }
    let name = name_start..i;
    if name.is_empty() {
        let end = line.iter().position(|&b| b == b']').map_or(len, |k| k + 1);
        return TagScan {
            name,
            value: end..end,
            end,
            repair: Some(TagRepair::NoName),
        };
    }
    let i = skip_blank(i);
    if line.get(i) != Some(&b'"') {
        let close = line[i..].iter().position(|&b| b == b']').map(|k| i + k);
        let value_end = trim_end(line, i, close.unwrap_or(len));
        return TagScan {
            name,
            value: i..value_end,
            end: close.map_or(len, |k| k + 1),
            repair: Some(TagRepair::Unquoted),
        };
    }
    let start = i + 1;
    let mut j = start;
    let mut inner_quote = false;
    while j < len {
        j = quote_or_backslash(line, j);
        if j >= len {
            break;
        }
        match line[j] {
            b'\\' => j += 2,
            b'"' => {
                let k = skip_blank(j + 1);
                if line.get(k) == Some(&b']') {
                    return TagScan {
                        name,
                        value: start..j,
                        end: k + 1,
                        repair: inner_quote.then_some(TagRepair::UnescapedQuote),
                    };
                }
                inner_quote = true;
                j += 1;
            }
            _ => j += 1,
        }
    }
    let rest_end = trim_end(line, start, len);
    let (value_end, repair) = match line[start..rest_end].last() {
        Some(b']') => (rest_end - 1, TagRepair::MissingQuote),
        Some(b'"') => (rest_end - 1, TagRepair::MissingBracket),
        _ => (rest_end, TagRepair::Unterminated),
    };
    TagScan {
        name,
        value: start..value_end,
        end: len,
        repair: Some(repair),
    }
}

/// What follows a tag value that runs to the end of its line ([`TagRepair::Unterminated`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Continuation {
    /// The next line goes on with the value and closes the tag: the tag read across both.
    Joined(TagScan),
    /// The next line is not all there yet.
    NeedMore,
    /// The tag ends with its line.
    Ends,
}

/// Whether the tag `scan` read from a line that ends where `rest` starts (at its `\n`) goes on
/// into the next line: `[Site "Somewhere` over `on the Earth"]`, as editors and sites that wrap
/// long lines write a long value. It does when the next line does not start with `[` and ends
/// with the value's closing `"` and the `]`, with no other `"` in it; the scan then covers both
/// lines (ranges still from the tag's `[`), its repair [`TagRepair::LineBreak`]. A line of
/// moves never ends in `"]`, so nothing else is taken for a value's end.
pub(crate) fn continue_tag(scan: &TagScan, rest: &[u8], eof: bool) -> Continuation {
    if scan.repair != Some(TagRepair::Unterminated) || rest.first() != Some(&b'\n') {
        return Continuation::Ends;
    }
    let next = &rest[1..];
    let Some(len) = next
        .iter()
        .position(|&b| b == b'\n')
        .or(eof.then_some(next.len()))
    else {
        return Continuation::NeedMore;
    };
    let line = &next[..len];
    let close = trim_end(line, 0, line.len());
    let quote = trim_end(line, 0, close.saturating_sub(1));
    let joins = close >= 2
        && line.first().is_some_and(|&b| b != b'[')
        && line[close - 1] == b']'
        && quote >= 1
        && line[quote - 1] == b'"'
        && !line[..quote - 1].contains(&b'"');
    if !joins {
        return Continuation::Ends;
    }
    // Offsets from the tag's `[`: the tag's line, its `\n`, then the next line.
    let from = scan.end + 1;
    Continuation::Joined(TagScan {
        name: scan.name.clone(),
        value: scan.value.start..from + quote - 1,
        end: from + close,
        repair: Some(TagRepair::LineBreak),
    })
}

/// The index of the first `"` or `\\` at or after `j` in `line`, or `line.len()`: sixteen bytes
/// a step ([`search_wide`]), then eight at a time, as a tag value is read once per tag of every
/// game.
#[inline]
fn quote_or_backslash(line: &[u8], mut j: usize) -> usize {
    match search_wide(line.get(j..).unwrap_or_default(), b'"', b'\\') {
        Ok(k) => return j + k,
        Err(k) => j += k,
    }
    while let Some((word, _)) = line.get(j..).and_then(<[u8]>::split_first_chunk::<8>) {
        let x = u64::from_le_bytes(*word);
        let found = lanes::first_eq(x, b'"') | lanes::first_eq(x, b'\\');
        if found != 0 {
            return j + (found.trailing_zeros() / 8) as usize;
        }
        j += 8;
    }
    while j < line.len() && !matches!(line[j], b'"' | b'\\') {
        j += 1;
    }
    j
}

fn trim_end(line: &[u8], start: usize, mut end: usize) -> usize {
    while end > start && is_space(line[end - 1]) {
        end -= 1;
    }
    end
}

/// The index of the first `\n` at or after `from`, if there is one.
///
/// Tag lines are short: their first 64 bytes are searched sixteen at a time ([`search_wide`]),
/// then eight, inline, before a call to `memchr`, whose setup cost about 80 instructions a tag.
#[inline]
pub(crate) fn line_end(bytes: &[u8], from: usize) -> Option<usize> {
    let head = bytes.get(from..).unwrap_or_default();
    let mut i = match search_wide(&head[..head.len().min(64)], b'\n', b'\n') {
        Ok(k) => return Some(from + k),
        Err(k) => from + k,
    };
    while i - from < 64
        && let Some((word, _)) = bytes.get(i..).and_then(<[u8]>::split_first_chunk::<8>)
    {
        let lines = lanes::first_eq(u64::from_le_bytes(*word), b'\n');
        if lines != 0 {
            return Some(i + (lines.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    memchr::memchr(b'\n', &bytes[i..]).map(|k| i + k)
}

/// What a token, or a part of it, is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Piece {
    /// `12.`, `12...`, `12…`, `...`, or a bare `12`.
    Number {
        number: Option<u32>,
        black: bool,
    },
    /// `!`, `?`, `!!`, `??`, `!?`, `?!`: alone, or glued to the end of a move.
    Glyph(Nag),
    /// An evaluation sign written alone (`±`, `+-`; see [`Nag::from_symbol`]), read leniently.
    Symbol(Nag),
    Move,
}

/// Splits a token into its pieces, in order, with their ranges in `token`: the move numbers
/// glued before a move (`12...Nf6`, `2…1.`), the move, and a glyph glued after it (`e4!?`).
///
/// A split is made only when each piece reads the same on its own, so that writing the pieces
/// apart reads back the same: `5.1-0`, `1-0!`, `0?`, `1.(x)` and `42.[Event` stay whole.
pub(crate) fn split_token(
    token: &str,
    dialect: &Dialect,
    emit: impl FnMut(Piece, std::ops::Range<usize>),
) {
    split_token_bytes(token.as_bytes(), dialect, emit);
}

/// [`split_token`] on the bytes of a token, for the splitter, which reads a game before it is
/// decoded. On UTF-8 bytes it splits exactly as [`split_token`] splits their text.
#[inline]
pub(crate) fn split_token_bytes(
    bytes: &[u8],
    dialect: &Dialect,
    mut emit: impl FnMut(Piece, std::ops::Range<usize>),
) {
    let is_result = |b: &[u8]| dialect.is_result_bytes(b);
    let is_mark = |b: &u8| matches!(b, b'!' | b'?');
    let mut at = 0;
    // Most tokens are a move or a move number alone: neither loop runs more than once for them.
    while at < bytes.len() {
        let rest = &bytes[at..];
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        let dots = Dots::after(&rest[digits..]);
        if dots.len == 0 && (digits == 0 || digits < rest.len() || is_null_number(rest)) {
            break;
        }
        if at == 0 && is_result(bytes) {
            // A result with a point in it, `0.5-0.5`, is no move number `0.` before a move.
            emit(Piece::Move, 0..bytes.len());
            return;
        }
        let end = at + digits + dots.len;
        let after = &bytes[end..];
        if matches!(after.first(), Some(b'(' | b'[')) || (!after.is_empty() && is_result(after)) {
            emit(Piece::Move, at..bytes.len());
            return;
        }
        let number = (digits > 0).then(|| {
            // Saturates as `str::parse` then `unwrap_or(u32::MAX)` would.
            rest[..digits].iter().fold(0u32, |n, d| {
                n.saturating_mul(10).saturating_add(u32::from(d - b'0'))
            })
        });
        emit(
            Piece::Number {
                number,
                black: dots.black(),
            },
            at..end,
        );
        at = end;
    }
    if at == bytes.len() {
        return;
    }
    let word = &bytes[at..];
    if matches!(word[0], b'+' | b'-' | b'=' | 0xC2 | 0xCE | 0xE2)
        && let Some(nag) = std::str::from_utf8(word).ok().and_then(Nag::from_symbol)
    {
        emit(Piece::Symbol(nag), at..bytes.len());
        return;
    }
    let glyph = |b: &[u8]| {
        b.first()
            .filter(|b| is_mark(b))
            .and_then(|_| std::str::from_utf8(b).ok())
            .and_then(Nag::from_glyph)
    };
    // Signs set as one character each (`e4‼`, `Nf3⁉`, `Bb5∞`) and glyphs (`!?`) glued after
    // their move, peeled off its end in any order and all at once, so that the written game
    // (`e4 $1 $14` for `e4!±`) reads back the same; what is left must read alone as what it is
    // here (not digits, a move number then, nor a result or a sign).
    let sign_ending = |end: usize| {
        let cut = end.checked_sub(3).filter(|&cut| word[cut] == 0xE2)?;
        Nag::from_symbol(std::str::from_utf8(&word[cut..end]).ok()?)
    };
    let marks_ending = |end: usize| word[..end].iter().rev().take_while(|b| is_mark(b)).count();
    let mut end = word.len();
    loop {
        if sign_ending(end).is_some() {
            end -= 3;
            continue;
        }
        let marks = marks_ending(end);
        if marks > 0 && glyph(&word[end - marks..end]).is_some() {
            end -= marks;
            continue;
        }
        break;
    }
    let mv = &word[..end];
    let stands_alone = end == 0
        || (!mv.iter().all(u8::is_ascii_digit)
            && !is_result(mv)
            && !std::str::from_utf8(mv).is_ok_and(|m| Nag::from_symbol(m).is_some()));
    if end == word.len() || !stands_alone {
        emit(Piece::Move, at..bytes.len());
        return;
    }
    if end > 0 {
        emit(Piece::Move, at..at + end);
    }
    // The pieces peeled, from the front: a run of marks is a glyph, anything else a sign.
    while end < word.len() {
        let marks = word[end..].iter().take_while(|b| is_mark(b)).count();
        let (piece, len) = match marks {
            0 => (sign_ending(end + 3).map(Piece::Symbol), 3),
            n => (glyph(&word[end..end + n]).map(Piece::Glyph), n),
        };
        let Some(piece) = piece else {
            // Not reached: every piece was peeled as one. Read as the move's rest.
            emit(Piece::Move, at + end..bytes.len());
            return;
        };
        emit(piece, at + end..at + end + len);
        end += len;
    }
}

/// A run of `.` and `…` after a move number.
struct Dots {
    len: usize,
    count: usize,
    ellipsis: bool,
}

impl Dots {
    fn after(bytes: &[u8]) -> Dots {
        const ELLIPSIS: &[u8] = "…".as_bytes();
        let mut dots = Dots {
            len: 0,
            count: 0,
            ellipsis: false,
        };
        loop {
            let rest = &bytes[dots.len..];
            if rest.first() == Some(&b'.') {
                dots.len += 1;
                dots.count += 1;
            } else if rest.starts_with(ELLIPSIS) {
                dots.len += ELLIPSIS.len();
                dots.ellipsis = true;
            } else {
                return dots;
            }
        }
    }

    fn black(&self) -> bool {
        self.count >= 2 || self.ellipsis
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The searches eight bytes at a time find what a byte-by-byte search finds, from every
    /// offset of lines of every length around the word and the 64-byte bound, with bytes of
    /// 0x80 and up beside the ones looked for.
    #[test]
    fn word_searches_match_byte_searches() {
        let mut rng = testkit::Rng::new(0x11e5_ea7c);
        const BYTES: &[u8] = b"ab \"\\\n\r]}\x8a\xe2\x0b\xfd";
        for _ in 0..3000 {
            let len = rng.below(150);
            let line: Vec<u8> = (0..len)
                .map(|_| {
                    if rng.below(6) == 0 {
                        BYTES[rng.below(BYTES.len())]
                    } else {
                        b'x'
                    }
                })
                .collect();
            for from in 0..=len {
                let newline = line[from..].iter().position(|&b| b == b'\n');
                assert_eq!(line_end(&line, from), newline.map(|k| from + k), "{line:?}");
                let quote = line[from..]
                    .iter()
                    .position(|&b| matches!(b, b'"' | b'\\'))
                    .map_or(len, |k| from + k);
                assert_eq!(quote_or_backslash(&line, from), quote, "{line:?}");
                let brace = line[from..]
                    .iter()
                    .position(|&b| matches!(b, b'}' | b'\n'))
                    .map(|k| from + k);
                assert_eq!(brace_or_line_end(&line, from), brace, "{line:?}");
                let by_words = brace_or_line_end_by_words(&line[from..], from);
                assert_eq!(by_words, brace, "{line:?}");
            }
        }
    }

    #[test]
    fn glued_parentheses_stay_in_the_token() {
        assert_eq!(token_end(b"P-R8(Q) P-K4", true), Some(7));
        assert_eq!(token_end(b"RxB(N1)", true), Some(7));
        assert_eq!(token_end(b"e4(1. d4 d5)", true), Some(2));
        assert_eq!(token_end(b"e8(D", true), Some(2));
        assert_eq!(token_end(b"e8(D", false), None);
        assert_eq!(token_end(b"19-23(!?!!!) 2.", true), Some(12));
    }

    #[test]
    fn tokens_end_at_delimiters_and_nags() {
        assert_eq!(token_end(b"e4{x}", true), Some(2));
        assert_eq!(token_end(b"e4;x", true), Some(2));
        assert_eq!(token_end(b"e4)", true), Some(2));
        assert_eq!(token_end(b"e4$1", true), Some(2));
        assert_eq!(token_end(b"$12 e4", true), Some(3));
        assert_eq!(token_end(b"$x", true), Some(2));
        assert_eq!(token_end(b"$12", false), None);
        assert_eq!(token_end(b"e4", false), None);
        assert_eq!(token_end(b"e$", false), None);
        assert_eq!(token_end(b"e$", true), Some(2));
        assert_eq!(token_end(b"*[/pgn]", true), Some(1));
        assert_eq!(token_end(b"*[/PGN] x", true), Some(1));
        assert_eq!(token_end(b"*[/pg", false), None);
        assert_eq!(token_end(b"42.[Event", true), Some(9));
    }

    #[test]
    fn forum_markup_in_any_case() {
        assert_eq!(markup_len(b"[pgn]1. e4", true), Some(5));
        assert_eq!(markup_len(b"[/Pgn]", true), Some(6));
        assert_eq!(markup_len(b"[pg", false), None);
        assert_eq!(markup_len(b"[pg", true), Some(0));
        assert_eq!(markup_len(b"[Event", false), Some(0));
    }

    #[test]
    fn tag_lines_inside_comments() {
        assert_eq!(is_tag_line(b"[Event \"x\"]", true), Some(true));
        assert_eq!(is_tag_line(b"[%clk 1:00]", true), Some(false));
        assert_eq!(is_tag_line(b"[Actually no]", true), Some(false));
        assert_eq!(is_tag_line(b"[Eve", false), None);
        assert_eq!(is_tag_line(b"", false), None);
        assert_eq!(is_tag_line(b"", true), Some(false));
    }

    #[test]
    fn tags_are_read_leniently() {
        let t = scan_tag(br#"[Event "a \"b\" c"] e4"#);
        assert_eq!((t.name, t.value, t.end, t.repair), (1..6, 8..17, 19, None));
        let t = scan_tag(br#"[Event "a "b" c"]"#);
        assert_eq!(
            (t.value, t.repair),
            (8..15, Some(TagRepair::UnescapedQuote))
        );
        let t = scan_tag(br#"[Event "abc]"#);
        assert_eq!((t.value, t.repair), (8..11, Some(TagRepair::MissingQuote)));
        let t = scan_tag(br#"[Event "abc" "#);
        assert_eq!(
            (t.value, t.repair),
            (8..11, Some(TagRepair::MissingBracket))
        );
        let t = scan_tag(br"[Event abc] e4");
        assert_eq!(
            (t.value, t.end, t.repair),
            (7..10, 11, Some(TagRepair::Unquoted))
        );
        let t = scan_tag(br#"[ "x"] e4"#);
        assert_eq!((t.end, t.repair), (6, Some(TagRepair::NoName)));
        let t = scan_tag(br#"[Site "C:\"]"#);
        assert_eq!(t.repair, Some(TagRepair::MissingQuote));
    }
}

#[cfg(test)]
mod lane_tests {
    use super::*;

    /// The eight-byte tests agree with the byte tests on every byte, in every lane, whatever the
    /// bytes beside it.
    #[test]
    fn lanes_agree_with_the_bytes() {
        for b in 0..=255u8 {
            for lane in 0..8 {
                for fill in [0u8, b' ', b'a', b'{', 0x7F, 0x80, 0xFF, b'$', b'}'] {
                    let mut word = [fill; 8];
                    word[lane] = b;
                    let x = u64::from_le_bytes(word);
                    let bit = |flags: u64| (flags >> (lane * 8 + 7)) & 1 == 1;
                    assert_eq!(bit(lanes::spaces(x)), is_space(b), "{b:#x}");
                    let stop = matches!(b, b'$' | b'%' | b'&' | b'\'' | b'(' | b')')
                        || matches!(b, b';' | b'[' | b'{' | b'}' | 0x1B);
                    assert_eq!(bit(lanes::block_stops(x)), stop, "{b:#x}");
                    let gathered = lanes::gather(lanes::spaces(x));
                    let expected = word
                        .iter()
                        .enumerate()
                        .filter(|&(_, &b)| is_space(b))
                        .fold(0, |m, (k, _)| m | (1 << k));
                    assert_eq!(gathered, expected, "{word:?}");
                }
            }
        }
    }

    /// The blocks of SSE2 and of eight-byte words mark the same bytes, cut at the same place.
    #[test]
    fn both_ways_of_marking_a_block_agree() {
        let mut rng = testkit::Rng::new(0xb10c_0016);
        for round in 0..4000 {
            let mut bytes = [0u8; 64];
            for b in &mut bytes {
                *b = match round % 3 {
                    0 => rng.below(256) as u8,
                    1 => b" \t\n\r\x0b\x0c$%&'();[{}\x1b\x80\xffe4N#"[rng.below(23)],
                    _ if rng.below(30) == 0 => b"{}%[($;"[rng.below(7)],
                    _ => b"e4 Nf3\n\t"[rng.below(8)],
                };
            }
            let block = Block::cut(0, block_masks(&bytes));
            assert_eq!(
                block,
                Block::cut(0, block_masks_by_words(&bytes)),
                "{bytes:?}"
            );
        }
    }

    /// The table of the bytes ending a tag's name holds white space, `"`, `]` and `[`, no more.
    #[test]
    fn tag_names_end_at_their_bytes() {
        for b in 0..=255u8 {
            let ends = matches!(
                b,
                b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C | b'"' | b']' | b'['
            );
            assert_eq!(NAME_ENDS[usize::from(b)], ends, "{b:#x}");
            let line = [b"[Na".as_slice(), &[b], b"me \"v\"]"].concat();
            let name = scan_tag(&line).name;
            assert_eq!(name.end, if ends { 3 } else { 6 }, "{b:#x}");
        }
    }

    /// Every pattern of lanes gathers to its bits, with no carry between the products.
    #[test]
    fn clock_comments_end_where_the_search_ends_them() {
        for (text, clock) in [
            (&b"{ [%clk 0:02:57] } 2. e4"[..], true),
            (b"{ [%clk 9:59:59] }", true),
            (b"{ [%clk 0:02:57] }}", true),
            (b"{ [%clk 0:02:57] ", false),
            (b"{ [%clk 0:0}:57] }", false),
            (b"{ [%clk 0:02:5\n] }", false),
            (b"{ [%clk 0:02:57]}  ", false),
            (b"{ [%clk 10:02:57] }", false),
            (b"{ [%eval 0.17] [%clk 0:10:00] }", false),
        ] {
            assert_eq!(is_clock_comment(text), clock, "{}", text.escape_ascii());
            if clock {
                assert_eq!(brace_or_line_end(text, 1), Some(17));
            }
        }
    }

    #[test]
    fn every_lane_pattern_gathers() {
        for pattern in 0..=255u64 {
            let flags = (0..8)
                .filter(|k| pattern >> k & 1 == 1)
                .fold(0u64, |f, k| f | 0x80 << (8 * k));
            assert_eq!(lanes::gather(flags), pattern, "{pattern:#b}");
        }
    }

    /// A block covers its bytes up to the first eight holding a stop (or 64), and marks each.
    #[test]
    fn blocks_mark_each_byte() {
        let stop = |b: u8| {
            matches!(b, b'$' | b'%' | b'&' | b'\'' | b'(' | b')')
                || matches!(b, b';' | b'[' | b'{' | b'}' | 0x1B)
        };
        let mut rng = testkit::Rng::new(0xb10c_0005);
        for round in 0..40 {
            // Rounds of bytes of every value, then rounds of movetext where stops are rare.
            let text: Vec<u8> = if round == 0 {
                (0..200u8).map(|k| k.wrapping_mul(37)).collect()
            } else {
                (0..200)
                    .map(|_| {
                        if rng.below(40) == 0 {
                            b"{}%[($;"[rng.below(7)]
                        } else {
                            b"e4 Nf3\n\t"[rng.below(8)]
                        }
                    })
                    .collect()
            };
            for from in 0..=text.len() - 64 {
                let block = block_at(&text, from).unwrap();
                let len = text[from..from + 64]
                    .iter()
                    .position(|&b| stop(b))
                    .map_or(64, |k| (k / 8 + 1) * 8);
                for skip in 0..len {
                    let (spaces, stops, left, _) = block.from(from + skip).unwrap();
                    assert_eq!(left as usize, len - skip);
                    for k in 0..len - skip {
                        let b = text[from + skip + k];
                        assert_eq!((spaces >> k) & 1 == 1, is_space(b));
                        assert_eq!((stops >> k) & 1 == 1, stop(b));
                    }
                }
                assert_eq!(block.from(from + len), None);
                assert_eq!(block.from(from.wrapping_sub(1)), None);
                assert_eq!(block.after(from + len), Some(from + len));
            }
            assert!(block_at(&text, text.len() - 63).is_none());
        }
    }
}
