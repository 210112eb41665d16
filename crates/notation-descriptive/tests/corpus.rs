//! Real descriptive texts with known answers: the seed document's Spanish game, the Evergreen
//! game in two styles, and Chernev's endings as ostinato transcribed them.

mod common;

use board_core::{Notation, Notes};
use chess_rules::Position;
use common::{SAN, convert, shared_file, to_san};
use notation_descriptive::{Descriptive, DescriptivePosition};
use notation_en::{Algebraic, PieceLetters};

/// French algebraic letters, to write the seed's algebraic side as it prints it.
const FRENCH_SAN: Algebraic = Algebraic::with_letters(PieceLetters::FRENCH);

/// The example of the seed document: "1. P-R4 P-R4 2. C-FR3 C-FD3 3. F-CD5" is "1. e4 e5 2. Cf3
/// Cc6 3. Fb5".
#[test]
fn seed_spanish_game_converts_exactly_both_ways() {
    let descriptive = "1. P-R4 P-R4 2. C-FR3 C-FD3 3. F-CD5 *";
    let algebraic = "1. e4 e5 2. Cf3 Cc6 3. Fb5 *";
    let french = notation_descriptive::Tracked(FRENCH_SAN);
    assert_eq!(
        convert(descriptive, &Descriptive::FRENCH, &french).unwrap(),
        algebraic
    );
    assert_eq!(
        convert(algebraic, &french, &Descriptive::FRENCH).unwrap(),
        descriptive
    );
    // The same game in English SAN, and in the older French form.
    assert_eq!(
        convert(descriptive, &Descriptive::FRENCH, &SAN).unwrap(),
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 *"
    );
    assert_eq!(
        convert(descriptive, &Descriptive::FRENCH, &Descriptive::FRENCH_FIDE).unwrap(),
        "1. P4R P4R 2. C3FR C3FD 3. F5CD *"
    );
    // Black's first move is written like White's and lands elsewhere.
    let pos = DescriptivePosition::new();
    let mut notes = Notes::default();
    let e4 = Descriptive::FRENCH.parse(&pos, "P-R4", &mut notes).unwrap();
    let mut after = pos.clone();
    after.play_unchecked(e4);
    let e5 = Descriptive::FRENCH
        .parse(&after, "P-R4", &mut notes)
        .unwrap();
    assert_eq!(
        (e4.to_string(), e5.to_string()),
        ("e2e4".into(), "e7e5".into())
    );
}

/// The SAN of the Evergreen game as the corpus file gives it.
fn evergreen_san(text: &str) -> Vec<String> {
    let known: String = text
        .lines()
        .skip_while(|l| !l.starts_with("# Known answer"))
        .skip(1)
        .take_while(|l| l.starts_with("#  "))
        .map(|l| l.trim_start_matches('#'))
        .collect::<Vec<_>>()
        .join(" ");
    known
        .split_whitespace()
        .filter(|t| !t.ends_with('.') && *t != "1-0")
        .map(str::to_owned)
        .collect()
}

#[test]
fn evergreen_modern_style_gives_the_known_san() {
    let Some(text) =
        shared_file("descriptive/05_evergreen_anderssen-dufresne-1852_two-descriptive-styles.txt")
    else {
        return;
    };
    let known = evergreen_san(&text);
    assert_eq!(known.len(), 47);
    let section: String = text
        .lines()
        .skip_while(|l| *l != "## A)")
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .collect::<Vec<_>>()
        .join("\n");
    let converted = convert(&format!("{section} 1-0"), &Descriptive::MODERN, &SAN).unwrap();
    let moves: Vec<&str> = converted
        .split_whitespace()
        .filter(|t| !t.ends_with('.') && !t.starts_with('$') && *t != "1-0")
        .collect();
    assert_eq!(moves, known);

    // Written back from SAN, the modern style is the book's text but for the double check,
    // which the writer marks `ch` like any check.
    let record: Vec<String> = known
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
        .collect();
    let written = convert(
        &format!("{} 1-0", record.join(" ")),
        &SAN,
        &Descriptive::MODERN,
    )
    .unwrap();
    let book: String = section
        .split_whitespace()
        .map(|t| t.trim_end_matches(['!', '?']).replace("dblch", "ch"))
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(written, format!("{book} 1-0"));
}

#[test]
fn evergreen_old_style_gives_the_known_san() {
    let Some(text) =
        shared_file("descriptive/05_evergreen_anderssen-dufresne-1852_two-descriptive-styles.txt")
    else {
        return;
    };
    let known = evergreen_san(&text);
    let list = text
        .lines()
        .find(|l| l.starts_with("#P–K4"))
        .expect("the wikitext list");
    // One move per `#` item, both sides: `#P–K4 P–K4 #Kt–KB3 Kt–QB3 ...`.
    let tokens: Vec<&str> = list.split('#').flat_map(str::split_whitespace).collect();
    assert_eq!(tokens.len(), 47);
    let start = DescriptivePosition::new();
    assert_eq!(to_san(&start, &tokens, &Descriptive::OLD), known);
    // No repair: `Castles`, `R–K.Sq.`, `B×KtP`, `+`, `++` are all the notation's own.
    let line = notation_descriptive::read_line(&start, &tokens, &Descriptive::OLD).unwrap();
    assert!(line.iter().all(|m| m.notes.repairs.is_empty()));
}

