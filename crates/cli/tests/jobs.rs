//! `--jobs`: `check`, `convert` and `fmt` cut their inputs in parts read on many workers, and
//! print exactly what one worker prints: the output, the diagnostics with their game numbers,
//! lines and columns in the file, and the exit status. Parts are made small
//! (`SCORESHEET_PART_BYTES`) so that real files are cut many times, at guessed game starts
//! that are sometimes wrong.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::workspace;

/// The shared corpus (`../shared/corpus`, or where `SCORESHEET_SHARED_CORPUS` says), or `None`
/// (skipped) when it is absent; absent under `CI`, a failure. testkit's one rule, which a copy
/// of its own here did not follow: a CI run on a checkout elsewhere failed with the variable set.
fn shared_corpus() -> Option<PathBuf> {
    testkit::corpus::shared("")
}

/// The files of `dir` ending in `.ext`, sorted.
fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == ext))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// How a run cuts its inputs: the default, or parts of about so many bytes cut where a game
/// likely starts, or at any line start.
#[derive(Debug, Clone, Copy)]
enum Cut {
    Default,
    Guessed(usize),
    Lines(usize),
}

/// `scoresheet ARGS --jobs JOBS`, its inputs cut as `cut` says.
fn run(args: &[&str], jobs: usize, cut: Cut, stdin: Option<&[u8]>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_scoresheet"));
    cmd.args(args)
        .arg("--jobs")
        .arg(jobs.to_string())
        .current_dir(workspace());
    match cut {
        Cut::Default => {}
        Cut::Guessed(bytes) => {
            cmd.env("SCORESHEET_PART_BYTES", bytes.to_string());
        }
        Cut::Lines(bytes) => {
            cmd.env("SCORESHEET_PART_BYTES", bytes.to_string());
            cmd.env("SCORESHEET_PART_CUT", "lines");
        }
    }
    match stdin {
        None => cmd.stdin(Stdio::null()).output().expect("the binary runs"),
        Some(input) => {
            use std::io::Write;
            let mut child = cmd
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("the binary runs");
            let mut pipe = child.stdin.take().expect("stdin is piped");
            let input = input.to_vec();
            let writer = std::thread::spawn(move || pipe.write_all(&input));
            let out = child.wait_with_output().expect("the binary ends");
            writer
                .join()
                .expect("the writer ends")
                .expect("stdin is written");
            out
        }
    }
}

