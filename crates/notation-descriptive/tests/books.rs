//! The books of `shared/corpus/descriptive/`, as published: every line accounted for, no game
//! shortened without an error, and the Blue Book's games against its transcriber's PGN.

mod common;

use std::path::PathBuf;

use board_core::Notation;
use common::{Rng, SAN, corpus};
use notation_descriptive::book::{self, BookGame, Import, LineClass};
use notation_descriptive::{Descriptive, DescriptivePosition};

/// The books of the folder, or `None` (a note; a failure under `CI`) when it is absent.
fn books() -> Option<Vec<PathBuf>> {
    let dir = corpus::shared("descriptive")?;
    Some(corpus::files(&dir, "txt"))
}

/// A book of the folder, decoded and imported; `None` (a failure under `CI`) when absent.
fn read(name: &str) -> Option<(String, Import)> {
    let bytes = corpus::read(&format!("descriptive/{name}"))?;
    let (decoded, import) = book::read(&bytes, &Descriptive::OLD);
    Some((decoded.text, import))
}

fn san(game: &BookGame) -> Vec<String> {
    let mut pos = game.start.clone();
    game.moves()
        .map(|mv| {
            let token = SAN.to_text(&pos, &mv);
            pos.play_unchecked(mv);
            token
        })
        .collect()
}

/// `true` if the two SAN lines are the same moves (`Nce7` where `Ne7` is enough is the same).
fn same_moves(start: &DescriptivePosition, ours: &[String], theirs: &[&String]) -> bool {
    first_difference(start, ours, theirs).is_none()
}

/// The first ply where the two SAN lines differ as moves from `start` (an odds game's board
/// less its piece), if they differ before either ends.
fn first_difference(
    start: &DescriptivePosition,
    ours: &[String],
    theirs: &[&String],
) -> Option<usize> {
    let mut pos = start.clone();
    for (k, (a, b)) in ours.iter().zip(theirs).enumerate() {
        let mut notes = board_core::Notes::default();
        // `Nce7` where the other knight is pinned: a disambiguation SAN does not need.
        let theirs = SAN.parse(&pos, b, &mut notes).or_else(|e| {
            let mut chars: Vec<char> = b.chars().collect();
            if chars.len() >= 4 && chars[0].is_ascii_uppercase() && chars[1].is_ascii_lowercase() {
                chars.remove(1);
                SAN.parse(&pos, &chars.into_iter().collect::<String>(), &mut notes)
            } else {
                Err(e)
            }
        });
        let (Ok(x), Ok(y)) = (SAN.parse(&pos, a, &mut notes), theirs) else {
            return Some(k);
        };
        if x != y {
            return Some(k);
        }
        pos.play_unchecked(x);
    }
    None
}

#[test]
fn every_line_is_counted_once_and_no_game_is_shortened_silently() {
    let Some(books) = books() else {
        return;
    };
    assert!(books.len() >= 4, "{books:?}");
    for path in books {
        let bytes = std::fs::read(&path).unwrap();
        let (decoded, import) = book::read(&bytes, &Descriptive::OLD);
        let lines = decoded.text.lines().count();
        assert_eq!(import.lines.len(), lines, "{}", path.display());
        assert_eq!(import.tally.total(), lines, "{}", path.display());
        for game in &import.games {
            assert_eq!(
                game.tally.total(),
                game.lines.1 + 1 - game.lines.0,
                "{}",
                path.display()
            );
        }
        let stopped = import.games.iter().filter(|g| !g.complete).count();
        let errors = import
            .diagnostics
            .iter()
            .filter(|d| d.is_error() && d.message.contains("the game stops here"))
            .count();
        // Every game kept short has its error (a run of moves from a diagram has one too).
        assert!(
            stopped <= errors,
            "{}: {stopped} > {errors}",
            path.display()
        );
        // A line not read always has an error that names it.
        assert!(
            import.tally.get(LineClass::NotRead) == 0 || import.errors() > 0,
            "{}",
            path.display()
        );
    }
}

/// The main-line moves of a movetext, read by hand: the transcriber nests braces
/// (`{the Black {K. B.} is brought}`), which PGN does not allow.
fn movetext_tokens(body: &str) -> Vec<String> {
    let mut plain = String::new();
    let (mut braces, mut parens) = (0usize, 0usize);
    for c in body.chars() {
        match c {
            '{' => braces += 1,
            '}' => braces = braces.saturating_sub(1),
            '(' if braces == 0 => parens += 1,
            ')' if braces == 0 => parens = parens.saturating_sub(1),
            c if braces == 0 && parens == 0 => plain.push(c),
            _ => {}
        }
    }
    let mut tokens = Vec::new();
    for token in plain.split_whitespace() {
        if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
            break;
        }
        let token = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if !token.is_empty() && !token.starts_with('$') {
            tokens.push(token.to_owned());
        }
    }
    tokens
}

/// The transcriber's PGN of each `{PGN xx}` game: its main-line tokens. The appendix marks
/// each game with the same `{PGN xx}` line as the text; each is read on its own.
fn oracle(text: &str) -> Vec<(String, Vec<String>)> {
    let appendix = text.find("\n[Event ").expect("the PGN appendix");
    let start = text[..appendix]
        .rfind("{PGN ")
        .expect("the first marker of the appendix");
    let mut games = Vec::new();
    let parts: Vec<&str> = text[start..].split("{PGN ").skip(1).collect();
    for part in parts {
        let (id, pgn) = part.split_once('}').expect("a marker");
        // The movetext, after the tags; the last game runs into the end of the e-book.
        let body = pgn.split("\n[").last().unwrap_or("");
        let body = body.split_once("\n").map_or("", |(_, b)| b);
        games.push((id.to_owned(), movetext_tokens(body)));
    }
    games
}

