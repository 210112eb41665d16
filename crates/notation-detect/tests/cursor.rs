//! Detection reads a game as the replay does: a notation that says a token continues in the
//! next one (`Ng1-` `f3`) is read whole, where the old loop stopped at `Ng1-`.

use board_core::{Dialect, MoveError, Notation, Notes, RecordReader};
use chess_rules::{Move, Position};
use notation_detect::detect_game_with;
use notation_en::Lan;

/// Long algebraic whose moves may be cut after the dash by a space.
struct CutLan;

impl Notation for CutLan {
    type Position = Position;
    type Move = Move;

    fn name(&self) -> &'static str {
        "cut-lan"
    }

    fn parse(&self, pos: &Position, token: &str, notes: &mut Notes) -> Result<Move, MoveError> {
        Lan::ENGLISH.parse(pos, token, notes)
    }

    fn format(&self, pos: &Position, mv: &Move, out: &mut String) {
        Lan::ENGLISH.format(pos, mv, out);
    }

    fn continues(&self, token: &str) -> bool {
        token.ends_with('-')
    }
}

#[test]
fn a_token_that_continues_is_read_with_its_rest() {
    let text = "1. Ng1- f3 Nb8- c6 2. e2-e4 *";
    let game = RecordReader::new(text.as_bytes(), Dialect::pgn())
        .next()
        .unwrap()
        .unwrap();
    let detection = detect_game_with(&[CutLan], &game).unwrap();
    assert_eq!(
        detection.language().unwrap(),
        "cut-lan",
        "{}",
        detection.reason()
    );
    assert_eq!(detection.plies, 3);
}
