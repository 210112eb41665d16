//! `scoresheet sheet`: a printable scoresheet, blank or filled from a game (`sheet-fill`
//! replays it into the sheet's notation), its diagnostics rendered as `convert` renders them.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use board_core::{Dialect, RawGame, Severity};
use sheet_fill::Filled;
use sheet_layout::{GameKind, Language, Sheet};

use crate::detect;
use crate::output::AtomicFile;
use crate::pipeline::{self, Detected};
use crate::registry::{self, ChessNotation};
use crate::{Error, Game, SheetArgs, SheetFormat, SheetLanguage};

/// Writes the sheet asked for.
pub(crate) fn run(args: &SheetArgs) -> Result<(), Error> {
    let language = match args.lang {
        SheetLanguage::Fr => Language::French,
        SheetLanguage::En => Language::English,
    };
    let format = format(args)?;
    let game = args
        .game
        .unwrap_or_else(|| crate::game_kind::of_file(args.file.as_deref()).0);
    let kind = match game {
        Game::Chess => GameKind::Chess,
        Game::Draughts => GameKind::Draughts,
    };
    let sheet = if args.blank {
        Sheet::new(language, kind)
    } else {
        filled(args, language, kind)?
    };
    write(args, format, &sheet)
}

/// `--format`, else the extension of `-o`, else SVG.
fn format(args: &SheetArgs) -> Result<SheetFormat, Error> {
    if let Some(format) = args.format {
        return Ok(format);
    }
    let Some(path) = &args.output else {
        return Ok(SheetFormat::Svg);
    };
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match extension.as_deref() {
        Some("svg") => Ok(SheetFormat::Svg),
        Some("html" | "htm" | "xhtml") => Ok(SheetFormat::Html),
        _ => Err(Error::Usage(format!(
            "cannot tell the format from {}: name it .svg or .html, or add --format svg|html",
            path.display()
        ))),
    }
}

/// The sheet of game `--index` of the input.
fn filled(args: &SheetArgs, language: Language, kind: GameKind) -> Result<Sheet, Error> {
    if args.index == 0 {
        return Err(Error::Usage("--index counts games from 1".into()));
    }
    let dialect = match kind {
        GameKind::Draughts => notation_manoury::dialect(),
        _ => Dialect::pgn(),
    };
    let (name, game) = pipeline::read_game(args.file.as_deref(), args.index, &dialect)?;
    let mut stderr = io::stderr().lock();
    match kind {
        GameKind::Draughts => {
            let source = registry::resolve(
                registry::DRAUGHTS,
                args.from.as_deref().unwrap_or("manoury"),
            )?;
            let target = &registry::DRAUGHTS[0];
            let filled = sheet_fill::fill::<draughts_rules::Position, _, _>(
                &game,
                source.notation,
                target.notation,
                &dialect,
                language,
                kind,
            );
            report(&game, &name, filled, args.quiet, &mut stderr)
        }
        _ => chess(args, language, &game, &name, &dialect, &mut stderr),
    }
}

/// A chess game in French algebraic or SAN; descriptive input through its own position.
fn chess(
    args: &SheetArgs,
    language: Language,
    game: &RawGame,
    name: &str,
    dialect: &Dialect,
    err: &mut dyn Write,
) -> Result<Sheet, Error> {
    let target_name = match language {
        Language::English => "en",
        _ => "fr",
    };
    let target = registry::resolve(registry::CHESS, target_name)?.notation;
    let kind = GameKind::Chess;
    if registry::is_descriptive(args.from.as_deref()) {
        let from = args.from.as_deref().unwrap_or_default();
        let source = registry::descriptive_side(from, None)?;
        let target = registry::descriptive_side(target_name, None)?;
        let filled = sheet_fill::fill::<notation_descriptive::DescriptivePosition, _, _>(
            game, &*source, &*target, dialect, language, kind,
        );
        return report(game, name, filled, args.quiet, err);
    }
    let source: &ChessNotation = match args.from.as_deref() {
        Some(from) => registry::resolve(registry::CHESS, from)?.notation,
        None => match detect::chess(game) {
            Detected::Decided(notation, why) => {
                if !args.quiet {
                    writeln!(err, "note: {name}: {why}")?;
                }
                notation
            }
            Detected::Undecided(notation) => notation.unwrap_or(registry::CHESS[0].notation),
            Detected::Closest(notation, why) => {
                writeln!(err, "note: {name}: {why}")?;
                notation
            }
        },
    };
    let filled = sheet_fill::fill::<chess_rules::Position, _, _>(
        game, source, target, dialect, language, kind,
    );
    report(game, name, filled, args.quiet, err)
}

