//! Crown of Emara's public vocabulary: components, config, scenario, actions, events and views.
//! The service maps these to the protobuf contract; the rules modules operate on them.

use crate::Seat;
use serde::{Deserialize, Serialize};

// ---- components ----------------------------------------------------------------------------

/// The four resources (EMR-1.2). Bread, books, rings and coins are goods, never resources.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    Wood,
    Cloth,
    Grain,
    Stone,
}

impl Resource {
    pub const ALL: [Resource; 4] = [
        Resource::Wood,
        Resource::Cloth,
        Resource::Grain,
        Resource::Stone,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Resource::Wood => "wood",
            Resource::Cloth => "cloth",
            Resource::Grain => "grain",
            Resource::Stone => "stone",
        }
    }

    pub fn from_id(id: &str) -> Option<Resource> {
        Resource::ALL.into_iter().find(|r| r.id() == id)
    }
}

/// The eight locations (section 2). The first four are countryside, the last four town
/// locations (EMR-15.2: the type stays with the location whatever ring it lies in).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "snake_case")]
pub enum Location {
    #[default]
    Forest,
    GrainField,
    Quarry,
    WeavingMill,
    Castle,
    Cathedral,
    ConstructionSite,
    Market,
}

impl Location {
    pub const ALL: [Location; 8] = [
        Location::Forest,
        Location::GrainField,
        Location::Quarry,
        Location::WeavingMill,
        Location::Castle,
        Location::Cathedral,
        Location::ConstructionSite,
        Location::Market,
    ];
    pub const COUNTRYSIDE: [Location; 4] = [
        Location::Forest,
        Location::GrainField,
        Location::Quarry,
        Location::WeavingMill,
    ];
    pub const TOWN: [Location; 4] = [
        Location::Castle,
        Location::Cathedral,
        Location::ConstructionSite,
        Location::Market,
    ];

    pub fn is_town(self) -> bool {
        (self as u8) >= 4
    }

    /// The resource a countryside location produces (EMR-7.1).
    pub fn produces(self) -> Option<Resource> {
        match self {
            Location::Forest => Some(Resource::Wood),
            Location::GrainField => Some(Resource::Grain),
            Location::Quarry => Some(Resource::Stone),
            Location::WeavingMill => Some(Resource::Cloth),
            _ => None,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Location::Forest => "forest",
            Location::GrainField => "grain_field",
            Location::Quarry => "quarry",
            Location::WeavingMill => "weaving_mill",
            Location::Castle => "castle",
            Location::Cathedral => "cathedral",
            Location::ConstructionSite => "construction_site",
            Location::Market => "market",
        }
    }

    pub fn from_id(id: &str) -> Option<Location> {
        Location::ALL.into_iter().find(|l| l.id() == id)
    }

    pub fn name(self) -> &'static str {
        match self {
            Location::Forest => "Forest",
            Location::GrainField => "Grain Field",
            Location::Quarry => "Quarry",
            Location::WeavingMill => "Weaving Mill",
            Location::Castle => "Castle",
            Location::Cathedral => "Cathedral",
            Location::ConstructionSite => "Construction Site",
            Location::Market => "Market",
        }
    }
}

/// The two rings of four locations. `A` is the countryside ring (C) and `B` the town ring (T)
/// of the standard layout; in the random-layout variant A holds the first four locations drawn
/// (EMR-15.1). Every player has exactly one councilor in each ring (EMR-2.3), so a councilor is
/// named by its ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ring {
    A,
    B,
}

impl Ring {
    pub const ALL: [Ring; 2] = [Ring::A, Ring::B];

    pub fn id(self) -> &'static str {
        match self {
            Ring::A => "a",
            Ring::B => "b",
        }
    }

    pub fn from_id(id: &str) -> Option<Ring> {
        Ring::ALL.into_iter().find(|r| r.id() == id)
    }

    pub fn other(self) -> Ring {
        match self {
            Ring::A => Ring::B,
            Ring::B => Ring::A,
        }
    }
}

/// The nine action card types (EMR-5); every player owns one of each.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "snake_case")]
pub enum ActionCard {
    #[default]
    Wood,
    Stone,
    Cloth,
    Grain,
    SignetRing,
    Coins,
    Step,
    Hire,
    City,
}

impl ActionCard {
    pub const ALL: [ActionCard; 9] = [
        ActionCard::Wood,
        ActionCard::Stone,
        ActionCard::Cloth,
        ActionCard::Grain,
        ActionCard::SignetRing,
        ActionCard::Coins,
        ActionCard::Step,
        ActionCard::Hire,
        ActionCard::City,
    ];

    pub fn id(self) -> &'static str {
        match self {
            ActionCard::Wood => "wood",
            ActionCard::Stone => "stone",
            ActionCard::Cloth => "cloth",
            ActionCard::Grain => "grain",
            ActionCard::SignetRing => "signet_ring",
            ActionCard::Coins => "coins",
            ActionCard::Step => "step",
            ActionCard::Hire => "hire",
            ActionCard::City => "city",
        }
    }

    pub fn from_id(id: &str) -> Option<ActionCard> {
        ActionCard::ALL.into_iter().find(|c| c.id() == id)
    }

    pub fn name(self) -> &'static str {
        match self {
            ActionCard::Wood => "Wood",
            ActionCard::Stone => "Stone",
            ActionCard::Cloth => "Cloth",
            ActionCard::Grain => "Grain",
            ActionCard::SignetRing => "Signet ring",
            ActionCard::Coins => "Coins",
            ActionCard::Step => "Step",
            ActionCard::Hire => "Hire",
            ActionCard::City => "City",
        }
    }
}

