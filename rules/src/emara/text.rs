//! Crown of Emara in English: the modes' descriptions, the event summaries and the words they use.

use super::*;
use crate::text::{and_list, plural};

/// The modes as clients name them, by player count (EMR-1.1).
pub(crate) fn modes() -> Vec<crate::Mode<EmaraConfig>> {
    [
        (
            "solo",
            1,
            "one player against Victoria, the automated opponent",
        ),
        ("two_player", 2, "two players"),
        ("three_player", 3, "three players"),
        ("four_player", 4, "four players"),
    ]
    .into_iter()
    .map(|(name, players, description)| crate::Mode {
        name,
        seats: usize::from(players),
        description,
        config: EmaraConfig::new(players),
    })
    .collect()
}

// ---- words ------------------------------------------------------------------------------

fn reward_words(r: FavorReward) -> &'static str {
    match r {
        FavorReward::Cp3 => "3 CP",
        FavorReward::Bp3 => "3 BP",
        FavorReward::Book => "a book",
        FavorReward::SignetRing => "a signet ring",
        FavorReward::Coin => "a coin",
    }
}

fn token_words(t: FavorToken) -> String {
    format!("a {} token ({})", t.location.name(), reward_words(t.reward))
}

fn token_list(ts: &[FavorToken]) -> String {
    and_list(&ts.iter().map(|t| token_words(*t)).collect::<Vec<_>>())
}

fn card_list(cs: &[ActionCard]) -> String {
    and_list(&cs.iter().map(|c| c.name().to_string()).collect::<Vec<_>>())
}

fn marker_words(m: Marker) -> String {
    match m {
        Marker::Gift(r) => format!("{} gift marker", r.id()),
        Marker::Donation(r) => format!("{} donation marker", r.id()),
        Marker::Bread => "bread marker".to_string(),
        Marker::Stone => "stone marker".to_string(),
    }
}

fn source_words(s: Source) -> String {
    match s {
        Source::StartingResource => "starting resource".to_string(),
        Source::Event(e) => format!("event “{}”", e.name()),
        Source::Card(c) => format!("{} card", c.name()),
        Source::Harvest => "harvest".to_string(),
        Source::Donation => "donation at the Cathedral".to_string(),
        Source::Gift => "gift at the Castle".to_string(),
        Source::CastleBook => "book at the Castle".to_string(),
        Source::MarketCoins => "coins at the Market".to_string(),
        Source::MarketBooks => "books sold at the Market".to_string(),
        Source::BuildStone => "stone delivery".to_string(),
        Source::BuildBread => "bread delivery".to_string(),
        Source::BuildWood => "wood delivery".to_string(),
        Source::Favor(t) => token_words(t),
        Source::Rank(r) => format!("rank of {}", r.name()),
        Source::Craftsman => "craftsman".to_string(),
        Source::Advisor(a) => a.name().to_string(),
        Source::Leftovers => "leftover points".to_string(),
    }
}

/// `gains 1 wood and 3 CP, pays 2 grain`.
fn delta_words(d: &Delta) -> String {
    let items: [(i32, &str, &str); 10] = [
        (d.wood, "wood", "wood"),
        (d.cloth, "cloth", "cloth"),
        (d.grain, "grain", "grain"),
        (d.stone, "stone", "stone"),
        (d.bread, "bread", "bread"),
        (d.books, "book", "books"),
        (d.rings, "signet ring", "signet rings"),
        (d.coins, "coin", "coins"),
        (d.cp, "CP", "CP"),
        (d.bp, "BP", "BP"),
    ];
    let side = |gain: bool| -> Vec<String> {
        items
            .iter()
            .filter(|(n, ..)| if gain { *n > 0 } else { *n < 0 })
            .map(|(n, one, many)| plural(n.unsigned_abs(), one, many))
            .collect()
    };
    let (gains, pays) = (side(true), side(false));
    match (gains.is_empty(), pays.is_empty()) {
        (true, true) => "gains nothing".to_string(),
        (false, true) => format!("gains {}", and_list(&gains)),
        (true, false) => format!("pays {}", and_list(&pays)),
        (false, false) => format!("pays {} and gains {}", and_list(&pays), and_list(&gains)),
    }
}

