//! Book import: the fourteen illustrative games of Capablanca's Chess Fundamentals (1921), and
//! small books that show each layout the importer reads.

mod common;

use board_core::{Dialect, RecordReader, replay};
use chess_rules::Position;
use common::{SAN, shared_file};
use notation_descriptive::book::{self, BookElement, LineClass};
use notation_descriptive::{Descriptive, DescriptivePosition};
use notation_en::Algebraic;

const FUNDAMENTALS: &str = "descriptive/chess-fundamentals-capablanca-1921.txt";

/// Heading, plies, result and the line of the first move of each illustrative game.
const GAMES: [(&str, usize, &str, usize); 14] = [
    ("GAME 1. QUEEN'S GAMBIT DECLINED", 49, "1-0", 3937),
    ("GAME 2. QUEEN'S GAMBIT DECLINED", 83, "1-0", 4040),
    ("GAME 3. IRREGULAR DEFENCE", 72, "1-0", 4185),
    ("GAME 4. FRENCH DEFENCE", 80, "0-1", 4310),
    ("GAME 5. RUY LOPEZ", 83, "1-0", 4479),
    ("GAME 6. FRENCH DEFENCE", 119, "1-0", 4656),
    ("GAME 7. RUY LOPEZ", 91, "1-0", 4864),
    ("GAME 8. CENTRE GAME", 88, "0-1", 4984),
    ("GAME 9. QUEEN'S GAMBIT DECLINED", 75, "1-0", 5171),
    ("GAME 10. PETROFF DEFENCE", 121, "1-0", 5335),
    ("GAME 11. RUY LOPEZ", 61, "1-0", 5477),
    ("GAME 12. FRENCH DEFENCE", 89, "1-0", 5582),
    ("GAME 13. RUY LOPEZ", 82, "0-1", 5746),
    ("GAME 14. QUEEN'S GAMBIT DECLINED", 78, "0-1", 5929),
];

/// Every repair made in the fourteen games: line, column, message.
const REPAIRS: [&str; 8] = [
    "4286:12 Q × P ch: fits QxBPch, QxKPch and QxRPch; read as QxRPch, the reading that keeps the next moves legal",
    "4291:12 P K 4 !: no '-' between the piece and its square",
    "4691:12 Q × P: fits QxP/K4 and QxP/K6; read as QxP/K4, the reading that keeps the next moves legal",
    "4947:12 P - Kt 3: fits P-KKt3 and P-QKt3; read as P-KKt3, the reading that keeps the next moves legal",
    "5188:12 B - R 4: fits B-KR4 and B-QR4; read as B-QR4, the reading that keeps the next moves legal",
    "5448:12 R - B 7: fits R-KB7 and R-QB7; read as R-QB7, the reading that keeps the next moves legal",
    "5590:9 move number without a dot",
    "5867:12 P - Kt 3: fits P-KKt3 and P-QKt3; read as P-KKt3, the reading that keeps the next moves legal",
];

fn illustrative(text: &str) -> Vec<book::BookGame> {
    book::import(text, &Descriptive::OLD)
        .games
        .into_iter()
        .filter(|g| g.heading.as_deref().is_some_and(|h| h.starts_with("GAME ")))
        .collect()
}

#[test]
fn all_fourteen_illustrative_games_import() {
    let Some(text) = shared_file(FUNDAMENTALS) else {
        return;
    };
    let games = illustrative(&text);
    let found: Vec<(&str, usize, &str, usize)> = games
        .iter()
        .map(|g| {
            (
                g.heading.as_deref().unwrap(),
                g.moves().count(),
                g.result.as_str(),
                g.span.line_col(&text).line,
            )
        })
        .collect();
    assert_eq!(found, GAMES);
    let game1 = &games[0];
    assert_eq!(game1.tag("White"), Some("F. J. Marshall"));
    assert_eq!(game1.tag("Black"), Some("J. R. Capablanca"));
    assert_eq!(game1.tag("Event"), Some("Match"));
    assert_eq!(game1.tag("Date"), Some("1909.??.??"));
    assert_eq!(game1.tag("Opening"), Some("QUEEN'S GAMBIT DECLINED"));
}

/// The PGN each game is written as reads again and replays legally with the SAN reader alone.
#[test]
fn the_pgn_replays_legally() {
    let Some(text) = shared_file(FUNDAMENTALS) else {
        return;
    };
    let dialect = Dialect::pgn();
    for game in illustrative(&text) {
        let mut pgn = String::new();
        game.write_pgn(&SAN, &dialect, &mut pgn);
        let raw = RecordReader::new(pgn.as_bytes(), Dialect::pgn())
            .next()
            .unwrap()
            .unwrap();
        let replayed = replay::<Position, _, Algebraic>(&raw, &Algebraic::ENGLISH, None);
        assert!(
            replayed.diagnostics.is_empty(),
            "{:?}: {:?}",
            game.heading,
            replayed.diagnostics
        );
        assert_eq!(replayed.plies, game.moves().count());
        assert_eq!(raw.tag("Result").as_deref(), Some(game.result.as_str()));
    }
}

