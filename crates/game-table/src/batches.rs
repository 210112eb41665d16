//! The batches of a whole input: games read in order, a batch's worth at a time, their rows
//! built on the table's threads.

use std::collections::VecDeque;
use std::io::{BufReader, Read};

use arrow_array::{RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, SchemaRef};
use board_core::{Diagnostic, GameError, LineCol, RawGame, ReadError, RecordReader};

use crate::{Outcome, Provenance, Table, TableBuilder};

/// What the batches given so far hold.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Rows: every game, read or not.
    pub games: usize,
    /// Games that read and replayed without error.
    pub valid: usize,
    /// Games that did not (`valid = false`).
    pub invalid: usize,
    /// Errors reported (a game's first error is in its row).
    pub errors: usize,
    /// Warnings reported.
    pub warnings: usize,
    /// Half-moves of the valid games' main lines.
    pub plies: usize,
    /// Records of text between games that hold no moves (a book's heading), skipped with a
    /// warning: no row, not a game, and the games after them numbered as `scoresheet check`
    /// numbers them.
    pub skipped: usize,
}

/// A diagnostic of one game, located and rendered as the command line prints it.
#[derive(Debug, Clone)]
pub struct Finding {
    /// The game's number in the input, from 1; 0 for text between games, which is no game.
    pub game: usize,
    /// Line and column in the input.
    pub at: LineCol,
    /// The diagnostic.
    pub diagnostic: Diagnostic,
    /// Rendered like a compiler's, with the line and a caret.
    pub rendered: String,
}

/// One item the reader gave.
enum Read1 {
    Game(RawGame),
    Unreadable(Box<GameError>),
}

/// The batches of one input ([`Table::read`]): an iterator of [`RecordBatch`]es, and an Arrow
/// [`RecordBatchReader`]. Memory holds one batch of games and their rows at a time.
pub struct GameBatches<R> {
    table: Table,
    reader: RecordReader<BufReader<R>>,
    provenance: Provenance,
    ready: VecDeque<RecordBatch>,
    findings: Vec<Finding>,
    summary: Summary,
    /// The input failed: given after the batches read before.
    failed: Option<std::io::Error>,
    done: bool,
}

impl<R> std::fmt::Debug for GameBatches<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameBatches")
            .field("file", &self.provenance.file())
            .field("summary", &self.summary)
            .finish_non_exhaustive()
    }
}

impl<R: Read> GameBatches<R> {
    pub(crate) fn new(table: Table, reader: R, provenance: Provenance) -> GameBatches<R> {
        let dialect = table.dialect().clone();
        GameBatches {
            table,
            reader: RecordReader::new(BufReader::with_capacity(1 << 16, reader), dialect),
            provenance,
            ready: VecDeque::new(),
            findings: Vec::new(),
            summary: Summary::default(),
            failed: None,
            done: false,
        }
    }

    /// What the batches given so far hold.
    #[must_use]
    pub fn summary(&self) -> Summary {
        self.summary
    }

    /// The diagnostics of the games of the batches given since the last call, in input order;
    /// the list is emptied.
    pub fn take_findings(&mut self) -> Vec<Finding> {
        std::mem::take(&mut self.findings)
    }

