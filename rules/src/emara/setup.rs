//! Setup (section 3, EMR-2.*, EMR-15.1/15.3–15.5, EMR-16.1–16.4, EMR-16.8): config validation,
//! randomness in the order R1–R9 of section 10 (or the scenario's fixed orders), marker sides,
//! starting positions and resources, and the setup decisions of the random-layout variant.

use super::data::data;
use super::inline::List;
use super::round;
use super::state::*;
use super::types::*;
use crate::{GameRng, Seat, SetupError};

/// The config's seat-related parts: 1–4 players (EMR-1.1), a valid start player, a solo mode
/// only in a solo game.
pub(crate) fn seat_count(config: &EmaraConfig) -> Result<usize, SetupError> {
    let n = config.players as usize;
    if !(1..=4).contains(&n) {
        return Err(
            SetupError::new("EMR-1.1", format!("{n} players: the game supports 1–4")).on("players"),
        );
    }
    if let StartPlayer::Seat(s) = config.start_player {
        if s >= n {
            return Err(SetupError::new(
                "EMR-2.14",
                format!("start player seat {s} does not exist in a {n}-player game"),
            )
            .on("start_player"));
        }
        if n == 1 && s != 0 {
            return Err(SetupError::new(
                "EMR-16.4",
                "in solo the human is always the start player",
            )
            .on("start_player"));
        }
    }
    // EMR-16.9, 16.10: highscore and campaign are the solo game's variants.
    if n > 1 && config.solo.is_some() {
        return Err(
            SetupError::new("EMR-16.9", "only a solo game has a solo mode").on("solo_mode"),
        );
    }
    Ok(n)
}

/// Starting index (EMR-2.4, EMR-2.5, EMR-2.7; solo = 2-player setup at castle and cathedral,
/// 4-player setup at the construction site, EMR-16.2 / G17).
fn marker_start(n: usize, m: Marker) -> u8 {
    let two = n == 2;
    let two_setup = n == 2 || n == 1;
    match m {
        Marker::Gift(Resource::Stone | Resource::Cloth) if two_setup => 1,
        Marker::Donation(Resource::Wood | Resource::Grain) if two_setup => 1,
        Marker::Bread | Marker::Stone if two => 1,
        _ => 0,
    }
}

fn is_perm<T: PartialEq + Copy>(got: &[T], want: &[T]) -> bool {
    got.len() == want.len()
        && want.iter().all(|w| got.contains(w))
        && got.iter().enumerate().all(|(i, g)| !got[..i].contains(g))
}

fn bad(rule: &'static str, msg: impl Into<String>) -> SetupError {
    SetupError::new(rule, msg)
}

