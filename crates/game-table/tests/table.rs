//! The games table on real records: the shared corpus (python-chess's and pgn-extract's test
//! files, the PDN corpus) and the bundled sample, through the public API only.

use arrow_array::cast::AsArray;
use arrow_array::types::{Date32Type, Float64Type, Int16Type, UInt32Type, UInt64Type};
use arrow_array::{Array, RecordBatch};
use arrow_schema::DataType;
use board_core::{Dialect, ReadError, RecordReader};
use game_table::{FrameStart, Game, Provenance, Table, TableOptions};

fn table(options: TableOptions) -> Table {
    Table::new(options).expect("the options are valid")
}

/// Every batch of `bytes`, read whole.
fn batches(table: &Table, bytes: &[u8], name: &str) -> Vec<RecordBatch> {
    table
        .read(bytes, Provenance::plain(name))
        .collect::<Result<_, _>>()
        .expect("the input reads")
}

fn rows(batches: &[RecordBatch]) -> usize {
    batches.iter().map(RecordBatch::num_rows).sum()
}

/// The values of text column `name` over all batches.
fn texts(batches: &[RecordBatch], name: &str) -> Vec<Option<String>> {
    batches
        .iter()
        .flat_map(|b| {
            let c = b.column_by_name(name).expect("the column exists");
            let c = c.as_string::<i32>();
            (0..c.len())
                .map(|k| (!c.is_null(k)).then(|| c.value(k).to_owned()))
                .collect::<Vec<_>>()
        })
        .collect()
}

fn bools(batches: &[RecordBatch], name: &str) -> Vec<bool> {
    batches
        .iter()
        .flat_map(|b| {
            let c = b.column_by_name(name).unwrap().as_boolean().clone();
            (0..c.len()).map(move |k| c.value(k))
        })
        .collect()
}

fn offsets(batches: &[RecordBatch]) -> Vec<u64> {
    batches
        .iter()
        .flat_map(|b| {
            let c = b.column_by_name("source_offset").unwrap();
            c.as_primitive::<UInt64Type>().values().to_vec()
        })
        .collect()
}

/// How many games (read or not) one reader of the whole input finds.
fn games_in(bytes: &[u8], dialect: Dialect) -> usize {
    RecordReader::new(bytes, dialect)
        .filter(|item| !matches!(item, Err(ReadError::Io(_))))
        .count()
}

const SAMPLE: &str = "../../corpus/samples/club-games.pgn";

#[test]
fn the_schema_has_the_lichess_names_and_types() {
    let table = table(TableOptions {
        to: vec!["fr".into(), "descriptive".into()],
        ..TableOptions::default()
    });
    let schema = table.schema();
    let names: Vec<&str> = schema.fields().iter().map(|f| f.name().as_str()).collect();
    assert_eq!(
        names,
        [
            "Event",
            "Site",
            "White",
            "Black",
            "Result",
            "WhiteTitle",
            "BlackTitle",
            "WhiteElo",
            "BlackElo",
            "WhiteRatingDiff",
            "BlackRatingDiff",
            "UTCDate",
            "UTCTime",
            "ECO",
            "Opening",
            "Termination",
            "TimeControl",
            "movetext",
            "other_tags",
            "game",
            "uci",
            "movetext_fr",
            "movetext_descriptive",
            "ply_count",
            "clocks",
            "evals",
            "mates",
            "game_hash",
            "valid",
            "error",
            "source_file",
            "source_frame",
            "source_offset",
        ]
    );
    let ty = |name: &str| schema.field_with_name(name).unwrap().data_type().clone();
    for name in ["WhiteElo", "BlackElo", "WhiteRatingDiff", "BlackRatingDiff"] {
        assert_eq!(ty(name), DataType::Int16, "{name}");
    }
    assert_eq!(ty("UTCDate"), DataType::Date32);
    assert_eq!(
        ty("UTCTime"),
        DataType::Time32(arrow_schema::TimeUnit::Millisecond)
    );
    assert!(matches!(ty("other_tags"), DataType::Map(..)));
    assert!(matches!(ty("uci"), DataType::List(f) if f.data_type() == &DataType::Utf8));
    assert!(matches!(ty("clocks"), DataType::List(f) if f.data_type() == &DataType::Float64));
    assert_eq!(ty("valid"), DataType::Boolean);
    assert!(matches!(ty("error"), DataType::Struct(f) if f.len() == 2));
    assert_eq!(ty("source_offset"), DataType::UInt64);
    assert!(!schema.field_with_name("valid").unwrap().is_nullable());
}

