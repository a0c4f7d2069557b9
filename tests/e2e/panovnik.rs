//! Panovník through the real server: sealed simultaneous choices committed concurrently through
//! two server processes on one Redis (each counted exactly once, invisible to everybody else
//! until the reveal, replaceable until then), whole games with humans and bots, a solo game
//! against the virtual opponent, and refused moves with their PNV rule IDs.

use crate::common::*;
use futures::StreamExt;
use std::collections::BTreeMap;
use tablero_e2e::client::{SeatClient, Tablero, new_idempotency_key, rule_id};
use tablero_e2e::pb;
use tonic::Code;

fn panovnik(view: &pb::GameView) -> &pb::PanovnikView {
    match &view.game {
        Some(pb::game_view::Game::Panovnik(p)) => p,
        other => panic!("a Panovník game's view carries no PanovnikView: {other:?}"),
    }
}

fn pnv_event(e: &pb::Event) -> Option<&pb::panovnik_event::Kind> {
    match &e.game {
        Some(pb::event::Game::Panovnik(pb::PanovnikEvent { kind: Some(k) })) => Some(k),
        _ => None,
    }
}

/// Creates a Panovník game by its game-neutral mode name.
async fn create(tablero: &Tablero, mode: &str, seats: Vec<pb::SeatSpec>, seed: u64) -> Game {
    let game = Game::create_by_mode(tablero, "panovnik", mode, seats, seed, None).await;
    let view = game
        .created
        .view
        .as_ref()
        .expect("CreateGame returns a view");
    assert_eq!(panovnik(view).players.len(), game.n, "one player per seat");
    game
}

fn sealed_step(view: &pb::GameView) -> Option<pb::PanovnikSealedStep> {
    panovnik(view)
        .sealed
        .as_ref()
        .map(|s| s.step())
        .filter(|s| *s != pb::PanovnikSealedStep::Unspecified)
}

/// Plays the seats to act (each human seat through its own client, all at once) until `stop`
/// holds for the spectator's view; returns that view. Panics if the game ends first.
async fn play_until(
    game: &Game,
    clients: &BTreeMap<u32, SeatClient>,
    lcg: &mut Lcg,
    stop: impl Fn(&pb::GameView) -> bool,
) -> pb::GameView {
    for _ in 0..5_000 {
        let view = game.view().await;
        if stop(&view) {
            return view;
        }
        assert!(!finished(&view), "the game ended before the awaited moment");
        play_round(clients, &view, lcg).await;
    }
    panic!("the awaited moment never came");
}

/// Every seat in `to_act` submits one random legal action, concurrently.
async fn play_round(clients: &BTreeMap<u32, SeatClient>, view: &pb::GameView, lcg: &mut Lcg) {
    let mut tasks = Vec::new();
    for seat in &view.to_act {
        let client = clients[seat].clone();
        let pick = lcg.next();
        tasks.push(tokio::spawn(async move {
            let legal = client.legal_actions().await.expect("ListLegalActions");
            if legal.actions.is_empty() {
                return; // someone else's move changed the moment
            }
            let id = &legal.actions[(pick % legal.actions.len() as u64) as usize].id;
            match client.submit_id_at(legal.version, id).await {
                Ok(_) => {}
                // The moment moved on under us (e.g. our sealed step was revealed by a
                // concurrent last commit and our choice is no longer listed).
                Err(s) if s.code() == Code::FailedPrecondition || s.code() == Code::Aborted => {}
                Err(s) => panic!("submitting {id}: {s:?}"),
            }
        }));
    }
    for t in tasks {
        t.await.expect("a submit task");
    }
}

/// The ChoiceCommitted events of `step` in `events`, as (seat, choice shown).
fn commits(
    events: &[pb::Event],
    step: pb::PanovnikSealedStep,
) -> Vec<(u32, Option<pb::PanovnikSealedChoice>)> {
    events
        .iter()
        .filter_map(|e| match pnv_event(e) {
            Some(pb::panovnik_event::Kind::ChoiceCommitted(c)) if c.step() == step => {
                Some((c.seat, c.choice.clone()))
            }
            _ => None,
        })
        .collect()
}

fn bid_id(bid: &pb::PanovnikBid) -> String {
    match bid.kind() {
        pb::PanovnikBidKind::Gem => format!(
            "bid:gem:{}",
            match bid.color() {
                pb::PanovnikColor::Blue => "blue",
                pb::PanovnikColor::Red => "red",
                pb::PanovnikColor::Green => "green",
                pb::PanovnikColor::Yellow => "yellow",
                pb::PanovnikColor::Unspecified => "?",
            }
        ),
        pb::PanovnikBidKind::Attack => "bid:attack".into(),
        pb::PanovnikBidKind::Pass => "bid:pass".into(),
        pb::PanovnikBidKind::Unspecified => "?".into(),
    }
}

