//! The seats as a binary part keeps them: each seat an array of its fields in their declared
//! order, the trailing ones left out while they hold their defaults. With the field names, as
//! before, a two-seat game's seats took about 50 bytes more. [`SeatRecord`]'s derived
//! `Deserialize` reads both forms (MessagePack structs come as arrays or maps, and a missing
//! trailing field takes its default), so seats written before keep reading.

use super::record::SeatRecord;
use super::token_hash;
use serde::ser::{Serialize, SerializeSeq, SerializeTuple, Serializer};

/// The seats of a game, for its seats part.
pub struct Stored<'a>(pub &'a [SeatRecord]);

impl Serialize for Stored<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for seat in self.0 {
            seq.serialize_element(&Seat(seat))?;
        }
        seq.end()
    }
}

struct Seat<'a>(&'a SeatRecord);

impl Serialize for Seat<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Every field, in the struct's order: a field added to SeatRecord fails to compile here
        // until it has its place.
        let SeatRecord {
            occupant,
            name,
            bot,
            bot_level,
            token_hash,
            player_ref,
            player_ref_public,
            resigned_at,
            joined_at,
        } = self.0;
        // How many fields are written: up to the last one that differs from its default.
        let set = [
            *bot_level != 0,
            token_hash.is_some(),
            player_ref.is_some(),
            *player_ref_public,
            resigned_at.is_some(),
            joined_at.is_some(),
        ];
        let len = 3 + set.iter().rposition(|&b| b).map_or(0, |i| i + 1);
        let mut t = s.serialize_tuple(len)?;
        t.serialize_element(occupant)?;
        t.serialize_element(name)?;
        t.serialize_element(bot)?;
        let hash = token_hash::Ref(token_hash);
        if len > 3 {
            t.serialize_element(bot_level)?;
        }
        if len > 4 {
            t.serialize_element(&hash)?;
        }
        if len > 5 {
            t.serialize_element(player_ref)?;
        }
        if len > 6 {
            t.serialize_element(player_ref_public)?;
        }
        if len > 7 {
            t.serialize_element(resigned_at)?;
        }
        if len > 8 {
            t.serialize_element(joined_at)?;
        }
        t.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::record::Occupant;

    fn seats() -> Vec<SeatRecord> {
        let mut human = SeatRecord::new(Occupant::Human, "Ana".into());
        human.token_hash = Some(hex::encode([9u8; 32]));
        let mut bot = SeatRecord::new(Occupant::Bot, "Bot".into());
        bot.bot = "greedy".into();
        bot.bot_level = 2;
        let mut full = SeatRecord::new(Occupant::Human, "Eva".into());
        full.token_hash = Some(hex::encode([3u8; 32]));
        full.player_ref = Some("p-1".into());
        full.player_ref_public = true;
        full.resigned_at = Some(7);
        full.joined_at = Some(2);
        // Only the last optional field set: every field before it is written as its default.
        let mut joined = SeatRecord::new(Occupant::Open, String::new());
        joined.joined_at = Some(4);
        vec![
            human,
            bot,
            full,
            joined,
            SeatRecord::new(Occupant::Open, String::new()),
        ]
    }

    #[test]
    fn seats_read_back_from_their_arrays() {
        let seats = seats();
        let packed = rmp_serde::to_vec(&Stored(&seats)).unwrap();
        let back: Vec<SeatRecord> = rmp_serde::from_slice(&packed).unwrap();
        assert_eq!(back, seats);
    }

    #[test]
    fn seats_written_with_field_names_still_read_and_took_more() {
        let seats = seats();
        let named = rmp_serde::encode::to_vec_named(&seats).unwrap();
        let back: Vec<SeatRecord> = rmp_serde::from_slice(&named).unwrap();
        assert_eq!(back, seats);
        let packed = rmp_serde::to_vec(&Stored(&seats[..2])).unwrap();
        let named = rmp_serde::encode::to_vec_named(&seats[..2]).unwrap();
        assert!(
            named.len() >= packed.len() + 40,
            "{} against {}",
            named.len(),
            packed.len()
        );
    }
}
