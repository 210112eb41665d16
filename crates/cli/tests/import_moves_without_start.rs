//! `scoresheet import` on move lines that belong to no game, their start not in the text (an
//! extract, a position printed as a picture): an error at the run's first line, exit status 1,
//! and the lines counted `not-read` by `--report`, never passed over as prose.

mod common;

use common::{run, text, workspace};

/// Chess Fundamentals after an example whose position is a picture: a sentence that quotes
/// moves (prose), then the example's moves printed in columns.
const BOOK: &str = "\
If 3...R - Kt 2 ch; 4 K - B 6 leads to a position similar to those in
Examples 40 and 41.

        4. Q - K 4 ch             K - Kt 1
        5. Q - B 4 ch             K - R 2
";

#[test]
fn move_lines_without_their_start_are_an_error_and_counted_not_read() {
    let out = run(&workspace(), &["import", "--report"], Some(BOOK.as_bytes()));
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("moves 4 to 5 (lines 4-5) are not read: they belong to a game whose start is not in the text"),
        "{stderr}"
    );
    assert!(stderr.contains("<stdin>:4:9"), "{stderr}");
    assert!(stderr.contains("prose 2, not-read 2"), "{stderr}");
}