/// The 22 advisor cards (EMR-12): 16 of deck A, then 6 of deck B.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "snake_case")]
pub enum Advisor {
    #[default]
    MasterOfCoin,
    Archivist,
    Goldsmith,
    Carpenter,
    Baker,
    Schoolmarm,
    Bailiff,
    Dressmaker,
    Landlord,
    Merchant,
    Chamberlain,
    Scholar,
    Mayoress,
    Steward,
    Abbess,
    Toolmaker,
    SirChristiaan,
    LadyMarie,
    SirCarl,
    LadyFrida,
    SirGustave,
    SirAntoni,
}

impl Advisor {
    pub const ALL: [Advisor; 22] = [
        Advisor::MasterOfCoin,
        Advisor::Archivist,
        Advisor::Goldsmith,
        Advisor::Carpenter,
        Advisor::Baker,
        Advisor::Schoolmarm,
        Advisor::Bailiff,
        Advisor::Dressmaker,
        Advisor::Landlord,
        Advisor::Merchant,
        Advisor::Chamberlain,
        Advisor::Scholar,
        Advisor::Mayoress,
        Advisor::Steward,
        Advisor::Abbess,
        Advisor::Toolmaker,
        Advisor::SirChristiaan,
        Advisor::LadyMarie,
        Advisor::SirCarl,
        Advisor::LadyFrida,
        Advisor::SirGustave,
        Advisor::SirAntoni,
    ];

    /// Deck A (the first 16) or deck B.
    pub fn deck(self) -> AdvisorDeck {
        if (self as u8) < 16 {
            AdvisorDeck::A
        } else {
            AdvisorDeck::B
        }
    }

    /// The data-file id (also the effect id of EMR-12), e.g. `master_of_coin`.
    pub fn id(self) -> &'static str {
        match self {
            Advisor::MasterOfCoin => "master_of_coin",
            Advisor::Archivist => "archivist",
            Advisor::Goldsmith => "goldsmith",
            Advisor::Carpenter => "carpenter",
            Advisor::Baker => "baker",
            Advisor::Schoolmarm => "schoolmarm",
            Advisor::Bailiff => "bailiff",
            Advisor::Dressmaker => "dressmaker",
            Advisor::Landlord => "landlord",
            Advisor::Merchant => "merchant",
            Advisor::Chamberlain => "chamberlain",
            Advisor::Scholar => "scholar",
            Advisor::Mayoress => "mayoress",
            Advisor::Steward => "steward",
            Advisor::Abbess => "abbess",
            Advisor::Toolmaker => "toolmaker",
            Advisor::SirChristiaan => "sir_christiaan",
            Advisor::LadyMarie => "lady_marie",
            Advisor::SirCarl => "sir_carl",
            Advisor::LadyFrida => "lady_frida",
            Advisor::SirGustave => "sir_gustave",
            Advisor::SirAntoni => "sir_antoni",
        }
    }

    pub fn from_id(id: &str) -> Option<Advisor> {
        Advisor::ALL.into_iter().find(|a| a.id() == id)
    }

    pub fn name(self) -> &'static str {
        match self {
            Advisor::MasterOfCoin => "Master of Coin",
            Advisor::Archivist => "Archivist",
            Advisor::Goldsmith => "Goldsmith",
            Advisor::Carpenter => "Carpenter",
            Advisor::Baker => "Baker",
            Advisor::Schoolmarm => "Schoolmarm",
            Advisor::Bailiff => "Bailiff",
            Advisor::Dressmaker => "Dressmaker",
            Advisor::Landlord => "Landlord",
            Advisor::Merchant => "Merchant",
            Advisor::Chamberlain => "Chamberlain",
            Advisor::Scholar => "Scholar",
            Advisor::Mayoress => "Mayoress",
            Advisor::Steward => "Steward",
            Advisor::Abbess => "Abbess",
            Advisor::Toolmaker => "Toolmaker",
            Advisor::SirChristiaan => "Sir Christiaan",
            Advisor::LadyMarie => "Lady Marie",
            Advisor::SirCarl => "Sir Carl",
            Advisor::LadyFrida => "Lady Frida",
            Advisor::SirGustave => "Sir Gustave",
            Advisor::SirAntoni => "Sir Antoni",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AdvisorDeck {
    A,
    B,
}

/// When an advisor's ability works (EMR-12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AdvisorKind {
    /// Immediate, one-time.
    Immediate,
    /// Once per own turn (EMR-12.11).
    PerTurn,
    /// Permanent.
    Permanent,
}

/// The five noble ranks in acquisition order (EMR-11.2).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "snake_case")]
pub enum Rank {
    #[default]
    Baron,
    Count,
    Prince,
    Marquess,
    Duke,
}

impl Rank {
    pub const ALL: [Rank; 5] = [
        Rank::Baron,
        Rank::Count,
        Rank::Prince,
        Rank::Marquess,
        Rank::Duke,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Rank::Baron => "baron",
            Rank::Count => "count",
            Rank::Prince => "prince",
            Rank::Marquess => "marquess",
            Rank::Duke => "duke",
        }
    }

    pub fn from_id(id: &str) -> Option<Rank> {
        Rank::ALL.into_iter().find(|r| r.id() == id)
    }

    pub fn name(self) -> &'static str {
        match self {
            Rank::Baron => "Baron",
            Rank::Count => "Count",
            Rank::Prince => "Prince",
            Rank::Marquess => "Marquess",
            Rank::Duke => "Duke",
        }
    }
}

/// A nobility card taken by a player or Victoria.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct NobilityCard {
    pub rank: Rank,
    /// The CP printed on the card (gained when taken).
    pub cp: u32,
}

