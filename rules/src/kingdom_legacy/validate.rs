//! Structural checks every pack must pass at load (§11.2): ids, orientations and arrows,
//! references to cards, categories and stickers, effect ids, timings and their places. The
//! authoring constraints of the shipped kingdom (C-1…C-14) are in `authoring`.
//!
//! Every error names the file, the card (`"23"`) or stage (`"23 F180"`) and the field
//! (`"upgrades[0].to"`, `"effects[1].actions[0].discover[0]"`, …).

use super::data::{
    Action, Arrow, CardDef, CardKind, CardSelector, Content, Cost, Count, DataError, Filter,
    Modifier, PassiveMode, SelectCount, Selector, Stage, StageRef, StickerKind, Timing, TurnHow,
};
use super::types::{CardId, Orientation, Resource};
use std::collections::BTreeSet;

const CARDS: &str = "cards.json";

/// Where an action sits: on a stage of a card (effects, checkbox `on_tick`) or in a parchment's
/// `on_discover` list (no stage).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Place<'a> {
    pub card: &'a CardDef,
    pub orientation: Option<Orientation>,
    pub stage: Option<&'a Stage>,
}

impl Place<'_> {
    pub fn entry(&self) -> String {
        match self.orientation {
            Some(o) => format!("{} {}", self.card.id, o.as_str()),
            None => self.card.id.to_string(),
        }
    }
}

/// Calls `f` for every action of a card, with its place and field path, including checkbox
/// `on_tick` actions and parchment `on_discover` actions.
pub(crate) fn for_each_action<'a>(
    card: &'a CardDef,
    f: &mut dyn FnMut(Place<'a>, &str, &'a Action),
) {
    for (i, a) in card.on_discover.iter().enumerate() {
        let place = Place {
            card,
            orientation: None,
            stage: None,
        };
        f(place, &format!("on_discover[{i}]"), a);
    }
    for (o, stage) in &card.faces {
        for (i, e) in stage.effects.iter().enumerate() {
            let place = Place {
                card,
                orientation: Some(*o),
                stage: Some(stage),
            };
            for (j, a) in e.actions.iter().enumerate() {
                f(place, &format!("effects[{i}].actions[{j}]"), a);
            }
        }
        for (i, b) in stage.checkboxes.iter().enumerate() {
            let place = Place {
                card,
                orientation: Some(*o),
                stage: Some(stage),
            };
            for (j, a) in b.on_tick.iter().enumerate() {
                f(place, &format!("checkboxes[{i}].on_tick[{j}]"), a);
            }
        }
    }
}

/// The card ids an action may discover.
pub(crate) fn discovered_ids(a: &Action) -> &[CardId] {
    match a {
        Action::Discover(ids) => ids,
        Action::DiscoverChoice { cards, .. } => cards,
        _ => &[],
    }
}

/// The selectors an action uses (its target, or what `gain_per` counts).
pub(crate) fn action_selectors(a: &Action) -> Vec<&Selector> {
    match a {
        Action::GainPer {
            per: Count::Cards(s),
            ..
        } => vec![s],
        Action::Turn { target, .. }
        | Action::PutOnDeck { target, .. }
        | Action::Sticker { target, .. }
        | Action::Tick { target, .. } => vec![target],
        Action::Block(s)
        | Action::Discard(s)
        | Action::Destroy(s)
        | Action::IncreaseProduction(s)
        | Action::StayInPlay(s) => vec![s],
        _ => vec![],
    }
}

pub(crate) fn modifier_selector(m: &Modifier) -> &Selector {
    match m {
        Modifier::StaysInPlay(s) => s,
        Modifier::Protect { target, .. } => target,
    }
}

fn err(entry: impl Into<String>, field: impl Into<String>, msg: impl Into<String>) -> DataError {
    DataError::new(CARDS, entry, field, msg)
}

pub fn structure(content: &Content) -> Result<(), DataError> {
    files(content)?;
    for (index, card) in content.cards.iter().enumerate() {
        let Some(card) = card else { continue };
        if card.id as usize != index {
            return Err(err(
                card.id.to_string(),
                "id",
                "card stored under a different id",
            ));
        }
        card_structure(content, card)?;
    }
    Ok(())
}

