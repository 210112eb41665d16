//! The PDN files of `../shared/corpus/pdn` (skipped when absent, failed under `CI`;
//! `SCORESHEET_SHARED_CORPUS` moves it): every file of `succeed/` reads, every international game replays through the
//! record replay with Manoury as source and target (or fails on the move pinned here), the
//! conversion is a fixed point, and the files of `fail/` give the errors pinned here.

use std::path::{Path, PathBuf};

use board_core::{Diagnostic, Dialect, Output, RawGame, ReadError, RecordReader, replay};
use draughts_rules::Position;
use notation_manoury::Manoury;

/// `pdn/` of the shared corpus; `None` when absent (a failure under `CI`).
fn corpus() -> Option<PathBuf> {
    testkit::corpus::shared("pdn")
}

/// The `.pdn` files of `dir`, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    testkit::corpus::files(dir, "pdn")
}

fn name(path: &Path) -> String {
    let folder = path.parent().and_then(Path::file_name).unwrap_or_default();
    let file = path.file_name().unwrap_or_default();
    format!("{}/{}", folder.to_string_lossy(), file.to_string_lossy())
}

/// The games of a file, and its unreadable games rendered.
fn read(path: &Path) -> (Vec<RawGame>, Vec<String>) {
    let bytes = std::fs::read(path).expect("readable corpus file");
    let mut games = Vec::new();
    let mut errors = Vec::new();
    for item in RecordReader::new(&bytes[..], Dialect::pdn()) {
        match item {
            Ok(game) => games.push(game),
            Err(ReadError::Game(e)) => {
                let at = e.span().line_col(e.text());
                errors.push(format!(
                    "{}:{}:{}: {}",
                    name(path),
                    e.first_line() + at.line - 1,
                    at.column,
                    e.kind()
                ));
            }
            Err(e) => panic!("{}: {e}", path.display()),
        }
    }
    (games, errors)
}

/// A `GameType` of 20, with or without attributes.
fn is_game_type_20(game: &RawGame) -> bool {
    game.tag("GameType")
        .is_some_and(|t| t.split(',').next().map(str::trim) == Some("20"))
}

/// No `GameType` (the PDN default is English draughts), but a FEN naming a square above 32,
/// which no 8x8 board has: the problem collections are written so.
fn is_ten_by_ten_problem(game: &RawGame) -> bool {
    game.tag("GameType").is_none()
        && game.tag("FEN").is_some_and(|fen| {
            fen.split(|c: char| !c.is_ascii_digit())
                .filter_map(|n| n.parse::<u32>().ok())
                .any(|n| n > 32)
        })
}

/// `file:line:column: message`.
fn locate(path: &Path, game: &RawGame, d: &Diagnostic) -> String {
    let at = d.span.line_col(game.text());
    format!(
        "{}:{}:{}: {}{}",
        name(path),
        game.first_line() + at.line - 1,
        at.column,
        if d.is_error() { "" } else { "warning: " },
        d.message
    )
}

/// Replays `game` with Manoury both ways; the PDN written, empty on an error.
fn convert(game: &RawGame, diagnostics: &mut Vec<Diagnostic>) -> String {
    let dialect = notation_manoury::dialect();
    let mut out = String::new();
    let replayed = replay::<Position, _, _>(
        game,
        &Manoury,
        Some(Output {
            notation: &Manoury,
            dialect: &dialect,
            out: &mut out,
        }),
    );
    diagnostics.extend(replayed.diagnostics);
    out
}

/// What replaying the chosen games of some files gave.
#[derive(Default)]
struct Outcome {
    games: usize,
    converted: usize,
    /// Errors, pinned below.
    errors: Vec<String>,
    /// Warnings, counted by message kind.
    warnings: Vec<String>,
    /// The PDN written for the converted games.
    written: Vec<(PathBuf, String)>,
}

