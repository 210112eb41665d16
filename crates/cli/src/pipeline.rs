//! The loop `convert` and `check` share: read records from files or stdin, replay each game
//! through a notation, write what converted, report what did not.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, mpsc};

use board_core::{
    Diagnostic, Dialect, LineCol, Notation, Output, RawGame, ReadError, RecordReader, Rules,
    Severity, replay,
};

pub(crate) use notation_detect::Detected;

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

/// The notation of the input: named on the command line, or detected per file.
pub(crate) enum Source<'a, N: ?Sized + 'static> {
    /// `--from NAME`.
    Named(&'a N),
    /// No `--from`: the first game that decides names the notation of its file; until then
    /// each game is read in a notation that fits it, else in `fallback`.
    Detect {
        detect: &'a (dyn Fn(&RawGame) -> Detected<'a, N> + Sync),
        fallback: &'a N,
    },
}

impl<'a, N: ?Sized + 'static> Source<'a, N> {
    /// The notation to read `game` in, and what detection found that is to be said (the file
    /// and a colon before it). A decision holds for the rest of the file: `decided` keeps it,
    /// `None` at the start of each file. The closest reading of a game no notation reads
    /// whole holds for that game alone.
    pub(crate) fn resolve(
        &self,
        game: &RawGame,
        decided: &mut Option<&'a N>,
    ) -> (&'a N, Option<String>) {
        match (*decided, self) {
            (Some(notation), _) | (None, &Source::Named(notation)) => (notation, None),
            (None, &Source::Detect { detect, fallback }) => match detect(game) {
                Detected::Decided(notation, why) => {
                    *decided = Some(notation);
                    (notation, Some(why))
                }
                Detected::Undecided(notation) => (notation.unwrap_or(fallback), None),
                Detected::Closest(notation, why) => (notation, Some(why)),
            },
        }
    }
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
        None => Box::new(io::stdin().lock()),
    };
    let (_, reader) = record_input::decompress(reader)
        .map_err(|e| Error::Input(format!("cannot read {name}: {e}")))?;
    let mut games = 0;
    for item in RecordReader::new(BufReader::new(reader), dialect.clone()) {
        match item {
            Ok(game) if game.number() == index => return Ok((name, game)),
            Ok(game) => games = game.number(),
            Err(ReadError::Game(err)) if err.number() == index => {
                let _ = write!(crate::output::Stderr, "{}", err.render(&name));
                return Err(Error::Input(format!(
                    "game {index} of {name} cannot be read"
                )));
            }
            Err(ReadError::Game(err)) => games = err.number(),
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

/// What became of one item of the input, emitted in input order.
#[derive(Default)]
struct Done {
    /// A game was read (well or not).
    game: bool,
    /// It replayed without error.
    good: bool,
    plies: usize,
    /// Its text in the target notation, when converting.
    written: String,
    note: Option<String>,
    diagnostics: Vec<Emitted>,
    /// The input named here could not be opened or read on: why.
    unreadable: Option<(Arc<str>, String)>,
}

/// Games for a worker, handed out in batches: one message per game cost more in waking threads
/// than the replay itself on two cores. The games have the places `seq..seq + games.len()` in
/// the output; each comes with the notation to read it.
struct Job<'n, N: ?Sized> {
    seq: usize,
    file: Arc<str>,
    games: Vec<(RawGame, &'n N)>,
}

/// How many games a batch holds at most.
const BATCH: usize = 32;

/// What became of the items from place `.0` on, in order.
type Finished = (usize, Vec<Result<Done, Error>>);

/// How many workers replay games: every core (games are independent).
fn workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

/// Replays every game of every input with `source`; with `target`, writes the games that
/// replay to `out` in that notation. A game with an error is reported and left out; the
/// others go on. Games are replayed on every core and written in input order, one reader
/// streaming the files so memory stays bounded. With `progress`, a progress line is drawn on
/// stderr meanwhile (see [`progress`]).
///
/// # Errors
///
/// [`Error::Input`] when a file cannot be opened or read, [`Error::Io`] when writing fails.
pub(crate) fn process<P, N>(
    files: &[PathBuf],
    source: &Source<'_, N>,
    target: Option<&N>,
    dialect: &Dialect,
    out: &mut dyn Write,
    report: &mut Report<'_>,
    progress: bool,
) -> Result<Summary, Error>
where
    P: Rules,
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
    // Bounded like the jobs: when the output is slow (a pipe to a pager), workers wait
    // instead of keeping every converted game in memory.
    let (done_tx, done_rx) = mpsc::sync_channel::<Finished>(16);
    std::thread::scope(|scope| {
        let mut jobs = Vec::new();
        for _ in 0..workers() {
            // Bounded, so a fast reader cannot fill memory with games waiting their turn.
            let (job_tx, job_rx) = mpsc::sync_channel::<Job<'_, N>>(4);
            jobs.push(job_tx);
            let done_tx = done_tx.clone();
            scope.spawn(move || {
                let mut buffer = String::new();
                for job in job_rx {
                    let done = job
                        .games
                        .iter()
                        .map(|(game, notation)| {
                            Ok(replay_one::<P, N>(
                                game,
                                &job.file,
                                *notation,
                                target,
                                dialect,
                                &mut buffer,
                            ))
                        })
                        .collect();
                    if done_tx.send((job.seq, done)).is_err() {
                        break;
                    }
                }
            });
        }
        let (inputs, meter) = (&inputs, &meter);
        scope.spawn(move || read_all(inputs, source, dialect, &jobs, &done_tx, meter));
        // By value: when `collect` stops on an error, the receiver goes, the workers' sends
        // fail and every thread ends instead of waiting on a full channel.
        collect(done_rx, out, report, bar)
    })
}

/// Reads every input in order, decides each game's notation, and hands the games out.
fn read_all<'n, N: ?Sized>(
    inputs: &[(String, Option<PathBuf>)],
    source: &Source<'n, N>,
    dialect: &Dialect,
    jobs: &[mpsc::SyncSender<Job<'n, N>>],
    done: &mpsc::SyncSender<Finished>,
    meter: &Meter,
) {
    let mut seq = 0;
    // The batch being filled (its games are the places just before `seq`), and the worker it
    // goes to next.
    let mut batch: Vec<(RawGame, &'n N)> = Vec::with_capacity(BATCH);
    let mut turn = 0;
    // Hands the batch out; `false` when the workers are gone.
    let mut flush = |batch: &mut Vec<(RawGame, &'n N)>, seq: usize, file: &Arc<str>| {
        if batch.is_empty() {
            return true;
        }
        let job = Job {
            seq: seq - batch.len(),
            file: Arc::clone(file),
            games: std::mem::replace(batch, Vec::with_capacity(BATCH)),
        };
        turn += 1;
        jobs[turn % jobs.len()].send(job).is_ok()
    };
    // An item the reader settles itself, after the games before it.
    let ready = |seq: &mut usize, item: Result<Done, Error>| {
        let _ = done.send((*seq, vec![item]));
        *seq += 1;
    };
    for (index, (name, path)) in inputs.iter().enumerate() {
        meter.reading(index);
        let name = name.as_str();
        let file: Arc<str> = Arc::from(name);
        let reader: Box<dyn Read> = match &path {
            Some(path) => match File::open(path) {
                Ok(f) => Box::new(f),
                Err(e) => {
                    let message = format!("cannot open {}: {e}", path.display());
                    let done = Done {
                        unreadable: Some((Arc::clone(&file), message)),
                        ..Done::default()
                    };
                    ready(&mut seq, Ok(done));
                    continue;
                }
            },
            None => Box::new(io::stdin().lock()),
        };
        // Each file says its own language when the command line does not.
        let mut decided = None;
        // Counted as packed, so that progress compares with the file's size.
        let reader = match record_input::decompress(meter.count(reader)) {
            Ok((_, reader)) => reader,
            Err(e) => {
                let done = Done {
                    unreadable: Some((Arc::clone(&file), format!("cannot read {name}: {e}"))),
                    ..Done::default()
                };
                ready(&mut seq, Ok(done));
                continue;
            }
        };
        let reader = BufReader::with_capacity(1 << 16, reader);
        let mut records = RecordReader::new(reader, dialect.clone());
        let mut unreadable = false;
        for item in records.by_ref() {
            let game = match item {
                Ok(game) => game,
                Err(ReadError::Game(err)) => {
                    let diag = err.diagnostic();
                    let rendered = err.render(name);
                    let emitted = Emitted::new(name, err.line_col(), &diag, rendered);
                    let done = Done {
                        game: true,
                        diagnostics: vec![emitted],
                        ..Done::default()
                    };
                    if !flush(&mut batch, seq, &file) {
                        return;
                    }
                    ready(&mut seq, Ok(done));
                    continue;
                }
                Err(err) => {
                    // The games read before stay; the file's end is lost, and said so.
                    let message = format!("cannot read {name} to its end: {err}");
                    if !flush(&mut batch, seq, &file) {
                        return;
                    }
                    let done = Done {
                        unreadable: Some((Arc::clone(&file), message)),
                        ..Done::default()
                    };
                    ready(&mut seq, Ok(done));
                    unreadable = true;
                    break;
                }
            };
            let (notation, why) = source.resolve(&game, &mut decided);
            if let Some(why) = why {
                if !flush(&mut batch, seq, &file) {
                    return;
                }
                let note = Done {
                    note: Some(format!("{name}: {why}")),
                    ..Done::default()
                };
                ready(&mut seq, Ok(note));
            }
            batch.push((game, notation));
            seq += 1;
            if batch.len() == BATCH && !flush(&mut batch, seq, &file) {
                return;
            }
        }
        if !flush(&mut batch, seq, &file) {
            return;
        }
        if unreadable {
            continue;
        }
        let trailing: Vec<Emitted> = records
            .trailing_warnings()
            .iter()
            .map(|w| Emitted::new(name, w.span.line_col(""), w, w.render(name, "")))
            .collect();
        if !trailing.is_empty() {
            let done = Done {
                diagnostics: trailing,
                ..Done::default()
            };
            ready(&mut seq, Ok(done));
        }
    }
}

/// One game replayed and its diagnostics rendered: a worker's job.
fn replay_one<P, N>(
    game: &RawGame,
    file: &str,
    notation: &N,
    target: Option<&N>,
    dialect: &Dialect,
    buffer: &mut String,
) -> Done
where
    P: Rules,
    N: Notation<Position = P, Move = P::Move> + ?Sized,
{
    let locate =
        |d: &Diagnostic| Emitted::new(file, game.line_col(d.span), d, game.render(d, file));
    let mut diagnostics: Vec<Emitted> = game.warnings().iter().map(locate).collect();
    buffer.clear();
    let replayed = replay::<P, _, _>(
        game,
        notation,
        target.map(|notation| Output {
            notation,
            dialect,
            out: &mut *buffer,
        }),
    );
    diagnostics.extend(replayed.diagnostics.iter().map(locate));
    let good = !replayed.has_errors();
    Done {
        game: true,
        good,
        plies: if good { replayed.plies } else { 0 },
        written: if good { buffer.clone() } else { String::new() },
        note: None,
        diagnostics,
        unreadable: None,
    }
}

/// Writes what the workers did in input order, counting as it goes; keeps the progress line,
/// if any, up to date.
fn collect(
    done: mpsc::Receiver<Finished>,
    out: &mut dyn Write,
    report: &mut Report<'_>,
    mut bar: Option<Bar<'_>>,
) -> Result<Summary, Error> {
    let mut summary = Summary::default();
    let mut waiting: BTreeMap<usize, Vec<Result<Done, Error>>> = BTreeMap::new();
    let mut next = 0;
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
        let Some((seq, items)) = received else { break };
        waiting.insert(seq, items);
        while let Some(items) = waiting.remove(&next) {
            next += items.len();
            for item in items {
                let done = item?;
                if let Some(bar) = &mut bar
                    && report.prints(&done)
                {
                    bar.hide();
                }
                if let Some(note) = &done.note {
                    report.note(note)?;
                }
                if let Some((file, message)) = &done.unreadable {
                    summary.unreadable_files += 1;
                    report.unreadable(file, message)?;
                }
                summary.games += usize::from(done.game);
                for emitted in done.diagnostics {
                    if emitted.severity == Severity::Error {
                        summary.errors += 1;
                    } else {
                        summary.warnings += 1;
                    }
                    report.emit(emitted)?;
                }
                if done.good {
                    summary.good += 1;
                    summary.plies += done.plies;
                    out.write_all(done.written.as_bytes())?;
                }
            }
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
