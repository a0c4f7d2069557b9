//! The actions of section 9 (decision points 1–21), their stable ids and readable labels.
//!
//! Set-valued decisions are sequences of single choices: `tuck_from_hand{card}` …
//! `tuck_from_hand_done` (decision 18) and `recolor{level,x,segment,color}` … `recolor_done`
//! (decision 20).

use super::data::Catalog;
use super::state::PanovnikState;
use super::text::card_name;
use super::types::*;
use serde::{Deserialize, Serialize};

/// Every decision of a seat (section 9; the number is the decision point).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PanovnikAction {
    /// 1: keep this dealt card as the starting card (sealed).
    ChooseStartingCard { card: u32 },
    /// 5: bid a gem of this colour (sealed).
    BidGem { color: Color },
    /// 5: bid an attack token (sealed).
    BidAttack,
    /// 5: empty hand = pass (sealed).
    BidPass,
    /// 6: an attack bidder takes this displayed card.
    AttackPick { color: Color, slot: Slot },
    /// 7: the sole bidder on a two-card colour takes this card.
    AuctionPick { slot: Slot },
    /// 8: negotiation claim (sealed between the two bidders).
    NegotiateClaim { choice: Claim },
    /// 9: real–virtual tie on a two-card colour.
    VirtualTieChoice { choice: TieChoice },
    /// 10: the card removed for a virtual opponent whose colour holds no card.
    VirtualDiscard { color: Color, slot: Slot },
    /// 2 / 11: the colours of gems taken from the supply, all at once. Not offered any more
    /// (kept for the contract): the gems are chosen one at a time with [`Self::TakeGem`].
    ChooseGems { gems: Gems },
    /// 2 / 11: the next gem taken from the supply has this colour.
    TakeGem { color: Color },
    /// 3: the deck of the next drawn card.
    DrawCard { deck: Deck },
    /// 4: take the eternal gem from behind the own screen (supply lacks the colour).
    EternalGemFromScreen { accept: bool },
    /// 12: select this hand card for the build step (sealed).
    BuildSelect { card: u32 },
    /// 12: pass for the rest of this building phase (sealed).
    BuildPass,
    /// 13: place the selected card at `(level, x)` using these eternal-gem discounts.
    PlaceCard {
        level: u8,
        x: i32,
        eternal_gems: Gems,
    },
    /// 14: the level-5 reward.
    ChooseLevel5Reward { choice: Level5Choice },
    /// 15: a `choose_one` law option (index into its list).
    LawChooseOption { index: u8 },
    /// 21: the colour of an "any colour" eternal gem.
    ChooseColor { color: Color },
    /// 16: the free card tucked under the Tuck-free law.
    TuckFreeCard { level: u8, x: i32 },
    /// 17: the gems stored on the law, all at once. Not offered any more (kept for the
    /// contract): the gems are stored one at a time with [`Self::StoreGem`].
    StoreGems { gems: Gems },
    /// 17: store one more gem of this colour on the law.
    StoreGem { color: Color },
    /// 17: store no more gems (those chosen so far go on the law).
    StoreGemsDone,
    /// 18: tuck this hand card under the law.
    TuckFromHand { card: u32 },
    /// 18: tuck no more hand cards.
    TuckFromHandDone,
    /// 19: tuck the card just gained under the law instead of taking it into hand.
    TuckGainedCard { accept: bool },
    /// 20: recolour one segment with a gem from behind the screen (sealed until all are done).
    Recolor {
        level: u8,
        x: i32,
        segment: Segment,
        color: Color,
    },
    /// 20: withdraw every recolouring gem chosen so far.
    RecolorClear,
    /// 20: recolouring finished.
    RecolorDone,
}

fn gems_id(g: &Gems) -> String {
    format!("{}:{}:{}:{}", g.b, g.r, g.g, g.y)
}

fn parse_gems(parts: &[&str]) -> Option<Gems> {
    if parts.len() != 4 {
        return None;
    }
    let n: Vec<u32> = parts
        .iter()
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    Some(Gems::new(n[0], n[1], n[2], n[3]))
}

fn accept_id(a: bool) -> &'static str {
    if a { "accept" } else { "decline" }
}

