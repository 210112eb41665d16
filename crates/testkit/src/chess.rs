//! Chess positions the random-game tests play from, as FEN text (this crate depends on no rules
//! crate; a test parses them with its own).

/// Start positions that between them reach every kind of move a notation must write: the
/// standard start, Kiwipete (castling both ways, en passant, pins), a rook-and-pawn ending,
/// two positions of promotions with and without capture and under-promotions, and three
/// queens able to reach one square (full-square disambiguation, `Qh4xe1#`).
pub const STARTS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "1k6/8/8/8/Q6Q/8/8/K6Q w - - 0 1",
];

/// The FEN of every `epd` line of the perft file `name` of the shared corpus (`perft/NAME`):
/// `tricky.perft`, `random.perft`, `chess960.perft`. `None` when the corpus is absent, as
/// [`crate::corpus::shared`] says.
///
/// # Panics
///
/// As [`crate::corpus::read_to_string`]: under CI when the file is absent.
#[track_caller]
pub fn perft_fens(name: &str) -> Option<Vec<String>> {
    let text = crate::corpus::read_to_string(&format!("perft/{name}"))?;
    Some(
        text.lines()
            .filter_map(|l| l.trim().strip_prefix("epd "))
            .map(str::to_owned)
            .collect(),
    )
}
