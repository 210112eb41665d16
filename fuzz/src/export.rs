//! `scoresheet export` on raw bytes: the games table built from any input, and (with the
//! crate's feature `cli-export`, on in the stable replay of the seeds) the command run in
//! process on the same bytes, writing JSON Lines and CSV.
//!
//! libFuzzer runs the table part only: arrow's writers, built with sanitizers, were most of
//! fuzzing's CI time, and `crates/cli/tests/export.rs` tests them on real files.
//!
//! # Examples
//!
//! ```
//! scoresheet_fuzz::export(b"\x00[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\njunk {\n\n1. Kf4 *\n");
//! scoresheet_fuzz::export(b"\x001. e4 e5 *\n\njunk between games\n\n\xff\xff*\n");
//! scoresheet_fuzz::export(b"\x01[GameType \"20\"]\n\n1. 32-28 19-23 *\n");
//! ```

#[cfg(feature = "cli-export")]
use std::path::PathBuf;
#[cfg(feature = "cli-export")]
use std::process::ExitCode;
#[cfg(feature = "cli-export")]
use std::sync::atomic::{AtomicUsize, Ordering};

use arrow_array::RecordBatch;
use arrow_array::cast::AsArray;
use arrow_array::types::UInt64Type;
use board_core::{Dialect, ReadError, RecordReader};
use game_table::{Game, Provenance, Table, TableOptions};

/// The first byte chooses the game (bit 0: chess or draughts), the threads (bit 1: one or
/// two) and the rows per batch (bits 2-4: 1 to 8); the rest is the input.
///
/// - Building the table never panics and never fails on bytes (only a failing reader could
///   make it fail, and this one does not);
/// - every game one record reader of the input finds, read or refused, is one row, in order,
///   its `source_offset` where that reader starts it, but for the records of text between
///   games (`RawGame::is_skipped_text`), which the summary counts as skipped and which have
///   no row; the summary counts each row as valid or not, and `valid` says the same;
/// - no batch holds more rows than asked;
/// - with the feature `cli-export`: `scoresheet export` on the input as a file exits 0 or 1
///   (1 exactly when a game is not valid), and writes one JSON line and one CSV record per
///   row.
///
/// # Panics
///
/// When the property does not hold.
pub fn export(data: &[u8]) {
    let Some((&mode, file)) = data.split_first() else {
        return;
    };
    let (game, dialect) = if mode & 1 == 0 {
        (Game::Chess, Dialect::pgn())
    } else {
        (Game::Draughts, notation_manoury::dialect())
    };
    let batch_rows = 1 + usize::from((mode >> 2) & 7);
    let table = Table::new(TableOptions {
        game,
        batch_rows,
        jobs: 1 + usize::from((mode >> 1) & 1),
        to: Vec::new(),
        ..TableOptions::default()
    })
    .expect("the default notations exist");
    let mut read = table.read(file, Provenance::plain("fuzz"));
    let batches: Vec<RecordBatch> = read
        .by_ref()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("the table fails on bytes: {e}"));
    let summary = read.summary();
    let starts: Vec<u64> = RecordReader::new(file, dialect)
        .filter_map(|item| match item {
            Ok(game) => Some(game.offset()),
            Err(ReadError::Game(e)) => Some(e.offset()),
            Err(_) => None,
        })
        .collect();
    let rows: usize = batches.iter().map(RecordBatch::num_rows).sum();
    assert_eq!(rows + summary.skipped, starts.len(), "rows and games");
    assert_eq!(summary.games, rows, "games counted and rows");
    assert_eq!(
        summary.valid + summary.invalid,
        rows,
        "every row valid or not"
    );
    assert!(batches.iter().all(|b| b.num_rows() <= batch_rows));
    let mut offsets = Vec::with_capacity(rows);
    let mut valid = 0;
    for batch in &batches {
        let column = batch.column_by_name("source_offset").expect("a column");
        offsets.extend_from_slice(column.as_primitive::<UInt64Type>().values());
        let column = batch.column_by_name("valid").expect("a column");
        valid += column.as_boolean().true_count();
    }
    // The rows' offsets are the records' in order, the skipped ones left out.
    let mut records = starts.iter();
    let mut left_out = 0;
    for offset in &offsets {
        loop {
            let start = records
                .next()
                .expect("each row where a game starts, in order");
            if start == offset {
                break;
            }
            left_out += 1;
        }
    }
    left_out += records.count();
    assert_eq!(left_out, summary.skipped, "only skipped text has no row");
    assert_eq!(valid, summary.valid, "valid rows and valid games");
    #[cfg(feature = "cli-export")]
    command_writes_every_row(file, game, rows, summary.invalid);
}

/// `scoresheet export` on `file` (records of `game`) exits 1 exactly when some of its `rows`
/// games are `invalid`, and writes one JSON line and one CSV record per row.
#[cfg(feature = "cli-export")]
fn command_writes_every_row(file: &[u8], game: Game, rows: usize, invalid: usize) {
    // The table above reads in the game's default notation; the command, which detects one
    // when none is named, is told the same.
    let (ext, from) = if game == Game::Chess {
        ("pgn", "en")
    } else {
        ("pdn", "manoury")
    };
    let dir = scratch_dir();
    let input = dir.join(format!("input.{ext}"));
    std::fs::write(&input, file).expect("a writable scratch folder");
    for (format, lines) in [("jsonl", rows), ("csv", rows + 1)] {
        let output = dir.join(format!("table.{format}"));
        let code = scoresheet::run([
            "scoresheet".into(),
            "export".into(),
            "-q".into(),
            "--from".into(),
            from.into(),
            "-j".into(),
            "1".into(),
            "-o".into(),
            output.clone().into_os_string(),
            input.clone().into_os_string(),
        ]);
        let expected = if invalid == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        };
        assert_eq!(
            code, expected,
            "{format}: {invalid} of {rows} games invalid"
        );
        let written = std::fs::read(&output).expect("export writes its output");
        if format == "jsonl" {
            let count = written.iter().filter(|&&b| b == b'\n').count();
            assert_eq!(count, lines, "JSON lines");
            for line in written.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
                serde_json::from_slice::<serde_json::Value>(line)
                    .unwrap_or_else(|e| panic!("a JSON line does not read: {e}"));
            }
        } else {
            let csv = String::from_utf8(written).expect("CSV is UTF-8");
            assert_eq!(records(&csv), lines, "CSV records:\n{csv}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(feature = "cli-export")]
/// Records of a CSV text, counting line ends outside quotes.
fn records(csv: &str) -> usize {
    let mut quoted = false;
    let mut count = 0;
    for c in csv.chars() {
        match c {
            '"' => quoted = !quoted,
            '\n' if !quoted => count += 1,
            _ => {}
        }
    }
    count
}

#[cfg(feature = "cli-export")]
/// A folder of this process's own, one per call, so that parallel fuzzing jobs and tests do
/// not share files.
fn scratch_dir() -> PathBuf {
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!(
        "scoresheet-fuzz-export-{}-{call}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("a writable temporary folder");
    dir
}
