//! Any bytes as a FEN: see [`scoresheet_fuzz::fen_read`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| scoresheet_fuzz::fen_read(data));
