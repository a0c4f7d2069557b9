//! A deliberately misbehaving HTTP/2 client for the hostile-client tests.
//!
//! A well-behaved client library will not stall a request body, refuse to open its flow-control
//! window, flood a connection with streams or send two `authorization` headers; this one writes
//! the frames itself over a plain TCP socket (h2c with prior knowledge), so it can. A reader task
//! parses what the server sends back and keeps a [`Report`]: per stream the response headers,
//! trailers, DATA bytes and RST_STREAM code; per connection the server's SETTINGS, GOAWAY, how
//! the connection ended and the bytes received. Tests wait on that report with
//! [`Conn::wait_until`].
//!
//! Requests are HPACK-encoded by hand (literal fields without indexing, no Huffman: all a client
//! needs). Responses are decoded with `loona-hpack`, because the server's encoder uses Huffman
//! codes and the dynamic table.

use std::collections::BTreeMap;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::sync::{mpsc, oneshot, watch};
use tokio::task::JoinHandle;

/// What every HTTP/2 connection starts with (RFC 9113 §3.4).
const PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
/// The largest frame payload either side may send without a SETTINGS saying otherwise; this
/// client never raises it, so the server must not send larger frames either.
const MAX_FRAME: usize = 16_384;
/// How much of each stream's DATA the report keeps (the byte count is always complete).
const KEPT_DATA: usize = 64 * 1024;

/// Frame types (RFC 9113 §6).
pub mod kind {
    pub const DATA: u8 = 0x0;
    pub const HEADERS: u8 = 0x1;
    pub const RST_STREAM: u8 = 0x3;
    pub const SETTINGS: u8 = 0x4;
    pub const PING: u8 = 0x6;
    pub const GOAWAY: u8 = 0x7;
    pub const WINDOW_UPDATE: u8 = 0x8;
    pub const CONTINUATION: u8 = 0x9;
}

/// Frame flags.
pub mod flag {
    pub const END_STREAM: u8 = 0x1;
    pub const ACK: u8 = 0x1;
    pub const END_HEADERS: u8 = 0x4;
    pub const PADDED: u8 = 0x8;
    pub const PRIORITY: u8 = 0x20;
}

/// SETTINGS identifiers.
pub mod setting {
    pub const ENABLE_PUSH: u16 = 0x2;
    pub const MAX_CONCURRENT_STREAMS: u16 = 0x3;
    pub const INITIAL_WINDOW_SIZE: u16 = 0x4;
}

/// Error codes of RST_STREAM and GOAWAY.
pub mod code {
    pub const NO_ERROR: u32 = 0x0;
    pub const REFUSED_STREAM: u32 = 0x7;
    pub const CANCEL: u32 = 0x8;
    pub const ENHANCE_YOUR_CALM: u32 = 0xb;
}

/// One frame's header fields and payload.
#[derive(Clone, Debug)]
pub struct Frame {
    pub kind: u8,
    pub flags: u8,
    pub stream: u32,
    pub payload: Vec<u8>,
}

impl Frame {
    pub fn new(kind: u8, flags: u8, stream: u32, payload: Vec<u8>) -> Frame {
        Frame {
            kind,
            flags,
            stream,
            payload,
        }
    }

    /// The frame on the wire: 24-bit length, type, flags, 31-bit stream id, payload.
    pub fn encode(&self, out: &mut Vec<u8>) {
        let len = self.payload.len() as u32;
        assert!(len < 1 << 24, "a frame payload fits in 24 bits");
        out.extend_from_slice(&len.to_be_bytes()[1..]);
        out.push(self.kind);
        out.push(self.flags);
        out.extend_from_slice(&(self.stream & 0x7fff_ffff).to_be_bytes());
        out.extend_from_slice(&self.payload);
    }
}

