//! The Claim table: phase and trick, the middle of the table, every player's public piles, the
//! viewer's own hand and followers, whose turn it is, and the final score table.

use super::{finished, header, seat_label, who};
use std::fmt::Write;
use tablero_client::pb;
use tablero_client::pb::claim_pending::Kind as PendingKind;

/// (singular, plural) display names of a faction.
pub fn faction_names(faction: i32) -> (&'static str, &'static str) {
    match pb::ClaimFaction::try_from(faction).unwrap_or_default() {
        pb::ClaimFaction::Gnomes => ("Gnome", "Gnomes"),
        pb::ClaimFaction::Giants => ("Giant", "Giants"),
        pb::ClaimFaction::Dragons => ("Dragon", "Dragons"),
        pb::ClaimFaction::Trolls => ("Troll", "Trolls"),
        pb::ClaimFaction::Seers => ("Seer", "Seers"),
        pb::ClaimFaction::Knights => ("Knight", "Knights"),
        pb::ClaimFaction::Goblins => ("Goblin", "Goblins"),
        pb::ClaimFaction::Undead => ("Undead", "Undead"),
        pb::ClaimFaction::Dwarves => ("Dwarf", "Dwarves"),
        pb::ClaimFaction::Doppelgangers => ("Doppelganger", "Doppelgangers"),
        pb::ClaimFaction::Unspecified => ("?", "?"),
    }
}

/// `Gnome 3`
pub fn card(c: &pb::ClaimCard) -> String {
    format!("{} {}", faction_names(c.faction).0, c.value)
}

/// `Gnome 3, Dragon 7` in the given order; `—` when empty.
pub fn card_list(cards: &[pb::ClaimCard]) -> String {
    if cards.is_empty() {
        return "—".to_string();
    }
    cards.iter().map(card).collect::<Vec<_>>().join(", ")
}

/// [`card_list`] in faction order, values ascending (for piles whose order means nothing).
pub fn sorted_list(cards: &[pb::ClaimCard]) -> String {
    let mut sorted = cards.to_vec();
    sorted.sort_by_key(|c| (c.faction, c.value, c.copy));
    card_list(&sorted)
}

/// The card a legal action plays, if it is a Claim card play.
fn played_card(a: &pb::LegalAction) -> Option<&pb::ClaimCard> {
    match a.action.as_ref()?.game.as_ref()? {
        pb::action::Game::Claim(claim) => match claim.kind.as_ref()? {
            pb::claim_action::Kind::PlayCard(p) => p.card.as_ref(),
            _ => None,
        },
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// Card plays in hand order (faction, then value), one entry per distinct card (copies are
/// interchangeable); every other action after them, in the server's order, its label naming
/// the card it takes when the view shows it (`Take revealed card in slot 2: Gnome 7`).
pub fn menu(c: &pb::ClaimView, actions: &[pb::LegalAction]) -> Vec<pb::LegalAction> {
    let mut plays: Vec<&pb::LegalAction> = actions
        .iter()
        .filter(|a| played_card(a).is_some())
        .collect();
    plays.sort_by_key(|a| played_card(a).map(|c| (c.faction, c.value, c.copy)));
    plays.dedup_by_key(|a| played_card(a).map(|c| (c.faction, c.value)));
    let others = actions
        .iter()
        .filter(|a| played_card(a).is_none())
        .map(|a| {
            let mut a = a.clone();
            if let Some(taken) = taken_card(c, &a) {
                a.label = format!("{}: {}", a.label, card(taken));
            }
            a
        });
    plays.into_iter().cloned().chain(others).collect()
}

/// The known card a take action takes.
fn taken_card<'a>(c: &'a pb::ClaimView, a: &pb::LegalAction) -> Option<&'a pb::ClaimCard> {
    use pb::claim_action::Kind;
    #[allow(irrefutable_let_patterns)]
    let Some(pb::action::Game::Claim(claim)) = a.action.as_ref()?.game.as_ref() else {
        return None;
    };
    match claim.kind.as_ref()? {
        Kind::TakeRevealed(t) => c.revealed.get(t.slot as usize),
        Kind::SeerTakeRevealed(_) => c.revealed.first(),
        Kind::SeerTakeTop(_) => c.peeked.as_ref(),
        _ => None,
    }
}

