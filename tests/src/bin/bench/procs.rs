//! The processes a section measures: their CPU time, the file-descriptor limit many streams
//! need, and the reference server (a trivial tonic server: `grpc.health.v1.Health` from
//! `tonic-health`, run as a child process of this same binary).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};

/// User + system CPU time a process has used so far, in seconds (Linux `/proc/<pid>/stat`).
pub fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .unwrap_or_else(|e| panic!("read /proc/{pid}/stat: {e}"));
    // The command name (field 2) is in parentheses and may hold spaces: count after its `)`.
    let rest = &stat[stat.rfind(')').expect("a /proc stat line") + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // After the name: state is field 3, so utime (14) and stime (15) are at 11 and 12 here.
    let ticks: u64 =
        fields[11].parse::<u64>().expect("utime") + fields[12].parse::<u64>().expect("stime");
    // SAFETY: sysconf only reads a system constant.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    ticks as f64 / per_second
}

/// Raises the soft open-file limit as far as the hard limit allows (children inherit it);
/// returns (soft limit now, hard limit).
pub fn raise_fd_limit() -> (u64, u64) {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit/setrlimit read and write the struct given, nothing else.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return (0, 0);
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: limit.rlim_max,
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit = raised;
            }
        }
    }
    (limit.rlim_cur, limit.rlim_max)
}

/// The hidden flag that makes this binary the reference server instead of the benchmark.
pub const SERVE_REFERENCE: &str = "--serve-reference";

/// The reference server as a child process: serves `grpc.health.v1.Health` (Check is the
/// trivial unary call; Watch the trivial server stream) and flips the status of the service
/// `bench<n>` when a line `n` arrives on its standard input.
pub struct Reference {
    child: Child,
    stdin: ChildStdin,
    pub url: String,
}

impl Reference {
    /// Starts it with `services` watchable services `bench0`…
    pub fn start(services: usize) -> Reference {
        let exe = std::env::current_exe().expect("this binary's path");
        let mut child = Command::new(exe)
            .args([SERVE_REFERENCE, &services.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the reference server");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("reference stdout"))
            .read_line(&mut line)
            .expect("the reference server announces its address");
        let addr = line
            .trim()
            .strip_prefix("reference listening on ")
            .unwrap_or_else(|| panic!("unexpected line from the reference server: {line:?}"))
            .to_string();
        let stdin = child.stdin.take().expect("reference stdin");
        Reference {
            child,
            stdin,
            url: format!("http://{addr}"),
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Flips the status of `bench<service>`: every stream watching it gets one message.
    pub fn flip(&mut self, service: usize) {
        writeln!(self.stdin, "{service}").expect("write to the reference server");
        self.stdin.flush().expect("flush to the reference server");
    }
}

impl Drop for Reference {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The reference server's own main: `--serve-reference <services>`.
pub async fn serve_reference(services: usize) {
    use tonic_health::ServingStatus;
    let (reporter, health) = tonic_health::server::health_reporter();
    for s in 0..services {
        reporter
            .set_service_status(format!("bench{s}"), ServingStatus::Serving)
            .await;
    }
    let incoming = tonic::transport::server::TcpIncoming::bind(([127, 0, 0, 1], 0).into())
        .expect("bind the reference server")
        .with_nodelay(Some(true));
    let addr = incoming.local_addr().expect("reference address");
    println!("reference listening on {addr}");
    std::io::stdout().flush().expect("flush stdout");
    // Standard input is read on its own thread (it blocks); each line flips one service.
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<usize>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if let Ok(n) = line.trim().parse() {
                let _ = tx.send(n);
            }
        }
        // The benchmark went away: so does the reference.
        std::process::exit(0);
    });
    tokio::spawn(async move {
        let mut serving = vec![true; services];
        while let Some(n) = rx.recv().await {
            let Some(state) = serving.get_mut(n) else {
                continue;
            };
            *state = !*state;
            let status = if *state {
                ServingStatus::Serving
            } else {
                ServingStatus::NotServing
            };
            reporter
                .set_service_status(format!("bench{n}"), status)
                .await;
        }
    });
    tonic::transport::Server::builder()
        .add_service(health)
        .serve_with_incoming(incoming)
        .await
        .expect("reference server");
}
