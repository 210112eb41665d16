//! PDN 3.0 on the record syntax shared with PGN: the dialect that writes the draughts signs back
//! as written, and the movetext forms a Manoury reader has to refuse clearly.

use board_core::Dialect;

use crate::GLUED_SIGNS;

/// The PDN dialect of [`Dialect::pdn`] with the draughts analysis signs glued to their moves:
/// `$7` is written `32-28*`, `$1000` `32-28+`, `$18` `32-28+-`, and so on (see [`crate::Sign`]),
/// so that a PDN read with [`crate::Manoury`] and written again keeps its signs as written.
///
/// Plain [`Dialect::pdn`] writes those NAGs as numbers (`32-28 $7`), which is what PDN 3.0's
/// strict rules ask ("`*` is not allowed as a move strength; use `$7`"); both read back the
/// same.
///
/// # Examples
///
/// ```
/// use board_core::{Dialect, FirstMove, MovetextWriter};
///
/// let dialect = notation_manoury::dialect();
/// let mut out = String::new();
/// let mut w = MovetextWriter::new(&mut out, &dialect, FirstMove::default());
/// w.move_token("32-28");
/// w.nag_value(7);
/// w.move_token("19-23");
/// w.nag_value(1);
/// w.nag_value(1002);
/// w.finish("*");
/// assert_eq!(out, "1. 32-28* 19-23!+2 *\n\n");
/// ```
#[must_use]
pub fn dialect() -> Dialect {
    Dialect::pdn().with_glued_signs(&GLUED_SIGNS)
}

/// `true` for the PDN 3.0 set-up command inside movetext, `/FEN "..."/`, which the record
/// reader passes on as move tokens (`/FEN` then `"W:W31-50:B1-20"/`).
pub(crate) fn is_setup_command(token: &str) -> bool {
    token.len() >= 4 && token.as_bytes()[..4].eq_ignore_ascii_case(b"/fen")
}
