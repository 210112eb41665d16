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
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.gen_legal(&mut moves);
        moves
    }

    /// The legal moves of `role` that land on a square of `to` (castling excluded): what a
    /// reader of `Nf3` needs, generated without the rest of the list.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_rules::{Bitboard, Position, Role, Square};
    ///
    /// let pos = Position::new();
    /// let to_f3 = "f3".parse::<Square>().unwrap().bitboard();
    /// assert_eq!(pos.legal_moves_to(Role::Knight, to_f3).len(), 1);
    /// assert_eq!(pos.legal_moves_to(Role::Pawn, to_f3).len(), 1);
    /// ```
    #[must_use]
    pub fn legal_moves_to(&self, role: Role, to: Bitboard) -> MoveList {
        let mut moves = MoveList::new();
        self.append_legal_moves_to(role, to, &mut moves);
        moves
    }

    /// Like [`Position::legal_moves_to`], appending to a list the caller keeps: a move list
    /// is a few kilobytes, and returning it by value copies them.
    pub fn append_legal_moves_to(&self, role: Role, to: Bitboard, moves: &mut MoveList) {
        self.gen_filtered(moves, 1 << role as u8, to, false);
    }

    /// Appends the legal moves of `role` from a square of `from` to `to` (castling excluded):
    /// what a reader of `Nbd2` needs, each origin of [`Position::legal_origins`] made a move
    /// (a pawn reaching the last rank four, one for each piece it may become).
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_rules::{Bitboard, MoveList, Position, Role};
    ///
    /// let pos = Position::new();
    /// let mut moves = MoveList::new();
    /// pos.append_moves_between(Role::Knight, Bitboard::FULL, "f3".parse().unwrap(), &mut moves);
    /// assert_eq!(moves.len(), 1);
    /// ```
    pub fn append_moves_between(
        &self,
        role: Role,
        from: Bitboard,
        to: Square,
        moves: &mut MoveList,
    ) {
        let origins = self.legal_origins(role, from, to);
        let en_passant = role == Role::Pawn && self.ep_square == Some(to);
        let promotes = role == Role::Pawn && Bitboard::BACKRANKS.contains(to);
        for src in origins {
            if en_passant {
                moves.push(Move::en_passant(src, to));
            } else if promotes {
                for promo in Role::PROMOTIONS {
                    moves.push(Move::promotion(src, to, promo));
                }
            } else {
                moves.push(Move::normal(role, src, to));
            }
        }
    }

    /// The squares of `from` whose piece of `role` has a legal move to `to` (castling
    /// excluded): a reader of `Nbd2` takes the one origin it finds without making a list of
    /// moves. When the king is not in check, only the pieces that can reach `to` are looked
    /// at, each tested for uncovering its king.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_rules::{Bitboard, Position, Role};
    ///
    /// let pos: Position = "4k3/8/8/8/8/8/8/2N1K1N1 w - -".parse().unwrap();
    /// let e2 = "e2".parse().unwrap();
    /// assert_eq!(pos.legal_origins(Role::Knight, Bitboard::FULL, e2).count(), 2);
    /// assert_eq!(pos.legal_origins(Role::Knight, Bitboard::file(chess_rules::File::G), e2).count(), 1);
    /// ```
    #[must_use]
    #[inline]
    pub fn legal_origins(&self, role: Role, from: Bitboard, to: Square) -> Bitboard {
        let us = self.turn;
        let ours = self.by_color(us);
        let Some(king) = self.king_of(us) else {
            return Bitboard::EMPTY;
        };
        if ours.contains(to) {
            return Bitboard::EMPTY;
        }
        let occupied = self.occupied();
        if role == Role::King {
            // One square to test, the one the king goes to (castling is read apart).
            let mut origins = Origins(Bitboard::EMPTY);
            if from.contains(king) {
                self.gen_king(&mut origins, king, to.bitboard());
            }
            return origins.0;
        }
        // In check, only a move onto the checker or between it and the king can be legal.
        let evasion = match self.checkers.first() {
            None => Bitboard::FULL,
            Some(_) if self.checkers.more_than_one() => Bitboard::EMPTY,
            Some(checker) => attacks::between(king, checker) | self.checkers,
        };
        if role == Role::Pawn && self.ep_square == Some(to) {
            let mut origins = Origins(Bitboard::EMPTY);
            self.gen_en_passant(&mut origins, to);
            return origins.0 & from;
        }
        let mine = self.by_role(role) & ours;
        let sources = match role {
            Role::Pawn => {
                let up: i32 = if us.is_white() { 8 } else { -8 };
                if self.by_color(!us).contains(to) {
                    attacks::pawn(!us, to) & mine
                } else if let Some(behind) = to.offset(-up) {
                    // No square behind a pawn move onto the mover's own first rank.
                    if mine.contains(behind) {
                        behind.bitboard()
                    } else if to.rank() == Rank::Fourth.relative_to(us)
                        && !occupied.contains(behind)
                    {
                        Square::new((behind.to_u32() as i32 - up) as u32).bitboard() & mine
                    } else {
                        Bitboard::EMPTY
                    }
                } else {
                    Bitboard::EMPTY
                }
            }
            _ => attacks::of(role, !us, to, occupied) & mine,
        } & from;
        if !evasion.contains(to) {
            return Bitboard::EMPTY;
        }
        let mut origins = Bitboard::EMPTY;
        for src in sources {
            if !self.uncovers_king(king, src, to, occupied) {
                origins = origins.with(src);
            }
        }
        origins
    }

    /// `true` if moving the piece on `from` to `to` opens a slider's line to `king` (the king
    /// not being in check before).
    #[inline]
    fn uncovers_king(&self, king: Square, from: Square, to: Square, occupied: Bitboard) -> bool {
        if !attacks::on_a_line(king, from) {
            return false;
        }
        let after = (occupied ^ from.bitboard()) | to.bitboard();
        let theirs = self.by_color(!self.turn) & !to.bitboard();
        let queens = self.by_role(Role::Queen);
        let snipers = (attacks::rook(king, after) & (self.by_role(Role::Rook) | queens))
            | (attacks::bishop(king, after) & (self.by_role(Role::Bishop) | queens));
        (snipers & theirs).any()
    }

    /// Appends every legal move to a list the caller keeps (see
    /// [`Position::append_legal_moves_to`] for why).
    pub fn append_legal_moves(&self, moves: &mut MoveList) {
        self.gen_legal(moves);
    }

    /// The number of legal moves, counted without making the list: what perft's last ply
    /// needs (each piece's targets are counted as a whole, a promotion as four moves).
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_rules::Position;
    ///
    /// let pos = Position::new();
    /// assert_eq!(pos.count_legal_moves(), pos.legal_moves().len());
    /// ```
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        let mut count = MoveCount(0);
        self.gen_filtered(&mut count, ALL_ROLES, Bitboard::FULL, true);
        count.0
    }

    /// `true` if the side to move has a legal move.
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        let Some(king) = self.king_of(self.turn) else {
            return false;
        };
        // A king step settles most positions (every check a replay tests for mate) before the
        // other moves are counted.
        if (attacks::king(king) & !self.by_color(self.turn))
            .into_iter()
            .any(|to| self.king_step_is_safe(king, to))
        {
            return true;
        }
        self.count_legal_moves() > 0
    }

    /// The legal castling move on `side`, if there is one: what `O-O` and `O-O-O` name,
    /// found without making the list of [`Position::castling_moves`].
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_rules::{CastlingSide, Position};
    ///
    /// let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1").unwrap();
    /// assert!(pos.castling_move(CastlingSide::KingSide).is_none());
    /// let long = pos.castling_move(CastlingSide::QueenSide).unwrap();
    /// assert_eq!(long.king_to().to_string(), "c1");
    /// ```
    #[must_use]
    pub fn castling_move(&self, side: CastlingSide) -> Option<Move> {
        let king = self.king_of(self.turn)?;
        if self.is_check() {
            return None;
        }
        self.castle_on(side, king)
    }

    /// The legal castling moves (at most two).
    #[must_use]
    pub fn castling_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        if let Some(king) = self.king_of(self.turn)
            && !self.is_check()
        {
            self.gen_castling(&mut moves, king);
        }
        moves
    }

    /// Appends every legal move to `moves`. Not inlined, so that [`Position::legal_moves`] is:
    /// its list is then made in the caller's frame, not made here and copied out (a few
    /// kilobytes, whatever the number of moves).
    #[inline(never)]
    pub(crate) fn gen_legal(&self, moves: &mut MoveList) {
        self.gen_filtered(moves, ALL_ROLES, Bitboard::FULL, true);
    }

    /// Hands the legal moves of the roles in the bit set `roles` that land in `dest`, and the
    /// castling moves when `castles` is set, to `sink`.
    #[inline(always)]
    fn gen_filtered<S: MoveSink>(&self, sink: &mut S, roles: u8, dest: Bitboard, castles: bool) {
        let us = self.turn;
        let Some(king) = self.king_of(us) else {
            return;
        };
        let checkers = self.checkers;
        let wants = |role: Role| roles & (1 << role as u8) != 0;

        if !checkers.more_than_one() {
            let pinned = self.pinned(king);
            let target = dest
                & match checkers.first() {
                    None => !self.by_color(us),
                    Some(checker) => attacks::between(king, checker) | checkers,
                };
            if wants(Role::Pawn) {
                self.gen_pawns(sink, target, king, pinned);
                if let Some(ep) = self.ep_square.filter(|ep| dest.contains(*ep)) {
                    self.gen_en_passant(sink, ep);
                }
            }
            self.gen_pieces(sink, roles, target, king, pinned);
        }
        if wants(Role::King) {
            self.gen_king(sink, king, dest);
        }
        if castles && checkers.is_empty() {
            self.gen_castling(sink, king);
        }
    }

    /// The pieces of the side to move that shield their king from an enemy slider.
    #[inline]
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

    #[inline(always)]
    fn gen_pieces<S: MoveSink>(
        &self,
        sink: &mut S,
        roles: u8,
        target: Bitboard,
        king: Square,
        pinned: Bitboard,
    ) {
        let ours = self.by_color(self.turn);
        let wants = |role: Role| roles & (1 << role as u8) != 0;
        if wants(Role::Knight) {
            // A pinned knight never moves.
            for from in self.by_role(Role::Knight) & ours & !pinned {
                sink.piece(Role::Knight, from, attacks::knight(from) & target);
            }
        }
        // One loop per slider, each with its own lookup: a loop over the roles would choose the
        // lookup by a jump the processor mispredicts for nearly every piece.
        if wants(Role::Bishop) {
            self.gen_slider(sink, Role::Bishop, attacks::bishop, target, king, pinned);
        }
        if wants(Role::Rook) {
            self.gen_slider(sink, Role::Rook, attacks::rook, target, king, pinned);
        }
        if wants(Role::Queen) {
            self.gen_slider(sink, Role::Queen, attacks::queen, target, king, pinned);
        }
    }

    /// The moves of the sliders of `role`; pinned ones stay on their line with the king.
    #[inline(always)]
    fn gen_slider<S: MoveSink>(
        &self,
        sink: &mut S,
        role: Role,
        lookup: fn(Square, Bitboard) -> Bitboard,
        target: Bitboard,
        king: Square,
        pinned: Bitboard,
    ) {
        let occupied = self.occupied();
        let mine = self.by_role(role) & self.by_color(self.turn);
        // In square order, pinned or not, so that the list's order stays what it always was
        // (random play and fuzz seeds pick moves by their index).
        for from in mine {
            let mut dests = lookup(from, occupied) & target;
            if pinned.contains(from) {
                dests &= attacks::line(king, from);
            }
            sink.piece(role, from, dests);
        }
    }

    /// The king's steps onto squares of `dest` that no enemy piece attacks. The steppers'
    /// attacks are gathered once for all the squares around the king (the pawns' by two
    /// shifts); only the sliders are looked up square by square, with the king lifted so that
    /// its own square does not hide a line through it.
    fn gen_king<S: MoveSink>(&self, sink: &mut S, king: Square, dest: Bitboard) {
        let us = self.turn;
        let them = self.by_color(!us);
        let candidates = attacks::king(king) & !self.by_color(us) & dest;
        if candidates.is_empty() {
            return;
        }
        // One square asked for (a SAN token's `Kf1`): its attackers alone are cheaper than
        // every enemy piece's steps gathered for the whole ring.
        if let Some(to) = candidates.single() {
            let safe = if self.king_step_is_safe(king, to) {
                candidates
            } else {
                Bitboard::EMPTY
            };
            sink.piece(Role::King, king, safe);
            return;
        }
        let mut stepped = attacks::pawns(!us, self.by_role(Role::Pawn) & them);
        if let Some(their_king) = (self.by_role(Role::King) & them).first() {
            stepped |= attacks::king(their_king);
        }
        for knight in self.by_role(Role::Knight) & them {
            stepped |= attacks::knight(knight);
        }
        let queens = self.by_role(Role::Queen);
        let diagonal = (self.by_role(Role::Bishop) | queens) & them;
        let straight = (self.by_role(Role::Rook) | queens) & them;
        let occupied = self.occupied().without(king);
        let mut safe = Bitboard::EMPTY;
        let snipers = diagonal | straight;
        for to in candidates & !stepped {
            // No enemy slider on a line through the square, whatever stands between: safe
            // without the two lookups.
            if (attacks::lines_from(to) & snipers).is_empty() {
                safe = safe.with(to);
                continue;
            }
            let sliders = (attacks::bishop(to, occupied) & diagonal)
                | (attacks::rook(to, occupied) & straight);
            if sliders.is_empty() {
                safe = safe.with(to);
            }
        }
        sink.piece(Role::King, king, safe);
    }

    /// `true` if no piece of the other side attacks `to` once the king has left `king`: a
    /// slider's line through the king's square counts.
    #[inline]
    fn king_step_is_safe(&self, king: Square, to: Square) -> bool {
        self.attackers_to(to, !self.turn, self.occupied().without(king))
            .is_empty()
    }

    #[inline(always)]
    fn gen_pawns<S: MoveSink>(
        &self,
        sink: &mut S,
        target: Bitboard,
        king: Square,
        pinned: Bitboard,
    ) {
        // One copy per colour, so that the pawns' shifts are constants rather than a choice
        // between a left and a right shift made for every set.
        match self.turn {
            Color::White => self.gen_pawns_of::<S, true>(sink, target, king, pinned),
            Color::Black => self.gen_pawns_of::<S, false>(sink, target, king, pinned),
        }
    }

    #[inline(always)]
    fn gen_pawns_of<S: MoveSink, const WHITE: bool>(
        &self,
        sink: &mut S,
        target: Bitboard,
        king: Square,
        pinned: Bitboard,
    ) {
        let us = if WHITE { Color::White } else { Color::Black };
        let pawns = self.by_role(Role::Pawn) & self.by_color(us);
        let theirs = self.by_color(!us) & target;
        let empty = !self.occupied();
        let (up, third, last) = if WHITE {
            (8, Rank::Third, Rank::Eighth)
        } else {
            (-8, Rank::Sixth, Rank::First)
        };
        let last = Bitboard::rank(last);

        let free = pawns & !pinned;
        let single = free.shift(up) & empty;
        let double = (single & Bitboard::rank(third)).shift(up) & empty & target;
        let single = single & target;
        let west = (free & !Bitboard::file(File::A)).shift(up - 1) & theirs;
        let east = (free & !Bitboard::file(File::H)).shift(up + 1) & theirs;

        sink.pawns(single, up, last);
        // A double step never reaches the last rank.
        sink.pawns(double, 2 * up, Bitboard::EMPTY);
        sink.pawns(west, up - 1, last);
        sink.pawns(east, up + 1, last);

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
            sink.pawn(from, dests & line, last);
        }
    }

    /// Hands the legal en-passant captures onto `ep` (none, one or two) to `sink`.
    #[inline(never)]
    pub(crate) fn gen_en_passant<S: MoveSink>(&self, sink: &mut S, ep: Square) {
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
                sink.push(Move::en_passant(from, ep));
            }
        }
    }

    fn gen_castling<S: MoveSink>(&self, sink: &mut S, king: Square) {
        for side in CastlingSide::ALL {
            if let Some(castle) = self.castle_on(side, king) {
                sink.push(castle);
            }
        }
    }

    /// Castling on `side` with the king on `king`, if the right stands and the squares
    /// between are empty and safe (the king not in check is the caller's test).
    fn castle_on(&self, side: CastlingSide, king: Square) -> Option<Move> {
        let us = self.turn;
        let rook = self.castling_rook(us, side)?;
        let king_to = side.king_to(us);
        let rook_to = side.rook_to(us);
        let king_path = attacks::between(king, king_to).with(king_to);
        let rook_path = attacks::between(rook, rook_to).with(rook_to);
        let movers = king.bitboard() | rook.bitboard();
        let occupied = self.occupied() & !movers;
        if ((king_path | rook_path) & occupied).any() {
            return None;
        }
        // With king and rook lifted, so that a rook that shielded the king's destination
        // along the rank does not hide an attack (Chess960).
        king_path
            .into_iter()
            .all(|sq| self.attackers_to(sq, !us, occupied).is_empty())
            .then(|| Move::castle(king, rook))
    }
}

