//! The engine's answers as the wire's messages, and the game-neutral parts of requests as the
//! engine's values. Each conversion destructures what it converts, so a field added on one
//! side and forgotten on the other does not compile; a game's own values go through its
//! mapping ([`super::games::Wire`]).

use super::games::{Wire, Wires};
use crate::engine::host::Listed;
use crate::engine::view::{
    CampaignSummary, CampaignView, ClockView, Created, Credential, Event, GameSummary, GameView,
    Hint, History, LegalActions, Play, SeatClock, SeatView, Update,
};
use crate::error::ApiError;
use crate::store::record::{
    GameStatus, Occupant, SeatChange, SetupKind, TimeControl, TimeoutPolicy,
};
use tablero_proto::v1 as pb;
use tablero_rules::Outcome;

const MAX_SECONDS: u32 = 30 * 86_400;
const MAX_INCREMENT_SECONDS: u32 = 86_400;
const MAX_DAYS: u32 = 30;

/// A request's time control, bounded; `None` when unset.
pub fn time_control(
    tc: Option<&pb::TimeControl>,
) -> Result<Option<(TimeControl, TimeoutPolicy)>, ApiError> {
    let Some(pb::TimeControl {
        control,
        on_timeout,
    }) = tc
    else {
        return Ok(None);
    };
    let within = |field: &'static str, v: u32, lo: u32, hi: u32| {
        if (lo..=hi).contains(&v) {
            Ok(v as i64)
        } else {
            Err(ApiError::invalid(field, format!("give {lo} to {hi}")))
        }
    };
    let control = match control {
        Some(pb::time_control::Control::PerMove(pb::PerMoveTimeControl { seconds })) => {
            TimeControl::PerMove {
                ms: within("time_control.per_move.seconds", *seconds, 1, MAX_SECONDS)? * 1000,
            }
        }
        Some(pb::time_control::Control::ChessClock(pb::ChessClockTimeControl {
            initial_seconds,
            increment_seconds,
        })) => TimeControl::ChessClock {
            initial_ms: within(
                "time_control.chess_clock.initial_seconds",
                *initial_seconds,
                1,
                MAX_SECONDS,
            )? * 1000,
            increment_ms: within(
                "time_control.chess_clock.increment_seconds",
                *increment_seconds,
                0,
                MAX_INCREMENT_SECONDS,
            )? * 1000,
        },
        Some(pb::time_control::Control::Daily(pb::DailyTimeControl { days })) => {
            TimeControl::Daily {
                days: within("time_control.daily.days", *days, 1, MAX_DAYS)? as u32,
            }
        }
        None => {
            return Err(ApiError::invalid(
                "time_control",
                "name a control: per_move, chess_clock or daily",
            ));
        }
    };
    let policy = match pb::TimeoutPolicy::try_from(*on_timeout) {
        Ok(pb::TimeoutPolicy::Unspecified | pb::TimeoutPolicy::BotMoves) => TimeoutPolicy::BotMoves,
        Ok(pb::TimeoutPolicy::Resign) => TimeoutPolicy::Resign,
        Err(_) => {
            return Err(ApiError::invalid(
                "time_control.on_timeout",
                format!("unknown policy {on_timeout}"),
            ));
        }
    };
    Ok(Some((control, policy)))
}

pub fn status(s: GameStatus) -> pb::GameStatus {
    match s {
        GameStatus::Active => pb::GameStatus::Active,
        GameStatus::Finished => pb::GameStatus::Finished,
    }
}

pub fn occupant(o: Occupant) -> pb::Occupant {
    match o {
        Occupant::Human => pb::Occupant::Human,
        Occupant::Bot => pb::Occupant::Bot,
        Occupant::Open => pb::Occupant::Open,
    }
}

fn setup(s: SetupKind) -> pb::SetupKind {
    match s {
        SetupKind::Random => pb::SetupKind::Random,
        SetupKind::ChosenSeed => pb::SetupKind::ChosenSeed,
        SetupKind::Scenario => pb::SetupKind::Scenario,
    }
}

