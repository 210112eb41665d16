//! `scoresheet sheet` run as a user runs it, on the bundled games: the SVG and HTML read as
//! XML, and each move sits in its numbered line and column as `scoresheet convert` writes it.

mod common;

use std::path::PathBuf;
use std::process::Output;

use common::{text, workspace};
use roxmltree::{Document, Node, ParsingOptions};

fn scoresheet(args: &[&str], stdin: Option<&str>) -> Output {
    common::run(&workspace(), args, stdin.map(str::as_bytes))
}

/// Stdout of a run that must succeed.
fn sheet(args: &[&str]) -> String {
    let out = scoresheet(args, None);
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    text(&out.stdout)
}

/// A fresh directory for output files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("scoresheet-sheet-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn xml(text: &str) -> Document<'_> {
    let options = ParsingOptions {
        allow_dtd: true,
        ..ParsingOptions::default()
    };
    Document::parse_with_options(text, options).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn has_class(node: Node<'_, '_>, class: &str) -> bool {
    let classes: Vec<&str> = node
        .attribute("class")
        .map(|c| c.split_whitespace().collect())
        .unwrap_or_default();
    class.split_whitespace().all(|c| classes.contains(&c))
}

/// The texts of the elements of `class` (every word of it) under `node`.
fn texts<'a>(node: Node<'a, 'a>, class: &str) -> Vec<&'a str> {
    node.descendants()
        .filter(|n| has_class(*n, class))
        .map(|n| n.text().unwrap_or(""))
        .collect()
}

/// The numbered line `number`.
fn line<'a>(doc: &'a Document<'a>, number: usize) -> Node<'a, 'a> {
    doc.descendants()
        .find(|n| has_class(*n, "line") && n.attribute("data-number") == Some(&*number.to_string()))
        .unwrap_or_else(|| panic!("no line {number}"))
}

/// The move written in a column of a line, if any.
fn cell<'a>(doc: &'a Document<'a>, number: usize, side: &str) -> Option<&'a str> {
    let found = texts(line(doc, number), &format!("move {side}"));
    assert!(found.len() <= 1);
    found.first().copied().filter(|t| !t.is_empty())
}

/// The text of the element named `data-field="name"`.
fn field(doc: &Document<'_>, name: &str) -> String {
    doc.descendants()
        .find(|n| n.attribute("data-field") == Some(name))
        .map(|n| {
            n.descendants()
                .filter(Node::is_text)
                .filter_map(|d| d.text())
                .collect()
        })
        .unwrap_or_else(|| panic!("no field {name}"))
}

/// What is circled: results and sides.
fn circled<'a>(doc: &'a Document<'a>) -> Vec<&'a str> {
    doc.descendants()
        .filter(|n| has_class(*n, "circled"))
        .filter_map(|n| n.attribute("data-circled"))
        .collect()
}

