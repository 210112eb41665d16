//! Every command that reads records (and `import`, which reads books) takes them packed in
//! any way the lichess database and common tools write: zstd in several frames, as pzstd
//! writes it (a skippable frame before each frame, the lichess layout), gzip in several
//! members, bzip2 in several streams; told by their bytes, whatever the file is named, and on
//! stdin. Frames are cut in the middle of games, as pzstd cuts them.

mod common;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use common::{run, text, workspace};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("everywhere-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn sample() -> Vec<u8> {
    fs::read(workspace().join("corpus/samples/club-games.pgn")).unwrap()
}

/// The packings, each with the extension it would have and one that says another packing.
const FORMS: [(&str, &str, &str); 4] = [
    ("zstd", "pgn.zst", "pgn.gz"),
    ("pzstd", "pgn.zst", "pgn"),
    ("gzip", "pgn.gz", "pgn.bz2"),
    ("bzip2", "pgn.bz2", "pgn.zst"),
];

/// `text` packed as `form`, in three frames (members, streams) cut at arbitrary bytes.
fn packed(form: &str, text: &[u8]) -> Vec<u8> {
    let cuts = [0, text.len() / 3 + 7, 2 * text.len() / 3 + 11, text.len()];
    let mut out = Vec::new();
    for part in cuts.windows(2).map(|w| &text[w[0]..w[1]]) {
        match form {
            "zstd" => out.extend(zstd::encode_all(part, 3).unwrap()),
            "pzstd" => {
                let frame = zstd::encode_all(part, 3).unwrap();
                out.extend(0x184D_2A50u32.to_le_bytes());
                out.extend(4u32.to_le_bytes());
                out.extend(u32::try_from(frame.len()).unwrap().to_le_bytes());
                out.extend(frame);
            }
            "gzip" => {
                let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
                e.write_all(part).unwrap();
                out.extend(e.finish().unwrap());
            }
            "bzip2" => {
                let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
                e.write_all(part).unwrap();
                out.extend(e.finish().unwrap());
            }
            _ => unreachable!("{form}"),
        }
    }
    out
}

/// The runs compared, each given the file's name (or `-` for stdin).
fn commands(file: &str) -> Vec<Vec<String>> {
    [
        vec!["convert", "--to", "fr", file],
        vec!["convert", "--to", "uci", "--jobs", "2", file],
        vec!["check", file],
        vec!["check", "--jobs", "2", "--format", "json", file],
        vec!["fmt", "--check", file],
        vec!["show", "--index", "2", "--ascii", file],
        vec!["sheet", "--index", "3", file],
    ]
    .into_iter()
    .map(|args| args.into_iter().map(str::to_owned).collect())
    .collect()
}

/// What a run printed and its exit status, with the file's name taken out of its messages.
fn outcome(
    dir: &Path,
    args: &[String],
    stdin: Option<&[u8]>,
    name: &str,
) -> (Option<i32>, String, String) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run(dir, &args, stdin);
    let name = if name == "-" { "<stdin>" } else { name };
    let clean = |bytes: &[u8]| text(bytes).replace(name, "FILE");
    (out.status.code(), clean(&out.stdout), clean(&out.stderr))
}

#[test]
fn every_command_reads_every_packing_under_any_name_and_on_stdin() {
    let dir = scratch("commands");
    let text = sample();
    fs::write(dir.join("plain.pgn"), &text).unwrap();
    let plain: Vec<_> = commands("plain.pgn")
        .iter()
        .map(|args| outcome(&dir, args, None, "plain.pgn"))
        .collect();
    // `fmt --check` may find the sample unformatted (1); the others read it whole.
    assert!(
        plain.iter().all(|(code, ..)| matches!(code, Some(0 | 1))),
        "{plain:?}"
    );
    assert!(plain[2].1.starts_with("checked 3 games"), "{plain:?}");
    for (form, right, wrong) in FORMS {
        let bytes = packed(form, &text);
        for ext in [right, wrong] {
            let name = format!("games-{form}.{ext}");
            fs::write(dir.join(&name), &bytes).unwrap();
            for (args, expected) in commands(&name).iter().zip(&plain) {
                let got = outcome(&dir, args, None, &name);
                assert_eq!(&got, expected, "{form} named {name}: {args:?}");
            }
        }
        for (args, expected) in commands("-").iter().zip(&plain) {
            let got = outcome(&dir, args, Some(&bytes), "-");
            assert_eq!(&got, expected, "{form} on stdin: {args:?}");
        }
    }
}

