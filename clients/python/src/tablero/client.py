"""A thin helper over the generated Tablero gRPC client.

The wire code is generated from ``proto/`` (see ``tablero.v1`` and the flat alias ``tablero.pb``);
this module adds what every user would otherwise repeat: attaching a seat token, submitting with
the current version and an idempotency key and retrying on ABORTED, following history pages, and
reading the rule ID or current version out of an error.

    from tablero import Tablero, human, bot

    with Tablero("127.0.0.1:50051") as t:
        created = t.create_game("claim", [human("me"), bot()])
        me = t.seat(created.game_id, created.credentials[0].token)
        actions = me.legal_actions()
        me.submit(actions.actions[0].id, expected_version=actions.version)

A backend passes its API key (``Tablero(target, api_key=...)``), sent as ``x-api-key`` on every
call: only a key with the ``setup`` scope may choose a seed or a scenario, and only a key with
the ``list`` scope sees unlisted games in ``list_games``.

Errors are the ``grpc.RpcError`` the call raised; see :func:`rule_id`, :func:`current_version`
and :func:`error_info`.
"""

from __future__ import annotations

import collections
import random
import threading
import uuid
from collections.abc import Iterable, Iterator, Sequence
from typing import Optional, Union

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from tablero.v1 import claim_pb2
from tablero.v1 import game_service_pb2 as pb
from tablero.v1 import game_service_pb2_grpc

#: The metadata naming the game a call is about: a load balancer hashes on it, so a game's
#: calls reach the replica that keeps the game decoded.
GAME_ID_HEADER = "tablero-game-id"

__all__ = [
    "Tablero",
    "SeatClient",
    "ChangeFeed",
    "ActionLike",
    "human",
    "player",
    "bot",
    "open_seat",
    "error_info",
    "rule_id",
    "current_version",
    "new_idempotency_key",
    "MAX_ABORTED_RETRIES",
    "MAX_WATCH_RECONNECTS",
    "API_KEY_HEADER",
    "RULE_ID_TRAILER",
    "CURRENT_VERSION_TRAILER",
]

#: How many times :meth:`SeatClient.submit` resubmits after ABORTED (a stale version).
MAX_ABORTED_RETRIES = 5
#: How many times in a row :meth:`Tablero.watch_changes` reconnects without a change arriving in
#: between (waiting 0.1 s, then twice as long each time, at most 5 s).
MAX_WATCH_RECONNECTS = 8
#: The metadata key carrying a backend's API key.
API_KEY_HEADER = "x-api-key"
#: Trailer repeating the violated rule ID of a FAILED_PRECONDITION.
RULE_ID_TRAILER = "tablero-rule-id"
#: Trailer repeating the current version of an ABORTED.
CURRENT_VERSION_TRAILER = "tablero-current-version"

#: What :meth:`SeatClient.submit` accepts: a legal action id (``"play:gnomes:3:1"``), a
#: ``LegalAction`` as listed, a typed ``Action``, or a game's own typed action (``ClaimAction``).
ActionLike = Union[str, pb.LegalAction, pb.Action, claim_pb2.ClaimAction]

Metadata = Sequence[tuple[str, str]]


def human(name: str) -> pb.SeatSpec:
    """A seat played by whoever holds its token (handed out by ``create_game``)."""
    return pb.SeatSpec(occupant=pb.OCCUPANT_HUMAN, name=name)


def player(name: str, player_ref: str, *, public: bool = False) -> pb.SeatSpec:
    """A human seat for the backend's user ``player_ref`` (its own user id), so that
    :meth:`Tablero.player_games` finds the game. Only a caller with an API key may set it; views
    show it to API keys, and to everybody when ``public``."""
    return pb.SeatSpec(
        occupant=pb.OCCUPANT_HUMAN, name=name, player_ref=player_ref, player_ref_public=public
    )


def bot(kind: str = "random", name: str = "bot", level: int = 0) -> pb.SeatSpec:
    """A seat the server plays: ``kind`` "random", "greedy" or "mcts" (``GameTypeInfo.bot_kinds``)
    at ``level`` (0: the kind's default level)."""
    return pb.SeatSpec(occupant=pb.OCCUPANT_BOT, name=name, bot=kind, bot_level=level)


