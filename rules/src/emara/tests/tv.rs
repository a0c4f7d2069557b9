//! The worked examples TV-01 … TV-42 of section 12, one test each.

use super::*;
use crate::Viewer;
use ActionCard as C;
use EmaraAction as A;
use Resource::*;

fn g() -> Goods {
    Goods::default()
}

/// A fresh City-card turn of `seat` acting at `loc` (the seat holds the statue).
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

fn marker(st: &EmaraState, m: Marker) -> u32 {
    super::super::effects::marker_value(st, m)
}

#[test]
fn tv_01_cathedral_donation() {
    // EMR-8.1, EMR-8.2, EMR-9.2, EMR-10.2
    let mut st = Table::new(3).goods(0, Goods { cloth: 1, ..g() }).done();
    city(&mut st, 0, Cathedral);
    assert_eq!(marker(&st, Marker::Donation(Cloth)), 1);
    act(
        &mut st,
        0,
        A::CathedralDonate {
            resource: Cloth,
            payment: Payment::of(Cloth, 1),
        },
    );
    assert_eq!((goods(&st, 0).cloth, goods(&st, 0).books), (0, 1));
    assert_eq!(st.pending, Pending::KeepFavorToken { seat: 0 });
    assert_eq!(st.favor_drawn.len(), 3, "draws 3");
    assert_eq!(st.favor_stack.len(), 9);
    let drawn = Emara::view(&st, Viewer::Seat(0)).favor_drawn.unwrap();
    assert_eq!(drawn.len(), 3);
    assert_eq!(spectator(&st).favor_drawn, None);
    act(&mut st, 0, A::KeepFavorToken(drawn[1]));
    assert_eq!(st.players[0].favor.to_vec(), vec![drawn[1]], "keeps 1");
    assert_eq!(st.favor_discard.len(), 2);
    assert_eq!(
        marker(&st, Marker::Donation(Cloth)),
        2,
        "the marker now shows 2"
    );
    // A later donor of cloth must pay 2 cloth.
    let mut later = Table::new(3)
        .goods(1, Goods { cloth: 1, ..g() })
        .marker(Marker::Donation(Cloth), Some(1))
        .done();
    city(&mut later, 1, Cathedral);
    let donate1 = A::CathedralDonate {
        resource: Cloth,
        payment: Payment::of(Cloth, 1),
    };
    assert_eq!(refused(&mut later, 1, donate1), "EMR-8.1");
    later.players[1].goods.cloth = 2;
    assert!(legal(&later, 1).contains(&A::CathedralDonate {
        resource: Cloth,
        payment: Payment::of(Cloth, 2),
    }));
}

#[test]
fn tv_02_hiring_a_craftsman() {
    // EMR-11.6, EMR-11.7
    let quarry_h1 = data().hut_cost(Quarry, 0);
    let quarry_h2 = data().hut_cost(Quarry, 1);
    assert_eq!((quarry_h1.wood, quarry_h1.total()), (2, 2), "h1: 2 wood");
    assert_eq!(
        (quarry_h2.wood, quarry_h2.cloth, quarry_h2.total()),
        (1, 1, 2)
    );
    let mut st = Table::new(2)
        .at(0, Quarry, Castle)
        .craftsman(1, Quarry, 0)
        .goods(
            0,
            Goods {
                wood: 1,
                cloth: 1,
                ..g()
            },
        )
        .playing(0, C::Coins, 1);
    assert_eq!(
        st.players[0].craftsmen_placed, 0,
        "4 craftsmen on the board"
    );
    let h1 = A::HireCraftsman {
        location: Quarry,
        hut: 0,
        payment: Payment::of(Wood, 2),
    };
    assert_eq!(refused(&mut st, 0, h1), "EMR-11.6", "h1 is occupied");
    let ev = act(
        &mut st,
        0,
        A::HireCraftsman {
            location: Quarry,
            hut: 1,
            payment: Payment {
                wood: 1,
                cloth: 1,
                ..Payment::NONE
            },
        },
    );
    assert_eq!((goods(&st, 0).wood, goods(&st, 0).cloth), (0, 0));
    assert_eq!(st.huts[Quarry as usize * 4 + 1], Some(0));
    assert!(ev.contains(&EmaraEvent::CraftsmanHired {
        seat: 0,
        location: Quarry,
        hut: 1,
        slot: 0
    }));
    assert_eq!(st.players[0].cp, 1, "the first craftsman gives 1 CP");
}

/// A 3-player state at final scoring with the given CP/BP and no leftovers; all allocate 0.
fn scored(points: &[(u32, u32)]) -> EmaraState {
    let mut st = Table::new(points.len() as u8).done();
    for (s, &(cp, bp)) in points.iter().enumerate() {
        st.players[s].cp = cp;
        st.players[s].bp = bp;
    }
    st.round = 6;
    super::super::scoring::start_final_scoring(&mut st, &mut []);
    for s in 0..points.len() {
        act(&mut st, s, A::AllocateLeftovers { to_cp: 0 });
    }
    st
}

#[test]
fn tv_03_final_scores() {
    // EMR-14.5, EMR-14.6
    let st = scored(&[(66, 68), (69, 60), (71, 65)]);
    let s = st.score.as_ref().unwrap();
    let finals: Vec<u32> = s.players.iter().map(|p| p.final_score).collect();
    assert_eq!(finals, vec![66, 60, 65]);
    let o = Emara::outcome(&st).unwrap();
    assert_eq!(o.places, vec![1, 3, 2], "David, then Esmée, then Ester");
    assert_eq!(o.winners, vec![0]);
}

#[test]
fn tv_04_book_table() {
    // EMR-8.6
    for (n, cp) in [(1, 3), (2, 6), (3, 10), (4, 15), (5, 21)] {
        let mut st = Table::new(2).goods(0, Goods { books: 6, ..g() }).done();
        city(&mut st, 0, Market);
        act(&mut st, 0, A::MarketSellBooks(n));
        assert_eq!(st.players[0].cp, cp);
        assert_eq!(goods(&st, 0).books, 6 - n as u32);
    }
    let mut st = Table::new(2).goods(0, Goods { books: 6, ..g() }).done();
    city(&mut st, 0, Market);
    assert_eq!(refused(&mut st, 0, A::MarketSellBooks(0)), "EMR-8.6");
    assert_eq!(refused(&mut st, 0, A::MarketSellBooks(6)), "EMR-8.6");
}

