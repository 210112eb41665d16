//! `scoresheet import`: the games of a book page or a whole book in descriptive notation, as
//! PGN in the notation asked for, with every repair listed and, with `--report`, the class of
//! every line counted.

use std::fs;
use std::io::{self, Read, Write};

use notation_descriptive::book::{self, Decoded, Import, LineIndex};

use crate::registry::{Chess, Registry};
use crate::{Error, ImportArgs, OutputFormat};

/// Imports one text: games on stdout (or `-o`), diagnostics and the report on stderr, exit
/// status 1 when a run of moves could not be read or a game stops before its end.
pub(crate) fn run(registry: &Registry, args: &ImportArgs) -> Result<(), Error> {
    let from = args.from.as_deref().unwrap_or("descriptive");
    let reader = match registry.chess(from)? {
        Chess::Descriptive(entry) => entry.style(args.style.as_deref())?,
        Chess::Algebraic(_) => {
            return Err(Error::Usage(format!(
                "import reads the descriptive notation of books ({}), not {from:?}",
                registry.descriptive_names().join(", ")
            )));
        }
    };
    let target = registry
        .chess(args.to.as_deref().unwrap_or("en"))?
        .on_descriptive(args.style.as_deref())?;
    // A book's text may come packed (zstd, gzip, bzip2), told by its bytes as for records.
    let (name, input): (String, Box<dyn Read>) = match &args.file {
        Some(path) if path.as_os_str() != "-" => (
            path.display().to_string(),
            Box::new(
                fs::File::open(path)
                    .map_err(|e| Error::Input(format!("cannot read {}: {e}", path.display())))?,
            ),
        ),
        _ => ("<stdin>".to_owned(), Box::new(io::stdin().lock())),
    };
    let mut bytes = Vec::new();
    record_input::decompress(input)
        .and_then(|(_, mut text)| text.read_to_end(&mut bytes))
        .map_err(|e| Error::Input(format!("cannot read {name}: {e}")))?;
    let (decoded, imported) = book::read(&bytes, &reader);
    let text = decoded.text.as_str();
    let dialect = (crate::registry::game(crate::Game::Chess).dialect)();
    let mut out = String::new();
    for game in &imported.games {
        game.write_pgn(&target, &dialect, &mut out);
    }
    match &args.output {
        Some(path) => crate::output::replace(path, out.as_bytes())
            .map_err(|e| Error::Input(format!("cannot write {}: {e}", path.display())))?,
        None => {
            let mut stdout = io::stdout().lock();
            stdout.write_all(out.as_bytes())?;
            stdout.flush()?;
        }
    }
    let index = LineIndex::new(text);
    let mut err = crate::output::Stderr;
    if decoded.encoding != book::Encoding::Utf8 && !args.quiet {
        writeln!(
            err,
            "note: {name} read as {}{}",
            decoded.encoding.name(),
            if decoded.crlf { ", CRLF line ends" } else { "" }
        )?;
    }
    let mut errors = 0;
    let mut repairs = 0;
    for diag in &imported.diagnostics {
        if diag.is_error() {
            errors += 1;
            crate::output::note_failure();
        } else {
            repairs += 1;
        }
        if diag.is_error() || !args.quiet {
            write!(err, "{}", index.render(diag, &name, text))?;
        }
    }
    if args.report {
        match args.format {
            OutputFormat::Text => write_report(&mut err, &name, &decoded, &imported)?,
            OutputFormat::Json => {
                let report = json_report(&name, &decoded, &imported);
                serde_json::to_writer(&mut err, &report).map_err(io::Error::from)?;
                writeln!(err)?;
            }
        }
    }
    let stopped = imported.games.iter().filter(|g| !g.complete).count();
    if !args.quiet {
        writeln!(
            err,
            "imported {} ({} complete, {} listed, {}, {} not read)",
            crate::pipeline::count(imported.games.len(), "game", "games"),
            imported.games.len() - stopped,
            crate::pipeline::count(repairs, "repair", "repairs"),
            crate::pipeline::count(errors, "error", "errors"),
            crate::pipeline::count(
                imported.tally.get(book::LineClass::NotRead),
                "line",
                "lines"
            ),
        )?;
    }
    if errors == 0 {
        Ok(())
    } else {
        let what = if imported.games.is_empty() {
            "no game imported".to_owned()
        } else if stopped == 0 {
            "moves that could not be read".to_owned()
        } else {
            let (games, end) = if stopped == 1 {
                ("game", "its end")
            } else {
                ("games", "their end")
            };
            format!(
                "{stopped} {games} stopped before {end}, the other runs of moves could not be read"
            )
        };
        Err(Error::Input(format!(
            "{errors} error{}: {what}",
            if errors == 1 { "" } else { "s" },
        )))
    }
}

