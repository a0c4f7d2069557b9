//! Shared fixtures and helpers: the store a scenario runs on, game creation, a seeded chooser,
//! playing whichever human seat must act, status-code checks and whole-game invariants.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Debug;
use std::time::Duration;
use tablero_e2e::client::{SeatClient, Tablero, new_idempotency_key};
use tablero_e2e::{Backend, Redis, RedisCluster, Server, pb};
use tonic::{Code, Status};

/// One test per listed store for the scenario `async fn $name(Store)`, named
/// `<scenario>::<store>` after the `Store` constructor it runs on, so a failure names the store.
macro_rules! on_stores {
    ([$($store:ident),*] $name:ident) => {
        mod $name {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $store() {
                    super::$name($crate::common::Store::$store()).await
                }
            )*
        }
    };
}

/// Runs each named `async fn(Store)` scenario once per store, as `<scenario>::memory` and
/// `<scenario>::redis`. A missing `redis-server` fails the Redis half (the harness panics);
/// nothing is ever skipped.
macro_rules! on_both_stores {
    ($($name:ident),* $(,)?) => {$(
        on_stores!([memory, redis] $name);
    )*};
}

/// Like `on_both_stores!`, and once more on a private 3-master Redis Cluster, as
/// `<scenario>::redis_cluster`. Used for a representative set of scenarios (restarts,
/// concurrency, watching, campaigns), since each cluster takes a few seconds to form.
macro_rules! on_all_stores {
    ($($name:ident),* $(,)?) => {$(
        on_stores!([memory, redis, redis_cluster] $name);
    )*};
}

/// The store a scenario runs on; owns the private `redis-server` or Redis Cluster (stopped on
/// drop).
pub struct Store {
    pub backend: Backend,
    _redis: Option<Redis>,
    pub cluster: Option<RedisCluster>,
}

impl Store {
    pub fn memory() -> Store {
        Store {
            backend: Backend::Memory,
            _redis: None,
            cluster: None,
        }
    }

    pub fn redis() -> Store {
        let redis = Redis::start();
        Store {
            backend: Backend::Redis(redis.url()),
            _redis: Some(redis),
            cluster: None,
        }
    }

    pub fn redis_cluster() -> Store {
        let cluster = RedisCluster::start();
        Store {
            backend: Backend::RedisCluster(cluster.url()),
            _redis: None,
            cluster: Some(cluster),
        }
    }

    /// Whether games outlive the server process (Redis, single or cluster).
    pub fn is_redis(&self) -> bool {
        matches!(self.backend, Backend::Redis(_) | Backend::RedisCluster(_))
    }

    pub fn server(&self) -> Server {
        Server::start(self.backend.clone())
    }

    pub fn server_with(&self, args: &[&str]) -> Server {
        Server::start_with(self.backend.clone(), args)
    }
}

/// A small seeded LCG for choosing among legal actions (reproducible, not always the first).
pub struct Lcg(u64);

impl Lcg {
    pub fn new(seed: u64) -> Lcg {
        Lcg(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "nothing to choose from");
        (self.next() % n as u64) as usize
    }
}

pub const ALL_MODES: [pb::ClaimMode; 4] = [
    pb::ClaimMode::Base2p,
    pb::ClaimMode::Custom2p,
    pb::ClaimMode::ThreePlayer,
    pb::ClaimMode::FourPlayerTeams,
];

pub fn players(mode: pb::ClaimMode) -> usize {
    match mode {
        pb::ClaimMode::Base2p | pb::ClaimMode::Custom2p | pb::ClaimMode::Unspecified => 2,
        pb::ClaimMode::ThreePlayer => 3,
        pb::ClaimMode::FourPlayerTeams => 4,
    }
}

pub fn deck_size(mode: pb::ClaimMode) -> usize {
    if players(mode) == 2 { 52 } else { 72 }
}

