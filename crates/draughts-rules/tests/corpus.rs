//! Real PDN files of `../shared/corpus/pdn` (skipped when absent, failed under `CI`): every
//! FEN of an international game reads, and every international game replays with legal moves.
//!
//! A game is international when its `GameType` tag starts with `20`, or when it has no
//! `GameType` (the PDN default, English checkers) but a FEN naming a square above 32, which no
//! 8x8 board has: the problem collections of the corpus are written that way. The movetext reader
//! here is a small test helper, not the project's PDN reader: it drops comments, variations and
//! annotations and resolves `a-b` and `axbxc` by origin, destination and the squares given.

use std::path::PathBuf;

use draughts_rules::{Game, Move, Position, Square};

/// `pdn/` of the shared corpus; `None` when absent (a failure under `CI`).
fn corpus_dir() -> Option<PathBuf> {
    testkit::corpus::shared("pdn")
}

struct PdnGame {
    file: String,
    tags: Vec<(String, String)>,
    movetext: String,
}

impl PdnGame {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn is_international(&self) -> bool {
        match self.tag("GameType") {
            Some(game_type) => game_type.trim().starts_with("20"),
            None => self.tag("FEN").is_some_and(|fen| {
                fen.split(|c: char| !c.is_ascii_digit())
                    .filter_map(|n| n.parse::<u32>().ok())
                    .any(|n| n > 32)
            }),
        }
    }

    fn name(&self) -> String {
        format!(
            "{} game {:?} {:?}",
            self.file,
            self.tag("Event").unwrap_or_default(),
            self.tag("Round").unwrap_or_default()
        )
    }
}

/// Splits a PDN file into games: tag lines, then movetext until the next tag line.
fn games(file: &str, text: &str) -> Vec<PdnGame> {
    let mut games: Vec<PdnGame> = Vec::new();
    let mut in_movetext = true;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') && trimmed.ends_with(']') && trimmed.contains('"') {
            if in_movetext {
                games.push(PdnGame {
                    file: file.to_owned(),
                    tags: Vec::new(),
                    movetext: String::new(),
                });
                in_movetext = false;
            }
            let inner = &trimmed[1..trimmed.len() - 1];
            if let Some((name, value)) = inner.split_once('"') {
                let value = value.rsplit_once('"').map_or(value, |(v, _)| v);
                if let Some(game) = games.last_mut() {
                    game.tags.push((name.trim().to_owned(), value.to_owned()));
                }
            }
        } else {
            in_movetext = true;
            if let Some(game) = games.last_mut() {
                game.movetext.push_str(line);
                game.movetext.push('\n');
            }
        }
    }
    games
}

/// The main line's move tokens, each as its list of squares and whether it is a capture.
fn move_tokens(movetext: &str) -> Vec<(Vec<u32>, bool)> {
    // Comments and variations out first (variations may nest).
    let mut main = String::new();
    let mut depth = 0usize;
    let mut in_comment = false;
    for line in movetext.lines() {
        if line.starts_with('%') {
            continue;
        }
        for ch in line.chars() {
            match ch {
                '{' if !in_comment => in_comment = true,
                '}' if in_comment => in_comment = false,
                _ if in_comment => {}
                '(' => depth += 1,
                ')' => depth = depth.saturating_sub(1),
                _ if depth > 0 => {}
                _ => main.push(ch),
            }
        }
        main.push(' ');
    }
    let bytes = main.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    let number = |i: &mut usize| -> Option<u32> {
        let start = *i;
        while *i < bytes.len() && bytes[*i].is_ascii_digit() {
            *i += 1;
        }
        main[start..*i].parse().ok()
    };
    let skip_spaces = |i: &mut usize| {
        while *i < bytes.len() && bytes[*i] == b' ' {
            *i += 1;
        }
    };
    while i < bytes.len() {
        if bytes[i] == b'$' {
            // A NAG: `$12`.
            i += 1;
            let _ = number(&mut i);
            continue;
        }
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let Some(first) = number(&mut i) else { break };
        let mut squares = vec![first];
        let mut capture = false;
        loop {
            let mut j = i;
            skip_spaces(&mut j);
            let Some(&sep) = bytes.get(j) else { break };
            if !matches!(sep, b'-' | b'x' | b'X' | b':') {
                break;
            }
            j += 1;
            skip_spaces(&mut j);
            if !bytes.get(j).is_some_and(u8::is_ascii_digit) {
                break;
            }
            capture |= sep != b'-';
            i = j;
            squares.push(number(&mut i).unwrap_or(0));
        }
        if bytes.get(i) == Some(&b'/') {
            // `1/2-1/2`.
            while i < bytes.len() && bytes[i] != b' ' {
                i += 1;
            }
            continue;
        }
        let is_result = squares.len() == 2
            && (squares.contains(&0) || squares[0] == squares[1])
            && squares.iter().all(|n| *n <= 2);
        if squares.len() >= 2 && !is_result {
            tokens.push((squares, capture));
        }
        // A lone number is a move number (`12.`, `12...`).
    }
    tokens
}

