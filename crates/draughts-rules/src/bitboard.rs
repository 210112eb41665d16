//! Sets of squares as 64-bit masks in the padded layout, where a diagonal step is a plain shift.
//!
//! Square `n` (1..=50) lives on bit `(n - 1) + (n - 1) / 10`: each pair of rows takes ten bits
//! and is followed by one "ghost" bit (10, 21, 32, 43) that no square uses. Seen from White:
//!
//! ```text
//!   row 0:     0   1   2   3   4        squares  1- 5
//!   row 1:   5   6   7   8   9   (10)   squares  6-10
//!   row 2:    11  12  13  14  15        squares 11-15
//!   row 3:  16  17  18  19  20   (21)   squares 16-20
//!   ...
//!   row 9:  49  50  51  52  53          squares 46-50
//! ```
//!
//! Down-left is `+5`, down-right `+6`, up-right `-5`, up-left `-6` for every square: a step off
//! the left or right edge lands on a ghost bit and a step off the top or bottom leaves bits
//! 0..=53, so `(bits << 5) & ON_BOARD` moves a whole set one square down-left with nothing
//! wrapping around. The 54-bit padded board is the classic layout of draughts engines.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use board_core::Color;

use crate::Square;

/// The bits of the 50 squares: bits 0..=53 without the ghosts 10, 21, 32 and 43.
pub(crate) const ON_BOARD: u64 = ((1 << 54) - 1) & !((1 << 10) | (1 << 21) | (1 << 32) | (1 << 43));

/// The four diagonal directions as bit shifts: up-left, up-right, down-left, down-right.
pub(crate) const SHIFTS: [i32; 4] = [-6, -5, 5, 6];

/// The direction opposite to direction `d` (an index into [`SHIFTS`]).
pub(crate) const fn reverse(d: usize) -> usize {
    3 - d
}

/// The bit of square number `n`.
pub(crate) const fn bit_of(number: u8) -> u32 {
    let i = number as u32 - 1;
    i + i / 10
}

/// The square number on each bit, 0 for ghosts and bits off the board.
pub(crate) const SQUARE_OF_BIT: [u8; 64] = {
    let mut table = [0; 64];
    let mut n = 1;
    while n <= 50 {
        table[bit_of(n) as usize] = n;
        n += 1;
    }
    table
};

/// Shifts a set one step in direction `d`, dropping what leaves the board.
#[inline(always)]
pub(crate) const fn step(bits: u64, d: usize) -> u64 {
    let s = SHIFTS[d];
    (if s > 0 { bits << s } else { bits >> -s }) & ON_BOARD
}

