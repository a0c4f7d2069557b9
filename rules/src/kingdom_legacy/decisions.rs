//! Decision points (§9). The rules are written once, in `check`, whose refusal names the rule
//! broken; `legal_actions` is what the phase offers (`candidates`) filtered by `check`, so
//! `apply` accepts exactly what is listed. An accepted action is dispatched, then the
//! automatic steps run; a refused one leaves the state unchanged.

use super::actions::KlgAction;
use super::effects;
use super::events::KlgEvent;
use super::flow;
use super::purge;
use super::setup;
use super::state::*;
use super::turn::{self, TurnRefusal};
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

/// What the open sub-decision or the pool offers (D6–D15): every subset of the candidates, each
/// option, each pending trigger to start or decline.
fn pending_candidates(st: &State) -> Vec<KlgAction> {
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
        Some(Decision::PurgePick { eligible, .. }) => std::iter::once(None)
            .chain(eligible.iter().map(|&c| Some(c)))
            .map(|card| KlgAction::PurgePick { card })
            .collect(),
        Some(Decision::PurgePermanent { eligible }) => eligible
            .iter()
            .map(|&c| KlgAction::PurgePickPermanent { card: Some(c) })
            .collect(),
        None => {
            let start = st
                .pool
                .iter()
                .map(|t| KlgAction::ChooseTrigger { id: t.id });
            let decline = st
                .pool
                .iter()
                .map(|t| KlgAction::DeclineTrigger { id: t.id });
            start.chain(decline).collect()
        }
    }
}

/// D1–D5: the turn actions the cards in play print: each production alternative of an active
/// card, each upgrade and each effect of a card in play, march and pass.
fn main_candidates(st: &State) -> Vec<KlgAction> {
    let mut v = Vec::new();
    for &card in &st.active {
        for alts in turn::production_choices(st, card) {
            v.push(KlgAction::Produce { card, alts });
        }
    }
    for &card in st.active.iter().chain(&st.permanent) {
        let n = super::selectors::stage(st, card).map_or(0, |s| s.upgrades.len());
        v.extend((0..n as u8).map(|index| KlgAction::Upgrade { card, index }));
    }
    for &card in st.active.iter().chain(&st.permanent).chain(&st.expansion) {
        // D3: the effects in printed order (effect ids are unique on a stage, so each is the
        // one `check_use_effect` finds by its id). A card whose effects cannot be used at all
        // lists none: `check` would refuse each one for the card's own reason.
        if turn::check_effect_card(st, card).is_err() {
            continue;
        }
        if let Some(s) = super::selectors::stage(st, card) {
            v.extend(s.effects.iter().map(|e| KlgAction::UseEffect {
                card,
                effect: e.id.clone(),
            }));
        }
    }
    v.extend([KlgAction::March, KlgAction::Pass]);
    v
}

/// What the sitting offers now before its rules are applied, in the order the legal actions
/// are listed.
fn candidates(st: &State) -> Vec<KlgAction> {
    if st.ended.is_some() {
        return Vec::new();
    }
    if st.reset_requested {
        return vec![KlgAction::ConfirmReset, KlgAction::CancelReset];
    }
    let mut v = match st.phase {
        Phase::Main => main_candidates(st),
        Phase::Pending | Phase::PurgeSelect => pending_candidates(st),
        Phase::BetweenRounds => vec![KlgAction::BeginRound, KlgAction::Suspend],
        Phase::PostGame => purge::startable(st)
            .into_iter()
            .map(|card| KlgAction::StartExpansion { card })
            .chain([KlgAction::CloseCampaign, KlgAction::Suspend])
            .collect(),
        Phase::Closed => Vec::new(),
    };
    v.push(KlgAction::ResetCampaign);
    v
}

/// The legal actions now (`Game::legal_actions`): the candidates [`check`] accepts, so the
/// list, the single-action check and the refusal's rule come from the one set of rules.
pub(crate) fn legal_actions(st: &State) -> Vec<KlgAction> {
    candidates(st)
        .into_iter()
        .filter(|a| rules(st, a).is_ok())
        .collect()
}

/// Whether `a` may be taken now; the error names the rule it breaks (§9 D1–D18).
pub(crate) fn check(st: &State, a: &KlgAction) -> Result<(), RuleViolation> {
    rules(st, a).map_err(|r| match r {
        Refused::Rule { rule, message } => RuleViolation::new(rule, message),
        Refused::Turn(t) => t.into(),
        Refused::Worded(v) => v,
    })
}

/// A refusal before it is worded: the legal list only asks whether there is one, and wording
/// every refused candidate (a turn refusal prints resource bags) took a third of a playout.
enum Refused<'a> {
    Rule {
        rule: &'static str,
        message: &'static str,
    },
    Turn(TurnRefusal<'a>),
    Worded(RuleViolation),
}

