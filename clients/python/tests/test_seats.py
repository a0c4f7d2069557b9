"""Player identity and seat management through the helpers: seats for a backend's users (refs shown
to the key, hidden from a seat's token unless public), "games waiting for me", a reissued token, a
seat handed to the bot and back, and a resignation that ends a 2-seat game."""

from __future__ import annotations

import uuid
from collections.abc import Iterable

import grpc
import pytest

from tablero import Tablero, open_seat, pb
from tablero import player as player_seat  # the ``player`` fixture is a keyless client


def refused(call, code: grpc.StatusCode) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(grpc.RpcError) as err:
        call()
    assert err.value.code() == code, err.value.details()


def seat_changes(events: Iterable[pb.Event]) -> list[tuple[int, int]]:
    return [(e.seat_change.seat, e.seat_change.kind) for e in events if e.HasField("seat_change")]


def game_ids(games: Iterable[pb.GameSummary]) -> set[str]:
    return {g.game_id for g in games}


def test_seats_of_a_backends_players(tablero: Tablero, player: Tablero) -> None:
    refs = [f"ann-{uuid.uuid4()}", f"bob-{uuid.uuid4()}"]
    created = tablero.create_game(
        "claim", [player_seat("ann", refs[0]), player_seat("bob", refs[1])], mode="base_2p"
    )
    game_id = created.game_id
    tokens = {c.seat: c.token for c in created.credentials}

    # The key sees both refs; a seat's token (without a key) sees none, its own included.
    seen = tablero.spectator(game_id).view()
    assert [s.player_ref for s in seen.seats] == refs
    ann = player.seat(game_id, tokens[0])
    ann_view = ann.view()
    assert ann_view.viewer_seat == 0
    assert [s.player_ref for s in ann_view.seats] == ["", ""]

    # Games waiting for a player: the one to act has it, the other not (but it is among theirs).
    assert len(seen.to_act) == 1, "one seat acts first"
    to_act = seen.to_act[0]
    assert game_id in game_ids(tablero.player_games(refs[to_act], to_act=True))
    assert game_id not in game_ids(tablero.player_games(refs[1 - to_act], to_act=True))
    assert game_id in game_ids(tablero.player_games(refs[1 - to_act]))
    refused(lambda: list(player.player_games(refs[0])), grpc.StatusCode.UNAUTHENTICATED)

    # A new token for seat 1: the old one stops working at once, the new one works.
    reissued = tablero.reissue_seat_token(game_id, 1)
    assert reissued.credential.seat == 1
    bob_token = reissued.credential.token
    assert bob_token and bob_token != tokens[1]
    assert seat_changes(reissued.events) == [(1, pb.SEAT_CHANGE_KIND_TOKEN_REISSUED)]
    refused(lambda: player.seat(game_id, tokens[1]).view(), grpc.StatusCode.UNAUTHENTICATED)
    bob = player.seat(game_id, bob_token)
    assert bob.view().viewer_seat == 1

    # Seat 1 to the bot and back to its person, whose token works again.
    to_bot = tablero.replace_seat(game_id, 1, pb.OCCUPANT_BOT)
    assert to_bot.view.seats[1].occupant == pb.OCCUPANT_BOT
    assert seat_changes(to_bot.events) == [(1, pb.SEAT_CHANGE_KIND_REPLACED_BY_BOT)]
    back = tablero.replace_seat(game_id, 1, pb.OCCUPANT_HUMAN)
    assert back.view.seats[1].occupant == pb.OCCUPANT_HUMAN
    assert seat_changes(back.events) == [(1, pb.SEAT_CHANGE_KIND_RETURNED_TO_HUMAN)]
    assert not back.HasField("credential"), "the seat had a token: no new one"
    assert bob.view().viewer_seat == 1

    # Seat 0 resigns with its own token: a 2-seat game ends and seat 1 wins.
    resigned = ann.resign()
    assert resigned.view.status == pb.GAME_STATUS_FINISHED
    assert list(resigned.view.outcome.winners) == [1]
    assert resigned.view.seats[0].resigned
    assert seat_changes(resigned.events) == [(0, pb.SEAT_CHANGE_KIND_RESIGNED)]
    # A resigned seat's token no longer works; the other seat's still reads the game.
    assert seat_changes(bob.history()) == [
        (1, pb.SEAT_CHANGE_KIND_TOKEN_REISSUED),
        (1, pb.SEAT_CHANGE_KIND_REPLACED_BY_BOT),
        (1, pb.SEAT_CHANGE_KIND_RETURNED_TO_HUMAN),
        (0, pb.SEAT_CHANGE_KIND_RESIGNED),
    ]
    refused(ann.resign, grpc.StatusCode.UNAUTHENTICATED)
    refused(bob.resign, grpc.StatusCode.FAILED_PRECONDITION)


def test_joining_as_a_public_player_and_a_backend_resignation(
    tablero: Tablero, player: Tablero
) -> None:
    refs = [f"cy-{uuid.uuid4()}", f"di-{uuid.uuid4()}"]
    created = tablero.create_game(
        "claim", [player_seat("cy", refs[0]), open_seat()], mode="base_2p"
    )
    game_id = created.game_id
    refused(
        lambda: player.join_game(game_id, name="di", player_ref=refs[1]),
        grpc.StatusCode.UNAUTHENTICATED,
    )
    joined = tablero.join_game(game_id, name="di", player_ref=refs[1], player_ref_public=True)
    assert joined.credential.seat == 1

    # A spectator without a key sees the public ref only.
    view = player.spectator(game_id).view()
    assert [s.player_ref for s in view.seats] == ["", refs[1]]
    active = pb.GAME_STATUS_ACTIVE
    assert game_id in game_ids(tablero.player_games(refs[1], game_type="claim", status=active))

    # The backend resigns seat 1 for its player: seat 0 wins.
    resigned = tablero.resign_seat(game_id, 1)
    assert resigned.view.status == pb.GAME_STATUS_FINISHED
    assert list(resigned.view.outcome.winners) == [0]
    assert seat_changes(resigned.events) == [(1, pb.SEAT_CHANGE_KIND_RESIGNED)]
    assert game_id not in game_ids(tablero.player_games(refs[1], status=active))
