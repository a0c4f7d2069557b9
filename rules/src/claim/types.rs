//! Claim's public vocabulary: cards, config, scenario, actions, events and views.
//! The service maps these to `claim.proto`; the rules modules operate on them.

use crate::Seat;
use serde::{Deserialize, Serialize};

/// The ten factions, in the canonical order of R1 (deck order before the shuffle).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Faction {
    Gnomes,
    Giants,
    Dragons,
    Trolls,
    Seers,
    Knights,
    Goblins,
    Undead,
    Dwarves,
    Doppelgangers,
}

impl Faction {
    pub const ALL: [Faction; 10] = [
        Faction::Gnomes,
        Faction::Giants,
        Faction::Dragons,
        Faction::Trolls,
        Faction::Seers,
        Faction::Knights,
        Faction::Goblins,
        Faction::Undead,
        Faction::Dwarves,
        Faction::Doppelgangers,
    ];
    /// The six free factions (section 2.3), in canonical order.
    pub const FREE: [Faction; 6] = [
        Faction::Dragons,
        Faction::Trolls,
        Faction::Seers,
        Faction::Undead,
        Faction::Dwarves,
        Faction::Doppelgangers,
    ];

    /// The data-file id, e.g. `gnomes`.
    pub fn id(self) -> &'static str {
        match self {
            Faction::Gnomes => "gnomes",
            Faction::Giants => "giants",
            Faction::Dragons => "dragons",
            Faction::Trolls => "trolls",
            Faction::Seers => "seers",
            Faction::Knights => "knights",
            Faction::Goblins => "goblins",
            Faction::Undead => "undead",
            Faction::Dwarves => "dwarves",
            Faction::Doppelgangers => "doppelgangers",
        }
    }

    pub fn from_id(id: &str) -> Option<Faction> {
        Faction::ALL.into_iter().find(|f| f.id() == id)
    }

    /// Singular display name, e.g. `Gnome`.
    pub fn singular(self) -> &'static str {
        match self {
            Faction::Gnomes => "Gnome",
            Faction::Giants => "Giant",
            Faction::Dragons => "Dragon",
            Faction::Trolls => "Troll",
            Faction::Seers => "Seer",
            Faction::Knights => "Knight",
            Faction::Goblins => "Goblin",
            Faction::Undead => "Undead",
            Faction::Dwarves => "Dwarf",
            Faction::Doppelgangers => "Doppelganger",
        }
    }
}

/// One physical card: `<faction>:<value>:<copy>` (section 2.4). Copies are functionally identical.
///
/// Serialised as its fields in text formats (JSON: golden playthroughs, `tablero inspect`) and
/// as one number in binary ones (the store's snapshots, see [`Card::code`]); both forms read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    pub faction: Faction,
    pub value: u8,
    pub copy: u8,
}

/// [`Card`] as a struct, for text formats (and the binary snapshots written before the code).
#[derive(Serialize, Deserialize)]
#[serde(rename = "Card")]
struct CardFields {
    faction: Faction,
    value: u8,
    copy: u8,
}

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            let Card {
                faction,
                value,
                copy,
            } = *self;
            return CardFields {
                faction,
                value,
                copy,
            }
            .serialize(s);
        }
        s.serialize_u16(self.code())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        if d.is_human_readable() {
            return CardFields::deserialize(d).map(Card::from);
        }
        d.deserialize_any(CardVisitor)
    }
}

impl From<CardFields> for Card {
    fn from(f: CardFields) -> Card {
        let CardFields {
            faction,
            value,
            copy,
        } = f;
        Card {
            faction,
            value,
            copy,
        }
    }
}

/// Reads a binary card: its code, or its fields as an array or a map (older snapshots).
struct CardVisitor;

