//! A refusal with a fixed rule and text, for the checks that legal action lists run on every
//! candidate (placements, purchase operations): making one allocates nothing, and it becomes a
//! [`RuleViolation`] only when a refusal is shown.

use crate::RuleViolation;

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{rule}: {message}")]
pub struct Refused {
    pub rule: &'static str,
    pub message: &'static str,
}

impl Refused {
    pub const fn new(rule: &'static str, message: &'static str) -> Self {
        Refused { rule, message }
    }
}

impl From<Refused> for RuleViolation {
    fn from(r: Refused) -> Self {
        RuleViolation::new(r.rule, r.message)
    }
}
