//! The loop `convert` and `check` share: read records from files or stdin, replay each game
//! through a notation, write what converted, report what did not.

use std::collections::{BTreeMap, HashSet};
use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, PoisonError, mpsc};

use board_core::{
    Diagnostic, Dialect, GameError, LineCol, Notation, Origin, Output, PartReader, PartStep,
    RawGame, ReadError, RecordReader, ReplayMemory, Rules, Severity, Stitcher, last_game_start,
};

pub(crate) use notation_detect::Source;
use notation_registry::Kind;

use crate::Error;
use crate::progress::{self, Bar, Meter};

/// What a run found, over every input.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub(crate) struct Summary {
    /// Games read.
    pub(crate) games: usize,
    /// Games that replayed without error (and were written, when converting).
    pub(crate) good: usize,
    /// Errors reported.
    pub(crate) errors: usize,
    /// Warnings reported.
    pub(crate) warnings: usize,
    /// Half-moves replayed in main lines.
    pub(crate) plies: usize,
    /// Inputs that could not be opened or read to their end (each reported; the run went on).
    pub(crate) unreadable_files: usize,
}

/// One diagnostic located in its file, for `--format json`.
#[derive(Debug, Clone, serde::Serialize)]
pub(crate) struct Located {
    pub(crate) file: String,
    pub(crate) line: usize,
    pub(crate) column: usize,
    #[serde(flatten)]
    pub(crate) diagnostic: Diagnostic,
}

