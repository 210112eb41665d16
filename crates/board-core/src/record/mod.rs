//! The record syntax shared by chess PGN and draughts PDN: tag pairs, move numbers, move tokens,
//! comments, NAGs, variations and results, read and written without knowing the game.
//!
//! [`RecordReader`] streams the games of a file as [`RawGame`]s: tags, and a flat list of
//! [`Element`]s (move numbers, move tokens, NAGs, comments, variation starts and ends), each with
//! its [`Span`](crate::Span) in the game's text. A notation gives the move tokens their meaning;
//! [`write_tags`] and [`MovetextWriter`] write a game back in the export layout, with whatever
//! tokens the caller hands them. [`Dialect`] holds what differs between PGN and PDN. The grammar
//! is written down in the project's `docs/record-syntax.md`.
//!
//! # Examples
//!
//! ```
//! use board_core::{Dialect, FirstMove, RecordReader, write_game};
//!
//! let file = "1.32-28 19-23 (18-23 38-32!) 2.28x19 14x23 2-0\n";
//! let dialect = Dialect::pdn();
//! let mut out = String::new();
//! for game in RecordReader::new(file.as_bytes(), dialect.clone()) {
//!     let game = game.unwrap();
//!     assert_eq!(game.result().unwrap().text, "2-0");
//!     write_game(&mut out, &game, &dialect, FirstMove::default());
//! }
//! assert_eq!(out, "1. 32-28 19-23 (1... 18-23 2. 38-32!) 2. 28x19 14x23 2-0\n\n");
//! ```

mod chunks;
mod dialect;
mod encoding;
pub(crate) mod game;
mod lenient;
mod lexer;
#[cfg(test)]
mod parser;
mod reader;
mod splitter;
mod writer;

#[cfg(test)]
mod tests;

pub use chunks::{Origin, PartReader, PartStep, Stitcher, game_start_at_or_after, last_game_start};
pub(crate) use dialect::same_result;
pub use dialect::{Dialect, NagStyle};
pub use game::{
    Command, Comment, CommentKind, Element, MoveNumber, NagToken, RawGame, ResultToken, Tag, Token,
};
pub use reader::{GameError, GameErrorKind, ReadError, RecordReader};
pub(crate) use writer::same_name;
pub use writer::{FirstMove, MovetextWriter, write_game, write_tags};
