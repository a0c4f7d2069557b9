//! Kingdom Legacy in English: the modes' descriptions, the event summaries and the words they use.

use super::data::{
    Action as Instr, Count, DeckPosition, OthersPolicy, SelectCount, Selector, SelectorZone,
    StageRef, TickPolicy, TurnHow,
};
use super::*;
use crate::text::plural;

/// The one mode: the game is solo (KLG-1.1).
pub(crate) fn modes() -> Vec<crate::Mode<Config>> {
    vec![crate::Mode {
        name: "solo",
        seats: 1,
        description: "one player builds a kingdom over the sittings of a campaign",
        config: Config::default(),
    }]
}

// ---- the card language ------------------------------------------------------------------------

fn id_list(ids: &[CardId]) -> String {
    ids.iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn zone_words(z: SelectorZone) -> &'static str {
    match z {
        SelectorZone::Active => "in play",
        SelectorZone::Permanent => "among the permanent cards",
        SelectorZone::Discard => "in the discard pile",
        SelectorZone::Kingdom => "in the kingdom",
    }
}

fn selector_words(s: &Selector) -> String {
    let c = match s {
        Selector::This { .. } => return "this card".into(),
        Selector::Cards(c) => c,
    };
    let mut noun = String::from("card");
    let f = &c.filter;
    if let Some(ids) = &f.ids {
        noun = format!("card {}", id_list(ids));
    } else {
        let mut adj = Vec::new();
        if let Some(h) = f.hostile {
            adj.push(if h { "hostile" } else { "friendly" }.to_string());
        }
        if let Some(cats) = &f.category {
            adj.push(cats.join("/"));
        }
        if let Some(subs) = &f.subcategory {
            adj.push(subs.join("/"));
        }
        if !adj.is_empty() {
            noun = format!("{} card", adj.join(" "));
        }
        if let Some(rs) = &f.produces {
            let rs: Vec<&str> = rs.iter().map(|r| r.as_str()).collect();
            noun = format!("{noun} producing {}", rs.join("/"));
        }
    }
    let count = match c.count {
        SelectCount::Exactly(1) => format!("a {noun}"),
        SelectCount::Exactly(n) => format!("{n} {noun}s"),
        SelectCount::UpTo(n) => format!("up to {n} {noun}s"),
        SelectCount::All => format!("every {noun}"),
    };
    let zones: Vec<&str> = c.zones.iter().map(|z| zone_words(*z)).collect();
    if zones.is_empty() {
        count
    } else {
        format!("{count} {}", zones.join(" or "))
    }
}

/// One printed instruction in plain words (checkbox symbols).
pub fn instr_words(a: &Instr) -> String {
    match a {
        Instr::Gain(bag) => format!("gain {bag}"),
        Instr::GainAny(n) => format!(
            "gain {} of your choice",
            plural(*n, "resource", "resources")
        ),
        Instr::GainPer { bag, per } => match per {
            Count::Cards(s) => format!("gain {bag} per {}", selector_words(s)),
            Count::TickedBoxes(_) => format!("gain {bag} per ticked box on this card"),
        },
        Instr::Discover(ids) => format!("discover card {}", id_list(ids)),
        Instr::DiscoverChoice {
            cards,
            choose,
            others,
        } => format!(
            "discover {choose} of cards {}{}",
            id_list(cards),
            match others {
                OthersPolicy::Stay => "",
                OthersPolicy::Destroy => ", destroy the others",
            }
        ),
        Instr::Turn { target, how } => format!(
            "{} {}",
            match how {
                TurnHow::Rotate => "rotate".to_string(),
                TurnHow::Flip => "flip".to_string(),
                TurnHow::To(o) => format!("turn to {}", o.as_str()),
            },
            selector_words(target)
        ),
        Instr::Block(s) => format!("block {}", selector_words(s)),
        Instr::Discard(s) => format!("discard {}", selector_words(s)),
        Instr::Destroy(s) => format!("destroy {}", selector_words(s)),
        Instr::PutOnDeck { target, position } => format!(
            "put {} {} the deck",
            selector_words(target),
            match position {
                DeckPosition::Top => "on top of",
                DeckPosition::Bottom => "at the bottom of",
            }
        ),
        Instr::Sticker { no, target, stage } => format!(
            "apply sticker {no} to {}{}",
            selector_words(target),
            match stage {
                StageRef::Active => String::new(),
                StageRef::At(o) => format!(" (stage {})", o.as_str()),
            }
        ),
        Instr::IncreaseProduction(s) => {
            format!("increase the production of {}", selector_words(s))
        }
        Instr::Tick { target, policy } => format!(
            "tick a box on {}{}",
            selector_words(target),
            match policy {
                TickPolicy::Choice => "",
                TickPolicy::InOrder => " (in order)",
            }
        ),
        Instr::StayInPlay(s) => format!("{} stays in play", selector_words(s)),
        Instr::EndTurn => "end the turn".into(),
        Instr::Purge(n) => format!("purge {n}"),
        Instr::PurgePermanent(n) => {
            format!("purge {}", plural(*n, "permanent card", "permanent cards"))
        }
    }
}