pub fn seat_change_kind(change: SeatChange) -> pb::SeatChangeKind {
    match change {
        SeatChange::Resigned => pb::SeatChangeKind::Resigned,
        SeatChange::ReplacedByBot => pb::SeatChangeKind::ReplacedByBot,
        SeatChange::ReturnedToHuman => pb::SeatChangeKind::ReturnedToHuman,
        SeatChange::TokenReissued => pb::SeatChangeKind::TokenReissued,
        SeatChange::TimedOut => pb::SeatChangeKind::TimedOut,
    }
}

pub fn outcome(o: &Outcome) -> pb::Outcome {
    let Outcome {
        places,
        winners,
        draw,
        reason,
    } = o;
    pb::Outcome {
        places: places.clone(),
        winners: winners.iter().map(|s| *s as u32).collect(),
        draw: *draw,
        reason: reason.clone(),
    }
}

pub fn seat(s: SeatView) -> pb::SeatInfo {
    let SeatView {
        seat,
        occupant: o,
        name,
        bot,
        bot_level,
        to_act,
        resigned,
        player_ref,
    } = s;
    pb::SeatInfo {
        seat: seat as u32,
        occupant: occupant(o) as i32,
        name,
        bot,
        bot_level,
        to_act,
        resigned,
        player_ref,
    }
}

fn clock(c: ClockView) -> pb::GameClock {
    let ClockView {
        control,
        on_timeout,
        seats,
        next_deadline_ms,
        now_ms,
    } = c;
    let control = match control {
        TimeControl::PerMove { ms } => pb::time_control::Control::PerMove(pb::PerMoveTimeControl {
            seconds: (ms / 1000) as u32,
        }),
        TimeControl::ChessClock {
            initial_ms,
            increment_ms,
        } => pb::time_control::Control::ChessClock(pb::ChessClockTimeControl {
            initial_seconds: (initial_ms / 1000) as u32,
            increment_seconds: (increment_ms / 1000) as u32,
        }),
        TimeControl::Daily { days } => {
            pb::time_control::Control::Daily(pb::DailyTimeControl { days })
        }
    };
    let on_timeout = match on_timeout {
        TimeoutPolicy::BotMoves => pb::TimeoutPolicy::BotMoves,
        TimeoutPolicy::Resign => pb::TimeoutPolicy::Resign,
    } as i32;
    pb::GameClock {
        control: Some(pb::TimeControl {
            control: Some(control),
            on_timeout,
        }),
        seats: seats
            .into_iter()
            .map(|s| {
                let SeatClock {
                    seat,
                    deadline_ms,
                    remaining_ms,
                } = s;
                pb::SeatClock {
                    seat: seat as u32,
                    deadline_unix_ms: deadline_ms.unwrap_or(0),
                    remaining_ms,
                }
            })
            .collect(),
        next_deadline_unix_ms: next_deadline_ms.unwrap_or(0),
        now_unix_ms: now_ms,
    }
}

/// A game's own value that its mapping does not know: the engine and the wire disagree about
/// the game's types, which is this server's fault.
fn foreign(what: &str, game_type: &str) -> ApiError {
    ApiError::Internal(format!("a {what} that is no {game_type} {what}"))
}

/// The mapping of the game a view or event belongs to.
fn wire<'a>(wires: &'a Wires, game_type: &str) -> Result<&'a dyn Wire, ApiError> {
    wires
        .get(game_type)
        .ok_or_else(|| ApiError::Storage(format!("game type `{game_type}` is not hosted")))
}

/// A value's typed message: `None` for a game without messages of its own, an error when the
/// value is not the game's.
fn typed<T>(
    w: &dyn Wire,
    message: impl FnOnce() -> Option<T>,
    what: &str,
    game_type: &str,
) -> Result<Option<T>, ApiError> {
    if !w.typed() {
        return Ok(None);
    }
    message().map(Some).ok_or_else(|| foreign(what, game_type))
}

