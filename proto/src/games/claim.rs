//! Claim ↔ `claim.proto`.

use super::Invalid;
use super::ProtoGame;
use super::bounds;
use super::wire::{u32_of, u32s};
use crate::v1 as pb;
use tablero_rules::claim::limits::{REVEALED_SLOTS, limits};
use tablero_rules::claim::{
    Card, Claim, ClaimAction, ClaimConfig, ClaimEvent, ClaimScenario, ClaimScore, ClaimView,
    Faction, FactionChoice, FactionVote, FirstLeader, Mode, Pair, PairChoice, Pending, Phase,
    PlayedCard, PlayerView,
};

use pb::claim_action::Kind as A;
use pb::claim_event::Kind as E;

enum_map!(Faction <=> ClaimFaction, faction_to_proto, faction_from_proto, "faction", {
    Gnomes => Gnomes,
    Giants => Giants,
    Dragons => Dragons,
    Trolls => Trolls,
    Seers => Seers,
    Knights => Knights,
    Goblins => Goblins,
    Undead => Undead,
    Dwarves => Dwarves,
    Doppelgangers => Doppelgangers,
});

enum_map!(Mode <=> ClaimMode, mode_to_proto, mode_from_proto, "mode", {
    Base2p => Base2p,
    Custom2p => Custom2p,
    ThreePlayer => ThreePlayer,
    FourPlayerTeams => FourPlayerTeams,
});

enum_map!(Pair => ClaimPair, pair_to_proto, { Kg => KnightsGoblins, Gg => GnomesGiants });

// An unset pair is a random one.
enum_map!(PairChoice <=> ClaimPair, pair_choice_to_proto, pair_choice_from_proto, "pair", {
    Kg => KnightsGoblins,
    Gg => GnomesGiants,
    Random => Unspecified,
});

enum_map!(Phase => ClaimPhase, phase_to_proto, {
    Recruiting => Recruiting,
    Favour => Favour,
    Finished => Finished,
});

fn card_to_proto(c: &Card) -> pb::ClaimCard {
    let Card {
        faction,
        value,
        copy,
    } = *c;
    pb::ClaimCard {
        faction: faction_to_proto(faction),
        value: value.into(),
        copy: copy.into(),
    }
}

fn cards(cs: &[Card]) -> Vec<pb::ClaimCard> {
    cs.iter().map(card_to_proto).collect()
}

fn card_from_proto(c: Option<&pb::ClaimCard>, field: &'static str) -> Result<Card, Invalid> {
    let pb::ClaimCard {
        faction,
        value,
        copy,
    } = *c.ok_or_else(|| Invalid::new(field, "card missing"))?;
    let faction = faction_from_proto(faction, field)?;
    match (
        u8::try_from(value).ok().filter(|v| *v <= 9),
        u8::try_from(copy).ok().filter(|v| (1..=14).contains(v)),
    ) {
        (Some(value), Some(copy)) => Ok(Card {
            faction,
            value,
            copy,
        }),
        _ => Err(Invalid::new(
            field,
            format!("no card {} {value} copy {copy}", faction.id()),
        )),
    }
}

fn options_to_proto(c: &ClaimConfig) -> pb::ClaimOptions {
    let ClaimConfig {
        mode,
        pair,
        factions,
        first_leader,
        auto_crush_2p,
        troll_pool_needs_troll,
        knights_only_win,
    } = c;
    pb::ClaimOptions {
        mode: mode_to_proto(*mode),
        pair: pair.map_or(pb::ClaimPair::Unspecified as i32, pair_choice_to_proto),
        factions: match factions {
            Some(FactionChoice::List(l)) => l.iter().map(|f| faction_to_proto(*f)).collect(),
            Some(FactionChoice::Random) | None => Vec::new(),
        },
        first_leader: match first_leader {
            FirstLeader::Seat(s) => Some(u32_of(*s)),
            FirstLeader::Random => None,
        },
        random_first_leader: *first_leader == FirstLeader::Random,
        auto_crush_2p: *auto_crush_2p,
        troll_pool_needs_troll: *troll_pool_needs_troll,
        knights_only_win: *knights_only_win,
    }
}

fn vote_to_proto(v: &FactionVote) -> pb::ClaimFactionVote {
    let FactionVote {
        faction,
        counts,
        winner,
        decided_by,
    } = v;
    pb::ClaimFactionVote {
        faction: faction_to_proto(*faction),
        counts: u32s(counts),
        winner: winner.map(u32_of),
        decided_by: decided_by.clone(),
    }
}

fn score_to_proto(s: &ClaimScore) -> pb::ClaimScore {
    let ClaimScore {
        sides,
        votes,
        vote_totals,
        cards_in_won,
        value_sums,
        winning_sides,
        decided_by,
    } = s;
    pb::ClaimScore {
        sides: sides
            .iter()
            .map(|seats| pb::claim_score::Side { seats: u32s(seats) })
            .collect(),
        votes: votes.iter().map(vote_to_proto).collect(),
        vote_totals: u32s(vote_totals),
        cards_in_won: u32s(cards_in_won),
        value_sums: value_sums.clone(),
        winning_sides: u32s(winning_sides),
        decided_by: decided_by.clone(),
    }
}

