//! One rule for what a file holds, and usage errors that say what was meant: run as a user
//! runs the binary.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{text, workspace};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

const DRAUGHTS_GAME: &str = "[Event \"d\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n";

#[test]
fn every_command_reads_a_pdn_file_as_draughts() {
    let dir = scratch("pdn");
    fs::copy(
        workspace().join("corpus/pdn/signs.pdn"),
        dir.join("signs.pdn"),
    )
    .unwrap();
    let check = common::run(&dir, &["check", "signs.pdn"], None);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stderr));
    assert!(text(&check.stderr).contains("note: signs.pdn: read as draughts (a .pdn file)"));
    let convert = common::run(&dir, &["convert", "signs.pdn"], None);
    assert_eq!(convert.status.code(), Some(0), "{}", text(&convert.stderr));
    assert!(text(&convert.stdout).contains("33-29!"));
    // `--game` still has the last word.
    let chess = common::run(&dir, &["check", "--game", "chess", "signs.pdn"], None);
    assert_eq!(chess.status.code(), Some(1));
}

#[test]
fn draughts_on_stdin_is_told_as_a_files_is() {
    // Stdin was chess unless --game said: a PDN piped in, its GameType tag 20 or its first
    // move 32-28, failed at its first move. Its start is read ahead now, then read again.
    let dir = scratch("stdin-draughts");
    let tagged = format!("[GameType \"20\"]\n{DRAUGHTS_GAME}");
    for (input, why) in [
        (
            tagged.as_str(),
            "its GameType tag is 20, international draughts",
        ),
        (DRAUGHTS_GAME, "its first move 32-28 is Manoury"),
    ] {
        for args in [
            vec!["check"],
            vec!["convert", "--to", "manoury"],
            vec!["export", "--format", "csv"],
        ] {
            let out = common::run(&dir, &args, Some(input.as_bytes()));
            let stderr = text(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
            assert!(
                stderr.contains(&format!("note: <stdin>: read as draughts ({why})")),
                "{args:?}: {stderr}"
            );
        }
        // The whole input is read after its start was: the game converts whole.
        let out = common::run(
            &dir,
            &["convert", "--to", "manoury"],
            Some(input.as_bytes()),
        );
        assert!(text(&out.stdout).contains("32-28"), "{}", text(&out.stdout));
    }
    // Chess on stdin is read as before.
    let out = common::run(&dir, &["check"], Some(b"1. e4 e5 *\n"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn a_game_type_tag_or_manoury_moves_say_draughts_whatever_the_extension() {
    let dir = scratch("gametype");
    fs::write(
        dir.join("tagged.txt"),
        format!("[GameType \"20\"]\n{DRAUGHTS_GAME}"),
    )
    .unwrap();
    fs::write(dir.join("moves.pgn"), DRAUGHTS_GAME).unwrap();
    for (file, why) in [
        (
            "tagged.txt",
            "its GameType tag is 20, international draughts",
        ),
        ("moves.pgn", "its first move 32-28 is Manoury"),
    ] {
        for command in ["check", "convert", "fmt"] {
            let args = if command == "fmt" {
                vec![command, "--check", file]
            } else {
                vec![command, file]
            };
            let out = common::run(&dir, &args, None);
            let stderr = text(&out.stderr);
            assert!(
                stderr.contains(&format!("note: {file}: read as draughts ({why})")),
                "{command} {file}: {stderr}"
            );
            if command != "fmt" {
                assert!(!stderr.contains("error:"), "{command} {file}: {stderr}");
            }
        }
    }
    for (args, game) in [
        (vec!["show", "moves.pgn"], "draughts"),
        (vec!["sheet", "moves.pgn"], "draughts"),
    ] {
        let out = common::run(&dir, &args, None);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?} as {game}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn inputs_of_two_games_need_game_named() {
    let dir = scratch("mixed");
    fs::write(dir.join("d.pdn"), DRAUGHTS_GAME).unwrap();
    fs::write(dir.join("c.pgn"), "1. e4 e5 *\n").unwrap();
    let out = common::run(&dir, &["check", "d.pdn", "c.pgn"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("d.pdn is draughts and c.pgn is chess: give --game"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_language_name_or_a_typo_gets_the_notation_meant() {
    for (wrong, meant) in [
        ("french", "fr"),
        ("German", "de"),
        ("ucci", "uci"),
        ("descriptve", "descriptive"),
    ] {
        let out = common::run(Path::new("."), &["convert", "--to", wrong], None);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains(&format!("did you mean `{meant}`?")),
            "{wrong}: {stderr}"
        );
        assert!(
            stderr.contains("descriptive-fr"),
            "the list names every notation: {stderr}"
        );
    }
}

#[test]
fn check_reads_descriptive_notation() {
    let out = common::run(
        Path::new("."),
        &["check", "--from", "descriptive"],
        Some(b"1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3 *\n"),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("checked 1 game (6 plies): 0 errors"));
    let bad = common::run(
        Path::new("."),
        &["check", "--from", "descriptive"],
        Some(b"1. P-K4 P-K4 2. K-K3 *\n"),
    );
    assert_eq!(bad.status.code(), Some(1));
}

#[test]
fn a_french_sheet_converts_with_its_header_and_clocks_in_pgn_form() {
    let expected = fs::read_to_string(workspace().join("corpus/fr/club-game.en.pgn")).unwrap();
    for from in [&["--from", "fr"][..], &[]] {
        let mut args = vec!["convert", "--to", "en"];
        args.extend(from);
        args.push("corpus/fr/club-game.pgn");
        let out = common::run(&workspace(), &args, None);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout), expected, "{from:?}");
    }
    // Written back in French, the sheet keeps its own boxes.
    let out = common::run(
        &workspace(),
        &["convert", "--to", "fr", "corpus/fr/club-game.pgn"],
        None,
    );
    assert!(text(&out.stdout).contains("[Ronde \"5\"]"));
    assert!(text(&out.stdout).contains("{1h31}"));
}

#[test]
fn a_french_box_that_repeats_a_pgn_tag_is_said_not_lost() {
    let game =
        "[Round \"4\"]\n[Ronde \"5\"]\n[Blancs \"Martin\"]\n[White \"Martin\"]\n\n1. e4 Cf6 *\n";
    let out = common::run(
        Path::new("."),
        &["convert", "--from", "fr", "--to", "en"],
        Some(game.as_bytes()),
    );
    let written = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert!(
        written.contains("[Round \"4\"]") && written.contains("[Ronde \"5\"]"),
        "{written}"
    );
    assert_eq!(
        written.matches("[White \"Martin\"]").count(),
        1,
        "{written}"
    );
    assert!(
        stderr.contains("tags Round and Ronde both stand for Round"),
        "{stderr}"
    );
    assert!(
        stderr.contains("tag White says what tag Blancs says: dropped"),
        "{stderr}"
    );
}

/// A French game of 41 half-moves with one typo at the 41st (`Cxe6`, no knight reaches e6).
const FRENCH_TYPO: &str = "1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 4. Fa4 Cf6 5. O-O Fe7 6. Te1 b5 7. Fb3 d6 \
    8. c3 O-O 9. h3 Cb8 10. d4 Cbd7 11. Cbd2 Fb7 12. Fc2 Te8 13. Cf1 Ff8 14. Cg3 g6 15. Fg5 h6 \
    16. Fd2 Fg7 17. a4 c5 18. d5 c4 19. Fe3 Cc5 20. Dd2 Rh7 21. Cxe6 *\n";

#[test]
fn a_typo_in_a_french_game_is_reported_in_french_where_it_is() {
    let dir = scratch("typo");
    fs::write(dir.join("typo.pgn"), FRENCH_TYPO).unwrap();
    for args in [
        &["check", "typo.pgn"][..],
        &["convert", "--to", "en", "typo.pgn"],
        &["show", "typo.pgn"],
        &["sheet", "typo.pgn"],
    ] {
        let out = common::run(&dir, args, None);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("fr comes closest, reading 40 half-moves before `21. Cxe6`"),
            "{args:?}: {stderr}"
        );
        assert!(stderr.contains("illegal move Cxe6"), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("\"Cf3\""),
            "{args:?}: the error is not on a good move: {stderr}"
        );
    }
    let out = common::run(&dir, &["check", "typo.pgn"], None);
    assert!(text(&out.stderr).contains("help: legal moves that come closest: Cd4, Ce2"));
}

#[test]
fn show_says_what_the_set_up_repaired() {
    let game = "[SetUp \"1\"]\n[FEN \"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w KQkq - 0 1\"]\n\n\
                1. O-O-O O-O *\n";
    let out = common::run(Path::new("."), &["show", "-"], Some(game.as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("warning: castling right dropped from the FEN tag"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn json_columns_count_the_text_before_a_game_that_starts_mid_line() {
    let out = common::run(
        Path::new("."),
        &["check", "--format", "json"],
        Some(b"1. e4 e5 * 1. Ke3 *\n"),
    );
    let first: serde_json::Value =
        serde_json::from_str(text(&out.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(first["message"], "illegal move Ke3");
    assert_eq!(
        (first["line"].clone(), first["column"].clone()),
        (1.into(), 15.into())
    );
}

#[test]
fn a_correct_french_sheet_draws_no_warning_and_a_repeated_form_one() {
    let out = common::run(&workspace(), &["check", "corpus/fr/club-game.pgn"], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stdout).contains("0 errors, 0 warnings"),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    // In English, `0-0` is read leniently: one warning for the game says where else it is.
    let game = "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. 0-0 0-0 5. d3 d6 *\n";
    let out = common::run(
        Path::new("."),
        &["check", "--from", "en"],
        Some(game.as_bytes()),
    );
    let stderr = text(&out.stderr);
    assert_eq!(stderr.matches("warning:").count(), 1, "{stderr}");
    assert!(
        stderr.contains("warning: 0-0: castling written with zeros (and 1 more in this game: 0-0)"),
        "{stderr}"
    );
    assert!(text(&out.stdout).contains("0 errors, 1 warning"));
}

#[test]
fn show_reads_descriptive_notation() {
    let game = b"1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3 *\n";
    let out = common::run(
        Path::new("."),
        &["show", "--from", "descriptive", "--ascii", "-"],
        Some(game),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let drawn = text(&out.stdout);
    assert!(drawn.contains("after 3... P-QR3"), "{drawn}");
    let out = common::run(
        Path::new("."),
        &["show", "--from", "descriptive", "--ply", "9", "-"],
        Some(game),
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}

/// Games with no result, each followed by the heading and paragraph of the next, as some
/// collections typed from books are laid out.
const PROSE_BETWEEN_GAMES: &str = "#12\nA quiet opening, then a storm on the king's side.\n\n\
    [White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5\n\n\
    #13\nWhite gives up a pawn (and then another!) to open the long diagonal.\n\n\
    [White \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n1. d4 d5 2. c4 e6\n";

#[test]
fn prose_after_a_game_without_result_is_kept_and_the_game_converted() {
    let out = common::run(
        Path::new("."),
        &["convert", "--to", "fr"],
        Some(PROSE_BETWEEN_GAMES.as_bytes()),
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    // Lines are wrapped at 80 columns: compared word by word.
    let written = text(&out.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        written.contains("3. Fc4 Fc5 {#13 White gives up a pawn (and then another!) to open"),
        "{written}"
    );
    assert!(written.contains("2. c4 e6 0-1"), "{written}");
    assert!(
        stderr.contains("its movetext ends in text that reads as no move"),
        "{stderr}"
    );
    // A move-shaped token that is wrong stays an error, result or none.
    let out = common::run(
        Path::new("."),
        &["check"],
        Some(b"1. e4 e5 2. Ke3 Ke6 3. Kd3\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("illegal move Ke3"));
}
