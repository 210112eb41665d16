//! Legal move generation: the capture search with the majority rule, plain moves, and counting
//! without building moves (for perft leaves).
//!
//! Captures are found by a depth-first search from each piece that can capture, over the board
//! as it stands when the move starts: captured pieces stay where they are until the move ends
//! (they block, and cannot be jumped twice), and the square the piece left counts as empty (it
//! may pass over it or land on it again). The search keeps only the longest captures (the
//! majority rule) and only one route per (origin, destination, captured set).

use arrayvec::ArrayVec;

use crate::bitboard::{ON_BOARD, RAYS, nearest, reverse, slide, step};
use crate::moves::MAX_CAPTURES;
use crate::{Color, Move, MoveList, Position};

/// "No direction yet", at the root of a capture search.
const NO_DIRECTION: usize = 4;

/// Where the capture search puts the longest captures it finds.
trait Sink {
    /// Forgets everything found so far: a longer capture has turned up.
    fn reset(&mut self);

    /// A new piece starts its search; captures from different pieces never coincide.
    fn new_origin(&mut self);

    /// A capture as long as the longest so far.
    fn found(&mut self, from: u32, landings: &[u8], captured: u64);
}

/// Collects moves, one per (origin, destination, captured set), or every route when `all_paths`.
struct ListSink<'a> {
    moves: &'a mut MoveList,
    /// The index where the moves of the current origin start.
    origin_start: usize,
    all_paths: bool,
}

impl Sink for ListSink<'_> {
    fn reset(&mut self) {
        self.moves.clear();
        self.origin_start = 0;
    }

    fn new_origin(&mut self) {
        self.origin_start = self.moves.len();
    }

    #[inline]
    fn found(&mut self, from: u32, landings: &[u8], captured: u64) {
        let mv = Move::from_search(from, landings, captured);
        let same_origin = &self.moves[self.origin_start..];
        let duplicate = if self.all_paths {
            same_origin.iter().any(|m| m.same_path(&mv))
        } else {
            same_origin.contains(&mv)
        };
        if !duplicate {
            self.moves.push(mv);
        }
    }
}

/// Counts distinct longest captures without building moves.
#[derive(Default)]
struct CountSink {
    count: u64,
    /// (destination bit, captured) of the current origin's captures, to drop repeats.
    seen: ArrayVec<(u64, u8), 64>,
    /// Used when `seen` is full.
    seen_spill: Vec<(u64, u8)>,
}

impl Sink for CountSink {
    fn reset(&mut self) {
        self.count = 0;
        self.new_origin();
    }

    fn new_origin(&mut self) {
        self.seen.clear();
        self.seen_spill.clear();
    }

    #[inline]
    fn found(&mut self, _from: u32, landings: &[u8], captured: u64) {
        let key = (captured, landings[landings.len() - 1]);
        if self.seen.contains(&key) || self.seen_spill.contains(&key) {
            return;
        }
        if self.seen.try_push(key).is_err() {
            self.seen_spill.push(key);
        }
        self.count += 1;
    }
}

/// One capture search: the board at the start of the move and the route so far.
struct Search<'a, S: Sink> {
    /// Opposing pieces, captured or not (captured ones still block).
    them: u64,
    /// Empty squares, the moving piece's origin included.
    empty: u64,
    from: u32,
    /// The length of the longest capture found so far.
    best: usize,
    path: [u8; MAX_CAPTURES],
    sink: &'a mut S,
}

