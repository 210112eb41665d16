//! `scoresheet export`: records in, a table of games out (Parquet, Arrow IPC, JSON Lines or
//! CSV), one row per game, written a row group at a time so that memory is bounded by the
//! row group, not the input.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;
use std::sync::Arc;

use arrow_array::{Array, ArrayRef, RecordBatch, StringArray};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use board_core::{Notation, RawGame, RecordReader};
use game_table::{FrameLog, Provenance, Summary, Table, TableOptions};
use notation_detect::Detected;
use notation_registry::Registry;

use crate::output::{self, AtomicFile};
use crate::pipeline;
use crate::{Error, ExportArgs, TableFormat, game_kind};

/// Exports the inputs as one table; a game with an error is a row with `valid = false`, said
/// on stderr, and the exit status is 1, as `check` gives for it.
pub(crate) fn run(args: &ExportArgs) -> Result<(), Error> {
    let format = format_of(args.format, args.output.as_deref())?;
    let (game, notes) = game_kind::of_inputs(args.game, &args.files)?;
    if !args.quiet {
        for note in notes {
            writeln!(output::Stderr, "note: {note}")?;
        }
    }
    let rows = args.row_group_rows as usize;
    let options = TableOptions {
        game: match game {
            crate::Game::Chess => game_table::Game::Chess,
            crate::Game::Draughts => game_table::Game::Draughts,
        },
        from: args.from.clone(),
        to: args.to.clone(),
        columns: args.columns.clone(),
        batch_rows: rows,
        jobs: args.jobs.unwrap_or_else(pipeline::default_jobs),
    };
    let table = Table::new(options.clone()).map_err(|e| Error::Usage(e.to_string()))?;
    // Without `--from`, each input's notation is told from its first games, as `convert`
    // tells it: the table of that input reads its moves in that notation.
    let detect = args.from.is_none().then_some(&options);
    let destination = match &args.output {
        Some(path) => Destination::File(
            AtomicFile::create(path)
                .map_err(|e| Error::Input(format!("cannot create {}: {e}", path.display())))?,
        ),
        None => Destination::Stdout(BufWriter::with_capacity(1 << 16, io::stdout())),
    };
    let mut writer = TableWriter::new(format, destination, table.schema(), rows)?;
    let mut total = pipeline::Summary::default();
    for (name, path) in pipeline::open_inputs(&args.files) {
        match export_one(
            &table,
            detect,
            &name,
            path.as_deref(),
            &mut writer,
            args.quiet,
        ) {
            Ok(summary) => add(&mut total, &summary),
            Err(Failure::Input(message, summary)) => {
                add(&mut total, &summary);
                total.unreadable_files += 1;
                output::note_failure();
                writeln!(output::Stderr, "error: {message}")?;
            }
            Err(Failure::Output(e)) => return Err(e),
        }
    }
    let destination = writer.finish()?;
    destination.commit().map_err(|e| match &args.output {
        Some(path) => Error::Input(format!("cannot write {}: {e}", path.display())),
        None => Error::Io(e),
    })?;
    if !args.quiet {
        let to = args
            .output
            .as_deref()
            .map_or_else(|| "stdout".to_owned(), |p| p.display().to_string());
        writeln!(
            output::Stderr,
            "exported {} to {to} as {} ({} valid; {}, {})",
            pipeline::count(total.games, "game", "games"),
            format_name(format),
            total.good,
            pipeline::count(total.errors, "error", "errors"),
            pipeline::count(total.warnings, "warning", "warnings"),
        )?;
    }
    pipeline::verdict(&total)
}

/// Why one input stopped.
enum Failure {
    /// It could not be opened or read to its end: the message, and what was exported of it.
    Input(String, Summary),
    /// The table could not be written.
    Output(Error),
}

fn add(total: &mut pipeline::Summary, summary: &Summary) {
    total.games += summary.games;
    total.good += summary.valid;
    total.errors += summary.errors;
    total.warnings += summary.warnings;
    total.plies += summary.plies;
}

