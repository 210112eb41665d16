//! `scoresheet fmt`: records rewritten in place in the canonical export form of the notation
//! they are written in, as `rustfmt` rewrites Rust. The conversion is `convert`'s, with the
//! source notation as the target.
//!
//! Nothing is lost: only the games that replay are rewritten. Every other byte of the file (a
//! game with an error, a game the reader could not read, text between games that holds no
//! game) is kept as written, white space around it aside.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use board_core::{Dialect, Notation, Output, ReadError, RecordReader, Rules, replay};

use crate::game_kind;
use crate::output;
use crate::pipeline::{self, Source, Summary};
use crate::registry::{Dispatch, Kind, NotationOf, Notations, Registry, Request, Task};
use crate::{Error, FmtArgs, Game};

/// Formats the inputs (or, with `--check`, tells which are not formatted); exit status 1 when
/// a game had an error or, with `--check`, when an input is not formatted.
pub(crate) fn run(registry: &Registry, args: &FmtArgs) -> Result<(), Error> {
    let inputs: Vec<(String, Option<PathBuf>, Game)> = pipeline::open_inputs(&args.files)
        .into_iter()
        .map(|(name, path)| {
            let game = match args.game {
                Some(game) => game,
                None => {
                    let (game, why) = game_kind::of_file(path.as_deref());
                    if let Some(why) = why.filter(|_| !args.quiet) {
                        let _ = writeln!(output::Stderr, "note: {why}");
                    }
                    game
                }
            };
            (name, path, game)
        })
        .collect();
    // Every `--from` and `--style` is checked before any file is touched.
    for (_, _, game) in &inputs {
        registry.run(&request(args, *game, &[]), Checked)?;
    }

    let mut err = output::Stderr;
    let mut total = Summary::default();
    let mut changed: Vec<&str> = Vec::new();
    let mut failed_files = 0;
    for (name, path, game) in &inputs {
        let (original, packed) = match read(path.as_deref()) {
            Ok(read) => read,
            Err(e) => {
                writeln!(err, "error: cannot read {name}: {e}")?;
                failed_files += 1;
                continue;
            }
        };
        if packed && path.is_some() && !args.check {
            writeln!(
                err,
                "error: {name} is compressed: `fmt --check` reads it, but it is not rewritten \
                 (decompress it, format it, compress it again)"
            )?;
            failed_files += 1;
            continue;
        }
        let mut log = Log {
            err: &mut err,
            quiet: args.quiet,
            summary: Summary::default(),
        };
        let files = path.as_slice();
        let format = Format {
            bytes: &original,
            name,
            log: &mut log,
        };
        let formatted = match registry.run(&request(args, *game, files), format)? {
            Ok(formatted) => formatted,
            Err(Error::Input(message)) => {
                writeln!(err, "error: {message}")?;
                failed_files += 1;
                continue;
            }
            Err(e) => return Err(e),
        };
        add(&mut total, &log.summary);
        // A file in which no game replays is left as it is, to the byte.
        let formatted = formatted.map_or(original.clone(), String::into_bytes);
        let same = formatted == original;
        if !same {
            changed.push(name);
        }
        if args.check {
            if !same {
                // One name a line on stdout, for scripts, as `gofmt -l` lists them.
                writeln!(io::stdout().lock(), "{name}")?;
                if !args.quiet {
                    first_change(&mut err, name, &original, &formatted)?;
                }
            }
            continue;
        }
        // Only a regular file is rewritten in place; a FIFO, a terminal or `/dev/stdin` is
        // read as a stream and formatted to stdout.
        match path.as_deref().map(output::replaceable) {
            None | Some(Ok(None)) => {
                let mut out = io::stdout().lock();
                out.write_all(&formatted)?;
                out.flush()?;
            }
            Some(Ok(Some(_))) if same => {}
            Some(Ok(Some(target))) => {
                if let Err(e) = output::replace(&target, &formatted) {
                    writeln!(err, "error: cannot write {name}: {e}")?;
                    failed_files += 1;
                }
            }
            Some(Err(e)) => {
                writeln!(err, "error: cannot write {name}: {e}")?;
                failed_files += 1;
            }
        }
    }

    if !args.quiet {
        let what = match (inputs.as_slice(), args.check, changed.is_empty()) {
            ([(name, _, _)], true, true) => format!("{name} is formatted"),
            ([(name, _, _)], true, false) => format!("{name} would be reformatted"),
            ([(name, _, _)], false, true) => format!("{name} unchanged"),
            ([(name, _, _)], false, false) => format!("{name} reformatted"),
            (_, true, _) => format!(
                "{} of {} files would be reformatted",
                changed.len(),
                inputs.len()
            ),
            (_, false, _) => format!("reformatted {} of {} files", changed.len(), inputs.len()),
        };
        writeln!(
            err,
            "{what}: {} game{}, {} kept as written ({} error{}, {} warning{})",
            total.games,
            plural(total.games),
            total.games - total.good,
            total.errors,
            plural(total.errors),
            total.warnings,
            plural(total.warnings),
        )?;
    }
    if failed_files > 0 {
        return Err(Error::Input(format!(
            "{failed_files} file{} could not be read or written",
            plural(failed_files)
        )));
    }
    pipeline::verdict(&total)?;
    if args.check && !changed.is_empty() {
        return Err(Error::Input(format!(
            "{} file{} would be reformatted",
            changed.len(),
            plural(changed.len())
        )));
    }
    Ok(())
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn add(total: &mut Summary, one: &Summary) {
    total.games += one.games;
    total.good += one.good;
    total.errors += one.errors;
    total.warnings += one.warnings;
    total.plies += one.plies;
}

/// The bytes of an input, decompressed, and whether they were packed (a packed file is checked,
/// never rewritten: its text would lose its packing).
fn read(path: Option<&Path>) -> io::Result<(Vec<u8>, bool)> {
    let raw: Box<dyn Read> = match path {
        Some(path) => Box::new(fs::File::open(path)?),
        None => Box::new(io::stdin().lock()),
    };
    let (compression, mut reader) = record_input::decompress(raw)?;
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    Ok((bytes, compression != record_input::Compression::None))
}

/// What the registry is asked for a file of `game`: its notation as written, named or
/// detected, to be written back in it.
fn request<'a>(args: &'a FmtArgs, game: Game, files: &'a [PathBuf]) -> Request<'a> {
    Request {
        game,
        from: args.from.as_deref(),
        to: None,
        style: args.style.as_deref(),
        files,
        as_written: true,
    }
}

/// Finding the notations is all: what `--from` and `--style` name exists.
struct Checked;

impl Task for Checked {
    type Output = ();

    fn run<P: Kind, N: NotationOf<P> + ?Sized>(self, _: Notations<'_, '_, N>) {}
}

/// One file formatted in the notation it is written in.
struct Format<'a, 'l> {
    bytes: &'a [u8],
    name: &'a str,
    log: &'a mut Log<'l>,
}

impl Task for Format<'_, '_> {
    type Output = Result<Option<String>, Error>;

    fn run<P: Kind, N: NotationOf<P> + ?Sized>(self, with: Notations<'_, '_, N>) -> Self::Output {
        let source = with.source;
        let dialect = with.dialect;
        format_bytes(self.bytes, self.name, source, dialect, self.log)
    }
}

/// Where one file's diagnostics go, and what they counted.
struct Log<'a> {
    err: &'a mut dyn Write,
    quiet: bool,
    summary: Summary,
}