/// Where the generator hands the moves it finds: a [`MoveList`] makes each move, a
/// [`MoveCount`] only counts them, a piece's targets at once.
pub(crate) trait MoveSink {
    /// Moves of the `role` on `from` to each square of `to` (none of them special).
    fn piece(&mut self, role: Role, from: Square, to: Bitboard);
    /// Pawn moves onto each square of `to` from `delta` squares behind it; those onto `last`
    /// promote.
    fn pawns(&mut self, to: Bitboard, delta: i32, last: Bitboard);
    /// Moves of the pawn on `from` onto each square of `to`; those onto `last` promote.
    fn pawn(&mut self, from: Square, to: Bitboard, last: Bitboard);
    /// One move (en passant, castling).
    fn push(&mut self, mv: Move);
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, to: Bitboard) {
        for to in to {
            self.push(Move::normal(role, from, to));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, delta: i32, last: Bitboard) {
        for to in to & !last {
            self.push(Move::normal(Role::Pawn, offset(to, -delta), to));
        }
        for to in to & last {
            let from = offset(to, -delta);
            for role in Role::PROMOTIONS {
                self.push(Move::promotion(from, to, role));
            }
        }
    }

    #[inline(always)]
    fn pawn(&mut self, from: Square, to: Bitboard, last: Bitboard) {
        for to in to {
            if last.contains(to) {
                for role in Role::PROMOTIONS {
                    self.push(Move::promotion(from, to, role));
                }
            } else {
                self.push(Move::normal(Role::Pawn, from, to));
            }
        }
    }

    #[inline(always)]
    fn push(&mut self, mv: Move) {
        MoveList::push(self, mv);
    }
}

