from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ClaimFaction(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CLAIM_FACTION_UNSPECIFIED: _ClassVar[ClaimFaction]
    CLAIM_FACTION_GNOMES: _ClassVar[ClaimFaction]
    CLAIM_FACTION_GIANTS: _ClassVar[ClaimFaction]
    CLAIM_FACTION_DRAGONS: _ClassVar[ClaimFaction]
    CLAIM_FACTION_TROLLS: _ClassVar[ClaimFaction]
    CLAIM_FACTION_SEERS: _ClassVar[ClaimFaction]
    CLAIM_FACTION_KNIGHTS: _ClassVar[ClaimFaction]
    CLAIM_FACTION_GOBLINS: _ClassVar[ClaimFaction]
    CLAIM_FACTION_UNDEAD: _ClassVar[ClaimFaction]
    CLAIM_FACTION_DWARVES: _ClassVar[ClaimFaction]
    CLAIM_FACTION_DOPPELGANGERS: _ClassVar[ClaimFaction]

class ClaimMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CLAIM_MODE_UNSPECIFIED: _ClassVar[ClaimMode]
    CLAIM_MODE_BASE_2P: _ClassVar[ClaimMode]
    CLAIM_MODE_CUSTOM_2P: _ClassVar[ClaimMode]
    CLAIM_MODE_THREE_PLAYER: _ClassVar[ClaimMode]
    CLAIM_MODE_FOUR_PLAYER_TEAMS: _ClassVar[ClaimMode]

class ClaimPair(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CLAIM_PAIR_UNSPECIFIED: _ClassVar[ClaimPair]
    CLAIM_PAIR_KNIGHTS_GOBLINS: _ClassVar[ClaimPair]
    CLAIM_PAIR_GNOMES_GIANTS: _ClassVar[ClaimPair]

class ClaimPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CLAIM_PHASE_UNSPECIFIED: _ClassVar[ClaimPhase]
    CLAIM_PHASE_RECRUITING: _ClassVar[ClaimPhase]
    CLAIM_PHASE_FAVOUR: _ClassVar[ClaimPhase]
    CLAIM_PHASE_FINISHED: _ClassVar[ClaimPhase]
CLAIM_FACTION_UNSPECIFIED: ClaimFaction
CLAIM_FACTION_GNOMES: ClaimFaction
CLAIM_FACTION_GIANTS: ClaimFaction
CLAIM_FACTION_DRAGONS: ClaimFaction
CLAIM_FACTION_TROLLS: ClaimFaction
CLAIM_FACTION_SEERS: ClaimFaction
CLAIM_FACTION_KNIGHTS: ClaimFaction
CLAIM_FACTION_GOBLINS: ClaimFaction
CLAIM_FACTION_UNDEAD: ClaimFaction
CLAIM_FACTION_DWARVES: ClaimFaction
CLAIM_FACTION_DOPPELGANGERS: ClaimFaction
CLAIM_MODE_UNSPECIFIED: ClaimMode
CLAIM_MODE_BASE_2P: ClaimMode
CLAIM_MODE_CUSTOM_2P: ClaimMode
CLAIM_MODE_THREE_PLAYER: ClaimMode
CLAIM_MODE_FOUR_PLAYER_TEAMS: ClaimMode
CLAIM_PAIR_UNSPECIFIED: ClaimPair
CLAIM_PAIR_KNIGHTS_GOBLINS: ClaimPair
CLAIM_PAIR_GNOMES_GIANTS: ClaimPair
CLAIM_PHASE_UNSPECIFIED: ClaimPhase
CLAIM_PHASE_RECRUITING: ClaimPhase
CLAIM_PHASE_FAVOUR: ClaimPhase
CLAIM_PHASE_FINISHED: ClaimPhase

class ClaimCard(_message.Message):
    __slots__ = ("faction", "value", "copy")
    FACTION_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    COPY_FIELD_NUMBER: _ClassVar[int]
    faction: ClaimFaction
    value: int
    copy: int
    def __init__(self, faction: _Optional[_Union[ClaimFaction, str]] = ..., value: _Optional[int] = ..., copy: _Optional[int] = ...) -> None: ...

class ClaimOptions(_message.Message):
    __slots__ = ("mode", "pair", "factions", "first_leader", "random_first_leader", "auto_crush_2p", "troll_pool_needs_troll", "knights_only_win")
    MODE_FIELD_NUMBER: _ClassVar[int]
    PAIR_FIELD_NUMBER: _ClassVar[int]
    FACTIONS_FIELD_NUMBER: _ClassVar[int]
    FIRST_LEADER_FIELD_NUMBER: _ClassVar[int]
    RANDOM_FIRST_LEADER_FIELD_NUMBER: _ClassVar[int]
    AUTO_CRUSH_2P_FIELD_NUMBER: _ClassVar[int]
    TROLL_POOL_NEEDS_TROLL_FIELD_NUMBER: _ClassVar[int]
    KNIGHTS_ONLY_WIN_FIELD_NUMBER: _ClassVar[int]
    mode: ClaimMode
    pair: ClaimPair
    factions: _containers.RepeatedScalarFieldContainer[ClaimFaction]
    first_leader: int
    random_first_leader: bool
    auto_crush_2p: bool
    troll_pool_needs_troll: bool
    knights_only_win: bool
    def __init__(self, mode: _Optional[_Union[ClaimMode, str]] = ..., pair: _Optional[_Union[ClaimPair, str]] = ..., factions: _Optional[_Iterable[_Union[ClaimFaction, str]]] = ..., first_leader: _Optional[int] = ..., random_first_leader: _Optional[bool] = ..., auto_crush_2p: _Optional[bool] = ..., troll_pool_needs_troll: _Optional[bool] = ..., knights_only_win: _Optional[bool] = ...) -> None: ...

class ClaimScenario(_message.Message):
    __slots__ = ("deck",)
    DECK_FIELD_NUMBER: _ClassVar[int]
    deck: _containers.RepeatedCompositeFieldContainer[ClaimCard]
    def __init__(self, deck: _Optional[_Iterable[_Union[ClaimCard, _Mapping]]] = ...) -> None: ...

class ClaimAction(_message.Message):
    __slots__ = ("play_card", "seer_peek", "seer_decline", "seer_take_top", "seer_take_revealed", "take_revealed", "crush_gnome", "finish_crushing")
    class PlayCard(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: ClaimCard
        def __init__(self, card: _Optional[_Union[ClaimCard, _Mapping]] = ...) -> None: ...
    class SeerPeek(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class SeerDecline(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class SeerTakeTop(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class SeerTakeRevealed(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class TakeRevealed(_message.Message):
        __slots__ = ("slot",)
        SLOT_FIELD_NUMBER: _ClassVar[int]
        slot: int
        def __init__(self, slot: _Optional[int] = ...) -> None: ...
    class CrushGnome(_message.Message):
        __slots__ = ("value",)
        VALUE_FIELD_NUMBER: _ClassVar[int]
        value: int
        def __init__(self, value: _Optional[int] = ...) -> None: ...
    class FinishCrushing(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    PLAY_CARD_FIELD_NUMBER: _ClassVar[int]
    SEER_PEEK_FIELD_NUMBER: _ClassVar[int]
    SEER_DECLINE_FIELD_NUMBER: _ClassVar[int]
    SEER_TAKE_TOP_FIELD_NUMBER: _ClassVar[int]
    SEER_TAKE_REVEALED_FIELD_NUMBER: _ClassVar[int]
    TAKE_REVEALED_FIELD_NUMBER: _ClassVar[int]
    CRUSH_GNOME_FIELD_NUMBER: _ClassVar[int]
    FINISH_CRUSHING_FIELD_NUMBER: _ClassVar[int]
    play_card: ClaimAction.PlayCard
    seer_peek: ClaimAction.SeerPeek
    seer_decline: ClaimAction.SeerDecline
    seer_take_top: ClaimAction.SeerTakeTop
    seer_take_revealed: ClaimAction.SeerTakeRevealed
    take_revealed: ClaimAction.TakeRevealed
    crush_gnome: ClaimAction.CrushGnome
    finish_crushing: ClaimAction.FinishCrushing
    def __init__(self, play_card: _Optional[_Union[ClaimAction.PlayCard, _Mapping]] = ..., seer_peek: _Optional[_Union[ClaimAction.SeerPeek, _Mapping]] = ..., seer_decline: _Optional[_Union[ClaimAction.SeerDecline, _Mapping]] = ..., seer_take_top: _Optional[_Union[ClaimAction.SeerTakeTop, _Mapping]] = ..., seer_take_revealed: _Optional[_Union[ClaimAction.SeerTakeRevealed, _Mapping]] = ..., take_revealed: _Optional[_Union[ClaimAction.TakeRevealed, _Mapping]] = ..., crush_gnome: _Optional[_Union[ClaimAction.CrushGnome, _Mapping]] = ..., finish_crushing: _Optional[_Union[ClaimAction.FinishCrushing, _Mapping]] = ...) -> None: ...

class ClaimPlayer(_message.Message):
    __slots__ = ("seat", "team", "hand_size", "hand", "hand_visible", "follower_count", "known_followers", "score_pile", "gnome_row", "known_hand")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TEAM_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_VISIBLE_FIELD_NUMBER: _ClassVar[int]
    FOLLOWER_COUNT_FIELD_NUMBER: _ClassVar[int]
    KNOWN_FOLLOWERS_FIELD_NUMBER: _ClassVar[int]
    SCORE_PILE_FIELD_NUMBER: _ClassVar[int]
    GNOME_ROW_FIELD_NUMBER: _ClassVar[int]
    KNOWN_HAND_FIELD_NUMBER: _ClassVar[int]
    seat: int
    team: int
    hand_size: int
    hand: _containers.RepeatedCompositeFieldContainer[ClaimCard]
    hand_visible: bool
    follower_count: int
    known_followers: _containers.RepeatedCompositeFieldContainer[ClaimCard]
    score_pile: _containers.RepeatedCompositeFieldContainer[ClaimCard]
    gnome_row: _containers.RepeatedCompositeFieldContainer[ClaimCard]
    known_hand: _containers.RepeatedCompositeFieldContainer[ClaimCard]
    def __init__(self, seat: _Optional[int] = ..., team: _Optional[int] = ..., hand_size: _Optional[int] = ..., hand: _Optional[_Iterable[_Union[ClaimCard, _Mapping]]] = ..., hand_visible: _Optional[bool] = ..., follower_count: _Optional[int] = ..., known_followers: _Optional[_Iterable[_Union[ClaimCard, _Mapping]]] = ..., score_pile: _Optional[_Iterable[_Union[ClaimCard, _Mapping]]] = ..., gnome_row: _Optional[_Iterable[_Union[ClaimCard, _Mapping]]] = ..., known_hand: _Optional[_Iterable[_Union[ClaimCard, _Mapping]]] = ...) -> None: ...

class ClaimPlayedCard(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: ClaimCard
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[ClaimCard, _Mapping]] = ...) -> None: ...

class ClaimPending(_message.Message):
    __slots__ = ("kind", "seat", "victim")
    class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        KIND_UNSPECIFIED: _ClassVar[ClaimPending.Kind]
        KIND_PLAY_CARD: _ClassVar[ClaimPending.Kind]
        KIND_SEER_SIGHT: _ClassVar[ClaimPending.Kind]
        KIND_SEER_CHOICE: _ClassVar[ClaimPending.Kind]
        KIND_CHOOSE_REVEALED: _ClassVar[ClaimPending.Kind]
        KIND_CHOOSE_REVEALED_AFTER_SEER: _ClassVar[ClaimPending.Kind]
        KIND_CRUSHING: _ClassVar[ClaimPending.Kind]
        KIND_NONE: _ClassVar[ClaimPending.Kind]
    KIND_UNSPECIFIED: ClaimPending.Kind
    KIND_PLAY_CARD: ClaimPending.Kind
    KIND_SEER_SIGHT: ClaimPending.Kind
    KIND_SEER_CHOICE: ClaimPending.Kind
    KIND_CHOOSE_REVEALED: ClaimPending.Kind
    KIND_CHOOSE_REVEALED_AFTER_SEER: ClaimPending.Kind
    KIND_CRUSHING: ClaimPending.Kind
    KIND_NONE: ClaimPending.Kind
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    kind: ClaimPending.Kind
    seat: int
    victim: int
    def __init__(self, kind: _Optional[_Union[ClaimPending.Kind, str]] = ..., seat: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...

class ClaimFactionVote(_message.Message):
    __slots__ = ("faction", "counts", "winner", "decided_by")
    FACTION_FIELD_NUMBER: _ClassVar[int]
    COUNTS_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    DECIDED_BY_FIELD_NUMBER: _ClassVar[int]
    faction: ClaimFaction
    counts: _containers.RepeatedScalarFieldContainer[int]
    winner: int
    decided_by: str
    def __init__(self, faction: _Optional[_Union[ClaimFaction, str]] = ..., counts: _Optional[_Iterable[int]] = ..., winner: _Optional[int] = ..., decided_by: _Optional[str] = ...) -> None: ...

class ClaimScore(_message.Message):
    __slots__ = ("sides", "votes", "vote_totals", "cards_in_won", "value_sums", "winning_sides", "decided_by")
    class Side(_message.Message):
        __slots__ = ("seats",)
        SEATS_FIELD_NUMBER: _ClassVar[int]
        seats: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...
    SIDES_FIELD_NUMBER: _ClassVar[int]
    VOTES_FIELD_NUMBER: _ClassVar[int]
    VOTE_TOTALS_FIELD_NUMBER: _ClassVar[int]
    CARDS_IN_WON_FIELD_NUMBER: _ClassVar[int]
    VALUE_SUMS_FIELD_NUMBER: _ClassVar[int]
    WINNING_SIDES_FIELD_NUMBER: _ClassVar[int]
    DECIDED_BY_FIELD_NUMBER: _ClassVar[int]
    sides: _containers.RepeatedCompositeFieldContainer[ClaimScore.Side]
    votes: _containers.RepeatedCompositeFieldContainer[ClaimFactionVote]
    vote_totals: _containers.RepeatedScalarFieldContainer[int]
    cards_in_won: _containers.RepeatedScalarFieldContainer[int]
    value_sums: _containers.RepeatedScalarFieldContainer[int]
    winning_sides: _containers.RepeatedScalarFieldContainer[int]
    decided_by: str
    def __init__(self, sides: _Optional[_Iterable[_Union[ClaimScore.Side, _Mapping]]] = ..., votes: _Optional[_Iterable[_Union[ClaimFactionVote, _Mapping]]] = ..., vote_totals: _Optional[_Iterable[int]] = ..., cards_in_won: _Optional[_Iterable[int]] = ..., value_sums: _Optional[_Iterable[int]] = ..., winning_sides: _Optional[_Iterable[int]] = ..., decided_by: _Optional[str] = ...) -> None: ...

class ClaimView(_message.Message):
    __slots__ = ("mode", "pair", "factions", "phase", "trick_number", "tricks_per_phase", "deck_count", "revealed", "leader", "lead_faction", "trick", "last_trick", "last_ranking", "players", "troll_pool", "discard", "pending", "peeked", "options", "score")
    MODE_FIELD_NUMBER: _ClassVar[int]
    PAIR_FIELD_NUMBER: _ClassVar[int]
    FACTIONS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TRICK_NUMBER_FIELD_NUMBER: _ClassVar[int]
    TRICKS_PER_PHASE_FIELD_NUMBER: _ClassVar[int]
    DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    REVEALED_FIELD_NUMBER: _ClassVar[int]
    LEADER_FIELD_NUMBER: _ClassVar[int]
    LEAD_FACTION_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    LAST_TRICK_FIELD_NUMBER: _ClassVar[int]
    LAST_RANKING_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TROLL_POOL_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    PEEKED_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    mode: ClaimMode
    pair: ClaimPair
    factions: _containers.RepeatedScalarFieldContainer[ClaimFaction]
    phase: ClaimPhase
    trick_number: int
    tricks_per_phase: int
    deck_count: int
    revealed: _containers.RepeatedCompositeFieldContainer[ClaimCard]
    leader: int
    lead_faction: ClaimFaction
    trick: _containers.RepeatedCompositeFieldContainer[ClaimPlayedCard]
    last_trick: _containers.RepeatedCompositeFieldContainer[ClaimPlayedCard]
    last_ranking: _containers.RepeatedScalarFieldContainer[int]
    players: _containers.RepeatedCompositeFieldContainer[ClaimPlayer]
    troll_pool: _containers.RepeatedCompositeFieldContainer[ClaimCard]
    discard: _containers.RepeatedCompositeFieldContainer[ClaimCard]
    pending: ClaimPending
    peeked: ClaimCard
    options: ClaimOptions
    score: ClaimScore
    def __init__(self, mode: _Optional[_Union[ClaimMode, str]] = ..., pair: _Optional[_Union[ClaimPair, str]] = ..., factions: _Optional[_Iterable[_Union[ClaimFaction, str]]] = ..., phase: _Optional[_Union[ClaimPhase, str]] = ..., trick_number: _Optional[int] = ..., tricks_per_phase: _Optional[int] = ..., deck_count: _Optional[int] = ..., revealed: _Optional[_Iterable[_Union[ClaimCard, _Mapping]]] = ..., leader: _Optional[int] = ..., lead_faction: _Optional[_Union[ClaimFaction, str]] = ..., trick: _Optional[_Iterable[_Union[ClaimPlayedCard, _Mapping]]] = ..., last_trick: _Optional[_Iterable[_Union[ClaimPlayedCard, _Mapping]]] = ..., last_ranking: _Optional[_Iterable[int]] = ..., players: _Optional[_Iterable[_Union[ClaimPlayer, _Mapping]]] = ..., troll_pool: _Optional[_Iterable[_Union[ClaimCard, _Mapping]]] = ..., discard: _Optional[_Iterable[_Union[ClaimCard, _Mapping]]] = ..., pending: _Optional[_Union[ClaimPending, _Mapping]] = ..., peeked: _Optional[_Union[ClaimCard, _Mapping]] = ..., options: _Optional[_Union[ClaimOptions, _Mapping]] = ..., score: _Optional[_Union[ClaimScore, _Mapping]] = ...) -> None: ...

class ClaimEvent(_message.Message):
    __slots__ = ("dealt", "trick_started", "card_played", "trick_ranked", "seer_peeked", "seer_declined", "took_revealed", "drew_from_deck", "to_score_pile", "to_gnome_row", "to_troll_pool", "discarded", "gnome_crushed", "crushing_finished", "next_leader", "followers_taken_up", "gnome_row_scored", "game_scored")
    class Dealt(_message.Message):
        __slots__ = ("seat", "count", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        count: int
        cards: _containers.RepeatedCompositeFieldContainer[ClaimCard]
        def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[ClaimCard, _Mapping]]] = ...) -> None: ...
    class TrickStarted(_message.Message):
        __slots__ = ("phase", "trick_number", "leader", "revealed")
        PHASE_FIELD_NUMBER: _ClassVar[int]
        TRICK_NUMBER_FIELD_NUMBER: _ClassVar[int]
        LEADER_FIELD_NUMBER: _ClassVar[int]
        REVEALED_FIELD_NUMBER: _ClassVar[int]
        phase: ClaimPhase
        trick_number: int
        leader: int
        revealed: _containers.RepeatedCompositeFieldContainer[ClaimCard]
        def __init__(self, phase: _Optional[_Union[ClaimPhase, str]] = ..., trick_number: _Optional[int] = ..., leader: _Optional[int] = ..., revealed: _Optional[_Iterable[_Union[ClaimCard, _Mapping]]] = ...) -> None: ...
    class CardPlayed(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: ClaimCard
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[ClaimCard, _Mapping]] = ...) -> None: ...
    class TrickRanked(_message.Message):
        __slots__ = ("ranking", "winner")
        RANKING_FIELD_NUMBER: _ClassVar[int]
        WINNER_FIELD_NUMBER: _ClassVar[int]
        ranking: _containers.RepeatedScalarFieldContainer[int]
        winner: int
        def __init__(self, ranking: _Optional[_Iterable[int]] = ..., winner: _Optional[int] = ...) -> None: ...
    class SeerPeeked(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: ClaimCard
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[ClaimCard, _Mapping]] = ...) -> None: ...
    class SeerDeclined(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class TookRevealed(_message.Message):
        __slots__ = ("seat", "slot", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        slot: int
        card: ClaimCard
        def __init__(self, seat: _Optional[int] = ..., slot: _Optional[int] = ..., card: _Optional[_Union[ClaimCard, _Mapping]] = ...) -> None: ...
    class DrewFromDeck(_message.Message):
        __slots__ = ("seat", "card", "known_to")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        KNOWN_TO_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: ClaimCard
        known_to: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[ClaimCard, _Mapping]] = ..., known_to: _Optional[_Iterable[int]] = ...) -> None: ...
    class ToScorePile(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedCompositeFieldContainer[ClaimCard]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[ClaimCard, _Mapping]]] = ...) -> None: ...
    class ToGnomeRow(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedCompositeFieldContainer[ClaimCard]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[ClaimCard, _Mapping]]] = ...) -> None: ...
    class ToTrollPool(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedCompositeFieldContainer[ClaimCard]
        def __init__(self, cards: _Optional[_Iterable[_Union[ClaimCard, _Mapping]]] = ...) -> None: ...
    class Discarded(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedCompositeFieldContainer[ClaimCard]
        def __init__(self, cards: _Optional[_Iterable[_Union[ClaimCard, _Mapping]]] = ...) -> None: ...
    class GnomeCrushed(_message.Message):
        __slots__ = ("by", "victim", "card")
        BY_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        by: int
        victim: int
        card: ClaimCard
        def __init__(self, by: _Optional[int] = ..., victim: _Optional[int] = ..., card: _Optional[_Union[ClaimCard, _Mapping]] = ...) -> None: ...
    class CrushingFinished(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class NextLeader(_message.Message):
        __slots__ = ("seat", "by_dragon")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        BY_DRAGON_FIELD_NUMBER: _ClassVar[int]
        seat: int
        by_dragon: bool
        def __init__(self, seat: _Optional[int] = ..., by_dragon: _Optional[bool] = ...) -> None: ...
    class FollowersTakenUp(_message.Message):
        __slots__ = ("seat", "count", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        count: int
        cards: _containers.RepeatedCompositeFieldContainer[ClaimCard]
        def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[ClaimCard, _Mapping]]] = ...) -> None: ...
    class GnomeRowScored(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedCompositeFieldContainer[ClaimCard]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[ClaimCard, _Mapping]]] = ...) -> None: ...
    class GameScored(_message.Message):
        __slots__ = ("score",)
        SCORE_FIELD_NUMBER: _ClassVar[int]
        score: ClaimScore
        def __init__(self, score: _Optional[_Union[ClaimScore, _Mapping]] = ...) -> None: ...
    DEALT_FIELD_NUMBER: _ClassVar[int]
    TRICK_STARTED_FIELD_NUMBER: _ClassVar[int]
    CARD_PLAYED_FIELD_NUMBER: _ClassVar[int]
    TRICK_RANKED_FIELD_NUMBER: _ClassVar[int]
    SEER_PEEKED_FIELD_NUMBER: _ClassVar[int]
    SEER_DECLINED_FIELD_NUMBER: _ClassVar[int]
    TOOK_REVEALED_FIELD_NUMBER: _ClassVar[int]
    DREW_FROM_DECK_FIELD_NUMBER: _ClassVar[int]
    TO_SCORE_PILE_FIELD_NUMBER: _ClassVar[int]
    TO_GNOME_ROW_FIELD_NUMBER: _ClassVar[int]
    TO_TROLL_POOL_FIELD_NUMBER: _ClassVar[int]
    DISCARDED_FIELD_NUMBER: _ClassVar[int]
    GNOME_CRUSHED_FIELD_NUMBER: _ClassVar[int]
    CRUSHING_FINISHED_FIELD_NUMBER: _ClassVar[int]
    NEXT_LEADER_FIELD_NUMBER: _ClassVar[int]
    FOLLOWERS_TAKEN_UP_FIELD_NUMBER: _ClassVar[int]
    GNOME_ROW_SCORED_FIELD_NUMBER: _ClassVar[int]
    GAME_SCORED_FIELD_NUMBER: _ClassVar[int]
    dealt: ClaimEvent.Dealt
    trick_started: ClaimEvent.TrickStarted
    card_played: ClaimEvent.CardPlayed
    trick_ranked: ClaimEvent.TrickRanked
    seer_peeked: ClaimEvent.SeerPeeked
    seer_declined: ClaimEvent.SeerDeclined
    took_revealed: ClaimEvent.TookRevealed
    drew_from_deck: ClaimEvent.DrewFromDeck
    to_score_pile: ClaimEvent.ToScorePile
    to_gnome_row: ClaimEvent.ToGnomeRow
    to_troll_pool: ClaimEvent.ToTrollPool
    discarded: ClaimEvent.Discarded
    gnome_crushed: ClaimEvent.GnomeCrushed
    crushing_finished: ClaimEvent.CrushingFinished
    next_leader: ClaimEvent.NextLeader
    followers_taken_up: ClaimEvent.FollowersTakenUp
    gnome_row_scored: ClaimEvent.GnomeRowScored
    game_scored: ClaimEvent.GameScored
    def __init__(self, dealt: _Optional[_Union[ClaimEvent.Dealt, _Mapping]] = ..., trick_started: _Optional[_Union[ClaimEvent.TrickStarted, _Mapping]] = ..., card_played: _Optional[_Union[ClaimEvent.CardPlayed, _Mapping]] = ..., trick_ranked: _Optional[_Union[ClaimEvent.TrickRanked, _Mapping]] = ..., seer_peeked: _Optional[_Union[ClaimEvent.SeerPeeked, _Mapping]] = ..., seer_declined: _Optional[_Union[ClaimEvent.SeerDeclined, _Mapping]] = ..., took_revealed: _Optional[_Union[ClaimEvent.TookRevealed, _Mapping]] = ..., drew_from_deck: _Optional[_Union[ClaimEvent.DrewFromDeck, _Mapping]] = ..., to_score_pile: _Optional[_Union[ClaimEvent.ToScorePile, _Mapping]] = ..., to_gnome_row: _Optional[_Union[ClaimEvent.ToGnomeRow, _Mapping]] = ..., to_troll_pool: _Optional[_Union[ClaimEvent.ToTrollPool, _Mapping]] = ..., discarded: _Optional[_Union[ClaimEvent.Discarded, _Mapping]] = ..., gnome_crushed: _Optional[_Union[ClaimEvent.GnomeCrushed, _Mapping]] = ..., crushing_finished: _Optional[_Union[ClaimEvent.CrushingFinished, _Mapping]] = ..., next_leader: _Optional[_Union[ClaimEvent.NextLeader, _Mapping]] = ..., followers_taken_up: _Optional[_Union[ClaimEvent.FollowersTakenUp, _Mapping]] = ..., gnome_row_scored: _Optional[_Union[ClaimEvent.GnomeRowScored, _Mapping]] = ..., game_scored: _Optional[_Union[ClaimEvent.GameScored, _Mapping]] = ...) -> None: ...
