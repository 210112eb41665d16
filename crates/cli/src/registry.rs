//! The command line's side of the registry (`notation-registry`): a command states what it asks
//! (`Request`), the registry finds the notations and the position kind they replay on, and
//! runs the command's `Task` with them. The dialect is chosen here, once, from the game's
//! descriptor.

use std::path::Path;

use board_core::{Dialect, Notation, RawGame, Rules};
use notation_descriptive::DescriptivePosition;

pub use notation_registry::{
    Chess, ChessNotation, DescriptiveEntry, DraughtsNotation, Entry, GameDescriptor, LookupError,
    OnDescriptive, Registry,
};

use crate::pipeline::{Detected, Source};
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

/// The algebraic notation a chess game is written in, detected from its letters.
fn chess(game: &RawGame) -> Detected<'static, ChessNotation> {
    notation_detect::chess(game, notation_registry::chess_letter_sets())
}

/// The notation a chess file is written in as `fmt` must keep it: LAN and UCI stay.
fn chess_as_written(game: &RawGame) -> Detected<'static, ChessNotation> {
    notation_detect::chess_as_written(game, notation_registry::chess_letter_sets())
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

/// What a command does once its notations are found: the same for every game and position
/// kind, so the registry, not the command, chooses the types.
pub(crate) trait Task {
    /// What the command gives back.
    type Output;

    /// Runs with the source notation, the target (when the command asked for one), and the
    /// game's dialect.
    fn run<P: Kind, N: NotationOf<P> + ?Sized>(self, with: Notations<'_, '_, N>) -> Self::Output;
}

/// A notation that reads and writes the moves of positions `P`, from any thread: what the
/// pipelines take.
pub(crate) trait NotationOf<P: Rules>:
    Notation<Position = P, Move = P::Move> + Sync
{
}

impl<P: Rules, N: Notation<Position = P, Move = P::Move> + Sync + ?Sized> NotationOf<P> for N {}

/// The notations a [`Task`] runs with: the source (named or detected), the target when the
/// command asked for one, and the game's record dialect.
pub(crate) struct Notations<'a, 'n, N: ?Sized + 'static> {
    /// The notation of the input.
    pub(crate) source: &'a Source<'n, N>,
    /// The notation written, when the command writes.
    pub(crate) target: Option<&'a Target<'n, N>>,
    /// The game's record format.
    pub(crate) dialect: &'a Dialect,
}

/// The notation a command writes, with the name it was asked by.
pub(crate) struct Target<'a, N: ?Sized> {
    /// `--to`'s name, or the default's.
    pub(crate) name: &'static str,
    /// The notation.
    pub(crate) notation: &'a N,
}

/// The position kinds a registry replays on, as one enum: what a command that shows a
/// position (a diagram) needs of it.
pub(crate) enum Board<'a> {
    /// A chess position.
    Chess(&'a chess_rules::Position),
    /// A draughts position.
    Draughts(&'a draughts_rules::Position),
}

/// A move of one of the position kinds.
pub(crate) enum Played<'a> {
    /// A chess move.
    Chess(&'a chess_rules::Move),
    /// A draughts move.
    Draughts(&'a draughts_rules::Move),
}

/// A position kind the registry replays on.
pub(crate) trait Kind: Rules {
    /// The position as the board it is.
    fn board(&self) -> Board<'_>;
    /// A move as the game's move it is.
    fn played(mv: &Self::Move) -> Played<'_>;
}

impl Kind for chess_rules::Position {
    fn board(&self) -> Board<'_> {
        Board::Chess(self)
    }
    fn played(mv: &chess_rules::Move) -> Played<'_> {
        Played::Chess(mv)
    }
}

impl Kind for DescriptivePosition {
    fn board(&self) -> Board<'_> {
        Board::Chess(self.chess())
    }
    fn played(mv: &chess_rules::Move) -> Played<'_> {
        Played::Chess(mv)
    }
}

impl Kind for draughts_rules::Position {
    fn board(&self) -> Board<'_> {
        Board::Draughts(self)
    }
    fn played(mv: &draughts_rules::Move) -> Played<'_> {
        Played::Draughts(mv)
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
    /// Detect as `fmt` must, to write each file back as it is written (LAN and UCI kept).
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
    fn run<T: Task>(&self, request: &Request<'_>, task: T) -> Result<T::Output, Error>;
}

