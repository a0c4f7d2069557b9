//! `decode_requests`: raw bytes decoded as a `tablero.v1` request (prost, as tonic's codec does)
//! and handed to the real `GameService` / `CampaignService` handlers over a `MemoryStore`.
//!
//! Input layout: `[method, template, flags, pick, protobuf bytes…]`.
//! - `method` picks the RPC ([`Method`]);
//! - `template` picks one of the pre-made games or campaigns ([`Fixture`]);
//! - `flags` may steer the decoded request at that template, so the fuzzer reaches the rules
//!   instead of stopping at "game not found": bit 0 sets the game / campaign id, bit 1 the
//!   expected version, bit 2 replaces a submit's action with the `pick`-th listed action of
//!   the token's seat; bits 3–5 choose the bearer token ([`Fixture::token`]); bit 6 replaces
//!   a submit's action with a typed action of the template's game built by [`extreme_action`]:
//!   the `pick`-th variant of its `Action` oneof (read from the descriptors, so a new variant
//!   is covered), every number in it an extreme (0, 1, 2, type max, max − 1, huge counts)
//!   chosen by the bytes of the decoded request's `expected_version`; bit 7 presents the
//!   fixture's API key (every scope), which choosing a seed or scenario needs.
//!
//! Every input starts from a fresh store holding the same templates, so a run depends on its
//! input alone. After the call:
//! - refused (any error status): every stored game (record and log) and campaign is
//!   byte-identical to before;
//! - accepted: read-only calls changed nothing; a submit advanced its game by exactly one
//!   version and one log entry (the templates have no bots) and touched no other game; a join
//!   changed only the seats of its game; a create added one game or campaign and changed
//!   nothing else; starting a campaign play touched only that campaign and its plays; a
//!   delete removed exactly its game (or its campaign with the campaign's plays) and nothing
//!   else.

use prost::Message;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tablero_proto::server::campaign_service_server::CampaignService;
use tablero_proto::server::game_service_server::GameService;
use tablero_proto::v1 as pb;
use tablero_service::engine::host::Hosts;
use tablero_service::rpc::Api;
use tablero_service::rpc::Campaigns;
use tablero_service::store::memory::MemoryStore;
use tablero_service::store::record::{
    CampaignRecord, GameParts, GameRecord, GameStatus, LogEntry, Occupant,
};
use tablero_service::store::{ListFilter, Store};
use tokio::runtime::Runtime;

/// Listed actions played into the deeper copy of each game template.
const TEMPLATE_DEPTH: usize = 9;

/// The RPCs, by the input's first byte (modulo their count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Method {
    ListGameTypes,
    CreateGame,
    JoinGame,
    GetView,
    ListLegalActions,
    SubmitAction,
    GetHistory,
    GetReplayView,
    ListGames,
    CreateCampaign,
    GetCampaign,
    ListCampaigns,
    StartCampaignGame,
    DeleteGame,
    DeleteCampaign,
    ResignSeat,
    ReplaceSeat,
    ReissueSeatToken,
    WatchChanges,
    ListWebhookDeliveries,
    GetHint,
}

impl Method {
    pub const ALL: [Method; 21] = [
        Method::ListGameTypes,
        Method::CreateGame,
        Method::JoinGame,
        Method::GetView,
        Method::ListLegalActions,
        Method::SubmitAction,
        Method::GetHistory,
        Method::GetReplayView,
        Method::ListGames,
        Method::CreateCampaign,
        Method::GetCampaign,
        Method::ListCampaigns,
        Method::StartCampaignGame,
        Method::DeleteGame,
        Method::DeleteCampaign,
        Method::ResignSeat,
        Method::ReplaceSeat,
        Method::ReissueSeatToken,
        Method::WatchChanges,
        Method::ListWebhookDeliveries,
        Method::GetHint,
    ];

    pub fn byte(self) -> u8 {
        Method::ALL.iter().position(|m| *m == self).expect("listed") as u8
    }
}

pub const STEER_ID: u8 = 1;
pub const STEER_VERSION: u8 = 2;
pub const STEER_ACTION: u8 = 4;
pub const STEER_EXTREME: u8 = 64;
/// Presents the fixture's API key (every scope: seeds, scenarios, listing, deleting).
pub const STEER_KEY: u8 = 128;
/// Token choices, in bits 3–5 of the flags.
pub const TOKEN_NONE: u8 = 0;
/// `TOKEN_SEAT + s` (s < 4): the template's seat `s` token.
pub const TOKEN_SEAT: u8 = 1;
/// The picked campaign's token; for `DeleteGame`, the picked game's creator token instead.
pub const TOKEN_CAMPAIGN: u8 = 5;
pub const TOKEN_UNKNOWN: u8 = 6;
pub const TOKEN_MALFORMED: u8 = 7;

