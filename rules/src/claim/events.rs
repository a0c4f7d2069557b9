//! Event redaction (CLM-HID.3): hidden card identities are removed from a viewer's copy.

use super::types::*;
use crate::Viewer;

pub(crate) fn redact_event(event: &ClaimEvent, viewer: Viewer) -> Option<ClaimEvent> {
    let me = viewer.seat();
    let redacted = match event {
        // Hands and follower piles taken up: the cards only for their owner.
        ClaimEvent::Dealt { seat, count, .. } if me != Some(*seat) => ClaimEvent::Dealt {
            seat: *seat,
            count: *count,
            cards: Vec::new(),
        },
        ClaimEvent::FollowersTakenUp { seat, count, .. } if me != Some(*seat) => {
            ClaimEvent::FollowersTakenUp {
                seat: *seat,
                count: *count,
                cards: Vec::new(),
            }
        }
        // A deck draw: only the drawer and a seer who looked at that very card (CLM-SER.5).
        ClaimEvent::DrewFromDeck { seat, known_to, .. }
            if !me.is_some_and(|v| known_to.contains(&v)) =>
        {
            ClaimEvent::DrewFromDeck {
                seat: *seat,
                card: None,
                known_to: known_to.clone(),
            }
        }
        // The peeked card: only the seer (CLM-SER.2).
        ClaimEvent::SeerPeeked { seat, .. } if me != Some(*seat) => ClaimEvent::SeerPeeked {
            seat: *seat,
            card: None,
        },
        other => other.clone(),
    };
    Some(redacted)
}
