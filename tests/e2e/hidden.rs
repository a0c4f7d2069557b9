//! Hidden information (spec section 8): spectators see no hidden card anywhere (views, history,
//! watch streams); a seat sees its own hand and follower pile but never another seat's hand —
//! not even its partner's — and only the drawn cards it legitimately saw.

use crate::common::*;
use futures::StreamExt;
use pb::claim_event::Kind as E;
use std::collections::BTreeMap;
use tablero_e2e::client::SeatClient;
use tablero_e2e::pb;

/// What the public record says each seat took face up (TookRevealed), and, for cards drawn
/// from the deck, who the drawer's own copy of the event says saw them.
#[derive(Default)]
struct Truth {
    taken_face_up: BTreeMap<u32, Vec<CardKey>>,
    /// (drawer, card, known_to) from the drawer's own history.
    draws: Vec<(u32, CardKey, Vec<u32>)>,
}

/// Checks one viewer's copy of events; `viewer` None = spectator.
fn check_events(events: &[pb::Event], viewer: Option<u32>, what: &str) {
    for e in events {
        match claim_event(e) {
            E::Dealt(d) => {
                if Some(d.seat) != viewer {
                    assert!(
                        d.cards.is_empty(),
                        "{what}: {viewer:?} sees seat {}'s dealt cards: {e:?}",
                        d.seat
                    );
                } else {
                    assert_eq!(
                        d.cards.len() as u32,
                        d.count,
                        "{what}: the owner sees its own deal"
                    );
                }
            }
            E::FollowersTakenUp(f) => {
                if Some(f.seat) != viewer {
                    assert!(
                        f.cards.is_empty(),
                        "{what}: {viewer:?} sees seat {}'s new hand: {e:?}",
                        f.seat
                    );
                } else {
                    assert_eq!(
                        f.cards.len() as u32,
                        f.count,
                        "{what}: the owner sees its own followers taken up"
                    );
                }
            }
            E::DrewFromDeck(d) => {
                assert!(
                    d.known_to.contains(&d.seat),
                    "{what}: the drawer knows its draw: {e:?}"
                );
                if viewer.is_some_and(|v| d.known_to.contains(&v)) {
                    assert!(
                        d.card.is_some(),
                        "{what}: {viewer:?} saw this draw but gets no card: {e:?}"
                    );
                } else {
                    assert!(
                        d.card.is_none(),
                        "{what}: {viewer:?} sees seat {}'s draw: {e:?}",
                        d.seat
                    );
                }
            }
            E::SeerPeeked(p) => {
                if Some(p.seat) == viewer {
                    assert!(
                        p.card.is_some(),
                        "{what}: the seer sees the card it peeked at"
                    );
                } else {
                    assert!(
                        p.card.is_none(),
                        "{what}: {viewer:?} sees seat {}'s peek: {e:?}",
                        p.seat
                    );
                }
            }
            _ => {}
        }
    }
}

/// Gathers the ground truth from the spectator's history (face-up takes) and every seat's own
/// history (its draws).
async fn truth(game: &Game) -> Truth {
    let mut t = Truth::default();
    for e in Game::history(&game.spectator()).await {
        if let E::TookRevealed(r) = claim_event(&e) {
            t.taken_face_up
                .entry(r.seat)
                .or_default()
                .push(key(r.card.as_ref().expect("a face-up card")));
        }
    }
    for v in t.taken_face_up.values_mut() {
        v.sort_unstable();
    }
    for seat in game.tokens.keys() {
        for e in Game::history(&game.seat(*seat)).await {
            if let E::DrewFromDeck(d) = claim_event(&e)
                && d.seat == *seat
            {
                let card = d.card.as_ref().expect("the drawer sees its own draw");
                t.draws.push((*seat, key(card), d.known_to.clone()));
            }
        }
    }
    t
}

fn is_subset(small: &[CardKey], big: &[CardKey]) -> bool {
    let mut big = big.to_vec();
    small.iter().all(|c| match big.iter().position(|b| b == c) {
        Some(i) => {
            big.swap_remove(i);
            true
        }
        None => false,
    })
}

