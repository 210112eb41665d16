//! Perft counts against the published numbers of the issue (international draughts, moves
//! counted once per origin, destination and captured pieces).

use draughts_rules::{Position, perft, perft_divide};

const START: &str = "W:W31-50:B1-20";
const WOLDOUBY: &str = "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38";
const MEN_ON_THE_FAR_ROWS: &str = "W:W6,7,8,9,10:B41,42,43,44,45";
const FORTY_KINGS: &str = "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20";
const KINGS_AND_CAPTURES: &str = "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46";

const CASES: [(&str, &[u64]); 5] = [
    (
        START,
        &[
            9,
            81,
            658,
            4265,
            27_117,
            167_140,
            1_049_442,
            6_483_961,
            41_022_423,
            258_895_763,
        ],
    ),
    (
        WOLDOUBY,
        &[6, 12, 30, 73, 215, 590, 1944, 6269, 22_369, 88_050, 377_436],
    ),
    (
        MEN_ON_THE_FAR_ROWS,
        &[9, 81, 795, 7578, 86_351, 936_311, 11_448_262],
    ),
    (FORTY_KINGS, &[17, 79, 352, 1399, 7062, 37_589, 217_575]),
    (
        KINGS_AND_CAPTURES,
        &[14, 55, 1168, 5432, 87_195, 629_010, 9_041_010],
    ),
];

fn check(max_nodes: u64) {
    for (fen, counts) in CASES {
        let pos: Position = fen.parse().unwrap();
        for (depth, expected) in (1..).zip(counts) {
            if *expected > max_nodes {
                break;
            }
            assert_eq!(perft(&pos, depth), *expected, "{fen} depth {depth}");
        }
    }
}

/// Every count up to 50 million nodes: about a second with the crate at opt-level 3.
#[test]
fn published_counts() {
    check(50_000_000);
}

#[test]
#[ignore = "the start position to depth 10 (259 million nodes) takes seconds; run with --ignored in release"]
fn published_counts_full_depth() {
    check(u64::MAX);
}

/// Perft without bulk counting: builds every move of the last ply too.
fn perft_by_lists(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .iter()
        .map(|mv| {
            let mut next = *pos;
            next.play_unchecked(mv);
            perft_by_lists(&next, depth - 1)
        })
        .sum()
}

#[test]
fn counting_agrees_with_the_move_lists() {
    for (fen, depth) in [
        (START, 5),
        (WOLDOUBY, 8),
        (MEN_ON_THE_FAR_ROWS, 4),
        (FORTY_KINGS, 4),
        (KINGS_AND_CAPTURES, 4),
    ] {
        let pos: Position = fen.parse().unwrap();
        assert_eq!(perft_by_lists(&pos, depth), perft(&pos, depth), "{fen}");
    }
}

#[test]
fn divide_sums_to_perft() {
    for (fen, counts) in CASES {
        let pos: Position = fen.parse().unwrap();
        let split = perft_divide(&pos, 3);
        assert_eq!(split.len() as u64, counts[0], "{fen}");
        assert_eq!(
            split.iter().map(|(_, n)| n).sum::<u64>(),
            counts[2],
            "{fen}"
        );
    }
    assert!(perft_divide(&Position::new(), 0).is_empty());
}

/// Every legal move, found again by its own origin, destination and captured pieces among the
/// routes of `legal_moves_all_paths`, and the other way round; and every position reached reads
/// back from its FEN.
#[test]
fn all_paths_and_fen_agree_along_the_tree() {
    fn walk(pos: &Position, depth: u32, checked: &mut u64) {
        let moves = pos.legal_moves();
        let routes = pos.legal_moves_all_paths();
        assert!(routes.len() >= moves.len());
        for route in routes.iter() {
            assert!(moves.contains(route), "{pos}: {route}");
        }
        for mv in moves.iter() {
            assert_eq!(moves.iter().filter(|m| *m == mv).count(), 1, "{pos}: {mv}");
        }
        testkit::assert_round_trip(std::slice::from_ref(pos));
        assert_eq!(pos.count_legal(), moves.len() as u64);
        *checked += 1;
        if depth == 0 {
            return;
        }
        for mv in moves.iter() {
            walk(&pos.play(mv).unwrap(), depth - 1, checked);
        }
    }
    let mut checked = 0;
    for (fen, depth) in [(WOLDOUBY, 8), (KINGS_AND_CAPTURES, 3), (FORTY_KINGS, 2)] {
        walk(&fen.parse().unwrap(), depth, &mut checked);
    }
    assert!(checked > 10_000, "{checked}");
}
