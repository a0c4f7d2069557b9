from tablero.v1 import emara_campaign_pb2 as _emara_campaign_pb2
from tablero.v1 import game_service_pb2 as _game_service_pb2
from tablero.v1 import kingdom_legacy_pb2 as _kingdom_legacy_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CampaignOptions(_message.Message):
    __slots__ = ("emara", "kingdom_legacy")
    EMARA_FIELD_NUMBER: _ClassVar[int]
    KINGDOM_LEGACY_FIELD_NUMBER: _ClassVar[int]
    emara: _emara_campaign_pb2.EmaraCampaignOptions
    kingdom_legacy: _kingdom_legacy_pb2.KingdomLegacyCampaignOptions
    def __init__(self, emara: _Optional[_Union[_emara_campaign_pb2.EmaraCampaignOptions, _Mapping]] = ..., kingdom_legacy: _Optional[_Union[_kingdom_legacy_pb2.KingdomLegacyCampaignOptions, _Mapping]] = ...) -> None: ...

class CampaignPlay(_message.Message):
    __slots__ = ("game_id", "folded")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    FOLDED_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    folded: bool
    def __init__(self, game_id: _Optional[str] = ..., folded: _Optional[bool] = ...) -> None: ...

class CampaignView(_message.Message):
    __slots__ = ("campaign_id", "game_type", "name", "plays", "current_game_id", "over", "created_at_unix_ms", "emara", "kingdom_legacy")
    CAMPAIGN_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAYS_FIELD_NUMBER: _ClassVar[int]
    CURRENT_GAME_ID_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    EMARA_FIELD_NUMBER: _ClassVar[int]
    KINGDOM_LEGACY_FIELD_NUMBER: _ClassVar[int]
    campaign_id: str
    game_type: str
    name: str
    plays: _containers.RepeatedCompositeFieldContainer[CampaignPlay]
    current_game_id: str
    over: bool
    created_at_unix_ms: int
    emara: _emara_campaign_pb2.EmaraCampaignView
    kingdom_legacy: _kingdom_legacy_pb2.KingdomLegacyCampaignView
    def __init__(self, campaign_id: _Optional[str] = ..., game_type: _Optional[str] = ..., name: _Optional[str] = ..., plays: _Optional[_Iterable[_Union[CampaignPlay, _Mapping]]] = ..., current_game_id: _Optional[str] = ..., over: _Optional[bool] = ..., created_at_unix_ms: _Optional[int] = ..., emara: _Optional[_Union[_emara_campaign_pb2.EmaraCampaignView, _Mapping]] = ..., kingdom_legacy: _Optional[_Union[_kingdom_legacy_pb2.KingdomLegacyCampaignView, _Mapping]] = ...) -> None: ...

class CreateCampaignRequest(_message.Message):
    __slots__ = ("game_type", "options", "name")
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    game_type: str
    options: CampaignOptions
    name: str
    def __init__(self, game_type: _Optional[str] = ..., options: _Optional[_Union[CampaignOptions, _Mapping]] = ..., name: _Optional[str] = ...) -> None: ...

class CreateCampaignResponse(_message.Message):
    __slots__ = ("campaign_id", "token", "campaign")
    CAMPAIGN_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    CAMPAIGN_FIELD_NUMBER: _ClassVar[int]
    campaign_id: str
    token: str
    campaign: CampaignView
    def __init__(self, campaign_id: _Optional[str] = ..., token: _Optional[str] = ..., campaign: _Optional[_Union[CampaignView, _Mapping]] = ...) -> None: ...

class GetCampaignRequest(_message.Message):
    __slots__ = ("campaign_id",)
    CAMPAIGN_ID_FIELD_NUMBER: _ClassVar[int]
    campaign_id: str
    def __init__(self, campaign_id: _Optional[str] = ...) -> None: ...

class GetCampaignResponse(_message.Message):
    __slots__ = ("campaign",)
    CAMPAIGN_FIELD_NUMBER: _ClassVar[int]
    campaign: CampaignView
    def __init__(self, campaign: _Optional[_Union[CampaignView, _Mapping]] = ...) -> None: ...

class CampaignSummary(_message.Message):
    __slots__ = ("campaign_id", "game_type", "name", "plays", "over", "created_at_unix_ms")
    CAMPAIGN_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAYS_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    campaign_id: str
    game_type: str
    name: str
    plays: int
    over: bool
    created_at_unix_ms: int
    def __init__(self, campaign_id: _Optional[str] = ..., game_type: _Optional[str] = ..., name: _Optional[str] = ..., plays: _Optional[int] = ..., over: _Optional[bool] = ..., created_at_unix_ms: _Optional[int] = ...) -> None: ...

class ListCampaignsRequest(_message.Message):
    __slots__ = ("game_type", "page_size", "page_token")
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_type: str
    page_size: int
    page_token: str
    def __init__(self, game_type: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListCampaignsResponse(_message.Message):
    __slots__ = ("campaigns", "next_page_token")
    CAMPAIGNS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    campaigns: _containers.RepeatedCompositeFieldContainer[CampaignSummary]
    next_page_token: str
    def __init__(self, campaigns: _Optional[_Iterable[_Union[CampaignSummary, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class StartCampaignGameRequest(_message.Message):
    __slots__ = ("campaign_id", "seed")
    CAMPAIGN_ID_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    campaign_id: str
    seed: int
    def __init__(self, campaign_id: _Optional[str] = ..., seed: _Optional[int] = ...) -> None: ...

class StartCampaignGameResponse(_message.Message):
    __slots__ = ("game_id", "credentials", "view", "campaign")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    CREDENTIALS_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    CAMPAIGN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    credentials: _containers.RepeatedCompositeFieldContainer[_game_service_pb2.SeatCredential]
    view: _game_service_pb2.GameView
    campaign: CampaignView
    def __init__(self, game_id: _Optional[str] = ..., credentials: _Optional[_Iterable[_Union[_game_service_pb2.SeatCredential, _Mapping]]] = ..., view: _Optional[_Union[_game_service_pb2.GameView, _Mapping]] = ..., campaign: _Optional[_Union[CampaignView, _Mapping]] = ...) -> None: ...

class DeleteCampaignRequest(_message.Message):
    __slots__ = ("campaign_id",)
    CAMPAIGN_ID_FIELD_NUMBER: _ClassVar[int]
    campaign_id: str
    def __init__(self, campaign_id: _Optional[str] = ...) -> None: ...

class DeleteCampaignResponse(_message.Message):
    __slots__ = ("deleted_game_ids",)
    DELETED_GAME_IDS_FIELD_NUMBER: _ClassVar[int]
    deleted_game_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, deleted_game_ids: _Optional[_Iterable[str]] = ...) -> None: ...
