//! Chess and draughts game records as Arrow tables: one row per game, in batches of a bounded
//! number of rows, so that memory stays constant whatever the size of the input.
//!
//! The header columns take the names and types of the lichess Parquet dataset (`WhiteElo` as
//! int16, `UTCDate` as date32, `UTCTime` as time32 in milliseconds, ...); every other tag is
//! kept in `other_tags`. Each game is replayed move by move ([`board_core::replay_into`]): `uci`
//! holds its main line, `valid` and `error` say whether it replayed and why not, one column per
//! notation asked for holds the movetext converted (`movetext_fr`). `clocks`, `evals` and
//! `mates` come from `%clk` and `%eval`, `game_hash` identifies the start position and main
//! line for deduplication, and `source_file`, `source_frame`, `source_offset` say where each
//! game starts. A game that cannot be read or replayed is a row with `valid = false`, never
//! dropped. The columns, their types and what they hold: `docs/cli.md`, section `export`.
//!
//! # Examples
//!
//! ```
//! use arrow_array::{Array, BooleanArray, Int16Array, StringArray, cast::AsArray};
//! use game_table::{Provenance, Table, TableOptions};
//!
//! let file = "[White \"Ann\"]\n[WhiteElo \"2100\"]\n\n1. e4 { [%clk 0:03:00] } e5 2. Nf3 1-0\n\n\
//!             [White \"Bob\"]\n\n1. e4 e4 *\n";
//! let table = Table::new(TableOptions { to: vec!["fr".into()], ..TableOptions::default() })?;
//! let mut batches = table.read(file.as_bytes(), Provenance::plain("games.pgn"));
//! let batch = batches.next().unwrap()?;
//! assert_eq!(batch.num_rows(), 2);
//! let elo = batch.column_by_name("WhiteElo").unwrap();
//! assert_eq!(elo.as_any().downcast_ref::<Int16Array>().unwrap().value(0), 2100);
//! let fr = batch.column_by_name("movetext_fr").unwrap().as_string::<i32>();
//! assert_eq!(fr.value(0), "1. e4 {[%clk 0:03:00]} 1... e5 2. Cf3 1-0");
//! let valid = batch.column_by_name("valid").unwrap().as_boolean();
//! assert!(valid.value(0) && !valid.value(1));
//! let offsets = batch.column_by_name("source_offset").unwrap();
//! assert_eq!(offsets.as_primitive::<arrow_array::types::UInt64Type>().values(), &[0, 73]);
//! assert_eq!(batches.summary().invalid, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod batches;
mod columns;
mod row;

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use arrow_array::RecordBatch;
use arrow_array::builder::StringBuilder;
use arrow_schema::{ArrowError, Field, Schema, SchemaRef};
use board_core::{Code, Diagnostic, Dialect, GameError, RawGame, Rules};
use notation_descriptive::DescriptivePosition;
use notation_registry::{Chess, ChessNotation, DraughtsNotation, OnDescriptive, Registry};

pub use batches::{Finding, GameBatches, Summary};
pub use notation_registry::Game;

use columns::{Builder, Column};
use row::{Annotations, Replay, Tags, Typed};

/// How many rows a batch holds by default: a few tens of megabytes of lichess games.
pub const DEFAULT_BATCH_ROWS: usize = 8192;

/// What a table is made of.
#[derive(Debug, Clone)]
pub struct TableOptions {
    /// The game the records are of; it picks the record dialect (PGN, PDN) and the rules.
    pub game: Game,
    /// The notation the moves are written in, by its registry name (`en` for chess, `manoury`
    /// for draughts when `None`).
    pub from: Option<String>,
    /// One column per notation, by registry name: `fr` gives `movetext_fr`, `descriptive-fr`
    /// gives `movetext_descriptive_fr`.
    pub to: Vec<String>,
    /// The columns to keep, by name, in table order; every column when `None`. Columns that
    /// need the replay (`uci`, `valid`, `error`, `ply_count`, `game_hash`, notations) are
    /// the costly ones: leaving them all out skips the replay.
    pub columns: Option<Vec<String>>,
    /// Rows per batch, at least 1.
    pub batch_rows: usize,
    /// Threads that build the rows of a batch, each a share of it (1: the caller's thread).
    pub jobs: usize,
}

