//! `scoresheet fmt` run as a user runs it, on copies of the corpus in a scratch folder: messy
//! files come out in the canonical form of their own notation, games with errors stay as
//! written, and a formatted file is left alone.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use common::text;
use std::time::{Duration, SystemTime};

fn scoresheet(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Output {
    common::run(dir, args, stdin)
}

fn corpus(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    fs::read_to_string(root.join(path)).unwrap()
}

/// An empty folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fmt-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn code(output: &Output) -> i32 {
    output.status.code().unwrap()
}

/// The file's modification time set an hour back, so that a rewrite would show.
fn age(path: &Path) -> SystemTime {
    let past = SystemTime::now() - Duration::from_secs(3600);
    fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(past)
        .unwrap();
    fs::metadata(path).unwrap().modified().unwrap()
}

fn mtime(path: &Path) -> SystemTime {
    fs::metadata(path).unwrap().modified().unwrap()
}

/// What a careless hand makes of a canonical record: roster tags out of order, movetext on
/// one line per game, zeros for castling, origin squares, check and mate signs left out,
/// Windows line ends.
fn mess(canonical: &str) -> String {
    let mut out = String::new();
    for game in canonical.split("\n\n[").map(|g| g.trim_start_matches('[')) {
        let (tags, movetext) = game.split_once("\n\n").unwrap();
        let mut tags: Vec<&str> = tags.lines().map(|t| t.trim_start_matches('[')).collect();
        // `Result` first, `Event` after `Round`: the roster order is gone.
        let result = tags.iter().position(|t| t.starts_with("Result")).unwrap();
        let result = tags.remove(result);
        tags.insert(0, result);
        let event = tags.iter().position(|t| t.starts_with("Event")).unwrap();
        let event = tags.remove(event);
        tags.insert(4, event);
        for tag in tags {
            out.push('[');
            out.push_str(tag.trim_start_matches('['));
            out.push('\n');
        }
        out.push('\n');
        let movetext = movetext
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .replace("O-O", "0-0")
            .replace("2. Nf3", "2. Ng1f3")
            .replace(['+', '#'], "");
        out.push_str(&movetext);
        out.push_str("\n\n\n");
    }
    out.replace('\n', "\r\n")
}

const SAMPLE: &str = "samples/club-games.pgn";

/// The sample as `convert` writes it in its own notation: the canonical form.
fn canonical_sample(dir: &Path) -> String {
    fs::write(dir.join("sample.pgn"), corpus(SAMPLE)).unwrap();
    let out = scoresheet(dir, &["convert", "--to", "en", "sample.pgn"], None);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    text(&out.stdout)
}

/// A Latin-1 file comes out UTF-8, its names and comments the same characters: each game
/// says it was read as Latin-1, and the file as a whole that its encoding changed.
#[test]
fn a_latin_1_file_is_written_as_utf8_and_said() {
    let dir = scratch("latin1");
    let latin1 = b"[Event \"Caf\xe9\"]\n[White \"M\xfcller\"]\n\n1. e4 {d\xe9but} e5 *\n";
    fs::write(dir.join("games.pgn"), latin1).unwrap();
    let out = scoresheet(&dir, &["fmt", "games.pgn"], None);
    let stderr = text(&out.stderr);
    assert_eq!(code(&out), 0, "{stderr}");
    assert!(
        stderr.contains("note: games.pgn was not UTF-8 (read as Latin-1 where it was not); it is written as UTF-8"),
        "{stderr}"
    );
    let written = fs::read_to_string(dir.join("games.pgn")).unwrap();
    assert!(written.contains("[Event \"Café\"]") && written.contains("[White \"Müller\"]"));
    assert!(written.contains("{début}"), "{written}");
    // Formatted again, a UTF-8 file: nothing to say of its encoding.
    let again = scoresheet(&dir, &["fmt", "games.pgn"], None);
    assert!(
        !text(&again.stderr).contains("not UTF-8"),
        "{}",
        text(&again.stderr)
    );
}