/// Writes the rows of one input, its diagnostics on stderr as they come; with `detect`, in
/// the notation its first games are written in.
fn export_one(
    table: &Table,
    detect: Option<&TableOptions>,
    name: &str,
    path: Option<&Path>,
    writer: &mut TableWriter,
    quiet: bool,
) -> Result<Summary, Failure> {
    let input: Box<dyn Read> = match path {
        Some(path) => Box::new(File::open(path).map_err(|e| {
            Failure::Input(
                format!("cannot open {}: {e}", path.display()),
                Summary::default(),
            )
        })?),
        None => crate::stdin::reader(),
    };
    let (_, mut plain) = record_input::decompress(input)
        .map_err(|e| Failure::Input(format!("cannot read {name}: {e}"), Summary::default()))?;
    // A zstd input places each game by its frame and its offset in the frame's text, as the
    // partitions of `scoresheet.dask` do, so that the two runs compare row by row.
    let log = FrameLog::new();
    plain.on_frame(log.recorder());
    // The start of the text, read to tell the notation, then read again in front of the rest.
    let mut start = Vec::new();
    // An input that fails within its start keeps the games before the failure, as one that
    // fails later does: the error comes where the text stops.
    let mut failed = None;
    if detect.is_some() {
        failed = (&mut plain).take(DETECT_TEXT).read_to_end(&mut start).err();
    }
    let detected = detect.and_then(|options| {
        let (notation, why) = detected_notation(&start, options.game)?;
        Some((notation, why, options))
    });
    let table = match detected {
        Some((notation, why, options)) => {
            if !quiet {
                let _ = writeln!(output::Stderr, "note: {name}: {why}");
            }
            let options = TableOptions {
                from: Some(notation.to_owned()),
                ..options.clone()
            };
            &Table::new(options).map_err(|e| Failure::Output(Error::Usage(e.to_string())))?
        }
        None => table,
    };
    let text = ReadAhead {
        start: io::Cursor::new(start),
        failed,
        rest: plain,
    };
    let mut batches = table.read(text, Provenance::following(name, log));
    while let Some(batch) = batches.next() {
        for finding in batches.take_findings() {
            if finding.diagnostic.is_error() {
                output::note_failure();
            }
            if !quiet || finding.diagnostic.is_error() {
                let _ = writeln!(output::Stderr, "{}", finding.rendered);
            }
        }
        match batch {
            Ok(batch) => writer.write(&batch).map_err(Failure::Output)?,
            Err(e) => return Err(Failure::Input(e.to_string(), batches.summary())),
        }
    }
    Ok(batches.summary())
}

/// The text read ahead to tell the notation, then the error that stopped it if one did, else
/// the rest of the input.
struct ReadAhead<R> {
    start: io::Cursor<Vec<u8>>,
    failed: Option<io::Error>,
    rest: R,
}

impl<R: Read> Read for ReadAhead<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.start.read(buf)?;
        if n > 0 || buf.is_empty() {
            return Ok(n);
        }
        if let Some(error) = self.failed.take() {
            return Err(error);
        }
        self.rest.read(buf)
    }
}

/// How much of an input's text is looked at to tell its notation when `--from` is not given:
/// some hundreds of games, as many as a first deciding game needs in practice.
const DETECT_TEXT: u64 = 1 << 20;

/// The registry name of the notation the games of `text` are written in, and why, as
/// `convert` decides it (notation-detect's `Source::resolve` over the games, the first game
/// choosing between the plain and the descriptive position): the first game that decides
/// names it. `None` when none decides (the table's default then) and for draughts, whose
/// notation is not detected.
fn detected_notation(text: &[u8], game: game_table::Game) -> Option<(&'static str, String)> {
    if game != game_table::Game::Chess {
        return None;
    }
    let registry = Registry::standard();
    let dialect = (notation_registry::game(game).dialect)();
    // Text between games (a book's heading) tells nothing and is no game: left out, and the
    // games numbered as `check` numbers them.
    let mut games = RecordReader::new(text, dialect)
        .filter_map(Result::ok)
        .filter(|game| !game.looks_like_prose())
        .enumerate()
        .map(|(k, game)| game.renumbered(k + 1));
    let first = games.next()?;
    let games = std::iter::once(first.clone()).chain(games);
    if registry.is_descriptive(&first) {
        decide(&|game| registry.detect_on_descriptive(game), games)
    } else {
        let letter_sets = registry.letter_sets();
        decide(&|game| notation_detect::chess(game, &letter_sets), games)
    }
}

