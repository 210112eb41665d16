//! Imports a book (any encoding) `N` times and prints the figures: what `cargo xtask books`
//! measures, with nothing else linked, so that a profiler (`valgrind --tool=callgrind`) sees
//! the book reader alone.
//!
//! `cargo run --release -p notation-descriptive --example book_import -- BOOK.txt [N]`

use notation_descriptive::{Descriptive, book};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: book_import BOOK.txt [TIMES]");
        std::process::exit(2);
    };
    let times: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    // The book repeated, as one text: a long book, not a loop over a short one.
    let mut text = Vec::with_capacity(bytes.len() * times);
    for _ in 0..times {
        text.extend_from_slice(&bytes);
    }
    let start = std::time::Instant::now();
    let (_, import) = book::read(&text, &Descriptive::OLD);
    let elapsed = start.elapsed();
    let complete = import.games.iter().filter(|g| g.complete).count();
    let d = import.diagrams;
    println!(
        "{} bytes: {} games, {complete} complete, {} diagnostics, {} not read, diagrams {} read, {} matched, {} differ, {} starts, note runs {} variations, {} not replayed, {} continued; {:.1} ms",
        text.len(),
        import.games.len(),
        import.diagnostics.len(),
        import.tally.get(book::LineClass::NotRead),
        d.read,
        d.matched,
        d.differ,
        d.starts,
        import.notes.variations,
        import.notes.not_replayed,
        import.notes.continued,
        elapsed.as_secs_f64() * 1000.0
    );
    // `BOOK_TAGS=1`: each game's tags.
    if std::env::var_os("BOOK_TAGS").is_some() {
        for game in &import.games {
            let tags: Vec<String> = game.tags.iter().map(|(n, v)| format!("{n}={v}")).collect();
            println!("line {}: {}", game.lines.0, tags.join("; "));
        }
    }
    // `BOOK_PGN=1`: the games as PGN, in SAN.
    if std::env::var_os("BOOK_PGN").is_some() {
        let mut out = String::new();
        for game in &import.games {
            game.write_pgn(
                &notation_descriptive::Tracked(notation_en::Algebraic::ENGLISH),
                &board_core::Dialect::pgn(),
                &mut out,
            );
        }
        print!("{out}");
    }
    // `BOOK_LINES=FROM-TO`: the class of each line of that range (from 1), beside the line.
    if let Ok(range) = std::env::var("BOOK_LINES") {
        let decoded = book::decode(&bytes);
        let (from, to) = range.split_once('-').unwrap_or((&range, &range));
        let (from, to): (usize, usize) = (from.parse().unwrap_or(1), to.parse().unwrap_or(0));
        for (k, line) in decoded
            .text
            .lines()
            .enumerate()
            .take(to)
            .skip(from.saturating_sub(1))
        {
            println!("{:>6} {:<8} {line}", k + 1, import.lines[k].name());
        }
    }
    // `BOOK_DIAGNOSTICS=1`: every diagnostic with its line, for a look at what was not read.
    if std::env::var_os("BOOK_DIAGNOSTICS").is_some() {
        let decoded = book::decode(&bytes);
        let index = book::LineIndex::new(&decoded.text);
        for d in import
            .diagnostics
            .iter()
            .filter(|d| d.span.start < decoded.text.len())
        {
            println!("{}: {}", index.line(d.span.start), d.message);
        }
    }
}