#[test]
fn a_messy_san_file_becomes_the_canonical_form() {
    let dir = scratch("messy-san");
    let canonical = canonical_sample(&dir);
    let messy = mess(&canonical);
    assert!(messy.contains("0-0") && messy.contains("Ng1f3") && !messy.contains("Nd5#"));
    assert!(messy.lines().any(|l| l.len() > 200));
    fs::write(dir.join("games.pgn"), &messy).unwrap();

    let out = scoresheet(&dir, &["fmt", "games.pgn"], None);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("note: games.pgn: detected en"), "{stderr}");
    assert!(stderr.contains("warning: 0-0: castling written with zeros"));
    assert!(stderr.contains("games.pgn reformatted: 3 games, 0 kept as written (0 errors,"));
    assert!(out.stdout.is_empty());

    let formatted = fs::read_to_string(dir.join("games.pgn")).unwrap();
    assert_eq!(formatted, canonical);
    assert!(formatted.starts_with("[Event \"Club championship\"]\n[Site \"Paris\"]\n"));
    assert!(formatted.lines().all(|l| l.chars().count() <= 80));
    assert!(!formatted.contains('\r'));
    for canonical_move in [
        "5. O-O",
        "2. Nf3 Nc6",
        "6. Bxf7+ Ke7",
        "7. Nd5# {Legal's mate.}",
    ] {
        assert!(formatted.contains(canonical_move), "{canonical_move}");
    }
}

#[test]
fn a_second_run_changes_nothing_and_keeps_the_mtime() {
    let dir = scratch("idempotent");
    let canonical = canonical_sample(&dir);
    let path = dir.join("games.pgn");
    fs::write(&path, mess(&canonical)).unwrap();
    assert_eq!(code(&scoresheet(&dir, &["fmt", "games.pgn"], None)), 0);
    let once = fs::read(&path).unwrap();
    let before = age(&path);

    let again = scoresheet(&dir, &["fmt", "games.pgn"], None);
    assert_eq!(code(&again), 0, "{}", text(&again.stderr));
    assert!(text(&again.stderr).contains("games.pgn unchanged: 3 games"));
    assert_eq!(fs::read(&path).unwrap(), once);
    assert_eq!(
        mtime(&path),
        before,
        "a formatted file is not written again"
    );
    // No temporary file is left beside it.
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 2);
}

/// A game written on one long line (lidraughts writes 11 KB lines) is shown around its first
/// change, not whole: the note names the line and column, each side cut to 100 characters.
#[test]
fn check_shows_a_long_line_around_its_change() {
    let dir = scratch("long-line");
    let record = format!(
        "[Event \"long\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 {{{}}} *\n",
        "a long note ".repeat(1000)
    );
    fs::write(dir.join("long.pgn"), &record).unwrap();
    let out = scoresheet(&dir, &["fmt", "--check", "long.pgn"], None);
    assert_eq!(code(&out), 1, "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    let note = stderr
        .lines()
        .position(|l| l.starts_with("note: long.pgn would be reformatted, from line 9, column "))
        .unwrap_or_else(|| panic!("{stderr}"));
    for shown in stderr.lines().skip(note + 1).take(2) {
        assert!(shown.chars().count() < 120, "{shown}");
    }
}

#[test]
fn check_lists_what_would_change_and_writes_nothing() {
    let dir = scratch("check");
    let canonical = canonical_sample(&dir);
    fs::write(dir.join("clean.pgn"), &canonical).unwrap();
    fs::write(dir.join("messy.pgn"), mess(&canonical)).unwrap();
    let messy_before = fs::read(dir.join("messy.pgn")).unwrap();
    let mtimes = [age(&dir.join("clean.pgn")), age(&dir.join("messy.pgn"))];

    let out = scoresheet(&dir, &["fmt", "--check", "clean.pgn", "messy.pgn"], None);
    assert_eq!(code(&out), 1);
    assert_eq!(text(&out.stdout), "messy.pgn\n");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("note: messy.pgn would be reformatted, from line 1, column "),
        "{stderr}"
    );
    assert!(
        stderr.contains("1 of 2 files would be reformatted: 6 games"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error: 1 file would be reformatted"),
        "{stderr}"
    );
    assert_eq!(fs::read(dir.join("messy.pgn")).unwrap(), messy_before);
    assert_eq!(
        fs::read_to_string(dir.join("clean.pgn")).unwrap(),
        canonical
    );
    assert_eq!(
        [mtime(&dir.join("clean.pgn")), mtime(&dir.join("messy.pgn"))],
        mtimes
    );

    let clean = scoresheet(&dir, &["fmt", "--check", "clean.pgn"], None);
    assert_eq!(code(&clean), 0, "{}", text(&clean.stderr));
    assert!(clean.stdout.is_empty());
    assert!(text(&clean.stderr).contains("clean.pgn is formatted"));

    // Quiet: the list on stdout and the exit status, no notes.
    let quiet = scoresheet(
        &dir,
        &["fmt", "--check", "--quiet", "clean.pgn", "messy.pgn"],
        None,
    );
    assert_eq!(code(&quiet), 1);
    assert_eq!(text(&quiet.stdout), "messy.pgn\n");
    assert_eq!(text(&quiet.stderr), "error: 1 file would be reformatted\n");

    assert_eq!(code(&scoresheet(&dir, &["fmt", "messy.pgn"], None)), 0);
    let after = scoresheet(&dir, &["fmt", "--check", "clean.pgn", "messy.pgn"], None);
    assert_eq!(code(&after), 0, "{}", text(&after.stderr));
    assert!(after.stdout.is_empty());
}

#[test]
fn a_french_file_stays_french() {
    let dir = scratch("french");
    // The corpus file is canonical French; mess it and expect it back.
    let canonical = corpus("fr/club-game.fr.pgn");
    let messy = canonical
        .replace("O-O", "0-0")
        .replace("25. Fxh7+", "25. Fd3xh7")
        .replace(['\n'], "\r\n")
        .replace("\r\n9", " 9")
        .replace("\r\n2", " 2")
        .replace("\r\n3", " 3");
    assert_ne!(messy, canonical);
    fs::write(dir.join("partie.pgn"), &messy).unwrap();

    let out = scoresheet(&dir, &["fmt", "partie.pgn"], None);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("note: partie.pgn: detected fr"));
    let formatted = fs::read_to_string(dir.join("partie.pgn")).unwrap();
    // The corpus file is the scoresheet spelling (`½-½`); a PGN file gets the standard's draw.
    assert_eq!(formatted, canonical.replace("Tc8= ½-½", "Tc8= 1/2-1/2"));
    // French letters and the French draw offer sign are still there.
    assert!(formatted.contains("5. Cf3 Db6") && formatted.contains("21. Cc1= Cf7"));
}