/// The name of the notation the first deciding game of `games` decides on, and why. When no
/// game decides because two letter sets read every game alike (Spanish and Italian, German
/// and Swedish: the same letters), the first that reads a game whole: the games read the same
/// in either, as `convert` reads them.
fn decide<'n, N: Notation + ?Sized + 'static>(
    detect: &dyn Fn(&RawGame) -> Detected<'n, N>,
    games: impl Iterator<Item = RawGame>,
) -> Option<(&'static str, String)> {
    let mut fits = None;
    for game in games {
        match detect(&game) {
            Detected::Decided(notation, why) => return Some((notation.name(), why)),
            Detected::Undecided(Some(notation)) => {
                fits.get_or_insert((notation.name(), game.number()));
            }
            Detected::Undecided(None) | Detected::Closest(..) => {}
        }
    }
    fits.map(|(name, number)| {
        (
            name,
            format!(
                "read as {name}: no game tells its letter set from another that writes the same \
                 moves; {name} reads game {number} whole"
            ),
        )
    })
}

/// The format `--format` names, else the one the output's extension says.
fn format_of(format: Option<TableFormat>, output: Option<&Path>) -> Result<TableFormat, Error> {
    if let Some(format) = format {
        return Ok(format);
    }
    let ext = output
        .and_then(Path::extension)
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match ext.as_deref() {
        Some("parquet" | "pq") => Ok(TableFormat::Parquet),
        Some("arrow" | "ipc" | "feather") => Ok(TableFormat::Ipc),
        Some("jsonl" | "ndjson" | "json") => Ok(TableFormat::Jsonl),
        Some("csv") => Ok(TableFormat::Csv),
        _ => Err(Error::Usage(
            "export: give --format parquet|ipc|jsonl|csv, or an -o file ending .parquet, .arrow, \
             .jsonl or .csv"
                .into(),
        )),
    }
}

fn format_name(format: TableFormat) -> &'static str {
    match format {
        TableFormat::Parquet => "Parquet",
        TableFormat::Ipc => "Arrow IPC",
        TableFormat::Jsonl => "JSON Lines",
        TableFormat::Csv => "CSV",
    }
}

/// Where the table goes: a file replaced at the end, or stdout.
enum Destination {
    File(AtomicFile),
    Stdout(BufWriter<io::Stdout>),
}

impl Destination {
    fn commit(self) -> io::Result<()> {
        match self {
            Destination::File(file) => file.commit(),
            Destination::Stdout(mut out) => out.flush(),
        }
    }
}

impl Write for Destination {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Destination::File(file) => file.write(buf),
            Destination::Stdout(out) => out.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Destination::File(file) => file.flush(),
            Destination::Stdout(out) => out.flush(),
        }
    }
}

/// One writer per format, each taking batches as they come.
enum TableWriter {
    #[cfg(feature = "parquet")]
    Parquet(parquet::arrow::ArrowWriter<Destination>),
    Ipc(arrow_ipc::writer::FileWriter<Destination>),
    Jsonl(arrow_json::LineDelimitedWriter<Destination>),
    Csv {
        writer: arrow_csv::Writer<Destination>,
        schema: SchemaRef,
        /// A batch was written: the header line is out.
        started: bool,
    },
}

/// An error of the table writer, as the command reports it.
fn written(e: impl std::fmt::Display) -> Error {
    Error::Io(io::Error::other(e.to_string()))
}

impl TableWriter {
    fn new(
        format: TableFormat,
        out: Destination,
        schema: SchemaRef,
        rows: usize,
    ) -> Result<TableWriter, Error> {
        Ok(match format {
            #[cfg(feature = "parquet")]
            TableFormat::Parquet => {
                use parquet::basic::{Compression, ZstdLevel};
                use parquet::file::properties::WriterProperties;
                let props = WriterProperties::builder()
                    .set_compression(Compression::ZSTD(ZstdLevel::default()))
                    .set_max_row_group_row_count(Some(rows))
                    .build();
                TableWriter::Parquet(
                    parquet::arrow::ArrowWriter::try_new(out, schema, Some(props))
                        .map_err(written)?,
                )
            }
            #[cfg(not(feature = "parquet"))]
            TableFormat::Parquet => {
                let _ = (out, schema, rows);
                return Err(Error::Usage(
                    "this scoresheet was built without Parquet (cargo feature `parquet`); \
                     use --format ipc, jsonl or csv"
                        .into(),
                ));
            }
            TableFormat::Ipc => TableWriter::Ipc(
                arrow_ipc::writer::FileWriter::try_new(out, &schema).map_err(written)?,
            ),
            TableFormat::Jsonl => TableWriter::Jsonl(
                arrow_json::WriterBuilder::new()
                    .with_explicit_nulls(true)
                    .build::<_, arrow_json::writer::LineDelimited>(out),
            ),
            TableFormat::Csv => TableWriter::Csv {
                schema: csv_schema(&schema),
                writer: arrow_csv::WriterBuilder::new().with_header(true).build(out),
                started: false,
            },
        })
    }

