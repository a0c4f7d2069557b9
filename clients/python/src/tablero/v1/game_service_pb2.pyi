from tablero.v1 import claim_pb2 as _claim_pb2
from tablero.v1 import emara_pb2 as _emara_pb2
from tablero.v1 import kingdom_legacy_pb2 as _kingdom_legacy_pb2
from tablero.v1 import panovnik_pb2 as _panovnik_pb2
from tablero.v1 import pantheon_pb2 as _pantheon_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GameStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_STATUS_UNSPECIFIED: _ClassVar[GameStatus]
    GAME_STATUS_ACTIVE: _ClassVar[GameStatus]
    GAME_STATUS_FINISHED: _ClassVar[GameStatus]

class SetupKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SETUP_KIND_UNSPECIFIED: _ClassVar[SetupKind]
    SETUP_KIND_RANDOM: _ClassVar[SetupKind]
    SETUP_KIND_CHOSEN_SEED: _ClassVar[SetupKind]
    SETUP_KIND_SCENARIO: _ClassVar[SetupKind]

class Occupant(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    OCCUPANT_UNSPECIFIED: _ClassVar[Occupant]
    OCCUPANT_HUMAN: _ClassVar[Occupant]
    OCCUPANT_BOT: _ClassVar[Occupant]
    OCCUPANT_OPEN: _ClassVar[Occupant]

class SeatChangeKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEAT_CHANGE_KIND_UNSPECIFIED: _ClassVar[SeatChangeKind]
    SEAT_CHANGE_KIND_RESIGNED: _ClassVar[SeatChangeKind]
    SEAT_CHANGE_KIND_REPLACED_BY_BOT: _ClassVar[SeatChangeKind]
    SEAT_CHANGE_KIND_RETURNED_TO_HUMAN: _ClassVar[SeatChangeKind]
    SEAT_CHANGE_KIND_TOKEN_REISSUED: _ClassVar[SeatChangeKind]
    SEAT_CHANGE_KIND_TIMED_OUT: _ClassVar[SeatChangeKind]

class TimeoutPolicy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TIMEOUT_POLICY_UNSPECIFIED: _ClassVar[TimeoutPolicy]
    TIMEOUT_POLICY_BOT_MOVES: _ClassVar[TimeoutPolicy]
    TIMEOUT_POLICY_RESIGN: _ClassVar[TimeoutPolicy]

class ChangeKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CHANGE_KIND_UNSPECIFIED: _ClassVar[ChangeKind]
    CHANGE_KIND_GAME_CREATED: _ClassVar[ChangeKind]
    CHANGE_KIND_SEAT_TO_ACT: _ClassVar[ChangeKind]
    CHANGE_KIND_GAME_FINISHED: _ClassVar[ChangeKind]
    CHANGE_KIND_DEADLINE_PASSED: _ClassVar[ChangeKind]
    CHANGE_KIND_CAMPAIGN_PLAY_FOLDED: _ClassVar[ChangeKind]
    CHANGE_KIND_SEAT_CHANGED: _ClassVar[ChangeKind]
GAME_STATUS_UNSPECIFIED: GameStatus
GAME_STATUS_ACTIVE: GameStatus
GAME_STATUS_FINISHED: GameStatus
SETUP_KIND_UNSPECIFIED: SetupKind
SETUP_KIND_RANDOM: SetupKind
SETUP_KIND_CHOSEN_SEED: SetupKind
SETUP_KIND_SCENARIO: SetupKind
OCCUPANT_UNSPECIFIED: Occupant
OCCUPANT_HUMAN: Occupant
OCCUPANT_BOT: Occupant
OCCUPANT_OPEN: Occupant
SEAT_CHANGE_KIND_UNSPECIFIED: SeatChangeKind
SEAT_CHANGE_KIND_RESIGNED: SeatChangeKind
SEAT_CHANGE_KIND_REPLACED_BY_BOT: SeatChangeKind
SEAT_CHANGE_KIND_RETURNED_TO_HUMAN: SeatChangeKind
SEAT_CHANGE_KIND_TOKEN_REISSUED: SeatChangeKind
SEAT_CHANGE_KIND_TIMED_OUT: SeatChangeKind
TIMEOUT_POLICY_UNSPECIFIED: TimeoutPolicy
TIMEOUT_POLICY_BOT_MOVES: TimeoutPolicy
TIMEOUT_POLICY_RESIGN: TimeoutPolicy
CHANGE_KIND_UNSPECIFIED: ChangeKind
CHANGE_KIND_GAME_CREATED: ChangeKind
CHANGE_KIND_SEAT_TO_ACT: ChangeKind
CHANGE_KIND_GAME_FINISHED: ChangeKind
CHANGE_KIND_DEADLINE_PASSED: ChangeKind
CHANGE_KIND_CAMPAIGN_PLAY_FOLDED: ChangeKind
CHANGE_KIND_SEAT_CHANGED: ChangeKind

class GameMode(_message.Message):
    __slots__ = ("name", "seats")
    NAME_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    name: str
    seats: int
    def __init__(self, name: _Optional[str] = ..., seats: _Optional[int] = ...) -> None: ...

class GameTypeInfo(_message.Message):
    __slots__ = ("game_type", "title", "rules_version", "modes", "bots", "bot_kinds")
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    MODES_FIELD_NUMBER: _ClassVar[int]
    BOTS_FIELD_NUMBER: _ClassVar[int]
    BOT_KINDS_FIELD_NUMBER: _ClassVar[int]
    game_type: str
    title: str
    rules_version: int
    modes: _containers.RepeatedCompositeFieldContainer[GameMode]
    bots: _containers.RepeatedScalarFieldContainer[str]
    bot_kinds: _containers.RepeatedCompositeFieldContainer[BotKind]
    def __init__(self, game_type: _Optional[str] = ..., title: _Optional[str] = ..., rules_version: _Optional[int] = ..., modes: _Optional[_Iterable[_Union[GameMode, _Mapping]]] = ..., bots: _Optional[_Iterable[str]] = ..., bot_kinds: _Optional[_Iterable[_Union[BotKind, _Mapping]]] = ...) -> None: ...

class BotKind(_message.Message):
    __slots__ = ("name", "description", "max_level", "default_level")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    MAX_LEVEL_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_LEVEL_FIELD_NUMBER: _ClassVar[int]
    name: str
    description: str
    max_level: int
    default_level: int
    def __init__(self, name: _Optional[str] = ..., description: _Optional[str] = ..., max_level: _Optional[int] = ..., default_level: _Optional[int] = ...) -> None: ...

class ListGameTypesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListGameTypesResponse(_message.Message):
    __slots__ = ("game_types",)
    GAME_TYPES_FIELD_NUMBER: _ClassVar[int]
    game_types: _containers.RepeatedCompositeFieldContainer[GameTypeInfo]
    def __init__(self, game_types: _Optional[_Iterable[_Union[GameTypeInfo, _Mapping]]] = ...) -> None: ...

class GameOptions(_message.Message):
    __slots__ = ("claim", "emara", "panovnik", "pantheon", "kingdom_legacy")
    CLAIM_FIELD_NUMBER: _ClassVar[int]
    EMARA_FIELD_NUMBER: _ClassVar[int]
    PANOVNIK_FIELD_NUMBER: _ClassVar[int]
    PANTHEON_FIELD_NUMBER: _ClassVar[int]
    KINGDOM_LEGACY_FIELD_NUMBER: _ClassVar[int]
    claim: _claim_pb2.ClaimOptions
    emara: _emara_pb2.EmaraOptions
    panovnik: _panovnik_pb2.PanovnikOptions
    pantheon: _pantheon_pb2.PantheonOptions
    kingdom_legacy: _kingdom_legacy_pb2.KingdomLegacyOptions
    def __init__(self, claim: _Optional[_Union[_claim_pb2.ClaimOptions, _Mapping]] = ..., emara: _Optional[_Union[_emara_pb2.EmaraOptions, _Mapping]] = ..., panovnik: _Optional[_Union[_panovnik_pb2.PanovnikOptions, _Mapping]] = ..., pantheon: _Optional[_Union[_pantheon_pb2.PantheonOptions, _Mapping]] = ..., kingdom_legacy: _Optional[_Union[_kingdom_legacy_pb2.KingdomLegacyOptions, _Mapping]] = ...) -> None: ...

class Scenario(_message.Message):
    __slots__ = ("claim", "emara", "panovnik", "pantheon", "kingdom_legacy")
    CLAIM_FIELD_NUMBER: _ClassVar[int]
    EMARA_FIELD_NUMBER: _ClassVar[int]
    PANOVNIK_FIELD_NUMBER: _ClassVar[int]
    PANTHEON_FIELD_NUMBER: _ClassVar[int]
    KINGDOM_LEGACY_FIELD_NUMBER: _ClassVar[int]
    claim: _claim_pb2.ClaimScenario
    emara: _emara_pb2.EmaraScenario
    panovnik: _panovnik_pb2.PanovnikScenario
    pantheon: _pantheon_pb2.PantheonScenario
    kingdom_legacy: _kingdom_legacy_pb2.KingdomLegacyScenario
    def __init__(self, claim: _Optional[_Union[_claim_pb2.ClaimScenario, _Mapping]] = ..., emara: _Optional[_Union[_emara_pb2.EmaraScenario, _Mapping]] = ..., panovnik: _Optional[_Union[_panovnik_pb2.PanovnikScenario, _Mapping]] = ..., pantheon: _Optional[_Union[_pantheon_pb2.PantheonScenario, _Mapping]] = ..., kingdom_legacy: _Optional[_Union[_kingdom_legacy_pb2.KingdomLegacyScenario, _Mapping]] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("claim", "emara", "panovnik", "pantheon", "kingdom_legacy")
    CLAIM_FIELD_NUMBER: _ClassVar[int]
    EMARA_FIELD_NUMBER: _ClassVar[int]
    PANOVNIK_FIELD_NUMBER: _ClassVar[int]
    PANTHEON_FIELD_NUMBER: _ClassVar[int]
    KINGDOM_LEGACY_FIELD_NUMBER: _ClassVar[int]
    claim: _claim_pb2.ClaimAction
    emara: _emara_pb2.EmaraAction
    panovnik: _panovnik_pb2.PanovnikAction
    pantheon: _pantheon_pb2.PantheonAction
    kingdom_legacy: _kingdom_legacy_pb2.KingdomLegacyAction
    def __init__(self, claim: _Optional[_Union[_claim_pb2.ClaimAction, _Mapping]] = ..., emara: _Optional[_Union[_emara_pb2.EmaraAction, _Mapping]] = ..., panovnik: _Optional[_Union[_panovnik_pb2.PanovnikAction, _Mapping]] = ..., pantheon: _Optional[_Union[_pantheon_pb2.PantheonAction, _Mapping]] = ..., kingdom_legacy: _Optional[_Union[_kingdom_legacy_pb2.KingdomLegacyAction, _Mapping]] = ...) -> None: ...

class SeatSpec(_message.Message):
    __slots__ = ("occupant", "name", "bot", "bot_level", "player_ref", "player_ref_public")
    OCCUPANT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    BOT_LEVEL_FIELD_NUMBER: _ClassVar[int]
    PLAYER_REF_FIELD_NUMBER: _ClassVar[int]
    PLAYER_REF_PUBLIC_FIELD_NUMBER: _ClassVar[int]
    occupant: Occupant
    name: str
    bot: str
    bot_level: int
    player_ref: str
    player_ref_public: bool
    def __init__(self, occupant: _Optional[_Union[Occupant, str]] = ..., name: _Optional[str] = ..., bot: _Optional[str] = ..., bot_level: _Optional[int] = ..., player_ref: _Optional[str] = ..., player_ref_public: _Optional[bool] = ...) -> None: ...

class SeatInfo(_message.Message):
    __slots__ = ("seat", "occupant", "name", "bot", "bot_level", "to_act", "resigned", "player_ref")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    OCCUPANT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    BOT_LEVEL_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    RESIGNED_FIELD_NUMBER: _ClassVar[int]
    PLAYER_REF_FIELD_NUMBER: _ClassVar[int]
    seat: int
    occupant: Occupant
    name: str
    bot: str
    bot_level: int
    to_act: bool
    resigned: bool
    player_ref: str
    def __init__(self, seat: _Optional[int] = ..., occupant: _Optional[_Union[Occupant, str]] = ..., name: _Optional[str] = ..., bot: _Optional[str] = ..., bot_level: _Optional[int] = ..., to_act: _Optional[bool] = ..., resigned: _Optional[bool] = ..., player_ref: _Optional[str] = ...) -> None: ...

class Outcome(_message.Message):
    __slots__ = ("places", "winners", "draw", "reason")
    PLACES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    places: _containers.RepeatedScalarFieldContainer[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    draw: bool
    reason: str
    def __init__(self, places: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ..., draw: _Optional[bool] = ..., reason: _Optional[str] = ...) -> None: ...

class GameView(_message.Message):
    __slots__ = ("game_id", "game_type", "version", "status", "seats", "to_act", "viewer_seat", "outcome", "rules_version", "legal_actions", "setup", "listed", "clock", "claim", "emara", "panovnik", "pantheon", "kingdom_legacy")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    VIEWER_SEAT_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    SETUP_FIELD_NUMBER: _ClassVar[int]
    LISTED_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    CLAIM_FIELD_NUMBER: _ClassVar[int]
    EMARA_FIELD_NUMBER: _ClassVar[int]
    PANOVNIK_FIELD_NUMBER: _ClassVar[int]
    PANTHEON_FIELD_NUMBER: _ClassVar[int]
    KINGDOM_LEGACY_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    game_type: str
    version: int
    status: GameStatus
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    to_act: _containers.RepeatedScalarFieldContainer[int]
    viewer_seat: int
    outcome: Outcome
    rules_version: int
    legal_actions: _containers.RepeatedCompositeFieldContainer[LegalAction]
    setup: SetupKind
    listed: bool
    clock: GameClock
    claim: _claim_pb2.ClaimView
    emara: _emara_pb2.EmaraView
    panovnik: _panovnik_pb2.PanovnikView
    pantheon: _pantheon_pb2.PantheonView
    kingdom_legacy: _kingdom_legacy_pb2.KingdomLegacyView
    def __init__(self, game_id: _Optional[str] = ..., game_type: _Optional[str] = ..., version: _Optional[int] = ..., status: _Optional[_Union[GameStatus, str]] = ..., seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., to_act: _Optional[_Iterable[int]] = ..., viewer_seat: _Optional[int] = ..., outcome: _Optional[_Union[Outcome, _Mapping]] = ..., rules_version: _Optional[int] = ..., legal_actions: _Optional[_Iterable[_Union[LegalAction, _Mapping]]] = ..., setup: _Optional[_Union[SetupKind, str]] = ..., listed: _Optional[bool] = ..., clock: _Optional[_Union[GameClock, _Mapping]] = ..., claim: _Optional[_Union[_claim_pb2.ClaimView, _Mapping]] = ..., emara: _Optional[_Union[_emara_pb2.EmaraView, _Mapping]] = ..., panovnik: _Optional[_Union[_panovnik_pb2.PanovnikView, _Mapping]] = ..., pantheon: _Optional[_Union[_pantheon_pb2.PantheonView, _Mapping]] = ..., kingdom_legacy: _Optional[_Union[_kingdom_legacy_pb2.KingdomLegacyView, _Mapping]] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("version", "actor", "summary", "seat_change", "claim", "emara", "panovnik", "pantheon", "kingdom_legacy")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    ACTOR_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    SEAT_CHANGE_FIELD_NUMBER: _ClassVar[int]
    CLAIM_FIELD_NUMBER: _ClassVar[int]
    EMARA_FIELD_NUMBER: _ClassVar[int]
    PANOVNIK_FIELD_NUMBER: _ClassVar[int]
    PANTHEON_FIELD_NUMBER: _ClassVar[int]
    KINGDOM_LEGACY_FIELD_NUMBER: _ClassVar[int]
    version: int
    actor: int
    summary: str
    seat_change: SeatChange
    claim: _claim_pb2.ClaimEvent
    emara: _emara_pb2.EmaraEvent
    panovnik: _panovnik_pb2.PanovnikEvent
    pantheon: _pantheon_pb2.PantheonEvent
    kingdom_legacy: _kingdom_legacy_pb2.KingdomLegacyEvent
    def __init__(self, version: _Optional[int] = ..., actor: _Optional[int] = ..., summary: _Optional[str] = ..., seat_change: _Optional[_Union[SeatChange, _Mapping]] = ..., claim: _Optional[_Union[_claim_pb2.ClaimEvent, _Mapping]] = ..., emara: _Optional[_Union[_emara_pb2.EmaraEvent, _Mapping]] = ..., panovnik: _Optional[_Union[_panovnik_pb2.PanovnikEvent, _Mapping]] = ..., pantheon: _Optional[_Union[_pantheon_pb2.PantheonEvent, _Mapping]] = ..., kingdom_legacy: _Optional[_Union[_kingdom_legacy_pb2.KingdomLegacyEvent, _Mapping]] = ...) -> None: ...

class PerMoveTimeControl(_message.Message):
    __slots__ = ("seconds",)
    SECONDS_FIELD_NUMBER: _ClassVar[int]
    seconds: int
    def __init__(self, seconds: _Optional[int] = ...) -> None: ...

class ChessClockTimeControl(_message.Message):
    __slots__ = ("initial_seconds", "increment_seconds")
    INITIAL_SECONDS_FIELD_NUMBER: _ClassVar[int]
    INCREMENT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    initial_seconds: int
    increment_seconds: int
    def __init__(self, initial_seconds: _Optional[int] = ..., increment_seconds: _Optional[int] = ...) -> None: ...

class DailyTimeControl(_message.Message):
    __slots__ = ("days",)
    DAYS_FIELD_NUMBER: _ClassVar[int]
    days: int
    def __init__(self, days: _Optional[int] = ...) -> None: ...

class TimeControl(_message.Message):
    __slots__ = ("per_move", "chess_clock", "daily", "on_timeout")
    PER_MOVE_FIELD_NUMBER: _ClassVar[int]
    CHESS_CLOCK_FIELD_NUMBER: _ClassVar[int]
    DAILY_FIELD_NUMBER: _ClassVar[int]
    ON_TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    per_move: PerMoveTimeControl
    chess_clock: ChessClockTimeControl
    daily: DailyTimeControl
    on_timeout: TimeoutPolicy
    def __init__(self, per_move: _Optional[_Union[PerMoveTimeControl, _Mapping]] = ..., chess_clock: _Optional[_Union[ChessClockTimeControl, _Mapping]] = ..., daily: _Optional[_Union[DailyTimeControl, _Mapping]] = ..., on_timeout: _Optional[_Union[TimeoutPolicy, str]] = ...) -> None: ...

class SeatClock(_message.Message):
    __slots__ = ("seat", "deadline_unix_ms", "remaining_ms")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    REMAINING_MS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    deadline_unix_ms: int
    remaining_ms: int
    def __init__(self, seat: _Optional[int] = ..., deadline_unix_ms: _Optional[int] = ..., remaining_ms: _Optional[int] = ...) -> None: ...

class GameClock(_message.Message):
    __slots__ = ("control", "seats", "next_deadline_unix_ms", "now_unix_ms")
    CONTROL_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    NEXT_DEADLINE_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    NOW_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    control: TimeControl
    seats: _containers.RepeatedCompositeFieldContainer[SeatClock]
    next_deadline_unix_ms: int
    now_unix_ms: int
    def __init__(self, control: _Optional[_Union[TimeControl, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[SeatClock, _Mapping]]] = ..., next_deadline_unix_ms: _Optional[int] = ..., now_unix_ms: _Optional[int] = ...) -> None: ...

class SeatChange(_message.Message):
    __slots__ = ("seat", "kind")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: SeatChangeKind
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[SeatChangeKind, str]] = ...) -> None: ...

class ResignSeatRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class ReplaceSeatRequest(_message.Message):
    __slots__ = ("game_id", "seat", "occupant", "bot", "bot_level")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    OCCUPANT_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    BOT_LEVEL_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    occupant: Occupant
    bot: str
    bot_level: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., occupant: _Optional[_Union[Occupant, str]] = ..., bot: _Optional[str] = ..., bot_level: _Optional[int] = ...) -> None: ...

class ReissueSeatTokenRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class ResignSeatResponse(_message.Message):
    __slots__ = ("view", "events")
    VIEW_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    view: GameView
    events: _containers.RepeatedCompositeFieldContainer[Event]
    def __init__(self, view: _Optional[_Union[GameView, _Mapping]] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ...) -> None: ...

class ReplaceSeatResponse(_message.Message):
    __slots__ = ("view", "events", "credential")
    VIEW_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    CREDENTIAL_FIELD_NUMBER: _ClassVar[int]
    view: GameView
    events: _containers.RepeatedCompositeFieldContainer[Event]
    credential: SeatCredential
    def __init__(self, view: _Optional[_Union[GameView, _Mapping]] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., credential: _Optional[_Union[SeatCredential, _Mapping]] = ...) -> None: ...

class ReissueSeatTokenResponse(_message.Message):
    __slots__ = ("view", "events", "credential")
    VIEW_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    CREDENTIAL_FIELD_NUMBER: _ClassVar[int]
    view: GameView
    events: _containers.RepeatedCompositeFieldContainer[Event]
    credential: SeatCredential
    def __init__(self, view: _Optional[_Union[GameView, _Mapping]] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., credential: _Optional[_Union[SeatCredential, _Mapping]] = ...) -> None: ...

class SeatCredential(_message.Message):
    __slots__ = ("seat", "token")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    token: str
    def __init__(self, seat: _Optional[int] = ..., token: _Optional[str] = ...) -> None: ...

class CreateGameRequest(_message.Message):
    __slots__ = ("game_type", "options", "seats", "seed", "scenario", "mode", "listed", "time_control")
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    SCENARIO_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    LISTED_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    game_type: str
    options: GameOptions
    seats: _containers.RepeatedCompositeFieldContainer[SeatSpec]
    seed: int
    scenario: Scenario
    mode: str
    listed: bool
    time_control: TimeControl
    def __init__(self, game_type: _Optional[str] = ..., options: _Optional[_Union[GameOptions, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[SeatSpec, _Mapping]]] = ..., seed: _Optional[int] = ..., scenario: _Optional[_Union[Scenario, _Mapping]] = ..., mode: _Optional[str] = ..., listed: _Optional[bool] = ..., time_control: _Optional[_Union[TimeControl, _Mapping]] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("game_id", "credentials", "view", "creator_token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    CREDENTIALS_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    CREATOR_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    credentials: _containers.RepeatedCompositeFieldContainer[SeatCredential]
    view: GameView
    creator_token: str
    def __init__(self, game_id: _Optional[str] = ..., credentials: _Optional[_Iterable[_Union[SeatCredential, _Mapping]]] = ..., view: _Optional[_Union[GameView, _Mapping]] = ..., creator_token: _Optional[str] = ...) -> None: ...

class JoinGameRequest(_message.Message):
    __slots__ = ("game_id", "seat", "name", "player_ref", "player_ref_public")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_REF_FIELD_NUMBER: _ClassVar[int]
    PLAYER_REF_PUBLIC_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    name: str
    player_ref: str
    player_ref_public: bool
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., name: _Optional[str] = ..., player_ref: _Optional[str] = ..., player_ref_public: _Optional[bool] = ...) -> None: ...

class JoinGameResponse(_message.Message):
    __slots__ = ("credential", "view")
    CREDENTIAL_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    credential: SeatCredential
    view: GameView
    def __init__(self, credential: _Optional[_Union[SeatCredential, _Mapping]] = ..., view: _Optional[_Union[GameView, _Mapping]] = ...) -> None: ...

class GetViewRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class GetViewResponse(_message.Message):
    __slots__ = ("view",)
    VIEW_FIELD_NUMBER: _ClassVar[int]
    view: GameView
    def __init__(self, view: _Optional[_Union[GameView, _Mapping]] = ...) -> None: ...

class LegalAction(_message.Message):
    __slots__ = ("id", "action", "label")
    ID_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    id: str
    action: Action
    label: str
    def __init__(self, id: _Optional[str] = ..., action: _Optional[_Union[Action, _Mapping]] = ..., label: _Optional[str] = ...) -> None: ...

class GetHintRequest(_message.Message):
    __slots__ = ("game_id", "level")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    level: int
    def __init__(self, game_id: _Optional[str] = ..., level: _Optional[int] = ...) -> None: ...

class GetHintResponse(_message.Message):
    __slots__ = ("version", "seat", "action", "iterations")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    version: int
    seat: int
    action: LegalAction
    iterations: int
    def __init__(self, version: _Optional[int] = ..., seat: _Optional[int] = ..., action: _Optional[_Union[LegalAction, _Mapping]] = ..., iterations: _Optional[int] = ...) -> None: ...

class ListLegalActionsRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class ListLegalActionsResponse(_message.Message):
    __slots__ = ("version", "seat", "actions")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    version: int
    seat: int
    actions: _containers.RepeatedCompositeFieldContainer[LegalAction]
    def __init__(self, version: _Optional[int] = ..., seat: _Optional[int] = ..., actions: _Optional[_Iterable[_Union[LegalAction, _Mapping]]] = ...) -> None: ...

class SubmitActionRequest(_message.Message):
    __slots__ = ("game_id", "expected_version", "idempotency_key", "action_id", "typed", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    ACTION_ID_FIELD_NUMBER: _ClassVar[int]
    TYPED_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    expected_version: int
    idempotency_key: str
    action_id: str
    typed: Action
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., expected_version: _Optional[int] = ..., idempotency_key: _Optional[str] = ..., action_id: _Optional[str] = ..., typed: _Optional[_Union[Action, _Mapping]] = ..., seat: _Optional[int] = ...) -> None: ...

class SubmitActionResponse(_message.Message):
    __slots__ = ("view", "events")
    VIEW_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    view: GameView
    events: _containers.RepeatedCompositeFieldContainer[Event]
    def __init__(self, view: _Optional[_Union[GameView, _Mapping]] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ...) -> None: ...

class WatchGameRequest(_message.Message):
    __slots__ = ("game_id", "from_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    from_version: int
    def __init__(self, game_id: _Optional[str] = ..., from_version: _Optional[int] = ...) -> None: ...

class WatchGameResponse(_message.Message):
    __slots__ = ("events", "view")
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    events: _containers.RepeatedCompositeFieldContainer[Event]
    view: GameView
    def __init__(self, events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., view: _Optional[_Union[GameView, _Mapping]] = ...) -> None: ...

class GetHistoryRequest(_message.Message):
    __slots__ = ("game_id", "from_version", "page_size")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    from_version: int
    page_size: int
    def __init__(self, game_id: _Optional[str] = ..., from_version: _Optional[int] = ..., page_size: _Optional[int] = ...) -> None: ...

class GetHistoryResponse(_message.Message):
    __slots__ = ("events", "through_version", "current_version")
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    THROUGH_VERSION_FIELD_NUMBER: _ClassVar[int]
    CURRENT_VERSION_FIELD_NUMBER: _ClassVar[int]
    events: _containers.RepeatedCompositeFieldContainer[Event]
    through_version: int
    current_version: int
    def __init__(self, events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., through_version: _Optional[int] = ..., current_version: _Optional[int] = ...) -> None: ...

class GetReplayViewRequest(_message.Message):
    __slots__ = ("game_id", "version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class GetReplayViewResponse(_message.Message):
    __slots__ = ("view",)
    VIEW_FIELD_NUMBER: _ClassVar[int]
    view: GameView
    def __init__(self, view: _Optional[_Union[GameView, _Mapping]] = ...) -> None: ...

class GameSummary(_message.Message):
    __slots__ = ("game_id", "game_type", "status", "version", "seats", "created_at_unix_ms", "setup", "listed")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    SETUP_FIELD_NUMBER: _ClassVar[int]
    LISTED_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    game_type: str
    status: GameStatus
    version: int
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    created_at_unix_ms: int
    setup: SetupKind
    listed: bool
    def __init__(self, game_id: _Optional[str] = ..., game_type: _Optional[str] = ..., status: _Optional[_Union[GameStatus, str]] = ..., version: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., created_at_unix_ms: _Optional[int] = ..., setup: _Optional[_Union[SetupKind, str]] = ..., listed: _Optional[bool] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ("game_type", "status", "page_size", "page_token", "player_ref", "to_act")
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    PLAYER_REF_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    game_type: str
    status: GameStatus
    page_size: int
    page_token: str
    player_ref: str
    to_act: bool
    def __init__(self, game_type: _Optional[str] = ..., status: _Optional[_Union[GameStatus, str]] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., player_ref: _Optional[str] = ..., to_act: _Optional[bool] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games", "next_page_token")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameSummary]
    next_page_token: str
    def __init__(self, games: _Optional[_Iterable[_Union[GameSummary, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class DeleteGameRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class DeleteGameResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ChangeSeat(_message.Message):
    __slots__ = ("seat", "player_ref")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_REF_FIELD_NUMBER: _ClassVar[int]
    seat: int
    player_ref: str
    def __init__(self, seat: _Optional[int] = ..., player_ref: _Optional[str] = ...) -> None: ...

class Change(_message.Message):
    __slots__ = ("cursor", "kind", "game_id", "game_type", "version", "at_unix_ms", "seats", "player_refs", "seat_change", "outcome", "campaign_id")
    CURSOR_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    PLAYER_REFS_FIELD_NUMBER: _ClassVar[int]
    SEAT_CHANGE_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    CAMPAIGN_ID_FIELD_NUMBER: _ClassVar[int]
    cursor: str
    kind: ChangeKind
    game_id: str
    game_type: str
    version: int
    at_unix_ms: int
    seats: _containers.RepeatedCompositeFieldContainer[ChangeSeat]
    player_refs: _containers.RepeatedScalarFieldContainer[str]
    seat_change: SeatChangeKind
    outcome: Outcome
    campaign_id: str
    def __init__(self, cursor: _Optional[str] = ..., kind: _Optional[_Union[ChangeKind, str]] = ..., game_id: _Optional[str] = ..., game_type: _Optional[str] = ..., version: _Optional[int] = ..., at_unix_ms: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[ChangeSeat, _Mapping]]] = ..., player_refs: _Optional[_Iterable[str]] = ..., seat_change: _Optional[_Union[SeatChangeKind, str]] = ..., outcome: _Optional[_Union[Outcome, _Mapping]] = ..., campaign_id: _Optional[str] = ...) -> None: ...

class WatchChangesRequest(_message.Message):
    __slots__ = ("cursor", "from_start", "game_type", "player_ref", "kinds")
    CURSOR_FIELD_NUMBER: _ClassVar[int]
    FROM_START_FIELD_NUMBER: _ClassVar[int]
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_REF_FIELD_NUMBER: _ClassVar[int]
    KINDS_FIELD_NUMBER: _ClassVar[int]
    cursor: str
    from_start: bool
    game_type: str
    player_ref: str
    kinds: _containers.RepeatedScalarFieldContainer[ChangeKind]
    def __init__(self, cursor: _Optional[str] = ..., from_start: _Optional[bool] = ..., game_type: _Optional[str] = ..., player_ref: _Optional[str] = ..., kinds: _Optional[_Iterable[_Union[ChangeKind, str]]] = ...) -> None: ...

class WatchChangesResponse(_message.Message):
    __slots__ = ("changes",)
    CHANGES_FIELD_NUMBER: _ClassVar[int]
    changes: _containers.RepeatedCompositeFieldContainer[Change]
    def __init__(self, changes: _Optional[_Iterable[_Union[Change, _Mapping]]] = ...) -> None: ...

class ListWebhookDeliveriesRequest(_message.Message):
    __slots__ = ("endpoint", "page_size")
    ENDPOINT_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    endpoint: str
    page_size: int
    def __init__(self, endpoint: _Optional[str] = ..., page_size: _Optional[int] = ...) -> None: ...

class WebhookDelivery(_message.Message):
    __slots__ = ("endpoint", "delivery_id", "cursor", "kind", "game_id", "attempt", "http_status", "delivered", "error", "at_unix_ms", "gave_up", "requested")
    ENDPOINT_FIELD_NUMBER: _ClassVar[int]
    DELIVERY_ID_FIELD_NUMBER: _ClassVar[int]
    CURSOR_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    ATTEMPT_FIELD_NUMBER: _ClassVar[int]
    HTTP_STATUS_FIELD_NUMBER: _ClassVar[int]
    DELIVERED_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    GAVE_UP_FIELD_NUMBER: _ClassVar[int]
    REQUESTED_FIELD_NUMBER: _ClassVar[int]
    endpoint: str
    delivery_id: str
    cursor: str
    kind: ChangeKind
    game_id: str
    attempt: int
    http_status: int
    delivered: bool
    error: str
    at_unix_ms: int
    gave_up: bool
    requested: bool
    def __init__(self, endpoint: _Optional[str] = ..., delivery_id: _Optional[str] = ..., cursor: _Optional[str] = ..., kind: _Optional[_Union[ChangeKind, str]] = ..., game_id: _Optional[str] = ..., attempt: _Optional[int] = ..., http_status: _Optional[int] = ..., delivered: _Optional[bool] = ..., error: _Optional[str] = ..., at_unix_ms: _Optional[int] = ..., gave_up: _Optional[bool] = ..., requested: _Optional[bool] = ...) -> None: ...

class WebhookEndpoint(_message.Message):
    __slots__ = ("name", "url", "kinds", "delivered_cursor", "disabled", "failing_since_unix_ms")
    NAME_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    KINDS_FIELD_NUMBER: _ClassVar[int]
    DELIVERED_CURSOR_FIELD_NUMBER: _ClassVar[int]
    DISABLED_FIELD_NUMBER: _ClassVar[int]
    FAILING_SINCE_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    name: str
    url: str
    kinds: _containers.RepeatedScalarFieldContainer[ChangeKind]
    delivered_cursor: str
    disabled: bool
    failing_since_unix_ms: int
    def __init__(self, name: _Optional[str] = ..., url: _Optional[str] = ..., kinds: _Optional[_Iterable[_Union[ChangeKind, str]]] = ..., delivered_cursor: _Optional[str] = ..., disabled: _Optional[bool] = ..., failing_since_unix_ms: _Optional[int] = ...) -> None: ...

class RetryWebhookDeliveryRequest(_message.Message):
    __slots__ = ("endpoint", "delivery_id")
    ENDPOINT_FIELD_NUMBER: _ClassVar[int]
    DELIVERY_ID_FIELD_NUMBER: _ClassVar[int]
    endpoint: str
    delivery_id: str
    def __init__(self, endpoint: _Optional[str] = ..., delivery_id: _Optional[str] = ...) -> None: ...

class RetryWebhookDeliveryResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListWebhookDeliveriesResponse(_message.Message):
    __slots__ = ("endpoints", "deliveries")
    ENDPOINTS_FIELD_NUMBER: _ClassVar[int]
    DELIVERIES_FIELD_NUMBER: _ClassVar[int]
    endpoints: _containers.RepeatedCompositeFieldContainer[WebhookEndpoint]
    deliveries: _containers.RepeatedCompositeFieldContainer[WebhookDelivery]
    def __init__(self, endpoints: _Optional[_Iterable[_Union[WebhookEndpoint, _Mapping]]] = ..., deliveries: _Optional[_Iterable[_Union[WebhookDelivery, _Mapping]]] = ...) -> None: ...
