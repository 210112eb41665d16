//! The law of partitions: read one after the other, the partitions of a file give exactly the
//! games (and unreadable games) one reader of the whole file gives, each once, in order, byte
//! for byte, at the same place; for any number of partitions, on random files packed in small
//! zstd frames that cut games in the middle, plain, and with the edge cases that fool a guess
//! of where games start.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use board_core::{Dialect, ReadError, RecordReader};
use record_partitions::{Location, split};
use testkit::Rng;

/// One game of the file as the test compares them: where it starts in the text, its text, and
/// whether it read.
type Seen = (u64, String, bool);

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("partitions-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

const MOVES: &[&str] = &[
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O", "d4", "exd5", "Qxd8+", "Kf1", "h8=Q#", "c4",
];
const RESULTS: &[&str] = &["1-0", "0-1", "1/2-1/2", "*"];

/// A random game; `wild` adds what fools a guess of where games start: `[` lines and
/// result-like text inside comments, escape lines, tags only, line comments, no result.
fn game(rng: &mut Rng, out: &mut String, wild: bool, last: bool) {
    if !rng.chance(10) {
        for (name, value) in [
            ("Event", "Rated Blitz"),
            ("Site", "https://x/abc"),
            ("White", "a"),
        ] {
            if rng.chance(85) {
                out.push_str(&format!("[{name} \"{value} {}\"]\n", rng.below(1000)));
            }
        }
        if wild && rng.chance(5) {
            out.push_str("% an escape line\n[Round \"2\"]\n");
        }
        out.push('\n');
    }
    let plies = if rng.chance(10) { 0 } else { rng.below(40) };
    for ply in 0..plies {
        if ply % 2 == 0 {
            out.push_str(&format!("{}. ", ply / 2 + 1));
        }
        let token = *rng.pick::<&str>(MOVES);
        out.push_str(token);
        out.push(' ');
        if rng.chance(20) {
            out.push_str("{ [%clk 0:03:00] [%eval 0.2] } ");
        }
        if wild {
            match rng.below(40) {
                0 => out.push_str("{ braces { inside } "),
                1 => out.push_str("{ a note\n[Event \"inside a comment\"]\nmore } "),
                2 => out.push_str("{ 1-0\n\n[%clk 0:01:00]\n} "),
                3 => out.push_str("; a line comment 1-0\n"),
                4 => out.push_str("(1... d5 2. exd5 1-0\n) "),
                5 => out.push_str("$1 "),
                6 => out.push('\n'),
                7 => out.push_str("[Site \"mid-line\"] "),
                _ => {}
            }
        } else if rng.chance(5) {
            out.push('\n');
        }
    }
    let result = !(wild && (last || rng.chance(5)) && rng.chance(50));
    if result {
        let result = *rng.pick::<&str>(RESULTS);
        out.push_str(result);
    }
    out.push_str("\n\n");
}

fn file_text(rng: &mut Rng, games: usize, wild: bool) -> String {
    let mut out = String::new();
    for k in 0..games {
        game(rng, &mut out, wild, k + 1 == games);
    }
    out
}

/// `text` packed in zstd frames of random sizes (a few hundred bytes: most games are cut),
/// pzstd-style or not, with or without content sizes; and where each frame's text starts.
fn pack(rng: &mut Rng, text: &[u8]) -> (Vec<u8>, Vec<u64>) {
    let pzstd = rng.chance(50);
    let sized = rng.chance(50);
    let mut file = Vec::new();
    let mut starts = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let len = (50 + rng.below(900)).min(text.len() - at);
        starts.push(at as u64);
        let mut encoder = zstd::stream::write::Encoder::new(Vec::new(), 1).unwrap();
        encoder.include_contentsize(sized).unwrap();
        if sized {
            encoder.set_pledged_src_size(Some(len as u64)).unwrap();
        }
        encoder.write_all(&text[at..at + len]).unwrap();
        let frame = encoder.finish().unwrap();
        if pzstd {
            file.extend(0x184D_2A50u32.to_le_bytes());
            file.extend(4u32.to_le_bytes());
            file.extend(u32::try_from(frame.len()).unwrap().to_le_bytes());
        }
        file.extend(frame);
        at += len;
    }
    (file, starts)
}

