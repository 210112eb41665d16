//! `scoresheet fmt` on raw files, and the reader's game places it relies on: see
//! [`scoresheet_fuzz::fmt_splice`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| scoresheet_fuzz::fmt_splice(data));