impl<'de> serde::de::Visitor<'de> for CardVisitor {
    type Value = Card;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a Claim card: its code or its fields")
    }

    fn visit_u64<E: serde::de::Error>(self, code: u64) -> Result<Card, E> {
        u16::try_from(code)
            .ok()
            .and_then(Card::from_code)
            .ok_or_else(|| E::custom(format!("{code} is no card's code")))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<Card, A::Error> {
        CardFields::deserialize(serde::de::value::SeqAccessDeserializer::new(seq)).map(Card::from)
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Card, A::Error> {
        CardFields::deserialize(serde::de::value::MapAccessDeserializer::new(map)).map(Card::from)
    }
}

impl Card {
    pub const fn new(faction: Faction, value: u8, copy: u8) -> Card {
        Card {
            faction,
            value,
            copy,
        }
    }

    /// The card as one number, `faction << 12 | value << 8 | copy` (the faction by its place in
    /// [`Faction::ALL`]): what a binary snapshot stores, where a state is mostly cards and the
    /// struct with its faction's name took about 12 bytes against this one's 3.
    pub fn code(&self) -> u16 {
        (self.faction as u16) << 12 | u16::from(self.value & 0x0F) << 8 | u16::from(self.copy)
    }

    pub fn from_code(code: u16) -> Option<Card> {
        let faction = *Faction::ALL.get(usize::from(code >> 12))?;
        let value = ((code >> 8) & 0x0F) as u8;
        (value <= 9).then_some(Card {
            faction,
            value,
            copy: (code & 0xFF) as u8,
        })
    }

    /// `gnomes:3:2`
    pub fn id(&self) -> String {
        format!("{}:{}:{}", self.faction.id(), self.value, self.copy)
    }

    pub fn parse(id: &str) -> Option<Card> {
        let mut parts = id.split(':');
        let faction = Faction::from_id(parts.next()?)?;
        let value = parts.next()?.parse().ok()?;
        let copy = parts.next()?.parse().ok()?;
        if parts.next().is_some() || value > 9 || copy == 0 {
            return None;
        }
        Some(Card {
            faction,
            value,
            copy,
        })
    }

    /// `Gnome 3`
    pub fn label(&self) -> String {
        format!("{} {}", self.faction.singular(), self.value)
    }

    /// Same faction and value (copies are interchangeable).
    pub fn same_kind(&self, other: &Card) -> bool {
        self.faction == other.faction && self.value == other.value
    }
}

/// Game modes (section 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Base2p,
    Custom2p,
    ThreePlayer,
    FourPlayerTeams,
}

impl Mode {
    pub const ALL: [Mode; 4] = [
        Mode::Base2p,
        Mode::Custom2p,
        Mode::ThreePlayer,
        Mode::FourPlayerTeams,
    ];

    pub fn players(self) -> usize {
        match self {
            Mode::Base2p | Mode::Custom2p => 2,
            Mode::ThreePlayer => 3,
            Mode::FourPlayerTeams => 4,
        }
    }
    /// Hand size H = tricks per phase.
    pub fn hand_size(self) -> usize {
        match self {
            Mode::Base2p | Mode::Custom2p => 13,
            Mode::ThreePlayer => 12,
            Mode::FourPlayerTeams => 9,
        }
    }
    /// Free factions to choose (CLM-C2P.3, CLM-MP.2); 0 for base_2p.
    pub fn free_faction_count(self) -> usize {
        match self {
            Mode::Base2p => 0,
            Mode::Custom2p => 3,
            Mode::ThreePlayer | Mode::FourPlayerTeams => 5,
        }
    }
    pub fn deck_size(self) -> usize {
        match self {
            Mode::Base2p | Mode::Custom2p => 52,
            Mode::ThreePlayer | Mode::FourPlayerTeams => 72,
        }
    }
    pub fn id(self) -> &'static str {
        match self {
            Mode::Base2p => "base_2p",
            Mode::Custom2p => "custom_2p",
            Mode::ThreePlayer => "three_player",
            Mode::FourPlayerTeams => "four_player_teams",
        }
    }
}

/// The faction pair (section 2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pair {
    /// Knights + goblins (Claim 1).
    Kg,
    /// Gnomes + giants (Claim 2).
    Gg,
}

/// Pair selection in the config: a pair, or `random` (R3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PairChoice {
    Kg,
    Gg,
    Random,
}

/// Free-faction selection in the config: an explicit list, or `random` (R3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FactionChoice {
    Random,
    List(Vec<Faction>),
}

/// First leader (CLM-SET.4): a seat, or `random` (R2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstLeader {
    Seat(Seat),
    Random,
}

/// Game-creation options (section 9, "Game-creation options").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimConfig {
    pub mode: Mode,
    /// Ignored by `base_2p`; required (or `Random`) otherwise. `None` means `Random`.
    pub pair: Option<PairChoice>,
    /// Ignored by `base_2p`; `None` means `Random`.
    pub factions: Option<FactionChoice>,
    pub first_leader: FirstLeader,
    /// G4: apply the maximum crushing automatically in 2-player games.
    pub auto_crush_2p: bool,
    /// G5 alternative: pool trolls are contested only in tricks where a troll is played.
    pub troll_pool_needs_troll: bool,
    /// G10 alternative: only the winning knight is lifted above goblin-coloured cards.
    pub knights_only_win: bool,
}

