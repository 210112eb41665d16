//! `scoresheet export` of a multi-frame zstd file places each game by its frame and its offset
//! in the frame's text (`source_frame`, `source_offset`), as the partitions of
//! `scoresheet.dask` do, whether the frame headers give their sizes or not, from a file or
//! from stdin; a plain file keeps `source_frame` null and the file's offsets.

#![cfg(feature = "export")]

mod common;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use common::{text, workspace};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("export-frames-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The bundled sample a few times over: games of every length, so that frame ends fall
/// inside games, inside tag sections, and between games.
fn games() -> Vec<u8> {
    let sample = fs::read(workspace().join("corpus/samples/club-games.pgn")).unwrap();
    let mut bytes = Vec::new();
    for _ in 0..10 {
        bytes.extend_from_slice(&sample);
        bytes.extend_from_slice(b"\n");
    }
    bytes
}

/// Where each game of `bytes` starts: its `[Event` line.
fn starts(bytes: &[u8]) -> Vec<u64> {
    (0..bytes.len())
        .filter(|&k| bytes[k..].starts_with(b"[Event ") && (k == 0 || bytes[k - 1] == b'\n'))
        .map(|k| k as u64)
        .collect()
}

/// `text` in zstd frames of `frame` bytes of text each, as pzstd writes them (a skippable
/// frame giving each frame's packed size before it), their headers with the content size or
/// without it, as a streaming compressor writes them.
fn pzstd(text: &[u8], frame: usize, sized: bool) -> Vec<u8> {
    let mut out = Vec::new();
    for part in text.chunks(frame) {
        let packed = if sized {
            zstd::encode_all(part, 3).unwrap()
        } else {
            let mut encoder = zstd::stream::write::Encoder::new(Vec::new(), 3).unwrap();
            encoder.include_contentsize(false).unwrap();
            encoder.write_all(part).unwrap();
            encoder.finish().unwrap()
        };
        out.extend(0x184D_2A50u32.to_le_bytes());
        out.extend(4u32.to_le_bytes());
        out.extend(u32::try_from(packed.len()).unwrap().to_le_bytes());
        out.extend(packed);
    }
    out
}

/// (source_file, source_frame, source_offset) of each row of a JSON Lines export.
fn provenance(jsonl: &str) -> Vec<(String, Option<u64>, u64)> {
    jsonl
        .lines()
        .map(|line| {
            let row: serde_json::Value = serde_json::from_str(line).unwrap();
            (
                row["source_file"].as_str().unwrap().to_owned(),
                row["source_frame"].as_u64(),
                row["source_offset"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// Each game start of `text`, placed in its frame of `frame` bytes of text.
fn placed(file: &str, text: &[u8], frame: usize) -> Vec<(String, Option<u64>, u64)> {
    let frame = frame as u64;
    starts(text)
        .into_iter()
        .map(|s| (file.to_owned(), Some(s / frame), s % frame))
        .collect()
}

fn export(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> String {
    let mut all = vec!["export", "--format", "jsonl", "-q", "--columns"];
    all.push("source_file,source_frame,source_offset");
    all.extend_from_slice(args);
    let out = common::run(dir, &all, stdin);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        text(&out.stderr)
    );
    text(&out.stdout)
}

#[test]
fn a_pzstd_file_places_each_game_in_its_frame() {
    let dir = scratch("pzstd");
    let text = games();
    // Frames of a few kilobytes: many frames, most games cut by one.
    let frame = 1501;
    for sized in [true, false] {
        let name = format!("games-{sized}.pgn.zst");
        fs::write(dir.join(&name), pzstd(&text, frame, sized)).unwrap();
        let got = provenance(&export(&dir, &[&name], None));
        let want = placed(&name, &text, frame);
        assert!(want.len() >= 30, "{}", want.len());
        assert!(
            want.windows(2).any(|w| w[0].1 != w[1].1),
            "the games span frames"
        );
        assert_eq!(got, want, "content size in the headers: {sized}");
    }
}

#[test]
fn zstd_on_stdin_is_placed_by_frame_too() {
    let dir = scratch("stdin");
    let text = games();
    let frame = 4096;
    let got = provenance(&export(&dir, &[], Some(&pzstd(&text, frame, false))));
    assert_eq!(got, placed("<stdin>", &text, frame));
}

#[test]
fn a_plain_file_keeps_its_offsets_and_no_frame() {
    let dir = scratch("plain");
    let text = games();
    fs::write(dir.join("games.pgn"), &text).unwrap();
    let got = provenance(&export(&dir, &["games.pgn"], None));
    let want: Vec<_> = starts(&text)
        .into_iter()
        .map(|s| ("games.pgn".to_owned(), None, s))
        .collect();
    assert_eq!(got, want);
}

/// The `uci`, `valid` and `movetext_en` cells of each row of an export without `--from`.
fn detected_rows(dir: &Path, name: &str, record: &str) -> (Vec<serde_json::Value>, String) {
    fs::write(dir.join(name), record).unwrap();
    let out = common::run(
        dir,
        &[
            "export",
            "--format",
            "jsonl",
            "--to",
            "en",
            "--columns",
            "uci,valid,movetext_en",
            name,
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let rows = text(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    (rows, text(&out.stderr))
}

#[test]
fn without_from_the_notation_is_detected_as_convert_detects_it() {
    let dir = scratch("detect");
    let uci = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"];
    let en = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0";
    for (name, moves) in [
        ("french.pgn", "1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 1-0"),
        (
            "descriptive.pgn",
            "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3 1-0",
        ),
    ] {
        let record = format!("[Event \"{name}\"]\n[Result \"1-0\"]\n\n{moves}\n\n");
        let (rows, stderr) = detected_rows(&dir, name, &record.repeat(3));
        assert_eq!(rows.len(), 3, "{name}");
        for row in &rows {
            assert_eq!(row["valid"], true, "{name}: {row}");
            assert_eq!(row["uci"], serde_json::json!(uci), "{name}");
            assert_eq!(row["movetext_en"], en, "{name}");
        }
        assert!(
            stderr.contains(&format!("note: {name}: detected")),
            "{stderr}"
        );
    }
}

/// German and Swedish write the same letters, as do Spanish and Italian: no game can tell
/// them apart, and every game was exported invalid in English letters. The first of the twins
/// decides the file, as `convert` reads it, and the note names both.
#[test]
fn letter_sets_no_game_tells_apart_still_read_the_games() {
    let dir = scratch("same-letters");
    let uci = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"];
    for (name, moves, read_as) in [
        (
            "german.pgn",
            "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 1:0",
            "de and sv",
        ),
        (
            "spanish.pgn",
            "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 1-0",
            "es and it",
        ),
    ] {
        let record = format!("[Event \"{name}\"]\n\n{moves}\n\n");
        let (rows, stderr) = detected_rows(&dir, name, &record.repeat(2));
        assert_eq!(rows.len(), 2, "{name}");
        for row in &rows {
            assert_eq!(row["valid"], true, "{name}: {row}");
            assert_eq!(row["uci"], serde_json::json!(uci), "{name}");
            assert_eq!(
                row["movetext_en"], "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0",
                "{name}"
            );
        }
        assert!(
            stderr.contains(&format!(
                "note: {name}: detected {}: only {read_as}, whose letters are spelled alike",
                &read_as[..2]
            )),
            "{stderr}"
        );
    }
}

#[test]
fn a_zstd_file_cut_in_its_start_keeps_the_games_before_the_cut() {
    let dir = scratch("cut");
    let record = games();
    let mut packed = pzstd(&record, 1501, false);
    packed.truncate(packed.len() - 40);
    fs::write(dir.join("cut.pgn.zst"), &packed).unwrap();
    let out = common::run(
        &dir,
        &[
            "export",
            "--format",
            "jsonl",
            "--columns",
            "Event,source_frame",
            "cut.pgn.zst",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("error: cannot read cut.pgn.zst"),
        "{stderr}"
    );
    let rows = text(&out.stdout).lines().count();
    assert!(rows > 20, "the games before the cut are kept: {rows}");
}
