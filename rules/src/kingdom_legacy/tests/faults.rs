//! Regressions of the faults found by playing the Czech rulebook through the API (issue 15),
//! one test per fault named after its rule, on the shipped kingdom, plus the sibling cases
//! found by re-reading the rulebook section around each fault.

use super::super::data::Timing;
use super::*;
use KlgAction as A;
use Resource::*;

/// Applies actions given by their stable ids.
fn play(st: &mut State, ids: &[&str]) -> Vec<KlgEvent> {
    let mut ev = Vec::new();
    for id in ids {
        let a = KingdomLegacy::parse_action_id(id).unwrap_or_else(|| panic!("id {id}"));
        ev.extend(act(st, a));
    }
    ev
}

/// Whether any legal action names `card` (produce, upgrade, use an effect).
fn acts_with(st: &State, card: CardId) -> bool {
    legal(st).iter().any(|a| match a {
        A::Produce { card: c, .. } | A::Upgrade { card: c, .. } | A::UseEffect { card: c, .. } => {
            *c == card
        }
        _ => false,
    })
}

// Rules: KLG-10.5 (clarified in review), KLG-10.4, KLG-10.2.
#[test]
fn klg_10_5_a_blocker_discarded_by_its_own_effect_keeps_the_block_for_the_turn() {
    // The reported game: seed 7, Knight (10 F180) blocks Brigands (13) and discards itself.
    let mut st = KingdomLegacy::setup_scenario(
        &Config::new(Pack::Shipped),
        &Scenario {
            deck: Some(vec![1, 2, 4, 10, 3, 5, 6, 7, 8, 9]),
        },
        7,
    )
    .unwrap();
    play(
        &mut st,
        &[
            "produce:1:0",
            "produce:2:0",
            "produce:4:0",
            "upgrade:10:0",
            "pass",
            "pass",
            "begin_round",
            "pass",
            "pass",
            "pass",
            "begin_round",
            "march",
            "march",
            "choose_cards:1",
            "march",
            "march",
            "march",
        ],
    );
    assert_eq!(st.orientation(10), F180, "Knight");
    assert!(st.active.contains(&13), "Brigands in play");
    let ev = play(&mut st, &["use_effect:10:e1", "choose_cards:13"]);
    assert!(ev.contains(&KlgEvent::CardBlocked { card: 13, by: 10 }));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, KlgEvent::CardUnblocked { .. })),
        "the Knight's own discard does not free Brigands: {ev:?}"
    );
    assert_eq!(st.location(10), Location::Discard);
    assert_eq!(
        (st.location(13), st.blocked_by(13)),
        (Location::Active, Some(10))
    );
    // KLG-10.2: Brigands has no effects and cannot act for the rest of the turn.
    assert!(!acts_with(&st, 13));
    assert!(
        view(&st)
            .active
            .iter()
            .any(|c| c.id == 13 && c.blocked_by == Some(10))
    );
    // KLG-10.4: it leaves with its blocker at the end of the turn.
    act(&mut st, A::Pass);
    assert_eq!(st.location(13), Location::Discard);
    assert!(st.blocks.is_empty());
}

