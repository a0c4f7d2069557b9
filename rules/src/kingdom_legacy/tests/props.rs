//! Engine properties on random playouts of the test library: every listed action is accepted
//! and ids round-trip; replays are deterministic; State and KingdomRecord survive serde; the
//! view hides the deck order and the RNG (§8); the campaign folds sittings (design note).

use super::*;
use crate::conformance::{self, Depth, Limits};
use crate::{Campaign, GameRng, Seat};
use KlgAction as A;

/// What the player may know (§8): the deck's contents and top card, never its order.
struct Knowledge;

impl conformance::Knowledge<KingdomLegacy> for Knowledge {
    fn shown(&mut self, _v: Viewer, e: Option<&KlgEvent>) {
        match e.expect("events are never fully hidden") {
            KlgEvent::DeckShuffled { order, .. } | KlgEvent::PurgeShuffled { order } => {
                assert!(order.is_sorted(), "a shuffle's order leaks (KLG-20.2)")
            }
            _ => {}
        }
    }
    fn check_view(&self, st: &State, _v: Viewer, view: &KlgView) {
        let ids: Vec<CardId> = view.deck.contents.iter().map(|c| c.id).collect();
        let mut sorted = st.deck.clone();
        sorted.sort_unstable();
        assert_eq!(
            ids, sorted,
            "the deck's contents in id order, not its order"
        );
        assert_eq!(
            view.deck.top.as_ref().map(|c| c.id),
            st.deck.first().copied()
        );
        // KLG-20.1: a box card's face is shown only once revealed, or for an expansion card.
        let boxed: Vec<CardId> = view.box_ids.clone();
        let purge = view
            .purge
            .iter()
            .flat_map(|p| p.batch.iter().chain(&p.set_aside));
        let zones = [&view.active, &view.discard, &view.permanent];
        let shown = zones.into_iter().flatten().chain(&view.deck.contents);
        let shown = shown.chain(&view.deck.top).chain(&view.expansion);
        for c in shown.chain(&view.pending_destruction).chain(purge) {
            assert!(
                !boxed.contains(&c.id),
                "box card {} shown outside the box",
                c.id
            );
        }
        for c in &view.box_revealed {
            assert!(boxed.contains(&c.id));
            assert!(
                c.kind == crate::kingdom_legacy::data::CardKind::Expansion
                    || st.card(c.id).revealed_in_box
            );
        }
        // A solo game: the player sees what a spectator sees.
        assert_eq!(*view, KingdomLegacy::view(st, Viewer::Spectator));
    }
}

/// Kingdom Legacy's side of the conformance checker: every step checks every listed action
/// and a set of probes; the policy never resets or closes the campaign and suspends only when
/// allowed.
struct Harness {
    rng: GameRng,
    allow_suspend: bool,
}

impl conformance::Harness<KingdomLegacy> for Harness {
    const RULE_PREFIX: &'static str = "KLG-";

    fn candidates(&mut self, _st: &State, _legal: &[Vec<KlgAction>]) -> Vec<(Seat, KlgAction)> {
        [
            A::BeginRound,
            A::CloseCampaign,
            A::ChooseCards { ids: vec![999] },
            A::ChooseTrigger { id: 999 },
            A::Produce {
                card: 999,
                alts: vec![0],
            },
            A::StartExpansion { card: 136 },
            A::PurgePick { card: None },
            A::Pass,
        ]
        .into_iter()
        .map(|a| (0, a))
        .collect()
    }

    fn choose(
        &mut self,
        st: &State,
        _to_act: &[Seat],
        legal: &[Vec<KlgAction>],
    ) -> Option<(Seat, KlgAction)> {
        let acts: Vec<&KlgAction> = legal[0]
            .iter()
            .filter(|a| **a != A::ResetCampaign && (self.allow_suspend || **a != A::Suspend))
            .filter(|a| **a != A::CloseCampaign)
            .collect();
        if acts.is_empty() {
            // Only closing remains (every expansion played).
            assert_eq!(st.phase, Phase::PostGame);
            return None;
        }
        Some((0, acts[self.rng.below(acts.len())].clone()))
    }

    fn depth(&mut self, _step: usize) -> Depth {
        Depth::FULL
    }

    fn invariants(&mut self, st: &State) {
        zone_invariants(st);
    }
}

