//! The command line's side of the registry (`notation-registry`): a command states what it asks
//! (`Request`, with the files it reads), the registry finds the notations and the position
//! kind they replay on, and runs the command's `Task` with them (`Registry::run`, shared with
//! the Python binding).

use std::path::Path;

pub use notation_registry::{
    Board, Chess, ChessNotation, DescriptiveEntry, DraughtsNotation, Entry, GameDescriptor,
    LookupError, OnDescriptive, Registry,
};
pub(crate) use notation_registry::{Kind, NotationOf, Notations, Played, Task};

use crate::{Error, Game};

impl From<Game> for notation_registry::Game {
    fn from(game: Game) -> Self {
        match game {
            Game::Chess => notation_registry::Game::Chess,
            Game::Draughts => notation_registry::Game::Draughts,
        }
    }
}

impl From<notation_registry::Game> for Game {
    fn from(game: notation_registry::Game) -> Self {
        match game {
            notation_registry::Game::Chess => Game::Chess,
            notation_registry::Game::Draughts => Game::Draughts,
        }
    }
}

impl From<LookupError> for Error {
    fn from(err: LookupError) -> Self {
        Error::Usage(err.to_string())
    }
}

/// The descriptor of `game`.
pub(crate) fn game(game: Game) -> &'static GameDescriptor {
    notation_registry::game(game.into())
}

/// The game a file's name says it is of (`.pdn`: draughts), if any.
pub(crate) fn game_of_path(path: &Path) -> Option<&'static GameDescriptor> {
    notation_registry::game_of_path(path)
}

/// Whether the first game of the file at `path` is written in a descriptive language: the
/// file is then read on the descriptive position. Only a regular file is looked at, since a
/// stream cannot be read twice.
fn is_descriptive_file(registry: &Registry, path: &Path) -> bool {
    let Some(text) = crate::game_kind::start_of(path) else {
        return false;
    };
    let dialect = (game(Game::Chess).dialect)();
    match board_core::RecordReader::new(text.as_bytes(), dialect).next() {
        Some(Ok(first)) => registry.is_descriptive(&first),
        _ => false,
    }
}

/// What a command asks of the registry.
pub(crate) struct Request<'a> {
    /// The game.
    pub(crate) game: Game,
    /// `--from`: detected when `None`.
    pub(crate) from: Option<&'a str>,
    /// `--to`, when the command writes; `Some(None)` for the game's default.
    pub(crate) to: Option<Option<&'a str>>,
    /// `--style`, of the descriptive side(s).
    pub(crate) style: Option<&'a str>,
    /// The inputs, looked at to tell a descriptive file when `from` is `None`.
    pub(crate) files: &'a [std::path::PathBuf],
    /// Detect as `fmt` must, to write each file back as it is written (LAN and UCI kept);
    /// `check` and `convert` too, so that a UCI or LAN file reads as what it is, without a
    /// warning a move for its form.
    pub(crate) as_written: bool,
}

/// Running a [`Task`] with the notations a [`Request`] names: what every command does.
pub(crate) trait Dispatch {
    /// Finds the notations `request` names or detects, and runs `task` with them on the
    /// position kind they need.
    ///
    /// # Errors
    ///
    /// A usage error for an unknown notation or style; what `task` returns otherwise.
    fn dispatch<T: Task>(&self, request: &Request<'_>, task: T) -> Result<T::Output, Error>;
}

impl Dispatch for Registry {
    fn dispatch<T: Task>(&self, request: &Request<'_>, task: T) -> Result<T::Output, Error> {
        let looks_descriptive = |registry: &Registry| {
            request
                .files
                .iter()
                .filter(|p| p.as_os_str() != "-")
                .any(|p| is_descriptive_file(registry, p))
        };
        let request = notation_registry::Request {
            game: request.game.into(),
            from: request.from,
            to: request.to,
            style: request.style,
            as_written: request.as_written,
            looks_descriptive: &looks_descriptive,
            hint: Some(|name, why| {
                format!(
                    "; but {why}: read it with --from {name} (a file is looked at for it \
                     before it is read, a stream is not)"
                )
            }),
        };
        Registry::run(self, &request, task).map_err(|err| Error::Usage(err.to_string()))
    }
}

/// Every notation of a game as lines `name  about`.
pub(crate) fn describe(names: &[(&str, &str)]) -> String {
    names
        .iter()
        .map(|(name, about)| format!("  {name:<10} {about}"))
        .collect::<Vec<_>>()
        .join("\n")
}
