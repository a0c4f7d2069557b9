//! Panovník in English: the modes' descriptions, the event summaries and the words they use.

use super::data::Catalog;
use super::*;
use crate::text::{and_list, plural, seat_list};

/// The modes as clients name them: real players and virtual opponents (PNV-11, PNV-12).
pub(crate) fn modes() -> Vec<crate::Mode<PanovnikConfig>> {
    [
        ("solo", 1, 1, "one player against one virtual opponent"),
        (
            "solo_two_virtual",
            1,
            2,
            "one player against two virtual opponents",
        ),
        (
            "solo_three_virtual",
            1,
            3,
            "one player against three virtual opponents",
        ),
        ("two_player", 2, 0, "two players"),
        (
            "two_player_one_virtual",
            2,
            1,
            "two players and one virtual opponent",
        ),
        (
            "two_player_two_virtual",
            2,
            2,
            "two players and two virtual opponents",
        ),
        ("three_player", 3, 0, "three players"),
        (
            "three_player_one_virtual",
            3,
            1,
            "three players and one virtual opponent",
        ),
        ("four_player", 4, 0, "four players"),
    ]
    .into_iter()
    .map(|(name, players, virtuals, description)| {
        // A mode with the rules' default number of virtual opponents leaves it unset.
        let standard = PanovnikConfig::new(players);
        crate::Mode {
            name,
            seats: usize::from(players),
            description,
            config: if standard.virtuals() == virtuals {
                standard
            } else {
                PanovnikConfig::with_virtual(players, virtuals)
            },
        }
    })
    .collect()
}

/// The option `index` of the law's `choose_one` list, from the card data.
pub fn law_option(law: u32, index: u8) -> Option<Reward> {
    match &Catalog::shipped().law(law)?.on_play {
        Some(super::data::LawAction::ChooseOne { options }) => {
            options.get(usize::from(index)).cloned()
        }
        _ => None,
    }
}

/// A card's name with its order number, e.g. `Captain of the Watch (#32)`.
pub fn card_name(card: u32) -> String {
    let cat = Catalog::shipped();
    let name = if Catalog::is_law(card) {
        cat.law(card).map(|l| l.name.as_str())
    } else {
        cat.character(card).map(|c| c.name.as_str())
    };
    match name {
        Some(n) => format!("{n} (#{card})"),
        None => format!("card #{card}"),
    }
}

/// A reward in words, e.g. `1 science + 1 defense`.
pub fn reward_words(r: &Reward) -> String {
    let join = |rs: &[Reward], sep: &str| rs.iter().map(reward_words).collect::<Vec<_>>().join(sep);
    match r {
        Reward::Gems(n) => plural(*n, "gem", "gems"),
        Reward::Power(v) => format!("{v} power points"),
        Reward::Draw(n) => format!("draw {}", plural(*n, "card", "cards")),
        Reward::Science(n) => format!("{n} science"),
        Reward::Magic(n) => format!("{n} magic"),
        Reward::Defense(n) => format!("{n} defense"),
        Reward::Attack(n) => format!("{n} attack"),
        Reward::MagicBonus(v) => format!("magic bonus +{v}"),
        Reward::CircleBonus(c) => format!("{} circle bonus +{}", c.color.id(), c.value),
        Reward::EternalGem(c) => match c.color() {
            Some(c) => format!("a {} eternal gem", c.id()),
            None => "an eternal gem of any colour".to_string(),
        },
        Reward::All(rs) => join(rs, " + "),
        Reward::Choice(rs) => join(rs, " or "),
    }
}

fn card_names(orders: &[u32]) -> String {
    and_list(&orders.iter().map(|c| card_name(*c)).collect::<Vec<_>>())
}

fn virtual_list(xs: &[u8]) -> String {
    and_list(
        &xs.iter()
            .map(|v| format!("virtual opponent {v}"))
            .collect::<Vec<_>>(),
    )
}

/// `2 blue and 1 red gems`, or `no gems`.
fn gem_words(g: &Gems) -> String {
    if g.total() == 0 {
        return "no gems".to_string();
    }
    let parts: Vec<String> = Color::ALL
        .iter()
        .filter(|c| g.get(**c) > 0)
        .map(|c| format!("{} {}", g.get(*c), c.id()))
        .collect();
    format!(
        "{} {}",
        and_list(&parts),
        if g.total() == 1 { "gem" } else { "gems" }
    )
}

