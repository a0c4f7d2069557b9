//! Rewards (PNV-8) and the queue of automatic work: gems from the supply, tokens on the played
//! card, card draws, eternal gems, and the hooks for gained cards and passes.

use super::data::{EternalColor, Reward};
use super::events::*;
use super::laws;
use super::passing;
use super::state::*;
use super::types::EternalGem;
use super::types::*;
use crate::Seat;

/// A short text for a reward (labels, law options).
pub(crate) fn reward_label(r: &Reward) -> String {
    match r {
        Reward::Gems(n) => format!("{n} gems"),
        Reward::Power(v) => format!("{v} power points"),
        Reward::Draw(n) => format!("draw {n}"),
        Reward::Science(n) => format!("{n} science"),
        Reward::Magic(n) => format!("{n} magic"),
        Reward::Defense(n) => format!("{n} defense"),
        Reward::Attack(n) => format!("{n} attack"),
        Reward::MagicBonus(v) => format!("magic bonus +{v}"),
        Reward::CircleBonus(cb) => format!("{} circle bonus +{}", cb.color.id(), cb.value),
        Reward::EternalGem(c) => match c {
            EternalColor::Any => "an eternal gem of any colour".into(),
            EternalColor::Blue => "a blue eternal gem".into(),
            EternalColor::Red => "a red eternal gem".into(),
            EternalColor::Green => "a green eternal gem".into(),
            EternalColor::Yellow => "a yellow eternal gem".into(),
        },
        Reward::All(v) => v.iter().map(reward_label).collect::<Vec<_>>().join(" + "),
        Reward::Choice(v) => v.iter().map(reward_label).collect::<Vec<_>>().join(" or "),
    }
}

/// Pushes tasks to the front so they run next, in the given order (PNV-8.10).
fn push_front_all(st: &mut PanovnikState, tasks: Vec<Task>) {
    for t in tasks.into_iter().rev() {
        st.tasks.push_front(t);
    }
}

/// The tokens of the pyramid card `host` (PNV-8.11); `None` if it left the pyramid.
fn host_tokens(st: &mut PanovnikState, seat: Seat, host: u32) -> Option<&mut super::types::Tokens> {
    let p = &mut st.players[seat];
    let i = p.card_index(host)?;
    Some(&mut p.pyramid[i].tokens)
}

/// Runs one queued task.
pub(crate) fn run_task(st: &mut PanovnikState, task: Task, ev: &mut Vec<PanovnikEvent>) {
    match task {
        Task::Reward { seat, host, reward } => resolve_reward(st, seat, host, reward, ev),
        Task::Gems { seat, n, reason } => gems(st, seat, n, reason, ev),
        Task::Draw { seat, n } => draw(st, seat, n, ev),
        Task::Eternal { seat, host, color } => eternal(st, seat, host, color, ev),
        Task::LawEffect { seat, law } => laws::on_play(st, seat, law, ev),
        Task::Gained { seat, card, public } => {
            // G2 `tuck_gained_cards` (decision 19).
            if let Some(law) = laws::tuck_gained_law(&st.players[seat])
                && st.players[seat].hand.contains(&card)
            {
                st.decision = Some(Decision::TuckGained {
                    seat,
                    card,
                    law,
                    public,
                });
            }
        }
        Task::PassGems { seat } => {
            // PNV-6.2.
            let n = passing::pass_entitlement(st, seat);
            ev.push(PanovnikEvent::Passed { seat, entitled: n });
            gems(st, seat, n, GemReason::Pass, ev);
        }
    }
}

/// PNV-8.1–8.10: one reward; tokens go on `host`.
pub(crate) fn resolve_reward(
    st: &mut PanovnikState,
    seat: Seat,
    host: u32,
    reward: Reward,
    ev: &mut Vec<PanovnikEvent>,
) {
    let mut token = |st: &mut PanovnikState, f: &dyn Fn(&mut super::types::Tokens)| {
        if let Some(t) = host_tokens(st, seat, host) {
            f(t);
            ev.push(PanovnikEvent::TokensPlaced {
                seat,
                card: host,
                reward: reward.clone(),
            });
        }
    };
    match &reward {
        Reward::Gems(n) => gems(st, seat, *n, GemReason::Reward, ev),
        Reward::Power(v) => token(st, &|t| t.power += v),
        Reward::Draw(n) => draw(st, seat, *n, ev),
        Reward::Science(n) => token(st, &|t| t.science += n),
        Reward::Magic(n) => token(st, &|t| t.magic += n),
        Reward::Defense(n) => token(st, &|t| t.defense += n),
        Reward::MagicBonus(v) => token(st, &|t| t.magic_bonus.push(*v)),
        Reward::CircleBonus(cb) => token(st, &|t| t.circle_bonus.push(*cb)),
        Reward::Attack(n) => {
            st.players[seat].attack += n;
            ev.push(PanovnikEvent::AttackGained { seat, n: *n });
        }
        Reward::EternalGem(c) => eternal(st, seat, host, *c, ev),
        Reward::All(list) => {
            let tasks = list
                .iter()
                .map(|r| Task::Reward {
                    seat,
                    host,
                    reward: r.clone(),
                })
                .collect();
            push_front_all(st, tasks);
        }
        Reward::Choice(options) => {
            st.decision = Some(Decision::LawOption {
                seat,
                host,
                options: options.clone(),
            })
        }
    }
}

