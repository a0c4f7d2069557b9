//! The decision table of section 9: which actions a seat may take now (D2–D29) and why any
//! other action is refused. `check` and `legal_actions` follow the same rules, so `apply`
//! accepts exactly what `legal_actions` lists (the playout tests verify it at every step).

use super::bonus::{advisor_space, next_rank};
use super::data::data;
use super::effects::marker_value;
use super::payment::{PayReq, affordable, payments};
use super::round::round_event_options;
use super::setup::relocation_sources;
use super::state::*;
use super::types::*;
use crate::{RuleViolation, Seat};

/// The seats that must act now.
pub(crate) fn pending_seats(p: &Pending) -> Vec<Seat> {
    match p {
        Pending::RelocateStartCouncilor { seat }
        | Pending::StartingResource { seat }
        | Pending::PlayCard { seat }
        | Pending::Turn { seat }
        | Pending::LocationAction { seat, .. }
        | Pending::KeepFavorToken { seat }
        | Pending::RoundEvent { seat, .. } => vec![*seat],
        Pending::Leftovers { seats } => seats.clone(),
        Pending::None => Vec::new(),
    }
}

fn may_act(p: &Pending, seat: Seat) -> bool {
    match p {
        Pending::RelocateStartCouncilor { seat: s }
        | Pending::StartingResource { seat: s }
        | Pending::PlayCard { seat: s }
        | Pending::Turn { seat: s }
        | Pending::LocationAction { seat: s, .. }
        | Pending::KeepFavorToken { seat: s }
        | Pending::RoundEvent { seat: s, .. } => *s == seat,
        Pending::Leftovers { seats } => seats.contains(&seat),
        Pending::None => false,
    }
}

// ---- shared requirements -------------------------------------------------------------------

fn scholar(st: &EmaraState, seat: Seat) -> bool {
    st.players[seat].has(Advisor::Scholar)
}

fn steward(st: &EmaraState, seat: Seat) -> bool {
    st.players[seat].has(Advisor::Steward)
}

/// EMR-11.7 / EMR-5.8 / EMR-12.13: a hut's cost.
fn hut_req(st: &EmaraState, seat: Seat, loc: Location, hut: u8, discount: u8) -> PayReq {
    PayReq::Printed {
        cost: data().hut_cost(loc, hut),
        discount,
        any_type: scholar(st, seat),
    }
}

/// EMR-11.10 / EMR-5.8 / EMR-13.14 / EMR-13.15 / EMR-12.13: an advisor's cost.
fn advisor_req(st: &EmaraState, seat: Seat, a: Advisor, card_discount: u8) -> PayReq {
    let labour = u8::from(st.event_is(EventCard::GoodLabourSituation));
    PayReq::Printed {
        cost: data().advisor(a).cost,
        discount: card_discount + labour,
        any_type: scholar(st, seat),
    }
}

/// EMR-12.5: 1 cloth + `bread` grain.
fn baker_req(bread: u8) -> PayReq {
    PayReq::Printed {
        cost: Cost {
            cloth: 1,
            grain: bread,
            ..Cost::default()
        },
        discount: 0,
        any_type: false,
    }
}

/// Countryside locations where `seat` may hire (EMR-11.6, EMR-12.15).
fn hire_locations(st: &EmaraState, seat: Seat) -> impl Iterator<Item = Location> + '_ {
    let any = steward(st, seat);
    Location::COUNTRYSIDE
        .into_iter()
        .filter(move |&l| any || st.councilor_on(seat, l))
}

fn craftsman_options(
    st: &EmaraState,
    seat: Seat,
    discount: u8,
    out: &mut Vec<(Location, u8, Payment)>,
) {
    if st.players[seat].craftsmen_placed >= 4 {
        return;
    }
    let g = &st.players[seat].goods;
    for loc in hire_locations(st, seat) {
        if st.own_craftsmen_on(seat, loc) >= 3 {
            continue;
        }
        for hut in 0..4u8 {
            if st.huts[loc as usize * 4 + hut as usize].is_none() {
                for p in payments(hut_req(st, seat, loc, hut, discount), g) {
                    out.push((loc, hut, p));
                }
            }
        }
    }
}

fn advisor_options(
    st: &EmaraState,
    seat: Seat,
    card_discount: u8,
    out: &mut Vec<(Advisor, Payment)>,
) {
    let any = steward(st, seat);
    let g = &st.players[seat].goods;
    for (ti, sp) in st.spaces.iter().enumerate() {
        let loc = Location::TOWN[ti];
        if !(any || st.councilor_on(seat, loc)) {
            continue;
        }
        for a in sp.iter().flatten() {
            for p in payments(advisor_req(st, seat, *a, card_discount), g) {
                out.push((*a, p));
            }
        }
    }
}