fn played(cs: &[PlayedCard]) -> Vec<pb::ClaimPlayedCard> {
    cs.iter()
        .map(|p| {
            let PlayedCard { seat, card } = p;
            pb::ClaimPlayedCard {
                seat: u32_of(*seat),
                card: Some(card_to_proto(card)),
            }
        })
        .collect()
}

fn player_to_proto(p: &PlayerView) -> pb::ClaimPlayer {
    let PlayerView {
        seat,
        team,
        hand_count,
        hand,
        follower_count,
        known_followers,
        known_hand,
        score_pile,
        gnome_row,
    } = p;
    pb::ClaimPlayer {
        seat: u32_of(*seat),
        team: team.map(u32::from),
        hand_size: u32_of(*hand_count),
        hand: hand.as_deref().map(cards).unwrap_or_default(),
        hand_visible: hand.is_some(),
        follower_count: u32_of(*follower_count),
        known_followers: cards(known_followers),
        known_hand: cards(known_hand),
        score_pile: cards(score_pile),
        gnome_row: cards(gnome_row),
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
        seat: seat.map(u32_of),
        victim: victim.map(u32_of),
    }
}

impl ProtoGame for Claim {
    fn owns(action: &pb::Action) -> bool {
        matches!(action.game, Some(pb::action::Game::Claim(_)))
    }

