//! `Notation::may_glue`, the quick test on a token's bytes that the cursor asks before
//! `Notation::glues` after every move: it may say "maybe" where `glues` says no, never "no"
//! where `glues` says yes. Asked of French, of every letter table of `notation-en` and of UCI,
//! on every word a record may write after a move: the pieces written apart that belong to it,
//! every legal move of random games in each notation, and random printable words.

use board_core::Notation;
use chess_rules::{Move, Position};
use notation_en::{Algebraic, LANGUAGES, Lan, Uci};
use notation_fr::French;
use testkit::Rng;
use testkit::chess::STARTS;

/// What records write apart after a move, glued or not by one notation or another.
const APART: [&str; 23] = [
    "e.p.", "e.p", "ep", "+", "#", "=", "+=", "#=", "(=)", "+(=)", "#(=)", "e.p.+", "ep#", "ch",
    "dis.ch", "!", "?!", "$1", "1-0", "*", "x", "-", "",
];

/// Asserts the promise on `word`; returns whether `glues` said yes.
fn check<N: Notation + ?Sized>(notation: &N, word: &str) -> bool {
    let glues = notation.glues(word);
    assert!(
        !glues || notation.may_glue(word.as_bytes()),
        "{}: {word:?} glues, but may_glue says it cannot",
        notation.name()
    );
    glues
}

/// What a notation glues of [`APART`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Glues {
    /// French's documents: `e.p.` and the signs written apart.
    MarksAndSigns,
    /// `e.p.` and `ep`: long algebraic.
    EnPassant,
    /// `e.p.`, `ep`, and a capture sign or dash alone (`e2 - e4`, long algebraic typed with
    /// spaces): the letter tables.
    EnPassantAndSpacedSigns,
    /// Nothing: engines write no mark.
    Nothing,
}

type Boxed = Box<dyn Notation<Position = Position, Move = Move>>;

fn notations() -> Vec<(Glues, Boxed)> {
    let mut all: Vec<(Glues, Boxed)> = vec![
        (Glues::MarksAndSigns, Box::new(French::STANDARD)),
        (
            Glues::MarksAndSigns,
            Box::new(French::STANDARD.with_en_passant_mark(true)),
        ),
        (Glues::Nothing, Box::new(Uci::STANDARD)),
        (Glues::EnPassant, Box::new(Lan::ENGLISH)),
    ];
    all.extend(LANGUAGES.iter().map(|l| {
        (
            Glues::EnPassantAndSpacedSigns,
            Box::new(Algebraic::with_letters(*l)) as Boxed,
        )
    }));
    all
}

#[test]
fn may_glue_never_refuses_what_glues_takes() {
    let notations = notations();
    // What each notation glues: the test fails if `may_glue` turns these away.
    for (kind, notation) in &notations {
        let glued: Vec<&str> = APART
            .iter()
            .copied()
            .filter(|word| check(notation.as_ref(), word))
            .collect();
        let name = notation.name();
        match kind {
            Glues::MarksAndSigns => assert!(
                glued.contains(&"e.p.") && glued.contains(&"+") && glued.contains(&"+(=)"),
                "{name} glues {glued:?}"
            ),
            Glues::EnPassant => assert_eq!(glued, ["e.p.", "ep"], "{name}"),
            Glues::EnPassantAndSpacedSigns => {
                assert_eq!(glued, ["e.p.", "ep", "x", "-"], "{name}");
            }
            Glues::Nothing => assert!(glued.is_empty(), "{name} glues {glued:?}"),
        }
    }
    let notations: Vec<Boxed> = notations.into_iter().map(|(_, n)| n).collect();
    // Every legal move's text in each notation, along random games from varied starts.
    let mut rng = Rng::new(0x0961_0e5e_ed00_0001);
    let mut words = 0;
    for fen in STARTS {
        let start: Position = fen.parse().unwrap();
        for line in 0..3 {
            let mut pos = start;
            for _ply in 0..80 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for notation in &notations {
                    for mv in &moves {
                        check(notation.as_ref(), &notation.to_text(&pos, mv));
                        words += 1;
                    }
                }
                // One line in three ends a move with a sign or a draw offer, as French writes.
                if line == 2 {
                    let text = French::STANDARD.to_text(&pos, rng.pick(&moves));
                    for notation in &notations {
                        check(notation.as_ref(), &format!("{text}+="));
                    }
                }
                pos.play_unchecked(*rng.pick(&moves));
            }
        }
    }
    // Random short words of the bytes that start records' tokens.
    const BYTES: &[u8] = b"e.p+#=()!?$x-01258abcdhKQRBNDTFCkq*ch";
    for _ in 0..20_000 {
        let len = rng.below(7);
        let word: String = (0..len).map(|_| char::from(*rng.pick(BYTES))).collect();
        for notation in &notations {
            check(notation.as_ref(), &word);
        }
    }
    assert!(words > 100_000, "only {words} move texts checked");
}