def open_seat() -> pb.SeatSpec:
    """A human seat nobody holds yet; ``join_game`` claims it."""
    return pb.SeatSpec(occupant=pb.OCCUPANT_OPEN)


def per_move(seconds: int, on_timeout: int = pb.TIMEOUT_POLICY_UNSPECIFIED) -> pb.TimeControl:
    """Turn clocks of ``seconds`` for every decision (1 to 2,592,000), for ``create_game``'s
    ``time_control``. When a seat's time runs out the server's bot decides for it, or with
    ``on_timeout=pb.TIMEOUT_POLICY_RESIGN`` the seat resigns. The server checks the bounds."""
    return pb.TimeControl(per_move=pb.PerMoveTimeControl(seconds=seconds), on_timeout=on_timeout)


def chess_clock(
    initial_seconds: int,
    increment_seconds: int = 0,
    on_timeout: int = pb.TIMEOUT_POLICY_UNSPECIFIED,
) -> pb.TimeControl:
    """A chess clock: ``initial_seconds`` per seat (1 to 2,592,000), ``increment_seconds`` added
    back after each decision (0 to 86,400)."""
    return pb.TimeControl(
        chess_clock=pb.ChessClockTimeControl(
            initial_seconds=initial_seconds, increment_seconds=increment_seconds
        ),
        on_timeout=on_timeout,
    )


def daily(days: int, on_timeout: int = pb.TIMEOUT_POLICY_UNSPECIFIED) -> pb.TimeControl:
    """Asynchronous play: each decision within ``days`` (1 to 30)."""
    return pb.TimeControl(daily=pb.DailyTimeControl(days=days), on_timeout=on_timeout)


def new_idempotency_key() -> str:
    """A fresh random idempotency key (one per intent, reused across its retries)."""
    return uuid.uuid4().hex


class _CallDetails(
    collections.namedtuple(
        "_CallDetails",
        ("method", "timeout", "metadata", "credentials", "wait_for_ready", "compression"),
    ),
    grpc.ClientCallDetails,
):
    """grpc.ClientCallDetails is abstract; interceptors hand on their own (grpcio's docs)."""


class _ApiKeyInterceptor(
    grpc.UnaryUnaryClientInterceptor,
    grpc.UnaryStreamClientInterceptor,
    grpc.StreamUnaryClientInterceptor,
    grpc.StreamStreamClientInterceptor,
):
    """Adds ``x-api-key`` to the metadata of every call."""

    def __init__(self, api_key: str) -> None:
        self._entry = (API_KEY_HEADER, api_key)

    def _with_key(self, details: grpc.ClientCallDetails) -> grpc.ClientCallDetails:
        metadata = [m for m in (details.metadata or ()) if m[0] != API_KEY_HEADER]
        metadata.append(self._entry)
        return _CallDetails(
            details.method,
            details.timeout,
            metadata,
            details.credentials,
            details.wait_for_ready,
            details.compression,
        )

    def intercept_unary_unary(self, continuation, details, request):  # type: ignore[no-untyped-def]
        return continuation(self._with_key(details), request)

    def intercept_unary_stream(self, continuation, details, request):  # type: ignore[no-untyped-def]
        return continuation(self._with_key(details), request)

    def intercept_stream_unary(self, continuation, details, requests):  # type: ignore[no-untyped-def]
        return continuation(self._with_key(details), requests)

    def intercept_stream_stream(self, continuation, details, requests):  # type: ignore[no-untyped-def]
        return continuation(self._with_key(details), requests)