/// The flags byte for a set of steer bits and a token choice.
pub fn flags(steer: u8, token: u8) -> u8 {
    steer | (token << 3)
}

/// The values a number of a typed field takes under [`STEER_EXTREME`], by selector byte.
const EXTREME_U64: [u64; 10] = [
    0,
    1,
    2,
    3,
    16,
    1 << 16,
    u32::MAX as u64 - 1,
    u32::MAX as u64,
    u64::MAX - 1,
    u64::MAX,
];
const EXTREME_I64: [i64; 8] = [
    0,
    1,
    -1,
    2,
    i32::MAX as i64,
    i32::MIN as i64,
    i64::MAX,
    i64::MIN,
];

fn descriptors() -> &'static prost_reflect::DescriptorPool {
    static POOL: OnceLock<prost_reflect::DescriptorPool> = OnceLock::new();
    POOL.get_or_init(|| {
        prost_reflect::DescriptorPool::decode(pb::FILE_DESCRIPTOR_SET).expect("the contract")
    })
}

/// The variants of `game`'s `Action` oneof, in descriptor order (what [`extreme_action`]'s
/// `variant` indexes).
pub fn action_variants(game: &str) -> Vec<String> {
    use prost_reflect::Kind;
    let Some(field) = descriptors()
        .get_message_by_name("tablero.v1.Action")
        .and_then(|a| a.get_field_by_name(game))
    else {
        return Vec::new();
    };
    let Kind::Message(action) = field.kind() else {
        return Vec::new();
    };
    action
        .oneofs()
        .filter(|o| !o.is_synthetic())
        .flat_map(|o| o.fields().map(|f| f.name().to_string()).collect::<Vec<_>>())
        .collect()
}

/// A typed action of `game`: variant `variant` (modulo the variants) of its `Action` oneof,
/// every field set, each number, enum, count and string picked by the next byte of `selector`
/// (cycling): the extremes of its type, a listed enum value or not, 0 / 1 / many entries.
pub fn extreme_action(game: &str, variant: u8, selector: u64) -> Option<pb::Action> {
    use prost_reflect::{DynamicMessage, Kind, MessageDescriptor, Value};
    let outer = descriptors().get_message_by_name("tablero.v1.Action")?;
    let game_field = outer.get_field_by_name(game)?;
    let Kind::Message(action) = game_field.kind() else {
        return None;
    };
    let variants: Vec<_> = action
        .oneofs()
        .find(|o| !o.is_synthetic())?
        .fields()
        .collect();
    let chosen = variants
        .get(variant as usize % variants.len().max(1))?
        .clone();
    let bytes = selector.to_le_bytes();
    let mut next = 0usize;
    let mut byte = move || {
        next += 1;
        bytes[(next - 1) % bytes.len()] as usize
    };
    fn fill(m: &MessageDescriptor, byte: &mut dyn FnMut() -> usize, depth: u8) -> DynamicMessage {
        let mut msg = DynamicMessage::new(m.clone());
        for f in m.fields() {
            // One field per real oneof (the first), every other field set.
            if let Some(o) = f.containing_oneof()
                && !o.is_synthetic()
                && o.fields().next().map(|x| x.number()) != Some(f.number())
            {
                continue;
            }
            let one = |byte: &mut dyn FnMut() -> usize| -> Option<Value> {
                Some(match f.kind() {
                    Kind::Message(inner) if depth < 6 => {
                        Value::Message(fill(&inner, byte, depth + 1))
                    }
                    Kind::Message(_) => return None,
                    Kind::Uint32 | Kind::Fixed32 => {
                        Value::U32(EXTREME_U64[byte() % EXTREME_U64.len()] as u32)
                    }
                    Kind::Uint64 | Kind::Fixed64 => {
                        Value::U64(EXTREME_U64[byte() % EXTREME_U64.len()])
                    }
                    Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => {
                        Value::I32(EXTREME_I64[byte() % EXTREME_I64.len()] as i32)
                    }
                    Kind::Int64 | Kind::Sint64 | Kind::Sfixed64 => {
                        Value::I64(EXTREME_I64[byte() % EXTREME_I64.len()])
                    }
                    Kind::Bool => Value::Bool(byte() % 2 == 1),
                    Kind::Float => Value::F32(EXTREME_I64[byte() % EXTREME_I64.len()] as f32),
                    Kind::Double => Value::F64(EXTREME_I64[byte() % EXTREME_I64.len()] as f64),
                    Kind::String => Value::String("x".repeat([0, 1, 2, 64, 5_000][byte() % 5])),
                    Kind::Bytes => Value::Bytes(vec![0xff; [0, 1, 5_000][byte() % 3]].into()),
                    Kind::Enum(e) => {
                        let listed: Vec<i32> = e.values().map(|v| v.number()).collect();
                        let b = byte();
                        Value::EnumNumber(match listed.get(b % (listed.len() + 2)) {
                            Some(n) => *n,
                            None if b % 2 == 0 => i32::MAX,
                            None => -1,
                        })
                    }
                })
            };
            if f.is_list() {
                let n = [1, 0, 2, 5_000][byte() % 4];
                let Some(first) = one(byte) else { continue };
                msg.set_field(&f, Value::List(vec![first; n]));
            } else if let Some(v) = one(byte) {
                msg.set_field(&f, v);
            }
        }
        msg
    }
    let Kind::Message(inner) = chosen.kind() else {
        return None;
    };
    let mut kind = DynamicMessage::new(action);
    kind.set_field(&chosen, Value::Message(fill(&inner, &mut byte, 0)));
    let mut top = DynamicMessage::new(outer);
    top.set_field(&game_field, Value::Message(kind));
    pb::Action::decode(top.encode_to_vec().as_slice()).ok()
}

