//! `new` and `join`: getting a seat (and its token), then handing over to the play loop.

use crate::args::{JoinArgs, NewArgs, SeatArg};
use crate::error::CliError;
use crate::play::{Player, Since, cli_prefix, rejoin_command};
use crate::watch;
use tablero_client::{Tablero, pb};

/// Seats when none are given: Claim by its mode, anything else two.
fn default_seat_count(args: &NewArgs) -> usize {
    match args.mode {
        Some(mode) => mode.seats(),
        None => 2,
    }
}

/// The seat list: `--seats` as given, else one human, `--open` open seats, and bots for the rest
/// (or exactly `--bots` bots).
pub fn seat_plan(args: &NewArgs) -> Result<Vec<SeatArg>, CliError> {
    if let Some(seats) = &args.seats {
        if seats.is_empty() {
            return Err(CliError::Usage("--seats needs at least one seat".into()));
        }
        return Ok(seats.clone());
    }
    let bots = match args.bots {
        Some(b) => b,
        None => {
            let total = default_seat_count(args);
            total.checked_sub(1 + args.open).ok_or_else(|| {
                CliError::Usage(format!(
                    "this game has {total} seats: one is yours, so at most {} can be open",
                    total - 1
                ))
            })?
        }
    };
    let mut plan = vec![SeatArg::Human];
    plan.extend(std::iter::repeat_n(SeatArg::Open, args.open));
    plan.extend(std::iter::repeat_n(SeatArg::Bot, bots));
    Ok(plan)
}

fn seat_specs(plan: &[SeatArg], name: &str) -> Vec<pb::SeatSpec> {
    let mut first_human = true;
    let mut bots = 0;
    let mut humans = 0;
    plan.iter()
        .map(|kind| match kind {
            SeatArg::Human => {
                humans += 1;
                let n = if std::mem::take(&mut first_human) {
                    name.to_string()
                } else {
                    format!("player {humans}")
                };
                Tablero::human(&n)
            }
            SeatArg::Bot => {
                bots += 1;
                let mut spec = Tablero::bot();
                spec.name = if plan.iter().filter(|k| **k == SeatArg::Bot).count() > 1 {
                    format!("bot {bots}")
                } else {
                    "bot".into()
                };
                spec
            }
            SeatArg::Open => Tablero::open_seat(),
        })
        .collect()
}

/// Game options: Claim's from the flags; other games take none.
fn options(args: &NewArgs) -> Result<Option<pb::GameOptions>, CliError> {
    let claim_flags = args.mode.is_some()
        || args.pair.is_some()
        || !args.factions.is_empty()
        || args.first_leader.is_some()
        || args.random_first_leader;
    if args.game_type != "claim" {
        if claim_flags {
            return Err(CliError::Usage(format!(
                "--mode, --pair, --factions and --first-leader are Claim options; `{}` takes none from this client",
                args.game_type
            )));
        }
        return Ok(None);
    }
    let claim = pb::ClaimOptions {
        mode: args.mode.map(|m| m.to_proto() as i32).unwrap_or_default(),
        pair: args.pair.map(|p| p.to_proto() as i32).unwrap_or_default(),
        factions: args.factions.iter().map(|f| f.to_proto() as i32).collect(),
        first_leader: args.first_leader,
        random_first_leader: args.random_first_leader,
        ..Default::default()
    };
    Ok(Some(pb::GameOptions {
        game: Some(pb::game_options::Game::Claim(claim)),
    }))
}

