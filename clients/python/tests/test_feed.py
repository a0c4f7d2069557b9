"""The change feed through the helpers: a backend (key with the ``feed`` scope) follows a game's
changes from the start, keeps every change once and in order across a cut connection, and sees
the same changes again when it resumes from a cursor. A webhook endpoint delivers to a receiver
in the test by the Standard Webhooks specification, signed with both secrets of a rotation (the
receiver verifies every delivery with the ``standardwebhooks`` library under each secret alone);
its deliveries are listed with the ``webhooks`` scope, and RetryWebhookDelivery sends one again
under the same ``webhook-id``."""

from __future__ import annotations

import itertools
import json
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime, timezone

import grpc
import pytest
from conftest import Hook, HookReceiver, whsec
from standardwebhooks import Webhook, WebhookVerificationError

from tablero import Tablero, pb
from tablero import player as player_seat

# A feed that stalls fails the test instead of hanging it.
FEED_TIMEOUT_S = 60
# How long a webhook delivery may take to be recorded (it runs beside the write).
DELIVERY_TIMEOUT_S = 30

# The envelope's `type` for each change kind (docs/changes.md).
EVENT_TYPES = {
    "CHANGE_KIND_GAME_CREATED": "game.created",
    "CHANGE_KIND_SEAT_TO_ACT": "game.seat_to_act",
    "CHANGE_KIND_GAME_FINISHED": "game.finished",
    "CHANGE_KIND_DEADLINE_PASSED": "game.deadline_passed",
    "CHANGE_KIND_CAMPAIGN_PLAY_FOLDED": "campaign.play_folded",
    "CHANGE_KIND_SEAT_CHANGED": "game.seat_changed",
}


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


def check_hook(hook: Hook) -> dict:  # type: ignore[type-arg]
    """Checks one POST the receiver got by the Standard Webhooks specification; its change."""
    assert hook.verified, (
        f"webhook {hook.headers.get('webhook-id')} did not verify under each secret alone: "
        f"{hook.refused}; headers {hook.headers}"
    )
    signatures = hook.headers["webhook-signature"].split(" ")
    assert len(signatures) == 2 and all(s.startswith("v1,") for s in signatures), (
        f"one v1 signature per secret while rotating: {signatures}"
    )
    assert hook.headers["content-type"] == "application/json"
    envelope = json.loads(hook.body)
    assert sorted(envelope) == ["data", "timestamp", "type"], f"the envelope: {envelope}"
    change = envelope["data"]
    assert hook.headers["webhook-id"] == f"tests:{change['cursor']}", "webhook-id names the change"
    assert envelope["type"] == EVENT_TYPES[change["kind"]], f"type of {change['kind']}"
    # tablero-event is unsigned, for routing only; it must agree all the same.
    assert hook.headers["tablero-event"] == change["kind"].removeprefix("CHANGE_KIND_").lower()
    # The envelope's timestamp is the change's (RFC 3339); webhook-timestamp is the attempt's.
    at = datetime.fromisoformat(envelope["timestamp"].replace("Z", "+00:00"))
    assert at.tzinfo is not None
    assert abs(at.timestamp() * 1000 - int(change["atUnixMs"])) < 1, envelope["timestamp"]
    assert abs(int(hook.headers["webhook-timestamp"]) - time.time()) < 120, "unix seconds, now"
    return change  # type: ignore[no-any-return]


def wait_for(what: str, found: Callable[[], object], receiver: HookReceiver) -> object:
    """Polls ``found`` until it returns something truthy (at most DELIVERY_TIMEOUT_S). A POST
    that did not verify fails at once rather than after the timeout."""
    deadline = time.monotonic() + DELIVERY_TIMEOUT_S
    while True:
        for hook in list(receiver.received):
            check_hook(hook)
        if got := found():
            return got
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def delivered(backend: Tablero, game_id: str, receiver: HookReceiver) -> pb.WebhookDelivery:
    """The delivery record of ``game_id``'s creation, once the server has delivered it."""

    def find() -> "pb.WebhookDelivery | None":
        listed = backend.list_webhook_deliveries("tests")
        return next((d for d in listed.deliveries if d.game_id == game_id and d.delivered), None)

    return wait_for(f"the delivery of {game_id}", find, receiver)  # type: ignore[return-value]


def new_game(backend: Tablero) -> str:
    refs = [f"ann-{uuid.uuid4()}", f"bob-{uuid.uuid4()}"]
    created = backend.create_game(
        "claim", [player_seat("ann", refs[0]), player_seat("bob", refs[1])], mode="base_2p"
    )
    return created.game_id


