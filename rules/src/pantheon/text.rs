//! Pantheon in English: the modes' descriptions, the event summaries and the words they use.

use super::data::{Token, TokenEffect};
use super::{
    CardKind, CardSource, Catalog, Effect, GodEffect, OfferingKind, PantheonConfig, PantheonEvent,
    Stone, TokenEffectKind,
};
use crate::text::{and_list, plural, seat_list};

/// The modes as clients name them, by player count (PTH-1.1).
pub(crate) fn modes() -> Vec<crate::Mode<PantheonConfig>> {
    [
        ("two_player", 2, "two players"),
        ("three_player", 3, "three players"),
        ("four_player", 4, "four players"),
    ]
    .into_iter()
    .map(|(name, players, description)| crate::Mode {
        name,
        seats: usize::from(players),
        description,
        config: PantheonConfig::new(players),
    })
    .collect()
}

/// What the effect does, as printed.
pub fn god_effect_words(e: GodEffect) -> &'static str {
    match e {
        GodEffect::StepsPlus => "+1 step in every movement",
        GodEffect::PurchasePlus => "+1 money in every purchase",
        GodEffect::CheapSharing => "placing on an occupied space costs 1",
        GodEffect::DrawPlus => "draw 1 card more with the draw action",
        GodEffect::OfferingWildcard => "1 wildcard offering when taking a god tile",
        GodEffect::FollowBonus => "as a follower +1 step, or draw 2 cards instead of 1",
        GodEffect::ExtraTurn => "an extra turn once per epoch",
        GodEffect::ScoringVp => "+2 VP at each scoring",
        GodEffect::GainDemigod => "take the top demigod of the stack",
        GodEffect::GainStones => "take 1 pillar and 1 footprint",
        GodEffect::GainSpecialMoney => "take the top special money card",
        GodEffect::GainOffering => "a new level-1 offering token or +1 level",
        GodEffect::GainCards => "draw 2 cards",
    }
}

fn supplies_words(pillars: u32, footprints: u32, either: bool) -> String {
    let p = plural(pillars, "pillar", "pillars");
    let f = plural(footprints, "footprint", "footprints");
    match (pillars, footprints, either) {
        (_, _, true) => format!("{p} or {f}"),
        (0, _, false) => f,
        (_, 0, false) => p,
        _ => format!("{p} and {f}"),
    }
}

fn offering_words(uses: u32) -> String {
    if uses == 1 {
        "a new level-1 offering token or +1 level".to_string()
    } else {
        format!("{uses} times a new level-1 offering token or +1 level")
    }
}

/// What the effect does, as printed.
pub fn token_effect_words(e: &TokenEffect) -> String {
    match e.kind {
        // A loot token takes it from the display, a bonus token from the stack.
        TokenEffectKind::Demigod => "a demigod token".to_string(),
        _ => effect_words(super::effects::token_effect(e, false)),
    }
}

/// What the effect does, as printed.
pub fn effect_words(e: Effect) -> String {
    match e {
        Effect::Supplies {
            pillars,
            footprints,
            or,
        } => supplies_words(pillars, footprints, or),
        Effect::DemigodFromDisplay => "the highest demigod of the display".to_string(),
        Effect::DemigodFromStack => "the top demigod of the stack".to_string(),
        Effect::GodTile => "the top god tile".to_string(),
        Effect::Pillar => "a pillar on any pillar space".to_string(),
        Effect::Offering { uses } => offering_words(uses),
        Effect::CardDraw { count } => format!("draw {}", plural(count, "card", "cards")),
        Effect::SpecialMoney => "the top special money card".to_string(),
        Effect::Steps { count } => format!("+{} in every movement", plural(count, "step", "steps")),
    }
}

pub(crate) fn kind_words(k: OfferingKind) -> &'static str {
    match k {
        OfferingKind::Gifts => "Gifts",
        OfferingKind::Priests => "Priests",
        OfferingKind::Dancers => "Dancers",
        OfferingKind::Temples => "Temples",
    }
}

fn stone_words(s: Stone) -> &'static str {
    match s {
        Stone::Pillar => "pillar",
        Stone::Footprint => "footprint",
    }
}

pub(crate) fn card_words(k: CardKind) -> String {
    match k {
        CardKind::Movement => "Movement".to_string(),
        CardKind::Offering(o) => kind_words(o).to_string(),
        CardKind::Money(v) => format!("Money {v}"),
    }
}

