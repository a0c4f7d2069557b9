//! `campaign new|show|list|play|delete`: campaigns (CampaignService) are series of plays whose results
//! carry over; each play is an ordinary game, played here with the normal play loop.

use crate::args::{
    CampaignCommand, CampaignListArgs, CampaignNewArgs, CampaignPlayArgs, CampaignShowArgs,
};
use crate::error::CliError;
use crate::play::{Ended, Player, Since, cli_prefix, rejoin_command};
use crate::render;
use crate::saved::SeatStore;
use tablero_client::{Tablero, pb};

pub async fn run(tablero: &Tablero, server: &str, cmd: &CampaignCommand) -> Result<(), CliError> {
    match cmd {
        CampaignCommand::New(args) => new(tablero, server, args).await,
        CampaignCommand::Show(args) => show(tablero, args).await,
        CampaignCommand::List(args) => list(tablero, args).await,
        CampaignCommand::Play(args) => play(tablero, server, args).await,
        CampaignCommand::Delete(args) => crate::delete::campaign(tablero, args).await,
    }
}

/// `tablero-cli campaign play <id> --token <token>`.
pub fn continue_command(server: &str, campaign_id: &str, token: &str) -> String {
    format!(
        "{} campaign play {campaign_id} --token {token}",
        cli_prefix(server)
    )
}

/// The campaign options from the flags: Emara's start position, length and variants; Kingdom
/// Legacy's pack and permanent-upgrade rule.
pub fn options(args: &CampaignNewArgs) -> Result<Option<pb::CampaignOptions>, CliError> {
    let emara_flags =
        args.start.is_some() || args.games.is_some() || args.random_layout || args.full_selection;
    let kingdom_flags = args.pack.is_some() || args.no_permanent_upgrade;
    if args.game_type == "kingdom_legacy" {
        if emara_flags {
            return Err(CliError::Usage(
                "--start, --games, --random-layout and --full-selection are Emara campaign options"
                    .into(),
            ));
        }
        if !kingdom_flags {
            return Ok(None);
        }
        return Ok(Some(pb::CampaignOptions {
            game: Some(pb::campaign_options::Game::KingdomLegacy(
                pb::KingdomLegacyCampaignOptions {
                    pack: args.pack.map(|p| p.to_proto() as i32).unwrap_or_default(),
                    allow_permanent_upgrade: args.no_permanent_upgrade.then_some(false),
                },
            )),
        }));
    }
    if kingdom_flags {
        return Err(CliError::Usage(format!(
            "--pack and --no-permanent-upgrade are Kingdom Legacy options; `{}` takes none",
            args.game_type
        )));
    }
    if args.game_type != "emara" {
        if emara_flags {
            return Err(CliError::Usage(format!(
                "--start, --games, --random-layout and --full-selection are Emara campaign options; `{}` takes none from this client",
                args.game_type
            )));
        }
        return Ok(None);
    }
    if args.games == Some(0) {
        return Err(CliError::Usage(
            "--games must be at least 1 (leave it out for an open-ended campaign)".into(),
        ));
    }
    Ok(Some(pb::CampaignOptions {
        game: Some(pb::campaign_options::Game::Emara(
            pb::EmaraCampaignOptions {
                start: args.start,
                max_games: args.games,
                random_layout: args.random_layout,
                full_selection: args.full_selection,
            },
        )),
    }))
}

async fn get(tablero: &Tablero, id: &str) -> Result<pb::CampaignView, CliError> {
    tablero
        .campaigns()
        .get_campaign(pb::GetCampaignRequest {
            campaign_id: id.to_string(),
        })
        .await
        .map_err(CliError::rpc(format!("reading campaign {id}")))?
        .into_inner()
        .campaign
        .ok_or_else(|| CliError::Usage(format!("the server sent no campaign {id}")))
}

