//! `scoresheet convert` and `scoresheet check` run as a user runs them, on the bundled sample
//! and on the shared corpus when present.

mod common;

use std::process::Output;

use common::{text, workspace};

fn scoresheet(args: &[&str], stdin: Option<&str>) -> Output {
    common::run(&workspace(), args, stdin.map(str::as_bytes))
}

const SAMPLE: &str = "corpus/samples/club-games.pgn";

#[test]
fn the_sample_converts_and_comes_back() {
    let uci = scoresheet(&["convert", "--to", "uci", SAMPLE], None);
    assert!(uci.status.success(), "{}", text(&uci.stderr));
    let uci_text = text(&uci.stdout);
    assert!(uci_text.contains("1. e2e4 {[%clk 1:30:00]} 1... e7e5 {[%clk 1:30:00]} 2. g1f3"));
    assert!(
        uci_text.contains("7. c3d5 {Legal's mate.} 1-0"),
        "{uci_text}"
    );
    assert!(text(&uci.stderr).contains("converted 3 of 3 games to uci (0 errors, 0 warnings)"));

    let back = scoresheet(
        &["convert", "--from", "uci", "--to", "en", "-"],
        Some(&uci_text),
    );
    assert!(back.status.success(), "{}", text(&back.stderr));
    let original = std::fs::read_to_string(workspace().join(SAMPLE)).unwrap();
    let again = scoresheet(&["convert", "--to", "en", SAMPLE], None);
    assert_eq!(text(&back.stdout), text(&again.stdout));
    for kept in [
        "$1",
        "{Preparing to swing the rook over.}",
        "(21... bxa4",
        "[WhiteElo \"1642\"]",
    ] {
        assert!(
            original.contains(kept) && text(&back.stdout).contains(kept),
            "{kept}"
        );
    }
}

#[test]
fn a_bad_game_is_reported_and_the_others_still_convert() {
    let input = "[White \"A\"]\n\n1. e4 e5 2. Ke3 *\n\n[White \"B\"]\n\n1. d4 d5 *\n";
    let out = scoresheet(&["convert", "--to", "lan"], Some(input));
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("1. d2-d4 d7-d5 *") && !stdout.contains("[White \"A\"]"),
        "{stdout}"
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(
            "error: illegal move Ke3\n --> <stdin>:3:13 (game 1: A - ?)\n  |\n3 | 1. e4 e5 2. Ke3 *\n  |             ^^^\n  = help: legal moves that come closest: Ke2\n"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("converted 1 of 2 games"), "{stderr}");
    assert!(stderr.ends_with("error: 1 error in 1 game\n"), "{stderr}");
}

#[test]
fn check_reports_repairs_and_exit_status() {
    let good = scoresheet(&["check", SAMPLE], None);
    assert!(good.status.success());
    assert_eq!(
        text(&good.stdout),
        "checked 3 games (93 plies): 0 errors, 0 warnings\n"
    );
    let lenient = scoresheet(&["check"], Some("1. e4 e5 2. Ng1f3 Nc6 3. Bb5 a6 4. 0-0 *"));
    assert!(lenient.status.success());
    let stderr = text(&lenient.stderr);
    assert!(stderr.contains("warning: Ng1f3: long algebraic form (origin square written)"));
    assert!(stderr.contains("warning: 0-0: castling written with zeros"));
    let quiet = scoresheet(&["check", "--quiet"], Some("1. e4 e5 2. Ng1f3 *"));
    assert!(text(&quiet.stderr).is_empty());
}

#[test]
fn check_json_is_one_line_per_diagnostic_then_the_summary() {
    let out = scoresheet(
        &["check", "--format", "json"],
        Some("1. e4 e5\n2. Qh5 Ke7 3. Qxe5# 0-1\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is one JSON object"))
        .collect();
    assert_eq!(lines.len(), 2, "one diagnostic, then the summary");
    let diag = &lines[0];
    assert_eq!(diag["file"], "<stdin>");
    assert_eq!(diag["line"], 2);
    assert_eq!(diag["severity"], "error");
    assert_eq!(
        diag["message"],
        "Black is checkmated, so the result is 1-0, not 0-1"
    );
    assert_eq!(lines[1]["summary"]["games"], 1);
    assert_eq!(lines[1]["summary"]["errors"], 1);
}

#[test]
fn unknown_notation_is_a_usage_error() {
    let out = scoresheet(&["convert", "--to", "klingon", SAMPLE], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown notation \"klingon\""));
}

