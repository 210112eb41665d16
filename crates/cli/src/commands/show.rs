//! `scoresheet show`: a position as text in the terminal, or the numbering of the draughts
//! board as the Manoury document draws it, from either side.

use std::io::{self, Write};

use board_core::Color;

use crate::{Error, Game, ShowArgs};

/// Prints the diagram asked for on stdout.
pub(crate) fn run(args: &ShowArgs) -> Result<(), Error> {
    let side = if args.from_black {
        Color::Black
    } else {
        Color::White
    };
    let diagram = match args.game {
        Game::Draughts if args.numbers => notation_manoury::numbered_board(side),
        Game::Draughts => {
            let position = match &args.fen {
                Some(fen) => draughts_rules::Position::from_fen(fen)
                    .map_err(|err| Error::Usage(format!("--fen: {err}")))?,
                None => draughts_rules::Position::new(),
            };
            turn_around(&position.ascii_board(), args.from_black)
        }
        Game::Chess if args.numbers => {
            return Err(Error::Usage(
                "--numbers shows the Manoury numbering of the draughts board: add --game draughts"
                    .into(),
            ));
        }
        Game::Chess => {
            let position = match &args.fen {
                Some(fen) => fen
                    .parse::<chess_rules::Position>()
                    .map_err(|err| Error::Usage(format!("--fen: {err}")))?,
                None => chess_rules::Position::new(),
            };
            turn_around(&position.ascii_board(), args.from_black)
        }
    };
    io::stdout().lock().write_all(diagram.as_bytes())?;
    Ok(())
}

/// The diagram as the other side sees it: lines and characters in reverse order.
fn turn_around(diagram: &str, from_black: bool) -> String {
    if !from_black {
        return diagram.to_owned();
    }
    let mut out = String::with_capacity(diagram.len());
    for line in diagram.lines().rev() {
        out.extend(line.chars().rev());
        out.push('\n');
    }
    out
}