/// The rules of §9 D1–D18 for `a`.
fn rules<'a>(st: &'a State, a: &'a KlgAction) -> Result<(), Refused<'a>> {
    let refuse = |rule: &'static str, message: &'static str| Err(Refused::Rule { rule, message });
    let ok_if = |cond: bool, rule: &'static str, m: &'static str| {
        if cond { Ok(()) } else { refuse(rule, m) }
    };
    if st.ended.is_some() {
        return refuse("KLG-16.3", "the sitting is over");
    }
    if st.reset_requested {
        // D17: the reset waits for its confirmation; nothing else until it is answered.
        return ok_if(
            matches!(a, KlgAction::ConfirmReset | KlgAction::CancelReset),
            "KLG-11.3",
            "a reset was asked for: confirm it (reset_campaign:confirm) or cancel it first",
        );
    }
    let pending = matches!(st.phase, Phase::Pending | Phase::PurgeSelect);
    let decision = st.decision.as_ref().filter(|_| pending);
    let post_game = st.phase == Phase::PostGame;
    // KLG-18.7, TV-33: once the score counter is full, only closing remains.
    let counter_full = st.score_track.expansions.len() >= purge::MAX_EXPANSIONS;
    // D6: the pool awaits a choice of order only between instructions.
    let triggers_open = pending && st.decision.is_none();
    match a {
        // D1–D5: the turn actions, each checked by its own rule in `turn`.
        KlgAction::Produce { card, alts } => turn::check_produce(st, *card, alts)
            .map(drop)
            .map_err(Refused::Worded),
        KlgAction::Upgrade { card, index } => {
            turn::check_upgrade(st, *card, *index).map_err(Refused::Turn)
        }
        KlgAction::UseEffect { card, effect } => {
            turn::check_use_effect(st, *card, effect).map_err(Refused::Turn)
        }
        KlgAction::March => turn::check_march(st).map_err(Refused::Worded),
        KlgAction::Pass => turn::check_pass(st).map_err(Refused::Worded),
        // D6: the order of pending triggers; only optional ones may be declined (KLG-8.3).
        KlgAction::ChooseTrigger { id } => ok_if(
            triggers_open && st.pool.iter().any(|t| t.id == *id),
            "KLG-8.6",
            "no such pending trigger awaits a choice of order now",
        ),
        KlgAction::DeclineTrigger { id } => {
            if st.pool.iter().any(|t| t.id == *id && t.mandatory) {
                return refuse("KLG-8.3", "a mandatory triggered effect must be performed");
            }
            ok_if(
                triggers_open && st.pool.iter().any(|t| t.id == *id),
                "KLG-8.6",
                "no such optional pending trigger",
            )
        }
        // D7–D15: the answers to an open instruction.
        KlgAction::ChooseCards { ids } => ok_if(
            matches!(decision, Some(Decision::Cards { candidates, min, max, .. })
                if is_subset_choice(candidates, ids, *min, *max)),
            "KLG-8.9",
            "not a legal choice of cards (targets and count of the instruction, KLG-10.10)",
        ),
        KlgAction::ChooseResource { kind } => ok_if(
            matches!(decision, Some(Decision::Resource { options, .. }) if options.contains(kind)),
            "KLG-13.5",
            "not a resource this instruction allows",
        ),
        KlgAction::ChooseCheckbox { index } => ok_if(
            matches!(decision, Some(Decision::Checkbox { options, .. }) if options.contains(index)),
            "KLG-14.3",
            "not a box that may be ticked now",
        ),
        KlgAction::ChooseDiscovery { ids } => ok_if(
            matches!(decision, Some(Decision::Discovery { cards, choose, .. })
                if is_subset_choice(cards, ids, *choose, *choose)),
            "KLG-15.4",
            "choose exactly the stated number of the designated cards still in the box",
        ),
        // KLG-19.5: none only if the batch has no eligible card.
        KlgAction::PurgePick { card } => ok_if(
            matches!(decision, Some(Decision::PurgePick { eligible, .. }) if match card {
                None => eligible.is_empty(),
                Some(c) => eligible.contains(c),
            }),
            "KLG-19.5",
            "pick one friendly, unprotected card of the batch (none only if there is none)",
        ),
        KlgAction::PurgePickPermanent { card } => ok_if(
            matches!((decision, card), (Some(Decision::PurgePermanent { eligible }), Some(c))
                if eligible.contains(c)),
            "KLG-19.6",
            "pick one friendly, unprotected permanent card",
        ),
        // D16: between rounds, begin the next or store the kingdom (also after the game).
        KlgAction::BeginRound => ok_if(
            st.phase == Phase::BetweenRounds,
            "KLG-16.2",
            "a round can only begin between rounds",
        ),
        KlgAction::Suspend => ok_if(
            st.phase == Phase::BetweenRounds || (post_game && !counter_full),
            "KLG-16.3",
            "the kingdom can only be stored between rounds or after the game",
        ),
        // D17: a reset is allowed until card 23 is discovered (KLG-11.4).
        KlgAction::ResetCampaign => match (st.reset_allowed(), st.card23_discovered) {
            (true, _) => Ok(()),
            (false, true) => refuse("KLG-11.4", "card 23 has been discovered: no reset any more"),
            (false, false) => refuse("KLG-11.3", "reset is not possible now"),
        },
        KlgAction::ConfirmReset | KlgAction::CancelReset => {
            refuse("KLG-11.3", "no reset was asked for (reset_campaign first)")
        }
        // D18: after the game, an expansion card that can still be played, or close.
        KlgAction::StartExpansion { card } => {
            if !post_game {
                refuse(
                    "KLG-18.2",
                    "an expansion starts only after the game has ended",
                )
            } else if counter_full {
                refuse("KLG-18.7", "10 expansions are recorded")
            } else {
                ok_if(
                    purge::startable(st).contains(card),
                    "KLG-18.10",
                    "not an expansion card that can still be played",
                )
            }
        }
        KlgAction::CloseCampaign => ok_if(
            post_game,
            "KLG-17.7",
            "the campaign can only be closed after the game",
        ),
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

/// `Game::apply`: accepts exactly the legal actions; the state is unchanged on error.
pub(crate) fn apply(st: &mut State, a: &KlgAction) -> Result<Vec<KlgEvent>, RuleViolation> {
    check(st, a)?;
    // Once an action is accepted, performing it cannot fail, so it runs in place: no copy of
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