/// `resources.json`, `categories.json`, `stickers.json`.
fn files(content: &Content) -> Result<(), DataError> {
    for r in Resource::ALL {
        let n = content.resources.iter().filter(|d| d.id == r).count();
        if n != 1 {
            return Err(DataError::new(
                "resources.json",
                r.as_str(),
                "id",
                format!("resource listed {n} times (expected exactly once)"),
            ));
        }
    }
    let mut seen = BTreeSet::new();
    for c in &content.categories {
        if !seen.insert(c.id.as_str()) {
            return Err(DataError::new(
                "categories.json",
                c.id.clone(),
                "id",
                "duplicate category id",
            ));
        }
    }
    if !content.categories.iter().any(|c| c.hostile) {
        return Err(DataError::new(
            "categories.json",
            "(file)",
            "hostile",
            "no hostile (enemy) category",
        ));
    }
    let mut seen = BTreeSet::new();
    for s in &content.stickers {
        if !seen.insert(s.no.as_str()) {
            return Err(DataError::new(
                "stickers.json",
                s.no.clone(),
                "no",
                "duplicate sticker number",
            ));
        }
    }
    Ok(())
}

fn card_structure(content: &Content, card: &CardDef) -> Result<(), DataError> {
    let id = card.id.to_string();
    if card.faces.is_empty() {
        return Err(err(id, "faces", "a card needs at least one stage"));
    }
    if !card.faces.contains_key(&Orientation::F0) {
        return Err(err(id, "faces.F0", "every card enters in F0 (KLG-2.1)"));
    }
    match card.kind {
        CardKind::Parchment if card.on_discover.is_empty() => {
            return Err(err(
                id,
                "on_discover",
                "a parchment has instructions (KLG-4.6)",
            ));
        }
        CardKind::Parchment => {}
        _ if !card.on_discover.is_empty() => {
            return Err(err(
                id,
                "on_discover",
                "only parchments have on_discover instructions",
            ));
        }
        _ => {}
    }
    match (card.kind, &card.expansion) {
        (CardKind::Expansion, None) => {
            return Err(err(
                id,
                "expansion",
                "an expansion card needs an expansion block",
            ));
        }
        (CardKind::Expansion, Some(x)) => {
            if x.rounds == 0 {
                return Err(err(
                    id,
                    "expansion.rounds",
                    "an expansion lasts at least one round",
                ));
            }
            if x.purge_n == 0 {
                return Err(err(
                    id,
                    "expansion.purge_n",
                    "purge N needs N > 0 (KLG-19.12)",
                ));
            }
            if x.round_stage.len() != x.rounds as usize {
                return Err(err(
                    id,
                    "expansion.round_stage",
                    format!(
                        "{} round stages for {} rounds (one stage per round, KLG-18.9)",
                        x.round_stage.len(),
                        x.rounds
                    ),
                ));
            }
            for (i, o) in x.round_stage.iter().enumerate() {
                if !card.faces.contains_key(o) {
                    return Err(err(
                        id,
                        format!("expansion.round_stage[{i}]"),
                        format!("the card has no {} stage", o.as_str()),
                    ));
                }
            }
        }
        (_, Some(_)) => {
            return Err(err(
                id,
                "expansion",
                "only expansion cards have an expansion block",
            ));
        }
        (_, None) => {}
    }
    for (o, stage) in &card.faces {
        stage_structure(content, card, *o, stage)?;
    }
    let mut result = Ok(());
    for_each_action(card, &mut |place, path, action| {
        if result.is_ok() {
            result = action_structure(content, place, path, action);
        }
    });
    result
}