/// Checks one viewer's view against the truth. `viewer` None = spectator.
fn check_view(view: &pb::GameView, viewer: Option<u32>, t: &Truth, what: &str) {
    assert_eq!(view.viewer_seat, viewer, "{what}: viewer_seat");
    // Legal actions name hand cards: only the acting seat gets them.
    if !viewer.is_some_and(|v| view.to_act.contains(&v)) {
        assert!(
            view.legal_actions.is_empty(),
            "{what}: {viewer:?} is not to act but its view lists legal actions: {:?}",
            view.legal_actions.iter().map(|a| &a.id).collect::<Vec<_>>()
        );
    }
    let c = claim(view);
    let phase1 = c.phase == pb::ClaimPhase::Recruiting as i32;
    for p in &c.players {
        let face_up = t.taken_face_up.get(&p.seat).cloned().unwrap_or_default();
        let known = keys(&p.known_followers);
        if Some(p.seat) == viewer {
            assert!(p.hand_visible, "{what}: seat {} sees its own hand", p.seat);
            assert_eq!(p.hand.len() as u32, p.hand_size, "{what}: its whole hand");
            assert_eq!(
                known.len() as u32,
                p.follower_count,
                "{what}: the owner knows its whole follower pile"
            );
            if phase1 {
                assert!(
                    is_subset(&face_up, &known),
                    "{what}: the owner knows the cards it took face up"
                );
            }
            continue;
        }
        assert!(
            p.hand.is_empty() && !p.hand_visible,
            "{what}: {viewer:?} sees seat {}'s hand: {:?}",
            p.seat,
            p.hand
        );
        match viewer {
            None => {
                if phase1 {
                    assert_eq!(
                        known, face_up,
                        "{what}: a spectator knows exactly seat {}'s face-up takes",
                        p.seat
                    );
                } else {
                    assert!(known.is_empty(), "{what}: no follower piles in phase 2");
                }
            }
            Some(v) => {
                let mut allowed = face_up.clone();
                allowed.extend(
                    t.draws
                        .iter()
                        .filter(|(s, _, kt)| *s == p.seat && kt.contains(&v))
                        .map(|(_, c, _)| *c),
                );
                assert!(
                    is_subset(&known, &allowed),
                    "{what}: seat {v} knows follower cards of seat {} it never saw: {known:?} (allowed {allowed:?})",
                    p.seat
                );
                if phase1 {
                    assert!(
                        is_subset(&face_up, &known),
                        "{what}: seat {v} knows seat {}'s face-up takes",
                        p.seat
                    );
                }
            }
        }
        assert!(p.known_followers.len() as u32 <= p.follower_count);
    }
    let seer_choice = c
        .pending
        .as_ref()
        .is_some_and(|p| p.kind == pb::claim_pending::Kind::SeerChoice as i32);
    let seer = c.pending.as_ref().and_then(|p| p.seat);
    if seer_choice && viewer.is_some() && seer == viewer {
        assert!(
            c.peeked.is_some(),
            "{what}: the seer sees the card it peeked at"
        );
    } else {
        assert!(
            c.peeked.is_none(),
            "{what}: {viewer:?} sees a peeked card: {:?}",
            c.peeked
        );
    }
}

/// Every viewer's view, history and legal actions at the current version.
async fn check_everyone(game: &Game, label: &str) -> u64 {
    let t = truth(game).await;
    let spectator = game.view().await;
    let what = format!("{label} at v{}", spectator.version);
    check_view(&spectator, None, &t, &what);
    check_events(
        &Game::history(&game.spectator()).await,
        None,
        &format!("{what} spectator history"),
    );
    let legal = game.spectator().legal_actions().await.unwrap();
    assert!(
        legal.actions.is_empty() && legal.seat.is_none(),
        "{what}: a spectator has no legal actions"
    );
    for seat in game.tokens.keys() {
        let c = game.seat(*seat);
        let view = c.view().await.unwrap();
        assert_eq!(view.version, spectator.version);
        check_view(&view, Some(*seat), &t, &format!("{what} seat {seat}"));
        check_events(
            &Game::history(&c).await,
            Some(*seat),
            &format!("{what} seat {seat} history"),
        );
        let legal = c.legal_actions().await.unwrap();
        assert_eq!(
            view.legal_actions, legal.actions,
            "{what}: seat {seat}'s view lists its legal actions"
        );
        if !spectator.to_act.contains(seat) {
            assert!(
                legal.actions.is_empty(),
                "{what}: seat {seat} is not to act and lists no action"
            );
        }
    }
    spectator.version
}

/// Collects a watcher's messages until the game is over.
async fn watch_all(client: SeatClient) -> Vec<pb::WatchGameResponse> {
    let mut stream = client.watch(0).await.expect("WatchGame");
    let mut out = Vec::new();
    while let Some(msg) = stream.next().await {
        let msg = msg.expect("a watch message");
        let done = msg.view.as_ref().is_some_and(finished);
        out.push(msg);
        if done {
            break;
        }
    }
    out
}