pub fn listed(w: &dyn Wire, game_type: &str, l: &Listed) -> Result<pb::LegalAction, ApiError> {
    let Listed { id, label, action } = l;
    Ok(pb::LegalAction {
        id: id.clone(),
        action: typed(w, || w.action_to_proto(action), "action", game_type)?,
        label: label.clone(),
    })
}

pub fn view(wires: &Wires, v: GameView) -> Result<pb::GameView, ApiError> {
    let GameView {
        game_id,
        game_type,
        version,
        status: s,
        seats,
        to_act,
        viewer_seat,
        outcome: o,
        rules_version,
        legal_actions,
        setup: kind,
        listed: is_listed,
        clock: c,
        game,
    } = v;
    let w = wire(wires, &game_type)?;
    let legal_actions = legal_actions
        .iter()
        .map(|l| listed(w, &game_type, l))
        .collect::<Result<_, _>>()?;
    let game = typed(w, || w.view_to_proto(game), "view", &game_type)?;
    Ok(pb::GameView {
        game_id,
        version,
        status: status(s) as i32,
        seats: seats.into_iter().map(seat).collect(),
        to_act: to_act.into_iter().map(|s| s as u32).collect(),
        viewer_seat: viewer_seat.map(|s| s as u32),
        outcome: o.as_ref().map(outcome),
        rules_version,
        legal_actions,
        setup: setup(kind) as i32,
        listed: is_listed,
        clock: c.map(clock),
        game,
        game_type,
    })
}

pub fn event(w: &dyn Wire, game_type: &str, e: Event) -> Result<pb::Event, ApiError> {
    let Event {
        version,
        actor,
        summary,
        seat_change,
        game,
    } = e;
    Ok(pb::Event {
        version,
        actor: actor.map(|s| s as u32),
        summary,
        seat_change: seat_change.map(|c| pb::SeatChange {
            seat: actor.map_or(0, |s| s as u32),
            kind: seat_change_kind(c) as i32,
        }),
        game: match game {
            Some(g) => typed(w, || w.event_to_proto(g), "event", game_type)?,
            None => None,
        },
    })
}

pub fn events(wires: &Wires, game_type: &str, es: Vec<Event>) -> Result<Vec<pb::Event>, ApiError> {
    let w = wire(wires, game_type)?;
    es.into_iter().map(|e| event(w, game_type, e)).collect()
}

/// A write's update as the seat that made it, or a watcher, receives it.
pub fn update(wires: &Wires, u: Update) -> Result<pb::WatchGameResponse, ApiError> {
    let Update {
        events: es,
        view: v,
    } = u;
    let events = events(wires, &v.game_type, es)?;
    Ok(pb::WatchGameResponse {
        events,
        view: Some(view(wires, v)?),
    })
}

pub fn credential(c: Credential) -> pb::SeatCredential {
    let Credential { seat, token } = c;
    pb::SeatCredential {
        seat: seat as u32,
        token,
    }
}

pub fn legal_actions(
    wires: &Wires,
    game_type: &str,
    l: LegalActions,
) -> Result<pb::ListLegalActionsResponse, ApiError> {
    let LegalActions {
        version,
        seat,
        actions,
    } = l;
    let w = wire(wires, game_type)?;
    Ok(pb::ListLegalActionsResponse {
        version,
        seat: seat.map(|s| s as u32),
        actions: actions
            .iter()
            .map(|a| listed(w, game_type, a))
            .collect::<Result<_, _>>()?,
    })
}

pub fn hint(wires: &Wires, game_type: &str, h: Hint) -> Result<pb::GetHintResponse, ApiError> {
    let Hint {
        version,
        seat,
        action,
        iterations,
    } = h;
    Ok(pb::GetHintResponse {
        version,
        seat: seat as u32,
        action: Some(listed(wire(wires, game_type)?, game_type, &action)?),
        iterations,
    })
}