/// Runs `work` with diagnostics rendered on `err` (text) or written to `json` as JSON Lines,
/// one diagnostic a line, and gives back the summary.
///
/// # Errors
///
/// What `work` returns.
pub(crate) fn reported(
    format: crate::OutputFormat,
    quiet: bool,
    err: &mut dyn Write,
    json: &mut dyn Write,
    work: impl FnOnce(&mut Report<'_>) -> Result<Summary, Error>,
) -> Result<Summary, Error> {
    let mut report = match format {
        crate::OutputFormat::Text => Report::Text { err, quiet },
        crate::OutputFormat::Json => Report::Json(json),
    };
    work(&mut report)
}

/// The last line of a JSON Lines report: the summary, after one line per diagnostic.
///
/// # Errors
///
/// When `out` cannot be written.
pub(crate) fn write_json_summary(out: &mut dyn Write, summary: &Summary) -> io::Result<()> {
    serde_json::to_writer(&mut *out, &serde_json::json!({ "summary": summary }))?;
    out.write_all(b"\n")?;
    out.flush()
}

/// Where diagnostics go: rendered on stderr as they come, or written as JSON Lines.
pub(crate) enum Report<'a> {
    /// Rendered like a compiler's; warnings left out when quiet.
    Text { err: &'a mut dyn Write, quiet: bool },
    /// One JSON object a line, as they come: nothing is kept in memory.
    Json(&'a mut dyn Write),
}

impl Report<'_> {
    /// Whether emitting `done` prints anything on stderr (the progress line must make way).
    fn prints(&self, done: &Done) -> bool {
        match self {
            Report::Text { quiet, .. } => {
                done.unreadable.is_some()
                    || (done.note.is_some() && !quiet)
                    || done
                        .diagnostics
                        .iter()
                        .any(|e| !(*quiet && e.severity == Severity::Warning))
            }
            Report::Json(_) => false,
        }
    }

    /// A remark that is neither warning nor error (what was detected), for people only.
    fn note(&mut self, message: &str) -> io::Result<()> {
        match self {
            Report::Text { err, quiet: false } => writeln!(err, "note: {message}"),
            _ => Ok(()),
        }
    }

    fn emit(&mut self, emitted: Emitted) -> io::Result<()> {
        match self {
            Report::Text { err, quiet } => {
                if !(*quiet && emitted.severity == Severity::Warning) {
                    writeln!(err, "{}", emitted.rendered)?;
                }
            }
            Report::Json(out) => {
                serde_json::to_writer(&mut **out, &emitted.located)?;
                out.write_all(b"\n")?;
            }
        }
        Ok(())
    }

    /// An input that could not be opened or read: reported, and the run goes on.
    fn unreadable(&mut self, file: &str, message: &str) -> io::Result<()> {
        match self {
            Report::Text { err, .. } => writeln!(err, "error: {message}"),
            Report::Json(out) => {
                let line = serde_json::json!({
                    "file": file,
                    "severity": "error",
                    "code": board_core::Code::InputUnreadable,
                    "message": message,
                });
                serde_json::to_writer(&mut **out, &line)?;
                out.write_all(b"\n")
            }
        }
    }
}

/// Game `index` (from 1) of `file` (stdin when absent or `-`), with the name diagnostics give
/// the file: what `show` and `sheet` take one game from.
///
/// # Errors
///
/// [`Error::Input`] when the file cannot be opened or read, or game `index` cannot be read
/// (its diagnostic is printed on stderr); [`Error::Usage`] when the file holds fewer games.
pub(crate) fn read_game(
    file: Option<&Path>,
    index: usize,
    dialect: &Dialect,
) -> Result<(String, RawGame), Error> {
    let files: Vec<PathBuf> = file.map(Path::to_path_buf).into_iter().collect();
    let (name, path) = open_inputs(&files)
        .pop()
        .unwrap_or_else(|| ("<stdin>".to_owned(), None));
    let reader: Box<dyn Read> = match &path {
        Some(path) => Box::new(
            File::open(path)
                .map_err(|e| Error::Input(format!("cannot open {}: {e}", path.display())))?,
        ),
        None => crate::stdin::reader(),
    };
    let (_, reader) = record_input::decompress(reader)
        .map_err(|e| Error::Input(format!("cannot read {name}: {e}")))?;
    // Games counted as `check` counts them: a record of prose is none.
    let mut games = 0;
    let mut prose = 0;
    for item in RecordReader::new(BufReader::new(reader), dialect.clone()) {
        match item {
            Ok(game) if game.looks_like_prose() => prose += 1,
            Ok(game) if game.number() - prose == index => {
                let number = game.number() - prose;
                return Ok((name, game.renumbered(number)));
            }
            Ok(game) => games = game.number() - prose,
            Err(ReadError::Game(err)) if err.number() - prose == index => {
                let _ = write!(crate::output::Stderr, "{}", err.render(&name));
                return Err(Error::Input(format!(
                    "game {index} of {name} cannot be read"
                )));
            }
            Err(ReadError::Game(err)) => games = err.number() - prose,
            Err(err) => return Err(Error::Input(format!("cannot read {name}: {err}"))),
        }
    }
    Err(Error::Usage(format!(
        "--index {index}: {name} has {games} game{}",
        if games == 1 { "" } else { "s" }
    )))
}

/// The inputs: the named files, or stdin when none (or `-`) is named.
pub(crate) fn open_inputs(files: &[PathBuf]) -> Vec<(String, Option<PathBuf>)> {
    if files.is_empty() {
        return vec![("<stdin>".to_owned(), None)];
    }
    files
        .iter()
        .map(|p| {
            if p.as_os_str() == "-" {
                ("<stdin>".to_owned(), None)
            } else {
                (p.display().to_string(), Some(p.clone()))
            }
        })
        .collect()
}

/// A diagnostic rendered for people and located for programs, ready to emit.
struct Emitted {
    severity: Severity,
    rendered: String,
    located: Located,
}

impl Emitted {
    /// `diag`, at `at` in the file (as the game or the reader places it).
    fn new(file: &str, at: LineCol, diag: &Diagnostic, rendered: String) -> Self {
        Emitted {
            severity: diag.severity,
            rendered,
            located: Located {
                file: file.to_owned(),
                line: at.line,
                column: at.column,
                diagnostic: diag.clone(),
            },
        }
    }
}

/// How many bytes of input a part holds, about: enough that handing one out costs nothing
/// next to reading it, few enough that every worker gets several of a small file.
const PART: usize = 1 << 20;

/// The smallest part cut by size ([`part_len`]): below it, handing a part out begins to count.
const MIN_PART: usize = 64 << 10;

/// Parts left to each worker at least, as the file's end nears ([`part_len`]).
const PARTS_PER_WORKER: u64 = 4;

/// `SCORESHEET_PART_BYTES` when set, a fixed part size: the tests cut small files many times.
/// With `SCORESHEET_PART_CUT=lines`, parts are cut at any line start instead of where a game
/// likely starts, so that the tests see many cuts that are no boundary.
fn part_settings() -> (Option<usize>, bool) {
    let bytes = std::env::var("SCORESHEET_PART_BYTES")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .map(|n| n.max(2));
    let guess = std::env::var_os("SCORESHEET_PART_CUT").is_none_or(|v| v != "lines");
    (bytes, guess)
}

/// How many bytes the next part of a file takes, `remaining` bytes of it unread when that is
/// known (a plain file, not a pipe nor a compressed one): [`PART`], smaller as the end nears, so
/// that each of `jobs` workers (two or more) has [`PARTS_PER_WORKER`] parts of what is left (at
/// least [`MIN_PART`]). With parts of one size, a 5 MB file gave 8 workers five parts, and on 2 the
/// last part of 14 was replayed by one worker while the other waited.
fn part_len(fixed: Option<usize>, remaining: Option<u64>, jobs: usize) -> usize {
    if let Some(fixed) = fixed {
        return fixed;
    }
    // One worker has no one to wait for at the end: smaller parts would only cost more.
    let Some(remaining) = remaining.filter(|_| jobs > 1) else {
        return PART;
    };
    let share = remaining / (PARTS_PER_WORKER * jobs.max(1) as u64);
    usize::try_from(share).map_or(PART, |share| share.clamp(MIN_PART, PART))
}

/// How many bytes of the next part a worker sees past its own, to find where the next game
/// starts (the line of a tag pair, nearly always).
const LOOKAHEAD: usize = 4096;

/// How many workers replay games by default: every core (games are independent).
pub(crate) fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// What to say of a game detection left undecided when it is read in another notation than
/// the default: several letter sets write its moves alike (Spanish and Italian, German and
/// Swedish), and the first of them that fits reads it. The same words for every such game of
/// a file, which the collector says once.
fn read_as<N: Notation + ?Sized>(
    source: &Source<'_, N>,
    notation: &N,
    decided: Option<&N>,
) -> Option<String> {
    match source {
        Source::Detect { fallback, .. }
            if decided.is_none() && notation.name() != fallback.name() =>
        {
            let name = notation.name();
            Some(format!(
                "read as {name}: no game so far tells its letter set from another that writes \
                 the same moves; {name} reads them"
            ))
        }
        _ => None,
    }
}

/// What the workers know of one input file.
struct FileCtx<'n, N: ?Sized> {
    name: Arc<str>,
    /// The notation the file's first part decided on (`Some(None)`: it decided on none), for
    /// the workers of the other parts, which wait for it.
    decided: Mutex<Option<Option<&'n N>>>,
    settled: Condvar,
}