def test_webhooks_are_standard_webhooks_signed_with_both_secrets_and_listed(
    backend: Tablero, hook_receiver: HookReceiver
) -> None:
    game_id = new_game(backend)
    delivery = delivered(backend, game_id, hook_receiver)
    listed = backend.list_webhook_deliveries("tests")
    endpoints = [
        (e.name, e.url, list(e.kinds), e.disabled, e.failing_since_unix_ms)
        for e in listed.endpoints
    ]
    assert endpoints == [("tests", hook_receiver.url, [pb.CHANGE_KIND_GAME_CREATED], False, 0)]
    assert (
        delivery.endpoint,
        delivery.delivery_id,
        delivery.kind,
        delivery.http_status,
        delivery.error,
        delivery.attempt,
        delivery.gave_up,
        delivery.requested,
    ) == (
        "tests",
        f"tests:{delivery.cursor}",
        pb.CHANGE_KIND_GAME_CREATED,
        204,
        "",
        1,
        False,
        False,
    )

    # The receiver got that very delivery, under its id: the change in the envelope's data.
    hooks = hook_receiver.with_id(delivery.delivery_id)
    assert len(hooks) == 1, f"the receiver got delivery {delivery.delivery_id} once: {hooks}"
    change = check_hook(hooks[0])
    assert (change["cursor"], change["gameId"], change["kind"]) == (
        delivery.cursor,
        game_id,
        "CHANGE_KIND_GAME_CREATED",
    )
    # Every POST so far passed the same checks (check_hook), the other tests' games too.
    assert all(h.verified for h in hook_receiver.received)

    # The library does refuse what was not signed so: a changed body, another secret.
    hook = hooks[0]
    for secret, body in (
        (hook_receiver.secrets[0], hook.body.replace(b"game.created", b"game.finished")),
        (hook_receiver.secrets[1], hook.body + b" "),
        (whsec(), hook.body),
    ):
        with pytest.raises(WebhookVerificationError):
            Webhook(secret).verify(body, hook.headers)


def test_retry_webhook_delivery_sends_a_change_again_under_its_id(
    backend: Tablero, hook_receiver: HookReceiver
) -> None:
    game_id = new_game(backend)
    first = delivered(backend, game_id, hook_receiver)
    sent = hook_receiver.with_id(first.delivery_id)
    assert len(sent) == 1

    backend.raw.RetryWebhookDelivery(
        pb.RetryWebhookDeliveryRequest(endpoint="tests", delivery_id=first.delivery_id),
        timeout=30,
    )
    again = wait_for(
        f"{first.delivery_id} sent again",
        lambda: hook_receiver.with_id(first.delivery_id)[1:],
        hook_receiver,
    )
    assert len(again) == 1, f"sent again once: {again}"  # type: ignore[arg-type]
    resent: Hook = again[0]  # type: ignore[index]
    # The same change under the same id; only the attempt's webhook-timestamp may differ.
    assert check_hook(resent) == check_hook(sent[0])
    assert resent.body == sent[0].body

    def requested() -> "pb.WebhookDelivery | None":
        listed = backend.list_webhook_deliveries("tests")
        return next(
            (d for d in listed.deliveries if d.delivery_id == first.delivery_id and d.requested),
            None,
        )

    record: pb.WebhookDelivery = wait_for(  # type: ignore[assignment]
        "the requested delivery's record", requested, hook_receiver
    )
    assert (record.cursor, record.delivered, record.http_status, record.gave_up, record.error) == (
        first.cursor,
        True,
        204,
        False,
        "",
    )
    listed = backend.list_webhook_deliveries("tests")
    originals = [
        d for d in listed.deliveries if d.delivery_id == first.delivery_id and not d.requested
    ]
    assert len(originals) == 1, "the first delivery is still listed, not as requested"

    # Delivery ids that are not this endpoint's, or name no change of the feed; an unknown endpoint.
    for endpoint, delivery_id in (
        ("tests", "tests:not-a-cursor"),
        ("tests", f"elsewhere:{first.cursor}"),
        ("tests", first.cursor),
        ("elsewhere", f"elsewhere:{first.cursor}"),
    ):
        with pytest.raises(grpc.RpcError) as err:
            backend.raw.RetryWebhookDelivery(
                pb.RetryWebhookDeliveryRequest(endpoint=endpoint, delivery_id=delivery_id),
                timeout=30,
            )
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT, (
            f"{endpoint} {delivery_id}: {err.value.code()} {err.value.details()}"
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
        with pytest.raises(grpc.RpcError) as err:
            player.raw.RetryWebhookDelivery(
                pb.RetryWebhookDeliveryRequest(endpoint="tests"), timeout=30
            )
        assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED, err.value.details()