/// What a run shows a user, to compare whole.
fn shown(out: &Output) -> (Option<i32>, String, String) {
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `args` on 1, 2 and 8 workers with small parts, cut well or badly, and on one worker with
/// the default parts, all print the same; what they print is returned.
fn same_on_any_jobs(args: &[&str], stdin: Option<&[u8]>) -> (Option<i32>, String, String) {
    let one = shown(&run(args, 1, Cut::Default, stdin));
    let runs = [
        (1, Cut::Guessed(700)),
        (2, Cut::Guessed(700)),
        (8, Cut::Guessed(700)),
        (8, Cut::Guessed(5000)),
        (2, Cut::Lines(300)),
        (8, Cut::Lines(1000)),
    ];
    for (jobs, cut) in runs {
        let other = shown(&run(args, jobs, cut, stdin));
        assert!(
            other == one,
            "{args:?} on {jobs} workers, cut {cut:?}, differs from one worker:\n\
             status {:?} / {:?}\nstdout:\n{}\n---\n{}\nstderr:\n{}\n---\n{}",
            other.0,
            one.0,
            other.1,
            one.1,
            other.2,
            one.2
        );
    }
    one
}

/// A file of the sample's games, with what makes a guessed cut wrong between them: a tag
/// section broken by blank lines, a comment with a tag line in it, a line comment, text that
/// holds no game, forum markup, a game that cannot be read, an illegal move.
fn tricky_file() -> Vec<u8> {
    let sample = std::fs::read(workspace().join("corpus/samples/club-games.pgn")).unwrap();
    let extras: [&[u8]; 8] = [
        b"[Event \"broken\"]\n\n[Site \"across a blank line\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n",
        b"[Event \"comment\"]\n\n1. d4 { a comment\n\n[Event \"inside it\"]\n} d5 *\n\n",
        b"{ only a comment, no game }\n\n",
        b"[pgn]\n[Event \"forum\"]\n\n1. c4 e5 *\n[/pgn]\n\n",
        b"[Event \"unclosed\"]\n\n1. e4 (1. d4 *\n\n",
        b"[Event \"illegal\"]\n\n1. e4 Ke7 2. Qh5 Ke6 3. Qxe5+ *\n\n",
        b"; a line comment [Event \"not a tag\"]\n[Event \"after\"]\n\n1. e4 *\n\n",
        b"[Event \"no result\"]\n\n1. e4 e5\n\n",
    ];
    let mut file = Vec::new();
    for (i, extra) in extras.iter().cycle().take(24).enumerate() {
        if i % 6 == 0 {
            file.extend_from_slice(&sample);
            file.extend_from_slice(b"\n\n");
        }
        file.extend_from_slice(extra);
    }
    file
}

#[test]
fn check_and_convert_print_the_same_on_any_number_of_workers() {
    let dir = std::env::temp_dir().join(format!("scoresheet-jobs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tricky = dir.join("tricky.pgn");
    std::fs::write(&tricky, tricky_file()).unwrap();
    let tricky = tricky.to_str().unwrap();
    let (status, stdout, stderr) = same_on_any_jobs(&["check", tricky], None);
    // Not vacuous: the file is read, and its errors are found where they are.
    assert_eq!(status, Some(1));
    assert!(stdout.starts_with("checked "), "{stdout}");
    assert!(stderr.contains("tricky.pgn:"), "{stderr}");
    assert!(stderr.contains("(game "), "{stderr}");
    same_on_any_jobs(&["check", "--format", "json", tricky], None);
    let (_, fr, _) = same_on_any_jobs(&["convert", "--to", "fr", tricky], None);
    assert!(fr.contains("[Event \"broken\"]"), "{fr}");
    same_on_any_jobs(&["convert", "--from", "en", "--to", "uci", tricky], None);
    // From stdin, and compressed.
    let bytes = std::fs::read(tricky).unwrap();
    same_on_any_jobs(&["check", "-"], Some(&bytes));
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, &bytes).unwrap();
    let gz = gz.finish().unwrap();
    same_on_any_jobs(&["convert", "--to", "fr"], Some(&gz));
    // Cut short: the games before the cut stay, the cut is said.
    same_on_any_jobs(&["check"], Some(&gz[..gz.len() * 2 / 3]));
    // An input that is no text is one error, however many parts it makes.
    let binary: Vec<u8> = (0..20_000u32).map(|i| (i * 7 % 32) as u8).collect();
    let (status, _, stderr) = same_on_any_jobs(&["check", "-"], Some(&binary));
    assert_eq!(
        (status, stderr.matches("not a text file").count()),
        (Some(1), 1),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Without `SCORESHEET_PART_BYTES`, parts shrink as a file's end nears (to 64 KiB): a file of
/// a few hundred kilobytes is cut in parts of several sizes, differently for each number of
/// workers, and reads the same.
#[test]
fn parts_cut_by_what_is_left_read_the_same_on_any_number_of_workers() {
    let dir = std::env::temp_dir().join(format!("scoresheet-jobs-left-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("big.pgn");
    let tricky = tricky_file();
    let bytes: Vec<u8> = tricky
        .iter()
        .copied()
        .cycle()
        .take(tricky.len() * 70)
        .collect();
    assert!(bytes.len() > 300 << 10, "{} bytes", bytes.len());
    std::fs::write(&file, &bytes).unwrap();
    let file = file.to_str().unwrap();
    for args in [["check", file], ["convert", file]] {
        let one = shown(&run(&args, 1, Cut::Default, None));
        assert_eq!(one.0, Some(1), "{}", one.2);
        for jobs in [2, 3, 8] {
            let other = shown(&run(&args, jobs, Cut::Default, None));
            assert!(
                other == one,
                "{args:?} on {jobs} workers differs from one worker"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fmt_formats_the_same_on_any_number_of_workers() {
    let dir = std::env::temp_dir().join(format!("scoresheet-jobs-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bytes = tricky_file();
    let tricky = dir.join("tricky.pgn");
    std::fs::write(&tricky, &bytes).unwrap();
    let tricky = tricky.to_str().unwrap();
    // To stdout from stdin; and `--check`, which tells the first line that changes.
    let (status, formatted, stderr) = same_on_any_jobs(&["fmt"], Some(&bytes));
    assert_eq!(status, Some(1), "{stderr}");
    assert!(formatted.contains("[Event \"broken\"]"), "{formatted}");
    assert_ne!(formatted.as_bytes(), &bytes[..]);
    let (_, listed, told) = same_on_any_jobs(&["fmt", "--check", tricky], None);
    assert!(listed.contains("tricky.pgn"), "{listed}");
    assert!(told.contains("would be reformatted, from line"), "{told}");
    // In place: the file each run leaves is the same, and is what stdout had.
    let mut results = Vec::new();
    for (jobs, cut) in [
        (1, Cut::Default),
        (2, Cut::Lines(300)),
        (8, Cut::Guessed(700)),
    ] {
        std::fs::write(tricky, &bytes).unwrap();
        let out = run(&["fmt", tricky], jobs, cut, None);
        results.push((shown(&out).0, std::fs::read(tricky).unwrap()));
    }
    assert_eq!(results[0].1, formatted.as_bytes());
    assert!(results.iter().all(|r| *r == results[0]));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shared_corpus_reads_the_same_on_any_number_of_workers() {
    let Some(corpus) = shared_corpus() else {
        return;
    };
    let mut pgn = files(&corpus.join("pgn/pgn-extract"), "pgn");
    pgn.extend(files(&corpus.join("pgn/python-chess"), "pgn"));
    let pgn: Vec<&str> = pgn.iter().map(|p| p.to_str().unwrap()).collect();
    assert!(pgn.len() > 10);
    let mut check = vec!["check"];
    check.extend(&pgn);
    same_on_any_jobs(&check, None);
    let mut convert = vec!["convert", "--to", "fr"];
    convert.extend(&pgn);
    same_on_any_jobs(&convert, None);
    let mut pdn = files(&corpus.join("pdn/succeed"), "pdn");
    pdn.extend(files(&corpus.join("pdn/fail"), "pdn"));
    let pdn: Vec<&str> = pdn.iter().map(|p| p.to_str().unwrap()).collect();
    assert!(pdn.len() > 10);
    let mut check = vec!["check", "--format", "json"];
    check.extend(&pdn);
    same_on_any_jobs(&check, None);
    let mut convert = vec!["convert"];
    convert.extend(&pdn);
    same_on_any_jobs(&convert, None);
    let mut fmt = vec!["fmt", "--check"];
    fmt.extend(&pdn);
    same_on_any_jobs(&fmt, None);
    let mut fmt = vec!["fmt", "--check"];
    fmt.extend(&pgn);
    same_on_any_jobs(&fmt, None);
}

/// Games without a bishop's move, in Spanish letters: French, Italian, Portuguese and Romanian
/// spell their knights, queens, rooks and kings alike, and no game decides the letter set. Every
/// part after the first detects its games itself, guessing that no game before it decided.
/// Where one did (an English game between them), the games after it are read in English, as
/// on one worker, however the file is cut; what detection says of a game names it by its
/// number in the file. Spanish games with bishops decide the file at their first game, Italian
/// spelling its letters alike.
#[test]
fn detection_that_decides_nothing_reads_the_same_on_any_number_of_workers() {
    let dir = std::env::temp_dir().join(format!("scoresheet-jobs-es-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let english = std::fs::read(workspace().join("corpus/samples/club-games.pgn")).unwrap();
    let sample = workspace().join("corpus/samples/club-games.pgn");
    let in_spanish = |english: &[u8]| {
        let out = run(
            &["convert", "--to", "es", "-"],
            1,
            Cut::Default,
            Some(english),
        );
        assert!(out.status.success(), "{}", shown(&out).2);
        out.stdout
    };

    // Spanish with bishops: the first game decides es, said once.
    let spanish = run(
        &["convert", "--to", "es", sample.to_str().unwrap()],
        1,
        Cut::Default,
        None,
    );
    assert!(spanish.status.success(), "{}", shown(&spanish).2);
    let es = dir.join("es.pgn");
    std::fs::write(&es, spanish.stdout.repeat(8)).unwrap();
    let (status, stdout, stderr) = same_on_any_jobs(&["check", es.to_str().unwrap()], None);
    assert_eq!(status, Some(0), "{stderr}");
    assert!(stdout.starts_with("checked 24 games"), "{stdout}");
    assert_eq!(stderr.matches("note:").count(), 1, "{stderr}");
    assert!(
        stderr.contains("detected es: only es and it, whose letters are spelled alike"),
        "{stderr}"
    );

    let knights = "[Event \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Nc3 Nf6 4. d4 exd4 5. Nxd4 Nxd4 \
                   6. Qxd4 d6 7. h3 c5 8. Qd3 Rb8 1/2-1/2\n\n[Event \"B\"]\n\n1. d4 d5 \
                   2. Nf3 Nf6 3. Nc3 Nc6 4. Rb1 Rb8 5. Ng5 h6 6. Nf3 e6 1-0\n";
    let undecided = in_spanish(knights.as_bytes());
    let repeated = |times: usize| undecided.repeat(times);

    // Undecided throughout: every game read, the note said once.
    let path = dir.join("knights.pgn");
    std::fs::write(&path, repeated(8)).unwrap();
    let path = path.to_str().unwrap();
    let (status, stdout, stderr) = same_on_any_jobs(&["check", path], None);
    assert_eq!(status, Some(0), "{stderr}");
    assert!(stdout.starts_with("checked 16 games"), "{stdout}");
    assert_eq!(stderr.matches("read as fr").count(), 1, "{stderr}");
    let (_, en, _) = same_on_any_jobs(&["convert", "--to", "en", path], None);
    let written = run(
        &["convert", "--to", "en", "-"],
        1,
        Cut::Default,
        Some(knights.repeat(8).as_bytes()),
    );
    assert!(
        en.as_bytes() == written.stdout,
        "the Spanish games convert to English as the English ones are written"
    );

    // An English game after eight undecided ones decides English: the eight after it fail.
    let second = english
        .windows(7)
        .skip(1)
        .position(|w| w == b"[Event ")
        .expect("the sample holds three games");
    let mut mixed = repeated(4);
    mixed.extend_from_slice(&english[..=second]);
    mixed.extend_from_slice(&repeated(4));
    let mixed_path = dir.join("mixed.pgn");
    std::fs::write(&mixed_path, &mixed).unwrap();
    let (status, stdout, stderr) = same_on_any_jobs(&["check", mixed_path.to_str().unwrap()], None);
    assert_eq!(status, Some(1), "{stderr}");
    assert!(stderr.contains("detected en"), "{stderr}");
    assert_eq!(
        stderr
            .matches("\"Cf3\" does not start with a piece letter")
            .count(),
        8,
        "{stderr}"
    );
    assert!(
        stderr.contains("(game 10: ") && stderr.contains("(game 17: "),
        "{stderr}"
    );
    assert!(!stderr.contains("(game 9: "), "{stderr}");
    assert!(stderr.contains("8 errors in 8 games"), "{stderr}");
    assert!(stdout.starts_with("checked 17 games"), "{stdout}");

    // A game no letter set reads whole, far into the file: named by its number in the file.
    let text = String::from_utf8(undecided.clone()).unwrap();
    let broken = text.replacen("Cf6", "Cf5", 1);
    assert_ne!(broken, text);
    let mut late = repeated(6);
    late.extend_from_slice(broken.as_bytes());
    late.extend_from_slice(&repeated(2));
    let late_path = dir.join("late.pgn");
    std::fs::write(&late_path, &late).unwrap();
    let (status, _, stderr) = same_on_any_jobs(&["check", late_path.to_str().unwrap()], None);
    assert_eq!(status, Some(1), "{stderr}");
    assert!(
        stderr.contains("no letter set replays game 13 whole"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
