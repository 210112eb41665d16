//! What the reader takes from web pages and ChessBase exports besides the PGN standard, each
//! reported: dash look-alikes for the hyphen in moves and results (`O‑O` with U+2011, `1–0`
//! with an en dash), and evaluation signs written as Informant prints them (`±`, `+−`).

use crate::{Code, Diagnostic, Nag, Span};

use super::dialect::{DASHES, Dialect};
use super::game::Ev;

/// `text` with the dash look-alikes of its moves and result read as `-`, and the warning saying
/// so; `None` when no move or result holds one. Comments and tags keep theirs, and so does a
/// move that would read as a result once put right (`1–0` where the dialect ends no game on
/// it): the text read again must split into the same games.
pub(crate) fn dashes(
    text: &str,
    events: &[Ev],
    result: Option<Span>,
    dialect: &Dialect,
) -> Option<(String, Diagnostic)> {
    let has_dash = |span: &Span| {
        text.get(span.range())
            .is_some_and(|t| t.contains(|c| DASHES.contains(&c)))
    };
    let becomes_result = |span: &Span| dialect.is_result(&text[span.range()].replace(DASHES, "-"));
    let mut spans: Vec<Span> = events
        .iter()
        .filter_map(|e| match *e {
            Ev::Move(span) => Some(span),
            _ => None,
        })
        .filter(|s| has_dash(s) && !becomes_result(s))
        .chain(result.filter(has_dash))
        .collect();
    if spans.is_empty() {
        return None;
    }
    spans.sort_by_key(|s| s.start);
    let mut fixed = String::with_capacity(text.len());
    let mut copied = 0;
    let mut first = None;
    for span in &spans {
        fixed.push_str(&text[copied..span.start]);
        let start = fixed.len();
        let token = &text[span.range()];
        for c in token.chars() {
            fixed.push(if DASHES.contains(&c) { '-' } else { c });
        }
        if first.is_none() {
            let dash = token.chars().find(|c| DASHES.contains(c)).unwrap_or('-');
            first = Some((token, dash, Span::new(start, fixed.len())));
        }
        copied = span.end;
    }
    fixed.push_str(&text[copied..]);
    let (token, dash, span) = first?;
    let what = format!("`{token}`: U+{:04X} read as `-`", u32::from(dash));
    let message = match spans.len() {
        1 => format!("dash look-alike in {what}"),
        n => format!("dash look-alikes read as `-` in {n} tokens, the first {what}"),
    };
    Some((
        fixed,
        Diagnostic::warning(Code::RecordDashLookalike, message, span),
    ))
}

/// Warns of the evaluation signs among the NAGs (`±` read as `$16`), once for each sign.
pub(crate) fn symbols(text: &str, events: &[Ev], warnings: &mut Vec<Diagnostic>) {
    let mut seen: Vec<&str> = Vec::new();
    for event in events {
        let Ev::Nag(value, span) = *event else {
            continue;
        };
        let written = text.get(span.range()).unwrap_or_default();
        if written.starts_with('$') || Nag::from_glyph(written).is_some() || seen.contains(&written)
        {
            continue;
        }
        seen.push(written);
        warnings.push(Diagnostic::warning(
            Code::RecordEvaluationSign,
            format!("evaluation sign `{written}` read as ${value}"),
            span,
        ));
    }
}