impl ClaimConfig {
    /// Defaults for a mode: random pair and factions, seat 0 leads, all flags off.
    pub fn new(mode: Mode) -> Self {
        ClaimConfig {
            mode,
            pair: None,
            factions: None,
            first_leader: FirstLeader::Seat(0),
            auto_crush_2p: false,
            troll_pool_needs_troll: false,
            knights_only_win: false,
        }
    }
}

/// An explicit starting position: the whole deck in order, top card first. Dealing then follows
/// CLM-SET.3 and reveals/draws take from the top. The deck must be exactly the card set that the
/// config's mode, pair and factions select (pair and factions must then not be `Random`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimScenario {
    pub deck: Vec<Card>,
}

/// Player decisions (section 9).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimAction {
    /// D1
    PlayCard(Card),
    /// D2: look at the top card of the deck.
    SeerPeek,
    /// D2: do not look.
    SeerDecline,
    /// D3 / D3': take the (peeked) top card of the deck.
    SeerTakeTop,
    /// D3 (2 players): take the revealed card.
    SeerTakeRevealed,
    /// D3' / D4 / D5 (3–4 players): take revealed slot 0 or 1.
    TakeRevealed(u8),
    /// D6 (2 players): crush one opponent gnome of this value.
    CrushGnome(u8),
    /// D6: stop crushing.
    FinishCrushing,
}

/// Which phase the game is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Phase 1, recruiting followers.
    Recruiting,
    /// Phase 2, fight for favour.
    Favour,
    /// Scored; the game is over.
    Finished,
}

/// The decision the game waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// D1: `seat` must play a card.
    PlayCard { seat: Seat },
    /// D2
    SeerSight { seat: Seat },
    /// D3 / D3'
    SeerChoice { seat: Seat },
    /// D4
    ChooseRevealed { seat: Seat },
    /// D5
    ChooseRevealedAfterSeer { seat: Seat },
    /// D6: crushes still possible, by gnome value.
    Crushing { seat: Seat, victim: Seat },
    /// Nobody: the game is over.
    None,
}

/// A card of a follower pile as the viewer sees it: known, or only its existence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
    /// Team (0 = seats {0,2}, 1 = seats {1,3}) in `four_player_teams`; `None` otherwise.
    pub team: Option<u8>,
    pub hand_count: usize,
    /// The hand, only in the owner's view.
    pub hand: Option<Vec<Card>>,
    pub follower_count: usize,
    /// Follower-pile cards the viewer knows: all of them for the owner; for others, revealed cards
    /// taken into the pile and draws the viewer saw (seer peek). Order is not meaningful.
    pub known_followers: Vec<Card>,
    /// Phase 2, other players only: hand cards the viewer knows from phase 1 (taken face up
    /// from the revealed cards, or seen), until they are played (section 8). Order is not
    /// meaningful.
    #[serde(default)]
    pub known_hand: Vec<Card>,
    pub score_pile: Vec<Card>,
    pub gnome_row: Vec<Card>,
}

/// A card played into the current (or last) trick.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedCard {
    pub seat: Seat,
    pub card: Card,
}

/// The per-faction vote result (CLM-END.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FactionVote {
    pub faction: Faction,
    /// Cards per side (seat in 2–3p, team in 4p).
    pub counts: Vec<usize>,
    /// The side that won the vote, or `None` (G6, G7).
    pub winner: Option<usize>,
    /// How it was decided: `count`, `tie_break_depth_<k>` (k-th highest card), or `tied`.
    pub decided_by: String,
}

/// The final scoring breakdown (CLM-END.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimScore {
    /// Sides: seats (2–3p) or teams (4p: side 0 = seats 0+2, side 1 = seats 1+3).
    pub sides: Vec<Vec<Seat>>,
    pub votes: Vec<FactionVote>,
    /// Votes won per side.
    pub vote_totals: Vec<usize>,
    /// Cards in won factions per side (CLM-END.7).
    pub cards_in_won: Vec<usize>,
    /// Sum of values of those cards per side (CLM-END.8).
    pub value_sums: Vec<u32>,
    /// Winning sides (several = shared victory; empty = draw).
    pub winning_sides: Vec<usize>,
    /// `votes`, `cards_in_won_factions`, `value_sum` or `draw`.
    pub decided_by: String,
}