#[test]
fn lan_and_uci_files_stay_so() {
    let dir = scratch("coordinates");
    fs::write(dir.join("sample.pgn"), corpus(SAMPLE)).unwrap();
    for notation in ["lan", "uci"] {
        let out = scoresheet(&dir, &["convert", "--to", notation, "sample.pgn"], None);
        assert_eq!(code(&out), 0, "{}", text(&out.stderr));
        let canonical = text(&out.stdout);
        let file = format!("{notation}.pgn");
        fs::write(dir.join(&file), canonical.replace("\n1", " 1")).unwrap();

        let out = scoresheet(&dir, &["fmt", &file], None);
        assert_eq!(code(&out), 0, "{}", text(&out.stderr));
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains(&format!(
                "note: {file}: detected {notation}: it writes 46 of the 46"
            )),
            "{stderr}"
        );
        assert_eq!(fs::read_to_string(dir.join(&file)).unwrap(), canonical);
    }
}

#[test]
fn a_pdn_file_stays_manoury() {
    let dir = scratch("pdn");
    let canonical = corpus("pdn/variations.pdn");
    // Numbers glued to their moves, Black's numbers left out, the movetext on one line.
    let (tags, movetext) = canonical.split_once("\n\n").unwrap();
    let movetext = movetext
        .replace("2... ", "")
        .replace("3... ", "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace(". ", ".");
    let messy = format!("{tags}\n\n{movetext}\n");
    assert!(messy.contains("{A game that opens with a comment.} 1.32-28 19-23 (1...18-23"));
    fs::write(dir.join("partie.pdn"), &messy).unwrap();

    // Draughts from the `.pdn` extension.
    let out = scoresheet(&dir, &["fmt", "partie.pdn"], None);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert_eq!(
        fs::read_to_string(dir.join("partie.pdn")).unwrap(),
        canonical
    );

    // On stdin, `--game draughts` says so.
    let out = scoresheet(&dir, &["fmt", "--game", "draughts"], Some(messy.as_bytes()));
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), canonical);
}

