//! The draughts side of the command line: perft, check and convert with `--game draughts`.

mod common;

use std::process::Output;

use common::{text, workspace};

fn scoresheet(args: &[&str]) -> Output {
    common::run(&workspace(), args, None)
}

fn stdout(out: &Output) -> String {
    text(&out.stdout)
}

#[test]
fn perft_counts_the_published_numbers() {
    let out = scoresheet(&["perft", "--game", "draughts", "5"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out).lines().last(), Some("27117"));
    let woldouby = "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38";
    let out = scoresheet(&["perft", "--game", "draughts", "--fen", woldouby, "6"]);
    assert_eq!(stdout(&out).lines().last(), Some("590"));
}

#[test]
fn divide_names_moves_in_manoury_notation() {
    let out = scoresheet(&["perft", "--game", "draughts", "--divide", "2"]);
    let text = stdout(&out);
    assert!(text.starts_with("31-26: 9\n31-27: 9\n"), "{text}");
    assert!(text.ends_with("\n\n81\n"), "{text}");
}

#[test]
fn a_bad_draughts_fen_names_its_field() {
    let out = scoresheet(&[
        "perft",
        "--game",
        "draughts",
        "--fen",
        "W:W31-55:B1-20",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--fen"), "{err}");
}

#[test]
fn pdn_files_check_and_convert_to_themselves() {
    let dir = workspace().join("corpus/pdn");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.to_string_lossy().into_owned();
        let check = scoresheet(&["check", "--game", "draughts", &name]);
        assert!(
            check.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&check.stderr)
        );
        let once = scoresheet(&["convert", "--game", "draughts", &name]);
        assert!(once.status.success());
        let tmp = std::env::temp_dir().join(format!(
            "scoresheet-draughts-{}-{}",
            std::process::id(),
            path.file_name().unwrap().to_string_lossy()
        ));
        std::fs::write(&tmp, &once.stdout).unwrap();
        let twice = scoresheet(&["convert", "--game", "draughts", &tmp.to_string_lossy()]);
        std::fs::remove_file(&tmp).unwrap();
        assert_eq!(stdout(&once), stdout(&twice), "{name}");
    }
}

#[test]
fn show_numbers_the_board_from_either_side() {
    let white = stdout(&scoresheet(&["show", "--game", "draughts", "--numbers"]));
    let lines: Vec<&str> = white.lines().collect();
    assert_eq!(lines.len(), 10);
    assert_eq!(lines[0], "    01    02    03    04    05");
    assert_eq!(lines[9], " 46    47    48    49    50");
    let black = stdout(&scoresheet(&[
        "show",
        "--game",
        "draughts",
        "--numbers",
        "--from-black",
    ]));
    assert_eq!(black.lines().next(), Some("    50    49    48    47    46"));
    assert_eq!(black.lines().last(), Some(" 05    04    03    02    01"));
}

#[test]
fn show_draws_positions_of_both_games() {
    let draughts = stdout(&scoresheet(&[
        "show",
        "--game",
        "draughts",
        "--fen",
        "W:W31:BK2",
        "--ascii",
    ]));
    assert_eq!(draughts.matches('w').count(), 1);
    assert_eq!(draughts.matches('B').count(), 1);
    let chess = stdout(&scoresheet(&["show", "--from-black", "--ascii"]));
    assert_eq!(chess.lines().next(), Some("1  R  N  B  K  Q  B  N  R"));
    let refused = scoresheet(&["show", "--numbers"]);
    assert_eq!(refused.status.code(), Some(2));
}

/// A Dutch newspaper's column as typed from the page (`1. 32-28, 17-22; 2. 28x17, 11x22;`): the
/// comma after White's move is read and said, as chess reads it; the `;` comments out the rest
/// of its line in PDN, and a comment that starts with moves is said, not left as a comment of
/// no word (the game read two half-moves of 81 and said only that it had no result).
#[test]
fn a_newspaper_columns_commas_and_semicolons_are_said() {
    let dir = std::env::temp_dir().join(format!("scoresheet-dutch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("column.pdn");
    std::fs::write(&path, "1. 32-28, 17-22; 2. 28x17, 11x22;\n").unwrap();
    let out = scoresheet(&["check", path.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("warning: 32-28,: comma after the move"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "warning: `; 2. 28x17, 11x22; ...`: a `;` comments out the rest of its line, and \
             this comment starts with moves, which are not read"
        ),
        "{stderr}"
    );
    // Without the semicolons, every move is read.
    std::fs::write(&path, "1. 32-28, 17-22 2. 28x17, 11x22 *\n").unwrap();
    let out = scoresheet(&["check", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout(&out).contains("(4 plies)"), "{}", stdout(&out));
    // A `;` comment of words is a comment, as before.
    std::fs::write(&path, "1. 32-28 17-22 ; a quiet start\n2. 28x17 11x22 *\n").unwrap();
    let out = scoresheet(&["check", path.to_str().unwrap()]);
    assert!(
        !text(&out.stderr).contains("line-comment"),
        "{}",
        text(&out.stderr)
    );
    assert!(
        !text(&out.stderr).contains("comments out"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
