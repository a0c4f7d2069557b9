//! The generic guard on typed client input: a backstop before the per-game mappings.
//!
//! Every typed action, set of options and scenario is walked field by field from the contract's
//! descriptors (the same set reflection serves), so a field added to a game's proto later is
//! bounded without anyone remembering to: any integer above [`MAX_INTEGER`] in magnitude, any
//! repeated field longer than [`MAX_REPEATED`], any string or bytes longer than
//! [`MAX_STRING_BYTES`] and any message nested deeper than [`MAX_DEPTH`] is INVALID_ARGUMENT
//! naming the field's path (`action.panovnik.place_card.eternal_gems.blue`). The per-game
//! mappings (`tablero_proto::games`) then check each field against the game's own exact
//! maximum.
//!
//! The ceilings are the largest legitimate values of any game, from the games' data:
//! - integers: 1000, Crown of Emara's start positions (EMR-2.13 custom building start, EMR-16.10
//!   campaign start); everything else is smaller (Panovník's 88 cards, Kingdom Legacy's 140,
//!   Pantheon's 312 board spaces are strings). Three numbers have no maximum in the rules and
//!   get this one: an Emara campaign's `max_games`, Pantheon's `max_turns_per_epoch` and Kingdom
//!   Legacy's trigger ids (numbered from 0 each round);
//! - repeated fields: 75, Pantheon's whole action-card deck in a scenario (then Claim's 72-card
//!   deck, Panovník's 64 characters); rounded up to 128;
//! - strings: 64 bytes, what the Kingdom Legacy mapping already allowed an effect id; the
//!   longest real id is 6 bytes (Pantheon's space ids);
//! - nesting: 5 levels below the root is the deepest path of the contract
//!   (`action.emara.card_hire.craftsman.payment.wood`); 8 leaves room without allowing a deep
//!   recursion.
//!
//! A test below checks that every legal action of random playouts of every game passes.

use crate::error::ApiError;
use prost::Message;
use prost_reflect::{DescriptorPool, DynamicMessage, MessageDescriptor, Value};
use std::sync::OnceLock;
use tablero_proto::v1 as pb;

/// The largest integer (in magnitude) any typed field may carry.
pub const MAX_INTEGER: u64 = 1_000;
/// The most entries any repeated field may have.
pub const MAX_REPEATED: usize = 128;
/// The longest string or bytes value any typed field may carry, in bytes.
pub const MAX_STRING_BYTES: usize = 64;
/// The deepest a message may nest below the root (the root's own fields are at depth 1).
pub const MAX_DEPTH: usize = 8;

/// The contract's descriptors, decoded once (the input guard and the Connect layer's JSON).
pub(crate) fn pool() -> &'static DescriptorPool {
    static POOL: OnceLock<DescriptorPool> = OnceLock::new();
    POOL.get_or_init(|| {
        DescriptorPool::decode(pb::FILE_DESCRIPTOR_SET)
            .expect("the contract's own descriptor set decodes")
    })
}

fn descriptor(name: &str) -> MessageDescriptor {
    pool()
        .get_message_by_name(name)
        .unwrap_or_else(|| panic!("the contract defines {name}"))
}

/// A typed action (`SubmitActionRequest.typed`); paths start with `action`.
pub fn action(a: &pb::Action) -> Result<(), ApiError> {
    static D: OnceLock<MessageDescriptor> = OnceLock::new();
    check(
        a,
        D.get_or_init(|| descriptor("tablero.v1.Action")),
        "action",
    )
}

/// Game options (`CreateGameRequest.options`); paths start with `options`.
pub fn game_options(o: &pb::GameOptions) -> Result<(), ApiError> {
    static D: OnceLock<MessageDescriptor> = OnceLock::new();
    check(
        o,
        D.get_or_init(|| descriptor("tablero.v1.GameOptions")),
        "options",
    )
}

/// A scenario (`CreateGameRequest.scenario`); paths start with `scenario`.
pub fn scenario(s: &pb::Scenario) -> Result<(), ApiError> {
    static D: OnceLock<MessageDescriptor> = OnceLock::new();
    check(
        s,
        D.get_or_init(|| descriptor("tablero.v1.Scenario")),
        "scenario",
    )
}

/// Campaign options (`CreateCampaignRequest.options`); paths start with `options`.
pub fn campaign_options(o: &pb::CampaignOptions) -> Result<(), ApiError> {
    static D: OnceLock<MessageDescriptor> = OnceLock::new();
    check(
        o,
        D.get_or_init(|| descriptor("tablero.v1.CampaignOptions")),
        "options",
    )
}

