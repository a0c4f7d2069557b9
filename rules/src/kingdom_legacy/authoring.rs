//! The authoring constraints C-1…C-14 (§11.4) the shipped kingdom must meet, as static checks.
//! C-13 is a simulation (tests/balance.rs). The spec's test library is exempt.
//!
//! Every error message starts with the constraint it breaks, e.g. `C-7: …`.

use super::data::{
    Action, Arrow, CardDef, CardKind, Content, Cost, Count, DataError, DeckPosition, Effect,
    Modifier, OthersPolicy, PassiveMode, Protection, SelectCount, Selector, SelectorZone, Stage,
    StageRef, TickPolicy, Timing, Trigger, TurnHow,
};
use super::types::{CardId, Orientation, Resource, ResourceBag};
use super::validate::{
    Place, action_selectors, discovered_ids, for_each_action, modifier_selector,
};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

const CARDS: &str = "cards.json";

fn err(entry: impl Into<String>, field: impl Into<String>, msg: impl Into<String>) -> DataError {
    DataError::new(CARDS, entry, field, msg)
}

fn stage_entry(id: CardId, o: Orientation) -> String {
    format!("{id} {}", o.as_str())
}

pub fn constraints(content: &Content) -> Result<(), DataError> {
    c1_numbering(content)?;
    c2_starting(content)?;
    c3_sequence(content)?;
    c4_effect_only(content)?;
    c5_expansions(content)?;
    c6_before_23(content)?;
    let depths = c7_orientations(content)?;
    c8_permanents(content)?;
    c9_hostile(content)?;
    c10_resources(content)?;
    c11_balance(content, &depths)?;
    c12_coverage(content)?;
    c14_loops(content)?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Values (C-11, C-14): in half units, gold = wood = 1, stone = 1.5, metal = military = 2,
// trade = 2.5.
// ---------------------------------------------------------------------------------------------

fn half_value(r: Resource) -> u32 {
    match r {
        Resource::Gold | Resource::Wood => 2,
        Resource::Stone => 3,
        Resource::Metal | Resource::Military => 4,
        Resource::Trade => 5,
    }
}

/// A bag's value in half units.
pub fn bag_value(bag: &ResourceBag) -> u32 {
    bag.iter().map(|(r, n)| half_value(r) * n).sum()
}

/// A stage's production value in half units: the best alternative of each group.
pub fn production_value(stage: &Stage) -> u32 {
    stage
        .production
        .iter()
        .map(|g| g.iter().map(bag_value).max().unwrap_or(0))
        .sum()
}

fn halves(v: u32) -> String {
    if v.is_multiple_of(2) {
        format!("{}", v / 2)
    } else {
        format!("{}.5", v / 2)
    }
}

fn is_goal(stage: &Stage) -> bool {
    stage.subcategories.iter().any(|s| s == "goal")
}

fn cards(content: &Content) -> impl Iterator<Item = &CardDef> {
    content.cards.iter().flatten()
}

fn effects(stage: &Stage) -> impl Iterator<Item = (usize, &Effect)> {
    stage.effects.iter().enumerate()
}

/// Every discover reference of a card: (place entry, field, target id).
fn discover_refs(card: &CardDef) -> Vec<(String, String, CardId)> {
    let mut out = Vec::new();
    for_each_action(card, &mut |place, path, a| {
        let key = match a {
            Action::DiscoverChoice { .. } => "discover_choice.cards",
            _ => "discover",
        };
        for (i, id) in discovered_ids(a).iter().enumerate() {
            out.push((place.entry(), format!("{path}.{key}[{i}]"), *id));
        }
    });
    out
}

/// Card ids named by a `destroy` instruction's `ids` filter.
fn destroy_refs(card: &CardDef) -> Vec<(String, String, CardId)> {
    let mut out = Vec::new();
    for_each_action(card, &mut |place, path, a| {
        if let Action::Destroy(Selector::Cards(cs)) = a
            && let Some(ids) = &cs.filter.ids
        {
            for id in ids {
                out.push((place.entry(), format!("{path}.destroy.filter.ids"), *id));
            }
        }
    });
    out
}

// ---------------------------------------------------------------------------------------------
// C-1 Numbering
// ---------------------------------------------------------------------------------------------

fn c1_numbering(content: &Content) -> Result<(), DataError> {
    for id in 1..=138u16 {
        let Some(card) = content.card(id) else {
            return Err(err(
                id.to_string(),
                "id",
                "C-1: every id 1–138 must be in the box",
            ));
        };
        let ok = match id {
            1..=135 => matches!(card.kind, CardKind::Normal | CardKind::Parchment),
            _ => card.kind == CardKind::Expansion,
        };
        if !ok {
            let want = if id <= 135 {
                "normal or parchment"
            } else {
                "expansion"
            };
            return Err(err(
                id.to_string(),
                "kind",
                format!("C-1: card {id} must be {want}"),
            ));
        }
    }
    for card in cards(content) {
        if matches!(card.id, 0 | 139) && card.kind != CardKind::Inert {
            return Err(err(
                card.id.to_string(),
                "kind",
                "C-1: cards 0 and 139 are inert",
            ));
        }
        if card.id > 139 {
            return Err(err(
                card.id.to_string(),
                "id",
                "C-1: the box holds ids 0–139",
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// C-2 Starting cards 1–10 (KLG-3.1, 3.4)
// ---------------------------------------------------------------------------------------------

/// Why an action or effect is a legacy operation (C-2, C-6), if it is one.
fn legacy_action(a: &Action) -> Option<&'static str> {
    match a {
        Action::Sticker { .. } => Some("a sticker"),
        Action::Tick { .. } => Some("a tick"),
        Action::IncreaseProduction(_) => Some("an increase of production"),
        _ => None,
    }
}

fn legacy_effect(e: &Effect) -> Option<&'static str> {
    if e.one_time {
        return Some("a one-time effect");
    }
    if e.costs.iter().any(|c| matches!(c, Cost::Tick(_))) {
        return Some("a tick cost");
    }
    None
}

fn c2_starting(content: &Content) -> Result<(), DataError> {
    let mut kinds = BTreeSet::new();
    for id in 1..=10u16 {
        let card = content.card(id).expect("C-1 checked");
        let entry = stage_entry(id, Orientation::F0);
        let f0 = &card.faces[&Orientation::F0];
        if card.kind != CardKind::Normal {
            return Err(err(
                id.to_string(),
                "kind",
                "C-2: starting cards are normal cards",
            ));
        }
        if content.is_hostile(f0) {
            return Err(err(
                entry,
                "category",
                "C-2: starting cards are friendly in F0",
            ));
        }
        if f0.permanent {
            return Err(err(
                entry,
                "permanent",
                "C-2: a starting card is not permanent in F0 (KLG-3.4)",
            ));
        }
        let units: u32 = f0
            .production
            .iter()
            .map(|g| g.iter().map(|b| b.total()).max().unwrap_or(0))
            .sum();
        if !(1..=2).contains(&units) {
            return Err(err(
                entry,
                "production",
                format!("C-2: a starting card produces 1–2 units, not {units}"),
            ));
        }
        for g in &f0.production {
            for b in g {
                kinds.extend(b.kinds());
            }
        }
        if f0.upgrades.is_empty() {
            return Err(err(
                entry,
                "upgrades",
                "C-2: a starting card has an upgrade",
            ));
        }
        for (o, stage) in &card.faces {
            for (i, e) in effects(stage) {
                if let Some(why) = legacy_effect(e) {
                    return Err(err(
                        stage_entry(id, *o),
                        format!("effects[{i}]"),
                        format!("C-2: no legacy operation on a starting card ({why})"),
                    ));
                }
            }
        }
        let mut bad = None;
        for_each_action(card, &mut |place, path, a| {
            if bad.is_some() {
                return;
            }
            let why = legacy_action(a).or(match a {
                Action::Destroy(Selector::Cards(_)) => Some("destroying another card"),
                _ => None,
            });
            if let Some(why) = why {
                bad = Some(err(
                    place.entry(),
                    path,
                    format!("C-2: no legacy operation on a starting card ({why})"),
                ));
            }
        });
        if let Some(e) = bad {
            return Err(e);
        }
        let same = (1..=10u16)
            .filter(|other| content.card(*other).expect("C-1").faces == card.faces)
            .count();
        if same > 4 {
            return Err(err(
                id.to_string(),
                "faces",
                format!("C-2: {same} starting cards share this design (at most 4)"),
            ));
        }
    }
    if kinds.len() < 3 {
        return Err(err(
            "(file)",
            "faces.F0.production",
            format!(
                "C-2: the starting cards produce {} resource kinds (at least 3)",
                kinds.len()
            ),
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// C-3 Sequence 11–70 (KLG-4.3, 4.9, 11.4)
// ---------------------------------------------------------------------------------------------

fn c3_sequence(content: &Content) -> Result<(), DataError> {
    let parchments = (11..=70u16)
        .filter(|id| {
            content
                .card(*id)
                .is_some_and(|c| c.kind == CardKind::Parchment)
        })
        .count();
    if !(4..=7).contains(&parchments) {
        return Err(err(
            "(file)",
            "kind",
            format!("C-3: {parchments} parchments among 11–70 (4–7)"),
        ));
    }
    if content
        .card(23)
        .is_some_and(|c| c.kind != CardKind::Parchment)
    {
        return Err(err(
            "23",
            "kind",
            "C-3: card 23 is the parchment that opens the legacy part",
        ));
    }
    for card in cards(content) {
        for (entry, field, id) in discover_refs(card) {
            if id == 23 {
                return Err(err(
                    entry,
                    field,
                    "C-3: card 23 arrives only by the round sequence (KLG-11.4)",
                ));
            }
        }
        for (entry, field, id) in destroy_refs(card) {
            if id == 23 || id == 70 {
                return Err(err(
                    entry,
                    field,
                    format!("C-3: card {id} must never be destroyed (KLG-4.9, 11.4)"),
                ));
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// C-4 Effect-only cards 71–135 (KLG-4.11, 15)
// ---------------------------------------------------------------------------------------------

/// The cards that can enter the kingdom from `roots` through discover instructions.
pub fn reachable_by_discovery(
    content: &Content,
    roots: impl IntoIterator<Item = CardId>,
) -> BTreeSet<CardId> {
    let mut seen: BTreeSet<CardId> = BTreeSet::new();
    let mut queue: VecDeque<CardId> = VecDeque::new();
    for r in roots {
        if content.card(r).is_some() && seen.insert(r) {
            queue.push_back(r);
        }
    }
    while let Some(id) = queue.pop_front() {
        let card = content.card(id).expect("queued cards exist");
        for (_, _, to) in discover_refs(card) {
            if content.card(to).is_some() && seen.insert(to) {
                queue.push_back(to);
            }
        }
    }
    seen
}

fn c4_effect_only(content: &Content) -> Result<(), DataError> {
    for card in cards(content) {
        for (entry, field, id) in discover_refs(card) {
            if id == 0 || (1..=10).contains(&id) || id == 139 {
                return Err(err(
                    entry,
                    field,
                    format!("C-4: card {id} is never discovered by an effect"),
                ));
            }
        }
    }
    let reach = reachable_by_discovery(content, 1..=70);
    for id in 71..=135u16 {
        if !reach.contains(&id) {
            return Err(err(
                id.to_string(),
                "id",
                format!(
                    "C-4: card {id} is discovered by no card that can itself be reached from 1–70"
                ),
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// C-5 Expansion cards 136–138 (KLG-18)
// ---------------------------------------------------------------------------------------------

fn c5_expansions(content: &Content) -> Result<(), DataError> {
    for card in cards(content) {
        for (entry, field, id) in discover_refs(card) {
            if (136..=138).contains(&id) {
                return Err(err(
                    entry,
                    field,
                    format!("C-5: expansion card {id} enters only by the expansion procedure"),
                ));
            }
        }
    }
    for id in 136..=138u16 {
        let card = content.card(id).expect("C-1 checked");
        let x = card.expansion.as_ref().expect("validate checked");
        let sid = id.to_string();
        if x.purge_n != 12 {
            return Err(err(
                sid,
                "expansion.purge_n",
                "C-5: the built-in expansions purge 12",
            ));
        }
        if x.purge_permanent != 1 {
            return Err(err(
                sid,
                "expansion.purge_permanent",
                "C-5: the built-in expansions purge 1 permanent card",
            ));
        }
        if x.rounds != 4 {
            return Err(err(
                sid,
                "expansion.rounds",
                "C-5: the built-in expansions last 4 rounds",
            ));
        }
        let distinct: BTreeSet<_> = x.round_stage.iter().collect();
        if distinct.len() != 4 {
            return Err(err(
                sid,
                "expansion.round_stage",
                "C-5: 4 distinct round stages",
            ));
        }
        for (o, stage) in &card.faces {
            for (i, e) in effects(stage) {
                if matches!(e.timing, Timing::Activated | Timing::Destroy) {
                    return Err(err(
                        stage_entry(id, *o),
                        format!("effects[{i}].timing"),
                        "C-5: an expansion card has no activated or destroy effects",
                    ));
                }
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// C-6 Pre-23 safety (KLG-11.3, 11.5)
// ---------------------------------------------------------------------------------------------

fn c6_before_23(content: &Content) -> Result<(), DataError> {
    let early = reachable_by_discovery(content, 1..=22);
    for id in early {
        let card = content.card(id).expect("reachable cards exist");
        for (o, stage) in &card.faces {
            for (i, e) in effects(stage) {
                if let Some(why) = legacy_effect(e) {
                    return Err(err(
                        stage_entry(id, *o),
                        format!("effects[{i}]"),
                        format!(
                            "C-6: card {id} can be in the kingdom before card 23 and uses {why}"
                        ),
                    ));
                }
            }
        }
        let mut bad = None;
        for_each_action(card, &mut |place, path, a| {
            if bad.is_none()
                && let Some(why) = legacy_action(a)
            {
                bad = Some(err(
                    place.entry(),
                    path,
                    format!("C-6: card {id} can be in the kingdom before card 23 and uses {why}"),
                ));
            }
        });
        if let Some(e) = bad {
            return Err(e);
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// C-7 Orientation graph (KLG-2.5)
// ---------------------------------------------------------------------------------------------

/// Where a card's own instructions turn it from a stage: upgrades and `turn` of `this`.
fn own_edges(card: &CardDef, o: Orientation, stage: &Stage) -> Vec<Orientation> {
    let mut out: Vec<Orientation> = stage.upgrades.iter().map(|u| u.to).collect();
    let mut push = |a: &Action| {
        if let Action::Turn {
            target: Selector::This { .. },
            how,
        } = a
        {
            out.push(match how {
                TurnHow::Rotate => o.rotated(),
                TurnHow::Flip => o.flipped(),
                TurnHow::To(t) => *t,
            });
        }
    };
    for e in &stage.effects {
        e.actions.iter().for_each(&mut push);
    }
    for b in &stage.checkboxes {
        b.on_tick.iter().for_each(&mut push);
    }
    out.retain(|t| card.faces.contains_key(t));
    out
}

/// Upgrade depth of every reachable stage (0 = F0), for C-11.
pub type Depths = BTreeMap<(CardId, Orientation), u32>;

fn c7_orientations(content: &Content) -> Result<Depths, DataError> {
    // stages other cards turn a card to, by id
    let mut external: BTreeMap<CardId, BTreeSet<Orientation>> = BTreeMap::new();
    for card in cards(content) {
        for_each_action(card, &mut |_, _, a| {
            if let Action::Turn {
                target: Selector::Cards(cs),
                how: TurnHow::To(to),
            } = a
                && let Some(ids) = &cs.filter.ids
            {
                for id in ids {
                    external.entry(*id).or_default().insert(*to);
                }
            }
        });
    }
    let mut depths = Depths::new();
    for card in cards(content) {
        if card.kind == CardKind::Expansion {
            // its stages are reached by the expansion rounds (KLG-18.9)
            let x = card.expansion.as_ref().expect("validate checked");
            for o in card.faces.keys() {
                if !x.round_stage.contains(o) {
                    return Err(err(
                        stage_entry(card.id, *o),
                        "expansion.round_stage",
                        "C-7: an expansion stage that no round uses",
                    ));
                }
            }
            continue;
        }
        let mut depth: BTreeMap<Orientation, u32> = BTreeMap::new();
        let mut queue = VecDeque::new();
        depth.insert(Orientation::F0, 0);
        queue.push_back(Orientation::F0);
        for o in external.get(&card.id).into_iter().flatten() {
            if card.faces.contains_key(o) && !depth.contains_key(o) {
                depth.insert(*o, 1);
                queue.push_back(*o);
            }
        }
        let mut preds: BTreeMap<Orientation, Vec<Orientation>> = BTreeMap::new();
        while let Some(o) = queue.pop_front() {
            let d = depth[&o];
            for t in own_edges(card, o, &card.faces[&o]) {
                preds.entry(t).or_default().push(o);
                if let std::collections::btree_map::Entry::Vacant(slot) = depth.entry(t) {
                    slot.insert(d + 1);
                    queue.push_back(t);
                }
            }
        }
        for (o, stage) in &card.faces {
            let entry = stage_entry(card.id, *o);
            if !depth.contains_key(o) {
                return Err(err(
                    entry,
                    "faces",
                    "C-7: this stage cannot be reached from F0 by upgrades or turns",
                ));
            }
            if *o == Orientation::F0 || stage.permanent {
                continue;
            }
            if own_edges(card, *o, stage).is_empty() {
                for p in preds.get(o).into_iter().flatten() {
                    let before = card.faces[p].fame;
                    if stage.fame < before {
                        return Err(err(
                            entry,
                            "fame",
                            format!(
                                "C-7: a final stage has less fame ({}) than the stage {} it comes from ({before})",
                                stage.fame,
                                p.as_str()
                            ),
                        ));
                    }
                }
            }
        }
        for (o, d) in depth {
            depths.insert((card.id, o), d);
        }
    }
    Ok(depths)
}

// ---------------------------------------------------------------------------------------------
// C-8 Permanents (KLG-9)
// ---------------------------------------------------------------------------------------------

fn c8_permanents(content: &Content) -> Result<(), DataError> {
    let mut n = 0;
    for card in cards(content).filter(|c| c.id <= 135) {
        let mut any = false;
        for (o, stage) in card.faces.iter().filter(|(_, s)| s.permanent) {
            any = true;
            let entry = stage_entry(card.id, *o);
            if !stage.production.is_empty() {
                return Err(err(
                    entry,
                    "production",
                    "C-8: a permanent stage has no production (KLG-9.8)",
                ));
            }
            for (i, e) in effects(stage) {
                if matches!(e.timing, Timing::Activated) {
                    return Err(err(
                        entry,
                        format!("effects[{i}].timing"),
                        "C-8: a permanent stage has no activated effect (KLG-9.8)",
                    ));
                }
            }
        }
        n += usize::from(any);
    }
    if !(10..=16).contains(&n) {
        return Err(err(
            "(file)",
            "permanent",
            format!("C-8: {n} cards with a permanent stage (10–16)"),
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// C-9 Hostile cards (KLG-1.7, 10)
// ---------------------------------------------------------------------------------------------

fn turns_or_destroys_self(e: &Effect) -> bool {
    e.actions.iter().any(|a| {
        matches!(
            a,
            Action::Turn {
                target: Selector::This { .. },
                ..
            } | Action::Destroy(Selector::This { .. })
        )
    })
}

fn c9_hostile(content: &Content) -> Result<(), DataError> {
    let mut n = 0;
    for card in cards(content) {
        let mut any = false;
        for (o, stage) in card.faces.iter().filter(|(_, s)| content.is_hostile(s)) {
            any = true;
            let entry = stage_entry(card.id, *o);
            if stage.fame > 0 {
                return Err(err(
                    entry,
                    "fame",
                    format!("C-9: an enemy stage has fame ≤ 0, not {}", stage.fame),
                ));
            }
            let stays = stage.effects.iter().any(|e| {
                e.modifiers
                    .iter()
                    .any(|m| matches!(m, Modifier::StaysInPlay(Selector::This { .. })))
            });
            let way_out = stage
                .effects
                .iter()
                .any(|e| matches!(e.timing, Timing::Destroy) || turns_or_destroys_self(e));
            if stays && !way_out {
                return Err(err(
                    entry,
                    "effects",
                    "C-9: an enemy that stays in play needs a way out (destroy or turn itself)",
                ));
            }
        }
        n += usize::from(any);
    }
    if !(8..=12).contains(&n) {
        return Err(err(
            "(file)",
            "category",
            format!("C-9: {n} cards with an enemy stage (8–12)"),
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// C-10 Resources (KLG-7)
// ---------------------------------------------------------------------------------------------

fn c10_resources(content: &Content) -> Result<(), DataError> {
    let mut produced = BTreeSet::new();
    let mut paid = BTreeSet::new();
    let mut entry_units = [0u32; 6];
    let mut later_units = [0u32; 6];
    for card in cards(content) {
        for (o, stage) in &card.faces {
            for g in &stage.production {
                for b in g {
                    produced.extend(b.kinds());
                    for (r, n) in b.iter() {
                        if *o == Orientation::F0 && card.id <= 135 && card.kind == CardKind::Normal
                        {
                            entry_units[r.index()] += n;
                        } else {
                            later_units[r.index()] += n;
                        }
                    }
                }
            }
            for u in &stage.upgrades {
                paid.extend(u.cost.kinds());
            }
            for e in &stage.effects {
                for c in &e.costs {
                    if let Cost::Pay(b) = c {
                        paid.extend(b.kinds());
                    }
                }
                for a in &e.actions {
                    if let Action::Gain(b) = a {
                        for (r, n) in b.iter() {
                            later_units[r.index()] += n;
                        }
                    }
                }
            }
            for b in &stage.checkboxes {
                for (r, n) in b.gain.iter() {
                    later_units[r.index()] += n;
                }
            }
        }
    }
    for r in Resource::ALL {
        if !produced.contains(&r) {
            return Err(err(
                "(file)",
                "production",
                format!("C-10: no stage produces {}", r.as_str()),
            ));
        }
        if !paid.contains(&r) {
            return Err(err(
                "(file)",
                "costs",
                format!("C-10: no cost asks for {}", r.as_str()),
            ));
        }
    }
    let total: u32 = entry_units.iter().sum();
    let gw = entry_units[Resource::Gold.index()] + entry_units[Resource::Wood.index()];
    if gw * 2 < total {
        return Err(err(
            "(file)",
            "faces.F0.production",
            format!(
                "C-10: gold and wood are {gw} of {total} entry-stage production units (≥ 50 %)"
            ),
        ));
    }
    for r in [Resource::Metal, Resource::Military, Resource::Trade] {
        if entry_units[r.index()] >= later_units[r.index()] {
            return Err(err(
                "(file)",
                "faces.F0.production",
                format!(
                    "C-10: {} comes mostly from entry stages ({} units, later stages and effects {})",
                    r.as_str(),
                    entry_units[r.index()],
                    later_units[r.index()]
                ),
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// C-11 Balance bands and category mix
// ---------------------------------------------------------------------------------------------

/// Production value band (half units) by depth 0–3.
const PRODUCTION_BAND: [(u32, u32); 4] = [(2, 4), (4, 6), (6, 8), (8, 12)];
/// Fame band of friendly, non-permanent, non-goal stages by depth 0–3.
const FAME_BAND: [(i32, i32); 4] = [(0, 0), (0, 3), (2, 6), (5, 12)];
/// Category mix over cards 1–135 by entry stage, in percent.
pub const CATEGORY_MIX: [(&str, u32, u32); 7] = [
    ("land", 25, 35),
    ("building", 20, 30),
    ("person", 15, 25),
    ("seafaring", 4, 8),
    ("livestock", 2, 6),
    ("event", 4, 8),
    ("enemy", 6, 9),
];

fn c11_balance(content: &Content, depths: &Depths) -> Result<(), DataError> {
    for card in cards(content).filter(|c| c.kind == CardKind::Normal) {
        for (o, stage) in &card.faces {
            let entry = stage_entry(card.id, *o);
            let d = depths.get(&(card.id, *o)).copied().unwrap_or(0).min(3) as usize;
            if !stage.production.is_empty() && !stage.permanent {
                let v = production_value(stage);
                let (lo, hi) = PRODUCTION_BAND[d];
                if v < lo || v > hi {
                    return Err(err(
                        entry,
                        "production",
                        format!(
                            "C-11: production worth {} at upgrade depth {d} (band {}–{})",
                            halves(v),
                            halves(lo),
                            halves(hi)
                        ),
                    ));
                }
            }
            for (i, u) in stage.upgrades.iter().enumerate() {
                let v = bag_value(&u.cost);
                let (lo, hi) = (4 + 4 * d as u32, 8 + 6 * d as u32);
                if v < lo || v > hi {
                    return Err(err(
                        entry,
                        format!("upgrades[{i}].cost"),
                        format!(
                            "C-11: an upgrade from depth {d} costs {} (band {}–{})",
                            halves(v),
                            halves(lo),
                            halves(hi)
                        ),
                    ));
                }
            }
            if !content.is_hostile(stage) && !stage.permanent && !is_goal(stage) {
                let (lo, hi) = FAME_BAND[d];
                if stage.fame < lo || stage.fame > hi {
                    return Err(err(
                        entry,
                        "fame",
                        format!(
                            "C-11: fame {} at upgrade depth {d} (band {lo}–{hi})",
                            stage.fame
                        ),
                    ));
                }
            }
        }
    }
    let mut counts: BTreeMap<&str, u32> = BTreeMap::new();
    let mut total = 0u32;
    for id in 1..=135u16 {
        let card = content.card(id).expect("C-1 checked");
        *counts
            .entry(card.faces[&Orientation::F0].category.as_str())
            .or_default() += 1;
        total += 1;
    }
    for (cat, lo, hi) in CATEGORY_MIX {
        let n = counts.get(cat).copied().unwrap_or(0);
        if n * 100 < lo * total || n * 100 > hi * total {
            return Err(err(
                "(file)",
                "faces.F0.category",
                format!(
                    "C-11: {n} of {total} cards enter as `{cat}` ({:.1} %, band {lo}–{hi} %)",
                    f64::from(n) * 100.0 / f64::from(total)
                ),
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// C-12 Coverage
// ---------------------------------------------------------------------------------------------

/// Every core variant of the card language (§11.2 "DSL scope") and every sticker number of the
/// catalogue; C-12 asks for each to be used at least once.
pub const CORE_FEATURES: &[&str] = &[
    "timing.passive.static",
    "timing.passive.repeatable",
    "timing.activated",
    "timing.ends_turn",
    "timing.destroy",
    "timing.triggered.mandatory",
    "timing.triggered.optional",
    "trigger.after_played",
    "trigger.end_of_turn",
    "trigger.round_start",
    "trigger.end_of_round",
    "one_time",
    "cost.pay",
    "cost.tick",
    "action.gain",
    "action.gain_any",
    "action.gain_per",
    "count.cards",
    "count.ticked_boxes",
    "action.discover",
    "action.discover_choice",
    "discover_choice.others.stay",
    "discover_choice.others.destroy",
    "action.turn",
    "turn.rotate",
    "turn.flip",
    "turn.to",
    "action.block",
    "action.discard",
    "action.destroy",
    "action.put_on_deck",
    "put_on_deck.top",
    "put_on_deck.bottom",
    "action.sticker",
    "sticker.stage.active",
    "sticker.stage.at",
    "action.increase_production",
    "action.tick",
    "tick.choice",
    "tick.in_order",
    "action.stay_in_play",
    "action.end_turn",
    "action.purge",
    "action.purge_permanent",
    "modifier.stays_in_play",
    "modifier.protect",
    "protect.destroy",
    "protect.purge",
    "protect.block",
    "stage.permanent",
    "stage.fame",
    "stage.production",
    "stage.production.alternatives",
    "stage.upgrade.rotate",
    "stage.upgrade.flip",
    "stage.checkbox.gain",
    "stage.checkbox.fame",
    "stage.checkbox.on_tick",
    "stage.in_order_boxes",
    "stage.protect",
    "selector.this",
    "zone.active",
    "zone.permanent",
    "zone.discard",
    "zone.kingdom",
    "count.exactly",
    "count.up_to",
    "count.all",
    "selector.include_blocked",
    "selector.exclude_self_false",
    "filter.category",
    "filter.subcategory",
    "filter.hostile",
    "filter.produces",
    "filter.ids",
    "sticker.1",
    "sticker.2",
    "sticker.3",
    "sticker.4",
    "sticker.5",
    "sticker.6",
    "sticker.7",
    "sticker.8",
    "sticker.10",
];

/// C-12's minimum counts: (counter, minimum).
pub const MINIMUMS: &[(&str, usize)] = &[
    ("one_time effects", 10),
    ("cards with checkboxes", 6),
    ("cards with resource checkboxes", 1),
    ("cards with in-order checkboxes", 1),
    ("sticker or increase_production instructions", 8),
    ("block instructions", 4),
    ("put_on_deck instructions", 3),
    ("destroy instructions", 6),
    ("discover_choice instructions", 6),
    ("stays_in_play uses", 2),
    ("protect uses", 2),
    ("starting cards turned by their own effect", 1),
];

/// How often each feature of [`CORE_FEATURES`] and each counter of [`MINIMUMS`] occurs.
pub fn coverage(content: &Content) -> BTreeMap<String, usize> {
    let mut c: BTreeMap<String, usize> = BTreeMap::new();
    let bump = inc;
    for card in cards(content) {
        let mut boxes = false;
        let mut resource_boxes = false;
        let mut ordered = false;
        for (o, stage) in &card.faces {
            if stage.permanent {
                bump(&mut c, "stage.permanent");
            }
            if stage.fame != 0 {
                bump(&mut c, "stage.fame");
            }
            if !stage.production.is_empty() {
                bump(&mut c, "stage.production");
            }
            if stage.production.iter().any(|g| g.len() > 1) {
                bump(&mut c, "stage.production.alternatives");
            }
            for u in &stage.upgrades {
                bump(
                    &mut c,
                    match u.arrow {
                        Arrow::Rotate => "stage.upgrade.rotate",
                        Arrow::Flip => "stage.upgrade.flip",
                    },
                );
            }
            for b in &stage.checkboxes {
                boxes = true;
                if !b.gain.is_empty() {
                    resource_boxes = true;
                    bump(&mut c, "stage.checkbox.gain");
                }
                if b.fame != 0 {
                    bump(&mut c, "stage.checkbox.fame");
                }
                if !b.on_tick.is_empty() {
                    bump(&mut c, "stage.checkbox.on_tick");
                }
            }
            if stage.in_order_boxes {
                ordered = true;
                bump(&mut c, "stage.in_order_boxes");
            }
            for p in &stage.protect {
                bump(&mut c, "stage.protect");
                bump(&mut c, "protect uses");
                bump(&mut c, protection_feature(*p));
            }
            for e in &stage.effects {
                effect_features(e, &mut c);
                if card.id >= 1 && card.id <= 10 {
                    let own = e.actions.iter().any(|a| {
                        matches!(
                            a,
                            Action::Turn {
                                target: Selector::This { .. },
                                ..
                            }
                        )
                    });
                    if own && *o == Orientation::F0 {
                        bump(&mut c, "starting cards turned by their own effect");
                    }
                }
            }
        }
        if boxes {
            bump(&mut c, "cards with checkboxes");
        }
        if resource_boxes {
            bump(&mut c, "cards with resource checkboxes");
        }
        if ordered {
            bump(&mut c, "cards with in-order checkboxes");
        }
        for_each_action(card, &mut |_: Place<'_>, _, a| action_features(a, &mut c));
    }
    c
}

fn inc(c: &mut BTreeMap<String, usize>, k: &str) {
    *c.entry(k.to_string()).or_default() += 1;
}

fn protection_feature(p: Protection) -> &'static str {
    match p {
        Protection::Destroy => "protect.destroy",
        Protection::Purge => "protect.purge",
        Protection::Block => "protect.block",
    }
}

fn effect_features(e: &Effect, c: &mut BTreeMap<String, usize>) {
    match e.timing {
        Timing::Passive {
            mode: PassiveMode::Static,
        } => inc(c, "timing.passive.static"),
        Timing::Passive {
            mode: PassiveMode::Repeatable,
        } => inc(c, "timing.passive.repeatable"),
        Timing::Activated => inc(c, "timing.activated"),
        Timing::EndsTurn => inc(c, "timing.ends_turn"),
        Timing::Destroy => inc(c, "timing.destroy"),
        Timing::Triggered { mandatory, when } => {
            inc(
                c,
                if mandatory {
                    "timing.triggered.mandatory"
                } else {
                    "timing.triggered.optional"
                },
            );
            inc(
                c,
                match when {
                    Trigger::AfterPlayed => "trigger.after_played",
                    Trigger::EndOfTurn => "trigger.end_of_turn",
                    Trigger::RoundStart => "trigger.round_start",
                    Trigger::EndOfRound => "trigger.end_of_round",
                },
            );
        }
    }
    if e.one_time {
        inc(c, "one_time");
        inc(c, "one_time effects");
    }
    for cost in &e.costs {
        inc(
            c,
            match cost {
                Cost::Pay(_) => "cost.pay",
                Cost::Tick(_) => "cost.tick",
            },
        );
    }
    for m in &e.modifiers {
        match m {
            Modifier::StaysInPlay(_) => {
                inc(c, "modifier.stays_in_play");
                inc(c, "stays_in_play uses");
            }
            Modifier::Protect { against, .. } => {
                inc(c, "modifier.protect");
                inc(c, "protect uses");
                for p in against {
                    inc(c, protection_feature(*p));
                }
            }
        }
        selector_features(modifier_selector(m), c);
    }
}

fn action_features(a: &Action, c: &mut BTreeMap<String, usize>) {
    let key = format!("action.{}", super::validate::action_key(a));
    *c.entry(key).or_default() += 1;
    match a {
        Action::GainPer { per, .. } => inc(
            c,
            match per {
                Count::Cards(_) => "count.cards",
                Count::TickedBoxes(_) => "count.ticked_boxes",
            },
        ),
        Action::DiscoverChoice { others, .. } => {
            inc(c, "discover_choice instructions");
            inc(
                c,
                match others {
                    OthersPolicy::Stay => "discover_choice.others.stay",
                    OthersPolicy::Destroy => "discover_choice.others.destroy",
                },
            );
        }
        Action::Turn { how, .. } => inc(
            c,
            match how {
                TurnHow::Rotate => "turn.rotate",
                TurnHow::Flip => "turn.flip",
                TurnHow::To(_) => "turn.to",
            },
        ),
        Action::Block(_) => inc(c, "block instructions"),
        Action::Destroy(_) => inc(c, "destroy instructions"),
        Action::PutOnDeck { position, .. } => {
            inc(c, "put_on_deck instructions");
            inc(
                c,
                match position {
                    DeckPosition::Top => "put_on_deck.top",
                    DeckPosition::Bottom => "put_on_deck.bottom",
                },
            );
        }
        Action::Sticker { no, stage, .. } => {
            inc(c, "sticker or increase_production instructions");
            inc(c, &format!("sticker.{no}"));
            inc(
                c,
                match stage {
                    StageRef::Active => "sticker.stage.active",
                    StageRef::At(_) => "sticker.stage.at",
                },
            );
        }
        Action::IncreaseProduction(_) => inc(c, "sticker or increase_production instructions"),
        Action::Tick { policy, .. } => inc(
            c,
            match policy {
                TickPolicy::Choice => "tick.choice",
                TickPolicy::InOrder => "tick.in_order",
            },
        ),
        Action::StayInPlay(_) => inc(c, "stays_in_play uses"),
        _ => {}
    }
    for s in action_selectors(a) {
        selector_features(s, c);
    }
}

fn selector_features(s: &Selector, c: &mut BTreeMap<String, usize>) {
    let Selector::Cards(cs) = s else {
        inc(c, "selector.this");
        return;
    };
    for z in &cs.zones {
        inc(
            c,
            match z {
                SelectorZone::Active => "zone.active",
                SelectorZone::Permanent => "zone.permanent",
                SelectorZone::Discard => "zone.discard",
                SelectorZone::Kingdom => "zone.kingdom",
            },
        );
    }
    inc(
        c,
        match cs.count {
            SelectCount::Exactly(_) => "count.exactly",
            SelectCount::UpTo(_) => "count.up_to",
            SelectCount::All => "count.all",
        },
    );
    if cs.include_blocked {
        inc(c, "selector.include_blocked");
    }
    if !cs.exclude_self {
        inc(c, "selector.exclude_self_false");
    }
    let f = &cs.filter;
    for (set, k) in [
        (f.category.is_some(), "filter.category"),
        (f.subcategory.is_some(), "filter.subcategory"),
        (f.hostile.is_some(), "filter.hostile"),
        (f.produces.is_some(), "filter.produces"),
        (f.ids.is_some(), "filter.ids"),
    ] {
        if set {
            inc(c, k);
        }
    }
}

fn c12_coverage(content: &Content) -> Result<(), DataError> {
    let c = coverage(content);
    for f in CORE_FEATURES {
        if c.get(*f).copied().unwrap_or(0) == 0 {
            return Err(err(
                "(file)",
                "(coverage)",
                format!("C-12: no card uses `{f}`"),
            ));
        }
    }
    for (k, min) in MINIMUMS {
        let n = c.get(*k).copied().unwrap_or(0);
        if n < *min {
            return Err(err(
                "(file)",
                "(coverage)",
                format!("C-12: {n} {k} (at least {min})"),
            ));
        }
    }
    // the guaranteed sticker instructions (parchments) fit the supply (§11.3)
    let mut demand: BTreeMap<String, u32> = BTreeMap::new();
    for card in cards(content).filter(|c| c.kind == CardKind::Parchment) {
        for a in &card.on_discover {
            if let Action::Sticker { no, .. } = a {
                let n = demand.entry(no.clone()).or_default();
                *n += 1;
                let copies = content.sticker(no).map_or(0, |s| s.copies);
                if *n > copies {
                    return Err(err(
                        card.id.to_string(),
                        "on_discover",
                        format!(
                            "C-12: parchments apply sticker {no} {n} times, the supply has {copies}"
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// C-14 Loop safety (KLG-8.10)
// ---------------------------------------------------------------------------------------------

fn c14_loops(content: &Content) -> Result<(), DataError> {
    for card in cards(content) {
        for (o, stage) in &card.faces {
            for (i, e) in effects(stage) {
                if !matches!(
                    e.timing,
                    Timing::Passive {
                        mode: PassiveMode::Repeatable
                    }
                ) || e.one_time
                    || e.costs.iter().any(|c| matches!(c, Cost::Tick(_)))
                {
                    continue;
                }
                let entry = stage_entry(card.id, *o);
                let field = format!("effects[{i}]");
                if e.costs.is_empty() {
                    return Err(err(
                        entry,
                        format!("{field}.costs"),
                        "C-14: a repeatable effect without cost or limit",
                    ));
                }
                let cost: u32 = e
                    .costs
                    .iter()
                    .map(|c| match c {
                        Cost::Pay(b) => bag_value(b),
                        Cost::Tick(_) => 0,
                    })
                    .sum();
                let mut yields = 0u32;
                for a in &e.actions {
                    match a {
                        Action::Gain(b) => yields += bag_value(b),
                        Action::GainAny(n) => yields += u32::from(*n) * half_value(Resource::Trade),
                        Action::GainPer { .. } => {
                            return Err(err(
                                entry,
                                format!("{field}.actions"),
                                "C-14: a repeatable effect whose yield has no bound",
                            ));
                        }
                        _ => {}
                    }
                }
                if cost < yields {
                    return Err(err(
                        entry,
                        format!("{field}.costs"),
                        format!(
                            "C-14: a repeatable effect costs {} and yields {}",
                            halves(cost),
                            halves(yields)
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}