/// `2× Movement, 1× Gifts`, or `no cards`.
fn card_list_words(ks: &[CardKind]) -> String {
    if ks.is_empty() {
        return "no cards".to_string();
    }
    let mut counts: Vec<(CardKind, u32)> = Vec::new();
    for k in ks {
        match counts.iter_mut().find(|(c, _)| c == k) {
            Some((_, n)) => *n += 1,
            None => counts.push((*k, 1)),
        }
    }
    counts
        .iter()
        .map(|(k, n)| format!("{n}× {}", card_words(*k)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A space by its printed name where it has one (shipped map), else by id.
fn space_words(id: &str) -> String {
    let board = &Catalog::shipped().board;
    match board.find(id).and_then(|i| board.spaces[i].name.as_deref()) {
        Some(name) => format!("{name} ({id})"),
        None => id.to_string(),
    }
}

fn god_words(id: &str) -> String {
    match Catalog::shipped().god(id) {
        Some(g) if !g.name.is_empty() => format!("{} ({id})", g.name),
        _ => format!("god tile {id}"),
    }
}

/// The shipped token with this id among `tokens`, in words.
fn token_words(tokens: &[Token], id: &str) -> Option<String> {
    tokens
        .iter()
        .find(|t| t.id == id)
        .map(|t| token_effect_words(&t.effect))
}

fn loot_words(id: &str) -> String {
    match token_words(&Catalog::shipped().loot, id) {
        Some(e) => format!("loot {id} ({e})"),
        None => format!("loot {id}"),
    }
}

fn bonus_words(id: &str) -> String {
    match token_words(&Catalog::shipped().bonus, id) {
        Some(e) => format!("bonus token {id} ({e})"),
        None => format!("bonus token {id}"),
    }
}

fn source_words(s: CardSource) -> String {
    match s {
        CardSource::Deck => "the draw pile".to_string(),
        CardSource::Display(i) => format!("display slot {i}"),
    }
}

fn money_words(values: &[u32]) -> String {
    if values.is_empty() {
        "empty".to_string()
    } else {
        values
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The one-line summary of an (already redacted) event.
pub(crate) fn event_summary(e: &PantheonEvent) -> String {
    use PantheonEvent as X;
    match e {
        X::SetupDone {
            start_seat,
            display,
            special_money,
        } => format!(
            "Seat {start_seat} starts; the display shows {}; special money {}",
            card_list_words(&display.iter().flatten().copied().collect::<Vec<_>>()),
            money_words(special_money)
        ),
        X::HandDealt {
            seat,
            cards: Some(cs),
            ..
        } => format!("Seat {seat} is dealt {}", card_list_words(cs)),
        X::HandDealt {
            seat,
            count,
            cards: None,
        } => format!("Seat {seat} is dealt {}", plural(*count, "card", "cards")),
        X::BonusDealt {
            seat,
            bonus: Some(b),
        } => format!("Seat {seat} gets {}", bonus_words(b)),
        X::BonusDealt { seat, bonus: None } => {
            format!("Seat {seat} gets a face-down bonus token")
        }
        X::NationRevealed { epoch, nation } => {
            format!("Epoch {epoch}: {} rises", nation.name())
        }
        X::GodsRevealed { gods } => format!(
            "God tiles revealed: {}",
            and_list(&gods.iter().map(|g| god_words(g)).collect::<Vec<_>>())
        ),
        X::LootPlaced { space, loot } => {
            format!("{} is placed on {}", loot_words(loot), space_words(space))
        }
        X::DemigodDisplayed { value } => format!("A demigod worth {value} is displayed"),
        X::BonusChosen { seat, bonus } => {
            format!("Seat {seat} chooses {}", bonus_words(bonus))
        }
        X::BonusesBoxed { bonuses } => format!(
            "Bonus tokens nobody chose leave the game: {}",
            and_list(&bonuses.to_vec())
        ),
        X::SpecialMoneyReordered { special_money } => format!(
            "The special money deck is re-sorted: {}",
            money_words(special_money)
        ),
        X::TemplePlaced { space } => format!("The temple is placed on {}", space_words(space)),
        X::BonusResolved { seat, bonus } => {
            format!("Seat {seat} resolves {}", bonus_words(bonus))
        }
        X::TurnStarted { seat, epoch } => format!("Epoch {epoch}: seat {seat}'s turn"),
        X::MovementStarted {
            seat,
            follower,
            cards,
            steps,
        } => format!(
            "Seat {seat} {} with {} for {}",
            if *follower { "follows" } else { "moves" },
            plural(*cards, "movement card", "movement cards"),
            plural(*steps, "step", "steps")
        ),
        X::FollowerDeclined { seat, drew: true } => {
            format!("Seat {seat} draws instead of following")
        }
        X::FollowerDeclined { seat, drew: false } => {
            format!("Seat {seat} does not follow")
        }
        X::StonePlaced {
            seat,
            space,
            stone,
            cost,
            loot,
        } => format!(
            "Seat {seat} places a {} on {} for {cost}{}",
            stone_words(*stone),
            space_words(space),
            match loot {
                Some(l) => format!(" and takes {}", loot_words(l)),
                None => String::new(),
            }
        ),
        X::CardsDiscarded { seat, cards } => {
            format!("Seat {seat} discards {}", card_list_words(cards))
        }
        X::PlayedCardsDiscarded { seat, cards } => format!(
            "Seat {seat}'s played cards go to the discard pile: {}",
            card_list_words(cards)
        ),
        X::PurchaseStarted {
            seat,
            cards,
            budget,
        } => format!(
            "Seat {seat} purchases with {} (budget {budget})",
            card_list_words(cards)
        ),
        X::OfferingGained {
            seat,
            kind,
            level,
            cost,
        } => format!(
            "Seat {seat} gains {} level {level} for {cost}",
            kind_words(*kind)
        ),
        X::OfferingUpgraded {
            seat,
            kind,
            from,
            to,
            cost,
        } => format!(
            "Seat {seat} upgrades {} from level {from} to {to} for {cost}",
            kind_words(*kind)
        ),
        X::StonesGained {
            seat,
            pillars,
            footprints,
            cost,
        } => {
            let part = |n: i32, one: &str, many: &str| {
                (n != 0).then(|| plural(n.unsigned_abs(), one, many))
            };
            let gained: Vec<String> = [
                part(*pillars, "pillar", "pillars").filter(|_| *pillars > 0),
                part(*footprints, "footprint", "footprints").filter(|_| *footprints > 0),
            ]
            .into_iter()
            .flatten()
            .collect();
            let returned: Vec<String> = [
                part(*pillars, "pillar", "pillars").filter(|_| *pillars < 0),
                part(*footprints, "footprint", "footprints").filter(|_| *footprints < 0),
            ]
            .into_iter()
            .flatten()
            .collect();
            let mut words = Vec::new();
            if !gained.is_empty() {
                words.push(format!("takes {}", and_list(&gained)));
            }
            if !returned.is_empty() {
                words.push(format!("returns {}", and_list(&returned)));
            }
            if words.is_empty() {
                words.push("gains no stones".to_string());
            }
            let cost = if *cost > 0 {
                format!(" for {cost}")
            } else {
                String::new()
            };
            format!("Seat {seat} {}{cost}", words.join(" and "))
        }
        X::GodTaken {
            seat,
            god,
            vp,
            cards,
        } => format!(
            "Seat {seat} takes {} for {vp} VP{}",
            god_words(god),
            if cards.is_empty() {
                String::new()
            } else {
                format!(", sacrificing {}", card_list_words(cards))
            }
        ),
        X::GalliaGodRevealed { seat, god } => {
            format!("Seat {seat} reveals {}", god_words(god))
        }
        X::GodBoxed { god } => format!("{} leaves the game", god_words(god)),
        X::CardDrawn {
            seat,
            source,
            card: Some(c),
        } => format!(
            "Seat {seat} draws {} from {}",
            card_words(*c),
            source_words(*source)
        ),
        X::CardDrawn {
            seat,
            source,
            card: None,
        } => format!("Seat {seat} draws a card from {}", source_words(*source)),
        X::DisplayRefilled {
            slot,
            card: Some(c),
        } => format!("Display slot {slot} is refilled with {}", card_words(*c)),
        X::DisplayRefilled { slot, card: None } => {
            format!("Display slot {slot} stays empty")
        }
        X::Reshuffled { cards } => format!(
            "The discard pile is shuffled into a new draw pile of {}",
            plural(*cards, "card", "cards")
        ),
        X::HandsDiscarded { cards } => format!(
            "Every hand is discarded ({})",
            plural(cards.iter().map(Vec::len).sum::<usize>(), "card", "cards")
        ),
        X::DemigodTaken {
            seat,
            from_display,
            value,
        } => format!(
            "Seat {seat} takes a demigod{} from the {}",
            match value {
                Some(v) => format!(" worth {v}"),
                None => String::new(),
            },
            if *from_display { "display" } else { "stack" }
        ),
        X::SpecialMoneyTaken { seat, value } => {
            format!("Seat {seat} takes the special money card {value}")
        }
        X::BonusPillarPlaced { seat, space } => {
            format!(
                "Seat {seat} places the bonus pillar on {}",
                space_words(space)
            )
        }
        X::StepsGained { seat, steps } => format!(
            "Seat {seat} gains {} in every movement",
            plural(*steps, "extra step", "extra steps")
        ),
        X::EffectSkipped {
            seat,
            declined: true,
        } => format!("Seat {seat} declines the effect"),
        X::EffectSkipped {
            seat,
            declined: false,
        } => format!("Seat {seat}'s effect has no use"),
        X::TurnEnded {
            seat,
            phase_over: true,
        } => format!("Seat {seat}'s turn ends the epoch's turns"),
        X::TurnEnded {
            seat,
            phase_over: false,
        } => format!("Seat {seat}'s turn ends"),
        X::ExtraTurnTaken { seat } => format!("Seat {seat} takes an extra turn"),
        X::EpochVp { seat, vp } => format!("Seat {seat} scores {vp} VP for ending the epoch"),
        X::TemplePassed { to } => format!("The temple passes to seat {to}"),
        X::EpochEnded { epoch } => format!("Epoch {epoch} ends"),
        X::Scored {
            seat,
            demigods,
            pillars,
            gods,
            total,
        } => format!(
            "Seat {seat} scores {total} VP: {demigods} for demigods, {pillars} for pillars, \
             {gods} from gods"
        ),
        X::GameOver { vp, winners, .. } => format!(
            "Game over ({} VP): {} {}",
            vp.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" / "),
            seat_list(winners),
            if winners.len() == 1 { "wins" } else { "win" }
        ),
    }
}