/// Options for a mode. custom_2p gets the original Claim 1 deck (knights/goblins with undead,
/// dwarves and doppelgangers); 3–4 players get random factions (R3, from the seed).
pub fn options(mode: pb::ClaimMode) -> pb::ClaimOptions {
    let mut o = pb::ClaimOptions {
        mode: mode as i32,
        ..Default::default()
    };
    if mode == pb::ClaimMode::Custom2p {
        o.pair = pb::ClaimPair::KnightsGoblins as i32;
        o.factions = vec![
            pb::ClaimFaction::Undead as i32,
            pb::ClaimFaction::Dwarves as i32,
            pb::ClaimFaction::Doppelgangers as i32,
        ];
    }
    o
}

pub fn game_options(o: pb::ClaimOptions) -> Option<pb::GameOptions> {
    Some(pb::GameOptions {
        game: Some(pb::game_options::Game::Claim(o)),
    })
}

pub fn create_request(
    o: pb::ClaimOptions,
    seats: Vec<pb::SeatSpec>,
    seed: u64,
) -> pb::CreateGameRequest {
    pb::CreateGameRequest {
        game_type: "claim".into(),
        options: game_options(o),
        seats,
        seed: Some(seed),
        scenario: None,
        mode: String::new(),
        listed: false,
        time_control: None,
    }
}

/// Seats: human where `human[i]`, a random bot elsewhere.
pub fn seats(human: &[bool]) -> Vec<pb::SeatSpec> {
    human
        .iter()
        .enumerate()
        .map(|(i, h)| {
            if *h {
                Tablero::human(&format!("human {i}"))
            } else {
                Tablero::bot()
            }
        })
        .collect()
}

pub fn all_human(n: usize) -> Vec<pb::SeatSpec> {
    seats(&vec![true; n])
}

pub fn claim(view: &pb::GameView) -> &pb::ClaimView {
    match &view.game {
        Some(pb::game_view::Game::Claim(c)) => c,
        _ => panic!("a Claim game's view carries no ClaimView: {view:?}"),
    }
}

pub fn claim_event(e: &pb::Event) -> &pb::claim_event::Kind {
    match &e.game {
        Some(pb::event::Game::Claim(pb::ClaimEvent { kind: Some(k) })) => k,
        _ => panic!("an event without a Claim event kind: {e:?}"),
    }
}

pub fn finished(view: &pb::GameView) -> bool {
    view.status == pb::GameStatus::Finished as i32
}

/// A card as a sortable key (faction, value, copy).
pub type CardKey = (i32, u32, u32);

pub fn key(c: &pb::ClaimCard) -> CardKey {
    (c.faction, c.value, c.copy)
}

pub fn keys<'a>(cs: impl IntoIterator<Item = &'a pb::ClaimCard>) -> Vec<CardKey> {
    let mut v: Vec<CardKey> = cs.into_iter().map(key).collect();
    v.sort_unstable();
    v
}

/// `gnomes:3:1`, as in action ids.
pub fn card_id(c: &pb::ClaimCard) -> String {
    let f = pb::ClaimFaction::try_from(c.faction).expect("a known faction");
    let name = f
        .as_str_name()
        .trim_start_matches("CLAIM_FACTION_")
        .to_lowercase();
    format!("{name}:{}:{}", c.value, c.copy)
}

pub fn typed_play(card: pb::ClaimCard) -> pb::submit_action_request::Action {
    pb::submit_action_request::Action::Typed(pb::Action {
        game: Some(pb::action::Game::Claim(pb::ClaimAction {
            kind: Some(pb::claim_action::Kind::PlayCard(
                pb::claim_action::PlayCard { card: Some(card) },
            )),
        })),
    })
}

pub fn action_id(id: &str) -> pb::submit_action_request::Action {
    pb::submit_action_request::Action::ActionId(id.into())
}

/// Asserts that `r` failed with `code`; returns the status.
#[track_caller]
pub fn expect_code<T: Debug>(r: Result<T, Status>, code: Code, what: &str) -> Status {
    match r {
        Ok(v) => panic!("{what}: expected {code:?}, got success: {v:?}"),
        Err(s) => {
            assert_eq!(
                s.code(),
                code,
                "{what}: wrong status code ({})",
                s.message()
            );
            s
        }
    }
}

/// Waits for `fut` at most `secs` seconds.
pub async fn within<F: std::future::Future>(secs: u64, what: &str, fut: F) -> F::Output {
    match tokio::time::timeout(Duration::from_secs(secs), fut).await {
        Ok(v) => v,
        Err(_) => panic!("{what}: no result within {secs} s"),
    }
}

