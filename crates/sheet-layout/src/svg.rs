//! One page of the sheet as an SVG document, in millimetres on an A4 page.

use std::fmt::Write;

use crate::labels::{Labels, labels};
use crate::xml::escape;
use crate::{LINES_PER_BLOCK, Outcome, Player, Sheet};

/// Page size and margins, in mm.
const PAGE_WIDTH: f32 = 210.0;
const PAGE_HEIGHT: f32 = 297.0;
const LEFT: f32 = 10.0;
const RIGHT: f32 = 200.0;

/// The header rows: competition and date, then round, table and the result box.
const ROW_A: f32 = 19.0;
const ROW_B: f32 = 27.0;
const BOX_HEIGHT: f32 = 8.0;
/// The players' panels: a title bar, the name, then rating and club.
const PLAYERS: f32 = 37.0;
const PANEL_WIDTH: f32 = 93.0;

/// The moves: two blocks of 30 lines side by side.
const GRID_TOP: f32 = 60.0;
const GRID_HEAD: f32 = 7.0;
const LINE_HEIGHT: f32 = 6.5;
const BLOCK_GAP: f32 = 4.0;
/// Columns of a block: number, White's move and clock, Black's move and clock.
const COLUMNS: [f32; 5] = [8.0, 28.0, 14.5, 28.0, 14.5];

/// Result and signatures at the bottom, then the footer line.
const BOTTOM: f32 = 265.0;
const BOTTOM_HEIGHT: f32 = 20.0;
const FOOTER: f32 = 291.0;

const FONT: &str = "'DejaVu Sans', Arial, Helvetica, sans-serif";
const GREY: &str = "#eeeeee";
const LABEL_INK: &str = "#444444";

/// A length in mm as SVG writes it: at most two decimals, no trailing zeros.
fn mm(v: f32) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

/// A rough width of `text` at `size`: enough to shrink a long name or move into its box and
/// to size the ring around a winner's name.
pub(crate) fn width_of(text: &str, size: f32) -> f32 {
    text.chars().count() as f32 * size * 0.56
}

/// The SVG of page `page` (from 0) of `sheet`.
pub(crate) fn page(sheet: &Sheet, page: usize) -> String {
    let words = labels(sheet.language, sheet.game);
    let pages = sheet.pages();
    let mut svg = Svg {
        out: String::with_capacity(32 * 1024),
    };
    let o = &mut svg.out;
    let _ = write!(
        o,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"210mm\" height=\"297mm\" \
         viewBox=\"0 0 {} {}\" font-family=\"{FONT}\" lang=\"{}\" data-page=\"{}\" \
         data-pages=\"{pages}\">\n<title>{}</title>\n",
        mm(PAGE_WIDTH),
        mm(PAGE_HEIGHT),
        sheet.language.code(),
        page + 1,
        escape(&title(sheet, &words)),
    );
    let _ = writeln!(
        o,
        "<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
        mm(PAGE_WIDTH),
        mm(PAGE_HEIGHT)
    );
    svg.text(
        Text::new(LEFT, 15.0, 5.5, words.title)
            .class("title")
            .bold(),
    );
    if pages > 1 {
        let mark = format!("{} {}/{pages}", words.page, page + 1);
        svg.text(Text::new(RIGHT, 15.0, 3.2, &mark).class("page").end());
    }
    svg.header(sheet, &words);
    svg.grid(sheet, &words, page);
    svg.bottom(sheet, &words);
    svg.text(
        Text::new(PAGE_WIDTH / 2.0, FOOTER, 2.6, words.footer)
            .class("footer")
            .middle()
            .ink(LABEL_INK),
    );
    svg.out.push_str("</svg>\n");
    svg.out
}

/// The document's title: the sheet's, and the players when known.
pub(crate) fn title(sheet: &Sheet, words: &Labels) -> String {
    let (white, black) = (&sheet.header.white.name, &sheet.header.black.name);
    if white.is_empty() && black.is_empty() {
        words.title.to_owned()
    } else {
        format!("{} — {white} – {black}", words.title)
    }
}

/// A text to place.
struct Text<'a> {
    x: f32,
    y: f32,
    size: f32,
    content: &'a str,
    class: &'a str,
    anchor: &'static str,
    bold: bool,
    ink: Option<&'static str>,
    max_width: Option<f32>,
    data: Option<(&'static str, &'a str)>,
}

