//! The command line: every subcommand and flag, parsed by clap.

use clap::{Args, Parser, Subcommand, ValueEnum};
use tablero_client::pb;

pub const DEFAULT_SERVER: &str = "http://127.0.0.1:50051";

#[derive(Parser, Debug)]
#[command(
    name = "tablero-cli",
    version,
    about = "Play any Tablero game from the terminal: create, join, play, watch.",
    long_about = "Play any Tablero game from the terminal by choosing among its legal actions.\n\
                  Claim, Crown of Emara, Panovník, Pantheon and Kingdom Legacy games get a full\n\
                  table view; other game types a generic one. Campaigns carry results from play to\n\
                  play: Crown of Emara's solo campaign against Victoria, and a Kingdom Legacy\n\
                  kingdom, one sitting after another.\n\n\
                  While playing, type a number (or an action's label or id), `?` for a hint,\n\
                  `h` the history, `v` the table again, `q` to leave, `resign` to give up.\n\n\
                  Start a server first: cargo run -p tablero-service --bin tablero"
)]
pub struct Cli {
    /// The Tablero server's URL.
    #[arg(long, global = true, env = "TABLERO_SERVER", default_value = DEFAULT_SERVER)]
    pub server: String,
    /// An API key (a backend's credential): needed to choose a seed, list every game or delete
    /// any game, and to create games on servers that do not let anyone create.
    #[arg(long, global = true, env = "TABLERO_API_KEY", hide_env_values = true)]
    pub api_key: Option<String>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the game types the server hosts.
    Types,
    /// List games on the server, newest first.
    Games(GamesArgs),
    /// Create a game, print its tokens, and play it as the first human seat.
    New(NewArgs),
    /// Claim an open seat of a game, print its token, and play it.
    Join(JoinArgs),
    /// Play (or resume) a game with a seat token.
    Play(PlayArgs),
    /// Print every change of a game as it happens, until it ends.
    Watch(WatchArgs),
    /// Follow the change feed of every game (a backend's view; needs --api-key with `feed`):
    /// one line per change, with the cursor to resume from.
    WatchChanges(WatchChangesArgs),
    /// Print a game's event log.
    History(HistoryArgs),
    /// Delete a game (its creator only, with the creator token `new` printed).
    Delete(DeleteArgs),
    /// Campaigns: a series of plays whose results carry over (Crown of Emara's solo campaign, a
    /// Kingdom Legacy kingdom).
    #[command(subcommand)]
    Campaign(CampaignCommand),
}

