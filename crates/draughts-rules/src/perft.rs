//! Perft: counting the leaves of the legal move tree, the standard check of a move generator.
//!
//! Moves are counted once per (origin, destination, captured pieces), as in the published
//! international draughts counts: two routes that take the same pieces to the same square are
//! one move.

use crate::{Move, MoveList, Position};

/// The number of legal move sequences of exactly `depth` plies from `pos`.
///
/// The last ply is counted without building moves ("bulk counting").
///
/// # Examples
///
/// ```
/// use draughts_rules::{Position, perft};
///
/// assert_eq!(perft(&Position::new(), 3), 658);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => {
            let mut moves = MoveList::new();
            pos.gen_legal(&mut moves);
            moves
                .iter()
                .map(|mv| {
                    let mut next = *pos;
                    next.play_unchecked(mv);
                    perft(&next, depth - 1)
                })
                .sum()
        }
    }
}

/// Perft split by first move: each legal move with the count below it, in generation order
/// (by origin square).
///
/// # Examples
///
/// ```
/// use draughts_rules::{Position, perft_divide};
///
/// let split = perft_divide(&Position::new(), 2);
/// assert_eq!(split.len(), 9);
/// assert!(split.iter().all(|(_, n)| *n == 9));
/// assert_eq!(split[0].0.to_string(), "31-26");
/// ```
#[must_use]
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|mv| {
            let mut next = *pos;
            next.play_unchecked(mv);
            (*mv, perft(&next, depth - 1))
        })
        .collect()
}