/// The legal move a token names: origin, destination, and the squares in between in order.
///
/// Two games of `PROF2.pdn` write a capture with `-` (`30-39` for a man taking backwards); when
/// no move matches the separator, the move with the right squares is taken and counted.
fn resolve_lenient(
    pos: &Position,
    squares: &[u32],
    capture: bool,
    sloppy: &mut usize,
) -> Result<Move, String> {
    resolve(pos, squares, capture).or_else(|err| match resolve(pos, squares, !capture) {
        Ok(mv) => {
            *sloppy += 1;
            Ok(mv)
        }
        Err(_) => Err(err),
    })
}

fn resolve(pos: &Position, squares: &[u32], capture: bool) -> Result<Move, String> {
    let sq = |n: u32| Square::from_number(n).ok_or_else(|| format!("no square {n}"));
    let from = sq(squares[0])?;
    let to = sq(*squares.last().unwrap_or(&0))?;
    let via: Vec<Square> = squares[1..squares.len() - 1]
        .iter()
        .map(|n| sq(*n))
        .collect::<Result<_, _>>()?;
    let mut found: Vec<Move> = Vec::new();
    for mv in pos.legal_moves_all_paths().iter() {
        if mv.from() != from || mv.to() != to || mv.is_capture() != capture {
            continue;
        }
        let mut path = mv.path().iter();
        if via.iter().all(|v| path.any(|p| p == v)) && !found.contains(mv) {
            found.push(*mv);
        }
    }
    match found.as_slice() {
        [mv] => Ok(*mv),
        [] => Err("no such legal move".to_owned()),
        _ => Err(format!("ambiguous: {found:?}")),
    }
}

#[test]
fn every_international_fen_reads_and_every_game_replays() {
    let Some(dir) = corpus_dir() else { return };
    let mut fens = 0;
    let mut games_replayed = 0;
    let mut moves_played = 0;
    let mut sloppy = 0;
    let mut failures = Vec::new();
    for folder in ["succeed", "fail"] {
        for path in testkit::corpus::files(&dir.join(folder), "pdn") {
            let bytes = std::fs::read(&path).unwrap();
            let text = String::from_utf8_lossy(&bytes);
            let file = format!("{folder}/{}", path.file_name().unwrap().to_string_lossy());
            for game in games(&file, &text) {
                if !game.is_international() {
                    continue;
                }
                let start = match game.tag("FEN") {
                    Some(fen) => {
                        fens += 1;
                        match Position::from_fen(fen) {
                            Ok(pos) => pos,
                            Err(err) => {
                                failures.push(format!("{}: FEN {fen:?}: {err}", game.name()));
                                continue;
                            }
                        }
                    }
                    None => Position::new(),
                };
                // The `fail/` files break PDN syntax (one has moves after its last game); only
                // their FENs are checked.
                if folder == "fail" {
                    continue;
                }
                let mut replay = Game::from_position(start);
                for (ply, (squares, capture)) in move_tokens(&game.movetext).iter().enumerate() {
                    match resolve_lenient(replay.position(), squares, *capture, &mut sloppy) {
                        Ok(mv) => {
                            replay.play_unchecked(&mv);
                            moves_played += 1;
                        }
                        Err(err) => {
                            failures.push(format!(
                                "{}: ply {} {squares:?} in {}: {err}",
                                game.name(),
                                ply + 1,
                                replay.position()
                            ));
                            break;
                        }
                    }
                }
                games_replayed += 1;
            }
        }
    }
    eprintln!("{fens} FENs, {games_replayed} games, {moves_played} moves ({sloppy} with - for x)");
    assert!(sloppy <= 2, "{sloppy}");
    assert!(fens > 200, "{fens}");
    assert!(games_replayed > 250, "{games_replayed}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_fen_syntax_cases_of_the_corpus() {
    let Some(text) = testkit::corpus::read_to_string("pdn/succeed/fen.pdn") else {
        return;
    };
    for game in games("fen.pdn", &text) {
        if let Some(fen) = game.tag("FEN") {
            Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        }
    }
}
