//! Tests of the Kingdom Legacy rules: the test vectors of §12 (`tv`) and engine properties
//! (`props`: replay determinism, serde round trips, legal ⇔ accepted), plus the support below:
//! a table builder that puts test-library cards in given zones and orientations on the real
//! engine, and an extended test library for vectors that need cards the §12 library lacks.

mod balance;
mod bots;
mod campaigns;
mod data;
mod faults;
mod props;
mod rules;
mod tv;

use super::events::KlgEvent;
use super::*;
use crate::{Game, Viewer};
use std::cell::Cell;

thread_local! {
    static OVERRIDE: Cell<Option<&'static Content>> = const { Cell::new(None) };
}

/// The crafted content of this test thread, if any (see [`extended`]).
pub(super) fn content_override() -> Option<&'static Content> {
    OVERRIDE.with(|c| c.get())
}

/// Extra test-only cards (not in the spec's §12 library), used where a vector needs them:
/// 27 a second earlier person (TV-7), 28 a card that cannot be purged (TV-31), 29 a permanent
/// of fame 4 (TV-28's P1), 74 an effect that discovers card 70 (TV-25), 75 an effect that puts
/// an active card on top of the deck (TV-40), 76 a normal card with an `ends_turn` effect
/// (TV-42), 32 an effect that turns another card in play and 33 a blocker with a second face
/// (issue 28: a blocker turned by another effect), 137–146 ten more expansion cards (TV-33).
const EXTRA: &str = r#"[
 {"id": 27, "kind": "normal", "faces": {"F0": {"name": "Squire", "category": "person",
   "production": [[{"gold": 1}]]}}},
 {"id": 28, "kind": "normal", "faces": {"F0": {"name": "Sanctuary", "category": "building",
   "fame": 2, "protect": ["purge"], "production": [[{"gold": 1}]]}}},
 {"id": 29, "kind": "normal", "faces": {"F0": {"name": "Tower", "category": "building",
   "permanent": true, "fame": 4}}},
 {"id": 74, "kind": "normal", "faces": {"F0": {"name": "Herald of the End", "category": "person",
   "production": [[{"gold": 1}]],
   "effects": [{"id": "e1", "timing": {"type": "activated"}, "actions": [{"discover": [70]}]}]}}},
 {"id": 75, "kind": "normal", "faces": {"F0": {"name": "Messenger", "category": "person",
   "production": [[{"gold": 1}]],
   "effects": [{"id": "e1", "timing": {"type": "activated"}, "actions": [{"put_on_deck":
     {"target": {"zones": ["active"], "count": {"up_to": 1}}, "position": "top"}}]}]}}},
 {"id": 76, "kind": "normal", "faces": {"F0": {"name": "Beacon", "category": "building",
   "production": [[{"gold": 1}]],
   "effects": [{"id": "e1", "timing": {"type": "ends_turn"}, "actions": [{"gain": {"gold": 1}}]}]}}},
 {"id": 32, "kind": "normal", "faces": {"F0": {"name": "Envoy", "category": "person",
   "production": [[{"gold": 1}]],
   "effects": [{"id": "e1", "timing": {"type": "activated"}, "actions": [{"turn":
     {"target": {"zones": ["active"], "filter": {"hostile": true}, "count": {"exactly": 1}},
      "how": "flip"}}]}]}}},
 {"id": 33, "kind": "normal", "faces": {"F0": {"name": "Marauders", "category": "enemy",
   "effects": [{"id": "e1", "timing": {"type": "triggered", "mandatory": true,
     "when": {"on": "after_played"}}, "actions": [{"block": {"zones": ["active"],
     "filter": {"hostile": false}, "count": {"exactly": 1}}}]}]},
   "B0": {"name": "Settlers", "category": "person", "production": [[{"gold": 1}]]}}}
]"#;

/// Removes the crafted content when the test ends (even on a reused thread).
pub(super) struct ExtendedLibrary;

impl Drop for ExtendedLibrary {
    fn drop(&mut self) {
        OVERRIDE.with(|c| c.set(None));
    }
}