#[test]
fn tv_05_campaign() {
    // EMR-16.10
    use super::campaign::finished_campaign_game;
    let mut c = Emara::new_campaign(&CampaignConfig::default()).unwrap();
    let cfg = Emara::next_game(&c).unwrap();
    assert_eq!(
        cfg.building_start,
        BuildingStart::Custom(40),
        "game 1 starts at 40"
    );
    let mut after_win = c.clone();
    Emara::fold(&mut after_win, &finished_campaign_game(&cfg, true)).unwrap();
    assert_eq!(
        Emara::next_game(&after_win).unwrap().building_start,
        BuildingStart::Custom(35)
    );
    Emara::fold(&mut c, &finished_campaign_game(&cfg, false)).unwrap();
    assert_eq!(
        Emara::next_game(&c).unwrap().building_start,
        BuildingStart::Custom(42)
    );
}

#[test]
fn tv_06_first_game() {
    // EMR-2.13, EMR-15.6
    let mut sc = scenario(3);
    let mut ev = sc.events.take().unwrap();
    ev.retain(|&e| e != EventCard::ClearTheOldForest);
    ev.insert(0, EventCard::ClearTheOldForest);
    assert_eq!(
        data().event(EventCard::ClearTheOldForest).building_start,
        30
    );
    sc.events = Some(ev);
    let mut cfg = EmaraConfig::new(3);
    cfg.building_start = BuildingStart::FirstGame;
    let st = Emara::setup_scenario(&cfg, &sc, 0).unwrap();
    assert!(st.players.iter().all(|p| p.bp == 35));
    cfg.building_start = BuildingStart::EventCard;
    let st = Emara::setup_scenario(&cfg, &sc, 0).unwrap();
    assert!(st.players.iter().all(|p| p.bp == 30));
}

#[test]
fn tv_07_wrap_around() {
    // EMR-6.1, EMR-6.2
    let mut st = Table::new(2).at(0, Forest, Market).playing(0, C::Coins, 2);
    let ev = act(&mut st, 0, A::Move(Ring::B));
    assert_eq!(st.councilor_at(0, Ring::B), Cathedral);
    assert!(ev.contains(&EmaraEvent::CouncilorMoved {
        seat: 0,
        ring: Ring::B,
        from: Market,
        to: Cathedral,
        steps: 2
    }));
}

#[test]
fn tv_08_exact_steps() {
    // EMR-6.1
    let mut st = Table::new(2).at(0, Forest, Castle).playing(0, C::Coins, 3);
    let moves: Vec<EmaraAction> = legal(&st, 0)
        .into_iter()
        .filter(|a| matches!(a, A::Move(_) | A::CardStep(_)))
        .collect();
    assert_eq!(
        moves,
        vec![A::Move(Ring::A), A::Move(Ring::B)],
        "no choice of distance"
    );
    assert_eq!(
        refused(&mut st, 0, A::CardStep(Ring::B)),
        "EMR-5.7",
        "no 1-step move"
    );
    act(&mut st, 0, A::Move(Ring::B));
    assert_eq!(st.councilor_at(0, Ring::B), Market, "exactly 3 steps");
}

/// Seat 0's turn ends after moving (finishing any location action).
fn finish_turn(st: &mut EmaraState, seat: Seat) {
    while st.pending != (Pending::PlayCard { seat: 1 - seat })
        && !matches!(st.pending, Pending::PlayCard { seat: s } if s == seat)
    {
        if matches!(st.pending, Pending::PlayCard { .. }) {
            break;
        }
        passive_step(st);
    }
}

#[test]
fn tv_09_slots_per_round() {
    // EMR-4.2
    let mut st = Table::new(2)
        .hand(0, &[C::Wood, C::Stone, C::Cloth])
        .hand(1, &[C::Wood, C::Stone, C::Cloth])
        .done();
    act(
        &mut st,
        0,
        A::PlayCard {
            card: C::Wood,
            slot: 2,
        },
    );
    finish_turn(&mut st, 0);
    passive_step(&mut st); // seat 1 plays
    finish_turn(&mut st, 1);
    act(
        &mut st,
        0,
        A::PlayCard {
            card: C::Stone,
            slot: 1,
        },
    );
    assert_eq!(
        refused(
            &mut st.clone(),
            0,
            A::PlayCard {
                card: C::Cloth,
                slot: 1
            }
        ),
        "EMR-4.1"
    );
    finish_turn(&mut st, 0);
    passive_step(&mut st);
    finish_turn(&mut st, 1);
    let plays: Vec<EmaraAction> = legal(&st, 0);
    assert_eq!(
        plays,
        vec![A::PlayCard {
            card: C::Cloth,
            slot: 3
        }]
    );
    assert_eq!(
        refused(
            &mut st,
            0,
            A::PlayCard {
                card: C::Cloth,
                slot: 2
            }
        ),
        "EMR-4.2"
    );
    passive_until(&mut st, |s| s.round == 2);
    assert!(
        st.players.iter().all(|p| p.slots == [None; 3]),
        "all slots empty"
    );
}

#[test]
fn tv_10_turn_order() {
    // EMR-3.3, EMR-3.4
    let mut st = Table::new(3).done();
    for s in 0..3 {
        st.players[s].hand = List::from_slice(&[C::Wood, C::Stone, C::Cloth]);
    }
    st.statue = 1;
    st.pending = Pending::PlayCard { seat: 1 };
    let ev = passive_until(&mut st, |s| s.round == 2);
    let mut turns = vec![1];
    turns.extend(ev.iter().filter_map(|e| match e {
        EmaraEvent::TurnStarted { seat, round: 1, .. } => Some(*seat),
        _ => None,
    }));
    assert_eq!(turns, vec![1, 2, 0, 1, 2, 0, 1, 2, 0]);
    assert!(ev.contains(&EmaraEvent::StatuePassed { to: 2 }));
    assert_eq!(st.statue, 2);
}