/// The 14 event cards (EMR-13).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "snake_case")]
pub enum EventCard {
    #[default]
    ClearTheOldForest,
    BountifulHarvest,
    StoneFromDistantShores,
    FineWoolFineCloth,
    TheGreatFamine,
    AlmsForThePoor,
    NewLoreInOldBooks,
    AnEarlyWinter,
    ALongSummer,
    MerchantsFromAfar,
    APiousDonation,
    RespectedAtCourt,
    AGiftFromThePeople,
    GoodLabourSituation,
}

impl EventCard {
    pub const ALL: [EventCard; 14] = [
        EventCard::ClearTheOldForest,
        EventCard::BountifulHarvest,
        EventCard::StoneFromDistantShores,
        EventCard::FineWoolFineCloth,
        EventCard::TheGreatFamine,
        EventCard::AlmsForThePoor,
        EventCard::NewLoreInOldBooks,
        EventCard::AnEarlyWinter,
        EventCard::ALongSummer,
        EventCard::MerchantsFromAfar,
        EventCard::APiousDonation,
        EventCard::RespectedAtCourt,
        EventCard::AGiftFromThePeople,
        EventCard::GoodLabourSituation,
    ];

    /// The data-file id (also the effect id of EMR-13).
    pub fn id(self) -> &'static str {
        match self {
            EventCard::ClearTheOldForest => "clear_the_old_forest",
            EventCard::BountifulHarvest => "bountiful_harvest",
            EventCard::StoneFromDistantShores => "stone_from_distant_shores",
            EventCard::FineWoolFineCloth => "fine_wool_fine_cloth",
            EventCard::TheGreatFamine => "the_great_famine",
            EventCard::AlmsForThePoor => "alms_for_the_poor",
            EventCard::NewLoreInOldBooks => "new_lore_in_old_books",
            EventCard::AnEarlyWinter => "an_early_winter",
            EventCard::ALongSummer => "a_long_summer",
            EventCard::MerchantsFromAfar => "merchants_from_afar",
            EventCard::APiousDonation => "a_pious_donation",
            EventCard::RespectedAtCourt => "respected_at_court",
            EventCard::AGiftFromThePeople => "a_gift_from_the_people",
            EventCard::GoodLabourSituation => "good_labour_situation",
        }
    }

    pub fn from_id(id: &str) -> Option<EventCard> {
        EventCard::ALL.into_iter().find(|e| e.id() == id)
    }

    pub fn name(self) -> &'static str {
        match self {
            EventCard::ClearTheOldForest => "Clear the old forest",
            EventCard::BountifulHarvest => "Bountiful harvest",
            EventCard::StoneFromDistantShores => "Stone from distant shores",
            EventCard::FineWoolFineCloth => "Fine wool, fine cloth",
            EventCard::TheGreatFamine => "The great famine",
            EventCard::AlmsForThePoor => "Alms for the poor",
            EventCard::NewLoreInOldBooks => "New lore in old books",
            EventCard::AnEarlyWinter => "An early winter",
            EventCard::ALongSummer => "A long summer",
            EventCard::MerchantsFromAfar => "Merchants from afar",
            EventCard::APiousDonation => "A pious donation",
            EventCard::RespectedAtCourt => "Respected at court, loved by the people",
            EventCard::AGiftFromThePeople => "A gift from the people",
            EventCard::GoodLabourSituation => "Good labour situation",
        }
    }
}

/// When an event works (EMR-13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventTiming {
    Immediate,
    EndOfRound,
    RoundRule,
}

/// The reward printed on a favor token (EMR-10.1).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "snake_case")]
pub enum FavorReward {
    /// 3 CP
    #[default]
    Cp3,
    /// 3 BP (a BP gain event, EMR-10.6)
    Bp3,
    Book,
    SignetRing,
    Coin,
}

impl FavorReward {
    pub const ALL: [FavorReward; 5] = [
        FavorReward::Cp3,
        FavorReward::Bp3,
        FavorReward::Book,
        FavorReward::SignetRing,
        FavorReward::Coin,
    ];

    pub fn id(self) -> &'static str {
        match self {
            FavorReward::Cp3 => "cp3",
            FavorReward::Bp3 => "bp3",
            FavorReward::Book => "book",
            FavorReward::SignetRing => "signet_ring",
            FavorReward::Coin => "coin",
        }
    }

    pub fn from_id(id: &str) -> Option<FavorReward> {
        FavorReward::ALL.into_iter().find(|r| r.id() == id)
    }
}

/// One favor token: a town location and a reward (EMR-10.1). With the shipped data (G7) no two
/// tokens are alike, so the pair is the token's identity.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
pub struct FavorToken {
    pub location: Location,
    pub reward: FavorReward,
}

impl FavorToken {
    /// `castle-signet_ring`
    pub fn id(&self) -> String {
        format!("{}-{}", self.location.id(), self.reward.id())
    }

    pub fn parse(id: &str) -> Option<FavorToken> {
        let (l, r) = id.split_once('-')?;
        Some(FavorToken {
            location: Location::from_id(l)?,
            reward: FavorReward::from_id(r)?,
        })
    }
}

/// The ten rotating markers (EMR-9.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Marker {
    /// Castle gift marker of a resource (EMR-2.4).
    Gift(Resource),
    /// Cathedral donation marker of a resource (EMR-2.5).
    Donation(Resource),
    /// Construction-site bread marker (EMR-2.7).
    Bread,
    /// Construction-site stone marker (EMR-2.7).
    Stone,
}

impl Marker {
    pub const ALL: [Marker; 10] = [
        Marker::Gift(Resource::Wood),
        Marker::Gift(Resource::Cloth),
        Marker::Gift(Resource::Grain),
        Marker::Gift(Resource::Stone),
        Marker::Donation(Resource::Wood),
        Marker::Donation(Resource::Cloth),
        Marker::Donation(Resource::Grain),
        Marker::Donation(Resource::Stone),
        Marker::Bread,
        Marker::Stone,
    ];