/// What one viewer may see of a Claim game (section 8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimView {
    pub mode: Mode,
    pub pair: Pair,
    /// The factions in play, canonical order.
    pub factions: Vec<Faction>,
    pub phase: Phase,
    /// 1-based trick number within the phase.
    pub trick_number: usize,
    pub tricks_per_phase: usize,
    pub deck_count: usize,
    /// Revealed card(s) of the current phase-1 trick (slot order).
    pub revealed: Vec<Card>,
    pub leader: Seat,
    pub lead_faction: Option<Faction>,
    pub trick: Vec<PlayedCard>,
    /// The previous trick's cards and ranking, for display.
    pub last_trick: Vec<PlayedCard>,
    pub last_ranking: Vec<Seat>,
    pub players: Vec<PlayerView>,
    pub troll_pool: Vec<Card>,
    pub discard: Vec<Card>,
    pub pending: Pending,
    /// The card seen by a seer peek, only in the seer's view and only while it is undecided.
    pub peeked: Option<Card>,
    pub flags: ClaimConfig,
    pub score: Option<ClaimScore>,
}

/// Why a card moved where it did, for the event log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimEvent {
    /// Hands dealt; `cards` is only in the owner's copy of the event (empty otherwise).
    Dealt {
        seat: Seat,
        count: usize,
        cards: Vec<Card>,
    },
    /// A new trick begins; in phase 1 with its revealed card(s).
    TrickStarted {
        phase: Phase,
        trick_number: usize,
        leader: Seat,
        revealed: Vec<Card>,
    },
    CardPlayed {
        seat: Seat,
        card: Card,
    },
    /// The ranking of the trick (winner first).
    TrickRanked {
        ranking: Vec<Seat>,
        winner: Seat,
    },
    SeerPeeked {
        seat: Seat,
        card: Option<Card>,
    },
    SeerDeclined {
        seat: Seat,
    },
    /// A revealed card went into `seat`'s follower pile.
    TookRevealed {
        seat: Seat,
        slot: u8,
        card: Card,
    },
    /// A deck card went into `seat`'s follower pile; `card` only for the seats in `known_to`.
    DrewFromDeck {
        seat: Seat,
        card: Option<Card>,
        known_to: Vec<Seat>,
    },
    ToScorePile {
        seat: Seat,
        cards: Vec<Card>,
    },
    ToGnomeRow {
        seat: Seat,
        cards: Vec<Card>,
    },
    ToTrollPool {
        cards: Vec<Card>,
    },
    Discarded {
        cards: Vec<Card>,
    },
    GnomeCrushed {
        by: Seat,
        victim: Seat,
        card: Card,
    },
    CrushingFinished {
        seat: Seat,
    },
    NextLeader {
        seat: Seat,
        by_dragon: bool,
    },
    /// Phase 2 begins: follower piles become hands (the owner's copy lists the cards).
    FollowersTakenUp {
        seat: Seat,
        count: usize,
        cards: Vec<Card>,
    },
    GnomeRowScored {
        seat: Seat,
        cards: Vec<Card>,
    },
    GameScored {
        score: ClaimScore,
    },
}

#[cfg(test)]
mod card_code_tests {
    use super::*;
    use crate::claim::card_data;

    /// A binary snapshot names a faction by its place in `Faction::ALL`.
    #[test]
    fn a_factions_code_is_its_place_in_the_canonical_order() {
        for (i, f) in Faction::ALL.into_iter().enumerate() {
            assert_eq!(f as usize, i, "{f:?}");
        }
    }

    #[test]
    fn every_card_reads_back_from_its_code() {
        let mut codes = std::collections::BTreeSet::new();
        for faction in Faction::ALL {
            for card in card_data().cards(faction) {
                assert_eq!(Card::from_code(card.code()), Some(*card), "{}", card.id());
                assert!(codes.insert(card.code()), "{} shares its code", card.id());
            }
        }
        assert_eq!(Card::from_code(10 << 12), None);
        assert_eq!(Card::from_code(0x0A01), None);
    }

    /// Text formats keep the fields (golden playthroughs and `tablero inspect` read the same).
    #[test]
    fn json_keeps_the_cards_fields() {
        let card = Card::new(Faction::Goblins, 7, 2);
        let json = serde_json::to_string(&card).unwrap();
        assert_eq!(json, r#"{"faction":"goblins","value":7,"copy":2}"#);
        assert_eq!(serde_json::from_str::<Card>(&json).unwrap(), card);
    }
}
