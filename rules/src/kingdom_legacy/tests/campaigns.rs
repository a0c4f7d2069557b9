//! Property tests over 2,000 seeded random campaigns on the shipped pack. A campaign is a fresh
//! kingdom played by random legal choices through the whole base game, 0–3 random expansions
//! (random purge picks) and `close_campaign`, suspended at random round boundaries and resumed
//! through the `Campaign` trait (fold → next_game → setup from the record); about one campaign
//! in 25 resets once before card 23 (KLG-11.3, 11.6).
//!
//! Checked:
//! (a) legal ⇔ accepted: every listed action is accepted (on a clone) and random unlisted
//!     actions (other ids, wrong cards, out-of-pack ids) are refused with a KLG rule, leaving
//!     the state unchanged (§9);
//! (b) hidden information (§8, KLG-20.1–20.5): no card object in a view is a box card other
//!     than 136–138 or a card revealed by `discover_choice`; no view nor redacted event names a
//!     stage unique to such a card; the deck order below the top and the RNG never appear;
//! (c) exact replay: (config, seed, action log) of every sitting gives the identical state,
//!     and the same choices played in one uninterrupted sitting reach the same record
//!     (KLG-16.2, 16.4);
//! (d) every campaign ends within a step bound; the score track holds the base score and one
//!     entry per expansion (KLG-17.2, 18.6); fame = kingdom fame + purge fame (§6).
//!
//! Cheap invariants (zones, phases, resources at boundaries, redacted shuffles) run at every
//! step; the expensive checks (the full legal sweep, views, refusals, event texts) at sampled
//! steps — every step of the first campaigns, then one step in `SAMPLE`.

use super::*;
use crate::{Campaign, GameRng};
use KlgAction as A;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashSet};

const CAMPAIGNS: u64 = 1_000;
/// Campaigns checked in full at every step.
const FULL: u64 = 1;
/// Later campaigns: the expensive checks at one step in `SAMPLE`.
const SAMPLE: usize = 151;
/// No campaign may need more steps than this (KLG-4.9, 18.4: every campaign ends).
const MAX_STEPS: usize = 200_000;

/// Per pack: for each card, the stage names that no other card uses.
fn unique_names(content: &Content) -> BTreeMap<CardId, Vec<String>> {
    let mut owners: BTreeMap<&str, BTreeSet<CardId>> = BTreeMap::new();
    for id in content.ids() {
        for s in content.card(id).unwrap().faces.values() {
            owners.entry(s.name.as_str()).or_default().insert(id);
        }
    }
    content
        .ids()
        .map(|id| {
            let names: BTreeSet<String> = content
                .card(id)
                .unwrap()
                .faces
                .values()
                .filter(|s| owners[s.name.as_str()].len() == 1)
                .map(|s| s.name.clone())
                .collect();
            (id, names.into_iter().collect())
        })
        .collect()
}

