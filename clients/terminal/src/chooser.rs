//! Picking one of the legal actions: from stdin (a person, or a script feeding lines), or
//! automatically (`--auto first|random`).

use crate::args::{AutoArg, PlayFlags};
use crate::error::CliError;
use std::io::{BufRead, IsTerminal, Write};
use tablero_client::pb;

/// What the player asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// The n-th listed action (0-based).
    Action(usize),
    /// An action id typed in full (it may be illegal: the server says why).
    Id(String),
    History,
    /// Ask the server's `mcts` bot which move it would play here (`?` or `hint`).
    Hint,
    Redraw,
    Quit,
    /// Give the game up (typed in full: `resign`).
    Resign,
    /// Stdin ended: leave without moving.
    EndOfInput,
}

pub struct Chooser {
    mode: Mode,
    /// Auto play takes these whenever legal (earlier first) …
    prefer: Vec<String>,
    /// … and never these while anything else is legal.
    avoid: Vec<String>,
}

enum Mode {
    Stdin { echo: bool },
    First,
    Random(SplitMix64),
}

/// `id` is `pattern`, or starts with `pattern:` (`produce` matches `produce:3:0`).
pub fn matches(id: &str, pattern: &str) -> bool {
    id == pattern
        || id
            .strip_prefix(pattern)
            .is_some_and(|rest| rest.starts_with(':'))
}

impl Chooser {
    pub fn new(flags: &PlayFlags) -> Chooser {
        let mode = match flags.auto {
            None => Mode::Stdin {
                echo: !std::io::stdin().is_terminal(),
            },
            Some(AutoArg::First) => Mode::First,
            Some(AutoArg::Random) => {
                Mode::Random(SplitMix64::new(flags.auto_seed.unwrap_or_else(clock_seed)))
            }
        };
        Chooser {
            mode,
            prefer: flags.prefer.clone(),
            avoid: flags.avoid.clone(),
        }
    }

    pub fn is_auto(&self) -> bool {
        !matches!(self.mode, Mode::Stdin { .. })
    }

    /// Picks among `actions` (never empty).
    pub fn choose(&mut self, actions: &[pb::LegalAction]) -> Result<Choice, CliError> {
        if let Mode::Stdin { echo } = self.mode {
            return read_choice(actions, echo);
        }
        for p in &self.prefer {
            if let Some(i) = actions.iter().position(|a| matches(&a.id, p)) {
                return Ok(Choice::Action(i));
            }
        }
        let allowed: Vec<usize> = (0..actions.len())
            .filter(|&i| !self.avoid.iter().any(|p| matches(&actions[i].id, p)))
            .collect();
        let allowed = if allowed.is_empty() {
            (0..actions.len()).collect()
        } else {
            allowed
        };
        Ok(Choice::Action(match &mut self.mode {
            Mode::Random(rng) => allowed[rng.below(allowed.len())],
            _ => allowed[0],
        }))
    }
}

fn read_choice(actions: &[pb::LegalAction], echo: bool) -> Result<Choice, CliError> {
    let n = actions.len();
    loop {
        print!("Choose 1–{n} (? = hint, h = history, v = view, q = quit, resign): ");
        std::io::stdout().flush()?;
        let mut line = String::new();
        // Blocking read off the async worker; nothing else needs to run while we wait.
        let read = tokio::task::block_in_place(|| std::io::stdin().lock().read_line(&mut line))?;
        if read == 0 {
            println!();
            return Ok(Choice::EndOfInput);
        }
        if echo {
            println!("{}", line.trim_end());
        }
        match parse_choice(&line, actions) {
            Ok(choice) => return Ok(choice),
            Err(message) => println!("{message}"),
        }
    }
}

