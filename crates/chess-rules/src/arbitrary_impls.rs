//! `Arbitrary` for positions: random legal play from the start, driven by the fuzzer's bytes.

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
            pos.play_unchecked(*u.choose(&moves)?);
        }
        Ok(pos)
    }
}

impl<'a> Arbitrary<'a> for Move {
    /// A move of any shape, not necessarily legal anywhere: for testing readers and writers.
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Move> {
        let from = u.arbitrary()?;
        let to = u.arbitrary()?;
        Ok(match u.int_in_range(0..=3u8)? {
            0 => Move::normal(u.arbitrary()?, from, to),
            1 => Move::promotion(from, to, u.arbitrary()?),
            2 => Move::en_passant(from, to),
            _ => Move::castle(from, to),
        })
    }
}
