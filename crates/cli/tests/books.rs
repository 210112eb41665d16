//! `scoresheet import` on books: the tally of `--report`, the exit status of a game that
//! stops before its end, and a book that is not UTF-8.

mod common;

use common::{run, text, workspace};

/// A game past a diagram, its caption, a footnote marker, a page number and a lone `ch`, in
/// the worded style, ended by `Resigns.`; a heading right above its first move.
const BOOK: &str = "\
GAME I. Between Mr. A. and Mr. B.
1. P. to K's 4th.              1. P. to K's 4th.
2. K. Kt. to B's 3d.           2. Q. Kt. to B's 3d.[A]

  8 | *R |    | *B | *Q | *K | *B | *Kt | *R |
DIAGRAM 1.

3. K. B. to Q. B's 4th.        3. K. Kt. to B's 3d.
{12}
4. Kt. to Kt's 5th.            4. P. to Q's 4th.
5. P. takes P.                 5. Kt. takes P.
6. Kt. takes K. B. P.          6. K. takes Kt.
7. Q. to K. B's 3d.   ch       7. K. to his 3d.
8. Resigns.
";

#[test]
fn the_report_counts_every_line_and_the_game_reads_whole() {
    let out = run(
        &workspace(),
        &["import", "--style", "old", "--report"],
        Some(BOOK.as_bytes()),
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    // White resigns at move 8: Black wins.
    let movetext = stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        movetext.ends_with(
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 Kxf7 7. Qf3+ Ke6 0-1"
        ),
        "{stdout}"
    );
    assert!(
        stderr.contains("<stdin>: 14 lines (move 8, comment 0, heading 1, diagram 2, page 1, prose 0, not-read 0, blank 2)"),
        "{stderr}"
    );
}

#[test]
fn the_json_report_adds_up() {
    let out = run(
        &workspace(),
        &[
            "import", "--style", "old", "--report", "--format", "json", "-q",
        ],
        Some(BOOK.as_bytes()),
    );
    let stderr = text(&out.stderr);
    let report: serde_json::Value =
        serde_json::from_str(stderr.lines().last().unwrap()).expect("one JSON object");
    let sum: u64 = report["classes"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(sum, 14);
    assert_eq!(report["lines"], 14);
    assert_eq!(report["games"][0]["moves"], 14);
    assert_eq!(report["games"][0]["complete"], true);
}

#[test]
fn a_game_that_stops_early_is_an_error_with_exit_status_1() {
    let book = "1. P-K4  P-K4\n2. Kt-KB3  Kt-QB3\n3. Kt-Q9  Kt-KB3\n4. B-B4  B-B4\n";
    let out = run(&workspace(), &["import", "--report"], Some(book.as_bytes()));
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    // The four moves before the misprint are kept; the error says where the game stops.
    assert!(stdout.contains("1. e4 e5 2. Nf3 Nc6 *"), "{stdout}");
    assert!(
        stderr
            .contains("move 3 of the game does not read as moves; the game stops here, at move 3"),
        "{stderr}"
    );
    assert!(stderr.contains("<stdin>:3:1"), "{stderr}");
    assert!(stderr.contains("not-read 2"), "{stderr}");
}

#[test]
fn a_latin_1_book_is_read_and_said() {
    let book = b"GAME 1. Ker\xe9s\r\n1. P-K4  P-K4\r\n2. Kt-KB3  Resigns.\r\n";
    let out = run(&workspace(), &["import"], Some(book));
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("note: <stdin> read as latin-1, CRLF line ends"),
        "{stderr}"
    );
    assert!(text(&out.stdout).contains("1. e4 e5 2. Nf3 1-0"));
}

