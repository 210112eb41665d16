//! The rules side of issue 12, run as a user runs the binary: check signs checked when converting
//! to descriptive notation, UCI castling in Chess960 games, the automatic draws of FIDE 9.6 and
//! of the draughts rules, FEN counters, the move numbers of `show`'s caption, and castling
//! rights a FEN tag gives but its position contradicts.

mod common;

use std::process::Output;

use common::{text, workspace};

fn scoresheet(args: &[&str], stdin: &str) -> Output {
    common::run(&workspace(), args, Some(stdin.as_bytes()))
}

fn stdout(out: &Output) -> String {
    text(&out.stdout)
}

fn stderr(out: &Output) -> String {
    text(&out.stderr)
}

/// The movetext of the single game a conversion wrote: its last non-empty line.
fn movetext(out: &Output) -> String {
    stdout(out)
        .lines()
        .rfind(|l| !l.is_empty())
        .unwrap_or_default()
        .to_owned()
}

// Item 9: the descriptive position gives its check state, so a source's check signs are held
// to it as SAN's are.

#[test]
fn converting_to_descriptive_checks_the_source_check_signs() {
    // Every sign right: no warning (each `+` and the `#` used to be called wrong).
    for (right, written) in [
        (
            "1. e4 f5 2. Qh5+ g6 3. Qxg6+ hxg6 *\n",
            "1. P-K4 P-KB4 2. Q-R5ch P-N3 3. QxPch PxQ *",
        ),
        (
            "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
            "1. P-K4 P-K4 2. B-B4 N-QB3 3. Q-R5 N-B3 4. QxPmate 1-0",
        ),
    ] {
        let out = scoresheet(&["convert", "--from", "en", "--to", "descriptive"], right);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(!stderr(&out).contains("warning:"), "{}", stderr(&out));
        assert_eq!(movetext(&out), written);
    }

    // A missing sign and a wrong one are reported, as `check` reports them for SAN.
    let wrong = "1. e4 f5 2. Qh5 g6+ *\n";
    let out = scoresheet(&["convert", "--from", "en", "--to", "descriptive"], wrong);
    let err = stderr(&out);
    assert!(err.contains("warning: Qh5: check sign missing"), "{err}");
    assert!(
        err.contains("warning: g6+: check sign on a move that does not check"),
        "{err}"
    );
    let check = scoresheet(&["check", "--from", "en"], wrong);
    assert!(stderr(&check).contains("Qh5: check sign missing"));
}

// Item 12: FEN counters near 2^32 panicked (debug builds) or wrapped (release) on the next move.

#[test]
fn absurd_fen_counters_are_refused_with_a_clear_error() {
    let game =
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 4294967295\"]\n\n1... Kd7 2. Kd2 *\n";
    let out = scoresheet(&["check", "--from", "en"], game);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(
            "error: cannot set up the FEN tag: invalid FEN move number field: 4294967295 is \
             above 10000"
        ),
        "{err}"
    );
    assert!(err.contains("<stdin>:2:1 (game 1)"), "{err}");

    let out = scoresheet(
        &[
            "perft",
            "--fen",
            "4k3/8/8/8/8/8/8/4K3 w - - 4294967295 1",
            "1",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("half-move clock field: 4294967295 is above 1000"),
        "{}",
        stderr(&out)
    );
}

// Item 10: UCI castling follows the game's variant, as UCI_Chess960 engines expect.

#[test]
fn uci_castling_is_king_takes_rook_in_chess960_games_and_two_squares_in_standard_ones() {
    let games = |variant: &str, fen: &str, moves: &str| {
        format!("{variant}[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. {moves} *\n\n")
    };
    let standard_like = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let king_on_f = "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1";
    let mut input = String::new();
    for variant in ["Chess960", "chess 960", "Fischerandom", "FISCHERRANDOM"] {
        let tag = format!("[Variant \"{variant}\"]\n");
        input.push_str(&games(&tag, standard_like, "O-O O-O-O"));
        input.push_str(&games(&tag, king_on_f, "O-O-O O-O"));
    }
    input.push_str(&games("", standard_like, "O-O O-O-O"));
    let out = scoresheet(&["convert", "--from", "en", "--to", "uci"], &input);
    assert!(out.status.success(), "{}", stderr(&out));
    let written: Vec<String> = stdout(&out)
        .lines()
        .filter(|l| l.starts_with("1. "))
        .map(str::to_owned)
        .collect();
    let chess960 = ["1. e1h1 e8a8 *", "1. f1b1 f8g8 *"];
    let mut expected: Vec<&str> = chess960.iter().copied().cycle().take(8).collect();
    // A standard game keeps the king's two-square step.
    expected.push("1. e1g1 e8c8 *");
    assert_eq!(written, expected);

    // Read back, each convention in its own game, with no repair.
    let back = scoresheet(&["convert", "--from", "uci", "--to", "en"], &stdout(&out));
    assert!(back.status.success(), "{}", stderr(&back));
    assert!(!stderr(&back).contains("warning:"), "{}", stderr(&back));
    assert_eq!(
        stdout(&back).matches("1. O-O O-O-O *").count(),
        5,
        "{}",
        stdout(&back)
    );
}

