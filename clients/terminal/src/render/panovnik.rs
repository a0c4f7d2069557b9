//! The Panovník (Viceroy) table (PanovnikView): round, phase and step, what the game waits for
//! (sealed steps with who has committed, the viewer's own pending choice, the sequential
//! decision), the supply and decks, the auction display with every card's rows, the viewer's
//! screen and hand, every player's public information, and each pyramid drawn in ASCII: level 1
//! at the bottom, every card a box at its column `x` (a card on level L between its two supports)
//! showing its order number, a short name, the colours of its four segments and its tokens.
//! Then the final score by the seven steps of PNV-10.6.

use super::{WIDTH, finished, header, seat_label};
use std::fmt::Write;
use tablero_client::pb;
use tablero_client::pb::panovnik_decision::Kind as DecisionKind;
use tablero_client::pb::panovnik_reward::Kind as RewardKind;
use tablero_client::pb::panovnik_sealed_choice::Kind as ChoiceKind;

// ---- names ----------------------------------------------------------------------------------

/// `B`, `R`, `G`, `Y`; `.` for none.
pub fn color_letter(c: i32) -> char {
    use pb::PanovnikColor as C;
    match C::try_from(c).unwrap_or_default() {
        C::Blue => 'B',
        C::Red => 'R',
        C::Green => 'G',
        C::Yellow => 'Y',
        C::Unspecified => '.',
    }
}

/// `blue`, `red`, `green`, `yellow`; `—` for none.
pub fn color_name(c: i32) -> &'static str {
    use pb::PanovnikColor as C;
    match C::try_from(c).unwrap_or_default() {
        C::Blue => "blue",
        C::Red => "red",
        C::Green => "green",
        C::Yellow => "yellow",
        C::Unspecified => "—",
    }
}

fn title_case(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(f) => f.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn step_name(s: i32) -> &'static str {
    use pb::PanovnikSealedStep as S;
    match S::try_from(s).unwrap_or_default() {
        S::StartingCard => "starting-card choice",
        S::Bid => "auction bids",
        S::Negotiation => "negotiation claims",
        S::BuildSelection => "build selections",
        S::Recolor => "recolouring",
        S::Unspecified => "?",
    }
}

/// What a seat does in a sealed step, in words.
fn step_todo(s: i32) -> &'static str {
    use pb::PanovnikSealedStep as S;
    match S::try_from(s).unwrap_or_default() {
        S::StartingCard => "keep one of the two dealt characters as the starting card",
        S::Bid => "bid a gem of a displayed card's colour, an attack token, or pass",
        S::Negotiation => "claim the above or the below card, or refuse",
        S::BuildSelection => "select a hand card to build, or pass for this building phase",
        S::Recolor => "recolour segments with the gems behind the screen, then finish",
        S::Unspecified => "?",
    }
}

fn reason_name(r: i32) -> &'static str {
    use pb::PanovnikGemReason as R;
    match R::try_from(r).unwrap_or_default() {
        R::Setup => "setup",
        R::Pass => "passing in the auction",
        R::Reward => "a reward",
        R::Circle => "a monochrome circle",
        R::Unspecified => "?",
    }
}

fn phase_line(p: &pb::PanovnikView) -> String {
    use pb::PanovnikPhase as P;
    let round = if p.round == 0 {
        "Setup".to_string()
    } else {
        format!(
            "Round {} of 12{}",
            p.round,
            if p.last_round { " (the last)" } else { "" }
        )
    };
    let phase = match P::try_from(p.phase).unwrap_or_default() {
        P::StartingChoice => "choosing starting cards".to_string(),
        P::StartingRewards => "starting cards' rewards".to_string(),
        P::Auction => format!("auction, bidding round {} of 3", p.bidding_round),
        P::Building => format!("building, build step {} of 3", p.build_step),
        P::Recolor => "end of the game: recolouring".to_string(),
        P::Finished => "the game is over".to_string(),
        P::Unspecified => "?".to_string(),
    };
    format!("{round} · {phase}")
}

fn mode_title(p: &pb::PanovnikView) -> String {
    let n = p.players.len() as u32;
    let mut title = if n == 1 {
        "Panovník · solo".to_string()
    } else {
        format!("Panovník · {n} players")
    };
    if !p.virtuals.is_empty() {
        let v = p.virtuals.len() as u32;
        let _ = write!(title, " + {}", plural(v, "virtual", "virtuals"));
    }
    title
}

// ---- pieces ---------------------------------------------------------------------------------

/// `blue 2 · red 0 · green 1 · yellow 3 (6)`.
pub fn gems(g: Option<&pb::PanovnikGems>) -> String {
    let g = g.copied().unwrap_or_default();
    format!(
        "blue {} · red {} · green {} · yellow {} ({})",
        g.blue,
        g.red,
        g.green,
        g.yellow,
        g.blue + g.red + g.green + g.yellow
    )
}

/// `2B 1G`, or `none`.
fn gems_short(g: &pb::PanovnikGems) -> String {
    let parts: Vec<String> = [(g.blue, 'B'), (g.red, 'R'), (g.green, 'G'), (g.yellow, 'Y')]
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, c)| format!("{n}{c}"))
        .collect();
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(" ")
    }
}

/// A reward, short: `3 PP`, `4 gems`, `draw 1`, `1 science + 1 defense`, `eternal gem B`.
pub fn reward(r: Option<&pb::PanovnikReward>) -> String {
    let Some(r) = r else {
        return "—".to_string();
    };
    let Some(kind) = &r.kind else {
        return if r.text.is_empty() {
            "—".to_string()
        } else {
            r.text.clone()
        };
    };
    let list = |rs: &pb::panovnik_reward::Rewards, sep: &str| {
        rs.rewards
            .iter()
            .map(|r| reward(Some(r)))
            .collect::<Vec<_>>()
            .join(sep)
    };
    match kind {
        RewardKind::Gems(n) => plural(*n, "gem", "gems"),
        RewardKind::Power(v) => format!("{v} PP"),
        RewardKind::Draw(n) => format!("draw {n}"),
        RewardKind::Science(n) => format!("{n} science"),
        RewardKind::Magic(n) => format!("{n} magic"),
        RewardKind::Defense(n) => format!("{n} defense"),
        RewardKind::Attack(n) => format!("{n} attack"),
        RewardKind::MagicBonus(v) => format!("magic bonus +{v}"),
        RewardKind::CircleBonus(c) => {
            format!("circle bonus {}+{}", color_letter(c.color), c.value)
        }
        RewardKind::EternalGem(e) => {
            if e.any_color {
                "eternal gem (any colour)".to_string()
            } else {
                format!("eternal gem {}", color_letter(e.color))
            }
        }
        RewardKind::All(rs) => list(rs, " + "),
        RewardKind::Choice(rs) => list(rs, " or "),
    }
}

