//! A printable scoresheet, the *feuille de partie* of a chess or draughts competition, laid out
//! on A4 as SVG (one document per page) or as one self-contained HTML file.
//!
//! The sheet is the one the French federation's documents describe: at the top the competition,
//! the date, the round, the table, the name, rating and club of both players, and the result
//! box with the printed results to circle; below, numbered lines with the White moves in the
//! left column and the Black moves in the right one, room for the clock time after each move,
//! 60 lines in two blocks side by side (1–30, 31–60); at the bottom the result and both
//! signatures. A longer game goes on to another page (lines 61–120, ...).
//!
//! This crate knows no game rules: it prints what it is given. [`Sheet::new`] is a blank sheet;
//! fill its [`Header`], its moves ([`Sheet::set_white`], [`Sheet::set_black`]) and its
//! [`Outcome`], then write it with [`Sheet::to_svg_pages`] or [`Sheet::to_html`]. All text is
//! escaped.
//!
//! # Examples
//!
//! ```
//! use sheet_layout::{GameKind, HalfMove, Language, Outcome, Sheet};
//!
//! let mut sheet = Sheet::new(Language::French, GameKind::Chess);
//! sheet.header.event = "Open de Cannes".into();
//! sheet.header.white.name = "Martin, Julien".into();
//! sheet.header.black.name = "Bernard, Léa".into();
//! sheet.set_white(1, HalfMove::new("e4").with_clock("1:29:40"));
//! sheet.set_black(1, HalfMove::new("e5"));
//! sheet.set_white(2, HalfMove::new("Cf3").with_draw_offer());
//! sheet.result = Some(Outcome::Draw);
//!
//! let pages = sheet.to_svg_pages();
//! assert_eq!(pages.len(), 1);
//! assert!(pages[0].contains(r#"width="210mm" height="297mm" viewBox="0 0 210 297""#));
//! assert!(pages[0].contains(">Cf3=</text>"));
//! assert!(pages[0].contains(">1:29:40</text>"));
//!
//! let html = sheet.to_html();
//! assert!(html.contains("@page { size: A4;"));
//! assert!(html.contains("Bernard, Léa"));
//! ```

mod html;
mod labels;
mod svg;
mod xml;

pub use xml::escape;

/// The numbered lines of one page.
pub const LINES_PER_PAGE: u32 = 60;

/// The numbered lines of one of the two blocks of a page, side by side.
pub const LINES_PER_BLOCK: u32 = 30;

/// The language of the printed words (labels, title, footer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Language {
    /// French, the seed document's: « Blancs », « Noirs », « Ronde », « Table ».
    #[default]
    French,
    /// English: "White", "Black", "Round", "Board".
    English,
}

impl Language {
    /// The language of an ISO 639-1 code, `fr` or `en`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sheet_layout::Language;
    ///
    /// assert_eq!(Language::from_code("en"), Some(Language::English));
    /// assert_eq!(Language::from_code("de"), None);
    /// ```
    #[must_use]
    pub fn from_code(code: &str) -> Option<Language> {
        match code {
            "fr" => Some(Language::French),
            "en" => Some(Language::English),
            _ => None,
        }
    }

    /// The ISO 639-1 code: `fr`, `en`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Language::French => "fr",
            Language::English => "en",
        }
    }
}

/// The game the sheet is for: it changes the title, the printed results and some words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum GameKind {
    /// Chess: results 1-0, ½-½, 0-1.
    #[default]
    Chess,
    /// International draughts: results in points, 2-0, 1-1, 0-2.
    Draughts,
}

/// How a game ended, as the sheet records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Outcome {
    /// White won.
    WhiteWins,
    /// A draw.
    Draw,
    /// Black won.
    BlackWins,
    /// Both sides lost (a double forfeit), `0-0`.
    BothLose,
}