impl Default for TableOptions {
    fn default() -> Self {
        TableOptions {
            game: Game::Chess,
            from: None,
            to: Vec::new(),
            columns: None,
            batch_rows: DEFAULT_BATCH_ROWS,
            jobs: 1,
        }
    }
}

/// A notation or column name the table cannot take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableError {
    message: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TableError {}

/// Where a zstd frame starts in the decompressed stream a reader is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrameStart {
    /// The frame's number in its file, from 0 (skippable frames not counted).
    pub frame: u64,
    /// The offset in the decompressed stream of the frame's first byte.
    pub offset: u64,
}

/// The frame starts a decompressor tells as it reaches each frame
/// (`record_input::Decompressed::on_frame`), shared with the [`Provenance`] that places the
/// games read from it: a clone pushes, the provenance reads.
#[derive(Debug, Clone, Default)]
pub struct FrameLog {
    starts: Arc<Mutex<Vec<FrameStart>>>,
}

impl FrameLog {
    /// An empty log.
    #[must_use]
    pub fn new() -> FrameLog {
        FrameLog::default()
    }

    /// Frame `start.frame` begins at `start.offset` of the stream, after every frame pushed
    /// before.
    pub fn push(&self, start: FrameStart) {
        self.lock().push(start);
    }

    /// What a decompressor calls as each frame begins (`(frame, offset)`, the arguments of
    /// `record_input::Decompressed::on_frame`): pushes that start into this log.
    ///
    /// # Examples
    ///
    /// ```
    /// use game_table::{FrameLog, Provenance};
    ///
    /// let log = FrameLog::new();
    /// let mut on_frame = log.recorder();
    /// on_frame(0, 0);
    /// on_frame(1, 8_388_608);
    /// let _placed = Provenance::following("games.pgn.zst", log);
    /// ```
    pub fn recorder(&self) -> impl FnMut(usize, u64) + Send + 'static {
        let log = self.clone();
        move |frame, offset| {
            log.push(FrameStart {
                frame: frame as u64,
                offset,
            });
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<FrameStart>> {
        // A pusher that panicked left whole entries: the list is still good.
        self.starts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes the starts pushed since the last call.
    fn take(&self) -> Vec<FrameStart> {
        std::mem::take(&mut *self.lock())
    }
}

impl PartialEq for FrameLog {
    fn eq(&self, other: &FrameLog) -> bool {
        Arc::ptr_eq(&self.starts, &other.starts)
    }
}

impl Eq for FrameLog {}

/// Where the games of a reader come from: the input's name and, for a zstd file read by
/// frames, where each frame starts, so that each game is placed as (frame, offset in frame).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Provenance {
    file: Arc<str>,
    frames: Vec<FrameStart>,
    /// Where more frame starts come from as the stream is read.
    log: Option<FrameLog>,
}

impl Provenance {
    /// A plain stream named `file`: offsets are the stream's, frames null. A compressed file
    /// decompressed whole is such a stream too (offsets in its decompressed text).
    pub fn plain(file: impl Into<Arc<str>>) -> Provenance {
        Provenance {
            file: file.into(),
            frames: Vec::new(),
            log: None,
        }
    }

    /// A stream of zstd frames named `file`, decompressed one after the other: `frames` says
    /// where each starts in that stream, in order. A game before the first frame start is
    /// placed in the stream, frame null.
    pub fn framed(file: impl Into<Arc<str>>, mut frames: Vec<FrameStart>) -> Provenance {
        frames.sort_by_key(|f| f.offset);
        Provenance {
            file: file.into(),
            frames,
            log: None,
        }
    }