impl<'n, N: ?Sized> FileCtx<'n, N> {
    fn settle(&self, notation: Option<&'n N>) {
        let mut decided = self.decided.lock().unwrap_or_else(PoisonError::into_inner);
        if decided.is_none() {
            *decided = Some(notation);
            self.settled.notify_all();
        }
    }

    fn wait(&self) -> Option<&'n N> {
        let mut decided = self.decided.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if let Some(notation) = *decided {
                return notation;
            }
            decided = self
                .settled
                .wait(decided)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// A part of an input for a worker, in input order by `seq`.
struct Part<'n, N: ?Sized> {
    seq: usize,
    file: Arc<FileCtx<'n, N>>,
    /// The part starts the file.
    first: bool,
    origin: Origin,
    /// Shared by the worker's reader and the collector, which stitches and writes from them.
    bytes: Arc<Vec<u8>>,
    /// The first bytes of the next part.
    lookahead: Vec<u8>,
    /// Where the next part starts; `None` for the file's last part.
    end: Option<u64>,
    /// What cut the file short after this last part.
    error: Option<io::Error>,
}

/// Something the collector emits in input order.
enum Job<'n, N: ?Sized> {
    Part(Part<'n, N>),
    /// An input that could not be opened or read: the message.
    Unreadable(usize, Arc<str>, String),
}

impl<N: ?Sized> Job<'_, N> {
    fn seq(&self) -> usize {
        match self {
            Job::Part(part) => part.seq,
            Job::Unreadable(seq, ..) => *seq,
        }
    }
}

/// One item of a part as a worker left it: numbered from the part's start, its diagnostics
/// not rendered (the collector numbers and renders them).
enum Item {
    /// A game replayed.
    Replayed {
        /// Its bytes in the file.
        range: std::ops::Range<u64>,
        /// The game, kept when it has diagnostics to render.
        game: Option<RawGame>,
        /// What the replay reported.
        diagnostics: Vec<Diagnostic>,
        good: bool,
        plies: usize,
        written: String,
        /// What detection said about it, before it.
        note: Option<String>,
    },
    /// A game the worker could not replay: its notation depends on games it cannot see.
    Deferred(RawGame),
    /// A record with no tag, no result and no token that reads as a move: text between games
    /// (a book's heading before a game), skipped with a warning as the reader skips a comment
    /// there, and kept where the file is rewritten in place (`fmt`).
    Prose(RawGame),
    /// A game that could not be read.
    Unreadable(Box<GameError>),
    /// The input failed.
    Failed(String),
}

impl Item {
    /// The item as a game for the collector to detect and replay, when it holds the game: a
    /// game replayed with its game kept, or a record found to be prose.
    fn deferred(self) -> Item {
        match self {
            Item::Replayed {
                game: Some(game), ..
            }
            | Item::Prose(game) => Item::Deferred(game),
            item => item,
        }
    }
}

/// A part as its worker left it.
struct Worked<'n, N: ?Sized> {
    part: Part<'n, N>,
    items: Vec<Item>,
    /// Its reader, when the part's end was not found to be where a game starts.
    carry: Option<PartReader>,
    /// Warnings after the file's last game, when its reader reached the end.
    trailing: Option<Vec<Diagnostic>>,
    /// The file's notation as decided at the part's end, when the worker knew it.
    decided: Option<&'n N>,
    /// The worker detected as if no game before the part had decided (the file's first part
    /// decided nothing), and kept every game it replayed, for the collector to replay again
    /// where a game before the part did decide.
    speculated: bool,
}

/// What the collector receives, by `seq`.
enum Finished<'n, N: ?Sized> {
    Part(Box<Worked<'n, N>>),
    Unreadable(Arc<str>, String),
}

/// What the replay writes the games that replay in.
pub(crate) enum Target<'a, N: ?Sized> {
    /// Nothing: the games are only checked.
    Check,
    /// This notation.
    To(&'a N),
    /// The notation each game is read in (`fmt`).
    Same,
}

impl<N: ?Sized> Clone for Target<'_, N> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<N: ?Sized> Copy for Target<'_, N> {}

impl<'a, N: ?Sized> Target<'a, N> {
    /// The notation to write a game read in `read` in.
    fn of(self, read: &'a N) -> Option<&'a N> {
        match self {
            Target::Check => None,
            Target::To(notation) => Some(notation),
            Target::Same => Some(read),
        }
    }
}

/// Where the collector puts the input and the games that replay, in input order.
pub(crate) trait Sink {
    /// The next bytes of the input, from file offset `offset`, before the games that start in
    /// them.
    ///
    /// # Errors
    ///
    /// When writing fails.
    fn bytes(&mut self, offset: u64, bytes: Arc<Vec<u8>>) -> io::Result<()>;

    /// A game that replayed: its bytes in the file, and what it was written as.
    ///
    /// # Errors
    ///
    /// When writing fails.
    fn game(&mut self, range: std::ops::Range<u64>, written: &str) -> io::Result<()>;
}

/// The sink of `convert` and `check`: the games written, one after the other.
struct Games<'a>(&'a mut dyn Write);

impl Sink for Games<'_> {
    fn bytes(&mut self, _: u64, _: Arc<Vec<u8>>) -> io::Result<()> {
        Ok(())
    }

    fn game(&mut self, _: std::ops::Range<u64>, written: &str) -> io::Result<()> {
        self.0.write_all(written.as_bytes())
    }
}