fn can_raise(st: &EmaraState, seat: Seat) -> bool {
    let Some(rank) = next_rank(st, seat) else {
        return false;
    };
    let rd = data().rank(rank);
    let g = &st.players[seat].goods;
    !st.nobility[rank as usize].is_empty() && g.coins >= rd.coins && g.rings >= rd.rings
}

// ---- legal actions -------------------------------------------------------------------------

pub(crate) fn legal_actions(st: &EmaraState, seat: Seat) -> Vec<EmaraAction> {
    if seat >= st.n() || !may_act(&st.pending, seat) {
        return Vec::new();
    }
    let mut out = Vec::new();
    match &st.pending {
        Pending::RelocateStartCouncilor { .. } => {
            for from in relocation_sources(st) {
                let (ring, _) = st.position_of(from);
                for &to in &st.rings[ring.other() as usize] {
                    out.push(EmaraAction::RelocateStartCouncilor { from, to });
                }
            }
        }
        Pending::StartingResource { .. } => {
            out.extend(Resource::ALL.map(EmaraAction::ChooseStartingResource));
        }
        Pending::PlayCard { .. } => {
            let p = &st.players[seat];
            for &card in &p.hand {
                for slot in 1..=3u8 {
                    if p.slots[slot as usize - 1].is_none() {
                        out.push(EmaraAction::PlayCard { card, slot });
                    }
                }
            }
        }
        Pending::Turn { .. } => turn_actions(st, seat, &mut out),
        Pending::LocationAction { location, .. } => visit_actions(st, seat, *location, &mut out),
        Pending::KeepFavorToken { .. } => {
            out.extend(
                st.favor_drawn
                    .iter()
                    .map(|&t| EmaraAction::KeepFavorToken(t)),
            );
        }
        Pending::RoundEvent { .. } => {
            for (option, payment) in round_event_options(st, seat) {
                out.push(EmaraAction::ResolveRoundEvent { option, payment });
            }
        }
        Pending::Leftovers { .. } => {
            let l = st.players[seat].leftovers.unwrap_or(0);
            out.extend((0..=l).map(|to_cp| EmaraAction::AllocateLeftovers { to_cp }));
        }
        Pending::None => {}
    }
    out
}

/// EMR-5.6: the coins the Coins card gives for `units` resources paid.
fn coins_for(units: u8) -> u8 {
    if units == 3 { 2 } else { 1 }
}

/// Whether a coin exchange pays only coins (in place of resources, EMR-1.5) and takes as many:
/// it changes nothing, so it is not offered (the card or sub-action can simply be skipped).
fn coins_for_coins(p: &Payment, gained: u8) -> bool {
    p.coins == p.units() && p.units() == gained
}

