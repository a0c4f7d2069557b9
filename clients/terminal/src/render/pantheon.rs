//! The Pantheon table (PantheonView): the epoch with the epoch track of nations, whose turn it is
//! and what the game waits for (the active player's action, placements, followers and the
//! out-of-turn decisions of the epoch preparation), the board drawn as an ASCII hex map (odd
//! rows shifted half a hex right; one cell per space showing its kind or its contents), the god,
//! demigod and action-card displays, the decks, every player's public information and the
//! viewer's hand, then the final score.

use super::{WIDTH, finished, header, seat_label};
use std::collections::HashMap;
use std::fmt::Write;
use tablero_client::pb;
use tablero_client::pb::pantheon_decision::Kind as DecisionKind;
use tablero_client::pb::pantheon_effect::Kind as EffectKind;
use tablero_client::pb::pantheon_effect_source::Source as EffectSource;

// ---- names ----------------------------------------------------------------------------------

/// `Gallia`, …; `—` for none.
pub fn nation_name(n: i32) -> &'static str {
    use pb::PantheonNation as N;
    match N::try_from(n).unwrap_or_default() {
        N::Gallia => "Gallia",
        N::Germania => "Germania",
        N::Graecia => "Graecia",
        N::Aegyptus => "Aegyptus",
        N::Persia => "Persia",
        N::Cartago => "Cartago",
        N::Iberia => "Iberia",
        N::Roma => "Roma",
        N::Unspecified => "—",
    }
}

/// The three-letter code of a nation on the map: `GAL`, `GER`, `GRE`, `AEG`, `PER`, `CAR`,
/// `IBE`, `ROM`.
pub fn nation_code(n: i32) -> String {
    let name = nation_name(n);
    if name == "—" {
        "???".to_string()
    } else {
        name.chars().take(3).collect::<String>().to_uppercase()
    }
}

fn kind_name(k: i32) -> &'static str {
    use pb::PantheonOfferingKind as K;
    match K::try_from(k).unwrap_or_default() {
        K::Gifts => "Gifts",
        K::Priests => "Priests",
        K::Dancers => "Dancers",
        K::Temples => "Temples",
        K::Unspecified => "?",
    }
}

/// `Movement`, `Gifts`, `Money 1`, `Money 3`.
pub fn card_name(c: &pb::PantheonCard) -> String {
    use pb::PantheonCardType as T;
    match T::try_from(c.r#type).unwrap_or_default() {
        T::Movement => "Movement".to_string(),
        T::Offering => kind_name(c.offering).to_string(),
        T::Money => format!("Money {}", c.money),
        T::Unspecified => "?".to_string(),
    }
}

