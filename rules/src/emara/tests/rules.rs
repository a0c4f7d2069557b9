//! Rule tests beyond the test vectors, each named by the rule IDs it checks.

use super::*;
use ActionCard as C;
use EmaraAction as A;
use Resource::*;

fn g() -> Goods {
    Goods::default()
}

fn city(st: &mut EmaraState, seat: Seat, loc: Location) {
    st.statue = seat as u8;
    st.turn_index = 0;
    st.turn = Turn {
        card: Some(C::City),
        slot: Some(0),
        ..Turn::default()
    };
    st.pending = Pending::Turn { seat };
    act(st, seat, A::CardCity(loc));
}

fn rich() -> Goods {
    Goods {
        wood: 6,
        cloth: 6,
        grain: 6,
        stone: 6,
        bread: 3,
        books: 6,
        rings: 6,
        coins: 6,
    }
}

// ---- EMR-1 general -----------------------------------------------------------------------------

#[test]
fn emr_1_1_one_to_four_players() {
    // EMR-1.1
    for n in 1..=4u8 {
        let st = Emara::setup(&EmaraConfig::new(n), 1).unwrap();
        assert_eq!(st.players.len(), n as usize);
        assert_eq!(st.victoria.is_some(), n == 1, "solo means Victoria");
        assert_eq!(Emara::seat_count(&EmaraConfig::new(n)), Ok(n as usize));
    }
    for n in [0, 5] {
        assert_eq!(
            Emara::setup(&EmaraConfig::new(n), 1).unwrap_err().rule,
            "EMR-1.1"
        );
    }
    let mut c = EmaraConfig::new(3);
    c.start_player = StartPlayer::Seat(3);
    assert_eq!(Emara::seat_count(&c).unwrap_err().rule, "EMR-2.14");
}

#[test]
fn emr_1_2_resources_goods_and_unlimited_supply() {
    // EMR-1.2, EMR-2.6
    let mut st = Table::new(2)
        .goods(
            0,
            Goods {
                wood: 40,
                bread: 9,
                coins: 30,
                books: 30,
                ..g()
            },
        )
        .done();
    city(&mut st, 0, Market);
    act(&mut st, 0, A::MarketBuyCoins(Payment::of(Wood, 1)));
    assert_eq!(
        goods(&st, 0).coins,
        31,
        "no supply limit (12 coins in the box)"
    );
    // Bread is a good, not a resource: it never pays a resource cost.
    assert_eq!(goods(&st, 0).resources_total(), 39);
    let l = legal(&st, 0);
    assert!(
        !l.iter().any(|a| matches!(a, A::MarketBuyCoins(_))),
        "once per visit"
    );
}

#[test]
fn emr_1_3_limited_items() {
    // EMR-1.3, EMR-11.8, EMR-10.3
    let mut st = Table::new(2)
        .at(0, Forest, Castle)
        .advisor(0, Advisor::Steward)
        .goods(0, rich())
        .done();
    for (loc, hut) in [(Forest, 0), (GrainField, 0), (Quarry, 1), (WeavingMill, 0)] {
        st = Table(st).craftsman(0, loc, hut).done();
    }
    let mut st = Table(st).playing(0, C::Coins, 1);
    let hire = A::HireCraftsman {
        location: Forest,
        hut: 1,
        payment: Payment::of(Stone, 2),
    };
    assert_eq!(
        refused(&mut st, 0, hire),
        "EMR-11.8",
        "4 craftsmen per player"
    );
    // 12 favor tokens: when all are held, a donation draws none.
    let all = data().favor_tokens.clone();
    let mut st = Table::new(2).goods(0, Goods { stone: 1, ..g() }).done();
    st.favor_stack.clear();
    st.players[1].favor = List::from_slice(&all);
    city(&mut st, 0, Cathedral);
    let ev = act(
        &mut st,
        0,
        A::CathedralDonate {
            resource: Stone,
            payment: Payment::of(Stone, 1),
        },
    );
    assert!(ev.contains(&EmaraEvent::FavorDrawn {
        seat: 0,
        count: 0,
        tokens: vec![]
    }));
    assert_eq!(
        st.pending,
        Pending::LocationAction {
            seat: 0,
            location: Cathedral
        }
    );
    assert_eq!(goods(&st, 0).books, 1, "the book is still gained");
}

#[test]
fn emr_1_4_points_are_non_negative_and_unbounded() {
    // EMR-1.4, G20
    let mut st = Table::new(2)
        .points(0, 0, 400)
        .goods(0, Goods { books: 5, ..g() })
        .done();
    city(&mut st, 0, Castle);
    act(&mut st, 0, A::CastleBookForBp);
    assert_eq!(st.players[0].bp, 405, "no upper limit");
    let mut st = Table::new(2)
        .advisor(0, Advisor::Landlord)
        .goods(0, Goods { cloth: 1, ..g() })
        .playing(0, C::Coins, 1);
    assert_eq!(
        refused(&mut st, 0, A::UseLandlord(Payment::of(Cloth, 1))),
        "EMR-12.9"
    );
}

#[test]
fn emr_1_5_coin_joker_unit_by_unit() {
    // EMR-1.5, G15
    let mut st = Table::new(3)
        .goods(
            0,
            Goods {
                cloth: 1,
                coins: 1,
                ..g()
            },
        )
        .done();
    st.markers[Marker::Donation(Cloth).index()].index = Some(1);
    city(&mut st, 0, Cathedral);
    let pays: Vec<Payment> = legal(&st, 0)
        .into_iter()
        .filter_map(|a| match a {
            A::CathedralDonate {
                resource: Cloth,
                payment,
            } => Some(payment),
            _ => None,
        })
        .collect();
    assert_eq!(
        pays,
        vec![Payment {
            cloth: 1,
            coins: 1,
            ..Payment::NONE
        }]
    );
    // Coins never replace books or bread.
    let mut st = Table::new(2).goods(0, Goods { coins: 3, ..g() }).done();
    city(&mut st, 0, Market);
    assert_eq!(refused(&mut st, 0, A::MarketSellBooks(1)), "EMR-1.6");
}

#[test]
fn emr_1_6_payments_in_full() {
    // EMR-1.6
    let mut st = Table::new(2).goods(0, Goods { wood: 2, ..g() }).done();
    city(&mut st, 0, ConstructionSite);
    assert_eq!(
        refused(&mut st, 0, A::BuildWood(Payment::of(Wood, 3))),
        "EMR-1.6"
    );
    assert_eq!(
        refused(
            &mut st,
            0,
            A::BuildWood(Payment {
                wood: 2,
                coins: 1,
                ..Payment::NONE
            })
        ),
        "EMR-1.6"
    );
    assert!(
        !legal(&st, 0)
            .iter()
            .any(|a| matches!(a, A::BuildWood(p) if p.units() == 3))
    );
}

#[test]
fn emr_1_8_abilities_and_may_effects_are_optional() {
    // EMR-1.8, EMR-8.10
    let mut st = Table::new(2)
        .at(0, Forest, Market)
        .advisor(0, Advisor::Dressmaker)
        .goods(
            0,
            Goods {
                cloth: 2,
                books: 2,
                ..g()
            },
        )
        .playing(0, C::Coins, 1);
    act(&mut st, 0, A::DeclineCardAction);
    act(&mut st, 0, A::Move(Ring::B));
    act(&mut st, 0, A::FinishLocationAction);
    assert!(legal(&st, 0).contains(&A::UseDressmaker(Payment::of(Cloth, 1))));
    act(&mut st, 0, A::EndTurn);
    assert_eq!(goods(&st, 0).cloth, 2, "nothing was forced");
}

#[test]
fn emr_1_9_only_marker_setup_depends_on_player_count() {
    // EMR-1.9, EMR-2.4, EMR-2.5, EMR-2.7
    let three = Emara::setup_scenario(&EmaraConfig::new(3), &scenario(3), 0).unwrap();
    let four = Emara::setup_scenario(&EmaraConfig::new(4), &scenario(4), 0).unwrap();
    let v3 = spectator(&three);
    let v4 = spectator(&four);
    for (a, b) in v3.markers.iter().zip(&v4.markers) {
        assert_eq!(a.index, Some(0));
        assert_eq!(b.index, Some(0));
        assert_eq!(
            a.side.len() + 1,
            b.side.len(),
            "4-player side: one value more"
        );
    }
    assert_eq!(v3.advisor_spaces, v4.advisor_spaces);
    assert_eq!(v3.nobility, v4.nobility);
    assert_eq!(v3.rings, v4.rings);
    assert_eq!(v3.building_start, v4.building_start);
}

