//! Running a task with the notations a request names or detects: what every front end (the
//! command line, the Python binding) does before it reads a game. The front end says what it
//! asks ([`Request`]) and what it does once the notations are known ([`Task`]); the registry
//! finds them and the position kind they replay on, and chooses the types.

use std::fmt;

use board_core::{
    Dialect, MovetextSink, Notation, Output, RawGame, ReplayMemory, Replayed, Rules, replay_in,
    replay_into_in,
};
use notation_descriptive::DescriptivePosition;
use notation_detect::{Detected, Source};

use notation_en::Algebraic;

use crate::{Chess, ChessNotation, Game, LookupError, Registry};

/// What a front end asks of the registry.
pub struct Request<'a> {
    /// The game.
    pub game: Game,
    /// The source notation's name; detected per input when `None`.
    pub from: Option<&'a str>,
    /// The target notation when the task writes one: `Some(None)` for the game's default.
    pub to: Option<Option<&'a str>>,
    /// The style of the descriptive side(s).
    pub style: Option<&'a str>,
    /// Detect as a rewrite in place must: LAN and UCI games stay LAN and UCI.
    pub as_written: bool,
    /// Whether the input, looked at before it is read (a file's first game, a column's
    /// first cell), is in a descriptive language; asked only when nothing named decides.
    pub looks_descriptive: &'a (dyn Fn(&Registry) -> bool + Sync),
    /// The words that tell the user how to name a descriptive language (`(name, why)`, the
    /// result appended to a game's detection note), for a game no letter set reads but a
    /// descriptive language does: an input read as it streams is not looked at first, so its
    /// descriptive games come here. `None` adds nothing.
    pub hint: Option<fn(&str, &str) -> String>,
}

/// What a front end does once its notations are found: the same for every game and position
/// kind, so the registry, not the front end, chooses the types.
pub trait Task {
    /// What the task gives back.
    type Output;

    /// Runs with the source notation, the target (when the request asked for one), and the
    /// game's dialect.
    fn run<P: Kind, N: NotationOf<P> + ?Sized>(self, with: Notations<'_, '_, N>) -> Self::Output;
}

/// A notation that reads and writes the moves of positions `P`, from any thread: what the
/// tasks take.
pub trait NotationOf<P: Rules>: Notation<Position = P, Move = P::Move> + Sync {}

impl<P: Rules, N: Notation<Position = P, Move = P::Move> + Sync + ?Sized> NotationOf<P> for N {}

/// The notations a [`Task`] runs with.
pub struct Notations<'a, 'n, N: ?Sized + 'static> {
    /// The notation of the input: named, or detected per input.
    pub source: &'a Source<'n, N>,
    /// The notation written, when the request asked for one.
    pub target: Option<&'a Target<'n, N>>,
    /// The game's record dialect.
    pub dialect: &'a Dialect,
}

/// The notation a task writes, with the name it was asked by.
pub struct Target<'a, N: ?Sized> {
    /// The name asked for, or the default's.
    pub name: &'static str,
    /// The notation.
    pub notation: &'a N,
}