/// A stored game to start every input from, with its seats' tokens.
pub struct GameTemplate {
    pub record: GameRecord,
    pub log: Vec<LogEntry>,
    /// By seat; `None` for an open seat.
    pub tokens: Vec<Option<String>>,
    /// The creator's token (`DeleteGame`); `None` for a campaign's play.
    pub creator: Option<String>,
}

pub struct CampaignTemplate {
    pub record: CampaignRecord,
    pub token: String,
}

/// Games of every type (fresh and a few moves in, one with an open seat, campaign plays) and
/// campaigns, made once through the real handlers.
pub struct Fixture {
    pub runtime: Runtime,
    pub games: Vec<GameTemplate>,
    pub campaigns: Vec<CampaignTemplate>,
    registry: std::sync::Arc<Hosts>,
}

pub fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime");
        let (games, campaigns) = runtime.block_on(make_templates());
        Fixture {
            runtime,
            games,
            campaigns,
            registry: tablero_service::rpc::games::registries().0,
        }
    })
}

/// A fresh store with every template, and the handlers over it.
struct Service {
    store: Arc<MemoryStore>,
    games: Api<MemoryStore>,
    campaigns: Campaigns<MemoryStore>,
    /// Kept so watchers never see a shutdown.
    _shutdown: tokio::sync::watch::Sender<bool>,
}

impl Service {
    fn new(store: Arc<MemoryStore>) -> Service {
        // Searches (hints, greedy and mcts bots) stop early: the fuzzer is after crashes, and
        // an execution must stay fast.
        tablero_service::bots::set_move_budget(Duration::from_millis(2));
        let (shutdown, seen) = tokio::sync::watch::channel(false);
        let access = tablero_service::edge::access::Access {
            keys: fixture_keys().1.clone(),
            ..Default::default()
        };
        let games = Api::new(store.clone(), seen, Duration::from_secs(3600)).with_access(access);
        let campaigns = Campaigns::new(games.clone());
        Service {
            store,
            games,
            campaigns,
            _shutdown: shutdown,
        }
    }
}

fn request<T>(message: T, token: Option<&str>) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    if let Some(token) = token {
        request.metadata_mut().insert(
            "authorization",
            token.parse().expect("fixture tokens are ASCII"),
        );
    }
    request
}

/// Presents the fixture's API key (every scope): templates are made with it, and a fuzzed call
/// with [`STEER_KEY`].
fn keyed<T>(mut request: tonic::Request<T>) -> tonic::Request<T> {
    request.metadata_mut().insert(
        tablero_service::edge::keys::HEADER,
        fixture_keys().0.parse().expect("keys are ASCII"),
    );
    request
}

fn auth<T>(request: tonic::Request<T>, flags: u8) -> tonic::Request<T> {
    if flags & STEER_KEY != 0 {
        keyed(request)
    } else {
        request
    }
}

/// One API key with every scope, and the key set that knows it (shared by every input's
/// service, so a template's creator and a fuzzed call hold the same key).
fn fixture_keys() -> &'static (String, Arc<tablero_service::edge::keys::Keys>) {
    use tablero_service::edge::keys::{self, KeySource, Keys, Scope};
    static KEYS: OnceLock<(String, Arc<Keys>)> = OnceLock::new();
    KEYS.get_or_init(|| {
        let (key, entry) = keys::generate("fuzz", &Scope::ALL).expect("randomness");
        let set = Keys::load(KeySource {
            file: None,
            inline: Some(entry),
        })
        .expect("a generated key parses");
        (key, set)
    })
}

fn bearer(token: &str) -> String {
    format!("Bearer {token}")
}

