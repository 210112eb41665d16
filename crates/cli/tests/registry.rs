//! The registry holds every notation: a toy notation and a Spanish descriptive table are each
//! added with one line and convert real files; `--list`, the help and the completions come
//! from the registry; descriptive files are detected without `--from`.

mod common;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use board_core::{Dialect, MoveError, Notation, Notes, RecordReader};
use chess_rules::{Move, Position};
use common::{text, workspace};
use notation_descriptive::{Descriptive, Language, Style};
use notation_en::Uci;
use scoresheet::registry::{DescriptiveEntry, Entry, Registry};

const SAMPLE: &str = "corpus/samples/club-games.pgn";

/// UCI written in capitals: `G1F3`, `E7E8Q`. Reads either case.
struct UpperUci;

impl Notation for UpperUci {
    type Position = Position;
    type Move = Move;

    fn name(&self) -> &'static str {
        "uci-upper"
    }

    fn parse(&self, pos: &Position, token: &str, notes: &mut Notes) -> Result<Move, MoveError> {
        Uci::STANDARD.parse(pos, &token.to_ascii_lowercase(), notes)
    }

    fn format(&self, pos: &Position, mv: &Move, out: &mut String) {
        out.push_str(&Uci::STANDARD.to_text(pos, mv).to_ascii_uppercase());
    }
}

static UPPER_UCI: UpperUci = UpperUci;

/// The standard registry and the toy notation: one line.
fn with_toy() -> Registry {
    Registry::standard().with_chess(Entry {
        name: "uci-upper",
        about: "UCI in capitals: G1F3, E7E8Q",
        notation: &UPPER_UCI,
    })
}

/// Spanish descriptive: R D T A C P, wings R and D after the noun, rank first (`P4R`, `C3AR`).
static SPANISH: Language = Language {
    adjective: "Spanish",
    notation: "descriptive-es",
    letters: *b"PCATDR",
    digraphs: &[],
    noun_first: true,
    rank_first: true,
};

/// Its one house style, as the books write it.
static SPANISH_STYLES: [(&str, Descriptive); 1] = [(
    "fide",
    Descriptive::new(Style {
        language: &SPANISH,
        knight: "C",
        capture: "x",
        ..Style::FRENCH_FIDE
    }),
)];

/// The standard registry and Spanish descriptive: one line.
fn with_spanish() -> Registry {
    Registry::standard().with_descriptive(DescriptiveEntry {
        name: "descriptive-es",
        about: "descriptive notation, Spanish: P4R, C3AR",
        styles: &SPANISH_STYLES,
    })
}

