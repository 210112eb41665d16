//! The text of a game that is not UTF-8, decoded one field at a time: each tag value and each
//! comment is read as UTF-8 where it is valid, as Windows-1252 where it holds a byte of 0x80 to
//! 0x9F, and as Latin-1 otherwise; the movetext, which is no prose, by the same rule on each run
//! of bytes of 0x80 and up (a `½`, a `–`).
//!
//! Deciding per field keeps one stray Latin-1 byte in a comment from re-reading the UTF-8 `½-½`
//! of the movetext as `Â½-Â½`, and reads the `œ` and `’` of Windows-1252 as themselves, not as
//! invisible C1 controls. The structure of a game is ASCII in all three encodings, so the fields
//! are found on the bytes before any is decoded.

use crate::{Code, Diagnostic, Span};

use super::lexer;

/// The characters of Windows-1252 for the bytes 0x80 to 0x9F; the five bytes it leaves undefined
/// keep their Latin-1 reading, as browsers decode them.
const CP1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž', '\u{8F}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}', 'ž', 'Ÿ',
];

/// The byte that stands for `c` in a Windows-1252 file (Latin-1 above 0x9F), if one does.
pub(crate) fn single_byte(c: char) -> Option<u8> {
    if let Some(k) = CP1252_HIGH.iter().position(|&h| h == c) {
        return u8::try_from(0x80 + k).ok();
    }
    u8::try_from(u32::from(c))
        .ok()
        .filter(|b| !(0x80..=0x9F).contains(b))
}

/// How a field was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    Utf8,
    Windows1252,
    Latin1,
}

impl Encoding {
    /// The encoding of one field's bytes.
    fn of(bytes: &[u8]) -> Encoding {
        if std::str::from_utf8(bytes).is_ok() {
            Encoding::Utf8
        } else if bytes.iter().any(|b| (0x80..=0x9F).contains(b)) {
            Encoding::Windows1252
        } else {
            Encoding::Latin1
        }
    }

    fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Windows1252 => "Windows-1252",
            Encoding::Latin1 => "Latin-1",
        }
    }

    fn decode_into(self, bytes: &[u8], out: &mut String) {
        match self {
            Encoding::Utf8 => out.push_str(&String::from_utf8_lossy(bytes)),
            Encoding::Windows1252 => out.extend(bytes.iter().map(|&b| match b {
                0x80..=0x9F => CP1252_HIGH[usize::from(b - 0x80)],
                _ => char::from(b),
            })),
            Encoding::Latin1 => out.extend(bytes.iter().map(|&b| char::from(b))),
        }
    }
}

/// What a run of the game's bytes is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    /// The value of the tag whose name is at this range.
    Tag(usize, usize),
    Comment,
    Movetext,
}

/// A game's text decoded field by field.
#[derive(Debug)]
pub(crate) struct Decoded {
    pub(crate) text: String,
    /// One warning per field kind and encoding, spans in `text`.
    pub(crate) warnings: Vec<Diagnostic>,
    /// Every byte became one character: each field is ASCII or was read one byte a character,
    /// so character offsets in `text` are byte offsets in the file.
    pub(crate) one_byte_each: bool,
}

/// Splits `bytes` into fields: tag values, comments, and the movetext around them.
fn fields(bytes: &[u8]) -> Vec<(std::ops::Range<usize>, Field)> {
    let mut out: Vec<(std::ops::Range<usize>, Field)> = Vec::new();
    let mut push = |range: std::ops::Range<usize>, field: Field| {
        if range.is_empty() {
            return;
        }
        match out.last_mut() {
            Some((last, Field::Movetext))
                if field == Field::Movetext && last.end == range.start =>
            {
                last.end = range.end;
            }
            _ => out.push((range, field)),
        }
    };
    let mut i = 0;
    let mut line_start = true;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'{' => {
                let end = memchr::memchr(b'}', &bytes[i + 1..]).map_or(bytes.len(), |k| i + 1 + k);
                push(i..i + 1, Field::Movetext);
                push(i + 1..end, Field::Comment);
                i = end;
            }
            b';' => {
                let end = lexer::line_end(bytes, i).unwrap_or(bytes.len());
                push(i..i + 1, Field::Movetext);
                push(i + 1..end, Field::Comment);
                i = end;
                line_start = false;
            }
            // A tag starts a line, after white space or other tags.
            b'[' if line_start => {
                let end = lexer::line_end(bytes, i).unwrap_or(bytes.len());
                let scan = lexer::scan_tag(&bytes[i..end]);
                let value = i + scan.value.start..i + scan.value.end;
                push(i..value.start, Field::Movetext);
                push(
                    value.clone(),
                    Field::Tag(i + scan.name.start, i + scan.name.end),
                );
                push(value.end..i + scan.end, Field::Movetext);
                i += scan.end.max(1);
            }
            b'\n' => {
                push(i..i + 1, Field::Movetext);
                i += 1;
                line_start = true;
            }
            _ => {
                // Up to the next byte that may start a field or a line.
                let run = bytes[i + 1..]
                    .iter()
                    .position(|&c| matches!(c, b'{' | b';' | b'[' | b'\n'))
                    .map_or(bytes.len(), |k| i + 1 + k);
                push(i..run, Field::Movetext);
                line_start &= bytes[i..run].iter().all(|&c| lexer::is_space(c));
                i = run;
            }
        }
    }
    out
}

