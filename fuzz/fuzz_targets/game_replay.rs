//! Whole games written with comments, NAGs and variations, replayed and converted to every
//! notation and back; raw records replayed: see [`scoresheet_fuzz::game_replay`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| scoresheet_fuzz::game_replay(data));