// ---- EMR-2 setup ---------------------------------------------------------------------------

#[test]
fn emr_2_1_and_2_2_seeded_rings() {
    // EMR-2.1, EMR-2.2, EMR-2.3, EMR-10 R1/R2
    let mut seen_a = std::collections::HashSet::new();
    let mut seen_b = std::collections::HashSet::new();
    for seed in 0..200 {
        let st = Emara::setup(&EmaraConfig::new(2), seed).unwrap();
        let mut a = st.rings[0].to_vec();
        a.sort();
        assert_eq!(a, Location::COUNTRYSIDE.to_vec());
        let mut b = st.rings[1].to_vec();
        b.sort();
        assert_eq!(b, Location::TOWN.to_vec());
        seen_a.insert(st.rings[0]);
        seen_b.insert(st.rings[1]);
        assert_eq!(
            Emara::setup(&EmaraConfig::new(2), seed).unwrap(),
            st,
            "deterministic"
        );
    }
    assert_eq!((seen_a.len(), seen_b.len()), (24, 24), "every order occurs");
    // A councilor never changes ring (EMR-2.3): one per ring, moves stay in the ring.
    let mut st = Table::new(2)
        .at(0, WeavingMill, Market)
        .playing(0, C::Coins, 1);
    act(&mut st, 0, A::Move(Ring::A));
    assert_eq!(st.councilor_at(0, Ring::A), Forest);
    assert_eq!(st.councilor_at(0, Ring::B), Market);
}

#[test]
fn emr_2_8_and_2_9_advisor_setup() {
    // EMR-2.8, EMR-2.9, EMR-10 R4/R5
    for seed in 0..20 {
        let st = Emara::setup(&EmaraConfig::new(3), seed).unwrap();
        let laid: Vec<Advisor> = st.spaces.iter().flatten().flatten().copied().collect();
        assert_eq!(laid.len(), 8);
        assert!(laid.iter().all(|a| a.deck() == AdvisorDeck::A));
        assert!(
            st.spaces.iter().all(|sp| sp.iter().all(Option::is_some)),
            "2 per location"
        );
        assert_eq!(st.boxed_a.len(), 8);
        assert_eq!(st.b_deck.len(), 6);
        let v = spectator(&st);
        assert_eq!(
            v.advisors_b_top,
            st.b_deck.last().copied(),
            "top B card visible"
        );
        assert_eq!(v.advisors_b_count, 6);
        let json = serde_json::to_string(&v).unwrap();
        for a in st.boxed_a.iter() {
            assert!(
                !json.contains(&format!("\"{}\"", a.id())),
                "boxed advisors stay unseen"
            );
        }
    }
}

#[test]
fn emr_2_10_nobility_stacks_sorted() {
    // EMR-2.10
    let st = Emara::setup(&EmaraConfig::new(2), 4).unwrap();
    let v = spectator(&st);
    assert_eq!(v.nobility.len(), 5);
    for s in &v.nobility {
        assert_eq!(s.cards, data().rank(s.rank).cards, "highest on top");
        assert!(s.cards.windows(2).all(|w| w[0] > w[1]));
    }
}

#[test]
fn emr_2_11_event_deck() {
    // EMR-2.11, EMR-16.3, EMR-10 R6
    let mut firsts = std::collections::HashSet::new();
    for seed in 0..100 {
        let st = Emara::setup(&EmaraConfig::new(2), seed).unwrap();
        assert_eq!(st.events.len() + st.events_done.len(), 14);
        firsts.insert(st.events_done[0]);
        let v = spectator(&st);
        assert_eq!(
            v.event_top,
            st.events.last().copied(),
            "only the top card is visible"
        );
        assert_eq!(v.event_deck_count, st.events.len());
    }
    assert!(firsts.len() > 10, "shuffled");
}

#[test]
fn emr_2_12_and_2_18_player_components() {
    // EMR-2.12, EMR-2.18
    let st = Emara::setup(&EmaraConfig::new(4), 8).unwrap();
    for p in &st.players {
        let mut all: Vec<ActionCard> = p.hand.to_vec();
        all.extend(p.deck.iter());
        all.sort();
        assert_eq!(all, ActionCard::ALL.to_vec(), "one of each of the 9 types");
        assert_eq!((p.hand.len(), p.deck.len()), (3, 6), "3 drawn");
        assert_eq!(p.craftsmen_placed, 0, "4 craftsmen on the board");
        assert_eq!(p.cp, 0);
    }
    let v = Emara::view(&st, Viewer::Seat(0));
    assert_eq!(v.players[0].craftsmen_on_board, 4);
    assert_eq!(v.players[0].councilors.len(), 2);
}

#[test]
fn emr_2_14_start_player() {
    // EMR-2.14, G21, EMR-10 R9
    let mut c = EmaraConfig::new(4);
    c.start_player = StartPlayer::Seat(2);
    let st = Emara::setup(&c, 1).unwrap();
    assert_eq!((st.statue, Emara::to_act(&st)), (2, vec![2]));
    c.start_player = StartPlayer::Random;
    let mut seen = [false; 4];
    for seed in 0..60 {
        seen[Emara::setup(&c, seed).unwrap().statue as usize] = true;
    }
    assert_eq!(seen, [true; 4]);
}

// ---- EMR-3 rounds ------------------------------------------------------------------------------

#[test]
fn emr_3_1_and_3_5_six_rounds_then_scoring() {
    // EMR-3.1, EMR-3.5, EMR-14.1
    let mut st = Emara::setup(&EmaraConfig::new(3), 2).unwrap();
    let ev = passive_until(&mut st, |s| s.phase == Phase::FinalScoring);
    let rounds: Vec<u8> = ev
        .iter()
        .filter_map(|e| match e {
            EmaraEvent::RoundStarted { round } => Some(*round),
            _ => None,
        })
        .collect();
    assert_eq!(rounds, vec![2, 3, 4, 5, 6]);
    assert_eq!(st.round, 6);
    assert_eq!(
        st.pending,
        Pending::Leftovers {
            seats: vec![0, 1, 2]
        }
    );
    passive_until(&mut st, |_| false);
    assert!(Emara::is_over(&st));
}

#[test]
fn emr_3_2_event_phase() {
    // EMR-3.2, EMR-13.1
    let mut sc = scenario(2);
    sc.events = Some({
        let mut e = sc.events.take().unwrap();
        e.retain(|&x| x != EventCard::ClearTheOldForest && x != EventCard::ALongSummer);
        e.insert(1, EventCard::ClearTheOldForest);
        e.insert(2, EventCard::ALongSummer);
        e
    });
    let mut st = Emara::setup_scenario(&EmaraConfig::new(2), &sc, 0).unwrap();
    assert_eq!(
        st.events_done.to_vec(),
        vec![EventCard::StoneFromDistantShores],
        "the setup card is boxed"
    );
    assert_eq!(st.current_event, Some(EventCard::ClearTheOldForest));
    // Every player took 1 wood (and its starting resource).
    assert!(st.players.iter().all(|p| p.goods.wood >= 1));
    passive_until(&mut st, |s| s.round == 2);
    assert_eq!(
        st.current_event,
        Some(EventCard::ALongSummer),
        "a new event each round"
    );
    assert_eq!(st.events_done.len(), 2);
}