/// [`process_into`] writing the games to `out` in `target` (none: checked only).
///
/// # Errors
///
/// As [`process_into`].
#[allow(
    clippy::too_many_arguments,
    reason = "the command's settings, passed through"
)]
pub(crate) fn process<P, N>(
    files: &[PathBuf],
    source: &Source<'_, N>,
    target: Option<&N>,
    dialect: &Dialect,
    out: &mut dyn Write,
    report: &mut Report<'_>,
    progress: bool,
    jobs: usize,
) -> Result<Summary, Error>
where
    P: Kind,
    N: Notation<Position = P, Move = P::Move> + ?Sized + Sync,
{
    let target = target.map_or(Target::Check, Target::To);
    let mut sink = Games(out);
    process_into::<P, N>(
        files, source, target, dialect, &mut sink, report, progress, jobs,
    )
}

/// Replays every game of every input with `source`; gives `sink` the input's bytes and the games
/// that replay, written in `target`. A game with an error is reported and left out; the
/// others go on. Each input is cut in parts where games start; `jobs` workers read, split and
/// replay a part each, and the collector writes them in input order, stitching the parts where
/// a cut was not a boundary, so the output is the same for any number of workers. Memory
/// stays bounded by a few parts per worker. With `progress`, a progress line is drawn on
/// stderr meanwhile (see [`progress`]).
///
/// # Errors
///
/// [`Error::Input`] when a file cannot be opened or read, [`Error::Io`] when writing fails.
#[allow(
    clippy::too_many_arguments,
    reason = "the command's settings, passed through"
)]
pub(crate) fn process_into<P, N>(
    files: &[PathBuf],
    source: &Source<'_, N>,
    target: Target<'_, N>,
    dialect: &Dialect,
    out: &mut dyn Sink,
    report: &mut Report<'_>,
    progress: bool,
    jobs: usize,
) -> Result<Summary, Error>
where
    P: Kind,
    N: Notation<Position = P, Move = P::Move> + ?Sized + Sync,
{
    let inputs = open_inputs(files);
    let meter = Meter::default();
    let bar = progress.then(|| {
        let total = inputs
            .iter()
            .map(|(_, path)| {
                let meta = std::fs::metadata(path.as_ref()?).ok()?;
                meta.is_file().then_some(meta.len())
            })
            .sum();
        let names = inputs.iter().map(|(name, _)| name.clone()).collect();
        // Stderr is unbuffered and its lock reentrant: these writes and the report's, all made
        // on this thread, reach the terminal in the order they are made.
        Bar::new(&meter, names, total, Box::new(io::stderr()))
    });
    let jobs = jobs.max(1);
    // Parts in flight, from the splitter to the collector: a token each, so that a slow output
    // (a pipe to a pager) holds the splitter back instead of filling memory.
    let (token_tx, token_rx) = mpsc::sync_channel::<()>(2 * jobs + 2);
    let (job_tx, job_rx) = mpsc::sync_channel::<Job<'_, N>>(jobs);
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = mpsc::channel::<(usize, Finished<'_, N>)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let (job_rx, done_tx) = (&job_rx, done_tx.clone());
            scope.spawn(move || {
                let mut scratch = Scratch::new();
                loop {
                    // Taken in order, so a part waiting for its file's first part never waits
                    // for one still in the queue.
                    let job = job_rx.lock().unwrap_or_else(PoisonError::into_inner).recv();
                    let Ok(job) = job else { break };
                    let seq = job.seq();
                    let finished = match job {
                        Job::Part(part) => Finished::Part(Box::new(work::<P, N>(
                            part,
                            source,
                            target,
                            dialect,
                            &mut scratch,
                        ))),
                        Job::Unreadable(_, file, message) => Finished::Unreadable(file, message),
                    };
                    if done_tx.send((seq, finished)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let (inputs, meter) = (&inputs, &meter);
        scope.spawn(move || split_all(inputs, &job_tx, &token_tx, meter, jobs));
        // By value: when `collect` stops on an error, the receiver goes, the workers' sends
        // fail and every thread ends instead of waiting on a full channel.
        let context = Collect {
            source,
            target,
            dialect,
            tokens: token_rx,
        };
        collect::<P, N>(done_rx, &context, out, report, bar)
    })
}

/// Reads every input in order and cuts it in parts where games likely start.
fn split_all<'n, N: ?Sized>(
    inputs: &[(String, Option<PathBuf>)],
    jobs: &mpsc::SyncSender<Job<'n, N>>,
    tokens: &mpsc::SyncSender<()>,
    meter: &Meter,
    workers: usize,
) {
    let (fixed, guess) = part_settings();
    let mut seq = 0;
    let send = |job: Job<'n, N>| tokens.send(()).is_ok() && jobs.send(job).is_ok();
    for (index, (name, path)) in inputs.iter().enumerate() {
        meter.reading(index);
        let file: Arc<str> = Arc::from(name.as_str());
        // The size of a plain file, for parts that shrink as its end nears.
        let mut size = None;
        let reader: Box<dyn Read> = match &path {
            Some(path) => match File::open(path) {
                Ok(f) => {
                    size = f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
                    Box::new(f)
                }
                Err(e) => {
                    let message = format!("cannot open {}: {e}", path.display());
                    if !send(Job::Unreadable(seq, file, message)) {
                        return;
                    }
                    seq += 1;
                    continue;
                }
            },
            None => crate::stdin::reader(),
        };
        // Counted as packed, so that progress compares with the file's size.
        let mut reader = match record_input::decompress(meter.count(reader)) {
            Ok((compression, reader)) => {
                if compression != record_input::Compression::None {
                    size = None;
                }
                reader
            }
            Err(e) => {
                let message = format!("cannot read {name}: {e}");
                if !send(Job::Unreadable(seq, file, message)) {
                    return;
                }
                seq += 1;
                continue;
            }
        };
        let ctx = Arc::new(FileCtx {
            name: file,
            decided: Mutex::new(None),
            settled: Condvar::new(),
        });
        let mut origin = Origin::START;
        let remaining = |origin: &Origin| size.map(|size| size.saturating_sub(origin.offset));
        let mut part_len = part_len(fixed, remaining(&origin), workers);
        let mut buf: Vec<u8> = Vec::with_capacity(part_len + LOOKAHEAD);
        let mut first = true;
        // How much to read before cutting: a part and what follows, more for a long line.
        let mut want = part_len + LOOKAHEAD;
        let mut eof = false;
        let mut error = None;
        loop {
            // A part's bytes and what follows, or all that is left.
            while !eof && error.is_none() && buf.len() < want {
                let old = buf.len();
                // Reads of 64 KiB, the last in the room left: one past it grew the buffer, a
                // copy of the whole part.
                let room = buf.capacity() - old;
                buf.resize(old + if room > 0 { room.min(1 << 16) } else { 1 << 16 }, 0);
                match reader.read(&mut buf[old..]) {
                    Ok(0) => {
                        buf.truncate(old);
                        eof = true;
                    }
                    Ok(n) => buf.truncate(old + n),
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => buf.truncate(old),
                    Err(e) => {
                        buf.truncate(old);
                        error = Some(e);
                    }
                }
            }
            let window = want - LOOKAHEAD;
            let last = (eof || error.is_some()) && buf.len() <= window;
            let cut = if last {
                buf.len()
            } else {
                // Where a game likely starts, else at least a line start, in the last half part
                // of the window: a wrong cut costs a second reading, never a wrong game.
                let window = window.min(buf.len());
                let low = window.saturating_sub(part_len / 2);
                let line = || {
                    buf[low..window]
                        .iter()
                        .rposition(|&b| b == b'\n')
                        .map(|k| low + k + 1)
                };
                let guessed = if guess {
                    last_game_start(&buf[..window], low)
                } else {
                    None
                };
                match guessed
                    .or_else(line)
                    .filter(|&cut| cut > 0 && cut < buf.len())
                {
                    Some(cut) => cut,
                    None => {
                        // One line longer than a part: read on.
                        want += part_len;
                        continue;
                    }
                }
            };
            let next = origin.after(&buf[..cut]);
            let next_len = self::part_len(fixed, remaining(&next), workers);
            // The bytes after the cut start the next part, in room for all of it taken at
            // once: split off and grown, they were copied again at each doubling.
            let mut rest = Vec::with_capacity((next_len + LOOKAHEAD).max(buf.len() - cut));
            rest.extend_from_slice(&buf[cut..]);
            buf.truncate(cut);
            let bytes = std::mem::replace(&mut buf, rest);
            let part = Part {
                seq,
                file: Arc::clone(&ctx),
                first,
                origin,
                lookahead: buf[..buf.len().min(LOOKAHEAD)].to_vec(),
                bytes: Arc::new(bytes),
                end: (!last).then_some(next.offset),
                error: if last { error.take() } else { None },
            };
            if !send(Job::Part(part)) {
                return;
            }
            seq += 1;
            first = false;
            origin = next;
            if last {
                break;
            }
            part_len = next_len;
            want = part_len + LOOKAHEAD;
        }
    }
}

/// A worker's part: its games read, split and replayed, in the notation its file decided on.
fn work<'n, P, N>(
    part: Part<'n, N>,
    source: &Source<'n, N>,
    target: Target<'_, N>,
    dialect: &Dialect,
    scratch: &mut Scratch<P>,
) -> Worked<'n, N>
where
    P: Kind,
    N: Notation<Position = P, Move = P::Move> + ?Sized,
{
    let mut reader = PartReader::new(dialect.clone(), part.origin, part.end);
    reader.feed_shared(part.origin.offset, Arc::clone(&part.bytes));
    if part.end.is_none() {
        reader.finish(
            part.error
                .as_ref()
                .map(|e| io::Error::new(e.kind(), e.to_string())),
        );
    } else {
        reader.feed(
            part.origin.offset + part.bytes.len() as u64,
            &part.lookahead,
        );
    }
    // The notation: named, or detected game by game in the file's first part; the other parts
    // take what the first decided, or leave their games to the collector when it decided none.
    let mut decided = match source {
        Source::Named(notation) => Some(*notation),
        Source::Detect { .. } => None,
    };
    let mut detecting = decided.is_none() && part.first;
    let mut waited = decided.is_some() || part.first;
    // A later part of a file whose first part decided nothing detects game by game itself, as
    // if no game before it had decided, so that such a file (Spanish or Italian letters, which
    // write the same moves: no game decides) is replayed by every worker, not by the
    // collector alone. The collector keeps what it did when that holds, and replays its games
    // again, in what was decided, when a game of a part between decided.
    let mut speculating = false;
    let mut items = Vec::new();
    let mut trailing = None;
    // Records found to be prose, which are no games: the games after them are numbered without
    // them, in what detection says of them as in the collector's count.
    let mut prose = 0;
    let carry = loop {
        let game = match reader.step() {
            PartStep::Game(Ok(game)) if prose > 0 => {
                let number = game.number() - prose;
                game.renumbered(number)
            }
            PartStep::Game(Ok(game)) => game,
            PartStep::Game(Err(ReadError::Game(error))) => {
                items.push(Item::Unreadable(error));
                continue;
            }
            PartStep::Game(Err(error)) => {
                items.push(Item::Failed(error.to_string()));
                continue;
            }
            PartStep::Boundary { at, clean } if clean && Some(at) == part.end => break None,
            PartStep::Boundary { .. } | PartStep::NeedInput => break Some(reader),
            // Before the end of the file (an input that is no text): the parts after hold
            // nothing to read, which the stitcher learns from this reader.
            PartStep::End if part.end.is_some() => break Some(reader),
            PartStep::End => {
                trailing = Some(reader.trailing_warnings().to_vec());
                break None;
            }
            _ => break Some(reader),
        };
        if !waited {
            decided = part.file.wait();
            waited = true;
            speculating = decided.is_none();
            detecting = speculating;
        }
        let mut note = None;
        let notation = match (decided, source) {
            (Some(notation), _) => notation,
            (None, Source::Detect { .. }) if detecting => {
                let (notation, why) = source.resolve(&game, &mut decided);
                if decided.is_some() {
                    if part.first {
                        part.file.settle(decided);
                    }
                    detecting = false;
                }
                // What detection says of a game (a decision, the closest reading of a game no
                // notation reads) names it by its number in the file, which only the
                // collector knows for a later part: it detects that game again. The games
                // after it here are read in what it decided, as they would be there.
                if speculating && why.is_some() {
                    items.push(Item::Deferred(game));
                    continue;
                }
                let why = why.or_else(|| read_as(source, notation, decided));
                note = why.map(|why| format!("{}: {why}", part.file.name));
                notation
            }
            _ => {
                items.push(Item::Deferred(game));
                continue;
            }
        };
        let (mut item, mut spare) =
            replay_one::<P, N>(scratch, game, notation, target, dialect, note);
        // Kept for the collector to replay again, should the part's guess be wrong.
        if speculating && let Item::Replayed { game, .. } = &mut item {
            *game = game.take().or_else(|| spare.take());
        }
        prose += usize::from(matches!(item, Item::Prose(_)));
        items.push(item);
        if let Some(game) = spare {
            reader.recycle(game);
        }
    };
    if part.first {
        // Later parts wait for this one's decision, or for its end without one.
        part.file.settle(decided);
    }
    Worked {
        part,
        items,
        carry,
        trailing,
        decided,
        speculated: speculating,
    }
}

/// What a thread replays games in, kept from one game to the next: the text a game is written
/// into, and the replay's memory.
struct Scratch<P: Rules> {
    text: String,
    memory: ReplayMemory<P>,
}

impl<P: Rules> Scratch<P> {
    fn new() -> Scratch<P> {
        Scratch {
            text: String::new(),
            memory: ReplayMemory::new(),
        }
    }
}

/// One game replayed, its diagnostics left to render; the game itself too when they need it,
/// else handed back for its memory to read the next.
fn replay_one<P, N>(
    scratch: &mut Scratch<P>,
    game: RawGame,
    notation: &N,
    target: Target<'_, N>,
    dialect: &Dialect,
    note: Option<String>,
) -> (Item, Option<RawGame>)
where
    P: Kind,
    N: Notation<Position = P, Move = P::Move> + ?Sized,
{
    let Scratch { text, memory } = scratch;
    text.clear();
    let replayed = P::replay_with(
        memory,
        &game,
        notation,
        target.of(notation).map(|notation| Output {
            notation,
            dialect,
            out: &mut *text,
        }),
    );
    let good = !replayed.has_errors();
    if game.is_skipped_text(replayed.plies, &replayed.diagnostics) {
        return (Item::Prose(game), None);
    }
    let keep = !replayed.diagnostics.is_empty() || !game.warnings().is_empty();
    let range = game.source_range();
    let (kept, spare) = if keep {
        (Some(game), None)
    } else {
        (None, Some(game))
    };
    let item = Item::Replayed {
        range,
        game: kept,
        diagnostics: replayed.diagnostics,
        good,
        plies: if good { replayed.plies } else { 0 },
        written: if good { text.clone() } else { String::new() },
        note,
    };
    (item, spare)
}

/// What the collector needs to replay games itself.
struct Collect<'a, 'n, N: ?Sized + 'static> {
    source: &'a Source<'n, N>,
    target: Target<'a, N>,
    dialect: &'a Dialect,
    tokens: mpsc::Receiver<()>,
}

