//! The replay's output seam: what a replay hands on, event by event, to whatever consumes the
//! game it translates. [`MovetextWriter`](crate::MovetextWriter) writes the record; other sinks
//! fill a scoresheet or count moves without writing text and reading it back.

use std::borrow::Cow;

use crate::FirstMove;

/// What the replay says of a move besides its token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveEvent {
    /// The first move of the line's count and the move's half-move index along its line; the
    /// number is worked out only for a sink that asks ([`MoveEvent::ply`]), as the writer
    /// counts moves itself and this runs for every move.
    first: FirstMove,
    index: usize,
    /// How deep in variations the move is: 0 for the main line.
    pub depth: usize,
    /// The sign the token ends with for a draw offer made with the move (French `Cf3=`): the
    /// target notation's [`Notation::draw_offer_suffix`](crate::Notation::draw_offer_suffix).
    /// A draw offer in a notation without such a sign comes as a
    /// [`DRAW_OFFER_COMMENT`](crate::DRAW_OFFER_COMMENT) comment right after the move.
    pub draw_offer_sign: Option<&'static str>,
}

impl MoveEvent {
    /// The move `ply`, at variation depth `depth`, with no draw offer.
    #[must_use]
    pub const fn new(ply: FirstMove, depth: usize) -> MoveEvent {
        MoveEvent::counted(ply, 0, depth)
    }

    /// Half-move `index` (0 for the first) of a line whose first move is `first`.
    pub(crate) const fn counted(first: FirstMove, index: usize, depth: usize) -> MoveEvent {
        MoveEvent {
            first,
            index,
            depth,
            draw_offer_sign: None,
        }
    }

    /// The same move, with a draw offer written as `sign` glued after the token.
    #[must_use]
    pub const fn with_draw_offer_sign(mut self, sign: &'static str) -> MoveEvent {
        self.draw_offer_sign = Some(sign);
        self
    }

    /// The move's number and the side that plays it (`12...` is move 12, Black), counted
    /// along its line from the game's first move, so right for games whose positions keep no
    /// move number (draughts).
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Color, FirstMove, MoveEvent};
    ///
    /// let event = MoveEvent::new(FirstMove::new(12, Color::Black), 0);
    /// assert_eq!(event.ply().to_string(), "12...");
    /// ```
    #[must_use]
    pub fn ply(&self) -> FirstMove {
        crate::replay::numbered(self.first, self.index)
    }
}

