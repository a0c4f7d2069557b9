//! The end of the game (PNV-10): screens removed and hands discarded, sealed recolouring, the
//! seven scoring steps and the outcome.

use super::actions::PanovnikAction;
use super::data::Catalog;
use super::events::*;
use super::flow;
use super::laws;
use super::pyramid;
use super::state::*;
use super::types::ScoreBreakdown;
use super::types::*;
use crate::{Outcome, Seat};

/// PNV-10.1, 10.2: after the last building phase screens are removed (their contents become
/// public) and hands are discarded; then every seat recolours (sealed, PNV-10.5). Seats that
/// cannot recolour anything are done at once.
pub(crate) fn end_game(st: &mut PanovnikState, ev: &mut Vec<PanovnikEvent>) {
    st.stage = Stage::Recolor;
    let hands_discarded: Vec<u32> = st.players.iter().map(|p| p.hand.len() as u32).collect();
    for p in &mut st.players {
        p.hand.clear();
    }
    ev.push(PanovnikEvent::ScreensRevealed {
        screens: st.players.iter().map(|p| p.screen).collect(),
        attack: st.players.iter().map(|p| p.attack).collect(),
        hands_discarded,
    });
    let seats: Vec<Seat> = (0..st.n()).collect();
    flow::open_sealed(st, SealedStep::Recolor, &seats, ev);
    let mut done = Vec::new();
    for s in 0..st.n() {
        if recolor_options(st, s, &[]).is_empty() {
            done.push(s);
        }
    }
    for s in done {
        flow::commit(st, s, SealedChoice::Recolor(Vec::new()), ev);
    }
}

/// The seat's recolouring draft in the open step.
pub(crate) fn draft(st: &PanovnikState, seat: Seat) -> Vec<Recolor> {
    match st.sealed.as_ref().and_then(|s| s.choices[seat].as_ref()) {
        Some(SealedChoice::Recolor(v)) => v.clone(),
        _ => Vec::new(),
    }
}

/// PNV-10.3, 10.5: every further recolouring gem: a segment of an existing circle of the own
/// pyramid, not yet covered, turned to a different colour with a gem still behind the screen
/// (eternal and stored gems never count).
pub(crate) fn recolor_options(st: &PanovnikState, seat: Seat, draft: &[Recolor]) -> Vec<Recolor> {
    let p = &st.players[seat];
    let left = gems_left(p, draft);
    let mut out = Vec::new();
    for (i, c) in p.pyramid.iter().enumerate() {
        let printed = pyramid::segments(c.card);
        for seg in Segment::ALL {
            if pyramid::circle_owner(p, i, seg).is_none()
                || draft
                    .iter()
                    .any(|r| r.level == c.level && r.x == c.x && r.segment == seg)
            {
                continue;
            }
            for color in Color::ALL {
                if color != seg.of(&printed) && left.get(color) > 0 {
                    out.push(Recolor {
                        level: c.level,
                        x: c.x,
                        segment: seg,
                        color,
                    });
                }
            }
        }
    }
    out
}

/// The gems behind the screen the draft leaves for further recolourings (PNV-10.5).
pub(crate) fn gems_left(p: &Player, draft: &[Recolor]) -> Gems {
    let mut left = p.screen;
    for r in draft {
        if left.get(r.color) > 0 {
            left.take(r.color, 1);
        }
    }
    left
}

/// Whether `r` is among [`recolor_options`] of a draft that leaves `left` gems, without
/// listing them.
pub(crate) fn is_recolor_option(p: &Player, draft: &[Recolor], left: &Gems, r: &Recolor) -> bool {
    let Some(i) = p
        .pyramid
        .iter()
        .position(|c| c.level == r.level && c.x == r.x)
    else {
        return false;
    };
    pyramid::circle_owner(p, i, r.segment).is_some()
        && !draft
            .iter()
            .any(|d| d.level == r.level && d.x == r.x && d.segment == r.segment)
        && r.color != r.segment.of(&pyramid::segments(p.pyramid[i].card))
        && left.get(r.color) > 0
}

/// Decision 20's actions for a seat.
pub(crate) fn recolor_actions(st: &PanovnikState, seat: Seat) -> Vec<PanovnikAction> {
    let d = draft(st, seat);
    let mut v: Vec<PanovnikAction> = recolor_options(st, seat, &d)
        .into_iter()
        .map(|r| PanovnikAction::Recolor {
            level: r.level,
            x: r.x,
            segment: r.segment,
            color: r.color,
        })
        .collect();
    if !d.is_empty() {
        v.push(PanovnikAction::RecolorClear);
    }
    if !st.committed(seat) {
        v.push(PanovnikAction::RecolorDone);
    }
    v
}

/// Decision 20: a draft change (hidden from the others until the reveal).
pub(crate) fn set_draft(
    st: &mut PanovnikState,
    seat: Seat,
    draft: Vec<Recolor>,
    ev: &mut Vec<PanovnikEvent>,
) {
    let sealed = st.sealed.as_mut().expect("recolour step");
    sealed.choices[seat] = Some(SealedChoice::Recolor(draft.clone()));
    ev.push(PanovnikEvent::RecolorDrafted {
        seat,
        draft: Some(draft),
    });
}