/// One game and the tokens of its human seats.
#[derive(Clone)]
pub struct Game {
    pub tablero: Tablero,
    pub id: String,
    pub n: usize,
    pub mode: pb::ClaimMode,
    pub tokens: BTreeMap<u32, String>,
    pub created: pb::CreateGameResponse,
}

impl Game {
    pub async fn create(
        tablero: &Tablero,
        o: pb::ClaimOptions,
        seats: Vec<pb::SeatSpec>,
        seed: u64,
    ) -> Game {
        let mode = pb::ClaimMode::try_from(o.mode).unwrap_or(pb::ClaimMode::Base2p);
        let n = seats.len();
        let humans: BTreeSet<u32> = seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.occupant == pb::Occupant::Human as i32)
            .map(|(i, _)| i as u32)
            .collect();
        let created = tablero
            .create_game(create_request(o, seats, seed))
            .await
            .expect("CreateGame");
        let tokens: BTreeMap<u32, String> = created
            .credentials
            .iter()
            .map(|c| (c.seat, c.token.clone()))
            .collect();
        assert_eq!(
            tokens.keys().copied().collect::<BTreeSet<_>>(),
            humans,
            "one credential per human seat"
        );
        assert!(
            tokens.values().all(|t| !t.is_empty()),
            "tokens are not empty"
        );
        let view = created.view.as_ref().expect("CreateGame returns a view");
        assert_eq!(view.game_id, created.game_id);
        assert_eq!(view.viewer_seat, None, "CreateGame's view is a spectator's");
        Game {
            tablero: tablero.clone(),
            id: created.game_id.clone(),
            n,
            mode,
            tokens,
            created,
        }
    }

    /// A base_2p Claim game created some other way (e.g. by a caller without a key).
    pub fn adopt(tablero: &Tablero, created: &pb::CreateGameResponse) -> Game {
        Game {
            tablero: tablero.clone(),
            id: created.game_id.clone(),
            n: created.view.as_ref().map_or(0, |v| v.seats.len()),
            mode: pb::ClaimMode::Base2p,
            tokens: created
                .credentials
                .iter()
                .map(|c| (c.seat, c.token.clone()))
                .collect(),
            created: created.clone(),
        }
    }

    /// Creates a game of any type by its game-neutral mode name; checks the type and seat
    /// count of the returned view.
    pub async fn create_by_mode(
        tablero: &Tablero,
        game_type: &str,
        mode: &str,
        seats: Vec<pb::SeatSpec>,
        seed: u64,
        options: Option<pb::game_options::Game>,
    ) -> Game {
        let n = seats.len();
        let created = tablero
            .create_game(pb::CreateGameRequest {
                game_type: game_type.into(),
                options: options.map(|game| pb::GameOptions { game: Some(game) }),
                seats,
                seed: Some(seed),
                scenario: None,
                mode: mode.into(),
                listed: false,
                time_control: None,
            })
            .await
            .expect("CreateGame");
        let view = created.view.as_ref().expect("CreateGame returns a view");
        assert_eq!(view.game_type, game_type);
        assert_eq!(view.seats.len(), n);
        Game {
            tablero: tablero.clone(),
            id: created.game_id.clone(),
            n,
            mode: pb::ClaimMode::Unspecified,
            tokens: created
                .credentials
                .iter()
                .map(|c| (c.seat, c.token.clone()))
                .collect(),
            created,
        }
    }

    /// The same game seen through another connection (e.g. after a restart).
    pub fn on(&self, tablero: &Tablero) -> Game {
        Game {
            tablero: tablero.clone(),
            ..self.clone()
        }
    }

    pub fn seat(&self, s: u32) -> SeatClient {
        let token = self
            .tokens
            .get(&s)
            .unwrap_or_else(|| panic!("seat {s} is not a human seat of this game"));
        self.tablero.seat(&self.id, token)
    }

    pub fn spectator(&self) -> SeatClient {
        self.tablero.spectator(&self.id)
    }

    pub async fn view(&self) -> pb::GameView {
        self.spectator().view().await.expect("GetView as spectator")
    }

    /// The human seat that must act now, or `None` once the game is over.
    pub async fn to_act(&self) -> Option<(u32, pb::GameView)> {
        let view = self.view().await;
        if finished(&view) {
            assert!(
                view.to_act.is_empty(),
                "nobody acts in a finished game: {:?}",
                view.to_act
            );
            return None;
        }
        assert_eq!(
            view.to_act.len(),
            1,
            "exactly one seat acts at a time: {:?}",
            view.to_act
        );
        let seat = view.to_act[0];
        assert!(
            self.tokens.contains_key(&seat),
            "seat {seat} must act but is not human: the server should have played it"
        );
        Some((seat, view))
    }

    /// Submits `action` for `seat` at `version` with a fresh idempotency key, without retry.
    pub async fn submit(
        &self,
        seat: u32,
        version: u64,
        action: pb::submit_action_request::Action,
    ) -> Result<pb::SubmitActionResponse, Status> {
        self.seat(seat)
            .submit(pb::SubmitActionRequest {
                game_id: self.id.clone(),
                expected_version: version,
                idempotency_key: new_idempotency_key(),
                action: Some(action),
                seat: None,
            })
            .await
    }

    /// Plays one legal action (chosen by `lcg`) for the human seat to act. Returns the seat and
    /// the response, or `None` when the game is over.
    pub async fn step(&self, lcg: &mut Lcg) -> Option<(u32, pb::SubmitActionResponse)> {
        self.step_with(lcg, |_| None).await
    }

    /// Like [`Game::step`], but `prefer` may pick an action id among the legal ones.
    pub async fn step_with(
        &self,
        lcg: &mut Lcg,
        prefer: impl Fn(&[pb::LegalAction]) -> Option<usize>,
    ) -> Option<(u32, pb::SubmitActionResponse)> {
        let (seat, view) = self.to_act().await?;
        let legal = self
            .seat(seat)
            .legal_actions()
            .await
            .expect("ListLegalActions");
        assert_eq!(
            legal.seat,
            Some(seat),
            "legal actions name the caller's seat"
        );
        assert_eq!(
            legal.version, view.version,
            "nobody else moves in this game"
        );
        assert!(
            !legal.actions.is_empty(),
            "seat {seat} must act but has no legal action"
        );
        let ids: BTreeSet<&str> = legal.actions.iter().map(|a| a.id.as_str()).collect();
        assert_eq!(
            ids.len(),
            legal.actions.len(),
            "legal action ids are unique"
        );
        let i = prefer(&legal.actions).unwrap_or_else(|| lcg.below(legal.actions.len()));
        let chosen = &legal.actions[i];
        let resp = self
            .submit(seat, legal.version, action_id(&chosen.id))
            .await
            .unwrap_or_else(|s| panic!("seat {seat} submitting legal action {}: {s:?}", chosen.id));
        let rv = resp.view.as_ref().expect("SubmitAction returns a view");
        assert!(
            rv.version > legal.version,
            "an accepted action advances the version"
        );
        assert_eq!(
            rv.viewer_seat,
            Some(seat),
            "SubmitAction's view is the actor's"
        );
        assert!(
            !resp.events.is_empty(),
            "an accepted action produces events"
        );
        assert_eq!(
            resp.events[0].version,
            legal.version + 1,
            "events start right after expected_version"
        );
        assert_eq!(
            resp.events[0].actor,
            Some(seat),
            "the first event is the actor's"
        );
        assert!(
            resp.events.windows(2).all(|w| w[0].version <= w[1].version)
                && resp.events.last().unwrap().version == rv.version,
            "response events run in order up to the new version"
        );
        Some((seat, resp))
    }

    /// Plays human seats until the game is over; returns the final spectator view.
    pub async fn play_to_end(&self, lcg: &mut Lcg) -> pb::GameView {
        let mut moves = 0;
        while self.step(lcg).await.is_some() {
            moves += 1;
            assert!(moves < 1000, "the game does not end");
        }
        self.view().await
    }

    /// Every event as `client` sees it (GetHistory, following pages).
    pub async fn history(client: &SeatClient) -> Vec<pb::Event> {
        client.history(0).await.expect("GetHistory")
    }
}

