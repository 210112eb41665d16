//! Helpers shared by the tests of the workspace, so each test file says what it checks and not
//! how it finds files or draws numbers.
//!
//! - [`Rng`]: a seeded generator, the same numbers on every run and machine, so a failure
//!   replays from its seed.
//! - [`corpus`]: the shared corpus (`../shared/corpus` beside the checkout): a test skips
//!   cleanly when it is absent, and fails when `CI` is set.
//! - [`markdown`]: the fenced blocks of a Markdown page, for tests that run a page's examples.
//! - [`assert_round_trip`]: `parse(x.to_string()) == x`, the law of every text type.
//! - [`chess`]: start positions that the random-game tests of several crates play from.
//! - [`records`]: pieces of game records that the reader's generators string together.
//!
//! The crate depends on no other crate of the workspace, so that every crate, `board-core`
//! included, can take it as a dev-dependency without a cycle.
//!
//! # Examples
//!
//! ```
//! use testkit::{Rng, assert_round_trip, markdown};
//!
//! let mut rng = Rng::new(7);
//! let roll = rng.below(6);
//! assert!(roll < 6);
//! assert_eq!(Rng::new(7).below(6), roll);
//!
//! assert_round_trip::<u32>(&[0, 7, u32::MAX]);
//!
//! let blocks = markdown::blocks("text\n\n```pgn\n1. e4 *\n```\n");
//! assert_eq!(blocks, [("pgn".to_owned(), "1. e4 *\n".to_owned())]);
//! ```

pub mod chess;
pub mod corpus;
pub mod markdown;
pub mod records;
mod rng;

pub use rng::Rng;

use std::fmt::{Debug, Display};
use std::str::FromStr;

/// Checks the text law of a type on each value: writing it and reading that back gives the
/// value again, and writing again gives the same text.
///
/// # Panics
///
/// On the first value whose text does not read back, or reads back as another value, with the
/// value and its text in the message.
#[track_caller]
pub fn assert_round_trip<T>(values: &[T])
where
    T: Display + FromStr + PartialEq + Debug,
    T::Err: Debug,
{
    for value in values {
        let text = value.to_string();
        let again: T = text.parse().unwrap_or_else(|e| {
            panic!("{value:?} is written {text:?}, which does not read: {e:?}")
        });
        assert_eq!(&again, value, "{text:?} reads as another value");
        assert_eq!(again.to_string(), text, "{value:?} is not written one way");
    }
}