    /// Dense index 0..10 in the order of [`Marker::ALL`].
    pub fn index(self) -> usize {
        match self {
            Marker::Gift(r) => r as usize,
            Marker::Donation(r) => 4 + r as usize,
            Marker::Bread => 8,
            Marker::Stone => 9,
        }
    }

    /// `gift_wood`, `donation_stone`, `bread`, `stone`
    pub fn id(self) -> String {
        match self {
            Marker::Gift(r) => format!("gift_{}", r.id()),
            Marker::Donation(r) => format!("donation_{}", r.id()),
            Marker::Bread => "bread".to_string(),
            Marker::Stone => "stone".to_string(),
        }
    }

    pub fn from_id(id: &str) -> Option<Marker> {
        Marker::ALL.into_iter().find(|m| m.id() == id)
    }
}

/// Resources and goods of a player (EMR-1.2); unlimited supply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Goods {
    pub wood: u32,
    pub cloth: u32,
    pub grain: u32,
    pub stone: u32,
    pub bread: u32,
    pub books: u32,
    pub rings: u32,
    pub coins: u32,
}

impl Goods {
    pub fn resource(&self, r: Resource) -> u32 {
        match r {
            Resource::Wood => self.wood,
            Resource::Cloth => self.cloth,
            Resource::Grain => self.grain,
            Resource::Stone => self.stone,
        }
    }

    pub fn resource_mut(&mut self, r: Resource) -> &mut u32 {
        match r {
            Resource::Wood => &mut self.wood,
            Resource::Cloth => &mut self.cloth,
            Resource::Grain => &mut self.grain,
            Resource::Stone => &mut self.stone,
        }
    }

    /// wood + cloth + grain + stone
    pub fn resources_total(&self) -> u32 {
        self.wood + self.cloth + self.grain + self.stone
    }
}

/// A resource cost (huts, advisors): units per resource type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cost {
    pub wood: u8,
    pub cloth: u8,
    pub grain: u8,
    pub stone: u8,
}

impl Cost {
    pub fn get(&self, r: Resource) -> u8 {
        match r {
            Resource::Wood => self.wood,
            Resource::Cloth => self.cloth,
            Resource::Grain => self.grain,
            Resource::Stone => self.stone,
        }
    }

    pub fn total(&self) -> u8 {
        self.wood
            .saturating_add(self.cloth)
            .saturating_add(self.grain)
            .saturating_add(self.stone)
    }
}

/// The units actually paid for a resource cost (section 9: every payment names its units): so
/// many of each resource, plus gold coins used as jokers (EMR-1.5), one coin per resource unit.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Payment {
    pub wood: u8,
    pub cloth: u8,
    pub grain: u8,
    pub stone: u8,
    /// Gold coins paid in place of resources.
    pub coins: u8,
}

impl Payment {
    pub const NONE: Payment = Payment {
        wood: 0,
        cloth: 0,
        grain: 0,
        stone: 0,
        coins: 0,
    };

    /// `n` units of `r`.
    pub fn of(r: Resource, n: u8) -> Payment {
        let mut p = Payment::NONE;
        *p.get_mut(r) = n;
        p
    }

    /// `n` coins.
    pub fn coins(n: u8) -> Payment {
        Payment {
            coins: n,
            ..Payment::NONE
        }
    }

    pub fn get(&self, r: Resource) -> u8 {
        match r {
            Resource::Wood => self.wood,
            Resource::Cloth => self.cloth,
            Resource::Grain => self.grain,
            Resource::Stone => self.stone,
        }
    }

    pub fn get_mut(&mut self, r: Resource) -> &mut u8 {
        match r {
            Resource::Wood => &mut self.wood,
            Resource::Cloth => &mut self.cloth,
            Resource::Grain => &mut self.grain,
            Resource::Stone => &mut self.stone,
        }
    }

    /// Resource units (coins excluded; saturating, so absurd payments never overflow).
    pub fn resources(&self) -> u8 {
        self.wood
            .saturating_add(self.cloth)
            .saturating_add(self.grain)
            .saturating_add(self.stone)
    }

    /// All units, coins included.
    pub fn units(&self) -> u8 {
        self.resources().saturating_add(self.coins)
    }

    /// Compact id: `<count><letter>` for every non-zero field in the order w(ood), c(loth),
    /// g(rain), s(tone), m(oney = coins); `0` for an empty payment. E.g. `1w2m`.
    pub fn id(&self) -> String {
        let mut s = String::new();
        for (n, c) in [
            (self.wood, 'w'),
            (self.cloth, 'c'),
            (self.grain, 'g'),
            (self.stone, 's'),
            (self.coins, 'm'),
        ] {
            if n > 0 {
                s.push_str(&n.to_string());
                s.push(c);
            }
        }
        if s.is_empty() {
            s.push('0');
        }
        s
    }

    pub fn parse(id: &str) -> Option<Payment> {
        if id == "0" {
            return Some(Payment::NONE);
        }
        let mut p = Payment::NONE;
        let mut num = String::new();
        for ch in id.chars() {
            if ch.is_ascii_digit() {
                num.push(ch);
                continue;
            }
            let n: u8 = num.parse().ok()?;
            num.clear();
            let slot = match ch {
                'w' => &mut p.wood,
                'c' => &mut p.cloth,
                'g' => &mut p.grain,
                's' => &mut p.stone,
                'm' => &mut p.coins,
                _ => return None,
            };
            *slot = n;
        }
        if !num.is_empty() {
            return None;
        }
        (p.id() == id).then_some(p)
    }

