//! Read-only listings: `types` (game types hosted), `games` (games on the server), `history`.

use crate::args::{GamesArgs, HistoryArgs, StatusArg};
use crate::error::CliError;
use crate::render;
use tablero_client::{Tablero, pb};

pub async fn types(tablero: &Tablero) -> Result<(), CliError> {
    let types = tablero
        .game_types()
        .await
        .map_err(CliError::rpc("listing game types"))?;
    if types.is_empty() {
        println!("This server hosts no game types.");
    }
    for t in types {
        println!(
            "{}  —  {} (rules v{})",
            t.game_type, t.title, t.rules_version
        );
        if !t.modes.is_empty() {
            let modes: Vec<String> = t
                .modes
                .iter()
                .map(|m| {
                    let plural = if m.seats == 1 { "" } else { "s" };
                    format!("{} ({} seat{plural})", m.name, m.seats)
                })
                .collect();
            println!("    modes: {}", modes.join(", "));
        }
        if !t.bot_kinds.is_empty() {
            let kinds: Vec<String> = t
                .bot_kinds
                .iter()
                .map(|k| match k.max_level {
                    1 => k.name.clone(),
                    max => format!("{} (levels 1–{max}, default {})", k.name, k.default_level),
                })
                .collect();
            println!("    bots:  {}", kinds.join(", "));
        } else if !t.bots.is_empty() {
            println!("    bots:  {}", t.bots.join(", "));
        }
    }
    Ok(())
}

pub async fn games(tablero: &Tablero, args: &GamesArgs) -> Result<(), CliError> {
    let status = match args.status {
        None => pb::GameStatus::Unspecified,
        Some(StatusArg::Active) => pb::GameStatus::Active,
        Some(StatusArg::Finished) => pb::GameStatus::Finished,
    };
    let request = pb::ListGamesRequest {
        game_type: args.game_type.clone().unwrap_or_default(),
        status: status as i32,
        page_size: 50,
        page_token: String::new(),
        player_ref: args.player.clone().unwrap_or_default(),
        to_act: args.to_act,
    };
    let page = tablero
        .raw()
        .list_games(request)
        .await
        .map_err(CliError::rpc("listing games"))?
        .into_inner();
    if page.games.is_empty() {
        println!("No games.");
    }
    for g in &page.games {
        let status = if g.status == pb::GameStatus::Finished as i32 {
            "finished"
        } else {
            "active"
        };
        let seats: Vec<String> = g
            .seats
            .iter()
            .map(|s| {
                let who = match pb::Occupant::try_from(s.occupant).unwrap_or_default() {
                    pb::Occupant::Open => "open".to_string(),
                    pb::Occupant::Bot => "bot".to_string(),
                    _ if s.name.is_empty() => "human".to_string(),
                    _ => s.name.clone(),
                };
                // A backend's listing shows whose seat it is.
                let player = if s.player_ref.is_empty() {
                    String::new()
                } else {
                    format!("({})", s.player_ref)
                };
                format!(
                    "{}:{who}{player}{}",
                    s.seat,
                    if s.to_act { "*" } else { "" }
                )
            })
            .collect();
        println!(
            "{}  {:<8} {:<9} v{:<4} seats {}",
            g.game_id,
            g.game_type,
            status,
            g.version,
            seats.join(" ")
        );
    }
    if !page.next_page_token.is_empty() {
        println!("(more games not shown)");
    }
    Ok(())
}

pub async fn history(tablero: &Tablero, args: &HistoryArgs) -> Result<(), CliError> {
    let reader = match &args.token {
        Some(t) => tablero.seat(&args.game_id, t),
        None => tablero.spectator(&args.game_id),
    };
    let events = reader.history(0).await.map_err(CliError::rpc(format!(
        "reading the history of {}",
        args.game_id
    )))?;
    println!(
        "History of game {} ({} events):",
        args.game_id,
        events.len()
    );
    for e in &events {
        println!("{}", render::event(e));
    }
    Ok(())
}
