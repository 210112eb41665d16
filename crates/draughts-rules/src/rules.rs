//! International draughts as the record replay sees it: set-up from the PDN `GameType` and `FEN`
//! tags, playing moves, and checking a written result against the final position.
//!
//! # Examples
//!
//! ```
//! use board_core::{Dialect, RecordReader, Rules};
//! use draughts_rules::Position;
//!
//! let file = "[GameType \"20\"]\n[FEN \"B:W23,44:BK1,5.\"]\n\n1... 1x49 0-2\n";
//! let game = RecordReader::new(file.as_bytes(), Dialect::pdn()).next().unwrap().unwrap();
//! let start = Position::setup(&game).unwrap();
//! assert_eq!(start.to_fen(), "B:W23,44:BK1,5");
//! // After 1x49 White has nothing left: the game is Black's.
//! let end = start.play(&start.legal_moves()[0]).unwrap();
//! assert_eq!(end.result_conflict("0-2"), None);
//! assert!(end.result_conflict("2-0").is_some());
//!
//! let file = "[GameType \"21\"]\n\n1. 11-15 *\n";
//! let game = RecordReader::new(file.as_bytes(), Dialect::pdn()).next().unwrap().unwrap();
//! let err = Position::setup(&game).unwrap_err();
//! assert_eq!(
//!     err.message,
//!     "game type 21 (English draughts) is not international draughts: its rules are not supported"
//! );
//! ```

use board_core::{Code, Color, Diagnostic, RawGame, Rules, Span};

use crate::{Move, Position, Termination};

impl Rules for Position {
    type Move = Move;

    /// The standard start, or the position of the `FEN` tag (with or without `SetUp "1"`; the
    /// FEN reader takes the tag value whole, quotes and final `.` included).
    ///
    /// A `GameType` tag must name international draughts: `20`, or `20` with the attributes of
    /// PDN 3.0 for a 10x10 board (`20,W,10,10,N2,0`). Without a `GameType` the game is taken for
    /// international draughts, the only game these rules know, though the PDN default is English
    /// draughts: an 8x8 game then fails on its first move.
    ///
    /// Nothing is repaired: `warnings` stays as it is.
    fn setup_reporting(
        game: &RawGame,
        warnings: &mut Vec<Diagnostic>,
    ) -> Result<Position, Diagnostic> {
        let _ = warnings;
        if let Some((value, span)) = tag(game, "GameType") {
            check_game_type(&value).map_err(|(message, help)| {
                Diagnostic::error(Code::TagGameType, message, span).with_help(help)
            })?;
        }
        let Some((fen, span)) = tag(game, "FEN") else {
            return Ok(Position::new());
        };
        Position::from_fen(&fen).map_err(|err| {
            Diagnostic::error(
                Code::TagFen,
                format!("cannot set up the FEN tag: {err}"),
                span,
            )
        })
    }

    fn play(&mut self, mv: &Move) {
        self.play_unchecked(mv);
    }

    /// Passes the turn; `false` when the side to move must capture, as a capture is mandatory.
    fn play_null(&mut self) -> bool {
        if self.has_captures() {
            return false;
        }
        self.turn = self.turn.other();
        true
    }

    fn turn(&self) -> Color {
        Position::turn(self)
    }

    /// Always 1: a draughts position keeps no move counter (PDN's FEN has none, and the `F`
    /// field some programs add is ignored), so a replay numbers its moves from 1.
    fn move_number(&self) -> u32 {
        1
    }

    /// A result that does not give the game to the opponent of a side with no legal move: that
    /// side has lost (`2-0` when White cannot move is an error). `*` and `0-0` (both sides
    /// forfeit) never conflict; chess spellings (`1-0`, `0-1`, `1/2-1/2`) are read as wins and a
    /// draw too.
    fn result_conflict(&self, result: &str) -> Option<String> {
        let written = Written::of(result)?;
        if self.count_legal() > 0 {
            return None;
        }
        let loser = self.turn();
        let winner = loser.other();
        if written == Written::Win(winner) {
            return None;
        }
        let deserved = match (winner, written.chess_spelling(result)) {
            (Color::White, false) => "2-0",
            (Color::Black, false) => "0-2",
            (Color::White, true) => "1-0",
            (Color::Black, true) => "0-1",
        };
        Some(format!(
            "{} has no legal move and has lost, so the result is {deserved}, not {result}",
            loser.english_name()
        ))
    }