/// Re-reads the prost message as a [`DynamicMessage`] (prost keeps no field presence map to
/// walk) and walks it.
fn check<M: Message>(msg: &M, desc: &MessageDescriptor, root: &str) -> Result<(), ApiError> {
    let bytes = msg.encode_to_vec();
    let dynamic = DynamicMessage::decode(desc.clone(), bytes.as_slice())
        .map_err(|e| ApiError::invalid(root.to_string(), format!("unreadable: {e}")))?;
    let mut path = root.to_string();
    walk(&dynamic, &mut path, 1)
}

fn refuse(path: &str, message: String) -> ApiError {
    ApiError::invalid(path.to_string(), message)
}

fn walk(msg: &DynamicMessage, path: &mut String, depth: usize) -> Result<(), ApiError> {
    if depth > MAX_DEPTH {
        return Err(refuse(
            path,
            format!("nested deeper than {MAX_DEPTH} levels"),
        ));
    }
    for (field, value) in msg.fields() {
        let len = path.len();
        path.push('.');
        path.push_str(field.name());
        match value {
            Value::List(items) => {
                if items.len() > MAX_REPEATED {
                    return Err(refuse(
                        path,
                        format!(
                            "{} entries; no game takes more than {MAX_REPEATED}",
                            items.len()
                        ),
                    ));
                }
                for item in items {
                    scalar_or_message(item, path, depth)?;
                }
            }
            Value::Map(entries) => {
                if entries.len() > MAX_REPEATED {
                    return Err(refuse(
                        path,
                        format!(
                            "{} entries; no game takes more than {MAX_REPEATED}",
                            entries.len()
                        ),
                    ));
                }
                for v in entries.values() {
                    scalar_or_message(v, path, depth)?;
                }
            }
            v => scalar_or_message(v, path, depth)?,
        }
        path.truncate(len);
    }
    Ok(())
}