/// The collector's view of the file in progress.
struct FileState<'n, N: ?Sized> {
    name: Arc<str>,
    games: usize,
    decided: Option<&'n N>,
    stitcher: Stitcher,
    /// The input failed: what follows the games read before is lost, warnings included.
    failed: bool,
}

/// Writes what the workers did in input order, numbering and rendering the diagnostics, and
/// stitching parts whose start was not a boundary; counts as it goes, and keeps the progress
/// line, if any, up to date.
fn collect<'n, P, N>(
    done: mpsc::Receiver<(usize, Finished<'n, N>)>,
    context: &Collect<'_, 'n, N>,
    out: &mut dyn Sink,
    report: &mut Report<'_>,
    mut bar: Option<Bar<'_>>,
) -> Result<Summary, Error>
where
    P: Kind,
    N: Notation<Position = P, Move = P::Move> + ?Sized,
{
    let mut summary = Summary::default();
    let mut waiting: BTreeMap<usize, Finished<'n, N>> = BTreeMap::new();
    let mut next = 0;
    let mut file: Option<FileState<'n, N>> = None;
    let mut scratch = Scratch::new();
    let mut said = HashSet::new();
    loop {
        let received = match &mut bar {
            None => done.recv().ok(),
            // A game that takes long to replay must not freeze the line.
            Some(bar) => match done.recv_timeout(progress::TICK) {
                Ok(finished) => Some(finished),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    bar.tick(summary.games);
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => None,
            },
        };
        let Some((seq, finished)) = received else {
            break;
        };
        waiting.insert(seq, finished);
        while let Some(finished) = waiting.remove(&next) {
            next += 1;
            let mut emit = Emitter {
                summary: &mut summary,
                report: &mut *report,
                out: &mut *out,
                bar: &mut bar,
                said: &mut said,
            };
            match finished {
                Finished::Unreadable(name, message) => {
                    emit.done(Done {
                        unreadable: Some((name, message)),
                        ..Done::default()
                    })?;
                }
                Finished::Part(worked) => {
                    let state = match &mut file {
                        Some(state) if !worked.part.first => state,
                        _ => file.insert(FileState {
                            name: Arc::clone(&worked.part.file.name),
                            games: 0,
                            decided: None,
                            stitcher: Stitcher::new(),
                            failed: false,
                        }),
                    };
                    stitch::<P, N>(*worked, state, context, &mut scratch, &mut emit)?;
                }
            }
            // The part is out of memory: the splitter may read another.
            let _ = context.tokens.try_recv();
        }
        if let Some(bar) = &mut bar {
            bar.tick(summary.games);
        }
    }
    if let Some(bar) = &mut bar {
        bar.finish(summary.games);
    }
    Ok(summary)
}

