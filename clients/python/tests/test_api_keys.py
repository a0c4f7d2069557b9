"""The trust model as the Python client meets it: only an API key may choose a seed, every view
says how the game was set up, and without a key ``list_games`` shows only listed games."""

from __future__ import annotations

import grpc
import pytest

from tablero import Tablero, bot, human, pb


def refused(call, code: grpc.StatusCode) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(grpc.RpcError) as err:
        call()
    assert err.value.code() == code, err.value.details()


def test_a_seed_needs_the_api_key_and_views_say_it_was_chosen(
    tablero: Tablero, player: Tablero, server_addr: str, api_key: str
) -> None:
    seats = [human("ana"), bot()]
    refused(lambda: player.create_game("claim", seats, seed=7), grpc.StatusCode.UNAUTHENTICATED)
    with Tablero(server_addr, timeout=30, api_key=api_key + "x") as impostor:
        refused(
            lambda: impostor.create_game("claim", seats, seed=7), grpc.StatusCode.UNAUTHENTICATED
        )

    seeded = tablero.create_game("claim", seats, seed=7)
    assert seeded.view.setup == pb.SETUP_KIND_CHOSEN_SEED
    # The player holding the seat (not the backend that chose the seed) sees it too.
    seat = player.seat(seeded.game_id, seeded.credentials[0].token).view()
    assert seat.setup == pb.SETUP_KIND_CHOSEN_SEED

    drawn = player.create_game("claim", seats)
    assert drawn.view.setup == pb.SETUP_KIND_RANDOM
    assert player.spectator(drawn.game_id).view().setup == pb.SETUP_KIND_RANDOM


def test_without_a_key_only_listed_games_are_listed(tablero: Tablero, player: Tablero) -> None:
    seats = [human("ana"), bot()]
    listed = player.create_game("claim", seats, listed=True)
    unlisted = player.create_game("claim", seats)
    assert listed.view.listed and not unlisted.view.listed

    seen = {g.game_id: g for g in player.list_games(game_type="claim")}
    assert listed.game_id in seen, "the listed game shows without a key"
    assert seen[listed.game_id].listed
    assert seen[listed.game_id].setup == pb.SETUP_KIND_RANDOM
    assert unlisted.game_id not in seen, "the unlisted game does not"
    assert all(g.listed for g in seen.values())

    # A key with the `list` scope sees both (so the helper sent it on ListGames too).
    every = {g.game_id for g in tablero.list_games(game_type="claim")}
    assert {listed.game_id, unlisted.game_id} <= every
