//! Crown of Emara ↔ `emara.proto`.

use super::Invalid;
use super::ProtoGame;
use super::bounds;
use super::wire::{small, u32_of};
use crate::v1 as pb;
use tablero_rules::emara::limits::{MAX_START_POSITION, limits};
use tablero_rules::emara::{
    ActionCard, Advisor, AdvisorSpaceView, Bonus, BuildingStart, ChamberlainSwap, Cost, Delta,
    Emara, EmaraAction, EmaraConfig, EmaraEvent, EmaraScenario, EmaraView, EventCard, FavorReward,
    FavorToken, FinalScore, Goods, HarvestChoice, Hire, HutView, Location, Marker, MarkerView,
    NobilityCard, NobilityStackView, Payment, Pending, Phase, PlayerScore, PlayerView, Rank,
    Resource, Ring, RoundEventOption, SoloMode, Source, StartPlayer, SubAction, TurnView,
    VictoriaView, VisitOrigin, VisitView,
};
use tablero_rules::{Game, Mode};

use pb::emara_action::Kind as A;
use pb::emara_event::Kind as E;

fn mode_to_proto(players: u8) -> i32 {
    (match players {
        1 => pb::EmaraMode::Solo,
        2 => pb::EmaraMode::TwoPlayer,
        3 => pb::EmaraMode::ThreePlayer,
        4 => pb::EmaraMode::FourPlayer,
        _ => pb::EmaraMode::Unspecified,
    }) as i32
}

/// The name of the mode with `players` players.
fn mode_id(players: u8) -> &'static str {
    Emara::modes()
        .into_iter()
        .find(|m| m.config.players == players)
        .map_or("?", |m| m.name)
}

// ---- enums ----------------------------------------------------------------------------------

enum_map!(Resource <=> EmaraResource, resource_to, resource_from, "resource", {
    Wood => Wood, Cloth => Cloth, Grain => Grain, Stone => Stone,
});

enum_map!(Location <=> EmaraLocation, location_to, location_from, "location", {
    Forest => Forest,
    GrainField => GrainField,
    Quarry => Quarry,
    WeavingMill => WeavingMill,
    Castle => Castle,
    Cathedral => Cathedral,
    ConstructionSite => ConstructionSite,
    Market => Market,
});

enum_map!(Ring <=> EmaraRing, ring_to, ring_from, "ring", { A => A, B => B });

enum_map!(ActionCard <=> EmaraActionCard, card_to, card_from, "action card", {
    Wood => Wood,
    Stone => Stone,
    Cloth => Cloth,
    Grain => Grain,
    SignetRing => SignetRing,
    Coins => Coins,
    Step => Step,
    Hire => Hire,
    City => City,
});

enum_map!(Advisor <=> EmaraAdvisor, advisor_to, advisor_from, "advisor", {
    MasterOfCoin => MasterOfCoin,
    Archivist => Archivist,
    Goldsmith => Goldsmith,
    Carpenter => Carpenter,
    Baker => Baker,
    Schoolmarm => Schoolmarm,
    Bailiff => Bailiff,
    Dressmaker => Dressmaker,
    Landlord => Landlord,
    Merchant => Merchant,
    Chamberlain => Chamberlain,
    Scholar => Scholar,
    Mayoress => Mayoress,
    Steward => Steward,
    Abbess => Abbess,
    Toolmaker => Toolmaker,
    SirChristiaan => SirChristiaan,
    LadyMarie => LadyMarie,
    SirCarl => SirCarl,
    LadyFrida => LadyFrida,
    SirGustave => SirGustave,
    SirAntoni => SirAntoni,
});

enum_map!(Rank => EmaraRank, rank_to, {
    Baron => Baron, Count => Count, Prince => Prince, Marquess => Marquess, Duke => Duke,
});

enum_map!(EventCard <=> EmaraEventCard, event_card_to, event_card_from, "event card", {
    ClearTheOldForest => ClearTheOldForest,
    BountifulHarvest => BountifulHarvest,
    StoneFromDistantShores => StoneFromDistantShores,
    FineWoolFineCloth => FineWoolFineCloth,
    TheGreatFamine => TheGreatFamine,
    AlmsForThePoor => AlmsForThePoor,
    NewLoreInOldBooks => NewLoreInOldBooks,
    AnEarlyWinter => AnEarlyWinter,
    ALongSummer => ALongSummer,
    MerchantsFromAfar => MerchantsFromAfar,
    APiousDonation => APiousDonation,
    RespectedAtCourt => RespectedAtCourt,
    AGiftFromThePeople => AGiftFromThePeople,
    GoodLabourSituation => GoodLabourSituation,
});

enum_map!(FavorReward <=> EmaraFavorReward, reward_to, reward_from, "favor reward", {
    Cp3 => ThreeCp, Bp3 => ThreeBp, Book => Book, SignetRing => SignetRing, Coin => Coin,
});

enum_map!(SoloMode => EmaraSoloMode, solo_mode_to, {
    Highscore => Highscore, Campaign => Campaign,
});

enum_map!(Phase => EmaraPhase, phase_to, {
    Setup => Setup,
    Turns => Turns,
    EndOfRound => EndOfRound,
    FinalScoring => FinalScoring,
    Finished => Finished,
});

enum_map!(VisitOrigin => EmaraVisitOrigin, origin_to, {
    Movement => Movement, StepCard => StepCard, CityCard => CityCard,
});

enum_map!(SubAction => EmaraSubAction, sub_action_to, {
    Donation => Donation,
    Gift => Gift,
    BookForBp => BookForBp,
    BuyCoins => BuyCoins,
    SellBooks => SellBooks,
    Stone => Stone,
    Bread => Bread,
    Wood => Wood,
    Harvest => Harvest,
});

enum_map!(Bonus => EmaraBonus, bonus_to, {
    RaiseRank => RaiseRank, HireCraftsman => HireCraftsman, RecruitAdvisor => RecruitAdvisor,
});

enum_map!(ChamberlainSwap <=> EmaraChamberlainSwap, swap_to, swap_from, "Chamberlain exchange", {
    RingToCoin => RingToCoin, CoinToRing => CoinToRing,
});

enum_map!(RoundEventOption <=> EmaraRoundEventOption, option_to, option_from, "round-event option", {
    Decline => Decline,
    OneGrain => OneGrain,
    TwoGrain => TwoGrain,
    Ring => Ring,
    Coin => Coin,
    Book => Book,
});

fn marker_to(m: Marker) -> i32 {
    use pb::EmaraMarker as M;
    (match m {
        Marker::Gift(Resource::Wood) => M::GiftWood,
        Marker::Gift(Resource::Cloth) => M::GiftCloth,
        Marker::Gift(Resource::Grain) => M::GiftGrain,
        Marker::Gift(Resource::Stone) => M::GiftStone,
        Marker::Donation(Resource::Wood) => M::DonationWood,
        Marker::Donation(Resource::Cloth) => M::DonationCloth,
        Marker::Donation(Resource::Grain) => M::DonationGrain,
        Marker::Donation(Resource::Stone) => M::DonationStone,
        Marker::Bread => M::Bread,
        Marker::Stone => M::Stone,
    }) as i32
}

fn opt<T>(x: Option<T>, to: fn(T) -> i32) -> i32 {
    x.map(to).unwrap_or_default()
}

fn many<T: Copy>(xs: &[T], to: fn(T) -> i32) -> Vec<i32> {
    xs.iter().map(|x| to(*x)).collect()
}

// ---- small messages -------------------------------------------------------------------------

fn token_to(FavorToken { location, reward }: FavorToken) -> pb::EmaraFavorToken {
    pb::EmaraFavorToken {
        location: location_to(location),
        reward: reward_to(reward),
    }
}

