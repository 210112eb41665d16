//! `scoresheet import --report` shows what became of a book's text diagrams (read, matched,
//! differing, start positions) and of the runs of moves in its notes, for the book and for
//! each game, in text and in `--format json`.

mod common;

use common::{run, text, workspace};

/// A game with a board printed between its moves that equals its position there, a note
/// whose moves replay as a variation, then an ending that starts from the board above it
/// (Hoyle's Fig. 13, `[BLACK TO MOVE AND DRAW.]`).
const BOOK: &str = "\
GAME 1. FOUR KNIGHTS

   1. P to K 4                    1. P to K 4
   2. Kt to K B 3                 2. Kt to Q B 3

    r . b q k b n r
    p p p p . p p p
    . . n . . . . .
    . . . . p . . .
    . . . . P . . .
    . . . . . N . .
    P P P P . P P P
    R N B Q K B . R
WHITE TO PLAY.

   3. Kt to B 3                   3. Kt to B 3

    Or 3. ... B to B 4, the Giuoco Piano's bishop.

   4. B to Kt 5                   Drawn.

KING AND PAWN AGAINST KING.

                  Black.
  +---------------------------------------+
  | #R |    |    |    |    |    |    |    |
  |---------------------------------------|
  |    |    |    |    |    |    |    |    |
  |---------------------------------------|
  | #Q |    |    |    |    |    |    |    |
  |---------------------------------------|
  |    |    |    |    |    |    |    |    |
  |---------------------------------------|
  |    |    |    |    |    |    |    |    |
  |---------------------------------------|
  |    | ^P |    |    |    |    |    | #K |
  |---------------------------------------|
  |    | ^R |    |    |    |    |    |    |
  |---------------------------------------|
  |    |    |    |    |    |    | ^Q | ^K |
  +---------------------------------------+
                  White.

                  FIG. 13.
          [BLACK TO MOVE AND DRAW.]

      WHITE.                         BLACK.
      ...                         1. Q to B 3: ch.
   2. Q to Kt 2: ch.              2. Q takes Q: ch.
   3. R takes Q                   3. R to R 8: ch.
";

#[test]
fn the_report_counts_the_diagrams_of_the_book_and_of_each_game() {
    let out = run(
        &workspace(),
        &["import", "--report", "-q"],
        Some(BOOK.as_bytes()),
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains(
            "<stdin>: diagrams 2 read, 1 matched, 0 differing, 1 start positions; note runs 1 variations, 0 not replayed, 0 continued"
        ),
        "{stderr}"
    );
    let games: Vec<&str> = stderr.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{stderr}");
    assert!(
        games[0].ends_with(
            "; diagrams 1 read, 1 matched, 0 differing, 0 start positions; note runs 1 variations, 0 not replayed, 0 continued"
        ),
        "{stderr}"
    );
    assert!(
        games[1].ends_with(
            "; diagrams 1 read, 0 matched, 0 differing, 1 start positions; note runs 0 variations, 0 not replayed, 0 continued"
        ),
        "{stderr}"
    );
    // The matched board is the marker `{[#]}`; the ending starts from its board.
    let flat = stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("2. Nf3 Nc6 {[#]} 3. Nc3 Nf6 {Or} (3... Bc5)"),
        "{stdout}"
    );
    assert!(flat.contains("[SetUp \"1\"]"), "{stdout}");
    assert!(flat.contains("1... Qc6+ 2. Qg2+ Qxg2+"), "{stdout}");
}

#[test]
fn the_json_report_has_the_same_counts() {
    let out = run(
        &workspace(),
        &["import", "--report", "--format", "json", "-q"],
        Some(BOOK.as_bytes()),
    );
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let report: serde_json::Value = serde_json::from_str(stderr.trim()).expect("one JSON object");
    assert_eq!(
        report["diagrams"],
        serde_json::json!({"read": 2, "matched": 1, "differing": 0, "starts": 1})
    );
    assert_eq!(
        report["notes"],
        serde_json::json!({"variations": 1, "not_replayed": 0, "continued": 0})
    );
    assert_eq!(report["games"][0]["diagrams"]["matched"], 1);
    assert_eq!(report["games"][1]["diagrams"]["starts"], 1);
    assert_eq!(report["games"][0]["notes"]["variations"], 1);
}
