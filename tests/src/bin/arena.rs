//! `tablero-arena`: plays seeded games between the bot kinds of `tablero_rules::bots`, for every
//! game and mode, and prints the strength table of the README: win rates with 95 % confidence
//! intervals (Wilson), mean places with theirs, and decision latency p50/p99 of each kind.
//!
//! - 2-player modes: `mcts` against `random` and against `greedy` (and `greedy` against
//!   `random`, for reference), seats alternating game by game.
//! - 3- and 4-player modes: one `mcts`, one `greedy`, the rest `random`, seats rotating; each
//!   kind's mean place (1 = first).
//! - Solo modes: every kind alone, N games each: the win rate (against the rules' automaton,
//!   Victoria or the virtual opponents) and the game's own score where it has one (Kingdom
//!   Legacy's fame).
//!
//! Every decision is timed on the thread that makes it; run it on an idle core for the
//! latency figures (`taskset -c 0`). The games are the same for every run with the same
//! arguments (the seeds are the game index), apart from the latencies.
//!
//! `cargo run --release -p tablero-e2e --bin tablero-arena -- --games 100`

use clap::Parser;
use std::time::{Duration, Instant};
use tablero_rules::bots::{self, BotGame, Budget, Kind, Knowledge, Level};
use tablero_rules::{Game, Mode};

