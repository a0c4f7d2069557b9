//! Claim ↔ `claim.proto`.

use super::ProtoGame;
use super::bounds;
use crate::error::ApiError;

/// The free factions of a game (custom_2p: 3, three or four players: 5; R3).
const MAX_FREE_FACTIONS: usize = 5;
/// The most seats (four_player_teams).
const MAX_SEATS: u32 = 4;
/// The largest deck (three or four players).
const MAX_DECK: usize = 72;
/// CLM-MP1.1: at most two cards are turned up per trick.
const REVEALED_SLOTS: u32 = 2;
use tablero_proto::v1 as pb;
use tablero_rules::Game;
use tablero_rules::claim::{
    Card, Claim, ClaimAction, ClaimConfig, ClaimEvent, ClaimScenario, ClaimScore, ClaimView,
    Faction, FactionChoice, FirstLeader, Mode, Pair, PairChoice, Pending, Phase, PlayedCard,
    PlayerView,
};

use pb::claim_action::Kind as A;

const MODES: [Mode; 4] = [
    Mode::Base2p,
    Mode::Custom2p,
    Mode::ThreePlayer,
    Mode::FourPlayerTeams,
];
use pb::claim_event::Kind as E;

fn faction_to_proto(f: Faction) -> i32 {
    (match f {
        Faction::Gnomes => pb::ClaimFaction::Gnomes,
        Faction::Giants => pb::ClaimFaction::Giants,
        Faction::Dragons => pb::ClaimFaction::Dragons,
        Faction::Trolls => pb::ClaimFaction::Trolls,
        Faction::Seers => pb::ClaimFaction::Seers,
        Faction::Knights => pb::ClaimFaction::Knights,
        Faction::Goblins => pb::ClaimFaction::Goblins,
        Faction::Undead => pb::ClaimFaction::Undead,
        Faction::Dwarves => pb::ClaimFaction::Dwarves,
        Faction::Doppelgangers => pb::ClaimFaction::Doppelgangers,
    }) as i32
}

fn faction_from_proto(f: i32, field: &'static str) -> Result<Faction, ApiError> {
    Ok(match pb::ClaimFaction::try_from(f) {
        Ok(pb::ClaimFaction::Gnomes) => Faction::Gnomes,
        Ok(pb::ClaimFaction::Giants) => Faction::Giants,
        Ok(pb::ClaimFaction::Dragons) => Faction::Dragons,
        Ok(pb::ClaimFaction::Trolls) => Faction::Trolls,
        Ok(pb::ClaimFaction::Seers) => Faction::Seers,
        Ok(pb::ClaimFaction::Knights) => Faction::Knights,
        Ok(pb::ClaimFaction::Goblins) => Faction::Goblins,
        Ok(pb::ClaimFaction::Undead) => Faction::Undead,
        Ok(pb::ClaimFaction::Dwarves) => Faction::Dwarves,
        Ok(pb::ClaimFaction::Doppelgangers) => Faction::Doppelgangers,
        _ => return Err(ApiError::invalid(field, format!("unknown faction {f}"))),
    })
}

fn card_to_proto(c: &Card) -> pb::ClaimCard {
    pb::ClaimCard {
        faction: faction_to_proto(c.faction),
        value: c.value.into(),
        copy: c.copy.into(),
    }
}

fn cards(cs: &[Card]) -> Vec<pb::ClaimCard> {
    cs.iter().map(card_to_proto).collect()
}

fn card_from_proto(c: Option<&pb::ClaimCard>, field: &'static str) -> Result<Card, ApiError> {
    let c = c.ok_or_else(|| ApiError::invalid(field, "card missing"))?;
    let faction = faction_from_proto(c.faction, field)?;
    let value = u8::try_from(c.value).ok().filter(|v| *v <= 9);
    let copy = u8::try_from(c.copy).ok().filter(|v| (1..=14).contains(v));
    match (value, copy) {
        (Some(value), Some(copy)) => Ok(Card {
            faction,
            value,
            copy,
        }),
        _ => Err(ApiError::invalid(
            field,
            format!("no card {} {} copy {}", faction.id(), c.value, c.copy),
        )),
    }
}

