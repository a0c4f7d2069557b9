//! The driver and the automatic steps of §4: turns (KLG-5), round start with discovery and
//! parchments (KLG-4.3–4.7, 4.13), the end of a turn (KLG-5.6, 10.4, 10.7), the end of a round
//! (KLG-4.12), the last round and base scoring (KLG-4.9, 4.10, 17), expansion rounds
//! (KLG-18.5, 18.9) and the between-rounds boundary (KLG-16).

use super::cards::{self, By};
use super::data::Trigger;
use super::effects;
use super::events::{KlgEvent, PlayCause};
use super::purge;
use super::scoring;
use super::selectors;
use super::state::*;
use super::triggers;
use super::types::{CardId, ResourceBag};

/// G11, KLG-10.7: whether an active card stays in play at this turn's end (a blocked card
/// shares its blocker's fate; a blocker that already left play, KLG-10.5, does not stay).
pub(crate) fn stays_in_play(st: &State, id: CardId) -> bool {
    stays_in_play_by(st, id, |c| selectors::stays_by_itself(st, c))
}

/// [`stays_in_play`], with `by_itself` answering [`selectors::stays_by_itself`].
fn stays_in_play_by(st: &State, id: CardId, by_itself: impl Fn(CardId) -> bool) -> bool {
    match st.blocked_by(id) {
        Some(b) => b != id && st.location(b) == Location::Active && by_itself(b),
        None => by_itself(id),
    }
}

/// KLG-7.3: all resources vanish.
fn clear_resources(st: &mut State, ev: &mut Vec<KlgEvent>) {
    if !st.resources.is_empty() {
        st.resources = ResourceBag::EMPTY;
        ev.push(KlgEvent::ResourcesCleared);
    }
}

/// KLG-5.1, 5.3, 6.15, 7.3, 7.4: plays the top `n` cards (fewer if the deck is shorter)
/// simultaneously: resources vanish once, before the `after_played` triggers of the entering
/// cards join the pool.
pub(crate) fn play_cards(st: &mut State, n: usize, cause: PlayCause, ev: &mut Vec<KlgEvent>) {
    let n = n.min(st.deck.len());
    if n == 0 {
        return;
    }
    let cards: Vec<CardId> = st.deck.drain(..n).collect();
    for &c in &cards {
        st.active.push(c);
        st.card_mut(c).location = Location::Active;
    }
    ev.push(KlgEvent::CardsPlayed {
        cards: cards.clone(),
        cause,
    });
    clear_resources(st, ev);
    triggers::fire(st, Trigger::AfterPlayed, &cards, ev);
}

/// KLG-5.1, 5.7: a new turn plays up to 4 cards; cards that stayed in play are not played
/// again.
fn start_turn(st: &mut State, ev: &mut Vec<KlgEvent>) {
    st.flow = Flow::Turn;
    st.turn_ending = false;
    ev.push(KlgEvent::TurnStarted { round: st.round() });
    play_cards(st, 4, PlayCause::TurnStart, ev);
}

/// KLG-5.6 step 2, KLG-10.4, 10.7: every active card that does not stay in play is
/// discarded, a blocked card together with its blocker.
fn end_of_turn_discard(st: &mut State, ev: &mut Vec<KlgEvent>) {
    // The modifiers' cards are found once for the whole active zone.
    let kept = selectors::kept_by_modifiers(st);
    let staying: Vec<bool> = st
        .active
        .iter()
        .map(|&c| stays_in_play_by(st, c, |b| selectors::stays_by_itself_among(st, b, &kept)))
        .collect();
    let active = st.active.clone();
    for (&c, &stay) in active.iter().zip(&staying) {
        if stay {
            ev.push(KlgEvent::CardStaysInPlay { card: c });
        }
    }
    let leaving: Vec<CardId> = active
        .iter()
        .zip(&staying)
        .filter(|(_, s)| !**s)
        .map(|(c, _)| *c)
        .collect();
    for &c in &leaving {
        st.blocks.remove(&c);
    }
    st.blocks.retain(|_, b| !leaving.contains(b));
    for c in leaving {
        cards::discard(st, c, By::Other, ev);
    }
    st.stays_in_play.clear();
    ev.push(KlgEvent::TurnEnded);
}

/// KLG-4.12: the round-end procedure after the `end_of_round` triggers: discard the active
/// zone, then game end (base: last round; expansion: its last round) or between rounds.
fn round_end(st: &mut State, ev: &mut Vec<KlgEvent>) {
    for c in st.active.clone() {
        st.blocks.clear();
        cards::discard(st, c, By::Other, ev);
    }
    st.blocks.clear();
    st.stays_in_play.clear();
    clear_resources(st, ev);
    st.discard.sort_unstable();
    st.next_trigger_id = 0;
    st.turn_ending = false;
    st.flow = Flow::Idle;
    ev.push(KlgEvent::RoundEnded { round: st.round() });
    if let Some(cur) = st.expansions.current.clone() {
        purge::expansion_round_end(st, cur, ev);
        return;
    }
    if st.base.last_round {
        // KLG-17.1, 17.2, 17.4: base scoring.
        let fame = scoring::kingdom_fame(st);
        let score = fame + scoring::purge_fame_total(st);
        st.score_track.base = Some(score);
        st.base.finished = true;
        ev.push(KlgEvent::BaseScored { fame, score });
        st.phase = Phase::PostGame;
    } else {
        st.phase = Phase::BetweenRounds;
    }
}

