//! Expansions (KLG-18) and the purge (KLG-19): starting an expansion, purge N in batches,
//! purge 1 permanent, purge fame, the expansion card's rounds and its scoring.

use super::cards::{self, By};
use super::data::Protection;
use super::events::KlgEvent;
use super::scoring;
use super::selectors;
use super::state::*;
use super::types::CardId;

/// KLG-19.2: the number of selections a purge deck of `d` cards yields with batches of `n`
/// (⌊d/n⌋; none for n = 0).
pub(crate) fn selections(d: usize, n: u8) -> usize {
    if n == 0 { 0 } else { d / n as usize }
}

/// KLG-19.5, 19.6, 19.9: a card may be purged if it is friendly and protected neither against
/// purge nor against destruction.
pub(crate) fn purgeable(st: &State, id: CardId) -> bool {
    !selectors::is_hostile(st, id)
        && !selectors::protected(st, id, Protection::Purge)
        && !selectors::protected(st, id, Protection::Destroy)
}

/// KLG-18.7: at most 10 expansions per kingdom.
pub(crate) const MAX_EXPANSIONS: usize = 10;

/// D18: the expansion cards that may be started now (KLG-18.2, 18.7, 18.10).
pub(crate) fn startable(st: &State) -> Vec<CardId> {
    if st.phase != Phase::PostGame || st.score_track.expansions.len() >= MAX_EXPANSIONS {
        return Vec::new();
    }
    super::pack_content(st.pack)
        .ids()
        .filter(|&id| {
            super::pack_content(st.pack)
                .card(id)
                .is_some_and(|d| d.expansion.is_some())
                && st.location(id) == Location::Box
                && !st.expansions.played.contains(&id)
        })
        .collect()
}

/// R-3, KLG-19.3: gathers `cards` (ascending), shuffles them and opens the purge.
fn open(st: &mut State, mut ids: Vec<CardId>, p: PurgeState, ev: &mut Vec<KlgEvent>) {
    ids.sort_unstable();
    st.rng.shuffle(&mut ids);
    for &c in &ids {
        st.deck.retain(|&x| x != c);
        st.active.retain(|&x| x != c);
        st.discard.retain(|&x| x != c);
        st.card_mut(c).location = Location::Purge;
    }
    ev.push(KlgEvent::PurgeShuffled { order: ids.clone() });
    st.purge = Some(PurgeState { deck: ids, ..p });
}

/// KLG-18.3, 18.9: the expansion card goes to its zone in the stage of round 1, then purge N
/// and purge 1 permanent (KLG-19) over all non-permanent kingdom cards.
pub(crate) fn start_expansion(st: &mut State, card: CardId, ev: &mut Vec<KlgEvent>) {
    let def = super::pack_content(st.pack)
        .card(card)
        .and_then(|d| d.expansion.clone())
        .expect("an expansion card");
    cards::move_card(st, card, Location::Expansion, By::Other, ev);
    if let Some(&o) = def.round_stage.first() {
        st.card_mut(card).orientation = o;
    }
    st.expansions.current = Some(CurrentExpansion {
        id: card,
        rounds_done: 0,
    });
    ev.push(KlgEvent::ExpansionStarted { card });
    let mut ids: Vec<CardId> = st.deck.clone();
    ids.extend(st.active.iter().copied());
    ids.extend(st.discard.iter().copied());
    st.blocks.clear();
    st.stays_in_play.clear();
    open(
        st,
        ids,
        PurgeState {
            expansion: card,
            n: def.purge_n,
            permanent_picks: def.purge_permanent,
            deck: Vec::new(),
            batch: Vec::new(),
            leftovers: Vec::new(),
            set_aside: Vec::new(),
            fame: 0,
            starts_expansion: true,
        },
        ev,
    );
    st.flow = Flow::Idle;
}

/// KLG-19.12: a `purge` / `purge_permanent` instruction on a card: the same procedure over the
/// discard pile.
pub(crate) fn start_card_purge(
    st: &mut State,
    source: Option<CardId>,
    n: u8,
    permanent: u8,
    ev: &mut Vec<KlgEvent>,
) {
    let expansion = st
        .expansions
        .current
        .as_ref()
        .map(|c| c.id)
        .or(source)
        .unwrap_or(0);
    let ids = if n > 0 {
        st.discard.clone()
    } else {
        Vec::new()
    };
    open(
        st,
        ids,
        PurgeState {
            expansion,
            n,
            permanent_picks: permanent,
            deck: Vec::new(),
            batch: Vec::new(),
            leftovers: Vec::new(),
            set_aside: Vec::new(),
            fame: 0,
            starts_expansion: false,
        },
        ev,
    );
}

