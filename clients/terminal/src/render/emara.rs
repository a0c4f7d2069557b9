//! The Crown of Emara table (EmaraView): round and phase, the two rings with the councilors, the
//! countryside huts, the town locations with their markers and advisors, the nobility stacks,
//! favour tokens, the round's event, every player's board (the viewer's hand; other hands as a
//! count), Victoria in solo, whose turn it is and what the game waits for, and the final score.

use super::{finished, header, seat_label};
use std::fmt::Write;
use tablero_client::pb;
use tablero_client::pb::emara_pending::Kind as PendingKind;

// ---- names ----------------------------------------------------------------------------------

/// `EMARA_LOCATION_GRAIN_FIELD` → `Grain Field` (title) or `Grain field` (sentence).
fn words(proto_name: &str, prefix: &str, title: bool) -> String {
    let rest = proto_name.strip_prefix(prefix).unwrap_or(proto_name);
    let mut out = Vec::new();
    for (i, w) in rest.split('_').enumerate() {
        let lower = w.to_ascii_lowercase();
        let small = matches!(lower.as_str(), "of" | "the" | "from" | "for" | "in" | "a");
        if i == 0 || (title && !small) {
            let mut chars = lower.chars();
            let first = chars.next().map(|c| c.to_ascii_uppercase());
            out.push(first.into_iter().chain(chars).collect::<String>());
        } else {
            out.push(lower);
        }
    }
    out.join(" ")
}

macro_rules! namer {
    ($(#[$doc:meta])* $name:ident, $ty:ty, $prefix:literal, $title:literal) => {
        $(#[$doc])*
        pub fn $name(value: i32) -> String {
            match <$ty>::try_from(value) {
                Ok(_) if value == 0 => "—".to_string(),
                Ok(e) => words(e.as_str_name(), $prefix, $title),
                Err(_) => format!("?{value}"),
            }
        }
    };
}

namer!(
    /// `Grain Field`
    location, pb::EmaraLocation, "EMARA_LOCATION_", true
);
namer!(
    /// `Signet ring`
    card, pb::EmaraActionCard, "EMARA_ACTION_CARD_", false
);
namer!(
    /// `Master of Coin`
    advisor, pb::EmaraAdvisor, "EMARA_ADVISOR_", true
);
namer!(
    /// `Marquess`
    rank, pb::EmaraRank, "EMARA_RANK_", true
);

/// The event's name and what it does (EMR-13).
pub fn event(value: i32) -> (&'static str, &'static str) {
    use pb::EmaraEventCard as E;
    match E::try_from(value).unwrap_or_default() {
        E::ClearTheOldForest => ("Clear the old forest", "everyone took 1 wood"),
        E::BountifulHarvest => ("Bountiful harvest", "everyone took 1 grain"),
        E::StoneFromDistantShores => ("Stone from distant shores", "everyone took 1 stone"),
        E::FineWoolFineCloth => ("Fine wool, fine cloth", "everyone took 1 cloth"),
        E::TheGreatFamine => (
            "The great famine",
            "end of round: 1 grain → 3 CP, 2 grain → 5 CP or 1 ring → 5 CP",
        ),
        E::AlmsForThePoor => ("Alms for the poor", "end of round: 1 coin or 1 ring → 4 CP"),
        E::NewLoreInOldBooks => (
            "New lore in old books",
            "end of round: 1 book or 1 ring → 5 BP",
        ),
        E::AnEarlyWinter => ("An early winter", "every BP gain gives 1 BP less"),
        E::ALongSummer => ("A long summer", "every BP gain gives 2 BP more"),
        E::MerchantsFromAfar => (
            "Merchants from afar",
            "the Market sells up to 2 coins for 2 resources",
        ),
        E::APiousDonation => ("A pious donation", "+3 CP per Cathedral donation"),
        E::RespectedAtCourt => (
            "Respected at court, loved by the people",
            "+2 CP per noble rank raised",
        ),
        E::AGiftFromThePeople => ("A gift from the people", "+3 CP per Castle gift"),
        E::GoodLabourSituation => (
            "Good labour situation",
            "recruiting an advisor costs 1 resource less",
        ),
        E::Unspecified => ("—", ""),
    }
}

fn event_name(value: i32) -> String {
    match event(value).0 {
        "—" => "—".to_string(),
        name => format!("“{name}”"),
    }
}

/// What an advisor does, as printed (EMR-12): CP on recruiting and the effect.
pub fn advisor_effect(value: i32) -> &'static str {
    use pb::EmaraAdvisor as A;
    match A::try_from(value).unwrap_or_default() {
        A::MasterOfCoin => "+6 CP, 1 coin",
        A::Archivist => "+2 CP, 2 books",
        A::Goldsmith => "+5 CP, 1 ring",
        A::Carpenter => "+1 CP, 10 BP",
        A::Baker => "+3 CP; each turn cloth + 1–2 grain → 1–2 bread",
        A::Schoolmarm => "+3 CP; each turn 2 resources → book",
        A::Bailiff => "+5 CP; each turn ring → 5 BP",
        A::Dressmaker => "+5 CP; each turn cloth → 2 CP",
        A::Landlord => "+3 CP; each turn cloth + 1 CP → 5 BP",
        A::Merchant => "+2 CP; each turn 1 resource → another",
        A::Chamberlain => "+6 CP; ring ⇄ coin in your turns",
        A::Scholar => "+3 CP; hire and recruit with any resources",
        A::Mayoress => "+5 CP; +2 CP per Castle gift",
        A::Steward => "+5 CP; hire and recruit anywhere",
        A::Abbess => "+2 CP; +1 book per donation",
        A::Toolmaker => "+2 CP; +2 BP per BP gain",
        A::SirChristiaan | A::LadyMarie => "8 CP",
        A::SirCarl => "10 CP",
        A::LadyFrida => "12 CP",
        A::SirGustave | A::SirAntoni => "12 BP",
        A::Unspecified => "",
    }
}

fn reward(value: i32) -> &'static str {
    use pb::EmaraFavorReward as R;
    match R::try_from(value).unwrap_or_default() {
        R::ThreeCp => "3 CP",
        R::ThreeBp => "3 BP",
        R::Book => "book",
        R::SignetRing => "ring",
        R::Coin => "coin",
        R::Unspecified => "?",
    }
}

