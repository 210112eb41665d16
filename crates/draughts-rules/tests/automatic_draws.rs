//! `automatic_draw` over a line of positions against `Game::outcome`: the same draws by rule at
//! every ply of random games in king endings, where repetitions, the 25-move run and the
//! 16-move and 5-move endgames all come.

use draughts_rules::{Game, Move, Position, Termination, automatic_draw};

/// splitmix64, for the random games.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[test]
fn the_draws_of_a_line_are_those_of_the_game() {
    let starts = [
        "W:WK46,K50,K48,33:BK1,K5,3,9",
        "W:WK46,49,50:BK1",
        "W:WK46,K50:BK1",
        "B:WK46,K50,33:BK28",
        "W:WK46,K47,K48:BK3",
        "W:WK46,K36,40,45:BK5,K4,14,13",
    ];
    let mut state = 7;
    let mut seen = std::collections::BTreeMap::new();
    for fen in starts {
        for _ in 0..60 {
            let start: Position = fen.parse().unwrap();
            let mut game = Game::from_position(start);
            let mut line = vec![start];
            let mut played: Vec<Move> = Vec::new();
            for _ in 0..300 {
                let theirs = match game.outcome() {
                    Some(outcome) if outcome.termination == Termination::NoLegalMove => None,
                    other => other.map(|o| o.termination),
                };
                let ours = automatic_draw(&line);
                assert_eq!(ours, theirs, "{fen}: {}", game.position());
                if let Some(t) = ours {
                    *seen.entry(format!("{t:?}")).or_insert(0) += 1;
                    break;
                }
                let moves = game.position().legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Often take back this side's last move, so that positions come back.
                let back = played.len().checked_sub(2).and_then(|i| {
                    let last = played[i];
                    moves
                        .iter()
                        .find(|m| !m.is_capture() && m.from() == last.to() && m.to() == last.from())
                        .copied()
                });
                let mv = match back {
                    Some(mv) if next(&mut state).is_multiple_of(3) => mv,
                    _ => moves[usize::try_from(next(&mut state) % moves.len() as u64).unwrap()],
                };
                game.play(&mv).unwrap();
                played.push(mv);
                line.push(*game.position());
            }
        }
    }
    // King moves that never capture and repeat a position only every 30 plies (White's king
    // round 46-37-41, Black's round 1-12-7-18-29): the 25-move and 16-move rules come first.
    let white = [(46, 37), (37, 41), (41, 46)];
    let black = [(1, 12), (12, 7), (7, 18), (18, 29), (29, 1)];
    for fen in ["W:WK46,49,50:BK1,3,4", "W:WK46,49,50:BK1", "W:WK46,K50:BK1"] {
        let start: Position = fen.parse().unwrap();
        let mut game = Game::from_position(start);
        let mut line = vec![start];
        for ply in 0usize.. {
            let ours = automatic_draw(&line);
            assert_eq!(
                ours,
                game.outcome().map(|o| o.termination),
                "{fen}: ply {ply}"
            );
            if let Some(t) = ours {
                *seen.entry(format!("{t:?}")).or_insert(0) += 1;
                break;
            }
            let (from, to) = if ply.is_multiple_of(2) {
                white[(ply / 2) % white.len()]
            } else {
                black[(ply / 2) % black.len()]
            };
            let mv = Move::quiet(
                draughts_rules::Square::new(from),
                draughts_rules::Square::new(to),
            );
            game.play(&mv).unwrap();
            line.push(*game.position());
        }
    }
    for rule in [
        "ThreefoldRepetition",
        "TwentyFiveMoves",
        "SixteenMoves",
        "FiveMoves",
    ] {
        assert!(seen.contains_key(rule), "{seen:?}");
    }
}
