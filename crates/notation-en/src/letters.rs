//! Piece letter sets: what makes a language's algebraic notation different from another's.

use chess_rules::Role;

/// The letters (or figurines) a language uses for each piece.
///
/// Each role has one or more spellings; the first is written, all are read. The pawn's
/// spellings are read leniently (`Pe4`) and never written. Spellings may be several characters
/// (Russian `Кр` for the king).
///
/// # Examples
///
/// ```
/// use chess_rules::Role;
/// use notation_en::PieceLetters;
///
/// assert_eq!(PieceLetters::ENGLISH.letter(Role::Knight), "N");
/// assert_eq!(PieceLetters::FIGURINE.role_prefix("♞f6"), Some((Role::Knight, 3)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceLetters {
    /// The language's name on the command line: `en`, `fr`, `figurine`...
    pub name: &'static str,
    /// Spellings per role, indexed by `Role as usize` (pawn, knight, bishop, rook, queen, king).
    pub spellings: [&'static [&'static str]; 6],
}

impl PieceLetters {
    /// English: N B R Q K, and P for pawns when a file writes one.
    pub const ENGLISH: PieceLetters = PieceLetters {
        name: "en",
        spellings: [&["P"], &["N"], &["B"], &["R"], &["Q"], &["K"]],
    };

    /// Figurines, as printed in books and magazines; both colours' glyphs are read, the white
    /// ones are written for both sides.
    pub const FIGURINE: PieceLetters = PieceLetters {
        name: "figurine",
        spellings: [
            &["♙", "♟"],
            &["♘", "♞"],
            &["♗", "♝"],
            &["♖", "♜"],
            &["♕", "♛"],
            &["♔", "♚"],
        ],
    };

    /// The spelling written for `role`; empty for a role with no spelling (the pawn, in
    /// languages that have no pawn letter).
    #[must_use]
    pub fn letter(&self, role: Role) -> &'static str {
        self.spellings[role as usize].first().copied().unwrap_or("")
    }

    /// The role whose spelling starts `text`, and the spelling's length in bytes. The longest
    /// spelling wins, so `Кр` (king) is not read as `К` (knight) followed by `р`.
    #[must_use]
    pub fn role_prefix(&self, text: &str) -> Option<(Role, usize)> {
        let first = *text.as_bytes().first()?;
        let mut best: Option<(Role, usize)> = None;
        for role in Role::ALL {
            for spelling in self.spellings[role as usize] {
                // The first byte rules out almost every spelling before the slice compare.
                if spelling.as_bytes().first() == Some(&first)
                    && text.starts_with(spelling)
                    && best.is_none_or(|(_, len)| spelling.len() > len)
                {
                    best = Some((role, spelling.len()));
                }
            }
        }
        best
    }
}
