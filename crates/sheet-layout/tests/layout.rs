//! The sheets as documents: SVG and XHTML that parse, A4, and every value in its place.

use roxmltree::{Document, Node};
use sheet_layout::{GameKind, HalfMove, Language, Outcome, Sheet};

/// An HTML sheet read as XHTML (its `<!DOCTYPE html>` allowed).
fn xhtml(text: &str) -> Document<'_> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    Document::parse_with_options(text, options).unwrap()
}

fn game_sheet(language: Language) -> Sheet {
    let mut sheet = Sheet::new(language, GameKind::Chess);
    sheet.header.event = "Open <de> Cannes & co".into();
    sheet.header.date = "17/03/2024".into();
    sheet.header.round = "5".into();
    sheet.header.board = "12".into();
    sheet.header.white.name = "Martin, Julien".into();
    sheet.header.white.rating = "1742".into();
    sheet.header.white.club = "Echiquier Nantais".into();
    sheet.header.black.name = "Bernard, \"Léa\"".into();
    sheet.header.black.rating = "1688".into();
    sheet.header.black.club = "Tour Rennaise".into();
    sheet.set_white(1, HalfMove::new("e4").with_clock("1:29:50"));
    sheet.set_black(1, HalfMove::new("e5").with_clock("1:29:40"));
    sheet.set_white(2, HalfMove::new("Cf3").with_draw_offer());
    sheet.result = Some(Outcome::BlackWins);
    sheet
}

/// The texts of the elements of `class` (all of its words) under `node`.
fn texts<'a>(node: Node<'a, 'a>, class: &str) -> Vec<&'a str> {
    node.descendants()
        .filter(|n| has_class(*n, class))
        .map(|n| n.text().unwrap_or(""))
        .collect()
}

fn has_class(node: Node<'_, '_>, class: &str) -> bool {
    let classes: Vec<&str> = node
        .attribute("class")
        .map(|c| c.split_whitespace().collect())
        .unwrap_or_default();
    class.split_whitespace().all(|c| classes.contains(&c))
}

fn line<'a>(doc: &'a Document<'a>, number: u32) -> Node<'a, 'a> {
    doc.descendants()
        .find(|n| has_class(*n, "line") && n.attribute("data-number") == Some(&*number.to_string()))
        .unwrap_or_else(|| panic!("no line {number}"))
}

/// The text of the element with `data-field="name"`, nested elements included.
fn field(doc: &Document<'_>, name: &str) -> Option<String> {
    doc.descendants()
        .find(|n| n.attribute("data-field") == Some(name))
        .map(|n| {
            n.descendants()
                .filter(Node::is_text)
                .filter_map(|d| d.text())
                .collect()
        })
}

#[test]
fn svg_is_an_a4_page_with_every_value_in_its_box() {
    let sheet = game_sheet(Language::French);
    let pages = sheet.to_svg_pages();
    assert_eq!(pages.len(), 1);
    let doc = Document::parse(&pages[0]).unwrap();
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.attribute("width"), Some("210mm"));
    assert_eq!(root.attribute("height"), Some("297mm"));
    assert_eq!(root.attribute("viewBox"), Some("0 0 210 297"));
    assert_eq!(
        field(&doc, "event").as_deref(),
        Some("Open <de> Cannes & co")
    );
    assert_eq!(field(&doc, "black").as_deref(), Some("Bernard, \"Léa\""));
    assert_eq!(field(&doc, "white-rating").as_deref(), Some("1742"));
    assert_eq!(field(&doc, "black-club").as_deref(), Some("Tour Rennaise"));
    assert_eq!(field(&doc, "board").as_deref(), Some("12"));

    assert_eq!(texts(line(&doc, 1), "move white"), ["e4"]);
    assert_eq!(texts(line(&doc, 1), "move black"), ["e5"]);
    assert_eq!(texts(line(&doc, 1), "clock white"), ["1:29:50"]);
    assert_eq!(texts(line(&doc, 1), "clock black"), ["1:29:40"]);
    assert_eq!(texts(line(&doc, 2), "move white"), ["Cf3="]);
    // The result under the last move, in the first free cell.
    assert_eq!(texts(line(&doc, 2), "result black"), ["0-1"]);
    assert_eq!(texts(line(&doc, 60), "number"), ["60"]);

    let circled: Vec<&str> = doc
        .descendants()
        .filter(|n| has_class(*n, "circled"))
        .filter_map(|n| n.attribute("data-circled"))
        .collect();
    assert_eq!(circled, ["0-1", "black"]);
    assert_eq!(field(&doc, "result").as_deref(), Some("0-1"));
    for label in [
        "Compétition",
        "Ronde",
        "Table",
        "Blancs",
        "Noirs",
        "Signature des Blancs",
    ] {
        assert!(pages[0].contains(&format!(">{label}</text>")), "{label}");
    }
}

