//! What the stored records hold on the heap, walked field by field (every field named, so a
//! new one cannot be left out): a hot game weighs its record and log entries this way instead
//! of copying them under the counting allocator.

use super::record::{ClockRecord, GameRecord, LogEntry, SeatRecord, SetupRecord};
use crate::heap::{Held, Holds};

impl Holds for GameRecord {
    fn held(&self) -> Held {
        let GameRecord {
            format: _,
            id,
            game_type,
            rules_version: _,
            created_at_ms: _,
            seats,
            setup,
            opening_events,
            version: _,
            revision: _,
            status: _,
            state,
            campaign,
            creator_token_hash,
            listed: _,
            updated_at_ms: _,
            clock,
        } = self;
        id.held()
            + game_type.held()
            + seats.held()
            + setup.held()
            + opening_events.held()
            + state.held()
            + campaign.held()
            + creator_token_hash.held()
            + clock.held()
    }
}

impl Holds for SeatRecord {
    fn held(&self) -> Held {
        let SeatRecord {
            occupant: _,
            name,
            bot,
            bot_level: _,
            token_hash,
            player_ref,
            player_ref_public: _,
            resigned_at: _,
            joined_at: _,
        } = self;
        name.held() + bot.held() + token_hash.held() + player_ref.held()
    }
}

impl Holds for SetupRecord {
    fn held(&self) -> Held {
        let SetupRecord {
            config,
            seed: _,
            scenario,
            seed_chosen: _,
        } = self;
        config.held() + scenario.held()
    }
}

impl Holds for ClockRecord {
    fn held(&self) -> Held {
        let ClockRecord {
            control: _,
            on_timeout: _,
            remaining_ms,
            started_ms,
        } = self;
        remaining_ms.held() + started_ms.held()
    }
}

impl Holds for LogEntry {
    fn held(&self) -> Held {
        let LogEntry {
            version: _,
            seat: _,
            action,
            events,
            seat_change: _,
            seat_before,
        } = self;
        action.held() + events.held() + seat_before.held()
    }
}
