//! `scoresheet export` run as a user runs it: each format written and read back (Parquet with
//! the parquet crate's Arrow reader), the column names and types, a bad game's row, offsets
//! at each game's first byte, compressed input, the exit status, and memory bounded by the
//! row group.

#![cfg(feature = "export")]

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use arrow_array::cast::AsArray;
use arrow_array::types::{Int16Type, UInt64Type};
use arrow_array::{Array, RecordBatch};
use arrow_schema::{DataType, SchemaRef, TimeUnit};
use common::{text, workspace};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("export-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn scoresheet(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Output {
    common::run(dir, args, stdin)
}

/// The bundled sample and a game with an illegal move after it.
fn input(dir: &Path) -> (PathBuf, Vec<u8>) {
    let mut bytes = fs::read(workspace().join("corpus/samples/club-games.pgn")).unwrap();
    bytes.extend_from_slice(
        b"[Event \"Bad\"]\n[White \"Ill\"]\n[WhiteElo \"2400\"]\n[UTCDate \"2013.01.02\"]\n\
          [UTCTime \"10:20:30\"]\n\n1. e4 e5 2. Ke3 *\n",
    );
    let path = dir.join("games.pgn");
    fs::write(&path, &bytes).unwrap();
    (path, bytes)
}

/// Where each game of `bytes` starts: its `[Event` line.
fn starts(bytes: &[u8]) -> Vec<u64> {
    (0..bytes.len())
        .filter(|&k| bytes[k..].starts_with(b"[Event ") && (k == 0 || bytes[k - 1] == b'\n'))
        .map(|k| k as u64)
        .collect()
}

fn check_types(schema: &SchemaRef) {
    let ty = |name: &str| schema.field_with_name(name).unwrap().data_type().clone();
    assert_eq!(ty("WhiteElo"), DataType::Int16);
    assert_eq!(ty("BlackRatingDiff"), DataType::Int16);
    assert_eq!(ty("UTCDate"), DataType::Date32);
    assert_eq!(ty("UTCTime"), DataType::Time32(TimeUnit::Millisecond));
    assert_eq!(ty("Event"), DataType::Utf8);
    assert!(matches!(ty("uci"), DataType::List(_)));
    assert!(matches!(ty("other_tags"), DataType::Map(..)));
    assert_eq!(ty("valid"), DataType::Boolean);
    assert_eq!(ty("source_offset"), DataType::UInt64);
    assert_eq!(ty("movetext_fr"), DataType::Utf8);
}

/// The checks every binary format's batches pass: four rows, the bad one last.
fn check_rows(batches: &[RecordBatch], bytes: &[u8]) {
    let rows: usize = batches.iter().map(RecordBatch::num_rows).sum();
    assert_eq!(rows, 4);
    let column = |name: &str| -> Vec<std::sync::Arc<dyn Array>> {
        batches
            .iter()
            .map(|b| b.column_by_name(name).unwrap().clone())
            .collect()
    };
    let valid: Vec<bool> = column("valid")
        .iter()
        .flat_map(|c| {
            let c = c.as_boolean().clone();
            (0..c.len()).map(move |k| c.value(k))
        })
        .collect();
    assert_eq!(valid, [true, true, true, false]);
    let offsets: Vec<u64> = column("source_offset")
        .iter()
        .flat_map(|c| c.as_primitive::<UInt64Type>().values().to_vec())
        .collect();
    assert_eq!(offsets, starts(bytes));
    let last = batches.last().unwrap();
    let k = last.num_rows() - 1;
    let error = last.column_by_name("error").unwrap().as_struct();
    assert_eq!(error.column(0).as_string::<i32>().value(k), "move.illegal");
    let elo = last.column_by_name("WhiteElo").unwrap();
    assert_eq!(elo.as_primitive::<Int16Type>().value(k), 2400);
    assert!(last.column_by_name("uci").unwrap().is_null(k));
    assert!(last.column_by_name("source_frame").unwrap().is_null(k));
}

