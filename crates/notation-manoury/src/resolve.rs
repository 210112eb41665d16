//! From written squares to the legal move they name, and from a move to its canonical token.

use arrayvec::ArrayVec;
use board_core::{Code, MoveError, MoveErrorKind, Repair};
use draughts_rules::{Bitboard, MAX_CAPTURES, Move, Position, Square};

use crate::ManouryMove;
use crate::text::MAX_SQUARES;

impl ManouryMove {
    /// The canonical token of a legal move, as PDN 3.0 writes it: `32-28`, `19x30`, and for a
    /// capture that shares its origin and destination with another legal capture taking other
    /// pieces, every square where the path turns, or the square just behind a captured piece
    /// where it goes on straight, and no more: `47x38x24x13x36`.
    ///
    /// The route written is the one [`Position::legal_moves`] gives for the move, whatever
    /// route `mv` carries; a move that is not legal is written from its own route.
    ///
    /// # Examples
    ///
    /// ```
    /// use draughts_rules::{Position, Square};
    /// use notation_manoury::ManouryMove;
    ///
    /// // The man on 42 can take 18, 19, 27 and 37, or 18, 19, 28 and 38, ending on 24.
    /// let pos: Position = "W:W36,42:B18,19,27,28,37,38".parse().unwrap();
    /// let texts: Vec<String> = pos
    ///     .legal_moves()
    ///     .iter()
    ///     .map(|mv| ManouryMove::from_move(&pos, mv).to_string())
    ///     .collect();
    /// assert_eq!(texts, ["42x31x22x13x24", "42x42", "42x33x22x13x24"]);
    /// ```
    #[must_use]
    pub fn from_move(pos: &Position, mv: &Move) -> ManouryMove {
        if !mv.is_capture() {
            return quiet(mv);
        }
        canonical(&pos.legal_moves(), mv)
    }

    /// The legal move these squares name in `pos`, reporting in `repairs` whatever was written
    /// otherwise than [`ManouryMove::from_move`] would.
    ///
    /// Two squares name the legal move with that origin and destination. More squares are read
    /// as a capture path (the squares where it turns or goes on behind a captured piece, the
    /// full path, or any squares it passes, in order, ending on the destination), or as the
    /// engine form of the Hub protocol (Scan and other engines): origin, destination, then
    /// every captured piece in any order, `42x24x18x19x27x37`. A capture written with `-`, or a
    /// plain move with `x`, is read and reported.
    ///
    /// # Errors
    ///
    /// [`MoveError`]: no legal move fits (`Illegal`, with the legal moves of the same piece, or
    /// to the same square, or all of them), or more than one does (`Ambiguous`, with each
    /// written in full).
    ///
    /// # Examples
    ///
    /// ```
    /// use draughts_rules::Position;
    /// use notation_manoury::ManouryMove;
    ///
    /// let pos: Position = "W:W36,42:B18,19,27,28,37,38".parse().unwrap();
    /// let mut repairs = Vec::new();
    /// let short: ManouryMove = "42x24".parse().unwrap();
    /// let err = short.resolve(&pos, &mut repairs).unwrap_err();
    /// assert_eq!(err.to_string(), "ambiguous move 42x24: could be 42x31x22x13x24 or 42x33x22x13x24");
    ///
    /// let hub: ManouryMove = "42x24x38x28x19x18".parse().unwrap();
    /// let mv = hub.resolve(&pos, &mut repairs).unwrap();
    /// assert_eq!(ManouryMove::from_move(&pos, &mv).to_string(), "42x33x22x13x24");
    /// assert_eq!(repairs[0].message, "captured pieces listed (engine notation); PDN writes 42x33x22x13x24");
    /// ```
    pub fn resolve(&self, pos: &Position, repairs: &mut Vec<Repair>) -> Result<Move, MoveError> {
        self.resolve_token(pos, &self.to_string(), repairs)
    }