/// Where a replay puts the game it translates ([`crate::replay_into`]): the events of a
/// record, in order, once the moves are the target notation's.
///
/// The replay calls [`MovetextSink::tags`] once, first; then one call per movetext element;
/// then [`MovetextSink::finish`] with the result, or [`MovetextSink::abandon`] when the game
/// has an error (a game is converted whole or not at all). Each method but `move_token` does
/// nothing by default, for sinks that look at part of a game.
///
/// # Examples
///
/// A sink that counts the moves of the main line and keeps the last one, on a toy game whose
/// "position" is a running total:
///
/// ```
/// use board_core::{
///     ByColor, Color, Diagnostic, Dialect, MoveError, MoveEvent, MovetextSink, Notation, Notes,
///     RawGame, RecordReader, Rules, replay_into,
/// };
///
/// #[derive(Clone)]
/// struct Total(u32);
///
/// impl Rules for Total {
///     type Move = u32;
///     type Trace = u32;
///     fn setup_reporting(_: &RawGame, _: &mut Vec<Diagnostic>) -> Result<Total, Diagnostic> {
///         Ok(Total(0))
///     }
///     fn play(&mut self, mv: &u32) {
///         self.0 += mv;
///     }
///     fn play_null(&mut self) -> bool {
///         true
///     }
///     fn turn(&self) -> Color {
///         if self.0 % 2 == 0 { Color::White } else { Color::Black }
///     }
///     fn move_number(&self) -> u32 {
///         1
///     }
///     fn trace(&self) -> u32 {
///         self.0
///     }
///     fn automatic_draw(_: &[u32]) -> Option<&'static str> {
///         None
///     }
///     fn draw_instead_of(_: &str) -> Option<&'static str> {
///         None
///     }
/// }
///
/// /// Moves are written `+N`.
/// struct Plus;
///
/// impl Notation for Plus {
///     type Position = Total;
///     type Move = u32;
///     fn name(&self) -> &'static str {
///         "plus"
///     }
///     fn parse(&self, _: &Total, token: &str, _: &mut Notes) -> Result<u32, MoveError> {
///         let n = token.strip_prefix('+').and_then(|n| n.parse().ok());
///         n.ok_or_else(|| MoveError::syntax(format!("{token:?} is not +N")))
///     }
///     fn format(&self, _: &Total, mv: &u32, out: &mut String) {
///         out.push_str(&format!("+{mv}"));
///     }
/// }
///
/// #[derive(Default)]
/// struct MainLine {
///     moves: usize,
///     last: String,
///     result: String,
/// }
///
/// impl MovetextSink for MainLine {
///     fn move_token(&mut self, event: MoveEvent, write: impl FnOnce(&mut String)) {
///         if event.depth == 0 {
///             self.moves += 1;
///             self.last.clear();
///             write(&mut self.last);
///         }
///     }
///     fn finish(&mut self, result: &str) {
///         self.result = result.to_owned();
///     }
/// }
///
/// let file = "1. +1 +2 (1... +4) 2. +3 *";
/// let game = RecordReader::new(file.as_bytes(), Dialect::pgn()).next().unwrap().unwrap();
/// let mut sink = MainLine::default();
/// let replayed = replay_into::<Total, _, _, _>(&game, &Plus, &Plus, &Dialect::pgn(), &mut sink);
/// assert!(!replayed.has_errors());
/// assert_eq!((sink.moves, sink.last.as_str(), sink.result.as_str()), (3, "+3", "*"));
/// ```
pub trait MovetextSink {
    /// The game's tags as the record writes them (PGN's names where the replay converts a
    /// notation's own, [`crate::Notation::record_tag`]), and its result, for a writer that fills
    /// the `Result` tag. Called once, before any movetext.
    fn tags(&mut self, tags: &[(&str, Cow<'_, str>)], result: &str) {
        let _ = (tags, result);
    }

    /// A move: `write` appends its token in the target notation (`--` for a null move) to the
    /// buffer it is given; a sink that does not call it formats nothing.
    fn move_token(&mut self, event: MoveEvent, write: impl FnOnce(&mut String));

    /// A NAG by number, which may exceed 255 where the dialect allows it.
    fn nag(&mut self, value: u16) {
        let _ = value;
    }

    /// A comment, its text as written (or as [`crate::Notation::record_comment`] puts it).
    fn comment(&mut self, text: &str) {
        let _ = text;
    }

    /// `(`: a variation replacing the last move begins.
    fn start_variation(&mut self) {}

    /// `)`: the innermost variation ends.
    fn end_variation(&mut self) {}

    /// The game is over, with `result` (`*` when unknown).
    fn finish(&mut self, result: &str) {
        let _ = result;
    }

    /// The game has an error and is not converted: what the sink keeps of it should go.
    fn abandon(&mut self) {}
}

/// A sink borrowed is that sink: an adapter can wrap one and hand the replay `&mut` of it.
impl<K: MovetextSink> MovetextSink for &mut K {
    fn tags(&mut self, tags: &[(&str, Cow<'_, str>)], result: &str) {
        (**self).tags(tags, result);
    }

    fn move_token(&mut self, event: MoveEvent, write: impl FnOnce(&mut String)) {
        (**self).move_token(event, write);
    }

    fn nag(&mut self, value: u16) {
        (**self).nag(value);
    }

    fn comment(&mut self, text: &str) {
        (**self).comment(text);
    }

    fn start_variation(&mut self) {
        (**self).start_variation();
    }

    fn end_variation(&mut self) {
        (**self).end_variation();
    }

    fn finish(&mut self, result: &str) {
        (**self).finish(result);
    }

    fn abandon(&mut self) {
        (**self).abandon();
    }
}