impl Outcome {
    /// The outcome a result token gives: `1-0`, `0-1`, `1/2-1/2`, `½-½` (chess), `2-0`, `0-2`,
    /// `1-1` (draughts) and `0-0`; `None` for `*` and anything else.
    ///
    /// # Examples
    ///
    /// ```
    /// use sheet_layout::Outcome;
    ///
    /// assert_eq!(Outcome::from_text("1/2-1/2"), Some(Outcome::Draw));
    /// assert_eq!(Outcome::from_text("0-2"), Some(Outcome::BlackWins));
    /// assert_eq!(Outcome::from_text("*"), None);
    /// ```
    #[must_use]
    pub fn from_text(text: &str) -> Option<Outcome> {
        match text.trim() {
            "1-0" | "2-0" => Some(Outcome::WhiteWins),
            "0-1" | "0-2" => Some(Outcome::BlackWins),
            "1/2-1/2" | "½-½" | "1-1" => Some(Outcome::Draw),
            "0-0" => Some(Outcome::BothLose),
            _ => None,
        }
    }

    /// The result as a sheet writes it for `game`: `1-0`, `½-½`, `0-1`; in draughts `2-0`,
    /// `1-1`, `0-2`; `0-0` in both.
    ///
    /// # Examples
    ///
    /// ```
    /// use sheet_layout::{GameKind, Outcome};
    ///
    /// assert_eq!(Outcome::Draw.text(GameKind::Chess), "½-½");
    /// assert_eq!(Outcome::Draw.text(GameKind::Draughts), "1-1");
    /// ```
    #[must_use]
    pub const fn text(self, game: GameKind) -> &'static str {
        match (self, game) {
            (Outcome::WhiteWins, GameKind::Chess) => "1-0",
            (Outcome::Draw, GameKind::Chess) => "½-½",
            (Outcome::BlackWins, GameKind::Chess) => "0-1",
            (Outcome::WhiteWins, GameKind::Draughts) => "2-0",
            (Outcome::Draw, GameKind::Draughts) => "1-1",
            (Outcome::BlackWins, GameKind::Draughts) => "0-2",
            (Outcome::BothLose, _) => "0-0",
        }
    }

    /// The results printed in the box for the players to circle: a win for White, a draw, a
    /// win for Black.
    #[must_use]
    pub const fn choices() -> [Outcome; 3] {
        [Outcome::WhiteWins, Outcome::Draw, Outcome::BlackWins]
    }

    /// `true` when the name of White (or Black) is circled: the winner, both for a draw.
    #[must_use]
    pub const fn circles(self, white: bool) -> bool {
        match self {
            Outcome::WhiteWins => white,
            Outcome::BlackWins => !white,
            Outcome::Draw => true,
            Outcome::BothLose => false,
        }
    }
}

/// One player's boxes in the header.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Player {
    /// The name.
    pub name: String,
    /// The rating (Elo in chess).
    pub rating: String,
    /// The club (or team).
    pub club: String,
}

/// The top of the sheet, filled before the game starts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Header {
    /// The competition's name.
    pub event: String,
    /// The date, as it is to be printed.
    pub date: String,
    /// The round.
    pub round: String,
    /// The table (board) number.
    pub board: String,
    /// The player of the white pieces.
    pub white: Player,
    /// The player of the black pieces.
    pub black: Player,
}

/// One move as written in its column: the text, the clock time noted after it, and whether it
/// came with a draw offer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HalfMove {
    /// The move in the sheet's notation (`Cf3`, `Nf3`, `32-28`), without any draw-offer sign.
    pub text: String,
    /// The time the clock showed after the move, as it is to be printed.
    pub clock: Option<String>,
    /// A draw was offered with this move: written `Cf3=` on a French chess sheet, as the
    /// seed document asks, and `Nf3 (=)` (the FIDE symbol) otherwise.
    pub draw_offer: bool,
}

impl HalfMove {
    /// A move without clock time or draw offer.
    #[must_use]
    pub fn new(text: impl Into<String>) -> HalfMove {
        HalfMove {
            text: text.into(),
            clock: None,
            draw_offer: false,
        }
    }

    /// The same move with the clock time noted after it.
    #[must_use]
    pub fn with_clock(mut self, clock: impl Into<String>) -> HalfMove {
        self.clock = Some(clock.into());
        self
    }