    /// [`ManouryMove::resolve`], naming `token` in its errors.
    pub(crate) fn resolve_token(
        &self,
        pos: &Position,
        token: &str,
        repairs: &mut Vec<Repair>,
    ) -> Result<Move, MoveError> {
        let squares = self.squares();
        let from = self.from();
        let to = self.last();
        let legal = pos.legal_moves();
        let mut found: ArrayVec<(Move, Form), 8> = ArrayVec::new();
        let add = |found: &mut ArrayVec<(Move, Form), 8>, mv: Move, form: Form| {
            if !found.iter().any(|(m, _)| *m == mv) {
                // More than a handful is ambiguous whatever they are.
                let _ = found.try_push((mv, form));
            }
        };
        if squares.len() == 2 {
            for mv in legal.iter().filter(|m| m.from() == from && m.to() == to) {
                add(&mut found, *mv, Form::Short);
            }
        } else {
            let via = &squares[1..squares.len() - 1];
            let routes = pos.legal_moves_all_paths();
            let ends = || {
                routes
                    .iter()
                    .filter(|m| m.is_capture() && m.from() == from && m.to() == to)
            };
            for mv in ends().filter(|m| is_subsequence(via, m.path())) {
                add(&mut found, *mv, Form::Path);
            }
            let hub_to = squares[1];
            let hub_captured: Bitboard = squares[2..].iter().copied().collect();
            if hub_captured.count() == squares.len() - 2 {
                for mv in legal.iter().filter(|m| {
                    m.from() == from && m.to() == hub_to && m.captured() == hub_captured
                }) {
                    add(&mut found, *mv, Form::Hub);
                }
            }
            if found.is_empty() {
                for mv in ends().filter(|m| is_subsequence(via, &passed(m))) {
                    add(&mut found, *mv, Form::Path);
                }
            }
        }
        match found.as_slice() {
            [] => Err(illegal(pos, &legal, self, token)),
            [(mv, form)] => {
                let canonical = canonical(&legal, mv);
                if mv.is_capture() && !self.is_capture() {
                    repairs.push(Repair::new(
                        Code::ManouryCaptureDash,
                        "capture written with '-'",
                    ));
                } else if !mv.is_capture() && self.is_capture() {
                    repairs.push(Repair::new(
                        Code::ManouryCaptureNothing,
                        "capture sign on a move that takes nothing",
                    ));
                }
                match form {
                    Form::Path if canonical.squares() != squares => {
                        let short = canonical.squares().len() == 2;
                        repairs.push(Repair::new(
                            Code::ManouryPath,
                            if short {
                                format!("capture path written where {canonical} is enough")
                            } else {
                                format!("capture path written otherwise than PDN's {canonical}")
                            },
                        ));
                    }
                    Form::Hub => repairs.push(Repair::new(
                        Code::ManouryHub,
                        format!("captured pieces listed (engine notation); PDN writes {canonical}"),
                    )),
                    _ => {}
                }
                Ok(*mv)
            }
            several => {
                let candidates = several
                    .iter()
                    .map(|(mv, _)| canonical(&legal, mv).to_string())
                    .collect();
                Err(MoveError::ambiguous(token, candidates))
            }
        }
    }
}

/// How the squares of a token were matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    Short,
    Path,
    Hub,
}

fn quiet(mv: &Move) -> ManouryMove {
    ManouryMove::new(&[mv.from(), mv.to()], false).expect("two squares")
}

/// The canonical token of `mv` given the legal moves of its position.
fn canonical(legal: &[Move], mv: &Move) -> ManouryMove {
    if !mv.is_capture() {
        return quiet(mv);
    }
    let route = legal.iter().find(|m| *m == mv).unwrap_or(mv);
    let shared = legal
        .iter()
        .any(|m| m.from() == mv.from() && m.to() == mv.to() && m != mv);
    let mut squares: ArrayVec<Square, MAX_SQUARES> = ArrayVec::new();
    squares.push(route.from());
    if shared {
        // The path's landing squares are where it turns, or the first square behind a piece
        // where it goes on straight: the squares PDN 3.0 asks for.
        squares.extend(route.path().iter().copied());
    } else {
        squares.push(route.to());
    }
    ManouryMove::new(&squares, true).expect("a capture names 2 to 33 squares")
}

/// `true` if `needles` appear in `haystack` in order (not necessarily next to each other).
fn is_subsequence(needles: &[Square], haystack: &[Square]) -> bool {
    let mut rest = haystack.iter();
    needles.iter().all(|n| rest.any(|h| h == n))
}

/// Every square a capture passes or lands on after its origin, in order, the captured pieces'
/// squares left out.
fn passed(mv: &Move) -> ArrayVec<Square, { 9 * MAX_CAPTURES }> {
    let mut squares = ArrayVec::new();
    let mut at = mv.from();
    for &landing in mv.path() {
        let rows = i32::from(landing.row()) - i32::from(at.row());
        let columns = i32::from(landing.column()) - i32::from(at.column());
        if rows.abs() == columns.abs() && rows != 0 {
            let (dr, dc) = (rows.signum(), columns.signum());
            let mut sq = at;
            while let Some(next) = sq.offset(dr, dc) {
                sq = next;
                if !mv.captured().contains(sq) {
                    let _ = squares.try_push(sq);
                }
                if sq == landing {
                    break;
                }
            }
        } else {
            let _ = squares.try_push(landing);
        }
        at = landing;
    }
    squares
}