class Tablero:
    """A connection to a Tablero server; a context manager that closes its channel.

    ``target`` is a gRPC target such as ``"127.0.0.1:50051"``. Pass ``credentials`` (from
    ``grpc.ssl_channel_credentials()``) for TLS, or an existing ``channel`` (not closed by us).
    ``timeout`` (seconds) applies to every unary call; streams are not limited. ``api_key`` is a
    backend's API key, sent as ``x-api-key`` on every call (``raw`` included); players' apps
    connect without one.
    """

    def __init__(
        self,
        target: Optional[str] = None,
        *,
        credentials: Optional[grpc.ChannelCredentials] = None,
        options: Optional[Sequence[tuple[str, object]]] = None,
        channel: Optional[grpc.Channel] = None,
        timeout: Optional[float] = None,
        api_key: Optional[str] = None,
    ) -> None:
        if channel is None:
            if target is None:
                raise ValueError("give a target or a channel")
            if credentials is None:
                channel = grpc.insecure_channel(target, options=options)
            else:
                channel = grpc.secure_channel(target, credentials, options=options)
            self._owns_channel = True
        else:
            self._owns_channel = False
        self._own: grpc.Channel = channel
        if api_key is not None:
            channel = grpc.intercept_channel(channel, _ApiKeyInterceptor(api_key))
        #: The channel every call goes through (carrying the API key, when there is one).
        self.channel: grpc.Channel = channel
        self.timeout = timeout
        #: The generated stub, for anything the helpers do not cover.
        self.raw = game_service_pb2_grpc.GameServiceStub(channel)

    def close(self) -> None:
        if self._owns_channel:
            self._own.close()

    def __enter__(self) -> "Tablero":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def game_types(self) -> list[pb.GameTypeInfo]:
        """The game types this server hosts."""
        return list(
            self.raw.ListGameTypes(pb.ListGameTypesRequest(), timeout=self.timeout).game_types
        )

    def create_game(
        self,
        game_type: str,
        seats: Iterable[pb.SeatSpec],
        *,
        options: Union[pb.GameOptions, claim_pb2.ClaimOptions, None] = None,
        seed: Optional[int] = None,
        scenario: Union[pb.Scenario, claim_pb2.ClaimScenario, None] = None,
        listed: bool = False,
        mode: str = "",
        time_control: Optional[pb.TimeControl] = None,
    ) -> pb.CreateGameResponse:
        """Creates a game. The response holds each human seat's token (shown only this once).

        A ``seed`` or ``scenario`` needs an API key with the ``setup`` scope (views then say
        ``SETUP_KIND_CHOSEN_SEED`` / ``SETUP_KIND_SCENARIO``). ``listed`` shows the game in
        everyone's ``list_games``; other games are reached by id. ``mode`` names a mode as
        ``game_types()`` lists it (e.g. ``"base_2p"``), without the game's options message.
        ``time_control`` (:func:`per_move`, :func:`chess_clock`, :func:`daily`) times the game;
        its views then carry the clocks (``view.clock``).
        """
        req = pb.CreateGameRequest(
            game_type=game_type, seats=list(seats), listed=listed, mode=mode
        )
        if options is not None:
            if isinstance(options, claim_pb2.ClaimOptions):
                options = pb.GameOptions(claim=options)
            req.options.CopyFrom(options)
        if seed is not None:
            req.seed = seed
        if scenario is not None:
            if isinstance(scenario, claim_pb2.ClaimScenario):
                scenario = pb.Scenario(claim=scenario)
            req.scenario.CopyFrom(scenario)
        if time_control is not None:
            req.time_control.CopyFrom(time_control)
        return self.raw.CreateGame(req, timeout=self.timeout)

    def join_game(
        self,
        game_id: str,
        seat: Optional[int] = None,
        name: str = "",
        *,
        player_ref: str = "",
        player_ref_public: bool = False,
    ) -> pb.JoinGameResponse:
        """Claims an open seat (the lowest when ``seat`` is None); the response holds its token.

        ``player_ref`` (the backend's id of the person taking the seat, as in :func:`player`)
        needs an API key; ``player_ref_public`` shows it to every viewer.
        """
        req = pb.JoinGameRequest(
            game_id=game_id,
            name=name,
            player_ref=player_ref,
            player_ref_public=player_ref_public,
        )
        if seat is not None:
            req.seat = seat
        return self.raw.JoinGame(req, timeout=self.timeout)

    def list_games(
        self,
        game_type: str = "",
        status: "pb.GameStatus | int" = pb.GAME_STATUS_UNSPECIFIED,
        page_size: int = 0,
    ) -> Iterator[pb.GameSummary]:
        """Games on the server, newest first, following pages lazily: the listed ones, or every
        game for an API key with the ``list`` scope."""
        token = ""
        while True:
            page = self.raw.ListGames(
                pb.ListGamesRequest(
                    game_type=game_type, status=status, page_size=page_size, page_token=token
                ),
                timeout=self.timeout,
            )
            yield from page.games
            token = page.next_page_token
            if not token:
                return

    def player_games(
        self,
        player_ref: str,
        *,
        to_act: bool = False,
        game_type: str = "",
        status: "pb.GameStatus | int" = pb.GAME_STATUS_UNSPECIFIED,
        page_size: int = 0,
    ) -> Iterator[pb.GameSummary]:
        """One player's games (every game with a seat of ``player_ref``, listed or not), newest
        first, following pages lazily: "my games", or with ``to_act`` only the games waiting for
        that player. Needs an API key with the ``list`` scope. (A page may hold fewer games than
        asked while more follow, which the paging here takes care of.)"""
        token = ""
        while True:
            page = self.raw.ListGames(
                pb.ListGamesRequest(
                    player_ref=player_ref,
                    to_act=to_act,
                    game_type=game_type,
                    status=status,
                    page_size=page_size,
                    page_token=token,
                ),
                timeout=self.timeout,
            )
            yield from page.games
            token = page.next_page_token
            if not token:
                return

    def resign_seat(self, game_id: str, seat: int) -> pb.ResignSeatResponse:
        """A backend resigns ``seat`` for its player (API key with the ``seats`` scope); a
        player resigns with :meth:`SeatClient.resign`. A game of one or two seats ends (the
        other seat wins); with more, the server's bot plays the seat from then on."""
        return self.raw.ResignSeat(
            pb.ResignSeatRequest(game_id=game_id, seat=seat),
            metadata=_game_metadata(game_id),
            timeout=self.timeout,
        )

    def replace_seat(
        self, game_id: str, seat: int, occupant: "pb.Occupant | int"
    ) -> pb.ReplaceSeatResponse:
        """A backend (API key with the ``seats`` scope) hands ``seat`` to the server's bot
        (``pb.OCCUPANT_BOT``, e.g. for a player who left) or back to its person
        (``pb.OCCUPANT_HUMAN``: the seat's token works again; a seat that never had one gets a
        fresh token in ``credential``)."""
        return self.raw.ReplaceSeat(
            pb.ReplaceSeatRequest(game_id=game_id, seat=seat, occupant=occupant),
            metadata=_game_metadata(game_id),
            timeout=self.timeout,
        )

    def reissue_seat_token(self, game_id: str, seat: int) -> pb.ReissueSeatTokenResponse:
        """A backend (API key with the ``seats`` scope) gives a human seat a new token, returned
        once in ``credential``; the old token stops working at once."""
        return self.raw.ReissueSeatToken(
            pb.ReissueSeatTokenRequest(game_id=game_id, seat=seat),
            metadata=_game_metadata(game_id),
            timeout=self.timeout,
        )

    def watch_changes(
        self,
        *,
        cursor: str = "",
        from_start: bool = False,
        game_type: str = "",
        player_ref: str = "",
        kinds: Iterable["pb.ChangeKind | int"] = (),
        max_reconnects: int = MAX_WATCH_RECONNECTS,
    ) -> "ChangeFeed":
        """The changes of every game matching the filter, as the server commits them (API key
        with the ``feed`` scope): games created, seats to act, games finished, deadlines passed,
        seat changes, campaign plays folded. Iterate the returned :class:`ChangeFeed` for
        ``pb.Change`` messages; it does not end by itself (``cancel()`` it, or use it as a
        context manager).

        ``cursor`` resumes after a change delivered earlier (``change.cursor``, e.g. one stored
        by a previous run); without one the feed starts with the changes after the call, or with
        ``from_start`` with the oldest change the server keeps. ``game_type``, ``player_ref``
        and ``kinds`` filter.

        When the stream breaks the feed reconnects from the cursor of the last change it
        delivered, so every change arrives once and in order: after UNAVAILABLE (a replica
        shutting down, a lost connection), RESOURCE_EXHAUSTED once the stream has delivered (the
        server closes a stream not read for its drain time), or an end of the stream. It raises
        after ``max_reconnects`` failures in a row without a change in between, and on any other
        error; a cursor older than the server keeps is FAILED_PRECONDITION (reason
        ``CURSOR_EXPIRED``).
        """
        request = pb.WatchChangesRequest(
            cursor=cursor,
            from_start=from_start,
            game_type=game_type,
            player_ref=player_ref,
            kinds=list(kinds),
        )
        return ChangeFeed(self.raw, request, max_reconnects)

    def list_webhook_deliveries(
        self, endpoint: str = "", page_size: int = 0
    ) -> pb.ListWebhookDeliveriesResponse:
        """The operator's webhook endpoints (``.endpoints``, with the cursor each has been
        delivered up to) and their latest deliveries (``.deliveries``), newest first. Needs an API
        key with the ``webhooks`` scope. ``endpoint`` names one endpoint (all when empty);
        ``page_size`` deliveries at most (server default 50, maximum 500)."""
        return self.raw.ListWebhookDeliveries(
            pb.ListWebhookDeliveriesRequest(endpoint=endpoint, page_size=page_size),
            timeout=self.timeout,
        )

    def seat(self, game_id: str, token: str) -> "SeatClient":
        """Acting as (and seeing what is visible to) the seat whose token this is."""
        return SeatClient(self, game_id, token)

    def spectator(self, game_id: str) -> "SeatClient":
        """Seeing the game as a spectator (public information only); cannot submit."""
        return SeatClient(self, game_id, None)