fn tokens(ts: &[FavorToken]) -> Vec<pb::EmaraFavorToken> {
    ts.iter().copied().map(token_to).collect()
}

fn token_from(t: Option<&pb::EmaraFavorToken>, field: &'static str) -> Result<FavorToken, Invalid> {
    let t = t.ok_or_else(|| Invalid::new(field, "favor token missing"))?;
    let location = location_from(t.location, field)?;
    if !location.is_town() {
        return Err(Invalid::new(
            field,
            format!("no favor token shows the {}", location.name()),
        ));
    }
    Ok(FavorToken {
        location,
        reward: reward_from(t.reward, field)?,
    })
}

fn payment_to(p: Payment) -> pb::EmaraPayment {
    let Payment {
        wood,
        cloth,
        grain,
        stone,
        coins,
    } = p;
    pb::EmaraPayment {
        wood: wood.into(),
        cloth: cloth.into(),
        grain: grain.into(),
        stone: stone.into(),
        coins: coins.into(),
    }
}

/// Unset = nothing paid.
fn payment_from(p: Option<&pb::EmaraPayment>, field: &'static str) -> Result<Payment, Invalid> {
    let Some(p) = p else {
        return Ok(Payment::NONE);
    };
    let unit = |n: u32| {
        u8::try_from(n)
            .map_err(|_| Invalid::new(field, format!("a payment of {n} units is too large")))
    };
    Ok(Payment {
        wood: unit(p.wood)?,
        cloth: unit(p.cloth)?,
        grain: unit(p.grain)?,
        stone: unit(p.stone)?,
        coins: unit(p.coins)?,
    })
}

fn nobility_card_to(NobilityCard { rank, cp }: NobilityCard) -> pb::EmaraNobilityCard {
    pb::EmaraNobilityCard {
        rank: rank_to(rank),
        cp,
    }
}

fn nobility_cards(cs: &[NobilityCard]) -> Vec<pb::EmaraNobilityCard> {
    cs.iter().copied().map(nobility_card_to).collect()
}

fn rings_to(r: &[[Location; 4]; 2]) -> pb::EmaraRings {
    pb::EmaraRings {
        a: many(&r[0], location_to),
        b: many(&r[1], location_to),
    }
}

fn rings_from(r: &pb::EmaraRings) -> Result<[[Location; 4]; 2], Invalid> {
    let ring = |xs: &[i32], field: &'static str| -> Result<[Location; 4], Invalid> {
        let locs = xs
            .iter()
            .map(|l| location_from(*l, field))
            .collect::<Result<Vec<_>, _>>()?;
        <[Location; 4]>::try_from(locs)
            .map_err(|l| Invalid::new(field, format!("a ring has 4 locations, got {}", l.len())))
    };
    Ok([
        ring(&r.a, "scenario.emara.rings.a")?,
        ring(&r.b, "scenario.emara.rings.b")?,
    ])
}

fn spaces_to(spaces: &[AdvisorSpaceView]) -> Vec<pb::EmaraAdvisorSpace> {
    spaces
        .iter()
        .map(|s| {
            let AdvisorSpaceView {
                location,
                space,
                advisor,
            } = *s;
            pb::EmaraAdvisorSpace {
                location: location_to(location),
                space: space.into(),
                advisor: opt(advisor, advisor_to),
            }
        })
        .collect()
}

fn delta_to(d: &Delta) -> pb::EmaraDelta {
    let Delta {
        wood,
        cloth,
        grain,
        stone,
        bread,
        books,
        rings,
        coins,
        cp,
        bp,
    } = *d;
    pb::EmaraDelta {
        wood,
        cloth,
        grain,
        stone,
        bread,
        books,
        rings,
        coins,
        cp,
        bp,
    }
}

fn source_to(s: Source) -> pb::EmaraSource {
    use pb::emara_source::Kind as K;
    let mut out = pb::EmaraSource::default();
    let kind = match s {
        Source::StartingResource => K::StartingResource,
        Source::Event(e) => {
            out.event = event_card_to(e);
            K::Event
        }
        Source::Card(c) => {
            out.card = card_to(c);
            K::Card
        }
        Source::Harvest => K::Harvest,
        Source::Donation => K::Donation,
        Source::Gift => K::Gift,
        Source::CastleBook => K::CastleBook,
        Source::MarketCoins => K::MarketCoins,
        Source::MarketBooks => K::MarketBooks,
        Source::BuildStone => K::BuildStone,
        Source::BuildBread => K::BuildBread,
        Source::BuildWood => K::BuildWood,
        Source::Favor(t) => {
            out.favor_token = Some(token_to(t));
            K::Favor
        }
        Source::Rank(r) => {
            out.rank = rank_to(r);
            K::Rank
        }
        Source::Craftsman => K::Craftsman,
        Source::Advisor(a) => {
            out.advisor = advisor_to(a);
            K::Advisor
        }
        Source::Leftovers => K::Leftovers,
    };
    out.kind = kind as i32;
    out
}

// ---- config ---------------------------------------------------------------------------------

fn options_to_proto(c: &EmaraConfig) -> pb::EmaraOptions {
    let EmaraConfig {
        players,
        random_layout,
        full_selection,
        building_start,
        start_player,
        solo,
    } = *c;
    let (building_start, building_start_position) = match building_start {
        BuildingStart::EventCard => (pb::EmaraBuildingStart::EventCard, None),
        BuildingStart::FirstGame => (pb::EmaraBuildingStart::FirstGame, None),
        BuildingStart::Custom(v) => (pb::EmaraBuildingStart::Custom, Some(v)),
    };
    pb::EmaraOptions {
        mode: mode_to_proto(players),
        random_layout,
        full_selection,
        building_start: building_start as i32,
        building_start_position,
        start_player: match start_player {
            StartPlayer::Seat(s) => Some(u32_of(s)),
            StartPlayer::Random => None,
        },
        random_start_player: start_player == StartPlayer::Random,
        solo_mode: opt(solo, solo_mode_to),
    }
}

fn players_from(o: &pb::EmaraOptions, mode: Option<&Mode<EmaraConfig>>) -> Result<u8, Invalid> {
    let from_options = match pb::EmaraMode::try_from(o.mode) {
        Ok(pb::EmaraMode::Unspecified) => None,
        Ok(pb::EmaraMode::Solo) => Some(1),
        Ok(pb::EmaraMode::TwoPlayer) => Some(2),
        Ok(pb::EmaraMode::ThreePlayer) => Some(3),
        Ok(pb::EmaraMode::FourPlayer) => Some(4),
        Err(_) => {
            return Err(Invalid::new(
                "options.emara.mode",
                format!("unknown mode {}", o.mode),
            ));
        }
    };
    let named = mode.map(|m| m.config.players);
    match (named, from_options) {
        (Some(a), Some(b)) if a != b => Err(Invalid::new(
            "mode",
            format!(
                "`{}` disagrees with options.emara.mode `{}`",
                mode_id(a),
                mode_id(b)
            ),
        )),
        (Some(n), _) | (None, Some(n)) => Ok(n),
        (None, None) => Ok(2),
    }
}

fn building_start_from(o: &pb::EmaraOptions) -> Result<BuildingStart, Invalid> {
    use pb::EmaraBuildingStart as B;
    const VALUE: &str = "options.emara.building_start_position";
    match (B::try_from(o.building_start), o.building_start_position) {
        (Ok(B::Unspecified | B::EventCard), None) => Ok(BuildingStart::EventCard),
        (Ok(B::FirstGame), None) => Ok(BuildingStart::FirstGame),
        (Ok(B::Unspecified | B::Custom), Some(v)) => Ok(BuildingStart::Custom(bounds::at_most(
            v,
            MAX_START_POSITION,
            VALUE,
            "a building start (EMR-2.13)",
        )?)),
        (Ok(B::Custom), None) => Err(Invalid::new(
            VALUE,
            "a custom building start needs its value",
        )),
        (Ok(B::EventCard | B::FirstGame), Some(_)) => Err(Invalid::new(
            VALUE,
            "a value goes only with a custom building start",
        )),
        (Err(_), _) => Err(Invalid::new(
            "options.emara.building_start",
            format!("unknown building start {}", o.building_start),
        )),
    }
}

