//! The algebraic notation of the period's books, read into the patterns the descriptive reader
//! resolves: a piece letter before pawn moves too (`P-e4`), `Kt` for the knight (`Kt-f3`),
//! long forms (`e2-e4`, `Kt g1-f3`), spaced squares (`e 2 e 4`), lower-case castling (`o-o`),
//! `:` for a capture before or after the squares (`e5:d4`, `e5d4:`). A table of forms over the
//! one matching engine: each move becomes a [`Parsed`] whose squares are counted from White's
//! side (the reader turns them round for Black's moves, see [`from_whites_side`]).

use chess_rules::{CastlingSide, Role};

use crate::names::{ALL, SquareSet};
use crate::parser::{Body, Mark, Parsed, PieceMove, Target, Who};

/// A square written in the algebraic way: its file and rank, from 0.
fn square(bytes: &[u8]) -> Option<(u8, u8)> {
    match bytes {
        [f @ b'a'..=b'h', r @ b'1'..=b'8', ..] => Some((f - b'a', r - b'1')),
        _ => None,
    }
}

/// The piece letters before a move: `K`, `Q`, `R`, `B`, `Kt`, `N`, `P`; the length read.
fn piece(bytes: &[u8]) -> Option<(Role, usize)> {
    Some(match bytes {
        [b'K', b't', ..] => (Role::Knight, 2),
        [b'K', ..] => (Role::King, 1),
        [b'Q', ..] => (Role::Queen, 1),
        [b'R', ..] => (Role::Rook, 1),
        [b'B', ..] => (Role::Bishop, 1),
        [b'N', ..] => (Role::Knight, 1),
        [b'P', ..] => (Role::Pawn, 1),
        _ => return None,
    })
}

/// One move in the algebraic way (`P-e4`, `Kt g1-f3`, `e2-e4`, `e5d4:`, `o-o`, `Q-h5+`),
/// white space inside it already taken out; its squares counted from White's side. `None`
/// when `token` is not one.
pub(crate) fn read(token: &str) -> Option<Parsed> {
    let bytes = token.as_bytes();
    // A glyph after the move (`!`, `?!`), kept as its NAG.
    let glyphs = bytes
        .iter()
        .rev()
        .take_while(|b| matches!(b, b'!' | b'?'))
        .count();
    let nag = match &bytes[bytes.len() - glyphs..] {
        b"!" => 1,
        b"?" => 2,
        b"!!" => 3,
        b"??" => 4,
        b"!?" => 5,
        b"?!" => 6,
        _ => 0,
    };
    // The signs after the move: check, mate, a capture sign written last.
    let mut end = bytes.len() - glyphs;
    let mut mark = Mark::None;
    let mut takes_after = false;
    loop {
        match &bytes[..end] {
            [.., b'+', b'+'] => {
                mark = Mark::CheckPlus;
                end -= 2;
            }
            [.., b'+'] | [.., b'c', b'h'] => {
                mark = Mark::Check;
                end -= if bytes[end - 1] == b'h' { 2 } else { 1 };
            }
            [.., b'#'] => {
                mark = Mark::Mate;
                end -= 1;
            }
            [.., b'.'] => end -= 1,
            [.., b':'] => {
                takes_after = true;
                end -= 1;
            }
            _ => break,
        }
    }
    let body = &bytes[..end];
    let castle = |side| Parsed {
        body: Body::Castle(Some(side)),
        mark,
        en_passant: false,
        nags: [nag, 0],
        repairs: 0,
    };
    match body {
        b"o-o" | b"O-O" | b"0-0" => return Some(castle(CastlingSide::KingSide)),
        b"o-o-o" | b"O-O-O" | b"0-0-0" => return Some(castle(CastlingSide::QueenSide)),
        _ => {}
    }
    let (role, mut at) = piece(body).unwrap_or((Role::Pawn, 0));
    if body.get(at) == Some(&b'-') {
        at += 1;
    }
    let first = square(&body[at..]);
    // `e5:d4`, `e2-e4`, `exd5`: a square or a file, a sign, the square gone to.
    let (from, rest) = match first {
        Some(sq) if body.len() > at + 2 => (Some(sq), &body[at + 2..]),
        Some(_) => (None, &body[at..]),
        None => match &body[at..] {
            [f @ b'a'..=b'h', b'x' | b':', ..] => (Some((f - b'a', 8)), &body[at + 1..]),
            _ => return None,
        },
    };
    let (takes, rest) = match rest {
        [b'x' | b':', rest @ ..] => (true, rest),
        [b'-', rest @ ..] => (false, rest),
        rest => (false, rest),
    };
    let (to_file, to_rank) = square(rest).filter(|_| rest.len() == 2)?;
    let set = |(file, rank): (u8, u8)| SquareSet {
        files: 1 << file,
        ranks: if rank == 8 { ALL } else { 1 << rank },
    };
    let to = set((to_file, to_rank));
    let target = if takes || takes_after {
        Target::Takes {
            victim: None,
            at: to,
        }
    } else {
        Target::To(to)
    };
    Some(Parsed {
        body: Body::Piece(PieceMove {
            piece: Who::role(role),
            from: from.map_or(SquareSet::ANY, set),
            target,
            promotion: None,
        }),
        mark,
        en_passant: false,
        nags: [nag, 0],
        repairs: 0,
    })
}

/// The moves of a chunk in the algebraic way, each with its byte range in the chunk: words
/// joined where a square is spaced (`e 2 e 4`, `Kt g1 - f3`), at most four to a move. `None`
/// when a word is no part of such a move.
pub(crate) fn read_many(chunk: &str) -> Option<Vec<(Parsed, std::ops::Range<usize>)>> {
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (i, c) in chunk.char_indices().chain([(chunk.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                words.push((s, &chunk[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    let mut moves = Vec::new();
    let mut k = 0;
    while k < words.len() {
        let mut joined = String::new();
        let mut found = None;
        for (n, (_, w)) in words[k..].iter().enumerate().take(4) {
            joined.push_str(w);
            if let Some(parsed) = read(&joined) {
                found = Some((parsed, n + 1));
            }
        }
        let (parsed, n) = found?;
        let start = words[k].0;
        let (last_at, last) = words[k + n - 1];
        moves.push((parsed, start..last_at + last.len()));
        k += n;
    }
    (!moves.is_empty()).then_some(moves)
}

/// Turns the squares of a move read by [`read`] round for the side that plays it: the
/// descriptive patterns count ranks from the mover's side.
pub(crate) fn from_whites_side(parsed: &mut Parsed) {
    if let Body::Piece(p) = &mut parsed.body {
        p.from.ranks = p.from.ranks.reverse_bits();
        match &mut p.target {
            Target::To(to) => to.ranks = to.ranks.reverse_bits(),
            Target::Takes { at, .. } => at.ranks = at.ranks.reverse_bits(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forms_of_the_issue() {
        for token in [
            "P-e4", "Kt-f3", "e2-e4", "e2e4", "o-o", "O-O-O", "e5d4:", "e5:d4", "Q-h5+", "exd5",
            "Ktg1-f3", "e4", "Nf3", "Q-h5ch!",
        ] {
            assert!(read(token).is_some(), "{token}");
        }
        for token in [
            "P-K4", "Kt-KB3", "the", "be", "ax", "Castles", "QxP", "B-Q5",
        ] {
            assert!(read(token).is_none(), "{token}");
        }
        let spaced = read_many("e 2 e 4  e 7 e 5").expect("two moves");
        assert_eq!(spaced.len(), 2);
        assert_eq!(spaced[1].1, 9..16);
    }
}
