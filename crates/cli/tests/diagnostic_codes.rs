//! Stable diagnostic codes: written by `--format json`, listed in docs/cli.md, each one made
//! somewhere in the code base; and the caret of a move error under the byte at fault.

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use board_core::Code;
use common::{run, text, workspace};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("codes-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Games with one fault each, of the kinds a JSON consumer matches on; the last one's comment
/// is never closed, and one tag value is Latin-1.
fn bad_file() -> Vec<u8> {
    let mut file = Vec::new();
    file.extend_from_slice(b"[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf9 *\n\n");
    file.extend_from_slice(b"[White \"C\"]\n[Black \"D\"]\n\n1. e4 e5 2. Ke3 *\n\n");
    file.extend_from_slice(b"[White \"E\"]\n[Black \"F\"]\n\n1. d4 d5 2. Nf3 Nf6 3. Nd2 *\n\n");
    file.extend_from_slice(b"[White \"G\"]\n[Black \"Jos\xe9\"]\n\n");
    file.extend_from_slice(b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. 0-0 *\n\n");
    file.extend_from_slice(b"[White \"H\"]\n[Black \"I\"]\n\n1. e4 {never closed\n");
    file
}

#[test]
fn check_json_writes_a_stable_code_on_every_line() {
    let dir = scratch("json");
    fs::write(dir.join("bad.pgn"), bad_file()).unwrap();
    let out = run(
        &dir,
        &["check", "--from", "en", "--format", "json", "bad.pgn"],
        None,
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is one JSON object"))
        .collect();
    let (summary, diagnostics) = lines.split_last().unwrap();
    assert!(summary.get("summary").is_some(), "{summary}");
    let found: Vec<(String, String, u64, u64)> = diagnostics
        .iter()
        .map(|d| {
            (
                d["code"]
                    .as_str()
                    .expect("every diagnostic has a code")
                    .to_owned(),
                d["severity"].as_str().unwrap().to_owned(),
                d["line"].as_u64().unwrap(),
                d["column"].as_u64().unwrap(),
            )
        })
        .collect();
    let expected = [
        // The column of `9` in `Nf9`, not of the token's start.
        ("move.syntax", "error", 4, 15),
        ("move.illegal", "error", 9, 13),
        ("move.ambiguous", "error", 14, 24),
        ("tag.encoding", "warning", 17, 9),
        ("san.castling-zeros", "warning", 19, 34),
        ("record.unterminated-comment", "error", 24, 7),
    ];
    let expected: Vec<(String, String, u64, u64)> = expected
        .iter()
        .map(|(c, s, l, col)| ((*c).to_owned(), (*s).to_owned(), *l, *col))
        .collect();
    assert_eq!(found, expected, "{}", text(&out.stdout));
    for d in diagnostics {
        let code: Code = d["code"].as_str().unwrap().parse().expect("a known code");
        assert!(Code::ALL.contains(&code));
    }
}

/// A file that cannot be read is a JSON line with its code too.
#[test]
fn an_unreadable_input_has_its_code() {
    let dir = scratch("unreadable");
    let out = run(&dir, &["check", "--format", "json", "missing.pgn"], None);
    assert_eq!(out.status.code(), Some(1));
    let first: serde_json::Value =
        serde_json::from_str(text(&out.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(first["code"], "input.unreadable", "{first}");
}

/// The whole rendered diagnostic: the column and the caret are on the byte at fault.
#[test]
fn the_caret_lands_on_the_bad_character() {
    let dir = scratch("caret");
    fs::write(
        dir.join("bad.pgn"),
        "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf9 *\n",
    )
    .unwrap();
    let out = run(&dir, &["check", "--from", "en", "bad.pgn"], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "error: no destination square in \"Nf9\"\n --> bad.pgn:4:15 (game 1: A - B)\n  |\n4 | 1. \
         e4 e5 2. Nf9 *\n  |               ^\n\nerror: 1 error in 1 game\n"
    );
    // Manoury: the square out of range, not the whole move.
    fs::write(
        dir.join("bad.pdn"),
        "[GameType \"20\"]\n\n1. 32-28 19-55 *\n",
    )
    .unwrap();
    let out = run(&dir, &["check", "bad.pdn"], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "note: bad.pdn: read as draughts (a .pdn file)\nerror: \"19-55\" is not a Manoury move: \
         square 55 is not between 1 and 50\n --> bad.pdn:3:13 (game 1)\n  |\n3 | 1. 32-28 19-55 \
         *\n  |             ^^\n\nerror: 1 error in 1 game\n"
    );
}

/// The `| `code` | meaning |` rows of the "Diagnostic codes" section of docs/cli.md.
fn documented_codes() -> BTreeSet<String> {
    let doc = fs::read_to_string(workspace().join("docs/cli.md")).unwrap();
    let section = doc
        .split("\n## Diagnostic codes\n")
        .nth(1)
        .expect("docs/cli.md has a Diagnostic codes section");
    let section = section.split("\n## ").next().unwrap();
    section
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .map(|rest| rest.split('`').next().unwrap().to_owned())
        .collect()
}

#[test]
fn docs_list_every_code_and_no_other() {
    let documented = documented_codes();
    let known: BTreeSet<String> = Code::ALL.iter().map(|c| c.as_str().to_owned()).collect();
    let undocumented: Vec<_> = known.difference(&documented).collect();
    let unknown: Vec<_> = documented.difference(&known).collect();
    assert!(
        undocumented.is_empty() && unknown.is_empty(),
        "not in docs/cli.md: {undocumented:?}; in docs/cli.md but no code: {unknown:?}"
    );
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A code no production source makes is a code no report can carry: each one is named as
/// `Code::Name` in some crate's `src/` besides the list itself.
#[test]
fn every_code_is_made_somewhere() {
    let mut files = Vec::new();
    for krate in fs::read_dir(workspace().join("crates")).unwrap() {
        let src = krate.unwrap().path().join("src");
        if src.is_dir() {
            sources(&src, &mut files);
        }
    }
    let text: String = files
        .iter()
        .filter(|path| !path.ends_with("diagnostic/code.rs"))
        .map(|path| fs::read_to_string(path).unwrap())
        .collect();
    let unused: Vec<&str> = Code::ALL
        .iter()
        .filter(|code| {
            let name = format!("Code::{code:?}");
            !text
                .match_indices(&name)
                .any(|(at, _)| !text[at + name.len()..].starts_with(char::is_alphanumeric))
        })
        .map(|code| code.as_str())
        .collect();
    assert!(unused.is_empty(), "codes nothing makes: {unused:?}");
}