impl Dispatch for Registry {
    fn run<T: Task>(&self, request: &Request<'_>, task: T) -> Result<T::Output, Error> {
        let dialect = (game(request.game).dialect)();
        if request.game == Game::Draughts {
            let source = match request.from {
                Some(name) => Source::Named(self.draughts(name)?.notation),
                None => Source::Detect {
                    detect: &|_: &RawGame| Detected::Undecided(None),
                    fallback: self.default_draughts().notation,
                },
            };
            let target = match request.to {
                Some(to) => {
                    let entry = match to {
                        Some(name) => self.draughts(name)?,
                        None => self.default_draughts(),
                    };
                    Some(Target {
                        name: entry.name,
                        notation: entry.notation,
                    })
                }
                None => None,
            };
            return Ok(task.run(Notations {
                source: &source,
                target: target.as_ref(),
                dialect: &dialect,
            }));
        }
        let from = request.from.map(|name| self.chess(name)).transpose()?;
        let to = match request.to {
            Some(Some(name)) => Some(self.chess(name)?),
            Some(None) => Some(Chess::Algebraic(self.default_chess())),
            None => None,
        };
        let descriptive = [from, to]
            .iter()
            .flatten()
            .any(|c| matches!(c, Chess::Descriptive(_)))
            || (from.is_none()
                && request
                    .files
                    .iter()
                    .filter(|p| p.as_os_str() != "-")
                    .any(|p| is_descriptive_file(self, p)));
        if !descriptive {
            if request.style.is_some() {
                return Err(Error::Usage(format!(
                    "--style is the style of a descriptive notation ({})",
                    self.descriptive_names().join(", ")
                )));
            }
            let algebraic = |c: Chess<'_>| match c {
                Chess::Algebraic(e) => e.notation,
                Chess::Descriptive(_) => unreachable!("descriptive is read on its own position"),
            };
            let detect: &(dyn Fn(&RawGame) -> Detected<'static, ChessNotation> + Sync) =
                if request.as_written {
                    &|game| hinted(chess_as_written(game), game)
                } else {
                    &|game| hinted(chess(game), game)
                };
            let source = match from {
                Some(from) => Source::Named(algebraic(from)),
                None => Source::Detect {
                    detect,
                    fallback: self.default_chess().notation,
                },
            };
            let target = to.map(|to| Target {
                name: to.name(),
                notation: algebraic(to),
            });
            return Ok(task.run(Notations {
                source: &source,
                target: target.as_ref(),
                dialect: &dialect,
            }));
        }
        let named = from.map(|c| c.on_descriptive(request.style)).transpose()?;
        let written = to
            .map(|c| c.on_descriptive(request.style).map(|n| (c.name(), n)))
            .transpose()?;
        let detect = |game: &RawGame| self.detect_on_descriptive(game);
        let source = match &named {
            Some(notation) => Source::Named(notation),
            None => Source::Detect {
                detect: &detect,
                fallback: self.default_on_descriptive(),
            },
        };
        let target = written
            .as_ref()
            .map(|(name, notation)| Target { name, notation });
        Ok(task.run(Notations {
            source: &source,
            target: target.as_ref(),
            dialect: &dialect,
        }))
    }
}

/// What letter-set detection made of `game`, and for a game no letter set reads but a
/// standard descriptive language does, a note that says so: a stream is not looked at before
/// it is read, so its descriptive games come here.
fn hinted(
    detected: Detected<'static, ChessNotation>,
    game: &RawGame,
) -> Detected<'static, ChessNotation> {
    let Detected::Closest(notation, why) = detected else {
        return detected;
    };
    let readers = Registry::standard().descriptive_readers();
    let hint = notation_detect::detect_descriptive_game(&readers, game)
        .ok()
        .and_then(|detection| {
            let name = detection.language().ok()?;
            Some(format!(
                "; but {}: read it with --from {name} (a file is looked at for it before it \
                 is read, a stream is not)",
                detection.reason()
            ))
        })
        .unwrap_or_default();
    Detected::Closest(notation, format!("{why}{hint}"))
}

/// Every notation of a game as lines `name  about`.
pub(crate) fn describe(names: &[(&str, &str)]) -> String {
    names
        .iter()
        .map(|(name, about)| format!("  {name:<10} {about}"))
        .collect::<Vec<_>>()
        .join("\n")
}
