//! The one list of the games this crate offers. Everything that goes over every game — the
//! service's hosts, the golden playthroughs, the fuzz targets, the benches, the arena, the
//! storage and load tests — iterates this list, so adding a game is its folder and one line
//! here (and its `.proto`, if it has typed messages).
//!
//! [`games!`](crate::games) hands the list to a macro of the caller's, one entry per game, each
//! tagged with how it is hosted:
//!
//! - `game`: a game with its own proto messages;
//! - `campaign`: the same, and it is also played as a [`crate::Campaign`];
//! - `test`: a game the tests use only ([`crate::goofspiel`]), with no proto messages of its
//!   own (played by action id); a server hosts it only when asked to.
//!
//! ```
//! macro_rules! names {
//!     ($($kind:ident $game:path;)*) => { vec![$(<$game as tablero_rules::Game>::NAME),*] };
//! }
//! let names: Vec<&str> = tablero_rules::games!(names);
//! assert_eq!(names[0], "claim");
//! ```

/// Expands `$callback! { <kind> <path to the game>; … }` over every game, in the order
/// `ListGameTypes` lists them; see the [module docs](crate::registry).
#[macro_export]
macro_rules! games {
    ($callback:ident) => {
        $callback! {
            game $crate::claim::Claim;
            campaign $crate::emara::Emara;
            campaign $crate::kingdom_legacy::KingdomLegacy;
            game $crate::panovnik::Panovnik;
            game $crate::pantheon::Pantheon;
            test $crate::goofspiel::Goofspiel;
        }
    };
}
