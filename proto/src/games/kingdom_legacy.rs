//! Kingdom Legacy ↔ `kingdom_legacy.proto`.
//!
//! One engine game is one sitting of a kingdom (seat 0 only). Every card the view shows goes
//! out whole: every stage with its data and this card's marks on it (stickers, ticked boxes,
//! crossed-out effects), so clients need no card table; actions and events name cards by
//! serial number. The rules view already hides what the player may not see (§8): box cards
//! other than 136–138 and revealed ones, the deck order below the top card, the RNG.

use super::Invalid;
use super::ProtoGame;
use super::bounds;
use tablero_rules::kingdom_legacy::limits::limits;

use super::wire::u32_of;
use crate::v1 as pb;
use tablero_rules::Mode;
use tablero_rules::kingdom_legacy::data::{
    Arrow, CardKind, Checkbox, Cost, DeckPosition, Effect, OthersPolicy, PassiveMode, Protection,
    Stage, StageRef, StickerKind, TickPolicy, Timing, Trigger, TurnHow, Upgrade,
};
use tablero_rules::kingdom_legacy::text::instr_words;
use tablero_rules::kingdom_legacy::{
    CardId, CardPurpose, CardView, Config, CurrentExpansion, Decision, DeckView, ExpansionScore,
    ExpansionsRecord, KingdomLegacy, KlgAction, KlgEvent, KlgView, Location, Orientation, Pack,
    PendingView, Phase, PlayCause, PurgeFameEntry, PurgeView, Resource, ResourceBag,
    ResourcePurpose, Scenario, ScoreTrack, SittingEnd, StickerMark, StickerSupply, TriggerView,
};

use pb::kingdom_legacy_action::Kind as A;
use pb::kingdom_legacy_event::Kind as E;

// ---- enums ----------------------------------------------------------------------------------

enum_map!(Orientation => KingdomLegacyOrientation, orientation_to, {
    F0 => F0, F180 => F180, B0 => B0, B180 => B180,
});

enum_map!(Resource <=> KingdomLegacyResource, resource_to, resource_from, "resource", {
    Gold => Gold, Wood => Wood, Stone => Stone, Metal => Metal, Military => Military,
    Trade => Trade,
});

enum_map!(CardKind => KingdomLegacyCardKind, card_kind_to, {
    Normal => Normal, Parchment => Parchment, Expansion => Expansion, Inert => Inert,
});

enum_map!(Arrow => KingdomLegacyArrow, arrow_to, { Rotate => Rotate, Flip => Flip });

enum_map!(Trigger => KingdomLegacyTrigger, trigger_to, {
    AfterPlayed => AfterPlayed, EndOfTurn => EndOfTurn, RoundStart => RoundStart,
    EndOfRound => EndOfRound,
});

enum_map!(Protection => KingdomLegacyProtection, protection_to, {
    Destroy => Destroy, Purge => Purge, Block => Block,
});

enum_map!(Location => KingdomLegacyLocation, location_to, {
    Box => Box, Deck => Deck, Active => Active, Discard => Discard, Permanent => Permanent,
    Expansion => Expansion, PendingDestruction => PendingDestruction, Destroyed => Destroyed,
    Purge => Purge,
});

enum_map!(Phase => KingdomLegacyPhase, phase_to, {
    Main => Main, Pending => Pending, BetweenRounds => BetweenRounds,
    PurgeSelect => PurgeSelect, PostGame => PostGame, Closed => Closed,
});

enum_map!(PlayCause => KingdomLegacyPlayCause, play_cause_to, {
    TurnStart => TurnStart, March => March,
});

pub(crate) fn pack_to(p: Pack) -> i32 {
    (match p {
        Pack::Shipped => pb::KingdomLegacyPack::Shipped,
        Pack::TestLibrary => pb::KingdomLegacyPack::TestLibrary,
    }) as i32
}

/// A pack from the wire; UNSPECIFIED is the shipped kingdom.
pub(crate) fn pack_from(x: i32, field: &'static str) -> Result<Pack, Invalid> {
    match pb::KingdomLegacyPack::try_from(x) {
        Ok(pb::KingdomLegacyPack::Unspecified | pb::KingdomLegacyPack::Shipped) => {
            Ok(Pack::Shipped)
        }
        Ok(pb::KingdomLegacyPack::TestLibrary) => Ok(Pack::TestLibrary),
        Err(_) => Err(Invalid::new(field, format!("no card pack {x}"))),
    }
}

fn sitting_end_to(e: Option<&SittingEnd>) -> i32 {
    (match e {
        None => pb::KingdomLegacySittingEnd::Unspecified,
        Some(SittingEnd::Suspended) => pb::KingdomLegacySittingEnd::Suspended,
        Some(SittingEnd::Closed) => pb::KingdomLegacySittingEnd::Closed,
    }) as i32
}

fn ids_to(ids: &[CardId]) -> Vec<u32> {
    ids.iter().map(|&c| u32::from(c)).collect()
}

