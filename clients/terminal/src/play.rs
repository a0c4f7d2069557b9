//! The play loop: show the table and what happened, list the legal actions, submit the choice;
//! when someone else must act, wait on WatchGame until it is our turn; print the outcome at the end.

use crate::args::{DEFAULT_SERVER, PlayFlags};
use crate::chooser::{Choice, Chooser};
use crate::error::{CliError, describe_status};
use crate::render;
use tablero_client::{SeatClient, Tablero, pb};
use tonic::Code;

/// How many versions of old events the first screen of a resumed game shows.
const RESUME_VERSIONS: u64 = 6;
/// Auto play gives up after this many failed submits in a row.
const MAX_AUTO_FAILURES: u32 = 5;

/// `tablero-cli`, with `--server URL` when the server is not the default one.
pub fn cli_prefix(server: &str) -> String {
    if server == DEFAULT_SERVER {
        "tablero-cli".to_string()
    } else {
        format!("tablero-cli --server {server}")
    }
}

/// The command that resumes this seat: `tablero-cli play <id> --token <token>`.
pub fn rejoin_command(server: &str, game_id: &str, token: &str) -> String {
    format!("{} play {game_id} --token {token}", cli_prefix(server))
}

/// Where the first screen's "what happened" starts.
pub enum Since {
    /// Every event after this version (a game we just created or joined).
    Version(u64),
    /// Only the last few versions (resuming a game in progress).
    Recent,
}

/// How a play loop ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// The game is over.
    Finished,
    /// The player left (q or end of input); the game waits.
    Left,
    /// The player resigned and the game goes on, the server's bot in their seat.
    Resigned,
}

pub struct Player {
    seat: SeatClient,
    server: String,
    token: String,
    chooser: Chooser,
    brief: bool,
    /// The version whose table was printed last (not printed twice in a row).
    shown: Option<u64>,
}

impl Player {
    pub fn new(
        tablero: &Tablero,
        server: &str,
        game_id: &str,
        token: &str,
        flags: &PlayFlags,
    ) -> Player {
        Player {
            seat: tablero.seat(game_id, token),
            server: server.to_string(),
            token: token.to_string(),
            chooser: Chooser::new(flags),
            brief: flags.brief,
            shown: None,
        }
    }

    fn rejoin(&self) -> String {
        rejoin_command(&self.server, self.seat.game_id(), &self.token)
    }

    /// Plays until the game ends, the player quits or stdin ends.
    pub async fn run(mut self, since: Since) -> Result<Ended, CliError> {
        let mut view = self
            .seat
            .view()
            .await
            .map_err(CliError::rpc("reading the game"))?;
        let Some(me) = view.viewer_seat else {
            return Err(CliError::Usage(
                "the server did not recognise this token as a seat of the game".into(),
            ));
        };
        let mut seen = match since {
            Since::Version(v) => v,
            Since::Recent => {
                let from = view.version.saturating_sub(RESUME_VERSIONS);
                if from > 0 {
                    println!(
                        "(resuming at version {}; type h for the full history)",
                        view.version
                    );
                }
                from
            }
        };
        let mut failures = 0;
        loop {
            if render::finished(&view) {
                self.screen(&view, &mut seen).await?;
                if self.brief
                    && let Some(score) = render::final_score(&view)
                {
                    print!("\n{score}");
                }
                print!("\n{}", render::outcome(&view));
                return Ok(Ended::Finished);
            }
            if !view.to_act.contains(&me) {
                self.screen(&view, &mut seen).await?;
                println!("{}", waiting_line(&view, &self.server));
                view = self.wait_for_turn(me, view.version).await?;
                seen = view.version;
                continue;
            }
            let legal = self
                .seat
                .legal_actions()
                .await
                .map_err(CliError::rpc("listing your actions"))?;
            if legal.version != view.version || legal.actions.is_empty() {
                // Someone moved between the two reads: look again (after a breath, should the
                // server ever list no action for a seat it says must act).
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                view = self
                    .seat
                    .view()
                    .await
                    .map_err(CliError::rpc("reading the game"))?;
                continue;
            }
            self.screen(&view, &mut seen).await?;
            let menu = render::menu(&view, &legal.actions);
            let action_id = loop {
                if !self.chooser.is_auto() {
                    println!("\n{}", action_list(&menu));
                }
                match self.chooser.choose(&menu)? {
                    Choice::Action(i) => {
                        let a = &menu[i];
                        if self.chooser.is_auto() {
                            println!("→ you (auto): {}", a.label);
                        }
                        break a.id.clone();
                    }
                    Choice::Id(id) => break id,
                    Choice::History => self.print_history().await?,
                    Choice::Hint => match self.seat.hint(0).await {
                        Ok(hint) => {
                            let label = hint.action.map(|a| a.label).unwrap_or_default();
                            println!("Hint (mcts, from your view): {label}");
                        }
                        Err(status) => println!("✗ {}", describe_status(&status)),
                    },
                    Choice::Redraw => println!("{}", render::view(&view)),
                    Choice::Quit => {
                        println!(
                            "You left the game; it waits for you. Resume with:\n  {}",
                            self.rejoin()
                        );
                        return Ok(Ended::Left);
                    }
                    Choice::Resign => match self.seat.resign().await {
                        Ok(response) => {
                            for e in &response.events {
                                println!("• {}", e.summary);
                            }
                            view = response.view.unwrap_or_default();
                            // A resigned seat's token no longer works: the end is watched as a
                            // spectator.
                            self.seat = self.seat.as_spectator();
                            if render::finished(&view) {
                                break String::new();
                            }
                            println!("You resigned; the server's bot plays your seat to the end.");
                            return Ok(Ended::Resigned);
                        }
                        Err(status) => println!("✗ {}", describe_status(&status)),
                    },
                    Choice::EndOfInput => {
                        println!(
                            "End of input: leaving the game; it waits for you. Resume with:\n  {}",
                            self.rejoin()
                        );
                        return Ok(Ended::Left);
                    }
                }
            };
            if action_id.is_empty() {
                // Resigned, and the game is over: the loop shows how it ended.
                continue;
            }
            match self.seat.submit_id(&action_id).await {
                Ok(response) => {
                    failures = 0;
                    view = response.view.unwrap_or_default();
                }
                Err(status) => {
                    println!("✗ {}", describe_status(&status));
                    failures += 1;
                    let fatal = matches!(
                        status.code(),
                        Code::NotFound
                            | Code::Unauthenticated
                            | Code::Unavailable
                            | Code::Internal
                            | Code::Unknown
                    );
                    if fatal || (self.chooser.is_auto() && failures >= MAX_AUTO_FAILURES) {
                        return Err(CliError::Rpc {
                            context: "submitting your action".into(),
                            status,
                        });
                    }
                    view = self
                        .seat
                        .view()
                        .await
                        .map_err(CliError::rpc("reading the game"))?;
                }
            }
        }
    }

