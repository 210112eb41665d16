//! A printable scoresheet filled from a game record: the game is replayed into the sheet's
//! notation and each move of the main line lands on its numbered line, with the clock time and
//! the draw offer noted after it; the header boxes come from the tags, read under their PGN
//! names or a French sheet's labels, and the result is circled.
//!
//! Annotations, comments and variations stay off the sheet: « toute autre mention ou remarque
//! portée sur le feuillet original de la feuille de partie est interdite ». The replay hands
//! the translated game to [`SheetSink`] event by event; no text is written and read back.
//!
//! # Examples
//!
//! ```
//! use board_core::{Dialect, RecordReader};
//! use notation_en::Algebraic;
//! use notation_fr::French;
//! use sheet_layout::{GameKind, Language, Outcome};
//!
//! let file = "[Ronde \"5\"]\n[Date \"2024.03.17\"]\n\n1. e4 {1h29} e5 2. Nf3 {(=)} Nc6 1/2-1/2\n";
//! let dialect = Dialect::pgn();
//! let game = RecordReader::new(file.as_bytes(), dialect.clone()).next().unwrap().unwrap();
//! let filled = sheet_fill::fill::<chess_rules::Position, _, _>(
//!     &game, &Algebraic::ENGLISH, &French::STANDARD, &dialect, Language::French, GameKind::Chess,
//! );
//! assert!(!filled.replayed.has_errors());
//! let sheet = filled.sheet;
//! assert_eq!((sheet.header.round.as_str(), sheet.header.date.as_str()), ("5", "17/03/2024"));
//! let white = sheet.rows[0].white.as_ref().unwrap();
//! assert_eq!((white.text.as_str(), white.clock.as_deref()), ("e4", Some("1:29:00")));
//! assert!(sheet.rows[1].white.as_ref().unwrap().draw_offer);
//! assert_eq!(sheet.rows[1].white.as_ref().unwrap().text, "Cf3");
//! assert_eq!(sheet.result, Some(Outcome::Draw));
//! ```

use board_core::{
    Color, DRAW_OFFER_COMMENT, Dialect, FirstMove, MoveEvent, MovetextSink, Notation, RawGame,
    Replayed, Rules, replay_into,
};
use sheet_layout::{GameKind, HalfMove, Header, Language, Outcome, Sheet};

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// A sheet filled from a game, and what its replay found.
#[derive(Debug, Clone)]
pub struct Filled<P> {
    /// The sheet: header, moves, result. Only whole when the replay has no error.
    pub sheet: Sheet,
    /// The replay's diagnostics (spans in the game); on an error the game is not on the sheet.
    pub replayed: Replayed<P>,
}

/// Replays `game` with `source` and fills a sheet in `language` for `kind` with its main line
/// written in `target`, and its header and result. `dialect` is the record's: it says whether
/// a `Result` tag stands in for a missing result token.
///
/// # Examples
///
/// See the [crate documentation](crate).
pub fn fill<P, S, T>(
    game: &RawGame,
    source: &S,
    target: &T,
    dialect: &Dialect,
    language: Language,
    kind: GameKind,
) -> Filled<P>
where
    P: Rules,
    S: Notation<Position = P, Move = P::Move> + ?Sized,
    T: Notation<Position = P, Move = P::Move> + ?Sized,
{
    let mut sheet = Sheet::new(language, kind);
    sheet.header = header(game, language);
    let mut sink = SheetSink::new(sheet);
    let replayed = replay_into(game, source, target, dialect, &mut sink);
    Filled {
        sheet: sink.into_sheet(),
        replayed,
    }
}

/// Where a replay puts a game to fill a sheet: each main-line move on its line (the number and
/// side the replay gives it), the clock time and the draw offer noted after it, the result.
///
/// # Examples
///
/// ```
/// use board_core::{Color, FirstMove, MoveEvent, MovetextSink};
/// use sheet_layout::{GameKind, Language, Outcome, Sheet};
/// use sheet_fill::SheetSink;
///
/// let mut sink = SheetSink::new(Sheet::new(Language::English, GameKind::Chess));
/// sink.move_token(MoveEvent::new(FirstMove::new(12, Color::Black), 0), |buf| buf.push_str("Nf6"));
/// sink.comment("[%clk 0:41:07]");
/// sink.start_variation();
/// sink.move_token(MoveEvent::new(FirstMove::new(12, Color::Black), 1), |buf| buf.push_str("e5"));
/// sink.end_variation();
/// sink.finish("0-1");
/// let sheet = sink.into_sheet();
/// assert_eq!(sheet.rows[0].number, 12);
/// let black = sheet.rows[0].black.as_ref().unwrap();
/// assert_eq!((black.text.as_str(), black.clock.as_deref()), ("Nf6", Some("0:41:07")));
/// assert_eq!(sheet.result, Some(Outcome::BlackWins));
/// ```
#[derive(Debug, Clone)]
pub struct SheetSink {
    sheet: Sheet,
    /// Variations the replay is in.
    depth: usize,
    /// The last main-line move, held until nothing more can be noted after it.
    last: Option<(FirstMove, HalfMove)>,
}