/// What one reader of the whole text gives.
fn sequential(text: &[u8]) -> Vec<Seen> {
    RecordReader::new(text, Dialect::pgn())
        .map(|item| match item {
            Ok(game) => (game.offset(), game.text().to_owned(), true),
            Err(ReadError::Game(e)) => (e.offset(), e.text().to_owned(), false),
            Err(e) => panic!("{e}"),
        })
        .collect()
}

/// What the partitions give, read one after the other, with their locations made offsets in
/// the text; and how many partitions there were.
fn partitioned(path: &Path, n: usize, frame_starts: &[u64]) -> (Vec<Seen>, usize) {
    let plan = split(path, n, &Dialect::pgn()).unwrap();
    let offset = |at: Location| match at.frame {
        Some(frame) => frame_starts[frame] + at.offset,
        None => at.offset,
    };
    let mut seen = Vec::new();
    for partition in &plan.partitions {
        for item in partition.read(&Dialect::pgn()).unwrap() {
            let item = item.unwrap_or_else(|e| panic!("partition {}: {e}", partition.index));
            seen.push(match item.game {
                Ok(game) => (offset(item.at), game.text().to_owned(), true),
                Err(e) => (offset(item.at), e.text().to_owned(), false),
            });
        }
    }
    (seen, plan.partitions.len())
}

#[test]
fn partitions_read_as_the_whole_file_does() {
    let dir = scratch("law");
    let mut split_somewhere = 0;
    for seed in 1..=40u64 {
        let mut rng = Rng::new(seed);
        let wild = seed % 2 == 0;
        let games = 20 + rng.below(60);
        let text = file_text(&mut rng, games, wild);
        let expected = sequential(text.as_bytes());
        let (packed, frame_starts) = pack(&mut rng, text.as_bytes());
        let zst = dir.join(format!("{seed}.pgn.zst"));
        let plain = dir.join(format!("{seed}.pgn"));
        fs::write(&zst, &packed).unwrap();
        fs::write(&plain, &text).unwrap();
        for n in [1, 2, 3, 7] {
            for path in [&zst, &plain] {
                let (seen, parts) = partitioned(path, n, &frame_starts);
                assert_eq!(
                    seen,
                    expected,
                    "seed {seed}, {n} partitions of {}",
                    path.display()
                );
                assert!(parts <= n);
                if parts > 1 {
                    split_somewhere += 1;
                }
            }
        }
    }
    // The law is not kept by never cutting: most files are cut as asked.
    assert!(split_somewhere > 200, "{split_somewhere}");
}

#[test]
fn a_lichess_file_is_cut_where_asked_and_each_game_is_placed() {
    let dir = scratch("lichess");
    let mut rng = Rng::new(7);
    let text = file_text(&mut rng, 400, false);
    let (packed, frame_starts) = pack(&mut rng, text.as_bytes());
    let path = dir.join("month.pgn.zst");
    fs::write(&path, &packed).unwrap();
    let plan = split(&path, 7, &Dialect::pgn()).unwrap();
    assert_eq!(plan.partitions.len(), 7, "{:?}", plan.warnings);
    assert!(plan.warnings.is_empty());
    for pair in plan.partitions.windows(2) {
        assert_eq!(pair[0].end, Some(pair[1].start));
        assert_eq!(
            pair[0].frames.last().unwrap().index + 1,
            pair[1].frames[0].index
        );
    }
    // Each game's location points at its text.
    for partition in &plan.partitions {
        for item in partition.read(&Dialect::pgn()).unwrap() {
            let item = item.unwrap();
            let frame = item.at.frame.unwrap();
            let at = usize::try_from(frame_starts[frame] + item.at.offset).unwrap();
            let game = item.game.unwrap();
            assert!(text[at..].starts_with(game.text()), "{:?}", item.at);
        }
    }
}

