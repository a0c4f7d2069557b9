//! Pyramid geometry (PNV-4): positions, supports, circles, segments, adjacency and free cards.

use super::data::Catalog;
use super::state::Player;
use super::types::*;

/// The printed segments of any card (character or law), PNV-1.3.
pub(crate) fn segments(card: u32) -> Segments {
    let cat = Catalog::shipped();
    if Catalog::is_law(card) {
        cat.law(card).expect("law").segments
    } else {
        cat.character(card).expect("character").segments
    }
}

/// The colour a segment shows now: its recolouring gem, else the printed colour (PNV-10.3).
pub(crate) fn effective(p: &Player, idx: usize, seg: Segment) -> Color {
    let c = &p.pyramid[idx];
    c.recolor[seg.index()].unwrap_or_else(|| seg.of(&segments(c.card)))
}

/// PNV-4.2–4.5: the empty positions a card may go to. Level 1: left of the leftmost or right of
/// the rightmost level-1 card (`(1, 0)` in an empty pyramid); level L ≥ 2: above two adjacent
/// cards of level L − 1; never level 6; laws never level 5.
pub(crate) fn legal_positions(p: &Player, law: bool) -> Vec<(u8, i32)> {
    let mut out = Vec::new();
    let row1: Vec<i32> = p
        .pyramid
        .iter()
        .filter(|c| c.level == 1)
        .map(|c| c.x)
        .collect();
    match (row1.iter().min(), row1.iter().max()) {
        (Some(&lo), Some(&hi)) => {
            out.push((1, lo - 2));
            out.push((1, hi + 2));
        }
        _ => out.push((1, 0)),
    }
    let max_level = if law { 4 } else { 5 };
    for level in 2..=max_level {
        let mut xs: Vec<i32> = p
            .pyramid
            .iter()
            .filter(|c| c.level == level - 1)
            .map(|c| c.x + 1)
            .filter(|&x| p.at(level - 1, x + 1).is_some() && p.at(level, x).is_none())
            .collect();
        xs.sort_unstable();
        out.extend(xs.into_iter().map(|x| (level, x)));
    }
    out
}

/// PNV-4.7: the four segments of the circle of the card `idx` (level ≥ 2):
/// `U.BL, U.BR, left_support.TR, right_support.TL`.
pub(crate) fn circle(p: &Player, idx: usize) -> Option<[(usize, Segment); 4]> {
    let c = &p.pyramid[idx];
    if c.level < 2 {
        return None;
    }
    let left = p.at(c.level - 1, c.x - 1)?;
    let right = p.at(c.level - 1, c.x + 1)?;
    Some([
        (idx, Segment::Bl),
        (idx, Segment::Br),
        (left, Segment::Tr),
        (right, Segment::Tl),
    ])
}

/// PNV-4.8: the colour of the card's circle if it is monochrome (current colours).
pub(crate) fn monochrome(p: &Player, idx: usize) -> Option<Color> {
    let segs = circle(p, idx)?;
    let first = effective(p, segs[0].0, segs[0].1);
    segs.iter()
        .all(|&(i, s)| effective(p, i, s) == first)
        .then_some(first)
}

/// PNV-4.7: the card whose circle a segment of card `idx` belongs to, if any. `BL`/`BR` belong to
/// the card's own circle (level ≥ 2); `TL` to the card at `(L+1, x−1)`, `TR` to `(L+1, x+1)`.
pub(crate) fn circle_owner(p: &Player, idx: usize, seg: Segment) -> Option<usize> {
    let c = &p.pyramid[idx];
    match seg {
        Segment::Bl | Segment::Br => circle(p, idx).map(|_| idx),
        Segment::Tl => p.at(c.level + 1, c.x - 1),
        Segment::Tr => p.at(c.level + 1, c.x + 1),
    }
}

/// PNV-4.9: the positioned neighbours `(L, x±2)`, `(L−1, x±1)`, `(L+1, x±1)`; tucked cards never
/// count.
pub(crate) fn neighbours(p: &Player, idx: usize) -> Vec<usize> {
    let c = &p.pyramid[idx];
    let (l, x) = (c.level as i32, c.x);
    [
        (l, x - 2),
        (l, x + 2),
        (l - 1, x - 1),
        (l - 1, x + 1),
        (l + 1, x - 1),
        (l + 1, x + 1),
    ]
    .into_iter()
    .filter(|&(l, _)| (1..=5).contains(&l))
    .filter_map(|(l, x)| p.at(l as u8, x))
    .collect()
}

/// The highest occupied level (0 for an empty pyramid).
pub(crate) fn highest_level(p: &Player) -> u8 {
    p.pyramid.iter().map(|c| c.level).max().unwrap_or(0)
}

/// PNV-4.12: free cards — nothing lies on them (`(L+1, x±1)` empty), nothing is tucked under
/// them, and they are outermost in their row (`(L, x−2)` or `(L, x+2)` empty) or lie on the
/// highest level.
pub(crate) fn free_cards(p: &Player) -> Vec<usize> {
    let top = highest_level(p);
    (0..p.pyramid.len())
        .filter(|&i| {
            let c = &p.pyramid[i];
            let covered =
                p.at(c.level + 1, c.x - 1).is_some() || p.at(c.level + 1, c.x + 1).is_some();
            let outermost = p.at(c.level, c.x - 2).is_none() || p.at(c.level, c.x + 2).is_none();
            !covered && c.tucked.is_empty() && (outermost || c.level == top)
        })
        .collect()
}
