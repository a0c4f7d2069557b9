//! Panovník (Viceroy) ↔ `panovnik.proto`.
//!
//! Every card the view or an event shows goes out as a whole `PanovnikCard` (order number and
//! printed data), so clients need no card table; actions name cards by order number only. The
//! rules view carries the faces of the cards it names (`cards`); events name cards by order
//! number, and their faces come from the rules' catalogue.

use super::Invalid;
use super::ProtoGame;
use super::bounds;
use super::wire::{small, u32_of, u32s as seats};
use crate::v1 as pb;
use std::collections::BTreeMap;
use tablero_rules::Mode;
use tablero_rules::panovnik::data::{
    CHARACTER_COUNT, Character, EndScore, FIRST_LAW, LAW_COUNT, Law, LawAction, Passive, Row,
};
use tablero_rules::panovnik::text::reward_words;
use tablero_rules::panovnik::{
    AuctionCardView, AuctionStatus, Bid, CardFace, Catalog, CircleBonus, Claim, Color,
    DecisionView, Deck, DisplayCard, EternalColor, EternalGem, GemReason, Gems, Level5Choice,
    Panovnik, PanovnikAction, PanovnikConfig, PanovnikEvent, PanovnikScenario, PanovnikView,
    PhaseView, PlayerView, PyramidCardView, Recolor, RemovalCause, Reward, ScoreBreakdown,
    SealedChoice, SealedStep, SealedView, Segment, Segments, Slot, TakeHow, TieChoice, Tokens,
    TuckFrom, VirtualView,
};

use pb::panovnik_action::Kind as A;
use pb::panovnik_event::Kind as E;

/// Real players when neither the mode name nor the options say.
const DEFAULT_PLAYERS: u8 = 2;

/// The virtual opponents the rules use when the config leaves them unset.
fn default_virtuals(players: u8) -> u8 {
    PanovnikConfig::new(players).virtuals()
}

// ---- enums ----------------------------------------------------------------------------------

enum_map!(Color <=> PanovnikColor, color_to, color_from, "colour", {
    Blue => Blue, Red => Red, Green => Green, Yellow => Yellow,
});

enum_map!(Slot <=> PanovnikSlot, slot_to, slot_from, "slot", { Above => Above, Below => Below });

enum_map!(Deck <=> PanovnikDeck, deck_to, deck_from, "deck", { Small => Small, Law => Law });

enum_map!(Segment <=> PanovnikSegment, segment_to, segment_from, "segment", {
    Tl => Tl, Tr => Tr, Bl => Bl, Br => Br,
});

enum_map!(Claim <=> PanovnikClaim, claim_to, claim_from, "claim", {
    Above => Above, Below => Below, Refuse => Refuse,
});

enum_map!(TieChoice <=> PanovnikTieChoice, tie_to, tie_from, "tie choice", {
    TakeAbove => TakeAbove, Continue => Continue,
});

enum_map!(Level5Choice <=> PanovnikLevel5Choice, level5_to, level5_from, "level-5 reward", {
    Rows123 => Rows123, Power15 => Power15,
});

enum_map!(SealedStep => PanovnikSealedStep, step_to, {
    StartingCard => StartingCard,
    Bid => Bid,
    Negotiation => Negotiation,
    BuildSelection => BuildSelection,
    Recolor => Recolor,
});

enum_map!(GemReason => PanovnikGemReason, reason_to, {
    Setup => Setup, Pass => Pass, Reward => Reward, Circle => Circle,
});

enum_map!(TakeHow => PanovnikTakeHow, how_to, {
    Attack => Attack, SoleBidder => SoleBidder, Agreement => Agreement, TieChoice => TieChoice,
});

enum_map!(RemovalCause => PanovnikRemovalCause, cause_to, {
    VirtualTook => VirtualTook,
    TwoVirtuals => TwoVirtuals,
    TieChoice => TieChoice,
    NoMatchVirtual => NoMatchVirtual,
    EndOfAuction => EndOfAuction,
});

enum_map!(TuckFrom => PanovnikTuckFrom, tuck_from_to, {
    Pyramid => Pyramid, Hand => Hand, Gained => Gained,
});

enum_map!(AuctionStatus => PanovnikAuctionStatus, status_to, {
    Active => Active, Won => Won, Passed => Passed,
});

fn colors(xs: &[Color]) -> Vec<i32> {
    xs.iter().map(|c| color_to(*c)).collect()
}

/// A card's order number from the wire: 1–88 (PNV-1.2).
fn card_number(n: u32, field: &'static str) -> Result<u32, Invalid> {
    if (1..=88).contains(&n) {
        Ok(n)
    } else {
        Err(Invalid::new(
            field,
            format!("no card has order number {n} (characters 1–64, laws 65–88)"),
        ))
    }
}

// ---- cards ----------------------------------------------------------------------------------

fn gems_to(Gems { b, r, g, y }: Gems) -> pb::PanovnikGems {
    pb::PanovnikGems {
        blue: b,
        red: r,
        green: g,
        yellow: y,
    }
}

