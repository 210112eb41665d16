//! Conversion with the scoresheet's conventions: the replay of `board-core` translates the
//! moves into a sink that writes the header boxes as PGN tags, the clock times as `[%clk]`
//! commands and the result in the spelling asked for.

use std::borrow::Cow;

use board_core::{
    Code, Diagnostic, Dialect, FirstMove, MoveEvent, MovetextSink, MovetextWriter, Notation,
    RawGame, Replayed, replay_into,
};
use chess_rules::{Move, Position};

use crate::header::tag_value;
use crate::{ResultSpelling, clock_command, tag_for_label};

/// What [`convert`] does besides translating the moves.
#[derive(Debug, Clone)]
pub struct Conversion<'a> {
    /// The record format written.
    pub dialect: &'a Dialect,
    /// The spelling of a draw after the moves; the `Result` tag always takes PGN's.
    pub results: ResultSpelling,
    /// Tags named as the boxes of a French sheet (`Ronde`, `Elo Blancs`, `Club Noirs`...) are
    /// written as their PGN tags, and the values of date, Elo and result tags are put in PGN
    /// form (`17/03/2024` → `2024.03.17`). See [`crate::HEADER_FIELDS`].
    pub header: bool,
    /// A comment holding only a clock time (`{1h25}`) becomes the clock command
    /// `{[%clk 1:25:00]}`. See [`crate::clock_command`].
    pub clocks: bool,
}