#[test]
fn every_repair_is_listed_with_its_place() {
    let Some(text) = shared_file(FUNDAMENTALS) else {
        return;
    };
    let repairs: Vec<String> = illustrative(&text)
        .iter()
        .flat_map(|g| &g.repairs)
        .map(|r| {
            let at = r.span.line_col(&text);
            format!("{}:{} {}", at.line, at.column, r.message)
        })
        .collect();
    assert_eq!(repairs, REPAIRS);
}

/// A book game's main line in SAN, played from the start.
fn san_of(game: &book::BookGame) -> Vec<String> {
    let mut pos = DescriptivePosition::new();
    game.moves()
        .map(|mv| {
            let san = board_core::Notation::to_text(&SAN, &pos, &mv);
            pos.play_unchecked(mv);
            san
        })
        .collect()
}

/// Game 4 against the SAN an independent reader derived (corpus file `02_*`).
#[test]
fn game_4_matches_the_independently_derived_san() {
    let (Some(text), Some(derived)) = (
        shared_file(FUNDAMENTALS),
        shared_file(
            "descriptive/02_pg33870_chess-fundamentals_game04_capablanca-snosko-borovski_1913.txt",
        ),
    ) else {
        return;
    };
    let expected: Vec<&str> = derived
        .lines()
        .find_map(|l| l.strip_prefix("# DERIVED SAN: "))
        .expect("the derived line")
        .split_whitespace()
        .filter(|t| !t.ends_with('.'))
        .collect();
    let game = illustrative(&text).swap_remove(3);
    let ours = san_of(&game);
    assert_eq!(ours, expected);
    // "No ply needed lookahead to decide", and none was reported.
    assert!(game.repairs.is_empty());
}

/// The book's examples start from diagrams the text does not give: reported, not imported.
#[test]
fn examples_from_diagrams_are_reported() {
    let Some(text) = shared_file(FUNDAMENTALS) else {
        return;
    };
    let import = book::import(&text, &Descriptive::OLD);
    let from_diagrams = import
        .diagnostics
        .iter()
        .filter(|d| d.is_error() && d.help.iter().any(|h| h.contains("initial position")))
        .count();
    assert!(from_diagrams >= 30, "{from_diagrams}");
    // The first: the king and pawn ending of section 3.
    let first = import.diagnostics.iter().find(|d| d.is_error()).unwrap();
    assert_eq!(first.message, "illegal move K - K 4");
    assert_eq!(first.span.line_col(&text).line, 449);
}

const SMALL_BOOK: &str = "\
GAME 7. TWO KNIGHTS DEFENCE

(Casual game, 1890)

White: A. Amateur. Black: B. Master.

        1. P - K 4, P - K 4; 2. Kt - K B 3, Kt - Q B 3; 3. B - B 4

The Italian opening. {12}

        3. ........               Kt - B 3
        4 Kt - Kt 5               P - Q 4
        5. P × P                  Kt × P
{13} /*  6. Kt × B P K × Kt */
        7. Q - B 3 ch             K - K 3
        8. Kt - B 3               Kt (Q B 3) - K 2
        9. P - Q 4                P - B 3
       10. B - Kt 5               P - K R 3
       11. B × Kt                 B × B
       12. O - O - O              P - K Kt 4
       13. K R - K 1 !            Resigns.

A fine finish.

       *       *       *       *       *

        1. K - K 4, K - K 3.
";

#[test]
fn book_layouts() {
    let import = book::import(SMALL_BOOK, &Descriptive::OLD);
    assert_eq!(import.games.len(), 1, "{:?}", import.diagnostics);
    let game = &import.games[0];
    assert_eq!(game.moves().count(), 25);
    assert_eq!(game.result.as_str(), "1-0");
    assert_eq!(
        game.tags,
        [
            ("Event", "Casual game"),
            ("Date", "1890.??.??"),
            // The game's number in the book.
            ("Round", "7"),
            ("White", "A. Amateur"),
            ("Black", "B. Master"),
            ("Opening", "TWO KNIGHTS DEFENCE"),
        ]
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
    );
    let repairs: Vec<String> = game
        .repairs
        .iter()
        .map(|r| {
            let at = r.span.line_col(SMALL_BOOK);
            format!("{}:{} {}", at.line, at.column, r.message)
        })
        .collect();
    // `B - Kt 5` fits Bb5 and Bg5: only Bg5 lets `B × Kt` take the knight on K2 next.
    assert_eq!(
        repairs,
        [
            "12:9 move number without a dot",
            "18:12 B - Kt 5: fits B-KKt5 and B-QKt5; read as B-KKt5, the reading that keeps the next moves legal",
        ]
    );
    let comments: Vec<&str> = game
        .elements
        .iter()
        .filter_map(|e| match e {
            BookElement::Comment(text) => Some(text.as_str()),
            BookElement::Move { .. } | BookElement::Variation { .. } => None,
        })
        .collect();
    // The result ends the game: the paragraph after it is prose outside the game.
    assert_eq!(comments, ["The Italian opening."]);
    let mut pgn = String::new();
    game.write_pgn(&SAN, &Dialect::pgn(), &mut pgn);
    assert!(
        pgn.ends_with(
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 {The Italian opening.} 3... Nf6 4. Ng5 d5 5. exd5\n\
             Nxd5 6. Nxf7 Kxf7 7. Qf3+ Ke6 8. Nc3 Ne7 9. d4 c6 10. Bg5 h6 11. Bxe7 Bxe7\n\
             12. O-O-O g5 13. Rhe1 $1 1-0\n\n"
        ),
        "{pgn}"
    );
    // The ending after the separator starts from a diagram: one error, at its first move.
    let errors: Vec<_> = import.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].span.line_col(SMALL_BOOK).line, 27);
}

