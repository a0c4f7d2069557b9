//! The `tablero.v1.GameService` implementation: authenticate, load, run the rules, write back
//! with compare-and-swap, answer with what the caller may see.

use crate::access::Access;
use crate::auth;
use crate::bots;
use crate::caller::Caller;
use crate::clock::now_ms;
use crate::error::ApiError;
use crate::games::{ActionInput, GameKind, Registry, Session};
use crate::keys::{ApiKey, Scope};
use crate::present;
use crate::record::{GameRecord, GameStatus, LogEntry, Occupant, SNAPSHOT_FORMAT, SeatRecord};
use crate::store::{Commit, CommitResult, Idempotent, ListFilter, QuotaKind, Store};
use crate::streams::{Outbox, StreamLimits, StreamSlots, Undelivered};
use crate::transport::Connection;
use crate::validate;
use prost::Message;
use sha2::{Digest, Sha256};
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use tablero_proto::v1 as pb;
use tablero_proto::v1::game_service_server::GameService;
use tablero_rules::{Seat, Viewer};
use tokio_stream::Stream;
use tonic::{Request, Response, Status};
use tracing::{Instrument, Span, field};

/// Bot moves one write may make before the server gives up (a runaway guard, far above any game).
const MAX_BOT_MOVES: usize = 100_000;
const DEFAULT_PAGE: usize = 50;
const MAX_PAGE: usize = 200;
const MAX_HISTORY_PAGE: u64 = 500;
/// Compare-and-swap attempts of one request when only unrelated writes (seat joins) got between.
const MAX_WRITE_ATTEMPTS: usize = 8;

pub struct Api<S> {
    store: Arc<S>,
    games: Arc<Registry>,
    /// How often a watcher re-reads the store even without a notification.
    watch_poll: Duration,
    /// Turns true when the server shuts down: open watch streams then end, so a graceful
    /// shutdown is not held up by streams that would otherwise run until their games end.
    shutdown: tokio::sync::watch::Receiver<bool>,
    /// The places of open watch streams (per server and per caller).
    streams: Arc<StreamSlots>,
    /// How long a watch stream's reader may leave a message unread before the stream is closed
    /// with RESOURCE_EXHAUSTED (and, if it still does not read, its connection).
    watch_drain: Duration,
    /// API keys and who may create what.
    access: Arc<Access>,
    /// Watch messages being built at once, across every stream: each holds a decoded game, so a
    /// change to a game with thousands of watchers must not decode it thousands of times at
    /// once (on Redis every build waits for the log between its decode and its message).
    watch_builds: Arc<tokio::sync::Semaphore>,
}

/// See `Api::watch_builds`.
const WATCH_BUILDS_AT_ONCE: usize = 32;
/// The most versions of events one watch message carries (a backlog comes in chunks).
const WATCH_CHUNK_VERSIONS: u64 = 100;

// Manual: a derive would demand `S: Clone`, but only the `Arc` is cloned.
impl<S> Clone for Api<S> {
    fn clone(&self) -> Self {
        Api {
            store: self.store.clone(),
            games: self.games.clone(),
            watch_poll: self.watch_poll,
            shutdown: self.shutdown.clone(),
            streams: self.streams.clone(),
            watch_drain: self.watch_drain,
            access: self.access.clone(),
            watch_builds: self.watch_builds.clone(),
        }
    }
}

impl<S: Store> Api<S> {
    pub fn new(
        store: Arc<S>,
        shutdown: tokio::sync::watch::Receiver<bool>,
        watch_poll: Duration,
    ) -> Self {
        Api {
            store,
            games: Arc::new(Registry::all()),
            watch_poll,
            shutdown,
            streams: StreamSlots::new(StreamLimits::default()),
            watch_drain: Duration::from_secs(10),
            access: Arc::new(Access::default()),
            watch_builds: Arc::new(tokio::sync::Semaphore::new(WATCH_BUILDS_AT_ONCE)),
        }
    }

    /// Caps open watch streams (none by default).
    pub fn with_stream_limits(mut self, limits: StreamLimits) -> Self {
        self.streams = StreamSlots::new(limits);
        self
    }

    /// How long a watch stream's reader may leave a message unread (default 10 s).
    pub fn with_watch_drain(mut self, drain: Duration) -> Self {
        self.watch_drain = drain;
        self
    }

    /// API keys and the creation policy (default: no keys, anyone creates within quotas).
    pub fn with_access(mut self, access: Access) -> Self {
        self.access = Arc::new(access);
        self
    }

    pub(crate) fn access(&self) -> &Access {
        &self.access
    }

    fn kind(&self, game_type: &str) -> Result<&dyn GameKind, ApiError> {
        self.games.get(game_type).ok_or_else(|| {
            ApiError::invalid(
                "game_type",
                format!("unknown game type `{}`", validate::truncate(game_type)),
            )
        })
    }