/// A board drawn with dashes over and under it and a bar between ranks, as Lasker's *Chess
/// Strategy* prints it: a rank of empty squares (`6 |    |    |...`) is a rank, not a move 6
/// or a note, and the dashes are the board's border, not a comment. The game reads to its end.
#[test]
fn a_board_with_empty_ranks_and_dashed_borders_is_read() {
    let row = |n: u8, cells: &str| {
        format!("     {n} |{cells}\n       |---------------------------------------|\n")
    };
    let empty = "    |".repeat(8);
    let mut book = String::from(
        "          1. P-K4               P-K4\n          2. B-B4               B-B4\n\n",
    );
    book.push_str("        ---------------------------------------\n");
    book.push_str(&row(8, " #R | #Kt| #B | #Q | #K |    | #Kt| #R |"));
    book.push_str(&row(7, " #P | #P | #P | #P |    | #P | #P | #P |"));
    book.push_str(&row(6, &empty));
    book.push_str(&row(5, "    |    | #B |    | #P |    |    |    |"));
    book.push_str(&row(4, "    |    | ^B |    | ^P |    |    |    |"));
    book.push_str(&row(3, &empty));
    book.push_str(&row(2, " ^P | ^P | ^P | ^P |    | ^P | ^P | ^P |"));
    book.push_str("     1 | ^R | ^Kt| ^B | ^Q | ^K |    | ^Kt| ^R |\n");
    book.push_str("        ---------------------------------------\n");
    book.push_str("         A    B    C    D    E    F    G    H\n\n");
    book.push_str("          3. Q-R5               Kt-KB3\n          4. QxBP mate\n");
    let out = run(&workspace(), &["import", "--report"], Some(book.as_bytes()));
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stdout.contains("1. e4 e5 2. Bc4 Bc5 {[#]} 3. Qh5 Nf6 4. Qxf7# 1-0"),
        "{stdout}"
    );
    assert!(stderr.contains("diagrams 1 read, 1 matched"), "{stderr}");
    assert!(stderr.contains("comment 0,"), "{stderr}");
}

/// A knight printed in capitals (`B-KT5`, `KT-KB3`) is a knight, and a misprinted dash
/// before the piece taken (`Kt-P`) is a capture said as a repair: the game is read whole,
/// where it stopped at move 3 and the rest was read as a second game without its players.
/// A two-column book whose columns were set on one line a row apart (Morphy's games as a
/// scan reads them): White's first move on the heads' line, then Black's move N under its own
/// number with White's N+1 after it, the last line Black's move alone.
#[test]
fn columns_set_a_row_apart_after_the_heads_line_are_read() {
    let book = "\
Mr. Morphy against M. Chamouillet and Allies.

WHITE. (Mr. M.) BLACK. (M. C., &c.) 1. P. to K's 4th.

1. P. to K's 3rd. 2. P. to Q's 4th.

2. P. to Q's 4th. 3. P. takes P.

3. P. takes P. 4. Kt. to K. B's 3rd.

4. Kt. to K. B's 3rd.
";
    let out = run(&workspace(), &["import"], Some(book.as_bytes()));
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stdout.contains("1. e4 e6 2. d4 d5 3. exd5 exd5 4. Nf3 Nf6 *"),
        "{stdout}"
    );
    assert!(stdout.contains("[White \"Mr. M.\"]"), "{stdout}");
    assert_eq!(stdout.matches("[Event ").count(), 1, "{stdout}");
    assert!(
        stderr.contains("warning: Black's move 1 printed under its own number, White's 2 after it"),
        "{stderr}"
    );
}

/// The heads line indented, as a scan sets it: the players and the first move still read
/// (the heads were sliced with the indent counted twice, past the line's end here).
#[test]
fn an_indented_heads_line_with_the_first_move_is_read() {
    let book = format!(
        "{}WHITE. (Mr. M.) BLACK. (M. C.) 1. P-K4\n\n1. P-K3 2. P-Q4\n",
        " ".repeat(40)
    );
    let out = run(&workspace(), &["import"], Some(book.as_bytes()));
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("1. e4 e6 2. d4"), "{stdout}{stderr}");
    assert!(stdout.contains("[White \"Mr. M.\"]"), "{stdout}");
}

