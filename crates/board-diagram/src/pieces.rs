//! The pieces, drawn for this crate in a 100x100 box: plain outlines and fills, no font.
//!
//! Every chess piece stands on the same plinth (y 74 to 88), so the centre of its foot is
//! always filled with the piece's colour; the draughts pieces are discs of radius 36, clear of
//! the square number in the corner.

use crate::{Color, Figure};

/// The plinth every chess piece stands on.
const PLINTH: &str = r#"<path d="M20 88H80V81Q80 74 73 74H27Q20 74 20 81Z""#;

/// The shapes of a figure, each an SVG element without its paint: filled outlines, then
/// details drawn in the contrasting colour.
fn shapes(figure: Figure) -> (&'static [&'static str], &'static [&'static str]) {
    match figure {
        Figure::Pawn => (
            &[
                PLINTH,
                r#"<path d="M34 74Q36 60 43 54H57Q64 60 66 74Z""#,
                r#"<path d="M37 55Q37 50 50 50Q63 50 63 55Q63 58 50 58Q37 58 37 55Z""#,
                r#"<circle cx="50" cy="35" r="13""#,
            ],
            &[],
        ),
        Figure::Rook => (
            &[
                PLINTH,
                r#"<path d="M33 74L36 42H64L67 74Z""#,
                r#"<path d="M27 42V18H37V26H45V18H55V26H63V18H73V42Z""#,
            ],
            &[r#"<path d="M36 48H64""#, r#"<path d="M34 68H66""#],
        ),
        Figure::Knight => (
            &[
                PLINTH,
                r#"<path d="M32 74C30 62 36 54 44 48C38 48 30 52 24 58L17 50C20 40 28 30 38 24L38 12L47 21C64 21 76 36 74 56C73 64 70 70 70 74Z""#,
            ],
            &[
                r#"<path d="M41 33L45 32""#,
                r#"<path d="M56 27C64 34 67 44 66 56""#,
            ],
        ),
        Figure::Bishop => (
            &[
                PLINTH,
                r#"<path d="M35 74Q34 64 41 60H59Q66 64 65 74Z""#,
                r#"<path d="M50 17C64 28 67 44 59 60H41C33 44 36 28 50 17Z""#,
                r#"<circle cx="50" cy="11" r="6""#,
            ],
            &[r#"<path d="M55 30L46 43""#, r#"<path d="M41 60H59""#],
        ),
        Figure::Queen => (
            &[
                PLINTH,
                r#"<path d="M31 74L35 52H65L69 74Z""#,
                r#"<path d="M30 52L20 26L37 40L41 18L50 36L59 18L63 40L80 26L70 52Z""#,
                r#"<circle cx="20" cy="25" r="5""#,
                r#"<circle cx="41" cy="17" r="5""#,
                r#"<circle cx="59" cy="17" r="5""#,
                r#"<circle cx="80" cy="25" r="5""#,
            ],
            &[r#"<path d="M34 60H66""#],
        ),
        Figure::King => (
            &[
                PLINTH,
                r#"<path d="M31 74L34 52H66L69 74Z""#,
                r#"<path d="M30 52C25 38 38 30 50 42C62 30 75 38 70 52Z""#,
                r#"<path d="M46 8H54V15H61V22H54V38H46V22H39V15H46Z""#,
            ],
            &[r#"<path d="M34 60H66""#],
        ),
        Figure::Man => (
            &[r#"<circle cx="50" cy="50" r="36""#],
            &[r#"<circle cx="50" cy="50" r="23""#],
        ),
        Figure::DraughtsKing => (
            &[r#"<circle cx="50" cy="50" r="36""#],
            &[
                r#"<circle cx="50" cy="50" r="23""#,
                r#"<path d="M35 60L33 42L42 50L50 38L58 50L67 42L65 60Z""#,
            ],
        ),
    }
}

/// The piece's colours: fill, outline, details.
const fn colors(color: Color) -> (&'static str, &'static str, &'static str) {
    match color {
        Color::White => ("#fbfaf5", "#1c1c1c", "#1c1c1c"),
        Color::Black => ("#262626", "#0a0a0a", "#e8e4d8"),
    }
}

/// The SVG elements of a piece in its 100x100 box.
pub(crate) fn draw(figure: Figure, color: Color, out: &mut String) {
    let (fill, outline, detail) = colors(color);
    let (filled, details) = shapes(figure);
    for head in filled {
        out.push_str(head);
        out.push_str(&format!(
            r#" fill="{fill}" stroke="{outline}" stroke-width="3" stroke-linejoin="round"/>"#
        ));
    }
    for head in details {
        // A closed outline among the details (the draughts king's crown) is filled; rings
        // and lines are not.
        let fill = if head.ends_with("Z\"") {
            detail
        } else {
            "none"
        };
        out.push_str(head);
        out.push_str(&format!(
            r#" fill="{fill}" stroke="{detail}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>"#
        ));
    }
}