/// `Castle: 3 CP`
pub fn token(t: &pb::EmaraFavorToken) -> String {
    format!("{}: {}", location(t.location), reward(t.reward))
}

fn tokens(list: &[pb::EmaraFavorToken]) -> String {
    if list.is_empty() {
        return "—".to_string();
    }
    list.iter().map(token).collect::<Vec<_>>().join(", ")
}

fn sub_action(value: i32) -> &'static str {
    use pb::EmaraSubAction as S;
    match S::try_from(value).unwrap_or_default() {
        S::Donation => "donation",
        S::Gift => "gift",
        S::BookForBp => "book for BP",
        S::BuyCoins => "coins",
        S::SellBooks => "books sold",
        S::Stone => "stone",
        S::Bread => "bread",
        S::Wood => "wood",
        S::Harvest => "harvest",
        S::Unspecified => "?",
    }
}

fn bonus(value: i32) -> &'static str {
    use pb::EmaraBonus as B;
    match B::try_from(value).unwrap_or_default() {
        B::RaiseRank => "rank",
        B::HireCraftsman => "craftsman",
        B::RecruitAdvisor => "advisor",
        B::Unspecified => "?",
    }
}

fn mode_title(e: &pb::EmaraView) -> String {
    let Some(o) = &e.options else {
        return "Crown of Emara".to_string();
    };
    let mut title = match pb::EmaraMode::try_from(o.mode).unwrap_or_default() {
        pb::EmaraMode::Solo => match pb::EmaraSoloMode::try_from(o.solo_mode).unwrap_or_default() {
            pb::EmaraSoloMode::Campaign => "Crown of Emara · solo campaign".to_string(),
            _ => "Crown of Emara · solo".to_string(),
        },
        pb::EmaraMode::TwoPlayer => "Crown of Emara · 2 players".to_string(),
        pb::EmaraMode::ThreePlayer => "Crown of Emara · 3 players".to_string(),
        pb::EmaraMode::FourPlayer => "Crown of Emara · 4 players".to_string(),
        pb::EmaraMode::Unspecified => "Crown of Emara".to_string(),
    };
    if o.random_layout {
        title.push_str(" · random layout");
    }
    if o.full_selection {
        title.push_str(" · full selection");
    }
    title
}

fn is_solo(e: &pb::EmaraView) -> bool {
    e.victoria.is_some()
        || e.options
            .as_ref()
            .is_some_and(|o| o.mode == pb::EmaraMode::Solo as i32)
}

// ---- pieces ---------------------------------------------------------------------------------

/// `you` for the viewer, else `seat N`.
fn short(view: &pb::GameView, seat: u32) -> String {
    if view.viewer_seat == Some(seat) {
        "you".to_string()
    } else {
        format!("seat {seat}")
    }
}

/// `2 wood + cloth`: a hut's cost in resource units.
fn cost(c: &pb::EmaraCost) -> String {
    let parts: Vec<String> = [
        (c.wood, "wood"),
        (c.cloth, "cloth"),
        (c.grain, "grain"),
        (c.stone, "stone"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, r)| {
        if *n == 1 {
            r.to_string()
        } else {
            format!("{n} {r}")
        }
    })
    .collect();
    if parts.is_empty() {
        "free".to_string()
    } else {
        parts.join("+")
    }
}

/// `wood 1 · cloth 0 · …` with the goods after a bar.
pub fn goods(g: &pb::EmaraGoods) -> String {
    format!(
        "wood {} · cloth {} · grain {} · stone {} │ bread {} · books {} · rings {} · coins {}",
        g.wood, g.cloth, g.grain, g.stone, g.bread, g.books, g.rings, g.coins
    )
}

/// `5→4→3|2`: the marker's value now, the values after it, and the board value once used up.
fn marker_values(m: &pb::EmaraMarkerState) -> String {
    match m.index {
        Some(i) => {
            let rest: Vec<String> = m.side.iter().skip(i as usize).map(u32::to_string).collect();
            let now = if rest.is_empty() {
                m.value.to_string()
            } else {
                rest.join("→")
            };
            format!("{now}|{}", m.board_value)
        }
        None => format!("{} (board)", m.value),
    }
}

fn marker(e: &pb::EmaraView, which: pb::EmaraMarker) -> Option<&pb::EmaraMarkerState> {
    e.markers.iter().find(|m| m.marker == which as i32)
}

/// `wood 1→2→3|4  cloth 2→3|4 …` for the four markers of one kind.
fn resource_markers(e: &pb::EmaraView, markers: [pb::EmaraMarker; 4]) -> String {
    ["wood", "cloth", "grain", "stone"]
        .iter()
        .zip(markers)
        .filter_map(|(name, m)| marker(e, m).map(|m| format!("{name} {}", marker_values(m))))
        .collect::<Vec<_>>()
        .join("  ")
}

/// Who stands on a location: `[you, seat 2]`, or empty.
fn councilors_at(view: &pb::GameView, e: &pb::EmaraView, ring: pb::EmaraRing, loc: i32) -> String {
    let here: Vec<String> = e
        .players
        .iter()
        .filter(|p| {
            let at = if ring == pb::EmaraRing::A {
                p.councilor_a
            } else {
                p.councilor_b
            };
            at == loc
        })
        .map(|p| short(view, p.seat))
        .collect();
    if here.is_empty() {
        String::new()
    } else {
        format!(" [{}]", here.join(", "))
    }
}

