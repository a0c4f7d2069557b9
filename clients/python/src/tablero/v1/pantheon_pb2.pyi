from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PantheonNation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANTHEON_NATION_UNSPECIFIED: _ClassVar[PantheonNation]
    PANTHEON_NATION_GALLIA: _ClassVar[PantheonNation]
    PANTHEON_NATION_GERMANIA: _ClassVar[PantheonNation]
    PANTHEON_NATION_GRAECIA: _ClassVar[PantheonNation]
    PANTHEON_NATION_AEGYPTUS: _ClassVar[PantheonNation]
    PANTHEON_NATION_PERSIA: _ClassVar[PantheonNation]
    PANTHEON_NATION_CARTAGO: _ClassVar[PantheonNation]
    PANTHEON_NATION_IBERIA: _ClassVar[PantheonNation]
    PANTHEON_NATION_ROMA: _ClassVar[PantheonNation]

class PantheonOfferingKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANTHEON_OFFERING_KIND_UNSPECIFIED: _ClassVar[PantheonOfferingKind]
    PANTHEON_OFFERING_KIND_GIFTS: _ClassVar[PantheonOfferingKind]
    PANTHEON_OFFERING_KIND_PRIESTS: _ClassVar[PantheonOfferingKind]
    PANTHEON_OFFERING_KIND_DANCERS: _ClassVar[PantheonOfferingKind]
    PANTHEON_OFFERING_KIND_TEMPLES: _ClassVar[PantheonOfferingKind]

class PantheonStone(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANTHEON_STONE_UNSPECIFIED: _ClassVar[PantheonStone]
    PANTHEON_STONE_PILLAR: _ClassVar[PantheonStone]
    PANTHEON_STONE_FOOTPRINT: _ClassVar[PantheonStone]

class PantheonSpaceKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANTHEON_SPACE_KIND_UNSPECIFIED: _ClassVar[PantheonSpaceKind]
    PANTHEON_SPACE_KIND_LAND: _ClassVar[PantheonSpaceKind]
    PANTHEON_SPACE_KIND_SEA: _ClassVar[PantheonSpaceKind]
    PANTHEON_SPACE_KIND_PILLAR: _ClassVar[PantheonSpaceKind]
    PANTHEON_SPACE_KIND_MAIN: _ClassVar[PantheonSpaceKind]
    PANTHEON_SPACE_KIND_SATELLITE: _ClassVar[PantheonSpaceKind]

class PantheonCardType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANTHEON_CARD_TYPE_UNSPECIFIED: _ClassVar[PantheonCardType]
    PANTHEON_CARD_TYPE_MOVEMENT: _ClassVar[PantheonCardType]
    PANTHEON_CARD_TYPE_OFFERING: _ClassVar[PantheonCardType]
    PANTHEON_CARD_TYPE_MONEY: _ClassVar[PantheonCardType]

class PantheonGodEffectType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANTHEON_GOD_EFFECT_TYPE_UNSPECIFIED: _ClassVar[PantheonGodEffectType]
    PANTHEON_GOD_EFFECT_TYPE_STEPS_PLUS: _ClassVar[PantheonGodEffectType]
    PANTHEON_GOD_EFFECT_TYPE_PURCHASE_PLUS: _ClassVar[PantheonGodEffectType]
    PANTHEON_GOD_EFFECT_TYPE_CHEAP_SHARING: _ClassVar[PantheonGodEffectType]
    PANTHEON_GOD_EFFECT_TYPE_DRAW_PLUS: _ClassVar[PantheonGodEffectType]
    PANTHEON_GOD_EFFECT_TYPE_OFFERING_WILDCARD: _ClassVar[PantheonGodEffectType]
    PANTHEON_GOD_EFFECT_TYPE_FOLLOW_BONUS: _ClassVar[PantheonGodEffectType]
    PANTHEON_GOD_EFFECT_TYPE_EXTRA_TURN: _ClassVar[PantheonGodEffectType]
    PANTHEON_GOD_EFFECT_TYPE_SCORING_VP: _ClassVar[PantheonGodEffectType]
    PANTHEON_GOD_EFFECT_TYPE_GAIN_DEMIGOD: _ClassVar[PantheonGodEffectType]
    PANTHEON_GOD_EFFECT_TYPE_GAIN_STONES: _ClassVar[PantheonGodEffectType]
    PANTHEON_GOD_EFFECT_TYPE_GAIN_SPECIAL_MONEY: _ClassVar[PantheonGodEffectType]
    PANTHEON_GOD_EFFECT_TYPE_GAIN_OFFERING: _ClassVar[PantheonGodEffectType]
    PANTHEON_GOD_EFFECT_TYPE_GAIN_CARDS: _ClassVar[PantheonGodEffectType]

class PantheonTokenEffectType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANTHEON_TOKEN_EFFECT_TYPE_UNSPECIFIED: _ClassVar[PantheonTokenEffectType]
    PANTHEON_TOKEN_EFFECT_TYPE_SUPPLIES: _ClassVar[PantheonTokenEffectType]
    PANTHEON_TOKEN_EFFECT_TYPE_DEMIGOD: _ClassVar[PantheonTokenEffectType]
    PANTHEON_TOKEN_EFFECT_TYPE_GOD_TILE: _ClassVar[PantheonTokenEffectType]
    PANTHEON_TOKEN_EFFECT_TYPE_PILLAR: _ClassVar[PantheonTokenEffectType]
    PANTHEON_TOKEN_EFFECT_TYPE_OFFERING: _ClassVar[PantheonTokenEffectType]
    PANTHEON_TOKEN_EFFECT_TYPE_CARD_DRAW: _ClassVar[PantheonTokenEffectType]
    PANTHEON_TOKEN_EFFECT_TYPE_SPECIAL_MONEY: _ClassVar[PantheonTokenEffectType]
    PANTHEON_TOKEN_EFFECT_TYPE_STEPS: _ClassVar[PantheonTokenEffectType]
PANTHEON_NATION_UNSPECIFIED: PantheonNation
PANTHEON_NATION_GALLIA: PantheonNation
PANTHEON_NATION_GERMANIA: PantheonNation
PANTHEON_NATION_GRAECIA: PantheonNation
PANTHEON_NATION_AEGYPTUS: PantheonNation
PANTHEON_NATION_PERSIA: PantheonNation
PANTHEON_NATION_CARTAGO: PantheonNation
PANTHEON_NATION_IBERIA: PantheonNation
PANTHEON_NATION_ROMA: PantheonNation
PANTHEON_OFFERING_KIND_UNSPECIFIED: PantheonOfferingKind
PANTHEON_OFFERING_KIND_GIFTS: PantheonOfferingKind
PANTHEON_OFFERING_KIND_PRIESTS: PantheonOfferingKind
PANTHEON_OFFERING_KIND_DANCERS: PantheonOfferingKind
PANTHEON_OFFERING_KIND_TEMPLES: PantheonOfferingKind
PANTHEON_STONE_UNSPECIFIED: PantheonStone
PANTHEON_STONE_PILLAR: PantheonStone
PANTHEON_STONE_FOOTPRINT: PantheonStone
PANTHEON_SPACE_KIND_UNSPECIFIED: PantheonSpaceKind
PANTHEON_SPACE_KIND_LAND: PantheonSpaceKind
PANTHEON_SPACE_KIND_SEA: PantheonSpaceKind
PANTHEON_SPACE_KIND_PILLAR: PantheonSpaceKind
PANTHEON_SPACE_KIND_MAIN: PantheonSpaceKind
PANTHEON_SPACE_KIND_SATELLITE: PantheonSpaceKind
PANTHEON_CARD_TYPE_UNSPECIFIED: PantheonCardType
PANTHEON_CARD_TYPE_MOVEMENT: PantheonCardType
PANTHEON_CARD_TYPE_OFFERING: PantheonCardType
PANTHEON_CARD_TYPE_MONEY: PantheonCardType
PANTHEON_GOD_EFFECT_TYPE_UNSPECIFIED: PantheonGodEffectType
PANTHEON_GOD_EFFECT_TYPE_STEPS_PLUS: PantheonGodEffectType
PANTHEON_GOD_EFFECT_TYPE_PURCHASE_PLUS: PantheonGodEffectType
PANTHEON_GOD_EFFECT_TYPE_CHEAP_SHARING: PantheonGodEffectType
PANTHEON_GOD_EFFECT_TYPE_DRAW_PLUS: PantheonGodEffectType
PANTHEON_GOD_EFFECT_TYPE_OFFERING_WILDCARD: PantheonGodEffectType
PANTHEON_GOD_EFFECT_TYPE_FOLLOW_BONUS: PantheonGodEffectType
PANTHEON_GOD_EFFECT_TYPE_EXTRA_TURN: PantheonGodEffectType
PANTHEON_GOD_EFFECT_TYPE_SCORING_VP: PantheonGodEffectType
PANTHEON_GOD_EFFECT_TYPE_GAIN_DEMIGOD: PantheonGodEffectType
PANTHEON_GOD_EFFECT_TYPE_GAIN_STONES: PantheonGodEffectType
PANTHEON_GOD_EFFECT_TYPE_GAIN_SPECIAL_MONEY: PantheonGodEffectType
PANTHEON_GOD_EFFECT_TYPE_GAIN_OFFERING: PantheonGodEffectType
PANTHEON_GOD_EFFECT_TYPE_GAIN_CARDS: PantheonGodEffectType
PANTHEON_TOKEN_EFFECT_TYPE_UNSPECIFIED: PantheonTokenEffectType
PANTHEON_TOKEN_EFFECT_TYPE_SUPPLIES: PantheonTokenEffectType
PANTHEON_TOKEN_EFFECT_TYPE_DEMIGOD: PantheonTokenEffectType
PANTHEON_TOKEN_EFFECT_TYPE_GOD_TILE: PantheonTokenEffectType
PANTHEON_TOKEN_EFFECT_TYPE_PILLAR: PantheonTokenEffectType
PANTHEON_TOKEN_EFFECT_TYPE_OFFERING: PantheonTokenEffectType
PANTHEON_TOKEN_EFFECT_TYPE_CARD_DRAW: PantheonTokenEffectType
PANTHEON_TOKEN_EFFECT_TYPE_SPECIAL_MONEY: PantheonTokenEffectType
PANTHEON_TOKEN_EFFECT_TYPE_STEPS: PantheonTokenEffectType

class PantheonCard(_message.Message):
    __slots__ = ("type", "offering", "money")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    OFFERING_FIELD_NUMBER: _ClassVar[int]
    MONEY_FIELD_NUMBER: _ClassVar[int]
    type: PantheonCardType
    offering: PantheonOfferingKind
    money: int
    def __init__(self, type: _Optional[_Union[PantheonCardType, str]] = ..., offering: _Optional[_Union[PantheonOfferingKind, str]] = ..., money: _Optional[int] = ...) -> None: ...

class PantheonCardCount(_message.Message):
    __slots__ = ("card", "count")
    CARD_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    card: PantheonCard
    count: int
    def __init__(self, card: _Optional[_Union[PantheonCard, _Mapping]] = ..., count: _Optional[int] = ...) -> None: ...

class PantheonCards(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[PantheonCard]
    def __init__(self, cards: _Optional[_Iterable[_Union[PantheonCard, _Mapping]]] = ...) -> None: ...

class PantheonGod(_message.Message):
    __slots__ = ("id", "name", "requirement", "effect", "effect_text")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    REQUIREMENT_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    EFFECT_TEXT_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    requirement: _containers.RepeatedScalarFieldContainer[int]
    effect: PantheonGodEffectType
    effect_text: str
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., requirement: _Optional[_Iterable[int]] = ..., effect: _Optional[_Union[PantheonGodEffectType, str]] = ..., effect_text: _Optional[str] = ...) -> None: ...

class PantheonTokenEffect(_message.Message):
    __slots__ = ("type", "pillars", "footprints", "either", "count", "uses", "text")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    PILLARS_FIELD_NUMBER: _ClassVar[int]
    FOOTPRINTS_FIELD_NUMBER: _ClassVar[int]
    EITHER_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    USES_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    type: PantheonTokenEffectType
    pillars: int
    footprints: int
    either: bool
    count: int
    uses: int
    text: str
    def __init__(self, type: _Optional[_Union[PantheonTokenEffectType, str]] = ..., pillars: _Optional[int] = ..., footprints: _Optional[int] = ..., either: _Optional[bool] = ..., count: _Optional[int] = ..., uses: _Optional[int] = ..., text: _Optional[str] = ...) -> None: ...

class PantheonToken(_message.Message):
    __slots__ = ("id", "effect")
    ID_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    id: str
    effect: PantheonTokenEffect
    def __init__(self, id: _Optional[str] = ..., effect: _Optional[_Union[PantheonTokenEffect, _Mapping]] = ...) -> None: ...

class PantheonOffering(_message.Message):
    __slots__ = ("kind", "level")
    KIND_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    kind: PantheonOfferingKind
    level: int
    def __init__(self, kind: _Optional[_Union[PantheonOfferingKind, str]] = ..., level: _Optional[int] = ...) -> None: ...

class PantheonCardSource(_message.Message):
    __slots__ = ("display_slot",)
    DISPLAY_SLOT_FIELD_NUMBER: _ClassVar[int]
    display_slot: int
    def __init__(self, display_slot: _Optional[int] = ...) -> None: ...

class PantheonOptions(_message.Message):
    __slots__ = ("players", "start_seat", "bonus_choice", "start_material_by_player_count", "max_turns_per_epoch")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    START_SEAT_FIELD_NUMBER: _ClassVar[int]
    BONUS_CHOICE_FIELD_NUMBER: _ClassVar[int]
    START_MATERIAL_BY_PLAYER_COUNT_FIELD_NUMBER: _ClassVar[int]
    MAX_TURNS_PER_EPOCH_FIELD_NUMBER: _ClassVar[int]
    players: int
    start_seat: int
    bonus_choice: bool
    start_material_by_player_count: bool
    max_turns_per_epoch: int
    def __init__(self, players: _Optional[int] = ..., start_seat: _Optional[int] = ..., bonus_choice: _Optional[bool] = ..., start_material_by_player_count: _Optional[bool] = ..., max_turns_per_epoch: _Optional[int] = ...) -> None: ...

class PantheonScenario(_message.Message):
    __slots__ = ("board", "nations", "gods", "action_cards", "loot", "bonus", "demigods")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    NATIONS_FIELD_NUMBER: _ClassVar[int]
    GODS_FIELD_NUMBER: _ClassVar[int]
    ACTION_CARDS_FIELD_NUMBER: _ClassVar[int]
    LOOT_FIELD_NUMBER: _ClassVar[int]
    BONUS_FIELD_NUMBER: _ClassVar[int]
    DEMIGODS_FIELD_NUMBER: _ClassVar[int]
    board: str
    nations: _containers.RepeatedScalarFieldContainer[PantheonNation]
    gods: _containers.RepeatedScalarFieldContainer[str]
    action_cards: _containers.RepeatedScalarFieldContainer[str]
    loot: _containers.RepeatedScalarFieldContainer[str]
    bonus: _containers.RepeatedScalarFieldContainer[str]
    demigods: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, board: _Optional[str] = ..., nations: _Optional[_Iterable[_Union[PantheonNation, str]]] = ..., gods: _Optional[_Iterable[str]] = ..., action_cards: _Optional[_Iterable[str]] = ..., loot: _Optional[_Iterable[str]] = ..., bonus: _Optional[_Iterable[str]] = ..., demigods: _Optional[_Iterable[int]] = ...) -> None: ...