#[derive(Parser, Debug)]
#[command(about = "Tablero's bots against each other: win rates, places and decision latency")]
struct Args {
    /// Games per pairing (2 players), per rotation set (3–4 players) or per kind (solo).
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Only these game types (comma-separated; default: every game of the registry but the
    /// test-only ones).
    #[arg(long, value_delimiter = ',')]
    game: Vec<String>,
    /// Only these modes (comma-separated mode names; default: every mode).
    #[arg(long, value_delimiter = ',')]
    mode: Vec<String>,
    /// The mcts level (1–3; 2 is the default budget the targets are set for).
    #[arg(long, default_value_t = 2)]
    level: u32,
    /// Override the mcts iterations (a smoke run's tiny budget); default: the level's.
    #[arg(long)]
    iterations: Option<u32>,
    /// Stop a game after this many decisions (a Kingdom Legacy sitting may run to thousands):
    /// a stopped game counts as lost, with the score it had.
    #[arg(long, default_value_t = 5_000)]
    max_decisions: u64,
}

fn main() {
    let args = Args::parse();
    println!(
        "# tablero-arena: {} games per row, mcts level {}",
        args.games, args.level
    );
    println!();
    println!(
        "| game | mode | row | games | result | 95 % interval | mcts p50 / p99 | other p50 / p99 |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let named = |name: &str| args.game.iter().any(|g| g == name);
    macro_rules! each {
        ($($kind:ident $game:path;)*) => { $( each!(@ $kind $game); )* };
        (@ test $game:path) => {
            if named(<$game>::NAME) {
                arena::<$game>(&args);
            }
        };
        (@ $kind:ident $game:path) => {
            if args.game.is_empty() || named(<$game>::NAME) {
                arena::<$game>(&args);
            }
        };
    }
    tablero_rules::games!(each);
}

/// Decision times of one kind.
#[derive(Default)]
struct Times(Vec<Duration>);

impl Times {
    fn quantile(&self, q: f64) -> Duration {
        if self.0.is_empty() {
            return Duration::ZERO;
        }
        let mut v = self.0.clone();
        v.sort_unstable();
        v[((v.len() - 1) as f64 * q).round() as usize]
    }

    fn show(&self) -> String {
        if self.0.is_empty() {
            return "—".into();
        }
        format!(
            "{:.1} / {:.1} ms",
            self.quantile(0.5).as_secs_f64() * 1e3,
            self.quantile(0.99).as_secs_f64() * 1e3
        )
    }
}

/// One finished game: each seat's place, whether it won, its score, and the decision times by
/// kind.
struct Played {
    places: Vec<u32>,
    winners: Vec<usize>,
    scores: Vec<Option<f64>>,
    /// Stopped at `--max-decisions` before the end.
    stopped: bool,
}

struct Player {
    level: Level,
    budget: Budget,
}

fn player<G: BotGame>(kind: Kind, args: &Args) -> Player {
    let level = if kind == Kind::Mcts {
        Level::new(kind, args.level).expect("--level is 1 to 3")
    } else {
        Level::new(kind, 1).expect("level 1")
    };
    let mut budget = level.budget::<G>();
    if let Some(i) = args.iterations {
        budget.iterations = i.max(1);
    }
    Player { level, budget }
}

/// Plays one game with `seats[i]` deciding for seat `i`, up to `cap` decisions; times every
/// decision of each kind.
fn play<G: BotGame>(
    config: &G::Config,
    seed: u64,
    seats: &[Player],
    times: &mut [Times; 3],
    cap: u64,
) -> Played {
    let mut state = G::setup(config, seed).expect("a mode's config sets up");
    let mut step = 0u64;
    while !G::is_over(&state) {
        let to_act = G::to_act(&state);
        let seat = to_act[(step as usize) % to_act.len()];
        let p = &seats[seat];
        let knowledge = Knowledge::<G>::of(&state, seat);
        let started = Instant::now();
        let action = bots::decide(&knowledge, p.level, p.budget, seed << 20 ^ step)
            .expect("a seat to act has a move");
        times[kind_index(p.level.kind)].0.push(started.elapsed());
        G::apply(&mut state, seat, &action).expect("bots play legal moves");
        step += 1;
        if step >= cap {
            break;
        }
    }
    let scores = (0..seats.len())
        .map(|s| G::final_score(&state, s))
        .collect();
    match G::outcome(&state) {
        Some(outcome) => Played {
            scores,
            places: outcome.places,
            winners: outcome.winners,
            stopped: false,
        },
        // Stopped at the cap: nobody won, every seat last.
        None => Played {
            scores,
            places: vec![seats.len() as u32; seats.len()],
            winners: Vec::new(),
            stopped: true,
        },
    }
}

fn kind_index(kind: Kind) -> usize {
    Kind::ALL.iter().position(|k| *k == kind).expect("a kind")
}

fn arena<G: BotGame>(args: &Args) {
    for mode in G::modes() {
        if !args.mode.is_empty() && !args.mode.iter().any(|m| m == mode.name) {
            continue;
        }
        match mode.seats {
            1 => solo::<G>(&mode, args),
            2 => duels::<G>(&mode, args),
            _ => table::<G>(&mode, args),
        }
    }
}

/// 2 players: `a` against `b`, seats alternating; a win is a game `a` won alone, a draw half.
fn duels<G: BotGame>(mode: &Mode<G::Config>, args: &Args) {
    for (a, b) in [
        (Kind::Mcts, Kind::Random),
        (Kind::Mcts, Kind::Greedy),
        (Kind::Greedy, Kind::Random),
    ] {
        let mut times: [Times; 3] = Default::default();
        let mut score = 0.0;
        for g in 0..args.games {
            let a_seat = (g % 2) as usize;
            let seats: Vec<Player> = (0..2)
                .map(|s| player::<G>(if s == a_seat { a } else { b }, args))
                .collect();
            let played = play::<G>(&mode.config, g, &seats, &mut times, args.max_decisions);
            score += if played.winners == [a_seat] {
                1.0
            } else if played.winners.is_empty() || played.winners.len() == 2 {
                0.5
            } else {
                0.0
            };
        }
        let (lo, hi) = wilson(score, args.games as f64);
        println!(
            "| {} | {} | {} vs {} | {} | {:.1} % wins | {:.1}–{:.1} % | {} | {} |",
            G::NAME,
            mode.name,
            a.name(),
            b.name(),
            args.games,
            100.0 * score / args.games as f64,
            100.0 * lo,
            100.0 * hi,
            times[kind_index(Kind::Mcts)].show(),
            times[kind_index(if a == Kind::Mcts { b } else { a })].show(),
        );
    }
}

/// 3–4 players: one mcts, one greedy, the rest random, rotating through the seats; each kind's
/// mean place.
fn table<G: BotGame>(mode: &Mode<G::Config>, args: &Args) {
    let n = mode.seats;
    let mut lineup = vec![Kind::Mcts, Kind::Greedy];
    lineup.resize(n, Kind::Random);
    let mut times: [Times; 3] = Default::default();
    let mut places: [Vec<f64>; 3] = Default::default();
    for g in 0..args.games {
        let seats: Vec<Player> = (0..n)
            .map(|s| player::<G>(lineup[(s + g as usize) % n], args))
            .collect();
        let kinds: Vec<Kind> = seats.iter().map(|p| p.level.kind).collect();
        let played = play::<G>(&mode.config, g, &seats, &mut times, args.max_decisions);
        for (s, kind) in kinds.iter().enumerate() {
            places[kind_index(*kind)].push(f64::from(played.places[s]));
        }
    }
    for kind in Kind::ALL {
        let v = &places[kind_index(kind)];
        let (mean, half) = mean_interval(v);
        println!(
            "| {} | {} | {} mean place (of {n}) | {} | {mean:.2} | {:.2}–{:.2} | {} | {} |",
            G::NAME,
            mode.name,
            kind.name(),
            args.games,
            mean - half,
            mean + half,
            if kind == Kind::Mcts {
                times[kind_index(Kind::Mcts)].show()
            } else {
                String::new()
            },
            if kind == Kind::Mcts {
                String::new()
            } else {
                times[kind_index(kind)].show()
            },
        );
    }
}

/// Solo: every kind alone; its win rate, and its mean score where the game has one.
fn solo<G: BotGame>(mode: &Mode<G::Config>, args: &Args) {
    for kind in Kind::ALL {
        let mut times: [Times; 3] = Default::default();
        let mut wins = 0.0;
        let mut scores = Vec::new();
        let mut stopped = 0;
        for g in 0..args.games {
            let played = play::<G>(
                &mode.config,
                g,
                &[player::<G>(kind, args)],
                &mut times,
                args.max_decisions,
            );
            wins += f64::from(u8::from(played.winners == [0]));
            scores.extend(played.scores[0]);
            stopped += u64::from(played.stopped);
        }
        let (lo, hi) = wilson(wins, args.games as f64);
        let mut result = format!("{:.1} % wins", 100.0 * wins / args.games as f64);
        let mut interval = format!("{:.1}–{:.1} %", 100.0 * lo, 100.0 * hi);
        if !scores.is_empty() {
            let (mean, half) = mean_interval(&scores);
            result = format!("mean score {mean:.1}; {result}");
            interval = format!(
                "score {:.1}–{:.1}; wins {interval}",
                mean - half,
                mean + half
            );
        }
        if stopped > 0 {
            result = format!(
                "{result} ({stopped} stopped at {} decisions)",
                args.max_decisions
            );
        }
        let t = times[kind_index(kind)].show();
        println!(
            "| {} | {} | {} alone | {} | {result} | {interval} | {} | {} |",
            G::NAME,
            mode.name,
            kind.name(),
            args.games,
            if kind == Kind::Mcts {
                t.clone()
            } else {
                String::new()
            },
            if kind == Kind::Mcts { String::new() } else { t },
        );
    }
}

/// The Wilson score interval at 95 % of `k` successes in `n` trials.
fn wilson(k: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The mean and the half-width of its normal 95 % interval.
fn mean_interval(v: &[f64]) -> (f64, f64) {
    let n = v.len() as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let mean = v.iter().sum::<f64>() / n;
    if n < 2.0 {
        return (mean, 0.0);
    }
    let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}
