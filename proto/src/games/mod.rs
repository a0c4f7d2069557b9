//! The proto mapping of the hosted games (feature `rules`): each game's rules values (the
//! `tablero-rules` crate) to and from its messages, one module per game, beside the messages
//! themselves. Every conversion destructures every field of both sides, so a field added to a
//! rules type or a message fails to compile until it is mapped. The service reads requests
//! through [`ProtoGame`] (and [`campaign::ProtoCampaign`]), behind its own guard, and turns an
//! [`Invalid`] into INVALID_ARGUMENT.
//!
//! # Layout
//!
//! - `mod.rs`: [`ProtoGame`], [`Invalid`], [`setup_invalid`], [`mode_named`], and `enum_map!`
//!   (a payload-free rules enum ↔ its proto enum).
//! - `bounds.rs`: exact per-game bounds (a number, a list, a string against the game's maximum).
//! - `wire.rs`: numbers in and out.
//! - `campaign.rs`: [`campaign::ProtoCampaign`].
//! - one file per game (`claim.rs`, …), and `<game>_campaign.rs` for a campaign game.

/// A rules enum without payload ↔ its proto enum: `$to` always, `$from` (unknown and
/// UNSPECIFIED values are INVALID_ARGUMENT on the named field) when asked for. Shared by
/// the per-game mappings below (defined before their `mod` lines so they can use it).
macro_rules! enum_map {
    ($rules:ident => $pb:ident, $to:ident, { $($r:ident => $p:ident),* $(,)? }) => {
        fn $to(x: $rules) -> i32 {
            (match x {
                $($rules::$r => $crate::v1::$pb::$p,)*
            }) as i32
        }
    };
    ($rules:ident <=> $pb:ident, $to:ident, $from:ident, $what:literal,
        { $($r:ident => $p:ident),* $(,)? }) => {
        enum_map!($rules => $pb, $to, { $($r => $p),* });

        fn $from(x: i32, field: &'static str) -> Result<$rules, $crate::games::Invalid> {
            match $crate::v1::$pb::try_from(x) {
                $(Ok($crate::v1::$pb::$p) => Ok($rules::$r),)*
                _ => Err($crate::games::Invalid::new(field, format!(concat!("no ", $what, " {}"), x))),
            }
        }
    };
}

pub mod bounds;
pub mod campaign;
pub mod claim;
pub mod emara;
pub mod emara_campaign;
pub mod kingdom_legacy;
pub mod kingdom_legacy_campaign;
pub mod panovnik;
pub mod pantheon;
pub mod wire;

use crate::v1 as pb;
use std::borrow::Cow;
use tablero_rules::{Game, Mode, SetupError};

/// A request field the mapping cannot read as the game's value: the field's path and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid {field}: {message}")]
pub struct Invalid {
    pub field: Cow<'static, str>,
    pub message: String,
}

impl Invalid {
    pub fn new(field: impl Into<Cow<'static, str>>, message: impl Into<String>) -> Self {
        Invalid {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// A client's text quoted in a refusal: at most 40 characters, then `…`.
pub fn truncate(s: &str) -> String {
    if s.chars().count() <= 40 {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(40).collect::<String>())
    }
}

/// How a game's rules values map to its proto messages.
pub trait ProtoGame: Game {
    /// Whether the typed action is this game's (its `Action.game` field).
    fn owns(action: &pb::Action) -> bool;
    /// The config from the game's options and the game-neutral mode name (`None` when unset).
    /// The game's own check of the config ([`Game::check_config`]) runs here, so a refusal
    /// names the option it is about and nothing of it is re-checked in the mapping.
    fn config_from_proto(
        options: Option<&pb::GameOptions>,
        mode: Option<&str>,
    ) -> Result<Self::Config, Invalid> {
        let config = Self::config_from_options(options, mode_named::<Self>(mode)?.as_ref())?;
        Self::check_config(&config).map_err(|e| setup_invalid(Self::NAME, e))?;
        Ok(config)
    }
    /// The config from the game's options and the mode the client named (`None` when unset).
    /// Options that contradict the mode are INVALID_ARGUMENT.
    fn config_from_options(
        options: Option<&pb::GameOptions>,
        mode: Option<&Mode<Self::Config>>,
    ) -> Result<Self::Config, Invalid>;
    /// `None` when the request carries no scenario for this game.
    fn scenario_from_proto(
        scenario: Option<&pb::Scenario>,
    ) -> Result<Option<Self::Scenario>, Invalid>;
    fn action_from_proto(action: &pb::Action) -> Result<Self::Action, Invalid>;
    fn action_to_proto(action: &Self::Action) -> pb::Action;
    fn view_to_proto(view: Self::View) -> pb::game_view::Game;
    fn event_to_proto(event: Self::Event) -> pb::event::Game;
}

/// A config the rules refuse, on the request field of the option it names
/// (`options.<game>.<option>`), or on `options` when it names none.
///
/// The game is named rather than a type parameter because the engine hosts games type-erased.
pub fn setup_invalid(game: &str, e: SetupError) -> Invalid {
    let field: Cow<'static, str> = match e.field {
        Some(option) => format!("options.{game}.{option}").into(),
        None => "options".into(),
    };
    Invalid::new(field, e.to_string())
}

/// The mode of `G` a client named (`None` when it named none).
pub fn mode_named<G: Game + ?Sized>(
    name: Option<&str>,
) -> Result<Option<Mode<G::Config>>, Invalid> {
    let Some(name) = name else {
        return Ok(None);
    };
    let modes = G::modes();
    let names = modes.iter().map(|m| m.name).collect::<Vec<_>>().join(", ");
    match modes.into_iter().find(|m| m.name == name) {
        Some(m) => Ok(Some(m)),
        None => Err(Invalid::new(
            "mode",
            format!("{} has no mode `{}` ({names})", G::NAME, truncate(name)),
        )),
    }
}