// Rules: KLG-10.5, KLG-10.4 — the siblings: Garrison (35, up to 2 enemies) and Captain of the
// Guard (110) discard themselves the same way, and a card that would stay in play by itself
// still leaves with its departed blocker; a blocker discarded by another card's effect still
// frees its card (KLG-10.5).
#[test]
fn klg_10_5_every_self_discarding_blocker_and_the_other_effect_case() {
    for (blocker, o, enemies) in [(35, F180, vec![13, 29]), (110, F180, vec![13])] {
        let mut st = Table::shipped()
            .active(&[blocker, 13, 29, 1])
            .orient(blocker, o)
            .deck(&[2, 3])
            .build();
        act(&mut st, use_effect(blocker, "e1"));
        let ev = act(&mut st, cards(&enemies));
        assert!(
            !ev.iter()
                .any(|e| matches!(e, KlgEvent::CardUnblocked { .. })),
            "card {blocker}"
        );
        for &e in &enemies {
            assert_eq!(st.blocked_by(e), Some(blocker), "card {blocker}");
            assert!(!acts_with(&st, e));
        }
        // Rival Baron (29) stays in play by itself; blocked, it leaves with the Garrison.
        act(&mut st, A::Pass);
        for &e in &enemies {
            assert_eq!(st.location(e), Location::Discard, "card {blocker}: {e}");
        }
    }
    // Another card's effect discarding the blocker frees the blocked card (KLG-10.5):
    // Apothecary (73) discards Rival Baron (29), which blocks Peasant Family (9).
    let mut st = Table::shipped()
        .active(&[29, 9, 73])
        .block(9, 29)
        .deck(&[2])
        .build();
    act(&mut st, use_effect(73, "e1"));
    let ev = act(&mut st, cards(&[29]));
    assert!(ev.contains(&KlgEvent::CardUnblocked { card: 9 }));
    assert!(acts_with(&st, 9));
}

// Rules: KLG-13.5, KLG-13.8, KLG-6.4.
#[test]
fn klg_13_5_one_production_sticker_is_one_more_unit_for_the_card() {
    // Market Town (8 B180): [2 gold / 1 trade] + [1 gold], one +1 gold sticker.
    let st = Table::shipped()
        .active(&[8])
        .orient(8, B180)
        .sticker(8, "1", B180)
        .deck(&[2])
        .build();
    let gains = |alts: &[u8]| super::super::turn::produce_gain(&st, 8, alts).unwrap();
    assert_eq!(gains(&[0, 0]), bag(&[(Gold, 4)]));
    assert_eq!(gains(&[1, 0]), bag(&[(Gold, 2), (Trade, 1)]));
    assert_eq!(
        KingdomLegacy::action_label(&st, &produce(8, &[0, 0])),
        "Produce with Market Town (8) (4 gold)"
    );
    let mut st = st;
    act(&mut st, produce(8, &[0, 0]));
    assert_eq!(st.resources, bag(&[(Gold, 4)]));
    // Two stickers of the same resource are two more units.
    let st = Table::shipped()
        .active(&[8])
        .orient(8, B180)
        .sticker(8, "1", B180)
        .sticker(8, "1", B180)
        .deck(&[2])
        .build();
    assert_eq!(
        super::super::turn::produce_gain(&st, 8, &[0, 0]).unwrap(),
        bag(&[(Gold, 5)])
    );
    // A sticker of a resource the chosen alternatives do not produce adds nothing (KLG-13.8).
    let st = Table::shipped()
        .active(&[8])
        .orient(8, F180)
        .sticker(8, "1", F180)
        .deck(&[2])
        .build();
    assert_eq!(
        super::super::turn::produce_gain(&st, 8, &[1]).unwrap(),
        bag(&[(Trade, 1)])
    );
}

// Rules: KLG-10.3, KLG-10.10 (revised in review), KLG-1.8.
#[test]
fn klg_10_10_blocked_cards_count_as_cards_in_play() {
    // Tax Collector (34): "gain 1 gold per building in play"; four buildings in play, Brigands
    // (13) blocks one of them.
    let mut st = Table::shipped()
        .active(&[13, 14, 60, 8, 35])
        .block(14, 13)
        .deck(&[34, 1, 2])
        .build();
    act(&mut st, A::March);
    assert_eq!(st.phase, Phase::Main, "the lone mandatory trigger resolved");
    assert_eq!(st.resources, bag(&[(Gold, 4)]), "the blocked Smithy counts");
    // KLG-10.10: a blocked card is still no card to act with or on.
    assert!(!acts_with(&st, 14));
    // The siblings: Sheriff (25 B180) counts blocked enemies; Harvest Festival (63) lands.
    let mut st = Table::shipped()
        .active(&[63, 1, 2, 13])
        .block(1, 13)
        .deck(&[3])
        .build();
    act(&mut st, use_effect(63, "e1"));
    assert_eq!(
        st.resources,
        bag(&[(Gold, 2)]),
        "Fallow Field 1 (blocked) and 2"
    );
}

