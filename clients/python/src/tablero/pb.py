"""Every generated message and enum of ``tablero.v1`` in one namespace: ``pb.CreateGameRequest``,
``pb.ClaimOptions``, ``pb.OCCUPANT_HUMAN``, … (the modules themselves are ``tablero.v1.*_pb2``)."""

from tablero.v1.claim_pb2 import *  # noqa: F401,F403
from tablero.v1.game_service_pb2 import *  # noqa: F401,F403
from tablero.v1.game_service_pb2_grpc import GameServiceStub  # noqa: F401

del DESCRIPTOR  # noqa: F821 (each module's own; meaningless here)