#[test]
fn a_misprint_that_fits_nothing_is_an_error_with_candidates() {
    let text =
        "        1. P - K 4                P - K 4\n        2. Kt - K 5               Kt - Q B 3\n";
    let import = book::import(text, &Descriptive::OLD);
    // The game is kept up to the move that fails, and the error says where it stops.
    assert_eq!(import.games.len(), 1);
    assert_eq!(import.games[0].moves().count(), 2);
    assert!(!import.games[0].complete);
    assert_eq!(import.games[0].result.as_str(), "*");
    let error = &import.diagnostics[0];
    assert_eq!(
        error.message,
        "illegal move Kt - K 5; the game stops here, at move 2 (2 of its 4 moves not read, lines 2-2)"
    );
    assert_eq!(
        import.lines,
        [book::LineClass::Move, book::LineClass::NotRead]
    );
    assert_eq!(
        error.help,
        ["legal moves that come closest: Kt-K2, Kt-KB3, Kt-KR3, Kt-QB3, Kt-QR3"]
    );
    let at = error.span.line_col(text);
    assert_eq!((at.line, at.column), (2, 12));
}

#[test]
fn french_books_import_too() {
    let text = "        1. P-R4, P-R4; 2. C-FR3, C-FD3; 3. F-CD5, P-TD3; 4. F:C, PC:F\n";
    let import = book::import(text, &Descriptive::FRENCH);
    assert_eq!(import.games.len(), 1, "{:?}", import.diagnostics);
    let mut pgn = String::new();
    import.games[0].write_pgn(&SAN, &Dialect::pgn(), &mut pgn);
    assert!(
        pgn.ends_with("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 bxc6 *\n\n"),
        "{pgn}"
    );
}

/// `Q. takes doubled P.`: the queen could take the c5 or the h2 pawn; only c5 stands on a file
/// with another of its side's pawns, so that is the move, reported. Without the word, the
/// capture that takes back on the square just taken on is the move.
#[test]
fn what_the_book_says_of_the_pawn_taken_picks_the_pawn() {
    let game = |taken: &str| {
        format!(
            "       1. P. to Q. Kt's 4th.          1. P. to Q's 4th.\n\
             \x20      2. P. to K. B's 3d.            2. Q. to Q's 3d.\n\
             \x20      3. P. to Q's 4th.              3. P. to Q. B's 4th.\n\
             \x20      4. Q. P. takes P.              4. Q. takes {taken}P.\n\
             \x20      5. P. to K's 4th.\n"
        )
    };
    let text = game("doubled ");
    let import = book::import(&text, &Descriptive::OLD);
    assert_eq!(import.games.len(), 1);
    let moves: Vec<String> = import.games[0].moves().map(|m| m.to_string()).collect();
    assert_eq!(moves[7], "d6c5", "{moves:?}");
    assert_eq!(moves.len(), 9);
    assert!(import.games[0].complete);
    let repair = &import.games[0].repairs[0];
    assert_eq!(
        repair.message,
        "Q. takes doubled P.: fits QxBP and QxRP; read as QxBP, the doubled pawn"
    );

    // Without the word, the move before it tells: `4. Q. P. takes P.` took on QB5, and the
    // queen takes back there.
    let text = game("");
    let import = book::import(&text, &Descriptive::OLD);
    assert!(import.games[0].complete, "{:?}", import.diagnostics);
    let moves: Vec<String> = import.games[0].moves().map(|m| m.to_string()).collect();
    assert_eq!(moves[7], "d6c5", "{moves:?}");
    assert!(
        import.games[0].repairs[0]
            .message
            .ends_with("read as QxBP, the one that takes back on the square just taken on"),
        "{}",
        import.games[0].repairs[0].message
    );
}

