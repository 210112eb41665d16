//! A progress line on stderr for commands that stream records: games done, games per second,
//! bytes read (with the percentage and time left when the inputs are files), the file being
//! read. Drawn only when stderr is a terminal or `--progress always` asks for it.
//!
//! The line is redrawn in place (`\r`, then the text) at most every [`TICK`] by the loop that
//! writes the output in order, and erased (`\r` and "erase to end of line") before a diagnostic is
//! printed and when the run ends, so nothing else printed on stderr is garbled by it.

use std::io::{self, IsTerminal, Read, Write};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::args::Progress;

/// The shortest time between two redraws: ten a second is enough for eyes and costs nothing.
pub(crate) const TICK: Duration = Duration::from_millis(100);

/// Carriage return, then "erase to the end of the line": the line is blank again.
const ERASE: &str = "\r\x1b[K";

/// Whether a command draws the line: never when `quiet`; with `auto`, only when stderr is a
/// terminal that the output does not share (`writes_stdout` and stdout a terminal too, as when
/// `convert` prints its games on the screen: the bar would be torn by them).
pub(crate) fn wanted(mode: Progress, quiet: bool, writes_stdout: bool) -> bool {
    match mode {
        _ if quiet => false,
        Progress::Never => false,
        Progress::Always => true,
        Progress::Auto => {
            io::stderr().is_terminal() && !(writes_stdout && io::stdout().is_terminal())
        }
    }
}

/// What the reading thread tells the line: how far it has read, and in which input.
#[derive(Debug, Default)]
pub(crate) struct Meter {
    bytes: AtomicU64,
    input: AtomicUsize,
}

impl Meter {
    /// From now on the reader reads the input numbered `index` (in the order given).
    pub(crate) fn reading(&self, index: usize) {
        self.input.store(index, Ordering::Relaxed);
    }

    /// `reader`, counting on this meter the bytes read through it.
    pub(crate) fn count<R: Read>(&self, reader: R) -> Counted<'_, R> {
        Counted {
            inner: reader,
            bytes: &self.bytes,
        }
    }
}

/// A reader that adds what it reads to a [`Meter`]; one atomic add per buffer refill.
pub(crate) struct Counted<'m, R> {
    inner: R,
    bytes: &'m AtomicU64,
}

impl<R: Read> Read for Counted<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// The line itself, owned by the loop that writes the output.
pub(crate) struct Bar<'m> {
    meter: &'m Meter,
    names: Vec<String>,
    /// The inputs' total size, when all are files whose size is known.
    total: Option<u64>,
    width: usize,
    start: Instant,
    last: Instant,
    shown: bool,
    err: Box<dyn Write + 'm>,
}

impl<'m> Bar<'m> {
    /// A line for inputs named `names` (in reading order) of `total` bytes, fed by `meter`,
    /// drawn on `err`.
    pub(crate) fn new(
        meter: &'m Meter,
        names: Vec<String>,
        total: Option<u64>,
        err: Box<dyn Write + 'm>,
    ) -> Self {
        // The terminal's width would need an ioctl (unsafe, or a crate): `COLUMNS` when the
        // shell exports it, else the 80 columns every terminal has. A line wider than the
        // screen would wrap and `\r` could not bring it back.
        let width = std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.parse().ok())
            .unwrap_or(80);
        let now = Instant::now();
        Bar {
            meter,
            names,
            total,
            width,
            start: now,
            last: now,
            shown: false,
            err,
        }
    }

    /// Redraws with `games` done if the line is not on screen or was drawn a [`TICK`] ago.
    pub(crate) fn tick(&mut self, games: usize) {
        if !self.shown || self.last.elapsed() >= TICK {
            self.draw(games);
        }
    }

    /// Erases the line (before a diagnostic is printed); the next [`tick`](Self::tick) draws it
    /// again.
    pub(crate) fn hide(&mut self) {
        if self.shown {
            self.shown = false;
            // The bar is a courtesy: a stderr that fails does not stop the run.
            let _ = self.err.write_all(ERASE.as_bytes());
            let _ = self.err.flush();
        }
    }

    /// Draws the final counts once (so a log taken with `--progress always` keeps them), then
    /// erases the line for the summary.
    pub(crate) fn finish(&mut self, games: usize) {
        self.draw(games);
        self.hide();
    }

    fn draw(&mut self, games: usize) {
        let now = Instant::now();
        let line = Line {
            games,
            elapsed: now - self.start,
            bytes: self.meter.bytes.load(Ordering::Relaxed),
            total: self.total,
            file: self
                .names
                .get(self.meter.input.load(Ordering::Relaxed))
                .map_or("", String::as_str),
        }
        .render(self.width);
        self.last = now;
        self.shown = true;
        let _ = write!(self.err, "{ERASE}{line}");
        let _ = self.err.flush();
    }
}

impl Drop for Bar<'_> {
    /// A run that stops on an error leaves no half line before the error message.
    fn drop(&mut self) {
        self.hide();
    }
}

