//! Tests of the Claim rules: test vectors (`tv`), further rule tests (`rules`), the data file
//! (`data`) and random playouts with property checks (`playouts`), plus the support below: a
//! mid-game table builder and short card names.

mod bots;
mod data;
mod playouts;
mod rules;
mod tv;

use super::state::{ClaimState, Follower, PUBLIC};
use super::*;
use crate::{Game, Seat, Viewer};

// ---- cards -------------------------------------------------------------------------------

pub(super) fn card(f: Faction, v: u8) -> Card {
    Card::new(f, v, 1)
}
pub(super) fn gn(v: u8) -> Card {
    card(Faction::Gnomes, v)
}
pub(super) fn gi(v: u8) -> Card {
    card(Faction::Giants, v)
}
pub(super) fn dr(v: u8) -> Card {
    card(Faction::Dragons, v)
}
pub(super) fn tr(v: u8) -> Card {
    card(Faction::Trolls, v)
}
pub(super) fn se(v: u8) -> Card {
    card(Faction::Seers, v)
}
pub(super) fn kn(v: u8) -> Card {
    card(Faction::Knights, v)
}
pub(super) fn gb(v: u8) -> Card {
    card(Faction::Goblins, v)
}
pub(super) fn un(v: u8) -> Card {
    card(Faction::Undead, v)
}
pub(super) fn dw(v: u8) -> Card {
    card(Faction::Dwarves, v)
}
pub(super) fn dp(v: u8) -> Card {
    card(Faction::Doppelgangers, v)
}
/// Another physical copy of the same kind.
pub(super) fn copy(c: Card, n: u8) -> Card {
    Card::new(c.faction, c.value, n)
}

// ---- configs -----------------------------------------------------------------------------

pub(super) fn cfg(mode: Mode, pair: PairChoice, free: &[Faction]) -> ClaimConfig {
    let mut c = ClaimConfig::new(mode);
    if mode != Mode::Base2p {
        c.pair = Some(pair);
        c.factions = Some(FactionChoice::List(free.to_vec()));
    }
    c
}

pub(super) fn base() -> ClaimConfig {
    ClaimConfig::new(Mode::Base2p)
}

/// Custom 2p deck with the Claim 1 factions most vectors need.
pub(super) fn kg2(free: &[Faction]) -> ClaimConfig {
    cfg(Mode::Custom2p, PairChoice::Kg, free)
}

use Faction::*;
pub(super) const FREE5_NO_DOP: [Faction; 5] = [Dragons, Trolls, Seers, Undead, Dwarves];

// ---- a mid-game table --------------------------------------------------------------------

/// Builds a state directly: start from a real setup of `config`, empty every zone, then place
/// cards. Zones left unset stay empty. The trick's leader acts first.
pub(super) struct Table(pub ClaimState);

impl Table {
    pub fn new(config: ClaimConfig) -> Table {
        let mut st = Claim::setup(&config, 1).expect("valid test config");
        st.deck.clear();
        st.revealed.clear();
        for p in &mut st.players {
            *p = Default::default();
        }
        st.leader = 0;
        st.pending = Pending::PlayCard { seat: 0 };
        Table(st)
    }
    pub fn phase(mut self, phase: Phase) -> Table {
        self.0.phase = phase;
        self
    }
    /// Phase 2 (fight for favour).
    pub fn favour(self) -> Table {
        self.phase(Phase::Favour)
    }
    pub fn trick_number(mut self, n: usize) -> Table {
        self.0.trick_number = n;
        self
    }
    /// The last trick of the current phase.
    pub fn last_trick_of_phase(mut self) -> Table {
        self.0.trick_number = self.0.h();
        self
    }
    pub fn leader(mut self, seat: Seat) -> Table {
        self.0.leader = seat;
        self.0.pending = Pending::PlayCard { seat };
        self
    }
    pub fn hand(mut self, seat: Seat, cards: &[Card]) -> Table {
        self.0.players[seat].hand = cards.to_vec();
        self
    }
    pub fn row(mut self, seat: Seat, cards: &[Card]) -> Table {
        self.0.players[seat].row = cards.to_vec();
        self
    }
    pub fn followers(mut self, seat: Seat, cards: &[Card]) -> Table {
        self.0.players[seat].followers = cards
            .iter()
            .map(|&card| Follower {
                card,
                known: 1 << seat,
            })
            .collect();
        self
    }
    pub fn pool(mut self, cards: &[Card]) -> Table {
        self.0.pool = cards.to_vec();
        self
    }
    pub fn revealed(mut self, cards: &[Card]) -> Table {
        self.0.revealed = cards.to_vec();
        self
    }
    /// The draw deck, top card first.
    pub fn deck(mut self, top_first: &[Card]) -> Table {
        self.0.deck = top_first.iter().rev().copied().collect();
        self
    }
    pub fn done(self) -> ClaimState {
        self.0
    }
}

