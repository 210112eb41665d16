//! Which game a record input is of when `--game` does not say: one rule for every command.
//!
//! In order: a file whose extension a game's registry descriptor names (`.pdn`) is of that
//! game; a `[GameType "..."]` tag names the game (20 and its variants are international
//! draughts, 0 is chess); else the first move decides (`32-28`,
//! `19x30` are Manoury squares, `e4`, `Nf3` are chess). Stdin is told the same way from its
//! start, read ahead and read again in front of the rest ([`crate::stdin`]). What was decided
//! for draughts is said on stderr.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::{Error, Game};

/// How much of a file's start is looked at.
const SNIFF: u64 = 16 * 1024;

/// The game of `path` and, when it is not the default (chess), why.
pub(crate) fn of_file(path: Option<&Path>) -> (Game, Option<String>) {
    let Some(path) = path else {
        return (Game::Chess, None);
    };
    let name = path.display();
    if let Some(descriptor) = crate::registry::game_of_path(path) {
        let ext = path.extension().unwrap_or_default().to_string_lossy();
        return (
            descriptor.game.into(),
            Some(format!(
                "{name}: read as {} (a .{ext} file)",
                descriptor.name
            )),
        );
    }
    let Some(start) = start_of(path) else {
        return (Game::Chess, None);
    };
    match of_text(&start) {
        Some((Game::Draughts, why)) => (
            Game::Draughts,
            Some(format!("{name}: read as draughts ({why})")),
        ),
        _ => (Game::Chess, None),
    }
}

/// The game of an input a command reads: the file at `path` ([`of_file`]), or stdin when
/// there is none or it is `-`, told from its start read ahead. Only for inputs that are read:
/// stdin read ahead by a command that never reads it (`show --fen`, `sheet --blank`) would wait
/// on a terminal.
pub(crate) fn of_input(path: Option<&Path>) -> (Game, Option<String>) {
    match path.filter(|p| p.as_os_str() != "-") {
        Some(path) => of_file(Some(path)),
        None => of_stdin(),
    }
}

/// The game of stdin, told from its start read ahead ([`crate::stdin::start`]) as a file's
/// is, and why when it is not chess.
fn of_stdin() -> (Game, Option<String>) {
    let Ok(ahead) = crate::stdin::start() else {
        return (Game::Chess, None);
    };
    // Packed or not: what decompresses of the bytes read ahead, up to where they stop.
    let mut start = Vec::new();
    if let Ok((_, text)) = record_input::decompress(std::io::Cursor::new(ahead)) {
        let _ = text.take(SNIFF).read_to_end(&mut start);
    }
    match of_text(&String::from_utf8_lossy(&start)) {
        Some((Game::Draughts, why)) => (
            Game::Draughts,
            Some(format!("<stdin>: read as draughts ({why})")),
        ),
        _ => (Game::Chess, None),
    }
}

/// The start of the file at `path`, decompressed, as text: what is looked at to tell its game
/// and its notation. `None` for what is not a regular file (a FIFO, a device), which can be
/// read only once and is left to the reader.
pub(crate) fn start_of(path: &Path) -> Option<String> {
    let mut start = Vec::new();
    let regular = std::fs::metadata(path).is_ok_and(|m| m.is_file());
    if !regular
        || File::open(path)
            .and_then(record_input::decompress)
            .and_then(|(_, text)| text.take(SNIFF).read_to_end(&mut start))
            .is_err()
    {
        return None;
    }
    Some(String::from_utf8_lossy(&start).into_owned())
}

/// The game of one run over `files`: `explicit` when given, else the game every file is of.
///
/// # Errors
///
/// A usage error when the files are of different games.
pub(crate) fn of_inputs(
    explicit: Option<Game>,
    files: &[PathBuf],
) -> Result<(Game, Vec<String>), Error> {
    if let Some(game) = explicit {
        return Ok((game, Vec::new()));
    }
    let mut decided: Option<(Game, &Path)> = None;
    let mut notes = Vec::new();
    // Stdin is read when no file is named, or `-` is.
    let stdin = [PathBuf::from("-")];
    let inputs = if files.is_empty() { &stdin[..] } else { files };
    for path in inputs {
        let (game, why) = of_input(Some(path));
        match decided {
            Some((first, first_path)) if first != game => {
                return Err(Error::Usage(format!(
                    "{} is {} and {} is {}: give --game, or read them apart",
                    first_path.display(),
                    name(first),
                    path.display(),
                    name(game)
                )));
            }
            _ => decided = Some((game, path)),
        }
        notes.extend(why);
    }
    Ok((decided.map_or(Game::Chess, |(game, _)| game), notes))
}

