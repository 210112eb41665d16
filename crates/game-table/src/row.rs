//! What one game gives the table: its tags sorted into typed columns, and what its replay,
//! clocks and evaluations say.

use std::borrow::Cow;

use board_core::{
    Diagnostic, Dialect, FirstMove, MoveEvent, MovetextSink, MovetextWriter, Notation, RawGame,
    ReplayMemory, Step, TokenCursor,
};
use notation_registry::Kind;

use crate::columns::{HEADERS, HeaderKind};

/// A header tag's value, once read for its column.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Typed<'g> {
    Text(Cow<'g, str>),
    Int16(i16),
    Date(i32),
    Time(i32),
}

/// The tags of a game: the header columns' values, and every other tag (duplicates of a
/// header tag and typed values that do not read included, so nothing is lost).
#[derive(Debug, Default)]
pub(crate) struct Tags<'g> {
    pub(crate) headers: [Option<Typed<'g>>; HEADERS.len()],
    pub(crate) other: Vec<(&'g str, Cow<'g, str>)>,
}

impl<'g> Tags<'g> {
    pub(crate) fn of(game: &'g RawGame) -> Tags<'g> {
        let mut tags = Tags::default();
        let mut seen = [false; HEADERS.len()];
        for tag in game.tags() {
            let value = tag.value();
            let Some(k) = HEADERS.iter().position(|(name, _)| *name == tag.name) else {
                tags.other.push((tag.name, value));
                continue;
            };
            if seen[k] {
                tags.other.push((tag.name, value));
                continue;
            }
            seen[k] = true;
            match typed(HEADERS[k].1, value) {
                Ok(v) => tags.headers[k] = v,
                Err(value) => tags.other.push((tag.name, value)),
            }
        }
        // A game without a `Result` tag has the result its movetext ends with, as a
        // conversion writes it in the tag.
        if let Some(k) = HEADERS.iter().position(|(name, _)| *name == "Result")
            && !seen[k]
            && let Some(result) = game.result()
        {
            tags.headers[k] = Some(Typed::Text(Cow::Borrowed(result.text)));
        }
        tags
    }
}

/// `value` read as `kind`: `Ok(None)` for the unknown (`?`, `????.??.??`, empty), `Err` with
/// the value back when it does not read.
fn typed(kind: HeaderKind, value: Cow<'_, str>) -> Result<Option<Typed<'_>>, Cow<'_, str>> {
    if kind == HeaderKind::Text {
        return Ok(Some(Typed::Text(value)));
    }
    let text = value.trim();
    if text.is_empty() || text == "-" || text.bytes().all(|b| matches!(b, b'?' | b'.' | b':')) {
        return Ok(None);
    }
    let read = match kind {
        HeaderKind::Text => unreachable!("returned above"),
        HeaderKind::Int16 => text.parse::<i16>().ok().map(Typed::Int16),
        HeaderKind::Date => date(text).map(Typed::Date),
        HeaderKind::Time => time(text).map(Typed::Time),
    };
    read.map(Some).ok_or(value)
}

/// `YYYY.MM.DD` as days since 1970-01-01; `None` when it is not a calendar date.
pub(crate) fn date(text: &str) -> Option<i32> {
    let mut parts = text.split('.');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return None;
    }
    let (y, m, d): (i64, i64, i64) = (digits(y)?, digits(m)?, digits(d)?);
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let days_in = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=12).contains(&m) || d < 1 || d > days_in[(m - 1) as usize] {
        return None;
    }
    // Days from civil (H. Hinnant's algorithm), proleptic Gregorian.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    i32::try_from(era * 146_097 + doe - 719_468).ok()
}

/// `HH:MM:SS` as milliseconds since midnight; `None` when it is not a time of day.
pub(crate) fn time(text: &str) -> Option<i32> {
    let mut parts = text.split(':');
    let (h, m, s) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || m.len() != 2 || s.len() != 2 || h.is_empty() || h.len() > 2 {
        return None;
    }
    let (h, m, s): (i32, i32, i32) = (digits(h)?, digits(m)?, digits(s)?);
    (h < 24 && m < 60 && s < 60).then_some(((h * 60 + m) * 60 + s) * 1000)
}