/// The versions a caller reading from `from` gets events of, through `last`: the setup's own
/// events are version 0 and come with a read from 0; otherwise versions `from+1..=last`.
pub fn versions_after(from: u64, last: u64) -> Vec<u64> {
    if from == 0 {
        (0..=last).collect()
    } else {
        (from + 1..=last).collect()
    }
}

/// The distinct versions of `events`, after checking they never go backwards.
pub fn event_versions(events: &[pb::Event]) -> Vec<u64> {
    assert!(
        events.windows(2).all(|w| w[0].version <= w[1].version),
        "event versions never decrease: {:?}",
        events.iter().map(|e| e.version).collect::<Vec<_>>()
    );
    let mut v: Vec<u64> = events.iter().map(|e| e.version).collect();
    v.dedup();
    v
}

/// End-of-game checks: FINISHED, an outcome placing every seat, the score, the history
/// (non-empty, strictly increasing versions from the setup's 0 to the final one, one group per
/// version),
/// and every card of the deck in a public zone (CLM-HID.4, CLM-GEN.7).
pub async fn check_finished(game: &Game) -> pb::GameView {
    let view = game.view().await;
    assert!(
        finished(&view),
        "the game is FINISHED: status {}",
        view.status
    );
    assert!(view.to_act.is_empty());
    let outcome = view
        .outcome
        .as_ref()
        .expect("a finished game has an outcome");
    assert_eq!(
        outcome.places.len(),
        game.n,
        "a place for every seat: {outcome:?}"
    );
    assert!(
        outcome
            .places
            .iter()
            .all(|p| (1..=game.n as u32).contains(p)),
        "places are 1..=n: {outcome:?}"
    );
    assert!(!outcome.reason.is_empty(), "the outcome says why");
    if outcome.draw {
        assert!(
            outcome.winners.is_empty(),
            "a draw has no winners: {outcome:?}"
        );
    } else {
        let firsts: Vec<u32> = (0..game.n as u32)
            .filter(|s| outcome.places[*s as usize] == 1)
            .collect();
        assert_eq!(
            outcome.winners, firsts,
            "the winners are the seats in first place: {outcome:?}"
        );
    }
    if game.mode == pb::ClaimMode::FourPlayerTeams {
        assert_eq!(
            outcome.places[0], outcome.places[2],
            "partners share a place: {outcome:?}"
        );
        assert_eq!(
            outcome.places[1], outcome.places[3],
            "partners share a place: {outcome:?}"
        );
    }
    let c = claim(&view);
    assert_eq!(c.phase, pb::ClaimPhase::Finished as i32);
    let score = c.score.as_ref().expect("the final view carries the score");
    assert!(!score.decided_by.is_empty());
    assert_eq!(score.vote_totals.len(), score.sides.len());
    assert_eq!(
        c.pending.as_ref().map(|p| p.kind),
        Some(pb::claim_pending::Kind::None as i32)
    );

    let mut all: Vec<CardKey> = Vec::new();
    for p in &c.players {
        assert_eq!(
            (p.hand_size, p.follower_count),
            (0, 0),
            "nothing hidden is left at the end"
        );
        all.extend(keys(p.score_pile.iter().chain(&p.gnome_row)));
    }
    all.extend(keys(
        c.discard.iter().chain(&c.troll_pool).chain(&c.revealed),
    ));
    all.extend(c.trick.iter().filter_map(|p| p.card.as_ref()).map(key));
    assert_eq!(c.deck_count, 0);
    all.sort_unstable();
    let distinct: BTreeSet<CardKey> = all.iter().copied().collect();
    assert_eq!(distinct.len(), all.len(), "no card is in two places");
    assert_eq!(
        all.len(),
        deck_size(game.mode),
        "every card of the deck is accounted for at the end"
    );

    let history = Game::history(&game.spectator()).await;
    assert!(!history.is_empty(), "a finished game has a history");
    let versions = event_versions(&history);
    assert_eq!(
        versions,
        versions_after(0, view.version),
        "one event group per version: the setup (0), then 1..=final"
    );
    view
}

