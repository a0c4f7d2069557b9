//! The actions of §9 (decision points D1–D18), their stable ids (`produce:7:0`,
//! `choose_cards:1,5`) and readable labels.

use super::data::{DeckPosition, StickerKind, TurnHow};
use super::state::{CardPurpose, Decision, ResourcePurpose, State};
use super::types::{CardId, Resource};
use serde::{Deserialize, Serialize};

/// Every decision of the player (§9; the D number is the decision point).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum KlgAction {
    /// D1: discard `card` for its production, one alternative index per production group.
    Produce { card: CardId, alts: Vec<u8> },
    /// D2: the `index`-th upgrade of `card`'s active stage.
    Upgrade { card: CardId, index: u8 },
    /// D3: use the effect with this id on `card`'s active stage.
    UseEffect { card: CardId, effect: String },
    /// D4.
    March,
    /// D5.
    Pass,
    /// D6: resolve this pending trigger next.
    ChooseTrigger { id: u32 },
    /// D7: decline this optional pending trigger.
    DeclineTrigger { id: u32 },
    /// D8: the chosen cards, ascending.
    ChooseCards { ids: Vec<CardId> },
    /// D10.
    ChooseResource { kind: Resource },
    /// D11.
    ChooseCheckbox { index: u8 },
    /// D12: the cards to discover, ascending.
    ChooseDiscovery { ids: Vec<CardId> },
    /// D14: `None` only when the batch holds no eligible card.
    PurgePick { card: Option<CardId> },
    /// D15: `None` only when no permanent card is eligible.
    PurgePickPermanent { card: Option<CardId> },
    /// D16.
    BeginRound,
    /// D16: store the kingdom and end the sitting (KLG-16.3).
    Suspend,
    /// D17: asks to reset; the reset happens only on [`KlgAction::ConfirmReset`].
    ResetCampaign,
    /// D17: wipe the kingdom and start again (after `ResetCampaign`).
    ConfirmReset,
    /// D17: keep the kingdom (after `ResetCampaign`).
    CancelReset,
    /// D18.
    StartExpansion { card: CardId },
    /// D18.
    CloseCampaign,
}