    type Trace = Position;

    fn trace(&self) -> Position {
        *self
    }

    #[inline(always)]
    fn in_trace(trace: &Position) -> Option<&Position> {
        Some(trace)
    }

    /// Threefold repetition and the 25-move, 16-move and 5-move rules, which end the game
    /// without a claim as [`crate::Game::outcome`] applies them.
    fn automatic_draw(line: &[Position]) -> Option<&'static str> {
        Some(match crate::automatic_draw(line)? {
            Termination::ThreefoldRepetition => "threefold repetition (FMJD rules, article 6)",
            Termination::SixteenMoves => "the 16-move rule (FMJD rules, article 6)",
            Termination::FiveMoves => "the 5-move rule (FMJD rules, article 6)",
            _ => "the 25-move rule (FMJD rules, article 6)",
        })
    }

    /// Never binding: arbiters declare these draws, tournaments vary the endgame rules, and
    /// servers let games go on past them (a kurnik game of the PDN standard's own corpus
    /// repeats a position five times), so a game that goes on is kept with a warning.
    fn automatic_draws_bind(game: &RawGame) -> Result<(), String> {
        let _ = game;
        Err(
            "FMJD draws are declared by the arbiter, and servers let games go on past them, so \
             the game is kept as played"
                .to_owned(),
        )
    }

    /// `1-1`, or `1/2-1/2` for a win written as in chess.
    fn draw_instead_of(result: &str) -> Option<&'static str> {
        match Written::of(result)? {
            Written::Win(_) if Written::Draw.chess_spelling(result) => Some("1/2-1/2"),
            Written::Win(_) => Some("1-1"),
            Written::Draw => None,
        }
    }
}

/// What a result says, as far as a position can contradict it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Written {
    Win(Color),
    Draw,
}

impl Written {
    /// `None` for results no position contradicts (`*`, `0-0`) and for unknown spellings.
    fn of(result: &str) -> Option<Written> {
        match result {
            "2-0" | "1-0" => Some(Written::Win(Color::White)),
            "0-2" | "0-1" => Some(Written::Win(Color::Black)),
            "1-1" | "1/2-1/2" | "½-½" => Some(Written::Draw),
            _ => None,
        }
    }

    fn chess_spelling(self, result: &str) -> bool {
        matches!(result, "1-0" | "0-1" | "1/2-1/2" | "½-½")
    }
}

/// The first tag named `name` (any letter case: files write `Setup` and `SetUp`), its value
/// and its span.
fn tag(game: &RawGame, name: &str) -> Option<(String, Span)> {
    game.tags()
        .find(|t| t.name.eq_ignore_ascii_case(name))
        .map(|t| (t.value().into_owned(), t.span))
}

/// The games of PDN 3.0's `GameType` table.
fn game_name(number: u32) -> Option<&'static str> {
    Some(match number {
        0 => "chess",
        1 => "Chinese chess",
        20 => "international draughts",
        21 => "English draughts",
        22 => "Italian draughts",
        23 => "American pool checkers",
        24 => "Spanish draughts",
        25 => "Russian draughts",
        26 => "Brazilian draughts",
        27 => "Canadian draughts",
        28 => "Portuguese draughts",
        29 => "Czech draughts",
        30 => "Turkish draughts",
        31 => "Thai draughts",
        40 => "Frisian draughts",
        41 => "Spantsiretti draughts",
        50 => "Othello",
        _ => return None,
    })
}

const HELP: &str = "international draughts is GameType \"20\" (in full \"20,W,10,10,N2,0\")";

/// Accepts `20` and `20,<W|B>,10,10,<notation>[,<flag>]`; otherwise the message and help.
///
/// The notation attribute is not checked: files in the wild write `N1` for the standard
/// numbering (kurnik's `20,W,10,10,N1,0`), and the moves themselves tell.
fn check_game_type(value: &str) -> Result<(), (String, &'static str)> {
    let mut fields = value.split(',').map(str::trim);
    let first = fields.next().unwrap_or_default();
    let Ok(number) = first.parse::<u32>() else {
        return Err((
            format!("game type {value:?} is not a PDN game type number"),
            HELP,
        ));
    };
    if number != 20 {
        let name = game_name(number).map_or_else(String::new, |n| format!(" ({n})"));
        return Err((
            format!(
                "game type {number}{name} is not international draughts: its rules are not supported"
            ),
            HELP,
        ));
    }
    let _start_colour = fields.next();
    let width = fields.next();
    let height = fields.next();
    match (width, height) {
        (None, None) | (Some("10"), Some("10")) => Ok(()),
        (w, h) => Err((
            format!(
                "game type {value:?} has a {}x{} board: international draughts is played on 10x10",
                w.unwrap_or("?"),
                h.unwrap_or("?")
            ),
            HELP,
        )),
    }
}