/// The Blue Book's games that read whole from the book's own tokens and differ from the
/// transcriber's PGN: 20 `P. to K. R's 3d.` (h3, the PGN a3), 24 and 41 `Q. to her Kt's 3d.`
/// (b3, the PGN g3), 42 `K. R. to B's sq.` (Rf8, the PGN Bc5), 59 `Kt. to K's 5th. (ch.)` (Ne5+,
/// the PGN Ng5+), 73 `Q. R. to K. B's sq.` (the PGN Rd8), 81 `K. Kt. to K's 2d.` (Nge2 in the
/// PGN, the other knight in the book).
const BOOK_WINS: [&str; 7] = ["20", "24", "41", "42", "59", "73", "81"];

#[test]
fn the_blue_book_games_equal_the_transcribers_pgn() {
    let Some((text, import)) = read("staunton-blue-book-of-chess-16377.txt") else {
        return;
    };
    let oracle = oracle(&text);
    assert_eq!(oracle.len(), 85);
    let appendix = text.find("\n[Event ").unwrap();
    let index = book::LineIndex::new(&text);
    // The marker of each game in the book's own text, and the game imported after it.
    let mut equal = 0;
    let mut report = Vec::new();
    let mut disagree = Vec::new();
    for (id, expected) in &oracle {
        let marker = format!("{{PGN {id}}}");
        let at = text[..appendix]
            .find(&marker)
            .expect("the marker in the text");
        let line = index.line(at);
        let next = text[at + 1..appendix]
            .find("{PGN ")
            .map_or(usize::MAX, |n| index.line(at + 1 + n));
        let game = import
            .games
            .iter()
            .find(|g| g.lines.0 > line && g.lines.0 < next);
        let ours = game.map(san).unwrap_or_default();
        // `--` closes some of the transcriber's games where the book prints no move.
        let expected: Vec<&String> = {
            let mut e: Vec<&String> = expected.iter().collect();
            while e.last().is_some_and(|t| *t == "--") {
                e.pop();
            }
            e
        };
        let start = game.map_or_else(DescriptivePosition::new, |g| g.start.clone());
        let same = ours.len() == expected.len() && same_moves(&start, &ours, &expected);
        let differs_at = first_difference(&start, &ours, &expected);
        // The book wins where the whole game reads to its printed end and the move that
        // differs is the one move its own token names (no repair, no choice between two).
        let book_wins = !same
            && game.is_some_and(|g| {
                g.complete
                    && ours.len() == expected.len()
                    && differs_at.is_some_and(|k| g.read_as_printed(k))
            });
        if same {
            equal += 1;
        } else if book_wins {
            disagree.push(id.clone());
        } else {
            let k = first_difference(&start, &ours, &expected)
                .unwrap_or_else(|| ours.len().min(expected.len()));
            report.push(format!(
                "{id} (line {line}): {} of {} plies, first difference at ply {} ({:?} vs {:?})",
                ours.len(),
                expected.len(),
                k + 1,
                ours.get(k),
                expected.get(k)
            ));
        }
    }
    eprintln!(
        "Blue Book: {equal} of 85 games equal, {} where the book and the transcriber disagree ({})\n{}",
        disagree.len(),
        disagree.join(", "),
        report.join("\n")
    );
    // Where they disagree the book wins: these games read whole from the book's own tokens,
    // each unambiguous, and differ from the transcriber's PGN at one move (game 59: the book
    // prints `6. Kt. to K's 5th. (ch.)`, Ne5+, the transcriber Ng5+).
    assert_eq!(disagree, BOOK_WINS, "{}", report.join("\n"));
    // The issue asks for 80 of 85, the book winning where it and the transcriber disagree:
    // 77 equal and 7 where the book wins. The odds games 68 (`Remove White Queen's Knight.`)
    // and 80 (`Remove Black's King's Bishop's Pawn`) are equal from the board less the piece
    // removed, which the transcriber's PGN gives in its `[FEN]` too (from the full board its
    // `Rc1` at ply 53 would pass through b1, its `Rxf6` at ply 60 through f7). The last ends
    // on a misprint nothing after
    // confirms (60, `K. takes B.` as the last move). The report above names each game that
    // differs and where.
    assert!(equal >= 77, "{equal} of 85\n{}", report.join("\n"));
    assert!(equal + disagree.len() >= 84, "{equal} + {}", disagree.len());
}

/// The layouts of the issue, each in a small book: a heading right above the first move, the
/// move number repeated in Black's column, a diagram and its caption inside the game, a
/// footnote marker, a note then `6. ... P-QKt4` (placeholder and move one space apart),
/// `Drawn.`
#[test]
fn a_game_goes_on_past_what_books_print_inside_it() {
    let text = "\
GAME 1. RUY LOPEZ
1. P-K4      1. P-K4
2. Kt-KB3    2. Kt-QB3[A]
3. B-Kt5     3. P-QR3
4. B-R4(a)   4. Kt-B3

  | #R |    | #B | #Q | #K | #B |    | #R |
  2 | P P P P . P P P |
WHITE TO PLAY.

5. Castles   5. B-K2
6. R-K1

The usual move.

6. ... P-QKt4
7. B-Kt3     P-Q3
8. P-B3      Castles
Drawn.
";
    let import = book::import(text, &Descriptive::OLD);
    assert_eq!(import.games.len(), 1, "{:?}", import.diagnostics);
    let game = &import.games[0];
    assert!(game.complete);
    assert_eq!(game.moves().count(), 16);
    assert_eq!(game.result.as_str(), "1/2-1/2");
    assert_eq!(game.tag("Opening"), Some("RUY LOPEZ"));
    assert_eq!(import.tally.get(LineClass::Diagram), 3);
    assert_eq!(import.tally.total(), text.lines().count());
    let sans = san(game);
    assert_eq!(sans[8..12], ["O-O", "Be7", "Re1", "b5"]);
}

