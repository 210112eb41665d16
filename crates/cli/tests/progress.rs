//! The progress line of `convert` and `check`, run as a user runs them. Tests capture stderr
//! through a pipe, so `auto` (the default) must draw nothing and `--progress always` shows what a
//! terminal would get.

mod common;

use std::process::Output;

use common::{text, workspace};

/// What the line does before each drawing and at the end: carriage return, erase the line.
const ERASE: &str = "\r\x1b[K";

const SAMPLE: &str = "corpus/samples/club-games.pgn";

fn scoresheet(args: &[&str], stdin: &str) -> Output {
    common::run(&workspace(), args, Some(stdin.as_bytes()))
}

fn stderr(output: &Output) -> String {
    text(&output.stderr)
}

fn assert_no_progress(err: &str) {
    assert!(!err.contains('\r'), "{err:?}");
    assert!(!err.contains("\x1b["), "{err:?}");
    assert!(!err.contains("games/s"), "{err:?}");
}

#[test]
fn by_default_nothing_is_drawn_when_stderr_is_not_a_terminal() {
    for args in [
        &["convert", "--to", "uci", SAMPLE][..],
        &["check", SAMPLE][..],
        &["check", "--progress", "auto", SAMPLE][..],
        &["convert", "--progress", "never", SAMPLE][..],
    ] {
        let out = scoresheet(args, "");
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert_no_progress(&stderr(&out));
    }
}

#[test]
fn always_shows_games_and_bytes_and_ends_with_the_line_erased() {
    let out = scoresheet(
        &["convert", "--to", "uci", "--progress", "always", SAMPLE],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    // The sample is 1,200 bytes of 3 games: the last drawing has every count.
    assert!(
        err.contains(&format!(
            "{ERASE}3 games  " // then the rate, which depends on the machine
        )),
        "{err:?}"
    );
    assert!(
        err.contains("games/s  1.2 kB of 1.2 kB  100%  corpus/samples/club-games.pgn"),
        "{err:?}"
    );
    // Erased before the summary, which then starts a clean line.
    let (drawn, after) = err.rsplit_once(ERASE).unwrap();
    assert!(drawn.contains("3 games"), "{err:?}");
    assert_eq!(
        after,
        "converted 3 of 3 games to uci (0 errors, 0 warnings)\n"
    );
    // The converted games on stdout are untouched by it.
    assert!(!String::from_utf8(out.stdout).unwrap().contains('\r'));

    // `check` writes its summary on stdout: stderr ends with the line erased.
    let out = scoresheet(&["check", "--progress", "always", SAMPLE], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("3 games  "), "{err:?}");
    assert!(err.ends_with(ERASE), "{err:?}");
}

#[test]
fn diagnostics_are_printed_on_a_clean_line() {
    let mut input = String::new();
    for round in 1..=20 {
        let moves = if round % 5 == 0 {
            "1. e4 e5 2. Ke3 *"
        } else {
            "1. e4 e5 2. Nf3 *"
        };
        input.push_str(&format!("[Round \"{round}\"]\n\n{moves}\n\n"));
    }
    let out = scoresheet(&["check", "--progress", "always", "--from", "en"], &input);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert_eq!(err.matches("error: illegal move Ke3").count(), 4, "{err:?}");
    for (at, _) in err.match_indices("error: ") {
        let before = &err[..at];
        assert!(
            before.is_empty() || before.ends_with('\n') || before.ends_with(ERASE),
            "a diagnostic printed after the bar: {err:?}"
        );
    }
    // Read from stdin: bytes without a total.
    assert!(err.contains("20 games  "), "{err:?}");
    assert!(err.contains(" B  <stdin>"), "{err:?}");
    assert!(!err.contains('%'), "{err:?}");
    // Erased once more before the final error message of the run.
    let (_, after) = err.rsplit_once(ERASE).unwrap();
    assert_eq!(after, "error: 4 errors in 4 games\n");
}

#[test]
fn quiet_draws_nothing_even_when_asked_always() {
    let out = scoresheet(&["convert", "--quiet", "--progress", "always", SAMPLE], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_no_progress(&stderr(&out));
    let out = scoresheet(&["check", "-q", "--progress", "always", SAMPLE], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_no_progress(&stderr(&out));
}

#[test]
fn a_bad_mode_is_a_usage_error() {
    let out = scoresheet(&["check", "--progress", "sometimes", SAMPLE], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("auto, always, never"),
        "{}",
        stderr(&out)
    );
}

/// `fmt` takes `--progress` as `check` and `convert` do (it was a usage error): a line for the
/// file it formats, erased before what it says of the file.
#[test]
fn fmt_draws_its_line_for_each_file() {
    let dir = std::env::temp_dir().join(format!("scoresheet-fmt-progress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.pgn");
    std::fs::copy(workspace().join(SAMPLE), &path).unwrap();
    let file = path.to_str().unwrap();
    let out = scoresheet(&["fmt", "--check", "--progress", "always", file], "");
    let err = stderr(&out);
    assert!(err.contains(&format!("{ERASE}3 games  ")), "{err:?}");
    // The name is cut from the left to fit the line.
    assert!(err.contains("100%  …"), "{err:?}");
    assert!(err.contains("/games.pgn\r"), "{err:?}");
    let out = scoresheet(&["fmt", "--check", file], "");
    assert_no_progress(&stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}