    /// `1 wood + 2 coins`
    pub fn label(&self) -> String {
        let mut parts = Vec::new();
        for (n, w) in [
            (self.wood, "wood"),
            (self.cloth, "cloth"),
            (self.grain, "grain"),
            (self.stone, "stone"),
        ] {
            if n > 0 {
                parts.push(format!("{n} {w}"));
            }
        }
        if self.coins > 0 {
            parts.push(format!(
                "{} coin{}",
                self.coins,
                if self.coins == 1 { "" } else { "s" }
            ));
        }
        if parts.is_empty() {
            "nothing".to_string()
        } else {
            parts.join(" + ")
        }
    }
}

// ---- config and scenario -------------------------------------------------------------------

/// Where the buildings start (EMR-2.13, EMR-15.6, EMR-16.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BuildingStart {
    /// The value printed on the top event card at setup.
    EventCard,
    /// 35 (first game).
    FirstGame,
    /// An agreed value; in solo the chosen difficulty or the campaign's start position.
    Custom(u32),
}

/// The start player (EMR-2.14, G21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartPlayer {
    Seat(Seat),
    /// Seeded random (R9).
    Random,
}

/// The solo variants (EMR-16.9, EMR-16.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SoloMode {
    /// Beat the highscore: the result is the final score; Victoria only competes for nobility
    /// cards and construction-site values.
    Highscore,
    /// Campaign game: the human wins only with a final score strictly above Victoria's CP.
    Campaign,
}

/// Game-creation options (section 3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmaraConfig {
    /// 1–4; 1 = solo against Victoria (EMR-1.1).
    pub players: u8,
    /// EMR-15.1: shuffle all 8 locations into two rings.
    pub random_layout: bool,
    /// EMR-15.5: all 9 action cards in hand.
    pub full_selection: bool,
    pub building_start: BuildingStart,
    /// Solo: must be seat 0 (EMR-16.4).
    pub start_player: StartPlayer,
    /// Solo only (players = 1); ignored otherwise. `None` means highscore.
    pub solo: Option<SoloMode>,
}

impl EmaraConfig {
    /// Standard game: fixed layout, 3-card hands, building start from the event card, seat 0
    /// starts.
    pub fn new(players: u8) -> Self {
        EmaraConfig {
            players,
            random_layout: false,
            full_selection: false,
            building_start: BuildingStart::EventCard,
            start_player: StartPlayer::Seat(0),
            solo: (players == 1).then_some(SoloMode::Highscore),
        }
    }

    /// A solo game against Victoria from the given building start (EMR-16.8).
    pub fn solo(mode: SoloMode, start: u32) -> Self {
        EmaraConfig {
            players: 1,
            random_layout: false,
            full_selection: false,
            building_start: BuildingStart::Custom(start),
            start_player: StartPlayer::Seat(0),
            solo: Some(mode),
        }
    }
}

/// An explicit starting position. Every field left `None` is drawn from the seed in the order of
/// section 10; given fields replace the corresponding random step.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmaraScenario {
    /// R1–R3: ring A and ring B, clockwise from position 0. Standard layout: ring A holds the 4
    /// countryside and ring B the 4 town locations; random layout: any split of the 8.
    pub rings: Option<[[Location; 4]; 2]>,
    /// R4: the 8 A advisors laid out, 2 per town location in the order castle, cathedral,
    /// construction site, market (space 0 then 1). The other A advisors go to the box.
    pub advisors_a: Option<Vec<Advisor>>,
    /// R5: the B deck, top card first (all 6).
    pub advisors_b: Option<Vec<Advisor>>,
    /// R6: the event deck, top card first (14, solo 13 without "An early winter").
    pub events: Option<Vec<EventCard>>,
    /// R7: the favor-token stack, top token first (all 12).
    pub favor_tokens: Option<Vec<FavorToken>>,
    /// R8: each seat's action deck at setup, top card first (all 9 types).
    pub decks: Option<Vec<Vec<ActionCard>>>,
    /// R8: each seat's deck rebuilt after round 3, top card first.
    pub decks_round_4: Option<Vec<Vec<ActionCard>>>,
    /// R9: the start player (overrides the config's choice).
    pub start_player: Option<Seat>,
}

// ---- actions -------------------------------------------------------------------------------

/// A hire made with the Hire card (EMR-5.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hire {
    Craftsman {
        location: Location,
        hut: u8,
        payment: Payment,
    },
    Advisor {
        advisor: Advisor,
        payment: Payment,
    },
}

/// The per-craftsman choices of a countryside harvest (EMR-7.2), as counts: craftsmen are
/// interchangeable. The sum must equal the player's own craftsmen on the location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HarvestChoice {
    /// Craftsmen taking 1 more resource of the location's type.
    pub extra: u8,
    /// Craftsmen paying 1 grain for 1 bread.
    pub bread_for_grain: u8,
    /// Craftsmen paying 1 coin (in place of the grain, EMR-1.5) for 1 bread.
    pub bread_for_coin: u8,
}

/// Chamberlain's exchange (EMR-12.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChamberlainSwap {
    RingToCoin,
    CoinToRing,
}

/// The options of the end-of-round events (D28, EMR-13.5–13.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundEventOption {
    Decline,
    /// Famine: 1 grain → 3 CP.
    OneGrain,
    /// Famine: 2 grain → 5 CP.
    TwoGrain,
    /// Famine (5 CP), Alms (4 CP), Lore (5 BP): discard 1 ring.
    Ring,
    /// Alms: discard 1 coin → 4 CP.
    Coin,
    /// Lore: discard 1 book → 5 BP.
    Book,
}

impl RoundEventOption {
    pub const ALL: [RoundEventOption; 6] = [
        RoundEventOption::Decline,
        RoundEventOption::OneGrain,
        RoundEventOption::TwoGrain,
        RoundEventOption::Ring,
        RoundEventOption::Coin,
        RoundEventOption::Book,
    ];

