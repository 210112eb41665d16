//! Moves printed as fractions: White's move over the move number and a rule, Black's under it,
//! often two or three lines of play side by side (Hoyle's openings):
//!
//! ```text
//!      P to B 3                        Castles
//!   4. ---------                    4. ---------
//!      Kt to B 3                       Kt to B 3
//! ```
//!
//! A *region* is the lines from the first fraction's top to the last one's bottom, with the
//! headings printed over its columns; its *columns* start where the rules' numbers stand. The
//! reader takes each column from top to bottom (a fraction is one move line, any other text of
//! the column a line of its own), then the next column: columns that go on from each other are
//! one line of play, the others lines of their own.

use super::text::LineIndex;

/// Lines of fractions, side by side or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Region {
    /// The first and last lines (from 0).
    pub first: usize,
    pub last: usize,
    /// Where each column starts (byte column of its rules' numbers), left to right.
    pub columns: Vec<usize>,
}

/// A rule with its move number: `4. ---------`, `12. --------------`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bar {
    pub n: u32,
    /// Byte columns: the number's start, the end of `N.`, the end of the rule.
    pub start: usize,
    pub number_end: usize,
    pub end: usize,
}

/// The chunks of a line, split at two spaces or more: byte ranges.
pub(crate) fn chunks(line: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let bytes = line.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= bytes.len() {
            return None;
        }
        let start = i;
        while i < bytes.len() {
            let wide = bytes[i] == b'\t'
                || (bytes[i] == b' ' && matches!(bytes.get(i + 1), Some(b' ' | b'\t') | None));
            if wide {
                break;
            }
            i += 1;
        }
        let end = start + line[start..i].trim_end().len();
        Some((start, end))
    })
}

/// The rule of a chunk: `4. ---------` (a number, its dot, three dashes or more).
fn bar(line: &str, (start, end): (usize, usize)) -> Option<Bar> {
    let chunk = &line[start..end];
    let digits = chunk.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 || chunk.as_bytes().get(digits) != Some(&b'.') {
        return None;
    }
    let n: u32 = chunk[..digits].parse().ok().filter(|&n| n > 0)?;
    let rule = chunk[digits + 1..].trim_start();
    (rule.len() >= 3 && rule.bytes().all(|b| b == b'-')).then_some(Bar {
        n,
        start,
        number_end: start + digits + 1,
        end,
    })
}

/// The rules of a line, left to right.
pub(crate) fn bars(line: &str) -> impl Iterator<Item = Bar> + '_ {
    chunks(line).filter_map(move |c| bar(line, c))
}

/// The column a chunk starting at `at` stands in: the last that starts at most two bytes
/// to its right (a top move stands over its rule, right of the number).
pub(crate) fn column_of(columns: &[usize], at: usize) -> usize {
    columns.iter().rposition(|&c| c <= at + 2).unwrap_or(0)
}

/// The rule of `line` in column `k`.
pub(crate) fn bar_in(line: &str, columns: &[usize], k: usize) -> Option<Bar> {
    bars(line).find(|b| column_of(columns, b.start) == k)
}

/// `line` with everything outside column `k` blanked: the same length, so that every byte
/// keeps its place in the text.
pub(crate) fn masked(line: &str, columns: &[usize], k: usize) -> String {
    let mut out = String::with_capacity(line.len());
    let mut copied = 0;
    for (s, e) in chunks(line) {
        let keep = column_of(columns, s) == k;
        blank(&mut out, &line[copied..s]);
        if keep {
            out.push_str(&line[s..e]);
        } else {
            blank(&mut out, &line[s..e]);
        }
        copied = e;
    }
    blank(&mut out, &line[copied..]);
    out
}

/// As many spaces as `text` has bytes.
fn blank(out: &mut String, text: &str) {
    out.extend(std::iter::repeat_n(' ', text.len()));
}

/// A heading between two rules (`FIFTH VARIATION.`) ends a region: a word of four capitals
/// or more, which no move has.
fn heading(line: &str) -> bool {
    line.split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| w.len() >= 4 && w.bytes().all(|b| b.is_ascii_uppercase()))
}

/// How many lines apart two rules may be and still be one region: a move's three lines, a
/// blank, a page number.
const REACH: usize = 6;