// Rules: KLG-10.10, KLG-11.7 — a protection in force covers blocked cards too: Grand Cathedral
// (50 B180) protects the persons in play, a blocked one included.
#[test]
fn klg_10_10_a_protection_covers_blocked_cards() {
    let st = Table::shipped()
        .permanent(&[50])
        .orient(50, B180)
        .active(&[29, 9])
        .block(9, 29)
        .deck(&[2])
        .build();
    assert!(super::super::selectors::protected(
        &st,
        9,
        super::super::data::Protection::Destroy
    ));
}

/// A kingdom after the base game on the shipped pack: Castle Walls (42 B0) and Island Fortress
/// (100 B180) among the permanents, buildings and seafaring cards in the discard pile.
fn walled_kingdom() -> Table {
    // Buildings 14, 55 (F180), 60, 8, 9, 35; seafaring 26, 39, 53; others are lands/persons.
    let discard: Vec<CardId> = vec![
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 17, 18, 19, 20, 21, 26, 35, 39, 53, 55, 60,
    ];
    Table::shipped()
        .discard(&discard)
        .orient(55, F180)
        .permanent(&[42, 74, 100])
        .orient(42, B0)
        .orient(100, B180)
        .card23(true)
        .post_game(0)
}

// Rules: KLG-19.9, KLG-19.5, KLG-19.6, KLG-11.7.
#[test]
fn klg_19_9_a_protection_from_destruction_reaches_the_purge() {
    use super::super::selectors::{is_hostile, stage};
    let mut st = walled_kingdom().build();
    act(&mut st, A::StartExpansion { card: 136 });
    let mut batches = 0;
    let mut buildings_drawn = 0;
    while st.phase == Phase::PurgeSelect {
        match st.decision.clone() {
            Some(Decision::PurgePick { batch, eligible }) => {
                batches += 1;
                for &c in &batch {
                    let cat = stage(&st, c).unwrap().category.clone();
                    let protected = cat == "building" || cat == "seafaring";
                    buildings_drawn += usize::from(cat == "building");
                    assert_eq!(
                        eligible.contains(&c),
                        !protected && !is_hostile(&st, c),
                        "card {c} ({cat})"
                    );
                }
            }
            Some(Decision::PurgePermanent { eligible }) => {
                // Castle Walls is a building itself; Island Fortress is a building too.
                assert_eq!(eligible, vec![74]);
            }
            d => panic!("{d:?}"),
        }
        let a = legal(&st)[0].clone();
        act(&mut st, a);
    }
    assert_eq!(batches, 2);
    assert!(buildings_drawn > 0, "the test drew buildings");
    for c in [14, 55, 60, 8, 9, 35, 26, 39, 53, 42, 100] {
        assert_ne!(st.location(c), Location::Destroyed, "card {c}");
    }
}

// Rules: KLG-11.7, KLG-19.9 — the self-inclusion sibling: Paladin (116) "Knights in play cannot
// be blocked or destroyed" is a knight in play itself.
#[test]
fn klg_11_7_protections_that_name_their_own_card_cover_it() {
    use super::super::data::Protection;
    use super::super::selectors::protected;
    let st = Table::shipped()
        .active(&[116, 10])
        .orient(10, F180)
        .deck(&[2])
        .build();
    for p in [Protection::Block, Protection::Destroy] {
        assert!(protected(&st, 116, p), "{p:?}");
        assert!(protected(&st, 10, p), "{p:?}");
    }
    let st = walled_kingdom().build();
    assert!(protected(&st, 42, Protection::Destroy));
}