#[test]
fn emr_3_4_end_of_round_order() {
    // EMR-3.4 (a)–(f), EMR-16.7
    let mut st = Table::with_config(EmaraConfig::solo(SoloMode::Highscore, 30)).done();
    st.current_event = Some(EventCard::AlmsForThePoor);
    st.players[0].goods.coins = 1;
    st.round = 2;
    st.phase = Phase::EndOfRound;
    let mut ev = Vec::new();
    super::super::round::continue_end_of_round(&mut st, &mut ev);
    assert!(ev.is_empty(), "(a) the event's option comes first");
    let ev = act(
        &mut st,
        0,
        A::ResolveRoundEvent {
            option: RoundEventOption::Coin,
            payment: Payment::NONE,
        },
    );
    let pos = |f: &dyn Fn(&EmaraEvent) -> bool| ev.iter().position(f).unwrap();
    let a = pos(&|e| matches!(e, EmaraEvent::RoundEventResolved { .. }));
    let b = pos(&|e| matches!(e, EmaraEvent::VictoriaBuilt { .. }));
    let c = pos(&|e| matches!(e, EmaraEvent::StatuePassed { .. }));
    let d = pos(&|e| matches!(e, EmaraEvent::SlotsCleared));
    let f = pos(&|e| matches!(e, EmaraEvent::CardsDrawn { .. }));
    let next = pos(&|e| matches!(e, EmaraEvent::RoundStarted { round: 3 }));
    assert!(a < b && b < c && c < d && d < f && f < next);
    assert_eq!(st.players[0].cp, 4);
}

// ---- EMR-4 turns -------------------------------------------------------------------------------

#[test]
fn emr_4_1_a_turn_starts_with_a_card() {
    // EMR-4.1
    let mut st = Table::new(2).hand(0, &[C::Wood, C::City]).done();
    assert!(
        legal(&st, 0)
            .iter()
            .all(|a| matches!(a, A::PlayCard { .. }))
    );
    assert_eq!(legal(&st, 0).len(), 6, "any hand card on any empty slot");
    assert_eq!(refused(&mut st, 0, A::Move(Ring::A)), "EMR-4.1");
    assert_eq!(refused(&mut st, 0, A::RaiseRank), "EMR-4.1");
    assert_eq!(
        refused(
            &mut st,
            0,
            A::PlayCard {
                card: C::Hire,
                slot: 1
            }
        ),
        "EMR-4.1"
    );
    assert_eq!(
        refused(
            &mut st,
            1,
            A::PlayCard {
                card: C::Wood,
                slot: 1
            }
        ),
        "EMR-3.3"
    );
    assert_eq!(
        refused(
            &mut st,
            0,
            A::PlayCard {
                card: C::Wood,
                slot: 4
            }
        ),
        "EMR-4.2"
    );
    act(
        &mut st,
        0,
        A::PlayCard {
            card: C::Wood,
            slot: 1,
        },
    );
    assert_eq!(
        refused(
            &mut st,
            0,
            A::PlayCard {
                card: C::City,
                slot: 2
            }
        ),
        "EMR-4.1"
    );
}

#[test]
fn emr_4_3_actions_in_any_order() {
    // EMR-4.3, EMR-4.5
    let mut st = Table::new(2)
        .at(0, Quarry, Castle)
        .goods(0, rich())
        .playing(0, C::Coins, 2);
    // Bonus actions first, then the movement, then the card action.
    act(&mut st, 0, A::RaiseRank);
    act(
        &mut st,
        0,
        A::HireCraftsman {
            location: Quarry,
            hut: 0,
            payment: Payment::of(Wood, 2),
        },
    );
    act(
        &mut st,
        0,
        A::RecruitAdvisor {
            advisor: Advisor::MasterOfCoin,
            payment: Payment {
                wood: 1,
                cloth: 1,
                stone: 1,
                ..Payment::NONE
            },
        },
    );
    assert!(!legal(&st, 0).iter().any(|a| matches!(
        a,
        A::RaiseRank | A::HireCraftsman { .. } | A::RecruitAdvisor { .. }
    )));
    assert_eq!(
        refused(&mut st, 0, A::EndTurn),
        "EMR-4.7",
        "the movement is mandatory"
    );
    act(&mut st, 0, A::Move(Ring::B));
    act(&mut st, 0, A::FinishLocationAction);
    assert_eq!(refused(&mut st, 0, A::Move(Ring::A)), "EMR-6.1", "once");
    act(&mut st, 0, A::CardCoins(Payment::of(Wood, 1)));
    assert_eq!(
        refused(&mut st, 0, A::CardCoins(Payment::of(Wood, 1))),
        "EMR-4.3"
    );
    act(&mut st, 0, A::EndTurn);
}

#[test]
fn emr_4_6_abilities_only_between_actions() {
    // EMR-4.6, EMR-12.11
    let mut st = Table::new(2)
        .at(0, Forest, Market)
        .advisor(0, Advisor::Dressmaker)
        .goods(0, Goods { cloth: 3, ..g() })
        .hand(0, &[C::Coins])
        .done();
    let use_it = A::UseDressmaker(Payment::of(Cloth, 1));
    assert_eq!(
        refused(&mut st, 0, use_it),
        "EMR-4.1",
        "not before the card"
    );
    act(
        &mut st,
        0,
        A::PlayCard {
            card: C::Coins,
            slot: 1,
        },
    );
    act(&mut st, 0, A::Move(Ring::B));
    assert_eq!(
        refused(&mut st, 0, use_it),
        "EMR-4.4",
        "not inside the location action"
    );
    act(&mut st, 0, A::FinishLocationAction);
    act(&mut st, 0, use_it);
    assert_eq!(st.players[0].cp, 2);
    assert_eq!(refused(&mut st, 0, use_it), "EMR-12.11", "once per turn");
    // Not on another player's turn.
    assert_eq!(refused(&mut st, 1, use_it), "EMR-3.3");
}

#[test]
fn emr_4_8_forced_last_card_is_still_an_action() {
    // EMR-4.8
    let mut st = Table::new(2).hand(0, &[C::Grain]).done();
    st.players[0].slots = [Some(C::Wood), None, Some(C::Stone)];
    assert_eq!(
        legal(&st, 0),
        vec![A::PlayCard {
            card: C::Grain,
            slot: 2
        }]
    );
    let ev = act(
        &mut st,
        0,
        A::PlayCard {
            card: C::Grain,
            slot: 2,
        },
    );
    assert!(ev.contains(&EmaraEvent::CardPlayed {
        seat: 0,
        card: C::Grain,
        slot: 2
    }));
}

// ---- EMR-5 card actions ----------------------------------------------------------------------

#[test]
fn emr_5_1_to_5_5_resource_cards() {
    // EMR-5.1, EMR-5.2, EMR-5.3, EMR-5.4, EMR-5.5, D5
    for (card, want) in [
        (C::Wood, Goods { wood: 1, ..g() }),
        (C::Stone, Goods { stone: 1, ..g() }),
        (C::Cloth, Goods { cloth: 1, ..g() }),
        (C::Grain, Goods { grain: 1, ..g() }),
        (C::SignetRing, Goods { rings: 1, ..g() }),
    ] {
        let st = Table::new(2).playing(0, card, 1);
        assert_eq!(goods(&st, 0), want);
        assert!(st.turn.card_done, "resolved automatically");
        let mut st = st;
        assert_eq!(refused(&mut st, 0, A::DeclineCardAction), "EMR-4.3");
    }
}

#[test]
fn emr_5_6_coins_card() {
    // EMR-5.6
    let mut st = Table::new(2)
        .goods(
            0,
            Goods {
                wood: 2,
                stone: 1,
                ..g()
            },
        )
        .playing(0, C::Coins, 1);
    assert_eq!(
        refused(&mut st, 0, A::CardCoins(Payment::of(Wood, 2))),
        "EMR-5.6",
        "2 resources is not an option"
    );
    let mut a = st.clone();
    act(
        &mut a,
        0,
        A::CardCoins(Payment {
            wood: 2,
            stone: 1,
            ..Payment::NONE
        }),
    );
    assert_eq!(goods(&a, 0), Goods { coins: 2, ..g() });
    let mut b = st.clone();
    act(&mut b, 0, A::CardCoins(Payment::of(Stone, 1)));
    assert_eq!(
        goods(&b, 0),
        Goods {
            wood: 2,
            coins: 1,
            ..g()
        }
    );
    act(&mut st, 0, A::DeclineCardAction);
    assert!(st.turn.card_done);
}