#[test]
fn tv_11_start_positions() {
    // EMR-2.15, EMR-2.16, EMR-2.17
    let st = Emara::setup_scenario(&EmaraConfig::new(3), &scenario(3), 0).unwrap();
    assert_eq!(
        st.events_done[0],
        EventCard::StoneFromDistantShores,
        "Quarry + Market"
    );
    let pos: Vec<(Location, Location)> = (0..3)
        .map(|s| (st.councilor_at(s, Ring::A), st.councilor_at(s, Ring::B)))
        .collect();
    assert_eq!(
        pos,
        vec![(Quarry, Market), (WeavingMill, Castle), (Forest, Cathedral)]
    );
    let g = |s: usize| goods(&st, s);
    assert_eq!((g(0).stone, g(0).resources_total()), (1, 1));
    assert_eq!((g(1).cloth, g(1).resources_total()), (1, 1));
    assert_eq!((g(2).wood, g(2).resources_total()), (1, 1));
}

#[test]
fn tv_12_harvest_with_craftsmen() {
    // EMR-7.1, EMR-7.2, EMR-7.3
    let mut st = Table::new(2)
        .at(0, Forest, Castle)
        .craftsman(0, GrainField, 0)
        .craftsman(0, GrainField, 1)
        .craftsman(1, GrainField, 2)
        .playing(0, C::Coins, 1);
    act(&mut st, 0, A::Move(Ring::A));
    assert_eq!(st.councilor_at(0, Ring::A), GrainField);
    let h = |e, b| {
        A::Harvest(HarvestChoice {
            extra: e,
            bread_for_grain: b,
            bread_for_coin: 0,
        })
    };
    // Two own craftsmen: two choices; the other player's craftsman adds nothing.
    assert_eq!(refused(&mut st, 0, h(2, 1)), "EMR-7.2");
    act(&mut st, 0, h(1, 1));
    assert_eq!((goods(&st, 0).grain, goods(&st, 0).bread), (1, 1));
}

#[test]
fn tv_13_bread_delivery() {
    // EMR-8.8, EMR-9.4
    let mut st = Table::new(3).goods(0, Goods { bread: 3, ..g() }).done();
    assert_eq!(marker(&st, Marker::Bread), 4);
    city(&mut st, 0, ConstructionSite);
    act(&mut st, 0, A::BuildBread(3));
    assert_eq!(st.players[0].cp, 12);
    assert_eq!(goods(&st, 0).bread, 0);
    assert_eq!(marker(&st, Marker::Bread), 3, "advanced once");
    assert_eq!(st.markers[Marker::Bread.index()].index, Some(1));
}

#[test]
fn tv_14_wood_delivery() {
    // EMR-8.9, EMR-1.7, EMR-12.17, EMR-13.9, EMR-13.8
    let run = |toolmaker: bool, event: Option<EventCard>| {
        let mut t = Table::new(2).goods(0, Goods { wood: 3, ..g() });
        if toolmaker {
            t = t.advisor(0, Advisor::Toolmaker);
        }
        if let Some(e) = event {
            t = t.event(e);
        }
        let mut st = t.done();
        city(&mut st, 0, ConstructionSite);
        assert_eq!(
            refused(&mut st, 0, A::BuildWood(Payment::of(Wood, 2))),
            "EMR-8.9",
            "2 wood is not an option"
        );
        act(&mut st, 0, A::BuildWood(Payment::of(Wood, 3)));
        st.players[0].bp - 40
    };
    assert_eq!(run(false, None), 10);
    assert_eq!(run(true, None), 12);
    assert_eq!(run(true, Some(EventCard::ALongSummer)), 14);
    assert_eq!(run(true, Some(EventCard::AnEarlyWinter)), 11);
}

#[test]
fn tv_15_stone_with_coin_joker() {
    // EMR-1.5, EMR-8.7
    let mut st = Table::new(3).goods(0, Goods { coins: 1, ..g() }).done();
    city(&mut st, 0, ConstructionSite);
    assert_eq!(marker(&st, Marker::Stone), 5);
    act(&mut st, 0, A::BuildStone(Payment::coins(1)));
    assert_eq!((st.players[0].bp, st.players[0].cp), (45, 5));
    assert_eq!(goods(&st, 0).coins, 0);
    assert_eq!(marker(&st, Marker::Stone), 4, "the marker advanced");
}

#[test]
fn tv_16_marker_exhaustion() {
    // EMR-9.2, EMR-9.3
    let mut st = Table::new(3).goods(0, Goods { stone: 5, ..g() }).done();
    assert_eq!(
        super::super::effects::marker_side(3, Marker::Stone),
        &[5, 4, 3]
    );
    let mut gains = Vec::new();
    for k in 0..5 {
        city(&mut st, 0, ConstructionSite);
        let cp = st.players[0].cp;
        act(&mut st, 0, A::BuildStone(Payment::of(Stone, 1)));
        gains.push(st.players[0].cp - cp);
        if k == 2 {
            assert_eq!(
                st.markers[Marker::Stone.index()].index,
                None,
                "removed after the 3rd"
            );
        }
    }
    assert_eq!(gains, vec![5, 4, 3, 2, 2]);
}

#[test]
fn tv_17_two_player_setup() {
    // EMR-2.4, EMR-2.5, EMR-2.7
    let st = Emara::setup(&EmaraConfig::new(2), 5).unwrap();
    let v = spectator(&st);
    let val = |m: Marker| v.markers.iter().find(|x| x.marker == m).unwrap().clone();
    for r in Resource::ALL {
        let gift = val(Marker::Gift(r));
        let don = val(Marker::Donation(r));
        let gift_two = matches!(r, Stone | Cloth);
        let don_two = matches!(r, Wood | Grain);
        assert_eq!(gift.value, if gift_two { 2 } else { 1 }, "{r:?}");
        assert_eq!(don.value, if don_two { 2 } else { 1 }, "{r:?}");
        assert_eq!(gift.side, vec![1, 2, 3], "2–3-player side");
    }
    assert_eq!(val(Marker::Bread).index, Some(1));
    assert_eq!(val(Marker::Stone).index, Some(1));
}

