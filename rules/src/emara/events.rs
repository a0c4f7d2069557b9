//! Event redaction (section 8): drawn action cards only for their owner; drawn and discarded
//! favor tokens only for the drawer (G22). Everything else is public.

use super::types::*;
use crate::Viewer;

pub(crate) fn redact_event(event: &EmaraEvent, viewer: Viewer) -> Option<EmaraEvent> {
    let me = viewer.seat();
    let redacted = match event {
        EmaraEvent::CardsDrawn { seat, count, .. } if me != Some(*seat) => EmaraEvent::CardsDrawn {
            seat: *seat,
            count: *count,
            cards: Vec::new(),
        },
        EmaraEvent::FavorDrawn { seat, count, .. } if me != Some(*seat) => EmaraEvent::FavorDrawn {
            seat: *seat,
            count: *count,
            tokens: Vec::new(),
        },
        EmaraEvent::FavorDiscarded { seat, count, .. } if me != Some(*seat) => {
            EmaraEvent::FavorDiscarded {
                seat: *seat,
                count: *count,
                tokens: Vec::new(),
            }
        }
        other => other.clone(),
    };
    Some(redacted)
}