fn replay_files(dir: &Path, keep: fn(&RawGame) -> bool) -> Outcome {
    let mut outcome = Outcome::default();
    for path in files(dir) {
        let (games, _) = read(&path);
        for game in games.iter().filter(|g| keep(g)) {
            outcome.games += 1;
            let mut diagnostics = Vec::new();
            let out = convert(game, &mut diagnostics);
            for d in &diagnostics {
                let line = locate(&path, game, d);
                if d.is_error() {
                    outcome.errors.push(line);
                } else {
                    outcome.warnings.push(line);
                }
            }
            if !diagnostics.iter().any(Diagnostic::is_error) {
                outcome.converted += 1;
                outcome.written.push((path.clone(), out));
            }
        }
    }
    outcome
}

#[test]
fn every_file_of_succeed_reads() {
    let Some(dir) = corpus() else { return };
    let mut games = 0;
    let mut files_read = 0;
    for path in files(&dir.join("succeed")) {
        let (read_games, errors) = read(&path);
        assert!(errors.is_empty(), "{errors:?}");
        assert!(!read_games.is_empty(), "{}", path.display());
        games += read_games.len();
        files_read += 1;
    }
    assert_eq!((files_read, games), (39, 1978));
}

/// The errors of the type 20 games. Two files, 21 games, put a space after the separator of a
/// move to line the columns up (`1- 7`): the record reader then sees the move `1-` and a move
/// number `7`, and the replay stops there, saying so. Every other game of type 20 replays.
/// The first move cut by a space (`1- 7`) in each game of DUTCH96H and candidate95; the
/// replay joins the two halves and warns, there and at 101 more places.
const GAME_TYPE_20_SPLIT_MOVES: [(&str, &str); 21] = [
    ("succeed/DUTCH96H.pdn:11:31", "1-"),
    ("succeed/DUTCH96H.pdn:30:48", "1-"),
    ("succeed/DUTCH96H.pdn:49:82", "2-"),
    ("succeed/DUTCH96H.pdn:68:14", "1-"),
    ("succeed/DUTCH96H.pdn:93:82", "1-"),
    ("succeed/DUTCH96H.pdn:109:82", "1-"),
    ("succeed/DUTCH96H.pdn:130:65", "1-"),
    ("succeed/DUTCH96H.pdn:153:31", "1-"),
    ("succeed/DUTCH96H.pdn:175:65", "1-"),
    ("succeed/DUTCH96H.pdn:193:58", "28x"),
    ("succeed/DUTCH96H.pdn:213:31", "1-"),
    ("succeed/DUTCH96H.pdn:234:82", "1-"),
    ("succeed/DUTCH96H.pdn:250:14", "1-"),
    ("succeed/candidate95.pdn:6:56", "1-"),
    ("succeed/candidate95.pdn:31:60", "4-"),
    ("succeed/candidate95.pdn:49:41", "2-"),
    ("succeed/candidate95.pdn:65:56", "1-"),
    ("succeed/candidate95.pdn:88:28", "3-"),
    ("succeed/candidate95.pdn:103:43", "2-"),
    ("succeed/candidate95.pdn:127:44", "4-"),
    ("succeed/candidate95.pdn:148:28", "3-"),
];

