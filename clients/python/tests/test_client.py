"""End-to-end tests of the Python client against the real server (see conftest.py)."""

from __future__ import annotations

import random
import threading

import grpc
import pytest

from tablero import (
    SeatClient,
    Tablero,
    bot,
    current_version,
    human,
    open_seat,
    pb,
    rule_id,
)

MAX_MOVES = 2000


def play_to_end(seat: SeatClient, rng: random.Random) -> tuple[pb.GameView, int]:
    """Plays a human seat (against bots) to the end, choosing among the listed legal actions."""
    view = seat.view()
    moves = 0
    while view.status != pb.GAME_STATUS_FINISHED:
        assert moves < MAX_MOVES, "game did not finish"
        assert view.legal_actions, f"seat must act but has no legal actions at v{view.version}"
        action = rng.choice(view.legal_actions)
        response = seat.submit(action.id, expected_version=view.version)
        assert response.view.version > view.version
        view = response.view
        moves += 1
    return view, moves


def card_id(card: pb.ClaimCard) -> str:
    faction = pb.ClaimFaction.Name(card.faction).removeprefix("CLAIM_FACTION_").lower()
    return f"play:{faction}:{card.value}:{card.copy}"


def two_humans(tablero: Tablero, seed: int = 11) -> tuple[str, SeatClient, SeatClient]:
    created = tablero.create_game("claim", [human("ana"), human("ben")], seed=seed)
    tokens = {c.seat: c.token for c in created.credentials}
    assert sorted(tokens) == [0, 1]
    gid = created.game_id
    return gid, tablero.seat(gid, tokens[0]), tablero.seat(gid, tokens[1])


def hand(seat: SeatClient) -> list[pb.ClaimCard]:
    view = seat.view()
    return list(view.claim.players[view.viewer_seat].hand)


def test_game_types_lists_claim(tablero: Tablero) -> None:
    types = {t.game_type: t for t in tablero.game_types()}
    assert "claim" in types
    assert "base_2p" in [m.name for m in types["claim"].modes]
    assert "random" in types["claim"].bots


def test_human_against_bot_plays_to_the_end(tablero: Tablero) -> None:
    created = tablero.create_game("claim", [human("me"), bot("random")], seed=2024)
    assert [c.seat for c in created.credentials] == [0]
    assert created.view.status == pb.GAME_STATUS_ACTIVE
    me = tablero.seat(created.game_id, created.credentials[0].token)

    final, moves = play_to_end(me, random.Random(7))

    assert moves > 0
    assert final.status == pb.GAME_STATUS_FINISHED
    assert final.HasField("outcome")
    assert len(final.outcome.places) == 2
    assert final.outcome.winners or final.outcome.draw
    assert final.outcome.reason
    assert not final.legal_actions and not me.legal_actions().actions
    # The log covers every version, and the replay of the last version is the game as it ended.
    events = me.history()
    assert sorted({e.version for e in events}) == list(range(final.version + 1))
    assert me.history(page_size=7) == events
    assert me.history(from_version=final.version - 1) == [
        e for e in events if e.version > final.version - 1
    ]
    replayed = me.replay_view(final.version)
    assert replayed.version == final.version
    assert replayed.status == pb.GAME_STATUS_FINISHED
    assert replayed.outcome == final.outcome
    assert me.replay_view(0).version == 0
    # A finished game takes no more actions.
    with pytest.raises(grpc.RpcError) as err:
        me.submit("seer_peek", expected_version=final.version)
    assert err.value.code() == grpc.StatusCode.FAILED_PRECONDITION


def test_card_not_in_hand_is_refused_with_rule_id(tablero: Tablero) -> None:
    gid, ana, ben = two_humans(tablero)
    before = ana.view()
    log_before = ana.history()
    assert list(before.to_act) == [0]
    not_mine = hand(ben)[0]  # a real card, in the other seat's hand

    with pytest.raises(grpc.RpcError) as err:
        ana.submit(card_id(not_mine), expected_version=before.version)
    assert err.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert rule_id(err.value) == "CLM-TRK.3"

    # The same card as a typed action is refused the same way.
    typed = pb.ClaimAction(play_card=pb.ClaimAction.PlayCard(card=not_mine))
    with pytest.raises(grpc.RpcError) as err:
        ana.submit(typed)
    assert err.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert rule_id(err.value) == "CLM-TRK.3"

    assert ana.view() == before
    assert ana.history() == log_before
    assert tablero.spectator(gid).view().version == before.version