    /// A stream named `file` whose frame starts are pushed to `log` as it is decompressed
    /// (none for a stream that is not zstd: then it places games as [`Provenance::plain`]).
    /// [`Table::read`] brings the starts in before it places each batch's games; a caller of
    /// [`TableBuilder::push_game`] calls [`Provenance::update`].
    pub fn following(file: impl Into<Arc<str>>, log: FrameLog) -> Provenance {
        Provenance {
            file: file.into(),
            frames: Vec::new(),
            log: Some(log),
        }
    }

    /// Brings in the frame starts pushed to the log since the last update
    /// ([`Provenance::following`]); nothing for another provenance.
    pub fn update(&mut self) {
        if let Some(log) = &self.log {
            // Pushed in stream order, after those already in.
            self.frames.extend(log.take());
        }
    }

    /// The input's name.
    #[must_use]
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The frame and offset within it of stream offset `offset` (no frame for a plain input).
    #[must_use]
    pub fn locate(&self, offset: u64) -> (Option<u64>, u64) {
        let k = self.frames.partition_point(|f| f.offset <= offset);
        match k.checked_sub(1).map(|k| self.frames[k]) {
            Some(start) => (Some(start.frame), offset - start.offset),
            None => (None, offset),
        }
    }
}

static UCI: notation_en::Uci = notation_en::Uci::STANDARD;

/// The notations a table replays with, by position kind.
#[derive(Clone)]
enum Notations {
    /// Algebraic chess on the plain position.
    Chess {
        source: &'static ChessNotation,
        targets: Vec<&'static ChessNotation>,
    },
    /// Chess where a descriptive notation reads or writes: everything on the position that
    /// remembers where pieces started.
    Descriptive {
        source: OnDescriptive,
        uci: OnDescriptive,
        targets: Vec<OnDescriptive>,
    },
    /// International draughts; the `uci` column holds Manoury moves.
    Draughts {
        source: &'static DraughtsNotation,
        moves: &'static DraughtsNotation,
        targets: Vec<&'static DraughtsNotation>,
    },
}

/// What every builder of one table shares.
struct Inner {
    game: Game,
    dialect: Dialect,
    /// The dialect the notation columns are written in: one line per game.
    one_line: Dialect,
    notations: Notations,
    /// The kept columns, in table order.
    columns: Vec<Column>,
    schema: SchemaRef,
    replays: bool,
    batch_rows: usize,
    jobs: usize,
}

/// A games table: its notations and columns, resolved once; cheap to clone and share
/// between threads.
#[derive(Clone)]
pub struct Table {
    inner: Arc<Inner>,
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("schema", &self.inner.schema)
            .finish_non_exhaustive()
    }
}

/// The column name of notation `name`: `movetext_` and the name, `-` as `_`.
fn notation_column(name: &str) -> String {
    format!("movetext_{}", name.replace('-', "_"))
}

