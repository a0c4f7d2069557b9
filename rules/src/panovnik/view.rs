//! What a viewer may see (section 8, PNV-13): pyramids, display, supply, deck sizes and the
//! discard pile are public; a seat sees its own screen, attack tokens, hand and pending sealed
//! choice; others see hand sizes split by type and whether a seat has committed. Screens and
//! attack tokens become public at the end of the game (PNV-10.2).

use super::data::{CardFace, Catalog, Reward};
use super::state::{Decision, PanovnikState, Stage};
use super::types::*;
use crate::{Seat, Viewer};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A positioned pyramid card as shown to a viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PyramidCardView {
    pub card: u32,
    pub level: u8,
    pub x: i32,
    pub tokens: Tokens,
    /// Cards tucked under it; `None` where the identity is hidden from this viewer.
    pub tucked: Vec<Option<u32>>,
    /// Recolouring gems per segment `[tl, tr, bl, br]` (after the reveal).
    pub recolor: [Option<Color>; 4],
}

/// Where a real player stands in the current auction phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AuctionStatus {
    Active,
    Won,
    Passed,
}

/// One real player as a viewer sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub pyramid: Vec<PyramidCardView>,
    /// Hand size split by type (section 8: public).
    pub hand_characters: u32,
    pub hand_laws: u32,
    /// The hand (owner only).
    pub hand: Option<Vec<u32>>,
    /// Gems behind the screen (owner only; everybody after PNV-10.2).
    pub screen: Option<Gems>,
    /// Attack tokens behind the screen (owner only; everybody after PNV-10.2).
    pub attack_tokens: Option<u32>,
    /// The two dealt characters while the starting card is chosen (owner only).
    pub starting_options: Option<Vec<u32>>,
    /// PNV-3.1: the lowest order number in the pyramid.
    pub priority: u32,
    pub auction_status: Option<AuctionStatus>,
    /// Passed in the current building phase (PNV-7.2).
    pub build_passed: bool,
    /// Committed to the open sealed step.
    pub committed: bool,
    /// The own pending sealed choice (owner only).
    pub pending_choice: Option<SealedChoice>,
}

/// An auction card and its two slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuctionCardView {
    pub color: Color,
    pub above: Option<u32>,
    pub below: Option<u32>,
}

/// A virtual opponent (PNV-11, 12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VirtualView {
    pub index: u8,
    /// Still taking part in this auction phase.
    pub active: bool,
    /// Its gem in the current bidding round, once revealed.
    pub bid: Option<Color>,
}

/// The open sealed step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedView {
    pub step: SealedStep,
    pub waiting: Vec<Seat>,
    pub committed: Vec<Seat>,
}

/// The pending sequential decision (public: who decides what; a gained card's identity only for
/// its owner).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionView {
    ChooseGems {
        seat: Seat,
        n: u32,
        reason: GemReason,
        /// The gems chosen so far (one at a time; still in the supply).
        picked: Gems,
    },
    DrawCard {
        seat: Seat,
        remaining: u32,
    },
    EternalGemFromScreen {
        seat: Seat,
        card: u32,
        color: Color,
    },
    ChooseColor {
        seat: Seat,
        card: u32,
    },
    AttackPick {
        seat: Seat,
    },
    AuctionPick {
        seat: Seat,
        color: Color,
    },
    VirtualTieChoice {
        seat: Seat,
        color: Color,
        virtual_index: u8,
    },
    VirtualDiscard {
        seat: Seat,
        virtual_index: u8,
    },
    PlaceCard {
        seat: Seat,
        card: u32,
    },
    Level5Reward {
        seat: Seat,
        card: u32,
    },
    LawOption {
        seat: Seat,
        card: u32,
        options: Vec<Reward>,
    },
    TuckFreeCard {
        seat: Seat,
        law: u32,
    },
    StoreGems {
        seat: Seat,
        law: u32,
        max: u32,
        /// The gems chosen so far (one at a time; still behind the screen). Public like the
        /// stored gems they become (the supply count is unchanged until then).
        stored: Gems,
    },
    TuckFromHand {
        seat: Seat,
        law: u32,
        left: Option<u32>,
    },
    TuckGainedCard {
        seat: Seat,
        law: u32,
        card: Option<u32>,
    },
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseView {
    StartingChoice,
    StartingRewards,
    Auction { bidding_round: u8 },
    Building { step: u8 },
    Recolor,
    Finished,
}

