//! English SAN, the other letter tables, figurine, LAN and UCI on raw text and random
//! positions: see [`scoresheet_fuzz::notation_en`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| scoresheet_fuzz::notation_en(data));
