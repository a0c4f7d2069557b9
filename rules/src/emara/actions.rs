//! Action ids and labels (section 9 action names), e.g. `play:step:2`, `move:b`,
//! `donate:cloth:1c`, `hire:quarry:1:1w1c`, `leftovers:7`. Payments use the compact id of
//! [`Payment::id`].

use super::bonus::next_rank;
use super::data::data;
use super::state::EmaraState;
use super::types::*;

pub(crate) fn action_id(a: &EmaraAction) -> String {
    use EmaraAction as A;
    match *a {
        A::RelocateStartCouncilor { from, to } => format!("relocate:{}:{}", from.id(), to.id()),
        A::ChooseStartingResource(r) => format!("start_resource:{}", r.id()),
        A::PlayCard { card, slot } => format!("play:{}:{slot}", card.id()),
        A::CardCoins(p) => format!("coins:{}", p.id()),
        A::DeclineCardAction => "decline_card".to_string(),
        A::CardStep(r) => format!("step:{}", r.id()),
        A::CardHire(Hire::Craftsman {
            location,
            hut,
            payment,
        }) => format!(
            "hire_card:craftsman:{}:{hut}:{}",
            location.id(),
            payment.id()
        ),
        A::CardHire(Hire::Advisor { advisor, payment }) => {
            format!("hire_card:advisor:{}:{}", advisor.id(), payment.id())
        }
        A::CardCity(l) => format!("city:{}", l.id()),
        A::Move(r) => format!("move:{}", r.id()),
        A::Harvest(h) => format!(
            "harvest:{}:{}:{}",
            h.extra, h.bread_for_grain, h.bread_for_coin
        ),
        A::CathedralDonate { resource, payment } => {
            format!("donate:{}:{}", resource.id(), payment.id())
        }
        A::KeepFavorToken(t) => format!("keep_favor:{}", t.id()),
        A::CastleGift { resource, payment } => format!("gift:{}:{}", resource.id(), payment.id()),
        A::CastleBookForBp => "castle_book".to_string(),
        A::MarketBuyCoins(p) => format!("market_coins:{}", p.id()),
        A::MarketSellBooks(n) => format!("sell_books:{n}"),
        A::BuildStone(p) => format!("build_stone:{}", p.id()),
        A::BuildBread(n) => format!("build_bread:{n}"),
        A::BuildWood(p) => format!("build_wood:{}", p.id()),
        A::FinishLocationAction => "finish_location".to_string(),
        A::RedeemFavorToken(t) => format!("redeem:{}", t.id()),
        A::RaiseRank => "raise_rank".to_string(),
        A::HireCraftsman {
            location,
            hut,
            payment,
        } => format!("hire:{}:{hut}:{}", location.id(), payment.id()),
        A::RecruitAdvisor { advisor, payment } => {
            format!("recruit:{}:{}", advisor.id(), payment.id())
        }
        A::UseBaker { bread, payment } => format!("baker:{bread}:{}", payment.id()),
        A::UseSchoolmarm(p) => format!("schoolmarm:{}", p.id()),
        A::UseBailiff => "bailiff".to_string(),
        A::UseDressmaker(p) => format!("dressmaker:{}", p.id()),
        A::UseLandlord(p) => format!("landlord:{}", p.id()),
        A::UseMerchant { give, take } => format!("merchant:{}:{}", give.id(), take.id()),
        A::UseChamberlain(ChamberlainSwap::RingToCoin) => "chamberlain:ring_to_coin".to_string(),
        A::UseChamberlain(ChamberlainSwap::CoinToRing) => "chamberlain:coin_to_ring".to_string(),
        A::EndTurn => "end_turn".to_string(),
        A::ResolveRoundEvent { option, payment } => {
            format!("round_event:{}:{}", option.id(), payment.id())
        }
        A::AllocateLeftovers { to_cp } => format!("leftovers:{to_cp}"),
    }
}

