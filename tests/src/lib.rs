//! Harness for the end-to-end tests: starts a real `redis-server` and the real `tablero` binary
//! on free loopback ports, and hands out generated-client connections.
//!
//! The server binary is looked up as `$TABLERO_BIN`, else next to the test executable's target
//! directory (`target/<profile>/tablero`), so build it first: `cargo build -p tablero-service`.
//! Tests that measure the server as it is deployed (the hostile-client suite) launch the release
//! build instead: `$TABLERO_RELEASE_BIN`, else `target/release/tablero` (see [`release_binary`]).
//! `redis-server` (and `redis-cli`, for the cluster) must be on PATH (`apt-get install -y redis-server`); tests that need it fail,
//! never skip, when it is missing.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};
use tablero_client::Tablero;

pub mod hostile;
pub mod load;
pub mod otlp;

pub use tablero_client::{self as client, pb};

/// A free loopback port (bound, then released for the child to take).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free loopback port")
        .port()
}

/// The settings every Redis of `deploy/` runs with besides its persistence and memory limit
/// (`deploy/check` holds each deployment to them), so tests and benchmarks meet the Redis that
/// is deployed: a game's hash (its record's parts, a few hundred bytes each) is kept as one
/// listpack instead of a hash table of separate strings (see `docs/storage.md`).
pub const DEPLOYED_SETTINGS: &[&str] = &["--hash-max-listpack-value", "1024"];

/// A private `redis-server` on a free loopback port, stopped on drop.
pub struct Redis {
    child: Child,
    pub port: u16,
    dir: PathBuf,
    extra: Vec<String>,
}

impl Redis {
    pub fn start() -> Redis {
        Redis::spawn("tablero-redis", &[])
    }

    /// A `redis-server` that fsyncs every write to its append-only file before answering, so
    /// [`Redis::kill_and_restart`] loses nothing it acknowledged.
    pub fn start_persistent() -> Redis {
        Redis::spawn("tablero-redis-aof", PERSISTENT)
    }