/// A page whose columns a scan ran into one paragraph (the Britannica's Anderssen -
/// Kieseritzky): its moves cannot be told apart, and the import says they were not read instead
/// of counting the paragraph as prose with nothing wrong.
#[test]
fn numbered_moves_run_into_a_paragraph_are_said_not_read() {
    let book = "\
King s Bishop s Gambit. WHITE. Herr Anderssen. 1. P to K 4 2. P to K B 4 3. B to B 4 \
4. K to B sq 5. B takes Kt P 6. Kt to K B 3 7. P to Q 3 8. Kt to R 4 9. Kt to B 5 \
10. P to K Kt 4 11. R to Kt sq 12. P to K R 4 BLACK. Herr Kieseritzki. 1. PtoK4 2. P takes P
";
    let out = run(&workspace(), &["import"], Some(book.as_bytes()));
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("error: running text holds 14 numbered moves (1 to 12) that are not read"),
        "{stderr}"
    );
    // A note that quotes a few moves is prose, as before.
    let note = "The usual line, 1. P to K 4 P to K 4 2. Kt to K B 3, is not played here.\n";
    let out = run(&workspace(), &["import"], Some(note.as_bytes()));
    assert!(
        !text(&out.stderr).contains("running text holds"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_text_with_no_game_is_a_failure_that_points_to_moves_in_words() {
    // Philidor's Analysis as two editions print it: every move a sentence, White's and
    // Black's on lines of their own. Both imported no game with exit status 0 and "0 lines
    // not read": the whole book lost with nothing said.
    let first = "\
PHILIDOR'S

ANALYSIS OF CHESS.

FIRST PARTY.

1. W. King's pawn two squares.

B. The same.

2. W. King's bishop to his queen's bishop's fourth square.

B. The same.
";
    let second = "\
PHILIDOR'S ANALYSIS.

FIRST PARTY,

1.

Wh. THE K. Pawn 2 sq.

Bl. The same.

2.

Wh. The K. Bishop at his Q. B. 4th. sq.
";
    for (book, line) in [
        (
            first,
            "<stdin>:7:1\n  |\n7 | 1. W. King's pawn two squares.",
        ),
        (second, "<stdin>:7:1\n  |\n7 | Wh. THE K. Pawn 2 sq."),
    ] {
        let out = run(&workspace(), &["import", "-"], Some(book.as_bytes()));
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(
            stderr.contains("error: no game found in the text"),
            "{stderr}"
        );
        assert!(stderr.contains(line), "{stderr}");
        assert!(
            stderr.contains("error: 1 error: no game imported"),
            "{stderr}"
        );
    }
    // Prose alone: the same failure, at the text's start.
    let out = run(
        &workspace(),
        &["import", "--format", "json", "--report"],
        Some(b"A chapter on the history of the game.\n"),
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("no game found in the text"), "{stderr}");
}

#[test]
fn bracketed_signs_after_moves_spaced_around_their_dash_are_read() {
    // Légal's mate as a newsletter types it: en dashes set apart, signs in brackets. The game
    // stopped at move 6 (`B x P (ch)` did not read); with a hyphen the `(ch)` was left a note.
    let page = "\
Légal's Mate.

1. P – K4          P – K4
2. B – B4          P – Q3
3. Kt – KB3        B – Kt5
4. Kt – B3         P – KKt3
5. Kt x P          B x Q
6. B x P (ch)      K – K2
7. Kt – Q5 (mate)
";
    for page in [page.to_owned(), page.replace('–', "-")] {
        let out = run(&workspace(), &["import"], Some(page.as_bytes()));
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        let pgn = text(&out.stdout);
        assert!(
            pgn.contains("5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0"),
            "{pgn}{stderr}"
        );
        assert!(!pgn.contains('{'), "{pgn}");
    }
}

#[test]
fn a_games_heading_and_stacked_players_open_it_not_the_game_before() {
    // The Encyclopaedia Britannica (1911) prints its games under an opening's name, with the
    // players each under a caption of its own; the game before has no result. Its heading and
    // names were the game before's last notes, and the game had no players (exit 0).
    let page = "\
Queen’s Gambit.

White. Black.
1. P – Q4 1. P – Q4
2. P – QB4 2. P × P

The game is about equal.

Philidor’s Defence.

White.
Barnes.
Black.
Morphy.
 1. P – K4  1. P – K4
 2. Kt – KB3  2. P – Q3

And White resigns.
";
    let out = run(&workspace(), &["import"], Some(page.as_bytes()));
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let pgn = text(&out.stdout);
    let games: Vec<&str> = pgn.split("[Event ").skip(1).collect();
    assert_eq!(games.len(), 2, "{pgn}");
    assert!(
        games[0].contains("dxc4 {The game is about equal.} *"),
        "{pgn}"
    );
    for tag in [
        "[White \"Barnes\"]",
        "[Black \"Morphy\"]",
        "[Opening \"Philidor’s Defence\"]",
    ] {
        assert!(games[1].contains(tag), "{tag}: {pgn}");
    }
    assert!(games[1].contains("1. e4 e5 2. Nf3 d6 0-1"), "{pgn}");
}

#[test]
fn long_algebraic_in_a_books_own_letters_is_said_not_read() {
    // A Polish book's page (Stefański, Gry umysłowe): two columns of moves a line, each move
    // its piece's Polish letter set apart and both squares. It imported no game and said
    // nothing ("0 lines not read", exit 0).
    let book = "\
Przykłady.
Białe. Czarne. Białe. Czarne.
1 e2 e4 1 e7 e5 15 G e2 f3 15 W a8 b8
2 K g1 f3 2 d7 d6 16 H d2 c2 16 H d8 c7
3 d2 d4 3 c5 d4 17 h2 h4 17 K g6 h4
10 0 0 10 b7 b5 24 K c3 a4 24 H c8 c6
czarne wygrywają.
";
    let out = run(&workspace(), &["import"], Some(book.as_bytes()));
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("these 4 lines are laid out as moves but read as none"),
        "{stderr}"
    );
    assert!(stderr.contains("4 lines not read"), "{stderr}");
    // An Italian page: the first move read as a pawn's squares, the rest of the line was
    // taken for a note and the game said complete (exit 0).
    let page = "\
Paul Morphy - Brunswick/Isouard

1.e2 - e4, e7 - e5 2.Cg1 - f3, d7 - d6 3.d2 - d4, Ac8 - g4 4.d4 x e5, Ag4 x f3
5.Dd1 x f3, d6 x e5 6.Af1 - c4, Cg8 - f6 7.Df3 - b3, Dd8 - e7 8.Cb1 - c3, c7 - c6
";
    let out = run(&workspace(), &["import"], Some(page.as_bytes()));
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("these 2 lines are laid out as moves but read as none"),
        "{stderr}"
    );
    assert!(stderr.contains("long algebraic"), "{stderr}");
    assert!(!stdout.contains("1. e4"), "{stdout}");
    // Descriptive books quote SAN appendices and squares in their prose: neither is flagged.
    for text_ in [
        "1. e4 e5 2. Nf3 d6 3. d4 exd4 4. Nxd4 Nf6 5. Nc3 Be7\n",
        "The squares e4 and d5 are the centre of the board.\n",
    ] {
        let out = run(&workspace(), &["import"], Some(text_.as_bytes()));
        assert!(
            !text(&out.stderr).contains("laid out as moves"),
            "{text_}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn a_check_sign_inside_a_run_of_moves_keeps_the_moves_after_it() {
    // A web page's table of one game in three notations, the descriptive cell under prose:
    // the cell was taken for prose (0 games, exit 0), and without the table the moves after
    // `B-Kt5 ch` became a note of a game said complete.
    let page = "\
illustrates the differences in method of recording chess moves.
1.P-Q4 Kt-KB3 2.P-QB4 P-K4 3.PxP Kt-Kt5 4.Kt-KB3 Kt-QB3 5.B-B4 B-Kt5 ch 6.QKt-Q2 Q-K2 \
7.P-QR3 KKtxKP 8.PxB? Kt-Q6 mate |
";
    let out = run(&workspace(), &["import"], Some(page.as_bytes()));
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stdout.contains(
            "1. d4 Nf6 2. c4 e5 3. dxe5 Ng4 4. Nf3 Nc6 5. Bf4 Bb4+ 6. Nbd2 Qe7 7. a3 Ngxe5\n\
             8. axb4 $2 Nd3# 0-1"
        ),
        "{stdout}"
    );
    assert!(!stderr.contains("check not marked"), "{stderr}");
    // The sign glued on, and a move number after it, in the first move of the line too.
    for (line, moves) in [
        (
            "1. P-K4 P-K4 2. P-Q4 B-Kt5ch 3. P-B3 BxPch",
            "1. e4 e5 2. d4 Bb4+ 3. c3 Bxc3+ *",
        ),
        (
            "1. P-K4 P-Q4 2. B-Kt5ch P-B3 3. BxPch PxB",
            "1. e4 d5 2. Bb5+ c6 3. Bxc6+ bxc6 *",
        ),
        // Spaced moves run on past their numbers.
        ("1. P - K 4 P - K 4 2. Kt - K B 3", "1. e4 e5 2. Nf3 *"),
    ] {
        let out = run(
            &workspace(),
            &["import"],
            Some(format!("{line}\n").as_bytes()),
        );
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "{line}: {stderr}");
        assert!(stdout.contains(moves), "{line}: {stdout}");
        assert!(stderr.contains("0 lines not read"), "{line}: {stderr}");
    }
    // A move that does not read at the end of the line (`4. B Kt`, its `x` lost in a web
    // copy of Capablanca's book) stops the game there: the line's six moves before it were
    // lost with it.
    let line = "1. P - K 4 P - K 4 2. Kt - K B 3 Kt - Q B 3 3. B - Kt 5 P - Q R 3 4. B Kt\n";
    let out = run(&workspace(), &["import"], Some(line.as_bytes()));
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stdout.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *"),
        "{stdout}"
    );
    assert!(
        stderr.contains("error: \"B Kt\" does not read as a move; the game stops here, at move 4"),
        "{stderr}"
    );
}