fn stage_structure(
    content: &Content,
    card: &CardDef,
    o: Orientation,
    stage: &Stage,
) -> Result<(), DataError> {
    let entry = format!("{} {}", card.id, o.as_str());
    let Some(category) = content.category(&stage.category) else {
        return Err(err(
            entry,
            "category",
            format!("unknown category `{}`", stage.category),
        ));
    };
    for (i, sub) in stage.subcategories.iter().enumerate() {
        if !category.subcategories.contains(sub) {
            return Err(err(
                entry,
                format!("subcategories[{i}]"),
                format!("`{sub}` is not a subcategory of `{}`", category.id),
            ));
        }
    }
    if stage.name.trim().is_empty() {
        return Err(err(entry, "name", "a stage needs a name"));
    }
    for (g, group) in stage.production.iter().enumerate() {
        if group.is_empty() {
            return Err(err(
                entry,
                format!("production[{g}]"),
                "a production group needs at least one alternative",
            ));
        }
        for (a, alt) in group.iter().enumerate() {
            if alt.is_empty() {
                return Err(err(
                    entry,
                    format!("production[{g}][{a}]"),
                    "an empty production alternative",
                ));
            }
        }
    }
    for (i, u) in stage.upgrades.iter().enumerate() {
        let expected = match u.arrow {
            Arrow::Rotate => o.rotated(),
            Arrow::Flip => o.flipped(),
        };
        if u.to != expected {
            let how = match u.arrow {
                Arrow::Rotate => "rotate (↓) keeps the side",
                Arrow::Flip => "flip (→) keeps the rotation",
            };
            return Err(err(
                entry,
                format!("upgrades[{i}].to"),
                format!(
                    "{how}: from {} it leads to {}, not {} (KLG-2.5)",
                    o.as_str(),
                    expected.as_str(),
                    u.to.as_str()
                ),
            ));
        }
        if !card.faces.contains_key(&u.to) {
            return Err(err(
                entry,
                format!("upgrades[{i}].to"),
                format!("the card has no {} stage", u.to.as_str()),
            ));
        }
    }
    if stage.in_order_boxes && stage.checkboxes.is_empty() {
        return Err(err(
            entry,
            "in_order_boxes",
            "set on a stage without checkboxes",
        ));
    }
    let mut ids = BTreeSet::new();
    for (i, e) in stage.effects.iter().enumerate() {
        let path = format!("effects[{i}]");
        if e.id.trim().is_empty() {
            return Err(err(entry, format!("{path}.id"), "an effect needs an id"));
        }
        if !ids.insert(e.id.as_str()) {
            return Err(err(
                entry,
                format!("{path}.id"),
                format!("effect id `{}` used twice on this stage", e.id),
            ));
        }
        let is_static = matches!(
            e.timing,
            Timing::Passive {
                mode: PassiveMode::Static
            }
        );
        if !is_static && !e.modifiers.is_empty() {
            let what = if matches!(e.timing, Timing::Triggered { .. }) {
                "a triggered effect has no modifiers"
            } else {
                "modifiers belong only to passive static effects"
            };
            return Err(err(entry, format!("{path}.modifiers"), what));
        }
        if is_static {
            if e.modifiers.is_empty() {
                return Err(err(
                    entry,
                    format!("{path}.modifiers"),
                    "a passive static effect works through its modifiers and has none",
                ));
            }
            if !e.actions.is_empty() || !e.costs.is_empty() || e.one_time {
                return Err(err(
                    entry,
                    format!("{path}.timing"),
                    "a passive static effect is never performed: no actions, costs or one_time",
                ));
            }
        }
        for (j, c) in e.costs.iter().enumerate() {
            match c {
                Cost::Pay(bag) if bag.is_empty() => {
                    return Err(err(entry, format!("{path}.costs[{j}]"), "an empty payment"));
                }
                Cost::Tick(_) if stage.checkboxes.is_empty() => {
                    return Err(err(
                        entry,
                        format!("{path}.costs[{j}]"),
                        "a tick cost on a stage without checkboxes",
                    ));
                }
                _ => {}
            }
        }
        for (j, m) in e.modifiers.iter().enumerate() {
            let mpath = format!("{path}.modifiers[{j}]");
            if let Modifier::Protect { against, .. } = m
                && against.is_empty()
            {
                return Err(err(
                    entry,
                    format!("{mpath}.against"),
                    "protects against nothing",
                ));
            }
            let field = match m {
                Modifier::StaysInPlay(_) => format!("{mpath}.stays_in_play"),
                Modifier::Protect { .. } => format!("{mpath}.protect.target"),
            };
            selector_structure(content, &entry, &field, modifier_selector(m))?;
        }
    }
    Ok(())
}