// Rules: KLG-18.9, KLG-18.4 — an expansion card shows one stage per round, so the round
// triggers of a stage act in that one round; their texts say "this round", not "each round".
#[test]
fn klg_18_9_expansion_stage_triggers_act_in_their_round_and_say_so() {
    use super::super::data::{Timing, Trigger};
    let content = Pack::Shipped.content();
    for id in [136, 137, 138] {
        let card = content.card(id).unwrap();
        let exp = card.expansion.as_ref().unwrap();
        let mut once = exp.round_stage.clone();
        once.sort_unstable();
        once.dedup();
        assert_eq!(
            once.len(),
            exp.round_stage.len(),
            "card {id}: one round per stage"
        );
        for (o, s) in &card.faces {
            assert!(
                !s.text.contains("each round"),
                "card {id} {o:?}: {}",
                s.text
            );
            for e in &s.effects {
                if let Timing::Triggered {
                    when: Trigger::RoundStart | Trigger::EndOfRound,
                    ..
                } = e.timing
                {
                    assert!(e.text.contains("this round"), "card {id} {o:?}: {}", e.text);
                }
            }
        }
    }
    // The Long Winter (138) II: "purge 1 permanent card" at the start of its round only: one
    // purge at the expansion start, one in round 2.
    let discard: Vec<CardId> = (1..=12).chain([14, 16, 17, 18, 19, 21]).collect();
    let mut st = Table::shipped()
        .discard(&discard)
        .permanent(&[74, 123, 132, 133])
        .card23(true)
        .post_game(0)
        .build();
    act(&mut st, A::StartExpansion { card: 138 });
    for round in 1..=4 {
        finish_round(&mut st);
        assert_eq!(
            st.purge_fame.len(),
            if round == 1 { 1 } else { 2 },
            "round {round}"
        );
        if st.phase == Phase::BetweenRounds {
            act(&mut st, A::BeginRound);
        }
    }
    assert_eq!(st.phase, Phase::PostGame);
    assert_eq!(st.purge_fame.len(), 2);
}

// Rules: KLG-11.3, KLG-11.6, D17 — the reset is set apart: choosing it asks for a confirmation,
// nothing else is possible until it is answered, and cancelling leaves the kingdom untouched.
#[test]
fn klg_11_3_a_reset_needs_its_confirmation() {
    let (st, _) = Table::new().deck(&[1, 2, 3, 4, 5]).turn_start();
    assert!(is_legal(&st, &A::ResetCampaign));
    assert!(!is_legal(&st, &A::ConfirmReset) && !is_legal(&st, &A::CancelReset));
    let mut asked = st.clone();
    let ev = act(&mut asked, A::ResetCampaign);
    assert!(
        ev.is_empty(),
        "asking changes nothing in the kingdom: {ev:?}"
    );
    assert_eq!(legal(&asked), vec![A::ConfirmReset, A::CancelReset]);
    assert!(view(&asked).reset_requested);
    let err = KingdomLegacy::apply(&mut asked.clone(), 0, &A::Pass).unwrap_err();
    assert_eq!(err.rule, "KLG-11.3");
    let mut kept = asked.clone();
    act(&mut kept, A::CancelReset);
    assert_eq!(kept, st, "cancelling restores the decision exactly");
    let ev = act(&mut asked, A::ConfirmReset);
    assert!(ev.contains(&KlgEvent::CampaignReset));
    assert!(!asked.reset_requested);
    for (a, id) in [
        (A::ResetCampaign, "reset_campaign"),
        (A::ConfirmReset, "reset_campaign:confirm"),
        (A::CancelReset, "reset_campaign:cancel"),
    ] {
        assert_eq!(KingdomLegacy::action_id(&a), id);
        assert_eq!(KingdomLegacy::parse_action_id(id), Some(a));
    }
}

