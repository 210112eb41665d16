//! Every notation of the scoresheet tools by name, one descriptor per game: its notations, its
//! record dialect, the file extensions that name it, and how a game's notation is detected.
//! Adding a notation is one implementation and one line here (or one [`Registry::with_chess`]
//! call); the command line writes `--list`, its help and its completions from these tables,
//! and other front ends (bindings) can look notations up the same way.
//!
//! Chess notations replay on one of two position kinds: algebraic ones on a plain position,
//! descriptive ones on a position that remembers where each piece started. A conversion that
//! involves a descriptive notation carries the algebraic side onto that position with
//! [`OnDescriptive`], so both are ordinary entries of the same registry.
//!
//! # Examples
//!
//! ```
//! use notation_registry::{Chess, Game, Registry};
//!
//! let registry = Registry::standard();
//! assert!(matches!(registry.chess("fr"), Ok(Chess::Algebraic(_))));
//! assert!(matches!(registry.chess("descriptive"), Ok(Chess::Descriptive(_))));
//! let err = registry.chess("french").err().unwrap();
//! assert!(err.to_string().contains("did you mean `fr`?"));
//! assert_eq!(registry.names(Game::Draughts), [("manoury", "international draughts, Manoury numbers: 32-28, 19x30, 47x38x24x13x36")]);
//! ```

mod dispatch;

use std::path::Path;

use std::fmt;

use board_core::{Dialect, MoveError, Notation, Notes, RawGame};
use notation_descriptive::{Descriptive, DescriptivePosition, Tracked};
use notation_en::{Algebraic, Lan, PieceLetters, Uci};
use notation_fr::French;
use notation_manoury::Manoury;

pub use dispatch::{
    Board, DispatchError, Kind, NotationOf, Notations, Played, Request, Target, Task,
};

/// The games the registry knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Game {
    /// Chess, standard and Chess960.
    Chess,
    /// International draughts, 10x10.
    Draughts,
}

/// A name the registry does not know: a notation of a game, or a style of a descriptive
/// notation. The message lists the names it knows, and the one meant when it can tell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LookupError {
    message: String,
}

impl fmt::Display for LookupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LookupError {}

/// A chess notation usable by name.
pub type ChessNotation =
    dyn Notation<Position = chess_rules::Position, Move = chess_rules::Move> + Sync;

/// A draughts notation usable by name.
pub type DraughtsNotation =
    dyn Notation<Position = draughts_rules::Position, Move = draughts_rules::Move> + Sync;

/// One registry line: the name on the command line, what it is, and the notation.
pub struct Entry<N: ?Sized + 'static> {
    /// The name `--from` and `--to` take.
    pub name: &'static str,
    /// What it is, in one line: its language first (`French algebraic: ...`).
    pub about: &'static str,
    /// The notation.
    pub notation: &'static N,
}

impl<N: ?Sized> Clone for Entry<N> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<N: ?Sized> Copy for Entry<N> {}

/// A descriptive notation's line: its name, what it is, and its house styles by name, the
/// default first.
#[derive(Debug, Clone, Copy)]
pub struct DescriptiveEntry {
    /// The name `--from` and `--to` take.
    pub name: &'static str,
    /// What it is, in one line.
    pub about: &'static str,
    /// The styles `--style` names, the default first.
    pub styles: &'static [(&'static str, Descriptive)],
}

static ENGLISH: Algebraic = Algebraic::ENGLISH;
static FIGURINE: Algebraic = Algebraic::FIGURINE;
static LAN: Lan = Lan::ENGLISH;
static UCI: Uci = Uci::STANDARD;
static MANOURY: Manoury = Manoury;
static FRENCH: French = French::STANDARD;
static GERMAN: Algebraic = Algebraic::with_letters(PieceLetters::GERMAN);
static SPANISH: Algebraic = Algebraic::with_letters(PieceLetters::SPANISH);
static ITALIAN: Algebraic = Algebraic::with_letters(PieceLetters::ITALIAN);
static DUTCH: Algebraic = Algebraic::with_letters(PieceLetters::DUTCH);
static PORTUGUESE: Algebraic = Algebraic::with_letters(PieceLetters::PORTUGUESE);
static POLISH: Algebraic = Algebraic::with_letters(PieceLetters::POLISH);
static SWEDISH: Algebraic = Algebraic::with_letters(PieceLetters::SWEDISH);
static CZECH: Algebraic = Algebraic::with_letters(PieceLetters::CZECH);
static HUNGARIAN: Algebraic = Algebraic::with_letters(PieceLetters::HUNGARIAN);
static ROMANIAN: Algebraic = Algebraic::with_letters(PieceLetters::ROMANIAN);
static RUSSIAN: Algebraic = Algebraic::with_letters(PieceLetters::RUSSIAN);