/// `RAYS[d][b]`: the squares from bit `b` in direction `d` to the edge, `b` excluded.
pub(crate) const RAYS: [[u64; 64]; 4] = {
    let mut rays = [[0; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut b = 0;
        while b < 64 {
            if ON_BOARD & (1 << b) != 0 {
                let mut ray = 0;
                let mut at = step(1 << b, d);
                while at != 0 {
                    ray |= at;
                    at = step(at, d);
                }
                rays[d][b] = ray;
            }
            b += 1;
        }
        d += 1;
    }
    rays
};

/// The nearest bit of a non-empty set `bits` along direction `d` (the lowest bit for the
/// directions that increase bit numbers).
#[inline(always)]
pub(crate) const fn nearest(bits: u64, d: usize) -> u32 {
    if SHIFTS[d] > 0 {
        bits.trailing_zeros()
    } else {
        63 - bits.leading_zeros()
    }
}

/// The squares a slider on bit `b` sees in direction `d`: the empty squares up to the first
/// occupied one, that one included.
#[inline(always)]
pub(crate) const fn slide(b: u32, d: usize, occupied: u64) -> u64 {
    let ray = RAYS[d][b as usize];
    let blockers = ray & occupied;
    if blockers == 0 {
        ray
    } else {
        ray ^ RAYS[d][nearest(blockers, d) as usize]
    }
}

/// A set of squares.
///
/// The bits follow the padded layout described in the module documentation; [`Bitboard::bits`]
/// exposes them for code that wants to do its own shifting.
///
/// # Examples
///
/// ```
/// use draughts_rules::{Bitboard, Color, Square};
///
/// let row = Bitboard::promotion_row(Color::White);
/// assert_eq!(row.count(), 5);
/// assert!(row.contains(Square::new(3)));
/// let squares: Vec<u8> = row.into_iter().map(Square::number).collect();
/// assert_eq!(squares, [1, 2, 3, 4, 5]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub(crate) u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 50 squares.
    pub const ALL: Bitboard = Bitboard(ON_BOARD);

    /// The set from its bits in the padded layout, or `None` if a ghost bit or a bit above 53
    /// is set.
    #[must_use]
    pub const fn from_bits(bits: u64) -> Option<Bitboard> {
        if bits & !ON_BOARD == 0 {
            Some(Bitboard(bits))
        } else {
            None
        }
    }

    /// The bits in the padded layout.
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set of one square.
    #[must_use]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << bit_of(sq.number()))
    }

    /// The row where the men of `color` become kings: 1-5 for White, 46-50 for Black.
    #[must_use]
    pub const fn promotion_row(color: Color) -> Bitboard {
        match color {
            Color::White => Bitboard(0b11111),
            Color::Black => Bitboard(0b11111 << 49),
        }
    }

    /// `true` if `sq` is in the set.
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << bit_of(sq.number())) != 0
    }

    /// `true` for the empty set.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `true` if the set has a square.
    #[must_use]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// The number of squares.
    #[must_use]
    pub const fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The lowest-numbered square.
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new(SQUARE_OF_BIT[self.0.trailing_zeros() as usize]))
        }
    }

    /// The set with `sq` added.
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | Bitboard::from_square(sq).0)
    }

    /// The set with `sq` removed.
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !Bitboard::from_square(sq).0)
    }

    /// The set seen from Black's side: every `n` becomes `51 - n`.
    #[must_use]
    pub fn rotated(self) -> Bitboard {
        self.into_iter().map(Square::rotated).collect()
    }
}

impl fmt::Debug for Bitboard {
    /// The squares in a list, `{1, 2, 3}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $assign:ident, $assign_fn:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;

            #[inline]
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }

        impl $assign for Bitboard {
            #[inline]
            fn $assign_fn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;

    /// The complement within the 50 squares.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ON_BOARD)
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

/// Iterates the squares of a set, lowest number first.
#[derive(Debug, Clone)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::new(SQUARE_OF_BIT[self.0.trailing_zeros() as usize]);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

/// A bitboard serializes as the list of its square numbers, lowest first.
#[cfg(feature = "serde")]
impl serde::Serialize for Bitboard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(*self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Bitboard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Bitboard, D::Error> {
        let squares = <Vec<Square>>::deserialize(d)?;
        Ok(squares.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_are_diagonal_steps() {
        for sq in Square::all() {
            let bits = Bitboard::from_square(sq).0;
            for (d, (dr, dc)) in [(-1, -1), (-1, 1), (1, -1), (1, 1)].into_iter().enumerate() {
                let expected = sq
                    .offset(dr, dc)
                    .map_or(0, |to| Bitboard::from_square(to).0);
                assert_eq!(step(bits, d), expected, "square {sq} direction {d}");
            }
        }
    }

    #[test]
    fn layout_is_consistent() {
        assert_eq!(Bitboard::ALL.count(), 50);
        assert_eq!(Bitboard::ALL.into_iter().count(), 50);
        for sq in Square::all() {
            assert_eq!(SQUARE_OF_BIT[bit_of(sq.number()) as usize], sq.number());
        }
        assert_eq!(
            Bitboard::promotion_row(Color::Black)
                .into_iter()
                .map(Square::number)
                .collect::<Vec<_>>(),
            [46, 47, 48, 49, 50]
        );
        assert_eq!(
            Bitboard::promotion_row(Color::White).rotated(),
            Bitboard::promotion_row(Color::Black)
        );
        assert_eq!(Bitboard::from_bits(1 << 10), None);
        assert_eq!(!Bitboard::EMPTY, Bitboard::ALL);
    }

    /// A king on the long diagonal and a second diagonal of nine squares sees 17 squares; no
    /// square sees more. The move-list capacity relies on it.
    #[test]
    fn most_squares_a_king_sees() {
        let most = Square::all()
            .map(|sq| {
                (0..4)
                    .map(|d| RAYS[d][bit_of(sq.number()) as usize].count_ones())
                    .sum::<u32>()
            })
            .max();
        assert_eq!(most, Some(crate::moves::MAX_KING_REACH));
    }
}
