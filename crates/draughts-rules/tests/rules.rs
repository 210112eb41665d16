//! Golden positions for the hard rules of international draughts (FMJD).
//!
//! Boards are drawn as White sees them: row 0 (squares 1-5) at the top, `w`/`b` men, `W`/`B`
//! kings.

use draughts_rules::{Color, Move, Piece, Position, Role, Square};

fn pos(fen: &str) -> Position {
    fen.parse().unwrap()
}

/// The legal moves as their full-path text, sorted.
fn moves(fen: &str) -> Vec<String> {
    let mut moves: Vec<String> = pos(fen).legal_moves().iter().map(Move::to_string).collect();
    moves.sort();
    moves
}

fn squares(numbers: &[u8]) -> draughts_rules::Bitboard {
    numbers.iter().map(|n| Square::new(*n)).collect()
}

#[test]
fn men_move_forward_and_capture_both_ways() {
    assert_eq!(moves("W:W28:B"), ["28-22", "28-23"]);
    assert_eq!(moves("B:W:B23"), ["23-28", "23-29"]);
    // Backwards capture by a man: 28 takes 33 and lands on 39.
    assert_eq!(moves("W:W28:B33,1"), ["28x39"]);
    // Capture is mandatory: the plain moves of the man on 45 are not legal.
    assert_eq!(moves("W:W28,45:B33"), ["28x39"]);
}

/// Majority rule: a capture of one piece and a capture of two are available; only the two is
/// legal. A king counts as one piece, like a man, so two captures of two are both legal
/// whatever they take.
///
/// ```text
///  . . . . .
/// . . . . .
///  . b . B .        12 b, 14 B
/// . . . . .
///  . b B . .        22 b, 23 B
/// . . w . .         28 w
/// ```
#[test]
fn majority_capture() {
    assert_eq!(moves("W:W28:B12,22,23"), ["28x17x8"]);
    assert_eq!(moves("W:W28:B12,22,K23"), ["28x17x8"]);
    assert_eq!(moves("W:W28:B12,22,K23,K14"), ["28x17x8", "28x19x10"]);
    // The longest capture may belong to another piece: the man on 45 must play.
    assert_eq!(moves("W:W45,28:B22,40,29"), ["45x34x23"]);
}

/// A king captures at a distance and lands on any free square beyond: seven moves here.
/// When a further capture waits behind one landing square, only that square is legal.
#[test]
fn king_long_capture_with_several_landing_squares() {
    assert_eq!(
        moves("W:WK46:B37"),
        ["46x10", "46x14", "46x19", "46x23", "46x28", "46x32", "46x5"]
    );
    // From 23 the king can take 18 as well, landing on 12, 7 or 1: three moves of two pieces.
    let long = pos("W:WK46:B18,37").legal_moves();
    let mut paths: Vec<String> = long.iter().map(Move::to_string).collect();
    paths.sort();
    assert_eq!(paths, ["46x23x1", "46x23x12", "46x23x7"]);
    assert!(long.iter().all(|mv| mv.captured() == squares(&[18, 37])));
    // The king ends as a king, anywhere.
    let after = pos("W:WK46:B18,37").play(&long[0]).unwrap();
    assert_eq!(
        after.piece_at(long[0].to()),
        Some(Piece::new(Color::White, Role::King))
    );
    assert!(after.by_color(Color::Black).is_empty());
}

/// Captured pieces stay on the board until the move ends: they cannot be jumped twice and
/// they block (the Turkish strike rule).
///
/// ```text
///  . b . . W        2 b, 5 W
/// . . . . .
///  b . . . .        11 b
/// . . . . .
///  . . b . .        23 b
/// . . . b .         29 b
///  . . b . .        33 b
/// . . . . .
///  . . b . .        43 b
/// . . . . B         50 B
/// ```
///
/// The king takes 23, 33 and 43 (5x28x39x48). Were 23 lifted at once, it could take 23,
/// then 11 (landing on 6), then come back down the diagonal 6-50 over the emptied square 11
/// and take 33 and 43: four pieces. The dead piece on 11 blocks that road, so three is the
/// most.
#[test]
fn captured_pieces_block_until_the_move_ends() {
    let pos = pos("W:WK5:B2,11,23,29,33,43,K50");
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].to_string(), "5x28x39x48");
    assert_eq!(moves[0].captured(), squares(&[23, 33, 43]));
}

/// A square may be passed more than once, the origin included: the man on 32 goes round the
/// four black men and comes back to 32. The two directions round are one move (same origin,
/// destination and captured pieces), and no piece is taken twice.
#[test]
fn capture_round_trip_and_no_double_jump() {
    let pos = pos("W:W32:B17,18,27,28");
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 1);
    let mv = moves[0];
    assert_eq!((mv.from(), mv.to()), (Square::new(32), Square::new(32)));
    assert_eq!(mv.captured(), squares(&[17, 18, 27, 28]));
    assert_eq!(pos.legal_moves_all_paths().len(), 2);
    let after = pos.play(&mv).unwrap();
    assert_eq!(after.to_fen(), "B:W32:B");
}