/// An HPACK integer with an `prefix_bits`-bit prefix, the prefix's other bits being `first`
/// (RFC 7541 §5.1).
fn hpack_int(out: &mut Vec<u8>, first: u8, prefix_bits: u8, mut value: usize) {
    let max = (1usize << prefix_bits) - 1;
    if value < max {
        out.push(first | value as u8);
        return;
    }
    out.push(first | max as u8);
    value -= max;
    while value >= 0x80 {
        out.push((value & 0x7f) as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// A header block of literal fields without indexing, names and values as raw octets: the
/// server's dynamic table never changes, so no state is shared between blocks.
pub fn hpack_block(fields: &[(String, String)]) -> Vec<u8> {
    let mut out = Vec::new();
    for (name, value) in fields {
        out.push(0x00); // literal without indexing, new name
        for s in [name, value] {
            hpack_int(&mut out, 0x00, 7, s.len()); // H = 0: no Huffman
            out.extend_from_slice(s.as_bytes());
        }
    }
    out
}

/// The pseudo-headers and headers of a gRPC call to `path`, then `extra` (repeats allowed).
pub fn grpc_headers(authority: &str, path: &str, extra: &[(&str, &str)]) -> Vec<(String, String)> {
    [
        (":method", "POST"),
        (":scheme", "http"),
        (":path", path),
        (":authority", authority),
        ("content-type", "application/grpc"),
        ("te", "trailers"),
    ]
    .iter()
    .chain(extra)
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect()
}

/// A gRPC length-prefixed message: uncompressed flag, 32-bit length, the bytes as given (which
/// need not be valid protobuf).
pub fn grpc_frame(message: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(5 + message.len());
    out.push(0);
    out.extend_from_slice(&(message.len() as u32).to_be_bytes());
    out.extend_from_slice(message);
    out
}

/// A request message's protobuf encoding.
pub fn encode(message: &impl prost::Message) -> Vec<u8> {
    message.encode_to_vec()
}

/// `body` in pieces of at most [`MAX_FRAME`] bytes (one empty piece for an empty body).
fn pieces(body: &[u8]) -> Vec<&[u8]> {
    if body.is_empty() {
        vec![body]
    } else {
        body.chunks(MAX_FRAME).collect()
    }
}

/// HEADERS (then CONTINUATION when the block is larger than a frame) opening `stream`.
fn header_frames(out: &mut Vec<u8>, stream: u32, block: &[u8], end_stream: bool) {
    let pieces = pieces(block);
    let last = pieces.len() - 1;
    for (i, piece) in pieces.into_iter().enumerate() {
        let (kind, mut flags) = match i {
            0 if end_stream => (kind::HEADERS, flag::END_STREAM),
            0 => (kind::HEADERS, 0),
            _ => (kind::CONTINUATION, 0),
        };
        if i == last {
            flags |= flag::END_HEADERS;
        }
        Frame::new(kind, flags, stream, piece.to_vec()).encode(out);
    }
}

/// DATA frames carrying `body`; the last one ends the stream when `end_stream`.
fn data_frames(out: &mut Vec<u8>, stream: u32, body: &[u8], end_stream: bool) {
    let pieces = pieces(body);
    let last = pieces.len() - 1;
    for (i, piece) in pieces.into_iter().enumerate() {
        let flags = if i == last && end_stream {
            flag::END_STREAM
        } else {
            0
        };
        Frame::new(kind::DATA, flags, stream, piece.to_vec()).encode(out);
    }
}

/// How this client misbehaves (or not).
#[derive(Clone, Copy, Debug)]
pub struct Behaviour {
    /// The SETTINGS_INITIAL_WINDOW_SIZE it advertises: how many bytes the server may send on a
    /// stream before the client opens the window further. 0: none at all.
    pub initial_window: u32,
    /// Whether every DATA frame received is given back with WINDOW_UPDATE (stream and
    /// connection), as a reader that keeps up would.
    pub replenish: bool,
    /// Whether the server's PINGs are answered.
    pub answer_pings: bool,
}

impl Default for Behaviour {
    /// A client that reads everything it is sent.
    fn default() -> Self {
        Behaviour {
            initial_window: 65_535,
            replenish: true,
            answer_pings: true,
        }
    }
}

impl Behaviour {
    /// A reader that never lets the server send a byte of DATA (but answers PINGs, so it looks
    /// alive).
    pub fn zero_window() -> Self {
        Behaviour {
            initial_window: 0,
            replenish: false,
            answer_pings: true,
        }
    }
}

/// What the server sent on one stream.
#[derive(Clone, Debug)]
pub struct StreamReport {
    pub opened_at: Instant,
    /// The response headers (`:status`, `content-type`, …; `grpc-status` too when the server
    /// answered trailers-only).
    pub headers: Vec<(String, String)>,
    /// The trailers, once a second header block arrived.
    pub trailers: Option<Vec<(String, String)>>,
    /// Every DATA byte received.
    pub data_bytes: u64,
    /// The first [`KEPT_DATA`] bytes of DATA.
    pub data: Vec<u8>,
    /// The first RST_STREAM error code, if the server reset the stream.
    pub reset: Option<u32>,
    /// When the server ended the stream (END_STREAM or RST_STREAM).
    pub ended_at: Option<Instant>,
}

impl StreamReport {
    fn new() -> StreamReport {
        StreamReport {
            opened_at: Instant::now(),
            headers: Vec::new(),
            trailers: None,
            data_bytes: 0,
            data: Vec::new(),
            reset: None,
            ended_at: None,
        }
    }

    /// A header of the trailers, else of the headers (a trailers-only response).
    fn field(&self, name: &str) -> Option<&str> {
        fn find<'a>(fields: &'a [(String, String)], name: &str) -> Option<&'a str> {
            fields
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        }
        self.trailers
            .as_deref()
            .and_then(|t| find(t, name))
            .or_else(|| find(&self.headers, name))
    }

    /// The call's gRPC status code, once the server sent one.
    pub fn grpc_status(&self) -> Option<u32> {
        self.field("grpc-status").and_then(|s| s.parse().ok())
    }

    /// The status message as sent (percent-encoded, so its length is what went on the wire).
    pub fn grpc_message(&self) -> Option<&str> {
        self.field("grpc-message")
    }

    /// Whether response headers arrived.
    pub fn responded(&self) -> bool {
        !self.headers.is_empty()
    }

    pub fn ended(&self) -> bool {
        self.ended_at.is_some()
    }

    /// The gRPC messages received in full (within the kept data).
    pub fn messages(&self) -> Vec<&[u8]> {
        let mut out = Vec::new();
        let mut rest = &self.data[..];
        while rest.len() >= 5 {
            let len = u32::from_be_bytes([rest[1], rest[2], rest[3], rest[4]]) as usize;
            if rest.len() < 5 + len {
                break;
            }
            out.push(&rest[5..5 + len]);
            rest = &rest[5 + len..];
        }
        out
    }
}

/// A GOAWAY from the server.
#[derive(Clone, Debug)]
pub struct GoAway {
    pub at: Instant,
    pub last_stream: u32,
    pub code: u32,
    pub debug: String,
}

/// How the connection ended.
#[derive(Clone, Debug)]
pub enum Closed {
    /// The server closed it (end of file).
    Eof(Instant),
    /// Reading or writing failed (e.g. the server reset it).
    Failed(Instant, io::ErrorKind),
    /// The server sent what this client cannot read (an oversized frame, a bad header block).
    Garbled(Instant, String),
}

impl Closed {
    pub fn at(&self) -> Instant {
        match self {
            Closed::Eof(at) | Closed::Failed(at, _) | Closed::Garbled(at, _) => *at,
        }
    }
}

/// Everything the server has sent on one connection so far.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The server's first SETTINGS frame, in order.
    pub server_settings: Option<Vec<(u16, u32)>>,
    pub streams: BTreeMap<u32, StreamReport>,
    pub goaway: Option<GoAway>,
    pub closed: Option<Closed>,
    /// Every byte read from the socket.
    pub bytes_received: u64,
    /// PINGs the server sent (not acks of ours).
    pub pings_received: u64,
    /// Acks of the PINGs this client sent.
    pub ping_acks: u64,
}