/// Builds the initial state and the setup events. Automatic steps run up to the first decision
/// (round 1 begins at once unless the random layout needs D2/D3).
pub(crate) fn setup_inner(
    config: &EmaraConfig,
    scenario: Option<&EmaraScenario>,
    seed: u64,
) -> Result<(EmaraState, Vec<EmaraEvent>), SetupError> {
    let n = seat_count(config)?;
    if let BuildingStart::Custom(v) = config.building_start
        && v > super::limits::MAX_START_POSITION
    {
        return Err(bad("EMR-2.13", "building start above 1000"));
    }
    let solo = n == 1;
    let d = data();
    let mut rng = GameRng::from_seed(seed);
    let sc = scenario.cloned().unwrap_or_default();

    // R1–R3: the rings (EMR-2.1, EMR-2.2, EMR-15.1).
    let rings = match sc.rings {
        Some(r) => {
            let all: Vec<Location> = r.iter().flatten().copied().collect();
            if !is_perm(&all, &Location::ALL) {
                return Err(bad(
                    "EMR-2.2",
                    "the rings must hold the 8 locations once each",
                ));
            }
            let standard =
                is_perm(&r[0], &Location::COUNTRYSIDE) && is_perm(&r[1], &Location::TOWN);
            if !config.random_layout && !standard {
                return Err(bad(
                    "EMR-2.2",
                    "standard layout: ring A holds the countryside, ring B the town",
                ));
            }
            r
        }
        None if config.random_layout => {
            let mut all = Location::ALL;
            rng.shuffle(&mut all);
            [
                [all[0], all[1], all[2], all[3]],
                [all[4], all[5], all[6], all[7]],
            ]
        }
        None => {
            let mut c = Location::COUNTRYSIDE;
            rng.shuffle(&mut c);
            let mut t = Location::TOWN;
            rng.shuffle(&mut t);
            [c, t]
        }
    };

    // R4: 8 A advisors on the town spaces (EMR-2.8).
    let a_all: Vec<Advisor> = Advisor::ALL[..16].to_vec();
    let mut spaces = [[None; 2]; 4];
    let boxed_a: Vec<Advisor>;
    match &sc.advisors_a {
        Some(list) => {
            if list.len() != super::limits::A_ROW
                || !list.iter().all(|a| a.deck() == AdvisorDeck::A)
                || !is_perm(list, &list.clone())
            {
                return Err(bad("EMR-2.8", "8 distinct A advisors must be laid out"));
            }
            for (i, &a) in list.iter().enumerate() {
                spaces[i / 2][i % 2] = Some(a);
            }
            boxed_a = a_all.into_iter().filter(|a| !list.contains(a)).collect();
        }
        None => {
            let mut a = a_all;
            rng.shuffle(&mut a);
            // In ring order: ring A then ring B, clockwise, town locations only.
            let towns: Vec<Location> = rings
                .iter()
                .flatten()
                .copied()
                .filter(|l| l.is_town())
                .collect();
            for (k, loc) in towns.iter().enumerate() {
                let ti = *loc as usize - 4;
                spaces[ti] = [Some(a[2 * k]), Some(a[2 * k + 1])];
            }
            boxed_a = a[8..].to_vec();
        }
    }

    // R5: the B deck (EMR-2.9).
    let b_cards: Vec<Advisor> = Advisor::ALL[16..].to_vec();
    let b_deck: Vec<Advisor> = match &sc.advisors_b {
        Some(list) => {
            if !is_perm(list, &b_cards) {
                return Err(bad("EMR-2.9", "the B deck holds the 6 B advisors"));
            }
            list.iter().rev().copied().collect()
        }
        None => {
            let mut b = b_cards;
            rng.shuffle(&mut b);
            b
        }
    };

    // R6: the event deck (EMR-2.11, EMR-16.3).
    let event_set: Vec<EventCard> = EventCard::ALL
        .into_iter()
        .filter(|&e| !(solo && e == EventCard::AnEarlyWinter))
        .collect();
    let events: Vec<EventCard> = match &sc.events {
        Some(list) => {
            if !is_perm(list, &event_set) {
                return Err(bad(
                    if solo { "EMR-16.3" } else { "EMR-2.11" },
                    format!(
                        "the event deck holds the {} events once each",
                        event_set.len()
                    ),
                ));
            }
            list.iter().rev().copied().collect()
        }
        None => {
            let mut e = event_set;
            rng.shuffle(&mut e);
            e
        }
    };

    // R7: the favor tokens (EMR-2.5).
    let favor_stack: Vec<FavorToken> = match &sc.favor_tokens {
        Some(list) => {
            if !is_perm(list, &d.favor_tokens) {
                return Err(bad(
                    "EMR-2.5",
                    "the favor stack holds the 12 tokens once each",
                ));
            }
            list.iter().rev().copied().collect()
        }
        None => {
            let mut t = d.favor_tokens.clone();
            rng.shuffle(&mut t);
            t
        }
    };

    // R8: the action decks (EMR-2.18; none in full selection, EMR-15.5).
    let check_decks = |decks: &Option<Vec<Vec<ActionCard>>>| -> Result<(), SetupError> {
        if let Some(ds) = decks
            && (ds.len() != n || !ds.iter().all(|d| is_perm(d, &ActionCard::ALL)))
        {
            return Err(bad(
                "EMR-2.12",
                "one deck of the 9 action card types per seat",
            ));
        }
        Ok(())
    };
    check_decks(&sc.decks)?;
    check_decks(&sc.decks_round_4)?;
    let mut players: Vec<Player> = (0..n).map(|_| Player::default()).collect();
    for (s, p) in players.iter_mut().enumerate() {
        if config.full_selection {
            p.hand = List::from_slice(&ActionCard::ALL);
        } else {
            p.deck = match &sc.decks {
                Some(ds) => ds[s].iter().rev().copied().collect(),
                None => {
                    let mut dk = List::from_slice(&ActionCard::ALL);
                    rng.shuffle(&mut dk);
                    dk
                }
            };
        }
    }

    // R9: the start player (EMR-2.14, G21; solo EMR-16.4).
    let start = match sc.start_player {
        Some(s) if s >= n || (solo && s != 0) => {
            return Err(bad("EMR-2.14", format!("no start player seat {s}")));
        }
        Some(s) => s,
        None => match config.start_player {
            StartPlayer::Seat(s) => s,
            StartPlayer::Random if solo => 0,
            StartPlayer::Random => rng.below(n),
        },
    };

    // Markers (EMR-2.4, 2.5, 2.7, 16.2) and nobility (EMR-2.10).
    let mut markers = [MarkerState { index: Some(0) }; 10];
    for m in Marker::ALL {
        markers[m.index()].index = Some(marker_start(n, m));
    }
    let nobility: [List<u32, 4>; 5] =
        std::array::from_fn(|i| d.ranks[i].cards.iter().rev().copied().collect());

    let setup_card = *events.last().expect("events");
    // EMR-2.13, EMR-15.6, EMR-16.8.
    let building_start = match config.building_start {
        BuildingStart::EventCard => d.event(setup_card).building_start,
        BuildingStart::FirstGame => 35,
        BuildingStart::Custom(v) => v,
    };
    for p in &mut players {
        p.bp = building_start;
    }

    let mut st = EmaraState {
        config: config.clone(),
        rng,
        phase: Phase::Setup,
        round: 0,
        rings,
        huts: [None; 16],
        spaces,
        b_deck: List::from_slice(&b_deck),
        boxed_a: List::from_slice(&boxed_a),
        markers,
        nobility,
        events: List::from_slice(&events),
        events_done: List::new(),
        current_event: None,
        favor_stack: List::from_slice(&favor_stack),
        favor_discard: List::new(),
        favor_drawn: List::new(),
        statue: start as u8,
        start_player: start as u8,
        building_start,
        players,
        victoria: solo.then(Victoria::default),
        turn_index: 0,
        turn: Turn::default(),
        round_event_next: 0,
        pending: Pending::None,
        decks_round_4: sc.decks_round_4.clone(),
        score: None,
        seed,
        scenario: scenario.map(|s| Box::new(s.clone())),
    };

    let mut ev = vec![
        EmaraEvent::LayoutDealt { rings },
        EmaraEvent::AdvisorsDealt {
            spaces: super::view::spaces_view(&st),
            b_top: st.b_deck.last().copied(),
        },
        EmaraEvent::EventDeckTop {
            top: Some(setup_card),
        },
        EmaraEvent::StartPlayer { seat: start },
        EmaraEvent::BuildingStart { bp: building_start },
    ];

    // Decks and hands (EMR-2.18, EMR-15.5).
    for s in 0..n {
        if config.full_selection {
            ev.push(EmaraEvent::HandTakenUp {
                seat: s,
                cards: st.players[s].hand.to_vec(),
            });
        } else {
            ev.push(EmaraEvent::DeckShuffled { seat: s, count: 9 });
            round::draw_cards(&mut st, s, 3, &mut ev);
        }
    }

    // Councilors (EMR-2.15, EMR-2.16, EMR-15.3).
    let ed = d.event(setup_card);
    let (rc, pc) = st.position_of(ed.start_countryside);
    let (rt, pt) = st.position_of(ed.start_town);
    if rc != rt {
        let mut pos = [0u8; 2];
        pos[rc as usize] = pc;
        pos[rt as usize] = pt;
        st.players[start].councilors = pos;
        place_all(&mut st, &mut ev);
    } else {
        st.pending = Pending::RelocateStartCouncilor { seat: start };
        return Ok((st, ev));
    }
    after_placement(&mut st, &mut ev);
    Ok((st, ev))
}