    fn config_from_options(
        options: Option<&pb::GameOptions>,
        named: Option<&tablero_rules::Mode<ClaimConfig>>,
    ) -> Result<ClaimConfig, Invalid> {
        let o = match options.and_then(|o| o.game.as_ref()) {
            Some(pb::game_options::Game::Claim(o)) => o.clone(),
            None => pb::ClaimOptions::default(),
            Some(_) => return Err(Invalid::new("options", "these are not Claim options")),
        };
        let pb::ClaimOptions {
            mode,
            pair,
            factions,
            first_leader,
            random_first_leader,
            auto_crush_2p,
            troll_pool_needs_troll,
            knights_only_win,
        } = o;
        let from_options = match mode {
            0 => None,
            m => Some(mode_from_proto(m, "options.claim.mode")?),
        };
        let mode = match (named.map(|m| m.config.mode), from_options) {
            (Some(a), Some(b)) if a != b => {
                return Err(Invalid::new(
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
        let pair = pair_choice_from_proto(pair, "options.claim.pair")?;
        bounds::entries(
            &factions,
            limits().free_factions,
            "options.claim.factions",
            "the free factions",
        )?;
        let factions = if factions.is_empty() {
            FactionChoice::Random
        } else {
            FactionChoice::List(
                factions
                    .iter()
                    .map(|f| faction_from_proto(*f, "options.claim.factions"))
                    .collect::<Result<_, _>>()?,
            )
        };
        let first_leader = if random_first_leader {
            FirstLeader::Random
        } else {
            FirstLeader::Seat(bounds::at_most(
                first_leader.unwrap_or(0),
                limits().seats as u32 - 1,
                "options.claim.first_leader",
                "a seat",
            )? as usize)
        };
        Ok(ClaimConfig {
            mode,
            pair: Some(pair),
            factions: Some(factions),
            first_leader,
            auto_crush_2p,
            troll_pool_needs_troll,
            knights_only_win,
        })
    }

    fn scenario_from_proto(
        scenario: Option<&pb::Scenario>,
    ) -> Result<Option<ClaimScenario>, Invalid> {
        match scenario.and_then(|s| s.game.as_ref()) {
            None => Ok(None),
            Some(pb::scenario::Game::Claim(s)) => Ok(Some(ClaimScenario {
                deck: {
                    bounds::entries(&s.deck, limits().deck, "scenario.claim.deck", "the deck")?;
                    s.deck
                        .iter()
                        .map(|c| card_from_proto(Some(c), "scenario.claim.deck"))
                        .collect::<Result<_, _>>()?
                },
            })),
            Some(_) => Err(Invalid::new("scenario", "this is not a Claim scenario")),
        }
    }

    fn action_from_proto(action: &pb::Action) -> Result<ClaimAction, Invalid> {
        let Some(pb::action::Game::Claim(a)) = &action.game else {
            return Err(Invalid::new("action", "not a Claim action"));
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
                    || Invalid::new("action.claim.crush_gnome.value", "value out of range"),
                )?)
            }
            Some(A::FinishCrushing(_)) => ClaimAction::FinishCrushing,
            None => return Err(Invalid::new("action.claim", "no action kind set")),
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
        let ClaimView {
            mode,
            pair,
            factions,
            phase,
            trick_number,
            tricks_per_phase,
            deck_count,
            revealed,
            leader,
            lead_faction,
            trick,
            last_trick,
            last_ranking,
            players,
            troll_pool,
            discard,
            pending,
            peeked,
            flags,
            score,
        } = v;
        pb::game_view::Game::Claim(pb::ClaimView {
            mode: mode_to_proto(mode),
            pair: pair_to_proto(pair),
            factions: factions.into_iter().map(faction_to_proto).collect(),
            phase: phase_to_proto(phase),
            trick_number: u32_of(trick_number),
            tricks_per_phase: u32_of(tricks_per_phase),
            deck_count: u32_of(deck_count),
            revealed: cards(&revealed),
            leader: u32_of(leader),
            lead_faction: lead_faction.map(faction_to_proto).unwrap_or_default(),
            trick: played(&trick),
            last_trick: played(&last_trick),
            last_ranking: u32s(&last_ranking),
            players: players.iter().map(player_to_proto).collect(),
            troll_pool: cards(&troll_pool),
            discard: cards(&discard),
            pending: Some(pending_to_proto(&pending)),
            peeked: peeked.as_ref().map(card_to_proto),
            options: Some(options_to_proto(&flags)),
            score: score.as_ref().map(score_to_proto),
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
                seat: u32_of(seat),
                count: u32_of(count),
                cards: cards(&cs),
            }),
            ClaimEvent::TrickStarted {
                phase,
                trick_number,
                leader,
                revealed,
            } => E::TrickStarted(ce::TrickStarted {
                phase: phase_to_proto(phase),
                trick_number: u32_of(trick_number),
                leader: u32_of(leader),
                revealed: cards(&revealed),
            }),
            ClaimEvent::CardPlayed { seat, card } => E::CardPlayed(ce::CardPlayed {
                seat: u32_of(seat),
                card: Some(card_to_proto(&card)),
            }),
            ClaimEvent::TrickRanked { ranking, winner } => E::TrickRanked(ce::TrickRanked {
                ranking: u32s(&ranking),
                winner: u32_of(winner),
            }),
            ClaimEvent::SeerPeeked { seat, card } => E::SeerPeeked(ce::SeerPeeked {
                seat: u32_of(seat),
                card: card.as_ref().map(card_to_proto),
            }),
            ClaimEvent::SeerDeclined { seat } => {
                E::SeerDeclined(ce::SeerDeclined { seat: u32_of(seat) })
            }
            ClaimEvent::TookRevealed { seat, slot, card } => E::TookRevealed(ce::TookRevealed {
                seat: u32_of(seat),
                slot: slot.into(),
                card: Some(card_to_proto(&card)),
            }),
            ClaimEvent::DrewFromDeck {
                seat,
                card,
                known_to,
            } => E::DrewFromDeck(ce::DrewFromDeck {
                seat: u32_of(seat),
                card: card.as_ref().map(card_to_proto),
                known_to: u32s(&known_to),
            }),
            ClaimEvent::ToScorePile { seat, cards: cs } => E::ToScorePile(ce::ToScorePile {
                seat: u32_of(seat),
                cards: cards(&cs),
            }),
            ClaimEvent::ToGnomeRow { seat, cards: cs } => E::ToGnomeRow(ce::ToGnomeRow {
                seat: u32_of(seat),
                cards: cards(&cs),
            }),
            ClaimEvent::ToTrollPool { cards: cs } => {
                E::ToTrollPool(ce::ToTrollPool { cards: cards(&cs) })
            }
            ClaimEvent::Discarded { cards: cs } => {
                E::Discarded(ce::Discarded { cards: cards(&cs) })
            }
            ClaimEvent::GnomeCrushed { by, victim, card } => E::GnomeCrushed(ce::GnomeCrushed {
                by: u32_of(by),
                victim: u32_of(victim),
                card: Some(card_to_proto(&card)),
            }),
            ClaimEvent::CrushingFinished { seat } => {
                E::CrushingFinished(ce::CrushingFinished { seat: u32_of(seat) })
            }
            ClaimEvent::NextLeader { seat, by_dragon } => E::NextLeader(ce::NextLeader {
                seat: u32_of(seat),
                by_dragon,
            }),
            ClaimEvent::FollowersTakenUp {
                seat,
                count,
                cards: cs,
            } => E::FollowersTakenUp(ce::FollowersTakenUp {
                seat: u32_of(seat),
                count: u32_of(count),
                cards: cards(&cs),
            }),
            ClaimEvent::GnomeRowScored { seat, cards: cs } => {
                E::GnomeRowScored(ce::GnomeRowScored {
                    seat: u32_of(seat),
                    cards: cards(&cs),
                })
            }
            ClaimEvent::GameScored { score } => E::GameScored(ce::GameScored {
                score: Some(score_to_proto(&score)),
            }),
        };
        pb::event::Game::Claim(pb::ClaimEvent { kind: Some(kind) })
    }
}