fn location_words(l: Location) -> &'static str {
    match l {
        Location::Box => "the box",
        Location::Deck => "the deck",
        Location::Active => "play",
        Location::Discard => "the discard pile",
        Location::Permanent => "the permanent cards",
        Location::Expansion => "the expansion zone",
        Location::PendingDestruction => "the set-aside pile",
        Location::Destroyed => "the destroyed cards",
        Location::Purge => "the purge",
    }
}

fn cards_words(ids: &[CardId]) -> String {
    match ids {
        [] => "no cards".into(),
        [one] => format!("card {one}"),
        _ => format!("cards {}", id_list(ids)),
    }
}

fn effect_words(card: CardId, effect: &str) -> String {
    format!("card {card}'s effect {effect}")
}

/// The one-line summary of an (already redacted) event.
pub(crate) fn event_summary(e: &KlgEvent) -> String {
    use KlgEvent as X;
    match e {
        X::KingdomCreated { reset: false } => "A new kingdom is founded from cards 1–10".into(),
        X::KingdomCreated { reset: true } => {
            "The kingdom starts again from cards 1–10 (reset)".into()
        }
        X::KingdomResumed { round } => {
            format!("The stored kingdom is taken out of the box after round {round}")
        }
        X::DeckShuffled { order, top } => format!(
            "{} shuffled into the deck{}",
            plural(order.len(), "card is", "cards are"),
            match top {
                Some(t) => format!("; card {t} is on top"),
                None => String::new(),
            }
        ),
        X::RoundStarted {
            round,
            expansion: None,
        } => format!("Round {round} begins"),
        X::RoundStarted {
            round,
            expansion: Some(x),
        } => format!("Round {round} of expansion {x} begins"),
        X::TurnStarted { round } => format!("A turn of round {round} begins"),
        X::CardsPlayed { cards, cause } => format!(
            "{} {} played{}",
            match cards.as_slice() {
                [_] => "Card",
                _ => "Cards",
            },
            id_list(cards),
            match cause {
                PlayCause::TurnStart => "",
                PlayCause::March => " (march)",
            }
        ),
        X::ResourcesCleared => "The resources are lost (a card entered play)".into(),
        X::Gained { bag } => format!("Gained {bag}"),
        X::Paid { bag } => format!("Paid {bag}"),
        X::Produced { card, gained } => format!("Card {card} produced {gained}"),
        X::Upgraded {
            card,
            from,
            to,
            cost,
        } => format!(
            "Card {card} upgraded from {} to {} for {cost}; the turn ends",
            from.as_str(),
            to.as_str()
        ),
        X::EffectUsed { card, effect } => format!("Used {}", effect_words(*card, effect)),
        X::TriggerPending {
            card,
            effect,
            mandatory,
            ..
        } => format!(
            "{} triggers ({})",
            effect_words(*card, effect),
            if *mandatory { "mandatory" } else { "optional" }
        ),
        X::TriggerResolved { card, effect, .. } => {
            format!("Resolving {}", effect_words(*card, effect))
        }
        X::TriggerDeclined { card, effect, .. } => {
            format!("Declined {}", effect_words(*card, effect))
        }
        X::TriggerDropped { card, effect, .. } => {
            format!("{} can no longer be performed", effect_words(*card, effect))
        }
        X::InstructionSkipped { card, reason } => match card {
            Some(c) => format!("An instruction of card {c} is skipped: {reason}"),
            None => format!("An instruction is skipped: {reason}"),
        },
        X::CardMoved { card, from, to } => format!(
            "Card {card} moves from {} to {}",
            location_words(*from),
            location_words(*to)
        ),
        X::CardTurned { card, from, to } => format!(
            "Card {card} is turned from {} to {}",
            from.as_str(),
            to.as_str()
        ),
        X::CardBlocked { card, by } => format!("Card {card} is blocked by card {by}"),
        X::CardUnblocked { card } => format!("Card {card} is no longer blocked"),
        X::CardStaysInPlay { card } => format!("Card {card} stays in play"),
        X::CardDestroyed {
            card,
            pending: false,
        } => format!("Card {card} is destroyed"),
        X::CardDestroyed {
            card,
            pending: true,
        } => format!("Card {card} is set aside for destruction (until card 23)"),
        X::DestructionsFinalized { cards } => {
            format!(
                "The set-aside {} destroyed for good",
                match cards.as_slice() {
                    [c] => format!("card {c} is"),
                    _ => format!("{} are", cards_words(cards)),
                }
            )
        }
        X::CardsRevealed { cards } => {
            format!("{} revealed for a choice", cards_words(cards))
        }
        X::CardDiscovered { card, to } => {
            format!("Card {card} is discovered into {}", location_words(*to))
        }
        X::ParchmentExecuted { card } => format!("Parchment {card} is executed"),
        X::LastRound => "Card 70 is in the kingdom: this is the last round".into(),
        X::StickerApplied {
            card,
            no,
            orientation,
        } => format!(
            "Sticker {no} is applied to card {card} (stage {})",
            orientation.as_str()
        ),
        X::StickerUnavailable { no } => format!("No sticker {no} is left: nothing happens"),
        X::ProductionIncreased { card, resource } => {
            format!("Card {card} now produces 1 more {}", resource.as_str())
        }
        X::BoxTicked {
            card,
            orientation,
            index,
        } => format!(
            "Box {} of card {card} (stage {}) is ticked",
            u32::from(*index) + 1,
            orientation.as_str()
        ),
        X::EffectCrossedOut {
            card,
            orientation,
            effect,
        } => format!(
            "{} (stage {}) is crossed out",
            effect_words(*card, effect),
            orientation.as_str()
        ),
        X::TurnEnded => "The turn ends".into(),
        X::RoundEnded { round } => format!("Round {round} ends"),
        X::BaseScored { fame, score } => {
            format!("The base game is scored: kingdom fame {fame}, score {score}")
        }
        X::ExpansionScored { expansion, score } => {
            format!("Expansion {expansion} is scored: {score}")
        }
        X::ExpansionStarted { card } => format!("Expansion {card} begins"),
        X::ExpansionStageChanged { card, to } => {
            format!("Expansion card {card} turns to {}", to.as_str())
        }
        X::PurgeShuffled { order } => format!(
            "{} shuffled for the purge",
            plural(order.len(), "card is", "cards are")
        ),
        X::PurgeBatch { cards } => format!("Purge batch drawn: {}", cards_words(cards)),
        X::PurgePicked {
            card: Some(c),
            fame,
        } => format!("Card {c} is set aside for the purge (fame {fame})"),
        X::PurgePicked { card: None, .. } => "Nothing is purged from this batch".into(),
        X::PurgeFameRecorded { expansion, value } => {
            format!("Purge fame {value} is recorded for expansion {expansion}")
        }
        X::CampaignReset => "The kingdom is reset".into(),
        X::Suspended { round } => format!("The kingdom is stored after round {round}"),
        X::CampaignClosed => "The campaign is closed".into(),
    }
}