/// The corpus's Evergreen game, in the book style of the 1850s and in the modern one, equals
/// the SAN the file gives (a book read without tuning: its `## A)` heading has no blank line
/// under it).
#[test]
fn the_evergreen_game_in_both_styles() {
    let Some((text, import)) =
        read("05_evergreen_anderssen-dufresne-1852_two-descriptive-styles.txt")
    else {
        return;
    };
    let known: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("# Known answer"))
        .skip(1)
        .take(3)
        .flat_map(|l| l.trim_start_matches(['#', ' ']).split_whitespace())
        .filter(|t| !t.ends_with('.') && *t != "1-0")
        .collect();
    assert_eq!(known.len(), 47);
    let game = &import.games[0];
    assert_eq!(san(game), known);
}

/// Any bytes: no panic, and the tally still adds up (what the `notation_descriptive` fuzz
/// target checks, here on a fixed seed).
#[test]
fn any_bytes_import_without_panic_and_the_tally_adds_up() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let pieces: [&[u8]; 16] = [
        b"1. P-K4  P-K4\n",
        b"  | #P | #P |\n",
        b"12. ... ",
        b"Kt. to K. B's 3d.",
        b" (ch.)",
        b"[A]",
        b"\r\n",
        b"\xe9\x93",
        b"Resigns.\n",
        b"GAME 2.\n",
        b"{12}",
        b"[Footnote A: ",
        b"]",
        b"  25 P takes P  B to B5",
        b"P. becomes a Queen.",
        b"\n\n",
    ];
    for _ in 0..400 {
        let mut bytes = Vec::new();
        for _ in 0..rng.below(60) {
            if rng.below(4) == 0 {
                bytes.push(rng.next_u64() as u8);
            } else {
                bytes.extend_from_slice(pieces[rng.below(pieces.len())]);
            }
        }
        let (decoded, import) = book::read(&bytes, &Descriptive::OLD);
        assert_eq!(
            import.tally.total(),
            decoded.text.lines().count(),
            "{bytes:?}"
        );
    }
}

/// The `book` examples of `docs/notation/books.md`, each against the `expect` block after it.
#[test]
fn the_examples_of_the_books_page() {
    let page = include_str!("../../../docs/notation/books.md");
    let blocks = testkit::markdown::blocks(page);
    let mut checked = 0;
    for pair in blocks.windows(2) {
        let [(kind, text), (next, expect)] = pair else {
            continue;
        };
        if kind != "book" || next != "expect" {
            continue;
        }
        let import = book::import(text, &Descriptive::OLD);
        let game = &import.games[0];
        let field = |name: &str| {
            expect
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .unwrap_or_else(|| panic!("{name} in {expect}"))
                .trim()
                .to_owned()
        };
        assert_eq!(san(game).join(" "), field("san:"), "{text}");
        assert_eq!(game.result.as_str(), field("result:"), "{text}");
        let lines: Vec<String> = import
            .tally
            .iter()
            .map(|(class, n)| format!("{} {n}", class.name()))
            .collect();
        assert_eq!(lines.join(", "), field("lines:"), "{text}");
        // `games:` and `san N:`, where the example gives several games.
        if let Some(n) = expect.lines().find_map(|l| l.strip_prefix("games:")) {
            assert_eq!(import.games.len().to_string(), n.trim(), "{text}");
        }
        for (k, game) in import.games.iter().enumerate().skip(1) {
            if let Some(moves) = expect
                .lines()
                .find_map(|l| l.strip_prefix(&format!("san {}:", k + 1)))
            {
                assert_eq!(san(game).join(" "), moves.trim(), "{text}");
            }
        }
        // `tags:`, where the example gives them: the game's tags in order.
        if let Some(expected) = expect.lines().find_map(|l| l.strip_prefix("tags:")) {
            let tags: Vec<String> = game.tags.iter().map(|(n, v)| format!("{n}={v}")).collect();
            assert_eq!(tags.join("; "), expected.trim(), "{text}");
        }
        checked += 1;
    }
    assert_eq!(checked, 13);
}

/// Bird's ten game scores of 1892, the five printed in four columns (two halves side by side)
/// included, all read to their end. The last move of Mason-Bird, `30 Q takes Q  B takes P`,
/// fits two captures with no move after it to tell them apart: `B takes P` on Q4 (the queen
/// pinned) is read, `B takes P` on B3 would give the bishop to a pawn; a warning says so.
#[test]
fn birds_ten_game_scores() {
    let Some((text, import)) = read("bird-chess-history-and-reminiscences-4902.txt") else {
        return;
    };
    let plies: Vec<usize> = import.games.iter().map(|g| g.moves().count()).collect();
    assert_eq!(plies, [54, 40, 74, 96, 60, 40, 120, 70, 47, 44]);
    assert!(import.games.iter().all(|g| g.complete));
    assert_eq!(import.errors(), 0);
    assert_eq!(import.tally.get(LineClass::NotRead), 0);
    let mason_bird = &import.games[4];
    assert_eq!(san(mason_bird).last().map(String::as_str), Some("Bxd4"));
    let last = mason_bird
        .repairs
        .iter()
        .find(|r| r.code == board_core::Code::BookLastCapture)
        .expect("the last capture is said");
    assert_eq!(&text[last.span.range()], "B takes P");
}

#[test]
fn a_move_line_whose_number_does_not_follow_is_reported() {
    let text = "1. P-K4      P-K4\n2. Kt-KB3    Kt-QB3\n4. B-B4      B-B4\n";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert_eq!(game.moves().count(), 4);
    let warnings: Vec<&str> = game.repairs.iter().map(|r| r.message.as_str()).collect();
    assert_eq!(
        warnings,
        ["a line numbered 4 where the game's move 3 is next: kept as a note"]
    );
    assert_eq!(import.lines[2], LineClass::Comment);
}

