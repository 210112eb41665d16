//! Manoury moves in random positions, Manoury token syntax and draughts FEN on raw bytes: see
//! [`scoresheet_fuzz::notation_manoury`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| scoresheet_fuzz::notation_manoury(data));
