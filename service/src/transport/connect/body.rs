//! The bytes of a Connect message: envelopes (a flag byte and a length, the same shape as
//! gRPC's) and gzip, the one compression besides `identity` (flate2).

use bytes::{Buf, BufMut, Bytes, BytesMut};
use std::io::{Read, Write};

/// An enveloped message is compressed with the stream's `connect-content-encoding`.
pub(super) const COMPRESSED: u8 = 0x01;
/// A Connect stream's end message is flagged so.
pub(super) const END_STREAM: u8 = 0x02;
/// An answer shorter than this goes uncompressed: gzip would only add bytes to it.
pub(super) const COMPRESS_MIN_BYTES: usize = 1024;

/// One length-prefixed message.
pub(super) fn envelope(flags: u8, payload: &[u8]) -> Bytes {
    let mut out = BytesMut::with_capacity(5 + payload.len());
    out.put_u8(flags);
    out.put_u32(payload.len() as u32);
    out.put_slice(payload);
    out.freeze()
}

/// Splits whole envelopes off the front of `buf`: (flags, payload) each.
pub(super) fn take_envelopes(buf: &mut BytesMut) -> Vec<(u8, Bytes)> {
    let mut out = Vec::new();
    while buf.len() >= 5 {
        let len = u32::from_be_bytes([buf[1], buf[2], buf[3], buf[4]]) as usize;
        if buf.len() < 5 + len {
            break;
        }
        let flags = buf[0];
        buf.advance(5);
        out.push((flags, buf.split_to(len).freeze()));
    }
    out
}

/// Why a compressed message was refused.
#[derive(Debug, thiserror::Error)]
pub(super) enum Gunzip {
    #[error("the message is larger than {0} bytes decompressed")]
    TooLarge(usize),
    #[error("the message is not gzip: {0}")]
    Corrupt(std::io::Error),
}

/// `data` decompressed, refused past `max` bytes: the limit is on what comes out, so a small
/// bomb cannot make a large allocation.
pub(super) fn gunzip(data: &[u8], max: usize) -> Result<Bytes, Gunzip> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(data)
        .take(max as u64 + 1)
        .read_to_end(&mut out)
        .map_err(Gunzip::Corrupt)?;
    if out.len() > max {
        return Err(Gunzip::TooLarge(max));
    }
    Ok(out.into())
}

pub(super) fn gzip(data: &[u8]) -> Bytes {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(data.len() / 2),
        flate2::Compression::fast(),
    );
    encoder.write_all(data).expect("writing to memory");
    encoder.finish().expect("writing to memory").into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn envelopes_split_only_whole_messages() {
        let mut buf = BytesMut::new();
        buf.put(envelope(0, b"abc"));
        buf.put(envelope(END_STREAM, b"{}"));
        buf.put(&b"\x00\x00\x00"[..]);
        let got = take_envelopes(&mut buf);
        assert_eq!(got.len(), 2);
        assert_eq!((got[0].0, &got[0].1[..]), (0, &b"abc"[..]));
        assert_eq!(got[1].0, END_STREAM);
        assert_eq!(buf.len(), 3, "a partial envelope waits for the rest");
    }

    #[test]
    fn gzip_round_trips_and_a_bomb_stops_at_the_limit() {
        let text = b"claim ".repeat(1000);
        assert_eq!(&gunzip(&gzip(&text), 6000).unwrap()[..], &text[..]);
        assert!(matches!(
            gunzip(&gzip(&text), 5999),
            Err(Gunzip::TooLarge(5999))
        ));
        let bomb = gzip(&vec![0u8; 50 << 20]);
        assert!(
            bomb.len() < 1 << 20,
            "50 MB of zeros fits under the body limit"
        );
        assert!(matches!(gunzip(&bomb, 1 << 20), Err(Gunzip::TooLarge(_))));
        assert!(matches!(gunzip(b"not gzip", 100), Err(Gunzip::Corrupt(_))));
    }
}
