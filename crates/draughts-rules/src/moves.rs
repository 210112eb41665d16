//! Moves (with their capture paths) and move lists kept on the stack.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

use arrayvec::ArrayVec;

use crate::{Bitboard, Square};

/// The most pieces one move can capture.
///
/// A captured piece needs a square on each side of it along the diagonal of the capture, so it
/// never stands on the edge of the board: only the 32 squares of the inner 8x8 can be captured
/// from, and a piece is captured at most once. A capture path has one landing square per capture.
pub const MAX_CAPTURES: usize = 32;

/// The most squares a king sees on an empty board (a square of the long diagonal that also lies
/// on a diagonal of nine squares: 9 + 8). Checked by a test of the board layout.
pub(crate) const MAX_KING_REACH: u32 = 17;

/// A draughts move: where the piece starts, where it ends, the squares it lands on and the pieces
/// it captures.
///
/// The path is the list of squares landed on, one per captured piece, the last being
/// [`Move::to`]; a plain move's path is just its destination. When a king captures two pieces on
/// the same line, the path names the square just behind the first captured piece, as PDN does.
///
/// **Equality ignores the path.** Two captures with the same origin, destination and captured
/// pieces are the same move under the FMJD rules (and in the published perft counts), whatever
/// route the piece took; [`Move::same_path`] compares routes too. `Hash` agrees with `Eq`.
///
/// `Display` writes the full path: `32-28`, `19x30`, `47x38x24x13x36`. That is a debugging form;
/// the notation crates write PDN.
///
/// # Examples
///
/// ```
/// use draughts_rules::{Move, Position, Square};
///
/// let pos = Position::new();
/// let mv = Move::quiet(Square::new(32), Square::new(28));
/// assert!(pos.is_legal(&mv));
/// assert_eq!(mv.to_string(), "32-28");
/// assert!(!mv.is_capture());
/// ```
#[derive(Clone, Copy)]
pub struct Move {
    captured: Bitboard,
    from: Square,
    to: Square,
    len: u8,
    path: [Square; MAX_CAPTURES],
}

impl Move {
    /// A move without capture from `from` to `to`.
    #[must_use]
    pub const fn quiet(from: Square, to: Square) -> Move {
        let mut path = [Square::MIN; MAX_CAPTURES];
        path[0] = to;
        Move {
            captured: Bitboard::EMPTY,
            from,
            to,
            len: 1,
            path,
        }
    }

    /// A capture from `from` along `path` (the squares landed on, the destination last) taking
    /// the pieces on `captured`.
    ///
    /// Returns `None` unless the path has one square per captured piece and at least one. The
    /// geometry is not checked here: [`crate::Position::is_legal`] does that.
    #[must_use]
    pub fn capture(from: Square, path: &[Square], captured: Bitboard) -> Option<Move> {
        let (&to, _) = path.split_last()?;
        if path.len() != captured.count() || path.len() > MAX_CAPTURES {
            return None;
        }
        let mut squares = [Square::MIN; MAX_CAPTURES];
        squares[..path.len()].copy_from_slice(path);
        Some(Move {
            captured,
            from,
            to,
            len: path.len() as u8,
            path: squares,
        })
    }

    /// Builds a capture from the search's landing bits; `landings` is non-empty and no longer
    /// than [`MAX_CAPTURES`].
    #[inline]
    pub(crate) fn from_search(from: u32, landings: &[u8], captured: u64) -> Move {
        let mut path = [Square::MIN; MAX_CAPTURES];
        for (slot, &bit) in path.iter_mut().zip(landings) {
            *slot = Square::new(crate::bitboard::SQUARE_OF_BIT[bit as usize]);
        }
        Move {
            captured: Bitboard(captured),
            from: Square::new(crate::bitboard::SQUARE_OF_BIT[from as usize]),
            to: path[landings.len() - 1],
            len: landings.len() as u8,
            path,
        }
    }

    /// The square the piece leaves.
    #[must_use]
    pub const fn from(&self) -> Square {
        self.from
    }

    /// The square where the piece ends.
    #[must_use]
    pub const fn to(&self) -> Square {
        self.to
    }

    /// The pieces captured (empty for a plain move).
    #[must_use]
    pub const fn captured(&self) -> Bitboard {
        self.captured
    }

    /// The number of pieces captured.
    #[must_use]
    pub const fn capture_count(&self) -> usize {
        self.captured.count()
    }

    /// `true` if the move captures.
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.captured.any()
    }

    /// The squares landed on, in order, the destination last: one per captured piece, or just
    /// the destination for a plain move.
    #[must_use]
    pub fn path(&self) -> &[Square] {
        &self.path[..self.len as usize]
    }

    /// `true` if the two moves are equal and take the same route.
    #[must_use]
    pub fn same_path(&self, other: &Move) -> bool {
        self == other && self.path() == other.path()
    }

    /// The key that identifies the move: origin, destination and captured pieces.
    const fn key(&self) -> (u8, u8, u64) {
        (self.from.number(), self.to.number(), self.captured.0)
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Move {}

impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from)?;
        let sep = if self.is_capture() { 'x' } else { '-' };
        for sq in self.path() {
            write!(f, "{sep}{sq}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_capture() {
            write!(f, "Move({self} taking {:?})", self.captured)
        } else {
            write!(f, "Move({self})")
        }
    }
}

