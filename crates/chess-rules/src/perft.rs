//! Perft: counting the leaves of the legal move tree, the standard check of a move generator.

use crate::{Move, MoveList, Position};

/// The number of legal move sequences of exactly `depth` plies from `pos`.
///
/// # Examples
///
/// ```
/// use chess_rules::{Position, perft};
///
/// assert_eq!(perft(&Position::new(), 3), 8902);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        // Bulk counting: the last ply's moves are counted, not made.
        return pos.count_legal_moves() as u64;
    }
    let mut moves = MoveList::new();
    pos.gen_legal(&mut moves);
    moves
        .iter()
        .map(|mv| {
            let mut next = *pos;
            next.play_unchecked(*mv);
            perft(&next, depth - 1)
        })
        .sum()
}

/// Perft split by first move: each legal move with the count below it, in generation order.
///
/// # Examples
///
/// ```
/// use chess_rules::{Position, perft_divide};
///
/// let split = perft_divide(&Position::new(), 2);
/// assert_eq!(split.len(), 20);
/// assert!(split.iter().all(|(_, n)| *n == 20));
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
            next.play_unchecked(*mv);
            (*mv, perft(&next, depth - 1))
        })
        .collect()
}