impl Report {
    /// The value of a SETTINGS parameter the server sent, if it sent it.
    pub fn setting(&self, id: u16) -> Option<u32> {
        self.server_settings
            .as_ref()?
            .iter()
            .rev()
            .find(|(k, _)| *k == id)
            .map(|(_, v)| *v)
    }

    /// Whether the server refused `stream` outright: RST_STREAM REFUSED_STREAM, or a GOAWAY
    /// whose last processed stream is below it.
    pub fn refused(&self, stream: u32) -> bool {
        self.streams.get(&stream).and_then(|s| s.reset) == Some(code::REFUSED_STREAM)
            || self.goaway.as_ref().is_some_and(|g| stream > g.last_stream)
    }

    /// When the server was done with `stream`: it ended or refused it, or closed the connection.
    pub fn end_of(&self, stream: u32) -> Option<Instant> {
        let s = self.streams.get(&stream)?;
        s.ended_at
            .or_else(|| {
                self.goaway
                    .as_ref()
                    .filter(|g| stream > g.last_stream)
                    .map(|g| g.at)
            })
            .or_else(|| self.closed.as_ref().map(Closed::at))
    }

    /// Streams the server has not ended, refused or dropped with the connection.
    pub fn open_streams(&self) -> usize {
        self.streams
            .keys()
            .filter(|id| self.end_of(**id).is_none())
            .count()
    }
}