fn is_law(c: &pb::PanovnikCard) -> bool {
    c.r#type == pb::PanovnikCardType::Law as i32 || (c.rows.is_empty() && c.order > 64)
}

/// `#12 Duchess of the Eastern Vale`.
pub fn card_name(c: &pb::PanovnikCard) -> String {
    if c.name.is_empty() {
        format!("#{}", c.order)
    } else {
        format!("#{} {}", c.order, c.name)
    }
}

fn card_name_opt(c: Option<&pb::PanovnikCard>) -> String {
    c.map_or_else(|| "?".to_string(), card_name)
}

/// The printed segment colours: `BY/RR` (top left, top right / bottom left, bottom right).
pub fn segments(c: &pb::PanovnikCard) -> String {
    let s = c.segments.unwrap_or_default();
    format!(
        "{}{}/{}{}",
        color_letter(s.tl),
        color_letter(s.tr),
        color_letter(s.bl),
        color_letter(s.br)
    )
}

/// The four rows as `level cost:reward`: `1 G:4 gems · 2 R:eternal gem B · …`.
pub fn rows(c: &pb::PanovnikCard) -> String {
    c.rows
        .iter()
        .map(|r| {
            format!(
                "{} {}:{}",
                r.level,
                color_letter(r.cost),
                reward(r.reward.as_ref())
            )
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The cumulative cost of placing a character on each level (PNV-7.4): `1 G · 2 GR · … · 5 GRBBB`.
fn costs(c: &pb::PanovnikCard) -> String {
    let mut rows: Vec<&pb::PanovnikRow> = c.rows.iter().collect();
    rows.sort_by_key(|r| r.level);
    let mut acc = String::new();
    let mut out = Vec::new();
    for r in &rows {
        acc.push(color_letter(r.cost));
        out.push(format!("{} {acc}", r.level));
    }
    if let Some(last) = rows.last() {
        acc.push(color_letter(last.cost));
        out.push(format!("5 {acc}"));
    }
    out.join(" · ")
}

/// One card on one or two lines (`indent` before each): name, segments, then its rows (a
/// character) or its text (a law).
fn card_block(c: &pb::PanovnikCard, indent: &str, with_costs: bool, out: &mut String) {
    if is_law(c) {
        let _ = writeln!(
            out,
            "{indent}{} · law · segments {}",
            card_name(c),
            segments(c)
        );
        if !c.text.is_empty() {
            let _ = writeln!(out, "{indent}    {}", c.text);
        }
    } else {
        let _ = writeln!(out, "{indent}{} · segments {}", card_name(c), segments(c));
        let _ = writeln!(out, "{indent}    rows {}", rows(c));
        if with_costs && !c.rows.is_empty() {
            let _ = writeln!(out, "{indent}    cost by level {}", costs(c));
        }
    }
}

/// `you` for the viewer, else `seat N (…)`.
fn who(view: &pb::GameView, seat: u32) -> String {
    super::who(view, seat)
}

fn seats_words(view: &pb::GameView, seats: &[u32]) -> String {
    if seats.is_empty() {
        return "nobody".to_string();
    }
    seats
        .iter()
        .map(|s| who(view, *s))
        .collect::<Vec<_>>()
        .join(", ")
}

fn sealed_choice(c: &pb::PanovnikSealedChoice) -> String {
    match &c.kind {
        Some(ChoiceKind::StartingCard(card)) => format!("start with {}", card_name(card)),
        Some(ChoiceKind::Bid(b)) => bid(b),
        Some(ChoiceKind::Claim(claim)) => {
            match pb::PanovnikClaim::try_from(*claim).unwrap_or_default() {
                pb::PanovnikClaim::Above => "claim the above card".to_string(),
                pb::PanovnikClaim::Below => "claim the below card".to_string(),
                pb::PanovnikClaim::Refuse => "refuse to agree".to_string(),
                pb::PanovnikClaim::Unspecified => "?".to_string(),
            }
        }
        Some(ChoiceKind::Build(b)) => match &b.card {
            Some(card) => format!("build {}", card_name(card)),
            None => "pass for this building phase".to_string(),
        },
        Some(ChoiceKind::Recolor(r)) => {
            if r.recolors.is_empty() {
                "no recolouring".to_string()
            } else {
                let list: Vec<String> = r
                    .recolors
                    .iter()
                    .map(|r| {
                        format!(
                            "L{} x{} {} → {}",
                            r.level,
                            r.x,
                            segment_name(r.segment),
                            color_name(r.color)
                        )
                    })
                    .collect();
                format!("recolour {}", list.join(", "))
            }
        }
        None => "?".to_string(),
    }
}

fn segment_name(s: i32) -> &'static str {
    use pb::PanovnikSegment as S;
    match S::try_from(s).unwrap_or_default() {
        S::Tl => "TL",
        S::Tr => "TR",
        S::Bl => "BL",
        S::Br => "BR",
        S::Unspecified => "?",
    }
}

fn bid(b: &pb::PanovnikBid) -> String {
    use pb::PanovnikBidKind as K;
    match K::try_from(b.kind).unwrap_or_default() {
        K::Gem => format!("bid a {} gem", color_name(b.color)),
        K::Attack => "bid an attack token".to_string(),
        K::Pass => "pass (bid nothing)".to_string(),
        K::Unspecified => "?".to_string(),
    }
}

fn auction_status(s: i32) -> Option<&'static str> {
    use pb::PanovnikAuctionStatus as S;
    match S::try_from(s).unwrap_or_default() {
        S::Active => Some("bidding"),
        S::Won => Some("won a card"),
        S::Passed => Some("passed"),
        S::Unspecified => None,
    }
}

// ---- the pyramid ----------------------------------------------------------------------------

/// Half a card's width in characters: a card at column x spans x−1..x+1.
const HALF: usize = 6;
/// Text lines inside a card box.
const INNER: usize = 4;

/// A card's name shortened to fit in a box: the whole name, else its first and last words, cut
/// with a `.` when even they do not fit.
pub fn short_name(name: &str, width: usize) -> String {
    let fits = |s: &str| s.chars().count() <= width;
    if fits(name) {
        return name.to_string();
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    if words.len() >= 2 {
        let two = format!("{} {}", words[0], words[words.len() - 1]);
        if fits(&two) {
            return two;
        }
    }
    let two = if words.len() >= 2 {
        format!("{} {}", words[0], words[words.len() - 1])
    } else {
        name.to_string()
    };
    let mut short: String = two.chars().take(width.saturating_sub(1)).collect();
    short.truncate(short.trim_end().len());
    short.push('.');
    short
}

/// The tokens on a card, compact: `8p 2s 1m 1d b+3 cY+4 eB eR* g3` (power, science, magic,
/// defense, magic bonus, circle bonus, eternal gems with `*` = used this phase, stored gems).
pub fn tokens_short(t: &pb::PanovnikTokens) -> String {
    let mut parts = Vec::new();
    for (n, c) in [
        (t.power, 'p'),
        (t.science, 's'),
        (t.magic, 'm'),
        (t.defense, 'd'),
    ] {
        if n > 0 {
            parts.push(format!("{n}{c}"));
        }
    }
    for v in &t.magic_bonus {
        parts.push(format!("b+{v}"));
    }
    for c in &t.circle_bonus {
        parts.push(format!("c{}+{}", color_letter(c.color), c.value));
    }
    for e in &t.eternal_gems {
        parts.push(format!(
            "e{}{}",
            color_letter(e.color),
            if e.used { "*" } else { "" }
        ));
    }
    if let Some(g) = &t.stored {
        let n = g.blue + g.red + g.green + g.yellow;
        if n > 0 {
            parts.push(format!("g{n}"));
        }
    }
    parts.join(" ")
}

/// The tokens on a card in words, for the list under the drawing.
fn tokens_long(t: &pb::PanovnikTokens) -> String {
    let mut parts = Vec::new();
    if t.power > 0 {
        parts.push(format!("{} PP", t.power));
    }
    for (n, name) in [
        (t.science, "science"),
        (t.magic, "magic"),
        (t.defense, "defense"),
    ] {
        if n > 0 {
            parts.push(format!("{n} {name}"));
        }
    }
    for v in &t.magic_bonus {
        parts.push(format!("magic bonus +{v}"));
    }
    for c in &t.circle_bonus {
        parts.push(format!("{} circle bonus +{}", color_name(c.color), c.value));
    }
    for e in &t.eternal_gems {
        parts.push(format!(
            "eternal gem {}{}",
            color_name(e.color),
            if e.used { " (used this phase)" } else { "" }
        ));
    }
    if let Some(g) = &t.stored
        && g.blue + g.red + g.green + g.yellow > 0
    {
        parts.push(format!("stored gems {}", gems_short(g)));
    }
    parts.join(", ")
}

/// A segment as shown: the printed colour's letter, or the recolouring gem's in lower case.
fn segment_at(c: &pb::PanovnikPyramidCard, which: usize) -> char {
    let printed = c.card.as_ref().and_then(|c| c.segments).unwrap_or_default();
    let recolor = c.recolor.unwrap_or_default();
    let pick = |p: i32, r: i32| {
        if r != 0 {
            color_letter(r).to_ascii_lowercase()
        } else {
            color_letter(p)
        }
    };
    match which {
        0 => pick(printed.tl, recolor.tl),
        1 => pick(printed.tr, recolor.tr),
        2 => pick(printed.bl, recolor.bl),
        _ => pick(printed.br, recolor.br),
    }
}

fn find(cards: &[pb::PanovnikPyramidCard], level: u32, x: i32) -> Option<&pb::PanovnikPyramidCard> {
    cards.iter().find(|c| c.level == level && c.x == x)
}

/// The circle closed by the card `c` (level ≥ 2), as its four segments' colour letters
/// (upper BL, upper BR, left support TR, right support TL); `None` when a support is missing.
fn circle(cards: &[pb::PanovnikPyramidCard], c: &pb::PanovnikPyramidCard) -> Option<[char; 4]> {
    if c.level < 2 {
        return None;
    }
    let left = find(cards, c.level - 1, c.x - 1)?;
    let right = find(cards, c.level - 1, c.x + 1)?;
    Some([
        segment_at(c, 2),
        segment_at(c, 3),
        segment_at(left, 1),
        segment_at(right, 0),
    ])
}

fn monochrome(circle: &[char; 4]) -> bool {
    let first = circle[0].to_ascii_uppercase();
    first != '.' && circle.iter().all(|c| c.to_ascii_uppercase() == first)
}

struct Canvas {
    rows: Vec<Vec<char>>,
}

impl Canvas {
    fn new(height: usize, width: usize) -> Self {
        Canvas {
            rows: vec![vec![' '; width]; height],
        }
    }

    /// Border characters merge: `-` and `|` crossing (or any corner) make `+`.
    fn border(&mut self, row: usize, col: usize, ch: char) {
        let cell = &mut self.rows[row][col];
        *cell = match (*cell, ch) {
            (_, '+') | ('+', _) => '+',
            ('-', '|') | ('|', '-') => '+',
            _ => ch,
        };
    }

    fn text(&mut self, row: usize, col: usize, s: &str) {
        for (i, ch) in s.chars().enumerate() {
            if let Some(cell) = self.rows[row].get_mut(col + i) {
                *cell = ch;
            }
        }
    }

    fn centred(&mut self, row: usize, left: usize, width: usize, s: &str) {
        let len = s.chars().count().min(width);
        let s: String = s.chars().take(width).collect();
        self.text(row, left + (width - len) / 2, &s);
    }

    fn lines(&self) -> Vec<String> {
        self.rows
            .iter()
            .map(|r| r.iter().collect::<String>().trim_end().to_string())
            .collect()
    }
}

/// A pyramid drawn in ASCII, one string per line: level 1 at the bottom, each card a box at its
/// column with its order number between its TL and TR segment letters, its short name, its
/// tokens, and its BL/BR segments (the half-circle) at the middle of its bottom edge, right above
/// the TR and TL letters of the two cards it rests on, so the four letters of a circle stand in
/// a square (`*` between the upper two when the circle is monochrome). Levels on the left,
/// columns underneath.
pub fn pyramid_lines(cards: &[pb::PanovnikPyramidCard]) -> Vec<String> {
    if cards.is_empty() {
        return vec!["(no cards yet)".to_string()];
    }
    let left = cards.iter().map(|c| c.x - 1).min().unwrap_or(0);
    let right = cards.iter().map(|c| c.x + 1).max().unwrap_or(0);
    let top = cards.iter().map(|c| c.level).max().unwrap_or(1) as usize;
    let width = (right - left) as usize * HALF + 1;
    let height = top * (INNER + 1) + 1;
    let mut canvas = Canvas::new(height, width);
    let box_w = 2 * HALF;
    let inner = box_w - 1;
    for c in cards {
        let level = c.level.max(1) as usize;
        let row0 = (top - level) * (INNER + 1);
        let col0 = (c.x - 1 - left) as usize * HALF;
        for col in col0..=col0 + box_w {
            canvas.border(row0, col, '-');
            canvas.border(row0 + INNER + 1, col, '-');
        }
        for row in row0 + 1..=row0 + INNER {
            canvas.border(row, col0, '|');
            canvas.border(row, col0 + box_w, '|');
        }
        for (row, col) in [
            (row0, col0),
            (row0, col0 + box_w),
            (row0 + INNER + 1, col0),
            (row0 + INNER + 1, col0 + box_w),
        ] {
            canvas.border(row, col, '+');
        }
        let order = c.card.as_ref().map_or(0, |c| c.order);
        let name = c.card.as_ref().map_or("?", |c| c.name.as_str());
        canvas.text(row0 + 1, col0 + 1, &segment_at(c, 0).to_string());
        canvas.text(row0 + 1, col0 + box_w - 1, &segment_at(c, 1).to_string());
        canvas.centred(row0 + 1, col0 + 2, inner - 2, &format!("#{order}"));
        canvas.centred(row0 + 2, col0 + 1, inner, &short_name(name, inner));
        let tokens = c.tokens.as_ref().map(tokens_short).unwrap_or_default();
        let tokens = if tokens.chars().count() > inner {
            format!("{}~", tokens.chars().take(inner - 1).collect::<String>())
        } else {
            tokens
        };
        canvas.centred(row0 + 3, col0 + 1, inner, &tokens);
        let mid = if circle(cards, c).is_some_and(|k| monochrome(&k)) {
            "*"
        } else {
            " "
        };
        canvas.text(
            row0 + 4,
            col0 + HALF - 1,
            &format!("{}{mid}{}", segment_at(c, 2), segment_at(c, 3)),
        );
    }
    let mut out: Vec<String> = Vec::new();
    for (i, line) in canvas.lines().into_iter().enumerate() {
        // The level's name on its name line.
        let label = if i % (INNER + 1) == 2 {
            format!("L{}", top - i / (INNER + 1))
        } else {
            String::new()
        };
        out.push(format!("{label:<4}{line}").trim_end().to_string());
    }
    // The column ruler: every column under its centre.
    let mut ruler = Canvas::new(1, width + 4);
    for x in left + 1..right {
        let col = (x - left) as usize * HALF;
        let s = x.to_string();
        // The last digit under the centre, a minus sign to its left.
        let start = (col + 1).saturating_sub(s.len());
        ruler.text(0, start, &s);
    }
    out.push(format!("x = {}", ruler.lines()[0]).trim_end().to_string());
    out
}

/// The drawing plus what does not fit in it: totals, circles, full names, long token lists and
/// tucked cards.
fn pyramid(cards: &[pb::PanovnikPyramidCard], indent: &str, out: &mut String) {
    for line in pyramid_lines(cards) {
        let _ = writeln!(out, "{indent}{line}");
    }
    if cards.is_empty() {
        return;
    }
    let mut sorted: Vec<&pb::PanovnikPyramidCard> = cards.iter().collect();
    sorted.sort_by_key(|c| (std::cmp::Reverse(c.level), c.x));
    // Totals.
    let mut total = pb::PanovnikTokens::default();
    for c in cards {
        if let Some(t) = &c.tokens {
            total.power += t.power;
            total.science += t.science;
            total.magic += t.magic;
            total.defense += t.defense;
            total.magic_bonus.extend(t.magic_bonus.iter().copied());
            total.circle_bonus.extend(t.circle_bonus.iter().cloned());
            total.eternal_gems.extend(t.eternal_gems.iter().cloned());
            let s = t.stored.unwrap_or_default();
            let sum = total.stored.get_or_insert_with(Default::default);
            sum.blue += s.blue;
            sum.red += s.red;
            sum.green += s.green;
            sum.yellow += s.yellow;
        }
    }
    let circles: Vec<[char; 4]> = cards.iter().filter_map(|c| circle(cards, c)).collect();
    let mono: Vec<String> = cards
        .iter()
        .filter(|c| circle(cards, c).is_some_and(|k| monochrome(&k)))
        .map(|c| {
            format!(
                "{} (L{})",
                color_name(match segment_at(c, 2).to_ascii_uppercase() {
                    'B' => 1,
                    'R' => 2,
                    'G' => 3,
                    'Y' => 4,
                    _ => 0,
                }),
                c.level
            )
        })
        .collect();
    let tokens = tokens_long(&total);
    let _ = writeln!(
        out,
        "{indent}{} · {} closed{} · tokens: {}",
        plural(cards.len() as u32, "card", "cards"),
        plural(circles.len() as u32, "circle", "circles"),
        if mono.is_empty() {
            String::new()
        } else {
            format!(", monochrome: {}", mono.join(", "))
        },
        if tokens.is_empty() { "none" } else { &tokens }
    );
    let names: Vec<String> = sorted
        .iter()
        .map(|c| card_name_opt(c.card.as_ref()))
        .collect();
    wrap_list(&format!("{indent}cards: "), &names, out);
    for c in &sorted {
        let long = c.tokens.as_ref().map(tokens_short).unwrap_or_default();
        let order = c.card.as_ref().map_or(0, |c| c.order);
        if long.chars().count() > 2 * HALF - 1 {
            let _ = writeln!(
                out,
                "{indent}  #{order} (L{} x{}) tokens: {}",
                c.level,
                c.x,
                c.tokens.as_ref().map(tokens_long).unwrap_or_default()
            );
        }
        if !c.tucked.is_empty() {
            let list: Vec<String> = c
                .tucked
                .iter()
                .map(|t| match &t.card {
                    Some(card) => card_name(card),
                    None => "a hidden card".to_string(),
                })
                .collect();
            let _ = writeln!(
                out,
                "{indent}  tucked under #{order} (L{} x{}): {}",
                c.level,
                c.x,
                list.join(", ")
            );
        }
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

// ---- the screen -----------------------------------------------------------------------------

fn display(p: &pb::PanovnikView, out: &mut String) {
    if p.display
        .iter()
        .all(|a| a.above.is_none() && a.below.is_none())
    {
        return;
    }
    let _ = writeln!(
        out,
        "Auction display (left to right; bid a gem of the auction card's colour; rows are level cost:reward):"
    );
    for a in &p.display {
        let colour = title_case(color_name(a.color));
        let mut first = true;
        for (slot, card) in [("above", &a.above), ("below", &a.below)] {
            let lead = if first {
                format!("  {colour:<7}")
            } else {
                " ".repeat(9)
            };
            first = false;
            match card {
                Some(c) => {
                    let _ = writeln!(
                        out,
                        "{lead}{slot}  {} · segments {}",
                        card_name(c),
                        segments(c)
                    );
                    let _ = writeln!(out, "{}rows {}", " ".repeat(16), rows(c));
                }
                None => {
                    let _ = writeln!(out, "{lead}{slot}  —");
                }
            }
        }
    }
}

fn virtuals(p: &pb::PanovnikView, out: &mut String) {
    if p.virtuals.is_empty() {
        return;
    }
    let list: Vec<String> = p
        .virtuals
        .iter()
        .map(|v| {
            let mut s = format!("V{}", v.index);
            s.push_str(if v.active {
                " bidding"
            } else {
                " out of this auction"
            });
            if v.bid != 0 {
                let _ = write!(s, ", drew {}", color_name(v.bid));
            }
            s
        })
        .collect();
    let _ = writeln!(
        out,
        "Virtual opponents (bid a random gem from the box each bidding round): {}",
        list.join(" · ")
    );
}

/// `priority 3` (PNV-3.1: the lowest order number in the pyramid), `no priority yet` before the
/// first card.
fn priority(p: u32) -> String {
    if p == 0 {
        "no priority yet".to_string()
    } else {
        format!("priority {p}")
    }
}

fn player(view: &pb::GameView, p: &pb::PanovnikView, pl: &pb::PanovnikPlayer, out: &mut String) {
    let me = p.viewer == Some(pl.seat) || view.viewer_seat == Some(pl.seat);
    let mut head = if me {
        format!("You, {}", seat_label(view, pl.seat))
    } else {
        seat_label(view, pl.seat)
    };
    let mut facts = vec![priority(pl.priority)];
    if let Some(s) = auction_status(pl.auction_status) {
        facts.push(format!("auction: {s}"));
    }
    if pl.build_passed {
        facts.push("passed this building phase".to_string());
    }
    if pl.committed {
        facts.push("committed".to_string());
    }
    let _ = write!(head, " · {}", facts.join(" · "));
    let _ = writeln!(out, "{head}");
    if pl.screen.is_some() || pl.attack_tokens.is_some() {
        let _ = writeln!(
            out,
            "  Screen: {} · attack tokens {}",
            gems(pl.screen.as_ref()),
            pl.attack_tokens.unwrap_or(0)
        );
    }
    if !pl.starting_options.is_empty() {
        let _ = writeln!(
            out,
            "  Dealt (keep one as the starting card, the other goes to hand):"
        );
        for c in &pl.starting_options {
            card_block(c, "    ", false, out);
        }
    }
    let counts = format!(
        "{}, {}",
        plural(pl.hand_characters, "character", "characters"),
        plural(pl.hand_laws, "law", "laws")
    );
    if pl.hand_visible {
        if pl.hand.is_empty() {
            let _ = writeln!(out, "  Hand: empty");
        } else {
            let _ = writeln!(out, "  Hand ({counts}):");
            for c in &pl.hand {
                card_block(c, "    ", true, out);
            }
        }
    } else {
        let _ = writeln!(out, "  Hand: {counts}");
    }
    let _ = writeln!(out, "  Pyramid:");
    pyramid(&pl.pyramid, "    ", out);
}

/// `; chosen so far: 2 blue, 1 red` for a gem choice in progress; empty before the first gem.
fn chosen_so_far(g: Option<&pb::PanovnikGems>) -> String {
    let Some(g) = g else {
        return String::new();
    };
    let parts: Vec<String> = [
        (g.blue, "blue"),
        (g.red, "red"),
        (g.green, "green"),
        (g.yellow, "yellow"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, c)| format!("{n} {c}"))
    .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!("; chosen so far: {}", parts.join(", "))
    }
}

fn decision_text(d: &pb::PanovnikDecision) -> String {
    match &d.kind {
        Some(DecisionKind::ChooseGems(g)) => format!(
            "choose the colours of {} from the supply, one gem at a time ({}){}",
            plural(g.n, "gem", "gems"),
            reason_name(g.reason),
            chosen_so_far(g.picked.as_ref())
        ),
        Some(DecisionKind::DrawCard(dc)) => format!(
            "choose the deck to draw from (small characters or laws; {} to draw)",
            dc.remaining
        ),
        Some(DecisionKind::EternalGemFromScreen(e)) => format!(
            "the supply has no {} gem: put one from behind the screen on {} as an eternal gem, or forgo it",
            color_name(e.color),
            card_name_opt(e.card.as_ref())
        ),
        Some(DecisionKind::ChooseColor(c)) => format!(
            "choose the colour of the eternal gem on {}",
            card_name_opt(c.card.as_ref())
        ),
        Some(DecisionKind::AttackPick(_)) => {
            "take any displayed card with the attack token".to_string()
        }
        Some(DecisionKind::AuctionPick(a)) => format!(
            "take the above or the below card at the {} auction card",
            color_name(a.color)
        ),
        Some(DecisionKind::VirtualTieChoice(t)) => format!(
            "tied with virtual V{} on {}: take the above card, or go on to the next bidding round",
            t.virtual_index,
            color_name(t.color)
        ),
        Some(DecisionKind::VirtualDiscard(v)) => format!(
            "remove a displayed card for virtual V{} (its colour holds no card)",
            v.virtual_index
        ),
        Some(DecisionKind::PlaceCard(pc)) => {
            format!("place {} in the pyramid", card_name_opt(pc.card.as_ref()))
        }
        Some(DecisionKind::Level5Reward(l)) => format!(
            "{} reached level 5: take the rewards of rows 1–3, or 15 PP",
            card_name_opt(l.card.as_ref())
        ),
        Some(DecisionKind::LawOption(l)) => {
            let options: Vec<String> = l.options.iter().map(|o| reward(Some(o))).collect();
            format!(
                "choose an option of {}: {}",
                card_name_opt(l.card.as_ref()),
                options.join(" / ")
            )
        }
        Some(DecisionKind::TuckFreeCard(t)) => format!(
            "tuck a free card of the pyramid under {}",
            card_name_opt(t.law.as_ref())
        ),
        Some(DecisionKind::StoreGems(s)) => format!(
            "store up to {} from behind the screen on {}, one gem at a time{}",
            plural(s.max, "gem", "gems"),
            card_name_opt(s.law.as_ref()),
            chosen_so_far(s.stored.as_ref())
        ),
        Some(DecisionKind::TuckFromHand(t)) => format!(
            "tuck hand cards under {}{}",
            card_name_opt(t.law.as_ref()),
            t.left
                .map(|n| format!(" ({n} more at most)"))
                .unwrap_or_default()
        ),
        Some(DecisionKind::TuckGainedCard(t)) => format!(
            "tuck the gained card{} under {}, or keep it",
            t.card
                .as_ref()
                .map(|c| format!(" {}", card_name(c)))
                .unwrap_or_default(),
            card_name_opt(t.law.as_ref())
        ),
        None => "?".to_string(),
    }
}

/// The sealed step (who has committed, who is awaited) and the sequential decision.
fn awaited(view: &pb::GameView, p: &pb::PanovnikView, out: &mut String) {
    let me = view.viewer_seat;
    if let Some(s) = &p.sealed {
        let _ = writeln!(
            out,
            "Sealed step: {} · waiting for: {}",
            step_name(s.step),
            seats_words(view, &s.waiting)
        );
        for seat in &s.committed {
            if Some(*seat) != me {
                let _ = writeln!(
                    out,
                    "  {} has committed",
                    title_case(&seat_label(view, *seat))
                );
            }
        }
        if let Some(me) = me {
            let mine = p.players.iter().find(|pl| pl.seat == me);
            if s.waiting.contains(&me) {
                let _ = writeln!(out, "▶ Your turn: {} (sealed).", step_todo(s.step));
            } else if s.committed.contains(&me) {
                let choice = mine
                    .and_then(|pl| pl.pending_choice.as_ref())
                    .map(sealed_choice)
                    .unwrap_or_else(|| "committed".to_string());
                let _ = writeln!(
                    out,
                    "You have committed: {choice}; you may replace it until the last seat commits."
                );
            }
        }
    }
    if let Some(d) = &p.decision {
        let what = decision_text(d);
        if me == Some(d.seat) {
            let _ = writeln!(out, "▶ Your turn: {what}.");
        } else {
            let _ = writeln!(out, "Waiting for {}: {what}.", seat_label(view, d.seat));
        }
    }
    if p.sealed.is_none() && p.decision.is_none() && !finished(view) {
        let _ = writeln!(out, "To act: {}", super::to_act(view));
    }
}

/// The whole table.
pub fn render(view: &pb::GameView, p: &pb::PanovnikView) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", header(view, &mode_title(p)));
    let _ = writeln!(out, "{}", phase_line(p));
    let _ = writeln!(
        out,
        "Supply: {} · decks: big {}, small {}, laws {}",
        gems(p.supply.as_ref()),
        p.big_deck,
        p.small_deck,
        p.law_deck
    );
    if !p.discard.is_empty() {
        let last: Vec<String> = p.discard.iter().rev().take(3).map(card_name).collect();
        let _ = writeln!(
            out,
            "Discard pile: {} (newest: {})",
            plural(p.discard.len() as u32, "card", "cards"),
            last.join(", ")
        );
    }
    virtuals(p, &mut out);
    display(p, &mut out);
    let _ = writeln!(
        out,
        "Pyramids: segment colours B blue, R red, G green, Y yellow at a card's top corners (TL TR)\n\
         \x20 and its bottom half-circle (BL BR); lower case = recoloured, * = monochrome circle.\n\
         \x20 Tokens: p power, s science, m magic, d defense, b magic bonus, c circle bonus,\n\
         \x20 e eternal gem (* used this phase), g stored gems."
    );
    // The viewer first, then the others in seat order.
    let mut players: Vec<&pb::PanovnikPlayer> = p.players.iter().collect();
    players.sort_by_key(|pl| (view.viewer_seat != Some(pl.seat), pl.seat));
    if view.viewer_seat.is_none() {
        let _ = writeln!(out, "You are watching (public information only).");
    }
    for pl in players {
        player(view, p, pl, &mut out);
    }
    awaited(view, p, &mut out);
    if !p.scores.is_empty() {
        out.push_str(&score_table(view, p));
    }
    out
}

// ---- the final score ------------------------------------------------------------------------

/// The final score by the seven steps of PNV-10.6, best first.
pub fn score_table(view: &pb::GameView, p: &pb::PanovnikView) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Final score (PNV-10.6):");
    let _ = writeln!(
        out,
        "  {:<22}{:>8}{:>8}{:>6}{:>7}{:>7}{:>6}{:>8}{:>7}",
        "", "circles", "eternal", "laws", "power", "magic", "sets", "attack", "total"
    );
    let mut scores = p.scores.clone();
    scores.sort_by_key(|s| (std::cmp::Reverse(s.total), s.seat));
    for s in &scores {
        let _ = writeln!(
            out,
            "  {:<22}{:>8}{:>8}{:>6}{:>7}{:>7}{:>6}{:>8}{:>7}",
            seat_label(view, s.seat),
            s.circles,
            s.eternal_gems,
            s.laws,
            s.power,
            s.magic,
            s.sets,
            s.attack_penalty,
            s.total
        );
    }
    if p.players.len() == 1 {
        let _ = writeln!(out, "  (solo: the score is the result, a record to beat)");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::tests::two_seats;
    use pb::PanovnikColor as C;

    fn segs(tl: C, tr: C, bl: C, br: C) -> Option<pb::PanovnikSegments> {
        Some(pb::PanovnikSegments {
            tl: tl as i32,
            tr: tr as i32,
            bl: bl as i32,
            br: br as i32,
        })
    }

    fn row(level: u32, cost: C, kind: RewardKind) -> pb::PanovnikRow {
        pb::PanovnikRow {
            level,
            cost: cost as i32,
            reward: Some(pb::PanovnikReward {
                kind: Some(kind),
                text: String::new(),
            }),
        }
    }

    fn character(order: u32, name: &str, s: [C; 4]) -> pb::PanovnikCard {
        pb::PanovnikCard {
            order,
            name: name.into(),
            r#type: pb::PanovnikCardType::Character as i32,
            segments: segs(s[0], s[1], s[2], s[3]),
            rows: vec![
                row(1, C::Green, RewardKind::Gems(4)),
                row(
                    2,
                    C::Red,
                    RewardKind::EternalGem(pb::panovnik_reward::EternalGem {
                        color: C::Blue as i32,
                        any_color: false,
                    }),
                ),
                row(
                    3,
                    C::Blue,
                    RewardKind::All(pb::panovnik_reward::Rewards {
                        rewards: vec![
                            pb::PanovnikReward {
                                kind: Some(RewardKind::Draw(1)),
                                text: String::new(),
                            },
                            pb::PanovnikReward {
                                kind: Some(RewardKind::Power(3)),
                                text: String::new(),
                            },
                        ],
                    }),
                ),
                row(4, C::Blue, RewardKind::Science(2)),
            ],
            ..Default::default()
        }
    }

    fn law(order: u32, name: &str, text: &str) -> pb::PanovnikCard {
        pb::PanovnikCard {
            order,
            name: name.into(),
            r#type: pb::PanovnikCardType::Law as i32,
            segments: segs(C::Red, C::Red, C::Yellow, C::Yellow),
            text: text.into(),
            ..Default::default()
        }
    }

    fn placed(card: pb::PanovnikCard, level: u32, x: i32) -> pb::PanovnikPyramidCard {
        pb::PanovnikPyramidCard {
            card: Some(card),
            level,
            x,
            tokens: Some(pb::PanovnikTokens::default()),
            ..Default::default()
        }
    }

    /// Seat 0 (the viewer): #1 at (1,0), #3 at (1,2), #12 at (2,1) closing a monochrome green
    /// circle, a law at (1,-2) with a tucked card. Seat 1: one card.
    fn table() -> (pb::GameView, pb::PanovnikView) {
        let mut view = two_seats(Some(0));
        view.game_type = "panovnik".into();
        let mut a = placed(
            character(1, "Lord Seneschal", [C::Red, C::Green, C::Blue, C::Blue]),
            1,
            0,
        );
        a.tokens.as_mut().unwrap().power = 3;
        let mut b = placed(
            character(
                3,
                "Jeweller of the Crown",
                [C::Green, C::Yellow, C::Green, C::Green],
            ),
            1,
            2,
        );
        b.tokens.as_mut().unwrap().eternal_gems = vec![pb::PanovnikEternalGem {
            color: C::Yellow as i32,
            used: true,
        }];
        let mut top = placed(
            character(
                12,
                "Master of Heraldry",
                [C::Blue, C::Yellow, C::Green, C::Green],
            ),
            2,
            1,
        );
        *top.tokens.as_mut().unwrap() = pb::PanovnikTokens {
            power: 8,
            science: 2,
            magic: 1,
            defense: 1,
            magic_bonus: vec![3],
            ..Default::default()
        };
        let mut l = placed(
            law(
                66,
                "Writ of Honourable Retirement",
                "Tuck any other free card of your pyramid under this card.",
            ),
            1,
            -2,
        );
        l.tucked = vec![
            pb::PanovnikTuckedCard {
                card: Some(character(7, "Master of Horse", [C::Red; 4])),
            },
            pb::PanovnikTuckedCard { card: None },
        ];
        let p = pb::PanovnikView {
            viewer: Some(0),
            round: 3,
            phase: pb::PanovnikPhase::Auction as i32,
            bidding_round: 2,
            display: vec![
                pb::PanovnikAuctionCard {
                    color: C::Blue as i32,
                    above: Some(character(
                        2,
                        "Duchess of the Eastern Vale",
                        [C::Blue, C::Yellow, C::Red, C::Red],
                    )),
                    below: Some(character(5, "Alchemist of the Cellar", [C::Red; 4])),
                },
                pb::PanovnikAuctionCard {
                    color: C::Red as i32,
                    above: None,
                    below: Some(character(9, "Keeper of the Royal Forests", [C::Green; 4])),
                },
            ],
            supply: Some(pb::PanovnikGems {
                blue: 3,
                red: 2,
                green: 4,
                yellow: 1,
            }),
            big_deck: 36,
            small_deck: 12,
            law_deck: 15,
            players: vec![
                pb::PanovnikPlayer {
                    seat: 0,
                    pyramid: vec![a, b, top, l],
                    hand_characters: 1,
                    hand_laws: 1,
                    hand: vec![
                        character(20, "Lord of the Salt Marshes", [C::Yellow; 4]),
                        law(
                            70,
                            "Ordinance of the Strongroom",
                            "Put up to 8 gems on this card.",
                        ),
                    ],
                    hand_visible: true,
                    screen: Some(pb::PanovnikGems {
                        blue: 2,
                        red: 1,
                        green: 0,
                        yellow: 3,
                    }),
                    attack_tokens: Some(1),
                    priority: 1,
                    auction_status: pb::PanovnikAuctionStatus::Active as i32,
                    committed: true,
                    pending_choice: Some(pb::PanovnikSealedChoice {
                        kind: Some(ChoiceKind::Bid(pb::PanovnikBid {
                            kind: pb::PanovnikBidKind::Gem as i32,
                            color: C::Red as i32,
                        })),
                    }),
                    ..Default::default()
                },
                pb::PanovnikPlayer {
                    seat: 1,
                    pyramid: vec![placed(
                        character(4, "Warden of the North Gate", [C::Blue; 4]),
                        1,
                        0,
                    )],
                    hand_characters: 2,
                    hand_laws: 3,
                    priority: 4,
                    auction_status: pb::PanovnikAuctionStatus::Active as i32,
                    ..Default::default()
                },
            ],
            virtuals: vec![pb::PanovnikVirtual {
                index: 0,
                active: true,
                bid: 0,
            }],
            sealed: Some(pb::PanovnikSealed {
                step: pb::PanovnikSealedStep::Bid as i32,
                waiting: vec![1],
                committed: vec![0],
            }),
            ..Default::default()
        };
        view.to_act = vec![0, 1];
        view.game = Some(pb::game_view::Game::Panovnik(p.clone()));
        (view, p)
    }

    #[test]
    fn names_and_pieces() {
        assert_eq!(short_name("Court Gossip", 12), "Court Gossip");
        assert_eq!(short_name("Captain of the Watch", 13), "Captain Watch");
        assert_eq!(short_name("Lord Seneschal", 11), "Lord Senes.");
        assert_eq!(short_name("Keeper of the Royal Forests", 11), "Keeper For.");
        assert_eq!(short_name("Physician to the Queen", 11), "Physician.");
        assert_eq!(short_name("Stained-Glass-Maker", 11), "Stained-Gl.");
        let (_, p) = table();
        let card = p.display[0].above.as_ref().unwrap();
        assert_eq!(segments(card), "BY/RR");
        assert_eq!(
            rows(card),
            "1 G:4 gems · 2 R:eternal gem B · 3 B:draw 1 + 3 PP · 4 B:2 science"
        );
        assert_eq!(costs(card), "1 G · 2 GR · 3 GRB · 4 GRBB · 5 GRBBB");
        let top = &p.players[0].pyramid[2];
        assert_eq!(
            tokens_short(top.tokens.as_ref().unwrap()),
            "8p 2s 1m 1d b+3"
        );
    }

    #[test]
    fn the_pyramid_is_drawn_level_1_at_the_bottom_with_circles() {
        let (_, p) = table();
        let lines = pyramid_lines(&p.players[0].pyramid);
        let text = lines.join("\n");
        // Check the shape line by line where it is stable.
        assert!(lines[0].trim_start().starts_with("+-----------+"), "{text}");
        assert!(lines[1].contains("|B   #12   Y|"), "{text}");
        assert!(lines[2].starts_with("L2  "), "{text}");
        assert!(lines[4].contains("|    G*G    |"), "{text}");
        assert!(
            lines[5].ends_with("+-----------+-----+-----+-----+-----+"),
            "{text}"
        );
        assert!(
            lines[6].contains("|R   #66   R|R   #1    G|G   #3    Y|"),
            "{text}"
        );
        assert!(lines[7].starts_with("L1  "), "{text}");
        // The circle's four letters stand in a square: G*G above G|G.
        let col = lines[4].find("G*G").unwrap();
        assert_eq!(&lines[6][col..col + 3], "G|G", "{text}");
        // The level-2 card sits on the border between its supports.
        assert_eq!(lines[5].as_bytes()[col + 1], b'+', "{text}");
        assert!(lines.last().unwrap().starts_with("x = "), "{text}");
        assert!(
            lines
                .last()
                .unwrap()
                .contains("    -2    -1     0     1     2"),
            "{text}"
        );
    }

    #[test]
    fn the_table_shows_phase_display_screen_hand_and_pyramids() {
        let (view, p) = table();
        let text = crate::render::view(&view);
        assert!(
            text.starts_with("─── Panovník · 2 players + 1 virtual · game g1 · v4 "),
            "{text}"
        );
        assert!(
            text.contains("Round 3 of 12 · auction, bidding round 2 of 3"),
            "{text}"
        );
        assert!(
            text.contains(
                "Supply: blue 3 · red 2 · green 4 · yellow 1 (10) · decks: big 36, small 12, laws 15"
            ),
            "{text}"
        );
        assert!(text.contains("Virtual opponents"), "{text}");
        assert!(text.contains("V0 bidding"), "{text}");
        assert!(
            text.contains("  Blue   above  #2 Duchess of the Eastern Vale · segments BY/RR"),
            "{text}"
        );
        assert!(
            text.contains(
                "rows 1 G:4 gems · 2 R:eternal gem B · 3 B:draw 1 + 3 PP · 4 B:2 science"
            ),
            "{text}"
        );
        assert!(text.contains("  Red    above  —"), "{text}");
        assert!(
            text.contains("         below  #9 Keeper of the Royal Forests"),
            "{text}"
        );
        assert!(
            text.contains("You, seat 0 (ana, you) · priority 1 · auction: bidding · committed"),
            "{text}"
        );
        assert!(
            text.contains("  Screen: blue 2 · red 1 · green 0 · yellow 3 (6) · attack tokens 1"),
            "{text}"
        );
        assert!(text.contains("  Hand (1 character, 1 law):"), "{text}");
        assert!(
            text.contains("    #20 Lord of the Salt Marshes · segments YY/YY"),
            "{text}"
        );
        assert!(
            text.contains("      cost by level 1 G · 2 GR · 3 GRB · 4 GRBB · 5 GRBBB"),
            "{text}"
        );
        assert!(
            text.contains("    #70 Ordinance of the Strongroom · law · segments RR/YY"),
            "{text}"
        );
        assert!(
            text.contains("        Put up to 8 gems on this card."),
            "{text}"
        );
        assert!(
            text.contains("    4 cards · 1 circle closed, monochrome: green (L2) · tokens: 11 PP, 2 science, 1 magic, 1 defense, magic bonus +3, eternal gem yellow (used this phase)"),
            "{text}"
        );
        assert!(
            text.contains("tucked under #66 (L1 x-2): #7 Master of Horse, a hidden card"),
            "{text}"
        );
        assert!(
            text.contains(
                "#12 (L2 x1) tokens: 8 PP, 2 science, 1 magic, 1 defense, magic bonus +3"
            ),
            "{text}"
        );
        // The other seat: public information only.
        assert!(
            text.contains("seat 1 (bot) · priority 4 · auction: bidding\n  Hand: 2 characters, 3 laws\n  Pyramid:"),
            "{text}"
        );
        assert!(text.contains("|B   #4    B|"), "{text}");
        assert!(
            text.contains("Sealed step: auction bids · waiting for: seat 1 (bot)\nYou have committed: bid a red gem; you may replace it"),
            "{text}"
        );
        assert!(text.find("You, seat 0").unwrap() < text.find("seat 1 (bot) ·").unwrap());
        assert_eq!(render(&view, &p), text);
    }

    #[test]
    fn another_seat_committing_and_a_decision() {
        let (mut view, mut p) = table();
        view.viewer_seat = Some(1);
        p.viewer = Some(1);
        // Seat 1 sees seat 0 has committed, and nothing of seat 0's hand or choice.
        p.players[0].hand.clear();
        p.players[0].hand_visible = false;
        p.players[0].screen = None;
        p.players[0].attack_tokens = None;
        p.players[0].pending_choice = None;
        let text = render(&view, &p);
        assert!(
            text.contains("Sealed step: auction bids · waiting for: you\n  Seat 0 (ana) has committed\n▶ Your turn: bid"),
            "{text}"
        );
        assert!(
            text.contains("▶ Your turn: bid a gem of a displayed card's colour, an attack token, or pass (sealed)."),
            "{text}"
        );
        assert!(!text.contains("Lord of the Salt Marshes"), "{text}");
        assert!(!text.contains("You have committed"), "{text}");
        assert!(!text.contains("bid a red gem"), "{text}");
        assert!(text.contains("seat 0 (ana) · priority 1 · auction: bidding · committed\n  Hand: 1 character, 1 law"), "{text}");

        p.sealed = None;
        p.decision = Some(pb::PanovnikDecision {
            seat: 0,
            kind: Some(DecisionKind::ChooseGems(
                pb::panovnik_decision::ChooseGems {
                    n: 3,
                    reason: pb::PanovnikGemReason::Pass as i32,
                    picked: Some(pb::PanovnikGems {
                        blue: 0,
                        red: 1,
                        green: 0,
                        yellow: 0,
                    }),
                },
            )),
        });
        let text = render(&view, &p);
        assert!(
            text.contains("Waiting for seat 0 (ana): choose the colours of 3 gems from the supply, one gem at a time (passing in the auction); chosen so far: 1 red."),
            "{text}"
        );
        view.viewer_seat = Some(0);
        p.viewer = Some(0);
        let text = render(&view, &p);
        assert!(
            text.contains("▶ Your turn: choose the colours of 3 gems from the supply"),
            "{text}"
        );
    }

    #[test]
    fn the_final_score_table() {
        let (mut view, mut p) = table();
        view.status = pb::GameStatus::Finished as i32;
        p.phase = pb::PanovnikPhase::Finished as i32;
        p.sealed = None;
        p.scores = vec![
            pb::PanovnikScore {
                seat: 0,
                circles: 2,
                eternal_gems: 1,
                laws: 3,
                power: 11,
                magic: 3,
                sets: 12,
                attack_penalty: 0,
                total: 32,
            },
            pb::PanovnikScore {
                seat: 1,
                circles: 4,
                eternal_gems: 0,
                laws: 0,
                power: 40,
                magic: 0,
                sets: 0,
                attack_penalty: -4,
                total: 40,
            },
        ];
        view.game = Some(pb::game_view::Game::Panovnik(p.clone()));
        let text = render(&view, &p);
        assert!(text.contains("Round 3 of 12 · the game is over"), "{text}");
        let table: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("Final score"))
            .collect();
        assert!(
            table[1].contains("circles eternal  laws  power  magic  sets  attack  total"),
            "{text}"
        );
        assert!(
            table[2].starts_with("  seat 1 (bot)"),
            "the winner first:\n{text}"
        );
        assert!(
            table[2].ends_with("4       0     0     40      0     0      -4     40"),
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
