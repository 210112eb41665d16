//! The piece letters of other languages: each country writes algebraic notation with the
//! initials of its own piece names, on the same squares and signs.
//!
//! The letters follow the table of alternative piece letters in the PGN standard (section 17,
//! "pawn knight bishop rook queen king"), which matches the usage of each country's federation
//! and books; Russian, which that table lacks, uses the Cyrillic initials of its books
//! (`Кр` for the king, `К` for the knight). French, whose scoresheet conventions go beyond its
//! letters, has its notation in the `notation-fr` crate; its letters are here so that every
//! table can be looked up by name.
//!
//! A pawn letter is read leniently (`Pe4`, reported as a repair) and never written; each table
//! has its own, possibly none: Dutch writes `P` for the knight (*paard*), so a Dutch reader must
//! not take `P` for a pawn.
//!
//! # Examples
//!
//! ```
//! use board_core::Notation;
//! use chess_rules::Position;
//! use notation_en::{Algebraic, PieceLetters};
//!
//! let german = Algebraic::with_letters(PieceLetters::by_name("de").unwrap());
//! let pos = Position::new();
//! let mv = german.parse(&pos, "Sf3", &mut Default::default()).unwrap();
//! assert_eq!(Algebraic::ENGLISH.to_text(&pos, &mv), "Nf3");
//!
//! let russian = Algebraic::with_letters(PieceLetters::RUSSIAN);
//! assert_eq!(russian.to_text(&pos, &mv), "Кf3");
//! ```

use crate::PieceLetters;

/// The letter tables of the languages other than English shipped with the engine, in the
/// order `scoresheet --list` shows them: fr, de, es, it, nl, pt, pl, sv, cs, hu, ro, ru.
///
/// Some tables are identical (German and Swedish; Spanish and Italian): a text in one reads
/// the same in the other, and language detection cannot tell them apart.
pub const LANGUAGES: [PieceLetters; 12] = [
    PieceLetters::FRENCH,
    PieceLetters::GERMAN,
    PieceLetters::SPANISH,
    PieceLetters::ITALIAN,
    PieceLetters::DUTCH,
    PieceLetters::PORTUGUESE,
    PieceLetters::POLISH,
    PieceLetters::SWEDISH,
    PieceLetters::CZECH,
    PieceLetters::HUNGARIAN,
    PieceLetters::ROMANIAN,
    PieceLetters::RUSSIAN,
];

/// The example of the project's `docs/notation/languages.md`, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/notation/languages.md")]
struct LanguagesDoc;

impl PieceLetters {
    /// French: R D T F C (*roi, dame, tour, fou, cavalier*); pawns have no letter, `P`
    /// (*pion*) is read leniently as the PGN standard lists it.
    pub const FRENCH: PieceLetters =
        PieceLetters::new("fr", [&["P"], &["C"], &["F"], &["T"], &["D"], &["R"]]);

    /// German: K D T L S (*König, Dame, Turm, Läufer, Springer*), `B` (*Bauer*) read for a
    /// pawn.
    pub const GERMAN: PieceLetters =
        PieceLetters::new("de", [&["B"], &["S"], &["L"], &["T"], &["D"], &["K"]]);

    /// Spanish: R D T A C (*rey, dama, torre, alfil, caballo*), `P` (*peón*) read for a pawn.
    pub const SPANISH: PieceLetters =
        PieceLetters::new("es", [&["P"], &["C"], &["A"], &["T"], &["D"], &["R"]]);

    /// Italian: R D T A C (*re, donna, torre, alfiere, cavallo*), `P` (*pedone*) read for a
    /// pawn. The same letters as Spanish.
    pub const ITALIAN: PieceLetters =
        PieceLetters::new("it", [&["P"], &["C"], &["A"], &["T"], &["D"], &["R"]]);

    /// Dutch: K D T L P (*koning, dame, toren, loper, paard*); `P` is the knight, so the pawn
    /// (*pion*) reads only as the PGN standard's `O`, and never as `P`.
    pub const DUTCH: PieceLetters =
        PieceLetters::new("nl", [&["O"], &["P"], &["L"], &["T"], &["D"], &["K"]]);

    /// Portuguese: R D T B C (*rei, dama, torre, bispo, cavalo*), `P` (*peão*) read for a
    /// pawn.
    pub const PORTUGUESE: PieceLetters =
        PieceLetters::new("pt", [&["P"], &["C"], &["B"], &["T"], &["D"], &["R"]]);