/// The error for a token no legal move fits, with the nearest legal moves.
fn illegal(pos: &Position, legal: &[Move], written: &ManouryMove, token: &str) -> MoveError {
    let near = |keep: &dyn Fn(&Move) -> bool| -> Vec<String> {
        legal
            .iter()
            .filter(|m| keep(m))
            .map(|m| canonical(legal, m).to_string())
            .collect()
    };
    let mut candidates = near(&|m| m.from() == written.from());
    if candidates.is_empty() {
        candidates = near(&|m| m.to() == written.last());
    }
    if candidates.is_empty() {
        candidates = near(&|_| true);
    }
    let mut message = format!("illegal move {token}");
    // The part of the token at fault, when one is: the departure square with no piece of the
    // side to move.
    let mut span = None;
    let most = legal.first().map_or(0, Move::capture_count);
    if most == 1 {
        message.push_str(": a capture is mandatory");
    } else if most > 1 {
        message.push_str(&format!(
            ": the majority rule asks for a capture of {most} pieces"
        ));
    } else if pos
        .piece_at(written.from())
        .is_none_or(|p| p.color != pos.turn())
    {
        let digits = token.bytes().take_while(u8::is_ascii_digit).count();
        span = (digits > 0).then(|| board_core::Span::new(0, digits));
        message.push_str(&format!(
            ": no {} piece on {}",
            pos.turn().english_name().to_lowercase(),
            written.from()
        ));
    } else if written.is_capture() {
        message.push_str(": there is nothing to capture");
    }
    MoveError {
        kind: MoveErrorKind::Illegal,
        message,
        candidates,
        span,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(fen: &str, token: &str) -> (Result<String, String>, Vec<String>) {
        let pos: Position = fen.parse().unwrap();
        let mut repairs = Vec::new();
        let written: ManouryMove = token.parse().unwrap();
        let result = written
            .resolve(&pos, &mut repairs)
            .map(|mv| ManouryMove::from_move(&pos, &mv).to_string())
            .map_err(|e| format!("{e} [{}]", e.candidates.join(" ")));
        (result, repairs.into_iter().map(|r| r.to_string()).collect())
    }

    const TWO_ROUTES: &str = "W:W36,42:B18,19,27,28,37,38";

    #[test]
    fn ambiguous_captures_need_their_path() {
        assert_eq!(
            resolve(TWO_ROUTES, "42x24").0,
            Err(
                "ambiguous move 42x24: could be 42x31x22x13x24 or 42x33x22x13x24 \
                 [42x31x22x13x24 42x33x22x13x24]"
                    .to_owned()
            )
        );
        for (written, repairs) in [
            ("42x31x22x13x24", vec![]),
            (
                "42x31x24",
                vec!["capture path written otherwise than PDN's 42x31x22x13x24"],
            ),
            (
                "42x31x13x24",
                vec!["capture path written otherwise than PDN's 42x31x22x13x24"],
            ),
        ] {
            assert_eq!(
                resolve(TWO_ROUTES, written),
                (
                    Ok("42x31x22x13x24".to_owned()),
                    repairs.iter().map(|r| r.to_string()).collect()
                ),
                "{written}"
            );
        }
        // 22 is on both routes: not enough.
        assert!(
            resolve(TWO_ROUTES, "42x22x24")
                .0
                .unwrap_err()
                .starts_with("ambiguous")
        );
        // Back to its own square: the only capture ending there.
        assert_eq!(resolve(TWO_ROUTES, "42x42").0, Ok("42x42".to_owned()));
    }

    #[test]
    fn full_paths_hub_and_separators() {
        // A man's double capture: 28x17x8 (taking 22 and 12).
        let fen = "W:W28:B12,22,23";
        assert_eq!(resolve(fen, "28x8"), (Ok("28x8".to_owned()), vec![]));
        assert_eq!(
            resolve(fen, "28x17x8"),
            (
                Ok("28x8".to_owned()),
                vec!["capture path written where 28x8 is enough".to_owned()]
            )
        );
        assert_eq!(
            resolve(fen, "28x8x12x22"),
            (
                Ok("28x8".to_owned()),
                vec!["captured pieces listed (engine notation); PDN writes 28x8".to_owned()]
            )
        );
        assert_eq!(
            resolve(fen, "28-8"),
            (
                Ok("28x8".to_owned()),
                vec!["capture written with '-'".to_owned()]
            )
        );
        assert_eq!(
            resolve("W:W31-50:B1-20", "32x28"),
            (
                Ok("32-28".to_owned()),
                vec!["capture sign on a move that takes nothing".to_owned()]
            )
        );
    }

    #[test]
    fn illegal_moves_say_why() {
        assert_eq!(
            resolve("W:W28:B12,22,23", "28x19").0,
            Err(
                "illegal move 28x19: the majority rule asks for a capture of 2 pieces [28x8]"
                    .to_owned()
            )
        );
        assert_eq!(
            resolve("W:W28,33:B23", "33-29").0,
            Err("illegal move 33-29: a capture is mandatory [28x19]".to_owned())
        );
        assert_eq!(
            resolve("W:W31-50:B1-20", "36x27").0,
            Err("illegal move 36x27: there is nothing to capture [31-27 32-27]".to_owned())
        );
        assert_eq!(
            resolve("W:W31-50:B1-20", "31-22").0,
            Err("illegal move 31-22 [31-26 31-27]".to_owned())
        );
        assert_eq!(
            resolve("W:W31-50:B1-20", "30-25").0,
            Err("illegal move 30-25: no white piece on 30 \
                 [31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30]"
                .to_owned())
        );
    }
}