fn digits<T: std::str::FromStr>(text: &str) -> Option<T> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The movetext as written: the game's text after its tags, trimmed.
pub(crate) fn movetext(game: &RawGame) -> &str {
    let start = game.tags().map(|t| t.span.end).max().unwrap_or(0);
    game.text().get(start..).unwrap_or_default().trim()
}

/// `%clk`, `%eval` per half-move of the main line: `None` where the move has none.
#[derive(Debug, Default)]
pub(crate) struct Annotations {
    pub(crate) clocks: Vec<Option<f64>>,
    pub(crate) evals: Vec<Option<f64>>,
    pub(crate) mates: Vec<Option<i16>>,
    pub(crate) any_clock: bool,
    pub(crate) any_eval: bool,
}

impl Annotations {
    /// Walks the main line of `game` as `notation` reads it (a piece written apart is one
    /// move with its token), taking each comment's commands for the move before it.
    pub(crate) fn read<N: Notation + ?Sized>(&mut self, game: &RawGame, notation: &N) {
        self.clocks.clear();
        self.evals.clear();
        self.mates.clear();
        self.any_clock = false;
        self.any_eval = false;
        // Whose move the first is, for a `%clock` that names both players' times alike.
        let first_black = game.tag("FEN").is_some_and(|fen| black_to_move(&fen));
        let mut cursor = TokenCursor::main_line(game, notation);
        while let Some(step) = cursor.next() {
            match step {
                Step::Move(_) => {
                    self.clocks.push(None);
                    self.evals.push(None);
                    self.mates.push(None);
                }
                Step::Comment(comment) if !self.clocks.is_empty() => {
                    let last = self.clocks.len() - 1;
                    for command in comment.commands() {
                        match command.name {
                            "clk" => {
                                if let Some(seconds) = clock(command.args) {
                                    self.clocks[last] = Some(seconds);
                                    self.any_clock = true;
                                }
                            }
                            "clock" => {
                                let black = (last % 2 == 1) != first_black;
                                if let Some(seconds) = players_clock(command.args, black) {
                                    self.clocks[last] = Some(seconds);
                                    self.any_clock = true;
                                }
                            }
                            "eval" => match eval(command.args) {
                                Some(Eval::Pawns(p)) => {
                                    self.evals[last] = Some(p);
                                    self.any_eval = true;
                                }
                                Some(Eval::Mate(n)) => {
                                    self.mates[last] = Some(n);
                                    self.any_eval = true;
                                }
                                None => {}
                            },
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// `H:MM:SS`, `MM:SS` or `SS`, with an optional fraction, as seconds.
pub(crate) fn clock(args: &str) -> Option<f64> {
    let text = args.split_whitespace().next()?;
    let mut seconds = 0.0;
    let parts: Vec<&str> = text.split(':').collect();
    if parts.len() > 3 {
        return None;
    }
    for (k, part) in parts.iter().enumerate() {
        let last = k + 1 == parts.len();
        let ok = !part.is_empty()
            && part
                .bytes()
                .all(|b| b.is_ascii_digit() || (last && b == b'.'));
        if !ok {
            return None;
        }
        let value: f64 = part.parse().ok()?;
        seconds = seconds * 60.0 + value;
    }
    Some(seconds)
}

/// The time of the player who just moved (Black when `black`) in a PDN `%clock` command
/// (`w0:09:57 B0:09:58`): one or two times, each after an optional `w` or `b`, in capitals for
/// the player whose clock runs. Of two times, the mover's is the one in small letters beside
/// one in capitals (the other player's clock runs once the move is made), else the one marked
/// with the mover's colour; a lone time is the mover's.
pub(crate) fn players_clock(args: &str, black: bool) -> Option<f64> {
    let mut times = args.split_whitespace().map(|word| {
        let side = word
            .chars()
            .next()
            .filter(|c| matches!(c, 'w' | 'W' | 'b' | 'B'));
        let time = side.map_or(word, |c| &word[c.len_utf8()..]);
        (side, time)
    });
    let first = times.next()?;
    let Some(second) = times.next() else {
        return clock(first.1);
    };
    if times.next().is_some() {
        return None;
    }
    let stopped = |(side, _): &(Option<char>, &str)| side.is_some_and(|c| c.is_lowercase());
    let (_, time) = match (stopped(&first), stopped(&second)) {
        (true, false) if second.0.is_some() => first,
        (false, true) if first.0.is_some() => second,
        _ => {
            let mover = if black { 'b' } else { 'w' };
            [first, second]
                .into_iter()
                .find(|(side, _)| side.is_some_and(|c| c.to_ascii_lowercase() == mover))?
        }
    };
    clock(time)
}

/// Whether a FEN tag's position has Black to move: chess (`... b KQkq - 0 1`) and draughts
/// (`B:W31-50:B1-20`) alike.
fn black_to_move(fen: &str) -> bool {
    let fen = fen.trim();
    match fen.split_whitespace().nth(1) {
        Some(side) => side.eq_ignore_ascii_case("b"),
        None => fen.starts_with(['B', 'b']) && fen[1..].starts_with(':'),
    }
}

/// What a `%eval` says.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Eval {
    Pawns(f64),
    Mate(i16),
}

/// `0.17`, `-1.5`, `#3`, `#-2`, with an optional `,depth` after.
pub(crate) fn eval(args: &str) -> Option<Eval> {
    let text = args.split([',', ' ']).next()?.trim();
    if let Some(mate) = text.strip_prefix('#') {
        return mate.parse::<i16>().ok().map(Eval::Mate);
    }
    let ok = !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+'));
    if !ok {
        return None;
    }
    text.parse::<f64>()
        .ok()
        .filter(|p| p.is_finite())
        .map(Eval::Pawns)
}

/// The main line's moves as the target notation writes them, one string with their ends.
#[derive(Debug, Default)]
pub(crate) struct MainMoves {
    pub(crate) text: String,
    pub(crate) ends: Vec<usize>,
    depth: usize,
}

impl MainMoves {
    pub(crate) fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
        self.depth = 0;
    }

    /// The moves in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &str> {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let token = &self.text[start..end];
            start = end;
            token
        })
    }
}

impl MovetextSink for MainMoves {
    fn move_token(&mut self, event: MoveEvent, write: impl FnOnce(&mut String)) {
        if event.depth == 0 {
            write(&mut self.text);
            self.ends.push(self.text.len());
        }
    }

    fn abandon(&mut self) {
        self.clear();
    }
}

/// The replay's writer without the tag section: a notation column holds the movetext alone.
struct MovetextOnly<'a>(MovetextWriter<'a>);

impl MovetextSink for MovetextOnly<'_> {
    fn move_token(&mut self, event: MoveEvent, write: impl FnOnce(&mut String)) {
        MovetextSink::move_token(&mut self.0, event, write);
    }

