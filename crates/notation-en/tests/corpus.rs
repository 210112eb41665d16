//! The PGN files of `../shared/corpus/pgn/` (python-chess's and pgn-extract's test inputs): every
//! file reads, every chess game replays legally or fails with the exact diagnostic, and the
//! English-to-English conversion is a fixed point.

use std::path::PathBuf;

use board_core::{Dialect, Output, ReadError, RecordReader, replay};
use chess_rules::Position;
use notation_en::Algebraic;

/// The PGN files of the shared corpus, sorted; none when it is absent (a failure under `CI`).
fn pgn_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["pgn/python-chess", "pgn/pgn-extract"] {
        if let Some(dir) = testkit::corpus::shared(dir) {
            files.extend(testkit::corpus::files(&dir, "pgn"));
        }
    }
    files.sort();
    files
}

/// Converts a whole file to English SAN; returns the output and the rendered errors.
fn convert(name: &str, bytes: &[u8]) -> (String, Vec<String>, usize) {
    let dialect = Dialect::pgn();
    let mut out = String::new();
    let mut errors = Vec::new();
    let mut games = 0;
    for item in RecordReader::new(bytes, Dialect::pgn()) {
        let game = match item {
            Ok(game) => game,
            Err(ReadError::Game(err)) => {
                errors.push(err.render(name));
                continue;
            }
            Err(err) => panic!("{name}: {err}"),
        };
        games += 1;
        let replayed = replay::<Position, _, _>(
            &game,
            &Algebraic::ENGLISH,
            Some(Output {
                notation: &Algebraic::ENGLISH,
                dialect: &dialect,
                out: &mut out,
            }),
        );
        errors.extend(
            replayed
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .map(|d| game.render(d, name)),
        );
    }
    (out, errors, games)
}

#[test]
fn every_file_reads_and_replays_or_names_the_wrong_move() {
    let files = pgn_files();
    let mut all_errors = Vec::new();
    let mut total_games = 0;
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(path).unwrap();
        let (_, errors, games) = convert(&name, &bytes);
        total_games += games;
        all_errors.extend(errors);
    }
    if files.is_empty() {
        return;
    }
    assert!(total_games > 350, "{total_games}");
    let firsts: Vec<&str> = all_errors
        .iter()
        .map(|e| e.lines().next().unwrap())
        .collect();
    assert_eq!(
        firsts,
        [
            "error: `}` closes no comment",
            "error: White is checkmated, so the result is 0-1, not 1-0",
            "error: White is stalemated, so the game is drawn, not 0-1",
            "error: Black is checkmated, so the result is 1-0, not 1/2-1/2",
            "error: Black is checkmated, so the result is 1-0, not 0-1",
            "error: Black is checkmated, so the result is 1-0, not 1/2-1/2",
            "error: variant \"Antichess\" is not chess: its rules are not supported",
            "error: variant \"Antichess\" is not chess: its rules are not supported",
            "error: variant \"Crazyhouse\" is not chess: its rules are not supported",
            "error: variant \"Crazyhouse\" is not chess: its rules are not supported",
        ],
        "{}",
        all_errors.join("\n")
    );
    let mate = all_errors
        .iter()
        .find(|e| e.contains("White is checkmated"))
        .unwrap();
    assert!(
        mate.contains(
            "--> test-fixresulttags-in.pgn:13:60 (game 1: Acosta,Florencia - Fernandez,Maria)"
        ),
        "{mate}"
    );
    assert!(mate.contains("13 | Rd4 Rc2 27. Qb1 Ng4 28. a4 Nxh2 29. Rde4 Nf3 30. Qxc2 Qh5# 1-0\n"));
}

#[test]
fn english_to_english_is_a_fixed_point() {
    for path in pgn_files() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        let (once, _, _) = convert(&name, &bytes);
        let (twice, errors, _) = convert(&name, once.as_bytes());
        assert!(errors.is_empty(), "{name}: {errors:?}");
        assert_eq!(once, twice, "{name}");
    }
}

/// The comments (white space folded), NAGs and variation starts of the games that replay.
fn annotations(bytes: &[u8]) -> Vec<String> {
    let mut seen = Vec::new();
    for game in RecordReader::new(bytes, Dialect::pgn()).filter_map(Result::ok) {
        if replay::<Position, _, _>(&game, &Algebraic::ENGLISH, None::<Output<'_, Algebraic>>)
            .has_errors()
        {
            continue;
        }
        for element in game.elements() {
            match element {
                board_core::Element::Comment(c) => {
                    seen.push(c.text.split_whitespace().collect::<Vec<_>>().join(" "));
                }
                board_core::Element::Nag(n) => seen.push(format!("${}", n.value)),
                board_core::Element::StartVariation(_) => seen.push("(".into()),
                _ => {}
            }
        }
    }
    seen
}

#[test]
fn comments_nags_and_variations_survive_conversion() {
    let mut checked = 0;
    for path in pgn_files() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        let (out, _, _) = convert(&name, &bytes);
        let before = annotations(&bytes);
        assert_eq!(annotations(out.as_bytes()), before, "{name}");
        checked += before.len();
    }
    assert!(checked > 500 || pgn_files().is_empty(), "{checked}");
}

#[test]
fn clock_commands_are_kept_verbatim() {
    let source = "[Event \"Blitz\"]\n\n1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:02:58] [%eval 0.17] } 2. Nf3!? $14 *\n";
    let (out, errors, _) = convert("clock.pgn", source.as_bytes());
    assert!(errors.is_empty(), "{errors:?}");
    assert!(
        out.contains(
            "1. e4 {[%clk 0:03:00]} 1... e5 {[%clk 0:02:58] [%eval 0.17]} 2. Nf3 $5 $14 *"
        ),
        "{out}"
    );
}