// D8, D10, D11: a card, resource or box choice says what it is for.
#[test]
fn klg_8_9_choice_labels_say_what_the_choice_does() {
    // Brigands (13) blocks a friendly gold producer: "Block Fallow Field (1)".
    let (st, _) = Table::shipped().deck(&[13, 1, 9, 4, 5]).turn_start();
    let labels: Vec<String> = legal(&st)
        .iter()
        .filter(|a| matches!(a, A::ChooseCards { .. }))
        .map(|a| KingdomLegacy::action_label(&st, a))
        .collect();
    assert!(
        labels.contains(&"Block Fallow Field (1)".to_string()),
        "{labels:?}"
    );
    // Stonemason's Apprentice (83) increases the production of a stone producer in play.
    let mut st = Table::shipped().active(&[83, 6]).deck(&[2]).build();
    act(&mut st, use_effect(83, "e1"));
    assert_eq!(
        KingdomLegacy::action_label(&st, &cards(&[6])),
        "Increase the production of Rocky Hillside (6)"
    );
    act(&mut st, cards(&[6]));
    assert_eq!(
        KingdomLegacy::action_label(&st, &A::ChooseResource { kind: Stone }),
        "Increase the stone production of Rocky Hillside (6) by 1"
    );
}

/// Issue 28's script on the shipped kingdom: scenario deck `[1,2,4,10,3,5,6,7,8,9]`, seed 11;
/// round 1 produces 1, 2 and 4 and upgrades 10 (the Knight); every later turn marches while it
/// can. The issue does not say how its other decisions were taken; here each is the first
/// legal choice, which brings Usurper's Army (57) into play blocking another card a round
/// later than the issue's choices did (card 30 in round 25). Stops in the main phase once
/// `until` holds.
fn issue_28_game(until: impl Fn(&State) -> bool) -> State {
    let mut st = KingdomLegacy::setup_scenario(
        &Config::new(Pack::Shipped),
        &Scenario {
            deck: Some(vec![1, 2, 4, 10, 3, 5, 6, 7, 8, 9]),
        },
        11,
    )
    .unwrap();
    play(
        &mut st,
        &["produce:1:0", "produce:2:0", "produce:4:0", "upgrade:10:0"],
    );
    for _ in 0..100_000 {
        match st.phase {
            Phase::Main if until(&st) => return st,
            Phase::Main if st.round() == 1 => drop(act(&mut st, A::Pass)),
            Phase::Main if is_legal(&st, &A::March) => drop(act(&mut st, A::March)),
            Phase::Main => drop(act(&mut st, A::Pass)),
            Phase::BetweenRounds => drop(act(&mut st, A::BeginRound)),
            Phase::PostGame | Phase::Closed => panic!("the game ended first"),
            _ => {
                let a = legal(&st)
                    .into_iter()
                    .find(|a| *a != A::ResetCampaign)
                    .expect("an action");
                act(&mut st, a);
            }
        }
    }
    panic!("the position never came");
}

// Rules: KLG-10.5 (clarified in review), KLG-10.4, KLG-10.2 — issue 28's reproduction.
#[test]
fn klg_10_5_a_blocker_turned_by_its_own_effect_keeps_the_block_for_the_turn() {
    let mut st = issue_28_game(|st| st.blocks.values().any(|&b| b == 57));
    let victim = st
        .blocks
        .iter()
        .find(|(_, b)| **b == 57)
        .map(|(c, _)| *c)
        .unwrap();
    while st.resources.get(Military) < 3 {
        let producer = legal(&st)
            .into_iter()
            .find(|a| {
                matches!(a, A::Produce { .. })
                    && KingdomLegacy::action_label(&st, a).contains("military")
            })
            .expect("a military producer in play");
        act(&mut st, producer);
    }
    let ev = play(&mut st, &["use_effect:57:e3"]);
    assert!(ev.contains(&KlgEvent::CardTurned {
        card: 57,
        from: F0,
        to: B0
    }));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, KlgEvent::CardUnblocked { .. })),
        "Usurper's Army turned by its own effect does not free card {victim}: {ev:?}"
    );
    assert_eq!(st.location(57), Location::Discard);
    assert_eq!(
        (st.location(victim), st.blocked_by(victim)),
        (Location::Active, Some(57))
    );
    assert!(
        !acts_with(&st, victim),
        "{victim} cannot act again this turn"
    );
    // The end-of-turn triggers are answered; the turn ends.
    let mut ev = act(&mut st, A::Pass);
    ev.extend(answer_first(&mut st));
    assert!(ev.contains(&KlgEvent::TurnEnded));
    assert_eq!(
        st.location(victim),
        Location::Discard,
        "KLG-10.4: {victim} {ev:?}"
    );
    assert!(st.blocks.values().all(|&b| b != 57));
}