fn step_words(s: SealedStep) -> &'static str {
    match s {
        SealedStep::StartingCard => "the starting card",
        SealedStep::Bid => "a bid",
        SealedStep::Negotiation => "a negotiation claim",
        SealedStep::BuildSelection => "a build selection",
        SealedStep::Recolor => "recolouring",
    }
}

fn bid_words(b: Bid) -> String {
    match b {
        Bid::Gem(c) => format!("a {} gem", c.id()),
        Bid::Attack => "an attack token".to_string(),
        Bid::Pass => "nothing (pass)".to_string(),
    }
}

fn claim_words(c: Claim) -> &'static str {
    match c {
        Claim::Above => "the above card",
        Claim::Below => "the below card",
        Claim::Refuse => "refuses",
    }
}

fn choice_words(c: &SealedChoice) -> String {
    match c {
        SealedChoice::StartingCard(c) => card_name(*c),
        SealedChoice::Bid(b) => bid_words(*b),
        SealedChoice::Claim(c) => claim_words(*c).to_string(),
        SealedChoice::Build(Some(c)) => card_name(*c),
        SealedChoice::Build(None) => "pass".to_string(),
        SealedChoice::Recolor(rs) => plural(rs.len(), "gem", "gems"),
    }
}

fn slot_words(color: Color, slot: Slot) -> String {
    format!("{} {} slot", color.id(), slot.id())
}

fn how_words(h: TakeHow) -> &'static str {
    match h {
        TakeHow::Attack => "with an attack token",
        TakeHow::SoleBidder => "as the only bidder",
        TakeHow::Agreement => "by agreement",
        TakeHow::TieChoice => "taking the above card in a tie with a virtual opponent",
    }
}

fn cause_words(c: RemovalCause) -> &'static str {
    match c {
        RemovalCause::VirtualTook => "taken by a virtual opponent",
        RemovalCause::TwoVirtuals => "two virtual opponents bid on it",
        RemovalCause::TieChoice => "the tie choice took the above card",
        RemovalCause::NoMatchVirtual => "removed for a virtual opponent without a card",
        RemovalCause::EndOfAuction => "end of the auction",
    }
}

fn reason_words(r: GemReason) -> &'static str {
    match r {
        GemReason::Setup => "at setup",
        GemReason::Pass => "for passing",
        GemReason::Reward => "as a reward",
        GemReason::Circle => "for a monochrome circle",
    }
}

fn position(level: u8, x: i32) -> String {
    format!("level {level}, column {x}")
}

fn recolor_words(rs: &[Recolor]) -> String {
    if rs.is_empty() {
        return "no gems".to_string();
    }
    and_list(
        &rs.iter()
            .map(|r| {
                format!(
                    "{} on {} of {}",
                    r.color.id(),
                    r.segment.id(),
                    position(r.level, r.x)
                )
            })
            .collect::<Vec<_>>(),
    )
}