/// One part into the output: the games a reader of the parts before ran into it with, then
/// its own if its start was a boundary, else the games read again here.
fn stitch<'n, P, N>(
    worked: Worked<'n, N>,
    state: &mut FileState<'n, N>,
    context: &Collect<'_, 'n, N>,
    scratch: &mut Scratch<P>,
    emit: &mut Emitter<'_, '_, '_>,
) -> Result<(), Error>
where
    P: Kind,
    N: Notation<Position = P, Move = P::Move> + ?Sized,
{
    let Worked {
        part,
        items,
        carry,
        trailing,
        decided,
        speculated,
    } = worked;
    let mut read_here = Vec::new();
    let error = part
        .error
        .as_ref()
        .map(|e| io::Error::new(e.kind(), e.to_string()));
    let stands = state
        .stitcher
        .part(part.origin.offset, &part.bytes, part.end, error, |item| {
            read_here.push(item);
        });
    emit.out.bytes(part.origin.offset, part.bytes)?;
    for item in read_here {
        let item = match item {
            Ok(game) => Item::Deferred(game),
            Err(ReadError::Game(error)) => Item::Unreadable(error),
            Err(error) => Item::Failed(error.to_string()),
        };
        settle::<P, N>(item, state, context, scratch, emit)?;
    }
    if stands {
        // The worker guessed that nothing before the part had decided, and a game did: its
        // games are read again here, in what was decided.
        let again = speculated && state.decided.is_some();
        for item in items {
            let item = if again { item.deferred() } else { item };
            settle::<P, N>(item, state, context, scratch, emit)?;
        }
        if decided.is_some() && !again {
            state.decided = decided;
        }
        state.stitcher.then(carry);
    }
    if part.end.is_none() && !state.failed {
        let trailing = match state.stitcher.trailing() {
            Some(trailing) => trailing.to_vec(),
            None => trailing.unwrap_or_default(),
        };
        let name = &*state.name;
        let diagnostics: Vec<Emitted> = trailing
            .iter()
            .map(|w| Emitted::new(name, w.span.line_col(""), w, w.render(name, "")))
            .collect();
        if !diagnostics.is_empty() {
            emit.done(Done {
                diagnostics,
                ..Done::default()
            })?;
        }
    }
    Ok(())
}