/// What the writer task is handed: bytes to send, or a request to say when all before it went.
enum Out {
    Bytes(Vec<u8>),
    Flushed(oneshot::Sender<io::Result<()>>),
}

/// One raw HTTP/2 connection to the server.
pub struct Conn {
    authority: String,
    next_stream: u32,
    out: mpsc::UnboundedSender<Out>,
    report: Arc<watch::Sender<Report>>,
    tasks: [JoinHandle<()>; 2],
}

impl Conn {
    /// Connects, sends the preface and a SETTINGS frame saying how this client behaves, and
    /// starts reading. Nothing else is sent until asked.
    pub async fn connect(addr: SocketAddr, behaviour: Behaviour) -> io::Result<Conn> {
        let socket = TcpStream::connect(addr).await?;
        socket.set_nodelay(true)?;
        let (rd, wr) = socket.into_split();
        let report = Arc::new(watch::Sender::new(Report::default()));
        let (out, rx) = mpsc::unbounded_channel();
        let mut hello = PREFACE.to_vec();
        let settings = [
            (setting::ENABLE_PUSH, 0),
            (setting::INITIAL_WINDOW_SIZE, behaviour.initial_window),
        ];
        Frame::new(kind::SETTINGS, 0, 0, settings_payload(&settings)).encode(&mut hello);
        let _ = out.send(Out::Bytes(hello));
        let writer = tokio::spawn(write_loop(wr, rx, report.clone()));
        let reader = tokio::spawn(read_loop(rd, out.clone(), report.clone(), behaviour));
        Ok(Conn {
            authority: addr.to_string(),
            next_stream: 1,
            out,
            report,
            tasks: [reader, writer],
        })
    }

    /// Queues raw bytes (frames this module has no helper for, or deliberately broken ones).
    pub fn send_raw(&self, bytes: Vec<u8>) {
        // A closed writer already recorded why in the report.
        let _ = self.out.send(Out::Bytes(bytes));
    }

    /// Waits until everything queued so far was written to the socket.
    pub async fn flush(&self) -> io::Result<()> {
        let (tx, rx) = oneshot::channel();
        let gone = || io::Error::new(io::ErrorKind::BrokenPipe, "the writer has stopped");
        self.out.send(Out::Flushed(tx)).map_err(|_| gone())?;
        rx.await.map_err(|_| gone())?
    }

    /// A new client stream id, entered in the report so its answers are recorded.
    fn new_stream(&mut self) -> u32 {
        let id = self.next_stream;
        self.next_stream += 2;
        self.report.send_modify(|r| {
            r.streams.insert(id, StreamReport::new());
        });
        id
    }

    /// Opens a stream with the headers of a gRPC call to `path` (plus `extra`) and sends no
    /// body: the server waits for a request that never comes.
    pub fn stall(&mut self, path: &str, extra: &[(&str, &str)]) -> u32 {
        let id = self.new_stream();
        let mut out = Vec::new();
        let block = hpack_block(&grpc_headers(&self.authority, path, extra));
        header_frames(&mut out, id, &block, false);
        self.send_raw(out);
        id
    }

    /// A whole unary or server-streaming request: headers, then `message` (protobuf bytes,
    /// valid or not) as one gRPC message ending the stream.
    pub fn request(&mut self, path: &str, extra: &[(&str, &str)], message: &[u8]) -> u32 {
        let id = self.new_stream();
        let mut out = Vec::new();
        let block = hpack_block(&grpc_headers(&self.authority, path, extra));
        header_frames(&mut out, id, &block, false);
        data_frames(&mut out, id, &grpc_frame(message), true);
        self.send_raw(out);
        id
    }

    /// DATA on an open stream (request bodies only up to the server's initial window: this
    /// client does not wait for the server's WINDOW_UPDATEs).
    pub fn send_data(&self, stream: u32, body: &[u8], end_stream: bool) {
        let mut out = Vec::new();
        data_frames(&mut out, stream, body, end_stream);
        self.send_raw(out);
    }

