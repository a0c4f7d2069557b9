//! The pending trigger pool (KLG-8.6 as corrected by review): triggered effects fire into one
//! pool; the player picks the next one (`choose_trigger`) or declines an optional one
//! (`decline_trigger`); a lone mandatory trigger starts by itself. Triggers whose effect can no
//! longer be performed (KLG-8.9: costs, empty deck; KLG-8.5; KLG-14.5) leave the pool.

use super::data::{Effect, Timing, Trigger};
use super::effects;
use super::events::KlgEvent;
use super::selectors;
use super::state::*;
use super::types::CardId;

/// The effect a pooled trigger refers to (on the stage it fired from, KLG-8.8).
fn effect_of(st: &State, t: &PendingTrigger) -> Option<&'static Effect> {
    super::pack_content(st.pack)
        .stage(t.card, t.orientation)
        .and_then(|s| s.effects.iter().find(|e| e.id == t.effect))
}

/// KLG-8.7: puts the `when` triggers of `sources` (in that order) into the pool; effects that
/// cannot be performed now are not offered (TV-13).
pub(crate) fn fire(st: &mut State, when: Trigger, sources: &[CardId], ev: &mut Vec<KlgEvent>) {
    for &card in sources {
        let o = st.orientation(card);
        let Some(stage) = super::pack_content(st.pack).stage(card, o) else {
            continue;
        };
        for e in &stage.effects {
            let Timing::Triggered { mandatory, when: w } = e.timing else {
                continue;
            };
            if w != when || effects::unperformable(st, card, o, e).is_some() {
                continue;
            }
            let id = st.next_trigger_id;
            st.next_trigger_id += 1;
            st.pool.push(PendingTrigger {
                id,
                card,
                orientation: o,
                effect: e.id.clone(),
                mandatory,
                when,
            });
            ev.push(KlgEvent::TriggerPending {
                id,
                card,
                effect: e.id.clone(),
                mandatory,
            });
        }
    }
}

/// KLG-5.6, 4.12, 4.13: the sources of the moment's triggers.
pub(crate) fn sources(st: &State, when: Trigger) -> Vec<CardId> {
    match when {
        Trigger::AfterPlayed => Vec::new(),
        Trigger::EndOfTurn | Trigger::EndOfRound => selectors::effect_sources(st),
        Trigger::RoundStart => {
            let mut v = st.permanent.clone();
            v.extend(st.expansion);
            v
        }
    }
}

/// Removes pooled triggers that can no longer be performed (KLG-8.9).
pub(crate) fn prune(st: &mut State, ev: &mut Vec<KlgEvent>) {
    let pool = std::mem::take(&mut st.pool);
    for t in pool {
        let ok = effect_of(st, &t)
            .is_some_and(|e| effects::unperformable(st, t.card, t.orientation, e).is_none());
        if ok {
            st.pool.push(t);
        } else {
            ev.push(KlgEvent::TriggerDropped {
                id: t.id,
                card: t.card,
                effect: t.effect,
            });
        }
    }
}

/// D6: starts resolving the pooled trigger `id` (KLG-8.8: even if its card left play).
pub(crate) fn start(st: &mut State, id: u32, ev: &mut Vec<KlgEvent>) {
    let Some(pos) = st.pool.iter().position(|t| t.id == id) else {
        return;
    };
    let t = st.pool.remove(pos);
    ev.push(KlgEvent::TriggerResolved {
        id,
        card: t.card,
        effect: t.effect.clone(),
    });
    if let Some(e) = effect_of(st, &t) {
        effects::start_effect(st, t.card, t.orientation, e, ev);
    }
}

/// D7: declines the optional pooled trigger `id`.
pub(crate) fn decline(st: &mut State, id: u32, ev: &mut Vec<KlgEvent>) {
    if let Some(pos) = st.pool.iter().position(|t| t.id == id) {
        let t = st.pool.remove(pos);
        ev.push(KlgEvent::TriggerDeclined {
            id,
            card: t.card,
            effect: t.effect,
        });
    }
}
