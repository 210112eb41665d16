//! The record reader and writer on real files from `shared/corpus` (skipped when it is absent,
//! failed under `CI`).

mod common;

use std::path::{Path, PathBuf};

use board_core::{Dialect, Element, RawGame, ReadError, RecordReader};
use common::write_all;
use testkit::corpus::{self, files};

fn pgn_files(corpus: &Path) -> Vec<PathBuf> {
    let mut all = files(&corpus.join("pgn/pgn-extract"), "pgn");
    all.extend(files(&corpus.join("pgn/python-chess"), "pgn"));
    all
}

struct Outcome {
    games: Vec<RawGame>,
    errors: Vec<String>,
}

fn read(bytes: &[u8], dialect: &Dialect) -> Outcome {
    let mut outcome = Outcome {
        games: Vec::new(),
        errors: Vec::new(),
    };
    for item in RecordReader::new(bytes, dialect.clone()) {
        match item {
            Ok(game) => outcome.games.push(game),
            Err(ReadError::Game(e)) => outcome.errors.push(e.render("file")),
            Err(e) => panic!("{e}"),
        }
    }
    outcome
}

/// Moves, NAGs, comment words and variation brackets: what a round trip must keep.
fn content(game: &RawGame) -> Vec<String> {
    let mut out: Vec<String> = game
        .tags()
        .map(|t| format!("[{} {}]", t.name, t.value()))
        .collect();
    for element in game.elements() {
        match element {
            Element::MoveNumber(_) => {}
            Element::Move(t) => out.push(t.text.to_owned()),
            Element::Nag(n) => out.push(format!("${}", n.value)),
            Element::Comment(c) => {
                out.push(format!(
                    "{{{}}}",
                    c.text.split_whitespace().collect::<Vec<_>>().join(" ")
                ));
            }
            Element::StartVariation(_) => out.push("(".to_owned()),
            Element::EndVariation(_) => out.push(")".to_owned()),
        }
    }
    out.push(game.result().map_or("no result", |r| r.text).to_owned());
    out
}

/// Writes every game read from `bytes`, reads that back and writes it again: the second writing
/// must equal the first, and the games must hold the same content.
fn check_round_trip(name: &str, bytes: &[u8], dialect: &Dialect) -> Outcome {
    let first = read(bytes, dialect);
    let once = write_all(&first.games, dialect);
    let second = read(once.as_bytes(), dialect);
    assert!(second.errors.is_empty(), "{name}: {:?}", second.errors);
    assert_eq!(second.games.len(), first.games.len(), "{name}");
    let twice = write_all(&second.games, dialect);
    assert_eq!(twice, once, "{name}: writing is not a fixed point");
    for (a, b) in first.games.iter().zip(&second.games) {
        let mut expected = content(a);
        if a.result().is_none() {
            expected.pop();
        }
        let mut got = content(b);
        // The writer fills a missing roster and result.
        got.retain(|s| expected.contains(s) || !s.starts_with('['));
        if a.result().is_none() {
            got.pop();
        }
        let expected: Vec<&String> = expected.iter().filter(|s| !s.starts_with('[')).collect();
        let got: Vec<&String> = got.iter().filter(|s| !s.starts_with('[')).collect();
        assert_eq!(got, expected, "{name}: game {} changed", a.number());
    }
    first
}

#[test]
fn every_pgn_file_reads_and_writes_back_to_a_fixed_point() {
    let Some(corpus) = corpus::shared("") else {
        return;
    };
    let files = pgn_files(&corpus);
    assert!(files.len() >= 60, "{} files", files.len());
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy();
        let outcome = check_round_trip(&name, &bytes, &Dialect::pgn());
        let warnings: usize = outcome.games.iter().map(|g| g.warnings().len()).sum();
        println!(
            "{name}: {} games, {} errors, {warnings} warnings",
            outcome.games.len(),
            outcome.errors.len()
        );
        for e in &outcome.errors {
            println!("{e}");
        }
    }
}

#[test]
fn pdn_files_that_must_succeed() {
    let Some(corpus) = corpus::shared("") else {
        return;
    };
    let files = files(&corpus.join("pdn/succeed"), "pdn");
    assert!(files.len() >= 35, "{} files", files.len());
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy();
        let outcome = check_round_trip(&name, &bytes, &Dialect::pdn());
        let warnings: Vec<String> = outcome
            .games
            .iter()
            .flat_map(|g| g.warnings().iter().map(|w| format!("{}: {w}", g.number())))
            .collect();
        println!(
            "{name}: {} games, {} errors, {} warnings {:?}",
            outcome.games.len(),
            outcome.errors.len(),
            warnings.len(),
            warnings.iter().take(3).collect::<Vec<_>>()
        );
        for e in &outcome.errors {
            println!("{e}");
        }
    }
}