/// Unset = no gems. Each colour at most the gems of it in the game (PNV-2.1); `fields` name
/// blue, red, green and yellow.
fn gems_from(g: Option<&pb::PanovnikGems>, fields: [&'static str; 4]) -> Result<Gems, Invalid> {
    let Some(g) = g else {
        return Ok(Gems::ZERO);
    };
    let per = Gems::IN_GAME_PER_COLOR;
    let what = "the gems of one colour in the game";
    Ok(Gems::new(
        bounds::at_most(g.blue, per, fields[0], what)?,
        bounds::at_most(g.red, per, fields[1], what)?,
        bounds::at_most(g.green, per, fields[2], what)?,
        bounds::at_most(g.yellow, per, fields[3], what)?,
    ))
}

/// A pyramid column from the wire: no pyramid is wider than the cards in the game.
fn column(x: i32, field: &'static str) -> Result<i32, Invalid> {
    bounds::within(x, CHARACTER_COUNT + LAW_COUNT, field, "a pyramid column")
}

fn segments_to(&Segments { tl, tr, bl, br }: &Segments) -> pb::PanovnikSegments {
    pb::PanovnikSegments {
        tl: color_to(tl),
        tr: color_to(tr),
        bl: color_to(bl),
        br: color_to(br),
    }
}

fn circle_bonus_to(&CircleBonus { color, value }: &CircleBonus) -> pb::PanovnikCircleBonus {
    pb::PanovnikCircleBonus {
        color: color_to(color),
        value,
    }
}

fn eternal_color(c: EternalColor) -> Option<Color> {
    match c {
        EternalColor::Blue => Some(Color::Blue),
        EternalColor::Red => Some(Color::Red),
        EternalColor::Green => Some(Color::Green),
        EternalColor::Yellow => Some(Color::Yellow),
        EternalColor::Any => None,
    }
}

fn reward_to(r: &Reward) -> pb::PanovnikReward {
    use pb::panovnik_reward::{EternalGem, Kind as K, Rewards};
    let list = |rs: &[Reward]| Rewards {
        rewards: rs.iter().map(reward_to).collect(),
    };
    let kind = match r {
        Reward::Gems(n) => K::Gems(*n),
        Reward::Power(v) => K::Power(*v),
        Reward::Draw(n) => K::Draw(*n),
        Reward::Science(n) => K::Science(*n),
        Reward::Magic(n) => K::Magic(*n),
        Reward::Defense(n) => K::Defense(*n),
        Reward::Attack(n) => K::Attack(*n),
        Reward::MagicBonus(v) => K::MagicBonus(*v),
        Reward::CircleBonus(c) => K::CircleBonus(circle_bonus_to(c)),
        Reward::EternalGem(c) => K::EternalGem(EternalGem {
            color: eternal_color(*c).map(color_to).unwrap_or_default(),
            any_color: eternal_color(*c).is_none(),
        }),
        Reward::All(rs) => K::All(list(rs)),
        Reward::Choice(rs) => K::Choice(list(rs)),
    };
    pb::PanovnikReward {
        kind: Some(kind),
        text: reward_words(r),
    }
}

fn law_action_to(a: &LawAction) -> pb::PanovnikLawAction {
    use pb::panovnik_law_action as la;
    let kind = match a {
        LawAction::ChooseOne { options } => la::Kind::ChooseOne(la::ChooseOne {
            options: options.iter().map(reward_to).collect(),
        }),
        LawAction::Gain { reward } => la::Kind::Gain(la::Gain {
            reward: Some(reward_to(reward)),
        }),
        LawAction::TuckFreeCard => la::Kind::TuckFreeCard(la::TuckFreeCard {}),
        LawAction::StoreGems { max } => la::Kind::StoreGems(la::StoreGems { max: *max }),
        LawAction::TuckFromHand { max } => la::Kind::TuckFromHand(la::TuckFromHand { max: *max }),
    };
    pb::PanovnikLawAction { kind: Some(kind) }
}

fn passive_to(p: &Passive) -> pb::PanovnikLawPassive {
    use pb::panovnik_law_passive as lp;
    let kind = match p {
        Passive::PassBonusGems { n } => lp::Kind::PassBonusGems(lp::PassBonusGems { n: *n }),
        Passive::TuckGainedCards => lp::Kind::TuckGainedCards(lp::TuckGainedCards {}),
    };
    pb::PanovnikLawPassive { kind: Some(kind) }
}

fn end_score_to(e: &EndScore) -> pb::PanovnikLawScoring {
    use pb::panovnik_law_scoring as ls;
    let kind = match e {
        EndScore::ByOwnLevel { points } => ls::Kind::ByOwnLevel(ls::ByOwnLevel {
            points: points.to_vec(),
        }),
        EndScore::PerStoredGem { points } => {
            ls::Kind::PerStoredGem(ls::PerStoredGem { points: *points })
        }
        EndScore::PerTuckedCard { points } => {
            ls::Kind::PerTuckedCard(ls::PerTuckedCard { points: *points })
        }
        EndScore::PerAdjacentCharacter { points } => {
            ls::Kind::PerAdjacentCharacter(ls::PerAdjacentCharacter { points: *points })
        }
        EndScore::PerPyramidCard {
            points,
            include_tucked,
        } => ls::Kind::PerPyramidCard(ls::PerPyramidCard {
            points: *points,
            include_tucked: *include_tucked,
        }),
        EndScore::PerSet { points } => ls::Kind::PerSet(ls::PerSet { points: *points }),
        EndScore::PerMonochromeCircleAndEternalGem { points } => {
            ls::Kind::PerMonochromeCircleAndEternalGem(ls::PerMonochromeCircleAndEternalGem {
                points: *points,
            })
        }
    };
    pb::PanovnikLawScoring { kind: Some(kind) }
}

fn character_to(c: &Character) -> pb::PanovnikCard {
    let Character {
        order,
        name,
        segments,
        rows,
    } = c;
    pb::PanovnikCard {
        order: *order,
        name: name.clone(),
        r#type: pb::PanovnikCardType::Character as i32,
        segments: Some(segments_to(segments)),
        rows: rows
            .iter()
            .zip(1u32..)
            .map(|(Row { cost, reward }, level)| pb::PanovnikRow {
                level,
                cost: color_to(*cost),
                reward: Some(reward_to(reward)),
            })
            .collect(),
        ..Default::default()
    }
}

fn law_to(l: &Law) -> pb::PanovnikCard {
    let Law {
        order,
        name,
        segments,
        text,
        on_play,
        passive,
        end_scoring,
    } = l;
    pb::PanovnikCard {
        order: *order,
        name: name.clone(),
        r#type: pb::PanovnikCardType::Law as i32,
        segments: Some(segments_to(segments)),
        rows: Vec::new(),
        text: text.clone(),
        on_play: on_play.as_ref().map(law_action_to),
        passive: passive.as_ref().map(passive_to),
        end_scoring: end_scoring.as_ref().map(end_score_to),
    }
}

/// Where a card's face comes from: a view carries the faces of the cards it names; events
/// name cards by order number, and their faces are the rules' catalogue.
#[derive(Clone, Copy)]
enum Faces<'a> {
    View(&'a BTreeMap<u32, CardFace>),
    Catalog,
}

impl Faces<'_> {
    /// The card with this order number as sent to clients.
    fn card(self, order: u32) -> pb::PanovnikCard {
        let face = match self {
            Faces::View(faces) => faces.get(&order).copied(),
            Faces::Catalog => Catalog::shipped().face(order),
        };
        match face {
            Some(CardFace::Character(c)) => character_to(c),
            Some(CardFace::Law(l)) => law_to(l),
            None => pb::PanovnikCard {
                order,
                ..Default::default()
            },
        }
    }

    fn cards(self, orders: &[u32]) -> Vec<pb::PanovnikCard> {
        orders.iter().map(|&c| self.card(c)).collect()
    }
}

/// An event's card, from the catalogue.
fn card(order: u32) -> pb::PanovnikCard {
    Faces::Catalog.card(order)
}

fn card_list(orders: &[u32]) -> Vec<pb::PanovnikCard> {
    Faces::Catalog.cards(orders)
}

// ---- config ---------------------------------------------------------------------------------

fn config_from(
    o: &pb::PanovnikOptions,
    mode: Option<&Mode<PanovnikConfig>>,
) -> Result<PanovnikConfig, Invalid> {
    const PLAYERS: &str = "options.panovnik.players";
    const VIRTUALS: &str = "options.panovnik.virtual_opponents";
    let players_opt = match o.players {
        0 => None,
        n => Some(small(n, 1..=4, PLAYERS, "real players")?),
    };
    let virtuals_opt = o
        .virtual_opponents
        .map(|v| small(v, 0..=3, VIRTUALS, "virtual opponents"))
        .transpose()?;
    let named = mode.map(|m| (m.name, m.config.players, m.config.virtuals()));
    let (players, virtuals) = match named {
        Some((name, n, v)) => {
            if let Some(p) = players_opt.filter(|p| *p != n) {
                return Err(Invalid::new(
                    "mode",
                    format!(
                        "`{}` has {n} real players but options.panovnik.players is {p}",
                        name
                    ),
                ));
            }
            if let Some(w) = virtuals_opt.filter(|w| *w != v) {
                return Err(Invalid::new(
                    "mode",
                    format!(
                        "`{}` has {v} virtual opponents but options.panovnik.virtual_opponents is {w}",
                        name
                    ),
                ));
            }
            (n, v)
        }
        None => {
            let n = players_opt.unwrap_or(DEFAULT_PLAYERS);
            (n, virtuals_opt.unwrap_or_else(|| default_virtuals(n)))
        }
    };
    // The rules check the combination (PNV-11.1, 12.1, 11.12) when the game is set up, and
    // name the option their refusal is about.
    Ok(PanovnikConfig {
        players,
        // The rules' default stays unset, so the standard modes give the standard config.
        virtual_opponents: (virtuals != default_virtuals(players)).then_some(virtuals),
        solo_tie_choice: o.solo_tie_choice.unwrap_or(true),
    })
}

// ---- view -----------------------------------------------------------------------------------

fn sealed_choice_to(c: &SealedChoice, faces: Faces) -> pb::PanovnikSealedChoice {
    use pb::panovnik_sealed_choice::{Build, Kind as K};
    let kind = match c {
        SealedChoice::StartingCard(c) => K::StartingCard(faces.card(*c)),
        SealedChoice::Bid(b) => K::Bid(bid_to(*b)),
        SealedChoice::Claim(c) => K::Claim(claim_to(*c)),
        SealedChoice::Build(c) => K::Build(Build {
            card: c.map(|c| faces.card(c)),
        }),
        SealedChoice::Recolor(rs) => K::Recolor(recolors_to(rs)),
    };
    pb::PanovnikSealedChoice { kind: Some(kind) }
}

fn bid_to(b: Bid) -> pb::PanovnikBid {
    use pb::PanovnikBidKind as K;
    let (kind, color) = match b {
        Bid::Gem(c) => (K::Gem, color_to(c)),
        Bid::Attack => (K::Attack, 0),
        Bid::Pass => (K::Pass, 0),
    };
    pb::PanovnikBid {
        kind: kind as i32,
        color,
    }
}

fn recolor_to(r: &Recolor) -> pb::PanovnikRecolor {
    let Recolor {
        level,
        x,
        segment,
        color,
    } = *r;
    pb::PanovnikRecolor {
        level: level.into(),
        x,
        segment: segment_to(segment),
        color: color_to(color),
    }
}