def test_off_suit_card_is_refused_with_rule_id(tablero: Tablero) -> None:
    for seed in range(1, 50):
        gid, ana, ben = two_humans(tablero, seed=seed)
        ben_hand = hand(ben)
        ben_factions = {c.faction for c in ben_hand}
        lead = next(
            (
                a
                for a in ana.view().legal_actions
                if a.action.claim.HasField("play_card")
                and (f := a.action.claim.play_card.card.faction) in ben_factions
                and any(
                    c.faction not in (f, pb.CLAIM_FACTION_DOPPELGANGERS) for c in ben_hand
                )
            ),
            None,
        )
        if lead is not None:
            break
    else:
        pytest.fail("no seed gives seat 1 both the lead faction and another one")

    ana.submit(lead)
    before = ben.view()
    log_before = ben.history()
    lead_faction = lead.action.claim.play_card.card.faction
    assert before.claim.lead_faction == lead_faction
    assert list(before.to_act) == [1]
    off_suit = next(
        c for c in ben_hand if c.faction not in (lead_faction, pb.CLAIM_FACTION_DOPPELGANGERS)
    )
    assert card_id(off_suit) not in [a.id for a in before.legal_actions]

    with pytest.raises(grpc.RpcError) as err:
        ben.submit(card_id(off_suit), expected_version=before.version)
    assert err.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert rule_id(err.value) == "CLM-TRK.4"
    assert "CLM-TRK.4" in (err.value.details() or "")
    assert ben.view() == before
    assert ben.history() == log_before


def test_other_seats_token_is_permission_denied(tablero: Tablero) -> None:
    gid, ana, ben = two_humans(tablero)
    before = ana.view()
    assert list(before.to_act) == [0]
    assert not ben.legal_actions().actions

    # Seat 1 tries to play one of its own cards while seat 0 must act.
    own = hand(ben)[0]
    with pytest.raises(grpc.RpcError) as err:
        ben.submit(card_id(own), expected_version=before.version)
    assert err.value.code() == grpc.StatusCode.PERMISSION_DENIED
    # Nor may it act in seat 0's name, even with a move seat 0 could make.
    with pytest.raises(grpc.RpcError) as err:
        ben.submit(before.legal_actions[0], expected_version=before.version, seat=0)
    assert err.value.code() == grpc.StatusCode.PERMISSION_DENIED

    assert ana.view() == before
    # Seat 0 may act, naming itself.
    assert ana.submit(before.legal_actions[0], seat=0).view.version == before.version + 1


def test_token_of_another_game_is_unauthenticated(tablero: Tablero) -> None:
    gid, ana, _ = two_humans(tablero)
    other = tablero.create_game("claim", [human("eve"), bot()], seed=3)
    intruder = tablero.seat(gid, other.credentials[0].token)
    before = ana.view()

    with pytest.raises(grpc.RpcError) as err:
        intruder.submit(before.legal_actions[0], expected_version=before.version)
    assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED
    with pytest.raises(grpc.RpcError) as err:
        intruder.view()
    assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED
    # Without a token the caller is a spectator: it may look but not act.
    spectator = tablero.spectator(gid)
    seen = spectator.view()
    assert not seen.HasField("viewer_seat") and not seen.legal_actions
    with pytest.raises(grpc.RpcError) as err:
        spectator.submit(before.legal_actions[0], expected_version=before.version)
    assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert ana.view() == before