class ChangeFeed:
    """The change feed of :meth:`Tablero.watch_changes`: an iterator of ``pb.Change`` that
    reconnects from its last cursor when the stream breaks.

    ``cursor`` is the cursor of the last change it delivered (where a later feed resumes).
    ``cancel()``, from any thread, ends the iteration (the loop then simply stops); leaving a
    ``with`` block cancels too. Other errors are raised as ``grpc.RpcError``.
    """

    def __init__(
        self,
        raw: game_service_pb2_grpc.GameServiceStub,
        request: pb.WatchChangesRequest,
        max_reconnects: int,
    ) -> None:
        self._raw = raw
        self._request = request
        self._max_reconnects = max_reconnects
        #: The cursor of the last change delivered (the starting cursor before the first).
        self.cursor: str = request.cursor
        self._lock = threading.Lock()
        self._cancelled = threading.Event()
        self._call: Optional[grpc.Call] = None
        self._changes = self._follow()

    def __iter__(self) -> "ChangeFeed":
        return self

    def __next__(self) -> pb.Change:
        return next(self._changes)

    def __enter__(self) -> "ChangeFeed":
        return self

    def __exit__(self, *exc: object) -> None:
        self.cancel()

    def cancel(self) -> None:
        """Stops the feed: the open call is cancelled and the iteration ends."""
        with self._lock:
            self._cancelled.set()
            call = self._call
        if call is not None:
            call.cancel()

    def _open(self) -> Optional[grpc.Call]:
        request = pb.WatchChangesRequest()
        request.CopyFrom(self._request)
        request.cursor = self.cursor
        request.from_start = self._request.from_start and not self.cursor
        with self._lock:
            if self._cancelled.is_set():
                return None
            self._call = self._raw.WatchChanges(request)
            return self._call

    def _follow(self) -> Iterator[pb.Change]:
        failures = 0
        while True:
            call = self._open()
            if call is None:
                return
            delivered = False  # whether this stream has sent a message
            try:
                for response in call:  # type: ignore[attr-defined]
                    delivered = True
                    for change in response.changes:
                        self.cursor = change.cursor
                        failures = 0
                        yield change
                # The server never ends the stream by itself; something in between did.
                if failures >= self._max_reconnects:
                    return
            except grpc.RpcError as e:
                if self._cancelled.is_set():
                    return
                if not _broken(e, delivered) or failures >= self._max_reconnects:
                    raise
            finally:
                call.cancel()  # ends the call when the loop stops early; a no-op once it ended
            failures += 1
            # A random half to all of 0.1 s doubling up to 5 s, so that many backends cut off at
            # once do not all come back at once; cancel() cuts the wait short.
            wait = min(5.0, 0.1 * 2 ** (failures - 1)) * random.uniform(0.5, 1.0)
            if self._cancelled.wait(wait):
                return