// Item 13: the caption under `show`'s diagram named every draughts move as move 1.

/// The caption line below a text diagram.
fn caption(out: &Output) -> String {
    assert!(out.status.success(), "{}", stderr(out));
    stdout(out).lines().last().unwrap_or_default().to_owned()
}

#[test]
fn the_show_caption_gives_the_real_move_number() {
    let signs = "corpus/pdn/signs.pdn";
    for (ply, expected) in [
        ("1", "after 1. 33-29"),
        ("13", "after 7. 31-27"),
        ("16", "after 8... 13-19"),
    ] {
        let out = scoresheet(&["show", "--ply", ply, signs], "");
        assert_eq!(caption(&out), expected, "ply {ply}");
    }
    // A draughts set-up with Black to move: its first move is 1...
    let pdn = "[GameType \"20\"]\n[FEN \"B:W35,44:B6,7\"]\n\n1... 6-11 2. 44-40 7-12 *\n";
    let out = scoresheet(&["show", "--game", "draughts", "--ply", "3", "-"], pdn);
    assert_eq!(caption(&out), "after 2... 7-12");

    // Chess numbers from the FEN's move number, Black first here.
    let pgn =
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 23\"]\n\n23... Kd7 24. Kd2 Kc6 *\n";
    for (ply, expected) in [
        ("1", "after 23... Kd7"),
        ("2", "after 24. Kd2"),
        ("3", "after 24... Kc6"),
    ] {
        let out = scoresheet(&["show", "--ply", ply, "-"], pgn);
        assert_eq!(caption(&out), expected, "ply {ply}");
    }
}

// Item 15: a FEN tag whose castling rights its position contradicts refused the whole game.

