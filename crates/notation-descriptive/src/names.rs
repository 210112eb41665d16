//! The names descriptive notation gives to files, pieces and ranks, from a language's table
//! ([`Language`]: English, French, or one of a user's own).

use chess_rules::{Color, Role, Square};

use crate::Wing;

/// The language of a descriptive text, as a table: its letters, how it orders a name's words,
/// and whether it may write the rank first. Adding a language (Spanish, German) is one table;
/// nothing in the reader or the writer names a language.
///
/// It is never guessed from one token: French `R` is the king (and the king's file), English
/// `R` the rook.
///
/// # Examples
///
/// Spanish descriptive (`P4R`, `C3AR`: *peón cuatro rey*, *caballo tres alfil rey*) is the
/// French table with its own letters:
///
/// ```
/// use board_core::{Notation, Notes};
/// use notation_descriptive::{Descriptive, DescriptivePosition, Language, Style};
///
/// static SPANISH: Language = Language {
///     adjective: "Spanish",
///     notation: "descriptive-es",
///     letters: *b"PCATDR",
///     ..Language::FRENCH
/// };
/// let spanish = Descriptive::new(Style { language: &SPANISH, knight: "C", ..Style::FRENCH_FIDE });
/// let pos = DescriptivePosition::new();
/// let mv = spanish.parse(&pos, "C3AR", &mut Notes::default()).unwrap();
/// assert_eq!(mv.to_string(), "g1f3");
/// assert_eq!(spanish.to_text(&pos, &mv), "C3AR");
/// assert_eq!(Descriptive::MODERN.to_text(&pos, &mv), "N-KB3");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Language {
    /// Its name as an adjective, in messages: `English`, `French`.
    pub adjective: &'static str,
    /// The name of its notation on a command line: `descriptive`, `descriptive-fr`.
    pub notation: &'static str,
    /// The letters of pawn, knight, bishop, rook, queen and king, in that order (the order of
    /// `Role::ALL`; upper-case ASCII). The king's and queen's letters also name the wings.
    pub letters: [u8; 6],
    /// Other spellings of a piece read as its letter (the English `Kt` for `N`, and `KT` as
    /// books set in capitals print it): two bytes, an upper-case letter then another letter.
    pub digraphs: &'static [([u8; 2], Role)],
    /// The noun before what qualifies it: French `FR` (*fou du roi*) and `PFR`, where English
    /// writes `KB` and `KBP`.
    pub noun_first: bool,
    /// The rank may come before the file, with no dash: French `P4R`, `C3FR`.
    pub rank_first: bool,
}

impl Language {
    /// `P-K4`, `N-KB3`, `QR-Q1`, `PxP`: K Q R B N (or Kt) P.
    pub const ENGLISH: Language = Language {
        adjective: "English",
        notation: "descriptive",
        letters: *b"PNBRQK",
        digraphs: &[(*b"Kt", Role::Knight), (*b"KT", Role::Knight)],
        noun_first: false,
        rank_first: false,
    };

    /// `P-R4`, `C-FR3`, `TD-D1`, `T×F`, `P4R`: R (roi) D (dame) T (tour) F (fou) C (cavalier)
    /// P (pion).
    pub const FRENCH: Language = Language {
        adjective: "French",
        notation: "descriptive-fr",
        letters: *b"PCFTDR",
        digraphs: &[],
        noun_first: true,
        rank_first: true,
    };

    /// The role a piece letter names, if it is one of this language's letters.
    pub(crate) const fn role(&self, letter: u8) -> Option<Role> {
        // `letters` is in the order of `Role::ALL`.
        let mut k = 0;
        while k < Role::ALL.len() {
            if self.letters[k] == letter {
                return Some(Role::ALL[k]);
            }
            k += 1;
        }
        None
    }

    /// The wing a letter names as a prefix (English `K`, `Q`) or suffix (French `R`, `D`).
    pub(crate) const fn wing(&self, letter: u8) -> Option<Wing> {
        match self.role(letter) {
            Some(Role::King) => Some(Wing::King),
            Some(Role::Queen) => Some(Wing::Queen),
            _ => None,
        }
    }