// ---- view -----------------------------------------------------------------------------------

fn hut_to(h: &HutView) -> pb::EmaraHut {
    let HutView {
        location,
        index,
        cost:
            Cost {
                wood,
                cloth,
                grain,
                stone,
            },
        occupant,
    } = *h;
    pb::EmaraHut {
        location: location_to(location),
        index: index.into(),
        cost: Some(pb::EmaraCost {
            wood: wood.into(),
            cloth: cloth.into(),
            grain: grain.into(),
            stone: stone.into(),
        }),
        occupant: occupant.map(u32_of),
    }
}

fn marker_view_to(m: &MarkerView) -> pb::EmaraMarkerState {
    let MarkerView {
        marker,
        value,
        index,
        side,
        board_value,
    } = m;
    pb::EmaraMarkerState {
        marker: marker_to(*marker),
        value: *value,
        index: index.map(u32::from),
        side: side.clone(),
        board_value: *board_value,
    }
}

fn stack_to(s: &NobilityStackView) -> pb::EmaraNobilityStack {
    let NobilityStackView {
        rank,
        coins,
        rings,
        cards,
    } = s;
    pb::EmaraNobilityStack {
        rank: rank_to(*rank),
        coins: *coins,
        rings: *rings,
        cards: cards.clone(),
    }
}

fn player_to(p: &PlayerView) -> pb::EmaraPlayer {
    let PlayerView {
        seat,
        cp,
        bp,
        goods:
            Goods {
                wood,
                cloth,
                grain,
                stone,
                bread,
                books,
                rings,
                coins,
            },
        councilors: [councilor_a, councilor_b],
        slots,
        hand_count,
        hand,
        deck_count,
        craftsmen_on_board,
        craftsmen,
        advisors,
        favor_tokens,
        nobility,
        statue,
        leftovers,
        leftovers_to_cp,
        leftovers_suggested_to_cp,
    } = p;
    pb::EmaraPlayer {
        seat: u32_of(*seat),
        cp: *cp,
        bp: *bp,
        goods: Some(pb::EmaraGoods {
            wood: *wood,
            cloth: *cloth,
            grain: *grain,
            stone: *stone,
            bread: *bread,
            books: *books,
            rings: *rings,
            coins: *coins,
        }),
        councilor_a: location_to(*councilor_a),
        councilor_b: location_to(*councilor_b),
        slots: slots
            .iter()
            .zip(1u32..)
            .map(|(card, movement)| pb::EmaraSlot {
                movement,
                card: opt(*card, card_to),
            })
            .collect(),
        hand_count: u32_of(*hand_count),
        hand: hand
            .as_deref()
            .map(|h| many(h, card_to))
            .unwrap_or_default(),
        hand_visible: hand.is_some(),
        deck_count: u32_of(*deck_count),
        craftsmen_on_board: (*craftsmen_on_board).into(),
        craftsmen: craftsmen
            .iter()
            .map(|(location, hut)| pb::EmaraHutRef {
                location: location_to(*location),
                hut: (*hut).into(),
            })
            .collect(),
        advisors: many(advisors, advisor_to),
        favor_tokens: tokens(favor_tokens),
        nobility: nobility_cards(nobility),
        statue: *statue,
        leftovers: *leftovers,
        leftovers_to_cp: *leftovers_to_cp,
        leftovers_suggested_to_cp: *leftovers_suggested_to_cp,
    }
}

fn pending_to(p: &Pending) -> pb::EmaraPending {
    use pb::emara_pending::Kind as K;
    let mut out = pb::EmaraPending::default();
    let (kind, seat) = match p {
        Pending::RelocateStartCouncilor { seat } => (K::RelocateStartCouncilor, Some(*seat)),
        Pending::StartingResource { seat } => (K::StartingResource, Some(*seat)),
        Pending::PlayCard { seat } => (K::PlayCard, Some(*seat)),
        Pending::Turn { seat } => (K::Turn, Some(*seat)),
        Pending::LocationAction { seat, location } => {
            out.location = location_to(*location);
            (K::LocationAction, Some(*seat))
        }
        Pending::KeepFavorToken { seat } => (K::KeepFavorToken, Some(*seat)),
        Pending::RoundEvent { seat, event } => {
            out.event = event_card_to(*event);
            (K::RoundEvent, Some(*seat))
        }
        Pending::Leftovers { seats } => {
            out.seats = seats.iter().map(|s| u32_of(*s)).collect();
            (K::Leftovers, None)
        }
        Pending::None => (K::None, None),
    };
    out.kind = kind as i32;
    out.seat = seat.map(u32_of);
    out
}

fn turn_to(t: &TurnView) -> pb::EmaraTurn {
    let TurnView {
        seat,
        turn_of_round,
        card,
        slot,
        card_action_done,
        movement_done,
        bonuses_used,
        abilities_used,
        visit,
    } = t;
    pb::EmaraTurn {
        seat: u32_of(*seat),
        turn_of_round: (*turn_of_round).into(),
        card: opt(*card, card_to),
        slot: slot.map(u32::from),
        card_action_done: *card_action_done,
        movement_done: *movement_done,
        bonuses_used: many(bonuses_used, bonus_to),
        abilities_used: many(abilities_used, advisor_to),
        visit: visit.as_ref().map(|v| {
            let VisitView {
                location,
                origin,
                used,
            } = v;
            pb::EmaraVisit {
                location: location_to(*location),
                origin: origin_to(*origin),
                used: many(used, sub_action_to),
            }
        }),
    }
}

fn player_score_to(p: &PlayerScore) -> pb::EmaraPlayerScore {
    let PlayerScore {
        seat,
        leftovers,
        to_cp,
        cp,
        bp,
        final_score,
        other,
        rank_level,
        top_card_cp,
        place,
    } = *p;
    pb::EmaraPlayerScore {
        seat: u32_of(seat),
        leftovers,
        to_cp,
        cp,
        bp,
        final_score,
        other,
        highest_rank: (rank_level as usize)
            .checked_sub(1)
            .and_then(|i| Rank::ALL.get(i).copied())
            .map(rank_to)
            .unwrap_or_default(),
        top_card_cp,
        place,
    }
}

fn score_to(s: &FinalScore) -> pb::EmaraScore {
    let FinalScore {
        players,
        victoria_cp,
        building_start,
        solo_won,
        decided_by,
    } = s;
    pb::EmaraScore {
        players: players.iter().map(player_score_to).collect(),
        victoria_cp: *victoria_cp,
        building_start: *building_start,
        solo_won: *solo_won,
        decided_by: decided_by.clone(),
    }
}

// ---- actions --------------------------------------------------------------------------------

fn hire_craftsman_to(
    location: Location,
    hut: u8,
    payment: Payment,
) -> pb::emara_action::HireCraftsman {
    pb::emara_action::HireCraftsman {
        location: location_to(location),
        hut: hut.into(),
        payment: Some(payment_to(payment)),
    }
}

fn recruit_advisor_to(advisor: Advisor, payment: Payment) -> pb::emara_action::RecruitAdvisor {
    pb::emara_action::RecruitAdvisor {
        advisor: advisor_to(advisor),
        payment: Some(payment_to(payment)),
    }
}