/// A way a blocker leaves or changes by its own text (KLG-10.5 "by its own effect"), found
/// from the card data.
#[derive(Clone, Debug)]
enum OwnMove {
    /// An effect that discards, turns, destroys or puts back this card (or whose timing
    /// discards or destroys it afterwards, KLG-9.8, 9.5, 6.14).
    Effect(String),
    /// The stage's upgrade (KLG-6.6: the card turns and leaves).
    Upgrade(u8),
    /// Production (KLG-6.1: the card is discarded).
    Produce,
}

/// Whether an effect moves its own card: its timing discards or destroys it afterwards, or an
/// instruction names `this` as what to discard, turn, destroy or put on the deck.
fn moves_itself(e: &super::super::data::Effect) -> bool {
    use super::super::data::{Action as D, Selector as S};
    let this = |s: &S| matches!(s, S::This { this: true });
    matches!(
        e.timing,
        Timing::Activated | Timing::EndsTurn | Timing::Destroy
    ) || e.actions.iter().any(|a| match a {
        D::Discard(s) | D::Destroy(s) => this(s),
        D::Turn { target, .. } | D::PutOnDeck { target, .. } => this(target),
        _ => false,
    })
}

/// Every (blocker, stage, own move, whether the move is the blocking effect itself) of a pack:
/// a stage with a blocking effect, and each way its own text takes it out of play while its
/// block holds.
fn own_moves_of_blockers(content: &Content) -> Vec<(CardId, Orientation, OwnMove, bool)> {
    use super::super::data::Action as D;
    let mut out = Vec::new();
    for def in content.cards.iter().flatten() {
        for (&o, stage) in &def.faces {
            let Some(blocking) = stage
                .effects
                .iter()
                .find(|e| e.actions.iter().any(|a| matches!(a, D::Block(_))))
            else {
                continue;
            };
            if moves_itself(blocking) {
                // "Block …, then discard this card": the block's own effect takes it away.
                out.push((def.id, o, OwnMove::Effect(blocking.id.clone()), true));
                continue;
            }
            for e in stage.effects.iter().filter(|e| moves_itself(e)) {
                out.push((def.id, o, OwnMove::Effect(e.id.clone()), false));
            }
            for i in 0..stage.upgrades.len() {
                out.push((def.id, o, OwnMove::Upgrade(i as u8), false));
            }
            if !stage.production.is_empty() {
                out.push((def.id, o, OwnMove::Produce, false));
            }
        }
    }
    out
}

/// Answers the open decisions with the first legal choice until the main phase returns.
fn answer_first(st: &mut State) -> Vec<KlgEvent> {
    let mut ev = Vec::new();
    for _ in 0..100 {
        if matches!(
            st.phase,
            Phase::Main | Phase::BetweenRounds | Phase::PostGame | Phase::Closed
        ) {
            return ev;
        }
        // The first choice of cards that picks some (a block of "up to 2" then blocks).
        let choices = legal(st);
        let a = choices
            .iter()
            .find(|a| matches!(a, A::ChooseCards { ids } if !ids.is_empty()))
            .or_else(|| choices.iter().find(|a| **a != A::ResetCampaign))
            .expect("an action")
            .clone();
        ev.extend(act(st, a));
    }
    panic!("the decisions never ended");
}

const PLENTY: &[(Resource, u32)] = &[
    (Gold, 9),
    (Wood, 9),
    (Stone, 9),
    (Metal, 9),
    (Military, 9),
    (Trade, 9),
];