    async fn load(&self, id: &str) -> Result<GameRecord, ApiError> {
        validate::game_id(id)?;
        self.store
            .load(id)
            .await?
            .ok_or_else(|| ApiError::GameNotFound(id.to_string()))
    }

    /// The record, its game kind and its live state.
    pub(crate) async fn open(
        &self,
        id: &str,
    ) -> Result<(GameRecord, &dyn GameKind, Box<dyn Session>), ApiError> {
        let record = self.load(id).await?;
        let kind = self.games.get(&record.game_type).ok_or_else(|| {
            ApiError::Storage(format!(
                "game {id} is of type `{}`, which this server does not host",
                record.game_type
            ))
        })?;
        if record.rules_version != kind.rules_version() {
            return Err(ApiError::Storage(format!(
                "game {id} was made with {} rules v{}; this server has v{}",
                record.game_type,
                record.rules_version,
                kind.rules_version()
            )));
        }
        let session = kind.restore(&record.state)?;
        Ok((record, kind, session))
    }

    /// The session at an earlier version, replayed from the setup and the log.
    async fn replay(
        &self,
        record: &GameRecord,
        kind: &dyn GameKind,
        version: u64,
    ) -> Result<Box<dyn Session>, ApiError> {
        let mut session = kind.rebuild(&record.setup)?;
        for entry in self.store.log(&record.id, 0, version).await? {
            session.apply_logged(entry.seat, &entry.action)?;
        }
        Ok(session)
    }

    pub(crate) fn store(&self) -> Arc<S> {
        self.store.clone()
    }

    pub(crate) fn registry(&self) -> Arc<Registry> {
        self.games.clone()
    }

    /// Issues the human seats' tokens (and the creator's, unless the game is a play of a
    /// campaign, which goes with its campaign) and plays the opening bot moves: a new game ready
    /// to store, with its opening log.
    pub(crate) fn new_game_record(
        &self,
        kind: &dyn GameKind,
        new: crate::games::NewGame,
        seats: &mut [SeatRecord],
        placement: Placement,
    ) -> Result<NewGameRecord, ApiError> {
        let Placement {
            game_type,
            id,
            campaign,
            listed,
        } = placement;
        let mut session = new.session;
        let mut credentials = Vec::new();
        for (i, seat) in seats.iter_mut().enumerate() {
            if seat.occupant == Occupant::Human {
                let (token, hash) = auth::new_token()?;
                seat.token_hash = Some(hash);
                credentials.push(pb::SeatCredential {
                    seat: i as u32,
                    token,
                });
            }
        }
        let creator = match campaign {
            None => Some(auth::new_token()?),
            Some(_) => None,
        };
        let entries = run_bots(session.as_mut(), seats, new.setup.seed, 0)?;
        let now = now_ms();
        let record = GameRecord {
            format: SNAPSHOT_FORMAT,
            id,
            game_type,
            rules_version: kind.rules_version(),
            created_at_ms: now,
            seats: seats.to_vec(),
            setup: new.setup,
            opening_events: new.events,
            version: entries.len() as u64,
            revision: 0,
            status: status_of(session.as_ref()),
            state: session.snapshot(),
            campaign,
            creator_token_hash: creator.as_ref().map(|(_, hash)| hash.clone()),
            listed,
            updated_at_ms: now,
        };
        let view = self.view(&record, kind, session.as_ref(), Viewer::Spectator);
        Ok(NewGameRecord {
            game: CreatedGame {
                record,
                credentials,
                creator_token: creator.map(|(token, _)| token),
                view,
            },
            entries,
        })
    }