fn hire_craftsman_from(
    h: &pb::emara_action::HireCraftsman,
    field: &'static str,
) -> Result<(Location, u8, Payment), Invalid> {
    Ok((
        location_from(h.location, field)?,
        small(h.hut, 0..=3, field, "hut")?,
        payment_from(h.payment.as_ref(), field)?,
    ))
}

fn recruit_advisor_from(
    r: &pb::emara_action::RecruitAdvisor,
    field: &'static str,
) -> Result<(Advisor, Payment), Invalid> {
    Ok((
        advisor_from(r.advisor, field)?,
        payment_from(r.payment.as_ref(), field)?,
    ))
}

impl ProtoGame for Emara {
    fn owns(action: &pb::Action) -> bool {
        matches!(action.game, Some(pb::action::Game::Emara(_)))
    }

    fn config_from_options(
        options: Option<&pb::GameOptions>,
        mode: Option<&Mode<EmaraConfig>>,
    ) -> Result<EmaraConfig, Invalid> {
        let o = match options.and_then(|o| o.game.as_ref()) {
            None => pb::EmaraOptions::default(),
            Some(pb::game_options::Game::Emara(o)) => *o,
            Some(_) => {
                return Err(Invalid::new(
                    "options",
                    "not Crown of Emara options (set options.emara)",
                ));
            }
        };
        let players = players_from(&o, mode)?;
        let building_start = building_start_from(&o)?;
        let start_player = match (o.random_start_player, o.start_player) {
            (true, Some(_)) => {
                return Err(Invalid::new(
                    "options.emara.start_player",
                    "a start player and random_start_player exclude each other",
                ));
            }
            (true, None) => StartPlayer::Random,
            // The rules check that the seat exists (EMR-2.14).
            (false, seat) => StartPlayer::Seat(seat.unwrap_or(0) as usize),
        };
        // A solo game's mode defaults to the highscore; the rules refuse a solo mode in a game
        // with more players (EMR-16.9).
        let solo = match (players, pb::EmaraSoloMode::try_from(o.solo_mode)) {
            (_, Err(_)) => {
                return Err(Invalid::new(
                    "options.emara.solo_mode",
                    format!("unknown solo mode {}", o.solo_mode),
                ));
            }
            (_, Ok(pb::EmaraSoloMode::Campaign)) => Some(SoloMode::Campaign),
            (_, Ok(pb::EmaraSoloMode::Highscore)) => Some(SoloMode::Highscore),
            (1, Ok(pb::EmaraSoloMode::Unspecified)) => Some(SoloMode::Highscore),
            (_, Ok(pb::EmaraSoloMode::Unspecified)) => None,
        };
        Ok(EmaraConfig {
            players,
            random_layout: o.random_layout,
            full_selection: o.full_selection,
            building_start,
            start_player,
            solo,
        })
    }