fn mode_to_proto(m: Mode) -> i32 {
    (match m {
        Mode::Base2p => pb::ClaimMode::Base2p,
        Mode::Custom2p => pb::ClaimMode::Custom2p,
        Mode::ThreePlayer => pb::ClaimMode::ThreePlayer,
        Mode::FourPlayerTeams => pb::ClaimMode::FourPlayerTeams,
    }) as i32
}

fn pair_to_proto(p: Pair) -> i32 {
    (match p {
        Pair::Kg => pb::ClaimPair::KnightsGoblins,
        Pair::Gg => pb::ClaimPair::GnomesGiants,
    }) as i32
}

fn phase_to_proto(p: Phase) -> i32 {
    (match p {
        Phase::Recruiting => pb::ClaimPhase::Recruiting,
        Phase::Favour => pb::ClaimPhase::Favour,
        Phase::Finished => pb::ClaimPhase::Finished,
    }) as i32
}

fn u32s(xs: &[usize]) -> Vec<u32> {
    xs.iter().map(|x| *x as u32).collect()
}

fn options_to_proto(c: &ClaimConfig) -> pb::ClaimOptions {
    pb::ClaimOptions {
        mode: mode_to_proto(c.mode),
        pair: match c.pair {
            Some(PairChoice::Kg) => pb::ClaimPair::KnightsGoblins as i32,
            Some(PairChoice::Gg) => pb::ClaimPair::GnomesGiants as i32,
            _ => pb::ClaimPair::Unspecified as i32,
        },
        factions: match &c.factions {
            Some(FactionChoice::List(l)) => l.iter().map(|f| faction_to_proto(*f)).collect(),
            _ => Vec::new(),
        },
        first_leader: match c.first_leader {
            FirstLeader::Seat(s) => Some(s as u32),
            FirstLeader::Random => None,
        },
        random_first_leader: c.first_leader == FirstLeader::Random,
        auto_crush_2p: c.auto_crush_2p,
        troll_pool_needs_troll: c.troll_pool_needs_troll,
        knights_only_win: c.knights_only_win,
    }
}

fn score_to_proto(s: &ClaimScore) -> pb::ClaimScore {
    pb::ClaimScore {
        sides: s
            .sides
            .iter()
            .map(|seats| pb::claim_score::Side { seats: u32s(seats) })
            .collect(),
        votes: s
            .votes
            .iter()
            .map(|v| pb::ClaimFactionVote {
                faction: faction_to_proto(v.faction),
                counts: u32s(&v.counts),
                winner: v.winner.map(|w| w as u32),
                decided_by: v.decided_by.clone(),
            })
            .collect(),
        vote_totals: u32s(&s.vote_totals),
        cards_in_won: u32s(&s.cards_in_won),
        value_sums: s.value_sums.clone(),
        winning_sides: u32s(&s.winning_sides),
        decided_by: s.decided_by.clone(),
    }
}

fn played(cs: &[PlayedCard]) -> Vec<pb::ClaimPlayedCard> {
    cs.iter()
        .map(|p| pb::ClaimPlayedCard {
            seat: p.seat as u32,
            card: Some(card_to_proto(&p.card)),
        })
        .collect()
}

fn player_to_proto(p: &PlayerView) -> pb::ClaimPlayer {
    pb::ClaimPlayer {
        seat: p.seat as u32,
        team: p.team.map(u32::from),
        hand_size: p.hand_count as u32,
        hand: p.hand.as_deref().map(cards).unwrap_or_default(),
        hand_visible: p.hand.is_some(),
        follower_count: p.follower_count as u32,
        known_followers: cards(&p.known_followers),
        known_hand: cards(&p.known_hand),
        score_pile: cards(&p.score_pile),
        gnome_row: cards(&p.gnome_row),
    }
}