/// The stable id of an action, e.g. `bid:gem:red`, `place:2:1:eg=blue`.
pub(crate) fn action_id(a: &PanovnikAction) -> String {
    use PanovnikAction as A;
    match *a {
        A::ChooseStartingCard { card } => format!("start:{card}"),
        A::BidGem { color } => format!("bid:gem:{}", color.id()),
        A::BidAttack => "bid:attack".into(),
        A::BidPass => "bid:pass".into(),
        A::AttackPick { color, slot } => format!("attack:{}:{}", color.id(), slot.id()),
        A::AuctionPick { slot } => format!("pick:{}", slot.id()),
        A::NegotiateClaim { choice } => format!("claim:{}", choice.id()),
        A::VirtualTieChoice { choice } => format!("tie:{}", choice.id()),
        A::VirtualDiscard { color, slot } => format!("vdiscard:{}:{}", color.id(), slot.id()),
        A::ChooseGems { gems } => format!("gems:{}", gems_id(&gems)),
        A::TakeGem { color } => format!("take_gem:{}", color.id()),
        A::DrawCard { deck } => format!("draw:{}", deck.id()),
        A::EternalGemFromScreen { accept } => format!("eternal_from_screen:{}", accept_id(accept)),
        A::BuildSelect { card } => format!("select:{card}"),
        A::BuildPass => "build:pass".into(),
        A::PlaceCard {
            level,
            x,
            eternal_gems,
        } => {
            if eternal_gems.total() == 0 {
                format!("place:{level}:{x}")
            } else if !eternal_gems.exists() {
                // More gems than the game has (never legal): named by the counts, so the id
                // of an untrusted action stays short; `parse_action_id` refuses this form.
                format!("place:{level}:{x}:eg={}", gems_id(&eternal_gems))
            } else {
                let cs: Vec<&str> = eternal_gems.colors().iter().map(|c| c.id()).collect();
                format!("place:{level}:{x}:eg={}", cs.join("+"))
            }
        }
        A::ChooseLevel5Reward { choice } => format!("level5:{}", choice.id()),
        A::LawChooseOption { index } => format!("law_option:{index}"),
        A::ChooseColor { color } => format!("color:{}", color.id()),
        A::TuckFreeCard { level, x } => format!("tuck_free:{level}:{x}"),
        A::StoreGems { gems } => format!("store:{}", gems_id(&gems)),
        A::StoreGem { color } => format!("store_gem:{}", color.id()),
        A::StoreGemsDone => "store_gem:done".into(),
        A::TuckFromHand { card } => format!("tuck_hand:{card}"),
        A::TuckFromHandDone => "tuck_hand:done".into(),
        A::TuckGainedCard { accept } => format!("tuck_gained:{}", accept_id(accept)),
        A::Recolor {
            level,
            x,
            segment,
            color,
        } => format!("recolor:{level}:{x}:{}:{}", segment.id(), color.id()),
        A::RecolorClear => "recolor:clear".into(),
        A::RecolorDone => "recolor:done".into(),
    }
}

