//! The lenient FEN reader against shakmaty: castling rights that a position contradicts are
//! dropped as shakmaty drops them (Chess960 castling mode, invalid castling rights ignored), and
//! every other rule is still enforced.

use chess_rules::{FenField, Position};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};

/// Boards whose kings and rooks stand where rights may or may not fit: the standard start,
/// rooks gone or moved, a king off its first rank, Chess960 starts, several rooks on a side.
const BOARDS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "r3k2r/8/8/8/8/8/8/R3K3",
    "r3k3/8/8/8/8/8/8/4K2R",
    "4k3/8/8/8/8/8/8/R3K1R1",
    "1r2k1r1/8/8/8/8/8/8/1R2K1RR",
    "r3k2r/8/8/8/8/8/4K3/R6R",
    "8/8/8/8/8/4k3/8/R3K2R",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR",
    "rk5r/8/8/8/8/8/8/RK5R",
    "qr3krr/8/8/8/8/8/8/QRR2KR1",
];

const RIGHTS: &[&str] = &[
    "KQkq", "K", "Qq", "kq", "HAha", "Hh", "BGbg", "Gg", "KGk", "FHfh", "Aa", "Ee", "Kkq", "CFcf",
    "BHbh", "-",
];

#[test]
fn contradicted_castling_rights_are_dropped_as_shakmaty_drops_them() {
    let mut compared = 0;
    let mut dropped_some = 0;
    for board in BOARDS {
        for rights in RIGHTS {
            let fen = format!("{board} w {rights} - 0 1");
            let Ok(theirs) = fen.parse::<Fen>() else {
                // shakmaty refuses more than two rights of one colour while parsing.
                continue;
            };
            let theirs = match theirs.into_position::<Chess>(CastlingMode::Chess960) {
                Ok(pos) => Ok(pos),
                Err(err) => err.ignore_invalid_castling_rights(),
            };
            let ours = Position::from_fen_lenient(&fen);
            let (ours, theirs) = match (ours, theirs) {
                (Ok(ours), Ok(theirs)) => (ours, theirs),
                (Err(ours), Err(_)) => {
                    assert_ne!(ours.field(), FenField::Castling, "{fen}: {ours}");
                    continue;
                }
                (ours, theirs) => panic!("{fen}: ours {ours:?}, shakmaty {:?}", theirs.is_ok()),
            };
            let (pos, dropped) = ours;
            assert_eq!(
                pos.castling_rights().0,
                u64::from(theirs.castles().castling_rights()),
                "{fen}: ours {pos}"
            );
            // Strict reading refuses exactly the FENs that lose something.
            assert_eq!(fen.parse::<Position>().is_ok(), dropped.is_empty(), "{fen}");
            assert!(dropped.iter().all(|d| d.field() == FenField::Castling));
            compared += 1;
            dropped_some += usize::from(!dropped.is_empty());
        }
    }
    assert!(
        compared > 100 && dropped_some > 40,
        "{compared} {dropped_some}"
    );
}

#[test]
fn only_castling_is_forgiven() {
    // The other rules still hold: a king too many, a castling letter that means nothing.
    for fen in [
        "4k3/8/8/8/8/8/8/KK5R w K - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w Kx - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w K e3 0 1",
    ] {
        assert!(Position::from_fen_lenient(fen).is_err(), "{fen}");
    }
    let (pos, dropped) =
        Position::from_fen_lenient("r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1").unwrap();
    assert_eq!(pos.to_fen(), "r3k2r/8/8/8/8/8/4K3/R6R w kq - 0 1");
    let reasons: Vec<&str> = dropped.iter().map(|d| d.reason()).collect();
    assert_eq!(
        reasons,
        [
            "right 'K' but the white king is not on its first rank",
            "right 'Q' but the white king is not on its first rank"
        ]
    );
}