    /// The same move with a draw offer.
    #[must_use]
    pub fn with_draw_offer(mut self) -> HalfMove {
        self.draw_offer = true;
        self
    }
}

/// One numbered line: the move of each side.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Row {
    /// The move number, printed at the start of the line; from 1.
    pub number: u32,
    /// The move in the « Blancs » column.
    pub white: Option<HalfMove>,
    /// The move in the « Noirs » column.
    pub black: Option<HalfMove>,
}

/// A scoresheet: what is printed on it, and how.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sheet {
    /// The language of the printed words.
    pub language: Language,
    /// Chess or draughts.
    pub game: GameKind,
    /// The top of the sheet.
    pub header: Header,
    /// The numbered lines that hold moves, in increasing order of number (see
    /// [`Sheet::set_white`]). Each page holds 60 lines: 1–60, 61–120...
    pub rows: Vec<Row>,
    /// The result: circled in the box at the top, written under the last move and at the
    /// bottom, and the winner's name circled (both names for a draw). `None` for a blank sheet
    /// or an unfinished game.
    pub result: Option<Outcome>,
}

impl Sheet {
    /// A blank sheet: 60 empty numbered lines on one page, nothing filled in.
    ///
    /// # Examples
    ///
    /// ```
    /// use sheet_layout::{GameKind, Language, Sheet};
    ///
    /// let sheet = Sheet::new(Language::English, GameKind::Draughts);
    /// assert_eq!(sheet.pages(), 1);
    /// let svg = &sheet.to_svg_pages()[0];
    /// assert!(svg.contains(">Draughts scoresheet</text>"));
    /// assert!(svg.contains(">2-0</text>") && svg.contains(">0-2</text>"));
    /// ```
    #[must_use]
    pub fn new(language: Language, game: GameKind) -> Sheet {
        Sheet {
            language,
            game,
            ..Sheet::default()
        }
    }

    /// Writes White's move of move `number` (from 1), replacing what was there.
    ///
    /// # Panics
    ///
    /// If `number` is 0.
    #[track_caller]
    pub fn set_white(&mut self, number: u32, half: HalfMove) {
        self.row_mut(number).white = Some(half);
    }

    /// Writes Black's move of move `number` (from 1), replacing what was there.
    ///
    /// # Panics
    ///
    /// If `number` is 0.
    #[track_caller]
    pub fn set_black(&mut self, number: u32, half: HalfMove) {
        self.row_mut(number).black = Some(half);
    }

    #[track_caller]
    fn row_mut(&mut self, number: u32) -> &mut Row {
        assert!(number > 0, "moves are numbered from 1");
        let at = match self.rows.binary_search_by_key(&number, |r| r.number) {
            Ok(at) => at,
            Err(at) => {
                self.rows.insert(
                    at,
                    Row {
                        number,
                        ..Row::default()
                    },
                );
                at
            }
        };
        &mut self.rows[at]
    }

    /// The move of line `number` in a column, if one is written there.
    fn half(&self, number: u32, white: bool) -> Option<&HalfMove> {
        let row = self.rows.iter().find(|r| r.number == number)?;
        if white {
            row.white.as_ref()
        } else {
            row.black.as_ref()
        }
    }

    /// Where the result is written under the last move: the line and the column (`true` for
    /// White's) of the first free cell after it; `None` without a result.
    ///
    /// # Examples
    ///
    /// ```
    /// use sheet_layout::{GameKind, HalfMove, Language, Outcome, Sheet};
    ///
    /// let mut sheet = Sheet::new(Language::French, GameKind::Chess);
    /// sheet.set_white(1, HalfMove::new("e4"));
    /// sheet.result = Some(Outcome::WhiteWins);
    /// assert_eq!(sheet.result_cell(), Some((1, false)));
    /// sheet.set_black(1, HalfMove::new("e5"));
    /// assert_eq!(sheet.result_cell(), Some((2, true)));
    /// ```
    #[must_use]
    pub fn result_cell(&self) -> Option<(u32, bool)> {
        self.result?;
        let Some(last) = self
            .rows
            .iter()
            .filter(|r| r.white.is_some() || r.black.is_some())
            .max_by_key(|r| r.number)
        else {
            return Some((1, true));
        };
        Some(if last.black.is_some() {
            (last.number.saturating_add(1), true)
        } else {
            (last.number, false)
        })
    }