// Rules: KLG-10.5 (clarified in review; decided in issue 28 for every way a card moves),
// KLG-10.4, KLG-10.2, KLG-6.14 — every blocker of the shipped kingdom and its expansions,
// found from the data, moved out of play by each of its own effects, upgrades and production:
// its blocked card stays blocked for the rest of the turn and leaves with it at its end.
#[test]
fn klg_10_5_every_blocker_moved_by_its_own_text_keeps_its_block_for_the_turn() {
    let content = super::super::pack_content(Pack::Shipped);
    let found = own_moves_of_blockers(content);
    // The finder must see each kind the data holds (Knight: block then discard; Brigands:
    // destroy timing; Usurper's Army: turns itself), or it found nothing to test.
    for (card, what) in [(10, "e1"), (13, "e2"), (57, "e3")] {
        assert!(
            found
                .iter()
                .any(|(c, _, m, _)| *c == card && matches!(m, OwnMove::Effect(e) if e == what)),
            "card {card} {what} not found: {found:?}"
        );
    }
    // Friendly cards of every kind a block may ask for, and enemies for the knights.
    let others: &[CardId] = &[1, 2, 9, 14, 19, 20, 29, 13, 60];
    for (blocker, o, how, blocks_itself) in found {
        let on_table: Vec<CardId> = std::iter::once(blocker)
            .chain(others.iter().copied().filter(|&c| c != blocker))
            .collect();
        let mut table = Table::shipped()
            .active(&on_table)
            .orient(blocker, o)
            .deck(&[3, 4, 5])
            .res(bag(PLENTY));
        let mut victims: Vec<CardId> = Vec::new();
        if !blocks_itself {
            // The block is already on: a friendly card that could act.
            let victim = others.iter().copied().find(|&c| c != blocker).unwrap();
            table = table.block(victim, blocker);
            victims.push(victim);
        }
        let mut st = table.build();
        let what = format!("card {blocker} {o:?} {how:?}");
        let action = match &how {
            OwnMove::Effect(e) => use_effect(blocker, e),
            OwnMove::Upgrade(i) => A::Upgrade {
                card: blocker,
                index: *i,
            },
            OwnMove::Produce => produce(blocker, &vec![0; 8][..stage_groups(&st, blocker)]),
        };
        assert!(
            is_legal(&st, &action),
            "{what}: not legal: {:?}",
            legal(&st)
        );
        let mut ev = act(&mut st, action);
        ev.extend(answer_first(&mut st));
        if blocks_itself {
            victims = ev
                .iter()
                .filter_map(|e| match e {
                    KlgEvent::CardBlocked { card, by } if *by == blocker => Some(*card),
                    _ => None,
                })
                .collect();
            assert!(!victims.is_empty(), "{what}: blocked nothing: {ev:?}");
        }
        assert_ne!(st.location(blocker), Location::Active, "{what}: left play");
        for &v in &victims {
            assert!(
                !ev.contains(&KlgEvent::CardUnblocked { card: v }),
                "{what}: freed {v} at once: {ev:?}"
            );
        }
        if st.phase == Phase::Main && !ev.contains(&KlgEvent::TurnEnded) {
            for &v in &victims {
                assert_eq!(st.blocked_by(v), Some(blocker), "{what}: {v}");
                assert!(!acts_with(&st, v), "{what}: {v} acts");
            }
            act(&mut st, A::Pass);
            answer_first(&mut st);
        }
        // KLG-10.4: the blocked cards left with their blocker at the end of the turn.
        for &v in &victims {
            assert_ne!(
                st.location(v),
                Location::Active,
                "{what}: {v} still in play"
            );
            assert_ne!(st.blocked_by(v), Some(blocker), "{what}: {v}");
        }
    }
}

/// The number of production groups of `card`'s active stage.
fn stage_groups(st: &State, card: CardId) -> usize {
    super::super::selectors::stage(st, card).map_or(0, |s| s.production.len())
}

