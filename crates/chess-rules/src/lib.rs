//! Exact chess rules on bitboards: positions and FEN, legal moves, check, mate, stalemate, draw
//! rules, Chess960 castling and perft.
//!
//! The rules know nothing of notation: the notation crates turn text into [`Move`]s and back.
//!
//! # Examples
//!
//! ```
//! use chess_rules::{Move, Position, Role, Square, perft};
//!
//! let pos = Position::new();
//! assert_eq!(perft(&pos, 2), 400);
//!
//! let e4 = Move::normal(Role::Pawn, Square::E2, Square::E4);
//! let after = pos.play(e4).unwrap();
//! assert_eq!(
//!     after.to_fen(),
//!     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
//! );
//! assert!(!after.is_check());
//! ```

pub mod attacks;
mod bitboard;
mod fen;
mod game;
mod movegen;
mod moves;
mod perft;
mod position;
mod rules;
mod setup;
mod types;
mod zobrist;

#[cfg(feature = "arbitrary")]
mod arbitrary_impls;

pub use bitboard::{Bitboard, Squares};
pub use board_core::{ByColor, Color, GameResult};
pub use fen::{FenError, FenField, MAX_FULLMOVES, MAX_HALFMOVES};
pub use game::{DrawClaim, Game, Outcome, Termination, automatic_draw};
pub use moves::{Move, MoveList};
pub use perft::{perft, perft_divide};
pub use position::{IllegalMoveError, Position};
pub use setup::Setup;
pub use types::{CastlingSide, File, ParseSquareError, Piece, Rank, Role, Square};

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