/// Every game the server lists with this filter, following pages.
pub async fn list_all(
    tablero: &Tablero,
    game_type: &str,
    status: pb::GameStatus,
) -> Vec<pb::GameSummary> {
    let mut out = Vec::new();
    let mut token = String::new();
    for _ in 0..1000 {
        let page = tablero
            .raw()
            .list_games(pb::ListGamesRequest {
                game_type: game_type.into(),
                status: status as i32,
                page_size: 0,
                page_token: token.clone(),
                player_ref: String::new(),
                to_act: false,
            })
            .await
            .expect("ListGames")
            .into_inner();
        out.extend(page.games);
        if page.next_page_token.is_empty() {
            return out;
        }
        token = page.next_page_token;
    }
    panic!("ListGames never ends");
}

pub async fn listed_ids(tablero: &Tablero) -> BTreeSet<String> {
    list_all(tablero, "", pb::GameStatus::Unspecified)
        .await
        .into_iter()
        .map(|g| g.game_id)
        .collect()
}

/// Everything a caller can read about one game: views (spectator and every held seat), legal
/// actions, the history, its listing entry and the number of games listed. Equal snapshots =
/// nothing was stored.
#[derive(Debug, PartialEq)]
pub struct Snapshot {
    pub spectator: pb::GameView,
    pub seats: Vec<(u32, pb::GameView, pb::ListLegalActionsResponse)>,
    pub history: Vec<pb::Event>,
    pub summary: Option<pb::GameSummary>,
    pub games_listed: usize,
}

