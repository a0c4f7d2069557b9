//! Seat management, the same for every game: a seat resigns, a backend hands a seat to the
//! server's bot and back, or gives it a new token. Each change is a log entry of its own (so
//! history, replays and watchers see it in order) written with compare-and-swap like a move;
//! the bots answer in the same write when the change leaves a bot seat to act.
//!
//! What resigning means is decided here for every game alike, since no rulebook of ours has a
//! rule for it: a game of one or two seats ends at once (the other seat wins; alone, the game
//! is lost); with more seats the server's bot plays the resigned seat and the game goes on,
//! as a team game (Claim's four-player mode) needs its partner's seat played to the end.

use super::bot_moves::{self, Played, run_bots};
use super::changes::FeedCodec;
use super::commit::{Opened, Plan, Written};
use super::transition::{self, Before, Kind, Transition};
use super::view::{Credential, Event, GameView};
use super::{Engine, acting, present, tokens, turn_clock};
use crate::bots;
use crate::error::ApiError;
use crate::store::Store;
use crate::store::record::{GameStatus, LogEntry, Occupant, SeatChange, SeatRecord, TimeoutPolicy};
use tablero_rules::{Seat, Viewer};

/// Who asks for a change, and so which seat it is for.
pub enum Requester {
    /// A seat's token (it may name its seat, which must then be its own).
    Token { token: String, seat: Option<u32> },
    /// A backend's API key (with the `seats` scope), naming the seat.
    Backend { seat: u32 },
    /// The turn clock: the seat's deadline passed by `now` (checked again on the game read).
    Clock { seat: u32, now: i64 },
}

/// A change of one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Resign,
    /// The server's bot (of this kind, at this level) plays the seat from now on.
    ToBot(String, u32),
    /// A person plays the seat again (with its old token, or a new one if it never had one).
    ToHuman,
    /// A new token; the old one stops working.
    ReissueToken,
    /// The seat's time ran out: the game's timeout policy applies.
    TimeOut,
}

/// A seat changed: the caller's view after it, the events since, and a new token if one was
/// issued.
pub struct Changed {
    pub view: GameView,
    pub events: Vec<Event>,
    pub credential: Option<Credential>,
    /// The seats after the change (for revealing player refs to a backend).
    pub seats: Vec<SeatRecord>,
}

/// The change applied to `seat` of `seats` (logged at `version`): what it logs, and a new
/// token when one is issued.
fn apply(
    seats: &mut [SeatRecord],
    seat: Seat,
    change: &Change,
    version: u64,
    policy: Option<TimeoutPolicy>,
) -> Result<(SeatChange, Option<String>), ApiError> {
    let many = seats.len() > 2;
    let s = &mut seats[seat];
    let refuse = |why: &str| Err(ApiError::SeatState(format!("seat {seat} {why}")));
    // A resignation: in a game of more than two seats the bot plays on for the seat.
    let resign = |s: &mut SeatRecord| {
        s.resigned_at = Some(version);
        if many {
            s.occupant = Occupant::Bot;
            s.bot = bots::RANDOM.to_string();
            s.bot_level = 1;
        }
    };
    match change {
        Change::TimeOut => {
            if policy == Some(TimeoutPolicy::Resign) {
                resign(s);
            }
            Ok((SeatChange::TimedOut, None))
        }
        Change::Resign => {
            if s.resigned_at.is_some() {
                return refuse("has resigned already");
            }
            if s.occupant != Occupant::Human {
                return refuse("is not a person's seat: only a person resigns");
            }
            resign(s);
            Ok((SeatChange::Resigned, None))
        }
        Change::ToBot(kind, level) => {
            if s.occupant != Occupant::Human {
                return refuse("is not a person's seat: only a person's seat is handed to a bot");
            }
            s.occupant = Occupant::Bot;
            s.bot = kind.clone();
            s.bot_level = *level;
            Ok((SeatChange::ReplacedByBot, None))
        }
        Change::ToHuman => {
            if s.occupant != Occupant::Bot {
                return refuse("is not played by a bot");
            }
            if s.resigned_at.is_some() {
                return refuse("resigned: it stays with the bot");
            }
            s.occupant = Occupant::Human;
            s.bot = String::new();
            let token = match s.token_hash {
                Some(_) => None,
                None => {
                    let (token, hash) = tokens::new_token()?;
                    s.token_hash = Some(hash);
                    Some(token)
                }
            };
            Ok((SeatChange::ReturnedToHuman, token))
        }
        Change::ReissueToken => {
            if s.token_hash.is_none() {
                return refuse("has no token to replace (an open seat, or a bot's from the start)");
            }
            let (token, hash) = tokens::new_token()?;
            s.token_hash = Some(hash);
            Ok((SeatChange::TokenReissued, Some(token)))
        }
    }
}

/// What a planned seat change answers once stored.
struct Answer {
    seat: Seat,
    viewer: Viewer,
    token: Option<String>,
}