    /// The table (unless brief), then the events after `seen`, which moves to the view's version.
    async fn screen(&mut self, view: &pb::GameView, seen: &mut u64) -> Result<(), CliError> {
        if !self.brief && self.shown != Some(view.version) {
            println!("\n{}", render::view(view));
        }
        self.shown = Some(view.version);
        if view.version > *seen {
            let events = self
                .seat
                .history(*seen)
                .await
                .map_err(CliError::rpc("reading the events"))?;
            let events: Vec<pb::Event> = events
                .into_iter()
                .filter(|e| e.version <= view.version)
                .collect();
            print!("{}", render::events("What happened:", &events));
            *seen = view.version;
        }
        Ok(())
    }

    async fn print_history(&self) -> Result<(), CliError> {
        let events = self
            .seat
            .history(0)
            .await
            .map_err(CliError::rpc("reading the history"))?;
        println!("{}", render::rule("history"));
        print!("{}", render::events("", &events).trim_start_matches('\n'));
        if events.is_empty() {
            println!("  (nothing yet)");
        }
        Ok(())
    }

    /// Follows WatchGame from `from`, printing events, until `me` must act or the game ends.
    async fn wait_for_turn(&self, me: u32, mut from: u64) -> Result<pb::GameView, CliError> {
        loop {
            let mut stream = self
                .seat
                .watch(from)
                .await
                .map_err(CliError::rpc("watching the game"))?;
            while let Some(msg) = stream
                .message()
                .await
                .map_err(CliError::rpc("watching the game"))?
            {
                for e in &msg.events {
                    println!("{}", render::event(e));
                }
                if let Some(view) = msg.view {
                    from = view.version;
                    if render::finished(&view) || view.to_act.contains(&me) {
                        return Ok(view);
                    }
                }
            }
            // The server closed the stream without finishing the game: follow on from where we are.
        }
    }
}

/// `   1. Play Gnome 3` per action.
pub fn action_list(actions: &[pb::LegalAction]) -> String {
    let mut out = String::from("Your options:\n");
    for (i, a) in actions.iter().enumerate() {
        let label = if a.label.is_empty() {
            a.id.as_str()
        } else {
            a.label.as_str()
        };
        out.push_str(&format!("  {:>2}. {label}\n", i + 1));
    }
    out.pop();
    out
}

fn waiting_line(view: &pb::GameView, server: &str) -> String {
    let open: Vec<u32> = view
        .seats
        .iter()
        .filter(|s| s.occupant == pb::Occupant::Open as i32 && view.to_act.contains(&s.seat))
        .map(|s| s.seat)
        .collect();
    let mut line = format!("Waiting for {} …", render::to_act(view));
    if !open.is_empty() {
        line.push_str(&format!(
            "\n(an open seat must be claimed first: {} join {})",
            cli_prefix(server),
            view.game_id
        ));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_numbered_from_one() {
        let actions: Vec<pb::LegalAction> =
            [("play:gnomes:3:1", "Play Gnome 3"), ("seer_peek", "")]
                .iter()
                .map(|(id, label)| pb::LegalAction {
                    id: id.to_string(),
                    action: None,
                    label: label.to_string(),
                })
                .collect();
        assert_eq!(
            action_list(&actions),
            "Your options:\n   1. Play Gnome 3\n   2. seer_peek"
        );
    }

    #[test]
    fn the_rejoin_command_names_a_non_default_server() {
        assert_eq!(
            rejoin_command(DEFAULT_SERVER, "g1", "t"),
            "tablero-cli play g1 --token t"
        );
        assert_eq!(
            rejoin_command("http://10.0.0.1:9", "g1", "t"),
            "tablero-cli --server http://10.0.0.1:9 play g1 --token t"
        );
    }
}