fn pending_to_proto(p: &Pending) -> pb::ClaimPending {
    use pb::claim_pending::Kind;
    let (kind, seat, victim) = match *p {
        Pending::PlayCard { seat } => (Kind::PlayCard, Some(seat), None),
        Pending::SeerSight { seat } => (Kind::SeerSight, Some(seat), None),
        Pending::SeerChoice { seat } => (Kind::SeerChoice, Some(seat), None),
        Pending::ChooseRevealed { seat } => (Kind::ChooseRevealed, Some(seat), None),
        Pending::ChooseRevealedAfterSeer { seat } => {
            (Kind::ChooseRevealedAfterSeer, Some(seat), None)
        }
        Pending::Crushing { seat, victim } => (Kind::Crushing, Some(seat), Some(victim)),
        Pending::None => (Kind::None, None, None),
    };
    pb::ClaimPending {
        kind: kind as i32,
        seat: seat.map(|s| s as u32),
        victim: victim.map(|s| s as u32),
    }
}

impl ProtoGame for Claim {
    fn info() -> pb::GameTypeInfo {
        pb::GameTypeInfo {
            game_type: Claim::NAME.to_string(),
            title: "Claim 2 (with the Claim 1 factions)".to_string(),
            rules_version: Claim::RULES_VERSION,
            modes: MODES
                .iter()
                .map(|m| pb::GameMode {
                    name: m.id().to_string(),
                    seats: m.players() as u32,
                })
                .collect(),
            bots: vec![crate::bots::RANDOM.to_string()],
        }
    }

    fn config_from_proto(
        options: Option<&pb::GameOptions>,
        mode_name: Option<&str>,
    ) -> Result<ClaimConfig, ApiError> {
        let o = match options.and_then(|o| o.game.as_ref()) {
            Some(pb::game_options::Game::Claim(o)) => o.clone(),
            None => pb::ClaimOptions::default(),
            Some(_) => return Err(ApiError::invalid("options", "these are not Claim options")),
        };
        let from_options = match pb::ClaimMode::try_from(o.mode) {
            Ok(pb::ClaimMode::Unspecified) => None,
            Ok(pb::ClaimMode::Base2p) => Some(Mode::Base2p),
            Ok(pb::ClaimMode::Custom2p) => Some(Mode::Custom2p),
            Ok(pb::ClaimMode::ThreePlayer) => Some(Mode::ThreePlayer),
            Ok(pb::ClaimMode::FourPlayerTeams) => Some(Mode::FourPlayerTeams),
            Err(_) => {
                return Err(ApiError::invalid(
                    "options.claim.mode",
                    format!("unknown mode {}", o.mode),
                ));
            }
        };
        let named = match mode_name {
            None => None,
            Some(name) => Some(MODES.into_iter().find(|m| m.id() == name).ok_or_else(|| {
                ApiError::invalid(
                    "mode",
                    format!("claim has no mode `{}`", crate::validate::truncate(name)),
                )
            })?),
        };
        let mode = match (named, from_options) {
            (Some(a), Some(b)) if a != b => {
                return Err(ApiError::invalid(
                    "mode",
                    format!(
                        "`{}` disagrees with options.claim.mode `{}`",
                        a.id(),
                        b.id()
                    ),
                ));
            }
            (Some(m), _) | (None, Some(m)) => m,
            (None, None) => Mode::Base2p,
        };
        let pair = match pb::ClaimPair::try_from(o.pair) {
            Ok(pb::ClaimPair::Unspecified) => PairChoice::Random,
            Ok(pb::ClaimPair::KnightsGoblins) => PairChoice::Kg,
            Ok(pb::ClaimPair::GnomesGiants) => PairChoice::Gg,
            Err(_) => {
                return Err(ApiError::invalid(
                    "options.claim.pair",
                    format!("unknown pair {}", o.pair),
                ));
            }
        };
        bounds::entries(
            &o.factions,
            MAX_FREE_FACTIONS,
            "options.claim.factions",
            "the free factions",
        )?;
        let factions = if o.factions.is_empty() {
            FactionChoice::Random
        } else {
            FactionChoice::List(
                o.factions
                    .iter()
                    .map(|f| faction_from_proto(*f, "options.claim.factions"))
                    .collect::<Result<_, _>>()?,
            )
        };
        let first_leader = if o.random_first_leader {
            FirstLeader::Random
        } else {
            FirstLeader::Seat(bounds::at_most(
                o.first_leader.unwrap_or(0),
                MAX_SEATS - 1,
                "options.claim.first_leader",
                "a seat",
            )? as usize)
        };
        Ok(ClaimConfig {
            mode,
            pair: Some(pair),
            factions: Some(factions),
            first_leader,
            auto_crush_2p: o.auto_crush_2p,
            troll_pool_needs_troll: o.troll_pool_needs_troll,
            knights_only_win: o.knights_only_win,
        })
    }