/// A card id from the wire.
fn card_from(n: u32, field: &'static str) -> Result<CardId, Invalid> {
    CardId::try_from(n)
        .map_err(|_| Invalid::new(field, format!("no card {n} (serial numbers are 0–139)")))
}

/// Card ids from the wire: ascending, no repeats (the canonical form the rules list).
fn cards_from(ns: &[u32], field: &'static str) -> Result<Vec<CardId>, Invalid> {
    bounds::entries(ns, limits().cards, field, "the box")?;
    let ids = ns
        .iter()
        .map(|&n| card_from(n, field))
        .collect::<Result<Vec<_>, _>>()?;
    if ids.windows(2).any(|w| w[0] >= w[1]) {
        return Err(Invalid::new(
            field,
            "list the cards in ascending order, each once",
        ));
    }
    Ok(ids)
}

/// A small index (alternative, upgrade, box) from the wire.
fn index_from(n: u32, field: &'static str) -> Result<u8, Invalid> {
    Ok(bounds::at_most(n, limits().max_index, field, "an index on a card")? as u8)
}

fn bag_to(b: &ResourceBag) -> pb::KingdomLegacyResources {
    pb::KingdomLegacyResources {
        gold: b.get(Resource::Gold),
        wood: b.get(Resource::Wood),
        stone: b.get(Resource::Stone),
        metal: b.get(Resource::Metal),
        military: b.get(Resource::Military),
        trade: b.get(Resource::Trade),
    }
}

// ---- stickers -------------------------------------------------------------------------------

fn sticker_to(s: &StickerSupply) -> pb::KingdomLegacySticker {
    use pb::KingdomLegacyStickerKind as K;
    let StickerSupply {
        no,
        kind,
        remaining,
    } = s;
    let mut out = pb::KingdomLegacySticker {
        no: no.clone(),
        remaining: *remaining,
        ..Default::default()
    };
    match kind {
        StickerKind::Production { resource } => {
            out.kind = K::Production as i32;
            out.resource = resource_to(*resource);
        }
        StickerKind::Fame { amount } => {
            out.kind = K::Fame as i32;
            out.amount = *amount;
        }
        StickerKind::StaysInPlay => out.kind = K::StaysInPlay as i32,
        StickerKind::ScoreMarker => out.kind = K::ScoreMarker as i32,
        StickerKind::PurgeFame => out.kind = K::PurgeFame as i32,
        StickerKind::Reserved => out.kind = K::Reserved as i32,
    }
    out
}

// ---- cards ----------------------------------------------------------------------------------

fn effect_to(e: &Effect, crossed: bool) -> pb::KingdomLegacyEffect {
    use pb::KingdomLegacyTiming as T;
    let Effect {
        id,
        timing,
        one_time,
        costs,
        // The text words what the effect does.
        actions: _,
        modifiers: _,
        text,
    } = e;
    let (timing, trigger, mandatory) = match *timing {
        Timing::Passive {
            mode: PassiveMode::Static,
        } => (T::PassiveStatic, None, false),
        Timing::Passive {
            mode: PassiveMode::Repeatable,
        } => (T::PassiveRepeatable, None, false),
        Timing::Activated => (T::Activated, None, false),
        Timing::EndsTurn => (T::EndsTurn, None, false),
        Timing::Destroy => (T::Destroy, None, false),
        Timing::Triggered { mandatory, when } => (T::Triggered, Some(when), mandatory),
    };
    let mut cost = ResourceBag::EMPTY;
    let mut cost_tick = false;
    for c in costs {
        match c {
            Cost::Pay(bag) => cost.add(bag),
            Cost::Tick(_) => cost_tick = true,
        }
    }
    pb::KingdomLegacyEffect {
        id: id.clone(),
        timing: timing as i32,
        trigger: trigger.map_or(0, trigger_to),
        mandatory,
        one_time: *one_time,
        cost: (!cost.is_empty()).then(|| bag_to(&cost)),
        cost_tick,
        text: text.clone(),
        crossed_out: crossed,
    }
}

fn checkbox_to(c: &Checkbox, ticked: bool) -> pb::KingdomLegacyCheckbox {
    let Checkbox {
        gain,
        fame,
        on_tick,
    } = c;
    pb::KingdomLegacyCheckbox {
        gain: (!gain.is_empty()).then(|| bag_to(gain)),
        fame: *fame,
        on_tick: on_tick
            .iter()
            .map(instr_words)
            .collect::<Vec<_>>()
            .join(", then "),
        ticked,
    }
}

