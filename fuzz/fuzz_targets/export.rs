//! `scoresheet export` and the games table on raw bytes: see [`scoresheet_fuzz::export`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| scoresheet_fuzz::export(data));
