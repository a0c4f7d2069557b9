//! The card records of a sitting indexed by card id. The rules look a card up at nearly every
//! step (its orientation, its location), so a lookup is a vector index instead of a B-tree
//! search; the serialised form is the id-keyed map of §7.1, byte for byte as before.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::state::CardRecord;
use super::types::CardId;

/// Card id → record, iterated in ascending id order like the map it replaces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardTable {
    /// Slot `id` holds card `id` (with its id, so iteration can lend `&CardId`).
    slots: Vec<Option<(CardId, CardRecord)>>,
    len: usize,
}

impl CardTable {
    pub fn new() -> CardTable {
        CardTable::default()
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn get(&self, id: &CardId) -> Option<&CardRecord> {
        match self.slots.get(*id as usize) {
            Some(Some((_, c))) => Some(c),
            _ => None,
        }
    }

    pub fn get_mut(&mut self, id: &CardId) -> Option<&mut CardRecord> {
        match self.slots.get_mut(*id as usize) {
            Some(Some((_, c))) => Some(c),
            _ => None,
        }
    }

    pub fn contains_key(&self, id: &CardId) -> bool {
        self.get(id).is_some()
    }

    /// Sets the record of `id`; returns the one it replaces.
    pub fn insert(&mut self, id: CardId, card: CardRecord) -> Option<CardRecord> {
        let i = id as usize;
        if self.slots.len() <= i {
            self.slots.resize_with(i + 1, || None);
        }
        let old = self.slots[i].replace((id, card)).map(|(_, c)| c);
        if old.is_none() {
            self.len += 1;
        }
        old
    }

    /// `(id, record)` in ascending id order.
    pub fn iter(&self) -> impl Iterator<Item = (&CardId, &CardRecord)> {
        self.slots.iter().flatten().map(|(id, c)| (id, c))
    }

    pub fn keys(&self) -> impl Iterator<Item = &CardId> {
        self.slots.iter().flatten().map(|(id, _)| id)
    }

    pub fn values(&self) -> impl Iterator<Item = &CardRecord> {
        self.slots.iter().flatten().map(|(_, c)| c)
    }

    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut CardRecord> {
        self.slots.iter_mut().flatten().map(|(_, c)| c)
    }

    /// The id-keyed map of the persistent record (§7.1).
    pub fn to_map(&self) -> BTreeMap<CardId, CardRecord> {
        self.iter().map(|(&id, c)| (id, c.clone())).collect()
    }
}

impl<'a> IntoIterator for &'a CardTable {
    type Item = (&'a CardId, &'a CardRecord);
    type IntoIter = Box<dyn Iterator<Item = (&'a CardId, &'a CardRecord)> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

impl FromIterator<(CardId, CardRecord)> for CardTable {
    fn from_iter<I: IntoIterator<Item = (CardId, CardRecord)>>(iter: I) -> CardTable {
        let mut t = CardTable::new();
        for (id, c) in iter {
            t.insert(id, c);
        }
        t
    }
}

impl From<BTreeMap<CardId, CardRecord>> for CardTable {
    fn from(map: BTreeMap<CardId, CardRecord>) -> CardTable {
        map.into_iter().collect()
    }
}

impl std::ops::Index<&CardId> for CardTable {
    type Output = CardRecord;

    fn index(&self, id: &CardId) -> &CardRecord {
        self.get(id).expect("card of the table")
    }
}

impl Serialize for CardTable {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardTable {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardTable, D::Error> {
        BTreeMap::<CardId, CardRecord>::deserialize(d).map(CardTable::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kingdom_legacy::{Config, KingdomLegacy, KlgAction, Pack, Phase, State};
    use crate::{Game, GameRng};

    /// States of a random shipped game at every step of its first rounds.
    fn states() -> Vec<State> {
        let mut st = KingdomLegacy::setup(&Config::new(Pack::Shipped), 7).unwrap();
        let mut r = GameRng::from_seed(7);
        let mut out = vec![st.clone()];
        for _ in 0..400 {
            // Never suspended or reset, so the game goes on.
            let legal: Vec<KlgAction> = KingdomLegacy::legal_actions(&st, 0)
                .into_iter()
                .filter(|a| !matches!(a, KlgAction::Suspend | KlgAction::ResetCampaign))
                .collect();
            if legal.is_empty() {
                break;
            }
            let a = legal[r.below(legal.len())].clone();
            KingdomLegacy::apply(&mut st, 0, &a).unwrap();
            out.push(st.clone());
        }
        out
    }

    #[test]
    fn serialises_exactly_as_the_id_keyed_map() {
        let states = states();
        assert!(states.iter().any(|st| st.phase == Phase::BetweenRounds));
        for st in states {
            let table = serde_json::to_string(&st.cards).unwrap();
            assert_eq!(table, serde_json::to_string(&st.cards.to_map()).unwrap());
            let back: CardTable = serde_json::from_str(&table).unwrap();
            assert_eq!(back, st.cards);
            let json = serde_json::to_string(&st).unwrap();
            let again: State = serde_json::from_str(&json).unwrap();
            assert_eq!(again, st);
            assert_eq!(serde_json::to_string(&again).unwrap(), json);
        }
    }

    #[test]
    fn lookups_follow_the_ids() {
        let mut t = CardTable::new();
        assert!(t.is_empty());
        assert_eq!(t.insert(12, CardRecord::pristine()), None);
        assert_eq!(t.insert(3, CardRecord::pristine()), None);
        assert!(t.insert(12, CardRecord::pristine()).is_some());
        assert_eq!(t.len(), 2);
        assert_eq!(t.keys().copied().collect::<Vec<_>>(), vec![3, 12]);
        assert!(t.contains_key(&3) && !t.contains_key(&4) && !t.contains_key(&400));
        assert_eq!(serde_json::to_string(&t).unwrap().find("\"3\""), Some(1));
    }
}
