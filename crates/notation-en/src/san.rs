//! Standard algebraic notation, syntax apart from meaning: [`SanPlus`] is what a token says
//! ([`syntax`]: reading it, leniently), [`SanPlus::resolve`] finds the move it names in a
//! position ([`resolve`]), and [`write_san`] writes a move's canonical form ([`write`]).
//! Parameterised by [`PieceLetters`](crate::PieceLetters), so every language that writes
//! algebraic notation is a table on this engine.
//!
//! Canonical has one definition: a token read and resolved with an empty [`Lenience`]. The
//! reader of every move of every game takes that path, "parse, resolve, no lenience", and
//! reports nothing; any other token reports each of its forms with its stable code.
//!
//! # Examples
//!
//! ```
//! use chess_rules::Position;
//! use notation_en::{Lenience, SanPlus};
//!
//! let pos = Position::new();
//! let plus: SanPlus = "Ng1f3".parse().unwrap();
//! let (mv, lenience) = plus.resolve(&pos).unwrap();
//! assert_eq!(mv.to_string(), "g1f3");
//! assert_eq!(lenience, Lenience::LONG_FORM);
//! assert_eq!(plus.to_string(), "Ng1f3");
//!
//! let (_, lenience) = "Nf3".parse::<SanPlus>().unwrap().resolve(&pos).unwrap();
//! assert!(lenience.is_empty());
//! ```

mod resolve;
mod syntax;
mod write;

pub use resolve::ResolveError;
pub use syntax::{Lenience, Mark, ParseSanError, San, SanPlus, Suffix, strip_mark};
pub use write::{Style, write_san};

pub(crate) use resolve::{read, read_bytes};
pub(crate) use write::push_square;

#[cfg(test)]
mod tests {
    use board_core::Notes;
    use chess_rules::{Move, Position, Role};

    use super::*;
    use crate::PieceLetters;

    fn english(pos: &Position, mv: Move) -> String {
        let mut out = String::new();
        write_san(pos, mv, &Style::ENGLISH, &mut out);
        out
    }

    /// Tokens a file may hold for `mv` besides its SAN: without its check sign, without its
    /// capture sign, with a sign added, with the origin's file or rank added.
    fn variants(pos: &Position, mv: Move) -> Vec<String> {
        let san = english(pos, mv);
        let mut out = vec![
            san.trim_end_matches(['+', '#']).to_owned(),
            san.replace('x', ""),
            format!("{san}+"),
        ];
        if mv.role() != Role::Pawn && mv.castling_side().is_none() {
            let (letter, rest) = san.split_at(1);
            out.push(format!("{letter}{}{rest}", mv.from().file().char()));
            out.push(format!("{letter}{}{rest}", mv.from().rank().char()));
        }
        out.retain(|token| *token != san);
        out
    }

    /// One definition of canonical: what the writer writes reads and resolves to the same
    /// move with an empty lenience and the sign it deserves; a variant of it that resolves to
    /// the same move is either reported or is the canonical token itself.
    #[test]
    fn canonical_is_an_empty_lenience() {
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut variants_seen = 0;
        for _ in 0..40 {
            let mut pos = Position::new();
            for _ in 0..150 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &mv in &moves {
                    let san = english(&pos, mv);
                    let plus: SanPlus = san.parse().unwrap();
                    assert_eq!(plus.to_string(), san, "{pos}");
                    let (read, lenience) = plus.resolve(&pos).unwrap();
                    assert_eq!(read, mv, "{san} in {pos}");
                    assert!(lenience.is_empty(), "{san} in {pos}: {lenience:?}");
                    let mut after = pos;
                    after.play_unchecked(mv);
                    assert_eq!(plus.suffix, Suffix::after(&after), "{san}");
                    for token in variants(&pos, mv) {
                        let Ok(plus) = token.parse::<SanPlus>() else {
                            continue;
                        };
                        let Ok((read, lenience)) = plus.resolve(&pos) else {
                            continue;
                        };
                        variants_seen += 1;
                        let sign_differs = plus.suffix != Suffix::after(&after);
                        assert!(
                            read != mv || !lenience.is_empty() || sign_differs,
                            "{token} for {san} in {pos} reads as canonical"
                        );
                    }
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let pick = moves[(seed % moves.len() as u64) as usize];
                pos.play_unchecked(pick);
            }
        }
        assert!(variants_seen > 50_000, "{variants_seen} variants");
    }

    /// Each form read leniently is reported once, with its code.
    #[test]
    fn forms_are_reported_with_their_codes() {
        let pos = Position::new();
        let mut notes = Notes::default();
        let plus = SanPlus::from_ascii(b"Ng1-f3").unwrap();
        plus.read_in(
            &pos,
            "Ng1-f3",
            &PieceLetters::ENGLISH,
            Lenience::default(),
            &mut notes,
        )
        .unwrap();
        let codes: Vec<&str> = notes.repairs.iter().map(|r| r.code.as_str()).collect();
        assert_eq!(codes, ["san.long-form"]);
        notes.clear();
        let plus = SanPlus::from_ascii(b"Nd4").unwrap();
        let err = plus
            .read_in(
                &pos,
                "Nd4",
                &PieceLetters::ENGLISH,
                Lenience::default(),
                &mut notes,
            )
            .unwrap_err();
        assert_eq!(err.code().as_str(), "move.illegal");
    }
}