    pub fn id(self) -> &'static str {
        match self {
            RoundEventOption::Decline => "decline",
            RoundEventOption::OneGrain => "one_grain",
            RoundEventOption::TwoGrain => "two_grain",
            RoundEventOption::Ring => "ring",
            RoundEventOption::Coin => "coin",
            RoundEventOption::Book => "book",
        }
    }

    pub fn from_id(id: &str) -> Option<RoundEventOption> {
        RoundEventOption::ALL.into_iter().find(|o| o.id() == id)
    }
}

/// Player decisions (section 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EmaraAction {
    /// D2 (random layout): move the start player's councilor from `from` (one of the two event
    /// locations, both in one ring) to `to` in the other ring.
    RelocateStartCouncilor {
        from: Location,
        to: Location,
    },
    /// D3 (random layout).
    ChooseStartingResource(Resource),
    /// D4: `slot` is the movement value 1, 2 or 3.
    PlayCard {
        card: ActionCard,
        slot: u8,
    },
    /// D6: pay 1 unit → 1 coin, or 3 units → 2 coins.
    CardCoins(Payment),
    /// D6, D8, D9: decline the Coins, Hire or City card action.
    DeclineCardAction,
    /// D7: move the councilor of this ring 1 step (mandatory).
    CardStep(Ring),
    /// D8
    CardHire(Hire),
    /// D9
    CardCity(Location),
    /// D10: move the councilor of this ring by the slot's value.
    Move(Ring),
    /// D11
    Harvest(HarvestChoice),
    /// D12
    CathedralDonate {
        resource: Resource,
        payment: Payment,
    },
    /// D13 (private choice among the drawn tokens).
    KeepFavorToken(FavorToken),
    /// D14
    CastleGift {
        resource: Resource,
        payment: Payment,
    },
    /// D15
    CastleBookForBp,
    /// D16: 1 unit → 1 coin (2 → 2 with "Merchants from afar").
    MarketBuyCoins(Payment),
    /// D17: n = 1..5 books.
    MarketSellBooks(u8),
    /// D18
    BuildStone(Payment),
    /// D19: n = 1..3 bread.
    BuildBread(u8),
    /// D20: 1 or 3 units of wood (or coins).
    BuildWood(Payment),
    /// D21: end the current location action (declines what is left of it).
    FinishLocationAction,
    /// D22: redeem one own favor token of the visited town location (repeatable).
    RedeemFavorToken(FavorToken),
    /// D23: the next rank; its coins and rings are fixed (EMR-11.4).
    RaiseRank,
    /// D24
    HireCraftsman {
        location: Location,
        hut: u8,
        payment: Payment,
    },
    /// D25
    RecruitAdvisor {
        advisor: Advisor,
        payment: Payment,
    },
    /// D26: 1 cloth + `bread` grain → `bread` bread (1 or 2).
    UseBaker {
        bread: u8,
        payment: Payment,
    },
    UseSchoolmarm(Payment),
    UseBailiff,
    UseDressmaker(Payment),
    UseLandlord(Payment),
    UseMerchant {
        give: Payment,
        take: Resource,
    },
    UseChamberlain(ChamberlainSwap),
    /// D27
    EndTurn,
    /// D28
    ResolveRoundEvent {
        option: RoundEventOption,
        payment: Payment,
    },
    /// D29: leftover points to CP; the rest goes to BP.
    AllocateLeftovers {
        to_cp: u32,
    },
}

// ---- pending decision, views ---------------------------------------------------------------

/// The game phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Setup decisions of the random-layout variant (D2, D3).
    Setup,
    /// Turns of a round.
    Turns,
    /// End-of-round event decisions (D28).
    EndOfRound,
    /// Leftover allocation (D29).
    FinalScoring,
    /// Scored; the game is over.
    Finished,
}

/// The decision the game waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// D2
    RelocateStartCouncilor { seat: Seat },
    /// D3
    StartingResource { seat: Seat },
    /// D4: the turn starts with a card.
    PlayCard { seat: Seat },
    /// Between actions of a turn: card action, movement, bonus actions, advisor abilities, end.
    Turn { seat: Seat },
    /// Inside a location action (movement, Step or City card).
    LocationAction { seat: Seat, location: Location },
    /// D13: keep one of the drawn favor tokens.
    KeepFavorToken { seat: Seat },
    /// D28
    RoundEvent { seat: Seat, event: EventCard },
    /// D29: every listed seat may submit now (no secrecy).
    Leftovers { seats: Vec<Seat> },
    /// Nobody: the game is over.
    None,
}

/// Why a location action was started.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VisitOrigin {
    Movement,
    StepCard,
    CityCard,
}

/// The sub-actions of a town location, each at most once per visit (EMR-8.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SubAction {
    Donation,
    Gift,
    BookForBp,
    BuyCoins,
    SellBooks,
    Stone,
    Bread,
    Wood,
    Harvest,
}

/// An open location action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VisitView {
    pub location: Location,
    pub origin: VisitOrigin,
    pub used: Vec<SubAction>,
}

/// The bonus actions (EMR-11.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bonus {
    RaiseRank,
    HireCraftsman,
    RecruitAdvisor,
}

/// The current turn, public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnView {
    pub seat: Seat,
    /// 1..=3: the how-many-th turn of this seat in the round.
    pub turn_of_round: u8,
    pub card: Option<ActionCard>,
    pub slot: Option<u8>,
    pub card_action_done: bool,
    pub movement_done: bool,
    pub bonuses_used: Vec<Bonus>,
    /// Once-per-turn advisors already used this turn.
    pub abilities_used: Vec<Advisor>,
    pub visit: Option<VisitView>,
}

/// A hut on a countryside location (G3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HutView {
    pub location: Location,
    pub index: u8,
    pub cost: Cost,
    pub occupant: Option<Seat>,
}

