//! The notations the command line knows, by game and name: adding one is a line here.

use board_core::Notation;
use notation_en::{Algebraic, Lan, PieceLetters, Uci};
use notation_fr::French;
use notation_manoury::Manoury;

/// A chess notation usable by name.
pub(crate) type ChessNotation =
    dyn Notation<Position = chess_rules::Position, Move = chess_rules::Move> + Sync;

/// A draughts notation usable by name.
pub(crate) type DraughtsNotation =
    dyn Notation<Position = draughts_rules::Position, Move = draughts_rules::Move> + Sync;

/// One registry line: the name on the command line, what it is, and the notation.
pub(crate) struct Entry<N: ?Sized + 'static> {
    pub(crate) name: &'static str,
    pub(crate) about: &'static str,
    pub(crate) notation: &'static N,
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

/// The chess notations, the default source first.
pub(crate) static CHESS: &[Entry<ChessNotation>] = &[
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

/// The draughts notations.
pub(crate) static DRAUGHTS: &[Entry<DraughtsNotation>] = &[Entry {
    name: "manoury",
    about: "international draughts, Manoury numbers: 32-28, 19x30, 47x38x24x13x36",
    notation: &MANOURY,
}];

/// The entry named `name` in `table`.
///
/// # Errors
///
/// A usage error listing the known notations (the descriptive ones too, for chess), with the
/// name meant when `name` is a language (`french`), or close to a name (`fi` for `fr`).
pub(crate) fn resolve<N: ?Sized>(
    table: &'static [Entry<N>],
    name: &str,
) -> Result<&'static Entry<N>, crate::Error> {
    table.iter().find(|e| e.name == name).ok_or_else(|| {
        let chess = std::ptr::addr_eq(table, CHESS);
        let mut names: Vec<(&str, &str)> = table.iter().map(|e| (e.name, e.about)).collect();
        if chess {
            names.extend(DESCRIPTIVE);
        }
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
                    .map(|n| (n, crate::plugins::distance(n.0, &lower)))
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
        crate::Error::Usage(format!(
            "unknown notation {name:?} for this game{hint}; the notations are:\n{list}"
        ))
    })
}

/// The descriptive notations, which replay on their own kind of position.
pub(crate) const DESCRIPTIVE: [(&str, &str); 2] = [
    (
        "descriptive",
        "descriptive notation, English (--style modern|old): P-K4, N-KB3",
    ),
    (
        "descriptive-fr",
        "descriptive notation, French (--style document|fide): P-R4, C-FR3",
    ),
];

/// Every notation of a table as lines `name  about`.
pub(crate) fn describe<N: ?Sized>(table: &[Entry<N>]) -> String {
    table
        .iter()
        .map(|e| format!("  {:<10} {}", e.name, e.about))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A chess notation on the descriptive reader's position (which tracks where each piece
/// started, as descriptive notation needs).
pub(crate) type DescriptiveNotation = dyn Notation<Position = notation_descriptive::DescriptivePosition, Move = chess_rules::Move>
    + Sync;

/// `true` for the descriptive notations' names.
pub(crate) fn is_descriptive(name: Option<&str>) -> bool {
    matches!(name, Some("descriptive" | "descriptive-fr"))
}

/// One side of a conversion that involves descriptive notation: the descriptive notation in
/// its style, or any chess notation carried on the descriptive position.
pub(crate) fn descriptive_side(
    name: &str,
    style: Option<&str>,
) -> Result<Box<DescriptiveNotation>, crate::Error> {
    if is_descriptive(Some(name)) {
        return notation_descriptive::Descriptive::named(name, style)
            .map(|d| Box::new(d) as Box<DescriptiveNotation>)
            .ok_or_else(|| {
                crate::Error::Usage(format!(
                    "unknown style {:?} for {name}: descriptive takes modern or old, \
                     descriptive-fr takes document or fide",
                    style.unwrap_or_default()
                ))
            });
    }
    let entry = resolve(CHESS, name)?;
    Ok(Box::new(notation_descriptive::Tracked(entry.notation)))
}

/// A name that lives as long as the program (command-line names of a one-shot run).
pub(crate) fn leak(name: &str) -> &'static str {
    CHESS
        .iter()
        .map(|e| e.name)
        .chain(["descriptive", "descriptive-fr"])
        .find(|n| *n == name)
        .unwrap_or("?")
}