fn turn_actions(st: &EmaraState, seat: Seat, out: &mut Vec<EmaraAction>) {
    let t = &st.turn;
    let p = &st.players[seat];
    let g = &p.goods;
    if !t.card_done {
        match t.card.expect("card played") {
            ActionCard::Coins => {
                for n in [1, 3] {
                    out.extend(
                        payments(PayReq::Any(n), g)
                            .into_iter()
                            .filter(|p| !coins_for_coins(p, coins_for(n)))
                            .map(EmaraAction::CardCoins),
                    );
                }
                out.push(EmaraAction::DeclineCardAction);
            }
            ActionCard::Step => out.extend(Ring::ALL.map(EmaraAction::CardStep)),
            ActionCard::Hire => {
                let mut c = Vec::new();
                craftsman_options(st, seat, 1, &mut c);
                out.extend(c.into_iter().map(|(location, hut, payment)| {
                    EmaraAction::CardHire(Hire::Craftsman {
                        location,
                        hut,
                        payment,
                    })
                }));
                let mut a = Vec::new();
                advisor_options(st, seat, 1, &mut a);
                out.extend(a.into_iter().map(|(advisor, payment)| {
                    EmaraAction::CardHire(Hire::Advisor { advisor, payment })
                }));
                out.push(EmaraAction::DeclineCardAction);
            }
            ActionCard::City => {
                out.extend(Location::TOWN.map(EmaraAction::CardCity));
                out.push(EmaraAction::DeclineCardAction);
            }
            _ => {}
        }
    }
    if !t.move_done {
        out.extend(Ring::ALL.map(EmaraAction::Move));
    }
    if !t.bonus_used(Bonus::RaiseRank) && can_raise(st, seat) {
        out.push(EmaraAction::RaiseRank);
    }
    if !t.bonus_used(Bonus::HireCraftsman) {
        let mut c = Vec::new();
        craftsman_options(st, seat, 0, &mut c);
        out.extend(
            c.into_iter()
                .map(|(location, hut, payment)| EmaraAction::HireCraftsman {
                    location,
                    hut,
                    payment,
                }),
        );
    }
    if !t.bonus_used(Bonus::RecruitAdvisor) {
        let mut a = Vec::new();
        advisor_options(st, seat, 0, &mut a);
        out.extend(
            a.into_iter()
                .map(|(advisor, payment)| EmaraAction::RecruitAdvisor { advisor, payment }),
        );
    }
    let usable = |a: Advisor| p.has(a) && !t.ability_used(a);
    if usable(Advisor::Baker) {
        for bread in 1..=2 {
            out.extend(
                payments(baker_req(bread), g)
                    .into_iter()
                    .map(|payment| EmaraAction::UseBaker { bread, payment }),
            );
        }
    }
    if usable(Advisor::Schoolmarm) {
        out.extend(
            payments(PayReq::Any(2), g)
                .into_iter()
                .map(EmaraAction::UseSchoolmarm),
        );
    }
    if usable(Advisor::Bailiff) && g.rings > 0 {
        out.push(EmaraAction::UseBailiff);
    }
    if usable(Advisor::Dressmaker) {
        out.extend(
            payments(PayReq::Exactly(Resource::Cloth, 1), g)
                .into_iter()
                .map(EmaraAction::UseDressmaker),
        );
    }
    if usable(Advisor::Landlord) && p.cp >= 1 {
        out.extend(
            payments(PayReq::Exactly(Resource::Cloth, 1), g)
                .into_iter()
                .map(EmaraAction::UseLandlord),
        );
    }
    if usable(Advisor::Merchant) {
        for give in payments(PayReq::Any(1), g) {
            for take in Resource::ALL {
                if give.get(take) == 0 {
                    out.push(EmaraAction::UseMerchant { give, take });
                }
            }
        }
    }
    if p.has(Advisor::Chamberlain) {
        if g.rings > 0 {
            out.push(EmaraAction::UseChamberlain(ChamberlainSwap::RingToCoin));
        }
        if g.coins > 0 {
            out.push(EmaraAction::UseChamberlain(ChamberlainSwap::CoinToRing));
        }
    }
    if t.card_done && t.move_done {
        out.push(EmaraAction::EndTurn);
    }
}

/// The harvest choices (D11): counts summing to the own craftsmen on the location.
fn harvest_options(st: &EmaraState, seat: Seat, loc: Location) -> Vec<HarvestChoice> {
    let k = st.own_craftsmen_on(seat, loc);
    let g = &st.players[seat].goods;
    let mut out = Vec::new();
    for extra in 0..=k {
        for bg in 0..=k - extra {
            let bc = k - extra - bg;
            let h = HarvestChoice {
                extra,
                bread_for_grain: bg,
                bread_for_coin: bc,
            };
            if harvest_ok(g, loc, &h) {
                out.push(h);
            }
        }
    }
    out
}

/// EMR-7.2: the grain may be grain just gained (the location's 1 and the extra units at the
/// Grain Field); coins stand in for grain (EMR-1.5).
fn harvest_ok(g: &Goods, loc: Location, h: &HarvestChoice) -> bool {
    let fresh = if loc == Location::GrainField {
        1 + h.extra as u32
    } else {
        0
    };
    g.grain + fresh >= h.bread_for_grain as u32 && g.coins >= h.bread_for_coin as u32
}

