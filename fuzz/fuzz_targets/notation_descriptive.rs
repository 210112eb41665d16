//! Descriptive notation: moves of random positions written and read back in every style, raw
//! text read as a token, raw bytes imported as a book: see
//! [`scoresheet_fuzz::notation_descriptive::notation_descriptive`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    scoresheet_fuzz::notation_descriptive::notation_descriptive(data);
});
