//! The decision a caller takes from detection, over a table of its own notations: the one
//! letter set that fits, the closest when none does, and LAN or UCI kept as written.

use board_core::{Dialect, Notation, RawGame, RecordReader};
use chess_rules::{Move, Position};
use notation_detect::{Detected, Entry, chess, chess_as_written};
use notation_en::{Algebraic, Lan, Uci};
use notation_fr::French;

type Chess = dyn Notation<Position = Position, Move = Move> + Sync;

static EN: Algebraic = Algebraic::ENGLISH;
static FR: French = French::STANDARD;
static LAN: Lan = Lan::ENGLISH;
static UCI: Uci = Uci::STANDARD;

fn table() -> Vec<Entry<'static, Chess>> {
    vec![
        Entry {
            name: "en",
            notation: &EN,
        },
        Entry {
            name: "fr",
            notation: &FR,
        },
        Entry {
            name: "lan",
            notation: &LAN,
        },
        Entry {
            name: "uci",
            notation: &UCI,
        },
    ]
}

fn game(text: &str) -> RawGame {
    RecordReader::new(text.as_bytes(), Dialect::pgn())
        .next()
        .unwrap()
        .unwrap()
}

fn name(notation: &Chess) -> &'static str {
    notation.name()
}

#[test]
fn one_fit_decides_and_says_why() {
    let Detected::Decided(notation, why) = chess(&game("1. e4 e5 2. Cf3 Cc6 3. Fb5 *"), &table())
    else {
        panic!("French decides");
    };
    assert_eq!(name(notation), "fr");
    assert!(
        why.starts_with("detected fr: only fr replays all 5 half-moves"),
        "{why}"
    );
}

#[test]
fn none_fits_the_closest_is_named_with_where_it_stops() {
    let Detected::Closest(notation, why) = chess(&game("1. e4 e5 2. Nf3 Nc6 3. Ke3 *"), &table())
    else {
        panic!("no letter set fits");
    };
    assert_eq!(name(notation), "en");
    assert_eq!(
        why,
        "no letter set replays game 1 whole; en comes closest, reading 4 half-moves before \
         `3. Ke3`: the game is read as en"
    );
}

#[test]
fn uci_and_lan_are_kept_as_written() {
    let uci = game("1. e2e4 e7e5 2. g1f3 *");
    assert!(matches!(
        chess(&uci, &table()),
        Detected::Undecided(_) | Detected::Decided(..)
    ));
    let Detected::Decided(notation, why) = chess_as_written(&uci, &table()) else {
        panic!("UCI is kept");
    };
    assert_eq!(name(notation), "uci");
    assert!(
        why.starts_with("detected uci: it writes 3 of the 3 moves of game 1 as they are written"),
        "{why}"
    );
    let Detected::Decided(notation, _) =
        chess_as_written(&game("1. e2-e4 e7-e5 2. Ng1-f3 *"), &table())
    else {
        panic!("LAN is kept");
    };
    assert_eq!(name(notation), "lan");
}