/// What the record reader makes of each file of `pdn/fail/`, the files that break the strict
/// PDN standard: the file, its games, its unreadable games (`line:column: message`) and its
/// warnings (`game: message`).
const FAIL_READINGS: [(&str, usize, &[&str], &[&str]); 8] = [
    (
        "40Camp.DamaInternazionaleAssoluto.pdn",
        45,
        &[],
        &[
            "11: game has no result; it ends at the next tag section, a `1.` after a blank line, or the end of the input",
        ],
    ),
    // A FEN ended by `.`: the tags are text here; the draughts set-up reads it leniently.
    ("Cat.A1.pdn", 35, &[], &[]),
    (
        "Cat.C1.pdn",
        46,
        &[],
        &[
            "43: game has no result; it ends at the next tag section, a `1.` after a blank line, or the end of the input",
        ],
    ),
    // Russian draughts squares (`c3-d4`): tokens for the notation to reject.
    ("abatsiev.pdn", 56, &[], &[]),
    // Delfts scores (`4-6`) are no result: each game ends at the next tag section.
    (
        "delfts.pdn",
        2,
        &[],
        &[
            "1: game has no result; it ends at the next tag section, a `1.` after a blank line, or the end of the input",
            "2: game has no result; it ends at the next tag section, a `1.` after a blank line, or the end of the input",
        ],
    ),
    // Czech draughts squares: for the notation to reject, as abatsiev.
    ("mrdrcd07.pdn", 72, &[], &[]),
    ("mrdrcd08.pdn", 40, &[], &[]),
    (
        "nested_comment.pdn",
        0,
        &["1:46: `}` closes no comment"],
        &[],
    ),
];

/// The files the record reader accepts whole, and the layer that rejects them, pinned in
/// `notation-manoury/tests/corpus.rs::the_files_of_fail_give_clear_errors` (every game is
/// replayed as international draughts). `Cat.A1.pdn` alone is read leniently all through:
/// its only fault, the `.` ending its FENs, is one the set-up forgives.
const FAIL_LATER: [(&str, &str); 4] = [
    ("Cat.A1.pdn", "read leniently: a FEN ended by `.`"),
    ("abatsiev.pdn", "Manoury: \"c3-d4\" is not a Manoury move"),
    ("mrdrcd07.pdn", "Manoury: \"g3-f4\" is not a Manoury move"),
    ("mrdrcd08.pdn", "Manoury: \"c3-d4\" is not a Manoury move"),
];

/// Every file of `pdn/fail/` gives what [`FAIL_READINGS`] pins: an unreadable game or a warning
/// at this layer, or it is one of [`FAIL_LATER`], which the layers above reject; a new file
/// there must be added to the table.
#[test]
fn pdn_files_that_must_fail() {
    let Some(corpus) = corpus::shared("pdn/fail") else {
        return;
    };
    let mut readings = Vec::new();
    for path in files(&corpus, "pdn") {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let mut games = 0;
        let mut errors = Vec::new();
        let mut warnings = Vec::new();
        for item in RecordReader::new(&bytes[..], Dialect::pdn()) {
            match item {
                Ok(game) => {
                    games += 1;
                    warnings.extend(
                        game.warnings()
                            .iter()
                            .map(|w| format!("{}: {}", game.number(), w.message)),
                    );
                }
                Err(ReadError::Game(e)) => {
                    let at = e.span().line_col(e.text());
                    errors.push(format!(
                        "{}:{}: {}",
                        e.first_line() + at.line - 1,
                        at.column,
                        e.kind()
                    ));
                }
                Err(e) => panic!("{name}: {e}"),
            }
        }
        let faulted = !errors.is_empty() || !warnings.is_empty();
        let later = FAIL_LATER.iter().any(|(file, _)| *file == name);
        assert!(
            faulted != later,
            "{name}: faults at this layer {faulted}, listed as rejected later {later}"
        );
        readings.push((name, games, errors, warnings));
    }
    let expected: Vec<(String, usize, Vec<String>, Vec<String>)> = FAIL_READINGS
        .iter()
        .map(|(file, games, errors, warnings)| {
            let strings = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
            (
                (*file).to_owned(),
                *games,
                strings(errors),
                strings(warnings),
            )
        })
        .collect();
    assert_eq!(readings, expected);
}

