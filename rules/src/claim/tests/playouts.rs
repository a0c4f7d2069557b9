//! Random playouts through the conformance checker (`crate::conformance`): 10,000 seeded games
//! per mode with random pair, factions, first leader and flags. At every step of every game:
//! `apply` accepts exactly the listed actions (every action kind from every seat; unchanged
//! state on refusal), to-act ⇔ legal actions, conservation (CLM-GEN.7, TV-54), one decider at a
//! time, and no view or redacted event shows a card its viewer has not seen (an independent
//! knowledge model built from the unredacted events, section 8); at the end: the end state and
//! the outcome, replay, and a mid-game serde round trip that continues identically.

use super::*;
use crate::conformance::{self, Depth, Limits};
use crate::{GameRng, Outcome};

/// A dense index of a card identity for the knowledge bitsets.
fn cidx(c: &Card) -> usize {
    (c.faction as usize * 10 + c.value as usize) * 5 + (c.copy as usize - 1)
}

const GAMES_PER_MODE: u64 = 10_000;
/// Every this-many-th game is checked in full at every step.
const FULL_EVERY: u64 = 10;
/// The other games are checked in full at every this-many-th step.
const SWEEP_EVERY: usize = 4;

fn random_config(mode: Mode, r: &mut GameRng) -> ClaimConfig {
    let mut c = ClaimConfig::new(mode);
    c.pair = match r.below(4) {
        0 => Some(PairChoice::Kg),
        1 => Some(PairChoice::Gg),
        2 => Some(PairChoice::Random),
        _ => None,
    };
    c.factions = match r.below(3) {
        0 => None,
        1 => Some(FactionChoice::Random),
        _ => {
            let mut list: Vec<Faction> = r
                .choose_indices(6, mode.free_faction_count())
                .into_iter()
                .map(|i| Faction::FREE[i])
                .collect();
            r.shuffle(&mut list);
            Some(FactionChoice::List(list))
        }
    };
    c.first_leader = if r.below(3) == 0 {
        FirstLeader::Random
    } else {
        FirstLeader::Seat(r.below(mode.players()))
    };
    c.auto_crush_2p = r.below(2) == 0;
    c.troll_pool_needs_troll = r.below(2) == 0;
    c.knights_only_win = r.below(2) == 0;
    c
}

/// TV-54 and CLM-HID.4 end state, and a consistent outcome.
fn check_end(st: &ClaimState) -> Outcome {
    assert_eq!(st.phase, Phase::Finished);
    assert_eq!(st.card_total(), st.mode().deck_size());
    assert!(
        st.deck.is_empty() && st.revealed.is_empty() && st.pool.is_empty() && st.trick.is_empty()
    );
    assert!(
        st.players
            .iter()
            .all(|p| p.hand.is_empty() && p.followers.is_empty() && p.row.is_empty())
    );
    let o = Claim::outcome(st).expect("a finished game has an outcome");
    let score = st.score.as_ref().unwrap();
    let n = st.n();
    assert_eq!(o.places.len(), n);
    assert!(o.places.iter().all(|&p| (1..=n as u32).contains(&p)));
    assert!(!o.reason.is_empty());
    if o.draw {
        assert!(o.winners.is_empty() && score.winning_sides.is_empty());
        assert!(o.places.iter().all(|&p| p == 1));
    } else {
        assert!(!o.winners.is_empty());
        for seat in 0..n {
            assert_eq!(o.winners.contains(&seat), o.places[seat] == 1, "{o:?}");
        }
    }
    if st.mode() == Mode::FourPlayerTeams {
        assert!(o.places[0] == o.places[2] && o.places[1] == o.places[3]);
    }
    assert!(Claim::is_over(st) && Claim::to_act(st).is_empty());
    o
}

// ---- the independent knowledge model (section 8) -----------------------------------------

struct Knowledge {
    /// Index `n` is the spectator.
    known: Vec<Vec<bool>>,
    peek: Option<(Seat, Card)>,
}

