//! Pantheon ↔ `pantheon.proto`.
//!
//! Every god tile, loot token and bonus token the view or an event shows goes out whole, so
//! clients need no tile table; actions name them by id only. The rules view carries the faces
//! it names (`tiles`) and the map of the board the game is played on (`board`, the shipped map
//! or a scenario's fixture); events name tiles by id, and their faces come from the rules'
//! catalogue.

use super::Invalid;
use super::ProtoGame;
use super::bounds;
use super::wire::{small, u32_of, u32s as seats};
use crate::v1 as pb;
use std::collections::HashMap;
use tablero_rules::Mode;
use tablero_rules::pantheon::data::{
    God, GodEffectData, SpaceData, SuppliesMode, Token, TokenEffect,
};
use tablero_rules::pantheon::limits::{MONEY_VALUES, NATIONS, SUPPLY_PIECES};
use tablero_rules::pantheon::text::{effect_words, god_effect_words, token_effect_words};
use tablero_rules::pantheon::{
    CardKind, CardSource, Catalog, Decision, Effect, EffectChoice, EffectSource, GodEffect,
    LootCount, Nation, OfferingKind, Pantheon, PantheonAction, PantheonConfig, PantheonEvent,
    PantheonScenario, PantheonView, PlayerView, SpaceKind, SpaceView, Stone, Tiles,
    TokenEffectKind,
};

use pb::pantheon_action::Kind as A;
use pb::pantheon_event::Kind as E;

/// Players when neither the mode name nor the options say.
const DEFAULT_PLAYERS: u8 = 2;

// The board fixtures a scenario may name. Board JSON texts are not accepted over the API: the
// rules keep every parsed board for the life of the process.
use tablero_rules::pantheon::boards::FIXTURES as BOARD_FIXTURES;
use tablero_rules::pantheon::limits::limits;

// ---- enums ----------------------------------------------------------------------------------

enum_map!(Nation <=> PantheonNation, nation_to, nation_from, "nation", {
    Gallia => Gallia,
    Germania => Germania,
    Graecia => Graecia,
    Aegyptus => Aegyptus,
    Persia => Persia,
    Cartago => Cartago,
    Iberia => Iberia,
    Roma => Roma,
});

enum_map!(OfferingKind <=> PantheonOfferingKind, kind_to, kind_from, "offering kind", {
    Gifts => Gifts, Priests => Priests, Dancers => Dancers, Temples => Temples,
});

enum_map!(Stone <=> PantheonStone, stone_to, stone_from, "stone type", {
    Pillar => Pillar, Footprint => Footprint,
});

enum_map!(SpaceKind => PantheonSpaceKind, space_kind_to, {
    Land => Land, Sea => Sea, Pillar => Pillar, Main => Main, Satellite => Satellite,
});

enum_map!(GodEffect => PantheonGodEffectType, god_effect_to, {
    StepsPlus => StepsPlus,
    PurchasePlus => PurchasePlus,
    CheapSharing => CheapSharing,
    DrawPlus => DrawPlus,
    OfferingWildcard => OfferingWildcard,
    FollowBonus => FollowBonus,
    ExtraTurn => ExtraTurn,
    ScoringVp => ScoringVp,
    GainDemigod => GainDemigod,
    GainStones => GainStones,
    GainSpecialMoney => GainSpecialMoney,
    GainOffering => GainOffering,
    GainCards => GainCards,
});

enum_map!(TokenEffectKind => PantheonTokenEffectType, token_effect_kind_to, {
    Supplies => Supplies,
    Demigod => Demigod,
    GodTile => GodTile,
    Pillar => Pillar,
    Offering => Offering,
    CardDraw => CardDraw,
    SpecialMoney => SpecialMoney,
    Steps => Steps,
});

/// An offering token level from the wire: 1–4 (PTH-1.5).
fn level(n: u32, field: &'static str) -> Result<u8, Invalid> {
    small(n, 1..=4, field, "level")
}

/// A money value from the wire: 1, or a special money value 2–5 (PTH-1.8).
fn money_value(n: u32, field: &'static str) -> Result<u32, Invalid> {
    if (1..=5).contains(&n) {
        Ok(n)
    } else {
        Err(Invalid::new(
            field,
            format!("no money card has value {n} (1–5)"),
        ))
    }
}

/// A non-empty id (space, bonus token) from the wire.
fn id(s: &str, field: &'static str, what: &str) -> Result<String, Invalid> {
    if s.is_empty() {
        return Err(Invalid::new(field, format!("no {what} given")));
    }
    bounds::text(s, limits().id_bytes, field, what)?;
    Ok(s.to_string())
}

/// A number of cards from the wire: at most the cards in the game.
fn card_count(n: u32, field: &'static str) -> Result<u32, Invalid> {
    bounds::at_most(n, u32_of(limits().cards), field, "a number of cards")
}

// ---- components -----------------------------------------------------------------------------

fn card_to(k: CardKind) -> pb::PantheonCard {
    use pb::PantheonCardType as T;
    match k {
        CardKind::Movement => pb::PantheonCard {
            r#type: T::Movement as i32,
            ..Default::default()
        },
        CardKind::Offering(o) => pb::PantheonCard {
            r#type: T::Offering as i32,
            offering: kind_to(o),
            money: 0,
        },
        CardKind::Money(v) => pb::PantheonCard {
            r#type: T::Money as i32,
            offering: 0,
            money: v,
        },
    }
}

fn cards_to(ks: &[CardKind]) -> Vec<pb::PantheonCard> {
    ks.iter().map(|k| card_to(*k)).collect()
}