pub async fn new_game(tablero: &Tablero, server: &str, args: &NewArgs) -> Result<(), CliError> {
    let types = tablero
        .game_types()
        .await
        .map_err(CliError::rpc("listing game types"))?;
    if !types.iter().any(|t| t.game_type == args.game_type) {
        let hosted: Vec<&str> = types.iter().map(|t| t.game_type.as_str()).collect();
        return Err(CliError::Usage(format!(
            "this server hosts no game type `{}`; it hosts: {}",
            args.game_type,
            hosted.join(", ")
        )));
    }
    let plan = seat_plan(args)?;
    let request = pb::CreateGameRequest {
        game_type: args.game_type.clone(),
        options: options(args)?,
        seats: seat_specs(&plan, &args.name),
        seed: args.seed,
        scenario: None,
        mode: String::new(),
    };
    let created = tablero
        .create_game(request)
        .await
        .map_err(CliError::rpc("creating the game"))?;
    let id = &created.game_id;
    println!("Created a {} game: {id}", args.game_type);
    for c in &created.credentials {
        println!("  seat {} token: {}", c.seat, c.token);
        println!("    resume with: {}", rejoin_command(server, id, &c.token));
    }
    let cli = cli_prefix(server);
    if plan.contains(&SeatArg::Open) {
        println!("  open seats: others join with `{cli} join {id}`");
    }
    println!("  watch it with: {cli} watch {id}");
    match created.credentials.first() {
        Some(first) => {
            Player::new(tablero, server, id, &first.token, &args.play)
                .run(Since::Version(0))
                .await
        }
        None => {
            println!("No human seat: watching as a spectator.");
            watch::follow(tablero.spectator(id), 0).await
        }
    }
}

pub async fn join_game(tablero: &Tablero, server: &str, args: &JoinArgs) -> Result<(), CliError> {
    let joined = tablero
        .join_game(&args.game_id, args.seat, &args.name)
        .await
        .map_err(CliError::rpc(format!("joining game {}", args.game_id)))?;
    let credential = joined.credential.unwrap_or_default();
    println!("Joined game {} as seat {}.", args.game_id, credential.seat);
    println!("  token: {}", credential.token);
    println!(
        "  resume with: {}",
        rejoin_command(server, &args.game_id, &credential.token)
    );
    Player::new(
        tablero,
        server,
        &args.game_id,
        &credential.token,
        &args.play,
    )
    .run(Since::Recent)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::{Cli, Command, ModeArg};
    use clap::Parser;

    fn new_args(argv: &[&str]) -> NewArgs {
        let mut full = vec!["tablero-cli", "new"];
        full.extend_from_slice(argv);
        match Cli::try_parse_from(full).unwrap().command {
            Command::New(n) => n,
            _ => unreachable!(),
        }
    }

    #[test]
    fn default_seats_are_you_and_bots_for_the_mode() {
        assert_eq!(
            seat_plan(&new_args(&["claim"])).unwrap(),
            vec![SeatArg::Human, SeatArg::Bot]
        );
        let four = new_args(&["claim", "--mode", "four_player_teams", "--open", "1"]);
        assert_eq!(four.mode, Some(ModeArg::FourPlayerTeams));
        assert_eq!(
            seat_plan(&four).unwrap(),
            vec![SeatArg::Human, SeatArg::Open, SeatArg::Bot, SeatArg::Bot]
        );
        assert_eq!(
            seat_plan(&new_args(&["claim", "--bots", "2"]))
                .unwrap()
                .len(),
            3
        );
        assert!(seat_plan(&new_args(&["claim", "--open", "2"])).is_err());
    }

    #[test]
    fn claim_options_come_from_the_flags() {
        let o = options(&new_args(&[
            "claim",
            "--mode",
            "three_player",
            "--pair",
            "knights_goblins",
        ]))
        .unwrap()
        .unwrap();
        let Some(pb::game_options::Game::Claim(c)) = o.game else {
            panic!()
        };
        assert_eq!(c.mode, pb::ClaimMode::ThreePlayer as i32);
        assert_eq!(c.pair, pb::ClaimPair::KnightsGoblins as i32);
        assert!(options(&new_args(&["chess", "--mode", "base_2p"])).is_err());
        assert!(options(&new_args(&["chess"])).unwrap().is_none());
    }

    #[test]
    fn bots_are_numbered_only_when_there_are_several() {
        let specs = seat_specs(&[SeatArg::Human, SeatArg::Bot, SeatArg::Bot], "ana");
        let names: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["ana", "bot 1", "bot 2"]);
    }
}