#[test]
fn tv_18_castle_both_sub_actions() {
    // EMR-8.3, EMR-8.4, EMR-12.14, EMR-13.13
    let mut st = Table::new(3)
        .goods(
            0,
            Goods {
                grain: 1,
                books: 1,
                ..g()
            },
        )
        .advisor(0, Advisor::Mayoress)
        .event(EventCard::AGiftFromThePeople)
        .done();
    assert_eq!(marker(&st, Marker::Gift(Grain)), 1);
    city(&mut st, 0, Castle);
    act(
        &mut st,
        0,
        A::CastleGift {
            resource: Grain,
            payment: Payment::of(Grain, 1),
        },
    );
    assert_eq!((goods(&st, 0).grain, goods(&st, 0).rings), (0, 1));
    assert_eq!(st.players[0].cp, 5, "+2 Mayoress +3 event");
    act(&mut st, 0, A::CastleBookForBp);
    assert_eq!(st.players[0].bp, 45);
    assert_eq!(st.players[0].cp, 5, "no +3 for the book");
    assert_eq!(goods(&st, 0).books, 0);
}

#[test]
fn tv_19_cathedral_with_abbess_in_a_pious_donation() {
    // EMR-8.2, EMR-12.16, EMR-13.11
    let mut st = Table::new(3)
        .goods(0, Goods { stone: 1, ..g() })
        .advisor(0, Advisor::Abbess)
        .event(EventCard::APiousDonation)
        .done();
    city(&mut st, 0, Cathedral);
    act(
        &mut st,
        0,
        A::CathedralDonate {
            resource: Stone,
            payment: Payment::of(Stone, 1),
        },
    );
    assert_eq!(goods(&st, 0).books, 2);
    assert_eq!(st.players[0].cp, 3);
    let t = st.favor_drawn[0];
    act(&mut st, 0, A::KeepFavorToken(t));
    assert_eq!(st.players[0].favor.len(), 1);
}

#[test]
fn tv_20_favor_token_redemption() {
    // EMR-10.4, EMR-10.5, EMR-10.6
    use FavorReward::*;
    let tokens = [tok(Castle, SignetRing), tok(Castle, Bp3), tok(Market, Coin)];
    let mut st = Table::new(2)
        .at(0, Forest, Market)
        .favor(0, &tokens)
        .playing(0, C::Coins, 1);
    act(&mut st, 0, A::Move(Ring::B));
    assert_eq!(st.councilor_at(0, Ring::B), Castle);
    let redeem: Vec<EmaraAction> = legal(&st, 0)
        .into_iter()
        .filter(|a| matches!(a, A::RedeemFavorToken(_)))
        .collect();
    assert_eq!(
        redeem,
        vec![
            A::RedeemFavorToken(tokens[0]),
            A::RedeemFavorToken(tokens[1])
        ]
    );
    assert_eq!(
        refused(&mut st, 0, A::RedeemFavorToken(tokens[2])),
        "EMR-10.4"
    );
    act(&mut st, 0, A::RedeemFavorToken(tokens[0]));
    act(&mut st, 0, A::RedeemFavorToken(tokens[1]));
    assert_eq!((goods(&st, 0).rings, st.players[0].bp), (1, 43));
    act(&mut st, 0, A::FinishLocationAction);
    assert_eq!(st.players[0].favor.to_vec(), vec![tokens[2]]);
    // With the City card naming the Market, only the Market token.
    let mut st = Table::new(2)
        .at(0, Forest, Cathedral)
        .favor(0, &tokens)
        .done();
    city(&mut st, 0, Market);
    let redeem: Vec<EmaraAction> = legal(&st, 0)
        .into_iter()
        .filter(|a| matches!(a, A::RedeemFavorToken(_)))
        .collect();
    assert_eq!(redeem, vec![A::RedeemFavorToken(tokens[2])]);
    act(&mut st, 0, A::RedeemFavorToken(tokens[2]));
    assert_eq!(goods(&st, 0).coins, 1);
}

/// A state whose favor stack holds `stack` tokens and discard pile `discard` tokens (the rest held
/// by seat 1), seat 0 about to donate 1 stone at the Cathedral.
fn favor_state(stack: usize, discard: usize) -> EmaraState {
    let all = data().favor_tokens.clone();
    let mut st = Table::new(2).goods(0, Goods { stone: 1, ..g() }).done();
    st.favor_stack = List::from_slice(&all[..stack]);
    st.favor_discard = all[stack..stack + discard]
        .iter()
        .map(|&t| (t, 0b10))
        .collect();
    st.players[1].favor = List::from_slice(&all[stack + discard..]);
    city(&mut st, 0, Cathedral);
    st
}

fn donate_stone() -> EmaraAction {
    A::CathedralDonate {
        resource: Stone,
        payment: Payment::of(Stone, 1),
    }
}

#[test]
fn tv_21_favor_reshuffle() {
    // EMR-10.3
    let mut st = favor_state(1, 5);
    let ev = act(&mut st, 0, donate_stone());
    let order: Vec<&EmaraEvent> = ev
        .iter()
        .filter(|e| {
            matches!(
                e,
                EmaraEvent::FavorReshuffled { .. } | EmaraEvent::FavorDrawn { .. }
            )
        })
        .collect();
    assert!(matches!(order[0], EmaraEvent::FavorReshuffled { count: 5 }));
    assert!(matches!(order[1], EmaraEvent::FavorDrawn { count: 3, .. }));
    let t = st.favor_drawn[0];
    act(&mut st, 0, A::KeepFavorToken(t));
    assert_eq!((st.favor_discard.len(), st.favor_stack.len()), (2, 3));
}

#[test]
fn tv_22_hand_replacement() {
    // EMR-3.4e, EMR-3.6, EMR-3.4, G13
    let mut saw_played_again = false;
    for seed in 0..6 {
        let mut st = Emara::setup(&EmaraConfig::new(2), seed).unwrap();
        let round1: Vec<ActionCard> = st.players[0].hand.to_vec();
        let ev = passive_until(&mut st, |s| s.round == 4);
        assert!(ev.contains(&EmaraEvent::DeckShuffled { seat: 0, count: 9 }));
        for p in &st.players {
            assert_eq!((p.hand.len(), p.deck.len()), (3, 6));
        }
        saw_played_again |= st.players[0].hand.iter().any(|c| round1.contains(c));
        let ev = passive_until(&mut st, |s| s.phase == Phase::FinalScoring);
        let last_round: Vec<&EmaraEvent> = ev
            .iter()
            .skip_while(|e| !matches!(e, EmaraEvent::RoundStarted { round: 6 }))
            .collect();
        assert!(
            !last_round
                .iter()
                .any(|e| matches!(e, EmaraEvent::CardsDrawn { .. })),
            "no draw after round 6"
        );
        assert!(
            st.players
                .iter()
                .all(|p| p.hand.is_empty() && p.deck.is_empty())
        );
    }
    assert!(
        saw_played_again,
        "in round 4 any of the 9 types can be in hand"
    );
}