fn ring_line(view: &pb::GameView, e: &pb::EmaraView, ring: pb::EmaraRing) -> String {
    let Some(rings) = &e.rings else {
        return String::new();
    };
    let locations = if ring == pb::EmaraRing::A {
        &rings.a
    } else {
        &rings.b
    };
    let stops: Vec<String> = locations
        .iter()
        .map(|l| format!("{}{}", location(*l), councilors_at(view, e, ring, *l)))
        .collect();
    let name = if ring == pb::EmaraRing::A { 'A' } else { 'B' };
    format!("Ring {name}:  {} ↻", stops.join(" → "))
}

/// One line per countryside location: its four huts with cost and occupant.
fn huts(view: &pb::GameView, e: &pb::EmaraView, out: &mut String) {
    let mut locations: Vec<i32> = Vec::new();
    for h in &e.huts {
        if !locations.contains(&h.location) {
            locations.push(h.location);
        }
    }
    if locations.is_empty() {
        return;
    }
    let _ = writeln!(out, "Huts (cost; occupant):");
    for loc in locations {
        let mut here: Vec<&pb::EmaraHut> = e.huts.iter().filter(|h| h.location == loc).collect();
        here.sort_by_key(|h| h.index);
        let list: Vec<String> = here
            .iter()
            .map(|h| {
                let c = h.cost.as_ref().map(cost).unwrap_or_default();
                match h.occupant {
                    Some(s) => format!("{c} ({})", short(view, s)),
                    None => c,
                }
            })
            .collect();
        let _ = writeln!(out, "  {:<13} {}", location(loc), list.join(" · "));
    }
}

/// The town locations: the advisors on their spaces and the markers.
fn town(e: &pb::EmaraView, out: &mut String) {
    use pb::EmaraMarker as M;
    let _ = writeln!(
        out,
        "Town (advisors on offer; markers: value now→later|board value once used up):"
    );
    let advisors = |loc: pb::EmaraLocation| -> String {
        let mut spaces: Vec<&pb::EmaraAdvisorSpace> = e
            .advisor_spaces
            .iter()
            .filter(|s| s.location == loc as i32)
            .collect();
        spaces.sort_by_key(|s| s.space);
        let names: Vec<String> = spaces
            .iter()
            .map(|s| match s.advisor {
                0 => "(empty)".to_string(),
                a => advisor(a),
            })
            .collect();
        if names.is_empty() {
            "—".to_string()
        } else {
            names.join(", ")
        }
    };
    let resource = [M::GiftWood, M::GiftCloth, M::GiftGrain, M::GiftStone];
    let donation = [
        M::DonationWood,
        M::DonationCloth,
        M::DonationGrain,
        M::DonationStone,
    ];
    let building = [(M::Stone, "stone"), (M::Bread, "bread")]
        .iter()
        .filter_map(|(m, name)| marker(e, *m).map(|m| format!("{name} {}", marker_values(m))))
        .collect::<Vec<_>>()
        .join("  ");
    let rows = [
        (
            pb::EmaraLocation::Castle,
            ("gifts", resource_markers(e, resource)),
        ),
        (
            pb::EmaraLocation::Cathedral,
            ("donations", resource_markers(e, donation)),
        ),
        (
            pb::EmaraLocation::ConstructionSite,
            ("deliveries", building),
        ),
        (pb::EmaraLocation::Market, ("", String::new())),
    ];
    for (loc, (what, markers)) in rows {
        let _ = writeln!(out, "  {:<18} {}", location(loc as i32), advisors(loc));
        if !markers.is_empty() {
            let _ = writeln!(out, "      {what:<11}{markers}");
        }
    }
    let b = match e.advisors_b_top {
        0 => "empty".to_string(),
        top => format!(
            "{} on top ({}), {} card{}",
            advisor(top),
            advisor_effect(top),
            e.advisors_b_count,
            if e.advisors_b_count == 1 { "" } else { "s" }
        ),
    };
    let _ = writeln!(out, "  Advisor deck B: {b}");
}

fn nobility(e: &pb::EmaraView, out: &mut String) {
    if e.nobility.is_empty() {
        return;
    }
    let stacks: Vec<String> = e
        .nobility
        .iter()
        .map(|s| {
            let top = match s.cards.first() {
                Some(cp) => format!("{cp} CP"),
                None => "none left".to_string(),
            };
            format!("{} {}+{} → {top}", rank(s.rank), s.coins, s.rings)
        })
        .collect();
    let _ = writeln!(
        out,
        "Nobility (cost in coins+rings → the top card):\n  {}",
        stacks.join(" · ")
    );
}

fn nobility_cards(cards: &[pb::EmaraNobilityCard]) -> String {
    cards
        .iter()
        .map(|c| format!("{} ({} CP)", rank(c.rank), c.cp))
        .collect::<Vec<_>>()
        .join(", ")
}

