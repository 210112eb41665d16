//! The numbered board: the Manoury numbers on the dark squares, seen from White or from Black.

use board_core::Color;
use draughts_rules::Square;

/// The board with every dark square's Manoury number, as the side `from` sees it from its
/// chair: ten lines, two-digit numbers (`01` to `50`, as the numbering is taught) on the dark
/// squares, blanks on the light ones.
///
/// From White, the numbers run left to right and top to bottom from 01 to 50; from Black the
/// board is turned round, so 50 is on the top left and 01 on the bottom right. Either way the
/// first square of the top row is light, and the bottom left square dark.
///
/// # Examples
///
/// ```
/// use board_core::Color;
/// use notation_manoury::numbered_board;
///
/// let white = numbered_board(Color::White);
/// let lines: Vec<&str> = white.lines().collect();
/// assert_eq!(lines[0], "    01    02    03    04    05");
/// assert_eq!(lines[1], " 06    07    08    09    10");
/// assert_eq!(lines[9], " 46    47    48    49    50");
///
/// let black = numbered_board(Color::Black);
/// assert_eq!(black.lines().next(), Some("    50    49    48    47    46"));
/// assert_eq!(black.lines().last(), Some(" 05    04    03    02    01"));
/// ```
#[must_use]
pub fn numbered_board(from: Color) -> String {
    let mut out = String::with_capacity(10 * 31);
    for row in 0..10u8 {
        let mut line = String::with_capacity(30);
        for column in 0..10u8 {
            let square = match from {
                Color::White => Square::from_row_column(row, column),
                Color::Black => Square::from_row_column(9 - row, 9 - column),
            };
            match square {
                Some(sq) => line.push_str(&format!(" {:02}", sq.number())),
                None => line.push_str("   "),
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows of the numbered board, as numbers.
    fn rows(from: Color) -> Vec<Vec<u8>> {
        numbered_board(from)
            .lines()
            .map(|l| l.split_whitespace().map(|n| n.parse().unwrap()).collect())
            .collect()
    }

    /// The landmarks of the source document, on both diagrams.
    #[test]
    fn the_documents_landmarks() {
        let white = rows(Color::White);
        let black = rows(Color::Black);
        // The bases: 01-05 for Black, 46-50 for White, on the far and near rows as White sees
        // the board, the other way round from Black.
        assert_eq!(white[0], [1, 2, 3, 4, 5]);
        assert_eq!(white[9], [46, 47, 48, 49, 50]);
        assert_eq!(black[0], [50, 49, 48, 47, 46]);
        assert_eq!(black[9], [5, 4, 3, 2, 1]);
        // The edges, as White sees the board: 06 16 26 36 46 on the left, 05 15 25 35 45 on
        // the right.
        let left: Vec<u8> = white
            .iter()
            .filter(|r| r[0] % 10 == 6)
            .map(|r| r[0])
            .collect();
        assert_eq!(left, [6, 16, 26, 36, 46]);
        let right: Vec<u8> = white
            .iter()
            .filter(|r| r[4] % 10 == 5)
            .map(|r| r[4])
            .collect();
        assert_eq!(right, [5, 15, 25, 35, 45]);
        // Every number once, each diagram the other turned round.
        let mut all: Vec<u8> = white.concat();
        all.sort_unstable();
        assert_eq!(all, (1..=50).collect::<Vec<u8>>());
        for (r, row) in black.iter().enumerate() {
            for (i, n) in row.iter().enumerate() {
                // The same square, at the place the half turn takes it to...
                assert_eq!(*n, white[9 - r][4 - i], "row {r} item {i}");
                // ...and in White's place, the square with the turned number.
                assert_eq!(*n, 51 - white[r][i], "row {r} item {i}");
            }
        }
    }

    #[test]
    fn squares_stand_where_the_board_puts_them() {
        let text = numbered_board(Color::White);
        for (row, line) in text.lines().enumerate() {
            for (i, chunk) in line.as_bytes().chunks(3).enumerate() {
                let cell = std::str::from_utf8(chunk).unwrap().trim();
                let expected = Square::from_row_column(row as u8, i as u8)
                    .map(|sq| format!("{:02}", sq.number()))
                    .unwrap_or_default();
                assert_eq!(cell, expected, "row {row} column {i}");
            }
        }
    }
}
