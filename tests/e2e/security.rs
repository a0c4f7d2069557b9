//! TLS and a protected store, and failing fast: the server serves TLS and can require client
//! certificates (mTLS); it reaches a Redis that wants TLS and an ACL user; with its store down it
//! answers UNAVAILABLE within about a second without naming the store, reports NOT_SERVING on
//! readiness and recovers alone; it announces that it listens only once its store answers.

use crate::common::*;
use rcgen::{BasicConstraints, CertificateParams, IsCa, Issuer, KeyPair};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tablero_e2e::client::Tablero;
use tablero_e2e::{Backend, Launch, Redis, Server, free_port, health_status, pb};
use tonic::Code;
use tonic::transport::{Certificate, ClientTlsConfig, Endpoint, Identity};

/// A CA and certificates it signed, written as PEM files into a fresh directory.
struct Pki {
    dir: PathBuf,
}

impl Pki {
    fn new(name: &str) -> Pki {
        let dir = std::env::temp_dir().join(format!("tablero-pki-{name}-{}", free_port()));
        std::fs::create_dir_all(&dir).unwrap();
        let ca_key = KeyPair::generate().unwrap();
        let mut ca = CertificateParams::new(Vec::<String>::new()).unwrap();
        ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        let ca_cert = ca.self_signed(&ca_key).unwrap();
        let issuer = Issuer::new(ca, ca_key);
        let sign = |names: Vec<String>, file: &str| {
            let key = KeyPair::generate().unwrap();
            let cert = CertificateParams::new(names)
                .unwrap()
                .signed_by(&key, &issuer)
                .unwrap();
            std::fs::write(dir.join(format!("{file}.pem")), cert.pem()).unwrap();
            std::fs::write(dir.join(format!("{file}.key")), key.serialize_pem()).unwrap();
        };
        std::fs::write(dir.join("ca.pem"), ca_cert.pem()).unwrap();
        sign(vec!["localhost".into(), "127.0.0.1".into()], "server");
        sign(vec!["a-backend".into()], "client");
        Pki { dir }
    }

    fn path(&self, file: &str) -> String {
        self.dir.join(file).to_str().unwrap().to_string()
    }

    fn read(&self, file: &str) -> Vec<u8> {
        std::fs::read(self.dir.join(file)).unwrap()
    }
}

