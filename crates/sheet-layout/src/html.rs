//! The sheet as one self-contained HTML file: tables sized in millimetres, print CSS for A4,
//! one `.page` per 60 lines with a page break after each but the last. The markup is
//! well-formed XHTML as well, so XML tools read it.

use std::fmt::Write;

use crate::labels::{Labels, labels};
use crate::svg::{title, width_of};
use crate::xml::escape;
use crate::{LINES_PER_BLOCK, Outcome, Sheet};

const STYLE: &str = "\
@page { size: A4; margin: 10mm; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: 'DejaVu Sans', Arial, Helvetica, sans-serif; font-size: 10pt; color: #000; }
.page { width: 190mm; height: 276mm; overflow: hidden; display: flex; flex-direction: column;
  break-after: page; page-break-after: always; }
.page:last-child { break-after: auto; page-break-after: auto; }
@media screen {
  body { background: #d0d0d0; }
  .page { width: 210mm; height: 297mm; padding: 10mm; margin: 8mm auto; background: #fff;
    box-shadow: 0 0 3mm rgba(0, 0, 0, 0.3); }
}
.top { display: flex; justify-content: space-between; align-items: baseline; height: 9mm; }
h1 { font-size: 15pt; margin: 0; }
.page-mark { font-size: 9pt; }
table { border-collapse: collapse; table-layout: fixed; width: 100%; }
td, th { border: 0.3mm solid #000; padding: 0 1.2mm; overflow: hidden; white-space: nowrap; }
.label { font-size: 6.5pt; color: #444; font-weight: normal; }
.header td { height: 8mm; vertical-align: top; }
.header .label, .signatures .label { display: block; }
.value { font-size: 10pt; }
/* A value too long for its box even at its smallest size wraps inside it. */
.wrap { white-space: normal; overflow-wrap: anywhere; line-height: 1; }
.choices { display: flex; justify-content: space-around; font-size: 11pt; }
.circled { display: inline-block; line-height: 1.2; border: 0.45mm solid #000;
  border-radius: 999px; padding: 0 2mm; }
.players { margin-top: 2mm; }
.players th { background: #eee; height: 6mm; font-size: 11pt; text-align: center; }
.players td { height: 6mm; }
.players col.label { width: 18mm; }
.players .name { font-weight: bold; }
.moves { display: flex; justify-content: space-between; margin-top: 3mm; }
.moves table { width: 93mm; }
.moves th { background: #eee; height: 7mm; font-size: 10pt; text-align: center; }
.moves th.label { font-size: 6pt; }
.moves td { height: 6.2mm; font-size: 10pt; }
.moves col.number { width: 8mm; }
.moves col.clock { width: 14.5mm; }
.moves td.number { text-align: center; font-size: 8.5pt; }
/* Collapsed borders: solid beats dashed, so both sides of the rule are dashed. */
.moves td.clock { text-align: center; font-size: 7.5pt; border-left-style: dashed; }
.moves td.move, .moves th.white, .moves th.black { border-right-style: dashed; }
.moves td.move.black, .moves th.black { border-left-width: 0.45mm; }
.moves .result { font-weight: bold; }
.signatures { margin-top: 3mm; }
.signatures td { height: 18mm; vertical-align: top; }
.signatures td.result { width: 46mm; }
.signatures .value { display: block; text-align: center; font-size: 18pt; font-weight: bold; }
.footer { margin: 1.5mm 0 0; text-align: center; font-size: 7pt; color: #444; }
";

/// The whole document.
pub(crate) fn document(sheet: &Sheet) -> String {
    let words = labels(sheet.language, sheet.game);
    let mut o = String::with_capacity(64 * 1024);
    let _ = write!(
        o,
        "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"{}\">\n<head>\n\
         <meta charset=\"utf-8\"/>\n<title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n",
        sheet.language.code(),
        escape(&title(sheet, &words)),
    );
    let pages = sheet.pages();
    for page in 0..pages {
        write_page(&mut o, sheet, &words, page, pages);
    }
    o.push_str("</body>\n</html>\n");
    o
}

fn write_page(o: &mut String, sheet: &Sheet, words: &Labels, page: usize, pages: usize) {
    let h = &sheet.header;
    let _ = writeln!(o, "<div class=\"page\" data-page=\"{}\">", page + 1);
    let _ = write!(o, "<div class=\"top\"><h1>{}</h1>", escape(words.title));
    if pages > 1 {
        let _ = write!(
            o,
            "<span class=\"page-mark\">{} {}/{pages}</span>",
            words.page,
            page + 1
        );
    }
    o.push_str("</div>\n");

    o.push_str("<table class=\"header\">\n<tr>");
    field(o, 4, words.event, "event", &h.event);
    field(o, 2, words.date, "date", &h.date);
    o.push_str("</tr>\n<tr>");
    field(o, 1, words.round, "round", &h.round);
    field(o, 1, words.board, "board", &h.board);
    let _ = write!(
        o,
        "<td colspan=\"4\" class=\"result-box\"><span class=\"label\">{}</span>\
         <span class=\"choices\">",
        escape(words.result)
    );
    let mut printed = Outcome::choices().to_vec();
    if sheet.result == Some(Outcome::BothLose) {
        printed.push(Outcome::BothLose);
    }
    for outcome in printed {
        let text = outcome.text(sheet.game);
        if sheet.result == Some(outcome) {
            let _ = write!(
                o,
                "<span class=\"choice circled result\" data-result=\"{text}\" \
                 data-circled=\"{text}\">{text}</span>"
            );
        } else {
            let _ = write!(
                o,
                "<span class=\"choice\" data-result=\"{text}\">{text}</span>"
            );
        }
    }
    o.push_str("</span></td></tr>\n</table>\n");

    // Fixed table layout takes the widths from the columns, not from the cells below a span.
    o.push_str(
        "<table class=\"players\">\n<colgroup><col class=\"label\"/><col/><col class=\"label\"/>\
         <col/></colgroup>\n",
    );
    let _ = writeln!(
        o,
        "<tr><th colspan=\"2\" class=\"side white\">{}</th>\
         <th colspan=\"2\" class=\"side black\">{}</th></tr>",
        escape(words.white),
        escape(words.black)
    );
    o.push_str("<tr>");
    for (white, player, side) in [(true, &h.white, "white"), (false, &h.black, "black")] {
        let _ = write!(
            o,
            "<td class=\"label\">{}</td><td class=\"value name{}\" data-field=\"{side}\">",
            escape(words.name),
            // Names are bold, and the ring around a winner's takes some of the width.
            Fit::new(&player.name, 10.0, (PLAYER_VALUE - RING) / BOLD)
        );
        let circled = sheet.result.is_some_and(|r| r.circles(white)) && !player.name.is_empty();
        if circled {
            let _ = write!(
                o,
                "<span class=\"circled winner\" data-circled=\"{side}\">{}</span>",
                escape(&player.name)
            );
        } else {
            o.push_str(&escape(&player.name));
        }
        o.push_str("</td>");
    }
    o.push_str("</tr>\n<tr>");
    for (player, side) in [(&h.white, "white"), (&h.black, "black")] {
        let _ = write!(
            o,
            "<td class=\"label\">{}</td><td class=\"value\" data-field=\"{side}-rating\">{}</td>",
            escape(words.rating),
            escape(&player.rating)
        );
    }
    o.push_str("</tr>\n<tr>");
    for (player, side) in [(&h.white, "white"), (&h.black, "black")] {
        let _ = write!(
            o,
            "<td class=\"label\">{}</td><td class=\"value{}\" data-field=\"{side}-club\">{}</td>",
            escape(words.club),
            Fit::new(&player.club, 10.0, PLAYER_VALUE),
            escape(&player.club)
        );
    }
    o.push_str("</tr>\n</table>\n");

    o.push_str("<div class=\"moves\">\n");
    let first = sheet.first_line(page);
    let result_cell = sheet.result_cell();
    let result_text = sheet.result.map_or("", |r| r.text(sheet.game));
    for block in 0..2 {
        o.push_str(
            "<table class=\"block\">\n<colgroup><col class=\"number\"/><col class=\"move\"/>\
             <col class=\"clock\"/><col class=\"move\"/><col class=\"clock\"/></colgroup>\n",
        );
        let _ = writeln!(
            o,
            "<thead><tr><th class=\"label\">{}</th><th class=\"white\">{}</th>\
             <th class=\"label\">{}</th><th class=\"black\">{}</th><th class=\"label\">{}</th>\
             </tr></thead>\n<tbody>",
            escape(words.number),
            escape(words.white),
            escape(words.clock),
            escape(words.black),
            escape(words.clock)
        );
        for line in 0..LINES_PER_BLOCK {
            // Saturating: a set-up position may carry any move number.
            let number = first.saturating_add(block * LINES_PER_BLOCK + line);
            let _ = write!(
                o,
                "<tr class=\"line\" data-number=\"{number}\"><td class=\"number\">{number}</td>"
            );
            for (white, side) in [(true, "white"), (false, "black")] {
                let mut clock = None;
                if let Some(half) = sheet.half(number, white) {
                    let text = sheet.move_text(half);
                    let _ = write!(
                        o,
                        "<td class=\"move {side}{}\">",
                        Fit::new(&text, 10.0, MOVE_COLUMN)
                    );
                    o.push_str(&escape(&text));
                    clock = half.clock.as_deref();
                } else if result_cell == Some((number, white)) {
                    let _ = write!(
                        o,
                        "<td class=\"move {side}\"><span class=\"result\">{result_text}</span>"
                    );
                } else {
                    let _ = write!(o, "<td class=\"move {side}\">");
                }
                let _ = write!(
                    o,
                    "</td><td class=\"clock {side}\">{}</td>",
                    escape(clock.unwrap_or(""))
                );
            }
            o.push_str("</tr>\n");
        }
        o.push_str("</tbody>\n</table>\n");
    }
    o.push_str("</div>\n");

    let _ = write!(
        o,
        "<table class=\"signatures\">\n<tr><td class=\"result\"><span class=\"label\">{}</span>",
        escape(words.result)
    );
    if let Some(result) = sheet.result {
        let _ = write!(
            o,
            "<span class=\"value\" data-field=\"result\">{}</span>",
            result.text(sheet.game)
        );
    }
    let _ = writeln!(
        o,
        "</td><td><span class=\"label\">{}</span></td><td><span class=\"label\">{}</span></td>\
         </tr>\n</table>",
        escape(words.signature_white),
        escape(words.signature_black)
    );
    let _ = writeln!(
        o,
        "<p class=\"footer\">{}</p>\n</div>",
        escape(words.footer)
    );
}

/// A header box: label above, value below, shrunk to fit its width.
fn field(o: &mut String, span: u32, label: &str, name: &str, value: &str) {
    let width = f32::from(u16::try_from(span).unwrap_or(1)) * HEADER_COLUMN - PADDING;
    let _ = write!(
        o,
        "<td colspan=\"{span}\"><span class=\"label\">{}</span>\
         <span class=\"value{}\" data-field=\"{name}\">{}</span></td>",
        escape(label),
        Fit::new(value, 10.0, width),
        escape(value)
    );
}

/// The width of one of the header's six equal columns, in mm (a page is 190 mm wide).
const HEADER_COLUMN: f32 = 190.0 / 6.0;
/// A cell's padding, both sides, in mm.
const PADDING: f32 = 2.4;
/// A players' value column: the page less two 18 mm label columns, halved.
const PLAYER_VALUE: f32 = (190.0 - 2.0 * 18.0) / 2.0 - PADDING;
/// A move column: the 93 mm block less the number and two clock columns, halved.
const MOVE_COLUMN: f32 = (93.0 - 8.0 - 2.0 * 14.5) / 2.0 - PADDING;
/// How much wider bold glyphs are than the estimate of regular ones.
const BOLD: f32 = 1.15;
/// What the ring around a winner's name takes of its box: padding and border, both sides.
const RING: f32 = 6.0;
/// Printed smaller than this, a value is hard to read: it wraps instead.
const SMALLEST_PT: f32 = 6.0;
/// Millimetres in a point.
const MM_PER_PT: f32 = 25.4 / 72.0;

/// How a value is made to fit its box, as the SVG sheet squeezes its text: written as the end
/// of a `class` attribute and a `style`, nothing when it fits at its size.
struct Fit {
    size_pt: Option<f32>,
    wrap: bool,
}

impl Fit {
    fn new(text: &str, size_pt: f32, width_mm: f32) -> Fit {
        let needed = width_of(text, size_pt * MM_PER_PT);
        if needed <= width_mm {
            return Fit {
                size_pt: None,
                wrap: false,
            };
        }
        let fitted = size_pt * width_mm / needed;
        Fit {
            size_pt: Some(fitted.max(SMALLEST_PT)),
            wrap: fitted < SMALLEST_PT,
        }
    }
}

impl std::fmt::Display for Fit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.wrap {
            f.write_str(" wrap")?;
        }
        match self.size_pt {
            // Rounded down a tenth, so the estimate errs on the side of fitting.
            Some(size) => write!(
                f,
                "\" style=\"font-size: {:.1}pt",
                (size * 10.0).floor() / 10.0
            ),
            None => Ok(()),
        }
    }
}