#[test]
fn emr_5_8_hire_card() {
    // EMR-5.8, EMR-11.6, EMR-11.9
    let st = Table::new(2)
        .at(0, Forest, Cathedral)
        .goods(0, Goods { cloth: 1, ..g() })
        .playing(0, C::Hire, 1);
    // Forest hut 0 costs 1 cloth + 1 grain: with the card 1 cloth is enough.
    let l = legal(&st, 0);
    assert!(l.contains(&A::CardHire(Hire::Craftsman {
        location: Forest,
        hut: 0,
        payment: Payment::of(Cloth, 1)
    })));
    // Only where a councilor stands: no Grain Field huts, no Castle advisors.
    assert!(!l.iter().any(|a| matches!(
        a,
        A::CardHire(Hire::Craftsman {
            location: GrainField,
            ..
        })
    )));
    assert!(!l.iter().any(|a| matches!(
        a,
        A::CardHire(Hire::Advisor {
            advisor: Advisor::MasterOfCoin,
            ..
        })
    )));
    assert!(l.contains(&A::DeclineCardAction));
    let mut st2 = st.clone();
    act(
        &mut st2,
        0,
        A::CardHire(Hire::Craftsman {
            location: Forest,
            hut: 0,
            payment: Payment::of(Cloth, 1),
        }),
    );
    assert!(st2.turn.card_done && !st2.turn.bonus_used(Bonus::HireCraftsman));
}

// ---- EMR-6 movement --------------------------------------------------------------------------

#[test]
fn emr_6_3_councilors_share_locations() {
    // EMR-6.3
    let mut st = Table::new(3)
        .at(0, Forest, Castle)
        .at(1, GrainField, Cathedral)
        .at(2, GrainField, Cathedral)
        .playing(0, C::Coins, 1);
    act(&mut st, 0, A::Move(Ring::B));
    assert_eq!(st.councilor_at(0, Ring::B), Cathedral, "never blocked");
}

#[test]
fn emr_6_4_location_action_belongs_to_the_movement() {
    // EMR-6.4, EMR-4.4
    let mut st = Table::new(2)
        .at(0, Forest, Castle)
        .goods(0, Goods { wood: 1, ..g() })
        .playing(0, C::Coins, 1);
    act(&mut st, 0, A::Move(Ring::B));
    assert_eq!(
        st.pending,
        Pending::LocationAction {
            seat: 0,
            location: Cathedral
        }
    );
    assert!(
        !st.turn.move_done,
        "the movement is not over before the location action"
    );
    assert_eq!(
        refused(&mut st, 0, A::CardCoins(Payment::of(Wood, 1))),
        "EMR-4.4"
    );
    act(&mut st, 0, A::FinishLocationAction);
    assert!(st.turn.move_done);
}

// ---- EMR-8 town, EMR-9 markers ----------------------------------------------------------------

#[test]
fn emr_8_10_each_sub_action_once_any_subset() {
    // EMR-8.10
    let mut st = Table::new(3).goods(0, rich()).done();
    city(&mut st, 0, ConstructionSite);
    act(&mut st, 0, A::BuildBread(1));
    assert_eq!(refused(&mut st, 0, A::BuildBread(1)), "EMR-8.8");
    act(&mut st, 0, A::BuildWood(Payment::of(Wood, 1)));
    assert_eq!(
        refused(&mut st, 0, A::BuildWood(Payment::of(Wood, 1))),
        "EMR-8.9"
    );
    act(&mut st, 0, A::BuildStone(Payment::of(Stone, 1)));
    assert_eq!(
        refused(&mut st, 0, A::BuildStone(Payment::of(Stone, 1))),
        "EMR-8.7"
    );
    assert_eq!(legal(&st, 0), vec![A::FinishLocationAction]);
    let mut st = Table::new(3).goods(0, rich()).done();
    city(&mut st, 0, Castle);
    act(&mut st, 0, A::CastleBookForBp);
    assert_eq!(refused(&mut st, 0, A::CastleBookForBp), "EMR-8.4");
    assert_eq!(
        refused(&mut st, 0, A::BuildBread(1)),
        "EMR-8.8",
        "not at the Castle"
    );
}

#[test]
fn emr_9_5_and_9_6_shared_markers_read_before_advancing() {
    // EMR-9.5, EMR-9.6, EMR-9.1
    let mut st = Table::new(3)
        .goods(0, Goods { wood: 1, ..g() })
        .goods(1, Goods { wood: 2, ..g() })
        .done();
    city(&mut st, 0, Castle);
    let ev = act(
        &mut st,
        0,
        A::CastleGift {
            resource: Wood,
            payment: Payment::of(Wood, 1),
        },
    );
    assert!(ev.contains(&EmaraEvent::MarkerAdvanced {
        marker: Marker::Gift(Wood),
        used_value: 1,
        next_index: Some(1),
        next_value: 2
    }));
    // The next player faces the advanced value.
    city(&mut st, 1, Castle);
    assert_eq!(
        refused(
            &mut st,
            1,
            A::CastleGift {
                resource: Wood,
                payment: Payment::of(Wood, 1)
            }
        ),
        "EMR-8.3"
    );
    act(
        &mut st,
        1,
        A::CastleGift {
            resource: Wood,
            payment: Payment::of(Wood, 2),
        },
    );
}

// ---- EMR-10 favor tokens ------------------------------------------------------------------------

#[test]
fn emr_10_1_token_rewards() {
    // EMR-10.1, EMR-10.6
    use FavorReward::*;
    for (reward, check) in [
        (Cp3, (3u32, 40u32, g())),
        (Bp3, (0, 43, g())),
        (Book, (0, 40, Goods { books: 1, ..g() })),
        (SignetRing, (0, 40, Goods { rings: 1, ..g() })),
        (Coin, (0, 40, Goods { coins: 1, ..g() })),
    ] {
        let t = data()
            .favor_tokens
            .iter()
            .copied()
            .find(|t| t.reward == reward)
            .unwrap();
        let mut st = Table::new(2).favor(0, &[t]).done();
        city(&mut st, 0, t.location);
        act(&mut st, 0, A::RedeemFavorToken(t));
        assert_eq!(
            (st.players[0].cp, st.players[0].bp, goods(&st, 0)),
            check,
            "{reward:?}"
        );
        assert!(st.favor_discard.iter().any(|(x, _)| *x == t) || st.favor_stack.contains(&t));
    }
    // A 3-BP token is a BP gain event (Toolmaker +2).
    let t = tok(Castle, Bp3);
    let mut st = Table::new(2)
        .favor(0, &[t])
        .advisor(0, Advisor::Toolmaker)
        .done();
    city(&mut st, 0, Castle);
    act(&mut st, 0, A::RedeemFavorToken(t));
    assert_eq!(st.players[0].bp, 45);
}

#[test]
fn emr_10_5_tokens_gained_in_the_same_action() {
    // EMR-10.5
    let cat = tok(Cathedral, FavorReward::Cp3);
    let mut st = Table::new(2).goods(0, Goods { stone: 1, ..g() }).done();
    st.favor_stack.retain(|t| *t != cat);
    st.favor_stack.push(cat);
    city(&mut st, 0, Cathedral);
    act(
        &mut st,
        0,
        A::CathedralDonate {
            resource: Stone,
            payment: Payment::of(Stone, 1),
        },
    );
    act(&mut st, 0, A::KeepFavorToken(cat));
    act(&mut st, 0, A::RedeemFavorToken(cat));
    assert_eq!(st.players[0].cp, 3);
}

#[test]
fn emr_10_7_unredeemed_tokens_score_1() {
    // EMR-10.7, EMR-14.2
    let mut st = Table::new(2)
        .favor(
            0,
            &[
                tok(Castle, FavorReward::Cp3),
                tok(Market, FavorReward::Coin),
            ],
        )
        .done();
    st.round = 6;
    super::super::scoring::start_final_scoring(&mut st, &mut []);
    assert_eq!(st.players[0].leftovers, Some(2));
}

