//! Setup (§3): a brand-new kingdom (§3.1, KLG-3), resuming a stored kingdom at its boundary
//! (§3.2, KLG-16), the reset before card 23 (KLG-11.5), and the persistent record (§7.1).

use super::KingdomLegacy;
use super::data::{Pack, PackFiles};
use super::events::KlgEvent;
use super::flow;
use super::state::*;
use super::types::{CardId, ResourceBag};
use crate::{Game, GameRng, SetupError};
use std::collections::{BTreeMap, BTreeSet};

/// §7.1 `content_id`: FNV-1a (64 bit) of the pack's card file.
pub(crate) fn content_id(pack: Pack) -> String {
    static SHIPPED: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    static TEST: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let hash = |text: &str| {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in text.bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        format!("{h:016x}")
    };
    match pack {
        Pack::Shipped => SHIPPED.get_or_init(|| hash(&PackFiles::shipped().cards)),
        Pack::TestLibrary => TEST.get_or_init(|| hash(&PackFiles::test_library().cards)),
    }
    .clone()
}

/// The starting kingdom (KLG-3.1): the pack's cards 1–10.
fn starting_cards(pack: Pack) -> Vec<CardId> {
    super::limits::STARTING_CARDS
        .filter(|&id| super::pack_content(pack).card(id).is_some())
        .collect()
}

/// Checks a config: a new kingdom needs starting cards; a record must belong to this pack and
/// rules version, be at a boundary and not closed (KLG-16.1).
pub(crate) fn check_config(c: &Config) -> Result<(), SetupError> {
    match &c.record {
        None => {
            if starting_cards(c.pack).is_empty() {
                return Err(SetupError::new(
                    "KLG-3.1",
                    "the pack has no starting cards 1–10 (is its card data authored?)",
                ));
            }
        }
        Some(r) => {
            if r.pack != c.pack {
                return Err(SetupError::new(
                    "KLG-16.4",
                    "the record belongs to another pack",
                ));
            }
            if r.schema_version != KingdomLegacy::RULES_VERSION {
                return Err(SetupError::new(
                    "KLG-16.4",
                    format!(
                        "record schema {} is not {}",
                        r.schema_version,
                        KingdomLegacy::RULES_VERSION
                    ),
                ));
            }
            if r.content_id != content_id(c.pack) {
                return Err(SetupError::new(
                    "KLG-16.4",
                    "the record was made with different card data",
                ));
            }
            if r.phase == RecordPhase::Closed {
                return Err(SetupError::new("KLG-18.7", "the campaign is closed"));
            }
            let ids: BTreeSet<CardId> = super::pack_content(c.pack).ids().collect();
            let rec_ids: BTreeSet<CardId> = r.cards.keys().copied().collect();
            if ids != rec_ids {
                return Err(SetupError::new(
                    "KLG-16.4",
                    "the record's cards do not match the pack",
                ));
            }
            for (id, card) in &r.cards {
                if matches!(
                    card.location,
                    Location::Deck | Location::Active | Location::Purge
                ) {
                    return Err(SetupError::new(
                        "KLG-16.1",
                        format!("card {id} is in play: a record is always at a round boundary"),
                    ));
                }
                if super::pack_content(c.pack)
                    .stage(*id, card.orientation)
                    .is_none()
                {
                    return Err(SetupError::new(
                        "config",
                        format!("card {id} has no stage {}", card.orientation.as_str()),
                    ));
                }
            }
            let in_exp = r
                .cards
                .values()
                .filter(|c| c.location == Location::Expansion)
                .count();
            if in_exp != usize::from(r.expansions.current.is_some()) {
                return Err(SetupError::new(
                    "KLG-18.9",
                    "the expansion zone does not match the current expansion",
                ));
            }
        }
    }
    Ok(())
}

/// §11.3: the full sticker supply of the pack's catalogue.
fn full_supply(pack: Pack) -> BTreeMap<String, u32> {
    super::pack_content(pack)
        .stickers
        .iter()
        .map(|s| (s.no.clone(), s.copies))
        .collect()
}

/// §3.1 step 1: every card in the box, pristine; nothing in play.
fn pristine(pack: Pack, allow_permanent_upgrade: bool, rng: GameRng) -> State {
    State {
        pack,
        allow_permanent_upgrade,
        rng,
        phase: Phase::Main,
        flow: Flow::Idle,
        card23_discovered: false,
        base: BaseRecord::default(),
        cards: super::pack_content(pack)
            .ids()
            .map(|id| (id, CardRecord::pristine()))
            .collect(),
        deck: Vec::new(),
        active: Vec::new(),
        discard: Vec::new(),
        permanent: Vec::new(),
        expansion: None,
        pending_destruction: Vec::new(),
        destroyed: Vec::new(),
        blocks: BTreeMap::new(),
        stays_in_play: BTreeSet::new(),
        resources: ResourceBag::EMPTY,
        pool: Vec::new(),
        next_trigger_id: 0,
        stack: Vec::new(),
        decision: None,
        turn_ending: false,
        purge: None,
        sticker_supply: full_supply(pack),
        score_track: ScoreTrack::default(),
        purge_fame: Vec::new(),
        expansions: ExpansionsRecord::default(),
        ended: None,
        reset_requested: false,
    }
}

