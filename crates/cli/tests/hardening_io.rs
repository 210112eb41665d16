//! Nothing lost on the way out: outputs that are inputs, full disks, closed pipes, unreadable
//! inputs among good ones, FIFOs and `/dev/stdin`, stdout or stderr that cannot be written.
//! Each test reproduces a way the binary lost or misreported data, run as a user runs it.

mod common;

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::{text, workspace};

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

/// An empty folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("io-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn sample() -> String {
    fs::read_to_string(workspace().join("corpus/samples/club-games.pgn")).unwrap()
}

fn run(dir: &Path, args: &[&str]) -> Output {
    common::run(dir, args, None)
}

/// Runs the binary through `sh -c SCRIPT` (the binary is `$0`, `args` follow), for redirections
/// and limits only a shell sets.
fn shell(dir: &Path, script: &str, args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn games_in(pgn: &str) -> usize {
    pgn.matches("[Event ").count()
}

#[test]
fn an_output_that_is_its_input_keeps_every_game() {
    let dir = scratch("same");
    fs::write(dir.join("a.pgn"), sample()).unwrap();
    let out = run(&dir, &["convert", "--to", "fr", "a.pgn", "-o", "a.pgn"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("converted 3 of 3 games"));
    let converted = fs::read_to_string(dir.join("a.pgn")).unwrap();
    assert_eq!(games_in(&converted), 3);
    assert!(converted.contains("Cf3"), "{converted}");
    assert_eq!(names(&dir), ["a.pgn"], "no temporary file is left");
}

#[test]
fn an_output_reached_through_a_link_to_its_input_keeps_every_game() {
    let dir = scratch("link");
    fs::write(dir.join("a.pgn"), sample()).unwrap();
    std::os::unix::fs::symlink("a.pgn", dir.join("link.pgn")).unwrap();
    let out = run(&dir, &["convert", "--to", "fr", "a.pgn", "-o", "link.pgn"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        fs::symlink_metadata(dir.join("link.pgn"))
            .unwrap()
            .is_symlink()
    );
    assert_eq!(games_in(&fs::read_to_string(dir.join("a.pgn")).unwrap()), 3);
}

#[test]
fn an_input_with_a_bad_game_is_not_replaced_by_its_conversion() {
    let dir = scratch("same-bad");
    let original = format!("{}\n1. e4 e5 2. Ke3 *\n", sample());
    fs::write(dir.join("a.pgn"), &original).unwrap();
    let out = run(&dir, &["convert", "--to", "fr", "a.pgn", "-o", "a.pgn"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("a.pgn is left as it was"), "{stderr}");
    assert_eq!(fs::read_to_string(dir.join("a.pgn")).unwrap(), original);
    assert_eq!(names(&dir), ["a.pgn"]);
}

/// Output limited to one 512-byte block, with the signal that would kill the process ignored,
/// so that writes fail as on a full disk (`EFBIG` here, `ENOSPC` there: the same path).
const FULL_DISK: &str = "trap '' XFSZ; ulimit -f 1; exec \"$0\" \"$@\"";

#[test]
fn a_write_that_fails_leaves_no_partial_output() {
    let dir = scratch("full");
    let long: String = (0..40).map(|_| sample()).collect();
    fs::write(dir.join("in.pgn"), &long).unwrap();
    let out = shell(
        &dir,
        FULL_DISK,
        &["convert", "--to", "fr", "in.pgn", "-o", "out.pgn"],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("cannot write out.pgn"));
    assert_eq!(names(&dir), ["in.pgn"], "no half-written output");

    // An existing output stays as it was.
    fs::write(dir.join("out.pgn"), "old").unwrap();
    let out = shell(
        &dir,
        FULL_DISK,
        &["convert", "--to", "fr", "in.pgn", "-o", "out.pgn"],
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(fs::read_to_string(dir.join("out.pgn")).unwrap(), "old");
    assert_eq!(names(&dir), ["in.pgn", "out.pgn"]);
}

#[test]
fn sheets_and_diagrams_that_cannot_be_written_leave_nothing() {
    let dir = scratch("full-sheet");
    fs::write(dir.join("a.pgn"), sample()).unwrap();
    let out = shell(&dir, FULL_DISK, &["sheet", "a.pgn", "-o", "sheet.svg"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let out = shell(
        &dir,
        FULL_DISK,
        &["show", "--format", "svg", "a.pgn", "-o", "board.svg"],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(names(&dir), ["a.pgn"]);
}

#[test]
fn a_full_device_is_an_error() {
    let dir = scratch("dev-full");
    fs::write(dir.join("a.pgn"), sample()).unwrap();
    let out = run(&dir, &["convert", "--to", "fr", "a.pgn", "-o", "/dev/full"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot write /dev/full"));
}

/// Games that each draw a warning (castling written with zeros).
fn warned_games(count: usize) -> String {
    (1..=count)
        .map(|n| format!("[Event \"g{n}\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n\n"))
        .collect()
}

#[test]
fn a_closed_stderr_does_not_stop_the_conversion() {
    let dir = scratch("stderr-closed");
    fs::write(dir.join("in.pgn"), warned_games(3000)).unwrap();
    for command in [&["convert", "--to", "fr", "in.pgn"][..], &["fmt", "in.pgn"]] {
        if command[0] == "fmt" {
            fs::write(dir.join("in.pgn"), warned_games(3000)).unwrap();
        }
        let mut child = Command::new(BIN)
            .args(command)
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The reader of stderr goes away at once, as `2>&1 | head` does.
        drop(child.stderr.take());
        let mut stdout = String::new();
        child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut stdout)
            .unwrap();
        let status = child.wait().unwrap();
        assert_eq!(
            status.code(),
            Some(1),
            "{command:?}: the lost warnings are a failure"
        );
        let written = if command[0] == "fmt" {
            fs::read_to_string(dir.join("in.pgn")).unwrap()
        } else {
            stdout
        };
        assert_eq!(
            games_in(&written),
            3000,
            "{command:?}: every game is written"
        );
        assert!(written.contains("O-O"), "{command:?}");
    }
}

/// A reader of stdout that goes away (`| true`, `| head`) stops the report, not the verdict: a
/// file with a bad game still gives status 1 (it gave 0 when the summary line met the closed
/// pipe), and a good file 0. Found by a new user piping `check` into `head`.
#[test]
fn a_reader_that_goes_away_does_not_hide_a_bad_game() {
    let dir = scratch("closed-reader");
    let bad = format!("{}\n[Event \"Bad\"]\n\n1. e4 e5 2. Ke3 *\n", sample());
    fs::write(dir.join("bad.pgn"), bad).unwrap();
    fs::write(dir.join("good.pgn"), sample()).unwrap();
    let script = "( \"$0\" \"$@\" 2>/dev/null; echo $? > status ) | true; cat status";
    for (args, status) in [
        (&["check", "bad.pgn"][..], "1"),
        (&["check", "--format", "json", "bad.pgn"], "1"),
        (&["convert", "--to", "fr", "bad.pgn"], "1"),
        (&["check", "good.pgn"], "0"),
        (&["convert", "--to", "fr", "good.pgn"], "0"),
    ] {
        for _ in 0..3 {
            let out = shell(&dir, script, args);
            assert_eq!(text(&out.stdout).trim(), status, "{args:?}");
        }
    }
}

#[test]
fn unwritable_stdout_or_stderr_is_an_error_not_a_panic() {
    let dir = scratch("dev-full-std");
    fs::write(dir.join("a.pgn"), warned_games(2)).unwrap();
    for (script, args) in [
        ("exec \"$0\" \"$@\" > /dev/full", &["--list"][..]),
        ("exec \"$0\" \"$@\" > /dev/full", &["completions", "bash"]),
        ("exec \"$0\" \"$@\" > /dev/full", &["completions", "man"]),
        ("exec \"$0\" \"$@\" > /dev/full", &["check", "a.pgn"]),
        ("exec \"$0\" \"$@\" > /dev/full", &["perft", "2"]),
        ("exec \"$0\" \"$@\" 2> /dev/full", &["check", "a.pgn"]),
        (
            "exec \"$0\" \"$@\" 2> /dev/full > /dev/null",
            &["convert", "a.pgn"],
        ),
    ] {
        let out = shell(&dir, script, args);
        assert_eq!(
            out.status.code(),
            Some(1),
            "{script} {args:?}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn an_unreadable_input_among_others_is_reported_and_the_rest_converted() {
    let dir = scratch("missing");
    fs::write(dir.join("a.pgn"), sample()).unwrap();
    fs::write(dir.join("b.pgn"), sample()).unwrap();
    fs::create_dir(dir.join("folder.pgn")).unwrap();
    let out = run(
        &dir,
        &[
            "convert",
            "--to",
            "fr",
            "a.pgn",
            "missing.pgn",
            "folder.pgn",
            "b.pgn",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("error: cannot open missing.pgn"),
        "{stderr}"
    );
    assert!(stderr.contains("folder.pgn"), "{stderr}");
    assert!(stderr.contains("converted 6 of 6 games"), "{stderr}");
    assert!(stderr.contains("2 inputs could not be read"), "{stderr}");
    assert_eq!(games_in(&text(&out.stdout)), 6);

    let out = run(&dir, &["check", "missing.pgn", "a.pgn"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("checked 3 games"));

    let out = run(&dir, &["check", "--format", "json", "a.pgn", "missing.pgn"]);
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["file"], "missing.pgn");
    assert_eq!(lines[0]["severity"], "error");
    assert_eq!(lines.last().unwrap()["summary"]["unreadable_files"], 1);
}

#[test]
fn fmt_rewrites_only_regular_files_in_place() {
    let dir = scratch("fifo");
    let messy = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n";
    let status = Command::new("mkfifo")
        .arg(dir.join("pipe.pgn"))
        .status()
        .unwrap();
    assert!(status.success());
    let fifo = dir.join("pipe.pgn");
    let writer = std::thread::spawn(move || fs::write(fifo, messy).unwrap());
    // A FIFO read twice would wait for a second writer forever: the run has a deadline.
    let mut child = Command::new(BIN)
        .args(["fmt", "pipe.pgn"])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("fmt on a FIFO did not end");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("4. O-O"));
    use std::os::unix::fs::FileTypeExt;
    assert!(
        fs::metadata(dir.join("pipe.pgn"))
            .unwrap()
            .file_type()
            .is_fifo()
    );

    // `/dev/stdin` is a stream too, even when the shell made it a file.
    fs::write(dir.join("in.pgn"), messy).unwrap();
    let out = shell(&dir, "exec \"$0\" \"$@\" < in.pgn", &["fmt", "/dev/stdin"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("4. O-O"));
    assert_eq!(fs::read_to_string(dir.join("in.pgn")).unwrap(), messy);
}

#[test]
fn a_killed_runs_temporary_file_is_cleaned_up_by_the_next() {
    let dir = scratch("stale");
    fs::write(
        dir.join("a.pgn"),
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n",
    )
    .unwrap();
    // No process can have the largest pid: this one was killed.
    fs::write(
        dir.join(".a.pgn.scoresheet-4294967295-0.tmp"),
        "half a file",
    )
    .unwrap();
    let out = run(&dir, &["fmt", "a.pgn"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(names(&dir), ["a.pgn"]);
}

#[test]
fn json_reports_stream_one_diagnostic_a_line() {
    let dir = scratch("json");
    fs::write(dir.join("a.pgn"), warned_games(500)).unwrap();
    for (args, on_stdout) in [
        (&["check", "--format", "json", "a.pgn"][..], true),
        (
            &["convert", "--format", "json", "a.pgn", "-o", "b.pgn"],
            false,
        ),
    ] {
        let out = run(&dir, args);
        assert_eq!(out.status.code(), Some(0));
        let report = text(if on_stdout { &out.stdout } else { &out.stderr });
        let lines: Vec<serde_json::Value> = report
            .lines()
            .map(|l| serde_json::from_str(l).expect("one object a line"))
            .collect();
        assert_eq!(lines.len(), 501, "{args:?}");
        assert_eq!(lines[0]["severity"], "warning");
        assert_eq!(lines[500]["summary"]["warnings"], 500);
    }
}

#[test]
fn an_import_that_cannot_be_written_leaves_nothing() {
    let dir = scratch("full-import");
    let book: String = (1..=30)
        .map(|n| format!("GAME {n}.\n\n1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n3. B-Kt5 P-QR3\n\n"))
        .collect();
    fs::write(dir.join("book.txt"), book).unwrap();
    let out = shell(&dir, FULL_DISK, &["import", "book.txt", "-o", "games.pgn"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("cannot write games.pgn"));
    assert_eq!(names(&dir), ["book.txt"]);
    // Where it can be written, it is.
    let out = run(&dir, &["import", "book.txt", "-o", "games.pgn"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        games_in(&fs::read_to_string(dir.join("games.pgn")).unwrap()),
        30
    );
}
