//! The browser play page (`clients/web`), built into the binary so `cargo run` serves it with
//! nothing else installed, and the HTTP/JSON API's OpenAPI file (`docs/openapi.yaml`, made from
//! proto/ by `clients/openapi/generate.sh`). The page talks to this same server over gRPC-Web.
//!
//! It is a layer in front of the gRPC-Web translation, which refuses every plain HTTP/1.1
//! request: `GET`/`HEAD` of `/`, `/app.js`, `/openapi.yaml` and `/favicon.ico` are answered
//! here, everything
//! else passes through.

use bytes::Bytes;
use http::header::{CACHE_CONTROL, CONTENT_TYPE};
use http::{Method, Request, Response};
use http_body_util::Full;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use tonic::body::Body;
use tower::{Layer, Service};

const INDEX_HTML: &[u8] = include_bytes!("../../../clients/web/dist/index.html");
const APP_JS: &[u8] = include_bytes!("../../../clients/web/dist/app.js");
const OPENAPI: &[u8] = include_bytes!("../../../docs/openapi.yaml");

/// The page's files by path.
fn asset(path: &str) -> Option<(&'static str, &'static [u8])> {
    match path {
        "/" | "/index.html" => Some(("text/html; charset=utf-8", INDEX_HTML)),
        "/app.js" => Some(("text/javascript; charset=utf-8", APP_JS)),
        // The media type OpenAPI's own specification registers for YAML documents.
        "/openapi.yaml" => Some(("application/yaml; charset=utf-8", OPENAPI)),
        _ => None,
    }
}

#[derive(Clone, Copy, Default)]
pub struct WebPageLayer;

impl<S> Layer<S> for WebPageLayer {
    type Service = WebPage<S>;
    fn layer(&self, inner: S) -> WebPage<S> {
        WebPage { inner }
    }
}

#[derive(Clone)]
pub struct WebPage<S> {
    inner: S,
}

impl<S> Service<Request<Body>> for WebPage<S>
where
    S: Service<Request<Body>, Response = Response<Body>>,
    S::Future: Send + 'static,
{
    type Response = Response<Body>;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Response<Body>, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request<Body>) -> Self::Future {
        let page_request = req.method() == Method::GET || req.method() == Method::HEAD;
        if page_request && req.uri().path() == "/favicon.ico" {
            // No icon: say so plainly instead of letting gRPC-Web refuse the request.
            let response = Response::builder()
                .status(http::StatusCode::NO_CONTENT)
                .body(Body::empty())
                .expect("static response parts are valid");
            return Box::pin(async move { Ok(response) });
        }
        if page_request && let Some((content_type, bytes)) = asset(req.uri().path()) {
            let body = if req.method() == Method::HEAD {
                Body::empty()
            } else {
                Body::new(Full::new(Bytes::from_static(bytes)))
            };
            let response = Response::builder()
                .header(CONTENT_TYPE, content_type)
                .header(CACHE_CONTROL, "no-cache")
                .header(http::header::CONTENT_LENGTH, bytes.len())
                .body(body)
                .expect("static response parts are valid");
            return Box::pin(async move { Ok(response) });
        }
        Box::pin(self.inner.call(req))
    }
}