impl Table {
    /// The table `options` describe.
    ///
    /// # Errors
    ///
    /// A [`TableError`] when a notation is unknown for the game (the message lists the known
    /// ones) or a column name is not one of the table's.
    pub fn new(options: TableOptions) -> Result<Table, TableError> {
        let registry = Registry::standard();
        let lookup = |e: notation_registry::LookupError| TableError {
            message: e.to_string(),
        };
        let notations = match options.game {
            Game::Draughts => {
                let source = match &options.from {
                    Some(name) => registry.draughts(name).map_err(lookup)?.notation,
                    None => registry.default_draughts().notation,
                };
                let targets = options
                    .to
                    .iter()
                    .map(|name| registry.draughts(name).map(|e| e.notation))
                    .collect::<Result<_, _>>()
                    .map_err(lookup)?;
                Notations::Draughts {
                    source,
                    moves: registry.default_draughts().notation,
                    targets,
                }
            }
            Game::Chess => {
                let source = match &options.from {
                    Some(name) => registry.chess(name).map_err(lookup)?,
                    None => registry
                        .chess(registry.default_chess().name)
                        .map_err(lookup)?,
                };
                let targets: Vec<Chess<'_>> = options
                    .to
                    .iter()
                    .map(|name| registry.chess(name))
                    .collect::<Result<_, _>>()
                    .map_err(lookup)?;
                let descriptive = std::iter::once(&source)
                    .chain(&targets)
                    .any(|n| matches!(n, Chess::Descriptive(_)));
                match (descriptive, source) {
                    (false, Chess::Algebraic(source)) => Notations::Chess {
                        source: source.notation,
                        targets: targets
                            .iter()
                            .filter_map(|t| match t {
                                Chess::Algebraic(e) => Some(e.notation),
                                Chess::Descriptive(_) => None,
                            })
                            .collect(),
                    },
                    _ => Notations::Descriptive {
                        source: source.on_descriptive(None).map_err(lookup)?,
                        uci: OnDescriptive::Algebraic(notation_descriptive::Tracked(&UCI)),
                        targets: targets
                            .iter()
                            .map(|t| t.on_descriptive(None))
                            .collect::<Result<_, _>>()
                            .map_err(lookup)?,
                    },
                }
            }
        };
        let names: Vec<String> = options.to.iter().map(|n| notation_column(n)).collect();
        let all = columns::all(&names);
        let kept: Vec<(String, Column)> = match &options.columns {
            None => all,
            Some(wanted) => {
                if let Some(unknown) = wanted.iter().find(|w| !all.iter().any(|(n, _)| n == *w)) {
                    let known: Vec<&str> = all.iter().map(|(n, _)| n.as_str()).collect();
                    return Err(TableError {
                        message: format!(
                            "unknown column {unknown:?}; the columns are: {}",
                            known.join(", ")
                        ),
                    });
                }
                all.into_iter()
                    .filter(|(n, _)| wanted.contains(n))
                    .collect()
            }
        };
        let schema = Schema::new(
            kept.iter()
                .map(|(name, column)| {
                    Field::new(
                        name,
                        columns::data_type(*column),
                        columns::nullable(*column),
                    )
                })
                .collect::<Vec<_>>(),
        );
        let dialect = (notation_registry::game(options.game).dialect)();
        Ok(Table {
            inner: Arc::new(Inner {
                game: options.game,
                one_line: dialect.clone().with_line_width(usize::MAX),
                dialect,
                notations,
                replays: kept.iter().any(|(_, c)| columns::needs_replay(*c)),
                columns: kept.into_iter().map(|(_, c)| c).collect(),
                schema: Arc::new(schema),
                batch_rows: options.batch_rows.max(1),
                jobs: options.jobs.max(1),
            }),
        })
    }

    /// The table's schema: the kept columns, in order.
    #[must_use]
    pub fn schema(&self) -> SchemaRef {
        Arc::clone(&self.inner.schema)
    }

    /// The record dialect the table reads (PGN, or PDN for draughts).
    #[must_use]
    pub fn dialect(&self) -> &Dialect {
        &self.inner.dialect
    }

    /// An empty builder of this table's rows.
    #[must_use]
    pub fn builder(&self) -> TableBuilder {
        TableBuilder {
            table: self.clone(),
            builders: self
                .inner
                .columns
                .iter()
                .map(|c| Builder::new(*c))
                .collect(),
            rows: 0,
            annotations: Annotations::default(),
            replay: Replay::default(),
            key: Vec::new(),
        }
    }

    /// The batches of the games `reader` holds (plain text: `record_input::decompress` opens
    /// compressed input), placed by `provenance`.
    pub fn read<R: std::io::Read>(&self, reader: R, provenance: Provenance) -> GameBatches<R> {
        GameBatches::new(self.clone(), reader, provenance)
    }
}

/// What became of one game pushed to a [`TableBuilder`].
#[derive(Debug, Clone)]
pub struct Outcome {
    /// It read and replayed without error (always `true` when the table does not replay).
    pub valid: bool,
    /// Half-moves of its main line, when it replayed.
    pub plies: usize,
    /// What its reading and replay reported, errors and warnings, spans in the game's text.
    pub diagnostics: Vec<Diagnostic>,
    /// It has a row: `false` for a record of text between games, skipped with a warning.
    pub row: bool,
}