/// The position kinds a registry replays on, as one enum: what a task that shows a position
/// (a diagram) needs of it.
pub enum Board<'a> {
    /// A chess position.
    Chess(&'a chess_rules::Position),
    /// A draughts position.
    Draughts(&'a draughts_rules::Position),
}

/// A move of one of the position kinds.
pub enum Played<'a> {
    /// A chess move.
    Chess(&'a chess_rules::Move),
    /// A draughts move.
    Draughts(&'a draughts_rules::Move),
}

/// A position kind the registry replays on.
pub trait Kind: Rules {
    /// The position as the board it is.
    fn board(&self) -> Board<'_>;
    /// A move as the game's move it is.
    fn played(mv: &Self::Move) -> Played<'_>;

    /// [`replay_in`]s `game` read with `source`, written with `output`'s notation, in the
    /// `memory` the caller keeps from game to game, as a front end replays every game. Where
    /// the notations are the registry's own, its kind may replay with their types instead of
    /// through `dyn Notation` (chess does for its algebraic notations): every move's reading
    /// and writing then inlined into the replay's loop, where through the vtable each is a
    /// call. The same result either way.
    fn replay_with<S, T>(
        memory: &mut ReplayMemory<Self>,
        game: &RawGame,
        source: &S,
        output: Option<Output<'_, T>>,
    ) -> Replayed<Self>
    where
        S: Notation<Position = Self, Move = Self::Move> + ?Sized,
        T: Notation<Position = Self, Move = Self::Move> + ?Sized,
    {
        replay_in(memory, game, source, output)
    }

    /// [`replay_into_in`]s `game` read with `source` into `sink`, the moves written with
    /// `target`, as [`Kind::replay_with`] replays into a writer: where the source is the
    /// registry's own, its kind may read it with its type instead of through `dyn Notation`.
    /// The same result either way.
    fn replay_into_with<S, T, K>(
        memory: &mut ReplayMemory<Self>,
        game: &RawGame,
        source: &S,
        target: &T,
        dialect: &Dialect,
        sink: &mut K,
    ) -> Replayed<Self>
    where
        S: Notation<Position = Self, Move = Self::Move> + ?Sized,
        T: Notation<Position = Self, Move = Self::Move> + ?Sized,
        K: MovetextSink,
    {
        replay_into_in(memory, game, source, target, dialect, sink)
    }
}

impl Kind for chess_rules::Position {
    fn board(&self) -> Board<'_> {
        Board::Chess(self)
    }
    fn played(mv: &chess_rules::Move) -> Played<'_> {
        Played::Chess(mv)
    }

    /// A registry's algebraic notation as the source replays as [`Algebraic`], and as the
    /// target too, or the registry's French: SAN read and written in the replay's loop, not
    /// called through the vtable (on 1,500 games, `scoresheet check` 141.4 M -> 132.2 M
    /// instructions, `convert --to en` 192.1 M -> 178.9 M).
    fn replay_with<S, T>(
        memory: &mut ReplayMemory<Self>,
        game: &RawGame,
        source: &S,
        output: Option<Output<'_, T>>,
    ) -> Replayed<Self>
    where
        S: Notation<Position = Self, Move = Self::Move> + ?Sized,
        T: Notation<Position = Self, Move = Self::Move> + ?Sized,
    {
        let Some(source) = crate::registry_algebraic(source) else {
            return replay_in(memory, game, source, output);
        };
        match output {
            None => replay_in::<_, _, Algebraic>(memory, game, source, None),
            Some(output) => {
                let Output {
                    notation,
                    dialect,
                    out,
                } = output;
                if let Some(target) = crate::registry_algebraic(notation) {
                    replay_in(
                        memory,
                        game,
                        source,
                        Some(Output {
                            notation: target,
                            dialect,
                            out,
                        }),
                    )
                } else if let Some(target) = crate::registry_french(notation) {
                    replay_in(
                        memory,
                        game,
                        source,
                        Some(Output {
                            notation: target,
                            dialect,
                            out,
                        }),
                    )
                } else {
                    replay_in(
                        memory,
                        game,
                        source,
                        Some(Output {
                            notation,
                            dialect,
                            out,
                        }),
                    )
                }
            }
        }
    }

    /// A registry's algebraic notation as the source is read as [`Algebraic`]; the target
    /// stays as given (a table's columns write few moves each, through the vtable).
    fn replay_into_with<S, T, K>(
        memory: &mut ReplayMemory<Self>,
        game: &RawGame,
        source: &S,
        target: &T,
        dialect: &Dialect,
        sink: &mut K,
    ) -> Replayed<Self>
    where
        S: Notation<Position = Self, Move = Self::Move> + ?Sized,
        T: Notation<Position = Self, Move = Self::Move> + ?Sized,
        K: MovetextSink,
    {
        match crate::registry_algebraic(source) {
            Some(source) => replay_into_in(memory, game, source, target, dialect, sink),
            None => replay_into_in(memory, game, source, target, dialect, sink),
        }
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

/// Why a request cannot run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DispatchError {
    /// A notation or style the registry does not know.
    Lookup(LookupError),
    /// A style given for notations that are not descriptive; the descriptive names.
    StyleWithoutDescriptive(Vec<&'static str>),
}

impl fmt::Display for DispatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DispatchError::Lookup(err) => err.fmt(f),
            DispatchError::StyleWithoutDescriptive(names) => write!(
                f,
                "a style is the style of a descriptive notation ({}); neither side is one",
                names.join(", ")
            ),
        }
    }
}

