//! Board diagrams of random chess and draughts positions and boards: see
//! [`scoresheet_fuzz::diagram`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| scoresheet_fuzz::diagram(data));
