//! `new` and `join`: getting a seat (and its token), then handing over to the play loop.

use crate::args::{JoinArgs, NewArgs, SeatArg, claim_mode};
use crate::error::CliError;
use crate::play::{Player, Since, cli_prefix, rejoin_command};
use crate::watch;
use tablero_client::{Tablero, pb};

/// The mode `--mode` names, checked against the modes the server lists for the game type.
fn chosen_mode<'a>(
    args: &NewArgs,
    info: &'a pb::GameTypeInfo,
) -> Result<Option<&'a pb::GameMode>, CliError> {
    let Some(name) = &args.mode else {
        return Ok(None);
    };
    if info.modes.is_empty() {
        return Err(CliError::Usage(format!(
            "`{}` has no modes; leave out --mode",
            info.game_type
        )));
    }
    match info.modes.iter().find(|m| &m.name == name) {
        Some(m) => Ok(Some(m)),
        None => {
            let names: Vec<&str> = info.modes.iter().map(|m| m.name.as_str()).collect();
            Err(CliError::Usage(format!(
                "`{}` has no mode `{name}`; its modes: {}",
                info.game_type,
                names.join(", ")
            )))
        }
    }
}

/// Seats when none are given: the mode's (ListGameTypes), else two when the game has a
/// two-seat mode (or lists none), else its first mode's.
fn default_seat_count(args: &NewArgs, info: &pb::GameTypeInfo) -> Result<usize, CliError> {
    if let Some(mode) = chosen_mode(args, info)? {
        return Ok(mode.seats as usize);
    }
    Ok(match info.modes.first() {
        Some(first) if !info.modes.iter().any(|m| m.seats == 2) => first.seats as usize,
        _ => 2,
    })
}

/// The seat list: `--seats` as given, else one human, `--open` open seats, and bots for the rest
/// (or exactly `--bots` bots).
pub fn seat_plan(args: &NewArgs, info: &pb::GameTypeInfo) -> Result<Vec<SeatArg>, CliError> {
    chosen_mode(args, info)?;
    if let Some(seats) = &args.seats {
        if seats.is_empty() {
            return Err(CliError::Usage("--seats needs at least one seat".into()));
        }
        return Ok(seats.clone());
    }
    let bots = match args.bots {
        Some(b) => b,
        None => {
            let total = default_seat_count(args, info)?;
            total.checked_sub(1 + args.open).ok_or_else(|| {
                CliError::Usage(format!(
                    "this game has {total} seat{}: one is yours, so at most {} can be open",
                    if total == 1 { "" } else { "s" },
                    total.saturating_sub(1)
                ))
            })?
        }
    };
    let mut plan = vec![SeatArg::Human];
    plan.extend(std::iter::repeat_n(SeatArg::Open, args.open));
    plan.extend(std::iter::repeat_n(SeatArg::Bot, bots));
    Ok(plan)
}

/// The bots' kind: `--bot`, else `mcts` when the server offers it, else its first kind.
fn bot_kind(args: &NewArgs, info: &pb::GameTypeInfo) -> String {
    match &args.bot {
        Some(kind) => kind.clone(),
        None if info.bot_kinds.iter().any(|k| k.name == "mcts") => "mcts".into(),
        None => info.bots.first().cloned().unwrap_or_default(),
    }
}