/// The registry's own algebraic notation that `notation` is, by address: the statics behind
/// [`CHESS`]'s letter sets. `None` for any other notation, a registry's or not: those are
/// read through their trait, as every notation can be.
pub(crate) fn registry_algebraic<N: ?Sized>(notation: &N) -> Option<&'static Algebraic> {
    static ALGEBRAIC: [&Algebraic; 13] = [
        &ENGLISH,
        &FIGURINE,
        &GERMAN,
        &SPANISH,
        &ITALIAN,
        &DUTCH,
        &PORTUGUESE,
        &POLISH,
        &SWEDISH,
        &CZECH,
        &HUNGARIAN,
        &ROMANIAN,
        &RUSSIAN,
    ];
    ALGEBRAIC
        .iter()
        .copied()
        .find(|&algebraic| std::ptr::addr_eq(notation, algebraic))
}

/// The registry's French notation if `notation` is it, by address, as [`registry_algebraic`].
pub(crate) fn registry_french<N: ?Sized>(notation: &N) -> Option<&'static French> {
    std::ptr::addr_eq(notation, &FRENCH).then_some(&FRENCH)
}

/// [`CHESS`] by the names letter-set detection gives its letter sets, built once: what
/// [`notation_detect::chess`] takes to name the notation a game is written in.
pub fn chess_letter_sets() -> &'static [notation_detect::Entry<'static, ChessNotation>] {
    static SETS: std::sync::OnceLock<Vec<notation_detect::Entry<'static, ChessNotation>>> =
        std::sync::OnceLock::new();
    SETS.get_or_init(|| {
        CHESS
            .iter()
            .map(|e| notation_detect::Entry {
                name: e.name,
                notation: e.notation,
            })
            .collect()
    })
}

/// The algebraic chess notations, the default source first.
pub static CHESS: &[Entry<ChessNotation>] = &[
    Entry {
        name: "en",
        about: "English algebraic (SAN): Nf3, exd5, O-O, e8=Q",
        notation: &ENGLISH,
    },
    Entry {
        name: "lan",
        about: "long algebraic: Ng1-f3, e7xd8=Q+",
        notation: &LAN,
    },
    Entry {
        name: "uci",
        about: "UCI coordinates: g1f3, e7e8q",
        notation: &UCI,
    },
    Entry {
        name: "figurine",
        about: "figurine algebraic: ♘f3",
        notation: &FIGURINE,
    },
    Entry {
        name: "fr",
        about: "French algebraic: Cf3, Fxb5, O-O, e8=D, Cf3= (draw offer)",
        notation: &FRENCH,
    },
    Entry {
        name: "de",
        about: "German: K D T L S (Sf3, Lb5)",
        notation: &GERMAN,
    },
    Entry {
        name: "es",
        about: "Spanish: R D T A C (Cf3, Ab5)",
        notation: &SPANISH,
    },
    Entry {
        name: "it",
        about: "Italian: R D T A C (Cf3, Ab5)",
        notation: &ITALIAN,
    },
    Entry {
        name: "nl",
        about: "Dutch: K D T L P (Pf3, Lb5)",
        notation: &DUTCH,
    },
    Entry {
        name: "pt",
        about: "Portuguese: R D T B C (Cf3, Bb5)",
        notation: &PORTUGUESE,
    },
    Entry {
        name: "pl",
        about: "Polish: K H W G S (Sf3, Gb5)",
        notation: &POLISH,
    },
    Entry {
        name: "sv",
        about: "Swedish: K D T L S (Sf3, Lb5)",
        notation: &SWEDISH,
    },
    Entry {
        name: "cs",
        about: "Czech: K D V S J (Jf3, Sb5)",
        notation: &CZECH,
    },
    Entry {
        name: "hu",
        about: "Hungarian: K V B F H (Hf3, Fb5)",
        notation: &HUNGARIAN,
    },
    Entry {
        name: "ro",
        about: "Romanian: R D T N C (Cf3, Nb5)",
        notation: &ROMANIAN,
    },
    Entry {
        name: "ru",
        about: "Russian: Кр Ф Л С К (Кf3, Сb5)",
        notation: &RUSSIAN,
    },
];