/// One item into the output, numbered in its file; a deferred game is detected and replayed
/// here, in the notation the file decided on so far.
fn settle<'n, P, N>(
    item: Item,
    state: &mut FileState<'n, N>,
    context: &Collect<'_, 'n, N>,
    scratch: &mut Scratch<P>,
    emit: &mut Emitter<'_, '_, '_>,
) -> Result<(), Error>
where
    P: Kind,
    N: Notation<Position = P, Move = P::Move> + ?Sized,
{
    let name = Arc::clone(&state.name);
    let name = &*name;
    let item = match item {
        Item::Deferred(game) => {
            let game = game.renumbered(state.games + 1);
            let (notation, why) = context.source.resolve(&game, &mut state.decided);
            let why = why.or_else(|| read_as(context.source, notation, state.decided));
            let note = why.map(|why| format!("{name}: {why}"));
            replay_one::<P, N>(
                scratch,
                game,
                notation,
                context.target,
                context.dialect,
                note,
            )
            .0
        }
        item => item,
    };
    let done = match item {
        Item::Replayed {
            range,
            game,
            diagnostics,
            good,
            plies,
            written,
            note,
        } => {
            state.games += 1;
            let number = state.games;
            let mut emitted = Vec::new();
            if let Some(game) = game {
                let game = game.renumbered(number);
                let locate = |d: &Diagnostic| {
                    let mut d = d.clone();
                    if d.game.is_some() {
                        d.game = Some(number);
                    }
                    Emitted::new(name, game.line_col(d.span), &d, game.render(&d, name))
                };
                emitted.extend(game.warnings().iter().map(locate));
                emitted.extend(diagnostics.iter().map(locate));
            }
            Done {
                game: true,
                good,
                plies,
                range,
                written,
                note,
                diagnostics: emitted,
                unreadable: None,
            }
        }
        Item::Prose(game) => {
            let warning = game.as_skipped_text();
            let rendered = game.render(&warning, name);
            Done {
                range: game.source_range(),
                diagnostics: vec![Emitted::new(
                    name,
                    game.line_col(warning.span),
                    &warning,
                    rendered,
                )],
                ..Done::default()
            }
        }
        Item::Unreadable(error) => {
            state.games += 1;
            let error = error.renumbered(state.games);
            let diag = error.diagnostic();
            let rendered = error.render(name);
            Done {
                game: true,
                diagnostics: vec![Emitted::new(name, error.line_col(), &diag, rendered)],
                ..Done::default()
            }
        }
        Item::Failed(message) => {
            state.failed = true;
            Done {
                // The games read before stay; the file's end is lost, and said so.
                unreadable: Some((
                    Arc::clone(&state.name),
                    format!("cannot read {name} to its end: {message}"),
                )),
                ..Done::default()
            }
        }
        Item::Deferred(_) => unreachable!("replayed above"),
    };
    emit.done(done)
}