#[test]
fn the_oldest_books_pawn_steps_of_two_are_read() {
    // The Chess Player's Chronicle (1842): `K. P. two` is the king's pawn two squares on, not
    // "P-K3 or P-K4" (the game was lost as ambiguous at its first move).
    let book = "\
1. K. P. two 1. K. P. two
2. K. Kt. to B. third 2. Q. Kt. to B. third
3. Q. P. two 3. P. takes P.
";
    let out = run(&workspace(), &["import"], Some(book.as_bytes()));
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stdout.contains("1. e4 e5 2. Nf3 Nc6 3. d4 exd4 *"),
        "{stdout}"
    );
}

#[test]
fn algebraic_moves_above_are_named_where_later_moves_have_no_start() {
    // A German page in algebraic notation: its moves are no descriptive, and the first line
    // that read as one (`12.c3?`, a pawn's square) was said to have its start missing, though
    // the start was above in algebraic.
    let page = "\
Paulsen,L – Morphy,P

1.e4 e5 2.Sf3 Sc6 3.Sc3 Sf6 4.Lb5 Lc5 5.0-0 0-0 6.Sxe5 Te8
7.Sxc6 dxc6 8.Lc4 b5 9.Le2 Sxe4 10.Sxe4 Txe4 11.Lf3 Te6
Bisher war dies eine recht unspektakuläre und ausgeglichene Partie.

12.c3?
";
    let out = run(&workspace(), &["import"], Some(page.as_bytes()));
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "help: line 4 above holds numbered algebraic moves, which import does not read"
        ),
        "{stderr}"
    );
}

#[test]
fn knights_in_capitals_and_a_dash_before_the_piece_taken_are_read() {
    let book = "\
GAME 14.

White: Spielmann.    Black: Tarrasch.

          1. P-K4          P-K4
          2. KT-KB3        Kt-QB3
          3. B-KT5         P-QR3
          4. B-R4          Kt-B3
          5. Castles       Kt-P
          6. P-Q4          P-QKt4
";
    let out = run(&workspace(), &["import"], Some(book.as_bytes()));
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stdout.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Nxe4 6. d4 b5 *"),
        "{stdout}"
    );
    assert!(stdout.contains("[White \"Spielmann\"]"), "{stdout}");
    assert_eq!(stdout.matches("[Event ").count(), 1, "{stdout}");
    assert!(
        stderr.contains("warning: Kt-P: a capture written with '-' before the piece taken"),
        "{stderr}"
    );
}