def test_watch_delivers_every_change(tablero: Tablero) -> None:
    created = tablero.create_game("claim", [human("me"), bot()], seed=99)
    me = tablero.seat(created.game_id, created.credentials[0].token)
    watchers = {"seat": me, "spectator": tablero.spectator(created.game_id)}
    received: dict[str, list[pb.WatchGameResponse]] = {k: [] for k in watchers}
    errors: list[BaseException] = []
    started = {k: threading.Event() for k in watchers}
    streams = {k: w.watch(from_version=0) for k, w in watchers.items()}

    def consume(name: str) -> None:
        try:
            for msg in streams[name]:
                received[name].append(msg)
                started[name].set()
        except BaseException as e:  # noqa: BLE001 (reported below)
            errors.append(e)
        finally:
            started[name].set()

    threads = [threading.Thread(target=consume, args=(k,), daemon=True) for k in watchers]
    for t in threads:
        t.start()
    try:
        for ev in started.values():
            assert ev.wait(10), "watch sent nothing"
        final, _ = play_to_end(me, random.Random(99))
        for t in threads:
            t.join(30)  # the server ends the stream once the game is finished
            assert not t.is_alive(), "watch stream did not end after the game finished"
    finally:
        for s in streams.values():
            s.cancel()
    assert not errors, errors

    for name, msgs in received.items():
        versions = [e.version for m in msgs for e in m.events]
        assert versions == sorted(versions), name
        assert sorted(set(versions)) == list(range(final.version + 1)), name
        assert [m.view.version for m in msgs] == sorted({m.view.version for m in msgs}), name
        assert msgs[-1].view.version == final.version
        assert msgs[-1].view.status == pb.GAME_STATUS_FINISHED
    # The seat's stream carries the same events as its history.
    assert [e for m in received["seat"] for e in m.events] == me.history()


def test_stale_version_is_retried_with_the_current_version(tablero: Tablero) -> None:
    _, ana, ben = two_humans(tablero)
    v0 = ana.view()
    # A stale (here: future) version is ABORTED and carries the current one, raw...
    raw = pb.SubmitActionRequest(
        game_id=v0.game_id,
        expected_version=v0.version + 5,
        idempotency_key="raw-stale",
        action_id=v0.legal_actions[0].id,
    )
    with pytest.raises(grpc.RpcError) as err:
        ana.submit_request(raw)
    assert err.value.code() == grpc.StatusCode.ABORTED
    assert current_version(err.value) == v0.version
    assert ana.view() == v0
    # ...and the helper retries at it, applying the action once.
    done = ana.submit(v0.legal_actions[0], expected_version=v0.version + 5)
    assert done.view.version == v0.version + 1
    assert list(ben.view().to_act) == [1]


def test_same_idempotency_key_applies_once(tablero: Tablero) -> None:
    _, ana, _ = two_humans(tablero)
    v0 = ana.view()
    req = pb.SubmitActionRequest(
        game_id=v0.game_id,
        expected_version=v0.version,
        idempotency_key="one-intent",
        action_id=v0.legal_actions[0].id,
    )
    first = ana.submit_request(req)
    again = ana.submit_request(req)
    assert again == first
    assert ana.view().version == v0.version + 1


def test_join_open_seat(tablero: Tablero) -> None:
    created = tablero.create_game("claim", [human("host"), open_seat()], seed=5)
    assert [c.seat for c in created.credentials] == [0]
    joined = tablero.join_game(created.game_id, name="guest")
    assert joined.credential.seat == 1
    guest = tablero.seat(created.game_id, joined.credential.token)
    view = guest.view()
    assert view.viewer_seat == 1
    assert view.seats[1].name == "guest" and view.seats[1].occupant == pb.OCCUPANT_HUMAN
    with pytest.raises(grpc.RpcError) as err:
        tablero.join_game(created.game_id)
    assert err.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert any(g.game_id == created.game_id for g in tablero.list_games(game_type="claim"))


def test_unknown_game_is_not_found(tablero: Tablero) -> None:
    with pytest.raises(grpc.RpcError) as err:
        tablero.spectator("g_000000000000000000000000").view()
    assert err.value.code() == grpc.StatusCode.NOT_FOUND
