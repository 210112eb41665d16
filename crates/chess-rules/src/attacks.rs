//! Attack tables: steppers from `const fn` tables, sliders by magic multiplication.
//!
//! # Examples
//!
//! ```
//! use chess_rules::{Bitboard, Square, attacks};
//!
//! assert_eq!(attacks::knight(Square::A1).count(), 2);
//! let blockers = Square::E4.bitboard();
//! assert!(!attacks::rook(Square::E1, blockers).contains(Square::E5));
//! ```

use crate::{Bitboard, Color, Role, Square};

/// One magic entry: the relevant-occupancy mask, the multiplier, the shift and where the
/// square's slice of the shared table starts.
pub(crate) struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: usize,
}

include!(concat!(env!("OUT_DIR"), "/magics.rs"));

const fn u64s<const N: usize>(bytes: &[u8]) -> [u64; N] {
    assert!(bytes.len() == N * 8, "table size mismatch");
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        let b = i * 8;
        out[i] = u64::from_le_bytes([
            bytes[b],
            bytes[b + 1],
            bytes[b + 2],
            bytes[b + 3],
            bytes[b + 4],
            bytes[b + 5],
            bytes[b + 6],
            bytes[b + 7],
        ]);
        i += 1;
    }
    out
}

static SLIDERS: [u64; SLIDER_TABLE_LEN] =
    u64s(include_bytes!(concat!(env!("OUT_DIR"), "/sliders.bin")));
static BETWEEN: [u64; 4096] = u64s(include_bytes!(concat!(env!("OUT_DIR"), "/between.bin")));
static LINE: [u64; 4096] = u64s(include_bytes!(concat!(env!("OUT_DIR"), "/line.bin")));

const fn stepper_table(deltas: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut i = 0;
        while i < deltas.len() {
            let (f, r) = (file + deltas[i].0, rank + deltas[i].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [u64; 64] = stepper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [u64; 64] = stepper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
static PAWN: [[u64; 64]; 2] = [
    stepper_table(&[(-1, 1), (1, 1)]),
    stepper_table(&[(-1, -1), (1, -1)]),
];

/// The squares a knight on `sq` attacks.
#[inline]
#[must_use]
pub fn knight(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.to_usize()])
}

/// The squares a king on `sq` attacks.
#[inline]
#[must_use]
pub fn king(sq: Square) -> Bitboard {
    Bitboard(KING[sq.to_usize()])
}

/// The squares a pawn of `color` on `sq` attacks (diagonally forward).
#[inline]
#[must_use]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.to_usize()][sq.to_usize()])
}

/// The squares the pawns of `color` on `pawns` attack, all at once.
#[inline]
#[must_use]
pub fn pawns(color: Color, pawns: Bitboard) -> Bitboard {
    let west = pawns & !Bitboard::file(crate::File::A);
    let east = pawns & !Bitboard::file(crate::File::H);
    match color {
        Color::White => west.shift(7) | east.shift(9),
        Color::Black => west.shift(-9) | east.shift(-7),
    }
}

#[inline]
fn magic_lookup(magic: &Magic, occupied: Bitboard) -> Bitboard {
    let index = ((occupied.0 & magic.mask).wrapping_mul(magic.factor) >> magic.shift) as usize;
    Bitboard(SLIDERS[magic.offset + index])
}

/// The squares a rook on `sq` attacks, stopping at the first piece of `occupied` on each ray.
#[inline]
#[must_use]
pub fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&ROOK_MAGICS[sq.to_usize()], occupied)
}

/// The squares a bishop on `sq` attacks, stopping at the first piece of `occupied`.
#[inline]
#[must_use]
pub fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&BISHOP_MAGICS[sq.to_usize()], occupied)
}

/// The squares a queen on `sq` attacks.
#[inline]
#[must_use]
pub fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
    rook(sq, occupied) | bishop(sq, occupied)
}

/// The squares a piece of `role` and `color` on `sq` attacks.
#[must_use]
#[inline(always)]
pub fn of(role: Role, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn(color, sq),
        Role::Knight => knight(sq),
        Role::Bishop => bishop(sq, occupied),
        Role::Rook => rook(sq, occupied),
        Role::Queen => queen(sq, occupied),
        Role::King => king(sq),
    }
}

