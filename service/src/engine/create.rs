//! New games and seats: seat tokens for the humans, the opening bot moves, the first write; and
//! joining an open seat.

use super::bot_moves::run_bots;
use super::commit::Stored;
use super::transition::{Kind, Transition};
use super::view::{Credential, GameView};
use super::{Engine, acting, tokens, turn_clock};
use crate::engine::host::{GameKind, NewGame, Session};
use crate::error::ApiError;
use crate::store::Store;
use crate::store::clock::now_ms;
use crate::store::record::{
    GameRecord, LogEntry, Occupant, SNAPSHOT_FORMAT, SeatRecord, TimeControl, TimeoutPolicy,
};
use tablero_rules::{Seat, Viewer};
use tracing::Span;

/// A game about to be stored: its record, the human seats' tokens, the creator's token (none
/// for a play of a campaign) and the spectator view.
pub struct CreatedGame {
    pub record: GameRecord,
    pub credentials: Vec<Credential>,
    pub creator_token: Option<String>,
    pub view: GameView,
}

/// A new game with its opening log entries (the bots' first moves).
pub struct NewGameRecord {
    pub game: CreatedGame,
    pub entries: Vec<LogEntry>,
    /// The live state, kept hot once the game is stored.
    pub session: Box<dyn Session>,
}

/// Where a new game goes: its type and id, the campaign it is a play of, and whether it is listed.
pub struct Placement {
    pub game_type: String,
    pub id: String,
    pub campaign: Option<String>,
    pub listed: bool,
    /// The turn clocks' control, for a timed game.
    pub time_control: Option<(TimeControl, TimeoutPolicy)>,
}

/// Who takes a seat: the display name, and the backend's id of the player (with whether
/// everybody may see it).
pub struct Joiner<'a> {
    pub name: &'a str,
    pub player_ref: Option<&'a str>,
    pub player_ref_public: bool,
}

/// A joined seat: its token and the joiner's view.
pub struct Joined {
    pub credential: Credential,
    pub view: GameView,
    /// The game's seats after the join.
    pub seats: Vec<SeatRecord>,
}

/// The given seed, or a fresh random one.
pub fn seed_or_random(seed: Option<u64>) -> Result<u64, ApiError> {
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

/// Fresh tokens for every human seat of `seats` (the old ones stop working).
pub(super) fn issue_seat_tokens(seats: &mut [SeatRecord]) -> Result<Vec<Credential>, ApiError> {
    let mut credentials = Vec::new();
    for (i, seat) in seats.iter_mut().enumerate() {
        if seat.occupant == Occupant::Human {
            let (token, hash) = tokens::new_token()?;
            seat.token_hash = Some(hash);
            credentials.push(Credential { seat: i, token });
        }
    }
    Ok(credentials)
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

impl<S: Store> Engine<S> {
    /// Issues the human seats' tokens (and the creator's, unless the game is a play of a
    /// campaign, which goes with its campaign) and plays the opening bot moves: a new game ready
    /// to store, with its opening log.
    pub fn new_game_record(
        &self,
        kind: &dyn GameKind,
        new: NewGame,
        seats: &mut [SeatRecord],
        placement: Placement,
    ) -> Result<NewGameRecord, ApiError> {
        let Placement {
            game_type,
            id,
            campaign,
            listed,
            time_control,
        } = placement;
        let mut session = new.session;
        let credentials = issue_seat_tokens(seats)?;
        let creator = match campaign {
            None => Some(tokens::new_token()?),
            Some(_) => None,
        };
        let entries: Vec<LogEntry> = run_bots(session.as_mut(), seats, new.setup.seed, 0)?
            .into_iter()
            .map(|played| played.entry)
            .collect();
        let now = now_ms();
        let mut record = GameRecord {
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
            status: acting::status(seats, entries.len() as u64, session.as_ref()),
            state: session.snapshot(),
            campaign,
            creator_token_hash: creator.as_ref().map(|(_, hash)| hash.clone()),
            listed,
            updated_at_ms: now,
            clock: None,
        };
        if let Some((control, policy)) = time_control {
            let mut clock = turn_clock::new_clock(control, policy, record.seats.len());
            let on = acting::persons(&record.seats, &session.to_act());
            turn_clock::tick(&mut clock, &[], &on, &[], now);
            record.clock = Some(clock);
        }
        let view = self.view(&record, session.as_ref(), Viewer::Spectator);
        Ok(NewGameRecord {
            game: CreatedGame {
                record,
                credentials,
                creator_token: creator.map(|(token, _)| token),
                view,
            },
            entries,
            session,
        })
    }

    /// Creates and stores a game that is no campaign's play.
    pub async fn create_game(
        &self,
        kind: &dyn GameKind,
        new: NewGame,
        seats: &mut [SeatRecord],
        placement: Placement,
    ) -> Result<CreatedGame, ApiError> {
        let NewGameRecord {
            game,
            entries,
            session,
        } = self.new_game_record(kind, new, seats, placement)?;
        let t = Transition::new(
            Kind::Create,
            game.record.clone(),
            session,
            entries,
            true,
            self.feed.as_deref(),
        );
        match self.commit(t).await? {
            Stored::Written(_) => Ok(game),
            Stored::Conflict | Stored::Duplicate(_) => {
                Err(ApiError::Internal("a new game's id was taken".into()))
            }
        }
    }

    /// Seats `joiner` in an open seat (`seat`, or the lowest open one). A join is no move: the
    /// version stays, so nobody's expected version goes stale.
    pub async fn join(
        &self,
        game_id: &str,
        joiner: Joiner<'_>,
        seat: Option<u32>,
    ) -> Result<Joined, ApiError> {
        let feed = self.feed.clone();
        // Joins race with other joins and with moves: on a lost compare-and-swap the seat choice
        // is made again on the game as stored now.
        let (game, (seat, token)) = self
            .write_seats(game_id, feed.as_deref(), |record| {
                let seat = open_seat(record, seat)?;
                Span::current().record("seat", seat);
                let (token, hash) = tokens::new_token()?;
                record.seats[seat] = SeatRecord {
                    occupant: Occupant::Human,
                    name: joiner.name.to_string(),
                    bot: String::new(),
                    bot_level: 0,
                    token_hash: Some(hash),
                    player_ref: joiner.player_ref.map(str::to_string),
                    player_ref_public: joiner.player_ref_public,
                    resigned_at: None,
                    joined_at: Some(record.version),
                };
                Ok((seat, token))
            })
            .await?;
        let view = self.view(&game.record, game.session.as_ref(), Viewer::Seat(seat));
        Ok(Joined {
            credential: Credential { seat, token },
            view,
            seats: game.record.seats.clone(),
        })
    }
}