#[cfg(test)]
mod tests {
    use board_core::{Dialect, RecordReader};

    use super::*;

    fn game(text: &str) -> RawGame {
        RecordReader::new(text.as_bytes(), Dialect::pdn())
            .next()
            .unwrap()
            .unwrap()
    }

    fn setup_error(text: &str) -> String {
        let err = Position::setup(&game(text)).unwrap_err();
        format!("{}; {}", err.message, err.help.join("; "))
    }

    #[test]
    fn game_types() {
        for accepted in [
            "20",
            " 20 ",
            "20,W,10,10,N2,0",
            "20,W,10,10,N1,0",
            "20,B,10,10,N2",
        ] {
            let text = format!("[GameType \"{accepted}\"] 1. 32-28 *");
            assert_eq!(
                Position::setup(&game(&text)),
                Ok(Position::new()),
                "{accepted}"
            );
        }
        assert_eq!(
            setup_error("[GameType \"25,W,8,8,A0,0\"] 1. c3-d4 *"),
            "game type 25 (Russian draughts) is not international draughts: its rules are not \
             supported; international draughts is GameType \"20\" (in full \"20,W,10,10,N2,0\")"
        );
        assert!(
            setup_error("[GameType \"99\"] *").starts_with("game type 99 is not international")
        );
        assert!(
            setup_error("[GameType \"twenty\"] *")
                .starts_with("game type \"twenty\" is not a PDN game type number")
        );
        assert!(setup_error("[GameType \"20,W,8,8,N2\"] *").starts_with(
            "game type \"20,W,8,8,N2\" has a 8x8 board: international draughts is played on 10x10"
        ));
    }

    #[test]
    fn fen_tag() {
        let pos = Position::setup(&game("[SetUp \"1\"]\n[FEN \"W:W10,16:B7,8.\"]\n*")).unwrap();
        assert_eq!(pos.to_fen(), "W:W10,16:B7,8");
        let err = Position::setup(&game("[FEN \"W:W31-51:B1-20\"]\n*")).unwrap_err();
        assert_eq!(
            err.message,
            "cannot set up the FEN tag: invalid FEN white pieces field: square 51 is not between 1 \
             and 50"
        );
        assert_eq!(err.span, Span::new(0, 22));
    }

    #[test]
    fn a_side_without_moves_has_lost() {
        // White's man on 46 is blocked by 41 and 37: White cannot move.
        let pos = Position::from_fen("W:W46:B41,37").unwrap();
        assert_eq!(pos.result_conflict("0-2"), None);
        assert_eq!(pos.result_conflict("0-1"), None);
        assert_eq!(pos.result_conflict("*"), None);
        assert_eq!(pos.result_conflict("0-0"), None);
        assert_eq!(
            pos.result_conflict("2-0").as_deref(),
            Some("White has no legal move and has lost, so the result is 0-2, not 2-0")
        );
        assert_eq!(
            pos.result_conflict("1/2-1/2").as_deref(),
            Some("White has no legal move and has lost, so the result is 0-1, not 1/2-1/2")
        );
        // Black has no piece left.
        let pos = Position::from_fen("B:W28:B").unwrap();
        assert_eq!(
            pos.result_conflict("1-1").as_deref(),
            Some("Black has no legal move and has lost, so the result is 2-0, not 1-1")
        );
        // A game still going: any result may be written (a resignation, a time loss).
        assert_eq!(Position::new().result_conflict("0-2"), None);
    }

    #[test]
    fn null_moves_pass_unless_a_capture_is_due() {
        let mut pos = Position::new();
        assert!(pos.play_null());
        assert_eq!(pos.turn(), Color::Black);
        let mut must_take = Position::from_fen("W:W28:B23").unwrap();
        assert!(!must_take.play_null());
        assert_eq!(must_take.turn(), Color::White);
    }
}