#[test]
fn emr_10_2_drawn_tokens_are_private() {
    // EMR-10.2, section 8, G22
    let mut st = Table::new(2).goods(0, Goods { stone: 1, ..g() }).done();
    city(&mut st, 0, Cathedral);
    let ev = act(
        &mut st,
        0,
        A::CathedralDonate {
            resource: Stone,
            payment: Payment::of(Stone, 1),
        },
    );
    let drawn = ev
        .iter()
        .find(|e| matches!(e, EmaraEvent::FavorDrawn { .. }))
        .unwrap();
    assert_eq!(
        Emara::redact_event(drawn, Viewer::Seat(0)).as_ref(),
        Some(drawn)
    );
    assert_eq!(
        Emara::redact_event(drawn, Viewer::Seat(1)),
        Some(EmaraEvent::FavorDrawn {
            seat: 0,
            count: 3,
            tokens: vec![]
        })
    );
    assert_eq!(Emara::view(&st, Viewer::Seat(1)).favor_drawn, None);
    let t = st.favor_drawn[0];
    let ev = act(&mut st, 0, A::KeepFavorToken(t));
    let disc = ev
        .iter()
        .find(|e| matches!(e, EmaraEvent::FavorDiscarded { .. }))
        .unwrap();
    assert_eq!(
        Emara::redact_event(disc, Viewer::Spectator),
        Some(EmaraEvent::FavorDiscarded {
            seat: 0,
            count: 2,
            tokens: vec![]
        })
    );
    assert_eq!(
        Emara::view(&st, Viewer::Seat(0)).favor_discard_known.len(),
        2
    );
    assert!(
        Emara::view(&st, Viewer::Seat(1))
            .favor_discard_known
            .is_empty()
    );
    assert_eq!(
        Emara::view(&st, Viewer::Seat(1)).players[0].favor_tokens,
        vec![t],
        "kept face up"
    );
}

// ---- EMR-11 bonus actions -------------------------------------------------------------------------

#[test]
fn emr_11_4_coins_and_rings_not_interchangeable() {
    // EMR-11.4
    let mut st = Table::new(2)
        .goods(
            0,
            Goods {
                coins: 0,
                rings: 2,
                wood: 3,
                ..g()
            },
        )
        .playing(0, C::Coins, 1);
    assert_eq!(
        refused(&mut st, 0, A::RaiseRank),
        "EMR-11.4",
        "rings do not replace coins"
    );
    let mut st = Table::new(2)
        .goods(
            0,
            Goods {
                coins: 3,
                rings: 0,
                ..g()
            },
        )
        .playing(0, C::Coins, 1);
    assert_eq!(refused(&mut st, 0, A::RaiseRank), "EMR-11.4");
}

#[test]
fn emr_11_5_empty_rank_stack() {
    // EMR-11.5
    let mut st = Table::new(2)
        .goods(
            0,
            Goods {
                coins: 5,
                rings: 5,
                ..g()
            },
        )
        .done();
    st.nobility[Rank::Baron as usize].clear();
    let mut st = Table(st).playing(0, C::Coins, 1);
    assert_eq!(refused(&mut st, 0, A::RaiseRank), "EMR-11.5");
}

#[test]
fn emr_11_9_to_11_12_recruiting() {
    // EMR-11.9, EMR-11.10, EMR-11.12, EMR-12.1
    let mut st = Table::new(2)
        .at(0, Forest, Cathedral)
        .goods(
            0,
            Goods {
                wood: 1,
                cloth: 1,
                stone: 1,
                ..g()
            },
        )
        .playing(0, C::Coins, 1);
    let moc = A::RecruitAdvisor {
        advisor: Advisor::MasterOfCoin,
        payment: Payment {
            wood: 1,
            cloth: 1,
            stone: 1,
            ..Payment::NONE
        },
    };
    assert_eq!(
        refused(&mut st, 0, moc),
        "EMR-11.9",
        "no councilor at the Castle"
    );
    let boxed = st.boxed_a[0];
    assert_eq!(
        refused(
            &mut st,
            0,
            A::RecruitAdvisor {
                advisor: boxed,
                payment: Payment::NONE
            }
        ),
        "EMR-11.9"
    );
    let mut st = Table::new(2)
        .at(0, Forest, Castle)
        .goods(
            0,
            Goods {
                wood: 1,
                cloth: 1,
                stone: 1,
                ..g()
            },
        )
        .playing(0, C::Coins, 1);
    assert_eq!(
        refused(
            &mut st,
            0,
            A::RecruitAdvisor {
                advisor: Advisor::MasterOfCoin,
                payment: Payment {
                    wood: 2,
                    stone: 1,
                    ..Payment::NONE
                }
            }
        ),
        "EMR-11.10"
    );
    let ev = act(&mut st, 0, moc);
    assert_eq!(
        (st.players[0].cp, goods(&st, 0).coins),
        (6, 1),
        "+6 CP, then 1 coin"
    );
    let refill = ev
        .iter()
        .position(|e| matches!(e, EmaraEvent::AdvisorRefilled { .. }))
        .unwrap();
    let gain = ev
        .iter()
        .position(|e| matches!(e, EmaraEvent::Changed { .. }))
        .unwrap();
    assert!(refill < gain, "EMR-11.11 before EMR-11.12");
    assert_eq!(
        st.players[0].advisors.to_vec(),
        vec![Advisor::MasterOfCoin],
        "EMR-11.10: stays"
    );
}

// ---- EMR-12 advisors ----------------------------------------------------------------------------

/// Recruits `a` (put on the Castle's space 0) with ample resources; returns the state in the turn.
fn recruit(a: Advisor, setup: impl Fn(Table) -> Table) -> EmaraState {
    let mut t = setup(Table::new(2).at(0, Forest, Castle).goods(0, rich()));
    for sp in t.0.spaces.iter_mut() {
        for s in sp.iter_mut() {
            if *s == Some(a) {
                *s = None;
            }
        }
    }
    t.0.b_deck.retain(|x| *x != a);
    t.0.boxed_a.retain(|x| *x != a);
    t.0.spaces[0][0] = Some(a);
    let mut st = t.playing(0, C::Coins, 1);
    let pay = legal(&st, 0)
        .into_iter()
        .find(|x| matches!(x, A::RecruitAdvisor { advisor, payment } if *advisor == a && payment.coins == 0))
        .expect("recruitable");
    act(&mut st, 0, pay);
    st
}

/// As [`recruit`], then the player's goods are replaced.
fn recruit_then(a: Advisor, goods: Goods) -> EmaraState {
    let mut st = recruit(a, |t| t);
    st.players[0].goods = goods;
    st
}

#[test]
fn emr_12_1_to_12_4_immediate_advisors() {
    // EMR-12.1, EMR-12.2, EMR-12.3, EMR-12.4, EMR-1.7
    let base = rich();
    let st = recruit(Advisor::Archivist, |t| t);
    assert_eq!((st.players[0].cp, goods(&st, 0).books), (2, base.books + 2));
    let st = recruit(Advisor::Goldsmith, |t| t);
    assert_eq!((st.players[0].cp, goods(&st, 0).rings), (5, base.rings + 1));
    let st = recruit(Advisor::MasterOfCoin, |t| t);
    assert_eq!((st.players[0].cp, goods(&st, 0).coins), (6, base.coins + 1));
    let st = recruit(Advisor::Carpenter, |t| t);
    assert_eq!((st.players[0].cp, st.players[0].bp), (1, 50));
    let st = recruit(Advisor::Carpenter, |t| t.event(EventCard::ALongSummer));
    assert_eq!(st.players[0].bp, 52, "a BP gain event");
}

#[test]
fn emr_12_18_b_advisors() {
    // EMR-12.18, G8
    for (a, cp, bp) in [
        (Advisor::SirChristiaan, 8, 40),
        (Advisor::LadyMarie, 8, 40),
        (Advisor::SirCarl, 10, 40),
        (Advisor::LadyFrida, 12, 40),
        (Advisor::SirGustave, 0, 52),
        (Advisor::SirAntoni, 0, 52),
    ] {
        let st = recruit(a, |t| t);
        assert_eq!((st.players[0].cp, st.players[0].bp), (cp, bp), "{a:?}");
    }
    let st = recruit(Advisor::SirGustave, |t| t.advisor(0, Advisor::Toolmaker));
    assert_eq!(st.players[0].bp, 54, "12 BP is a BP gain event");
}

