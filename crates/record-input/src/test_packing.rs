//! Test input: zstd files packed frame by frame, as the tests of `frames` and `zstd_frames`
//! read them.

use std::io;

/// `text` in frames of `frame` bytes: with content sizes or without (as a stream
/// compressor writes them), with or without pzstd's skippable frames.
pub(crate) fn pack(text: &[u8], frame: usize, sized: bool, pzstd: bool) -> Vec<u8> {
    let mut out = Vec::new();
    for part in text.chunks(frame) {
        let packed = if sized {
            zstd::encode_all(part, 3).unwrap()
        } else {
            let mut encoder = zstd::stream::write::Encoder::new(Vec::new(), 3).unwrap();
            encoder.include_contentsize(false).unwrap();
            encoder.include_checksum(true).unwrap();
            io::Write::write_all(&mut encoder, part).unwrap();
            encoder.finish().unwrap()
        };
        if pzstd {
            out.extend(0x184D_2A50u32.to_le_bytes());
            out.extend(4u32.to_le_bytes());
            out.extend((packed.len() as u32).to_le_bytes());
        }
        out.extend(packed);
    }
    out
}
