//! Which notation a chess game is written in, decided from the whole main line and explained:
//! the letter sets of algebraic notation (English, French and eleven other languages,
//! figurines) and the descriptive languages (`P-K4`, `P-R4`, `P4R`).
//!
//! One token never decides: French `Rf1` is a king move where English `Rf1` is a rook's, and
//! descriptive `P-R4` is a4 or h4 in English but e4 in French. A language is named only when it
//! alone replays every move; otherwise the [`Detection`] says which move ruled each other out,
//! or why several fit; [`chess`] turns that into the notation to read a game in, and
//! [`chess_as_written`] keeps a file written in LAN or UCI as it is.
//!
//! # Examples
//!
//! ```
//! use notation_detect::detect;
//!
//! let detection = detect(&["e4", "e5", "Cf3", "Cc6", "Fb5", "a6"]);
//! assert_eq!(detection.language().unwrap(), "fr");
//!
//! // Descriptive moves are no letter set's: every one fails at the first move.
//! let descriptive = detect(&["P-K4", "P-K4"]);
//! assert!(descriptive.fits.is_empty());
//! assert!(descriptive.rejections.iter().all(|r| r.ply == 0));
//! ```

mod decide;
mod letters;

pub use decide::{Detected, Entry, Source, chess, chess_as_written};

pub use letters::{
    DetectError, Detection, Fit, Rejection, detect, detect_descriptive_from,
    detect_descriptive_game, detect_from, detect_game, detect_game_with,
};

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