    /// The letter written for a role.
    pub(crate) const fn letter(&self, role: Role) -> u8 {
        // `Role` is `repr(u8)`, pawn 0 to king 5: the order of `letters`.
        self.letters[role as usize]
    }

    /// The letter of a wing.
    pub(crate) const fn wing_letter(&self, wing: Wing) -> u8 {
        match wing {
            Wing::King => self.letter(Role::King),
            Wing::Queen => self.letter(Role::Queen),
        }
    }

    /// The role spelled by the two bytes `pair`, if they are one of the language's digraphs.
    pub(crate) fn digraph(&self, pair: [u8; 2]) -> Option<Role> {
        self.digraphs
            .iter()
            .find(|(spelled, _)| *spelled == pair)
            .map(|(_, role)| *role)
    }

    /// `(a, b)` of a two-letter name as (qualifier, noun): `KB` in English, `FR` in French.
    pub(crate) const fn qualifier_noun(&self, a: u8, b: u8) -> (u8, u8) {
        if self.noun_first { (b, a) } else { (a, b) }
    }
}

/// A set of files as a bit mask, bit 0 for the a-file.
pub(crate) type Files = u8;
/// A set of ranks as a bit mask, bit 0 for the mover's first rank.
pub(crate) type Ranks = u8;

/// Every file, or every rank.
pub(crate) const ALL: u8 = 0xff;

/// The piece whose starting file a file is named after.
pub(crate) const fn file_role(file: usize) -> Role {
    match file {
        0 | 7 => Role::Rook,
        1 | 6 => Role::Knight,
        2 | 5 => Role::Bishop,
        3 => Role::Queen,
        _ => Role::King,
    }
}

/// The files a short name covers: `B` is both bishops' files; `Q` and `K` are one file each.
pub(crate) const fn short_files(file: usize) -> Files {
    match file {
        3 | 4 => 1 << file,
        _ => (1 << file) | (1 << (7 - file)),
    }
}

/// The files named by a role's letter alone (`R`: a and h) and, with a wing, one of them.
pub(crate) const fn files_of(role: Role, wing: Option<Wing>) -> Files {
    let pair: Files = match role {
        Role::Rook => 0b1000_0001,
        Role::Knight => 0b0100_0010,
        Role::Bishop => 0b0010_0100,
        Role::Queen => 0b0000_1000,
        Role::King => 0b0001_0000,
        Role::Pawn => 0,
    };
    match wing {
        None => pair,
        Some(Wing::King) => pair & 0xf0,
        Some(Wing::Queen) => pair & 0x0f,
    }
}

/// The rank of `sq` counted from `color`'s side, 0 for its first rank.
pub(crate) const fn relative_rank(sq: Square, color: Color) -> usize {
    match color {
        Color::White => sq.rank().to_usize(),
        Color::Black => 7 - sq.rank().to_usize(),
    }
}

/// What the names of one square may say, as sets: `B4` is c4 or f4, `(6)` any file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SquareSet {
    pub(crate) files: Files,
    pub(crate) ranks: Ranks,
}

impl SquareSet {
    /// Any square.
    pub(crate) const ANY: SquareSet = SquareSet {
        files: ALL,
        ranks: ALL,
    };

    /// `true` unless the set says nothing.
    pub(crate) const fn is_any(self) -> bool {
        self.files == ALL && self.ranks == ALL
    }

    /// `true` if `sq`, seen from `color`'s side, is in the set.
    pub(crate) const fn contains(self, sq: Square, color: Color) -> bool {
        self.files & (1 << sq.file().to_usize()) != 0
            && self.ranks & (1 << relative_rank(sq, color)) != 0
    }

    /// `true` if both a file and a rank are named.
    pub(crate) const fn is_full(self) -> bool {
        self.files != ALL && self.ranks != ALL
    }
}
