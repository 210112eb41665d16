//! A game in progress: the current position and the history the FMJD draw rules need.

use board_core::DraughtsResult;

use crate::{Color, IllegalMoveError, Move, Position, Role};

/// Why a game ended by rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Termination {
    /// The side to move has no legal move (no pieces left, or all blocked) and loses.
    NoLegalMove,
    /// The same position, with the same side to move, for the third time.
    ThreefoldRepetition,
    /// 25 moves by each side in which only kings moved and nothing was captured.
    TwentyFiveMoves,
    /// 16 moves by each side with three pieces, one of them a king, against a lone king.
    SixteenMoves,
    /// 5 moves by each side with a lone king against at most two pieces, one of them a king.
    FiveMoves,
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
    /// The result to write in the record: `2-0`, `0-2` or `1-1`.
    #[must_use]
    pub const fn result(self) -> DraughtsResult {
        match self.winner {
            Some(winner) => DraughtsResult::win(winner),
            None => DraughtsResult::Draw,
        }
    }
}

/// An endgame that the 16-move or the 5-move rule limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Endgame {
    /// Three pieces, at least one a king, against the lone king of `lone`: 16 moves each.
    SixteenMoves {
        /// The side with the lone king.
        lone: Color,
    },
    /// A lone king of `lone` against one or two pieces, at least one a king: 5 moves each.
    FiveMoves {
        /// The side with the lone king.
        lone: Color,
    },
}

impl Endgame {
    /// The endgame rule that applies to the material of `pos`, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// use draughts_rules::{Color, Endgame, Position};
    ///
    /// let pos: Position = "W:WK1,30,35:BK50".parse().unwrap();
    /// assert_eq!(Endgame::of(&pos), Some(Endgame::SixteenMoves { lone: Color::Black }));
    /// let pos: Position = "W:WK1,K2:BK50".parse().unwrap();
    /// assert_eq!(Endgame::of(&pos), Some(Endgame::FiveMoves { lone: Color::Black }));
    /// let pos: Position = "W:W30,31,32:BK50".parse().unwrap();
    /// assert_eq!(Endgame::of(&pos), None); // no white king yet
    /// ```
    #[must_use]
    pub fn of(pos: &Position) -> Option<Endgame> {
        let kings = pos.by_role(Role::King);
        // White's lone king first: with a king each, that is the 5-move rule either way.
        Color::ALL.into_iter().find_map(|lone| {
            let ours = pos.by_color(lone);
            let theirs = pos.by_color(lone.other());
            if ours.count() != 1 || (ours & kings).is_empty() || (theirs & kings).is_empty() {
                return None;
            }
            match theirs.count() {
                3 => Some(Endgame::SixteenMoves { lone }),
                1 | 2 => Some(Endgame::FiveMoves { lone }),
                _ => None,
            }
        })
    }

    /// How many plies (moves of either side) the rule allows: 32 or 10.
    #[must_use]
    pub const fn limit_plies(self) -> u32 {
        match self {
            Endgame::SixteenMoves { .. } => 32,
            Endgame::FiveMoves { .. } => 10,
        }
    }
}

/// The draw that the last position of `line` has reached by rule, if any: threefold
/// repetition, the 16-move and 5-move endgames, the 25-move rule, in the order
/// [`Game::outcome`] tests them, and as it counts them (a side to move with no legal move loses
/// instead, and this gives `None`). `line` holds the positions of a game from its start (or
/// from a set-up position, every counter at zero there), in order.
///
/// It is [`Game::outcome`]'s rule for these draws, over the positions alone, for a caller that
/// keeps its own line (the record replay, whose variations branch off it): a move that takes
/// nothing and moves no man is a king move.
///
/// # Examples
///
/// ```
/// use draughts_rules::{Move, Position, Square, Termination, automatic_draw};
///
/// let mut line: Vec<Position> = vec!["W:WK46:BK1".parse().unwrap()];
/// for (from, to) in [(46, 41), (1, 7), (41, 46), (7, 1)].repeat(2) {
///     let mut next = *line.last().unwrap();
///     next.play_unchecked(&Move::quiet(Square::new(from), Square::new(to)));
///     line.push(next);
/// }
/// assert_eq!(automatic_draw(&line), Some(Termination::ThreefoldRepetition));
/// assert_eq!(automatic_draw(&line[..7]), None);
/// ```
#[must_use]
pub fn automatic_draw(line: &[Position]) -> Option<Termination> {
    let (now, earlier) = line.split_last()?;
    // Plies in a row that moved only a king and took nothing, ending here.
    let king_plies = line
        .windows(2)
        .rev()
        .take_while(|pair| king_move(&pair[0], &pair[1]))
        .count();
    let endgame = Endgame::of(now).and_then(|endgame| {
        let limit = endgame.limit_plies() as usize;
        let run = earlier
            .iter()
            .rev()
            .take(limit)
            .take_while(|p| Endgame::of(p) == Some(endgame))
            .count();
        (run >= limit).then_some(match endgame {
            Endgame::SixteenMoves { .. } => Termination::SixteenMoves,
            Endgame::FiveMoves { .. } => Termination::FiveMoves,
        })
    });
    let repeated = || {
        line[line.len() - 1 - king_plies..]
            .iter()
            .filter(|p| *p == now)
            .count()
            >= 3
    };
    let draw = if repeated() {
        Termination::ThreefoldRepetition
    } else if let Some(endgame) = endgame {
        endgame
    } else if king_plies >= 50 {
        Termination::TwentyFiveMoves
    } else {
        return None;
    };
    (now.count_legal() > 0).then_some(draw)
}