/// §3.1 steps 2–7 (KLG-3.1–3.5, R-1): cards 1–10 shuffled without turning into a face-up deck;
/// round 1 starts at once with a turn (no discovery).
fn start_kingdom(st: &mut State, order: Option<&[CardId]>, reset: bool, ev: &mut Vec<KlgEvent>) {
    let mut ids = starting_cards(st.pack);
    match order {
        Some(o) => ids = o.to_vec(),
        None => st.rng.shuffle(&mut ids),
    }
    for &c in &ids {
        st.card_mut(c).location = Location::Deck;
    }
    st.deck = ids.clone();
    st.base = BaseRecord {
        round_number: 1,
        last_round: false,
        finished: false,
    };
    ev.push(KlgEvent::KingdomCreated { reset });
    ev.push(KlgEvent::DeckShuffled {
        top: ids.first().copied(),
        order: ids,
    });
    ev.push(KlgEvent::RoundStarted {
        round: 1,
        expansion: None,
    });
    start_first_turn(st, ev);
}

/// KLG-3.5: the first round begins at once with a turn (no discovery, no shuffle).
fn start_first_turn(st: &mut State, ev: &mut Vec<KlgEvent>) {
    // No shuffle of the (empty) discard pile: play the first turn directly.
    st.flow = Flow::Turn;
    st.turn_ending = false;
    ev.push(KlgEvent::TurnStarted { round: 1 });
    flow::play_cards(st, 4, super::events::PlayCause::TurnStart, ev);
    flow::run(st, ev);
}

/// §3.2: the state of a stored kingdom at its boundary (KLG-16.2); discard pile and zones in
/// id order, so resuming equals playing on.
fn resume(config: &Config, r: &KingdomRecord) -> State {
    let mut st = pristine(config.pack, config.allow_permanent_upgrade, r.rng.clone());
    st.cards = r.cards.clone().into();
    for (&id, c) in &r.cards {
        match c.location {
            Location::Discard => st.discard.push(id),
            Location::Permanent => st.permanent.push(id),
            Location::Expansion => st.expansion = Some(id),
            Location::PendingDestruction => st.pending_destruction.push(id),
            Location::Destroyed => st.destroyed.push(id),
            _ => {}
        }
    }
    st.phase = match r.phase {
        RecordPhase::BetweenRounds => Phase::BetweenRounds,
        RecordPhase::PostGame => Phase::PostGame,
        RecordPhase::Closed => Phase::Closed,
    };
    st.flow = Flow::Idle;
    st.card23_discovered = r.card23_discovered;
    st.base = r.base.clone();
    st.sticker_supply = r.sticker_supply.clone();
    st.score_track = r.score_track.clone();
    st.purge_fame = r.purge_fame.clone();
    st.expansions = r.expansions.clone();
    st
}

/// `Game::setup` / `setup_scenario`.
pub(crate) fn setup(
    config: &Config,
    scenario: Option<&Scenario>,
    seed: u64,
) -> Result<(State, Vec<KlgEvent>), SetupError> {
    check_config(config)?;
    let mut ev = Vec::new();
    if let Some(r) = &config.record {
        let st = resume(config, r);
        ev.push(KlgEvent::KingdomResumed { round: st.round() });
        return Ok((st, ev));
    }
    let order = scenario.and_then(|s| s.deck.clone());
    if let Some(o) = &order {
        let mut a = o.clone();
        a.sort_unstable();
        if a != starting_cards(config.pack) {
            return Err(SetupError::new(
                "KLG-3.1",
                "the scenario deck must be an ordering of the starting cards 1–10",
            ));
        }
    }
    let mut st = pristine(
        config.pack,
        config.allow_permanent_upgrade,
        GameRng::from_seed(seed),
    );
    start_kingdom(&mut st, order.as_deref(), false, &mut ev);
    Ok((st, ev))
}

/// KLG-11.5, 11.6 (D17): the pristine record with the RNG continuing, then a new kingdom.
pub(crate) fn reset(st: &mut State, ev: &mut Vec<KlgEvent>) {
    let rng = st.rng.clone();
    *st = pristine(st.pack, st.allow_permanent_upgrade, rng);
    ev.push(KlgEvent::CampaignReset);
    start_kingdom(st, None, true, ev);
}

/// `Game::setup_events`: what a sitting opens with, derived from the state.
pub(crate) fn opening_events(st: &State) -> Vec<KlgEvent> {
    match st.phase {
        Phase::BetweenRounds | Phase::PostGame | Phase::Closed => {
            vec![KlgEvent::KingdomResumed { round: st.round() }]
        }
        _ => vec![KlgEvent::KingdomCreated { reset: false }],
    }
}

/// §7.1: the persistent record (valid at a boundary; cards in play count as discarded).
pub(crate) fn record(st: &State) -> KingdomRecord {
    let cards = st
        .cards
        .iter()
        .map(|(&id, c)| {
            let mut c = c.clone();
            if matches!(
                c.location,
                Location::Deck | Location::Active | Location::Purge
            ) {
                c.location = Location::Discard;
            }
            (id, c)
        })
        .collect();
    KingdomRecord {
        schema_version: KingdomLegacy::RULES_VERSION,
        pack: st.pack,
        content_id: content_id(st.pack),
        rng: st.rng.clone(),
        phase: match st.phase {
            Phase::PostGame => RecordPhase::PostGame,
            Phase::Closed => RecordPhase::Closed,
            _ => RecordPhase::BetweenRounds,
        },
        card23_discovered: st.card23_discovered,
        base: st.base.clone(),
        cards,
        sticker_supply: st.sticker_supply.clone(),
        score_track: st.score_track.clone(),
        purge_fame: st.purge_fame.clone(),
        expansions: st.expansions.clone(),
    }
}