    /// One attempt at a submit; `None` when a concurrent write that did not move the game won the
    /// compare-and-swap.
    async fn try_submit(
        &self,
        req: &pb::SubmitActionRequest,
        token: Option<&str>,
        input: &ActionInput<'_>,
    ) -> Result<Option<pb::SubmitActionResponse>, ApiError> {
        let (record, kind, mut session) = self.open(&req.game_id).await?;
        let seat: Seat = auth::acting_seat(&record, token)?;
        Span::current().record("seat", seat);
        if let Some(claimed) = req.seat
            && claimed as usize != seat
        {
            return Err(ApiError::PermissionDenied(format!(
                "this token is seat {seat}'s; it cannot act for seat {claimed}"
            )));
        }
        let idem_key =
            (!req.idempotency_key.is_empty()).then(|| format!("{seat}:{}", req.idempotency_key));
        let fingerprint = fingerprint(seat, req.expected_version, input);
        if let Some(key) = &idem_key
            && let Some(first) = self.store.idempotent_result(&record.id, key).await?
        {
            return self
                .answer_again(
                    &req.idempotency_key,
                    fingerprint,
                    first,
                    seat,
                    record,
                    kind,
                    session,
                )
                .await
                .map(Some);
        }
        if req.expected_version != record.version {
            return Err(ApiError::VersionConflict {
                expected: req.expected_version,
                current: record.version,
            });
        }
        if record.status == GameStatus::Finished {
            return Err(ApiError::GameOver(format!("game {} is over", record.id)));
        }
        if !session.may_act(seat) {
            let to_act = session.to_act();
            let waiting: Vec<String> = to_act.iter().map(|s| s.to_string()).collect();
            return Err(ApiError::PermissionDenied(format!(
                "seat {seat} is not to act now (waiting for seat {})",
                waiting.join(", ")
            )));
        }
        let applied = session.apply_input(seat, input)?;
        let mut entries = vec![LogEntry {
            version: record.version + 1,
            seat,
            action: applied.action,
            events: applied.events,
        }];
        entries.extend(run_bots(
            session.as_mut(),
            &record.seats,
            record.setup.seed,
            record.version + 1,
        )?);

        let previous_status = record.status;
        let expected_revision = record.revision;
        let mut next = record;
        next.version += entries.len() as u64;
        next.revision += 1;
        next.status = status_of(session.as_ref());
        next.state = session.snapshot();
        next.updated_at_ms = now_ms();
        let response = pb::SubmitActionResponse {
            view: Some(self.view(&next, kind, session.as_ref(), Viewer::Seat(seat))),
            events: present::events(kind, &entries, Viewer::Seat(seat))?,
        };
        // A retry is answered from the log, so the key keeps only what finds that answer.
        let remembered = Idempotent {
            fingerprint,
            from_version: req.expected_version,
            to_version: next.version,
        };
        let commit = Commit {
            record: &next,
            expected_revision,
            entries: &entries,
            idempotency: idem_key.as_deref().map(|k| (k, remembered)),
            previous_status,
        };
        match self.store.commit(commit).await? {
            CommitResult::Committed => {
                if next.status == GameStatus::Finished
                    && let Some(campaign) = &next.campaign
                {
                    // Fold the play's result now; reading the campaign would fold it later too.
                    if let Err(e) = crate::campaigns::Campaigns::new(self.clone())
                        .reconcile(campaign)
                        .await
                    {
                        tracing::warn!(%campaign, error = %e, "folding a finished play failed; retried on the next read");
                    }
                }
                Span::current().record("version", next.version);
                tracing::info!(
                    moves = entries.len(),
                    status = next.status.as_str(),
                    "action committed"
                );
                Ok(Some(response))
            }
            CommitResult::Duplicate(first) => {
                let (record, kind, session) = self.open(&next.id).await?;
                self.answer_again(
                    &req.idempotency_key,
                    fingerprint,
                    first,
                    seat,
                    record,
                    kind,
                    session,
                )
                .await
                .map(Some)
            }
            CommitResult::Conflict => {
                let current = self.load(&next.id).await?.version;
                if current == req.expected_version {
                    return Ok(None);
                }
                Err(ApiError::VersionConflict {
                    expected: req.expected_version,
                    current,
                })
            }
        }
    }

    /// The answer to a submit retried with an idempotency key that was already used: the same
    /// request gets what the first got, rebuilt from the log (the events it caused and the view
    /// right after it); a different request under the key is refused.
    #[allow(clippy::too_many_arguments)]
    async fn answer_again(
        &self,
        key: &str,
        fingerprint: [u8; 16],
        first: Idempotent,
        seat: Seat,
        record: GameRecord,
        kind: &dyn GameKind,
        session: Box<dyn Session>,
    ) -> Result<pb::SubmitActionResponse, ApiError> {
        if first.fingerprint != fingerprint {
            return Err(ApiError::IdempotencyKeyReused {
                key: validate::truncate(key),
            });
        }
        let viewer = Viewer::Seat(seat);
        let entries = self
            .store
            .log(&record.id, first.from_version, first.to_version)
            .await?;
        let events = present::events(kind, &entries, viewer)?;
        let view = if record.version == first.to_version {
            self.view(&record, kind, session.as_ref(), viewer)
        } else {
            let then = self.replay(&record, kind, first.to_version).await?;
            present::view(
                &record,
                then.as_ref(),
                first.to_version,
                viewer,
                kind.rules_version(),
            )
        };
        Ok(pb::SubmitActionResponse {
            view: Some(view),
            events,
        })
    }

    fn view(
        &self,
        record: &GameRecord,
        kind: &dyn GameKind,
        session: &dyn Session,
        viewer: Viewer,
    ) -> pb::GameView {
        present::view(
            record,
            session,
            record.version,
            viewer,
            kind.rules_version(),
        )
    }
}