/// `4. QxBP      Mate`: the word printed in Black's column is the result and the mark of the
/// move before it, so no repair says the mate was not marked.
#[test]
fn mate_in_the_next_column_marks_the_move() {
    let text = "\
          1. P-K4                P-K4
          2. B-B4                B-B4
          3. Q-R5                Kt-KB3
          4. QxBP                Mate
";
    let import = book::import(text, &Descriptive::OLD);
    assert_eq!(import.games.len(), 1);
    let game = &import.games[0];
    assert!(game.complete);
    assert_eq!(game.result.as_str(), "1-0");
    assert!(game.repairs.is_empty(), "{:?}", game.repairs);
    assert_eq!(game.moves().count(), 7);
}

/// A game's last move printed as a capture that fits two, with no move after it to tell them
/// apart (Bird's Mason-Bird ends `30 Q takes Q  B takes P`): the capture that no pawn or lesser
/// piece takes back is read, with a warning; where both or neither are safe, an error.
#[test]
fn a_last_capture_that_fits_two_is_the_one_not_given_away() {
    // `B takes P`: on K7 (retaken only by pieces worth as much) or on R6 (by the knight's pawn).
    let text = "1. P-Q4      P-KR3\n2. B-Kt5     P-QKt4\n3. B takes P\n";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert!(game.complete, "{:?}", import.diagnostics);
    let sans = san_of(game);
    assert_eq!(sans.last().map(String::as_str), Some("Bxe7"));
    assert_eq!(
        game.repairs[0].message,
        "B takes P: the game's last move fits BxKP and BxRP; read as BxKP, the one capture whose piece is not taken back at once by a lesser one"
    );
    // Both pawns guarded by pawns: nothing tells them apart, the game stops with an error.
    let text = "1. P-Q3      P-KR3\n2. B-B4      P-Q3\n3. B takes P\n";
    let import = book::import(text, &Descriptive::OLD);
    assert!(!import.games[0].complete, "{:?}", import.diagnostics);
    assert_eq!(import.errors(), 1);
}

/// A capture that fits two, where the rest of the game replays after either (Hoyle's Evans
/// Gambit, third variation: `Kt takes P: ch.` on KB7 or QB7, both checks, the game goes on
/// either way): nothing after it tells them apart, as after a last move, and the same rule
/// reads it.
#[test]
fn a_capture_the_rest_of_the_game_does_not_settle_is_the_one_not_given_away() {
    // `Kt takes P`: on K5 (nothing takes it back) or on Kt5 (the rook's pawn does).
    let text = "1. P-K4      P-K4\n2. Kt-KB3    P-KR3\n3. P-Q3      P-KKt4\n4. Kt takes P  P-Q3\n5. P-QB3     P-QB3\n";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert!(game.complete, "{:?}", import.diagnostics);
    let sans = san_of(game);
    assert_eq!(sans[6], "Nxe5");
    assert_eq!(
        game.repairs[0].message,
        "Kt takes P: the move fits KtxKP and KtxKtP, and the rest of the game replays after each; read as KtxKP, the one capture whose piece is not taken back at once by a lesser one"
    );
}

/// A move that fits two, where the rest of the game replays after either, answers the move
/// before it: it takes back on the square just taken on, or moves the piece just attacked
/// away (Hoyle's Ruy Lopez, fourth variation: `9. P takes P  Kt takes P`; Scotch Game, second
/// variation: `10. P to Q 5  Kt to Kt sq.`).
#[test]
fn a_move_nothing_after_it_settles_answers_the_move_before() {
    // `Kt takes P`: on Q5, taking back, or on QKt5.
    let text = "1. P-Q4  P-QKt4\n2. Kt-QB3  P-K3\n3. P-K4  P-QR3\n4. P-Q5  PxP\n5. KtxP  P-KR3\n6. P-KR3  P-KKt3\n";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert!(game.complete, "{:?}", import.diagnostics);
    assert_eq!(sans_of(game)[8], "Nxd5");
    assert_eq!(
        game.repairs[0].message,
        "KtxP: the move fits KtxKtP and KtxQP, and the rest of the game replays after each; read as KtxQP, the one that takes back on the square just taken on"
    );
    // `Kt-Kt1`: the knight on QB3, which the pawn attacks, or the one on KB3.
    let text =
        "1. P-Q4  Kt-QB3\n2. P-K4  Kt-KB3\n3. P-Q5  Kt-Kt1\n4. P-KR3  P-KR3\n5. P-QR3  P-QR3\n";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert!(game.complete, "{:?}", import.diagnostics);
    assert_eq!(sans_of(game)[5], "Nb8");
}

