//! The chess rules as the record replay sees them: set-up from the `FEN` tag, playing moves,
//! and checking a written result against the final position.

use board_core::{CheckSign, Diagnostic, GameResult, RawGame, Rules, Span};

use crate::{Color, Move, Position};

impl Rules for Position {
    type Move = Move;

    /// The standard start, or the position of the `FEN` tag (with or without `SetUp "1"`).
    /// A `Variant` tag must name chess or Chess960: other games have other rules.
    fn setup(game: &RawGame) -> Result<Position, Diagnostic> {
        if let Some(variant) = game.tag("Variant")
            && !is_chess(&variant)
        {
            let span = tag_span(game, "Variant");
            return Err(Diagnostic::error(
                format!("variant {variant:?} is not chess: its rules are not supported"),
                span,
            )
            .with_help("standard chess and Chess960 (Variant \"Chess960\") are"));
        }
        let Some(fen) = game.tag("FEN") else {
            return Ok(Position::new());
        };
        fen.trim().parse().map_err(|err: crate::FenError| {
            let span = tag_span(game, "FEN");
            Diagnostic::error(format!("cannot set up the FEN tag: {err}"), span)
        })
    }

    fn play(&mut self, mv: &Move) {
        self.play_unchecked(*mv);
    }

    fn play_null(&mut self) -> bool {
        match Position::play_null(self) {
            Ok(next) => {
                *self = next;
                true
            }
            Err(()) => false,
        }
    }

    fn turn(&self) -> Color {
        Position::turn(self)
    }

    fn move_number(&self) -> u32 {
        self.fullmoves()
    }

    fn check_sign(&self) -> CheckSign {
        if !self.is_check() {
            CheckSign::None
        } else if self.has_legal_moves() {
            CheckSign::Check
        } else {
            CheckSign::Mate
        }
    }

    /// A decisive result after a stalemate or with no mating material left, a draw or the wrong
    /// winner after a checkmate.
    fn result_conflict(&self, result: &str) -> Option<String> {
        let written = result.parse::<GameResult>().ok()?;
        if written == GameResult::Unknown {
            return None;
        }
        if self.is_checkmate() {
            let winner = !self.turn();
            if written != GameResult::win(winner) {
                return Some(format!(
                    "{} is checkmated, so the result is {}, not {written}",
                    self.turn().english_name(),
                    GameResult::win(winner)
                ));
            }
        } else if self.is_stalemate() && written != GameResult::Draw {
            return Some(format!(
                "{} is stalemated, so the game is drawn, not {written}",
                self.turn().english_name()
            ));
        } else if let Some(winner) = written.winner()
            && self.has_insufficient_material(winner)
            && self.is_insufficient_material()
        {
            return Some(format!(
                "neither side has the material to checkmate, so the game is drawn, not {written}"
            ));
        }
        None
    }
}

fn tag_span(game: &RawGame, name: &str) -> Span {
    game.tags()
        .find(|t| t.name == name)
        .map_or(Span::new(0, 0), |t| t.span)
}

/// The `Variant` values real files use for standard chess and Chess960.
fn is_chess(variant: &str) -> bool {
    let v: String = variant
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    matches!(
        v.as_str(),
        "" | "standard"
            | "chess"
            | "normal"
            | "fromposition"
            | "chess960"
            | "960"
            | "fischerandom"
            | "fischerrandom"
            | "fischerrandomchess"
    )
}