/// Installs the §12 test library plus [`EXTRA`] (and ten more expansion cards 137–146) as the
/// content of `Pack::TestLibrary` on this test thread, until the returned guard is dropped.
#[must_use]
pub(super) fn extended() -> ExtendedLibrary {
    let files = PackFiles::test_library();
    let mut cards: Vec<serde_json::Value> = serde_json::from_str(&files.cards).unwrap();
    let extra: Vec<serde_json::Value> = serde_json::from_str(EXTRA).unwrap();
    cards.extend(extra);
    let exp136 = cards
        .iter()
        .find(|c| c["id"] == 136)
        .cloned()
        .expect("card 136");
    for id in 137..=146 {
        let mut c = exp136.clone();
        c["id"] = serde_json::json!(id);
        cards.push(c);
    }
    let files = PackFiles {
        cards: serde_json::to_string(&cards).unwrap(),
        ..files
    };
    let content = Content::load(&files, false).expect("extended test library");
    let leaked: &'static Content = Box::leak(Box::new(content));
    OVERRIDE.with(|c| c.set(Some(leaked)));
    ExtendedLibrary
}

pub(super) use Orientation::{B0, B180, F0, F180};

/// A resource bag from pairs.
pub(super) fn bag(items: &[(Resource, u32)]) -> ResourceBag {
    let mut b = ResourceBag::EMPTY;
    for &(r, n) in items {
        b.set(r, b.get(r) + n);
    }
    b
}

/// A mid-game table on the real engine: a fresh test-library kingdom (seed 1), then every card
/// back in the box (pristine), nothing in play, round 1, a turn awaiting an action. Builder
/// methods place cards; [`Table::turn_start`] plays a turn start with the real flow.
pub(super) struct Table(pub State);

impl Table {
    pub fn new() -> Table {
        Table::on(Pack::TestLibrary)
    }

    /// The same empty table with the shipped kingdom's cards.
    pub fn shipped() -> Table {
        Table::on(Pack::Shipped)
    }

    fn on(pack: Pack) -> Table {
        let mut st = KingdomLegacy::setup(&Config::new(pack), 1).expect("setup");
        for c in st.cards.values_mut() {
            *c = CardRecord::pristine();
        }
        st.deck.clear();
        st.active.clear();
        st.discard.clear();
        st.permanent.clear();
        st.expansion = None;
        st.pending_destruction.clear();
        st.destroyed.clear();
        st.blocks.clear();
        st.stays_in_play.clear();
        st.resources = ResourceBag::EMPTY;
        st.pool.clear();
        st.next_trigger_id = 0;
        st.stack.clear();
        st.decision = None;
        st.turn_ending = false;
        st.purge = None;
        st.phase = Phase::Main;
        st.flow = Flow::Turn;
        st.base = BaseRecord {
            round_number: 1,
            last_round: false,
            finished: false,
        };
        Table(st)
    }

    fn put(&mut self, id: CardId, loc: Location) {
        let st = &mut self.0;
        st.deck.retain(|&c| c != id);
        st.active.retain(|&c| c != id);
        st.discard.retain(|&c| c != id);
        st.permanent.retain(|&c| c != id);
        st.pending_destruction.retain(|&c| c != id);
        st.destroyed.retain(|&c| c != id);
        if st.expansion == Some(id) {
            st.expansion = None;
        }
        match loc {
            Location::Deck => st.deck.push(id),
            Location::Active => st.active.push(id),
            Location::Discard => st.discard.push(id),
            Location::Permanent => {
                st.permanent.push(id);
                st.permanent.sort_unstable();
            }
            Location::Expansion => st.expansion = Some(id),
            Location::PendingDestruction => {
                st.pending_destruction.push(id);
                st.pending_destruction.sort_unstable();
            }
            Location::Destroyed => {
                st.destroyed.push(id);
                st.destroyed.sort_unstable();
            }
            Location::Box | Location::Purge => {}
        }
        st.card_mut(id).location = loc;
    }

    /// The deck, top first.
    pub fn deck(mut self, ids: &[CardId]) -> Table {
        for &id in ids {
            self.put(id, Location::Deck);
        }
        self
    }

