//! Claim in English: the modes' descriptions and the event summaries.

use super::{Card, ClaimConfig, ClaimEvent, Mode, Phase};

/// The modes as clients name them (section 3), with the config each stands for.
pub(crate) fn modes() -> Vec<crate::Mode<ClaimConfig>> {
    Mode::ALL
        .into_iter()
        .map(|m| crate::Mode {
            name: m.id(),
            seats: m.players(),
            description: match m {
                Mode::Base2p => {
                    "two players with the base deck (knights and goblins or gnomes and giants)"
                }
                Mode::Custom2p => "two players with a pair and three chosen factions",
                Mode::ThreePlayer => "three players, each for themselves, with five free factions",
                Mode::FourPlayerTeams => "four players in two teams (seats 0+2 against 1+3)",
            },
            config: ClaimConfig::new(m),
        })
        .collect()
}

/// The one-line summary of an (already redacted) event.
pub(crate) fn event_summary(e: &ClaimEvent) -> String {
    let list = |cs: &[Card]| cs.iter().map(Card::label).collect::<Vec<_>>().join(", ");
    match e {
        ClaimEvent::Dealt { seat, count, cards } if cards.is_empty() => {
            format!("Seat {seat} is dealt {count} cards")
        }
        ClaimEvent::Dealt { seat, cards, .. } => {
            format!("Seat {seat} is dealt {}", list(cards))
        }
        ClaimEvent::TrickStarted {
            phase,
            trick_number,
            leader,
            revealed,
        } => {
            let phase = if *phase == Phase::Recruiting {
                "Phase 1"
            } else {
                "Phase 2"
            };
            if revealed.is_empty() {
                format!("{phase}, trick {trick_number}: seat {leader} leads")
            } else {
                format!(
                    "{phase}, trick {trick_number}: seat {leader} leads for {}",
                    list(revealed)
                )
            }
        }
        ClaimEvent::CardPlayed { seat, card } => format!("Seat {seat} plays {}", card.label()),
        ClaimEvent::TrickRanked { winner, ranking } => format!(
            "Seat {winner} wins the trick (ranking {})",
            ranking
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        ClaimEvent::SeerPeeked {
            seat,
            card: Some(c),
        } => format!("Seat {seat} looks at the deck top: {}", c.label()),
        ClaimEvent::SeerPeeked { seat, card: None } => {
            format!("Seat {seat} looks at the deck top")
        }
        ClaimEvent::SeerDeclined { seat } => {
            format!("Seat {seat} does not look at the deck top")
        }
        ClaimEvent::TookRevealed { seat, card, .. } => {
            format!("Seat {seat} takes {} as a follower", card.label())
        }
        ClaimEvent::DrewFromDeck {
            seat,
            card: Some(c),
            ..
        } => format!("Seat {seat} draws {} as a follower", c.label()),
        ClaimEvent::DrewFromDeck {
            seat, card: None, ..
        } => format!("Seat {seat} draws a follower from the deck"),
        ClaimEvent::ToScorePile { seat, cards } => {
            format!("Seat {seat} scores {}", list(cards))
        }
        ClaimEvent::ToGnomeRow { seat, cards } => {
            format!("{} go to seat {seat}'s gnome row", list(cards))
        }
        ClaimEvent::ToTrollPool { cards } => {
            format!("{} set aside in the troll pool", list(cards))
        }
        ClaimEvent::Discarded { cards } => format!("{} discarded", list(cards)),
        ClaimEvent::GnomeCrushed { by, victim, card } => {
            format!("Seat {by} crushes seat {victim}'s {}", card.label())
        }
        ClaimEvent::CrushingFinished { seat } => format!("Seat {seat} stops crushing"),
        ClaimEvent::NextLeader {
            seat,
            by_dragon: true,
        } => format!("Seat {seat} leads next (dragon)"),
        ClaimEvent::NextLeader { seat, .. } => format!("Seat {seat} leads next"),
        ClaimEvent::FollowersTakenUp { seat, count, .. } => {
            format!("Seat {seat} takes {count} followers into hand")
        }
        ClaimEvent::GnomeRowScored { seat, cards } => {
            format!("Seat {seat}'s gnome row scores {}", list(cards))
        }
        ClaimEvent::GameScored { score } => format!(
            "Game over: votes {}; decided by {}",
            score
                .vote_totals
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join("–"),
            score.decided_by
        ),
    }
}