/// Ends a watch stream whose reader did not ask for a due message within the drain time: the
/// stream ends with RESOURCE_EXHAUSTED. HTTP/2 still holds what the reader never read for as
/// long as the connection lives, so a reader that does not take even the status within one more
/// drain time loses its connection.
async fn close_stalled(
    outbox: &Outbox<pb::WatchGameResponse>,
    connection: Option<&Connection>,
    drain: Duration,
) {
    tracing::warn!(
        drain_ms = drain.as_millis() as u64,
        "closed a watch stream whose reader does not read"
    );
    outbox.finish(Some(Status::resource_exhausted(format!(
        "the watch stream was not read for {} ms; watch again to resume",
        drain.as_millis()
    ))));
    if outbox.drained(drain).await == Err(Undelivered::Stalled)
        && let Some(conn) = connection
    {
        conn.close();
    }
}

/// A game about to be stored: its record, the human seats' tokens, the creator's token (none
/// for a play of a campaign) and the spectator view.
pub(crate) struct CreatedGame {
    pub record: GameRecord,
    pub credentials: Vec<pb::SeatCredential>,
    pub creator_token: Option<String>,
    pub view: pb::GameView,
}

/// A new game with its opening log entries (the bots' first moves).
pub(crate) struct NewGameRecord {
    pub game: CreatedGame,
    pub entries: Vec<LogEntry>,
}

/// Where a new game goes: its type and id, the campaign it is a play of, and whether it is listed.
pub(crate) struct Placement {
    pub game_type: String,
    pub id: String,
    pub campaign: Option<String>,
    pub listed: bool,
}

/// SHA-256 of what makes a submit the same request: the seat, the version it expects and the
/// action (its id, or its typed form's encoding).
fn fingerprint(seat: Seat, expected_version: u64, input: &ActionInput<'_>) -> [u8; 16] {
    let mut h = Sha256::new();
    h.update((seat as u64).to_le_bytes());
    h.update(expected_version.to_le_bytes());
    match input {
        ActionInput::Id(id) => {
            h.update(b"id:");
            h.update(id.as_bytes());
        }
        ActionInput::Typed(action) => {
            h.update(b"typed:");
            h.update(action.encode_to_vec());
        }
    }
    let digest: [u8; 32] = h.finalize().into();
    let mut first = [0u8; 16];
    first.copy_from_slice(&digest[..16]);
    first
}

/// The seed a request asks for, which only an API key with the `setup` scope may choose (whoever
/// chooses the seed or the scenario can know every hidden card of the deal).
pub(crate) fn authorize_setup(
    key: Option<&ApiKey>,
    chooses: bool,
    what: &str,
) -> Result<(), ApiError> {
    if !chooses {
        return Ok(());
    }
    match key {
        Some(k) => k.require(Scope::Setup, what),
        None => Err(ApiError::Unauthenticated(format!(
            "{what} needs an API key with the `setup` scope (x-api-key): whoever chooses it can know the hidden cards"
        ))),
    }
}

/// The given seed, or a fresh random one.
pub(crate) fn seed_or_random(seed: Option<u64>) -> Result<u64, ApiError> {
    match seed {
        Some(s) => Ok(s),
        None => {
            let mut b = [0u8; 8];
            getrandom::fill(&mut b)
                .map_err(|e| ApiError::Internal(format!("no randomness: {e}")))?;
            Ok(u64::from_le_bytes(b))
        }
    }
}

/// The seat a join takes: the requested one if open, else the lowest open seat.
fn open_seat(record: &GameRecord, wanted: Option<u32>) -> Result<Seat, ApiError> {
    let open = |s: usize| {
        record
            .seats
            .get(s)
            .is_some_and(|r| r.occupant == Occupant::Open)
    };
    match wanted {
        Some(s) if open(s as usize) => Ok(s as usize),
        Some(s) if (s as usize) < record.seats.len() => {
            Err(ApiError::SeatNotOpen(format!("seat {s} is not open")))
        }
        Some(s) => Err(ApiError::invalid("seat", format!("no seat {s}"))),
        None => (0..record.seats.len())
            .find(|s| open(*s))
            .ok_or_else(|| ApiError::SeatNotOpen("no open seat left".into())),
    }
}

/// Plays every bot seat that must act, logging each move from `version + 1` on.
fn run_bots(
    session: &mut dyn Session,
    seats: &[SeatRecord],
    seed: u64,
    version: u64,
) -> Result<Vec<LogEntry>, ApiError> {
    let mut entries = Vec::new();
    while session.outcome().is_none() {
        let Some(seat) = session
            .to_act()
            .into_iter()
            .find(|s| seats[*s].occupant == Occupant::Bot)
        else {
            break;
        };
        if entries.len() >= MAX_BOT_MOVES {
            return Err(ApiError::Internal(
                "bots did not finish within the move limit".into(),
            ));
        }
        let v = version + entries.len() as u64 + 1;
        let applied = bots::play(session, seat, seed, v)?;
        entries.push(LogEntry {
            version: v,
            seat,
            action: applied.action,
            events: applied.events,
        });
    }
    Ok(entries)
}