/// The rows of one table, a game at a time; [`TableBuilder::finish`] makes them a batch.
pub struct TableBuilder {
    table: Table,
    builders: Vec<Builder>,
    rows: usize,
    annotations: Annotations,
    replay: Replay,
    key: Vec<u8>,
}

impl fmt::Debug for TableBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TableBuilder")
            .field("rows", &self.rows)
            .finish_non_exhaustive()
    }
}

/// XXH3-128 (seed 0) of what identifies a game, as 32 hex digits: the game's name, the
/// start position's FEN as the rules write it back (so two spellings of one position agree),
/// and the main line's moves in `uci`'s notation, each followed by a space.
fn game_hash(key: &mut Vec<u8>, game: Game, start: &str, moves: &MainMoves) -> String {
    key.clear();
    key.extend_from_slice(match game {
        Game::Chess => b"chess\n",
        Game::Draughts => b"draughts\n",
    });
    key.extend_from_slice(start.as_bytes());
    key.push(b'\n');
    for mv in moves.iter() {
        key.extend_from_slice(mv.as_bytes());
        key.push(b' ');
    }
    format!("{:032x}", twox_hash::XxHash3_128::oneshot(key))
}

use row::MainMoves;

impl TableBuilder {
    /// Rows pushed since the last batch.
    #[must_use]
    pub fn len(&self) -> usize {
        self.rows
    }

    /// No row was pushed since the last batch.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// Adds the row of `game`, replayed when the table's columns need it, placed by
    /// `provenance` at [`RawGame::offset`].
    ///
    /// A record that holds no game, text between games (a book's heading, a paragraph; see
    /// [`RawGame::is_skipped_text`]), gets no row: its outcome has `row` false and the
    /// skipped-text warning, as `scoresheet check` reports it. It is replayed to tell, even
    /// when the columns need no replay.
    pub fn push_game(&mut self, game: &RawGame, provenance: &Provenance) -> Outcome {
        let inner = Arc::clone(&self.table.inner);
        let mut start = None;
        // Only a record that looks like prose can be one; the replay says whether it is.
        let prose = game.looks_like_prose();
        let replays = inner.replays || prose;
        match &inner.notations {
            Notations::Chess { source, targets } => {
                self.annotations.read(game, *source);
                if replays {
                    self.replay.run::<chess_rules::Position, ChessNotation>(
                        game,
                        *source,
                        &UCI,
                        targets,
                        &inner.dialect,
                        &inner.one_line,
                    );
                    start = <chess_rules::Position as Rules>::setup(game)
                        .ok()
                        .map(|p| p.to_fen());
                }
            }
            Notations::Descriptive {
                source,
                uci,
                targets,
            } => {
                self.annotations.read(game, source);
                if replays {
                    let targets: Vec<&OnDescriptive> = targets.iter().collect();
                    self.replay.run::<DescriptivePosition, OnDescriptive>(
                        game,
                        source,
                        uci,
                        &targets,
                        &inner.dialect,
                        &inner.one_line,
                    );
                    start = <chess_rules::Position as Rules>::setup(game)
                        .ok()
                        .map(|p| p.to_fen());
                }
            }
            Notations::Draughts {
                source,
                moves,
                targets,
            } => {
                self.annotations.read(game, *source);
                if replays {
                    self.replay
                        .run::<draughts_rules::Position, DraughtsNotation>(
                            game,
                            *source,
                            *moves,
                            targets,
                            &inner.dialect,
                            &inner.one_line,
                        );
                    start = <draughts_rules::Position as Rules>::setup(game)
                        .ok()
                        .map(|p| p.to_fen());
                }
            }
        }
        if prose && game.is_skipped_text(self.replay.plies, &self.replay.diagnostics) {
            self.replay.diagnostics.clear();
            return Outcome {
                valid: true,
                plies: 0,
                diagnostics: vec![game.as_skipped_text()],
                row: false,
            };
        }
        let valid = !inner.replays || self.replay.valid;
        let hash = match (&start, valid && inner.replays) {
            (Some(start), true) => Some(game_hash(
                &mut self.key,
                inner.game,
                start,
                &self.replay.moves,
            )),
            _ => None,
        };
        let error = self
            .replay
            .diagnostics
            .iter()
            .find(|d| d.is_error())
            .filter(|_| inner.replays);
        let tags = Tags::of(game);
        let (frame, offset) = provenance.locate(game.offset());
        for (column, builder) in inner.columns.iter().zip(&mut self.builders) {
            append(
                *column,
                builder,
                &Values {
                    game: Some(game),
                    unread: None,
                    kind: inner.game,
                    tags: Some(&tags),
                    annotations: Some(&self.annotations),
                    replay: (inner.replays && valid).then_some(&self.replay),
                    valid,
                    hash: hash.as_deref(),
                    error: error.map(|d| (d.code, d.message.as_str())),
                    file: provenance.file(),
                    frame,
                    offset,
                },
            );
        }
        self.rows += 1;
        let mut diagnostics = game.warnings().to_vec();
        if inner.replays {
            diagnostics.append(&mut self.replay.diagnostics);
        }
        Outcome {
            valid,
            plies: if valid { self.replay.plies } else { 0 },
            diagnostics,
            row: true,
        }
    }