/// Inverts [`action_id`].
pub(crate) fn parse_action_id(id: &str) -> Option<PanovnikAction> {
    use PanovnikAction as A;
    let p: Vec<&str> = id.split(':').collect();
    let accept = |s: &str| match s {
        "accept" => Some(true),
        "decline" => Some(false),
        _ => None,
    };
    let a = match p.as_slice() {
        ["start", c] => A::ChooseStartingCard {
            card: c.parse().ok()?,
        },
        ["bid", "gem", c] => A::BidGem {
            color: Color::from_id(c)?,
        },
        ["bid", "attack"] => A::BidAttack,
        ["bid", "pass"] => A::BidPass,
        ["attack", c, s] => A::AttackPick {
            color: Color::from_id(c)?,
            slot: Slot::from_id(s)?,
        },
        ["pick", s] => A::AuctionPick {
            slot: Slot::from_id(s)?,
        },
        ["claim", c] => A::NegotiateClaim {
            choice: Claim::ALL.into_iter().find(|x| x.id() == *c)?,
        },
        ["tie", c] => A::VirtualTieChoice {
            choice: TieChoice::ALL.into_iter().find(|x| x.id() == *c)?,
        },
        ["vdiscard", c, s] => A::VirtualDiscard {
            color: Color::from_id(c)?,
            slot: Slot::from_id(s)?,
        },
        ["gems", rest @ ..] => A::ChooseGems {
            gems: parse_gems(rest)?,
        },
        ["take_gem", c] => A::TakeGem {
            color: Color::from_id(c)?,
        },
        ["store_gem", "done"] => A::StoreGemsDone,
        ["store_gem", c] => A::StoreGem {
            color: Color::from_id(c)?,
        },
        ["draw", d] => A::DrawCard {
            deck: Deck::from_id(d)?,
        },
        ["eternal_from_screen", a] => A::EternalGemFromScreen { accept: accept(a)? },
        ["select", c] => A::BuildSelect {
            card: c.parse().ok()?,
        },
        ["build", "pass"] => A::BuildPass,
        ["place", l, x] => A::PlaceCard {
            level: l.parse().ok()?,
            x: x.parse().ok()?,
            eternal_gems: Gems::ZERO,
        },
        ["place", l, x, eg] => {
            let list = eg.strip_prefix("eg=")?;
            let mut g = Gems::ZERO;
            for c in list.split('+') {
                g.add(Color::from_id(c)?, 1);
            }
            if g.total() == 0 {
                return None;
            }
            A::PlaceCard {
                level: l.parse().ok()?,
                x: x.parse().ok()?,
                eternal_gems: g,
            }
        }
        ["level5", c] => A::ChooseLevel5Reward {
            choice: Level5Choice::ALL.into_iter().find(|x| x.id() == *c)?,
        },
        ["law_option", i] => A::LawChooseOption {
            index: i.parse().ok()?,
        },
        ["color", c] => A::ChooseColor {
            color: Color::from_id(c)?,
        },
        ["tuck_free", l, x] => A::TuckFreeCard {
            level: l.parse().ok()?,
            x: x.parse().ok()?,
        },
        ["store", rest @ ..] => A::StoreGems {
            gems: parse_gems(rest)?,
        },
        ["tuck_hand", "done"] => A::TuckFromHandDone,
        ["tuck_hand", c] => A::TuckFromHand {
            card: c.parse().ok()?,
        },
        ["tuck_gained", a] => A::TuckGainedCard { accept: accept(a)? },
        ["recolor", "clear"] => A::RecolorClear,
        ["recolor", "done"] => A::RecolorDone,
        ["recolor", l, x, s, c] => A::Recolor {
            level: l.parse().ok()?,
            x: x.parse().ok()?,
            segment: Segment::from_id(s)?,
            color: Color::from_id(c)?,
        },
        _ => return None,
    };
    // Only canonical ids round-trip (e.g. no `place:2:01`).
    (action_id(&a) == id).then_some(a)
}

/// [`card_name`], or "nothing" where no card lies.
fn named(card: Option<u32>) -> String {
    card.map_or_else(|| "nothing".into(), card_name)
}

fn color_name(c: Color) -> &'static str {
    c.id()
}

