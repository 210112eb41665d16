//! `scoresheet sheet`: a printable scoresheet, blank or filled from a game. The game is
//! replayed and written in the sheet's notation by the conversion `convert` uses; the sheet is
//! then read off the converted record's main line: moves, clock times, draw offers, result.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use board_core::{
    DRAW_OFFER_COMMENT, Dialect, Element, Notation, Output, RawGame, RecordReader, Rules, Severity,
    replay,
};
use sheet_layout::{GameKind, HalfMove, Header, Language, Outcome, Sheet};

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
    let mut stderr = io::stderr().lock();
    let target = match (kind, args.lang) {
        (GameKind::Draughts, _) => None,
        (_, SheetLanguage::En) => Some("en"),
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
    let sheet_game = SheetGame {
        game: &game,
        name: &name,
        quiet: args.quiet,
        err: &mut stderr,
    };
    let (text, suffix) = registry.run(&request, sheet_game)??;
    let converted = RecordReader::new(text.as_bytes(), dialect)
        .next()
        .and_then(Result::ok)
        .ok_or_else(|| Error::Input(format!("{name}: the converted game does not read back")))?;
    let mut sheet = Sheet::new(language, kind);
    sheet.header = header(&game, language);
    fill_moves(&mut sheet, &converted, suffix);
    sheet.result = converted.result().and_then(|r| Outcome::from_text(r.text));
    Ok(sheet)
}

/// The game written in the sheet's notation, and how that notation marks a draw offer.
struct SheetGame<'a, 'e> {
    game: &'a RawGame,
    name: &'a str,
    quiet: bool,
    err: &'a mut io::StderrLock<'e>,
}

