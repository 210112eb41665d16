//! Legal moves from arbitrary FEN, Chess960 castling rights included, against shakmaty's:
//! see [`scoresheet_fuzz::movegen_fen_vs_shakmaty`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| scoresheet_fuzz::movegen_fen_vs_shakmaty(data));
