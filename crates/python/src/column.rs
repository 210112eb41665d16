//! A column of movetext read cell by cell: each cell is a small record file (its movetext, or
//! a whole record with tags), its games replayed in the source notation and written in the
//! target one, or only checked. Pure Rust over Arrow arrays, so the binding can run it with the
//! interpreter released and the tests can run it without one.

use std::sync::Arc;

use arrow_array::builder::{Int32Builder, Int64Builder, ListBuilder, StringBuilder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, LargeStringArray, RecordBatch, StringArray};
use arrow_buffer::{Buffer, NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use board_core::{
    Code, Diagnostic, Dialect, FirstMove, LineCol, MoveEvent, MovetextSink, MovetextWriter,
    Notation, RawGame, ReadError, RecordReader, Rules, Severity, Span, replay, replay_into,
};

use crate::notations::Task;
use notation_detect::Source;
use notation_registry::{Kind, NotationOf, Notations};

/// The cells of a text column: `string`, `large_string`, `string_view`, or their binary twins
/// (text in a one-byte encoding reads as the reader reads such files).
#[derive(Clone, Copy)]
pub(crate) enum Cells<'a> {
    Utf8(&'a StringArray),
    LargeUtf8(&'a LargeStringArray),
    Utf8View(&'a arrow_array::StringViewArray),
    Binary(&'a arrow_array::BinaryArray),
    LargeBinary(&'a arrow_array::LargeBinaryArray),
    BinaryView(&'a arrow_array::BinaryViewArray),
}

impl<'a> Cells<'a> {
    /// The cells of `array`.
    ///
    /// # Errors
    ///
    /// The message of a type error when `array` holds no text.
    pub(crate) fn of(array: &'a dyn Array) -> Result<Cells<'a>, String> {
        Ok(match array.data_type() {
            DataType::Utf8 => Cells::Utf8(array.as_string::<i32>()),
            DataType::LargeUtf8 => Cells::LargeUtf8(array.as_string::<i64>()),
            DataType::Utf8View => Cells::Utf8View(array.as_string_view()),
            DataType::Binary => Cells::Binary(array.as_binary::<i32>()),
            DataType::LargeBinary => Cells::LargeBinary(array.as_binary::<i64>()),
            DataType::BinaryView => Cells::BinaryView(array.as_binary_view()),
            other => {
                return Err(format!(
                    "expected a column of text (string, large_string, string_view or binary), \
                     got {other}"
                ));
            }
        })
    }

    fn len(self) -> usize {
        match self {
            Cells::Utf8(a) => a.len(),
            Cells::LargeUtf8(a) => a.len(),
            Cells::Utf8View(a) => a.len(),
            Cells::Binary(a) => a.len(),
            Cells::LargeBinary(a) => a.len(),
            Cells::BinaryView(a) => a.len(),
        }
    }

    /// Cell `i`'s bytes, `None` when it is null.
    fn get(self, i: usize) -> Option<&'a [u8]> {
        macro_rules! cell {
            ($a:expr, $value:expr) => {
                if $a.is_null(i) { None } else { Some($value) }
            };
        }
        match self {
            Cells::Utf8(a) => cell!(a, a.value(i).as_bytes()),
            Cells::LargeUtf8(a) => cell!(a, a.value(i).as_bytes()),
            Cells::Utf8View(a) => cell!(a, a.value(i).as_bytes()),
            Cells::Binary(a) => cell!(a, a.value(i)),
            Cells::LargeBinary(a) => cell!(a, a.value(i)),
            Cells::BinaryView(a) => cell!(a, a.value(i)),
        }
    }

    /// Whether the output of this column is a `large_string` one.
    fn large(self) -> bool {
        matches!(self, Cells::LargeUtf8(_) | Cells::LargeBinary(_))
    }
}

/// The first game of the column, for the descriptive look the command line gives a file's
/// first game.
pub(crate) fn first_game(chunks: &[ArrayRef], dialect: &Dialect) -> Option<RawGame> {
    chunks.iter().find_map(|chunk| {
        let cells = Cells::of(chunk.as_ref()).ok()?;
        (0..cells.len()).find_map(|i| {
            let bytes = cells.get(i)?;
            RecordReader::new(bytes, dialect.clone()).find_map(Result::ok)
        })
    })
}

/// A diagnostic found in a cell: the row, the game within the cell (from 1), where in the
/// cell's text, and the diagnostic rendered as the command line renders it when asked for.
#[derive(Debug, Clone)]
pub(crate) struct Found {
    /// The row of the column, from 0, counted across its chunks.
    pub(crate) index: u64,
    /// The diagnostic, its span in its game's text.
    pub(crate) diagnostic: Diagnostic,
    /// Line and column in the cell's text, from 1.
    pub(crate) at: LineCol,
    /// The command line's rendering, with the line and a caret, when asked for.
    pub(crate) rendered: Option<String>,
}

/// Why a column could not be converted.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The array holds no text.
    Type(String),
    /// A game had an error and errors were to be raised: its first one.
    Game(Box<Found>),
}

/// What a cell is read for.
#[derive(Clone, Copy)]
pub(crate) struct Want {
    /// Warnings kept, not only errors.
    warnings: bool,
    /// Errors rendered with their line and caret.
    render: bool,
}

/// The name a cell goes by in a rendered diagnostic: `row 12`.
fn row_name(index: u64) -> String {
    format!("row {index}")
}

/// The replay's events into a [`MovetextWriter`], the tags left out for a cell that had none:
/// a movetext cell converts to movetext, a whole record to a whole record.
struct CellWriter<'w> {
    writer: MovetextWriter<'w>,
    tags: bool,
}

impl MovetextSink for CellWriter<'_> {
    fn tags(&mut self, tags: &[(&str, std::borrow::Cow<'_, str>)], result: &str) {
        if self.tags {
            self.writer.tags(tags, result);
        }
    }

    fn move_token(&mut self, event: MoveEvent, write: impl FnOnce(&mut String)) {
        MovetextSink::move_token(&mut self.writer, event, write);
    }

    fn nag(&mut self, value: u16) {
        MovetextSink::nag(&mut self.writer, value);
    }

    fn comment(&mut self, text: &str) {
        MovetextSink::comment(&mut self.writer, text);
    }

    fn start_variation(&mut self) {
        MovetextSink::start_variation(&mut self.writer);
    }

    fn end_variation(&mut self) {
        MovetextSink::end_variation(&mut self.writer);
    }

    fn finish(&mut self, result: &str) {
        MovetextSink::finish(&mut self.writer, result);
    }

    fn abandon(&mut self) {
        MovetextSink::abandon(&mut self.writer);
    }
}

/// What a column is read with: the notations, the dialect, and what detection decided.
struct Reading<'s, 'n, N: ?Sized + 'static> {
    source: &'s Source<'n, N>,
    target: Option<&'s N>,
    dialect: &'s Dialect,
    /// The dialect a movetext cell is written in: the same, on one line.
    one_line: Dialect,
    decided: Option<&'n N>,
}

impl<'s, 'n, P, N> Reading<'s, 'n, N>
where
    P: Rules,
    N: Notation<Position = P, Move = P::Move> + ?Sized,
{
    fn new(source: &'s Source<'n, N>, target: Option<&'s N>, dialect: &'s Dialect) -> Self {
        Reading {
            source,
            target,
            dialect,
            one_line: dialect.clone().with_line_width(usize::MAX),
            decided: None,
        }
    }

    /// Reads cell `index`, appending what its games are written as to `out` (when converting)
    /// and what was found to `found`; `true` when every game of it replayed without error.
    /// A cell that holds no game (empty, or white space) is written as a game without moves
    /// or result is, `*`: as the games table writes the empty movetext of such a game.
    fn cell(
        &mut self,
        index: u64,
        bytes: &[u8],
        out: &mut String,
        found: &mut Vec<Found>,
        want: Want,
    ) -> bool {
        let mut good = true;
        let mut games = 0;
        let mut reader = RecordReader::new(bytes, self.dialect.clone());
        let mut report =
            |diagnostic: Diagnostic, at: LineCol, render: &dyn Fn(&Diagnostic) -> String| {
                let error = diagnostic.severity == Severity::Error;
                if error || want.warnings {
                    let rendered = (want.render && error).then(|| render(&diagnostic));
                    found.push(Found {
                        index,
                        diagnostic,
                        at,
                        rendered,
                    });
                }
            };
        for item in reader.by_ref() {
            games += 1;
            let game = match item {
                Ok(game) => game,
                Err(ReadError::Game(error)) => {
                    good = false;
                    let name = row_name(index);
                    report(error.diagnostic(), error.line_col(), &|_| {
                        error.render(&name)
                    });
                    continue;
                }
                Err(error) => {
                    good = false;
                    let message = format!("cannot read row {index}: {error}");
                    let diagnostic =
                        Diagnostic::error(Code::InputUnreadable, message, Span::default());
                    let at = LineCol { line: 1, column: 1 };
                    report(diagnostic, at, &|d| format!("error: {}\n", d.message));
                    break;
                }
            };
            let (notation, _) = self.source.resolve(&game, &mut self.decided);
            let replayed = match self.target {
                Some(target) => {
                    let tags = game.tags().len() > 0;
                    if !tags && !out.is_empty() {
                        out.push(' ');
                    }
                    let dialect = if tags { self.dialect } else { &self.one_line };
                    let writer = MovetextWriter::new(out, dialect, FirstMove::default());
                    let mut sink = CellWriter { writer, tags };
                    let replayed =
                        replay_into::<P, _, _, _>(&game, notation, target, dialect, &mut sink);
                    if !tags {
                        out.truncate(out.trim_end().len());
                    }
                    replayed
                }
                None => replay::<P, N, N>(&game, notation, None),
            };
            good &= !replayed.has_errors();
            let name = row_name(index);
            for diagnostic in game.warnings().iter().chain(&replayed.diagnostics) {
                let at = game.line_col(diagnostic.span);
                report(diagnostic.clone(), at, &|d| game.render(d, &name));
            }
        }
        if games == 0 && self.target.is_some() {
            out.push('*');
        }
        let text = String::from_utf8_lossy(bytes);
        for warning in reader.trailing_warnings() {
            let at = warning.span.line_col(&text);
            report(warning.clone(), at, &|d| d.render(&row_name(index), &text));
        }
        good
    }
}

/// Text built row by row into a `string` column, or a `large_string` one when asked for or
/// when it outgrows 32-bit offsets.
struct TextColumn {
    values: Vec<u8>,
    offsets: Vec<i64>,
    nulls: NullBufferBuilder,
    large: bool,
}

impl TextColumn {
    fn new(rows: usize, large: bool) -> Self {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        TextColumn {
            values: Vec::new(),
            offsets,
            nulls: NullBufferBuilder::new(rows),
            large,
        }
    }

    fn push(&mut self, text: Option<&str>) {
        if let Some(text) = text {
            self.values.extend_from_slice(text.as_bytes());
        }
        self.nulls.append(text.is_some());
        self.offsets.push(self.values.len() as i64);
    }

    fn finish(mut self) -> ArrayRef {
        let nulls = self.nulls.finish();
        let values = Buffer::from_vec(self.values);
        let fits = i32::try_from(*self.offsets.last().unwrap_or(&0)).is_ok();
        if self.large || !fits {
            let offsets = OffsetBuffer::new(ScalarBuffer::from(self.offsets));
            Arc::new(LargeStringArray::new(offsets, values, nulls))
        } else {
            // Each offset is at most the last, which fits.
            let small: Vec<i32> = self.offsets.iter().map(|&o| o as i32).collect();
            let offsets = OffsetBuffer::new(ScalarBuffer::from(small));
            Arc::new(StringArray::new(offsets, values, nulls))
        }
    }
}

/// What a task over a column does with each cell; [`Cellwise`] reads the cells for it, one
/// loop for every such task.
pub(crate) trait Visit {
    /// What the task gives back.
    type Output;

    /// What the cells are read for.
    fn want(&self) -> Want;

    /// Whether the cells are converted to the target notation (else only replayed).
    fn converts(&self) -> bool;

    /// A chunk of the column begins.
    fn chunk(&mut self, cells: &Cells<'_>);

    /// Where the next cell's diagnostics go.
    fn found(&mut self) -> &mut Vec<Found>;

    /// What became of the next cell: `None` when it is null, else whether every game of it
    /// replayed without error and its text as converted.
    ///
    /// # Errors
    ///
    /// A [`Failure`] stops the task.
    fn cell(&mut self, read: Option<(bool, &str)>) -> Result<(), Failure>;

    /// The chunk's cells are all read.
    fn chunk_done(&mut self);

    /// What the task gives back once every cell is read.
    fn finish(self) -> Self::Output;
}

/// A task over the chunks of a column ([`Convert`], [`Check`]) with the notations the call
/// named: each cell read in row order, what became of it told to the task.
pub(crate) struct Cellwise<'c, V> {
    /// The column.
    pub(crate) chunks: &'c [ArrayRef],
    /// The task.
    pub(crate) visit: V,
}

impl<V: Visit> Task for Cellwise<'_, V> {
    type Output = Result<V::Output, Failure>;

    fn run<P: Kind, N: NotationOf<P> + ?Sized>(self, with: Notations<'_, '_, N>) -> Self::Output {
        let Cellwise { chunks, mut visit } = self;
        let want = visit.want();
        let target = with.target.map(|t| t.notation).filter(|_| visit.converts());
        let mut reading = Reading::new(with.source, target, with.dialect);
        let mut out = String::new();
        let mut row = 0u64;
        for chunk in chunks {
            let cells = Cells::of(chunk.as_ref()).map_err(Failure::Type)?;
            visit.chunk(&cells);
            for i in 0..cells.len() {
                let good = cells.get(i).map(|bytes| {
                    out.clear();
                    reading.cell(row, bytes, &mut out, visit.found(), want)
                });
                visit.cell(good.map(|good| (good, out.as_str())))?;
                row += 1;
            }
            visit.chunk_done();
        }
        Ok(visit.finish())
    }
}

/// `convert` over a column: one converted chunk per chunk, null where a game had an error,
/// unless `raise` asks for the first such error instead.
pub(crate) struct Convert {
    /// Stop at the first game with an error and give it back.
    raise: bool,
    found: Vec<Found>,
    column: Option<TextColumn>,
    converted: Vec<ArrayRef>,
}

impl Convert {
    /// The conversion of a column, raising at the first error when `raise`.
    pub(crate) fn new(raise: bool) -> Convert {
        Convert {
            raise,
            found: Vec::new(),
            column: None,
            converted: Vec::new(),
        }
    }
}

impl Visit for Convert {
    type Output = Vec<ArrayRef>;

    fn want(&self) -> Want {
        Want {
            warnings: false,
            render: self.raise,
        }
    }

    fn converts(&self) -> bool {
        true
    }

    fn chunk(&mut self, cells: &Cells<'_>) {
        self.column = Some(TextColumn::new(cells.len(), cells.large()));
    }

    fn found(&mut self) -> &mut Vec<Found> {
        // Only the cell being read matters: the first error of a cell is raised.
        self.found.clear();
        &mut self.found
    }

    fn cell(&mut self, read: Option<(bool, &str)>) -> Result<(), Failure> {
        let text = match read {
            None => None,
            Some((good, text)) => {
                if !good
                    && self.raise
                    && let Some(first) = self.found.drain(..).next()
                {
                    return Err(Failure::Game(Box::new(first)));
                }
                good.then_some(text)
            }
        };
        if let Some(column) = &mut self.column {
            column.push(text);
        }
        Ok(())
    }

    fn chunk_done(&mut self) {
        if let Some(column) = self.column.take() {
            self.converted.push(column.finish());
        }
    }

    fn finish(self) -> Vec<ArrayRef> {
        self.converted
    }
}

/// The schema of `check`'s table: one row per diagnostic.
pub(crate) fn diagnostics_schema() -> SchemaRef {
    let help = Field::new("item", DataType::Utf8, true);
    Arc::new(Schema::new(vec![
        Field::new("index", DataType::Int64, false),
        Field::new("game", DataType::Int32, false),
        Field::new("severity", DataType::Utf8, false),
        Field::new("code", DataType::Utf8, false),
        Field::new("message", DataType::Utf8, false),
        Field::new("line", DataType::Int32, false),
        Field::new("column", DataType::Int32, false),
        Field::new("help", DataType::List(Arc::new(help)), false),
    ]))
}

/// `check` over a column: every diagnostic, warnings included, as one batch.
#[derive(Default)]
pub(crate) struct Check {
    found: Vec<Found>,
}

impl Visit for Check {
    type Output = RecordBatch;

    fn want(&self) -> Want {
        Want {
            warnings: true,
            render: false,
        }
    }

    fn converts(&self) -> bool {
        false
    }

    fn chunk(&mut self, _: &Cells<'_>) {}

    fn found(&mut self) -> &mut Vec<Found> {
        &mut self.found
    }

    fn cell(&mut self, _: Option<(bool, &str)>) -> Result<(), Failure> {
        Ok(())
    }

    fn chunk_done(&mut self) {}

    fn finish(self) -> RecordBatch {
        diagnostics_batch(&self.found)
    }
}

/// `found` as a batch of [`diagnostics_schema`].
pub(crate) fn diagnostics_batch(found: &[Found]) -> RecordBatch {
    let mut index = Int64Builder::with_capacity(found.len());
    let mut game = Int32Builder::with_capacity(found.len());
    let mut severity = StringBuilder::new();
    let mut code = StringBuilder::new();
    let mut message = StringBuilder::new();
    let mut line = Int32Builder::with_capacity(found.len());
    let mut column = Int32Builder::with_capacity(found.len());
    let mut help = ListBuilder::new(StringBuilder::new()).with_field(Arc::new(Field::new(
        "item",
        DataType::Utf8,
        true,
    )));
    let clamp = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
    for f in found {
        index.append_value(i64::try_from(f.index).unwrap_or(i64::MAX));
        game.append_value(clamp(f.diagnostic.game.unwrap_or(1)));
        severity.append_value(f.diagnostic.severity.to_string());
        code.append_value(f.diagnostic.code.as_str());
        message.append_value(&f.diagnostic.message);
        line.append_value(clamp(f.at.line));
        column.append_value(clamp(f.at.column));
        for h in &f.diagnostic.help {
            help.values().append_value(h);
        }
        help.append(true);
    }
    let columns: Vec<ArrayRef> = vec![
        Arc::new(index.finish()),
        Arc::new(game.finish()),
        Arc::new(severity.finish()),
        Arc::new(code.finish()),
        Arc::new(message.finish()),
        Arc::new(line.finish()),
        Arc::new(column.finish()),
        Arc::new(help.finish()),
    ];
    RecordBatch::try_new(diagnostics_schema(), columns)
        .expect("the columns are built to the schema")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notations::{self, Request};

    fn request<'a>(to: Option<&'a str>, from: Option<&'a str>) -> Request<'a> {
        Request {
            game: notation_registry::Game::Chess,
            from,
            to,
            style: None,
            first: None,
        }
    }

    #[test]
    fn converts_row_for_row_keeping_nulls() {
        let chunk: ArrayRef = Arc::new(StringArray::from(vec![
            Some("1. e4 e5 2. Nf3 Nc6 1-0"),
            None,
            Some(""),
            Some("1. e4 e5 2. O-O *"),
        ]));
        let chunks = [chunk];
        let task = Cellwise {
            chunks: &chunks,
            visit: Convert::new(false),
        };
        let converted = notations::run(&request(Some("fr"), Some("en")), task)
            .unwrap()
            .unwrap();
        let fr = converted[0].as_string::<i32>();
        assert_eq!(fr.value(0), "1. e4 e5 2. Cf3 Cc6 1-0");
        assert!(fr.is_null(1));
        assert_eq!(fr.value(2), "*");
        assert!(fr.is_null(3));
    }

    #[test]
    fn raises_the_first_error_with_its_place() {
        let chunk: ArrayRef =
            Arc::new(LargeStringArray::from(vec!["1. e4 *", "1. e4 e5 2. Nf9 *"]));
        let chunks = [chunk];
        let task = Cellwise {
            chunks: &chunks,
            visit: Convert::new(true),
        };
        let Err(Failure::Game(found)) = notations::run(&request(Some("uci"), None), task).unwrap()
        else {
            panic!("an error")
        };
        assert_eq!(found.index, 1);
        assert_eq!(found.diagnostic.code, Code::MoveSyntax);
        // Read as English, the closest letter set: the caret is on the bad character, `9`.
        assert_eq!((found.at.line, found.at.column), (1, 15));
        assert!(found.rendered.unwrap().contains("--> row 1:1:15"));
    }

    #[test]
    fn checks_every_diagnostic_and_refuses_numbers() {
        let chunk: ArrayRef = Arc::new(StringArray::from(vec![
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *",
            "1. e4 } *",
        ]));
        let chunks = [chunk];
        let batch = notations::run(
            &request(None, Some("en")),
            Cellwise {
                chunks: &chunks,
                visit: Check::default(),
            },
        )
        .unwrap()
        .unwrap();
        let codes = batch.column_by_name("code").unwrap().as_string::<i32>();
        let codes: Vec<&str> = codes.iter().flatten().collect();
        assert_eq!(codes, ["san.castling-zeros", "record.unmatched-brace"]);
        let numbers: ArrayRef = Arc::new(arrow_array::Int32Array::from(vec![1]));
        let chunks = [numbers];
        let task = Cellwise {
            chunks: &chunks,
            visit: Check::default(),
        };
        assert!(matches!(
            notations::run(&request(None, None), task).unwrap(),
            Err(Failure::Type(_))
        ));
        assert!(
            notations::run(
                &request(Some("french"), None),
                Cellwise {
                    chunks: &chunks,
                    visit: Check::default()
                }
            )
            .unwrap_err()
            .contains("did you mean `fr`?")
        );
    }
}
