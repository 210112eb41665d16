//! Perft counts against published numbers: the six standard positions written here, and the
//! EPD-style files of `../shared/corpus/perft/` when present.

use chess_rules::{Position, perft};

/// The published counts of the six standard positions (chessprogramming wiki), to the depth a
/// debug test run can afford; the deeper counts run in the ignored test below.
const STANDARD: [(&str, &[u64]); 6] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8902, 197_281, 4_865_609, 119_060_324],
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
        &[48, 2039, 97_862, 4_085_603, 193_690_690],
    ),
    (
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
        &[14, 191, 2812, 43_238, 674_624, 11_030_083],
    ),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq -",
        &[6, 264, 9467, 422_333, 15_833_292],
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1486, 62_379, 2_103_487, 89_941_194],
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2079, 89_890, 3_894_594, 164_075_551],
    ),
];

fn check_standard(max_nodes: u64) {
    for (fen, counts) in STANDARD {
        let pos: Position = fen.parse().unwrap();
        for (depth, expected) in (1..).zip(counts) {
            if *expected > max_nodes {
                break;
            }
            assert_eq!(perft(&pos, depth), *expected, "{fen} depth {depth}");
        }
    }
}

/// Walks every position `depth` plies below `pos` and checks that the counted moves (perft's
/// last ply) are the listed ones, and that `has_legal_moves` agrees with both.
fn check_counts(pos: &Position, depth: u32) {
    let moves = pos.legal_moves();
    assert_eq!(pos.count_legal_moves(), moves.len(), "{}", pos.to_fen());
    assert_eq!(pos.has_legal_moves(), !moves.is_empty(), "{}", pos.to_fen());
    if depth > 0 {
        for mv in moves {
            let mut next = *pos;
            next.play_unchecked(mv);
            check_counts(&next, depth - 1);
        }
    }
}

#[test]
fn counted_moves_are_the_listed_moves() {
    // Two plies below the standard positions: castling both ways, en passant, pins, checks,
    // promotions with and without capture, and mates.
    for (fen, _) in STANDARD {
        check_counts(&fen.parse().unwrap(), 2);
    }
    for name in ["tricky.perft", "random.perft", "chess960.perft"] {
        for case in load(name).unwrap_or_default().iter().step_by(7) {
            check_counts(&case.fen.parse().unwrap(), 1);
        }
    }
}

#[test]
fn standard_positions() {
    check_standard(5_000_000);
}

#[test]
#[ignore = "full depths take minutes; run with --ignored in release"]
fn standard_positions_full_depth() {
    check_standard(u64::MAX);
}

struct Case {
    id: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

/// Reads a perft file (`id`, `epd FEN`, `perft DEPTH NODES` lines); `None` when the shared corpus
/// is absent (a failure under `CI`).
fn load(name: &str) -> Option<Vec<Case>> {
    let text = testkit::corpus::read_to_string(&format!("perft/{name}"))?;
    let mut cases: Vec<Case> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(id) = line.strip_prefix("id ") {
            cases.push(Case {
                id: id.to_owned(),
                fen: String::new(),
                counts: Vec::new(),
            });
        } else if let Some(fen) = line.strip_prefix("epd ") {
            if cases.last().is_none_or(|c| !c.fen.is_empty()) {
                cases.push(Case {
                    id: format!("#{}", cases.len()),
                    fen: String::new(),
                    counts: Vec::new(),
                });
            }
            if let Some(case) = cases.last_mut() {
                case.fen = fen.to_owned();
            }
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut parts = rest.split_whitespace().map(|p| p.parse::<u64>().unwrap());
            let (depth, nodes) = (parts.next().unwrap(), parts.next().unwrap());
            if let Some(case) = cases.last_mut() {
                case.counts.push((depth as u32, nodes));
            }
        }
    }
    Some(cases)
}

fn run(cases: &[Case], max_nodes: u64) -> usize {
    let mut checked = 0;
    for case in cases {
        let pos: Position = case
            .fen
            .parse()
            .unwrap_or_else(|e| panic!("{}: {}: {e}", case.id, case.fen));
        for &(depth, nodes) in &case.counts {
            if nodes > max_nodes {
                break;
            }
            assert_eq!(
                perft(&pos, depth),
                nodes,
                "{} {} depth {depth}",
                case.id,
                case.fen
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn tricky_positions_every_depth() {
    if let Some(cases) = load("tricky.perft") {
        assert!(cases.len() >= 20);
        let checked = run(&cases, u64::MAX);
        assert!(checked > 60, "{checked}");
    }
}

#[test]
fn random_positions_sample() {
    if let Some(cases) = load("random.perft") {
        assert!(cases.len() > 6000);
        let sample: Vec<Case> = cases.into_iter().step_by(50).collect();
        run(&sample, 200_000);
    }
}

#[test]
fn chess960_positions_sample() {
    if let Some(cases) = load("chess960.perft") {
        assert_eq!(cases.len(), 960);
        let sample: Vec<Case> = cases.into_iter().step_by(8).collect();
        run(&sample, 200_000);
    }
}

#[test]
#[ignore = "hours in debug; `cargo xtask perft-corpus` runs it in release"]
fn every_corpus_position() {
    for name in ["random.perft", "chess960.perft"] {
        if let Some(cases) = load(name) {
            run(&cases, 100_000_000);
        }
    }
}

/// The list's order is part of what random play reproduces (the benches' positions and sample
/// games, the fuzzers' `Arbitrary` positions pick moves by index): a role's pieces come in
/// square order, a pinned one included.
#[test]
fn pinned_pieces_keep_their_place_in_the_list() {
    // The bishop on d2 is pinned by the one on a5; the bishop on h6 is free.
    let pos: Position = "k7/8/7B/b7/8/8/3B4/4K3 w - - 0 1".parse().unwrap();
    let origins: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|mv| mv.role() == chess_rules::Role::Bishop)
        .map(|mv| mv.from().to_string())
        .collect();
    assert_eq!(origins.first().map(String::as_str), Some("d2"));
    assert!(origins.is_sorted(), "{origins:?}");
    assert_eq!(origins.iter().filter(|from| *from == "d2").count(), 3);
}