/// The descriptive chess notations.
static DESCRIPTIVE: &[DescriptiveEntry] = &[
    DescriptiveEntry {
        name: "descriptive",
        about: "descriptive notation, English (--style modern|old): P-K4, N-KB3",
        styles: &[("modern", Descriptive::MODERN), ("old", Descriptive::OLD)],
    },
    DescriptiveEntry {
        name: "descriptive-fr",
        about: "descriptive notation, French (--style document|fide): P-R4, C-FR3",
        styles: &[
            ("document", Descriptive::FRENCH),
            ("fide", Descriptive::FRENCH_FIDE),
            // The English styles' names, for the forms they correspond to.
            ("modern", Descriptive::FRENCH),
            ("old", Descriptive::FRENCH_FIDE),
        ],
    },
];

/// The draughts notations.
static DRAUGHTS: &[Entry<DraughtsNotation>] = &[Entry {
    name: "manoury",
    about: "international draughts, Manoury numbers: 32-28, 19x30, 47x38x24x13x36",
    notation: &MANOURY,
}];

/// A chess notation on the descriptive reader's position: a descriptive one, or an algebraic
/// one carried there ([`Tracked`]), so that a replay reads one and writes the other.
#[derive(Clone, Copy)]
pub enum OnDescriptive {
    /// An algebraic notation, reading and writing on the plain position inside.
    Algebraic(Tracked<&'static ChessNotation>),
    /// A descriptive notation in one style.
    Descriptive(Descriptive),
}

impl OnDescriptive {
    fn notation(
        &self,
    ) -> &(dyn Notation<Position = DescriptivePosition, Move = chess_rules::Move> + Sync) {
        match self {
            OnDescriptive::Algebraic(n) => n,
            OnDescriptive::Descriptive(n) => n,
        }
    }
}

impl Notation for OnDescriptive {
    type Position = DescriptivePosition;
    type Move = chess_rules::Move;

    fn name(&self) -> &'static str {
        self.notation().name()
    }

    fn parse(
        &self,
        position: &DescriptivePosition,
        token: &str,
        notes: &mut Notes,
    ) -> Result<chess_rules::Move, MoveError> {
        self.notation().parse(position, token, notes)
    }

    fn parse_bytes(
        &self,
        position: &DescriptivePosition,
        token: &[u8],
        notes: &mut Notes,
    ) -> Option<chess_rules::Move> {
        self.notation().parse_bytes(position, token, notes)
    }

    fn format(&self, position: &DescriptivePosition, mv: &chess_rules::Move, out: &mut String) {
        self.notation().format(position, mv, out);
    }

    fn is_null(&self, token: &str) -> bool {
        self.notation().is_null(token)
    }

    fn glues(&self, next: &str) -> bool {
        self.notation().glues(next)
    }

    fn may_glue(&self, next: &[u8]) -> bool {
        self.notation().may_glue(next)
    }

    fn continues(&self, token: &str) -> bool {
        self.notation().continues(token)
    }

    fn draw_offer_suffix(&self) -> Option<&'static str> {
        self.notation().draw_offer_suffix()
    }

    fn follows(&self, convention: board_core::Convention) -> bool {
        self.notation().follows(convention)
    }

    fn record_tag(
        &self,
        name: &str,
        value: &str,
    ) -> Option<Result<(&'static str, String), String>> {
        self.notation().record_tag(name, value)
    }

    fn record_comment(&self, text: &str) -> Option<String> {
        self.notation().record_comment(text)
    }
}