/// An advisor space on a town location (2 per location, EMR-2.8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdvisorSpaceView {
    pub location: Location,
    pub space: u8,
    pub advisor: Option<Advisor>,
}

/// A rotating marker and its current value (EMR-9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkerView {
    pub marker: Marker,
    /// The value a use reads now (EMR-9.6).
    pub value: u32,
    /// Index on the active side; `None` once removed (board value in force, EMR-9.3).
    pub index: Option<u8>,
    /// The active side's values.
    pub side: Vec<u32>,
    pub board_value: u32,
}

/// One noble-rank stack (public, EMR-2.10): CP values from the top.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NobilityStackView {
    pub rank: Rank,
    pub coins: u32,
    pub rings: u32,
    pub cards: Vec<u32>,
}

/// One player as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub cp: u32,
    pub bp: u32,
    pub goods: Goods,
    /// Councilor locations: ring A, ring B.
    pub councilors: [Location; 2],
    /// Slots with movement 1, 2, 3: the card played there this round.
    pub slots: [Option<ActionCard>; 3],
    pub hand_count: usize,
    /// Only in the owner's view.
    pub hand: Option<Vec<ActionCard>>,
    pub deck_count: usize,
    /// Craftsmen still on the board (leftmost is used next).
    pub craftsmen_on_board: u8,
    /// Huts holding this player's craftsmen.
    pub craftsmen: Vec<(Location, u8)>,
    pub advisors: Vec<Advisor>,
    /// Kept favor tokens (face up).
    pub favor_tokens: Vec<FavorToken>,
    pub nobility: Vec<NobilityCard>,
    pub statue: bool,
    /// Leftover points (after round 6) and the submitted split to CP.
    pub leftovers: Option<u32>,
    pub leftovers_to_cp: Option<u32>,
    /// The split that maximises min(CP, BP) (section 6.2), offered as the default while the
    /// player has not submitted yet.
    pub leftovers_suggested_to_cp: Option<u32>,
}

/// Victoria, the solo automaton (EMR-16).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VictoriaView {
    pub cp: u32,
    pub nobility: Vec<NobilityCard>,
}

/// One player's final result (EMR-14).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerScore {
    pub seat: Seat,
    pub leftovers: u32,
    pub to_cp: u32,
    pub cp: u32,
    pub bp: u32,
    /// min(CP, BP) (EMR-14.5)
    pub final_score: u32,
    /// max(CP, BP), tie-break 1 (EMR-14.7)
    pub other: u32,
    /// Tie-break 2: number of ranks (0 = none … 5 = Duke).
    pub rank_level: u8,
    /// Tie-break 3: CP printed on the card of the highest rank (0 without rank).
    pub top_card_cp: u32,
    pub place: u32,
}

/// The final scoring (section 6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalScore {
    pub players: Vec<PlayerScore>,
    /// Solo: Victoria's CP.
    pub victoria_cp: Option<u32>,
    /// Solo: the human's building start (the difficulty, EMR-16.9).
    pub building_start: u32,
    /// Solo campaign: whether the human beat Victoria (EMR-16.11).
    pub solo_won: Option<bool>,
    /// `final_score`, `other_marker`, `noble_rank`, `noble_card`, `shared`, `solo` …
    pub decided_by: String,
}

/// What one viewer may see of a game (section 8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmaraView {
    pub config: EmaraConfig,
    pub phase: Phase,
    /// 1..=6 (0 during setup decisions).
    pub round: u8,
    pub rings: [[Location; 4]; 2],
    pub huts: Vec<HutView>,
    pub advisor_spaces: Vec<AdvisorSpaceView>,
    pub advisors_b_top: Option<Advisor>,
    pub advisors_b_count: usize,
    pub markers: Vec<MarkerView>,
    pub nobility: Vec<NobilityStackView>,
    /// The round's event (from round 1 on).
    pub current_event: Option<EventCard>,
    /// The visible top card of the event deck (before round 1: the setup card).
    pub event_top: Option<EventCard>,
    pub event_deck_count: usize,
    /// Event cards of earlier rounds and the setup card, in order.
    pub events_done: Vec<EventCard>,
    pub favor_stack_count: usize,
    pub favor_discard_count: usize,
    /// Discard-pile tokens this viewer knows (own discards, redeemed tokens; G22).
    pub favor_discard_known: Vec<FavorToken>,
    /// The tokens the viewer has just drawn and must choose from (only for that player).
    pub favor_drawn: Option<Vec<FavorToken>>,
    pub statue: Seat,
    pub players: Vec<PlayerView>,
    pub victoria: Option<VictoriaView>,
    pub pending: Pending,
    pub turn: Option<TurnView>,
    pub building_start: u32,
    pub score: Option<FinalScore>,
}

/// Where a change of goods or points came from, for the event log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    StartingResource,
    Event(EventCard),
    Card(ActionCard),
    Harvest,
    Donation,
    Gift,
    CastleBook,
    MarketCoins,
    MarketBooks,
    BuildStone,
    BuildBread,
    BuildWood,
    Favor(FavorToken),
    Rank(Rank),
    Craftsman,
    Advisor(Advisor),
    Leftovers,
}

/// A signed change of a player's goods and points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Delta {
    pub wood: i32,
    pub cloth: i32,
    pub grain: i32,
    pub stone: i32,
    pub bread: i32,
    pub books: i32,
    pub rings: i32,
    pub coins: i32,
    pub cp: i32,
    pub bp: i32,
}