impl std::error::Error for DispatchError {}

impl From<LookupError> for DispatchError {
    fn from(err: LookupError) -> Self {
        DispatchError::Lookup(err)
    }
}

impl Registry {
    /// Finds the notations `request` names or detects, and runs `task` with them on the
    /// position kind they need: the descriptive position when either side is descriptive or
    /// the input looks so, else the plain one.
    ///
    /// # Errors
    ///
    /// An unknown notation or style, or a style where neither side is descriptive.
    ///
    /// # Examples
    ///
    /// ```
    /// use notation_registry::{Game, Kind, NotationOf, Notations, Registry, Request, Task};
    ///
    /// /// The name of the notation written.
    /// struct TargetName;
    ///
    /// impl Task for TargetName {
    ///     type Output = &'static str;
    ///     fn run<P: Kind, N: NotationOf<P> + ?Sized>(self, with: Notations<'_, '_, N>) -> &'static str {
    ///         with.target.map_or("none", |t| t.name)
    ///     }
    /// }
    ///
    /// let request = Request {
    ///     game: Game::Chess,
    ///     from: Some("fr"),
    ///     to: Some(Some("descriptive")),
    ///     style: None,
    ///     as_written: false,
    ///     looks_descriptive: &|_| false,
    ///     hint: None,
    /// };
    /// assert_eq!(Registry::standard().run(&request, TargetName), Ok("descriptive"));
    /// ```
    pub fn run<T: Task>(&self, request: &Request<'_>, task: T) -> Result<T::Output, DispatchError> {
        let dialect = (crate::game(request.game).dialect)();
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
            if request.style.is_some() {
                return Err(DispatchError::StyleWithoutDescriptive(
                    self.descriptive_names(),
                ));
            }
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
            || (from.is_none() && (request.looks_descriptive)(self));
        if descriptive {
            return self.run_on_descriptive(request, from, to, &dialect, task);
        }
        if request.style.is_some() {
            return Err(DispatchError::StyleWithoutDescriptive(
                self.descriptive_names(),
            ));
        }
        let algebraic = |c: Chess<'_>| match c {
            Chess::Algebraic(e) => e.notation,
            Chess::Descriptive(_) => unreachable!("descriptive is read on its own position"),
        };
        let detect = |game: &RawGame| {
            let sets = crate::chess_letter_sets();
            let detected = if request.as_written {
                notation_detect::chess_as_written(game, sets)
            } else {
                notation_detect::chess(game, sets)
            };
            match request.hint {
                Some(words) => self.hinted(detected, game, words),
                None => detected,
            }
        };
        let source = match from {
            Some(from) => Source::Named(algebraic(from)),
            None => Source::Detect {
                detect: &detect,
                fallback: self.default_chess().notation,
            },
        };
        let target = to.map(|to| Target {
            name: to.name(),
            notation: algebraic(to),
        });
        Ok(task.run(Notations {
            source: &source,
            target: target.as_ref(),
            dialect: &dialect,
        }))
    }

    /// [`Registry::run`] on the descriptive position, both sides carried there.
    fn run_on_descriptive<T: Task>(
        &self,
        request: &Request<'_>,
        from: Option<Chess<'_>>,
        to: Option<Chess<'_>>,
        dialect: &Dialect,
        task: T,
    ) -> Result<T::Output, DispatchError> {
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
            dialect,
        }))
    }

    /// What letter-set detection made of `game`, and for a game no letter set reads but a
    /// descriptive language does, `words` naming that language.
    fn hinted(
        &self,
        detected: Detected<'static, ChessNotation>,
        game: &RawGame,
        words: fn(&str, &str) -> String,
    ) -> Detected<'static, ChessNotation> {
        let Detected::Closest(notation, why) = detected else {
            return detected;
        };
        let hint = notation_detect::detect_descriptive_game(&self.descriptive_readers(), game)
            .ok()
            .and_then(|detection| {
                let name = detection.language().ok()?;
                Some(words(name, &detection.reason()))
            })
            .unwrap_or_default();
        Detected::Closest(notation, format!("{why}{hint}"))
    }
}
