//! International draughts move generation against a reference written here from the rules
//! alone, sharing no code with `draughts-rules`: a board of 50 numbered cells, rows and
//! columns computed from the numbers, and a plain depth-first capture search.
//!
//! The reference reads the position from the canonical draughts FEN that `draughts-rules`
//! writes (the FEN reader itself is fuzzed by `notation_manoury`), lists the legal moves by
//! the FMJD rules (men move forward and capture both ways, kings fly, capture is mandatory and
//! the longest capture wins, captured pieces stay on the board until the move ends and cannot
//! be jumped twice, a man crowns only where its move ends) and plays them.
//!
//! # Examples
//!
//! ```
//! // A reachable position from random play.
//! scoresheet_fuzz::draughts_vs_reference(&[0, 40, 3, 1, 4, 1, 5, 9, 2, 6]);
//! // A draughts FEN, as text.
//! let mut data = vec![2];
//! data.extend_from_slice(b"W:WK46,28:B12,13,22,23,33,34");
//! scoresheet_fuzz::draughts_vs_reference(&data);
//! ```

use std::collections::BTreeSet;

use arbitrary::{Arbitrary, Unstructured};
use draughts_rules::Position;

/// The first byte chooses the position: a reachable one (random legal play from the start), a
/// set-up of men and kings built from the bytes, or the bytes as a draughts FEN.
///
/// In that position, the legal moves of `draughts-rules` (one per origin, destination and
/// captured pieces) are the reference's; every route `legal_moves_all_paths` gives is a route
/// the reference finds, for a legal move; and the position after each move is the one the
/// reference plays to.
///
/// # Panics
///
/// When the property does not hold.
pub fn draughts_vs_reference(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let pos = match mode % 3 {
        0 => match Position::arbitrary(&mut Unstructured::new(rest)) {
            Ok(pos) => pos,
            Err(_) => return,
        },
        1 => match setup_fen(&mut Unstructured::new(rest)) {
            Ok(fen) => match Position::from_fen(&fen) {
                Ok(pos) => pos,
                Err(_) => return,
            },
            Err(_) => return,
        },
        _ => match std::str::from_utf8(rest).map(Position::from_fen) {
            Ok(Ok(pos)) => pos,
            _ => return,
        },
    };
    compare(&pos);
}

/// One position compared with the reference.
fn compare(pos: &Position) {
    let fen = pos.to_fen();
    let board = Board::from_fen(&fen).unwrap_or_else(|| panic!("the reference cannot read {fen}"));
    let reference = board.legal_moves();
    let keys: BTreeSet<Key> = reference.iter().map(Route::key).collect();

    let ours = pos.legal_moves();
    let our_keys: BTreeSet<Key> = ours.iter().map(key).collect();
    assert_eq!(our_keys.len(), ours.len(), "a move listed twice in {fen}");
    assert_eq!(our_keys, keys, "legal moves of {fen}");

    let routes: BTreeSet<(u8, Vec<u8>)> =
        reference.iter().map(|r| (r.from, r.path.clone())).collect();
    let mut route_keys = BTreeSet::new();
    for mv in pos.legal_moves_all_paths().iter() {
        let path: Vec<u8> = mv.path().iter().map(|s| s.number()).collect();
        if mv.is_capture() {
            assert!(
                routes.contains(&(mv.from().number(), path.clone())),
                "{fen}: route {mv} is not one the reference finds"
            );
        }
        route_keys.insert(key(mv));
    }
    assert_eq!(route_keys, keys, "legal_moves_all_paths of {fen}");

    for mv in ours.iter() {
        let route = reference
            .iter()
            .find(|r| r.key() == key(mv))
            .expect("same keys");
        let mut after = *pos;
        after.play_unchecked(mv);
        let expected = board.play(route);
        let got = Board::from_fen(&after.to_fen()).expect("a FEN the reference reads");
        assert!(
            got == expected,
            "{fen} after {mv}: {} where the reference has {}",
            after.to_fen(),
            expected.to_fen()
        );
    }
}