    pub fn active(mut self, ids: &[CardId]) -> Table {
        for &id in ids {
            self.put(id, Location::Active);
        }
        self
    }

    pub fn discard(mut self, ids: &[CardId]) -> Table {
        for &id in ids {
            self.put(id, Location::Discard);
        }
        self
    }

    pub fn permanent(mut self, ids: &[CardId]) -> Table {
        for &id in ids {
            self.put(id, Location::Permanent);
        }
        self
    }

    pub fn pending(mut self, ids: &[CardId]) -> Table {
        for &id in ids {
            self.put(id, Location::PendingDestruction);
        }
        self
    }

    pub fn destroyed(mut self, ids: &[CardId]) -> Table {
        for &id in ids {
            self.put(id, Location::Destroyed);
        }
        self
    }

    pub fn in_box(mut self, ids: &[CardId]) -> Table {
        for &id in ids {
            self.put(id, Location::Box);
        }
        self
    }

    pub fn expansion(mut self, id: CardId, o: Orientation, rounds_done: u8) -> Table {
        self.put(id, Location::Expansion);
        self.0.card_mut(id).orientation = o;
        self.0.expansions.current = Some(CurrentExpansion { id, rounds_done });
        self
    }

    pub fn orient(mut self, id: CardId, o: Orientation) -> Table {
        self.0.card_mut(id).orientation = o;
        self
    }

    pub fn res(mut self, b: ResourceBag) -> Table {
        self.0.resources = b;
        self
    }

    pub fn block(mut self, card: CardId, by: CardId) -> Table {
        self.0.blocks.insert(card, by);
        self
    }

    /// A sticker on a stage (set directly, the supply is not touched).
    pub fn sticker(mut self, card: CardId, no: &str, o: Orientation) -> Table {
        self.0.card_mut(card).stickers.push(StickerMark {
            no: no.into(),
            orientation: o,
        });
        self
    }

    pub fn tick(mut self, card: CardId, o: Orientation, index: u8) -> Table {
        self.0
            .card_mut(card)
            .ticked
            .entry(o)
            .or_default()
            .insert(index);
        self
    }

    pub fn supply(mut self, no: &str, n: u32) -> Table {
        self.0.sticker_supply.insert(no.into(), n);
        self
    }

    pub fn card23(mut self, discovered: bool) -> Table {
        self.0.card23_discovered = discovered;
        self
    }

    pub fn round(mut self, n: u32) -> Table {
        self.0.base.round_number = n;
        self
    }

    /// Between rounds: every non-permanent kingdom card must already be in the discard pile.
    pub fn between_rounds(mut self) -> Table {
        self.0.phase = Phase::BetweenRounds;
        self.0.flow = Flow::Idle;
        self
    }

    /// After the base game (`base` score recorded).
    pub fn post_game(mut self, base: i32) -> Table {
        self.0.phase = Phase::PostGame;
        self.0.flow = Flow::Idle;
        self.0.base.finished = true;
        self.0.base.last_round = true;
        self.0.score_track.base = Some(base);
        self
    }

    pub fn build(self) -> State {
        self.0
    }

    /// Builds, then plays a turn start with the real flow (KLG-5.1): the top 4 cards enter.
    pub fn turn_start(self) -> (State, Vec<KlgEvent>) {
        let mut st = self.0;
        st.flow = Flow::EndOfTurn;
        let mut ev = Vec::new();
        super::flow::run(&mut st, &mut ev);
        (st, ev)
    }
}

/// Applies a legal action, panicking with the refusal otherwise.
pub(super) fn act(st: &mut State, a: KlgAction) -> Vec<KlgEvent> {
    match KingdomLegacy::apply(st, 0, &a) {
        Ok(ev) => ev,
        Err(e) => panic!(
            "{a:?} refused: {e}; legal: {:?}",
            KingdomLegacy::legal_actions(st, 0)
        ),
    }
}

pub(super) fn legal(st: &State) -> Vec<KlgAction> {
    KingdomLegacy::legal_actions(st, 0)
}

