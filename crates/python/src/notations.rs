//! Notations by name, as the command line finds them: the registry's lines, detection when no
//! source is named, and the position kind a conversion replays on (the descriptive one when
//! either side is descriptive). A column of movetext is detected as a file is: the first game
//! that decides names the notation of the rest.

use std::sync::OnceLock;

use board_core::{Dialect, Notation, RawGame, Rules};
pub(crate) use notation_detect::Source;
use notation_registry::{Chess, Game, Registry};

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
                detect: &|_: &RawGame| notation_detect::Detected::Undecided(None),
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
        let detect =
            |game: &RawGame| notation_detect::chess(game, notation_registry::chess_letter_sets());
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
            detect: &|game: &RawGame| registry.detect_on_descriptive(game),
            fallback: registry.default_on_descriptive(),
        },
    };
    Ok(task.run(&source, written.as_ref(), &dialect))
}