    /// Polish: K H W G S (*król, hetman, wieża, goniec, skoczek*), `P` (*pion*) read for a
    /// pawn.
    pub const POLISH: PieceLetters =
        PieceLetters::new("pl", [&["P"], &["S"], &["G"], &["W"], &["H"], &["K"]]);

    /// Swedish: K D T L S (*kung, dam, torn, löpare, springare*), `B` (*bonde*) read for a
    /// pawn. The same letters as German.
    pub const SWEDISH: PieceLetters =
        PieceLetters::new("sv", [&["B"], &["S"], &["L"], &["T"], &["D"], &["K"]]);

    /// Czech: K D V S J (*král, dáma, věž, střelec, jezdec*), `P` (*pěšec*) read for a pawn.
    pub const CZECH: PieceLetters =
        PieceLetters::new("cs", [&["P"], &["J"], &["S"], &["V"], &["D"], &["K"]]);

    /// Hungarian: K V B F H (*király, vezér, bástya, futó, huszár*), `G` (*gyalog*) read for a
    /// pawn.
    pub const HUNGARIAN: PieceLetters =
        PieceLetters::new("hu", [&["G"], &["H"], &["F"], &["B"], &["V"], &["K"]]);

    /// Romanian: R D T N C (*rege, damă, turn, nebun, cal*), `P` (*pion*) read for a pawn.
    pub const ROMANIAN: PieceLetters =
        PieceLetters::new("ro", [&["P"], &["C"], &["N"], &["T"], &["D"], &["R"]]);

    /// Russian, in Cyrillic: Кр Ф Л С К (*король, ферзь, ладья, слон, конь*); the king takes
    /// two letters because `К` is the knight. Pawns (*пешка*) have no letter in Russian books,
    /// so none is read.
    pub const RUSSIAN: PieceLetters =
        PieceLetters::new("ru", [&[], &["К"], &["С"], &["Л"], &["Ф"], &["Кр"]]);

    /// The table of a language by its name on the command line: `en`, `figurine`, or one of
    /// [`LANGUAGES`] (`fr`, `de`, `es`, `it`, `nl`, `pt`, `pl`, `sv`, `cs`, `hu`, `ro`, `ru`).
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_rules::Role;
    /// use notation_en::PieceLetters;
    ///
    /// assert_eq!(PieceLetters::by_name("hu").unwrap().letter(Role::Rook), "B");
    /// assert_eq!(PieceLetters::by_name("en"), Some(PieceLetters::ENGLISH));
    /// assert_eq!(PieceLetters::by_name("xx"), None);
    /// ```
    #[must_use]
    pub fn by_name(name: &str) -> Option<PieceLetters> {
        [PieceLetters::ENGLISH, PieceLetters::FIGURINE]
            .into_iter()
            .chain(LANGUAGES)
            .find(|letters| letters.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use chess_rules::Role;

    use super::*;

    #[test]
    fn names_are_unique_and_found() {
        let mut names: Vec<&str> = LANGUAGES.iter().map(|l| l.name()).collect();
        names.extend(["en", "figurine"]);
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count);
        for letters in LANGUAGES {
            assert_eq!(PieceLetters::by_name(letters.name()), Some(letters));
        }
    }

    /// Within a table, no spelling of one role is a spelling of another, and no spelling is a
    /// file letter or starts with a digit: a token would read two ways.
    #[test]
    fn spellings_do_not_collide_within_a_table() {
        for letters in LANGUAGES {
            let all: Vec<(Role, &str)> = Role::ALL
                .into_iter()
                .flat_map(|role| {
                    letters.spellings()[role as usize]
                        .iter()
                        .map(move |s| (role, *s))
                })
                .collect();
            for (i, (role, spelling)) in all.iter().enumerate() {
                assert!(
                    !spelling.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit()),
                    "{}: {spelling}",
                    letters.name()
                );
                for (other_role, other) in &all[i + 1..] {
                    assert!(
                        spelling != other,
                        "{}: {spelling} is both {role} and {other_role}",
                        letters.name()
                    );
                }
            }
            // Every piece but the pawn has a letter to write.
            for role in &Role::ALL[1..] {
                assert!(
                    !letters.letter(*role).is_empty(),
                    "{} {role}",
                    letters.name()
                );
            }
        }
    }

    #[test]
    fn dutch_p_is_the_knight() {
        assert_eq!(
            PieceLetters::DUTCH.role_prefix("Pc3"),
            Some((Role::Knight, 1))
        );
        assert_eq!(
            PieceLetters::RUSSIAN.role_prefix("Крe2"),
            Some((Role::King, "Кр".len()))
        );
        assert_eq!(PieceLetters::RUSSIAN.letter(Role::Pawn), "");
    }
}