/// Game counts checked by hand: `grep -c '^\[Event '` for tagged files, the result tokens for
/// the tagless ones.
#[test]
fn game_counts_match_the_files() {
    let Some(corpus) = corpus::shared("") else {
        return;
    };
    let cases: [(&str, usize, usize); 14] = [
        ("pgn/pgn-extract/fischer.pgn", 34, 0),
        ("pgn/pgn-extract/petrosian.pgn", 35, 0),
        ("pgn/pgn-extract/odds.pgn", 32, 0),
        ("pgn/pgn-extract/bots.pgn", 12, 0),
        ("pgn/pgn-extract/test-fuzzydepth.pgn", 4, 0),
        ("pgn/pgn-extract/test-nobadresults.pgn", 9, 0),
        ("pgn/pgn-extract/test-promotion-in.pgn", 8, 0),
        ("pgn/pgn-extract/nested-comment.pgn", 0, 1),
        ("pgn/python-chess/utf8-bom.pgn", 2, 0),
        ("pgn/python-chess/antichess-programfox.pgn", 2, 0),
        ("pdn/succeed/bridges.pdn", 267, 0),
        ("pdn/succeed/ussr1947.pdn", 153, 0),
        ("pdn/succeed/fen.pdn", 3, 0),
        ("pdn/fail/mrdrcd07.pdn", 72, 0),
    ];
    for (file, games, errors) in cases {
        let dialect = if file.starts_with("pdn") {
            Dialect::pdn()
        } else {
            Dialect::pgn()
        };
        let outcome = read(&std::fs::read(corpus.join(file)).unwrap(), &dialect);
        assert_eq!(
            (outcome.games.len(), outcome.errors.len()),
            (games, errors),
            "{file}"
        );
    }
}

/// What the reader makes of particular files, as `docs/record-syntax.md` describes.
#[test]
fn documented_readings_of_odd_files() {
    let Some(corpus) = corpus::shared("") else {
        return;
    };
    let read_file =
        |file: &str, dialect: &Dialect| read(&std::fs::read(corpus.join(file)).unwrap(), dialect);

    // Latin-1: the games whose names hold accented letters are decoded and flagged.
    let odds = read_file("pgn/pgn-extract/odds.pgn", &Dialect::pgn());
    let latin1: Vec<&RawGame> = odds.games.iter().filter(|g| g.is_latin1()).collect();
    assert!(!latin1.is_empty());
    assert!(odds.games[0].tag("Black").unwrap().contains("François"));
    assert!(
        latin1
            .iter()
            .all(|g| g.warnings()[0].message.contains("Latin-1"))
    );

    // Byte-order mark: skipped, the first game starts after it.
    let bom = read_file("pgn/python-chess/utf8-bom.pgn", &Dialect::pgn());
    assert_eq!(
        (bom.games[0].offset(), bom.games[0].tag("Event").as_deref()),
        (3, Some("A"))
    );

    // Tagless games ended by `*` on each line.
    let fuzzy = read_file("pgn/pgn-extract/test-fuzzydepth.pgn", &Dialect::pgn());
    let lines: Vec<usize> = fuzzy.games.iter().map(RawGame::first_line).collect();
    assert_eq!(lines, [1, 2, 3, 4]);

    // PDN: `(!?!!!)` glued to a move stays in its token; `!?` glued is a NAG.
    let strength = read_file("pdn/succeed/movestrength.pdn", &Dialect::pdn());
    let moves: Vec<&str> = strength.games[0].moves().map(|m| m.text).collect();
    assert_eq!(moves, ["32-28", "19-23(!?!!!)", "28x19"]);

    // Delfts scoring `4-6` is no result spelling: the games end at the next tag section, with a
    // warning, and the score stays a token for the notation to reject.
    let delfts = read_file("pdn/fail/delfts.pdn", &Dialect::pdn());
    assert_eq!(delfts.games.len(), 2);
    assert!(delfts.games.iter().all(|g| g.result().is_none()));

    // Nested comments do not nest: the second `}` is an error.
    let nested = read_file("pdn/fail/nested_comment.pdn", &Dialect::pdn());
    assert_eq!(nested.errors.len(), 1);
    assert!(nested.errors[0].starts_with("error: `}` closes no comment"));
}

/// Reading with every game handed back ([`RecordReader::recycle`]) gives the same games as
/// reading without: the recycled memory carries nothing over.
#[test]
fn recycled_reading_gives_the_same_games() {
    let Some(corpus) = corpus::shared("") else {
        return;
    };
    for path in pgn_files(&corpus) {
        let bytes = std::fs::read(&path).unwrap();
        let plain = read(&bytes, &Dialect::pgn());
        let mut reader = RecordReader::new(&bytes[..], Dialect::pgn());
        let mut recycled = Vec::new();
        let mut errors = 0;
        while let Some(item) = reader.next() {
            match item {
                Ok(game) => {
                    recycled.push(game.clone());
                    reader.recycle(game);
                }
                Err(_) => errors += 1,
            }
        }
        let name = path.display();
        assert_eq!(recycled, plain.games, "{name}");
        assert_eq!(errors, plain.errors.len(), "{name}");
    }
}