/// Prefers looking at the deck with a seer and then handing the peeked card to another seat
/// (2p: `seer_take_revealed`; 3–4p: a revealed slot, so the 3rd place draws the peeked card), so
/// peeks and draws known to a second seat happen.
fn prefer_seer(actions: &[pb::LegalAction]) -> Option<usize> {
    let pos = |id: &str| actions.iter().position(|a| a.id == id);
    pos("seer_peek")
        .or_else(|| pos("seer_take_revealed"))
        .or_else(|| pos("seer_take_top").and(pos("take_revealed:0")))
}

async fn play_and_check(store: &Store, o: pb::ClaimOptions, n: usize, seed: u64) {
    let server = store.server();
    let tablero = server.client().await;
    let game = Game::create(&tablero, o, all_human(n), seed).await;
    check_view(
        game.created.view.as_ref().unwrap(),
        None,
        &Truth::default(),
        "CreateGame's view",
    );
    let spectator = tokio::spawn(watch_all(game.spectator()));
    let partner = tokio::spawn(watch_all(game.seat(2 % n as u32)));
    let mut lcg = Lcg::new(seed);
    let mut checked = 0;
    let mut peeks = 0;
    let mut phases = std::collections::BTreeSet::new();
    loop {
        let v = game.view().await;
        phases.insert(claim(&v).phase);
        // Check at several points: every 5th version, and around each phase change.
        if v.version % 5 == 0 || claim(&v).trick_number == 1 || finished(&v) {
            check_everyone(&game, "play").await;
            checked += 1;
        }
        let Some((seat, resp)) = game.step_with(&mut lcg, prefer_seer).await else {
            break;
        };
        check_events(&resp.events, Some(seat), "SubmitAction's events");
        peeks += resp
            .events
            .iter()
            .filter(|e| matches!(claim_event(e), E::SeerPeeked(_)))
            .count();
        let own = resp.view.as_ref().unwrap();
        check_view(own, Some(seat), &truth(&game).await, "SubmitAction's view");
    }
    assert!(checked >= 10, "checked at several points ({checked})");
    assert_eq!(phases.len(), 3, "saw both phases and the end");
    assert!(peeks > 0, "a seer looked at the deck at least once");
    let t = truth(&game).await;
    assert!(
        t.draws.iter().any(|(s, _, kt)| kt.iter().any(|k| k != s)),
        "some draw was known to a seer too"
    );
    // The hidden-card events were there to check: every deal and every pile taken up.
    let history = Game::history(&game.spectator()).await;
    let count = |f: fn(&E) -> bool| history.iter().filter(|e| f(claim_event(e))).count();
    assert_eq!(count(|k| matches!(k, E::Dealt(_))), n, "one deal per seat");
    assert_eq!(
        count(|k| matches!(k, E::FollowersTakenUp(_))),
        n,
        "one pile taken up per seat"
    );
    assert!(count(|k| matches!(k, E::DrewFromDeck(_))) > 0);
    for (task, viewer) in [(spectator, None), (partner, Some(2 % n as u32))] {
        let label = format!("{viewer:?}");
        let msgs = within(30, "watchers finish", task).await.unwrap();
        assert!(!msgs.is_empty());
        for m in &msgs {
            check_events(&m.events, viewer, &format!("watch as {label}"));
            let v = m.view.as_ref().unwrap();
            assert_eq!(v.viewer_seat, viewer);
            let c = claim(v);
            for p in &c.players {
                if Some(p.seat) != viewer {
                    assert!(
                        p.hand.is_empty() && !p.hand_visible,
                        "watch as {label}: seat {}'s hand",
                        p.seat
                    );
                }
            }
            if viewer.is_none() {
                assert!(c.peeked.is_none());
            }
        }
    }
}

/// Four players in teams, seers in play: partners never see each other's hands.
async fn four_player_teams_hide_hands(store: Store) {
    let mut o = options(pb::ClaimMode::FourPlayerTeams);
    o.pair = pb::ClaimPair::GnomesGiants as i32;
    o.factions = [
        pb::ClaimFaction::Dragons,
        pb::ClaimFaction::Trolls,
        pb::ClaimFaction::Seers,
        pb::ClaimFaction::Undead,
        pb::ClaimFaction::Dwarves,
    ]
    .map(|f| f as i32)
    .to_vec();
    play_and_check(&store, o, 4, 77).await;
}

/// Two players (base game, seers in play): draws, peeks and seer choices.
async fn base_2p_hides_hands_and_draws(store: Store) {
    play_and_check(&store, options(pb::ClaimMode::Base2p), 2, 78).await;
}

on_both_stores!(four_player_teams_hide_hands, base_2p_hides_hands_and_draws);