#[test]
fn emr_12_5_baker() {
    // EMR-12.5, EMR-12.11
    let mut st = recruit_then(
        Advisor::Baker,
        Goods {
            cloth: 2,
            grain: 2,
            ..g()
        },
    );
    let (c, gr) = (goods(&st, 0).cloth, goods(&st, 0).grain);
    assert!(legal(&st, 0).contains(&A::UseBaker {
        bread: 1,
        payment: Payment {
            cloth: 1,
            grain: 1,
            ..Payment::NONE
        }
    }));
    act(
        &mut st,
        0,
        A::UseBaker {
            bread: 2,
            payment: Payment {
                cloth: 1,
                grain: 2,
                ..Payment::NONE
            },
        },
    );
    assert_eq!(
        (
            goods(&st, 0).cloth,
            goods(&st, 0).grain,
            goods(&st, 0).bread
        ),
        (c - 1, gr - 2, 2)
    );
    assert_eq!(
        refused(
            &mut st,
            0,
            A::UseBaker {
                bread: 1,
                payment: Payment {
                    cloth: 1,
                    grain: 1,
                    ..Payment::NONE
                }
            }
        ),
        "EMR-12.11",
        "usable already in the turn of recruiting, once"
    );
    assert_eq!(
        refused(
            &mut st,
            0,
            A::UseBaker {
                bread: 3,
                payment: Payment::NONE
            }
        ),
        "EMR-12.11"
    );
}

#[test]
fn emr_12_6_to_12_10_per_turn_advisors() {
    // EMR-12.6, EMR-12.7, EMR-12.8, EMR-12.10, EMR-12.11
    let mut st = recruit_then(
        Advisor::Schoolmarm,
        Goods {
            wood: 5,
            stone: 5,
            ..g()
        },
    );
    let b = goods(&st, 0).books;
    act(
        &mut st,
        0,
        A::UseSchoolmarm(Payment {
            wood: 1,
            stone: 1,
            ..Payment::NONE
        }),
    );
    assert_eq!(goods(&st, 0).books, b + 1);
    let mut st = recruit(Advisor::Bailiff, |t| t);
    let r = goods(&st, 0).rings;
    act(&mut st, 0, A::UseBailiff);
    assert_eq!((goods(&st, 0).rings, st.players[0].bp), (r - 1, 45));
    let mut st = recruit(Advisor::Dressmaker, |t| t);
    let cp = st.players[0].cp;
    act(&mut st, 0, A::UseDressmaker(Payment::coins(1)));
    assert_eq!(st.players[0].cp, cp + 2);
    let mut st = recruit(Advisor::Merchant, |t| t);
    assert_eq!(
        refused(
            &mut st,
            0,
            A::UseMerchant {
                give: Payment::of(Wood, 1),
                take: Wood
            }
        ),
        "EMR-12.10",
        "a different type"
    );
    let (w, s) = (goods(&st, 0).wood, goods(&st, 0).stone);
    act(
        &mut st,
        0,
        A::UseMerchant {
            give: Payment::of(Wood, 1),
            take: Stone,
        },
    );
    assert_eq!((goods(&st, 0).wood, goods(&st, 0).stone), (w - 1, s + 1));
    // Once per turn; again in the next own turn.
    assert_eq!(
        refused(
            &mut st,
            0,
            A::UseMerchant {
                give: Payment::of(Wood, 1),
                take: Grain
            }
        ),
        "EMR-12.11"
    );
}

#[test]
fn emr_12_13_scholar() {
    // EMR-12.13
    let st = Table::new(2)
        .at(0, Quarry, Castle)
        .goods(0, Goods { stone: 2, ..g() })
        .advisor(0, Advisor::Scholar)
        .playing(0, C::Coins, 1);
    // Quarry hut 0 costs 2 wood: the Scholar pays it with 2 stone.
    assert!(legal(&st, 0).contains(&A::HireCraftsman {
        location: Quarry,
        hut: 0,
        payment: Payment::of(Stone, 2)
    }));
    let mut no = Table::new(2)
        .at(0, Quarry, Castle)
        .goods(0, Goods { stone: 2, ..g() })
        .playing(0, C::Coins, 1);
    assert_eq!(
        refused(
            &mut no,
            0,
            A::HireCraftsman {
                location: Quarry,
                hut: 0,
                payment: Payment::of(Stone, 2)
            }
        ),
        "EMR-11.7"
    );
}

#[test]
fn emr_12_15_steward() {
    // EMR-12.15
    let st = Table::new(2)
        .at(0, Forest, Cathedral)
        .goods(0, rich())
        .advisor(0, Advisor::Steward)
        .playing(0, C::Coins, 1);
    let l = legal(&st, 0);
    assert!(l.iter().any(|a| matches!(
        a,
        A::HireCraftsman {
            location: WeavingMill,
            ..
        }
    )));
    assert!(
        l.iter().any(|a| matches!(
            a,
            A::RecruitAdvisor {
                advisor: Advisor::MasterOfCoin,
                ..
            }
        )),
        "at the Castle"
    );
}

#[test]
fn emr_12_14_12_16_12_17_permanent_advisors() {
    // EMR-12.14, EMR-12.16, EMR-12.17
    let mut st = Table::new(3)
        .goods(0, rich())
        .advisor(0, Advisor::Mayoress)
        .advisor(0, Advisor::Abbess)
        .advisor(0, Advisor::Toolmaker)
        .done();
    city(&mut st, 0, Castle);
    act(
        &mut st,
        0,
        A::CastleGift {
            resource: Wood,
            payment: Payment::of(Wood, 1),
        },
    );
    assert_eq!(st.players[0].cp, 2, "Mayoress +2 CP per gift");
    act(&mut st, 0, A::CastleBookForBp);
    assert_eq!(st.players[0].bp, 47, "Toolmaker +2");
    city(&mut st, 0, Cathedral);
    let b = goods(&st, 0).books;
    act(
        &mut st,
        0,
        A::CathedralDonate {
            resource: Wood,
            payment: Payment::of(Wood, 1),
        },
    );
    assert_eq!(goods(&st, 0).books, b + 2, "Abbess +1 book");
    // Not at final scoring (EMR-14.4).
    st.round = 6;
    st.turn = Turn::default();
    super::super::scoring::start_final_scoring(&mut st, &mut []);
    let l = st.players[0].leftovers.unwrap();
    let bp = st.players[0].bp;
    act(&mut st, 0, A::AllocateLeftovers { to_cp: 0 });
    assert_eq!(
        st.players[0].bp,
        bp + l,
        "EMR-14.4: no modifier on leftovers"
    );
}

// ---- EMR-13 events ---------------------------------------------------------------------------------

#[test]
fn emr_13_1_to_13_4_immediate_events() {
    // EMR-13.1, EMR-13.2, EMR-13.3, EMR-13.4
    for (e, r) in [
        (EventCard::ClearTheOldForest, Wood),
        (EventCard::BountifulHarvest, Grain),
        (EventCard::StoneFromDistantShores, Stone),
        (EventCard::FineWoolFineCloth, Cloth),
    ] {
        let mut st = Table::new(3).done();
        st.events = List::from_slice(&[e, EventCard::AnEarlyWinter]);
        super::super::round::start_round(&mut st, &mut Vec::new());
        assert_eq!(st.current_event, Some(e));
        for s in 0..3 {
            assert_eq!(goods(&st, s).resource(r), 1, "{e:?}");
            assert_eq!(goods(&st, s).resources_total(), 1);
        }
    }
}

#[test]
fn emr_13_6_and_13_7_end_of_round_events() {
    // EMR-13.6, EMR-13.7, EMR-3.4
    let mut st = Table::new(2).done();
    st.current_event = Some(EventCard::AlmsForThePoor);
    st.players[0].goods = Goods {
        coins: 1,
        rings: 1,
        ..g()
    };
    st.players[1].goods = Goods { rings: 1, ..g() };
    st.statue = 1;
    st.phase = Phase::EndOfRound;
    super::super::round::continue_end_of_round(&mut st, &mut Vec::new());
    assert_eq!(
        st.pending,
        Pending::RoundEvent {
            seat: 1,
            event: EventCard::AlmsForThePoor
        },
        "from the statue holder"
    );
    act(
        &mut st,
        1,
        A::ResolveRoundEvent {
            option: RoundEventOption::Ring,
            payment: Payment::NONE,
        },
    );
    assert_eq!(st.players[1].cp, 4);
    assert_eq!(
        refused(
            &mut st,
            0,
            A::ResolveRoundEvent {
                option: RoundEventOption::Book,
                payment: Payment::NONE
            }
        ),
        "EMR-13.6"
    );
    act(
        &mut st,
        0,
        A::ResolveRoundEvent {
            option: RoundEventOption::Coin,
            payment: Payment::NONE,
        },
    );
    assert_eq!((st.players[0].cp, goods(&st, 0).coins), (4, 0));
    // Lore: book or ring → 5 BP, a BP gain event.
    let mut st = Table::new(2).advisor(0, Advisor::Toolmaker).done();
    st.current_event = Some(EventCard::NewLoreInOldBooks);
    st.players[0].goods = Goods { books: 1, ..g() };
    st.phase = Phase::EndOfRound;
    super::super::round::continue_end_of_round(&mut st, &mut Vec::new());
    assert_eq!(
        st.pending,
        Pending::RoundEvent {
            seat: 0,
            event: EventCard::NewLoreInOldBooks
        }
    );
    act(
        &mut st,
        0,
        A::ResolveRoundEvent {
            option: RoundEventOption::Book,
            payment: Payment::NONE,
        },
    );
    assert_eq!(st.players[0].bp, 47);
    assert_eq!(st.round, 2, "seat 1 had nothing to pay and was skipped");
}

