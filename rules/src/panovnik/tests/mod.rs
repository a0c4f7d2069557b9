//! Tests of the Panovník rules: the test vectors of section 12 (`tv`), further rule tests
//! (`rules`), the data files (`data`), random playouts with property checks (`playouts`) and the
//! balance of the shipped cards (`balance`), plus the support below: a table builder that sets
//! up precise mid-game positions on the real engine.

mod balance;
mod bots;
mod data;
mod playouts;
mod rules;
mod tv;

use super::state::*;
use super::*;
use crate::{Game, GameRng, Seat, Viewer};

/// The deterministic deal used by the tests: auction cards red, blue, green, yellow (left to
/// right), every player returns a blue and a red gem, characters and laws in ascending order.
pub(super) fn scenario(n: usize) -> PanovnikScenario {
    PanovnikScenario {
        auction_colors: Some([Color::Red, Color::Blue, Color::Green, Color::Yellow]),
        returned_gems: Some(vec![[Color::Blue, Color::Red]; n]),
        characters: Some((1..=64).collect()),
        laws: Some((65..=88).collect()),
    }
}

/// A mid-game table: a real setup from [`scenario`], then every zone emptied (no pyramids,
/// hands, screens, display; all gems in the supply), round 1, nothing pending. Builder methods
/// put exactly the needed pieces in place; a finisher opens the step under test.
pub(super) struct Table(pub PanovnikState);

impl Table {
    pub fn new(n: u8) -> Table {
        Self::with_config(PanovnikConfig::new(n))
    }

    pub fn with_config(config: PanovnikConfig) -> Table {
        let n = config.players as usize;
        let mut st = Panovnik::setup_scenario(&config, &scenario(n), 1).expect("valid setup");
        st.sealed = None;
        st.decision = None;
        st.tasks.clear();
        st.supply = Gems::each(4 * n as u32);
        for p in &mut st.players {
            p.screen = Gems::ZERO;
            p.attack = 0;
            p.hand.clear();
            p.pyramid.clear();
            p.dealt.clear();
        }
        st.round = 1;
        st.stage = Stage::StartingRewards;
        Table(st)
    }

    /// Gems behind `seat`'s screen (set directly: gem conservation is checked by the playouts,
    /// not by these hand-made positions).
    pub fn screen(mut self, seat: Seat, g: Gems) -> Table {
        self.0.players[seat].screen = g;
        self
    }

    /// Sets the supply exactly.
    pub fn supply(mut self, g: Gems) -> Table {
        self.0.supply = g;
        self
    }

    pub fn attack(mut self, seat: Seat, n: u32) -> Table {
        self.0.players[seat].attack = n;
        self
    }

    pub fn hand(mut self, seat: Seat, cards: &[u32]) -> Table {
        self.0.players[seat].hand = cards.to_vec();
        self
    }

    /// Pyramid cards as (card, level, x).
    pub fn pyramid(mut self, seat: Seat, cards: &[(u32, u8, i32)]) -> Table {
        self.0.players[seat].pyramid = cards
            .iter()
            .map(|&(card, level, x)| PCard::new(card, level, x))
            .collect();
        self
    }

    /// Changes the tokens of a pyramid card.
    pub fn tokens(mut self, seat: Seat, card: u32, f: impl FnOnce(&mut Tokens)) -> Table {
        let p = &mut self.0.players[seat];
        let i = p.card_index(card).expect("card in the pyramid");
        f(&mut p.pyramid[i].tokens);
        self
    }

    /// A card tucked under a pyramid card.
    pub fn tucked(mut self, seat: Seat, under: u32, card: u32, public: bool) -> Table {
        let p = &mut self.0.players[seat];
        let i = p.card_index(under).expect("card in the pyramid");
        p.pyramid[i].tucked.push(Tucked { card, public });
        self
    }

    pub fn display(mut self, color: Color, above: Option<u32>, below: Option<u32>) -> Table {
        self.0.display[color.index()] = [above, below];
        self
    }

    pub fn round(mut self, r: u8) -> Table {
        self.0.round = r;
        self
    }