#[test]
fn every_shared_pgn_file_checks_with_the_expected_failures() {
    // Absent: skipped, or a failure under CI.
    let Some(dir) = testkit::corpus::shared("pgn/pgn-extract") else {
        return;
    };
    let fischer = dir.join("fischer.pgn");
    let fix_result_tags = dir.join("test-fixresulttags-in.pgn");
    let out = scoresheet(
        &[
            "check",
            "--quiet",
            fischer.to_str().expect("a UTF-8 path"),
            fix_result_tags.to_str().expect("a UTF-8 path"),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "checked 39 games (3160 plies): 5 errors, 0 warnings\n"
    );
}

#[test]
fn the_source_language_is_detected_and_said() {
    let french = scoresheet(&["convert", "--from", "en", "--to", "fr", SAMPLE], None);
    assert!(french.status.success());
    let french = text(&french.stdout);
    assert!(french.contains("2. Cf3 Cc6 3. Fb5 a6"), "{french}");
    let back = scoresheet(&["convert", "--to", "en"], Some(&french));
    assert!(back.status.success());
    let stderr = text(&back.stderr);
    assert!(
        stderr.starts_with("note: <stdin>: detected fr: only fr replays all 46 half-moves;"),
        "{stderr}"
    );
    let direct = scoresheet(&["convert", "--to", "en", SAMPLE], None);
    assert_eq!(text(&back.stdout), text(&direct.stdout));
}

/// Spanish letters are Italian letters too: no game tells the two apart, so the first game
/// that only they read decides the file in the first, said once (nothing was said, though the
/// docs promise a note for every detection; then every game was detected again, a Spanish
/// file checked at 2.5 times an English one's time). A game that more letter sets read alike
/// (no bishop move) is read in the first of them that fits, and that is said too.
/// English games, which the default reads, need no such note.
#[test]
fn letter_sets_that_write_alike_are_said_once() {
    let spanish = "[Event \"A\"]\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 1/2-1/2\n\n\
                   [Event \"B\"]\n\n1. d4 d5 2. Cf3 Cf6 3. Af4 Af5 1/2-1/2\n";
    for command in ["convert", "check"] {
        let out = scoresheet(&[command, "-"], Some(spanish));
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stderr = text(&out.stderr);
        let notes: Vec<&str> = stderr.lines().filter(|l| l.starts_with("note:")).collect();
        assert_eq!(
            notes,
            [
                "note: <stdin>: detected es: only es and it, whose letters are spelled alike, \
                 replay all 8 half-moves; `Ab5` at 3. rules out fr, pt and ro, the last other \
                 letter sets to fit (before it: en, figurine, de, nl, pl, sv, cs, hu, ru at 2. Cf3)"
            ],
            "{command}"
        );
    }
    // Knights, queens and rooks only: French, Portuguese and Romanian spell them as Spanish.
    let knights = "[Event \"A\"]\n\n1. e4 e5 2. Cf3 Cc6 3. Cc3 Cf6 4. Tg1 Tg8 1/2-1/2\n";
    let out = scoresheet(&["check", "-"], Some(knights));
    assert!(
        text(&out.stderr).contains("note: <stdin>: read as fr: no game so far tells"),
        "{}",
        text(&out.stderr)
    );
    let english = scoresheet(&["check", "-"], Some("1. e4 e5 2. d4 exd4 *\n"));
    assert!(
        !text(&english.stderr).contains("note:"),
        "{}",
        text(&english.stderr)
    );
}

/// A game that every letter set reads alike (pawn moves only) is read as the default, English,
/// not as French with its scoresheet conventions: its tag values come out as written, the same
/// as with `--from en` (they were trimmed, and an empty Elo became `-`).
#[test]
fn a_game_every_letter_set_reads_keeps_its_tags_as_written() {
    let record = "[Event \" ?\"]\n[Site \"? \"]\n[White \"  Anna \t \"]\n[WhiteElo \"\"]\n\
                  [Result \"1-0\"]\n\n1. e4 e5 2. d4 exd4 1-0\n";
    let detected = scoresheet(&["convert", "--to", "en", "-"], Some(record));
    let named = scoresheet(
        &["convert", "--from", "en", "--to", "en", "-"],
        Some(record),
    );
    assert!(detected.status.success(), "{}", text(&detected.stderr));
    assert_eq!(text(&detected.stdout), text(&named.stdout));
    for tag in [
        "[Event \" ?\"]",
        "[Site \"? \"]",
        "[White \"  Anna \t \"]",
        "[WhiteElo \"\"]",
    ] {
        assert!(text(&detected.stdout).contains(tag), "{tag}");
    }
}

/// ChessBase prints a novelty as `N` after its move: the game was lost at it ("no destination
/// square"). It is the NAG `$146`, with a warning, and the game converts whole.
#[test]
fn a_novelty_sign_is_a_nag_not_a_lost_game() {
    let record = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 \
                  6. Qe2 N b5 7. Bb3 O-O 1-0\n";
    let out = scoresheet(&["convert", "--to", "uci", "-"], Some(record));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = text(&out.stdout).replace('\n', " ");
    assert!(
        written.contains("6. d1e2 $146 b7b5 7. a4b3 e8g8 1-0"),
        "{written}"
    );
    let check = scoresheet(&["check", "--format", "json", "-"], Some(record));
    assert_eq!(check.status.code(), Some(0));
    assert!(text(&check.stdout).contains("\"code\":\"record.annotation-word\""));
}

#[test]
fn every_language_round_trips_the_sample() {
    let english =
        text(&scoresheet(&["convert", "--from", "en", "--to", "en", SAMPLE], None).stdout);
    for language in [
        "fr", "de", "es", "it", "nl", "pt", "pl", "sv", "cs", "hu", "ro", "ru", "figurine", "lan",
    ] {
        let there = scoresheet(&["convert", "--from", "en", "--to", language, SAMPLE], None);
        assert!(there.status.success(), "{language}");
        let back = scoresheet(
            &["convert", "--from", language, "--to", "en"],
            Some(&text(&there.stdout)),
        );
        assert!(back.status.success(), "{language}: {}", text(&back.stderr));
        assert_eq!(text(&back.stdout), english, "{language}");
    }
}

#[test]
fn many_games_convert_on_every_core_in_input_order() {
    let mut input = String::new();
    for round in 1..=400 {
        let moves = if round == 203 {
            "1. e4 e5 2. Ke3 *"
        } else {
            "1. d4 d5 2. c4 e6 *"
        };
        input.push_str(&format!("[Round \"{round}\"]\n\n{moves}\n\n"));
    }
    let out = scoresheet(&["convert", "--to", "uci", "--quiet"], Some(&input));
    assert_eq!(out.status.code(), Some(1));
    let rounds: Vec<u32> = text(&out.stdout)
        .lines()
        .filter_map(|l| {
            l.strip_prefix("[Round \"")?
                .strip_suffix("\"]")?
                .parse()
                .ok()
        })
        .collect();
    let expected: Vec<u32> = (1..=400).filter(|r| *r != 203).collect();
    assert_eq!(rounds, expected);
    assert!(
        text(&out.stderr).contains("(game 203)"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn broken_inputs_are_reported_not_fatal() {
    // An illegal move in game 3 of 5, a truncated last game, binary garbage, Latin-1 bytes.
    let mut input = Vec::new();
    for (round, moves) in [
        (1, "1. e4 e5 *"),
        (2, "1. d4 d5 *"),
        (3, "1. e4 e5 2. Qxf7 *"),
        (4, "1. c4 c5 *"),
        (5, "1. Nf3 {unfinished"),
    ] {
        input.extend(format!("[Round \"{round}\"]\n\n{moves}\n\n").into_bytes());
    }
    input.extend([0x00, 0xff, 0x13, 0x37, b'\n']);
    input.extend(b"[White \"Caf\xe9\"]\n\n1. e4 e5 \xbd-\xbd\n");
    let out = common::run(&workspace(), &["convert", "--to", "en"], Some(&input));
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    for round in ["1", "2", "4"] {
        assert!(
            stdout.contains(&format!("[Round \"{round}\"]")),
            "{round}: {stdout}"
        );
    }
    assert!(!stdout.contains("[Round \"3\"]"));
    assert!(stdout.contains("[White \"Café\"]"), "{stdout}");
    let stderr = text(&out.stderr);
    assert!(stderr.contains("error: illegal move Qxf7"), "{stderr}");
    assert!(stderr.contains("(game 3)"), "{stderr}");
    assert!(stderr.contains("Latin-1"), "{stderr}");
}

/// Tags come back from French as they went: an empty Elo stayed `""` through en -> fr but came
/// back from fr as `-` (unrated) without a word, found by a new user on a chess.js test file.
#[test]
fn an_empty_elo_survives_a_round_trip_through_french() {
    let game = "[Event \"E\"]\n[WhiteElo \"\"]\n[BlackElo \"2795\"]\n[Result \"1-0\"]\n\n\
                1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    let fr = scoresheet(&["convert", "--to", "fr", "-"], Some(game));
    assert!(fr.status.success(), "{}", text(&fr.stderr));
    let back = scoresheet(
        &["convert", "--from", "fr", "--to", "en", "-"],
        Some(&text(&fr.stdout)),
    );
    assert!(back.status.success(), "{}", text(&back.stderr));
    let en = scoresheet(&["convert", "--to", "en", "-"], Some(game));
    assert_eq!(text(&back.stdout), text(&en.stdout));
    assert!(text(&back.stdout).contains("[WhiteElo \"\"]"));
}

/// A `PlyCount` tag that does not count the main line's half-moves is said, and kept as
/// written: python-chess counts what we count on the shared corpus's odds.pgn, whose six such
/// tags a new user found copied without a word.
#[test]
fn a_plycount_that_does_not_count_the_moves_is_said_and_kept() {
    let pgn = "[Event \"a\"]\n[PlyCount \"5\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n\
               [Event \"b\"]\n[PlyCount \"4\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    let out = scoresheet(&["check"], Some(pgn));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(
        stderr
            .matches("warning: the PlyCount tag says 5 but the main line has 4 half-moves")
            .count(),
        1,
        "{stderr}"
    );
    assert!(stderr.contains("<stdin>:2:1 (game 1"), "{stderr}");
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(summary.contains("0 errors, 1 warning"), "{summary}");
    let json = scoresheet(&["check", "--format", "json"], Some(pgn));
    assert!(String::from_utf8_lossy(&json.stdout).contains("\"code\":\"tag.plycount-mismatch\""));
    let converted = scoresheet(&["convert", "--to", "fr"], Some(pgn));
    let stdout = String::from_utf8_lossy(&converted.stdout);
    assert!(
        stdout.contains("[PlyCount \"5\"]") && stdout.contains("[PlyCount \"4\"]"),
        "{stdout}"
    );
}

/// A set-up with castling from Chess960 squares and no `Variant` tag is read as Chess960 and
/// said, since its castling is written king takes rook in UCI (`c1b1`), which a reader of
/// standard chess rejects; a standard set-up, or one the tag names, says nothing.
#[test]
fn chess960_castling_without_its_variant_tag_is_said() {
    let game = |tags: &str, fen: &str, moves: &str| {
        format!("{tags}[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{moves} *\n\n")
    };
    let nine_sixty = "nrkbrnbq/pppppppp/8/8/8/8/PPPPPPPP/NRKBRNBQ w KQkq - 0 1";
    let moves = "1. e3 e6 2. Be2 Be7 3. O-O-O O-O-O";
    let unnamed = game("", nine_sixty, moves);
    let out = scoresheet(&["convert", "--to", "uci"], Some(&unnamed));
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("3. c1b1 c8b8"), "{stdout}");
    assert!(stderr.contains("no Variant tag names Chess960"), "{stderr}");
    assert!(stderr.contains("<stdin>:2:1"), "{stderr}");
    let named = game("[Variant \"Chess960\"]\n", nine_sixty, moves);
    let standard = game(
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6",
    );
    for quiet in [named, standard] {
        let out = scoresheet(&["check"], Some(&quiet));
        let stderr = text(&out.stderr);
        assert!(!stderr.contains("Chess960"), "{stderr}");
        assert!(
            text(&out.stdout).contains("0 errors, 0 warnings"),
            "{}",
            text(&out.stdout)
        );
    }
}

/// What `convert --to uci` and `--to lan` write reads back as UCI and LAN, said once, with no
/// warning for each move's form: `check` read the tool's own UCI as English with two
/// warnings a game (`long algebraic form`, `coordinate move without a piece letter`).
#[test]
fn the_tools_own_uci_and_lan_read_back_as_what_they_are() {
    for (to, name) in [("uci", "uci"), ("lan", "lan")] {
        let written = scoresheet(&["convert", "--to", to, SAMPLE], None);
        assert!(written.status.success(), "{}", text(&written.stderr));
        let out = text(&written.stdout);
        for command in [vec!["check", "-"], vec!["convert", "--to", "en", "-"]] {
            let back = scoresheet(&command, Some(&out));
            let stderr = text(&back.stderr);
            assert!(back.status.success(), "{stderr}");
            assert!(!stderr.contains("warning:"), "{to} {command:?}: {stderr}");
            assert!(
                stderr.starts_with(&format!("note: <stdin>: detected {name}: it writes ")),
                "{to} {command:?}: {stderr}"
            );
        }
        let back = scoresheet(&["convert", "--to", "en", "-"], Some(&out));
        let direct = scoresheet(&["convert", "--to", "en", SAMPLE], None);
        assert_eq!(text(&back.stdout), text(&direct.stdout), "{to}");
    }
}

/// Castling typed without its dashes (`4. 00`, a club's web page) is castling, said: it was read
/// as a move number 0, and the castling vanished from the game and its conversion with exit
/// status 0, or the move after it was taken for the castling side's and failed.
#[test]
fn castling_typed_as_zeros_without_dashes_is_read() {
    let out = scoresheet(
        &["convert", "--to", "en", "-"],
        Some("1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. Nf3 000 6. e3 e6 7. Bd3 Bd6 8. 00 *\n"),
    );
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        text(&out.stdout).contains("5. Nf3 O-O-O 6. e3 e6 7. Bd3 Bd6\n8. O-O *"),
        "{}",
        text(&out.stdout)
    );
    assert!(
        stderr.contains("warning: 000: castling written with zeros"),
        "{stderr}"
    );
}
