"""The change feed through the helpers: a backend (key with the ``feed`` scope) follows a game's
changes from the start, keeps every change once and in order across a cut connection, and sees
the same changes again when it resumes from a cursor; a webhook endpoint's deliveries to a
receiver in the test are listed with the ``webhooks`` scope."""

from __future__ import annotations

import itertools
import json
import threading
import time
import uuid
from collections.abc import Iterator

import grpc
import pytest

from tablero import Tablero, pb
from tablero import player as player_seat

# A feed that stalls fails the test instead of hanging it.
FEED_TIMEOUT_S = 60


@pytest.fixture
def backend(feed_server: tuple[str, str]):
    addr, key = feed_server
    with Tablero(addr, timeout=30, api_key=key) as client:
        yield client


def guarded(feed):  # type: ignore[no-untyped-def]
    """Cancels ``feed`` if the test is still reading it after FEED_TIMEOUT_S."""
    timer = threading.Timer(FEED_TIMEOUT_S, feed.cancel)
    timer.daemon = True
    timer.start()
    return feed, timer


def take(changes: Iterator[pb.Change], n: int) -> list[pb.Change]:
    got = list(itertools.islice(changes, n))
    assert len(got) == n, f"the feed stopped after {len(got)} of {n} changes"
    return got


def summary(c: pb.Change) -> tuple[str, int, str, int]:
    return (c.cursor, c.kind, c.game_id, c.version)


def test_changes_once_in_order_across_a_cut_and_again_from_a_cursor(
    feed_server: tuple[str, str], feed_proxy, backend: Tablero  # type: ignore[no-untyped-def]
) -> None:
    refs = [f"ann-{uuid.uuid4()}", f"bob-{uuid.uuid4()}"]
    # The watcher reaches the server through a proxy that the test cuts.
    with Tablero(feed_proxy.addr, api_key=feed_server[1]) as watcher:
        feed, timer = guarded(watcher.watch_changes(from_start=True, player_ref=refs[0]))
        with feed:
            created = backend.create_game(
                "claim", [player_seat("ann", refs[0]), player_seat("bob", refs[1])], mode="base_2p"
            )
            game_id = created.game_id
            changes = take(feed, 1)
            first = changes[0]
            assert first.kind == pb.CHANGE_KIND_GAME_CREATED, "the first change is the creation"
            assert first.game_id == game_id
            assert first.game_type == "claim"
            assert sorted(first.player_refs) == sorted(refs)

            # The connection breaks; the game moves meanwhile; the feed goes on from its cursor.
            feed_proxy.cut()
            seat = backend.spectator(game_id).view().to_act[0]
            token = next(c.token for c in created.credentials if c.seat == seat)
            mover = backend.seat(game_id, token)
            after = mover.submit(mover.view().legal_actions[0]).view
            for change in feed:
                changes.append(change)
                if change.kind == pb.CHANGE_KIND_SEAT_TO_ACT and change.version == after.version:
                    break
            else:
                pytest.fail("the feed ended before the seat to act after the move")
            assert feed.cursor == changes[-1].cursor
        timer.cancel()
    assert feed_proxy.accepted >= 2, f"the watcher reconnected ({feed_proxy.accepted} connections)"

    for c in changes:
        assert c.game_id == game_id, "only the player's game"
        assert sorted(c.player_refs) == sorted(refs), "with its players"
    assert len({c.cursor for c in changes}) == len(changes), "no change twice"
    versions = [c.version for c in changes]
    assert versions == sorted(versions), "in version order"
    # The seats to act after the move, each with its player.
    to_act = changes[-1]
    assert [s.seat for s in to_act.seats] == list(after.to_act)
    assert [s.player_ref for s in to_act.seats] == [refs[s] for s in after.to_act]

    # From the first change's cursor: the rest again, in the same order.
    resumed, timer = guarded(backend.watch_changes(cursor=changes[0].cursor, player_ref=refs[0]))
    with resumed:
        again = take(resumed, len(changes) - 1)
    timer.cancel()
    assert [summary(c) for c in again] == [summary(c) for c in changes[1:]]


def test_webhook_deliveries_list_the_endpoint_and_a_games_creation(
    backend: Tablero, hook_receiver  # type: ignore[no-untyped-def]
) -> None:
    refs = [f"ann-{uuid.uuid4()}", f"bob-{uuid.uuid4()}"]
    created = backend.create_game(
        "claim", [player_seat("ann", refs[0]), player_seat("bob", refs[1])], mode="base_2p"
    )
    # Delivery runs beside the write: wait (at most 30 s) until it is recorded.
    deadline = time.monotonic() + 30
    while True:
        listed = backend.list_webhook_deliveries("tests")
        mine = [d for d in listed.deliveries if d.game_id == created.game_id and d.delivered]
        if mine:
            break
        assert time.monotonic() < deadline, f"no delivery of {created.game_id}: {listed}"
        time.sleep(0.1)
    assert [(e.name, e.url, list(e.kinds)) for e in listed.endpoints] == [
        ("tests", hook_receiver.url, [pb.CHANGE_KIND_GAME_CREATED])
    ]
    delivery = mine[0]
    assert (delivery.endpoint, delivery.kind, delivery.http_status, delivery.error) == (
        "tests",
        pb.CHANGE_KIND_GAME_CREATED,
        204,
        "",
    )
    # The receiver got that very delivery: its id and the change's cursor.
    bodies = [b for h, b in hook_receiver.received if h["tablero-delivery"] == delivery.delivery_id]
    assert len(bodies) >= 1, f"the receiver got delivery {delivery.delivery_id}"
    change = json.loads(bodies[0])
    assert (change["cursor"], change["gameId"], change["kind"]) == (
        delivery.cursor,
        created.game_id,
        "CHANGE_KIND_GAME_CREATED",
    )


def test_the_feed_and_webhook_deliveries_need_an_api_key(feed_server: tuple[str, str]) -> None:
    with Tablero(feed_server[0], timeout=30) as player:
        feed, timer = guarded(player.watch_changes(from_start=True))
        with feed, pytest.raises(grpc.RpcError) as err:
            next(feed)
        timer.cancel()
        assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED, err.value.details()
        with pytest.raises(grpc.RpcError) as err:
            player.list_webhook_deliveries()
        assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED, err.value.details()