#[test]
fn tv_23_full_selection() {
    // EMR-15.5
    let mut cfg = EmaraConfig::new(2);
    cfg.full_selection = true;
    let mut st = Emara::setup(&cfg, 3).unwrap();
    assert!(
        st.players
            .iter()
            .all(|p| p.hand.len() == 9 && p.deck.is_empty())
    );
    passive_until(&mut st, |s| s.round == 2);
    assert!(st.players.iter().all(|p| p.hand.len() == 6));
    passive_until(&mut st, |s| s.round == 3);
    assert!(st.players.iter().all(|p| p.hand.len() == 3));
    let ev = passive_until(&mut st, |s| s.round == 4);
    assert!(
        ev.iter()
            .any(|e| matches!(e, EmaraEvent::HandTakenUp { seat: 0, .. }))
    );
    assert!(st.players.iter().all(|p| p.hand.len() == 9));
}

/// A 2-player state at the end of round `round` with `event` in force.
fn end_of_round(
    event: Option<EventCard>,
    round: u8,
    setup: impl Fn(&mut EmaraState),
) -> EmaraState {
    let mut st = Table::new(2).done();
    st.current_event = event;
    st.round = round;
    setup(&mut st);
    st.phase = Phase::EndOfRound;
    st.round_event_next = 0;
    st.turn = Turn::default();
    super::super::round::continue_end_of_round(&mut st, &mut Vec::new());
    st
}

#[test]
fn tv_24_famine() {
    // EMR-13.5, EMR-3.4
    let st = end_of_round(Some(EventCard::TheGreatFamine), 1, |st| {
        st.players[0].goods = Goods {
            grain: 2,
            rings: 1,
            ..g()
        };
    });
    assert_eq!(
        st.pending,
        Pending::RoundEvent {
            seat: 0,
            event: EventCard::TheGreatFamine
        }
    );
    let opts = legal(&st, 0);
    let ev = |option, payment| A::ResolveRoundEvent { option, payment };
    assert_eq!(
        opts,
        vec![
            ev(RoundEventOption::Decline, Payment::NONE),
            ev(RoundEventOption::OneGrain, Payment::of(Grain, 1)),
            ev(RoundEventOption::TwoGrain, Payment::of(Grain, 2)),
            ev(RoundEventOption::Ring, Payment::NONE),
        ]
    );
    for (o, cp) in [(1, 3), (2, 5), (3, 5)] {
        let mut s = st.clone();
        act(&mut s, 0, opts[o]);
        assert_eq!(s.players[0].cp, cp);
        assert_ne!(
            s.pending,
            Pending::RoundEvent {
                seat: 0,
                event: EventCard::TheGreatFamine
            },
            "exactly one option"
        );
    }
}

#[test]
fn tv_25_merchants_from_afar() {
    // EMR-13.10, EMR-8.5
    let mut st = Table::new(2)
        .goods(0, Goods { wood: 3, ..g() })
        .event(EventCard::MerchantsFromAfar)
        .done();
    city(&mut st, 0, Market);
    assert_eq!(
        refused(&mut st, 0, A::MarketBuyCoins(Payment::of(Wood, 3))),
        "EMR-13.10"
    );
    act(&mut st, 0, A::MarketBuyCoins(Payment::of(Wood, 2)));
    assert_eq!((goods(&st, 0).wood, goods(&st, 0).coins), (1, 2));
    // Without the event, only 1.
    let mut st = Table::new(2).goods(0, Goods { wood: 3, ..g() }).done();
    city(&mut st, 0, Market);
    assert_eq!(
        refused(&mut st, 0, A::MarketBuyCoins(Payment::of(Wood, 2))),
        "EMR-8.5"
    );
}

#[test]
fn tv_26_discounts() {
    // EMR-5.8, EMR-13.14, EMR-13.15
    let cost = data().advisor(Advisor::MasterOfCoin).cost;
    assert_eq!(
        (cost.wood, cost.cloth, cost.stone, cost.total()),
        (1, 1, 1, 3)
    );
    let st = Table::new(2)
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
        .event(EventCard::GoodLabourSituation)
        .playing(0, C::Hire, 1);
    let pays: Vec<Payment> = legal(&st, 0)
        .into_iter()
        .filter_map(|a| match a {
            A::CardHire(Hire::Advisor {
                advisor: Advisor::MasterOfCoin,
                payment,
            }) => Some(payment),
            _ => None,
        })
        .collect();
    assert_eq!(
        pays,
        vec![
            Payment::of(Stone, 1),
            Payment::of(Cloth, 1),
            Payment::of(Wood, 1)
        ],
        "any one of the three units"
    );
}

#[test]
fn tv_27_bonus_once_per_turn() {
    // EMR-11.1, EMR-5.8
    let rich = Goods {
        wood: 5,
        cloth: 5,
        grain: 5,
        stone: 5,
        ..g()
    };
    let mut st = Table::new(2)
        .at(0, Quarry, Castle)
        .goods(0, rich)
        .playing(0, C::Hire, 1);
    let hire = |hut| A::HireCraftsman {
        location: Quarry,
        hut,
        payment: Payment::of(Wood, 2),
    };
    act(&mut st, 0, hire(0));
    let again = A::HireCraftsman {
        location: Quarry,
        hut: 1,
        payment: Payment {
            wood: 1,
            cloth: 1,
            ..Payment::NONE
        },
    };
    assert_eq!(refused(&mut st, 0, again), "EMR-11.1");
    act(
        &mut st,
        0,
        A::CardHire(Hire::Craftsman {
            location: Quarry,
            hut: 1,
            payment: Payment::of(Wood, 1),
        }),
    );
    assert_eq!(st.players[0].craftsmen_placed, 2);
}