fn action_structure(
    content: &Content,
    place: Place<'_>,
    path: &str,
    action: &Action,
) -> Result<(), DataError> {
    let entry = place.entry();
    let card = place.card;
    match action {
        Action::Gain(bag) if bag.is_empty() => {
            return Err(err(entry, format!("{path}.gain"), "gains nothing"));
        }
        Action::GainAny(0) => {
            return Err(err(entry, format!("{path}.gain_any"), "gains nothing"));
        }
        Action::GainPer { bag, per } => {
            if bag.is_empty() {
                return Err(err(entry, format!("{path}.gain_per.bag"), "gains nothing"));
            }
            if let Count::TickedBoxes(_) = per
                && place.stage.is_none_or(|s| s.checkboxes.is_empty())
            {
                return Err(err(
                    entry,
                    format!("{path}.gain_per.per"),
                    "counts the ticked boxes of a stage without checkboxes",
                ));
            }
        }
        Action::Discover(ids) => {
            if ids.is_empty() {
                return Err(err(entry, format!("{path}.discover"), "discovers nothing"));
            }
            for (i, id) in ids.iter().enumerate() {
                known_card(content, &entry, &format!("{path}.discover[{i}]"), *id)?;
            }
        }
        Action::DiscoverChoice { cards, choose, .. } => {
            let field = format!("{path}.discover_choice");
            if cards.is_empty() {
                return Err(err(entry, format!("{field}.cards"), "designates no card"));
            }
            if *choose == 0 || *choose as usize > cards.len() {
                return Err(err(
                    entry,
                    format!("{field}.choose"),
                    format!("choose {} of {} designated cards", choose, cards.len()),
                ));
            }
            let distinct: BTreeSet<_> = cards.iter().collect();
            if distinct.len() != cards.len() {
                return Err(err(
                    entry,
                    format!("{field}.cards"),
                    "a card designated twice",
                ));
            }
            for (i, id) in cards.iter().enumerate() {
                known_card(content, &entry, &format!("{field}.cards[{i}]"), *id)?;
            }
        }
        Action::Turn { target, how } => {
            let field = format!("{path}.turn");
            if let Selector::This { .. } = target {
                let Some(o) = place.orientation else {
                    return Err(err(
                        entry,
                        format!("{field}.target"),
                        "`this` in a parchment's instructions",
                    ));
                };
                let to = match how {
                    TurnHow::Rotate => o.rotated(),
                    TurnHow::Flip => o.flipped(),
                    TurnHow::To(t) => *t,
                };
                if !card.faces.contains_key(&to) {
                    return Err(err(
                        entry,
                        format!("{field}.how"),
                        format!("turns this card to {}, which it does not have", to.as_str()),
                    ));
                }
            } else if let (Selector::Cards(cs), TurnHow::To(to)) = (target, how)
                && let Some(ids) = &cs.filter.ids
            {
                for id in ids {
                    if content.card(*id).is_some_and(|c| !c.faces.contains_key(to)) {
                        return Err(err(
                            entry,
                            format!("{field}.how"),
                            format!("card {id} has no {} stage", to.as_str()),
                        ));
                    }
                }
            }
        }
        Action::Sticker { no, target, stage } => {
            let field = format!("{path}.sticker");
            let Some(def) = content.sticker(no) else {
                return Err(err(
                    entry,
                    format!("{field}.no"),
                    format!("sticker {no} is not in stickers.json"),
                ));
            };
            match def.kind {
                StickerKind::ScoreMarker | StickerKind::PurgeFame => {
                    return Err(err(
                        entry,
                        format!("{field}.no"),
                        format!("sticker {no} is applied only by the engine (KLG-18.6, 19.7)"),
                    ));
                }
                _ => {}
            }
            let reserved = matches!(def.kind, StickerKind::Reserved)
                || ["9", "12", "14", "15"].contains(&no.as_str());
            if reserved && card.id <= 135 {
                return Err(err(
                    entry,
                    format!("{field}.no"),
                    format!(
                        "sticker {no} is reserved for expansions; base cards never use it (KLG-13.4)"
                    ),
                ));
            }
            if let (StageRef::At(o), Selector::This { .. }) = (stage, target)
                && !card.faces.contains_key(o)
            {
                return Err(err(
                    entry,
                    format!("{field}.stage"),
                    format!("the card has no {} stage", o.as_str()),
                ));
            }
        }
        Action::Tick { target, .. } => {
            if let Selector::This { .. } = target
                && place.stage.is_none_or(|s| s.checkboxes.is_empty())
            {
                return Err(err(
                    entry,
                    format!("{path}.tick.target"),
                    "ticks a box on a stage without checkboxes",
                ));
            }
        }
        Action::Purge(n) | Action::PurgePermanent(n) => {
            let key = if matches!(action, Action::Purge(_)) {
                "purge"
            } else {
                "purge_permanent"
            };
            if card.kind != CardKind::Expansion {
                return Err(err(
                    entry,
                    format!("{path}.{key}"),
                    "purge instructions belong only to expansion cards (KLG-19.1)",
                ));
            }
            if *n == 0 {
                return Err(err(entry, format!("{path}.{key}"), "purges nothing"));
            }
        }
        _ => {}
    }
    let key = action_key(action);
    for s in action_selectors(action) {
        if let Selector::This { .. } = s
            && place.orientation.is_none()
        {
            return Err(err(
                entry,
                format!("{path}.{key}"),
                "`this` in a parchment's instructions",
            ));
        }
        selector_structure(content, &entry, &format!("{path}.{key}"), s)?;
    }
    Ok(())
}

