//! TLS for the server (rustls with the ring provider): a certificate chain and key from PEM
//! files, and optionally a CA whose client certificates the server requires (mTLS between
//! services). ALPN offers HTTP/2 (gRPC) and HTTP/1.1 (gRPC-Web, the play page).

use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tokio_rustls::rustls;

/// Where the server's TLS material is.
#[derive(Clone, Debug)]
pub struct TlsFiles {
    pub cert: PathBuf,
    pub key: PathBuf,
    /// Require client certificates signed by this CA bundle.
    pub client_ca: Option<PathBuf>,
}

#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    #[error("{path}: {problem}")]
    Pem { path: PathBuf, problem: String },
    #[error("{path}: no certificate in it")]
    NoCertificate { path: PathBuf },
    #[error("TLS configuration: {0}")]
    Config(String),
}

fn certificates(path: &Path) -> Result<Vec<CertificateDer<'static>>, TlsError> {
    let certs = CertificateDer::pem_file_iter(path)
        .and_then(|it| it.collect::<Result<Vec<_>, _>>())
        .map_err(|e| TlsError::Pem {
            path: path.to_path_buf(),
            problem: e.to_string(),
        })?;
    if certs.is_empty() {
        return Err(TlsError::NoCertificate {
            path: path.to_path_buf(),
        });
    }
    Ok(certs)
}

/// The rustls configuration of the server.
pub fn server_config(files: &TlsFiles) -> Result<Arc<rustls::ServerConfig>, TlsError> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let chain = certificates(&files.cert)?;
    let key = PrivateKeyDer::from_pem_file(&files.key).map_err(|e| TlsError::Pem {
        path: files.key.clone(),
        problem: e.to_string(),
    })?;
    let builder = rustls::ServerConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| TlsError::Config(e.to_string()))?;
    let builder = match &files.client_ca {
        Some(ca) => {
            let mut roots = rustls::RootCertStore::empty();
            for cert in certificates(ca)? {
                roots
                    .add(cert)
                    .map_err(|e| TlsError::Config(format!("{}: {e}", ca.display())))?;
            }
            let verifier = rustls::server::WebPkiClientVerifier::builder_with_provider(
                Arc::new(roots),
                provider,
            )
            .build()
            .map_err(|e| TlsError::Config(e.to_string()))?;
            builder.with_client_cert_verifier(verifier)
        }
        None => builder.with_no_client_auth(),
    };
    let mut config = builder
        .with_single_cert(chain, key)
        .map_err(|e| TlsError::Config(e.to_string()))?;
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}
