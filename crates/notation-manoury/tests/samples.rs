//! The PDN samples the project writes itself (`corpus/pdn/`): each is the canonical output of a
//! conversion, so converting it again gives it back byte for byte, with nothing to report.

use std::path::Path;

use board_core::{Output, RecordReader, replay};
use draughts_rules::Position;
use notation_manoury::Manoury;

#[test]
fn the_samples_convert_to_themselves() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/pdn");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpus/pdn")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdn"))
        .collect();
    paths.sort();
    let dialect = notation_manoury::dialect();
    let mut games = 0;
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap();
        let mut out = String::new();
        for game in RecordReader::new(text.as_bytes(), dialect.clone()) {
            let game = game.unwrap();
            let replayed = replay::<Position, _, _>(
                &game,
                &Manoury,
                Some(Output {
                    notation: &Manoury,
                    dialect: &dialect,
                    out: &mut out,
                }),
            );
            assert_eq!(replayed.diagnostics, [], "{}", path.display());
            games += 1;
        }
        assert_eq!(out, text, "{}", path.display());
    }
    assert!(
        paths.len() >= 3 && games >= 7,
        "{} files, {games} games",
        paths.len()
    );
}