/// `true` if the ply from `before` to `after` took nothing and moved no man: only a king moved
/// (or the turn passed).
fn king_move(before: &Position, after: &Position) -> bool {
    let mover = before.turn();
    let men = |p: &Position| p.by_color(mover) & p.by_role(Role::Man);
    before.occupied().count() == after.occupied().count() && men(before) == men(after)
}

/// The current position and the counters of the draw rules (FMJD rules, article 6).
///
/// - Threefold repetition: the same position with the same side to move for the third time.
/// - 25 moves: 25 moves by each side (50 plies) moving only kings and capturing nothing.
/// - 16 moves: three pieces, one of them a king, against a lone king: 16 moves each (32 plies)
///   from the move that made that material, then a draw.
/// - 5 moves: a lone king against two kings, a king and a man, or a king: 5 moves each.
/// - A side with no legal move when it is to play (no pieces, or all blocked) loses.
///
/// The endgame counters start again when the endgame changes (a capture turns a 16-move ending
/// into a 5-move one, or the lone king changes side); a promotion inside the same endgame does not
/// restart them.
///
/// # Examples
///
/// ```
/// use draughts_rules::{Game, Move, Square, Termination};
///
/// let mut game = Game::from_position("W:WK46:BK1".parse().unwrap());
/// let sq = Square::new;
/// for _ in 0..2 {
///     game.play(&Move::quiet(sq(46), sq(41))).unwrap();
///     game.play(&Move::quiet(sq(1), sq(7))).unwrap();
///     game.play(&Move::quiet(sq(41), sq(46))).unwrap();
///     game.play(&Move::quiet(sq(7), sq(1))).unwrap();
/// }
/// assert_eq!(game.repetitions(), 3);
/// // Eight plies of a king against a king: the 5-move rule has not yet run out (10 plies),
/// // but the third repetition ends the game.
/// let outcome = game.outcome().unwrap();
/// assert_eq!(outcome.termination, Termination::ThreefoldRepetition);
/// assert_eq!(outcome.result().to_string(), "1-1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    position: Position,
    /// The positions since the last man move or capture, the current one last.
    history: Vec<Position>,
    /// Plies in a row in which a king moved without capturing.
    king_plies: u32,
    /// The endgame rule in force and the plies played since it began.
    endgame: Option<(Endgame, u32)>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the starting position.
    #[must_use]
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A game from a set-up position, all counters at zero.
    #[must_use]
    pub fn from_position(position: Position) -> Game {
        Game {
            history: vec![position],
            king_plies: 0,
            endgame: Endgame::of(&position).map(|e| (e, 0)),
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
    pub fn play(&mut self, mv: &Move) -> Result<(), IllegalMoveError> {
        let next = self.position.play(mv)?;
        self.push(mv, next);
        Ok(())
    }

    /// Plays a move already known to be legal in the current position.
    pub fn play_unchecked(&mut self, mv: &Move) {
        let mut next = self.position;
        next.play_unchecked(mv);
        self.push(mv, next);
    }

    fn push(&mut self, mv: &Move, next: Position) {
        let king_moved = self.position.by_role(Role::King).contains(mv.from());
        if mv.is_capture() || !king_moved {
            self.history.clear();
            self.king_plies = 0;
        } else {
            self.king_plies += 1;
        }
        self.history.push(next);
        self.endgame = match (Endgame::of(&next), self.endgame) {
            (Some(now), Some((before, plies))) if now == before => Some((now, plies + 1)),
            (now, _) => now.map(|e| (e, 0)),
        };
        self.position = next;
    }

    /// How many times the current position has stood on the board with the same side to move,
    /// counting now.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        self.history.iter().filter(|p| **p == self.position).count()
    }

    /// Plies in a row in which only kings moved and nothing was captured (the 25-move rule ends
    /// the game at 50).
    #[must_use]
    pub const fn king_plies(&self) -> u32 {
        self.king_plies
    }

    /// The 16-move or 5-move endgame in force, with the plies played since it began.
    #[must_use]
    pub const fn endgame(&self) -> Option<(Endgame, u32)> {
        self.endgame
    }

    /// The end of the game by rule, if it has come: a side to move without a legal move loses;
    /// threefold repetition, the 25-move, 16-move and 5-move rules draw.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let draw = |termination| {
            Some(Outcome {
                termination,
                winner: None,
            })
        };
        if self.position.count_legal() == 0 {
            return Some(Outcome {
                termination: Termination::NoLegalMove,
                winner: Some(self.position.turn().other()),
            });
        }
        if self.repetitions() >= 3 {
            return draw(Termination::ThreefoldRepetition);
        }
        if let Some((endgame, plies)) = self.endgame
            && plies >= endgame.limit_plies()
        {
            return draw(match endgame {
                Endgame::SixteenMoves { .. } => Termination::SixteenMoves,
                Endgame::FiveMoves { .. } => Termination::FiveMoves,
            });
        }
        if self.king_plies >= 50 {
            return draw(Termination::TwentyFiveMoves);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    fn quiet(from: u8, to: u8) -> Move {
        Move::quiet(Square::new(from), Square::new(to))
    }

    /// King moves that never capture and never repeat a position three times within 50 plies:
    /// White's king goes round 46-37-41 on the long diagonal (3 moves), Black's round
    /// 1-12-7-18-29 on the diagonal 1-45 (5 moves), so positions recur every 30 plies; the two
    /// diagonals share no square where a king stops.
    fn king_shuffle(game: &mut Game, plies: usize) {
        let white = [(46, 37), (37, 41), (41, 46)];
        let black = [(1, 12), (12, 7), (7, 18), (18, 29), (29, 1)];
        for ply in 0..plies {
            let (from, to) = if ply.is_multiple_of(2) {
                white[(ply / 2) % white.len()]
            } else {
                black[(ply / 2) % black.len()]
            };
            assert!(game.repetitions() < 3);
            game.play(&quiet(from, to)).unwrap();
        }
    }

    #[test]
    fn no_legal_move_loses() {
        // White's man on 46 can only go to 41, which is taken, with 37 taken behind it.
        let game = Game::from_position("W:W46:B41,37".parse().unwrap());
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.termination, Termination::NoLegalMove);
        assert_eq!(outcome.result(), DraughtsResult::BlackWins);
        // No pieces at all.
        let game = Game::from_position("B:W46:B".parse().unwrap());
        assert_eq!(game.outcome().unwrap().winner, Some(Color::White));
    }

    #[test]
    fn twenty_five_king_moves() {
        let mut game = Game::from_position("W:WK46,49,50:BK1,3,4".parse().unwrap());
        assert_eq!(game.endgame(), None);
        king_shuffle(&mut game, 49);
        assert_eq!(game.outcome(), None);
        king_shuffle_from(&mut game, 49); // Black's 25th king move
        assert_eq!(game.king_plies(), 50);
        assert_eq!(
            game.outcome().map(|o| o.termination),
            Some(Termination::TwentyFiveMoves)
        );
        // A man move starts the count again.
        game.play(&quiet(49, 44)).unwrap();
        assert_eq!((game.king_plies(), game.repetitions()), (0, 1));
        assert_eq!(game.outcome(), None);
    }

    #[test]
    fn sixteen_move_rule() {
        let mut game = Game::from_position("W:WK46,49,50:BK1".parse().unwrap());
        let rule = Endgame::SixteenMoves { lone: Color::Black };
        assert_eq!(game.endgame(), Some((rule, 0)));
        king_shuffle(&mut game, 31);
        assert_eq!(game.outcome(), None);
        king_shuffle_from(&mut game, 31);
        assert_eq!(game.endgame(), Some((rule, 32)));
        assert_eq!(
            game.outcome().map(|o| o.termination),
            Some(Termination::SixteenMoves)
        );
    }

    #[test]
    fn five_move_rule() {
        let mut game = Game::from_position("W:WK46,K50:BK1".parse().unwrap());
        king_shuffle(&mut game, 9);
        assert_eq!(game.outcome(), None);
        king_shuffle_from(&mut game, 9);
        assert_eq!(
            game.outcome().map(|o| o.termination),
            Some(Termination::FiveMoves)
        );
        // The 16-move rule becomes the 5-move rule after a capture: the count starts again.
        let mut game = Game::from_position("B:WK46,K50,33:BK28".parse().unwrap());
        let lone = Color::Black;
        assert_eq!(game.endgame(), Some((Endgame::SixteenMoves { lone }, 0)));
        let capture = game.position().legal_moves()[0];
        assert!(capture.is_capture());
        game.play(&capture).unwrap();
        assert_eq!(game.endgame(), Some((Endgame::FiveMoves { lone }, 0)));
    }

    /// Plays the ply `ply` of [`king_shuffle`]'s sequence.
    fn king_shuffle_from(game: &mut Game, ply: usize) {
        let white = [(46, 37), (37, 41), (41, 46)];
        let black = [(1, 12), (12, 7), (7, 18), (18, 29), (29, 1)];
        let (from, to) = if ply.is_multiple_of(2) {
            white[(ply / 2) % white.len()]
        } else {
            black[(ply / 2) % black.len()]
        };
        game.play(&quiet(from, to)).unwrap();
    }
}