/// A readable label for the seat that may take the action.
pub(crate) fn action_label(st: &PanovnikState, a: &PanovnikAction) -> String {
    use PanovnikAction as A;
    match *a {
        A::ChooseStartingCard { card } => format!("Start with {}", card_name(card)),
        A::BidGem { color } => {
            // PNV-5.2: a gem bids for the card(s) at that colour's auction card.
            let cards: Vec<String> = Slot::ALL
                .into_iter()
                .filter_map(|s| st.display_card(color, s))
                .map(card_name)
                .collect();
            if cards.is_empty() {
                format!("Bid a {} gem", color_name(color))
            } else {
                format!("Bid a {} gem for {}", color_name(color), cards.join(" or "))
            }
        }
        A::BidAttack => "Bid an attack token".into(),
        A::BidPass => "Pass (bid nothing)".into(),
        A::AttackPick { color, slot } => {
            let card = st.display_card(color, slot);
            format!(
                "Take {} ({} auction card, {})",
                card.map_or("nothing".into(), card_name),
                color_name(color),
                slot.id()
            )
        }
        A::AuctionPick { slot } => {
            let card = st
                .auction_pick_color()
                .and_then(|c| st.display_card(c, slot));
            format!("Take {} (the {} card)", named(card), slot.id())
        }
        A::NegotiateClaim { choice } => {
            let card = |slot| {
                st.negotiation_color()
                    .and_then(|c| st.display_card(c, slot))
            };
            match choice {
                Claim::Above => format!("Claim {} (the above card)", named(card(Slot::Above))),
                Claim::Below => format!("Claim {} (the below card)", named(card(Slot::Below))),
                Claim::Refuse => "Refuse to agree (neither of you gets a card)".into(),
            }
        }
        A::VirtualTieChoice { choice } => {
            let card = |slot| st.tie_color().and_then(|c| st.display_card(c, slot));
            match choice {
                TieChoice::TakeAbove => format!(
                    "Take {} (the above card; {} below is discarded)",
                    named(card(Slot::Above)),
                    named(card(Slot::Below))
                ),
                TieChoice::Continue => "Advance with the virtual opponent".into(),
            }
        }
        A::VirtualDiscard { color, slot } => {
            let card = st.display_card(color, slot);
            format!(
                "Remove {} from the {} auction card",
                card.map_or("nothing".into(), card_name),
                color_name(color)
            )
        }
        A::ChooseGems { gems } => format!("Take gems {}", gems.label()),
        A::TakeGem { color } => match st.decision {
            Some(super::state::Decision::ChooseGems { n, picked, .. }) => {
                let total = n.min(st.supply.total());
                format!(
                    "Take a {} gem (gem {} of {total}; chosen so far: {})",
                    color_name(color),
                    picked.total() + 1,
                    picked.label()
                )
            }
            _ => format!("Take a {} gem", color_name(color)),
        },
        A::DrawCard { deck } => match deck {
            Deck::Small => "Draw from the small character deck".into(),
            Deck::Law => "Draw from the law deck".into(),
        },
        A::EternalGemFromScreen { accept } => {
            if accept {
                "Put the eternal gem from behind your screen".into()
            } else {
                "Forgo the eternal gem".into()
            }
        }
        A::BuildSelect { card } => format!("Select {}", card_name(card)),
        A::BuildPass => "Pass for this building phase".into(),
        A::PlaceCard {
            level,
            x,
            eternal_gems,
        } => {
            let card = st.placing_card().unwrap_or(0);
            let mut s = format!("Place {} at level {level}, column {x}", card_name(card));
            if !Catalog::is_law(card) {
                let owed = super::building::cost(card, level);
                // A discount beyond the cost is never legal; the label then shows the cost.
                let pay = if eternal_gems.fits_in(&owed) {
                    owed.minus(&eternal_gems)
                } else {
                    owed
                };
                s.push_str(&format!(" (pay {})", pay.letters()));
                if eternal_gems.total() > 0 {
                    s.push_str(&format!(" using eternal gems {}", eternal_gems.letters()));
                }
            }
            s
        }
        A::ChooseLevel5Reward { choice } => match choice {
            Level5Choice::Rows123 => "Take the rewards of rows 1, 2 and 3".into(),
            Level5Choice::Power15 => "Take 15 power points".into(),
        },
        A::LawChooseOption { index } => {
            let opt = st.law_option(index as usize);
            format!(
                "Choose option {}: {}",
                index + 1,
                opt.map_or("?".into(), |r| super::rewards::reward_label(&r))
            )
        }
        A::ChooseColor { color } => {
            let from = if st.supply.get(color) > 0 {
                "from the supply"
            } else {
                "from behind your screen"
            };
            format!("Eternal gem: {}, {from}", color_name(color))
        }
        A::TuckFreeCard { level, x } => {
            let card = st.card_at_decider(level, x);
            format!(
                "Tuck {} (level {level}, column {x}) under the law",
                card.map_or("nothing".into(), card_name)
            )
        }
        A::StoreGems { gems } => format!("Store gems {} on the law", gems.label()),
        A::StoreGem { color } => match st.decision {
            Some(super::state::Decision::StoreGems { max, stored, .. }) => format!(
                "Store a {} gem on the law (up to {max}; chosen so far: {})",
                color_name(color),
                stored.label()
            ),
            _ => format!("Store a {} gem on the law", color_name(color)),
        },
        A::StoreGemsDone => match st.decision {
            Some(super::state::Decision::StoreGems { stored, .. }) if stored.total() > 0 => {
                format!("Store {} on the law and stop", stored.label())
            }
            _ => "Store no gem on the law".into(),
        },
        A::TuckFromHand { card } => format!("Tuck {} from hand under the law", card_name(card)),
        A::TuckFromHandDone => "Tuck no more cards".into(),
        A::TuckGainedCard { accept } => {
            if accept {
                "Tuck the gained card under the law".into()
            } else {
                "Keep the gained card in hand".into()
            }
        }
        A::Recolor {
            level,
            x,
            segment,
            color,
        } => format!(
            "Recolour segment {} of level {level}, column {x} {}",
            segment.id(),
            color_name(color)
        ),
        A::RecolorClear => "Withdraw all recolouring gems".into(),
        A::RecolorDone => "Finish recolouring".into(),
    }
}