/// The regions of fractions of `text`, in order. One search for `---` over the whole text;
/// each line holding one is looked at once.
pub(crate) fn regions(text: &str, index: &LineIndex) -> Vec<Region> {
    let line = |k: usize| -> &str {
        let start = index.start(k + 1);
        let end = if k + 1 < index.len() {
            index.start(k + 2)
        } else {
            text.len()
        };
        text[start..end].trim_end_matches(['\n', '\r'])
    };
    let mut lines_with_bars: Vec<usize> = Vec::new();
    let mut from = 0;
    while let Some(at) = memchr::memmem::find(&text.as_bytes()[from..], b"---") {
        let k = index.line(from + at) - 1;
        let end = if k + 1 < index.len() {
            index.start(k + 2)
        } else {
            text.len()
        };
        if bars(line(k)).next().is_some() {
            lines_with_bars.push(k);
        }
        from = end.max(from + at + 3);
    }
    let mut regions: Vec<Region> = Vec::new();
    let mut k = 0;
    while k < lines_with_bars.len() {
        let mut j = k;
        while j + 1 < lines_with_bars.len()
            && lines_with_bars[j + 1] - lines_with_bars[j] <= REACH
            && !(lines_with_bars[j] + 1..lines_with_bars[j + 1]).any(|l| heading(line(l)))
        {
            j += 1;
        }
        let (first_bar, last_bar) = (lines_with_bars[k], lines_with_bars[j]);
        let mut starts: Vec<usize> = lines_with_bars[k..=j]
            .iter()
            .flat_map(|&l| bars(line(l)).map(|b| b.start).collect::<Vec<_>>())
            .collect();
        starts.sort_unstable();
        let mut columns: Vec<usize> = Vec::new();
        for s in starts {
            if columns.last().is_none_or(|&c| s > c + 3) {
                columns.push(s);
            }
        }
        let blank = |l: usize| line(l).trim().is_empty();
        let mut first = if first_bar > 0 && !blank(first_bar - 1) {
            first_bar - 1
        } else {
            first_bar
        };
        // Headings over the columns (`SECOND VARIATION.   THIRD VARIATION.`) belong to them.
        if columns.len() > 1 {
            loop {
                let mut above = first;
                while above > 0 && blank(above - 1) && first - above < 2 {
                    above -= 1;
                }
                let Some(up) = above.checked_sub(1) else {
                    break;
                };
                if regions.last().is_some_and(|r| r.last >= up) || blank(up) {
                    break;
                }
                let mut seen = chunks(line(up)).map(|(s, _)| column_of(&columns, s));
                let first_col = seen.next();
                if first_col.is_some() && seen.any(|c| Some(c) != first_col) {
                    first = up;
                } else {
                    break;
                }
            }
        }
        let last = if last_bar + 1 < index.len() && !blank(last_bar + 1) {
            last_bar + 1
        } else {
            last_bar
        };
        regions.push(Region {
            first,
            last,
            columns,
        });
        k = j + 1;
    }
    regions
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hoyle's Games Modernized (1909), the Giuoco Piano's second and third variations.
    const SIDE_BY_SIDE: &str = "\
Prose before.

  SECOND VARIATION.                         THIRD VARIATION.

  First three moves as before.       First three moves as before.

     P to B 3[78]                          Castles
  4. -------------                      4. ---------
     Kt to B 3[79]                         Kt to B 3

  With an even game.                       Kt to B 7
                                       12. ---------
                                           R to R 4
";

    #[test]
    fn a_region_takes_the_headings_over_its_columns() {
        let index = LineIndex::new(SIDE_BY_SIDE);
        let found = regions(SIDE_BY_SIDE, &index);
        assert_eq!(
            found,
            [Region {
                first: 2,
                last: 12,
                columns: vec![2, 39],
            }]
        );
        let line = "  With an even game.                       Kt to B 7";
        assert_eq!(
            masked(line, &found[0].columns, 0).trim(),
            "With an even game."
        );
        assert_eq!(masked(line, &found[0].columns, 1).trim(), "Kt to B 7");
        assert_eq!(masked(line, &found[0].columns, 1).len(), line.len());
        let bar = bar_in(
            "                                       12. ---------",
            &found[0].columns,
            1,
        );
        assert_eq!(bar.map(|b| b.n), Some(12));
    }

    #[test]
    fn a_row_of_fractions_is_one_region() {
        // Hoyle's explanation of the notation: three moves in a row.
        let text = "\
     P to K 4       Kt to K B 3      B to Kt 5
  1. --------    2. -----------   3. ----------  &c.
     P to K 4       Kt to Q B 3      P to Q R 3
";
        let found = regions(text, &LineIndex::new(text));
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].first, found[0].last), (0, 2));
        assert_eq!(found[0].columns, [2, 17, 34]);
    }

    #[test]
    fn a_heading_between_rules_ends_a_region() {
        // Hoyle's King's Gambit, fourth and fifth variations, six lines apart.
        let text = "\
      ...                            P to Q 4
   5. ---------                   9. ---------
      P takes P                      ...

FIFTH VARIATION.

      ...                            P to Q 3
   3. -----------                 7. ---------
      Kt to K B 3                    Kt to K 4
";
        let found = regions(text, &LineIndex::new(text));
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!((found[1].first, found[1].last), (6, 8));
    }

    #[test]
    fn borders_and_dashes_in_prose_are_no_rules() {
        for line in ["  +------+------+", "the game--viz., 4. --", "12. Q-K2 ---"] {
            assert_eq!(bars(line).count(), 0, "{line}");
        }
    }
}
