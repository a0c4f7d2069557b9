//! Tests of the Crown of Emara rules: the test vectors of section 12 (`tv`), further rule tests
//! (`rules`), the data files (`data`), the campaign (`campaign`) and random playouts with
//! property checks (`playouts`), plus the support below: a mid-game table builder.

mod bots;
mod campaign;
mod data;
mod playouts;
mod rules;
mod tv;

use super::inline::List;
use super::state::*;
use super::*;
use crate::{Game, GameRng, Seat, Viewer};
use Location::*;

pub(super) fn std_rings() -> [[Location; 4]; 2] {
    [
        [Forest, GrainField, Quarry, WeavingMill],
        [Castle, Cathedral, ConstructionSite, Market],
    ]
}

/// A fixed scenario: standard rings in canonical order, known advisors, events, tokens, decks.
pub(super) fn scenario(n: usize) -> EmaraScenario {
    let mut events = vec![
        EventCard::StoneFromDistantShores,
        EventCard::RespectedAtCourt,
        EventCard::APiousDonation,
        EventCard::AGiftFromThePeople,
        EventCard::TheGreatFamine,
        EventCard::AlmsForThePoor,
        EventCard::NewLoreInOldBooks,
        EventCard::ALongSummer,
        EventCard::MerchantsFromAfar,
        EventCard::GoodLabourSituation,
        EventCard::ClearTheOldForest,
        EventCard::BountifulHarvest,
        EventCard::FineWoolFineCloth,
        EventCard::AnEarlyWinter,
    ];
    if n == 1 {
        events.retain(|&e| e != EventCard::AnEarlyWinter);
    }
    EmaraScenario {
        rings: Some(std_rings()),
        advisors_a: Some(vec![
            Advisor::MasterOfCoin,
            Advisor::Archivist,
            Advisor::Goldsmith,
            Advisor::Carpenter,
            Advisor::Baker,
            Advisor::Schoolmarm,
            Advisor::Bailiff,
            Advisor::Dressmaker,
        ]),
        advisors_b: Some(vec![
            Advisor::SirCarl,
            Advisor::LadyMarie,
            Advisor::SirChristiaan,
            Advisor::LadyFrida,
            Advisor::SirGustave,
            Advisor::SirAntoni,
        ]),
        events: Some(events),
        favor_tokens: Some(data().favor_tokens.clone()),
        decks: Some(vec![ActionCard::ALL.to_vec(); n]),
        decks_round_4: None,
        start_player: None,
    }
}

/// Builds a mid-game state: a real setup from [`scenario`], then every player emptied (no goods,
/// CP 0, BP 40, empty hand and slots), no event in force, round 1, seat 0 to play a card.
pub(super) struct Table(pub EmaraState);

impl Table {
    pub fn new(n: u8) -> Table {
        Self::with_config(EmaraConfig::new(n))
    }
    pub fn with_config(config: EmaraConfig) -> Table {
        let n = config.players as usize;
        let mut st = Emara::setup_scenario(&config, &scenario(n), 1).expect("valid test setup");
        for p in &mut st.players {
            p.goods = Goods::default();
            p.cp = 0;
            p.bp = 40;
            p.hand.clear();
            p.slots = [None; 3];
        }
        st.current_event = None;
        st.statue = 0;
        st.turn_index = 0;
        st.turn = Turn::default();
        st.pending = Pending::PlayCard { seat: 0 };
        Table(st)
    }
    pub fn goods(mut self, seat: Seat, g: Goods) -> Table {
        self.0.players[seat].goods = g;
        self
    }
    pub fn points(mut self, seat: Seat, cp: u32, bp: u32) -> Table {
        self.0.players[seat].cp = cp;
        self.0.players[seat].bp = bp;
        self
    }
    /// Councilors of `seat`: ring A and ring B locations.
    pub fn at(mut self, seat: Seat, a: Location, b: Location) -> Table {
        let pa = self.0.rings[0]
            .iter()
            .position(|&l| l == a)
            .expect("ring A") as u8;
        let pb = self.0.rings[1]
            .iter()
            .position(|&l| l == b)
            .expect("ring B") as u8;
        self.0.players[seat].councilors = [pa, pb];
        self
    }
    pub fn event(mut self, e: EventCard) -> Table {
        self.0.current_event = Some(e);
        self
    }
    /// Gives `seat` an advisor (taken from wherever it lies).
    pub fn advisor(mut self, seat: Seat, a: Advisor) -> Table {
        let st = &mut self.0;
        for sp in &mut st.spaces {
            for s in sp.iter_mut() {
                if *s == Some(a) {
                    *s = None;
                }
            }
        }
        st.b_deck.retain(|&x| x != a);
        st.boxed_a.retain(|&x| x != a);
        st.players[seat].advisors.push(a);
        self
    }
    pub fn favor(mut self, seat: Seat, tokens: &[FavorToken]) -> Table {
        let st = &mut self.0;
        for t in tokens {
            st.favor_stack.retain(|x| x != t);
        }
        st.players[seat].favor = List::from_slice(tokens);
        self
    }
    pub fn craftsman(mut self, seat: Seat, loc: Location, hut: u8) -> Table {
        self.0.huts[loc as usize * 4 + hut as usize] = Some(seat as u8);
        self.0.players[seat].craftsmen_placed += 1;
        self
    }
    pub fn marker(mut self, m: Marker, index: Option<u8>) -> Table {
        self.0.markers[m.index()].index = index;
        self
    }
    pub fn hand(mut self, seat: Seat, cards: &[ActionCard]) -> Table {
        self.0.players[seat].hand = List::from_slice(cards);
        self
    }
    pub fn done(self) -> EmaraState {
        self.0
    }
    /// `seat` starts a turn (it holds the statue) and plays `card` to `slot`.
    pub fn playing(mut self, seat: Seat, card: ActionCard, slot: u8) -> EmaraState {
        let st = &mut self.0;
        if !st.players[seat].hand.contains(&card) {
            st.players[seat].hand.push(card);
        }
        st.statue = seat as u8;
        st.turn_index = 0;
        st.pending = Pending::PlayCard { seat };
        let mut st = self.0;
        act(&mut st, seat, EmaraAction::PlayCard { card, slot });
        st
    }
}

