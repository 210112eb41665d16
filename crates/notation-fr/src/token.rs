//! Reading a French move token: the marks a scoresheet puts after a move (`e.p.`, `+`, `#`, the
//! draw offer `=`, annotation glyphs) are taken off here; the move itself is read and resolved
//! by the language-neutral engine of `notation-en` with the French letters.

use board_core::{Code, MoveError, Nag, Notes, Repair};
use chess_rules::{Move, Position, Rank, Role};
use notation_en::san::{self, Lenience, San, SanPlus, Suffix};

use crate::French;

/// What follows the move in a token, as taken off its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    /// `=` or `(=)`: a draw offer.
    Draw,
    /// `+`, `#` or `++`.
    Sign,
    /// `e.p.`, `e.p` or `ep`.
    EnPassant,
    /// `!`, `?`, `!?`...
    Glyph,
}

/// The marks taken off a token, from its end; each comes at most once.
#[derive(Debug, Default)]
struct Marks {
    seen: [Option<Mark>; 4],
    len: usize,
}

impl Marks {
    fn contains(&self, mark: Mark) -> bool {
        self.seen[..self.len].contains(&Some(mark))
    }

    fn push(&mut self, mark: Mark) {
        // Four kinds, each once: a fifth is refused as a repeat before it comes here.
        self.seen[self.len] = Some(mark);
        self.len += 1;
    }

    /// The writer puts them, from the end of the token: the draw offer last, the check sign
    /// before it, `e.p.` before that; glyphs anywhere.
    fn in_canonical_order(&self) -> bool {
        let rank = |m: Mark| match m {
            Mark::Draw => 0,
            Mark::Sign => 1,
            Mark::EnPassant => 2,
            Mark::Glyph => u8::MAX,
        };
        let ranks = self.seen[..self.len]
            .iter()
            .flatten()
            .map(|m| rank(*m))
            .filter(|r| *r != u8::MAX);
        ranks.clone().zip(ranks.skip(1)).all(|(a, b)| a < b)
    }
}

/// How a promotion piece was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PromotionForm {
    /// `e8=D`.
    Equals,
    /// `e8D`.
    Bare,
    /// `e8(D)`, `e8/D`: no French form; the engine reports it.
    Other,
}

/// The French letters with the words a reader of the error needs.
const LETTER_HELP: &str = "R roi, D dame, T tour, F fou, C cavalier; none for a pawn";