/// The squares the moves handed to it start from.
struct Origins(Bitboard);

impl MoveSink for Origins {
    #[inline(always)]
    fn piece(&mut self, _: Role, from: Square, to: Bitboard) {
        if to.any() {
            self.0 = self.0.with(from);
        }
    }

    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, delta: i32, _: Bitboard) {
        for to in to {
            self.0 = self.0.with(offset(to, -delta));
        }
    }

    #[inline(always)]
    fn pawn(&mut self, from: Square, to: Bitboard, _: Bitboard) {
        self.piece(Role::Pawn, from, to);
    }

    #[inline(always)]
    fn push(&mut self, mv: Move) {
        self.0 = self.0.with(mv.from());
    }
}

/// Counts the moves handed to it, without making them.
pub(crate) struct MoveCount(pub(crate) usize);

impl MoveSink for MoveCount {
    #[inline(always)]
    fn piece(&mut self, _: Role, _: Square, to: Bitboard) {
        self.0 += to.count();
    }

    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, _: i32, last: Bitboard) {
        self.0 += to.count() + 3 * (to & last).count();
    }

    #[inline(always)]
    fn pawn(&mut self, _: Square, to: Bitboard, last: Bitboard) {
        self.0 += to.count() + 3 * (to & last).count();
    }

    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// Every role, as a bit set indexed by `Role as u8`.
const ALL_ROLES: u8 = 0b11_1111;

/// The square `delta` indices from `sq`, which the callers know to be on the board: the mask
/// stands in for `Square::new`'s range check, which the compiler cannot prove away and which
/// cost a compare and a branch on every pawn move.
#[inline]
fn offset(sq: Square, delta: i32) -> Square {
    Square::new((sq.to_u32() as i32 + delta) as u32 & 63)
}
