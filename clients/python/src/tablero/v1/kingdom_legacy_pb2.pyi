from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class KingdomLegacyOrientation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KINGDOM_LEGACY_ORIENTATION_UNSPECIFIED: _ClassVar[KingdomLegacyOrientation]
    KINGDOM_LEGACY_ORIENTATION_F0: _ClassVar[KingdomLegacyOrientation]
    KINGDOM_LEGACY_ORIENTATION_F180: _ClassVar[KingdomLegacyOrientation]
    KINGDOM_LEGACY_ORIENTATION_B0: _ClassVar[KingdomLegacyOrientation]
    KINGDOM_LEGACY_ORIENTATION_B180: _ClassVar[KingdomLegacyOrientation]

class KingdomLegacyResource(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KINGDOM_LEGACY_RESOURCE_UNSPECIFIED: _ClassVar[KingdomLegacyResource]
    KINGDOM_LEGACY_RESOURCE_GOLD: _ClassVar[KingdomLegacyResource]
    KINGDOM_LEGACY_RESOURCE_WOOD: _ClassVar[KingdomLegacyResource]
    KINGDOM_LEGACY_RESOURCE_STONE: _ClassVar[KingdomLegacyResource]
    KINGDOM_LEGACY_RESOURCE_METAL: _ClassVar[KingdomLegacyResource]
    KINGDOM_LEGACY_RESOURCE_MILITARY: _ClassVar[KingdomLegacyResource]
    KINGDOM_LEGACY_RESOURCE_TRADE: _ClassVar[KingdomLegacyResource]

class KingdomLegacyPack(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KINGDOM_LEGACY_PACK_UNSPECIFIED: _ClassVar[KingdomLegacyPack]
    KINGDOM_LEGACY_PACK_SHIPPED: _ClassVar[KingdomLegacyPack]
    KINGDOM_LEGACY_PACK_TEST_LIBRARY: _ClassVar[KingdomLegacyPack]

class KingdomLegacyCardKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KINGDOM_LEGACY_CARD_KIND_UNSPECIFIED: _ClassVar[KingdomLegacyCardKind]
    KINGDOM_LEGACY_CARD_KIND_NORMAL: _ClassVar[KingdomLegacyCardKind]
    KINGDOM_LEGACY_CARD_KIND_PARCHMENT: _ClassVar[KingdomLegacyCardKind]
    KINGDOM_LEGACY_CARD_KIND_EXPANSION: _ClassVar[KingdomLegacyCardKind]
    KINGDOM_LEGACY_CARD_KIND_INERT: _ClassVar[KingdomLegacyCardKind]

class KingdomLegacyArrow(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KINGDOM_LEGACY_ARROW_UNSPECIFIED: _ClassVar[KingdomLegacyArrow]
    KINGDOM_LEGACY_ARROW_ROTATE: _ClassVar[KingdomLegacyArrow]
    KINGDOM_LEGACY_ARROW_FLIP: _ClassVar[KingdomLegacyArrow]

class KingdomLegacyTiming(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KINGDOM_LEGACY_TIMING_UNSPECIFIED: _ClassVar[KingdomLegacyTiming]
    KINGDOM_LEGACY_TIMING_PASSIVE_STATIC: _ClassVar[KingdomLegacyTiming]
    KINGDOM_LEGACY_TIMING_PASSIVE_REPEATABLE: _ClassVar[KingdomLegacyTiming]
    KINGDOM_LEGACY_TIMING_ACTIVATED: _ClassVar[KingdomLegacyTiming]
    KINGDOM_LEGACY_TIMING_ENDS_TURN: _ClassVar[KingdomLegacyTiming]
    KINGDOM_LEGACY_TIMING_DESTROY: _ClassVar[KingdomLegacyTiming]
    KINGDOM_LEGACY_TIMING_TRIGGERED: _ClassVar[KingdomLegacyTiming]

class KingdomLegacyTrigger(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KINGDOM_LEGACY_TRIGGER_UNSPECIFIED: _ClassVar[KingdomLegacyTrigger]
    KINGDOM_LEGACY_TRIGGER_AFTER_PLAYED: _ClassVar[KingdomLegacyTrigger]
    KINGDOM_LEGACY_TRIGGER_END_OF_TURN: _ClassVar[KingdomLegacyTrigger]
    KINGDOM_LEGACY_TRIGGER_ROUND_START: _ClassVar[KingdomLegacyTrigger]
    KINGDOM_LEGACY_TRIGGER_END_OF_ROUND: _ClassVar[KingdomLegacyTrigger]

class KingdomLegacyProtection(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KINGDOM_LEGACY_PROTECTION_UNSPECIFIED: _ClassVar[KingdomLegacyProtection]
    KINGDOM_LEGACY_PROTECTION_DESTROY: _ClassVar[KingdomLegacyProtection]
    KINGDOM_LEGACY_PROTECTION_PURGE: _ClassVar[KingdomLegacyProtection]
    KINGDOM_LEGACY_PROTECTION_BLOCK: _ClassVar[KingdomLegacyProtection]

class KingdomLegacyLocation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KINGDOM_LEGACY_LOCATION_UNSPECIFIED: _ClassVar[KingdomLegacyLocation]
    KINGDOM_LEGACY_LOCATION_BOX: _ClassVar[KingdomLegacyLocation]
    KINGDOM_LEGACY_LOCATION_DECK: _ClassVar[KingdomLegacyLocation]
    KINGDOM_LEGACY_LOCATION_ACTIVE: _ClassVar[KingdomLegacyLocation]
    KINGDOM_LEGACY_LOCATION_DISCARD: _ClassVar[KingdomLegacyLocation]
    KINGDOM_LEGACY_LOCATION_PERMANENT: _ClassVar[KingdomLegacyLocation]
    KINGDOM_LEGACY_LOCATION_EXPANSION: _ClassVar[KingdomLegacyLocation]
    KINGDOM_LEGACY_LOCATION_PENDING_DESTRUCTION: _ClassVar[KingdomLegacyLocation]
    KINGDOM_LEGACY_LOCATION_DESTROYED: _ClassVar[KingdomLegacyLocation]
    KINGDOM_LEGACY_LOCATION_PURGE: _ClassVar[KingdomLegacyLocation]

class KingdomLegacyStickerKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KINGDOM_LEGACY_STICKER_KIND_UNSPECIFIED: _ClassVar[KingdomLegacyStickerKind]
    KINGDOM_LEGACY_STICKER_KIND_PRODUCTION: _ClassVar[KingdomLegacyStickerKind]
    KINGDOM_LEGACY_STICKER_KIND_FAME: _ClassVar[KingdomLegacyStickerKind]
    KINGDOM_LEGACY_STICKER_KIND_STAYS_IN_PLAY: _ClassVar[KingdomLegacyStickerKind]
    KINGDOM_LEGACY_STICKER_KIND_SCORE_MARKER: _ClassVar[KingdomLegacyStickerKind]
    KINGDOM_LEGACY_STICKER_KIND_PURGE_FAME: _ClassVar[KingdomLegacyStickerKind]
    KINGDOM_LEGACY_STICKER_KIND_RESERVED: _ClassVar[KingdomLegacyStickerKind]

class KingdomLegacyPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KINGDOM_LEGACY_PHASE_UNSPECIFIED: _ClassVar[KingdomLegacyPhase]
    KINGDOM_LEGACY_PHASE_MAIN: _ClassVar[KingdomLegacyPhase]
    KINGDOM_LEGACY_PHASE_PENDING: _ClassVar[KingdomLegacyPhase]
    KINGDOM_LEGACY_PHASE_BETWEEN_ROUNDS: _ClassVar[KingdomLegacyPhase]
    KINGDOM_LEGACY_PHASE_PURGE_SELECT: _ClassVar[KingdomLegacyPhase]
    KINGDOM_LEGACY_PHASE_POST_GAME: _ClassVar[KingdomLegacyPhase]
    KINGDOM_LEGACY_PHASE_CLOSED: _ClassVar[KingdomLegacyPhase]

class KingdomLegacySittingEnd(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KINGDOM_LEGACY_SITTING_END_UNSPECIFIED: _ClassVar[KingdomLegacySittingEnd]
    KINGDOM_LEGACY_SITTING_END_SUSPENDED: _ClassVar[KingdomLegacySittingEnd]
    KINGDOM_LEGACY_SITTING_END_CLOSED: _ClassVar[KingdomLegacySittingEnd]

class KingdomLegacyCardPurpose(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KINGDOM_LEGACY_CARD_PURPOSE_UNSPECIFIED: _ClassVar[KingdomLegacyCardPurpose]
    KINGDOM_LEGACY_CARD_PURPOSE_BLOCK: _ClassVar[KingdomLegacyCardPurpose]
    KINGDOM_LEGACY_CARD_PURPOSE_DISCARD: _ClassVar[KingdomLegacyCardPurpose]
    KINGDOM_LEGACY_CARD_PURPOSE_DESTROY: _ClassVar[KingdomLegacyCardPurpose]
    KINGDOM_LEGACY_CARD_PURPOSE_TURN: _ClassVar[KingdomLegacyCardPurpose]
    KINGDOM_LEGACY_CARD_PURPOSE_PUT_ON_DECK: _ClassVar[KingdomLegacyCardPurpose]
    KINGDOM_LEGACY_CARD_PURPOSE_STICKER: _ClassVar[KingdomLegacyCardPurpose]
    KINGDOM_LEGACY_CARD_PURPOSE_INCREASE_PRODUCTION: _ClassVar[KingdomLegacyCardPurpose]
    KINGDOM_LEGACY_CARD_PURPOSE_TICK: _ClassVar[KingdomLegacyCardPurpose]
    KINGDOM_LEGACY_CARD_PURPOSE_STAY_IN_PLAY: _ClassVar[KingdomLegacyCardPurpose]

class KingdomLegacyResourcePurpose(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KINGDOM_LEGACY_RESOURCE_PURPOSE_UNSPECIFIED: _ClassVar[KingdomLegacyResourcePurpose]
    KINGDOM_LEGACY_RESOURCE_PURPOSE_GAIN_ANY: _ClassVar[KingdomLegacyResourcePurpose]
    KINGDOM_LEGACY_RESOURCE_PURPOSE_INCREASE_PRODUCTION: _ClassVar[KingdomLegacyResourcePurpose]

class KingdomLegacyPlayCause(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KINGDOM_LEGACY_PLAY_CAUSE_UNSPECIFIED: _ClassVar[KingdomLegacyPlayCause]
    KINGDOM_LEGACY_PLAY_CAUSE_TURN_START: _ClassVar[KingdomLegacyPlayCause]
    KINGDOM_LEGACY_PLAY_CAUSE_MARCH: _ClassVar[KingdomLegacyPlayCause]
KINGDOM_LEGACY_ORIENTATION_UNSPECIFIED: KingdomLegacyOrientation
KINGDOM_LEGACY_ORIENTATION_F0: KingdomLegacyOrientation
KINGDOM_LEGACY_ORIENTATION_F180: KingdomLegacyOrientation
KINGDOM_LEGACY_ORIENTATION_B0: KingdomLegacyOrientation
KINGDOM_LEGACY_ORIENTATION_B180: KingdomLegacyOrientation
KINGDOM_LEGACY_RESOURCE_UNSPECIFIED: KingdomLegacyResource
KINGDOM_LEGACY_RESOURCE_GOLD: KingdomLegacyResource
KINGDOM_LEGACY_RESOURCE_WOOD: KingdomLegacyResource
KINGDOM_LEGACY_RESOURCE_STONE: KingdomLegacyResource
KINGDOM_LEGACY_RESOURCE_METAL: KingdomLegacyResource
KINGDOM_LEGACY_RESOURCE_MILITARY: KingdomLegacyResource
KINGDOM_LEGACY_RESOURCE_TRADE: KingdomLegacyResource
KINGDOM_LEGACY_PACK_UNSPECIFIED: KingdomLegacyPack
KINGDOM_LEGACY_PACK_SHIPPED: KingdomLegacyPack
KINGDOM_LEGACY_PACK_TEST_LIBRARY: KingdomLegacyPack
KINGDOM_LEGACY_CARD_KIND_UNSPECIFIED: KingdomLegacyCardKind
KINGDOM_LEGACY_CARD_KIND_NORMAL: KingdomLegacyCardKind
KINGDOM_LEGACY_CARD_KIND_PARCHMENT: KingdomLegacyCardKind
KINGDOM_LEGACY_CARD_KIND_EXPANSION: KingdomLegacyCardKind
KINGDOM_LEGACY_CARD_KIND_INERT: KingdomLegacyCardKind
KINGDOM_LEGACY_ARROW_UNSPECIFIED: KingdomLegacyArrow
KINGDOM_LEGACY_ARROW_ROTATE: KingdomLegacyArrow
KINGDOM_LEGACY_ARROW_FLIP: KingdomLegacyArrow
KINGDOM_LEGACY_TIMING_UNSPECIFIED: KingdomLegacyTiming
KINGDOM_LEGACY_TIMING_PASSIVE_STATIC: KingdomLegacyTiming
KINGDOM_LEGACY_TIMING_PASSIVE_REPEATABLE: KingdomLegacyTiming
KINGDOM_LEGACY_TIMING_ACTIVATED: KingdomLegacyTiming
KINGDOM_LEGACY_TIMING_ENDS_TURN: KingdomLegacyTiming
KINGDOM_LEGACY_TIMING_DESTROY: KingdomLegacyTiming
KINGDOM_LEGACY_TIMING_TRIGGERED: KingdomLegacyTiming
KINGDOM_LEGACY_TRIGGER_UNSPECIFIED: KingdomLegacyTrigger
KINGDOM_LEGACY_TRIGGER_AFTER_PLAYED: KingdomLegacyTrigger
KINGDOM_LEGACY_TRIGGER_END_OF_TURN: KingdomLegacyTrigger
KINGDOM_LEGACY_TRIGGER_ROUND_START: KingdomLegacyTrigger
KINGDOM_LEGACY_TRIGGER_END_OF_ROUND: KingdomLegacyTrigger
KINGDOM_LEGACY_PROTECTION_UNSPECIFIED: KingdomLegacyProtection
KINGDOM_LEGACY_PROTECTION_DESTROY: KingdomLegacyProtection
KINGDOM_LEGACY_PROTECTION_PURGE: KingdomLegacyProtection
KINGDOM_LEGACY_PROTECTION_BLOCK: KingdomLegacyProtection
KINGDOM_LEGACY_LOCATION_UNSPECIFIED: KingdomLegacyLocation
KINGDOM_LEGACY_LOCATION_BOX: KingdomLegacyLocation
KINGDOM_LEGACY_LOCATION_DECK: KingdomLegacyLocation
KINGDOM_LEGACY_LOCATION_ACTIVE: KingdomLegacyLocation
KINGDOM_LEGACY_LOCATION_DISCARD: KingdomLegacyLocation
KINGDOM_LEGACY_LOCATION_PERMANENT: KingdomLegacyLocation
KINGDOM_LEGACY_LOCATION_EXPANSION: KingdomLegacyLocation
KINGDOM_LEGACY_LOCATION_PENDING_DESTRUCTION: KingdomLegacyLocation
KINGDOM_LEGACY_LOCATION_DESTROYED: KingdomLegacyLocation
KINGDOM_LEGACY_LOCATION_PURGE: KingdomLegacyLocation
KINGDOM_LEGACY_STICKER_KIND_UNSPECIFIED: KingdomLegacyStickerKind
KINGDOM_LEGACY_STICKER_KIND_PRODUCTION: KingdomLegacyStickerKind
KINGDOM_LEGACY_STICKER_KIND_FAME: KingdomLegacyStickerKind
KINGDOM_LEGACY_STICKER_KIND_STAYS_IN_PLAY: KingdomLegacyStickerKind
KINGDOM_LEGACY_STICKER_KIND_SCORE_MARKER: KingdomLegacyStickerKind
KINGDOM_LEGACY_STICKER_KIND_PURGE_FAME: KingdomLegacyStickerKind
KINGDOM_LEGACY_STICKER_KIND_RESERVED: KingdomLegacyStickerKind
KINGDOM_LEGACY_PHASE_UNSPECIFIED: KingdomLegacyPhase
KINGDOM_LEGACY_PHASE_MAIN: KingdomLegacyPhase
KINGDOM_LEGACY_PHASE_PENDING: KingdomLegacyPhase
KINGDOM_LEGACY_PHASE_BETWEEN_ROUNDS: KingdomLegacyPhase
KINGDOM_LEGACY_PHASE_PURGE_SELECT: KingdomLegacyPhase
KINGDOM_LEGACY_PHASE_POST_GAME: KingdomLegacyPhase
KINGDOM_LEGACY_PHASE_CLOSED: KingdomLegacyPhase
KINGDOM_LEGACY_SITTING_END_UNSPECIFIED: KingdomLegacySittingEnd
KINGDOM_LEGACY_SITTING_END_SUSPENDED: KingdomLegacySittingEnd
KINGDOM_LEGACY_SITTING_END_CLOSED: KingdomLegacySittingEnd
KINGDOM_LEGACY_CARD_PURPOSE_UNSPECIFIED: KingdomLegacyCardPurpose
KINGDOM_LEGACY_CARD_PURPOSE_BLOCK: KingdomLegacyCardPurpose
KINGDOM_LEGACY_CARD_PURPOSE_DISCARD: KingdomLegacyCardPurpose
KINGDOM_LEGACY_CARD_PURPOSE_DESTROY: KingdomLegacyCardPurpose
KINGDOM_LEGACY_CARD_PURPOSE_TURN: KingdomLegacyCardPurpose
KINGDOM_LEGACY_CARD_PURPOSE_PUT_ON_DECK: KingdomLegacyCardPurpose
KINGDOM_LEGACY_CARD_PURPOSE_STICKER: KingdomLegacyCardPurpose
KINGDOM_LEGACY_CARD_PURPOSE_INCREASE_PRODUCTION: KingdomLegacyCardPurpose
KINGDOM_LEGACY_CARD_PURPOSE_TICK: KingdomLegacyCardPurpose
KINGDOM_LEGACY_CARD_PURPOSE_STAY_IN_PLAY: KingdomLegacyCardPurpose
KINGDOM_LEGACY_RESOURCE_PURPOSE_UNSPECIFIED: KingdomLegacyResourcePurpose
KINGDOM_LEGACY_RESOURCE_PURPOSE_GAIN_ANY: KingdomLegacyResourcePurpose
KINGDOM_LEGACY_RESOURCE_PURPOSE_INCREASE_PRODUCTION: KingdomLegacyResourcePurpose
KINGDOM_LEGACY_PLAY_CAUSE_UNSPECIFIED: KingdomLegacyPlayCause
KINGDOM_LEGACY_PLAY_CAUSE_TURN_START: KingdomLegacyPlayCause
KINGDOM_LEGACY_PLAY_CAUSE_MARCH: KingdomLegacyPlayCause

class KingdomLegacyResources(_message.Message):
    __slots__ = ("gold", "wood", "stone", "metal", "military", "trade")
    GOLD_FIELD_NUMBER: _ClassVar[int]
    WOOD_FIELD_NUMBER: _ClassVar[int]
    STONE_FIELD_NUMBER: _ClassVar[int]
    METAL_FIELD_NUMBER: _ClassVar[int]
    MILITARY_FIELD_NUMBER: _ClassVar[int]
    TRADE_FIELD_NUMBER: _ClassVar[int]
    gold: int
    wood: int
    stone: int
    metal: int
    military: int
    trade: int
    def __init__(self, gold: _Optional[int] = ..., wood: _Optional[int] = ..., stone: _Optional[int] = ..., metal: _Optional[int] = ..., military: _Optional[int] = ..., trade: _Optional[int] = ...) -> None: ...

class KingdomLegacyProductionGroup(_message.Message):
    __slots__ = ("alternatives",)
    ALTERNATIVES_FIELD_NUMBER: _ClassVar[int]
    alternatives: _containers.RepeatedCompositeFieldContainer[KingdomLegacyResources]
    def __init__(self, alternatives: _Optional[_Iterable[_Union[KingdomLegacyResources, _Mapping]]] = ...) -> None: ...

class KingdomLegacyUpgrade(_message.Message):
    __slots__ = ("arrow", "to", "cost")
    ARROW_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    arrow: KingdomLegacyArrow
    to: KingdomLegacyOrientation
    cost: KingdomLegacyResources
    def __init__(self, arrow: _Optional[_Union[KingdomLegacyArrow, str]] = ..., to: _Optional[_Union[KingdomLegacyOrientation, str]] = ..., cost: _Optional[_Union[KingdomLegacyResources, _Mapping]] = ...) -> None: ...

class KingdomLegacyCheckbox(_message.Message):
    __slots__ = ("gain", "fame", "on_tick", "ticked")
    GAIN_FIELD_NUMBER: _ClassVar[int]
    FAME_FIELD_NUMBER: _ClassVar[int]
    ON_TICK_FIELD_NUMBER: _ClassVar[int]
    TICKED_FIELD_NUMBER: _ClassVar[int]
    gain: KingdomLegacyResources
    fame: int
    on_tick: str
    ticked: bool
    def __init__(self, gain: _Optional[_Union[KingdomLegacyResources, _Mapping]] = ..., fame: _Optional[int] = ..., on_tick: _Optional[str] = ..., ticked: _Optional[bool] = ...) -> None: ...

class KingdomLegacyEffect(_message.Message):
    __slots__ = ("id", "timing", "trigger", "mandatory", "one_time", "cost", "cost_tick", "text", "crossed_out")
    ID_FIELD_NUMBER: _ClassVar[int]
    TIMING_FIELD_NUMBER: _ClassVar[int]
    TRIGGER_FIELD_NUMBER: _ClassVar[int]
    MANDATORY_FIELD_NUMBER: _ClassVar[int]
    ONE_TIME_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    COST_TICK_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    CROSSED_OUT_FIELD_NUMBER: _ClassVar[int]
    id: str
    timing: KingdomLegacyTiming
    trigger: KingdomLegacyTrigger
    mandatory: bool
    one_time: bool
    cost: KingdomLegacyResources
    cost_tick: bool
    text: str
    crossed_out: bool
    def __init__(self, id: _Optional[str] = ..., timing: _Optional[_Union[KingdomLegacyTiming, str]] = ..., trigger: _Optional[_Union[KingdomLegacyTrigger, str]] = ..., mandatory: _Optional[bool] = ..., one_time: _Optional[bool] = ..., cost: _Optional[_Union[KingdomLegacyResources, _Mapping]] = ..., cost_tick: _Optional[bool] = ..., text: _Optional[str] = ..., crossed_out: _Optional[bool] = ...) -> None: ...

class KingdomLegacyStage(_message.Message):
    __slots__ = ("orientation", "name", "category", "subcategories", "hostile", "permanent", "fame", "production", "upgrades", "effects", "checkboxes", "in_order_boxes", "protect", "text", "stickers")
    ORIENTATION_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_FIELD_NUMBER: _ClassVar[int]
    SUBCATEGORIES_FIELD_NUMBER: _ClassVar[int]
    HOSTILE_FIELD_NUMBER: _ClassVar[int]
    PERMANENT_FIELD_NUMBER: _ClassVar[int]
    FAME_FIELD_NUMBER: _ClassVar[int]
    PRODUCTION_FIELD_NUMBER: _ClassVar[int]
    UPGRADES_FIELD_NUMBER: _ClassVar[int]
    EFFECTS_FIELD_NUMBER: _ClassVar[int]
    CHECKBOXES_FIELD_NUMBER: _ClassVar[int]
    IN_ORDER_BOXES_FIELD_NUMBER: _ClassVar[int]
    PROTECT_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    STICKERS_FIELD_NUMBER: _ClassVar[int]
    orientation: KingdomLegacyOrientation
    name: str
    category: str
    subcategories: _containers.RepeatedScalarFieldContainer[str]
    hostile: bool
    permanent: bool
    fame: int
    production: _containers.RepeatedCompositeFieldContainer[KingdomLegacyProductionGroup]
    upgrades: _containers.RepeatedCompositeFieldContainer[KingdomLegacyUpgrade]
    effects: _containers.RepeatedCompositeFieldContainer[KingdomLegacyEffect]
    checkboxes: _containers.RepeatedCompositeFieldContainer[KingdomLegacyCheckbox]
    in_order_boxes: bool
    protect: _containers.RepeatedScalarFieldContainer[KingdomLegacyProtection]
    text: str
    stickers: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, orientation: _Optional[_Union[KingdomLegacyOrientation, str]] = ..., name: _Optional[str] = ..., category: _Optional[str] = ..., subcategories: _Optional[_Iterable[str]] = ..., hostile: _Optional[bool] = ..., permanent: _Optional[bool] = ..., fame: _Optional[int] = ..., production: _Optional[_Iterable[_Union[KingdomLegacyProductionGroup, _Mapping]]] = ..., upgrades: _Optional[_Iterable[_Union[KingdomLegacyUpgrade, _Mapping]]] = ..., effects: _Optional[_Iterable[_Union[KingdomLegacyEffect, _Mapping]]] = ..., checkboxes: _Optional[_Iterable[_Union[KingdomLegacyCheckbox, _Mapping]]] = ..., in_order_boxes: _Optional[bool] = ..., protect: _Optional[_Iterable[_Union[KingdomLegacyProtection, str]]] = ..., text: _Optional[str] = ..., stickers: _Optional[_Iterable[str]] = ...) -> None: ...

class KingdomLegacyCard(_message.Message):
    __slots__ = ("id", "kind", "orientation", "stages", "blocked_by", "stays_in_play", "fame", "location")
    ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    ORIENTATION_FIELD_NUMBER: _ClassVar[int]
    STAGES_FIELD_NUMBER: _ClassVar[int]
    BLOCKED_BY_FIELD_NUMBER: _ClassVar[int]
    STAYS_IN_PLAY_FIELD_NUMBER: _ClassVar[int]
    FAME_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    id: int
    kind: KingdomLegacyCardKind
    orientation: KingdomLegacyOrientation
    stages: _containers.RepeatedCompositeFieldContainer[KingdomLegacyStage]
    blocked_by: int
    stays_in_play: bool
    fame: int
    location: KingdomLegacyLocation
    def __init__(self, id: _Optional[int] = ..., kind: _Optional[_Union[KingdomLegacyCardKind, str]] = ..., orientation: _Optional[_Union[KingdomLegacyOrientation, str]] = ..., stages: _Optional[_Iterable[_Union[KingdomLegacyStage, _Mapping]]] = ..., blocked_by: _Optional[int] = ..., stays_in_play: _Optional[bool] = ..., fame: _Optional[int] = ..., location: _Optional[_Union[KingdomLegacyLocation, str]] = ...) -> None: ...

class KingdomLegacyOptions(_message.Message):
    __slots__ = ("allow_permanent_upgrade", "pack")
    ALLOW_PERMANENT_UPGRADE_FIELD_NUMBER: _ClassVar[int]
    PACK_FIELD_NUMBER: _ClassVar[int]
    allow_permanent_upgrade: bool
    pack: KingdomLegacyPack
    def __init__(self, allow_permanent_upgrade: _Optional[bool] = ..., pack: _Optional[_Union[KingdomLegacyPack, str]] = ...) -> None: ...

class KingdomLegacyScenario(_message.Message):
    __slots__ = ("deck",)
    DECK_FIELD_NUMBER: _ClassVar[int]
    deck: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, deck: _Optional[_Iterable[int]] = ...) -> None: ...

class KingdomLegacyAction(_message.Message):
    __slots__ = ("produce", "upgrade", "use_effect", "march", "choose_trigger", "decline_trigger", "choose_cards", "choose_resource", "choose_checkbox", "choose_discovery", "purge_pick", "purge_pick_permanent", "begin_round", "suspend", "reset_campaign", "start_expansion", "close_campaign", "confirm_reset", "cancel_reset")
    class Produce(_message.Message):
        __slots__ = ("card", "alternatives")
        CARD_FIELD_NUMBER: _ClassVar[int]
        ALTERNATIVES_FIELD_NUMBER: _ClassVar[int]
        card: int
        alternatives: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, card: _Optional[int] = ..., alternatives: _Optional[_Iterable[int]] = ...) -> None: ...
    class Upgrade(_message.Message):
        __slots__ = ("card", "index")
        CARD_FIELD_NUMBER: _ClassVar[int]
        INDEX_FIELD_NUMBER: _ClassVar[int]
        card: int
        index: int
        def __init__(self, card: _Optional[int] = ..., index: _Optional[int] = ...) -> None: ...
    class UseEffect(_message.Message):
        __slots__ = ("card", "effect")
        CARD_FIELD_NUMBER: _ClassVar[int]
        EFFECT_FIELD_NUMBER: _ClassVar[int]
        card: int
        effect: str
        def __init__(self, card: _Optional[int] = ..., effect: _Optional[str] = ...) -> None: ...
    class March(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Pass(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class ChooseTrigger(_message.Message):
        __slots__ = ("trigger",)
        TRIGGER_FIELD_NUMBER: _ClassVar[int]
        trigger: int
        def __init__(self, trigger: _Optional[int] = ...) -> None: ...
    class DeclineTrigger(_message.Message):
        __slots__ = ("trigger",)
        TRIGGER_FIELD_NUMBER: _ClassVar[int]
        trigger: int
        def __init__(self, trigger: _Optional[int] = ...) -> None: ...
    class ChooseCards(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...
    class ChooseResource(_message.Message):
        __slots__ = ("resource",)
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        resource: KingdomLegacyResource
        def __init__(self, resource: _Optional[_Union[KingdomLegacyResource, str]] = ...) -> None: ...
    class ChooseCheckbox(_message.Message):
        __slots__ = ("index",)
        INDEX_FIELD_NUMBER: _ClassVar[int]
        index: int
        def __init__(self, index: _Optional[int] = ...) -> None: ...
    class ChooseDiscovery(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...
    class PurgePick(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: int
        def __init__(self, card: _Optional[int] = ...) -> None: ...
    class PurgePickPermanent(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: int
        def __init__(self, card: _Optional[int] = ...) -> None: ...
    class BeginRound(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Suspend(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class ResetCampaign(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class ConfirmReset(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class CancelReset(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class StartExpansion(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: int
        def __init__(self, card: _Optional[int] = ...) -> None: ...
    class CloseCampaign(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    PRODUCE_FIELD_NUMBER: _ClassVar[int]
    UPGRADE_FIELD_NUMBER: _ClassVar[int]
    USE_EFFECT_FIELD_NUMBER: _ClassVar[int]
    MARCH_FIELD_NUMBER: _ClassVar[int]
    PASS_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_TRIGGER_FIELD_NUMBER: _ClassVar[int]
    DECLINE_TRIGGER_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_CARDS_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_RESOURCE_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_CHECKBOX_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_DISCOVERY_FIELD_NUMBER: _ClassVar[int]
    PURGE_PICK_FIELD_NUMBER: _ClassVar[int]
    PURGE_PICK_PERMANENT_FIELD_NUMBER: _ClassVar[int]
    BEGIN_ROUND_FIELD_NUMBER: _ClassVar[int]
    SUSPEND_FIELD_NUMBER: _ClassVar[int]
    RESET_CAMPAIGN_FIELD_NUMBER: _ClassVar[int]
    START_EXPANSION_FIELD_NUMBER: _ClassVar[int]
    CLOSE_CAMPAIGN_FIELD_NUMBER: _ClassVar[int]
    CONFIRM_RESET_FIELD_NUMBER: _ClassVar[int]
    CANCEL_RESET_FIELD_NUMBER: _ClassVar[int]
    produce: KingdomLegacyAction.Produce
    upgrade: KingdomLegacyAction.Upgrade
    use_effect: KingdomLegacyAction.UseEffect
    march: KingdomLegacyAction.March
    choose_trigger: KingdomLegacyAction.ChooseTrigger
    decline_trigger: KingdomLegacyAction.DeclineTrigger
    choose_cards: KingdomLegacyAction.ChooseCards
    choose_resource: KingdomLegacyAction.ChooseResource
    choose_checkbox: KingdomLegacyAction.ChooseCheckbox
    choose_discovery: KingdomLegacyAction.ChooseDiscovery
    purge_pick: KingdomLegacyAction.PurgePick
    purge_pick_permanent: KingdomLegacyAction.PurgePickPermanent
    begin_round: KingdomLegacyAction.BeginRound
    suspend: KingdomLegacyAction.Suspend
    reset_campaign: KingdomLegacyAction.ResetCampaign
    start_expansion: KingdomLegacyAction.StartExpansion
    close_campaign: KingdomLegacyAction.CloseCampaign
    confirm_reset: KingdomLegacyAction.ConfirmReset
    cancel_reset: KingdomLegacyAction.CancelReset
    def __init__(self, produce: _Optional[_Union[KingdomLegacyAction.Produce, _Mapping]] = ..., upgrade: _Optional[_Union[KingdomLegacyAction.Upgrade, _Mapping]] = ..., use_effect: _Optional[_Union[KingdomLegacyAction.UseEffect, _Mapping]] = ..., march: _Optional[_Union[KingdomLegacyAction.March, _Mapping]] = ..., choose_trigger: _Optional[_Union[KingdomLegacyAction.ChooseTrigger, _Mapping]] = ..., decline_trigger: _Optional[_Union[KingdomLegacyAction.DeclineTrigger, _Mapping]] = ..., choose_cards: _Optional[_Union[KingdomLegacyAction.ChooseCards, _Mapping]] = ..., choose_resource: _Optional[_Union[KingdomLegacyAction.ChooseResource, _Mapping]] = ..., choose_checkbox: _Optional[_Union[KingdomLegacyAction.ChooseCheckbox, _Mapping]] = ..., choose_discovery: _Optional[_Union[KingdomLegacyAction.ChooseDiscovery, _Mapping]] = ..., purge_pick: _Optional[_Union[KingdomLegacyAction.PurgePick, _Mapping]] = ..., purge_pick_permanent: _Optional[_Union[KingdomLegacyAction.PurgePickPermanent, _Mapping]] = ..., begin_round: _Optional[_Union[KingdomLegacyAction.BeginRound, _Mapping]] = ..., suspend: _Optional[_Union[KingdomLegacyAction.Suspend, _Mapping]] = ..., reset_campaign: _Optional[_Union[KingdomLegacyAction.ResetCampaign, _Mapping]] = ..., start_expansion: _Optional[_Union[KingdomLegacyAction.StartExpansion, _Mapping]] = ..., close_campaign: _Optional[_Union[KingdomLegacyAction.CloseCampaign, _Mapping]] = ..., confirm_reset: _Optional[_Union[KingdomLegacyAction.ConfirmReset, _Mapping]] = ..., cancel_reset: _Optional[_Union[KingdomLegacyAction.CancelReset, _Mapping]] = ..., **kwargs) -> None: ...

class KingdomLegacyTurn(_message.Message):
    __slots__ = ("arrow", "to")
    ARROW_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    arrow: KingdomLegacyArrow
    to: KingdomLegacyOrientation
    def __init__(self, arrow: _Optional[_Union[KingdomLegacyArrow, str]] = ..., to: _Optional[_Union[KingdomLegacyOrientation, str]] = ...) -> None: ...

class KingdomLegacyDecision(_message.Message):
    __slots__ = ("cards", "resource", "checkbox", "discovery", "purge_pick", "purge_permanent")
    class Cards(_message.Message):
        __slots__ = ("purpose", "candidates", "min", "max", "turn", "deck_bottom", "sticker", "sticker_stage", "tick_in_order")
        PURPOSE_FIELD_NUMBER: _ClassVar[int]
        CANDIDATES_FIELD_NUMBER: _ClassVar[int]
        MIN_FIELD_NUMBER: _ClassVar[int]
        MAX_FIELD_NUMBER: _ClassVar[int]
        TURN_FIELD_NUMBER: _ClassVar[int]
        DECK_BOTTOM_FIELD_NUMBER: _ClassVar[int]
        STICKER_FIELD_NUMBER: _ClassVar[int]
        STICKER_STAGE_FIELD_NUMBER: _ClassVar[int]
        TICK_IN_ORDER_FIELD_NUMBER: _ClassVar[int]
        purpose: KingdomLegacyCardPurpose
        candidates: _containers.RepeatedScalarFieldContainer[int]
        min: int
        max: int
        turn: KingdomLegacyTurn
        deck_bottom: bool
        sticker: str
        sticker_stage: KingdomLegacyOrientation
        tick_in_order: bool
        def __init__(self, purpose: _Optional[_Union[KingdomLegacyCardPurpose, str]] = ..., candidates: _Optional[_Iterable[int]] = ..., min: _Optional[int] = ..., max: _Optional[int] = ..., turn: _Optional[_Union[KingdomLegacyTurn, _Mapping]] = ..., deck_bottom: _Optional[bool] = ..., sticker: _Optional[str] = ..., sticker_stage: _Optional[_Union[KingdomLegacyOrientation, str]] = ..., tick_in_order: _Optional[bool] = ...) -> None: ...
    class Resource(_message.Message):
        __slots__ = ("purpose", "options", "remaining", "card")
        PURPOSE_FIELD_NUMBER: _ClassVar[int]
        OPTIONS_FIELD_NUMBER: _ClassVar[int]
        REMAINING_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        purpose: KingdomLegacyResourcePurpose
        options: _containers.RepeatedScalarFieldContainer[KingdomLegacyResource]
        remaining: int
        card: int
        def __init__(self, purpose: _Optional[_Union[KingdomLegacyResourcePurpose, str]] = ..., options: _Optional[_Iterable[_Union[KingdomLegacyResource, str]]] = ..., remaining: _Optional[int] = ..., card: _Optional[int] = ...) -> None: ...
    class Checkbox(_message.Message):
        __slots__ = ("card", "orientation", "options", "cost")
        CARD_FIELD_NUMBER: _ClassVar[int]
        ORIENTATION_FIELD_NUMBER: _ClassVar[int]
        OPTIONS_FIELD_NUMBER: _ClassVar[int]
        COST_FIELD_NUMBER: _ClassVar[int]
        card: int
        orientation: KingdomLegacyOrientation
        options: _containers.RepeatedScalarFieldContainer[int]
        cost: bool
        def __init__(self, card: _Optional[int] = ..., orientation: _Optional[_Union[KingdomLegacyOrientation, str]] = ..., options: _Optional[_Iterable[int]] = ..., cost: _Optional[bool] = ...) -> None: ...
    class Discovery(_message.Message):
        __slots__ = ("cards", "choose", "destroy_others")
        CARDS_FIELD_NUMBER: _ClassVar[int]
        CHOOSE_FIELD_NUMBER: _ClassVar[int]
        DESTROY_OTHERS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[int]
        choose: int
        destroy_others: bool
        def __init__(self, cards: _Optional[_Iterable[int]] = ..., choose: _Optional[int] = ..., destroy_others: _Optional[bool] = ...) -> None: ...
    class PurgePick(_message.Message):
        __slots__ = ("batch", "eligible")
        BATCH_FIELD_NUMBER: _ClassVar[int]
        ELIGIBLE_FIELD_NUMBER: _ClassVar[int]
        batch: _containers.RepeatedScalarFieldContainer[int]
        eligible: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, batch: _Optional[_Iterable[int]] = ..., eligible: _Optional[_Iterable[int]] = ...) -> None: ...
    class PurgePermanent(_message.Message):
        __slots__ = ("eligible",)
        ELIGIBLE_FIELD_NUMBER: _ClassVar[int]
        eligible: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, eligible: _Optional[_Iterable[int]] = ...) -> None: ...
    CARDS_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    CHECKBOX_FIELD_NUMBER: _ClassVar[int]
    DISCOVERY_FIELD_NUMBER: _ClassVar[int]
    PURGE_PICK_FIELD_NUMBER: _ClassVar[int]
    PURGE_PERMANENT_FIELD_NUMBER: _ClassVar[int]
    cards: KingdomLegacyDecision.Cards
    resource: KingdomLegacyDecision.Resource
    checkbox: KingdomLegacyDecision.Checkbox
    discovery: KingdomLegacyDecision.Discovery
    purge_pick: KingdomLegacyDecision.PurgePick
    purge_permanent: KingdomLegacyDecision.PurgePermanent
    def __init__(self, cards: _Optional[_Union[KingdomLegacyDecision.Cards, _Mapping]] = ..., resource: _Optional[_Union[KingdomLegacyDecision.Resource, _Mapping]] = ..., checkbox: _Optional[_Union[KingdomLegacyDecision.Checkbox, _Mapping]] = ..., discovery: _Optional[_Union[KingdomLegacyDecision.Discovery, _Mapping]] = ..., purge_pick: _Optional[_Union[KingdomLegacyDecision.PurgePick, _Mapping]] = ..., purge_permanent: _Optional[_Union[KingdomLegacyDecision.PurgePermanent, _Mapping]] = ...) -> None: ...

class KingdomLegacyPendingTrigger(_message.Message):
    __slots__ = ("id", "card", "effect", "mandatory", "text")
    ID_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    MANDATORY_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    id: int
    card: int
    effect: str
    mandatory: bool
    text: str
    def __init__(self, id: _Optional[int] = ..., card: _Optional[int] = ..., effect: _Optional[str] = ..., mandatory: _Optional[bool] = ..., text: _Optional[str] = ...) -> None: ...

class KingdomLegacyPending(_message.Message):
    __slots__ = ("prompt", "decision", "pool", "resolving")
    PROMPT_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    POOL_FIELD_NUMBER: _ClassVar[int]
    RESOLVING_FIELD_NUMBER: _ClassVar[int]
    prompt: str
    decision: KingdomLegacyDecision
    pool: _containers.RepeatedCompositeFieldContainer[KingdomLegacyPendingTrigger]
    resolving: int
    def __init__(self, prompt: _Optional[str] = ..., decision: _Optional[_Union[KingdomLegacyDecision, _Mapping]] = ..., pool: _Optional[_Iterable[_Union[KingdomLegacyPendingTrigger, _Mapping]]] = ..., resolving: _Optional[int] = ...) -> None: ...

class KingdomLegacyPurge(_message.Message):
    __slots__ = ("expansion", "n", "deck_count", "batch", "leftovers", "set_aside", "fame", "selections_left")
    EXPANSION_FIELD_NUMBER: _ClassVar[int]
    N_FIELD_NUMBER: _ClassVar[int]
    DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    BATCH_FIELD_NUMBER: _ClassVar[int]
    LEFTOVERS_FIELD_NUMBER: _ClassVar[int]
    SET_ASIDE_FIELD_NUMBER: _ClassVar[int]
    FAME_FIELD_NUMBER: _ClassVar[int]
    SELECTIONS_LEFT_FIELD_NUMBER: _ClassVar[int]
    expansion: int
    n: int
    deck_count: int
    batch: _containers.RepeatedCompositeFieldContainer[KingdomLegacyCard]
    leftovers: _containers.RepeatedScalarFieldContainer[int]
    set_aside: _containers.RepeatedCompositeFieldContainer[KingdomLegacyCard]
    fame: int
    selections_left: int
    def __init__(self, expansion: _Optional[int] = ..., n: _Optional[int] = ..., deck_count: _Optional[int] = ..., batch: _Optional[_Iterable[_Union[KingdomLegacyCard, _Mapping]]] = ..., leftovers: _Optional[_Iterable[int]] = ..., set_aside: _Optional[_Iterable[_Union[KingdomLegacyCard, _Mapping]]] = ..., fame: _Optional[int] = ..., selections_left: _Optional[int] = ...) -> None: ...

class KingdomLegacySticker(_message.Message):
    __slots__ = ("no", "kind", "resource", "amount", "remaining")
    NO_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    REMAINING_FIELD_NUMBER: _ClassVar[int]
    no: str
    kind: KingdomLegacyStickerKind
    resource: KingdomLegacyResource
    amount: int
    remaining: int
    def __init__(self, no: _Optional[str] = ..., kind: _Optional[_Union[KingdomLegacyStickerKind, str]] = ..., resource: _Optional[_Union[KingdomLegacyResource, str]] = ..., amount: _Optional[int] = ..., remaining: _Optional[int] = ...) -> None: ...

class KingdomLegacyExpansionScore(_message.Message):
    __slots__ = ("expansion", "score")
    EXPANSION_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    expansion: int
    score: int
    def __init__(self, expansion: _Optional[int] = ..., score: _Optional[int] = ...) -> None: ...

class KingdomLegacyScoreTrack(_message.Message):
    __slots__ = ("base", "expansions")
    BASE_FIELD_NUMBER: _ClassVar[int]
    EXPANSIONS_FIELD_NUMBER: _ClassVar[int]
    base: int
    expansions: _containers.RepeatedCompositeFieldContainer[KingdomLegacyExpansionScore]
    def __init__(self, base: _Optional[int] = ..., expansions: _Optional[_Iterable[_Union[KingdomLegacyExpansionScore, _Mapping]]] = ...) -> None: ...

class KingdomLegacyPurgeFame(_message.Message):
    __slots__ = ("expansion", "value")
    EXPANSION_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    expansion: int
    value: int
    def __init__(self, expansion: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...

class KingdomLegacyCurrentExpansion(_message.Message):
    __slots__ = ("card", "rounds_done")
    CARD_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_DONE_FIELD_NUMBER: _ClassVar[int]
    card: int
    rounds_done: int
    def __init__(self, card: _Optional[int] = ..., rounds_done: _Optional[int] = ...) -> None: ...

class KingdomLegacyDeck(_message.Message):
    __slots__ = ("count", "top", "contents")
    COUNT_FIELD_NUMBER: _ClassVar[int]
    TOP_FIELD_NUMBER: _ClassVar[int]
    CONTENTS_FIELD_NUMBER: _ClassVar[int]
    count: int
    top: KingdomLegacyCard
    contents: _containers.RepeatedCompositeFieldContainer[KingdomLegacyCard]
    def __init__(self, count: _Optional[int] = ..., top: _Optional[_Union[KingdomLegacyCard, _Mapping]] = ..., contents: _Optional[_Iterable[_Union[KingdomLegacyCard, _Mapping]]] = ...) -> None: ...

class KingdomLegacyView(_message.Message):
    __slots__ = ("phase", "round", "last_round", "base_finished", "card23_discovered", "reset_allowed", "resources", "deck", "active", "discard", "permanent", "expansion", "pending_destruction", "destroyed", "box", "box_revealed", "pending", "purge", "sticker_supply", "score_track", "purge_fame", "expansions_played", "current_expansion", "current_fame", "kingdom_fame", "ended", "reset_requested")
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    LAST_ROUND_FIELD_NUMBER: _ClassVar[int]
    BASE_FINISHED_FIELD_NUMBER: _ClassVar[int]
    CARD23_DISCOVERED_FIELD_NUMBER: _ClassVar[int]
    RESET_ALLOWED_FIELD_NUMBER: _ClassVar[int]
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    PERMANENT_FIELD_NUMBER: _ClassVar[int]
    EXPANSION_FIELD_NUMBER: _ClassVar[int]
    PENDING_DESTRUCTION_FIELD_NUMBER: _ClassVar[int]
    DESTROYED_FIELD_NUMBER: _ClassVar[int]
    BOX_FIELD_NUMBER: _ClassVar[int]
    BOX_REVEALED_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    PURGE_FIELD_NUMBER: _ClassVar[int]
    STICKER_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    SCORE_TRACK_FIELD_NUMBER: _ClassVar[int]
    PURGE_FAME_FIELD_NUMBER: _ClassVar[int]
    EXPANSIONS_PLAYED_FIELD_NUMBER: _ClassVar[int]
    CURRENT_EXPANSION_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FAME_FIELD_NUMBER: _ClassVar[int]
    KINGDOM_FAME_FIELD_NUMBER: _ClassVar[int]
    ENDED_FIELD_NUMBER: _ClassVar[int]
    RESET_REQUESTED_FIELD_NUMBER: _ClassVar[int]
    phase: KingdomLegacyPhase
    round: int
    last_round: bool
    base_finished: bool
    card23_discovered: bool
    reset_allowed: bool
    resources: KingdomLegacyResources
    deck: KingdomLegacyDeck
    active: _containers.RepeatedCompositeFieldContainer[KingdomLegacyCard]
    discard: _containers.RepeatedCompositeFieldContainer[KingdomLegacyCard]
    permanent: _containers.RepeatedCompositeFieldContainer[KingdomLegacyCard]
    expansion: KingdomLegacyCard
    pending_destruction: _containers.RepeatedCompositeFieldContainer[KingdomLegacyCard]
    destroyed: _containers.RepeatedScalarFieldContainer[int]
    box: _containers.RepeatedScalarFieldContainer[int]
    box_revealed: _containers.RepeatedCompositeFieldContainer[KingdomLegacyCard]
    pending: KingdomLegacyPending
    purge: KingdomLegacyPurge
    sticker_supply: _containers.RepeatedCompositeFieldContainer[KingdomLegacySticker]
    score_track: KingdomLegacyScoreTrack
    purge_fame: _containers.RepeatedCompositeFieldContainer[KingdomLegacyPurgeFame]
    expansions_played: _containers.RepeatedScalarFieldContainer[int]
    current_expansion: KingdomLegacyCurrentExpansion
    current_fame: int
    kingdom_fame: int
    ended: KingdomLegacySittingEnd
    reset_requested: bool
    def __init__(self, phase: _Optional[_Union[KingdomLegacyPhase, str]] = ..., round: _Optional[int] = ..., last_round: _Optional[bool] = ..., base_finished: _Optional[bool] = ..., card23_discovered: _Optional[bool] = ..., reset_allowed: _Optional[bool] = ..., resources: _Optional[_Union[KingdomLegacyResources, _Mapping]] = ..., deck: _Optional[_Union[KingdomLegacyDeck, _Mapping]] = ..., active: _Optional[_Iterable[_Union[KingdomLegacyCard, _Mapping]]] = ..., discard: _Optional[_Iterable[_Union[KingdomLegacyCard, _Mapping]]] = ..., permanent: _Optional[_Iterable[_Union[KingdomLegacyCard, _Mapping]]] = ..., expansion: _Optional[_Union[KingdomLegacyCard, _Mapping]] = ..., pending_destruction: _Optional[_Iterable[_Union[KingdomLegacyCard, _Mapping]]] = ..., destroyed: _Optional[_Iterable[int]] = ..., box: _Optional[_Iterable[int]] = ..., box_revealed: _Optional[_Iterable[_Union[KingdomLegacyCard, _Mapping]]] = ..., pending: _Optional[_Union[KingdomLegacyPending, _Mapping]] = ..., purge: _Optional[_Union[KingdomLegacyPurge, _Mapping]] = ..., sticker_supply: _Optional[_Iterable[_Union[KingdomLegacySticker, _Mapping]]] = ..., score_track: _Optional[_Union[KingdomLegacyScoreTrack, _Mapping]] = ..., purge_fame: _Optional[_Iterable[_Union[KingdomLegacyPurgeFame, _Mapping]]] = ..., expansions_played: _Optional[_Iterable[int]] = ..., current_expansion: _Optional[_Union[KingdomLegacyCurrentExpansion, _Mapping]] = ..., current_fame: _Optional[int] = ..., kingdom_fame: _Optional[int] = ..., ended: _Optional[_Union[KingdomLegacySittingEnd, str]] = ..., reset_requested: _Optional[bool] = ...) -> None: ...

class KingdomLegacyEvent(_message.Message):
    __slots__ = ("kingdom_created", "kingdom_resumed", "deck_shuffled", "round_started", "turn_started", "cards_played", "resources_cleared", "gained", "paid", "produced", "upgraded", "effect_used", "trigger_pending", "trigger_resolved", "trigger_declined", "trigger_dropped", "instruction_skipped", "card_moved", "card_turned", "card_blocked", "card_unblocked", "card_stays_in_play", "card_destroyed", "destructions_finalized", "cards_revealed", "card_discovered", "parchment_executed", "last_round", "sticker_applied", "sticker_unavailable", "production_increased", "box_ticked", "effect_crossed_out", "turn_ended", "round_ended", "base_scored", "expansion_scored", "expansion_started", "expansion_stage_changed", "purge_shuffled", "purge_batch", "purge_picked", "purge_fame_recorded", "campaign_reset", "suspended", "campaign_closed")
    class KingdomCreated(_message.Message):
        __slots__ = ("reset",)
        RESET_FIELD_NUMBER: _ClassVar[int]
        reset: bool
        def __init__(self, reset: _Optional[bool] = ...) -> None: ...
    class KingdomResumed(_message.Message):
        __slots__ = ("round",)
        ROUND_FIELD_NUMBER: _ClassVar[int]
        round: int
        def __init__(self, round: _Optional[int] = ...) -> None: ...
    class DeckShuffled(_message.Message):
        __slots__ = ("cards", "top")
        CARDS_FIELD_NUMBER: _ClassVar[int]
        TOP_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[int]
        top: int
        def __init__(self, cards: _Optional[_Iterable[int]] = ..., top: _Optional[int] = ...) -> None: ...
    class RoundStarted(_message.Message):
        __slots__ = ("round", "expansion")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        EXPANSION_FIELD_NUMBER: _ClassVar[int]
        round: int
        expansion: int
        def __init__(self, round: _Optional[int] = ..., expansion: _Optional[int] = ...) -> None: ...
    class TurnStarted(_message.Message):
        __slots__ = ("round",)
        ROUND_FIELD_NUMBER: _ClassVar[int]
        round: int
        def __init__(self, round: _Optional[int] = ...) -> None: ...
    class CardsPlayed(_message.Message):
        __slots__ = ("cards", "cause")
        CARDS_FIELD_NUMBER: _ClassVar[int]
        CAUSE_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[int]
        cause: KingdomLegacyPlayCause
        def __init__(self, cards: _Optional[_Iterable[int]] = ..., cause: _Optional[_Union[KingdomLegacyPlayCause, str]] = ...) -> None: ...
    class ResourcesCleared(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Gained(_message.Message):
        __slots__ = ("resources",)
        RESOURCES_FIELD_NUMBER: _ClassVar[int]
        resources: KingdomLegacyResources
        def __init__(self, resources: _Optional[_Union[KingdomLegacyResources, _Mapping]] = ...) -> None: ...
    class Paid(_message.Message):
        __slots__ = ("resources",)
        RESOURCES_FIELD_NUMBER: _ClassVar[int]
        resources: KingdomLegacyResources
        def __init__(self, resources: _Optional[_Union[KingdomLegacyResources, _Mapping]] = ...) -> None: ...
    class Produced(_message.Message):
        __slots__ = ("card", "gained")
        CARD_FIELD_NUMBER: _ClassVar[int]
        GAINED_FIELD_NUMBER: _ClassVar[int]
        card: int
        gained: KingdomLegacyResources
        def __init__(self, card: _Optional[int] = ..., gained: _Optional[_Union[KingdomLegacyResources, _Mapping]] = ...) -> None: ...
    class Upgraded(_message.Message):
        __slots__ = ("card", "to", "cost")
        CARD_FIELD_NUMBER: _ClassVar[int]
        FROM_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        COST_FIELD_NUMBER: _ClassVar[int]
        card: int
        to: KingdomLegacyOrientation
        cost: KingdomLegacyResources
        def __init__(self, card: _Optional[int] = ..., to: _Optional[_Union[KingdomLegacyOrientation, str]] = ..., cost: _Optional[_Union[KingdomLegacyResources, _Mapping]] = ..., **kwargs) -> None: ...
    class EffectUsed(_message.Message):
        __slots__ = ("card", "effect")
        CARD_FIELD_NUMBER: _ClassVar[int]
        EFFECT_FIELD_NUMBER: _ClassVar[int]
        card: int
        effect: str
        def __init__(self, card: _Optional[int] = ..., effect: _Optional[str] = ...) -> None: ...
    class TriggerPending(_message.Message):
        __slots__ = ("trigger", "card", "effect", "mandatory")
        TRIGGER_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        EFFECT_FIELD_NUMBER: _ClassVar[int]
        MANDATORY_FIELD_NUMBER: _ClassVar[int]
        trigger: int
        card: int
        effect: str
        mandatory: bool
        def __init__(self, trigger: _Optional[int] = ..., card: _Optional[int] = ..., effect: _Optional[str] = ..., mandatory: _Optional[bool] = ...) -> None: ...
    class TriggerResolved(_message.Message):
        __slots__ = ("trigger", "card", "effect")
        TRIGGER_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        EFFECT_FIELD_NUMBER: _ClassVar[int]
        trigger: int
        card: int
        effect: str
        def __init__(self, trigger: _Optional[int] = ..., card: _Optional[int] = ..., effect: _Optional[str] = ...) -> None: ...
    class TriggerDeclined(_message.Message):
        __slots__ = ("trigger", "card", "effect")
        TRIGGER_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        EFFECT_FIELD_NUMBER: _ClassVar[int]
        trigger: int
        card: int
        effect: str
        def __init__(self, trigger: _Optional[int] = ..., card: _Optional[int] = ..., effect: _Optional[str] = ...) -> None: ...
    class TriggerDropped(_message.Message):
        __slots__ = ("trigger", "card", "effect")
        TRIGGER_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        EFFECT_FIELD_NUMBER: _ClassVar[int]
        trigger: int
        card: int
        effect: str
        def __init__(self, trigger: _Optional[int] = ..., card: _Optional[int] = ..., effect: _Optional[str] = ...) -> None: ...
    class InstructionSkipped(_message.Message):
        __slots__ = ("card", "reason")
        CARD_FIELD_NUMBER: _ClassVar[int]
        REASON_FIELD_NUMBER: _ClassVar[int]
        card: int
        reason: str
        def __init__(self, card: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...
    class CardMoved(_message.Message):
        __slots__ = ("card", "to")
        CARD_FIELD_NUMBER: _ClassVar[int]
        FROM_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        card: int
        to: KingdomLegacyLocation
        def __init__(self, card: _Optional[int] = ..., to: _Optional[_Union[KingdomLegacyLocation, str]] = ..., **kwargs) -> None: ...
    class CardTurned(_message.Message):
        __slots__ = ("card", "to")
        CARD_FIELD_NUMBER: _ClassVar[int]
        FROM_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        card: int
        to: KingdomLegacyOrientation
        def __init__(self, card: _Optional[int] = ..., to: _Optional[_Union[KingdomLegacyOrientation, str]] = ..., **kwargs) -> None: ...
    class CardBlocked(_message.Message):
        __slots__ = ("card", "by")
        CARD_FIELD_NUMBER: _ClassVar[int]
        BY_FIELD_NUMBER: _ClassVar[int]
        card: int
        by: int
        def __init__(self, card: _Optional[int] = ..., by: _Optional[int] = ...) -> None: ...
    class CardUnblocked(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: int
        def __init__(self, card: _Optional[int] = ...) -> None: ...
    class CardStaysInPlay(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: int
        def __init__(self, card: _Optional[int] = ...) -> None: ...
    class CardDestroyed(_message.Message):
        __slots__ = ("card", "pending")
        CARD_FIELD_NUMBER: _ClassVar[int]
        PENDING_FIELD_NUMBER: _ClassVar[int]
        card: int
        pending: bool
        def __init__(self, card: _Optional[int] = ..., pending: _Optional[bool] = ...) -> None: ...
    class DestructionsFinalized(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...
    class CardsRevealed(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...
    class CardDiscovered(_message.Message):
        __slots__ = ("card", "to")
        CARD_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        card: int
        to: KingdomLegacyLocation
        def __init__(self, card: _Optional[int] = ..., to: _Optional[_Union[KingdomLegacyLocation, str]] = ...) -> None: ...
    class ParchmentExecuted(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: int
        def __init__(self, card: _Optional[int] = ...) -> None: ...
    class LastRound(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class StickerApplied(_message.Message):
        __slots__ = ("card", "sticker", "orientation")
        CARD_FIELD_NUMBER: _ClassVar[int]
        STICKER_FIELD_NUMBER: _ClassVar[int]
        ORIENTATION_FIELD_NUMBER: _ClassVar[int]
        card: int
        sticker: str
        orientation: KingdomLegacyOrientation
        def __init__(self, card: _Optional[int] = ..., sticker: _Optional[str] = ..., orientation: _Optional[_Union[KingdomLegacyOrientation, str]] = ...) -> None: ...
    class StickerUnavailable(_message.Message):
        __slots__ = ("sticker",)
        STICKER_FIELD_NUMBER: _ClassVar[int]
        sticker: str
        def __init__(self, sticker: _Optional[str] = ...) -> None: ...
    class ProductionIncreased(_message.Message):
        __slots__ = ("card", "resource")
        CARD_FIELD_NUMBER: _ClassVar[int]
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        card: int
        resource: KingdomLegacyResource
        def __init__(self, card: _Optional[int] = ..., resource: _Optional[_Union[KingdomLegacyResource, str]] = ...) -> None: ...
    class BoxTicked(_message.Message):
        __slots__ = ("card", "orientation", "index")
        CARD_FIELD_NUMBER: _ClassVar[int]
        ORIENTATION_FIELD_NUMBER: _ClassVar[int]
        INDEX_FIELD_NUMBER: _ClassVar[int]
        card: int
        orientation: KingdomLegacyOrientation
        index: int
        def __init__(self, card: _Optional[int] = ..., orientation: _Optional[_Union[KingdomLegacyOrientation, str]] = ..., index: _Optional[int] = ...) -> None: ...
    class EffectCrossedOut(_message.Message):
        __slots__ = ("card", "orientation", "effect")
        CARD_FIELD_NUMBER: _ClassVar[int]
        ORIENTATION_FIELD_NUMBER: _ClassVar[int]
        EFFECT_FIELD_NUMBER: _ClassVar[int]
        card: int
        orientation: KingdomLegacyOrientation
        effect: str
        def __init__(self, card: _Optional[int] = ..., orientation: _Optional[_Union[KingdomLegacyOrientation, str]] = ..., effect: _Optional[str] = ...) -> None: ...
    class TurnEnded(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class RoundEnded(_message.Message):
        __slots__ = ("round",)
        ROUND_FIELD_NUMBER: _ClassVar[int]
        round: int
        def __init__(self, round: _Optional[int] = ...) -> None: ...
    class BaseScored(_message.Message):
        __slots__ = ("fame", "score")
        FAME_FIELD_NUMBER: _ClassVar[int]
        SCORE_FIELD_NUMBER: _ClassVar[int]
        fame: int
        score: int
        def __init__(self, fame: _Optional[int] = ..., score: _Optional[int] = ...) -> None: ...
    class ExpansionScored(_message.Message):
        __slots__ = ("expansion", "score")
        EXPANSION_FIELD_NUMBER: _ClassVar[int]
        SCORE_FIELD_NUMBER: _ClassVar[int]
        expansion: int
        score: int
        def __init__(self, expansion: _Optional[int] = ..., score: _Optional[int] = ...) -> None: ...
    class ExpansionStarted(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: int
        def __init__(self, card: _Optional[int] = ...) -> None: ...
    class ExpansionStageChanged(_message.Message):
        __slots__ = ("card", "to")
        CARD_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        card: int
        to: KingdomLegacyOrientation
        def __init__(self, card: _Optional[int] = ..., to: _Optional[_Union[KingdomLegacyOrientation, str]] = ...) -> None: ...
    class PurgeShuffled(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...
    class PurgeBatch(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...
    class PurgePicked(_message.Message):
        __slots__ = ("card", "fame")
        CARD_FIELD_NUMBER: _ClassVar[int]
        FAME_FIELD_NUMBER: _ClassVar[int]
        card: int
        fame: int
        def __init__(self, card: _Optional[int] = ..., fame: _Optional[int] = ...) -> None: ...
    class PurgeFameRecorded(_message.Message):
        __slots__ = ("expansion", "value")
        EXPANSION_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        expansion: int
        value: int
        def __init__(self, expansion: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...
    class CampaignReset(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Suspended(_message.Message):
        __slots__ = ("round",)
        ROUND_FIELD_NUMBER: _ClassVar[int]
        round: int
        def __init__(self, round: _Optional[int] = ...) -> None: ...
    class CampaignClosed(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    KINGDOM_CREATED_FIELD_NUMBER: _ClassVar[int]
    KINGDOM_RESUMED_FIELD_NUMBER: _ClassVar[int]
    DECK_SHUFFLED_FIELD_NUMBER: _ClassVar[int]
    ROUND_STARTED_FIELD_NUMBER: _ClassVar[int]
    TURN_STARTED_FIELD_NUMBER: _ClassVar[int]
    CARDS_PLAYED_FIELD_NUMBER: _ClassVar[int]
    RESOURCES_CLEARED_FIELD_NUMBER: _ClassVar[int]
    GAINED_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    PRODUCED_FIELD_NUMBER: _ClassVar[int]
    UPGRADED_FIELD_NUMBER: _ClassVar[int]
    EFFECT_USED_FIELD_NUMBER: _ClassVar[int]
    TRIGGER_PENDING_FIELD_NUMBER: _ClassVar[int]
    TRIGGER_RESOLVED_FIELD_NUMBER: _ClassVar[int]
    TRIGGER_DECLINED_FIELD_NUMBER: _ClassVar[int]
    TRIGGER_DROPPED_FIELD_NUMBER: _ClassVar[int]
    INSTRUCTION_SKIPPED_FIELD_NUMBER: _ClassVar[int]
    CARD_MOVED_FIELD_NUMBER: _ClassVar[int]
    CARD_TURNED_FIELD_NUMBER: _ClassVar[int]
    CARD_BLOCKED_FIELD_NUMBER: _ClassVar[int]
    CARD_UNBLOCKED_FIELD_NUMBER: _ClassVar[int]
    CARD_STAYS_IN_PLAY_FIELD_NUMBER: _ClassVar[int]
    CARD_DESTROYED_FIELD_NUMBER: _ClassVar[int]
    DESTRUCTIONS_FINALIZED_FIELD_NUMBER: _ClassVar[int]
    CARDS_REVEALED_FIELD_NUMBER: _ClassVar[int]
    CARD_DISCOVERED_FIELD_NUMBER: _ClassVar[int]
    PARCHMENT_EXECUTED_FIELD_NUMBER: _ClassVar[int]
    LAST_ROUND_FIELD_NUMBER: _ClassVar[int]
    STICKER_APPLIED_FIELD_NUMBER: _ClassVar[int]
    STICKER_UNAVAILABLE_FIELD_NUMBER: _ClassVar[int]
    PRODUCTION_INCREASED_FIELD_NUMBER: _ClassVar[int]
    BOX_TICKED_FIELD_NUMBER: _ClassVar[int]
    EFFECT_CROSSED_OUT_FIELD_NUMBER: _ClassVar[int]
    TURN_ENDED_FIELD_NUMBER: _ClassVar[int]
    ROUND_ENDED_FIELD_NUMBER: _ClassVar[int]
    BASE_SCORED_FIELD_NUMBER: _ClassVar[int]
    EXPANSION_SCORED_FIELD_NUMBER: _ClassVar[int]
    EXPANSION_STARTED_FIELD_NUMBER: _ClassVar[int]
    EXPANSION_STAGE_CHANGED_FIELD_NUMBER: _ClassVar[int]
    PURGE_SHUFFLED_FIELD_NUMBER: _ClassVar[int]
    PURGE_BATCH_FIELD_NUMBER: _ClassVar[int]
    PURGE_PICKED_FIELD_NUMBER: _ClassVar[int]
    PURGE_FAME_RECORDED_FIELD_NUMBER: _ClassVar[int]
    CAMPAIGN_RESET_FIELD_NUMBER: _ClassVar[int]
    SUSPENDED_FIELD_NUMBER: _ClassVar[int]
    CAMPAIGN_CLOSED_FIELD_NUMBER: _ClassVar[int]
    kingdom_created: KingdomLegacyEvent.KingdomCreated
    kingdom_resumed: KingdomLegacyEvent.KingdomResumed
    deck_shuffled: KingdomLegacyEvent.DeckShuffled
    round_started: KingdomLegacyEvent.RoundStarted
    turn_started: KingdomLegacyEvent.TurnStarted
    cards_played: KingdomLegacyEvent.CardsPlayed
    resources_cleared: KingdomLegacyEvent.ResourcesCleared
    gained: KingdomLegacyEvent.Gained
    paid: KingdomLegacyEvent.Paid
    produced: KingdomLegacyEvent.Produced
    upgraded: KingdomLegacyEvent.Upgraded
    effect_used: KingdomLegacyEvent.EffectUsed
    trigger_pending: KingdomLegacyEvent.TriggerPending
    trigger_resolved: KingdomLegacyEvent.TriggerResolved
    trigger_declined: KingdomLegacyEvent.TriggerDeclined
    trigger_dropped: KingdomLegacyEvent.TriggerDropped
    instruction_skipped: KingdomLegacyEvent.InstructionSkipped
    card_moved: KingdomLegacyEvent.CardMoved
    card_turned: KingdomLegacyEvent.CardTurned
    card_blocked: KingdomLegacyEvent.CardBlocked
    card_unblocked: KingdomLegacyEvent.CardUnblocked
    card_stays_in_play: KingdomLegacyEvent.CardStaysInPlay
    card_destroyed: KingdomLegacyEvent.CardDestroyed
    destructions_finalized: KingdomLegacyEvent.DestructionsFinalized
    cards_revealed: KingdomLegacyEvent.CardsRevealed
    card_discovered: KingdomLegacyEvent.CardDiscovered
    parchment_executed: KingdomLegacyEvent.ParchmentExecuted
    last_round: KingdomLegacyEvent.LastRound
    sticker_applied: KingdomLegacyEvent.StickerApplied
    sticker_unavailable: KingdomLegacyEvent.StickerUnavailable
    production_increased: KingdomLegacyEvent.ProductionIncreased
    box_ticked: KingdomLegacyEvent.BoxTicked
    effect_crossed_out: KingdomLegacyEvent.EffectCrossedOut
    turn_ended: KingdomLegacyEvent.TurnEnded
    round_ended: KingdomLegacyEvent.RoundEnded
    base_scored: KingdomLegacyEvent.BaseScored
    expansion_scored: KingdomLegacyEvent.ExpansionScored
    expansion_started: KingdomLegacyEvent.ExpansionStarted
    expansion_stage_changed: KingdomLegacyEvent.ExpansionStageChanged
    purge_shuffled: KingdomLegacyEvent.PurgeShuffled
    purge_batch: KingdomLegacyEvent.PurgeBatch
    purge_picked: KingdomLegacyEvent.PurgePicked
    purge_fame_recorded: KingdomLegacyEvent.PurgeFameRecorded
    campaign_reset: KingdomLegacyEvent.CampaignReset
    suspended: KingdomLegacyEvent.Suspended
    campaign_closed: KingdomLegacyEvent.CampaignClosed
    def __init__(self, kingdom_created: _Optional[_Union[KingdomLegacyEvent.KingdomCreated, _Mapping]] = ..., kingdom_resumed: _Optional[_Union[KingdomLegacyEvent.KingdomResumed, _Mapping]] = ..., deck_shuffled: _Optional[_Union[KingdomLegacyEvent.DeckShuffled, _Mapping]] = ..., round_started: _Optional[_Union[KingdomLegacyEvent.RoundStarted, _Mapping]] = ..., turn_started: _Optional[_Union[KingdomLegacyEvent.TurnStarted, _Mapping]] = ..., cards_played: _Optional[_Union[KingdomLegacyEvent.CardsPlayed, _Mapping]] = ..., resources_cleared: _Optional[_Union[KingdomLegacyEvent.ResourcesCleared, _Mapping]] = ..., gained: _Optional[_Union[KingdomLegacyEvent.Gained, _Mapping]] = ..., paid: _Optional[_Union[KingdomLegacyEvent.Paid, _Mapping]] = ..., produced: _Optional[_Union[KingdomLegacyEvent.Produced, _Mapping]] = ..., upgraded: _Optional[_Union[KingdomLegacyEvent.Upgraded, _Mapping]] = ..., effect_used: _Optional[_Union[KingdomLegacyEvent.EffectUsed, _Mapping]] = ..., trigger_pending: _Optional[_Union[KingdomLegacyEvent.TriggerPending, _Mapping]] = ..., trigger_resolved: _Optional[_Union[KingdomLegacyEvent.TriggerResolved, _Mapping]] = ..., trigger_declined: _Optional[_Union[KingdomLegacyEvent.TriggerDeclined, _Mapping]] = ..., trigger_dropped: _Optional[_Union[KingdomLegacyEvent.TriggerDropped, _Mapping]] = ..., instruction_skipped: _Optional[_Union[KingdomLegacyEvent.InstructionSkipped, _Mapping]] = ..., card_moved: _Optional[_Union[KingdomLegacyEvent.CardMoved, _Mapping]] = ..., card_turned: _Optional[_Union[KingdomLegacyEvent.CardTurned, _Mapping]] = ..., card_blocked: _Optional[_Union[KingdomLegacyEvent.CardBlocked, _Mapping]] = ..., card_unblocked: _Optional[_Union[KingdomLegacyEvent.CardUnblocked, _Mapping]] = ..., card_stays_in_play: _Optional[_Union[KingdomLegacyEvent.CardStaysInPlay, _Mapping]] = ..., card_destroyed: _Optional[_Union[KingdomLegacyEvent.CardDestroyed, _Mapping]] = ..., destructions_finalized: _Optional[_Union[KingdomLegacyEvent.DestructionsFinalized, _Mapping]] = ..., cards_revealed: _Optional[_Union[KingdomLegacyEvent.CardsRevealed, _Mapping]] = ..., card_discovered: _Optional[_Union[KingdomLegacyEvent.CardDiscovered, _Mapping]] = ..., parchment_executed: _Optional[_Union[KingdomLegacyEvent.ParchmentExecuted, _Mapping]] = ..., last_round: _Optional[_Union[KingdomLegacyEvent.LastRound, _Mapping]] = ..., sticker_applied: _Optional[_Union[KingdomLegacyEvent.StickerApplied, _Mapping]] = ..., sticker_unavailable: _Optional[_Union[KingdomLegacyEvent.StickerUnavailable, _Mapping]] = ..., production_increased: _Optional[_Union[KingdomLegacyEvent.ProductionIncreased, _Mapping]] = ..., box_ticked: _Optional[_Union[KingdomLegacyEvent.BoxTicked, _Mapping]] = ..., effect_crossed_out: _Optional[_Union[KingdomLegacyEvent.EffectCrossedOut, _Mapping]] = ..., turn_ended: _Optional[_Union[KingdomLegacyEvent.TurnEnded, _Mapping]] = ..., round_ended: _Optional[_Union[KingdomLegacyEvent.RoundEnded, _Mapping]] = ..., base_scored: _Optional[_Union[KingdomLegacyEvent.BaseScored, _Mapping]] = ..., expansion_scored: _Optional[_Union[KingdomLegacyEvent.ExpansionScored, _Mapping]] = ..., expansion_started: _Optional[_Union[KingdomLegacyEvent.ExpansionStarted, _Mapping]] = ..., expansion_stage_changed: _Optional[_Union[KingdomLegacyEvent.ExpansionStageChanged, _Mapping]] = ..., purge_shuffled: _Optional[_Union[KingdomLegacyEvent.PurgeShuffled, _Mapping]] = ..., purge_batch: _Optional[_Union[KingdomLegacyEvent.PurgeBatch, _Mapping]] = ..., purge_picked: _Optional[_Union[KingdomLegacyEvent.PurgePicked, _Mapping]] = ..., purge_fame_recorded: _Optional[_Union[KingdomLegacyEvent.PurgeFameRecorded, _Mapping]] = ..., campaign_reset: _Optional[_Union[KingdomLegacyEvent.CampaignReset, _Mapping]] = ..., suspended: _Optional[_Union[KingdomLegacyEvent.Suspended, _Mapping]] = ..., campaign_closed: _Optional[_Union[KingdomLegacyEvent.CampaignClosed, _Mapping]] = ...) -> None: ...

class KingdomLegacyCampaignOptions(_message.Message):
    __slots__ = ("pack", "allow_permanent_upgrade")
    PACK_FIELD_NUMBER: _ClassVar[int]
    ALLOW_PERMANENT_UPGRADE_FIELD_NUMBER: _ClassVar[int]
    pack: KingdomLegacyPack
    allow_permanent_upgrade: bool
    def __init__(self, pack: _Optional[_Union[KingdomLegacyPack, str]] = ..., allow_permanent_upgrade: _Optional[bool] = ...) -> None: ...

class KingdomLegacySitting(_message.Message):
    __slots__ = ("rounds_played", "fame", "base_score", "expansion_scores", "reset", "closed")
    ROUNDS_PLAYED_FIELD_NUMBER: _ClassVar[int]
    FAME_FIELD_NUMBER: _ClassVar[int]
    BASE_SCORE_FIELD_NUMBER: _ClassVar[int]
    EXPANSION_SCORES_FIELD_NUMBER: _ClassVar[int]
    RESET_FIELD_NUMBER: _ClassVar[int]
    CLOSED_FIELD_NUMBER: _ClassVar[int]
    rounds_played: int
    fame: int
    base_score: int
    expansion_scores: _containers.RepeatedCompositeFieldContainer[KingdomLegacyExpansionScore]
    reset: bool
    closed: bool
    def __init__(self, rounds_played: _Optional[int] = ..., fame: _Optional[int] = ..., base_score: _Optional[int] = ..., expansion_scores: _Optional[_Iterable[_Union[KingdomLegacyExpansionScore, _Mapping]]] = ..., reset: _Optional[bool] = ..., closed: _Optional[bool] = ...) -> None: ...

class KingdomLegacyCampaignView(_message.Message):
    __slots__ = ("pack", "started", "score_track", "purge_fame", "base_rounds", "last_round", "base_finished", "expansions_played", "current_expansion", "kingdom_size", "card23_discovered", "reset_allowed", "closed", "sittings")
    PACK_FIELD_NUMBER: _ClassVar[int]
    STARTED_FIELD_NUMBER: _ClassVar[int]
    SCORE_TRACK_FIELD_NUMBER: _ClassVar[int]
    PURGE_FAME_FIELD_NUMBER: _ClassVar[int]
    BASE_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    LAST_ROUND_FIELD_NUMBER: _ClassVar[int]
    BASE_FINISHED_FIELD_NUMBER: _ClassVar[int]
    EXPANSIONS_PLAYED_FIELD_NUMBER: _ClassVar[int]
    CURRENT_EXPANSION_FIELD_NUMBER: _ClassVar[int]
    KINGDOM_SIZE_FIELD_NUMBER: _ClassVar[int]
    CARD23_DISCOVERED_FIELD_NUMBER: _ClassVar[int]
    RESET_ALLOWED_FIELD_NUMBER: _ClassVar[int]
    CLOSED_FIELD_NUMBER: _ClassVar[int]
    SITTINGS_FIELD_NUMBER: _ClassVar[int]
    pack: KingdomLegacyPack
    started: bool
    score_track: KingdomLegacyScoreTrack
    purge_fame: _containers.RepeatedCompositeFieldContainer[KingdomLegacyPurgeFame]
    base_rounds: int
    last_round: bool
    base_finished: bool
    expansions_played: _containers.RepeatedScalarFieldContainer[int]
    current_expansion: KingdomLegacyCurrentExpansion
    kingdom_size: int
    card23_discovered: bool
    reset_allowed: bool
    closed: bool
    sittings: _containers.RepeatedCompositeFieldContainer[KingdomLegacySitting]
    def __init__(self, pack: _Optional[_Union[KingdomLegacyPack, str]] = ..., started: _Optional[bool] = ..., score_track: _Optional[_Union[KingdomLegacyScoreTrack, _Mapping]] = ..., purge_fame: _Optional[_Iterable[_Union[KingdomLegacyPurgeFame, _Mapping]]] = ..., base_rounds: _Optional[int] = ..., last_round: _Optional[bool] = ..., base_finished: _Optional[bool] = ..., expansions_played: _Optional[_Iterable[int]] = ..., current_expansion: _Optional[_Union[KingdomLegacyCurrentExpansion, _Mapping]] = ..., kingdom_size: _Optional[int] = ..., card23_discovered: _Optional[bool] = ..., reset_allowed: _Optional[bool] = ..., closed: _Optional[bool] = ..., sittings: _Optional[_Iterable[_Union[KingdomLegacySitting, _Mapping]]] = ...) -> None: ...