    pub fn window_update(&self, stream: u32, increment: u32) {
        self.send_raw(window_update(stream, increment));
    }

    pub fn reset(&self, stream: u32, error: u32) {
        let mut out = Vec::new();
        Frame::new(kind::RST_STREAM, 0, stream, error.to_be_bytes().to_vec()).encode(&mut out);
        self.send_raw(out);
    }

    /// Tells the server this client is leaving, having processed none of its streams.
    pub fn goaway(&self, error: u32) {
        let mut payload = 0u32.to_be_bytes().to_vec();
        payload.extend_from_slice(&error.to_be_bytes());
        let mut out = Vec::new();
        Frame::new(kind::GOAWAY, 0, 0, payload).encode(&mut out);
        self.send_raw(out);
    }

    /// A PING the server must answer (its ack is counted in [`Report::ping_acks`]).
    pub fn ping(&self, payload: [u8; 8]) {
        let mut out = Vec::new();
        Frame::new(kind::PING, 0, 0, payload.to_vec()).encode(&mut out);
        self.send_raw(out);
    }

    /// The report as it stands (do not hold it across an await).
    pub fn report(&self) -> watch::Ref<'_, Report> {
        self.report.borrow()
    }

    /// Waits at most `timeout` for `done` to hold; whether it did.
    pub async fn wait_until(&self, timeout: Duration, done: impl FnMut(&Report) -> bool) -> bool {
        let mut rx = self.report.subscribe();
        tokio::time::timeout(timeout, rx.wait_for(done))
            .await
            .is_ok()
    }

    /// The server's SETTINGS, waiting at most `timeout` for them.
    pub async fn server_settings(&self, timeout: Duration) -> Option<Vec<(u16, u32)>> {
        self.wait_until(timeout, |r| {
            r.server_settings.is_some() || r.closed.is_some()
        })
        .await;
        self.report().server_settings.clone()
    }

    /// Sends a whole request and waits at most `timeout` for the server to end the stream;
    /// what it sent on it (whether or not it ended).
    pub async fn call(
        &mut self,
        path: &str,
        extra: &[(&str, &str)],
        message: &[u8],
        timeout: Duration,
    ) -> StreamReport {
        let id = self.request(path, extra, message);
        self.wait_until(timeout, |r| r.end_of(id).is_some()).await;
        self.report().streams[&id].clone()
    }
}

impl Drop for Conn {
    /// Stops both tasks, which drops (closes) the socket.
    fn drop(&mut self) {
        for t in &self.tasks {
            t.abort();
        }
    }
}

fn settings_payload(settings: &[(u16, u32)]) -> Vec<u8> {
    let mut p = Vec::with_capacity(settings.len() * 6);
    for (id, value) in settings {
        p.extend_from_slice(&id.to_be_bytes());
        p.extend_from_slice(&value.to_be_bytes());
    }
    p
}

fn window_update(stream: u32, increment: u32) -> Vec<u8> {
    let mut out = Vec::new();
    Frame::new(
        kind::WINDOW_UPDATE,
        0,
        stream,
        (increment & 0x7fff_ffff).to_be_bytes().to_vec(),
    )
    .encode(&mut out);
    out
}

/// Writes whatever is queued, batching what is already waiting into one write.
async fn write_loop(
    mut socket: OwnedWriteHalf,
    mut rx: mpsc::UnboundedReceiver<Out>,
    report: Arc<watch::Sender<Report>>,
) {
    while let Some(first) = rx.recv().await {
        let mut buf = Vec::new();
        let mut waiting = Vec::new();
        let mut take = |o: Out| match o {
            Out::Bytes(b) => buf.extend_from_slice(&b),
            Out::Flushed(tx) => waiting.push(tx),
        };
        take(first);
        while let Ok(o) = rx.try_recv() {
            take(o);
        }
        let written = socket.write_all(&buf).await;
        let failed = written.as_ref().err().map(io::Error::kind);
        for tx in waiting {
            let _ = tx.send(match failed {
                None => Ok(()),
                Some(kind) => Err(kind.into()),
            });
        }
        if let Some(kind) = failed {
            report.send_modify(|r| {
                r.closed.get_or_insert(Closed::Failed(Instant::now(), kind));
            });
            return;
        }
    }
}

