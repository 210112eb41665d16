//! The exact FMJD rules of international draughts (10x10) on bitboards: positions and FEN, legal
//! moves with flying kings and the majority capture rule, the draw rules, and perft.
//!
//! The 50 dark squares carry their Manoury numbers, 1 to 50 from the top left as White sees the
//! board: Black's men start on 1-20, White's on 31-50, and White moves first. The rules know
//! nothing of notation: `notation-manoury` turns `32-28` and `19x30` into [`Move`]s and back.
//!
//! # Examples
//!
//! ```
//! use draughts_rules::{Game, Move, Position, Square, perft};
//!
//! let pos = Position::new();
//! assert_eq!(perft(&pos, 3), 658);
//!
//! let mut game = Game::new();
//! game.play(&Move::quiet(Square::new(32), Square::new(28))).unwrap();
//! game.play(&Move::quiet(Square::new(19), Square::new(23))).unwrap();
//! // White must take: 28x19, the only legal move.
//! let moves = game.position().legal_moves();
//! assert_eq!(moves.len(), 1);
//! assert_eq!(moves[0].to_string(), "28x19");
//! assert_eq!(moves[0].captured().first(), Some(Square::new(23)));
//! ```

mod bitboard;
mod fen;
mod game;
mod movegen;
mod moves;
mod perft;
mod position;
mod rules;
mod square;

#[cfg(feature = "arbitrary")]
mod arbitrary_impls;

pub use bitboard::{Bitboard, Squares};
pub use board_core::{ByColor, Color, DraughtsResult};
pub use fen::{FenError, FenField};
pub use game::{Endgame, Game, Outcome, Termination, automatic_draw};
pub use moves::{INLINE_MOVES, MAX_CAPTURES, Move, MoveList};
pub use perft::{perft, perft_divide};
pub use position::{IllegalMoveError, Position};
pub use square::{ParseSquareError, Piece, Role, Square};
