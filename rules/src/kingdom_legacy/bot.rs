//! What Kingdom Legacy's bots need (`crate::bots`): the determinizer, the evaluation and a
//! cheap rollout policy. The game is solo (KLG-1.1): the bot is the player's assistant and
//! autoplayer, and its reward is the kingdom's fame (§6), not a place.
//!
//! Hidden from the player (§8): the deck order below the visible top card (KLG-20.2), the
//! order of a running purge's deck (KLG-19.2, §8 "Purge" row), the contents of undiscovered
//! box cards (KLG-20.1) and the RNG (KLG-20.4). The deck's contents are public (§8: "which
//! cards it contains", sorted by id), and so is the purge deck's (every non-permanent kingdom
//! card not yet drawn). A redeal therefore shuffles the deck below its top card and the whole
//! purge deck, each as a sorted pool put back into the same places, and reseeds the RNG.
//!
//! Box cards are discovered in serial order (KLG-4.4) and their data is the pack's, not the
//! state's: a sample cannot deal them differently, so the search plays future discoveries as
//! the pack prints them (the same for every state, so knowledge stays canonical). A card put on
//! the bottom of the deck (KLG-12.1) is known to the player but is shuffled with the rest: the
//! bot only forgets it (the state does not record it).

use super::data::{Action, Cost, Effect, Selector, Timing};
use super::state::{Phase, State};
use super::types::{CardId, Resource, ResourceBag};
use super::{KingdomLegacy, KlgAction, authoring, scoring, selectors};
use crate::bots::BotGame;
use crate::{GameRng, Seat};

/// Fame a round still to play is worth to the estimate: it keeps storing the kingdom
/// (`suspend`, which ends the sitting with its fame as it stands) below playing on, and is
/// well below what a round really brings (a base game of ~30 rounds scores ~110–210), so a
/// reset (KLG-11, which gives back every round) never looks better than the kingdom built.
const FAME_PER_ROUND: f64 = 1.5;

/// The estimated final fame mapped to `0..=1` linearly (a logistic around a typical final
/// score left the first rounds' few points of fame too flat to steer the search): a point of
/// fame is worth the same early and late.
const FAME_SPAN: f64 = 250.0;

/// Rounds still to play after this one, as the public record tells them: the base game ends
/// once cards 11–70 are discovered two a round (KLG-4.4, 4.9), an expansion after its 4th
/// round (KLG-18.4).
fn rounds_left(st: &State) -> f64 {
    if st.ended.is_some() {
        return 0.0;
    }
    if let Some(c) = &st.expansions.current {
        return 4.0 - f64::from(c.rounds_done);
    }
    if st.base.finished || st.base.last_round {
        return 0.0;
    }
    let in_box = (11..=70)
        .filter(|&id| st.location(id) == super::state::Location::Box)
        .count();
    in_box.div_ceil(2) as f64
}

/// Fame a card still in the deck costs the estimate: nothing a player would weigh, only a
/// tie-break that moves through the deck when no move changes fame (a repeatable effect that
/// trades resources back and forth would otherwise be as good as passing, forever).
const DECK_CARD: f64 = 0.01;

/// The fame the sitting ends with if played on: fame now (§6 formula) plus the rounds left,
/// the current one included while the sitting goes on; a requested reset (KLG-11.3) is never
/// a suggestion worth making.
fn fame_estimate(st: &State) -> f64 {
    let fame = f64::from(scoring::kingdom_fame(st) + scoring::purge_fame_total(st));
    let playing = if st.ended.is_some() || st.base.finished && st.expansions.current.is_none() {
        0.0
    } else {
        1.0
    };
    let reset = if st.reset_requested { 5.0 } else { 0.0 };
    fame + FAME_PER_ROUND * (rounds_left(st) + playing) - DECK_CARD * st.deck.len() as f64 - reset
}

/// Fame gained by upgrade `index` of `card`'s active stage, and its cost.
fn upgrade_gain(st: &State, card: CardId, index: u8) -> Option<(i32, ResourceBag)> {
    let content = super::pack_content(st.pack);
    let from = selectors::stage(st, card)?;
    let u = from.upgrades.get(index as usize)?;
    let to = content.stage(card, u.to)?;
    Some((to.fame - from.fame, u.cost))
}

/// Whether an effect moves the kingdom on (discoveries, stickers, ticks, turning itself,
/// removing enemies) rather than trading resources. The balance test's player uses it too.
pub(super) fn useful(e: &Effect) -> bool {
    e.actions.iter().any(|a| {
        matches!(
            a,
            Action::Discover(_)
                | Action::DiscoverChoice { .. }
                | Action::Sticker { .. }
                | Action::IncreaseProduction(_)
                | Action::Tick { .. }
                | Action::Turn {
                    target: Selector::This { .. },
                    ..
                }
                | Action::Destroy(_)
                | Action::Block(_)
        )
    }) || e.costs.iter().any(|c| matches!(c, Cost::Tick(_)))
}

fn effect_of(st: &State, card: CardId, id: &str) -> Option<&'static Effect> {
    selectors::stage(st, card)?
        .effects
        .iter()
        .find(|e| e.id == id)
}

