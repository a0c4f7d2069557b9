//! Writes the committed seed corpus: `cargo run --example seed_corpus` in `fuzz/`.
//!
//! - `corpus/decode_requests/`: real requests of every RPC, as the clients send them (every
//!   game type and mode, each template's listed actions by id and typed, campaign calls), each
//!   behind the header `decode_requests` reads;
//! - `corpus/apply_actions/`: for every game type, fuzz inputs (found by a seeded search) whose
//!   config sets a game up and which play many accepted actions.
//!
//! Every seed is run through its target once here, so a seed that crashes is never committed.

use arbitrary::{Arbitrary, Unstructured};
use prost::Message;
use std::path::{Path, PathBuf};
use tablero_fuzz::actions;
use tablero_fuzz::requests::{self, Method};
use tablero_proto::v1 as pb;
use tablero_service::rpc::games::{legal_actions, registries};

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let requests = request_seeds();
    let mut outcomes = std::collections::BTreeMap::new();
    write(&root.join("decode_requests"), &requests, |data| {
        *outcomes.entry(requests::run(data)).or_insert(0) += 1;
    });
    // The seeds must reach both sides of every check: print what they did.
    for (outcome, count) in outcomes {
        println!("  {outcome:?}: {count}");
    }
    let playouts = playout_seeds();
    write(&root.join("apply_actions"), &playouts, |data| {
        let input =
            actions::Input::arbitrary_take_rest(Unstructured::new(data)).expect("a seed decodes");
        actions::run(&input);
    });
}

fn write(dir: &Path, seeds: &[Vec<u8>], mut check: impl FnMut(&[u8])) {
    if dir.exists() {
        std::fs::remove_dir_all(dir).expect("remove the old seeds");
    }
    std::fs::create_dir_all(dir).expect("make the corpus directory");
    for (i, seed) in seeds.iter().enumerate() {
        check(seed);
        std::fs::write(dir.join(format!("seed-{i:03}")), seed).expect("write a seed");
    }
    println!("{}: {} seeds", dir.display(), seeds.len());
}

fn seed(method: Method, template: usize, flags: u8, pick: u8, body: impl Message) -> Vec<u8> {
    let mut bytes = vec![method.byte(), template as u8, flags, pick];
    bytes.extend(body.encode_to_vec());
    bytes
}