async fn new(tablero: &Tablero, server: &str, args: &CampaignNewArgs) -> Result<(), CliError> {
    let request = pb::CreateCampaignRequest {
        game_type: args.game_type.clone(),
        options: options(args)?,
        name: args.name.clone(),
    };
    let created = tablero
        .campaigns()
        .create_campaign(request)
        .await
        .map_err(CliError::rpc("creating the campaign"))?
        .into_inner();
    let id = &created.campaign_id;
    println!(
        "Created {} campaign: {id}",
        render::a_or_an(&args.game_type)
    );
    println!(
        "  owner token: {}   (shown only once: keep it)",
        created.token
    );
    if let Some(campaign) = &created.campaign {
        print!("{}", render::campaign::next_line(campaign));
    }
    println!(
        "  play it with: {}",
        continue_command(server, id, &created.token)
    );
    println!("  see it with:  {} campaign show {id}", cli_prefix(server));
    Ok(())
}

async fn show(tablero: &Tablero, args: &CampaignShowArgs) -> Result<(), CliError> {
    let campaign = get(tablero, &args.campaign_id).await?;
    print!("{}", render::campaign::render(&campaign));
    Ok(())
}

async fn list(tablero: &Tablero, args: &CampaignListArgs) -> Result<(), CliError> {
    let request = pb::ListCampaignsRequest {
        game_type: args.game_type.clone().unwrap_or_default(),
        page_size: 50,
        page_token: String::new(),
    };
    let page = tablero
        .campaigns()
        .list_campaigns(request)
        .await
        .map_err(CliError::rpc("listing campaigns"))?
        .into_inner();
    print!("{}", render::campaign::list(&page.campaigns));
    if !page.next_page_token.is_empty() {
        println!("(more campaigns not shown)");
    }
    Ok(())
}

/// The seat token of the unfinished play: `--seat-token`, else the one stored on this machine.
fn stored_seat_token(
    args: &CampaignPlayArgs,
    store: &SeatStore,
    game_id: &str,
) -> Result<Option<String>, CliError> {
    if let Some(t) = &args.seat_token {
        return Ok(Some(t.clone()));
    }
    Ok(store.seats(game_id)?.first().map(|s| s.token.clone()))
}