    /// A `redis-server` on a free port with its own temp dir, no persistence unless `extra`
    /// turns it on, and `extra` arguments; returns once it answers PING.
    fn spawn(dir_prefix: &str, extra: &[&str]) -> Redis {
        let port = free_port();
        let dir = std::env::temp_dir().join(format!("{dir_prefix}-{}-{port}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("redis temp dir");
        let extra: Vec<String> = extra.iter().map(|a| a.to_string()).collect();
        let child = Redis::launch(port, &dir, &extra);
        Redis {
            child,
            port,
            dir,
            extra,
        }
    }

    fn launch(port: u16, dir: &std::path::Path, extra: &[String]) -> Child {
        let child = Command::new("redis-server")
            .args([
                "--port",
                &port.to_string(),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ])
            .args(DEPLOYED_SETTINGS)
            .args(extra)
            .arg("--dir")
            .arg(dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server must be installed (apt-get install -y redis-server)");
        wait_for_ping(port);
        child
    }

    /// A `redis-server` on `port` (a port a test chose before, e.g. for a server started first).
    pub fn start_on(port: u16) -> Redis {
        let dir =
            std::env::temp_dir().join(format!("tablero-redis-on-{}-{port}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("redis temp dir");
        let child = Redis::launch(port, &dir, &[]);
        Redis {
            child,
            port,
            dir,
            extra: Vec::new(),
        }
    }

    /// SIGKILL, then a new `redis-server` on the same port, directory and flags (it reloads
    /// its append-only file, if it has one).
    pub fn kill_and_restart(&mut self) {
        self.kill();
        self.child = Redis::launch(self.port, &self.dir, &self.extra);
    }

    /// SIGKILL, leaving the port closed until [`Redis::restart`].
    pub fn stop(&mut self) {
        self.kill();
    }

    /// A new `redis-server` on the same port, directory and flags, after [`Redis::stop`].
    pub fn restart(&mut self) {
        self.child = Redis::launch(self.port, &self.dir, &self.extra);
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// The `redis-server` process's id (for measurements).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

/// Append-only file, fsynced before every reply.
const PERSISTENT: &[&str] = &["--appendonly", "yes", "--appendfsync", "always"];

impl Drop for Redis {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A private 3-master Redis Cluster on free loopback ports (no replicas), stopped on drop.
/// Each node has its own temp dir (and `nodes.conf`); the cluster bus uses its own free port.
pub struct RedisCluster {
    nodes: Vec<Redis>,
}

fn redis_cli(port: u16, args: &[&str]) -> String {
    let out = Command::new("redis-cli")
        .args(["-h", "127.0.0.1", "-p", &port.to_string()])
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("redis-cli must be installed (apt-get install -y redis-tools)");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

impl RedisCluster {
    pub const MASTERS: usize = 3;

    pub fn start() -> RedisCluster {
        RedisCluster::spawn(&[])
    }

    /// A cluster whose nodes fsync every write before answering (see [`Redis::start_persistent`]).
    pub fn start_persistent() -> RedisCluster {
        RedisCluster::spawn(PERSISTENT)
    }

    fn spawn(extra: &[&str]) -> RedisCluster {
        let nodes = (0..Self::MASTERS)
            .map(|_| {
                let bus_port = free_port().to_string();
                let mut args = vec![
                    "--cluster-enabled",
                    "yes",
                    "--cluster-port",
                    &bus_port,
                    "--cluster-config-file",
                    "nodes.conf",
                    "--cluster-node-timeout",
                    "5000",
                ];
                args.extend_from_slice(extra);
                Redis::spawn("tablero-redis-cluster", &args)
            })
            .collect();
        let cluster = RedisCluster { nodes };
        let addrs: Vec<String> = cluster
            .nodes
            .iter()
            .map(|n| format!("127.0.0.1:{}", n.port))
            .collect();
        let out = Command::new("redis-cli")
            .args(["--cluster", "create"])
            .args(&addrs)
            .args(["--cluster-replicas", "0", "--cluster-yes"])
            .stdin(Stdio::null())
            .output()
            .expect("redis-cli must be installed (apt-get install -y redis-tools)");
        assert!(
            out.status.success(),
            "redis-cli --cluster create failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        cluster.wait_ok();
        cluster
    }

    /// SIGKILL one master and start it again on its port and directory: it rejoins from its
    /// `nodes.conf` and reloads its data; returns once the cluster is ok again.
    pub fn kill_and_restart_node(&mut self, node: usize) {
        self.nodes[node].kill_and_restart();
        self.wait_ok();
    }

    /// Every node reports `cluster_state:ok` and knows all the others.
    fn wait_ok(&self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let ready = self.nodes.iter().all(|n| {
                let info = redis_cli(n.port, &["cluster", "info"]);
                info.contains("cluster_state:ok")
                    && info.contains(&format!("cluster_known_nodes:{}", Self::MASTERS))
                    && info.contains("cluster_slots_ok:16384")
            });
            if ready {
                return;
            }
            assert!(Instant::now() < deadline, "the redis cluster never got ok");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The server's store URL: `redis+cluster://127.0.0.1:a,127.0.0.1:b,127.0.0.1:c`.
    pub fn url(&self) -> String {
        let nodes: Vec<String> = self
            .nodes
            .iter()
            .map(|n| format!("127.0.0.1:{}", n.port))
            .collect();
        format!("redis+cluster://{}", nodes.join(","))
    }

    pub fn ports(&self) -> Vec<u16> {
        self.nodes.iter().map(|n| n.port).collect()
    }

    /// The index of the master that holds `key` (the one that answers EXISTS without MOVED),
    /// or None when no node holds it.
    pub fn node_holding(&self, key: &str) -> Option<usize> {
        self.nodes
            .iter()
            .position(|n| redis_cli(n.port, &["--raw", "exists", key]).trim() == "1")
    }
}

fn wait_for_ping(port: u16) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if let Ok(mut s) = TcpStream::connect(("127.0.0.1", port)) {
            let mut buf = [0u8; 7];
            if s.write_all(b"PING\r\n").is_ok()
                && s.read_exact(&mut buf).is_ok()
                && &buf == b"+PONG\r\n"
            {
                return;
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("redis-server did not start on port {port}");
}

/// The API key every harness server knows (all scopes) and [`Server::client`] sends: the tests
/// play the backend that creates games with chosen seeds and scenarios.
pub const TEST_API_KEY: &str = "tbk_e2e_0123456789abcdef0123456789abcdef0123456789abcdef";
/// SHA-256 of [`TEST_API_KEY`], as the server's key list holds it.
const TEST_API_KEY_SHA256: &str =
    "267080a02550c39219d62bc8d3a39e8e1ce8c84607f37f1697e5052181888aa4";

/// The key list of every harness server: [`TEST_API_KEY`] with every scope.
pub fn test_api_keys() -> String {
    format!(
        "[[key]]\nname = \"e2e\"\nsha256 = \"{TEST_API_KEY_SHA256}\"\nscopes = [\"create\", \"setup\", \"list\", \"delete\", \"seats\", \"feed\", \"webhooks\"]\n"
    )
}

/// The health of `service` (`""` = the server as a whole; `tablero.v1.GameService` follows the
/// store) as the server reports it: `SERVING`, `NOT_SERVING`, … or the error's code.
pub async fn health_status(server: &Server, service: &str) -> String {
    use tonic_health::pb::HealthCheckRequest;
    use tonic_health::pb::health_client::HealthClient;
    let Ok(channel) = tonic::transport::Endpoint::from_shared(server.url())
        .expect("url")
        .connect()
        .await
    else {
        return "UNREACHABLE".into();
    };
    let checked = HealthClient::new(channel)
        .check(HealthCheckRequest {
            service: service.into(),
        })
        .await;
    match checked {
        Ok(r) => r.into_inner().status().as_str_name().to_string(),
        Err(s) => format!("{:?}", s.code()),
    }
}

/// Which store the server runs on.
#[derive(Clone, Debug)]
pub enum Backend {
    Memory,
    Redis(String),
    /// A Redis Cluster, as its `redis+cluster://host:port,…` store URL.
    RedisCluster(String),
}

/// A running `tablero` server process, killed on drop.
pub struct Server {
    child: Child,
    pub addr: SocketAddr,
    /// Where Prometheus metrics are served (`http://<addr>/metrics`), when started with
    /// `--metrics-listen`.
    pub metrics_addr: Option<SocketAddr>,
    backend: Backend,
    launch: Launch,
    /// Held open: the server must never write to a closed pipe.
    _stdout: BufReader<ChildStdout>,
}

/// How to start a server beyond its store: extra flags, environment, where its log goes.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    pub args: Vec<String>,
    /// Set after the harness's own `RUST_LOG`, so they may override it.
    pub env: Vec<(String, String)>,
    /// Append the server's stderr (its log) to this file instead of the test's stderr.
    pub log_file: Option<PathBuf>,
    /// The binary to run instead of [`server_binary`] (e.g. [`release_binary`]).
    pub binary: Option<PathBuf>,
}

impl Launch {
    fn asks_for_metrics(&self) -> bool {
        self.args.iter().any(|a| a.starts_with("--metrics-listen"))
            || self.env.iter().any(|(k, _)| k == "TABLERO_METRICS_LISTEN")
    }
}

pub fn server_binary() -> PathBuf {
    if let Ok(p) = std::env::var("TABLERO_BIN") {
        return PathBuf::from(p);
    }
    let exe = std::env::current_exe().expect("test executable path");
    // A binary's sibling (target/<profile>/tablero-scale), else a test's
    // (target/<profile>/deps/<test> -> target/<profile>/tablero).
    let dir = exe.parent().expect("target dir");
    let bin = Some(dir.join("tablero"))
        .filter(|b| b.exists())
        .unwrap_or_else(|| dir.parent().expect("target dir").join("tablero"));
    assert!(
        bin.exists(),
        "{} not found: run `cargo build -p tablero-service` first",
        bin.display()
    );
    bin
}

/// The release build of the server: `$TABLERO_RELEASE_BIN`, else `target/release/tablero` in the
/// target directory the tests were built in. Panics, saying how to build it, when it is missing.
pub fn release_binary() -> PathBuf {
    if let Ok(p) = std::env::var("TABLERO_RELEASE_BIN") {
        return PathBuf::from(p);
    }
    let exe = std::env::current_exe().expect("test executable path");
    // target/<profile>/deps/<test> (a test) or target/<profile>/<bin> (a binary).
    let target = exe
        .ancestors()
        .find(|d| d.join("CACHEDIR.TAG").exists())
        .or_else(|| exe.ancestors().nth(3))
        .expect("the target directory");
    let bin = target.join("release").join("tablero");
    assert!(
        bin.exists(),
        "{} not found: build the release server first: \
         cargo build --release -p tablero-service --bin tablero",
        bin.display()
    );
    bin
}

/// The address after `prefix` on a line the server printed, up to the next space or `/`.
fn announced(line: &str, prefix: &str) -> SocketAddr {
    line.strip_prefix(prefix)
        .and_then(|rest| rest.split([' ', '/']).next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("expected a line `{prefix}…` from the server, got {line:?}"))
}

impl Server {
    pub fn start(backend: Backend) -> Server {
        Server::start_with(backend, &[])
    }

    /// Starts the server with extra command-line flags (limits, …).
    pub fn start_with(backend: Backend, extra_args: &[&str]) -> Server {
        let launch = Launch {
            args: extra_args.iter().map(|s| s.to_string()).collect(),
            ..Launch::default()
        };
        Server::launch(backend, launch)
    }

    /// Starts the server with `RUST_LOG` set to `log` (e.g. to silence the failures a fault
    /// test causes on purpose).
    pub fn start_logging(backend: Backend, log: &str) -> Server {
        let launch = Launch {
            env: vec![("RUST_LOG".into(), log.into())],
            ..Launch::default()
        };
        Server::launch(backend, launch)
    }

    /// Starts the server with flags, environment and log file as `launch` says.
    pub fn launch(backend: Backend, launch: Launch) -> Server {
        Server::launch_on("127.0.0.1:0", backend, launch)
    }

    /// As [`Server::launch`], listening on `listen` (`127.0.0.1:0`: a free port).
    fn launch_on(listen: &str, backend: Backend, launch: Launch) -> Server {
        let store = match &backend {
            Backend::Memory => "memory".to_string(),
            Backend::Redis(url) | Backend::RedisCluster(url) => url.clone(),
        };
        let stderr = match &launch.log_file {
            Some(path) => Stdio::from(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .expect("open the server's log file"),
            ),
            None => Stdio::inherit(),
        };
        let binary = launch.binary.clone().unwrap_or_else(server_binary);
        let mut child = Command::new(binary)
            .args(["--listen", listen, "--store", &store])
            .args(&launch.args)
            // The tests drive the server from one loopback address much faster than any one
            // caller should: no per-caller rate limit unless a test sets `--rate-per-caller`
            // (a flag wins over the environment).
            .env("TABLERO_RATE_PER_CALLER", "0")
            .env("TABLERO_API_KEYS", test_api_keys())
            .env(
                "RUST_LOG",
                std::env::var("TABLERO_TEST_LOG").unwrap_or_else(|_| "warn".into()),
            )
            .envs(launch.env.iter().map(|(k, v)| (k, v)))
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("start the tablero binary");
        let mut stdout = BufReader::new(child.stdout.take().expect("server stdout"));
        let mut line = String::new();
        stdout
            .read_line(&mut line)
            .expect("server announces its address");
        let addr = announced(&line, "tablero listening on ");
        let metrics_addr = launch.asks_for_metrics().then(|| {
            line.clear();
            stdout
                .read_line(&mut line)
                .expect("server announces its metrics address");
            announced(&line, "tablero metrics on http://")
        });
        Server {
            child,
            addr,
            metrics_addr,
            backend,
            launch,
            _stdout: stdout,
        }
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// A client that is a backend: every call carries [`TEST_API_KEY`].
    pub async fn client(&self) -> Tablero {
        self.connect(Some(TEST_API_KEY)).await
    }

    /// A client without an API key: a player's app or anyone on the Internet.
    pub async fn client_without_key(&self) -> Tablero {
        self.connect(None).await
    }

    async fn connect(&self, key: Option<&str>) -> Tablero {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let connected = match key {
                Some(k) => Tablero::connect_with_key(self.url(), k).await,
                None => Tablero::connect(self.url()).await,
            };
            match connected {
                Ok(c) => return c,
                Err(e) if Instant::now() > deadline => {
                    panic!("cannot connect to {}: {e}", self.url())
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        }
    }

    /// Kills the process outright (SIGKILL: no graceful shutdown) and starts a new one on the
    /// same store and flags. The address changes.
    pub fn kill_and_restart(&mut self) {
        self.kill();
        *self = Server::launch(self.backend.clone(), self.launch.clone());
    }

    /// Asks the server to stop (SIGTERM: drain, flush, exit) and waits for it to exit.
    pub fn terminate(&mut self) -> std::process::ExitStatus {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("run kill");
        assert!(sent.success(), "kill -TERM failed");
        self.child.wait().expect("wait for the server to exit")
    }

    /// SIGKILL, then a new process on the same address, store and flags: clients that keep
    /// their channel reconnect to it.
    pub fn kill_and_restart_in_place(&mut self) {
        self.kill();
        *self = Server::launch_on(
            &self.addr.to_string(),
            self.backend.clone(),
            self.launch.clone(),
        );
    }

    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Whether the process is still running (it has not exited or been killed).
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The process's resident memory in bytes (Linux `/proc`), for measurements.
    pub fn resident_bytes(&self) -> Option<u64> {
        self.proc_status_bytes("VmRSS:")
    }

    /// The most resident memory the process has had, in bytes (Linux `/proc`).
    pub fn peak_resident_bytes(&self) -> Option<u64> {
        self.proc_status_bytes("VmHWM:")
    }

    fn proc_status_bytes(&self, field: &str) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let kb: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix(field))?
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()?;
        Some(kb * 1024)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}