/// Comma-joined ids for action ids.
fn join(ids: &[impl ToString]) -> String {
    ids.iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Inverse of `join` (empty = no ids).
fn split<T: std::str::FromStr>(s: &str) -> Option<Vec<T>> {
    if s.is_empty() {
        return Some(Vec::new());
    }
    s.split(',').map(|p| p.parse().ok()).collect()
}

/// `none` or the card id.
fn opt(card: Option<CardId>) -> String {
    card.map_or_else(|| "none".to_string(), |c| c.to_string())
}

/// Inverse of `opt`.
fn parse_opt(s: &str) -> Option<Option<CardId>> {
    if s == "none" {
        Some(None)
    } else {
        s.parse().ok().map(Some)
    }
}

/// The stable id of an action (`Game::action_id`).
pub fn action_id(a: &KlgAction) -> String {
    match a {
        KlgAction::Produce { card, alts } => format!("produce:{card}:{}", join(alts)),
        KlgAction::Upgrade { card, index } => format!("upgrade:{card}:{index}"),
        KlgAction::UseEffect { card, effect } => format!("use_effect:{card}:{effect}"),
        KlgAction::March => "march".into(),
        KlgAction::Pass => "pass".into(),
        KlgAction::ChooseTrigger { id } => format!("choose_trigger:{id}"),
        KlgAction::DeclineTrigger { id } => format!("decline_trigger:{id}"),
        KlgAction::ChooseCards { ids } => format!("choose_cards:{}", join(ids)),
        KlgAction::ChooseResource { kind } => format!("choose_resource:{}", kind.as_str()),
        KlgAction::ChooseCheckbox { index } => format!("choose_checkbox:{index}"),
        KlgAction::ChooseDiscovery { ids } => format!("choose_discovery:{}", join(ids)),
        KlgAction::PurgePick { card } => format!("purge_pick:{}", opt(*card)),
        KlgAction::PurgePickPermanent { card } => format!("purge_pick_permanent:{}", opt(*card)),
        KlgAction::BeginRound => "begin_round".into(),
        KlgAction::Suspend => "suspend".into(),
        KlgAction::ResetCampaign => "reset_campaign".into(),
        KlgAction::ConfirmReset => "reset_campaign:confirm".into(),
        KlgAction::CancelReset => "reset_campaign:cancel".into(),
        KlgAction::StartExpansion { card } => format!("start_expansion:{card}"),
        KlgAction::CloseCampaign => "close_campaign".into(),
    }
}

/// Inverse of [`action_id`].
pub fn parse_action_id(id: &str) -> Option<KlgAction> {
    let mut parts = id.splitn(3, ':');
    let head = parts.next()?;
    let a = parts.next();
    let b = parts.next();
    let action = match (head, a, b) {
        ("produce", Some(card), Some(alts)) => KlgAction::Produce {
            card: card.parse().ok()?,
            alts: split(alts)?,
        },
        ("upgrade", Some(card), Some(index)) => KlgAction::Upgrade {
            card: card.parse().ok()?,
            index: index.parse().ok()?,
        },
        ("use_effect", Some(card), Some(effect)) if !effect.is_empty() => KlgAction::UseEffect {
            card: card.parse().ok()?,
            effect: effect.to_string(),
        },
        ("march", None, None) => KlgAction::March,
        ("pass", None, None) => KlgAction::Pass,
        ("choose_trigger", Some(id), None) => KlgAction::ChooseTrigger {
            id: id.parse().ok()?,
        },
        ("decline_trigger", Some(id), None) => KlgAction::DeclineTrigger {
            id: id.parse().ok()?,
        },
        ("choose_cards", Some(ids), None) => KlgAction::ChooseCards { ids: split(ids)? },
        ("choose_resource", Some(kind), None) => KlgAction::ChooseResource {
            kind: Resource::parse(kind)?,
        },
        ("choose_checkbox", Some(i), None) => KlgAction::ChooseCheckbox {
            index: i.parse().ok()?,
        },
        ("choose_discovery", Some(ids), None) => KlgAction::ChooseDiscovery { ids: split(ids)? },
        ("purge_pick", Some(c), None) => KlgAction::PurgePick {
            card: parse_opt(c)?,
        },
        ("purge_pick_permanent", Some(c), None) => KlgAction::PurgePickPermanent {
            card: parse_opt(c)?,
        },
        ("begin_round", None, None) => KlgAction::BeginRound,
        ("suspend", None, None) => KlgAction::Suspend,
        ("reset_campaign", None, None) => KlgAction::ResetCampaign,
        ("reset_campaign", Some("confirm"), None) => KlgAction::ConfirmReset,
        ("reset_campaign", Some("cancel"), None) => KlgAction::CancelReset,
        ("start_expansion", Some(c), None) => KlgAction::StartExpansion {
            card: c.parse().ok()?,
        },
        ("close_campaign", None, None) => KlgAction::CloseCampaign,
        _ => return None,
    };
    // Only canonical ids parse (e.g. no leading zeros, no spaces).
    (action_id(&action) == id).then_some(action)
}

/// "Name (id)" of a card on its active stage.
fn name(st: &State, id: CardId) -> String {
    let o = st.cards.get(&id).map(|c| c.orientation);
    match o.and_then(|o| super::pack_content(st.pack).stage(id, o)) {
        Some(stage) => format!("{} ({id})", stage.name),
        None => format!("card {id}"),
    }
}

/// Names of several cards.
fn names(st: &State, ids: &[CardId]) -> String {
    if ids.is_empty() {
        return "nothing".into();
    }
    ids.iter()
        .map(|&i| name(st, i))
        .collect::<Vec<_>>()
        .join(", ")
}

/// D8: what choosing these cards does, by the open decision's purpose (KLG-8.9).
fn cards_label(st: &State, ids: &[CardId]) -> String {
    let purpose = match &st.decision {
        Some(Decision::Cards { purpose, .. }) => purpose,
        _ => return format!("Choose {}", names(st, ids)),
    };
    let who = names(st, ids);
    if ids.is_empty() {
        return match purpose {
            CardPurpose::Block => "Block no card".into(),
            CardPurpose::Discard => "Discard no card".into(),
            CardPurpose::Destroy => "Destroy no card".into(),
            CardPurpose::Turn(_) => "Turn no card".into(),
            CardPurpose::PutOnDeck(_) => "Put no card on the deck".into(),
            CardPurpose::Sticker { .. } => "Apply no sticker".into(),
            CardPurpose::IncreaseProduction => "Increase no card's production".into(),
            CardPurpose::Tick(_) => "Tick no box".into(),
            CardPurpose::StayInPlay => "Let no card stay in play".into(),
        };
    }
    match purpose {
        CardPurpose::Block => format!("Block {who}"),
        CardPurpose::Discard => format!("Discard {who}"),
        CardPurpose::Destroy => format!("Destroy {who}"),
        CardPurpose::Turn(how) => match how {
            TurnHow::Rotate => format!("Turn {who} upside down (↓)"),
            TurnHow::Flip => format!("Flip {who} to its other side (→)"),
            TurnHow::To(o) => format!("Turn {who} to {}", o.as_str()),
        },
        CardPurpose::PutOnDeck(DeckPosition::Top) => format!("Put {who} on top of the deck"),
        CardPurpose::PutOnDeck(DeckPosition::Bottom) => {
            format!("Put {who} at the bottom of the deck")
        }
        CardPurpose::Sticker { no, .. } => {
            let what = super::pack_content(st.pack)
                .sticker(no)
                .map(|d| match d.kind {
                    StickerKind::Production { resource } => format!(" (+1 {})", resource.as_str()),
                    StickerKind::Fame { amount } => format!(" (+{amount} fame)"),
                    StickerKind::StaysInPlay => " (stays in play)".to_string(),
                    _ => String::new(),
                })
                .unwrap_or_default();
            format!("Apply sticker {no}{what} to {who}")
        }
        CardPurpose::IncreaseProduction => format!("Increase the production of {who}"),
        CardPurpose::Tick(_) => format!("Tick a box on {who}"),
        CardPurpose::StayInPlay => format!("Let {who} stay in play"),
    }
}

/// A short readable label (`Game::action_label`).
pub fn action_label(st: &State, a: &KlgAction) -> String {
    let content = super::pack_content(st.pack);
    match a {
        KlgAction::Produce { card, alts } => {
            let gain = super::turn::produce_gain(st, *card, alts)
                .map(|b| b.to_string())
                .unwrap_or_default();
            format!("Produce with {} ({gain})", name(st, *card))
        }
        KlgAction::Upgrade { card, index } => {
            let o = st.cards.get(card).map(|c| c.orientation);
            let up = o
                .and_then(|o| content.stage(*card, o))
                .and_then(|s| s.upgrades.get(*index as usize));
            match up {
                Some(u) => format!(
                    "Upgrade {} to {} for {}",
                    name(st, *card),
                    content
                        .stage(*card, u.to)
                        .map_or(u.to.as_str(), |s| s.name.as_str()),
                    u.cost
                ),
                None => format!("Upgrade {}", name(st, *card)),
            }
        }
        KlgAction::UseEffect { card, effect } => {
            let o = st.cards.get(card).map(|c| c.orientation);
            let text = o
                .and_then(|o| content.stage(*card, o))
                .and_then(|s| s.effects.iter().find(|e| &e.id == effect))
                .map(|e| e.text.clone())
                .unwrap_or_default();
            if text.is_empty() {
                format!("Use {} {effect}", name(st, *card))
            } else {
                format!("Use {}: {text}", name(st, *card))
            }
        }
        KlgAction::March => "March (play 2 more cards)".into(),
        KlgAction::Pass => "Pass (end the turn)".into(),
        KlgAction::ChooseTrigger { id } | KlgAction::DeclineTrigger { id } => {
            let verb = if matches!(a, KlgAction::ChooseTrigger { .. }) {
                "Resolve"
            } else {
                "Decline"
            };
            match st.pool.iter().find(|t| t.id == *id) {
                Some(t) => {
                    let text = content
                        .stage(t.card, t.orientation)
                        .and_then(|s| s.effects.iter().find(|e| e.id == t.effect))
                        .map(|e| e.text.as_str())
                        .unwrap_or_default();
                    if text.is_empty() {
                        format!("{verb} {} {}", name(st, t.card), t.effect)
                    } else {
                        format!("{verb} {}: {text}", name(st, t.card))
                    }
                }
                None => format!("{verb} trigger {id}"),
            }
        }
        KlgAction::ChooseCards { ids } => cards_label(st, ids),
        KlgAction::ChooseResource { kind } => match &st.decision {
            Some(Decision::Resource {
                purpose: ResourcePurpose::GainAny { remaining },
                ..
            }) => {
                let more = if *remaining > 0 {
                    format!(" ({remaining} more to choose)")
                } else {
                    String::new()
                };
                format!("Gain 1 {}{more}", kind.as_str())
            }
            Some(Decision::Resource {
                purpose: ResourcePurpose::IncreaseProduction { card },
                ..
            }) => format!(
                "Increase the {} production of {} by 1",
                kind.as_str(),
                name(st, *card)
            ),
            _ => format!("Choose {}", kind.as_str()),
        },
        KlgAction::ChooseCheckbox { index } => match &st.decision {
            Some(Decision::Checkbox {
                card,
                orientation,
                cost,
                ..
            }) => {
                let bx = content
                    .stage(*card, *orientation)
                    .and_then(|s| s.checkboxes.get(*index as usize));
                let mut what: Vec<String> = Vec::new();
                if let Some(b) = bx {
                    if !b.gain.is_empty() {
                        what.push(format!("gain {}", b.gain));
                    }
                    if b.fame != 0 {
                        what.push(format!("{} fame", b.fame));
                    }
                    if !b.on_tick.is_empty() {
                        what.push("its instruction".into());
                    }
                }
                let why = if *cost { " to pay the cost" } else { "" };
                let what = if what.is_empty() {
                    String::new()
                } else {
                    format!(": {}", what.join(", "))
                };
                format!("Tick box {} on {}{why}{what}", index + 1, name(st, *card))
            }
            _ => format!("Tick box {}", index + 1),
        },
        KlgAction::ChooseDiscovery { ids } => format!("Discover {}", names(st, ids)),
        KlgAction::PurgePick { card: Some(c) } => format!("Purge {}", name(st, *c)),
        KlgAction::PurgePick { card: None } => "Purge nothing from this batch".into(),
        KlgAction::PurgePickPermanent { card: Some(c) } => {
            format!("Purge permanent {}", name(st, *c))
        }
        KlgAction::PurgePickPermanent { card: None } => "Purge no permanent card".into(),
        KlgAction::BeginRound => format!("Begin round {}", st.round() + 1),
        KlgAction::Suspend => "Store the kingdom".into(),
        KlgAction::ResetCampaign => {
            "Reset the kingdom… (start again from cards 1–10; asks to confirm)".into()
        }
        KlgAction::ConfirmReset => {
            "Yes, reset: every card back in the box, all progress lost, start again".into()
        }
        KlgAction::CancelReset => "No, keep the kingdom and go on".into(),
        KlgAction::StartExpansion { card } => format!("Start expansion {}", name(st, *card)),
        KlgAction::CloseCampaign => "Close the campaign".into(),
    }
}