#[test]
#[cfg(feature = "parquet")]
fn parquet_reads_back_with_its_types_in_row_groups() {
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    let dir = scratch("parquet");
    let (path, bytes) = input(&dir);
    let out = scoresheet(
        &dir,
        &[
            "export",
            "--to",
            "fr",
            "--row-group-rows",
            "3",
            "-o",
            "games.parquet",
            path.to_str().unwrap(),
        ],
        None,
    );
    // The bad game is exported, and the status says something failed, as `check` says it.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("illegal move Ke3"), "{stderr}");
    assert!(
        stderr.contains("exported 4 games to games.parquet as Parquet (3 valid; 1 error,"),
        "{stderr}"
    );
    let file = fs::File::open(dir.join("games.parquet")).unwrap();
    let builder = ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
    let metadata = builder.metadata().clone();
    assert_eq!(metadata.num_row_groups(), 2);
    let column = metadata.row_group(0).column(0);
    assert_eq!(
        column.compression(),
        parquet::basic::Compression::ZSTD(parquet::basic::ZstdLevel::default())
    );
    check_types(builder.schema());
    let batches: Vec<RecordBatch> = builder.build().unwrap().collect::<Result<_, _>>().unwrap();
    check_rows(&batches, &bytes);
}

#[test]
fn ipc_reads_back_with_the_same_rows() {
    let dir = scratch("ipc");
    let (path, bytes) = input(&dir);
    let out = scoresheet(
        &dir,
        &[
            "export",
            "-q",
            "--to",
            "fr",
            "-o",
            "games.arrow",
            path.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let file = fs::File::open(dir.join("games.arrow")).unwrap();
    let reader = arrow_ipc::reader::FileReader::try_new(file, None).unwrap();
    check_types(&reader.schema());
    let batches: Vec<RecordBatch> = reader.collect::<Result<_, _>>().unwrap();
    check_rows(&batches, &bytes);
}

#[test]
fn json_lines_hold_the_values() {
    let dir = scratch("jsonl");
    let (path, bytes) = input(&dir);
    let out = scoresheet(
        &dir,
        &[
            "export",
            "--format",
            "jsonl",
            "--to",
            "fr",
            path.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let rows: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(rows.len(), 4);
    let first = &rows[0];
    assert_eq!(first["White"], "Martin, Louise");
    assert_eq!(first["WhiteElo"], 1642);
    assert_eq!(first["game"], "chess");
    assert_eq!(first["uci"][0], "e2e4");
    assert_eq!(first["clocks"][0], 5400.0);
    assert_eq!(first["clocks"][2], serde_json::Value::Null);
    assert_eq!(first["other_tags"]["Date"], "2026.11.14");
    assert_eq!(first["valid"], true);
    assert_eq!(first["source_frame"], serde_json::Value::Null);
    assert!(
        first["source_file"]
            .as_str()
            .unwrap()
            .ends_with("games.pgn")
    );
    assert!(
        first["movetext_fr"]
            .as_str()
            .unwrap()
            .starts_with("1. e4 {[%clk 1:30:00]}")
    );
    let hash = first["game_hash"].as_str().unwrap();
    assert_eq!(hash.len(), 32);
    let bad = &rows[3];
    assert_eq!(bad["valid"], false);
    assert_eq!(bad["error"]["code"], "move.illegal");
    assert_eq!(bad["error"]["message"], "illegal move Ke3");
    assert_eq!(bad["UTCDate"], "2013-01-02");
    assert_eq!(bad["uci"], serde_json::Value::Null);
    let offsets: Vec<u64> = rows
        .iter()
        .map(|r| r["source_offset"].as_u64().unwrap())
        .collect();
    assert_eq!(offsets, starts(&bytes));
    // A second run is the same table, byte for byte.
    let again = scoresheet(
        &dir,
        &[
            "export",
            "--format",
            "jsonl",
            "--to",
            "fr",
            "-j",
            "3",
            path.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(again.stdout, out.stdout);
}

#[test]
fn csv_has_a_header_and_nested_values_as_json() {
    let dir = scratch("csv");
    let (path, _) = input(&dir);
    let out = scoresheet(
        &dir,
        &[
            "export",
            "-q",
            "--columns",
            "White,WhiteElo,uci,valid,error,source_offset",
            "-o",
            "games.csv",
            path.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let csv = fs::read_to_string(dir.join("games.csv")).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("White,WhiteElo,uci,valid,error,source_offset")
    );
    let first = lines.next().unwrap();
    assert!(
        first.starts_with("\"Martin, Louise\",1642,\"[\"\"e2e4\"\",\"\"e7e5\"\",\"\"g1f3\"\""),
        "{first}"
    );
    assert!(first.ends_with(",true,,0"), "{first}");
    let bad = csv.lines().last().unwrap();
    assert!(
        bad.starts_with(
            "Ill,2400,,false,\"{\"\"code\"\":\"\"move.illegal\"\",\"\"message\"\":\"\"illegal move Ke3\"\"}\""
        ),
        "{bad}"
    );
}

/// Text between games (a book's heading before the first game, a paragraph between two) is no
/// game: no row, a skipped-text warning, and the games after it numbered as `check` numbers
/// them, whether or not the columns need a replay.
#[test]
fn text_between_games_has_no_row() {
    let dir = scratch("prose");
    let input = b"#662\nAn agile Knight steals the show\n\n\
        [White \"Sokolsky\"]\n[Result \"1-0\"]\n\n1. d4 d5 2. c4 e6 1-0\n\n\
        Some words between the games.\n\n\
        [White \"Ill\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n";
    let path = dir.join("book.pgn");
    fs::write(&path, input).unwrap();
    for columns in ["White,uci,valid,source_offset", "White,source_offset"] {
        let out = scoresheet(
            &dir,
            &[
                "export",
                "--format",
                "jsonl",
                "--columns",
                columns,
                path.to_str().unwrap(),
            ],
            None,
        );
        let err = text(&out.stderr);
        let rows: Vec<serde_json::Value> = text(&out.stdout)
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(rows.len(), 2, "{columns}: {err}");
        assert_eq!(rows[0]["White"], "Sokolsky");
        assert_eq!(rows[1]["White"], "Ill");
        assert_eq!(err.matches("skipped text at line").count(), 2, "{err}");
        assert!(err.contains("An agile Knight"), "{err}");
        assert!(err.contains("Some words between the games."), "{err}");
        assert!(err.contains("exported 2 games"), "{err}");
        if columns.contains("valid") {
            assert_eq!(out.status.code(), Some(1), "{err}");
            assert!(err.contains("(game 2: Ill - ?)"), "{err}");
            assert!(err.contains("(1 valid;"), "{err}");
        }
    }
}

#[test]
fn compressed_stdin_exports_with_offsets_in_the_frames_text() {
    let dir = scratch("stdin");
    let (_, bytes) = input(&dir);
    let (a, b) = bytes.split_at(bytes.len() / 2);
    let mut packed = zstd::encode_all(a, 3).unwrap();
    packed.extend(zstd::encode_all(b, 3).unwrap());
    let out = scoresheet(&dir, &["export", "--format", "jsonl", "-q"], Some(&packed));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let rows: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0]["source_file"], "<stdin>");
    // Placed as a partition of `scoresheet.dask` places them: (frame, offset in its text).
    let placed: Vec<(Option<u64>, u64)> = rows
        .iter()
        .map(|r| {
            (
                r["source_frame"].as_u64(),
                r["source_offset"].as_u64().unwrap(),
            )
        })
        .collect();
    let half = a.len() as u64;
    let want: Vec<(Option<u64>, u64)> = starts(&bytes)
        .into_iter()
        .map(|s| {
            if s < half {
                (Some(0), s)
            } else {
                (Some(1), s - half)
            }
        })
        .collect();
    assert_eq!(placed, want);
}

#[test]
fn all_good_is_status_zero_and_usage_errors_are_two() {
    let dir = scratch("status");
    let sample = workspace().join("corpus/samples/club-games.pgn");
    let sample = sample.to_str().unwrap();
    let out = scoresheet(&dir, &["export", "-o", "ok.jsonl", sample], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        fs::read_to_string(dir.join("ok.jsonl"))
            .unwrap()
            .lines()
            .count(),
        3
    );
    // No game at all: a table of no rows, its CSV header still there.
    let out = scoresheet(&dir, &["export", "--format", "csv", "-"], Some(b""));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("Event,Site,White,Black,Result,"));
    assert_eq!(text(&out.stdout).lines().count(), 1);
    // No format and no extension to tell it: a usage error, and nothing written.
    let out = scoresheet(&dir, &["export", "-o", "table.out", sample], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("give --format"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.join("table.out").exists());
    let out = scoresheet(
        &dir,
        &["export", "--format", "csv", "--columns", "Elo", sample],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown column \"Elo\""));
    let out = scoresheet(
        &dir,
        &["export", "--format", "csv", "--to", "french", sample],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("did you mean `fr`?"));
    // An input that cannot be opened is said, the others exported, the status 1.
    let out = scoresheet(
        &dir,
        &["export", "-q", "-o", "some.jsonl", "missing.pgn", sample],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot open missing.pgn"));
    assert_eq!(
        fs::read_to_string(dir.join("some.jsonl"))
            .unwrap()
            .lines()
            .count(),
        3
    );
}

#[test]
fn draughts_records_export_with_manoury_moves() {
    let dir = scratch("draughts");
    fs::write(
        dir.join("game.pdn"),
        "[Event \"d\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"2-0\"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n",
    )
    .unwrap();
    let out = scoresheet(
        &dir,
        &["export", "-q", "--format", "jsonl", "game.pdn"],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let row: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(row["game"], "draughts");
    assert_eq!(row["Result"], "2-0");
    assert_eq!(
        row["uci"],
        serde_json::json!(["32-28", "19-23", "28x19", "14x23"])
    );
    assert_eq!(row["ply_count"], 4);
}

/// The first moves of a lidraughts export, as it writes clocks: PDN's `%clock`, both players'
/// times after every move, the running clock's letter in capitals.
#[test]
fn draughts_clocks_are_read_from_the_clock_command() {
    let dir = scratch("draughts-clock");
    fs::write(
        dir.join("game.pdn"),
        "[Event \"Casual Rapid game\"]\n[Site \"https://lidraughts.org/001NahOY\"]\n\
         [Result \"2-0\"]\n[GameType \"20\"]\n[TimeControl \"600+0\"]\n\n\
         1. 31-26 {[%clock w0:10:00 B0:10:00]} 18-22 {[%clock W0:10:00 b0:10:00]} \
         2. 34-30 {[%clock w0:09:57 B0:09:58]} 20-25 {[%clock W0:09:57 b0:09:58]} \
         3. 30-24 {[%clock w0:09:55 B0:09:58]} 19x30 2-0\n",
    )
    .unwrap();
    let out = scoresheet(
        &dir,
        &["export", "-q", "--format", "jsonl", "game.pdn"],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let row: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(
        row["clocks"],
        serde_json::json!([600.0, 600.0, 597.0, 598.0, 595.0, null])
    );
}

/// The peak resident memory of `scoresheet ARGS`, polled from `/proc` until it ends, in KiB.
fn peak_kib(dir: &Path, args: &[&str]) -> Option<u64> {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let status = format!("/proc/{}/status", child.id());
    let mut peak = None;
    loop {
        if let Ok(text) = fs::read_to_string(&status)
            && let Some(kib) = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        {
            peak = peak.max(Some(kib));
        }
        if child.try_wait().unwrap().is_some() {
            return peak;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

#[test]
fn memory_is_bounded_by_the_row_group_not_the_input() {
    if !Path::new("/proc/self/status").exists() {
        eprintln!("no /proc here: the memory check is left out");
        return;
    }
    let dir = scratch("memory");
    let sample = fs::read(workspace().join("corpus/samples/club-games.pgn")).unwrap();
    let write = |name: &str, copies: usize| {
        let mut bytes = Vec::with_capacity(sample.len() * copies);
        for _ in 0..copies {
            bytes.extend_from_slice(&sample);
            bytes.push(b'\n');
        }
        fs::write(dir.join(name), bytes).unwrap();
    };
    // About 0.3 MB and 2.4 MB of games (a row group of 10,000 rows would take 25 MB more).
    write("small.pgn", 250);
    write("large.pgn", 2000);
    let args = |input: &'static str, output: &'static str| {
        [
            "export",
            "-q",
            "-j",
            "1",
            "--row-group-rows",
            "100",
            "--to",
            "fr",
            "-o",
            output,
            input,
        ]
    };
    let format = if cfg!(feature = "parquet") {
        ["small.parquet", "large.parquet"]
    } else {
        ["small.arrow", "large.arrow"]
    };
    let small = peak_kib(&dir, &args("small.pgn", format[0])).unwrap();
    let large = peak_kib(&dir, &args("large.pgn", format[1])).unwrap();
    // Eight times the games; the same row groups in memory, give or take the allocator.
    assert!(
        large < small + small / 2 + 8 * 1024,
        "peak {large} KiB for 2.4 MB against {small} KiB for 0.3 MB"
    );
    assert!(fs::metadata(dir.join(format[1])).unwrap().len() > 0);
}
