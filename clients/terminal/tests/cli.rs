//! End-to-end tests of the `tablero-cli` binary against the real `tablero` server binary.
//!
//! The server is found as `$TABLERO_BIN`, else `target/<profile>/tablero`: build it first with
//! `cargo build -p tablero-service` (cargo does not build other packages' binaries for a test).

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};
use tablero_e2e::{Backend, Redis, Server, client::Tablero, free_port, pb};

const LIMIT: Duration = Duration::from_secs(120);

fn cli(server_url: &str) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tablero-cli"));
    c.arg("--server")
        .arg(server_url)
        .env_remove("TABLERO_TOKEN")
        .env_remove("TABLERO_CAMPAIGN_TOKEN")
        .env_remove("TABLERO_SERVER")
        // The tests choose seeds, as a backend may.
        .env("TABLERO_API_KEY", tablero_e2e::TEST_API_KEY);
    c
}

/// A fresh directory for one test's `$XDG_STATE_HOME` (the stored seat tokens).
fn state_dir(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tablero-cli-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the client to the end with no input (a time limit applies) and checks it succeeded.
fn run_ok(mut command: Command, what: &str) -> String {
    let child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = wait_output(child, what);
    let text = stdout(&out);
    assert!(
        out.status.success(),
        "{what}: exit {:?}; stderr: {}\nstdout:\n{text}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// The word after `prefix` on the first line that has it.
fn word_after(text: &str, prefix: &str) -> String {
    let at = text
        .find(prefix)
        .unwrap_or_else(|| panic!("no {prefix:?} in:\n{text}"));
    text[at + prefix.len()..]
        .split_whitespace()
        .next()
        .unwrap()
        .to_string()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Waits for a child with a time limit (killing it and failing past the limit).
fn wait_output(mut child: Child, what: &str) -> Output {
    let deadline = Instant::now() + LIMIT;
    let mut out = child.stdout.take().map(|s| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = BufReader::new(s).read_to_end(&mut buf);
            buf
        })
    });
    let mut err = child.stderr.take().map(|s| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = BufReader::new(s).read_to_end(&mut buf);
            buf
        })
    });
    loop {
        if let Some(status) = child.try_wait().expect("try_wait") {
            return Output {
                status,
                stdout: out.take().map(|h| h.join().unwrap()).unwrap_or_default(),
                stderr: err.take().map(|h| h.join().unwrap()).unwrap_or_default(),
            };
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("{what} did not finish within {LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The game ended and the output's last line is the outcome's reason.
fn assert_ends_with_outcome(text: &str) {
    assert!(text.contains("GAME OVER\n"), "no outcome in:\n{text}");
    let last = text.trim_end().lines().last().unwrap_or_default();
    assert!(
        last.starts_with("  Reason: "),
        "the output must end with the outcome, but ends with {last:?}:\n{text}"
    );
    assert!(text.contains("  Places: 1st seat "), "{text}");
}

/// The output with what varies per run replaced: game and campaign ids, tokens, the port.
fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        let marker = ["g_", "c_", "tbl_", "127.0.0.1:"]
            .into_iter()
            .filter_map(|m| rest.find(m).map(|at| (at, m)))
            .min();
        let Some((at, m)) = marker else {
            out.push_str(rest);
            break;
        };
        let word_start = at == 0 || !rest.as_bytes()[at - 1].is_ascii_alphanumeric();
        out.push_str(&rest[..at + m.len()]);
        rest = &rest[at + m.len()..];
        if word_start {
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                .unwrap_or(rest.len());
            if end > 0 {
                out.push('…');
                rest = &rest[end..];
            }
        }
    }
    out
}

/// Compares the client's first screen of a game (its output up to and including the first
/// `▶` prompt, ids and tokens normalised) with `tests/golden/<name>.txt`, showing the first
/// differing line. `TABLERO_GOLDEN=record` re-records the file instead.
fn assert_first_screen(text: &str, name: &str) {
    let mut screen = String::new();
    for line in text.lines() {
        screen.push_str(line);
        screen.push('\n');
        if line.starts_with('▶') {
            break;
        }
    }
    assert!(screen.contains('▶'), "no prompt in:\n{text}");
    // The state directory is named after this test process.
    let screen = normalise(&screen).replace(&format!("-{}/", std::process::id()), "-…/");
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.txt"));
    if std::env::var("TABLERO_GOLDEN").is_ok_and(|v| v == "record") {
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, &screen).unwrap();
        return;
    }
    let golden = std::fs::read_to_string(&file).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (record with TABLERO_GOLDEN=record)",
            file.display()
        )
    });
    if golden != screen {
        let (n, (want, got)) = golden
            .lines()
            .chain(std::iter::repeat("(end)"))
            .zip(screen.lines().chain(std::iter::repeat("(end)")))
            .enumerate()
            .find(|(_, (a, b))| a != b)
            .expect("different screens differ in a line");
        panic!(
            "{}:{}: the first screen changed (re-record with TABLERO_GOLDEN=record cargo test \
             -p tablero-cli)\n  golden: {want}\n  now:    {got}\nwhole screen:\n{screen}",
            file.display(),
            n + 1
        );
    }
}