/// What one viewer sees. Written, never read back: its card faces point into the catalogue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PanovnikView {
    pub viewer: Option<Seat>,
    /// 1..=12 (0 during setup).
    pub round: u8,
    pub last_round: bool,
    pub phase: PhaseView,
    pub display: Vec<AuctionCardView>,
    pub supply: Gems,
    pub big_deck: u32,
    pub small_deck: u32,
    pub law_deck: u32,
    pub discard: Vec<u32>,
    pub players: Vec<PlayerView>,
    pub virtuals: Vec<VirtualView>,
    pub sealed: Option<SealedView>,
    pub decision: Option<DecisionView>,
    pub scores: Option<Vec<ScoreBreakdown>>,
    /// The printed face of every card this view names, by order number (G1, G2): what a
    /// client draws a card from.
    pub cards: BTreeMap<u32, CardFace>,
}

fn screens_public(st: &PanovnikState) -> bool {
    matches!(st.stage, Stage::Recolor | Stage::Finished)
}

fn decision_view(d: &Decision, me: Option<Seat>) -> DecisionView {
    use Decision as D;
    match d.clone() {
        D::ChooseGems {
            seat,
            n,
            reason,
            picked,
        } => DecisionView::ChooseGems {
            seat,
            n,
            reason,
            picked,
        },
        D::DrawCard { seat, remaining } => DecisionView::DrawCard { seat, remaining },
        D::EternalFromScreen { seat, host, color } => DecisionView::EternalGemFromScreen {
            seat,
            card: host,
            color,
        },
        D::ChooseColor { seat, host } => DecisionView::ChooseColor { seat, card: host },
        D::AttackPick { seat } => DecisionView::AttackPick { seat },
        D::AuctionPick { seat, color } => DecisionView::AuctionPick { seat, color },
        D::VirtualTie { seat, color, virt } => DecisionView::VirtualTieChoice {
            seat,
            color,
            virtual_index: virt,
        },
        D::VirtualDiscard { seat, virt } => DecisionView::VirtualDiscard {
            seat,
            virtual_index: virt,
        },
        D::PlaceCard { seat, card } => DecisionView::PlaceCard { seat, card },
        D::Level5 { seat, card } => DecisionView::Level5Reward { seat, card },
        D::LawOption {
            seat,
            host,
            options,
        } => DecisionView::LawOption {
            seat,
            card: host,
            options,
        },
        D::TuckFree { seat, law } => DecisionView::TuckFreeCard { seat, law },
        D::StoreGems {
            seat,
            law,
            max,
            stored,
        } => DecisionView::StoreGems {
            seat,
            law,
            max,
            stored,
        },
        D::TuckFromHand { seat, law, left } => DecisionView::TuckFromHand { seat, law, left },
        D::TuckGained {
            seat,
            card,
            law,
            public,
        } => DecisionView::TuckGainedCard {
            seat,
            law,
            card: (public || me == Some(seat)).then_some(card),
        },
    }
}