fn ring_words(r: Ring) -> &'static str {
    match r {
        Ring::A => "ring A",
        Ring::B => "ring B",
    }
}

fn option_words(o: RoundEventOption) -> &'static str {
    match o {
        RoundEventOption::Decline => "declines",
        RoundEventOption::OneGrain => "gives 1 grain",
        RoundEventOption::TwoGrain => "gives 2 grain",
        RoundEventOption::Ring => "gives a signet ring",
        RoundEventOption::Coin => "gives a coin",
        RoundEventOption::Book => "gives a book",
    }
}

/// The one-line summary of an (already redacted) event.
pub(crate) fn event_summary(e: &EmaraEvent) -> String {
    match e {
        EmaraEvent::LayoutDealt { rings } => format!(
            "The rings are laid out: A {}; B {}",
            rings[0].map(Location::name).join(", "),
            rings[1].map(Location::name).join(", ")
        ),
        EmaraEvent::AdvisorsDealt { spaces, b_top } => {
            let laid: Vec<String> = spaces
                .iter()
                .filter_map(|s| {
                    s.advisor
                        .map(|a| format!("{} at the {}", a.name(), s.location.name()))
                })
                .collect();
            let top = b_top.map_or("none".to_string(), |a| a.name().to_string());
            format!(
                "Advisors laid out: {}; top of deck B: {top}",
                laid.join(", ")
            )
        }
        EmaraEvent::EventDeckTop { top: Some(e) } => {
            format!("The event deck shows “{}”", e.name())
        }
        EmaraEvent::EventDeckTop { top: None } => "The event deck is empty".to_string(),
        EmaraEvent::StartPlayer { seat } => {
            format!("Seat {seat} is the start player and takes the statue")
        }
        EmaraEvent::BuildingStart { bp } => format!("Everyone starts with {bp} BP"),
        EmaraEvent::CouncilorPlaced {
            seat,
            ring,
            location,
        } => format!(
            "Seat {seat} places its {} councilor on the {}",
            ring_words(*ring),
            location.name()
        ),
        EmaraEvent::DeckShuffled { seat, count } => {
            format!(
                "Seat {seat} shuffles its {}",
                plural(*count, "card", "cards")
            )
        }
        EmaraEvent::CardsDrawn { seat, count, cards } if cards.is_empty() => {
            format!("Seat {seat} draws {}", plural(*count, "card", "cards"))
        }
        EmaraEvent::CardsDrawn { seat, cards, .. } => {
            format!("Seat {seat} draws {}", card_list(cards))
        }
        EmaraEvent::HandTakenUp { seat, cards } => {
            format!("Seat {seat} takes all {} cards into hand", cards.len())
        }
        EmaraEvent::RoundStarted { round } => format!("Round {round} begins"),
        EmaraEvent::EventRevealed { round, event } => {
            format!("Round {round}'s event: “{}”", event.name())
        }
        EmaraEvent::TurnStarted {
            seat,
            turn_of_round,
            ..
        } => format!("Seat {seat} begins its turn {turn_of_round} of the round"),
        EmaraEvent::CardPlayed { seat, card, slot } => {
            format!("Seat {seat} plays {} to slot {slot}", card.name())
        }
        EmaraEvent::CardActionDeclined { seat, card } => {
            format!("Seat {seat} skips the {} card's action", card.name())
        }
        EmaraEvent::CouncilorMoved {
            seat,
            ring,
            from,
            to,
            steps,
        } => format!(
            "Seat {seat} moves its {} councilor {} from the {} to the {}",
            ring_words(*ring),
            plural(*steps, "step", "steps"),
            from.name(),
            to.name()
        ),
        EmaraEvent::VisitStarted {
            seat,
            location,
            origin,
        } => format!(
            "Seat {seat} visits the {}{}",
            location.name(),
            match origin {
                VisitOrigin::Movement => "",
                VisitOrigin::StepCard => " (Step card)",
                VisitOrigin::CityCard => " (City card)",
            }
        ),
        EmaraEvent::VisitFinished { seat, location } => {
            format!("Seat {seat} leaves the {}", location.name())
        }
        EmaraEvent::Changed {
            seat,
            delta,
            source,
        } => format!(
            "Seat {seat} {} ({})",
            delta_words(delta),
            source_words(*source)
        ),
        EmaraEvent::MarkerAdvanced {
            marker,
            used_value,
            next_index,
            next_value,
        } => match next_index {
            Some(_) => format!(
                "The {} moves on from {used_value} to {next_value}",
                marker_words(*marker)
            ),
            None => format!(
                "The {} is used up after {used_value}; the board value {next_value} applies",
                marker_words(*marker)
            ),
        },
        EmaraEvent::FavorDrawn {
            seat,
            count,
            tokens,
        } if tokens.is_empty() => format!(
            "Seat {seat} draws {}",
            plural(*count, "favor token", "favor tokens")
        ),
        EmaraEvent::FavorDrawn { seat, tokens, .. } => {
            format!("Seat {seat} draws {}", token_list(tokens))
        }
        EmaraEvent::FavorKept { seat, token } => {
            format!("Seat {seat} keeps {}", token_words(*token))
        }
        EmaraEvent::FavorDiscarded {
            seat,
            count,
            tokens,
        } if tokens.is_empty() => format!(
            "Seat {seat} discards {} face down",
            plural(*count, "favor token", "favor tokens")
        ),
        EmaraEvent::FavorDiscarded { seat, tokens, .. } => {
            format!("Seat {seat} discards {} face down", token_list(tokens))
        }
        EmaraEvent::FavorRedeemed { seat, token } => {
            format!("Seat {seat} redeems {}", token_words(*token))
        }
        EmaraEvent::FavorReshuffled { count } => format!(
            "The favor discard pile ({}) becomes the new stack",
            plural(*count, "token", "tokens")
        ),
        EmaraEvent::CraftsmanHired {
            seat,
            location,
            hut,
            ..
        } => format!(
            "Seat {seat} hires a craftsman into hut {} of the {}",
            u32::from(*hut) + 1,
            location.name()
        ),
        EmaraEvent::AdvisorRecruited {
            seat,
            advisor,
            location,
            ..
        } => format!(
            "Seat {seat} recruits the {} at the {}",
            advisor.name(),
            location.name()
        ),
        EmaraEvent::AdvisorRefilled {
            location,
            advisor: Some(a),
            ..
        } => format!(
            "{} takes the free space at the {}",
            a.name(),
            location.name()
        ),
        EmaraEvent::AdvisorRefilled { location, .. } => {
            format!("The advisor space at the {} stays empty", location.name())
        }
        EmaraEvent::RankRaised { seat, card } => format!(
            "Seat {seat} becomes {} ({} CP card)",
            card.rank.name(),
            card.cp
        ),
        EmaraEvent::AbilityUsed { seat, advisor } => {
            format!("Seat {seat} uses the {}", advisor.name())
        }
        EmaraEvent::TurnEnded { seat } => format!("Seat {seat} ends its turn"),
        EmaraEvent::RoundEventResolved {
            seat,
            event,
            option,
        } => format!(
            "Seat {seat} {} for “{}”",
            option_words(*option),
            event.name()
        ),
        EmaraEvent::VictoriaBuilt { stone, bread, cp } => {
            format!("Victoria builds (stone {stone}, bread {bread}) and gains {cp} CP")
        }
        EmaraEvent::VictoriaRank { card } => format!(
            "Victoria becomes {} and gains {} CP",
            card.rank.name(),
            card.cp
        ),
        EmaraEvent::StatuePassed { to } => format!("The statue passes to seat {to}"),
        EmaraEvent::SlotsCleared => "All player boards are cleared".to_string(),
        EmaraEvent::LeftoversAllocated { seat, to_cp, to_bp } => {
            format!("Seat {seat} puts {to_cp} leftover points on CP and {to_bp} on BP")
        }
        EmaraEvent::GameScored { score } => {
            let finals: Vec<String> = score
                .players
                .iter()
                .map(|p| {
                    format!(
                        "seat {} {} (CP {}, BP {}, place {})",
                        p.seat, p.final_score, p.cp, p.bp, p.place
                    )
                })
                .collect();
            match score.victoria_cp {
                Some(v) => format!(
                    "Game over: {}; Victoria {v} CP; decided by {}",
                    finals.join(", "),
                    score.decided_by
                ),
                None => format!(
                    "Game over: {}; decided by {}",
                    finals.join(", "),
                    score.decided_by
                ),
            }
        }
    }
}
