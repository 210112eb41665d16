//! Zobrist hashing of positions, for repetition detection.

use crate::{Color, Position, Role};

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix(seed.wrapping_add((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)));
        i += 1;
    }
    out
}

static PIECE_SQUARE: [u64; 12 * 64] = keys(1);
static CASTLING: [u64; 64] = keys(2);
static EN_PASSANT_FILE: [u64; 8] = keys(3);
const BLACK_TO_MOVE: u64 = splitmix(4);

impl Position {
    /// A 64-bit hash of what makes positions the same for the repetition rules: the pieces, the
    /// side to move, the castling rights and a legal en-passant capture. Clocks are left out.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_rules::{Move, Position, Role, Square};
    ///
    /// let start = Position::new();
    /// let knight_out = |from: &str, to: &str| {
    ///     Move::normal(Role::Knight, from.parse().unwrap(), to.parse().unwrap())
    /// };
    /// let back = start
    ///     .play(knight_out("g1", "f3")).unwrap()
    ///     .play(knight_out("g8", "f6")).unwrap()
    ///     .play(knight_out("f3", "g1")).unwrap()
    ///     .play(knight_out("f6", "g8")).unwrap();
    /// assert_eq!(back.zobrist(), start.zobrist());
    /// assert_ne!(back, start); // the clocks moved on
    /// ```
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        let mut hash = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                let base = (color.to_usize() * 6 + role.to_usize()) * 64;
                for sq in self.by_role(role) & self.by_color(color) {
                    hash ^= PIECE_SQUARE[base + sq.to_usize()];
                }
            }
        }
        for sq in self.castling {
            hash ^= CASTLING[sq.to_usize()];
        }
        if let Some(ep) = self.legal_ep_square() {
            hash ^= EN_PASSANT_FILE[ep.file().to_usize()];
        }
        if self.turn == Color::Black {
            hash ^= BLACK_TO_MOVE;
        }
        hash
    }
}