fn visit_actions(st: &EmaraState, seat: Seat, loc: Location, out: &mut Vec<EmaraAction>) {
    let v = st.turn.visit.expect("visit");
    let p = &st.players[seat];
    let g = &p.goods;
    match loc {
        Location::Cathedral => {
            if !v.used(SubAction::Donation) {
                for r in Resource::ALL {
                    let n = marker_value(st, Marker::Donation(r)) as u8;
                    for payment in payments(PayReq::Exactly(r, n), g) {
                        out.push(EmaraAction::CathedralDonate {
                            resource: r,
                            payment,
                        });
                    }
                }
            }
        }
        Location::Castle => {
            if !v.used(SubAction::Gift) {
                for r in Resource::ALL {
                    let n = marker_value(st, Marker::Gift(r)) as u8;
                    for payment in payments(PayReq::Exactly(r, n), g) {
                        out.push(EmaraAction::CastleGift {
                            resource: r,
                            payment,
                        });
                    }
                }
            }
            if !v.used(SubAction::BookForBp) && g.books > 0 {
                out.push(EmaraAction::CastleBookForBp);
            }
        }
        Location::Market => {
            if !v.used(SubAction::BuyCoins) {
                out.extend(
                    payments(PayReq::Any(1), g)
                        .into_iter()
                        .filter(|p| !coins_for_coins(p, 1))
                        .map(EmaraAction::MarketBuyCoins),
                );
                if st.event_is(EventCard::MerchantsFromAfar) {
                    out.extend(
                        payments(PayReq::Any(2), g)
                            .into_iter()
                            .filter(|p| !coins_for_coins(p, 2))
                            .map(EmaraAction::MarketBuyCoins),
                    );
                }
            }
            if !v.used(SubAction::SellBooks) {
                for n in 1..=g.books.min(5) as u8 {
                    out.push(EmaraAction::MarketSellBooks(n));
                }
            }
        }
        Location::ConstructionSite => {
            if !v.used(SubAction::Stone) {
                out.extend(
                    payments(PayReq::Exactly(Resource::Stone, 1), g)
                        .into_iter()
                        .map(EmaraAction::BuildStone),
                );
            }
            if !v.used(SubAction::Bread) {
                for n in 1..=g.bread.min(3) as u8 {
                    out.push(EmaraAction::BuildBread(n));
                }
            }
            if !v.used(SubAction::Wood) {
                for n in [1, 3] {
                    out.extend(
                        payments(PayReq::Exactly(Resource::Wood, n), g)
                            .into_iter()
                            .map(EmaraAction::BuildWood),
                    );
                }
            }
        }
        _ => {
            if !v.used(SubAction::Harvest) {
                out.extend(
                    harvest_options(st, seat, loc)
                        .into_iter()
                        .map(EmaraAction::Harvest),
                );
            }
        }
    }
    for &t in &p.favor {
        if t.location == loc {
            out.push(EmaraAction::RedeemFavorToken(t));
        }
    }
    out.push(EmaraAction::FinishLocationAction);
}

// ---- refusals ------------------------------------------------------------------------------

fn refuse(rule: &'static str, message: impl Into<String>) -> Result<(), RuleViolation> {
    Err(RuleViolation::new(rule, message))
}

fn ok_if(cond: bool, rule: &'static str, message: impl Into<String>) -> Result<(), RuleViolation> {
    if cond { Ok(()) } else { refuse(rule, message) }
}

/// EMR-1.6 (and the requirement's own rule for a payment of the wrong kind).
fn check_payment(
    g: &Goods,
    req: PayReq,
    p: &Payment,
    rule: &'static str,
    what: &str,
) -> Result<(), RuleViolation> {
    ok_if(
        req.settled_by(p),
        rule,
        format!("{} does not settle {what}", p.label()),
    )?;
    ok_if(
        affordable(g, p),
        "EMR-1.6",
        format!("you cannot pay {} in full", p.label()),
    )
}

