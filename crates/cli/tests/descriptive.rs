//! Descriptive notation from the command line: conversion both ways in each style, and book
//! import.

mod common;

use std::process::Output;

use common::{text, workspace};

fn scoresheet(args: &[&str], stdin: &str) -> Output {
    common::run(&workspace(), args, Some(stdin.as_bytes()))
}

const SAMPLE: &str = "corpus/samples/club-games.pgn";

#[test]
fn each_style_converts_the_sample_and_back() {
    let english = text(&scoresheet(&["convert", "--from", "en", "--to", "en", SAMPLE], "").stdout);
    for (to, style) in [
        ("descriptive", "modern"),
        ("descriptive", "old"),
        ("descriptive-fr", "document"),
        ("descriptive-fr", "fide"),
    ] {
        let there = scoresheet(
            &[
                "convert", "--from", "en", "--to", to, "--style", style, SAMPLE,
            ],
            "",
        );
        assert!(
            there.status.success(),
            "{to} {style}: {}",
            text(&there.stderr)
        );
        let back = scoresheet(
            &["convert", "--from", to, "--style", style, "--to", "en"],
            &text(&there.stdout),
        );
        assert!(
            back.status.success(),
            "{to} {style}: {}",
            text(&back.stderr)
        );
        assert_eq!(text(&back.stdout), english, "{to} {style}");
    }
    let modern = scoresheet(
        &["convert", "--from", "en", "--to", "descriptive", SAMPLE],
        "",
    );
    assert!(text(&modern.stdout).contains("4. B-R4 N-B3 5. O-O B-K2 6. R-K1 P-QN4"));
}

#[test]
fn a_book_page_imports_to_pgn() {
    let page = "GAME 1. RUY LOPEZ\n\nWhite: A. Player. Black: B. Player.\n\n        1. P - K 4                P - K 4\n        2. Kt - K B 3             Kt - Q B 3\n        3. B - Kt 5               P - Q R 3\n";
    let out = scoresheet(&["import", "--style", "old"], page);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let pgn = text(&out.stdout);
    assert!(pgn.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"), "{pgn}");
    let check = scoresheet(&["check"], &pgn);
    assert!(check.status.success());
}

#[test]
fn unknown_style_is_a_usage_error() {
    let out = scoresheet(
        &["convert", "--to", "descriptive", "--style", "fide", SAMPLE],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown style \"fide\" for descriptive"));
}