/// The one-line summary of an (already redacted) event.
pub(crate) fn event_summary(e: &PanovnikEvent) -> String {
    use PanovnikEvent as X;
    match e {
        X::AuctionCardsLaid { colors } => format!(
            "The auction cards are laid out: {}",
            colors.map(|c| c.id()).join(", ")
        ),
        X::SupplyPrepared { supply } => format!("The supply holds {}", gem_words(supply)),
        X::StartingGemsTaken { seat, gems } => {
            format!("Seat {seat} takes {} behind the screen", gem_words(gems))
        }
        X::StartingGemsReturned {
            seat,
            gems: Some(gs),
        } => format!(
            "Seat {seat} returns a {} and a {} gem to the supply",
            gs[0].id(),
            gs[1].id()
        ),
        X::StartingGemsReturned { seat, gems: None } => {
            format!("Seat {seat} returns 2 random gems to the supply")
        }
        X::CharactersDealt {
            seat,
            cards: Some(cs),
        } => format!("Seat {seat} is dealt {}", card_names(cs)),
        X::CharactersDealt { seat, cards: None } => {
            format!("Seat {seat} is dealt 2 character cards")
        }
        X::StepOpened { step, seats } => {
            format!(
                "{} choose {} in secret",
                seat_list(seats),
                step_words(*step)
            )
        }
        X::ChoiceCommitted {
            seat,
            step,
            choice: Some(c),
        } => format!(
            "Seat {seat} commits to {}: {}",
            step_words(*step),
            choice_words(c)
        ),
        X::ChoiceCommitted {
            seat,
            step,
            choice: None,
        } => format!("Seat {seat} commits to {}", step_words(*step)),
        X::RecolorDrafted {
            seat,
            draft: Some(d),
        } => format!("Seat {seat} plans to recolour with {}", recolor_words(d)),
        X::RecolorDrafted { seat, draft: None } => {
            format!("Seat {seat} changes its recolouring")
        }
        X::StartingCardsRevealed { cards } => {
            let parts: Vec<String> = cards
                .iter()
                .enumerate()
                .map(|(seat, c)| format!("seat {seat} {}", card_name(*c)))
                .collect();
            format!("Starting cards revealed: {}", and_list(&parts))
        }
        X::DecksFormed { big, small, law } => {
            format!("Decks formed: big deck {big}, small deck {small}, law deck {law} cards")
        }
        X::LawsDealt {
            seat,
            cards: Some(cs),
            ..
        } => format!("Seat {seat} is dealt the laws {}", card_names(cs)),
        X::LawsDealt {
            seat,
            count,
            cards: None,
        } => format!(
            "Seat {seat} is dealt {}",
            plural(*count, "law card", "law cards")
        ),
        X::DisplayRefilled { cards } => {
            let parts: Vec<String> = cards
                .iter()
                .map(|d| format!("{} at {}", card_name(d.card), d.color.id()))
                .collect();
            format!("Revealed for the auction: {}", and_list(&parts))
        }
        X::LastRound { round } => format!("Round {round} is the last round"),
        X::RoundStarted { round } => format!("Round {round} begins"),
        X::BiddingRoundStarted {
            bidding_round,
            seats,
            virtuals,
        } => {
            if virtuals.is_empty() {
                format!("Bidding round {bidding_round}: {}", seat_list(seats))
            } else {
                format!(
                    "Bidding round {bidding_round}: {} with {}",
                    seat_list(seats),
                    virtual_list(virtuals)
                )
            }
        }
        X::BidsRevealed { bids, virtual_bids } => {
            let mut parts: Vec<String> = bids
                .iter()
                .map(|(seat, b)| format!("seat {seat} {}", bid_words(*b)))
                .collect();
            parts.extend(
                virtual_bids
                    .iter()
                    .map(|(v, c)| format!("virtual opponent {v} a {} gem", c.id())),
            );
            format!("Bids revealed: {}", and_list(&parts))
        }
        X::CardTaken {
            seat,
            card,
            color,
            slot,
            how,
        } => format!(
            "Seat {seat} takes {} from the {} {}",
            card_name(*card),
            slot_words(*color, *slot),
            how_words(*how)
        ),
        X::AttackMissed { seat } => {
            format!("Seat {seat}'s attack finds no card; the token is spent")
        }
        X::ColorContested {
            color,
            seats,
            virtuals,
        } => {
            let mut who: Vec<String> = seats.iter().map(|s| format!("seat {s}")).collect();
            who.extend(virtuals.iter().map(|v| format!("virtual opponent {v}")));
            format!(
                "Nobody wins the {} auction card; {} advance",
                color.id(),
                if who.is_empty() {
                    "none".to_string()
                } else {
                    and_list(&who)
                }
            )
        }
        X::NegotiationOpened { color, seats } => format!(
            "Seats {} and {} negotiate for the {} cards",
            seats[0],
            seats[1],
            color.id()
        ),
        X::NegotiationRevealed {
            color,
            claims,
            agreed,
        } => {
            let parts: Vec<String> = claims
                .iter()
                .map(|(seat, c)| format!("seat {seat} claims {}", claim_words(*c)))
                .collect();
            format!(
                "Negotiation for {}: {} — {}",
                color.id(),
                and_list(&parts),
                if *agreed { "agreed" } else { "no agreement" }
            )
        }
        X::CardRemoved {
            card,
            color,
            slot,
            cause,
            ..
        } => format!(
            "{} leaves the {} ({})",
            card_name(*card),
            slot_words(*color, *slot),
            cause_words(*cause)
        ),
        X::VirtualLeft { virtual_index } => {
            format!("Virtual opponent {virtual_index} leaves the auction")
        }
        X::Passed { seat, entitled } => format!(
            "Seat {seat} passes and may take {}",
            plural(*entitled, "gem", "gems")
        ),
        X::GemsTaken { seat, gems, reason } => format!(
            "Seat {seat} takes {} {}",
            gem_words(gems),
            reason_words(*reason)
        ),
        X::AuctionEnded { discarded } if discarded.is_empty() => "The auction ends".to_string(),
        X::AuctionEnded { discarded } => {
            format!("The auction ends; discarded: {}", card_names(discarded))
        }
        X::BuildStepStarted { step, seats } => {
            format!("Build step {step}: {}", seat_list(seats))
        }
        X::SelectionsRevealed { selections } => {
            let parts: Vec<String> = selections
                .iter()
                .map(|(seat, c)| match c {
                    Some(c) => format!("seat {seat} {}", card_name(*c)),
                    None => format!("seat {seat} passes"),
                })
                .collect();
            format!("Selections revealed: {}", and_list(&parts))
        }
        X::CardReturned { seat, card } => format!(
            "Seat {seat} cannot place {}; it goes back to hand",
            card_name(*card)
        ),
        X::CardPlaced {
            seat,
            card,
            level,
            x,
            paid,
            eternal_gems,
        } => {
            let mut s = format!(
                "Seat {seat} places {} at {}",
                card_name(*card),
                position(*level, *x)
            );
            if paid.total() > 0 {
                s.push_str(&format!(", paying {}", gem_words(paid)));
            }
            if eternal_gems.total() > 0 {
                s.push_str(&format!(" (eternal gems save {})", gem_words(eternal_gems)));
            }
            s
        }
        X::MonochromeCircle {
            seat,
            level,
            x,
            color,
            gem,
        } => format!(
            "Seat {seat} closes a {} circle at {}{}",
            color.id(),
            position(*level, *x),
            if *gem {
                format!(" and takes a {} gem", color.id())
            } else {
                String::new()
            }
        ),
        X::Level5Chosen { seat, card, choice } => format!(
            "Seat {seat} takes {} for {} on level 5",
            match choice {
                Level5Choice::Rows123 => "the rewards of rows 1, 2 and 3",
                Level5Choice::Power15 => "15 power points",
            },
            card_name(*card)
        ),
        X::TokensPlaced { seat, card, reward } => format!(
            "Seat {seat} puts {} on {}",
            reward_words(reward),
            card_name(*card)
        ),
        X::AttackGained { seat, n } => format!(
            "Seat {seat} gains {}",
            plural(*n, "attack token", "attack tokens")
        ),
        X::EternalGemPlaced {
            seat,
            card,
            color,
            from_screen,
        } => format!(
            "Seat {seat} puts a {} eternal gem on {}{}",
            color.id(),
            card_name(*card),
            if *from_screen {
                " from behind the screen"
            } else {
                ""
            }
        ),
        X::EternalGemLost { seat, card } => {
            format!("Seat {seat} loses the eternal gem of {}", card_name(*card))
        }
        X::CardDrawn {
            seat,
            deck,
            card: Some(c),
        } => format!(
            "Seat {seat} draws {} from the {} deck",
            card_name(*c),
            deck.id()
        ),
        X::CardDrawn {
            seat,
            deck,
            card: None,
        } => format!("Seat {seat} draws a card from the {} deck", deck.id()),
        X::DrawLost { seat } => format!("Seat {seat} cannot draw: both decks are empty"),
        X::LawOptionChosen { seat, law, index } => format!(
            "Seat {seat} chooses {} of {}",
            law_option(*law, *index).map_or(format!("option {}", u32::from(*index) + 1), |r| {
                reward_words(&r)
            }),
            card_name(*law)
        ),
        X::CardTucked {
            seat, under, card, ..
        } => format!(
            "Seat {seat} tucks {} under {}",
            card.map_or("a card".to_string(), card_name),
            card_name(*under)
        ),
        X::GemsStored { seat, law, gems } => format!(
            "Seat {seat} stores {} on {}",
            gem_words(gems),
            card_name(*law)
        ),
        X::ScreensRevealed {
            screens, attack, ..
        } => {
            let parts: Vec<String> = screens
                .iter()
                .zip(attack)
                .enumerate()
                .map(|(seat, (g, a))| {
                    format!(
                        "seat {seat} {} and {}",
                        gem_words(g),
                        plural(*a, "attack token", "attack tokens")
                    )
                })
                .collect();
            format!("Screens removed: {}", and_list(&parts))
        }
        X::RecolorsRevealed { recolors } => {
            let parts: Vec<String> = recolors
                .iter()
                .enumerate()
                .map(|(seat, r)| format!("seat {seat} {}", recolor_words(r)))
                .collect();
            format!("Recolouring revealed: {}", and_list(&parts))
        }
        X::GameScored { scores } => {
            let parts: Vec<String> = scores
                .iter()
                .map(|s| format!("seat {} {}", s.seat, s.total))
                .collect();
            format!("Game over: {}", and_list(&parts))
        }
    }
}
