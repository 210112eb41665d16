//! Legal move generation: pins and check evasions are handled while generating, so no move is
//! made and taken back to test legality.

use crate::{
    Bitboard, CastlingSide, Color, File, Move, MoveList, Position, Rank, Role, Square, attacks,
};

impl Position {
    /// Every legal move, in no particular order.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_rules::Position;
    ///
    /// let kiwipete: Position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"
    ///     .parse()
    ///     .unwrap();
    /// assert_eq!(kiwipete.legal_moves().len(), 48);
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.gen_legal(&mut moves);
        moves
    }

    /// Appends every legal move to `moves`.
    pub(crate) fn gen_legal(&self, moves: &mut MoveList) {
        let us = self.turn;
        let Some(king) = self.king_of(us) else {
            return;
        };
        let occupied = self.occupied();
        let checkers = self.attackers_to(king, !us, occupied);
        let pinned = self.pinned(king);

        if !checkers.more_than_one() {
            let target = match checkers.first() {
                None => !self.by_color(us),
                Some(checker) => attacks::between(king, checker) | checkers,
            };
            self.gen_pawns(moves, target, king, pinned);
            self.gen_pieces(moves, target, king, pinned);
            if let Some(ep) = self.ep_square {
                self.gen_en_passant(moves, ep);
            }
        }
        self.gen_king(moves, king);
        if checkers.is_empty() {
            self.gen_castling(moves, king);
        }
    }

    /// The pieces of the side to move that shield their king from an enemy slider.
    fn pinned(&self, king: Square) -> Bitboard {
        let them = self.by_color(!self.turn);
        let queens = self.by_role(Role::Queen);
        let snipers = ((attacks::rook(king, Bitboard::EMPTY)
            & (self.by_role(Role::Rook) | queens))
            | (attacks::bishop(king, Bitboard::EMPTY) & (self.by_role(Role::Bishop) | queens)))
            & them;
        let occupied = self.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers;
            }
        }
        pinned & self.by_color(self.turn)
    }

    fn gen_pieces(&self, moves: &mut MoveList, target: Bitboard, king: Square, pinned: Bitboard) {
        let ours = self.by_color(self.turn);
        let occupied = self.occupied();
        for from in self.by_role(Role::Knight) & ours & !pinned {
            for to in attacks::knight(from) & target {
                moves.push(Move::normal(Role::Knight, from, to));
            }
        }
        for role in [Role::Bishop, Role::Rook, Role::Queen] {
            for from in self.by_role(role) & ours {
                let mut dests = attacks::of(role, self.turn, from, occupied) & target;
                if pinned.contains(from) {
                    dests &= attacks::line(king, from);
                }
                for to in dests {
                    moves.push(Move::normal(role, from, to));
                }
            }
        }
    }

    fn gen_king(&self, moves: &mut MoveList, king: Square) {
        let us = self.turn;
        let without_king = self.occupied().without(king);
        for to in attacks::king(king) & !self.by_color(us) {
            if self.attackers_to(to, !us, without_king).is_empty() {
                moves.push(Move::normal(Role::King, king, to));
            }
        }
    }

    fn gen_pawns(&self, moves: &mut MoveList, target: Bitboard, king: Square, pinned: Bitboard) {
        let us = self.turn;
        let pawns = self.by_role(Role::Pawn) & self.by_color(us);
        let theirs = self.by_color(!us) & target;
        let empty = !self.occupied();
        let (up, third, last) = match us {
            Color::White => (8, Rank::Third, Rank::Eighth),
            Color::Black => (-8, Rank::Sixth, Rank::First),
        };
        let last = Bitboard::rank(last);

        let free = pawns & !pinned;
        let single = free.shift(up) & empty;
        let double = (single & Bitboard::rank(third)).shift(up) & empty & target;
        let single = single & target;
        let west = (free & !Bitboard::file(File::A)).shift(up - 1) & theirs;
        let east = (free & !Bitboard::file(File::H)).shift(up + 1) & theirs;

        push_pawn_moves(moves, single, up, last);
        for to in double {
            moves.push(Move::normal(Role::Pawn, offset(to, -2 * up), to));
        }
        push_pawn_moves(moves, west, up - 1, last);
        push_pawn_moves(moves, east, up + 1, last);

        for from in pawns & pinned {
            let line = attacks::line(king, from);
            let mut dests = attacks::pawn(us, from) & theirs;
            let step = offset(from, up);
            if empty.contains(step) {
                dests |= step.bitboard() & target;
                if Rank::Second.relative_to(us) == from.rank() {
                    let jump = offset(step, up);
                    dests |= jump.bitboard() & empty & target;
                }
            }
            for to in dests & line {
                push_pawn_move(moves, from, to, last);
            }
        }
    }

    /// Appends the legal en-passant captures onto `ep` (none, one or two).
    pub(crate) fn gen_en_passant(&self, moves: &mut MoveList, ep: Square) {
        let us = self.turn;
        let Some(king) = self.king_of(us) else {
            return;
        };
        let victim = offset(ep, if us.is_white() { -8 } else { 8 });
        let candidates = attacks::pawn(!us, ep) & self.by_role(Role::Pawn) & self.by_color(us);
        for from in candidates {
            // Rare enough to test the whole board after the capture: this covers the pawns that
            // vanish from the king's rank at once, and the capture of a checking pawn.
            let occupied = (self.occupied() ^ from.bitboard() ^ victim.bitboard()).with(ep);
            let attackers = self.attackers_to(king, !us, occupied) & !victim.bitboard();
            if attackers.is_empty() {
                moves.push(Move::en_passant(from, ep));
            }
        }
    }

    fn gen_castling(&self, moves: &mut MoveList, king: Square) {
        let us = self.turn;
        for side in CastlingSide::ALL {
            let Some(rook) = self.castling_rook(us, side) else {
                continue;
            };
            let king_to = side.king_to(us);
            let rook_to = side.rook_to(us);
            let king_path = attacks::between(king, king_to).with(king_to);
            let rook_path = attacks::between(rook, rook_to).with(rook_to);
            let movers = king.bitboard() | rook.bitboard();
            let occupied = self.occupied() & !movers;
            if ((king_path | rook_path) & occupied).any() {
                continue;
            }
            // With king and rook lifted, so that a rook that shielded the king's destination
            // along the rank does not hide an attack (Chess960).
            let safe = king_path
                .into_iter()
                .all(|sq| self.attackers_to(sq, !us, occupied).is_empty());
            if safe {
                moves.push(Move::castle(king, rook));
            }
        }
    }
}

#[inline]
fn offset(sq: Square, delta: i32) -> Square {
    Square::new((sq.to_u32() as i32 + delta) as u32)
}

#[inline]
fn push_pawn_moves(moves: &mut MoveList, dests: Bitboard, delta: i32, last: Bitboard) {
    for to in dests & !last {
        moves.push(Move::normal(Role::Pawn, offset(to, -delta), to));
    }
    for to in dests & last {
        let from = offset(to, -delta);
        for role in Role::PROMOTIONS {
            moves.push(Move::promotion(from, to, role));
        }
    }
}

#[inline]
fn push_pawn_move(moves: &mut MoveList, from: Square, to: Square, last: Bitboard) {
    if last.contains(to) {
        for role in Role::PROMOTIONS {
            moves.push(Move::promotion(from, to, role));
        }
    } else {
        moves.push(Move::normal(Role::Pawn, from, to));
    }
}
