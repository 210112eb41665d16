//! Fixtures shared by the benches: the positions they run on, made once, outside timed code.
//!
//! # Examples
//!
//! ```
//! use benches::{START, random_positions};
//!
//! let fens = random_positions(50, 0x5eed);
//! assert_eq!(fens.len(), 50);
//! assert_eq!(fens, random_positions(50, 0x5eed)); // same seed, same positions
//! assert!(START.parse::<chess_rules::Position>().is_ok());
//! ```

use board_core::{Color, Dialect, FirstMove, MovetextWriter, Notation, write_tags};
use chess_rules::Position;
use notation_en::Algebraic;

/// The standard starting position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Kiwipete, the classic perft position full of castling, en passant and promotions.
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Published perft counts, so counters are known without running perft in setup.
///
/// # Panics
///
/// When `(fen, depth)` is not one of the benched cases.
#[must_use]
#[track_caller]
pub fn perft_nodes(fen: &str, depth: u32) -> u64 {
    match (fen, depth) {
        (START, 4) => 197_281,
        (START, 5) => 4_865_609,
        (KIWIPETE, 3) => 97_862,
        (KIWIPETE, 4) => 4_085_603,
        _ => panic!("no published count for {fen} at depth {depth}"),
    }
}

/// `count` FENs from random legal play from the start, deterministic for a given `seed`:
/// each game lasts 10 to 110 plies (fewer if it ends), so openings, middlegames and endings mix.
#[must_use]
pub fn random_positions(count: usize, seed: u64) -> Vec<String> {
    let mut rng = SplitMix64(seed);
    let mut fens = Vec::with_capacity(count);
    while fens.len() < count {
        let mut pos = Position::new();
        let plies = 10 + rng.below(100);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
        if !pos.legal_moves().is_empty() {
            fens.push(pos.to_fen());
        }
    }
    fens
}

/// A tiny fixed generator: benches need the same positions on every machine, not good randomness.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A PGN file of `games` games of random legal play from the start (40 to 160 plies each,
/// fewer when a game ends), written by our own engine and SAN writer, deterministic for a given
/// `seed`; and its number of moves. What the record benches read, and `cargo xtask corpus`
/// writes.
///
/// # Examples
///
/// ```
/// let (pgn, moves) = benches::sample_pgn(3, 7);
/// assert_eq!(pgn.matches("[Event ").count(), 3);
/// assert!(moves >= 3 * 2);
/// assert_eq!(benches::sample_pgn(3, 7).0, pgn);
/// ```
#[must_use]
pub fn sample_pgn(games: usize, seed: u64) -> (String, usize) {
    let mut rng = SplitMix64(seed);
    let dialect = Dialect::pgn();
    let mut out = String::new();
    let mut tokens: Vec<String> = Vec::new();
    let mut total = 0;
    for number in 0..games {
        random_game(&mut rng, &mut tokens);
        total += tokens.len();
        let round = (number + 1).to_string();
        let white = format!("Engine {}", rng.below(100));
        let black = format!("Engine {}", rng.below(100));
        write_tags(
            &mut out,
            &dialect,
            &[
                ("Event", "scoresheet random games"),
                ("Round", round.as_str()),
                ("White", white.as_str()),
                ("Black", black.as_str()),
            ],
            "*",
        );
        let mut writer = MovetextWriter::new(&mut out, &dialect, FirstMove::new(1, Color::White));
        for token in &tokens {
            writer.move_token(token);
        }
        writer.finish("*");
    }
    (out, total)
}

/// The SAN tokens of one game of random legal play from the start, 40 to 160 plies (fewer when
/// it ends), into `tokens`.
fn random_game(rng: &mut SplitMix64, tokens: &mut Vec<String>) {
    let mut pos = Position::new();
    let mut token = String::new();
    tokens.clear();
    for _ in 0..40 + rng.below(121) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        token.clear();
        Algebraic::ENGLISH.format(&pos, &mv, &mut token);
        tokens.push(token.clone());
        pos.play_unchecked(mv);
    }
}