/// Chernev's endings: a set-up position, descriptive moves, and ostinato's expected algebraic
/// with the caveats of the corpus file applied (standard SAN disambiguation, no `e.p.`).
#[test]
fn chernev_endings_give_the_expected_algebraic() {
    let Some(text) = shared_file("descriptive/04_ostinato_chernev-practical-chess-endings.txt")
    else {
        return;
    };
    let corrections: [(&str, &[(&str, &str)]); 2] = [
        ("85", &[("bxa3e.p.", "bxa3")]),
        (
            "296",
            &[
                ("Ra5", "Rha5"),
                ("Ra6+", "R8a6+"),
                ("Rg6", "Rgg6"),
                ("Rc6", "Rac6"),
            ],
        ),
    ];
    let mut games = 0;
    for block in text.split("## Chernev Game ").skip(1) {
        let number = block.split_whitespace().next().unwrap_or("");
        let corrections = corrections
            .iter()
            .find(|(game, _)| *game == number)
            .map_or(&[][..], |(_, c)| *c);
        let fen = block
            .lines()
            .find_map(|l| l.strip_prefix("FEN: "))
            .expect("a FEN");
        let expected: Vec<String> = block
            .lines()
            .find_map(|l| l.strip_prefix("EXPECTED (ostinato): "))
            .expect("an answer")
            .split_whitespace()
            .map(|t| {
                let t = t.trim_end_matches(['!', '?']);
                corrections
                    .iter()
                    .find(|(from, _)| *from == t)
                    .map_or(t, |(_, to)| to)
                    .to_owned()
            })
            .collect();
        let movetext: String = block
            .lines()
            .skip_while(|l| !l.starts_with("FEN: "))
            .skip(1)
            .take_while(|l| !l.starts_with("EXPECTED"))
            .collect::<Vec<_>>()
            .join(" ");
        let record = format!("[FEN \"{fen}\"]\n\n{movetext} *");
        let converted = convert(&record, &Descriptive::OLD, &SAN)
            .unwrap_or_else(|e| panic!("game {number}: {e:?}"));
        let moves: Vec<&str> = converted
            .split_whitespace()
            .filter(|t| !t.ends_with('.') && !t.starts_with('$') && *t != "*")
            .collect();
        assert_eq!(moves, expected, "game {number}");
        let _ = fen.parse::<Position>().unwrap();
        games += 1;
    }
    assert_eq!(games, 4);
}

/// The other sentences of the seed document, one assertion each.
#[test]
fn seed_sentences() {
    let french = &Descriptive::FRENCH;
    let read = |pos: &DescriptivePosition, token: &str| {
        let mut notes = Notes::default();
        let mv = french
            .parse(pos, token, &mut notes)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        assert!(notes.repairs.is_empty(), "{token}: {:?}", notes.repairs);
        mv
    };
    // « « C-FR3 » vaut Cf3 pour les Blancs, Cf6 pour les Noirs. »
    let start = DescriptivePosition::new();
    assert_eq!(read(&start, "C-FR3").to_string(), "g1f3");
    let mut black = start.clone();
    black.play_unchecked(read(&start, "P-R4"));
    assert_eq!(read(&black, "C-FR3").to_string(), "g8f6");
    // « Pour les Noirs, la rangée 1 est la rangée 8 algébrique, la rangée 4 est la rangée 5. »
    assert_eq!(read(&black, "P-D4").to_string(), "d7d5");
    // « « T×F » signifie que la tour prend le fou, sans préciser la case si un seul
    // enchaînement est possible. »
    let one = DescriptivePosition::from_position(
        "4k3/8/8/1b6/8/8/8/1R2K3 w - - 0 1"
            .parse::<Position>()
            .unwrap(),
    );
    assert_eq!(read(&one, "T×F").to_string(), "b1b5");
    let two = DescriptivePosition::from_position(
        "4k3/8/8/1b6/8/8/K7/1R5b w - - 0 1"
            .parse::<Position>()
            .unwrap(),
    );
    let err = french
        .parse(&two, "T×F", &mut Notes::default())
        .unwrap_err();
    assert_eq!(err.candidates, ["T×F/CD5", "T×F/TR1"]);
    // « Le roque s'écrit comme en algébrique : O-O pour le petit roque et O-O-O pour le grand. »
    let castling = DescriptivePosition::from_position(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
            .parse::<Position>()
            .unwrap(),
    );
    assert_eq!(read(&castling, "O-O").to_string(), "e1g1");
    assert_eq!(read(&castling, "O-O-O").to_string(), "e1c1");
    let written: Vec<String> = castling
        .chess()
        .castling_moves()
        .iter()
        .map(|mv| french.to_text(&castling, mv))
        .collect();
    assert_eq!(written.len(), 2);
    assert!(written.contains(&"O-O".to_owned()) && written.contains(&"O-O-O".to_owned()));
    // « L'échec et le mat utilisent également les mêmes signes » : `+` and `#`.
    let fools = DescriptivePosition::from_position(
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"
            .parse::<Position>()
            .unwrap(),
    );
    let mate = read(&fools, "D-TR5#");
    assert_eq!(french.to_text(&fools, &mate), "D-TR5#");
    assert_eq!(SAN.to_text(&fools, &mate), "Qh4#");
    let check = DescriptivePosition::from_position(
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
            .parse::<Position>()
            .unwrap(),
    );
    let rook = read(&check, "T-TD8+");
    assert_eq!(french.to_text(&check, &rook), "T-TD8+");
}