async fn make_templates() -> (Vec<GameTemplate>, Vec<CampaignTemplate>) {
    let service = Service::new(Arc::new(MemoryStore::new()));
    let api = &service.games;
    let mut tokens: BTreeMap<String, Vec<Option<String>>> = BTreeMap::new();
    let mut creators: BTreeMap<String, String> = BTreeMap::new();
    let types = api
        .list_game_types(keyed(request(pb::ListGameTypesRequest {}, None)))
        .await
        .expect("game types")
        .into_inner()
        .game_types;
    for info in &types {
        for depth in [0, TEMPLATE_DEPTH] {
            let (id, seat_tokens, creator) =
                create_all_human(api, &info.game_type, depth as u64).await;
            play_listed(api, &id, &seat_tokens, depth).await;
            creators.insert(id.clone(), creator);
            tokens.insert(id, seat_tokens.into_iter().map(Some).collect());
        }
    }
    // A game with an open seat, for joins.
    let open = api
        .create_game(keyed(request(
            pb::CreateGameRequest {
                game_type: "claim".into(),
                seats: vec![human("first"), seat(pb::Occupant::Open, "")],
                seed: Some(3),
                ..Default::default()
            },
            None,
        )))
        .await
        .expect("a claim game with an open seat")
        .into_inner();
    creators.insert(open.game_id.clone(), open.creator_token.clone());
    tokens.insert(
        open.game_id,
        vec![Some(open.credentials[0].token.clone()), None],
    );

    let mut campaigns = Vec::new();
    for info in &types {
        let Ok(created) = service
            .campaigns
            .create_campaign(keyed(request(
                pb::CreateCampaignRequest {
                    game_type: info.game_type.clone(),
                    options: None,
                    name: "fuzz".into(),
                },
                None,
            )))
            .await
        else {
            continue; // This game type has no campaigns.
        };
        let created = created.into_inner();
        let play = service
            .campaigns
            .start_campaign_game(keyed(request(
                pb::StartCampaignGameRequest {
                    campaign_id: created.campaign_id.clone(),
                    seed: Some(5),
                },
                Some(&bearer(&created.token)),
            )))
            .await
            .expect("a campaign's first play")
            .into_inner();
        let mut seat_tokens = vec![None; play.credentials.len()];
        for c in play.credentials {
            seat_tokens[c.seat as usize] = Some(c.token);
        }
        tokens.insert(play.game_id, seat_tokens);
        let record = service
            .store
            .load_campaign(&created.campaign_id)
            .await
            .expect("memory store")
            .expect("the campaign just made");
        campaigns.push(CampaignTemplate {
            record,
            token: created.token,
        });
    }
    assert!(!campaigns.is_empty(), "no game type has campaigns");

    let mut games = Vec::new();
    for (id, tokens) in tokens {
        let record = service
            .store
            .load(&id)
            .await
            .expect("memory store")
            .expect("a game just made");
        let log = service
            .store
            .log(&id, 0, record.version)
            .await
            .expect("memory store");
        games.push(GameTemplate {
            creator: creators.remove(&id),
            record,
            log,
            tokens,
        });
    }
    (games, campaigns)
}

fn seat(occupant: pb::Occupant, name: &str) -> pb::SeatSpec {
    pb::SeatSpec {
        occupant: occupant as i32,
        name: name.into(),
        ..Default::default()
    }
}

fn human(name: &str) -> pb::SeatSpec {
    seat(pb::Occupant::Human, name)
}

/// A game of `game_type` with default options and the smallest seat count it accepts, every
/// seat human; its id, the seats' tokens and the creator's token.
async fn create_all_human(
    api: &Api<MemoryStore>,
    game_type: &str,
    seed: u64,
) -> (String, Vec<String>, String) {
    for count in 1..=4 {
        let seats = (0..count).map(|i| human(&format!("seat {i}"))).collect();
        let created = api
            .create_game(keyed(request(
                pb::CreateGameRequest {
                    game_type: game_type.into(),
                    seats,
                    seed: Some(seed),
                    ..Default::default()
                },
                None,
            )))
            .await;
        if let Ok(created) = created {
            let created = created.into_inner();
            let mut tokens = vec![String::new(); count];
            for c in created.credentials {
                tokens[c.seat as usize] = c.token;
            }
            return (created.game_id, tokens, created.creator_token);
        }
    }
    panic!("{game_type} accepts no seat count from 1 to 4 with default options");
}

/// Plays `moves` listed actions through the handlers, taking turns among the seats that may act.
async fn play_listed(api: &Api<MemoryStore>, id: &str, tokens: &[String], moves: usize) {
    for n in 0..moves {
        let mut played = false;
        for token in tokens {
            let listed = api
                .list_legal_actions(keyed(request(
                    pb::ListLegalActionsRequest { game_id: id.into() },
                    Some(&bearer(token)),
                )))
                .await
                .expect("legal actions")
                .into_inner();
            if listed.actions.is_empty() {
                continue;
            }
            let chosen = &listed.actions[(n * 7 + 3) % listed.actions.len()];
            api.submit_action(keyed(request(
                pb::SubmitActionRequest {
                    game_id: id.into(),
                    expected_version: listed.version,
                    action: Some(pb::submit_action_request::Action::ActionId(
                        chosen.id.clone(),
                    )),
                    ..Default::default()
                },
                Some(&bearer(token)),
            )))
            .await
            .expect("a listed action is accepted");
            played = true;
            break;
        }
        if !played {
            return; // Over already.
        }
    }
}