/// Reads one frame; `None` at a clean end of file.
async fn read_frame(socket: &mut BufReader<OwnedReadHalf>) -> io::Result<Option<Frame>> {
    let mut head = [0u8; 9];
    match socket.read_exact(&mut head).await {
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let len = u32::from_be_bytes([0, head[0], head[1], head[2]]) as usize;
    if len > MAX_FRAME {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a {len}-byte frame, over the {MAX_FRAME} this client allows"),
        ));
    }
    let mut payload = vec![0u8; len];
    socket.read_exact(&mut payload).await?;
    let stream = u32::from_be_bytes([head[5], head[6], head[7], head[8]]) & 0x7fff_ffff;
    Ok(Some(Frame::new(head[3], head[4], stream, payload)))
}

/// A frame's payload without its padding (and a HEADERS frame's priority fields).
fn content(f: &Frame) -> Result<&[u8], String> {
    let mut p = &f.payload[..];
    let padded = matches!(f.kind, kind::DATA | kind::HEADERS) && f.flags & flag::PADDED != 0;
    if padded {
        let pad = *p.first().ok_or("a padded frame without its pad length")? as usize;
        p = p
            .get(1..p.len().saturating_sub(pad))
            .ok_or("padding longer than the frame")?;
    }
    if f.kind == kind::HEADERS && f.flags & flag::PRIORITY != 0 {
        p = p.get(5..).ok_or("HEADERS too short for its priority")?;
    }
    Ok(p)
}

/// Reads frames until the connection ends, answering what the protocol requires (SETTINGS
/// acks, and PING acks and WINDOW_UPDATEs as `behaviour` says) and recording the rest.
async fn read_loop(
    socket: OwnedReadHalf,
    out: mpsc::UnboundedSender<Out>,
    report: Arc<watch::Sender<Report>>,
    behaviour: Behaviour,
) {
    let mut socket = BufReader::with_capacity(64 * 1024, socket);
    let mut reader = FrameReader {
        decoder: loona_hpack::Decoder::new(),
        block: None,
        out,
        behaviour,
    };
    let closed = loop {
        match read_frame(&mut socket).await {
            Ok(Some(frame)) => {
                let handled = report.send_modify_with(|r| {
                    r.bytes_received += 9 + frame.payload.len() as u64;
                    reader.handle(&frame, r)
                });
                if let Err(why) = handled {
                    break Closed::Garbled(Instant::now(), why);
                }
            }
            Ok(None) => break Closed::Eof(Instant::now()),
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                break Closed::Garbled(Instant::now(), e.to_string());
            }
            Err(e) => break Closed::Failed(Instant::now(), e.kind()),
        }
    };
    report.send_modify(|r| {
        r.closed.get_or_insert(closed);
    });
}

/// `watch::Sender::send_modify`, returning what the closure returns.
trait SendModifyWith<T> {
    fn send_modify_with<R>(&self, f: impl FnOnce(&mut T) -> R) -> R;
}

impl<T> SendModifyWith<T> for watch::Sender<T> {
    fn send_modify_with<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        let mut result = None;
        self.send_modify(|t| result = Some(f(t)));
        result.expect("send_modify runs the closure")
    }
}

/// The reading side's state: the HPACK decoder (its dynamic table spans the connection) and a
/// header block still waiting for its CONTINUATION frames.
struct FrameReader {
    decoder: loona_hpack::Decoder<'static>,
    block: Option<(u32, u8, Vec<u8>)>,
    out: mpsc::UnboundedSender<Out>,
    behaviour: Behaviour,
}

impl FrameReader {
    fn send(&self, frame: Frame) {
        let mut bytes = Vec::new();
        frame.encode(&mut bytes);
        let _ = self.out.send(Out::Bytes(bytes));
    }

