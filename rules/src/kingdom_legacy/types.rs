//! The small vocabulary shared by data, state and actions: card ids, the four orientations
//! (KLG-2.3), the six resources (KLG-7.1) and bags of them.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A card's serial number (0–139 in the default box).
pub type CardId = u16;

/// The four ways a card can lie (KLG-2.3): side (front/back) × rotation (upright/upside-down).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Orientation {
    F0,
    F180,
    B0,
    B180,
}

impl Orientation {
    pub const ALL: [Orientation; 4] = [
        Orientation::F0,
        Orientation::F180,
        Orientation::B0,
        Orientation::B180,
    ];

    /// Arrow ↓: rotate 180°, keeping the side (KLG-2.5).
    pub fn rotated(self) -> Orientation {
        match self {
            Orientation::F0 => Orientation::F180,
            Orientation::F180 => Orientation::F0,
            Orientation::B0 => Orientation::B180,
            Orientation::B180 => Orientation::B0,
        }
    }

    /// Arrow →: flip to the other side, keeping the rotation (KLG-2.5).
    pub fn flipped(self) -> Orientation {
        match self {
            Orientation::F0 => Orientation::B0,
            Orientation::B0 => Orientation::F0,
            Orientation::F180 => Orientation::B180,
            Orientation::B180 => Orientation::F180,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Orientation::F0 => "F0",
            Orientation::F180 => "F180",
            Orientation::B0 => "B0",
            Orientation::B180 => "B180",
        }
    }

    pub fn parse(s: &str) -> Option<Orientation> {
        Orientation::ALL.into_iter().find(|o| o.as_str() == s)
    }
}

/// The six resources (KLG-7.1; names from G4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    Gold,
    Wood,
    Stone,
    Metal,
    Military,
    Trade,
}

impl Resource {
    pub const ALL: [Resource; 6] = [
        Resource::Gold,
        Resource::Wood,
        Resource::Stone,
        Resource::Metal,
        Resource::Military,
        Resource::Trade,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Resource::Gold => "gold",
            Resource::Wood => "wood",
            Resource::Stone => "stone",
            Resource::Metal => "metal",
            Resource::Military => "military",
            Resource::Trade => "trade",
        }
    }

    pub fn parse(s: &str) -> Option<Resource> {
        Resource::ALL.into_iter().find(|r| r.as_str() == s)
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// An amount of each resource, e.g. a cost or a production alternative. Written in JSON as
/// `{"gold": 2, "wood": 1}` (absent kinds are 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ResourceBag(pub [u32; 6]);

impl ResourceBag {
    pub const EMPTY: ResourceBag = ResourceBag([0; 6]);

    pub fn of(resource: Resource, n: u32) -> ResourceBag {
        let mut b = ResourceBag::EMPTY;
        b.0[resource.index()] = n;
        b
    }

    pub fn get(&self, r: Resource) -> u32 {
        self.0[r.index()]
    }

    pub fn set(&mut self, r: Resource, n: u32) {
        self.0[r.index()] = n;
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    pub fn total(&self) -> u32 {
        self.0.iter().sum()
    }

    /// Whether `self` holds at least `cost` of every kind (KLG-6.11, KLG-7.6).
    pub fn covers(&self, cost: &ResourceBag) -> bool {
        self.0.iter().zip(cost.0.iter()).all(|(a, b)| a >= b)
    }

    pub fn add(&mut self, other: &ResourceBag) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a += b;
        }
    }

    /// Removes `cost`; the caller has checked [`ResourceBag::covers`].
    pub fn pay(&mut self, cost: &ResourceBag) {
        debug_assert!(self.covers(cost));
        for (a, b) in self.0.iter_mut().zip(cost.0.iter()) {
            *a -= b;
        }
    }

    /// The kinds with a non-zero amount, in [`Resource::ALL`] order.
    pub fn kinds(&self) -> impl Iterator<Item = Resource> + '_ {
        Resource::ALL.into_iter().filter(|r| self.get(*r) > 0)
    }

    pub fn iter(&self) -> impl Iterator<Item = (Resource, u32)> + '_ {
        Resource::ALL
            .into_iter()
            .map(|r| (r, self.get(r)))
            .filter(|(_, n)| *n > 0)
    }
}

impl std::fmt::Display for ResourceBag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_empty() {
            return write!(f, "nothing");
        }
        let parts: Vec<String> = self
            .iter()
            .map(|(r, n)| format!("{n} {}", r.as_str()))
            .collect();
        write!(f, "{}", parts.join(", "))
    }
}

impl Serialize for ResourceBag {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let map: BTreeMap<&str, u32> = self.iter().map(|(r, n)| (r.as_str(), n)).collect();
        map.serialize(s)
    }
}

impl<'de> Deserialize<'de> for ResourceBag {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map: BTreeMap<String, u32> = BTreeMap::deserialize(d)?;
        let mut bag = ResourceBag::EMPTY;
        for (k, v) in map {
            let r = Resource::parse(&k).ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "unknown resource `{k}` (expected gold, wood, stone, metal, military or trade)"
                ))
            })?;
            bag.set(r, v);
        }
        Ok(bag)
    }
}