    /// Opens bidding round `b` of the current game round with every real player and virtual
    /// opponent active.
    pub fn bidding(self, b: u8) -> PanovnikState {
        let mut st = self.0;
        let n = st.n();
        let v = st.virtuals();
        st.auction = Auction {
            bidding_round: b - 1,
            active: vec![true; n],
            won: vec![false; n],
            passed: vec![false; n],
            virt_active: vec![true; v],
            bids: vec![None; n],
            virt_bids: vec![None; v],
            ..Auction::default()
        };
        let mut ev = Vec::new();
        super::auction::open_bidding(&mut st, &mut ev);
        st
    }

    /// Starts the building phase of the current round.
    pub fn building(self) -> PanovnikState {
        let mut st = self.0;
        let mut ev = Vec::new();
        super::building::start_building(&mut st, &mut ev);
        st
    }

    /// `seat` must place `card` (decision 13) in the last build step of the current round.
    pub fn placing(self, seat: Seat, card: u32) -> PanovnikState {
        let mut st = self.0;
        if !st.players[seat].hand.contains(&card) {
            st.players[seat].hand.push(card);
        }
        st.build = Build {
            step: 3,
            passed: vec![false; st.n()],
            queue: Vec::new(),
        };
        st.stage = Stage::BuildResolve;
        st.decision = Some(Decision::PlaceCard { seat, card });
        st
    }

    /// Resolves `reward` for `seat` with its tokens on `host`, as if the card had just been
    /// placed in the last build step of the round (the game then moves on to the next round).
    pub fn rewarding(self, seat: Seat, host: u32, reward: Reward) -> PanovnikState {
        let mut st = self.0;
        st.build = Build {
            step: 3,
            passed: vec![false; st.n()],
            queue: Vec::new(),
        };
        st.stage = Stage::BuildResolve;
        st.tasks.push_back(Task::Reward { seat, host, reward });
        let mut ev = Vec::new();
        super::flow::advance(&mut st, &mut ev);
        st
    }

    /// The end of the game: screens revealed, recolouring open.
    pub fn end_game(self) -> PanovnikState {
        let mut st = self.0;
        st.round = 12;
        let mut ev = Vec::new();
        super::scoring::end_game(&mut st, &mut ev);
        st
    }

    pub fn done(self) -> PanovnikState {
        self.0
    }
}

/// A listed action, applied.
pub(super) fn act(
    st: &mut PanovnikState,
    seat: Seat,
    action: PanovnikAction,
) -> Vec<PanovnikEvent> {
    let legal = Panovnik::legal_actions(st, seat);
    assert!(
        legal.contains(&action),
        "{action:?} not legal for seat {seat}: {legal:?}"
    );
    Panovnik::apply(st, seat, &action).unwrap_or_else(|e| panic!("{action:?} refused: {e}"))
}

/// A refused action: the rule it names; the state is unchanged and the action is not listed.
pub(super) fn refused(st: &mut PanovnikState, seat: Seat, action: PanovnikAction) -> &'static str {
    let before = st.clone();
    let err = Panovnik::apply(st, seat, &action).expect_err("must be refused");
    assert_eq!(*st, before, "a refused action changed the state");
    assert!(!Panovnik::legal_actions(st, seat).contains(&action));
    err.rule
}

/// Decisions 2/11: takes `gems` one at a time (`take_gem`), returning every event; the last
/// gems may follow by themselves once only one colour is left.
pub(super) fn take_gems(st: &mut PanovnikState, seat: Seat, gems: Gems) -> Vec<PanovnikEvent> {
    let mut ev = Vec::new();
    for color in gems.colors() {
        if !matches!(st.decision, Some(Decision::ChooseGems { .. })) {
            break;
        }
        ev.extend(act(st, seat, PanovnikAction::TakeGem { color }));
    }
    ev
}

pub(super) fn legal(st: &PanovnikState, seat: Seat) -> Vec<PanovnikAction> {
    Panovnik::legal_actions(st, seat)
}