#[test]
fn lichess_headers_are_typed_and_odd_values_kept_in_other_tags() {
    let file = "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/abc\"]\n\
                [White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n[UTCDate \"2013.01.01\"]\n\
                [UTCTime \"00:04:03\"]\n[WhiteElo \"1639\"]\n[BlackElo \"?\"]\n\
                [WhiteRatingDiff \"+5\"]\n[BlackRatingDiff \"-5\"]\n[WhiteTitle \"BOT\"]\n\
                [ECO \"C00\"]\n[Opening \"French Defense\"]\n[TimeControl \"300+0\"]\n\
                [Termination \"Normal\"]\n[Round \"-\"]\n[Date \"2013.??.??\"]\n\n\
                1. e4 { [%eval 0.17] [%clk 0:05:00] } 1... e6 { [%eval #-3] } 2. Qh5 1-0\n";
    let table = table(TableOptions::default());
    let b = &batches(&table, file.as_bytes(), "lichess.pgn")[0];
    let col = |name: &str| b.column_by_name(name).unwrap().clone();
    assert_eq!(col("WhiteElo").as_primitive::<Int16Type>().value(0), 1639);
    assert!(col("BlackElo").is_null(0));
    assert_eq!(
        col("WhiteRatingDiff").as_primitive::<Int16Type>().value(0),
        5
    );
    assert_eq!(
        col("BlackRatingDiff").as_primitive::<Int16Type>().value(0),
        -5
    );
    assert_eq!(col("UTCDate").as_primitive::<Date32Type>().value(0), 15_706);
    let time = col("UTCTime");
    let time = time
        .as_any()
        .downcast_ref::<arrow_array::Time32MillisecondArray>()
        .unwrap();
    assert_eq!(time.value(0), 243_000);
    assert_eq!(col("WhiteTitle").as_string::<i32>().value(0), "BOT");
    assert!(col("BlackTitle").is_null(0));
    let other = col("other_tags");
    let other = other.as_map().value(0);
    let pairs: Vec<(String, String)> = (0..other.len())
        .map(|k| {
            (
                other.column(0).as_string::<i32>().value(k).to_owned(),
                other.column(1).as_string::<i32>().value(k).to_owned(),
            )
        })
        .collect();
    assert_eq!(
        pairs,
        [
            ("Round".to_owned(), "-".to_owned()),
            ("Date".to_owned(), "2013.??.??".to_owned())
        ]
    );
    let evals = col("evals");
    let evals = evals.as_list::<i32>().value(0);
    let evals = evals.as_primitive::<Float64Type>();
    assert_eq!((evals.len(), evals.value(0)), (3, 0.17));
    assert!(evals.is_null(1) && evals.is_null(2));
    let mates = col("mates");
    let mates = mates.as_list::<i32>().value(0);
    assert_eq!(mates.as_primitive::<Int16Type>().value(1), -3);
    let clocks = col("clocks");
    let clocks = clocks.as_list::<i32>().value(0);
    let clocks = clocks.as_primitive::<Float64Type>();
    assert_eq!((clocks.len(), clocks.value(0)), (3, 300.0));
    assert!(clocks.is_null(1));
    assert_eq!(col("ply_count").as_primitive::<UInt32Type>().value(0), 3);
}

