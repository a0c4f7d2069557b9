"""Python client for Tablero.

``tablero.v1`` holds the code generated from ``proto/`` (``game_service_pb2``, ``claim_pb2``,
``game_service_pb2_grpc``), ``tablero.pb`` all its messages in one namespace, and
``tablero.client`` (re-exported here) the thin helper.
"""

from tablero import pb
from tablero.client import (
    CURRENT_VERSION_TRAILER,
    MAX_ABORTED_RETRIES,
    MAX_WATCH_RECONNECTS,
    RULE_ID_TRAILER,
    ActionLike,
    ChangeFeed,
    SeatClient,
    Tablero,
    bot,
    chess_clock,
    current_version,
    daily,
    error_info,
    human,
    new_idempotency_key,
    open_seat,
    per_move,
    player,
    rule_id,
)

__all__ = [
    "pb",
    "Tablero",
    "SeatClient",
    "ChangeFeed",
    "ActionLike",
    "human",
    "player",
    "bot",
    "open_seat",
    "per_move",
    "chess_clock",
    "daily",
    "error_info",
    "rule_id",
    "current_version",
    "new_idempotency_key",
    "MAX_ABORTED_RETRIES",
    "MAX_WATCH_RECONNECTS",
    "RULE_ID_TRAILER",
    "CURRENT_VERSION_TRAILER",
]