/// Plays uniformly random legal actions until `stop` holds or the game ends.
pub(super) fn run_until(
    st: &mut PanovnikState,
    seed: u64,
    stop: impl Fn(&PanovnikState) -> bool,
) -> Vec<PanovnikEvent> {
    let mut r = GameRng::from_seed(seed);
    let mut ev = Vec::new();
    while !stop(st) {
        let to_act = Panovnik::to_act(st);
        if to_act.is_empty() {
            break;
        }
        let seat = to_act[r.below(to_act.len())];
        let legal = Panovnik::legal_actions(st, seat);
        let a = pick_random(&legal, &mut r);
        ev.extend(Panovnik::apply(st, seat, &a).unwrap());
    }
    ev
}

/// A random choice that finishes recolouring reasonably soon.
pub(super) fn pick_random(legal: &[PanovnikAction], r: &mut GameRng) -> PanovnikAction {
    if legal.contains(&PanovnikAction::RecolorDone) && r.below(3) == 0 {
        return PanovnikAction::RecolorDone;
    }
    let pool: Vec<&PanovnikAction> = legal
        .iter()
        .filter(|a| **a != PanovnikAction::RecolorClear || r.below(4) == 0)
        .collect();
    if pool.is_empty() {
        return legal[r.below(legal.len())];
    }
    *pool[r.below(pool.len())]
}

/// Makes the next virtual draws exactly `colors` (one per active virtual opponent, ascending
/// index): the box holds just these gems and the RNG is reseeded until the draw order matches.
pub(super) fn force_draws(st: &mut PanovnikState, colors: &[Color]) {
    let mut b = Gems::ZERO;
    for &c in colors {
        b.add(c, 1);
    }
    st.box_gems = b;
    for k in 0..10_000u64 {
        let mut t = st.clone();
        t.rng = GameRng::from_seed(k);
        super::virtual_opponents::draw_virtual_bids(&mut t);
        let got: Vec<Color> = t.auction.virt_bids.iter().flatten().copied().collect();
        if got == colors {
            st.rng = GameRng::from_seed(k);
            return;
        }
    }
    panic!("no seed draws {colors:?}");
}

/// A full triangle of `h` levels over `h + 1` base cards at x = 0, 2, …, from consecutive card
/// numbers starting at `first` (skipping `skip`): the position `(h+1, h)` is then open.
pub(super) fn triangle(h: u8, first: u32, skip: &[u32]) -> Vec<(u32, u8, i32)> {
    let mut card = first;
    let mut out = Vec::new();
    for l in 1..=h {
        for i in 0..(h + 2 - l) as i32 {
            while skip.contains(&card) {
                card += 1;
            }
            out.push((card, l, l as i32 - 1 + 2 * i));
            card += 1;
        }
    }
    out
}

/// Every seat that must act commits `f(seat)`.
pub(super) fn commit_all(
    st: &mut PanovnikState,
    f: impl Fn(Seat) -> PanovnikAction,
) -> Vec<PanovnikEvent> {
    let mut ev = Vec::new();
    for s in Panovnik::to_act(st) {
        ev.extend(act(st, s, f(s)));
    }
    ev
}

/// A simple greedy policy (balance test, decision coverage): bid a gem when possible (sometimes
/// attack), always build when possible, place at the highest level, otherwise random.
pub(super) fn greedy(legal: &[PanovnikAction], r: &mut GameRng) -> PanovnikAction {
    use PanovnikAction as A;
    let pick = |v: Vec<PanovnikAction>, r: &mut GameRng| v[r.below(v.len())];
    let of = |f: &dyn Fn(&A) -> bool| legal.iter().copied().filter(|a| f(a)).collect::<Vec<_>>();
    let gems = of(&|a| matches!(a, A::BidGem { .. }));
    if legal.contains(&A::BidAttack) && r.below(4) == 0 {
        return A::BidAttack;
    }
    if !gems.is_empty() {
        return pick(gems, r);
    }
    let selects = of(&|a| matches!(a, A::BuildSelect { .. }));
    if !selects.is_empty() {
        return pick(selects, r);
    }
    let places = of(&|a| matches!(a, A::PlaceCard { .. }));
    if let Some(top) = places
        .iter()
        .map(|a| match a {
            A::PlaceCard { level, .. } => *level,
            _ => 0,
        })
        .max()
    {
        return pick(
            places
                .into_iter()
                .filter(|a| matches!(a, A::PlaceCard { level, .. } if *level == top))
                .collect(),
            r,
        );
    }
    pick_random(legal, r)
}