    fn write(&mut self, batch: &RecordBatch) -> Result<(), Error> {
        match self {
            #[cfg(feature = "parquet")]
            TableWriter::Parquet(w) => w.write(batch).map_err(written),
            TableWriter::Ipc(w) => w.write(batch).map_err(written),
            TableWriter::Jsonl(w) => w.write(batch).map_err(written),
            TableWriter::Csv {
                writer,
                schema,
                started,
            } => {
                let flat = flatten(batch, schema).map_err(written)?;
                *started = true;
                writer.write(&flat).map_err(written)
            }
        }
    }

    /// Writes what the format keeps for the end (Parquet's footer, IPC's) and gives back the
    /// destination, to commit.
    fn finish(self) -> Result<Destination, Error> {
        match self {
            #[cfg(feature = "parquet")]
            TableWriter::Parquet(w) => w.into_inner().map_err(written),
            TableWriter::Ipc(mut w) => {
                w.finish().map_err(written)?;
                w.into_inner().map_err(written)
            }
            TableWriter::Jsonl(mut w) => {
                w.finish().map_err(written)?;
                Ok(w.into_inner())
            }
            TableWriter::Csv {
                mut writer,
                schema,
                started,
            } => {
                // A table of no games still has its header line.
                if !started {
                    writer
                        .write(&RecordBatch::new_empty(schema))
                        .map_err(written)?;
                }
                Ok(writer.into_inner())
            }
        }
    }
}

/// Whether CSV cannot hold a column of this type as it is.
fn nested(data_type: &DataType) -> bool {
    matches!(
        data_type,
        DataType::List(_) | DataType::Map(..) | DataType::Struct(_)
    )
}

/// The schema of the CSV: nested columns as text.
fn csv_schema(schema: &Schema) -> SchemaRef {
    Arc::new(Schema::new(
        schema
            .fields()
            .iter()
            .map(|f| {
                if nested(f.data_type()) {
                    Arc::new(Field::new(f.name(), DataType::Utf8, true))
                } else {
                    Arc::clone(f)
                }
            })
            .collect::<Vec<_>>(),
    ))
}

/// `batch` with its lists, maps and structs as JSON text, which CSV can hold.
fn flatten(batch: &RecordBatch, schema: &SchemaRef) -> Result<RecordBatch, ArrowError> {
    let columns = batch
        .columns()
        .iter()
        .map(|column| {
            if !nested(column.data_type()) {
                return Ok(Arc::clone(column));
            }
            let texts: StringArray = (0..column.len())
                .map(|row| (!column.is_null(row)).then(|| json(column.as_ref(), row).to_string()))
                .collect();
            Ok(Arc::new(texts) as ArrayRef)
        })
        .collect::<Result<Vec<_>, ArrowError>>()?;
    RecordBatch::try_new(Arc::clone(schema), columns)
}

/// Row `row` of `array` as JSON, for the nested types of the games table.
fn json(array: &dyn Array, row: usize) -> serde_json::Value {
    use arrow_array::cast::AsArray;
    use arrow_array::types::{Float64Type, Int16Type};
    use serde_json::Value;
    if array.is_null(row) {
        return Value::Null;
    }
    match array.data_type() {
        DataType::Utf8 => Value::from(array.as_string::<i32>().value(row)),
        DataType::Float64 => Value::from(array.as_primitive::<Float64Type>().value(row)),
        DataType::Int16 => Value::from(array.as_primitive::<Int16Type>().value(row)),
        DataType::List(_) => {
            let items = array.as_list::<i32>().value(row);
            Value::Array((0..items.len()).map(|k| json(items.as_ref(), k)).collect())
        }
        DataType::Map(..) => {
            let map = array.as_map();
            let entries = map.value(row);
            let (keys, values) = (entries.column(0), entries.column(1));
            // Pairs, not an object: a record may repeat a tag.
            Value::Array(
                (0..entries.len())
                    .map(|k| Value::Array(vec![json(keys.as_ref(), k), json(values.as_ref(), k)]))
                    .collect(),
            )
        }
        DataType::Struct(fields) => {
            let s = array.as_struct();
            Value::Object(
                fields
                    .iter()
                    .zip(s.columns())
                    .map(|(f, c)| (f.name().clone(), json(c.as_ref(), row)))
                    .collect(),
            )
        }
        // The table has no other nested types; a new one shows as its type's name until
        // it is written here.
        other => Value::from(format!("<{other}>")),
    }
}
