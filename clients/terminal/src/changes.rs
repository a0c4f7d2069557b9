//! `watch-changes`: the change feed, one line per change, each starting with the cursor to
//! resume from. A broken stream is resumed from the last cursor printed, so nothing is missed
//! or printed twice.

use crate::args::{ChangeKindArg, WatchChangesArgs};
use crate::error::CliError;
use tablero_client::{Tablero, pb};
use tonic::Code;

fn kind_of(arg: ChangeKindArg) -> pb::ChangeKind {
    match arg {
        ChangeKindArg::GameCreated => pb::ChangeKind::GameCreated,
        ChangeKindArg::SeatToAct => pb::ChangeKind::SeatToAct,
        ChangeKindArg::GameFinished => pb::ChangeKind::GameFinished,
        ChangeKindArg::DeadlinePassed => pb::ChangeKind::DeadlinePassed,
        ChangeKindArg::CampaignPlayFolded => pb::ChangeKind::CampaignPlayFolded,
        ChangeKindArg::SeatChanged => pb::ChangeKind::SeatChanged,
    }
}

/// One change as a line: cursor, kind, game, version, and what the kind says.
pub fn line(c: &pb::Change) -> String {
    let kind = pb::ChangeKind::try_from(c.kind)
        .map(|k| {
            k.as_str_name()
                .trim_start_matches("CHANGE_KIND_")
                .to_ascii_lowercase()
        })
        .unwrap_or_else(|_| format!("kind {}", c.kind));
    let seats: Vec<String> = c
        .seats
        .iter()
        .map(|s| match s.player_ref.as_str() {
            "" => format!("seat {}", s.seat),
            p => format!("seat {} ({p})", s.seat),
        })
        .collect();
    let mut out = format!(
        "{}  {kind} {} {} v{}",
        c.cursor, c.game_type, c.game_id, c.version
    );
    if !seats.is_empty() {
        out.push_str(&format!(": {}", seats.join(", ")));
    }
    if let Ok(change) = pb::SeatChangeKind::try_from(c.seat_change)
        && change != pb::SeatChangeKind::Unspecified
    {
        out.push_str(&format!(
            " [{}]",
            change
                .as_str_name()
                .trim_start_matches("SEAT_CHANGE_KIND_")
                .to_ascii_lowercase()
        ));
    }
    if let Some(o) = &c.outcome {
        out.push_str(&format!(" — {}", o.reason));
    }
    if !c.campaign_id.is_empty() {
        out.push_str(&format!(" (campaign {})", c.campaign_id));
    }
    out
}

pub async fn follow(tablero: &Tablero, args: &WatchChangesArgs) -> Result<(), CliError> {
    let mut cursor = args.cursor.clone().unwrap_or_default();
    let mut from_start = args.from_start;
    let mut printed = 0u64;
    loop {
        let req = pb::WatchChangesRequest {
            cursor: cursor.clone(),
            from_start,
            game_type: args.game_type.clone().unwrap_or_default(),
            player_ref: args.player.clone().unwrap_or_default(),
            kinds: args.kinds.iter().map(|k| kind_of(*k) as i32).collect(),
        };
        let mut stream = tablero
            .watch_changes(req)
            .await
            .map_err(CliError::rpc("following the change feed"))?;
        loop {
            match stream.message().await {
                Ok(Some(msg)) => {
                    for change in msg.changes {
                        println!("{}", line(&change));
                        cursor = change.cursor;
                        from_start = false;
                        printed += 1;
                        if args.count.is_some_and(|n| printed >= n) {
                            return Ok(());
                        }
                    }
                }
                // A restarting server or a proxy's timeout: resume from the last cursor.
                Err(e) if e.code() == Code::Unavailable => break,
                Err(e) => return Err(CliError::rpc("following the change feed")(e)),
                Ok(None) => break,
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}