/// Cards grouped: `2× Movement, Gifts, 3× Money 1` (in the order first seen); `none`.
pub fn cards_grouped(cards: &[pb::PantheonCard]) -> String {
    let mut groups: Vec<(String, u32)> = Vec::new();
    for c in cards {
        let name = card_name(c);
        match groups.iter_mut().find(|(n, _)| *n == name) {
            Some((_, k)) => *k += 1,
            None => groups.push((name, 1)),
        }
    }
    if groups.is_empty() {
        return "none".to_string();
    }
    groups
        .iter()
        .map(|(n, k)| {
            if *k == 1 {
                n.clone()
            } else {
                format!("{k}× {n}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn roman(n: usize) -> &'static str {
    ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"]
        .get(n)
        .copied()
        .unwrap_or("?")
}

fn god_effect_short(e: i32) -> &'static str {
    use pb::PantheonGodEffectType as E;
    match E::try_from(e).unwrap_or_default() {
        E::StepsPlus => "+1 step in every movement",
        E::PurchasePlus => "+1 money in every purchase",
        E::CheapSharing => "sharing a space costs 1",
        E::DrawPlus => "draw action draws 1 more",
        E::OfferingWildcard => "1 wildcard offering piece",
        E::FollowBonus => "follower: +1 step or 2 cards",
        E::ExtraTurn => "an extra turn each epoch",
        E::ScoringVp => "+2 VP at each scoring",
        E::GainDemigod => "now: a demigod from the stack",
        E::GainStones => "now: 1 pillar + 1 footprint",
        E::GainSpecialMoney => "now: the top special money",
        E::GainOffering => "now: one offering use",
        E::GainCards => "now: draw 2 cards",
        E::Unspecified => "?",
    }
}

/// `Gadicea [5+1] · +1 step in every movement` (the server's text when it sends one).
pub fn god_text(g: &pb::PantheonGod) -> String {
    let req = g
        .requirement
        .iter()
        .map(|r| r.to_string())
        .collect::<Vec<_>>()
        .join("+");
    let effect = if g.effect_text.is_empty() {
        god_effect_short(g.effect).to_string()
    } else {
        g.effect_text.clone()
    };
    format!("{} [{req}] · {effect}", god_name(g))
}

fn god_name(g: &pb::PantheonGod) -> String {
    if g.name.is_empty() {
        g.id.clone()
    } else {
        g.name.clone()
    }
}

/// One letter per loot effect on the map: `S` supplies, `D` demigod, `G` god tile, `P` pillar,
/// `O` offering, `C` card draw, `M` special money, `+` steps.
pub fn loot_letter(t: &pb::PantheonToken) -> char {
    use pb::PantheonTokenEffectType as T;
    let ty = t.effect.as_ref().map_or(0, |e| e.r#type);
    match T::try_from(ty).unwrap_or_default() {
        T::Supplies => 'S',
        T::Demigod => 'D',
        T::GodTile => 'G',
        T::Pillar => 'P',
        T::Offering => 'O',
        T::CardDraw => 'C',
        T::SpecialMoney => 'M',
        T::Steps => '+',
        T::Unspecified => '?',
    }
}

/// A token's effect in words (the server's text when it sends one).
pub fn token_text(t: &pb::PantheonToken) -> String {
    let Some(e) = &t.effect else {
        return t.id.clone();
    };
    if !e.text.is_empty() {
        return e.text.clone();
    }
    effect_words(e)
}

fn effect_words(e: &pb::PantheonTokenEffect) -> String {
    use pb::PantheonTokenEffectType as T;
    match T::try_from(e.r#type).unwrap_or_default() {
        T::Supplies => {
            let p = plural(e.pillars, "pillar", "pillars");
            let f = plural(e.footprints, "footprint", "footprints");
            if e.either {
                format!("{p} or {f}")
            } else {
                format!("{p} + {f}")
            }
        }
        T::Demigod => "a demigod".to_string(),
        T::GodTile => "a god tile from the stack".to_string(),
        T::Pillar => "a pillar on any pillar space".to_string(),
        T::Offering => format!("{} offering use(s)", e.uses.max(1)),
        T::CardDraw => format!("draw {} card(s)", e.count),
        T::SpecialMoney => "the top special money card".to_string(),
        T::Steps => format!("+{} step(s) in every movement", e.count),
        T::Unspecified => "?".to_string(),
    }
}

fn who(view: &pb::GameView, seat: u32) -> String {
    super::who(view, seat)
}

/// `your` for the viewer, else `seat N (…)'s`.
fn whose(view: &pb::GameView, seat: u32) -> String {
    if view.viewer_seat == Some(seat) {
        "your".to_string()
    } else {
        format!("{}'s", seat_label(view, seat))
    }
}

// ---- the board ------------------------------------------------------------------------------

/// Characters per hex cell on the map (3 of content and a gap); odd rows start half a cell in.
const CELL: usize = 4;

/// The three characters of one space on the map: the temple `<T>`; stones as their seats'
/// digits (a pillar space's stones after an `I`), with `$` when a loot token still lies
/// there; a loot token `$` + its effect letter + the satellite number; else the space's kind:
/// ` . ` land, ` ~ ` sea, ` I ` pillar space, `GER` a nation's main space, `ge2` satellite 2
/// of a nation.
pub fn cell(s: &pb::PantheonSpace) -> String {
    use pb::PantheonSpaceKind as K;
    let kind = K::try_from(s.kind).unwrap_or_default();
    let centre = |t: &str| format!("{t:^3}");
    if s.temple {
        return "<T>".to_string();
    }
    if !s.stones.is_empty() {
        let digits: String = s
            .stones
            .iter()
            .map(|st| char::from_digit(st.seat % 10, 10).unwrap_or('?'))
            .collect();
        let text = if kind == K::Pillar {
            format!("I{digits}")
        } else if s.loot.is_some() {
            format!("{digits}$")
        } else {
            digits
        };
        return format!("{text:^3}");
    }
    if let Some(l) = &s.loot {
        let no = if s.satellite > 0 {
            s.satellite.to_string()
        } else {
            String::new()
        };
        return format!("{:<3}", format!("${}{no}", loot_letter(l)));
    }
    match kind {
        K::Land => centre("."),
        K::Sea => centre("~"),
        K::Pillar => centre("I"),
        K::Main => nation_code(s.nation),
        K::Satellite => format!(
            "{}{}",
            nation_code(s.nation)[..2].to_lowercase(),
            s.satellite % 10
        ),
        K::Unspecified => centre("?"),
    }
}

/// The board as an ASCII hex map, one line per row: a column ruler on top, the row number on
/// the left, odd rows shifted half a cell right. Spaces without coordinates (graph fixture
/// boards) are listed instead.
pub fn board_lines(b: &pb::PantheonBoard) -> Vec<String> {
    let placed: Vec<(i32, i32, &pb::PantheonSpace)> = b
        .spaces
        .iter()
        .filter_map(|s| Some((s.col?, s.row?, s)))
        .filter(|(c, r, _)| *c >= 0 && *r >= 0)
        .collect();
    if placed.is_empty() {
        return b
            .spaces
            .iter()
            .map(|s| format!("{:<8} [{}]", s.id, cell(s)))
            .collect();
    }
    let cols = placed
        .iter()
        .map(|p| p.0 + 1)
        .max()
        .unwrap_or(0)
        .max(b.cols as i32) as usize;
    let rows = placed
        .iter()
        .map(|p| p.1 + 1)
        .max()
        .unwrap_or(0)
        .max(b.rows as i32) as usize;
    let at: HashMap<(usize, usize), &pb::PantheonSpace> = placed
        .iter()
        .map(|(c, r, s)| ((*c as usize, *r as usize), *s))
        .collect();
    let mut out = Vec::with_capacity(rows + 2);
    let mut ruler = String::from("    ");
    for c in 0..cols {
        let _ = write!(ruler, "{:^3} ", c);
    }
    out.push(ruler.trim_end().to_string());
    for r in 0..rows {
        let mut line = format!("{r:>2}  ");
        if r % 2 == 1 {
            line.push_str(&" ".repeat(CELL / 2));
        }
        for c in 0..cols {
            match at.get(&(c, r)) {
                Some(s) => line.push_str(&cell(s)),
                None => line.push_str("   "),
            }
            line.push(' ');
        }
        out.push(line.trim_end().to_string());
    }
    out
}

/// The legend printed under the map.
pub const LEGEND: &str = "Map: <T> temple · digits = stones of those seats (footprints; `I01` = pillars of seats 0 and 1) · $ = loot (S supplies, D demigod, G god tile, O offering, C cards, M special money, + steps, then the satellite number) · . land · ~ sea · I pillar space · GER main space of a nation · ge2 its satellite 2 (GAL Gallia, GER Germania, GRE Graecia, AEG Aegyptus, PER Persia, CAR Cartago, IBE Iberia, ROM Roma).";

fn space_label(b: Option<&pb::PantheonBoard>, id: &str) -> String {
    use pb::PantheonSpaceKind as K;
    let Some(s) = b.and_then(|b| b.spaces.iter().find(|s| s.id == id)) else {
        return id.to_string();
    };
    let what = match K::try_from(s.kind).unwrap_or_default() {
        K::Main => {
            let name = if s.name.is_empty() {
                String::new()
            } else {
                format!("{}, ", s.name)
            };
            format!(" ({name}{}'s main space)", nation_name(s.nation))
        }
        K::Satellite => format!(" ({} satellite {})", nation_name(s.nation), s.satellite),
        _ => String::new(),
    };
    format!("{id}{what}")
}

fn board(view: &pb::GameView, p: &pb::PantheonView, out: &mut String) {
    let Some(b) = &p.board else {
        let _ = writeln!(out, "Board: (not sent)");
        return;
    };
    let _ = writeln!(out, "Board:");
    for line in board_lines(b) {
        let _ = writeln!(out, "  {line}");
    }
    wrap_text(LEGEND, "  ", out);
    let temple = if p.temple.is_empty() {
        format!("not on the board (held by {})", who(view, p.start_seat))
    } else {
        space_label(Some(b), &p.temple)
    };
    let _ = writeln!(out, "Temple: {temple}");
    let loot: Vec<String> = b
        .spaces
        .iter()
        .filter_map(|s| {
            let l = s.loot.as_ref()?;
            let at = if s.satellite > 0 {
                format!(
                    "{}{} {}",
                    nation_code(s.nation)[..2].to_lowercase(),
                    s.satellite,
                    s.id
                )
            } else {
                s.id.clone()
            };
            Some(format!("{at}: {} ({})", token_text(l), l.id))
        })
        .collect();
    if loot.is_empty() {
        let _ = writeln!(out, "Loot on the board: none");
    } else {
        wrap_list("Loot on the board: ", &loot, out);
    }
}

// ---- what the game waits for ---------------------------------------------------------------

fn effect_text(e: Option<&pb::PantheonEffect>) -> String {
    let Some(e) = e else {
        return "an effect".to_string();
    };
    let mut text = if !e.text.is_empty() {
        e.text.clone()
    } else {
        match &e.kind {
            Some(EffectKind::Supplies(s)) => {
                let p = plural(s.pillars, "pillar", "pillars");
                let f = plural(s.footprints, "footprint", "footprints");
                if s.either {
                    format!("take {p} or {f}")
                } else {
                    format!("take {p} + {f}")
                }
            }
            Some(EffectKind::DemigodFromDisplay(_)) => {
                "take the highest demigod of the display".to_string()
            }
            Some(EffectKind::DemigodFromStack(_)) => {
                "take the top demigod of the stack (face down)".to_string()
            }
            Some(EffectKind::GodTile(_)) => "take the top god tile of the stack".to_string(),
            Some(EffectKind::Pillar(_)) => "place a pillar on any pillar space".to_string(),
            Some(EffectKind::Offering(o)) => {
                format!(
                    "{} (new level 1 or +1 level)",
                    plural(o.uses, "offering use", "offering uses")
                )
            }
            Some(EffectKind::CardDraw(c)) => format!("draw {}", plural(c.count, "card", "cards")),
            Some(EffectKind::SpecialMoney(_)) => "take the top special money card".to_string(),
            Some(EffectKind::Steps(s)) => format!("+{} permanent step(s)", s.count),
            None => "an effect".to_string(),
        }
    };
    if e.declinable {
        text.push_str(", or decline it");
    }
    text
}

fn source_text(s: Option<&pb::PantheonEffectSource>) -> String {
    match s.and_then(|s| s.source.as_ref()) {
        Some(EffectSource::Loot(t)) => format!("loot token {}", t.id),
        Some(EffectSource::Bonus(t)) => format!("bonus token {}", t.id),
        Some(EffectSource::God(g)) => format!("god {}", god_name(g)),
        None => "an effect".to_string(),
    }
}

/// What the deciding seat must do, in words.
pub fn decision_text(
    view: &pb::GameView,
    p: &pb::PantheonView,
    d: &pb::PantheonDecision,
) -> String {
    let nation = p.track.last().map_or("the nation", |n| nation_name(*n));
    match &d.kind {
        Some(DecisionKind::ChooseBonus(_)) => "choose a face-up bonus token".to_string(),
        Some(DecisionKind::GalliaChoice(_)) => {
            "Gallia: draw 2 action cards, or reveal the top god tile".to_string()
        }
        Some(DecisionKind::GalliaTake(g)) => format!(
            "Gallia: take {} paying only its first group, or leave it",
            g.god
                .as_ref()
                .map_or_else(|| "the god".to_string(), god_text)
        ),
        Some(DecisionKind::DiscardToSeven(x)) => format!(
            "{nation}: discard {} down to 7",
            plural(x.excess, "card", "cards")
        ),
        Some(DecisionKind::Aegyptus(_)) => {
            "Aegyptus: exchange footprints for pillars (or back), or nothing".to_string()
        }
        Some(DecisionKind::Cartago(c)) => format!(
            "Cartago: spend up to {} money on offering tokens and stones, then stop",
            c.budget
        ),
        Some(DecisionKind::Iberia(_)) => {
            "Iberia: take a free level-1 offering token, upgrade one, or pass".to_string()
        }
        Some(DecisionKind::Roma(_)) => "Roma: draw 2 action cards, or pass".to_string(),
        Some(DecisionKind::Effect(e)) => format!(
            "resolve {}: {}",
            source_text(e.source.as_ref()),
            effect_text(e.effect.as_ref())
        ),
        Some(DecisionKind::ChooseAction(_)) => {
            "choose an action: I movement, II purchase, III take a god tile, IV draw 3 cards"
                .to_string()
        }
        Some(DecisionKind::Placement(pl)) => {
            let whose = if pl.follower {
                format!(" (following {} movement)", whose(view, p.turn_seat))
            } else {
                String::new()
            };
            format!(
                "place stones from the temple outwards: {} left{whose}; or stop",
                plural(pl.steps, "step", "steps")
            )
        }
        Some(DecisionKind::Purchase(pu)) => format!(
            "purchase: {} money left, {} done; buy offerings or stones, place stones, or end",
            pu.budget,
            plural(pu.ops, "operation", "operations")
        ),
        Some(DecisionKind::DrawCards(dc)) => format!(
            "draw {} more from the display or the draw pile",
            plural(dc.remaining, "card", "cards")
        ),
        Some(DecisionKind::Follow(f)) => format!(
            "follow {} movement: move with movement cards, draw 1 card, or pass",
            whose(view, f.active)
        ),
        Some(DecisionKind::ExtraTurn(_)) => "take the god's extra turn, or decline".to_string(),
        None => "?".to_string(),
    }
}

/// Preparation decisions happen outside anyone's turn.
fn is_preparation(d: &pb::PantheonDecision) -> bool {
    matches!(
        d.kind,
        Some(
            DecisionKind::ChooseBonus(_)
                | DecisionKind::GalliaChoice(_)
                | DecisionKind::GalliaTake(_)
                | DecisionKind::DiscardToSeven(_)
                | DecisionKind::Aegyptus(_)
                | DecisionKind::Cartago(_)
                | DecisionKind::Iberia(_)
                | DecisionKind::Roma(_)
        )
    )
}

fn awaited(view: &pb::GameView, p: &pb::PantheonView, out: &mut String) {
    let me = view.viewer_seat;
    if let Some(d) = &p.decision {
        let what = decision_text(view, p, d);
        let when = if is_preparation(d) {
            " (epoch preparation, out of turn)".to_string()
        } else if d.seat != p.turn_seat {
            format!(" (out of turn, in {} turn)", whose(view, p.turn_seat))
        } else {
            String::new()
        };
        if me == Some(d.seat) {
            let _ = writeln!(out, "▶ Your turn{when}: {what}.");
        } else {
            let _ = writeln!(
                out,
                "Waiting for {}{when}: {what}.",
                seat_label(view, d.seat)
            );
        }
    } else if !finished(view) && !p.over {
        let _ = writeln!(out, "To act: {}", super::to_act(view));
    }
    if !p.played.is_empty() {
        let _ = writeln!(out, "Played into this action: {}", cards_grouped(&p.played));
    }
    if !p.collected.is_empty() {
        let list: Vec<String> = p
            .collected
            .iter()
            .map(|t| format!("{} ({})", t.id, token_text(t)))
            .collect();
        let _ = writeln!(out, "Loot collected in this placement: {}", list.join(", "));
    }
}

// ---- displays and decks ---------------------------------------------------------------------

fn epoch_lines(view: &pb::GameView, p: &pb::PantheonView, out: &mut String) {
    let nation = p.track.last().map(|n| nation_name(*n));
    let head = if p.over || finished(view) {
        format!("Epoch {} of 6 · the game is over", p.epoch.max(1))
    } else if p.epoch == 0 {
        "Setup".to_string()
    } else {
        let whose = if view.viewer_seat == Some(p.turn_seat) {
            "your turn".to_string()
        } else {
            format!("{}'s turn", seat_label(view, p.turn_seat))
        };
        format!(
            "Epoch {} of 6 · {} rises · turn {} of the epoch · {whose}",
            p.epoch,
            nation.unwrap_or("?"),
            p.turns_this_epoch + 1,
        )
    };
    let _ = writeln!(out, "{head}");
    let track: Vec<String> = (0..6)
        .map(|i| {
            let n = p.track.get(i).map_or("—", |n| nation_name(*n));
            let scoring = if i == 2 || i == 5 { " [scoring]" } else { "" };
            format!("{} {n}{scoring}", roman(i))
        })
        .collect();
    let _ = writeln!(out, "Epoch track: {}", track.join(" · "));
    let _ = writeln!(
        out,
        "Nation deck {} · start player of the epoch: {}",
        p.nation_deck_count,
        who(view, p.start_seat)
    );
}

fn gods(p: &pb::PantheonView, out: &mut String) {
    let _ = writeln!(
        out,
        "God display (a god scores VP = the epoch; [a+b] = offerings needed, each group one kind) · stack {}:",
        p.god_stack_count
    );
    if p.god_display.is_empty() {
        let _ = writeln!(out, "  (empty)");
    }
    for s in &p.god_display {
        match &s.god {
            Some(g) => {
                let _ = writeln!(out, "  [{}] {}", s.slot, god_text(g));
            }
            None => {
                let _ = writeln!(out, "  [{}] — (taken)", s.slot);
            }
        }
    }
    let demi: Vec<String> = p.demigod_display.iter().map(|v| v.to_string()).collect();
    let _ = writeln!(
        out,
        "Demigod display: {} · stack {} (face down)",
        if demi.is_empty() {
            "none".to_string()
        } else {
            demi.join(" ")
        },
        p.demigod_stack_count
    );
}

fn cards(p: &pb::PantheonView, out: &mut String) {
    let slots: Vec<String> = p
        .display
        .iter()
        .map(|s| {
            format!(
                "[{}] {}",
                s.slot,
                s.card.as_ref().map_or_else(|| "—".to_string(), card_name)
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "Action display: {} · draw pile {} · discard {}{}",
        if slots.is_empty() {
            "empty".to_string()
        } else {
            slots.join(" ")
        },
        p.draw_pile_count,
        p.discard.len(),
        p.discard
            .last()
            .map(|c| format!(" (top: {})", card_name(c)))
            .unwrap_or_default()
    );
    let money: Vec<String> = p.special_money.iter().map(|v| v.to_string()).collect();
    let _ = writeln!(
        out,
        "Special money deck (top first): {}",
        if money.is_empty() {
            "empty".to_string()
        } else {
            money.join(" ")
        }
    );
    if !p.loot_bag.is_empty() {
        let bag: Vec<String> = p
            .loot_bag
            .iter()
            .map(|c| {
                let e = c.effect.clone().unwrap_or_default();
                let t = if e.text.is_empty() {
                    effect_words(&e)
                } else {
                    e.text.clone()
                };
                format!("{}× {t}", c.count)
            })
            .collect();
        wrap_list("Loot bag: ", &bag, out);
    }
    if !p.offering_supply.is_empty() {
        let sup: Vec<String> = p
            .offering_supply
            .iter()
            .map(|s| format!("{} {}+{}", kind_name(s.kind), s.low, s.high))
            .collect();
        let _ = writeln!(
            out,
            "Offering supply (1/2 + 3/4 tokens): {}",
            sup.join(" · ")
        );
    }
    if !p.bonus_pool.is_empty() {
        let pool: Vec<String> = p
            .bonus_pool
            .iter()
            .map(|t| format!("{} ({})", t.id, token_text(t)))
            .collect();
        wrap_list("Bonus tokens to choose: ", &pool, out);
    }
}

// ---- players --------------------------------------------------------------------------------

fn stones_on_board(p: &pb::PantheonView, seat: u32) -> (u32, u32) {
    let mut pillars = 0;
    let mut feet = 0;
    for s in p.board.iter().flat_map(|b| b.spaces.iter()) {
        for st in &s.stones {
            if st.seat == seat {
                if st.stone == pb::PantheonStone::Pillar as i32 {
                    pillars += 1;
                } else {
                    feet += 1;
                }
            }
        }
    }
    (pillars, feet)
}

fn demigods(d: &[pb::PantheonDemigod]) -> String {
    if d.is_empty() {
        return "none".to_string();
    }
    let values: Vec<String> = d
        .iter()
        .map(|x| x.value.map_or_else(|| "?".to_string(), |v| v.to_string()))
        .collect();
    format!("{} ({})", d.len(), values.join(", "))
}

fn player(view: &pb::GameView, p: &pb::PantheonView, pl: &pb::PantheonPlayer, out: &mut String) {
    let me = view.viewer_seat == Some(pl.seat);
    let mut head = if me {
        format!("You, {}", seat_label(view, pl.seat))
    } else {
        seat_label(view, pl.seat)
    };
    let _ = write!(head, " · {} VP", pl.vp);
    if p.start_seat == pl.seat {
        head.push_str(" · start player");
    }
    if p.turn_seat == pl.seat && !p.over {
        head.push_str(if me {
            " · your turn"
        } else {
            " · their turn"
        });
    }
    let _ = writeln!(out, "{head}");
    let (bp, bf) = stones_on_board(p, pl.seat);
    let _ = writeln!(
        out,
        "  Stones: personal {} + {} · on the board {} + {} · general supply {} + {}",
        plural(pl.personal_pillars, "pillar", "pillars"),
        plural(pl.personal_footprints, "footprint", "footprints"),
        plural(bp, "pillar", "pillars"),
        plural(bf, "footprint", "footprints"),
        plural(pl.general_pillars, "pillar", "pillars"),
        plural(pl.general_footprints, "footprint", "footprints"),
    );
    let offerings: Vec<String> = pl
        .offerings
        .iter()
        .map(|o| format!("{} L{}", kind_name(o.kind), o.level))
        .collect();
    let bonus = match (&pl.bonus, pl.has_bonus) {
        (Some(b), _) => format!(
            "{} ({}){}",
            b.id,
            token_text(b),
            if pl.bonus_resolved { ", resolved" } else { "" }
        ),
        (None, true) => {
            if pl.bonus_resolved {
                "resolved".to_string()
            } else {
                "face down".to_string()
            }
        }
        (None, false) => "none".to_string(),
    };
    let _ = writeln!(
        out,
        "  Offering tokens: {} · hand {} · demigods {} · step tokens +{} · bonus {}",
        if offerings.is_empty() {
            "none".to_string()
        } else {
            offerings.join(", ")
        },
        plural(pl.hand_count, "card", "cards"),
        demigods(&pl.demigods),
        pl.step_tokens,
        bonus
    );
    if pl.gods.is_empty() {
        let _ = writeln!(out, "  Gods: none");
    } else {
        let list: Vec<String> = pl.gods.iter().map(god_text).collect();
        let used = if pl.extra_turn_used {
            " (extra turn used this epoch)"
        } else {
            ""
        };
        wrap_list(&format!("  Gods{used}: "), &list, out);
    }
    if !pl.loot.is_empty() {
        let list: Vec<String> = pl
            .loot
            .iter()
            .map(|t| format!("{} {}", t.id, token_text(t)))
            .collect();
        wrap_list("  Loot: ", &list, out);
    }
    if pl.hand_visible {
        let _ = writeln!(out, "  Hand: {}", cards_grouped(&pl.hand));
    }
}

/// `prefix a · b · c`, wrapped at [`WIDTH`] + 8 with continuation lines indented.
fn wrap_list(prefix: &str, items: &[String], out: &mut String) {
    let pad = " ".repeat(prefix.chars().count());
    let mut line = prefix.to_string();
    let mut first = true;
    for item in items {
        let sep = if first { "" } else { " · " };
        if !first && line.chars().count() + sep.len() + item.chars().count() > WIDTH + 8 {
            let _ = writeln!(out, "{line}");
            line = format!("{pad}{item}");
        } else {
            line.push_str(sep);
            line.push_str(item);
        }
        first = false;
    }
    let _ = writeln!(out, "{line}");
}

/// Words wrapped at [`WIDTH`] + 8, each line after `indent`.
fn wrap_text(text: &str, indent: &str, out: &mut String) {
    let mut line = String::from(indent);
    for word in text.split(' ') {
        if line.len() > indent.len() && line.chars().count() + 1 + word.chars().count() > WIDTH + 8
        {
            let _ = writeln!(out, "{}", line.trim_end());
            line = String::from(indent);
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line.push_str(word);
    }
    let _ = writeln!(out, "{}", line.trim_end());
}

// ---- the screen -----------------------------------------------------------------------------

/// The whole table.
pub fn render(view: &pb::GameView, p: &pb::PantheonView) -> String {
    let mut out = String::new();
    let title = format!("Pantheon · {} players", p.players.len());
    let _ = writeln!(out, "{}", header(view, &title));
    epoch_lines(view, p, &mut out);
    board(view, p, &mut out);
    gods(p, &mut out);
    cards(p, &mut out);
    if view.viewer_seat.is_none() {
        let _ = writeln!(out, "You are watching (public information only).");
    }
    let mut players: Vec<&pb::PantheonPlayer> = p.players.iter().collect();
    players.sort_by_key(|pl| (view.viewer_seat != Some(pl.seat), pl.seat));
    for pl in players {
        player(view, p, pl, &mut out);
    }
    awaited(view, p, &mut out);
    if let Some(table) = final_table(view, p) {
        out.push_str(&table);
    }
    out
}

/// The final score once the game is over: VP (everything scored), with the parts that are
/// still visible on the table, best first.
pub fn final_table(view: &pb::GameView, p: &pb::PantheonView) -> Option<String> {
    if !p.over && !finished(view) {
        return None;
    }
    let mut out = String::new();
    let _ = writeln!(out, "Final score (PTH-13):");
    let _ = writeln!(
        out,
        "  {:<22}{:>5}{:>6}{:>10}{:>9}{:>6}",
        "", "VP", "gods", "demigods", "pillars", "loot"
    );
    let mut players: Vec<&pb::PantheonPlayer> = p.players.iter().collect();
    players.sort_by_key(|pl| (std::cmp::Reverse(pl.vp), pl.seat));
    for pl in players {
        let sum: u32 = pl.demigods.iter().filter_map(|d| d.value).sum();
        let (pillars, _) = stones_on_board(p, pl.seat);
        let _ = writeln!(
            out,
            "  {:<22}{:>5}{:>6}{:>10}{:>9}{:>6}",
            seat_label(view, pl.seat),
            pl.vp,
            pl.gods.len(),
            format!("{} ({sum})", pl.demigods.len()),
            pillars,
            pl.loot.len()
        );
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::tests::two_seats;
    use pb::PantheonSpaceKind as K;

    fn space(col: i32, row: i32, kind: K) -> pb::PantheonSpace {
        pb::PantheonSpace {
            id: format!("c{col:02}r{row:02}"),
            col: Some(col),
            row: Some(row),
            kind: kind as i32,
            ..Default::default()
        }
    }

    fn stone(seat: u32, st: pb::PantheonStone) -> pb::PantheonPlacedStone {
        pb::PantheonPlacedStone {
            seat,
            stone: st as i32,
        }
    }

    fn token(id: &str, ty: pb::PantheonTokenEffectType) -> pb::PantheonToken {
        pb::PantheonToken {
            id: id.into(),
            effect: Some(pb::PantheonTokenEffect {
                r#type: ty as i32,
                ..Default::default()
            }),
        }
    }

    fn god(id: &str, name: &str, req: &[u32], e: pb::PantheonGodEffectType) -> pb::PantheonGod {
        pb::PantheonGod {
            id: id.into(),
            name: name.into(),
            requirement: req.to_vec(),
            effect: e as i32,
            effect_text: String::new(),
        }
    }

    fn card(
        t: pb::PantheonCardType,
        offering: pb::PantheonOfferingKind,
        money: u32,
    ) -> pb::PantheonCard {
        pb::PantheonCard {
            r#type: t as i32,
            offering: offering as i32,
            money,
        }
    }

    fn movement() -> pb::PantheonCard {
        card(
            pb::PantheonCardType::Movement,
            pb::PantheonOfferingKind::Unspecified,
            0,
        )
    }

    /// A 5×3 board: Germania's main space with the temple at (2,1), satellites, a pillar space
    /// with a pillar of seat 1, footprints of both seats, a sea and loot.
    fn table() -> (pb::GameView, pb::PantheonView) {
        let mut view = two_seats(Some(0));
        view.game_type = "pantheon".into();
        let ger = pb::PantheonNation::Germania as i32;
        let mut spaces = Vec::new();
        for row in 0..3 {
            for col in 0..5 {
                spaces.push(space(col, row, K::Land));
            }
        }
        let at = |c: usize, r: usize| r * 5 + c;
        let i = at(2, 1);
        spaces[i].kind = K::Main as i32;
        spaces[i].nation = ger;
        spaces[i].name = "Borvetum".into();
        spaces[i].temple = true;
        let i = at(1, 0);
        spaces[i].kind = K::Satellite as i32;
        spaces[i].nation = ger;
        spaces[i].satellite = 1;
        spaces[i].loot = Some(token("L12", pb::PantheonTokenEffectType::Demigod));
        let i = at(3, 0);
        spaces[i].kind = K::Satellite as i32;
        spaces[i].nation = ger;
        spaces[i].satellite = 2;
        let i = at(3, 1);
        spaces[i].stones = vec![
            stone(0, pb::PantheonStone::Footprint),
            stone(1, pb::PantheonStone::Footprint),
        ];
        let i = at(4, 1);
        spaces[i].kind = K::Pillar as i32;
        spaces[i].stones = vec![stone(1, pb::PantheonStone::Pillar)];
        let i = at(0, 2);
        spaces[i].kind = K::Sea as i32;
        let i = at(1, 2);
        spaces[i].kind = K::Pillar as i32;
        let i = at(2, 2);
        spaces[i].stones = vec![stone(0, pb::PantheonStone::Footprint)];
        let p = pb::PantheonView {
            viewer: Some(0),
            epoch: 2,
            track: vec![pb::PantheonNation::Roma as i32, ger],
            nation_deck_count: 6,
            god_stack_count: 31,
            god_display: vec![
                pb::PantheonGodSlot {
                    slot: 0,
                    god: Some(god(
                        "G01",
                        "Gadicea",
                        &[5, 1],
                        pb::PantheonGodEffectType::StepsPlus,
                    )),
                },
                pb::PantheonGodSlot { slot: 1, god: None },
            ],
            demigod_stack_count: 17,
            demigod_display: vec![3, 1],
            draw_pile_count: 40,
            display: vec![
                pb::PantheonDisplaySlot {
                    slot: 0,
                    card: Some(movement()),
                },
                pb::PantheonDisplaySlot {
                    slot: 1,
                    card: None,
                },
            ],
            discard: vec![movement()],
            special_money: vec![2, 3, 3],
            board: Some(pb::PantheonBoard {
                cols: 5,
                rows: 3,
                spaces,
            }),
            temple: "c02r01".into(),
            start_seat: 1,
            turn_seat: 1,
            turns_this_epoch: 3,
            players: vec![
                pb::PantheonPlayer {
                    seat: 0,
                    vp: 7,
                    hand_count: 3,
                    hand_visible: true,
                    hand: vec![
                        movement(),
                        movement(),
                        card(
                            pb::PantheonCardType::Money,
                            pb::PantheonOfferingKind::Unspecified,
                            1,
                        ),
                    ],
                    personal_pillars: 2,
                    personal_footprints: 1,
                    general_pillars: 9,
                    general_footprints: 6,
                    offerings: vec![pb::PantheonOffering {
                        kind: pb::PantheonOfferingKind::Gifts as i32,
                        level: 2,
                    }],
                    gods: vec![god(
                        "G10",
                        "Calvetta",
                        &[3, 3],
                        pb::PantheonGodEffectType::DrawPlus,
                    )],
                    demigods: vec![pb::PantheonDemigod { value: Some(4) }],
                    loot: vec![token("L30", pb::PantheonTokenEffectType::Steps)],
                    step_tokens: 1,
                    has_bonus: true,
                    bonus_resolved: true,
                    bonus: Some(token("B4", pb::PantheonTokenEffectType::Steps)),
                    ..Default::default()
                },
                pb::PantheonPlayer {
                    seat: 1,
                    vp: 9,
                    hand_count: 6,
                    personal_pillars: 1,
                    personal_footprints: 2,
                    demigods: vec![pb::PantheonDemigod { value: None }],
                    has_bonus: true,
                    ..Default::default()
                },
            ],
            decision: Some(pb::PantheonDecision {
                seat: 0,
                kind: Some(DecisionKind::Follow(pb::pantheon_decision::Follow {
                    active: 1,
                })),
            }),
            ..Default::default()
        };
        view.to_act = vec![0];
        view.game = Some(pb::game_view::Game::Pantheon(p.clone()));
        (view, p)
    }

    #[test]
    fn cells_show_kind_or_contents() {
        let (_, p) = table();
        let b = p.board.as_ref().unwrap();
        let cell_at = |c: i32, r: i32| {
            cell(
                b.spaces
                    .iter()
                    .find(|s| s.col == Some(c) && s.row == Some(r))
                    .unwrap(),
            )
        };
        assert_eq!(cell_at(0, 0), " . ");
        assert_eq!(cell_at(2, 1), "<T>");
        assert_eq!(cell_at(1, 0), "$D1");
        assert_eq!(cell_at(3, 0), "ge2");
        assert_eq!(cell_at(3, 1), "01 ");
        assert_eq!(cell_at(4, 1), "I1 ");
        assert_eq!(cell_at(0, 2), " ~ ");
        assert_eq!(cell_at(1, 2), " I ");
        assert_eq!(cell_at(2, 2), " 0 ");
        let mut main = space(0, 0, K::Main);
        main.nation = pb::PantheonNation::Aegyptus as i32;
        assert_eq!(cell(&main), "AEG");
    }

    #[test]
    fn the_map_is_an_odd_r_hex_grid() {
        let (_, p) = table();
        let lines = board_lines(p.board.as_ref().unwrap());
        let text = lines.join("\n");
        assert_eq!(lines[0], "     0   1   2   3   4", "{text}");
        assert_eq!(lines[1], " 0   .  $D1  .  ge2  .", "{text}");
        assert_eq!(lines[2], " 1     .   .  <T> 01  I1", "{text}");
        assert_eq!(lines[3], " 2   ~   I   0   .   .", "{text}");
    }

    #[test]
    fn the_table_shows_epoch_board_gods_players_and_the_awaited_decision() {
        let (view, _) = table();
        let text = crate::render::view(&view);
        assert!(
            text.starts_with("─── Pantheon · 2 players · game g1 · v4 "),
            "{text}"
        );
        assert!(
            text.contains(
                "Epoch 2 of 6 · Germania rises · turn 4 of the epoch · seat 1 (bot)'s turn"
            ),
            "{text}"
        );
        assert!(
            text.contains("Epoch track: I Roma · II Germania · III — [scoring] · IV —"),
            "{text}"
        );
        assert!(text.contains("\n       0   1   2   3   4\n"), "{text}");
        assert!(text.contains("Map: <T> temple"), "{text}");
        assert!(
            text.contains("Temple: c02r01 (Borvetum, Germania's main space)"),
            "{text}"
        );
        assert!(
            text.contains("Loot on the board: ge1 c01r00: a demigod (L12)"),
            "{text}"
        );
        assert!(
            text.contains("  [0] Gadicea [5+1] · +1 step in every movement\n  [1] — (taken)"),
            "{text}"
        );
        assert!(text.contains("Demigod display: 3 1 · stack 17"), "{text}");
        assert!(
            text.contains(
                "Action display: [0] Movement [1] — · draw pile 40 · discard 1 (top: Movement)"
            ),
            "{text}"
        );
        assert!(
            text.contains("Special money deck (top first): 2 3 3"),
            "{text}"
        );
        assert!(text.contains("You, seat 0 (ana, you) · 7 VP\n"), "{text}");
        assert!(
            text.contains(
                "  Stones: personal 2 pillars + 1 footprint · on the board 0 pillars + 2 footprints"
            ),
            "{text}"
        );
        assert!(
            text.contains("  Offering tokens: Gifts L2 · hand 3 cards · demigods 1 (4) · step tokens +1 · bonus B4"),
            "{text}"
        );
        assert!(
            text.contains("  Gods: Calvetta [3+3] · draw action draws 1 more"),
            "{text}"
        );
        assert!(text.contains("  Hand: 2× Movement, Money 1"), "{text}");
        assert!(
            text.contains("seat 1 (bot) · 9 VP · start player · their turn"),
            "{text}"
        );
        assert!(text.contains("demigods 1 (?)"), "{text}");
        assert!(text.contains("bonus face down"), "{text}");
        assert!(
            text.contains(
                "▶ Your turn (out of turn, in seat 1 (bot)'s turn): follow seat 1 (bot)'s movement"
            ),
            "{text}"
        );
        assert!(text.find("You, seat 0").unwrap() < text.find("seat 1 (bot) · 9 VP").unwrap());
        assert!(!text.contains("Final score"), "{text}");
    }

    #[test]
    fn another_seats_view_hides_the_hand_and_names_the_decider() {
        let (mut view, mut p) = table();
        view.viewer_seat = Some(1);
        p.viewer = Some(1);
        p.players[0].hand.clear();
        p.players[0].hand_visible = false;
        p.decision = Some(pb::PantheonDecision {
            seat: 0,
            kind: Some(DecisionKind::Cartago(pb::pantheon_decision::Cartago {
                budget: 2,
            })),
        });
        let text = render(&view, &p);
        assert!(!text.contains("Hand: 2×"), "{text}");
        assert!(
            text.contains("Waiting for seat 0 (ana) (epoch preparation, out of turn): Cartago: spend up to 2 money"),
            "{text}"
        );
        p.decision = Some(pb::PantheonDecision {
            seat: 1,
            kind: Some(DecisionKind::Placement(pb::pantheon_decision::Placement {
                follower: false,
                steps: 3,
            })),
        });
        p.played = vec![movement()];
        let text = render(&view, &p);
        assert!(
            text.contains(
                "▶ Your turn: place stones from the temple outwards: 3 steps left; or stop."
            ),
            "{text}"
        );
        assert!(text.contains("Played into this action: Movement"), "{text}");
    }

    #[test]
    fn the_final_score_table() {
        let (mut view, mut p) = table();
        view.status = pb::GameStatus::Finished as i32;
        p.over = true;
        p.decision = None;
        p.players[1].demigods = vec![pb::PantheonDemigod { value: Some(6) }];
        view.game = Some(pb::game_view::Game::Pantheon(p.clone()));
        let text = render(&view, &p);
        assert!(text.contains("Epoch 2 of 6 · the game is over"), "{text}");
        let table: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("Final score"))
            .collect();
        assert!(
            table[1].contains("VP  gods  demigods  pillars  loot"),
            "{text}"
        );
        assert!(table[2].starts_with("  seat 1 (bot)"), "{text}");
        assert!(
            table[2].ends_with("9     0     1 (6)        1     0"),
            "{text}"
        );
        assert!(table[3].starts_with("  seat 0 (ana, you)"), "{text}");
        assert!(!text.contains("▶"), "{text}");
        assert_eq!(
            crate::render::final_score(&view).as_deref(),
            Some(&text[text.find("Final score").unwrap()..])
        );
    }
}
