//! The Kingdom Legacy table (KingdomLegacyView): one sitting of a solo legacy kingdom. The round
//! and phase, resources and fame, the deck (count and the face-up top card), the active zone
//! with every card's current stage in full (production, upgrades with cost and arrow, effects
//! with timing and text, checkboxes, stickers, blocked / stays in play) and its other stages in
//! one line each, the permanents, the expansion card, the discard pile, the set-aside cards, the
//! box as serial numbers, the score counter, and what the game waits for.

use super::{WIDTH, finished, header};
use std::fmt::Write;
use tablero_client::pb;
use tablero_client::pb::kingdom_legacy_decision::Kind as DecisionKind;

// ---- words ----------------------------------------------------------------------------------

/// `F0`, `F180`, `B0`, `B180`.
pub fn orientation(o: i32) -> &'static str {
    use pb::KingdomLegacyOrientation as O;
    match O::try_from(o).unwrap_or_default() {
        O::F0 => "F0",
        O::F180 => "F180",
        O::B0 => "B0",
        O::B180 => "B180",
        O::Unspecified => "?",
    }
}

/// `front`, `front, upside-down`, `back`, `back, upside-down`.
fn orientation_words(o: i32) -> &'static str {
    use pb::KingdomLegacyOrientation as O;
    match O::try_from(o).unwrap_or_default() {
        O::F0 => "front",
        O::F180 => "front, upside-down",
        O::B0 => "back",
        O::B180 => "back, upside-down",
        O::Unspecified => "?",
    }
}

pub fn resource_name(r: i32) -> &'static str {
    use pb::KingdomLegacyResource as R;
    match R::try_from(r).unwrap_or_default() {
        R::Gold => "gold",
        R::Wood => "wood",
        R::Stone => "stone",
        R::Metal => "metal",
        R::Military => "military",
        R::Trade => "trade goods",
        R::Unspecified => "?",
    }
}

/// `2 gold + 1 wood`; `nothing` when empty.
pub fn resources(r: Option<&pb::KingdomLegacyResources>) -> String {
    let Some(r) = r else {
        return "nothing".to_string();
    };
    let parts: Vec<String> = [
        (r.gold, "gold"),
        (r.wood, "wood"),
        (r.stone, "stone"),
        (r.metal, "metal"),
        (r.military, "military"),
        (r.trade, "trade goods"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, name)| format!("{n} {name}"))
    .collect();
    if parts.is_empty() {
        "nothing".to_string()
    } else {
        parts.join(" + ")
    }
}

fn is_empty(r: Option<&pb::KingdomLegacyResources>) -> bool {
    r.is_none_or(|r| *r == pb::KingdomLegacyResources::default())
}

/// `1 gold / 1 wood and 1 stone`: one alternative per group.
pub fn production(groups: &[pb::KingdomLegacyProductionGroup]) -> String {
    groups
        .iter()
        .map(|g| {
            g.alternatives
                .iter()
                .map(|a| resources(Some(a)))
                .collect::<Vec<_>>()
                .join(" / ")
        })
        .collect::<Vec<_>>()
        .join(" and ")
}

fn timing(e: &pb::KingdomLegacyEffect) -> String {
    use pb::KingdomLegacyTiming as T;
    use pb::KingdomLegacyTrigger as G;
    let base = match T::try_from(e.timing).unwrap_or_default() {
        T::PassiveStatic => "passive".to_string(),
        T::PassiveRepeatable => "passive, repeatable".to_string(),
        T::Activated => "on activation".to_string(),
        T::EndsTurn => "end of turn".to_string(),
        T::Destroy => "destroy".to_string(),
        T::Triggered => {
            let when = match G::try_from(e.trigger).unwrap_or_default() {
                G::AfterPlayed => "after played",
                G::EndOfTurn => "at the end of the turn",
                G::RoundStart => "at round start",
                G::EndOfRound => "at the end of the round",
                G::Unspecified => "triggered",
            };
            format!(
                "{} {when}",
                if e.mandatory { "mandatory" } else { "optional" }
            )
        }
        T::Unspecified => "?".to_string(),
    };
    if e.one_time {
        format!("{base}, one-time")
    } else {
        base
    }
}

fn arrow(a: i32) -> &'static str {
    use pb::KingdomLegacyArrow as A;
    match A::try_from(a).unwrap_or_default() {
        A::Rotate => "↓ rotate",
        A::Flip => "→ flip",
        A::Unspecified => "?",
    }
}

