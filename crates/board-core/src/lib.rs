//! The vocabulary that chess and draughts share: colours, results, annotation glyphs, source
//! spans and diagnostics.
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

mod color;
mod diagnostic;
mod nag;
mod notation;
pub(crate) mod record;
mod replay;
mod result;

pub use color::{ByColor, Color, ParseColorError};
pub use diagnostic::{Diagnostic, EXCERPT_CONTEXT, LineCol, Severity, Span, visible};
pub use nag::{Nag, ParseNagError};
pub use notation::{
    CheckSign, Convention, DRAW_OFFER_COMMENT, MoveError, MoveErrorKind, Notation, Notes, Repair,
};
pub use record::{
    Command, Comment, CommentKind, Dialect, Element, FirstMove, GameError, GameErrorKind,
    MoveNumber, MovetextWriter, NagStyle, NagToken, Origin, PartReader, PartStep, RawGame,
    ReadError, RecordReader, ResultToken, Stitcher, Tag, Token, game_start_at_or_after,
    last_game_start, write_game, write_tags,
};
pub use replay::{MainLine, Output, Replayed, Rules, play_main_line, read_move, replay};
pub use result::{DraughtsResult, GameResult, ParseResultError};