#[test]
fn emr_13_12_respected_at_court() {
    // EMR-13.12
    let mut st = Table::new(2)
        .goods(
            0,
            Goods {
                coins: 1,
                rings: 1,
                ..g()
            },
        )
        .event(EventCard::RespectedAtCourt)
        .playing(0, C::Coins, 1);
    act(&mut st, 0, A::RaiseRank);
    assert_eq!(st.players[0].cp, 10, "8 + 2");
}

#[test]
fn emr_13_14_good_labour_only_for_advisors() {
    // EMR-13.14
    let mut st = Table::new(2)
        .at(0, Quarry, Castle)
        .goods(
            0,
            Goods {
                wood: 1,
                cloth: 1,
                ..g()
            },
        )
        .event(EventCard::GoodLabourSituation)
        .playing(0, C::Coins, 1);
    assert!(legal(&st, 0).iter().any(|a| matches!(
        a,
        A::RecruitAdvisor {
            advisor: Advisor::MasterOfCoin,
            ..
        }
    )));
    assert_eq!(
        refused(
            &mut st,
            0,
            A::HireCraftsman {
                location: Quarry,
                hut: 0,
                payment: Payment::of(Wood, 1)
            }
        ),
        "EMR-11.7",
        "huts cost in full"
    );
}

#[test]
fn emr_13_8_early_winter_never_below_zero() {
    // EMR-13.8, EMR-1.7
    let st = Table::new(2).event(EventCard::AnEarlyWinter).done();
    assert_eq!(super::super::effects::gain_bp(&st, 0, 0), 0);
    assert_eq!(super::super::effects::gain_bp(&st, 0, 5), 4);
}

// ---- EMR-14 scoring -------------------------------------------------------------------------------

#[test]
fn emr_14_11_nothing_else_scores() {
    // EMR-14.11, EMR-14.2
    let mut st = Table::new(2)
        .advisor(0, Advisor::Steward)
        .craftsman(0, Forest, 0)
        .goods(0, Goods { wood: 1, ..g() })
        .done();
    st.round = 6;
    super::super::scoring::start_final_scoring(&mut st, &mut []);
    assert_eq!(
        st.players[0].leftovers,
        Some(0),
        "1 resource alone is worth nothing"
    );
}

// ---- EMR-15 variants ---------------------------------------------------------------------------------

#[test]
fn emr_15_1_and_15_2_random_layout() {
    // EMR-15.1, EMR-15.2
    let mut cfg = EmaraConfig::new(2);
    cfg.random_layout = true;
    let mut mixed = false;
    for seed in 0..50 {
        let st = Emara::setup(&cfg, seed).unwrap();
        let mut all: Vec<Location> = st.rings.iter().flatten().copied().collect();
        all.sort();
        assert_eq!(all, Location::ALL.to_vec());
        mixed |= st.rings[0].iter().any(|l| l.is_town());
    }
    assert!(mixed);
    // Locations keep their action: the Castle in ring A is a castle, the Forest in ring B a forest.
    let mut sc = scenario(2);
    sc.rings = Some([
        [Castle, Forest, Market, Quarry],
        [Cathedral, GrainField, ConstructionSite, WeavingMill],
    ]);
    let mut st = Emara::setup_scenario(&cfg, &sc, 0).unwrap();
    run_until(&mut st, 3, |s| s.phase == Phase::Turns);
    let mut st = Table(st).goods(0, Goods { books: 1, ..g() }).done();
    st.players[0].councilors = [3, 0]; // Quarry, Cathedral
    let mut st = Table(st).playing(0, C::Coins, 1);
    act(&mut st, 0, A::Move(Ring::A));
    assert_eq!(
        st.pending,
        Pending::LocationAction {
            seat: 0,
            location: Castle
        }
    );
    act(&mut st, 0, A::CastleBookForBp);
    act(&mut st, 0, A::FinishLocationAction);
    // Hiring works at the countryside-type location Forest even though it lies in ring A next to town.
    assert!(
        legal(&st, 0)
            .iter()
            .all(|a| !matches!(a, A::HireCraftsman { location: l, .. } if l.is_town()))
    );
}

#[test]
fn emr_15_6_building_start_options() {
    // EMR-15.6, EMR-2.13
    let mut cfg = EmaraConfig::new(2);
    cfg.building_start = BuildingStart::Custom(22);
    let st = Emara::setup(&cfg, 0).unwrap();
    assert!(st.players.iter().all(|p| p.bp == 22));
    assert_eq!(spectator(&st).building_start, 22);
}

// ---- EMR-16 solo ---------------------------------------------------------------------------------

#[test]
fn emr_16_1_to_16_4_solo_setup() {
    // EMR-16.1, EMR-16.2, EMR-16.3, EMR-16.4, EMR-16.8
    for seed in 0..30 {
        let st = Emara::setup(&EmaraConfig::solo(SoloMode::Highscore, 25), seed).unwrap();
        let v = st.victoria.as_ref().unwrap();
        assert_eq!((v.cp, v.nobility.len()), (0, 0));
        assert!(!st.events.contains(&EventCard::AnEarlyWinter));
        assert!(!st.events_done.contains(&EventCard::AnEarlyWinter));
        assert_eq!(st.events.len() + st.events_done.len(), 13);
        assert_eq!(st.players[0].bp, 25);
        assert_eq!(st.statue, 0);
        let view = spectator(&st);
        let m = |m: Marker| view.markers.iter().find(|x| x.marker == m).unwrap().clone();
        assert_eq!(m(Marker::Stone).side.len(), 4, "4-player side");
        assert_eq!(m(Marker::Stone).index, Some(0));
        assert_eq!(m(Marker::Gift(Stone)).side.len(), 3, "2-player setup");
        assert_eq!(
            m(Marker::Gift(Stone)).index,
            Some(1),
            "with its exceptions (G17)"
        );
        assert_eq!(m(Marker::Donation(Grain)).index, Some(1));
    }
    let mut c = EmaraConfig::solo(SoloMode::Highscore, 25);
    c.start_player = StartPlayer::Seat(1);
    assert!(Emara::setup(&c, 0).is_err());
}

#[test]
fn emr_16_7_event_bonuses_do_not_apply_to_victoria() {
    // EMR-16.7, G17
    let mut st = Table::with_config(EmaraConfig::solo(SoloMode::Highscore, 30)).done();
    st.current_event = Some(EventCard::RespectedAtCourt);
    st.round = 2;
    st.phase = Phase::EndOfRound;
    super::super::round::continue_end_of_round(&mut st, &mut Vec::new());
    assert_eq!(st.victoria.as_ref().unwrap().cp, 17, "9 + 8, no +2");
}

#[test]
fn emr_16_9_highscore_mode() {
    // EMR-16.9, EMR-16.11
    let cfg = EmaraConfig::solo(SoloMode::Highscore, 40);
    let st = super::campaign::finished_with(&cfg, -10);
    let s = st.score.as_ref().unwrap();
    assert_eq!(s.solo_won, None, "Victoria's score is irrelevant");
    let o = Emara::outcome(&st).unwrap();
    assert_eq!((o.places.clone(), o.winners.clone()), (vec![1], vec![0]));
    assert!(o.reason.contains("highscore"));
    assert_eq!(s.building_start, 40, "recorded per starting value");
}