pub(crate) fn view(st: &PanovnikState, viewer: Viewer) -> PanovnikView {
    let me = viewer.seat().filter(|&s| s < st.n());
    let public_screens = screens_public(st);
    let in_auction = matches!(
        st.stage,
        Stage::Bidding
            | Stage::Attacks
            | Stage::Colors { .. }
            | Stage::Negotiating { .. }
            | Stage::VirtualRemovals
            | Stage::NoMatch
            | Stage::Passing
    );
    let in_build = matches!(st.stage, Stage::BuildSelect | Stage::BuildResolve);
    let players = st
        .players
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            let own = me == Some(seat);
            let laws = p.hand_laws();
            PlayerView {
                seat,
                pyramid: p
                    .pyramid
                    .iter()
                    .map(|c| PyramidCardView {
                        card: c.card,
                        level: c.level,
                        x: c.x,
                        tokens: c.tokens.clone(),
                        tucked: c
                            .tucked
                            .iter()
                            .map(|t| (t.public || own).then_some(t.card))
                            .collect(),
                        recolor: c.recolor,
                    })
                    .collect(),
                hand_characters: p.hand.len() as u32 - laws,
                hand_laws: laws,
                hand: own.then(|| p.hand.clone()),
                screen: (own || public_screens).then_some(p.screen),
                attack_tokens: (own || public_screens).then_some(p.attack),
                starting_options: (own && st.stage == Stage::StartingChoice)
                    .then(|| p.dealt.clone()),
                priority: st.priority_key(seat),
                auction_status: in_auction.then(|| {
                    if st.auction.won[seat] {
                        AuctionStatus::Won
                    } else if st.auction.passed[seat] {
                        AuctionStatus::Passed
                    } else {
                        AuctionStatus::Active
                    }
                }),
                build_passed: in_build && st.build.passed.get(seat).copied().unwrap_or(false),
                committed: st.committed(seat),
                pending_choice: if own {
                    st.sealed.as_ref().and_then(|s| s.choices[seat].clone())
                } else {
                    None
                },
            }
        })
        .collect();
    let mut v = PanovnikView {
        viewer: me,
        round: st.round,
        last_round: st.final_round != 0 && st.final_round == st.round,
        phase: match st.stage {
            Stage::StartingChoice => PhaseView::StartingChoice,
            Stage::StartingRewards => PhaseView::StartingRewards,
            Stage::BuildSelect | Stage::BuildResolve => PhaseView::Building {
                step: st.build.step,
            },
            Stage::Recolor => PhaseView::Recolor,
            Stage::Finished => PhaseView::Finished,
            _ => PhaseView::Auction {
                bidding_round: st.auction.bidding_round,
            },
        },
        display: st
            .auction_colors
            .iter()
            .map(|&c| AuctionCardView {
                color: c,
                above: st.display_card(c, Slot::Above),
                below: st.display_card(c, Slot::Below),
            })
            .collect(),
        supply: st.supply,
        big_deck: st.big_deck.len() as u32,
        small_deck: st.small_deck.len() as u32,
        law_deck: st.law_deck.len() as u32,
        discard: st.discard.clone(),
        players,
        virtuals: (0..st.virtuals())
            .map(|v| VirtualView {
                index: v as u8,
                active: in_auction && st.auction.virt_active.get(v).copied().unwrap_or(false),
                bid: if in_auction {
                    st.auction.virt_bids.get(v).copied().flatten()
                } else {
                    None
                },
            })
            .collect(),
        sealed: st.sealed.as_ref().map(|s| SealedView {
            step: s.step,
            waiting: s.waiting(),
            committed: (0..st.n()).filter(|&i| s.committed[i]).collect(),
        }),
        decision: st.decision.as_ref().map(|d| decision_view(d, me)),
        scores: st.scores.clone(),
        cards: BTreeMap::new(),
    };
    v.cards = named_cards(&v)
        .into_iter()
        .filter_map(|o| Catalog::shipped().face(o).map(|f| (o, f)))
        .collect();
    v
}

/// Every card the view names: the display, the discard, each pyramid with its tucked cards,
/// the hands, starting options and sealed choices it shows, and the open decision's cards.
fn named_cards(v: &PanovnikView) -> BTreeSet<u32> {
    use DecisionView as D;
    let mut out = BTreeSet::new();
    for a in &v.display {
        out.extend(a.above.into_iter().chain(a.below));
    }
    out.extend(&v.discard);
    for p in &v.players {
        for c in &p.pyramid {
            out.insert(c.card);
            out.extend(c.tucked.iter().flatten());
        }
        out.extend(p.hand.iter().flatten());
        out.extend(p.starting_options.iter().flatten());
        match &p.pending_choice {
            Some(SealedChoice::StartingCard(c)) | Some(SealedChoice::Build(Some(c))) => {
                out.insert(*c);
            }
            _ => {}
        }
    }
    match &v.decision {
        Some(
            D::EternalGemFromScreen { card, .. }
            | D::ChooseColor { card, .. }
            | D::PlaceCard { card, .. }
            | D::Level5Reward { card, .. }
            | D::LawOption { card, .. },
        ) => {
            out.insert(*card);
        }
        Some(
            D::TuckFreeCard { law, .. } | D::StoreGems { law, .. } | D::TuckFromHand { law, .. },
        ) => {
            out.insert(*law);
        }
        Some(D::TuckGainedCard { law, card, .. }) => {
            out.insert(*law);
            out.extend(card);
        }
        Some(
            D::ChooseGems { .. }
            | D::DrawCard { .. }
            | D::AttackPick { .. }
            | D::AuctionPick { .. }
            | D::VirtualTieChoice { .. }
            | D::VirtualDiscard { .. },
        )
        | None => {}
    }
    out
}
