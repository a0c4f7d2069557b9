//! Setup (section 3, CLM-SET.*, CLM-C2P.2–.5, CLM-MP.2–.4): config validation, randomness in the
//! order R3, R2, R1 (section 10), scenario decks, dealing (CLM-SET.3) and the first reveal.

use super::cards::{card_data, pair_factions};
use super::recruiting;
use super::state::{ClaimState, Zones};
use super::types::*;
use crate::{GameRng, Seat, SetupError};

/// The config's seat-related parts: the mode's player count and a valid `first_leader`.
pub(crate) fn seat_count(config: &ClaimConfig) -> Result<usize, SetupError> {
    let n = config.mode.players();
    if let FirstLeader::Seat(s) = config.first_leader
        && s >= n
    {
        return Err(SetupError::new(
            "CLM-SET.4",
            format!("first_leader seat {s} does not exist in a {n}-player game"),
        )
        .on("first_leader"));
    }
    Ok(n)
}

/// The rule that fixes the pair of a mode.
fn pair_rule(mode: Mode) -> &'static str {
    if mode == Mode::Custom2p {
        "CLM-C2P.2"
    } else {
        "CLM-MP.2"
    }
}

/// The rule that fixes the number of free factions of a mode.
fn count_rule(mode: Mode) -> &'static str {
    if mode == Mode::Custom2p {
        "CLM-C2P.3"
    } else {
        "CLM-MP.2"
    }
}

/// CLM-C2P.3 / CLM-MP.2 (G14): an explicit free-faction list must name exactly the mode's number
/// of distinct free factions; pair factions are not free (CLM-C2P.2).
fn validate_list(mode: Mode, list: &[Faction]) -> Result<(), SetupError> {
    for (i, f) in list.iter().enumerate() {
        if !Faction::FREE.contains(f) {
            return Err(SetupError::new(
                pair_rule(mode),
                format!(
                    "{} belong to a faction pair, not to the free factions",
                    f.id()
                ),
            ));
        }
        if list[..i].contains(f) {
            return Err(SetupError::new(
                count_rule(mode),
                format!("{} chosen twice", f.id()),
            ));
        }
    }
    let want = mode.free_faction_count();
    if list.len() != want {
        return Err(SetupError::new(
            count_rule(mode),
            format!(
                "{} free factions chosen, {} needs exactly {want}",
                list.len(),
                mode.id()
            ),
        ));
    }
    Ok(())
}

/// Validates the whole config without drawing anything.
pub(crate) fn validate(config: &ClaimConfig) -> Result<(), SetupError> {
    seat_count(config)?;
    if config.mode != Mode::Base2p
        && let Some(FactionChoice::List(list)) = &config.factions
    {
        validate_list(config.mode, list).map_err(|e| e.on("factions"))?;
    }
    Ok(())
}

/// R3 (CLM-C2P.5, CLM-MP.2): the pair, then the free factions; `random` draws from `rng`.
/// CLM-SET.1: `base_2p` is always the Claim 2 box. Returns the factions in canonical order.
fn choose_factions(
    config: &ClaimConfig,
    rng: Option<&mut GameRng>,
) -> Result<(Pair, Vec<Faction>), SetupError> {
    let mode = config.mode;
    if mode == Mode::Base2p {
        let f = vec![
            Faction::Gnomes,
            Faction::Giants,
            Faction::Dragons,
            Faction::Trolls,
            Faction::Seers,
        ];
        return Ok((Pair::Gg, f));
    }
    let mut rng = rng;
    let no_rng = |what: &str| {
        SetupError::new(
            pair_rule(mode),
            format!("a scenario needs an explicit {what}, not random"),
        )
    };
    let pair = match config.pair.unwrap_or(PairChoice::Random) {
        PairChoice::Kg => Pair::Kg,
        PairChoice::Gg => Pair::Gg,
        PairChoice::Random => {
            let r = rng.as_deref_mut().ok_or_else(|| no_rng("pair"))?;
            if r.below(2) == 0 { Pair::Kg } else { Pair::Gg }
        }
    };
    let free: Vec<Faction> = match &config.factions {
        Some(FactionChoice::List(list)) => list.clone(),
        None | Some(FactionChoice::Random) => {
            let r = rng.ok_or_else(|| no_rng("faction list"))?;
            let k = mode.free_faction_count();
            r.choose_indices(Faction::FREE.len(), k)
                .into_iter()
                .map(|i| Faction::FREE[i])
                .collect()
        }
    };
    let mut factions: Vec<Faction> = pair_factions(pair).to_vec();
    factions.extend(free);
    factions.sort_unstable();
    Ok((pair, factions))
}