/// A line of capitals inside a game ends it as a heading would; when the moves go on after it,
/// the game was cut short, and the error says so.
#[test]
fn a_game_cut_by_a_line_of_capitals_is_an_error() {
    let text = "1. P-K4      P-K4\n2. Kt-KB3    Kt-QB3\nTHE ATTACK GOES ON\n3. B-B4      B-B4\n4. P-B3      Kt-B3\n";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert_eq!(game.moves().count(), 4);
    assert!(!game.complete);
    let errors: Vec<&str> = import
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        errors,
        [
            "these moves continue the game above at its move 3, after a line that ended it; the game stops here, at move 3"
        ]
    );
    assert_eq!(import.lines[3..], [LineClass::NotRead, LineClass::NotRead]);
}

/// `69. Q. takes Kt.   59. Q. to her 5th.` (the Blue Book, game 19): White's number is a
/// misprint that Black's number on the same line corrects, with a warning.
#[test]
fn a_misprinted_move_number_that_blacks_number_corrects() {
    let text = "1. P-K4      1. P-K4\n2. Kt-KB3    2. Kt-QB3\n8. B-B4      3. B-B4\n";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert_eq!(game.moves().count(), 6);
    assert_eq!(
        game.repairs[0].message,
        "move number 8 printed where 3 belongs (Black's number says 3)"
    );
}

/// A misprint repaired because exactly one legal move keeps the rest of the game legal and
/// keeps most of what was printed (`Kt-KB4` printed, `Kt-KB3` meant: `Kt-KR3` also lets the
/// knight reach KKt5, but keeps less of the square).
#[test]
fn a_misprint_that_one_move_fits_is_repaired() {
    let text = "\
1. P-K4      P-K4
2. Kt-KB4    Kt-QB3
3. B-B4      Kt-B3
4. Kt-Kt5    P-Q4
5. PxP       KtxP
6. KtxBP     KxKt
7. Q-B3ch    K-K3
";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert!(game.complete, "{:?}", import.diagnostics);
    assert_eq!(san(game)[2], "Nf3");
    assert_eq!(
        game.repairs[0].message,
        "Kt-KB4: fits no legal move; read as Kt-KB3, the only legal move that the next 11 moves confirm"
    );
}

/// The position as a text diagram, White in capitals, Black in small letters, `.` for empty.
fn diagram(pos: &DescriptivePosition) -> String {
    use chess_rules::{File, Rank, Square};
    let mut out = String::new();
    for rank in (0..8).rev() {
        out.push_str("    ");
        for file in 0..8 {
            let square = Square::from_coords(File::new(file), Rank::new(rank));
            out.push(pos.chess().piece_at(square).map_or('.', |p| p.char()));
            out.push(' ');
        }
        out.push('\n');
    }
    out
}

/// The property: a game written by the project's own descriptive writer, with
/// diagrams of the position reached, notes (between two moves and between White's move and
/// Black's), footnote markers on moves and page breaks put in at random, still imports whole:
/// the same moves, the game complete, no error.
#[test]
fn a_written_game_imports_whole_past_what_a_book_prints_inside_it() {
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    let notation = Descriptive::OLD;
    for round in 0..40 {
        let mut pos = DescriptivePosition::new();
        let mut text = format!("GAME {}.\n\n", round + 1);
        let mut played = Vec::new();
        let plies = 20 + rng.below(60);
        let markers = ["[A]", "(a)", "(1)", "*"];
        let mut page = 11;
        let mut diagrams = 0;
        for ply in 0..plies {
            let legal: Vec<_> = pos.chess().legal_moves().iter().copied().collect();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.below(legal.len())];
            let mut token = notation.to_text(&pos, &mv);
            if rng.below(8) == 0 {
                token.push_str(markers[rng.below(markers.len())]);
            }
            let number = ply / 2 + 1;
            played.push(SAN.to_text(&pos, &mv));
            pos.play_unchecked(mv);
            if ply % 2 == 0 {
                text.push_str(&format!("{number:>3}. {token:<16}"));
                continue;
            }
            if rng.below(10) == 0 {
                // A note between White's move and Black's, then Black's after `...`.
                text.push_str("\n\nThe best move here, as the books all say.\n\n");
                text.push_str(&format!("{number:>3}. ... "));
            }
            text.push_str(&format!("{token}\n"));
            match rng.below(12) {
                0 => {
                    diagrams += 1;
                    text.push_str(&format!("\n{}WHITE TO PLAY.\n\n", diagram(&pos)));
                }
                1 => text.push_str("\nA quiet move, which leaves Black no better reply.\n\n"),
                2 => {
                    page += 1;
                    text.push_str(&format!("\n\n                              {page}\n\n\n"));
                }
                _ => {}
            }
        }
        if played.len() % 2 == 1 {
            text.push('\n');
        }
        let import = book::import(&text, &notation);
        let errors: Vec<_> = import
            .diagnostics
            .iter()
            .filter(|d| d.severity == board_core::Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{text}\n{errors:?}");
        assert!(
            import.diagnostics.is_empty(),
            "{text}\n{:?}",
            import.diagnostics
        );
        assert_eq!(import.games.len(), 1, "{text}");
        let game = &import.games[0];
        assert!(game.complete, "{text}");
        assert_eq!(san(game), played, "{text}");
        assert_eq!(import.tally.total(), text.lines().count());
        // Each rank of each board and its caption.
        assert_eq!(import.tally.get(LineClass::Diagram), 9 * diagrams, "{text}");
        // Each board equals the position where it is printed, and is marked there.
        assert_eq!(import.diagrams.matched, diagrams, "{text}");
        let markers = game
            .elements
            .iter()
            .filter(|e| matches!(e, book::BookElement::Comment(c) if c == "[#]"))
            .count();
        assert_eq!(markers, diagrams, "{text}");
    }
}