impl Task for SheetGame<'_, '_> {
    type Output = Result<(String, Option<&'static str>), Error>;

    fn run<P: Kind, N: NotationOf<P> + ?Sized>(self, with: Notations<'_, '_, N>) -> Self::Output {
        let source = with.source;
        let target = with.target;
        let dialect = with.dialect;
        let mut decided = None;
        let (notation, why) = source.resolve(self.game, &mut decided);
        // What was detected is a note; the closest reading of a game no notation reads is
        // said even when quiet, since an error follows.
        if let Some(why) = why.filter(|_| !self.quiet || decided.is_none()) {
            writeln!(self.err, "note: {}: {why}", self.name)?;
        }
        let target = target.map_or(notation, |t| t.notation);
        let text = convert::<P, N>(
            self.game, self.name, notation, target, dialect, self.quiet, self.err,
        )?;
        Ok((text, target.draw_offer_suffix()))
    }
}

/// Replays `game` with `source` and writes it with `target`, as `convert` does; the
/// diagnostics go to `err` as `convert` renders them.
///
/// # Errors
///
/// [`Error::Input`] when the game has an error (an illegal move...): no sheet is written.
fn convert<P, N>(
    game: &RawGame,
    name: &str,
    source: &N,
    target: &N,
    dialect: &Dialect,
    quiet: bool,
    err: &mut dyn Write,
) -> Result<String, Error>
where
    P: Rules,
    N: Notation<Position = P, Move = P::Move> + ?Sized,
{
    let mut out = String::new();
    let replayed = replay::<P, N, N>(
        game,
        source,
        Some(Output {
            notation: target,
            dialect,
            out: &mut out,
        }),
    );
    for diagnostic in game.warnings().iter().chain(&replayed.diagnostics) {
        if !(quiet && diagnostic.severity == Severity::Warning) {
            writeln!(err, "{}", game.render(diagnostic, name))?;
        }
    }
    if replayed.has_errors() {
        return Err(Error::Input(format!(
            "game {} of {name} has errors; no sheet written",
            game.number()
        )));
    }
    Ok(out)
}

/// The moves of the converted game's main line, each with the clock time and the draw offer
/// noted after it. Annotations, comments and variations stay off the sheet: « toute autre
/// mention ou remarque portée sur le feuillet original de la feuille de partie est interdite ».
fn fill_moves(sheet: &mut Sheet, game: &RawGame, suffix: Option<&str>) {
    let mut depth = 0usize;
    let mut number = 1;
    let mut white = true;
    let mut last: Option<(u32, bool, HalfMove)> = None;
    let put = |sheet: &mut Sheet, last: Option<(u32, bool, HalfMove)>| {
        if let Some((n, w, half)) = last {
            if w {
                sheet.set_white(n, half);
            } else {
                sheet.set_black(n, half);
            }
        }
    };
    for element in game.elements() {
        match element {
            Element::StartVariation(_) => depth += 1,
            Element::EndVariation(_) => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            Element::MoveNumber(m) => {
                if let Some(n) = m.number.filter(|n| *n > 0) {
                    number = n;
                    white = !m.black;
                }
            }
            Element::Move(token) => {
                let (text, offer) = match suffix.and_then(|s| token.text.strip_suffix(s)) {
                    Some(text) => (text, true),
                    None => (token.text, false),
                };
                let mut half = HalfMove::new(text);
                half.draw_offer = offer;
                put(sheet, last.replace((number, white, half)));
                if !white {
                    number = number.saturating_add(1);
                }
                white = !white;
            }
            Element::Comment(comment) => {
                let Some((_, _, half)) = last.as_mut() else {
                    continue;
                };
                if comment.text.trim() == DRAW_OFFER_COMMENT {
                    half.draw_offer = true;
                } else if let Some(clock) =
                    clock(comment.text, &comment.commands().collect::<Vec<_>>())
                {
                    half.clock = Some(clock);
                }
            }
            Element::Nag(_) => {}
        }
    }
    put(sheet, last);
}

/// The clock time a comment notes: a `[%clk]` command, or a comment that is only a time as
/// French players write it (`1h31`).
fn clock(text: &str, commands: &[board_core::Command<'_>]) -> Option<String> {
    if let Some(clk) = commands.iter().find(|c| c.name == "clk") {
        return Some(clk.args.to_owned());
    }
    let command = notation_fr::clock_command(text.trim()).ok()?;
    command
        .strip_prefix("[%clk ")
        .and_then(|c| c.strip_suffix(']'))
        .map(str::to_owned)
}

/// The header boxes from the tags, read under their PGN names or a French sheet's labels
/// (`Ronde`, `Elo Blancs`); unknown values (`?`) left blank.
fn header(game: &RawGame, language: Language) -> Header {
    let mut header = Header::default();
    for tag in game.tags() {
        let name = notation_fr::tag_for_label(tag.name).unwrap_or(tag.name);
        let value = tag.value();
        let value = value.trim();
        if value.is_empty() || value.chars().all(|c| c == '?') {
            continue;
        }
        let slot = match name {
            "Event" => &mut header.event,
            "Date" => &mut header.date,
            "Round" => &mut header.round,
            "Board" => &mut header.board,
            "White" => &mut header.white.name,
            "Black" => &mut header.black.name,
            "WhiteElo" => &mut header.white.rating,
            "BlackElo" => &mut header.black.rating,
            "WhiteTeam" | "WhiteClub" => &mut header.white.club,
            "BlackTeam" | "BlackClub" => &mut header.black.club,
            _ => continue,
        };
        // The first tag that says something wins: a PGN `Event "?"` leaves room for a French
        // sheet's `Compétition`.
        if slot.is_empty() {
            *slot = if name == "Date" {
                date(value, language)
            } else {
                value.to_owned()
            };
        }
    }
    header
}

/// A date as the sheet's language writes it: `17/03/2024` in French, `2024-03-17` in English;
/// unknown parts left out; anything that is not a date kept as written.
fn date(value: &str, language: Language) -> String {
    let pgn = if is_pgn_date(value) {
        value.to_owned()
    } else {
        match notation_fr::french_date_to_pgn(value) {
            Ok(pgn) if is_pgn_date(&pgn) => pgn,
            _ => return value.to_owned(),
        }
    };
    let known = |part: &str| (!part.contains('?')).then(|| part.to_owned());
    let (year, month, day) = (known(&pgn[..4]), known(&pgn[5..7]), known(&pgn[8..10]));
    let parts: Vec<String> = match (year, month, day) {
        (Some(y), Some(m), Some(d)) => vec![y, m, d],
        (Some(y), Some(m), None) => vec![y, m],
        (Some(y), _, _) => vec![y],
        _ => return String::new(),
    };
    match language {
        Language::English => parts.join("-"),
        _ => parts.into_iter().rev().collect::<Vec<_>>().join("/"),
    }
}

fn is_pgn_date(value: &str) -> bool {
    let b = value.as_bytes();
    b.len() == 10
        && b[4] == b'.'
        && b[7] == b'.'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit() || *c == b'?')
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
    fn dates_follow_the_language() {
        assert_eq!(date("2024.03.17", Language::French), "17/03/2024");
        assert_eq!(date("2024.03.17", Language::English), "2024-03-17");
        assert_eq!(date("17/03/2024", Language::English), "2024-03-17");
        assert_eq!(date("2024.03.??", Language::French), "03/2024");
        assert_eq!(date("????.??.??", Language::French), "");
        assert_eq!(date("spring 1924", Language::French), "spring 1924");
    }

    #[test]
    fn later_pages_are_numbered_beside_the_first() {
        let path = Path::new("out/game.svg");
        assert_eq!(page_path(path, 0), Path::new("out/game.svg"));
        assert_eq!(page_path(path, 2), Path::new("out/game-3.svg"));
    }
}