impl SheetSink {
    /// A sink that fills `sheet`, its header as it is.
    #[must_use]
    pub fn new(sheet: Sheet) -> SheetSink {
        SheetSink {
            sheet,
            depth: 0,
            last: None,
        }
    }

    /// The sheet filled.
    #[must_use]
    pub fn into_sheet(mut self) -> Sheet {
        self.put();
        self.sheet
    }

    /// Puts the move held on its line.
    fn put(&mut self) {
        if let Some((ply, half)) = self.last.take() {
            match ply.side {
                Color::White => self.sheet.set_white(ply.number, half),
                Color::Black => self.sheet.set_black(ply.number, half),
            }
        }
    }
}

impl MovetextSink for SheetSink {
    fn move_token(&mut self, event: MoveEvent, write: impl FnOnce(&mut String)) {
        if self.depth > 0 {
            return;
        }
        self.put();
        let mut half = HalfMove::new(String::new());
        write(&mut half.text);
        half.draw_offer = event.draw_offer_sign.is_some();
        self.last = Some((event.ply(), half));
    }

    fn comment(&mut self, text: &str) {
        if self.depth > 0 {
            return;
        }
        let Some((_, half)) = self.last.as_mut() else {
            return;
        };
        // As a record writes it: white space runs made single spaces.
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if text == DRAW_OFFER_COMMENT {
            half.draw_offer = true;
        } else if let Some(clock) = notation_fr::noted_clock(&text) {
            half.clock = Some(clock);
        }
    }

    fn start_variation(&mut self) {
        self.depth += 1;
    }

    fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn finish(&mut self, result: &str) {
        self.put();
        self.sheet.result = Outcome::from_text(result);
    }
}

/// The header boxes from the tags, read under their PGN names or a French sheet's labels
/// (`Ronde`, `Elo Blancs`); unknown values (`?`) left blank, dates written as `language`
/// writes them ([`sheet_date`]).
///
/// # Examples
///
/// ```
/// use board_core::{Dialect, RecordReader};
/// use sheet_layout::Language;
///
/// let file = "[Event \"?\"]\n[Compétition \"Open de Cannes\"]\n[EloNoirs \"1688\"]\n\
///             [Date \"17/03/2024\"]\n\n*\n";
/// let game = RecordReader::new(file.as_bytes(), Dialect::pgn()).next().unwrap().unwrap();
/// let header = sheet_fill::header(&game, Language::English);
/// assert_eq!(header.event, "Open de Cannes");
/// assert_eq!(header.black.rating, "1688");
/// assert_eq!(header.date, "2024-03-17");
/// ```
#[must_use]
pub fn header(game: &RawGame, language: Language) -> Header {
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
                sheet_date(value, language)
            } else {
                value.to_owned()
            };
        }
    }
    header
}

/// A date as the sheet's language writes it: `17/03/2024` in French, `2024-03-17` in English;
/// unknown parts left out; anything that is not a date (PGN or French,
/// [`notation_fr::pgn_date`]) kept as written.
///
/// # Examples
///
/// ```
/// use sheet_fill::sheet_date;
/// use sheet_layout::Language;
///
/// assert_eq!(sheet_date("2024.03.17", Language::French), "17/03/2024");
/// assert_eq!(sheet_date("17 mars 2024", Language::English), "2024-03-17");
/// assert_eq!(sheet_date("2024.03.??", Language::French), "03/2024");
/// assert_eq!(sheet_date("spring 1924", Language::French), "spring 1924");
/// ```
#[must_use]
pub fn sheet_date(value: &str, language: Language) -> String {
    let Ok(pgn) = notation_fr::pgn_date(value) else {
        return value.to_owned();
    };
    let known = |part: &str| (!part.contains('?')).then(|| part.to_owned());
    let parts: Vec<String> = match (known(&pgn[..4]), known(&pgn[5..7]), known(&pgn[8..10])) {
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