/// The tally as text: the book's classes, then one line per game.
fn write_report(
    err: &mut impl Write,
    name: &str,
    decoded: &Decoded,
    imported: &Import,
) -> io::Result<()> {
    let classes = |tally: &book::Tally| {
        tally
            .iter()
            .map(|(class, n)| format!("{} {n}", class.name()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let figures = |d: &book::Diagrams, notes: &book::NoteRuns| {
        format!(
            "diagrams {} read, {} matched, {} differing, {} start positions; note runs {} variations, {} not replayed, {} continued",
            d.read,
            d.matched,
            d.differ,
            d.starts,
            notes.variations,
            notes.not_replayed,
            notes.continued
        )
    };
    writeln!(
        err,
        "{name}: {} lines ({}), encoding {}{}",
        imported.tally.total(),
        classes(&imported.tally),
        decoded.encoding.name(),
        if decoded.crlf { ", CRLF" } else { "" }
    )?;
    writeln!(
        err,
        "{name}: {}",
        figures(&imported.diagrams, &imported.notes)
    )?;
    for (k, game) in imported.games.iter().enumerate() {
        writeln!(
            err,
            "game {}: lines {}-{}, {} moves, {}{}: {}; {}",
            k + 1,
            game.lines.0,
            game.lines.1,
            game.moves().count(),
            game.result.as_str(),
            if game.complete { "" } else { ", stopped" },
            classes(&game.tally),
            figures(&game.diagrams, &game.notes)
        )?;
    }
    Ok(())
}

/// A book's or a game's diagram counts as JSON.
fn diagrams_json(d: &book::Diagrams) -> serde_json::Value {
    serde_json::json!({
        "read": d.read,
        "matched": d.matched,
        "differing": d.differ,
        "starts": d.starts,
    })
}

/// A book's or a game's runs of moves in notes as JSON.
fn notes_json(notes: &book::NoteRuns) -> serde_json::Value {
    serde_json::json!({
        "variations": notes.variations,
        "not_replayed": notes.not_replayed,
        "continued": notes.continued,
    })
}

fn json_report(name: &str, decoded: &Decoded, imported: &Import) -> serde_json::Value {
    let classes = |tally: &book::Tally| {
        tally
            .iter()
            .map(|(class, n)| (class.name().to_owned(), serde_json::Value::from(n)))
            .collect::<serde_json::Map<_, _>>()
    };
    let games: Vec<serde_json::Value> = imported
        .games
        .iter()
        .enumerate()
        .map(|(k, game)| {
            serde_json::json!({
                "game": k + 1,
                "heading": game.heading,
                "first_line": game.lines.0,
                "last_line": game.lines.1,
                "moves": game.moves().count(),
                "result": game.result.as_str(),
                "complete": game.complete,
                "lines": classes(&game.tally),
                "diagrams": diagrams_json(&game.diagrams),
                "notes": notes_json(&game.notes),
            })
        })
        .collect();
    serde_json::json!({
        "file": name,
        "encoding": decoded.encoding.name(),
        "crlf": decoded.crlf,
        "lines": imported.tally.total(),
        "classes": classes(&imported.tally),
        "diagrams": diagrams_json(&imported.diagrams),
        "notes": notes_json(&imported.notes),
        "games": games,
        "errors": imported.errors(),
    })
}