/// Hoyle's endgame studies start from their diagrams: Fig. 13 (`[BLACK TO MOVE AND DRAW.]`,
/// Black's `...  1. Q to B 3: ch.` first) replays from the board printed above it, and Fig. 14,
/// printed between its moves with the "square" of the pawn drawn over the board, equals the
/// position there and is marked `{[#]}`.
#[test]
fn hoyles_endgame_studies_start_from_their_diagrams() {
    let Some((_, import)) = read("hoyles-games-modernized-39445.txt") else {
        return;
    };
    let studies: Vec<&BookGame> = import
        .games
        .iter()
        .filter(|g| g.tag("SetUp") == Some("1"))
        .collect();
    // Fig. 13 and its sequel, Fig. 15, 16, 17, 19 (king and rook, two bishops, bishop and knight).
    assert_eq!(studies.len(), 7, "{:?}", import.diagrams);
    // All read to their printed end, Fig. 16's too, whose last move the book gives two ways
    // (`9. Q mates at Kt sq. or R sq.`): the first square named.
    assert!(
        studies.iter().all(|g| g.complete),
        "{:?}",
        import.diagnostics
    );
    assert_eq!(san(studies[2]).last().map(String::as_str), Some("Qg1#"));
    let fig13 = studies[0];
    assert_eq!(fig13.tag("FEN"), Some("r7/8/q7/8/8/1P5k/1R6/6QK b - - 0 1"));
    assert_eq!(
        san(fig13)[..8],
        [
            "Qc6+", "Qg2+", "Qxg2+", "Rxg2", "Ra1+", "Rg1", "Rxg1+", "Kxg1"
        ]
    );
    let mut pgn = String::new();
    fig13.write_pgn(&SAN, &board_core::Dialect::pgn(), &mut pgn);
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert!(pgn.contains("1... Qc6+ 2. Qg2+"), "{pgn}");
    // Fig. 14, after White's fifth move: the marker, then the note printed under the board,
    // then Black's move.
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("5. Kxg1 {[#]} {Producing the"), "{pgn}");
    assert!(flat.contains("overtake it. Thus--} 5... Kg3"), "{pgn}");
    // The last, mate with bishop and knight, to its printed end.
    assert_eq!(san(studies[6]).last().map(String::as_str), Some("Bb7#"));
    assert_eq!(studies[6].result.as_str(), "1-0");
    assert_eq!(
        (import.diagrams.starts, import.diagrams.differ),
        (7, 0),
        "{:?}",
        import.diagrams
    );
    // Fig. 9, `[POSITION AFTER WHITE'S 19TH MOVE.]`, printed before that move.
    assert!(import.diagrams.matched >= 6, "{:?}", import.diagrams);
}

/// A diagram inside a game that differs from the replayed position is a warning naming the
/// squares (here the book's diagram still has White's knight on f3, which took on e5).
#[test]
fn a_diagram_that_differs_from_the_game_names_the_squares() {
    let text = "\
1. P-K4      P-K4
2. Kt-KB3    Kt-QB3
3. KtxP      KtxKt

    r . b q k b n r
    p p p p . p p p
    . . . . . . . .
    . . . . n . . .
    . . . . P . . .
    . . . . . N . .
    P P P P . P P P
    R N B Q K B . R

4. P-Q4      Kt-Kt3
";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert!(game.complete);
    assert_eq!(import.diagrams.differ, 1);
    assert_eq!(
        game.repairs[0].message,
        "the diagram differs from the game's position where it is printed (move 4, White to play) on 1 squares: f3 (diagram N, game -)"
    );
    assert_eq!(game.repairs[0].span.line_col(text).line, 5);
}

/// Bird's headings: the sentence that says where, when and between whom each game was played
/// gives Event, Date and the players' full names; the column heads (`White  Black` over
/// `MASON  H. E. BIRD`) say who had White, also where the sentence names Black first
/// (`between Messrs. E. A. Robinson and W. L. Harvey`, Harvey with White).
#[test]
fn birds_headings_become_tags() {
    let Some((_, import)) = read("bird-chess-history-and-reminiscences-4902.txt") else {
        return;
    };
    let tags = |k: usize| -> Vec<String> {
        import.games[k]
            .tags
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect()
    };
    assert_eq!(
        tags(0),
        [
            "Event=Masters' Tournament",
            "Date=1892.09.23",
            "White=James Mason",
            "Black=H. E. Bird"
        ]
    );
    // `GAME No. 7.--RUY LOPEZ ATTACK.`, names in four columns.
    assert_eq!(
        tags(3),
        [
            "Round=7",
            "White=Blackburne",
            "Black=Bird",
            "Opening=RUY LOPEZ ATTACK"
        ]
    );
    assert_eq!(tags(8), ["White=R. A. Williams", "Black=Lt. Col. Challice"]);
    assert_eq!(
        tags(9),
        [
            "Event=Championship Tournament (Tie)",
            "Date=1892.09.27",
            "White=W. L. Harvey",
            "Black=E. A. Robinson"
        ]
    );
}

/// The heading forms of the issue in a small book: `X v. Y`, an opening's name on its own
/// line, the players in the column heads, `Drawn.`
#[test]
fn headings_of_each_form_become_tags() {
    let text = "\
GAME No. 20

Mason v. Bird.

Four Knights' Game.

1. P-K4      P-K4
2. Kt-KB3    Kt-QB3
Drawn.

Game played at Vienna, 3rd June, 1873, between Messrs. Steinitz and Blackburne.

     WHITE. (Mr. S.)            BLACK. (Mr. B.)
1. P-K4      P-K4
2. Q-R5      K-K2
3. QxKP mate
";
    let import = book::import(text, &Descriptive::OLD);
    let tags: Vec<Vec<String>> = import
        .games
        .iter()
        .map(|g| g.tags.iter().map(|(n, v)| format!("{n}={v}")).collect())
        .collect();
    assert_eq!(
        tags,
        [
            vec![
                "Round=20",
                "White=Mason",
                "Black=Bird",
                "Opening=Four Knights' Game"
            ],
            vec![
                "Site=Vienna",
                "Date=1873.06.03",
                "White=Steinitz",
                "Black=Blackburne"
            ],
        ]
    );
    assert_eq!(import.games[0].result.as_str(), "1/2-1/2");
    assert_eq!(import.games[1].result.as_str(), "1-0");
}