/// The rollout's turn: a useful effect that does not end the turn, else the upgrade with the
/// most fame, else the production that helps most toward the best upgrade in sight, else a
/// march while no resource would be lost, else pass. A random move now and then keeps the
/// rollouts varied.
fn main_pick(st: &State, actions: &[KlgAction], rng: &mut GameRng) -> usize {
    if rng.below(6) == 0 {
        let sane: Vec<usize> = (0..actions.len())
            .filter(|&i| actions[i] != KlgAction::ResetCampaign)
            .collect();
        return sane[rng.below(sane.len())];
    }
    let mut best_upgrade: Option<(i32, usize)> = None;
    for (i, a) in actions.iter().enumerate() {
        match a {
            KlgAction::UseEffect { card, effect } => {
                if let Some(e) = effect_of(st, *card, effect)
                    && useful(e)
                    && !matches!(e.timing, Timing::EndsTurn)
                {
                    return i;
                }
            }
            KlgAction::Upgrade { card, index } => {
                let gain = upgrade_gain(st, *card, *index).map_or(0, |g| g.0);
                if best_upgrade.is_none_or(|b| gain > b.0) {
                    best_upgrade = Some((gain, i));
                }
            }
            _ => {}
        }
    }
    if let Some((_, i)) = best_upgrade {
        return i;
    }
    // The upgrade worth working toward: most fame per unit of cost among the cards in reach.
    let mut target: Option<(f64, CardId, ResourceBag)> = None;
    let cards = st
        .active
        .iter()
        .filter(|c| st.blocked_by(**c).is_none())
        .chain(st.permanent.iter());
    for &card in cards {
        let n = selectors::stage(st, card).map_or(0, |s| s.upgrades.len());
        for index in 0..n as u8 {
            if let Some((gain, cost)) = upgrade_gain(st, card, index) {
                let score = f64::from(gain + 1) / f64::from(authoring::bag_value(&cost).max(1));
                if target.as_ref().is_none_or(|t| score > t.0) {
                    target = Some((score, card, cost));
                }
            }
        }
    }
    if let Some((_, tcard, cost)) = target {
        let mut best: Option<(u32, usize)> = None;
        for (i, a) in actions.iter().enumerate() {
            if let KlgAction::Produce { card, alts } = a
                && *card != tcard
                && let Some(s) = selectors::stage(st, *card)
            {
                let mut helps = 0;
                for (g, alt) in alts.iter().enumerate() {
                    if let Some(bag) = s.production.get(g).and_then(|g| g.get(*alt as usize)) {
                        for r in Resource::ALL {
                            let missing = cost.get(r).saturating_sub(st.resources.get(r));
                            helps += bag.get(r).min(missing);
                        }
                    }
                }
                if helps > 0 && best.is_none_or(|b| helps > b.0) {
                    best = Some((helps, i));
                }
            }
        }
        if let Some((_, i)) = best {
            return i;
        }
    }
    if st.resources.total() == 0
        && let Some(i) = actions.iter().position(|a| *a == KlgAction::March)
    {
        return i;
    }
    actions
        .iter()
        .position(|a| *a == KlgAction::Pass)
        .unwrap_or_else(|| rng.below(actions.len()))
}

impl BotGame for KingdomLegacy {
    fn redeal(st: &mut State, _seat: Seat, rng: &mut GameRng) {
        // KLG-20.2: the top card is seen; the rest of the deck is a known set in unknown order.
        if st.deck.len() > 2 {
            let mut below = st.deck.split_off(1);
            below.sort_unstable();
            rng.shuffle(&mut below);
            st.deck.append(&mut below);
        }
        // §8 "Purge": the drawn batch is seen, the purge deck's order is not.
        if let Some(p) = st.purge.as_mut() {
            p.deck.sort_unstable();
            rng.shuffle(&mut p.deck);
        }
        // KLG-20.4: the engine's own generator (future shuffles) is unknown too.
        st.rng = GameRng::from_seed(rng.next_u64());
    }

    fn seat_total(_st: &State) -> usize {
        1
    }

    /// The fame the sitting is heading for (fame now plus the rounds left, a finished sitting
    /// its fame as it stands), through a logistic around a typical base score: the search
    /// maximises fame, not a place (the only seat always takes first place).
    fn evaluate(st: &State) -> Vec<f64> {
        vec![(fame_estimate(st) / FAME_SPAN).clamp(0.0, 1.0)]
    }

    /// Storing the kingdom for later and wiping it are the player's choices, not moves of play:
    /// the assistant and the autoplayer play on (D17).
    fn considered(_st: &State, action: &KlgAction) -> bool {
        !matches!(
            action,
            KlgAction::Suspend | KlgAction::ResetCampaign | KlgAction::ConfirmReset
        )
    }

    /// The arena's score: the kingdom's fame with the purges' (KLG-18).
    fn final_score(st: &State, _seat: Seat) -> Option<f64> {
        Some(f64::from(
            scoring::kingdom_fame(st) + scoring::purge_fame_total(st),
        ))
    }

    const DEFAULT_ITERATIONS: u32 = 300;
    /// About a turn or two of heuristic play; the fame estimate scores the rest.
    const ROLLOUT_DEPTH: usize = 24;

    /// Plays on (never stores or resets the kingdom), takes every trigger, and plays turns by
    /// the heuristic of [`main_pick`]; other choices are random.
    fn rollout_pick(st: &State, _seat: Seat, actions: &[KlgAction], rng: &mut GameRng) -> usize {
        let find = |a: &KlgAction| actions.iter().position(|x| x == a);
        if st.reset_requested {
            return find(&KlgAction::CancelReset).unwrap_or(0);
        }
        match st.phase {
            Phase::Main => main_pick(st, actions, rng),
            Phase::BetweenRounds => find(&KlgAction::BeginRound).unwrap_or(0),
            Phase::PostGame => find(&KlgAction::CloseCampaign).unwrap_or(0),
            _ => {
                if let Some(i) = actions
                    .iter()
                    .position(|a| matches!(a, KlgAction::ChooseTrigger { .. }))
                {
                    return i;
                }
                let sane: Vec<usize> = (0..actions.len())
                    .filter(|&i| actions[i] != KlgAction::ResetCampaign)
                    .collect();
                if sane.is_empty() {
                    rng.below(actions.len())
                } else {
                    sane[rng.below(sane.len())]
                }
            }
        }
    }
}