#[test]
fn tv_28_craftsman_cap() {
    // EMR-11.8, G24
    let rich = Goods {
        wood: 5,
        cloth: 5,
        grain: 5,
        stone: 5,
        ..g()
    };
    let mut st = Table::new(2)
        .at(0, Forest, Castle)
        .craftsman(0, Forest, 0)
        .craftsman(0, Forest, 1)
        .craftsman(0, Forest, 2)
        .advisor(0, Advisor::Steward)
        .goods(0, rich)
        .playing(0, C::Coins, 1);
    let forest = A::HireCraftsman {
        location: Forest,
        hut: 3,
        payment: Payment {
            cloth: 1,
            grain: 2,
            ..Payment::NONE
        },
    };
    assert_eq!(refused(&mut st, 0, forest), "EMR-11.8");
    act(
        &mut st,
        0,
        A::HireCraftsman {
            location: GrainField,
            hut: 0,
            payment: Payment {
                wood: 1,
                cloth: 1,
                ..Payment::NONE
            },
        },
    );
    assert_eq!(st.players[0].craftsmen_placed, 4);
}

#[test]
fn tv_29_no_skipping_ranks() {
    // EMR-11.2, EMR-11.3
    let mut st = Table::new(2)
        .goods(
            0,
            Goods {
                coins: 10,
                rings: 10,
                ..g()
            },
        )
        .playing(0, C::Coins, 1);
    let ev = act(&mut st, 0, A::RaiseRank);
    assert!(
        ev.contains(&EmaraEvent::RankRaised {
            seat: 0,
            card: NobilityCard {
                rank: Rank::Baron,
                cp: 8
            }
        }),
        "without a rank only Baron can be taken, never Count"
    );
    let mut st = Table::new(2)
        .goods(
            0,
            Goods {
                coins: 2,
                rings: 1,
                ..g()
            },
        )
        .done();
    st.players[0].nobility.push(NobilityCard {
        rank: Rank::Baron,
        cp: 8,
    });
    st.nobility[0].pop();
    let mut st = Table(st).playing(0, C::Coins, 1);
    act(&mut st, 0, A::RaiseRank);
    assert_eq!(
        st.players[0].nobility[1],
        NobilityCard {
            rank: Rank::Count,
            cp: 11
        },
        "the top Count card"
    );
    assert_eq!((goods(&st, 0).coins, goods(&st, 0).rings), (0, 0));
    assert_eq!(st.players[0].cp, 11);
}

#[test]
fn tv_30_advisor_refill() {
    // EMR-11.11
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
    assert_eq!(st.b_deck.last(), Some(&Advisor::SirCarl));
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
    assert_eq!(st.spaces[0][0], Some(Advisor::SirCarl));
    assert_eq!(
        spectator(&st).advisor_spaces[0].advisor,
        Some(Advisor::SirCarl),
        "visible"
    );
    // An empty B deck leaves the space empty.
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
        .done();
    st.b_deck.clear();
    let mut st = Table(st).playing(0, C::Coins, 1);
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
    assert_eq!(st.spaces[0][0], None);
}

#[test]
fn tv_31_landlord() {
    // EMR-12.9, G18
    let mut st = Table::new(2)
        .advisor(0, Advisor::Landlord)
        .goods(0, Goods { cloth: 1, ..g() })
        .playing(0, C::Coins, 1);
    let use_it = A::UseLandlord(Payment::of(Cloth, 1));
    assert_eq!(refused(&mut st, 0, use_it), "EMR-12.9", "CP 0");
    st.players[0].cp = 4;
    act(&mut st, 0, use_it);
    assert_eq!(
        (st.players[0].cp, goods(&st, 0).cloth, st.players[0].bp),
        (3, 0, 45)
    );
}

fn with_cards(points: &[(u32, u32)], cards: &[Vec<NobilityCard>]) -> Outcome {
    let mut st = Table::new(points.len() as u8).done();
    for (s, &(cp, bp)) in points.iter().enumerate() {
        st.players[s].cp = cp;
        st.players[s].bp = bp;
        st.players[s].nobility = List::from_slice(&cards[s]);
    }
    st.round = 6;
    super::super::scoring::start_final_scoring(&mut st, &mut []);
    for s in 0..points.len() {
        act(&mut st, s, A::AllocateLeftovers { to_cp: 0 });
    }
    Emara::outcome(&st).unwrap()
}

fn ranks(up_to: Rank, top: u32) -> Vec<NobilityCard> {
    let mut v: Vec<NobilityCard> = Rank::ALL
        .iter()
        .filter(|&&r| r < up_to)
        .map(|&r| NobilityCard { rank: r, cp: 5 })
        .collect();
    v.push(NobilityCard {
        rank: up_to,
        cp: top,
    });
    v
}

#[test]
fn tv_32_tie_breakers() {
    // EMR-14.7, EMR-14.8, EMR-14.9, EMR-14.10
    let o = with_cards(&[(60, 70), (60, 65)], &[vec![], vec![]]);
    assert_eq!(o.places, vec![1, 2], "the other marker");
    let o = with_cards(
        &[(60, 65), (60, 65)],
        &[ranks(Rank::Marquess, 14), ranks(Rank::Prince, 14)],
    );
    assert_eq!(o.places, vec![1, 2], "the higher rank");
    let o = with_cards(
        &[(60, 65), (60, 65)],
        &[ranks(Rank::Duke, 21), ranks(Rank::Duke, 19)],
    );
    assert_eq!(o.places, vec![1, 2], "the better Duke card");
    let o = with_cards(
        &[(60, 65), (60, 65)],
        &[ranks(Rank::Duke, 19), ranks(Rank::Duke, 19)],
    );
    assert_eq!(o.places, vec![1, 1], "a shared place");
    assert_eq!(o.winners, vec![0, 1]);
    // The contract's shared victory: not a draw, and the reason says so.
    assert!(!o.draw);
    assert!(
        o.reason.starts_with("Shared victory: seat 0 (") && !o.reason.contains("wins"),
        "{}",
        o.reason
    );
}

