//! A game in progress: the current position and the history the draw rules need.

use board_core::GameResult;

use crate::{Color, IllegalMoveError, Move, Position};

/// Why a game ended by rule, without anybody claiming or resigning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Termination {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// Neither side can ever checkmate.
    InsufficientMaterial,
    /// The same position for the fifth time (FIDE 9.6.1).
    FivefoldRepetition,
    /// 75 moves by each side without a capture or pawn move, the last not mating (FIDE 9.6.2).
    SeventyFiveMoves,
}

/// How a game ended by rule, and who won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The rule that ended the game.
    pub termination: Termination,
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
}

impl Outcome {
    /// The result to write in the record.
    #[must_use]
    pub fn result(self) -> GameResult {
        self.winner.map_or(GameResult::Draw, GameResult::win)
    }
}

/// The draw FIDE 9.6 makes without a claim that the last position of `line` has reached:
/// fivefold repetition (9.6.1) or 75 moves by each side without a capture or a pawn move, the
/// last not mating (9.6.2). `line` holds the positions of a game from its start (or any part
/// of it that ends at the position to judge), in order.
///
/// It is [`Game::outcome`]'s rule for these two draws, over positions instead of hashes, for a
/// caller that keeps its own line (the record replay, whose variations branch off it).
/// Positions are the same as for [`Position::zobrist`]: pieces, side to move, castling rights,
/// a legal en-passant capture.
///
/// # Examples
///
/// ```
/// use chess_rules::{Move, Position, Role, Square, Termination, automatic_draw};
///
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// let mut line = vec![Position::new()];
/// for (from, to) in [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8")].repeat(4) {
///     let mut next = *line.last().unwrap();
///     next.play_unchecked(Move::normal(Role::Knight, sq(from), sq(to)));
///     line.push(next);
/// }
/// assert_eq!(automatic_draw(&line), Some(Termination::FivefoldRepetition));
/// assert_eq!(automatic_draw(&line[..line.len() - 1]), None);
/// ```
#[must_use]
pub fn automatic_draw(line: &[Position]) -> Option<Termination> {
    let (now, earlier) = line.split_last()?;
    // Only positions since the last capture or pawn move can be the same, and a position
    // comes back at the earliest four plies later: a fifth time needs sixteen.
    let reversible = earlier
        .len()
        .min(usize::try_from(now.halfmoves()).unwrap_or(usize::MAX));
    let fivefold = reversible >= 16
        && earlier[earlier.len() - reversible..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|p| p.repeats(now))
            .count()
            >= 4;
    // Tested in Game::outcome's order; a mate ends the game first.
    let draw = if fivefold {
        Termination::FivefoldRepetition
    } else if now.halfmoves() >= 150 {
        Termination::SeventyFiveMoves
    } else {
        return None;
    };
    (!now.is_checkmate()).then_some(draw)
}

/// A draw that a player may claim (FIDE 9.2 and 9.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum DrawClaim {
    /// The same position for the third time.
    ThreefoldRepetition,
    /// 50 moves by each side without a capture or pawn move.
    FiftyMoves,
}

/// The current position and the hashes of the positions since the last capture or pawn move.
///
/// # Examples
///
/// ```
/// use chess_rules::{DrawClaim, Game, Move, Role, Square, Termination};
///
/// let mut game = Game::new();
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// for _ in 0..2 {
///     game.play(Move::normal(Role::Knight, sq("g1"), sq("f3"))).unwrap();
///     game.play(Move::normal(Role::Knight, sq("g8"), sq("f6"))).unwrap();
///     game.play(Move::normal(Role::Knight, sq("f3"), sq("g1"))).unwrap();
///     game.play(Move::normal(Role::Knight, sq("f6"), sq("g8"))).unwrap();
/// }
/// assert_eq!(game.repetitions(), 3);
/// assert_eq!(game.draw_claim(), Some(DrawClaim::ThreefoldRepetition));
/// assert_eq!(game.outcome(), None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    position: Position,
    /// Hashes of the positions since the last irreversible move, the current one last.
    hashes: Vec<u64>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the standard starting position.
    #[must_use]
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A game from a set-up position.
    #[must_use]
    pub fn from_position(position: Position) -> Game {
        Game {
            hashes: vec![position.zobrist()],
            position,
        }
    }

    /// The current position.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// Plays a legal move.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] if the move is not legal; the game is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        let next = self.position.play(mv)?;
        self.push(next);
        Ok(())
    }

    /// Plays a move already known to be legal in the current position.
    pub fn play_unchecked(&mut self, mv: Move) {
        let mut next = self.position;
        next.play_unchecked(mv);
        self.push(next);
    }

    /// Records a null move (`--` in some PGN files).
    ///
    /// # Errors
    ///
    /// `Err(())` when the side to move is in check.
    #[allow(clippy::result_unit_err, reason = "the only failure is being in check")]
    pub fn play_null(&mut self) -> Result<(), ()> {
        let next = self.position.play_null()?;
        self.push(next);
        Ok(())
    }

    fn push(&mut self, next: Position) {
        if next.halfmoves() == 0 {
            self.hashes.clear();
        }
        self.hashes.push(next.zobrist());
        self.position = next;
    }

    /// How many times the current position has stood on the board, counting now.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let now = self.hashes.last().copied().unwrap_or_default();
        self.hashes.iter().filter(|h| **h == now).count()
    }

    /// The end of the game by rule, if it has come: mate, stalemate, insufficient material,
    /// fivefold repetition or the 75-move rule.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        let no_moves = !pos.has_legal_moves();
        let draw = |termination| {
            Some(Outcome {
                termination,
                winner: None,
            })
        };
        if no_moves && pos.is_check() {
            return Some(Outcome {
                termination: Termination::Checkmate,
                winner: Some(!pos.turn()),
            });
        }
        if no_moves {
            return draw(Termination::Stalemate);
        }
        if pos.is_insufficient_material() {
            return draw(Termination::InsufficientMaterial);
        }
        if self.repetitions() >= 5 {
            return draw(Termination::FivefoldRepetition);
        }
        if pos.halfmoves() >= 150 {
            return draw(Termination::SeventyFiveMoves);
        }
        None
    }

    /// A draw the side to move may claim now, if any (threefold repetition first).
    #[must_use]
    pub fn draw_claim(&self) -> Option<DrawClaim> {
        if self.repetitions() >= 3 {
            Some(DrawClaim::ThreefoldRepetition)
        } else if self.position.halfmoves() >= 100 {
            Some(DrawClaim::FiftyMoves)
        } else {
            None
        }
    }
}
