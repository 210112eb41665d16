//! The vocabulary that chess and draughts share (colours, results, annotation glyphs, source
//! spans and diagnostics), the PGN/PDN record reader and writer, the [`Notation`] and [`Rules`]
//! traits, and the [`replay`] that checks a game move by move and writes it in another
//! notation.
//!
//! The crate knows no game: a rules crate implements [`Rules`] for its position, a notation
//! crate implements [`Notation`] for that position, and [`replay`] joins them. Records flow one
//! way: bytes → [`RecordReader`] → [`RawGame`] (tags and tokens) → [`Notation::parse`] (a move
//! in the position) → [`Notation::format`] in the target notation → [`MovetextWriter`] → text.
//!
//! # Examples
//!
//! ```
//! use board_core::{ByColor, Color, GameResult, Nag};
//!
//! let clocks = ByColor::new(90, 85);
//! assert_eq!(clocks[Color::Black], 85);
//! assert_eq!("½-½".parse::<GameResult>().unwrap(), GameResult::Draw);
//! assert_eq!("!?".parse::<Nag>().unwrap(), Nag(5));
//! assert_eq!(Color::White.french_name(), "Blancs");
//! ```
//!
//! A whole game, rules and notation included: the race to ten, where the players in turn add
//! one or two to a running total and whoever reaches ten wins. Its rules and its notation (`+1`,
//! `+2`) are all a game needs for [`replay`] to check a record and convert it.
//!
//! ```
//! use board_core::{
//!     Color, Diagnostic, Dialect, MoveError, Notation, Notes, Output, RawGame, RecordReader,
//!     ReplayMemory, Rules, replay, replay_in,
//! };
//!
//! /// The running total and how many moves were played.
//! #[derive(Clone)]
//! struct Race {
//!     total: u8,
//!     plies: u32,
//! }
//!
//! impl Rules for Race {
//!     type Move = u8;
//!     type Trace = u8;
//!
//!     fn setup_reporting(_: &RawGame, _: &mut Vec<Diagnostic>) -> Result<Race, Diagnostic> {
//!         Ok(Race { total: 0, plies: 0 })
//!     }
//!     fn play(&mut self, step: &u8) {
//!         self.total += step;
//!         self.plies += 1;
//!     }
//!     fn play_null(&mut self) -> bool {
//!         false
//!     }
//!     fn turn(&self) -> Color {
//!         if self.plies % 2 == 0 { Color::White } else { Color::Black }
//!     }
//!     fn move_number(&self) -> u32 {
//!         1 + self.plies / 2
//!     }
//!     fn trace(&self) -> u8 {
//!         self.total
//!     }
//!     fn automatic_draw(_: &[u8]) -> Option<&'static str> {
//!         None
//!     }
//!     fn draw_instead_of(_: &str) -> Option<&'static str> {
//!         None
//!     }
//! }
//!
//! /// A move is written `+1` or `+2`.
//! struct Plus;
//!
//! impl Notation for Plus {
//!     type Position = Race;
//!     type Move = u8;
//!
//!     fn name(&self) -> &'static str {
//!         "plus"
//!     }
//!     fn parse(&self, race: &Race, token: &str, _: &mut Notes) -> Result<u8, MoveError> {
//!         let step = match token {
//!             "+1" => 1,
//!             "+2" => 2,
//!             _ => return Err(MoveError::syntax(format!("{token:?} is not +1 or +2"))),
//!         };
//!         if race.total + step > 10 {
//!             let legal = (1..=10 - race.total).map(|s| format!("+{s}")).collect();
//!             return Err(MoveError::illegal(token, legal));
//!         }
//!         Ok(step)
//!     }
//!     fn format(&self, _: &Race, step: &u8, out: &mut String) {
//!         out.push('+');
//!         out.push(char::from(b'0' + step));
//!     }
//! }
//!
//! let record = "[Event \"Race\"]\n\n1. +2 +1 2. +2 +2 3.+1 +2 0-1\n";
//! let game = RecordReader::new(record.as_bytes(), Dialect::pgn()).next().unwrap().unwrap();
//! let dialect = Dialect::pgn();
//! let mut out = String::new();
//! let output = Output { notation: &Plus, dialect: &dialect, out: &mut out };
//! let replayed = replay::<Race, _, _>(&game, &Plus, Some(output));
//!
//! assert!(replayed.diagnostics.is_empty());
//! assert_eq!(replayed.plies, 6);
//! assert_eq!(replayed.final_position.map(|race| race.total), Some(10));
//! // Written back canonically: the move number spaced, the roster filled.
//! assert!(out.starts_with("[Event \"Race\"]\n[Site \"?\"]\n"));
//! assert!(out.ends_with("\n1. +2 +1 2. +2 +2 3. +1 +2 0-1\n\n"));
//!
//! // A move past ten stops the replay, with the place and the legal moves.
//! let record = "1. +2 +2 2. +2 +2 3. +1 +2 *\n";
//! let game = RecordReader::new(record.as_bytes(), Dialect::pgn()).next().unwrap().unwrap();
//! let replayed = replay::<Race, _, _>(&game, &Plus, None::<Output<'_, Plus>>);
//! let error = &replayed.diagnostics[0];
//! assert_eq!(error.message, "illegal move +2");
//! assert_eq!(game.slice(error.span), "+2");
//! assert_eq!(error.help, ["legal moves that come closest: +1"]);
//! assert_eq!(replayed.plies, 5);
//!
//! // A file of games, each read into the memory of the one before and replayed in one
//! // `ReplayMemory`, as a tool that reads millions does.
//! let file = "1. +2 +2 2. +2 +2 3. +2 1-0\n\n1. +1 +1 2. +2 +2 3. +2 +2 0-1\n";
//! let mut reader = RecordReader::new(file.as_bytes(), Dialect::pgn());
//! let mut memory = ReplayMemory::new();
//! let mut plies = 0;
//! while let Some(game) = reader.next() {
//!     let game = game.unwrap();
//!     plies += replay_in::<Race, _, _>(&mut memory, &game, &Plus, None::<Output<'_, Plus>>).plies;
//!     reader.recycle(game);
//! }
//! assert_eq!(plies, 11);
//! ```

mod color;
mod cursor;
mod diagnostic;
mod nag;
mod notation;
pub(crate) mod record;
mod replay;
mod result;
mod sink;

pub use color::{ByColor, Color, ParseColorError};
pub use cursor::{MoveToken, Step, TokenCursor, Visit};
pub use diagnostic::{
    Code, Diagnostic, EXCERPT_CONTEXT, LineCol, ParseCodeError, Severity, Span, visible,
};
pub use nag::{Nag, ParseNagError};
pub use notation::{
    COMMA_AFTER_MOVE, CheckSign, Convention, DRAW_OFFER_COMMENT, MoveError, MoveErrorKind,
    Notation, Notes, Repair, Spelling, without_comma,
};
pub use record::{
    Command, Comment, CommentKind, Dialect, Element, FirstMove, GameError, GameErrorKind,
    MoveNumber, MovetextWriter, NagStyle, NagToken, Origin, PartReader, PartStep, RawGame,
    ReadError, RecordReader, ResultToken, Stitcher, Tag, Token, game_start_at_or_after,
    last_game_start, write_game, write_tags,
};
pub use replay::{
    MainLine, Output, ReplayMemory, Replayed, Rules, play_main_line, read_move, replay, replay_in,
    replay_into, replay_into_in,
};
pub use result::{DraughtsResult, GameResult, ParseResultError};
pub use sink::{MoveEvent, MovetextSink};

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