#[test]
fn auto_random_plays_a_whole_base_2p_game_against_a_bot() {
    let server = Server::start(Backend::Memory);
    let child = cli(&server.url())
        .args([
            "new",
            "claim",
            "--mode",
            "base_2p",
            "--seed",
            "11",
            "--auto",
            "random",
            "--auto-seed",
            "5",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = wait_output(child, "tablero-cli new --auto random");
    let text = stdout(&out);
    assert!(
        out.status.success(),
        "exit {:?}; stderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert_first_screen(&text, "claim");
    assert!(text.contains("Phase 2 of 2: fight for favour"), "{text}");
    assert!(text.contains("Final score (decided by "), "{text}");
    assert!(
        text.matches("→ you (auto): ").count() >= 26,
        "one choice per trick at least:\n{text}"
    );
    assert_ends_with_outcome(&text);
}

/// `tablero-cli new claim --seed <seed>` on a fresh server, fed `input` on stdin: its output,
/// once it exited successfully.
fn new_claim_fed(seed: u64, input: &[u8], what: &str) -> String {
    let server = Server::start(Backend::Memory);
    let mut child = cli(&server.url())
        .args(["new", "claim", "--seed", &seed.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The client may exit before reading everything (a game over): a broken pipe is fine.
    let _ = stdin.write_all(input);
    drop(stdin);
    let out = wait_output(child, what);
    assert!(
        out.status.success(),
        "exit {:?}; stderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout(&out)
}

#[test]
fn lines_of_1_on_stdin_play_until_the_end() {
    // Far more lines than a game needs; the client exits at the end without reading the rest.
    let text = new_claim_fed(
        12,
        "1\n".repeat(300).as_bytes(),
        "tablero-cli new fed by stdin",
    );
    assert!(text.contains("Your options:\n   1. "), "{text}");
    assert!(text.contains("Choose 1–"), "{text}");
    assert!(text.contains("▶ Your turn: lead a card."), "{text}");
    assert_ends_with_outcome(&text);
}

#[test]
fn end_of_input_leaves_the_game_cleanly_with_a_way_back() {
    let text = new_claim_fed(
        13,
        b"1\nplay:knights:5:1\n",
        "tablero-cli new with two lines of input",
    );
    // A typed action id the rules refuse: the rule ID and the gRPC code are shown, play goes on.
    assert!(text.contains("✗ illegal: CLM-"), "{text}");
    assert!(text.contains("[FAILED_PRECONDITION]"), "{text}");
    assert!(text.contains("End of input: leaving the game"), "{text}");
    let resume = text.lines().last().unwrap().trim();
    assert!(
        resume.starts_with("tablero-cli --server ")
            && resume.contains(" play g_")
            && resume.contains(" --token tbl_"),
        "{text}"
    );
}

#[test]
fn typing_resign_ends_a_two_player_game() {
    let text = new_claim_fed(15, b"1\nresign\n", "tablero-cli new, one move, then resign");
    assert!(text.contains("• Seat 0 resigned."), "{text}");
    assert!(text.contains("Seat 0 resigned: seat 1 wins."), "{text}");
    assert!(!text.contains("End of input"), "{text}");
}

/// A base_2p game of a human ("ana") against a bot, created through the client library;
/// returns the game id and the human seat's token.
fn human_vs_bot(server: &Server, seed: u64) -> (String, String) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let tablero = server.client().await;
        let created = tablero
            .create_game(pb::CreateGameRequest {
                game_type: "claim".into(),
                seats: vec![Tablero::human("ana"), Tablero::bot()],
                seed: Some(seed),
                ..Default::default()
            })
            .await
            .unwrap();
        (created.game_id, created.credentials[0].token.clone())
    })
}

#[test]
fn resuming_with_play_finishes_the_game_briefly() {
    let server = Server::start(Backend::Memory);
    let (game_id, token) = human_vs_bot(&server, 14);
    let child = cli(&server.url())
        .args([
            "play", &game_id, "--token", &token, "--auto", "first", "--brief",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = wait_output(child, "tablero-cli play --auto first --brief");
    let text = stdout(&out);
    assert!(
        out.status.success(),
        "exit {:?}; stderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !text.contains("Players\n"),
        "--brief prints no tables:\n{text}"
    );
    assert!(text.contains("Seat 1 plays "), "{text}");
    assert_ends_with_outcome(&text);
}

#[test]
fn watch_prints_a_game_played_by_another_process() {
    let server = Server::start(Backend::Memory);
    let (game_id, token) = human_vs_bot(&server, 15);

    // The watcher starts first, as a spectator, and announces itself before anything happens.
    let mut watcher = cli(&server.url())
        .args(["watch", &game_id])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(watcher.stdout.take().unwrap());
    let mut first = String::new();
    lines.read_line(&mut first).unwrap();
    assert!(
        first.starts_with(&format!("Watching game {game_id} from version 0")),
        "{first}"
    );
    let rest = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = lines.read_to_string(&mut s);
        s
    });

    let player = cli(&server.url())
        .args([
            "play",
            &game_id,
            "--token",
            &token,
            "--auto",
            "random",
            "--auto-seed",
            "3",
            "--brief",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let played = wait_output(player, "the playing tablero-cli");
    assert!(
        played.status.success(),
        "player stderr: {}",
        String::from_utf8_lossy(&played.stderr)
    );

    let watched = wait_output(watcher, "tablero-cli watch");
    assert!(
        watched.status.success(),
        "watch stderr: {}",
        String::from_utf8_lossy(&watched.stderr)
    );
    let text = rest.join().unwrap();
    assert!(text.contains("  ── v0: to act: seat 0 (ana)"), "{text}");
    assert!(text.contains("  v1    Seat 0 plays "), "{text}");
    assert!(text.contains("Seat 1 plays "), "{text}");
    assert!(text.contains("Game over: votes "), "{text}");
    // A spectator never sees what a seat drew face down.
    assert!(text.contains("draws a follower from the deck"), "{text}");
    assert_ends_with_outcome(&text);

    // The same log, afterwards, from `history`.
    let history = cli(&server.url())
        .args(["history", &game_id])
        .output()
        .unwrap();
    let history = stdout(&history);
    assert!(
        history.starts_with(&format!("History of game {game_id} (")),
        "{history}"
    );
    assert!(history.contains("  v1    Seat 0 plays "), "{history}");
}

#[test]
fn types_lists_claim_and_emara_and_a_dead_server_is_explained() {
    let server = Server::start(Backend::Memory);
    let out = cli(&server.url()).arg("types").output().unwrap();
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(text.starts_with("claim  —  Claim 2"), "{text}");
    assert!(
        text.contains(
            "modes: base_2p (2 seats), custom_2p (2 seats), three_player (3 seats), four_player_teams (4 seats)"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "modes: solo (1 seat), two_player (2 seats), three_player (3 seats), four_player (4 seats)"
        ),
        "{text}"
    );

    let nowhere = format!("http://127.0.0.1:{}", free_port());
    let out = cli(&nowhere).arg("types").output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains(&format!("cannot reach the Tablero server at {nowhere}: is it running? start it with `cargo run -p tablero-service --bin tablero`")),
        "{err}"
    );
}

#[test]
fn new_emara_solo_plays_to_the_end_briefly() {
    let server = Server::start(Backend::Memory);
    let mut command = cli(&server.url());
    command.args([
        "new",
        "emara",
        "--mode",
        "solo",
        "--seed",
        "21",
        "--auto",
        "random",
        "--auto-seed",
        "4",
        "--brief",
    ]);
    let text = run_ok(command, "tablero-cli new emara --mode solo");
    assert!(text.contains("Created an emara game: g_"), "{text}");
    assert!(
        !text.contains("Ring A:"),
        "--brief prints no tables:\n{text}"
    );
    assert!(text.contains("→ you (auto): Play "), "{text}");
    assert!(text.contains("Round 6 begins"), "{text}");
    assert!(text.contains("Victoria builds"), "{text}");
    // The score table is printed at the end even when brief.
    assert!(text.contains("Final score (decided by "), "{text}");
    assert!(text.contains("\n  Victoria  "), "{text}");
    assert_ends_with_outcome(&text);
}

#[test]
fn new_panovnik_plays_to_the_end_with_its_tables_and_pyramids() {
    let server = Server::start(Backend::Memory);
    let mut command = cli(&server.url());
    command.args([
        "new",
        "panovnik",
        "--mode",
        "two_player_one_virtual",
        "--seats",
        "human,bot",
        "--seed",
        "5",
        "--auto",
        "random",
        "--auto-seed",
        "3",
    ]);
    let text = run_ok(
        command,
        "tablero-cli new panovnik --mode two_player_one_virtual",
    );
    // The first screen: the sealed starting-card choice (the bot committed first), the
    // supply, the dealt cards and the empty pyramids.
    assert_first_screen(&text, "panovnik");
    // The auction display with the cards' rows, the screen, and the pyramids in ASCII.
    assert!(
        text.contains("Round 1 of 12 · auction, bidding round 1 of 3"),
        "{text}"
    );
    assert!(text.contains("Auction display (left to right;"), "{text}");
    assert!(text.contains("rows 1 "), "{text}");
    assert!(text.contains("  Screen: blue "), "{text}");
    assert!(text.contains("\n    L1  |"), "{text}");
    assert!(
        text.contains("\n    L2  ") || text.contains("\n    L2    "),
        "{text}"
    );
    assert!(text.contains("\n    x = "), "{text}");
    assert!(text.contains("Round 12 of 12 (the last)"), "{text}");
    // The end: the seven scoring steps and the outcome.
    assert!(text.contains("Final score (PNV-10.6):"), "{text}");
    assert!(
        text.contains("circles eternal  laws  power  magic  sets  attack  total"),
        "{text}"
    );
    assert_ends_with_outcome(&text);
}

#[test]
fn new_pantheon_plays_to_the_end_with_its_hex_map() {
    let server = Server::start(Backend::Memory);
    let mut command = cli(&server.url());
    command.args([
        "new",
        "pantheon",
        "--mode",
        "three_player",
        "--seats",
        "human,bot,bot",
        "--seed",
        "3",
        "--auto",
        "random",
        "--auto-seed",
        "3",
    ]);
    let text = run_ok(command, "tablero-cli new pantheon --mode three_player");
    // The first screen: the hex map with its ruler and legend, the displays, the hand.
    assert_first_screen(&text, "pantheon");
    assert!(text.contains("Epoch 6 of 6 · "), "{text}");
    // The end: the final score and the outcome.
    assert!(text.contains("Final score (PTH-13):"), "{text}");
    assert!(text.contains("VP  gods  demigods  pillars  loot"), "{text}");
    assert_ends_with_outcome(&text);
}

#[test]
fn an_emara_table_shows_your_hand_and_the_bots_as_a_count() {
    let server = Server::start(Backend::Memory);
    let mut child = cli(&server.url())
        .args([
            "new",
            "emara",
            "--mode",
            "two_player",
            "--seed",
            "8",
            "--name",
            "ana",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"1\n").unwrap();
    drop(stdin);
    let out = wait_output(child, "tablero-cli new emara --mode two_player");
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    // The first screen: the rings, the town, your hand and the bot's as a count.
    assert_first_screen(&text, "emara");
    assert!(text.contains("   1. Play "), "{text}");
    assert!(text.contains("End of input: leaving the game"), "{text}");
}

#[test]
fn a_solo_campaign_is_created_played_resumed_and_shown() {
    let server = Server::start(Backend::Memory);
    let state = state_dir("campaign");
    let campaign_cli = || {
        let mut c = cli(&server.url());
        c.env("XDG_STATE_HOME", &state);
        c
    };

    let mut new = campaign_cli();
    new.args([
        "campaign", "new", "emara", "--name", "Ada", "--start", "30", "--games", "2",
    ]);
    let text = run_ok(new, "campaign new");
    assert!(text.contains("Created an emara campaign: c_"), "{text}");
    assert!(text.contains("Next play: start position 30"), "{text}");
    let id = word_after(&text, "campaign: ");
    let token = word_after(&text, "owner token: ");
    assert!(token.starts_with("tbl_"), "{text}");
    assert!(
        text.contains(&format!("campaign play {id} --token {token}")),
        "how to continue:\n{text}"
    );

    // The first play starts; stdin ends at once, so the play waits and its seat token is kept.
    let mut first = campaign_cli();
    first.args(["campaign", "play", &id, "--token", &token, "--seed", "3"]);
    let text = run_ok(first, "campaign play (left at once)");
    assert!(
        text.contains(&format!("Started play 1 of campaign {id}: game g_")),
        "{text}"
    );
    assert!(text.contains("(start position 30)"), "{text}");
    assert!(text.contains("  seat 0 token: tbl_"), "{text}");
    assert!(text.contains("End of input: leaving the game"), "{text}");
    assert!(
        text.contains("The play waits; continue the campaign with:"),
        "{text}"
    );
    let game = word_after(&text, ": game ");
    let saved = std::fs::read_to_string(state.join("tablero-cli").join("seats.tsv")).unwrap();
    assert!(saved.starts_with(&format!("{game}\t0\ttbl_")), "{saved}");

    let mut show = campaign_cli();
    show.args(["campaign", "show", &id]);
    let text = run_ok(show, "campaign show (a play under way)");
    assert!(text.contains(&format!("   1. {game}  playing")), "{text}");
    assert!(
        text.contains(&format!("Current play: game {game} (unfinished)")),
        "{text}"
    );

    // Resumed from the stored seat token and played to the end; the campaign follows.
    let mut resume = campaign_cli();
    resume.args([
        "campaign",
        "play",
        &id,
        "--token",
        &token,
        "--auto",
        "random",
        "--auto-seed",
        "1",
        "--brief",
    ]);
    let text = run_ok(resume, "campaign play (resumed)");
    assert!(
        text.contains(&format!("Resuming play 1 of campaign {id}: game {game}")),
        "{text}"
    );
    assert!(text.contains("GAME OVER\n"), "{text}");
    assert!(
        text.contains("Final score (decided by solo campaign"),
        "{text}"
    );
    assert!(
        text.contains("Plays: 1 (1 folded into the campaign)"),
        "{text}"
    );

    let mut show = campaign_cli();
    show.args(["campaign", "show", &id]);
    let text = run_ok(show, "campaign show (one play folded)");
    assert!(
        text.starts_with(&format!("─── campaign “Ada” · {id} · emara ")),
        "{text}"
    );
    assert!(
        text.contains("Plays: 1 (1 folded into the campaign)"),
        "{text}"
    );
    assert!(
        text.contains(&format!("   1. {game}  folded  start 30 · you ")),
        "{text}"
    );
    assert!(
        text.contains("Best result per start position:\n  start 30: "),
        "{text}"
    );
    let won = text.contains("· won\n");
    let next = if won { 25 } else { 32 };
    assert!(
        text.contains(&format!("Next play: start position {next}")),
        "EMR-16.10: −5 after a win, +2 after a loss:\n{text}"
    );

    // The second and last play, started and finished in one go.
    let mut second = campaign_cli();
    second.args([
        "campaign",
        "play",
        &id,
        "--token",
        &token,
        "--auto",
        "random",
        "--auto-seed",
        "2",
        "--brief",
        "--seed",
        "4",
    ]);
    let text = run_ok(second, "campaign play (second)");
    assert!(
        text.contains(&format!("Started play 2 of campaign {id}")),
        "{text}"
    );
    assert!(text.contains(&format!("(start position {next})")), "{text}");
    assert!(
        text.contains("Plays: 2 (2 folded into the campaign)"),
        "{text}"
    );
    assert!(
        text.trim_end()
            .ends_with("The campaign is over: no further play can start."),
        "{text}"
    );

    let mut list = campaign_cli();
    list.args(["campaign", "list", "--type", "emara"]);
    let text = run_ok(list, "campaign list");
    assert!(
        text.contains(&format!("{id}  emara    “Ada”  2 plays  over")),
        "{text}"
    );

    // Over: no further play starts.
    let mut again = campaign_cli();
    again.args([
        "campaign", "play", &id, "--token", &token, "--auto", "first",
    ]);
    let text = run_ok(again, "campaign play (over)");
    assert!(text.contains(&format!("Campaign {id} is over")), "{text}");
    let _ = std::fs::remove_dir_all(&state);
}

#[test]
fn a_campaign_play_needs_the_owner_token() {
    let server = Server::start(Backend::Memory);
    let state = state_dir("owner");
    let mut new = cli(&server.url());
    new.env("XDG_STATE_HOME", &state)
        .args(["campaign", "new", "emara"]);
    let text = run_ok(new, "campaign new");
    let id = word_after(&text, "campaign: ");
    let out = cli(&server.url())
        .env("XDG_STATE_HOME", &state)
        .args(["campaign", "play", &id, "--token", "tbl_not_the_owner"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains(&format!("starting the next play of campaign {id}: "))
            && err.contains("[PERMISSION_DENIED] (check the --token you gave)"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&state);
}

/// The Kingdom Legacy screens in a client's output (each starts with the table's header).
fn kingdom_screens(text: &str) -> Vec<&str> {
    text.split("─── Kingdom Legacy · game ")
        .skip(1)
        .map(|s| s.split("Your options:").next().unwrap_or(s))
        .collect()
}

/// The kingdom in a screen: round line, then everything from the deck to the score counter.
fn kingdom_part(screen: &str) -> String {
    let round = screen
        .lines()
        .find(|l| l.starts_with("Round ") || l.starts_with("Expansion #"))
        .unwrap_or_else(|| panic!("no round line in:\n{screen}"));
    let round = round.split(" · fame ").next().unwrap();
    let from = screen
        .find("\nDeck: ")
        .unwrap_or_else(|| panic!("no deck in:\n{screen}"));
    let to = screen[from..]
        .find("\nScore counter: ")
        .map(|i| from + i)
        .unwrap_or_else(|| panic!("no score counter in:\n{screen}"));
    let end = screen[to + 1..]
        .find('\n')
        .map_or(screen.len(), |i| to + 1 + i);
    format!("{round}\n{}", &screen[from + 1..end])
}

#[test]
fn new_kingdom_legacy_plays_a_round_and_suspends() {
    let server = Server::start(Backend::Memory);
    let mut command = cli(&server.url());
    command.args([
        "new",
        "kingdom_legacy",
        "--seed",
        "3",
        "--auto",
        "random",
        "--auto-seed",
        "2",
        "--avoid",
        "reset_campaign",
        "--prefer",
        "suspend",
    ]);
    let text = run_ok(command, "tablero-cli new kingdom_legacy");
    assert!(text.contains("Created a kingdom_legacy game: g_"), "{text}");
    assert!(
        text.contains("Round 1 of the base game · turn · fame "),
        "{text}"
    );
    assert!(text.contains("\nActive zone ("), "{text}");
    assert!(text.contains("\n  #"), "cards are shown:\n{text}");
    assert!(text.contains("Deck: "), "{text}");
    assert!(text.contains("\nBox ("), "{text}");
    assert!(
        text.contains("▶ Your turn: produce, upgrade, use an effect, march or pass."),
        "{text}"
    );
    assert!(
        text.contains("Round 1 of the base game · between rounds"),
        "{text}"
    );
    assert!(
        text.contains("▶ Your turn: begin the next round, or suspend"),
        "{text}"
    );
    assert!(
        text.contains("The sitting is over: the kingdom is stored"),
        "{text}"
    );
    assert!(
        text.contains("Reason: kingdom stored after round 1"),
        "{text}"
    );
    assert_ends_with_outcome(&text);
}

#[test]
fn a_kingdom_reset_is_set_apart_and_needs_a_confirmation() {
    // Issue 15: one choice cannot wipe a kingdom. The reset is listed last and marked; choosing
    // it only asks; cancel keeps the kingdom, confirm starts it again.
    let server = Server::start(Backend::Memory);
    let mut child = cli(&server.url())
        .args(["new", "kingdom_legacy", "--seed", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(
            b"reset_campaign\nreset_campaign:cancel\nreset_campaign\nreset_campaign:confirm\nq\n",
        )
        .unwrap();
    drop(stdin);
    let out = wait_output(child, "tablero-cli new kingdom_legacy with a reset");
    let text = stdout(&out);
    assert!(
        out.status.success(),
        "exit {:?}; stderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    // The menu's last line is the marked reset.
    let menu = &text[text.find("Your options:\n").expect("a menu")..];
    let menu = &menu[..menu.find("Choose 1–").expect("a prompt")];
    let last = menu.trim_end().lines().last().unwrap();
    assert!(
        last.contains(
            ". (danger) Reset the kingdom… (start again from cards 1–10; asks to confirm)"
        ),
        "{menu}"
    );
    assert!(
        text.contains("RESET ASKED: confirm to put every card back"),
        "{text}"
    );
    assert!(
        text.contains(". Yes, reset: every card back in the box, all progress lost, start again"),
        "{text}"
    );
    assert!(text.contains(". No, keep the kingdom and go on"), "{text}");
    assert!(
        text.contains("You left the game; it waits for you."),
        "{text}"
    );
    assert_eq!(text.matches("RESET ASKED").count(), 2, "{text}");
}

#[test]
fn a_kingdom_is_founded_suspended_and_continued_after_a_server_restart() {
    let redis = Redis::start();
    let mut server = Server::start(Backend::Redis(redis.url()));
    let state = state_dir("kingdom");
    let kingdom_cli = |server: &Server| {
        let mut c = cli(&server.url());
        c.env("XDG_STATE_HOME", &state);
        c
    };

    let mut new = kingdom_cli(&server);
    new.args(["campaign", "new", "kingdom_legacy", "--name", "Realm"]);
    let text = run_ok(new, "campaign new kingdom_legacy");
    assert!(
        text.contains("Created a kingdom_legacy campaign: c_"),
        "{text}"
    );
    assert!(
        text.contains("Next sitting: founds the kingdom (round 1)"),
        "{text}"
    );
    let id = word_after(&text, "campaign: ");
    let token = word_after(&text, "owner token: ");

    // The first sitting: round 1 played automatically, then `suspend` (a listed action).
    let mut first = kingdom_cli(&server);
    first.args([
        "campaign",
        "play",
        &id,
        "--token",
        &token,
        "--seed",
        "5",
        "--auto",
        "random",
        "--auto-seed",
        "9",
        "--avoid",
        "reset_campaign",
        "--prefer",
        "suspend",
    ]);
    let text = run_ok(first, "campaign play (the first sitting)");
    assert_first_screen(&text, "kingdom_legacy");
    assert!(
        text.contains(&format!("Started sitting 1 of campaign {id}: game g_")),
        "{text}"
    );
    assert!(text.contains("Round 1 of the base game · turn"), "{text}");
    assert!(text.contains("\nActive zone ("), "{text}");
    assert!(text.contains("→ you (auto): "), "{text}");
    assert!(text.contains("GAME OVER\n"), "{text}");
    assert!(
        text.contains("Sittings: 1 (1 folded into the campaign)"),
        "{text}"
    );
    let screens = kingdom_screens(&text);
    let before = screens
        .iter()
        .find(|s| s.contains(" · between rounds · "))
        .unwrap_or_else(|| panic!("no screen between rounds:\n{text}"));
    assert!(
        before.contains("▶ Your turn: begin the next round, or suspend"),
        "{before}"
    );
    let before = kingdom_part(before);
    assert!(
        before.starts_with("Round 1 of the base game · between rounds\n"),
        "{before}"
    );
    assert!(before.contains("\nDiscard pile ("), "{before}");

    let mut show = kingdom_cli(&server);
    show.args(["campaign", "show", &id]);
    let text = run_ok(show, "campaign show (one sitting folded)");
    assert!(
        text.starts_with(&format!("─── campaign “Realm” · {id} · kingdom_legacy ")),
        "{text}"
    );
    assert!(
        text.contains("Sittings: 1 (1 folded into the campaign)"),
        "{text}"
    );
    assert!(text.contains("  folded  1 round · fame "), "{text}");
    assert!(text.contains("base-game rounds played 1"), "{text}");
    assert!(
        text.contains("Score counter: base — · expansions —"),
        "{text}"
    );
    assert!(text.contains("Purge fame: —"), "{text}");
    assert!(
        text.contains("Card 23: in the box · reset allowed · open"),
        "{text}"
    );
    assert!(
        text.contains("Next sitting: continues the stored kingdom"),
        "{text}"
    );

    // The server dies; a new one on the same Redis continues the kingdom.
    server.kill_and_restart();
    let mut second = kingdom_cli(&server);
    second.args(["campaign", "play", &id, "--token", &token]);
    let text = run_ok(second, "campaign play (after the restart)");
    assert!(
        text.contains(&format!("Started sitting 2 of campaign {id}: game g_")),
        "{text}"
    );
    let screens = kingdom_screens(&text);
    let after = kingdom_part(
        screens
            .first()
            .unwrap_or_else(|| panic!("no table:\n{text}")),
    );
    assert_eq!(
        after, before,
        "the kingdom after the restart is the one stored"
    );
    assert!(text.contains("   1. "), "the actions are listed:\n{text}");
    assert!(
        text.contains("end this sitting (suspend)"),
        "suspend is offered:\n{text}"
    );
    assert!(text.contains("End of input: leaving the game"), "{text}");
    assert!(
        text.contains("The sitting waits; continue the campaign with:"),
        "{text}"
    );

    let mut show = kingdom_cli(&server);
    show.args(["campaign", "show", &id]);
    let text = run_ok(show, "campaign show (the second sitting under way)");
    assert!(text.contains("  playing"), "{text}");
    assert!(text.contains("Current sitting: game g_"), "{text}");
    let _ = std::fs::remove_dir_all(&state);
}

/// Runs the client with no input and checks it failed with `code` (e.g. `[NOT_FOUND]`).
fn run_failing(mut command: Command, code: &str, what: &str) {
    let out = command.stdin(Stdio::null()).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{what} must fail");
    assert!(err.contains(code), "{what}: {err}");
}

#[test]
fn the_creator_deletes_a_game_and_the_owner_a_campaign() {
    let server = Server::start(Backend::Memory);
    let mut new = cli(&server.url());
    new.args(["new", "claim", "--seed", "16"]);
    let text = run_ok(new, "new (left at once)");
    let id = word_after(&text, "claim game: ");
    let creator = word_after(&text, "creator token: ");
    let seat = word_after(&text, "seat 0 token: ");
    assert!(
        text.contains(&format!("delete {id} --token {creator}")),
        "{text}"
    );
    let delete = |token: &str| {
        let mut c = cli(&server.url());
        c.args(["delete", &id, "--token", token]);
        c
    };
    run_failing(
        delete(&seat),
        "[PERMISSION_DENIED]",
        "delete with a seat token",
    );
    let text = run_ok(delete(&creator), "delete with the creator token");
    assert!(text.contains(&format!("Deleted game {id}.")), "{text}");
    run_failing(delete(&creator), "[NOT_FOUND]", "delete again");

    let mut new = cli(&server.url());
    new.args(["campaign", "new", "emara"]);
    let text = run_ok(new, "campaign new");
    let campaign = word_after(&text, "campaign: ");
    let owner = word_after(&text, "owner token: ");
    let delete = |token: &str| {
        let mut c = cli(&server.url());
        c.args(["campaign", "delete", &campaign, "--token", token]);
        c
    };
    run_failing(
        delete("tbl_not_the_owner"),
        "[PERMISSION_DENIED]",
        "campaign delete by another",
    );
    let text = run_ok(delete(&owner), "campaign delete");
    assert!(
        text.contains(&format!("Deleted campaign {campaign} and its 0 plays.")),
        "{text}"
    );
    run_failing(delete(&owner), "[NOT_FOUND]", "campaign delete again");
}

/// `watch-changes` prints the feed, one change a line with its cursor; `--from` resumes after
/// a printed cursor.
#[test]
fn watch_changes_prints_the_feed_and_resumes_from_a_cursor() {
    let server = Server::start(Backend::Memory);
    let rt = tokio::runtime::Runtime::new().unwrap();
    let game_id = rt.block_on(async {
        let tablero = server.client().await;
        tablero
            .create_game(pb::CreateGameRequest {
                game_type: "claim".into(),
                seats: vec![
                    Tablero::player("ana", "user-ana"),
                    Tablero::player("ben", "user-ben"),
                ],
                seed: Some(3),
                ..Default::default()
            })
            .await
            .unwrap()
            .game_id
    });
    let mut all = cli(&server.url());
    all.args([
        "watch-changes",
        "--from-start",
        "--player",
        "user-ben",
        "--count",
        "2",
    ]);
    let text = run_ok(all, "tablero-cli watch-changes --from-start");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].contains(&format!("game_created claim {game_id} v")),
        "{text}"
    );
    assert!(
        lines[1].contains("seat_to_act") && lines[1].contains("(user-"),
        "{text}"
    );
    let first_cursor = lines[0].split_whitespace().next().unwrap();
    let mut rest = cli(&server.url());
    rest.args(["watch-changes", "--from", first_cursor, "--count", "1"]);
    assert_eq!(
        run_ok(rest, "tablero-cli watch-changes --from").trim(),
        lines[1]
    );
    let mut other = cli(&server.url());
    other.args([
        "watch-changes",
        "--from-start",
        "--player",
        "nobody",
        "--count",
        "1",
    ]);
    let child = other
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Nothing matches: the stream waits; it is stopped here rather than timing out.
    std::thread::sleep(Duration::from_millis(500));
    let mut child = child;
    assert!(
        child.try_wait().unwrap().is_none(),
        "waits for a matching change"
    );
    child.kill().unwrap();
}