    fn scenario_from_proto(
        scenario: Option<&pb::Scenario>,
    ) -> Result<Option<ClaimScenario>, ApiError> {
        match scenario.and_then(|s| s.game.as_ref()) {
            None => Ok(None),
            Some(pb::scenario::Game::Claim(s)) => Ok(Some(ClaimScenario {
                deck: {
                    bounds::entries(&s.deck, MAX_DECK, "scenario.claim.deck", "the deck")?;
                    s.deck
                        .iter()
                        .map(|c| card_from_proto(Some(c), "scenario.claim.deck"))
                        .collect::<Result<_, _>>()?
                },
            })),
            Some(_) => Err(ApiError::invalid(
                "scenario",
                "this is not a Claim scenario",
            )),
        }
    }

    fn action_from_proto(action: &pb::Action) -> Result<ClaimAction, ApiError> {
        let Some(pb::action::Game::Claim(a)) = &action.game else {
            return Err(ApiError::invalid("action", "not a Claim action"));
        };
        Ok(match &a.kind {
            Some(A::PlayCard(p)) => ClaimAction::PlayCard(card_from_proto(
                p.card.as_ref(),
                "action.claim.play_card.card",
            )?),
            Some(A::SeerPeek(_)) => ClaimAction::SeerPeek,
            Some(A::SeerDecline(_)) => ClaimAction::SeerDecline,
            Some(A::SeerTakeTop(_)) => ClaimAction::SeerTakeTop,
            Some(A::SeerTakeRevealed(_)) => ClaimAction::SeerTakeRevealed,
            Some(A::TakeRevealed(t)) => ClaimAction::TakeRevealed(bounds::at_most(
                t.slot,
                REVEALED_SLOTS - 1,
                "action.claim.take_revealed.slot",
                "a revealed slot",
            )? as u8),
            Some(A::CrushGnome(c)) => {
                ClaimAction::CrushGnome(u8::try_from(c.value).ok().filter(|v| *v <= 9).ok_or_else(
                    || ApiError::invalid("action.claim.crush_gnome.value", "value out of range"),
                )?)
            }
            Some(A::FinishCrushing(_)) => ClaimAction::FinishCrushing,
            None => return Err(ApiError::invalid("action.claim", "no action kind set")),
        })
    }

    fn action_to_proto(action: &ClaimAction) -> pb::Action {
        use pb::claim_action as ca;
        let kind = match action {
            ClaimAction::PlayCard(c) => A::PlayCard(ca::PlayCard {
                card: Some(card_to_proto(c)),
            }),
            ClaimAction::SeerPeek => A::SeerPeek(ca::SeerPeek {}),
            ClaimAction::SeerDecline => A::SeerDecline(ca::SeerDecline {}),
            ClaimAction::SeerTakeTop => A::SeerTakeTop(ca::SeerTakeTop {}),
            ClaimAction::SeerTakeRevealed => A::SeerTakeRevealed(ca::SeerTakeRevealed {}),
            ClaimAction::TakeRevealed(slot) => A::TakeRevealed(ca::TakeRevealed {
                slot: (*slot).into(),
            }),
            ClaimAction::CrushGnome(v) => A::CrushGnome(ca::CrushGnome { value: (*v).into() }),
            ClaimAction::FinishCrushing => A::FinishCrushing(ca::FinishCrushing {}),
        };
        pb::Action {
            game: Some(pb::action::Game::Claim(pb::ClaimAction {
                kind: Some(kind),
            })),
        }
    }