fn status_of(session: &dyn Session) -> GameStatus {
    if session.outcome().is_some() {
        GameStatus::Finished
    } else {
        GameStatus::Active
    }
}

fn status_filter(s: i32) -> Result<Option<GameStatus>, ApiError> {
    match pb::GameStatus::try_from(s) {
        Ok(pb::GameStatus::Unspecified) => Ok(None),
        Ok(pb::GameStatus::Active) => Ok(Some(GameStatus::Active)),
        Ok(pb::GameStatus::Finished) => Ok(Some(GameStatus::Finished)),
        Err(_) => Err(ApiError::invalid("status", format!("unknown status {s}"))),
    }
}

fn seat_specs(specs: &[pb::SeatSpec]) -> Result<Vec<SeatRecord>, ApiError> {
    if specs.is_empty() || specs.len() > validate::MAX_SEATS {
        return Err(ApiError::invalid(
            "seats",
            format!("give 1 to {} seats", validate::MAX_SEATS),
        ));
    }
    specs
        .iter()
        .map(|s| {
            validate::name("seats.name", &s.name)?;
            let occupant = match pb::Occupant::try_from(s.occupant) {
                Ok(pb::Occupant::Human) => Occupant::Human,
                Ok(pb::Occupant::Bot) => Occupant::Bot,
                Ok(pb::Occupant::Open) => Occupant::Open,
                _ => {
                    return Err(ApiError::invalid(
                        "seats.occupant",
                        "each seat needs an occupant: human, bot or open",
                    ));
                }
            };
            let bot = if occupant == Occupant::Bot {
                validate::short_word("seats.bot", &s.bot)?;
                let kind = if s.bot.is_empty() {
                    bots::RANDOM
                } else {
                    s.bot.as_str()
                };
                if !bots::is_known(kind) {
                    return Err(ApiError::invalid(
                        "seats.bot",
                        format!("unknown bot `{}`", validate::truncate(kind)),
                    ));
                }
                kind.to_string()
            } else {
                String::new()
            };
            Ok(SeatRecord {
                occupant,
                name: s.name.clone(),
                bot,
                token_hash: None,
            })
        })
        .collect()
}

type WatchStream = Pin<Box<dyn Stream<Item = Result<pb::WatchGameResponse, Status>> + Send>>;

#[tonic::async_trait]
impl<S: Store> GameService for Api<S> {
    async fn list_game_types(
        &self,
        _req: Request<pb::ListGameTypesRequest>,
    ) -> Result<Response<pb::ListGameTypesResponse>, Status> {
        Ok(Response::new(pb::ListGameTypesResponse {
            game_types: self.games.infos(),
        }))
    }

    async fn create_game(
        &self,
        req: Request<pb::CreateGameRequest>,
    ) -> Result<Response<pb::CreateGameResponse>, Status> {
        Span::current().record("game_type", req.get_ref().game_type.as_str());
        let key = self.access.keys.of_request(req.metadata())?;
        let caller = req.extensions().get::<Caller>().cloned();
        let req = req.into_inner();
        let kind = self.kind(&req.game_type)?;
        validate::short_word("mode", &req.mode)?;
        authorize_setup(
            key.as_ref(),
            req.seed.is_some() || req.scenario.is_some(),
            "choosing a game's seed or scenario",
        )?;
        let mut seats = seat_specs(&req.seats)?;
        let seed = seed_or_random(req.seed)?;
        let mode = (!req.mode.is_empty()).then_some(req.mode.as_str());
        let mut new = kind.new_game(
            req.options.as_ref(),
            mode,
            req.scenario.as_ref(),
            seats.len(),
            seed,
        )?;
        new.setup.seed_chosen = req.seed.is_some();
        let id = validate::new_game_id()?;
        self.access
            .admit_create(
                self.store.as_ref(),
                key.as_ref(),
                caller.as_ref(),
                QuotaKind::Games,
                &id,
            )
            .await?;
        let NewGameRecord {
            game: created,
            entries,
        } = self.new_game_record(
            kind,
            new,
            &mut seats,
            Placement {
                game_type: req.game_type.clone(),
                id,
                campaign: None,
                listed: req.listed,
            },
        )?;
        self.store
            .create(&created.record, &entries)
            .await
            .map_err(ApiError::from)?;
        Span::current()
            .record("game_id", created.record.id.as_str())
            .record("version", created.record.version);
        tracing::info!(
            seats = created.record.seats.len(),
            key = key.as_ref().map(|k| &*k.name),
            "game created"
        );
        Ok(Response::new(pb::CreateGameResponse {
            game_id: created.record.id,
            credentials: created.credentials,
            view: Some(created.view),
            creator_token: created.creator_token.unwrap_or_default(),
        }))
    }

