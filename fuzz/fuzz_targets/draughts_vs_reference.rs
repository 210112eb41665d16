//! Draughts legal moves against the reference generator of the fuzz crate: see
//! [`scoresheet_fuzz::draughts_vs_reference`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| scoresheet_fuzz::draughts_vs_reference(data));
