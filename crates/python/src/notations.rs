//! Notations by name, as the command line finds them: the registry's lines, detection when no
//! source is named, and the position kind a conversion replays on (the descriptive one when
//! either side is descriptive). A column of movetext is detected as a file is: the first game
//! that decides names the notation of the rest.

use std::sync::OnceLock;

use board_core::RawGame;
pub(crate) use notation_registry::Task;
use notation_registry::{Game, Registry};

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
/// kind they replay on ([`Registry::run`], as the command line does).
///
/// # Errors
///
/// A usage error, the command line's words, for an unknown notation or style.
pub(crate) fn run<T: Task>(request: &Request<'_>, task: T) -> Result<T::Output, String> {
    let registry = registry();
    let first = request.first;
    let looks_descriptive = |registry: &Registry| first.is_some_and(|g| registry.is_descriptive(g));
    let request = notation_registry::Request {
        game: request.game,
        from: request.from,
        to: request.to.map(Some),
        style: request.style,
        as_written: false,
        looks_descriptive: &looks_descriptive,
        hint: Some(|name, why| format!("; but {why}: read it with from_={name:?}")),
    };
    registry.run(&request, task).map_err(|e| e.to_string())
}
