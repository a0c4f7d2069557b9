//! The decision table of section 9: which actions a seat may take now (D2–D29) and why any
//! other action is refused. The rules are written once, in `check`; `legal_actions` is the
//! decision's candidates that `check` accepts, so `apply` accepts exactly what `legal_actions`
//! lists and a refusal names the rule that leaves an action out of the list.

use super::bonus::{advisor_space, next_rank};
use super::data::data;
use super::effects::marker_value;
use super::payment::{PayReq, affordable, payments};
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

/// EMR-5.6: the coins the Coins card gives for `units` resources paid.
fn coins_for(units: u8) -> u8 {
    if units == 3 { 2 } else { 1 }
}

/// Whether a coin exchange pays only coins (in place of resources, EMR-1.5) and takes as many:
/// it changes nothing, so it is not offered (the card or sub-action can simply be skipped).
fn coins_for_coins(p: &Payment, gained: u8) -> bool {
    p.coins == p.units() && p.units() == gained
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

// ---- legal actions -------------------------------------------------------------------------

/// Section 9: the legal actions of `seat` now: the actions its decision offers
/// ([`candidates`]) that [`check`] accepts. The list, the single-action check and the
/// refusal's rule ID thus come from one source, the rules in [`check`].
pub(crate) fn legal_actions(st: &EmaraState, seat: Seat) -> Vec<EmaraAction> {
    if seat >= st.n() || !may_act(&st.pending, seat) {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(64);
    candidates(st, seat, &mut out);
    out.retain(|a| verdict(Say::RuleOnly, st, seat, a).is_ok());
    out
}

/// What the pending decision offers before its rules are applied, in the order the legal
/// actions are listed, each once. The shapes are bounded by the state (the cards in hand, the
/// advisors owned, the payments the seat's goods can form), not by the rules: `check` decides
/// those. Only where `check` refuses a whole group whatever its payments (a resolved card, a
/// used bonus, a location without the seat's councilor) is the group left out, by calling
/// the same rule functions, since listing its payments would only be slow.
fn candidates(st: &EmaraState, seat: Seat, out: &mut Vec<EmaraAction>) {
    let p = &st.players[seat];
    match &st.pending {
        Pending::RelocateStartCouncilor { .. } => {
            for from in relocation_sources(st) {
                for ring in Ring::ALL {
                    out.extend(
                        st.rings[ring as usize]
                            .iter()
                            .map(|&to| EmaraAction::RelocateStartCouncilor { from, to }),
                    );
                }
            }
        }
        Pending::StartingResource { .. } => {
            out.extend(Resource::ALL.map(EmaraAction::ChooseStartingResource));
        }
        Pending::PlayCard { .. } => {
            for &card in &p.hand {
                out.extend((1..=3u8).map(|slot| EmaraAction::PlayCard { card, slot }));
            }
        }
        Pending::Turn { .. } => turn_candidates(st, seat, out),
        Pending::LocationAction { location, .. } => visit_candidates(st, seat, *location, out),
        Pending::KeepFavorToken { .. } => {
            out.extend(
                st.favor_drawn
                    .iter()
                    .map(|&t| EmaraAction::KeepFavorToken(t)),
            );
        }
        Pending::RoundEvent { .. } => {
            out.extend(
                round_event_candidates(&p.goods)
                    .map(|(option, payment)| EmaraAction::ResolveRoundEvent { option, payment }),
            );
        }
        Pending::Leftovers { .. } => {
            let l = p.leftovers.unwrap_or(0);
            out.extend((0..=l).map(|to_cp| EmaraAction::AllocateLeftovers { to_cp }));
        }
        Pending::None => {}
    }
}

/// Every hut of every countryside location with each payment of its cost (D24, D8). Huts
/// `check` refuses whatever the payment (by the same rules) get none: listing their payments
/// would only be slow.
fn craftsman_candidates(st: &EmaraState, seat: Seat, discount: u8) -> Vec<(Location, u8, Payment)> {
    let q = Say::RuleOnly;
    let g = &st.players[seat].goods;
    let mut out = Vec::new();
    for loc in Location::COUNTRYSIDE {
        if hire_location(q, st, seat, loc, "EMR-11.6").is_err()
            || craftsmen_left(q, st, seat, loc).is_err()
        {
            continue;
        }
        for hut in 0..4u8 {
            if craftsman_target(q, st, seat, loc, hut).is_ok() {
                for p in payments(hut_req(st, seat, loc, hut, discount), g) {
                    out.push((loc, hut, p));
                }
            }
        }
    }
    out
}

/// Every advisor on an advisor space with each payment of its cost (D25, D8), but for the
/// towns where `check` refuses to recruit whatever the payment (as with huts).
fn advisor_candidates(st: &EmaraState, seat: Seat, card_discount: u8) -> Vec<(Advisor, Payment)> {
    let g = &st.players[seat].goods;
    let mut out = Vec::new();
    for (loc, sp) in Location::TOWN.into_iter().zip(&st.spaces) {
        if hire_location(Say::RuleOnly, st, seat, loc, "EMR-11.9").is_err() {
            continue;
        }
        for &a in sp.iter().flatten() {
            for p in payments(advisor_req(st, seat, a, card_discount), g) {
                out.push((a, p));
            }
        }
    }
    out
}

fn turn_candidates(st: &EmaraState, seat: Seat, out: &mut Vec<EmaraAction>) {
    let g = &st.players[seat].goods;
    // Groups `check` refuses as a whole are left out by the same rules (see `candidates`).
    if card_unresolved(Say::RuleOnly, st).is_ok() {
        // The played card's action, then declining it (D6–D9).
        match st.turn.card.expect("card played") {
            ActionCard::Coins => {
                for n in [1, 3] {
                    out.extend(
                        payments(PayReq::Any(n), g)
                            .into_iter()
                            .map(EmaraAction::CardCoins),
                    );
                }
            }
            ActionCard::Step => out.extend(Ring::ALL.map(EmaraAction::CardStep)),
            ActionCard::Hire => {
                out.extend(
                    craftsman_candidates(st, seat, 1)
                        .into_iter()
                        .map(|(location, hut, payment)| Hire::Craftsman {
                            location,
                            hut,
                            payment,
                        })
                        .chain(
                            advisor_candidates(st, seat, 1)
                                .into_iter()
                                .map(|(advisor, payment)| Hire::Advisor { advisor, payment }),
                        )
                        .map(EmaraAction::CardHire),
                );
            }
            ActionCard::City => out.extend(Location::TOWN.map(EmaraAction::CardCity)),
            _ => {}
        }
        out.push(EmaraAction::DeclineCardAction);
    }
    out.extend(Ring::ALL.map(EmaraAction::Move));
    // The bonus actions (D23–D25).
    out.push(EmaraAction::RaiseRank);
    if bonus_free(Say::RuleOnly, st, Bonus::HireCraftsman).is_ok() {
        out.extend(craftsman_candidates(st, seat, 0).into_iter().map(
            |(location, hut, payment)| EmaraAction::HireCraftsman {
                location,
                hut,
                payment,
            },
        ));
    }
    if bonus_free(Say::RuleOnly, st, Bonus::RecruitAdvisor).is_ok() {
        out.extend(
            advisor_candidates(st, seat, 0)
                .into_iter()
                .map(|(advisor, payment)| EmaraAction::RecruitAdvisor { advisor, payment }),
        );
    }
    // The abilities (D26).
    let usable = |a, rule| owned(Say::RuleOnly, st, seat, a, rule).is_ok();
    if usable(Advisor::Baker, "EMR-12.5") {
        for bread in 1..=2 {
            out.extend(
                payments(baker_req(bread), g)
                    .into_iter()
                    .map(|payment| EmaraAction::UseBaker { bread, payment }),
            );
        }
    }
    if usable(Advisor::Schoolmarm, "EMR-12.6") {
        out.extend(
            payments(PayReq::Any(2), g)
                .into_iter()
                .map(EmaraAction::UseSchoolmarm),
        );
    }
    if usable(Advisor::Bailiff, "EMR-12.7") {
        out.push(EmaraAction::UseBailiff);
    }
    let cloth = || payments(PayReq::Exactly(Resource::Cloth, 1), g).into_iter();
    if usable(Advisor::Dressmaker, "EMR-12.8") {
        out.extend(cloth().map(EmaraAction::UseDressmaker));
    }
    if usable(Advisor::Landlord, "EMR-12.9") {
        out.extend(cloth().map(EmaraAction::UseLandlord));
    }
    if usable(Advisor::Merchant, "EMR-12.10") {
        for give in payments(PayReq::Any(1), g) {
            out.extend(Resource::ALL.map(|take| EmaraAction::UseMerchant { give, take }));
        }
    }
    if usable(Advisor::Chamberlain, "EMR-12.12") {
        out.extend(
            [ChamberlainSwap::RingToCoin, ChamberlainSwap::CoinToRing]
                .map(EmaraAction::UseChamberlain),
        );
    }
    out.push(EmaraAction::EndTurn);
}

/// The harvest choices (D11): every split of the own craftsmen on the location.
fn harvest_candidates(k: u8) -> impl Iterator<Item = HarvestChoice> {
    (0..=k).flat_map(move |extra| {
        (0..=k - extra).map(move |bg| HarvestChoice {
            extra,
            bread_for_grain: bg,
            bread_for_coin: k - extra - bg,
        })
    })
}

/// Each resource's payments of exactly what its marker on the track asks (the Cathedral's
/// donations, the Castle's gifts), as the actions `make` builds.
fn marker_payments(
    st: &EmaraState,
    goods: &Goods,
    marker: fn(Resource) -> Marker,
    out: &mut Vec<EmaraAction>,
    make: impl Fn(Resource, Payment) -> EmaraAction,
) {
    for resource in Resource::ALL {
        let n = marker_value(st, marker(resource)) as u8;
        out.extend(
            payments(PayReq::Exactly(resource, n), goods)
                .into_iter()
                .map(|payment| make(resource, payment)),
        );
    }
}

/// The visited location's sub-actions (D11–D22), then the own favor tokens and finishing.
fn visit_candidates(st: &EmaraState, seat: Seat, loc: Location, out: &mut Vec<EmaraAction>) {
    let p = &st.players[seat];
    let g = &p.goods;
    match loc {
        Location::Cathedral => {
            marker_payments(st, g, Marker::Donation, out, |resource, payment| {
                EmaraAction::CathedralDonate { resource, payment }
            });
        }
        Location::Castle => {
            marker_payments(st, g, Marker::Gift, out, |resource, payment| {
                EmaraAction::CastleGift { resource, payment }
            });
            out.push(EmaraAction::CastleBookForBp);
        }
        Location::Market => {
            // 2 units only with "Merchants from afar" (EMR-13.10): `check` decides.
            for n in [1, 2] {
                out.extend(
                    payments(PayReq::Any(n), g)
                        .into_iter()
                        .map(EmaraAction::MarketBuyCoins),
                );
            }
            out.extend((1..=5).map(EmaraAction::MarketSellBooks));
        }
        Location::ConstructionSite => {
            out.extend(
                payments(PayReq::Exactly(Resource::Stone, 1), g)
                    .into_iter()
                    .map(EmaraAction::BuildStone),
            );
            out.extend((1..=3).map(EmaraAction::BuildBread));
            for n in [1, 3] {
                out.extend(
                    payments(PayReq::Exactly(Resource::Wood, n), g)
                        .into_iter()
                        .map(EmaraAction::BuildWood),
                );
            }
        }
        _ => {
            out.extend(harvest_candidates(st.own_craftsmen_on(seat, loc)).map(EmaraAction::Harvest))
        }
    }
    out.extend(p.favor.iter().map(|&t| EmaraAction::RedeemFavorToken(t)));
    out.push(EmaraAction::FinishLocationAction);
}

/// The end-of-round event options (D28) in the order listed, whatever the event: `check`
/// keeps the event's own.
fn round_event_candidates(g: &Goods) -> impl Iterator<Item = (RoundEventOption, Payment)> {
    let grain = |n, option| {
        payments(PayReq::Exactly(Resource::Grain, n), g)
            .into_iter()
            .map(move |p| (option, p))
    };
    std::iter::once((RoundEventOption::Decline, Payment::NONE))
        .chain(grain(1, RoundEventOption::OneGrain))
        .chain(grain(2, RoundEventOption::TwoGrain))
        .chain(
            [
                RoundEventOption::Coin,
                RoundEventOption::Book,
                RoundEventOption::Ring,
            ]
            .map(|o| (o, Payment::NONE)),
        )
}

/// The end-of-round event options of `seat` (D28), decline included.
pub(crate) fn round_event_options(
    st: &EmaraState,
    seat: Seat,
    event: EventCard,
) -> Vec<(RoundEventOption, Payment)> {
    round_event_candidates(&st.players[seat].goods)
        .filter(|&(option, payment)| round_event_ok(st, seat, event, option, payment))
        .collect()
}

/// D28 (EMR-13.5–13.7): what each end-of-round event offers and the seat can pay.
fn round_event_ok(
    st: &EmaraState,
    seat: Seat,
    event: EventCard,
    option: RoundEventOption,
    payment: Payment,
) -> bool {
    use EventCard::*;
    let g = &st.players[seat].goods;
    let grain = |n| {
        event == TheGreatFamine
            && PayReq::Exactly(Resource::Grain, n).settled_by(&payment)
            && affordable(g, &payment)
    };
    let none = payment == Payment::NONE;
    match option {
        RoundEventOption::Decline => none,
        RoundEventOption::OneGrain => grain(1),
        RoundEventOption::TwoGrain => grain(2),
        RoundEventOption::Ring => {
            none && matches!(event, TheGreatFamine | AlmsForThePoor | NewLoreInOldBooks)
                && g.rings > 0
        }
        RoundEventOption::Coin => none && event == AlmsForThePoor && g.coins > 0,
        RoundEventOption::Book => none && event == NewLoreInOldBooks && g.books > 0,
    }
}

// ---- refusals ------------------------------------------------------------------------------

/// Whether a refusal carries its message. `legal_actions` only asks whether a rule refuses,
/// and formatting the message of every refused candidate would cost more than the rules.
#[derive(Clone, Copy)]
enum Say {
    Why,
    RuleOnly,
}

fn refuse<M: Into<String>>(
    say: Say,
    rule: &'static str,
    message: impl FnOnce() -> M,
) -> Result<(), RuleViolation> {
    let message = match say {
        Say::Why => message().into(),
        Say::RuleOnly => String::new(),
    };
    Err(RuleViolation::new(rule, message))
}

/// The message is built only on refusal: `legal_actions` runs `check` on every candidate.
fn ok_if<M: Into<String>>(
    say: Say,
    cond: bool,
    rule: &'static str,
    message: impl FnOnce() -> M,
) -> Result<(), RuleViolation> {
    if cond {
        Ok(())
    } else {
        refuse(say, rule, message)
    }
}

/// EMR-1.6 (and the requirement's own rule for a payment of the wrong kind).
fn check_payment(
    say: Say,
    g: &Goods,
    req: PayReq,
    p: &Payment,
    rule: &'static str,
    what: &str,
) -> Result<(), RuleViolation> {
    ok_if(say, req.settled_by(p), rule, || {
        format!("{} does not settle {what}", p.label())
    })?;
    ok_if(say, affordable(g, p), "EMR-1.6", || {
        format!("you cannot pay {} in full", p.label())
    })
}

/// Whether `seat` may take `action` now; the error names the violated rule. The rules of
/// every decision are written here once (in [`verdict`]); `legal_actions` lists what they
/// accept.
pub(crate) fn check(
    st: &EmaraState,
    seat: Seat,
    action: &EmaraAction,
) -> Result<(), RuleViolation> {
    verdict(Say::Why, st, seat, action)
}

/// [`check`], with or without the refusal's message.
fn verdict(
    say: Say,
    st: &EmaraState,
    seat: Seat,
    action: &EmaraAction,
) -> Result<(), RuleViolation> {
    if st.pending == Pending::None {
        return refuse(say, "EMR-3.5", || "the game is over");
    }
    if seat >= st.n() {
        return refuse(say, "EMR-1.1", || format!("there is no seat {seat}"));
    }
    if !may_act(&st.pending, seat) {
        if matches!(st.pending, Pending::Leftovers { .. }) {
            return refuse(
                say,
                "EMR-14.3",
                || "you have already split your leftover points",
            );
        }
        return refuse(say, "EMR-3.3", || "it is not your turn");
    }
    match &st.pending {
        Pending::RelocateStartCouncilor { .. } => match *action {
            EmaraAction::RelocateStartCouncilor { from, to } => {
                ok_if(
                    say,
                    relocation_sources(st).contains(&from),
                    "EMR-15.3",
                    || format!("{} is not one of the start locations", from.name()),
                )?;
                let (ring, _) = st.position_of(from);
                ok_if(say, st.position_of(to).0 != ring, "EMR-15.3", || {
                    format!("{} is not in the other ring", to.name())
                })
            }
            _ => refuse(
                say,
                "EMR-15.3",
                || "move one start councilor to the other ring first",
            ),
        },
        Pending::StartingResource { .. } => match action {
            EmaraAction::ChooseStartingResource(_) => Ok(()),
            _ => refuse(say, "EMR-15.4", || "choose your starting resource first"),
        },
        Pending::PlayCard { .. } => match *action {
            EmaraAction::PlayCard { card, slot } => {
                let p = &st.players[seat];
                ok_if(say, (1..=3).contains(&slot), "EMR-4.2", || {
                    format!("there is no slot {slot}")
                })?;
                ok_if(say, p.slots[slot as usize - 1].is_none(), "EMR-4.2", || {
                    format!("slot {slot} is already filled this round")
                })?;
                ok_if(say, p.hand.contains(&card), "EMR-4.1", || {
                    format!("{} is not in your hand", card.name())
                })
            }
            _ => refuse(say, "EMR-4.1", || "a turn starts by playing a card"),
        },
        Pending::Turn { .. } => check_turn(say, st, seat, action),
        Pending::LocationAction { location, .. } => check_visit(say, st, seat, *location, action),
        Pending::KeepFavorToken { .. } => match action {
            EmaraAction::KeepFavorToken(t) => {
                ok_if(say, st.favor_drawn.contains(t), "EMR-10.2", || {
                    format!("{} was not drawn", t.id())
                })
            }
            _ => refuse(
                say,
                "EMR-10.2",
                || "keep one of the drawn favor tokens first",
            ),
        },
        Pending::RoundEvent { event, .. } => {
            let rule = match event {
                EventCard::TheGreatFamine => "EMR-13.5",
                EventCard::AlmsForThePoor => "EMR-13.6",
                _ => "EMR-13.7",
            };
            match *action {
                EmaraAction::ResolveRoundEvent { option, payment } => ok_if(
                    say,
                    round_event_ok(st, seat, *event, option, payment),
                    rule,
                    || {
                        format!(
                            "{} ({}) is not an option of {} for you",
                            option.id(),
                            payment.label(),
                            event.name()
                        )
                    },
                ),
                _ => refuse(say, "EMR-3.4", || format!("resolve {} first", event.name())),
            }
        }
        Pending::Leftovers { .. } => match *action {
            EmaraAction::AllocateLeftovers { to_cp } => {
                let l = st.players[seat].leftovers.unwrap_or(0);
                ok_if(say, to_cp <= l, "EMR-14.3", || {
                    format!("only {l} leftover points to split")
                })
            }
            _ => refuse(say, "EMR-14.3", || "split your leftover points"),
        },
        Pending::None => unreachable!("handled above"),
    }
}

/// The card action of `kind` is open (EMR-4.3).
fn card_open(
    say: Say,
    st: &EmaraState,
    kind: ActionCard,
    rule: &'static str,
) -> Result<(), RuleViolation> {
    let card = st.turn.card.expect("card played");
    ok_if(say, card == kind, rule, || {
        format!("you played {}, not {}", card.name(), kind.name())
    })?;
    card_unresolved(say, st)
}

fn card_unresolved(say: Say, st: &EmaraState) -> Result<(), RuleViolation> {
    ok_if(
        say,
        !st.turn.card_done,
        "EMR-4.3",
        || "the card action is already resolved",
    )
}

fn bonus_free(say: Say, st: &EmaraState, b: Bonus) -> Result<(), RuleViolation> {
    ok_if(
        say,
        !st.turn.bonus_used(b),
        "EMR-11.1",
        || "each bonus action at most once per turn",
    )
}

fn check_craftsman(
    say: Say,
    st: &EmaraState,
    seat: Seat,
    loc: Location,
    hut: u8,
    p: &Payment,
    discount: u8,
) -> Result<(), RuleViolation> {
    craftsman_target(say, st, seat, loc, hut)?;
    check_payment(
        say,
        &st.players[seat].goods,
        hut_req(st, seat, loc, hut, discount),
        p,
        "EMR-11.7",
        "the hut's cost",
    )
}

/// Whether `seat` may hire onto the hut, whatever the payment (EMR-11.6, EMR-11.8).
fn craftsman_target(
    say: Say,
    st: &EmaraState,
    seat: Seat,
    loc: Location,
    hut: u8,
) -> Result<(), RuleViolation> {
    ok_if(
        say,
        !loc.is_town() && hut < 4,
        "EMR-11.6",
        || "choose a hut on a countryside location",
    )?;
    hire_location(say, st, seat, loc, "EMR-11.6")?;
    ok_if(
        say,
        st.huts[loc as usize * 4 + hut as usize].is_none(),
        "EMR-11.6",
        || "that hut is occupied",
    )?;
    craftsmen_left(say, st, seat, loc)
}

/// EMR-11.6 / EMR-11.9 / EMR-12.15: one of the seat's councilors stands on `loc` (any
/// location with the Steward).
fn hire_location(
    say: Say,
    st: &EmaraState,
    seat: Seat,
    loc: Location,
    rule: &'static str,
) -> Result<(), RuleViolation> {
    ok_if(
        say,
        steward(st, seat) || st.councilor_on(seat, loc),
        rule,
        || format!("none of your councilors stands on the {}", loc.name()),
    )
}

/// EMR-11.8: 4 craftsmen per player, 3 per location.
fn craftsmen_left(
    say: Say,
    st: &EmaraState,
    seat: Seat,
    loc: Location,
) -> Result<(), RuleViolation> {
    ok_if(
        say,
        st.players[seat].craftsmen_placed < 4,
        "EMR-11.8",
        || "you have no craftsmen left",
    )?;
    ok_if(say, st.own_craftsmen_on(seat, loc) < 3, "EMR-11.8", || {
        format!("you already have 3 craftsmen on the {}", loc.name())
    })
}

fn check_advisor(
    say: Say,
    st: &EmaraState,
    seat: Seat,
    a: Advisor,
    p: &Payment,
    card_discount: u8,
) -> Result<(), RuleViolation> {
    advisor_target(say, st, seat, a)?;
    check_payment(
        say,
        &st.players[seat].goods,
        advisor_req(st, seat, a, card_discount),
        p,
        "EMR-11.10",
        "the advisor's cost",
    )
}

/// Whether `seat` may recruit the advisor, whatever the payment (EMR-11.9).
fn advisor_target(say: Say, st: &EmaraState, seat: Seat, a: Advisor) -> Result<(), RuleViolation> {
    let Some((loc, _)) = advisor_space(st, a) else {
        return refuse(say, "EMR-11.9", || {
            format!("{} lies on no advisor space", a.name())
        });
    };
    hire_location(say, st, seat, loc, "EMR-11.9")
}

fn check_turn(
    say: Say,
    st: &EmaraState,
    seat: Seat,
    action: &EmaraAction,
) -> Result<(), RuleViolation> {
    let t = &st.turn;
    let p = &st.players[seat];
    let g = &p.goods;
    match *action {
        EmaraAction::CardCoins(pay) => {
            card_open(say, st, ActionCard::Coins, "EMR-5.6")?;
            ok_if(
                say,
                pay.units() == 1 || pay.units() == 3,
                "EMR-5.6",
                || "pay exactly 1 or exactly 3 resources",
            )?;
            ok_if(
                say,
                !coins_for_coins(&pay, coins_for(pay.units())),
                "EMR-5.6",
                || "paying a coin for a coin changes nothing (skip the card action instead)",
            )?;
            check_payment(
                say,
                g,
                PayReq::Any(pay.units()),
                &pay,
                "EMR-5.6",
                "the Coins card",
            )
        }
        EmaraAction::DeclineCardAction => {
            card_unresolved(say, st)?;
            match t.card.expect("card played") {
                ActionCard::Coins | ActionCard::Hire | ActionCard::City => Ok(()),
                ActionCard::Step => refuse(say, "EMR-5.7", || "the Step card's move is mandatory"),
                _ => refuse(say, "EMR-4.5", || "this card action resolves automatically"),
            }
        }
        EmaraAction::CardStep(_) => card_open(say, st, ActionCard::Step, "EMR-5.7"),
        EmaraAction::CardHire(h) => {
            card_open(say, st, ActionCard::Hire, "EMR-5.8")?;
            match h {
                Hire::Craftsman {
                    location,
                    hut,
                    payment,
                } => check_craftsman(say, st, seat, location, hut, &payment, 1),
                Hire::Advisor { advisor, payment } => {
                    check_advisor(say, st, seat, advisor, &payment, 1)
                }
            }
        }
        EmaraAction::CardCity(loc) => {
            card_open(say, st, ActionCard::City, "EMR-5.9")?;
            ok_if(
                say,
                loc.is_town(),
                "EMR-5.9",
                || "the City card names a town location",
            )
        }
        EmaraAction::Move(_) => ok_if(
            say,
            !t.move_done,
            "EMR-6.1",
            || "the movement action was already made this turn",
        ),
        EmaraAction::RaiseRank => {
            bonus_free(say, st, Bonus::RaiseRank)?;
            let Some(rank) = next_rank(st, seat) else {
                return refuse(say, "EMR-11.2", || "you already are a Duke");
            };
            ok_if(
                say,
                !st.nobility[rank as usize].is_empty(),
                "EMR-11.5",
                || format!("no {} card is left", rank.name()),
            )?;
            let rd = data().rank(rank);
            ok_if(
                say,
                g.coins >= rd.coins && g.rings >= rd.rings,
                "EMR-11.4",
                || {
                    format!(
                        "{} costs {} coins and {} rings",
                        rank.name(),
                        rd.coins,
                        rd.rings
                    )
                },
            )
        }
        EmaraAction::HireCraftsman {
            location,
            hut,
            payment,
        } => {
            bonus_free(say, st, Bonus::HireCraftsman)?;
            check_craftsman(say, st, seat, location, hut, &payment, 0)
        }
        EmaraAction::RecruitAdvisor { advisor, payment } => {
            bonus_free(say, st, Bonus::RecruitAdvisor)?;
            check_advisor(say, st, seat, advisor, &payment, 0)
        }
        EmaraAction::UseBaker { .. }
        | EmaraAction::UseSchoolmarm(_)
        | EmaraAction::UseBailiff
        | EmaraAction::UseDressmaker(_)
        | EmaraAction::UseLandlord(_)
        | EmaraAction::UseMerchant { .. }
        | EmaraAction::UseChamberlain(_) => check_ability(say, st, seat, action),
        EmaraAction::EndTurn => {
            ok_if(
                say,
                t.card_done,
                "EMR-4.7",
                || "resolve the card action first",
            )?;
            ok_if(
                say,
                t.move_done,
                "EMR-4.7",
                || "the movement action is mandatory (EMR-4.5)",
            )
        }
        EmaraAction::PlayCard { .. } => {
            refuse(say, "EMR-4.1", || "you already played a card this turn")
        }
        EmaraAction::KeepFavorToken(_) => {
            refuse(say, "EMR-10.2", || "you have drawn no favor tokens")
        }
        EmaraAction::RedeemFavorToken(_) => refuse(
            say,
            "EMR-10.4",
            || "tokens are redeemed when a councilor ends a move on their location or with the City card",
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
            say,
            "EMR-6.5",
            || "location actions only follow a movement, the Step card or the City card",
        ),
        EmaraAction::ResolveRoundEvent { .. } => refuse(
            say,
            "EMR-3.4",
            || "event options come at the end of the round",
        ),
        EmaraAction::AllocateLeftovers { .. } => {
            refuse(say, "EMR-14.1", || "leftovers are split after round 6")
        }
        EmaraAction::RelocateStartCouncilor { .. } => {
            refuse(say, "EMR-15.3", || "only during setup")
        }
        EmaraAction::ChooseStartingResource(_) => refuse(say, "EMR-15.4", || "only during setup"),
    }
}

fn owned(
    say: Say,
    st: &EmaraState,
    seat: Seat,
    a: Advisor,
    rule: &'static str,
) -> Result<(), RuleViolation> {
    ok_if(say, st.players[seat].has(a), rule, || {
        format!("you have not recruited the {}", a.name())
    })?;
    ok_if(
        say,
        a == Advisor::Chamberlain || !st.turn.ability_used(a),
        "EMR-12.11",
        || format!("the {} works once per turn", a.name()),
    )
}

/// D26 (EMR-12.5–12.12, EMR-4.6).
fn check_ability(
    say: Say,
    st: &EmaraState,
    seat: Seat,
    action: &EmaraAction,
) -> Result<(), RuleViolation> {
    let p = &st.players[seat];
    let g = &p.goods;
    match *action {
        EmaraAction::UseBaker { bread, payment } => {
            owned(say, st, seat, Advisor::Baker, "EMR-12.5")?;
            ok_if(say, bread == 1 || bread == 2, "EMR-12.5", || "1 or 2 bread")?;
            check_payment(
                say,
                g,
                baker_req(bread),
                &payment,
                "EMR-12.5",
                "the Baker's cost",
            )
        }
        EmaraAction::UseSchoolmarm(payment) => {
            owned(say, st, seat, Advisor::Schoolmarm, "EMR-12.6")?;
            check_payment(say, g, PayReq::Any(2), &payment, "EMR-12.6", "2 resources")
        }
        EmaraAction::UseBailiff => {
            owned(say, st, seat, Advisor::Bailiff, "EMR-12.7")?;
            ok_if(say, g.rings > 0, "EMR-12.7", || "you have no signet ring")
        }
        EmaraAction::UseDressmaker(payment) => {
            owned(say, st, seat, Advisor::Dressmaker, "EMR-12.8")?;
            check_payment(
                say,
                g,
                PayReq::Exactly(Resource::Cloth, 1),
                &payment,
                "EMR-12.8",
                "1 cloth",
            )
        }
        EmaraAction::UseLandlord(payment) => {
            owned(say, st, seat, Advisor::Landlord, "EMR-12.9")?;
            ok_if(say, p.cp >= 1, "EMR-12.9", || "you need 1 CP to pay (G18)")?;
            check_payment(
                say,
                g,
                PayReq::Exactly(Resource::Cloth, 1),
                &payment,
                "EMR-12.9",
                "1 cloth",
            )
        }
        EmaraAction::UseMerchant { give, take } => {
            owned(say, st, seat, Advisor::Merchant, "EMR-12.10")?;
            check_payment(say, g, PayReq::Any(1), &give, "EMR-12.10", "1 resource")?;
            ok_if(
                say,
                give.get(take) == 0,
                "EMR-12.10",
                || "take a resource of a different type",
            )
        }
        EmaraAction::UseChamberlain(swap) => {
            owned(say, st, seat, Advisor::Chamberlain, "EMR-12.12")?;
            match swap {
                ChamberlainSwap::RingToCoin => {
                    ok_if(say, g.rings > 0, "EMR-12.12", || "you have no ring")
                }
                ChamberlainSwap::CoinToRing => {
                    ok_if(say, g.coins > 0, "EMR-12.12", || "you have no coin")
                }
            }
        }
        _ => unreachable!("not an ability"),
    }
}

/// Inside a location action (EMR-4.4, EMR-6.4, EMR-7, EMR-8, EMR-10.4).
fn check_visit(
    say: Say,
    st: &EmaraState,
    seat: Seat,
    loc: Location,
    action: &EmaraAction,
) -> Result<(), RuleViolation> {
    let v = st.turn.visit.expect("visit");
    let g = &st.players[seat].goods;
    let at = |want: Location, rule: &'static str| {
        ok_if(say, loc == want, rule, || {
            format!("this is the {}, not the {}", loc.name(), want.name())
        })
    };
    let unused = |s: SubAction, rule: &'static str| {
        ok_if(
            say,
            !v.used(s),
            rule,
            || "each sub-action at most once per visit",
        )
    };
    match *action {
        EmaraAction::FinishLocationAction => Ok(()),
        EmaraAction::Harvest(h) => {
            ok_if(
                say,
                !loc.is_town(),
                "EMR-7.1",
                || "only countryside locations are harvested",
            )?;
            unused(SubAction::Harvest, "EMR-7.2")?;
            let k = st.own_craftsmen_on(seat, loc);
            ok_if(
                say,
                h.extra as u16 + h.bread_for_grain as u16 + h.bread_for_coin as u16 == k as u16,
                "EMR-7.2",
                || format!("one choice for each of your {k} craftsmen here"),
            )?;
            ok_if(
                say,
                g.coins >= h.bread_for_coin as u32,
                "EMR-1.5",
                || "not enough coins",
            )?;
            ok_if(
                say,
                harvest_ok(g, loc, &h),
                "EMR-7.2",
                || "not enough grain for the bread",
            )
        }
        EmaraAction::CathedralDonate { resource, payment } => {
            at(Location::Cathedral, "EMR-8.1")?;
            unused(SubAction::Donation, "EMR-8.1")?;
            let n = marker_value(st, Marker::Donation(resource)) as u8;
            check_payment(
                say,
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
                say,
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
            ok_if(say, g.books > 0, "EMR-8.4", || "you have no book")
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
                say,
                payment.units() >= 1 && payment.units() <= max,
                if max == 2 { "EMR-13.10" } else { "EMR-8.5" },
                || format!("pay 1 to {max} resources"),
            )?;
            ok_if(
                say,
                !coins_for_coins(&payment, payment.units()),
                "EMR-8.5",
                || "paying coins for as many coins changes nothing",
            )?;
            check_payment(
                say,
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
            ok_if(say, (1..=5).contains(&n), "EMR-8.6", || "sell 1 to 5 books")?;
            ok_if(say, g.books >= n as u32, "EMR-1.6", || {
                format!("you have {} books", g.books)
            })
        }
        EmaraAction::BuildStone(payment) => {
            at(Location::ConstructionSite, "EMR-8.7")?;
            unused(SubAction::Stone, "EMR-8.7")?;
            check_payment(
                say,
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
            ok_if(
                say,
                (1..=3).contains(&n),
                "EMR-8.8",
                || "deliver 1 to 3 bread",
            )?;
            ok_if(say, g.bread >= n as u32, "EMR-1.6", || {
                format!("you have {} bread", g.bread)
            })
        }
        EmaraAction::BuildWood(payment) => {
            at(Location::ConstructionSite, "EMR-8.9")?;
            unused(SubAction::Wood, "EMR-8.9")?;
            ok_if(
                say,
                payment.units() == 1 || payment.units() == 3,
                "EMR-8.9",
                || "deliver exactly 1 or exactly 3 wood",
            )?;
            check_payment(
                say,
                g,
                PayReq::Exactly(Resource::Wood, payment.units()),
                &payment,
                "EMR-8.9",
                "the wood",
            )
        }
        EmaraAction::RedeemFavorToken(t) => {
            ok_if(say, st.players[seat].favor.contains(&t), "EMR-10.4", || {
                format!("you hold no token {}", t.id())
            })?;
            ok_if(say, t.location == loc, "EMR-10.4", || {
                format!("{} is redeemed at the {}", t.id(), t.location.name())
            })
        }
        _ => refuse(
            say,
            "EMR-4.4",
            || "finish the location action before starting another action",
        ),
    }
}