#[test]
fn tv_33_leftovers() {
    // EMR-14.2, EMR-14.3, EMR-14.5
    let mut st = Table::new(2)
        .goods(
            0,
            Goods {
                rings: 2,
                coins: 1,
                books: 2,
                bread: 1,
                wood: 2,
                cloth: 2,
                stone: 1,
                ..g()
            },
        )
        .favor(0, &[tok(Castle, FavorReward::Cp3)])
        .points(0, 50, 45)
        .done();
    st.round = 6;
    super::super::scoring::start_final_scoring(&mut st, &mut []);
    assert_eq!(st.players[0].leftovers, Some(11));
    assert_eq!(best_split(50, 45, 11), 3);
    assert_eq!(spectator(&st).players[0].leftovers_suggested_to_cp, Some(3));
    let mut a = st.clone();
    act(&mut a, 0, A::AllocateLeftovers { to_cp: 3 });
    assert_eq!((a.players[0].cp, a.players[0].bp), (53, 53));
    let mut b = st.clone();
    act(&mut b, 0, A::AllocateLeftovers { to_cp: 11 });
    assert_eq!((b.players[0].cp, b.players[0].bp), (61, 45));
    act(&mut b, 1, A::AllocateLeftovers { to_cp: 0 });
    assert_eq!(b.score.unwrap().players[0].final_score, 45);
    assert_eq!(
        refused(&mut a, 0, A::AllocateLeftovers { to_cp: 0 }),
        "EMR-14.3"
    );
}

#[test]
fn tv_34_victoria() {
    // EMR-16.5, EMR-16.6
    let mut st = Table::with_config(EmaraConfig::solo(SoloMode::Highscore, 30)).done();
    assert_eq!(marker(&st, Marker::Stone), 5);
    assert_eq!(marker(&st, Marker::Bread), 4);
    st.round = 2;
    st.phase = Phase::EndOfRound;
    let mut ev = Vec::new();
    super::super::round::continue_end_of_round(&mut st, &mut ev);
    assert!(ev.contains(&EmaraEvent::VictoriaBuilt {
        stone: 5,
        bread: 4,
        cp: 9
    }));
    assert!(ev.contains(&EmaraEvent::VictoriaRank {
        card: NobilityCard {
            rank: Rank::Baron,
            cp: 8
        }
    }));
    assert_eq!(st.victoria.as_ref().unwrap().cp, 17);
    assert_eq!(
        (marker(&st, Marker::Stone), marker(&st, Marker::Bread)),
        (4, 3)
    );
    // End of round 6: only the construction step, no card.
    st.round = 6;
    st.phase = Phase::EndOfRound;
    let mut ev = Vec::new();
    super::super::round::continue_end_of_round(&mut st, &mut ev);
    assert!(ev.contains(&EmaraEvent::VictoriaBuilt {
        stone: 4,
        bread: 3,
        cp: 7
    }));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, EmaraEvent::VictoriaRank { .. }))
    );
    assert_eq!(st.victoria.as_ref().unwrap().cp, 24);
    assert_eq!(st.victoria.as_ref().unwrap().nobility.len(), 1);
}

#[test]
fn tv_35_random_layout_relocation() {
    // EMR-15.3, EMR-15.4, EMR-15.1
    let mut cfg = EmaraConfig::new(3);
    cfg.random_layout = true;
    let mut sc = scenario(3);
    sc.rings = Some([
        [Castle, Forest, Market, Quarry],
        [Cathedral, GrainField, ConstructionSite, WeavingMill],
    ]);
    let mut st = Emara::setup_scenario(&cfg, &sc, 0).unwrap();
    assert_eq!(st.pending, Pending::RelocateStartCouncilor { seat: 0 });
    let opts = legal(&st, 0);
    assert_eq!(opts.len(), 8, "either councilor, any location of ring B");
    assert!(opts.contains(&A::RelocateStartCouncilor {
        from: Market,
        to: WeavingMill
    }));
    assert_eq!(
        refused(
            &mut st,
            0,
            A::RelocateStartCouncilor {
                from: Market,
                to: Forest
            }
        ),
        "EMR-15.3"
    );
    act(
        &mut st,
        0,
        A::RelocateStartCouncilor {
            from: Market,
            to: GrainField,
        },
    );
    assert_eq!(
        (st.councilor_at(0, Ring::A), st.councilor_at(0, Ring::B)),
        (Quarry, GrainField)
    );
    assert_eq!(
        (st.councilor_at(1, Ring::A), st.councilor_at(1, Ring::B)),
        (Castle, ConstructionSite)
    );
    // Every player chooses a starting resource freely, in order from the start player.
    for (seat, r) in [(0, Wood), (1, Grain), (2, Grain)] {
        assert_eq!(st.pending, Pending::StartingResource { seat });
        assert_eq!(legal(&st, seat).len(), 4);
        act(&mut st, seat, A::ChooseStartingResource(r));
    }
    assert_eq!(goods(&st, 0).wood, 1);
    assert_eq!(goods(&st, 0).resources_total(), 1);
    assert_eq!(goods(&st, 2).grain, 1);
    assert_eq!(st.round, 1);
}

#[test]
fn tv_36_step_card() {
    // EMR-5.7, EMR-6.5
    let mut st = Table::new(2).at(0, Forest, Castle).playing(0, C::Step, 3);
    act(&mut st, 0, A::CardStep(Ring::A));
    assert_eq!(st.councilor_at(0, Ring::A), GrainField);
    assert_eq!(
        st.pending,
        Pending::LocationAction {
            seat: 0,
            location: GrainField
        }
    );
    act(
        &mut st,
        0,
        A::Harvest(HarvestChoice {
            extra: 0,
            bread_for_grain: 0,
            bread_for_coin: 0,
        }),
    );
    assert_eq!(goods(&st, 0).grain, 1);
    act(&mut st, 0, A::Move(Ring::B));
    assert_eq!(st.councilor_at(0, Ring::B), Market);
    assert_eq!(
        st.pending,
        Pending::LocationAction {
            seat: 0,
            location: Market
        }
    );
    act(&mut st, 0, A::MarketBuyCoins(Payment::of(Grain, 1)));
    act(&mut st, 0, A::FinishLocationAction);
    // The standing councilors gave nothing else.
    assert_eq!(goods(&st, 0), Goods { coins: 1, ..g() });
    assert_eq!(legal(&st, 0), vec![A::EndTurn]);
}

