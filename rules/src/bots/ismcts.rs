//! Information-set Monte Carlo tree search over determinizations (Cowling, Powley & Whitehouse,
//! 2012): every iteration deals one determinization of the knowledge, walks the one tree of
//! action histories with UCB1 — counting how often each move was *available* rather than the
//! parent's visits, since a determinization may not offer every move — adds one node, plays a
//! rollout and backs each seat's reward up the path.
//!
//! A step where several seats must act (a sealed simultaneous step) is one node whose seats
//! choose from statistics of their own (decoupled UCT): no seat's choice is conditioned on
//! another's sealed choice of the same step.

use super::{BotGame, Knowledge, considered, past};
use crate::{GameRng, Seat};
use std::time::Instant;

/// Exploration constant of UCB1 for rewards in `0..=1`.
const EXPLORATION: f64 = 0.7;

/// How long a search may run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Iterations (determinization, descent, rollout, backup).
    pub iterations: u32,
    /// Stop early at this instant (checked between iterations).
    pub deadline: Option<Instant>,
}

/// What a search did, for benchmarks and the arena.
#[derive(Clone, Debug)]
pub struct SearchStats {
    /// Index into the root's legal moves of the move chosen (the most visited).
    pub best: usize,
    pub iterations: u32,
    pub nodes: usize,
}

/// One move's statistics for the seat that makes it.
#[derive(Clone, Debug)]
struct Edge<A> {
    action: A,
    visits: u32,
    reward: f64,
    available: u32,
}

/// One history of actions: per seat to act, its moves' statistics; children by joint choice.
struct Node<A> {
    seats: Vec<(Seat, Vec<Edge<A>>)>,
    children: Vec<(Vec<u32>, usize)>,
}

impl<A> Node<A> {
    fn new() -> Self {
        Node {
            seats: Vec::new(),
            children: Vec::new(),
        }
    }

    fn edges(&mut self, seat: Seat) -> &mut Vec<Edge<A>> {
        let i = match self.seats.iter().position(|(s, _)| *s == seat) {
            Some(i) => i,
            None => {
                self.seats.push((seat, Vec::new()));
                self.seats.len() - 1
            }
        };
        &mut self.seats[i].1
    }
}

/// Runs the search for the knowledge's seat and returns the most visited of `legal` (the
/// seat's moves in the knowledge state, which every determinization shares).
pub(super) fn search<G: BotGame>(
    knowledge: &Knowledge<G>,
    legal: &[G::Action],
    budget: Budget,
    rng: &mut GameRng,
) -> SearchStats {
    let me = knowledge.seat();
    let mut nodes: Vec<Node<G::Action>> = vec![Node::new()];
    let mut done = 0;
    while done < budget.iterations && !(done > 0 && past(budget.deadline)) {
        iterate(knowledge, &mut nodes, rng);
        done += 1;
    }
    let root = nodes[0].edges(me);
    let visits = |a: &G::Action| {
        root.iter()
            .find(|e| &e.action == a)
            .map_or((0, 0.0), |e| (e.visits, e.reward))
    };
    let mut best = 0;
    let mut best_key = (0, f64::NEG_INFINITY);
    for (i, a) in legal.iter().enumerate() {
        let (v, r) = visits(a);
        let key = (v, if v > 0 { r / v as f64 } else { 0.0 });
        if key.0 > best_key.0 || (key.0 == best_key.0 && key.1 > best_key.1) {
            best = i;
            best_key = key;
        }
    }
    SearchStats {
        best,
        iterations: done,
        nodes: nodes.len(),
    }
}

