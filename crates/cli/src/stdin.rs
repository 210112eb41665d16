//! Standard input read ahead: its start, taken once to tell which game it records, is read
//! again in front of the rest by whichever command then reads it. Stdin cannot be read twice,
//! so a `[GameType "20"]` tag or a first move `32-28` on stdin went unseen and a draughts
//! record piped in was read as chess.

use std::io::{self, Cursor, Read};
use std::sync::Mutex;

/// How much of stdin is read ahead: what a file's start is sniffed for.
const AHEAD: usize = 16 * 1024;

/// The bytes read ahead and not yet handed to a reader; `None` before any was read.
static AHEAD_BYTES: Mutex<Option<Vec<u8>>> = Mutex::new(None);

/// The first bytes of stdin (up to 16 KiB, as they come: packed or not), read once; later
/// calls give the same bytes until [`reader`] takes them.
///
/// # Errors
///
/// What reading stdin gave.
pub(crate) fn start() -> io::Result<Vec<u8>> {
    let mut kept = AHEAD_BYTES
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(bytes) = kept.as_ref() {
        return Ok(bytes.clone());
    }
    let mut bytes = Vec::with_capacity(AHEAD);
    let read = io::stdin()
        .lock()
        .take(AHEAD as u64)
        .read_to_end(&mut bytes);
    // Kept even when reading failed part way: the bytes read are input, handed to the reader
    // in front of whatever stdin still gives it.
    *kept = Some(bytes.clone());
    read.map(|_| bytes)
}

/// Stdin whole: the bytes [`start`] read ahead, then the rest.
pub(crate) fn reader() -> Box<dyn Read> {
    let ahead = AHEAD_BYTES
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .take()
        .unwrap_or_default();
    Box::new(Cursor::new(ahead).chain(io::stdin().lock()))
}