/// Reads `token` in `pos` as French notation in `style`, filling `notes`.
pub(crate) fn parse(
    french: &French,
    pos: &Position,
    token: &str,
    notes: &mut Notes,
) -> Result<Move, MoveError> {
    let style = &french.style;
    let letters = &style.letters;
    // Books print a pair of moves with a comma between (`17. Fh6+, Tg7`): outermost, after the
    // marks.
    let comma = board_core::without_comma(token);
    let mut body = comma.unwrap_or(token);
    let mut marks = Marks::default();
    let mut suffix = None;
    let mut draw = None::<&'static str>;
    let mut ep_mark = false;
    let mut double_plus = false;
    // From the end, by the last byte: most tokens end with a square and leave at once. The
    // marks English writers use too are read by the engine's `strip_mark`; the draw offer is
    // French.
    while let Some(&last) = body.as_bytes().last() {
        let (mark, rest) = match last {
            b'=' => (Mark::Draw, &body[..body.len() - 1]),
            b')' if body.ends_with("(=)") => {
                draw = Some("draw offer written '(=)'");
                (Mark::Draw, &body[..body.len() - 3])
            }
            _ => match san::strip_mark(body) {
                Some((san::Mark::DoublePlus, rest)) => {
                    suffix = Some(Suffix::Checkmate);
                    double_plus = true;
                    (Mark::Sign, rest)
                }
                Some((san::Mark::Check, rest)) => {
                    suffix = Some(Suffix::Check);
                    (Mark::Sign, rest)
                }
                Some((san::Mark::Mate, rest)) => {
                    suffix = Some(Suffix::Checkmate);
                    (Mark::Sign, rest)
                }
                Some((san::Mark::EnPassant, rest)) => {
                    ep_mark = true;
                    (Mark::EnPassant, rest)
                }
                Some((san::Mark::Glyphs(glyph), rest)) => {
                    let nag = Nag::from_glyph(glyph).ok_or_else(|| {
                        MoveError::syntax(format!("{glyph:?} in {token:?} is no annotation glyph"))
                            .at(board_core::Span::new(rest.len(), body.len()))
                    })?;
                    notes.nags.push(u16::from(nag.0));
                    (Mark::Glyph, rest)
                }
                None => break,
            },
        };
        if marks.contains(mark) {
            return Err(MoveError::syntax(match mark {
                Mark::Draw => format!("two draw offers in {token:?}"),
                Mark::Sign => format!("two check signs in {token:?}"),
                Mark::EnPassant => format!("two 'e.p.' marks in {token:?}"),
                Mark::Glyph => format!("two annotation glyphs in {token:?}"),
            })
            .at(board_core::Span::new(rest.len(), body.len())));
        }
        marks.push(mark);
        body = rest;
    }
    if body.is_empty() {
        return Err(MoveError::syntax(format!("no move in {token:?}")));
    }
    // The engine's message for a letter it does not know is English; the French one names
    // the French letters. Only a token that does not read pays for it.
    let mut plus = match SanPlus::from_ascii_with(body.as_bytes(), letters) {
        Ok(plus) => plus,
        Err(err) => {
            check_letter(body, token)?;
            return Err(err.into());
        }
    };
    plus.suffix = suffix;
    if double_plus {
        plus.lenience = plus.lenience.union(Lenience::DOUBLE_PLUS);
    }
    if marks.contains(Mark::Glyph) {
        plus.lenience = plus.lenience.union(Lenience::GLYPHS);
    }
    if comma.is_some() {
        plus.lenience = plus.lenience.union(Lenience::COMMA);
    }
    let promotion_form = promotion_form(body, &plus);
    // `e8=`: the documents write a promotion as `=` and a piece, and a draw offer as `=` after
    // the move; a pawn move to the last rank followed by a lone `=` is neither in full, and the
    // two readings differ in the draw offer, which changes the game. Refuse rather than guess.
    if marks.contains(Mark::Draw)
        && draw.is_none()
        && let San::Normal {
            role: Role::Pawn,
            to,
            promotion: None,
            ..
        } = plus.san
        && (to.rank() == Rank::new(0) || to.rank() == Rank::new(7))
    {
        return Err(MoveError::syntax(format!(
            "{token:?} is a promotion without its piece, or a draw offer after a promotion whose \
             piece is missing; write {body}=D for the promotion, {body}=D= to offer a draw with it"
        )));
    }
    accept_documented_forms(&mut plus, promotion_form);

    let mv = plus.read_in(pos, token, letters, Lenience::default(), notes)?;

    if !marks.in_canonical_order() {
        notes.repairs.push(Repair::new(
            Code::FrMarksOrder,
            "marks after the move out of order (the order is e.p., then + or #, then =)",
        ));
    }
    if ep_mark && !mv.is_en_passant() {
        notes.repairs.push(Repair::new(
            Code::FrEnPassantMark,
            "'e.p.' after a move that is not an en passant capture",
        ));
    } else if mv.is_en_passant() && !ep_mark && style.en_passant_mark {
        // The documents' `e.p.` "peut être ajoutée": written or not, it is correct; only a
        // style that always writes it reports one left out.
        notes.repairs.push(Repair::new(
            Code::FrEnPassantUnmarked,
            "en passant capture not marked 'e.p.'",
        ));
    }
    if let Some(message) = draw {
        notes
            .repairs
            .push(Repair::new(Code::FrDrawOfferForm, message));
    }
    notes.draw_offer = marks.contains(Mark::Draw);
    Ok(mv)
}

/// Refuses a token that opens with a capital letter no French piece has, naming the French
/// letters: `Nf3` is English, and `Kf3` would be read as nothing.
fn check_letter(body: &str, token: &str) -> Result<(), MoveError> {
    let Some(first) = body.chars().next() else {
        return Ok(());
    };
    if first.is_ascii_lowercase()
        && !('a'..='h').contains(&first)
        && crate::LETTERS
            .role_prefix(&first.to_ascii_uppercase().to_string())
            .is_some()
    {
        return Err(MoveError::syntax(format!(
            "{token:?} does not start with a piece letter or a file; piece letters are upper \
             case ({})",
            first.to_ascii_uppercase()
        ))
        .at(board_core::Span::new(0, first.len_utf8())));
    }
    if !first.is_ascii_uppercase() || matches!(body, "O-O" | "O-O-O") {
        return Ok(());
    }
    if crate::LETTERS.role_prefix(body).is_some() {
        return Ok(());
    }
    let hint = match first {
        'N' => " (N is the English knight: C in French)",
        'B' => " (B is the English bishop: F in French)",
        'Q' => " (Q is the English queen: D in French)",
        'K' => " (K is the English king: R in French)",
        _ => "",
    };
    Err(MoveError::syntax(format!(
        "{token:?} does not start with a French piece letter ({LETTER_HELP}){hint}"
    ))
    .at(board_core::Span::new(0, first.len_utf8())))
}