fn scalar_or_message(value: &Value, path: &mut String, depth: usize) -> Result<(), ApiError> {
    let too_big = |shown: &dyn std::fmt::Display| {
        Err(refuse(
            path,
            format!("{shown} is out of range; no game takes a number above {MAX_INTEGER}"),
        ))
    };
    match value {
        Value::Message(m) => walk(m, path, depth + 1),
        Value::U32(n) if u64::from(*n) > MAX_INTEGER => too_big(n),
        Value::U64(n) if *n > MAX_INTEGER => too_big(n),
        Value::I32(n) if u64::from(n.unsigned_abs()) > MAX_INTEGER => too_big(n),
        Value::I64(n) if n.unsigned_abs() > MAX_INTEGER => too_big(n),
        Value::EnumNumber(n) if u64::from(n.unsigned_abs()) > MAX_INTEGER => too_big(n),
        Value::F32(x) if !x.is_finite() || f64::from(x.abs()) > MAX_INTEGER as f64 => too_big(x),
        Value::F64(x) if !x.is_finite() || x.abs() > MAX_INTEGER as f64 => too_big(x),
        Value::String(s) if s.len() > MAX_STRING_BYTES => Err(refuse(
            path,
            format!("{} bytes; at most {MAX_STRING_BYTES}", s.len()),
        )),
        Value::Bytes(b) if b.len() > MAX_STRING_BYTES => Err(refuse(
            path,
            format!("{} bytes; at most {MAX_STRING_BYTES}", b.len()),
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use prost_reflect::Kind;

    fn field_of(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field.into_owned(),
            e => panic!("not INVALID_ARGUMENT: {e}"),
        }
    }

    fn place_card(blue: u32) -> pb::Action {
        use pb::panovnik_action as pa;
        pb::Action {
            game: Some(pb::action::Game::Panovnik(pb::PanovnikAction {
                kind: Some(pb::panovnik_action::Kind::PlaceCard(pa::PlaceCard {
                    level: 1,
                    x: 0,
                    eternal_gems: Some(pb::PanovnikGems {
                        blue,
                        ..Default::default()
                    }),
                })),
            })),
        }
    }

    #[test]
    fn huge_numbers_are_refused_naming_the_field() {
        assert!(action(&place_card(2)).is_ok());
        assert!(action(&place_card(MAX_INTEGER as u32)).is_ok());
        let e = action(&place_card(u32::MAX)).unwrap_err();
        assert_eq!(field_of(e), "action.panovnik.place_card.eternal_gems.blue");
    }

    #[test]
    fn negative_numbers_count_by_magnitude() {
        use pb::pantheon_action as pa;
        let exchange = |x| pb::Action {
            game: Some(pb::action::Game::Pantheon(pb::PantheonAction {
                kind: Some(pb::pantheon_action::Kind::AegyptusExchange(
                    pa::AegyptusExchange { x },
                )),
            })),
        };
        assert!(action(&exchange(-3)).is_ok());
        assert_eq!(
            field_of(action(&exchange(i32::MIN)).unwrap_err()),
            "action.pantheon.aegyptus_exchange.x"
        );
    }

    #[test]
    fn long_lists_and_strings_are_refused() {
        let deck = |n: usize| pb::Scenario {
            game: Some(pb::scenario::Game::KingdomLegacy(
                pb::KingdomLegacyScenario { deck: vec![1; n] },
            )),
        };
        assert!(scenario(&deck(MAX_REPEATED)).is_ok());
        assert_eq!(
            field_of(scenario(&deck(MAX_REPEATED + 1)).unwrap_err()),
            "scenario.kingdom_legacy.deck"
        );
        let board = |s: String| pb::Scenario {
            game: Some(pb::scenario::Game::Pantheon(pb::PantheonScenario {
                board: Some(s),
                ..Default::default()
            })),
        };
        assert!(scenario(&board("f1".into())).is_ok());
        assert_eq!(
            field_of(scenario(&board("x".repeat(MAX_STRING_BYTES + 1))).unwrap_err()),
            "scenario.pantheon.board"
        );
    }

    #[test]
    fn unknown_enum_numbers_beyond_the_ceiling_are_refused() {
        let o = pb::CampaignOptions {
            game: Some(pb::campaign_options::Game::KingdomLegacy(
                pb::KingdomLegacyCampaignOptions {
                    pack: i32::MAX,
                    ..Default::default()
                },
            )),
        };
        assert_eq!(
            field_of(campaign_options(&o).unwrap_err()),
            "options.kingdom_legacy.pack"
        );
    }

    /// The deepest path of a message, in message levels below it.
    fn depth_of(m: &MessageDescriptor, seen: &mut Vec<String>) -> usize {
        let mut deepest = 0;
        for f in m.fields() {
            if let Kind::Message(inner) = f.kind() {
                assert!(
                    !seen.contains(&inner.full_name().to_string()),
                    "{} recurses: the depth ceiling would be its only bound",
                    inner.full_name()
                );
                seen.push(inner.full_name().to_string());
                deepest = deepest.max(1 + depth_of(&inner, seen));
                seen.pop();
            }
        }
        deepest
    }

    /// The depth ceiling leaves room for the deepest path the contract has, and no input
    /// message recurses.
    #[test]
    fn the_contract_fits_the_depth_ceiling() {
        for root in [
            "tablero.v1.Action",
            "tablero.v1.GameOptions",
            "tablero.v1.Scenario",
            "tablero.v1.CampaignOptions",
        ] {
            let d = depth_of(&descriptor(root), &mut vec![root.to_string()]);
            assert!(d < MAX_DEPTH, "{root} nests {d} levels");
        }
    }

    /// No legal action of any game (random playouts of every mode) is refused by the guard:
    /// the ceilings sit above the real maxima.
    #[test]
    fn every_legal_action_passes() {
        let (registry, wires) = super::super::registries();
        for game in registry.types() {
            let kind = registry.get(game).unwrap();
            let wire = wires.get(game).unwrap();
            for (m, mode) in kind.modes().iter().enumerate() {
                for seed in 0..3u64 {
                    let mut session = super::super::new_game(
                        kind,
                        wire,
                        None,
                        Some(mode.name),
                        None,
                        mode.seats,
                        seed,
                    )
                    .unwrap()
                    .session;
                    let mut pick = seed.wrapping_mul(31) + m as u64;
                    for _ in 0..400 {
                        let Some(&seat) = session.to_act().first() else {
                            break;
                        };
                        for legal in super::super::legal_actions(wire, session.as_ref(), seat) {
                            let a = legal.action.expect("typed");
                            if let Err(e) = action(&a) {
                                panic!("{game} {}: legal {} refused: {e}", mode.name, legal.id);
                            }
                        }
                        pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1);
                        session
                            .apply_chosen_legal(seat, &mut |n| (pick >> 33) as usize % n)
                            .unwrap();
                    }
                }
            }
        }
    }
}