/// EMR-2.16: the start player's positions are set; the others follow clockwise, ring by ring.
fn place_all(st: &mut EmaraState, ev: &mut Vec<EmaraEvent>) {
    let n = st.n();
    let start = st.start_player as usize;
    let base = st.players[start].councilors;
    for k in 0..n {
        let s = (start + k) % n;
        for ring in Ring::ALL {
            let p = (base[ring as usize] as usize + k) % 4;
            st.players[s].councilors[ring as usize] = p as u8;
            ev.push(EmaraEvent::CouncilorPlaced {
                seat: s,
                ring,
                location: st.rings[ring as usize][p],
            });
        }
    }
}

/// Starting resources (EMR-2.17) or the D3 choices (EMR-15.4), then round 1.
fn after_placement(st: &mut EmaraState, ev: &mut Vec<EmaraEvent>) {
    if st.config.random_layout {
        st.pending = Pending::StartingResource {
            seat: st.start_player as usize,
        };
        return;
    }
    let n = st.n();
    for k in 0..n {
        let s = (st.start_player as usize + k) % n;
        let loc = st.councilor_at(s, Ring::A);
        let r = loc
            .produces()
            .expect("standard layout: ring A is the countryside");
        super::effects::gain_resource(st, s, r, 1, Source::StartingResource, ev);
    }
    round::start_round(st, ev);
}

