//! `scoresheet fmt` on raw files, run in process through the command line's library entry
//! point ([`scoresheet::run`]): its splicing (games that replay written again, every other
//! byte kept) lives in the command, not in a library crate, so the command itself is fuzzed,
//! on a file in a private temporary folder. Beside it, the record reader's source places,
//! which the splicing trusts, are checked on the same bytes.
//!
//! `fmt` writes its diagnostics to the process's stderr; `cargo xtask fuzz` closes the
//! target's stderr (`-close_fd_mask=2`) so that a run does not print one line per input.
//!
//! # Examples
//!
//! ```
//! scoresheet_fuzz::fmt_splice(b"\x00[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\njunk\n\n1. Kf4 *\n");
//! scoresheet_fuzz::record_places(b"1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n");
//! ```

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};

use board_core::{Dialect, ReadError, RecordReader};

/// The first byte chooses the file's extension (`.pgn`, chess; `.pdn`, draughts, as `fmt`
/// infers the game); the rest is the file. `scoresheet fmt --quiet FILE`:
///
/// - never panics and exits 0 (all games replay) or 1 (some do not), never 2;
/// - is idempotent: run again on what it wrote, it exits the same way and leaves the file as
///   it is;
/// - loses nothing: the text of every game the reader refuses is still in the file, and the
///   file holds as many games (read or refused) as before;
/// - and the reader places every game where fmt looks for it ([`record_places`]).
///
/// # Panics
///
/// When the property does not hold.
pub fn fmt_splice(data: &[u8]) {
    let Some((&mode, file)) = data.split_first() else {
        return;
    };
    let (ext, dialect) = if mode % 2 == 0 {
        ("pgn", Dialect::pgn())
    } else {
        ("pdn", notation_manoury::dialect())
    };
    record_places_in(file, &dialect);
    let path = scratch_file(ext);
    std::fs::write(&path, file).expect("a writable scratch folder");

    let first = fmt(&path);
    assert!(
        first == ExitCode::SUCCESS || first == ExitCode::from(1),
        "fmt exits {first:?} on {:?}",
        String::from_utf8_lossy(file)
    );
    let once = std::fs::read(&path).expect("fmt leaves the file");
    let second = fmt(&path);
    let twice = std::fs::read(&path).expect("fmt leaves the file");
    let _ = std::fs::remove_file(&path);
    if let Some(dir) = path.parent() {
        let _ = std::fs::remove_dir(dir);
    }

    let input = String::from_utf8_lossy(file);
    let output = String::from_utf8_lossy(&once);
    assert_eq!(
        second, first,
        "fmt exits otherwise on its own output:\n{output}"
    );
    assert!(
        twice == once,
        "fmt is not idempotent:\n{input}\n-- once --\n{output}\n-- twice --\n{}",
        String::from_utf8_lossy(&twice)
    );

    let count = |bytes: &[u8]| {
        RecordReader::new(bytes, dialect.clone())
            .filter(|item| matches!(item, Ok(_) | Err(ReadError::Game(_))))
            .count()
    };
    assert_eq!(
        count(&once),
        count(file),
        "games read before and after fmt:\n{input}\n-- formatted --\n{output}"
    );
    if std::str::from_utf8(file).is_ok() {
        for item in RecordReader::new(file, dialect.clone()) {
            if let Err(ReadError::Game(e)) = item {
                let text = e.text().trim();
                assert!(
                    output.contains(text),
                    "a refused game is lost: {text:?}\n-- formatted --\n{output}"
                );
            }
        }
    }
}

/// Any bytes as PGN and as PDN: every game the reader gives (read or refused) stands in the
/// input at the place it names (its bytes are its text, UTF-8 input), after the game before
/// it, as `fmt` needs to splice it back.
///
/// # Panics
///
/// When the property does not hold.
pub fn record_places(data: &[u8]) {
    record_places_in(data, &Dialect::pgn());
    record_places_in(data, &notation_manoury::dialect());
}

fn record_places_in(data: &[u8], dialect: &Dialect) {
    let mut end = 0usize;
    for item in RecordReader::new(data, dialect.clone()) {
        // A game's bytes in the file are `source_len` long. A refused game says where it
        // starts, not how long it is: the least, 0.
        let (offset, len, text) = match &item {
            Ok(game) => (game.offset(), game.source_len(), Some(game.text())),
            Err(ReadError::Game(e)) => (e.offset(), 0, None),
            Err(_) => continue,
        };
        let start = usize::try_from(offset).expect("an offset in memory");
        assert!(
            start >= end,
            "a game at byte {start} overlaps the one before, which ends at {end}"
        );
        assert!(
            start + len <= data.len(),
            "the game at byte {start} ends past the input"
        );
        // ASCII bytes are read as they are: their text is them. Other bytes may be decoded
        // (Latin-1, Windows-1252) or read leniently (a dash look-alike as `-`).
        let bytes = &data[start..start + len];
        if let Some(text) = text.filter(|_| bytes.is_ascii()) {
            assert_eq!(
                bytes,
                text.as_bytes(),
                "the game at byte {start} is not where the reader says"
            );
        }
        end = start + len;
    }
}

/// `scoresheet fmt --quiet PATH`, in this process.
fn fmt(path: &Path) -> ExitCode {
    scoresheet::run([
        "scoresheet".as_ref(),
        "fmt".as_ref(),
        "--quiet".as_ref(),
        path.as_os_str(),
    ])
}

/// A new file in a scratch folder of its own (in memory where `/dev/shm` exists, as `fmt`
/// syncs what it writes), so that `fmt`'s temporary files beside it meet no one else's.
fn scratch_file(ext: &str) -> PathBuf {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let base = Path::new("/dev/shm");
    let base = if base.is_dir() {
        base.to_path_buf()
    } else {
        std::env::temp_dir()
    };
    let dir = base.join(format!(
        "scoresheet-fuzz-fmt-{}-{}",
        std::process::id(),
        COUNT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir.join(format!("game.{ext}"))
}
