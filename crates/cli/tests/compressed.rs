//! Compressed records read by every command, told by their magic bytes: zstd (several frames,
//! as the lichess database writes them), gzip and bzip2, from files and from stdin.

mod common;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use common::{text, workspace};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("packed-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn sample() -> Vec<u8> {
    fs::read(workspace().join("corpus/samples/club-games.pgn")).unwrap()
}

/// The sample packed in two frames (or members, or streams), one after the other.
fn packed(kind: &str) -> Vec<u8> {
    let text = sample();
    let (a, b) = text.split_at(text.len() / 2);
    let pack = |part: &[u8]| -> Vec<u8> {
        match kind {
            "zstd" => zstd::encode_all(part, 3).unwrap(),
            "gzip" => {
                let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
                e.write_all(part).unwrap();
                e.finish().unwrap()
            }
            "bzip2" => {
                let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
                e.write_all(part).unwrap();
                e.finish().unwrap()
            }
            _ => unreachable!(),
        }
    };
    let mut both = pack(a);
    both.extend(pack(b));
    both
}

#[test]
fn every_command_reads_compressed_records() {
    let dir = scratch("commands");
    let plain = common::run(
        &workspace(),
        &["convert", "--to", "fr", "corpus/samples/club-games.pgn"],
        None,
    );
    assert_eq!(plain.status.code(), Some(0));
    for kind in ["zstd", "gzip", "bzip2"] {
        // Named as plain text: the bytes say what they are.
        let name = format!("{kind}.pgn");
        fs::write(dir.join(&name), packed(kind)).unwrap();
        let convert = common::run(&dir, &["convert", "--to", "fr", &name], None);
        assert_eq!(
            convert.status.code(),
            Some(0),
            "{kind}: {}",
            text(&convert.stderr)
        );
        assert_eq!(convert.stdout, plain.stdout, "{kind}");
        let check = common::run(&dir, &["check", &name], None);
        assert_eq!(check.status.code(), Some(0), "{kind}");
        assert!(text(&check.stdout).starts_with("checked 3 games"), "{kind}");
        let from_stdin = common::run(&dir, &["convert", "--to", "fr"], Some(&packed(kind)));
        assert_eq!(from_stdin.stdout, plain.stdout, "{kind} on stdin");
        for args in [
            vec!["show", "--index", "2", name.as_str()],
            vec!["sheet", name.as_str()],
        ] {
            let out = common::run(&dir, &args, None);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{args:?}: {}",
                text(&out.stderr)
            );
        }
        let fmt = common::run(&dir, &["fmt", "--check", &name], None);
        assert!(
            matches!(fmt.status.code(), Some(0 | 1)),
            "{kind}: {}",
            text(&fmt.stderr)
        );
        assert!(
            !text(&fmt.stderr).contains("cannot read"),
            "{}",
            text(&fmt.stderr)
        );
        // Rewriting would lose the packing: refused, the file untouched.
        let before = fs::read(dir.join(&name)).unwrap();
        let rewrite = common::run(&dir, &["fmt", &name], None);
        assert_eq!(rewrite.status.code(), Some(1));
        assert!(
            text(&rewrite.stderr).contains("is compressed"),
            "{}",
            text(&rewrite.stderr)
        );
        assert_eq!(fs::read(dir.join(&name)).unwrap(), before);
    }
}

#[test]
fn a_cut_compressed_file_keeps_its_games_and_says_where_it_ends() {
    let dir = scratch("cut");
    // 200 copies of the sample, a frame each, the last one cut short.
    let mut cut = Vec::new();
    for _ in 0..200 {
        cut.extend(zstd::encode_all(&sample()[..], 3).unwrap());
    }
    let len = cut.len();
    cut.truncate(len - 10);
    fs::write(dir.join("cut.pgn.zst"), cut).unwrap();
    let out = common::run(&dir, &["convert", "--to", "fr", "cut.pgn.zst"], None);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("cannot read cut.pgn.zst to its end"),
        "{stderr}"
    );
    let kept = text(&out.stdout).matches("[Event ").count();
    assert!(
        kept > 500,
        "the games before the cut are kept: {kept} of 600"
    );
}
