//! `scoresheet sheet`: a printable scoresheet, blank or filled from a game (`sheet-fill`
//! replays it into the sheet's notation), its diagnostics rendered as `convert` renders them.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use board_core::{RawGame, Severity};
use sheet_fill::Filled;
use sheet_layout::{GameKind, Language, Sheet};

use crate::output::AtomicFile;
use crate::pipeline;
use crate::registry::{Dispatch, Kind, NotationOf, Notations, Registry, Request, Task};
use crate::{Error, Game, SheetArgs, SheetFormat, SheetLanguage};

/// Writes the sheet asked for.
pub(crate) fn run(registry: &Registry, args: &SheetArgs) -> Result<(), Error> {
    let language = match args.lang {
        SheetLanguage::Fr => Language::French,
        SheetLanguage::En => Language::English,
    };
    let format = format(args)?;
    // A blank sheet reads no input: stdin is looked at only when the game comes from it.
    let game = args.game.unwrap_or_else(|| {
        if args.blank {
            crate::game_kind::of_file(args.file.as_deref()).0
        } else {
            crate::game_kind::of_input(args.file.as_deref()).0
        }
    });
    let kind = match game {
        Game::Chess => GameKind::Chess,
        Game::Draughts => GameKind::Draughts,
    };
    let sheet = if args.blank {
        Sheet::new(language, kind)
    } else {
        filled(registry, args, language, kind)?
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
fn filled(
    registry: &Registry,
    args: &SheetArgs,
    language: Language,
    kind: GameKind,
) -> Result<Sheet, Error> {
    if args.index == 0 {
        return Err(Error::Usage("--index counts games from 1".into()));
    }
    let game_of = if kind == GameKind::Draughts {
        Game::Draughts
    } else {
        Game::Chess
    };
    let dialect = (crate::registry::game(game_of).dialect)();
    let (name, game) = pipeline::read_game(args.file.as_deref(), args.index, &dialect)?;
    let target = match (kind, language) {
        (GameKind::Draughts, _) => None,
        (_, Language::English) => Some("en"),
        _ => Some("fr"),
    };
    let request = Request {
        game: game_of,
        from: args.from.as_deref(),
        to: Some(target),
        style: None,
        files: args.file.as_slice(),
        as_written: false,
    };
    let task = SheetGame {
        game: &game,
        name: &name,
        language,
        kind,
        quiet: args.quiet,
        err: &mut io::stderr().lock(),
    };
    registry.dispatch(&request, task)?
}

/// The sheet of one game, filled in the sheet's notation from the notation it is read in.
struct SheetGame<'a> {
    game: &'a RawGame,
    name: &'a str,
    language: Language,
    kind: GameKind,
    quiet: bool,
    err: &'a mut dyn Write,
}

impl Task for SheetGame<'_> {
    type Output = Result<Sheet, Error>;

    fn run<P: Kind, N: NotationOf<P> + ?Sized>(self, with: Notations<'_, '_, N>) -> Self::Output {
        let mut decided = None;
        let (notation, why) = with.source.resolve(self.game, &mut decided);
        // What was detected is a note; the closest reading of a game no notation reads is
        // said even when quiet, since an error follows.
        if let Some(why) = why.filter(|_| !self.quiet || decided.is_none()) {
            writeln!(self.err, "note: {}: {why}", self.name)?;
        }
        let target = with.target.map_or(notation, |t| t.notation);
        let filled = sheet_fill::fill::<P, _, _>(
            self.game,
            notation,
            target,
            with.dialect,
            self.language,
            self.kind,
        );
        report(self.game, self.name, filled, self.quiet, self.err)
    }
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