/// The squares strictly between `a` and `b` if they share a rank, file or diagonal; else empty.
#[inline]
#[must_use]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.to_usize() * 64 + b.to_usize()])
}

/// The whole line through `a` and `b` (edge to edge) if they share one; else empty.
#[inline]
#[must_use]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.to_usize() * 64 + b.to_usize()])
}

/// `true` if `a` and `b` are two squares of one rank, file or diagonal: [`line()`] without its
/// 32 KB table, for the hot tests that need only the yes or no (a 512-byte table stays in
/// cache).
#[inline]
#[must_use]
pub const fn on_a_line(a: Square, b: Square) -> bool {
    LINES_FROM[a.to_usize()] & (1 << b.to_u32()) != 0
}

/// The squares that share a rank, file or diagonal with `sq`, itself left out: a queen's
/// attacks on an empty board, from a 512-byte table.
#[inline]
#[must_use]
pub(crate) const fn lines_from(sq: Square) -> Bitboard {
    Bitboard(LINES_FROM[sq.to_usize()])
}

/// The squares that share a rank, file or diagonal with each square, itself left out.
const LINES_FROM: [u64; 64] = {
    let mut table = [0; 64];
    let mut a = 0;
    while a < 64 {
        let (fa, ra) = (a % 8, a / 8);
        let mut b = 0;
        while b < 64 {
            let (fb, rb) = (b % 8, b / 8);
            if a != b && (fa == fb || ra == rb || fa + rb == fb + ra || fa + ra == fb + rb) {
                table[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    table
};

/// `true` if `a`, `b` and `c` stand on one line.
#[inline]
#[must_use]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_a_line_agrees_with_the_line_table() {
        for a in 0..64 {
            for b in 0..64 {
                let (a, b) = (Square::new(a), Square::new(b));
                assert_eq!(on_a_line(a, b), line(a, b).any(), "{a} {b}");
            }
        }
    }

    fn walk(sq: Square, occupied: Bitboard, dirs: &[(i32, i32)]) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for &(df, dr) in dirs {
            let (mut f, mut r) = (sq.file() as i32, sq.rank() as i32);
            loop {
                f += df;
                r += dr;
                if !(0..8).contains(&f) || !(0..8).contains(&r) {
                    break;
                }
                let s = Square::new((r * 8 + f) as u32);
                out = out.with(s);
                if occupied.contains(s) {
                    break;
                }
            }
        }
        out
    }

    #[test]
    fn magic_lookups_match_ray_walks() {
        let mut rng = testkit::Rng::new(0x1234_5678_9abc_def1);
        for _ in 0..2000 {
            let seed = rng.next_u64();
            let occupied = Bitboard(seed & seed.rotate_left(17));
            for sq in Square::all() {
                let rook_dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)];
                let bishop_dirs = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
                assert_eq!(rook(sq, occupied), walk(sq, occupied, &rook_dirs));
                assert_eq!(bishop(sq, occupied), walk(sq, occupied, &bishop_dirs));
            }
        }
    }

    #[test]
    fn pawn_sets_attack_what_their_pawns_attack() {
        let mut rng = testkit::Rng::new(0x9a11_5e75);
        for _ in 0..500 {
            let set = Bitboard(rng.next_u64() & rng.next_u64());
            for color in [Color::White, Color::Black] {
                let one_by_one = set
                    .into_iter()
                    .fold(Bitboard::EMPTY, |acc, sq| acc | pawn(color, sq));
                assert_eq!(pawns(color, set), one_by_one, "{color:?} {set:?}");
            }
        }
    }

    #[test]
    fn lines_and_betweens() {
        assert_eq!(between(Square::A1, Square::H8).count(), 6);
        assert_eq!(line(Square::E1, Square::E4), Bitboard::file(crate::File::E));
        assert!(between(Square::A1, "b3".parse().unwrap()).is_empty());
        assert!(aligned(Square::A1, Square::E5, Square::H8));
        assert_eq!(pawn(Color::White, Square::E4).count(), 2);
        assert_eq!(king(Square::E1).count(), 5);
    }
}
