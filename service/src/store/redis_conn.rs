//! The connection under the Redis store: one reconnecting connection to a single Redis, or a
//! cluster connection that routes by slot and is rebuilt when it stops answering.
//!
//! Why rebuild: after a cluster master is killed and restarted on its address, the cluster
//! client's own repair sometimes leaves it sending that master's commands to a connection that
//! never answers (seen in the fault test: a replica timing out on one slot range for a minute
//! while the other replicas had recovered). A fresh connection from the same client finds the
//! cluster as it is now, so a connection-level failure schedules one, at most once per
//! [`REBUILD_EVERY`]. A command given up by its caller after [`STALLED_AFTER`] (the server's
//! store time limit drops it before the client's own response timeout can fire) counts as such
//! a failure too: otherwise a connection that never answers is never noticed.

use redis::aio::{ConnectionLike, ConnectionManager};
use redis::cluster::ClusterClient;
use redis::cluster_async::ClusterConnection;
use redis::{Cmd, Pipeline, RedisError, RedisFuture, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

/// How long a command may wait for its reply. The client's default (0.5 s) turns a busy Redis
/// into errors and retries, which make it busier; a dead connection is noticed by the socket
/// anyway, and the server's request time limit bounds the whole request.
pub const RESPONSE_TIMEOUT: Duration = Duration::from_secs(5);

/// The shortest time between two rebuilds of a cluster connection.
const REBUILD_EVERY: Duration = Duration::from_secs(2);

/// A cluster command dropped unanswered after this long is taken for a stuck connection.
const STALLED_AFTER: Duration = Duration::from_millis(500);

/// One connection to a single Redis (reconnecting) or to a Redis Cluster (routing by slot).
#[derive(Clone)]
pub enum Conn {
    Single(ConnectionManager),
    Cluster(Arc<HealingCluster>),
}

impl Conn {
    pub async fn single(client: &redis::Client) -> Result<Conn, RedisError> {
        let config =
            redis::aio::ConnectionManagerConfig::new().set_response_timeout(Some(RESPONSE_TIMEOUT));
        Ok(Conn::Single(
            client.get_connection_manager_with_config(config).await?,
        ))
    }

    /// A cluster connection found from `nodes` (URLs carrying any credentials and TLS mode),
    /// with `certs` to verify TLS nodes against a private CA.
    pub async fn cluster(
        nodes: Vec<String>,
        certs: Option<redis::TlsCertificates>,
    ) -> Result<Conn, RedisError> {
        let mut builder =
            redis::cluster::ClusterClientBuilder::new(nodes).response_timeout(RESPONSE_TIMEOUT);
        if let Some(certs) = certs {
            builder = builder.certs(certs);
        }
        let client = builder.build()?;
        let current = client.get_async_connection().await?;
        Ok(Conn::Cluster(Arc::new(HealingCluster {
            client,
            current: RwLock::new(current),
            rebuilding: AtomicBool::new(false),
            last_rebuild: Mutex::new(Instant::now()),
        })))
    }
}

/// A cluster connection replaced by a fresh one when commands fail at the connection level.
pub struct HealingCluster {
    client: ClusterClient,
    current: RwLock<ClusterConnection>,
    rebuilding: AtomicBool,
    last_rebuild: Mutex<Instant>,
}

impl HealingCluster {
    fn connection(&self) -> ClusterConnection {
        self.current
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Notes a failed command; starts a rebuild when it was the connection's fault.
    fn failed(self: &Arc<Self>, error: &RedisError) {
        let connection_fault = error.is_timeout()
            || error.is_io_error()
            || error.is_connection_dropped()
            || error.is_connection_refusal();
        if connection_fault {
            self.rebuild(error.to_string());
        }
    }

    /// Replaces the connection by a fresh one, unless one was made within [`REBUILD_EVERY`].
    fn rebuild(self: &Arc<Self>, error: String) {
        {
            let mut last = self.last_rebuild.lock().unwrap_or_else(|e| e.into_inner());
            if last.elapsed() < REBUILD_EVERY || self.rebuilding.swap(true, Ordering::AcqRel) {
                return;
            }
            *last = Instant::now();
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            self.rebuilding.store(false, Ordering::Release);
            return;
        };
        let this = self.clone();
        runtime.spawn(async move {
            // Bounded, so that a node that never answers cannot hold off every later rebuild.
            let fresh = tokio::time::timeout(RESPONSE_TIMEOUT, this.client.get_async_connection());
            match fresh.await {
                Ok(Ok(fresh)) => {
                    *this.current.write().unwrap_or_else(|e| e.into_inner()) = fresh;
                    tracing::warn!(%error, "redis cluster connection rebuilt after a failure");
                }
                Ok(Err(e)) => {
                    tracing::warn!(error = %e, "rebuilding the redis cluster connection failed")
                }
                Err(_) => tracing::warn!("rebuilding the redis cluster connection timed out"),
            }
            this.rebuilding.store(false, Ordering::Release);
        });
    }
}

/// A cluster command on its way: reports its failure, or its being given up unanswered after
/// [`STALLED_AFTER`].
struct Pending<'a> {
    healing: &'a Arc<HealingCluster>,
    sent: Instant,
    answered: bool,
}

impl<'a> Pending<'a> {
    fn new(healing: &'a Arc<HealingCluster>) -> Self {
        Pending {
            healing,
            sent: Instant::now(),
            answered: false,
        }
    }

    fn answered<T>(mut self, reply: &Result<T, RedisError>) {
        self.answered = true;
        if let Err(e) = reply {
            self.healing.failed(e);
        }
    }
}

impl Drop for Pending<'_> {
    fn drop(&mut self) {
        let waited = self.sent.elapsed();
        if !self.answered && waited >= STALLED_AFTER {
            self.healing.rebuild(format!(
                "a command was given up unanswered after {waited:?}"
            ));
        }
    }
}

impl ConnectionLike for Conn {
    fn req_packed_command<'a>(&'a mut self, cmd: &'a Cmd) -> RedisFuture<'a, Value> {
        match self {
            Conn::Single(c) => c.req_packed_command(cmd),
            Conn::Cluster(healing) => {
                let mut conn = healing.connection();
                let pending = Pending::new(healing);
                Box::pin(async move {
                    let reply = conn.req_packed_command(cmd).await;
                    pending.answered(&reply);
                    reply
                })
            }
        }
    }

    fn req_packed_commands<'a>(
        &'a mut self,
        pipeline: &'a Pipeline,
        offset: usize,
        count: usize,
    ) -> RedisFuture<'a, Vec<Value>> {
        match self {
            Conn::Single(c) => c.req_packed_commands(pipeline, offset, count),
            Conn::Cluster(healing) => {
                let mut conn = healing.connection();
                let pending = Pending::new(healing);
                Box::pin(async move {
                    let reply = conn.req_packed_commands(pipeline, offset, count).await;
                    pending.answered(&reply);
                    reply
                })
            }
        }
    }

    fn get_db(&self) -> i64 {
        match self {
            Conn::Single(c) => c.get_db(),
            Conn::Cluster(_) => 0,
        }
    }
}