/// The JSON key naming an action.
pub(crate) fn action_key(a: &Action) -> &'static str {
    match a {
        Action::Gain(_) => "gain",
        Action::GainAny(_) => "gain_any",
        Action::GainPer { .. } => "gain_per",
        Action::Discover(_) => "discover",
        Action::DiscoverChoice { .. } => "discover_choice",
        Action::Turn { .. } => "turn",
        Action::Block(_) => "block",
        Action::Discard(_) => "discard",
        Action::Destroy(_) => "destroy",
        Action::PutOnDeck { .. } => "put_on_deck",
        Action::Sticker { .. } => "sticker",
        Action::IncreaseProduction(_) => "increase_production",
        Action::Tick { .. } => "tick",
        Action::StayInPlay(_) => "stay_in_play",
        Action::EndTurn => "end_turn",
        Action::Purge(_) => "purge",
        Action::PurgePermanent(_) => "purge_permanent",
    }
}

fn known_card(content: &Content, entry: &str, field: &str, id: CardId) -> Result<(), DataError> {
    if content.card(id).is_none() {
        return Err(err(entry, field, format!("card {id} is not in the pack")));
    }
    Ok(())
}

fn selector_structure(
    content: &Content,
    entry: &str,
    field: &str,
    s: &Selector,
) -> Result<(), DataError> {
    match s {
        Selector::This { this: false } => {
            Err(err(entry, format!("{field}.this"), "`this` must be true"))
        }
        Selector::This { .. } => Ok(()),
        Selector::Cards(cs) => card_selector_structure(content, entry, field, cs),
    }
}

fn card_selector_structure(
    content: &Content,
    entry: &str,
    field: &str,
    cs: &CardSelector,
) -> Result<(), DataError> {
    if cs.zones.is_empty() {
        return Err(err(
            entry,
            format!("{field}.zones"),
            "a selector needs a zone",
        ));
    }
    match cs.count {
        SelectCount::Exactly(0) => {
            return Err(err(
                entry,
                format!("{field}.count"),
                "exactly 0 selects nothing",
            ));
        }
        SelectCount::UpTo(0) => {
            return Err(err(
                entry,
                format!("{field}.count"),
                "up to 0 selects nothing",
            ));
        }
        _ => {}
    }
    filter_structure(content, entry, &format!("{field}.filter"), &cs.filter)
}

fn filter_structure(
    content: &Content,
    entry: &str,
    field: &str,
    f: &Filter,
) -> Result<(), DataError> {
    if let Some(cats) = &f.category {
        if cats.is_empty() {
            return Err(err(
                entry,
                format!("{field}.category"),
                "an empty category list",
            ));
        }
        for (i, c) in cats.iter().enumerate() {
            if content.category(c).is_none() {
                return Err(err(
                    entry,
                    format!("{field}.category[{i}]"),
                    format!("unknown category `{c}`"),
                ));
            }
        }
    }
    if let Some(subs) = &f.subcategory {
        if subs.is_empty() {
            return Err(err(
                entry,
                format!("{field}.subcategory"),
                "an empty subcategory list",
            ));
        }
        for (i, s) in subs.iter().enumerate() {
            if !content
                .categories
                .iter()
                .any(|c| c.subcategories.contains(s))
            {
                return Err(err(
                    entry,
                    format!("{field}.subcategory[{i}]"),
                    format!("unknown subcategory `{s}`"),
                ));
            }
        }
    }
    if let Some(p) = &f.produces
        && p.is_empty()
    {
        return Err(err(
            entry,
            format!("{field}.produces"),
            "an empty resource list",
        ));
    }
    if let Some(ids) = &f.ids {
        if ids.is_empty() {
            return Err(err(entry, format!("{field}.ids"), "an empty id list"));
        }
        for (i, id) in ids.iter().enumerate() {
            known_card(content, entry, &format!("{field}.ids[{i}]"), *id)?;
        }
    }
    Ok(())
}