impl Log<'_> {
    fn error(&mut self, rendered: &str) -> io::Result<()> {
        self.summary.errors += 1;
        writeln!(self.err, "{rendered}")
    }

    fn warning(&mut self, rendered: &str) -> io::Result<()> {
        self.summary.warnings += 1;
        if self.quiet {
            return Ok(());
        }
        writeln!(self.err, "{rendered}")
    }

    fn note(&mut self, message: &str) -> io::Result<()> {
        if self.quiet {
            return Ok(());
        }
        writeln!(self.err, "note: {message}")
    }
}

/// The text of a file with each game that replays in `source` written again in the same
/// notation, and everything else kept; `None` when no game replays.
///
/// # Errors
///
/// [`Error::Io`] when a diagnostic cannot be written, [`Error::Input`] when a game cannot be
/// placed in the file (which would be a bug of the reader; the file is then left alone).
fn format_bytes<P, N>(
    bytes: &[u8],
    name: &str,
    source: &Source<'_, N>,
    dialect: &Dialect,
    log: &mut Log<'_>,
) -> Result<Option<String>, Error>
where
    P: Rules,
    N: Notation<Position = P, Move = P::Move> + ?Sized,
{
    let mut out = String::with_capacity(bytes.len() + bytes.len() / 8);
    // The input from here on is not in `out` yet.
    let mut kept_from = 0;
    let mut decided = None;
    for item in RecordReader::new(bytes, dialect.clone()) {
        let game = match item {
            Ok(game) => game,
            Err(ReadError::Game(e)) => {
                // Its text stays where it is, in what is kept.
                log.summary.games += 1;
                log.error(&e.render(name))?;
                continue;
            }
            Err(e) => return Err(Error::Input(format!("cannot read {name}: {e}"))),
        };
        log.summary.games += 1;
        let (notation, why) = source.resolve(&game, &mut decided);
        if let Some(why) = why {
            log.note(&format!("{name}: {why}"))?;
        }
        for warning in game.warnings() {
            log.warning(&game.render(warning, name))?;
        }
        let mut written = String::new();
        let replayed = replay::<P, _, _>(
            &game,
            notation,
            Some(Output {
                notation,
                dialect,
                out: &mut written,
            }),
        );
        for diagnostic in &replayed.diagnostics {
            let rendered = game.render(diagnostic, name);
            if diagnostic.is_error() {
                log.error(&rendered)?;
            } else {
                log.warning(&rendered)?;
            }
        }
        if replayed.has_errors() {
            continue;
        }
        log.summary.good += 1;
        log.summary.plies += replayed.plies;
        // The game's bytes in the file, as the reader measured them. ASCII bytes are their own
        // text, and are checked against it; others may be decoded (Latin-1, Windows-1252) or
        // read leniently (a dash look-alike as `-`).
        let start = usize::try_from(game.offset()).unwrap_or(usize::MAX);
        let len = game.source_len();
        let placed = start >= kept_from
            && bytes
                .get(start..start.saturating_add(len))
                .is_some_and(|b| !b.is_ascii() || b == game.text().as_bytes());
        if !placed {
            return Err(Error::Input(format!(
                "{name}: game {} is not where the reader says; the file is left as it is",
                game.number()
            )));
        }
        keep(&mut out, &bytes[kept_from..start], kept_from == 0);
        out.push_str(&written);
        kept_from = start + len;
    }
    if log.summary.good == 0 {
        return Ok(None);
    }
    keep(&mut out, &bytes[kept_from..], false);
    Ok(Some(out))
}