/// Whether `seat` may take `action` now; the error names the violated rule.
pub(crate) fn check(
    st: &EmaraState,
    seat: Seat,
    action: &EmaraAction,
) -> Result<(), RuleViolation> {
    if st.pending == Pending::None {
        return refuse("EMR-3.5", "the game is over");
    }
    if seat >= st.n() {
        return refuse("EMR-1.1", format!("there is no seat {seat}"));
    }
    if !may_act(&st.pending, seat) {
        if matches!(st.pending, Pending::Leftovers { .. }) {
            return refuse("EMR-14.3", "you have already split your leftover points");
        }
        return refuse("EMR-3.3", "it is not your turn");
    }
    match &st.pending {
        Pending::RelocateStartCouncilor { .. } => match *action {
            EmaraAction::RelocateStartCouncilor { from, to } => {
                ok_if(
                    relocation_sources(st).contains(&from),
                    "EMR-15.3",
                    format!("{} is not one of the start locations", from.name()),
                )?;
                let (ring, _) = st.position_of(from);
                ok_if(
                    st.position_of(to).0 != ring,
                    "EMR-15.3",
                    format!("{} is not in the other ring", to.name()),
                )
            }
            _ => refuse(
                "EMR-15.3",
                "move one start councilor to the other ring first",
            ),
        },
        Pending::StartingResource { .. } => match action {
            EmaraAction::ChooseStartingResource(_) => Ok(()),
            _ => refuse("EMR-15.4", "choose your starting resource first"),
        },
        Pending::PlayCard { .. } => match *action {
            EmaraAction::PlayCard { card, slot } => {
                let p = &st.players[seat];
                ok_if(
                    (1..=3).contains(&slot),
                    "EMR-4.2",
                    format!("there is no slot {slot}"),
                )?;
                ok_if(
                    p.slots[slot as usize - 1].is_none(),
                    "EMR-4.2",
                    format!("slot {slot} is already filled this round"),
                )?;
                ok_if(
                    p.hand.contains(&card),
                    "EMR-4.1",
                    format!("{} is not in your hand", card.name()),
                )
            }
            _ => refuse("EMR-4.1", "a turn starts by playing a card"),
        },
        Pending::Turn { .. } => check_turn(st, seat, action),
        Pending::LocationAction { location, .. } => check_visit(st, seat, *location, action),
        Pending::KeepFavorToken { .. } => match action {
            EmaraAction::KeepFavorToken(t) => ok_if(
                st.favor_drawn.contains(t),
                "EMR-10.2",
                format!("{} was not drawn", t.id()),
            ),
            _ => refuse("EMR-10.2", "keep one of the drawn favor tokens first"),
        },
        Pending::RoundEvent { event, .. } => {
            let rule = match event {
                EventCard::TheGreatFamine => "EMR-13.5",
                EventCard::AlmsForThePoor => "EMR-13.6",
                _ => "EMR-13.7",
            };
            match *action {
                EmaraAction::ResolveRoundEvent { option, payment } => ok_if(
                    round_event_options(st, seat).contains(&(option, payment)),
                    rule,
                    format!(
                        "{} ({}) is not an option of {} for you",
                        option.id(),
                        payment.label(),
                        event.name()
                    ),
                ),
                _ => refuse("EMR-3.4", format!("resolve {} first", event.name())),
            }
        }
        Pending::Leftovers { .. } => match *action {
            EmaraAction::AllocateLeftovers { to_cp } => {
                let l = st.players[seat].leftovers.unwrap_or(0);
                ok_if(
                    to_cp <= l,
                    "EMR-14.3",
                    format!("only {l} leftover points to split"),
                )
            }
            _ => refuse("EMR-14.3", "split your leftover points"),
        },
        Pending::None => unreachable!("handled above"),
    }
}

/// The card action of `kind` is open (EMR-4.3).
fn card_open(st: &EmaraState, kind: ActionCard, rule: &'static str) -> Result<(), RuleViolation> {
    let card = st.turn.card.expect("card played");
    ok_if(
        card == kind,
        rule,
        format!("you played {}, not {}", card.name(), kind.name()),
    )?;
    ok_if(
        !st.turn.card_done,
        "EMR-4.3",
        "the card action is already resolved",
    )
}

fn bonus_free(st: &EmaraState, b: Bonus) -> Result<(), RuleViolation> {
    ok_if(
        !st.turn.bonus_used(b),
        "EMR-11.1",
        "each bonus action at most once per turn",
    )
}

fn check_craftsman(
    st: &EmaraState,
    seat: Seat,
    loc: Location,
    hut: u8,
    p: &Payment,
    discount: u8,
) -> Result<(), RuleViolation> {
    ok_if(
        !loc.is_town() && hut < 4,
        "EMR-11.6",
        "choose a hut on a countryside location",
    )?;
    ok_if(
        steward(st, seat) || st.councilor_on(seat, loc),
        "EMR-11.6",
        format!("none of your councilors stands on the {}", loc.name()),
    )?;
    ok_if(
        st.huts[loc as usize * 4 + hut as usize].is_none(),
        "EMR-11.6",
        "that hut is occupied",
    )?;
    ok_if(
        st.players[seat].craftsmen_placed < 4,
        "EMR-11.8",
        "you have no craftsmen left",
    )?;
    ok_if(
        st.own_craftsmen_on(seat, loc) < 3,
        "EMR-11.8",
        format!("you already have 3 craftsmen on the {}", loc.name()),
    )?;
    check_payment(
        &st.players[seat].goods,
        hut_req(st, seat, loc, hut, discount),
        p,
        "EMR-11.7",
        "the hut's cost",
    )
}

fn check_advisor(
    st: &EmaraState,
    seat: Seat,
    a: Advisor,
    p: &Payment,
    card_discount: u8,
) -> Result<(), RuleViolation> {
    let Some((loc, _)) = advisor_space(st, a) else {
        return refuse("EMR-11.9", format!("{} lies on no advisor space", a.name()));
    };
    ok_if(
        steward(st, seat) || st.councilor_on(seat, loc),
        "EMR-11.9",
        format!("none of your councilors stands on the {}", loc.name()),
    )?;
    check_payment(
        &st.players[seat].goods,
        advisor_req(st, seat, a, card_discount),
        p,
        "EMR-11.10",
        "the advisor's cost",
    )
}

