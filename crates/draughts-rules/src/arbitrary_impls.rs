//! `Arbitrary` for positions and moves: random legal play from the start, driven by the fuzzer's
//! bytes.

use arbitrary::{Arbitrary, Unstructured};

use crate::{Move, Position};

impl<'a> Arbitrary<'a> for Position {
    /// Plays up to 200 legal moves chosen by the input bytes from the starting position, so every
    /// position produced is reachable and legal.
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Position> {
        let mut pos = Position::new();
        let plies = u.int_in_range(0..=200u32)?;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() || u.is_empty() {
                break;
            }
            pos.play_unchecked(u.choose(&moves)?);
        }
        Ok(pos)
    }
}

impl<'a> Arbitrary<'a> for Move {
    /// A legal move of an arbitrary position (a plain `32-28` when that position has none): the
    /// moves notations must round-trip. Fuzzers that need the position too should draw the
    /// position and pick among its [`Position::legal_moves`].
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Move> {
        let pos = Position::arbitrary(u)?;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Ok(Move::quiet(crate::Square::new(32), crate::Square::new(28)));
        }
        Ok(*u.choose(&moves)?)
    }
}