    fn nag(&mut self, value: u16) {
        MovetextSink::nag(&mut self.0, value);
    }

    fn comment(&mut self, text: &str) {
        MovetextSink::comment(&mut self.0, text);
    }

    fn start_variation(&mut self) {
        MovetextSink::start_variation(&mut self.0);
    }

    fn end_variation(&mut self) {
        MovetextSink::end_variation(&mut self.0);
    }

    fn finish(&mut self, result: &str) {
        MovetextSink::finish(&mut self.0, result);
    }

    fn abandon(&mut self) {
        MovetextSink::abandon(&mut self.0);
    }
}

/// What the replays of one game found.
#[derive(Debug, Default)]
pub(crate) struct Replay {
    pub(crate) diagnostics: Vec<Diagnostic>,
    pub(crate) valid: bool,
    pub(crate) plies: usize,
    pub(crate) moves: MainMoves,
    /// The game in each notation asked for; empty strings when the game is not valid.
    pub(crate) written: Vec<String>,
}

impl Replay {
    /// Replays `game` with `source`: its main line written with `moves` (the `uci` column),
    /// then, when it replayed, once more per target for the notation columns. Through the
    /// registry's kind ([`Kind::replay_into_with`]), which reads its own notations with their
    /// types, in one replay memory for the game's replays.
    #[allow(
        clippy::too_many_arguments,
        reason = "the replay's notations and dialects, passed through"
    )]
    pub(crate) fn run<P, N>(
        &mut self,
        game: &RawGame,
        source: &N,
        moves: &N,
        targets: &[&N],
        dialect: &Dialect,
        one_line: &Dialect,
    ) where
        P: Kind,
        N: Notation<Position = P, Move = P::Move> + ?Sized,
    {
        self.moves.clear();
        let mut memory = ReplayMemory::new();
        let replayed =
            P::replay_into_with(&mut memory, game, source, moves, dialect, &mut self.moves);
        self.valid = !replayed.has_errors();
        self.plies = replayed.plies;
        self.diagnostics = replayed.diagnostics;
        self.written.resize_with(targets.len(), String::new);
        for (target, out) in targets.iter().zip(&mut self.written) {
            out.clear();
            if !self.valid {
                continue;
            }
            let mut sink = MovetextOnly(MovetextWriter::new(out, one_line, FirstMove::default()));
            P::replay_into_with(&mut memory, game, source, *target, one_line, &mut sink);
            let end = out.trim_end().len();
            out.truncate(end);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_as_days_since_1970() {
        assert_eq!(date("1970.01.01"), Some(0));
        assert_eq!(date("2013.01.01"), Some(15_706));
        assert_eq!(date("2000.02.29"), Some(11_016));
        assert_eq!(date("1900.02.29"), None);
        assert_eq!(date("2013.13.01"), None);
        assert_eq!(date("2013.1.01"), None);
        assert_eq!(date("1969.12.31"), Some(-1));
    }

    #[test]
    fn times_read_as_milliseconds() {
        assert_eq!(time("00:00:00"), Some(0));
        assert_eq!(time("23:59:59"), Some(86_399_000));
        assert_eq!(time("24:00:00"), None);
        assert_eq!(time("1:02:03"), Some(3_723_000));
    }

    #[test]
    fn clocks_and_evals_read() {
        assert_eq!(clock("1:30:00"), Some(5400.0));
        assert_eq!(clock("0:00:05.3"), Some(5.3));
        assert_eq!(clock("x"), None);
        // PDN's `%clock`: the mover's time is in small letters beside the running clock's.
        assert_eq!(players_clock("w0:09:57 B0:09:58", false), Some(597.0));
        assert_eq!(players_clock("W0:09:57 b0:09:58", true), Some(598.0));
        assert_eq!(players_clock("w0:00:10 b0:00:03", true), Some(3.0));
        assert_eq!(players_clock("0:49:11", false), Some(2951.0));
        assert_eq!(players_clock("0:01:00 0:02:00", false), None);
        assert_eq!(players_clock("", false), None);
        assert!(black_to_move("B:W31-50:B1-20"));
        assert!(black_to_move("8/8/8/8/8/8/8/K1k5 b - - 0 1"));
        assert!(!black_to_move("W:W31-50:B1-20"));
        assert_eq!(eval("0.17"), Some(Eval::Pawns(0.17)));
        assert_eq!(eval("-1.5,23"), Some(Eval::Pawns(-1.5)));
        assert_eq!(eval("#-3"), Some(Eval::Mate(-3)));
        assert_eq!(eval("nan"), None);
    }

    #[test]
    fn typed_tags_that_do_not_read_are_kept_as_other_tags() {
        let file = "[Event \"e\"]\n[WhiteElo \"2400?\"]\n[BlackElo \"?\"]\n[White \"x\"]\n[White \"again\"]\n[Foo \"bar\"]\n\n1. e4 *\n";
        let game = board_core::RecordReader::new(file.as_bytes(), Dialect::pgn())
            .next()
            .unwrap()
            .unwrap();
        let tags = Tags::of(&game);
        assert_eq!(tags.headers[0], Some(Typed::Text("e".into())));
        assert_eq!(tags.headers[7], None);
        assert_eq!(tags.headers[8], None);
        let other: Vec<(&str, &str)> = tags.other.iter().map(|(k, v)| (*k, &**v)).collect();
        assert_eq!(
            other,
            [("WhiteElo", "2400?"), ("White", "again"), ("Foo", "bar")]
        );
        assert_eq!(movetext(&game), "1. e4 *");
    }
}
