//! Redis Cluster hash slots, so that a campaign's play can be given an id whose keys share the
//! campaign's slot (`validate::new_play_id` draws it): starting a play (campaign write + game
//! creation) is then one atomic script on a cluster too. A slot is CRC16/XMODEM of the key's hash tag (the text between `{` and `}`)
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
}
