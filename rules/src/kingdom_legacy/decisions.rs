//! Decision points (§9): the legal actions of every phase, the refusal (with its rule ID) of
//! anything else, and the dispatch of an accepted action followed by the automatic steps.
//! `apply` accepts exactly what `legal_actions` lists and leaves the state unchanged on error.

use super::actions::KlgAction;
use super::effects;
use super::events::KlgEvent;
use super::flow;
use super::purge;
use super::setup;
use super::state::*;
use super::turn;
use super::types::CardId;
use crate::RuleViolation;

/// Every subset of `cands` (ascending) with a size in `min..=max`, in lexicographic order.
pub(crate) fn subsets(cands: &[CardId], min: u8, max: u8) -> Vec<Vec<CardId>> {
    fn rec(
        cands: &[CardId],
        start: usize,
        cur: &mut Vec<CardId>,
        min: usize,
        max: usize,
        out: &mut Vec<Vec<CardId>>,
    ) {
        if cur.len() >= min {
            out.push(cur.clone());
        }
        if cur.len() == max {
            return;
        }
        for i in start..cands.len() {
            cur.push(cands[i]);
            rec(cands, i + 1, cur, min, max, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    rec(
        cands,
        0,
        &mut Vec::new(),
        min as usize,
        max as usize,
        &mut out,
    );
    out
}

/// The actions of the open sub-decision or of the pool (D6–D15).
fn pending_actions(st: &State) -> Vec<KlgAction> {
    match &st.decision {
        Some(Decision::Cards {
            candidates,
            min,
            max,
            ..
        }) => subsets(candidates, *min, *max)
            .into_iter()
            .map(|ids| KlgAction::ChooseCards { ids })
            .collect(),
        Some(Decision::Resource { options, .. }) => options
            .iter()
            .map(|&kind| KlgAction::ChooseResource { kind })
            .collect(),
        Some(Decision::Checkbox { options, .. }) => options
            .iter()
            .map(|&index| KlgAction::ChooseCheckbox { index })
            .collect(),
        Some(Decision::Discovery { cards, choose, .. }) => subsets(cards, *choose, *choose)
            .into_iter()
            .map(|ids| KlgAction::ChooseDiscovery { ids })
            .collect(),
        Some(Decision::PurgePick { eligible, .. }) => {
            if eligible.is_empty() {
                vec![KlgAction::PurgePick { card: None }]
            } else {
                eligible
                    .iter()
                    .map(|&c| KlgAction::PurgePick { card: Some(c) })
                    .collect()
            }
        }
        Some(Decision::PurgePermanent { eligible }) => eligible
            .iter()
            .map(|&c| KlgAction::PurgePickPermanent { card: Some(c) })
            .collect(),
        None => {
            let mut v: Vec<KlgAction> = st
                .pool
                .iter()
                .map(|t| KlgAction::ChooseTrigger { id: t.id })
                .collect();
            v.extend(
                st.pool
                    .iter()
                    .filter(|t| !t.mandatory)
                    .map(|t| KlgAction::DeclineTrigger { id: t.id }),
            );
            v
        }
    }
}

/// D1–D5: the turn actions.
fn main_actions(st: &State) -> Vec<KlgAction> {
    let mut v = Vec::new();
    for &card in &st.active {
        if st.blocks.contains_key(&card) {
            continue;
        }
        for alts in turn::production_choices(st, card) {
            v.push(KlgAction::Produce { card, alts });
        }
    }
    for &card in st.active.iter().chain(&st.permanent) {
        let n = super::selectors::stage(st, card).map_or(0, |s| s.upgrades.len());
        for index in 0..n as u8 {
            if turn::check_upgrade(st, card, index).is_ok() {
                v.push(KlgAction::Upgrade { card, index });
            }
        }
    }
    for &card in st.active.iter().chain(&st.permanent).chain(&st.expansion) {
        let Some(s) = super::selectors::stage(st, card) else {
            continue;
        };
        if turn::check_effect_card(st, card).is_err() {
            continue;
        }
        // D3: the usable effects in printed order (effect ids are unique on a stage, so
        // each is the one `check_use_effect` finds by its id).
        for e in &s.effects {
            if turn::check_effect_of(st, card, e).is_ok() {
                v.push(KlgAction::UseEffect {
                    card,
                    effect: e.id.clone(),
                });
            }
        }
    }
    if turn::check_march(st).is_ok() {
        v.push(KlgAction::March);
    }
    v.push(KlgAction::Pass);
    v
}

/// The legal actions now (`Game::legal_actions`).
pub(crate) fn legal_actions(st: &State) -> Vec<KlgAction> {
    if st.ended.is_some() {
        return Vec::new();
    }
    if st.reset_requested {
        // D17: the reset waits for its confirmation; nothing else until it is answered.
        return vec![KlgAction::ConfirmReset, KlgAction::CancelReset];
    }
    let mut v = match st.phase {
        Phase::Main => main_actions(st),
        Phase::Pending | Phase::PurgeSelect => pending_actions(st),
        Phase::BetweenRounds => vec![KlgAction::BeginRound, KlgAction::Suspend],
        Phase::PostGame => {
            if st.score_track.expansions.len() >= purge::MAX_EXPANSIONS {
                // KLG-18.7, TV-33: the score counter is full; only closing remains.
                vec![KlgAction::CloseCampaign]
            } else {
                let mut v: Vec<KlgAction> = purge::startable(st)
                    .into_iter()
                    .map(|card| KlgAction::StartExpansion { card })
                    .collect();
                v.push(KlgAction::CloseCampaign);
                v.push(KlgAction::Suspend);
                v
            }
        }
        Phase::Closed => Vec::new(),
    };
    if st.reset_allowed() {
        v.push(KlgAction::ResetCampaign);
    }
    v
}

/// The refusal of an action that is not legal now, naming the rule it breaks.
fn refusal(st: &State, a: &KlgAction) -> RuleViolation {
    let r = |rule: &'static str, m: &str| RuleViolation::new(rule, m);
    if st.ended.is_some() {
        return r("KLG-16.3", "the sitting is over");
    }
    if st.reset_requested {
        return r(
            "KLG-11.3",
            "a reset was asked for: confirm it (reset_campaign:confirm) or cancel it first",
        );
    }
    match a {
        KlgAction::Produce { card, alts } => turn::check_produce(st, *card, alts)
            .err()
            .unwrap_or_else(|| r("KLG-6.1", "production is not possible now")),
        KlgAction::Upgrade { card, index } => turn::check_upgrade(st, *card, *index)
            .err()
            .map(RuleViolation::from)
            .unwrap_or_else(|| r("KLG-6.6", "the upgrade is not possible now")),
        KlgAction::UseEffect { card, effect } => turn::check_use_effect(st, *card, effect)
            .err()
            .map(RuleViolation::from)
            .unwrap_or_else(|| r("KLG-6.12", "the effect cannot be used now")),
        KlgAction::March => turn::check_march(st)
            .err()
            .unwrap_or_else(|| r("KLG-6.16", "march is not possible now")),
        KlgAction::Pass => turn::check_pass(st)
            .err()
            .unwrap_or_else(|| r("KLG-5.2", "pass is not possible now")),
        KlgAction::ChooseTrigger { .. } => r(
            "KLG-8.6",
            "no such pending trigger awaits a choice of order now",
        ),
        KlgAction::DeclineTrigger { id } => {
            if st.pool.iter().any(|t| t.id == *id && t.mandatory) {
                r("KLG-8.3", "a mandatory triggered effect must be performed")
            } else {
                r("KLG-8.6", "no such optional pending trigger")
            }
        }
        KlgAction::ChooseCards { .. } => r(
            "KLG-8.9",
            "not a legal choice of cards (targets and count of the instruction, KLG-10.10)",
        ),
        KlgAction::ChooseResource { .. } => r("KLG-13.5", "not a resource this instruction allows"),
        KlgAction::ChooseCheckbox { .. } => r("KLG-14.3", "not a box that may be ticked now"),
        KlgAction::ChooseDiscovery { .. } => r(
            "KLG-15.4",
            "choose exactly the stated number of the designated cards still in the box",
        ),
        KlgAction::PurgePick { .. } => r(
            "KLG-19.5",
            "pick one friendly, unprotected card of the batch (none only if there is none)",
        ),
        KlgAction::PurgePickPermanent { .. } => {
            r("KLG-19.6", "pick one friendly, unprotected permanent card")
        }
        KlgAction::BeginRound => r("KLG-16.2", "a round can only begin between rounds"),
        KlgAction::Suspend => r(
            "KLG-16.3",
            "the kingdom can only be stored between rounds or after the game",
        ),
        KlgAction::ResetCampaign => {
            if st.card23_discovered {
                r("KLG-11.4", "card 23 has been discovered: no reset any more")
            } else {
                r("KLG-11.3", "reset is not possible now")
            }
        }
        KlgAction::ConfirmReset | KlgAction::CancelReset => {
            r("KLG-11.3", "no reset was asked for (reset_campaign first)")
        }
        KlgAction::StartExpansion { .. } => {
            if st.phase != Phase::PostGame {
                r(
                    "KLG-18.2",
                    "an expansion starts only after the game has ended",
                )
            } else if st.score_track.expansions.len() >= purge::MAX_EXPANSIONS {
                r("KLG-18.7", "10 expansions are recorded")
            } else {
                r(
                    "KLG-18.10",
                    "not an expansion card that can still be played",
                )
            }
        }
        KlgAction::CloseCampaign => r("KLG-17.7", "the campaign can only be closed after the game"),
    }
}

/// Whether `ids` is one of [`subsets`] of `cands` with a size in `min..=max`: an
/// order-keeping selection of distinct positions of `cands`.
fn is_subset_choice(cands: &[CardId], ids: &[CardId], min: u8, max: u8) -> bool {
    if ids.len() < min as usize || ids.len() > max as usize {
        return false;
    }
    let mut rest = cands.iter();
    ids.iter().all(|id| rest.any(|c| c == id))
}

/// D6–D15: whether `a` is among [`pending_actions`], decided for this one action.
fn is_pending_action(st: &State, a: &KlgAction) -> bool {
    match (&st.decision, a) {
        (
            Some(Decision::Cards {
                candidates,
                min,
                max,
                ..
            }),
            KlgAction::ChooseCards { ids },
        ) => is_subset_choice(candidates, ids, *min, *max),
        (Some(Decision::Resource { options, .. }), KlgAction::ChooseResource { kind }) => {
            options.contains(kind)
        }
        (Some(Decision::Checkbox { options, .. }), KlgAction::ChooseCheckbox { index }) => {
            options.contains(index)
        }
        (Some(Decision::Discovery { cards, choose, .. }), KlgAction::ChooseDiscovery { ids }) => {
            is_subset_choice(cards, ids, *choose, *choose)
        }
        (Some(Decision::PurgePick { eligible, .. }), KlgAction::PurgePick { card }) => match card {
            None => eligible.is_empty(),
            Some(c) => eligible.contains(c),
        },
        (
            Some(Decision::PurgePermanent { eligible }),
            KlgAction::PurgePickPermanent { card: Some(c) },
        ) => eligible.contains(c),
        (None, KlgAction::ChooseTrigger { id }) => st.pool.iter().any(|t| t.id == *id),
        (None, KlgAction::DeclineTrigger { id }) => {
            st.pool.iter().any(|t| t.id == *id && !t.mandatory)
        }
        _ => false,
    }
}

/// D1–D5: whether `a` is among [`main_actions`], decided for this one action.
fn is_main_action(st: &State, a: &KlgAction) -> bool {
    match a {
        KlgAction::Produce { card, alts } => {
            st.active.contains(card)
                && !st.blocks.contains_key(card)
                && turn::is_production_choice(st, *card, alts)
        }
        KlgAction::Upgrade { card, index } => {
            (st.active.contains(card) || st.permanent.contains(card))
                && turn::check_upgrade(st, *card, *index).is_ok()
        }
        KlgAction::UseEffect { card, effect } => {
            (st.active.contains(card) || st.permanent.contains(card) || st.expansion == Some(*card))
                && turn::check_use_effect(st, *card, effect).is_ok()
        }
        KlgAction::March => turn::check_march(st).is_ok(),
        KlgAction::Pass => true,
        _ => false,
    }
}

/// Whether `a` is among [`legal_actions`], decided for this one action without listing them.
fn is_legal(st: &State, a: &KlgAction) -> bool {
    if st.ended.is_some() {
        return false;
    }
    if st.reset_requested {
        return matches!(a, KlgAction::ConfirmReset | KlgAction::CancelReset);
    }
    if *a == KlgAction::ResetCampaign {
        return st.reset_allowed();
    }
    match st.phase {
        Phase::Main => is_main_action(st, a),
        Phase::Pending | Phase::PurgeSelect => is_pending_action(st, a),
        Phase::BetweenRounds => matches!(a, KlgAction::BeginRound | KlgAction::Suspend),
        Phase::PostGame => {
            if st.score_track.expansions.len() >= purge::MAX_EXPANSIONS {
                *a == KlgAction::CloseCampaign
            } else {
                match a {
                    KlgAction::StartExpansion { card } => purge::startable(st).contains(card),
                    KlgAction::CloseCampaign | KlgAction::Suspend => true,
                    _ => false,
                }
            }
        }
        Phase::Closed => false,
    }
}

/// `Game::apply`: accepts exactly the legal actions; the state is unchanged on error.
pub(crate) fn apply(st: &mut State, a: &KlgAction) -> Result<Vec<KlgEvent>, RuleViolation> {
    let legal = is_legal(st, a);
    debug_assert_eq!(
        legal,
        legal_actions(st).contains(a),
        "the direct check of {a:?} disagrees with the legal action list"
    );
    if !legal {
        return Err(refusal(st, a));
    }
    // Once an action is listed, performing it cannot fail, so it runs in place: no copy of
    // the state is needed to leave it unchanged on a refusal.
    let mut ev = Vec::new();
    dispatch(st, a, &mut ev);
    flow::run(st, &mut ev);
    Ok(ev)
}

/// Performs an accepted action (§9 D1–D18); the automatic steps follow in `flow::run`.
fn dispatch(st: &mut State, a: &KlgAction, ev: &mut Vec<KlgEvent>) {
    match a {
        KlgAction::Produce { card, alts } => {
            let gain = turn::check_produce(st, *card, alts).expect("legal");
            turn::do_produce(st, *card, gain, ev);
        }
        KlgAction::Upgrade { card, index } => turn::do_upgrade(st, *card, *index, ev),
        KlgAction::UseEffect { card, effect } => turn::do_use_effect(st, *card, effect, ev),
        KlgAction::March => turn::do_march(st, ev),
        KlgAction::Pass => turn::do_pass(st),
        KlgAction::ChooseTrigger { id } => super::triggers::start(st, *id, ev),
        KlgAction::DeclineTrigger { id } => super::triggers::decline(st, *id, ev),
        KlgAction::ChooseCards { ids } => effects::answer_cards(st, ids, ev),
        KlgAction::ChooseResource { kind } => effects::answer_resource(st, *kind, ev),
        KlgAction::ChooseCheckbox { index } => effects::answer_checkbox(st, *index, ev),
        KlgAction::ChooseDiscovery { ids } => effects::answer_discovery(st, ids, ev),
        KlgAction::PurgePick { card } => purge::pick(st, *card, ev),
        KlgAction::PurgePickPermanent { card } => purge::pick_permanent(st, *card, ev),
        KlgAction::BeginRound => flow::begin_round(st, ev),
        KlgAction::Suspend => {
            ev.push(KlgEvent::Suspended { round: st.round() });
            st.ended = Some(SittingEnd::Suspended);
        }
        KlgAction::ResetCampaign => st.reset_requested = true,
        KlgAction::ConfirmReset => setup::reset(st, ev),
        KlgAction::CancelReset => st.reset_requested = false,
        KlgAction::StartExpansion { card } => purge::start_expansion(st, *card, ev),
        KlgAction::CloseCampaign => {
            st.phase = Phase::Closed;
            st.ended = Some(SittingEnd::Closed);
            ev.push(KlgEvent::CampaignClosed);
        }
    }
}