/// A page of a book in descriptive notation.
const BOOK: &str = "\
GAME I. Between Mr. A. and Mr. B.
1. P. to K's 4th.              1. P. to K's 4th.
2. K. Kt. to B's 3d.           2. Q. Kt. to B's 3d.
3. K. B. to Q. B's 4th.        3. K. Kt. to B's 3d.
4. Kt. to Kt's 5th.            4. P. to Q's 4th.
5. P. takes P.                 5. Kt. takes P.
6. Kt. takes K. B. P.          6. K. takes Kt.
7. Q. to K. B's 3d.   ch       7. K. to his 3d.
8. Resigns.
";

#[test]
fn import_reads_a_packed_book() {
    let dir = scratch("import");
    fs::write(dir.join("book.txt"), BOOK).unwrap();
    let args = |file: &str| -> Vec<String> {
        ["import", "--style", "old", "--report", file]
            .into_iter()
            .map(str::to_owned)
            .collect()
    };
    let plain = outcome(&dir, &args("book.txt"), None, "book.txt");
    assert_eq!(plain.0, Some(0), "{plain:?}");
    assert!(plain.1.contains("7. Qf3+ Ke6"), "{plain:?}");
    for (form, right, wrong) in FORMS {
        let bytes = packed(form, BOOK.as_bytes());
        for ext in [right, wrong] {
            let name = format!("book-{form}.{}", ext.replace("pgn", "txt"));
            fs::write(dir.join(&name), &bytes).unwrap();
            assert_eq!(outcome(&dir, &args(&name), None, &name), plain, "{name}");
        }
        let stdin = outcome(&dir, &args("-"), Some(&bytes), "-");
        assert_eq!(stdin, plain, "{form} on stdin");
    }
}

#[test]
fn fmt_never_rewrites_a_packed_file_and_formats_packed_stdin_to_stdout() {
    let dir = scratch("fmt");
    let text = sample();
    let formatted = run(&dir, &["fmt"], Some(&text));
    assert_eq!(formatted.status.code(), Some(0));
    for (form, right, wrong) in FORMS {
        let bytes = packed(form, &text);
        for ext in [right, wrong] {
            let name = format!("games-{form}.{ext}");
            fs::write(dir.join(&name), &bytes).unwrap();
            let out = run(&dir, &["fmt", &name], None);
            assert_eq!(out.status.code(), Some(1), "{name}");
            let stderr = common::text(&out.stderr);
            assert!(
                stderr.contains(&format!("error: {name} is compressed")),
                "{stderr}"
            );
            assert_eq!(
                fs::read(dir.join(&name)).unwrap(),
                bytes,
                "{name} untouched"
            );
        }
        // A stream is formatted to stdout, as text: nothing is packed or lost.
        let out = run(&dir, &["fmt"], Some(&bytes));
        assert_eq!(out.status.code(), Some(0), "{form}");
        assert_eq!(out.stdout, formatted.stdout, "{form} on stdin");
    }
}

#[test]
fn a_lichess_style_file_of_many_frames_reads_whole_with_workers() {
    let dir = scratch("lichess");
    let one = sample();
    let mut text = Vec::new();
    for _ in 0..400 {
        text.extend_from_slice(&one);
        text.push(b'\n');
    }
    // Frames of 4000 bytes of text: most games are cut by a frame's end.
    let mut file = Vec::new();
    for part in text.chunks(4000) {
        let frame = zstd::encode_all(part, 1).unwrap();
        file.extend(0x184D_2A50u32.to_le_bytes());
        file.extend(4u32.to_le_bytes());
        file.extend(u32::try_from(frame.len()).unwrap().to_le_bytes());
        file.extend(frame);
    }
    fs::write(dir.join("month.pgn.zst"), file).unwrap();
    fs::write(dir.join("month.pgn"), &text).unwrap();
    for jobs in ["1", "2"] {
        let packed = run(
            &dir,
            &["convert", "--to", "fr", "--jobs", jobs, "month.pgn.zst"],
            None,
        );
        let plain = run(
            &dir,
            &["convert", "--to", "fr", "--jobs", jobs, "month.pgn"],
            None,
        );
        assert_eq!(
            packed.status.code(),
            Some(0),
            "{}",
            common::text(&packed.stderr)
        );
        assert_eq!(packed.stdout, plain.stdout);
        let check = run(&dir, &["check", "--jobs", jobs, "month.pgn.zst"], None);
        assert!(
            common::text(&check.stdout).starts_with("checked 1200 games"),
            "{}",
            common::text(&check.stdout)
        );
    }
}