/// PNV-8.1, 6.6, 3.5: `min(n, supply)` gems; the colour mix is decision 2/11 unless only one
/// mix is possible.
pub(crate) fn gems(
    st: &mut PanovnikState,
    seat: Seat,
    n: u32,
    reason: GemReason,
    ev: &mut Vec<PanovnikEvent>,
) {
    let t = n.min(st.supply.total());
    if t == 0 {
        ev.push(PanovnikEvent::GemsTaken {
            seat,
            gems: Gems::ZERO,
            reason,
        });
        return;
    }
    let options = Gems::splits(t, &st.supply);
    if options.len() == 1 {
        take_gems(st, seat, options[0], reason, ev);
    } else {
        st.decision = Some(Decision::ChooseGems {
            seat,
            n,
            reason,
            picked: Gems::ZERO,
        });
    }
}

/// Decision 2/11, one gem at a time: the colours the next gem may have (the supply minus the
/// gems already picked). A player choosing n gems from a large supply thus sees at most four
/// choices per gem instead of every mix (up to 120).
pub(crate) fn gem_choices(st: &PanovnikState, picked: &Gems) -> Vec<Color> {
    Color::ALL
        .into_iter()
        .filter(|&c| gem_available(st, picked, c))
        .collect()
}

/// PNV-3.5: the supply still has a gem of `color` beyond those already picked.
pub(crate) fn gem_available(st: &PanovnikState, picked: &Gems, color: Color) -> bool {
    st.supply.get(color) > picked.get(color)
}

/// Decision 2/11: one more gem of `color` picked. When the mix is complete — `min(n, supply)`
/// gems, or only one colour left for the rest — the gems move behind the screen at once.
pub(crate) fn pick_gem(
    st: &mut PanovnikState,
    seat: Seat,
    n: u32,
    reason: GemReason,
    mut picked: Gems,
    color: Color,
    ev: &mut Vec<PanovnikEvent>,
) {
    picked.add(color, 1);
    let total = n.min(st.supply.total());
    let left = total - picked.total();
    let choices = gem_choices(st, &picked);
    match choices.as_slice() {
        _ if left == 0 => take_gems(st, seat, picked, reason, ev),
        [only] => {
            picked.add(*only, left);
            take_gems(st, seat, picked, reason, ev)
        }
        _ => {
            st.decision = Some(Decision::ChooseGems {
                seat,
                n,
                reason,
                picked,
            })
        }
    }
}

/// Moves gems from the supply behind the screen (public colours).
pub(crate) fn take_gems(
    st: &mut PanovnikState,
    seat: Seat,
    g: Gems,
    reason: GemReason,
    ev: &mut Vec<PanovnikEvent>,
) {
    st.supply = st.supply.minus(&g);
    st.players[seat].screen = st.players[seat].screen.plus(&g);
    ev.push(PanovnikEvent::GemsTaken {
        seat,
        gems: g,
        reason,
    });
}

/// The decks a card may be drawn from now (PNV-8.3, 1.10).
pub(crate) fn drawable(st: &PanovnikState) -> Vec<Deck> {
    [Deck::Small, Deck::Law]
        .into_iter()
        .filter(|&d| can_draw(st, d))
        .collect()
}

/// PNV-8.3: a deck can be drawn from while it is not empty.
pub(crate) fn can_draw(st: &PanovnikState, deck: Deck) -> bool {
    match deck {
        Deck::Small => !st.small_deck.is_empty(),
        Deck::Law => !st.law_deck.is_empty(),
    }
}