fn slots(p: &pb::EmaraPlayer) -> String {
    p.slots
        .iter()
        .map(|s| {
            let c = if s.card == 0 {
                "—".to_string()
            } else {
                card(s.card)
            };
            format!("[{}: {c}]", s.movement)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The hand: the cards when the viewer may see them, else only how many.
fn hand(p: &pb::EmaraPlayer) -> String {
    let deck = format!("; deck {}", p.deck_count);
    if p.hand_visible {
        let cards: Vec<String> = p.hand.iter().map(|c| card(*c)).collect();
        let list = if cards.is_empty() {
            "—".to_string()
        } else {
            cards.join(", ")
        };
        format!("hand {list}{deck}")
    } else {
        format!(
            "hand {} card{}{deck}",
            p.hand_count,
            if p.hand_count == 1 { "" } else { "s" }
        )
    }
}

fn player(view: &pb::GameView, e: &pb::EmaraView, p: &pb::EmaraPlayer, out: &mut String) {
    let mut head = if view.viewer_seat == Some(p.seat) {
        format!("You, {}", seat_label(view, p.seat))
    } else {
        seat_label(view, p.seat)
    };
    if p.statue && !is_solo(e) {
        head.push_str(" · statue (starts the round)");
    }
    let _ = writeln!(
        out,
        "{head}\n  CP {:>3} · BP {:>3} · score now {} (the lower) · councilors: A {}, B {}",
        p.cp,
        p.bp,
        p.cp.min(p.bp),
        location(p.councilor_a),
        location(p.councilor_b)
    );
    if let Some(g) = &p.goods {
        let _ = writeln!(out, "  {}", goods(g));
    }
    let _ = writeln!(out, "  {} · slots {}", hand(p), slots(p));
    let mut huts: Vec<String> = p
        .craftsmen
        .iter()
        .map(|h| format!("{} hut {}", location(h.location), h.hut))
        .collect();
    huts.sort();
    let _ = writeln!(
        out,
        "  craftsmen: {} on the board{}",
        p.craftsmen_on_board,
        if huts.is_empty() {
            String::new()
        } else {
            format!("; in {}", huts.join(", "))
        }
    );
    if !p.advisors.is_empty() {
        let list: Vec<String> = p
            .advisors
            .iter()
            .map(|a| format!("{} ({})", advisor(*a), advisor_effect(*a)))
            .collect();
        let _ = writeln!(out, "  advisors: {}", list.join("; "));
    }
    let mut extras = Vec::new();
    if !p.nobility.is_empty() {
        extras.push(format!("nobility: {}", nobility_cards(&p.nobility)));
    }
    if !p.favor_tokens.is_empty() {
        extras.push(format!("favour tokens: {}", tokens(&p.favor_tokens)));
    }
    if let Some(l) = p.leftovers {
        let split = match p.leftovers_to_cp {
            Some(cp) => format!(" ({cp} to CP, {} to BP)", l.saturating_sub(cp)),
            None => " (not yet split)".to_string(),
        };
        extras.push(format!("leftover points {l}{split}"));
    }
    if !extras.is_empty() {
        let _ = writeln!(out, "  {}", extras.join(" · "));
    }
}

fn victoria(e: &pb::EmaraView, out: &mut String) {
    let Some(v) = &e.victoria else { return };
    let builds = match (
        marker(e, pb::EmaraMarker::Stone),
        marker(e, pb::EmaraMarker::Bread),
    ) {
        (Some(s), Some(b)) => format!("; builds for {} CP now", s.value + b.value),
        _ => String::new(),
    };
    let ranks = if v.nobility.is_empty() {
        "no rank yet".to_string()
    } else {
        nobility_cards(&v.nobility)
    };
    let _ = writeln!(
        out,
        "Victoria (the automaton): CP {:>3} · {ranks}{builds} (end of rounds 2–6)",
        v.cp
    );
}

fn round_line(e: &pb::EmaraView) -> String {
    let phase = match pb::EmaraPhase::try_from(e.phase).unwrap_or_default() {
        pb::EmaraPhase::Setup => "setup",
        pb::EmaraPhase::Turns => "turns",
        pb::EmaraPhase::EndOfRound => "end of round",
        pb::EmaraPhase::FinalScoring => "final scoring",
        pb::EmaraPhase::Finished => "the game is over",
        pb::EmaraPhase::Unspecified => "?",
    };
    let round = if e.round == 0 {
        "Before round 1".to_string()
    } else {
        format!("Round {} of 6", e.round)
    };
    format!(
        "{round} · {phase} · everyone started with {} BP",
        e.building_start
    )
}

fn event_lines(e: &pb::EmaraView, out: &mut String) {
    if e.current_event != 0 {
        let (name, effect) = event(e.current_event);
        let _ = writeln!(out, "Event: “{name}” — {effect}");
    }
    let mut deck = format!(
        "Event deck: {} card{}",
        e.event_deck_count,
        if e.event_deck_count == 1 { "" } else { "s" }
    );
    if e.event_top != 0 && e.event_top != e.current_event {
        let _ = write!(deck, ", {} on top", event_name(e.event_top));
    }
    let _ = writeln!(
        out,
        "{deck} · favour tokens: {} in the stack, {} discarded",
        e.favor_stack_count, e.favor_discard_count
    );
    if !e.favor_discard_known.is_empty() {
        let _ = writeln!(
            out,
            "  discards you know: {}",
            tokens(&e.favor_discard_known)
        );
    }
}

/// What the game waits for, in words.
fn pending_text(view: &pb::GameView, e: &pb::EmaraView, p: &pb::EmaraPending) -> String {
    match PendingKind::try_from(p.kind).unwrap_or_default() {
        PendingKind::RelocateStartCouncilor => {
            "move one start councilor to the other ring".to_string()
        }
        PendingKind::StartingResource => "choose a starting resource".to_string(),
        PendingKind::PlayCard => "play a card onto an empty slot".to_string(),
        PendingKind::Turn => {
            let mut todo = Vec::new();
            if let Some(t) = &e.turn {
                if !t.card_action_done {
                    todo.push("the card action");
                }
                if !t.movement_done {
                    todo.push("the movement");
                }
            }
            if todo.is_empty() {
                "bonus actions, advisors, or end the turn".to_string()
            } else {
                format!(
                    "{} (then bonus actions, advisors, end the turn)",
                    todo.join(" and ")
                )
            }
        }
        PendingKind::LocationAction => format!(
            "act at the {} (its sub-actions, favour tokens), then finish",
            location(p.location)
        ),
        PendingKind::KeepFavorToken => {
            if e.favor_drawn.is_empty() {
                "keep one of the drawn favour tokens".to_string()
            } else {
                format!(
                    "keep one of the drawn favour tokens: {}",
                    tokens(&e.favor_drawn)
                )
            }
        }
        PendingKind::RoundEvent => {
            let (name, effect) = event(p.event);
            format!("the end-of-round event “{name}” ({effect}), or decline")
        }
        PendingKind::Leftovers => {
            let left = p
                .seats
                .iter()
                .map(|s| short(view, *s))
                .collect::<Vec<_>>()
                .join(", ");
            format!("split the leftover points between CP and BP (still to do: {left})")
        }
        PendingKind::None | PendingKind::Unspecified => "nothing".to_string(),
    }
}

fn turn_line(view: &pb::GameView, t: &pb::EmaraTurn) -> String {
    let mut line = format!(
        "Turn: {}, turn {} of 3 this round",
        short(view, t.seat),
        t.turn_of_round
    );
    if t.card != 0 {
        let slot = t.slot.map(|s| format!(" in slot {s}")).unwrap_or_default();
        let _ = write!(line, " · played {}{slot}", card(t.card));
        let moving = t
            .visit
            .as_ref()
            .is_some_and(|v| v.origin == pb::EmaraVisitOrigin::Movement as i32 && !t.movement_done);
        let done = |d: bool| if d { "done" } else { "to do" };
        let _ = write!(
            line,
            " · card action {} · movement {}",
            done(t.card_action_done),
            if moving {
                "under way"
            } else {
                done(t.movement_done)
            }
        );
    }
    if !t.bonuses_used.is_empty() {
        let b: Vec<&str> = t.bonuses_used.iter().map(|b| bonus(*b)).collect();
        let _ = write!(line, " · bonuses used: {}", b.join(", "));
    }
    if !t.abilities_used.is_empty() {
        let a: Vec<String> = t.abilities_used.iter().map(|a| advisor(*a)).collect();
        let _ = write!(line, " · advisors used: {}", a.join(", "));
    }
    if let Some(v) = &t.visit {
        let origin = match pb::EmaraVisitOrigin::try_from(v.origin).unwrap_or_default() {
            pb::EmaraVisitOrigin::StepCard => " (Step card)",
            pb::EmaraVisitOrigin::CityCard => " (City card)",
            _ => "",
        };
        let _ = write!(line, "\n  at the {}{origin}", location(v.location));
        if !v.used.is_empty() {
            let used: Vec<&str> = v.used.iter().map(|u| sub_action(*u)).collect();
            let _ = write!(line, "; done here: {}", used.join(", "));
        }
    }
    line
}

/// `▶ Your turn: …` or `Waiting for seat 1 (bot): …`.
fn whose_turn(view: &pb::GameView, e: &pb::EmaraView) -> String {
    let Some(p) = &e.pending else {
        return format!("To act: {}", super::to_act(view));
    };
    let what = pending_text(view, e, p);
    let mine = view.viewer_seat.is_some_and(|me| view.to_act.contains(&me));
    if mine {
        format!("▶ Your turn: {what}.")
    } else {
        format!("Waiting for {}: {what}.", super::to_act(view))
    }
}

// ---- the final score ------------------------------------------------------------------------

/// The final score table (EMR-14): leftovers, CP, BP, the score (the lower) and the tie-breaks;
/// in solo Victoria's CP and the verdict.
pub fn score_table(view: &pb::GameView, _e: &pb::EmaraView, s: &pb::EmaraScore) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Final score (decided by {}; building start {})",
        s.decided_by.replace('_', " "),
        s.building_start
    );
    let _ = writeln!(
        out,
        "  {:<22}{:>9}{:>6}{:>6}{:>7}{:>7}  {:<16}{:>5}",
        "", "leftover", "CP", "BP", "score", "other", "highest rank", "place"
    );
    let mut players = s.players.clone();
    players.sort_by_key(|p| (p.place, p.seat));
    for p in &players {
        let leftover = format!("{}→{}cp", p.leftovers, p.to_cp);
        let top = if p.highest_rank == 0 {
            "—".to_string()
        } else {
            format!("{} ({} CP)", rank(p.highest_rank), p.top_card_cp)
        };
        let _ = writeln!(
            out,
            "  {:<22}{:>9}{:>6}{:>6}{:>7}{:>7}  {:<16}{:>5}",
            seat_label(view, p.seat),
            leftover,
            p.cp,
            p.bp,
            p.final_score,
            p.other,
            top,
            p.place
        );
    }
    if let Some(v) = s.victoria_cp {
        let _ = writeln!(out, "  {:<22}{:>9}{v:>6}", "Victoria", "");
        let verdict = match s.solo_won {
            Some(true) => format!(
                "you beat Victoria ({} > {v}): a campaign win",
                players.first().map_or(0, |p| p.final_score)
            ),
            Some(false) => format!("Victoria wins: a campaign win needs a score above her {v} CP"),
            None => format!(
                "highscore {} from building start {}",
                players.first().map_or(0, |p| p.final_score),
                s.building_start
            ),
        };
        let _ = writeln!(out, "  → {verdict}");
    }
    out
}

// ---- the screen -----------------------------------------------------------------------------

/// The whole Emara screen.
pub fn render(view: &pb::GameView, e: &pb::EmaraView) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", header(view, &mode_title(e)));
    match view.viewer_seat {
        Some(me) => {
            let _ = writeln!(out, "You are {}.", seat_label(view, me));
        }
        None => {
            let _ = writeln!(out, "You are watching (public information only).");
        }
    }
    let _ = writeln!(out, "{}", round_line(e));
    event_lines(e, &mut out);
    out.push('\n');
    let _ = writeln!(out, "{}", ring_line(view, e, pb::EmaraRing::A));
    let _ = writeln!(out, "{}", ring_line(view, e, pb::EmaraRing::B));
    huts(view, e, &mut out);
    town(e, &mut out);
    nobility(e, &mut out);
    out.push('\n');
    // The viewer first, then the others in seat order.
    let mut players: Vec<&pb::EmaraPlayer> = e.players.iter().collect();
    players.sort_by_key(|p| (view.viewer_seat != Some(p.seat), p.seat));
    for p in players {
        player(view, e, p, &mut out);
    }
    victoria(e, &mut out);
    if let Some(s) = &e.score {
        out.push('\n');
        out.push_str(&score_table(view, e, s));
    } else if !finished(view) {
        out.push('\n');
        if let Some(t) = &e.turn
            && pb::EmaraPhase::try_from(e.phase).unwrap_or_default() == pb::EmaraPhase::Turns
        {
            let _ = writeln!(out, "{}", turn_line(view, t));
        }
        let _ = writeln!(out, "{}", whose_turn(view, e));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::tests::two_seats;
    use pb::EmaraActionCard as Card;
    use pb::EmaraLocation as L;

    fn marker(
        m: pb::EmaraMarker,
        index: Option<u32>,
        side: &[u32],
        board: u32,
    ) -> pb::EmaraMarkerState {
        pb::EmaraMarkerState {
            marker: m as i32,
            value: index.map_or(board, |i| side[i as usize]),
            index,
            side: side.to_vec(),
            board_value: board,
        }
    }

    fn slots(cards: [Card; 3]) -> Vec<pb::EmaraSlot> {
        cards
            .iter()
            .enumerate()
            .map(|(i, c)| pb::EmaraSlot {
                movement: i as u32 + 1,
                card: *c as i32,
            })
            .collect()
    }

    /// Seat 0 (ana, the viewer) against seat 1 (a bot) in round 2, seat 0 at the Market.
    fn table() -> (pb::GameView, pb::EmaraView) {
        let mut view = two_seats(Some(0));
        view.game_type = "emara".into();
        let hut =
            |location: L, index: u32, wood: u32, stone: u32, occupant: Option<u32>| pb::EmaraHut {
                location: location as i32,
                index,
                cost: Some(pb::EmaraCost {
                    wood,
                    stone,
                    ..Default::default()
                }),
                occupant,
            };
        let e = pb::EmaraView {
            options: Some(pb::EmaraOptions {
                mode: pb::EmaraMode::TwoPlayer as i32,
                ..Default::default()
            }),
            phase: pb::EmaraPhase::Turns as i32,
            round: 2,
            rings: Some(pb::EmaraRings {
                a: vec![
                    L::Forest as i32,
                    L::GrainField as i32,
                    L::Quarry as i32,
                    L::WeavingMill as i32,
                ],
                b: vec![
                    L::Castle as i32,
                    L::Cathedral as i32,
                    L::ConstructionSite as i32,
                    L::Market as i32,
                ],
            }),
            huts: vec![
                hut(L::Forest, 0, 2, 0, None),
                hut(L::Forest, 1, 1, 1, Some(1)),
                hut(L::Quarry, 0, 0, 2, Some(0)),
            ],
            advisor_spaces: vec![
                pb::EmaraAdvisorSpace {
                    location: L::Castle as i32,
                    space: 0,
                    advisor: pb::EmaraAdvisor::Steward as i32,
                },
                pb::EmaraAdvisorSpace {
                    location: L::Castle as i32,
                    space: 1,
                    advisor: pb::EmaraAdvisor::Unspecified as i32,
                },
                pb::EmaraAdvisorSpace {
                    location: L::Market as i32,
                    space: 0,
                    advisor: pb::EmaraAdvisor::MasterOfCoin as i32,
                },
            ],
            advisors_b_top: pb::EmaraAdvisor::SirCarl as i32,
            advisors_b_count: 5,
            markers: vec![
                marker(pb::EmaraMarker::GiftWood, Some(1), &[1, 2, 3], 4),
                marker(pb::EmaraMarker::Stone, None, &[5, 4, 3, 3], 2),
                marker(pb::EmaraMarker::Bread, Some(0), &[4, 3, 3, 2], 2),
            ],
            nobility: vec![pb::EmaraNobilityStack {
                rank: pb::EmaraRank::Baron as i32,
                coins: 1,
                rings: 1,
                cards: vec![7, 6, 5],
            }],
            current_event: pb::EmaraEventCard::TheGreatFamine as i32,
            event_top: pb::EmaraEventCard::TheGreatFamine as i32,
            event_deck_count: 11,
            favor_stack_count: 9,
            favor_discard_count: 2,
            favor_discard_known: vec![pb::EmaraFavorToken {
                location: L::Castle as i32,
                reward: pb::EmaraFavorReward::Coin as i32,
            }],
            statue: 0,
            players: vec![
                pb::EmaraPlayer {
                    seat: 0,
                    cp: 12,
                    bp: 31,
                    goods: Some(pb::EmaraGoods {
                        wood: 2,
                        coins: 1,
                        books: 1,
                        ..Default::default()
                    }),
                    councilor_a: L::Quarry as i32,
                    councilor_b: L::Market as i32,
                    slots: slots([Card::Unspecified, Card::Coins, Card::Unspecified]),
                    hand_count: 2,
                    hand: vec![Card::Step as i32, Card::SignetRing as i32],
                    hand_visible: true,
                    deck_count: 4,
                    craftsmen_on_board: 3,
                    craftsmen: vec![pb::EmaraHutRef {
                        location: L::Quarry as i32,
                        hut: 0,
                    }],
                    advisors: vec![pb::EmaraAdvisor::Baker as i32],
                    favor_tokens: vec![pb::EmaraFavorToken {
                        location: L::Cathedral as i32,
                        reward: pb::EmaraFavorReward::ThreeCp as i32,
                    }],
                    nobility: vec![pb::EmaraNobilityCard {
                        rank: pb::EmaraRank::Baron as i32,
                        cp: 8,
                    }],
                    statue: true,
                    ..Default::default()
                },
                pb::EmaraPlayer {
                    seat: 1,
                    cp: 9,
                    bp: 40,
                    goods: Some(pb::EmaraGoods::default()),
                    councilor_a: L::Quarry as i32,
                    councilor_b: L::Castle as i32,
                    slots: slots([Card::Wood, Card::Unspecified, Card::Unspecified]),
                    hand_count: 2,
                    hand: Vec::new(),
                    hand_visible: false,
                    deck_count: 4,
                    craftsmen_on_board: 3,
                    craftsmen: vec![pb::EmaraHutRef {
                        location: L::Forest as i32,
                        hut: 1,
                    }],
                    ..Default::default()
                },
            ],
            pending: Some(pb::EmaraPending {
                kind: PendingKind::LocationAction as i32,
                seat: Some(0),
                location: L::Market as i32,
                ..Default::default()
            }),
            turn: Some(pb::EmaraTurn {
                seat: 0,
                turn_of_round: 2,
                card: Card::Coins as i32,
                slot: Some(2),
                card_action_done: true,
                movement_done: false,
                bonuses_used: vec![pb::EmaraBonus::RaiseRank as i32],
                visit: Some(pb::EmaraVisit {
                    location: L::Market as i32,
                    origin: pb::EmaraVisitOrigin::Movement as i32,
                    used: vec![pb::EmaraSubAction::BuyCoins as i32],
                }),
                ..Default::default()
            }),
            building_start: 25,
            ..Default::default()
        };
        view.game = Some(pb::game_view::Game::Emara(e.clone()));
        (view, e)
    }

    #[test]
    fn names_read_like_the_rulebook() {
        assert_eq!(location(L::GrainField as i32), "Grain Field");
        assert_eq!(location(L::ConstructionSite as i32), "Construction Site");
        assert_eq!(
            advisor(pb::EmaraAdvisor::MasterOfCoin as i32),
            "Master of Coin"
        );
        assert_eq!(
            advisor(pb::EmaraAdvisor::SirChristiaan as i32),
            "Sir Christiaan"
        );
        assert_eq!(card(Card::SignetRing as i32), "Signet ring");
        assert_eq!(rank(pb::EmaraRank::Marquess as i32), "Marquess");
        assert_eq!(location(0), "—");
        assert_eq!(location(99), "?99");
        assert_eq!(
            event(pb::EmaraEventCard::FineWoolFineCloth as i32).0,
            "Fine wool, fine cloth"
        );
    }

    #[test]
    fn the_table_shows_round_rings_town_and_players() {
        let (view, e) = table();
        let text = crate::render::view(&view);
        assert!(
            text.starts_with("─── Crown of Emara · 2 players · game g1 · v4 "),
            "{text}"
        );
        assert!(
            text.contains("Round 2 of 6 · turns · everyone started with 25 BP"),
            "{text}"
        );
        assert!(
            text.contains("Event: “The great famine” — end of round: 1 grain → 3 CP"),
            "{text}"
        );
        assert!(
            text.contains("favour tokens: 9 in the stack, 2 discarded"),
            "{text}"
        );
        assert!(text.contains("discards you know: Castle: coin"), "{text}");
        assert!(
            text.contains("Ring A:  Forest → Grain Field → Quarry [you, seat 1] → Weaving Mill ↻"),
            "{text}"
        );
        assert!(
            text.contains(
                "Ring B:  Castle [seat 1] → Cathedral → Construction Site → Market [you] ↻"
            ),
            "{text}"
        );
        assert!(
            text.contains("  Forest        2 wood · wood+stone (seat 1)"),
            "{text}"
        );
        assert!(text.contains("  Quarry        2 stone (you)"), "{text}");
        assert!(
            text.contains("  Castle             Steward, (empty)"),
            "{text}"
        );
        assert!(text.contains("gifts      wood 2→3|4"), "{text}");
        assert!(
            text.contains("deliveries stone 2 (board)  bread 4→3→3→2|2"),
            "{text}"
        );
        assert!(
            text.contains("  Market             Master of Coin"),
            "{text}"
        );
        assert!(
            text.contains("Advisor deck B: Sir Carl on top (10 CP), 5 cards"),
            "{text}"
        );
        assert!(text.contains("Baron 1+1 → 7 CP"), "{text}");
        assert!(text.contains("You, seat 0 (ana, you) · statue"), "{text}");
        assert!(
            text.contains(
                "CP  12 · BP  31 · score now 12 (the lower) · councilors: A Quarry, B Market"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "wood 2 · cloth 0 · grain 0 · stone 0 │ bread 0 · books 1 · rings 0 · coins 1"
            ),
            "{text}"
        );
        assert!(
            text.contains("hand Step, Signet ring; deck 4 · slots [1: —] [2: Coins] [3: —]"),
            "{text}"
        );
        assert!(
            text.contains("craftsmen: 3 on the board; in Quarry hut 0"),
            "{text}"
        );
        assert!(text.contains("advisors: Baker (+3 CP; each turn"), "{text}");
        assert!(
            text.contains("nobility: Baron (8 CP) · favour tokens: Cathedral: 3 CP"),
            "{text}"
        );
        assert!(
            text.contains(
                "Turn: you, turn 2 of 3 this round · played Coins in slot 2 · card action done · movement under way · bonuses used: rank"
            ),
            "{text}"
        );
        assert!(text.contains("  at the Market; done here: coins"), "{text}");
        assert!(
            text.contains(
                "▶ Your turn: act at the Market (its sub-actions, favour tokens), then finish."
            ),
            "{text}"
        );
        // Not solo: no Victoria.
        assert!(!text.contains("Victoria"), "{text}");
        // The viewer's block comes first.
        assert!(text.find("You, seat 0").unwrap() < text.find("seat 1 (bot)\n").unwrap());
        assert_eq!(render(&view, &e), text);
    }

    #[test]
    fn another_seats_hand_is_only_a_count() {
        let (mut view, mut e) = table();
        // Even were the server to send the cards, a hand not visible to the viewer is a count.
        e.players[1].hand = vec![Card::City as i32, Card::Hire as i32];
        view.game = Some(pb::game_view::Game::Emara(e.clone()));
        let text = render(&view, &e);
        assert!(text.contains("seat 1 (bot)\n  CP   9 · BP  40"), "{text}");
        assert!(
            text.contains("  hand 2 cards; deck 4 · slots [1: Wood] [2: —] [3: —]"),
            "{text}"
        );
        assert!(
            !text.contains("City"),
            "another seat's cards leaked:\n{text}"
        );
        assert!(
            !text.contains("Hire"),
            "another seat's cards leaked:\n{text}"
        );

        // A spectator sees every hand as a count.
        view.viewer_seat = None;
        e.players[0].hand.clear();
        e.players[0].hand_visible = false;
        let text = render(&view, &e);
        assert!(
            text.contains("You are watching (public information only)."),
            "{text}"
        );
        assert!(
            text.contains("  hand 2 cards; deck 4 · slots [1: —] [2: Coins]"),
            "{text}"
        );
        assert!(
            text.contains("Waiting for seat 0 (ana): act at the Market"),
            "{text}"
        );
    }

    #[test]
    fn solo_shows_victoria_and_the_drawn_favour_tokens() {
        let (mut view, mut e) = table();
        e.players.truncate(1);
        view.seats.truncate(1);
        e.options.as_mut().unwrap().mode = pb::EmaraMode::Solo as i32;
        e.victoria = Some(pb::EmaraVictoria {
            cp: 17,
            nobility: vec![pb::EmaraNobilityCard {
                rank: pb::EmaraRank::Baron as i32,
                cp: 6,
            }],
        });
        e.favor_drawn = vec![
            pb::EmaraFavorToken {
                location: L::Market as i32,
                reward: pb::EmaraFavorReward::Book as i32,
            },
            pb::EmaraFavorToken {
                location: L::Castle as i32,
                reward: pb::EmaraFavorReward::ThreeBp as i32,
            },
        ];
        e.pending = Some(pb::EmaraPending {
            kind: PendingKind::KeepFavorToken as i32,
            seat: Some(0),
            ..Default::default()
        });
        let text = render(&view, &e);
        assert!(
            text.starts_with("─── Crown of Emara · solo · game g1"),
            "{text}"
        );
        assert!(
            text.contains("Victoria (the automaton): CP  17 · Baron (6 CP); builds for 6 CP now"),
            "{text}"
        );
        assert!(
            text.contains(
                "▶ Your turn: keep one of the drawn favour tokens: Market: book, Castle: 3 BP."
            ),
            "{text}"
        );
        assert!(
            !text.contains("statue"),
            "the statue means nothing in solo:\n{text}"
        );
    }

    #[test]
    fn the_final_score_table_and_the_solo_verdict() {
        let (mut view, mut e) = table();
        view.status = pb::GameStatus::Finished as i32;
        e.phase = pb::EmaraPhase::Finished as i32;
        e.pending = Some(pb::EmaraPending {
            kind: PendingKind::None as i32,
            ..Default::default()
        });
        e.score = Some(pb::EmaraScore {
            players: vec![
                pb::EmaraPlayerScore {
                    seat: 0,
                    leftovers: 7,
                    to_cp: 3,
                    cp: 27,
                    bp: 49,
                    final_score: 27,
                    other: 49,
                    highest_rank: pb::EmaraRank::Baron as i32,
                    top_card_cp: 8,
                    place: 2,
                },
                pb::EmaraPlayerScore {
                    seat: 1,
                    leftovers: 4,
                    to_cp: 2,
                    cp: 30,
                    bp: 57,
                    final_score: 30,
                    other: 57,
                    place: 1,
                    ..Default::default()
                },
            ],
            building_start: 25,
            decided_by: "final_score".into(),
            ..Default::default()
        });
        view.game = Some(pb::game_view::Game::Emara(e.clone()));
        let text = render(&view, &e);
        assert!(
            text.contains("Final score (decided by final score; building start 25)"),
            "{text}"
        );
        let table: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("Final score"))
            .collect();
        assert!(
            table[1].contains("leftover    CP    BP  score  other  highest rank    place"),
            "{text}"
        );
        assert!(
            table[2].starts_with("  seat 1 (bot)"),
            "the winner first:\n{text}"
        );
        assert!(
            table[2].ends_with("30     57  —                   1"),
            "{text}"
        );
        assert!(table[3].starts_with("  seat 0 (ana, you)"), "{text}");
        assert!(
            table[3].contains("7→3cp    27    49     27     49  Baron (8 CP)"),
            "{text}"
        );
        assert!(
            !text.contains("▶"),
            "nobody acts once the game is over:\n{text}"
        );
        assert_eq!(
            crate::render::final_score(&view).as_deref(),
            Some(&text[text.find("Final score").unwrap()..])
        );

        // Solo campaign: Victoria's CP and the verdict.
        let score = e.score.as_mut().unwrap();
        score.players.truncate(1);
        score.victoria_cp = Some(81);
        score.solo_won = Some(false);
        let text = score_table(&view, &e, e.score.as_ref().unwrap());
        assert!(
            text.contains("  Victoria                           81\n"),
            "{text}"
        );
        assert!(
            text.contains("→ Victoria wins: a campaign win needs a score above her 81 CP"),
            "{text}"
        );
    }
}