/// `Moves 1-3 as in Game 1.` and `The first two moves as in the preceding game`: the moves are
/// copied from the game named, and the copy is reported.
#[test]
fn references_copy_the_moves_of_the_game_named() {
    let text = "\
GAME 1. GIUOCO PIANO

1. P-K4      P-K4
2. Kt-KB3    Kt-QB3
3. B-B4      B-B4
4. P-B3      Kt-B3
Drawn.

GAME 2.

Moves 1-3 as in Game 1.

4. Castles   Kt-B3
5. P-Q4      PxP
Drawn.

GAME 3.

The first two moves as in the preceding game.

3. P-Q4      PxP
4. KtxP      Kt-B3
Drawn.
";
    let import = book::import(text, &Descriptive::OLD);
    assert_eq!(import.games.len(), 3, "{:?}", import.diagnostics);
    assert_eq!(
        san(&import.games[1]).join(" "),
        "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 d4 exd4"
    );
    assert_eq!(
        import.games[1].repairs[0].message,
        "moves 1-3 copied from game 1 (lines 3-7), as the book says"
    );
    assert_eq!(
        san(&import.games[2]).join(" "),
        "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6"
    );
    assert!(import.games.iter().all(|g| g.complete));
    assert_eq!(import.errors(), 0);
}

/// Move lines that no game takes and whose start the text does not give (Chess Fundamentals,
/// after an example whose position is a picture) are not read, with one error for the run at
/// its first line; a run written into a sentence, or a line that ends a sentence above it,
/// stays prose.
#[test]
fn move_lines_outside_any_game_are_not_read_with_an_error() {
    let text = "\
Let us go back again.

        4. Q - K 4 ch             K - Kt 1
        5. Q - B 4 ch             K - R 2

  {66} and we have the position of Example 40 with Black to move.

        8. Q - B 4 ch

2...K - B 1; 3 K - B 3, K - K 1; 4 K - K 4, K - Q 1; 5 K - Q 5, K - B 1;
6 K - Q 6.
6 K - Q 3, K - Kt 7; 7 R - Kt 4 ch, K - R 6; 8 K - B 3, K - R 7. It should
";
    let import = book::import(text, &Descriptive::OLD);
    assert!(import.games.is_empty());
    let classes: Vec<&str> = import.lines.iter().map(|c| c.name()).collect();
    assert_eq!(
        classes,
        [
            "prose", "blank", "not-read", "not-read", "blank", "prose", "blank", "not-read",
            "blank", "prose", "prose", "prose"
        ]
    );
    let found: Vec<(&str, usize, usize, &str)> = import
        .diagnostics
        .iter()
        .map(|d| {
            let at = d.span.line_col(text);
            (d.code.as_str(), at.line, at.column, d.message.as_str())
        })
        .collect();
    assert_eq!(
        found,
        [
            (
                "book.moves-without-start",
                3,
                9,
                "moves 4 to 5 (lines 3-4) are not read: they belong to a game whose start is not in the text"
            ),
            (
                "book.moves-without-start",
                8,
                9,
                "move 8 is not read: it belongs to a game whose start is not in the text"
            ),
        ]
    );
    assert!(import.diagnostics.iter().all(|d| d.is_error()));
}

/// A game that copies its first moves from another (`Moves 1-3 as in Game No. 1.`) and
/// prints a board before its own: the board is the position after the copied moves, marked
/// `{[#]}` there when equal, a warning naming the squares when not; never a new start to play
/// the copied moves from.
#[test]
fn a_board_under_a_reference_is_the_position_after_the_copied_moves() {
    let board = |c3: char| {
        format!(
            "    r . b q k . n r\n    p p p p . p p p\n    . . n . . . . .\n    . . b . p . . .\n    . . B . P . . .\n    . . {c3} . . N . .\n    P P P P . P P P\n    R N B Q K . . R\n"
        )
    };
    let text = format!(
        "\
GAME No. 1.--GIUOCO PIANO.

1. P-K4      P-K4
2. Kt-KB3    Kt-QB3
3. B-B4      B-B4
4. Castles   Kt-B3
Drawn.

GAME No. 2.

Moves 1-3 as in Game No. 1.

{}WHITE TO PLAY.

4. P-B3      Kt-B3
5. P-Q4      PxP
Drawn.

GAME No. 3.

Moves 1-3 as in Game No. 1.

{}WHITE TO PLAY.

4. P-Q3      Kt-B3
Drawn.
",
        board('.'),
        board('P')
    );
    let import = book::import(&text, &Descriptive::OLD);
    assert_eq!(import.games.len(), 3, "{:?}", import.diagnostics);
    assert_eq!(import.errors(), 0, "{:?}", import.diagnostics);
    let second = &import.games[1];
    assert_eq!(second.tag("FEN"), None);
    let mut pgn = String::new();
    second.write_pgn(&SAN, &board_core::Dialect::pgn(), &mut pgn);
    assert!(
        pgn.contains("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 {[#]} 4. c3 Nf6 5. d4 exd4 1/2-1/2"),
        "{pgn}"
    );
    assert_eq!(second.diagrams.matched, 1);
    let third = &import.games[2];
    assert_eq!(san(third).join(" "), "e4 e5 Nf3 Nc6 Bc4 Bc5 d3 Nf6");
    assert!(third.complete);
    let differs: Vec<&str> = third
        .repairs
        .iter()
        .filter(|r| r.code.as_str() == "book.diagram-differs")
        .map(|r| r.message.as_str())
        .collect();
    assert_eq!(
        differs,
        [
            "the diagram differs from the game's position where it is printed (move 4, White to play) on 1 squares: c3 (diagram P, game -)"
        ]
    );
    assert_eq!(import.diagrams.starts, 0);
}

