//! The diagram writer (`board-diagram`) and the scoresheet writer (`sheet-layout`) on random
//! positions, games and texts: they never panic, and what they write is well-formed.
//!
//! # Examples
//!
//! ```
//! scoresheet_fuzz::diagram(&[0, 40, 7, 1, 9, 200, 3, 4, 5, 6]);
//! scoresheet_fuzz::sheet(&[1, 60, 7, 1, 9, 200, 3, 4, 5, 6, 7, 8, 9, 10]);
//! ```

use arbitrary::{Arbitrary, Unstructured};
use board_core::Notation;
use board_diagram::{Board, Cell, Color, Diagram, Figure, Mark, Piece};
use sheet_layout::{GameKind, HalfMove, Language, Outcome, Sheet};

/// A diagram from the bytes: a reachable chess or draughts position with its last move
/// marked, or a board of either kind filled cell by cell with any pieces and marks; either
/// side at the bottom.
///
/// The SVG is well-formed XML with one piece element per piece, each on its square; the text
/// diagrams have a line per row of the board.
///
/// # Panics
///
/// When the property does not hold.
pub fn diagram(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(diagram) = random_diagram(&mut u) else {
        return;
    };
    let svg = diagram.to_svg();
    let doc = roxmltree::Document::parse(&svg)
        .unwrap_or_else(|e| panic!("the diagram's SVG is not XML: {e}\n{svg}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let board = diagram.board();
    let mut drawn: Vec<(String, String)> = doc
        .descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|w| w == "piece"))
        })
        .map(|n| {
            (
                n.attribute("data-square").unwrap_or_default().to_owned(),
                n.attribute("class").unwrap_or_default().to_owned(),
            )
        })
        .collect();
    drawn.sort();
    let mut expected: Vec<(String, String)> = diagram
        .pieces()
        .map(|(cell, piece)| {
            let color = match piece.color {
                Color::White => "white",
                Color::Black => "black",
            };
            (
                board.square_name(cell).unwrap_or_default(),
                format!("piece {color} {}", piece.figure.name()),
            )
        })
        .collect();
    expected.sort();
    assert_eq!(drawn, expected, "pieces of the SVG\n{svg}");

    let rows = usize::from(board.size());
    for text in [diagram.to_ascii(), diagram.to_unicode()] {
        assert!(
            text.lines().count() >= rows,
            "{rows} rows expected in\n{text}"
        );
    }
}

fn random_diagram(u: &mut Unstructured<'_>) -> arbitrary::Result<Diagram> {
    let mut diagram = match u.int_in_range(0..=3u8)? {
        0 => {
            let pos = chess_rules::Position::arbitrary(u)?;
            let mut diagram = Diagram::from_chess(&pos);
            let moves = pos.legal_moves();
            if !moves.is_empty() && u.arbitrary()? {
                let mv = *u.choose(&moves)?;
                diagram = Diagram::from_chess(&pos.play(mv).expect("a legal move"));
                diagram.mark_chess_move(mv);
            }
            diagram
        }
        1 => {
            let pos = draughts_rules::Position::arbitrary(u)?;
            let mut diagram = Diagram::from_draughts(&pos);
            let moves = pos.legal_moves();
            if !moves.is_empty() && u.arbitrary()? {
                let mv = *u.choose(moves.as_slice())?;
                let after = pos.play(&mv).expect("a legal move");
                diagram = Diagram::from_draughts(&after);
                diagram.mark_draughts_move(&mv);
            }
            diagram
        }
        kind => {
            let board = if kind == 2 {
                Board::Chess
            } else {
                Board::Draughts
            };
            let mut diagram = Diagram::new(board);
            let size = board.size();
            const FIGURES: [Figure; 8] = [
                Figure::King,
                Figure::Queen,
                Figure::Rook,
                Figure::Bishop,
                Figure::Knight,
                Figure::Pawn,
                Figure::Man,
                Figure::DraughtsKing,
            ];
            const MARKS: [Mark; 4] = [Mark::From, Mark::To, Mark::Path, Mark::Captured];
            for row in 0..size {
                for column in 0..size {
                    let cell = Cell::new(row, column);
                    if u.ratio(1, 3)? {
                        let color = if u.arbitrary()? {
                            Color::White
                        } else {
                            Color::Black
                        };
                        diagram.set_piece(cell, Some(Piece::new(color, *u.choose(&FIGURES)?)));
                    }
                    if u.ratio(1, 8)? {
                        diagram.mark(cell, *u.choose(&MARKS)?);
                    }
                }
            }
            diagram
        }
    };
    if u.arbitrary()? {
        diagram.set_orientation(Color::Black);
    }
    Ok(diagram)
}