    /// Adds the row of a game the reader could not read: `valid = false`, its error, its
    /// place, and its whole text as read in `movetext`; the other columns null.
    pub fn push_unreadable(&mut self, error: &GameError, provenance: &Provenance) -> Outcome {
        let inner = Arc::clone(&self.table.inner);
        let diagnostic = error.diagnostic();
        let (frame, offset) = provenance.locate(error.offset());
        for (column, builder) in inner.columns.iter().zip(&mut self.builders) {
            append(
                *column,
                builder,
                &Values {
                    game: None,
                    unread: Some(error.text()),
                    kind: inner.game,
                    tags: None,
                    annotations: None,
                    replay: None,
                    valid: false,
                    hash: None,
                    error: Some((diagnostic.code, diagnostic.message.as_str())),
                    file: provenance.file(),
                    frame,
                    offset,
                },
            );
        }
        self.rows += 1;
        let mut diagnostics = error.warnings().to_vec();
        diagnostics.push(diagnostic);
        Outcome {
            valid: false,
            plies: 0,
            diagnostics,
            row: true,
        }
    }

    /// The rows pushed since the last batch, as a batch of the table's schema; the builder is
    /// empty after.
    ///
    /// # Errors
    ///
    /// An [`ArrowError`] if the columns do not fit the schema, which would be a bug here.
    pub fn finish(&mut self) -> Result<RecordBatch, ArrowError> {
        let arrays = self.builders.iter_mut().map(Builder::finish).collect();
        let rows = std::mem::take(&mut self.rows);
        let options = arrow_array::RecordBatchOptions::new().with_row_count(Some(rows));
        RecordBatch::try_new_with_options(self.table.schema(), arrays, &options)
    }
}