pub async fn snapshot(game: &Game) -> Snapshot {
    let mut seats = Vec::new();
    for s in game.tokens.keys() {
        let c = game.seat(*s);
        seats.push((
            *s,
            c.view().await.expect("GetView"),
            c.legal_actions().await.expect("ListLegalActions"),
        ));
    }
    let listed = list_all(&game.tablero, "", pb::GameStatus::Unspecified).await;
    Snapshot {
        spectator: game.view().await,
        seats,
        history: Game::history(&game.spectator()).await,
        summary: listed.iter().find(|g| g.game_id == game.id).cloned(),
        games_listed: listed.len(),
    }
}

/// Asserts that nothing readable about `game` changed since `before` (short messages: which
/// part changed, not the whole dump).
#[track_caller]
pub fn assert_same(before: &Snapshot, after: &Snapshot, what: &str) {
    let (b, a) = (&before.spectator, &after.spectator);
    assert_eq!(b.version, a.version, "{what}: the version changed");
    assert!(b == a, "{what}: the spectator's view changed");
    assert_eq!(before.seats.len(), after.seats.len());
    for ((s, bv, bl), (_, av, al)) in before.seats.iter().zip(&after.seats) {
        assert!(bv == av, "{what}: seat {s}'s view changed");
        assert!(
            bl == al,
            "{what}: seat {s}'s legal actions changed: {:?} -> {:?}",
            bl.version,
            al.version
        );
    }
    assert_eq!(
        before.history.len(),
        after.history.len(),
        "{what}: the history changed"
    );
    assert!(
        before.history == after.history,
        "{what}: the history changed"
    );
    assert_eq!(
        before.summary, after.summary,
        "{what}: the listing entry changed"
    );
    assert_eq!(
        before.games_listed, after.games_listed,
        "{what}: the number of games listed changed"
    );
}

/// A campaign as anyone may read it (GetCampaign).
pub async fn get_campaign(tablero: &Tablero, id: &str) -> pb::CampaignView {
    let req = pb::GetCampaignRequest {
        campaign_id: id.into(),
    };
    tablero
        .campaigns()
        .get_campaign(req)
        .await
        .expect("GetCampaign")
        .into_inner()
        .campaign
        .unwrap()
}

/// Pauses every client of the Redis at `url` for `ms` (CLIENT PAUSE ALL): the server's store
/// calls then wait, so its requests stay in flight.
pub async fn pause_redis(url: &str, ms: u64) {
    let client = redis::Client::open(url).expect("redis url");
    let mut conn = client
        .get_multiplexed_async_connection()
        .await
        .expect("connect to redis");
    let _: () = redis::cmd("CLIENT")
        .arg("PAUSE")
        .arg(ms)
        .arg("ALL")
        .query_async(&mut conn)
        .await
        .expect("CLIENT PAUSE");
}