fn recolors_to(rs: &[Recolor]) -> pb::PanovnikRecolors {
    pb::PanovnikRecolors {
        recolors: rs.iter().map(recolor_to).collect(),
    }
}

fn score_to(s: &ScoreBreakdown) -> pb::PanovnikScore {
    let ScoreBreakdown {
        seat,
        circles,
        eternal_gems,
        laws,
        power,
        magic,
        sets,
        attack_penalty,
        total,
    } = *s;
    pb::PanovnikScore {
        seat: u32_of(seat),
        circles,
        eternal_gems,
        laws,
        power,
        magic,
        sets,
        attack_penalty,
        total,
    }
}

fn tokens_to(t: &Tokens) -> pb::PanovnikTokens {
    let Tokens {
        power,
        science,
        magic,
        defense,
        magic_bonus,
        circle_bonus,
        eternal,
        stored,
    } = t;
    pb::PanovnikTokens {
        power: *power,
        science: *science,
        magic: *magic,
        defense: *defense,
        magic_bonus: magic_bonus.clone(),
        circle_bonus: circle_bonus.iter().map(circle_bonus_to).collect(),
        eternal_gems: eternal
            .iter()
            .map(|&EternalGem { color, used }| pb::PanovnikEternalGem {
                color: color_to(color),
                used,
            })
            .collect(),
        stored: Some(gems_to(*stored)),
    }
}

fn pyramid_card_to(c: &PyramidCardView, faces: Faces) -> pb::PanovnikPyramidCard {
    let PyramidCardView {
        card: order,
        level,
        x,
        tokens,
        tucked,
        recolor: [tl, tr, bl, br],
    } = c;
    let recolor = |c: &Option<Color>| c.map(color_to).unwrap_or_default();
    pb::PanovnikPyramidCard {
        card: Some(faces.card(*order)),
        level: (*level).into(),
        x: *x,
        tokens: Some(tokens_to(tokens)),
        tucked: tucked
            .iter()
            .map(|t| pb::PanovnikTuckedCard {
                card: t.map(|c| faces.card(c)),
            })
            .collect(),
        recolor: Some(pb::PanovnikSegments {
            tl: recolor(tl),
            tr: recolor(tr),
            bl: recolor(bl),
            br: recolor(br),
        }),
    }
}

fn player_to(p: &PlayerView, faces: Faces) -> pb::PanovnikPlayer {
    let PlayerView {
        seat,
        pyramid,
        hand_characters,
        hand_laws,
        hand,
        screen,
        attack_tokens,
        starting_options,
        priority,
        auction_status,
        build_passed,
        committed,
        pending_choice,
    } = p;
    pb::PanovnikPlayer {
        seat: u32_of(*seat),
        pyramid: pyramid.iter().map(|c| pyramid_card_to(c, faces)).collect(),
        hand_characters: *hand_characters,
        hand_laws: *hand_laws,
        hand: hand.as_deref().map(|c| faces.cards(c)).unwrap_or_default(),
        hand_visible: hand.is_some(),
        screen: screen.map(gems_to),
        attack_tokens: *attack_tokens,
        starting_options: starting_options
            .as_deref()
            .map(|c| faces.cards(c))
            .unwrap_or_default(),
        // The rules sort an empty pyramid last (u32::MAX); the contract says 0.
        priority: if *priority == u32::MAX { 0 } else { *priority },
        auction_status: auction_status.map(status_to).unwrap_or_default(),
        build_passed: *build_passed,
        committed: *committed,
        pending_choice: pending_choice.as_ref().map(|c| sealed_choice_to(c, faces)),
    }
}

fn auction_card_to(a: &AuctionCardView, faces: Faces) -> pb::PanovnikAuctionCard {
    let AuctionCardView {
        color,
        above,
        below,
    } = *a;
    pb::PanovnikAuctionCard {
        color: color_to(color),
        above: above.map(|c| faces.card(c)),
        below: below.map(|c| faces.card(c)),
    }
}

fn decision_to(d: &DecisionView, faces: Faces) -> pb::PanovnikDecision {
    use pb::panovnik_decision::{self as pd, Kind as K};
    let (seat, kind) = match d {
        DecisionView::ChooseGems {
            seat,
            n,
            reason,
            picked,
        } => (
            seat,
            K::ChooseGems(pd::ChooseGems {
                n: *n,
                reason: reason_to(*reason),
                picked: Some(gems_to(*picked)),
            }),
        ),
        DecisionView::DrawCard { seat, remaining } => (
            seat,
            K::DrawCard(pd::DrawCard {
                remaining: *remaining,
            }),
        ),
        DecisionView::EternalGemFromScreen {
            seat,
            card: c,
            color,
        } => (
            seat,
            K::EternalGemFromScreen(pd::EternalGemFromScreen {
                card: Some(faces.card(*c)),
                color: color_to(*color),
            }),
        ),
        DecisionView::ChooseColor { seat, card: c } => (
            seat,
            K::ChooseColor(pd::ChooseColor {
                card: Some(faces.card(*c)),
            }),
        ),
        DecisionView::AttackPick { seat } => (seat, K::AttackPick(pd::AttackPick {})),
        DecisionView::AuctionPick { seat, color } => (
            seat,
            K::AuctionPick(pd::AuctionPick {
                color: color_to(*color),
            }),
        ),
        DecisionView::VirtualTieChoice {
            seat,
            color,
            virtual_index,
        } => (
            seat,
            K::VirtualTieChoice(pd::VirtualTieChoice {
                color: color_to(*color),
                virtual_index: (*virtual_index).into(),
            }),
        ),
        DecisionView::VirtualDiscard {
            seat,
            virtual_index,
        } => (
            seat,
            K::VirtualDiscard(pd::VirtualDiscard {
                virtual_index: (*virtual_index).into(),
            }),
        ),
        DecisionView::PlaceCard { seat, card: c } => (
            seat,
            K::PlaceCard(pd::PlaceCard {
                card: Some(faces.card(*c)),
            }),
        ),
        DecisionView::Level5Reward { seat, card: c } => (
            seat,
            K::Level5Reward(pd::Level5Reward {
                card: Some(faces.card(*c)),
            }),
        ),
        DecisionView::LawOption {
            seat,
            card: c,
            options,
        } => (
            seat,
            K::LawOption(pd::LawOption {
                card: Some(faces.card(*c)),
                options: options.iter().map(reward_to).collect(),
            }),
        ),
        DecisionView::TuckFreeCard { seat, law } => (
            seat,
            K::TuckFreeCard(pd::TuckFreeCard {
                law: Some(faces.card(*law)),
            }),
        ),
        DecisionView::StoreGems {
            seat,
            law,
            max,
            stored,
        } => (
            seat,
            K::StoreGems(pd::StoreGems {
                law: Some(faces.card(*law)),
                max: *max,
                stored: Some(gems_to(*stored)),
            }),
        ),
        DecisionView::TuckFromHand { seat, law, left } => (
            seat,
            K::TuckFromHand(pd::TuckFromHand {
                law: Some(faces.card(*law)),
                left: *left,
            }),
        ),
        DecisionView::TuckGainedCard { seat, law, card: c } => (
            seat,
            K::TuckGainedCard(pd::TuckGainedCard {
                law: Some(faces.card(*law)),
                card: c.map(|c| faces.card(c)),
            }),
        ),
    };
    pb::PanovnikDecision {
        seat: u32_of(*seat),
        kind: Some(kind),
    }
}

fn display_card_to(d: &DisplayCard) -> pb::PanovnikDisplayCard {
    let DisplayCard {
        color,
        slot,
        card: order,
    } = *d;
    pb::PanovnikDisplayCard {
        color: color_to(color),
        slot: slot_to(slot),
        card: Some(card(order)),
    }
}

impl ProtoGame for Panovnik {
    fn owns(action: &pb::Action) -> bool {
        matches!(action.game, Some(pb::action::Game::Panovnik(_)))
    }

    fn config_from_options(
        options: Option<&pb::GameOptions>,
        mode: Option<&Mode<PanovnikConfig>>,
    ) -> Result<PanovnikConfig, Invalid> {
        let o = match options.and_then(|o| o.game.as_ref()) {
            None => pb::PanovnikOptions::default(),
            Some(pb::game_options::Game::Panovnik(o)) => *o,
            Some(_) => {
                return Err(Invalid::new(
                    "options",
                    "not Panovník options (set options.panovnik)",
                ));
            }
        };
        config_from(&o, mode)
    }

