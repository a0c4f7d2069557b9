//! The actions of spec §9 with stable string ids (`move:2`, `place:foot:c07r06:loot`,
//! `god:1:DANCERS,TEMPLES`, …), their parser and readable labels.

use serde::{Deserialize, Serialize};

use super::state::PantheonState;
use super::text::{card_words, kind_words};
use super::types::*;

/// Every decision of §9. Multisets of identical cards are counts (`start_movement{n}`,
/// `start_purchase` as counts per money value, `discard_to_seven` as counts per card kind).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "action")]
pub enum PantheonAction {
    /// PTH-14.3 `choose_bonus_token{bonus_id}`.
    ChooseBonusToken { bonus: String },
    /// PTH-11.2 `gallia_draw_two`.
    GalliaDrawTwo,
    /// PTH-11.2 `gallia_reveal_god`.
    GalliaRevealGod,
    /// PTH-11.2 `gallia_take_god{kind}` (owned OFFERING_WILDCARD pieces are used where cards
    /// would otherwise be needed, PTH-15.5).
    GalliaTakeGod { kind: OfferingKind },
    /// PTH-11.2 `gallia_decline_god`.
    GalliaDeclineGod,
    /// PTH-11.4 `discard_to_seven`: counts per card kind, sorted by kind.
    DiscardToSeven { cards: Vec<(CardKind, u32)> },
    /// PTH-11.5 `aegyptus_exchange{x}`: x > 0 footprints → pillars, x < 0 pillars → footprints.
    AegyptusExchange { x: i32 },
    /// PTH-11.7 `cartago_buy_offering{kind,level}`.
    CartagoBuyOffering { kind: OfferingKind, level: u8 },
    /// PTH-11.7 `cartago_upgrade_offering{kind,level}`.
    CartagoUpgradeOffering { kind: OfferingKind, level: u8 },
    /// PTH-11.7 `cartago_buy_stone{type}`.
    CartagoBuyStone { stone: Stone },
    /// PTH-11.7 `cartago_done`.
    CartagoDone,
    /// PTH-11.9 `iberia_take_offering{kind}`.
    IberiaTakeOffering { kind: OfferingKind },
    /// PTH-11.9 `iberia_upgrade{kind}`.
    IberiaUpgrade { kind: OfferingKind },
    /// PTH-11.9 `iberia_pass`.
    IberiaPass,
    /// PTH-11.10 `roma_draw_two`.
    RomaDrawTwo,
    /// PTH-11.10 `roma_pass`.
    RomaPass,
    /// PTH-10 `resolve_effect{params}`.
    ResolveEffect { choice: EffectChoice },
    /// PTH-10.12 `decline_effect` (optional effects only).
    DeclineEffect,
    /// PTH-5.1–5.2 `start_movement{n}`.
    StartMovement { n: u32 },
    /// PTH-7.1 `start_purchase`: (money value, count) pairs, ascending by value.
    StartPurchase { money: Vec<(u32, u32)> },
    /// PTH-8 `take_god{slot, assignment}`: `kinds[g]` serves group g; `wildcards` = the group
    /// index of each OFFERING_WILDCARD piece (ascending, PTH-15.5).
    TakeGod {
        slot: u8,
        kinds: Vec<OfferingKind>,
        wildcards: Vec<u8>,
    },
    /// PTH-9.1 `draw_card{source}`.
    DrawCard { source: CardSource },
    /// PTH-6 `place_footprint{space, take_loot}`.
    PlaceFootprint { space: String, take_loot: bool },
    /// PTH-6 `place_pillar{space}`.
    PlacePillar { space: String },
    /// PTH-5.4 `end_placement`.
    EndPlacement,
    /// PTH-7.3 `buy_offering{kind,level}`.
    BuyOffering { kind: OfferingKind, level: u8 },
    /// PTH-7.4 `upgrade_offering{kind,level}`.
    UpgradeOffering { kind: OfferingKind, level: u8 },
    /// PTH-7.5 `buy_stone{type}`.
    BuyStone { stone: Stone },
    /// PTH-7.8 `end_purchase`.
    EndPurchase,
    /// PTH-5.6(a) `follow_move{n}`.
    FollowMove { n: u32 },
    /// PTH-5.6(b) `follow_draw`.
    FollowDraw,
    /// PTH-5.6(c) `follow_pass`.
    FollowPass,
    /// PTH-15.7 `take_extra_turn`.
    TakeExtraTurn,
    /// PTH-15.7 `decline_extra_turn`.
    DeclineExtraTurn,
}