/// `Beginning at Black's 7th move.` under a variation's heading copies the moves before that
/// one from the game above, as `Repeat ... up to Black's 7th move` does (the Blue Book, its
/// second game cut short after move 8).
#[test]
fn a_variation_beginning_at_a_move_copies_the_moves_before_it() {
    let text = "\
                           GAME THE SECOND.

             WHITE.                            BLACK.
       1. P. to K's 4th.                  1. P. to K's 4th.
       2. P. to K. B's 4th.               2. P. takes P.
       3. K. Kt. to B's 3d.               3. B. to K's 2d.
       4. K. B. to Q. B's 4th.            4. B. to K. R's 5th. (ch.)
       5. P. to K. Kt's 3d.               5. P. takes P.
       6. Castles.                        6. P. takes P. (ch.)
       7. K. to R's sq.                   7. K. B. to his 3d.
       8. K. Kt. to K's 5th.              8. B. takes Kt. (best)
                               Drawn game.


                                VARIATION,

                    _Beginning at Black's 7th move._

            WHITE.                              BLACK.
                                          7. P. to Q's 4th.
       8. B. takes P.                     8. K. Kt. to B's 3d.
       9. B. takes K. B. P. (ch.)         9. K. takes B.
      10. Kt. takes K. B.                10. K. R. to B's sq.
";
    let import = book::import(text, &Descriptive::OLD);
    assert_eq!(import.games.len(), 2, "{:?}", import.diagnostics);
    assert_eq!(import.errors(), 0, "{:?}", import.diagnostics);
    assert_eq!(
        san(&import.games[1]).join(" "),
        "e4 e5 f4 exf4 Nf3 Be7 Bc4 Bh4+ g3 fxg3 O-O gxh2+ Kh1 d5 Bxd5 Nf6 Bxf7+ Kxf7 Nxh4 Rf8"
    );
    assert_eq!(
        import.games[1].repairs[0].message,
        "moves 1-6 and White's move 7 copied from the game at line 4 (lines 4-12), as the book says"
    );
    assert_eq!(import.tally.get(LineClass::NotRead), 0);
}

/// A note whose sentence goes on into a line that starts with `wins.` (Hoyle's Evans Gambit
/// Declined: `..., B takes R, and` over `wins. Equally bad would be ...`) does not end the
/// game with that word: its own moves after the note are read (`Q P` misprinted there for
/// `P` is written as meant here).
#[test]
fn wins_that_goes_on_a_note_is_no_result() {
    let text = "\
   1. P to K 4                    1. P to K 4
   2. Kt to K B 3                 2. Kt to Q B 3
   3. B to B 4                    3. B to B 4
   4. P to Q Kt 4                 4. B to Kt 3
   5. P to Q R 4

    Not 10. Kt takes R, became of 10. ... B takes P; 11. Q to R 5: ch., K
    to K 2; 12. Q to B 7: ch., Q takes Q; 13. B takes Q, B takes R, and
    wins. Equally bad would be 10. P to K 5, P takes P; 11. Kt takes P, Kt
    takes B; 12. Kt takes Kt, B takes P, and wins.

      ...                         5. P to Q R 3

   6. Castles                     6. P to Q 3
   7. P to B 3                    7. Kt to B 3
   8. P to Q 3
";
    let import = book::import(text, &Descriptive::OLD);
    assert_eq!(import.games.len(), 1, "{:?}", import.diagnostics);
    let game = &import.games[0];
    assert_eq!(
        san(game).join(" "),
        "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bb6 a4 a6 O-O d6 c3 Nf6 d3"
    );
    assert_eq!(game.result.as_str(), "*");
    assert_eq!(import.errors(), 0, "{:?}", import.diagnostics);
}