fn card_to(c: &CardView) -> pb::KingdomLegacyCard {
    let CardView {
        id,
        kind,
        location,
        orientation,
        stages,
        hostile,
        stickers,
        ticked,
        crossed_out,
        blocked_by,
        stays_in_play,
        fame,
    } = c;
    let stages = Orientation::ALL
        .into_iter()
        .filter_map(|o| stages.get(&o).map(|s| (o, s)))
        .map(|(o, s)| {
            let Stage {
                name,
                category,
                subcategories,
                permanent,
                fame,
                production,
                upgrades,
                effects,
                checkboxes,
                in_order_boxes,
                protect,
                text,
            } = s;
            let ticked = ticked.get(&o);
            let crossed = crossed_out.get(&o);
            pb::KingdomLegacyStage {
                orientation: orientation_to(o),
                name: name.clone(),
                category: category.clone(),
                subcategories: subcategories.clone(),
                hostile: hostile.contains(&o),
                permanent: *permanent,
                fame: *fame,
                production: production
                    .iter()
                    .map(|g| pb::KingdomLegacyProductionGroup {
                        alternatives: g.iter().map(bag_to).collect(),
                    })
                    .collect(),
                upgrades: upgrades
                    .iter()
                    .map(|Upgrade { arrow, to, cost }| pb::KingdomLegacyUpgrade {
                        arrow: arrow_to(*arrow),
                        to: orientation_to(*to),
                        cost: Some(bag_to(cost)),
                    })
                    .collect(),
                effects: effects
                    .iter()
                    .map(|e| effect_to(e, crossed.is_some_and(|x| x.contains(&e.id))))
                    .collect(),
                checkboxes: checkboxes
                    .iter()
                    .enumerate()
                    .map(|(i, b)| {
                        checkbox_to(
                            b,
                            ticked.is_some_and(|t| u8::try_from(i).is_ok_and(|i| t.contains(&i))),
                        )
                    })
                    .collect(),
                in_order_boxes: *in_order_boxes,
                protect: protect.iter().map(|p| protection_to(*p)).collect(),
                text: text.clone(),
                stickers: stickers
                    .iter()
                    .filter(|StickerMark { no: _, orientation }| *orientation == o)
                    .map(|StickerMark { no, orientation: _ }| no.clone())
                    .collect(),
            }
        })
        .collect();
    pb::KingdomLegacyCard {
        id: (*id).into(),
        kind: card_kind_to(*kind),
        orientation: orientation_to(*orientation),
        stages,
        blocked_by: blocked_by.map(u32::from),
        stays_in_play: *stays_in_play,
        fame: *fame,
        location: location_to(*location),
    }
}

fn cards_to(cs: &[CardView]) -> Vec<pb::KingdomLegacyCard> {
    cs.iter().map(card_to).collect()
}

// ---- view -----------------------------------------------------------------------------------

fn decision_to(d: &Decision) -> pb::KingdomLegacyDecision {
    use pb::kingdom_legacy_decision::{self as pd, Kind as D};
    let kind = match d {
        Decision::Cards {
            purpose,
            candidates,
            min,
            max,
        } => {
            use pb::KingdomLegacyCardPurpose as P;
            let mut c = pd::Cards {
                candidates: ids_to(candidates),
                min: (*min).into(),
                max: (*max).into(),
                ..Default::default()
            };
            let p = match purpose {
                CardPurpose::Block => P::Block,
                CardPurpose::Discard => P::Discard,
                CardPurpose::Destroy => P::Destroy,
                CardPurpose::Turn(how) => {
                    use pb::kingdom_legacy_turn::How;
                    c.turn = Some(pb::KingdomLegacyTurn {
                        how: Some(match how {
                            TurnHow::Rotate => How::Arrow(pb::KingdomLegacyArrow::Rotate as i32),
                            TurnHow::Flip => How::Arrow(pb::KingdomLegacyArrow::Flip as i32),
                            TurnHow::To(o) => How::To(orientation_to(*o)),
                        }),
                    });
                    P::Turn
                }
                CardPurpose::PutOnDeck(pos) => {
                    c.deck_bottom = *pos == DeckPosition::Bottom;
                    P::PutOnDeck
                }
                CardPurpose::Sticker { no, stage } => {
                    c.sticker = no.clone();
                    c.sticker_stage = match stage {
                        StageRef::Active => 0,
                        StageRef::At(o) => orientation_to(*o),
                    };
                    P::Sticker
                }
                CardPurpose::IncreaseProduction => P::IncreaseProduction,
                CardPurpose::Tick(policy) => {
                    c.tick_in_order = *policy == TickPolicy::InOrder;
                    P::Tick
                }
                CardPurpose::StayInPlay => P::StayInPlay,
            };
            c.purpose = p as i32;
            D::Cards(c)
        }
        Decision::Resource { purpose, options } => {
            use pb::KingdomLegacyResourcePurpose as P;
            let (p, remaining, card) = match purpose {
                ResourcePurpose::GainAny { remaining } => (P::GainAny, (*remaining).into(), 0),
                ResourcePurpose::IncreaseProduction { card } => {
                    (P::IncreaseProduction, 0, (*card).into())
                }
            };
            D::Resource(pd::Resource {
                purpose: p as i32,
                options: options.iter().map(|r| resource_to(*r)).collect(),
                remaining,
                card,
            })
        }
        Decision::Checkbox {
            card,
            orientation,
            options,
            cost,
        } => D::Checkbox(pd::Checkbox {
            card: (*card).into(),
            orientation: orientation_to(*orientation),
            options: options.iter().map(|&i| u32::from(i)).collect(),
            cost: *cost,
        }),
        Decision::Discovery {
            cards,
            choose,
            others,
        } => D::Discovery(pd::Discovery {
            cards: ids_to(cards),
            choose: (*choose).into(),
            destroy_others: *others == OthersPolicy::Destroy,
        }),
        Decision::PurgePick { batch, eligible } => D::PurgePick(pd::PurgePick {
            batch: ids_to(batch),
            eligible: ids_to(eligible),
        }),
        Decision::PurgePermanent { eligible } => D::PurgePermanent(pd::PurgePermanent {
            eligible: ids_to(eligible),
        }),
    };
    pb::KingdomLegacyDecision { kind: Some(kind) }
}

