//! PGN and PDN readers on raw bytes; write(read(x)) is a fixed point.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| scoresheet_fuzz::records(data));