/// Inverts [`action_id`]; only canonical ids are accepted.
pub(crate) fn parse_action_id(id: &str) -> Option<EmaraAction> {
    use EmaraAction as A;
    let parts: Vec<&str> = id.split(':').collect();
    let pay = |s: &str| Payment::parse(s);
    let num = |s: &str| s.parse::<u8>().ok();
    let a = match parts.as_slice() {
        ["relocate", f, t] => A::RelocateStartCouncilor {
            from: Location::from_id(f)?,
            to: Location::from_id(t)?,
        },
        ["start_resource", r] => A::ChooseStartingResource(Resource::from_id(r)?),
        ["play", c, s] => A::PlayCard {
            card: ActionCard::from_id(c)?,
            slot: num(s)?,
        },
        ["coins", p] => A::CardCoins(pay(p)?),
        ["decline_card"] => A::DeclineCardAction,
        ["step", r] => A::CardStep(Ring::from_id(r)?),
        ["hire_card", "craftsman", l, h, p] => A::CardHire(Hire::Craftsman {
            location: Location::from_id(l)?,
            hut: num(h)?,
            payment: pay(p)?,
        }),
        ["hire_card", "advisor", a, p] => A::CardHire(Hire::Advisor {
            advisor: Advisor::from_id(a)?,
            payment: pay(p)?,
        }),
        ["city", l] => A::CardCity(Location::from_id(l)?),
        ["move", r] => A::Move(Ring::from_id(r)?),
        ["harvest", e, g, c] => A::Harvest(HarvestChoice {
            extra: num(e)?,
            bread_for_grain: num(g)?,
            bread_for_coin: num(c)?,
        }),
        ["donate", r, p] => A::CathedralDonate {
            resource: Resource::from_id(r)?,
            payment: pay(p)?,
        },
        ["keep_favor", t] => A::KeepFavorToken(FavorToken::parse(t)?),
        ["gift", r, p] => A::CastleGift {
            resource: Resource::from_id(r)?,
            payment: pay(p)?,
        },
        ["castle_book"] => A::CastleBookForBp,
        ["market_coins", p] => A::MarketBuyCoins(pay(p)?),
        ["sell_books", n] => A::MarketSellBooks(num(n)?),
        ["build_stone", p] => A::BuildStone(pay(p)?),
        ["build_bread", n] => A::BuildBread(num(n)?),
        ["build_wood", p] => A::BuildWood(pay(p)?),
        ["finish_location"] => A::FinishLocationAction,
        ["redeem", t] => A::RedeemFavorToken(FavorToken::parse(t)?),
        ["raise_rank"] => A::RaiseRank,
        ["hire", l, h, p] => A::HireCraftsman {
            location: Location::from_id(l)?,
            hut: num(h)?,
            payment: pay(p)?,
        },
        ["recruit", a, p] => A::RecruitAdvisor {
            advisor: Advisor::from_id(a)?,
            payment: pay(p)?,
        },
        ["baker", n, p] => A::UseBaker {
            bread: num(n)?,
            payment: pay(p)?,
        },
        ["schoolmarm", p] => A::UseSchoolmarm(pay(p)?),
        ["bailiff"] => A::UseBailiff,
        ["dressmaker", p] => A::UseDressmaker(pay(p)?),
        ["landlord", p] => A::UseLandlord(pay(p)?),
        ["merchant", p, t] => A::UseMerchant {
            give: pay(p)?,
            take: Resource::from_id(t)?,
        },
        ["chamberlain", "ring_to_coin"] => A::UseChamberlain(ChamberlainSwap::RingToCoin),
        ["chamberlain", "coin_to_ring"] => A::UseChamberlain(ChamberlainSwap::CoinToRing),
        ["end_turn"] => A::EndTurn,
        ["round_event", o, p] => A::ResolveRoundEvent {
            option: RoundEventOption::from_id(o)?,
            payment: pay(p)?,
        },
        ["leftovers", n] => A::AllocateLeftovers {
            to_cp: n.parse().ok()?,
        },
        _ => return None,
    };
    (action_id(&a) == id).then_some(a)
}

fn with(p: &Payment) -> String {
    if p.units() == 0 {
        String::new()
    } else {
        format!(" (pay {})", p.label())
    }
}

/// A favor token and what it gives; `bp` is what its 3 BP are worth now (EMR-1.7).
fn token_label(t: &FavorToken, bp: u32) -> String {
    let reward = match t.reward {
        FavorReward::Cp3 => "3 CP".to_string(),
        FavorReward::Bp3 => format!("{bp} BP"),
        FavorReward::Book => "1 book".to_string(),
        FavorReward::SignetRing => "1 signet ring".to_string(),
        FavorReward::Coin => "1 coin".to_string(),
    };
    format!("{} favor: {reward}", t.location.name())
}