/// The warnings of the type 20 games: what the lenient reader accepted.
const GAME_TYPE_20_WARNINGS: [&str; 16] = [
    "succeed/PROF2.pdn:232:53: warning: 30-39: capture written with '-'",
    "succeed/PROF2.pdn:290:5: warning: 38x33: capture sign on a move that takes nothing",
    "succeed/candidate95.pdn:157:43: warning: the Result tag says 0-1 but the movetext ends with 1/2-1/2",
    "succeed/kurnik.pdn:18:1: warning: 39x28x17x6: capture path written where 39x6 is enough",
    "succeed/kurnik.pdn:21:55: warning: 20x29x40: capture path written where 20x40 is enough",
    "succeed/kurnik.pdn:23:58: warning: 28x39x30: capture path written where 28x30 is enough",
    "succeed/kurnik.pdn:24:62: warning: 48x26x17: capture path written where 48x17 is enough",
    "succeed/kurnik.pdn:52:27: warning: 18x34x48: capture path written where 18x48 is enough",
    "succeed/kurnik.pdn:68:61: warning: 40x29x20: capture path written where 40x20 is enough",
    "succeed/kurnik.pdn:71:69: warning: 11x22x31: capture path written where 11x31 is enough",
    "succeed/kurnik.pdn:73:59: warning: 26x17x8: capture path written where 26x8 is enough",
    // The server let the game go on past a third repetition.
    "succeed/kurnik.pdn:82:44: warning: 16-2: the game goes on after a draw by threefold repetition (FMJD rules, article 6) after 79. 5-19",
    "succeed/kurnik.pdn:101:1: warning: 22x33x24: capture path written where 22x24 is enough",
    "succeed/kurnik.pdn:101:14: warning: 30x19x28: capture path written where 30x28 is enough",
    "succeed/kurnik.pdn:109:71: warning: 50x28x14: capture path written where 50x14 is enough",
    "succeed/kurnik.pdn:110:40: warning: 36x22x6: capture path written where 36x6 is enough",
];

#[test]
fn every_game_of_type_20_replays() {
    let Some(dir) = corpus() else { return };
    let outcome = replay_files(&dir.join("succeed"), is_game_type_20);
    assert_eq!(outcome.errors, Vec::<String>::new());
    let (split, other): (Vec<String>, Vec<String>) = outcome
        .warnings
        .into_iter()
        .partition(|w| w.contains("written apart from its move"));
    assert_eq!(other, GAME_TYPE_20_WARNINGS);
    let split_at: Vec<String> = split
        .iter()
        .map(|w| w.split(": warning: ").next().unwrap().to_owned())
        .collect();
    let expected_at: Vec<String> = GAME_TYPE_20_SPLIT_MOVES
        .iter()
        .map(|(at, token)| {
            // The warning points at the rest, just after the cut token and its space.
            let (file_line, column) = at.rsplit_once(':').unwrap();
            format!(
                "{file_line}:{}",
                column.parse::<usize>().unwrap() + token.len() + 1
            )
        })
        .collect();
    for at in &expected_at {
        assert!(split_at.contains(at), "{at} not in {split_at:?}");
    }
    assert!(
        split_at
            .iter()
            .all(|at| at.starts_with("succeed/DUTCH96H.pdn:")
                || at.starts_with("succeed/candidate95.pdn:"))
    );
    assert_eq!(split_at.len(), 122);
    assert_eq!((outcome.games, outcome.converted), (118, 118));
}

#[test]
fn every_ten_by_ten_problem_replays() {
    let Some(dir) = corpus() else { return };
    let outcome = replay_files(&dir.join("succeed"), is_ten_by_ten_problem);
    assert_eq!(outcome.errors, Vec::<String>::new());
    assert_eq!(outcome.warnings, Vec::<String>::new());
    assert_eq!((outcome.games, outcome.converted), (164, 164));
}

/// What the conversion wrote reads and converts again to the same text, and the same moves.
#[test]
fn conversion_is_a_fixed_point() {
    let Some(dir) = corpus() else { return };
    let keep: fn(&RawGame) -> bool = |g| is_game_type_20(g) || is_ten_by_ten_problem(g);
    let outcome = replay_files(&dir.join("succeed"), keep);
    assert_eq!(outcome.written.len(), 282);
    let dialect = notation_manoury::dialect();
    for (path, written) in &outcome.written {
        let again: Vec<RawGame> = RecordReader::new(written.as_bytes(), dialect.clone())
            .map(|g| g.unwrap_or_else(|e| panic!("{}: {e}\n{written}", path.display())))
            .collect();
        assert_eq!(again.len(), 1, "{written}");
        let mut diagnostics = Vec::new();
        let twice = convert(&again[0], &mut diagnostics);
        assert_eq!(&twice, written, "{}", path.display());
        // The inconsistencies of the source that a conversion keeps, as it keeps everything.
        for d in diagnostics {
            assert!(
                d.message == "the Result tag says 0-1 but the movetext ends with 1/2-1/2"
                    || d.message
                        .contains("the game goes on after a draw by threefold repetition"),
                "{}: {d:?}\n{written}",
                path.display()
            );
        }
    }
}