impl<'a> Text<'a> {
    fn new(x: f32, y: f32, size: f32, content: &'a str) -> Text<'a> {
        Text {
            x,
            y,
            size,
            content,
            class: "",
            anchor: "start",
            bold: false,
            ink: None,
            max_width: None,
            data: None,
        }
    }
    fn class(mut self, class: &'a str) -> Self {
        self.class = class;
        self
    }
    fn middle(mut self) -> Self {
        self.anchor = "middle";
        self
    }
    fn end(mut self) -> Self {
        self.anchor = "end";
        self
    }
    fn bold(mut self) -> Self {
        self.bold = true;
        self
    }
    fn ink(mut self, ink: &'static str) -> Self {
        self.ink = Some(ink);
        self
    }
    fn fit(mut self, width: f32) -> Self {
        self.max_width = Some(width);
        self
    }
    fn data(mut self, name: &'static str, value: &'a str) -> Self {
        self.data = Some((name, value));
        self
    }
}

struct Svg {
    out: String,
}

impl Svg {
    fn text(&mut self, t: Text<'_>) {
        if t.content.is_empty() {
            return;
        }
        let o = &mut self.out;
        let _ = write!(
            o,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\"",
            mm(t.x),
            mm(t.y),
            mm(t.size)
        );
        if !t.class.is_empty() {
            let _ = write!(o, " class=\"{}\"", t.class);
        }
        if let Some((name, value)) = t.data {
            let _ = write!(o, " data-{name}=\"{}\"", escape(value));
        }
        if t.anchor != "start" {
            let _ = write!(o, " text-anchor=\"{}\"", t.anchor);
        }
        if t.bold {
            o.push_str(" font-weight=\"bold\"");
        }
        if let Some(ink) = t.ink {
            let _ = write!(o, " fill=\"{ink}\"");
        }
        // Squeezed rather than spilling over the next box.
        if let Some(width) = t.max_width
            && width_of(t.content, t.size) > width
        {
            let _ = write!(
                o,
                " textLength=\"{}\" lengthAdjust=\"spacingAndGlyphs\"",
                mm(width)
            );
        }
        let _ = writeln!(o, ">{}</text>", escape(t.content));
    }

    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill: &str) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" \
             stroke=\"#000000\" stroke-width=\"0.3\"/>",
            mm(x),
            mm(y),
            mm(w),
            mm(h)
        );
    }

    fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32, dashed: bool) {
        let _ = write!(
            self.out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#000000\" stroke-width=\"{}\"",
            mm(x1),
            mm(y1),
            mm(x2),
            mm(y2),
            mm(width)
        );
        if dashed {
            self.out.push_str(" stroke-dasharray=\"0.8 0.8\"");
        }
        self.out.push_str("/>\n");
    }

    /// A ring around something printed: the result chosen, the winner's name.
    fn ring(&mut self, cx: f32, cy: f32, rx: f32, ry: f32, class: &str, data: &str) {
        let _ = writeln!(
            self.out,
            "<ellipse class=\"{class}\" data-circled=\"{}\" cx=\"{}\" cy=\"{}\" rx=\"{}\" \
             ry=\"{}\" fill=\"none\" stroke=\"#000000\" stroke-width=\"0.45\"/>",
            escape(data),
            mm(cx),
            mm(cy),
            mm(rx),
            mm(ry)
        );
    }

    /// A box with its label in small type at the top and the value below it.
    fn field(&mut self, x: f32, y: f32, w: f32, label: &str, field: &'static str, value: &str) {
        self.rect(x, y, w, BOX_HEIGHT, "none");
        self.text(
            Text::new(x + 1.2, y + 2.7, 2.3, label)
                .class("label")
                .ink(LABEL_INK),
        );
        self.text(
            Text::new(x + 2.0, y + BOX_HEIGHT - 1.5, 3.6, value)
                .class("value")
                .data("field", field)
                .fit(w - 3.0),
        );
    }

    fn header(&mut self, sheet: &Sheet, words: &Labels) {
        let h = &sheet.header;
        let _ = writeln!(self.out, "<g class=\"header\">");
        self.field(LEFT, ROW_A, 140.0, words.event, "event", &h.event);
        self.field(LEFT + 140.0, ROW_A, 50.0, words.date, "date", &h.date);
        self.field(LEFT, ROW_B, 45.0, words.round, "round", &h.round);
        self.field(LEFT + 45.0, ROW_B, 45.0, words.board, "board", &h.board);
        self.result_box(sheet, words, LEFT + 90.0, ROW_B, 100.0);
        self.player(sheet, words, true, &h.white, LEFT);
        self.player(sheet, words, false, &h.black, RIGHT - PANEL_WIDTH);
        self.out.push_str("</g>\n");
    }

    /// The result box: the three results printed, the game's circled.
    fn result_box(&mut self, sheet: &Sheet, words: &Labels, x: f32, y: f32, w: f32) {
        let _ = writeln!(self.out, "<g class=\"result-box\">");
        self.rect(x, y, w, BOX_HEIGHT, "none");
        self.text(
            Text::new(x + 1.2, y + 2.7, 2.3, words.result)
                .class("label")
                .ink(LABEL_INK),
        );
        let baseline = y + BOX_HEIGHT - 1.6;
        let mut printed: Vec<Outcome> = Outcome::choices().to_vec();
        if sheet.result == Some(Outcome::BothLose) {
            printed.push(Outcome::BothLose);
        }
        for (i, outcome) in printed.into_iter().enumerate() {
            let cx = x + 40.0 + 20.0 * i as f32;
            let text = outcome.text(sheet.game);
            self.text(
                Text::new(cx, baseline, 4.0, text)
                    .class("choice")
                    .data("result", text)
                    .middle(),
            );
            if sheet.result == Some(outcome) {
                self.ring(cx, baseline - 1.4, 7.0, 3.3, "circled result", text);
            }
        }
        self.out.push_str("</g>\n");
    }

    /// One player's panel: colour, name (circled when it won), rating and club.
    fn player(&mut self, sheet: &Sheet, words: &Labels, white: bool, p: &Player, x: f32) {
        let side = if white { "white" } else { "black" };
        let _ = writeln!(self.out, "<g class=\"player {side}\">");
        let w = PANEL_WIDTH;
        self.rect(x, PLAYERS, w, 6.0, GREY);
        let colour = if white { words.white } else { words.black };
        self.text(
            Text::new(x + w / 2.0, PLAYERS + 4.4, 3.8, colour)
                .class("side")
                .middle()
                .bold(),
        );
        let name_y = PLAYERS + 6.0;
        self.rect(x, name_y, w, 7.0, "none");
        self.inline(x, name_y + 5.0, words.name, 13.0);
        let field = if white { "white" } else { "black" };
        self.text(
            Text::new(x + 14.0, name_y + 5.0, 3.8, &p.name)
                .class("value")
                .data("field", field)
                .bold()
                .fit(w - 18.0),
        );
        if let Some(result) = sheet.result
            && result.circles(white)
            && !p.name.is_empty()
        {
            // Bold type runs wider than the estimate.
            let width = (width_of(&p.name, 3.8) * 1.1).min(w - 18.0);
            let cx = x + 14.0 + width / 2.0;
            self.ring(
                cx,
                name_y + 3.7,
                width / 2.0 + 3.2,
                3.2,
                "circled winner",
                side,
            );
        }
        let row_y = name_y + 7.0;
        let rating_w = 32.0;
        self.rect(x, row_y, rating_w, 7.0, "none");
        self.rect(x + rating_w, row_y, w - rating_w, 7.0, "none");
        self.inline(x, row_y + 5.0, words.rating, 13.0);
        self.text(
            Text::new(x + 14.0, row_y + 5.0, 3.6, &p.rating)
                .class("value")
                .data(
                    "field",
                    if white {
                        "white-rating"
                    } else {
                        "black-rating"
                    },
                )
                .fit(rating_w - 15.0),
        );
        self.inline(x + rating_w, row_y + 5.0, words.club, 10.0);
        self.text(
            Text::new(x + rating_w + 10.0, row_y + 5.0, 3.6, &p.club)
                .class("value")
                .data("field", if white { "white-club" } else { "black-club" })
                .fit(w - rating_w - 12.0),
        );
        self.out.push_str("</g>\n");
    }

    /// A label on the line of its value.
    fn inline(&mut self, x: f32, baseline: f32, label: &str, width: f32) {
        self.text(
            Text::new(x + 1.2, baseline, 2.5, label)
                .class("label")
                .ink(LABEL_INK)
                .fit(width - 2.0),
        );
    }

    /// The numbered lines of `page`, in two blocks.
    fn grid(&mut self, sheet: &Sheet, words: &Labels, page: usize) {
        let first = sheet.first_line(page);
        let result_cell = sheet.result_cell();
        let result_text = sheet.result.map_or("", |r| r.text(sheet.game));
        let block_width: f32 = COLUMNS.iter().sum();
        for block in 0..2u32 {
            let x0 = LEFT + block as f32 * (block_width + BLOCK_GAP);
            let _ = writeln!(self.out, "<g class=\"block\">");
            let mut edges = [x0; 6];
            for (i, w) in COLUMNS.iter().enumerate() {
                edges[i + 1] = edges[i] + w;
            }
            let top = GRID_TOP;
            let bottom = GRID_TOP + GRID_HEAD + LINE_HEIGHT * LINES_PER_BLOCK as f32;
            self.rect(x0, top, block_width, GRID_HEAD, GREY);
            self.rect(x0, top, block_width, bottom - top, "none");
            let head = top + GRID_HEAD - 2.2;
            self.text(
                Text::new((edges[0] + edges[1]) / 2.0, head, 2.8, words.number)
                    .class("label")
                    .middle(),
            );
            for (col, label) in [(1, words.white), (3, words.black)] {
                self.text(
                    Text::new((edges[col] + edges[col + 1]) / 2.0, head, 3.6, label)
                        .class("column")
                        .middle()
                        .bold(),
                );
                self.text(
                    Text::new(
                        (edges[col + 1] + edges[col + 2]) / 2.0,
                        head,
                        2.2,
                        words.clock,
                    )
                    .class("label")
                    .middle()
                    .ink(LABEL_INK),
                );
            }
            // Column rules: the clock columns' dashed, so a move and its time read together.
            for (i, &x) in edges.iter().enumerate().take(5).skip(1) {
                self.line(
                    x,
                    top,
                    x,
                    bottom,
                    if i == 3 { 0.45 } else { 0.3 },
                    i % 2 == 0,
                );
            }
            for line in 1..LINES_PER_BLOCK {
                let y = top + GRID_HEAD + LINE_HEIGHT * line as f32;
                self.line(x0, y, x0 + block_width, y, 0.2, false);
            }
            for line in 0..LINES_PER_BLOCK {
                // Saturating: a set-up position may carry any move number.
                let number = first.saturating_add(block * LINES_PER_BLOCK + line);
                let y = top + GRID_HEAD + LINE_HEIGHT * line as f32;
                let n = number.to_string();
                let _ = writeln!(self.out, "<g class=\"line\" data-number=\"{n}\">");
                self.text(
                    Text::new((edges[0] + edges[1]) / 2.0, y + 4.6, 3.0, &n)
                        .class("number")
                        .middle(),
                );
                for (white, col) in [(true, 1), (false, 3)] {
                    if let Some(half) = sheet.half(number, white) {
                        let text = sheet.move_text(half);
                        let class = if white { "move white" } else { "move black" };
                        self.text(
                            Text::new(edges[col] + 1.5, y + 4.7, 3.6, &text)
                                .class(class)
                                .fit(COLUMNS[col] - 2.5),
                        );
                        if let Some(clock) = &half.clock {
                            let class = if white { "clock white" } else { "clock black" };
                            self.text(
                                Text::new(
                                    (edges[col + 1] + edges[col + 2]) / 2.0,
                                    y + 4.5,
                                    2.7,
                                    clock,
                                )
                                .class(class)
                                .middle()
                                .fit(COLUMNS[col + 1] - 1.5),
                            );
                        }
                    } else if result_cell == Some((number, white)) {
                        self.text(
                            Text::new(edges[col] + 1.5, y + 4.7, 3.6, result_text)
                                .class(if white {
                                    "result white"
                                } else {
                                    "result black"
                                })
                                .bold(),
                        );
                    }
                }
                self.out.push_str("</g>\n");
            }
            self.out.push_str("</g>\n");
        }
    }

    /// The result written at the bottom, and both signatures.
    fn bottom(&mut self, sheet: &Sheet, words: &Labels) {
        let _ = writeln!(self.out, "<g class=\"signatures\">");
        let y = BOTTOM;
        let result_w = 46.0;
        let sign_w = (RIGHT - LEFT - result_w - 4.0) / 2.0;
        self.rect(LEFT, y, result_w, BOTTOM_HEIGHT, "none");
        self.text(
            Text::new(LEFT + 1.2, y + 3.2, 2.6, words.result)
                .class("label")
                .ink(LABEL_INK),
        );
        if let Some(result) = sheet.result {
            self.text(
                Text::new(
                    LEFT + result_w / 2.0,
                    y + 14.0,
                    7.0,
                    result.text(sheet.game),
                )
                .class("value")
                .data("field", "result")
                .middle()
                .bold(),
            );
        }
        for (i, label) in [words.signature_white, words.signature_black]
            .into_iter()
            .enumerate()
        {
            let x = LEFT + result_w + 2.0 + i as f32 * (sign_w + 2.0);
            self.rect(x, y, sign_w, BOTTOM_HEIGHT, "none");
            self.text(
                Text::new(x + 1.2, y + 3.2, 2.6, label)
                    .class("label")
                    .ink(LABEL_INK),
            );
        }
        self.out.push_str("</g>\n");
    }
}

#[cfg(test)]
mod tests {
    use super::mm;

    #[test]
    fn lengths_are_short() {
        assert_eq!(mm(10.0), "10");
        assert_eq!(mm(2.25), "2.25");
        assert_eq!(mm(3.5), "3.5");
        assert_eq!(mm(-0.001), "0");
    }
}
