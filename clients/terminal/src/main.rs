//! `tablero-cli`: a terminal client that plays any game type a Tablero server hosts, by listing the
//! legal actions, with a full table view for Claim.
//!
//! ```text
//! tablero-cli types
//! tablero-cli new claim [--mode base_2p] [--seats human,bot | --bots N] [--open N] [--seed S]
//! tablero-cli join <game_id> [--seat N]
//! tablero-cli play <game_id> --token T [--auto first|random [--auto-seed S]] [--brief]
//! tablero-cli watch <game_id> [--token T] [--from V]
//! tablero-cli history <game_id> [--token T]
//! tablero-cli --api-key K watch-changes [--type T] [--player P] [--kinds K,…] [--from CURSOR | --from-start] [--count N]
//! tablero-cli delete <game_id> --token CREATOR_TOKEN
//! tablero-cli campaign new emara [--start S] [--games N] | show <id> | list | play <id> --token T
//! tablero-cli campaign delete <id> --token T
//! ```

mod args;
mod campaign;
mod changes;
mod chooser;
mod connect;
mod create;
mod delete;
mod error;
mod lobby;
mod play;
mod render;
mod saved;
mod watch;

use args::{Cli, Command};
use clap::Parser;
use error::CliError;
use std::process::ExitCode;

async fn run(cli: Cli) -> Result<(), CliError> {
    let tablero = connect::connect(&cli.server, cli.api_key.as_deref()).await?;
    match &cli.command {
        Command::Types => lobby::types(&tablero).await,
        Command::Games(args) => lobby::games(&tablero, args).await,
        Command::New(args) => create::new_game(&tablero, &cli.server, args).await,
        Command::Join(args) => create::join_game(&tablero, &cli.server, args).await,
        Command::Play(args) => play::Player::new(
            &tablero,
            &cli.server,
            &args.game_id,
            &args.token,
            &args.play,
        )
        .run(play::Since::Recent)
        .await
        .map(drop),
        Command::Watch(args) => {
            let watcher = match &args.token {
                Some(t) => tablero.seat(&args.game_id, t),
                None => tablero.spectator(&args.game_id),
            };
            watch::follow(watcher, args.from_version).await
        }
        Command::WatchChanges(args) => changes::follow(&tablero, args).await,
        Command::History(args) => lobby::history(&tablero, args).await,
        Command::Delete(args) => delete::game(&tablero, args).await,
        Command::Campaign(cmd) => campaign::run(&tablero, &cli.server, cmd).await,
    }
}

/// `tablero-cli … | head` closes stdout early; `println!` then panics. Stop quietly instead, as
/// programs killed by SIGPIPE do.
fn exit_quietly_on_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

#[tokio::main]
async fn main() -> ExitCode {
    exit_quietly_on_broken_pipe();
    let cli = Cli::parse();
    match run(cli).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tablero-cli: {e}");
            ExitCode::FAILURE
        }
    }
}