def _broken(error: grpc.RpcError, delivered: bool) -> bool:
    """Whether a feed's error means that the stream broke rather than that the server refused:
    UNAVAILABLE (a replica shutting down, a lost connection, the store out of reach), or
    RESOURCE_EXHAUSTED after the stream delivered (a reader too slow for the server's drain
    time; before, it is a limit on streams)."""
    code = error.code()  # type: ignore[attr-defined]
    return code == grpc.StatusCode.UNAVAILABLE or (
        delivered and code == grpc.StatusCode.RESOURCE_EXHAUSTED
    )


class SeatClient:
    """One caller's handle on one game: a seat (with its token) or a spectator."""

    def __init__(self, tablero: Tablero, game_id: str, token: Optional[str]) -> None:
        self.tablero = tablero
        self.game_id = game_id
        self.token = token

    def __repr__(self) -> str:
        who = "seat" if self.token else "spectator"
        return f"SeatClient(game_id={self.game_id!r}, {who})"

    @property
    def metadata(self) -> Metadata:
        """The call metadata: the game id (``tablero-game-id``, which a load balancer hashes on
        so a game's calls reach one replica) and this caller's token (``authorization: Bearer …``)."""
        game = _game_metadata(self.game_id)
        return game + ((("authorization", f"Bearer {self.token}"),) if self.token else ())

    @property
    def _raw(self) -> game_service_pb2_grpc.GameServiceStub:
        return self.tablero.raw

    def view(self) -> pb.GameView:
        """This caller's view now; ``legal_actions`` in it are this caller's."""
        return self._raw.GetView(
            pb.GetViewRequest(game_id=self.game_id),
            metadata=self.metadata,
            timeout=self.tablero.timeout,
        ).view

    def legal_actions(self) -> pb.ListLegalActionsResponse:
        """This caller's legal actions now (``.actions``, empty if it need not act) and the
        ``.version`` they hold at."""
        return self._raw.ListLegalActions(
            pb.ListLegalActionsRequest(game_id=self.game_id),
            metadata=self.metadata,
            timeout=self.tablero.timeout,
        )

    def hint(self, level: int = 0) -> pb.GetHintResponse:
        """The move the server's mcts bot would play for this seat, searched from its own view (level 0: default)."""
        return self._raw.GetHint(
            pb.GetHintRequest(game_id=self.game_id, level=level),
            metadata=self.metadata,
            timeout=self.tablero.timeout,
        )

    def submit_request(self, request: pb.SubmitActionRequest) -> pb.SubmitActionResponse:
        """Submits exactly as given, with this caller's token (no retry)."""
        return self._raw.SubmitAction(
            request, metadata=self.metadata, timeout=self.tablero.timeout
        )

    def submit(
        self,
        action: ActionLike,
        expected_version: Optional[int] = None,
        *,
        seat: Optional[int] = None,
    ) -> pb.SubmitActionResponse:
        """Submits one action; the response carries the new view and the events since.

        ``expected_version`` is the version the action was chosen at (e.g. ``view.version``);
        when None the current version is read first. On ABORTED (someone else moved first) the
        submit is retried at the version the error reports, up to :data:`MAX_ABORTED_RETRIES`
        times, with one idempotency key throughout so that a retry after a lost reply never
        applies the action twice. Other errors are raised as ``grpc.RpcError``.
        """
        if expected_version is None:
            expected_version = self.legal_actions().version
        req = pb.SubmitActionRequest(
            game_id=self.game_id,
            expected_version=expected_version,
            idempotency_key=new_idempotency_key(),
        )
        if isinstance(action, str):
            req.action_id = action
        elif isinstance(action, pb.LegalAction):
            req.action_id = action.id
        elif isinstance(action, pb.Action):
            req.typed.CopyFrom(action)
        elif isinstance(action, claim_pb2.ClaimAction):
            req.typed.claim.CopyFrom(action)
        else:
            raise TypeError(f"cannot submit a {type(action).__name__}")
        if seat is not None:
            req.seat = seat
        attempts = 0
        while True:
            try:
                return self.submit_request(req)
            except grpc.RpcError as e:
                if e.code() != grpc.StatusCode.ABORTED or attempts >= MAX_ABORTED_RETRIES:
                    raise
                current = current_version(e)
                if current is None:
                    raise
                attempts += 1
                req.expected_version = current

    def watch(self, from_version: int = 0) -> Iterator[pb.WatchGameResponse]:
        """Every change after ``from_version``, as this caller may see it.

        Returns the streaming call (also a ``grpc.Call``): iterate it for ``WatchGameResponse`` messages (events plus
        the view after them; one message may cover several versions). The server ends the
        stream once the game is finished; call ``.cancel()`` on it to stop earlier (iteration
        then raises ``grpc.RpcError`` with code CANCELLED).
        """
        return self._raw.WatchGame(
            pb.WatchGameRequest(game_id=self.game_id, from_version=from_version),
            metadata=self.metadata,
        )

    def history(self, from_version: int = 0, page_size: int = 0) -> list[pb.Event]:
        """Every event after ``from_version`` (with the setup events when 0), following pages."""
        events: list[pb.Event] = []
        frm = from_version
        while True:
            page = self._raw.GetHistory(
                pb.GetHistoryRequest(game_id=self.game_id, from_version=frm, page_size=page_size),
                metadata=self.metadata,
                timeout=self.tablero.timeout,
            )
            events.extend(page.events)
            if page.through_version >= page.current_version or page.through_version <= frm:
                return events
            frm = page.through_version

    def resign(self) -> pb.ResignSeatResponse:
        """This seat gives up (its token decides which seat). A game of one or two seats ends at
        once (the other seat wins); with more, the server's bot plays the seat from then on. The
        response has the view after it and the events from the resignation on."""
        return self._raw.ResignSeat(
            pb.ResignSeatRequest(game_id=self.game_id),
            metadata=self.metadata,
            timeout=self.tablero.timeout,
        )

    def replay_view(self, version: int) -> pb.GameView:
        """This caller's view as it was at an earlier version."""
        return self._raw.GetReplayView(
            pb.GetReplayViewRequest(game_id=self.game_id, version=version),
            metadata=self.metadata,
            timeout=self.tablero.timeout,
        ).view