/// KLG-4.4: the next two cards of the round sequence: the lowest ids in 11..=70 still in the
/// box.
pub(crate) fn next_two(st: &State) -> Vec<CardId> {
    st.cards
        .iter()
        .filter(|(id, c)| (11..=70).contains(*id) && c.location == Location::Box)
        .map(|(id, _)| *id)
        .filter(|&id| cards::discoverable(st, id))
        .take(2)
        .collect()
}

/// D16 `begin_round`, KLG-4.3–4.5, 1.4, 18.5: a new round; outside an expansion the next two
/// cards are discovered (their parchments then run, KLG-4.6).
pub(crate) fn begin_round(st: &mut State, ev: &mut Vec<KlgEvent>) {
    match st.expansions.current.clone() {
        Some(cur) => {
            st.phase = Phase::Main;
            ev.push(KlgEvent::RoundStarted {
                round: cur.rounds_done as u32 + 1,
                expansion: Some(cur.id),
            });
        }
        None => {
            st.base.round_number += 1;
            st.phase = Phase::Main;
            ev.push(KlgEvent::RoundStarted {
                round: st.base.round_number,
                expansion: None,
            });
            let pair = next_two(st);
            effects::discover_cards(st, &pair, ev);
        }
    }
    st.flow = Flow::RoundStart;
}

/// R-2 (§10): the whole discard pile, ids ascending, Fisher–Yates with the campaign RNG.
fn shuffle_discard_into_deck(st: &mut State, ev: &mut Vec<KlgEvent>) {
    let mut ids = std::mem::take(&mut st.discard);
    ids.sort_unstable();
    st.rng.shuffle(&mut ids);
    for &c in &ids {
        st.card_mut(c).location = Location::Deck;
    }
    st.deck = ids.clone();
    ev.push(KlgEvent::DeckShuffled {
        top: ids.first().copied(),
        order: ids,
    });
}

/// Runs every automatic step up to the next decision (§9 "automatic steps"), setting the
/// phase.
pub(crate) fn run(st: &mut State, ev: &mut Vec<KlgEvent>) {
    loop {
        if st.ended.is_some() {
            return;
        }
        if let Some(d) = &st.decision {
            st.phase = match d {
                Decision::PurgePick { .. } | Decision::PurgePermanent { .. } => Phase::PurgeSelect,
                _ => Phase::Pending,
            };
            return;
        }
        if st.purge.is_some() {
            // A purge (KLG-19) runs to its end before anything else resumes.
            purge::advance(st, ev);
            continue;
        }
        if !st.stack.is_empty() {
            effects::step(st, ev);
            continue;
        }
        triggers::prune(st, ev);
        if !st.pool.is_empty() {
            // KLG-8.6 as corrected: a lone mandatory trigger starts by itself.
            if st.pool.len() == 1 && st.pool[0].mandatory {
                let id = st.pool[0].id;
                triggers::start(st, id, ev);
                continue;
            }
            st.phase = Phase::Pending;
            return;
        }
        match st.flow {
            Flow::Idle => return,
            Flow::Turn => {
                if st.turn_ending {
                    // KLG-5.6 step 1.
                    st.turn_ending = false;
                    st.flow = Flow::EndOfTurn;
                    let src = triggers::sources(st, Trigger::EndOfTurn);
                    triggers::fire(st, Trigger::EndOfTurn, &src, ev);
                } else {
                    st.phase = Phase::Main;
                    return;
                }
            }
            Flow::EndOfTurn => {
                end_of_turn_discard(st, ev);
                if st.deck.is_empty() {
                    // KLG-4.8, 4.12 step 1.
                    st.flow = Flow::EndOfRound;
                    let src = triggers::sources(st, Trigger::EndOfRound);
                    triggers::fire(st, Trigger::EndOfRound, &src, ev);
                } else {
                    start_turn(st, ev);
                }
            }
            Flow::RoundStart => {
                // KLG-4.2 (c): set-aside cards become destroyed once card 23 is discovered.
                if st.card23_discovered {
                    cards::finalize_destructions(st, ev);
                }
                st.flow = Flow::RoundStartTriggers;
                let src = triggers::sources(st, Trigger::RoundStart);
                triggers::fire(st, Trigger::RoundStart, &src, ev);
            }
            Flow::RoundStartTriggers => {
                shuffle_discard_into_deck(st, ev);
                start_turn(st, ev);
            }
            Flow::EndOfRound => {
                round_end(st, ev);
                return;
            }
        }
    }
}