/// Appends the text between two formatted games as written, without the blank lines and
/// trailing white space around it (nor a byte order mark at the start of the file), then a
/// blank line as after a game.
fn keep(out: &mut String, bytes: &[u8], file_start: bool) {
    let bytes = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) if file_start => rest,
        _ => bytes,
    };
    // Decoded as the reader decodes a game: UTF-8, else Latin-1; the file written is UTF-8.
    let text: std::borrow::Cow<'_, str> = match std::str::from_utf8(bytes) {
        Ok(text) => text.into(),
        Err(_) => bytes
            .iter()
            .map(|&b| char::from(b))
            .collect::<String>()
            .into(),
    };
    let Some(first) = text.find(|c: char| !c.is_whitespace()) else {
        return;
    };
    // Whole blank lines go; the first line that holds something keeps its indentation.
    let line_start = text[..first].rfind('\n').map_or(0, |k| k + 1);
    out.push_str(text[line_start..].trim_end());
    out.push_str("\n\n");
}

/// Tells on `err` where `formatted` first departs from `original`, line by line.
fn first_change(
    err: &mut dyn Write,
    name: &str,
    original: &[u8],
    formatted: &[u8],
) -> io::Result<()> {
    let original = String::from_utf8_lossy(original);
    let formatted = String::from_utf8_lossy(formatted);
    let mut old = original.split_inclusive('\n');
    let mut new = formatted.split_inclusive('\n');
    let mut line = 1;
    loop {
        match (old.next(), new.next()) {
            (Some(a), Some(b)) if a == b => line += 1,
            (None, None) => return Ok(()),
            (a, b) => {
                writeln!(err, "note: {name} would be reformatted, from line {line}:")?;
                let show = |s: Option<&str>| {
                    s.map_or_else(|| "(end of file)".to_owned(), |s| format!("{s:?}"))
                };
                writeln!(err, "  - {}", show(a))?;
                return writeln!(err, "  + {}", show(b));
            }
        }
    }
}
