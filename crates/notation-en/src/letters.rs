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
    name: &'static str,
    spellings: [&'static [&'static str]; 6],
    /// The role each capital ASCII letter spells on its own (`role + 1`, 0 for none), made
    /// once at construction: the SAN reader asks for every piece of every move.
    capitals: [u8; 26],
    /// Every capital ASCII letter the SAN reader takes for a piece is that piece's written
    /// spelling, so that a token read with one is spelled as the writer spells it.
    capitals_written: bool,
}

impl PieceLetters {
    /// English: N B R Q K, and P for pawns when a file writes one.
    pub const ENGLISH: PieceLetters =
        PieceLetters::new("en", [&["P"], &["N"], &["B"], &["R"], &["Q"], &["K"]]);

    /// Figurines, as printed in books and magazines; both colours' glyphs are read, the white
    /// ones are written for both sides.
    pub const FIGURINE: PieceLetters = PieceLetters::new(
        "figurine",
        [
            &["♙", "♟"],
            &["♘", "♞"],
            &["♗", "♝"],
            &["♖", "♜"],
            &["♕", "♛"],
            &["♔", "♚"],
        ],
    );

    /// A table named `name` (its name on the command line) with the spellings of each role,
    /// indexed by `Role as usize` (pawn, knight, bishop, rook, queen, king); the first
    /// spelling of a role is written, all are read.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_rules::Role;
    /// use notation_en::PieceLetters;
    ///
    /// let esperanto = PieceLetters::new("eo", [&["P"], &["Ĉ"], &["K"], &["T"], &["D"], &["R"]]);
    /// assert_eq!(esperanto.role_prefix("Ĉf3"), Some((Role::Knight, 2)));
    /// assert_eq!(esperanto.capital(b'K'), Some(Role::Bishop));
    /// ```
    #[must_use]
    pub const fn new(name: &'static str, spellings: [&'static [&'static str]; 6]) -> PieceLetters {
        let mut capitals = [0; 26];
        let mut capitals_written = true;
        let mut role = 0;
        while role < 6 {
            let mut i = 0;
            while i < spellings[role].len() {
                let bytes = spellings[role][i].as_bytes();
                if bytes.len() == 1 && bytes[0].is_ascii_uppercase() {
                    // `role` < 6 and the table has 26 entries: neither cast loses anything.
                    #[expect(clippy::cast_possible_truncation, reason = "role < 6")]
                    let entry = role as u8 + 1;
                    capitals[(bytes[0] - b'A') as usize] = entry;
                    // The pawn's letter is read only leniently: it spells nothing written.
                    capitals_written &= i == 0 || role == 0;
                }
                i += 1;
            }
            role += 1;
        }
        PieceLetters {
            name,
            spellings,
            capitals,
            capitals_written,
        }
    }

    /// The language's name on the command line: `en`, `fr`, `figurine`...
    #[must_use]
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// Spellings per role, indexed by `Role as usize` (pawn, knight, bishop, rook, queen,
    /// king).
    #[must_use]
    pub const fn spellings(&self) -> &[&'static [&'static str]; 6] {
        &self.spellings
    }

    /// The role a capital ASCII letter spells on its own in this table, if any.
    #[must_use]
    #[inline(always)]
    pub fn capital(&self, letter: u8) -> Option<Role> {
        let entry = *self.capitals.get(usize::from(letter.wrapping_sub(b'A')))?;
        entry
            .checked_sub(1)
            .map(|role| Role::ALL[usize::from(role)])
    }

    /// The role each capital ASCII letter spells on its own, `role + 1` (0 for none), `A` to
    /// `Z`: what the SAN reader's common shapes read.
    #[must_use]
    pub const fn capitals(&self) -> [u8; 26] {
        self.capitals
    }

    /// Whether every capital ASCII letter read for a piece other than the pawn is the spelling
    /// written for it: no role has a second one-letter spelling.
    ///
    /// # Examples
    ///
    /// ```
    /// use notation_en::PieceLetters;
    ///
    /// assert!(PieceLetters::ENGLISH.capitals_written());
    /// let two_knights = PieceLetters::new("xx", [&["P"], &["N", "S"], &["B"], &["R"], &["Q"], &["K"]]);
    /// assert!(!two_knights.capitals_written());
    /// ```
    #[must_use]
    pub const fn capitals_written(&self) -> bool {
        self.capitals_written
    }

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