impl<S: Sink> Search<'_, S> {
    #[inline]
    fn record(&mut self, captured: u64, depth: usize) {
        if depth < self.best {
            return;
        }
        if depth > self.best {
            self.best = depth;
            self.sink.reset();
        }
        self.sink.found(self.from, &self.path[..depth], captured);
    }

    /// A man on bit `at` after `depth` captures: jumps over an adjacent uncaptured piece to the
    /// empty square behind it, in any of the four directions.
    fn man(&mut self, at: u32, captured: u64, depth: usize) {
        let mut extended = false;
        let here = 1u64 << at;
        for d in 0..4 {
            let over = step(here, d) & self.them & !captured;
            if over == 0 {
                continue;
            }
            let land = step(over, d) & self.empty;
            if land == 0 {
                continue;
            }
            extended = true;
            let to = land.trailing_zeros();
            self.path[depth] = to as u8;
            self.man(to, captured | over, depth + 1);
        }
        if !extended && depth > 0 {
            self.record(captured, depth);
        }
    }

    /// A king on bit `at` after `depth` captures, having come in direction `came`; `first` is
    /// true when it stands just behind the piece it last captured.
    ///
    /// Going on in the direction it came is searched only from that first square: from any
    /// further landing square the same line leads to the same pieces and squares, so the other
    /// routes would only repeat (origin, destination, captured) triples. Going back is never
    /// possible (the piece just captured blocks).
    fn king(&mut self, at: u32, captured: u64, depth: usize, came: usize, first: bool) {
        let mut extended = false;
        let occupied = !self.empty & ON_BOARD;
        for (d, rays) in RAYS.iter().enumerate() {
            if came != NO_DIRECTION && (d == reverse(came) || (d == came && !first)) {
                continue;
            }
            let blockers = rays[at as usize] & occupied;
            if blockers == 0 {
                continue;
            }
            let victim = nearest(blockers, d);
            let victim_bit = 1u64 << victim;
            if victim_bit & self.them & !captured == 0 {
                continue;
            }
            let mut landings = slide(victim, d, occupied) & self.empty;
            if landings == 0 {
                continue;
            }
            extended = true;
            let first_landing = nearest(landings, d);
            while landings != 0 {
                let to = landings.trailing_zeros();
                landings &= landings - 1;
                self.path[depth] = to as u8;
                self.king(to, captured | victim_bit, depth + 1, d, to == first_landing);
            }
        }
        if !extended && depth > 0 {
            self.record(captured, depth);
        }
    }
}

impl Position {
    #[inline]
    fn us_them(&self) -> (u64, u64) {
        let us = self.by_color[self.turn.to_usize()].0;
        let them = self.by_color[self.turn.other().to_usize()].0;
        (us, them)
    }

    /// The pieces of the side to move that can capture now.
    #[inline]
    fn capturers(&self) -> u64 {
        let (us, them) = self.us_them();
        let empty = !(us | them) & ON_BOARD;
        let men = us & !self.kings.0;
        let mut capturers = 0;
        for d in 0..4 {
            // Men with an opposing piece next to them in direction d and an empty square behind.
            let r = reverse(d);
            capturers |= step(step(empty, r) & them, r) & men;
        }
        let mut kings = us & self.kings.0;
        let occupied = us | them;
        while kings != 0 {
            let k = kings.trailing_zeros();
            kings &= kings - 1;
            for d in 0..4 {
                let victim = slide(k, d, occupied) & them;
                if victim != 0 && step(victim, d) & empty != 0 {
                    capturers |= 1 << k;
                    break;
                }
            }
        }
        capturers
    }

    /// Runs the capture search for every piece in `capturers`.
    fn search_captures<S: Sink>(&self, capturers: u64, sink: &mut S) {
        let (us, them) = self.us_them();
        let mut search = Search {
            them,
            empty: 0,
            from: 0,
            best: 1,
            path: [0; MAX_CAPTURES],
            sink,
        };
        let mut pieces = capturers;
        while pieces != 0 {
            let from = pieces.trailing_zeros();
            pieces &= pieces - 1;
            search.from = from;
            search.empty = !((us | them) & !(1 << from)) & ON_BOARD;
            search.sink.new_origin();
            if self.kings.0 & (1 << from) != 0 {
                search.king(from, 0, 0, NO_DIRECTION, false);
            } else {
                search.man(from, 0, 0);
            }
        }
    }