    /// The number of pages: one per 60 lines, from the page of the first move (a game set up
    /// at move 75 starts on the page of lines 61–120) to the page of the last move or of the
    /// result under it; at least one.
    ///
    /// # Examples
    ///
    /// ```
    /// use sheet_layout::{GameKind, HalfMove, Language, Sheet};
    ///
    /// let mut sheet = Sheet::new(Language::French, GameKind::Chess);
    /// sheet.set_white(60, HalfMove::new("Rg2"));
    /// assert_eq!(sheet.pages(), 1);
    /// sheet.set_black(61, HalfMove::new("Rg7"));
    /// assert_eq!(sheet.pages(), 2);
    /// ```
    #[must_use]
    pub fn pages(&self) -> usize {
        let (first, last) = self.page_span();
        (last - first) as usize + 1
    }

    /// The first and last page printed, counted from 0 where page `p` holds the lines
    /// `60 p + 1` to `60 p + 60`.
    fn page_span(&self) -> (u32, u32) {
        let page = |number: u32| (number.max(1) - 1) / LINES_PER_PAGE;
        // `rows` is public: min and max, not first and last, in case it is out of order.
        let written = || {
            self.rows
                .iter()
                .filter(|r| r.white.is_some() || r.black.is_some())
                .map(|r| r.number)
        };
        let result_line = self.result_cell().map(|(n, _)| n);
        let Some(first) = written().min() else {
            return (0, result_line.map_or(0, page));
        };
        let last = written()
            .max()
            .unwrap_or(first)
            .max(result_line.unwrap_or(0));
        (page(first), page(last))
    }

    /// The first line of page `index` (from 0) of the pages printed.
    fn first_line(&self, index: usize) -> u32 {
        (self.page_span().0 + index as u32) * LINES_PER_PAGE + 1
    }

    /// The text of a move as printed: the move, and the draw-offer sign when it came with one.
    fn move_text(&self, half: &HalfMove) -> String {
        let mut text = half.text.clone();
        if half.draw_offer {
            text.push_str(labels::labels(self.language, self.game).draw_offer);
        }
        text
    }

    /// The sheet as SVG documents, one per page, each an A4 page (`width="210mm"
    /// height="297mm"`, user units in millimetres). Print each at 100 %.
    ///
    /// # Examples
    ///
    /// ```
    /// use sheet_layout::{GameKind, HalfMove, Language, Sheet};
    ///
    /// let mut sheet = Sheet::new(Language::English, GameKind::Chess);
    /// sheet.header.white.name = "O'Kelly <&> Co".into();
    /// sheet.set_white(1, HalfMove::new("e4"));
    /// sheet.set_black(75, HalfMove::new("Kg7"));
    /// let pages = sheet.to_svg_pages();
    /// assert_eq!(pages.len(), 2);
    /// assert!(pages[0].contains("O&#39;Kelly &lt;&amp;&gt; Co"));
    /// assert!(pages[1].contains(r#"data-number="75""#));
    /// ```
    #[must_use]
    pub fn to_svg_pages(&self) -> Vec<String> {
        (0..self.pages())
            .map(|page| svg::page(self, page))
            .collect()
    }

    /// The sheet as one self-contained HTML file (well-formed XHTML too): print CSS for A4
    /// (`@page { size: A4; ... }`), one page per 60 lines with a page break between pages.
    ///
    /// # Examples
    ///
    /// ```
    /// use sheet_layout::{GameKind, Language, Sheet};
    ///
    /// let html = Sheet::new(Language::French, GameKind::Chess).to_html();
    /// assert!(html.starts_with("<!DOCTYPE html>"));
    /// assert!(html.contains(r#"<tr class="line" data-number="60">"#));
    /// ```
    #[must_use]
    pub fn to_html(&self) -> String {
        html::document(self)
    }
}

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