/// A reference that says how far it copies (`Repeat as far as White's 8th move inclusive.`)
/// and a run that starts after the next move: the move between is the one the words before
/// the run give with its number, the last written (Hoyle's Evans Gambit: `Should Black play,
/// instead of 8. ... Kt to K 2, 8. ... Kt to Kt 5, the following variations may ensue:`).
#[test]
fn the_move_between_a_reference_and_its_run_comes_from_the_words() {
    let text = "\
1. P-K4      P-K4
2. Kt-KB3    Kt-QB3
3. B-B4      Kt-B3
4. Kt-Kt5    P-Q4
Drawn.

SECOND VARIATION.

Repeat as far as White's 3rd move inclusive.

Should Black play, instead of 3. ... Kt to B 3, 3. ... B to B 4, the
following may ensue:

4. P-QKt4    BxP
5. P-B3      B-R4
";
    let import = book::import(text, &Descriptive::OLD);
    assert_eq!(import.games.len(), 2, "{:?}", import.diagnostics);
    let game = &import.games[1];
    assert!(game.complete, "{:?}", import.diagnostics);
    assert_eq!(
        sans_of(game).join(" "),
        "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5"
    );
    assert_eq!(
        game.repairs[1].message,
        "B - B 4: the move before these, as the words before them give it"
    );
}

/// The square of the piece taken, in words after it, counted from either side (Hoyle's Two
/// Knights' Defence: `Q takes P (K 4)` for Black's pawn on Black's K4): the moves decide.
#[test]
fn the_square_of_the_piece_taken_is_counted_from_either_side() {
    let text = "1. P to K 4  P to K 4\n2. Q to R 5  P to Q R 3\n3. Q takes P (K 4): ch.  Q to K 2\n4. Q takes Q: ch.  B takes Q\n";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert!(game.complete, "{:?}", import.diagnostics);
    assert_eq!(sans_of(game)[4], "Qxe5+");
}

/// Fractions printed in a row go on from each other (Hoyle's explanation of the notation:
/// `1. -----  2. -----  3. -----  &c.`), and a book in the compact style may print them too.
#[test]
fn fractions_in_a_row_are_one_line_of_play() {
    let text = "\
     P to K 4       Kt to K B 3      B to Kt 5
  1. --------    2. -----------   3. ----------  &c.
     P to K 4       Kt to Q B 3      P to Q R 3
";
    let import = book::import(text, &Descriptive::OLD);
    assert_eq!(import.games.len(), 1, "{:?}", import.diagnostics);
    assert_eq!(sans_of(&import.games[0]).join(" "), "e4 e5 Nf3 Nc6 Bb5 a6");
    assert_eq!(import.tally.get(LineClass::Move), 3);
    let compact = "\
     P-K4
  1. ----
     P-QB4

     Kt-KB3
  2. ------
     P-K3
";
    let import = book::import(compact, &Descriptive::OLD);
    assert_eq!(sans_of(&import.games[0]).join(" "), "e4 c5 Nf3 e6");
}

/// A heading in capitals that names an opening (Hoyle's `THE EVANS GAMBIT.`) is the game's
/// `Opening`; a variation printed after it (`SECOND VARIATION.`) is of the opening of the game
/// it branches from, and says which variation it is. A heading that numbers a part of the book
/// (the Blue Book's `GAME THE SECOND.`, `VARIATION I.`) names no opening.
#[test]
fn openings_and_variations_from_headings_in_capitals() {
    let text = "\
THE EVANS GAMBIT.

1. P-K4      P-K4
2. Kt-KB3    Kt-QB3
3. B-B4      B-B4
4. P-QKt4    BxP
Drawn.

SECOND VARIATION.

First three moves as before.

4. Castles   Kt-B3

GAME THE SECOND.

1. P-Q4      P-Q4
";
    let import = book::import(text, &Descriptive::OLD);
    assert_eq!(import.games.len(), 3, "{:?}", import.diagnostics);
    assert_eq!(import.games[0].tag("Opening"), Some("Evans Gambit"));
    assert_eq!(import.games[1].tag("Opening"), Some("Evans Gambit"));
    assert_eq!(import.games[1].tag("Variation"), Some("Second Variation"));
    assert_eq!(import.games[2].tag("Opening"), None);
}

/// A variation goes on after words of the same sentence when its next move's number follows
/// (Hoyle's Giuoco Piano: `9. ... Kt to K 4 would be unfavourable, because of 10. Kt takes Kt,
/// P takes Kt; 11. B to R 3`): the words stay inside the variation, where they stand; a new
/// sentence ends it.
#[test]
fn a_variation_goes_on_after_words_of_its_sentence() {
    let text = "\
1. P-K4      P-K4
2. Kt-KB3    Kt-QB3
3. B-B4      Kt-B3

4. Kt-Kt5    P-Q4

If 4. ... B-B4, it would be risky, because of 5. Kt x BP, B x P ch; 6. K-B1, Q-K2. Then 7. P-Q4 was tried.

5. P x P     Kt-QR4
";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert!(game.complete, "{:?}", import.diagnostics);
    let mut pgn = String::new();
    game.write_pgn(
        &notation_descriptive::Tracked(Algebraic::ENGLISH),
        &Dialect::pgn(),
        &mut pgn,
    );
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "4. Ng5 d5 {If} (4... Bc5 {it would be risky, because of} 5. Nxf7 Bxf2+ 6. Kf1 Qe7) {Then 7. P-Q4 was tried.} 5. exd5"
        ),
        "{flat}"
    );
    assert_eq!(game.notes.continued, 1);
}