/// An action card kind from the wire; an unset card is INVALID_ARGUMENT.
fn card_from(c: Option<&pb::PantheonCard>, field: &'static str) -> Result<CardKind, Invalid> {
    use pb::PantheonCardType as T;
    let Some(c) = c else {
        return Err(Invalid::new(field, "no card given"));
    };
    match T::try_from(c.r#type) {
        Ok(T::Movement) => Ok(CardKind::Movement),
        Ok(T::Offering) => Ok(CardKind::Offering(kind_from(c.offering, field)?)),
        Ok(T::Money) => Ok(CardKind::Money(money_value(c.money, field)?)),
        _ => Err(Invalid::new(field, format!("no card type {}", c.r#type))),
    }
}

fn source_to(s: CardSource) -> pb::PantheonCardSource {
    pb::PantheonCardSource {
        display_slot: match s {
            CardSource::Deck => None,
            CardSource::Display(i) => Some(i.into()),
        },
    }
}

fn token_effect_to(e: &TokenEffect) -> pb::PantheonTokenEffect {
    let TokenEffect {
        kind,
        pillars,
        footprints,
        mode,
        count,
        uses,
    } = *e;
    pb::PantheonTokenEffect {
        r#type: token_effect_kind_to(kind),
        pillars: pillars.unwrap_or(0),
        footprints: footprints.unwrap_or(0),
        either: mode == Some(SuppliesMode::Or),
        count: count.unwrap_or(0),
        uses: uses.unwrap_or(0),
        text: token_effect_words(e),
    }
}

fn god_to(g: &God) -> pb::PantheonGod {
    let God {
        id,
        name,
        requirement,
        effect: GodEffectData { kind },
    } = g;
    pb::PantheonGod {
        id: id.clone(),
        name: name.clone(),
        requirement: requirement.clone(),
        effect: god_effect_to(*kind),
        effect_text: god_effect_words(*kind).to_string(),
    }
}

fn token_to(t: &Token) -> pb::PantheonToken {
    let Token { id, effect } = t;
    pb::PantheonToken {
        id: id.clone(),
        effect: Some(token_effect_to(effect)),
    }
}

/// Where a god's or token's face comes from: a view carries the faces of those it names;
/// events name them by id, and their faces are the rules' catalogue.
#[derive(Clone, Copy)]
enum Faces<'a> {
    View(&'a Tiles),
    Catalog,
}

impl Faces<'_> {
    /// The god tile with this id as sent to clients.
    fn god(self, id: &str) -> pb::PantheonGod {
        let face = match self {
            Faces::View(t) => t.gods.get(id).copied(),
            Faces::Catalog => Catalog::shipped().god(id),
        };
        face.map(god_to).unwrap_or(pb::PantheonGod {
            id: id.to_string(),
            ..Default::default()
        })
    }

    fn token(face: Option<&Token>, id: &str) -> pb::PantheonToken {
        face.map(token_to).unwrap_or(pb::PantheonToken {
            id: id.to_string(),
            effect: None,
        })
    }

    /// The loot token with this id as sent to clients.
    fn loot(self, id: &str) -> pb::PantheonToken {
        let face = match self {
            Faces::View(t) => t.loot.get(id).copied(),
            Faces::Catalog => Catalog::shipped().loot_token(id),
        };
        Faces::token(face, id)
    }

    /// The bonus token with this id as sent to clients.
    fn bonus(self, id: &str) -> pb::PantheonToken {
        let face = match self {
            Faces::View(t) => t.bonus.get(id).copied(),
            Faces::Catalog => Catalog::shipped().bonus_token(id),
        };
        Faces::token(face, id)
    }

    fn gods(self, ids: &[String]) -> Vec<pb::PantheonGod> {
        ids.iter().map(|g| self.god(g)).collect()
    }

    fn loots(self, ids: &[String]) -> Vec<pb::PantheonToken> {
        ids.iter().map(|l| self.loot(l)).collect()
    }

    fn bonuses(self, ids: &[String]) -> Vec<pb::PantheonToken> {
        ids.iter().map(|b| self.bonus(b)).collect()
    }
}

// Events name gods and tokens by id; their faces come from the catalogue.
fn god(id: &str) -> pb::PantheonGod {
    Faces::Catalog.god(id)
}
fn gods(ids: &[String]) -> Vec<pb::PantheonGod> {
    Faces::Catalog.gods(ids)
}
fn loot(id: &str) -> pb::PantheonToken {
    Faces::Catalog.loot(id)
}
fn bonus(id: &str) -> pb::PantheonToken {
    Faces::Catalog.bonus(id)
}
fn bonuses(ids: &[String]) -> Vec<pb::PantheonToken> {
    Faces::Catalog.bonuses(ids)
}

// ---- config ---------------------------------------------------------------------------------

fn config_from(
    o: &pb::PantheonOptions,
    mode: Option<&Mode<PantheonConfig>>,
) -> Result<PantheonConfig, Invalid> {
    const PLAYERS: &str = "options.pantheon.players";
    let players_opt = match o.players {
        0 => None,
        n => Some(small(n, 2..=4, PLAYERS, "players")?),
    };
    let named = mode.map(|m| (m.name, m.config.players));
    let players = match (named, players_opt) {
        (Some((name, n)), Some(p)) if n != p => {
            return Err(Invalid::new(
                "mode",
                format!(
                    "`{}` has {n} players but options.pantheon.players is {p}",
                    name
                ),
            ));
        }
        (Some((_, n)), _) => n,
        (None, p) => p.unwrap_or(DEFAULT_PLAYERS),
    };
    // The rules check that the seat exists.
    let start_seat = o.start_seat.map(|s| s as usize);
    Ok(PantheonConfig {
        players,
        start_seat,
        bonus_choice: o.bonus_choice,
        start_material_by_player_count: o.start_material_by_player_count,
        max_turns_per_epoch: o.max_turns_per_epoch,
    })
}

// ---- view -----------------------------------------------------------------------------------

/// The board with every space's map data and its contents in `v`.
fn board_to(
    data: &[SpaceData],
    spaces: &[SpaceView],
    temple: Option<&str>,
    faces: Faces,
) -> pb::PantheonBoard {
    let contents: HashMap<&str, _> = spaces.iter().map(|s| (s.space.as_str(), s)).collect();
    let extent = |xs: &mut dyn Iterator<Item = Option<i32>>| {
        xs.flatten()
            .max()
            .map_or(0, |m| u32::try_from(m + 1).unwrap_or(0))
    };
    pb::PantheonBoard {
        cols: extent(&mut data.iter().map(|s| s.col)),
        rows: extent(&mut data.iter().map(|s| s.row)),
        spaces: data
            .iter()
            .map(|s| {
                let SpaceData {
                    id,
                    col,
                    row,
                    kind,
                    nation,
                    satellite_no,
                    name,
                } = s;
                let here = contents.get(id.as_str()).map(|h| {
                    let SpaceView {
                        space: _,
                        stones,
                        loot,
                    } = h;
                    (stones, loot)
                });
                pb::PantheonSpace {
                    id: id.clone(),
                    col: *col,
                    row: *row,
                    kind: space_kind_to(*kind),
                    nation: nation.map(nation_to).unwrap_or_default(),
                    satellite: satellite_no.map(u32::from).unwrap_or_default(),
                    name: name.clone().unwrap_or_default(),
                    stones: here
                        .map(|(stones, _)| {
                            stones
                                .iter()
                                .map(|(seat, stone)| pb::PantheonPlacedStone {
                                    seat: u32_of(*seat),
                                    stone: stone_to(*stone),
                                })
                                .collect()
                        })
                        .unwrap_or_default(),
                    loot: here.and_then(|(_, l)| l.as_deref()).map(|l| faces.loot(l)),
                    temple: temple == Some(id.as_str()),
                }
            })
            .collect(),
    }
}

fn player_to(p: &PlayerView, faces: Faces) -> pb::PantheonPlayer {
    let PlayerView {
        seat,
        vp,
        hand_count,
        hand,
        personal_pillars,
        personal_footprints,
        general_pillars,
        general_footprints,
        offerings,
        gods: owned_gods,
        extra_turn_used,
        demigods,
        loot,
        bonus: own_bonus,
        has_bonus,
        bonus_resolved,
        step_tokens,
    } = p;
    pb::PantheonPlayer {
        seat: u32_of(*seat),
        vp: *vp,
        hand_count: *hand_count,
        hand_visible: hand.is_some(),
        hand: hand.as_deref().map(cards_to).unwrap_or_default(),
        personal_pillars: *personal_pillars,
        personal_footprints: *personal_footprints,
        general_pillars: *general_pillars,
        general_footprints: *general_footprints,
        offerings: OfferingKind::ALL
            .iter()
            .zip(offerings)
            .filter(|(_, l)| **l > 0)
            .map(|(k, l)| pb::PantheonOffering {
                kind: kind_to(*k),
                level: (*l).into(),
            })
            .collect(),
        gods: faces.gods(owned_gods),
        extra_turn_used: *extra_turn_used,
        demigods: demigods
            .iter()
            .map(|v| pb::PantheonDemigod { value: *v })
            .collect(),
        loot: faces.loots(loot),
        bonus: own_bonus.as_deref().map(|b| faces.bonus(b)),
        has_bonus: *has_bonus,
        bonus_resolved: *bonus_resolved,
        step_tokens: *step_tokens,
    }
}

fn effect_to(e: Effect) -> pb::PantheonEffect {
    use pb::pantheon_effect::{self as pe, Kind as K};
    let kind = match e {
        Effect::Supplies {
            pillars,
            footprints,
            or,
        } => K::Supplies(pe::Supplies {
            pillars,
            footprints,
            either: or,
        }),
        Effect::DemigodFromDisplay => K::DemigodFromDisplay(pe::DemigodFromDisplay {}),
        Effect::DemigodFromStack => K::DemigodFromStack(pe::DemigodFromStack {}),
        Effect::GodTile => K::GodTile(pe::GodTile {}),
        Effect::Pillar => K::Pillar(pe::Pillar {}),
        Effect::Offering { uses } => K::Offering(pe::Offering { uses }),
        Effect::CardDraw { count } => K::CardDraw(pe::CardDraw { count }),
        Effect::SpecialMoney => K::SpecialMoney(pe::SpecialMoney {}),
        Effect::Steps { count } => K::Steps(pe::Steps { count }),
    };
    pb::PantheonEffect {
        kind: Some(kind),
        declinable: e.optional(),
        text: effect_words(e),
    }
}

fn effect_source_to(s: &EffectSource, faces: Faces) -> pb::PantheonEffectSource {
    use pb::pantheon_effect_source::Source;
    pb::PantheonEffectSource {
        source: Some(match s {
            EffectSource::Loot(id) => Source::Loot(faces.loot(id)),
            EffectSource::Bonus(id) => Source::Bonus(faces.bonus(id)),
            EffectSource::God(id) => Source::God(faces.god(id)),
        }),
    }
}

fn decision_to(d: &Decision, faces: Faces) -> pb::PantheonDecision {
    use pb::pantheon_decision::{self as pd, Kind as K};
    let kind = match d {
        Decision::ChooseBonus { seat: _ } => K::ChooseBonus(pd::ChooseBonus {}),
        Decision::GalliaChoice { seat: _ } => K::GalliaChoice(pd::GalliaChoice {}),
        Decision::GalliaTake { god: g, seat: _ } => K::GalliaTake(pd::GalliaTake {
            god: Some(faces.god(g)),
        }),
        Decision::DiscardToSeven { excess, seat: _ } => {
            K::DiscardToSeven(pd::DiscardToSeven { excess: *excess })
        }
        Decision::Aegyptus { seat: _ } => K::Aegyptus(pd::Aegyptus {}),
        Decision::Cartago { budget, seat: _ } => K::Cartago(pd::Cartago { budget: *budget }),
        Decision::Iberia { seat: _ } => K::Iberia(pd::Iberia {}),
        Decision::Roma { seat: _ } => K::Roma(pd::Roma {}),
        Decision::Effect {
            source,
            effect,
            seat: _,
        } => K::Effect(pd::Effect {
            source: Some(effect_source_to(source, faces)),
            effect: Some(effect_to(*effect)),
        }),
        Decision::ChooseAction { seat: _ } => K::ChooseAction(pd::ChooseAction {}),
        Decision::Placement {
            follower,
            steps,
            seat: _,
        } => K::Placement(pd::Placement {
            follower: *follower,
            steps: *steps,
        }),
        Decision::Purchase {
            budget,
            ops,
            seat: _,
        } => K::Purchase(pd::Purchase {
            budget: *budget,
            ops: *ops,
        }),
        Decision::DrawCards { remaining, seat: _ } => K::DrawCards(pd::DrawCards {
            remaining: *remaining,
        }),
        Decision::Follow { active, seat: _ } => K::Follow(pd::Follow {
            active: u32_of(*active),
        }),
        Decision::ExtraTurn { seat: _ } => K::ExtraTurn(pd::ExtraTurn {}),
    };
    pb::PantheonDecision {
        seat: u32_of(d.seat()),
        kind: Some(kind),
    }
}

/// The proto view of `v`: the board it carries with what lies on it, and the faces it names.
fn view_to(v: PantheonView) -> pb::game_view::Game {
    let PantheonView {
        viewer,
        epoch,
        track,
        nation_deck_count,
        god_stack_count,
        god_display,
        demigod_stack_count,
        demigod_display,
        loot_bag,
        bonus_pool,
        offering_supply,
        draw_pile_count,
        display,
        discard,
        special_money,
        spaces,
        temple,
        start_seat,
        turn_seat,
        turns_this_epoch,
        played,
        collected,
        players,
        decision,
        over,
        board,
        tiles,
    } = v;
    let faces = Faces::View(&tiles);
    let board = board_to(board, &spaces, temple.as_deref(), faces);
    pb::game_view::Game::Pantheon(pb::PantheonView {
        viewer: viewer.map(u32_of),
        epoch: epoch.into(),
        track: track.iter().map(|n| nation_to(*n)).collect(),
        nation_deck_count,
        god_stack_count,
        god_display: god_display
            .iter()
            .enumerate()
            .map(|(i, g)| pb::PantheonGodSlot {
                slot: u32_of(i),
                god: g.as_deref().map(|g| faces.god(g)),
            })
            .collect(),
        demigod_stack_count,
        demigod_display,
        loot_bag: loot_bag
            .iter()
            .map(|LootCount { effect, count }| pb::PantheonLootCount {
                effect: Some(token_effect_to(effect)),
                count: *count,
            })
            .collect(),
        bonus_pool: faces.bonuses(&bonus_pool),
        offering_supply: OfferingKind::ALL
            .iter()
            .zip(offering_supply)
            .map(|(k, [low, high])| pb::PantheonOfferingSupply {
                kind: kind_to(*k),
                low: low.into(),
                high: high.into(),
            })
            .collect(),
        draw_pile_count,
        display: display_to(&display),
        discard: cards_to(&discard),
        special_money,
        board: Some(board),
        temple: temple.unwrap_or_default(),
        start_seat: u32_of(start_seat),
        turn_seat: u32_of(turn_seat),
        turns_this_epoch,
        played: cards_to(&played),
        collected: faces.loots(&collected),
        players: players.iter().map(|p| player_to(p, faces)).collect(),
        decision: decision.as_ref().map(|d| decision_to(d, faces)),
        over,
    })
}

fn display_to(d: &[Option<CardKind>]) -> Vec<pb::PantheonDisplaySlot> {
    d.iter()
        .enumerate()
        .map(|(i, c)| pb::PantheonDisplaySlot {
            slot: u32_of(i),
            card: c.map(card_to),
        })
        .collect()
}

// ---- the mapping ----------------------------------------------------------------------------

impl ProtoGame for Pantheon {
    fn owns(action: &pb::Action) -> bool {
        matches!(action.game, Some(pb::action::Game::Pantheon(_)))
    }

    fn config_from_options(
        options: Option<&pb::GameOptions>,
        mode: Option<&Mode<PantheonConfig>>,
    ) -> Result<PantheonConfig, Invalid> {
        let o = match options.and_then(|o| o.game.as_ref()) {
            None => pb::PantheonOptions::default(),
            Some(pb::game_options::Game::Pantheon(o)) => *o,
            Some(_) => {
                return Err(Invalid::new(
                    "options",
                    "not Pantheon options (set options.pantheon)",
                ));
            }
        };
        config_from(&o, mode)
    }

    fn scenario_from_proto(
        scenario: Option<&pb::Scenario>,
    ) -> Result<Option<PantheonScenario>, Invalid> {
        let s = match scenario.and_then(|s| s.game.as_ref()) {
            None => return Ok(None),
            Some(pb::scenario::Game::Pantheon(s)) => s,
            Some(_) => {
                return Err(Invalid::new(
                    "scenario",
                    "not a Pantheon scenario (set scenario.pantheon)",
                ));
            }
        };
        const BOARD: &str = "scenario.pantheon.board";
        const NATIONS_FIELD: &str = "scenario.pantheon.nations";
        let board = match s.board.as_deref() {
            None => None,
            Some(b) if BOARD_FIXTURES.contains(&b) => Some(b.to_string()),
            Some(b) => {
                return Err(Invalid::new(
                    BOARD,
                    format!(
                        "no board `{}` ({})",
                        super::truncate(b),
                        BOARD_FIXTURES.join(", ")
                    ),
                ));
            }
        };
        let nations = if s.nations.is_empty() {
            None
        } else {
            Some(
                s.nations
                    .iter()
                    .map(|n| nation_from(*n, NATIONS_FIELD))
                    .collect::<Result<Vec<_>, _>>()?,
            )
        };
        let l = limits();
        bounds::entries(&s.nations, NATIONS, NATIONS_FIELD, "the nation deck")?;
        let lists: [(&[String], usize, &'static str, &str); 4] = [
            (&s.gods, l.gods, "scenario.pantheon.gods", "god"),
            (
                &s.action_cards,
                l.cards,
                "scenario.pantheon.action_cards",
                "card",
            ),
            (&s.loot, l.loot, "scenario.pantheon.loot", "loot token"),
            (&s.bonus, l.bonus, "scenario.pantheon.bonus", "bonus token"),
        ];
        for (xs, most, field, what) in lists {
            bounds::entries(xs, most, field, what)?;
            for x in xs {
                bounds::text(x, l.id_bytes, field, what)?;
            }
        }
        const DEMIGODS: &str = "scenario.pantheon.demigods";
        bounds::entries(&s.demigods, l.demigods, DEMIGODS, "the demigod stack")?;
        for &d in &s.demigods {
            bounds::at_most(d, l.demigod_value, DEMIGODS, "a demigod's value")?;
        }
        let list = |xs: &[String]| (!xs.is_empty()).then(|| xs.to_vec());
        Ok(Some(PantheonScenario {
            board,
            nations,
            gods: list(&s.gods),
            action_cards: list(&s.action_cards),
            loot: list(&s.loot),
            bonus: list(&s.bonus),
            demigods: (!s.demigods.is_empty()).then(|| s.demigods.clone()),
        }))
    }

    fn action_from_proto(action: &pb::Action) -> Result<PantheonAction, Invalid> {
        use PantheonAction as X;
        use pb::pantheon_action::resolve_effect::Choice;
        let Some(pb::action::Game::Pantheon(a)) = &action.game else {
            return Err(Invalid::new("action", "not a Pantheon action"));
        };
        Ok(match &a.kind {
            None => return Err(Invalid::new("action.pantheon", "no action kind set")),
            Some(A::ChooseBonusToken(b)) => X::ChooseBonusToken {
                bonus: id(
                    &b.bonus,
                    "action.pantheon.choose_bonus_token.bonus",
                    "bonus token",
                )?,
            },
            Some(A::GalliaDrawTwo(_)) => X::GalliaDrawTwo,
            Some(A::GalliaRevealGod(_)) => X::GalliaRevealGod,
            Some(A::GalliaTakeGod(g)) => X::GalliaTakeGod {
                kind: kind_from(g.kind, "action.pantheon.gallia_take_god.kind")?,
            },
            Some(A::GalliaDeclineGod(_)) => X::GalliaDeclineGod,
            Some(A::DiscardToSeven(d)) => X::DiscardToSeven {
                cards: {
                    const CARDS: &str = "action.pantheon.discard_to_seven.cards";
                    bounds::entries(&d.cards, limits().cards, CARDS, "a hand")?;
                    d.cards
                        .iter()
                        .map(|c| {
                            Ok((
                                card_from(c.card.as_ref(), CARDS)?,
                                card_count(
                                    c.count,
                                    "action.pantheon.discard_to_seven.cards.count",
                                )?,
                            ))
                        })
                        .collect::<Result<Vec<_>, Invalid>>()?
                },
            },
            Some(A::AegyptusExchange(e)) => X::AegyptusExchange {
                x: bounds::within(
                    e.x,
                    SUPPLY_PIECES,
                    "action.pantheon.aegyptus_exchange.x",
                    "an exchange",
                )?,
            },
            Some(A::CartagoBuyOffering(b)) => X::CartagoBuyOffering {
                kind: kind_from(b.kind, "action.pantheon.cartago_buy_offering.kind")?,
                level: level(b.level, "action.pantheon.cartago_buy_offering.level")?,
            },
            Some(A::CartagoUpgradeOffering(u)) => X::CartagoUpgradeOffering {
                kind: kind_from(u.kind, "action.pantheon.cartago_upgrade_offering.kind")?,
                level: level(u.level, "action.pantheon.cartago_upgrade_offering.level")?,
            },
            Some(A::CartagoBuyStone(b)) => X::CartagoBuyStone {
                stone: stone_from(b.stone, "action.pantheon.cartago_buy_stone.stone")?,
            },
            Some(A::CartagoDone(_)) => X::CartagoDone,
            Some(A::IberiaTakeOffering(t)) => X::IberiaTakeOffering {
                kind: kind_from(t.kind, "action.pantheon.iberia_take_offering.kind")?,
            },
            Some(A::IberiaUpgrade(u)) => X::IberiaUpgrade {
                kind: kind_from(u.kind, "action.pantheon.iberia_upgrade.kind")?,
            },
            Some(A::IberiaPass(_)) => X::IberiaPass,
            Some(A::RomaDrawTwo(_)) => X::RomaDrawTwo,
            Some(A::RomaPass(_)) => X::RomaPass,
            Some(A::ResolveEffect(r)) => X::ResolveEffect {
                choice: match &r.choice {
                    None => EffectChoice::Plain,
                    Some(Choice::Space(s)) => {
                        EffectChoice::Space(id(s, "action.pantheon.resolve_effect.space", "space")?)
                    }
                    Some(Choice::Kind(k)) => {
                        EffectChoice::Kind(kind_from(*k, "action.pantheon.resolve_effect.kind")?)
                    }
                    Some(Choice::Stone(s)) => {
                        EffectChoice::Stone(stone_from(*s, "action.pantheon.resolve_effect.stone")?)
                    }
                },
            },
            Some(A::DeclineEffect(_)) => X::DeclineEffect,
            Some(A::StartMovement(m)) => X::StartMovement {
                n: card_count(m.n, "action.pantheon.start_movement.n")?,
            },
            Some(A::StartPurchase(p)) => X::StartPurchase {
                money: {
                    const MONEY: &str = "action.pantheon.start_purchase.money";
                    bounds::entries(&p.money, MONEY_VALUES, MONEY, "the money values")?;
                    p.money
                        .iter()
                        .map(|m| {
                            Ok((
                                money_value(m.value, MONEY)?,
                                card_count(m.count, "action.pantheon.start_purchase.money.count")?,
                            ))
                        })
                        .collect::<Result<Vec<_>, Invalid>>()?
                },
            },
            Some(A::TakeGod(t)) => X::TakeGod {
                kinds: {
                    const KINDS: &str = "action.pantheon.take_god.kinds";
                    bounds::entries(&t.kinds, limits().god_groups, KINDS, "a god's groups")?;
                    bounds::entries(
                        &t.wildcards,
                        limits().god_pieces,
                        "action.pantheon.take_god.wildcards",
                        "a sacrifice",
                    )?;
                    t.kinds
                        .iter()
                        .map(|k| kind_from(*k, KINDS))
                        .collect::<Result<Vec<_>, _>>()?
                },
                // PTH-3.2: the display holds one god more than there are players (at most 5).
                slot: small(t.slot, 0..=4, "action.pantheon.take_god.slot", "slot")?,
                wildcards: t
                    .wildcards
                    .iter()
                    .map(|w| {
                        // A group index of the god's requirement.
                        small(
                            *w,
                            0..=u8::try_from(limits().god_groups.saturating_sub(1))
                                .unwrap_or(u8::MAX),
                            "action.pantheon.take_god.wildcards",
                            "group",
                        )
                    })
                    .collect::<Result<Vec<_>, _>>()?,
            },
            Some(A::DrawCard(d)) => X::DrawCard {
                source: match d.source.and_then(|s| s.display_slot) {
                    None => CardSource::Deck,
                    Some(i) => CardSource::Display(small(
                        i,
                        0..=3,
                        "action.pantheon.draw_card.source.display_slot",
                        "display slot",
                    )?),
                },
            },
            Some(A::PlaceFootprint(p)) => X::PlaceFootprint {
                space: id(&p.space, "action.pantheon.place_footprint.space", "space")?,
                take_loot: p.take_loot,
            },
            Some(A::PlacePillar(p)) => X::PlacePillar {
                space: id(&p.space, "action.pantheon.place_pillar.space", "space")?,
            },
            Some(A::EndPlacement(_)) => X::EndPlacement,
            Some(A::BuyOffering(b)) => X::BuyOffering {
                kind: kind_from(b.kind, "action.pantheon.buy_offering.kind")?,
                level: level(b.level, "action.pantheon.buy_offering.level")?,
            },
            Some(A::UpgradeOffering(u)) => X::UpgradeOffering {
                kind: kind_from(u.kind, "action.pantheon.upgrade_offering.kind")?,
                level: level(u.level, "action.pantheon.upgrade_offering.level")?,
            },
            Some(A::BuyStone(b)) => X::BuyStone {
                stone: stone_from(b.stone, "action.pantheon.buy_stone.stone")?,
            },
            Some(A::EndPurchase(_)) => X::EndPurchase,
            Some(A::FollowMove(f)) => X::FollowMove {
                n: card_count(f.n, "action.pantheon.follow_move.n")?,
            },
            Some(A::FollowDraw(_)) => X::FollowDraw,
            Some(A::FollowPass(_)) => X::FollowPass,
            Some(A::TakeExtraTurn(_)) => X::TakeExtraTurn,
            Some(A::DeclineExtraTurn(_)) => X::DeclineExtraTurn,
        })
    }

    fn action_to_proto(action: &PantheonAction) -> pb::Action {
        use PantheonAction as X;
        use pb::pantheon_action::{self as pa, resolve_effect::Choice};
        let kind = match action {
            X::ChooseBonusToken { bonus } => A::ChooseBonusToken(pa::ChooseBonusToken {
                bonus: bonus.clone(),
            }),
            X::GalliaDrawTwo => A::GalliaDrawTwo(pa::GalliaDrawTwo {}),
            X::GalliaRevealGod => A::GalliaRevealGod(pa::GalliaRevealGod {}),
            X::GalliaTakeGod { kind } => A::GalliaTakeGod(pa::GalliaTakeGod {
                kind: kind_to(*kind),
            }),
            X::GalliaDeclineGod => A::GalliaDeclineGod(pa::GalliaDeclineGod {}),
            X::DiscardToSeven { cards } => A::DiscardToSeven(pa::DiscardToSeven {
                cards: cards
                    .iter()
                    .map(|(k, n)| pb::PantheonCardCount {
                        card: Some(card_to(*k)),
                        count: *n,
                    })
                    .collect(),
            }),
            X::AegyptusExchange { x } => A::AegyptusExchange(pa::AegyptusExchange { x: *x }),
            X::CartagoBuyOffering { kind, level } => {
                A::CartagoBuyOffering(pa::CartagoBuyOffering {
                    kind: kind_to(*kind),
                    level: (*level).into(),
                })
            }
            X::CartagoUpgradeOffering { kind, level } => {
                A::CartagoUpgradeOffering(pa::CartagoUpgradeOffering {
                    kind: kind_to(*kind),
                    level: (*level).into(),
                })
            }
            X::CartagoBuyStone { stone } => A::CartagoBuyStone(pa::CartagoBuyStone {
                stone: stone_to(*stone),
            }),
            X::CartagoDone => A::CartagoDone(pa::CartagoDone {}),
            X::IberiaTakeOffering { kind } => A::IberiaTakeOffering(pa::IberiaTakeOffering {
                kind: kind_to(*kind),
            }),
            X::IberiaUpgrade { kind } => A::IberiaUpgrade(pa::IberiaUpgrade {
                kind: kind_to(*kind),
            }),
            X::IberiaPass => A::IberiaPass(pa::IberiaPass {}),
            X::RomaDrawTwo => A::RomaDrawTwo(pa::RomaDrawTwo {}),
            X::RomaPass => A::RomaPass(pa::RomaPass {}),
            X::ResolveEffect { choice } => A::ResolveEffect(pa::ResolveEffect {
                choice: match choice {
                    EffectChoice::Plain => None,
                    EffectChoice::Space(s) => Some(Choice::Space(s.clone())),
                    EffectChoice::Kind(k) => Some(Choice::Kind(kind_to(*k))),
                    EffectChoice::Stone(s) => Some(Choice::Stone(stone_to(*s))),
                },
            }),
            X::DeclineEffect => A::DeclineEffect(pa::DeclineEffect {}),
            X::StartMovement { n } => A::StartMovement(pa::StartMovement { n: *n }),
            X::StartPurchase { money } => A::StartPurchase(pa::StartPurchase {
                money: money
                    .iter()
                    .map(|(value, count)| pb::PantheonMoneyCount {
                        value: *value,
                        count: *count,
                    })
                    .collect(),
            }),
            X::TakeGod {
                slot,
                kinds,
                wildcards,
            } => A::TakeGod(pa::TakeGod {
                slot: (*slot).into(),
                kinds: kinds.iter().map(|k| kind_to(*k)).collect(),
                wildcards: wildcards.iter().map(|w| u32::from(*w)).collect(),
            }),
            X::DrawCard { source } => A::DrawCard(pa::DrawCard {
                source: Some(source_to(*source)),
            }),
            X::PlaceFootprint { space, take_loot } => A::PlaceFootprint(pa::PlaceFootprint {
                space: space.clone(),
                take_loot: *take_loot,
            }),
            X::PlacePillar { space } => A::PlacePillar(pa::PlacePillar {
                space: space.clone(),
            }),
            X::EndPlacement => A::EndPlacement(pa::EndPlacement {}),
            X::BuyOffering { kind, level } => A::BuyOffering(pa::BuyOffering {
                kind: kind_to(*kind),
                level: (*level).into(),
            }),
            X::UpgradeOffering { kind, level } => A::UpgradeOffering(pa::UpgradeOffering {
                kind: kind_to(*kind),
                level: (*level).into(),
            }),
            X::BuyStone { stone } => A::BuyStone(pa::BuyStone {
                stone: stone_to(*stone),
            }),
            X::EndPurchase => A::EndPurchase(pa::EndPurchase {}),
            X::FollowMove { n } => A::FollowMove(pa::FollowMove { n: *n }),
            X::FollowDraw => A::FollowDraw(pa::FollowDraw {}),
            X::FollowPass => A::FollowPass(pa::FollowPass {}),
            X::TakeExtraTurn => A::TakeExtraTurn(pa::TakeExtraTurn {}),
            X::DeclineExtraTurn => A::DeclineExtraTurn(pa::DeclineExtraTurn {}),
        };
        pb::Action {
            game: Some(pb::action::Game::Pantheon(pb::PantheonAction {
                kind: Some(kind),
            })),
        }
    }

    fn view_to_proto(v: PantheonView) -> pb::game_view::Game {
        view_to(v)
    }

    fn event_to_proto(e: PantheonEvent) -> pb::event::Game {
        use PantheonEvent as X;
        use pb::pantheon_event as pe;
        let s = u32_of;
        let kind = match e {
            X::SetupDone {
                start_seat,
                display,
                special_money,
            } => E::SetupDone(pe::SetupDone {
                start_seat: s(start_seat),
                display: display_to(&display),
                special_money,
            }),
            X::HandDealt { seat, count, cards } => E::HandDealt(pe::HandDealt {
                seat: s(seat),
                count,
                cards: cards.as_deref().map(cards_to).unwrap_or_default(),
            }),
            X::BonusDealt { seat, bonus: b } => E::BonusDealt(pe::BonusDealt {
                seat: s(seat),
                bonus: b.as_deref().map(bonus),
            }),
            X::NationRevealed { epoch, nation } => E::NationRevealed(pe::NationRevealed {
                epoch: epoch.into(),
                nation: nation_to(nation),
            }),
            X::GodsRevealed { gods: gs } => E::GodsRevealed(pe::GodsRevealed { gods: gods(&gs) }),
            X::LootPlaced { space, loot: l } => E::LootPlaced(pe::LootPlaced {
                space,
                loot: Some(loot(&l)),
            }),
            X::DemigodDisplayed { value } => E::DemigodDisplayed(pe::DemigodDisplayed { value }),
            X::BonusChosen { seat, bonus: b } => E::BonusChosen(pe::BonusChosen {
                seat: s(seat),
                bonus: Some(bonus(&b)),
            }),
            X::BonusesBoxed { bonuses: bs } => E::BonusesBoxed(pe::BonusesBoxed {
                bonuses: bonuses(&bs),
            }),
            X::SpecialMoneyReordered { special_money } => {
                E::SpecialMoneyReordered(pe::SpecialMoneyReordered { special_money })
            }
            X::TemplePlaced { space } => E::TemplePlaced(pe::TemplePlaced { space }),
            X::BonusResolved { seat, bonus: b } => E::BonusResolved(pe::BonusResolved {
                seat: s(seat),
                bonus: Some(bonus(&b)),
            }),
            X::TurnStarted { seat, epoch } => E::TurnStarted(pe::TurnStarted {
                seat: s(seat),
                epoch: epoch.into(),
            }),
            X::MovementStarted {
                seat,
                follower,
                cards,
                steps,
            } => E::MovementStarted(pe::MovementStarted {
                seat: s(seat),
                follower,
                cards,
                steps,
            }),
            X::FollowerDeclined { seat, drew } => E::FollowerDeclined(pe::FollowerDeclined {
                seat: s(seat),
                drew,
            }),
            X::StonePlaced {
                seat,
                space,
                stone,
                cost,
                loot: l,
            } => E::StonePlaced(pe::StonePlaced {
                seat: s(seat),
                space,
                stone: stone_to(stone),
                cost,
                loot: l.as_deref().map(loot),
            }),
            X::CardsDiscarded { seat, cards } => E::CardsDiscarded(pe::CardsDiscarded {
                seat: s(seat),
                cards: cards_to(&cards),
            }),
            X::PlayedCardsDiscarded { seat, cards } => {
                E::PlayedCardsDiscarded(pe::PlayedCardsDiscarded {
                    seat: s(seat),
                    cards: cards_to(&cards),
                })
            }
            X::PurchaseStarted {
                seat,
                cards,
                budget,
            } => E::PurchaseStarted(pe::PurchaseStarted {
                seat: s(seat),
                cards: cards_to(&cards),
                budget,
            }),
            X::OfferingGained {
                seat,
                kind,
                level,
                cost,
            } => E::OfferingGained(pe::OfferingGained {
                seat: s(seat),
                kind: kind_to(kind),
                level: level.into(),
                cost,
            }),
            X::OfferingUpgraded {
                seat,
                kind,
                from,
                to,
                cost,
            } => E::OfferingUpgraded(pe::OfferingUpgraded {
                seat: s(seat),
                kind: kind_to(kind),
                from_level: from.into(),
                to_level: to.into(),
                cost,
            }),
            X::StonesGained {
                seat,
                pillars,
                footprints,
                cost,
            } => E::StonesGained(pe::StonesGained {
                seat: s(seat),
                pillars,
                footprints,
                cost,
            }),
            X::GodTaken {
                seat,
                god: g,
                vp,
                cards,
            } => E::GodTaken(pe::GodTaken {
                seat: s(seat),
                god: Some(god(&g)),
                vp,
                cards: cards_to(&cards),
            }),
            X::GalliaGodRevealed { seat, god: g } => E::GalliaGodRevealed(pe::GalliaGodRevealed {
                seat: s(seat),
                god: Some(god(&g)),
            }),
            X::GodBoxed { god: g } => E::GodBoxed(pe::GodBoxed { god: Some(god(&g)) }),
            X::CardDrawn { seat, source, card } => E::CardDrawn(pe::CardDrawn {
                seat: s(seat),
                source: Some(source_to(source)),
                card: card.map(card_to),
            }),
            X::DisplayRefilled { slot, card } => E::DisplayRefilled(pe::DisplayRefilled {
                slot: slot.into(),
                card: card.map(card_to),
            }),
            X::Reshuffled { cards } => E::Reshuffled(pe::Reshuffled { cards }),
            X::HandsDiscarded { cards } => E::HandsDiscarded(pe::HandsDiscarded {
                hands: cards
                    .iter()
                    .map(|h| pb::PantheonCards { cards: cards_to(h) })
                    .collect(),
            }),
            X::DemigodTaken {
                seat,
                from_display,
                value,
            } => E::DemigodTaken(pe::DemigodTaken {
                seat: s(seat),
                from_display,
                value,
            }),
            X::SpecialMoneyTaken { seat, value } => E::SpecialMoneyTaken(pe::SpecialMoneyTaken {
                seat: s(seat),
                value,
            }),
            X::BonusPillarPlaced { seat, space } => E::BonusPillarPlaced(pe::BonusPillarPlaced {
                seat: s(seat),
                space,
            }),
            X::StepsGained { seat, steps } => E::StepsGained(pe::StepsGained {
                seat: s(seat),
                steps,
            }),
            X::EffectSkipped { seat, declined } => E::EffectSkipped(pe::EffectSkipped {
                seat: s(seat),
                declined,
            }),
            X::TurnEnded { seat, phase_over } => E::TurnEnded(pe::TurnEnded {
                seat: s(seat),
                phase_over,
            }),
            X::ExtraTurnTaken { seat } => E::ExtraTurnTaken(pe::ExtraTurnTaken { seat: s(seat) }),
            X::EpochVp { seat, vp } => E::EpochVp(pe::EpochVp { seat: s(seat), vp }),
            X::TemplePassed { to } => E::TemplePassed(pe::TemplePassed { seat: s(to) }),
            X::EpochEnded { epoch } => E::EpochEnded(pe::EpochEnded {
                epoch: epoch.into(),
            }),
            X::Scored {
                seat,
                demigods,
                pillars,
                gods,
                total,
            } => E::Scored(pe::Scored {
                seat: s(seat),
                demigods,
                pillars,
                gods,
                total,
            }),
            X::GameOver {
                vp,
                demigods,
                winners,
            } => E::GameOver(pe::GameOver {
                vp,
                demigods: demigods
                    .into_iter()
                    .map(|values| pb::PantheonDemigodValues { values })
                    .collect(),
                winners: seats(&winners),
            }),
        };
        pb::event::Game::Pantheon(pb::PantheonEvent { kind: Some(kind) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablero_rules::Game;

    /// The modes with their players, as the rules must list them.
    const MODES: [(&str, u8); 3] = [("two_player", 2), ("three_player", 3), ("four_player", 4)];
    use tablero_rules::Viewer;
    use tablero_rules::pantheon::PantheonState;

    fn proto_view(state: &PantheonState, viewer: Viewer) -> pb::PantheonView {
        let pb::game_view::Game::Pantheon(v) =
            Pantheon::view_to_proto(Pantheon::view(state, viewer))
        else {
            panic!("not a Pantheon view")
        };
        v
    }

    fn proto_event(e: PantheonEvent) -> pb::PantheonEvent {
        let pb::event::Game::Pantheon(pe) = Pantheon::event_to_proto(e) else {
            panic!("not a Pantheon event")
        };
        pe
    }

    fn mode_config(name: &str) -> PantheonConfig {
        Pantheon::config_from_proto(None, Some(name)).unwrap()
    }

    #[test]
    fn a_seat_sees_nothing_private_of_another() {
        let config = mode_config("three_player");
        let st = Pantheon::setup(&config, 42).unwrap();
        // Right after setup: hands dealt, bonus tokens dealt face down (random variant).
        let own = proto_view(&st, Viewer::Seat(1));
        let other = proto_view(&st, Viewer::Seat(0));
        let spectator = proto_view(&st, Viewer::Spectator);
        let me = &own.players[1];
        assert!(me.hand_visible && me.hand_count == 5 && me.hand.len() == 5);
        assert!(
            me.has_bonus && me.bonus.is_some(),
            "a seat sees its own bonus"
        );
        for v in [&other, &spectator] {
            let them = &v.players[1];
            assert!(!them.hand_visible && them.hand.is_empty());
            assert_eq!(them.hand_count, 5, "hand sizes are public");
            assert!(
                them.has_bonus && them.bonus.is_none(),
                "the bonus is hidden"
            );
        }
        // The setup events: the hand and the bonus of seat 1 only to seat 1.
        for e in Pantheon::setup_events(&st) {
            let (PantheonEvent::HandDealt { seat: 1, .. }
            | PantheonEvent::BonusDealt { seat: 1, .. }) = e
            else {
                continue;
            };
            let mine = proto_event(Pantheon::redact_event(&e, Viewer::Seat(1)).unwrap());
            let theirs = proto_event(Pantheon::redact_event(&e, Viewer::Seat(2)).unwrap());
            match (mine.kind, theirs.kind) {
                (Some(E::HandDealt(m)), Some(E::HandDealt(t))) => {
                    assert_eq!(m.cards.len(), 5);
                    assert!(t.cards.is_empty());
                    assert_eq!(t.count, 5);
                }
                (Some(E::BonusDealt(m)), Some(E::BonusDealt(t))) => {
                    assert!(m.bonus.is_some() && t.bonus.is_none());
                }
                other => panic!("{other:?}"),
            }
        }
        // A demigod taken face down from the stack: its value for its owner only.
        let e = PantheonEvent::DemigodTaken {
            seat: 2,
            from_display: false,
            value: Some(5),
        };
        let theirs = proto_event(Pantheon::redact_event(&e, Viewer::Seat(0)).unwrap());
        assert_eq!(
            theirs.kind,
            Some(E::DemigodTaken(pb::pantheon_event::DemigodTaken {
                seat: 2,
                from_display: false,
                value: None,
            }))
        );
    }

    /// The event kinds random games rarely reach convert too.
    #[test]
    fn rare_events_convert() {
        use pb::pantheon_event as pe;
        let cases = [
            (
                PantheonEvent::GalliaGodRevealed {
                    seat: 1,
                    god: "G01".into(),
                },
                E::GalliaGodRevealed(pe::GalliaGodRevealed {
                    seat: 1,
                    god: Some(god("G01")),
                }),
            ),
            (
                PantheonEvent::GodBoxed { god: "G02".into() },
                E::GodBoxed(pe::GodBoxed {
                    god: Some(god("G02")),
                }),
            ),
            (
                PantheonEvent::SpecialMoneyReordered {
                    special_money: vec![5, 4, 4],
                },
                E::SpecialMoneyReordered(pe::SpecialMoneyReordered {
                    special_money: vec![5, 4, 4],
                }),
            ),
            (
                PantheonEvent::BonusPillarPlaced {
                    seat: 0,
                    space: "c00r00".into(),
                },
                E::BonusPillarPlaced(pe::BonusPillarPlaced {
                    seat: 0,
                    space: "c00r00".into(),
                }),
            ),
            (
                PantheonEvent::StonesGained {
                    seat: 3,
                    pillars: -2,
                    footprints: 2,
                    cost: 0,
                },
                E::StonesGained(pe::StonesGained {
                    seat: 3,
                    pillars: -2,
                    footprints: 2,
                    cost: 0,
                }),
            ),
            (
                PantheonEvent::ExtraTurnTaken { seat: 2 },
                E::ExtraTurnTaken(pe::ExtraTurnTaken { seat: 2 }),
            ),
            (
                PantheonEvent::Reshuffled { cards: 40 },
                E::Reshuffled(pe::Reshuffled { cards: 40 }),
            ),
            (
                PantheonEvent::HandsDiscarded {
                    cards: vec![vec![CardKind::Movement], vec![]],
                },
                E::HandsDiscarded(pe::HandsDiscarded {
                    hands: vec![
                        pb::PantheonCards {
                            cards: vec![card_to(CardKind::Movement)],
                        },
                        pb::PantheonCards { cards: vec![] },
                    ],
                }),
            ),
            (
                PantheonEvent::SpecialMoneyTaken { seat: 1, value: 3 },
                E::SpecialMoneyTaken(pe::SpecialMoneyTaken { seat: 1, value: 3 }),
            ),
            (
                PantheonEvent::StepsGained { seat: 0, steps: 1 },
                E::StepsGained(pe::StepsGained { seat: 0, steps: 1 }),
            ),
            (
                PantheonEvent::EffectSkipped {
                    seat: 0,
                    declined: true,
                },
                E::EffectSkipped(pe::EffectSkipped {
                    seat: 0,
                    declined: true,
                }),
            ),
            (
                PantheonEvent::CardsDiscarded {
                    seat: 0,
                    cards: vec![CardKind::Money(1)],
                },
                E::CardsDiscarded(pe::CardsDiscarded {
                    seat: 0,
                    cards: vec![card_to(CardKind::Money(1))],
                }),
            ),
        ];
        for (event, want) in cases {
            assert!(!Pantheon::event_summary(&event).is_empty());
            assert_eq!(proto_event(event).kind, Some(want));
        }
        assert_eq!(
            Pantheon::event_summary(&PantheonEvent::StonesGained {
                seat: 3,
                pillars: -2,
                footprints: 2,
                cost: 0,
            }),
            "Seat 3 takes 2 footprints and returns 2 pillars"
        );
    }

    #[test]
    fn every_tile_and_token_carries_its_data() {
        let cat = Catalog::shipped();
        for g in &cat.gods {
            let p = god(&g.id);
            assert_eq!(p.id, g.id);
            assert_eq!(p.name, g.name);
            assert_eq!(p.requirement, g.requirement);
            assert_ne!(p.effect, 0);
            assert!(!p.effect_text.is_empty());
        }
        for (tokens, get) in [
            (&cat.loot, loot as fn(&str) -> pb::PantheonToken),
            (&cat.bonus, bonus),
        ] {
            for t in tokens {
                let p = get(&t.id);
                let e = p.effect.expect("an effect");
                assert_ne!(e.r#type, 0);
                assert!(!e.text.is_empty());
            }
        }
        let supplies = token_effect_to(&TokenEffect {
            kind: TokenEffectKind::Supplies,
            pillars: Some(2),
            footprints: Some(2),
            mode: Some(SuppliesMode::Or),
            count: None,
            uses: None,
        });
        assert!(supplies.either);
        assert_eq!(supplies.text, "2 pillars or 2 footprints");
        // Every card kind round-trips.
        let mut ks = vec![CardKind::Movement];
        ks.extend(OfferingKind::ALL.map(CardKind::Offering));
        ks.extend((1..=5).map(CardKind::Money));
        for k in ks {
            assert_eq!(card_from(Some(&card_to(k)), "card").unwrap(), k);
        }
        // The shipped board: every space with its map data. Persia's effect asks nobody, so
        // the temple stands after setup.
        let persia = PantheonScenario {
            nations: Some(vec![Nation::Persia]),
            ..Default::default()
        };
        let v = proto_view(
            &Pantheon::setup_scenario(&PantheonConfig::new(2), &persia, 1).unwrap(),
            Viewer::Spectator,
        );
        let b = v.board.unwrap();
        assert_eq!(b.spaces.len(), cat.board.spaces.len());
        assert!(b.cols > 0 && b.rows > 0);
        assert!(b.spaces.iter().all(|s| s.col.is_some() && s.row.is_some()));
        let mains: Vec<_> = b
            .spaces
            .iter()
            .filter(|s| s.kind == pb::PantheonSpaceKind::Main as i32)
            .collect();
        assert_eq!(mains.len(), 8);
        assert!(mains.iter().all(|s| s.nation != 0));
        let satellites = b
            .spaces
            .iter()
            .filter(|s| s.kind == pb::PantheonSpaceKind::Satellite as i32);
        assert!(satellites.clone().count() > 0);
        assert!(
            satellites
                .clone()
                .all(|s| (1..=5).contains(&s.satellite) && s.nation != 0)
        );
        // Epoch 1's loot lies on the board, each token with the face the view carries; the
        // temple on the nation's main space.
        assert!(b.spaces.iter().any(|s| s.loot.is_some()));
        assert!(
            b.spaces
                .iter()
                .filter_map(|s| s.loot.as_ref())
                .all(|l| l.effect.is_some())
        );
        let temple = b.spaces.iter().find(|s| s.temple).expect("the temple");
        assert_eq!(temple.id, v.temple);
        assert_eq!(temple.kind, pb::PantheonSpaceKind::Main as i32);
        assert_eq!(temple.nation, v.track[0]);
    }

    fn from_options(o: pb::PantheonOptions, mode: Option<&str>) -> Result<PantheonConfig, Invalid> {
        Pantheon::config_from_proto(
            Some(&pb::GameOptions {
                game: Some(pb::game_options::Game::Pantheon(o)),
            }),
            mode,
        )
    }

    #[test]
    fn configs_from_the_mode_names() {
        assert_eq!(Pantheon::NAME, "pantheon");
        let modes: Vec<(&str, u32)> = Pantheon::modes()
            .iter()
            .map(|m| (m.name, m.seats as u32))
            .collect();
        assert_eq!(
            modes,
            [("two_player", 2), ("three_player", 3), ("four_player", 4)]
        );
        for (name, players) in MODES {
            let c = Pantheon::config_from_proto(None, Some(name)).unwrap();
            assert_eq!(c, PantheonConfig::new(players), "{name}: the standard game");
            assert_eq!(Pantheon::seat_count(&c).unwrap(), players as usize);
            let o = pb::PantheonOptions {
                players: players.into(),
                ..Default::default()
            };
            assert_eq!(from_options(o, Some(name)).unwrap(), c);
            assert_eq!(from_options(o, None).unwrap(), c);
        }
        assert_eq!(
            Pantheon::config_from_proto(None, None).unwrap(),
            PantheonConfig::new(2)
        );
    }

    #[test]
    fn options_map_to_the_config() {
        let c = from_options(
            pb::PantheonOptions {
                players: 0,
                start_seat: Some(3),
                bonus_choice: true,
                start_material_by_player_count: true,
                max_turns_per_epoch: 25,
            },
            Some("four_player"),
        )
        .unwrap();
        assert_eq!(
            c,
            PantheonConfig {
                players: 4,
                start_seat: Some(3),
                bonus_choice: true,
                start_material_by_player_count: true,
                max_turns_per_epoch: 25,
            }
        );
        let st = Pantheon::setup(&c, 9).unwrap();
        let v = proto_view(&st, Viewer::Spectator);
        assert_eq!(v.start_seat, 3);
        assert_eq!(v.bonus_pool.len(), 6, "bonus choice: all tokens face up");
        assert!(v.bonus_pool.iter().all(|b| b.effect.is_some()));
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
        let with = |players, start_seat, mode| {
            from_options(
                pb::PantheonOptions {
                    players,
                    start_seat,
                    ..Default::default()
                },
                mode,
            )
        };
        invalid(Pantheon::config_from_proto(None, Some("solo")), "mode");
        invalid(
            Pantheon::config_from_proto(None, Some("TWO_PLAYER")),
            "mode",
        );
        invalid(with(3, None, Some("two_player")), "mode");
        invalid(with(1, None, None), "options.pantheon.players");
        invalid(with(5, None, None), "options.pantheon.players");
        invalid(with(300, None, None), "options.pantheon.players");
        invalid(with(0, Some(2), None), "options.pantheon.start_seat");
        invalid(
            with(0, Some(3), Some("three_player")),
            "options.pantheon.start_seat",
        );
    }

    fn typed(kind: A) -> pb::Action {
        pb::Action {
            game: Some(pb::action::Game::Pantheon(pb::PantheonAction {
                kind: Some(kind),
            })),
        }
    }

    #[test]
    fn malformed_actions_are_invalid() {
        use pb::pantheon_action as pa;
        let from = |k| Pantheon::action_from_proto(&typed(k));
        let gifts = pb::PantheonOfferingKind::Gifts as i32;
        invalid(
            from(A::ChooseBonusToken(pa::ChooseBonusToken {
                bonus: String::new(),
            })),
            "action.pantheon.choose_bonus_token.bonus",
        );
        invalid(
            from(A::GalliaTakeGod(pa::GalliaTakeGod { kind: 0 })),
            "action.pantheon.gallia_take_god.kind",
        );
        invalid(
            from(A::DiscardToSeven(pa::DiscardToSeven {
                cards: vec![pb::PantheonCardCount {
                    card: None,
                    count: 1,
                }],
            })),
            "action.pantheon.discard_to_seven.cards",
        );
        invalid(
            from(A::DiscardToSeven(pa::DiscardToSeven {
                cards: vec![pb::PantheonCardCount {
                    card: Some(pb::PantheonCard {
                        r#type: pb::PantheonCardType::Offering as i32,
                        offering: 9,
                        money: 0,
                    }),
                    count: 1,
                }],
            })),
            "action.pantheon.discard_to_seven.cards",
        );
        invalid(
            from(A::BuyOffering(pa::BuyOffering {
                kind: gifts,
                level: 5,
            })),
            "action.pantheon.buy_offering.level",
        );
        invalid(
            from(A::CartagoUpgradeOffering(pa::CartagoUpgradeOffering {
                kind: gifts,
                level: 0,
            })),
            "action.pantheon.cartago_upgrade_offering.level",
        );
        invalid(
            from(A::BuyStone(pa::BuyStone { stone: 3 })),
            "action.pantheon.buy_stone.stone",
        );
        invalid(
            from(A::ResolveEffect(pa::ResolveEffect {
                choice: Some(pa::resolve_effect::Choice::Space(String::new())),
            })),
            "action.pantheon.resolve_effect.space",
        );
        invalid(
            from(A::ResolveEffect(pa::ResolveEffect {
                choice: Some(pa::resolve_effect::Choice::Kind(0)),
            })),
            "action.pantheon.resolve_effect.kind",
        );
        invalid(
            from(A::StartPurchase(pa::StartPurchase {
                money: vec![pb::PantheonMoneyCount { value: 6, count: 1 }],
            })),
            "action.pantheon.start_purchase.money",
        );
        invalid(
            from(A::TakeGod(pa::TakeGod {
                slot: 256,
                kinds: vec![gifts],
                wildcards: vec![],
            })),
            "action.pantheon.take_god.slot",
        );
        invalid(
            from(A::TakeGod(pa::TakeGod {
                slot: 0,
                kinds: vec![gifts, 0],
                wildcards: vec![],
            })),
            "action.pantheon.take_god.kinds",
        );
        invalid(
            from(A::DrawCard(pa::DrawCard {
                source: Some(pb::PantheonCardSource {
                    display_slot: Some(4),
                }),
            })),
            "action.pantheon.draw_card.source.display_slot",
        );
        invalid(
            from(A::PlaceFootprint(pa::PlaceFootprint {
                space: String::new(),
                take_loot: true,
            })),
            "action.pantheon.place_footprint.space",
        );
        invalid(
            from(A::PlacePillar(pa::PlacePillar {
                space: String::new(),
            })),
            "action.pantheon.place_pillar.space",
        );
        // Unset parts take their documented meaning.
        assert_eq!(
            from(A::DrawCard(pa::DrawCard { source: None })).unwrap(),
            PantheonAction::DrawCard {
                source: CardSource::Deck
            }
        );
        assert_eq!(
            from(A::ResolveEffect(pa::ResolveEffect { choice: None })).unwrap(),
            PantheonAction::ResolveEffect {
                choice: EffectChoice::Plain
            }
        );
        assert_eq!(
            from(A::AegyptusExchange(pa::AegyptusExchange { x: -2 })).unwrap(),
            PantheonAction::AegyptusExchange { x: -2 }
        );
    }

    #[test]
    fn scenarios_map_and_malformed_ones_are_invalid() {
        let scenario = |s: pb::PantheonScenario| {
            Pantheon::scenario_from_proto(Some(&pb::Scenario {
                game: Some(pb::scenario::Game::Pantheon(s)),
            }))
        };
        assert_eq!(Pantheon::scenario_from_proto(None).unwrap(), None);
        assert_eq!(
            scenario(pb::PantheonScenario::default()).unwrap(),
            Some(PantheonScenario::default())
        );
        let s = scenario(pb::PantheonScenario {
            board: None,
            nations: vec![
                pb::PantheonNation::Roma as i32,
                pb::PantheonNation::Persia as i32,
            ],
            gods: vec!["G05".into(), "G01".into()],
            demigods: vec![3, 1],
            ..Default::default()
        })
        .unwrap()
        .unwrap();
        assert_eq!(s.nations, Some(vec![Nation::Roma, Nation::Persia]));
        assert_eq!(s.gods, Some(vec!["G05".to_string(), "G01".to_string()]));
        assert_eq!(s.demigods, Some(vec![3, 1]));
        assert_eq!(s.loot, None);
        // The scenario sets a game up.
        let st = Pantheon::setup_scenario(&PantheonConfig::new(2), &s, 5).unwrap();
        let v = proto_view(&st, Viewer::Spectator);
        assert_eq!(v.track, vec![pb::PantheonNation::Roma as i32]);
        // A fixture board goes out as the board.
        let f1 = scenario(pb::PantheonScenario {
            board: Some("f1".into()),
            ..Default::default()
        })
        .unwrap()
        .unwrap();
        assert_eq!(f1.board.as_deref(), Some("f1"));
        let st = Pantheon::setup_scenario(&PantheonConfig::new(2), &f1, 5).unwrap();
        let b = proto_view(&st, Viewer::Seat(0)).board.unwrap();
        assert_eq!(b.spaces.len(), st.board().spaces.len());
        assert_eq!((b.cols, b.rows), (0, 0));
        assert!(b.spaces.iter().any(|s| s.id == "T" && s.col.is_none()));
        invalid(
            scenario(pb::PantheonScenario {
                board: Some("{\"layout\": \"graph\"}".into()),
                ..Default::default()
            }),
            "scenario.pantheon.board",
        );
        invalid(
            scenario(pb::PantheonScenario {
                nations: vec![pb::PantheonNation::Roma as i32, 0],
                ..Default::default()
            }),
            "scenario.pantheon.nations",
        );
    }
}