pub fn history(
    wires: &Wires,
    game_type: &str,
    h: History,
) -> Result<pb::GetHistoryResponse, ApiError> {
    let History {
        events: es,
        through_version,
        current_version,
    } = h;
    Ok(pb::GetHistoryResponse {
        events: events(wires, game_type, es)?,
        through_version,
        current_version,
    })
}

pub fn summary(s: GameSummary) -> pb::GameSummary {
    let GameSummary {
        game_id,
        game_type,
        status: st,
        version,
        seats,
        created_at_ms,
        setup: kind,
        listed,
    } = s;
    pb::GameSummary {
        game_id,
        game_type,
        status: status(st) as i32,
        version,
        seats: seats.into_iter().map(seat).collect(),
        created_at_unix_ms: created_at_ms,
        setup: setup(kind) as i32,
        listed,
    }
}

pub fn created(wires: &Wires, c: Created) -> Result<pb::CreateGameResponse, ApiError> {
    let Created {
        game_id,
        credentials,
        creator_token,
        view: v,
    } = c;
    Ok(pb::CreateGameResponse {
        game_id,
        credentials: credentials.into_iter().map(credential).collect(),
        view: Some(view(wires, v)?),
        creator_token: creator_token.unwrap_or_default(),
    })
}

pub fn campaign(wires: &Wires, c: CampaignView) -> Result<pb::CampaignView, ApiError> {
    let CampaignView {
        campaign_id,
        game_type,
        name,
        plays,
        current_game_id,
        over,
        created_at_ms,
        game,
    } = c;
    let game = wire(wires, &game_type)?
        .campaign_view_to_proto(game)
        .ok_or_else(|| foreign("campaign view", &game_type))?;
    Ok(pb::CampaignView {
        campaign_id,
        name,
        plays: plays
            .into_iter()
            .map(|(game_id, folded)| pb::CampaignPlay { game_id, folded })
            .collect(),
        current_game_id: current_game_id.unwrap_or_default(),
        over,
        created_at_unix_ms: created_at_ms,
        game: Some(game),
        game_type,
    })
}

pub fn campaign_summary(c: CampaignSummary) -> pb::CampaignSummary {
    let CampaignSummary {
        campaign_id,
        game_type,
        name,
        plays,
        over,
        created_at_ms,
    } = c;
    pb::CampaignSummary {
        campaign_id,
        game_type,
        name,
        plays: plays as u32,
        over,
        created_at_unix_ms: created_at_ms,
    }
}

pub fn play(wires: &Wires, p: Play) -> Result<pb::StartCampaignGameResponse, ApiError> {
    let Play {
        game_id,
        credentials,
        view: v,
        campaign: c,
    } = p;
    Ok(pb::StartCampaignGameResponse {
        game_id,
        credentials: credentials.into_iter().map(credential).collect(),
        view: Some(view(wires, v)?),
        campaign: Some(campaign(wires, c)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_bounded() {
        let per_move = |seconds| pb::TimeControl {
            control: Some(pb::time_control::Control::PerMove(pb::PerMoveTimeControl {
                seconds,
            })),
            on_timeout: 0,
        };
        assert!(time_control(Some(&per_move(0))).is_err());
        assert!(time_control(Some(&per_move(MAX_SECONDS + 1))).is_err());
        assert_eq!(
            time_control(Some(&per_move(30))).unwrap(),
            Some((TimeControl::PerMove { ms: 30_000 }, TimeoutPolicy::BotMoves))
        );
        let no_control = pb::TimeControl {
            control: None,
            on_timeout: 0,
        };
        assert!(time_control(Some(&no_control)).is_err());
        let bad_policy = pb::TimeControl {
            on_timeout: 9,
            ..per_move(30)
        };
        assert!(time_control(Some(&bad_policy)).is_err());
        assert_eq!(time_control(None).unwrap(), None);
    }
}