#[test]
fn tv_37_city_card() {
    // EMR-5.9, EMR-10.4
    let cs = tok(ConstructionSite, FavorReward::Bp3);
    let mut st = Table::new(2)
        .at(0, Forest, Cathedral)
        .favor(0, &[cs])
        .goods(
            0,
            Goods {
                stone: 1,
                wood: 1,
                bread: 1,
                ..g()
            },
        )
        .playing(0, C::City, 1);
    act(&mut st, 0, A::CardCity(ConstructionSite));
    let l = legal(&st, 0);
    for a in [
        A::BuildStone(Payment::of(Stone, 1)),
        A::BuildBread(1),
        A::BuildWood(Payment::of(Wood, 1)),
        A::RedeemFavorToken(cs),
    ] {
        assert!(l.contains(&a), "{a:?}");
    }
    assert_eq!(
        (st.councilor_at(0, Ring::A), st.councilor_at(0, Ring::B)),
        (Forest, Cathedral)
    );
}

#[test]
fn tv_38_chamberlain_timing() {
    // EMR-12.12, G11
    let mut st = Table::new(2)
        .advisor(0, Advisor::Chamberlain)
        .goods(0, Goods { rings: 2, ..g() })
        .playing(0, C::Coins, 1);
    act(&mut st, 0, A::UseChamberlain(ChamberlainSwap::RingToCoin));
    act(&mut st, 0, A::UseChamberlain(ChamberlainSwap::RingToCoin));
    assert_eq!(
        (goods(&st, 0).rings, goods(&st, 0).coins),
        (0, 2),
        "repeatable"
    );
    let mut st = Table::new(2)
        .advisor(0, Advisor::Chamberlain)
        .goods(0, Goods { rings: 2, ..g() })
        .done();
    st.round = 6;
    super::super::scoring::start_final_scoring(&mut st, &mut []);
    assert_eq!(
        refused(&mut st, 0, A::UseChamberlain(ChamberlainSwap::RingToCoin)),
        "EMR-14.3"
    );
}

#[test]
fn tv_39_action_ordering() {
    // EMR-4.4
    let mut st = Table::new(2)
        .at(0, Forest, Market)
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
    act(&mut st, 0, A::Move(Ring::B));
    assert_eq!(st.councilor_at(0, Ring::B), Castle);
    let recruit = A::RecruitAdvisor {
        advisor: Advisor::MasterOfCoin,
        payment: Payment {
            wood: 1,
            cloth: 1,
            stone: 1,
            ..Payment::NONE
        },
    };
    assert_eq!(refused(&mut st, 0, recruit), "EMR-4.4");
    act(&mut st, 0, A::FinishLocationAction);
    act(&mut st, 0, recruit);
    assert!(st.players[0].has(Advisor::MasterOfCoin));
}

#[test]
fn tv_40_step_card_is_mandatory() {
    // EMR-5.7, EMR-4.7
    let mut st = Table::new(2)
        .at(0, Forest, Cathedral)
        .playing(0, C::Step, 1);
    assert_eq!(refused(&mut st, 0, A::DeclineCardAction), "EMR-5.7");
    act(&mut st, 0, A::Move(Ring::A));
    act(&mut st, 0, A::FinishLocationAction);
    assert_eq!(refused(&mut st, 0, A::EndTurn), "EMR-4.7");
    act(&mut st, 0, A::CardStep(Ring::B));
    assert_eq!(st.councilor_at(0, Ring::B), ConstructionSite);
    act(&mut st, 0, A::FinishLocationAction);
    assert!(st.players[0].favor.is_empty());
    assert!(legal(&st, 0).contains(&A::EndTurn));
}

#[test]
fn tv_41_favor_reshuffle_timing() {
    // EMR-10.3, EMR-10.8, G26
    // (a) stack 3, discard 4.
    let mut st = favor_state(3, 4);
    let ev = act(&mut st, 0, donate_stone());
    assert!(ev.contains(&EmaraEvent::FavorReshuffled { count: 4 }));
    assert_eq!(st.favor_stack.len(), 4);
    let t = st.favor_drawn[0];
    act(&mut st, 0, A::KeepFavorToken(t));
    assert_eq!((st.favor_stack.len(), st.favor_discard.len()), (4, 2));
    // (b) stack 3, discard 0.
    let mut st = favor_state(3, 0);
    let ev = act(&mut st, 0, donate_stone());
    assert!(
        !ev.iter()
            .any(|e| matches!(e, EmaraEvent::FavorReshuffled { .. }))
    );
    assert_eq!(st.favor_stack.len(), 0);
    let t = st.favor_drawn[0];
    let ev = act(&mut st, 0, A::KeepFavorToken(t));
    assert!(ev.contains(&EmaraEvent::FavorReshuffled { count: 2 }));
    assert_eq!((st.favor_stack.len(), st.favor_discard.len()), (2, 0));
    // (c) stack 0, discard 0: a redeemed token is reshuffled at once.
    let all = data().favor_tokens.clone();
    let mut st = Table::new(2).done();
    st.favor_stack.clear();
    st.players[0].favor = List::from_slice(&all[..6]);
    st.players[1].favor = List::from_slice(&all[6..]);
    city(&mut st, 0, Castle);
    let ev = act(&mut st, 0, A::RedeemFavorToken(all[0]));
    assert!(ev.contains(&EmaraEvent::FavorReshuffled { count: 1 }));
    assert_eq!((st.favor_stack.len(), st.favor_discard.len()), (1, 0));
}

#[test]
fn tv_42_full_selection_round_length() {
    // EMR-3.3, EMR-15.5
    let mut cfg = EmaraConfig::new(2);
    cfg.full_selection = true;
    let mut st = Emara::setup(&cfg, 9).unwrap();
    let ev = passive_until(&mut st, |s| s.round == 2);
    let plays = ev
        .iter()
        .filter(|e| matches!(e, EmaraEvent::CardPlayed { .. }))
        .count();
    assert_eq!(plays, 6, "6 turns in total");
    assert!(st.players.iter().all(|p| p.hand.len() == 6));
}
