from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class EmaraMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_MODE_UNSPECIFIED: _ClassVar[EmaraMode]
    EMARA_MODE_SOLO: _ClassVar[EmaraMode]
    EMARA_MODE_TWO_PLAYER: _ClassVar[EmaraMode]
    EMARA_MODE_THREE_PLAYER: _ClassVar[EmaraMode]
    EMARA_MODE_FOUR_PLAYER: _ClassVar[EmaraMode]

class EmaraResource(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_RESOURCE_UNSPECIFIED: _ClassVar[EmaraResource]
    EMARA_RESOURCE_WOOD: _ClassVar[EmaraResource]
    EMARA_RESOURCE_CLOTH: _ClassVar[EmaraResource]
    EMARA_RESOURCE_GRAIN: _ClassVar[EmaraResource]
    EMARA_RESOURCE_STONE: _ClassVar[EmaraResource]

class EmaraLocation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_LOCATION_UNSPECIFIED: _ClassVar[EmaraLocation]
    EMARA_LOCATION_FOREST: _ClassVar[EmaraLocation]
    EMARA_LOCATION_GRAIN_FIELD: _ClassVar[EmaraLocation]
    EMARA_LOCATION_QUARRY: _ClassVar[EmaraLocation]
    EMARA_LOCATION_WEAVING_MILL: _ClassVar[EmaraLocation]
    EMARA_LOCATION_CASTLE: _ClassVar[EmaraLocation]
    EMARA_LOCATION_CATHEDRAL: _ClassVar[EmaraLocation]
    EMARA_LOCATION_CONSTRUCTION_SITE: _ClassVar[EmaraLocation]
    EMARA_LOCATION_MARKET: _ClassVar[EmaraLocation]

class EmaraRing(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_RING_UNSPECIFIED: _ClassVar[EmaraRing]
    EMARA_RING_A: _ClassVar[EmaraRing]
    EMARA_RING_B: _ClassVar[EmaraRing]

class EmaraActionCard(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_ACTION_CARD_UNSPECIFIED: _ClassVar[EmaraActionCard]
    EMARA_ACTION_CARD_WOOD: _ClassVar[EmaraActionCard]
    EMARA_ACTION_CARD_STONE: _ClassVar[EmaraActionCard]
    EMARA_ACTION_CARD_CLOTH: _ClassVar[EmaraActionCard]
    EMARA_ACTION_CARD_GRAIN: _ClassVar[EmaraActionCard]
    EMARA_ACTION_CARD_SIGNET_RING: _ClassVar[EmaraActionCard]
    EMARA_ACTION_CARD_COINS: _ClassVar[EmaraActionCard]
    EMARA_ACTION_CARD_STEP: _ClassVar[EmaraActionCard]
    EMARA_ACTION_CARD_HIRE: _ClassVar[EmaraActionCard]
    EMARA_ACTION_CARD_CITY: _ClassVar[EmaraActionCard]

class EmaraAdvisor(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_ADVISOR_UNSPECIFIED: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_MASTER_OF_COIN: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_ARCHIVIST: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_GOLDSMITH: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_CARPENTER: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_BAKER: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_SCHOOLMARM: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_BAILIFF: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_DRESSMAKER: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_LANDLORD: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_MERCHANT: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_CHAMBERLAIN: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_SCHOLAR: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_MAYORESS: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_STEWARD: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_ABBESS: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_TOOLMAKER: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_SIR_CHRISTIAAN: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_LADY_MARIE: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_SIR_CARL: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_LADY_FRIDA: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_SIR_GUSTAVE: _ClassVar[EmaraAdvisor]
    EMARA_ADVISOR_SIR_ANTONI: _ClassVar[EmaraAdvisor]

class EmaraRank(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_RANK_UNSPECIFIED: _ClassVar[EmaraRank]
    EMARA_RANK_BARON: _ClassVar[EmaraRank]
    EMARA_RANK_COUNT: _ClassVar[EmaraRank]
    EMARA_RANK_PRINCE: _ClassVar[EmaraRank]
    EMARA_RANK_MARQUESS: _ClassVar[EmaraRank]
    EMARA_RANK_DUKE: _ClassVar[EmaraRank]

class EmaraEventCard(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_EVENT_CARD_UNSPECIFIED: _ClassVar[EmaraEventCard]
    EMARA_EVENT_CARD_CLEAR_THE_OLD_FOREST: _ClassVar[EmaraEventCard]
    EMARA_EVENT_CARD_BOUNTIFUL_HARVEST: _ClassVar[EmaraEventCard]
    EMARA_EVENT_CARD_STONE_FROM_DISTANT_SHORES: _ClassVar[EmaraEventCard]
    EMARA_EVENT_CARD_FINE_WOOL_FINE_CLOTH: _ClassVar[EmaraEventCard]
    EMARA_EVENT_CARD_THE_GREAT_FAMINE: _ClassVar[EmaraEventCard]
    EMARA_EVENT_CARD_ALMS_FOR_THE_POOR: _ClassVar[EmaraEventCard]
    EMARA_EVENT_CARD_NEW_LORE_IN_OLD_BOOKS: _ClassVar[EmaraEventCard]
    EMARA_EVENT_CARD_AN_EARLY_WINTER: _ClassVar[EmaraEventCard]
    EMARA_EVENT_CARD_A_LONG_SUMMER: _ClassVar[EmaraEventCard]
    EMARA_EVENT_CARD_MERCHANTS_FROM_AFAR: _ClassVar[EmaraEventCard]
    EMARA_EVENT_CARD_A_PIOUS_DONATION: _ClassVar[EmaraEventCard]
    EMARA_EVENT_CARD_RESPECTED_AT_COURT: _ClassVar[EmaraEventCard]
    EMARA_EVENT_CARD_A_GIFT_FROM_THE_PEOPLE: _ClassVar[EmaraEventCard]
    EMARA_EVENT_CARD_GOOD_LABOUR_SITUATION: _ClassVar[EmaraEventCard]

class EmaraFavorReward(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_FAVOR_REWARD_UNSPECIFIED: _ClassVar[EmaraFavorReward]
    EMARA_FAVOR_REWARD_THREE_CP: _ClassVar[EmaraFavorReward]
    EMARA_FAVOR_REWARD_THREE_BP: _ClassVar[EmaraFavorReward]
    EMARA_FAVOR_REWARD_BOOK: _ClassVar[EmaraFavorReward]
    EMARA_FAVOR_REWARD_SIGNET_RING: _ClassVar[EmaraFavorReward]
    EMARA_FAVOR_REWARD_COIN: _ClassVar[EmaraFavorReward]

class EmaraMarker(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_MARKER_UNSPECIFIED: _ClassVar[EmaraMarker]
    EMARA_MARKER_GIFT_WOOD: _ClassVar[EmaraMarker]
    EMARA_MARKER_GIFT_CLOTH: _ClassVar[EmaraMarker]
    EMARA_MARKER_GIFT_GRAIN: _ClassVar[EmaraMarker]
    EMARA_MARKER_GIFT_STONE: _ClassVar[EmaraMarker]
    EMARA_MARKER_DONATION_WOOD: _ClassVar[EmaraMarker]
    EMARA_MARKER_DONATION_CLOTH: _ClassVar[EmaraMarker]
    EMARA_MARKER_DONATION_GRAIN: _ClassVar[EmaraMarker]
    EMARA_MARKER_DONATION_STONE: _ClassVar[EmaraMarker]
    EMARA_MARKER_BREAD: _ClassVar[EmaraMarker]
    EMARA_MARKER_STONE: _ClassVar[EmaraMarker]

class EmaraBuildingStart(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_BUILDING_START_UNSPECIFIED: _ClassVar[EmaraBuildingStart]
    EMARA_BUILDING_START_EVENT_CARD: _ClassVar[EmaraBuildingStart]
    EMARA_BUILDING_START_FIRST_GAME: _ClassVar[EmaraBuildingStart]
    EMARA_BUILDING_START_CUSTOM: _ClassVar[EmaraBuildingStart]

class EmaraSoloMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_SOLO_MODE_UNSPECIFIED: _ClassVar[EmaraSoloMode]
    EMARA_SOLO_MODE_HIGHSCORE: _ClassVar[EmaraSoloMode]
    EMARA_SOLO_MODE_CAMPAIGN: _ClassVar[EmaraSoloMode]

class EmaraRoundEventOption(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_ROUND_EVENT_OPTION_UNSPECIFIED: _ClassVar[EmaraRoundEventOption]
    EMARA_ROUND_EVENT_OPTION_DECLINE: _ClassVar[EmaraRoundEventOption]
    EMARA_ROUND_EVENT_OPTION_ONE_GRAIN: _ClassVar[EmaraRoundEventOption]
    EMARA_ROUND_EVENT_OPTION_TWO_GRAIN: _ClassVar[EmaraRoundEventOption]
    EMARA_ROUND_EVENT_OPTION_RING: _ClassVar[EmaraRoundEventOption]
    EMARA_ROUND_EVENT_OPTION_COIN: _ClassVar[EmaraRoundEventOption]
    EMARA_ROUND_EVENT_OPTION_BOOK: _ClassVar[EmaraRoundEventOption]

class EmaraChamberlainSwap(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_CHAMBERLAIN_SWAP_UNSPECIFIED: _ClassVar[EmaraChamberlainSwap]
    EMARA_CHAMBERLAIN_SWAP_RING_TO_COIN: _ClassVar[EmaraChamberlainSwap]
    EMARA_CHAMBERLAIN_SWAP_COIN_TO_RING: _ClassVar[EmaraChamberlainSwap]

class EmaraPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_PHASE_UNSPECIFIED: _ClassVar[EmaraPhase]
    EMARA_PHASE_SETUP: _ClassVar[EmaraPhase]
    EMARA_PHASE_TURNS: _ClassVar[EmaraPhase]
    EMARA_PHASE_END_OF_ROUND: _ClassVar[EmaraPhase]
    EMARA_PHASE_FINAL_SCORING: _ClassVar[EmaraPhase]
    EMARA_PHASE_FINISHED: _ClassVar[EmaraPhase]

class EmaraVisitOrigin(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_VISIT_ORIGIN_UNSPECIFIED: _ClassVar[EmaraVisitOrigin]
    EMARA_VISIT_ORIGIN_MOVEMENT: _ClassVar[EmaraVisitOrigin]
    EMARA_VISIT_ORIGIN_STEP_CARD: _ClassVar[EmaraVisitOrigin]
    EMARA_VISIT_ORIGIN_CITY_CARD: _ClassVar[EmaraVisitOrigin]

class EmaraSubAction(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_SUB_ACTION_UNSPECIFIED: _ClassVar[EmaraSubAction]
    EMARA_SUB_ACTION_DONATION: _ClassVar[EmaraSubAction]
    EMARA_SUB_ACTION_GIFT: _ClassVar[EmaraSubAction]
    EMARA_SUB_ACTION_BOOK_FOR_BP: _ClassVar[EmaraSubAction]
    EMARA_SUB_ACTION_BUY_COINS: _ClassVar[EmaraSubAction]
    EMARA_SUB_ACTION_SELL_BOOKS: _ClassVar[EmaraSubAction]
    EMARA_SUB_ACTION_STONE: _ClassVar[EmaraSubAction]
    EMARA_SUB_ACTION_BREAD: _ClassVar[EmaraSubAction]
    EMARA_SUB_ACTION_WOOD: _ClassVar[EmaraSubAction]
    EMARA_SUB_ACTION_HARVEST: _ClassVar[EmaraSubAction]

class EmaraBonus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMARA_BONUS_UNSPECIFIED: _ClassVar[EmaraBonus]
    EMARA_BONUS_RAISE_RANK: _ClassVar[EmaraBonus]
    EMARA_BONUS_HIRE_CRAFTSMAN: _ClassVar[EmaraBonus]
    EMARA_BONUS_RECRUIT_ADVISOR: _ClassVar[EmaraBonus]
EMARA_MODE_UNSPECIFIED: EmaraMode
EMARA_MODE_SOLO: EmaraMode
EMARA_MODE_TWO_PLAYER: EmaraMode
EMARA_MODE_THREE_PLAYER: EmaraMode
EMARA_MODE_FOUR_PLAYER: EmaraMode
EMARA_RESOURCE_UNSPECIFIED: EmaraResource
EMARA_RESOURCE_WOOD: EmaraResource
EMARA_RESOURCE_CLOTH: EmaraResource
EMARA_RESOURCE_GRAIN: EmaraResource
EMARA_RESOURCE_STONE: EmaraResource
EMARA_LOCATION_UNSPECIFIED: EmaraLocation
EMARA_LOCATION_FOREST: EmaraLocation
EMARA_LOCATION_GRAIN_FIELD: EmaraLocation
EMARA_LOCATION_QUARRY: EmaraLocation
EMARA_LOCATION_WEAVING_MILL: EmaraLocation
EMARA_LOCATION_CASTLE: EmaraLocation
EMARA_LOCATION_CATHEDRAL: EmaraLocation
EMARA_LOCATION_CONSTRUCTION_SITE: EmaraLocation
EMARA_LOCATION_MARKET: EmaraLocation
EMARA_RING_UNSPECIFIED: EmaraRing
EMARA_RING_A: EmaraRing
EMARA_RING_B: EmaraRing
EMARA_ACTION_CARD_UNSPECIFIED: EmaraActionCard
EMARA_ACTION_CARD_WOOD: EmaraActionCard
EMARA_ACTION_CARD_STONE: EmaraActionCard
EMARA_ACTION_CARD_CLOTH: EmaraActionCard
EMARA_ACTION_CARD_GRAIN: EmaraActionCard
EMARA_ACTION_CARD_SIGNET_RING: EmaraActionCard
EMARA_ACTION_CARD_COINS: EmaraActionCard
EMARA_ACTION_CARD_STEP: EmaraActionCard
EMARA_ACTION_CARD_HIRE: EmaraActionCard
EMARA_ACTION_CARD_CITY: EmaraActionCard
EMARA_ADVISOR_UNSPECIFIED: EmaraAdvisor
EMARA_ADVISOR_MASTER_OF_COIN: EmaraAdvisor
EMARA_ADVISOR_ARCHIVIST: EmaraAdvisor
EMARA_ADVISOR_GOLDSMITH: EmaraAdvisor
EMARA_ADVISOR_CARPENTER: EmaraAdvisor
EMARA_ADVISOR_BAKER: EmaraAdvisor
EMARA_ADVISOR_SCHOOLMARM: EmaraAdvisor
EMARA_ADVISOR_BAILIFF: EmaraAdvisor
EMARA_ADVISOR_DRESSMAKER: EmaraAdvisor
EMARA_ADVISOR_LANDLORD: EmaraAdvisor
EMARA_ADVISOR_MERCHANT: EmaraAdvisor
EMARA_ADVISOR_CHAMBERLAIN: EmaraAdvisor
EMARA_ADVISOR_SCHOLAR: EmaraAdvisor
EMARA_ADVISOR_MAYORESS: EmaraAdvisor
EMARA_ADVISOR_STEWARD: EmaraAdvisor
EMARA_ADVISOR_ABBESS: EmaraAdvisor
EMARA_ADVISOR_TOOLMAKER: EmaraAdvisor
EMARA_ADVISOR_SIR_CHRISTIAAN: EmaraAdvisor
EMARA_ADVISOR_LADY_MARIE: EmaraAdvisor
EMARA_ADVISOR_SIR_CARL: EmaraAdvisor
EMARA_ADVISOR_LADY_FRIDA: EmaraAdvisor
EMARA_ADVISOR_SIR_GUSTAVE: EmaraAdvisor
EMARA_ADVISOR_SIR_ANTONI: EmaraAdvisor
EMARA_RANK_UNSPECIFIED: EmaraRank
EMARA_RANK_BARON: EmaraRank
EMARA_RANK_COUNT: EmaraRank
EMARA_RANK_PRINCE: EmaraRank
EMARA_RANK_MARQUESS: EmaraRank
EMARA_RANK_DUKE: EmaraRank
EMARA_EVENT_CARD_UNSPECIFIED: EmaraEventCard
EMARA_EVENT_CARD_CLEAR_THE_OLD_FOREST: EmaraEventCard
EMARA_EVENT_CARD_BOUNTIFUL_HARVEST: EmaraEventCard
EMARA_EVENT_CARD_STONE_FROM_DISTANT_SHORES: EmaraEventCard
EMARA_EVENT_CARD_FINE_WOOL_FINE_CLOTH: EmaraEventCard
EMARA_EVENT_CARD_THE_GREAT_FAMINE: EmaraEventCard
EMARA_EVENT_CARD_ALMS_FOR_THE_POOR: EmaraEventCard
EMARA_EVENT_CARD_NEW_LORE_IN_OLD_BOOKS: EmaraEventCard
EMARA_EVENT_CARD_AN_EARLY_WINTER: EmaraEventCard
EMARA_EVENT_CARD_A_LONG_SUMMER: EmaraEventCard
EMARA_EVENT_CARD_MERCHANTS_FROM_AFAR: EmaraEventCard
EMARA_EVENT_CARD_A_PIOUS_DONATION: EmaraEventCard
EMARA_EVENT_CARD_RESPECTED_AT_COURT: EmaraEventCard
EMARA_EVENT_CARD_A_GIFT_FROM_THE_PEOPLE: EmaraEventCard
EMARA_EVENT_CARD_GOOD_LABOUR_SITUATION: EmaraEventCard
EMARA_FAVOR_REWARD_UNSPECIFIED: EmaraFavorReward
EMARA_FAVOR_REWARD_THREE_CP: EmaraFavorReward
EMARA_FAVOR_REWARD_THREE_BP: EmaraFavorReward
EMARA_FAVOR_REWARD_BOOK: EmaraFavorReward
EMARA_FAVOR_REWARD_SIGNET_RING: EmaraFavorReward
EMARA_FAVOR_REWARD_COIN: EmaraFavorReward
EMARA_MARKER_UNSPECIFIED: EmaraMarker
EMARA_MARKER_GIFT_WOOD: EmaraMarker
EMARA_MARKER_GIFT_CLOTH: EmaraMarker
EMARA_MARKER_GIFT_GRAIN: EmaraMarker
EMARA_MARKER_GIFT_STONE: EmaraMarker
EMARA_MARKER_DONATION_WOOD: EmaraMarker
EMARA_MARKER_DONATION_CLOTH: EmaraMarker
EMARA_MARKER_DONATION_GRAIN: EmaraMarker
EMARA_MARKER_DONATION_STONE: EmaraMarker
EMARA_MARKER_BREAD: EmaraMarker
EMARA_MARKER_STONE: EmaraMarker
EMARA_BUILDING_START_UNSPECIFIED: EmaraBuildingStart
EMARA_BUILDING_START_EVENT_CARD: EmaraBuildingStart
EMARA_BUILDING_START_FIRST_GAME: EmaraBuildingStart
EMARA_BUILDING_START_CUSTOM: EmaraBuildingStart
EMARA_SOLO_MODE_UNSPECIFIED: EmaraSoloMode
EMARA_SOLO_MODE_HIGHSCORE: EmaraSoloMode
EMARA_SOLO_MODE_CAMPAIGN: EmaraSoloMode
EMARA_ROUND_EVENT_OPTION_UNSPECIFIED: EmaraRoundEventOption
EMARA_ROUND_EVENT_OPTION_DECLINE: EmaraRoundEventOption
EMARA_ROUND_EVENT_OPTION_ONE_GRAIN: EmaraRoundEventOption
EMARA_ROUND_EVENT_OPTION_TWO_GRAIN: EmaraRoundEventOption
EMARA_ROUND_EVENT_OPTION_RING: EmaraRoundEventOption
EMARA_ROUND_EVENT_OPTION_COIN: EmaraRoundEventOption
EMARA_ROUND_EVENT_OPTION_BOOK: EmaraRoundEventOption
EMARA_CHAMBERLAIN_SWAP_UNSPECIFIED: EmaraChamberlainSwap
EMARA_CHAMBERLAIN_SWAP_RING_TO_COIN: EmaraChamberlainSwap
EMARA_CHAMBERLAIN_SWAP_COIN_TO_RING: EmaraChamberlainSwap
EMARA_PHASE_UNSPECIFIED: EmaraPhase
EMARA_PHASE_SETUP: EmaraPhase
EMARA_PHASE_TURNS: EmaraPhase
EMARA_PHASE_END_OF_ROUND: EmaraPhase
EMARA_PHASE_FINAL_SCORING: EmaraPhase
EMARA_PHASE_FINISHED: EmaraPhase
EMARA_VISIT_ORIGIN_UNSPECIFIED: EmaraVisitOrigin
EMARA_VISIT_ORIGIN_MOVEMENT: EmaraVisitOrigin
EMARA_VISIT_ORIGIN_STEP_CARD: EmaraVisitOrigin
EMARA_VISIT_ORIGIN_CITY_CARD: EmaraVisitOrigin
EMARA_SUB_ACTION_UNSPECIFIED: EmaraSubAction
EMARA_SUB_ACTION_DONATION: EmaraSubAction
EMARA_SUB_ACTION_GIFT: EmaraSubAction
EMARA_SUB_ACTION_BOOK_FOR_BP: EmaraSubAction
EMARA_SUB_ACTION_BUY_COINS: EmaraSubAction
EMARA_SUB_ACTION_SELL_BOOKS: EmaraSubAction
EMARA_SUB_ACTION_STONE: EmaraSubAction
EMARA_SUB_ACTION_BREAD: EmaraSubAction
EMARA_SUB_ACTION_WOOD: EmaraSubAction
EMARA_SUB_ACTION_HARVEST: EmaraSubAction
EMARA_BONUS_UNSPECIFIED: EmaraBonus
EMARA_BONUS_RAISE_RANK: EmaraBonus
EMARA_BONUS_HIRE_CRAFTSMAN: EmaraBonus
EMARA_BONUS_RECRUIT_ADVISOR: EmaraBonus

class EmaraFavorToken(_message.Message):
    __slots__ = ("location", "reward")
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    REWARD_FIELD_NUMBER: _ClassVar[int]
    location: EmaraLocation
    reward: EmaraFavorReward
    def __init__(self, location: _Optional[_Union[EmaraLocation, str]] = ..., reward: _Optional[_Union[EmaraFavorReward, str]] = ...) -> None: ...

class EmaraNobilityCard(_message.Message):
    __slots__ = ("rank", "cp")
    RANK_FIELD_NUMBER: _ClassVar[int]
    CP_FIELD_NUMBER: _ClassVar[int]
    rank: EmaraRank
    cp: int
    def __init__(self, rank: _Optional[_Union[EmaraRank, str]] = ..., cp: _Optional[int] = ...) -> None: ...

class EmaraGoods(_message.Message):
    __slots__ = ("wood", "cloth", "grain", "stone", "bread", "books", "rings", "coins")
    WOOD_FIELD_NUMBER: _ClassVar[int]
    CLOTH_FIELD_NUMBER: _ClassVar[int]
    GRAIN_FIELD_NUMBER: _ClassVar[int]
    STONE_FIELD_NUMBER: _ClassVar[int]
    BREAD_FIELD_NUMBER: _ClassVar[int]
    BOOKS_FIELD_NUMBER: _ClassVar[int]
    RINGS_FIELD_NUMBER: _ClassVar[int]
    COINS_FIELD_NUMBER: _ClassVar[int]
    wood: int
    cloth: int
    grain: int
    stone: int
    bread: int
    books: int
    rings: int
    coins: int
    def __init__(self, wood: _Optional[int] = ..., cloth: _Optional[int] = ..., grain: _Optional[int] = ..., stone: _Optional[int] = ..., bread: _Optional[int] = ..., books: _Optional[int] = ..., rings: _Optional[int] = ..., coins: _Optional[int] = ...) -> None: ...

class EmaraCost(_message.Message):
    __slots__ = ("wood", "cloth", "grain", "stone")
    WOOD_FIELD_NUMBER: _ClassVar[int]
    CLOTH_FIELD_NUMBER: _ClassVar[int]
    GRAIN_FIELD_NUMBER: _ClassVar[int]
    STONE_FIELD_NUMBER: _ClassVar[int]
    wood: int
    cloth: int
    grain: int
    stone: int
    def __init__(self, wood: _Optional[int] = ..., cloth: _Optional[int] = ..., grain: _Optional[int] = ..., stone: _Optional[int] = ...) -> None: ...

class EmaraPayment(_message.Message):
    __slots__ = ("wood", "cloth", "grain", "stone", "coins")
    WOOD_FIELD_NUMBER: _ClassVar[int]
    CLOTH_FIELD_NUMBER: _ClassVar[int]
    GRAIN_FIELD_NUMBER: _ClassVar[int]
    STONE_FIELD_NUMBER: _ClassVar[int]
    COINS_FIELD_NUMBER: _ClassVar[int]
    wood: int
    cloth: int
    grain: int
    stone: int
    coins: int
    def __init__(self, wood: _Optional[int] = ..., cloth: _Optional[int] = ..., grain: _Optional[int] = ..., stone: _Optional[int] = ..., coins: _Optional[int] = ...) -> None: ...

class EmaraRings(_message.Message):
    __slots__ = ("a", "b")
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    a: _containers.RepeatedScalarFieldContainer[EmaraLocation]
    b: _containers.RepeatedScalarFieldContainer[EmaraLocation]
    def __init__(self, a: _Optional[_Iterable[_Union[EmaraLocation, str]]] = ..., b: _Optional[_Iterable[_Union[EmaraLocation, str]]] = ...) -> None: ...

class EmaraHutRef(_message.Message):
    __slots__ = ("location", "hut")
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    HUT_FIELD_NUMBER: _ClassVar[int]
    location: EmaraLocation
    hut: int
    def __init__(self, location: _Optional[_Union[EmaraLocation, str]] = ..., hut: _Optional[int] = ...) -> None: ...

class EmaraActionCards(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[EmaraActionCard]
    def __init__(self, cards: _Optional[_Iterable[_Union[EmaraActionCard, str]]] = ...) -> None: ...

class EmaraOptions(_message.Message):
    __slots__ = ("mode", "random_layout", "full_selection", "building_start", "building_start_position", "start_player", "random_start_player", "solo_mode")
    MODE_FIELD_NUMBER: _ClassVar[int]
    RANDOM_LAYOUT_FIELD_NUMBER: _ClassVar[int]
    FULL_SELECTION_FIELD_NUMBER: _ClassVar[int]
    BUILDING_START_FIELD_NUMBER: _ClassVar[int]
    BUILDING_START_POSITION_FIELD_NUMBER: _ClassVar[int]
    START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    RANDOM_START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    SOLO_MODE_FIELD_NUMBER: _ClassVar[int]
    mode: EmaraMode
    random_layout: bool
    full_selection: bool
    building_start: EmaraBuildingStart
    building_start_position: int
    start_player: int
    random_start_player: bool
    solo_mode: EmaraSoloMode
    def __init__(self, mode: _Optional[_Union[EmaraMode, str]] = ..., random_layout: _Optional[bool] = ..., full_selection: _Optional[bool] = ..., building_start: _Optional[_Union[EmaraBuildingStart, str]] = ..., building_start_position: _Optional[int] = ..., start_player: _Optional[int] = ..., random_start_player: _Optional[bool] = ..., solo_mode: _Optional[_Union[EmaraSoloMode, str]] = ...) -> None: ...

class EmaraScenario(_message.Message):
    __slots__ = ("rings", "advisors_a", "advisors_b", "events", "favor_tokens", "decks", "decks_round_4", "start_player")
    RINGS_FIELD_NUMBER: _ClassVar[int]
    ADVISORS_A_FIELD_NUMBER: _ClassVar[int]
    ADVISORS_B_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    FAVOR_TOKENS_FIELD_NUMBER: _ClassVar[int]
    DECKS_FIELD_NUMBER: _ClassVar[int]
    DECKS_ROUND_4_FIELD_NUMBER: _ClassVar[int]
    START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    rings: EmaraRings
    advisors_a: _containers.RepeatedScalarFieldContainer[EmaraAdvisor]
    advisors_b: _containers.RepeatedScalarFieldContainer[EmaraAdvisor]
    events: _containers.RepeatedScalarFieldContainer[EmaraEventCard]
    favor_tokens: _containers.RepeatedCompositeFieldContainer[EmaraFavorToken]
    decks: _containers.RepeatedCompositeFieldContainer[EmaraActionCards]
    decks_round_4: _containers.RepeatedCompositeFieldContainer[EmaraActionCards]
    start_player: int
    def __init__(self, rings: _Optional[_Union[EmaraRings, _Mapping]] = ..., advisors_a: _Optional[_Iterable[_Union[EmaraAdvisor, str]]] = ..., advisors_b: _Optional[_Iterable[_Union[EmaraAdvisor, str]]] = ..., events: _Optional[_Iterable[_Union[EmaraEventCard, str]]] = ..., favor_tokens: _Optional[_Iterable[_Union[EmaraFavorToken, _Mapping]]] = ..., decks: _Optional[_Iterable[_Union[EmaraActionCards, _Mapping]]] = ..., decks_round_4: _Optional[_Iterable[_Union[EmaraActionCards, _Mapping]]] = ..., start_player: _Optional[int] = ...) -> None: ...

class EmaraAction(_message.Message):
    __slots__ = ("relocate_start_councilor", "choose_starting_resource", "play_card", "card_coins", "decline_card_action", "card_step", "card_hire", "card_city", "move", "harvest", "cathedral_donate", "keep_favor_token", "castle_gift", "castle_book_for_bp", "market_buy_coins", "market_sell_books", "build_stone", "build_bread", "build_wood", "finish_location_action", "redeem_favor_token", "raise_rank", "hire_craftsman", "recruit_advisor", "use_baker", "use_schoolmarm", "use_bailiff", "use_dressmaker", "use_landlord", "use_merchant", "use_chamberlain", "end_turn", "resolve_round_event", "allocate_leftovers")
    class RelocateStartCouncilor(_message.Message):
        __slots__ = ("to",)
        FROM_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        to: EmaraLocation
        def __init__(self, to: _Optional[_Union[EmaraLocation, str]] = ..., **kwargs) -> None: ...
    class ChooseStartingResource(_message.Message):
        __slots__ = ("resource",)
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        resource: EmaraResource
        def __init__(self, resource: _Optional[_Union[EmaraResource, str]] = ...) -> None: ...
    class PlayCard(_message.Message):
        __slots__ = ("card", "slot")
        CARD_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        card: EmaraActionCard
        slot: int
        def __init__(self, card: _Optional[_Union[EmaraActionCard, str]] = ..., slot: _Optional[int] = ...) -> None: ...
    class CardCoins(_message.Message):
        __slots__ = ("payment",)
        PAYMENT_FIELD_NUMBER: _ClassVar[int]
        payment: EmaraPayment
        def __init__(self, payment: _Optional[_Union[EmaraPayment, _Mapping]] = ...) -> None: ...
    class DeclineCardAction(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class CardStep(_message.Message):
        __slots__ = ("ring",)
        RING_FIELD_NUMBER: _ClassVar[int]
        ring: EmaraRing
        def __init__(self, ring: _Optional[_Union[EmaraRing, str]] = ...) -> None: ...
    class HireCraftsman(_message.Message):
        __slots__ = ("location", "hut", "payment")
        LOCATION_FIELD_NUMBER: _ClassVar[int]
        HUT_FIELD_NUMBER: _ClassVar[int]
        PAYMENT_FIELD_NUMBER: _ClassVar[int]
        location: EmaraLocation
        hut: int
        payment: EmaraPayment
        def __init__(self, location: _Optional[_Union[EmaraLocation, str]] = ..., hut: _Optional[int] = ..., payment: _Optional[_Union[EmaraPayment, _Mapping]] = ...) -> None: ...
    class RecruitAdvisor(_message.Message):
        __slots__ = ("advisor", "payment")
        ADVISOR_FIELD_NUMBER: _ClassVar[int]
        PAYMENT_FIELD_NUMBER: _ClassVar[int]
        advisor: EmaraAdvisor
        payment: EmaraPayment
        def __init__(self, advisor: _Optional[_Union[EmaraAdvisor, str]] = ..., payment: _Optional[_Union[EmaraPayment, _Mapping]] = ...) -> None: ...
    class CardHire(_message.Message):
        __slots__ = ("craftsman", "advisor")
        CRAFTSMAN_FIELD_NUMBER: _ClassVar[int]
        ADVISOR_FIELD_NUMBER: _ClassVar[int]
        craftsman: EmaraAction.HireCraftsman
        advisor: EmaraAction.RecruitAdvisor
        def __init__(self, craftsman: _Optional[_Union[EmaraAction.HireCraftsman, _Mapping]] = ..., advisor: _Optional[_Union[EmaraAction.RecruitAdvisor, _Mapping]] = ...) -> None: ...
    class CardCity(_message.Message):
        __slots__ = ("location",)
        LOCATION_FIELD_NUMBER: _ClassVar[int]
        location: EmaraLocation
        def __init__(self, location: _Optional[_Union[EmaraLocation, str]] = ...) -> None: ...
    class Move(_message.Message):
        __slots__ = ("ring",)
        RING_FIELD_NUMBER: _ClassVar[int]
        ring: EmaraRing
        def __init__(self, ring: _Optional[_Union[EmaraRing, str]] = ...) -> None: ...
    class Harvest(_message.Message):
        __slots__ = ("extra", "bread_for_grain", "bread_for_coin")
        EXTRA_FIELD_NUMBER: _ClassVar[int]
        BREAD_FOR_GRAIN_FIELD_NUMBER: _ClassVar[int]
        BREAD_FOR_COIN_FIELD_NUMBER: _ClassVar[int]
        extra: int
        bread_for_grain: int
        bread_for_coin: int
        def __init__(self, extra: _Optional[int] = ..., bread_for_grain: _Optional[int] = ..., bread_for_coin: _Optional[int] = ...) -> None: ...
    class CathedralDonate(_message.Message):
        __slots__ = ("resource", "payment")
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        PAYMENT_FIELD_NUMBER: _ClassVar[int]
        resource: EmaraResource
        payment: EmaraPayment
        def __init__(self, resource: _Optional[_Union[EmaraResource, str]] = ..., payment: _Optional[_Union[EmaraPayment, _Mapping]] = ...) -> None: ...
    class KeepFavorToken(_message.Message):
        __slots__ = ("token",)
        TOKEN_FIELD_NUMBER: _ClassVar[int]
        token: EmaraFavorToken
        def __init__(self, token: _Optional[_Union[EmaraFavorToken, _Mapping]] = ...) -> None: ...
    class CastleGift(_message.Message):
        __slots__ = ("resource", "payment")
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        PAYMENT_FIELD_NUMBER: _ClassVar[int]
        resource: EmaraResource
        payment: EmaraPayment
        def __init__(self, resource: _Optional[_Union[EmaraResource, str]] = ..., payment: _Optional[_Union[EmaraPayment, _Mapping]] = ...) -> None: ...
    class CastleBookForBp(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class MarketBuyCoins(_message.Message):
        __slots__ = ("payment",)
        PAYMENT_FIELD_NUMBER: _ClassVar[int]
        payment: EmaraPayment
        def __init__(self, payment: _Optional[_Union[EmaraPayment, _Mapping]] = ...) -> None: ...
    class MarketSellBooks(_message.Message):
        __slots__ = ("books",)
        BOOKS_FIELD_NUMBER: _ClassVar[int]
        books: int
        def __init__(self, books: _Optional[int] = ...) -> None: ...
    class BuildStone(_message.Message):
        __slots__ = ("payment",)
        PAYMENT_FIELD_NUMBER: _ClassVar[int]
        payment: EmaraPayment
        def __init__(self, payment: _Optional[_Union[EmaraPayment, _Mapping]] = ...) -> None: ...
    class BuildBread(_message.Message):
        __slots__ = ("bread",)
        BREAD_FIELD_NUMBER: _ClassVar[int]
        bread: int
        def __init__(self, bread: _Optional[int] = ...) -> None: ...
    class BuildWood(_message.Message):
        __slots__ = ("payment",)
        PAYMENT_FIELD_NUMBER: _ClassVar[int]
        payment: EmaraPayment
        def __init__(self, payment: _Optional[_Union[EmaraPayment, _Mapping]] = ...) -> None: ...
    class FinishLocationAction(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class RedeemFavorToken(_message.Message):
        __slots__ = ("token",)
        TOKEN_FIELD_NUMBER: _ClassVar[int]
        token: EmaraFavorToken
        def __init__(self, token: _Optional[_Union[EmaraFavorToken, _Mapping]] = ...) -> None: ...
    class RaiseRank(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class UseBaker(_message.Message):
        __slots__ = ("bread", "payment")
        BREAD_FIELD_NUMBER: _ClassVar[int]
        PAYMENT_FIELD_NUMBER: _ClassVar[int]
        bread: int
        payment: EmaraPayment
        def __init__(self, bread: _Optional[int] = ..., payment: _Optional[_Union[EmaraPayment, _Mapping]] = ...) -> None: ...
    class UseSchoolmarm(_message.Message):
        __slots__ = ("payment",)
        PAYMENT_FIELD_NUMBER: _ClassVar[int]
        payment: EmaraPayment
        def __init__(self, payment: _Optional[_Union[EmaraPayment, _Mapping]] = ...) -> None: ...
    class UseBailiff(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class UseDressmaker(_message.Message):
        __slots__ = ("payment",)
        PAYMENT_FIELD_NUMBER: _ClassVar[int]
        payment: EmaraPayment
        def __init__(self, payment: _Optional[_Union[EmaraPayment, _Mapping]] = ...) -> None: ...
    class UseLandlord(_message.Message):
        __slots__ = ("payment",)
        PAYMENT_FIELD_NUMBER: _ClassVar[int]
        payment: EmaraPayment
        def __init__(self, payment: _Optional[_Union[EmaraPayment, _Mapping]] = ...) -> None: ...
    class UseMerchant(_message.Message):
        __slots__ = ("give", "take")
        GIVE_FIELD_NUMBER: _ClassVar[int]
        TAKE_FIELD_NUMBER: _ClassVar[int]
        give: EmaraPayment
        take: EmaraResource
        def __init__(self, give: _Optional[_Union[EmaraPayment, _Mapping]] = ..., take: _Optional[_Union[EmaraResource, str]] = ...) -> None: ...
    class UseChamberlain(_message.Message):
        __slots__ = ("swap",)
        SWAP_FIELD_NUMBER: _ClassVar[int]
        swap: EmaraChamberlainSwap
        def __init__(self, swap: _Optional[_Union[EmaraChamberlainSwap, str]] = ...) -> None: ...
    class EndTurn(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class ResolveRoundEvent(_message.Message):
        __slots__ = ("option", "payment")
        OPTION_FIELD_NUMBER: _ClassVar[int]
        PAYMENT_FIELD_NUMBER: _ClassVar[int]
        option: EmaraRoundEventOption
        payment: EmaraPayment
        def __init__(self, option: _Optional[_Union[EmaraRoundEventOption, str]] = ..., payment: _Optional[_Union[EmaraPayment, _Mapping]] = ...) -> None: ...
    class AllocateLeftovers(_message.Message):
        __slots__ = ("to_cp",)
        TO_CP_FIELD_NUMBER: _ClassVar[int]
        to_cp: int
        def __init__(self, to_cp: _Optional[int] = ...) -> None: ...
    RELOCATE_START_COUNCILOR_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_STARTING_RESOURCE_FIELD_NUMBER: _ClassVar[int]
    PLAY_CARD_FIELD_NUMBER: _ClassVar[int]
    CARD_COINS_FIELD_NUMBER: _ClassVar[int]
    DECLINE_CARD_ACTION_FIELD_NUMBER: _ClassVar[int]
    CARD_STEP_FIELD_NUMBER: _ClassVar[int]
    CARD_HIRE_FIELD_NUMBER: _ClassVar[int]
    CARD_CITY_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    HARVEST_FIELD_NUMBER: _ClassVar[int]
    CATHEDRAL_DONATE_FIELD_NUMBER: _ClassVar[int]
    KEEP_FAVOR_TOKEN_FIELD_NUMBER: _ClassVar[int]
    CASTLE_GIFT_FIELD_NUMBER: _ClassVar[int]
    CASTLE_BOOK_FOR_BP_FIELD_NUMBER: _ClassVar[int]
    MARKET_BUY_COINS_FIELD_NUMBER: _ClassVar[int]
    MARKET_SELL_BOOKS_FIELD_NUMBER: _ClassVar[int]
    BUILD_STONE_FIELD_NUMBER: _ClassVar[int]
    BUILD_BREAD_FIELD_NUMBER: _ClassVar[int]
    BUILD_WOOD_FIELD_NUMBER: _ClassVar[int]
    FINISH_LOCATION_ACTION_FIELD_NUMBER: _ClassVar[int]
    REDEEM_FAVOR_TOKEN_FIELD_NUMBER: _ClassVar[int]
    RAISE_RANK_FIELD_NUMBER: _ClassVar[int]
    HIRE_CRAFTSMAN_FIELD_NUMBER: _ClassVar[int]
    RECRUIT_ADVISOR_FIELD_NUMBER: _ClassVar[int]
    USE_BAKER_FIELD_NUMBER: _ClassVar[int]
    USE_SCHOOLMARM_FIELD_NUMBER: _ClassVar[int]
    USE_BAILIFF_FIELD_NUMBER: _ClassVar[int]
    USE_DRESSMAKER_FIELD_NUMBER: _ClassVar[int]
    USE_LANDLORD_FIELD_NUMBER: _ClassVar[int]
    USE_MERCHANT_FIELD_NUMBER: _ClassVar[int]
    USE_CHAMBERLAIN_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    RESOLVE_ROUND_EVENT_FIELD_NUMBER: _ClassVar[int]
    ALLOCATE_LEFTOVERS_FIELD_NUMBER: _ClassVar[int]
    relocate_start_councilor: EmaraAction.RelocateStartCouncilor
    choose_starting_resource: EmaraAction.ChooseStartingResource
    play_card: EmaraAction.PlayCard
    card_coins: EmaraAction.CardCoins
    decline_card_action: EmaraAction.DeclineCardAction
    card_step: EmaraAction.CardStep
    card_hire: EmaraAction.CardHire
    card_city: EmaraAction.CardCity
    move: EmaraAction.Move
    harvest: EmaraAction.Harvest
    cathedral_donate: EmaraAction.CathedralDonate
    keep_favor_token: EmaraAction.KeepFavorToken
    castle_gift: EmaraAction.CastleGift
    castle_book_for_bp: EmaraAction.CastleBookForBp
    market_buy_coins: EmaraAction.MarketBuyCoins
    market_sell_books: EmaraAction.MarketSellBooks
    build_stone: EmaraAction.BuildStone
    build_bread: EmaraAction.BuildBread
    build_wood: EmaraAction.BuildWood
    finish_location_action: EmaraAction.FinishLocationAction
    redeem_favor_token: EmaraAction.RedeemFavorToken
    raise_rank: EmaraAction.RaiseRank
    hire_craftsman: EmaraAction.HireCraftsman
    recruit_advisor: EmaraAction.RecruitAdvisor
    use_baker: EmaraAction.UseBaker
    use_schoolmarm: EmaraAction.UseSchoolmarm
    use_bailiff: EmaraAction.UseBailiff
    use_dressmaker: EmaraAction.UseDressmaker
    use_landlord: EmaraAction.UseLandlord
    use_merchant: EmaraAction.UseMerchant
    use_chamberlain: EmaraAction.UseChamberlain
    end_turn: EmaraAction.EndTurn
    resolve_round_event: EmaraAction.ResolveRoundEvent
    allocate_leftovers: EmaraAction.AllocateLeftovers
    def __init__(self, relocate_start_councilor: _Optional[_Union[EmaraAction.RelocateStartCouncilor, _Mapping]] = ..., choose_starting_resource: _Optional[_Union[EmaraAction.ChooseStartingResource, _Mapping]] = ..., play_card: _Optional[_Union[EmaraAction.PlayCard, _Mapping]] = ..., card_coins: _Optional[_Union[EmaraAction.CardCoins, _Mapping]] = ..., decline_card_action: _Optional[_Union[EmaraAction.DeclineCardAction, _Mapping]] = ..., card_step: _Optional[_Union[EmaraAction.CardStep, _Mapping]] = ..., card_hire: _Optional[_Union[EmaraAction.CardHire, _Mapping]] = ..., card_city: _Optional[_Union[EmaraAction.CardCity, _Mapping]] = ..., move: _Optional[_Union[EmaraAction.Move, _Mapping]] = ..., harvest: _Optional[_Union[EmaraAction.Harvest, _Mapping]] = ..., cathedral_donate: _Optional[_Union[EmaraAction.CathedralDonate, _Mapping]] = ..., keep_favor_token: _Optional[_Union[EmaraAction.KeepFavorToken, _Mapping]] = ..., castle_gift: _Optional[_Union[EmaraAction.CastleGift, _Mapping]] = ..., castle_book_for_bp: _Optional[_Union[EmaraAction.CastleBookForBp, _Mapping]] = ..., market_buy_coins: _Optional[_Union[EmaraAction.MarketBuyCoins, _Mapping]] = ..., market_sell_books: _Optional[_Union[EmaraAction.MarketSellBooks, _Mapping]] = ..., build_stone: _Optional[_Union[EmaraAction.BuildStone, _Mapping]] = ..., build_bread: _Optional[_Union[EmaraAction.BuildBread, _Mapping]] = ..., build_wood: _Optional[_Union[EmaraAction.BuildWood, _Mapping]] = ..., finish_location_action: _Optional[_Union[EmaraAction.FinishLocationAction, _Mapping]] = ..., redeem_favor_token: _Optional[_Union[EmaraAction.RedeemFavorToken, _Mapping]] = ..., raise_rank: _Optional[_Union[EmaraAction.RaiseRank, _Mapping]] = ..., hire_craftsman: _Optional[_Union[EmaraAction.HireCraftsman, _Mapping]] = ..., recruit_advisor: _Optional[_Union[EmaraAction.RecruitAdvisor, _Mapping]] = ..., use_baker: _Optional[_Union[EmaraAction.UseBaker, _Mapping]] = ..., use_schoolmarm: _Optional[_Union[EmaraAction.UseSchoolmarm, _Mapping]] = ..., use_bailiff: _Optional[_Union[EmaraAction.UseBailiff, _Mapping]] = ..., use_dressmaker: _Optional[_Union[EmaraAction.UseDressmaker, _Mapping]] = ..., use_landlord: _Optional[_Union[EmaraAction.UseLandlord, _Mapping]] = ..., use_merchant: _Optional[_Union[EmaraAction.UseMerchant, _Mapping]] = ..., use_chamberlain: _Optional[_Union[EmaraAction.UseChamberlain, _Mapping]] = ..., end_turn: _Optional[_Union[EmaraAction.EndTurn, _Mapping]] = ..., resolve_round_event: _Optional[_Union[EmaraAction.ResolveRoundEvent, _Mapping]] = ..., allocate_leftovers: _Optional[_Union[EmaraAction.AllocateLeftovers, _Mapping]] = ...) -> None: ...

class EmaraHut(_message.Message):
    __slots__ = ("location", "index", "cost", "occupant")
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    OCCUPANT_FIELD_NUMBER: _ClassVar[int]
    location: EmaraLocation
    index: int
    cost: EmaraCost
    occupant: int
    def __init__(self, location: _Optional[_Union[EmaraLocation, str]] = ..., index: _Optional[int] = ..., cost: _Optional[_Union[EmaraCost, _Mapping]] = ..., occupant: _Optional[int] = ...) -> None: ...

class EmaraAdvisorSpace(_message.Message):
    __slots__ = ("location", "space", "advisor")
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    SPACE_FIELD_NUMBER: _ClassVar[int]
    ADVISOR_FIELD_NUMBER: _ClassVar[int]
    location: EmaraLocation
    space: int
    advisor: EmaraAdvisor
    def __init__(self, location: _Optional[_Union[EmaraLocation, str]] = ..., space: _Optional[int] = ..., advisor: _Optional[_Union[EmaraAdvisor, str]] = ...) -> None: ...

class EmaraMarkerState(_message.Message):
    __slots__ = ("marker", "value", "index", "side", "board_value")
    MARKER_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    BOARD_VALUE_FIELD_NUMBER: _ClassVar[int]
    marker: EmaraMarker
    value: int
    index: int
    side: _containers.RepeatedScalarFieldContainer[int]
    board_value: int
    def __init__(self, marker: _Optional[_Union[EmaraMarker, str]] = ..., value: _Optional[int] = ..., index: _Optional[int] = ..., side: _Optional[_Iterable[int]] = ..., board_value: _Optional[int] = ...) -> None: ...

class EmaraNobilityStack(_message.Message):
    __slots__ = ("rank", "coins", "rings", "cards")
    RANK_FIELD_NUMBER: _ClassVar[int]
    COINS_FIELD_NUMBER: _ClassVar[int]
    RINGS_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    rank: EmaraRank
    coins: int
    rings: int
    cards: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, rank: _Optional[_Union[EmaraRank, str]] = ..., coins: _Optional[int] = ..., rings: _Optional[int] = ..., cards: _Optional[_Iterable[int]] = ...) -> None: ...

class EmaraSlot(_message.Message):
    __slots__ = ("movement", "card")
    MOVEMENT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    movement: int
    card: EmaraActionCard
    def __init__(self, movement: _Optional[int] = ..., card: _Optional[_Union[EmaraActionCard, str]] = ...) -> None: ...

class EmaraPlayer(_message.Message):
    __slots__ = ("seat", "cp", "bp", "goods", "councilor_a", "councilor_b", "slots", "hand_count", "hand", "hand_visible", "deck_count", "craftsmen_on_board", "craftsmen", "advisors", "favor_tokens", "nobility", "statue", "leftovers", "leftovers_to_cp", "leftovers_suggested_to_cp")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CP_FIELD_NUMBER: _ClassVar[int]
    BP_FIELD_NUMBER: _ClassVar[int]
    GOODS_FIELD_NUMBER: _ClassVar[int]
    COUNCILOR_A_FIELD_NUMBER: _ClassVar[int]
    COUNCILOR_B_FIELD_NUMBER: _ClassVar[int]
    SLOTS_FIELD_NUMBER: _ClassVar[int]
    HAND_COUNT_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_VISIBLE_FIELD_NUMBER: _ClassVar[int]
    DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    CRAFTSMEN_ON_BOARD_FIELD_NUMBER: _ClassVar[int]
    CRAFTSMEN_FIELD_NUMBER: _ClassVar[int]
    ADVISORS_FIELD_NUMBER: _ClassVar[int]
    FAVOR_TOKENS_FIELD_NUMBER: _ClassVar[int]
    NOBILITY_FIELD_NUMBER: _ClassVar[int]
    STATUE_FIELD_NUMBER: _ClassVar[int]
    LEFTOVERS_FIELD_NUMBER: _ClassVar[int]
    LEFTOVERS_TO_CP_FIELD_NUMBER: _ClassVar[int]
    LEFTOVERS_SUGGESTED_TO_CP_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cp: int
    bp: int
    goods: EmaraGoods
    councilor_a: EmaraLocation
    councilor_b: EmaraLocation
    slots: _containers.RepeatedCompositeFieldContainer[EmaraSlot]
    hand_count: int
    hand: _containers.RepeatedScalarFieldContainer[EmaraActionCard]
    hand_visible: bool
    deck_count: int
    craftsmen_on_board: int
    craftsmen: _containers.RepeatedCompositeFieldContainer[EmaraHutRef]
    advisors: _containers.RepeatedScalarFieldContainer[EmaraAdvisor]
    favor_tokens: _containers.RepeatedCompositeFieldContainer[EmaraFavorToken]
    nobility: _containers.RepeatedCompositeFieldContainer[EmaraNobilityCard]
    statue: bool
    leftovers: int
    leftovers_to_cp: int
    leftovers_suggested_to_cp: int
    def __init__(self, seat: _Optional[int] = ..., cp: _Optional[int] = ..., bp: _Optional[int] = ..., goods: _Optional[_Union[EmaraGoods, _Mapping]] = ..., councilor_a: _Optional[_Union[EmaraLocation, str]] = ..., councilor_b: _Optional[_Union[EmaraLocation, str]] = ..., slots: _Optional[_Iterable[_Union[EmaraSlot, _Mapping]]] = ..., hand_count: _Optional[int] = ..., hand: _Optional[_Iterable[_Union[EmaraActionCard, str]]] = ..., hand_visible: _Optional[bool] = ..., deck_count: _Optional[int] = ..., craftsmen_on_board: _Optional[int] = ..., craftsmen: _Optional[_Iterable[_Union[EmaraHutRef, _Mapping]]] = ..., advisors: _Optional[_Iterable[_Union[EmaraAdvisor, str]]] = ..., favor_tokens: _Optional[_Iterable[_Union[EmaraFavorToken, _Mapping]]] = ..., nobility: _Optional[_Iterable[_Union[EmaraNobilityCard, _Mapping]]] = ..., statue: _Optional[bool] = ..., leftovers: _Optional[int] = ..., leftovers_to_cp: _Optional[int] = ..., leftovers_suggested_to_cp: _Optional[int] = ...) -> None: ...

class EmaraVictoria(_message.Message):
    __slots__ = ("cp", "nobility")
    CP_FIELD_NUMBER: _ClassVar[int]
    NOBILITY_FIELD_NUMBER: _ClassVar[int]
    cp: int
    nobility: _containers.RepeatedCompositeFieldContainer[EmaraNobilityCard]
    def __init__(self, cp: _Optional[int] = ..., nobility: _Optional[_Iterable[_Union[EmaraNobilityCard, _Mapping]]] = ...) -> None: ...

class EmaraPending(_message.Message):
    __slots__ = ("kind", "seat", "location", "event", "seats")
    class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        KIND_UNSPECIFIED: _ClassVar[EmaraPending.Kind]
        KIND_RELOCATE_START_COUNCILOR: _ClassVar[EmaraPending.Kind]
        KIND_STARTING_RESOURCE: _ClassVar[EmaraPending.Kind]
        KIND_PLAY_CARD: _ClassVar[EmaraPending.Kind]
        KIND_TURN: _ClassVar[EmaraPending.Kind]
        KIND_LOCATION_ACTION: _ClassVar[EmaraPending.Kind]
        KIND_KEEP_FAVOR_TOKEN: _ClassVar[EmaraPending.Kind]
        KIND_ROUND_EVENT: _ClassVar[EmaraPending.Kind]
        KIND_LEFTOVERS: _ClassVar[EmaraPending.Kind]
        KIND_NONE: _ClassVar[EmaraPending.Kind]
    KIND_UNSPECIFIED: EmaraPending.Kind
    KIND_RELOCATE_START_COUNCILOR: EmaraPending.Kind
    KIND_STARTING_RESOURCE: EmaraPending.Kind
    KIND_PLAY_CARD: EmaraPending.Kind
    KIND_TURN: EmaraPending.Kind
    KIND_LOCATION_ACTION: EmaraPending.Kind
    KIND_KEEP_FAVOR_TOKEN: EmaraPending.Kind
    KIND_ROUND_EVENT: EmaraPending.Kind
    KIND_LEFTOVERS: EmaraPending.Kind
    KIND_NONE: EmaraPending.Kind
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    kind: EmaraPending.Kind
    seat: int
    location: EmaraLocation
    event: EmaraEventCard
    seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, kind: _Optional[_Union[EmaraPending.Kind, str]] = ..., seat: _Optional[int] = ..., location: _Optional[_Union[EmaraLocation, str]] = ..., event: _Optional[_Union[EmaraEventCard, str]] = ..., seats: _Optional[_Iterable[int]] = ...) -> None: ...

class EmaraVisit(_message.Message):
    __slots__ = ("location", "origin", "used")
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    ORIGIN_FIELD_NUMBER: _ClassVar[int]
    USED_FIELD_NUMBER: _ClassVar[int]
    location: EmaraLocation
    origin: EmaraVisitOrigin
    used: _containers.RepeatedScalarFieldContainer[EmaraSubAction]
    def __init__(self, location: _Optional[_Union[EmaraLocation, str]] = ..., origin: _Optional[_Union[EmaraVisitOrigin, str]] = ..., used: _Optional[_Iterable[_Union[EmaraSubAction, str]]] = ...) -> None: ...

class EmaraTurn(_message.Message):
    __slots__ = ("seat", "turn_of_round", "card", "slot", "card_action_done", "movement_done", "bonuses_used", "abilities_used", "visit")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TURN_OF_ROUND_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    CARD_ACTION_DONE_FIELD_NUMBER: _ClassVar[int]
    MOVEMENT_DONE_FIELD_NUMBER: _ClassVar[int]
    BONUSES_USED_FIELD_NUMBER: _ClassVar[int]
    ABILITIES_USED_FIELD_NUMBER: _ClassVar[int]
    VISIT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    turn_of_round: int
    card: EmaraActionCard
    slot: int
    card_action_done: bool
    movement_done: bool
    bonuses_used: _containers.RepeatedScalarFieldContainer[EmaraBonus]
    abilities_used: _containers.RepeatedScalarFieldContainer[EmaraAdvisor]
    visit: EmaraVisit
    def __init__(self, seat: _Optional[int] = ..., turn_of_round: _Optional[int] = ..., card: _Optional[_Union[EmaraActionCard, str]] = ..., slot: _Optional[int] = ..., card_action_done: _Optional[bool] = ..., movement_done: _Optional[bool] = ..., bonuses_used: _Optional[_Iterable[_Union[EmaraBonus, str]]] = ..., abilities_used: _Optional[_Iterable[_Union[EmaraAdvisor, str]]] = ..., visit: _Optional[_Union[EmaraVisit, _Mapping]] = ...) -> None: ...

class EmaraPlayerScore(_message.Message):
    __slots__ = ("seat", "leftovers", "to_cp", "cp", "bp", "final_score", "other", "highest_rank", "top_card_cp", "place")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEFTOVERS_FIELD_NUMBER: _ClassVar[int]
    TO_CP_FIELD_NUMBER: _ClassVar[int]
    CP_FIELD_NUMBER: _ClassVar[int]
    BP_FIELD_NUMBER: _ClassVar[int]
    FINAL_SCORE_FIELD_NUMBER: _ClassVar[int]
    OTHER_FIELD_NUMBER: _ClassVar[int]
    HIGHEST_RANK_FIELD_NUMBER: _ClassVar[int]
    TOP_CARD_CP_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    leftovers: int
    to_cp: int
    cp: int
    bp: int
    final_score: int
    other: int
    highest_rank: EmaraRank
    top_card_cp: int
    place: int
    def __init__(self, seat: _Optional[int] = ..., leftovers: _Optional[int] = ..., to_cp: _Optional[int] = ..., cp: _Optional[int] = ..., bp: _Optional[int] = ..., final_score: _Optional[int] = ..., other: _Optional[int] = ..., highest_rank: _Optional[_Union[EmaraRank, str]] = ..., top_card_cp: _Optional[int] = ..., place: _Optional[int] = ...) -> None: ...

class EmaraScore(_message.Message):
    __slots__ = ("players", "victoria_cp", "building_start", "solo_won", "decided_by")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    VICTORIA_CP_FIELD_NUMBER: _ClassVar[int]
    BUILDING_START_FIELD_NUMBER: _ClassVar[int]
    SOLO_WON_FIELD_NUMBER: _ClassVar[int]
    DECIDED_BY_FIELD_NUMBER: _ClassVar[int]
    players: _containers.RepeatedCompositeFieldContainer[EmaraPlayerScore]
    victoria_cp: int
    building_start: int
    solo_won: bool
    decided_by: str
    def __init__(self, players: _Optional[_Iterable[_Union[EmaraPlayerScore, _Mapping]]] = ..., victoria_cp: _Optional[int] = ..., building_start: _Optional[int] = ..., solo_won: _Optional[bool] = ..., decided_by: _Optional[str] = ...) -> None: ...

class EmaraView(_message.Message):
    __slots__ = ("options", "phase", "round", "rings", "huts", "advisor_spaces", "advisors_b_top", "advisors_b_count", "markers", "nobility", "current_event", "event_top", "event_deck_count", "events_done", "favor_stack_count", "favor_discard_count", "favor_discard_known", "favor_drawn", "statue", "players", "victoria", "pending", "turn", "building_start", "score")
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    RINGS_FIELD_NUMBER: _ClassVar[int]
    HUTS_FIELD_NUMBER: _ClassVar[int]
    ADVISOR_SPACES_FIELD_NUMBER: _ClassVar[int]
    ADVISORS_B_TOP_FIELD_NUMBER: _ClassVar[int]
    ADVISORS_B_COUNT_FIELD_NUMBER: _ClassVar[int]
    MARKERS_FIELD_NUMBER: _ClassVar[int]
    NOBILITY_FIELD_NUMBER: _ClassVar[int]
    CURRENT_EVENT_FIELD_NUMBER: _ClassVar[int]
    EVENT_TOP_FIELD_NUMBER: _ClassVar[int]
    EVENT_DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    EVENTS_DONE_FIELD_NUMBER: _ClassVar[int]
    FAVOR_STACK_COUNT_FIELD_NUMBER: _ClassVar[int]
    FAVOR_DISCARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    FAVOR_DISCARD_KNOWN_FIELD_NUMBER: _ClassVar[int]
    FAVOR_DRAWN_FIELD_NUMBER: _ClassVar[int]
    STATUE_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    VICTORIA_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    BUILDING_START_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    options: EmaraOptions
    phase: EmaraPhase
    round: int
    rings: EmaraRings
    huts: _containers.RepeatedCompositeFieldContainer[EmaraHut]
    advisor_spaces: _containers.RepeatedCompositeFieldContainer[EmaraAdvisorSpace]
    advisors_b_top: EmaraAdvisor
    advisors_b_count: int
    markers: _containers.RepeatedCompositeFieldContainer[EmaraMarkerState]
    nobility: _containers.RepeatedCompositeFieldContainer[EmaraNobilityStack]
    current_event: EmaraEventCard
    event_top: EmaraEventCard
    event_deck_count: int
    events_done: _containers.RepeatedScalarFieldContainer[EmaraEventCard]
    favor_stack_count: int
    favor_discard_count: int
    favor_discard_known: _containers.RepeatedCompositeFieldContainer[EmaraFavorToken]
    favor_drawn: _containers.RepeatedCompositeFieldContainer[EmaraFavorToken]
    statue: int
    players: _containers.RepeatedCompositeFieldContainer[EmaraPlayer]
    victoria: EmaraVictoria
    pending: EmaraPending
    turn: EmaraTurn
    building_start: int
    score: EmaraScore
    def __init__(self, options: _Optional[_Union[EmaraOptions, _Mapping]] = ..., phase: _Optional[_Union[EmaraPhase, str]] = ..., round: _Optional[int] = ..., rings: _Optional[_Union[EmaraRings, _Mapping]] = ..., huts: _Optional[_Iterable[_Union[EmaraHut, _Mapping]]] = ..., advisor_spaces: _Optional[_Iterable[_Union[EmaraAdvisorSpace, _Mapping]]] = ..., advisors_b_top: _Optional[_Union[EmaraAdvisor, str]] = ..., advisors_b_count: _Optional[int] = ..., markers: _Optional[_Iterable[_Union[EmaraMarkerState, _Mapping]]] = ..., nobility: _Optional[_Iterable[_Union[EmaraNobilityStack, _Mapping]]] = ..., current_event: _Optional[_Union[EmaraEventCard, str]] = ..., event_top: _Optional[_Union[EmaraEventCard, str]] = ..., event_deck_count: _Optional[int] = ..., events_done: _Optional[_Iterable[_Union[EmaraEventCard, str]]] = ..., favor_stack_count: _Optional[int] = ..., favor_discard_count: _Optional[int] = ..., favor_discard_known: _Optional[_Iterable[_Union[EmaraFavorToken, _Mapping]]] = ..., favor_drawn: _Optional[_Iterable[_Union[EmaraFavorToken, _Mapping]]] = ..., statue: _Optional[int] = ..., players: _Optional[_Iterable[_Union[EmaraPlayer, _Mapping]]] = ..., victoria: _Optional[_Union[EmaraVictoria, _Mapping]] = ..., pending: _Optional[_Union[EmaraPending, _Mapping]] = ..., turn: _Optional[_Union[EmaraTurn, _Mapping]] = ..., building_start: _Optional[int] = ..., score: _Optional[_Union[EmaraScore, _Mapping]] = ...) -> None: ...

class EmaraSource(_message.Message):
    __slots__ = ("kind", "event", "card", "favor_token", "rank", "advisor")
    class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        KIND_UNSPECIFIED: _ClassVar[EmaraSource.Kind]
        KIND_STARTING_RESOURCE: _ClassVar[EmaraSource.Kind]
        KIND_EVENT: _ClassVar[EmaraSource.Kind]
        KIND_CARD: _ClassVar[EmaraSource.Kind]
        KIND_HARVEST: _ClassVar[EmaraSource.Kind]
        KIND_DONATION: _ClassVar[EmaraSource.Kind]
        KIND_GIFT: _ClassVar[EmaraSource.Kind]
        KIND_CASTLE_BOOK: _ClassVar[EmaraSource.Kind]
        KIND_MARKET_COINS: _ClassVar[EmaraSource.Kind]
        KIND_MARKET_BOOKS: _ClassVar[EmaraSource.Kind]
        KIND_BUILD_STONE: _ClassVar[EmaraSource.Kind]
        KIND_BUILD_BREAD: _ClassVar[EmaraSource.Kind]
        KIND_BUILD_WOOD: _ClassVar[EmaraSource.Kind]
        KIND_FAVOR: _ClassVar[EmaraSource.Kind]
        KIND_RANK: _ClassVar[EmaraSource.Kind]
        KIND_CRAFTSMAN: _ClassVar[EmaraSource.Kind]
        KIND_ADVISOR: _ClassVar[EmaraSource.Kind]
        KIND_LEFTOVERS: _ClassVar[EmaraSource.Kind]
    KIND_UNSPECIFIED: EmaraSource.Kind
    KIND_STARTING_RESOURCE: EmaraSource.Kind
    KIND_EVENT: EmaraSource.Kind
    KIND_CARD: EmaraSource.Kind
    KIND_HARVEST: EmaraSource.Kind
    KIND_DONATION: EmaraSource.Kind
    KIND_GIFT: EmaraSource.Kind
    KIND_CASTLE_BOOK: EmaraSource.Kind
    KIND_MARKET_COINS: EmaraSource.Kind
    KIND_MARKET_BOOKS: EmaraSource.Kind
    KIND_BUILD_STONE: EmaraSource.Kind
    KIND_BUILD_BREAD: EmaraSource.Kind
    KIND_BUILD_WOOD: EmaraSource.Kind
    KIND_FAVOR: EmaraSource.Kind
    KIND_RANK: EmaraSource.Kind
    KIND_CRAFTSMAN: EmaraSource.Kind
    KIND_ADVISOR: EmaraSource.Kind
    KIND_LEFTOVERS: EmaraSource.Kind
    KIND_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    FAVOR_TOKEN_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    ADVISOR_FIELD_NUMBER: _ClassVar[int]
    kind: EmaraSource.Kind
    event: EmaraEventCard
    card: EmaraActionCard
    favor_token: EmaraFavorToken
    rank: EmaraRank
    advisor: EmaraAdvisor
    def __init__(self, kind: _Optional[_Union[EmaraSource.Kind, str]] = ..., event: _Optional[_Union[EmaraEventCard, str]] = ..., card: _Optional[_Union[EmaraActionCard, str]] = ..., favor_token: _Optional[_Union[EmaraFavorToken, _Mapping]] = ..., rank: _Optional[_Union[EmaraRank, str]] = ..., advisor: _Optional[_Union[EmaraAdvisor, str]] = ...) -> None: ...

class EmaraDelta(_message.Message):
    __slots__ = ("wood", "cloth", "grain", "stone", "bread", "books", "rings", "coins", "cp", "bp")
    WOOD_FIELD_NUMBER: _ClassVar[int]
    CLOTH_FIELD_NUMBER: _ClassVar[int]
    GRAIN_FIELD_NUMBER: _ClassVar[int]
    STONE_FIELD_NUMBER: _ClassVar[int]
    BREAD_FIELD_NUMBER: _ClassVar[int]
    BOOKS_FIELD_NUMBER: _ClassVar[int]
    RINGS_FIELD_NUMBER: _ClassVar[int]
    COINS_FIELD_NUMBER: _ClassVar[int]
    CP_FIELD_NUMBER: _ClassVar[int]
    BP_FIELD_NUMBER: _ClassVar[int]
    wood: int
    cloth: int
    grain: int
    stone: int
    bread: int
    books: int
    rings: int
    coins: int
    cp: int
    bp: int
    def __init__(self, wood: _Optional[int] = ..., cloth: _Optional[int] = ..., grain: _Optional[int] = ..., stone: _Optional[int] = ..., bread: _Optional[int] = ..., books: _Optional[int] = ..., rings: _Optional[int] = ..., coins: _Optional[int] = ..., cp: _Optional[int] = ..., bp: _Optional[int] = ...) -> None: ...

class EmaraEvent(_message.Message):
    __slots__ = ("layout_dealt", "advisors_dealt", "event_deck_top", "start_player", "building_start", "councilor_placed", "deck_shuffled", "cards_drawn", "hand_taken_up", "round_started", "event_revealed", "turn_started", "card_played", "councilor_moved", "visit_started", "visit_finished", "changed", "marker_advanced", "favor_drawn", "favor_kept", "favor_discarded", "favor_redeemed", "favor_reshuffled", "craftsman_hired", "advisor_recruited", "advisor_refilled", "rank_raised", "ability_used", "turn_ended", "round_event_resolved", "victoria_built", "victoria_rank", "statue_passed", "slots_cleared", "leftovers_allocated", "game_scored", "card_action_declined")
    class LayoutDealt(_message.Message):
        __slots__ = ("rings",)
        RINGS_FIELD_NUMBER: _ClassVar[int]
        rings: EmaraRings
        def __init__(self, rings: _Optional[_Union[EmaraRings, _Mapping]] = ...) -> None: ...
    class AdvisorsDealt(_message.Message):
        __slots__ = ("spaces", "b_top")
        SPACES_FIELD_NUMBER: _ClassVar[int]
        B_TOP_FIELD_NUMBER: _ClassVar[int]
        spaces: _containers.RepeatedCompositeFieldContainer[EmaraAdvisorSpace]
        b_top: EmaraAdvisor
        def __init__(self, spaces: _Optional[_Iterable[_Union[EmaraAdvisorSpace, _Mapping]]] = ..., b_top: _Optional[_Union[EmaraAdvisor, str]] = ...) -> None: ...
    class EventDeckTop(_message.Message):
        __slots__ = ("top",)
        TOP_FIELD_NUMBER: _ClassVar[int]
        top: EmaraEventCard
        def __init__(self, top: _Optional[_Union[EmaraEventCard, str]] = ...) -> None: ...
    class StartPlayer(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class BuildingStart(_message.Message):
        __slots__ = ("bp",)
        BP_FIELD_NUMBER: _ClassVar[int]
        bp: int
        def __init__(self, bp: _Optional[int] = ...) -> None: ...
    class CouncilorPlaced(_message.Message):
        __slots__ = ("seat", "ring", "location")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RING_FIELD_NUMBER: _ClassVar[int]
        LOCATION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        ring: EmaraRing
        location: EmaraLocation
        def __init__(self, seat: _Optional[int] = ..., ring: _Optional[_Union[EmaraRing, str]] = ..., location: _Optional[_Union[EmaraLocation, str]] = ...) -> None: ...
    class DeckShuffled(_message.Message):
        __slots__ = ("seat", "count")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        count: int
        def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...
    class CardsDrawn(_message.Message):
        __slots__ = ("seat", "count", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        count: int
        cards: _containers.RepeatedScalarFieldContainer[EmaraActionCard]
        def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[EmaraActionCard, str]]] = ...) -> None: ...
    class HandTakenUp(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[EmaraActionCard]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[EmaraActionCard, str]]] = ...) -> None: ...
    class RoundStarted(_message.Message):
        __slots__ = ("round",)
        ROUND_FIELD_NUMBER: _ClassVar[int]
        round: int
        def __init__(self, round: _Optional[int] = ...) -> None: ...
    class EventRevealed(_message.Message):
        __slots__ = ("round", "event")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        EVENT_FIELD_NUMBER: _ClassVar[int]
        round: int
        event: EmaraEventCard
        def __init__(self, round: _Optional[int] = ..., event: _Optional[_Union[EmaraEventCard, str]] = ...) -> None: ...
    class TurnStarted(_message.Message):
        __slots__ = ("seat", "round", "turn_of_round")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ROUND_FIELD_NUMBER: _ClassVar[int]
        TURN_OF_ROUND_FIELD_NUMBER: _ClassVar[int]
        seat: int
        round: int
        turn_of_round: int
        def __init__(self, seat: _Optional[int] = ..., round: _Optional[int] = ..., turn_of_round: _Optional[int] = ...) -> None: ...
    class CardPlayed(_message.Message):
        __slots__ = ("seat", "card", "slot")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: EmaraActionCard
        slot: int
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[EmaraActionCard, str]] = ..., slot: _Optional[int] = ...) -> None: ...
    class CardActionDeclined(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: EmaraActionCard
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[EmaraActionCard, str]] = ...) -> None: ...
    class CouncilorMoved(_message.Message):
        __slots__ = ("seat", "ring", "to", "steps")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RING_FIELD_NUMBER: _ClassVar[int]
        FROM_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        STEPS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        ring: EmaraRing
        to: EmaraLocation
        steps: int
        def __init__(self, seat: _Optional[int] = ..., ring: _Optional[_Union[EmaraRing, str]] = ..., to: _Optional[_Union[EmaraLocation, str]] = ..., steps: _Optional[int] = ..., **kwargs) -> None: ...
    class VisitStarted(_message.Message):
        __slots__ = ("seat", "location", "origin")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        LOCATION_FIELD_NUMBER: _ClassVar[int]
        ORIGIN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        location: EmaraLocation
        origin: EmaraVisitOrigin
        def __init__(self, seat: _Optional[int] = ..., location: _Optional[_Union[EmaraLocation, str]] = ..., origin: _Optional[_Union[EmaraVisitOrigin, str]] = ...) -> None: ...
    class VisitFinished(_message.Message):
        __slots__ = ("seat", "location")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        LOCATION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        location: EmaraLocation
        def __init__(self, seat: _Optional[int] = ..., location: _Optional[_Union[EmaraLocation, str]] = ...) -> None: ...
    class Changed(_message.Message):
        __slots__ = ("seat", "delta", "source")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DELTA_FIELD_NUMBER: _ClassVar[int]
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        delta: EmaraDelta
        source: EmaraSource
        def __init__(self, seat: _Optional[int] = ..., delta: _Optional[_Union[EmaraDelta, _Mapping]] = ..., source: _Optional[_Union[EmaraSource, _Mapping]] = ...) -> None: ...
    class MarkerAdvanced(_message.Message):
        __slots__ = ("marker", "used_value", "next_index", "next_value")
        MARKER_FIELD_NUMBER: _ClassVar[int]
        USED_VALUE_FIELD_NUMBER: _ClassVar[int]
        NEXT_INDEX_FIELD_NUMBER: _ClassVar[int]
        NEXT_VALUE_FIELD_NUMBER: _ClassVar[int]
        marker: EmaraMarker
        used_value: int
        next_index: int
        next_value: int
        def __init__(self, marker: _Optional[_Union[EmaraMarker, str]] = ..., used_value: _Optional[int] = ..., next_index: _Optional[int] = ..., next_value: _Optional[int] = ...) -> None: ...
    class FavorDrawn(_message.Message):
        __slots__ = ("seat", "count", "tokens")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        TOKENS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        count: int
        tokens: _containers.RepeatedCompositeFieldContainer[EmaraFavorToken]
        def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ..., tokens: _Optional[_Iterable[_Union[EmaraFavorToken, _Mapping]]] = ...) -> None: ...
    class FavorKept(_message.Message):
        __slots__ = ("seat", "token")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TOKEN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        token: EmaraFavorToken
        def __init__(self, seat: _Optional[int] = ..., token: _Optional[_Union[EmaraFavorToken, _Mapping]] = ...) -> None: ...
    class FavorDiscarded(_message.Message):
        __slots__ = ("seat", "count", "tokens")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        TOKENS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        count: int
        tokens: _containers.RepeatedCompositeFieldContainer[EmaraFavorToken]
        def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ..., tokens: _Optional[_Iterable[_Union[EmaraFavorToken, _Mapping]]] = ...) -> None: ...
    class FavorRedeemed(_message.Message):
        __slots__ = ("seat", "token")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TOKEN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        token: EmaraFavorToken
        def __init__(self, seat: _Optional[int] = ..., token: _Optional[_Union[EmaraFavorToken, _Mapping]] = ...) -> None: ...
    class FavorReshuffled(_message.Message):
        __slots__ = ("count",)
        COUNT_FIELD_NUMBER: _ClassVar[int]
        count: int
        def __init__(self, count: _Optional[int] = ...) -> None: ...
    class CraftsmanHired(_message.Message):
        __slots__ = ("seat", "location", "hut", "slot")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        LOCATION_FIELD_NUMBER: _ClassVar[int]
        HUT_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        location: EmaraLocation
        hut: int
        slot: int
        def __init__(self, seat: _Optional[int] = ..., location: _Optional[_Union[EmaraLocation, str]] = ..., hut: _Optional[int] = ..., slot: _Optional[int] = ...) -> None: ...
    class AdvisorRecruited(_message.Message):
        __slots__ = ("seat", "advisor", "location", "space")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ADVISOR_FIELD_NUMBER: _ClassVar[int]
        LOCATION_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        advisor: EmaraAdvisor
        location: EmaraLocation
        space: int
        def __init__(self, seat: _Optional[int] = ..., advisor: _Optional[_Union[EmaraAdvisor, str]] = ..., location: _Optional[_Union[EmaraLocation, str]] = ..., space: _Optional[int] = ...) -> None: ...
    class AdvisorRefilled(_message.Message):
        __slots__ = ("location", "space", "advisor", "b_top")
        LOCATION_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        ADVISOR_FIELD_NUMBER: _ClassVar[int]
        B_TOP_FIELD_NUMBER: _ClassVar[int]
        location: EmaraLocation
        space: int
        advisor: EmaraAdvisor
        b_top: EmaraAdvisor
        def __init__(self, location: _Optional[_Union[EmaraLocation, str]] = ..., space: _Optional[int] = ..., advisor: _Optional[_Union[EmaraAdvisor, str]] = ..., b_top: _Optional[_Union[EmaraAdvisor, str]] = ...) -> None: ...
    class RankRaised(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: EmaraNobilityCard
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[EmaraNobilityCard, _Mapping]] = ...) -> None: ...
    class AbilityUsed(_message.Message):
        __slots__ = ("seat", "advisor")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ADVISOR_FIELD_NUMBER: _ClassVar[int]
        seat: int
        advisor: EmaraAdvisor
        def __init__(self, seat: _Optional[int] = ..., advisor: _Optional[_Union[EmaraAdvisor, str]] = ...) -> None: ...
    class TurnEnded(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class RoundEventResolved(_message.Message):
        __slots__ = ("seat", "event", "option")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        EVENT_FIELD_NUMBER: _ClassVar[int]
        OPTION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        event: EmaraEventCard
        option: EmaraRoundEventOption
        def __init__(self, seat: _Optional[int] = ..., event: _Optional[_Union[EmaraEventCard, str]] = ..., option: _Optional[_Union[EmaraRoundEventOption, str]] = ...) -> None: ...
    class VictoriaBuilt(_message.Message):
        __slots__ = ("stone", "bread", "cp")
        STONE_FIELD_NUMBER: _ClassVar[int]
        BREAD_FIELD_NUMBER: _ClassVar[int]
        CP_FIELD_NUMBER: _ClassVar[int]
        stone: int
        bread: int
        cp: int
        def __init__(self, stone: _Optional[int] = ..., bread: _Optional[int] = ..., cp: _Optional[int] = ...) -> None: ...
    class VictoriaRank(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: EmaraNobilityCard
        def __init__(self, card: _Optional[_Union[EmaraNobilityCard, _Mapping]] = ...) -> None: ...
    class StatuePassed(_message.Message):
        __slots__ = ("to",)
        TO_FIELD_NUMBER: _ClassVar[int]
        to: int
        def __init__(self, to: _Optional[int] = ...) -> None: ...
    class SlotsCleared(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class LeftoversAllocated(_message.Message):
        __slots__ = ("seat", "to_cp", "to_bp")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TO_CP_FIELD_NUMBER: _ClassVar[int]
        TO_BP_FIELD_NUMBER: _ClassVar[int]
        seat: int
        to_cp: int
        to_bp: int
        def __init__(self, seat: _Optional[int] = ..., to_cp: _Optional[int] = ..., to_bp: _Optional[int] = ...) -> None: ...
    class GameScored(_message.Message):
        __slots__ = ("score",)
        SCORE_FIELD_NUMBER: _ClassVar[int]
        score: EmaraScore
        def __init__(self, score: _Optional[_Union[EmaraScore, _Mapping]] = ...) -> None: ...
    LAYOUT_DEALT_FIELD_NUMBER: _ClassVar[int]
    ADVISORS_DEALT_FIELD_NUMBER: _ClassVar[int]
    EVENT_DECK_TOP_FIELD_NUMBER: _ClassVar[int]
    START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    BUILDING_START_FIELD_NUMBER: _ClassVar[int]
    COUNCILOR_PLACED_FIELD_NUMBER: _ClassVar[int]
    DECK_SHUFFLED_FIELD_NUMBER: _ClassVar[int]
    CARDS_DRAWN_FIELD_NUMBER: _ClassVar[int]
    HAND_TAKEN_UP_FIELD_NUMBER: _ClassVar[int]
    ROUND_STARTED_FIELD_NUMBER: _ClassVar[int]
    EVENT_REVEALED_FIELD_NUMBER: _ClassVar[int]
    TURN_STARTED_FIELD_NUMBER: _ClassVar[int]
    CARD_PLAYED_FIELD_NUMBER: _ClassVar[int]
    COUNCILOR_MOVED_FIELD_NUMBER: _ClassVar[int]
    VISIT_STARTED_FIELD_NUMBER: _ClassVar[int]
    VISIT_FINISHED_FIELD_NUMBER: _ClassVar[int]
    CHANGED_FIELD_NUMBER: _ClassVar[int]
    MARKER_ADVANCED_FIELD_NUMBER: _ClassVar[int]
    FAVOR_DRAWN_FIELD_NUMBER: _ClassVar[int]
    FAVOR_KEPT_FIELD_NUMBER: _ClassVar[int]
    FAVOR_DISCARDED_FIELD_NUMBER: _ClassVar[int]
    FAVOR_REDEEMED_FIELD_NUMBER: _ClassVar[int]
    FAVOR_RESHUFFLED_FIELD_NUMBER: _ClassVar[int]
    CRAFTSMAN_HIRED_FIELD_NUMBER: _ClassVar[int]
    ADVISOR_RECRUITED_FIELD_NUMBER: _ClassVar[int]
    ADVISOR_REFILLED_FIELD_NUMBER: _ClassVar[int]
    RANK_RAISED_FIELD_NUMBER: _ClassVar[int]
    ABILITY_USED_FIELD_NUMBER: _ClassVar[int]
    TURN_ENDED_FIELD_NUMBER: _ClassVar[int]
    ROUND_EVENT_RESOLVED_FIELD_NUMBER: _ClassVar[int]
    VICTORIA_BUILT_FIELD_NUMBER: _ClassVar[int]
    VICTORIA_RANK_FIELD_NUMBER: _ClassVar[int]
    STATUE_PASSED_FIELD_NUMBER: _ClassVar[int]
    SLOTS_CLEARED_FIELD_NUMBER: _ClassVar[int]
    LEFTOVERS_ALLOCATED_FIELD_NUMBER: _ClassVar[int]
    GAME_SCORED_FIELD_NUMBER: _ClassVar[int]
    CARD_ACTION_DECLINED_FIELD_NUMBER: _ClassVar[int]
    layout_dealt: EmaraEvent.LayoutDealt
    advisors_dealt: EmaraEvent.AdvisorsDealt
    event_deck_top: EmaraEvent.EventDeckTop
    start_player: EmaraEvent.StartPlayer
    building_start: EmaraEvent.BuildingStart
    councilor_placed: EmaraEvent.CouncilorPlaced
    deck_shuffled: EmaraEvent.DeckShuffled
    cards_drawn: EmaraEvent.CardsDrawn
    hand_taken_up: EmaraEvent.HandTakenUp
    round_started: EmaraEvent.RoundStarted
    event_revealed: EmaraEvent.EventRevealed
    turn_started: EmaraEvent.TurnStarted
    card_played: EmaraEvent.CardPlayed
    councilor_moved: EmaraEvent.CouncilorMoved
    visit_started: EmaraEvent.VisitStarted
    visit_finished: EmaraEvent.VisitFinished
    changed: EmaraEvent.Changed
    marker_advanced: EmaraEvent.MarkerAdvanced
    favor_drawn: EmaraEvent.FavorDrawn
    favor_kept: EmaraEvent.FavorKept
    favor_discarded: EmaraEvent.FavorDiscarded
    favor_redeemed: EmaraEvent.FavorRedeemed
    favor_reshuffled: EmaraEvent.FavorReshuffled
    craftsman_hired: EmaraEvent.CraftsmanHired
    advisor_recruited: EmaraEvent.AdvisorRecruited
    advisor_refilled: EmaraEvent.AdvisorRefilled
    rank_raised: EmaraEvent.RankRaised
    ability_used: EmaraEvent.AbilityUsed
    turn_ended: EmaraEvent.TurnEnded
    round_event_resolved: EmaraEvent.RoundEventResolved
    victoria_built: EmaraEvent.VictoriaBuilt
    victoria_rank: EmaraEvent.VictoriaRank
    statue_passed: EmaraEvent.StatuePassed
    slots_cleared: EmaraEvent.SlotsCleared
    leftovers_allocated: EmaraEvent.LeftoversAllocated
    game_scored: EmaraEvent.GameScored
    card_action_declined: EmaraEvent.CardActionDeclined
    def __init__(self, layout_dealt: _Optional[_Union[EmaraEvent.LayoutDealt, _Mapping]] = ..., advisors_dealt: _Optional[_Union[EmaraEvent.AdvisorsDealt, _Mapping]] = ..., event_deck_top: _Optional[_Union[EmaraEvent.EventDeckTop, _Mapping]] = ..., start_player: _Optional[_Union[EmaraEvent.StartPlayer, _Mapping]] = ..., building_start: _Optional[_Union[EmaraEvent.BuildingStart, _Mapping]] = ..., councilor_placed: _Optional[_Union[EmaraEvent.CouncilorPlaced, _Mapping]] = ..., deck_shuffled: _Optional[_Union[EmaraEvent.DeckShuffled, _Mapping]] = ..., cards_drawn: _Optional[_Union[EmaraEvent.CardsDrawn, _Mapping]] = ..., hand_taken_up: _Optional[_Union[EmaraEvent.HandTakenUp, _Mapping]] = ..., round_started: _Optional[_Union[EmaraEvent.RoundStarted, _Mapping]] = ..., event_revealed: _Optional[_Union[EmaraEvent.EventRevealed, _Mapping]] = ..., turn_started: _Optional[_Union[EmaraEvent.TurnStarted, _Mapping]] = ..., card_played: _Optional[_Union[EmaraEvent.CardPlayed, _Mapping]] = ..., councilor_moved: _Optional[_Union[EmaraEvent.CouncilorMoved, _Mapping]] = ..., visit_started: _Optional[_Union[EmaraEvent.VisitStarted, _Mapping]] = ..., visit_finished: _Optional[_Union[EmaraEvent.VisitFinished, _Mapping]] = ..., changed: _Optional[_Union[EmaraEvent.Changed, _Mapping]] = ..., marker_advanced: _Optional[_Union[EmaraEvent.MarkerAdvanced, _Mapping]] = ..., favor_drawn: _Optional[_Union[EmaraEvent.FavorDrawn, _Mapping]] = ..., favor_kept: _Optional[_Union[EmaraEvent.FavorKept, _Mapping]] = ..., favor_discarded: _Optional[_Union[EmaraEvent.FavorDiscarded, _Mapping]] = ..., favor_redeemed: _Optional[_Union[EmaraEvent.FavorRedeemed, _Mapping]] = ..., favor_reshuffled: _Optional[_Union[EmaraEvent.FavorReshuffled, _Mapping]] = ..., craftsman_hired: _Optional[_Union[EmaraEvent.CraftsmanHired, _Mapping]] = ..., advisor_recruited: _Optional[_Union[EmaraEvent.AdvisorRecruited, _Mapping]] = ..., advisor_refilled: _Optional[_Union[EmaraEvent.AdvisorRefilled, _Mapping]] = ..., rank_raised: _Optional[_Union[EmaraEvent.RankRaised, _Mapping]] = ..., ability_used: _Optional[_Union[EmaraEvent.AbilityUsed, _Mapping]] = ..., turn_ended: _Optional[_Union[EmaraEvent.TurnEnded, _Mapping]] = ..., round_event_resolved: _Optional[_Union[EmaraEvent.RoundEventResolved, _Mapping]] = ..., victoria_built: _Optional[_Union[EmaraEvent.VictoriaBuilt, _Mapping]] = ..., victoria_rank: _Optional[_Union[EmaraEvent.VictoriaRank, _Mapping]] = ..., statue_passed: _Optional[_Union[EmaraEvent.StatuePassed, _Mapping]] = ..., slots_cleared: _Optional[_Union[EmaraEvent.SlotsCleared, _Mapping]] = ..., leftovers_allocated: _Optional[_Union[EmaraEvent.LeftoversAllocated, _Mapping]] = ..., game_scored: _Optional[_Union[EmaraEvent.GameScored, _Mapping]] = ..., card_action_declined: _Optional[_Union[EmaraEvent.CardActionDeclined, _Mapping]] = ...) -> None: ...