/// A short label for the acting seat.
pub(crate) fn action_label(st: &EmaraState, a: &EmaraAction) -> String {
    use EmaraAction as A;
    let seat = super::decisions::pending_seats(&st.pending)
        .first()
        .copied()
        .unwrap_or(0)
        .min(st.players.len().saturating_sub(1));
    // EMR-1.7: what a BP gain of `base` gives this seat now (Toolmaker, the seasons' events).
    let bp = |base: u32| super::effects::gain_bp(st, seat, base);
    match *a {
        A::RelocateStartCouncilor { from, to } => {
            format!(
                "Move the councilor from the {} to the {}",
                from.name(),
                to.name()
            )
        }
        A::ChooseStartingResource(r) => format!("Start with 1 {}", r.id()),
        A::PlayCard { card, slot } => format!("Play {} to slot {slot}", card.name()),
        A::CardCoins(p) => format!(
            "Coins card: {} coin{}{}",
            if p.units() == 3 { 2 } else { 1 },
            if p.units() == 3 { "s" } else { "" },
            with(&p)
        ),
        A::DeclineCardAction => "Skip the card action".to_string(),
        A::CardStep(r) => {
            let to = st.rings[r as usize]
                [(st.players.get(seat).map_or(0, |p| p.councilors[r as usize]) as usize + 1) % 4];
            format!("Step card: move to the {}", to.name())
        }
        A::CardHire(Hire::Craftsman {
            location,
            hut,
            payment,
        }) => format!(
            "Hire card: craftsman on the {} hut {}{}",
            location.name(),
            hut as u16 + 1,
            with(&payment)
        ),
        A::CardHire(Hire::Advisor { advisor, payment }) => {
            format!(
                "Hire card: recruit the {}{}",
                advisor.name(),
                with(&payment)
            )
        }
        A::CardCity(l) => format!("City card: act at the {}", l.name()),
        A::Move(r) => {
            let steps = st.turn.slot.map_or(0, |s| data().slot_moves[s as usize]);
            let from = st.players.get(seat).map_or(0, |p| p.councilors[r as usize]);
            let to = st.rings[r as usize][(from as usize + steps as usize) % 4];
            format!("Move {steps} to the {}", to.name())
        }
        A::Harvest(h) => {
            let mut s = "Harvest".to_string();
            if h.extra > 0 {
                s.push_str(&format!(", {} extra", h.extra));
            }
            let bread = h.bread_for_grain as u16 + h.bread_for_coin as u16;
            if bread > 0 {
                s.push_str(&format!(", {bread} bread"));
            }
            if h.bread_for_coin > 0 {
                s.push_str(&format!(" ({} paid with coins)", h.bread_for_coin));
            }
            s
        }
        A::CathedralDonate { resource, payment } => {
            format!("Donate {}{}", resource.id(), with(&payment))
        }
        A::KeepFavorToken(t) => format!("Keep {}", token_label(&t, 3)),
        A::CastleGift { resource, payment } => {
            format!("Gift of {} to the king{}", resource.id(), with(&payment))
        }
        A::CastleBookForBp => format!("Give 1 book for {} BP", bp(5)),
        A::MarketBuyCoins(p) => format!("Buy {} coin(s){}", p.units(), with(&p)),
        A::MarketSellBooks(n) => format!(
            "Sell {n} book(s) for {} CP",
            super::locations::BOOK_TABLE[(n as usize).clamp(1, 5) - 1]
        ),
        A::BuildStone(p) => format!(
            "Deliver 1 stone for {} BP and {} CP{}",
            bp(5),
            super::effects::marker_value(st, Marker::Stone),
            with(&p)
        ),
        A::BuildBread(n) => format!(
            "Deliver {n} bread for {} CP",
            n as u32 * super::effects::marker_value(st, Marker::Bread)
        ),
        A::BuildWood(p) => format!(
            "Deliver {} wood for {} BP{}",
            p.units(),
            bp(if p.units() == 3 { 10 } else { 5 }),
            with(&p)
        ),
        A::FinishLocationAction => "Finish the location action".to_string(),
        A::RedeemFavorToken(t) => format!("Redeem {}", token_label(&t, bp(3))),
        A::RaiseRank => match next_rank(st, seat) {
            Some(r) => format!("Become {}", r.name()),
            None => "Raise noble rank".to_string(),
        },
        A::HireCraftsman {
            location,
            hut,
            payment,
        } => format!(
            "Hire a craftsman on the {} hut {}{}",
            location.name(),
            hut as u16 + 1,
            with(&payment)
        ),
        A::RecruitAdvisor { advisor, payment } => {
            format!("Recruit the {}{}", advisor.name(), with(&payment))
        }
        A::UseBaker { bread, payment } => format!("Baker: {bread} bread{}", with(&payment)),
        A::UseSchoolmarm(p) => format!("Schoolmarm: 1 book{}", with(&p)),
        A::UseBailiff => format!("Bailiff: 1 signet ring for {} BP", bp(5)),
        A::UseDressmaker(p) => format!("Dressmaker: 2 CP{}", with(&p)),
        A::UseLandlord(p) => format!("Landlord: 1 CP and 1 cloth for {} BP{}", bp(5), with(&p)),
        A::UseMerchant { give, take } => format!("Merchant: 1 {}{}", take.id(), with(&give)),
        A::UseChamberlain(ChamberlainSwap::RingToCoin) => "Chamberlain: ring to coin".to_string(),
        A::UseChamberlain(ChamberlainSwap::CoinToRing) => "Chamberlain: coin to ring".to_string(),
        A::EndTurn => "End the turn".to_string(),
        A::ResolveRoundEvent { option, payment } => match option {
            RoundEventOption::Decline => "Decline the event".to_string(),
            RoundEventOption::OneGrain => format!("1 grain for 3 CP{}", with(&payment)),
            RoundEventOption::TwoGrain => format!("2 grain for 5 CP{}", with(&payment)),
            // EMR-13.5–13.7: what the ring gives depends on the event.
            RoundEventOption::Ring => match st.current_event {
                Some(EventCard::TheGreatFamine) => "Discard 1 signet ring for 5 CP".to_string(),
                Some(EventCard::AlmsForThePoor) => "Discard 1 signet ring for 4 CP".to_string(),
                _ => format!("Discard 1 signet ring for {} BP", bp(5)),
            },
            RoundEventOption::Coin => "Discard 1 coin for 4 CP".to_string(),
            RoundEventOption::Book => format!("Discard 1 book for {} BP", bp(5)),
        },
        A::AllocateLeftovers { to_cp } => {
            format!("Leftover points: {to_cp} to CP, the rest to BP")
        }
    }
}
