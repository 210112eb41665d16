//! The chess rules as the record replay sees them: set-up from the `FEN` tag, playing moves,
//! and checking a written result against the final position.

use board_core::{CheckSign, Code, Diagnostic, GameResult, RawGame, Rules, Span};

use crate::{Bitboard, Color, File, Move, Position, Rank, Termination};

impl Rules for Position {
    type Move = Move;

    /// The standard start, or the position of the `FEN` tag (with or without `SetUp "1"`).
    /// A `Variant` tag must name chess or Chess960: other games have other rules; a Chess960
    /// game's position says so ([`Position::is_chess960`]), for the notations that write
    /// castling differently there.
    ///
    /// The tag is read leniently ([`Position::from_fen_lenient`]): castling rights its position
    /// contradicts (`KQkq` with the h1 rook gone) are dropped with a warning each, and the game
    /// is played, as python-chess plays it.
    fn setup_reporting(
        game: &RawGame,
        warnings: &mut Vec<Diagnostic>,
    ) -> Result<Position, Diagnostic> {
        let variant = match game.tag("Variant") {
            None => Variant::Standard,
            Some(name) => variant(&name).ok_or_else(|| {
                Diagnostic::error(
                    Code::TagVariant,
                    format!("variant {name:?} is not chess: its rules are not supported"),
                    tag_span(game, "Variant"),
                )
                .with_help(
                    "the rules supported are standard chess and Chess960 (Variant \"Chess960\")",
                )
            })?,
        };
        let chess960 = variant == Variant::Chess960;
        let Some(fen) = game.tag("FEN") else {
            return Ok(Position::new().with_chess960(chess960));
        };
        let span = tag_span(game, "FEN");
        let (pos, dropped) = Position::from_fen_lenient(fen.trim()).map_err(|err| {
            Diagnostic::error(
                Code::TagFen,
                format!("cannot set up the FEN tag: {err}"),
                span,
            )
        })?;
        for right in dropped {
            warnings.push(Diagnostic::warning(
                Code::TagFenCastling,
                format!(
                    "castling right dropped from the FEN tag: {}",
                    right.reason()
                ),
                span,
            ));
        }
        // Castling rights of a king off the e-file, or of a rook off the a- and h-files, are
        // Chess960's: read as its rules read them, and said when no tag names the variant
        // (a standard reader of the game's castling, written king takes rook, rejects it).
        if !chess960 {
            let corners = Bitboard(0x8100_0000_0000_0081);
            let kings_off_e = [Color::White, Color::Black].into_iter().any(|color| {
                let first = Rank::First.relative_to(color);
                (pos.castling_rights() & Bitboard::rank(first)).any()
                    && pos.king_of(color).is_some_and(|k| k.file() != File::E)
            });
            if kings_off_e || (pos.castling_rights() & !corners).any() {
                warnings.push(
                    Diagnostic::warning(
                        Code::TagVariantUnnamed,
                        "the FEN tag sets up castling from Chess960 squares, and no Variant tag \
                         names Chess960: its castling is read as Chess960's",
                        span,
                    )
                    .with_help(
                        "a reader of standard chess may reject its castling: add \
                         [Variant \"Chess960\"]",
                    ),
                );
            }
        }
        Ok(pos.with_chess960(chess960))
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

    // Inlined, the mate test kept out of line: the replay asks after every move of a notation
    // that writes check signs, and nearly every answer is "no check" (as one call, with the
    // mate test inlined in it, it cost 18 instructions a move; callgrind).
    #[inline]
    fn check_sign(&self) -> CheckSign {
        if self.is_check() {
            check_or_mate(self)
        } else {
            CheckSign::None
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

    type Trace = Position;

    fn trace(&self) -> Position {
        *self
    }

    #[inline(always)]
    fn in_trace(trace: &Position) -> Option<&Position> {
        Some(trace)
    }

    #[inline]
    fn push_trace(&self, line: &mut Vec<Position>) {
        line.extend_from_slice(std::slice::from_ref(self));
    }

    /// Fivefold repetition and the 75-move rule, which FIDE 9.6 applies without a claim.
    #[inline]
    fn automatic_draw(line: &[Position]) -> Option<&'static str> {
        // Neither can hold within 16 half-moves of a capture or pawn move: most plies stop
        // here, without a call.
        if line.last()?.halfmoves() < 16 {
            return None;
        }
        Some(match crate::automatic_draw(line)? {
            Termination::FivefoldRepetition => "fivefold repetition (FIDE 9.6.1)",
            _ => "the 75-move rule (FIDE 9.6.2)",
        })
    }

    /// They bind every game but those dated before 1 July 2014, when FIDE 9.6 came in: until
    /// then these draws had to be claimed (the 75-move rule did not exist), and real games of
    /// that time go on past them. An undated game is held to them.
    fn automatic_draws_bind(game: &RawGame) -> Result<(), String> {
        let Some(date) = game.tag("Date") else {
            return Ok(());
        };
        // A game of a recent year (`2024.05.17`, every game of a lichess export) is told by
        // its date's first five bytes, without the trimming, splitting and number parsing
        // below (about 400 instructions a game).
        // So is a date whose year is unknown (`????.??.??`, the PGN standard's blank date).
        match *date.as_bytes() {
            [y0, y1, y2, y3, b'.', ..]
                if [y0, y1, y2, y3].iter().all(u8::is_ascii_digit)
                    && [y0, y1, y2, y3] > *b"2014" =>
            {
                return Ok(());
            }
            [b'?', ..] => return Ok(()),
            _ => {}
        }
        let mut parts = date.trim().split('.');
        let year = parts.next().and_then(|y| y.parse::<u32>().ok());
        let month = parts.next().and_then(|m| m.parse::<u32>().ok());
        match (year, month) {
            (None, _) => Ok(()),
            (Some(year), _) if year > 2014 => Ok(()),
            (Some(2014), Some(month)) if month >= 7 => Ok(()),
            _ => Err(format!(
                "FIDE 9.6 has drawn such games by itself since 1 July 2014; this one is dated \
                 {date}, when a draw had to be claimed, so it is kept as played"
            )),
        }
    }

    fn draw_instead_of(result: &str) -> Option<&'static str> {
        let written = result.parse::<GameResult>().ok()?;
        written.winner().map(|_| "1/2-1/2")
    }
}

fn tag_span(game: &RawGame, name: &str) -> Span {
    game.tags()
        .find(|t| t.name == name)
        .map_or(Span::new(0, 0), |t| t.span)
}

/// The games these rules play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Variant {
    Standard,
    Chess960,
}

/// The game a `Variant` value real files use names, letter case, spaces and punctuation
/// aside (`Chess960`, `chess 960`, `Fischerandom`); `None` for other games.
fn variant(name: &str) -> Option<Variant> {
    let v: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    match v.as_str() {
        // `regular` as kokopu writes it, `classical` and `orthodox` as some sites do.
        "" | "standard" | "chess" | "normal" | "regular" | "classical" | "orthodox"
        | "fromposition" => Some(Variant::Standard),
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "fischerrandomchess"
        | "fischerandomchess" | "frc" => Some(Variant::Chess960),
        _ => None,
    }
}

/// [`Rules::check_sign`] of a position in check: mate when no legal move is left.
#[inline(never)]
fn check_or_mate(pos: &Position) -> CheckSign {
    if pos.has_legal_moves() {
        CheckSign::Check
    } else {
        CheckSign::Mate
    }
}