/// What one drawing of the line shows.
struct Line<'a> {
    games: usize,
    elapsed: Duration,
    bytes: u64,
    total: Option<u64>,
    file: &'a str,
}

impl Line<'_> {
    /// The text, at most `width - 1` characters (the last column would make some terminals
    /// wrap); the file name loses its start first.
    fn render(&self, width: usize) -> String {
        let seconds = self.elapsed.as_secs_f64().max(1e-3);
        let rate = self.games as f64 / seconds;
        let mut text = format!(
            "{} game{}  {rate:.0} games/s  {}",
            self.games,
            if self.games == 1 { "" } else { "s" },
            bytes(self.bytes)
        );
        if let Some(total) = self.total.filter(|&t| t > 0) {
            let done = self.bytes.min(total);
            text.push_str(&format!(" of {}  {}%", bytes(total), done * 100 / total));
            // Before a second has passed the estimate jumps around too much to help.
            if done > 0 && done < total && seconds >= 1.0 {
                let left = seconds * (total - done) as f64 / done as f64;
                text.push_str(&format!("  ETA {}", clock(left)));
            }
        }
        let room = width
            .saturating_sub(1)
            .saturating_sub(text.chars().count() + 2);
        let name_len = self.file.chars().count();
        if room >= name_len {
            text.push_str("  ");
            text.push_str(self.file);
        } else if room >= 8 {
            let tail: String = self.file.chars().skip(name_len - (room - 1)).collect();
            text.push_str("  …");
            text.push_str(&tail);
        }
        text
    }
}

/// `1234567` → `1.2 MB` (powers of ten, as file sizes are written in `docs/`).
fn bytes(n: u64) -> String {
    let n = n as f64;
    if n < 1e3 {
        format!("{n} B")
    } else if n < 1e6 {
        format!("{:.1} kB", n / 1e3)
    } else if n < 1e9 {
        format!("{:.1} MB", n / 1e6)
    } else {
        format!("{:.2} GB", n / 1e9)
    }
}

/// Seconds as `m:ss`, or `h:mm:ss` past an hour.
fn clock(seconds: f64) -> String {
    let s = seconds.round() as u64;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(games: usize, bytes: u64, total: Option<u64>, file: &str) -> Line<'_> {
        Line {
            games,
            elapsed: Duration::from_secs(if games == 1 { 1 } else { 2 }),
            bytes,
            total,
            file,
        }
    }

    #[test]
    fn shows_games_rate_bytes_and_file() {
        let text = line(5000, 3_400_000, None, "<stdin>").render(80);
        assert_eq!(text, "5000 games  2500 games/s  3.4 MB  <stdin>");
    }

    #[test]
    fn a_known_total_gives_percentage_and_time_left() {
        let text = line(1, 250_000_000, Some(1_000_000_000), "big.pgn").render(80);
        assert_eq!(
            text,
            "1 game  1 games/s  250.0 MB of 1.00 GB  25%  ETA 0:03  big.pgn"
        );
        let done = line(8, 1200, Some(1200), "a.pgn").render(80);
        assert_eq!(done, "8 games  4 games/s  1.2 kB of 1.2 kB  100%  a.pgn");
    }

    #[test]
    fn a_long_file_name_loses_its_start() {
        let name = format!("/very/long/{}games.pgn", "folder/".repeat(20));
        let text = line(12, 100, None, &name).render(60);
        assert_eq!(text.chars().count(), 59, "{text}");
        assert!(text.ends_with("folder/games.pgn"), "{text}");
        assert!(text.contains("  …"), "{text}");
        // No room at all: the name is left out rather than cut to nothing.
        assert_eq!(
            line(12, 100, None, &name).render(20),
            "12 games  6 games/s  100 B"
        );
    }

    #[test]
    fn clock_and_sizes() {
        assert_eq!(clock(59.6), "1:00");
        assert_eq!(clock(3725.0), "1:02:05");
        assert_eq!(bytes(999), "999 B");
        assert_eq!(bytes(1_073_741_824), "1.07 GB");
    }

    #[test]
    fn hidden_after_finish_and_erased_before_diagnostics() {
        let meter = Meter::default();
        let mut shown = Vec::new();
        {
            let mut bar = Bar::new(
                &meter,
                vec!["a.pgn".to_owned()],
                Some(10),
                Box::new(&mut shown),
            );
            meter
                .count(&b"0123456789"[..])
                .read_to_end(&mut Vec::new())
                .unwrap();
            bar.tick(0);
            bar.tick(1); // within the tick: not redrawn
            bar.hide();
            bar.hide(); // already erased: nothing written
            bar.finish(3);
        }
        let text = String::from_utf8(shown).unwrap();
        assert_eq!(text.matches(ERASE).count(), 4, "{text:?}");
        assert!(text.starts_with("\r\x1b[K0 games  0 games/s  10 B of 10 B  100%  a.pgn"));
        assert!(text.contains("\r\x1b[K3 games"), "{text:?}");
        assert!(text.ends_with(ERASE), "{text:?}");
    }
}
