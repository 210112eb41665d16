//! `Notation::parse_bytes`, the read of a token's bytes that the replay tries before slicing
//! the token as text: where it answers, it answers as `parse` does (the same move, the same
//! notes), and where it does not, it leaves the notes as they were and never takes a null
//! move. Asked of every letter table of `notation-en`, of LAN and of UCI (which keeps the
//! default), on every legal move of random games written in each notation and in the lenient
//! forms real files use, and on random words.

use board_core::{Notation, Notes};
use chess_rules::{Move, Position};
use notation_en::{Algebraic, LANGUAGES, Lan, Uci};
use testkit::Rng;
use testkit::chess::STARTS;

type Boxed = Box<dyn Notation<Position = Position, Move = Move>>;

fn notations() -> Vec<Boxed> {
    let mut all: Vec<Boxed> = vec![
        Box::new(Algebraic::ENGLISH),
        Box::new(Lan::ENGLISH),
        Box::new(Uci::STANDARD),
    ];
    all.extend(
        LANGUAGES
            .iter()
            .map(|l| Box::new(Algebraic::with_letters(*l)) as Boxed),
    );
    all
}

/// Asserts the promise on `token` in `pos`; returns whether `parse_bytes` answered.
fn check(
    notation: &dyn Notation<Position = Position, Move = Move>,
    pos: &Position,
    token: &str,
) -> bool {
    let mut quick = Notes::default();
    let answer = notation.parse_bytes(pos, token.as_bytes(), &mut quick);
    let name = notation.name();
    let Some(mv) = answer else {
        assert_eq!(
            quick,
            Notes::default(),
            "{name}: {token:?} left notes behind"
        );
        return false;
    };
    assert!(
        !notation.is_null(token),
        "{name}: the null move {token:?} read as {mv:?}"
    );
    let mut slow = Notes::default();
    match notation.parse(pos, token, &mut slow) {
        Ok(read) => {
            assert_eq!(read, mv, "{name}: {token:?} in {pos:?}");
            assert_eq!(slow, quick, "{name}: {token:?} in {pos:?}");
        }
        Err(e) => panic!("{name}: {token:?} read from bytes as {mv:?}, from text: {e}"),
    }
    true
}

/// The forms a record may write a move in besides the canonical one: signs, the capture mark
/// missing or added, both squares, castling with zeros.
fn variants(text: &str) -> Vec<String> {
    let bare = text.trim_end_matches(['+', '#']);
    let mut all = vec![
        format!("{bare}+"),
        format!("{bare}#"),
        bare.replace('x', ""),
        bare.replace('-', "x"),
        bare.replace('O', "0"),
        format!("{bare}!"),
        format!("{bare}e.p."),
    ];
    if let Some(first) = bare.chars().next().filter(char::is_ascii_uppercase) {
        all.push(format!("{first}x{}", &bare[1..]));
    }
    all
}

#[test]
fn parse_bytes_answers_as_parse_or_not_at_all() {
    let notations = notations();
    let mut rng = Rng::new(0x0b17_e5e0_0000_0001);
    // Per notation: canonical texts asked, and read from their bytes.
    let mut counts = vec![(0usize, 0usize); notations.len()];
    for fen in STARTS {
        let start: Position = fen.parse().unwrap();
        for _line in 0..3 {
            let mut pos = start;
            for _ply in 0..80 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for (notation, (asked, answered)) in notations.iter().zip(&mut counts) {
                    for mv in &moves {
                        let text = notation.to_text(&pos, mv);
                        let read = check(notation.as_ref(), &pos, &text);
                        if text.is_ascii() {
                            *asked += 1;
                            *answered += usize::from(read);
                        }
                        // Each move's text in every other notation, as a file in one letter
                        // set read with another would present it, and its lenient forms.
                        let other = rng.pick(&notations);
                        check(notation.as_ref(), &pos, &other.to_text(&pos, mv));
                        for variant in variants(&text) {
                            check(notation.as_ref(), &pos, &variant);
                        }
                    }
                }
                pos.play_unchecked(*rng.pick(&moves));
            }
        }
    }
    // The null moves and random short words of the bytes tokens are made of.
    const BYTES: &[u8] = b"abcdefgh12345678KQRBNkqrbnxX+#=-O0Zep.!?";
    for notation in &notations {
        for null in ["--", "Z0", "0000"] {
            check(notation.as_ref(), &Position::new(), null);
        }
    }
    for _ in 0..20_000 {
        let len = 1 + rng.below(7);
        let word: String = (0..len).map(|_| char::from(*rng.pick(BYTES))).collect();
        for notation in &notations {
            check(notation.as_ref(), &Position::new(), &word);
        }
    }
    // The canonical texts of the letter tables are read from their bytes where they are ASCII
    // (UCI keeps the default, LAN's both squares are not a common shape): the replay's fast
    // path is taken, not only allowed.
    for (notation, (asked, answered)) in notations.iter().zip(&counts) {
        let name = notation.name();
        eprintln!("{name}: {answered} of {asked} canonical texts read from their bytes");
        match name {
            "uci" => assert_eq!(*answered, 0, "{name}"),
            "lan" => {}
            _ if *asked < 1_000 => {}
            _ => assert!(
                answered * 100 >= asked * 99,
                "{name}: {answered} of {asked}"
            ),
        }
    }
}