pub(crate) fn view_to(v: &KlgView) -> pb::KingdomLegacyView {
    let KlgView {
        phase,
        round,
        last_round,
        base_finished,
        card23_discovered,
        reset_allowed,
        reset_requested,
        resources,
        deck: DeckView {
            count,
            top,
            contents,
        },
        active,
        discard,
        permanent,
        expansion,
        pending_destruction,
        destroyed,
        box_ids,
        box_revealed,
        pending,
        purge,
        sticker_supply,
        score_track:
            ScoreTrack {
                base,
                expansions: expansion_scores,
            },
        purge_fame,
        expansions: ExpansionsRecord { played, current },
        current_fame,
        kingdom_fame,
        ended,
    } = v;
    pb::KingdomLegacyView {
        phase: phase_to(*phase),
        round: *round,
        last_round: *last_round,
        base_finished: *base_finished,
        card23_discovered: *card23_discovered,
        reset_allowed: *reset_allowed,
        reset_requested: *reset_requested,
        resources: Some(bag_to(resources)),
        deck: Some(pb::KingdomLegacyDeck {
            count: u32_of(*count),
            top: top.as_ref().map(card_to),
            contents: cards_to(contents),
        }),
        active: cards_to(active),
        discard: cards_to(discard),
        permanent: cards_to(permanent),
        expansion: expansion.as_ref().map(card_to),
        pending_destruction: cards_to(pending_destruction),
        destroyed: ids_to(destroyed),
        r#box: ids_to(box_ids),
        box_revealed: cards_to(box_revealed),
        pending: pending.as_ref().map(pending_to),
        purge: purge.as_ref().map(purge_to),
        sticker_supply: sticker_supply.iter().map(sticker_to).collect(),
        score_track: Some(pb::KingdomLegacyScoreTrack {
            base: *base,
            expansions: expansion_scores
                .iter()
                .map(
                    |ExpansionScore {
                         expansion_id,
                         score,
                     }| pb::KingdomLegacyExpansionScore {
                        expansion: (*expansion_id).into(),
                        score: *score,
                    },
                )
                .collect(),
        }),
        purge_fame: purge_fame
            .iter()
            .map(
                |PurgeFameEntry {
                     expansion_id,
                     value,
                 }| pb::KingdomLegacyPurgeFame {
                    expansion: (*expansion_id).into(),
                    value: *value,
                },
            )
            .collect(),
        expansions_played: ids_to(played),
        current_expansion: current
            .as_ref()
            .map(
                |CurrentExpansion { id, rounds_done }| pb::KingdomLegacyCurrentExpansion {
                    card: (*id).into(),
                    rounds_done: (*rounds_done).into(),
                },
            ),
        current_fame: *current_fame,
        kingdom_fame: *kingdom_fame,
        ended: sitting_end_to(ended.as_ref()),
    }
}

fn pending_to(p: &PendingView) -> pb::KingdomLegacyPending {
    let PendingView {
        prompt,
        decision,
        pool,
        resolving,
    } = p;
    pb::KingdomLegacyPending {
        prompt: prompt.clone(),
        decision: decision.as_ref().map(decision_to),
        pool: pool
            .iter()
            .map(
                |TriggerView {
                     id,
                     card,
                     effect,
                     mandatory,
                     text,
                 }| pb::KingdomLegacyPendingTrigger {
                    id: *id,
                    card: (*card).into(),
                    effect: effect.clone(),
                    mandatory: *mandatory,
                    text: text.clone(),
                },
            )
            .collect(),
        resolving: resolving.map(u32::from),
    }
}

fn purge_to(p: &PurgeView) -> pb::KingdomLegacyPurge {
    let PurgeView {
        expansion,
        n,
        deck_count,
        batch,
        leftovers,
        set_aside,
        fame,
        selections_left,
    } = p;
    pb::KingdomLegacyPurge {
        expansion: (*expansion).into(),
        n: (*n).into(),
        deck_count: u32_of(*deck_count),
        batch: cards_to(batch),
        leftovers: ids_to(leftovers),
        set_aside: cards_to(set_aside),
        fame: *fame,
        selections_left: u32_of(*selections_left),
    }
}

// ---- the mapping ----------------------------------------------------------------------------

impl ProtoGame for KingdomLegacy {
    fn owns(action: &pb::Action) -> bool {
        matches!(action.game, Some(pb::action::Game::KingdomLegacy(_)))
    }

