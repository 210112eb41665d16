//! Clock times noted after a move. « Les joueurs ont le droit de noter le temps indiqué par la
//! pendule à la suite d'un coup » : the documents allow the note but show no form for it, so
//! the reader takes the forms French players write (`1h25`, `1h25'30`, `25'`, `25 min`,
//! `1:25:30`) and refuses the one that reads two ways (`1:25`, hours or seconds?).

use std::fmt;

/// A clock time that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseClockError {
    message: String,
}

impl fmt::Display for ParseClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseClockError {}

fn error(message: String) -> ParseClockError {
    ParseClockError { message }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Unit {
    Hours,
    Minutes,
    Seconds,
}

/// The PGN clock command, `[%clk h:mm:ss]`, for a time noted on a scoresheet.
///
/// Forms read: `1:25:30`; hours `1h`, minutes `25'`, `25m`, `25min`, `25mn`, seconds `30"`,
/// `30s`, in this order, each optional, spaces allowed, a unit left out after hours (minutes)
/// or minutes (seconds): `1h25`, `1h25'30`, `25'30`. Minutes and seconds after a larger unit
/// stay below 60; a time in minutes alone may pass the hour (`90'` is `1:30:00`).
///
/// # Errors
///
/// [`ParseClockError`] for anything else, and for `h:mm` or `m:ss` with one colon, which reads
/// two ways.
///
/// # Examples
///
/// ```
/// use notation_fr::clock_command;
///
/// assert_eq!(clock_command("1h25").unwrap(), "[%clk 1:25:00]");
/// assert_eq!(clock_command("1h05'30\"").unwrap(), "[%clk 1:05:30]");
/// assert_eq!(clock_command("25'").unwrap(), "[%clk 0:25:00]");
/// assert_eq!(clock_command("90 min").unwrap(), "[%clk 1:30:00]");
/// assert_eq!(clock_command("0:04:59").unwrap(), "[%clk 0:04:59]");
/// assert_eq!(
///     clock_command("1:25").unwrap_err().to_string(),
///     "\"1:25\" reads as 1 h 25 min or as 1 min 25 s; write 1h25 or 1'25"
/// );
/// ```
pub fn clock_command(text: &str) -> Result<String, ParseClockError> {
    Ok(format!("[%clk {}]", clock_time(text)?))
}

/// The time a scoresheet notes, as PGN clock commands write it: `h:mm:ss`. The forms read are
/// [`clock_command`]'s.
///
/// # Errors
///
/// As [`clock_command`].
///
/// # Examples
///
/// ```
/// use notation_fr::clock_time;
///
/// assert_eq!(clock_time("1h25").unwrap(), "1:25:00");
/// assert_eq!(clock_time("90'").unwrap(), "1:30:00");
/// ```
pub fn clock_time(text: &str) -> Result<String, ParseClockError> {
    let seconds = clock_seconds(text)?;
    Ok(format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    ))
}

/// The clock time a comment notes after a move, `h:mm:ss`: the arguments of its `[%clk]`
/// command, or the whole comment when it is only a time as French players write it (`1h31`).
/// `None` when the comment notes no time.
///
/// # Examples
///
/// ```
/// use notation_fr::noted_clock;
///
/// assert_eq!(noted_clock("[%clk 1:31:00] [%eval 0.2]").as_deref(), Some("1:31:00"));
/// assert_eq!(noted_clock(" 1h31 ").as_deref(), Some("1:31:00"));
/// assert_eq!(noted_clock("good move"), None);
/// ```
#[must_use]
pub fn noted_clock(comment: &str) -> Option<String> {
    let comment = board_core::Comment {
        text: comment,
        span: board_core::Span::new(0, comment.len()),
        kind: board_core::CommentKind::Brace,
    };
    if let Some(clk) = comment.commands().find(|c| c.name == "clk") {
        return Some(clk.args.to_owned());
    }
    clock_time(comment.text.trim()).ok()
}