fn check_turn(st: &EmaraState, seat: Seat, action: &EmaraAction) -> Result<(), RuleViolation> {
    let t = &st.turn;
    let p = &st.players[seat];
    let g = &p.goods;
    match *action {
        EmaraAction::CardCoins(pay) => {
            card_open(st, ActionCard::Coins, "EMR-5.6")?;
            ok_if(
                pay.units() == 1 || pay.units() == 3,
                "EMR-5.6",
                "pay exactly 1 or exactly 3 resources",
            )?;
            ok_if(
                !coins_for_coins(&pay, coins_for(pay.units())),
                "EMR-5.6",
                "paying a coin for a coin changes nothing (skip the card action instead)",
            )?;
            check_payment(
                g,
                PayReq::Any(pay.units()),
                &pay,
                "EMR-5.6",
                "the Coins card",
            )
        }
        EmaraAction::DeclineCardAction => {
            ok_if(
                !t.card_done,
                "EMR-4.3",
                "the card action is already resolved",
            )?;
            match t.card.expect("card played") {
                ActionCard::Coins | ActionCard::Hire | ActionCard::City => Ok(()),
                ActionCard::Step => refuse("EMR-5.7", "the Step card's move is mandatory"),
                _ => refuse("EMR-4.5", "this card action resolves automatically"),
            }
        }
        EmaraAction::CardStep(_) => card_open(st, ActionCard::Step, "EMR-5.7"),
        EmaraAction::CardHire(h) => {
            card_open(st, ActionCard::Hire, "EMR-5.8")?;
            match h {
                Hire::Craftsman {
                    location,
                    hut,
                    payment,
                } => check_craftsman(st, seat, location, hut, &payment, 1),
                Hire::Advisor { advisor, payment } => check_advisor(st, seat, advisor, &payment, 1),
            }
        }
        EmaraAction::CardCity(loc) => {
            card_open(st, ActionCard::City, "EMR-5.9")?;
            ok_if(
                loc.is_town(),
                "EMR-5.9",
                "the City card names a town location",
            )
        }
        EmaraAction::Move(_) => ok_if(
            !t.move_done,
            "EMR-6.1",
            "the movement action was already made this turn",
        ),
        EmaraAction::RaiseRank => {
            bonus_free(st, Bonus::RaiseRank)?;
            let Some(rank) = next_rank(st, seat) else {
                return refuse("EMR-11.2", "you already are a Duke");
            };
            ok_if(
                !st.nobility[rank as usize].is_empty(),
                "EMR-11.5",
                format!("no {} card is left", rank.name()),
            )?;
            let rd = data().rank(rank);
            ok_if(
                g.coins >= rd.coins && g.rings >= rd.rings,
                "EMR-11.4",
                format!(
                    "{} costs {} coins and {} rings",
                    rank.name(),
                    rd.coins,
                    rd.rings
                ),
            )
        }
        EmaraAction::HireCraftsman {
            location,
            hut,
            payment,
        } => {
            bonus_free(st, Bonus::HireCraftsman)?;
            check_craftsman(st, seat, location, hut, &payment, 0)
        }
        EmaraAction::RecruitAdvisor { advisor, payment } => {
            bonus_free(st, Bonus::RecruitAdvisor)?;
            check_advisor(st, seat, advisor, &payment, 0)
        }
        EmaraAction::UseBaker { .. }
        | EmaraAction::UseSchoolmarm(_)
        | EmaraAction::UseBailiff
        | EmaraAction::UseDressmaker(_)
        | EmaraAction::UseLandlord(_)
        | EmaraAction::UseMerchant { .. }
        | EmaraAction::UseChamberlain(_) => check_ability(st, seat, action),
        EmaraAction::EndTurn => {
            ok_if(t.card_done, "EMR-4.7", "resolve the card action first")?;
            ok_if(
                t.move_done,
                "EMR-4.7",
                "the movement action is mandatory (EMR-4.5)",
            )
        }
        EmaraAction::PlayCard { .. } => refuse("EMR-4.1", "you already played a card this turn"),
        EmaraAction::KeepFavorToken(_) => refuse("EMR-10.2", "you have drawn no favor tokens"),
        EmaraAction::RedeemFavorToken(_) => refuse(
            "EMR-10.4",
            "tokens are redeemed when a councilor ends a move on their location or with the City card",
        ),
        EmaraAction::Harvest(_)
        | EmaraAction::CathedralDonate { .. }
        | EmaraAction::CastleGift { .. }
        | EmaraAction::CastleBookForBp
        | EmaraAction::MarketBuyCoins(_)
        | EmaraAction::MarketSellBooks(_)
        | EmaraAction::BuildStone(_)
        | EmaraAction::BuildBread(_)
        | EmaraAction::BuildWood(_)
        | EmaraAction::FinishLocationAction => refuse(
            "EMR-6.5",
            "location actions only follow a movement, the Step card or the City card",
        ),
        EmaraAction::ResolveRoundEvent { .. } => {
            refuse("EMR-3.4", "event options come at the end of the round")
        }
        EmaraAction::AllocateLeftovers { .. } => {
            refuse("EMR-14.1", "leftovers are split after round 6")
        }
        EmaraAction::RelocateStartCouncilor { .. } => refuse("EMR-15.3", "only during setup"),
        EmaraAction::ChooseStartingResource(_) => refuse("EMR-15.4", "only during setup"),
    }
}