impl Drop for Pki {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A TLS connection to `server`, presenting the client certificate when `identity`.
async fn tls_client(server: &Server, pki: &Pki, identity: bool) -> Result<Tablero, String> {
    let mut tls = ClientTlsConfig::new()
        .ca_certificate(Certificate::from_pem(pki.read("ca.pem")))
        .domain_name("localhost");
    if identity {
        tls = tls.identity(Identity::from_pem(
            pki.read("client.pem"),
            pki.read("client.key"),
        ));
    }
    let channel = Endpoint::from_shared(format!("https://{}", server.addr))
        .unwrap()
        .tls_config(tls)
        .map_err(|e| e.to_string())?
        .connect()
        .await
        .map_err(|e| format!("{e:?}"))?;
    Ok(Tablero::over_channel(channel, None))
}

fn probe(args: &[String]) -> bool {
    let exe = tablero_e2e::server_binary().with_file_name("tablero-probe");
    Command::new(exe)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("run tablero-probe")
        .success()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_speaks_tls_and_may_require_client_certificates() {
    let pki = Pki::new("tls");
    let server = Server::start_with(
        Backend::Memory,
        &[
            "--tls-cert",
            &pki.path("server.pem"),
            "--tls-key",
            &pki.path("server.key"),
        ],
    );
    let tablero = tls_client(&server, &pki, false)
        .await
        .expect("a TLS client");
    tablero.game_types().await.expect("served over TLS");
    let plain = server.client_without_key().await.game_types().await;
    assert!(plain.is_err(), "plaintext HTTP/2 is not served: {plain:?}");
    let probe_args = |extra: &[&str]| {
        let mut a = vec![
            server.addr.to_string(),
            "--tls-ca".into(),
            pki.path("ca.pem"),
            "--tls-server-name".into(),
            "localhost".into(),
        ];
        a.extend(extra.iter().map(|s| s.to_string()));
        a
    };
    assert!(probe(&probe_args(&[])), "the probe checks health over TLS");

    // Mutual TLS: only a client with a certificate from the CA gets in.
    let mtls = Server::start_with(
        Backend::Memory,
        &[
            "--tls-cert",
            &pki.path("server.pem"),
            "--tls-key",
            &pki.path("server.key"),
            "--tls-client-ca",
            &pki.path("ca.pem"),
        ],
    );
    let without = match tls_client(&mtls, &pki, false).await {
        Ok(t) => t.game_types().await.map_err(|s| s.to_string()),
        Err(e) => Err(e),
    };
    assert!(
        without.is_err(),
        "no client certificate, no service: {without:?}"
    );
    let with = tls_client(&mtls, &pki, true)
        .await
        .expect("a client certificate");
    with.game_types()
        .await
        .expect("served with a client certificate");
    let probe_mtls = |server: &Server, cert: bool| {
        let mut a = vec![
            server.addr.to_string(),
            "--tls-ca".into(),
            pki.path("ca.pem"),
            "--tls-server-name".into(),
            "localhost".into(),
        ];
        if cert {
            a.extend([
                "--tls-cert".into(),
                pki.path("client.pem"),
                "--tls-key".into(),
                pki.path("client.key"),
            ]);
        }
        probe(&a)
    };
    assert!(!probe_mtls(&mtls, false));
    assert!(probe_mtls(&mtls, true));
}

/// A `redis-server` that speaks only TLS and knows only the ACL user `tablero`.
struct ProtectedRedis {
    child: Child,
    port: u16,
    dir: PathBuf,
}

impl ProtectedRedis {
    fn start(pki: &Pki) -> ProtectedRedis {
        let port = free_port();
        let dir = std::env::temp_dir().join(format!("tablero-redis-tls-{port}"));
        std::fs::create_dir_all(&dir).unwrap();
        let child = Command::new("redis-server")
            .args(["--port", "0", "--tls-port", &port.to_string()])
            .args(["--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
            .args(["--tls-cert-file", &pki.path("server.pem")])
            .args(["--tls-key-file", &pki.path("server.key")])
            .args(["--tls-ca-cert-file", &pki.path("ca.pem")])
            .args(["--tls-auth-clients", "no"])
            .args(["--user", "default", "off"])
            .args([
                "--user",
                "tablero",
                "on",
                ">s3cret-pass",
                "~*",
                "&*",
                "+@all",
            ])
            .arg("--dir")
            .arg(&dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server");
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "redis-server (TLS) did not start"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        ProtectedRedis { child, port, dir }
    }

    fn url(&self, password: &str) -> String {
        format!("rediss://tablero:{password}@127.0.0.1:{}", self.port)
    }
}

impl Drop for ProtectedRedis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Whether a server started with `args` stays silent (announces no address) for `wait`; the
/// process is killed either way.
fn stays_silent(args: &[String], wait: Duration) -> bool {
    use std::io::BufRead;
    let mut child = Command::new(tablero_e2e::server_binary())
        .args(args)
        .env("TABLERO_API_KEYS", tablero_e2e::test_api_keys())
        .env("RUST_LOG", "error")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the tablero binary");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = std::io::BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let announced = rx.recv_timeout(wait).ok().filter(|l| !l.is_empty());
    let _ = child.kill();
    let _ = child.wait();
    announced.is_none()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_store_may_want_tls_and_a_password() {
    let pki = Pki::new("redis");
    let redis = ProtectedRedis::start(&pki);
    let launch = Launch {
        args: vec!["--store-tls-ca".into(), pki.path("ca.pem")],
        ..Launch::default()
    };
    let server = Server::launch(Backend::Redis(redis.url("s3cret-pass")), launch);
    let tablero = server.client().await;
    let game = Game::create(&tablero, options(pb::ClaimMode::Base2p), all_human(2), 3).await;
    game.step(&mut Lcg::new(3))
        .await
        .expect("a move stored in the protected Redis");
    assert_eq!(game.view().await.version, 1);
    // A wrong password: the server keeps trying and never says it listens.
    let args: Vec<String> = [
        "--listen",
        "127.0.0.1:0",
        "--store",
        &redis.url("wrong"),
        "--store-tls-ca",
        &pki.path("ca.pem"),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert!(
        stays_silent(&args, Duration::from_secs(3)),
        "a server that cannot use its store does not announce itself"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_store_down_calls_fail_fast_and_readiness_follows_it() {
    let mut redis = Redis::start_persistent();
    let server = Server::start(Backend::Redis(redis.url()));
    let tablero = server.client().await;
    let game = Game::create(&tablero, options(pb::ClaimMode::Base2p), all_human(2), 5).await;
    let server = &server;
    let ready = |want: &'static str| async move {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let now = health_status(server, "tablero.v1.GameService").await;
            if now == want {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "readiness stayed {now}, not {want}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    ready("SERVING").await;

    // Redis that does not answer (paused): the call gives up at the store timeout (1 s).
    pause_redis(&redis.url(), 2500).await;
    let started = Instant::now();
    let slow = game.spectator().view().await;
    let took = started.elapsed();
    expect_code(
        slow,
        Code::Unavailable,
        "GetView while Redis does not answer",
    );
    eprintln!("time to UNAVAILABLE with Redis not answering: {took:?}");
    assert!(
        took < Duration::from_millis(2400),
        "gave up at the store timeout: {took:?}"
    );
    tokio::time::sleep(Duration::from_millis(2600).saturating_sub(took)).await;

    // Redis gone (connection refused).
    redis.stop();
    let started = Instant::now();
    let down = game.spectator().view().await;
    let took = started.elapsed();
    let status = expect_code(down, Code::Unavailable, "GetView with Redis down");
    eprintln!("time to UNAVAILABLE with Redis down: {took:?}");
    assert!(took < Duration::from_secs(3), "failed fast: {took:?}");
    let message = status.message().to_lowercase();
    for internal in [
        "redis",
        "127.0.0.1",
        "refused",
        "os error",
        &redis.port.to_string(),
    ] {
        assert!(
            !message.contains(internal),
            "the status names a backend internal ({internal}): {message}"
        );
    }
    ready("NOT_SERVING").await;
    assert_eq!(
        health_status(server, "").await,
        "SERVING",
        "liveness: the process itself is fine"
    );

    // Redis comes back (from its append-only file): the same server serves again, no restart.
    redis.restart();
    ready("SERVING").await;
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match game.spectator().view().await {
            Ok(view) => {
                assert_eq!(view.game_id, game.id);
                break;
            }
            Err(e) => assert!(Instant::now() < deadline, "never served again: {e:?}"),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_announces_itself_only_once_its_store_answers() {
    let port = free_port();
    let url = format!("redis://127.0.0.1:{port}");
    let (tx, rx) = std::sync::mpsc::channel();
    let backend = Backend::Redis(url);
    std::thread::spawn(move || {
        let _ = tx.send(Server::start(backend));
    });
    assert!(
        rx.recv_timeout(Duration::from_secs(2)).is_err(),
        "announced before its store answered"
    );
    let _redis = Redis::start_on(port);
    let server = rx
        .recv_timeout(Duration::from_secs(15))
        .expect("announced once the store answered");
    let tablero = server.client().await;
    Game::create(&tablero, options(pb::ClaimMode::Base2p), all_human(2), 1).await;
}