fn protection(p: i32) -> &'static str {
    use pb::KingdomLegacyProtection as P;
    match P::try_from(p).unwrap_or_default() {
        P::Destroy => "destroyed",
        P::Purge => "purged",
        P::Block => "blocked",
        P::Unspecified => "?",
    }
}

pub fn phase_name(p: i32) -> &'static str {
    use pb::KingdomLegacyPhase as P;
    match P::try_from(p).unwrap_or_default() {
        P::Main => "turn",
        P::Pending => "a decision is pending",
        P::BetweenRounds => "between rounds",
        P::PurgeSelect => "purge",
        P::PostGame => "after the game",
        P::Closed => "campaign closed",
        P::Unspecified => "?",
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Serial numbers as ranges: `11–70, 72, 74–135`; `none`.
pub fn id_ranges(ids: &[u32]) -> String {
    let mut sorted = ids.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut parts = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let start = sorted[i];
        let mut end = start;
        while i + 1 < sorted.len() && sorted[i + 1] == end + 1 {
            i += 1;
            end = sorted[i];
        }
        parts.push(match end - start {
            0 => start.to_string(),
            1 => format!("{start}, {end}"),
            _ => format!("{start}–{end}"),
        });
        i += 1;
    }
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

// ---- cards ----------------------------------------------------------------------------------

/// The card's current stage (the one read upright in its orientation).
pub fn active_stage(c: &pb::KingdomLegacyCard) -> Option<&pb::KingdomLegacyStage> {
    c.stages
        .iter()
        .find(|s| s.orientation == c.orientation)
        .or_else(|| c.stages.first())
}

/// `#7 Forest`.
pub fn card_name(c: &pb::KingdomLegacyCard) -> String {
    match active_stage(c) {
        Some(s) if !s.name.is_empty() => format!("#{} {}", c.id, s.name),
        _ => format!("#{}", c.id),
    }
}

/// `land`, `person: knight`, `enemy (hostile)`.
fn category(s: &pb::KingdomLegacyStage) -> String {
    let mut out = if s.category.is_empty() {
        "no category".to_string()
    } else {
        s.category.clone()
    };
    if !s.subcategories.is_empty() {
        let _ = write!(out, ": {}", s.subcategories.join(", "));
    }
    if s.hostile && s.category != "enemy" {
        out.push_str(" (hostile)");
    }
    out
}

/// `#7 Forest (land, F0)`: one line for lists.
pub fn card_line(c: &pb::KingdomLegacyCard) -> String {
    match active_stage(c) {
        Some(s) => format!(
            "{} ({}, {})",
            card_name(c),
            category(s),
            orientation(c.orientation)
        ),
        None => card_name(c),
    }
}

/// What a sticker number does, from the supply: `+1 gold`, `+2 fame`, `stays in play`.
fn sticker_words(no: &str, supply: &[pb::KingdomLegacySticker]) -> String {
    use pb::KingdomLegacyStickerKind as K;
    let Some(s) = supply.iter().find(|s| s.no == no) else {
        return format!("sticker {no}");
    };
    let what = match K::try_from(s.kind).unwrap_or_default() {
        K::Production => format!("+1 {} production", resource_name(s.resource)),
        K::Fame => format!("{:+} fame", s.amount),
        K::StaysInPlay => "stays in play".to_string(),
        K::ScoreMarker => "score marker".to_string(),
        K::PurgeFame => "purge fame".to_string(),
        K::Reserved | K::Unspecified => "reserved".to_string(),
    };
    format!("sticker {no} ({what})")
}

/// `[x] +1 gold  [ ] 2 fame  [ ]`.
fn checkboxes(s: &pb::KingdomLegacyStage) -> String {
    let boxes: Vec<String> = s
        .checkboxes
        .iter()
        .map(|b| {
            let mut t = String::from(if b.ticked { "[x]" } else { "[ ]" });
            if !is_empty(b.gain.as_ref()) {
                let _ = write!(t, " +{}", resources(b.gain.as_ref()));
            }
            if b.fame != 0 {
                let _ = write!(t, " {:+} fame", b.fame);
            }
            if !b.on_tick.is_empty() {
                let _ = write!(t, " ({})", b.on_tick);
            }
            t
        })
        .collect();
    let ticked = s.checkboxes.iter().filter(|b| b.ticked).count();
    format!(
        "{}  — {ticked} of {} ticked{}",
        boxes.join("  "),
        s.checkboxes.len(),
        if s.in_order_boxes {
            ", left to right"
        } else {
            ""
        }
    )
}

/// The stage a turn or an upgrade leads to, by name: `F180 Big Farm`.
fn stage_named(c: &pb::KingdomLegacyCard, o: i32) -> String {
    match c.stages.iter().find(|s| s.orientation == o) {
        Some(s) if !s.name.is_empty() => format!("{} {}", orientation(o), s.name),
        _ => orientation(o).to_string(),
    }
}

/// A whole card: the current stage in full, then the other stages one line each.
pub fn card_block(
    c: &pb::KingdomLegacyCard,
    supply: &[pb::KingdomLegacySticker],
    indent: &str,
    out: &mut String,
) {
    let Some(s) = active_stage(c) else {
        let _ = writeln!(out, "{indent}#{} (no data)", c.id);
        return;
    };
    let mut head = format!(
        "{indent}{}  [{} · {} ({})]",
        card_name(c),
        category(s),
        orientation(c.orientation),
        orientation_words(c.orientation)
    );
    if s.permanent {
        head.push_str(" · permanent");
    }
    if c.fame != 0 || s.fame != 0 {
        let _ = write!(head, " · fame {}", c.fame);
    }
    let _ = writeln!(out, "{head}");
    let more = format!("{indent}    ");
    if let Some(by) = c.blocked_by {
        let _ = writeln!(out, "{more}BLOCKED by #{by}: it cannot be used");
    }
    if c.stays_in_play {
        let _ = writeln!(out, "{more}stays in play at the end of this turn");
    }
    if !s.production.is_empty() {
        let _ = writeln!(out, "{more}produces: {}", production(&s.production));
    }
    for (i, u) in s.upgrades.iter().enumerate() {
        let _ = writeln!(
            out,
            "{more}upgrade {}: pay {} → {} to {}",
            i + 1,
            resources(u.cost.as_ref()),
            arrow(u.arrow),
            stage_named(c, u.to)
        );
    }
    for e in &s.effects {
        let mut line = format!("{more}effect {} ({})", e.id, timing(e));
        let mut costs = Vec::new();
        if !is_empty(e.cost.as_ref()) {
            costs.push(resources(e.cost.as_ref()));
        }
        if e.cost_tick {
            costs.push("tick a box".to_string());
        }
        if !costs.is_empty() {
            let _ = write!(line, " cost {}", costs.join(" + "));
        }
        let _ = write!(line, ": {}", e.text);
        if e.crossed_out {
            line.push_str("  [CROSSED OUT]");
        }
        let _ = writeln!(out, "{line}");
    }
    if !s.checkboxes.is_empty() {
        let _ = writeln!(out, "{more}boxes: {}", checkboxes(s));
    }
    if !s.stickers.is_empty() {
        let words: Vec<String> = s
            .stickers
            .iter()
            .map(|n| sticker_words(n, supply))
            .collect();
        let _ = writeln!(out, "{more}stickers: {}", words.join(", "));
    }
    if !s.protect.is_empty() {
        let what: Vec<&str> = s.protect.iter().map(|p| protection(*p)).collect();
        let _ = writeln!(out, "{more}cannot be {}", what.join(" or "));
    }
    if !s.text.is_empty() && s.effects.iter().all(|e| e.text != s.text) {
        let _ = writeln!(out, "{more}“{}”", s.text);
    }
    let others: Vec<String> = c
        .stages
        .iter()
        .filter(|o| o.orientation != c.orientation)
        .map(|o| {
            let mut t = format!("{} {} ({}", orientation(o.orientation), o.name, o.category);
            if !o.production.is_empty() {
                let _ = write!(t, "; produces {}", production(&o.production));
            }
            if o.fame != 0 {
                let _ = write!(t, "; fame {}", o.fame);
            }
            t.push(')');
            t
        })
        .collect();
    for (i, o) in others.iter().enumerate() {
        let label = if i == 0 { "other stages:" } else { "" };
        let _ = writeln!(out, "{more}{label:<13} {o}");
    }
}

// ---- the table ------------------------------------------------------------------------------

/// `Round 3 of the base game (the last)` or `Expansion #136 · round 2 of 4`.
pub fn round_line(k: &pb::KingdomLegacyView) -> String {
    match &k.current_expansion {
        Some(x) if x.card != 0 => format!("Expansion #{} · round {} of 4", x.card, k.round),
        _ => format!(
            "Round {} of the base game{}",
            k.round,
            if k.last_round { " (the last)" } else { "" }
        ),
    }
}

fn score_track(t: Option<&pb::KingdomLegacyScoreTrack>) -> String {
    let base = t
        .and_then(|t| t.base)
        .map_or("—".to_string(), |b| b.to_string());
    let exps: Vec<String> = t
        .map(|t| {
            t.expansions
                .iter()
                .map(|e| format!("#{} {}", e.expansion, e.score))
                .collect()
        })
        .unwrap_or_default();
    format!(
        "base {base} · expansions {}",
        if exps.is_empty() {
            "—".to_string()
        } else {
            exps.join(", ")
        }
    )
}

fn purge_fame(p: &[pb::KingdomLegacyPurgeFame]) -> String {
    if p.is_empty() {
        return "—".to_string();
    }
    p.iter()
        .map(|f| format!("#{} {:+}", f.expansion, f.value))
        .collect::<Vec<_>>()
        .join(", ")
}

fn card_ref(k: &pb::KingdomLegacyView, id: u32) -> String {
    let all = k
        .active
        .iter()
        .chain(&k.discard)
        .chain(&k.permanent)
        .chain(k.expansion.iter())
        .chain(&k.pending_destruction)
        .chain(&k.box_revealed)
        .chain(k.deck.iter().flat_map(|d| d.contents.iter()));
    let found = all.into_iter().find(|c| c.id == id);
    match found {
        Some(c) => card_name(c),
        None => format!("#{id}"),
    }
}

fn decision_text(k: &pb::KingdomLegacyView, d: &pb::KingdomLegacyDecision) -> String {
    use pb::KingdomLegacyCardPurpose as P;
    let names = |ids: &[u32]| {
        ids.iter()
            .map(|id| card_ref(k, *id))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match &d.kind {
        Some(DecisionKind::Cards(c)) => {
            let purpose = match P::try_from(c.purpose).unwrap_or_default() {
                P::Block => "to block".to_string(),
                P::Discard => "to discard".to_string(),
                P::Destroy => "to destroy".to_string(),
                P::Turn => "to turn".to_string(),
                P::PutOnDeck => format!(
                    "to put on the {} of the deck",
                    if c.deck_bottom { "bottom" } else { "top" }
                ),
                P::Sticker => format!("to receive sticker {}", c.sticker),
                P::IncreaseProduction => "whose production to increase".to_string(),
                P::Tick => "to tick a box on".to_string(),
                P::StayInPlay => "to stay in play".to_string(),
                P::Unspecified => "".to_string(),
            };
            let count = if c.min == c.max {
                c.min.to_string()
            } else {
                format!("{}–{}", c.min, c.max)
            };
            format!(
                "choose {count} card(s) {purpose} among {}",
                names(&c.candidates)
            )
        }
        Some(DecisionKind::Resource(r)) => {
            let opts: Vec<&str> = r.options.iter().map(|o| resource_name(*o)).collect();
            format!(
                "choose a resource: {}{}",
                opts.join(", "),
                if r.remaining > 0 {
                    format!(" ({} more after this)", r.remaining)
                } else {
                    String::new()
                }
            )
        }
        Some(DecisionKind::Checkbox(b)) => format!(
            "choose a box on {} ({}): {}",
            card_ref(k, b.card),
            orientation(b.orientation),
            b.options
                .iter()
                .map(|i| (i + 1).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Some(DecisionKind::Discovery(x)) => format!(
            "discover {} of {}{}",
            x.choose,
            names(&x.cards),
            if x.destroy_others {
                " (the others are destroyed)"
            } else {
                ""
            }
        ),
        Some(DecisionKind::PurgePick(p)) => format!(
            "purge: set aside one of {} (eligible: {})",
            names(&p.batch),
            id_ranges(&p.eligible)
        ),
        Some(DecisionKind::PurgePermanent(p)) => format!(
            "purge: set aside a permanent card (eligible: {})",
            names(&p.eligible)
        ),
        None => "?".to_string(),
    }
}

fn awaited(view: &pb::GameView, k: &pb::KingdomLegacyView, out: &mut String) {
    use pb::KingdomLegacyPhase as P;
    if finished(view) {
        use pb::KingdomLegacySittingEnd as E;
        let how = match E::try_from(k.ended).unwrap_or_default() {
            E::Suspended => "The sitting is over: the kingdom is stored in its campaign.",
            E::Closed => "The campaign is closed.",
            E::Unspecified => "The sitting is over.",
        };
        let _ = writeln!(out, "{how}");
        return;
    }
    if k.reset_requested {
        let _ = writeln!(
            out,
            "RESET ASKED: confirm to put every card back in the box and start the kingdom again \
             (all progress lost), or cancel to go on."
        );
        return;
    }
    if let Some(p) = &k.pending {
        if !p.prompt.is_empty() {
            let _ = writeln!(out, "Pending: {}", p.prompt);
        }
        if let Some(r) = p.resolving {
            let _ = writeln!(out, "  resolving an effect of {}", card_ref(k, r));
        }
        if let Some(d) = &p.decision {
            let _ = writeln!(out, "  {}", decision_text(k, d));
        }
        if !p.pool.is_empty() {
            let _ = writeln!(out, "  Triggered effects waiting (choose the order):");
            for t in &p.pool {
                let _ = writeln!(
                    out,
                    "    [{}] {} effect {} ({}): {}",
                    t.id,
                    card_ref(k, t.card),
                    t.effect,
                    if t.mandatory { "mandatory" } else { "optional" },
                    t.text
                );
            }
        }
    }
    let mine = view.viewer_seat.is_some_and(|s| view.to_act.contains(&s));
    let what = match P::try_from(k.phase).unwrap_or_default() {
        P::Main => "produce, upgrade, use an effect, march or pass",
        P::Pending => "answer the pending decision",
        P::BetweenRounds => {
            "begin the next round, or suspend: store the kingdom and end this sitting"
        }
        P::PurgeSelect => "pick the card to purge",
        P::PostGame => "start an expansion, close the campaign, or suspend",
        P::Closed | P::Unspecified => "nothing",
    };
    if mine {
        let _ = writeln!(out, "▶ Your turn: {what}.");
    } else {
        let _ = writeln!(out, "Waiting for the player: {what}.");
    }
}

/// The whole table.
pub fn render(view: &pb::GameView, k: &pb::KingdomLegacyView) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", header(view, "Kingdom Legacy"));
    let supply = &k.sticker_supply;
    let _ = writeln!(
        out,
        "{} · {} · fame {} (kingdom {})",
        round_line(k),
        phase_name(k.phase),
        k.current_fame,
        k.kingdom_fame
    );
    let _ = writeln!(out, "Resources: {}", resources(k.resources.as_ref()));
    match &k.deck {
        Some(d) if d.count > 0 => {
            let top = d.top.as_ref().map_or("hidden".to_string(), card_line);
            let _ = writeln!(
                out,
                "Deck: {} · top (face up): {top}",
                plural(d.count as usize, "card", "cards")
            );
            if !d.contents.is_empty() {
                let ids: Vec<u32> = d.contents.iter().map(|c| c.id).collect();
                let _ = writeln!(out, "  in the deck (any order): {}", id_ranges(&ids));
            }
        }
        _ => {
            let _ = writeln!(out, "Deck: empty");
        }
    }
    if k.active.is_empty() {
        let _ = writeln!(out, "Active zone: empty");
    } else {
        let _ = writeln!(out, "Active zone ({}):", k.active.len());
        for c in &k.active {
            card_block(c, supply, "  ", &mut out);
        }
    }
    if !k.permanent.is_empty() {
        let _ = writeln!(out, "Permanents ({}):", k.permanent.len());
        for c in &k.permanent {
            card_block(c, supply, "  ", &mut out);
        }
    }
    if let Some(x) = &k.expansion {
        let _ = writeln!(out, "Expansion card:");
        card_block(x, supply, "  ", &mut out);
    }
    if let Some(p) = &k.purge {
        let _ = writeln!(
            out,
            "Purge for expansion #{}: batches of {} · {} in the purge deck · {} selection(s) left · set-aside fame {}",
            p.expansion, p.n, p.deck_count, p.selections_left, p.fame
        );
        if !p.batch.is_empty() {
            let _ = writeln!(out, "  Batch:");
            for c in &p.batch {
                let _ = writeln!(out, "    {}", card_line(c));
            }
        }
        if !p.set_aside.is_empty() {
            let names: Vec<String> = p.set_aside.iter().map(card_name).collect();
            let _ = writeln!(out, "  Set aside: {}", names.join(", "));
        }
    }
    if k.discard.is_empty() {
        let _ = writeln!(out, "Discard pile: empty");
    } else {
        let _ = writeln!(out, "Discard pile ({}):", k.discard.len());
        let items: Vec<String> = k.discard.iter().map(card_line).collect();
        wrap(&items, "  ", &mut out);
    }
    if !k.pending_destruction.is_empty() {
        let names: Vec<String> = k.pending_destruction.iter().map(card_name).collect();
        let _ = writeln!(
            out,
            "Set aside until card 23 is discovered: {}",
            names.join(", ")
        );
    }
    if !k.destroyed.is_empty() {
        let _ = writeln!(out, "Destroyed: {}", id_ranges(&k.destroyed));
    }
    let _ = writeln!(
        out,
        "Box ({}): {}",
        plural(k.r#box.len(), "card", "cards"),
        id_ranges(&k.r#box)
    );
    let revealed: Vec<String> = k
        .box_revealed
        .iter()
        .filter(|c| c.kind != pb::KingdomLegacyCardKind::Expansion as i32)
        .map(card_line)
        .collect();
    if !revealed.is_empty() {
        let _ = writeln!(out, "  revealed in the box: {}", revealed.join(", "));
    }
    let _ = writeln!(
        out,
        "Score counter: {} · purge fame {}{}",
        score_track(k.score_track.as_ref()),
        purge_fame(&k.purge_fame),
        if k.reset_allowed {
            " · reset possible (card 23 is in the box)"
        } else {
            ""
        }
    );
    awaited(view, k, &mut out);
    out
}

/// Items joined with `, ` and wrapped at the screen width.
fn wrap(items: &[String], indent: &str, out: &mut String) {
    let mut line = indent.to_string();
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item}, ")
        } else {
            item.clone()
        };
        if line.len() > indent.len() && line.chars().count() + piece.chars().count() > WIDTH {
            let _ = writeln!(out, "{}", line.trim_end());
            line = indent.to_string();
        }
        line.push_str(&piece);
    }
    let _ = writeln!(out, "{}", line.trim_end());
}

/// The end of a sitting: the round reached, the fame and the score counter.
pub fn final_table(view: &pb::GameView, k: &pb::KingdomLegacyView) -> Option<String> {
    if !finished(view) {
        return None;
    }
    Some(format!(
        "Kingdom after {} · fame {} (kingdom {})\nScore counter: {} · purge fame {}\n",
        round_line(k).to_lowercase(),
        k.current_fame,
        k.kingdom_fame,
        score_track(k.score_track.as_ref()),
        purge_fame(&k.purge_fame)
    ))
}

/// The server's actions in its order; `suspend` and `close_campaign` say that they end the
/// sitting, with their ids (to type at the prompt, or to give to `--prefer`).
pub fn menu(actions: &[pb::LegalAction]) -> Vec<pb::LegalAction> {
    // The reset is set apart: always last, marked, and it only asks (the rules then want a
    // confirmation).
    let (reset, rest): (Vec<&pb::LegalAction>, Vec<&pb::LegalAction>) =
        actions.iter().partition(|a| a.id == "reset_campaign");
    rest.into_iter()
        .chain(reset)
        .map(|a| {
            let mut a = a.clone();
            let default = match a.id.as_str() {
                "suspend" => "Store the kingdom",
                "close_campaign" => "Close the campaign",
                "reset_campaign" => {
                    a.label = format!(
                        "(danger) {}",
                        if a.label.is_empty() {
                            "Reset the kingdom"
                        } else {
                            a.label.as_str()
                        }
                    );
                    return a;
                }
                _ => return a,
            };
            let label = if a.label.is_empty() {
                default
            } else {
                a.label.as_str()
            };
            a.label = format!("{label} and end this sitting ({})", a.id);
            a
        })
        .collect()
}

// ---- the campaign ---------------------------------------------------------------------------

/// A kingdom's campaign: score counter, purge fame, rounds, reset, closed, the sittings.
pub fn campaign(c: &pb::KingdomLegacyCampaignView, out: &mut String) {
    use pb::KingdomLegacyPack as K;
    let pack = match K::try_from(c.pack).unwrap_or_default() {
        K::TestLibrary => "the spec's test library",
        K::Shipped | K::Unspecified => "the shipped kingdom",
    };
    if !c.started {
        let _ = writeln!(out, "Kingdom: not founded yet ({pack}).");
    } else {
        let _ = writeln!(
            out,
            "Kingdom: {} cards ({pack}) · base-game rounds played {}{}{}",
            c.kingdom_size,
            c.base_rounds,
            if c.last_round {
                " · the last round reached"
            } else {
                ""
            },
            if c.base_finished {
                " · base game finished"
            } else {
                ""
            }
        );
    }
    let _ = writeln!(
        out,
        "Score counter: {}",
        score_track(c.score_track.as_ref())
    );
    let _ = writeln!(out, "Purge fame: {}", purge_fame(&c.purge_fame));
    if !c.expansions_played.is_empty() {
        let _ = writeln!(
            out,
            "Expansions played: {}",
            id_ranges(&c.expansions_played)
        );
    }
    if let Some(x) = &c.current_expansion
        && x.card != 0
    {
        let _ = writeln!(
            out,
            "Current expansion: #{} ({} of 4 rounds done)",
            x.card, x.rounds_done
        );
    }
    let _ = writeln!(
        out,
        "Card 23: {} · reset {} · {}",
        if c.card23_discovered {
            "discovered"
        } else {
            "in the box"
        },
        if c.reset_allowed {
            "allowed"
        } else {
            "not allowed"
        },
        if c.closed { "closed" } else { "open" }
    );
}

/// `rounds 1, fame 12` for the sitting folded as play `i`.
pub fn sitting_words(s: &pb::KingdomLegacySitting) -> String {
    let mut out = format!(
        "{} · fame {}",
        plural(s.rounds_played as usize, "round", "rounds"),
        s.fame
    );
    if let Some(b) = s.base_score {
        let _ = write!(out, " · base score {b}");
    }
    for e in &s.expansion_scores {
        let _ = write!(out, " · expansion #{} score {}", e.expansion, e.score);
    }
    if s.reset {
        out.push_str(" · kingdom reset");
    }
    if s.closed {
        out.push_str(" · campaign closed");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn res(gold: u32, wood: u32) -> pb::KingdomLegacyResources {
        pb::KingdomLegacyResources {
            gold,
            wood,
            ..Default::default()
        }
    }

    fn farm() -> pb::KingdomLegacyCard {
        use pb::KingdomLegacyOrientation as O;
        pb::KingdomLegacyCard {
            id: 3,
            kind: pb::KingdomLegacyCardKind::Normal as i32,
            orientation: O::F0 as i32,
            stages: vec![
                pb::KingdomLegacyStage {
                    orientation: O::F0 as i32,
                    name: "Farm".into(),
                    category: "building".into(),
                    production: vec![pb::KingdomLegacyProductionGroup {
                        alternatives: vec![res(1, 0), res(0, 1)],
                    }],
                    upgrades: vec![pb::KingdomLegacyUpgrade {
                        arrow: pb::KingdomLegacyArrow::Rotate as i32,
                        to: O::F180 as i32,
                        cost: Some(res(0, 2)),
                    }],
                    effects: vec![pb::KingdomLegacyEffect {
                        id: "e1".into(),
                        timing: pb::KingdomLegacyTiming::Activated as i32,
                        cost: Some(res(1, 0)),
                        text: "Gain 2 stone.".into(),
                        ..Default::default()
                    }],
                    checkboxes: vec![
                        pb::KingdomLegacyCheckbox {
                            ticked: true,
                            gain: Some(res(1, 0)),
                            ..Default::default()
                        },
                        pb::KingdomLegacyCheckbox::default(),
                    ],
                    stickers: vec!["1".into()],
                    ..Default::default()
                },
                pb::KingdomLegacyStage {
                    orientation: O::F180 as i32,
                    name: "Big Farm".into(),
                    category: "building".into(),
                    fame: 2,
                    ..Default::default()
                },
            ],
            blocked_by: Some(9),
            stays_in_play: false,
            fame: 0,
            location: pb::KingdomLegacyLocation::Active as i32,
        }
    }

    #[test]
    fn a_card_shows_its_current_stage_in_full_and_the_others_in_a_line() {
        let supply = vec![pb::KingdomLegacySticker {
            no: "1".into(),
            kind: pb::KingdomLegacyStickerKind::Production as i32,
            resource: pb::KingdomLegacyResource::Gold as i32,
            amount: 0,
            remaining: 3,
        }];
        let mut out = String::new();
        card_block(&farm(), &supply, "  ", &mut out);
        assert!(
            out.starts_with("  #3 Farm  [building · F0 (front)]\n"),
            "{out}"
        );
        assert!(out.contains("    BLOCKED by #9"), "{out}");
        assert!(out.contains("    produces: 1 gold / 1 wood\n"), "{out}");
        assert!(
            out.contains("    upgrade 1: pay 2 wood → ↓ rotate to F180 Big Farm\n"),
            "{out}"
        );
        assert!(
            out.contains("    effect e1 (on activation) cost 1 gold: Gain 2 stone.\n"),
            "{out}"
        );
        assert!(
            out.contains("    boxes: [x] +1 gold  [ ]  — 1 of 2 ticked\n"),
            "{out}"
        );
        assert!(
            out.contains("    stickers: sticker 1 (+1 gold production)\n"),
            "{out}"
        );
        assert!(
            out.contains("    other stages: F180 Big Farm (building; fame 2)\n"),
            "{out}"
        );
    }

    #[test]
    fn the_menu_says_which_actions_end_the_sitting() {
        let actions: Vec<pb::LegalAction> = [
            ("begin_round", "Begin round 2"),
            ("suspend", "Store the kingdom"),
        ]
        .iter()
        .map(|(id, label)| pb::LegalAction {
            id: id.to_string(),
            action: None,
            label: label.to_string(),
        })
        .collect();
        let m = menu(&actions);
        assert_eq!(m[0].label, "Begin round 2");
        assert_eq!(
            m[1].label,
            "Store the kingdom and end this sitting (suspend)"
        );
    }

    #[test]
    fn the_menu_sets_the_reset_apart() {
        let actions: Vec<pb::LegalAction> = [
            ("reset_campaign", "Reset the kingdom… (asks to confirm)"),
            ("pass", "Pass (end the turn)"),
            ("march", "March (play 2 more cards)"),
        ]
        .iter()
        .map(|(id, label)| pb::LegalAction {
            id: id.to_string(),
            action: None,
            label: label.to_string(),
        })
        .collect();
        let m = menu(&actions);
        let ids: Vec<&str> = m.iter().map(|a| a.id.as_str()).collect();
        assert_eq!(ids, ["pass", "march", "reset_campaign"]);
        assert_eq!(m[2].label, "(danger) Reset the kingdom… (asks to confirm)");
    }

    #[test]
    fn serial_numbers_are_shown_as_ranges() {
        assert_eq!(id_ranges(&[]), "none");
        assert_eq!(id_ranges(&[5, 3, 4, 9, 11, 12]), "3–5, 9, 11, 12");
        assert_eq!(
            id_ranges(&(11..=135).chain([137]).collect::<Vec<_>>()),
            "11–135, 137"
        );
    }

    #[test]
    fn the_table_between_rounds_offers_to_suspend() {
        let k = pb::KingdomLegacyView {
            phase: pb::KingdomLegacyPhase::BetweenRounds as i32,
            round: 1,
            resources: Some(res(0, 0)),
            deck: Some(pb::KingdomLegacyDeck::default()),
            discard: vec![farm()],
            r#box: (11..=139).collect(),
            reset_allowed: true,
            current_fame: 4,
            kingdom_fame: 4,
            ..Default::default()
        };
        let mut view = crate::render::tests::two_seats(Some(0));
        view.game_type = "kingdom_legacy".into();
        view.to_act = vec![0];
        let text = render(&view, &k);
        assert!(
            text.starts_with("─── Kingdom Legacy · game g1 · v4 "),
            "{text}"
        );
        assert!(
            text.contains("Round 1 of the base game · between rounds · fame 4 (kingdom 4)\n"),
            "{text}"
        );
        assert!(text.contains("Resources: nothing\n"), "{text}");
        assert!(text.contains("Deck: empty\n"), "{text}");
        assert!(text.contains("Active zone: empty\n"), "{text}");
        assert!(
            text.contains("Discard pile (1):\n  #3 Farm (building, F0)\n"),
            "{text}"
        );
        assert!(text.contains("Box (129 cards): 11–139\n"), "{text}");
        assert!(
            text.contains("Score counter: base — · expansions — · purge fame — · reset possible"),
            "{text}"
        );
        assert!(
            text.contains("▶ Your turn: begin the next round, or suspend"),
            "{text}"
        );
    }

    #[test]
    fn a_campaign_shows_its_score_counter_and_sittings() {
        let c = pb::KingdomLegacyCampaignView {
            started: true,
            score_track: Some(pb::KingdomLegacyScoreTrack {
                base: Some(131),
                expansions: vec![pb::KingdomLegacyExpansionScore {
                    expansion: 136,
                    score: 140,
                }],
            }),
            base_rounds: 30,
            base_finished: true,
            kingdom_size: 52,
            card23_discovered: true,
            ..Default::default()
        };
        let mut out = String::new();
        campaign(&c, &mut out);
        assert!(
            out.contains("Kingdom: 52 cards (the shipped kingdom) · base-game rounds played 30"),
            "{out}"
        );
        assert!(
            out.contains("Score counter: base 131 · expansions #136 140\n"),
            "{out}"
        );
        assert!(out.contains("Purge fame: —\n"), "{out}");
        assert!(
            out.contains("Card 23: discovered · reset not allowed · open\n"),
            "{out}"
        );
        let s = pb::KingdomLegacySitting {
            rounds_played: 1,
            fame: 5,
            ..Default::default()
        };
        assert_eq!(sitting_words(&s), "1 round · fame 5");
    }
}