fn owned(st: &EmaraState, seat: Seat, a: Advisor, rule: &'static str) -> Result<(), RuleViolation> {
    ok_if(
        st.players[seat].has(a),
        rule,
        format!("you have not recruited the {}", a.name()),
    )?;
    ok_if(
        a == Advisor::Chamberlain || !st.turn.ability_used(a),
        "EMR-12.11",
        format!("the {} works once per turn", a.name()),
    )
}

/// D26 (EMR-12.5–12.12, EMR-4.6).
fn check_ability(st: &EmaraState, seat: Seat, action: &EmaraAction) -> Result<(), RuleViolation> {
    let p = &st.players[seat];
    let g = &p.goods;
    match *action {
        EmaraAction::UseBaker { bread, payment } => {
            owned(st, seat, Advisor::Baker, "EMR-12.5")?;
            ok_if(bread == 1 || bread == 2, "EMR-12.5", "1 or 2 bread")?;
            check_payment(
                g,
                baker_req(bread),
                &payment,
                "EMR-12.5",
                "the Baker's cost",
            )
        }
        EmaraAction::UseSchoolmarm(payment) => {
            owned(st, seat, Advisor::Schoolmarm, "EMR-12.6")?;
            check_payment(g, PayReq::Any(2), &payment, "EMR-12.6", "2 resources")
        }
        EmaraAction::UseBailiff => {
            owned(st, seat, Advisor::Bailiff, "EMR-12.7")?;
            ok_if(g.rings > 0, "EMR-12.7", "you have no signet ring")
        }
        EmaraAction::UseDressmaker(payment) => {
            owned(st, seat, Advisor::Dressmaker, "EMR-12.8")?;
            check_payment(
                g,
                PayReq::Exactly(Resource::Cloth, 1),
                &payment,
                "EMR-12.8",
                "1 cloth",
            )
        }
        EmaraAction::UseLandlord(payment) => {
            owned(st, seat, Advisor::Landlord, "EMR-12.9")?;
            ok_if(p.cp >= 1, "EMR-12.9", "you need 1 CP to pay (G18)")?;
            check_payment(
                g,
                PayReq::Exactly(Resource::Cloth, 1),
                &payment,
                "EMR-12.9",
                "1 cloth",
            )
        }
        EmaraAction::UseMerchant { give, take } => {
            owned(st, seat, Advisor::Merchant, "EMR-12.10")?;
            check_payment(g, PayReq::Any(1), &give, "EMR-12.10", "1 resource")?;
            ok_if(
                give.get(take) == 0,
                "EMR-12.10",
                "take a resource of a different type",
            )
        }
        EmaraAction::UseChamberlain(swap) => {
            owned(st, seat, Advisor::Chamberlain, "EMR-12.12")?;
            match swap {
                ChamberlainSwap::RingToCoin => ok_if(g.rings > 0, "EMR-12.12", "you have no ring"),
                ChamberlainSwap::CoinToRing => ok_if(g.coins > 0, "EMR-12.12", "you have no coin"),
            }
        }
        _ => unreachable!("not an ability"),
    }
}