#[test]
fn castling_rights_a_fen_tag_contradicts_are_dropped_with_a_warning() {
    let game = "[SetUp \"1\"]\n[FEN \"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w KQkq - 0 1\"]\n\n\
                1. O-O-O O-O 2. Kb1 Kh8 *\n";
    // Detected, checked and converted: the notation's detection reads the set-up too.
    let check = scoresheet(&["check"], game);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
    let err = stderr(&check);
    assert!(
        err.contains(
            "warning: castling right dropped from the FEN tag: right 'K' but no white rook \
             stands there on its first rank\n --> <stdin>:2:1 (game 1)"
        ),
        "{err}"
    );
    assert!(
        stdout(&check).contains("1 game (4 plies): 0 errors, 1 warning"),
        "{}",
        stdout(&check)
    );
    let out = scoresheet(&["convert", "--to", "uci"], game);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(movetext(&out), "1. e1c1 e8g8 2. c1b1 g8h8 *");

    // The dropped right is gone: White cannot castle short.
    let short = game.replace("1. O-O-O O-O 2. Kb1 Kh8", "1. O-O O-O");
    let out = scoresheet(&["check", "--from", "en"], &short);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("error: illegal move O-O"));

    // `perft --fen` stays strict: a FEN given on purpose is refused.
    let out = scoresheet(
        &[
            "perft",
            "--fen",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w KQkq - 0 1",
            "1",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

// Item 11: FIDE 9.6 draws the game by itself at the fifth repetition and after 75 moves each
// without a capture or a pawn move; nothing may follow, and the result is a draw.

/// Four times out and back with the knights: the start stands on the board for the fifth time
/// after 8... Ng8.
const FIVEFOLD: &str = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 \
                        7. Nf3 Nf6 8. Ng1 Ng8";

#[test]
fn moves_and_a_win_after_an_automatic_draw_are_errors() {
    let check = |text: &str| scoresheet(&["check", "--from", "en"], text);

    let out = check(&format!("{FIVEFOLD} 9. e4 1-0\n"));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(
            "error: e4: the game was drawn by fivefold repetition (FIDE 9.6.1) after 8... Ng8\n \
             --> <stdin>:1:92 (game 1)"
        ),
        "{err}"
    );
    assert!(err.contains("no move may follow it"), "{err}");

    let out = check(&format!("{FIVEFOLD} 0-1\n"));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(
            "error: the game was drawn by fivefold repetition (FIDE 9.6.1) after 8... Ng8, so \
             the result is 1/2-1/2, not 0-1"
        ),
        "{}",
        stderr(&out)
    );

    // Ending there as a draw (or unfinished) is right; four times is not yet a draw.
    for fine in [
        format!("{FIVEFOLD} 1/2-1/2\n"),
        format!("{FIVEFOLD} *\n"),
        format!(
            "{} 8. e4 1-0\n",
            &FIVEFOLD[..FIVEFOLD.len() - "8. Ng1 Ng8".len()]
        ),
    ] {
        let out = check(&fine);
        assert_eq!(out.status.code(), Some(0), "{fine}: {}", stderr(&out));
        assert!(!stderr(&out).contains("warning:"), "{}", stderr(&out));
    }

    // A variation that replaces the drawing move is played from before it; one that goes on
    // after the draw is refused too.
    let out = check(&format!("{FIVEFOLD} (8... Nc6 9. e4) 1/2-1/2\n"));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let varied = FIVEFOLD.replace("8. Ng1 Ng8", "8. Ng1 Nc6 (8... Ng8 9. e4) 9. e4 *\n");
    let out = check(&varied);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("error: e4: the game was drawn by fivefold"));

    // The 75-move rule: the 150th half-move since the last capture or pawn move ends the game,
    // unless it mates.
    let seventy_five =
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 149 80\"]\n\n80. Ra2 Kd7 *\n";
    let out = check(seventy_five);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(
            "error: Kd7: the game was drawn by the 75-move rule (FIDE 9.6.2) after 80. Ra2"
        ),
        "{}",
        stderr(&out)
    );
    let mate = "[SetUp \"1\"]\n[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80\"]\n\n80. Ra8# 1-0\n";
    let out = check(mate);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn games_played_before_fide_made_these_draws_automatic_are_kept_with_a_warning() {
    let game = format!("[Date \"1987.03.??\"]\n\n{FIVEFOLD} 9. e4 1-0\n");
    let out = scoresheet(&["convert", "--from", "en", "--to", "uci"], &game);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(
            "warning: e4: the game goes on after a draw by fivefold repetition (FIDE 9.6.1) \
             after 8... Ng8"
        ),
        "{err}"
    );
    assert!(err.contains("dated 1987.03.??"), "{err}");
    // One warning per game, and the result stands.
    assert_eq!(err.matches("warning:").count(), 1, "{err}");
    assert!(movetext(&out).ends_with("9. e2e4 1-0"), "{}", stdout(&out));

    // From 1 July 2014 on, the draw binds.
    let game = format!("[Date \"2014.07.01\"]\n\n{FIVEFOLD} 9. e4 1-0\n");
    let out = scoresheet(&["check", "--from", "en"], &game);
    assert_eq!(out.status.code(), Some(1));

    // So it does in a game whose year is unknown, the PGN standard's blank date.
    let game = format!("[Date \"????.??.??\"]\n\n{FIVEFOLD} 9. e4 1-0\n");
    let out = scoresheet(&["check", "--from", "en"], &game);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("error: e4: the game was drawn by fivefold"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn draughts_games_that_go_on_past_a_draw_by_rule_are_kept_with_a_warning() {
    // Two kings each way: the position after 2... 7-1 stands for the third time after 4... 7-1.
    let pdn = "[GameType \"20\"]\n[FEN \"W:WK46:BK1\"]\n\n\
               1. 46-41 1-7 2. 41-46 7-1 3. 46-41 1-7 4. 41-46 7-1 5. 46-41 2-0\n";
    let out = scoresheet(&["check", "--game", "draughts"], pdn);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(
            "warning: 46-41: the game goes on after a draw by threefold repetition (FMJD rules, \
             article 6) after 4... 7-1"
        ),
        "{err}"
    );
    assert_eq!(err.matches("warning:").count(), 1, "{err}");
}
