//! `scoresheet perft` run as a user runs it: the built binary, its stdout, stderr and exit code.

mod common;

use std::process::Output;

use common::{text, workspace};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";

fn scoresheet(args: &[&str]) -> Output {
    common::run(&workspace(), args, None)
}

fn stdout(out: &Output) -> String {
    text(&out.stdout)
}

fn stderr(out: &Output) -> String {
    text(&out.stderr)
}

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or_default()
}

#[test]
fn start_position_depth_3() {
    let out = scoresheet(&["perft", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(last_line(&stdout(&out)), "8902");
    assert!(stderr(&out).contains("nodes/s"), "{}", stderr(&out));
}

#[test]
fn kiwipete_depth_2() {
    let out = scoresheet(&["perft", "--fen", KIWIPETE, "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "2039\n");
}

#[test]
fn divide_lists_sorted_moves_then_total() {
    let out = scoresheet(&["perft", "--divide", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let (split, total) = text
        .split_once("\n\n")
        .expect("a blank line before the total");
    assert_eq!(total, "400\n");
    let lines: Vec<&str> = split.lines().collect();
    assert_eq!(lines.len(), 20);
    assert_eq!(lines[0], "a2a3: 20");
    assert!(lines.contains(&"e2e4: 20"));
    assert_eq!(lines[19], "h2h4: 20");
    let mut sorted = lines.clone();
    sorted.sort_unstable();
    assert_eq!(lines, sorted);
}

#[test]
fn divide_shows_castling_and_promotion_in_coordinates() {
    let fen = "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let out = scoresheet(&["perft", "--fen", fen, "--divide", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for line in ["e1g1: 1", "e1c1: 1", "b7a8q: 1", "b7b8n: 1"] {
        assert!(
            text.lines().any(|l| l == line),
            "{line} missing in:\n{text}"
        );
    }
}

#[test]
fn bad_fen_is_a_usage_error_naming_the_field() {
    let out = scoresheet(&["perft", "--fen", "8/8/8/8/8/8/8/KK5k w - - 0 1", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert_eq!(
        stderr(&out),
        "error: --fen: invalid FEN piece placement field: white has 2 kings\n"
    );

    let out = scoresheet(&["perft", "--fen", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("side to move"), "{}", stderr(&out));
}

#[test]
fn missing_depth_is_a_usage_error() {
    let out = scoresheet(&["perft"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("DEPTH"), "{}", stderr(&out));
}

#[test]
fn json_output_parses() {
    let out = scoresheet(&["perft", "--format", "json", "--fen", KIWIPETE, "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("valid JSON");
    assert_eq!(value["nodes"], 48);
    assert_eq!(value["depth"], 1);
    assert_eq!(value["fen"], format!("{KIWIPETE} 0 1"));
    assert!(value.get("divide").is_none());
}

#[test]
fn json_output_with_divide() {
    let out = scoresheet(&["perft", "--format", "json", "--divide", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("valid JSON");
    assert_eq!(value["nodes"], 400);
    let divide = value["divide"].as_array().expect("divide entries");
    assert_eq!(divide.len(), 20);
    assert_eq!(divide[0]["move"], "a2a3");
    assert_eq!(divide[0]["nodes"], 20);
}

#[test]
fn help_exits_zero() {
    let out = scoresheet(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("perft"));
}