async fn play(tablero: &Tablero, server: &str, args: &CampaignPlayArgs) -> Result<(), CliError> {
    let id = &args.campaign_id;
    let campaign = get(tablero, id).await?;
    let store = SeatStore::locate()?;
    let word = render::campaign::play_word(&campaign.game_type);
    let resumed = if campaign.current_game_id.is_empty() {
        None
    } else {
        stored_seat_token(args, &store, &campaign.current_game_id)?
    };
    let (game_id, token, since) = if let Some(token) = resumed {
        let game_id = campaign.current_game_id.clone();
        println!(
            "Resuming {word} {} of campaign {id}: game {game_id}",
            campaign.plays.len()
        );
        println!("  seat token: {token}");
        (game_id, token, Since::Recent)
    } else if campaign.over {
        println!("Campaign {id} is over: no further {word} can start.\n");
        print!("{}", render::campaign::render(&campaign));
        return Ok(());
    } else {
        // The next play; or the unfinished one whose seat token this machine lacks: the server
        // then hands out fresh seat tokens for it (the old ones stop working).
        let unfinished = !campaign.current_game_id.is_empty();
        let request = pb::StartCampaignGameRequest {
            campaign_id: id.clone(),
            seed: args.seed,
        };
        let what = if unfinished {
            format!("resuming the unfinished {word} of campaign {id}")
        } else {
            format!("starting the next {word} of campaign {id}")
        };
        let started = tablero
            .campaigns()
            .start_campaign_game(Tablero::with_token(request, &args.token))
            .await
            .map_err(CliError::rpc(what))?
            .into_inner();
        let seats: Vec<(u32, String)> = started
            .credentials
            .iter()
            .map(|c| (c.seat, c.token.clone()))
            .collect();
        let saved = store.save(&started.game_id, id, &seats);
        if unfinished {
            println!(
                "Resuming {word} {} of campaign {id}: game {} (with a fresh seat token)",
                campaign.plays.len(),
                started.game_id
            );
        } else {
            println!(
                "Started {word} {} of campaign {id}: game {}{}",
                campaign.plays.len() + 1,
                started.game_id,
                render::campaign::start_words(&campaign)
            );
        }
        for c in &started.credentials {
            println!("  seat {} token: {}", c.seat, c.token);
            println!(
                "    or play it alone with: {}",
                rejoin_command(server, &started.game_id, &c.token)
            );
        }
        match saved {
            Ok(()) => println!("  (seat tokens saved in {})", store.path().display()),
            Err(e) => eprintln!("tablero-cli: warning: {e}; keep the token printed above"),
        }
        if started.credentials.len() > 1 {
            println!(
                "  This {word} has {} seats; this client plays seat {}: play the others with `play`.",
                started.credentials.len(),
                started.credentials[0].seat
            );
        }
        let Some(first) = started.credentials.first() else {
            return Err(CliError::Usage(format!(
                "the server started a {word} without a seat for you"
            )));
        };
        let since = if unfinished {
            Since::Recent
        } else {
            Since::Version(0)
        };
        (started.game_id.clone(), first.token.clone(), since)
    };
    println!(
        "  resume the campaign with: {}",
        continue_command(server, id, &args.token)
    );
    let ended = Player::new(tablero, server, &game_id, &token, &args.play)
        .run(since)
        .await?;
    match ended {
        Ended::Finished => {
            println!();
            print!("{}", render::campaign::render(&get(tablero, id).await?));
        }
        // A campaign's plays refuse resignation; were one to take it, the campaign goes on.
        Ended::Left | Ended::Resigned => println!(
            "The {word} waits; continue the campaign with:\n  {}",
            continue_command(server, id, &args.token)
        ),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::{Cli, Command};
    use clap::Parser;

    fn new_args(argv: &[&str]) -> CampaignNewArgs {
        let mut full = vec!["tablero-cli", "campaign", "new"];
        full.extend_from_slice(argv);
        match Cli::try_parse_from(full).unwrap().command {
            Command::Campaign(CampaignCommand::New(n)) => n,
            _ => unreachable!(),
        }
    }

    #[test]
    fn emara_campaign_options_come_from_the_flags() {
        let o = options(&new_args(&["emara", "--start", "30", "--games", "2"]))
            .unwrap()
            .unwrap();
        let Some(pb::campaign_options::Game::Emara(e)) = o.game else {
            panic!("not Emara options")
        };
        assert_eq!((e.start, e.max_games), (Some(30), Some(2)));
        assert!(!e.random_layout && !e.full_selection);
        assert!(options(&new_args(&["emara", "--games", "0"])).is_err());
        assert!(options(&new_args(&["claim", "--start", "30"])).is_err());
        assert!(options(&new_args(&["claim"])).unwrap().is_none());
        assert!(options(&new_args(&["emara", "--pack", "shipped"])).is_err());
    }

    #[test]
    fn kingdom_legacy_campaign_options_come_from_the_flags() {
        assert!(options(&new_args(&["kingdom_legacy"])).unwrap().is_none());
        let o = options(&new_args(&[
            "kingdom_legacy",
            "--pack",
            "test_library",
            "--no-permanent-upgrade",
        ]))
        .unwrap()
        .unwrap();
        let Some(pb::campaign_options::Game::KingdomLegacy(k)) = o.game else {
            panic!("not Kingdom Legacy options")
        };
        assert_eq!(k.pack, pb::KingdomLegacyPack::TestLibrary as i32);
        assert_eq!(k.allow_permanent_upgrade, Some(false));
        assert!(options(&new_args(&["kingdom_legacy", "--start", "3"])).is_err());
    }

    #[test]
    fn the_continue_command_names_a_non_default_server() {
        assert_eq!(
            continue_command(crate::args::DEFAULT_SERVER, "c_1", "tbl_x"),
            "tablero-cli campaign play c_1 --token tbl_x"
        );
        assert!(
            continue_command("http://h:1", "c_1", "t")
                .starts_with("tablero-cli --server http://h:1 ")
        );
    }
}