impl Knowledge {
    fn new(n: usize) -> Self {
        Knowledge {
            known: vec![vec![false; 500]; n + 1],
            peek: None,
        }
    }
    fn idx(&self, v: Viewer) -> usize {
        v.seat().unwrap_or(self.known.len() - 1)
    }
    fn all_see(&mut self, cards: &[Card]) {
        for k in &mut self.known {
            for c in cards {
                k[cidx(c)] = true;
            }
        }
    }
    /// Cards that move between face-up zones were already seen by everybody.
    fn already_public(&self, cards: &[Card]) {
        let spectator = self.known.last().unwrap();
        assert!(
            cards.iter().all(|c| spectator[cidx(c)]),
            "a hidden card became public: {cards:?}"
        );
    }
    fn learn(&mut self, e: &ClaimEvent) {
        match e {
            ClaimEvent::Dealt { seat, cards, .. } => {
                for c in cards {
                    self.known[*seat][cidx(c)] = true;
                }
            }
            ClaimEvent::TrickStarted { revealed, .. } => {
                self.peek = None;
                self.all_see(revealed)
            }
            ClaimEvent::CardPlayed { card, .. } => self.all_see(&[*card]),
            ClaimEvent::SeerPeeked { seat, card } => {
                let c = card.expect("unredacted");
                self.known[*seat][cidx(&c)] = true;
                self.peek = Some((*seat, c));
            }
            ClaimEvent::TookRevealed { card, .. } => self.already_public(&[*card]),
            ClaimEvent::DrewFromDeck {
                seat,
                card,
                known_to,
            } => {
                let c = card.expect("unredacted");
                let mut who = vec![*seat];
                if let Some((seer, seen)) = self.peek
                    && seen == c
                    && seer != *seat
                {
                    who.push(seer);
                }
                who.sort_unstable();
                assert_eq!(
                    &who, known_to,
                    "who knows a drawn card (CLM-SER.5, CLM-MPA.3)"
                );
                for s in who {
                    self.known[s][cidx(&c)] = true;
                }
            }
            ClaimEvent::ToScorePile { cards, .. }
            | ClaimEvent::ToGnomeRow { cards, .. }
            | ClaimEvent::ToTrollPool { cards }
            | ClaimEvent::Discarded { cards }
            | ClaimEvent::GnomeRowScored { cards, .. } => self.already_public(cards),
            ClaimEvent::GnomeCrushed { card, .. } => self.already_public(&[*card]),
            ClaimEvent::FollowersTakenUp { seat, cards, .. } => {
                assert!(
                    cards.iter().all(|c| self.known[*seat][cidx(c)]),
                    "the owner saw every follower"
                );
            }
            ClaimEvent::TrickRanked { .. }
            | ClaimEvent::SeerDeclined { .. }
            | ClaimEvent::CrushingFinished { .. }
            | ClaimEvent::NextLeader { .. }
            | ClaimEvent::GameScored { .. } => {}
        }
    }
    fn assert_knows(&self, v: Viewer, cards: impl IntoIterator<Item = Card>, what: &str) {
        let k = &self.known[self.idx(v)];
        for c in cards {
            assert!(k[cidx(&c)], "{v:?} may not see {} ({what})", c.id());
        }
    }
}

fn event_cards(e: &ClaimEvent) -> Vec<Card> {
    match e {
        ClaimEvent::Dealt { cards, .. }
        | ClaimEvent::FollowersTakenUp { cards, .. }
        | ClaimEvent::ToScorePile { cards, .. }
        | ClaimEvent::ToGnomeRow { cards, .. }
        | ClaimEvent::ToTrollPool { cards }
        | ClaimEvent::Discarded { cards }
        | ClaimEvent::GnomeRowScored { cards, .. }
        | ClaimEvent::TrickStarted {
            revealed: cards, ..
        } => cards.clone(),
        ClaimEvent::CardPlayed { card, .. }
        | ClaimEvent::TookRevealed { card, .. }
        | ClaimEvent::GnomeCrushed { card, .. } => vec![*card],
        ClaimEvent::SeerPeeked { card, .. } | ClaimEvent::DrewFromDeck { card, .. } => {
            card.iter().copied().collect()
        }
        _ => Vec::new(),
    }
}

fn view_cards(v: &ClaimView) -> Vec<Card> {
    let mut out: Vec<Card> = v.revealed.clone();
    out.extend(v.trick.iter().chain(&v.last_trick).map(|p| p.card));
    for p in &v.players {
        out.extend(p.hand.iter().flatten());
        out.extend(&p.known_followers);
        out.extend(&p.score_pile);
        out.extend(&p.gnome_row);
    }
    out.extend(&v.troll_pool);
    out.extend(&v.discard);
    out.extend(v.peeked);
    out
}

impl conformance::Knowledge<Claim> for Knowledge {
    fn observe(&mut self, e: &ClaimEvent) {
        self.learn(e);
    }
    fn shown(&mut self, v: Viewer, e: Option<&ClaimEvent>) {
        if let Some(r) = e {
            self.assert_knows(v, event_cards(r), "event");
        }
    }
    fn check_view(&self, st: &ClaimState, v: Viewer, view: &ClaimView) {
        // CLM-HID.5: no RNG or seed in any view (the checker asserts it).
        self.assert_knows(v, view_cards(view), "view");
        for p in &view.players {
            assert_eq!(
                p.hand.is_some(),
                v.seat() == Some(p.seat),
                "only the owner sees a hand"
            );
            assert_eq!(p.hand_count, st.players[p.seat].hand.len());
            if v.seat() == Some(p.seat) {
                assert_eq!(
                    p.known_followers.len(),
                    p.follower_count,
                    "the owner knows the whole pile"
                );
            }
        }
    }
}