// Rules: KLG-10.5, KLG-10.6, KLG-10.9, KLG-12.4 — the "another effect" case for each way a
// card in play can be moved by an effect: discarded (Apothecary), destroyed (Bailiff), put on
// the deck (Fortified Bridge's back), turned (a test card, the shipped kingdom has no effect
// that turns another card in play): the blocked card is freed at once, stays in play and can
// act. (An upgrade is only ever a card's own; a purge and an expansion take cards from the
// deck, never from play.)
#[test]
fn klg_10_5_a_blocker_moved_by_another_effect_frees_its_card_at_once() {
    for (actor, o, effect, kind) in [
        (73, F0, "e1", "discard"),
        (25, F0, "e1", "destroy"),
        (19, B0, "e1", "put on the deck"),
    ] {
        // Rival Baron (29) blocks Peasant Family (9).
        let mut st = Table::shipped()
            .active(&[29, 9, actor])
            .orient(actor, o)
            .block(9, 29)
            .deck(&[2, 3])
            .res(bag(PLENTY))
            .build();
        act(&mut st, use_effect(actor, effect));
        let ev = act(&mut st, cards(&[29]));
        assert_ne!(st.location(29), Location::Active, "{kind}");
        assert!(
            ev.contains(&KlgEvent::CardUnblocked { card: 9 }),
            "{kind}: {ev:?}"
        );
        assert_eq!(
            (st.location(9), st.blocked_by(9)),
            (Location::Active, None),
            "{kind}"
        );
        assert!(acts_with(&st, 9), "{kind}");
    }
    // Turned by another effect: Envoy (32) flips Marauders (33), which block Meadow (1).
    let _lib = extended();
    let mut st = Table::new()
        .active(&[33, 1, 32])
        .block(1, 33)
        .deck(&[2, 3])
        .build();
    act(&mut st, use_effect(32, "e1"));
    let ev = act(&mut st, cards(&[33]));
    assert!(ev.contains(&KlgEvent::CardTurned {
        card: 33,
        from: F0,
        to: B0
    }));
    assert!(ev.contains(&KlgEvent::CardUnblocked { card: 1 }), "{ev:?}");
    assert!(acts_with(&st, 1));
}

// Rules: KLG-10.2, KLG-10.10 — issue 28's reading (b): "discard 1 land in play" (Storm) may
// not pick a blocked land: the seed's "nelze nijak použít" (cannot be used in any way) covers
// serving as the card another effect asks for. A blocked land is no candidate; with only
// blocked lands in play the instruction does nothing.
#[test]
fn klg_10_10_storm_cannot_discard_a_blocked_land() {
    // Bandit (14) blocks Meadow (1); a march plays Storm (13) and Quarry (5).
    let mut st = Table::new()
        .active(&[14, 1])
        .block(1, 14)
        .deck(&[13, 5, 2, 3])
        .build();
    let mut ev = act(&mut st, A::March);
    if st.phase != Phase::Main {
        assert_eq!(decision_cards(&st), vec![5], "the unblocked land only");
        ev.extend(act(&mut st, cards(&[5])));
    }
    assert_eq!(st.location(5), Location::Discard, "{ev:?}");
    assert_eq!(
        (st.location(1), st.blocked_by(1)),
        (Location::Active, Some(14))
    );
    // Only a blocked land in play: Storm discards nothing.
    let mut st = Table::new()
        .active(&[14, 1])
        .block(1, 14)
        .deck(&[13, 9, 2, 3])
        .build();
    let ev = act(&mut st, A::March);
    assert_eq!(st.phase, Phase::Main, "{:?}", st.decision);
    assert_eq!(
        (st.location(1), st.blocked_by(1)),
        (Location::Active, Some(14))
    );
    assert!(
        !ev.iter().any(|e| matches!(
            e,
            KlgEvent::CardMoved {
                to: Location::Discard,
                ..
            }
        )),
        "{ev:?}"
    );
}
