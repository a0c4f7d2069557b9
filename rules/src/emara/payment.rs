//! Payments (EMR-1.5, EMR-1.6, EMR-12.13, EMR-13.15): what a cost accepts, whether a payment
//! settles it, and the list of every payment a player can make. Every unit of a resource payment
//! may be a gold coin instead (EMR-1.5); payments are made in full (EMR-1.6).

use super::types::*;

/// What a payment must settle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PayReq {
    /// Exactly `n` units of one resource type (donation, gift, stone, wood, event grain…).
    Exactly(Resource, u8),
    /// Exactly `n` units of any resource types (Coins card, Market, Schoolmarm, Merchant).
    Any(u8),
    /// A printed cost (hut, advisor, Baker) with `discount` units waived by the player's choice
    /// (EMR-5.8, EMR-13.14, EMR-13.15) and, with the Scholar, any types (EMR-12.13).
    Printed {
        cost: Cost,
        discount: u8,
        any_type: bool,
    },
}

impl PayReq {
    /// Units to pay in all.
    pub fn units(self) -> u8 {
        match self {
            PayReq::Exactly(_, n) | PayReq::Any(n) => n,
            PayReq::Printed { cost, discount, .. } => cost.total().saturating_sub(discount),
        }
    }

    /// Whether `p` settles the requirement (ignoring what the player owns).
    pub fn settled_by(self, p: &Payment) -> bool {
        if p.units() != self.units() {
            return false;
        }
        match self {
            PayReq::Exactly(r, _) => Resource::ALL.iter().all(|&x| x == r || p.get(x) == 0),
            PayReq::Any(_) => true,
            PayReq::Printed { any_type: true, .. } => true,
            // Units of a type beyond the printed number cannot stand for another type; the
            // waived units are any of the printed ones, so only the total matters beyond that.
            PayReq::Printed { cost, .. } => Resource::ALL.iter().all(|&x| p.get(x) <= cost.get(x)),
        }
    }
}

/// Whether the player owns the units of `p`.
pub(crate) fn affordable(g: &Goods, p: &Payment) -> bool {
    Resource::ALL
        .iter()
        .all(|&r| g.resource(r) >= p.get(r) as u32)
        && g.coins >= p.coins as u32
}

/// Removes the units of `p` (checked before).
pub(crate) fn pay(g: &mut Goods, p: &Payment) {
    for r in Resource::ALL {
        *g.resource_mut(r) -= p.get(r) as u32;
    }
    g.coins -= p.coins as u32;
}

/// Every payment the player can make for `req`, in a fixed order (coins last).
pub(crate) fn payments(req: PayReq, g: &Goods) -> Vec<Payment> {
    let mut out = Vec::new();
    let n = req.units();
    let coins_max = (g.coins.min(n as u32)) as u8;
    let cap = |r: Resource| -> u8 {
        let own = g.resource(r).min(n as u32) as u8;
        match req {
            PayReq::Exactly(x, _) => {
                if x == r {
                    own
                } else {
                    0
                }
            }
            PayReq::Any(_) | PayReq::Printed { any_type: true, .. } => own,
            PayReq::Printed { cost, .. } => own.min(cost.get(r)),
        }
    };
    let caps = [
        cap(Resource::Wood),
        cap(Resource::Cloth),
        cap(Resource::Grain),
        cap(Resource::Stone),
    ];
    for w in 0..=caps[0] {
        for c in 0..=caps[1].min(n - w) {
            for gr in 0..=caps[2].min(n - w - c) {
                for s in 0..=caps[3].min(n - w - c - gr) {
                    let coins = n - w - c - gr - s;
                    if coins <= coins_max {
                        out.push(Payment {
                            wood: w,
                            cloth: c,
                            grain: gr,
                            stone: s,
                            coins,
                        });
                    }
                }
            }
        }
    }
    out
}

/// Whether any payment exists (cheaper than listing them).
#[cfg(test)]
pub(crate) fn can_pay(req: PayReq, g: &Goods) -> bool {
    let n = req.units() as u32;
    let res: u32 = match req {
        PayReq::Exactly(r, _) => g.resource(r).min(n),
        PayReq::Any(_) | PayReq::Printed { any_type: true, .. } => g.resources_total().min(n),
        PayReq::Printed { cost, .. } => Resource::ALL
            .iter()
            .map(|&r| g.resource(r).min(cost.get(r) as u32))
            .sum::<u32>()
            .min(n),
    };
    res + g.coins >= n
}