fn stone_short(s: Stone) -> &'static str {
    match s {
        Stone::Pillar => "pillar",
        Stone::Footprint => "footprint",
    }
}

/// The stable id of an action.
pub fn action_id(a: &PantheonAction) -> String {
    use PantheonAction as A;
    match a {
        A::ChooseBonusToken { bonus } => format!("bonus:{bonus}"),
        A::GalliaDrawTwo => "gallia:draw".into(),
        A::GalliaRevealGod => "gallia:reveal".into(),
        A::GalliaTakeGod { kind } => format!("gallia:take:{}", kind_id(*kind)),
        A::GalliaDeclineGod => "gallia:decline".into(),
        A::DiscardToSeven { cards } => format!(
            "discard7:{}",
            cards
                .iter()
                .map(|(k, c)| format!("{}*{c}", card_kind_id(*k)))
                .collect::<Vec<_>>()
                .join("+")
        ),
        A::AegyptusExchange { x } => format!("aegyptus:{x}"),
        A::CartagoBuyOffering { kind, level } => format!("cartago:buy:{}:{level}", kind_id(*kind)),
        A::CartagoUpgradeOffering { kind, level } => {
            format!("cartago:upgrade:{}:{level}", kind_id(*kind))
        }
        A::CartagoBuyStone { stone } => format!("cartago:stone:{}", stone_short(*stone)),
        A::CartagoDone => "cartago:done".into(),
        A::IberiaTakeOffering { kind } => format!("iberia:take:{}", kind_id(*kind)),
        A::IberiaUpgrade { kind } => format!("iberia:upgrade:{}", kind_id(*kind)),
        A::IberiaPass => "iberia:pass".into(),
        A::RomaDrawTwo => "roma:draw".into(),
        A::RomaPass => "roma:pass".into(),
        A::ResolveEffect { choice } => match choice {
            EffectChoice::Plain => "effect".into(),
            EffectChoice::Space(s) => format!("effect:space:{s}"),
            EffectChoice::Kind(k) => format!("effect:kind:{}", kind_id(*k)),
            EffectChoice::Stone(s) => format!("effect:stone:{}", stone_short(*s)),
        },
        A::DeclineEffect => "decline".into(),
        A::StartMovement { n } => format!("move:{n}"),
        A::StartPurchase { money } => format!(
            "purchase:{}",
            money
                .iter()
                .map(|(v, c)| format!("{v}x{c}"))
                .collect::<Vec<_>>()
                .join(",")
        ),
        A::TakeGod {
            slot,
            kinds,
            wildcards,
        } => {
            let k = kinds
                .iter()
                .map(|k| kind_id(*k))
                .collect::<Vec<_>>()
                .join(",");
            if wildcards.is_empty() {
                format!("god:{slot}:{k}")
            } else {
                let w = wildcards
                    .iter()
                    .map(|g| g.to_string())
                    .collect::<Vec<_>>()
                    .join(",");
                format!("god:{slot}:{k}:w{w}")
            }
        }
        A::DrawCard { source } => match source {
            CardSource::Deck => "draw:deck".into(),
            CardSource::Display(i) => format!("draw:display:{i}"),
        },
        A::PlaceFootprint { space, take_loot } => {
            if *take_loot {
                format!("place:foot:{space}:loot")
            } else {
                format!("place:foot:{space}")
            }
        }
        A::PlacePillar { space } => format!("place:pillar:{space}"),
        A::EndPlacement => "end_placement".into(),
        A::BuyOffering { kind, level } => format!("buy:offering:{}:{level}", kind_id(*kind)),
        A::UpgradeOffering { kind, level } => format!("upgrade:{}:{level}", kind_id(*kind)),
        A::BuyStone { stone } => format!("buy:stone:{}", stone_short(*stone)),
        A::EndPurchase => "end_purchase".into(),
        A::FollowMove { n } => format!("follow:move:{n}"),
        A::FollowDraw => "follow:draw".into(),
        A::FollowPass => "follow:pass".into(),
        A::TakeExtraTurn => "extra_turn:take".into(),
        A::DeclineExtraTurn => "extra_turn:decline".into(),
    }
}