/// A position written out in Forsyth-Edwards notation (`FEN: ...`, `[FEN "..."]`) is the start
/// of the moves after it, as a diagram's would be; its line is counted with the diagrams.
#[test]
fn a_fen_line_starts_the_moves_after_it() {
    let text = "\
FEN: 8/8/8/4k3/8/2K5/8/1R6 w - - 0 1
1. K-B4      K-K5
2. R-K1ch    K-B4
";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert!(game.complete, "{:?}", import.diagnostics);
    assert_eq!(sans_of(game).join(" "), "Kc4 Ke4 Re1+ Kf5");
    assert_eq!(import.lines[0], LineClass::Diagram);
    assert_eq!(game.tag("FEN"), Some("8/8/8/4k3/8/2K5/8/1R6 w - - 0 1"));
}

fn sans_of(game: &book::BookGame) -> Vec<String> {
    let mut pos = game.start.clone();
    game.moves()
        .map(|mv| {
            let token = board_core::Notation::to_text(&SAN, &pos, &mv);
            pos.play_unchecked(mv);
            token
        })
        .collect()
}

/// The moves of `game` in SAN, from its start.
fn sans(game: &book::BookGame) -> Vec<String> {
    let mut pos = game.start.clone();
    game.moves()
        .map(|mv| {
            let token = board_core::Notation::to_text(&SAN, &pos, &mv);
            pos.play_unchecked(mv);
            token
        })
        .collect()
}

/// Hoyle's Evans Gambit, to White's seventh move, as the book prints it.
const EVANS: &str = "      WHITE.                         BLACK.
   1. P to K 4                    1. P to K 4
   2. Kt to K B 3                 2. Kt to Q B 3
   3. B to B 4                    3. B to B 4
   4. P to Q Kt 4                 4. B takes P
   5. P to B 3                    5. B to B 4
   6. P to Q 4                    6. P takes P
   7. Castles                        ...
";

/// An indented note whose sentence has not ended goes on into the next line even when that
/// line starts with a move (Hoyle's `...Black's best reply is` over `7. ... B to Kt 3, and
/// not ...`): the note's moves are not the game's, and the game's `7. P to Q 3` follows.
#[test]
fn a_note_goes_on_into_a_line_that_starts_with_a_move() {
    let text = format!(
        "{EVANS}
    White may also play here 7. P takes P, to which Black's best reply is
    7. ... B to Kt 3, and not 7. ... B to Kt 5; ch.

      ...                         7. P to Q 3
   8. P takes P                   8. B to Kt 3
"
    );
    let import = book::import(&text, &Descriptive::OLD);
    assert_eq!(import.games.len(), 1, "{:?}", import.diagnostics);
    let game = &import.games[0];
    assert!(game.complete, "{:?}", import.diagnostics);
    assert_eq!(import.diagnostics, []);
    assert_eq!(sans(game)[12..], ["O-O", "d6", "cxd4", "Bb6"]);
    assert_eq!(import.lines[10], book::LineClass::Comment);
}

/// Moves inside a note's open parenthesis are the note's, even numbered as the game's next
/// move (Hoyle's Fig. 8: `(... the subtle threat is as follows--` then `... 28. P takes Kt`
/// and `And wins, ...)`), and the `And wins` inside it is no result of the game.
#[test]
fn the_moves_inside_a_parenthesised_note_are_the_notes() {
    let text = format!(
        "{EVANS}
(The position being highly instructive. In which case the subtle threat is as follows--

      ...                         7. Kt to B 3
   8. P takes P                   8. B to Kt 3

And wins, as the mate cannot be prevented.)

      ...                         7. P to Q 3
   8. P takes P                   8. B to Kt 3
"
    );
    let import = book::import(&text, &Descriptive::OLD);
    assert_eq!(import.games.len(), 1, "{:?}", import.diagnostics);
    let game = &import.games[0];
    assert!(game.complete, "{:?}", import.diagnostics);
    assert_eq!(sans(game)[12..], ["O-O", "d6", "cxd4", "Bb6"]);
    assert_eq!(game.result.as_str(), "*");
    let comment = game
        .elements
        .iter()
        .find_map(|e| match e {
            BookElement::Comment(c) if c.contains("7. Kt to B 3") => Some(c),
            _ => None,
        })
        .expect("the note's moves are in a comment");
    assert!(comment.contains("8. P takes P"), "{comment}");
}