/// CLM-SET.4 / CLM-MP.4 (G12): the configured first leader, or R2.
fn first_leader(config: &ClaimConfig, rng: &mut GameRng) -> Seat {
    match config.first_leader {
        FirstLeader::Seat(s) => s,
        FirstLeader::Random => rng.below(config.mode.players()),
    }
}

/// A new game from a config and a seed: R3, R2, then R1 (section 10).
pub(crate) fn setup(config: &ClaimConfig, seed: u64) -> Result<ClaimState, SetupError> {
    validate(config)?;
    let mut rng = GameRng::from_seed(seed);
    let (pair, factions) = choose_factions(config, Some(&mut rng))?;
    let leader = first_leader(config, &mut rng);
    // CLM-SET.2 / R1: shuffle the canonical order once; index 0 is the top.
    let mut deck = card_data().deck(&factions);
    rng.shuffle(&mut deck);
    Ok(deal(config, pair, factions, rng, leader, deck))
}

/// A new game from an explicit deck (top card first); `seed` only feeds a random first leader.
pub(crate) fn setup_scenario(
    config: &ClaimConfig,
    scenario: &ClaimScenario,
    seed: u64,
) -> Result<ClaimState, SetupError> {
    validate(config)?;
    let mut rng = GameRng::from_seed(seed);
    let (pair, factions) = choose_factions(config, None)?;
    let leader = first_leader(config, &mut rng);
    let mut want = card_data().deck(&factions);
    let mut got = scenario.deck.clone();
    want.sort_unstable();
    got.sort_unstable();
    if got != want {
        let rule = match config.mode {
            Mode::Base2p => "CLM-SET.1",
            Mode::Custom2p => "CLM-C2P.4",
            _ => "CLM-MP.2",
        };
        return Err(SetupError::new(
            rule,
            format!(
                "the scenario deck ({} cards) is not exactly the {} cards of the selected factions",
                got.len(),
                want.len()
            ),
        ));
    }
    Ok(deal(
        config,
        pair,
        factions,
        rng,
        leader,
        scenario.deck.clone(),
    ))
}

/// CLM-SET.3/.5/.6: deal H cards each from the top (`deck[0]`), one at a time clockwise from the
/// first leader; every other zone starts empty; then the first trick's reveal (CLM-P1.2).
fn deal(
    config: &ClaimConfig,
    pair: Pair,
    factions: Vec<Faction>,
    rng: GameRng,
    leader: Seat,
    mut deck: Vec<Card>,
) -> ClaimState {
    let n = config.mode.players();
    let h = config.mode.hand_size();
    let mut players: Vec<Zones> = (0..n)
        .map(|_| Zones {
            hand: Vec::with_capacity(h),
            ..Zones::default()
        })
        .collect();
    for i in 0..n * h {
        players[(leader + i) % n].hand.push(deck[i]);
    }
    deck.drain(..n * h);
    // Stored with the top card last, so reveals and draws pop from the end.
    deck.reverse();
    let mut st = ClaimState {
        config: config.clone(),
        pair,
        factions,
        rng,
        phase: Phase::Recruiting,
        trick_number: 1,
        deck,
        revealed: Vec::with_capacity(2),
        leader,
        trick: Vec::with_capacity(n),
        ranking: Vec::with_capacity(n),
        last_trick: Vec::with_capacity(n),
        last_ranking: Vec::with_capacity(n),
        players,
        pool: Vec::new(),
        discard: Vec::new(),
        pending: Pending::None,
        crush_left: [0; 10],
        score: None,
    };
    let mut ignored = Vec::new();
    recruiting::start_trick(&mut st, &mut ignored);
    st
}

/// The events of setup, for the log: every deal (cards only in the owner's redacted copy) and
/// the first trick's reveal. Meant for the freshly set-up state.
pub(crate) fn setup_events(st: &ClaimState) -> Vec<ClaimEvent> {
    let mut ev: Vec<ClaimEvent> = st
        .players
        .iter()
        .enumerate()
        .map(|(seat, p)| ClaimEvent::Dealt {
            seat,
            count: p.hand.len(),
            cards: p.hand.clone(),
        })
        .collect();
    ev.push(ClaimEvent::TrickStarted {
        phase: st.phase,
        trick_number: st.trick_number,
        leader: st.leader,
        revealed: st.revealed.clone(),
    });
    ev
}