impl Fixture {
    fn game(&self, pick: u8) -> &GameTemplate {
        &self.games[pick as usize % self.games.len()]
    }

    fn campaign(&self, pick: u8) -> &CampaignTemplate {
        &self.campaigns[pick as usize % self.campaigns.len()]
    }

    /// The `authorization` value chosen by the flags, for the picked template.
    pub fn token(&self, method: Method, template: u8, flags: u8) -> Option<String> {
        match (flags >> 3) & 7 {
            TOKEN_NONE => None,
            TOKEN_CAMPAIGN if method == Method::DeleteGame => {
                Some(bearer(self.game(template).creator.as_ref()?))
            }
            TOKEN_CAMPAIGN => Some(bearer(&self.campaign(template).token)),
            TOKEN_UNKNOWN => Some(bearer("0123456789abcdef0123456789abcdef")),
            TOKEN_MALFORMED => Some("Basic dGFibGVybw==".into()),
            s => {
                let seat = (s - TOKEN_SEAT) as usize;
                let token = self.game(template).tokens.get(seat)?.as_ref()?;
                Some(bearer(token))
            }
        }
    }

    /// The `pick`-th listed action id of the picked template's seat `seat`.
    pub fn listed_action(&self, template: u8, seat: usize, pick: u8) -> Option<String> {
        let record = &self.game(template).record;
        let session = self
            .registry
            .get(&record.game_type)?
            .restore(&record.state)
            .ok()?;
        let legal = session.legal_actions(seat);
        Some(legal.get(pick as usize % legal.len().max(1))?.id.clone())
    }
}

/// Everything stored, serialised: what "byte-identical" compares.
#[derive(Debug, PartialEq, Eq)]
struct Snapshot {
    games: BTreeMap<String, (GameParts, Vec<Vec<u8>>)>,
    /// Each game's type: the stored parts do not repeat it.
    types: BTreeMap<String, String>,
    campaigns: BTreeMap<String, Vec<u8>>,
}

async fn snapshot(store: &MemoryStore) -> Snapshot {
    let all = ListFilter {
        game_type: None,
        status: None,
        listed_only: false,
        player: None,
        page_token: None,
        // Far more than a run stores; the store reserves a page's room up front.
        limit: 10_000,
    };
    let (records, _) = store.list(all).await.expect("memory store");
    let mut games = BTreeMap::new();
    let mut types = BTreeMap::new();
    for record in records {
        types.insert(record.id.clone(), record.game_type.clone());
        let log = store
            .log(&record.id, 0, u64::MAX)
            .await
            .expect("memory store");
        games.insert(
            record.id.clone(),
            (record.encode(), log.iter().map(LogEntry::encode).collect()),
        );
    }
    let (records, _) = store
        .list_campaigns(None, 0, 10_000)
        .await
        .expect("memory store");
    let campaigns = records
        .into_iter()
        .map(|r| (r.id.clone(), r.encode()))
        .collect();
    Snapshot {
        games,
        types,
        campaigns,
    }
}

/// What an accepted call may have changed.
enum Accepted {
    Nothing,
    /// One action on this game, and the version the reply shows.
    Submitted {
        game_id: String,
        view_version: u64,
    },
    /// A seat of this game was taken.
    Joined {
        game_id: String,
    },
    GameCreated,
    CampaignCreated,
    /// A play of this campaign started or resumed.
    PlayStarted {
        campaign_id: String,
    },
    GameDeleted {
        game_id: String,
    },
    /// One seat of this game changed (resigned, handed over, a new token).
    SeatChanged {
        game_id: String,
    },
    CampaignDeleted {
        campaign_id: String,
    },
}

/// What one input did, for the seed-corpus generator's summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// Too short, or the bytes are no message of the chosen type.
    Undecoded,
    Refused(Method),
    Accepted(Method),
}