#[test]
fn emr_1_5_payment_lists_match_the_payment_rules() {
    // EMR-1.5, EMR-1.6, EMR-12.13, EMR-13.15: the enumerated payments are exactly the payments
    // that settle the requirement and that the player owns.
    use super::super::payment::{PayReq, affordable, can_pay, payments};
    let mut r = GameRng::from_seed(11);
    let cost = |r: &mut GameRng| Cost {
        wood: r.below(3) as u8,
        cloth: r.below(3) as u8,
        grain: r.below(2) as u8,
        stone: r.below(2) as u8,
    };
    for _ in 0..400 {
        let gd = Goods {
            wood: r.below(4) as u32,
            cloth: r.below(4) as u32,
            grain: r.below(3) as u32,
            stone: r.below(3) as u32,
            coins: r.below(3) as u32,
            ..g()
        };
        let res = Resource::ALL[r.below(4)];
        let req = match r.below(3) {
            0 => PayReq::Exactly(res, r.below(4) as u8),
            1 => PayReq::Any(r.below(4) as u8),
            _ => PayReq::Printed {
                cost: cost(&mut r),
                discount: r.below(3) as u8,
                any_type: r.below(2) == 0,
            },
        };
        let mut brute = Vec::new();
        for w in 0..4 {
            for c in 0..4 {
                for gr in 0..4 {
                    for s in 0..4 {
                        for m in 0..4 {
                            let p = Payment {
                                wood: w,
                                cloth: c,
                                grain: gr,
                                stone: s,
                                coins: m,
                            };
                            if req.settled_by(&p) && affordable(&gd, &p) {
                                brute.push(p);
                            }
                        }
                    }
                }
            }
        }
        let mut listed = payments(req, &gd);
        listed.sort();
        brute.sort();
        assert_eq!(listed, brute, "{req:?} {gd:?}");
        assert_eq!(can_pay(req, &gd), !brute.is_empty());
    }
}

#[test]
fn absurd_actions_are_refused_without_panic() {
    // EMR-1.6, EMR-3.3: any action value, however absurd, is refused cleanly (state unchanged).
    let mut r = GameRng::from_seed(99);
    let big = |r: &mut GameRng| [0u8, 1, 2, 3, 4, 9, 200, 255][r.below(8)];
    for seed in 0..60 {
        let n = 1 + (seed % 4) as u8;
        let mut st = Emara::setup(&EmaraConfig::new(n), seed).unwrap();
        for _ in 0..(seed * 7 % 150) {
            let Some(&s) = Emara::to_act(&st).first() else {
                break;
            };
            let l = legal(&st, s);
            let a = l[r.below(l.len())];
            Emara::apply(&mut st, s, &a).unwrap();
        }
        for _ in 0..200 {
            let p = Payment {
                wood: big(&mut r),
                cloth: big(&mut r),
                grain: big(&mut r),
                stone: big(&mut r),
                coins: big(&mut r),
            };
            let x = big(&mut r);
            let loc = Location::ALL[r.below(8)];
            let a = match r.below(10) {
                0 => A::Harvest(HarvestChoice {
                    extra: x,
                    bread_for_grain: big(&mut r),
                    bread_for_coin: big(&mut r),
                }),
                1 => A::HireCraftsman {
                    location: loc,
                    hut: x,
                    payment: p,
                },
                2 => A::PlayCard {
                    card: C::ALL[r.below(9)],
                    slot: x,
                },
                3 => A::MarketSellBooks(x),
                4 => A::BuildBread(x),
                5 => A::CardCoins(p),
                6 => A::UseBaker {
                    bread: x,
                    payment: p,
                },
                7 => A::AllocateLeftovers {
                    to_cp: u32::MAX - x as u32,
                },
                8 => A::MarketBuyCoins(p),
                _ => A::CathedralDonate {
                    resource: Wood,
                    payment: p,
                },
            };
            let seat = r.below(6);
            let before = st.clone();
            let listed = seat < st.n() && legal(&st, seat).contains(&a);
            let res = Emara::apply(&mut st, seat, &a);
            assert_eq!(res.is_ok(), listed, "{a:?}");
            if res.is_err() {
                assert_eq!(st, before);
            } else {
                st = before;
            }
            let _ = Emara::action_label(&st, &a);
            let id = Emara::action_id(&a);
            if let Some(back) = Emara::parse_action_id(&id) {
                assert_eq!(back, a);
            }
        }
    }
}

// ---- labels and no-op actions (issue 15) ---------------------------------------------------

#[test]
fn emr_5_6_8_5_paying_a_coin_for_a_coin_is_not_offered() {
    // EMR-5.6, EMR-8.5, EMR-13.10: a payment of coins only for as many coins changes nothing.
    let mut st = Table::new(2)
        .goods(
            0,
            Goods {
                wood: 1,
                coins: 3,
                ..g()
            },
        )
        .playing(0, C::Coins, 1);
    let coins = |st: &EmaraState| -> Vec<Payment> {
        legal(st, 0)
            .into_iter()
            .filter_map(|a| match a {
                A::CardCoins(p) | A::MarketBuyCoins(p) => Some(p),
                _ => None,
            })
            .collect()
    };
    let offered = coins(&st);
    assert!(!offered.contains(&Payment::coins(1)), "{offered:?}");
    assert!(offered.contains(&Payment::of(Wood, 1)));
    // 3 coins for 2 coins is a (poor) exchange that changes something: still legal.
    assert!(offered.contains(&Payment::coins(3)));
    assert_eq!(
        refused(&mut st, 0, A::CardCoins(Payment::coins(1))),
        "EMR-5.6"
    );
    // The Market, also with "Merchants from afar" (2 coins for 2 coins).
    for event in [None, Some(EventCard::MerchantsFromAfar)] {
        let mut t = Table::new(2).goods(
            0,
            Goods {
                wood: 1,
                coins: 3,
                ..g()
            },
        );
        if let Some(e) = event {
            t = t.event(e);
        }
        let mut st = t.done();
        city(&mut st, 0, Market);
        let offered = coins(&st);
        assert!(!offered.contains(&Payment::coins(1)), "{event:?}");
        assert!(!offered.contains(&Payment::coins(2)), "{event:?}");
        assert!(offered.contains(&Payment::of(Wood, 1)), "{event:?}");
        assert_eq!(
            refused(&mut st, 0, A::MarketBuyCoins(Payment::coins(1))),
            "EMR-8.5"
        );
    }
}

#[test]
fn emr_1_7_labels_state_the_bp_the_engine_pays() {
    // EMR-1.7, EMR-12.17, EMR-13.7–13.9: BP labels show the modified gain.
    let label = |st: &EmaraState, a: A| Emara::action_label(st, &a);
    for (event, toolmaker, bp) in [
        (None, false, 5),
        (None, true, 7),
        (Some(EventCard::ALongSummer), false, 7),
        (Some(EventCard::AnEarlyWinter), false, 4),
    ] {
        let mut t = Table::new(2).goods(0, Goods { books: 1, ..g() });
        if let Some(e) = event {
            t = t.event(e);
        }
        if toolmaker {
            t = t.advisor(0, Advisor::Toolmaker);
        }
        let mut st = t.done();
        city(&mut st, 0, Castle);
        assert_eq!(
            label(&st, A::CastleBookForBp),
            format!("Give 1 book for {bp} BP")
        );
        let before = st.players[0].bp;
        act(&mut st, 0, A::CastleBookForBp);
        assert_eq!(st.players[0].bp, before + bp, "{event:?} {toolmaker}");
    }
}

#[test]
fn emr_13_5_13_7_the_signet_ring_option_says_what_it_gives() {
    // EMR-13.5, EMR-13.6, EMR-13.7
    for (event, text) in [
        (EventCard::TheGreatFamine, "Discard 1 signet ring for 5 CP"),
        (EventCard::AlmsForThePoor, "Discard 1 signet ring for 4 CP"),
        (
            EventCard::NewLoreInOldBooks,
            "Discard 1 signet ring for 5 BP",
        ),
    ] {
        let mut st = Table::new(2).event(event).done();
        st.pending = Pending::RoundEvent { seat: 0, event };
        let a = A::ResolveRoundEvent {
            option: RoundEventOption::Ring,
            payment: Payment::NONE,
        };
        assert_eq!(Emara::action_label(&st, &a), text);
    }
}