/// One game's descriptor.
pub struct GameDescriptor {
    /// The game.
    pub game: Game,
    /// Its name in messages and `--list`: `chess`, `draughts`.
    pub name: &'static str,
    /// The file extensions that name it (`pdn`: draughts), compared without case.
    pub extensions: &'static [&'static str],
    /// Its record format.
    pub dialect: fn() -> Dialect,
}

static GAMES: [GameDescriptor; 2] = [
    GameDescriptor {
        game: Game::Chess,
        name: "chess",
        extensions: &[],
        dialect: Dialect::pgn,
    },
    GameDescriptor {
        game: Game::Draughts,
        name: "draughts",
        extensions: &["pdn"],
        dialect: notation_manoury::dialect,
    },
];

/// The descriptor of `game`.
#[must_use]
pub fn game(game: Game) -> &'static GameDescriptor {
    match game {
        Game::Chess => &GAMES[0],
        Game::Draughts => &GAMES[1],
    }
}

/// The game a file's name says it is of (`.pdn`: draughts), if any.
#[must_use]
pub fn game_of_path(path: &Path) -> Option<&'static GameDescriptor> {
    let ext = path.extension()?;
    GAMES
        .iter()
        .find(|g| g.extensions.iter().any(|e| ext.eq_ignore_ascii_case(e)))
}

/// Every notation the command line knows, by game.
///
/// # Examples
///
/// A notation of one's own, added with one line:
///
/// ```
/// use notation_registry::{Chess, Entry, Game, Registry};
///
/// static UCI: notation_en::Uci = notation_en::Uci::STANDARD;
/// let registry = Registry::standard().with_chess(Entry {
///     name: "coordinates",
///     about: "UCI again, under another name",
///     notation: &UCI,
/// });
/// assert!(registry.names(Game::Chess).contains(&("coordinates", "UCI again, under another name")));
/// assert!(matches!(registry.chess("coordinates"), Ok(Chess::Algebraic(_))));
/// ```
pub struct Registry {
    chess: Vec<Entry<ChessNotation>>,
    descriptive: Vec<DescriptiveEntry>,
    draughts: Vec<Entry<DraughtsNotation>>,
    /// Every chess notation on the descriptive position, in the order of `chess` then
    /// `descriptive` (in its default style): what detection picks from when a file is read
    /// on that position.
    lifted: Vec<OnDescriptive>,
}

impl Registry {
    /// The notations built in.
    #[must_use]
    pub fn standard() -> Registry {
        let mut registry = Registry {
            chess: CHESS.to_vec(),
            descriptive: DESCRIPTIVE.to_vec(),
            draughts: DRAUGHTS.to_vec(),
            lifted: Vec::new(),
        };
        registry.lift();
        registry
    }

    /// The registry with one more algebraic chess notation.
    #[must_use]
    pub fn with_chess(mut self, entry: Entry<ChessNotation>) -> Registry {
        self.chess.push(entry);
        self.lift();
        self
    }

    /// The registry with one more descriptive notation (a language of one's own).
    #[must_use]
    pub fn with_descriptive(mut self, entry: DescriptiveEntry) -> Registry {
        self.descriptive.push(entry);
        self.lift();
        self
    }

    /// The registry with one more draughts notation.
    #[must_use]
    pub fn with_draughts(mut self, entry: Entry<DraughtsNotation>) -> Registry {
        self.draughts.push(entry);
        self
    }

    fn lift(&mut self) {
        self.lifted = self
            .chess
            .iter()
            .map(|e| OnDescriptive::Algebraic(Tracked(e.notation)))
            .chain(
                self.descriptive
                    .iter()
                    .map(|e| OnDescriptive::Descriptive(e.styles[0].1)),
            )
            .collect();
    }

    /// Every notation of `game` as (name, about), in the order `--list` shows them.
    pub fn names(&self, game: Game) -> Vec<(&'static str, &'static str)> {
        match game {
            Game::Chess => self
                .chess
                .iter()
                .map(|e| (e.name, e.about))
                .chain(self.descriptive.iter().map(|e| (e.name, e.about)))
                .collect(),
            Game::Draughts => self.draughts.iter().map(|e| (e.name, e.about)).collect(),
        }
    }