/// The time in seconds.
fn clock_seconds(text: &str) -> Result<u32, ParseClockError> {
    let cleaned: String = text
        .trim()
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '’' | '′' => '\'',
            '″' | '”' => '"',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    if cleaned.is_empty() {
        return Err(error("no clock time".to_owned()));
    }
    if cleaned.contains(':') {
        return colon_form(text, &cleaned);
    }
    let mut rest = cleaned.as_str();
    let mut last: Option<Unit> = None;
    let mut total: u32 = 0;
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 4 {
            return Err(error(format!("{text:?} is not a clock time")));
        }
        let value: u32 = rest[..digits].parse().unwrap_or(0);
        rest = &rest[digits..];
        let (unit, len) = if rest.starts_with('h') {
            (Unit::Hours, 1)
        } else if let Some(len) = ["min", "mn", "m", "''", "'"]
            .into_iter()
            .find(|u| rest.starts_with(u))
            .map(str::len)
        {
            if rest.starts_with("''") {
                (Unit::Seconds, len)
            } else {
                (Unit::Minutes, len)
            }
        } else if let Some(len) = ["sec", "s", "\""]
            .into_iter()
            .find(|u| rest.starts_with(u))
            .map(str::len)
        {
            (Unit::Seconds, len)
        } else if rest.is_empty() {
            match last {
                Some(Unit::Hours) => (Unit::Minutes, 0),
                Some(Unit::Minutes) => (Unit::Seconds, 0),
                _ => {
                    return Err(error(format!(
                        "{text:?} has a number without its unit (h, ', \")"
                    )));
                }
            }
        } else {
            return Err(error(format!("{text:?} is not a clock time")));
        };
        rest = &rest[len..];
        if last.is_some_and(|l| l >= unit) {
            return Err(error(format!(
                "{text:?}: hours, minutes and seconds come once each, in that order"
            )));
        }
        if last.is_some() && value >= 60 {
            return Err(error(format!("{text:?}: {value} is more than 59")));
        }
        total += value
            * match unit {
                Unit::Hours => 3600,
                Unit::Minutes => 60,
                Unit::Seconds => 1,
            };
        last = Some(unit);
    }
    Ok(total)
}

fn colon_form(text: &str, cleaned: &str) -> Result<u32, ParseClockError> {
    let parts: Vec<&str> = cleaned.split(':').collect();
    // Hours take as many digits as the unit form allows (`132h05`), so every clock time this
    // module writes reads back; minutes and seconds take two.
    let numbers: Option<Vec<u32>> = parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let most = if i == 0 { 4 } else { 2 };
            (!p.is_empty() && p.len() <= most && p.bytes().all(|b| b.is_ascii_digit()))
                .then(|| p.parse().ok())
                .flatten()
        })
        .collect();
    match (numbers.as_deref(), parts.as_slice()) {
        (Some(&[h, m, s]), [_, mm, ss]) if m < 60 && s < 60 && mm.len() == 2 && ss.len() == 2 => {
            Ok(h * 3600 + m * 60 + s)
        }
        (Some(&[a, b]), _) => Err(error(format!(
            "{text:?} reads as {a} h {b} min or as {a} min {b} s; write {a}h{b:02} or {a}'{b:02}"
        ))),
        _ => Err(error(format!("{text:?} is not a clock time (h:mm:ss)"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        for (text, seconds) in [
            ("1h", 3600),
            ("1 h 25", 5100),
            ("1h25min", 5100),
            ("1h25mn30s", 5130),
            ("1h25'30''", 5130),
            ("25’30″", 1530),
            ("45s", 45),
            ("2:00:00", 7200),
            // Found by the notation_fr fuzz target: the unit form allows long hours, so must
            // the colon form that clock_command writes.
            ("132h05\"", 132 * 3600 + 5),
            ("132:00:05", 132 * 3600 + 5),
        ] {
            assert_eq!(clock_seconds(text), Ok(seconds), "{text}");
        }
    }

    #[test]
    fn refusals() {
        for (text, message) in [
            ("", "no clock time"),
            ("25", "\"25\" has a number without its unit (h, ', \")"),
            ("1h75", "\"1h75\": 75 is more than 59"),
            (
                "25'1h",
                "\"25'1h\": hours, minutes and seconds come once each, in that order",
            ),
            ("1:2:3", "\"1:2:3\" is not a clock time (h:mm:ss)"),
            ("abc", "\"abc\" is not a clock time"),
        ] {
            assert_eq!(
                clock_seconds(text).unwrap_err().to_string(),
                message,
                "{text}"
            );
        }
    }
}