/// What a row's columns are filled from.
struct Values<'a, 'g> {
    game: Option<&'g RawGame>,
    /// The text of a game that could not be read, kept whole in `movetext`.
    unread: Option<&'a str>,
    kind: Game,
    tags: Option<&'a Tags<'g>>,
    annotations: Option<&'a Annotations>,
    /// The replay of a valid game.
    replay: Option<&'a Replay>,
    valid: bool,
    hash: Option<&'a str>,
    error: Option<(Code, &'a str)>,
    file: &'a str,
    frame: Option<u64>,
    offset: u64,
}

fn text(builder: &mut Builder) -> &mut StringBuilder {
    match builder {
        Builder::Text(b) => b,
        _ => unreachable!("a text column has a text builder"),
    }
}

/// Appends one value of `column`, from `v`, to its builder.
fn append(column: Column, builder: &mut Builder, v: &Values<'_, '_>) {
    match (column, builder) {
        (Column::Header(k), builder) => {
            let value = v.tags.and_then(|t| t.headers[k].as_ref());
            match (builder, value) {
                (Builder::Text(b), Some(Typed::Text(s))) => b.append_value(s),
                (Builder::Int16(b), Some(Typed::Int16(n))) => b.append_value(*n),
                (Builder::Date(b), Some(Typed::Date(d))) => b.append_value(*d),
                (Builder::Time(b), Some(Typed::Time(t))) => b.append_value(*t),
                (Builder::Text(b), _) => b.append_null(),
                (Builder::Int16(b), _) => b.append_null(),
                (Builder::Date(b), _) => b.append_null(),
                (Builder::Time(b), _) => b.append_null(),
                _ => unreachable!("a header column has its kind's builder"),
            }
        }
        (Column::Movetext, b) => text(b).append_option(v.game.map(row::movetext).or(v.unread)),
        (Column::OtherTags, Builder::Map(b)) => {
            let Some(tags) = v.tags else {
                let _ = b.append(false);
                return;
            };
            for (name, value) in &tags.other {
                b.keys().append_value(name);
                b.values().append_value(value);
            }
            // Keys and values were appended in pairs: the map cannot be malformed.
            let _ = b.append(true);
        }
        (Column::Game, b) => text(b).append_value(notation_registry::game(v.kind).name),
        (Column::Uci, Builder::TextList(b)) => match v.replay {
            Some(replay) => {
                for mv in replay.moves.iter() {
                    b.values().append_value(mv);
                }
                b.append(true);
            }
            None => b.append(false),
        },
        (Column::Notation(k), b) => {
            text(b).append_option(v.replay.map(|r| r.written[k].as_str()));
        }
        (Column::PlyCount, Builder::UInt32(b)) => {
            b.append_option(v.replay.map(|r| u32::try_from(r.plies).unwrap_or(u32::MAX)))
        }
        (Column::Clocks, Builder::FloatList(b)) => match v.annotations {
            Some(a) if a.any_clock => {
                b.values().extend(a.clocks.iter().copied());
                b.append(true);
            }
            _ => b.append(false),
        },
        (Column::Evals, Builder::FloatList(b)) => match v.annotations {
            Some(a) if a.any_eval => {
                b.values().extend(a.evals.iter().copied());
                b.append(true);
            }
            _ => b.append(false),
        },
        (Column::Mates, Builder::Int16List(b)) => match v.annotations {
            Some(a) if a.any_eval => {
                b.values().extend(a.mates.iter().copied());
                b.append(true);
            }
            _ => b.append(false),
        },
        (Column::GameHash, b) => text(b).append_option(v.hash),
        (Column::Valid, Builder::Bool(b)) => b.append_value(v.valid),
        (Column::Error, Builder::Error(b)) => {
            let (code, message) = match v.error {
                Some((code, message)) => (Cow::Borrowed(code.as_str()), message),
                None => (Cow::Borrowed(""), ""),
            };
            let present = v.error.is_some();
            for (k, value) in [code.as_ref(), message].into_iter().enumerate() {
                let Some(field) = b.field_builder::<StringBuilder>(k) else {
                    unreachable!("the error struct has two text fields");
                };
                // A struct's null row still holds a value in each non-null field.
                field.append_value(value);
            }
            b.append(present);
        }
        (Column::SourceFile, b) => text(b).append_value(v.file),
        (Column::SourceFrame, Builder::UInt64(b)) => b.append_option(v.frame),
        (Column::SourceOffset, Builder::UInt64(b)) => b.append_value(v.offset),
        _ => unreachable!("each column has its own builder"),
    }
}

/// The names of the table's columns without notation columns, in order: for help texts.
#[must_use]
pub fn column_names() -> Vec<String> {
    columns::all(&[]).into_iter().map(|(n, _)| n).collect()
}

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