pub(super) fn tok(location: Location, reward: FavorReward) -> FavorToken {
    FavorToken { location, reward }
}

/// Plays random legal actions until `stop` holds (or the game ends); returns all events.
pub(super) fn run_until(
    st: &mut EmaraState,
    seed: u64,
    stop: impl Fn(&EmaraState) -> bool,
) -> Vec<EmaraEvent> {
    let mut r = GameRng::from_seed(seed);
    let mut ev = Vec::new();
    while !stop(st) {
        let Some(&seat) = Emara::to_act(st).first() else {
            break;
        };
        let legal = Emara::legal_actions(st, seat);
        let a = legal[r.below(legal.len())];
        ev.extend(Emara::apply(st, seat, &a).unwrap());
    }
    ev
}

/// A listed action, applied.
pub(super) fn act(st: &mut EmaraState, seat: Seat, action: EmaraAction) -> Vec<EmaraEvent> {
    let legal = Emara::legal_actions(st, seat);
    assert!(
        legal.contains(&action),
        "{action:?} not legal for seat {seat}: {legal:?}"
    );
    Emara::apply(st, seat, &action).unwrap_or_else(|e| panic!("{action:?} refused: {e}"))
}

/// A refused action: the rule it names; the state is unchanged and the action is not listed.
pub(super) fn refused(st: &mut EmaraState, seat: Seat, action: EmaraAction) -> &'static str {
    let before = st.clone();
    let err = Emara::apply(st, seat, &action).expect_err("must be refused");
    assert_eq!(*st, before, "a refused action changed the state");
    assert!(!Emara::legal_actions(st, seat).contains(&action));
    err.rule
}

pub(super) fn legal(st: &EmaraState, seat: Seat) -> Vec<EmaraAction> {
    Emara::legal_actions(st, seat)
}

/// A simple policy for whole rounds: play the first card to the first empty slot, move ring B,
/// finish every location action (keeping the first token), decline events, end the turn.
pub(super) fn passive_step(st: &mut EmaraState) -> Vec<EmaraEvent> {
    let seat = Emara::to_act(st)[0];
    let l = legal(st, seat);
    let pick = |f: &dyn Fn(&EmaraAction) -> bool| l.iter().copied().find(|a| f(a));
    let a = pick(&|a| matches!(a, EmaraAction::PlayCard { .. }))
        .or_else(|| pick(&|a| matches!(a, EmaraAction::KeepFavorToken(_))))
        .or_else(|| pick(&|a| *a == EmaraAction::DeclineCardAction))
        .or_else(|| pick(&|a| matches!(a, EmaraAction::CardStep(Ring::B))))
        .or_else(|| pick(&|a| *a == EmaraAction::Move(Ring::B)))
        .or_else(|| pick(&|a| *a == EmaraAction::FinishLocationAction))
        .or_else(|| pick(&|a| *a == EmaraAction::EndTurn))
        .or_else(|| {
            pick(&|a| {
                matches!(
                    a,
                    EmaraAction::ResolveRoundEvent {
                        option: RoundEventOption::Decline,
                        ..
                    }
                )
            })
        })
        .or_else(|| pick(&|a| matches!(a, EmaraAction::AllocateLeftovers { .. })))
        .expect("some action");
    act(st, seat, a)
}

/// Plays the passive policy until `stop` holds.
pub(super) fn passive_until(
    st: &mut EmaraState,
    stop: impl Fn(&EmaraState) -> bool,
) -> Vec<EmaraEvent> {
    let mut ev = Vec::new();
    while !stop(st) && !Emara::to_act(st).is_empty() {
        ev.extend(passive_step(st));
    }
    ev
}

pub(super) fn goods(st: &EmaraState, seat: Seat) -> Goods {
    st.players[seat].goods
}

pub(super) fn spectator(st: &EmaraState) -> EmaraView {
    Emara::view(st, Viewer::Spectator)
}