/// The main-line moves of each game `scoresheet convert` writes: comments, variations,
/// NAGs, move numbers and results left out.
fn converted_games(args: &[&str]) -> Vec<Vec<String>> {
    let out = scoresheet(args, None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
        .split("\n\n")
        .filter(|block| !block.trim().is_empty() && !block.starts_with('['))
        .map(main_line)
        .collect()
}

fn main_line(movetext: &str) -> Vec<String> {
    let mut moves = Vec::new();
    let mut token = String::new();
    let mut depth = 0;
    let mut comment = false;
    let mut flush = |token: &mut String| {
        let t = std::mem::take(token);
        let number =
            t.ends_with('.') && t.trim_end_matches('.').bytes().all(|b| b.is_ascii_digit());
        let result = [
            "1-0", "0-1", "1/2-1/2", "½-½", "*", "2-0", "0-2", "1-1", "0-0",
        ];
        if !t.is_empty() && !number && !t.starts_with('$') && !result.contains(&t.as_str()) {
            moves.push(t);
        }
    };
    for c in movetext.chars() {
        if comment {
            comment = c != '}';
            continue;
        }
        match c {
            '{' => {
                flush(&mut token);
                comment = true;
            }
            '(' => {
                flush(&mut token);
                depth += 1;
            }
            ')' => {
                flush(&mut token);
                depth -= 1;
            }
            c if c.is_whitespace() => flush(&mut token),
            c if depth == 0 => token.push(c),
            _ => {}
        }
    }
    flush(&mut token);
    moves
}

/// Every move of `moves` (from move 1, White first) is in its line and column, and the lines
/// after them hold no move.
fn assert_moves(doc: &Document<'_>, moves: &[String]) {
    for (ply, expected) in moves.iter().enumerate() {
        let number = ply / 2 + 1;
        let side = if ply % 2 == 0 { "white" } else { "black" };
        assert_eq!(
            cell(doc, number, side),
            Some(expected.as_str()),
            "move {number} {side}"
        );
    }
    let next = moves.len() / 2 + 2;
    for number in next..=60 {
        assert_eq!(cell(doc, number, "white"), None, "line {number}");
        assert_eq!(cell(doc, number, "black"), None, "line {number}");
    }
}

const CLUB_GAME: &str = "corpus/fr/club-game.pgn";
const SAMPLE: &str = "corpus/samples/club-games.pgn";
const PDN: &str = "corpus/pdn/variations.pdn";

#[test]
fn a_french_club_game_fills_the_french_sheet() {
    let svg = sheet(&["sheet", CLUB_GAME]);
    let doc = xml(&svg);
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.attribute("width"), Some("210mm"));
    assert_eq!(root.attribute("height"), Some("297mm"));
    assert_eq!(root.attribute("viewBox"), Some("0 0 210 297"));

    // The header of the typed-up sheet, read under its French labels.
    assert_eq!(field(&doc, "event"), "Interclubs Nationale 4 - Poule B");
    assert_eq!(field(&doc, "date"), "17/03/2024");
    assert_eq!(field(&doc, "round"), "5");
    assert_eq!(field(&doc, "board"), "3");
    assert_eq!(field(&doc, "white"), "Martin, Julien");
    assert_eq!(field(&doc, "white-rating"), "1742");
    assert_eq!(field(&doc, "white-club"), "Echiquier Nantais");
    assert_eq!(field(&doc, "black"), "Bernard, Léa");
    assert_eq!(field(&doc, "black-club"), "Tour Rennaise");

    let games = converted_games(&["convert", "--to", "fr", CLUB_GAME]);
    assert_moves(&doc, &games[0]);
    // The seed document's draw offer, `=` after the move, and the clock times noted.
    assert_eq!(cell(&doc, 21, "white"), Some("Cc1="));
    assert_eq!(cell(&doc, 34, "black"), Some("Tc8="));
    assert_eq!(texts(line(&doc, 17), "clock white"), ["1:31:00"]);
    assert_eq!(texts(line(&doc, 17), "clock black"), ["1:12:00"]);
    assert_eq!(texts(line(&doc, 32), "clock black"), ["0:04:00"]);
    assert!(texts(line(&doc, 18), "clock").is_empty());

    // A draw: circled in the box, both names circled, written under the last move.
    assert_eq!(circled(&doc), ["½-½", "white", "black"]);
    assert_eq!(texts(line(&doc, 35), "result white"), ["½-½"]);
    assert_eq!(field(&doc, "result"), "½-½");
    for label in [
        "Compétition",
        "Ronde",
        "Table",
        "Blancs",
        "Noirs",
        "Signature des Noirs",
    ] {
        assert!(svg.contains(&format!(">{label}</text>")), "{label}");
    }
    assert!(svg.contains("à remettre à l’arbitre"));
}

#[test]
fn an_english_sheet_has_english_words_and_san() {
    let svg = sheet(&["sheet", "--lang", "en", CLUB_GAME]);
    let doc = xml(&svg);
    for label in [
        "Event",
        "Round",
        "Board",
        "White",
        "Black",
        "Rating",
        "White’s signature",
    ] {
        assert!(svg.contains(&format!(">{label}</text>")), "{label}");
    }
    for french in ["Ronde", "Blancs", "Signature des"] {
        assert!(!svg.contains(french), "{french}");
    }
    assert_eq!(field(&doc, "date"), "2024-03-17");
    assert_eq!(cell(&doc, 4, "black"), Some("Nc6"));
    assert_eq!(cell(&doc, 9, "black"), Some("bxc1=Q"));
    // The project's English draw offer is the FIDE symbol.
    assert_eq!(cell(&doc, 21, "white"), Some("Nc1 (=)"));
    assert_eq!(cell(&doc, 34, "black"), Some("Rc8 (=)"));
}