    fn view_to_proto(v: ClaimView) -> pb::game_view::Game {
        pb::game_view::Game::Claim(pb::ClaimView {
            mode: mode_to_proto(v.mode),
            pair: pair_to_proto(v.pair),
            factions: v.factions.iter().map(|f| faction_to_proto(*f)).collect(),
            phase: phase_to_proto(v.phase),
            trick_number: v.trick_number as u32,
            tricks_per_phase: v.tricks_per_phase as u32,
            deck_count: v.deck_count as u32,
            revealed: cards(&v.revealed),
            leader: v.leader as u32,
            lead_faction: v.lead_faction.map(faction_to_proto).unwrap_or_default(),
            trick: played(&v.trick),
            last_trick: played(&v.last_trick),
            last_ranking: u32s(&v.last_ranking),
            players: v.players.iter().map(player_to_proto).collect(),
            troll_pool: cards(&v.troll_pool),
            discard: cards(&v.discard),
            pending: Some(pending_to_proto(&v.pending)),
            peeked: v.peeked.as_ref().map(card_to_proto),
            options: Some(options_to_proto(&v.flags)),
            score: v.score.as_ref().map(score_to_proto),
        })
    }

    fn event_to_proto(e: ClaimEvent) -> pb::event::Game {
        use pb::claim_event as ce;
        let kind = match e {
            ClaimEvent::Dealt {
                seat,
                count,
                cards: cs,
            } => E::Dealt(ce::Dealt {
                seat: seat as u32,
                count: count as u32,
                cards: cards(&cs),
            }),
            ClaimEvent::TrickStarted {
                phase,
                trick_number,
                leader,
                revealed,
            } => E::TrickStarted(ce::TrickStarted {
                phase: phase_to_proto(phase),
                trick_number: trick_number as u32,
                leader: leader as u32,
                revealed: cards(&revealed),
            }),
            ClaimEvent::CardPlayed { seat, card } => E::CardPlayed(ce::CardPlayed {
                seat: seat as u32,
                card: Some(card_to_proto(&card)),
            }),
            ClaimEvent::TrickRanked { ranking, winner } => E::TrickRanked(ce::TrickRanked {
                ranking: u32s(&ranking),
                winner: winner as u32,
            }),
            ClaimEvent::SeerPeeked { seat, card } => E::SeerPeeked(ce::SeerPeeked {
                seat: seat as u32,
                card: card.as_ref().map(card_to_proto),
            }),
            ClaimEvent::SeerDeclined { seat } => {
                E::SeerDeclined(ce::SeerDeclined { seat: seat as u32 })
            }
            ClaimEvent::TookRevealed { seat, slot, card } => E::TookRevealed(ce::TookRevealed {
                seat: seat as u32,
                slot: slot.into(),
                card: Some(card_to_proto(&card)),
            }),
            ClaimEvent::DrewFromDeck {
                seat,
                card,
                known_to,
            } => E::DrewFromDeck(ce::DrewFromDeck {
                seat: seat as u32,
                card: card.as_ref().map(card_to_proto),
                known_to: u32s(&known_to),
            }),
            ClaimEvent::ToScorePile { seat, cards: cs } => E::ToScorePile(ce::ToScorePile {
                seat: seat as u32,
                cards: cards(&cs),
            }),
            ClaimEvent::ToGnomeRow { seat, cards: cs } => E::ToGnomeRow(ce::ToGnomeRow {
                seat: seat as u32,
                cards: cards(&cs),
            }),
            ClaimEvent::ToTrollPool { cards: cs } => {
                E::ToTrollPool(ce::ToTrollPool { cards: cards(&cs) })
            }
            ClaimEvent::Discarded { cards: cs } => {
                E::Discarded(ce::Discarded { cards: cards(&cs) })
            }
            ClaimEvent::GnomeCrushed { by, victim, card } => E::GnomeCrushed(ce::GnomeCrushed {
                by: by as u32,
                victim: victim as u32,
                card: Some(card_to_proto(&card)),
            }),
            ClaimEvent::CrushingFinished { seat } => {
                E::CrushingFinished(ce::CrushingFinished { seat: seat as u32 })
            }
            ClaimEvent::NextLeader { seat, by_dragon } => E::NextLeader(ce::NextLeader {
                seat: seat as u32,
                by_dragon,
            }),
            ClaimEvent::FollowersTakenUp {
                seat,
                count,
                cards: cs,
            } => E::FollowersTakenUp(ce::FollowersTakenUp {
                seat: seat as u32,
                count: count as u32,
                cards: cards(&cs),
            }),
            ClaimEvent::GnomeRowScored { seat, cards: cs } => {
                E::GnomeRowScored(ce::GnomeRowScored {
                    seat: seat as u32,
                    cards: cards(&cs),
                })
            }
            ClaimEvent::GameScored { score } => E::GameScored(ce::GameScored {
                score: Some(score_to_proto(&score)),
            }),
        };
        pb::event::Game::Claim(pb::ClaimEvent { kind: Some(kind) })
    }