/// One iteration: determinize, select and expand, roll out, back up.
fn iterate<G: BotGame>(
    knowledge: &Knowledge<G>,
    nodes: &mut Vec<Node<G::Action>>,
    rng: &mut GameRng,
) {
    let mut state = knowledge.sample(rng);
    let mut path: Vec<(usize, Vec<(Seat, u32)>)> = Vec::new();
    let mut node = 0;
    let mut expanded = false;
    while !expanded && !G::is_over(&state) {
        let to_act = G::to_act(&state);
        if to_act.is_empty() {
            break;
        }
        let mut joint = Vec::with_capacity(to_act.len());
        let mut broken = false;
        for seat in to_act {
            // A seat's move may end another's turn (only sealed steps keep them all to act).
            if !joint.is_empty() && !G::to_act(&state).contains(&seat) {
                continue;
            }
            let legal = considered::<G>(&state, seat);
            if legal.is_empty() {
                broken = true;
                break;
            }
            let (edge, fresh) = select(nodes[node].edges(seat), &legal, rng);
            expanded |= fresh;
            let action = nodes[node].edges(seat)[edge].action.clone();
            if G::apply(&mut state, seat, &action).is_err() {
                broken = true;
                break;
            }
            joint.push((seat, edge as u32));
        }
        if broken {
            break;
        }
        let key: Vec<u32> = joint.iter().map(|(_, e)| *e).collect();
        let child = match nodes[node].children.iter().find(|(k, _)| *k == key) {
            Some((_, c)) => *c,
            None => {
                nodes.push(Node::new());
                let c = nodes.len() - 1;
                nodes[node].children.push((key, c));
                expanded = true;
                c
            }
        };
        path.push((node, joint));
        node = child;
    }
    let rewards = rollout::<G>(&mut state, rng);
    for (n, joint) in path {
        for (seat, edge) in joint {
            let e = &mut nodes[n].edges(seat)[edge as usize];
            e.visits += 1;
            e.reward += rewards.get(seat).copied().unwrap_or(0.0);
        }
    }
}

/// Picks a move for one seat at one node: an untried one if this determinization offers any
/// (`true`: the tree grows here), else the best by UCB1 over availability.
fn select<A: Clone + PartialEq>(
    edges: &mut Vec<Edge<A>>,
    legal: &[A],
    rng: &mut GameRng,
) -> (usize, bool) {
    let mut offered = Vec::with_capacity(legal.len());
    for a in legal {
        let i = match edges.iter().position(|e| &e.action == a) {
            Some(i) => i,
            None => {
                edges.push(Edge {
                    action: a.clone(),
                    visits: 0,
                    reward: 0.0,
                    available: 0,
                });
                edges.len() - 1
            }
        };
        edges[i].available += 1;
        offered.push(i);
    }
    let untried: Vec<usize> = offered
        .iter()
        .copied()
        .filter(|&i| edges[i].visits == 0)
        .collect();
    if !untried.is_empty() {
        return (untried[rng.below(untried.len())], true);
    }
    let ucb = |e: &Edge<A>| {
        e.reward / e.visits as f64
            + EXPLORATION * ((e.available as f64).ln() / e.visits as f64).sqrt()
    };
    let best = offered
        .iter()
        .copied()
        .max_by(|&a, &b| ucb(&edges[a]).total_cmp(&ucb(&edges[b])))
        .expect("legal moves are never empty here");
    (best, false)
}

/// Plays the game's rollout policy up to its depth, then scores the state.
fn rollout<G: BotGame>(state: &mut G::State, rng: &mut GameRng) -> Vec<f64> {
    for _ in 0..G::ROLLOUT_DEPTH {
        if G::is_over(state) {
            break;
        }
        let to_act = G::to_act(state);
        if to_act.is_empty() {
            break;
        }
        for (i, seat) in to_act.into_iter().enumerate() {
            if i > 0 && !G::to_act(state).contains(&seat) {
                continue;
            }
            let legal = considered::<G>(state, seat);
            if legal.is_empty() {
                return G::evaluate(state);
            }
            let pick = G::rollout_pick(state, seat, &legal, rng);
            if G::apply(state, seat, &legal[pick]).is_err() {
                return G::evaluate(state);
            }
        }
    }
    G::evaluate(state)
}