/// PNV-10.3–10.5: all recolourings revealed together and applied (no circle gem, PNV-10.4);
/// then scoring.
pub(crate) fn reveal_recolors(
    st: &mut PanovnikState,
    sealed: &Sealed,
    ev: &mut Vec<PanovnikEvent>,
) {
    let mut all = Vec::new();
    for seat in 0..st.n() {
        let list = match &sealed.choices[seat] {
            Some(SealedChoice::Recolor(v)) => v.clone(),
            _ => Vec::new(),
        };
        let p = &mut st.players[seat];
        for r in &list {
            let i = p.at(r.level, r.x).expect("recoloured card");
            p.screen.take(r.color, 1);
            p.pyramid[i].recolor[r.segment.index()] = Some(r.color);
        }
        all.push(list);
    }
    ev.push(PanovnikEvent::RecolorsRevealed { recolors: all });
    let scores: Vec<ScoreBreakdown> = (0..st.n()).map(|s| score(st, s)).collect();
    ev.push(PanovnikEvent::GameScored {
        scores: scores.clone(),
    });
    st.scores = Some(scores);
    st.stage = Stage::Finished;
}

/// PNV-10.6–10.13, 10.15, 12.11: the seven steps for one seat.
pub(crate) fn score(st: &PanovnikState, seat: Seat) -> ScoreBreakdown {
    let p = &st.players[seat];
    // Circle bonus values per colour (PNV-10.7, 10.8).
    let mut bonus = Gems::ZERO;
    for c in &p.pyramid {
        for cb in &c.tokens.circle_bonus {
            bonus.add(cb.color, cb.value);
        }
    }
    // Step 1: monochrome circles.
    let mut circles = 0;
    let mut circle_count = 0;
    for (i, c) in p.pyramid.iter().enumerate() {
        if let Some(color) = pyramid::monochrome(p, i) {
            circles += c.level as u32 + bonus.get(color);
            circle_count += 1;
        }
    }
    // Step 2: eternal gems.
    let mut eternal = 0;
    for c in &p.pyramid {
        for e in &c.tokens.eternal {
            eternal += c.level as u32 + bonus.get(e.color);
        }
    }
    // Step 3: laws.
    let law_pts: u32 = (0..p.pyramid.len())
        .filter(|&i| Catalog::is_law(p.pyramid[i].card))
        .map(|i| laws::law_points(p, i, circle_count))
        .sum();
    // Step 4: power points.
    let power = p.sum(|t| t.power);
    // Step 5: magic × sum of magic bonuses, only with both.
    let magic_n = p.sum(|t| t.magic);
    let magic_bonus: u32 = p.sum(|t| t.magic_bonus.iter().sum());
    let magic = if magic_n > 0 && magic_bonus > 0 {
        magic_n * magic_bonus
    } else {
        0
    };
    // Step 6: complete sets.
    let defense = p.sum(|t| t.defense);
    let sets = 12 * defense.min(p.sum(|t| t.science)).min(magic_n);
    // Step 7: 4 × (opponents' attack tokens − own defense), clamped at 0 (PNV-10.13).
    let attacks: u32 = (0..st.n())
        .filter(|&o| o != seat)
        .map(|o| st.players[o].attack)
        .sum();
    let penalty = 4 * attacks.saturating_sub(defense);
    let (circles, eternal, law_pts, power, magic, sets) = (
        circles as i32,
        eternal as i32,
        law_pts as i32,
        power as i32,
        magic as i32,
        sets as i32,
    );
    ScoreBreakdown {
        seat,
        circles,
        eternal_gems: eternal,
        laws: law_pts,
        power,
        magic,
        sets,
        attack_penalty: -(penalty as i32),
        total: circles + eternal + law_pts + power + magic + sets - penalty as i32,
    }
}

/// PNV-10.14 (ties share the victory), PNV-11.8 (solo: the score is the result).
pub(crate) fn outcome(st: &PanovnikState) -> Option<Outcome> {
    let scores = st.scores.as_ref()?;
    if st.n() == 1 {
        return Some(Outcome {
            places: vec![1],
            winners: vec![0],
            draw: false,
            reason: format!("solo score: {} points", scores[0].total),
        });
    }
    let places: Vec<u32> = scores
        .iter()
        .map(|s| 1 + scores.iter().filter(|o| o.total > s.total).count() as u32)
        .collect();
    let winners: Vec<Seat> = (0..st.n()).filter(|&s| places[s] == 1).collect();
    let best = scores.iter().map(|s| s.total).max().unwrap_or(0);
    let list = scores
        .iter()
        .map(|s| s.total.to_string())
        .collect::<Vec<_>>()
        .join(" – ");
    let reason = if winners.len() > 1 {
        let seats: Vec<String> = winners.iter().map(|s| format!("seat {s}")).collect();
        format!(
            "Shared victory: {} tie with {best} points ({list})",
            seats.join(" and ")
        )
    } else {
        format!("seat {} wins with {best} points ({list})", winners[0])
    };
    Some(Outcome {
        places,
        winners,
        draw: false,
        reason,
    })
}