/// [`of_inputs`], its notes (how each file's game was told) written on stderr unless `quiet`.
///
/// # Errors
///
/// A usage error when the files are of different games; writing the notes failed.
pub(crate) fn announced(
    explicit: Option<Game>,
    files: &[PathBuf],
    quiet: bool,
) -> Result<Game, Error> {
    let (game, notes) = of_inputs(explicit, files)?;
    if !quiet {
        let mut err = crate::output::Stderr;
        for note in notes {
            std::io::Write::write_fmt(&mut err, format_args!("note: {note}\n"))?;
        }
    }
    Ok(game)
}

fn name(game: Game) -> &'static str {
    crate::registry::game(game).name
}

/// The game the start of a record names: by its `GameType` tag, else by its first move.
pub(crate) fn of_text(text: &str) -> Option<(Game, String)> {
    let mut in_comment = false;
    for line in text.lines() {
        let line = line.trim();
        if in_comment {
            if let Some(end) = line.find('}') {
                in_comment = false;
                if let Some(found) = of_movetext(&line[end + 1..]) {
                    return Some(found);
                }
            }
            continue;
        }
        if let Some(tag) = line.strip_prefix('[') {
            if let Some(value) = tag
                .strip_prefix("GameType")
                .map(|rest| rest.trim().trim_start_matches('"'))
            {
                let number: String = value.chars().take_while(char::is_ascii_digit).collect();
                return match number.as_str() {
                    "" => None,
                    "0" => Some((Game::Chess, "its GameType tag is 0".into())),
                    // 20 is international draughts; 21 and on its variants and other boards.
                    n if n.starts_with('2') && n.len() == 2 => Some((
                        Game::Draughts,
                        format!("its GameType tag is {n}, international draughts"),
                    )),
                    _ => None,
                };
            }
            continue;
        }
        if line.is_empty() || line.starts_with('%') || line.starts_with(';') {
            continue;
        }
        if line.starts_with('{') && !line.contains('}') {
            in_comment = true;
            continue;
        }
        if let Some(found) = of_movetext(line) {
            return Some(found);
        }
    }
    None
}

/// The game the first move of a movetext line is of.
fn of_movetext(line: &str) -> Option<(Game, String)> {
    let mut rest = line;
    loop {
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix('{') {
            rest = &after[after.find('}')? + 1..];
            continue;
        }
        let token: &str = rest.split_whitespace().next()?;
        let numbered = token.trim_end_matches('.');
        if token.ends_with('.') && numbered.bytes().all(|b| b.is_ascii_digit()) {
            rest = &rest[token.len()..];
            continue;
        }
        // A number glued to its move: `1.32-28`.
        let token = match token.split_once('.') {
            Some((n, mv)) if n.bytes().all(|b| b.is_ascii_digit()) => mv.trim_start_matches('.'),
            _ => token,
        };
        return if is_manoury(token) {
            Some((Game::Draughts, format!("its first move {token} is Manoury")))
        } else {
            Some((Game::Chess, String::new()))
        };
    }
}

/// `32-28`, `19x30`, `28x19x10`: squares 1 to 50 joined by `-` or `x`.
fn is_manoury(token: &str) -> bool {
    let token = token.trim_end_matches(['!', '?', '*', '+']);
    let mut squares = 0;
    for part in token.split(['-', 'x', 'X', ':']) {
        match part.parse::<u8>() {
            Ok(1..=50) if part.len() <= 2 => squares += 1,
            _ => return false,
        }
    }
    // `1-0`, `2-0` and `1-1` are results.
    squares >= 2 && !matches!(token, "1-0" | "0-1" | "2-0" | "0-2" | "1-1" | "0-0")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tag_then_the_first_move_decide() {
        let draughts = |t: &str| of_text(t).map(|(g, _)| g);
        assert_eq!(
            draughts("[GameType \"20\"]\n\n1. e4 *"),
            Some(Game::Draughts)
        );
        assert_eq!(
            draughts("[GameType \"0\"]\n\n1. 32-28 *"),
            Some(Game::Chess)
        );
        assert_eq!(
            draughts("[Event \"x\"]\n\n1. 32-28 19-23 *"),
            Some(Game::Draughts)
        );
        assert_eq!(
            draughts("{a note\nover lines}\n1.32-28 *"),
            Some(Game::Draughts)
        );
        assert_eq!(draughts("1. e4 e5 1-0"), Some(Game::Chess));
        assert_eq!(draughts("1-0"), Some(Game::Chess));
        assert_eq!(draughts("[Event \"x\"]\n"), None);
        assert!(is_manoury("28x19x10"));
        assert!(!is_manoury("51-46"));
    }
}