/// A number printed one ahead of the move, for the same side and at the game's own place,
/// with the book going on from it (Hoyle's `16. Q to R 4 ...`, then `... 17. B to Kt 3` and
/// `18. B takes Kt` for Black's 16th and White's 17th): read on, with a warning.
#[test]
fn move_numbers_that_run_one_ahead_are_followed() {
    let text = "   1. P to K 4                    1. P to K 4
   2. Kt to K B 3                     ...

Threatening to win a pawn with 3. Kt takes P.

      ...                         3. Kt to Q B 3
   4. B to B 4                    4. B to B 4
";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert!(game.complete, "{:?}", import.diagnostics);
    assert_eq!(sans(game), ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]);
    assert_eq!(
        game.repairs[0].message,
        "move number 3 printed where 2 belongs; the numbers after it are read 1 less"
    );
    assert_eq!(game.repairs[0].span.line_col(text).line, 6);
}

/// The runs of moves of a note that stand in place of the move before it (`or 4. ... B-B4;
/// 5. Kt x BP, B x P ch wins.`) are replayed from the position before that move and written as
/// variations there, the prose around them kept as comments; one in place of the move before
/// that (`After 3. B-Kt5, P-QR3; 4. B-R4, Kt-B3` under `3. B-B4  Kt-B3`) goes after that move,
/// the note whole where it stands. A run that does not replay (`Not 5. ... Q-R5`, the queen
/// shut in) stays in the note and is counted.
#[test]
fn notes_become_variations_where_they_are_moves() {
    let text = "\
1. P-K4      P-K4
2. Kt-KB3    Kt-QB3
3. B-B4      Kt-B3

After 3. B-Kt5, P-QR3; 4. B-R4, Kt-B3 the game is a Ruy Lopez.

4. Kt-Kt5    P-Q4

or 4. ... B-B4; 5. Kt x BP, B x P ch wins.

5. P x P     Kt-QR4

Not 5. ... Q-R5, which the pawn on K2 forbids.

6. B-Kt5ch   P-B3
";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert!(game.complete, "{:?}", import.diagnostics);
    assert_eq!(sans(game).len(), 12);
    let mut pgn = String::new();
    game.write_pgn(
        &notation_descriptive::Tracked(Algebraic::ENGLISH),
        &Dialect::pgn(),
        &mut pgn,
    );
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "3. Bc4 (3. Bb5 a6 4. Ba4 Nf6) 3... Nf6 {After 3. B-Kt5, P-QR3; 4. B-R4, Kt-B3 the game is a Ruy Lopez.} 4. Ng5 d5 {or} (4... Bc5 5. Nxf7 Bxf2+) {wins.} 5. exd5 Na5 {Not 5. ... Q-R5, which the pawn on K2 forbids.} 6. Bb5+ c6"
        ),
        "{pgn}"
    );
    assert_eq!(
        game.notes,
        book::NoteRuns {
            variations: 2,
            not_replayed: 1,
            continued: 0
        }
    );
    assert_eq!(import.notes, game.notes);
    // The variations are no moves of the game, and what it writes reads back as PGN.
    let raw = RecordReader::new(pgn.as_bytes(), Dialect::pgn())
        .next()
        .unwrap()
        .unwrap();
    let replayed = replay::<Position, _, Algebraic>(&raw, &Algebraic::ENGLISH, None);
    assert!(
        replayed.diagnostics.is_empty(),
        "{:?}",
        replayed.diagnostics
    );
    assert_eq!(replayed.plies, 12);
}

/// A pawn's square printed without its rank (Hoyle's Danish Gambit, `1. P to K   1. P to K
/// 4`): a pawn never goes to its first rank, which a file alone means for a piece, so the
/// file alone is read and the moves after it choose the rank.
#[test]
fn a_pawns_square_without_its_rank_is_read_by_the_moves_after_it() {
    let text = "   1. P to K                      1. P to Q 4\n   2. P takes P                   2. Q takes P\n";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert!(game.complete, "{:?}", import.diagnostics);
    assert_eq!(sans(game), ["e4", "d5", "exd5", "Qxd5"]);
    assert_eq!(
        game.repairs[0].message,
        "P to K: fits P-K3 and P-K4; read as P-K4, the reading that keeps the next moves legal"
    );
}

/// Two readings that reach as far are told apart by an en passant capture the book does not
/// call one (Hoyle's Danish Gambit: `3. P to Q B` lost its rank, and `3. ... P takes P` takes
/// on QB3 from either square, en passant after `P-QB4`): the ordinary capture is meant.
#[test]
fn an_unmarked_en_passant_capture_tells_two_readings_apart() {
    let text = "\
   1. P to K 4                    1. P to K 4
   2. P to Q 4                    2. P takes P
   3. P to Q B                       ...

These moves constitute the Danish Gambit.

      ...                         3. P takes P
   4. B to Q B 4                  4. Kt to K B 3
";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert!(game.complete, "{:?}", import.diagnostics);
    assert_eq!(sans(game)[4..], ["c3", "dxc3", "Bc4", "Nf6"]);
}