fn promotion_form(body: &str, plus: &SanPlus) -> Option<PromotionForm> {
    let San::Normal {
        promotion: Some(_), ..
    } = plus.san
    else {
        return None;
    };
    let digit = body.rfind(|c: char| c.is_ascii_digit())?;
    let tail = &body[digit + 1..];
    Some(if tail.starts_with('=') {
        PromotionForm::Equals
    } else if tail.starts_with(['(', '/']) || plus.lenience.contains(Lenience::LOWERCASE_PROMOTION)
    {
        PromotionForm::Other
    } else {
        PromotionForm::Bare
    })
}

/// The forms the French documents write are correct, whichever of them the style writes:
/// castling both ways (`0-0` in the second document, `O-O` "comme en algébrique" in the third),
/// promotions both ways (`e8=D`, and the piece's initial added after the move, `e8D`). They
/// read without a report; other forms (`e8(D)`) are still reported.
fn accept_documented_forms(plus: &mut SanPlus, form: Option<PromotionForm>) {
    if let San::Castle(_) = plus.san {
        plus.lenience = plus.lenience.without(Lenience::CASTLING_ZEROS);
    }
    if matches!(form, Some(PromotionForm::Bare | PromotionForm::Equals)) {
        plus.lenience = plus.lenience.without(Lenience::PROMOTION_FORM);
    }
}

/// `true` for what may be written apart after a French move and belongs to it: `e.p.` (the
/// documents write `dxe6 e.p.`), a check sign, a draw offer `=`, or these together.
pub(crate) fn glues(next: &str) -> bool {
    if next.is_empty() {
        return false;
    }
    let rest = ["e.p.", "e.p", "ep"]
        .into_iter()
        .find_map(|m| next.strip_prefix(m))
        .unwrap_or(next);
    matches!(
        rest,
        "" | "+" | "#" | "=" | "+=" | "#=" | "(=)" | "+(=)" | "#(=)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_glues_to_the_move_before() {
        for next in [
            "e.p.", "ep", "e.p", "e.p.+", "e.p.#=", "=", "(=)", "+", "#", "+=",
        ] {
            assert!(glues(next), "{next}");
        }
        for next in ["", "e5", "Cf3", "1-0", "x", "=D"] {
            assert!(!glues(next), "{next}");
        }
    }

    /// Books print a pair of moves with a comma between (`17. Fh6+, Tg7`): read as punctuation
    /// after the move and its marks, reported, and the glyph before it kept as its NAG.
    #[test]
    fn a_comma_after_the_move_and_its_marks() {
        let pos = Position::new();
        for (token, nags) in [("Cf3,", vec![]), ("Cf3!,", vec![1u16])] {
            let mut notes = Notes::default();
            let mv = parse(&French::STANDARD, &pos, token, &mut notes).unwrap();
            assert_eq!(
                board_core::Notation::to_text(&French::STANDARD, &pos, &mv),
                "Cf3"
            );
            assert_eq!(notes.nags, nags, "{token}");
            assert!(
                notes
                    .repairs
                    .iter()
                    .any(|r| r.code == board_core::Code::MoveComma),
                "{token}: {:?}",
                notes.repairs
            );
        }
        assert!(parse(&French::STANDARD, &pos, ",", &mut Notes::default()).is_err());
    }

    /// The error names the bytes at fault, inside the token: where the caret goes.
    #[test]
    fn errors_name_the_bytes_at_fault() {
        let pos = Position::new();
        for (token, fault) in [
            ("Cf9", "9"),
            ("Nf3", "N"),
            ("rf3", "r"),
            ("Cf3!!?", "!!?"),
            ("Cf3+=+", "+"),
        ] {
            let err = parse(&French::STANDARD, &pos, token, &mut Notes::default()).unwrap_err();
            let span = err.span.unwrap_or_else(|| panic!("{token}: no span"));
            assert_eq!(&token[span.range()], fault, "{token}: {err}");
        }
    }

    #[test]
    fn repeated_and_unknown_marks_are_refused() {
        let pos = Position::new();
        for (token, message) in [
            ("Cf3==", "two draw offers in \"Cf3==\""),
            ("Cf3++#", "two check signs in \"Cf3++#\""),
            ("e4e.p.ep", "two 'e.p.' marks in \"e4e.p.ep\""),
            ("Cf3!=?", "two annotation glyphs in \"Cf3!=?\""),
            ("Cf3!!?", "\"!!?\" in \"Cf3!!?\" is no annotation glyph"),
            ("=", "no move in \"=\""),
        ] {
            let err = parse(&French::STANDARD, &pos, token, &mut Notes::default()).unwrap_err();
            assert_eq!(err.to_string(), message, "{token}");
        }
    }
}
