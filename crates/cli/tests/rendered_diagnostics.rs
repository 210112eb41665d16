//! Whole rendered diagnostics, compared byte for byte: the headline, the location line, the
//! excerpt with its caret, the help and the summary. Tests elsewhere check a fragment of a
//! message; these hold the layout a user reads, so any change to it shows here first.
//!
//! The notation is given (`--from`), so that no detection note comes before the diagnostics.

mod common;

use std::process::Output;

use common::{text, workspace};

fn scoresheet(args: &[&str], stdin: &str) -> Output {
    common::run(&workspace(), args, Some(stdin.as_bytes()))
}

/// Runs `args` on `stdin`; the exit code, stdout and stderr.
fn outcome(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let out = scoresheet(args, stdin);
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// A move error: the game named by its players, the caret under the whole token, and the
/// closest legal moves.
#[test]
fn an_illegal_move() {
    let input = "[Event \"Club\"]\n[White \"A\"]\n[Black \"B\"]\n\n\
                 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxg7 1-0\n";
    let (code, stdout, stderr) = outcome(&["check", "--from", "en", "-"], input);
    assert_eq!(code, Some(1));
    assert_eq!(stdout, "checked 1 game (0 plies): 1 error, 0 warnings\n");
    assert_eq!(
        stderr,
        "\
error: illegal move Qxg7
 --> <stdin>:5:35 (game 1: A - B)
  |
5 | 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxg7 1-0
  |                                   ^^^^
  = help: legal moves that come closest: Qd1, Qe2, Qf3, Qf5, Qg4, Qg5, Qg6, Qh3, Qh4, Qh6, Qxe5+, Qxf7#, Qxh7

error: 1 error in 1 game
"
    );
}

/// An error of the record layer, not of a move: the file cut inside a tag. The game before it
/// is still converted.
#[test]
fn a_file_cut_inside_a_tag() {
    let input = "[Event \"A\"]\n\n1. e4 e5 1-0\n\n[Res";
    let (code, stdout, stderr) = outcome(&["convert", "--from", "en", "--to", "en", "-"], input);
    assert_eq!(code, Some(1));
    assert_eq!(stdout.matches("[Event ").count(), 1, "{stdout}");
    assert_eq!(
        stderr,
        "\
error: file ends inside a tag
 --> <stdin>:5:1 (game 2)
  |
5 | [Res
  | ^^^^
  = help: the file was cut short: the game is left out rather than read without its end

converted 1 of 2 games to en (1 error, 0 warnings)
error: 1 error in 1 game
"
    );
}

/// An error of the rules on the result: the caret under the result token.
#[test]
fn a_result_the_position_contradicts() {
    let (code, _, stderr) = outcome(&["check", "--from", "en", "-"], "1. f3 e5 2. g4 Qh4# 1-0\n");
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        "\
error: White is checkmated, so the result is 0-1, not 1-0
 --> <stdin>:1:21 (game 1)
  |
1 | 1. f3 e5 2. g4 Qh4# 1-0
  |                     ^^^

error: 1 error in 1 game
"
    );
}

/// Warnings (repairs the reader made) do not fail the conversion; each has its own excerpt.
#[test]
fn two_repaired_check_signs() {
    let (code, stdout, stderr) = outcome(
        &["convert", "--from", "en", "--to", "fr", "-"],
        "1. e4 f5 2. Qh5 g6+ *\n",
    );
    assert_eq!(code, Some(0));
    assert!(stdout.ends_with("\n1. e4 f5 2. Dh5+ g6 *\n\n"), "{stdout}");
    assert_eq!(
        stderr,
        "\
warning: Qh5: check sign missing
 --> <stdin>:1:13 (game 1)
  |
1 | 1. e4 f5 2. Qh5 g6+ *
  |             ^^^

warning: g6+: check sign on a move that does not check
 --> <stdin>:1:17 (game 1)
  |
1 | 1. e4 f5 2. Qh5 g6+ *
  |                 ^^^

converted 1 of 1 game to fr (0 errors, 2 warnings)
"
    );
}

/// A draughts move the rules forbid: the capture is mandatory, and the help names it. The
/// whole token is at fault, so the caret spans it.
#[test]
fn a_draughts_move_that_does_not_capture() {
    let (code, _, stderr) = outcome(
        &["check", "--game", "draughts", "-"],
        "[GameType \"20\"]\n\n1. 32-28 19-23 2. 31-27 *\n",
    );
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        "\
error: illegal move 31-27: a capture is mandatory
 --> <stdin>:3:19 (game 1)
  |
3 | 1. 32-28 19-23 2. 31-27 *
  |                   ^^^^^
  = help: legal moves that come closest: 28x19

error: 1 error in 1 game
"
    );
}

/// A comment whose `}` was left out runs on to the next one's and swallows the moves between: the
/// move that then fails says so (a lichess broadcast export had `{ [%clk 1:27:49]  1... e5 {`).
#[test]
fn a_move_after_a_comment_that_swallowed_moves() {
    let input = "[White \"A\"]\n[Black \"B\"]\n\n\
                 1. Nc3 { [%clk 1:27:49] 1... e5 { [%clk 1:29:25] } 2. Nf3 *\n";
    let (code, stdout, stderr) = outcome(&["check", "--from", "en", "-"], input);
    assert_eq!(code, Some(1));
    assert_eq!(stdout, "checked 1 game (0 plies): 1 error, 0 warnings\n");
    assert_eq!(
        stderr,
        "\
error: illegal move Nf3
 --> <stdin>:4:55 (game 1: A - B)
  |
4 | 1. Nc3 { [%clk 1:27:49] 1... e5 { [%clk 1:29:25] } 2. Nf3 *
  |                                                       ^^^
  = help: the comment before this move holds a `{` after `[%clk 1:27:49] 1... e5`: if a `}` is missing before it, what lies between was read as the comment's text, moves included
  = help: legal moves that come closest: Na6, Nc6, Nf6, Nh6

error: 1 error in 1 game
"
    );
}

/// Line ends written as the two characters `\r` (a file that went through a JSON string): the
/// text after each tag pair is skipped with one warning while the tags stay one game's, and the
/// move that fails on one says what it is.
#[test]
fn line_ends_written_as_two_characters() {
    let input = "[Event \"E\"]\\r\n[White \"A\"]\\r\n[Black \"B\"]\n\n1. e4 e5\\r\n2. Nf3 *\n";
    let (code, stdout, stderr) = outcome(&["check", "--from", "en", "-"], input);
    assert_eq!(code, Some(1));
    assert_eq!(stdout, "checked 1 game (0 plies): 1 error, 1 warning\n");
    assert_eq!(
        stderr,
        "\
warning: text after 2 tag pairs on their lines skipped, more tags of the game following each: `\\r` (2 times)
 --> <stdin>:1:12 (game 1: A - B)
  |
1 | [Event \"E\"]\\r
  |            ^^

error: unexpected \"\\\\r\" after the destination square in \"e5\\\\r\"
 --> <stdin>:5:9 (game 1: A - B)
  |
5 | 1. e4 e5\\r
  |         ^^
  = help: `\\r` is a line end written as two characters, as a JSON or JavaScript string writes one: the file's line ends need restoring

error: 1 error in 1 game
"
    );
}
