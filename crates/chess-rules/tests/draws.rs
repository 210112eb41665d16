//! The draw rules of [`Game`] through the public API: repetition (threefold claim, fivefold
//! automatic), the fifty- and seventy-five-move rules, insufficient material and stalemate.

use chess_rules::{
    Color, DrawClaim, Game, GameResult, Move, Outcome, Position, Square, Termination,
    automatic_draw,
};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// Plays moves given as `from`-`to` pairs, reading the moving piece from the board.
fn play(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        let (from, to) = (sq(&text[..2]), sq(&text[2..4]));
        let role = game
            .position()
            .role_at(from)
            .unwrap_or_else(|| panic!("{text}: no piece on {from}"));
        game.play(Move::normal(role, from, to))
            .unwrap_or_else(|e| panic!("{text} in {:?}: {e}", game.position()));
    }
}

fn game(fen: &str) -> Game {
    Game::from_position(fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}")))
}

const KNIGHTS_OUT_AND_BACK: &str = "g1f3 g8f6 f3g1 f6g8";

fn draw(termination: Termination) -> Option<Outcome> {
    Some(Outcome {
        termination,
        winner: None,
    })
}

#[test]
fn threefold_repetition_may_be_claimed() {
    let mut game = Game::new();
    assert_eq!(game.repetitions(), 1);
    play(&mut game, KNIGHTS_OUT_AND_BACK);
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.draw_claim(), None);
    play(&mut game, KNIGHTS_OUT_AND_BACK);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.draw_claim(), Some(DrawClaim::ThreefoldRepetition));
    assert_eq!(game.outcome(), None);
    // A new position: the claim is gone.
    play(&mut game, "b1c3");
    assert_eq!(game.repetitions(), 1);
    assert_eq!(game.draw_claim(), None);
}

#[test]
fn fivefold_repetition_ends_the_game() {
    let mut game = Game::new();
    for _ in 0..3 {
        play(&mut game, KNIGHTS_OUT_AND_BACK);
    }
    assert_eq!(game.repetitions(), 4);
    assert_eq!(game.outcome(), None);
    play(&mut game, KNIGHTS_OUT_AND_BACK);
    assert_eq!(game.repetitions(), 5);
    assert_eq!(game.draw_claim(), Some(DrawClaim::ThreefoldRepetition));
    assert_eq!(game.outcome(), draw(Termination::FivefoldRepetition));
    assert_eq!(game.outcome().unwrap().result(), GameResult::Draw);
}

#[test]
fn repetition_counts_positions_in_between() {
    // The position after 1. Nf3 comes back after 1... Nf6 2. Ng1 Ng8 3. Nf3.
    let mut game = Game::new();
    play(&mut game, "g1f3");
    play(&mut game, "g8f6 f3g1 f6g8 g1f3");
    assert_eq!(game.repetitions(), 2);
    play(&mut game, "g8f6 f3g1 f6g8 g1f3");
    assert_eq!(game.draw_claim(), Some(DrawClaim::ThreefoldRepetition));
}

#[test]
fn other_side_to_move_is_not_a_repetition() {
    // The rook loses a tempo on a triangle while the black king goes and comes back.
    let mut game = game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let start = game.position().zobrist();
    play(&mut game, "a1a3 e8d8 a3a2 d8e8 a2a1");
    assert_eq!(
        game.position().ascii_board(),
        Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
            .unwrap()
            .ascii_board()
    );
    assert_eq!(game.position().turn(), Color::Black);
    assert_ne!(game.position().zobrist(), start);
    assert_eq!(game.repetitions(), 1);
}

#[test]
fn lost_castling_rights_make_a_new_position() {
    let mut game = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // The rooks go out and back: same board, no king-side rights.
    play(&mut game, "h1h2 h8h7 h2h1 h7h8");
    assert_eq!(
        game.position().to_fen(),
        "r3k2r/8/8/8/8/8/8/R3K2R w Qq - 4 3"
    );
    assert_eq!(game.repetitions(), 1);
    play(&mut game, "h1h2 h8h7 h2h1 h7h8");
    assert_eq!(game.repetitions(), 2);
    // Moving the king back and forth loses the remaining rights too.
    play(&mut game, "e1d1 e8d8 d1e1 d8e8");
    assert_eq!(
        game.position().to_fen(),
        "r3k2r/8/8/8/8/8/8/R3K2R w - - 12 7"
    );
    assert_eq!(game.repetitions(), 1);
}

#[test]
fn en_passant_right_makes_a_different_position() {
    // After e2-e4 Black may take en passant on e3; after the knights go out and back the same
    // board no longer allows it, so it is not the same position (FIDE 9.2.3).
    let mut game = game("4k1n1/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1");
    play(&mut game, "e2e4");
    assert_eq!(game.position().legal_ep_square(), Some(sq("e3")));
    let with_ep = game.position().zobrist();
    play(&mut game, "g8f6 g1f3 f6g8 f3g1");
    assert_eq!(
        game.position().to_fen(),
        "4k1n1/8/8/8/3pP3/8/8/4K1N1 b - - 4 3"
    );
    assert_ne!(game.position().zobrist(), with_ep);
    assert_eq!(game.repetitions(), 1);
    play(&mut game, "g8f6 g1f3 f6g8 f3g1");
    assert_eq!(game.repetitions(), 2);
}

