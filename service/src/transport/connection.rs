//! The service of one client connection: each request carries the connection's
//! [`Connection`] handle in its extensions and counts as in progress until its response body is
//! done.

use crate::edge::connection::{Active, Connection};
use bytes::Bytes;
use http_body::{Body as HttpBody, Frame, SizeHint};
use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};
use tonic::body::Body;
use tonic::transport::server::TcpConnectInfo;
use tower::Service;

/// The service of one connection: puts the connection and its addresses in each request's
/// extensions and counts the request as active until its response body is done.
#[derive(Clone)]
pub(super) struct Tracked<S> {
    pub inner: S,
    pub connection: Connection,
    pub info: TcpConnectInfo,
}

impl<S, B> Service<http::Request<B>> for Tracked<S>
where
    S: Service<http::Request<Body>, Response = http::Response<Body>, Error = Infallible>
        + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<tonic::codegen::StdError>,
{
    type Response = http::Response<Body>;
    type Error = Infallible;
    type Future = futures::future::BoxFuture<'static, Result<Self::Response, Infallible>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: http::Request<B>) -> Self::Future {
        let active = self.connection.begin();
        let mut req = req.map(Body::new);
        req.extensions_mut().insert(self.connection.clone());
        req.extensions_mut().insert(self.info.clone());
        // The clone is ready only after poll_ready; swap so the ready one serves this call.
        let clone = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, clone);
        Box::pin(async move {
            let response = inner.call(req).await?;
            Ok(response.map(|body| {
                Body::new(Counted {
                    inner: body,
                    _active: active,
                })
            }))
        })
    }
}

/// A response body that keeps its request active until it is done or dropped.
struct Counted {
    inner: Body,
    _active: Active,
}

impl HttpBody for Counted {
    type Data = Bytes;
    type Error = tonic::Status;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, tonic::Status>>> {
        Pin::new(&mut self.inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