/// The sheet, once the game's diagnostics are written to `err` as `convert` renders them.
///
/// # Errors
///
/// [`Error::Input`] when the game has an error (an illegal move...): no sheet is written.
fn report<P>(
    game: &RawGame,
    name: &str,
    filled: Filled<P>,
    quiet: bool,
    err: &mut dyn Write,
) -> Result<Sheet, Error> {
    for diagnostic in game.warnings().iter().chain(&filled.replayed.diagnostics) {
        if !(quiet && diagnostic.severity == Severity::Warning) {
            writeln!(err, "{}", game.render(diagnostic, name))?;
        }
    }
    if filled.replayed.has_errors() {
        return Err(Error::Input(format!(
            "game {} of {name} has errors; no sheet written",
            game.number()
        )));
    }
    Ok(filled.sheet)
}

/// The sheet to stdout or `-o`; SVG pages after the first beside it, `NAME-2.svg`...
fn write(args: &SheetArgs, format: SheetFormat, sheet: &Sheet) -> Result<(), Error> {
    let documents = match format {
        SheetFormat::Html => vec![sheet.to_html()],
        SheetFormat::Svg => sheet.to_svg_pages(),
    };
    let Some(path) = &args.output else {
        if documents.len() > 1 {
            return Err(Error::Usage(format!(
                "this game fills {} pages and SVG holds one page per file: give -o FILE.svg \
                 (pages FILE.svg, FILE-2.svg...) or ask for --format html",
                documents.len()
            )));
        }
        let mut out = io::stdout().lock();
        out.write_all(documents[0].as_bytes())?;
        out.flush()?;
        return Ok(());
    };
    let paths: Vec<PathBuf> = (0..documents.len())
        .map(|page| page_path(path, page))
        .collect();
    // Every page is written in full before any is renamed into place: a failure leaves no
    // page of the new sheet beside the old ones.
    let cannot =
        |path: &Path, e: io::Error| Error::Input(format!("cannot write {}: {e}", path.display()));
    let mut pages = Vec::with_capacity(paths.len());
    for (document, path) in documents.iter().zip(&paths) {
        let mut page = AtomicFile::create(path).map_err(|e| cannot(path, e))?;
        page.write_all(document.as_bytes())
            .map_err(|e| cannot(path, e))?;
        pages.push((page, path));
    }
    for (page, path) in pages {
        page.commit().map_err(|e| cannot(path, e))?;
    }
    if paths.len() > 1 && !args.quiet {
        let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        let _ = writeln!(
            crate::output::Stderr,
            "note: {} pages: {}",
            paths.len(),
            names.join(", ")
        );
    }
    Ok(())
}

/// Page `page` (from 0) of an SVG sheet: the path given, then `NAME-2.svg`, `NAME-3.svg`...
fn page_path(path: &Path, page: usize) -> PathBuf {
    if page == 0 {
        return path.to_owned();
    }
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{}.{}", page + 1, ext.to_string_lossy()),
        None => format!("{stem}-{}", page + 1),
    };
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_pages_are_numbered_beside_the_first() {
        let path = Path::new("out/game.svg");
        assert_eq!(page_path(path, 0), Path::new("out/game.svg"));
        assert_eq!(page_path(path, 2), Path::new("out/game-3.svg"));
    }
}