/// D2 (EMR-15.3): the start player moves one councilor to the other ring.
pub(crate) fn relocate(
    st: &mut EmaraState,
    from: Location,
    to: Location,
    ev: &mut Vec<EmaraEvent>,
) {
    let start = st.start_player as usize;
    let setup_card = *st.events.last().expect("setup card");
    let ed = data().event(setup_card);
    let (ring, _) = st.position_of(ed.start_countryside);
    let stay = if from == ed.start_countryside {
        ed.start_town
    } else {
        ed.start_countryside
    };
    let (_, stay_pos) = st.position_of(stay);
    let (to_ring, to_pos) = st.position_of(to);
    debug_assert_eq!(to_ring, ring.other());
    let mut pos = [0u8; 2];
    pos[ring as usize] = stay_pos;
    pos[to_ring as usize] = to_pos;
    st.players[start].councilors = pos;
    place_all(st, ev);
    after_placement(st, ev);
}

/// D3 (EMR-15.4): one resource of the player's choice; the next player chooses, then round 1.
pub(crate) fn choose_resource(
    st: &mut EmaraState,
    seat: Seat,
    r: Resource,
    ev: &mut Vec<EmaraEvent>,
) {
    super::effects::gain_resource(st, seat, r, 1, Source::StartingResource, ev);
    let n = st.n();
    let next = (seat + 1) % n;
    if next == st.start_player as usize {
        round::start_round(st, ev);
    } else {
        st.pending = Pending::StartingResource { seat: next };
    }
}

/// The two event locations that D2 lets the start player move from.
pub(crate) fn relocation_sources(st: &EmaraState) -> [Location; 2] {
    let setup_card = *st.events.last().expect("setup card");
    let ed = data().event(setup_card);
    [ed.start_countryside, ed.start_town]
}