    fn event_summary(e: &ClaimEvent) -> String {
        let list = |cs: &[Card]| cs.iter().map(Card::label).collect::<Vec<_>>().join(", ");
        match e {
            ClaimEvent::Dealt { seat, count, cards } if cards.is_empty() => {
                format!("Seat {seat} is dealt {count} cards")
            }
            ClaimEvent::Dealt { seat, cards, .. } => {
                format!("Seat {seat} is dealt {}", list(cards))
            }
            ClaimEvent::TrickStarted {
                phase,
                trick_number,
                leader,
                revealed,
            } => {
                let phase = if *phase == Phase::Recruiting {
                    "Phase 1"
                } else {
                    "Phase 2"
                };
                if revealed.is_empty() {
                    format!("{phase}, trick {trick_number}: seat {leader} leads")
                } else {
                    format!(
                        "{phase}, trick {trick_number}: seat {leader} leads for {}",
                        list(revealed)
                    )
                }
            }
            ClaimEvent::CardPlayed { seat, card } => format!("Seat {seat} plays {}", card.label()),
            ClaimEvent::TrickRanked { winner, ranking } => format!(
                "Seat {winner} wins the trick (ranking {})",
                ranking
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            ClaimEvent::SeerPeeked {
                seat,
                card: Some(c),
            } => format!("Seat {seat} looks at the deck top: {}", c.label()),
            ClaimEvent::SeerPeeked { seat, card: None } => {
                format!("Seat {seat} looks at the deck top")
            }
            ClaimEvent::SeerDeclined { seat } => {
                format!("Seat {seat} does not look at the deck top")
            }
            ClaimEvent::TookRevealed { seat, card, .. } => {
                format!("Seat {seat} takes {} as a follower", card.label())
            }
            ClaimEvent::DrewFromDeck {
                seat,
                card: Some(c),
                ..
            } => format!("Seat {seat} draws {} as a follower", c.label()),
            ClaimEvent::DrewFromDeck {
                seat, card: None, ..
            } => format!("Seat {seat} draws a follower from the deck"),
            ClaimEvent::ToScorePile { seat, cards } => {
                format!("Seat {seat} scores {}", list(cards))
            }
            ClaimEvent::ToGnomeRow { seat, cards } => {
                format!("{} go to seat {seat}'s gnome row", list(cards))
            }
            ClaimEvent::ToTrollPool { cards } => {
                format!("{} set aside in the troll pool", list(cards))
            }
            ClaimEvent::Discarded { cards } => format!("{} discarded", list(cards)),
            ClaimEvent::GnomeCrushed { by, victim, card } => {
                format!("Seat {by} crushes seat {victim}'s {}", card.label())
            }
            ClaimEvent::CrushingFinished { seat } => format!("Seat {seat} stops crushing"),
            ClaimEvent::NextLeader {
                seat,
                by_dragon: true,
            } => format!("Seat {seat} leads next (dragon)"),
            ClaimEvent::NextLeader { seat, .. } => format!("Seat {seat} leads next"),
            ClaimEvent::FollowersTakenUp { seat, count, .. } => {
                format!("Seat {seat} takes {count} followers into hand")
            }
            ClaimEvent::GnomeRowScored { seat, cards } => {
                format!("Seat {seat}'s gnome row scores {}", list(cards))
            }
            ClaimEvent::GameScored { score } => format!(
                "Game over: votes {}; decided by {}",
                score
                    .vote_totals
                    .iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join("–"),
                score.decided_by
            ),
        }
    }
}