/// A game without a `Result` tag has the result its movetext ends with (a new user found the
/// column null where `convert` writes the tag); a tag, even `*`, is kept as written.
#[test]
fn the_result_column_falls_back_on_the_movetext_result() {
    let file = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
                [Result \"*\"]\n\n1. d4 d5 1/2-1/2\n\n\
                1. c4 c5\n";
    let table = table(TableOptions::default());
    let b = &batches(&table, file.as_bytes(), "results.pgn")[0];
    let result = b.column_by_name("Result").unwrap();
    let result = result.as_string::<i32>();
    assert_eq!(b.num_rows(), 3);
    assert_eq!((result.value(0), result.value(1)), ("1-0", "*"));
    assert!(result.is_null(2));
}

#[test]
fn the_sample_has_clocks_uci_and_offsets_at_each_games_first_byte() {
    let bytes = std::fs::read(SAMPLE).unwrap();
    let table = table(TableOptions {
        to: vec!["fr".into()],
        ..TableOptions::default()
    });
    let b = batches(&table, &bytes, "club-games.pgn");
    assert_eq!(rows(&b), 3);
    assert_eq!(bools(&b, "valid"), [true, true, true]);
    for offset in offsets(&b) {
        assert!(
            bytes[offset as usize..].starts_with(b"[Event \"Club championship\"]"),
            "offset {offset}"
        );
    }
    let uci = b[0]
        .column_by_name("uci")
        .unwrap()
        .as_list::<i32>()
        .value(0);
    let uci = uci.as_string::<i32>();
    assert_eq!(
        (uci.value(0), uci.value(1), uci.value(2)),
        ("e2e4", "e7e5", "g1f3")
    );
    let clocks = b[0].column_by_name("clocks").unwrap();
    let clocks = clocks.as_list::<i32>().value(0);
    let clocks = clocks.as_primitive::<Float64Type>();
    assert_eq!(clocks.len(), uci.len());
    assert_eq!((clocks.value(0), clocks.value(1)), (5400.0, 5400.0));
    assert!(clocks.is_null(2));
    // The second game has no clock at all: null, not a list of nulls.
    assert!(b[0].column_by_name("clocks").unwrap().is_null(1));
    let fr = texts(&b, "movetext_fr");
    assert!(
        fr[1]
            .as_deref()
            .unwrap()
            .starts_with("1. e4 e5 2. Cf3 d6 3. Fc4 Fg4")
    );
    assert!(
        fr[1]
            .as_deref()
            .unwrap()
            .ends_with("7. Cd5# {Legal's mate.} 1-0")
    );
    assert!(!fr[0].as_deref().unwrap().contains('\n'));
}

#[test]
fn a_bad_game_is_a_row_with_its_first_error() {
    let file = "[White \"ok\"]\n\n1. e4 e5 *\n\n[White \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n\
                [White \"unclosed\"]\n\n1. e4 {never closed\n";
    let table = table(TableOptions::default());
    let mut read = table.read(file.as_bytes(), Provenance::plain("bad.pgn"));
    let b: Vec<RecordBatch> = read.by_ref().collect::<Result<_, _>>().unwrap();
    assert_eq!(rows(&b), 3);
    assert_eq!(bools(&b, "valid"), [true, false, false]);
    let error = b[0].column_by_name("error").unwrap().as_struct().clone();
    assert!(error.is_null(0));
    assert_eq!(error.column(0).as_string::<i32>().value(1), "move.illegal");
    assert!(error.column(1).as_string::<i32>().value(1).contains("Ke3"));
    // A game the reader gave up on keeps its text, tags included.
    assert_eq!(
        error.column(0).as_string::<i32>().value(2),
        "record.unterminated-comment"
    );
    let movetext = texts(&b, "movetext");
    assert!(
        movetext[2]
            .as_deref()
            .unwrap()
            .starts_with("[White \"unclosed\"]")
    );
    assert_eq!(movetext[1].as_deref(), Some("1. e4 e5 2. Ke3 *"));
    assert!(b[0].column_by_name("uci").unwrap().is_null(1));
    assert!(b[0].column_by_name("game_hash").unwrap().is_null(1));
    assert_eq!(
        b[0].column_by_name("White")
            .unwrap()
            .as_string::<i32>()
            .value(1),
        "bad"
    );
    let summary = read.summary();
    assert_eq!((summary.games, summary.valid, summary.invalid), (3, 1, 2));
    assert_eq!(summary.errors, 2);
    for offset in offsets(&b) {
        assert_eq!(file.as_bytes()[offset as usize], b'[');
    }
}

#[test]
fn game_hash_is_the_start_position_and_main_line() {
    let table = table(TableOptions::default());
    let hash = |file: &str| texts(&batches(&table, file.as_bytes(), "h.pgn"), "game_hash");
    let plain = hash("1. e4 e5 2. Nf3 (2. Nc3) Nc6 { text } *\n");
    // The same moves, another result, tags, comments and variation: the same game.
    let same = hash(
        "[White \"x\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\
         [SetUp \"1\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n",
    );
    assert_eq!(plain, same);
    assert_ne!(plain, hash("1. e4 e5 2. Nf3 Nf6 *\n"));
    // Fixed by the algorithm (XXH3-128, seed 0) and the key's bytes, so it may be compared
    // across runs, versions and machines: a change here breaks every stored table.
    assert_eq!(
        plain[0].as_deref(),
        Some(
            format!(
                "{:032x}",
                twox_hash_of(
                    "chess\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\ne2e4 e7e5 g1f3 b8c6 "
                )
            )
            .as_str()
        )
    );
    assert_eq!(plain[0].as_deref(), Some(PINNED));
}

/// The hash of `1. e4 e5 2. Nf3 Nc6` from the standard start, as written by the first version.
const PINNED: &str = "60de225bfe4efb74848bcd66bb42ba84";

/// XXH3-128 as the reference crate computes it.
fn twox_hash_of(key: &str) -> u128 {
    twox_hash::XxHash3_128::oneshot(key.as_bytes())
}

#[test]
fn columns_are_chosen_and_unknown_ones_refused() {
    let t = table(TableOptions {
        columns: Some(vec!["source_offset".into(), "White".into()]),
        ..TableOptions::default()
    });
    let names: Vec<String> = t
        .schema()
        .fields()
        .iter()
        .map(|f| f.name().clone())
        .collect();
    assert_eq!(names, ["White", "source_offset"]);
    let b = batches(&t, b"[White \"w\"]\n\n1. e4 Ke7 *\n", "c.pgn");
    assert_eq!(b[0].num_columns(), 2);
    let err = Table::new(TableOptions {
        columns: Some(vec!["whiteelo".into()]),
        ..TableOptions::default()
    })
    .unwrap_err();
    assert!(
        err.to_string().contains("unknown column \"whiteelo\""),
        "{err}"
    );
    let err = Table::new(TableOptions {
        to: vec!["french".into()],
        ..TableOptions::default()
    })
    .unwrap_err();
    assert!(err.to_string().contains("did you mean `fr`?"), "{err}");
}

#[test]
fn batches_are_bounded_and_the_same_for_any_number_of_jobs() {
    let Some(bytes) = testkit::corpus::read("pgn/pgn-extract/fischer.pgn") else {
        return;
    };
    let options = |jobs| TableOptions {
        batch_rows: 5,
        jobs,
        ..TableOptions::default()
    };
    let one = batches(&table(options(1)), &bytes, "fischer.pgn");
    let three = batches(&table(options(3)), &bytes, "fischer.pgn");
    assert!(one.iter().all(|b| b.num_rows() <= 5));
    assert!(three.iter().all(|b| b.num_rows() <= 5));
    assert_eq!(rows(&one), games_in(&bytes, Dialect::pgn()));
    assert_eq!(row_texts(&one), row_texts(&three));
}

/// The rows of `batches` as JSON-ish text, column by column, to compare tables.
fn row_texts(batches: &[RecordBatch]) -> Vec<String> {
    let mut out = Vec::new();
    for b in batches {
        for k in 0..b.num_rows() {
            let row: Vec<String> = b
                .columns()
                .iter()
                .map(|c| format!("{:?}", c.slice(k, 1)))
                .collect();
            out.push(row.join("|"));
        }
    }
    out
}

#[test]
fn every_game_of_pgn_extracts_test_files_is_a_row() {
    let Some(dir) = testkit::corpus::shared("pgn/pgn-extract") else {
        return;
    };
    let table = table(TableOptions::default());
    let mut files = 0;
    for path in testkit::corpus::files(&dir, "pgn") {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.display().to_string();
        let mut read = table.read(&bytes[..], Provenance::plain(name.as_str()));
        let b: Vec<RecordBatch> = read.by_ref().collect::<Result<_, _>>().unwrap();
        let summary = read.summary();
        assert_eq!(rows(&b), summary.games, "{name}");
        assert_eq!(summary.games, games_in(&bytes, Dialect::pgn()), "{name}");
        assert_eq!(summary.valid + summary.invalid, summary.games, "{name}");
        assert_eq!(
            bools(&b, "valid").iter().filter(|v| **v).count(),
            summary.valid,
            "{name}"
        );
        // Each game's offset is where one reader of the whole file starts it.
        let starts: Vec<u64> = RecordReader::new(&bytes[..], Dialect::pgn())
            .filter_map(|item| match item {
                Ok(game) => Some(game.offset()),
                Err(ReadError::Game(e)) => Some(e.offset()),
                Err(_) => None,
            })
            .collect();
        assert_eq!(offsets(&b), starts, "{name}");
        files += 1;
    }
    assert!(files > 20, "{files} files");
}

#[test]
fn draughts_games_fill_the_same_table() {
    let Some(dir) = testkit::corpus::shared("pdn/succeed") else {
        return;
    };
    let table = table(TableOptions {
        game: Game::Draughts,
        ..TableOptions::default()
    });
    let mut valid = 0;
    for path in testkit::corpus::files(&dir, "pdn") {
        let bytes = std::fs::read(&path).unwrap();
        let b = batches(&table, &bytes, "d.pdn");
        assert_eq!(
            rows(&b),
            games_in(&bytes, notation_manoury::dialect()),
            "{}",
            path.display()
        );
        for batch in &b {
            let games = batch.column_by_name("game").unwrap().as_string::<i32>();
            assert!((0..games.len()).all(|k| games.value(k) == "draughts"));
            let uci = batch.column_by_name("uci").unwrap().as_list::<i32>();
            let valid_col = batch.column_by_name("valid").unwrap().as_boolean();
            for k in 0..batch.num_rows() {
                if valid_col.value(k) {
                    valid += 1;
                    let moves = uci.value(k);
                    let moves = moves.as_string::<i32>();
                    // Manoury moves: squares 1 to 50 joined by `-` or `x`.
                    for m in 0..moves.len() {
                        let mv = moves.value(m);
                        assert!(
                            mv.split(['-', 'x'])
                                .all(|sq| sq.parse::<u8>().is_ok_and(|n| (1..=50).contains(&n))),
                            "{mv}"
                        );
                    }
                }
            }
        }
    }
    assert!(valid > 10, "{valid} valid draughts games");
}

#[test]
fn framed_provenance_places_games_in_their_frame() {
    let provenance = Provenance::framed(
        "f.pgn.zst",
        vec![
            FrameStart {
                frame: 3,
                offset: 0,
            },
            FrameStart {
                frame: 4,
                offset: 100,
            },
        ],
    );
    assert_eq!(provenance.locate(0), (Some(3), 0));
    assert_eq!(provenance.locate(99), (Some(3), 99));
    assert_eq!(provenance.locate(100), (Some(4), 0));
    assert_eq!(provenance.locate(250), (Some(4), 150));
    assert_eq!(Provenance::plain("p").locate(7), (None, 7));
    let table = table(TableOptions::default());
    let text = "1. e4 *\n[White \"two\"]\n\n1. d4 *\n";
    let padded = format!("{text:<100}");
    let file = format!("{padded}[White \"three\"]\n\n1. c4 *\n");
    let b: Vec<RecordBatch> = table
        .read(file.as_bytes(), provenance)
        .collect::<Result<_, _>>()
        .unwrap();
    let frames = b[0].column_by_name("source_frame").unwrap();
    let frames = frames.as_primitive::<UInt64Type>();
    assert_eq!(frames.values().to_vec(), [3, 3, 4]);
    assert_eq!(offsets(&b), [0, 8, 0]);
}

/// What a binding needs to hand the batches to another thread (a Python
/// `RecordBatchReader` released from the GIL): the reader and the table are `Send`, the
/// table `Sync` too.
#[test]
fn batches_move_between_threads() {
    fn send<T: Send>() {}
    fn sync<T: Sync>() {}
    send::<game_table::GameBatches<std::fs::File>>();
    send::<Table>();
    sync::<Table>();
    let table = table(TableOptions::default());
    let handle = std::thread::spawn(move || {
        let batches = table.read(&b"1. e4 *\n"[..], Provenance::plain("t"));
        batches.map(|b| b.unwrap().num_rows()).sum::<usize>()
    });
    assert_eq!(handle.join().unwrap(), 1);
}

/// Text handed over a few bytes at a time, telling `log` where each "frame" of `frame` bytes
/// begins as the reading reaches it, as `record_input::Decompressed::on_frame` does.
struct Framed<'a> {
    text: &'a [u8],
    at: usize,
    frame: usize,
    log: game_table::FrameLog,
}