/// Moves serialize as `{"from": 47, "to": 36, "path": [38, 24, 13, 36], "captured": [...]}`.
#[cfg(feature = "serde")]
mod serde_impls {
    use super::{Bitboard, Move, Square};

    #[derive(serde::Serialize, serde::Deserialize)]
    struct Repr {
        from: Square,
        to: Square,
        path: Vec<Square>,
        captured: Bitboard,
    }

    impl serde::Serialize for Move {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            Repr {
                from: self.from,
                to: self.to,
                path: self.path().to_vec(),
                captured: self.captured,
            }
            .serialize(s)
        }
    }

    impl<'de> serde::Deserialize<'de> for Move {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
            let repr = Repr::deserialize(d)?;
            let mv = if repr.captured.is_empty() {
                (repr.path.len() <= 1).then(|| Move::quiet(repr.from, repr.to))
            } else {
                Move::capture(repr.from, &repr.path, repr.captured)
            };
            match mv {
                Some(mv) if mv.to == repr.to => Ok(mv),
                _ => Err(serde::de::Error::custom(
                    "the path must end on `to` and land once per captured piece",
                )),
            }
        }
    }
}

/// How many moves a [`MoveList`] holds without allocating.
///
/// Every position without a capture fits: a plain move goes to an empty square from the first
/// piece along one of the four diagonals through it, so `n` pieces (of either side) leave at
/// most `4 (50 - n)` moves, and each piece has at most 17 (a king's best, `MAX_KING_REACH`),
/// so at most `17 n`. The smaller of the two never exceeds `4 * 40 = 160` (at `n = 10`).
///
/// Captures have no such small bound that is easy to prove: a set-up board full of kings can
/// offer many longest captures with different captured sets. The list then moves to the heap
/// rather than drop a move or panic; reachable positions and every published perft position stay
/// on the stack.
pub const INLINE_MOVES: usize = 160;

/// The bound above, computed: the largest `min(17 n, 4 (50 - n))` over every piece count `n`.
const MOST_QUIET_MOVES: usize = {
    let mut most = 0;
    let mut n = 0;
    while n <= 50 {
        let by_pieces = MAX_KING_REACH as usize * n;
        let by_squares = 4 * (50 - n);
        let bound = if by_pieces < by_squares {
            by_pieces
        } else {
            by_squares
        };
        if bound > most {
            most = bound;
        }
        n += 1;
    }
    most
};

const _: () = assert!(MOST_QUIET_MOVES == INLINE_MOVES);

/// The legal moves of a position: on the stack up to [`INLINE_MOVES`], on the heap beyond.
///
/// Dereferences to a slice of [`Move`]s.
///
/// # Examples
///
/// ```
/// use draughts_rules::Position;
///
/// let moves = Position::new().legal_moves();
/// assert_eq!(moves.len(), 9);
/// assert!(moves.iter().all(|mv| !mv.is_capture()));
/// ```
#[derive(Clone, Default)]
pub struct MoveList {
    inline: ArrayVec<Move, INLINE_MOVES>,
    /// Used only once `inline` is full; then it holds every move and `inline` is empty.
    spill: Vec<Move>,
}

impl MoveList {
    /// An empty list.
    #[must_use]
    pub fn new() -> MoveList {
        MoveList::default()
    }

    /// Adds a move at the end.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        if self.spill.is_empty() {
            if let Err(full) = self.inline.try_push(mv) {
                self.spill.reserve(2 * INLINE_MOVES);
                self.spill.extend(self.inline.drain(..));
                self.spill.push(full.element());
            }
        } else {
            self.spill.push(mv);
        }
    }

    /// Removes every move (keeping any heap buffer for reuse).
    #[inline]
    pub fn clear(&mut self) {
        self.inline.clear();
        self.spill.clear();
    }

    /// The moves as a slice.
    #[must_use]
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        if self.spill.is_empty() {
            &self.inline
        } else {
            &self.spill
        }
    }

    /// `true` once the list has moved to the heap.
    #[must_use]
    pub fn spilled(&self) -> bool {
        !self.spill.is_empty()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        for mv in iter {
            self.push(mv);
        }
    }
}

impl FromIterator<Move> for MoveList {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> MoveList {
        let mut list = MoveList::new();
        list.extend(iter);
        list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_spills_without_losing_moves() {
        let mut list = MoveList::new();
        for i in 0..(INLINE_MOVES + 40) {
            let from = Square::from_index(i % 50);
            let to = Square::from_index((i / 50) % 50);
            list.push(Move::quiet(from, to));
        }
        assert!(list.spilled());
        assert_eq!(list.len(), INLINE_MOVES + 40);
        assert_eq!(
            list[INLINE_MOVES].from(),
            Square::from_index(INLINE_MOVES % 50)
        );
        list.clear();
        assert!(list.is_empty() && !list.spilled());
    }

    #[test]
    fn equality_ignores_the_path() {
        let sq = Square::new;
        let captured: Bitboard = [sq(22), sq(23)].into_iter().collect();
        let a = Move::capture(sq(28), &[sq(17), sq(19)], captured).unwrap();
        let b = Move::capture(sq(28), &[sq(18), sq(19)], captured).unwrap();
        assert_eq!(a, b);
        assert!(!a.same_path(&b));
        assert_eq!(a.to_string(), "28x17x19");
        assert_eq!(Move::capture(sq(28), &[sq(19)], captured), None);
        assert_eq!(Move::capture(sq(28), &[], Bitboard::EMPTY), None);
    }
}
