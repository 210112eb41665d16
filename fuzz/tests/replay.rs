//! Every committed seed and past crash, replayed through its property on stable Rust, so that
//! plain `cargo test` keeps fixed bugs fixed without a fuzzer. A new target adds a test here and
//! a seed folder `corpus/<target>/`.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("fuzz/ sits in the workspace root")
        .to_path_buf()
}

/// The files of `dir`, sorted; none when the folder does not exist.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("readable folder").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

fn replay(target: &str, property: fn(&[u8])) -> usize {
    let root = root();
    let mut count = 0;
    for dir in [
        root.join("corpus").join(target),
        root.join("corpus/regressions").join(target),
    ] {
        for file in files(&dir) {
            let data = std::fs::read(&file).expect("readable seed");
            let outcome = std::panic::catch_unwind(|| property(&data));
            assert!(outcome.is_ok(), "{target} fails on {}", file.display());
            count += 1;
        }
    }
    count
}

#[test]
fn fen_read_seeds() {
    let seeds = replay("fen_read", scoresheet_fuzz::fen_read);
    assert!(seeds >= 5, "{seeds} seeds");
}

#[test]
fn movegen_vs_shakmaty_seeds() {
    let seeds = replay("movegen_vs_shakmaty", scoresheet_fuzz::movegen_vs_shakmaty);
    assert!(seeds >= 3, "{seeds} seeds");
}

/// The `fen_read` seeds say by their names whether they are valid: `bad-*` must be refused, the
/// others read, so each seed covers the branch it claims to.
#[test]
fn fen_read_seed_names_match_validity() {
    for file in files(&root().join("corpus/fen_read")) {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let text = String::from_utf8(std::fs::read(&file).unwrap()).unwrap_or_default();
        let reads = text.parse::<chess_rules::Position>().is_ok();
        let expect_bad = name.starts_with("bad-") || name == "empty";
        assert_eq!(reads, !expect_bad, "{name}: {text:?}");
    }
}

#[test]
fn notation_fr_seeds() {
    let seeds = replay("notation_fr", scoresheet_fuzz::notation_fr);
    assert!(seeds >= 10, "{seeds} seeds");
}

#[test]
fn notation_descriptive_seeds() {
    let seeds = replay(
        "notation_descriptive",
        scoresheet_fuzz::notation_descriptive::notation_descriptive,
    );
    assert!(seeds >= 17, "{seeds} seeds");
}

#[test]
fn notation_manoury_seeds() {
    let seeds = replay("notation_manoury", scoresheet_fuzz::notation_manoury);
    assert!(seeds >= 3, "{seeds} seeds");
}

#[test]
fn records_seeds() {
    let seeds = replay("records", scoresheet_fuzz::records);
    assert!(seeds >= 4, "{seeds} seeds");
}

#[test]
fn notation_en_seeds() {
    let seeds = replay("notation_en", scoresheet_fuzz::notation_en);
    assert!(seeds >= 20, "{seeds} seeds");
}

#[test]
fn movegen_fen_vs_shakmaty_seeds() {
    let seeds = replay(
        "movegen_fen_vs_shakmaty",
        scoresheet_fuzz::movegen_fen_vs_shakmaty,
    );
    assert!(seeds >= 12, "{seeds} seeds");
}

#[test]
fn draughts_vs_reference_seeds() {
    let seeds = replay(
        "draughts_vs_reference",
        scoresheet_fuzz::draughts_vs_reference,
    );
    assert!(seeds >= 15, "{seeds} seeds");
}

#[test]
fn game_replay_seeds() {
    let seeds = replay("game_replay", scoresheet_fuzz::game_replay);
    assert!(seeds >= 14, "{seeds} seeds");
}

#[test]
fn detect_seeds() {
    let seeds = replay("detect", scoresheet_fuzz::detect);
    assert!(seeds >= 14, "{seeds} seeds");
}

#[test]
fn diagram_seeds() {
    let seeds = replay("diagram", scoresheet_fuzz::diagram);
    assert!(seeds >= 7, "{seeds} seeds");
}

#[test]
fn sheet_seeds() {
    let seeds = replay("sheet", scoresheet_fuzz::sheet);
    assert!(seeds >= 6, "{seeds} seeds");
}

#[test]
fn export_seeds() {
    let seeds = replay("export", scoresheet_fuzz::export);
    assert!(seeds >= 10, "{seeds} seeds");
}

#[test]
fn fmt_splice_seeds() {
    let seeds = replay("fmt_splice", scoresheet_fuzz::fmt_splice);
    assert!(seeds >= 10, "{seeds} seeds");
}

/// The raw-FEN seeds of `movegen_fen_vs_shakmaty` reach the comparison (both libraries read
/// them), but those named `raw-refused-*`, which ours must refuse.
#[test]
fn movegen_fen_raw_seeds_read() {
    for file in files(&root().join("corpus/movegen_fen_vs_shakmaty")) {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let Some(kind) = name.strip_prefix("raw-") else {
            continue;
        };
        let data = std::fs::read(&file).unwrap();
        let text = std::str::from_utf8(&data[1..]).unwrap();
        let ours = chess_rules::Position::from_fen(text).is_ok();
        assert_eq!(ours, !kind.starts_with("refused-"), "{name}: {text}");
        if ours {
            assert!(text.parse::<shakmaty::fen::Fen>().is_ok(), "{name}: {text}");
        }
    }
}

/// The FEN seeds of `draughts_vs_reference` (first byte 2) read, so they reach the comparison.
#[test]
fn draughts_fen_seeds_read() {
    let mut count = 0;
    for file in files(&root().join("corpus/draughts_vs_reference")) {
        let data = std::fs::read(&file).unwrap();
        if data.first() != Some(&2) {
            continue;
        }
        let text = std::str::from_utf8(&data[1..]).unwrap();
        assert!(
            draughts_rules::Position::from_fen(text).is_ok(),
            "{}: {text}",
            file.display()
        );
        count += 1;
    }
    assert!(count >= 10, "{count} FEN seeds");
}