/// Decodes and runs one input, then checks the store (see the module docs).
pub fn run(data: &[u8]) -> Outcome {
    let [method, template, flags, pick, body @ ..] = data else {
        return Outcome::Undecoded;
    };
    let fixture = fixture();
    let method = Method::ALL[*method as usize % Method::ALL.len()];
    fixture.runtime.block_on(async {
        let store = Arc::new(MemoryStore::new());
        for game in &fixture.games {
            store
                .create(&game.record, &game.log, &[])
                .await
                .expect("memory store");
        }
        for campaign in &fixture.campaigns {
            store
                .create_campaign(&campaign.record)
                .await
                .expect("memory store");
        }
        let service = Service::new(store.clone());
        let before = snapshot(&store).await;
        let Some(outcome) = call(&service, fixture, method, *template, *flags, *pick, body).await
        else {
            // Not a message of that type: tonic's codec refuses it before any handler.
            return Outcome::Undecoded;
        };
        let after = snapshot(&store).await;
        match outcome {
            Err(status) => {
                assert!(
                    before == after,
                    "{method:?} was refused ({status:?}) but changed the store"
                );
                Outcome::Refused(method)
            }
            Ok(accepted) => {
                check_accepted(method, accepted, &before, &after);
                Outcome::Accepted(method)
            }
        }
    })
}

/// Decodes `body` as `method`'s request, steers it, calls the handler; `None` when the bytes
/// are no such message.
async fn call(
    service: &Service,
    fixture: &Fixture,
    method: Method,
    template: u8,
    flags: u8,
    pick: u8,
    body: &[u8],
) -> Option<Result<Accepted, tonic::Status>> {
    let game = fixture.game(template);
    let campaign = fixture.campaign(template);
    let steer_id = flags & STEER_ID != 0;
    let game_id = |id: &mut String| {
        if steer_id {
            id.clone_from(&game.record.id);
        }
    };
    let campaign_id = |id: &mut String| {
        if steer_id {
            id.clone_from(&campaign.record.id);
        }
    };
    let token = fixture.token(method, template, flags);
    let token = token.as_deref();
    let (api, campaigns) = (&service.games, &service.campaigns);
    let outcome = match method {
        Method::ListGameTypes => {
            let req = pb::ListGameTypesRequest::decode(body).ok()?;
            api.list_game_types(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::Nothing)
        }
        Method::CreateGame => {
            let req = pb::CreateGameRequest::decode(body).ok()?;
            api.create_game(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::GameCreated)
        }
        Method::JoinGame => {
            let mut req = pb::JoinGameRequest::decode(body).ok()?;
            game_id(&mut req.game_id);
            let game_id = req.game_id.clone();
            api.join_game(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::Joined { game_id })
        }
        Method::GetView => {
            let mut req = pb::GetViewRequest::decode(body).ok()?;
            game_id(&mut req.game_id);
            api.get_view(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::Nothing)
        }
        Method::ListLegalActions => {
            let mut req = pb::ListLegalActionsRequest::decode(body).ok()?;
            game_id(&mut req.game_id);
            api.list_legal_actions(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::Nothing)
        }
        Method::GetHint => {
            let mut req = pb::GetHintRequest::decode(body).ok()?;
            game_id(&mut req.game_id);
            api.get_hint(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::Nothing)
        }
        Method::SubmitAction => {
            let mut req = pb::SubmitActionRequest::decode(body).ok()?;
            game_id(&mut req.game_id);
            // The extremes' selector, read before the version is steered.
            let selector = req.expected_version;
            if flags & STEER_VERSION != 0 {
                req.expected_version = game.record.version;
            }
            let token_seat = ((flags >> 3) & 7).wrapping_sub(TOKEN_SEAT) as usize;
            if flags & STEER_EXTREME != 0 {
                if let Some(a) = extreme_action(&game.record.game_type, pick, selector) {
                    req.action = Some(pb::submit_action_request::Action::Typed(a));
                }
            } else if flags & STEER_ACTION != 0
                && let Some(id) = fixture.listed_action(template, token_seat, pick)
            {
                req.action = Some(pb::submit_action_request::Action::ActionId(id));
            }
            let game_id = req.game_id.clone();
            api.submit_action(auth(request(req, token), flags))
                .await
                .map(|reply| {
                    // The answer is the write's update, encoded once; read its view back.
                    let view_version = reply
                        .into_inner()
                        .decode()
                        .ok()
                        .and_then(|r| r.view)
                        .map_or(0, |v| v.version);
                    Accepted::Submitted {
                        game_id,
                        view_version,
                    }
                })
        }
        Method::GetHistory => {
            let mut req = pb::GetHistoryRequest::decode(body).ok()?;
            game_id(&mut req.game_id);
            api.get_history(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::Nothing)
        }
        Method::GetReplayView => {
            let mut req = pb::GetReplayViewRequest::decode(body).ok()?;
            game_id(&mut req.game_id);
            api.get_replay_view(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::Nothing)
        }
        Method::ListGames => {
            let req = pb::ListGamesRequest::decode(body).ok()?;
            api.list_games(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::Nothing)
        }
        Method::CreateCampaign => {
            let req = pb::CreateCampaignRequest::decode(body).ok()?;
            campaigns
                .create_campaign(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::CampaignCreated)
        }
        Method::GetCampaign => {
            let mut req = pb::GetCampaignRequest::decode(body).ok()?;
            campaign_id(&mut req.campaign_id);
            campaigns
                .get_campaign(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::Nothing)
        }
        Method::ListCampaigns => {
            let req = pb::ListCampaignsRequest::decode(body).ok()?;
            campaigns
                .list_campaigns(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::Nothing)
        }
        Method::StartCampaignGame => {
            let mut req = pb::StartCampaignGameRequest::decode(body).ok()?;
            campaign_id(&mut req.campaign_id);
            let campaign_id = req.campaign_id.clone();
            campaigns
                .start_campaign_game(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::PlayStarted { campaign_id })
        }
        Method::DeleteGame => {
            let mut req = pb::DeleteGameRequest::decode(body).ok()?;
            game_id(&mut req.game_id);
            let game_id = req.game_id.clone();
            api.delete_game(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::GameDeleted { game_id })
        }
        Method::ResignSeat => {
            let mut req = pb::ResignSeatRequest::decode(body).ok()?;
            game_id(&mut req.game_id);
            let game_id = req.game_id.clone();
            api.resign_seat(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::SeatChanged { game_id })
        }
        Method::ReplaceSeat => {
            let mut req = pb::ReplaceSeatRequest::decode(body).ok()?;
            game_id(&mut req.game_id);
            let game_id = req.game_id.clone();
            api.replace_seat(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::SeatChanged { game_id })
        }
        Method::ReissueSeatToken => {
            let mut req = pb::ReissueSeatTokenRequest::decode(body).ok()?;
            game_id(&mut req.game_id);
            let game_id = req.game_id.clone();
            api.reissue_seat_token(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::SeatChanged { game_id })
        }
        // A stream that opens and is dropped at once: what matters is that the request's
        // fields were checked and nothing was written.
        Method::WatchChanges => {
            let req = pb::WatchChangesRequest::decode(body).ok()?;
            api.watch_changes(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::Nothing)
        }
        Method::ListWebhookDeliveries => {
            let req = pb::ListWebhookDeliveriesRequest::decode(body).ok()?;
            api.list_webhook_deliveries(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::Nothing)
        }
        Method::DeleteCampaign => {
            let mut req = pb::DeleteCampaignRequest::decode(body).ok()?;
            campaign_id(&mut req.campaign_id);
            let campaign_id = req.campaign_id.clone();
            campaigns
                .delete_campaign(auth(request(req, token), flags))
                .await
                .map(|_| Accepted::CampaignDeleted { campaign_id })
        }
    };
    Some(outcome)
}