impl<'a> Conversion<'a> {
    /// Moves translated, everything else as read, results in PGN spelling.
    #[must_use]
    pub fn plain(dialect: &'a Dialect) -> Conversion<'a> {
        Conversion {
            dialect,
            results: ResultSpelling::Pgn,
            header: false,
            clocks: false,
        }
    }

    /// Everything a typed-up French sheet needs: header tags and clock times in PGN form.
    #[must_use]
    pub fn from_scoresheet(dialect: &'a Dialect) -> Conversion<'a> {
        Conversion {
            header: true,
            clocks: true,
            ..Conversion::plain(dialect)
        }
    }
}

/// Replays `game` with `source`, and appends it to `out` written with `target` under
/// `conversion`: tags, comments, NAGs, variations, draw offers and the result kept.
///
/// Returns the replay's diagnostics (spans in `game`), with warnings for header values that do
/// not read (kept as written) and tags given twice (the later one dropped). On an error nothing
/// is appended.
///
/// # Examples
///
/// ```
/// use board_core::{Dialect, RecordReader};
/// use notation_en::Algebraic;
/// use notation_fr::{Conversion, French, convert};
///
/// let file = "[Ronde \"5\"]\n[Date \"17/03/2024\"]\n\n1. e4 {1h29} e5 2. Cf3= Cc6 ½-½\n";
/// let game = RecordReader::new(file.as_bytes(), Dialect::pgn()).next().unwrap().unwrap();
/// let dialect = Dialect::pgn();
/// let mut out = String::new();
/// let replayed = convert(&game, &French::STANDARD, &Algebraic::ENGLISH,
///     &Conversion::from_scoresheet(&dialect), &mut out);
/// assert!(replayed.diagnostics.is_empty());
/// assert_eq!(out, "[Event \"?\"]\n[Site \"?\"]\n[Date \"2024.03.17\"]\n[Round \"5\"]\n\
///     [White \"?\"]\n[Black \"?\"]\n[Result \"1/2-1/2\"]\n\n\
///     1. e4 {[%clk 1:29:00]} 1... e5 2. Nf3 {(=)} 2... Nc6 1/2-1/2\n\n");
/// ```
pub fn convert<S, T>(
    game: &RawGame,
    source: &S,
    target: &T,
    conversion: &Conversion<'_>,
    out: &mut String,
) -> Replayed<Position>
where
    S: Notation<Position = Position, Move = Move>,
    T: Notation<Position = Position, Move = Move>,
{
    let mut sheet = Scoresheet {
        writer: MovetextWriter::new(out, conversion.dialect, FirstMove::default()),
        game,
        conversion,
        warnings: Vec::new(),
    };
    // The sink maps the header and the clocks itself, as `conversion` asks: the source
    // notation's own mapping is left out.
    let mut replayed = replay_into::<Position, _, T, _>(
        game,
        &AsWritten(source),
        target,
        conversion.dialect,
        &mut sheet,
    );
    if replayed.final_position.is_some() {
        replayed
            .diagnostics
            .extend(sheet.warnings.into_iter().map(|d| game.locate(d)));
    }
    replayed
}

/// The writer with a scoresheet's conventions: the header boxes as PGN tags, clock times as
/// `[%clk]` commands, the result in the spelling asked for.
struct Scoresheet<'a, 'w> {
    writer: MovetextWriter<'w>,
    game: &'a RawGame,
    conversion: &'a Conversion<'a>,
    /// Header values that do not read and tags given twice, spans in the game.
    warnings: Vec<Diagnostic>,
}

impl<'a> Scoresheet<'a, '_> {
    /// The game's tags under their PGN names with their values in PGN form, as far as the
    /// conversion asks; a second tag for the same name is dropped, with a warning.
    fn header(&mut self) -> Vec<(&'a str, Cow<'a, str>)> {
        let header = self.conversion.header;
        let mut tags: Vec<(&str, Cow<'_, str>)> = Vec::new();
        for tag in self.game.tags() {
            let value = tag.value();
            let name = if header {
                tag_for_label(tag.name).unwrap_or(tag.name)
            } else {
                tag.name
            };
            if tags.iter().any(|(n, _)| *n == name) {
                self.warnings.push(Diagnostic::warning(
                    Code::TagDuplicate,
                    format!("a second {name} tag ({}): dropped", tag.name),
                    tag.span,
                ));
                continue;
            }
            let value = if header || name == "Result" {
                match tag_value(name, &value) {
                    Ok(v) => Cow::Owned(v),
                    Err(err) => {
                        self.warnings.push(Diagnostic::warning(
                            Code::TagValue,
                            format!("tag {}: {err}; kept as written", tag.name),
                            tag.span,
                        ));
                        value
                    }
                }
            } else {
                value
            };
            tags.push((name, value));
        }
        tags
    }
}

impl MovetextSink for Scoresheet<'_, '_> {
    fn tags(&mut self, _: &[(&str, Cow<'_, str>)], result: &str) {
        let tags = self.header();
        self.writer.tags(&tags, ResultSpelling::Pgn.spell(result));
    }

    fn move_token(&mut self, event: MoveEvent, write: impl FnOnce(&mut String)) {
        MovetextSink::move_token(&mut self.writer, event, write);
    }

    fn nag(&mut self, value: u16) {
        self.writer.nag_value(value);
    }

    fn comment(&mut self, text: &str) {
        match clock_command(text) {
            Ok(command) if self.conversion.clocks => self.writer.comment(&command),
            _ => self.writer.comment(text),
        }
    }

    fn start_variation(&mut self) {
        self.writer.start_variation();
    }

    fn end_variation(&mut self) {
        self.writer.end_variation();
    }

    fn finish(&mut self, result: &str) {
        MovetextSink::finish(&mut self.writer, self.conversion.results.spell(result));
    }

    fn abandon(&mut self) {
        self.writer.abandon();
    }
}

/// `S` with its record conventions left alone: the tags and comments as written.
struct AsWritten<'a, S: ?Sized>(&'a S);

impl<S> Notation for AsWritten<'_, S>
where
    S: Notation<Position = Position, Move = Move> + ?Sized,
{
    type Position = Position;
    type Move = Move;

    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn parse(
        &self,
        position: &Position,
        token: &str,
        notes: &mut board_core::Notes,
    ) -> Result<Move, board_core::MoveError> {
        self.0.parse(position, token, notes)
    }

    fn parse_bytes(
        &self,
        position: &Position,
        token: &[u8],
        notes: &mut board_core::Notes,
    ) -> Option<Move> {
        self.0.parse_bytes(position, token, notes)
    }

    fn format(&self, position: &Position, mv: &Move, out: &mut String) {
        self.0.format(position, mv, out);
    }

    fn is_null(&self, token: &str) -> bool {
        self.0.is_null(token)
    }

    fn glues(&self, next: &str) -> bool {
        self.0.glues(next)
    }

    fn may_glue(&self, next: &[u8]) -> bool {
        self.0.may_glue(next)
    }

    fn continues(&self, token: &str) -> bool {
        self.0.continues(token)
    }

    fn draw_offer_suffix(&self) -> Option<&'static str> {
        self.0.draw_offer_suffix()
    }

    fn follows(&self, convention: board_core::Convention) -> bool {
        self.0.follows(convention)
    }
}