impl<S: Store> Engine<S> {
    /// Applies `change` to the requester's seat of game `game_id`, with the bots' answers, in
    /// one compare-and-swap write (retried on a lost swap).
    pub async fn change_seat(
        &self,
        game_id: &str,
        requester: &Requester,
        change: Change,
    ) -> Result<Changed, ApiError> {
        let feed = self.feed.clone();
        let written = self
            .write(
                game_id,
                false,
                |_| None,
                |opened| plan(opened, requester, &change, feed.as_deref()),
            )
            .await?;
        let (game, answer) = match written {
            Written::Stored(game, answer) => (game, answer),
            Written::Answered(never) => match never {},
            Written::Duplicate(_) => {
                return Err(ApiError::Internal(
                    "a seat change has no idempotency key".into(),
                ));
            }
        };
        let kind = self.kind_of(&game.record)?;
        let record = &game.record;
        let entries = game
            .last_write
            .as_ref()
            .map(|(_, entries)| entries.as_slice())
            .unwrap_or_default();
        Ok(Changed {
            view: self.view(record, game.session.as_ref(), answer.viewer),
            events: present::events(kind, entries, answer.viewer)?,
            credential: answer.token.map(|token| Credential {
                seat: answer.seat,
                token,
            }),
            seats: record.seats.clone(),
        })
    }
}

/// A seat change on the game as read: who asks decides the seat; the change is logged with
/// the seat as it was, then the timed-out seat's move (by its timeout policy) and the bots'
/// answers follow, unless a resignation ended the game.
fn plan(
    opened: Opened<'_>,
    requester: &Requester,
    change: &Change,
    feed: Option<&dyn FeedCodec>,
) -> Result<Plan<Answer, std::convert::Infallible>, ApiError> {
    let Opened {
        mut record,
        mut session,
        ..
    } = opened;
    let game_id = record.id.clone();
    if let Some(campaign) = &record.campaign {
        return Err(ApiError::SeatState(format!(
            "game {game_id} is a play of campaign {campaign}: its seats follow the campaign"
        )));
    }
    let (seat, viewer) = match requester {
        Requester::Token { token, seat } => {
            let own = tokens::acting_seat(&record, Some(token))?;
            if seat.is_some_and(|s| s as usize != own) {
                return Err(ApiError::PermissionDenied(format!(
                    "this token is seat {own}'s; it cannot change seat {}",
                    seat.unwrap_or_default()
                )));
            }
            (own, Viewer::Seat(own))
        }
        Requester::Backend { seat } => {
            if *seat as usize >= record.seats.len() {
                return Err(ApiError::invalid("seat", format!("no seat {seat}")));
            }
            (*seat as usize, Viewer::Spectator)
        }
        Requester::Clock { seat, now } => {
            let due = record
                .clock
                .as_ref()
                .is_some_and(|c| turn_clock::due(c, *now).contains(&(*seat as usize)));
            if !due || record.status == GameStatus::Finished {
                return Err(ApiError::SeatState(format!(
                    "seat {seat}'s deadline has not passed (it moved, or another replica enforced it)"
                )));
            }
            (*seat as usize, Viewer::Spectator)
        }
    };
    if record.status == GameStatus::Finished {
        return Err(ApiError::GameOver(format!("game {game_id} is over")));
    }
    let before = Before::of(&record, session.as_ref());
    let policy = record.clock.as_ref().map(|c| c.on_timeout);
    let version = record.version + 1;
    let seat_before = record.seats[seat].clone();
    let (logged, token) = apply(&mut record.seats, seat, change, version, policy)?;
    let mut entries = vec![LogEntry::seat_change(
        version,
        seat,
        logged,
        Some(seat_before),
    )];
    let ended = acting::forfeit(&record.seats, version).is_some();
    // The bot decides for a seat that timed out and stays the person's.
    let bot_decides = *change == Change::TimeOut && policy == Some(TimeoutPolicy::BotMoves);
    if bot_decides {
        let v = version + 1;
        // A person's timed-out decision: the random bot, as before levels.
        let level = bots::RANDOM_LEVEL;
        let applied = bot_moves::play(session.as_mut(), seat, level, record.setup.seed, v)?;
        entries.push(Played::new(v, seat, applied).entry);
    }
    if !ended {
        let last = record.version + entries.len() as u64;
        entries.extend(
            run_bots(session.as_mut(), &record.seats, record.setup.seed, last)?
                .into_iter()
                .map(|played| played.entry),
        );
    }
    let acted: &[Seat] = if bot_decides { &[seat] } else { &[] };
    let next = transition::advance(record, session.as_ref(), entries.len(), &before, acted);
    let t = Transition::new(Kind::Update(before), next, session, entries, true, feed);
    Ok(Plan::Write(
        Box::new(t),
        Answer {
            seat,
            viewer,
            token,
        },
    ))
}