class PantheonMoneyCount(_message.Message):
    __slots__ = ("value", "count")
    VALUE_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    value: int
    count: int
    def __init__(self, value: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class PantheonAction(_message.Message):
    __slots__ = ("choose_bonus_token", "gallia_draw_two", "gallia_reveal_god", "gallia_take_god", "gallia_decline_god", "discard_to_seven", "aegyptus_exchange", "cartago_buy_offering", "cartago_upgrade_offering", "cartago_buy_stone", "cartago_done", "iberia_take_offering", "iberia_upgrade", "iberia_pass", "roma_draw_two", "roma_pass", "resolve_effect", "decline_effect", "start_movement", "start_purchase", "take_god", "draw_card", "place_footprint", "place_pillar", "end_placement", "buy_offering", "upgrade_offering", "buy_stone", "end_purchase", "follow_move", "follow_draw", "follow_pass", "take_extra_turn", "decline_extra_turn")
    class ChooseBonusToken(_message.Message):
        __slots__ = ("bonus",)
        BONUS_FIELD_NUMBER: _ClassVar[int]
        bonus: str
        def __init__(self, bonus: _Optional[str] = ...) -> None: ...
    class GalliaDrawTwo(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class GalliaRevealGod(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class GalliaTakeGod(_message.Message):
        __slots__ = ("kind",)
        KIND_FIELD_NUMBER: _ClassVar[int]
        kind: PantheonOfferingKind
        def __init__(self, kind: _Optional[_Union[PantheonOfferingKind, str]] = ...) -> None: ...
    class GalliaDeclineGod(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class DiscardToSeven(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedCompositeFieldContainer[PantheonCardCount]
        def __init__(self, cards: _Optional[_Iterable[_Union[PantheonCardCount, _Mapping]]] = ...) -> None: ...
    class AegyptusExchange(_message.Message):
        __slots__ = ("x",)
        X_FIELD_NUMBER: _ClassVar[int]
        x: int
        def __init__(self, x: _Optional[int] = ...) -> None: ...
    class CartagoBuyOffering(_message.Message):
        __slots__ = ("kind", "level")
        KIND_FIELD_NUMBER: _ClassVar[int]
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        kind: PantheonOfferingKind
        level: int
        def __init__(self, kind: _Optional[_Union[PantheonOfferingKind, str]] = ..., level: _Optional[int] = ...) -> None: ...
    class CartagoUpgradeOffering(_message.Message):
        __slots__ = ("kind", "level")
        KIND_FIELD_NUMBER: _ClassVar[int]
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        kind: PantheonOfferingKind
        level: int
        def __init__(self, kind: _Optional[_Union[PantheonOfferingKind, str]] = ..., level: _Optional[int] = ...) -> None: ...
    class CartagoBuyStone(_message.Message):
        __slots__ = ("stone",)
        STONE_FIELD_NUMBER: _ClassVar[int]
        stone: PantheonStone
        def __init__(self, stone: _Optional[_Union[PantheonStone, str]] = ...) -> None: ...
    class CartagoDone(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class IberiaTakeOffering(_message.Message):
        __slots__ = ("kind",)
        KIND_FIELD_NUMBER: _ClassVar[int]
        kind: PantheonOfferingKind
        def __init__(self, kind: _Optional[_Union[PantheonOfferingKind, str]] = ...) -> None: ...
    class IberiaUpgrade(_message.Message):
        __slots__ = ("kind",)
        KIND_FIELD_NUMBER: _ClassVar[int]
        kind: PantheonOfferingKind
        def __init__(self, kind: _Optional[_Union[PantheonOfferingKind, str]] = ...) -> None: ...
    class IberiaPass(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class RomaDrawTwo(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class RomaPass(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class ResolveEffect(_message.Message):
        __slots__ = ("space", "kind", "stone")
        SPACE_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        STONE_FIELD_NUMBER: _ClassVar[int]
        space: str
        kind: PantheonOfferingKind
        stone: PantheonStone
        def __init__(self, space: _Optional[str] = ..., kind: _Optional[_Union[PantheonOfferingKind, str]] = ..., stone: _Optional[_Union[PantheonStone, str]] = ...) -> None: ...
    class DeclineEffect(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class StartMovement(_message.Message):
        __slots__ = ("n",)
        N_FIELD_NUMBER: _ClassVar[int]
        n: int
        def __init__(self, n: _Optional[int] = ...) -> None: ...
    class StartPurchase(_message.Message):
        __slots__ = ("money",)
        MONEY_FIELD_NUMBER: _ClassVar[int]
        money: _containers.RepeatedCompositeFieldContainer[PantheonMoneyCount]
        def __init__(self, money: _Optional[_Iterable[_Union[PantheonMoneyCount, _Mapping]]] = ...) -> None: ...
    class TakeGod(_message.Message):
        __slots__ = ("slot", "kinds", "wildcards")
        SLOT_FIELD_NUMBER: _ClassVar[int]
        KINDS_FIELD_NUMBER: _ClassVar[int]
        WILDCARDS_FIELD_NUMBER: _ClassVar[int]
        slot: int
        kinds: _containers.RepeatedScalarFieldContainer[PantheonOfferingKind]
        wildcards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, slot: _Optional[int] = ..., kinds: _Optional[_Iterable[_Union[PantheonOfferingKind, str]]] = ..., wildcards: _Optional[_Iterable[int]] = ...) -> None: ...
    class DrawCard(_message.Message):
        __slots__ = ("source",)
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        source: PantheonCardSource
        def __init__(self, source: _Optional[_Union[PantheonCardSource, _Mapping]] = ...) -> None: ...
    class PlaceFootprint(_message.Message):
        __slots__ = ("space", "take_loot")
        SPACE_FIELD_NUMBER: _ClassVar[int]
        TAKE_LOOT_FIELD_NUMBER: _ClassVar[int]
        space: str
        take_loot: bool
        def __init__(self, space: _Optional[str] = ..., take_loot: _Optional[bool] = ...) -> None: ...
    class PlacePillar(_message.Message):
        __slots__ = ("space",)
        SPACE_FIELD_NUMBER: _ClassVar[int]
        space: str
        def __init__(self, space: _Optional[str] = ...) -> None: ...
    class EndPlacement(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class BuyOffering(_message.Message):
        __slots__ = ("kind", "level")
        KIND_FIELD_NUMBER: _ClassVar[int]
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        kind: PantheonOfferingKind
        level: int
        def __init__(self, kind: _Optional[_Union[PantheonOfferingKind, str]] = ..., level: _Optional[int] = ...) -> None: ...
    class UpgradeOffering(_message.Message):
        __slots__ = ("kind", "level")
        KIND_FIELD_NUMBER: _ClassVar[int]
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        kind: PantheonOfferingKind
        level: int
        def __init__(self, kind: _Optional[_Union[PantheonOfferingKind, str]] = ..., level: _Optional[int] = ...) -> None: ...
    class BuyStone(_message.Message):
        __slots__ = ("stone",)
        STONE_FIELD_NUMBER: _ClassVar[int]
        stone: PantheonStone
        def __init__(self, stone: _Optional[_Union[PantheonStone, str]] = ...) -> None: ...
    class EndPurchase(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class FollowMove(_message.Message):
        __slots__ = ("n",)
        N_FIELD_NUMBER: _ClassVar[int]
        n: int
        def __init__(self, n: _Optional[int] = ...) -> None: ...
    class FollowDraw(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class FollowPass(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class TakeExtraTurn(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class DeclineExtraTurn(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    CHOOSE_BONUS_TOKEN_FIELD_NUMBER: _ClassVar[int]
    GALLIA_DRAW_TWO_FIELD_NUMBER: _ClassVar[int]
    GALLIA_REVEAL_GOD_FIELD_NUMBER: _ClassVar[int]
    GALLIA_TAKE_GOD_FIELD_NUMBER: _ClassVar[int]
    GALLIA_DECLINE_GOD_FIELD_NUMBER: _ClassVar[int]
    DISCARD_TO_SEVEN_FIELD_NUMBER: _ClassVar[int]
    AEGYPTUS_EXCHANGE_FIELD_NUMBER: _ClassVar[int]
    CARTAGO_BUY_OFFERING_FIELD_NUMBER: _ClassVar[int]
    CARTAGO_UPGRADE_OFFERING_FIELD_NUMBER: _ClassVar[int]
    CARTAGO_BUY_STONE_FIELD_NUMBER: _ClassVar[int]
    CARTAGO_DONE_FIELD_NUMBER: _ClassVar[int]
    IBERIA_TAKE_OFFERING_FIELD_NUMBER: _ClassVar[int]
    IBERIA_UPGRADE_FIELD_NUMBER: _ClassVar[int]
    IBERIA_PASS_FIELD_NUMBER: _ClassVar[int]
    ROMA_DRAW_TWO_FIELD_NUMBER: _ClassVar[int]
    ROMA_PASS_FIELD_NUMBER: _ClassVar[int]
    RESOLVE_EFFECT_FIELD_NUMBER: _ClassVar[int]
    DECLINE_EFFECT_FIELD_NUMBER: _ClassVar[int]
    START_MOVEMENT_FIELD_NUMBER: _ClassVar[int]
    START_PURCHASE_FIELD_NUMBER: _ClassVar[int]
    TAKE_GOD_FIELD_NUMBER: _ClassVar[int]
    DRAW_CARD_FIELD_NUMBER: _ClassVar[int]
    PLACE_FOOTPRINT_FIELD_NUMBER: _ClassVar[int]
    PLACE_PILLAR_FIELD_NUMBER: _ClassVar[int]
    END_PLACEMENT_FIELD_NUMBER: _ClassVar[int]
    BUY_OFFERING_FIELD_NUMBER: _ClassVar[int]
    UPGRADE_OFFERING_FIELD_NUMBER: _ClassVar[int]
    BUY_STONE_FIELD_NUMBER: _ClassVar[int]
    END_PURCHASE_FIELD_NUMBER: _ClassVar[int]
    FOLLOW_MOVE_FIELD_NUMBER: _ClassVar[int]
    FOLLOW_DRAW_FIELD_NUMBER: _ClassVar[int]
    FOLLOW_PASS_FIELD_NUMBER: _ClassVar[int]
    TAKE_EXTRA_TURN_FIELD_NUMBER: _ClassVar[int]
    DECLINE_EXTRA_TURN_FIELD_NUMBER: _ClassVar[int]
    choose_bonus_token: PantheonAction.ChooseBonusToken
    gallia_draw_two: PantheonAction.GalliaDrawTwo
    gallia_reveal_god: PantheonAction.GalliaRevealGod
    gallia_take_god: PantheonAction.GalliaTakeGod
    gallia_decline_god: PantheonAction.GalliaDeclineGod
    discard_to_seven: PantheonAction.DiscardToSeven
    aegyptus_exchange: PantheonAction.AegyptusExchange
    cartago_buy_offering: PantheonAction.CartagoBuyOffering
    cartago_upgrade_offering: PantheonAction.CartagoUpgradeOffering
    cartago_buy_stone: PantheonAction.CartagoBuyStone
    cartago_done: PantheonAction.CartagoDone
    iberia_take_offering: PantheonAction.IberiaTakeOffering
    iberia_upgrade: PantheonAction.IberiaUpgrade
    iberia_pass: PantheonAction.IberiaPass
    roma_draw_two: PantheonAction.RomaDrawTwo
    roma_pass: PantheonAction.RomaPass
    resolve_effect: PantheonAction.ResolveEffect
    decline_effect: PantheonAction.DeclineEffect
    start_movement: PantheonAction.StartMovement
    start_purchase: PantheonAction.StartPurchase
    take_god: PantheonAction.TakeGod
    draw_card: PantheonAction.DrawCard
    place_footprint: PantheonAction.PlaceFootprint
    place_pillar: PantheonAction.PlacePillar
    end_placement: PantheonAction.EndPlacement
    buy_offering: PantheonAction.BuyOffering
    upgrade_offering: PantheonAction.UpgradeOffering
    buy_stone: PantheonAction.BuyStone
    end_purchase: PantheonAction.EndPurchase
    follow_move: PantheonAction.FollowMove
    follow_draw: PantheonAction.FollowDraw
    follow_pass: PantheonAction.FollowPass
    take_extra_turn: PantheonAction.TakeExtraTurn
    decline_extra_turn: PantheonAction.DeclineExtraTurn
    def __init__(self, choose_bonus_token: _Optional[_Union[PantheonAction.ChooseBonusToken, _Mapping]] = ..., gallia_draw_two: _Optional[_Union[PantheonAction.GalliaDrawTwo, _Mapping]] = ..., gallia_reveal_god: _Optional[_Union[PantheonAction.GalliaRevealGod, _Mapping]] = ..., gallia_take_god: _Optional[_Union[PantheonAction.GalliaTakeGod, _Mapping]] = ..., gallia_decline_god: _Optional[_Union[PantheonAction.GalliaDeclineGod, _Mapping]] = ..., discard_to_seven: _Optional[_Union[PantheonAction.DiscardToSeven, _Mapping]] = ..., aegyptus_exchange: _Optional[_Union[PantheonAction.AegyptusExchange, _Mapping]] = ..., cartago_buy_offering: _Optional[_Union[PantheonAction.CartagoBuyOffering, _Mapping]] = ..., cartago_upgrade_offering: _Optional[_Union[PantheonAction.CartagoUpgradeOffering, _Mapping]] = ..., cartago_buy_stone: _Optional[_Union[PantheonAction.CartagoBuyStone, _Mapping]] = ..., cartago_done: _Optional[_Union[PantheonAction.CartagoDone, _Mapping]] = ..., iberia_take_offering: _Optional[_Union[PantheonAction.IberiaTakeOffering, _Mapping]] = ..., iberia_upgrade: _Optional[_Union[PantheonAction.IberiaUpgrade, _Mapping]] = ..., iberia_pass: _Optional[_Union[PantheonAction.IberiaPass, _Mapping]] = ..., roma_draw_two: _Optional[_Union[PantheonAction.RomaDrawTwo, _Mapping]] = ..., roma_pass: _Optional[_Union[PantheonAction.RomaPass, _Mapping]] = ..., resolve_effect: _Optional[_Union[PantheonAction.ResolveEffect, _Mapping]] = ..., decline_effect: _Optional[_Union[PantheonAction.DeclineEffect, _Mapping]] = ..., start_movement: _Optional[_Union[PantheonAction.StartMovement, _Mapping]] = ..., start_purchase: _Optional[_Union[PantheonAction.StartPurchase, _Mapping]] = ..., take_god: _Optional[_Union[PantheonAction.TakeGod, _Mapping]] = ..., draw_card: _Optional[_Union[PantheonAction.DrawCard, _Mapping]] = ..., place_footprint: _Optional[_Union[PantheonAction.PlaceFootprint, _Mapping]] = ..., place_pillar: _Optional[_Union[PantheonAction.PlacePillar, _Mapping]] = ..., end_placement: _Optional[_Union[PantheonAction.EndPlacement, _Mapping]] = ..., buy_offering: _Optional[_Union[PantheonAction.BuyOffering, _Mapping]] = ..., upgrade_offering: _Optional[_Union[PantheonAction.UpgradeOffering, _Mapping]] = ..., buy_stone: _Optional[_Union[PantheonAction.BuyStone, _Mapping]] = ..., end_purchase: _Optional[_Union[PantheonAction.EndPurchase, _Mapping]] = ..., follow_move: _Optional[_Union[PantheonAction.FollowMove, _Mapping]] = ..., follow_draw: _Optional[_Union[PantheonAction.FollowDraw, _Mapping]] = ..., follow_pass: _Optional[_Union[PantheonAction.FollowPass, _Mapping]] = ..., take_extra_turn: _Optional[_Union[PantheonAction.TakeExtraTurn, _Mapping]] = ..., decline_extra_turn: _Optional[_Union[PantheonAction.DeclineExtraTurn, _Mapping]] = ...) -> None: ...

class PantheonPlacedStone(_message.Message):
    __slots__ = ("seat", "stone")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    STONE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    stone: PantheonStone
    def __init__(self, seat: _Optional[int] = ..., stone: _Optional[_Union[PantheonStone, str]] = ...) -> None: ...

class PantheonSpace(_message.Message):
    __slots__ = ("id", "col", "row", "kind", "nation", "satellite", "name", "stones", "loot", "temple")
    ID_FIELD_NUMBER: _ClassVar[int]
    COL_FIELD_NUMBER: _ClassVar[int]
    ROW_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    NATION_FIELD_NUMBER: _ClassVar[int]
    SATELLITE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    STONES_FIELD_NUMBER: _ClassVar[int]
    LOOT_FIELD_NUMBER: _ClassVar[int]
    TEMPLE_FIELD_NUMBER: _ClassVar[int]
    id: str
    col: int
    row: int
    kind: PantheonSpaceKind
    nation: PantheonNation
    satellite: int
    name: str
    stones: _containers.RepeatedCompositeFieldContainer[PantheonPlacedStone]
    loot: PantheonToken
    temple: bool
    def __init__(self, id: _Optional[str] = ..., col: _Optional[int] = ..., row: _Optional[int] = ..., kind: _Optional[_Union[PantheonSpaceKind, str]] = ..., nation: _Optional[_Union[PantheonNation, str]] = ..., satellite: _Optional[int] = ..., name: _Optional[str] = ..., stones: _Optional[_Iterable[_Union[PantheonPlacedStone, _Mapping]]] = ..., loot: _Optional[_Union[PantheonToken, _Mapping]] = ..., temple: _Optional[bool] = ...) -> None: ...

class PantheonBoard(_message.Message):
    __slots__ = ("cols", "rows", "spaces")
    COLS_FIELD_NUMBER: _ClassVar[int]
    ROWS_FIELD_NUMBER: _ClassVar[int]
    SPACES_FIELD_NUMBER: _ClassVar[int]
    cols: int
    rows: int
    spaces: _containers.RepeatedCompositeFieldContainer[PantheonSpace]
    def __init__(self, cols: _Optional[int] = ..., rows: _Optional[int] = ..., spaces: _Optional[_Iterable[_Union[PantheonSpace, _Mapping]]] = ...) -> None: ...

class PantheonGodSlot(_message.Message):
    __slots__ = ("slot", "god")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    GOD_FIELD_NUMBER: _ClassVar[int]
    slot: int
    god: PantheonGod
    def __init__(self, slot: _Optional[int] = ..., god: _Optional[_Union[PantheonGod, _Mapping]] = ...) -> None: ...

class PantheonDisplaySlot(_message.Message):
    __slots__ = ("slot", "card")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    slot: int
    card: PantheonCard
    def __init__(self, slot: _Optional[int] = ..., card: _Optional[_Union[PantheonCard, _Mapping]] = ...) -> None: ...

class PantheonLootCount(_message.Message):
    __slots__ = ("effect", "count")
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    effect: PantheonTokenEffect
    count: int
    def __init__(self, effect: _Optional[_Union[PantheonTokenEffect, _Mapping]] = ..., count: _Optional[int] = ...) -> None: ...

class PantheonOfferingSupply(_message.Message):
    __slots__ = ("kind", "low", "high")
    KIND_FIELD_NUMBER: _ClassVar[int]
    LOW_FIELD_NUMBER: _ClassVar[int]
    HIGH_FIELD_NUMBER: _ClassVar[int]
    kind: PantheonOfferingKind
    low: int
    high: int
    def __init__(self, kind: _Optional[_Union[PantheonOfferingKind, str]] = ..., low: _Optional[int] = ..., high: _Optional[int] = ...) -> None: ...

class PantheonDemigod(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: int
    def __init__(self, value: _Optional[int] = ...) -> None: ...

class PantheonDemigodValues(_message.Message):
    __slots__ = ("values",)
    VALUES_FIELD_NUMBER: _ClassVar[int]
    values: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, values: _Optional[_Iterable[int]] = ...) -> None: ...

class PantheonPlayer(_message.Message):
    __slots__ = ("seat", "vp", "hand_count", "hand_visible", "hand", "personal_pillars", "personal_footprints", "general_pillars", "general_footprints", "offerings", "gods", "extra_turn_used", "demigods", "loot", "bonus", "has_bonus", "bonus_resolved", "step_tokens")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    HAND_COUNT_FIELD_NUMBER: _ClassVar[int]
    HAND_VISIBLE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    PERSONAL_PILLARS_FIELD_NUMBER: _ClassVar[int]
    PERSONAL_FOOTPRINTS_FIELD_NUMBER: _ClassVar[int]
    GENERAL_PILLARS_FIELD_NUMBER: _ClassVar[int]
    GENERAL_FOOTPRINTS_FIELD_NUMBER: _ClassVar[int]
    OFFERINGS_FIELD_NUMBER: _ClassVar[int]
    GODS_FIELD_NUMBER: _ClassVar[int]
    EXTRA_TURN_USED_FIELD_NUMBER: _ClassVar[int]
    DEMIGODS_FIELD_NUMBER: _ClassVar[int]
    LOOT_FIELD_NUMBER: _ClassVar[int]
    BONUS_FIELD_NUMBER: _ClassVar[int]
    HAS_BONUS_FIELD_NUMBER: _ClassVar[int]
    BONUS_RESOLVED_FIELD_NUMBER: _ClassVar[int]
    STEP_TOKENS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vp: int
    hand_count: int
    hand_visible: bool
    hand: _containers.RepeatedCompositeFieldContainer[PantheonCard]
    personal_pillars: int
    personal_footprints: int
    general_pillars: int
    general_footprints: int
    offerings: _containers.RepeatedCompositeFieldContainer[PantheonOffering]
    gods: _containers.RepeatedCompositeFieldContainer[PantheonGod]
    extra_turn_used: bool
    demigods: _containers.RepeatedCompositeFieldContainer[PantheonDemigod]
    loot: _containers.RepeatedCompositeFieldContainer[PantheonToken]
    bonus: PantheonToken
    has_bonus: bool
    bonus_resolved: bool
    step_tokens: int
    def __init__(self, seat: _Optional[int] = ..., vp: _Optional[int] = ..., hand_count: _Optional[int] = ..., hand_visible: _Optional[bool] = ..., hand: _Optional[_Iterable[_Union[PantheonCard, _Mapping]]] = ..., personal_pillars: _Optional[int] = ..., personal_footprints: _Optional[int] = ..., general_pillars: _Optional[int] = ..., general_footprints: _Optional[int] = ..., offerings: _Optional[_Iterable[_Union[PantheonOffering, _Mapping]]] = ..., gods: _Optional[_Iterable[_Union[PantheonGod, _Mapping]]] = ..., extra_turn_used: _Optional[bool] = ..., demigods: _Optional[_Iterable[_Union[PantheonDemigod, _Mapping]]] = ..., loot: _Optional[_Iterable[_Union[PantheonToken, _Mapping]]] = ..., bonus: _Optional[_Union[PantheonToken, _Mapping]] = ..., has_bonus: _Optional[bool] = ..., bonus_resolved: _Optional[bool] = ..., step_tokens: _Optional[int] = ...) -> None: ...

class PantheonEffectSource(_message.Message):
    __slots__ = ("loot", "bonus", "god")
    LOOT_FIELD_NUMBER: _ClassVar[int]
    BONUS_FIELD_NUMBER: _ClassVar[int]
    GOD_FIELD_NUMBER: _ClassVar[int]
    loot: PantheonToken
    bonus: PantheonToken
    god: PantheonGod
    def __init__(self, loot: _Optional[_Union[PantheonToken, _Mapping]] = ..., bonus: _Optional[_Union[PantheonToken, _Mapping]] = ..., god: _Optional[_Union[PantheonGod, _Mapping]] = ...) -> None: ...

class PantheonEffect(_message.Message):
    __slots__ = ("supplies", "demigod_from_display", "demigod_from_stack", "god_tile", "pillar", "offering", "card_draw", "special_money", "steps", "declinable", "text")
    class Supplies(_message.Message):
        __slots__ = ("pillars", "footprints", "either")
        PILLARS_FIELD_NUMBER: _ClassVar[int]
        FOOTPRINTS_FIELD_NUMBER: _ClassVar[int]
        EITHER_FIELD_NUMBER: _ClassVar[int]
        pillars: int
        footprints: int
        either: bool
        def __init__(self, pillars: _Optional[int] = ..., footprints: _Optional[int] = ..., either: _Optional[bool] = ...) -> None: ...
    class DemigodFromDisplay(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class DemigodFromStack(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class GodTile(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Pillar(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Offering(_message.Message):
        __slots__ = ("uses",)
        USES_FIELD_NUMBER: _ClassVar[int]
        uses: int
        def __init__(self, uses: _Optional[int] = ...) -> None: ...
    class CardDraw(_message.Message):
        __slots__ = ("count",)
        COUNT_FIELD_NUMBER: _ClassVar[int]
        count: int
        def __init__(self, count: _Optional[int] = ...) -> None: ...
    class SpecialMoney(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Steps(_message.Message):
        __slots__ = ("count",)
        COUNT_FIELD_NUMBER: _ClassVar[int]
        count: int
        def __init__(self, count: _Optional[int] = ...) -> None: ...
    SUPPLIES_FIELD_NUMBER: _ClassVar[int]
    DEMIGOD_FROM_DISPLAY_FIELD_NUMBER: _ClassVar[int]
    DEMIGOD_FROM_STACK_FIELD_NUMBER: _ClassVar[int]
    GOD_TILE_FIELD_NUMBER: _ClassVar[int]
    PILLAR_FIELD_NUMBER: _ClassVar[int]
    OFFERING_FIELD_NUMBER: _ClassVar[int]
    CARD_DRAW_FIELD_NUMBER: _ClassVar[int]
    SPECIAL_MONEY_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    DECLINABLE_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    supplies: PantheonEffect.Supplies
    demigod_from_display: PantheonEffect.DemigodFromDisplay
    demigod_from_stack: PantheonEffect.DemigodFromStack
    god_tile: PantheonEffect.GodTile
    pillar: PantheonEffect.Pillar
    offering: PantheonEffect.Offering
    card_draw: PantheonEffect.CardDraw
    special_money: PantheonEffect.SpecialMoney
    steps: PantheonEffect.Steps
    declinable: bool
    text: str
    def __init__(self, supplies: _Optional[_Union[PantheonEffect.Supplies, _Mapping]] = ..., demigod_from_display: _Optional[_Union[PantheonEffect.DemigodFromDisplay, _Mapping]] = ..., demigod_from_stack: _Optional[_Union[PantheonEffect.DemigodFromStack, _Mapping]] = ..., god_tile: _Optional[_Union[PantheonEffect.GodTile, _Mapping]] = ..., pillar: _Optional[_Union[PantheonEffect.Pillar, _Mapping]] = ..., offering: _Optional[_Union[PantheonEffect.Offering, _Mapping]] = ..., card_draw: _Optional[_Union[PantheonEffect.CardDraw, _Mapping]] = ..., special_money: _Optional[_Union[PantheonEffect.SpecialMoney, _Mapping]] = ..., steps: _Optional[_Union[PantheonEffect.Steps, _Mapping]] = ..., declinable: _Optional[bool] = ..., text: _Optional[str] = ...) -> None: ...

class PantheonDecision(_message.Message):
    __slots__ = ("seat", "choose_bonus", "gallia_choice", "gallia_take", "discard_to_seven", "aegyptus", "cartago", "iberia", "roma", "effect", "choose_action", "placement", "purchase", "draw_cards", "follow", "extra_turn")
    class ChooseBonus(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class GalliaChoice(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class GalliaTake(_message.Message):
        __slots__ = ("god",)
        GOD_FIELD_NUMBER: _ClassVar[int]
        god: PantheonGod
        def __init__(self, god: _Optional[_Union[PantheonGod, _Mapping]] = ...) -> None: ...
    class DiscardToSeven(_message.Message):
        __slots__ = ("excess",)
        EXCESS_FIELD_NUMBER: _ClassVar[int]
        excess: int
        def __init__(self, excess: _Optional[int] = ...) -> None: ...
    class Aegyptus(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Cartago(_message.Message):
        __slots__ = ("budget",)
        BUDGET_FIELD_NUMBER: _ClassVar[int]
        budget: int
        def __init__(self, budget: _Optional[int] = ...) -> None: ...
    class Iberia(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Roma(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Effect(_message.Message):
        __slots__ = ("source", "effect")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        EFFECT_FIELD_NUMBER: _ClassVar[int]
        source: PantheonEffectSource
        effect: PantheonEffect
        def __init__(self, source: _Optional[_Union[PantheonEffectSource, _Mapping]] = ..., effect: _Optional[_Union[PantheonEffect, _Mapping]] = ...) -> None: ...
    class ChooseAction(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Placement(_message.Message):
        __slots__ = ("follower", "steps")
        FOLLOWER_FIELD_NUMBER: _ClassVar[int]
        STEPS_FIELD_NUMBER: _ClassVar[int]
        follower: bool
        steps: int
        def __init__(self, follower: _Optional[bool] = ..., steps: _Optional[int] = ...) -> None: ...
    class Purchase(_message.Message):
        __slots__ = ("budget", "ops")
        BUDGET_FIELD_NUMBER: _ClassVar[int]
        OPS_FIELD_NUMBER: _ClassVar[int]
        budget: int
        ops: int
        def __init__(self, budget: _Optional[int] = ..., ops: _Optional[int] = ...) -> None: ...
    class DrawCards(_message.Message):
        __slots__ = ("remaining",)
        REMAINING_FIELD_NUMBER: _ClassVar[int]
        remaining: int
        def __init__(self, remaining: _Optional[int] = ...) -> None: ...
    class Follow(_message.Message):
        __slots__ = ("active",)
        ACTIVE_FIELD_NUMBER: _ClassVar[int]
        active: int
        def __init__(self, active: _Optional[int] = ...) -> None: ...
    class ExtraTurn(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_BONUS_FIELD_NUMBER: _ClassVar[int]
    GALLIA_CHOICE_FIELD_NUMBER: _ClassVar[int]
    GALLIA_TAKE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_TO_SEVEN_FIELD_NUMBER: _ClassVar[int]
    AEGYPTUS_FIELD_NUMBER: _ClassVar[int]
    CARTAGO_FIELD_NUMBER: _ClassVar[int]
    IBERIA_FIELD_NUMBER: _ClassVar[int]
    ROMA_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_ACTION_FIELD_NUMBER: _ClassVar[int]
    PLACEMENT_FIELD_NUMBER: _ClassVar[int]
    PURCHASE_FIELD_NUMBER: _ClassVar[int]
    DRAW_CARDS_FIELD_NUMBER: _ClassVar[int]
    FOLLOW_FIELD_NUMBER: _ClassVar[int]
    EXTRA_TURN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    choose_bonus: PantheonDecision.ChooseBonus
    gallia_choice: PantheonDecision.GalliaChoice
    gallia_take: PantheonDecision.GalliaTake
    discard_to_seven: PantheonDecision.DiscardToSeven
    aegyptus: PantheonDecision.Aegyptus
    cartago: PantheonDecision.Cartago
    iberia: PantheonDecision.Iberia
    roma: PantheonDecision.Roma
    effect: PantheonDecision.Effect
    choose_action: PantheonDecision.ChooseAction
    placement: PantheonDecision.Placement
    purchase: PantheonDecision.Purchase
    draw_cards: PantheonDecision.DrawCards
    follow: PantheonDecision.Follow
    extra_turn: PantheonDecision.ExtraTurn
    def __init__(self, seat: _Optional[int] = ..., choose_bonus: _Optional[_Union[PantheonDecision.ChooseBonus, _Mapping]] = ..., gallia_choice: _Optional[_Union[PantheonDecision.GalliaChoice, _Mapping]] = ..., gallia_take: _Optional[_Union[PantheonDecision.GalliaTake, _Mapping]] = ..., discard_to_seven: _Optional[_Union[PantheonDecision.DiscardToSeven, _Mapping]] = ..., aegyptus: _Optional[_Union[PantheonDecision.Aegyptus, _Mapping]] = ..., cartago: _Optional[_Union[PantheonDecision.Cartago, _Mapping]] = ..., iberia: _Optional[_Union[PantheonDecision.Iberia, _Mapping]] = ..., roma: _Optional[_Union[PantheonDecision.Roma, _Mapping]] = ..., effect: _Optional[_Union[PantheonDecision.Effect, _Mapping]] = ..., choose_action: _Optional[_Union[PantheonDecision.ChooseAction, _Mapping]] = ..., placement: _Optional[_Union[PantheonDecision.Placement, _Mapping]] = ..., purchase: _Optional[_Union[PantheonDecision.Purchase, _Mapping]] = ..., draw_cards: _Optional[_Union[PantheonDecision.DrawCards, _Mapping]] = ..., follow: _Optional[_Union[PantheonDecision.Follow, _Mapping]] = ..., extra_turn: _Optional[_Union[PantheonDecision.ExtraTurn, _Mapping]] = ...) -> None: ...

class PantheonView(_message.Message):
    __slots__ = ("viewer", "epoch", "track", "nation_deck_count", "god_stack_count", "god_display", "demigod_stack_count", "demigod_display", "loot_bag", "bonus_pool", "offering_supply", "draw_pile_count", "display", "discard", "special_money", "board", "temple", "start_seat", "turn_seat", "turns_this_epoch", "played", "collected", "players", "decision", "over")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    EPOCH_FIELD_NUMBER: _ClassVar[int]
    TRACK_FIELD_NUMBER: _ClassVar[int]
    NATION_DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    GOD_STACK_COUNT_FIELD_NUMBER: _ClassVar[int]
    GOD_DISPLAY_FIELD_NUMBER: _ClassVar[int]
    DEMIGOD_STACK_COUNT_FIELD_NUMBER: _ClassVar[int]
    DEMIGOD_DISPLAY_FIELD_NUMBER: _ClassVar[int]
    LOOT_BAG_FIELD_NUMBER: _ClassVar[int]
    BONUS_POOL_FIELD_NUMBER: _ClassVar[int]
    OFFERING_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    DRAW_PILE_COUNT_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    SPECIAL_MONEY_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    TEMPLE_FIELD_NUMBER: _ClassVar[int]
    START_SEAT_FIELD_NUMBER: _ClassVar[int]
    TURN_SEAT_FIELD_NUMBER: _ClassVar[int]
    TURNS_THIS_EPOCH_FIELD_NUMBER: _ClassVar[int]
    PLAYED_FIELD_NUMBER: _ClassVar[int]
    COLLECTED_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    viewer: int
    epoch: int
    track: _containers.RepeatedScalarFieldContainer[PantheonNation]
    nation_deck_count: int
    god_stack_count: int
    god_display: _containers.RepeatedCompositeFieldContainer[PantheonGodSlot]
    demigod_stack_count: int
    demigod_display: _containers.RepeatedScalarFieldContainer[int]
    loot_bag: _containers.RepeatedCompositeFieldContainer[PantheonLootCount]
    bonus_pool: _containers.RepeatedCompositeFieldContainer[PantheonToken]
    offering_supply: _containers.RepeatedCompositeFieldContainer[PantheonOfferingSupply]
    draw_pile_count: int
    display: _containers.RepeatedCompositeFieldContainer[PantheonDisplaySlot]
    discard: _containers.RepeatedCompositeFieldContainer[PantheonCard]
    special_money: _containers.RepeatedScalarFieldContainer[int]
    board: PantheonBoard
    temple: str
    start_seat: int
    turn_seat: int
    turns_this_epoch: int
    played: _containers.RepeatedCompositeFieldContainer[PantheonCard]
    collected: _containers.RepeatedCompositeFieldContainer[PantheonToken]
    players: _containers.RepeatedCompositeFieldContainer[PantheonPlayer]
    decision: PantheonDecision
    over: bool
    def __init__(self, viewer: _Optional[int] = ..., epoch: _Optional[int] = ..., track: _Optional[_Iterable[_Union[PantheonNation, str]]] = ..., nation_deck_count: _Optional[int] = ..., god_stack_count: _Optional[int] = ..., god_display: _Optional[_Iterable[_Union[PantheonGodSlot, _Mapping]]] = ..., demigod_stack_count: _Optional[int] = ..., demigod_display: _Optional[_Iterable[int]] = ..., loot_bag: _Optional[_Iterable[_Union[PantheonLootCount, _Mapping]]] = ..., bonus_pool: _Optional[_Iterable[_Union[PantheonToken, _Mapping]]] = ..., offering_supply: _Optional[_Iterable[_Union[PantheonOfferingSupply, _Mapping]]] = ..., draw_pile_count: _Optional[int] = ..., display: _Optional[_Iterable[_Union[PantheonDisplaySlot, _Mapping]]] = ..., discard: _Optional[_Iterable[_Union[PantheonCard, _Mapping]]] = ..., special_money: _Optional[_Iterable[int]] = ..., board: _Optional[_Union[PantheonBoard, _Mapping]] = ..., temple: _Optional[str] = ..., start_seat: _Optional[int] = ..., turn_seat: _Optional[int] = ..., turns_this_epoch: _Optional[int] = ..., played: _Optional[_Iterable[_Union[PantheonCard, _Mapping]]] = ..., collected: _Optional[_Iterable[_Union[PantheonToken, _Mapping]]] = ..., players: _Optional[_Iterable[_Union[PantheonPlayer, _Mapping]]] = ..., decision: _Optional[_Union[PantheonDecision, _Mapping]] = ..., over: _Optional[bool] = ...) -> None: ...

class PantheonEvent(_message.Message):
    __slots__ = ("setup_done", "hand_dealt", "bonus_dealt", "nation_revealed", "gods_revealed", "loot_placed", "demigod_displayed", "bonus_chosen", "bonuses_boxed", "special_money_reordered", "temple_placed", "bonus_resolved", "turn_started", "movement_started", "follower_declined", "stone_placed", "cards_discarded", "played_cards_discarded", "purchase_started", "offering_gained", "offering_upgraded", "stones_gained", "god_taken", "gallia_god_revealed", "god_boxed", "card_drawn", "display_refilled", "reshuffled", "hands_discarded", "demigod_taken", "special_money_taken", "bonus_pillar_placed", "steps_gained", "effect_skipped", "turn_ended", "extra_turn_taken", "epoch_vp", "temple_passed", "epoch_ended", "scored", "game_over")
    class SetupDone(_message.Message):
        __slots__ = ("start_seat", "display", "special_money")
        START_SEAT_FIELD_NUMBER: _ClassVar[int]
        DISPLAY_FIELD_NUMBER: _ClassVar[int]
        SPECIAL_MONEY_FIELD_NUMBER: _ClassVar[int]
        start_seat: int
        display: _containers.RepeatedCompositeFieldContainer[PantheonDisplaySlot]
        special_money: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, start_seat: _Optional[int] = ..., display: _Optional[_Iterable[_Union[PantheonDisplaySlot, _Mapping]]] = ..., special_money: _Optional[_Iterable[int]] = ...) -> None: ...
    class HandDealt(_message.Message):
        __slots__ = ("seat", "count", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        count: int
        cards: _containers.RepeatedCompositeFieldContainer[PantheonCard]
        def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[PantheonCard, _Mapping]]] = ...) -> None: ...
    class BonusDealt(_message.Message):
        __slots__ = ("seat", "bonus")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        BONUS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        bonus: PantheonToken
        def __init__(self, seat: _Optional[int] = ..., bonus: _Optional[_Union[PantheonToken, _Mapping]] = ...) -> None: ...
    class NationRevealed(_message.Message):
        __slots__ = ("epoch", "nation")
        EPOCH_FIELD_NUMBER: _ClassVar[int]
        NATION_FIELD_NUMBER: _ClassVar[int]
        epoch: int
        nation: PantheonNation
        def __init__(self, epoch: _Optional[int] = ..., nation: _Optional[_Union[PantheonNation, str]] = ...) -> None: ...
    class GodsRevealed(_message.Message):
        __slots__ = ("gods",)
        GODS_FIELD_NUMBER: _ClassVar[int]
        gods: _containers.RepeatedCompositeFieldContainer[PantheonGod]
        def __init__(self, gods: _Optional[_Iterable[_Union[PantheonGod, _Mapping]]] = ...) -> None: ...
    class LootPlaced(_message.Message):
        __slots__ = ("space", "loot")
        SPACE_FIELD_NUMBER: _ClassVar[int]
        LOOT_FIELD_NUMBER: _ClassVar[int]
        space: str
        loot: PantheonToken
        def __init__(self, space: _Optional[str] = ..., loot: _Optional[_Union[PantheonToken, _Mapping]] = ...) -> None: ...
    class DemigodDisplayed(_message.Message):
        __slots__ = ("value",)
        VALUE_FIELD_NUMBER: _ClassVar[int]
        value: int
        def __init__(self, value: _Optional[int] = ...) -> None: ...
    class BonusChosen(_message.Message):
        __slots__ = ("seat", "bonus")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        BONUS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        bonus: PantheonToken
        def __init__(self, seat: _Optional[int] = ..., bonus: _Optional[_Union[PantheonToken, _Mapping]] = ...) -> None: ...
    class BonusesBoxed(_message.Message):
        __slots__ = ("bonuses",)
        BONUSES_FIELD_NUMBER: _ClassVar[int]
        bonuses: _containers.RepeatedCompositeFieldContainer[PantheonToken]
        def __init__(self, bonuses: _Optional[_Iterable[_Union[PantheonToken, _Mapping]]] = ...) -> None: ...
    class SpecialMoneyReordered(_message.Message):
        __slots__ = ("special_money",)
        SPECIAL_MONEY_FIELD_NUMBER: _ClassVar[int]
        special_money: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, special_money: _Optional[_Iterable[int]] = ...) -> None: ...
    class TemplePlaced(_message.Message):
        __slots__ = ("space",)
        SPACE_FIELD_NUMBER: _ClassVar[int]
        space: str
        def __init__(self, space: _Optional[str] = ...) -> None: ...
    class BonusResolved(_message.Message):
        __slots__ = ("seat", "bonus")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        BONUS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        bonus: PantheonToken
        def __init__(self, seat: _Optional[int] = ..., bonus: _Optional[_Union[PantheonToken, _Mapping]] = ...) -> None: ...
    class TurnStarted(_message.Message):
        __slots__ = ("seat", "epoch")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        EPOCH_FIELD_NUMBER: _ClassVar[int]
        seat: int
        epoch: int
        def __init__(self, seat: _Optional[int] = ..., epoch: _Optional[int] = ...) -> None: ...
    class MovementStarted(_message.Message):
        __slots__ = ("seat", "follower", "cards", "steps")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        FOLLOWER_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        STEPS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        follower: bool
        cards: int
        steps: int
        def __init__(self, seat: _Optional[int] = ..., follower: _Optional[bool] = ..., cards: _Optional[int] = ..., steps: _Optional[int] = ...) -> None: ...
    class FollowerDeclined(_message.Message):
        __slots__ = ("seat", "drew")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DREW_FIELD_NUMBER: _ClassVar[int]
        seat: int
        drew: bool
        def __init__(self, seat: _Optional[int] = ..., drew: _Optional[bool] = ...) -> None: ...
    class StonePlaced(_message.Message):
        __slots__ = ("seat", "space", "stone", "cost", "loot")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        STONE_FIELD_NUMBER: _ClassVar[int]
        COST_FIELD_NUMBER: _ClassVar[int]
        LOOT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        space: str
        stone: PantheonStone
        cost: int
        loot: PantheonToken
        def __init__(self, seat: _Optional[int] = ..., space: _Optional[str] = ..., stone: _Optional[_Union[PantheonStone, str]] = ..., cost: _Optional[int] = ..., loot: _Optional[_Union[PantheonToken, _Mapping]] = ...) -> None: ...
    class CardsDiscarded(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedCompositeFieldContainer[PantheonCard]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[PantheonCard, _Mapping]]] = ...) -> None: ...
    class PlayedCardsDiscarded(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedCompositeFieldContainer[PantheonCard]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[PantheonCard, _Mapping]]] = ...) -> None: ...
    class PurchaseStarted(_message.Message):
        __slots__ = ("seat", "cards", "budget")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        BUDGET_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedCompositeFieldContainer[PantheonCard]
        budget: int
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[PantheonCard, _Mapping]]] = ..., budget: _Optional[int] = ...) -> None: ...
    class OfferingGained(_message.Message):
        __slots__ = ("seat", "kind", "level", "cost")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        COST_FIELD_NUMBER: _ClassVar[int]
        seat: int
        kind: PantheonOfferingKind
        level: int
        cost: int
        def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[PantheonOfferingKind, str]] = ..., level: _Optional[int] = ..., cost: _Optional[int] = ...) -> None: ...
    class OfferingUpgraded(_message.Message):
        __slots__ = ("seat", "kind", "from_level", "to_level", "cost")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        FROM_LEVEL_FIELD_NUMBER: _ClassVar[int]
        TO_LEVEL_FIELD_NUMBER: _ClassVar[int]
        COST_FIELD_NUMBER: _ClassVar[int]
        seat: int
        kind: PantheonOfferingKind
        from_level: int
        to_level: int
        cost: int
        def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[PantheonOfferingKind, str]] = ..., from_level: _Optional[int] = ..., to_level: _Optional[int] = ..., cost: _Optional[int] = ...) -> None: ...
    class StonesGained(_message.Message):
        __slots__ = ("seat", "pillars", "footprints", "cost")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PILLARS_FIELD_NUMBER: _ClassVar[int]
        FOOTPRINTS_FIELD_NUMBER: _ClassVar[int]
        COST_FIELD_NUMBER: _ClassVar[int]
        seat: int
        pillars: int
        footprints: int
        cost: int
        def __init__(self, seat: _Optional[int] = ..., pillars: _Optional[int] = ..., footprints: _Optional[int] = ..., cost: _Optional[int] = ...) -> None: ...
    class GodTaken(_message.Message):
        __slots__ = ("seat", "god", "vp", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GOD_FIELD_NUMBER: _ClassVar[int]
        VP_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        god: PantheonGod
        vp: int
        cards: _containers.RepeatedCompositeFieldContainer[PantheonCard]
        def __init__(self, seat: _Optional[int] = ..., god: _Optional[_Union[PantheonGod, _Mapping]] = ..., vp: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[PantheonCard, _Mapping]]] = ...) -> None: ...
    class GalliaGodRevealed(_message.Message):
        __slots__ = ("seat", "god")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GOD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        god: PantheonGod
        def __init__(self, seat: _Optional[int] = ..., god: _Optional[_Union[PantheonGod, _Mapping]] = ...) -> None: ...
    class GodBoxed(_message.Message):
        __slots__ = ("god",)
        GOD_FIELD_NUMBER: _ClassVar[int]
        god: PantheonGod
        def __init__(self, god: _Optional[_Union[PantheonGod, _Mapping]] = ...) -> None: ...
    class CardDrawn(_message.Message):
        __slots__ = ("seat", "source", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        source: PantheonCardSource
        card: PantheonCard
        def __init__(self, seat: _Optional[int] = ..., source: _Optional[_Union[PantheonCardSource, _Mapping]] = ..., card: _Optional[_Union[PantheonCard, _Mapping]] = ...) -> None: ...
    class DisplayRefilled(_message.Message):
        __slots__ = ("slot", "card")
        SLOT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        slot: int
        card: PantheonCard
        def __init__(self, slot: _Optional[int] = ..., card: _Optional[_Union[PantheonCard, _Mapping]] = ...) -> None: ...
    class Reshuffled(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: int
        def __init__(self, cards: _Optional[int] = ...) -> None: ...
    class HandsDiscarded(_message.Message):
        __slots__ = ("hands",)
        HANDS_FIELD_NUMBER: _ClassVar[int]
        hands: _containers.RepeatedCompositeFieldContainer[PantheonCards]
        def __init__(self, hands: _Optional[_Iterable[_Union[PantheonCards, _Mapping]]] = ...) -> None: ...
    class DemigodTaken(_message.Message):
        __slots__ = ("seat", "from_display", "value")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        FROM_DISPLAY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        from_display: bool
        value: int
        def __init__(self, seat: _Optional[int] = ..., from_display: _Optional[bool] = ..., value: _Optional[int] = ...) -> None: ...
    class SpecialMoneyTaken(_message.Message):
        __slots__ = ("seat", "value")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        value: int
        def __init__(self, seat: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...
    class BonusPillarPlaced(_message.Message):
        __slots__ = ("seat", "space")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        space: str
        def __init__(self, seat: _Optional[int] = ..., space: _Optional[str] = ...) -> None: ...
    class StepsGained(_message.Message):
        __slots__ = ("seat", "steps")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        STEPS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        steps: int
        def __init__(self, seat: _Optional[int] = ..., steps: _Optional[int] = ...) -> None: ...
    class EffectSkipped(_message.Message):
        __slots__ = ("seat", "declined")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DECLINED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        declined: bool
        def __init__(self, seat: _Optional[int] = ..., declined: _Optional[bool] = ...) -> None: ...
    class TurnEnded(_message.Message):
        __slots__ = ("seat", "phase_over")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PHASE_OVER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        phase_over: bool
        def __init__(self, seat: _Optional[int] = ..., phase_over: _Optional[bool] = ...) -> None: ...
    class ExtraTurnTaken(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class EpochVp(_message.Message):
        __slots__ = ("seat", "vp")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        VP_FIELD_NUMBER: _ClassVar[int]
        seat: int
        vp: int
        def __init__(self, seat: _Optional[int] = ..., vp: _Optional[int] = ...) -> None: ...
    class TemplePassed(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class EpochEnded(_message.Message):
        __slots__ = ("epoch",)
        EPOCH_FIELD_NUMBER: _ClassVar[int]
        epoch: int
        def __init__(self, epoch: _Optional[int] = ...) -> None: ...
    class Scored(_message.Message):
        __slots__ = ("seat", "demigods", "pillars", "gods", "total")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DEMIGODS_FIELD_NUMBER: _ClassVar[int]
        PILLARS_FIELD_NUMBER: _ClassVar[int]
        GODS_FIELD_NUMBER: _ClassVar[int]
        TOTAL_FIELD_NUMBER: _ClassVar[int]
        seat: int
        demigods: int
        pillars: int
        gods: int
        total: int
        def __init__(self, seat: _Optional[int] = ..., demigods: _Optional[int] = ..., pillars: _Optional[int] = ..., gods: _Optional[int] = ..., total: _Optional[int] = ...) -> None: ...
    class GameOver(_message.Message):
        __slots__ = ("vp", "demigods", "winners")
        VP_FIELD_NUMBER: _ClassVar[int]
        DEMIGODS_FIELD_NUMBER: _ClassVar[int]
        WINNERS_FIELD_NUMBER: _ClassVar[int]
        vp: _containers.RepeatedScalarFieldContainer[int]
        demigods: _containers.RepeatedCompositeFieldContainer[PantheonDemigodValues]
        winners: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, vp: _Optional[_Iterable[int]] = ..., demigods: _Optional[_Iterable[_Union[PantheonDemigodValues, _Mapping]]] = ..., winners: _Optional[_Iterable[int]] = ...) -> None: ...
    SETUP_DONE_FIELD_NUMBER: _ClassVar[int]
    HAND_DEALT_FIELD_NUMBER: _ClassVar[int]
    BONUS_DEALT_FIELD_NUMBER: _ClassVar[int]
    NATION_REVEALED_FIELD_NUMBER: _ClassVar[int]
    GODS_REVEALED_FIELD_NUMBER: _ClassVar[int]
    LOOT_PLACED_FIELD_NUMBER: _ClassVar[int]
    DEMIGOD_DISPLAYED_FIELD_NUMBER: _ClassVar[int]
    BONUS_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    BONUSES_BOXED_FIELD_NUMBER: _ClassVar[int]
    SPECIAL_MONEY_REORDERED_FIELD_NUMBER: _ClassVar[int]
    TEMPLE_PLACED_FIELD_NUMBER: _ClassVar[int]
    BONUS_RESOLVED_FIELD_NUMBER: _ClassVar[int]
    TURN_STARTED_FIELD_NUMBER: _ClassVar[int]
    MOVEMENT_STARTED_FIELD_NUMBER: _ClassVar[int]
    FOLLOWER_DECLINED_FIELD_NUMBER: _ClassVar[int]
    STONE_PLACED_FIELD_NUMBER: _ClassVar[int]
    CARDS_DISCARDED_FIELD_NUMBER: _ClassVar[int]
    PLAYED_CARDS_DISCARDED_FIELD_NUMBER: _ClassVar[int]
    PURCHASE_STARTED_FIELD_NUMBER: _ClassVar[int]
    OFFERING_GAINED_FIELD_NUMBER: _ClassVar[int]
    OFFERING_UPGRADED_FIELD_NUMBER: _ClassVar[int]
    STONES_GAINED_FIELD_NUMBER: _ClassVar[int]
    GOD_TAKEN_FIELD_NUMBER: _ClassVar[int]
    GALLIA_GOD_REVEALED_FIELD_NUMBER: _ClassVar[int]
    GOD_BOXED_FIELD_NUMBER: _ClassVar[int]
    CARD_DRAWN_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_REFILLED_FIELD_NUMBER: _ClassVar[int]
    RESHUFFLED_FIELD_NUMBER: _ClassVar[int]
    HANDS_DISCARDED_FIELD_NUMBER: _ClassVar[int]
    DEMIGOD_TAKEN_FIELD_NUMBER: _ClassVar[int]
    SPECIAL_MONEY_TAKEN_FIELD_NUMBER: _ClassVar[int]
    BONUS_PILLAR_PLACED_FIELD_NUMBER: _ClassVar[int]
    STEPS_GAINED_FIELD_NUMBER: _ClassVar[int]
    EFFECT_SKIPPED_FIELD_NUMBER: _ClassVar[int]
    TURN_ENDED_FIELD_NUMBER: _ClassVar[int]
    EXTRA_TURN_TAKEN_FIELD_NUMBER: _ClassVar[int]
    EPOCH_VP_FIELD_NUMBER: _ClassVar[int]
    TEMPLE_PASSED_FIELD_NUMBER: _ClassVar[int]
    EPOCH_ENDED_FIELD_NUMBER: _ClassVar[int]
    SCORED_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    setup_done: PantheonEvent.SetupDone
    hand_dealt: PantheonEvent.HandDealt
    bonus_dealt: PantheonEvent.BonusDealt
    nation_revealed: PantheonEvent.NationRevealed
    gods_revealed: PantheonEvent.GodsRevealed
    loot_placed: PantheonEvent.LootPlaced
    demigod_displayed: PantheonEvent.DemigodDisplayed
    bonus_chosen: PantheonEvent.BonusChosen
    bonuses_boxed: PantheonEvent.BonusesBoxed
    special_money_reordered: PantheonEvent.SpecialMoneyReordered
    temple_placed: PantheonEvent.TemplePlaced
    bonus_resolved: PantheonEvent.BonusResolved
    turn_started: PantheonEvent.TurnStarted
    movement_started: PantheonEvent.MovementStarted
    follower_declined: PantheonEvent.FollowerDeclined
    stone_placed: PantheonEvent.StonePlaced
    cards_discarded: PantheonEvent.CardsDiscarded
    played_cards_discarded: PantheonEvent.PlayedCardsDiscarded
    purchase_started: PantheonEvent.PurchaseStarted
    offering_gained: PantheonEvent.OfferingGained
    offering_upgraded: PantheonEvent.OfferingUpgraded
    stones_gained: PantheonEvent.StonesGained
    god_taken: PantheonEvent.GodTaken
    gallia_god_revealed: PantheonEvent.GalliaGodRevealed
    god_boxed: PantheonEvent.GodBoxed
    card_drawn: PantheonEvent.CardDrawn
    display_refilled: PantheonEvent.DisplayRefilled
    reshuffled: PantheonEvent.Reshuffled
    hands_discarded: PantheonEvent.HandsDiscarded
    demigod_taken: PantheonEvent.DemigodTaken
    special_money_taken: PantheonEvent.SpecialMoneyTaken
    bonus_pillar_placed: PantheonEvent.BonusPillarPlaced
    steps_gained: PantheonEvent.StepsGained
    effect_skipped: PantheonEvent.EffectSkipped
    turn_ended: PantheonEvent.TurnEnded
    extra_turn_taken: PantheonEvent.ExtraTurnTaken
    epoch_vp: PantheonEvent.EpochVp
    temple_passed: PantheonEvent.TemplePassed
    epoch_ended: PantheonEvent.EpochEnded
    scored: PantheonEvent.Scored
    game_over: PantheonEvent.GameOver
    def __init__(self, setup_done: _Optional[_Union[PantheonEvent.SetupDone, _Mapping]] = ..., hand_dealt: _Optional[_Union[PantheonEvent.HandDealt, _Mapping]] = ..., bonus_dealt: _Optional[_Union[PantheonEvent.BonusDealt, _Mapping]] = ..., nation_revealed: _Optional[_Union[PantheonEvent.NationRevealed, _Mapping]] = ..., gods_revealed: _Optional[_Union[PantheonEvent.GodsRevealed, _Mapping]] = ..., loot_placed: _Optional[_Union[PantheonEvent.LootPlaced, _Mapping]] = ..., demigod_displayed: _Optional[_Union[PantheonEvent.DemigodDisplayed, _Mapping]] = ..., bonus_chosen: _Optional[_Union[PantheonEvent.BonusChosen, _Mapping]] = ..., bonuses_boxed: _Optional[_Union[PantheonEvent.BonusesBoxed, _Mapping]] = ..., special_money_reordered: _Optional[_Union[PantheonEvent.SpecialMoneyReordered, _Mapping]] = ..., temple_placed: _Optional[_Union[PantheonEvent.TemplePlaced, _Mapping]] = ..., bonus_resolved: _Optional[_Union[PantheonEvent.BonusResolved, _Mapping]] = ..., turn_started: _Optional[_Union[PantheonEvent.TurnStarted, _Mapping]] = ..., movement_started: _Optional[_Union[PantheonEvent.MovementStarted, _Mapping]] = ..., follower_declined: _Optional[_Union[PantheonEvent.FollowerDeclined, _Mapping]] = ..., stone_placed: _Optional[_Union[PantheonEvent.StonePlaced, _Mapping]] = ..., cards_discarded: _Optional[_Union[PantheonEvent.CardsDiscarded, _Mapping]] = ..., played_cards_discarded: _Optional[_Union[PantheonEvent.PlayedCardsDiscarded, _Mapping]] = ..., purchase_started: _Optional[_Union[PantheonEvent.PurchaseStarted, _Mapping]] = ..., offering_gained: _Optional[_Union[PantheonEvent.OfferingGained, _Mapping]] = ..., offering_upgraded: _Optional[_Union[PantheonEvent.OfferingUpgraded, _Mapping]] = ..., stones_gained: _Optional[_Union[PantheonEvent.StonesGained, _Mapping]] = ..., god_taken: _Optional[_Union[PantheonEvent.GodTaken, _Mapping]] = ..., gallia_god_revealed: _Optional[_Union[PantheonEvent.GalliaGodRevealed, _Mapping]] = ..., god_boxed: _Optional[_Union[PantheonEvent.GodBoxed, _Mapping]] = ..., card_drawn: _Optional[_Union[PantheonEvent.CardDrawn, _Mapping]] = ..., display_refilled: _Optional[_Union[PantheonEvent.DisplayRefilled, _Mapping]] = ..., reshuffled: _Optional[_Union[PantheonEvent.Reshuffled, _Mapping]] = ..., hands_discarded: _Optional[_Union[PantheonEvent.HandsDiscarded, _Mapping]] = ..., demigod_taken: _Optional[_Union[PantheonEvent.DemigodTaken, _Mapping]] = ..., special_money_taken: _Optional[_Union[PantheonEvent.SpecialMoneyTaken, _Mapping]] = ..., bonus_pillar_placed: _Optional[_Union[PantheonEvent.BonusPillarPlaced, _Mapping]] = ..., steps_gained: _Optional[_Union[PantheonEvent.StepsGained, _Mapping]] = ..., effect_skipped: _Optional[_Union[PantheonEvent.EffectSkipped, _Mapping]] = ..., turn_ended: _Optional[_Union[PantheonEvent.TurnEnded, _Mapping]] = ..., extra_turn_taken: _Optional[_Union[PantheonEvent.ExtraTurnTaken, _Mapping]] = ..., epoch_vp: _Optional[_Union[PantheonEvent.EpochVp, _Mapping]] = ..., temple_passed: _Optional[_Union[PantheonEvent.TemplePassed, _Mapping]] = ..., epoch_ended: _Optional[_Union[PantheonEvent.EpochEnded, _Mapping]] = ..., scored: _Optional[_Union[PantheonEvent.Scored, _Mapping]] = ..., game_over: _Optional[_Union[PantheonEvent.GameOver, _Mapping]] = ...) -> None: ...