    async fn join_game(
        &self,
        req: Request<pb::JoinGameRequest>,
    ) -> Result<Response<pb::JoinGameResponse>, Status> {
        Span::current().record("game_id", req.get_ref().game_id.as_str());
        let req = req.into_inner();
        validate::game_id(&req.game_id)?;
        validate::name("name", &req.name)?;
        // Joins race with other joins and with moves: on a lost compare-and-swap, read again and
        // retry; the seat choice is re-made on the fresh record.
        for _ in 0..MAX_WRITE_ATTEMPTS {
            let (mut record, kind, session) = self.open(&req.game_id).await?;
            let seat = open_seat(&record, req.seat)?;
            Span::current().record("seat", seat);
            let (token, hash) = auth::new_token()?;
            let expected_revision = record.revision;
            record.seats[seat] = SeatRecord {
                occupant: Occupant::Human,
                name: req.name.clone(),
                bot: String::new(),
                token_hash: Some(hash),
            };
            record.revision += 1;
            record.updated_at_ms = now_ms();
            let commit = Commit {
                record: &record,
                expected_revision,
                entries: &[],
                idempotency: None,
                previous_status: record.status,
            };
            if self.store.commit(commit).await.map_err(ApiError::from)? == CommitResult::Committed {
                let view = self.view(&record, kind, session.as_ref(), Viewer::Seat(seat));
                return Ok(Response::new(pb::JoinGameResponse {
                    credential: Some(pb::SeatCredential {
                        seat: seat as u32,
                        token,
                    }),
                    view: Some(view),
                }));
            }
        }
        Err(ApiError::Limit("the game is changing too fast to join; try again".into()).into())
    }

    async fn get_view(
        &self,
        req: Request<pb::GetViewRequest>,
    ) -> Result<Response<pb::GetViewResponse>, Status> {
        Span::current().record("game_id", req.get_ref().game_id.as_str());
        let token = auth::bearer(req.metadata())?;
        let (record, kind, session) = self.open(&req.get_ref().game_id).await?;
        let viewer = auth::viewer(&record, token.as_deref())?;
        Span::current()
            .record("seat", field::debug(viewer.seat()))
            .record("version", record.version);
        Ok(Response::new(pb::GetViewResponse {
            view: Some(self.view(&record, kind, session.as_ref(), viewer)),
        }))
    }

    async fn list_legal_actions(
        &self,
        req: Request<pb::ListLegalActionsRequest>,
    ) -> Result<Response<pb::ListLegalActionsResponse>, Status> {
        Span::current().record("game_id", req.get_ref().game_id.as_str());
        let token = auth::bearer(req.metadata())?;
        let (record, _, session) = self.open(&req.get_ref().game_id).await?;
        let viewer = auth::viewer(&record, token.as_deref())?;
        Span::current()
            .record("seat", field::debug(viewer.seat()))
            .record("version", record.version);
        let actions = match viewer {
            Viewer::Seat(s) => session.legal_actions(s),
            Viewer::Spectator => Vec::new(),
        };
        Ok(Response::new(pb::ListLegalActionsResponse {
            version: record.version,
            seat: viewer.seat().map(|s| s as u32),
            actions,
        }))
    }

    async fn submit_action(
        &self,
        req: Request<pb::SubmitActionRequest>,
    ) -> Result<Response<pb::SubmitActionResponse>, Status> {
        Span::current()
            .record("game_id", req.get_ref().game_id.as_str())
            .record("version", req.get_ref().expected_version);
        let token = auth::bearer(req.metadata())?;
        let req = req.into_inner();
        validate::game_id(&req.game_id)?;
        validate::idempotency_key(&req.idempotency_key)?;
        let input = match &req.action {
            Some(pb::submit_action_request::Action::ActionId(id)) => ActionInput::Id(id),
            Some(pb::submit_action_request::Action::Typed(a)) => ActionInput::Typed(a),
            None => return Err(ApiError::invalid("action", "give action_id or typed").into()),
        };
        // A lost compare-and-swap whose winner did not move the game (a seat join) is retried:
        // the caller's expected version is still right.
        for _ in 0..MAX_WRITE_ATTEMPTS {
            if let Some(response) = self.try_submit(&req, token.as_deref(), &input).await? {
                return Ok(Response::new(response));
            }
        }
        Err(ApiError::Limit("the game is changing too fast; try again".into()).into())
    }

    type WatchGameStream = WatchStream;

