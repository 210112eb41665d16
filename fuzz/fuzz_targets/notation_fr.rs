//! French notation and every letter table, on random reachable positions and raw tokens: see
//! [`scoresheet_fuzz::notation_fr`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| scoresheet_fuzz::notation_fr(data));