/// What identifies a move: origin, destination, captured squares in increasing order.
type Key = (u8, u8, Vec<u8>);

fn key(mv: &draughts_rules::Move) -> Key {
    (
        mv.from().number(),
        mv.to().number(),
        mv.captured().into_iter().map(|s| s.number()).collect(),
    )
}

/// A set-up from the bytes as a FEN: each square empty three times in five, else a man or a
/// king of either side; the side to move.
fn setup_fen(u: &mut Unstructured<'_>) -> arbitrary::Result<String> {
    let mut sides = [Vec::new(), Vec::new()];
    for n in 1..=50u8 {
        match u.int_in_range(0..=9u8)? {
            0 | 1 => sides[0].push(n.to_string()),
            2 | 3 => sides[1].push(n.to_string()),
            4 => sides[0].push(format!("K{n}")),
            5 => sides[1].push(format!("K{n}")),
            _ => {}
        }
    }
    let turn = if u.arbitrary()? { 'B' } else { 'W' };
    Ok(format!(
        "{turn}:W{}:B{}",
        sides[0].join(","),
        sides[1].join(",")
    ))
}

/// A piece of the reference board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Piece {
    white: bool,
    king: bool,
}

/// The reference board: cells 1 to 50 (cell 0 unused), and the side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Board {
    cells: [Option<Piece>; 51],
    white_to_move: bool,
}

/// A move of the reference: origin, the squares landed on (the destination last), the pieces
/// taken in the order taken.
#[derive(Debug, Clone)]
struct Route {
    from: u8,
    path: Vec<u8>,
    captured: Vec<u8>,
}

impl Route {
    fn to(&self) -> u8 {
        *self.path.last().expect("a route lands somewhere")
    }

    fn key(&self) -> Key {
        let mut captured = self.captured.clone();
        captured.sort_unstable();
        (self.from, self.to(), captured)
    }
}

/// The four diagonal directions as (row, column) steps; row 0 is at the top, where White
/// goes.
const DIRECTIONS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// Row and column of a square, as White sees the board: square 1 is the second cell of the
/// top row, square 6 the first of the second row.
fn coords(n: u8) -> (i8, i8) {
    let index = (n - 1) as i8;
    let row = index / 5;
    let column = 2 * (index % 5) + if row % 2 == 0 { 1 } else { 0 };
    (row, column)
}

/// The square at a row and column, when that cell is a dark square of the board.
fn number(row: i8, column: i8) -> Option<u8> {
    if !(0..10).contains(&row) || !(0..10).contains(&column) || (row + column) % 2 == 0 {
        return None;
    }
    Some((row * 5 + column / 2 + 1) as u8)
}

fn step(n: u8, (dr, dc): (i8, i8)) -> Option<u8> {
    let (row, column) = coords(n);
    number(row + dr, column + dc)
}

impl Board {
    /// Reads the canonical FEN `T:Wsquares:Bsquares`, each square a number, `K` before a
    /// king's.
    fn from_fen(fen: &str) -> Option<Board> {
        let mut parts = fen.split(':');
        let white_to_move = match parts.next()? {
            "W" => true,
            "B" => false,
            _ => return None,
        };
        let mut cells = [None; 51];
        for (part, white) in parts.zip([true, false]) {
            let list = part.strip_prefix(if white { 'W' } else { 'B' })?;
            for item in list.split(',').filter(|i| !i.is_empty()) {
                let (king, digits) = match item.strip_prefix('K') {
                    Some(rest) => (true, rest),
                    None => (false, item),
                };
                let n: u8 = digits.parse().ok().filter(|n| (1..=50).contains(n))?;
                cells[usize::from(n)] = Some(Piece { white, king });
            }
        }
        Some(Board {
            cells,
            white_to_move,
        })
    }