    /// Reads the next batch's games and builds their rows, split between the table's jobs.
    fn fill(&mut self) {
        let rows = self.table.inner.batch_rows;
        let mut items = Vec::with_capacity(rows.min(1 << 16));
        while items.len() < rows {
            match self.reader.next() {
                Some(Ok(game)) => items.push(Read1::Game(game)),
                Some(Err(ReadError::Game(error))) => items.push(Read1::Unreadable(error)),
                Some(Err(ReadError::Io(error))) => {
                    self.failed = Some(error);
                    self.done = true;
                    break;
                }
                Some(Err(error)) => {
                    self.failed = Some(std::io::Error::other(error.to_string()));
                    self.done = true;
                    break;
                }
                None => {
                    self.done = true;
                    break;
                }
            }
        }
        if items.is_empty() {
            return;
        }
        // The frames the games just read start in are all told by now.
        self.provenance.update();
        let jobs = self.table.inner.jobs.min(items.len());
        let share = items.len().div_ceil(jobs);
        let provenance = &self.provenance;
        let table = &self.table;
        let built: Vec<(Result<RecordBatch, ArrowError>, Vec<Outcome>)> = if jobs == 1 {
            vec![build(table, &items, provenance)]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = items
                    .chunks(share)
                    .map(|chunk| scope.spawn(move || build(table, chunk, provenance)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| match h.join() {
                        Ok(built) => built,
                        Err(panic) => std::panic::resume_unwind(panic),
                    })
                    .collect()
            })
        };
        let mut outcomes = Vec::with_capacity(items.len());
        for (batch, outcome) in built {
            match batch {
                Ok(batch) => self.ready.push_back(batch),
                Err(error) => {
                    self.failed = Some(std::io::Error::other(error));
                    self.done = true;
                }
            }
            outcomes.extend(outcome);
        }
        for (item, outcome) in items.into_iter().zip(outcomes) {
            self.count(&item, outcome);
            if let Read1::Game(game) = item {
                self.reader.recycle(game);
            }
        }
    }

    /// Counts one game and keeps its diagnostics, rendered.
    fn count(&mut self, item: &Read1, outcome: Outcome) {
        let summary = &mut self.summary;
        if !outcome.row {
            summary.skipped += 1;
        } else if outcome.valid {
            summary.games += 1;
            summary.valid += 1;
            summary.plies += outcome.plies;
        } else {
            summary.games += 1;
            summary.invalid += 1;
        }
        // The reader numbers every record; skipped text is no game.
        let skipped = summary.skipped;
        let row = outcome.row;
        let file = self.provenance.file();
        for diagnostic in outcome.diagnostics {
            if diagnostic.is_error() {
                summary.errors += 1;
            } else {
                summary.warnings += 1;
            }
            let number = match item {
                _ if !row => 0,
                Read1::Game(game) => game.number() - skipped,
                Read1::Unreadable(error) => error.number() - skipped,
            };
            let mut diagnostic = diagnostic;
            if diagnostic.game.is_some() {
                diagnostic.game = Some(number);
            }
            let (at, rendered) = match item {
                Read1::Game(game) => (
                    game.line_col(diagnostic.span),
                    game.render(&diagnostic, file),
                ),
                Read1::Unreadable(error) if diagnostic.is_error() && skipped > 0 => {
                    let error = (**error).clone().renumbered(number);
                    (error.line_col(), error.render(file))
                }
                Read1::Unreadable(error) if diagnostic.is_error() => {
                    (error.line_col(), error.render(file))
                }
                Read1::Unreadable(error) => (
                    diagnostic.span.line_col(error.text()),
                    diagnostic.render(file, error.text()),
                ),
            };
            let game = number;
            self.findings.push(Finding {
                game,
                at,
                diagnostic,
                rendered,
            });
        }
    }
}

/// The rows of `items` as one batch, and what became of each game.
fn build(
    table: &Table,
    items: &[Read1],
    provenance: &Provenance,
) -> (Result<RecordBatch, ArrowError>, Vec<Outcome>) {
    let mut builder: TableBuilder = table.builder();
    let outcomes = items
        .iter()
        .map(|item| match item {
            Read1::Game(game) => builder.push_game(game, provenance),
            Read1::Unreadable(error) => builder.push_unreadable(error, provenance),
        })
        .collect();
    (builder.finish(), outcomes)
}

impl<R: Read> Iterator for GameBatches<R> {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(batch) = self.ready.pop_front() {
                return Some(Ok(batch));
            }
            if let Some(error) = self.failed.take() {
                return Some(Err(ArrowError::IoError(
                    format!("cannot read {}: {error}", self.provenance.file()),
                    error,
                )));
            }
            if self.done {
                return None;
            }
            self.fill();
        }
    }
}

impl<R: Read> RecordBatchReader for GameBatches<R> {
    fn schema(&self) -> SchemaRef {
        self.table.schema()
    }
}