/// Four seats commit their sealed bids of bidding round 1 through two server processes on one
/// Redis: nobody sees a bid before the reveal (views, history, watch), a committed bid can be
/// replaced, an exact resubmit (same idempotency key, other replica) is not counted again, and
/// the reveal lists every seat's final bid exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn four_sealed_bids_through_two_servers_are_each_counted_once() {
    let store = Store::redis();
    let a = store.server();
    let b = store.server();
    let (ta, tb) = (a.client().await, b.client().await);
    let game = create(&ta, "four_player", all_human(4), 41).await;
    let on_b = game.on(&tb);
    // Seats 0 and 2 talk to replica A, seats 1 and 3 to replica B.
    let clients: BTreeMap<u32, SeatClient> = (0..4u32)
        .map(|s| {
            (
                s,
                if s % 2 == 0 {
                    game.seat(s)
                } else {
                    on_b.seat(s)
                },
            )
        })
        .collect();
    let mut lcg = Lcg::new(5);

    // Through the starting-card choice and the starting rewards to the first sealed bid.
    let view = play_until(&game, &clients, &mut lcg, |v| {
        sealed_step(v) == Some(pb::PanovnikSealedStep::Bid)
            && panovnik(v).round == 1
            && panovnik(v)
                .sealed
                .as_ref()
                .is_some_and(|s| s.committed.is_empty())
    })
    .await;
    assert_eq!(
        view.to_act,
        vec![0, 1, 2, 3],
        "all four bid at once (PNV-5.4)"
    );
    let opened_at = view.version;
    let mut watch_3 = clients[&3]
        .watch(opened_at)
        .await
        .expect("watch for seat 3");

    // Each seat's choice: a random listed bid.
    let mut chosen: BTreeMap<u32, String> = BTreeMap::new();
    for s in 0..4u32 {
        let legal = clients[&s].legal_actions().await.expect("legal bids");
        let bids: Vec<&str> = legal
            .actions
            .iter()
            .map(|a| a.id.as_str())
            .filter(|id| id.starts_with("bid:"))
            .collect();
        assert!(bids.contains(&"bid:pass"), "passing is always a bid");
        chosen.insert(
            s,
            bids[(lcg.next() % bids.len() as u64) as usize].to_string(),
        );
    }

    // Seats 0 and 1 commit at the same moment, one through each replica.
    let first: Vec<_> = [0u32, 1]
        .into_iter()
        .map(|s| {
            let (c, id) = (clients[&s].clone(), chosen[&s].clone());
            tokio::spawn(async move { c.submit_id_at(opened_at, &id).await })
        })
        .collect();
    for t in first {
        t.await.expect("task").expect("a sealed bid is accepted");
    }

    // Nobody else sees those bids: not in views, nor in the history.
    for viewer in [game.spectator(), clients[&2].clone(), on_b.spectator()] {
        let v = viewer.view().await.expect("view");
        let p = panovnik(&v);
        let sealed = p.sealed.as_ref().expect("the bid step is open");
        assert_eq!(sealed.committed, vec![0, 1], "who committed is public");
        assert_eq!(v.to_act, vec![2, 3]);
        for pl in &p.players {
            if Some(pl.seat) != v.viewer_seat {
                assert!(pl.pending_choice.is_none(), "seat {}'s bid leaked", pl.seat);
            }
        }
        let history = viewer.history(opened_at).await.expect("history");
        let seen = commits(&history, pb::PanovnikSealedStep::Bid);
        assert_eq!(seen.len(), 2);
        assert!(
            seen.iter().all(|(_, c)| c.is_none()),
            "the history shows a bid: {seen:?}"
        );
    }
    // The owner sees its own pending bid.
    let own = clients[&0].view().await.expect("seat 0's view");
    let mine = panovnik(&own).players[0]
        .pending_choice
        .as_ref()
        .expect("seat 0 sees its own bid");
    match &mine.kind {
        Some(pb::panovnik_sealed_choice::Kind::Bid(bid)) => assert_eq!(bid_id(bid), chosen[&0]),
        other => panic!("seat 0's pending choice is not a bid: {other:?}"),
    }

    // Seat 1 changes its mind before the reveal (a committed seat keeps its listed bids).
    let legal_1 = clients[&1].legal_actions().await.expect("seat 1's bids");
    assert!(
        !legal_1.actions.is_empty(),
        "a committed seat may replace its bid"
    );
    if let Some(other) = legal_1
        .actions
        .iter()
        .map(|a| a.id.clone())
        .find(|id| id.starts_with("bid:") && *id != chosen[&1])
    {
        clients[&1]
            .submit_id_at(legal_1.version, &other)
            .await
            .expect("replacing a sealed bid");
        chosen.insert(1, other);
    }

    // Seat 2 commits through A; the very same request (same idempotency key) repeated through
    // B is answered from the first result and not counted again.
    let v2 = clients[&2].legal_actions().await.expect("seat 2").version;
    let key = new_idempotency_key();
    let req = |version| pb::SubmitActionRequest {
        game_id: game.id.clone(),
        expected_version: version,
        idempotency_key: key.clone(),
        action: Some(action_id(&chosen[&2])),
        ..Default::default()
    };
    let first_reply = clients[&2].submit(req(v2)).await.expect("seat 2's bid");
    let seat_2_on_b = on_b.seat(2);
    let repeat = seat_2_on_b.submit(req(v2)).await.expect("the repeated bid");
    assert_eq!(first_reply, repeat, "a repeat returns the first result");

    // The last seat commits: the reveal happens in that one write.
    let last = clients[&3]
        .submit_id(&chosen[&3])
        .await
        .expect("seat 3's bid");
    assert!(
        last.events.iter().any(|e| matches!(
            pnv_event(e),
            Some(pb::panovnik_event::Kind::BidsRevealed(_))
        )),
        "the bids are revealed in the write of the last commit"
    );

    let history = game.spectator().history(opened_at).await.expect("history");
    let revealed: Vec<&pb::panovnik_event::BidsRevealed> = history
        .iter()
        .filter_map(|e| match pnv_event(e) {
            Some(pb::panovnik_event::Kind::BidsRevealed(r)) => Some(r),
            _ => None,
        })
        .collect();
    let reveal = revealed.first().expect("the bids were revealed");
    let mut by_seat: BTreeMap<u32, String> = BTreeMap::new();
    for sb in &reveal.bids {
        let bid = sb.bid.as_ref().expect("a revealed bid");
        assert!(
            by_seat.insert(sb.seat, bid_id(bid)).is_none(),
            "seat {} counted twice",
            sb.seat
        );
    }
    assert_eq!(by_seat, chosen, "every seat's final bid, exactly once");
    let commit_events = commits(&history, pb::PanovnikSealedStep::Bid);
    let replaced = usize::from(legal_1.actions.len() > 1);
    assert_eq!(
        commit_events.len(),
        4 + replaced,
        "one commit per seat (+ seat 1's replacement), none for the repeat: {commit_events:?}"
    );

    // Seat 3's watch stream saw the commits without their contents, then the reveal.
    let mut saw_reveal = false;
    let mut seen_commits = 0;
    while !saw_reveal {
        let e = within(20, "the watch stream", watch_3.next())
            .await
            .expect("the stream stays open")
            .expect("watch");
        for ev in &e.events {
            match pnv_event(ev) {
                Some(pb::panovnik_event::Kind::ChoiceCommitted(c)) => {
                    seen_commits += 1;
                    if c.seat != 3 {
                        assert!(c.choice.is_none(), "the watch stream leaked a bid: {c:?}");
                    }
                }
                Some(pb::panovnik_event::Kind::BidsRevealed(_)) => saw_reveal = true,
                _ => {}
            }
        }
    }
    assert_eq!(seen_commits, 4 + replaced);
}