#[test]
fn double_push_without_a_capturer_is_a_repetition() {
    // No black pawn beside e4: the positions after e2-e4 and after the shuffle are the same.
    let mut game = game("4k1n1/8/8/8/8/8/4P3/4K1N1 w - - 0 1");
    play(&mut game, "e2e4 g8f6 g1f3 f6g8 f3g1");
    assert_eq!(game.repetitions(), 2);
}

#[test]
fn illegal_en_passant_is_not_a_right() {
    // The d4 pawn is pinned against its king on f6 by the bishop on b2: en passant is
    // impossible, so the positions after e2-e4 and after the shuffle are the same.
    let mut game = game("6n1/8/5k2/8/3p4/8/1B2P3/4K1N1 w - - 0 1");
    play(&mut game, "e2e4");
    assert_eq!(game.position().legal_ep_square(), None);
    play(&mut game, "g8h6 g1f3 h6g8 f3g1");
    assert_eq!(game.repetitions(), 2);
}

#[test]
fn fifty_moves_may_be_claimed() {
    let mut game = game("4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
    play(&mut game, "a1a2");
    assert_eq!(game.position().halfmoves(), 99);
    assert_eq!(game.draw_claim(), None);
    play(&mut game, "e8d8");
    assert_eq!(game.position().halfmoves(), 100);
    assert_eq!(game.draw_claim(), Some(DrawClaim::FiftyMoves));
    assert_eq!(game.outcome(), None);
}

#[test]
fn fifty_move_claim_from_a_fen_at_99() {
    let mut game = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(game.draw_claim(), None);
    play(&mut game, "a1a2");
    assert_eq!(game.draw_claim(), Some(DrawClaim::FiftyMoves));
}

#[test]
fn a_capture_or_pawn_move_restarts_the_count() {
    let mut game = game("4k3/8/8/8/8/8/r3P3/R3K3 w - - 99 80");
    play(&mut game, "a1a2");
    assert_eq!(game.position().halfmoves(), 0);
    assert_eq!(game.draw_claim(), None);
    let mut game = self::game("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    play(&mut game, "e2e3");
    assert_eq!(game.draw_claim(), None);
}

#[test]
fn seventy_five_moves_end_the_game() {
    let mut game = game("4k3/8/8/8/8/8/8/R3K3 w - - 149 120");
    assert_eq!(game.outcome(), None);
    assert_eq!(game.draw_claim(), Some(DrawClaim::FiftyMoves));
    play(&mut game, "a1a2");
    assert_eq!(game.position().halfmoves(), 150);
    assert_eq!(game.outcome(), draw(Termination::SeventyFiveMoves));
    assert_eq!(game.outcome().unwrap().result().to_string(), "1/2-1/2");
}

#[test]
fn mate_on_the_150th_half_move_is_mate() {
    // FIDE 9.6.2: the 75-move rule does not apply when the last move mates.
    let mut game = game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120");
    play(&mut game, "a1a8");
    assert_eq!(game.position().halfmoves(), 150);
    assert!(game.position().is_checkmate());
    let outcome = game.outcome().unwrap();
    assert_eq!(
        outcome,
        Outcome {
            termination: Termination::Checkmate,
            winner: Some(Color::White),
        }
    );
    assert_eq!(outcome.result().to_string(), "1-0");
}

#[test]
fn stalemate_on_the_150th_half_move_is_stalemate() {
    let mut game = game("7k/8/6Q1/8/8/8/8/6K1 w - - 149 120");
    play(&mut game, "g6f7");
    assert_eq!(game.outcome(), draw(Termination::Stalemate));
}

fn insufficient(fen: &str) -> bool {
    let pos: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    let game = Game::from_position(pos);
    let by_game = game.outcome() == draw(Termination::InsufficientMaterial);
    assert_eq!(by_game, pos.is_insufficient_material(), "{fen}");
    by_game
}

#[test]
fn insufficient_material_draws() {
    // K v K, KB v K, KN v K, KB v KB with bishops on one colour (here c1 and f8, both dark;
    // then several light bishops against one).
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K1n1 b - - 0 1",
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k1b1/8/8/8/8/8/B7/3BK3 w - - 0 1",
    ] {
        assert!(insufficient(fen), "{fen}");
    }
}

#[test]
fn sufficient_material_plays_on() {
    // KB v KB on opposite colours (a help-mate exists), KNN v K, KN v KN, KP v K, KR v K.
    for fen in [
        "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1",
        "4k1n1/8/8/8/8/8/8/1N2K3 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1K1n1 w - - 0 1",
    ] {
        assert!(!insufficient(fen), "{fen}");
    }
}

#[test]
fn each_side_on_its_own() {
    // KQ v KN: Black cannot mate, White can (a time forfeit by White is then a draw).
    let pos: Position = "4k1n1/8/8/8/8/8/8/Q3K3 w - - 0 1".parse().unwrap();
    assert!(!pos.has_insufficient_material(Color::White));
    assert!(pos.has_insufficient_material(Color::Black));
    // KR v KN: a rook can hem in its own king for a knight mate, so the knight may still win.
    let pos: Position = "4k1n1/8/8/8/8/8/8/R3K3 w - - 0 1".parse().unwrap();
    assert!(!pos.has_insufficient_material(Color::Black));
    assert!(!pos.is_insufficient_material());
}

#[test]
fn a_capture_into_bare_kings_ends_the_game() {
    let mut game = game("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    assert_eq!(game.outcome(), None);
    play(&mut game, "e1e2");
    assert_eq!(game.outcome(), draw(Termination::InsufficientMaterial));
}

#[test]
fn stalemate_outcome() {
    let game = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(game.position().is_stalemate());
    assert!(!game.position().is_checkmate());
    assert_eq!(game.outcome(), draw(Termination::Stalemate));
    assert_eq!(game.outcome().unwrap().result(), GameResult::Draw);
}

#[test]
fn checkmate_outcome_names_the_winner() {
    let fools_mate = game("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    let outcome = fools_mate.outcome().unwrap();
    assert_eq!(outcome.termination, Termination::Checkmate);
    assert_eq!(outcome.winner, Some(Color::Black));
    assert_eq!(outcome.result(), GameResult::BlackWins);
    assert_eq!(outcome.result().to_string(), "0-1");
}

#[test]
fn result_strings() {
    let win = |winner| Outcome {
        termination: Termination::Checkmate,
        winner: Some(winner),
    };
    assert_eq!(win(Color::White).result().to_string(), "1-0");
    assert_eq!(win(Color::Black).result().to_string(), "0-1");
    for termination in [
        Termination::Stalemate,
        Termination::InsufficientMaterial,
        Termination::FivefoldRepetition,
        Termination::SeventyFiveMoves,
    ] {
        let outcome = Outcome {
            termination,
            winner: None,
        };
        assert_eq!(outcome.result().to_string(), "1/2-1/2");
        assert_eq!(outcome.result().to_unicode(), "½-½");
    }
}

#[test]
fn a_mated_position_past_150_half_moves_is_mate() {
    let game = game("R5k1/5ppp/8/8/8/8/8/6K1 b - - 160 120");
    assert_eq!(
        game.outcome().map(|o| o.termination),
        Some(Termination::Checkmate)
    );
}

/// splitmix64, for the random games below.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `automatic_draw` over a line of positions says what `Game::outcome` says of the two draws
/// FIDE 9.6 makes by itself, at every ply of random games with few pieces, where repetitions
/// and long reversible runs are common (moves are mostly taken back); from set-ups whose clocks
/// already run, too.
#[test]
fn the_automatic_draws_of_a_line_are_those_of_the_game() {
    let starts = [
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w K - 120 60",
        "r3k3/8/8/3p4/8/8/3P4/4K1N1 b q - 140 70",
        "8/8/3k4/8/8/3K4/8/6Q1 w - - 0 1",
        "2r3k1/8/8/8/8/8/8/2R3K1 w - - 0 1",
    ];
    let mut state = 12;
    let mut seen = [0usize; 2];
    for fen in starts {
        for _ in 0..40 {
            let mut game = game(fen);
            let mut line = vec![*game.position()];
            let mut played: Vec<Move> = Vec::new();
            for _ in 0..400 {
                let ours = automatic_draw(&line);
                let theirs = match game.outcome() {
                    None => None,
                    Some(outcome) => match outcome.termination {
                        t @ (Termination::FivefoldRepetition | Termination::SeventyFiveMoves) => {
                            Some(t)
                        }
                        // Game over by other rules: nothing left to compare.
                        _ => break,
                    },
                };
                assert_eq!(ours, theirs, "{fen}: {:?}", game.position());
                if let Some(t) = ours {
                    seen[usize::from(t == Termination::SeventyFiveMoves)] += 1;
                    break;
                }
                let moves = game.position().legal_moves();
                // Mostly undo this side's last move, so that positions come back.
                let back = played.len().checked_sub(2).and_then(|i| {
                    let last: Move = played[i];
                    moves
                        .iter()
                        .copied()
                        .find(|m| m.from() == last.to() && m.to() == last.from())
                });
                let mv = match back {
                    Some(mv) if !next(&mut state).is_multiple_of(4) => mv,
                    _ => moves[usize::try_from(next(&mut state) % moves.len() as u64).unwrap()],
                };
                game.play(mv).unwrap();
                played.push(mv);
                line.push(*game.position());
            }
        }
    }
    assert!(seen[0] > 10 && seen[1] > 10, "{seen:?}");
}
