//! Notations by name, as the command line finds them: the registry's lines, detection when no
//! source is named, and the position kind a conversion replays on (the descriptive one when
//! either side is descriptive). A column of movetext is detected as a file is: the first game
//! that decides names the notation of the rest.

use std::sync::OnceLock;

use board_core::{Dialect, Notation, RawGame, Rules};
use notation_detect::Detected;
use notation_registry::{Chess, ChessNotation, Game, OnDescriptive, Registry};

/// The standard registry, built once: every call looks notations up in it.
pub(crate) fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(Registry::standard)
}

/// The game named `name` (`chess`, `draughts`), chess when `None`.
///
/// # Errors
///
/// A usage error naming the games when `name` is none of them.
pub(crate) fn game(name: Option<&str>) -> Result<Game, String> {
    match name {
        None | Some("chess") => Ok(Game::Chess),
        Some("draughts") => Ok(Game::Draughts),
        Some(other) => Err(format!(
            "unknown game {other:?}: the games are chess and draughts"
        )),
    }
}

/// The notation of the input: named, or detected game by game until one decides.
pub(crate) enum Source<'a, N: ?Sized + 'static> {
    /// `from_=NAME`.
    Named(&'a N),
    /// No `from_`: the first game that decides names the notation of the column; until then
    /// each game is read in a notation that fits it, else in `fallback`.
    Detect {
        detect: &'a (dyn Fn(&RawGame) -> Detected<'a, N> + Sync),
        fallback: &'a N,
    },
}

impl<'a, N: ?Sized + 'static> Source<'a, N> {
    /// The notation to read `game` in; `decided` keeps what a game decided for those after it.
    pub(crate) fn resolve(&self, game: &RawGame, decided: &mut Option<&'a N>) -> &'a N {
        match (*decided, self) {
            (Some(notation), _) | (None, &Source::Named(notation)) => notation,
            (None, &Source::Detect { detect, fallback }) => match detect(game) {
                Detected::Decided(notation, _) => {
                    *decided = Some(notation);
                    notation
                }
                Detected::Undecided(notation) => notation.unwrap_or(fallback),
                // The closest reading holds for that game alone, to report its error in.
                Detected::Closest(notation, _) => notation,
            },
        }
    }
}

/// What a call does once its notations are known, the same for every position kind.
pub(crate) trait Task {
    /// What the call gives back.
    type Output;

    /// Runs with the source notation, the target when one was asked for, and the dialect.
    fn run<P, N>(
        self,
        source: &Source<'_, N>,
        target: Option<&N>,
        dialect: &Dialect,
    ) -> Self::Output
    where
        P: Rules,
        N: Notation<Position = P, Move = P::Move> + Sync + ?Sized;
}

/// What a call asks for.
pub(crate) struct Request<'a> {
    /// The game.
    pub(crate) game: Game,
    /// The source notation; detected when `None`.
    pub(crate) from: Option<&'a str>,
    /// The target notation, when the call writes one.
    pub(crate) to: Option<&'a str>,
    /// The descriptive side's style.
    pub(crate) style: Option<&'a str>,
    /// The first game of the column, looked at to tell a descriptive column when `from` is
    /// `None`, as the command line looks at a file's first game.
    pub(crate) first: Option<&'a RawGame>,
}

/// The algebraic notations by the names letter-set detection gives them.
fn letter_sets() -> &'static [notation_detect::Entry<'static, ChessNotation>] {
    static SETS: OnceLock<Vec<notation_detect::Entry<'static, ChessNotation>>> = OnceLock::new();
    SETS.get_or_init(|| {
        notation_registry::CHESS
            .iter()
            .map(|e| notation_detect::Entry {
                name: e.name,
                notation: e.notation,
            })
            .collect()
    })
}

/// The notation a chess game read on the descriptive position is written in: a descriptive
/// language that replays it whole, else what letter-set detection says, carried there.
fn detect_on_descriptive(game: &RawGame) -> Detected<'static, OnDescriptive> {
    let registry = registry();
    if let Some((notation, why)) = registry.detect_descriptive(game) {
        return Detected::Decided(notation, why);
    }
    let lifted = |n: &ChessNotation| registry.on_descriptive_of(n);
    match notation_detect::chess(game, letter_sets()) {
        Detected::Decided(n, why) => lifted(n).map_or(Detected::Undecided(None), |notation| {
            Detected::Decided(notation, why)
        }),
        Detected::Closest(n, why) => lifted(n).map_or(Detected::Undecided(None), |notation| {
            Detected::Closest(notation, why)
        }),
        Detected::Undecided(n) => Detected::Undecided(n.and_then(lifted)),
    }
}

/// Finds the notations `request` names or detects and runs `task` with them, on the position
/// kind they replay on.
///
/// # Errors
///
/// A usage error, the command line's words, for an unknown notation or style.
pub(crate) fn run<T: Task>(request: &Request<'_>, task: T) -> Result<T::Output, String> {
    let registry = registry();
    let dialect = (notation_registry::game(request.game).dialect)();
    if request.game == Game::Draughts {
        let source = match request.from {
            Some(name) => {
                Source::Named(registry.draughts(name).map_err(|e| e.to_string())?.notation)
            }
            None => Source::Detect {
                detect: &|_: &RawGame| Detected::Undecided(None),
                fallback: registry.default_draughts().notation,
            },
        };
        let target = request
            .to
            .map(|name| registry.draughts(name).map(|e| e.notation))
            .transpose()
            .map_err(|e| e.to_string())?;
        if request.style.is_some() {
            return Err("style is the style of a descriptive notation".into());
        }
        return Ok(task.run(&source, target, &dialect));
    }
    let lookup = |name: &str| registry.chess(name).map_err(|e| e.to_string());
    let from = request.from.map(lookup).transpose()?;
    let to = request.to.map(lookup).transpose()?;
    let descriptive = [from, to]
        .iter()
        .flatten()
        .any(|c| matches!(c, Chess::Descriptive(_)))
        || (from.is_none() && request.first.is_some_and(|g| registry.is_descriptive(g)));
    if !descriptive {
        if request.style.is_some() {
            return Err(format!(
                "style is the style of a descriptive notation ({})",
                registry.descriptive_names().join(", ")
            ));
        }
        let algebraic = |c: Chess<'static>| match c {
            Chess::Algebraic(e) => Ok(e.notation),
            Chess::Descriptive(e) => Err(format!("{} is read on its own position", e.name)),
        };
        let detect = |game: &RawGame| notation_detect::chess(game, letter_sets());
        let source = match from {
            Some(from) => Source::Named(algebraic(from)?),
            None => Source::Detect {
                detect: &detect,
                fallback: registry.default_chess().notation,
            },
        };
        let target = to.map(algebraic).transpose()?;
        return Ok(task.run(&source, target, &dialect));
    }
    let style = request.style;
    let named = from
        .map(|c| c.on_descriptive(style))
        .transpose()
        .map_err(|e| e.to_string())?;
    let written = to
        .map(|c| c.on_descriptive(style))
        .transpose()
        .map_err(|e| e.to_string())?;
    let source = match &named {
        Some(notation) => Source::Named(notation),
        None => Source::Detect {
            detect: &|game: &RawGame| detect_on_descriptive(game),
            fallback: registry.default_on_descriptive(),
        },
    };
    Ok(task.run(&source, written.as_ref(), &dialect))
}