/// Plays `steps` random legal actions (never reset; suspend only when `allow_suspend`)
/// through the conformance checker: every listed action is accepted, probes are refused,
/// ids parse, views hide the deck order, replay and serde hold.
fn playout(seed: u64, steps: usize, allow_suspend: bool) -> (State, Vec<KlgAction>) {
    let cfg = Config::new(Pack::TestLibrary);
    let mut h = Harness {
        rng: GameRng::from_seed(seed ^ 0xabcd),
        allow_suspend,
    };
    let limits = Limits {
        max_steps: steps,
        round_trip_at: steps / 2,
    };
    let played =
        conformance::playout::<KingdomLegacy, _, _>(&cfg, seed, &mut h, &mut Knowledge, limits);
    (
        played.state,
        played.log.into_iter().map(|(_, a)| a).collect(),
    )
}

#[test]
fn random_playouts_accept_every_listed_action() {
    for seed in 0..6 {
        playout(seed, 400, false);
    }
}

#[test]
fn illegal_actions_are_refused_and_leave_the_state_unchanged() {
    let (mut st, _) = playout(3, 30, false);
    let probes = [
        A::BeginRound,
        A::CloseCampaign,
        A::ChooseCards { ids: vec![999] },
        A::ChooseTrigger { id: 999 },
        A::Produce {
            card: 999,
            alts: vec![0],
        },
        A::StartExpansion { card: 136 },
        A::PurgePick { card: None },
    ];
    for a in probes {
        if is_legal(&st, &a) {
            continue;
        }
        let before = st.clone();
        let err = KingdomLegacy::apply(&mut st, 0, &a).unwrap_err();
        assert!(err.rule.starts_with("KLG-"), "{a:?}: {err}");
        assert_eq!(st, before);
    }
    assert!(KingdomLegacy::apply(&mut st, 1, &A::Pass).is_err());
}

#[test]
fn replay_is_deterministic() {
    let (st, log) = playout(11, 250, false);
    let mut again = KingdomLegacy::setup(&Config::new(Pack::TestLibrary), 11).unwrap();
    for a in &log {
        act(&mut again, a.clone());
    }
    assert_eq!(again, st);
}

#[test]
fn state_and_record_serde_round_trip() {
    for seed in [1, 2, 5] {
        let (st, _) = playout(seed, 120, false);
        let json = serde_json::to_string(&st).unwrap();
        let back: State = serde_json::from_str(&json).unwrap();
        assert_eq!(back, st);
        for a in legal(&st).into_iter().take(3) {
            let mut p = st.clone();
            for e in KingdomLegacy::apply(&mut p, 0, &a).unwrap() {
                let back: KlgEvent = serde_json::from_str(&serde_json::to_string(&e).unwrap())
                    .unwrap_or_else(|err| panic!("{e:?}: {err}"));
                assert_eq!(back, e);
            }
            let back: KlgAction =
                serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
            assert_eq!(back, a);
        }
        let rec = st.record();
        let json = serde_json::to_string(&rec).unwrap();
        let back: KingdomRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back, rec);
    }
}

#[test]
fn view_hides_deck_order_and_rng() {
    let st = KingdomLegacy::setup(&Config::new(Pack::TestLibrary), 21).unwrap();
    let v = view(&st);
    let ids: Vec<CardId> = v.deck.contents.iter().map(|c| c.id).collect();
    let mut sorted = st.deck.clone();
    sorted.sort_unstable();
    assert_eq!(ids, sorted);
    assert_eq!(v.deck.top.as_ref().map(|c| c.id), st.deck.first().copied());
    let json = serde_json::to_string(&v).unwrap();
    assert!(!json.contains("rng"));
    // No box card's data (box_revealed holds only the expansion card here).
    assert!(v.box_revealed.iter().all(|c| c.id == 136));
    assert!(!json.contains("Vineyard"));
    // Shuffle events are redacted to sorted ids.
    let ev = KlgEvent::DeckShuffled {
        order: vec![5, 2, 9],
        top: Some(5),
    };
    assert_eq!(
        KingdomLegacy::redact_event(&ev, Viewer::Seat(0)),
        Some(KlgEvent::DeckShuffled {
            order: vec![2, 5, 9],
            top: Some(5)
        })
    );
}