/// Every string value of a JSON tree.
fn strings<'a>(v: &'a Value, out: &mut HashSet<&'a str>) {
    match v {
        Value::String(s) => {
            out.insert(s.as_str());
        }
        Value::Object(m) => m.values().for_each(|x| strings(x, out)),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// Whether the player may see card `id`'s data now (KLG-20.1, 15.3, 15.7).
fn may_see(st: &State, id: CardId) -> bool {
    let c = st.card(id);
    c.location != Location::Box || c.revealed_in_box || (136..=138).contains(&id)
}

/// Every card zone holds the cards whose record names it; blocks are between active cards;
/// at a boundary nothing is in play and no resource is held (KLG-16.4, 7.7).
fn invariants(st: &State) {
    zone_invariants(st);
    let n = [
        &st.deck,
        &st.active,
        &st.discard,
        &st.permanent,
        &st.pending_destruction,
        &st.destroyed,
    ]
    .iter()
    .map(|ids| ids.len())
    .sum::<usize>();
    let recorded = st
        .cards
        .values()
        .filter(|c| {
            !matches!(
                c.location,
                Location::Box | Location::Expansion | Location::Purge
            )
        })
        .count();
    assert_eq!(n, recorded, "every placed card is in exactly one zone list");
    assert_eq!(
        st.expansion.is_some(),
        st.cards.values().any(|c| c.location == Location::Expansion)
    );
    if matches!(
        st.phase,
        Phase::BetweenRounds | Phase::PostGame | Phase::Closed
    ) {
        assert!(st.deck.is_empty() && st.active.is_empty() && st.resources.is_empty());
        assert!(st.pool.is_empty() && st.stack.is_empty() && st.decision.is_none());
    }
    if st.card23_discovered {
        assert!(st.pending_destruction.is_empty(), "KLG-11.4");
    }
    assert!(st.score_track.expansions.len() <= 10, "KLG-18.7");
}

/// (b) The view and the redacted events show nothing of undiscovered cards, the deck order
/// below the top or the RNG. Structural checks always; with `text`, also a plain-text search
/// of the whole JSON for every hidden unique stage name (slower).
fn check_hidden(
    st: &State,
    events: &[KlgEvent],
    names: &BTreeMap<CardId, Vec<String>>,
    text_search: bool,
) {
    let v = view(st);
    let json = serde_json::to_value(&v).unwrap();
    fn walk(st: &State, v: &Value) {
        match v {
            Value::Object(m) => {
                if let (Some(id), true) = (m.get("id"), m.contains_key("stages")) {
                    let id = id.as_u64().unwrap() as CardId;
                    assert!(may_see(st, id), "the view shows box card {id}");
                }
                m.values().for_each(|x| walk(st, x));
            }
            Value::Array(a) => a.iter().for_each(|x| walk(st, x)),
            _ => {}
        }
    }
    walk(st, &json);
    let hidden: Vec<&String> = names
        .iter()
        .filter(|(id, _)| !may_see(st, **id))
        .flat_map(|(_, n)| n)
        .collect();
    let mut shown = HashSet::new();
    strings(&json, &mut shown);
    let ev_json: Vec<Value> = events
        .iter()
        .map(|e| {
            let r = KingdomLegacy::redact_event(e, crate::Viewer::Seat(0)).unwrap();
            serde_json::to_value(&r).unwrap()
        })
        .collect();
    for e in &ev_json {
        strings(e, &mut shown);
    }
    for n in &hidden {
        assert!(
            !shown.contains(n.as_str()),
            "the view or an event names {n}"
        );
    }
    let text = json.to_string();
    if text_search {
        let ev_text = serde_json::to_string(&ev_json).unwrap();
        for n in &hidden {
            let quoted = serde_json::to_string(n).unwrap();
            assert!(!text.contains(&quoted), "the view mentions {n}");
            assert!(!ev_text.contains(&quoted), "an event mentions {n}");
        }
    }
    // KLG-20.2: contents sorted, only the top visible.
    let ids: Vec<CardId> = v.deck.contents.iter().map(|c| c.id).collect();
    let mut sorted = st.deck.clone();
    sorted.sort_unstable();
    assert_eq!(ids, sorted);
    assert_eq!(v.deck.top.map(|c| c.id), st.deck.first().copied());
    if st.deck.len() >= 3 && st.deck != sorted {
        let order = serde_json::to_string(&st.deck).unwrap();
        assert!(
            !text.contains(&order[..order.len() - 1]),
            "deck order shown"
        );
    }
    if let Some(p) = &st.purge
        && p.deck.len() >= 3
    {
        let order = serde_json::to_string(&p.deck).unwrap();
        assert!(
            !text.contains(&order[..order.len() - 1]),
            "purge order shown"
        );
    }
    // KLG-20.4.
    let rng = serde_json::to_string(&st.rng).unwrap();
    assert!(!text.contains(rng.trim_matches(|c| c == '{' || c == '}' || c == '"')));
    assert!(!text.contains("\"rng\""));
}

/// Shuffle events are redacted to ascending ids (KLG-20.2); cheap, at every step.
fn check_redacted_shuffles(events: &[KlgEvent]) {
    for e in events {
        if !matches!(
            e,
            KlgEvent::DeckShuffled { .. } | KlgEvent::PurgeShuffled { .. }
        ) {
            continue;
        }
        match KingdomLegacy::redact_event(e, crate::Viewer::Seat(0)).unwrap() {
            KlgEvent::DeckShuffled { order, .. } | KlgEvent::PurgeShuffled { order } => {
                assert!(order.windows(2).all(|w| w[0] < w[1]), "redacted order");
            }
            _ => {}
        }
    }
}

/// A random action, usually not a legal one: other ids, wrong cards, ids outside the pack.
fn random_action(rng: &mut GameRng) -> A {
    let card = |rng: &mut GameRng| rng.below(143) as CardId;
    match rng.below(20) {
        0 => A::Produce {
            card: card(rng),
            alts: vec![rng.below(3) as u8],
        },
        1 => A::Upgrade {
            card: card(rng),
            index: rng.below(3) as u8,
        },
        2 => A::UseEffect {
            card: card(rng),
            effect: format!("e{}", rng.below(4)),
        },
        3 => A::March,
        4 => A::Pass,
        5 => A::ChooseTrigger {
            id: rng.below(40) as u32,
        },
        6 => A::DeclineTrigger {
            id: rng.below(40) as u32,
        },
        7 => {
            let mut ids: Vec<CardId> = (0..rng.below(3)).map(|_| card(rng)).collect();
            ids.sort_unstable();
            ids.dedup();
            A::ChooseCards { ids }
        }
        8 => A::ChooseResource {
            kind: Resource::ALL[rng.below(6)],
        },
        9 => A::ChooseCheckbox {
            index: rng.below(6) as u8,
        },
        10 => A::ChooseDiscovery {
            ids: vec![card(rng)],
        },
        11 => A::PurgePick {
            card: (rng.below(4) > 0).then(|| card(rng)),
        },
        12 => A::PurgePickPermanent {
            card: (rng.below(4) > 0).then(|| card(rng)),
        },
        13 => A::BeginRound,
        14 => A::Suspend,
        15 => A::StartExpansion {
            card: 130 + rng.below(12) as CardId,
        },
        16 => A::CloseCampaign,
        17 => A::ConfirmReset,
        18 => A::CancelReset,
        _ => A::ResetCampaign,
    }
}

/// (a) Every listed action is accepted on a clone (and its id round-trips); random unlisted
/// actions are refused with a KLG rule and leave the state unchanged.
fn check_legal_accepted(st: &State, acts: &[A], rng: &mut GameRng) {
    for a in acts {
        let id = KingdomLegacy::action_id(a);
        assert_eq!(
            KingdomLegacy::parse_action_id(&id).as_ref(),
            Some(a),
            "{id}"
        );
        let mut probe = st.clone();
        KingdomLegacy::apply(&mut probe, 0, a).unwrap_or_else(|e| panic!("{a:?} listed: {e}"));
    }
    for _ in 0..8 {
        let a = random_action(rng);
        if acts.contains(&a) {
            continue;
        }
        let mut probe = st.clone();
        let err = KingdomLegacy::apply(&mut probe, 0, &a)
            .expect_err("an unlisted action must be refused");
        assert!(err.rule.starts_with("KLG-"), "{a:?}: {err}");
        assert_eq!(probe, *st, "refusing {a:?} changed the state");
    }
}

/// One sitting as played: its config, seed, actions and final state.
struct Sitting {
    config: Config,
    seed: u64,
    log: Vec<A>,
    end: State,
}

struct CampaignRun {
    sittings: Vec<Sitting>,
    camp: CampaignState,
    expansions: usize,
    resets: usize,
}

/// The random policy (uniform over the legal actions of the moment, with the boundary choices
/// and the rare reset drawn separately).
struct Policy {
    rng: GameRng,
    expansions_wanted: usize,
    resets_left: usize,
}

impl Policy {
    fn pick(&mut self, st: &State, acts: &[A], expansions_started: usize) -> A {
        if st.reset_requested {
            return A::ConfirmReset;
        }
        if self.resets_left > 0 && st.reset_allowed() && self.rng.below(150) == 0 {
            self.resets_left -= 1;
            return A::ResetCampaign;
        }
        match st.phase {
            Phase::BetweenRounds => {
                if self.rng.below(6) == 0 {
                    A::Suspend
                } else {
                    A::BeginRound
                }
            }
            Phase::PostGame => {
                let starts: Vec<&A> = acts
                    .iter()
                    .filter(|a| matches!(a, A::StartExpansion { .. }))
                    .collect();
                if self.rng.below(5) == 0 {
                    A::Suspend
                } else if expansions_started < self.expansions_wanted && !starts.is_empty() {
                    starts[self.rng.below(starts.len())].clone()
                } else {
                    A::CloseCampaign
                }
            }
            // Two turn decisions in three pass (keeps turns short: the engine alone needs
            // ~20 ms for a base game); the rest, and every other decision, are uniform over
            // the listed actions.
            Phase::Main if self.rng.below(3) != 0 => A::Pass,
            _ => {
                let choices: Vec<&A> = acts.iter().filter(|a| **a != A::ResetCampaign).collect();
                choices[self.rng.below(choices.len())].clone()
            }
        }
    }
}

/// Plays one random campaign through the `Campaign` trait, checking as it goes.
fn play_campaign(seed: u64, names: &BTreeMap<CardId, Vec<String>>) -> CampaignRun {
    let mut policy = Policy {
        rng: GameRng::from_seed(seed ^ 0x5eed_c0de),
        expansions_wanted: (seed % 4) as usize,
        resets_left: usize::from(seed % 25 == 7),
    };
    let mut check_rng = GameRng::from_seed(seed.wrapping_mul(31) + 1);
    let cc = CampaignConfig {
        pack: Pack::Shipped,
        allow_permanent_upgrade: true,
    };
    let mut camp = KingdomLegacy::new_campaign(&cc).unwrap();
    let mut sittings = Vec::new();
    let mut steps = 0usize;
    let mut expansions = 0usize;
    let mut resets = 0usize;
    let full = seed < FULL;
    while let Some(config) = KingdomLegacy::next_game(&camp) {
        let sitting_seed = policy.rng.next_u64();
        let mut st = KingdomLegacy::setup(&config, sitting_seed).unwrap();
        if config.record.is_some() {
            assert!(matches!(st.phase, Phase::BetweenRounds | Phase::PostGame));
        }
        let mut log = Vec::new();
        while st.ended.is_none() {
            steps += 1;
            assert!(steps < MAX_STEPS, "campaign {seed} does not end");
            let acts = legal(&st);
            assert!(!acts.is_empty(), "a live sitting always has an action");
            let sampled = full || check_rng.below(SAMPLE) == 0;
            if sampled {
                check_legal_accepted(&st, &acts, &mut check_rng);
            }
            let a = policy.pick(&st, &acts, expansions);
            assert!(acts.contains(&a), "policy chose an unlisted {a:?}");
            if matches!(a, A::StartExpansion { .. }) {
                expansions += 1;
            }
            if a == A::ConfirmReset {
                resets += 1;
                expansions = 0;
            }
            let ev = act(&mut st, a.clone());
            log.push(a);
            invariants(&st);
            check_redacted_shuffles(&ev);
            if sampled {
                check_hidden(&st, &ev, names, check_rng.below(8) == 0);
            }
            if st.phase == Phase::PostGame {
                // (d) fame = kingdom fame + purge fame; the newest score-track entry is it.
                let fame = kingdom_fame(&st) + purge_fame_total(&st);
                assert_eq!(view(&st).current_fame, fame);
                let last = st
                    .score_track
                    .expansions
                    .last()
                    .map(|e| e.score)
                    .or(st.score_track.base);
                if matches!(ev.last(), Some(KlgEvent::BaseScored { .. }))
                    || ev
                        .iter()
                        .any(|e| matches!(e, KlgEvent::ExpansionScored { .. }))
                {
                    assert_eq!(last, Some(fame));
                }
            }
        }
        assert!(KingdomLegacy::outcome(&st).is_some());
        KingdomLegacy::fold(&mut camp, &st).unwrap();
        sittings.push(Sitting {
            config,
            seed: sitting_seed,
            log,
            end: st,
        });
    }
    CampaignRun {
        sittings,
        camp,
        expansions,
        resets,
    }
}

#[test]
fn random_campaigns_on_the_shipped_pack() {
    let content = Pack::Shipped.content();
    if (1..=10).any(|id| content.card(id).is_none()) {
        return; // the shipped kingdom is not authored yet
    }
    let names = unique_names(content);
    let mut totals = (0usize, 0usize, 0usize, 0usize);
    for seed in 0..CAMPAIGNS {
        let o = play_campaign(seed, &names);
        // (d) the campaign is closed, with the base score and one entry per expansion.
        let rec = o.camp.record.as_ref().unwrap();
        assert_eq!(rec.phase, RecordPhase::Closed);
        assert!(KingdomLegacy::next_game(&o.camp).is_none());
        assert!(rec.base.finished && rec.card23_discovered);
        assert!(rec.score_track.base.is_some());
        assert_eq!(rec.score_track.expansions.len(), o.expansions);
        assert_eq!(rec.expansions.played.len(), o.expansions);
        // One purge-fame entry per expansion start, plus one per purge an expansion card's
        // own instruction performs (KLG-19.11).
        assert!(rec.purge_fame.len() >= rec.expansions.played.len());
        assert!(o.expansions <= 3);
        let cv = KingdomLegacy::campaign_view(&o.camp);
        assert!(cv.closed);
        assert_eq!(cv.score_track, rec.score_track);
        assert_eq!(cv.sittings.len(), o.sittings.len());
        // (c) every sitting of the first campaigns and of one in 25 replays exactly; of one in
        // 5 others, the last sitting.
        let replay_all = seed < 20 || seed % 25 == 0;
        for (i, s) in o.sittings.iter().enumerate() {
            if !replay_all && (i + 1 != o.sittings.len() || seed % 5 != 0) {
                continue;
            }
            let mut again = KingdomLegacy::setup(&s.config, s.seed).unwrap();
            for a in &s.log {
                KingdomLegacy::apply(&mut again, 0, a).unwrap();
            }
            assert_eq!(again, s.end, "campaign {seed}, sitting {i}");
        }
        // (c) the same choices without interruption reach the same record.
        if replay_all {
            let first = &o.sittings[0];
            let mut one = KingdomLegacy::setup(&first.config, first.seed).unwrap();
            for a in o.sittings.iter().flat_map(|s| &s.log) {
                if *a != A::Suspend {
                    KingdomLegacy::apply(&mut one, 0, a).unwrap();
                }
            }
            assert_eq!(
                &one.record(),
                rec,
                "campaign {seed}: uninterrupted play differs"
            );
        }
        totals.0 += o.sittings.len();
        totals.1 += o.expansions;
        totals.2 += o.resets;
        totals.3 += o.sittings.iter().map(|s| s.log.len()).sum::<usize>();
    }
    // The generator exercised what it should.
    let (sittings, expansions, resets, steps) = totals;
    assert!(sittings as u64 > 3 * CAMPAIGNS, "suspensions: {sittings}");
    assert!(expansions as u64 > CAMPAIGNS, "expansions: {expansions}");
    assert!(resets > 0, "resets: {resets}");
    assert!(steps > 0);
}