#[test]
fn gzip_is_one_partition_and_says_so() {
    let dir = scratch("gzip");
    let mut rng = Rng::new(3);
    let text = file_text(&mut rng, 30, false);
    let packed = flate2_free_gzip(text.as_bytes());
    let path = dir.join("games.pgn.gz");
    fs::write(&path, &packed).unwrap();
    let plan = split(&path, 4, &Dialect::pgn()).unwrap();
    assert_eq!(plan.partitions.len(), 1);
    assert_eq!(
        plan.warnings,
        [format!(
            "{}: gzip cannot be read from the middle: one partition",
            path.display()
        )]
    );
    let (seen, _) = partitioned(&path, 4, &[]);
    assert_eq!(seen, sequential(text.as_bytes()));
}

/// A gzip member with stored (uncompressed) deflate blocks, written by hand: this crate does
/// not depend on flate2, and the reader must only recognise and read it.
fn flate2_free_gzip(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    let chunks: Vec<&[u8]> = data.chunks(65_535).collect();
    for (k, chunk) in chunks.iter().enumerate() {
        out.push(u8::from(k + 1 == chunks.len()));
        let len = u16::try_from(chunk.len()).unwrap();
        out.extend(len.to_le_bytes());
        out.extend((!len).to_le_bytes());
        out.extend_from_slice(chunk);
    }
    out.extend(crc32(data).to_le_bytes());
    out.extend(u32::try_from(data.len()).unwrap().to_le_bytes());
    out
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[test]
fn a_file_with_no_provable_cut_is_one_partition_with_a_warning() {
    let dir = scratch("unprovable");
    // No game ends with a result: no cut can be proven.
    let text = "[Event \"a\"]\n\n1. e4 e5\n\n".repeat(200);
    let path = dir.join("games.pgn");
    fs::write(&path, &text).unwrap();
    let plan = split(&path, 3, &Dialect::pgn()).unwrap();
    assert_eq!(plan.partitions.len(), 1);
    assert_eq!(
        plan.warnings,
        [format!(
            "{}: 2 cuts with no game start the line before proves (a result ending it): 1 partition",
            path.display()
        )]
    );
    let (seen, _) = partitioned(&path, 3, &[]);
    assert_eq!(seen, sequential(text.as_bytes()));
}

#[test]
fn a_file_packed_by_pzstd_itself_is_cut_in_its_frames() {
    // The lichess database's own tool; the other tests write its layout by hand.
    let Ok(status) = std::process::Command::new("pzstd")
        .arg("--version")
        .output()
    else {
        eprintln!("note: pzstd is not installed; the hand-written layout is tested instead");
        return;
    };
    assert!(status.status.success());
    let dir = scratch("pzstd");
    let mut rng = Rng::new(11);
    let text = file_text(&mut rng, 24_000, false);
    let plain = dir.join("games.pgn");
    fs::write(&plain, &text).unwrap();
    let zst = dir.join("games.pgn.zst");
    // Level 1 makes frames of about 2 MiB of text, several threads as the database is packed.
    let out = std::process::Command::new("pzstd")
        .args(["-q", "-f", "-1", "-p", "2"])
        .arg(&plain)
        .arg("-o")
        .arg(&zst)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let frames = record_partitions::frame_index(&zst).unwrap();
    assert!(frames.len() >= 3, "{} frames", frames.len());
    let mut starts = Vec::new();
    let mut at = 0;
    for frame in &frames {
        starts.push(at);
        let mut decoded = Vec::new();
        std::io::Read::read_to_end(&mut record_input_frame(&zst, frame), &mut decoded).unwrap();
        at += decoded.len() as u64;
    }
    assert_eq!(at, text.len() as u64);
    for n in [1, 2, 3] {
        let (seen, parts) = partitioned(&zst, n, &starts);
        assert_eq!(parts, n);
        assert_eq!(
            seen,
            sequential(text.as_bytes()),
            "{n} partitions of {} frames",
            frames.len()
        );
    }
}

/// One frame's text, through the frame reader the partitions use.
fn record_input_frame(path: &Path, frame: &record_partitions::Frame) -> Box<dyn std::io::Read> {
    Box::new(record_input::frames::read_frame(fs::File::open(path).unwrap(), frame).unwrap())
}

#[cfg(feature = "serde")]
#[test]
fn a_partition_travels_as_json() {
    let dir = scratch("serde");
    let mut rng = Rng::new(5);
    let text = file_text(&mut rng, 100, false);
    let (packed, _) = pack(&mut rng, text.as_bytes());
    let path = dir.join("games.pgn.zst");
    fs::write(&path, &packed).unwrap();
    let plan = split(&path, 3, &Dialect::pgn()).unwrap();
    for partition in &plan.partitions {
        let json = serde_json::to_string(partition).unwrap();
        let back: record_partitions::Partition = serde_json::from_str(&json).unwrap();
        assert_eq!(&back, partition);
    }
}

#[test]
fn one_zstd_frame_is_one_partition_and_says_so() {
    let dir = scratch("one-frame");
    let mut rng = Rng::new(9);
    let text = file_text(&mut rng, 50, false);
    let path = dir.join("games.pgn.zst");
    fs::write(&path, zstd::encode_all(text.as_bytes(), 3).unwrap()).unwrap();
    let plan = split(&path, 4, &Dialect::pgn()).unwrap();
    assert_eq!(plan.partitions.len(), 1);
    assert_eq!(
        plan.warnings,
        [format!(
            "{}: 1 zstd frame, read apart or not at all: at most as many partitions (pzstd packs \
             a file in frames of a few MiB)",
            path.display()
        )]
    );
}

#[test]
fn a_corrupt_frame_ends_the_partition_after_its_games_with_an_error_that_names_it() {
    let dir = scratch("corrupt");
    let mut rng = Rng::new(13);
    let text = file_text(&mut rng, 200, false);
    let (mut packed, _) = pack(&mut rng, text.as_bytes());
    let path = dir.join("games.pgn.zst");
    fs::write(&path, &packed).unwrap();
    let frames = record_partitions::frame_index(&path).unwrap();
    let plan = split(&path, 1, &Dialect::pgn()).unwrap();
    let whole = plan.partitions[0].read(&Dialect::pgn()).unwrap().count();
    // Frame 5's blocks made garbage (its header kept, so the index still reads).
    let bad = &frames[5].compressed;
    let from = usize::try_from(bad.start).unwrap() + 8;
    let to = usize::try_from(bad.end).unwrap() - 1;
    for b in &mut packed[from..to] {
        *b = 0xA5;
    }
    fs::write(&path, &packed).unwrap();
    let items: Vec<_> = plan.partitions[0].read(&Dialect::pgn()).unwrap().collect();
    let (last, before) = items.split_last().unwrap();
    assert!(before.iter().all(Result::is_ok));
    assert!(before.len() < whole);
    let error = last.as_ref().unwrap_err().to_string();
    assert!(
        error.contains(&format!("{} in frame 5: ", path.display())),
        "{error}"
    );
}

/// Text of random fragments of record syntax in any order: tags whole and broken, braces open
/// and closed, results, escape lines, line comments, byte-order marks, forum markup.
fn soup(rng: &mut Rng, len: usize) -> String {
    const BITS: &[&str] = &[
        "[Event \"x\"]\n",
        "[Site \"y",
        "[Event \"x\"] ",
        "{",
        "}",
        "{ [%clk 0:01:00] }",
        "1-0",
        "0-1",
        "*",
        "1/2-1/2",
        "\n",
        "\n\n",
        " ",
        "% escape\n",
        "; line\n",
        "e4",
        "Nf3",
        "1.",
        "(",
        ")",
        "\u{feff}",
        "[pgn]",
        "[/pgn]",
        "$1",
        "\r\n",
        "[%eval 0.3]",
        "1-0\n\n",
    ];
    let mut out = String::new();
    while out.len() < len {
        let bit = *rng.pick::<&str>(BITS);
        out.push_str(bit);
        if rng.chance(60) {
            out.push(' ');
        }
    }
    out
}

#[test]
fn partitions_of_record_syntax_soup_read_as_the_whole_file_does() {
    let dir = scratch("soup");
    let mut cut = 0;
    for seed in 1..=30u64 {
        let mut rng = Rng::new(seed + 1000);
        let len = 2000 + rng.below(20_000);
        let text = soup(&mut rng, len);
        let expected = sequential(text.as_bytes());
        let (packed, frame_starts) = pack(&mut rng, text.as_bytes());
        let zst = dir.join(format!("{seed}.pgn.zst"));
        let plain = dir.join(format!("{seed}.pgn"));
        fs::write(&zst, &packed).unwrap();
        fs::write(&plain, &text).unwrap();
        for n in [2, 7] {
            for path in [&zst, &plain] {
                let (seen, parts) = partitioned(path, n, &frame_starts);
                cut += parts - 1;
                assert_eq!(
                    seen,
                    expected,
                    "seed {seed}, {n} partitions of {}",
                    path.display()
                );
            }
        }
    }
    // Cuts are proven even in the soup: the law is tested across them.
    eprintln!("{cut} cuts");
    assert!(cut > 25, "{cut} cuts");
}

#[test]
fn frame_ranges_that_tile_the_file_read_as_the_whole_file_does() {
    let dir = scratch("ranges");
    let mut empty_ranges = 0;
    for seed in 1..=20u64 {
        let mut rng = Rng::new(seed);
        let games = 20 + rng.below(40);
        let text = file_text(&mut rng, games, seed % 2 == 0);
        let expected = sequential(text.as_bytes());
        let (packed, frame_starts) = pack(&mut rng, text.as_bytes());
        let path = dir.join(format!("{seed}.pgn.zst"));
        fs::write(&path, &packed).unwrap();
        let frames = frame_starts.len();
        // Cuts at random frames, some ranges one frame long (often no game starts there).
        let mut cuts = vec![0, frames];
        for _ in 0..rng.below(6) {
            cuts.push(rng.below(frames + 1));
        }
        cuts.sort_unstable();
        cuts.dedup();
        let mut seen = Vec::new();
        for range in cuts.windows(2) {
            let Some(partition) =
                record_partitions::frames_partition(&path, range[0]..range[1], &Dialect::pgn())
                    .unwrap()
            else {
                empty_ranges += 1;
                continue;
            };
            for item in partition.read(&Dialect::pgn()).unwrap() {
                let item = item.unwrap_or_else(|e| panic!("seed {seed}, {range:?}: {e}"));
                let frame = item.at.frame.unwrap();
                let at = frame_starts[frame] + item.at.offset;
                seen.push(match item.game {
                    Ok(game) => (at, game.text().to_owned(), true),
                    Err(e) => (at, e.text().to_owned(), false),
                });
            }
        }
        assert_eq!(seen, expected, "seed {seed}, cuts {cuts:?}");
    }
    assert!(empty_ranges > 0, "some range holds no game start");
}

#[test]
fn a_frame_range_of_a_plain_file_or_past_the_frames_is_an_error() {
    let dir = scratch("range-errors");
    let mut rng = Rng::new(3);
    let text = file_text(&mut rng, 30, false);
    let (packed, frame_starts) = pack(&mut rng, text.as_bytes());
    fs::write(dir.join("a.pgn.zst"), &packed).unwrap();
    fs::write(dir.join("a.pgn"), &text).unwrap();
    let n = frame_starts.len();
    let e =
        record_partitions::frames_partition(dir.join("a.pgn"), 0..1, &Dialect::pgn()).unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput);
    assert!(e.to_string().contains("zstd file"), "{e}");
    let e = record_partitions::frames_partition(dir.join("a.pgn.zst"), 1..n + 1, &Dialect::pgn())
        .unwrap_err();
    assert!(
        e.to_string().contains(&format!(
            "frames 1..{} are not a range of its {n} frames",
            n + 1
        )),
        "{e}"
    );
    let none = record_partitions::frames_partition(dir.join("a.pgn.zst"), 2..2, &Dialect::pgn());
    assert!(none.unwrap().is_none());
}