/// Cards grouped by faction (canonical faction order), values ascending.
fn by_faction(cards: &[pb::ClaimCard]) -> Vec<(i32, Vec<&pb::ClaimCard>)> {
    let mut sorted: Vec<&pb::ClaimCard> = cards.iter().collect();
    sorted.sort_by_key(|c| (c.faction, c.value, c.copy));
    let mut groups: Vec<(i32, Vec<&pb::ClaimCard>)> = Vec::new();
    for c in sorted {
        match groups.last_mut() {
            Some((f, g)) if *f == c.faction => g.push(c),
            _ => groups.push((c.faction, vec![c])),
        }
    }
    groups
}

/// One line per faction: `  Dragons   Dragon 0, Dragon 9`.
fn grouped_lines(cards: &[pb::ClaimCard], indent: &str) -> String {
    let mut out = String::new();
    for (faction, group) in by_faction(cards) {
        let list: Vec<String> = group.iter().map(|c| card(c)).collect();
        let _ = writeln!(
            out,
            "{indent}{:<15}{}",
            faction_names(faction).1,
            list.join(", ")
        );
    }
    out
}

/// Compact pile: `Dragons 2 (9, 7) · Undead 1 (3)`.
fn pile_summary(cards: &[pb::ClaimCard]) -> String {
    if cards.is_empty() {
        return "—".to_string();
    }
    by_faction(cards)
        .iter()
        .map(|(f, g)| {
            let values: Vec<String> = g.iter().rev().map(|c| c.value.to_string()).collect();
            format!(
                "{} {} ({})",
                faction_names(*f).1,
                g.len(),
                values.join(", ")
            )
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

fn played(view: &pb::GameView, cards: &[pb::ClaimPlayedCard]) -> String {
    cards
        .iter()
        .map(|p| {
            format!(
                "{} {}",
                who(view, p.seat),
                p.card.as_ref().map(card).unwrap_or_default()
            )
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

fn phase_line(c: &pb::ClaimView) -> String {
    match pb::ClaimPhase::try_from(c.phase).unwrap_or_default() {
        pb::ClaimPhase::Recruiting => format!(
            "Phase 1 of 2: recruiting followers · trick {} of {} · deck {} card{}",
            c.trick_number,
            c.tricks_per_phase,
            c.deck_count,
            if c.deck_count == 1 { "" } else { "s" }
        ),
        pb::ClaimPhase::Favour => {
            format!(
                "Phase 2 of 2: fight for favour · trick {} of {}",
                c.trick_number, c.tricks_per_phase
            )
        }
        pb::ClaimPhase::Finished => "The game is over".to_string(),
        pb::ClaimPhase::Unspecified => "Phase unknown".to_string(),
    }
}

fn mode_name(mode: i32) -> &'static str {
    match pb::ClaimMode::try_from(mode).unwrap_or_default() {
        pb::ClaimMode::Base2p => "base_2p",
        pb::ClaimMode::Custom2p => "custom_2p",
        pb::ClaimMode::ThreePlayer => "three_player",
        pb::ClaimMode::FourPlayerTeams => "four_player_teams",
        pb::ClaimMode::Unspecified => "?",
    }
}

/// What the pending decision asks for, in words.
fn pending_text(
    view: &pb::GameView,
    c: &pb::ClaimView,
    kind: PendingKind,
    victim: Option<u32>,
) -> String {
    match kind {
        PendingKind::PlayCard if c.trick.is_empty() => "lead a card".to_string(),
        PendingKind::PlayCard => {
            let lead = faction_names(c.lead_faction).1;
            format!("play a card (lead: {lead}; follow suit if you can)")
        }
        PendingKind::SeerSight => "seer: look at the top card of the deck, or not".to_string(),
        PendingKind::SeerChoice => {
            "seer: take the top card of the deck or the revealed card".to_string()
        }
        PendingKind::ChooseRevealed | PendingKind::ChooseRevealedAfterSeer => {
            "choose which revealed card to take".to_string()
        }
        PendingKind::Crushing => {
            let victim = victim
                .map(|v| seat_label(view, v))
                .unwrap_or_else(|| "the opponent".into());
            format!("crush gnomes in {victim}'s gnome row with the trick's giants, or finish")
        }
        PendingKind::None | PendingKind::Unspecified => "nothing".to_string(),
    }
}

/// The sides that score: teams in four_player_teams, else one seat each.
fn sides(c: &pb::ClaimView) -> Vec<Vec<u32>> {
    if let Some(score) = &c.score {
        return score.sides.iter().map(|s| s.seats.clone()).collect();
    }
    if c.players.iter().any(|p| p.team.is_some()) {
        let mut teams: Vec<Vec<u32>> = vec![Vec::new(), Vec::new()];
        for p in &c.players {
            teams[p.team.unwrap_or(0).min(1) as usize].push(p.seat);
        }
        return teams;
    }
    c.players.iter().map(|p| vec![p.seat]).collect()
}

/// `you`, `seat 1`, `team A`, `team B (you)`.
fn side_name(view: &pb::GameView, side: usize, seats: &[u32]) -> String {
    let yours = seats.iter().any(|s| view.viewer_seat == Some(*s));
    match (seats, yours) {
        ([_], true) => "you".to_string(),
        ([seat], false) => format!("seat {seat}"),
        (_, yours) => {
            let team = if side == 0 { 'A' } else { 'B' };
            format!("team {team}{}", if yours { " (you)" } else { "" })
        }
    }
}

/// Phase 2: per faction, how many cards each side holds in its score piles and gnome rows.
fn standing(view: &pb::GameView, c: &pb::ClaimView) -> String {
    let sides = sides(c);
    let count = |faction: i32, seats: &[u32]| -> usize {
        c.players
            .iter()
            .filter(|p| seats.contains(&p.seat))
            .flat_map(|p| p.score_pile.iter().chain(p.gnome_row.iter()))
            .filter(|card| card.faction == faction)
            .count()
    };
    let names: Vec<String> = sides
        .iter()
        .enumerate()
        .map(|(i, s)| side_name(view, i, s))
        .collect();
    let per_faction: Vec<String> = c
        .factions
        .iter()
        .map(|f| {
            let counts: Vec<String> = sides.iter().map(|s| count(*f, s).to_string()).collect();
            format!("{} {}", faction_names(*f).1, counts.join("–"))
        })
        .collect();
    format!(
        "Standing, {} (score piles + gnome rows): {}\n",
        names.join(" vs "),
        per_faction.join(" · ")
    )
}

/// The final per-faction vote table.
pub fn score_table(view: &pb::GameView, score: &pb::ClaimScore) -> String {
    let sides: Vec<Vec<u32>> = score.sides.iter().map(|s| s.seats.clone()).collect();
    let names: Vec<String> = sides
        .iter()
        .enumerate()
        .map(|(i, s)| side_name(view, i, s))
        .collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Final score (decided by {})",
        score.decided_by.replace('_', " ")
    );
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(6)
        + 3;
    let mut head = format!("  {:<16}", "faction");
    for n in &names {
        let _ = write!(head, "{n:>width$}");
    }
    let _ = writeln!(out, "{head}   vote");
    for v in &score.votes {
        let mut line = format!("  {:<16}", faction_names(v.faction).1);
        for n in &v.counts {
            let _ = write!(line, "{n:>width$}");
        }
        let winner = match v.winner {
            Some(w) => names
                .get(w as usize)
                .cloned()
                .unwrap_or_else(|| format!("side {w}")),
            None => "nobody".to_string(),
        };
        let _ = writeln!(line, "   {winner} by {}", v.decided_by.replace('_', " "));
        out.push_str(&line);
    }
    let row = |label: &str, values: Vec<String>| {
        let mut line = format!("  {label:<16}");
        for v in values {
            let _ = write!(line, "{v:>width$}");
        }
        line.push('\n');
        line
    };
    out.push_str(&row(
        "votes won",
        score.vote_totals.iter().map(u32::to_string).collect(),
    ));
    out.push_str(&row(
        "cards in won",
        score.cards_in_won.iter().map(u32::to_string).collect(),
    ));
    out.push_str(&row(
        "value sum",
        score.value_sums.iter().map(u32::to_string).collect(),
    ));
    let winners: Vec<String> = score
        .winning_sides
        .iter()
        .map(|w| names[*w as usize].clone())
        .collect();
    let verdict = match winners.as_slice() {
        [] => "a draw".to_string(),
        [one] if one == "you" => "you won".to_string(),
        many => many.join(" and ") + " won",
    };
    let _ = writeln!(out, "  → {verdict}");
    out
}

/// The whole Claim screen.
pub fn render(view: &pb::GameView, c: &pb::ClaimView) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}",
        header(view, &format!("Claim {}", mode_name(c.mode)))
    );
    match view.viewer_seat {
        Some(me) => {
            let _ = writeln!(out, "You are {}.", seat_label(view, me));
        }
        None => {
            let _ = writeln!(out, "You are watching (public information only).");
        }
    }
    let _ = writeln!(out, "{}", phase_line(c));
    let factions: Vec<&str> = c.factions.iter().map(|f| faction_names(*f).1).collect();
    let _ = writeln!(out, "Factions: {}", factions.join(", "));
    out.push('\n');

    let phase = pb::ClaimPhase::try_from(c.phase).unwrap_or_default();
    if phase == pb::ClaimPhase::Recruiting {
        let slots = match c.revealed.len() {
            0 => "—".to_string(),
            1 => card(&c.revealed[0]),
            _ => c
                .revealed
                .iter()
                .enumerate()
                .map(|(i, r)| format!("slot {}: {}", i + 1, card(r)))
                .collect::<Vec<_>>()
                .join(" · "),
        };
        let _ = writeln!(out, "Playing for:  {slots}");
    }
    if phase != pb::ClaimPhase::Finished {
        if c.trick.is_empty() {
            let leads = if view.viewer_seat == Some(c.leader) {
                "you lead".to_string()
            } else {
                format!("{} leads", seat_label(view, c.leader))
            };
            let _ = writeln!(out, "This trick:   no card yet; {leads}");
        } else {
            let lead = faction_names(c.lead_faction).1;
            let _ = writeln!(
                out,
                "This trick:   {} (lead: {lead})",
                played(view, &c.trick)
            );
        }
    }
    if !c.last_trick.is_empty() {
        let mut line = format!("Last trick:   {}", played(view, &c.last_trick));
        if let Some(winner) = c.last_ranking.first() {
            let _ = write!(line, " → won by {}", who(view, *winner));
            if c.last_ranking.len() > 2 {
                let order: Vec<String> = c.last_ranking.iter().map(u32::to_string).collect();
                let _ = write!(line, " (ranking: seats {})", order.join(", "));
            }
        }
        let _ = writeln!(out, "{line}");
    }
    if let Some(peeked) = &c.peeked {
        let _ = writeln!(out, "You peeked:   {} is on top of the deck", card(peeked));
    }
    out.push('\n');

    let _ = writeln!(out, "Players");
    let width = c
        .players
        .iter()
        .map(|p| seat_label(view, p.seat).chars().count())
        .max()
        .unwrap_or(0);
    for p in &c.players {
        let mine = view.viewer_seat == Some(p.seat);
        let label = seat_label(view, p.seat);
        let hand = if mine || p.hand_visible {
            format!("hand {}", p.hand_size)
        } else {
            format!("hand {} (hidden)", p.hand_size)
        };
        let team = p
            .team
            .map(|t| format!(" · team {}", if t == 0 { 'A' } else { 'B' }))
            .unwrap_or_default();
        let turn = if view.to_act.contains(&p.seat) && !finished(view) {
            "  ◀ to act"
        } else {
            ""
        };
        let row = if phase == pb::ClaimPhase::Recruiting {
            String::new()
        } else {
            format!(" · gnome row {}", p.gnome_row.len())
        };
        let _ = writeln!(
            out,
            "  {label:<width$}  {hand} · followers {} · score pile {}{row}{team}{turn}",
            p.follower_count,
            p.score_pile.len(),
        );
        if !p.score_pile.is_empty() {
            let _ = writeln!(out, "      score pile: {}", pile_summary(&p.score_pile));
        }
        if !p.gnome_row.is_empty() {
            let _ = writeln!(out, "      gnome row:  {}", sorted_list(&p.gnome_row));
        }
        if !mine && !p.known_followers.is_empty() {
            let _ = writeln!(
                out,
                "      followers you know of: {}",
                pile_summary(&p.known_followers)
            );
        }
        if !mine && !p.known_hand.is_empty() {
            let _ = writeln!(
                out,
                "      in hand, taken face up in phase 1: {}",
                pile_summary(&p.known_hand)
            );
        }
        if !mine && p.hand_visible && !p.hand.is_empty() {
            let _ = writeln!(out, "      hand: {}", card_list(&p.hand));
        }
    }
    let trolls_in_game = c.factions.contains(&(pb::ClaimFaction::Trolls as i32));
    if trolls_in_game || !c.troll_pool.is_empty() {
        let _ = writeln!(out, "Troll pool: {}", card_list(&c.troll_pool));
    }
    if phase == pb::ClaimPhase::Favour {
        out.push_str(&standing(view, c));
    }

    if let Some(me) = view.viewer_seat
        && let Some(p) = c.players.iter().find(|p| p.seat == me)
        && phase != pb::ClaimPhase::Finished
    {
        out.push('\n');
        let _ = writeln!(out, "Your hand ({}):", p.hand.len());
        if p.hand.is_empty() {
            let _ = writeln!(out, "  —");
        } else {
            out.push_str(&grouped_lines(&p.hand, "  "));
        }
        if phase == pb::ClaimPhase::Recruiting || !p.known_followers.is_empty() {
            let _ = writeln!(
                out,
                "Your followers ({}, your hand in phase 2): {}",
                p.follower_count,
                pile_summary(&p.known_followers)
            );
        }
    }

    if let Some(score) = &c.score {
        out.push('\n');
        out.push_str(&score_table(view, score));
    }

    if !finished(view) {
        out.push('\n');
        let pending = c.pending.unwrap_or_default();
        let kind = PendingKind::try_from(pending.kind).unwrap_or_default();
        let text = pending_text(view, c, kind, pending.victim);
        match pending.seat {
            Some(s) if view.viewer_seat == Some(s) => {
                let _ = writeln!(out, "▶ Your turn: {text}.");
            }
            Some(s) => {
                let _ = writeln!(out, "Waiting for {} to {text}.", seat_label(view, s));
            }
            None => {
                let _ = writeln!(out, "To act: {}", super::to_act(view));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::tests::two_seats;

    fn c(faction: pb::ClaimFaction, value: u32, copy: u32) -> pb::ClaimCard {
        pb::ClaimCard {
            faction: faction as i32,
            value,
            copy,
        }
    }

    /// Seat 0's view mid-phase 1: seat 1 has led a Seer 4; seat 1's hand is hidden.
    fn claim_view() -> (pb::GameView, pb::ClaimView) {
        use pb::ClaimFaction::*;
        let claim = pb::ClaimView {
            mode: pb::ClaimMode::Base2p as i32,
            factions: vec![
                Gnomes as i32,
                Giants as i32,
                Dragons as i32,
                Trolls as i32,
                Seers as i32,
            ],
            phase: pb::ClaimPhase::Recruiting as i32,
            trick_number: 3,
            tricks_per_phase: 13,
            deck_count: 20,
            revealed: vec![c(Dragons, 7, 1)],
            leader: 1,
            lead_faction: Seers as i32,
            trick: vec![pb::ClaimPlayedCard {
                seat: 1,
                card: Some(c(Seers, 4, 1)),
            }],
            last_trick: vec![
                pb::ClaimPlayedCard {
                    seat: 0,
                    card: Some(c(Trolls, 3, 1)),
                },
                pb::ClaimPlayedCard {
                    seat: 1,
                    card: Some(c(Trolls, 8, 1)),
                },
            ],
            last_ranking: vec![1, 0],
            players: vec![
                pb::ClaimPlayer {
                    seat: 0,
                    hand_size: 3,
                    hand: vec![c(Gnomes, 3, 2), c(Dragons, 9, 1), c(Gnomes, 1, 1)],
                    hand_visible: true,
                    follower_count: 2,
                    known_followers: vec![c(Seers, 2, 1), c(Giants, 5, 1)],
                    ..Default::default()
                },
                pb::ClaimPlayer {
                    seat: 1,
                    hand_size: 11,
                    follower_count: 2,
                    known_followers: vec![c(Dragons, 1, 1)],
                    score_pile: vec![c(Trolls, 8, 1)],
                    ..Default::default()
                },
            ],
            pending: Some(pb::ClaimPending {
                kind: PendingKind::PlayCard as i32,
                seat: Some(0),
                victim: None,
            }),
            ..Default::default()
        };
        let mut view = two_seats(Some(0));
        view.game = Some(pb::game_view::Game::Claim(claim.clone()));
        (view, claim)
    }

    #[test]
    fn a_claim_turn_shows_the_table_and_your_grouped_hand() {
        let (view, claim) = claim_view();
        let text = render(&view, &claim);
        assert!(text.contains("You are seat 0 (ana, you)."), "{text}");
        assert!(
            text.contains("Phase 1 of 2: recruiting followers · trick 3 of 13 · deck 20 cards"),
            "{text}"
        );
        assert!(text.contains("Playing for:  Dragon 7"), "{text}");
        assert!(
            text.contains("This trick:   seat 1 (bot) Seer 4 (lead: Seers)"),
            "{text}"
        );
        assert!(
            text.contains("Last trick:   you Troll 3 · seat 1 (bot) Troll 8 → won by seat 1 (bot)"),
            "{text}"
        );
        // Grouped by faction, values ascending.
        assert!(
            text.contains("  Gnomes         Gnome 1, Gnome 3\n  Dragons        Dragon 9\n"),
            "{text}"
        );
        assert!(
            text.contains("Your followers (2, your hand in phase 2): Giants 1 (5) · Seers 1 (2)"),
            "{text}"
        );
        assert!(
            text.contains("▶ Your turn: play a card (lead: Seers; follow suit if you can)."),
            "{text}"
        );
        assert!(text.contains("Troll pool: —"), "{text}");
    }

    #[test]
    fn cards_taken_face_up_stay_shown_in_phase_2() {
        let (mut view, mut claim) = claim_view();
        claim.phase = pb::ClaimPhase::Favour as i32;
        claim.players[1].follower_count = 0;
        claim.players[1].known_followers.clear();
        claim.players[1].known_hand = vec![c(pb::ClaimFaction::Dragons, 1, 1)];
        view.game = Some(pb::game_view::Game::Claim(claim.clone()));
        let text = render(&view, &claim);
        assert!(
            text.contains("in hand, taken face up in phase 1: Dragons 1 (1)"),
            "{text}"
        );
    }

    #[test]
    fn card_plays_are_offered_in_hand_order_once_per_card() {
        use pb::ClaimFaction::*;
        let play = |card: pb::ClaimCard| pb::LegalAction {
            id: format!("play:{}:{}:{}", card.faction, card.value, card.copy),
            label: format!("Play {}", super::card(&card)),
            action: Some(pb::Action {
                game: Some(pb::action::Game::Claim(pb::ClaimAction {
                    kind: Some(pb::claim_action::Kind::PlayCard(
                        pb::claim_action::PlayCard { card: Some(card) },
                    )),
                })),
            }),
        };
        let finish = pb::LegalAction {
            id: "finish_crushing".into(),
            label: "Finish crushing".into(),
            action: None,
        };
        let actions = vec![
            play(c(Seers, 4, 1)),
            finish.clone(),
            play(c(Gnomes, 5, 2)),
            play(c(Gnomes, 1, 1)),
            play(c(Gnomes, 5, 1)),
        ];
        let (_, claim) = claim_view();
        let labels: Vec<String> = menu(&claim, &actions)
            .into_iter()
            .map(|a| a.label)
            .collect();
        assert_eq!(
            labels,
            [
                "Play Gnome 1",
                "Play Gnome 5",
                "Play Seer 4",
                "Finish crushing"
            ]
        );
        assert_eq!(
            menu(&claim, &actions)[1].id,
            format!("play:{}:5:1", Gnomes as i32)
        );
        let take = pb::LegalAction {
            id: "take_revealed:0".into(),
            label: "Take revealed card in slot 1".into(),
            action: Some(pb::Action {
                game: Some(pb::action::Game::Claim(pb::ClaimAction {
                    kind: Some(pb::claim_action::Kind::TakeRevealed(
                        pb::claim_action::TakeRevealed { slot: 0 },
                    )),
                })),
            }),
        };
        assert_eq!(
            menu(&claim, &[take])[0].label,
            "Take revealed card in slot 1: Dragon 7"
        );
    }

    #[test]
    fn another_players_hand_is_a_count_only() {
        let (view, claim) = claim_view();
        let text = render(&view, &claim);
        let seat1 = text
            .lines()
            .find(|l| l.trim_start().starts_with("seat 1 (bot)"))
            .expect(&text);
        assert!(seat1.contains("hand 11 (hidden)"), "{seat1}");
        assert!(text.contains("score pile: Trolls 1 (8)"), "{text}");
        assert!(
            text.contains("followers you know of: Dragons 1 (1)"),
            "{text}"
        );
        // Only one hand is listed, and it is the viewer's.
        assert_eq!(text.matches("Your hand").count(), 1, "{text}");
        assert!(!text.contains("      hand: "), "{text}");
    }

    #[test]
    fn a_spectator_sees_no_hand_at_all() {
        let (mut view, mut claim) = claim_view();
        view.viewer_seat = None;
        claim.players[0].hand.clear();
        claim.players[0].hand_visible = false;
        claim.players[0].known_followers.clear();
        let text = render(&view, &claim);
        assert!(text.contains("You are watching"), "{text}");
        assert!(!text.contains("Your hand"), "{text}");
        assert!(text.contains("hand 3 (hidden)"), "{text}");
        assert!(
            text.contains("Waiting for seat 0 (ana) to play a card"),
            "{text}"
        );
    }

    #[test]
    fn the_final_table_lists_every_factions_vote() {
        use pb::ClaimFaction::*;
        let (mut view, mut claim) = claim_view();
        view.status = pb::GameStatus::Finished as i32;
        claim.phase = pb::ClaimPhase::Finished as i32;
        claim.pending = Some(pb::ClaimPending {
            kind: PendingKind::None as i32,
            seat: None,
            victim: None,
        });
        let vote =
            |f: pb::ClaimFaction, counts: Vec<u32>, winner: Option<u32>| pb::ClaimFactionVote {
                faction: f as i32,
                counts,
                winner,
                decided_by: "count".into(),
            };
        claim.score = Some(pb::ClaimScore {
            sides: vec![
                pb::claim_score::Side { seats: vec![0] },
                pb::claim_score::Side { seats: vec![1] },
            ],
            votes: vec![
                vote(Gnomes, vec![4, 3], Some(0)),
                vote(Giants, vec![1, 5], Some(1)),
                vote(Dragons, vec![3, 2], Some(0)),
                vote(Trolls, vec![0, 0], None),
                vote(Seers, vec![6, 2], Some(0)),
            ],
            vote_totals: vec![3, 1],
            cards_in_won: vec![13, 5],
            value_sums: vec![60, 20],
            winning_sides: vec![0],
            decided_by: "votes".into(),
        });
        let text = render(&view, &claim);
        assert!(text.contains("Final score (decided by votes)"), "{text}");
        assert!(
            text.contains("  faction               you   seat 1   vote\n"),
            "{text}"
        );
        assert!(
            text.contains("  Gnomes                  4        3   you by count\n"),
            "{text}"
        );
        assert!(
            text.contains("  Trolls                  0        0   nobody by count\n"),
            "{text}"
        );
        assert!(
            text.contains("  votes won               3        1\n"),
            "{text}"
        );
        assert!(text.contains("→ you won"), "{text}");
        assert!(!text.contains("Your turn"), "{text}");
        assert!(!text.contains("Your hand"), "{text}");
    }
}