    /// The descriptive notations' names.
    pub fn descriptive_names(&self) -> Vec<&'static str> {
        self.descriptive.iter().map(|e| e.name).collect()
    }

    /// The styles of each descriptive notation, for `--style`'s help:
    /// `descriptive: modern, old; ...`.
    pub fn style_help(&self) -> String {
        self.descriptive
            .iter()
            .map(|e| {
                let styles: Vec<&str> = e.styles.iter().map(|(s, _)| *s).collect();
                format!("{}: {}", e.name, styles.join(", "))
            })
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// The descriptive notations' style names, for `--style`'s help and completions.
    pub fn styles(&self) -> Vec<&'static str> {
        let mut styles: Vec<&str> = Vec::new();
        for (style, _) in self.descriptive.iter().flat_map(|e| e.styles) {
            if !styles.contains(style) {
                styles.push(style);
            }
        }
        styles
    }

    /// A usage error for `name`, which no notation of `game` has, naming the one meant when
    /// `name` is a language (`french`) or close to a name (`fi` for `fr`), and listing them.
    fn unknown(&self, game: Game, name: &str) -> LookupError {
        let names = self.names(game);
        let lower = name.to_lowercase();
        // The language a notation is of is the first word of its description.
        let meant = names
            .iter()
            .find(|(_, about)| {
                about
                    .split([' ', ':'])
                    .next()
                    .is_some_and(|language| language.eq_ignore_ascii_case(&lower))
            })
            .or_else(|| {
                names
                    .iter()
                    .map(|n| (n, distance(n.0, &lower)))
                    .filter(|(n, d)| *d <= 2 && *d < n.0.len())
                    .min_by_key(|(_, d)| *d)
                    .map(|(n, _)| n)
            });
        let hint = meant
            .map(|(meant, _)| format!("\n\n  did you mean `{meant}`?\n"))
            .unwrap_or_default();
        let list = names
            .iter()
            .map(|(name, about)| format!("  {name:<10} {about}"))
            .collect::<Vec<_>>()
            .join("\n");
        LookupError {
            message: format!(
                "unknown notation {name:?} for this game{hint}; the notations are:\n{list}"
            ),
        }
    }

    /// The chess notation `name` is, on whichever position it replays on.
    ///
    /// # Errors
    ///
    /// A usage error listing the notations when none is named `name`.
    pub fn chess(&self, name: &str) -> Result<Chess<'_>, LookupError> {
        if let Some(entry) = self.chess.iter().find(|e| e.name == name) {
            return Ok(Chess::Algebraic(entry));
        }
        match self.descriptive.iter().find(|e| e.name == name) {
            Some(entry) => Ok(Chess::Descriptive(entry)),
            None => Err(self.unknown(Game::Chess, name)),
        }
    }

    /// The draughts notation `name`.
    ///
    /// # Errors
    ///
    /// A usage error listing the notations when none is named `name`.
    pub fn draughts(&self, name: &str) -> Result<&Entry<DraughtsNotation>, LookupError> {
        self.draughts
            .iter()
            .find(|e| e.name == name)
            .ok_or_else(|| self.unknown(Game::Draughts, name))
    }

    /// The default chess notation: the source when nothing is detected, the target when none
    /// is named.
    pub fn default_chess(&self) -> &Entry<ChessNotation> {
        &self.chess[0]
    }

    /// The default draughts notation.
    pub fn default_draughts(&self) -> &Entry<DraughtsNotation> {
        &self.draughts[0]
    }

    /// The descriptive notations' default readers, for detection.
    #[must_use]
    pub fn descriptive_readers(&self) -> Vec<Descriptive> {
        self.descriptive.iter().map(|e| e.styles[0].1).collect()
    }

    /// The descriptive language of `registry` that alone replays `game` whole, on the
    /// descriptive position, and the sentence that says why; `None` when none or several do.
    #[must_use]
    pub fn detect_descriptive(&self, game: &RawGame) -> Option<(&OnDescriptive, String)> {
        let detection =
            notation_detect::detect_descriptive_game(&self.descriptive_readers(), game).ok()?;
        let name = detection.language().ok()?;
        let k = self.descriptive.iter().position(|e| e.name == name)?;
        Some((
            &self.lifted[self.chess.len() + k],
            format!("detected {name}: {}", detection.reason()),
        ))
    }

    /// The registry's algebraic notations by the names letter-set detection gives them (the
    /// lines detection knows no letter set for are never picked).
    #[must_use]
    pub fn letter_sets(&self) -> Vec<notation_detect::Entry<'_, ChessNotation>> {
        self.chess
            .iter()
            .map(|e| notation_detect::Entry {
                name: e.name,
                notation: e.notation,
            })
            .collect()
    }

    /// The notation a chess game read on the descriptive position is written in: a
    /// descriptive language that alone replays it whole, else what letter-set detection says,
    /// carried onto that position.
    #[must_use]
    pub fn detect_on_descriptive(
        &self,
        game: &RawGame,
    ) -> notation_detect::Detected<'_, OnDescriptive> {
        if let Some((notation, why)) = self.detect_descriptive(game) {
            return notation_detect::Detected::Decided(notation, why);
        }
        notation_detect::chess(game, &self.letter_sets()).lift(|n| self.on_descriptive_of(n))
    }

    /// `notation`, an algebraic notation of the registry, on the descriptive position.
    #[must_use]
    pub fn on_descriptive_of(&self, notation: &ChessNotation) -> Option<&OnDescriptive> {
        let k = self
            .chess
            .iter()
            .position(|e| std::ptr::addr_eq(e.notation, notation))?;
        Some(&self.lifted[k])
    }

    /// The default chess notation on the descriptive position.
    #[must_use]
    pub fn default_on_descriptive(&self) -> &OnDescriptive {
        &self.lifted[0]
    }

    /// Whether `game` is written in a descriptive language: no letter set reads it whole and
    /// one descriptive language does. A file whose first game is so is read on the
    /// descriptive position.
    #[must_use]
    pub fn is_descriptive(&self, game: &RawGame) -> bool {
        let letters_fit = notation_detect::detect_game(game).is_ok_and(|d| !d.fits.is_empty());
        !letters_fit && self.detect_descriptive(game).is_some()
    }
}

