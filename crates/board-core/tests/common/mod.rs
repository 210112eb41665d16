//! What the record tests share (testkit cannot: it depends on no workspace crate).

use board_core::{Dialect, RawGame, write_game};

/// Writes `games` one after the other as the writer does, each numbered from its own first
/// move: what a round trip reads back.
pub(crate) fn write_all<'a>(
    games: impl IntoIterator<Item = &'a RawGame>,
    dialect: &Dialect,
) -> String {
    let mut out = String::new();
    for game in games {
        write_game(
            &mut out,
            game,
            dialect,
            game.first_move_hint().unwrap_or_default(),
        );
    }
    out
}