/// A line of input as a choice among `actions`: a number 1..n, an action id, or a command letter.
pub fn parse_choice(line: &str, actions: &[pb::LegalAction]) -> Result<Choice, String> {
    let text = line.trim();
    let n = actions.len();
    match text.to_ascii_lowercase().as_str() {
        "q" | "quit" | "exit" => return Ok(Choice::Quit),
        "resign" => return Ok(Choice::Resign),
        "h" | "history" => return Ok(Choice::History),
        "?" | "hint" => return Ok(Choice::Hint),
        "v" | "view" | "" => return Ok(Choice::Redraw),
        _ => {}
    }
    if let Ok(k) = text.parse::<usize>() {
        return if (1..=n).contains(&k) {
            Ok(Choice::Action(k - 1))
        } else {
            Err(format!(
                "there is no choice {k}: type a number from 1 to {n}"
            ))
        };
    }
    if let Some(i) = actions.iter().position(|a| a.id == text) {
        return Ok(Choice::Action(i));
    }
    // A label, with or without its verb: `Play Gnome 3` or `gnome 3`.
    let lower = text.to_lowercase();
    let by_label = |a: &pb::LegalAction| {
        let label = a.label.to_lowercase();
        label == lower || label.split_once(' ').is_some_and(|(_, rest)| rest == lower)
    };
    if let Some(i) = actions.iter().position(by_label) {
        return Ok(Choice::Action(i));
    }
    // Anything shaped like an action id goes to the server, which names the rule it breaks.
    if text.contains(':') || text.contains('_') {
        return Ok(Choice::Id(text.to_string()));
    }
    Err(format!(
        "`{text}` is not a choice: type a number from 1 to {n}, h, v or q"
    ))
}

/// A small, seedable generator for `--auto random` (SplitMix64).
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0), without modulo bias.
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }
}

fn clock_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    (t.as_nanos() as u64) ^ u64::from(std::process::id()).rotate_left(32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actions() -> Vec<pb::LegalAction> {
        ["play:gnomes:3:1", "play:dragons:9:1"]
            .iter()
            .map(|id| pb::LegalAction {
                id: id.to_string(),
                action: None,
                label: String::new(),
            })
            .collect()
    }

    #[test]
    fn numbers_pick_from_one() {
        assert_eq!(parse_choice("1\n", &actions()), Ok(Choice::Action(0)));
        assert_eq!(parse_choice(" 2 ", &actions()), Ok(Choice::Action(1)));
        assert!(
            parse_choice("3", &actions())
                .unwrap_err()
                .contains("from 1 to 2")
        );
        assert!(parse_choice("0", &actions()).is_err());
    }

    #[test]
    fn letters_and_ids() {
        assert_eq!(parse_choice("q", &actions()), Ok(Choice::Quit));
        assert_eq!(parse_choice("Resign\n", &actions()), Ok(Choice::Resign));
        assert_eq!(parse_choice("H", &actions()), Ok(Choice::History));
        assert_eq!(parse_choice("", &actions()), Ok(Choice::Redraw));
        assert_eq!(
            parse_choice("play:dragons:9:1", &actions()),
            Ok(Choice::Action(1))
        );
        assert_eq!(
            parse_choice("play:trolls:2:1", &actions()),
            Ok(Choice::Id("play:trolls:2:1".into()))
        );
        assert!(parse_choice("banana", &actions()).is_err());
    }

    fn auto(argv: &[&str]) -> Chooser {
        use crate::args::{Cli, Command};
        use clap::Parser;
        let mut full = vec!["tablero-cli", "play", "g", "--token", "t"];
        full.extend_from_slice(argv);
        match Cli::try_parse_from(full).unwrap().command {
            Command::Play(p) => Chooser::new(&p.play),
            _ => unreachable!(),
        }
    }

    fn ids(ids: &[&str]) -> Vec<pb::LegalAction> {
        ids.iter()
            .map(|id| pb::LegalAction {
                id: id.to_string(),
                action: None,
                label: String::new(),
            })
            .collect()
    }

    #[test]
    fn auto_play_prefers_and_avoids_actions_by_id_or_first_part() {
        assert!(matches("produce:3:0", "produce"));
        assert!(matches("suspend", "suspend"));
        assert!(!matches("suspended", "suspend"));
        let mut c = auto(&[
            "--auto",
            "first",
            "--prefer",
            "suspend",
            "--avoid",
            "reset_campaign",
        ]);
        let between = ids(&["reset_campaign", "begin_round", "suspend"]);
        assert_eq!(c.choose(&between).unwrap(), Choice::Action(2));
        let turn = ids(&["reset_campaign", "produce:1:0", "pass"]);
        assert_eq!(c.choose(&turn).unwrap(), Choice::Action(1));
        assert_eq!(
            c.choose(&ids(&["reset_campaign"])).unwrap(),
            Choice::Action(0)
        );
        let mut r = auto(&["--auto", "random", "--auto-seed", "3", "--avoid", "produce"]);
        for _ in 0..20 {
            assert_eq!(
                r.choose(&ids(&["produce:1:0", "pass"])).unwrap(),
                Choice::Action(1)
            );
        }
    }

    #[test]
    fn random_is_seeded_and_in_range() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        for n in 1..50 {
            let x = a.below(n);
            assert_eq!(x, b.below(n));
            assert!(x < n);
        }
    }
}