#[test]
fn each_game_of_a_file_by_index() {
    let games = converted_games(&["convert", "--to", "fr", SAMPLE]);
    assert_eq!(games.len(), 3);

    let first = sheet(&["sheet", SAMPLE]);
    let doc = xml(&first);
    assert_moves(&doc, &games[0]);
    assert_eq!(field(&doc, "event"), "Club championship");
    assert_eq!(field(&doc, "date"), "14/11/2026");
    assert_eq!(field(&doc, "black-rating"), "1588");
    // `[%clk]` comments give the clock column; the variation and comments stay off the sheet.
    assert_eq!(texts(line(&doc, 1), "clock white"), ["1:30:00"]);
    assert_eq!(texts(line(&doc, 1), "clock black"), ["1:30:00"]);
    assert_eq!(cell(&doc, 21, "black"), Some("Dc7"));
    assert!(!first.contains("Preparing"));
    // Unfinished: nothing circled, nothing written under the moves.
    assert!(circled(&doc).is_empty());
    assert!(texts(doc.root(), "result").is_empty());

    let second = sheet(&["sheet", "--index", "2", SAMPLE]);
    let doc = xml(&second);
    assert_moves(&doc, &games[1]);
    assert_eq!(cell(&doc, 7, "white"), Some("Cd5#"));
    assert_eq!(circled(&doc), ["1-0", "white"]);
    assert_eq!(field(&doc, "white"), "Petit, Anne");
    assert_eq!(texts(line(&doc, 7), "result black"), ["1-0"]);

    let third = sheet(&["sheet", "--index", "3", SAMPLE]);
    assert_moves(&xml(&third), &games[2]);

    // The same error as `show --index` beyond the file: a usage error naming the count.
    let out = scoresheet(&["sheet", "--index", "4", SAMPLE], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("has 3 games"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_draughts_sheet_from_pdn_counts_points() {
    let games = converted_games(&["convert", "--game", "draughts", PDN]);
    let svg = sheet(&["sheet", PDN]);
    let doc = xml(&svg);
    assert_moves(&doc, &games[0]);
    assert_eq!(cell(&doc, 1, "white"), Some("32-28"));
    assert_eq!(texts(doc.root(), "choice"), ["2-0", "1-1", "0-2"]);
    assert_eq!(circled(&doc), ["1-1", "white", "black"]);
    assert_eq!(texts(line(&doc, 3), "clock white"), ["1:30:00"]);
    assert!(svg.contains("Jeu de dames"));
    assert!(!svg.contains("½"));

    let english = sheet(&["sheet", "--game", "draughts", "--lang", "en", "--blank"]);
    assert!(english.contains(">Draughts scoresheet</text>"));
    assert_eq!(texts(xml(&english).root(), "choice"), ["2-0", "1-1", "0-2"]);

    // A won draughts game circles 2-0.
    let capture = sheet(&["sheet", "corpus/pdn/capture-rules.pdn"]);
    assert_eq!(circled(&xml(&capture))[0], "2-0");
}

#[test]
fn a_blank_sheet_has_sixty_empty_numbered_lines() {
    let svg = sheet(&["sheet", "--blank"]);
    let doc = xml(&svg);
    let lines: Vec<Node<'_, '_>> = doc
        .descendants()
        .filter(|n| has_class(*n, "line"))
        .collect();
    assert_eq!(lines.len(), 60);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(texts(*line, "number"), [(i + 1).to_string()]);
        assert!(texts(*line, "move").is_empty() && texts(*line, "clock").is_empty());
    }
    assert!(circled(&doc).is_empty());
    assert_eq!(texts(doc.root(), "choice"), ["1-0", "½-½", "0-1"]);
    assert!(svg.contains(">Feuille de partie — Échecs</text>"));

    let html = sheet(&["sheet", "--blank", "--format", "html", "--lang", "en"]);
    let doc = xml(&html);
    assert_eq!(
        doc.descendants().filter(|n| has_class(*n, "line")).count(),
        60
    );
    assert!(html.contains(">Chess scoresheet</h1>"));

    // A blank sheet reads nothing: a file beside --blank is a usage error.
    let out = scoresheet(&["sheet", "--blank", CLUB_GAME], None);
    assert_eq!(out.status.code(), Some(2));
}

/// A legal game of `moves` moves: the knights go out and back. It is dated before FIDE 9.6 drew
/// a fifth repetition by itself (1 July 2014), so it may go on past one.
fn knights_game(moves: usize) -> String {
    let cycle = [["Nf3", "Nf6"], ["Ng1", "Ng8"]];
    let mut text = String::from(
        "[Date \"2000.01.01\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n\n",
    );
    for n in 0..moves {
        let [w, b] = cycle[n % 2];
        text.push_str(&format!("{}. {w} {b} ", n + 1));
    }
    text.push_str("1/2-1/2\n");
    text
}

#[test]
fn a_long_game_goes_on_to_a_second_page() {
    let dir = scratch("long");
    let input = dir.join("long.pgn");
    std::fs::write(&input, knights_game(65)).unwrap();
    let input = input.to_str().unwrap();
    let svg = dir.join("long.svg");
    let out = scoresheet(&["sheet", input, "-o", svg.to_str().unwrap()], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let first = std::fs::read_to_string(&svg).unwrap();
    let second = std::fs::read_to_string(dir.join("long-2.svg")).unwrap();
    assert!(!dir.join("long-3.svg").exists());
    let (first, second) = (xml(&first), xml(&second));
    assert_eq!(cell(&first, 60, "black"), Some("Cg8"));
    assert_eq!(second.root_element().attribute("data-page"), Some("2"));
    assert_eq!(cell(&second, 61, "white"), Some("Cf3"));
    assert_eq!(cell(&second, 65, "black"), Some("Cf6"));
    assert_eq!(texts(line(&second, 66), "result white"), ["½-½"]);
    assert!(texts(second.root(), "page").contains(&"Page 2/2"));

    // One SVG cannot hold two pages: stdout refuses, HTML takes both.
    let out = scoresheet(&["sheet", input], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--format html"));
    let html = sheet(&["sheet", "--format", "html", input]);
    let doc = xml(&html);
    let pages = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "div" && has_class(*n, "page"))
        .count();
    assert_eq!(pages, 2);
    assert_eq!(cell(&doc, 61, "white"), Some("Cf3"));
    assert!(html.contains("page-break-after: always"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn names_with_markup_are_escaped() {
    let game = "[Event \"Coupe <Loisirs> & \\\"Jeunes\\\"\"]\n[White \"Dupont <&> Fils\"]\n\
                [Black \"O'Neil\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    for format in ["svg", "html"] {
        let out = scoresheet(&["sheet", "--lang", "en", "--format", format], Some(game));
        assert!(out.status.success(), "{}", text(&out.stderr));
        let written = text(&out.stdout);
        assert!(written.contains("Dupont &lt;&amp;&gt; Fils"), "{format}");
        let doc = xml(&written);
        assert_eq!(field(&doc, "event"), "Coupe <Loisirs> & \"Jeunes\"");
        assert_eq!(field(&doc, "white"), "Dupont <&> Fils");
        assert_eq!(field(&doc, "black"), "O'Neil");
        assert_eq!(circled(&doc), ["0-1", "black"]);
        assert_eq!(cell(&doc, 2, "black"), Some("Qh4#"));
    }
}

#[test]
fn html_is_a4_with_the_same_content_as_svg() {
    let dir = scratch("html");
    let path = dir.join("sheet.html");
    // The format comes from the extension.
    let out = scoresheet(
        &["sheet", CLUB_GAME, "-q", "-o", path.to_str().unwrap()],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let html = std::fs::read_to_string(&path).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("@page { size: A4;"));
    let doc = xml(&html);
    assert_eq!(doc.root_element().attribute("lang"), Some("fr"));
    let games = converted_games(&["convert", "--to", "fr", CLUB_GAME]);
    assert_moves(&doc, &games[0]);
    assert_eq!(texts(line(&doc, 17), "clock white"), ["1:31:00"]);
    assert_eq!(field(&doc, "event"), "Interclubs Nationale 4 - Poule B");
    assert_eq!(field(&doc, "black"), "Bernard, Léa");
    assert_eq!(circled(&doc), ["½-½", "white", "black"]);

    let out = scoresheet(&["sheet", CLUB_GAME, "-o", "sheet.pdf"], None);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_illegal_move_is_an_input_error_with_its_diagnostic() {
    let game = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n";
    let out = scoresheet(&["sheet", "-"], Some(game));
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(err.contains("Ke3"), "{err}");
    assert!(err.contains("^^^"), "{err}");
    assert!(err.contains("no sheet written"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_set_up_position_fills_the_lines_of_its_move_numbers() {
    let game = "[SetUp \"1\"]\n[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 75\"]\n[Result \"1-0\"]\n\n\
                75... h6 76. Ra8+ Kh7 77. Kg2 g5 78. Kg3 f5 79. Kh3 g4+ 80. Kh4 f4 81. Ra7+ 1-0\n";
    let out = scoresheet(&["sheet", "-"], Some(game));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let svg = text(&out.stdout);
    let doc = xml(&svg);
    // One page, lines 61 to 120: a game set up at move 75 starts on the page that holds it.
    assert_eq!(texts(line(&doc, 61), "number"), ["61"]);
    assert_eq!(cell(&doc, 75, "white"), None);
    assert_eq!(cell(&doc, 75, "black"), Some("h6"));
    assert_eq!(cell(&doc, 76, "white"), Some("Ta8+"));
    assert_eq!(cell(&doc, 81, "white"), Some("Ta7+"));
    assert_eq!(texts(line(&doc, 81), "result black"), ["1-0"]);
    assert!(!svg.contains("data-number=\"1\""));
}