/// A fresh directory for one test.
fn scratch(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("scoresheet-registry-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `scoresheet ARGS -o OUT` run in-process with `registry`; the exit code and what was written.
fn run_with(registry: &Registry, args: &[&str], out: &Path) -> (ExitCode, String) {
    let mut all: Vec<String> = vec!["scoresheet".into()];
    all.extend(args.iter().map(|a| (*a).to_owned()));
    all.extend(["-o".to_owned(), out.display().to_string()]);
    let code = scoresheet::run_with(registry, all);
    (code, std::fs::read_to_string(out).unwrap_or_default())
}

/// The main-line move tokens of every game of a record.
fn moves(record: &str) -> Vec<Vec<String>> {
    RecordReader::new(record.as_bytes(), Dialect::pgn())
        .map(|game| {
            let game = game.unwrap();
            game.moves().map(|t| t.text.to_owned()).collect()
        })
        .collect()
}

#[test]
fn a_toy_notation_added_with_one_line_converts_a_real_file() {
    let dir = scratch("toy");
    let sample = workspace().join(SAMPLE);
    let sample = sample.to_str().unwrap();
    let registry = with_toy();
    let (code, upper) = run_with(
        &registry,
        &["convert", "-q", "--to", "uci-upper", sample],
        &dir.join("upper.pgn"),
    );
    assert_eq!(code, ExitCode::SUCCESS);
    let uci = common::run(
        &workspace(),
        &["convert", "-q", "--to", "uci", SAMPLE],
        None,
    );
    assert!(uci.status.success());
    let expected: Vec<Vec<String>> = moves(&text(&uci.stdout))
        .into_iter()
        .map(|game| game.iter().map(|m| m.to_ascii_uppercase()).collect())
        .collect();
    assert_eq!(moves(&upper), expected);
    assert!(upper.contains("G1F3"), "{upper}");

    // And back: read in the toy notation, by name and by nothing else.
    std::fs::write(dir.join("in.pgn"), &upper).unwrap();
    let input = dir.join("in.pgn");
    let (code, english) = run_with(
        &registry,
        &[
            "convert",
            "-q",
            "--from",
            "uci-upper",
            "--to",
            "en",
            input.to_str().unwrap(),
        ],
        &dir.join("en.pgn"),
    );
    assert_eq!(code, ExitCode::SUCCESS);
    let en = common::run(&workspace(), &["convert", "-q", "--to", "en", SAMPLE], None);
    assert_eq!(english, text(&en.stdout));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_list_and_the_completions_come_from_the_registry() {
    let registry = with_toy();
    let list = scoresheet::list(&registry);
    assert!(
        list.contains("uci-upper  UCI in capitals: G1F3, E7E8Q"),
        "{list}"
    );
    assert!(!scoresheet::list(&Registry::standard()).contains("uci-upper"));
    for shell in ["bash", "fish", "zsh"] {
        let script = String::from_utf8(scoresheet::completions(&registry, shell).unwrap()).unwrap();
        assert!(script.contains("uci-upper"), "{shell}");
        assert!(script.contains("descriptive-fr"), "{shell}");
        let standard =
            String::from_utf8(scoresheet::completions(&Registry::standard(), shell).unwrap())
                .unwrap();
        assert!(!standard.contains("uci-upper"), "{shell}");
    }
    // The binary's list, completions and help are the standard registry's: every notation,
    // the descriptive ones and their styles among them.
    let bin = |args: &[&str]| text(&common::run(&workspace(), args, None).stdout);
    let list = bin(&["--list"]);
    let fish = bin(&["completions", "fish"]);
    let help = bin(&["convert", "--help"]);
    for name in ["en", "fr", "ru", "descriptive", "descriptive-fr", "manoury"] {
        assert!(list.contains(&format!("\n  {name} ")), "{name}: {list}");
        assert!(fish.contains(name), "{name}");
        assert!(help.contains(name), "{name}: {help}");
    }
    assert!(fish.contains("fide") && fish.contains("document"), "{fish}");
    assert!(
        help.contains("draughts for .pdn files"),
        "the game's help comes from its descriptor: {help}"
    );
}

const SPANISH_GAME: &str = "[Event \"Partida española\"]\n[White \"A\"]\n[Black \"B\"]\n\
                            [Result \"*\"]\n\n1. P4R P4R 2. C3AR C3AD 3. A5C P3TD 4. AxC PDxA \
                            5. O-O A3R *\n";

const SPANISH_IN_SAN: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Be6 *";

#[test]
fn a_spanish_descriptive_table_and_one_line_convert_a_game() {
    let dir = scratch("spanish");
    let input = dir.join("espanola.pgn");
    std::fs::write(&input, SPANISH_GAME).unwrap();
    let input = input.to_str().unwrap();
    let registry = with_spanish();
    let (code, san) = run_with(
        &registry,
        &[
            "convert",
            "-q",
            "--from",
            "descriptive-es",
            "--to",
            "en",
            input,
        ],
        &dir.join("named.pgn"),
    );
    assert_eq!(code, ExitCode::SUCCESS);
    assert!(san.contains(SPANISH_IN_SAN), "{san}");
    // Detected without --from, as a table of the registry.
    let (code, detected) = run_with(
        &registry,
        &["convert", "-q", "--to", "en", input],
        &dir.join("detected.pgn"),
    );
    assert_eq!(code, ExitCode::SUCCESS);
    assert_eq!(detected, san);
    // And written: SAN to Spanish descriptive gives the game back.
    let san_file = dir.join("san.pgn");
    std::fs::write(&san_file, &san).unwrap();
    let (code, spanish) = run_with(
        &registry,
        &[
            "convert",
            "-q",
            "--to",
            "descriptive-es",
            san_file.to_str().unwrap(),
        ],
        &dir.join("back.pgn"),
    );
    assert_eq!(code, ExitCode::SUCCESS);
    assert!(
        spanish.contains("1. P4R P4R 2. C3AR C3AD 3. A5CD P3TD 4. AxC PDxA 5. O-O A3R *"),
        "{spanish}"
    );
    // The standard registry knows no Spanish descriptive.
    let unknown = common::run(
        &workspace(),
        &["convert", "--from", "descriptive-es", input],
        None,
    );
    assert_eq!(unknown.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn descriptive_files_are_detected_without_from() {
    let dir = scratch("detect");
    let english = dir.join("english.pgn");
    std::fs::write(
        &english,
        "[Event \"x\"]\n\n1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 4. BxKt QPxB *\n",
    )
    .unwrap();
    let french = dir.join("french.pgn");
    std::fs::write(
        &french,
        "[Event \"x\"]\n\n1. P-R4 P-R4 2. C-FR3 C-FD3 3. F-CD5 P-TD3 *\n",
    )
    .unwrap();
    let out = common::run(&dir, &["convert", "--to", "en", "english.pgn"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 *"),
        "{}",
        text(&out.stdout)
    );
    assert!(
        text(&out.stderr).contains(
            "note: english.pgn: detected descriptive: only descriptive replays all 8 half-moves; \
             `P-K4` at 1. rules out descriptive-fr"
        ),
        "{}",
        text(&out.stderr)
    );
    let out = common::run(&dir, &["convert", "-q", "--to", "en", "french.pgn"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *"),
        "{}",
        text(&out.stdout)
    );
    // `check` and `show` detect it the same way.
    let out = common::run(&dir, &["check", "-q", "english.pgn"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = common::run(&dir, &["show", "--ascii", "english.pgn"], None);
    assert!(
        text(&out.stdout).contains("after 4... QPxB"),
        "{}",
        text(&out.stdout)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn descriptive_on_stdin_is_named_in_the_note() {
    let game = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 *\n";
    let out = common::run(
        &workspace(),
        &["convert", "--to", "en"],
        Some(game.as_bytes()),
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(
            "; but only descriptive replays all 4 half-moves; `P-K4` at 1. rules out \
             descriptive-fr, the last other descriptive language to fit: read it with --from \
             descriptive (a file is looked at for it before it is read, a stream is not)"
        ),
        "{stderr}"
    );
    let named = common::run(
        &workspace(),
        &["convert", "--from", "descriptive", "--to", "en"],
        Some(game.as_bytes()),
    );
    assert!(text(&named.stdout).contains("1. e4 e5 2. Nf3 Nc6 *"));
}

#[test]
fn fmt_detects_a_descriptive_file_and_writes_it_back_in_descriptive() {
    let dir = scratch("fmt");
    let file = dir.join("book.pgn");
    std::fs::write(
        &file,
        "[Event \"x\"]\n\n1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 *\n",
    )
    .unwrap();
    let out = common::run(&dir, &["fmt", "book.pgn"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("note: book.pgn: detected descriptive: only descriptive"),
        "{}",
        text(&out.stderr)
    );
    let formatted = std::fs::read_to_string(&file).unwrap();
    assert!(
        formatted.contains("1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 *"),
        "{formatted}"
    );
    // Its own style, named, keeps the old knights.
    std::fs::write(
        &file,
        "[Event \"x\"]\n\n1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 *\n",
    )
    .unwrap();
    let out = common::run(
        &dir,
        &["fmt", "--from", "descriptive", "--style", "old", "book.pgn"],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("2. Kt-KB3 Kt-QB3 3. B-Kt5 *")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
