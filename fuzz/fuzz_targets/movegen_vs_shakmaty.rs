//! Legal moves of random reachable positions against shakmaty's: see
//! [`scoresheet_fuzz::movegen_vs_shakmaty`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| scoresheet_fuzz::movegen_vs_shakmaty(data));
