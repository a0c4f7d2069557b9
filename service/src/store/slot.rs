//! Redis Cluster hash slots, so that a campaign's play can be given an id whose keys share the
//! campaign's slot: starting a play (campaign write + game creation) is then one atomic script
//! on a cluster too. A slot is CRC16/XMODEM of the key's hash tag (the text between `{` and `}`)
//! modulo 16384.

/// The number of slots of a Redis Cluster.
pub const SLOTS: u16 = 16384;

/// CRC16/XMODEM (polynomial 0x1021, initial 0), as Redis Cluster computes it.
fn crc16(bytes: &[u8]) -> u16 {
    let mut crc: u16 = 0;
    for &b in bytes {
        crc ^= u16::from(b) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

/// The slot of keys tagged `{tag}` (every key of a game or campaign is tagged with its id).
pub fn of_tag(tag: &str) -> u16 {
    crc16(tag.as_bytes()) % SLOTS
}

/// A random game id (`g_` + 24 hex digits, as [`crate::validate::game_id`] wants) in the same
/// slot as `campaign_id`. About 16,384 candidates are drawn on average (well under a
/// millisecond); the bytes come from one random seed stretched by ChaCha, not a system call each.
pub fn play_id_for(campaign_id: &str) -> Result<String, crate::error::ApiError> {
    use rand_chacha::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};
    let target = of_tag(campaign_id);
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed)
        .map_err(|e| crate::error::ApiError::Internal(format!("no randomness: {e}")))?;
    let mut rng = ChaCha8Rng::from_seed(seed);
    let mut bytes = [0u8; 12];
    // Each draw hits with probability 1/16384; this many misses cannot happen in practice.
    for _ in 0..(64 * SLOTS as u32) {
        rng.fill_bytes(&mut bytes);
        let id = format!("g_{}", hex::encode(bytes));
        if of_tag(&id) == target {
            return Ok(id);
        }
    }
    Err(crate::error::ApiError::Internal(
        "no play id found in the campaign's slot".into(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_match_redis_cluster() {
        // Values from the Redis Cluster specification's reference and `CLUSTER KEYSLOT`.
        assert_eq!(crc16(b"123456789"), 0x31C3);
        assert_eq!(of_tag("foo"), 12182);
        assert_eq!(of_tag("bar"), 5061);
    }

    #[test]
    fn a_play_id_shares_its_campaign_slot_and_is_a_game_id() {
        let campaign = "c_0123456789abcdef01234567";
        let id = play_id_for(campaign).unwrap();
        assert_eq!(of_tag(&id), of_tag(campaign));
        assert!(crate::validate::game_id(&id).is_ok());
        assert_ne!(id, play_id_for(campaign).unwrap());
    }
}