impl std::io::Read for Framed<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.text.len() {
            return Ok(0);
        }
        if self.at.is_multiple_of(self.frame) {
            self.log.push(FrameStart {
                frame: (self.at / self.frame) as u64,
                offset: self.at as u64,
            });
        }
        // Never past the next frame's start, nor more than a few bytes.
        let end = (self.at / self.frame + 1) * self.frame;
        let n = buf
            .len()
            .min(end - self.at)
            .min(7)
            .min(self.text.len() - self.at);
        buf[..n].copy_from_slice(&self.text[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[test]
fn a_provenance_that_follows_a_log_places_games_in_frames_told_as_they_come() {
    let record = "[Event \"x\"]\n\n1. e4 e5 1-0\n\n";
    let text = record.repeat(40);
    let frame = 100;
    let log = game_table::FrameLog::new();
    let reader = Framed {
        text: text.as_bytes(),
        at: 0,
        frame,
        log: log.clone(),
    };
    let table = table(TableOptions {
        columns: Some(vec!["source_frame".into(), "source_offset".into()]),
        batch_rows: 3,
        ..TableOptions::default()
    });
    let batches: Vec<RecordBatch> = table
        .read(reader, Provenance::following("f.pgn.zst", log))
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(batches.len() > 10);
    let frames: Vec<Option<u64>> = batches
        .iter()
        .flat_map(|b| {
            let c = b.column_by_name("source_frame").unwrap();
            let c = c.as_primitive::<UInt64Type>().clone();
            (0..c.len()).map(move |k| (!c.is_null(k)).then(|| c.value(k)))
        })
        .collect();
    let want: Vec<(Option<u64>, u64)> = (0..40)
        .map(|k| k * record.len())
        .map(|s| (Some((s / frame) as u64), (s % frame) as u64))
        .collect();
    let got: Vec<(Option<u64>, u64)> = frames.into_iter().zip(offsets(&batches)).collect();
    assert_eq!(got, want);
}
