//! `scoresheet import`: the games of a book page or a whole book in descriptive notation, as
//! PGN in the notation asked for, with every repair listed.

use std::fs;
use std::io::{self, Read, Write};

use board_core::Dialect;
use notation_descriptive::{Descriptive, book};

use crate::{Error, ImportArgs, registry};

/// Imports one text: games on stdout (or `-o`), diagnostics on stderr, exit status 1 when a run
/// of moves could not be read.
pub(crate) fn run(args: &ImportArgs) -> Result<(), Error> {
    let language = args.from.as_deref().unwrap_or("descriptive");
    let reader = Descriptive::named(language, args.style.as_deref()).ok_or_else(|| {
        Error::Usage(format!(
            "import reads descriptive or descriptive-fr (style modern, old, document or fide), \
             not {language:?}{}",
            args.style
                .as_deref()
                .map(|s| format!(" in style {s:?}"))
                .unwrap_or_default()
        ))
    })?;
    let target: &'static registry::DescriptiveNotation = Box::leak(registry::descriptive_side(
        args.to.as_deref().unwrap_or("en"),
        args.style.as_deref(),
    )?);
    let (name, text) = match &args.file {
        Some(path) if path.as_os_str() != "-" => (
            path.display().to_string(),
            fs::read_to_string(path)
                .map_err(|e| Error::Input(format!("cannot read {}: {e}", path.display())))?,
        ),
        _ => {
            let mut text = String::new();
            io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| Error::Input(format!("cannot read stdin: {e}")))?;
            ("<stdin>".to_owned(), text)
        }
    };
    let imported = book::import(&text, &reader);
    let dialect = Dialect::pgn();
    let mut out = String::new();
    for game in &imported.games {
        game.write_pgn(&target, &dialect, &mut out);
    }
    match &args.output {
        Some(path) => fs::write(path, &out)
            .map_err(|e| Error::Input(format!("cannot write {}: {e}", path.display())))?,
        None => io::stdout().lock().write_all(out.as_bytes())?,
    }
    let mut err = io::stderr().lock();
    let mut errors = 0;
    let mut repairs = 0;
    for game in &imported.games {
        for repair in &game.repairs {
            repairs += 1;
            if !args.quiet {
                writeln!(err, "{}", repair.render(&name, &text))?;
            }
        }
    }
    for diag in &imported.diagnostics {
        if diag.is_error() {
            errors += 1;
        } else {
            repairs += 1;
        }
        if diag.is_error() || !args.quiet {
            writeln!(err, "{}", diag.render(&name, &text))?;
        }
    }
    if !args.quiet {
        writeln!(
            err,
            "imported {} games ({} repairs listed, {} runs of moves not read)",
            imported.games.len(),
            repairs,
            errors
        )?;
    }
    if errors == 0 {
        Ok(())
    } else {
        Err(Error::Input(format!(
            "{errors} run{} of moves could not be read",
            if errors == 1 { "" } else { "s" }
        )))
    }
}