/// Three people and a bot play a whole four-player game; every sealed step is committed by all
/// human seats at once.
async fn three_humans_and_a_bot_play_to_the_end(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let mut seats = all_human(3);
    seats.push(Tablero::bot());
    let game = create(&tablero, "four_player", seats, 77).await;
    let clients: BTreeMap<u32, SeatClient> = (0..3u32).map(|s| (s, game.seat(s))).collect();
    let mut lcg = Lcg::new(9);
    let end = play_until(&game, &clients, &mut lcg, finished).await;
    let p = panovnik(&end);
    assert_eq!(p.round, 12, "the game has 12 rounds (PNV-1.13)");
    assert_eq!(p.scores.len(), 4, "every seat is scored");
    let outcome = end.outcome.clone().expect("an outcome");
    assert_eq!(outcome.places.len(), 4);
    assert!(
        !outcome.winners.is_empty(),
        "somebody wins (ties share, PNV-10.14)"
    );
    let best = p.scores.iter().map(|s| s.total).max().expect("scores");
    for w in &outcome.winners {
        assert_eq!(
            p.scores[*w as usize].total, best,
            "a winner has the top score"
        );
    }
}

on_both_stores!(three_humans_and_a_bot_play_to_the_end);

/// A solo game against the virtual opponent, played to the end; an out-of-place action is
/// refused with its PNV rule ID and changes nothing.
async fn solo_against_the_virtual_opponent(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let game = create(&tablero, "solo", all_human(1), 3).await;
    let clients: BTreeMap<u32, SeatClient> = [(0u32, game.seat(0))].into();
    let mut lcg = Lcg::new(1);

    // Before the first bid: a bid is refused with a PNV rule and nothing changes.
    let before = game.view().await;
    let refused = expect_code(
        clients[&0].submit_id_at(before.version, "place:1:2").await,
        Code::FailedPrecondition,
        "an action that is not listed",
    );
    let rule = rule_id(&refused).expect("a rule ID");
    assert!(rule.starts_with("PNV-"), "rule {rule}");
    assert_eq!(game.view().await.version, before.version, "nothing changed");

    let end = play_until(&game, &clients, &mut lcg, finished).await;
    let p = panovnik(&end);
    assert_eq!(p.virtuals.len(), 1, "one virtual opponent (PNV-11.1)");
    let outcome = end.outcome.clone().expect("an outcome");
    assert_eq!(
        outcome.winners,
        vec![0],
        "the solo player cannot lose (PNV-11.8)"
    );
}

on_both_stores!(solo_against_the_virtual_opponent);