/// Inverts [`action_id`].
pub fn parse_action_id(id: &str) -> Option<PantheonAction> {
    use PantheonAction as A;
    let parts: Vec<&str> = id.split(':').collect();
    let kind = |s: &str| kind_from_id(s);
    let num = |s: &str| s.parse::<u32>().ok();
    let level = |s: &str| s.parse::<u8>().ok().filter(|l| (1..=4).contains(l));
    Some(match parts.as_slice() {
        ["bonus", b] if !b.is_empty() => A::ChooseBonusToken {
            bonus: (*b).to_string(),
        },
        ["gallia", "draw"] => A::GalliaDrawTwo,
        ["gallia", "reveal"] => A::GalliaRevealGod,
        ["gallia", "take", k] => A::GalliaTakeGod { kind: kind(k)? },
        ["gallia", "decline"] => A::GalliaDeclineGod,
        ["discard7", list] => {
            let mut cards = Vec::new();
            for item in list.split('+') {
                let (k, c) = item.split_once('*')?;
                cards.push((card_kind_from_id(k)?, num(c)?));
            }
            A::DiscardToSeven { cards }
        }
        ["aegyptus", x] => A::AegyptusExchange { x: x.parse().ok()? },
        ["cartago", "buy", k, l] => A::CartagoBuyOffering {
            kind: kind(k)?,
            level: level(l)?,
        },
        ["cartago", "upgrade", k, l] => A::CartagoUpgradeOffering {
            kind: kind(k)?,
            level: level(l)?,
        },
        ["cartago", "stone", s] => A::CartagoBuyStone {
            stone: Stone::from_id(s)?,
        },
        ["cartago", "done"] => A::CartagoDone,
        ["iberia", "take", k] => A::IberiaTakeOffering { kind: kind(k)? },
        ["iberia", "upgrade", k] => A::IberiaUpgrade { kind: kind(k)? },
        ["iberia", "pass"] => A::IberiaPass,
        ["roma", "draw"] => A::RomaDrawTwo,
        ["roma", "pass"] => A::RomaPass,
        ["effect"] => A::ResolveEffect {
            choice: EffectChoice::Plain,
        },
        ["effect", "space", s] if !s.is_empty() => A::ResolveEffect {
            choice: EffectChoice::Space((*s).to_string()),
        },
        ["effect", "kind", k] => A::ResolveEffect {
            choice: EffectChoice::Kind(kind(k)?),
        },
        ["effect", "stone", s] => A::ResolveEffect {
            choice: EffectChoice::Stone(Stone::from_id(s)?),
        },
        ["decline"] => A::DeclineEffect,
        ["move", n] => A::StartMovement { n: num(n)? },
        ["purchase", list] => {
            let mut money = Vec::new();
            if !list.is_empty() {
                for item in list.split(',') {
                    let (v, c) = item.split_once('x')?;
                    money.push((num(v)?, num(c)?));
                }
            }
            A::StartPurchase { money }
        }
        ["god", slot, ks, rest @ ..] => {
            let kinds = ks
                .split(',')
                .map(kind)
                .collect::<Option<Vec<OfferingKind>>>()?;
            let wildcards = match rest {
                [] => Vec::new(),
                [w] => w
                    .strip_prefix('w')?
                    .split(',')
                    .map(|g| g.parse::<u8>().ok())
                    .collect::<Option<Vec<u8>>>()?,
                _ => return None,
            };
            A::TakeGod {
                slot: slot.parse().ok()?,
                kinds,
                wildcards,
            }
        }
        ["draw", "deck"] => A::DrawCard {
            source: CardSource::Deck,
        },
        ["draw", "display", i] => A::DrawCard {
            source: CardSource::Display(i.parse().ok()?),
        },
        ["place", "foot", s] if !s.is_empty() => A::PlaceFootprint {
            space: (*s).to_string(),
            take_loot: false,
        },
        ["place", "foot", s, "loot"] if !s.is_empty() => A::PlaceFootprint {
            space: (*s).to_string(),
            take_loot: true,
        },
        ["place", "pillar", s] if !s.is_empty() => A::PlacePillar {
            space: (*s).to_string(),
        },
        ["end_placement"] => A::EndPlacement,
        ["buy", "offering", k, l] => A::BuyOffering {
            kind: kind(k)?,
            level: level(l)?,
        },
        ["upgrade", k, l] => A::UpgradeOffering {
            kind: kind(k)?,
            level: level(l)?,
        },
        ["buy", "stone", s] => A::BuyStone {
            stone: Stone::from_id(s)?,
        },
        ["end_purchase"] => A::EndPurchase,
        ["follow", "move", n] => A::FollowMove { n: num(n)? },
        ["follow", "draw"] => A::FollowDraw,
        ["follow", "pass"] => A::FollowPass,
        ["extra_turn", "take"] => A::TakeExtraTurn,
        ["extra_turn", "decline"] => A::DeclineExtraTurn,
        _ => return None,
    })
}

