//! `watch`: every change of a game as it arrives (events with their versions, then who must act),
//! until the game ends.

use crate::error::CliError;
use crate::render;
use tablero_client::SeatClient;

pub async fn follow(watcher: SeatClient, mut from: u64) -> Result<(), CliError> {
    let mut announced = false;
    loop {
        let mut stream = watcher
            .watch(from)
            .await
            .map_err(CliError::rpc("watching the game"))?;
        while let Some(msg) = stream
            .message()
            .await
            .map_err(CliError::rpc("watching the game"))?
        {
            if !std::mem::replace(&mut announced, true) {
                // Said once the stream delivers (the server subscribes before its first message),
                // so a script that waits for this line misses nothing that happens after it.
                println!(
                    "Watching game {} from version {from} (Ctrl-C to stop).",
                    watcher.game_id()
                );
            }
            for e in &msg.events {
                println!("{}", render::event(e));
            }
            let Some(view) = msg.view else { continue };
            from = view.version;
            if render::finished(&view) {
                if let Some(score) = render::final_score(&view) {
                    print!("{score}");
                }
                print!("{}", render::outcome(&view));
                return Ok(());
            }
            println!("  ── v{}: to act: {}", view.version, render::to_act(&view));
        }
        // Closed early (server restart, proxy timeout): carry on from the last version seen.
    }
}
