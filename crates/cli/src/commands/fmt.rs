//! `scoresheet fmt`: records rewritten in place in the canonical export form of the notation
//! they are written in, as `rustfmt` rewrites Rust. The conversion is `convert`'s, with the
//! source notation as the target.
//!
//! Nothing is lost: only the games that replay are rewritten. Every other byte of the file (a
//! game with an error, a game the reader could not read, text between games that holds no
//! game) is kept as written, white space around it aside.

use std::collections::VecDeque;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::game_kind;
use crate::output;
use crate::pipeline::{self, Summary, Target};
use crate::progress;
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
                    let (game, why) = game_kind::of_input(path.as_deref());
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
        registry.dispatch(&request(args, *game, &[]), Checked)?;
    }

    let mut err = output::Stderr;
    let mut total = Summary::default();
    let mut changed: Vec<&str> = Vec::new();
    let mut failed_files = 0;
    let jobs = args.jobs.unwrap_or_else(pipeline::default_jobs);
    for (name, path, game) in &inputs {
        match packed(path.as_deref()) {
            Ok(true) if !args.check => {
                writeln!(
                    err,
                    "error: {name} is compressed: `fmt --check` reads it, but it is not \
                     rewritten (decompress it, format it, compress it again)"
                )?;
                failed_files += 1;
                continue;
            }
            Ok(_) => {}
            Err(e) => {
                writeln!(err, "error: cannot read {name}: {e}")?;
                failed_files += 1;
                continue;
            }
        }
        // Only a regular file is rewritten in place; a FIFO, a terminal or `/dev/stdin` is
        // read as a stream and formatted to stdout.
        let dest = match (args.check, path.as_deref().map(output::replaceable)) {
            (true, _) => Dest::Nowhere,
            (false, None | Some(Ok(None))) => {
                Dest::Stdout(io::BufWriter::with_capacity(1 << 16, io::stdout().lock()))
            }
            (false, Some(Ok(Some(target)))) => match output::AtomicFile::create(&target) {
                Ok(file) => Dest::File(file),
                Err(e) => {
                    writeln!(err, "error: cannot write {name}: {e}")?;
                    failed_files += 1;
                    continue;
                }
            },
            (false, Some(Err(e))) => {
                writeln!(err, "error: cannot write {name}: {e}")?;
                failed_files += 1;
                continue;
            }
        };
        let progress = progress::wanted(args.progress, args.quiet, matches!(dest, Dest::Stdout(_)));
        let mut splice = Splice::new(dest);
        let files: Vec<PathBuf> = path.iter().cloned().collect();
        let summary = pipeline::reported(
            crate::OutputFormat::Text,
            args.quiet,
            &mut err,
            &mut io::sink(),
            |report| {
                let format = Format {
                    files: &files,
                    sink: &mut splice,
                    report,
                    progress,
                    jobs,
                };
                registry.dispatch(&request(args, *game, &files), format)?
            },
        );
        let summary = match summary {
            Ok(summary) => summary,
            Err(Error::Io(e)) if splice.failed.is_some() => {
                // The output, not the input, failed.
                writeln!(err, "error: cannot write {name}: {e}")?;
                failed_files += 1;
                continue;
            }
            Err(e) => return Err(e),
        };
        add(&mut total, &summary);
        let spliced = match splice.finish() {
            Ok(spliced) => spliced,
            Err(e) => {
                writeln!(err, "error: cannot write {name}: {e}")?;
                failed_files += 1;
                continue;
            }
        };
        if summary.unreadable_files > 0 {
            // Reported: the file is left as it is.
            failed_files += 1;
            continue;
        }
        if spliced.misplaced {
            writeln!(
                err,
                "error: {name}: a game is not where the reader says; the file is left as it is"
            )?;
            failed_files += 1;
            continue;
        }
        let same = spliced.change.is_none();
        if !same {
            changed.push(name);
        }
        if args.check {
            if let Some(change) = &spliced.change {
                // One name a line on stdout, for scripts, as `gofmt -l` lists them.
                writeln!(io::stdout().lock(), "{name}")?;
                if !args.quiet {
                    change.tell(&mut err, name)?;
                }
            }
            continue;
        }
        match spliced.dest {
            Dest::File(file) if !same && spliced.wrote => {
                if let Err(e) = file.commit() {
                    writeln!(err, "error: cannot write {name}: {e}")?;
                    failed_files += 1;
                } else if spliced.not_utf8 && !args.quiet {
                    // Its bytes read as Latin-1 where they were not UTF-8, each said per game:
                    // the file as a whole changed its encoding.
                    writeln!(
                        err,
                        "note: {name} was not UTF-8 (read as Latin-1 where it was not); it is \
                         written as UTF-8"
                    )?;
                }
            }
            // Unchanged, or no game replays: the file is left as it is, to the byte.
            Dest::File(_) | Dest::Nowhere => {}
            Dest::Stdout(mut out) => out.flush()?,
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

/// Whether an input is a packed regular file (checked, never rewritten: its text would lose
/// its packing). What is not a regular file is not opened twice (a FIFO would wait for a
/// second writer): it is formatted to stdout, unpacked.
fn packed(path: Option<&Path>) -> io::Result<bool> {
    let Some(path) = path else {
        return Ok(false);
    };
    if !fs::metadata(path)?.is_file() {
        return Ok(false);
    }
    let (compression, _) = record_input::decompress(fs::File::open(path)?)?;
    Ok(compression != record_input::Compression::None)
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

/// One file formatted, streaming, in the notation it is written in.
struct Format<'s, 'r, 'w> {
    files: &'s [PathBuf],
    sink: &'s mut Splice,
    report: &'r mut pipeline::Report<'w>,
    progress: bool,
    jobs: usize,
}

impl Task for Format<'_, '_, '_> {
    type Output = Result<Summary, Error>;

    fn run<P: Kind, N: NotationOf<P> + ?Sized>(self, with: Notations<'_, '_, N>) -> Self::Output {
        pipeline::process_into::<P, N>(
            self.files,
            with.source,
            Target::Same,
            with.dialect,
            self.sink,
            self.report,
            self.progress,
            self.jobs,
        )
    }
}

/// Where a file's formatted text goes.
enum Dest {
    /// `--check`: compared only.
    Nowhere,
    /// A stream, formatted to stdout.
    Stdout(io::BufWriter<io::StdoutLock<'static>>),
    /// A regular file, replaced when it changed.
    File(output::AtomicFile),
}

/// The formatted text of one file, spliced as the games come: each game that replays in place
/// of its bytes ([`board_core::RawGame::source_range`]), the bytes between kept as written
/// (see [`keep`]). Only the bytes since the last game written are held, and it is compared
/// with the input on the way, so that memory does not grow with the file.
struct Splice {
    dest: Dest,
    /// Input bytes from `pos` on, by file offset.
    parts: VecDeque<(u64, Arc<Vec<u8>>)>,
    /// The first byte of the input not yet written or replaced.
    pos: u64,
    /// The end of the input received.
    end: u64,
    /// A game was written.
    wrote: bool,
    /// A game's bytes lie before what is written already (a bug of the reader, if ever).
    misplaced: bool,
    /// Why writing failed, when it did.
    failed: Option<io::ErrorKind>,
    /// The input holds bytes that are not UTF-8 (a Latin-1 file): the file written is UTF-8.
    not_utf8: bool,
    compare: Compare,
}

/// What [`Splice::finish`] found.
struct Spliced {
    dest: Dest,
    wrote: bool,
    misplaced: bool,
    not_utf8: bool,
    /// Where the formatted text first departs from the input, if it does.
    change: Option<Change>,
}

impl Splice {
    fn new(dest: Dest) -> Splice {
        Splice {
            dest,
            parts: VecDeque::new(),
            pos: 0,
            end: 0,
            wrote: false,
            misplaced: false,
            failed: None,
            not_utf8: false,
            compare: Compare::default(),
        }
    }

    /// The input's bytes from `pos` to `to`, as far as they were received.
    fn take(&mut self, to: u64) -> Vec<u8> {
        let mut bytes = Vec::new();
        for (offset, part) in &self.parts {
            let from = self.pos.max(*offset);
            let until = to.min(offset + part.len() as u64);
            if from < until {
                bytes.extend_from_slice(&part[(from - offset) as usize..(until - offset) as usize]);
            }
        }
        bytes
    }

    /// Drops the parts wholly before `pos`.
    fn drop_written(&mut self) {
        while let Some((offset, part)) = self.parts.front() {
            if offset + part.len() as u64 > self.pos {
                break;
            }
            self.parts.pop_front();
        }
    }

    fn emit(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.compare.formatted(bytes);
        let written = match &mut self.dest {
            Dest::Nowhere => Ok(()),
            Dest::Stdout(out) => out.write_all(bytes),
            Dest::File(file) => file.write_all(bytes),
        };
        if let Err(e) = &written {
            self.failed = Some(e.kind());
        }
        written
    }

    /// The end of the input: what is left after the last game, or, when no game replays, the
    /// input as it is.
    fn finish(mut self) -> io::Result<Spliced> {
        if self.wrote {
            let rest = self.take(self.end);
            let mut text = String::new();
            keep(&mut text, &rest, false);
            self.emit(text.as_bytes())?;
        } else if matches!(self.dest, Dest::Stdout(_)) {
            let all = self.take(self.end);
            self.emit(&all)?;
        } else {
            let all = self.take(self.end);
            self.compare.formatted(&all);
        }
        Ok(Spliced {
            change: self.compare.finish(),
            dest: self.dest,
            wrote: self.wrote,
            misplaced: self.misplaced,
            not_utf8: self.not_utf8,
        })
    }
}

impl pipeline::Sink for Splice {
    fn bytes(&mut self, offset: u64, bytes: Arc<Vec<u8>>) -> io::Result<()> {
        // Parts are cut at line starts, never inside a character.
        self.not_utf8 |= std::str::from_utf8(&bytes).is_err();
        self.compare.original(&bytes);
        self.end = offset + bytes.len() as u64;
        if self.end > self.pos {
            self.parts.push_back((offset, bytes));
        }
        Ok(())
    }

    fn game(&mut self, range: std::ops::Range<u64>, written: &str) -> io::Result<()> {
        if self.misplaced || range.start < self.pos || range.start > self.end {
            self.misplaced = true;
            return Ok(());
        }
        let kept = self.take(range.start);
        let mut text = String::with_capacity(kept.len() + written.len() + 2);
        keep(&mut text, &kept, self.pos == 0);
        text.push_str(written);
        self.emit(text.as_bytes())?;
        self.pos = range.end;
        self.wrote = true;
        self.drop_written();
        Ok(())
    }
}

/// Compares the formatted text with the input as both come, holding only what one is ahead
/// of the other, up to the first line where they differ.
#[derive(Default)]
struct Compare {
    /// Bytes of each not yet matched, from `at`.
    old: Vec<u8>,
    old_at: usize,
    new: Vec<u8>,
    new_at: usize,
    /// The line being matched, from 1, and its bytes matched so far.
    line: usize,
    matched: Vec<u8>,
    /// They differ on the line being matched: each side's bytes are held to its line end.
    differ: bool,
}

/// Where a formatted file first departs from its input.
struct Change {
    line: usize,
    /// The column (from 1, in characters) where the two lines first differ.
    column: usize,
    old: Option<String>,
    new: Option<String>,
}

/// How many characters of a changed line are shown before the change, and in all: a game's
/// movetext may be one line of many kilobytes.
const BEFORE_CHANGE: usize = 30;
const SHOWN: usize = 100;

impl Change {
    /// Tells on `err` where the formatted file first departs from the input, line by line,
    /// each line cut to the part around the change.
    fn tell(&self, err: &mut dyn Write, name: &str) -> io::Result<()> {
        writeln!(
            err,
            "note: {name} would be reformatted, from line {}, column {}:",
            self.line, self.column
        )?;
        let from = self.column.saturating_sub(1 + BEFORE_CHANGE);
        let show = |s: &Option<String>| {
            s.as_ref().map_or_else(
                || "(end of file)".to_owned(),
                |s| {
                    let shown: String = s.chars().skip(from).take(SHOWN).collect();
                    let cut_after = s.chars().count() > from + SHOWN;
                    format!(
                        "{}{shown:?}{}",
                        if from > 0 { "…" } else { "" },
                        if cut_after { "…" } else { "" }
                    )
                },
            )
        };
        writeln!(err, "  - {}", show(&self.old))?;
        writeln!(err, "  + {}", show(&self.new))
    }
}

impl Compare {
    fn original(&mut self, bytes: &[u8]) {
        if !self.differ || !self.old[self.old_at..].contains(&b'\n') {
            self.old.extend_from_slice(bytes);
        }
        self.advance();
    }

    fn formatted(&mut self, bytes: &[u8]) {
        if !self.differ || !self.new[self.new_at..].contains(&b'\n') {
            self.new.extend_from_slice(bytes);
        }
        self.advance();
    }

    fn advance(&mut self) {
        if self.differ {
            return;
        }
        let (old, new) = (&self.old[self.old_at..], &self.new[self.new_at..]);
        let n = old.iter().zip(new).take_while(|(a, b)| a == b).count();
        for &b in &old[..n] {
            if b == b'\n' {
                self.line += 1;
                self.matched.clear();
            } else {
                self.matched.push(b);
            }
        }
        self.old_at += n;
        self.new_at += n;
        if self.old_at < self.old.len() && self.new_at < self.new.len() {
            self.differ = true;
            return;
        }
        // What is matched is not needed again.
        for (bytes, at) in [
            (&mut self.old, &mut self.old_at),
            (&mut self.new, &mut self.new_at),
        ] {
            if *at > 1 << 16 && *at * 2 > bytes.len() {
                bytes.drain(..*at);
                *at = 0;
            }
        }
    }

    /// Both have ended: the first change, if any.
    fn finish(self) -> Option<Change> {
        let (old, new) = (&self.old[self.old_at..], &self.new[self.new_at..]);
        if old.is_empty() && new.is_empty() {
            return None;
        }
        let line = |rest: &[u8]| {
            if rest.is_empty() && self.matched.is_empty() {
                return None;
            }
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(rest.len(), |k| k + 1);
            let mut line = self.matched.clone();
            line.extend_from_slice(&rest[..end]);
            Some(String::from_utf8_lossy(&line).into_owned())
        };
        Some(Change {
            line: self.line + 1,
            column: String::from_utf8_lossy(&self.matched).chars().count() + 1,
            old: line(old),
            new: line(new),
        })
    }
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