/// A short readable label.
pub fn action_label(st: &PantheonState, a: &PantheonAction) -> String {
    use PantheonAction as A;
    let space = |id: &str| st.space_label(id);
    let cat = super::data::Catalog::shipped();
    let seat = st.decision.as_ref().map_or(0, |d| d.seat());
    match a {
        A::ChooseBonusToken { bonus } => match cat.bonus_token(bonus) {
            Some(b) => format!("Choose bonus token {bonus}: {}", b.effect.describe()),
            None => format!("Choose bonus token {bonus}"),
        },
        A::GalliaDrawTwo => "Gallia: draw 2 cards".into(),
        A::GalliaRevealGod => "Gallia: reveal the top god tile".into(),
        A::GalliaTakeGod { kind } => format!("Gallia: take the god with {}", kind_words(*kind)),
        A::GalliaDeclineGod => "Gallia: leave the god".into(),
        A::DiscardToSeven { cards } => format!(
            "Discard {}",
            cards
                .iter()
                .map(|(k, c)| format!("{c}× {}", card_words(*k)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        A::AegyptusExchange { x } => match x.cmp(&0) {
            std::cmp::Ordering::Greater => format!("Exchange {x} footprints for pillars"),
            std::cmp::Ordering::Less => format!("Exchange {} pillars for footprints", -x),
            std::cmp::Ordering::Equal => "Exchange nothing".into(),
        },
        A::CartagoBuyOffering { kind, level } | A::BuyOffering { kind, level } => format!(
            "Buy {} L{level} ({})",
            kind_words(*kind),
            cat.offering_cost(*level as u32)
        ),
        A::CartagoUpgradeOffering { kind, level } | A::UpgradeOffering { kind, level } => {
            let from = st
                .players
                .get(seat)
                .map_or(0, |p| p.offerings[kind_index(*kind)]);
            match super::purchase::upgrade_cost(st, seat, *kind, *level, u32::MAX) {
                Ok(cost) => format!("Upgrade {} L{from} to L{level} ({cost})", kind_words(*kind)),
                Err(_) => format!("Upgrade {} to L{level}", kind_words(*kind)),
            }
        }
        A::CartagoBuyStone { stone } | A::BuyStone { stone } => {
            format!("Buy a {} (1)", stone_short(*stone))
        }
        A::CartagoDone => "Cartago: done".into(),
        A::IberiaTakeOffering { kind } => format!("Iberia: take {} L1", kind_words(*kind)),
        A::IberiaUpgrade { kind } => format!("Iberia: upgrade {}", kind_words(*kind)),
        A::IberiaPass => "Iberia: pass".into(),
        A::RomaDrawTwo => "Roma: draw 2 cards".into(),
        A::RomaPass => "Roma: pass".into(),
        A::ResolveEffect { choice } => match choice {
            EffectChoice::Plain => "Use the effect".into(),
            EffectChoice::Space(s) => format!("Place the pillar on {}", space(s)),
            EffectChoice::Kind(k) => format!("Offering: {}", kind_words(*k)),
            EffectChoice::Stone(s) => format!("Take {}s", stone_short(*s)),
        },
        A::DeclineEffect => "Decline the effect".into(),
        A::StartMovement { n } => format!("Movement with {n} card(s)"),
        A::StartPurchase { money } => {
            let budget = super::purchase::budget_of(st, seat, money);
            if money.is_empty() {
                format!("Purchase with no money cards (budget {budget})")
            } else {
                let cards = money
                    .iter()
                    .map(|(v, c)| format!("{c} Money {v} card{}", if *c == 1 { "" } else { "s" }))
                    .collect::<Vec<_>>()
                    .join(" + ");
                format!("Purchase, paying with {cards} (budget {budget})")
            }
        }
        A::TakeGod {
            slot,
            kinds,
            wildcards,
        } => {
            let name = st
                .god_display
                .get(*slot as usize)
                .copied()
                .flatten()
                .map(|g| cat.gods[g as usize].name.clone())
                .unwrap_or_else(|| format!("display slot {}", *slot as u32 + 1));
            // PTH-8.3–8.5: which offering cards go (tokens are kept, wildcards replace cards).
            let paid = super::gods::cards_to_discard(st, seat, *slot as usize, kinds, wildcards);
            let mut parts: Vec<String> = paid
                .iter()
                .filter(|(_, n)| *n > 0)
                .map(|(k, n)| {
                    format!(
                        "{n} {} card{}",
                        kind_words(*k),
                        if *n == 1 { "" } else { "s" }
                    )
                })
                .collect();
            let cost = if parts.is_empty() {
                "your offering tokens cover it, no card discarded".to_string()
            } else {
                let last = parts.pop().expect("non-empty");
                let list = if parts.is_empty() {
                    last
                } else {
                    format!("{} and {last}", parts.join(", "))
                };
                format!("discard {list}")
            };
            let w = match wildcards.len() {
                0 => String::new(),
                1 => " (1 wildcard piece used)".to_string(),
                n => format!(" ({n} wildcard pieces used)"),
            };
            let groups = kinds
                .iter()
                .map(|k| kind_words(*k))
                .collect::<Vec<_>>()
                .join(" + ");
            format!("Take {name} with {groups}: {cost}{w}")
        }
        A::DrawCard { source } => match source {
            CardSource::Deck => "Draw from the deck".into(),
            CardSource::Display(i) => match st.display.get(*i as usize).copied().flatten() {
                Some(c) => format!("Take {} from the display", card_words(st.card_kind(c))),
                None => format!("Take display card {}", *i as u32 + 1),
            },
        },
        A::PlaceFootprint {
            space: s,
            take_loot,
        } => format!(
            "Footprint on {}{}",
            space(s),
            if *take_loot { " and take the loot" } else { "" }
        ),
        A::PlacePillar { space: s } => format!("Pillar on {}", space(s)),
        A::EndPlacement => "End placement".into(),
        A::EndPurchase => "End purchase".into(),
        A::FollowMove { n } => format!("Follow with {n} movement card(s)"),
        A::FollowDraw => "Draw 1 card instead".into(),
        A::FollowPass => "Pass".into(),
        A::TakeExtraTurn => "Take the extra turn".into(),
        A::DeclineExtraTurn => "No extra turn".into(),
    }
}