#[derive(Args, Debug)]
pub struct GamesArgs {
    /// Only this game type.
    #[arg(long = "type")]
    pub game_type: Option<String>,
    /// Only active or only finished games.
    #[arg(long)]
    pub status: Option<StatusArg>,
    /// Only this player's games (the backend's player_ref; needs --api-key with `list`).
    #[arg(long)]
    pub player: Option<String>,
    /// With --player: only the games waiting for that player's move.
    #[arg(long, requires = "player")]
    pub to_act: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum StatusArg {
    Active,
    Finished,
}

#[derive(Args, Debug)]
pub struct NewArgs {
    /// The game type, e.g. `claim` (see `tablero-cli types`).
    pub game_type: String,
    /// The game mode by its name in `tablero-cli types` (sets the number of seats), e.g.
    /// `base_2p` for Claim or `solo` for Emara.
    #[arg(long)]
    pub mode: Option<String>,
    /// Claim: the faction pair for custom_2p / three_player / four_player_teams (random if unset).
    #[arg(long, value_enum)]
    pub pair: Option<PairArg>,
    /// Claim: the free factions, comma-separated (custom_2p: 3; three/four players: 5; random if unset).
    #[arg(long, value_enum, value_delimiter = ',')]
    pub factions: Vec<FactionArg>,
    /// Kingdom Legacy: the content to found the kingdom with (default: the shipped kingdom).
    #[arg(long, value_enum)]
    pub pack: Option<PackArg>,
    /// Claim: the seat that leads the first trick (default 0).
    #[arg(long, conflicts_with = "random_first_leader")]
    pub first_leader: Option<u32>,
    /// Claim: draw the first leader at random.
    #[arg(long)]
    pub random_first_leader: bool,
    /// Every seat in order, comma-separated: human, bot or open (overrides --bots/--open).
    #[arg(long, value_enum, value_delimiter = ',', conflicts_with_all = ["bots", "open"])]
    pub seats: Option<Vec<SeatArg>>,
    /// Number of bot seats (default: every seat but yours and the open ones).
    #[arg(long)]
    pub bots: Option<usize>,
    /// The bots' kind: random, greedy or mcts (default: mcts, the strongest, when the server
    /// offers it).
    #[arg(long)]
    pub bot: Option<String>,
    /// The bots' level (see `tablero-cli types`; default: the kind's default level).
    #[arg(long, default_value_t = 0)]
    pub bot_level: u32,
    /// Number of open seats other players can claim with `tablero-cli join`.
    #[arg(long, default_value_t = 0)]
    pub open: usize,
    /// Seed for all of the game's randomness (random when unset; choosing one needs --api-key).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Show the game in the public listing (`games` without an API key).
    #[arg(long)]
    pub listed: bool,
    /// A turn clock: each decision within this many seconds, or the server's bot decides.
    #[arg(long)]
    pub per_move_secs: Option<u32>,
    /// Your display name (default: $USER).
    #[arg(long, env = "USER", hide_env = true, default_value = "player")]
    pub name: String,
    #[command(flatten)]
    pub play: PlayFlags,
}

#[derive(Args, Debug)]
pub struct JoinArgs {
    pub game_id: String,
    /// The open seat to claim (default: the lowest open seat).
    #[arg(long)]
    pub seat: Option<u32>,
    /// Your display name (default: $USER).
    #[arg(long, env = "USER", hide_env = true, default_value = "player")]
    pub name: String,
    #[command(flatten)]
    pub play: PlayFlags,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    pub game_id: String,
    /// Your seat's secret token (printed by `new` or `join`).
    #[arg(long, env = "TABLERO_TOKEN")]
    pub token: String,
    #[command(flatten)]
    pub play: PlayFlags,
}

/// How the play loop chooses and how much it prints.
#[derive(Args, Debug, Clone, Default)]
pub struct PlayFlags {
    /// Choose actions automatically instead of reading them from stdin.
    #[arg(long, value_enum)]
    pub auto: Option<AutoArg>,
    /// Seed for `--auto random` (random when unset).
    #[arg(long, requires = "auto")]
    pub auto_seed: Option<u64>,
    /// With --auto: take this action whenever it is legal (an action id, or its first part:
    /// `suspend`, `begin_round`, `produce` matches `produce:…`); repeatable, earlier first.
    /// E.g. `--prefer suspend` plays a Kingdom Legacy sitting to the end of the round, then
    /// stores the kingdom.
    #[arg(long, requires = "auto", value_name = "ACTION")]
    pub prefer: Vec<String>,
    /// With --auto: never choose this action (same matching as --prefer) unless nothing else is
    /// legal; repeatable. E.g. `--avoid reset_campaign`.
    #[arg(long, requires = "auto", value_name = "ACTION")]
    pub avoid: Vec<String>,
    /// Print only events and choices, not the full table before every move.
    #[arg(long)]
    pub brief: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum AutoArg {
    /// Always the first legal action.
    First,
    /// A uniformly random legal action.
    Random,
}

#[derive(Args, Debug)]
pub struct WatchArgs {
    pub game_id: String,
    /// Watch as this seat (sees its hand); a spectator without it.
    #[arg(long, env = "TABLERO_TOKEN")]
    pub token: Option<String>,
    /// Start after this version (0 = from the beginning).
    #[arg(long = "from", default_value_t = 0)]
    pub from_version: u64,
}

#[derive(Args, Debug)]
pub struct WatchChangesArgs {
    /// Only this game type.
    #[arg(long = "type")]
    pub game_type: Option<String>,
    /// Only the games of this player (the backend's player_ref).
    #[arg(long)]
    pub player: Option<String>,
    /// Only these kinds, comma-separated.
    #[arg(long, value_enum, value_delimiter = ',')]
    pub kinds: Vec<ChangeKindArg>,
    /// Resume after this cursor (printed first on every line).
    #[arg(long = "from", conflicts_with = "from_start")]
    pub cursor: Option<String>,
    /// Start with the oldest change the server keeps (default: only new changes).
    #[arg(long)]
    pub from_start: bool,
    /// Stop after this many changes (default: follow until interrupted).
    #[arg(long)]
    pub count: Option<u64>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ChangeKindArg {
    GameCreated,
    SeatToAct,
    GameFinished,
    DeadlinePassed,
    CampaignPlayFolded,
    SeatChanged,
}

#[derive(Args, Debug)]
pub struct HistoryArgs {
    pub game_id: String,
    /// Read the log as this seat (sees its own hidden cards); a spectator without it.
    #[arg(long, env = "TABLERO_TOKEN")]
    pub token: Option<String>,
}

#[derive(Args, Debug)]
pub struct DeleteArgs {
    pub game_id: String,
    /// The game's creator token (printed by `new`; a seat token cannot delete).
    #[arg(long)]
    pub token: String,
}

#[derive(Subcommand, Debug)]
pub enum CampaignCommand {
    /// Create a campaign; prints its id and the owner's token (shown only once).
    New(CampaignNewArgs),
    /// A campaign's plays, results and what comes next.
    Show(CampaignShowArgs),
    /// Campaigns on the server, newest first.
    List(CampaignListArgs),
    /// Play the campaign's next play to the end (or resume the unfinished one).
    Play(CampaignPlayArgs),
    /// Delete a campaign and all its plays (the owner only).
    Delete(CampaignDeleteArgs),
}

#[derive(Args, Debug)]
pub struct CampaignDeleteArgs {
    /// The campaign's id (`c_…`, printed by `campaign new`).
    pub campaign_id: String,
    /// The campaign owner's token (printed by `campaign new`).
    #[arg(long, env = "TABLERO_CAMPAIGN_TOKEN")]
    pub token: String,
}

#[derive(Args, Debug)]
pub struct CampaignNewArgs {
    /// The game type: `emara` or `kingdom_legacy`.
    pub game_type: String,
    /// The campaign's display name, also the name of the seat in every play (default: $USER).
    #[arg(long, env = "USER", hide_env = true, default_value = "player")]
    pub name: String,
    /// Emara: the first play's start position, your own building start (15 hard … 40 easy;
    /// the server's default is 40).
    #[arg(long)]
    pub start: Option<u32>,
    /// Emara: the number of plays after which the campaign is over (open-ended when unset).
    #[arg(long = "games")]
    pub games: Option<u32>,
    /// Emara: every play with the random location layout (EMR-15.1).
    #[arg(long)]
    pub random_layout: bool,
    /// Emara: every play with all nine action cards in hand (EMR-15.5).
    #[arg(long)]
    pub full_selection: bool,
    /// Kingdom Legacy: the content to found the kingdom with (default: the shipped kingdom).
    #[arg(long, value_enum)]
    pub pack: Option<PackArg>,
    /// Kingdom Legacy: permanent cards may not be upgraded (KLG-6.10 variant).
    #[arg(long)]
    pub no_permanent_upgrade: bool,
}

/// Kingdom Legacy's content packs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
#[value(rename_all = "snake_case")]
pub enum PackArg {
    /// The shipped, original kingdom.
    Shipped,
    /// The spec's test library (§12).
    TestLibrary,
}

impl PackArg {
    pub fn to_proto(self) -> pb::KingdomLegacyPack {
        match self {
            PackArg::Shipped => pb::KingdomLegacyPack::Shipped,
            PackArg::TestLibrary => pb::KingdomLegacyPack::TestLibrary,
        }
    }
}

#[derive(Args, Debug)]
pub struct CampaignShowArgs {
    /// The campaign's id (`c_…`, printed by `campaign new`).
    pub campaign_id: String,
}

#[derive(Args, Debug)]
pub struct CampaignListArgs {
    /// Only this game type.
    #[arg(long = "type")]
    pub game_type: Option<String>,
}

#[derive(Args, Debug)]
pub struct CampaignPlayArgs {
    /// The campaign's id (`c_…`, printed by `campaign new`).
    pub campaign_id: String,
    /// The campaign owner's token (printed by `campaign new`).
    #[arg(long, env = "TABLERO_CAMPAIGN_TOKEN")]
    pub token: String,
    /// The seat token of the unfinished play, when this machine has not stored it.
    #[arg(long)]
    pub seat_token: Option<String>,
    /// Seed for a new play's randomness (random when unset; ignored when resuming).
    #[arg(long)]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub play: PlayFlags,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum SeatArg {
    Human,
    Bot,
    Open,
}

/// A Claim mode by its game-neutral name (`base_2p`, `custom_2p`, `three_player`,
/// `four_player_teams`).
pub fn claim_mode(name: &str) -> Option<pb::ClaimMode> {
    match name {
        "base_2p" => Some(pb::ClaimMode::Base2p),
        "custom_2p" => Some(pb::ClaimMode::Custom2p),
        "three_player" => Some(pb::ClaimMode::ThreePlayer),
        "four_player_teams" => Some(pb::ClaimMode::FourPlayerTeams),
        _ => None,
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
#[value(rename_all = "snake_case")]
pub enum PairArg {
    KnightsGoblins,
    GnomesGiants,
}

impl PairArg {
    pub fn to_proto(self) -> pb::ClaimPair {
        match self {
            PairArg::KnightsGoblins => pb::ClaimPair::KnightsGoblins,
            PairArg::GnomesGiants => pb::ClaimPair::GnomesGiants,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum FactionArg {
    Gnomes,
    Giants,
    Dragons,
    Trolls,
    Seers,
    Knights,
    Goblins,
    Undead,
    Dwarves,
    Doppelgangers,
}

impl FactionArg {
    pub fn to_proto(self) -> pb::ClaimFaction {
        match self {
            FactionArg::Gnomes => pb::ClaimFaction::Gnomes,
            FactionArg::Giants => pb::ClaimFaction::Giants,
            FactionArg::Dragons => pb::ClaimFaction::Dragons,
            FactionArg::Trolls => pb::ClaimFaction::Trolls,
            FactionArg::Seers => pb::ClaimFaction::Seers,
            FactionArg::Knights => pb::ClaimFaction::Knights,
            FactionArg::Goblins => pb::ClaimFaction::Goblins,
            FactionArg::Undead => pb::ClaimFaction::Undead,
            FactionArg::Dwarves => pb::ClaimFaction::Dwarves,
            FactionArg::Doppelgangers => pb::ClaimFaction::Doppelgangers,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn new_takes_claim_options_and_seats() {
        let cli = Cli::try_parse_from([
            "tablero-cli",
            "new",
            "claim",
            "--mode",
            "custom_2p",
            "--factions",
            "dragons,trolls,undead",
            "--seats",
            "human,open",
            "--auto",
            "random",
            "--auto-seed",
            "9",
        ])
        .unwrap();
        let Command::New(n) = cli.command else {
            panic!("not new")
        };
        assert_eq!(n.mode.as_deref(), Some("custom_2p"));
        assert_eq!(
            n.factions,
            vec![FactionArg::Dragons, FactionArg::Trolls, FactionArg::Undead]
        );
        assert_eq!(n.seats, Some(vec![SeatArg::Human, SeatArg::Open]));
        assert_eq!(n.play.auto, Some(AutoArg::Random));
        assert_eq!(n.play.auto_seed, Some(9));
    }

    #[test]
    fn campaign_commands_parse() {
        let cli = Cli::try_parse_from([
            "tablero-cli",
            "campaign",
            "new",
            "emara",
            "--name",
            "Ada",
            "--start",
            "30",
            "--games",
            "2",
        ])
        .unwrap();
        let Command::Campaign(CampaignCommand::New(n)) = cli.command else {
            panic!("not campaign new")
        };
        assert_eq!(
            (n.name.as_str(), n.start, n.games),
            ("Ada", Some(30), Some(2))
        );
        let cli = Cli::try_parse_from([
            "tablero-cli",
            "campaign",
            "play",
            "c_1",
            "--token",
            "tbl_x",
            "--auto",
            "random",
            "--brief",
        ])
        .unwrap();
        let Command::Campaign(CampaignCommand::Play(p)) = cli.command else {
            panic!("not campaign play")
        };
        assert_eq!(p.campaign_id, "c_1");
        assert_eq!(p.play.auto, Some(AutoArg::Random));
        assert!(p.play.brief);
        assert_eq!(claim_mode("three_player"), Some(pb::ClaimMode::ThreePlayer));
        assert_eq!(claim_mode("solo"), None);
    }
}