pub(super) fn is_legal(st: &State, a: &KlgAction) -> bool {
    legal(st).contains(a)
}

/// The pool id of `card`'s pending trigger.
pub(super) fn trig(st: &State, card: CardId) -> u32 {
    st.pool
        .iter()
        .find(|t| t.card == card)
        .unwrap_or_else(|| panic!("no pending trigger of card {card}: {:?}", st.pool))
        .id
}

/// Resolves `card`'s pending trigger next (D6).
pub(super) fn choose_trig(st: &mut State, card: CardId) -> Vec<KlgEvent> {
    let id = trig(st, card);
    act(st, KlgAction::ChooseTrigger { id })
}

/// Declines `card`'s optional pending trigger (D7).
pub(super) fn decline_trig(st: &mut State, card: CardId) -> Vec<KlgEvent> {
    let id = trig(st, card);
    act(st, KlgAction::DeclineTrigger { id })
}

pub(super) fn produce(card: CardId, alts: &[u8]) -> KlgAction {
    KlgAction::Produce {
        card,
        alts: alts.to_vec(),
    }
}

pub(super) fn use_effect(card: CardId, e: &str) -> KlgAction {
    KlgAction::UseEffect {
        card,
        effect: e.into(),
    }
}

pub(super) fn cards(ids: &[CardId]) -> KlgAction {
    KlgAction::ChooseCards { ids: ids.to_vec() }
}

/// Plays on with simple choices (pass in the main phase, else the first legal action that is
/// not a reset) until the phase is `BetweenRounds`, `PostGame` or `Closed`.
pub(super) fn finish_round(st: &mut State) -> Vec<KlgEvent> {
    let mut all = Vec::new();
    for _ in 0..10_000 {
        match st.phase {
            Phase::BetweenRounds | Phase::PostGame | Phase::Closed => return all,
            Phase::Main => all.extend(act(st, KlgAction::Pass)),
            _ => {
                let a = legal(st)
                    .into_iter()
                    .find(|a| *a != KlgAction::ResetCampaign)
                    .expect("an action");
                all.extend(act(st, a));
            }
        }
    }
    panic!("the round did not end");
}

/// Every card is in exactly the zone its record names; a blocked card is in play, its blocker
/// too or moved out of play by its own text (KLG-10.5: discarded, destroyed, put on the deck).
pub(super) fn zone_invariants(st: &State) {
    let mut seen = std::collections::BTreeMap::new();
    for (zone, ids) in [
        (Location::Deck, &st.deck),
        (Location::Active, &st.active),
        (Location::Discard, &st.discard),
        (Location::Permanent, &st.permanent),
        (Location::PendingDestruction, &st.pending_destruction),
        (Location::Destroyed, &st.destroyed),
    ] {
        for &id in ids.iter() {
            assert!(seen.insert(id, zone).is_none(), "card {id} twice");
            assert_eq!(st.location(id), zone, "card {id}");
        }
    }
    for (&b, &by) in &st.blocks {
        assert_eq!(st.location(b), Location::Active);
        assert!(
            !matches!(
                st.location(by),
                Location::Box | Location::Expansion | Location::Purge
            ),
            "blocker {by} of {b}"
        );
    }
    if matches!(st.phase, Phase::BetweenRounds | Phase::PostGame) {
        assert!(st.deck.is_empty() && st.active.is_empty() && st.resources.is_empty());
    }
}

/// The cards a run of events discovered, in order.
pub(super) fn discovered(ev: &[KlgEvent]) -> Vec<CardId> {
    ev.iter()
        .filter_map(|e| match e {
            KlgEvent::CardDiscovered { card, .. } => Some(*card),
            _ => None,
        })
        .collect()
}

/// The candidates of the open card decision.
pub(super) fn decision_cards(st: &State) -> Vec<CardId> {
    match &st.decision {
        Some(Decision::Cards { candidates, .. }) => candidates.clone(),
        d => panic!("no card decision: {d:?}"),
    }
}

pub(super) fn view(st: &State) -> KlgView {
    KingdomLegacy::view(st, Viewer::Seat(0))
}