fn request_seeds() -> Vec<Vec<u8>> {
    use requests::{
        STEER_ACTION, STEER_EXTREME, STEER_ID, STEER_KEY, STEER_VERSION, TOKEN_CAMPAIGN,
        TOKEN_SEAT, flags,
    };
    let fixture = requests::fixture();
    let mut seeds = vec![seed(
        Method::ListGameTypes,
        0,
        0,
        0,
        pb::ListGameTypesRequest {},
    )];

    let (hosts, wires) = registries();
    for info in wires.infos() {
        for mode in &info.modes {
            let seats = (0..mode.seats)
                .map(|i| pb::SeatSpec {
                    occupant: [pb::Occupant::Human, pb::Occupant::Bot, pb::Occupant::Open]
                        [i as usize % 3] as i32,
                    name: format!("seat {i}"),
                    ..Default::default()
                })
                .collect();
            let create = pb::CreateGameRequest {
                game_type: info.game_type.clone(),
                seats,
                seed: Some(11),
                mode: mode.name.clone(),
                ..Default::default()
            };
            // A chosen seed needs an API key with the setup scope; without one it is refused.
            seeds.push(seed(Method::CreateGame, 0, STEER_KEY, 0, create.clone()));
            seeds.push(seed(Method::CreateGame, 0, 0, 0, create));
        }
        let list = pb::ListGamesRequest {
            game_type: info.game_type.clone(),
            status: pb::GameStatus::Active as i32,
            page_size: 2,
            ..Default::default()
        };
        seeds.push(seed(Method::ListGames, 0, 0, 0, list));
        let campaign = pb::CreateCampaignRequest {
            game_type: info.game_type.clone(),
            options: None,
            name: "seed".into(),
        };
        seeds.push(seed(Method::CreateCampaign, 0, 0, 0, campaign));
    }

    for (t, game) in fixture.games.iter().enumerate() {
        let id = game.record.id.clone();
        let seat0 = flags(STEER_ID, TOKEN_SEAT);
        let join = pb::JoinGameRequest {
            game_id: id.clone(),
            seat: None,
            name: "joiner".into(),
            ..Default::default()
        };
        seeds.push(seed(Method::JoinGame, t, STEER_ID, 0, join));
        let view = pb::GetViewRequest {
            game_id: id.clone(),
        };
        seeds.push(seed(Method::GetView, t, seat0, 0, view));
        let legal = pb::ListLegalActionsRequest {
            game_id: id.clone(),
        };
        seeds.push(seed(Method::ListLegalActions, t, seat0, 0, legal));
        let history = pb::GetHistoryRequest {
            game_id: id.clone(),
            from_version: 0,
            page_size: 3,
        };
        seeds.push(seed(Method::GetHistory, t, STEER_ID, 0, history));
        let replay = pb::GetReplayViewRequest {
            game_id: id.clone(),
            version: game.record.version / 2,
        };
        seeds.push(seed(Method::GetReplayView, t, seat0, 0, replay));
        // By the creator (accepted unless a campaign's play) and by seat 0 (refused).
        for token in [TOKEN_CAMPAIGN, TOKEN_SEAT] {
            let delete = pb::DeleteGameRequest {
                game_id: id.clone(),
            };
            seeds.push(seed(
                Method::DeleteGame,
                t,
                flags(STEER_ID, token),
                0,
                delete,
            ));
        }

        // Every seat's first listed actions, by id and typed, with that seat's token.
        let wire = wires.get(&game.record.game_type).expect("a mapped type");
        let session = hosts
            .get(&game.record.game_type)
            .expect("a hosted type")
            .restore(&game.record.state)
            .expect("a template restores");
        for seat in 0..game.tokens.len().min(4) {
            // Ids differ between runs (they are random): the header steers to the template.
            let token = flags(STEER_ID | STEER_VERSION, TOKEN_SEAT + seat as u8);
            for (pick, legal) in legal_actions(wire, session.as_ref(), seat)
                .into_iter()
                .take(3)
                .enumerate()
            {
                let by_id = pb::SubmitActionRequest {
                    game_id: id.clone(),
                    expected_version: game.record.version,
                    idempotency_key: format!("seed-{pick}"),
                    action: Some(pb::submit_action_request::Action::ActionId(legal.id)),
                    seat: Some(seat as u32),
                };
                seeds.push(seed(Method::SubmitAction, t, token, 0, by_id));
                if let Some(action) = legal.action {
                    let typed = pb::SubmitActionRequest {
                        game_id: id.clone(),
                        expected_version: game.record.version,
                        action: Some(pb::submit_action_request::Action::Typed(action)),
                        ..Default::default()
                    };
                    seeds.push(seed(Method::SubmitAction, t, token, 0, typed));
                }
                let steered = flags(STEER_ID | STEER_VERSION | STEER_ACTION, TOKEN_SEAT);
                let steered = steered + ((seat as u8) << 3);
                let empty = pb::SubmitActionRequest::default();
                seeds.push(seed(Method::SubmitAction, t, steered, pick as u8, empty));
            }
        }
    }

    // Typed actions of every variant with extreme numbers (STEER_EXTREME), on each game's
    // fresh template; one is the case that once aborted the server: Panovník's place_card
    // with eternal_gems.blue = 4294967295 (selector bytes: level 1, x 0, blue u32::MAX).
    let place_card_blue_max = u64::from_le_bytes([1, 0, 7, 0, 0, 0, 0, 0]);
    for (t, game) in fixture.games.iter().enumerate() {
        if game.record.version != 0 || game.record.campaign.is_some() {
            continue;
        }
        let variants = requests::action_variants(&game.record.game_type);
        let steer = flags(STEER_ID | STEER_VERSION | STEER_EXTREME, TOKEN_SEAT);
        for (v, name) in variants.iter().enumerate() {
            let mut selectors = vec![0x0706_0504_0302_0100, u64::MAX];
            if game.record.game_type == "panovnik" && name == "place_card" {
                selectors.push(place_card_blue_max);
            }
            for selector in selectors {
                let body = pb::SubmitActionRequest {
                    expected_version: selector,
                    ..Default::default()
                };
                seeds.push(seed(Method::SubmitAction, t, steer, v as u8, body));
            }
        }
    }

    for (t, campaign) in fixture.campaigns.iter().enumerate() {
        let id = campaign.record.id.clone();
        let get = pb::GetCampaignRequest {
            campaign_id: id.clone(),
        };
        seeds.push(seed(Method::GetCampaign, t, STEER_ID, 0, get));
        let start = pb::StartCampaignGameRequest {
            campaign_id: id,
            seed: Some(3),
        };
        seeds.push(seed(
            Method::StartCampaignGame,
            t,
            flags(STEER_ID | STEER_KEY, TOKEN_CAMPAIGN),
            0,
            start,
        ));
        let list = pb::ListCampaignsRequest {
            game_type: campaign.record.game_type.clone(),
            page_size: 1,
            page_token: String::new(),
        };
        seeds.push(seed(Method::ListCampaigns, t, 0, 0, list));
        let delete = pb::DeleteCampaignRequest {
            campaign_id: campaign.record.id.clone(),
        };
        seeds.push(seed(
            Method::DeleteCampaign,
            t,
            flags(STEER_ID, TOKEN_CAMPAIGN),
            0,
            delete,
        ));
    }
    seeds
}

/// For each game type, the first few inputs of a seeded search that set a game up and play at
/// least 20 accepted actions.
fn playout_seeds() -> Vec<Vec<u8>> {
    const PER_GAME: usize = 3;
    let mut found: Vec<(usize, Vec<u8>)> = Vec::new();
    let mut state = 0x07ab_1e40_u64;
    let mut next = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as u8
    };
    for _ in 0..200_000 {
        if found.len() == actions::game_count() * PER_GAME {
            break;
        }
        let bytes: Vec<u8> = (0..384).map(|_| next()).collect();
        let Ok(input) = actions::Input::arbitrary_take_rest(Unstructured::new(&bytes)) else {
            continue;
        };
        let game = actions::game_index(&input);
        if found.iter().filter(|(g, _)| *g == game).count() == PER_GAME {
            continue;
        }
        let summary = actions::run(&input);
        if summary.set_up && summary.accepted >= 20 {
            found.push((game, bytes));
        }
    }
    found.into_iter().map(|(_, bytes)| bytes).collect()
}