#[test]
fn campaign_folds_sittings_and_resumes() {
    let cc = CampaignConfig {
        pack: Pack::TestLibrary,
        allow_permanent_upgrade: true,
    };
    let mut camp = KingdomLegacy::new_campaign(&cc).unwrap();
    let mut rounds = 0;
    for sitting in 0..30 {
        let Some(cfg) = KingdomLegacy::next_game(&camp) else {
            break;
        };
        let mut st = KingdomLegacy::setup(&cfg, 5).unwrap();
        if sitting > 0 {
            assert!(matches!(st.phase, Phase::BetweenRounds | Phase::PostGame));
        }
        assert!(
            KingdomLegacy::fold(&mut camp.clone(), &st).is_err(),
            "not over"
        );
        loop {
            match st.phase {
                Phase::BetweenRounds => {
                    act(&mut st, A::BeginRound);
                }
                Phase::PostGame => {
                    act(&mut st, A::CloseCampaign);
                    break;
                }
                _ => {
                    finish_round(&mut st);
                    if st.phase == Phase::BetweenRounds {
                        act(&mut st, A::Suspend);
                        break;
                    }
                }
            }
        }
        assert!(KingdomLegacy::outcome(&st).is_some());
        KingdomLegacy::fold(&mut camp, &st).unwrap();
        rounds += camp.sittings.last().unwrap().rounds_played;
    }
    let v = KingdomLegacy::campaign_view(&camp);
    assert!(v.closed);
    assert!(v.score_track.base.is_some());
    assert!(KingdomLegacy::next_game(&camp).is_none());
    assert!(rounds >= 2);
    assert!(!serde_json::to_string(&v).unwrap().contains("rng"));
}

/// Plays the shipped kingdom (when its data is authored) from a fresh kingdom through every
/// base round to card 70, base scoring, one expansion with its purge, and closing, with random
/// legal choices; checks the invariants on the way.
#[test]
fn shipped_pack_plays_a_whole_campaign() {
    if (1..=10).all(|id| Pack::Shipped.content().card(id).is_none()) {
        return; // cards.json not authored yet
    }
    for seed in 0..3u64 {
        let mut st = KingdomLegacy::setup(&Config::new(Pack::Shipped), seed).unwrap();
        let mut rng = GameRng::from_seed(seed);
        let mut expansions = 0;
        for _ in 0..200_000 {
            if st.ended.is_some() {
                break;
            }
            let acts: Vec<KlgAction> = legal(&st)
                .into_iter()
                .filter(|a| !matches!(a, A::ResetCampaign | A::Suspend | A::CloseCampaign))
                .collect();
            let a = if st.phase == Phase::PostGame && (expansions == 1 || acts.is_empty()) {
                A::CloseCampaign
            } else {
                // Prefer passing sometimes so turns stay short.
                let i = rng.below(acts.len());
                acts[i].clone()
            };
            if matches!(a, A::StartExpansion { .. }) {
                expansions += 1;
            }
            act(&mut st, a);
            zone_invariants(&st);
        }
        assert_eq!(st.ended, Some(SittingEnd::Closed), "seed {seed}");
        assert!(st.base.finished && st.card23_discovered);
        assert!(st.score_track.base.is_some());
        assert_eq!(st.score_track.expansions.len(), 1);
        assert!(!st.purge_fame.is_empty());
    }
}

/// KLG-18.9, 18.11, 16: an expansion's card turns to the next round's stage between its rounds,
/// a record taken mid-expansion resumes to the same state, and its 4th round records the score.
#[test]
fn expansion_rounds_turn_the_card_and_resume_mid_expansion() {
    let ids: Vec<CardId> = (1..=13).chain(16..=22).chain(24..=26).collect();
    let mut st = Table::new()
        .discard(&ids)
        .permanent(&[15])
        .card23(true)
        .post_game(40)
        .build();
    act(&mut st, A::StartExpansion { card: 136 });
    while st.phase == Phase::PurgeSelect {
        let a = legal(&st)[0].clone();
        act(&mut st, a);
    }
    assert_eq!(st.location(136), Location::Expansion);
    assert_eq!(st.orientation(136), F0);
    let stages = [F180, B0, B180];
    for (k, o) in stages.iter().enumerate() {
        finish_round(&mut st);
        assert_eq!(st.phase, Phase::BetweenRounds);
        assert_eq!(st.orientation(136), *o, "after round {}", k + 1);
        assert_eq!(st.round(), k as u32 + 1);
        let cfg = Config {
            record: Some(st.record()),
            ..Config::new(Pack::TestLibrary)
        };
        let resumed = KingdomLegacy::setup(&cfg, 0).unwrap();
        assert_eq!(resumed, st);
        act(&mut st, A::BeginRound);
    }
    finish_round(&mut st);
    assert_eq!(st.phase, Phase::PostGame);
    assert_eq!(st.score_track.expansions.len(), 1);
    assert_eq!(
        st.score_track.expansions[0].score,
        kingdom_fame(&st) + purge_fame_total(&st)
    );
    assert_eq!(st.expansions.played, vec![136]);
    assert_eq!(st.location(136), Location::Destroyed);
    assert!(st.purge_fame.len() == 1 && st.purge_fame[0].expansion_id == 136);
    assert!(!is_legal(&st, &A::StartExpansion { card: 136 }));
}