/// The next purge step when no decision is open: reveal a batch (KLG-19.2), or complete the
/// selection (KLG-19.4), or ask for a permanent (KLG-19.6), or record the purge fame and
/// destroy the set-aside cards (KLG-19.7).
pub(crate) fn advance(st: &mut State, ev: &mut Vec<KlgEvent>) {
    let p = st.purge.as_mut().expect("a purge");
    if p.batch.is_empty() && p.n > 0 && p.deck.len() >= p.n as usize {
        let batch: Vec<CardId> = p.deck.drain(..p.n as usize).collect();
        p.batch = batch.clone();
        ev.push(KlgEvent::PurgeBatch {
            cards: batch.clone(),
        });
        let eligible: Vec<CardId> = {
            let mut v: Vec<CardId> = batch.into_iter().filter(|&c| purgeable(st, c)).collect();
            v.sort_unstable();
            v
        };
        let batch = st
            .purge
            .as_ref()
            .map(|p| p.batch.clone())
            .unwrap_or_default();
        st.decision = Some(Decision::PurgePick { batch, eligible });
        return;
    }
    // KLG-19.4: the selection is complete.
    let rest: Vec<CardId> = {
        let mut v = std::mem::take(&mut p.leftovers);
        v.append(&mut p.deck);
        v.sort_unstable();
        v
    };
    for c in rest {
        st.card_mut(c).location = Location::Discard;
        st.discard.push(c);
    }
    let p = st.purge.as_ref().expect("a purge");
    if p.permanent_picks > 0 {
        let eligible: Vec<CardId> = st
            .permanent
            .iter()
            .copied()
            .filter(|&c| purgeable(st, c))
            .collect();
        if !eligible.is_empty() {
            st.decision = Some(Decision::PurgePermanent { eligible });
            return;
        }
    }
    finish(st, ev);
}

/// KLG-19.7, 19.11, 18.11: purge fame on sticker 16, set-aside cards destroyed, then the first
/// expansion round starts (for the expansion-start purge).
fn finish(st: &mut State, ev: &mut Vec<KlgEvent>) {
    let p = st.purge.take().expect("a purge");
    st.purge_fame.push(PurgeFameEntry {
        expansion_id: p.expansion,
        value: p.fame,
    });
    if let Some(n) = st.sticker_supply.get_mut("16") {
        *n = n.saturating_sub(1);
    }
    ev.push(KlgEvent::PurgeFameRecorded {
        expansion: p.expansion,
        value: p.fame,
    });
    for c in p.set_aside {
        cards::destroy(st, c, By::Other, ev);
    }
    st.discard.sort_unstable();
    if p.starts_expansion {
        // KLG-18.11: the first expansion round starts without the 2-card discovery.
        st.phase = Phase::Main;
        ev.push(KlgEvent::RoundStarted {
            round: 1,
            expansion: Some(p.expansion),
        });
        st.flow = Flow::RoundStart;
    }
}

/// D14: the pick from the revealed batch; the rest are leftovers (KLG-19.4).
pub(crate) fn pick(st: &mut State, card: Option<CardId>, ev: &mut Vec<KlgEvent>) {
    st.decision = None;
    let fame = card.map_or(0, |c| scoring::card_fame(st, c));
    let p = st.purge.as_mut().expect("a purge");
    let batch = std::mem::take(&mut p.batch);
    for c in batch {
        if Some(c) == card {
            p.set_aside.push(c);
        } else {
            p.leftovers.push(c);
        }
    }
    p.fame += fame;
    ev.push(KlgEvent::PurgePicked { card, fame });
}

/// D15: the permanent card set aside with the others (KLG-19.6).
pub(crate) fn pick_permanent(st: &mut State, card: Option<CardId>, ev: &mut Vec<KlgEvent>) {
    st.decision = None;
    let Some(c) = card else {
        if let Some(p) = st.purge.as_mut() {
            p.permanent_picks = 0;
        }
        ev.push(KlgEvent::PurgePicked { card, fame: 0 });
        return;
    };
    let fame = scoring::card_fame(st, c);
    st.permanent.retain(|&x| x != c);
    st.card_mut(c).location = Location::Purge;
    let p = st.purge.as_mut().expect("a purge");
    p.set_aside.push(c);
    p.fame += fame;
    p.permanent_picks -= 1;
    ev.push(KlgEvent::PurgePicked { card, fame });
}

/// KLG-18.4–18.6, 18.9: after an expansion round the card turns to the next round's stage;
/// after its last round the score is recorded and the card destroyed.
pub(crate) fn expansion_round_end(st: &mut State, cur: CurrentExpansion, ev: &mut Vec<KlgEvent>) {
    let def = super::pack_content(st.pack)
        .card(cur.id)
        .and_then(|d| d.expansion.clone())
        .expect("an expansion card");
    let done = cur.rounds_done + 1;
    if done >= def.rounds {
        let fame = scoring::kingdom_fame(st);
        let score = fame + scoring::purge_fame_total(st);
        st.score_track.expansions.push(ExpansionScore {
            expansion_id: cur.id,
            score,
        });
        if let Some(n) = st.sticker_supply.get_mut("13k") {
            *n = n.saturating_sub(1);
        }
        ev.push(KlgEvent::ExpansionScored {
            expansion: cur.id,
            score,
        });
        cards::destroy(st, cur.id, By::Other, ev);
        st.expansions.played.push(cur.id);
        st.expansions.current = None;
        st.phase = Phase::PostGame;
    } else {
        st.expansions.current = Some(CurrentExpansion {
            id: cur.id,
            rounds_done: done,
        });
        if let Some(&o) = def.round_stage.get(done as usize) {
            st.card_mut(cur.id).orientation = o;
            ev.push(KlgEvent::ExpansionStageChanged {
                card: cur.id,
                to: o,
            });
        }
        st.phase = Phase::BetweenRounds;
    }
}
