//! The driver (section 4, PNV-1.13): after every decision, run queued automatic work and the
//! phase machine until a seat must decide again (a sealed step opens or a sequential decision is
//! pending) or the game is over. Sealed steps (PNV-13.4) keep every seat's choice hidden until
//! the last commit, whose `apply` performs the reveal.

use super::events::PanovnikEvent;
use super::state::{PanovnikState, Sealed, Stage};
use super::types::{SealedChoice, SealedStep};
use super::{auction, building, passing, rewards, scoring, setup, virtual_opponents};
use crate::Seat;

/// Runs automatic steps until a decision is needed.
pub(crate) fn advance(st: &mut PanovnikState, ev: &mut Vec<PanovnikEvent>) {
    loop {
        if st.decision.is_some() || st.sealed.is_some() || st.stage == Stage::Finished {
            return;
        }
        if let Some(task) = st.tasks.pop_front() {
            rewards::run_task(st, task, ev);
            continue;
        }
        match st.stage.clone() {
            Stage::StartingRewards => auction::start_round(st, ev),
            Stage::Attacks => auction::next_attack(st, ev),
            Stage::Colors { next } => auction::resolve_color(st, next, ev),
            Stage::VirtualRemovals => virtual_opponents::virtual_removals(st, ev),
            Stage::NoMatch => virtual_opponents::next_no_match(st, ev),
            Stage::Passing => passing::next_passer(st, ev),
            Stage::BuildResolve => building::next_selection(st, ev),
            // Sealed stages always have `st.sealed` open; reaching here would be a bug.
            Stage::StartingChoice
            | Stage::Bidding
            | Stage::Negotiating { .. }
            | Stage::BuildSelect
            | Stage::Recolor
            | Stage::Finished => unreachable!("sealed stage {:?} without a step", st.stage),
        }
    }
}

/// Opens a sealed step for the eligible seats (PNV-13.4).
pub(crate) fn open_sealed(
    st: &mut PanovnikState,
    step: SealedStep,
    seats: &[Seat],
    ev: &mut Vec<PanovnikEvent>,
) {
    let mut eligible = vec![false; st.n()];
    for &s in seats {
        eligible[s] = true;
    }
    st.sealed = Some(Sealed::new(step, eligible));
    ev.push(PanovnikEvent::StepOpened {
        step,
        seats: seats.to_vec(),
    });
}

/// Stores (or replaces) a seat's sealed choice; the last missing commit reveals all choices
/// at once (one atomic state change).
pub(crate) fn commit(
    st: &mut PanovnikState,
    seat: Seat,
    choice: SealedChoice,
    ev: &mut Vec<PanovnikEvent>,
) {
    let sealed = st.sealed.as_mut().expect("an open sealed step");
    sealed.choices[seat] = Some(choice.clone());
    sealed.committed[seat] = true;
    ev.push(PanovnikEvent::ChoiceCommitted {
        seat,
        step: sealed.step,
        choice: Some(choice),
    });
    if sealed.waiting().is_empty() {
        reveal(st, ev);
    }
}

/// The simultaneous reveal of a sealed step.
pub(crate) fn reveal(st: &mut PanovnikState, ev: &mut Vec<PanovnikEvent>) {
    let sealed = st.sealed.take().expect("an open sealed step");
    match sealed.step {
        SealedStep::StartingCard => setup::reveal_starting(st, &sealed, ev),
        SealedStep::Bid => auction::reveal_bids(st, &sealed, ev),
        SealedStep::Negotiation => auction::reveal_negotiation(st, &sealed, ev),
        SealedStep::BuildSelection => building::reveal_selections(st, &sealed, ev),
        SealedStep::Recolor => scoring::reveal_recolors(st, &sealed, ev),
    }
}