const FAIL_REPORT: [&str; 18] = [
    "fail/40Camp.DamaInternazionaleAssoluto.pdn: 45 games, 45 converted, 0 unreadable",
    "fail/Cat.A1.pdn: 35 games, 35 converted, 0 unreadable",
    // Moves after the last game: a game of their own, from the start.
    "fail/Cat.C1.pdn: 46 games, 45 converted, 0 unreadable",
    "fail/Cat.C1.pdn:611:1: illegal move 36x27: there is nothing to capture",
    // Russian draughts (8x8, squares a1 to h8) without a GameType.
    "fail/abatsiev.pdn: 56 games, 0 converted, 0 unreadable",
    "fail/abatsiev.pdn:9:4: \"c3-d4\" is not a Manoury move: expected a square number",
    "fail/abatsiev.pdn:29:4: \"e3-d4\" is not a Manoury move: expected a square number",
    // Delfts scores (`4-6`) are no PDN results: read as moves.
    "fail/delfts.pdn: 2 games, 0 converted, 0 unreadable",
    "fail/delfts.pdn:26:69: illegal move 4-6: a capture is mandatory",
    "fail/delfts.pdn:53:35: illegal move 1-9: a capture is mandatory",
    // Czech draughts (8x8) without a GameType; the games converted have no moves.
    "fail/mrdrcd07.pdn: 72 games, 3 converted, 0 unreadable",
    "fail/mrdrcd07.pdn:10:4: \"g3-f4\" is not a Manoury move: expected a square number",
    "fail/mrdrcd07.pdn:25:4: \"c3-d4\" is not a Manoury move: expected a square number",
    "fail/mrdrcd08.pdn: 40 games, 1 converted, 0 unreadable",
    "fail/mrdrcd08.pdn:10:4: \"c3-d4\" is not a Manoury move: expected a square number",
    "fail/mrdrcd08.pdn:27:4: \"c3-d4\" is not a Manoury move: expected a square number",
    "fail/nested_comment.pdn: 0 games, 0 converted, 1 unreadable",
    "fail/nested_comment.pdn:1:46: `}` closes no comment",
];

/// What each file of `fail/` gives: unreadable games, or errors of the replay (every game is
/// replayed as international draughts, the only game the rules know), or nothing where the
/// lenient reader takes what breaks the strict standard (a FEN with a final `.`, chess results,
/// a stray `.` in the movetext).
#[test]
fn the_files_of_fail_give_clear_errors() {
    let Some(dir) = corpus() else { return };
    let mut report = Vec::new();
    for path in files(&dir.join("fail")) {
        let (games, unreadable) = read(&path);
        let mut converted = 0;
        let mut errors = Vec::new();
        for game in &games {
            let mut diagnostics = Vec::new();
            convert(game, &mut diagnostics);
            let first_error = diagnostics.iter().find(|d| d.is_error());
            match first_error {
                Some(d) => errors.push(locate(&path, game, d)),
                None => converted += 1,
            }
        }
        report.push(format!(
            "{}: {} games, {converted} converted, {} unreadable",
            name(&path),
            games.len(),
            unreadable.len()
        ));
        report.extend(unreadable);
        report.extend(errors.into_iter().take(2));
    }
    assert_eq!(report, FAIL_REPORT);
}
