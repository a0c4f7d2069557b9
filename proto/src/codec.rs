//! The codec of the generated services: prost's, except that
//!
//! - a request body that is not a valid protobuf message is INVALID_ARGUMENT (the caller's fault)
//!   rather than prost's INTERNAL, which would count and log a client's garbage as a server fault;
//! - a streamed response hands each message to HTTP/2 as soon as it is encoded instead of asking
//!   the stream for more to batch: the stream is then polled only when HTTP/2 can take more, so a
//!   watch stream builds its next message only for a reader that reads (`service/src/rpc/streams.rs`);
//! - the encoding buffer starts small, since thousands of watch streams each keep one;
//! - what a service answers is an [`Answer`]: a prost message, or bytes encoded once
//!   (`crate::encoded`).

use std::marker::PhantomData;
use tonic::Status;
use tonic::codec::{BufferSettings, Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};
use tonic_prost::{ProstCodec, ProstDecoder};

/// What a service answers with, written into the HTTP/2 body.
pub trait Answer: Send + 'static {
    fn encode_into(self, buf: &mut EncodeBuf<'_>) -> Result<(), Status>;
}

impl<M: prost::Message + Send + 'static> Answer for M {
    fn encode_into(self, buf: &mut EncodeBuf<'_>) -> Result<(), Status> {
        // The buffer grows as needed: prost's only error (too little room) cannot happen.
        self.encode(buf)
            .map_err(|e| Status::internal(format!("encoding the answer: {e}")))
    }
}

/// [`ProstCodec`] with malformed input mapped to INVALID_ARGUMENT.
#[derive(Debug, Clone)]
pub struct Strict<T, U> {
    _pd: PhantomData<(T, U)>,
}

impl<T, U> Default for Strict<T, U> {
    fn default() -> Self {
        Strict { _pd: PhantomData }
    }
}

impl<T, U> Codec for Strict<T, U>
where
    T: Answer,
    U: prost::Message + Default + Send + 'static,
{
    type Encode = T;
    type Decode = U;
    type Encoder = UnbatchedEncoder<T>;
    type Decoder = StrictDecoder<U>;

    fn encoder(&mut self) -> Self::Encoder {
        UnbatchedEncoder(PhantomData)
    }

    fn decoder(&mut self) -> Self::Decoder {
        StrictDecoder(ProstCodec::<U, U>::default().decoder())
    }
}

/// Writes each answer; yields every message on its own, from a small buffer.
pub struct UnbatchedEncoder<T>(PhantomData<T>);

impl<T: Answer> Encoder for UnbatchedEncoder<T> {
    type Item = T;
    type Error = Status;

    fn encode(&mut self, item: T, buf: &mut EncodeBuf<'_>) -> Result<(), Status> {
        item.encode_into(buf)
    }

    fn buffer_settings(&self) -> BufferSettings {
        // Initial buffer 1 KiB (it grows to the largest message); yield at once.
        BufferSettings::new(1024, 1)
    }
}

/// Decodes with prost; a decode error becomes INVALID_ARGUMENT.
pub struct StrictDecoder<U>(ProstDecoder<U>);

impl<U> Decoder for StrictDecoder<U>
where
    U: prost::Message + Default + Send + 'static,
{
    type Item = U;
    type Error = Status;

    fn decode(&mut self, buf: &mut DecodeBuf<'_>) -> Result<Option<U>, Status> {
        self.0.decode(buf).map_err(|e| {
            Status::invalid_argument(format!(
                "the request is not a valid protobuf message: {}",
                e.message()
            ))
        })
    }

    fn buffer_settings(&self) -> BufferSettings {
        self.0.buffer_settings()
    }
}
