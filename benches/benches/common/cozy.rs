//! cozy-chess's perft with bulk counting, as its own `examples/perft.rs` writes it: shared by the
//! `0-movegen` bench and the test in `src/lib.rs` that checks its counts against ours.

use cozy_chess::Board;

/// Leaf nodes `depth` plies below `board`; at depth 1 the moves are counted, not played.
pub(crate) fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut nodes = 0;
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
            nodes
        }
        _ => {
            let mut nodes = 0;
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut next = board.clone();
                    next.play_unchecked(mv);
                    nodes += perft(&next, depth - 1);
                }
                false
            });
            nodes
        }
    }
}

/// The number of legal moves of `board`, each move made: ours and shakmaty's `legal_moves` build
/// the list, and cozy-chess's `len()` would only count the bits of each piece's targets.
pub(crate) fn legal_moves(board: &Board) -> usize {
    let mut count = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            std::hint::black_box(mv);
            count += 1;
        }
        false
    });
    count
}