#[test]
fn english_sheets_have_english_words_and_the_fide_draw_offer() {
    let sheet = game_sheet(Language::English);
    let svg = &sheet.to_svg_pages()[0];
    let doc = Document::parse(svg).unwrap();
    for label in [
        "Event",
        "Round",
        "Board",
        "White",
        "Black",
        "Rating",
        "Black’s signature",
    ] {
        assert!(svg.contains(&format!(">{label}</text>")), "{label}");
    }
    assert!(!svg.contains("Ronde"));
    assert_eq!(texts(line(&doc, 2), "move white"), ["Cf3 (=)"]);
    assert_eq!(doc.root_element().attribute("lang"), Some("en"));
}

#[test]
fn a_draw_circles_both_names_and_draughts_print_points() {
    let mut sheet = Sheet::new(Language::French, GameKind::Draughts);
    sheet.header.white.name = "A".into();
    sheet.header.black.name = "B".into();
    sheet.set_white(1, HalfMove::new("32-28").with_draw_offer());
    sheet.result = Some(Outcome::Draw);
    let svg = &sheet.to_svg_pages()[0];
    let doc = Document::parse(svg).unwrap();
    let choices: Vec<&str> = texts(doc.root(), "choice");
    assert_eq!(choices, ["2-0", "1-1", "0-2"]);
    let circled: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-circled"))
        .collect();
    assert_eq!(circled, ["1-1", "white", "black"]);
    // `=` is an analysis sign in draughts: the offer is written with the FIDE symbol.
    assert_eq!(texts(line(&doc, 1), "move white"), ["32-28 (=)"]);
    assert!(svg.contains("Jeu de dames"));
}

#[test]
fn a_blank_sheet_has_sixty_empty_numbered_lines() {
    let sheet = Sheet::new(Language::French, GameKind::Chess);
    let svg = &sheet.to_svg_pages()[0];
    let doc = Document::parse(svg).unwrap();
    let lines: Vec<Node<'_, '_>> = doc
        .descendants()
        .filter(|n| has_class(*n, "line"))
        .collect();
    assert_eq!(lines.len(), 60);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(texts(*line, "number"), [(i + 1).to_string()]);
        assert!(texts(*line, "move").is_empty());
    }
    assert!(doc.descendants().all(|n| !has_class(n, "circled")));
}

#[test]
fn a_long_game_goes_on_to_a_second_page() {
    let mut sheet = Sheet::new(Language::English, GameKind::Chess);
    for n in 1..=70 {
        sheet.set_white(n, HalfMove::new(format!("w{n}")));
        sheet.set_black(n, HalfMove::new(format!("b{n}")));
    }
    sheet.result = Some(Outcome::Draw);
    let pages = sheet.to_svg_pages();
    assert_eq!(pages.len(), 2);
    let second = Document::parse(&pages[1]).unwrap();
    assert_eq!(second.root_element().attribute("data-page"), Some("2"));
    assert_eq!(texts(line(&second, 61), "move white"), ["w61"]);
    assert_eq!(texts(line(&second, 70), "move black"), ["b70"]);
    assert_eq!(texts(line(&second, 71), "result white"), ["½-½"]);
    assert!(pages[1].contains(">Page 2/2</text>"));

    let html = sheet.to_html();
    let doc = xhtml(&html);
    let page_divs = doc
        .descendants()
        .filter(|n| has_class(*n, "page") && n.tag_name().name() == "div")
        .count();
    assert_eq!(page_divs, 2);
    assert_eq!(texts(line(&doc, 61), "move white"), ["w61"]);
    assert!(html.contains("break-after: page"));
}

