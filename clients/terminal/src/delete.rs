//! `delete` and `campaign delete`: removing a game (its creator) or a campaign with its plays
//! (its owner) before they would expire.

use crate::args::{CampaignDeleteArgs, DeleteArgs};
use crate::error::CliError;
use tablero_client::Tablero;

pub async fn game(tablero: &Tablero, args: &DeleteArgs) -> Result<(), CliError> {
    tablero
        .delete_game(&args.game_id, &args.token)
        .await
        .map_err(CliError::rpc(format!("deleting game {}", args.game_id)))?;
    println!("Deleted game {}.", args.game_id);
    Ok(())
}

pub async fn campaign(tablero: &Tablero, args: &CampaignDeleteArgs) -> Result<(), CliError> {
    let plays = tablero
        .delete_campaign(&args.campaign_id, &args.token)
        .await
        .map_err(CliError::rpc(format!(
            "deleting campaign {}",
            args.campaign_id
        )))?;
    println!(
        "Deleted campaign {} and its {} play{}{}",
        args.campaign_id,
        plays.len(),
        if plays.len() == 1 { "" } else { "s" },
        if plays.is_empty() {
            ".".to_string()
        } else {
            format!(": {}", plays.join(", "))
        }
    );
    Ok(())
}