/// Filler deck cards for phase-1 vectors (draws and the next reveal need cards).
pub(super) fn filler() -> Vec<Card> {
    vec![
        copy(gn(1), 3),
        copy(gn(3), 3),
        copy(gn(5), 3),
        copy(gn(7), 3),
        copy(gi(1), 2),
        copy(gi(3), 2),
    ]
}

// ---- acting ------------------------------------------------------------------------------

pub(super) fn act(st: &mut ClaimState, seat: Seat, action: ClaimAction) -> Vec<ClaimEvent> {
    let legal = Claim::legal_actions(st, seat);
    assert!(
        legal.contains(&action),
        "{action:?} not legal for seat {seat}: {legal:?}"
    );
    Claim::apply(st, seat, &action).unwrap_or_else(|e| panic!("{action:?} refused: {e}"))
}

pub(super) fn play(st: &mut ClaimState, seat: Seat, c: Card) -> Vec<ClaimEvent> {
    act(st, seat, ClaimAction::PlayCard(c))
}

/// Plays one card per seat from the current leader on.
pub(super) fn play_trick(st: &mut ClaimState, cards: &[(Seat, Card)]) -> Vec<ClaimEvent> {
    let mut ev = Vec::new();
    for &(seat, c) in cards {
        ev.extend(play(st, seat, c));
    }
    ev
}

pub(super) fn legal_cards(st: &ClaimState, seat: Seat) -> Vec<Card> {
    Claim::legal_actions(st, seat)
        .into_iter()
        .filter_map(|a| match a {
            ClaimAction::PlayCard(c) => Some(c),
            _ => None,
        })
        .collect()
}

/// A refused action: the rule it names, and the state is unchanged.
pub(super) fn refused(st: &mut ClaimState, seat: Seat, action: ClaimAction) -> &'static str {
    let before = st.clone();
    let err = Claim::apply(st, seat, &action).expect_err("must be refused");
    assert_eq!(*st, before, "a refused action changed the state");
    assert!(!Claim::legal_actions(st, seat).contains(&action));
    err.rule
}

pub(super) fn score_of(st: &ClaimState, seat: Seat) -> Vec<Card> {
    st.players[seat].score.clone()
}
pub(super) fn row_of(st: &ClaimState, seat: Seat) -> Vec<Card> {
    st.players[seat].row.clone()
}
pub(super) fn followers_of(st: &ClaimState, seat: Seat) -> Vec<Card> {
    st.players[seat].followers.iter().map(|f| f.card).collect()
}
/// Same cards regardless of order and copy numbers.
pub(super) fn kinds(cards: &[Card]) -> Vec<(Faction, u8)> {
    let mut k: Vec<(Faction, u8)> = cards.iter().map(|c| (c.faction, c.value)).collect();
    k.sort_unstable();
    k
}
pub(super) fn same_kinds(a: &[Card], b: &[Card]) -> bool {
    kinds(a) == kinds(b)
}

pub(super) fn next_leader_event(ev: &[ClaimEvent]) -> Option<Seat> {
    ev.iter().find_map(|e| match e {
        ClaimEvent::NextLeader { seat, .. } => Some(*seat),
        _ => None,
    })
}

pub(super) fn ranking_event(ev: &[ClaimEvent]) -> Vec<Seat> {
    ev.iter()
        .find_map(|e| match e {
            ClaimEvent::TrickRanked { ranking, .. } => Some(ranking.clone()),
            _ => None,
        })
        .expect("a ranked trick")
}

pub(super) fn known_followers(st: &ClaimState, viewer: Viewer, of: Seat) -> Vec<Card> {
    Claim::view(st, viewer).players[of].known_followers.clone()
}

/// The public follower cards of `seat` (taken face up).
pub(super) fn public_followers(st: &ClaimState, seat: Seat) -> Vec<Card> {
    st.players[seat]
        .followers
        .iter()
        .filter(|f| f.known == PUBLIC)
        .map(|f| f.card)
        .collect()
}

/// Score piles for scoring tests: seat → cards.
pub(super) fn scored(config: ClaimConfig, piles: &[Vec<Card>]) -> (ClaimState, ClaimScore) {
    let mut st = Table::new(config).done();
    for (seat, pile) in piles.iter().enumerate() {
        st.players[seat].score = pile.clone();
    }
    let score = super::scoring::score(&st);
    st.score = Some(score.clone());
    st.phase = Phase::Finished;
    st.pending = Pending::None;
    (st, score)
}

/// Cards of one faction with the given values (copies numbered per value).
pub(super) fn cards_of(f: Faction, values: &[u8]) -> Vec<Card> {
    let mut out: Vec<Card> = Vec::new();
    for &v in values {
        let n = out.iter().filter(|c| c.value == v).count() as u8;
        out.push(Card::new(f, v, n + 1));
    }
    out
}

pub(super) fn vote_of(score: &ClaimScore, f: Faction) -> &FactionVote {
    score
        .votes
        .iter()
        .find(|v| v.faction == f)
        .expect("faction in play")
}