    async fn watch_game(
        &self,
        req: Request<pb::WatchGameRequest>,
    ) -> Result<Response<WatchStream>, Status> {
        Span::current()
            .record("game_id", req.get_ref().game_id.as_str())
            .record("from", req.get_ref().from_version);
        let token = auth::bearer(req.metadata())?;
        let caller = req.extensions().get::<Caller>().cloned();
        let connection = req.extensions().get::<Connection>().cloned();
        let req = req.into_inner();
        // Subscribe before the first read so no change slips between the two.
        validate::game_id(&req.game_id)?;
        let mut changes = self
            .store
            .subscribe(&req.game_id)
            .await
            .map_err(ApiError::from)?;
        let (record, _, _) = self.open(&req.game_id).await?;
        let viewer = auth::viewer(&record, token.as_deref())?;
        Span::current().record("seat", field::debug(viewer.seat()));
        if req.from_version > record.version {
            return Err(ApiError::invalid(
                "from_version",
                format!("the game is at version {}", record.version),
            )
            .into());
        }
        // Held by the task below: the place is free again whenever the stream ends.
        let slot = self.streams.take(caller.as_ref())?;
        let (outbox, reader) = Outbox::new();
        let api = self.clone();
        let id = record.id.clone();
        // What was sent: events through `sent`, and the revision (seat changes count too).
        let mut sent = req.from_version;
        let mut sent_revision = None;
        // The stream's reads belong to this call: children of its span, which stays open until
        // the stream ends.
        let span = Span::current();
        let stream = async move {
            let _slot = slot;
            let drain = api.watch_drain;
            let mut first = true;
            // Sent a chunk of a backlog and more follows: no need to wait for a change.
            let mut behind = false;
            loop {
                if !first && !behind {
                    let mut shutdown = api.shutdown.clone();
                    let stopping = async move {
                        // The guard `wait_for` returns is not Send: drop it inside this block.
                        let _ = shutdown.wait_for(|down| *down).await;
                    };
                    tokio::select! {
                        _ = outbox.reader_gone() => return,
                        _ = stopping => {
                            outbox.finish(Some(Status::unavailable("server shutting down; watch again to resume")));
                            return;
                        }
                        r = changes.recv() => {
                            if matches!(r, Err(tokio::sync::broadcast::error::RecvError::Closed)) {
                                changes = match api.store.subscribe(&id).await { Ok(c) => c, Err(_) => return };
                            }
                        }
                        _ = tokio::time::sleep(api.watch_poll) => {}
                    }
                    // Idle polls read the revision only, not the whole game.
                    match api.store.revision(&id).await {
                        Ok(now) if now == sent_revision => continue,
                        Ok(_) => {}
                        Err(e) => {
                            outbox.finish(Some(ApiError::from(e).into()));
                            return;
                        }
                    }
                }
                let first_message = first;
                first = false;
                // Something to send: built only once the reader asks for it, so a reader that
                // does not read costs no message. One that has not asked within the drain time
                // is closed.
                match outbox.wanted(drain).await {
                    Ok(()) => {}
                    Err(Undelivered::ReaderGone) => return,
                    Err(Undelivered::Stalled) => {
                        close_stalled(&outbox, connection.as_ref(), drain).await;
                        return;
                    }
                }
                let update = async {
                    let _building = api
                        .watch_builds
                        .acquire()
                        .await
                        .map_err(|_| ApiError::Internal("watch builds closed".into()))?;
                    let (record, kind, session) = api.open(&id).await?;
                    if sent_revision == Some(record.revision) && !behind {
                        return Ok::<_, ApiError>(None);
                    }
                    let mut events = if first_message && sent == 0 {
                        present::opening_events(kind, &record, viewer)?
                    } else {
                        Vec::new()
                    };
                    // A watcher far behind gets its backlog a chunk at a time, so no message
                    // grows with the game's length (each carries the current view).
                    let through = record.version.min(sent + WATCH_CHUNK_VERSIONS);
                    let entries = api.store.log(&id, sent, through).await?;
                    events.extend(present::events(kind, &entries, viewer)?);
                    let view = api.view(&record, kind, session.as_ref(), viewer);
                    let msg = pb::WatchGameResponse {
                        events,
                        view: Some(view),
                    };
                    let caught_up = through == record.version;
                    // Behind still: the revision is not yet sent, so the next round goes on.
                    let revision = caught_up.then_some(record.revision);
                    Ok(Some((
                        through,
                        revision,
                        caught_up && record.status == GameStatus::Finished,
                        msg,
                    )))
                }
                .await;
                match update {
                    Ok(Some((version, revision, finished, msg))) => {
                        sent = version;
                        behind = revision.is_none();
                        sent_revision = revision.or(sent_revision);
                        outbox.send(msg);
                        if finished {
                            outbox.finish(None);
                            return;
                        }
                    }
                    Ok(None) => {}
                    Err(e) => {
                        outbox.finish(Some(e.into()));
                        return;
                    }
                }
            }
        };
        tokio::spawn(stream.instrument(span));
        Ok(Response::new(Box::pin(reader)))
    }

