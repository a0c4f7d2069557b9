"""A hint for a human seat against an mcts bot: the server's mcts move for the seat's own view is
one of its legal actions at the same version, and submits; a spectator gets none."""

from __future__ import annotations

import grpc
import pytest

from tablero import Tablero, bot, human


def test_hint_is_a_legal_action_and_spectators_get_none(tablero: Tablero) -> None:
    claim = next(t for t in tablero.game_types() if t.game_type == "claim")
    assert {"random", "greedy", "mcts"} <= {k.name for k in claim.bot_kinds}

    created = tablero.create_game("claim", [human("me"), bot("mcts", level=1)], seed=5)
    assert created.view.seats[1].bot == "mcts"
    me = tablero.seat(created.game_id, created.credentials[0].token)

    legal = me.legal_actions()
    assert legal.actions, "the human seat must act"
    hint = me.hint(1)
    assert hint.seat == 0
    assert hint.version == legal.version
    assert hint.action.id in {a.id for a in legal.actions}

    res = me.submit(hint.action.id, expected_version=hint.version)
    assert res.view.version > hint.version

    with pytest.raises(grpc.RpcError) as err:
        tablero.spectator(created.game_id).hint()
    assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED, err.value.details()