/// What happened, for the event log. Hidden parts are removed per viewer by `redact_event`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EmaraEvent {
    /// Setup: the two rings (R1–R3).
    LayoutDealt {
        rings: [[Location; 4]; 2],
    },
    /// Setup: A advisors on the town spaces (R4) and the visible top of the B deck (R5).
    AdvisorsDealt {
        spaces: Vec<AdvisorSpaceView>,
        b_top: Option<Advisor>,
    },
    /// The event deck's visible top card changed (setup, every event phase).
    EventDeckTop {
        top: Option<EventCard>,
    },
    /// Setup: start player and statue.
    StartPlayer {
        seat: Seat,
    },
    /// Setup: building start for everyone (EMR-2.13).
    BuildingStart {
        bp: u32,
    },
    CouncilorPlaced {
        seat: Seat,
        ring: Ring,
        location: Location,
    },
    /// An action deck was (re)built and shuffled (R8); nobody sees the order.
    DeckShuffled {
        seat: Seat,
        count: usize,
    },
    /// Cards drawn; `cards` only in the owner's copy.
    CardsDrawn {
        seat: Seat,
        count: usize,
        cards: Vec<ActionCard>,
    },
    /// The full-selection hand was taken up (public: all 9 types).
    HandTakenUp {
        seat: Seat,
        cards: Vec<ActionCard>,
    },
    RoundStarted {
        round: u8,
    },
    /// Event phase: the round's event is revealed.
    EventRevealed {
        round: u8,
        event: EventCard,
    },
    TurnStarted {
        seat: Seat,
        round: u8,
        turn_of_round: u8,
    },
    CardPlayed {
        seat: Seat,
        card: ActionCard,
        slot: u8,
    },
    /// The played card's action was declined (EMR-5; G12: Coins, Hire and City may be declined).
    CardActionDeclined {
        seat: Seat,
        card: ActionCard,
    },
    CouncilorMoved {
        seat: Seat,
        ring: Ring,
        from: Location,
        to: Location,
        steps: u8,
    },
    /// A location action starts.
    VisitStarted {
        seat: Seat,
        location: Location,
        origin: VisitOrigin,
    },
    VisitFinished {
        seat: Seat,
        location: Location,
    },
    /// Goods or points changed.
    Changed {
        seat: Seat,
        delta: Delta,
        source: Source,
    },
    MarkerAdvanced {
        marker: Marker,
        used_value: u32,
        /// `None`: the marker was removed (EMR-9.2) and the board value applies.
        next_index: Option<u8>,
        next_value: u32,
    },
    /// Favor tokens drawn; `tokens` only in the drawer's copy.
    FavorDrawn {
        seat: Seat,
        count: usize,
        tokens: Vec<FavorToken>,
    },
    FavorKept {
        seat: Seat,
        token: FavorToken,
    },
    /// Unkept tokens to the face-down discard pile; `tokens` only in the drawer's copy (G22).
    FavorDiscarded {
        seat: Seat,
        count: usize,
        tokens: Vec<FavorToken>,
    },
    FavorRedeemed {
        seat: Seat,
        token: FavorToken,
    },
    /// The discard pile became the new stack (EMR-10.3, EMR-10.8).
    FavorReshuffled {
        count: usize,
    },
    CraftsmanHired {
        seat: Seat,
        location: Location,
        hut: u8,
        /// Which craftsman slot of the board it came from (0 = leftmost).
        slot: u8,
    },
    AdvisorRecruited {
        seat: Seat,
        advisor: Advisor,
        location: Location,
        space: u8,
    },
    /// The vacated space got the B deck's top card (or stays empty); the new B top is shown.
    AdvisorRefilled {
        location: Location,
        space: u8,
        advisor: Option<Advisor>,
        b_top: Option<Advisor>,
    },
    RankRaised {
        seat: Seat,
        card: NobilityCard,
    },
    AbilityUsed {
        seat: Seat,
        advisor: Advisor,
    },
    TurnEnded {
        seat: Seat,
    },
    RoundEventResolved {
        seat: Seat,
        event: EventCard,
        option: RoundEventOption,
    },
    /// Solo (EMR-16.5): Victoria's construction-site step.
    VictoriaBuilt {
        stone: u32,
        bread: u32,
        cp: u32,
    },
    /// Solo (EMR-16.6).
    VictoriaRank {
        card: NobilityCard,
    },
    StatuePassed {
        to: Seat,
    },
    SlotsCleared,
    LeftoversAllocated {
        seat: Seat,
        to_cp: u32,
        to_bp: u32,
    },
    GameScored {
        score: FinalScore,
    },
}

// ---- campaign ------------------------------------------------------------------------------

/// The solo campaign (EMR-16.10–16.12).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignConfig {
    /// First start position (rulebook: 40).
    pub start: u32,
    /// Plays after which the campaign is over; `None` = open-ended.
    pub max_games: Option<u32>,
    pub random_layout: bool,
    /// EMR-16.13: record full-selection campaigns separately.
    pub full_selection: bool,
}

impl Default for CampaignConfig {
    fn default() -> Self {
        CampaignConfig {
            start: 40,
            max_games: None,
            random_layout: false,
            full_selection: false,
        }
    }
}

/// One folded play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignGame {
    pub start: u32,
    pub score: u32,
    pub victoria_cp: u32,
    pub won: bool,
}

/// The best play from one start position: a win beats a loss, then the higher score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignBest {
    pub start: u32,
    pub score: u32,
    pub won: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignState {
    pub config: CampaignConfig,
    /// The start position of the next play.
    pub start: u32,
    pub games: Vec<CampaignGame>,
    /// Best result per start position, ascending by start.
    pub best: Vec<CampaignBest>,
}

/// The campaign result (EMR-16.12): the lowest start won from, with the best score there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignResult {
    pub start: u32,
    pub score: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignView {
    pub next_start: Option<u32>,
    pub games: Vec<CampaignGame>,
    pub best: Vec<CampaignBest>,
    pub result: Option<CampaignResult>,
    pub over: bool,
}