    fn config_from_options(
        options: Option<&pb::GameOptions>,
        _mode: Option<&Mode<Config>>,
    ) -> Result<Config, Invalid> {
        let o = match options.and_then(|o| o.game.as_ref()) {
            None => pb::KingdomLegacyOptions::default(),
            Some(pb::game_options::Game::KingdomLegacy(o)) => *o,
            Some(_) => {
                return Err(Invalid::new(
                    "options",
                    "not Kingdom Legacy options (set options.kingdom_legacy)",
                ));
            }
        };
        Ok(Config {
            pack: pack_from(o.pack, "options.kingdom_legacy.pack")?,
            record: None,
            allow_permanent_upgrade: o.allow_permanent_upgrade.unwrap_or(true),
        })
    }

    fn scenario_from_proto(scenario: Option<&pb::Scenario>) -> Result<Option<Scenario>, Invalid> {
        let s = match scenario.and_then(|s| s.game.as_ref()) {
            None => return Ok(None),
            Some(pb::scenario::Game::KingdomLegacy(s)) => s,
            Some(_) => {
                return Err(Invalid::new(
                    "scenario",
                    "not a Kingdom Legacy scenario (set scenario.kingdom_legacy)",
                ));
            }
        };
        const DECK: &str = "scenario.kingdom_legacy.deck";
        bounds::entries(&s.deck, limits().starting_deck, DECK, "the starting deck")?;
        let deck = s
            .deck
            .iter()
            .map(|&c| card_from(c, DECK))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some(Scenario {
            deck: (!deck.is_empty()).then_some(deck),
        }))
    }

    fn action_from_proto(action: &pb::Action) -> Result<KlgAction, Invalid> {
        use KlgAction as X;
        let Some(pb::action::Game::KingdomLegacy(a)) = &action.game else {
            return Err(Invalid::new("action", "not a Kingdom Legacy action"));
        };
        Ok(match &a.kind {
            None => {
                return Err(Invalid::new("action.kingdom_legacy", "no action kind set"));
            }
            Some(A::Produce(p)) => X::Produce {
                card: card_from(p.card, "action.kingdom_legacy.produce.card")?,
                alts: {
                    bounds::entries(
                        &p.alternatives,
                        limits().production_groups,
                        "action.kingdom_legacy.produce.alternatives",
                        "a card's production groups",
                    )?;
                    p.alternatives
                        .iter()
                        .map(|&i| index_from(i, "action.kingdom_legacy.produce.alternatives"))
                        .collect::<Result<Vec<_>, _>>()?
                },
            },
            Some(A::Upgrade(u)) => X::Upgrade {
                card: card_from(u.card, "action.kingdom_legacy.upgrade.card")?,
                index: index_from(u.index, "action.kingdom_legacy.upgrade.index")?,
            },
            Some(A::UseEffect(u)) => {
                const FIELD: &str = "action.kingdom_legacy.use_effect.effect";
                if u.effect.is_empty() {
                    return Err(Invalid::new(FIELD, "name the effect by its id"));
                }
                if u.effect.len() > 64 || u.effect.contains(':') {
                    return Err(Invalid::new(
                        FIELD,
                        format!("no effect `{}`", super::truncate(&u.effect)),
                    ));
                }
                X::UseEffect {
                    card: card_from(u.card, "action.kingdom_legacy.use_effect.card")?,
                    effect: u.effect.clone(),
                }
            }
            Some(A::March(_)) => X::March,
            Some(A::Pass(_)) => X::Pass,
            Some(A::ChooseTrigger(t)) => X::ChooseTrigger { id: t.trigger },
            Some(A::DeclineTrigger(t)) => X::DeclineTrigger { id: t.trigger },
            Some(A::ChooseCards(c)) => X::ChooseCards {
                ids: cards_from(&c.cards, "action.kingdom_legacy.choose_cards.cards")?,
            },
            Some(A::ChooseResource(r)) => X::ChooseResource {
                kind: resource_from(r.resource, "action.kingdom_legacy.choose_resource.resource")?,
            },
            Some(A::ChooseCheckbox(c)) => X::ChooseCheckbox {
                index: index_from(c.index, "action.kingdom_legacy.choose_checkbox.index")?,
            },
            Some(A::ChooseDiscovery(d)) => X::ChooseDiscovery {
                ids: cards_from(&d.cards, "action.kingdom_legacy.choose_discovery.cards")?,
            },
            Some(A::PurgePick(p)) => X::PurgePick {
                card: p
                    .card
                    .map(|c| card_from(c, "action.kingdom_legacy.purge_pick.card"))
                    .transpose()?,
            },
            Some(A::PurgePickPermanent(p)) => X::PurgePickPermanent {
                card: p
                    .card
                    .map(|c| card_from(c, "action.kingdom_legacy.purge_pick_permanent.card"))
                    .transpose()?,
            },
            Some(A::BeginRound(_)) => X::BeginRound,
            Some(A::Suspend(_)) => X::Suspend,
            Some(A::ResetCampaign(_)) => X::ResetCampaign,
            Some(A::ConfirmReset(_)) => X::ConfirmReset,
            Some(A::CancelReset(_)) => X::CancelReset,
            Some(A::StartExpansion(s)) => X::StartExpansion {
                card: card_from(s.card, "action.kingdom_legacy.start_expansion.card")?,
            },
            Some(A::CloseCampaign(_)) => X::CloseCampaign,
        })
    }

    fn action_to_proto(action: &KlgAction) -> pb::Action {
        use KlgAction as X;
        use pb::kingdom_legacy_action as pa;
        let kind = match action {
            X::Produce { card, alts } => A::Produce(pa::Produce {
                card: (*card).into(),
                alternatives: alts.iter().map(|&i| u32::from(i)).collect(),
            }),
            X::Upgrade { card, index } => A::Upgrade(pa::Upgrade {
                card: (*card).into(),
                index: (*index).into(),
            }),
            X::UseEffect { card, effect } => A::UseEffect(pa::UseEffect {
                card: (*card).into(),
                effect: effect.clone(),
            }),
            X::March => A::March(pa::March {}),
            X::Pass => A::Pass(pa::Pass {}),
            X::ChooseTrigger { id } => A::ChooseTrigger(pa::ChooseTrigger { trigger: *id }),
            X::DeclineTrigger { id } => A::DeclineTrigger(pa::DeclineTrigger { trigger: *id }),
            X::ChooseCards { ids } => A::ChooseCards(pa::ChooseCards { cards: ids_to(ids) }),
            X::ChooseResource { kind } => A::ChooseResource(pa::ChooseResource {
                resource: resource_to(*kind),
            }),
            X::ChooseCheckbox { index } => A::ChooseCheckbox(pa::ChooseCheckbox {
                index: (*index).into(),
            }),
            X::ChooseDiscovery { ids } => {
                A::ChooseDiscovery(pa::ChooseDiscovery { cards: ids_to(ids) })
            }
            X::PurgePick { card } => A::PurgePick(pa::PurgePick {
                card: card.map(u32::from),
            }),
            X::PurgePickPermanent { card } => A::PurgePickPermanent(pa::PurgePickPermanent {
                card: card.map(u32::from),
            }),
            X::BeginRound => A::BeginRound(pa::BeginRound {}),
            X::Suspend => A::Suspend(pa::Suspend {}),
            X::ResetCampaign => A::ResetCampaign(pa::ResetCampaign {}),
            X::ConfirmReset => A::ConfirmReset(pa::ConfirmReset {}),
            X::CancelReset => A::CancelReset(pa::CancelReset {}),
            X::StartExpansion { card } => A::StartExpansion(pa::StartExpansion {
                card: (*card).into(),
            }),
            X::CloseCampaign => A::CloseCampaign(pa::CloseCampaign {}),
        };
        pb::Action {
            game: Some(pb::action::Game::KingdomLegacy(pb::KingdomLegacyAction {
                kind: Some(kind),
            })),
        }
    }

    fn view_to_proto(v: KlgView) -> pb::game_view::Game {
        pb::game_view::Game::KingdomLegacy(view_to(&v))
    }

    fn event_to_proto(e: KlgEvent) -> pb::event::Game {
        use KlgEvent as X;
        use pb::kingdom_legacy_event as pe;
        let c = u32::from;
        let kind = match e {
            X::KingdomCreated { reset } => E::KingdomCreated(pe::KingdomCreated { reset }),
            X::KingdomResumed { round } => E::KingdomResumed(pe::KingdomResumed { round }),
            X::DeckShuffled { order, top } => E::DeckShuffled(pe::DeckShuffled {
                // Ascending whatever the caller passed: the order is never shown (KLG-20.2).
                cards: {
                    let mut ids = ids_to(&order);
                    ids.sort_unstable();
                    ids
                },
                top: top.map(c),
            }),
            X::RoundStarted { round, expansion } => E::RoundStarted(pe::RoundStarted {
                round,
                expansion: expansion.map(c),
            }),
            X::TurnStarted { round } => E::TurnStarted(pe::TurnStarted { round }),
            X::CardsPlayed { cards, cause } => E::CardsPlayed(pe::CardsPlayed {
                cards: ids_to(&cards),
                cause: play_cause_to(cause),
            }),
            X::ResourcesCleared => E::ResourcesCleared(pe::ResourcesCleared {}),
            X::Gained { bag } => E::Gained(pe::Gained {
                resources: Some(bag_to(&bag)),
            }),
            X::Paid { bag } => E::Paid(pe::Paid {
                resources: Some(bag_to(&bag)),
            }),
            X::Produced { card, gained } => E::Produced(pe::Produced {
                card: c(card),
                gained: Some(bag_to(&gained)),
            }),
            X::Upgraded {
                card,
                from,
                to,
                cost,
            } => E::Upgraded(pe::Upgraded {
                card: c(card),
                from: orientation_to(from),
                to: orientation_to(to),
                cost: Some(bag_to(&cost)),
            }),
            X::EffectUsed { card, effect } => E::EffectUsed(pe::EffectUsed {
                card: c(card),
                effect,
            }),
            X::TriggerPending {
                id,
                card,
                effect,
                mandatory,
            } => E::TriggerPending(pe::TriggerPending {
                trigger: id,
                card: c(card),
                effect,
                mandatory,
            }),
            X::TriggerResolved { id, card, effect } => E::TriggerResolved(pe::TriggerResolved {
                trigger: id,
                card: c(card),
                effect,
            }),
            X::TriggerDeclined { id, card, effect } => E::TriggerDeclined(pe::TriggerDeclined {
                trigger: id,
                card: c(card),
                effect,
            }),
            X::TriggerDropped { id, card, effect } => E::TriggerDropped(pe::TriggerDropped {
                trigger: id,
                card: c(card),
                effect,
            }),
            X::InstructionSkipped { card, reason } => {
                E::InstructionSkipped(pe::InstructionSkipped {
                    card: card.map(c),
                    reason,
                })
            }
            X::CardMoved { card, from, to } => E::CardMoved(pe::CardMoved {
                card: c(card),
                from: location_to(from),
                to: location_to(to),
            }),
            X::CardTurned { card, from, to } => E::CardTurned(pe::CardTurned {
                card: c(card),
                from: orientation_to(from),
                to: orientation_to(to),
            }),
            X::CardBlocked { card, by } => E::CardBlocked(pe::CardBlocked {
                card: c(card),
                by: c(by),
            }),
            X::CardUnblocked { card } => E::CardUnblocked(pe::CardUnblocked { card: c(card) }),
            X::CardStaysInPlay { card } => {
                E::CardStaysInPlay(pe::CardStaysInPlay { card: c(card) })
            }
            X::CardDestroyed { card, pending } => E::CardDestroyed(pe::CardDestroyed {
                card: c(card),
                pending,
            }),
            X::DestructionsFinalized { cards } => {
                E::DestructionsFinalized(pe::DestructionsFinalized {
                    cards: ids_to(&cards),
                })
            }
            X::CardsRevealed { cards } => E::CardsRevealed(pe::CardsRevealed {
                cards: ids_to(&cards),
            }),
            X::CardDiscovered { card, to } => E::CardDiscovered(pe::CardDiscovered {
                card: c(card),
                to: location_to(to),
            }),
            X::ParchmentExecuted { card } => {
                E::ParchmentExecuted(pe::ParchmentExecuted { card: c(card) })
            }
            X::LastRound => E::LastRound(pe::LastRound {}),
            X::StickerApplied {
                card,
                no,
                orientation,
            } => E::StickerApplied(pe::StickerApplied {
                card: c(card),
                sticker: no,
                orientation: orientation_to(orientation),
            }),
            X::StickerUnavailable { no } => {
                E::StickerUnavailable(pe::StickerUnavailable { sticker: no })
            }
            X::ProductionIncreased { card, resource } => {
                E::ProductionIncreased(pe::ProductionIncreased {
                    card: c(card),
                    resource: resource_to(resource),
                })
            }
            X::BoxTicked {
                card,
                orientation,
                index,
            } => E::BoxTicked(pe::BoxTicked {
                card: c(card),
                orientation: orientation_to(orientation),
                index: index.into(),
            }),
            X::EffectCrossedOut {
                card,
                orientation,
                effect,
            } => E::EffectCrossedOut(pe::EffectCrossedOut {
                card: c(card),
                orientation: orientation_to(orientation),
                effect,
            }),
            X::TurnEnded => E::TurnEnded(pe::TurnEnded {}),
            X::RoundEnded { round } => E::RoundEnded(pe::RoundEnded { round }),
            X::BaseScored { fame, score } => E::BaseScored(pe::BaseScored { fame, score }),
            X::ExpansionScored { expansion, score } => E::ExpansionScored(pe::ExpansionScored {
                expansion: c(expansion),
                score,
            }),
            X::ExpansionStarted { card } => {
                E::ExpansionStarted(pe::ExpansionStarted { card: c(card) })
            }
            X::ExpansionStageChanged { card, to } => {
                E::ExpansionStageChanged(pe::ExpansionStageChanged {
                    card: c(card),
                    to: orientation_to(to),
                })
            }
            X::PurgeShuffled { order } => E::PurgeShuffled(pe::PurgeShuffled {
                cards: {
                    let mut ids = ids_to(&order);
                    ids.sort_unstable();
                    ids
                },
            }),
            X::PurgeBatch { cards } => E::PurgeBatch(pe::PurgeBatch {
                cards: ids_to(&cards),
            }),
            X::PurgePicked { card, fame } => E::PurgePicked(pe::PurgePicked {
                card: card.map(c),
                fame,
            }),
            X::PurgeFameRecorded { expansion, value } => {
                E::PurgeFameRecorded(pe::PurgeFameRecorded {
                    expansion: c(expansion),
                    value,
                })
            }
            X::CampaignReset => E::CampaignReset(pe::CampaignReset {}),
            X::Suspended { round } => E::Suspended(pe::Suspended { round }),
            X::CampaignClosed => E::CampaignClosed(pe::CampaignClosed {}),
        };
        pb::event::Game::KingdomLegacy(pb::KingdomLegacyEvent { kind: Some(kind) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_map_to_the_config() {
        let c = KingdomLegacy::config_from_proto(None, None).unwrap();
        assert_eq!(c, Config::default());
        assert!(c.allow_permanent_upgrade && c.record.is_none());
        let o = pb::GameOptions {
            game: Some(pb::game_options::Game::KingdomLegacy(
                pb::KingdomLegacyOptions {
                    allow_permanent_upgrade: Some(false),
                    pack: pb::KingdomLegacyPack::TestLibrary as i32,
                },
            )),
        };
        let c = KingdomLegacy::config_from_proto(Some(&o), Some("solo")).unwrap();
        assert_eq!(c.pack, Pack::TestLibrary);
        assert!(!c.allow_permanent_upgrade);
    }

    fn invalid<T: std::fmt::Debug>(r: Result<T, Invalid>, want_field: &str) {
        match r {
            Err(Invalid { field, .. }) => assert_eq!(field, want_field),
            other => panic!("expected INVALID_ARGUMENT on {want_field}, got {other:?}"),
        }
    }

    #[test]
    fn malformed_options_scenarios_and_actions_are_invalid() {
        invalid(KingdomLegacy::config_from_proto(None, Some("duo")), "mode");
        let claim = pb::GameOptions {
            game: Some(pb::game_options::Game::Claim(Default::default())),
        };
        invalid(
            KingdomLegacy::config_from_proto(Some(&claim), None),
            "options",
        );
        let bad_pack = pb::GameOptions {
            game: Some(pb::game_options::Game::KingdomLegacy(
                pb::KingdomLegacyOptions {
                    pack: 9,
                    ..Default::default()
                },
            )),
        };
        invalid(
            KingdomLegacy::config_from_proto(Some(&bad_pack), None),
            "options.kingdom_legacy.pack",
        );
        let scenario = |deck: Vec<u32>| pb::Scenario {
            game: Some(pb::scenario::Game::KingdomLegacy(
                pb::KingdomLegacyScenario { deck },
            )),
        };
        invalid(
            KingdomLegacy::scenario_from_proto(Some(&scenario(vec![1, 70_000]))),
            "scenario.kingdom_legacy.deck",
        );
        assert_eq!(
            KingdomLegacy::scenario_from_proto(Some(&scenario(vec![3, 1, 2]))).unwrap(),
            Some(Scenario {
                deck: Some(vec![3, 1, 2])
            })
        );
        assert_eq!(
            KingdomLegacy::scenario_from_proto(Some(&scenario(vec![]))).unwrap(),
            Some(Scenario { deck: None })
        );
        use pb::kingdom_legacy_action as pa;
        let typed = |kind: A| pb::Action {
            game: Some(pb::action::Game::KingdomLegacy(pb::KingdomLegacyAction {
                kind: Some(kind),
            })),
        };
        invalid(
            KingdomLegacy::action_from_proto(&pb::Action {
                game: Some(pb::action::Game::KingdomLegacy(Default::default())),
            }),
            "action.kingdom_legacy",
        );
        invalid(
            KingdomLegacy::action_from_proto(&pb::Action::default()),
            "action",
        );
        invalid(
            KingdomLegacy::action_from_proto(&typed(A::Produce(pa::Produce {
                card: 7,
                alternatives: vec![300],
            }))),
            "action.kingdom_legacy.produce.alternatives",
        );
        invalid(
            KingdomLegacy::action_from_proto(&typed(A::Upgrade(pa::Upgrade {
                card: 1 << 20,
                index: 0,
            }))),
            "action.kingdom_legacy.upgrade.card",
        );
        invalid(
            KingdomLegacy::action_from_proto(&typed(A::UseEffect(pa::UseEffect {
                card: 7,
                effect: String::new(),
            }))),
            "action.kingdom_legacy.use_effect.effect",
        );
        invalid(
            KingdomLegacy::action_from_proto(&typed(A::ChooseCards(pa::ChooseCards {
                cards: vec![5, 3],
            }))),
            "action.kingdom_legacy.choose_cards.cards",
        );
        invalid(
            KingdomLegacy::action_from_proto(&typed(A::ChooseDiscovery(pa::ChooseDiscovery {
                cards: vec![4, 4],
            }))),
            "action.kingdom_legacy.choose_discovery.cards",
        );
        invalid(
            KingdomLegacy::action_from_proto(&typed(A::ChooseResource(pa::ChooseResource {
                resource: 0,
            }))),
            "action.kingdom_legacy.choose_resource.resource",
        );
        assert_eq!(
            KingdomLegacy::action_from_proto(&typed(A::PurgePick(pa::PurgePick { card: None })))
                .unwrap(),
            KlgAction::PurgePick { card: None }
        );
    }
}