/// Lines outside any game laid out as moves that read as none (Edward Lasker's `(1) P-e4
/// P-e5`, descriptive pieces on algebraic squares) are not read, with one error for the run of
/// them: they were counted as prose, and the import said nothing of their moves. A sentence
/// with moves in it, and the end of a note's sentence, stay prose.
#[test]
fn lines_laid_out_as_moves_that_read_as_none_are_errors() {
    let text = "\
Here is a short game.

(1) P-e4 P-e5
(2) Kt-f3 Kt-c6
(3) B-b5 P-a6

If R-K2 or B2, there follows RxRch; 31. RxR, Kt-Q7ch; and wins. White
could also play 9 R - R 7 ch,
K - R 1; 10 R - B 8 mate.
";
    let import = book::import(text, &Descriptive::OLD);
    let errors: Vec<_> = import.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{:?}", import.diagnostics);
    assert_eq!(errors[0].code, board_core::Code::BookMovesNotRead);
    assert_eq!(
        errors[0].message,
        "these 3 lines are laid out as moves but read as none in this notation: not read"
    );
    assert_eq!(errors[0].span.line_col(text).line, 3);
    assert_eq!(import.tally.get(LineClass::NotRead), 3);
    assert_eq!(&import.lines[2..5], [LineClass::NotRead; 3]);
    assert!(import.games.is_empty());
    assert_eq!(import.lines[8], LineClass::Prose);
}

/// Rogers' *How to Play Chess* prints check in brackets after the move, `Q×R(ch.).` and
/// `B×Kt (ch.)`: read as the move's check sign. It turned the rest of the game into a note
/// (the Immortal Game's last moves on the book's page 156 were lost, exit 0), as a new user
/// found. The game's first moves are set in the book's style here; its last nine lines are the
/// page's as Wikisource gives them.
#[test]
fn check_signs_in_brackets_are_read() {
    let text = "\
white. black.
1. P—K4. P—K4.
2. P—KB4. P×P.
3. B—B4. Q—R5(ch.).
4. K—Bsq. P—QKt4.
5. B×KtP. Kt—KB3.
6. Kt—KB3. Q—R3.
7. P—Q3. Kt—R4.
8. Kt—R4. Q—Kt4.
9. Kt—B5. P—QB3.
10. P—KKt4. Kt—B3.
11. R—Ktsq. P×B.
12. P—KR4. Q—Kt3.
13. P—R5. Q—Kt4.
14. Q—B3. Kt—Ktsq.
15. B×P. Q—B3.
16. Kt—B3. B—B4.
17. Kt—Q5. Q×P.
18. B—Q6. B×R.
19. P—K5. Q×R(ch.).
20. K—K2. Kt—QR3.
21. Kt×P(ch.). K—Qsq.
22. Q−B6(ch.)
Mates in next move.
";
    let import = book::import(text, &Descriptive::OLD);
    assert!(
        import.diagnostics.iter().all(|d| !d.is_error()),
        "{:?}",
        import.diagnostics
    );
    assert_eq!(import.games.len(), 1);
    let game = &import.games[0];
    assert!(game.repairs.is_empty(), "{:?}", game.repairs);
    let san = san_of(game);
    assert_eq!(
        san.join(" "),
        "e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6 Nf3 Qh6 d3 Nh5 Nh4 Qg5 Nf5 c6 g4 Nf6 Rg1 \
         cxb5 h4 Qg6 h5 Qg5 Qf3 Ng8 Bxf4 Qf6 Nc3 Bc5 Nd5 Qxb2 Bd6 Bxg1 e5 Qxa1+ Ke2 Na6 \
         Nxg7+ Kd8 Qf6+"
    );
}

/// `played between Neuman (White) and Von Guretzky-Cornitz (Black)` (Rogers, *How to Play
/// Chess*, p. 156): the players are named without the side in brackets, which their tags say.
#[test]
fn players_named_with_their_side_are_named_without_it() {
    let text = "\
Example III.—Opened from a Guioco Piano and played between Neuman (White) and Von Guretzky-Cornitz (Black), in Berlin in 1863.

white. black.
1. P—K4. P—K4.
2. Kt—KB3. Kt—QB3.
3. B—B4. B—B4.
";
    let import = book::import(text, &Descriptive::OLD);
    assert_eq!(import.games.len(), 1, "{:?}", import.diagnostics);
    let tag = |name: &str| {
        import.games[0]
            .tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(tag("White"), Some("Neuman"));
    assert_eq!(tag("Black"), Some("Von Guretzky-Cornitz"));
}