    fn handle(&mut self, f: &Frame, r: &mut Report) -> Result<(), String> {
        match f.kind {
            kind::SETTINGS if f.flags & flag::ACK == 0 => {
                let pairs = f
                    .payload
                    .chunks_exact(6)
                    .map(|c| {
                        (
                            u16::from_be_bytes([c[0], c[1]]),
                            u32::from_be_bytes([c[2], c[3], c[4], c[5]]),
                        )
                    })
                    .collect();
                r.server_settings.get_or_insert(pairs);
                self.send(Frame::new(kind::SETTINGS, flag::ACK, 0, Vec::new()));
            }
            kind::PING if f.flags & flag::ACK != 0 => r.ping_acks += 1,
            kind::PING => {
                r.pings_received += 1;
                if self.behaviour.answer_pings {
                    self.send(Frame::new(kind::PING, flag::ACK, 0, f.payload.clone()));
                }
            }
            kind::HEADERS => {
                let block = content(f)?.to_vec();
                self.block = Some((f.stream, f.flags, block));
                if f.flags & flag::END_HEADERS != 0 {
                    self.finish_block(r)?;
                }
            }
            kind::CONTINUATION => {
                let Some((_, _, block)) = self.block.as_mut() else {
                    return Err("CONTINUATION without HEADERS".into());
                };
                block.extend_from_slice(&f.payload);
                if f.flags & flag::END_HEADERS != 0 {
                    self.finish_block(r)?;
                }
            }
            kind::DATA => {
                let data = content(f)?;
                if let Some(s) = r.streams.get_mut(&f.stream) {
                    s.data_bytes += data.len() as u64;
                    let room = KEPT_DATA.saturating_sub(s.data.len());
                    s.data.extend_from_slice(&data[..data.len().min(room)]);
                    if f.flags & flag::END_STREAM != 0 {
                        s.ended_at.get_or_insert_with(Instant::now);
                    }
                }
                // Flow control counts the whole payload, padding included.
                let used = f.payload.len() as u32;
                if self.behaviour.replenish && used > 0 {
                    let mut bytes = window_update(0, used);
                    bytes.extend(window_update(f.stream, used));
                    let _ = self.out.send(Out::Bytes(bytes));
                }
            }
            kind::RST_STREAM => {
                let code = f
                    .payload
                    .get(..4)
                    .map(|c| u32::from_be_bytes([c[0], c[1], c[2], c[3]]))
                    .ok_or("RST_STREAM without an error code")?;
                if let Some(s) = r.streams.get_mut(&f.stream) {
                    // The first reset says why; later ones answer frames sent after it.
                    s.reset.get_or_insert(code);
                    s.ended_at.get_or_insert_with(Instant::now);
                }
            }
            kind::GOAWAY => {
                let p = &f.payload;
                if p.len() < 8 {
                    return Err("GOAWAY shorter than 8 bytes".into());
                }
                r.goaway = Some(GoAway {
                    at: Instant::now(),
                    last_stream: u32::from_be_bytes([p[0], p[1], p[2], p[3]]) & 0x7fff_ffff,
                    code: u32::from_be_bytes([p[4], p[5], p[6], p[7]]),
                    debug: String::from_utf8_lossy(&p[8..]).into_owned(),
                });
            }
            // SETTINGS acks, WINDOW_UPDATE (this client does not track its send window),
            // PRIORITY, unknown types: nothing to record.
            _ => {}
        }
        Ok(())
    }

    /// Decodes a complete header block (always, to keep the dynamic table in step) and files
    /// it as the stream's headers, or its trailers if headers came before.
    fn finish_block(&mut self, r: &mut Report) -> Result<(), String> {
        let (stream, flags, block) = self.block.take().expect("a header block in progress");
        let fields: Vec<(String, String)> = self
            .decoder
            .decode(&block)
            .map_err(|e| format!("undecodable header block: {e:?}"))?
            .into_iter()
            .map(|(k, v)| {
                (
                    String::from_utf8_lossy(&k).into_owned(),
                    String::from_utf8_lossy(&v).into_owned(),
                )
            })
            .collect();
        if let Some(s) = r.streams.get_mut(&stream) {
            if s.headers.is_empty() {
                s.headers = fields;
            } else {
                s.trailers = Some(fields);
            }
            if flags & flag::END_STREAM != 0 {
                s.ended_at.get_or_insert_with(Instant::now);
            }
        }
        Ok(())
    }
}

/// Reads and discards from a socket that sends nothing itself until the server closes it, at
/// most `timeout`; how it ended, or `None` if it is still open.
pub async fn wait_closed(socket: &mut TcpStream, timeout: Duration) -> Option<Closed> {
    let read_to_end = async {
        let mut buf = [0u8; 4096];
        loop {
            match socket.read(&mut buf).await {
                Ok(0) => return Closed::Eof(Instant::now()),
                Ok(_) => {}
                Err(e) => return Closed::Failed(Instant::now(), e.kind()),
            }
        }
    };
    tokio::time::timeout(timeout, read_to_end).await.ok()
}