    fn scenario_from_proto(
        scenario: Option<&pb::Scenario>,
    ) -> Result<Option<PanovnikScenario>, Invalid> {
        let s = match scenario.and_then(|s| s.game.as_ref()) {
            None => return Ok(None),
            Some(pb::scenario::Game::Panovnik(s)) => s,
            Some(_) => {
                return Err(Invalid::new(
                    "scenario",
                    "not a Panovník scenario (set scenario.panovnik)",
                ));
            }
        };
        const COLORS: &str = "scenario.panovnik.auction_colors";
        const RETURNED: &str = "scenario.panovnik.returned_gems";
        const CHARACTERS: &str = "scenario.panovnik.characters";
        const LAWS: &str = "scenario.panovnik.laws";
        bounds::entries(&s.auction_colors, 4, COLORS, "the auction row")?;
        // PNV-12.1: at most four real players, one returned pair each.
        bounds::entries(&s.returned_gems, 4, RETURNED, "the real players")?;
        for r in &s.returned_gems {
            bounds::entries(&r.colors, 2, RETURNED, "a returned pair")?;
        }
        bounds::entries(
            &s.characters,
            CHARACTER_COUNT as usize,
            CHARACTERS,
            "the character deck",
        )?;
        bounds::entries(&s.laws, LAW_COUNT as usize, LAWS, "the law deck")?;
        for &c in &s.characters {
            bounds::at_most(c, CHARACTER_COUNT, CHARACTERS, "a character's order number")?;
        }
        for &c in &s.laws {
            if !(FIRST_LAW..FIRST_LAW + LAW_COUNT).contains(&c) {
                return Err(Invalid::new(
                    LAWS,
                    format!("no law has order number {c} (laws are 65–88)"),
                ));
            }
        }
        let auction_colors = if s.auction_colors.is_empty() {
            None
        } else {
            let cs = s
                .auction_colors
                .iter()
                .map(|c| color_from(*c, COLORS))
                .collect::<Result<Vec<_>, _>>()?;
            Some(<[Color; 4]>::try_from(cs).map_err(|cs| {
                Invalid::new(
                    COLORS,
                    format!("four auction cards, one per colour; got {}", cs.len()),
                )
            })?)
        };
        let returned_gems = if s.returned_gems.is_empty() {
            None
        } else {
            Some(
                s.returned_gems
                    .iter()
                    .map(|r| {
                        let cs = r
                            .colors
                            .iter()
                            .map(|c| color_from(*c, RETURNED))
                            .collect::<Result<Vec<_>, _>>()?;
                        <[Color; 2]>::try_from(cs).map_err(|cs| {
                            Invalid::new(
                                RETURNED,
                                format!("each player returns 2 gems; got {}", cs.len()),
                            )
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?,
            )
        };
        let deck = |xs: &[u32]| (!xs.is_empty()).then(|| xs.to_vec());
        Ok(Some(PanovnikScenario {
            auction_colors,
            returned_gems,
            characters: deck(&s.characters),
            laws: deck(&s.laws),
        }))
    }

    fn action_from_proto(action: &pb::Action) -> Result<PanovnikAction, Invalid> {
        use PanovnikAction as X;
        let Some(pb::action::Game::Panovnik(a)) = &action.game else {
            return Err(Invalid::new("action", "not a Panovník action"));
        };
        Ok(match &a.kind {
            None => return Err(Invalid::new("action.panovnik", "no action kind set")),
            Some(A::ChooseStartingCard(c)) => X::ChooseStartingCard {
                card: card_number(c.card, "action.panovnik.choose_starting_card.card")?,
            },
            Some(A::BidGem(b)) => X::BidGem {
                color: color_from(b.color, "action.panovnik.bid_gem.color")?,
            },
            Some(A::BidAttack(_)) => X::BidAttack,
            Some(A::BidPass(_)) => X::BidPass,
            Some(A::AttackPick(p)) => X::AttackPick {
                color: color_from(p.color, "action.panovnik.attack_pick.color")?,
                slot: slot_from(p.slot, "action.panovnik.attack_pick.slot")?,
            },
            Some(A::AuctionPick(p)) => X::AuctionPick {
                slot: slot_from(p.slot, "action.panovnik.auction_pick.slot")?,
            },
            Some(A::NegotiateClaim(c)) => X::NegotiateClaim {
                choice: claim_from(c.choice, "action.panovnik.negotiate_claim.choice")?,
            },
            Some(A::VirtualTieChoice(c)) => X::VirtualTieChoice {
                choice: tie_from(c.choice, "action.panovnik.virtual_tie_choice.choice")?,
            },
            Some(A::VirtualDiscard(d)) => X::VirtualDiscard {
                color: color_from(d.color, "action.panovnik.virtual_discard.color")?,
                slot: slot_from(d.slot, "action.panovnik.virtual_discard.slot")?,
            },
            Some(A::ChooseGems(g)) => X::ChooseGems {
                gems: gems_from(
                    g.gems.as_ref(),
                    [
                        "action.panovnik.choose_gems.gems.blue",
                        "action.panovnik.choose_gems.gems.red",
                        "action.panovnik.choose_gems.gems.green",
                        "action.panovnik.choose_gems.gems.yellow",
                    ],
                )?,
            },
            Some(A::TakeGem(t)) => X::TakeGem {
                color: color_from(t.color, "action.panovnik.take_gem.color")?,
            },
            Some(A::DrawCard(d)) => X::DrawCard {
                deck: deck_from(d.deck, "action.panovnik.draw_card.deck")?,
            },
            Some(A::EternalGemFromScreen(e)) => X::EternalGemFromScreen { accept: e.accept },
            Some(A::BuildSelect(b)) => X::BuildSelect {
                card: card_number(b.card, "action.panovnik.build_select.card")?,
            },
            Some(A::BuildPass(_)) => X::BuildPass,
            Some(A::PlaceCard(p)) => X::PlaceCard {
                level: small(p.level, 1..=5, "action.panovnik.place_card.level", "level")?,
                x: column(p.x, "action.panovnik.place_card.x")?,
                eternal_gems: gems_from(
                    p.eternal_gems.as_ref(),
                    [
                        "action.panovnik.place_card.eternal_gems.blue",
                        "action.panovnik.place_card.eternal_gems.red",
                        "action.panovnik.place_card.eternal_gems.green",
                        "action.panovnik.place_card.eternal_gems.yellow",
                    ],
                )?,
            },
            Some(A::ChooseLevel5Reward(c)) => X::ChooseLevel5Reward {
                choice: level5_from(c.choice, "action.panovnik.choose_level5_reward.choice")?,
            },
            Some(A::LawChooseOption(o)) => X::LawChooseOption {
                index: small(
                    o.index,
                    0..=u8::try_from(Catalog::shipped().most_law_options().saturating_sub(1))
                        .unwrap_or(u8::MAX),
                    "action.panovnik.law_choose_option.index",
                    "option index",
                )?,
            },
            Some(A::ChooseColor(c)) => X::ChooseColor {
                color: color_from(c.color, "action.panovnik.choose_color.color")?,
            },
            Some(A::TuckFreeCard(t)) => X::TuckFreeCard {
                level: small(
                    t.level,
                    1..=5,
                    "action.panovnik.tuck_free_card.level",
                    "level",
                )?,
                x: column(t.x, "action.panovnik.tuck_free_card.x")?,
            },
            Some(A::StoreGems(s)) => X::StoreGems {
                gems: gems_from(
                    s.gems.as_ref(),
                    [
                        "action.panovnik.store_gems.gems.blue",
                        "action.panovnik.store_gems.gems.red",
                        "action.panovnik.store_gems.gems.green",
                        "action.panovnik.store_gems.gems.yellow",
                    ],
                )?,
            },
            Some(A::StoreGem(s)) => X::StoreGem {
                color: color_from(s.color, "action.panovnik.store_gem.color")?,
            },
            Some(A::StoreGemsDone(_)) => X::StoreGemsDone,
            Some(A::TuckFromHand(t)) => X::TuckFromHand {
                card: card_number(t.card, "action.panovnik.tuck_from_hand.card")?,
            },
            Some(A::TuckFromHandDone(_)) => X::TuckFromHandDone,
            Some(A::TuckGainedCard(t)) => X::TuckGainedCard { accept: t.accept },
            Some(A::Recolor(r)) => X::Recolor {
                level: small(r.level, 1..=5, "action.panovnik.recolor.level", "level")?,
                x: column(r.x, "action.panovnik.recolor.x")?,
                segment: segment_from(r.segment, "action.panovnik.recolor.segment")?,
                color: color_from(r.color, "action.panovnik.recolor.color")?,
            },
            Some(A::RecolorClear(_)) => X::RecolorClear,
            Some(A::RecolorDone(_)) => X::RecolorDone,
        })
    }

    fn action_to_proto(action: &PanovnikAction) -> pb::Action {
        use PanovnikAction as X;
        use pb::panovnik_action as pa;
        let kind = match *action {
            X::ChooseStartingCard { card } => {
                A::ChooseStartingCard(pa::ChooseStartingCard { card })
            }
            X::BidGem { color } => A::BidGem(pa::BidGem {
                color: color_to(color),
            }),
            X::BidAttack => A::BidAttack(pa::BidAttack {}),
            X::BidPass => A::BidPass(pa::BidPass {}),
            X::AttackPick { color, slot } => A::AttackPick(pa::AttackPick {
                color: color_to(color),
                slot: slot_to(slot),
            }),
            X::AuctionPick { slot } => A::AuctionPick(pa::AuctionPick {
                slot: slot_to(slot),
            }),
            X::NegotiateClaim { choice } => A::NegotiateClaim(pa::NegotiateClaim {
                choice: claim_to(choice),
            }),
            X::VirtualTieChoice { choice } => A::VirtualTieChoice(pa::VirtualTieChoice {
                choice: tie_to(choice),
            }),
            X::VirtualDiscard { color, slot } => A::VirtualDiscard(pa::VirtualDiscard {
                color: color_to(color),
                slot: slot_to(slot),
            }),
            X::ChooseGems { gems } => A::ChooseGems(pa::ChooseGems {
                gems: Some(gems_to(gems)),
            }),
            X::TakeGem { color } => A::TakeGem(pa::TakeGem {
                color: color_to(color),
            }),
            X::DrawCard { deck } => A::DrawCard(pa::DrawCard {
                deck: deck_to(deck),
            }),
            X::EternalGemFromScreen { accept } => {
                A::EternalGemFromScreen(pa::EternalGemFromScreen { accept })
            }
            X::BuildSelect { card } => A::BuildSelect(pa::BuildSelect { card }),
            X::BuildPass => A::BuildPass(pa::BuildPass {}),
            X::PlaceCard {
                level,
                x,
                eternal_gems,
            } => A::PlaceCard(pa::PlaceCard {
                level: level.into(),
                x,
                eternal_gems: Some(gems_to(eternal_gems)),
            }),
            X::ChooseLevel5Reward { choice } => A::ChooseLevel5Reward(pa::ChooseLevel5Reward {
                choice: level5_to(choice),
            }),
            X::LawChooseOption { index } => A::LawChooseOption(pa::LawChooseOption {
                index: index.into(),
            }),
            X::ChooseColor { color } => A::ChooseColor(pa::ChooseColor {
                color: color_to(color),
            }),
            X::TuckFreeCard { level, x } => A::TuckFreeCard(pa::TuckFreeCard {
                level: level.into(),
                x,
            }),
            X::StoreGems { gems } => A::StoreGems(pa::StoreGems {
                gems: Some(gems_to(gems)),
            }),
            X::StoreGem { color } => A::StoreGem(pa::StoreGem {
                color: color_to(color),
            }),
            X::StoreGemsDone => A::StoreGemsDone(pa::StoreGemsDone {}),
            X::TuckFromHand { card } => A::TuckFromHand(pa::TuckFromHand { card }),
            X::TuckFromHandDone => A::TuckFromHandDone(pa::TuckFromHandDone {}),
            X::TuckGainedCard { accept } => A::TuckGainedCard(pa::TuckGainedCard { accept }),
            X::Recolor {
                level,
                x,
                segment,
                color,
            } => A::Recolor(pa::Recolor {
                level: level.into(),
                x,
                segment: segment_to(segment),
                color: color_to(color),
            }),
            X::RecolorClear => A::RecolorClear(pa::RecolorClear {}),
            X::RecolorDone => A::RecolorDone(pa::RecolorDone {}),
        };
        pb::Action {
            game: Some(pb::action::Game::Panovnik(pb::PanovnikAction {
                kind: Some(kind),
            })),
        }
    }

    fn view_to_proto(v: PanovnikView) -> pb::game_view::Game {
        let PanovnikView {
            phase,
            viewer,
            round,
            last_round,
            display,
            supply,
            big_deck,
            small_deck,
            law_deck,
            discard,
            players,
            sealed,
            decision,
            virtuals,
            scores,
            cards,
        } = v;
        let faces = Faces::View(&cards);
        let (phase, bidding_round, build_step) = match phase {
            PhaseView::StartingChoice => (pb::PanovnikPhase::StartingChoice, 0, 0),
            PhaseView::StartingRewards => (pb::PanovnikPhase::StartingRewards, 0, 0),
            PhaseView::Auction { bidding_round } => {
                (pb::PanovnikPhase::Auction, bidding_round.into(), 0)
            }
            PhaseView::Building { step } => (pb::PanovnikPhase::Building, 0, step.into()),
            PhaseView::Recolor => (pb::PanovnikPhase::Recolor, 0, 0),
            PhaseView::Finished => (pb::PanovnikPhase::Finished, 0, 0),
        };
        pb::game_view::Game::Panovnik(pb::PanovnikView {
            viewer: viewer.map(u32_of),
            round: round.into(),
            last_round,
            phase: phase as i32,
            bidding_round,
            build_step,
            display: display.iter().map(|a| auction_card_to(a, faces)).collect(),
            supply: Some(gems_to(supply)),
            big_deck,
            small_deck,
            law_deck,
            discard: faces.cards(&discard),
            players: players.iter().map(|p| player_to(p, faces)).collect(),
            virtuals: virtuals
                .iter()
                .map(|&VirtualView { index, active, bid }| pb::PanovnikVirtual {
                    index: index.into(),
                    active,
                    bid: bid.map(color_to).unwrap_or_default(),
                })
                .collect(),
            sealed: sealed.map(|s| {
                let SealedView {
                    step,
                    waiting,
                    committed,
                } = s;
                pb::PanovnikSealed {
                    step: step_to(step),
                    waiting: seats(&waiting),
                    committed: seats(&committed),
                }
            }),
            decision: decision.as_ref().map(|d| decision_to(d, faces)),
            scores: scores
                .as_deref()
                .unwrap_or_default()
                .iter()
                .map(score_to)
                .collect(),
        })
    }

    fn event_to_proto(e: PanovnikEvent) -> pb::event::Game {
        use PanovnikEvent as X;
        use pb::panovnik_event as pe;
        let s = u32_of;
        let kind = match e {
            X::AuctionCardsLaid { colors: cs } => E::AuctionCardsLaid(pe::AuctionCardsLaid {
                colors: colors(&cs),
            }),
            X::SupplyPrepared { supply } => E::SupplyPrepared(pe::SupplyPrepared {
                supply: Some(gems_to(supply)),
            }),
            X::StartingGemsTaken { seat, gems } => E::StartingGemsTaken(pe::StartingGemsTaken {
                seat: s(seat),
                gems: Some(gems_to(gems)),
            }),
            X::StartingGemsReturned { seat, gems } => {
                E::StartingGemsReturned(pe::StartingGemsReturned {
                    seat: s(seat),
                    gems: gems.map(|g| colors(&g)).unwrap_or_default(),
                })
            }
            X::CharactersDealt { seat, cards: cs } => E::CharactersDealt(pe::CharactersDealt {
                seat: s(seat),
                cards: cs.map(|c| card_list(&c)).unwrap_or_default(),
            }),
            X::StepOpened { step, seats: ss } => E::StepOpened(pe::StepOpened {
                step: step_to(step),
                seats: seats(&ss),
            }),
            X::ChoiceCommitted { seat, step, choice } => E::ChoiceCommitted(pe::ChoiceCommitted {
                seat: s(seat),
                step: step_to(step),
                choice: choice.as_ref().map(|c| sealed_choice_to(c, Faces::Catalog)),
            }),
            X::RecolorDrafted { seat, draft } => E::RecolorDrafted(pe::RecolorDrafted {
                seat: s(seat),
                draft: draft.as_deref().map(recolors_to),
            }),
            X::StartingCardsRevealed { cards: cs } => {
                E::StartingCardsRevealed(pe::StartingCardsRevealed {
                    cards: card_list(&cs),
                })
            }
            X::DecksFormed { big, small, law } => {
                E::DecksFormed(pe::DecksFormed { big, small, law })
            }
            X::LawsDealt {
                seat,
                count,
                cards: cs,
            } => E::LawsDealt(pe::LawsDealt {
                seat: s(seat),
                count,
                cards: cs.as_deref().map(card_list).unwrap_or_default(),
            }),
            X::DisplayRefilled { cards: cs } => E::DisplayRefilled(pe::DisplayRefilled {
                cards: cs.iter().map(display_card_to).collect(),
            }),
            X::LastRound { round } => E::LastRound(pe::LastRound {
                round: round.into(),
            }),
            X::RoundStarted { round } => E::RoundStarted(pe::RoundStarted {
                round: round.into(),
            }),
            X::BiddingRoundStarted {
                bidding_round,
                seats: ss,
                virtuals,
            } => E::BiddingRoundStarted(pe::BiddingRoundStarted {
                bidding_round: bidding_round.into(),
                seats: seats(&ss),
                virtuals: virtuals.iter().map(|v| u32::from(*v)).collect(),
            }),
            X::BidsRevealed { bids, virtual_bids } => E::BidsRevealed(pe::BidsRevealed {
                bids: bids
                    .iter()
                    .map(|(seat, bid)| pe::SeatBid {
                        seat: s(*seat),
                        bid: Some(bid_to(*bid)),
                    })
                    .collect(),
                virtual_bids: virtual_bids
                    .iter()
                    .map(|(v, c)| pe::VirtualBid {
                        virtual_index: (*v).into(),
                        color: color_to(*c),
                    })
                    .collect(),
            }),
            X::CardTaken {
                seat,
                card: c,
                color,
                slot,
                how,
            } => E::CardTaken(pe::CardTaken {
                seat: s(seat),
                card: Some(card(c)),
                color: color_to(color),
                slot: slot_to(slot),
                how: how_to(how),
            }),
            X::AttackMissed { seat } => E::AttackMissed(pe::AttackMissed { seat: s(seat) }),
            X::ColorContested {
                color,
                seats: ss,
                virtuals,
            } => E::ColorContested(pe::ColorContested {
                color: color_to(color),
                seats: seats(&ss),
                virtuals: virtuals.iter().map(|v| u32::from(*v)).collect(),
            }),
            X::NegotiationOpened { color, seats: ss } => {
                E::NegotiationOpened(pe::NegotiationOpened {
                    color: color_to(color),
                    seats: seats(&ss),
                })
            }
            X::NegotiationRevealed {
                color,
                claims,
                agreed,
            } => E::NegotiationRevealed(pe::NegotiationRevealed {
                color: color_to(color),
                claims: claims
                    .iter()
                    .map(|(seat, c)| pe::SeatClaim {
                        seat: s(*seat),
                        claim: claim_to(*c),
                    })
                    .collect(),
                agreed,
            }),
            X::CardRemoved {
                card: c,
                color,
                slot,
                cause,
                virtual_index,
            } => E::CardRemoved(pe::CardRemoved {
                card: Some(card(c)),
                color: color_to(color),
                slot: slot_to(slot),
                cause: cause_to(cause),
                virtual_index: virtual_index.map(u32::from),
            }),
            X::VirtualLeft { virtual_index } => E::VirtualLeft(pe::VirtualLeft {
                virtual_index: virtual_index.into(),
            }),
            X::Passed { seat, entitled } => E::Passed(pe::Passed {
                seat: s(seat),
                entitled,
            }),
            X::GemsTaken { seat, gems, reason } => E::GemsTaken(pe::GemsTaken {
                seat: s(seat),
                gems: Some(gems_to(gems)),
                reason: reason_to(reason),
            }),
            X::AuctionEnded { discarded } => E::AuctionEnded(pe::AuctionEnded {
                discarded: card_list(&discarded),
            }),
            X::BuildStepStarted { step, seats: ss } => E::BuildStepStarted(pe::BuildStepStarted {
                step: step.into(),
                seats: seats(&ss),
            }),
            X::SelectionsRevealed { selections } => E::SelectionsRevealed(pe::SelectionsRevealed {
                selections: selections
                    .iter()
                    .map(|(seat, c)| pe::Selection {
                        seat: s(*seat),
                        card: c.map(card),
                    })
                    .collect(),
            }),
            X::CardReturned { seat, card: c } => E::CardReturned(pe::CardReturned {
                seat: s(seat),
                card: Some(card(c)),
            }),
            X::CardPlaced {
                seat,
                card: c,
                level,
                x,
                paid,
                eternal_gems,
            } => E::CardPlaced(pe::CardPlaced {
                seat: s(seat),
                card: Some(card(c)),
                level: level.into(),
                x,
                paid: Some(gems_to(paid)),
                eternal_gems: Some(gems_to(eternal_gems)),
            }),
            X::MonochromeCircle {
                seat,
                level,
                x,
                color,
                gem,
            } => E::MonochromeCircle(pe::MonochromeCircle {
                seat: s(seat),
                level: level.into(),
                x,
                color: color_to(color),
                gem,
            }),
            X::Level5Chosen {
                seat,
                card: c,
                choice,
            } => E::Level5Chosen(pe::Level5Chosen {
                seat: s(seat),
                card: Some(card(c)),
                choice: level5_to(choice),
            }),
            X::TokensPlaced {
                seat,
                card: c,
                reward,
            } => E::TokensPlaced(pe::TokensPlaced {
                seat: s(seat),
                card: Some(card(c)),
                reward: Some(reward_to(&reward)),
            }),
            X::AttackGained { seat, n } => E::AttackGained(pe::AttackGained { seat: s(seat), n }),
            X::EternalGemPlaced {
                seat,
                card: c,
                color,
                from_screen,
            } => E::EternalGemPlaced(pe::EternalGemPlaced {
                seat: s(seat),
                card: Some(card(c)),
                color: color_to(color),
                from_screen,
            }),
            X::EternalGemLost { seat, card: c } => E::EternalGemLost(pe::EternalGemLost {
                seat: s(seat),
                card: Some(card(c)),
            }),
            X::CardDrawn {
                seat,
                deck,
                card: c,
            } => E::CardDrawn(pe::CardDrawn {
                seat: s(seat),
                deck: deck_to(deck),
                card: c.map(card),
            }),
            X::DrawLost { seat } => E::DrawLost(pe::DrawLost { seat: s(seat) }),
            X::LawOptionChosen { seat, law, index } => E::LawOptionChosen(pe::LawOptionChosen {
                seat: s(seat),
                law: Some(card(law)),
                index: index.into(),
                option: tablero_rules::panovnik::text::law_option(law, index)
                    .as_ref()
                    .map(reward_to),
            }),
            X::CardTucked {
                seat,
                under,
                card: c,
                from,
                public,
            } => E::CardTucked(pe::CardTucked {
                seat: s(seat),
                under: Some(card(under)),
                card: c.map(card),
                source: tuck_from_to(from),
                identity_public: public,
            }),
            X::GemsStored { seat, law, gems } => E::GemsStored(pe::GemsStored {
                seat: s(seat),
                law: Some(card(law)),
                gems: Some(gems_to(gems)),
            }),
            X::ScreensRevealed {
                screens,
                attack,
                hands_discarded,
            } => E::ScreensRevealed(pe::ScreensRevealed {
                screens: screens.into_iter().map(gems_to).collect(),
                attack,
                hands_discarded: card_list(&hands_discarded),
            }),
            X::RecolorsRevealed { recolors } => E::RecolorsRevealed(pe::RecolorsRevealed {
                recolors: recolors.iter().map(|r| recolors_to(r)).collect(),
            }),
            X::GameScored { scores } => E::GameScored(pe::GameScored {
                scores: scores.iter().map(score_to).collect(),
            }),
        };
        pb::event::Game::Panovnik(pb::PanovnikEvent { kind: Some(kind) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablero_rules::Game;
    use tablero_rules::panovnik::text::card_name;

    /// The modes with their real players and virtual opponents, as the rules must list them.
    const MODES: [(&str, u8, u8); 9] = [
        ("solo", 1, 1),
        ("solo_two_virtual", 1, 2),
        ("solo_three_virtual", 1, 3),
        ("two_player", 2, 0),
        ("two_player_one_virtual", 2, 1),
        ("two_player_two_virtual", 2, 2),
        ("three_player", 3, 0),
        ("three_player_one_virtual", 3, 1),
        ("four_player", 4, 0),
    ];
    use std::collections::BTreeSet;
    use tablero_rules::Viewer;

    fn lcg(state: &mut u64) -> u64 {
        *state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        *state >> 33
    }

    fn proto_view(state: &<Panovnik as Game>::State, viewer: Viewer) -> pb::PanovnikView {
        let pb::game_view::Game::Panovnik(v) =
            Panovnik::view_to_proto(Panovnik::view(state, viewer))
        else {
            panic!("not a Panovník view")
        };
        v
    }

    fn proto_event(e: PanovnikEvent) -> pb::PanovnikEvent {
        let pb::event::Game::Panovnik(pe) = Panovnik::event_to_proto(e) else {
            panic!("not a Panovník event")
        };
        pe
    }

    fn mode_config(name: &str) -> PanovnikConfig {
        Panovnik::config_from_proto(None, Some(name)).unwrap()
    }

    #[test]
    fn a_seat_sees_nothing_private_of_another() {
        let config = mode_config("three_player");
        let mut st = Panovnik::setup(&config, 42).unwrap();
        let mut rng = 42;
        // Into the game: every seat has a hand and a screen.
        for _ in 0..40 {
            let to_act = Panovnik::to_act(&st);
            let seat = to_act[lcg(&mut rng) as usize % to_act.len()];
            let legal = Panovnik::legal_actions(&st, seat);
            let a = legal[lcg(&mut rng) as usize % legal.len()];
            Panovnik::apply(&mut st, seat, &a).unwrap();
        }
        let own = proto_view(&st, Viewer::Seat(1));
        let other = proto_view(&st, Viewer::Seat(0));
        let spectator = proto_view(&st, Viewer::Spectator);
        let me = &own.players[1];
        assert!(me.hand_visible && me.screen.is_some() && me.attack_tokens.is_some());
        assert_eq!(me.hand.len() as u32, me.hand_characters + me.hand_laws);
        for v in [&other, &spectator] {
            let them = &v.players[1];
            assert!(!them.hand_visible && them.hand.is_empty());
            assert_eq!(them.screen, None);
            assert_eq!(them.attack_tokens, None);
            assert_eq!(them.pending_choice, None);
            assert_eq!(
                (them.hand_characters, them.hand_laws),
                (me.hand_characters, me.hand_laws),
                "hand sizes are public"
            );
            assert_eq!(them.pyramid, me.pyramid, "pyramids are public");
        }
        // The hand's cards appear nowhere in the other seat's view unless public elsewhere.
        let public: BTreeSet<u32> = other
            .players
            .iter()
            .flat_map(|p| p.pyramid.iter().map(|c| c.card.as_ref().unwrap().order))
            .chain(other.discard.iter().map(|c| c.order))
            .collect();
        let other_bytes = format!("{other:?}");
        for c in &me.hand {
            if !public.contains(&c.order) && !Catalog::is_law(c.order) {
                assert!(
                    !other_bytes.contains(&format!("name: \"{}\"", c.name)),
                    "seat 0 sees seat 1's hand card {}",
                    c.order
                );
            }
        }
    }

    /// The event kinds random games rarely reach convert too.
    #[test]
    fn rare_events_convert() {
        use pb::panovnik_event as pe;
        let cases = [
            (
                PanovnikEvent::AttackMissed { seat: 1 },
                E::AttackMissed(pe::AttackMissed { seat: 1 }),
            ),
            (
                PanovnikEvent::CardReturned { seat: 0, card: 7 },
                E::CardReturned(pe::CardReturned {
                    seat: 0,
                    card: Some(card(7)),
                }),
            ),
            (
                PanovnikEvent::DrawLost { seat: 2 },
                E::DrawLost(pe::DrawLost { seat: 2 }),
            ),
            (
                PanovnikEvent::Level5Chosen {
                    seat: 0,
                    card: 3,
                    choice: Level5Choice::Power15,
                },
                E::Level5Chosen(pe::Level5Chosen {
                    seat: 0,
                    card: Some(card(3)),
                    choice: pb::PanovnikLevel5Choice::Power15 as i32,
                }),
            ),
        ];
        for (event, want) in cases {
            assert!(!Panovnik::event_summary(&event).is_empty());
            assert_eq!(proto_event(event).kind, Some(want));
        }
    }

    #[test]
    fn every_card_carries_its_printed_data() {
        let cat = Catalog::shipped();
        assert_eq!(cat.characters.len() + cat.laws.len(), 88);
        for order in 1..=88u32 {
            let c = card(order);
            assert_eq!(c.order, order);
            assert!(!c.name.is_empty());
            let segments = c.segments.expect("segments");
            assert!(segments.tl != 0 && segments.tr != 0 && segments.bl != 0 && segments.br != 0);
            if order <= 64 {
                assert_eq!(c.r#type, pb::PanovnikCardType::Character as i32);
                assert_eq!(c.rows.len(), 4);
                for (row, level) in c.rows.iter().zip(1u32..) {
                    assert_eq!(row.level, level);
                    assert_ne!(row.cost, 0);
                    let r = row.reward.as_ref().expect("a reward");
                    assert!(r.kind.is_some() && !r.text.is_empty());
                }
                assert!(c.text.is_empty());
            } else {
                assert_eq!(c.r#type, pb::PanovnikCardType::Law as i32);
                assert!(c.rows.is_empty());
                assert!(!c.text.is_empty());
                assert!(c.on_play.is_some() || c.passive.is_some() || c.end_scoring.is_some());
            }
        }
        assert_eq!(card_name(1), format!("{} (#1)", card(1).name));
    }

    #[test]
    fn rewards_map_with_their_words() {
        use pb::panovnik_reward::Kind as K;
        let r = reward_to(&Reward::All(vec![
            Reward::Science(1),
            Reward::EternalGem(EternalColor::Any),
            Reward::CircleBonus(CircleBonus {
                color: Color::Green,
                value: 4,
            }),
        ]));
        assert_eq!(
            r.text,
            "1 science + an eternal gem of any colour + green circle bonus +4"
        );
        let Some(K::All(list)) = r.kind else { panic!() };
        assert_eq!(list.rewards.len(), 3);
        assert_eq!(
            list.rewards[1].kind,
            Some(K::EternalGem(pb::panovnik_reward::EternalGem {
                color: 0,
                any_color: true
            }))
        );
        assert_eq!(
            reward_to(&Reward::EternalGem(EternalColor::Red)).kind,
            Some(K::EternalGem(pb::panovnik_reward::EternalGem {
                color: pb::PanovnikColor::Red as i32,
                any_color: false
            }))
        );
    }

    fn from_options(o: pb::PanovnikOptions, mode: Option<&str>) -> Result<PanovnikConfig, Invalid> {
        Panovnik::config_from_proto(
            Some(&pb::GameOptions {
                game: Some(pb::game_options::Game::Panovnik(o)),
            }),
            mode,
        )
    }

    #[test]
    fn configs_from_the_mode_names() {
        assert_eq!(Panovnik::NAME, "panovnik");
        let modes: Vec<(&str, u32)> = Panovnik::modes()
            .iter()
            .map(|m| (m.name, m.seats as u32))
            .collect();
        assert_eq!(
            modes,
            [
                ("solo", 1),
                ("solo_two_virtual", 1),
                ("solo_three_virtual", 1),
                ("two_player", 2),
                ("two_player_one_virtual", 2),
                ("two_player_two_virtual", 2),
                ("three_player", 3),
                ("three_player_one_virtual", 3),
                ("four_player", 4),
            ]
        );
        for (name, players, virtuals) in MODES {
            let c = Panovnik::config_from_proto(None, Some(name)).unwrap();
            assert_eq!((c.players, c.virtuals()), (players, virtuals), "{name}");
            assert_eq!(Panovnik::seat_count(&c).unwrap(), players as usize);
            assert!(c.solo_tie_choice);
            if virtuals == default_virtuals(players) {
                assert_eq!(c, PanovnikConfig::new(players), "{name}: the standard game");
            } else {
                assert_eq!(c, PanovnikConfig::with_virtual(players, virtuals));
            }
            // Options that agree with the mode, or say the same alone.
            let o = pb::PanovnikOptions {
                players: players.into(),
                virtual_opponents: Some(virtuals.into()),
                solo_tie_choice: None,
            };
            assert_eq!(from_options(o, Some(name)).unwrap(), c);
            assert_eq!(from_options(o, None).unwrap(), c);
        }
        assert_eq!(
            Panovnik::config_from_proto(None, None).unwrap(),
            PanovnikConfig::new(2)
        );
    }

    #[test]
    fn options_map_to_the_config() {
        let c = from_options(
            pb::PanovnikOptions {
                players: 1,
                solo_tie_choice: Some(false),
                ..Default::default()
            },
            None,
        )
        .unwrap();
        assert_eq!(
            c,
            PanovnikConfig {
                solo_tie_choice: false,
                ..PanovnikConfig::new(1)
            }
        );
        let c = from_options(
            pb::PanovnikOptions {
                solo_tie_choice: Some(true),
                ..Default::default()
            },
            Some("solo_three_virtual"),
        )
        .unwrap();
        assert_eq!(c, PanovnikConfig::with_virtual(1, 3));
        let c = from_options(
            pb::PanovnikOptions {
                players: 3,
                virtual_opponents: Some(0),
                ..Default::default()
            },
            None,
        )
        .unwrap();
        assert_eq!(c, PanovnikConfig::new(3));
        let c = from_options(
            pb::PanovnikOptions {
                virtual_opponents: Some(2),
                ..Default::default()
            },
            None,
        )
        .unwrap();
        assert_eq!(c, PanovnikConfig::with_virtual(2, 2));
    }

    #[track_caller]
    fn invalid<T: std::fmt::Debug>(r: Result<T, Invalid>, want_field: &str) {
        match r {
            Err(Invalid { field, .. }) => assert_eq!(field, want_field),
            other => panic!("expected INVALID_ARGUMENT on {want_field}, got {other:?}"),
        }
    }

    #[test]
    fn malformed_options_are_invalid() {
        let with = |players, virtual_opponents, solo_tie_choice, mode| {
            from_options(
                pb::PanovnikOptions {
                    players,
                    virtual_opponents,
                    solo_tie_choice,
                },
                mode,
            )
        };
        invalid(
            Panovnik::config_from_proto(None, Some("five_player")),
            "mode",
        );
        invalid(Panovnik::config_from_proto(None, Some("SOLO")), "mode");
        invalid(with(2, None, None, Some("solo")), "mode");
        invalid(with(0, Some(2), None, Some("solo")), "mode");
        invalid(with(0, Some(1), None, Some("two_player")), "mode");
        invalid(with(5, None, None, None), "options.panovnik.players");
        invalid(
            with(1, Some(0), None, None),
            "options.panovnik.virtual_opponents",
        );
        invalid(
            with(1, Some(4), None, None),
            "options.panovnik.virtual_opponents",
        );
        invalid(
            with(4, Some(1), None, None),
            "options.panovnik.virtual_opponents",
        );
        invalid(
            with(3, Some(2), None, None),
            "options.panovnik.virtual_opponents",
        );
        invalid(
            with(0, Some(300), None, None),
            "options.panovnik.virtual_opponents",
        );
        invalid(
            with(0, None, Some(false), Some("two_player")),
            "options.panovnik.solo_tie_choice",
        );
    }

    fn typed(kind: A) -> pb::Action {
        pb::Action {
            game: Some(pb::action::Game::Panovnik(pb::PanovnikAction {
                kind: Some(kind),
            })),
        }
    }

    #[test]
    fn malformed_actions_are_invalid() {
        use pb::panovnik_action as pa;
        let from = |k| Panovnik::action_from_proto(&typed(k));
        invalid(
            from(A::ChooseStartingCard(pa::ChooseStartingCard { card: 0 })),
            "action.panovnik.choose_starting_card.card",
        );
        invalid(
            from(A::BuildSelect(pa::BuildSelect { card: 89 })),
            "action.panovnik.build_select.card",
        );
        invalid(
            from(A::BidGem(pa::BidGem { color: 0 })),
            "action.panovnik.bid_gem.color",
        );
        invalid(
            from(A::AttackPick(pa::AttackPick {
                color: pb::PanovnikColor::Red as i32,
                slot: 7,
            })),
            "action.panovnik.attack_pick.slot",
        );
        invalid(
            from(A::NegotiateClaim(pa::NegotiateClaim { choice: 0 })),
            "action.panovnik.negotiate_claim.choice",
        );
        invalid(
            from(A::PlaceCard(pa::PlaceCard {
                level: 6,
                x: 0,
                eternal_gems: None,
            })),
            "action.panovnik.place_card.level",
        );
        invalid(
            from(A::LawChooseOption(pa::LawChooseOption { index: 256 })),
            "action.panovnik.law_choose_option.index",
        );
        invalid(
            from(A::Recolor(pa::Recolor {
                level: 2,
                x: 1,
                segment: 0,
                color: pb::PanovnikColor::Blue as i32,
            })),
            "action.panovnik.recolor.segment",
        );
        invalid(
            from(A::DrawCard(pa::DrawCard { deck: 3 })),
            "action.panovnik.draw_card.deck",
        );
        // Unset gems are none; negative columns survive.
        assert_eq!(
            from(A::PlaceCard(pa::PlaceCard {
                level: 1,
                x: -2,
                eternal_gems: None,
            }))
            .unwrap(),
            PanovnikAction::PlaceCard {
                level: 1,
                x: -2,
                eternal_gems: Gems::ZERO,
            }
        );
        assert_eq!(
            from(A::StoreGems(pa::StoreGems { gems: None })).unwrap(),
            PanovnikAction::StoreGems { gems: Gems::ZERO }
        );
    }

    #[test]
    fn scenarios_map_and_malformed_ones_are_invalid() {
        let scenario = |s: pb::PanovnikScenario| {
            Panovnik::scenario_from_proto(Some(&pb::Scenario {
                game: Some(pb::scenario::Game::Panovnik(s)),
            }))
        };
        assert_eq!(Panovnik::scenario_from_proto(None).unwrap(), None);
        assert_eq!(
            scenario(pb::PanovnikScenario::default()).unwrap(),
            Some(PanovnikScenario::default())
        );
        let order = [Color::Yellow, Color::Blue, Color::Green, Color::Red];
        let s = scenario(pb::PanovnikScenario {
            auction_colors: colors(&order),
            returned_gems: vec![pb::PanovnikReturnedGems {
                colors: colors(&[Color::Red, Color::Red]),
            }],
            characters: (1..=64).rev().collect(),
            laws: (65..=88).collect(),
        })
        .unwrap()
        .unwrap();
        assert_eq!(s.auction_colors, Some(order));
        assert_eq!(s.returned_gems, Some(vec![[Color::Red, Color::Red]]));
        assert_eq!(s.characters, Some((1..=64).rev().collect()));
        assert_eq!(s.laws, Some((65..=88).collect()));
        // The scenario sets a game up.
        let st = Panovnik::setup_scenario(&PanovnikConfig::new(1), &s, 5).unwrap();
        let v = proto_view(&st, Viewer::Seat(0));
        assert_eq!(
            v.display.iter().map(|d| d.color).collect::<Vec<_>>(),
            colors(&order)
        );
        invalid(
            scenario(pb::PanovnikScenario {
                auction_colors: colors(&order[..3]),
                ..Default::default()
            }),
            "scenario.panovnik.auction_colors",
        );
        invalid(
            scenario(pb::PanovnikScenario {
                auction_colors: vec![1, 2, 3, 9],
                ..Default::default()
            }),
            "scenario.panovnik.auction_colors",
        );
        invalid(
            scenario(pb::PanovnikScenario {
                returned_gems: vec![pb::PanovnikReturnedGems {
                    colors: colors(&[Color::Red]),
                }],
                ..Default::default()
            }),
            "scenario.panovnik.returned_gems",
        );
    }
}