/// What became of one item of the input, emitted in input order.
#[derive(Default)]
struct Done {
    /// A game was read (well or not).
    game: bool,
    /// It replayed without error.
    good: bool,
    plies: usize,
    /// Its bytes in the file.
    range: std::ops::Range<u64>,
    /// Its text in the target notation, when converting.
    written: String,
    note: Option<String>,
    diagnostics: Vec<Emitted>,
    /// The input named here could not be opened or read on: why.
    unreadable: Option<(Arc<str>, String)>,
}

/// Where the collector writes.
struct Emitter<'a, 'r, 'b> {
    summary: &'a mut Summary,
    report: &'a mut Report<'r>,
    out: &'a mut dyn Sink,
    bar: &'a mut Option<Bar<'b>>,
    /// The notes said: a note is said once, however many games it is said of (the games of a
    /// Spanish file, some of which French letters read first, alternate between two).
    said: &'a mut HashSet<String>,
}

impl Emitter<'_, '_, '_> {
    fn done(&mut self, done: Done) -> Result<(), Error> {
        let (summary, report) = (&mut *self.summary, &mut *self.report);
        if let Some(bar) = self.bar.as_mut()
            && report.prints(&done)
        {
            bar.hide();
        }
        if let Some(note) = done.note
            && !self.said.contains(&note)
        {
            report.note(&note)?;
            self.said.insert(note);
        }
        if let Some((file, message)) = &done.unreadable {
            summary.unreadable_files += 1;
            crate::output::note_failure();
            report.unreadable(file, message)?;
        }
        summary.games += usize::from(done.game);
        for emitted in done.diagnostics {
            if emitted.severity == Severity::Error {
                summary.errors += 1;
                crate::output::note_failure();
            } else {
                summary.warnings += 1;
            }
            report.emit(emitted)?;
        }
        if done.good {
            summary.good += 1;
            summary.plies += done.plies;
            self.out.game(done.range, &done.written)?;
        }
        Ok(())
    }
}

/// Exit status 1 when some game had an error or some input could not be read, with a message
/// saying how many.
pub(crate) fn verdict(summary: &Summary) -> Result<(), Error> {
    let failed = summary.games - summary.good;
    let mut parts = Vec::new();
    if summary.errors > 0 {
        parts.push(format!(
            "{} error{} in {failed} game{}",
            summary.errors,
            plural(summary.errors),
            plural(failed),
        ));
    }
    if summary.unreadable_files > 0 {
        parts.push(format!(
            "{} input{} could not be read",
            summary.unreadable_files,
            plural(summary.unreadable_files)
        ));
    }
    if parts.is_empty() {
        Ok(())
    } else {
        Err(Error::Input(parts.join("; ")))
    }
}

/// The `s` of a count that is not one.
pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `n` and the noun in its number: `1 game`, `3 games`, `1 ply`, `0 plies`.
pub(crate) fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_shrink_as_the_end_of_a_file_nears() {
        // A large file: whole parts until each worker would have fewer than four left.
        assert_eq!(part_len(None, Some(1 << 30), 2), PART);
        assert_eq!(part_len(None, Some(8 << 20), 2), PART);
        assert_eq!(part_len(None, Some(4 << 20), 2), 512 << 10);
        // Five megabytes on eight workers: every worker gets parts.
        assert_eq!(part_len(None, Some(5 << 20), 8), 160 << 10);
        // Never below the smallest part, even at the very end.
        assert_eq!(part_len(None, Some(1000), 8), MIN_PART);
        // A pipe or a compressed file, whose size is unknown; and the tests' fixed size.
        assert_eq!(part_len(None, None, 2), PART);
        assert_eq!(part_len(None, Some(1 << 20), 1), PART);
        assert_eq!(part_len(Some(100), Some(1 << 30), 2), 100);
    }
}
