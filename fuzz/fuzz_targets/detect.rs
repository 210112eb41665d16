//! Language detection on games written in a random language and on raw records: it names the
//! language written or refuses, never another: see [`scoresheet_fuzz::detect`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| scoresheet_fuzz::detect(data));