fn seat_specs(plan: &[SeatArg], name: &str, bot: &str, bot_level: u32) -> Vec<pb::SeatSpec> {
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
                spec.bot = bot.to_string();
                spec.bot_level = bot_level;
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

/// Game options: Claim's from the flags; other games take none (their `--mode` travels as the
/// game-neutral `CreateGameRequest.mode`, see [`neutral_mode`]).
fn options(args: &NewArgs) -> Result<Option<pb::GameOptions>, CliError> {
    if let Some(pack) = args.pack {
        if args.game_type != "kingdom_legacy" {
            return Err(CliError::Usage(format!(
                "--pack is a Kingdom Legacy option; `{}` takes none from this client",
                args.game_type
            )));
        }
        return Ok(Some(pb::GameOptions {
            game: Some(pb::game_options::Game::KingdomLegacy(
                pb::KingdomLegacyOptions {
                    pack: pack.to_proto() as i32,
                    allow_permanent_upgrade: None,
                },
            )),
        }));
    }
    let claim_flags = args.pair.is_some()
        || !args.factions.is_empty()
        || args.first_leader.is_some()
        || args.random_first_leader;
    if args.game_type != "claim" {
        if claim_flags {
            return Err(CliError::Usage(format!(
                "--pair, --factions and --first-leader are Claim options; `{}` takes none from this client",
                args.game_type
            )));
        }
        return Ok(None);
    }
    let mode = match &args.mode {
        None => pb::ClaimMode::Unspecified,
        Some(name) => claim_mode(name).ok_or_else(|| {
            CliError::Usage(format!(
                "Claim has no mode `{name}`; its modes: base_2p, custom_2p, three_player, four_player_teams"
            ))
        })?,
    };
    let claim = pb::ClaimOptions {
        mode: mode as i32,
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

/// The game-neutral mode name sent with the request: `--mode` for every game but Claim, whose
/// mode goes in its options.
fn neutral_mode(args: &NewArgs) -> String {
    match &args.mode {
        Some(name) if args.game_type != "claim" => name.clone(),
        _ => String::new(),
    }
}

pub async fn new_game(tablero: &Tablero, server: &str, args: &NewArgs) -> Result<(), CliError> {
    let types = tablero
        .game_types()
        .await
        .map_err(CliError::rpc("listing game types"))?;
    let Some(info) = types.iter().find(|t| t.game_type == args.game_type) else {
        let hosted: Vec<&str> = types.iter().map(|t| t.game_type.as_str()).collect();
        return Err(CliError::Usage(format!(
            "this server hosts no game type `{}`; it hosts: {}",
            args.game_type,
            hosted.join(", ")
        )));
    };
    let plan = seat_plan(args, info)?;
    let request = pb::CreateGameRequest {
        game_type: args.game_type.clone(),
        options: options(args)?,
        seats: seat_specs(&plan, &args.name, &bot_kind(args, info), args.bot_level),
        seed: args.seed,
        listed: args.listed,
        scenario: None,
        mode: neutral_mode(args),
        time_control: args.per_move_secs.map(|seconds| pb::TimeControl {
            control: Some(pb::time_control::Control::PerMove(pb::PerMoveTimeControl {
                seconds,
            })),
            on_timeout: pb::TimeoutPolicy::BotMoves as i32,
        }),
    };
    let created = tablero
        .create_game(request)
        .await
        .map_err(CliError::rpc("creating the game"))?;
    let id = &created.game_id;
    println!(
        "Created {} game: {id}",
        crate::render::a_or_an(&args.game_type)
    );
    if plan.contains(&SeatArg::Bot) {
        let kind = bot_kind(args, info);
        let levels = info.bot_kinds.iter().find(|k| k.name == kind);
        let level = match (args.bot_level, levels) {
            (0, Some(k)) => k.default_level,
            (l, _) => l,
        };
        let kinds: Vec<&str> = info.bot_kinds.iter().map(|k| k.name.as_str()).collect();
        println!(
            "  bots: {kind} level {level} (--bot {}, --bot-level 1–{}); type ? for a hint",
            kinds.join("|"),
            levels.map_or(1, |k| k.max_level)
        );
    }
    for c in &created.credentials {
        println!("  seat {} token: {}", c.seat, c.token);
        println!("    resume with: {}", rejoin_command(server, id, &c.token));
    }
    let cli = cli_prefix(server);
    if !created.creator_token.is_empty() {
        println!(
            "  creator token: {}   (deletes the game: {cli} delete {id} --token {})",
            created.creator_token, created.creator_token
        );
    }
    if plan.contains(&SeatArg::Open) {
        println!("  open seats: others join with `{cli} join {id}`");
    }
    println!("  watch it with: {cli} watch {id}");
    match created.credentials.first() {
        Some(first) => Player::new(tablero, server, id, &first.token, &args.play)
            .run(Since::Version(0))
            .await
            .map(drop),
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
    .map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::{Cli, Command};
    use clap::Parser;

    fn info(game_type: &str, modes: &[(&str, u32)]) -> pb::GameTypeInfo {
        pb::GameTypeInfo {
            game_type: game_type.into(),
            modes: modes
                .iter()
                .map(|(name, seats)| pb::GameMode {
                    name: name.to_string(),
                    seats: *seats,
                })
                .collect(),
            ..Default::default()
        }
    }

    fn claim() -> pb::GameTypeInfo {
        info(
            "claim",
            &[
                ("base_2p", 2),
                ("custom_2p", 2),
                ("three_player", 3),
                ("four_player_teams", 4),
            ],
        )
    }

    fn emara() -> pb::GameTypeInfo {
        info(
            "emara",
            &[
                ("solo", 1),
                ("two_player", 2),
                ("three_player", 3),
                ("four_player", 4),
            ],
        )
    }

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
            seat_plan(&new_args(&["claim"]), &claim()).unwrap(),
            vec![SeatArg::Human, SeatArg::Bot]
        );
        let four = new_args(&["claim", "--mode", "four_player_teams", "--open", "1"]);
        assert_eq!(
            seat_plan(&four, &claim()).unwrap(),
            vec![SeatArg::Human, SeatArg::Open, SeatArg::Bot, SeatArg::Bot]
        );
        assert_eq!(
            seat_plan(&new_args(&["claim", "--bots", "2"]), &claim())
                .unwrap()
                .len(),
            3
        );
        assert!(seat_plan(&new_args(&["claim", "--open", "2"]), &claim()).is_err());
        assert!(seat_plan(&new_args(&["claim", "--mode", "solo"]), &claim()).is_err());
    }

    #[test]
    fn emara_modes_set_the_seats_and_travel_by_name() {
        let solo = new_args(&["emara", "--mode", "solo"]);
        assert_eq!(seat_plan(&solo, &emara()).unwrap(), vec![SeatArg::Human]);
        assert_eq!(neutral_mode(&solo), "solo");
        assert!(options(&solo).unwrap().is_none());
        let three = new_args(&["emara", "--mode", "three_player", "--open", "1"]);
        assert_eq!(
            seat_plan(&three, &emara()).unwrap(),
            vec![SeatArg::Human, SeatArg::Open, SeatArg::Bot]
        );
        assert_eq!(seat_plan(&new_args(&["emara"]), &emara()).unwrap().len(), 2);
        let err = seat_plan(&new_args(&["emara", "--mode", "five_player"]), &emara())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("solo, two_player, three_player, four_player"),
            "{err}"
        );
        assert!(
            seat_plan(
                &new_args(&["emara", "--mode", "solo", "--open", "1"]),
                &emara()
            )
            .is_err()
        );
        // Claim's mode goes in its options, not by name.
        assert_eq!(neutral_mode(&new_args(&["claim", "--mode", "base_2p"])), "");
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
        assert!(options(&new_args(&["chess", "--pair", "knights_goblins"])).is_err());
        assert!(options(&new_args(&["claim", "--mode", "solo"])).is_err());
        assert!(options(&new_args(&["chess"])).unwrap().is_none());
    }

    #[test]
    fn bots_are_numbered_only_when_there_are_several() {
        let specs = seat_specs(
            &[SeatArg::Human, SeatArg::Bot, SeatArg::Bot],
            "ana",
            "mcts",
            3,
        );
        let names: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["ana", "bot 1", "bot 2"]);
        assert!(
            specs[1..]
                .iter()
                .all(|s| s.bot == "mcts" && s.bot_level == 3)
        );
        assert_eq!(specs[0].bot, "");
    }
}