/// A PGN file shaped like a lichess export, the bytes where reading costs most per move: games
/// of random legal play as in [`sample_pgn`], each with lichess's 17 tags, movetext on one line,
/// a `{ [%clk 0:02:57] }` comment after every move, and in every fourth game an `[%eval]`
/// before each clock; and its number of moves. What `cargo xtask corpus --annotated` writes
/// and the record benches read beside [`sample_pgn`].
///
/// # Examples
///
/// ```
/// let (pgn, moves) = benches::sample_pgn_annotated(4, 7);
/// assert_eq!(pgn.matches("[Event ").count(), 4);
/// assert_eq!(pgn.matches("[%clk ").count(), moves);
/// assert!(pgn.contains("[%eval "));
/// assert_eq!(benches::sample_pgn_annotated(4, 7).0, pgn);
/// ```
#[must_use]
pub fn sample_pgn_annotated(games: usize, seed: u64) -> (String, usize) {
    use std::fmt::Write as _;

    const OPENINGS: [(&str, &str); 4] = [
        ("B01", "Scandinavian Defense"),
        ("C00", "French Defense: Normal Variation"),
        ("A00", "Van't Kruijs Opening"),
        ("D02", "Queen's Pawn Game: Zukertort Variation"),
    ];
    let mut rng = SplitMix64(seed);
    let mut out = String::new();
    let mut tokens: Vec<String> = Vec::new();
    let mut total = 0;
    for number in 0..games {
        random_game(&mut rng, &mut tokens);
        total += tokens.len();
        let (white_elo, black_elo) = (1000 + rng.below(1500), 1000 + rng.below(1500));
        let (eco, opening) = OPENINGS[rng.below(OPENINGS.len())];
        let seconds = number * 7 % 86_400;
        // Writing to a `String` cannot fail.
        let _ = write!(
            out,
            "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/{number:08x}\"]\n\
             [Date \"2026.12.01\"]\n[Round \"-\"]\n[White \"player{}\"]\n[Black \"player{}\"]\n\
             [Result \"*\"]\n[UTCDate \"2026.12.01\"]\n[UTCTime \"{:02}:{:02}:{:02}\"]\n\
             [WhiteElo \"{white_elo}\"]\n[BlackElo \"{black_elo}\"]\n\
             [WhiteRatingDiff \"+{}\"]\n[BlackRatingDiff \"-{}\"]\n[ECO \"{eco}\"]\n\
             [Opening \"{opening}\"]\n[TimeControl \"180+0\"]\n[Termination \"Normal\"]\n\n",
            rng.below(100_000),
            rng.below(100_000),
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60,
            rng.below(10),
            rng.below(10),
        );
        let evals = number % 4 == 0;
        let mut clocks = [180usize; 2];
        for (ply, token) in tokens.iter().enumerate() {
            let side = ply % 2;
            if side == 0 {
                let _ = write!(out, "{}. ", ply / 2 + 1);
            } else {
                let _ = write!(out, "{}... ", ply / 2 + 1);
            }
            out.push_str(token);
            out.push_str(" { ");
            if evals {
                let centipawns = rng.below(801) as i64 - 400;
                let sign = if centipawns < 0 { "-" } else { "" };
                let _ = write!(
                    out,
                    "[%eval {sign}{}.{:02}] ",
                    centipawns.abs() / 100,
                    centipawns.abs() % 100
                );
            }
            clocks[side] = clocks[side].saturating_sub(rng.below(6));
            let clock = clocks[side];
            let _ = write!(out, "[%clk 0:{:02}:{:02}] }} ", clock / 60, clock % 60);
        }
        out.push_str("*\n\n");
    }
    (out, total)
}

/// cozy-chess's perft, the one the `0-movegen` bench times, so the test below checks that code.
#[cfg(test)]
#[path = "../benches/common/cozy.rs"]
mod cozy;

#[cfg(test)]
mod tests {
    use super::*;

    fn cozy_board(fen: &str) -> cozy_chess::Board {
        cozy_chess::Board::from_fen(fen, false).unwrap()
    }

    /// cozy-chess is an independent oracle: the same counts on the benched cases and on random
    /// positions (the benched perft and the benched move count).
    #[test]
    fn cozy_chess_counts_match_ours() {
        assert_eq!(cozy::perft(&cozy_board(START), 4), perft_nodes(START, 4));
        assert_eq!(
            cozy::perft(&cozy_board(KIWIPETE), 3),
            perft_nodes(KIWIPETE, 3)
        );
        for fen in random_positions(30, 0xc0_2e) {
            let ours: Position = fen.parse().unwrap();
            let board = cozy_board(&fen);
            assert_eq!(cozy::legal_moves(&board), ours.legal_moves().len(), "{fen}");
            assert_eq!(
                cozy::perft(&board, 3),
                chess_rules::perft(&ours, 3),
                "{fen}"
            );
        }
    }

    #[test]
    fn published_counts_match_perft() {
        let start: Position = START.parse().unwrap();
        assert_eq!(chess_rules::perft(&start, 4), perft_nodes(START, 4));
        let kiwipete: Position = KIWIPETE.parse().unwrap();
        assert_eq!(chess_rules::perft(&kiwipete, 3), perft_nodes(KIWIPETE, 3));
    }

    #[test]
    fn random_positions_are_varied_and_playable() {
        let fens = random_positions(50, 1);
        let distinct: std::collections::HashSet<_> = fens.iter().collect();
        assert_eq!(distinct.len(), 50);
        for fen in &fens {
            let pos: Position = fen.parse().unwrap();
            assert!(!pos.legal_moves().is_empty(), "{fen}");
        }
    }
}