/// A chess notation found by name: algebraic, on the plain position, or descriptive.
#[derive(Clone, Copy)]
pub enum Chess<'r> {
    /// An algebraic notation.
    Algebraic(&'r Entry<ChessNotation>),
    /// A descriptive notation, in one of its styles.
    Descriptive(&'r DescriptiveEntry),
}

impl Chess<'_> {
    /// The name it was found by.
    pub fn name(&self) -> &'static str {
        match self {
            Chess::Algebraic(e) => e.name,
            Chess::Descriptive(e) => e.name,
        }
    }

    /// The notation on the descriptive position, in `style` for a descriptive one.
    ///
    /// # Errors
    ///
    /// A usage error naming the styles when `style` is not one of them.
    pub fn on_descriptive(&self, style: Option<&str>) -> Result<OnDescriptive, LookupError> {
        match self {
            Chess::Algebraic(e) => Ok(OnDescriptive::Algebraic(Tracked(e.notation))),
            Chess::Descriptive(e) => e.style(style).map(OnDescriptive::Descriptive),
        }
    }
}

impl DescriptiveEntry {
    /// The notation in `style`, the default when `None`.
    ///
    /// # Errors
    ///
    /// A usage error naming the styles when `style` is not one of them.
    pub fn style(&self, style: Option<&str>) -> Result<Descriptive, LookupError> {
        let Some(style) = style else {
            return Ok(self.styles[0].1);
        };
        self.styles
            .iter()
            .find(|(name, _)| *name == style)
            .map(|(_, d)| *d)
            .ok_or_else(|| {
                let names: Vec<&str> = self.styles.iter().map(|(n, _)| *n).collect();
                LookupError {
                    message: format!(
                        "unknown style {style:?} for {}: it takes {}",
                        self.name,
                        names.join(", ")
                    ),
                }
            })
    }
}

/// Levenshtein distance, for "did you mean".
#[must_use]
pub fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let current = row[j + 1];
            row[j + 1] = (previous + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(current + 1);
            previous = current;
        }
    }
    row[b.len()]
}

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