/// A scoresheet from the bytes: either language and game, header fields of any text (control
/// characters, quotes, markup, long names), consecutive lines of moves from any move number
/// (up to the largest), written from a random game in some notation or as any text, with
/// clock times and draw offers, and any result.
///
/// Every SVG page and the HTML are well-formed XML; there are as many SVG pages as
/// [`Sheet::pages`] says; each move's text, each clock time and each header field appears, as
/// written (control characters as spaces), in the text of the SVG pages and of the HTML.
///
/// # Panics
///
/// When the property does not hold.
pub fn sheet(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(sheet) = random_sheet(&mut u) else {
        return;
    };
    let pages = sheet.to_svg_pages();
    assert_eq!(pages.len(), sheet.pages());
    let mut page_text = Vec::new();
    for page in &pages {
        page_text.extend(xml_text(page, "an SVG page"));
    }
    let page_text = Shown::new(page_text);
    let html = sheet.to_html();
    let html_text = Shown::new(xml_text(&html, "the HTML"));

    let header = &sheet.header;
    let mut expected: Vec<&str> = vec![
        &header.event,
        &header.date,
        &header.round,
        &header.board,
        &header.white.name,
        &header.white.rating,
        &header.white.club,
        &header.black.name,
        &header.black.rating,
        &header.black.club,
    ];
    for row in &sheet.rows {
        for half in row.white.iter().chain(&row.black) {
            expected.push(&half.text);
            expected.extend(half.clock.as_deref());
        }
    }
    for text in expected {
        let shown = visible(text);
        if shown.is_empty() {
            continue;
        }
        assert!(
            page_text.contains(&shown),
            "{text:?} is not on the SVG pages:\n{}",
            pages.join("\n")
        );
        assert!(
            html_text.contains(&shown),
            "{text:?} is not in the HTML:\n{html}"
        );
    }
}

/// The text a reader sees of `text` as written in a document: forbidden characters as
/// spaces, runs of white space as one, trimmed.
fn visible(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() || matches!(c, '\u{FFFE}' | '\u{FFFF}') {
                ' '
            } else {
                c
            }
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The texts of a document, to look a text up in: whole text nodes at once, else inside one.
struct Shown {
    nodes: std::collections::HashSet<String>,
}

impl Shown {
    fn new(nodes: Vec<String>) -> Shown {
        Shown {
            nodes: nodes.into_iter().collect(),
        }
    }

    fn contains(&self, text: &str) -> bool {
        self.nodes.contains(text) || self.nodes.iter().any(|node| node.contains(text))
    }
}

/// The texts of the nodes of a well-formed XML document, each [`visible`].
fn xml_text(xml: &str, what: &str) -> Vec<String> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(xml, options)
        .unwrap_or_else(|e| panic!("{what} is not XML: {e}\n{xml}"));
    doc.descendants()
        .filter(roxmltree::Node::is_text)
        .map(|node| visible(node.text().unwrap_or_default()))
        .collect()
}

