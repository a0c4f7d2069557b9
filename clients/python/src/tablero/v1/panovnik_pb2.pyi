from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PanovnikColor(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANOVNIK_COLOR_UNSPECIFIED: _ClassVar[PanovnikColor]
    PANOVNIK_COLOR_BLUE: _ClassVar[PanovnikColor]
    PANOVNIK_COLOR_RED: _ClassVar[PanovnikColor]
    PANOVNIK_COLOR_GREEN: _ClassVar[PanovnikColor]
    PANOVNIK_COLOR_YELLOW: _ClassVar[PanovnikColor]

class PanovnikSlot(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANOVNIK_SLOT_UNSPECIFIED: _ClassVar[PanovnikSlot]
    PANOVNIK_SLOT_ABOVE: _ClassVar[PanovnikSlot]
    PANOVNIK_SLOT_BELOW: _ClassVar[PanovnikSlot]

class PanovnikDeck(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANOVNIK_DECK_UNSPECIFIED: _ClassVar[PanovnikDeck]
    PANOVNIK_DECK_SMALL: _ClassVar[PanovnikDeck]
    PANOVNIK_DECK_LAW: _ClassVar[PanovnikDeck]

class PanovnikSegment(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANOVNIK_SEGMENT_UNSPECIFIED: _ClassVar[PanovnikSegment]
    PANOVNIK_SEGMENT_TL: _ClassVar[PanovnikSegment]
    PANOVNIK_SEGMENT_TR: _ClassVar[PanovnikSegment]
    PANOVNIK_SEGMENT_BL: _ClassVar[PanovnikSegment]
    PANOVNIK_SEGMENT_BR: _ClassVar[PanovnikSegment]

class PanovnikCardType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANOVNIK_CARD_TYPE_UNSPECIFIED: _ClassVar[PanovnikCardType]
    PANOVNIK_CARD_TYPE_CHARACTER: _ClassVar[PanovnikCardType]
    PANOVNIK_CARD_TYPE_LAW: _ClassVar[PanovnikCardType]

class PanovnikClaim(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANOVNIK_CLAIM_UNSPECIFIED: _ClassVar[PanovnikClaim]
    PANOVNIK_CLAIM_ABOVE: _ClassVar[PanovnikClaim]
    PANOVNIK_CLAIM_BELOW: _ClassVar[PanovnikClaim]
    PANOVNIK_CLAIM_REFUSE: _ClassVar[PanovnikClaim]

class PanovnikTieChoice(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANOVNIK_TIE_CHOICE_UNSPECIFIED: _ClassVar[PanovnikTieChoice]
    PANOVNIK_TIE_CHOICE_TAKE_ABOVE: _ClassVar[PanovnikTieChoice]
    PANOVNIK_TIE_CHOICE_CONTINUE: _ClassVar[PanovnikTieChoice]

class PanovnikLevel5Choice(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANOVNIK_LEVEL5_CHOICE_UNSPECIFIED: _ClassVar[PanovnikLevel5Choice]
    PANOVNIK_LEVEL5_CHOICE_ROWS_1_2_3: _ClassVar[PanovnikLevel5Choice]
    PANOVNIK_LEVEL5_CHOICE_POWER_15: _ClassVar[PanovnikLevel5Choice]

class PanovnikSealedStep(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANOVNIK_SEALED_STEP_UNSPECIFIED: _ClassVar[PanovnikSealedStep]
    PANOVNIK_SEALED_STEP_STARTING_CARD: _ClassVar[PanovnikSealedStep]
    PANOVNIK_SEALED_STEP_BID: _ClassVar[PanovnikSealedStep]
    PANOVNIK_SEALED_STEP_NEGOTIATION: _ClassVar[PanovnikSealedStep]
    PANOVNIK_SEALED_STEP_BUILD_SELECTION: _ClassVar[PanovnikSealedStep]
    PANOVNIK_SEALED_STEP_RECOLOR: _ClassVar[PanovnikSealedStep]

class PanovnikBidKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANOVNIK_BID_KIND_UNSPECIFIED: _ClassVar[PanovnikBidKind]
    PANOVNIK_BID_KIND_GEM: _ClassVar[PanovnikBidKind]
    PANOVNIK_BID_KIND_ATTACK: _ClassVar[PanovnikBidKind]
    PANOVNIK_BID_KIND_PASS: _ClassVar[PanovnikBidKind]

class PanovnikGemReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANOVNIK_GEM_REASON_UNSPECIFIED: _ClassVar[PanovnikGemReason]
    PANOVNIK_GEM_REASON_SETUP: _ClassVar[PanovnikGemReason]
    PANOVNIK_GEM_REASON_PASS: _ClassVar[PanovnikGemReason]
    PANOVNIK_GEM_REASON_REWARD: _ClassVar[PanovnikGemReason]
    PANOVNIK_GEM_REASON_CIRCLE: _ClassVar[PanovnikGemReason]

class PanovnikPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANOVNIK_PHASE_UNSPECIFIED: _ClassVar[PanovnikPhase]
    PANOVNIK_PHASE_STARTING_CHOICE: _ClassVar[PanovnikPhase]
    PANOVNIK_PHASE_STARTING_REWARDS: _ClassVar[PanovnikPhase]
    PANOVNIK_PHASE_AUCTION: _ClassVar[PanovnikPhase]
    PANOVNIK_PHASE_BUILDING: _ClassVar[PanovnikPhase]
    PANOVNIK_PHASE_RECOLOR: _ClassVar[PanovnikPhase]
    PANOVNIK_PHASE_FINISHED: _ClassVar[PanovnikPhase]

class PanovnikAuctionStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANOVNIK_AUCTION_STATUS_UNSPECIFIED: _ClassVar[PanovnikAuctionStatus]
    PANOVNIK_AUCTION_STATUS_ACTIVE: _ClassVar[PanovnikAuctionStatus]
    PANOVNIK_AUCTION_STATUS_WON: _ClassVar[PanovnikAuctionStatus]
    PANOVNIK_AUCTION_STATUS_PASSED: _ClassVar[PanovnikAuctionStatus]

class PanovnikTakeHow(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANOVNIK_TAKE_HOW_UNSPECIFIED: _ClassVar[PanovnikTakeHow]
    PANOVNIK_TAKE_HOW_ATTACK: _ClassVar[PanovnikTakeHow]
    PANOVNIK_TAKE_HOW_SOLE_BIDDER: _ClassVar[PanovnikTakeHow]
    PANOVNIK_TAKE_HOW_AGREEMENT: _ClassVar[PanovnikTakeHow]
    PANOVNIK_TAKE_HOW_TIE_CHOICE: _ClassVar[PanovnikTakeHow]

class PanovnikRemovalCause(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANOVNIK_REMOVAL_CAUSE_UNSPECIFIED: _ClassVar[PanovnikRemovalCause]
    PANOVNIK_REMOVAL_CAUSE_VIRTUAL_TOOK: _ClassVar[PanovnikRemovalCause]
    PANOVNIK_REMOVAL_CAUSE_TWO_VIRTUALS: _ClassVar[PanovnikRemovalCause]
    PANOVNIK_REMOVAL_CAUSE_TIE_CHOICE: _ClassVar[PanovnikRemovalCause]
    PANOVNIK_REMOVAL_CAUSE_NO_MATCH_VIRTUAL: _ClassVar[PanovnikRemovalCause]
    PANOVNIK_REMOVAL_CAUSE_END_OF_AUCTION: _ClassVar[PanovnikRemovalCause]

class PanovnikTuckFrom(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PANOVNIK_TUCK_FROM_UNSPECIFIED: _ClassVar[PanovnikTuckFrom]
    PANOVNIK_TUCK_FROM_PYRAMID: _ClassVar[PanovnikTuckFrom]
    PANOVNIK_TUCK_FROM_HAND: _ClassVar[PanovnikTuckFrom]
    PANOVNIK_TUCK_FROM_GAINED: _ClassVar[PanovnikTuckFrom]
PANOVNIK_COLOR_UNSPECIFIED: PanovnikColor
PANOVNIK_COLOR_BLUE: PanovnikColor
PANOVNIK_COLOR_RED: PanovnikColor
PANOVNIK_COLOR_GREEN: PanovnikColor
PANOVNIK_COLOR_YELLOW: PanovnikColor
PANOVNIK_SLOT_UNSPECIFIED: PanovnikSlot
PANOVNIK_SLOT_ABOVE: PanovnikSlot
PANOVNIK_SLOT_BELOW: PanovnikSlot
PANOVNIK_DECK_UNSPECIFIED: PanovnikDeck
PANOVNIK_DECK_SMALL: PanovnikDeck
PANOVNIK_DECK_LAW: PanovnikDeck
PANOVNIK_SEGMENT_UNSPECIFIED: PanovnikSegment
PANOVNIK_SEGMENT_TL: PanovnikSegment
PANOVNIK_SEGMENT_TR: PanovnikSegment
PANOVNIK_SEGMENT_BL: PanovnikSegment
PANOVNIK_SEGMENT_BR: PanovnikSegment
PANOVNIK_CARD_TYPE_UNSPECIFIED: PanovnikCardType
PANOVNIK_CARD_TYPE_CHARACTER: PanovnikCardType
PANOVNIK_CARD_TYPE_LAW: PanovnikCardType
PANOVNIK_CLAIM_UNSPECIFIED: PanovnikClaim
PANOVNIK_CLAIM_ABOVE: PanovnikClaim
PANOVNIK_CLAIM_BELOW: PanovnikClaim
PANOVNIK_CLAIM_REFUSE: PanovnikClaim
PANOVNIK_TIE_CHOICE_UNSPECIFIED: PanovnikTieChoice
PANOVNIK_TIE_CHOICE_TAKE_ABOVE: PanovnikTieChoice
PANOVNIK_TIE_CHOICE_CONTINUE: PanovnikTieChoice
PANOVNIK_LEVEL5_CHOICE_UNSPECIFIED: PanovnikLevel5Choice
PANOVNIK_LEVEL5_CHOICE_ROWS_1_2_3: PanovnikLevel5Choice
PANOVNIK_LEVEL5_CHOICE_POWER_15: PanovnikLevel5Choice
PANOVNIK_SEALED_STEP_UNSPECIFIED: PanovnikSealedStep
PANOVNIK_SEALED_STEP_STARTING_CARD: PanovnikSealedStep
PANOVNIK_SEALED_STEP_BID: PanovnikSealedStep
PANOVNIK_SEALED_STEP_NEGOTIATION: PanovnikSealedStep
PANOVNIK_SEALED_STEP_BUILD_SELECTION: PanovnikSealedStep
PANOVNIK_SEALED_STEP_RECOLOR: PanovnikSealedStep
PANOVNIK_BID_KIND_UNSPECIFIED: PanovnikBidKind
PANOVNIK_BID_KIND_GEM: PanovnikBidKind
PANOVNIK_BID_KIND_ATTACK: PanovnikBidKind
PANOVNIK_BID_KIND_PASS: PanovnikBidKind
PANOVNIK_GEM_REASON_UNSPECIFIED: PanovnikGemReason
PANOVNIK_GEM_REASON_SETUP: PanovnikGemReason
PANOVNIK_GEM_REASON_PASS: PanovnikGemReason
PANOVNIK_GEM_REASON_REWARD: PanovnikGemReason
PANOVNIK_GEM_REASON_CIRCLE: PanovnikGemReason
PANOVNIK_PHASE_UNSPECIFIED: PanovnikPhase
PANOVNIK_PHASE_STARTING_CHOICE: PanovnikPhase
PANOVNIK_PHASE_STARTING_REWARDS: PanovnikPhase
PANOVNIK_PHASE_AUCTION: PanovnikPhase
PANOVNIK_PHASE_BUILDING: PanovnikPhase
PANOVNIK_PHASE_RECOLOR: PanovnikPhase
PANOVNIK_PHASE_FINISHED: PanovnikPhase
PANOVNIK_AUCTION_STATUS_UNSPECIFIED: PanovnikAuctionStatus
PANOVNIK_AUCTION_STATUS_ACTIVE: PanovnikAuctionStatus
PANOVNIK_AUCTION_STATUS_WON: PanovnikAuctionStatus
PANOVNIK_AUCTION_STATUS_PASSED: PanovnikAuctionStatus
PANOVNIK_TAKE_HOW_UNSPECIFIED: PanovnikTakeHow
PANOVNIK_TAKE_HOW_ATTACK: PanovnikTakeHow
PANOVNIK_TAKE_HOW_SOLE_BIDDER: PanovnikTakeHow
PANOVNIK_TAKE_HOW_AGREEMENT: PanovnikTakeHow
PANOVNIK_TAKE_HOW_TIE_CHOICE: PanovnikTakeHow
PANOVNIK_REMOVAL_CAUSE_UNSPECIFIED: PanovnikRemovalCause
PANOVNIK_REMOVAL_CAUSE_VIRTUAL_TOOK: PanovnikRemovalCause
PANOVNIK_REMOVAL_CAUSE_TWO_VIRTUALS: PanovnikRemovalCause
PANOVNIK_REMOVAL_CAUSE_TIE_CHOICE: PanovnikRemovalCause
PANOVNIK_REMOVAL_CAUSE_NO_MATCH_VIRTUAL: PanovnikRemovalCause
PANOVNIK_REMOVAL_CAUSE_END_OF_AUCTION: PanovnikRemovalCause
PANOVNIK_TUCK_FROM_UNSPECIFIED: PanovnikTuckFrom
PANOVNIK_TUCK_FROM_PYRAMID: PanovnikTuckFrom
PANOVNIK_TUCK_FROM_HAND: PanovnikTuckFrom
PANOVNIK_TUCK_FROM_GAINED: PanovnikTuckFrom

class PanovnikGems(_message.Message):
    __slots__ = ("blue", "red", "green", "yellow")
    BLUE_FIELD_NUMBER: _ClassVar[int]
    RED_FIELD_NUMBER: _ClassVar[int]
    GREEN_FIELD_NUMBER: _ClassVar[int]
    YELLOW_FIELD_NUMBER: _ClassVar[int]
    blue: int
    red: int
    green: int
    yellow: int
    def __init__(self, blue: _Optional[int] = ..., red: _Optional[int] = ..., green: _Optional[int] = ..., yellow: _Optional[int] = ...) -> None: ...

class PanovnikSegments(_message.Message):
    __slots__ = ("tl", "tr", "bl", "br")
    TL_FIELD_NUMBER: _ClassVar[int]
    TR_FIELD_NUMBER: _ClassVar[int]
    BL_FIELD_NUMBER: _ClassVar[int]
    BR_FIELD_NUMBER: _ClassVar[int]
    tl: PanovnikColor
    tr: PanovnikColor
    bl: PanovnikColor
    br: PanovnikColor
    def __init__(self, tl: _Optional[_Union[PanovnikColor, str]] = ..., tr: _Optional[_Union[PanovnikColor, str]] = ..., bl: _Optional[_Union[PanovnikColor, str]] = ..., br: _Optional[_Union[PanovnikColor, str]] = ...) -> None: ...

class PanovnikCircleBonus(_message.Message):
    __slots__ = ("color", "value")
    COLOR_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    color: PanovnikColor
    value: int
    def __init__(self, color: _Optional[_Union[PanovnikColor, str]] = ..., value: _Optional[int] = ...) -> None: ...

class PanovnikReward(_message.Message):
    __slots__ = ("gems", "power", "draw", "science", "magic", "defense", "attack", "magic_bonus", "circle_bonus", "eternal_gem", "all", "choice", "text")
    class EternalGem(_message.Message):
        __slots__ = ("color", "any_color")
        COLOR_FIELD_NUMBER: _ClassVar[int]
        ANY_COLOR_FIELD_NUMBER: _ClassVar[int]
        color: PanovnikColor
        any_color: bool
        def __init__(self, color: _Optional[_Union[PanovnikColor, str]] = ..., any_color: _Optional[bool] = ...) -> None: ...
    class Rewards(_message.Message):
        __slots__ = ("rewards",)
        REWARDS_FIELD_NUMBER: _ClassVar[int]
        rewards: _containers.RepeatedCompositeFieldContainer[PanovnikReward]
        def __init__(self, rewards: _Optional[_Iterable[_Union[PanovnikReward, _Mapping]]] = ...) -> None: ...
    GEMS_FIELD_NUMBER: _ClassVar[int]
    POWER_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    SCIENCE_FIELD_NUMBER: _ClassVar[int]
    MAGIC_FIELD_NUMBER: _ClassVar[int]
    DEFENSE_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    MAGIC_BONUS_FIELD_NUMBER: _ClassVar[int]
    CIRCLE_BONUS_FIELD_NUMBER: _ClassVar[int]
    ETERNAL_GEM_FIELD_NUMBER: _ClassVar[int]
    ALL_FIELD_NUMBER: _ClassVar[int]
    CHOICE_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    gems: int
    power: int
    draw: int
    science: int
    magic: int
    defense: int
    attack: int
    magic_bonus: int
    circle_bonus: PanovnikCircleBonus
    eternal_gem: PanovnikReward.EternalGem
    all: PanovnikReward.Rewards
    choice: PanovnikReward.Rewards
    text: str
    def __init__(self, gems: _Optional[int] = ..., power: _Optional[int] = ..., draw: _Optional[int] = ..., science: _Optional[int] = ..., magic: _Optional[int] = ..., defense: _Optional[int] = ..., attack: _Optional[int] = ..., magic_bonus: _Optional[int] = ..., circle_bonus: _Optional[_Union[PanovnikCircleBonus, _Mapping]] = ..., eternal_gem: _Optional[_Union[PanovnikReward.EternalGem, _Mapping]] = ..., all: _Optional[_Union[PanovnikReward.Rewards, _Mapping]] = ..., choice: _Optional[_Union[PanovnikReward.Rewards, _Mapping]] = ..., text: _Optional[str] = ...) -> None: ...

class PanovnikRow(_message.Message):
    __slots__ = ("level", "cost", "reward")
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    REWARD_FIELD_NUMBER: _ClassVar[int]
    level: int
    cost: PanovnikColor
    reward: PanovnikReward
    def __init__(self, level: _Optional[int] = ..., cost: _Optional[_Union[PanovnikColor, str]] = ..., reward: _Optional[_Union[PanovnikReward, _Mapping]] = ...) -> None: ...

class PanovnikLawAction(_message.Message):
    __slots__ = ("choose_one", "gain", "tuck_free_card", "store_gems", "tuck_from_hand")
    class ChooseOne(_message.Message):
        __slots__ = ("options",)
        OPTIONS_FIELD_NUMBER: _ClassVar[int]
        options: _containers.RepeatedCompositeFieldContainer[PanovnikReward]
        def __init__(self, options: _Optional[_Iterable[_Union[PanovnikReward, _Mapping]]] = ...) -> None: ...
    class Gain(_message.Message):
        __slots__ = ("reward",)
        REWARD_FIELD_NUMBER: _ClassVar[int]
        reward: PanovnikReward
        def __init__(self, reward: _Optional[_Union[PanovnikReward, _Mapping]] = ...) -> None: ...
    class TuckFreeCard(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class StoreGems(_message.Message):
        __slots__ = ("max",)
        MAX_FIELD_NUMBER: _ClassVar[int]
        max: int
        def __init__(self, max: _Optional[int] = ...) -> None: ...
    class TuckFromHand(_message.Message):
        __slots__ = ("max",)
        MAX_FIELD_NUMBER: _ClassVar[int]
        max: int
        def __init__(self, max: _Optional[int] = ...) -> None: ...
    CHOOSE_ONE_FIELD_NUMBER: _ClassVar[int]
    GAIN_FIELD_NUMBER: _ClassVar[int]
    TUCK_FREE_CARD_FIELD_NUMBER: _ClassVar[int]
    STORE_GEMS_FIELD_NUMBER: _ClassVar[int]
    TUCK_FROM_HAND_FIELD_NUMBER: _ClassVar[int]
    choose_one: PanovnikLawAction.ChooseOne
    gain: PanovnikLawAction.Gain
    tuck_free_card: PanovnikLawAction.TuckFreeCard
    store_gems: PanovnikLawAction.StoreGems
    tuck_from_hand: PanovnikLawAction.TuckFromHand
    def __init__(self, choose_one: _Optional[_Union[PanovnikLawAction.ChooseOne, _Mapping]] = ..., gain: _Optional[_Union[PanovnikLawAction.Gain, _Mapping]] = ..., tuck_free_card: _Optional[_Union[PanovnikLawAction.TuckFreeCard, _Mapping]] = ..., store_gems: _Optional[_Union[PanovnikLawAction.StoreGems, _Mapping]] = ..., tuck_from_hand: _Optional[_Union[PanovnikLawAction.TuckFromHand, _Mapping]] = ...) -> None: ...

class PanovnikLawPassive(_message.Message):
    __slots__ = ("pass_bonus_gems", "tuck_gained_cards")
    class PassBonusGems(_message.Message):
        __slots__ = ("n",)
        N_FIELD_NUMBER: _ClassVar[int]
        n: int
        def __init__(self, n: _Optional[int] = ...) -> None: ...
    class TuckGainedCards(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    PASS_BONUS_GEMS_FIELD_NUMBER: _ClassVar[int]
    TUCK_GAINED_CARDS_FIELD_NUMBER: _ClassVar[int]
    pass_bonus_gems: PanovnikLawPassive.PassBonusGems
    tuck_gained_cards: PanovnikLawPassive.TuckGainedCards
    def __init__(self, pass_bonus_gems: _Optional[_Union[PanovnikLawPassive.PassBonusGems, _Mapping]] = ..., tuck_gained_cards: _Optional[_Union[PanovnikLawPassive.TuckGainedCards, _Mapping]] = ...) -> None: ...

class PanovnikLawScoring(_message.Message):
    __slots__ = ("by_own_level", "per_stored_gem", "per_tucked_card", "per_adjacent_character", "per_pyramid_card", "per_set", "per_monochrome_circle_and_eternal_gem")
    class ByOwnLevel(_message.Message):
        __slots__ = ("points",)
        POINTS_FIELD_NUMBER: _ClassVar[int]
        points: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, points: _Optional[_Iterable[int]] = ...) -> None: ...
    class PerStoredGem(_message.Message):
        __slots__ = ("points",)
        POINTS_FIELD_NUMBER: _ClassVar[int]
        points: int
        def __init__(self, points: _Optional[int] = ...) -> None: ...
    class PerTuckedCard(_message.Message):
        __slots__ = ("points",)
        POINTS_FIELD_NUMBER: _ClassVar[int]
        points: int
        def __init__(self, points: _Optional[int] = ...) -> None: ...
    class PerAdjacentCharacter(_message.Message):
        __slots__ = ("points",)
        POINTS_FIELD_NUMBER: _ClassVar[int]
        points: int
        def __init__(self, points: _Optional[int] = ...) -> None: ...
    class PerPyramidCard(_message.Message):
        __slots__ = ("points", "include_tucked")
        POINTS_FIELD_NUMBER: _ClassVar[int]
        INCLUDE_TUCKED_FIELD_NUMBER: _ClassVar[int]
        points: int
        include_tucked: bool
        def __init__(self, points: _Optional[int] = ..., include_tucked: _Optional[bool] = ...) -> None: ...
    class PerSet(_message.Message):
        __slots__ = ("points",)
        POINTS_FIELD_NUMBER: _ClassVar[int]
        points: int
        def __init__(self, points: _Optional[int] = ...) -> None: ...
    class PerMonochromeCircleAndEternalGem(_message.Message):
        __slots__ = ("points",)
        POINTS_FIELD_NUMBER: _ClassVar[int]
        points: int
        def __init__(self, points: _Optional[int] = ...) -> None: ...
    BY_OWN_LEVEL_FIELD_NUMBER: _ClassVar[int]
    PER_STORED_GEM_FIELD_NUMBER: _ClassVar[int]
    PER_TUCKED_CARD_FIELD_NUMBER: _ClassVar[int]
    PER_ADJACENT_CHARACTER_FIELD_NUMBER: _ClassVar[int]
    PER_PYRAMID_CARD_FIELD_NUMBER: _ClassVar[int]
    PER_SET_FIELD_NUMBER: _ClassVar[int]
    PER_MONOCHROME_CIRCLE_AND_ETERNAL_GEM_FIELD_NUMBER: _ClassVar[int]
    by_own_level: PanovnikLawScoring.ByOwnLevel
    per_stored_gem: PanovnikLawScoring.PerStoredGem
    per_tucked_card: PanovnikLawScoring.PerTuckedCard
    per_adjacent_character: PanovnikLawScoring.PerAdjacentCharacter
    per_pyramid_card: PanovnikLawScoring.PerPyramidCard
    per_set: PanovnikLawScoring.PerSet
    per_monochrome_circle_and_eternal_gem: PanovnikLawScoring.PerMonochromeCircleAndEternalGem
    def __init__(self, by_own_level: _Optional[_Union[PanovnikLawScoring.ByOwnLevel, _Mapping]] = ..., per_stored_gem: _Optional[_Union[PanovnikLawScoring.PerStoredGem, _Mapping]] = ..., per_tucked_card: _Optional[_Union[PanovnikLawScoring.PerTuckedCard, _Mapping]] = ..., per_adjacent_character: _Optional[_Union[PanovnikLawScoring.PerAdjacentCharacter, _Mapping]] = ..., per_pyramid_card: _Optional[_Union[PanovnikLawScoring.PerPyramidCard, _Mapping]] = ..., per_set: _Optional[_Union[PanovnikLawScoring.PerSet, _Mapping]] = ..., per_monochrome_circle_and_eternal_gem: _Optional[_Union[PanovnikLawScoring.PerMonochromeCircleAndEternalGem, _Mapping]] = ...) -> None: ...

class PanovnikCard(_message.Message):
    __slots__ = ("order", "name", "type", "segments", "rows", "text", "on_play", "passive", "end_scoring")
    ORDER_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    SEGMENTS_FIELD_NUMBER: _ClassVar[int]
    ROWS_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    ON_PLAY_FIELD_NUMBER: _ClassVar[int]
    PASSIVE_FIELD_NUMBER: _ClassVar[int]
    END_SCORING_FIELD_NUMBER: _ClassVar[int]
    order: int
    name: str
    type: PanovnikCardType
    segments: PanovnikSegments
    rows: _containers.RepeatedCompositeFieldContainer[PanovnikRow]
    text: str
    on_play: PanovnikLawAction
    passive: PanovnikLawPassive
    end_scoring: PanovnikLawScoring
    def __init__(self, order: _Optional[int] = ..., name: _Optional[str] = ..., type: _Optional[_Union[PanovnikCardType, str]] = ..., segments: _Optional[_Union[PanovnikSegments, _Mapping]] = ..., rows: _Optional[_Iterable[_Union[PanovnikRow, _Mapping]]] = ..., text: _Optional[str] = ..., on_play: _Optional[_Union[PanovnikLawAction, _Mapping]] = ..., passive: _Optional[_Union[PanovnikLawPassive, _Mapping]] = ..., end_scoring: _Optional[_Union[PanovnikLawScoring, _Mapping]] = ...) -> None: ...

class PanovnikOptions(_message.Message):
    __slots__ = ("players", "virtual_opponents", "solo_tie_choice")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    VIRTUAL_OPPONENTS_FIELD_NUMBER: _ClassVar[int]
    SOLO_TIE_CHOICE_FIELD_NUMBER: _ClassVar[int]
    players: int
    virtual_opponents: int
    solo_tie_choice: bool
    def __init__(self, players: _Optional[int] = ..., virtual_opponents: _Optional[int] = ..., solo_tie_choice: _Optional[bool] = ...) -> None: ...

class PanovnikReturnedGems(_message.Message):
    __slots__ = ("colors",)
    COLORS_FIELD_NUMBER: _ClassVar[int]
    colors: _containers.RepeatedScalarFieldContainer[PanovnikColor]
    def __init__(self, colors: _Optional[_Iterable[_Union[PanovnikColor, str]]] = ...) -> None: ...

class PanovnikScenario(_message.Message):
    __slots__ = ("auction_colors", "returned_gems", "characters", "laws")
    AUCTION_COLORS_FIELD_NUMBER: _ClassVar[int]
    RETURNED_GEMS_FIELD_NUMBER: _ClassVar[int]
    CHARACTERS_FIELD_NUMBER: _ClassVar[int]
    LAWS_FIELD_NUMBER: _ClassVar[int]
    auction_colors: _containers.RepeatedScalarFieldContainer[PanovnikColor]
    returned_gems: _containers.RepeatedCompositeFieldContainer[PanovnikReturnedGems]
    characters: _containers.RepeatedScalarFieldContainer[int]
    laws: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, auction_colors: _Optional[_Iterable[_Union[PanovnikColor, str]]] = ..., returned_gems: _Optional[_Iterable[_Union[PanovnikReturnedGems, _Mapping]]] = ..., characters: _Optional[_Iterable[int]] = ..., laws: _Optional[_Iterable[int]] = ...) -> None: ...

class PanovnikAction(_message.Message):
    __slots__ = ("choose_starting_card", "bid_gem", "bid_attack", "bid_pass", "attack_pick", "auction_pick", "negotiate_claim", "virtual_tie_choice", "virtual_discard", "choose_gems", "draw_card", "eternal_gem_from_screen", "build_select", "build_pass", "place_card", "choose_level5_reward", "law_choose_option", "choose_color", "tuck_free_card", "store_gems", "tuck_from_hand", "tuck_from_hand_done", "tuck_gained_card", "recolor", "recolor_clear", "recolor_done", "take_gem", "store_gem", "store_gems_done")
    class ChooseStartingCard(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: int
        def __init__(self, card: _Optional[int] = ...) -> None: ...
    class BidGem(_message.Message):
        __slots__ = ("color",)
        COLOR_FIELD_NUMBER: _ClassVar[int]
        color: PanovnikColor
        def __init__(self, color: _Optional[_Union[PanovnikColor, str]] = ...) -> None: ...
    class BidAttack(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class BidPass(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class AttackPick(_message.Message):
        __slots__ = ("color", "slot")
        COLOR_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        color: PanovnikColor
        slot: PanovnikSlot
        def __init__(self, color: _Optional[_Union[PanovnikColor, str]] = ..., slot: _Optional[_Union[PanovnikSlot, str]] = ...) -> None: ...
    class AuctionPick(_message.Message):
        __slots__ = ("slot",)
        SLOT_FIELD_NUMBER: _ClassVar[int]
        slot: PanovnikSlot
        def __init__(self, slot: _Optional[_Union[PanovnikSlot, str]] = ...) -> None: ...
    class NegotiateClaim(_message.Message):
        __slots__ = ("choice",)
        CHOICE_FIELD_NUMBER: _ClassVar[int]
        choice: PanovnikClaim
        def __init__(self, choice: _Optional[_Union[PanovnikClaim, str]] = ...) -> None: ...
    class VirtualTieChoice(_message.Message):
        __slots__ = ("choice",)
        CHOICE_FIELD_NUMBER: _ClassVar[int]
        choice: PanovnikTieChoice
        def __init__(self, choice: _Optional[_Union[PanovnikTieChoice, str]] = ...) -> None: ...
    class VirtualDiscard(_message.Message):
        __slots__ = ("color", "slot")
        COLOR_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        color: PanovnikColor
        slot: PanovnikSlot
        def __init__(self, color: _Optional[_Union[PanovnikColor, str]] = ..., slot: _Optional[_Union[PanovnikSlot, str]] = ...) -> None: ...
    class ChooseGems(_message.Message):
        __slots__ = ("gems",)
        GEMS_FIELD_NUMBER: _ClassVar[int]
        gems: PanovnikGems
        def __init__(self, gems: _Optional[_Union[PanovnikGems, _Mapping]] = ...) -> None: ...
    class TakeGem(_message.Message):
        __slots__ = ("color",)
        COLOR_FIELD_NUMBER: _ClassVar[int]
        color: PanovnikColor
        def __init__(self, color: _Optional[_Union[PanovnikColor, str]] = ...) -> None: ...
    class DrawCard(_message.Message):
        __slots__ = ("deck",)
        DECK_FIELD_NUMBER: _ClassVar[int]
        deck: PanovnikDeck
        def __init__(self, deck: _Optional[_Union[PanovnikDeck, str]] = ...) -> None: ...
    class EternalGemFromScreen(_message.Message):
        __slots__ = ("accept",)
        ACCEPT_FIELD_NUMBER: _ClassVar[int]
        accept: bool
        def __init__(self, accept: _Optional[bool] = ...) -> None: ...
    class BuildSelect(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: int
        def __init__(self, card: _Optional[int] = ...) -> None: ...
    class BuildPass(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class PlaceCard(_message.Message):
        __slots__ = ("level", "x", "eternal_gems")
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        X_FIELD_NUMBER: _ClassVar[int]
        ETERNAL_GEMS_FIELD_NUMBER: _ClassVar[int]
        level: int
        x: int
        eternal_gems: PanovnikGems
        def __init__(self, level: _Optional[int] = ..., x: _Optional[int] = ..., eternal_gems: _Optional[_Union[PanovnikGems, _Mapping]] = ...) -> None: ...
    class ChooseLevel5Reward(_message.Message):
        __slots__ = ("choice",)
        CHOICE_FIELD_NUMBER: _ClassVar[int]
        choice: PanovnikLevel5Choice
        def __init__(self, choice: _Optional[_Union[PanovnikLevel5Choice, str]] = ...) -> None: ...
    class LawChooseOption(_message.Message):
        __slots__ = ("index",)
        INDEX_FIELD_NUMBER: _ClassVar[int]
        index: int
        def __init__(self, index: _Optional[int] = ...) -> None: ...
    class ChooseColor(_message.Message):
        __slots__ = ("color",)
        COLOR_FIELD_NUMBER: _ClassVar[int]
        color: PanovnikColor
        def __init__(self, color: _Optional[_Union[PanovnikColor, str]] = ...) -> None: ...
    class TuckFreeCard(_message.Message):
        __slots__ = ("level", "x")
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        X_FIELD_NUMBER: _ClassVar[int]
        level: int
        x: int
        def __init__(self, level: _Optional[int] = ..., x: _Optional[int] = ...) -> None: ...
    class StoreGems(_message.Message):
        __slots__ = ("gems",)
        GEMS_FIELD_NUMBER: _ClassVar[int]
        gems: PanovnikGems
        def __init__(self, gems: _Optional[_Union[PanovnikGems, _Mapping]] = ...) -> None: ...
    class StoreGem(_message.Message):
        __slots__ = ("color",)
        COLOR_FIELD_NUMBER: _ClassVar[int]
        color: PanovnikColor
        def __init__(self, color: _Optional[_Union[PanovnikColor, str]] = ...) -> None: ...
    class StoreGemsDone(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class TuckFromHand(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: int
        def __init__(self, card: _Optional[int] = ...) -> None: ...
    class TuckFromHandDone(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class TuckGainedCard(_message.Message):
        __slots__ = ("accept",)
        ACCEPT_FIELD_NUMBER: _ClassVar[int]
        accept: bool
        def __init__(self, accept: _Optional[bool] = ...) -> None: ...
    class Recolor(_message.Message):
        __slots__ = ("level", "x", "segment", "color")
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        X_FIELD_NUMBER: _ClassVar[int]
        SEGMENT_FIELD_NUMBER: _ClassVar[int]
        COLOR_FIELD_NUMBER: _ClassVar[int]
        level: int
        x: int
        segment: PanovnikSegment
        color: PanovnikColor
        def __init__(self, level: _Optional[int] = ..., x: _Optional[int] = ..., segment: _Optional[_Union[PanovnikSegment, str]] = ..., color: _Optional[_Union[PanovnikColor, str]] = ...) -> None: ...
    class RecolorClear(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class RecolorDone(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    CHOOSE_STARTING_CARD_FIELD_NUMBER: _ClassVar[int]
    BID_GEM_FIELD_NUMBER: _ClassVar[int]
    BID_ATTACK_FIELD_NUMBER: _ClassVar[int]
    BID_PASS_FIELD_NUMBER: _ClassVar[int]
    ATTACK_PICK_FIELD_NUMBER: _ClassVar[int]
    AUCTION_PICK_FIELD_NUMBER: _ClassVar[int]
    NEGOTIATE_CLAIM_FIELD_NUMBER: _ClassVar[int]
    VIRTUAL_TIE_CHOICE_FIELD_NUMBER: _ClassVar[int]
    VIRTUAL_DISCARD_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_GEMS_FIELD_NUMBER: _ClassVar[int]
    DRAW_CARD_FIELD_NUMBER: _ClassVar[int]
    ETERNAL_GEM_FROM_SCREEN_FIELD_NUMBER: _ClassVar[int]
    BUILD_SELECT_FIELD_NUMBER: _ClassVar[int]
    BUILD_PASS_FIELD_NUMBER: _ClassVar[int]
    PLACE_CARD_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_LEVEL5_REWARD_FIELD_NUMBER: _ClassVar[int]
    LAW_CHOOSE_OPTION_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_COLOR_FIELD_NUMBER: _ClassVar[int]
    TUCK_FREE_CARD_FIELD_NUMBER: _ClassVar[int]
    STORE_GEMS_FIELD_NUMBER: _ClassVar[int]
    TUCK_FROM_HAND_FIELD_NUMBER: _ClassVar[int]
    TUCK_FROM_HAND_DONE_FIELD_NUMBER: _ClassVar[int]
    TUCK_GAINED_CARD_FIELD_NUMBER: _ClassVar[int]
    RECOLOR_FIELD_NUMBER: _ClassVar[int]
    RECOLOR_CLEAR_FIELD_NUMBER: _ClassVar[int]
    RECOLOR_DONE_FIELD_NUMBER: _ClassVar[int]
    TAKE_GEM_FIELD_NUMBER: _ClassVar[int]
    STORE_GEM_FIELD_NUMBER: _ClassVar[int]
    STORE_GEMS_DONE_FIELD_NUMBER: _ClassVar[int]
    choose_starting_card: PanovnikAction.ChooseStartingCard
    bid_gem: PanovnikAction.BidGem
    bid_attack: PanovnikAction.BidAttack
    bid_pass: PanovnikAction.BidPass
    attack_pick: PanovnikAction.AttackPick
    auction_pick: PanovnikAction.AuctionPick
    negotiate_claim: PanovnikAction.NegotiateClaim
    virtual_tie_choice: PanovnikAction.VirtualTieChoice
    virtual_discard: PanovnikAction.VirtualDiscard
    choose_gems: PanovnikAction.ChooseGems
    draw_card: PanovnikAction.DrawCard
    eternal_gem_from_screen: PanovnikAction.EternalGemFromScreen
    build_select: PanovnikAction.BuildSelect
    build_pass: PanovnikAction.BuildPass
    place_card: PanovnikAction.PlaceCard
    choose_level5_reward: PanovnikAction.ChooseLevel5Reward
    law_choose_option: PanovnikAction.LawChooseOption
    choose_color: PanovnikAction.ChooseColor
    tuck_free_card: PanovnikAction.TuckFreeCard
    store_gems: PanovnikAction.StoreGems
    tuck_from_hand: PanovnikAction.TuckFromHand
    tuck_from_hand_done: PanovnikAction.TuckFromHandDone
    tuck_gained_card: PanovnikAction.TuckGainedCard
    recolor: PanovnikAction.Recolor
    recolor_clear: PanovnikAction.RecolorClear
    recolor_done: PanovnikAction.RecolorDone
    take_gem: PanovnikAction.TakeGem
    store_gem: PanovnikAction.StoreGem
    store_gems_done: PanovnikAction.StoreGemsDone
    def __init__(self, choose_starting_card: _Optional[_Union[PanovnikAction.ChooseStartingCard, _Mapping]] = ..., bid_gem: _Optional[_Union[PanovnikAction.BidGem, _Mapping]] = ..., bid_attack: _Optional[_Union[PanovnikAction.BidAttack, _Mapping]] = ..., bid_pass: _Optional[_Union[PanovnikAction.BidPass, _Mapping]] = ..., attack_pick: _Optional[_Union[PanovnikAction.AttackPick, _Mapping]] = ..., auction_pick: _Optional[_Union[PanovnikAction.AuctionPick, _Mapping]] = ..., negotiate_claim: _Optional[_Union[PanovnikAction.NegotiateClaim, _Mapping]] = ..., virtual_tie_choice: _Optional[_Union[PanovnikAction.VirtualTieChoice, _Mapping]] = ..., virtual_discard: _Optional[_Union[PanovnikAction.VirtualDiscard, _Mapping]] = ..., choose_gems: _Optional[_Union[PanovnikAction.ChooseGems, _Mapping]] = ..., draw_card: _Optional[_Union[PanovnikAction.DrawCard, _Mapping]] = ..., eternal_gem_from_screen: _Optional[_Union[PanovnikAction.EternalGemFromScreen, _Mapping]] = ..., build_select: _Optional[_Union[PanovnikAction.BuildSelect, _Mapping]] = ..., build_pass: _Optional[_Union[PanovnikAction.BuildPass, _Mapping]] = ..., place_card: _Optional[_Union[PanovnikAction.PlaceCard, _Mapping]] = ..., choose_level5_reward: _Optional[_Union[PanovnikAction.ChooseLevel5Reward, _Mapping]] = ..., law_choose_option: _Optional[_Union[PanovnikAction.LawChooseOption, _Mapping]] = ..., choose_color: _Optional[_Union[PanovnikAction.ChooseColor, _Mapping]] = ..., tuck_free_card: _Optional[_Union[PanovnikAction.TuckFreeCard, _Mapping]] = ..., store_gems: _Optional[_Union[PanovnikAction.StoreGems, _Mapping]] = ..., tuck_from_hand: _Optional[_Union[PanovnikAction.TuckFromHand, _Mapping]] = ..., tuck_from_hand_done: _Optional[_Union[PanovnikAction.TuckFromHandDone, _Mapping]] = ..., tuck_gained_card: _Optional[_Union[PanovnikAction.TuckGainedCard, _Mapping]] = ..., recolor: _Optional[_Union[PanovnikAction.Recolor, _Mapping]] = ..., recolor_clear: _Optional[_Union[PanovnikAction.RecolorClear, _Mapping]] = ..., recolor_done: _Optional[_Union[PanovnikAction.RecolorDone, _Mapping]] = ..., take_gem: _Optional[_Union[PanovnikAction.TakeGem, _Mapping]] = ..., store_gem: _Optional[_Union[PanovnikAction.StoreGem, _Mapping]] = ..., store_gems_done: _Optional[_Union[PanovnikAction.StoreGemsDone, _Mapping]] = ...) -> None: ...

class PanovnikBid(_message.Message):
    __slots__ = ("kind", "color")
    KIND_FIELD_NUMBER: _ClassVar[int]
    COLOR_FIELD_NUMBER: _ClassVar[int]
    kind: PanovnikBidKind
    color: PanovnikColor
    def __init__(self, kind: _Optional[_Union[PanovnikBidKind, str]] = ..., color: _Optional[_Union[PanovnikColor, str]] = ...) -> None: ...

class PanovnikRecolor(_message.Message):
    __slots__ = ("level", "x", "segment", "color")
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    SEGMENT_FIELD_NUMBER: _ClassVar[int]
    COLOR_FIELD_NUMBER: _ClassVar[int]
    level: int
    x: int
    segment: PanovnikSegment
    color: PanovnikColor
    def __init__(self, level: _Optional[int] = ..., x: _Optional[int] = ..., segment: _Optional[_Union[PanovnikSegment, str]] = ..., color: _Optional[_Union[PanovnikColor, str]] = ...) -> None: ...

class PanovnikRecolors(_message.Message):
    __slots__ = ("recolors",)
    RECOLORS_FIELD_NUMBER: _ClassVar[int]
    recolors: _containers.RepeatedCompositeFieldContainer[PanovnikRecolor]
    def __init__(self, recolors: _Optional[_Iterable[_Union[PanovnikRecolor, _Mapping]]] = ...) -> None: ...

class PanovnikSealedChoice(_message.Message):
    __slots__ = ("starting_card", "bid", "claim", "build", "recolor")
    class Build(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: PanovnikCard
        def __init__(self, card: _Optional[_Union[PanovnikCard, _Mapping]] = ...) -> None: ...
    STARTING_CARD_FIELD_NUMBER: _ClassVar[int]
    BID_FIELD_NUMBER: _ClassVar[int]
    CLAIM_FIELD_NUMBER: _ClassVar[int]
    BUILD_FIELD_NUMBER: _ClassVar[int]
    RECOLOR_FIELD_NUMBER: _ClassVar[int]
    starting_card: PanovnikCard
    bid: PanovnikBid
    claim: PanovnikClaim
    build: PanovnikSealedChoice.Build
    recolor: PanovnikRecolors
    def __init__(self, starting_card: _Optional[_Union[PanovnikCard, _Mapping]] = ..., bid: _Optional[_Union[PanovnikBid, _Mapping]] = ..., claim: _Optional[_Union[PanovnikClaim, str]] = ..., build: _Optional[_Union[PanovnikSealedChoice.Build, _Mapping]] = ..., recolor: _Optional[_Union[PanovnikRecolors, _Mapping]] = ...) -> None: ...

class PanovnikScore(_message.Message):
    __slots__ = ("seat", "circles", "eternal_gems", "laws", "power", "magic", "sets", "attack_penalty", "total")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CIRCLES_FIELD_NUMBER: _ClassVar[int]
    ETERNAL_GEMS_FIELD_NUMBER: _ClassVar[int]
    LAWS_FIELD_NUMBER: _ClassVar[int]
    POWER_FIELD_NUMBER: _ClassVar[int]
    MAGIC_FIELD_NUMBER: _ClassVar[int]
    SETS_FIELD_NUMBER: _ClassVar[int]
    ATTACK_PENALTY_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    circles: int
    eternal_gems: int
    laws: int
    power: int
    magic: int
    sets: int
    attack_penalty: int
    total: int
    def __init__(self, seat: _Optional[int] = ..., circles: _Optional[int] = ..., eternal_gems: _Optional[int] = ..., laws: _Optional[int] = ..., power: _Optional[int] = ..., magic: _Optional[int] = ..., sets: _Optional[int] = ..., attack_penalty: _Optional[int] = ..., total: _Optional[int] = ...) -> None: ...

class PanovnikEternalGem(_message.Message):
    __slots__ = ("color", "used")
    COLOR_FIELD_NUMBER: _ClassVar[int]
    USED_FIELD_NUMBER: _ClassVar[int]
    color: PanovnikColor
    used: bool
    def __init__(self, color: _Optional[_Union[PanovnikColor, str]] = ..., used: _Optional[bool] = ...) -> None: ...

class PanovnikTokens(_message.Message):
    __slots__ = ("power", "science", "magic", "defense", "magic_bonus", "circle_bonus", "eternal_gems", "stored")
    POWER_FIELD_NUMBER: _ClassVar[int]
    SCIENCE_FIELD_NUMBER: _ClassVar[int]
    MAGIC_FIELD_NUMBER: _ClassVar[int]
    DEFENSE_FIELD_NUMBER: _ClassVar[int]
    MAGIC_BONUS_FIELD_NUMBER: _ClassVar[int]
    CIRCLE_BONUS_FIELD_NUMBER: _ClassVar[int]
    ETERNAL_GEMS_FIELD_NUMBER: _ClassVar[int]
    STORED_FIELD_NUMBER: _ClassVar[int]
    power: int
    science: int
    magic: int
    defense: int
    magic_bonus: _containers.RepeatedScalarFieldContainer[int]
    circle_bonus: _containers.RepeatedCompositeFieldContainer[PanovnikCircleBonus]
    eternal_gems: _containers.RepeatedCompositeFieldContainer[PanovnikEternalGem]
    stored: PanovnikGems
    def __init__(self, power: _Optional[int] = ..., science: _Optional[int] = ..., magic: _Optional[int] = ..., defense: _Optional[int] = ..., magic_bonus: _Optional[_Iterable[int]] = ..., circle_bonus: _Optional[_Iterable[_Union[PanovnikCircleBonus, _Mapping]]] = ..., eternal_gems: _Optional[_Iterable[_Union[PanovnikEternalGem, _Mapping]]] = ..., stored: _Optional[_Union[PanovnikGems, _Mapping]] = ...) -> None: ...

class PanovnikTuckedCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: PanovnikCard
    def __init__(self, card: _Optional[_Union[PanovnikCard, _Mapping]] = ...) -> None: ...

class PanovnikPyramidCard(_message.Message):
    __slots__ = ("card", "level", "x", "tokens", "tucked", "recolor")
    CARD_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    TOKENS_FIELD_NUMBER: _ClassVar[int]
    TUCKED_FIELD_NUMBER: _ClassVar[int]
    RECOLOR_FIELD_NUMBER: _ClassVar[int]
    card: PanovnikCard
    level: int
    x: int
    tokens: PanovnikTokens
    tucked: _containers.RepeatedCompositeFieldContainer[PanovnikTuckedCard]
    recolor: PanovnikSegments
    def __init__(self, card: _Optional[_Union[PanovnikCard, _Mapping]] = ..., level: _Optional[int] = ..., x: _Optional[int] = ..., tokens: _Optional[_Union[PanovnikTokens, _Mapping]] = ..., tucked: _Optional[_Iterable[_Union[PanovnikTuckedCard, _Mapping]]] = ..., recolor: _Optional[_Union[PanovnikSegments, _Mapping]] = ...) -> None: ...

class PanovnikPlayer(_message.Message):
    __slots__ = ("seat", "pyramid", "hand_characters", "hand_laws", "hand", "hand_visible", "screen", "attack_tokens", "starting_options", "priority", "auction_status", "build_passed", "committed", "pending_choice")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PYRAMID_FIELD_NUMBER: _ClassVar[int]
    HAND_CHARACTERS_FIELD_NUMBER: _ClassVar[int]
    HAND_LAWS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_VISIBLE_FIELD_NUMBER: _ClassVar[int]
    SCREEN_FIELD_NUMBER: _ClassVar[int]
    ATTACK_TOKENS_FIELD_NUMBER: _ClassVar[int]
    STARTING_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PRIORITY_FIELD_NUMBER: _ClassVar[int]
    AUCTION_STATUS_FIELD_NUMBER: _ClassVar[int]
    BUILD_PASSED_FIELD_NUMBER: _ClassVar[int]
    COMMITTED_FIELD_NUMBER: _ClassVar[int]
    PENDING_CHOICE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    pyramid: _containers.RepeatedCompositeFieldContainer[PanovnikPyramidCard]
    hand_characters: int
    hand_laws: int
    hand: _containers.RepeatedCompositeFieldContainer[PanovnikCard]
    hand_visible: bool
    screen: PanovnikGems
    attack_tokens: int
    starting_options: _containers.RepeatedCompositeFieldContainer[PanovnikCard]
    priority: int
    auction_status: PanovnikAuctionStatus
    build_passed: bool
    committed: bool
    pending_choice: PanovnikSealedChoice
    def __init__(self, seat: _Optional[int] = ..., pyramid: _Optional[_Iterable[_Union[PanovnikPyramidCard, _Mapping]]] = ..., hand_characters: _Optional[int] = ..., hand_laws: _Optional[int] = ..., hand: _Optional[_Iterable[_Union[PanovnikCard, _Mapping]]] = ..., hand_visible: _Optional[bool] = ..., screen: _Optional[_Union[PanovnikGems, _Mapping]] = ..., attack_tokens: _Optional[int] = ..., starting_options: _Optional[_Iterable[_Union[PanovnikCard, _Mapping]]] = ..., priority: _Optional[int] = ..., auction_status: _Optional[_Union[PanovnikAuctionStatus, str]] = ..., build_passed: _Optional[bool] = ..., committed: _Optional[bool] = ..., pending_choice: _Optional[_Union[PanovnikSealedChoice, _Mapping]] = ...) -> None: ...

class PanovnikAuctionCard(_message.Message):
    __slots__ = ("color", "above", "below")
    COLOR_FIELD_NUMBER: _ClassVar[int]
    ABOVE_FIELD_NUMBER: _ClassVar[int]
    BELOW_FIELD_NUMBER: _ClassVar[int]
    color: PanovnikColor
    above: PanovnikCard
    below: PanovnikCard
    def __init__(self, color: _Optional[_Union[PanovnikColor, str]] = ..., above: _Optional[_Union[PanovnikCard, _Mapping]] = ..., below: _Optional[_Union[PanovnikCard, _Mapping]] = ...) -> None: ...

class PanovnikVirtual(_message.Message):
    __slots__ = ("index", "active", "bid")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    BID_FIELD_NUMBER: _ClassVar[int]
    index: int
    active: bool
    bid: PanovnikColor
    def __init__(self, index: _Optional[int] = ..., active: _Optional[bool] = ..., bid: _Optional[_Union[PanovnikColor, str]] = ...) -> None: ...

class PanovnikSealed(_message.Message):
    __slots__ = ("step", "waiting", "committed")
    STEP_FIELD_NUMBER: _ClassVar[int]
    WAITING_FIELD_NUMBER: _ClassVar[int]
    COMMITTED_FIELD_NUMBER: _ClassVar[int]
    step: PanovnikSealedStep
    waiting: _containers.RepeatedScalarFieldContainer[int]
    committed: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, step: _Optional[_Union[PanovnikSealedStep, str]] = ..., waiting: _Optional[_Iterable[int]] = ..., committed: _Optional[_Iterable[int]] = ...) -> None: ...

class PanovnikDecision(_message.Message):
    __slots__ = ("seat", "choose_gems", "draw_card", "eternal_gem_from_screen", "choose_color", "attack_pick", "auction_pick", "virtual_tie_choice", "virtual_discard", "place_card", "level5_reward", "law_option", "tuck_free_card", "store_gems", "tuck_from_hand", "tuck_gained_card")
    class ChooseGems(_message.Message):
        __slots__ = ("n", "reason", "picked")
        N_FIELD_NUMBER: _ClassVar[int]
        REASON_FIELD_NUMBER: _ClassVar[int]
        PICKED_FIELD_NUMBER: _ClassVar[int]
        n: int
        reason: PanovnikGemReason
        picked: PanovnikGems
        def __init__(self, n: _Optional[int] = ..., reason: _Optional[_Union[PanovnikGemReason, str]] = ..., picked: _Optional[_Union[PanovnikGems, _Mapping]] = ...) -> None: ...
    class DrawCard(_message.Message):
        __slots__ = ("remaining",)
        REMAINING_FIELD_NUMBER: _ClassVar[int]
        remaining: int
        def __init__(self, remaining: _Optional[int] = ...) -> None: ...
    class EternalGemFromScreen(_message.Message):
        __slots__ = ("card", "color")
        CARD_FIELD_NUMBER: _ClassVar[int]
        COLOR_FIELD_NUMBER: _ClassVar[int]
        card: PanovnikCard
        color: PanovnikColor
        def __init__(self, card: _Optional[_Union[PanovnikCard, _Mapping]] = ..., color: _Optional[_Union[PanovnikColor, str]] = ...) -> None: ...
    class ChooseColor(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: PanovnikCard
        def __init__(self, card: _Optional[_Union[PanovnikCard, _Mapping]] = ...) -> None: ...
    class AttackPick(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class AuctionPick(_message.Message):
        __slots__ = ("color",)
        COLOR_FIELD_NUMBER: _ClassVar[int]
        color: PanovnikColor
        def __init__(self, color: _Optional[_Union[PanovnikColor, str]] = ...) -> None: ...
    class VirtualTieChoice(_message.Message):
        __slots__ = ("color", "virtual_index")
        COLOR_FIELD_NUMBER: _ClassVar[int]
        VIRTUAL_INDEX_FIELD_NUMBER: _ClassVar[int]
        color: PanovnikColor
        virtual_index: int
        def __init__(self, color: _Optional[_Union[PanovnikColor, str]] = ..., virtual_index: _Optional[int] = ...) -> None: ...
    class VirtualDiscard(_message.Message):
        __slots__ = ("virtual_index",)
        VIRTUAL_INDEX_FIELD_NUMBER: _ClassVar[int]
        virtual_index: int
        def __init__(self, virtual_index: _Optional[int] = ...) -> None: ...
    class PlaceCard(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: PanovnikCard
        def __init__(self, card: _Optional[_Union[PanovnikCard, _Mapping]] = ...) -> None: ...
    class Level5Reward(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: PanovnikCard
        def __init__(self, card: _Optional[_Union[PanovnikCard, _Mapping]] = ...) -> None: ...
    class LawOption(_message.Message):
        __slots__ = ("card", "options")
        CARD_FIELD_NUMBER: _ClassVar[int]
        OPTIONS_FIELD_NUMBER: _ClassVar[int]
        card: PanovnikCard
        options: _containers.RepeatedCompositeFieldContainer[PanovnikReward]
        def __init__(self, card: _Optional[_Union[PanovnikCard, _Mapping]] = ..., options: _Optional[_Iterable[_Union[PanovnikReward, _Mapping]]] = ...) -> None: ...
    class TuckFreeCard(_message.Message):
        __slots__ = ("law",)
        LAW_FIELD_NUMBER: _ClassVar[int]
        law: PanovnikCard
        def __init__(self, law: _Optional[_Union[PanovnikCard, _Mapping]] = ...) -> None: ...
    class StoreGems(_message.Message):
        __slots__ = ("law", "max", "stored")
        LAW_FIELD_NUMBER: _ClassVar[int]
        MAX_FIELD_NUMBER: _ClassVar[int]
        STORED_FIELD_NUMBER: _ClassVar[int]
        law: PanovnikCard
        max: int
        stored: PanovnikGems
        def __init__(self, law: _Optional[_Union[PanovnikCard, _Mapping]] = ..., max: _Optional[int] = ..., stored: _Optional[_Union[PanovnikGems, _Mapping]] = ...) -> None: ...
    class TuckFromHand(_message.Message):
        __slots__ = ("law", "left")
        LAW_FIELD_NUMBER: _ClassVar[int]
        LEFT_FIELD_NUMBER: _ClassVar[int]
        law: PanovnikCard
        left: int
        def __init__(self, law: _Optional[_Union[PanovnikCard, _Mapping]] = ..., left: _Optional[int] = ...) -> None: ...
    class TuckGainedCard(_message.Message):
        __slots__ = ("law", "card")
        LAW_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        law: PanovnikCard
        card: PanovnikCard
        def __init__(self, law: _Optional[_Union[PanovnikCard, _Mapping]] = ..., card: _Optional[_Union[PanovnikCard, _Mapping]] = ...) -> None: ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_GEMS_FIELD_NUMBER: _ClassVar[int]
    DRAW_CARD_FIELD_NUMBER: _ClassVar[int]
    ETERNAL_GEM_FROM_SCREEN_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_COLOR_FIELD_NUMBER: _ClassVar[int]
    ATTACK_PICK_FIELD_NUMBER: _ClassVar[int]
    AUCTION_PICK_FIELD_NUMBER: _ClassVar[int]
    VIRTUAL_TIE_CHOICE_FIELD_NUMBER: _ClassVar[int]
    VIRTUAL_DISCARD_FIELD_NUMBER: _ClassVar[int]
    PLACE_CARD_FIELD_NUMBER: _ClassVar[int]
    LEVEL5_REWARD_FIELD_NUMBER: _ClassVar[int]
    LAW_OPTION_FIELD_NUMBER: _ClassVar[int]
    TUCK_FREE_CARD_FIELD_NUMBER: _ClassVar[int]
    STORE_GEMS_FIELD_NUMBER: _ClassVar[int]
    TUCK_FROM_HAND_FIELD_NUMBER: _ClassVar[int]
    TUCK_GAINED_CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    choose_gems: PanovnikDecision.ChooseGems
    draw_card: PanovnikDecision.DrawCard
    eternal_gem_from_screen: PanovnikDecision.EternalGemFromScreen
    choose_color: PanovnikDecision.ChooseColor
    attack_pick: PanovnikDecision.AttackPick
    auction_pick: PanovnikDecision.AuctionPick
    virtual_tie_choice: PanovnikDecision.VirtualTieChoice
    virtual_discard: PanovnikDecision.VirtualDiscard
    place_card: PanovnikDecision.PlaceCard
    level5_reward: PanovnikDecision.Level5Reward
    law_option: PanovnikDecision.LawOption
    tuck_free_card: PanovnikDecision.TuckFreeCard
    store_gems: PanovnikDecision.StoreGems
    tuck_from_hand: PanovnikDecision.TuckFromHand
    tuck_gained_card: PanovnikDecision.TuckGainedCard
    def __init__(self, seat: _Optional[int] = ..., choose_gems: _Optional[_Union[PanovnikDecision.ChooseGems, _Mapping]] = ..., draw_card: _Optional[_Union[PanovnikDecision.DrawCard, _Mapping]] = ..., eternal_gem_from_screen: _Optional[_Union[PanovnikDecision.EternalGemFromScreen, _Mapping]] = ..., choose_color: _Optional[_Union[PanovnikDecision.ChooseColor, _Mapping]] = ..., attack_pick: _Optional[_Union[PanovnikDecision.AttackPick, _Mapping]] = ..., auction_pick: _Optional[_Union[PanovnikDecision.AuctionPick, _Mapping]] = ..., virtual_tie_choice: _Optional[_Union[PanovnikDecision.VirtualTieChoice, _Mapping]] = ..., virtual_discard: _Optional[_Union[PanovnikDecision.VirtualDiscard, _Mapping]] = ..., place_card: _Optional[_Union[PanovnikDecision.PlaceCard, _Mapping]] = ..., level5_reward: _Optional[_Union[PanovnikDecision.Level5Reward, _Mapping]] = ..., law_option: _Optional[_Union[PanovnikDecision.LawOption, _Mapping]] = ..., tuck_free_card: _Optional[_Union[PanovnikDecision.TuckFreeCard, _Mapping]] = ..., store_gems: _Optional[_Union[PanovnikDecision.StoreGems, _Mapping]] = ..., tuck_from_hand: _Optional[_Union[PanovnikDecision.TuckFromHand, _Mapping]] = ..., tuck_gained_card: _Optional[_Union[PanovnikDecision.TuckGainedCard, _Mapping]] = ...) -> None: ...

class PanovnikView(_message.Message):
    __slots__ = ("viewer", "round", "last_round", "phase", "bidding_round", "build_step", "display", "supply", "big_deck", "small_deck", "law_deck", "discard", "players", "virtuals", "sealed", "decision", "scores")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    LAST_ROUND_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    BIDDING_ROUND_FIELD_NUMBER: _ClassVar[int]
    BUILD_STEP_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_FIELD_NUMBER: _ClassVar[int]
    BIG_DECK_FIELD_NUMBER: _ClassVar[int]
    SMALL_DECK_FIELD_NUMBER: _ClassVar[int]
    LAW_DECK_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    VIRTUALS_FIELD_NUMBER: _ClassVar[int]
    SEALED_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    viewer: int
    round: int
    last_round: bool
    phase: PanovnikPhase
    bidding_round: int
    build_step: int
    display: _containers.RepeatedCompositeFieldContainer[PanovnikAuctionCard]
    supply: PanovnikGems
    big_deck: int
    small_deck: int
    law_deck: int
    discard: _containers.RepeatedCompositeFieldContainer[PanovnikCard]
    players: _containers.RepeatedCompositeFieldContainer[PanovnikPlayer]
    virtuals: _containers.RepeatedCompositeFieldContainer[PanovnikVirtual]
    sealed: PanovnikSealed
    decision: PanovnikDecision
    scores: _containers.RepeatedCompositeFieldContainer[PanovnikScore]
    def __init__(self, viewer: _Optional[int] = ..., round: _Optional[int] = ..., last_round: _Optional[bool] = ..., phase: _Optional[_Union[PanovnikPhase, str]] = ..., bidding_round: _Optional[int] = ..., build_step: _Optional[int] = ..., display: _Optional[_Iterable[_Union[PanovnikAuctionCard, _Mapping]]] = ..., supply: _Optional[_Union[PanovnikGems, _Mapping]] = ..., big_deck: _Optional[int] = ..., small_deck: _Optional[int] = ..., law_deck: _Optional[int] = ..., discard: _Optional[_Iterable[_Union[PanovnikCard, _Mapping]]] = ..., players: _Optional[_Iterable[_Union[PanovnikPlayer, _Mapping]]] = ..., virtuals: _Optional[_Iterable[_Union[PanovnikVirtual, _Mapping]]] = ..., sealed: _Optional[_Union[PanovnikSealed, _Mapping]] = ..., decision: _Optional[_Union[PanovnikDecision, _Mapping]] = ..., scores: _Optional[_Iterable[_Union[PanovnikScore, _Mapping]]] = ...) -> None: ...

class PanovnikDisplayCard(_message.Message):
    __slots__ = ("color", "slot", "card")
    COLOR_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    color: PanovnikColor
    slot: PanovnikSlot
    card: PanovnikCard
    def __init__(self, color: _Optional[_Union[PanovnikColor, str]] = ..., slot: _Optional[_Union[PanovnikSlot, str]] = ..., card: _Optional[_Union[PanovnikCard, _Mapping]] = ...) -> None: ...

class PanovnikEvent(_message.Message):
    __slots__ = ("auction_cards_laid", "supply_prepared", "starting_gems_taken", "starting_gems_returned", "characters_dealt", "step_opened", "choice_committed", "recolor_drafted", "starting_cards_revealed", "decks_formed", "laws_dealt", "display_refilled", "last_round", "round_started", "bidding_round_started", "bids_revealed", "card_taken", "attack_missed", "color_contested", "negotiation_opened", "negotiation_revealed", "card_removed", "virtual_left", "passed", "gems_taken", "auction_ended", "build_step_started", "selections_revealed", "card_returned", "card_placed", "monochrome_circle", "level5_chosen", "tokens_placed", "attack_gained", "eternal_gem_placed", "eternal_gem_lost", "card_drawn", "draw_lost", "law_option_chosen", "card_tucked", "gems_stored", "screens_revealed", "recolors_revealed", "game_scored")
    class AuctionCardsLaid(_message.Message):
        __slots__ = ("colors",)
        COLORS_FIELD_NUMBER: _ClassVar[int]
        colors: _containers.RepeatedScalarFieldContainer[PanovnikColor]
        def __init__(self, colors: _Optional[_Iterable[_Union[PanovnikColor, str]]] = ...) -> None: ...
    class SupplyPrepared(_message.Message):
        __slots__ = ("supply",)
        SUPPLY_FIELD_NUMBER: _ClassVar[int]
        supply: PanovnikGems
        def __init__(self, supply: _Optional[_Union[PanovnikGems, _Mapping]] = ...) -> None: ...
    class StartingGemsTaken(_message.Message):
        __slots__ = ("seat", "gems")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GEMS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        gems: PanovnikGems
        def __init__(self, seat: _Optional[int] = ..., gems: _Optional[_Union[PanovnikGems, _Mapping]] = ...) -> None: ...
    class StartingGemsReturned(_message.Message):
        __slots__ = ("seat", "gems")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GEMS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        gems: _containers.RepeatedScalarFieldContainer[PanovnikColor]
        def __init__(self, seat: _Optional[int] = ..., gems: _Optional[_Iterable[_Union[PanovnikColor, str]]] = ...) -> None: ...
    class CharactersDealt(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedCompositeFieldContainer[PanovnikCard]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[PanovnikCard, _Mapping]]] = ...) -> None: ...
    class StepOpened(_message.Message):
        __slots__ = ("step", "seats")
        STEP_FIELD_NUMBER: _ClassVar[int]
        SEATS_FIELD_NUMBER: _ClassVar[int]
        step: PanovnikSealedStep
        seats: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, step: _Optional[_Union[PanovnikSealedStep, str]] = ..., seats: _Optional[_Iterable[int]] = ...) -> None: ...
    class ChoiceCommitted(_message.Message):
        __slots__ = ("seat", "step", "choice")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        STEP_FIELD_NUMBER: _ClassVar[int]
        CHOICE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        step: PanovnikSealedStep
        choice: PanovnikSealedChoice
        def __init__(self, seat: _Optional[int] = ..., step: _Optional[_Union[PanovnikSealedStep, str]] = ..., choice: _Optional[_Union[PanovnikSealedChoice, _Mapping]] = ...) -> None: ...
    class RecolorDrafted(_message.Message):
        __slots__ = ("seat", "draft")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DRAFT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        draft: PanovnikRecolors
        def __init__(self, seat: _Optional[int] = ..., draft: _Optional[_Union[PanovnikRecolors, _Mapping]] = ...) -> None: ...
    class StartingCardsRevealed(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedCompositeFieldContainer[PanovnikCard]
        def __init__(self, cards: _Optional[_Iterable[_Union[PanovnikCard, _Mapping]]] = ...) -> None: ...
    class DecksFormed(_message.Message):
        __slots__ = ("big", "small", "law")
        BIG_FIELD_NUMBER: _ClassVar[int]
        SMALL_FIELD_NUMBER: _ClassVar[int]
        LAW_FIELD_NUMBER: _ClassVar[int]
        big: int
        small: int
        law: int
        def __init__(self, big: _Optional[int] = ..., small: _Optional[int] = ..., law: _Optional[int] = ...) -> None: ...
    class LawsDealt(_message.Message):
        __slots__ = ("seat", "count", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        count: int
        cards: _containers.RepeatedCompositeFieldContainer[PanovnikCard]
        def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[PanovnikCard, _Mapping]]] = ...) -> None: ...
    class DisplayRefilled(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedCompositeFieldContainer[PanovnikDisplayCard]
        def __init__(self, cards: _Optional[_Iterable[_Union[PanovnikDisplayCard, _Mapping]]] = ...) -> None: ...
    class LastRound(_message.Message):
        __slots__ = ("round",)
        ROUND_FIELD_NUMBER: _ClassVar[int]
        round: int
        def __init__(self, round: _Optional[int] = ...) -> None: ...
    class RoundStarted(_message.Message):
        __slots__ = ("round",)
        ROUND_FIELD_NUMBER: _ClassVar[int]
        round: int
        def __init__(self, round: _Optional[int] = ...) -> None: ...
    class BiddingRoundStarted(_message.Message):
        __slots__ = ("bidding_round", "seats", "virtuals")
        BIDDING_ROUND_FIELD_NUMBER: _ClassVar[int]
        SEATS_FIELD_NUMBER: _ClassVar[int]
        VIRTUALS_FIELD_NUMBER: _ClassVar[int]
        bidding_round: int
        seats: _containers.RepeatedScalarFieldContainer[int]
        virtuals: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, bidding_round: _Optional[int] = ..., seats: _Optional[_Iterable[int]] = ..., virtuals: _Optional[_Iterable[int]] = ...) -> None: ...
    class SeatBid(_message.Message):
        __slots__ = ("seat", "bid")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        BID_FIELD_NUMBER: _ClassVar[int]
        seat: int
        bid: PanovnikBid
        def __init__(self, seat: _Optional[int] = ..., bid: _Optional[_Union[PanovnikBid, _Mapping]] = ...) -> None: ...
    class VirtualBid(_message.Message):
        __slots__ = ("virtual_index", "color")
        VIRTUAL_INDEX_FIELD_NUMBER: _ClassVar[int]
        COLOR_FIELD_NUMBER: _ClassVar[int]
        virtual_index: int
        color: PanovnikColor
        def __init__(self, virtual_index: _Optional[int] = ..., color: _Optional[_Union[PanovnikColor, str]] = ...) -> None: ...
    class BidsRevealed(_message.Message):
        __slots__ = ("bids", "virtual_bids")
        BIDS_FIELD_NUMBER: _ClassVar[int]
        VIRTUAL_BIDS_FIELD_NUMBER: _ClassVar[int]
        bids: _containers.RepeatedCompositeFieldContainer[PanovnikEvent.SeatBid]
        virtual_bids: _containers.RepeatedCompositeFieldContainer[PanovnikEvent.VirtualBid]
        def __init__(self, bids: _Optional[_Iterable[_Union[PanovnikEvent.SeatBid, _Mapping]]] = ..., virtual_bids: _Optional[_Iterable[_Union[PanovnikEvent.VirtualBid, _Mapping]]] = ...) -> None: ...
    class CardTaken(_message.Message):
        __slots__ = ("seat", "card", "color", "slot", "how")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        COLOR_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        HOW_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: PanovnikCard
        color: PanovnikColor
        slot: PanovnikSlot
        how: PanovnikTakeHow
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[PanovnikCard, _Mapping]] = ..., color: _Optional[_Union[PanovnikColor, str]] = ..., slot: _Optional[_Union[PanovnikSlot, str]] = ..., how: _Optional[_Union[PanovnikTakeHow, str]] = ...) -> None: ...
    class AttackMissed(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class ColorContested(_message.Message):
        __slots__ = ("color", "seats", "virtuals")
        COLOR_FIELD_NUMBER: _ClassVar[int]
        SEATS_FIELD_NUMBER: _ClassVar[int]
        VIRTUALS_FIELD_NUMBER: _ClassVar[int]
        color: PanovnikColor
        seats: _containers.RepeatedScalarFieldContainer[int]
        virtuals: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, color: _Optional[_Union[PanovnikColor, str]] = ..., seats: _Optional[_Iterable[int]] = ..., virtuals: _Optional[_Iterable[int]] = ...) -> None: ...
    class NegotiationOpened(_message.Message):
        __slots__ = ("color", "seats")
        COLOR_FIELD_NUMBER: _ClassVar[int]
        SEATS_FIELD_NUMBER: _ClassVar[int]
        color: PanovnikColor
        seats: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, color: _Optional[_Union[PanovnikColor, str]] = ..., seats: _Optional[_Iterable[int]] = ...) -> None: ...
    class SeatClaim(_message.Message):
        __slots__ = ("seat", "claim")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CLAIM_FIELD_NUMBER: _ClassVar[int]
        seat: int
        claim: PanovnikClaim
        def __init__(self, seat: _Optional[int] = ..., claim: _Optional[_Union[PanovnikClaim, str]] = ...) -> None: ...
    class NegotiationRevealed(_message.Message):
        __slots__ = ("color", "claims", "agreed")
        COLOR_FIELD_NUMBER: _ClassVar[int]
        CLAIMS_FIELD_NUMBER: _ClassVar[int]
        AGREED_FIELD_NUMBER: _ClassVar[int]
        color: PanovnikColor
        claims: _containers.RepeatedCompositeFieldContainer[PanovnikEvent.SeatClaim]
        agreed: bool
        def __init__(self, color: _Optional[_Union[PanovnikColor, str]] = ..., claims: _Optional[_Iterable[_Union[PanovnikEvent.SeatClaim, _Mapping]]] = ..., agreed: _Optional[bool] = ...) -> None: ...
    class CardRemoved(_message.Message):
        __slots__ = ("card", "color", "slot", "cause", "virtual_index")
        CARD_FIELD_NUMBER: _ClassVar[int]
        COLOR_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        CAUSE_FIELD_NUMBER: _ClassVar[int]
        VIRTUAL_INDEX_FIELD_NUMBER: _ClassVar[int]
        card: PanovnikCard
        color: PanovnikColor
        slot: PanovnikSlot
        cause: PanovnikRemovalCause
        virtual_index: int
        def __init__(self, card: _Optional[_Union[PanovnikCard, _Mapping]] = ..., color: _Optional[_Union[PanovnikColor, str]] = ..., slot: _Optional[_Union[PanovnikSlot, str]] = ..., cause: _Optional[_Union[PanovnikRemovalCause, str]] = ..., virtual_index: _Optional[int] = ...) -> None: ...
    class VirtualLeft(_message.Message):
        __slots__ = ("virtual_index",)
        VIRTUAL_INDEX_FIELD_NUMBER: _ClassVar[int]
        virtual_index: int
        def __init__(self, virtual_index: _Optional[int] = ...) -> None: ...
    class Passed(_message.Message):
        __slots__ = ("seat", "entitled")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ENTITLED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        entitled: int
        def __init__(self, seat: _Optional[int] = ..., entitled: _Optional[int] = ...) -> None: ...
    class GemsTaken(_message.Message):
        __slots__ = ("seat", "gems", "reason")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GEMS_FIELD_NUMBER: _ClassVar[int]
        REASON_FIELD_NUMBER: _ClassVar[int]
        seat: int
        gems: PanovnikGems
        reason: PanovnikGemReason
        def __init__(self, seat: _Optional[int] = ..., gems: _Optional[_Union[PanovnikGems, _Mapping]] = ..., reason: _Optional[_Union[PanovnikGemReason, str]] = ...) -> None: ...
    class AuctionEnded(_message.Message):
        __slots__ = ("discarded",)
        DISCARDED_FIELD_NUMBER: _ClassVar[int]
        discarded: _containers.RepeatedCompositeFieldContainer[PanovnikCard]
        def __init__(self, discarded: _Optional[_Iterable[_Union[PanovnikCard, _Mapping]]] = ...) -> None: ...
    class BuildStepStarted(_message.Message):
        __slots__ = ("step", "seats")
        STEP_FIELD_NUMBER: _ClassVar[int]
        SEATS_FIELD_NUMBER: _ClassVar[int]
        step: int
        seats: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, step: _Optional[int] = ..., seats: _Optional[_Iterable[int]] = ...) -> None: ...
    class Selection(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: PanovnikCard
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[PanovnikCard, _Mapping]] = ...) -> None: ...
    class SelectionsRevealed(_message.Message):
        __slots__ = ("selections",)
        SELECTIONS_FIELD_NUMBER: _ClassVar[int]
        selections: _containers.RepeatedCompositeFieldContainer[PanovnikEvent.Selection]
        def __init__(self, selections: _Optional[_Iterable[_Union[PanovnikEvent.Selection, _Mapping]]] = ...) -> None: ...
    class CardReturned(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: PanovnikCard
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[PanovnikCard, _Mapping]] = ...) -> None: ...
    class CardPlaced(_message.Message):
        __slots__ = ("seat", "card", "level", "x", "paid", "eternal_gems")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        X_FIELD_NUMBER: _ClassVar[int]
        PAID_FIELD_NUMBER: _ClassVar[int]
        ETERNAL_GEMS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: PanovnikCard
        level: int
        x: int
        paid: PanovnikGems
        eternal_gems: PanovnikGems
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[PanovnikCard, _Mapping]] = ..., level: _Optional[int] = ..., x: _Optional[int] = ..., paid: _Optional[_Union[PanovnikGems, _Mapping]] = ..., eternal_gems: _Optional[_Union[PanovnikGems, _Mapping]] = ...) -> None: ...
    class MonochromeCircle(_message.Message):
        __slots__ = ("seat", "level", "x", "color", "gem")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        X_FIELD_NUMBER: _ClassVar[int]
        COLOR_FIELD_NUMBER: _ClassVar[int]
        GEM_FIELD_NUMBER: _ClassVar[int]
        seat: int
        level: int
        x: int
        color: PanovnikColor
        gem: bool
        def __init__(self, seat: _Optional[int] = ..., level: _Optional[int] = ..., x: _Optional[int] = ..., color: _Optional[_Union[PanovnikColor, str]] = ..., gem: _Optional[bool] = ...) -> None: ...
    class Level5Chosen(_message.Message):
        __slots__ = ("seat", "card", "choice")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        CHOICE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: PanovnikCard
        choice: PanovnikLevel5Choice
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[PanovnikCard, _Mapping]] = ..., choice: _Optional[_Union[PanovnikLevel5Choice, str]] = ...) -> None: ...
    class TokensPlaced(_message.Message):
        __slots__ = ("seat", "card", "reward")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        REWARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: PanovnikCard
        reward: PanovnikReward
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[PanovnikCard, _Mapping]] = ..., reward: _Optional[_Union[PanovnikReward, _Mapping]] = ...) -> None: ...
    class AttackGained(_message.Message):
        __slots__ = ("seat", "n")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        N_FIELD_NUMBER: _ClassVar[int]
        seat: int
        n: int
        def __init__(self, seat: _Optional[int] = ..., n: _Optional[int] = ...) -> None: ...
    class EternalGemPlaced(_message.Message):
        __slots__ = ("seat", "card", "color", "from_screen")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        COLOR_FIELD_NUMBER: _ClassVar[int]
        FROM_SCREEN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: PanovnikCard
        color: PanovnikColor
        from_screen: bool
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[PanovnikCard, _Mapping]] = ..., color: _Optional[_Union[PanovnikColor, str]] = ..., from_screen: _Optional[bool] = ...) -> None: ...
    class EternalGemLost(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: PanovnikCard
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[PanovnikCard, _Mapping]] = ...) -> None: ...
    class CardDrawn(_message.Message):
        __slots__ = ("seat", "deck", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DECK_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        deck: PanovnikDeck
        card: PanovnikCard
        def __init__(self, seat: _Optional[int] = ..., deck: _Optional[_Union[PanovnikDeck, str]] = ..., card: _Optional[_Union[PanovnikCard, _Mapping]] = ...) -> None: ...
    class DrawLost(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class LawOptionChosen(_message.Message):
        __slots__ = ("seat", "law", "index", "option")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        LAW_FIELD_NUMBER: _ClassVar[int]
        INDEX_FIELD_NUMBER: _ClassVar[int]
        OPTION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        law: PanovnikCard
        index: int
        option: PanovnikReward
        def __init__(self, seat: _Optional[int] = ..., law: _Optional[_Union[PanovnikCard, _Mapping]] = ..., index: _Optional[int] = ..., option: _Optional[_Union[PanovnikReward, _Mapping]] = ...) -> None: ...
    class CardTucked(_message.Message):
        __slots__ = ("seat", "under", "card", "source", "identity_public")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        UNDER_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        IDENTITY_PUBLIC_FIELD_NUMBER: _ClassVar[int]
        seat: int
        under: PanovnikCard
        card: PanovnikCard
        source: PanovnikTuckFrom
        identity_public: bool
        def __init__(self, seat: _Optional[int] = ..., under: _Optional[_Union[PanovnikCard, _Mapping]] = ..., card: _Optional[_Union[PanovnikCard, _Mapping]] = ..., source: _Optional[_Union[PanovnikTuckFrom, str]] = ..., identity_public: _Optional[bool] = ...) -> None: ...
    class GemsStored(_message.Message):
        __slots__ = ("seat", "law", "gems")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        LAW_FIELD_NUMBER: _ClassVar[int]
        GEMS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        law: PanovnikCard
        gems: PanovnikGems
        def __init__(self, seat: _Optional[int] = ..., law: _Optional[_Union[PanovnikCard, _Mapping]] = ..., gems: _Optional[_Union[PanovnikGems, _Mapping]] = ...) -> None: ...
    class ScreensRevealed(_message.Message):
        __slots__ = ("screens", "attack", "hands_discarded")
        SCREENS_FIELD_NUMBER: _ClassVar[int]
        ATTACK_FIELD_NUMBER: _ClassVar[int]
        HANDS_DISCARDED_FIELD_NUMBER: _ClassVar[int]
        screens: _containers.RepeatedCompositeFieldContainer[PanovnikGems]
        attack: _containers.RepeatedScalarFieldContainer[int]
        hands_discarded: _containers.RepeatedCompositeFieldContainer[PanovnikCard]
        def __init__(self, screens: _Optional[_Iterable[_Union[PanovnikGems, _Mapping]]] = ..., attack: _Optional[_Iterable[int]] = ..., hands_discarded: _Optional[_Iterable[_Union[PanovnikCard, _Mapping]]] = ...) -> None: ...
    class RecolorsRevealed(_message.Message):
        __slots__ = ("recolors",)
        RECOLORS_FIELD_NUMBER: _ClassVar[int]
        recolors: _containers.RepeatedCompositeFieldContainer[PanovnikRecolors]
        def __init__(self, recolors: _Optional[_Iterable[_Union[PanovnikRecolors, _Mapping]]] = ...) -> None: ...
    class GameScored(_message.Message):
        __slots__ = ("scores",)
        SCORES_FIELD_NUMBER: _ClassVar[int]
        scores: _containers.RepeatedCompositeFieldContainer[PanovnikScore]
        def __init__(self, scores: _Optional[_Iterable[_Union[PanovnikScore, _Mapping]]] = ...) -> None: ...
    AUCTION_CARDS_LAID_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_PREPARED_FIELD_NUMBER: _ClassVar[int]
    STARTING_GEMS_TAKEN_FIELD_NUMBER: _ClassVar[int]
    STARTING_GEMS_RETURNED_FIELD_NUMBER: _ClassVar[int]
    CHARACTERS_DEALT_FIELD_NUMBER: _ClassVar[int]
    STEP_OPENED_FIELD_NUMBER: _ClassVar[int]
    CHOICE_COMMITTED_FIELD_NUMBER: _ClassVar[int]
    RECOLOR_DRAFTED_FIELD_NUMBER: _ClassVar[int]
    STARTING_CARDS_REVEALED_FIELD_NUMBER: _ClassVar[int]
    DECKS_FORMED_FIELD_NUMBER: _ClassVar[int]
    LAWS_DEALT_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_REFILLED_FIELD_NUMBER: _ClassVar[int]
    LAST_ROUND_FIELD_NUMBER: _ClassVar[int]
    ROUND_STARTED_FIELD_NUMBER: _ClassVar[int]
    BIDDING_ROUND_STARTED_FIELD_NUMBER: _ClassVar[int]
    BIDS_REVEALED_FIELD_NUMBER: _ClassVar[int]
    CARD_TAKEN_FIELD_NUMBER: _ClassVar[int]
    ATTACK_MISSED_FIELD_NUMBER: _ClassVar[int]
    COLOR_CONTESTED_FIELD_NUMBER: _ClassVar[int]
    NEGOTIATION_OPENED_FIELD_NUMBER: _ClassVar[int]
    NEGOTIATION_REVEALED_FIELD_NUMBER: _ClassVar[int]
    CARD_REMOVED_FIELD_NUMBER: _ClassVar[int]
    VIRTUAL_LEFT_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    GEMS_TAKEN_FIELD_NUMBER: _ClassVar[int]
    AUCTION_ENDED_FIELD_NUMBER: _ClassVar[int]
    BUILD_STEP_STARTED_FIELD_NUMBER: _ClassVar[int]
    SELECTIONS_REVEALED_FIELD_NUMBER: _ClassVar[int]
    CARD_RETURNED_FIELD_NUMBER: _ClassVar[int]
    CARD_PLACED_FIELD_NUMBER: _ClassVar[int]
    MONOCHROME_CIRCLE_FIELD_NUMBER: _ClassVar[int]
    LEVEL5_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    TOKENS_PLACED_FIELD_NUMBER: _ClassVar[int]
    ATTACK_GAINED_FIELD_NUMBER: _ClassVar[int]
    ETERNAL_GEM_PLACED_FIELD_NUMBER: _ClassVar[int]
    ETERNAL_GEM_LOST_FIELD_NUMBER: _ClassVar[int]
    CARD_DRAWN_FIELD_NUMBER: _ClassVar[int]
    DRAW_LOST_FIELD_NUMBER: _ClassVar[int]
    LAW_OPTION_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    CARD_TUCKED_FIELD_NUMBER: _ClassVar[int]
    GEMS_STORED_FIELD_NUMBER: _ClassVar[int]
    SCREENS_REVEALED_FIELD_NUMBER: _ClassVar[int]
    RECOLORS_REVEALED_FIELD_NUMBER: _ClassVar[int]
    GAME_SCORED_FIELD_NUMBER: _ClassVar[int]
    auction_cards_laid: PanovnikEvent.AuctionCardsLaid
    supply_prepared: PanovnikEvent.SupplyPrepared
    starting_gems_taken: PanovnikEvent.StartingGemsTaken
    starting_gems_returned: PanovnikEvent.StartingGemsReturned
    characters_dealt: PanovnikEvent.CharactersDealt
    step_opened: PanovnikEvent.StepOpened
    choice_committed: PanovnikEvent.ChoiceCommitted
    recolor_drafted: PanovnikEvent.RecolorDrafted
    starting_cards_revealed: PanovnikEvent.StartingCardsRevealed
    decks_formed: PanovnikEvent.DecksFormed
    laws_dealt: PanovnikEvent.LawsDealt
    display_refilled: PanovnikEvent.DisplayRefilled
    last_round: PanovnikEvent.LastRound
    round_started: PanovnikEvent.RoundStarted
    bidding_round_started: PanovnikEvent.BiddingRoundStarted
    bids_revealed: PanovnikEvent.BidsRevealed
    card_taken: PanovnikEvent.CardTaken
    attack_missed: PanovnikEvent.AttackMissed
    color_contested: PanovnikEvent.ColorContested
    negotiation_opened: PanovnikEvent.NegotiationOpened
    negotiation_revealed: PanovnikEvent.NegotiationRevealed
    card_removed: PanovnikEvent.CardRemoved
    virtual_left: PanovnikEvent.VirtualLeft
    passed: PanovnikEvent.Passed
    gems_taken: PanovnikEvent.GemsTaken
    auction_ended: PanovnikEvent.AuctionEnded
    build_step_started: PanovnikEvent.BuildStepStarted
    selections_revealed: PanovnikEvent.SelectionsRevealed
    card_returned: PanovnikEvent.CardReturned
    card_placed: PanovnikEvent.CardPlaced
    monochrome_circle: PanovnikEvent.MonochromeCircle
    level5_chosen: PanovnikEvent.Level5Chosen
    tokens_placed: PanovnikEvent.TokensPlaced
    attack_gained: PanovnikEvent.AttackGained
    eternal_gem_placed: PanovnikEvent.EternalGemPlaced
    eternal_gem_lost: PanovnikEvent.EternalGemLost
    card_drawn: PanovnikEvent.CardDrawn
    draw_lost: PanovnikEvent.DrawLost
    law_option_chosen: PanovnikEvent.LawOptionChosen
    card_tucked: PanovnikEvent.CardTucked
    gems_stored: PanovnikEvent.GemsStored
    screens_revealed: PanovnikEvent.ScreensRevealed
    recolors_revealed: PanovnikEvent.RecolorsRevealed
    game_scored: PanovnikEvent.GameScored
    def __init__(self, auction_cards_laid: _Optional[_Union[PanovnikEvent.AuctionCardsLaid, _Mapping]] = ..., supply_prepared: _Optional[_Union[PanovnikEvent.SupplyPrepared, _Mapping]] = ..., starting_gems_taken: _Optional[_Union[PanovnikEvent.StartingGemsTaken, _Mapping]] = ..., starting_gems_returned: _Optional[_Union[PanovnikEvent.StartingGemsReturned, _Mapping]] = ..., characters_dealt: _Optional[_Union[PanovnikEvent.CharactersDealt, _Mapping]] = ..., step_opened: _Optional[_Union[PanovnikEvent.StepOpened, _Mapping]] = ..., choice_committed: _Optional[_Union[PanovnikEvent.ChoiceCommitted, _Mapping]] = ..., recolor_drafted: _Optional[_Union[PanovnikEvent.RecolorDrafted, _Mapping]] = ..., starting_cards_revealed: _Optional[_Union[PanovnikEvent.StartingCardsRevealed, _Mapping]] = ..., decks_formed: _Optional[_Union[PanovnikEvent.DecksFormed, _Mapping]] = ..., laws_dealt: _Optional[_Union[PanovnikEvent.LawsDealt, _Mapping]] = ..., display_refilled: _Optional[_Union[PanovnikEvent.DisplayRefilled, _Mapping]] = ..., last_round: _Optional[_Union[PanovnikEvent.LastRound, _Mapping]] = ..., round_started: _Optional[_Union[PanovnikEvent.RoundStarted, _Mapping]] = ..., bidding_round_started: _Optional[_Union[PanovnikEvent.BiddingRoundStarted, _Mapping]] = ..., bids_revealed: _Optional[_Union[PanovnikEvent.BidsRevealed, _Mapping]] = ..., card_taken: _Optional[_Union[PanovnikEvent.CardTaken, _Mapping]] = ..., attack_missed: _Optional[_Union[PanovnikEvent.AttackMissed, _Mapping]] = ..., color_contested: _Optional[_Union[PanovnikEvent.ColorContested, _Mapping]] = ..., negotiation_opened: _Optional[_Union[PanovnikEvent.NegotiationOpened, _Mapping]] = ..., negotiation_revealed: _Optional[_Union[PanovnikEvent.NegotiationRevealed, _Mapping]] = ..., card_removed: _Optional[_Union[PanovnikEvent.CardRemoved, _Mapping]] = ..., virtual_left: _Optional[_Union[PanovnikEvent.VirtualLeft, _Mapping]] = ..., passed: _Optional[_Union[PanovnikEvent.Passed, _Mapping]] = ..., gems_taken: _Optional[_Union[PanovnikEvent.GemsTaken, _Mapping]] = ..., auction_ended: _Optional[_Union[PanovnikEvent.AuctionEnded, _Mapping]] = ..., build_step_started: _Optional[_Union[PanovnikEvent.BuildStepStarted, _Mapping]] = ..., selections_revealed: _Optional[_Union[PanovnikEvent.SelectionsRevealed, _Mapping]] = ..., card_returned: _Optional[_Union[PanovnikEvent.CardReturned, _Mapping]] = ..., card_placed: _Optional[_Union[PanovnikEvent.CardPlaced, _Mapping]] = ..., monochrome_circle: _Optional[_Union[PanovnikEvent.MonochromeCircle, _Mapping]] = ..., level5_chosen: _Optional[_Union[PanovnikEvent.Level5Chosen, _Mapping]] = ..., tokens_placed: _Optional[_Union[PanovnikEvent.TokensPlaced, _Mapping]] = ..., attack_gained: _Optional[_Union[PanovnikEvent.AttackGained, _Mapping]] = ..., eternal_gem_placed: _Optional[_Union[PanovnikEvent.EternalGemPlaced, _Mapping]] = ..., eternal_gem_lost: _Optional[_Union[PanovnikEvent.EternalGemLost, _Mapping]] = ..., card_drawn: _Optional[_Union[PanovnikEvent.CardDrawn, _Mapping]] = ..., draw_lost: _Optional[_Union[PanovnikEvent.DrawLost, _Mapping]] = ..., law_option_chosen: _Optional[_Union[PanovnikEvent.LawOptionChosen, _Mapping]] = ..., card_tucked: _Optional[_Union[PanovnikEvent.CardTucked, _Mapping]] = ..., gems_stored: _Optional[_Union[PanovnikEvent.GemsStored, _Mapping]] = ..., screens_revealed: _Optional[_Union[PanovnikEvent.ScreensRevealed, _Mapping]] = ..., recolors_revealed: _Optional[_Union[PanovnikEvent.RecolorsRevealed, _Mapping]] = ..., game_scored: _Optional[_Union[PanovnikEvent.GameScored, _Mapping]] = ...) -> None: ...