#[test]
fn html_is_well_formed_a4_with_the_same_content() {
    let sheet = game_sheet(Language::French);
    let html = sheet.to_html();
    assert!(html.contains("@page { size: A4; margin: 10mm; }"));
    let doc = xhtml(&html);
    assert_eq!(doc.root_element().attribute("lang"), Some("fr"));
    assert_eq!(
        field(&doc, "event").as_deref(),
        Some("Open <de> Cannes & co")
    );
    assert_eq!(texts(line(&doc, 1), "move white"), ["e4"]);
    assert_eq!(texts(line(&doc, 1), "clock black"), ["1:29:40"]);
    assert_eq!(texts(line(&doc, 2), "move white"), ["Cf3="]);
    assert_eq!(texts(line(&doc, 2), "result"), ["0-1"]);
    let lines = doc.descendants().filter(|n| has_class(*n, "line")).count();
    assert_eq!(lines, 60);
    let circled: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-circled"))
        .collect();
    assert_eq!(circled, ["0-1", "black"]);
}

#[test]
fn a_double_forfeit_is_written_but_circles_no_name() {
    let mut sheet = Sheet::new(Language::French, GameKind::Chess);
    sheet.header.white.name = "A".into();
    sheet.result = Some(Outcome::BothLose);
    let doc_text = &sheet.to_svg_pages()[0];
    let doc = Document::parse(doc_text).unwrap();
    let circled: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-circled"))
        .collect();
    assert_eq!(circled, ["0-0"]);
}

#[test]
fn a_game_set_up_late_starts_on_the_page_of_its_first_move() {
    let mut sheet = Sheet::new(Language::French, GameKind::Chess);
    sheet.set_black(75, HalfMove::new("Rg7"));
    sheet.set_white(76, HalfMove::new("Th1#"));
    sheet.result = Some(Outcome::WhiteWins);
    let pages = sheet.to_svg_pages();
    assert_eq!(pages.len(), 1);
    let doc = Document::parse(&pages[0]).unwrap();
    assert_eq!(texts(line(&doc, 61), "number"), ["61"]);
    assert_eq!(texts(line(&doc, 75), "move black"), ["Rg7"]);
    assert_eq!(texts(line(&doc, 76), "result black"), ["1-0"]);
    assert!(!pages[0].contains("Page 1/"));

    // The largest move number a record can carry: one page, no overflow.
    let mut sheet = Sheet::new(Language::English, GameKind::Chess);
    sheet.set_black(u32::MAX, HalfMove::new("Kg7"));
    sheet.result = Some(Outcome::Draw);
    assert_eq!(sheet.pages(), 1);
    assert_eq!(sheet.to_svg_pages().len(), 1);
    assert!(sheet.to_html().contains("Kg7"));
}

/// The font size an element's `style` sets, in points.
fn font_size(node: Node<'_, '_>) -> Option<f32> {
    node.attribute("style")?
        .strip_prefix("font-size: ")?
        .strip_suffix("pt")?
        .parse()
        .ok()
}

#[test]
fn html_shrinks_long_names_into_their_boxes_as_svg_does() {
    let mut sheet = game_sheet(Language::French);
    sheet.header.event =
        "Championnat de France des clubs, Nationale 4, poule B, huitième ronde".into();
    sheet.header.white.name = "de la Bourdonnais-Montmorency, Louis-Charles Mahé".into();
    sheet.header.black.club = "Cercle d'échecs de la Tour Rennaise et du Pays de Vilaine".into();
    let long_name = "Wolfgang Amadeus Theophilus Mozart-Habsburg von und zu Salzburg-Vienna, Jr.";
    sheet.header.black.name = long_name.into();
    let html = sheet.to_html();
    let doc = xhtml(&html);
    let element = |name: &str| {
        doc.descendants()
            .find(|n| n.attribute("data-field") == Some(name))
            .unwrap()
    };
    for name in ["event", "white", "black-club"] {
        let size = font_size(element(name)).unwrap_or_else(|| panic!("{name} is shrunk"));
        assert!((6.0..10.0).contains(&size), "{name}: {size}pt");
        assert!(!has_class(element(name), "wrap"), "{name} fits on one line");
    }
    // Too long for one line at the smallest size: it wraps in its box, nothing cut.
    assert!(has_class(element("black"), "wrap"));
    assert_eq!(font_size(element("black")), Some(6.0));
    assert_eq!(field(&doc, "black").as_deref(), Some(long_name));
    // Short values keep the sheet's size.
    assert_eq!(font_size(element("date")), None);
    assert_eq!(font_size(element("white-club")), None);
}