fn random_sheet(u: &mut Unstructured<'_>) -> arbitrary::Result<Sheet> {
    let language = if u.arbitrary()? {
        Language::French
    } else {
        Language::English
    };
    let game = if u.arbitrary()? {
        GameKind::Chess
    } else {
        GameKind::Draughts
    };
    let mut sheet = Sheet::new(language, game);
    let header = &mut sheet.header;
    for field in [
        &mut header.event,
        &mut header.date,
        &mut header.round,
        &mut header.board,
        &mut header.white.name,
        &mut header.white.rating,
        &mut header.white.club,
        &mut header.black.name,
        &mut header.black.rating,
        &mut header.black.club,
    ] {
        *field = text(u, 80)?;
    }
    let moves = half_moves(u, game)?;
    let start: u32 = match u.int_in_range(0..=3u8)? {
        0 => u.int_in_range(1..=u32::MAX)?,
        1 => u.int_in_range(1..=200)?,
        _ => 1,
    };
    let black_first = u.ratio(1, 5)?;
    for (i, text) in moves.into_iter().enumerate() {
        let ply = i + usize::from(black_first);
        let Some(number) = u32::try_from(ply / 2)
            .ok()
            .and_then(|n| start.checked_add(n))
        else {
            break;
        };
        let mut half = HalfMove::new(text);
        if u.ratio(1, 3)? {
            half = half.with_clock(clock(u)?);
        }
        if u.ratio(1, 10)? {
            half = half.with_draw_offer();
        }
        if ply % 2 == 0 {
            sheet.set_white(number, half);
        } else {
            sheet.set_black(number, half);
        }
    }
    sheet.result = match u.int_in_range(0..=4u8)? {
        0 => Some(Outcome::WhiteWins),
        1 => Some(Outcome::Draw),
        2 => Some(Outcome::BlackWins),
        3 => Some(Outcome::BothLose),
        _ => None,
    };
    Ok(sheet)
}

/// The moves of a random game of `game` in one of its notations, or any texts.
fn half_moves(u: &mut Unstructured<'_>, game: GameKind) -> arbitrary::Result<Vec<String>> {
    let plies = u.int_in_range(0..=150usize)?;
    let mut texts = Vec::new();
    match (u.int_in_range(0..=2u8)?, game) {
        (0, _) => {
            for _ in 0..plies.min(20) {
                texts.push(text(u, 16)?);
            }
        }
        (_, GameKind::Chess) => {
            let notation: Box<
                dyn Notation<Position = chess_rules::Position, Move = chess_rules::Move>,
            > = match u.int_in_range(0..=3u8)? {
                0 => Box::new(notation_fr::French::STANDARD),
                1 => Box::new(notation_en::Algebraic::FIGURINE),
                2 => Box::new(notation_en::Algebraic::with_letters(
                    notation_en::PieceLetters::RUSSIAN,
                )),
                _ => Box::new(notation_en::Algebraic::ENGLISH),
            };
            let mut pos = chess_rules::Position::new();
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() || u.is_empty() {
                    break;
                }
                let mv = *u.choose(&moves)?;
                texts.push(notation.to_text(&pos, &mv));
                pos.play_unchecked(mv);
            }
        }
        (_, _) => {
            let mut pos = draughts_rules::Position::new();
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() || u.is_empty() {
                    break;
                }
                let mv = *u.choose(moves.as_slice())?;
                texts.push(notation_manoury::Manoury.to_text(&pos, &mv));
                pos.play_unchecked(&mv);
            }
        }
    }
    Ok(texts)
}

/// Up to `max` characters of any text, markup and controls included.
fn text(u: &mut Unstructured<'_>, max: usize) -> arbitrary::Result<String> {
    let length = u.int_in_range(0..=max)?;
    let mut out = String::new();
    for _ in 0..length {
        out.push(match u.int_in_range(0..=4u8)? {
            0 => char::from(u.int_in_range(0..=127u8)?),
            1 => *u.choose(&['<', '>', '&', '"', '\'', ']', '\u{FFFE}', '\u{0}'])?,
            2 => u.arbitrary::<char>()?,
            _ => char::from(u.int_in_range(b'a'..=b'z')?),
        });
    }
    Ok(out)
}

/// A clock time as scoresheets write it, or any short text.
fn clock(u: &mut Unstructured<'_>) -> arbitrary::Result<String> {
    Ok(if u.arbitrary()? {
        format!(
            "{}:{:02}:{:02}",
            u.int_in_range(0..=9u8)?,
            u.int_in_range(0..=59u8)?,
            u.int_in_range(0..=59u8)?
        )
    } else {
        text(u, 10)?
    })
}