/// Decodes a game whose bytes are not UTF-8, field by field (see the module's documentation),
/// with a warning naming each field read otherwise and how.
pub(crate) fn decode(bytes: &[u8]) -> Decoded {
    let fields = fields(bytes);
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
    let mut warnings: Vec<Diagnostic> = Vec::new();
    let mut one_byte_each = true;
    // Comments read otherwise: how many, and where the first is, per encoding.
    let mut comments: Vec<(Encoding, usize, Span)> = Vec::new();
    let mut movetext_at = None;
    for (range, field) in &fields {
        let field_bytes = &bytes[range.clone()];
        if *field == Field::Movetext {
            // The movetext is read a run of non-ASCII bytes at a time: a stray Latin-1 byte in
            // a move leaves the UTF-8 `½-½` after it a draw.
            let mut i = 0;
            while i < field_bytes.len() {
                let ascii = field_bytes[i..]
                    .iter()
                    .position(|&b| b >= 0x80)
                    .map_or(field_bytes.len(), |k| i + k);
                text.push_str(&String::from_utf8_lossy(&field_bytes[i..ascii]));
                let run = field_bytes[ascii..]
                    .iter()
                    .position(|&b| b < 0x80)
                    .map_or(field_bytes.len(), |k| ascii + k);
                if ascii < run {
                    let encoding = Encoding::of(&field_bytes[ascii..run]);
                    let at = text.len();
                    encoding.decode_into(&field_bytes[ascii..run], &mut text);
                    if encoding == Encoding::Utf8 {
                        one_byte_each = false;
                    } else if movetext_at.is_none() {
                        let len = text[at..].chars().next().map_or(0, char::len_utf8);
                        movetext_at = Some((encoding, Span::new(at, at + len)));
                    }
                }
                i = run;
            }
            continue;
        }
        let encoding = Encoding::of(field_bytes);
        if encoding == Encoding::Utf8 && !field_bytes.is_ascii() {
            one_byte_each = false;
        }
        let start = text.len();
        encoding.decode_into(field_bytes, &mut text);
        if encoding == Encoding::Utf8 {
            continue;
        }
        let span = Span::new(start, text.len());
        match *field {
            Field::Tag(name_start, name_end) => {
                let name = String::from_utf8_lossy(&bytes[name_start..name_end]);
                warnings.push(Diagnostic::warning(
                    Code::TagEncoding,
                    format!(
                        "the value of tag {name} is not UTF-8; read as {}",
                        encoding.name()
                    ),
                    span,
                ));
            }
            Field::Comment => match comments.iter_mut().find(|(e, _, _)| *e == encoding) {
                Some((_, count, _)) => *count += 1,
                None => comments.push((encoding, 1, span)),
            },
            Field::Movetext => {}
        }
    }
    for (encoding, count, span) in comments {
        let message = if count == 1 {
            format!("a comment is not UTF-8; read as {}", encoding.name())
        } else {
            format!(
                "{count} comments are not UTF-8; read as {} (the first here)",
                encoding.name()
            )
        };
        warnings.push(Diagnostic::warning(
            Code::RecordCommentEncoding,
            message,
            span,
        ));
    }
    if let Some((encoding, span)) = movetext_at {
        warnings.push(Diagnostic::warning(
            Code::RecordEncoding,
            format!(
                "the movetext is not UTF-8 here; read as {} where it is not",
                encoding.name()
            ),
            span,
        ));
    }
    warnings.sort_by_key(|w| w.span.start);
    Decoded {
        text,
        warnings,
        one_byte_each,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_field_is_decoded_on_its_own() {
        let bytes = b"[Event \"Caf\xe9\"]\n[Site \"Z\xc3\xbcrich\"]\n\n1. e4 {c\x9cur \x92s} e5 \xc2\xbd-\xc2\xbd\n";
        let decoded = decode(bytes);
        assert_eq!(
            decoded.text,
            "[Event \"Café\"]\n[Site \"Zürich\"]\n\n1. e4 {cœur ’s} e5 ½-½\n"
        );
        let messages: Vec<&str> = decoded
            .warnings
            .iter()
            .map(|w| w.message.as_str())
            .collect();
        assert_eq!(
            messages,
            [
                "the value of tag Event is not UTF-8; read as Latin-1",
                "a comment is not UTF-8; read as Windows-1252"
            ]
        );
        assert_eq!(&decoded.text[decoded.warnings[0].span.range()], "Café");
        assert!(!decoded.one_byte_each);
    }

    #[test]
    fn latin1_movetext_is_said_once() {
        let decoded = decode(b"1. e4 e5 \xbd-\xbd");
        assert_eq!(decoded.text, "1. e4 e5 ½-½");
        assert_eq!(decoded.warnings.len(), 1);
        assert_eq!(
            decoded.warnings[0].message,
            "the movetext is not UTF-8 here; read as Latin-1 where it is not"
        );
        assert_eq!(&decoded.text[decoded.warnings[0].span.range()], "½");
        assert!(decoded.one_byte_each);
    }

    #[test]
    fn a_stray_byte_in_a_move_leaves_the_utf8_draw_alone() {
        let decoded = decode(b"1. e4 e5\xe9 2. Nf3 \x96 \xc2\xbd-\xc2\xbd");
        assert_eq!(decoded.text, "1. e4 e5é 2. Nf3 – ½-½");
        assert_eq!(&decoded.text[decoded.warnings[0].span.range()], "é");
        assert!(!decoded.one_byte_each);
    }

    #[test]
    fn single_bytes_of_windows_1252() {
        assert_eq!(single_byte('–'), Some(0x96));
        assert_eq!(single_byte('½'), Some(0xBD));
        assert_eq!(single_byte('\u{96}'), None);
        assert_eq!(single_byte('−'), None);
    }
}