/// Inside a location action (EMR-4.4, EMR-6.4, EMR-7, EMR-8, EMR-10.4).
fn check_visit(
    st: &EmaraState,
    seat: Seat,
    loc: Location,
    action: &EmaraAction,
) -> Result<(), RuleViolation> {
    let v = st.turn.visit.expect("visit");
    let g = &st.players[seat].goods;
    let at = |want: Location, rule: &'static str| {
        ok_if(
            loc == want,
            rule,
            format!("this is the {}, not the {}", loc.name(), want.name()),
        )
    };
    let unused = |s: SubAction, rule: &'static str| {
        ok_if(!v.used(s), rule, "each sub-action at most once per visit")
    };
    match *action {
        EmaraAction::FinishLocationAction => Ok(()),
        EmaraAction::Harvest(h) => {
            ok_if(
                !loc.is_town(),
                "EMR-7.1",
                "only countryside locations are harvested",
            )?;
            unused(SubAction::Harvest, "EMR-7.2")?;
            let k = st.own_craftsmen_on(seat, loc);
            ok_if(
                h.extra as u16 + h.bread_for_grain as u16 + h.bread_for_coin as u16 == k as u16,
                "EMR-7.2",
                format!("one choice for each of your {k} craftsmen here"),
            )?;
            ok_if(
                g.coins >= h.bread_for_coin as u32,
                "EMR-1.5",
                "not enough coins",
            )?;
            ok_if(
                harvest_ok(g, loc, &h),
                "EMR-7.2",
                "not enough grain for the bread",
            )
        }
        EmaraAction::CathedralDonate { resource, payment } => {
            at(Location::Cathedral, "EMR-8.1")?;
            unused(SubAction::Donation, "EMR-8.1")?;
            let n = marker_value(st, Marker::Donation(resource)) as u8;
            check_payment(
                g,
                PayReq::Exactly(resource, n),
                &payment,
                "EMR-8.1",
                "the donation",
            )
        }
        EmaraAction::CastleGift { resource, payment } => {
            at(Location::Castle, "EMR-8.3")?;
            unused(SubAction::Gift, "EMR-8.3")?;
            let n = marker_value(st, Marker::Gift(resource)) as u8;
            check_payment(
                g,
                PayReq::Exactly(resource, n),
                &payment,
                "EMR-8.3",
                "the gift",
            )
        }
        EmaraAction::CastleBookForBp => {
            at(Location::Castle, "EMR-8.4")?;
            unused(SubAction::BookForBp, "EMR-8.4")?;
            ok_if(g.books > 0, "EMR-8.4", "you have no book")
        }
        EmaraAction::MarketBuyCoins(payment) => {
            at(Location::Market, "EMR-8.5")?;
            unused(SubAction::BuyCoins, "EMR-8.5")?;
            let max = if st.event_is(EventCard::MerchantsFromAfar) {
                2
            } else {
                1
            };
            ok_if(
                payment.units() >= 1 && payment.units() <= max,
                if max == 2 { "EMR-13.10" } else { "EMR-8.5" },
                format!("pay 1 to {max} resources"),
            )?;
            ok_if(
                !coins_for_coins(&payment, payment.units()),
                "EMR-8.5",
                "paying coins for as many coins changes nothing",
            )?;
            check_payment(
                g,
                PayReq::Any(payment.units()),
                &payment,
                "EMR-8.5",
                "the coins",
            )
        }
        EmaraAction::MarketSellBooks(n) => {
            at(Location::Market, "EMR-8.6")?;
            unused(SubAction::SellBooks, "EMR-8.6")?;
            ok_if((1..=5).contains(&n), "EMR-8.6", "sell 1 to 5 books")?;
            ok_if(
                g.books >= n as u32,
                "EMR-1.6",
                format!("you have {} books", g.books),
            )
        }
        EmaraAction::BuildStone(payment) => {
            at(Location::ConstructionSite, "EMR-8.7")?;
            unused(SubAction::Stone, "EMR-8.7")?;
            check_payment(
                g,
                PayReq::Exactly(Resource::Stone, 1),
                &payment,
                "EMR-8.7",
                "1 stone",
            )
        }
        EmaraAction::BuildBread(n) => {
            at(Location::ConstructionSite, "EMR-8.8")?;
            unused(SubAction::Bread, "EMR-8.8")?;
            ok_if((1..=3).contains(&n), "EMR-8.8", "deliver 1 to 3 bread")?;
            ok_if(
                g.bread >= n as u32,
                "EMR-1.6",
                format!("you have {} bread", g.bread),
            )
        }
        EmaraAction::BuildWood(payment) => {
            at(Location::ConstructionSite, "EMR-8.9")?;
            unused(SubAction::Wood, "EMR-8.9")?;
            ok_if(
                payment.units() == 1 || payment.units() == 3,
                "EMR-8.9",
                "deliver exactly 1 or exactly 3 wood",
            )?;
            check_payment(
                g,
                PayReq::Exactly(Resource::Wood, payment.units()),
                &payment,
                "EMR-8.9",
                "the wood",
            )
        }
        EmaraAction::RedeemFavorToken(t) => {
            ok_if(
                st.players[seat].favor.contains(&t),
                "EMR-10.4",
                format!("you hold no token {}", t.id()),
            )?;
            ok_if(
                t.location == loc,
                "EMR-10.4",
                format!("{} is redeemed at the {}", t.id(), t.location.name()),
            )
        }
        _ => refuse(
            "EMR-4.4",
            "finish the location action before starting another action",
        ),
    }
}