/// An odds game starts from the initial position less the piece its heading removes.
#[test]
fn odds_games_start_without_the_piece_removed() {
    let text = "\
GAME 5.

(Remove White's Queen's Knight.)

1. P-K4      P-K4
2. Kt-KB3    Kt-QB3
";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert_eq!(
        game.tag("FEN"),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1")
    );
    assert_eq!(game.tag("Event"), None);
    assert_eq!(san(game).join(" "), "e4 e5 Nf3 Nc6");
    let text = "Remove Black's King's Bishop's Pawn from the Board.\n\n1. P-K4      Kt-KB3\n";
    let import = book::import(text, &Descriptive::OLD);
    assert_eq!(
        import.games[0].tag("FEN"),
        Some("rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    );
}

/// `GAME No. 2` (Bird's `GAME No. 7.--RUY LOPEZ ATTACK.`) is a heading: it ends the game above,
/// which printed no result, and gives the next its number.
#[test]
fn a_numbered_game_heading_ends_the_game_above() {
    let text = "\
GAME No. 1

1. P-K4      P-K4
2. Kt-KB3    Kt-QB3

A quiet game, left unfinished.

GAME No. 2.--RUY LOPEZ.

1. P-K4      P-K4
2. Kt-KB3    Kt-QB3
3. B-Kt5
";
    let import = book::import(text, &Descriptive::OLD);
    assert_eq!(import.games.len(), 2, "{:?}", import.diagnostics);
    assert_eq!(import.games[1].tag("Round"), Some("2"));
    assert_eq!(import.games[1].tag("Opening"), Some("RUY LOPEZ"));
    assert_eq!(import.lines[7], LineClass::Heading);
}

/// Every game and line of Hoyle's chess part that is printed as move lines reads to its
/// printed end: the notes' moves stay notes (an unended sentence, an open parenthesis), the
/// numbers that run one ahead are followed, `1. P to K` lost its rank, `3. P to Q B` is told by
/// the capture after it, and `9. Q mates at Kt sq. or R sq.` names its square. Its openings
/// printed as fractions, side by side, are lines of play of their own (25 more games), each
/// starting from the game its reference or heading names (`Repeat Second Variation up to
/// White's ninth move inclusive.`), with the move the words give between (`Should Black play,
/// instead of 8. ... Kt to K 2, 8. ... Kt to Kt 5`).
#[test]
fn hoyles_games_read_to_their_printed_ends() {
    let Some((_, import)) = read("hoyles-games-modernized-39445.txt") else {
        return;
    };
    let stopped: Vec<usize> = import
        .games
        .iter()
        .filter(|g| !g.complete)
        .map(|g| g.lines.0)
        .collect();
    // The Evans Gambit Declined's own `... 5. Q P to R 3` (after a long note whose variations
    // it quotes) fits no legal move; P-QR3 and P-KR3 come as close, and the queen's pawn
    // named says which wing: P-QR3.
    assert!(stopped.is_empty(), "{stopped:?} {:?}", import.diagnostics);
    // The Cunningham Gambit's line, whose first three moves the book gives in prose only
    // (`The opening moves are: 1. P to K 4, P to K 4; ...`), starts from them: no errors.
    assert_eq!(import.games.len(), 62);
    assert!(
        !import.diagnostics.iter().any(|d| d.is_error()),
        "{:?}",
        import.diagnostics
    );
    assert_eq!(import.tally.get(LineClass::NotRead), 0);
    assert!(import.notes.variations >= 40, "{:?}", import.notes);
}

/// A tie between two repairs that the piece's wing settles: `Q P to R 3` (Hoyle) names the
/// queen's side once, for the square too; P-QR3 and P-KR3 both keep the game legal, and
/// P-QR3 is read, with the reason in the repair.
#[test]
fn a_tie_between_repairs_goes_to_the_wing_the_piece_is_named_after() {
    let text = "\
1. P-K4      P-K4
2. Kt-KB3    Kt-QB3
3. B-Kt5     QP-R3
4. B-R4      Kt-B3
5. Castles   B-K2
";
    let import = book::import(text, &Descriptive::OLD);
    let game = &import.games[0];
    assert!(game.complete, "{:?}", import.diagnostics);
    assert_eq!(san(game)[5], "a6");
    assert_eq!(
        game.repairs[0].message,
        "QP-R3: fits no legal move; read as P-QR3, the only legal move that the next 4 moves \
         confirm on the wing the piece is named after (the square printed names none)"
    );
}

/// Hoyle's Cunningham Defence: the opening moves given only in a sentence above the game's
/// move lines, which go on from move 4, are the game's start.
const SPOKEN: &str = "\
THE CUNNINGHAM GAMBIT.

The opening moves are: 1. P to K 4, P to K 4; 2. P to K B 4, P
takes P; 3. Kt to K B 3, B to K 2. This defence is less favourable.

      WHITE.                         BLACK.
   4. B to B 4                    4. B to R 5: ch.
   5. K to B sq.                  5. P to Q 4
";

#[test]
fn an_opening_given_in_a_sentence_starts_the_game_after_it() {
    let import = book::import(SPOKEN, &Descriptive::OLD);
    assert_eq!(import.games.len(), 1, "{:?}", import.diagnostics);
    let game = &import.games[0];
    assert!(game.complete, "{:?}", import.diagnostics);
    assert_eq!(san(game).join(" "), "e4 e5 f4 exf4 Nf3 Be7 Bc4 Bh4+ Kf1 d5");
    assert_eq!(
        game.repairs[0].message,
        "moves 1-3 as the sentence before them gives them: 1. P to K 4, P to K 4; 2. P to K B \
         4, P takes P; 3. Kt to K B 3, B to K 2."
    );
    assert_eq!(import.tally.get(LineClass::NotRead), 0);
    let mut pgn = String::new();
    game.write_pgn(&SAN, &board_core::Dialect::pgn(), &mut pgn);
    assert!(pgn.contains("3. Nf3 Be7 {1. P to K 4"), "{pgn}");
}

/// A sentence whose run does not replay, or stops short of the game's first number, gives
/// nothing: the move lines stay without their start.
#[test]
fn an_opening_sentence_that_does_not_fit_changes_nothing() {
    for text in [
        SPOKEN.replace("B to K 2.", "B to K 5."),
        SPOKEN.replace("; 3. Kt to K B 3, B to K 2", ""),
    ] {
        let import = book::import(&text, &Descriptive::OLD);
        assert!(import.games.is_empty(), "{text}");
        assert_eq!(import.tally.get(LineClass::NotRead), 2, "{text}");
    }
}

/// The Blue Book prints its notes as footnotes after a game, each marked at its move
/// (`27. Q. R. to Q. B's 2d.[C]`): each now follows that move. They all followed the game's
/// last move, the markers gone, so no note could be told from another's move (a new user on
/// the book's second game). A footnote's moves stay its text: it may speak of either side's
/// move of the number it gives.
#[test]
fn the_blue_books_footnotes_follow_the_moves_they_are_marked_at() {
    let Some((_, import)) = read("staunton-blue-book-of-chess-16377.txt") else {
        return;
    };
    let written: Vec<String> = import
        .games
        .iter()
        .map(|game| {
            let mut pgn = String::new();
            game.write_pgn(&SAN, &board_core::Dialect::pgn(), &mut pgn);
            pgn.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .collect();
    let game = written
        .iter()
        .find(|pgn| pgn.contains("[Footnote C: Taking the Pawn would have been injudicious"))
        .expect("the game with the footnote");
    for (after, note) in [
        ("15. Qe2 g5", "{[Footnote A: Very imprudent"),
        ("25. Nxc7", "{[Footnote B: Perfectly sound"),
        ("27. exd5 Rc7", "{[Footnote C: Taking the Pawn"),
        ("33. Nxe7+ Kg7", "{[Footnote E: Had he taken the Knight"),
    ] {
        assert!(game.contains(&format!("{after} {note}")), "{after}: {game}");
    }
    assert!(!game.contains("(27. Qxa6)"), "{game}");
    assert!(
        game.ends_with("35. Nxd6 {And Black cannot possibly save the game.} *"),
        "{game}"
    );
}
