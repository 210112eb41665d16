//! Scoresheets of random games and texts, as SVG pages and HTML: see
//! [`scoresheet_fuzz::sheet`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| scoresheet_fuzz::sheet(data));
