//! Reading a line of moves, where a token that two moves fit is settled by the moves after it:
//! the reading that keeps the rest of the game legal wins, and the choice is reported.

use std::cmp::Reverse;

use board_core::{Code, MoveError, Notation, Notes, Repair};
use chess_rules::Move;

use crate::parser::{self, Parsed};
use crate::resolve::{self, Outcome};
use crate::{Descriptive, DescriptivePosition};

/// How many tokens after an ambiguous one may be read, in all, to settle it: the rest of the
/// game or this many, whichever ends first.
pub const LOOKAHEAD_BUDGET: usize = 1024;

/// A move read from a line, with what the reader noted: repairs (the choice between two
/// readings among them) and annotation glyphs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineMove {
    /// The move.
    pub mv: Move,
    /// Repairs and NAGs of its token.
    pub notes: Notes,
}

/// The token of a line that could not be read, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// Its index in the line.
    pub index: usize,
    /// Why it names no move, or more than one even with the moves after it.
    pub error: MoveError,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "move {}: {}", self.index + 1, self.error)
    }
}

impl std::error::Error for LineError {}

/// Reads a line of descriptive tokens from `start`; where a token fits two moves even with its
/// check sign, the reading that keeps more of the following moves legal (then the one that
/// needs fewer repairs) wins, and the choice is reported.
///
/// # Errors
///
/// [`LineError`] at the first token that is not descriptive notation, fits no legal move, or
/// still fits several after the moves that follow it (up to [`LOOKAHEAD_BUDGET`] tokens read).
///
/// # Examples
///
/// Both rooks can go to K1 with check; only the h1 rook's move leaves the a1 rook free to play
/// `R-R3` two moves later, so that is the reading, reported:
///
/// ```
/// use notation_descriptive::{Descriptive, DescriptivePosition, read_line};
///
/// let fen = "4k3/8/8/8/8/8/3K3P/R6R w - - 0 1";
/// let start = DescriptivePosition::from_position(fen.parse().unwrap());
/// let moves = read_line(&start, &["R-K1ch", "K-Q2", "R-R3"], &Descriptive::MODERN).unwrap();
/// assert_eq!(moves[0].mv.to_string(), "h1e1");
/// assert_eq!(
///     moves[0].notes.repairs[0].message,
///     "fits KR-K1ch and QR-K1ch; read as KR-K1ch, the reading that keeps the next moves legal"
/// );
///
/// let err = read_line(&start, &["R-K1ch", "K-Q2"], &Descriptive::MODERN).unwrap_err();
/// assert_eq!(err.index, 0);
/// assert_eq!(err.error.candidates, ["KR-K1ch", "QR-K1ch"]);
/// ```
pub fn read_line(
    start: &DescriptivePosition,
    tokens: &[&str],
    notation: &Descriptive,
) -> Result<Vec<LineMove>, LineError> {
    let parsed: Vec<Result<Parsed, MoveError>> =
        tokens.iter().map(|t| parse(t, notation)).collect();
    let mut pos = start.clone();
    let mut line = Vec::with_capacity(tokens.len());
    for (index, token) in tokens.iter().enumerate() {
        let (mv, notes) = read_one(&pos, token, &parsed[index..], notation)
            .map_err(|error| LineError { index, error })?;
        pos.play_unchecked(mv);
        line.push(LineMove { mv, notes });
    }
    Ok(line)
}

pub(crate) fn parse(token: &str, notation: &Descriptive) -> Result<Parsed, MoveError> {
    parser::parse_token(token, notation.language())
        .map_err(|err| MoveError::syntax(format!("{token:?}: {} at byte {}", err.message, err.at)))
}

/// Reads `rest[0]` (the token `token`) in `pos`, looking at the tokens after it when it fits
/// several moves.
pub(crate) fn read_one(
    pos: &DescriptivePosition,
    token: &str,
    rest: &[Result<Parsed, MoveError>],
    notation: &Descriptive,
) -> Result<(Move, Notes), MoveError> {
    let parsed = rest[0].as_ref().map_err(Clone::clone)?;
    let mut notes = Notes::default();
    notes.nags.extend(parsed.nags.iter().filter(|&&n| n != 0));
    match resolve::resolve(pos, parsed) {
        Outcome::One { mv, repairs } => {
            notes.repairs = repairs;
            Ok((mv, notes))
        }
        Outcome::None => {
            let mut notes = Notes::default();
            notation.parse(pos, token, &mut notes).map(|mv| (mv, notes))
        }
        Outcome::Many(moves) => {
            // How far each reading keeps the following moves legal, and with how many repairs.
            let share = LOOKAHEAD_BUDGET / moves.len().max(1);
            let scores: Vec<(Move, (usize, Reverse<usize>))> = moves
                .iter()
                .map(|&mv| {
                    let mut after = pos.clone();
                    after.play_unchecked(mv);
                    let mut budget = share;
                    (mv, score(&after, &rest[1..], &mut budget))
                })
                .collect();
            let best = scores.iter().map(|(_, s)| *s).max();
            let winners: Vec<Move> = scores
                .iter()
                .filter(|(_, s)| Some(*s) == best)
                .map(|(mv, _)| *mv)
                .collect();
            if let [mv] = winners[..] {
                let mut names: Vec<String> =
                    moves.iter().map(|m| notation.to_text(pos, m)).collect();
                names.sort();
                let chosen = notation.to_text(pos, &mv);
                let (last, init) = names.split_last().expect("two moves or more");
                notes.repairs.push(Repair::new(
                    Code::DescriptiveLookahead,
                    format!(
                    "fits {} and {last}; read as {chosen}, the reading that keeps the next moves legal",
                    init.join(", "),
                )));
                Ok((mv, notes))
            } else {
                let mut names: Vec<String> =
                    winners.iter().map(|m| notation.to_text(pos, m)).collect();
                names.sort();
                Err(MoveError::ambiguous(token, names))
            }
        }
    }
}

/// How many of the tokens of `rest` can be read, one after the other, from `pos` (all of them
/// when the look runs out of `budget` or meets a token that is not notation), and the fewest
/// repairs that takes.
fn score(
    pos: &DescriptivePosition,
    rest: &[Result<Parsed, MoveError>],
    budget: &mut usize,
) -> (usize, Reverse<usize>) {
    let Some((first, tail)) = rest.split_first() else {
        return (0, Reverse(0));
    };
    let Ok(parsed) = first else {
        return (rest.len(), Reverse(0));
    };
    if *budget == 0 {
        return (rest.len(), Reverse(0));
    }
    *budget -= 1;
    let next = |mv: Move, budget: &mut usize| {
        let mut after = pos.clone();
        after.play_unchecked(mv);
        let (reached, Reverse(repairs)) = score(&after, tail, budget);
        (reached + 1, repairs)
    };
    match resolve::resolve(pos, parsed) {
        Outcome::One { mv, repairs } => {
            let (reached, cost) = next(mv, budget);
            // An en passant capture the text does not call one costs as a repair: where two
            // readings reach as far (`P-QB3` or `P-QB4`, then `P takes P`), the one where the
            // capture is an ordinary one is what the book meant.
            let unmarked = usize::from(mv.is_en_passant() && !parsed.en_passant);
            (reached, Reverse(cost + repairs.len() + unmarked))
        }
        Outcome::None => (0, Reverse(0)),
        Outcome::Many(moves) => moves
            .iter()
            .map(|&mv| {
                let (reached, cost) = next(mv, budget);
                (reached, Reverse(cost))
            })
            .max()
            .unwrap_or((0, Reverse(0))),
    }
}