    async fn get_history(
        &self,
        req: Request<pb::GetHistoryRequest>,
    ) -> Result<Response<pb::GetHistoryResponse>, Status> {
        Span::current().record("game_id", req.get_ref().game_id.as_str());
        let token = auth::bearer(req.metadata())?;
        let req = req.into_inner();
        let (record, kind, _) = self.open(&req.game_id).await?;
        let viewer = auth::viewer(&record, token.as_deref())?;
        Span::current().record("seat", field::debug(viewer.seat()));
        let page = match req.page_size as u64 {
            0 => MAX_HISTORY_PAGE,
            n => n.min(MAX_HISTORY_PAGE),
        };
        let from = req.from_version.min(record.version);
        let through = (from + page).min(record.version);
        let entries = self
            .store
            .log(&record.id, from, through)
            .await
            .map_err(ApiError::from)?;
        let mut events = if req.from_version == 0 {
            present::opening_events(kind, &record, viewer)?
        } else {
            Vec::new()
        };
        events.extend(present::events(kind, &entries, viewer)?);
        Ok(Response::new(pb::GetHistoryResponse {
            events,
            through_version: through,
            current_version: record.version,
        }))
    }

    async fn get_replay_view(
        &self,
        req: Request<pb::GetReplayViewRequest>,
    ) -> Result<Response<pb::GetReplayViewResponse>, Status> {
        Span::current()
            .record("game_id", req.get_ref().game_id.as_str())
            .record("version", req.get_ref().version);
        let token = auth::bearer(req.metadata())?;
        let req = req.into_inner();
        let (record, kind, _) = self.open(&req.game_id).await?;
        let viewer = auth::viewer(&record, token.as_deref())?;
        Span::current().record("seat", field::debug(viewer.seat()));
        if req.version > record.version {
            return Err(ApiError::invalid(
                "version",
                format!("the game is at version {}", record.version),
            )
            .into());
        }
        let session = self.replay(&record, kind, req.version).await?;
        let view = present::view(
            &record,
            session.as_ref(),
            req.version,
            viewer,
            kind.rules_version(),
        );
        Ok(Response::new(pb::GetReplayViewResponse {
            view: Some(view),
        }))
    }

    async fn list_games(
        &self,
        req: Request<pb::ListGamesRequest>,
    ) -> Result<Response<pb::ListGamesResponse>, Status> {
        let key = self.access.keys.of_request(req.metadata())?;
        let req = req.into_inner();
        if !req.game_type.is_empty() {
            self.kind(&req.game_type)?;
        }
        let limit = validate::page_size(req.page_size, DEFAULT_PAGE, MAX_PAGE);
        validate::page_token(&req.page_token)?;
        // Unlisted games are reachable by id only, unless a backend may list everything.
        let everything = key.as_ref().is_some_and(|k| k.allows(Scope::List));
        let filter = ListFilter {
            game_type: (!req.game_type.is_empty()).then_some(req.game_type.as_str()),
            status: status_filter(req.status)?,
            listed_only: !everything,
            page_token: (!req.page_token.is_empty()).then_some(req.page_token.as_str()),
            limit,
        };
        let (records, next) = self.store.list(filter).await.map_err(ApiError::from)?;
        let mut games = Vec::with_capacity(records.len());
        for record in &records {
            let to_act = match self.games.get(&record.game_type) {
                Some(kind) => kind
                    .restore(&record.state)
                    .map(|s| s.to_act())
                    .unwrap_or_default(),
                None => Vec::new(),
            };
            games.push(present::summary(record, &to_act));
        }
        Ok(Response::new(pb::ListGamesResponse {
            games,
            next_page_token: next.unwrap_or_default(),
        }))
    }

    async fn delete_game(
        &self,
        req: Request<pb::DeleteGameRequest>,
    ) -> Result<Response<pb::DeleteGameResponse>, Status> {
        Span::current().record("game_id", req.get_ref().game_id.as_str());
        let key = self.access.keys.of_request(req.metadata())?;
        let token = auth::bearer(req.metadata())?;
        let id = &req.get_ref().game_id;
        validate::game_id(id)?;
        let may_delete_any = match &key {
            Some(k) if token.is_none() => {
                k.require(Scope::Delete, "deleting a game with an API key")?;
                true
            }
            _ => false,
        };
        let record = self.load(id).await?;
        if let Some(campaign) = record.campaign {
            return Err(ApiError::CampaignPlay {
                game: record.id,
                campaign,
            }
            .into());
        }
        if !may_delete_any {
            let token = token.ok_or_else(|| {
                ApiError::Unauthenticated(
                    "deleting a game needs its creator token (authorization: Bearer <token>) or an API key with the `delete` scope".into(),
                )
            })?;
            auth::creator(&record, &token)?;
        }
        // The creator never changes, so the check above still holds; a delete that lost a race
        // with another delete (or the game's expiry) finds nothing.
        if !self.store.delete(id).await.map_err(ApiError::from)? {
            return Err(ApiError::GameNotFound(id.clone()).into());
        }
        tracing::info!("game deleted");
        Ok(Response::new(pb::DeleteGameResponse {}))
    }
}