    fn to_fen(&self) -> String {
        let side = |white: bool| {
            (1..=50u8)
                .filter_map(|n| {
                    let piece = self.cells[usize::from(n)].filter(|p| p.white == white)?;
                    Some(if piece.king {
                        format!("K{n}")
                    } else {
                        n.to_string()
                    })
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{}:W{}:B{}",
            if self.white_to_move { 'W' } else { 'B' },
            side(true),
            side(false)
        )
    }

    fn at(&self, n: u8) -> Option<Piece> {
        self.cells[usize::from(n)]
    }

    /// The legal moves: the longest captures if any piece can take, else the plain moves.
    fn legal_moves(&self) -> Vec<Route> {
        let mut captures = Vec::new();
        for from in 1..=50u8 {
            if let Some(piece) = self.at(from).filter(|p| p.white == self.white_to_move) {
                let mut route = Route {
                    from,
                    path: Vec::new(),
                    captured: Vec::new(),
                };
                self.search(piece, from, &mut route, &mut captures);
            }
        }
        if let Some(longest) = captures.iter().map(|r| r.captured.len()).max() {
            captures.retain(|r| r.captured.len() == longest);
            return captures;
        }
        let mut moves = Vec::new();
        for from in 1..=50u8 {
            let Some(piece) = self.at(from).filter(|p| p.white == self.white_to_move) else {
                continue;
            };
            for direction in DIRECTIONS {
                let forward = if piece.white { -1 } else { 1 };
                if !piece.king && direction.0 != forward {
                    continue;
                }
                let mut at = from;
                while let Some(next) = step(at, direction).filter(|n| self.at(*n).is_none()) {
                    moves.push(Route {
                        from,
                        path: vec![next],
                        captured: Vec::new(),
                    });
                    if !piece.king {
                        break;
                    }
                    at = next;
                }
            }
        }
        moves
    }

    /// Every way `route` (standing on its last square, or its origin) can go on capturing;
    /// each capture that cannot go on is pushed onto `found`.
    fn search(&self, piece: Piece, from: u8, route: &mut Route, found: &mut Vec<Route>) {
        let at = route.path.last().copied().unwrap_or(from);
        // The moving piece has left its square; captured pieces stay until the move ends.
        let empty = |n: u8| n == from || self.at(n).is_none();
        let mut extended = false;
        for direction in DIRECTIONS {
            let mut victim = step(at, direction);
            if piece.king {
                while let Some(n) = victim.filter(|n| empty(*n)) {
                    victim = step(n, direction);
                }
            }
            let Some(victim) = victim else { continue };
            let takes = !empty(victim)
                && self.at(victim).is_some_and(|p| p.white != piece.white)
                && !route.captured.contains(&victim);
            if !takes {
                continue;
            }
            let mut landing = step(victim, direction);
            while let Some(land) = landing.filter(|n| empty(*n)) {
                extended = true;
                route.path.push(land);
                route.captured.push(victim);
                self.search(piece, from, route, found);
                route.path.pop();
                route.captured.pop();
                if !piece.king {
                    break;
                }
                landing = step(land, direction);
            }
        }
        if !extended && !route.captured.is_empty() {
            found.push(route.clone());
        }
    }

    /// The board after `route`: the piece on its destination (crowned if a man ends on the
    /// far row), the captured pieces gone, the other side to move.
    fn play(&self, route: &Route) -> Board {
        let mut next = self.clone();
        let mut piece = next.cells[usize::from(route.from)]
            .take()
            .expect("a piece to move");
        for &n in &route.captured {
            next.cells[usize::from(n)] = None;
        }
        let far_row = if piece.white { 0 } else { 9 };
        if coords(route.to()).0 == far_row {
            piece.king = true;
        }
        next.cells[usize::from(route.to())] = Some(piece);
        next.white_to_move = !self.white_to_move;
        next
    }
}