fn decode_game(snapshot: &Snapshot, id: &str) -> GameRecord {
    GameRecord::decode(id, &snapshot.types[id], &snapshot.games[id].0)
        .expect("a stored record decodes")
}

/// Games other than `except` are byte-identical before and after.
fn others_unchanged(method: Method, before: &Snapshot, after: &Snapshot, except: &[&str]) {
    let keep = |games: &BTreeMap<String, (GameParts, Vec<Vec<u8>>)>| {
        games
            .iter()
            .filter(|(id, _)| !except.contains(&id.as_str()))
            .map(|(id, g)| (id.clone(), g.clone()))
            .collect::<BTreeMap<_, _>>()
    };
    assert!(
        keep(&before.games) == keep(&after.games),
        "{method:?} changed a game it was not about"
    );
}

fn check_accepted(method: Method, accepted: Accepted, before: &Snapshot, after: &Snapshot) {
    match accepted {
        Accepted::Nothing => assert!(
            before == after,
            "the read-only {method:?} changed the store"
        ),
        Accepted::Submitted {
            game_id,
            view_version,
        } => {
            let (old, new) = (&before.games[&game_id], &after.games[&game_id]);
            let (old_record, new_record) =
                (decode_game(before, &game_id), decode_game(after, &game_id));
            assert_eq!(new_record.version, old_record.version + 1, "one action");
            assert_eq!(new_record.revision, old_record.revision + 1, "one write");
            assert_eq!(view_version, new_record.version, "the reply's version");
            assert_eq!(new.1.len(), old.1.len() + 1, "one log entry");
            assert!(new.1.starts_with(&old.1), "the log was rewritten");
            others_unchanged(method, before, after, &[&game_id]);
            // A finished campaign play is folded into its campaign at once.
            if new_record.status != GameStatus::Finished || new_record.campaign.is_none() {
                assert!(before.campaigns == after.campaigns, "a campaign changed");
            }
        }
        Accepted::Joined { game_id } => {
            let (old, new) = (&before.games[&game_id], &after.games[&game_id]);
            let (old_record, new_record) =
                (decode_game(before, &game_id), decode_game(after, &game_id));
            assert_eq!(
                new_record.version, old_record.version,
                "a join is no action"
            );
            assert_eq!(new_record.revision, old_record.revision + 1, "one write");
            assert_eq!(new.1, old.1, "a join logs nothing");
            assert_eq!(new_record.state, old_record.state, "state");
            let taken: Vec<usize> = (0..old_record.seats.len())
                .filter(|s| old_record.seats[*s] != new_record.seats[*s])
                .collect();
            assert_eq!(taken.len(), 1, "a join takes one seat");
            assert_eq!(old_record.seats[taken[0]].occupant, Occupant::Open);
            others_unchanged(method, before, after, &[&game_id]);
            assert!(before.campaigns == after.campaigns, "a campaign changed");
        }
        Accepted::SeatChanged { game_id } => {
            let (old, new) = (&before.games[&game_id], &after.games[&game_id]);
            let (old_record, new_record) =
                (decode_game(before, &game_id), decode_game(after, &game_id));
            assert_eq!(new_record.revision, old_record.revision + 1, "one write");
            assert!(new.1.len() > old.1.len(), "a seat change is logged");
            assert_eq!(new.1[..old.1.len()], old.1[..], "the log only grows");
            let logged = LogEntry::decode(&new.1[old.1.len()]).expect("a log entry");
            assert!(logged.seat_change.is_some(), "the change comes first");
            assert_eq!(
                new_record.version,
                old_record.version + (new.1.len() - old.1.len()) as u64,
                "one version per entry"
            );
            let changed = (0..old_record.seats.len())
                .filter(|s| old_record.seats[*s] != new_record.seats[*s])
                .count();
            assert_eq!(changed, 1, "a seat change changes one seat");
            others_unchanged(method, before, after, &[&game_id]);
            assert!(before.campaigns == after.campaigns, "a campaign changed");
        }
        Accepted::GameCreated => {
            assert_eq!(after.games.len(), before.games.len() + 1, "one new game");
            assert!(
                before.games.iter().all(|(id, g)| after.games[id] == *g),
                "creating a game changed another"
            );
            assert!(before.campaigns == after.campaigns, "a campaign changed");
        }
        Accepted::CampaignCreated => {
            assert!(
                before.games == after.games,
                "creating a campaign changed a game"
            );
            assert_eq!(after.campaigns.len(), before.campaigns.len() + 1);
            assert!(
                before
                    .campaigns
                    .iter()
                    .all(|(id, c)| after.campaigns[id] == *c),
                "creating a campaign changed another"
            );
        }
        Accepted::PlayStarted { campaign_id } => {
            let plays = |s: &Snapshot| -> Vec<String> {
                s.campaigns.get(&campaign_id).map_or(Vec::new(), |c| {
                    CampaignRecord::decode(c)
                        .expect("a stored campaign decodes")
                        .plays
                        .into_iter()
                        .map(|p| p.game_id)
                        .collect()
                })
            };
            let plays = plays(after);
            let plays: Vec<&str> = plays.iter().map(String::as_str).collect();
            others_unchanged(method, before, after, &plays);
            let other_campaigns = |s: &Snapshot| {
                s.campaigns
                    .iter()
                    .filter(|(id, _)| **id != campaign_id)
                    .map(|(id, c)| (id.clone(), c.clone()))
                    .collect::<Vec<_>>()
            };
            assert!(
                other_campaigns(before) == other_campaigns(after),
                "starting a play changed another campaign"
            );
        }
        Accepted::GameDeleted { game_id } => {
            assert!(
                before.games.contains_key(&game_id),
                "deleted a game that was not there"
            );
            assert!(
                !after.games.contains_key(&game_id),
                "the deleted game is still there"
            );
            assert_eq!(
                after.games.len(),
                before.games.len() - 1,
                "one game deleted"
            );
            others_unchanged(method, before, after, &[&game_id]);
            assert!(before.campaigns == after.campaigns, "a campaign changed");
        }
        Accepted::CampaignDeleted { campaign_id } => {
            let record = CampaignRecord::decode(&before.campaigns[&campaign_id])
                .expect("a stored campaign decodes");
            let plays: Vec<&str> = record.plays.iter().map(|p| p.game_id.as_str()).collect();
            assert!(
                !after.campaigns.contains_key(&campaign_id),
                "the campaign is still there"
            );
            assert!(
                plays.iter().all(|p| !after.games.contains_key(*p)),
                "a play of the deleted campaign is still there"
            );
            others_unchanged(method, before, after, &plays);
            assert_eq!(after.campaigns.len(), before.campaigns.len() - 1);
            assert!(
                before
                    .campaigns
                    .iter()
                    .filter(|(id, _)| **id != campaign_id)
                    .all(|(id, c)| after.campaigns.get(id) == Some(c)),
                "deleting a campaign changed another"
            );
        }
    }
}