/// PNV-8.3: `n` draws, one at a time, the deck chosen before each (decision 3, automatic with
/// one non-empty deck); lost when both decks are empty.
pub(crate) fn draw(st: &mut PanovnikState, seat: Seat, n: u32, ev: &mut Vec<PanovnikEvent>) {
    if n == 0 {
        return;
    }
    match drawable(st).as_slice() {
        [] => ev.push(PanovnikEvent::DrawLost { seat }),
        [deck] => draw_from(st, seat, *deck, n, ev),
        _ => st.decision = Some(Decision::DrawCard { seat, remaining: n }),
    }
}

/// Draws the top card of `deck` into hand; the remaining draws follow after the gained-card
/// hook (PNV-7.17, G2 `tuck_gained_cards`).
pub(crate) fn draw_from(
    st: &mut PanovnikState,
    seat: Seat,
    deck: Deck,
    n: u32,
    ev: &mut Vec<PanovnikEvent>,
) {
    let card = match deck {
        Deck::Small => st.small_deck.pop(),
        Deck::Law => st.law_deck.pop(),
    }
    .expect("a non-empty deck");
    st.players[seat].hand.push(card);
    ev.push(PanovnikEvent::CardDrawn {
        seat,
        deck,
        card: Some(card),
    });
    push_front_all(
        st,
        vec![
            Task::Gained {
                seat,
                card,
                public: false,
            },
            Task::Draw { seat, n: n - 1 },
        ],
    );
}

/// PNV-8.9: an eternal gem from the supply; when the supply lacks the colour, optionally from
/// behind the own screen (decision 4); otherwise lost. "Any colour" (law options) asks for the
/// colour first (decision 21): every colour the player can obtain, from the supply or from
/// behind the screen.
pub(crate) fn eternal(
    st: &mut PanovnikState,
    seat: Seat,
    host: u32,
    color: EternalColor,
    ev: &mut Vec<PanovnikEvent>,
) {
    let concrete = match color {
        EternalColor::Blue => Color::Blue,
        EternalColor::Red => Color::Red,
        EternalColor::Green => Color::Green,
        EternalColor::Yellow => Color::Yellow,
        EternalColor::Any => {
            let options = eternal_any_options(st, seat);
            match options.as_slice() {
                [] => {
                    ev.push(PanovnikEvent::EternalGemLost { seat, card: host });
                    return;
                }
                [c] => *c,
                _ => {
                    st.decision = Some(Decision::ChooseColor { seat, host });
                    return;
                }
            }
        }
    };
    eternal_color(st, seat, host, concrete, ev);
}

/// Decision 21's choices (PNV-8.9, revised in review): each colour the supply has, and each
/// colour the supply lacks but the player holds behind the screen — a colour obtainable either
/// way is a legal choice even while the supply has other colours.
pub(crate) fn eternal_any_options(st: &PanovnikState, seat: Seat) -> Vec<Color> {
    Color::ALL
        .into_iter()
        .filter(|&c| eternal_color_available(st, seat, c))
        .collect()
}

/// PNV-8.9: an eternal gem of `color` can come from the supply or from behind the screen.
pub(crate) fn eternal_color_available(st: &PanovnikState, seat: Seat, color: Color) -> bool {
    st.supply.get(color) > 0 || st.players[seat].screen.get(color) > 0
}

/// PNV-8.9 for a known colour.
pub(crate) fn eternal_color(
    st: &mut PanovnikState,
    seat: Seat,
    host: u32,
    color: Color,
    ev: &mut Vec<PanovnikEvent>,
) {
    if host_tokens(st, seat, host).is_none() {
        ev.push(PanovnikEvent::EternalGemLost { seat, card: host });
        return;
    }
    if st.supply.get(color) > 0 {
        st.supply.take(color, 1);
        put_eternal(st, seat, host, color, false, ev);
    } else if st.players[seat].screen.get(color) > 0 {
        st.decision = Some(Decision::EternalFromScreen { seat, host, color });
    } else {
        ev.push(PanovnikEvent::EternalGemLost { seat, card: host });
    }
}

/// Puts an eternal gem on its card (already removed from supply or screen).
pub(crate) fn put_eternal(
    st: &mut PanovnikState,
    seat: Seat,
    host: u32,
    color: Color,
    from_screen: bool,
    ev: &mut Vec<PanovnikEvent>,
) {
    host_tokens(st, seat, host)
        .expect("host on the pyramid")
        .eternal
        .push(EternalGem { color, used: false });
    ev.push(PanovnikEvent::EternalGemPlaced {
        seat,
        card: host,
        color,
        from_screen,
    });
}
