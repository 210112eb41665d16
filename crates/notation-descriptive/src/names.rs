//! The names descriptive notation gives to files, pieces and ranks, in English and French.

use chess_rules::{Color, Role, Square};

use crate::Wing;

/// The language of a descriptive text. It is never guessed from one token: French `R` is the
/// king (and the king's file), English `R` the rook.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// `P-K4`, `N-KB3`, `QR-Q1`, `PxP`: K Q R B N (or Kt) P.
    English,
    /// `P-R4`, `C-FR3`, `TD-D1`, `T×F`: R (roi) D (dame) T (tour) F (fou) C (cavalier) P (pion).
    French,
}

impl Language {
    /// The role a piece letter names, if it is one of this language's letters.
    pub(crate) const fn role(self, letter: u8) -> Option<Role> {
        match (self, letter) {
            (_, b'P') => Some(Role::Pawn),
            (Language::English, b'K') | (Language::French, b'R') => Some(Role::King),
            (Language::English, b'Q') | (Language::French, b'D') => Some(Role::Queen),
            (Language::English, b'R') | (Language::French, b'T') => Some(Role::Rook),
            (Language::English, b'B') | (Language::French, b'F') => Some(Role::Bishop),
            (Language::English, b'N') | (Language::French, b'C') => Some(Role::Knight),
            _ => None,
        }
    }

    /// The wing a letter names as a prefix (English `K`, `Q`) or suffix (French `R`, `D`).
    pub(crate) const fn wing(self, letter: u8) -> Option<Wing> {
        match self.role(letter) {
            Some(Role::King) => Some(Wing::King),
            Some(Role::Queen) => Some(Wing::Queen),
            _ => None,
        }
    }

    /// The letter written for a role (English knights as `N`).
    pub(crate) const fn letter(self, role: Role) -> u8 {
        match (self, role) {
            (_, Role::Pawn) => b'P',
            (Language::English, Role::Knight) => b'N',
            (Language::English, Role::Bishop) => b'B',
            (Language::English, Role::Rook) => b'R',
            (Language::English, Role::Queen) => b'Q',
            (Language::English, Role::King) => b'K',
            (Language::French, Role::Knight) => b'C',
            (Language::French, Role::Bishop) => b'F',
            (Language::French, Role::Rook) => b'T',
            (Language::French, Role::Queen) => b'D',
            (Language::French, Role::King) => b'R',
        }
    }

    /// The letter of a wing.
    pub(crate) const fn wing_letter(self, wing: Wing) -> u8 {
        match wing {
            Wing::King => self.letter(Role::King),
            Wing::Queen => self.letter(Role::Queen),
        }
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