/// Every action kind with every parameter, plus `hand`'s cards and one card from elsewhere.
fn candidate_actions(st: &ClaimState) -> Vec<ClaimAction> {
    let mut all = vec![
        ClaimAction::SeerPeek,
        ClaimAction::SeerDecline,
        ClaimAction::SeerTakeTop,
        ClaimAction::SeerTakeRevealed,
        ClaimAction::FinishCrushing,
    ];
    all.extend((0..3).map(ClaimAction::TakeRevealed));
    all.extend((0..11).map(ClaimAction::CrushGnome));
    for p in &st.players {
        all.extend(p.hand.iter().map(|&c| ClaimAction::PlayCard(c)));
        all.extend(
            p.followers
                .iter()
                .take(2)
                .map(|f| ClaimAction::PlayCard(f.card)),
        );
    }
    all.extend(st.discard.first().map(|&c| ClaimAction::PlayCard(c)));
    all
}

/// Claim's side of the conformance checker: every candidate from every seat at every step,
/// a random listed action of the one decider, conservation and one decider at a time.
struct Harness {
    r: GameRng,
    sorted_cards: Vec<Card>,
    seed: u64,
}

impl conformance::Harness<Claim> for Harness {
    const RULE_PREFIX: &'static str = "CLM-";

    fn candidates(
        &mut self,
        st: &ClaimState,
        _legal: &[Vec<ClaimAction>],
    ) -> Vec<(Seat, ClaimAction)> {
        let all = candidate_actions(st);
        (0..st.n())
            .flat_map(|s| all.iter().map(move |a| (s, a.clone())))
            .collect()
    }

    fn choose(
        &mut self,
        st: &ClaimState,
        to_act: &[Seat],
        legal: &[Vec<ClaimAction>],
    ) -> Option<(Seat, ClaimAction)> {
        assert_eq!(to_act.len(), 1);
        let seat = to_act[0];
        assert_eq!(
            super::super::decisions::pending_seat(&st.pending),
            Some(seat)
        );
        let l = &legal[seat];
        Some((seat, l[self.r.below(l.len())].clone()))
    }

    fn depth(&mut self, step: usize) -> Depth {
        Depth::sampled(
            self.seed.is_multiple_of(FULL_EVERY),
            self.seed,
            step,
            SWEEP_EVERY,
        )
    }

    fn invariants(&mut self, st: &ClaimState) {
        let mut now = st.all_cards();
        now.sort_unstable();
        assert_eq!(
            now, self.sorted_cards,
            "CLM-GEN.7: the same cards, none lost or duplicated"
        );
    }
}

fn full_playout(mode: Mode, seed: u64) {
    let mut r = GameRng::from_seed(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ mode as u64);
    let config = random_config(mode, &mut r);
    let st = Claim::setup(&config, seed).unwrap();
    let mut sorted_cards = st.all_cards();
    sorted_cards.sort_unstable();
    let mut k = Knowledge::new(st.n());
    let limits = Limits {
        max_steps: usize::MAX,
        round_trip_at: r.below(40),
    };
    let mut h = Harness {
        r,
        sorted_cards,
        seed,
    };
    let played = conformance::playout::<Claim, _, _>(&config, seed, &mut h, &mut k, limits);
    let st = played.state;
    check_end(&st);
    // Spectators saw everything at the end (CLM-HID.4): all cards were played face up.
    assert!(h.sorted_cards.iter().all(|c| k.known[st.n()][cidx(c)]));
}

fn run_mode(mode: Mode) {
    // Every game checks conservation, hidden information for every viewer, to-act, replay, a
    // serde round trip and a valid outcome; legality (every listed action applied, every
    // candidate refused), views and serde of events run at every step of every
    // FULL_EVERY-th game and at every SWEEP_EVERY-th step of the others.
    for seed in 0..conformance::games(GAMES_PER_MODE) {
        full_playout(mode, seed);
    }
}

#[test]
fn tv_54_random_playouts_base_2p() {
    // CLM-GEN.7 (TV-54), CLM-HID.1–.5, CLM-GEN.6
    run_mode(Mode::Base2p);
}

#[test]
fn tv_54_random_playouts_custom_2p() {
    // CLM-GEN.7 (TV-54), CLM-C2P.1, CLM-C2P.6
    run_mode(Mode::Custom2p);
}

#[test]
fn tv_54_random_playouts_three_player() {
    // CLM-GEN.7 (TV-54), CLM-MP.1
    run_mode(Mode::ThreePlayer);
}

#[test]
fn tv_54_random_playouts_four_player_teams() {
    // CLM-GEN.7 (TV-54), CLM-MP.1
    run_mode(Mode::FourPlayerTeams);
}
