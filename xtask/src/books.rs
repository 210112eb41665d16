//! `cargo xtask books [DIR]`: imports every book of a folder (`../shared/corpus/descriptive/`
//! by default) and prints, per book, the games found and complete, the moves, the repairs, the
//! lines not read, the diagrams (read as positions / equal to the game's / differing / starting
//! a game), the time, and, where the book carries its transcriber's PGN (`{PGN xx}`
//! markers and an appendix), how many games equal it move for move.

use std::path::PathBuf;
use std::time::Instant;

use board_core::Notation;
use notation_descriptive::book::{self, BookGame, Import, LineClass, LineIndex};
use notation_descriptive::{Descriptive, Tracked};
use notation_en::Algebraic;

use crate::util::Result;

/// Arguments of `cargo xtask books`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The book style to read: `old` (`Kt`, the default) or `modern`.
    #[arg(long, default_value = "old")]
    style: String,
    /// Print, for each oracle game that differs, where it first differs.
    #[arg(long)]
    verbose: bool,
    /// The folder of books (`.txt`); `../shared/corpus/descriptive` when absent.
    dir: Option<PathBuf>,
}

const SAN: Tracked<Algebraic> = Tracked(Algebraic::ENGLISH);

pub(crate) fn run(args: &Args) -> Result {
    let dir = args
        .dir
        .clone()
        .unwrap_or_else(|| crate::util::root().join("../shared/corpus/descriptive"));
    let notation = Descriptive::named("descriptive", Some(&args.style))
        .ok_or_else(|| format!("no descriptive style {:?}", args.style))?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    println!(
        "{:<60} {:>6} {:>8} {:>6} {:>7} {:>8} {:>12} {:>8}  oracle",
        "book", "games", "complete", "moves", "repairs", "not-read", "diagrams", "ms"
    );
    for path in files {
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let start = Instant::now();
        let (decoded, import) = book::read(&bytes, &notation);
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let complete = import.games.iter().filter(|g| g.complete).count();
        let moves: usize = import.games.iter().map(|g| g.moves().count()).sum();
        let repairs = import.diagnostics.iter().filter(|d| !d.is_error()).count();
        let oracle = compare(&decoded.text, &import, args.verbose).map_or_else(
            || "-".to_owned(),
            |o| {
                format!(
                    "{} of {} equal, {} more where the book's own words differ",
                    o.equal, o.of, o.book
                )
            },
        );
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        // Read as positions / equal to the game / differing / starting a game.
        let d = import.diagrams;
        let diagrams = format!("{}/{}/{}/{}", d.read, d.matched, d.differ, d.starts);
        println!(
            "{name:<60} {:>6} {complete:>8} {moves:>6} {repairs:>7} {:>8} {diagrams:>12} {ms:>8.1}  {oracle}",
            import.games.len(),
            import.tally.get(LineClass::NotRead),
        );
    }
    Ok(())
}

/// The games that equal the transcriber's PGN, of those it has; `None` without one.
fn compare(text: &str, import: &Import, verbose: bool) -> Option<Oracle> {
    let appendix = text.find("\n[Event ")?;
    let first = text[..appendix].rfind("{PGN ")?;
    let index = LineIndex::new(text);
    let mut equal = 0;
    let mut book = 0;
    let mut of = 0;
    for part in text[first..].split("{PGN ").skip(1) {
        let (id, pgn) = part.split_once('}')?;
        of += 1;
        let marker = format!("{{PGN {id}}}");
        let Some(at) = text[..first].find(&marker) else {
            continue;
        };
        let line = index.line(at);
        let next = text[at + 1..first]
            .find("{PGN ")
            .map_or(usize::MAX, |n| index.line(at + 1 + n));
        let body = pgn.split("\n[").last().unwrap_or("");
        let body = body.split_once('\n').map_or("", |(_, b)| b);
        let mut expected = movetext_tokens(body);
        while expected.last().is_some_and(|t| t == "--") {
            expected.pop();
        }
        let game = import
            .games
            .iter()
            .find(|g| g.lines.0 > line && g.lines.0 < next);
        match game.map(|g| (g, first_difference(g, &expected))) {
            Some((_, None)) => equal += 1,
            Some((g, Some((ply, why)))) => {
                let wins = book_wins(g, ply, expected.len());
                book += usize::from(wins);
                if verbose {
                    let who = if wins {
                        " (the book's own reading)"
                    } else {
                        ""
                    };
                    println!("  {{PGN {id}}} (game at line {}): {why}{who}", g.lines.0);
                }
            }
            None if verbose => println!("  {{PGN {id}}} (line {line}): no game imported"),
            None => {}
        }
    }
    Some(Oracle { equal, book, of })
}

/// How a book's games compare with its transcriber's PGN.
struct Oracle {
    /// Equal move for move.
    equal: usize,
    /// Different where the book's own words name one move (see [`book_wins`]).
    book: usize,
    /// Games the transcriber gives.
    of: usize,
}

/// Where book and transcriber disagree, the book wins: the game reads whole to its printed
/// end, as long as the transcriber's, and the move that differs is the one its own token
/// names, with no repair.
fn book_wins(game: &BookGame, ply: usize, expected: usize) -> bool {
    game.complete && game.moves().count() == expected && game.read_as_printed(ply)
}

/// The main-line tokens of a movetext whose comments may nest.
fn movetext_tokens(body: &str) -> Vec<String> {
    let mut plain = String::new();
    let (mut braces, mut parens) = (0usize, 0usize);
    for c in body.chars() {
        match c {
            '{' => braces += 1,
            '}' => braces = braces.saturating_sub(1),
            '(' if braces == 0 => parens += 1,
            ')' if braces == 0 => parens = parens.saturating_sub(1),
            c if braces == 0 && parens == 0 => plain.push(c),
            _ => {}
        }
    }
    let mut tokens = Vec::new();
    for token in plain.split_whitespace() {
        if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
            break;
        }
        let token = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if !token.is_empty() && !token.starts_with('$') {
            tokens.push(token.to_owned());
        }
    }
    tokens
}

/// Where an imported game first differs from the transcriber's moves (the ply from 0, and
/// how); `None` when equal.
fn first_difference(game: &BookGame, expected: &[String]) -> Option<(usize, String)> {
    let moves: Vec<_> = game.moves().collect();
    let mut pos = game.start.clone();
    for (ply, (mv, token)) in moves.iter().zip(expected).enumerate() {
        let mut notes = board_core::Notes::default();
        if SAN.parse(&pos, token, &mut notes).ok() != Some(*mv) {
            let written = SAN.to_text(&pos, mv);
            return Some((
                ply,
                format!("ply {} is {written}, the transcriber has {token}", ply + 1),
            ));
        }
        pos.play_unchecked(*mv);
    }
    (moves.len() != expected.len()).then(|| {
        (
            moves.len().min(expected.len()),
            format!(
                "{} plies imported, the transcriber has {}",
                moves.len(),
                expected.len()
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_transcribers_braces_may_nest() {
        assert_eq!(
            movetext_tokens("1. e4 {a {K. B.} b} e5 2. Nf3 (2. f4) Nc6 1-0 trailing"),
            ["e4", "e5", "Nf3", "Nc6"]
        );
    }
}