    /// Adds the plain moves of the side to move (no capture being possible).
    fn gen_quiet(&self, moves: &mut MoveList) {
        let (us, them) = self.us_them();
        let occupied = us | them;
        let empty = !occupied & ON_BOARD;
        let forward = match self.turn {
            Color::White => [0, 1],
            Color::Black => [2, 3],
        };
        let mut pieces = us;
        while pieces != 0 {
            let from = pieces.trailing_zeros();
            pieces &= pieces - 1;
            let mut targets = 0;
            if self.kings.0 & (1 << from) != 0 {
                for d in 0..4 {
                    targets |= slide(from, d, occupied);
                }
            } else {
                for d in forward {
                    targets |= step(1 << from, d);
                }
            }
            targets &= empty;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                moves.push(Move::quiet(sq(from), sq(to)));
            }
        }
    }

    /// Fills `moves` (cleared first) with the legal moves, one per (origin, destination,
    /// captured pieces): the longest captures if any piece can capture, else the plain moves.
    pub fn gen_legal(&self, moves: &mut MoveList) {
        moves.clear();
        let capturers = self.capturers();
        if capturers != 0 {
            let mut sink = ListSink {
                moves,
                origin_start: 0,
                all_paths: false,
            };
            self.search_captures(capturers, &mut sink);
        } else {
            self.gen_quiet(moves);
        }
    }

    /// The legal moves, one per (origin, destination, captured pieces), in order of origin.
    ///
    /// # Examples
    ///
    /// ```
    /// use draughts_rules::Position;
    ///
    /// // 28x19 would take one piece, 28x17x8 takes two: only the longest capture is legal.
    /// let pos: Position = "W:W28:B12,22,23".parse().unwrap();
    /// let moves = pos.legal_moves();
    /// assert_eq!(moves.len(), 1);
    /// assert_eq!(moves[0].to_string(), "28x17x8");
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.gen_legal(&mut moves);
        moves
    }

    /// Every legal move with every route it can take: a capture that reaches the same square
    /// taking the same pieces by two routes appears twice, with the two paths. Readers of
    /// notations that write full paths match against this list.
    #[must_use]
    pub fn legal_moves_all_paths(&self) -> MoveList {
        let mut moves = MoveList::new();
        let capturers = self.capturers();
        if capturers != 0 {
            let mut sink = ListSink {
                moves: &mut moves,
                origin_start: 0,
                all_paths: true,
            };
            self.search_captures(capturers, &mut sink);
        } else {
            self.gen_quiet(&mut moves);
        }
        moves
    }

    /// The number of legal moves, counted without building them.
    #[must_use]
    pub fn count_legal(&self) -> u64 {
        let capturers = self.capturers();
        if capturers != 0 {
            let mut sink = CountSink::default();
            self.search_captures(capturers, &mut sink);
            return sink.count;
        }
        let (us, them) = self.us_them();
        let occupied = us | them;
        let empty = !occupied & ON_BOARD;
        let men = us & !self.kings.0;
        let forward = match self.turn {
            Color::White => [0, 1],
            Color::Black => [2, 3],
        };
        let mut count = u64::from(
            (step(men, forward[0]) & empty).count_ones()
                + (step(men, forward[1]) & empty).count_ones(),
        );
        let mut kings = us & self.kings.0;
        while kings != 0 {
            let k = kings.trailing_zeros();
            kings &= kings - 1;
            let mut targets = 0;
            for d in 0..4 {
                targets |= slide(k, d, occupied);
            }
            count += u64::from((targets & empty).count_ones());
        }
        count
    }

    /// `true` if the side to move must capture.
    #[must_use]
    pub fn has_captures(&self) -> bool {
        self.capturers() != 0
    }

    /// `true` if the move is legal here (its path is not checked: see [`crate::Move`]).
    #[must_use]
    pub fn is_legal(&self, mv: &Move) -> bool {
        self.legal_moves().contains(mv)
    }
}

/// The square on a bit that holds a piece.
#[inline]
fn sq(bit: u32) -> crate::Square {
    crate::Square::new(crate::bitboard::SQUARE_OF_BIT[bit as usize])
}