    fn scenario_from_proto(
        scenario: Option<&pb::Scenario>,
    ) -> Result<Option<EmaraScenario>, Invalid> {
        let s = match scenario.and_then(|s| s.game.as_ref()) {
            None => return Ok(None),
            Some(pb::scenario::Game::Emara(s)) => s,
            Some(_) => {
                return Err(Invalid::new(
                    "scenario",
                    "not a Crown of Emara scenario (set scenario.emara)",
                ));
            }
        };
        fn list<T>(
            xs: &[i32],
            from: fn(i32, &'static str) -> Result<T, Invalid>,
            field: &'static str,
        ) -> Result<Option<Vec<T>>, Invalid> {
            if xs.is_empty() {
                return Ok(None);
            }
            xs.iter()
                .map(|x| from(*x, field))
                .collect::<Result<_, _>>()
                .map(Some)
        }
        fn decks(
            ds: &[pb::EmaraActionCards],
            field: &'static str,
        ) -> Result<Option<Vec<Vec<ActionCard>>>, Invalid> {
            if ds.is_empty() {
                return Ok(None);
            }
            bounds::entries(ds, limits().seats, field, "one deck per seat")?;
            for d in ds {
                bounds::entries(&d.cards, limits().deck_cards, field, "an action deck")?;
            }
            ds.iter()
                .map(|d| {
                    d.cards
                        .iter()
                        .map(|c| card_from(*c, field))
                        .collect::<Result<Vec<_>, _>>()
                })
                .collect::<Result<_, _>>()
                .map(Some)
        }
        if let Some(r) = &s.rings {
            bounds::entries(
                &r.a,
                limits().locations,
                "scenario.emara.rings.a",
                "the locations",
            )?;
            bounds::entries(
                &r.b,
                limits().locations,
                "scenario.emara.rings.b",
                "the locations",
            )?;
        }
        bounds::entries(
            &s.advisors_a,
            limits().advisors_a,
            "scenario.emara.advisors_a",
            "the A row",
        )?;
        bounds::entries(
            &s.advisors_b,
            limits().advisors_b,
            "scenario.emara.advisors_b",
            "the B deck",
        )?;
        bounds::entries(
            &s.events,
            limits().events,
            "scenario.emara.events",
            "the event deck",
        )?;
        bounds::entries(
            &s.favor_tokens,
            limits().favor_tokens,
            "scenario.emara.favor_tokens",
            "the favor-token stack",
        )?;
        let start_player = s
            .start_player
            .map(|p| {
                bounds::at_most(
                    p,
                    limits().seats as u32 - 1,
                    "scenario.emara.start_player",
                    "a seat",
                )
            })
            .transpose()?;
        Ok(Some(EmaraScenario {
            rings: s.rings.as_ref().map(rings_from).transpose()?,
            advisors_a: list(&s.advisors_a, advisor_from, "scenario.emara.advisors_a")?,
            advisors_b: list(&s.advisors_b, advisor_from, "scenario.emara.advisors_b")?,
            events: list(&s.events, event_card_from, "scenario.emara.events")?,
            favor_tokens: if s.favor_tokens.is_empty() {
                None
            } else {
                Some(
                    s.favor_tokens
                        .iter()
                        .map(|t| token_from(Some(t), "scenario.emara.favor_tokens"))
                        .collect::<Result<_, _>>()?,
                )
            },
            decks: decks(&s.decks, "scenario.emara.decks")?,
            decks_round_4: decks(&s.decks_round_4, "scenario.emara.decks_round_4")?,
            start_player: start_player.map(|p| p as usize),
        }))
    }

    fn action_from_proto(action: &pb::Action) -> Result<EmaraAction, Invalid> {
        use EmaraAction as X;
        let Some(pb::action::Game::Emara(a)) = &action.game else {
            return Err(Invalid::new("action", "not a Crown of Emara action"));
        };
        let pay = |p: &Option<pb::EmaraPayment>, field| payment_from(p.as_ref(), field);
        Ok(match &a.kind {
            None => return Err(Invalid::new("action.emara", "no action kind set")),
            Some(A::RelocateStartCouncilor(r)) => X::RelocateStartCouncilor {
                from: location_from(r.from, "action.emara.relocate_start_councilor.from")?,
                to: location_from(r.to, "action.emara.relocate_start_councilor.to")?,
            },
            Some(A::ChooseStartingResource(c)) => X::ChooseStartingResource(resource_from(
                c.resource,
                "action.emara.choose_starting_resource.resource",
            )?),
            Some(A::PlayCard(p)) => X::PlayCard {
                card: card_from(p.card, "action.emara.play_card.card")?,
                slot: small(p.slot, 1..=3, "action.emara.play_card.slot", "slot")?,
            },
            Some(A::CardCoins(c)) => X::CardCoins(pay(&c.payment, "action.emara.card_coins")?),
            Some(A::DeclineCardAction(_)) => X::DeclineCardAction,
            Some(A::CardStep(s)) => X::CardStep(ring_from(s.ring, "action.emara.card_step.ring")?),
            Some(A::CardHire(h)) => X::CardHire(match &h.hire {
                Some(pb::emara_action::card_hire::Hire::Craftsman(c)) => {
                    let (location, hut, payment) =
                        hire_craftsman_from(c, "action.emara.card_hire.craftsman")?;
                    Hire::Craftsman {
                        location,
                        hut,
                        payment,
                    }
                }
                Some(pb::emara_action::card_hire::Hire::Advisor(r)) => {
                    let (advisor, payment) =
                        recruit_advisor_from(r, "action.emara.card_hire.advisor")?;
                    Hire::Advisor { advisor, payment }
                }
                None => {
                    return Err(Invalid::new(
                        "action.emara.card_hire",
                        "neither a craftsman nor an advisor",
                    ));
                }
            }),
            Some(A::CardCity(c)) => X::CardCity(location_from(
                c.location,
                "action.emara.card_city.location",
            )?),
            Some(A::Move(m)) => X::Move(ring_from(m.ring, "action.emara.move.ring")?),
            Some(A::Harvest(h)) => {
                const F: &str = "action.emara.harvest";
                X::Harvest(HarvestChoice {
                    extra: small(h.extra, 0..=4, F, "craftsmen")?,
                    bread_for_grain: small(h.bread_for_grain, 0..=4, F, "craftsmen")?,
                    bread_for_coin: small(h.bread_for_coin, 0..=4, F, "craftsmen")?,
                })
            }
            Some(A::CathedralDonate(d)) => X::CathedralDonate {
                resource: resource_from(d.resource, "action.emara.cathedral_donate.resource")?,
                payment: pay(&d.payment, "action.emara.cathedral_donate.payment")?,
            },
            Some(A::KeepFavorToken(k)) => X::KeepFavorToken(token_from(
                k.token.as_ref(),
                "action.emara.keep_favor_token.token",
            )?),
            Some(A::CastleGift(g)) => X::CastleGift {
                resource: resource_from(g.resource, "action.emara.castle_gift.resource")?,
                payment: pay(&g.payment, "action.emara.castle_gift.payment")?,
            },
            Some(A::CastleBookForBp(_)) => X::CastleBookForBp,
            Some(A::MarketBuyCoins(m)) => {
                X::MarketBuyCoins(pay(&m.payment, "action.emara.market_buy_coins.payment")?)
            }
            Some(A::MarketSellBooks(m)) => X::MarketSellBooks(small(
                m.books,
                1..=5,
                "action.emara.market_sell_books.books",
                "books",
            )?),
            Some(A::BuildStone(b)) => {
                X::BuildStone(pay(&b.payment, "action.emara.build_stone.payment")?)
            }
            Some(A::BuildBread(b)) => X::BuildBread(small(
                b.bread,
                1..=3,
                "action.emara.build_bread.bread",
                "bread",
            )?),
            Some(A::BuildWood(b)) => {
                X::BuildWood(pay(&b.payment, "action.emara.build_wood.payment")?)
            }
            Some(A::FinishLocationAction(_)) => X::FinishLocationAction,
            Some(A::RedeemFavorToken(r)) => X::RedeemFavorToken(token_from(
                r.token.as_ref(),
                "action.emara.redeem_favor_token.token",
            )?),
            Some(A::RaiseRank(_)) => X::RaiseRank,
            Some(A::HireCraftsman(h)) => {
                let (location, hut, payment) =
                    hire_craftsman_from(h, "action.emara.hire_craftsman")?;
                X::HireCraftsman {
                    location,
                    hut,
                    payment,
                }
            }
            Some(A::RecruitAdvisor(r)) => {
                let (advisor, payment) = recruit_advisor_from(r, "action.emara.recruit_advisor")?;
                X::RecruitAdvisor { advisor, payment }
            }
            Some(A::UseBaker(b)) => X::UseBaker {
                bread: small(b.bread, 1..=2, "action.emara.use_baker.bread", "bread")?,
                payment: pay(&b.payment, "action.emara.use_baker.payment")?,
            },
            Some(A::UseSchoolmarm(u)) => {
                X::UseSchoolmarm(pay(&u.payment, "action.emara.use_schoolmarm.payment")?)
            }
            Some(A::UseBailiff(_)) => X::UseBailiff,
            Some(A::UseDressmaker(u)) => {
                X::UseDressmaker(pay(&u.payment, "action.emara.use_dressmaker.payment")?)
            }
            Some(A::UseLandlord(u)) => {
                X::UseLandlord(pay(&u.payment, "action.emara.use_landlord.payment")?)
            }
            Some(A::UseMerchant(m)) => X::UseMerchant {
                give: pay(&m.give, "action.emara.use_merchant.give")?,
                take: resource_from(m.take, "action.emara.use_merchant.take")?,
            },
            Some(A::UseChamberlain(c)) => {
                X::UseChamberlain(swap_from(c.swap, "action.emara.use_chamberlain.swap")?)
            }
            Some(A::EndTurn(_)) => X::EndTurn,
            Some(A::ResolveRoundEvent(r)) => X::ResolveRoundEvent {
                option: option_from(r.option, "action.emara.resolve_round_event.option")?,
                payment: pay(&r.payment, "action.emara.resolve_round_event.payment")?,
            },
            Some(A::AllocateLeftovers(l)) => X::AllocateLeftovers {
                // Leftover points are at most the building track's length.
                to_cp: bounds::at_most(
                    l.to_cp,
                    MAX_START_POSITION,
                    "action.emara.allocate_leftovers.to_cp",
                    "leftover points",
                )?,
            },
        })
    }

    fn action_to_proto(action: &EmaraAction) -> pb::Action {
        use EmaraAction as X;
        use pb::emara_action as ea;
        let p = |p: &Payment| Some(payment_to(*p));
        let kind = match action {
            X::RelocateStartCouncilor { from, to } => {
                A::RelocateStartCouncilor(ea::RelocateStartCouncilor {
                    from: location_to(*from),
                    to: location_to(*to),
                })
            }
            X::ChooseStartingResource(r) => A::ChooseStartingResource(ea::ChooseStartingResource {
                resource: resource_to(*r),
            }),
            X::PlayCard { card, slot } => A::PlayCard(ea::PlayCard {
                card: card_to(*card),
                slot: (*slot).into(),
            }),
            X::CardCoins(pay) => A::CardCoins(ea::CardCoins { payment: p(pay) }),
            X::DeclineCardAction => A::DeclineCardAction(ea::DeclineCardAction {}),
            X::CardStep(r) => A::CardStep(ea::CardStep { ring: ring_to(*r) }),
            X::CardHire(h) => A::CardHire(ea::CardHire {
                hire: Some(match *h {
                    Hire::Craftsman {
                        location,
                        hut,
                        payment,
                    } => ea::card_hire::Hire::Craftsman(hire_craftsman_to(location, hut, payment)),
                    Hire::Advisor { advisor, payment } => {
                        ea::card_hire::Hire::Advisor(recruit_advisor_to(advisor, payment))
                    }
                }),
            }),
            X::CardCity(l) => A::CardCity(ea::CardCity {
                location: location_to(*l),
            }),
            X::Move(r) => A::Move(ea::Move { ring: ring_to(*r) }),
            X::Harvest(HarvestChoice {
                extra,
                bread_for_grain,
                bread_for_coin,
            }) => A::Harvest(ea::Harvest {
                extra: (*extra).into(),
                bread_for_grain: (*bread_for_grain).into(),
                bread_for_coin: (*bread_for_coin).into(),
            }),
            X::CathedralDonate { resource, payment } => A::CathedralDonate(ea::CathedralDonate {
                resource: resource_to(*resource),
                payment: p(payment),
            }),
            X::KeepFavorToken(t) => A::KeepFavorToken(ea::KeepFavorToken {
                token: Some(token_to(*t)),
            }),
            X::CastleGift { resource, payment } => A::CastleGift(ea::CastleGift {
                resource: resource_to(*resource),
                payment: p(payment),
            }),
            X::CastleBookForBp => A::CastleBookForBp(ea::CastleBookForBp {}),
            X::MarketBuyCoins(pay) => A::MarketBuyCoins(ea::MarketBuyCoins { payment: p(pay) }),
            X::MarketSellBooks(n) => A::MarketSellBooks(ea::MarketSellBooks { books: (*n).into() }),
            X::BuildStone(pay) => A::BuildStone(ea::BuildStone { payment: p(pay) }),
            X::BuildBread(n) => A::BuildBread(ea::BuildBread { bread: (*n).into() }),
            X::BuildWood(pay) => A::BuildWood(ea::BuildWood { payment: p(pay) }),
            X::FinishLocationAction => A::FinishLocationAction(ea::FinishLocationAction {}),
            X::RedeemFavorToken(t) => A::RedeemFavorToken(ea::RedeemFavorToken {
                token: Some(token_to(*t)),
            }),
            X::RaiseRank => A::RaiseRank(ea::RaiseRank {}),
            X::HireCraftsman {
                location,
                hut,
                payment,
            } => A::HireCraftsman(hire_craftsman_to(*location, *hut, *payment)),
            X::RecruitAdvisor { advisor, payment } => {
                A::RecruitAdvisor(recruit_advisor_to(*advisor, *payment))
            }
            X::UseBaker { bread, payment } => A::UseBaker(ea::UseBaker {
                bread: (*bread).into(),
                payment: p(payment),
            }),
            X::UseSchoolmarm(pay) => A::UseSchoolmarm(ea::UseSchoolmarm { payment: p(pay) }),
            X::UseBailiff => A::UseBailiff(ea::UseBailiff {}),
            X::UseDressmaker(pay) => A::UseDressmaker(ea::UseDressmaker { payment: p(pay) }),
            X::UseLandlord(pay) => A::UseLandlord(ea::UseLandlord { payment: p(pay) }),
            X::UseMerchant { give, take } => A::UseMerchant(ea::UseMerchant {
                give: p(give),
                take: resource_to(*take),
            }),
            X::UseChamberlain(s) => A::UseChamberlain(ea::UseChamberlain { swap: swap_to(*s) }),
            X::EndTurn => A::EndTurn(ea::EndTurn {}),
            X::ResolveRoundEvent { option, payment } => {
                A::ResolveRoundEvent(ea::ResolveRoundEvent {
                    option: option_to(*option),
                    payment: p(payment),
                })
            }
            X::AllocateLeftovers { to_cp } => {
                A::AllocateLeftovers(ea::AllocateLeftovers { to_cp: *to_cp })
            }
        };
        pb::Action {
            game: Some(pb::action::Game::Emara(pb::EmaraAction {
                kind: Some(kind),
            })),
        }
    }

    fn view_to_proto(v: EmaraView) -> pb::game_view::Game {
        let EmaraView {
            config,
            phase,
            round,
            rings,
            huts,
            advisor_spaces,
            advisors_b_top,
            advisors_b_count,
            markers,
            nobility,
            current_event,
            event_top,
            event_deck_count,
            events_done,
            favor_stack_count,
            favor_discard_count,
            favor_discard_known,
            favor_drawn,
            statue,
            players,
            victoria,
            pending,
            turn,
            building_start,
            score,
        } = v;
        pb::game_view::Game::Emara(pb::EmaraView {
            options: Some(options_to_proto(&config)),
            phase: phase_to(phase),
            round: round.into(),
            rings: Some(rings_to(&rings)),
            huts: huts.iter().map(hut_to).collect(),
            advisor_spaces: spaces_to(&advisor_spaces),
            advisors_b_top: opt(advisors_b_top, advisor_to),
            advisors_b_count: u32_of(advisors_b_count),
            markers: markers.iter().map(marker_view_to).collect(),
            nobility: nobility.iter().map(stack_to).collect(),
            current_event: opt(current_event, event_card_to),
            event_top: opt(event_top, event_card_to),
            event_deck_count: u32_of(event_deck_count),
            events_done: many(&events_done, event_card_to),
            favor_stack_count: u32_of(favor_stack_count),
            favor_discard_count: u32_of(favor_discard_count),
            favor_discard_known: tokens(&favor_discard_known),
            favor_drawn: favor_drawn.as_deref().map(tokens).unwrap_or_default(),
            statue: u32_of(statue),
            players: players.iter().map(player_to).collect(),
            victoria: victoria.map(|VictoriaView { cp, nobility }| pb::EmaraVictoria {
                cp,
                nobility: nobility_cards(&nobility),
            }),

            pending: Some(pending_to(&pending)),
            turn: turn.as_ref().map(turn_to),
            building_start,
            score: score.as_ref().map(score_to),
        })
    }

    fn event_to_proto(e: EmaraEvent) -> pb::event::Game {
        use pb::emara_event as ee;
        let s = u32_of;
        let kind = match e {
            EmaraEvent::LayoutDealt { rings } => E::LayoutDealt(ee::LayoutDealt {
                rings: Some(rings_to(&rings)),
            }),
            EmaraEvent::AdvisorsDealt { spaces, b_top } => E::AdvisorsDealt(ee::AdvisorsDealt {
                spaces: spaces_to(&spaces),
                b_top: opt(b_top, advisor_to),
            }),
            EmaraEvent::EventDeckTop { top } => E::EventDeckTop(ee::EventDeckTop {
                top: opt(top, event_card_to),
            }),
            EmaraEvent::StartPlayer { seat } => E::StartPlayer(ee::StartPlayer { seat: s(seat) }),
            EmaraEvent::BuildingStart { bp } => E::BuildingStart(ee::BuildingStart { bp }),
            EmaraEvent::CouncilorPlaced {
                seat,
                ring,
                location,
            } => E::CouncilorPlaced(ee::CouncilorPlaced {
                seat: s(seat),
                ring: ring_to(ring),
                location: location_to(location),
            }),
            EmaraEvent::DeckShuffled { seat, count } => E::DeckShuffled(ee::DeckShuffled {
                seat: s(seat),
                count: s(count),
            }),
            EmaraEvent::CardsDrawn { seat, count, cards } => E::CardsDrawn(ee::CardsDrawn {
                seat: s(seat),
                count: s(count),
                cards: many(&cards, card_to),
            }),
            EmaraEvent::HandTakenUp { seat, cards } => E::HandTakenUp(ee::HandTakenUp {
                seat: s(seat),
                cards: many(&cards, card_to),
            }),
            EmaraEvent::RoundStarted { round } => E::RoundStarted(ee::RoundStarted {
                round: round.into(),
            }),
            EmaraEvent::EventRevealed { round, event } => E::EventRevealed(ee::EventRevealed {
                round: round.into(),
                event: event_card_to(event),
            }),
            EmaraEvent::TurnStarted {
                seat,
                round,
                turn_of_round,
            } => E::TurnStarted(ee::TurnStarted {
                seat: s(seat),
                round: round.into(),
                turn_of_round: turn_of_round.into(),
            }),
            EmaraEvent::CardPlayed { seat, card, slot } => E::CardPlayed(ee::CardPlayed {
                seat: s(seat),
                card: card_to(card),
                slot: slot.into(),
            }),
            EmaraEvent::CardActionDeclined { seat, card } => {
                E::CardActionDeclined(ee::CardActionDeclined {
                    seat: s(seat),
                    card: card_to(card),
                })
            }
            EmaraEvent::CouncilorMoved {
                seat,
                ring,
                from,
                to,
                steps,
            } => E::CouncilorMoved(ee::CouncilorMoved {
                seat: s(seat),
                ring: ring_to(ring),
                from: location_to(from),
                to: location_to(to),
                steps: steps.into(),
            }),
            EmaraEvent::VisitStarted {
                seat,
                location,
                origin,
            } => E::VisitStarted(ee::VisitStarted {
                seat: s(seat),
                location: location_to(location),
                origin: origin_to(origin),
            }),
            EmaraEvent::VisitFinished { seat, location } => E::VisitFinished(ee::VisitFinished {
                seat: s(seat),
                location: location_to(location),
            }),
            EmaraEvent::Changed {
                seat,
                delta,
                source,
            } => E::Changed(ee::Changed {
                seat: s(seat),
                delta: Some(delta_to(&delta)),
                source: Some(source_to(source)),
            }),
            EmaraEvent::MarkerAdvanced {
                marker,
                used_value,
                next_index,
                next_value,
            } => E::MarkerAdvanced(ee::MarkerAdvanced {
                marker: marker_to(marker),
                used_value,
                next_index: next_index.map(u32::from),
                next_value,
            }),
            EmaraEvent::FavorDrawn {
                seat,
                count,
                tokens: ts,
            } => E::FavorDrawn(ee::FavorDrawn {
                seat: s(seat),
                count: s(count),
                tokens: tokens(&ts),
            }),
            EmaraEvent::FavorKept { seat, token } => E::FavorKept(ee::FavorKept {
                seat: s(seat),
                token: Some(token_to(token)),
            }),
            EmaraEvent::FavorDiscarded {
                seat,
                count,
                tokens: ts,
            } => E::FavorDiscarded(ee::FavorDiscarded {
                seat: s(seat),
                count: s(count),
                tokens: tokens(&ts),
            }),
            EmaraEvent::FavorRedeemed { seat, token } => E::FavorRedeemed(ee::FavorRedeemed {
                seat: s(seat),
                token: Some(token_to(token)),
            }),
            EmaraEvent::FavorReshuffled { count } => {
                E::FavorReshuffled(ee::FavorReshuffled { count: s(count) })
            }
            EmaraEvent::CraftsmanHired {
                seat,
                location,
                hut,
                slot,
            } => E::CraftsmanHired(ee::CraftsmanHired {
                seat: s(seat),
                location: location_to(location),
                hut: hut.into(),
                slot: slot.into(),
            }),
            EmaraEvent::AdvisorRecruited {
                seat,
                advisor,
                location,
                space,
            } => E::AdvisorRecruited(ee::AdvisorRecruited {
                seat: s(seat),
                advisor: advisor_to(advisor),
                location: location_to(location),
                space: space.into(),
            }),
            EmaraEvent::AdvisorRefilled {
                location,
                space,
                advisor,
                b_top,
            } => E::AdvisorRefilled(ee::AdvisorRefilled {
                location: location_to(location),
                space: space.into(),
                advisor: opt(advisor, advisor_to),
                b_top: opt(b_top, advisor_to),
            }),
            EmaraEvent::RankRaised { seat, card } => E::RankRaised(ee::RankRaised {
                seat: s(seat),
                card: Some(nobility_card_to(card)),
            }),
            EmaraEvent::AbilityUsed { seat, advisor } => E::AbilityUsed(ee::AbilityUsed {
                seat: s(seat),
                advisor: advisor_to(advisor),
            }),
            EmaraEvent::TurnEnded { seat } => E::TurnEnded(ee::TurnEnded { seat: s(seat) }),
            EmaraEvent::RoundEventResolved {
                seat,
                event,
                option,
            } => E::RoundEventResolved(ee::RoundEventResolved {
                seat: s(seat),
                event: event_card_to(event),
                option: option_to(option),
            }),
            EmaraEvent::VictoriaBuilt { stone, bread, cp } => {
                E::VictoriaBuilt(ee::VictoriaBuilt { stone, bread, cp })
            }
            EmaraEvent::VictoriaRank { card } => E::VictoriaRank(ee::VictoriaRank {
                card: Some(nobility_card_to(card)),
            }),
            EmaraEvent::StatuePassed { to } => E::StatuePassed(ee::StatuePassed { to: s(to) }),
            EmaraEvent::SlotsCleared => E::SlotsCleared(ee::SlotsCleared {}),
            EmaraEvent::LeftoversAllocated { seat, to_cp, to_bp } => {
                E::LeftoversAllocated(ee::LeftoversAllocated {
                    seat: s(seat),
                    to_cp,
                    to_bp,
                })
            }
            EmaraEvent::GameScored { score } => E::GameScored(ee::GameScored {
                score: Some(score_to(&score)),
            }),
        };
        pb::event::Game::Emara(pb::EmaraEvent { kind: Some(kind) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablero_rules::Viewer;

    fn config(players: u8, random_layout: bool, full_selection: bool) -> EmaraConfig {
        EmaraConfig {
            random_layout,
            full_selection,
            ..EmaraConfig::new(players)
        }
    }

    /// A view's options give back its game's config, in every layout and selection variant,
    /// the solo campaign and a custom start (the random games of every mode are in
    /// `tests/mapping_conformance.rs`).
    #[test]
    fn the_views_options_give_back_the_config() {
        let mut configs = vec![
            EmaraConfig::solo(SoloMode::Campaign, 30),
            EmaraConfig {
                building_start: BuildingStart::FirstGame,
                start_player: StartPlayer::Random,
                ..EmaraConfig::new(3)
            },
        ];
        for players in 1..=4u8 {
            for (random_layout, full_selection) in
                [(false, false), (true, false), (false, true), (true, true)]
            {
                configs.push(config(players, random_layout, full_selection));
            }
        }
        for (seed, c) in configs.into_iter().enumerate() {
            let st = Emara::setup(&c, seed as u64).expect("setup");
            for viewer in (0..c.players.into())
                .map(Viewer::Seat)
                .chain([Viewer::Spectator])
            {
                let pb::game_view::Game::Emara(v) = Emara::view_to_proto(Emara::view(&st, viewer))
                else {
                    panic!("not an Emara view")
                };
                let options = v.options.expect("options");
                let back = Emara::config_from_proto(
                    Some(&pb::GameOptions {
                        game: Some(pb::game_options::Game::Emara(options)),
                    }),
                    None,
                );
                assert_eq!(back.expect("valid options"), c, "{viewer:?}");
            }
        }
    }

    fn from_options(o: pb::EmaraOptions, mode: Option<&str>) -> Result<EmaraConfig, Invalid> {
        Emara::config_from_proto(
            Some(&pb::GameOptions {
                game: Some(pb::game_options::Game::Emara(o)),
            }),
            mode,
        )
    }

    #[test]
    fn configs_from_the_mode_names() {
        let modes: Vec<(&str, u32)> = Emara::modes()
            .iter()
            .map(|m| (m.name, m.seats as u32))
            .collect();
        assert_eq!(
            modes,
            [
                ("solo", 1),
                ("two_player", 2),
                ("three_player", 3),
                ("four_player", 4)
            ]
        );
        for m in &Emara::modes() {
            let c = Emara::config_from_proto(None, Some(m.name)).unwrap();
            assert_eq!(c.players as usize, m.seats);
            assert_eq!(Emara::seat_count(&c).unwrap(), m.seats);
            assert_eq!(
                c,
                EmaraConfig::new(c.players),
                "{}: the standard game",
                m.name
            );
            assert_eq!(c.solo.is_some(), m.seats == 1);
            // The options' mode agrees.
            let o = pb::EmaraOptions {
                mode: mode_to_proto(c.players),
                ..Default::default()
            };
            assert_eq!(from_options(o, Some(m.name)).unwrap(), c);
            assert_eq!(from_options(o, None).unwrap(), c);
        }
        assert_eq!(Emara::config_from_proto(None, None).unwrap().players, 2);
    }

    #[test]
    fn options_map_to_the_config() {
        let c = from_options(
            pb::EmaraOptions {
                mode: pb::EmaraMode::Solo as i32,
                random_layout: true,
                full_selection: true,
                building_start_position: Some(25),
                solo_mode: pb::EmaraSoloMode::Campaign as i32,
                ..Default::default()
            },
            Some("solo"),
        )
        .unwrap();
        assert_eq!(
            c,
            EmaraConfig {
                random_layout: true,
                full_selection: true,
                ..EmaraConfig::solo(SoloMode::Campaign, 25)
            }
        );
        let c = from_options(
            pb::EmaraOptions {
                building_start: pb::EmaraBuildingStart::FirstGame as i32,
                random_start_player: true,
                ..Default::default()
            },
            Some("four_player"),
        )
        .unwrap();
        assert_eq!(c.building_start, BuildingStart::FirstGame);
        assert_eq!(c.start_player, StartPlayer::Random);
        assert_eq!(c.solo, None);
        let c = from_options(
            pb::EmaraOptions {
                start_player: Some(2),
                ..Default::default()
            },
            Some("three_player"),
        )
        .unwrap();
        assert_eq!(c.start_player, StartPlayer::Seat(2));
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
        let with = from_options;
        invalid(Emara::config_from_proto(None, Some("five_player")), "mode");
        invalid(Emara::config_from_proto(None, Some("SOLO")), "mode");
        let solo = pb::EmaraOptions {
            mode: pb::EmaraMode::Solo as i32,
            ..Default::default()
        };
        invalid(with(solo, Some("two_player")), "mode");
        invalid(
            with(
                pb::EmaraOptions {
                    mode: 9,
                    ..Default::default()
                },
                None,
            ),
            "options.emara.mode",
        );
        invalid(
            with(
                pb::EmaraOptions {
                    building_start: pb::EmaraBuildingStart::Custom as i32,
                    ..Default::default()
                },
                None,
            ),
            "options.emara.building_start_position",
        );
        invalid(
            with(
                pb::EmaraOptions {
                    building_start: pb::EmaraBuildingStart::FirstGame as i32,
                    building_start_position: Some(20),
                    ..Default::default()
                },
                None,
            ),
            "options.emara.building_start_position",
        );
        invalid(
            with(
                pb::EmaraOptions {
                    start_player: Some(2),
                    ..Default::default()
                },
                None,
            ),
            "options.emara.start_player",
        );
        invalid(
            with(
                pb::EmaraOptions {
                    start_player: Some(0),
                    random_start_player: true,
                    ..Default::default()
                },
                None,
            ),
            "options.emara.start_player",
        );
        invalid(
            with(
                pb::EmaraOptions {
                    solo_mode: pb::EmaraSoloMode::Campaign as i32,
                    ..Default::default()
                },
                Some("three_player"),
            ),
            "options.emara.solo_mode",
        );
    }

    fn typed(kind: A) -> pb::Action {
        pb::Action {
            game: Some(pb::action::Game::Emara(pb::EmaraAction {
                kind: Some(kind),
            })),
        }
    }

    #[test]
    fn malformed_actions_are_invalid() {
        use pb::emara_action as ea;
        invalid(
            Emara::action_from_proto(&typed(A::PlayCard(ea::PlayCard {
                card: pb::EmaraActionCard::Step as i32,
                slot: 4,
            }))),
            "action.emara.play_card.slot",
        );
        invalid(
            Emara::action_from_proto(&typed(A::PlayCard(ea::PlayCard { card: 0, slot: 1 }))),
            "action.emara.play_card.card",
        );
        invalid(
            Emara::action_from_proto(&typed(A::Move(ea::Move { ring: 3 }))),
            "action.emara.move.ring",
        );
        invalid(
            Emara::action_from_proto(&typed(A::KeepFavorToken(ea::KeepFavorToken {
                token: Some(pb::EmaraFavorToken {
                    location: pb::EmaraLocation::Forest as i32,
                    reward: pb::EmaraFavorReward::Book as i32,
                }),
            }))),
            "action.emara.keep_favor_token.token",
        );
        invalid(
            Emara::action_from_proto(&typed(A::KeepFavorToken(ea::KeepFavorToken {
                token: None,
            }))),
            "action.emara.keep_favor_token.token",
        );
        invalid(
            Emara::action_from_proto(&typed(A::BuildWood(ea::BuildWood {
                payment: Some(pb::EmaraPayment {
                    wood: 256,
                    ..Default::default()
                }),
            }))),
            "action.emara.build_wood.payment",
        );
        invalid(
            Emara::action_from_proto(&typed(A::CardHire(ea::CardHire { hire: None }))),
            "action.emara.card_hire",
        );
        invalid(
            Emara::action_from_proto(&typed(A::HireCraftsman(ea::HireCraftsman {
                location: pb::EmaraLocation::Quarry as i32,
                hut: 4,
                payment: None,
            }))),
            "action.emara.hire_craftsman",
        );
        invalid(
            Emara::action_from_proto(&typed(A::ResolveRoundEvent(ea::ResolveRoundEvent {
                option: 0,
                payment: None,
            }))),
            "action.emara.resolve_round_event.option",
        );
        // An unset payment is an empty one.
        assert_eq!(
            Emara::action_from_proto(&typed(A::ResolveRoundEvent(ea::ResolveRoundEvent {
                option: pb::EmaraRoundEventOption::Decline as i32,
                payment: None,
            })))
            .unwrap(),
            EmaraAction::ResolveRoundEvent {
                option: RoundEventOption::Decline,
                payment: Payment::NONE,
            }
        );
    }

    #[test]
    fn scenarios_map_and_malformed_ones_are_invalid() {
        let scenario = |s: pb::EmaraScenario| {
            Emara::scenario_from_proto(Some(&pb::Scenario {
                game: Some(pb::scenario::Game::Emara(s)),
            }))
        };
        assert_eq!(Emara::scenario_from_proto(None).unwrap(), None);
        assert_eq!(
            scenario(pb::EmaraScenario::default()).unwrap(),
            Some(EmaraScenario::default())
        );
        let rings = [Location::COUNTRYSIDE, Location::TOWN];
        let s = scenario(pb::EmaraScenario {
            rings: Some(rings_to(&rings)),
            advisors_b: many(&Advisor::ALL[16..], advisor_to),
            events: many(&EventCard::ALL, event_card_to),
            decks: vec![pb::EmaraActionCards {
                cards: many(&ActionCard::ALL, card_to),
            }],
            start_player: Some(0),
            ..Default::default()
        })
        .unwrap()
        .unwrap();
        assert_eq!(s.rings, Some(rings));
        assert_eq!(s.advisors_b.as_deref(), Some(&Advisor::ALL[16..]));
        assert_eq!(s.events.as_deref(), Some(&EventCard::ALL[..]));
        assert_eq!(s.decks, Some(vec![ActionCard::ALL.to_vec()]));
        assert_eq!(s.start_player, Some(0));
        assert_eq!(s.advisors_a, None);
        invalid(
            scenario(pb::EmaraScenario {
                rings: Some(pb::EmaraRings {
                    a: many(&Location::COUNTRYSIDE[..3], location_to),
                    b: many(&Location::TOWN, location_to),
                }),
                ..Default::default()
            }),
            "scenario.emara.rings.a",
        );
        invalid(
            scenario(pb::EmaraScenario {
                events: vec![99],
                ..Default::default()
            }),
            "scenario.emara.events",
        );
    }
}
