from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class EmaraCampaignOptions(_message.Message):
    __slots__ = ("start", "max_games", "random_layout", "full_selection")
    START_FIELD_NUMBER: _ClassVar[int]
    MAX_GAMES_FIELD_NUMBER: _ClassVar[int]
    RANDOM_LAYOUT_FIELD_NUMBER: _ClassVar[int]
    FULL_SELECTION_FIELD_NUMBER: _ClassVar[int]
    start: int
    max_games: int
    random_layout: bool
    full_selection: bool
    def __init__(self, start: _Optional[int] = ..., max_games: _Optional[int] = ..., random_layout: _Optional[bool] = ..., full_selection: _Optional[bool] = ...) -> None: ...

class EmaraCampaignGame(_message.Message):
    __slots__ = ("start", "score", "victoria_cp", "won")
    START_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    VICTORIA_CP_FIELD_NUMBER: _ClassVar[int]
    WON_FIELD_NUMBER: _ClassVar[int]
    start: int
    score: int
    victoria_cp: int
    won: bool
    def __init__(self, start: _Optional[int] = ..., score: _Optional[int] = ..., victoria_cp: _Optional[int] = ..., won: _Optional[bool] = ...) -> None: ...

class EmaraCampaignBest(_message.Message):
    __slots__ = ("start", "score", "won")
    START_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    WON_FIELD_NUMBER: _ClassVar[int]
    start: int
    score: int
    won: bool
    def __init__(self, start: _Optional[int] = ..., score: _Optional[int] = ..., won: _Optional[bool] = ...) -> None: ...

class EmaraCampaignResult(_message.Message):
    __slots__ = ("start", "score")
    START_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    start: int
    score: int
    def __init__(self, start: _Optional[int] = ..., score: _Optional[int] = ...) -> None: ...

class EmaraCampaignView(_message.Message):
    __slots__ = ("next_start", "games", "best", "result", "over")
    NEXT_START_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    BEST_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    next_start: int
    games: _containers.RepeatedCompositeFieldContainer[EmaraCampaignGame]
    best: _containers.RepeatedCompositeFieldContainer[EmaraCampaignBest]
    result: EmaraCampaignResult
    over: bool
    def __init__(self, next_start: _Optional[int] = ..., games: _Optional[_Iterable[_Union[EmaraCampaignGame, _Mapping]]] = ..., best: _Optional[_Iterable[_Union[EmaraCampaignBest, _Mapping]]] = ..., result: _Optional[_Union[EmaraCampaignResult, _Mapping]] = ..., over: _Optional[bool] = ...) -> None: ...