def _game_metadata(game_id: str) -> tuple[tuple[str, str], ...]:
    """The metadata naming the game (``tablero-game-id``), for routing a game's calls."""
    return ((GAME_ID_HEADER, game_id),)


def _trailer(error: grpc.RpcError, key: str) -> Optional[str]:
    trailers = getattr(error, "trailing_metadata", None)
    for k, v in (trailers() if callable(trailers) else None) or ():
        if k == key:
            return v.decode() if isinstance(v, bytes) else v
    return None


def error_info(error: grpc.RpcError) -> Optional[error_details_pb2.ErrorInfo]:
    """The ``google.rpc.ErrorInfo`` detail of a failed call (from ``grpc-status-details-bin``)."""
    try:
        status = rpc_status.from_call(error)
    except (ValueError, AttributeError, TypeError):
        return None
    if status is None:
        return None
    for detail in status.details:
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            return info
    return None


def rule_id(error: grpc.RpcError) -> Optional[str]:
    """The violated rule ID of a FAILED_PRECONDITION, e.g. ``"CLM-TRK.4"``; None if absent."""
    info = error_info(error)
    if info is not None and "rule_id" in info.metadata:
        return info.metadata["rule_id"]
    return _trailer(error, RULE_ID_TRAILER)


def current_version(error: grpc.RpcError) -> Optional[int]:
    """The game's current version carried by an ABORTED; None if absent."""
    info = error_info(error)
    text = info.metadata.get("current_version") if info is not None else None
    if text is None:
        text = _trailer(error, CURRENT_VERSION_TRAILER)
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None