#[test]
fn an_illegal_move_keeps_its_game_as_written() {
    let dir = scratch("illegal");
    let canonical = canonical_sample(&dir);
    let messy = mess(&canonical);
    // Game 2's fifth move becomes illegal: the knight on f3 cannot reach e6.
    let bad = messy.replacen("5. Nxe5", "5. Nxe6", 1);
    assert_ne!(bad, messy);
    let games: Vec<&str> = bad.split("\r\n\r\n\r\n").collect();
    let game_two = games[1].trim_start();
    fs::write(dir.join("games.pgn"), &bad).unwrap();

    let out = scoresheet(&dir, &["fmt", "games.pgn"], None);
    assert_eq!(code(&out), 1);
    let stderr = text(&out.stderr);
    assert!(stderr.contains("error: illegal move Nxe6\n"), "{stderr}");
    assert!(stderr.contains("--> games.pgn:"), "{stderr}");
    assert!(
        stderr.contains("(game 2: Petit, Anne - Bernard, Luc)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("3 games, 1 kept as written (1 error,"),
        "{stderr}"
    );
    assert!(stderr.ends_with("error: 1 error in 1 game\n"), "{stderr}");

    let formatted = fs::read_to_string(dir.join("games.pgn")).unwrap();
    let blocks: Vec<&str> = canonical.split("\n\n[").collect();
    assert_eq!(blocks.len(), 3);
    // Games 1 and 3 canonical, game 2 byte for byte as it was (Windows line ends and all).
    assert!(game_two.contains("\r\n") && game_two.contains("Ng1f3"));
    let expected = format!("{}\n\n{game_two}\n\n[{}", blocks[0], blocks[2]);
    assert_eq!(formatted, expected);

    // Formatting again changes nothing, and still fails.
    let before = age(&dir.join("games.pgn"));
    let again = scoresheet(&dir, &["fmt", "games.pgn"], None);
    assert_eq!(code(&again), 1);
    assert_eq!(fs::read_to_string(dir.join("games.pgn")).unwrap(), expected);
    assert_eq!(mtime(&dir.join("games.pgn")), before);
}

#[test]
fn a_file_with_no_game_that_replays_is_left_to_the_byte() {
    let dir = scratch("unreadable");
    let path = dir.join("broken.pgn");
    let broken = b"[Event \"x\"]\r\n1. e4 {never closed";
    fs::write(&path, broken).unwrap();
    let before = age(&path);
    let out = scoresheet(&dir, &["fmt", "broken.pgn"], None);
    assert_eq!(code(&out), 1);
    assert!(text(&out.stderr).contains("error: comment is not closed"));
    assert_eq!(fs::read(&path).unwrap(), broken);
    assert_eq!(mtime(&path), before);
}

#[test]
fn text_between_games_is_kept() {
    let dir = scratch("between");
    let input = "{ A file header that holds no game }\n\n\n1. e4 e5 2. 0-0 *\n\n\n\
                 [Event \"x\"]\n\n1. e4 {never closed\n";
    let out = scoresheet(&dir, &["fmt"], Some(input.as_bytes()));
    assert_eq!(code(&out), 1, "{}", text(&out.stderr));
    // `0-0` is no legal move here: the first game is kept too, as is the unreadable second.
    assert_eq!(
        text(&out.stdout),
        input,
        "a file in which no game replays comes out as it went in"
    );

    let input = "{ A file header that holds no game }\n\n\n[White \"A\"]\n  1. e4   e5 2.Nf3 *\n\n\n\
                 [Event \"x\"]\n\n1. e4 {never closed\n";
    let out = scoresheet(&dir, &["fmt", "-"], Some(input.as_bytes()));
    assert_eq!(code(&out), 1, "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "{ A file header that holds no game }\n\n\
         [Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n\
         [Event \"x\"]\n\n1. e4 {never closed\n\n"
    );
}

#[test]
fn stdin_goes_to_stdout() {
    let dir = scratch("stdin");
    let canonical = canonical_sample(&dir);
    let messy = mess(&canonical);
    let out = scoresheet(&dir, &["fmt"], Some(messy.as_bytes()));
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), canonical);
    assert!(text(&out.stderr).contains("<stdin> reformatted: 3 games"));

    let check = scoresheet(&dir, &["fmt", "--check", "-"], Some(messy.as_bytes()));
    assert_eq!(code(&check), 1);
    assert_eq!(text(&check.stdout), "<stdin>\n");
    assert!(text(&check.stderr).contains("<stdin> would be reformatted"));

    let check = scoresheet(&dir, &["fmt", "--check"], Some(canonical.as_bytes()));
    assert_eq!(code(&check), 0, "{}", text(&check.stderr));
    assert!(check.stdout.is_empty());
    assert!(text(&check.stderr).contains("<stdin> is formatted"));
}

#[test]
fn comments_nags_variations_and_clocks_survive() {
    let dir = scratch("annotations");
    let input = "[White \"A\"]\n[Black \"B\"]\n[Event \"E\"]\n\n\
                 1.e4 {[%clk 1:30:00]} e5 {[%clk 1:29:58] [%eval 0.17]} 2.Nf3 $1 Nc6!? \
                 (2...d6 {Philidor} (2...Nf6 3.Nxe5)) 3.Bb5 ; Spanish\n a6 4.Ba4 {(=)} Nf6 1/2-1/2\n";
    fs::write(dir.join("a.pgn"), input).unwrap();
    let out = scoresheet(&dir, &["fmt", "--quiet", "a.pgn"], None);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "quiet: {}", text(&out.stderr));
    let formatted = fs::read_to_string(dir.join("a.pgn")).unwrap();
    assert_eq!(
        formatted,
        "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n\
         [Black \"B\"]\n[Result \"1/2-1/2\"]\n\n\
         1. e4 {[%clk 1:30:00]} 1... e5 {[%clk 1:29:58] [%eval 0.17]} 2. Nf3 $1 Nc6 $5\n\
         (2... d6 {Philidor} (2... Nf6 3. Nxe5)) 3. Bb5 {Spanish} 3... a6 4. Ba4 {(=)}\n\
         4... Nf6 1/2-1/2\n\n"
    );
}

#[test]
fn descriptive_is_named_and_kept_in_its_style() {
    let dir = scratch("descriptive");
    fs::write(dir.join("sample.pgn"), corpus(SAMPLE)).unwrap();
    let convert = |style: &str| {
        let out = scoresheet(
            &dir,
            &[
                "convert",
                "--to",
                "descriptive",
                "--style",
                style,
                "sample.pgn",
            ],
            None,
        );
        assert_eq!(code(&out), 0, "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let (modern, old) = (convert("modern"), convert("old"));
    assert_ne!(modern, old);
    fs::write(dir.join("book.pgn"), &modern).unwrap();

    let check = scoresheet(
        &dir,
        &["fmt", "--check", "--from", "descriptive", "book.pgn"],
        None,
    );
    assert_eq!(code(&check), 0, "{}", text(&check.stderr));

    let out = scoresheet(
        &dir,
        &["fmt", "--from", "descriptive", "--style", "old", "book.pgn"],
        None,
    );
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert_eq!(fs::read_to_string(dir.join("book.pgn")).unwrap(), old);
}

#[test]
fn usage_errors_touch_no_file() {
    let dir = scratch("usage");
    let messy = mess(&canonical_sample(&dir));
    fs::write(dir.join("games.pgn"), &messy).unwrap();
    for args in [
        &["fmt", "--from", "klingon", "games.pgn"][..],
        &["fmt", "--from", "en", "--style", "old", "games.pgn"],
        &["fmt", "--style", "old", "games.pgn"],
        &["fmt", "--game", "draughts", "--from", "fr", "games.pgn"],
    ] {
        let out = scoresheet(&dir, args, None);
        assert_eq!(code(&out), 2, "{args:?}: {}", text(&out.stderr));
    }
    assert_eq!(fs::read_to_string(dir.join("games.pgn")).unwrap(), messy);

    let missing = scoresheet(&dir, &["fmt", "games.pgn", "nowhere.pgn"], None);
    assert_eq!(code(&missing), 1);
    assert!(text(&missing.stderr).contains("error: cannot read nowhere.pgn"));
    // The file that could be read is formatted all the same.
    assert_ne!(fs::read_to_string(dir.join("games.pgn")).unwrap(), messy);

    let list = scoresheet(&dir, &["--list"], None);
    assert!(
        text(&list.stdout).contains("\n  fmt "),
        "{}",
        text(&list.stdout)
    );
}

#[cfg(unix)]
#[test]
fn a_link_stays_a_link_and_permissions_stay() {
    use std::os::unix::fs::{PermissionsExt, symlink};

    let dir = scratch("link");
    let messy = mess(&canonical_sample(&dir));
    let real = dir.join("real.pgn");
    fs::write(&real, &messy).unwrap();
    fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
    symlink("real.pgn", dir.join("link.pgn")).unwrap();

    let out = scoresheet(&dir, &["fmt", "link.pgn"], None);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert!(
        fs::symlink_metadata(dir.join("link.pgn"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_ne!(fs::read_to_string(&real).unwrap(), messy);
    let mode = fs::metadata(&real).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
}