/// A man that reaches the far row during a capture and leaves it again stays a man; one that
/// ends its move there becomes a king.
#[test]
fn promotion_only_when_the_move_ends_on_the_far_row() {
    let passing = pos("W:W13:B7,8");
    let moves = passing.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].to_string(), "13x2x11");
    let after = passing.play(&moves[0]).unwrap();
    assert_eq!(
        after.piece_at(Square::new(11)),
        Some(Piece::new(Color::White, Role::Man))
    );

    let ending = pos("W:W13:B8");
    let after = ending.play(&ending.legal_moves()[0]).unwrap();
    assert_eq!(after.to_fen(), "B:WK2:B");
    // Black promotes on 46-50, by a plain move too.
    let after = pos("B:W6:B41")
        .play(&Move::quiet(Square::new(41), Square::new(46)))
        .unwrap();
    assert_eq!(after.to_fen(), "W:W6:BK46");
}

/// Two captures from 42 to 24 take different pieces: they are two moves, told apart by their
/// paths (42x31x22x13x24 and 42x33x22x13x24) and captured sets. The round trip 42x42 is the
/// third.
///
/// ```text
/// . . b b .         18 b, 19 b
///  . . . . .
/// . b b . .         27 b, 28 b
///  . . . . .
/// w b b . .         36 w, 37 b, 38 b
///  . w . . .        42 w
/// ```
#[test]
fn ambiguous_capture_gives_two_moves() {
    let pos = pos("W:W36,42:B18,19,27,28,37,38");
    let moves = pos.legal_moves();
    let to_24: Vec<&Move> = moves.iter().filter(|m| m.to() == Square::new(24)).collect();
    assert_eq!(to_24.len(), 2);
    assert_ne!(to_24[0], to_24[1]);
    assert_eq!(to_24[0].from(), to_24[1].from());
    let mut captured = [to_24[0].captured(), to_24[1].captured()];
    captured.sort_by_key(|c| c.into_iter().map(Square::number).collect::<Vec<_>>());
    assert_eq!(
        captured,
        [squares(&[18, 19, 27, 37]), squares(&[18, 19, 28, 38])]
    );
    let mut paths: Vec<String> = to_24.iter().map(|m| m.to_string()).collect();
    paths.sort();
    assert_eq!(paths, ["42x31x22x13x24", "42x33x22x13x24"]);
    assert_eq!(moves.len(), 3);
    // Both positions after them differ.
    assert_ne!(pos.play(to_24[0]).unwrap(), pos.play(to_24[1]).unwrap());
}

/// A king's captures with the same ends and different pieces, twice over.
#[test]
fn ambiguous_king_captures() {
    assert_eq!(
        moves("W:WK10:B4,9,14,21,33,34,42,45"),
        ["10x28x39x25", "10x28x39x30", "10x37x48x25", "10x37x48x30"]
    );
}

#[test]
fn illegal_moves_are_refused() {
    let start = Position::new();
    let backwards = Move::quiet(Square::new(31), Square::new(36));
    let err = start.play(&backwards).unwrap_err();
    assert_eq!(err.to_string(), "illegal move 31-36");
    // A capture is recognised by origin, destination and captured pieces, whatever its path.
    let pos = pos("W:W32:B17,18,27,28");
    let other_way = Move::capture(
        Square::new(32),
        &[23, 12, 21, 32].map(Square::new),
        squares(&[17, 18, 27, 28]),
    )
    .unwrap();
    assert!(pos.is_legal(&other_way));
    let wrong_set = Move::capture(
        Square::new(32),
        &[23, 12, 21, 32].map(Square::new),
        squares(&[17, 18, 27, 29]),
    )
    .unwrap();
    assert!(!pos.is_legal(&wrong_set));
}

/// Docs quote these FENs (docs/draughts-rules.md).
#[test]
fn fen_examples_of_the_docs() {
    let start = Position::new();
    for fen in [
        "W:W31-50:B1-20",
        "W:B1-20:W31-50",
        "[FEN \"W:W31-50:B1-20.\"]"
            .trim_start_matches("[FEN ")
            .trim_end_matches(']'),
        "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
    ] {
        assert_eq!(pos(fen), start, "{fen}");
    }
    assert_eq!(pos("B:W50:B").to_fen(), "B:W50:B");
    assert_eq!(
        pos("W:WK1-5:BK46-50").to_fen(),
        "W:WK1,K2,K3,K4,K5:BK46,K47,K48,K49,K50"
    );
    let (unknown, turn) = Position::from_fen_with_turn("?:W29,13,11:B22,4,2").unwrap();
    assert_eq!((unknown.turn(), turn), (Color::White, None));
    assert_eq!(pos("W:W28,K10:B5,K2.").to_fen(), "W:WK10,28:BK2,5");
    let err = Position::from_fen("W:W3:B1-20").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid FEN white pieces field: white man on square 3, its promotion row (it would be a king)"
    );
}

/// The FEN error block of docs/draughts-rules.md: each line is a FEN and its exact message.
#[test]
fn fen_errors_of_the_docs() {
    // The page is part of the project: it is compiled in, never skipped.
    let doc = include_str!("../../../docs/draughts-rules.md");
    let (_, errors) = doc
        .split_once("**Errors** name the field")
        .expect("the errors paragraph");
    let block = testkit::markdown::blocks_of(errors, "text")
        .into_iter()
        .next()
        .expect("the error block");
    let mut checked = 0;
    for line in block.lines() {
        let (fen, message) = line.split_once("  ").expect("a FEN and a message");
        let err = Position::from_fen(fen).expect_err(fen);
        assert_eq!(err.to_string(), message.trim(), "{fen}");
        checked += 1;
    }
    assert!(checked >= 8);
}
