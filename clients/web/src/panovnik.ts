// The Panovník (Viceroy) table: round and phase, what the game waits for (sealed steps with who
// has committed, the viewer's own pending choice, the sequential decision), the supply, the
// auction display, the viewer's screen and hand, and every player's pyramid as an SVG in which
// each card sits at (x, level) with its four segments coloured, so the circles they form are
// visible; tokens and eternal gems lie on the cards. Legal actions stay the page's buttons.
import type { GameView } from "../../typescript/src/gen/tablero/v1/game_service_pb.js";
import {
  PanovnikAuctionStatus,
  PanovnikBidKind,
  PanovnikCardType,
  PanovnikClaim,
  PanovnikColor,
  PanovnikGemReason,
  PanovnikPhase,
  PanovnikSealedStep,
  PanovnikSegment,
  type PanovnikBid,
  type PanovnikCard,
  type PanovnikDecision,
  type PanovnikGems,
  type PanovnikPlayer,
  type PanovnikPyramidCard,
  type PanovnikReward,
  type PanovnikSealedChoice,
  type PanovnikTokens,
  type PanovnikView,
} from "../../typescript/src/gen/tablero/v1/panovnik_pb.js";
import { h, type Child } from "./dom.js";

// ---- colours and words ----

const FILL: Record<number, string> = {
  [PanovnikColor.BLUE]: "#2f6fdc",
  [PanovnikColor.RED]: "#d23c3c",
  [PanovnikColor.GREEN]: "#2e9a4a",
  [PanovnikColor.YELLOW]: "#e3b91c",
};
const NONE_FILL = "#c9ccd3";
const COLOR_NAME: Record<number, string> = {
  [PanovnikColor.BLUE]: "blue",
  [PanovnikColor.RED]: "red",
  [PanovnikColor.GREEN]: "green",
  [PanovnikColor.YELLOW]: "yellow",
};
const LETTER: Record<number, string> = {
  [PanovnikColor.BLUE]: "B",
  [PanovnikColor.RED]: "R",
  [PanovnikColor.GREEN]: "G",
  [PanovnikColor.YELLOW]: "Y",
};
const COLORS = [PanovnikColor.BLUE, PanovnikColor.RED, PanovnikColor.GREEN, PanovnikColor.YELLOW];

const fill = (c: number | undefined) => (c ? (FILL[c] ?? NONE_FILL) : NONE_FILL);
const colorName = (c: number) => COLOR_NAME[c] ?? "—";
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function rewardText(r: PanovnikReward | undefined): string {
  if (!r) return "—";
  const k = r.kind;
  switch (k.case) {
    case "gems":
      return plural(k.value, "gem", "gems");
    case "power":
      return `${k.value} PP`;
    case "draw":
      return `draw ${k.value}`;
    case "science":
      return `${k.value} science`;
    case "magic":
      return `${k.value} magic`;
    case "defense":
      return `${k.value} defense`;
    case "attack":
      return `${k.value} attack`;
    case "magicBonus":
      return `magic bonus +${k.value}`;
    case "circleBonus":
      return `${colorName(k.value.color)} circle bonus +${k.value.value}`;
    case "eternalGem":
      return k.value.anyColor ? "eternal gem (any colour)" : `${colorName(k.value.color)} eternal gem`;
    case "all":
      return k.value.rewards.map(rewardText).join(" + ");
    case "choice":
      return k.value.rewards.map(rewardText).join(" or ");
    default:
      return r.text || "—";
  }
}

const isLaw = (c: PanovnikCard) => c.type === PanovnikCardType.LAW || (c.rows.length === 0 && c.order > 64);
const cardName = (c: PanovnikCard | undefined) => (c ? `#${c.order} ${c.name}`.trim() : "?");

function bidText(b: PanovnikBid): string {
  switch (b.kind) {
    case PanovnikBidKind.GEM:
      return `bid a ${colorName(b.color)} gem`;
    case PanovnikBidKind.ATTACK:
      return "bid an attack token";
    case PanovnikBidKind.PASS:
      return "pass (bid nothing)";
    default:
      return "?";
  }
}

const SEGMENT: Record<number, string> = {
  [PanovnikSegment.TL]: "TL",
  [PanovnikSegment.TR]: "TR",
  [PanovnikSegment.BL]: "BL",
  [PanovnikSegment.BR]: "BR",
};

function choiceText(c: PanovnikSealedChoice): string {
  const k = c.kind;
  switch (k.case) {
    case "startingCard":
      return `start with ${cardName(k.value)}`;
    case "bid":
      return bidText(k.value);
    case "claim":
      return k.value === PanovnikClaim.ABOVE ? "claim the above card" : k.value === PanovnikClaim.BELOW ? "claim the below card" : "refuse to agree";
    case "build":
      return k.value.card ? `build ${cardName(k.value.card)}` : "pass for this building phase";
    case "recolor":
      return k.value.recolors.length
        ? `recolour ${k.value.recolors.map((r) => `L${r.level} x${r.x} ${SEGMENT[r.segment] ?? "?"} → ${colorName(r.color)}`).join(", ")}`
        : "no recolouring";
    default:
      return "?";
  }
}

const STEP: Record<number, [string, string]> = {
  [PanovnikSealedStep.STARTING_CARD]: ["Starting-card choice", "keep one of your two dealt characters as your starting card"],
  [PanovnikSealedStep.BID]: ["Auction bids", "bid a gem of a displayed card's colour, an attack token, or pass"],
  [PanovnikSealedStep.NEGOTIATION]: ["Negotiation claims", "claim the above or the below card, or refuse"],
  [PanovnikSealedStep.BUILD_SELECTION]: ["Build selections", "select a hand card to build, or pass for this building phase"],
  [PanovnikSealedStep.RECOLOR]: ["Recolouring", "recolour segments with the gems behind your screen, then finish"],
};

const REASON: Record<number, string> = {
  [PanovnikGemReason.SETUP]: "setup",
  [PanovnikGemReason.PASS]: "passing in the auction",
  [PanovnikGemReason.REWARD]: "a reward",
  [PanovnikGemReason.CIRCLE]: "a monochrome circle",
};

/** "; chosen so far: 2 blue, 1 red" for a gem choice in progress (gems are chosen one at a time). */
function chosenSoFar(g: PanovnikGems | undefined): string {
  if (!g) return "";
  const parts = (
    [
      [g.blue, "blue"],
      [g.red, "red"],
      [g.green, "green"],
      [g.yellow, "yellow"],
    ] as [number, string][]
  )
    .filter(([n]) => n > 0)
    .map(([n, c]) => `${n} ${c}`);
  return parts.length ? `; chosen so far: ${parts.join(", ")}` : "";
}

function decisionText(d: PanovnikDecision): string {
  const k = d.kind;
  switch (k.case) {
    case "chooseGems":
      return `choose the colours of ${plural(k.value.n, "gem", "gems")} from the supply, one gem at a time (${REASON[k.value.reason] ?? "?"})${chosenSoFar(k.value.picked)}`;
    case "drawCard":
      return `choose the deck to draw from (${k.value.remaining} to draw)`;
    case "eternalGemFromScreen":
      return `no ${colorName(k.value.color)} gem in the supply: put one from behind the screen on ${cardName(k.value.card)}, or forgo it`;
    case "chooseColor":
      return `choose the colour of the eternal gem on ${cardName(k.value.card)}`;
    case "attackPick":
      return "take any displayed card with the attack token";
    case "auctionPick":
      return `take the above or the below card at the ${colorName(k.value.color)} auction card`;
    case "virtualTieChoice":
      return `tied with virtual V${k.value.virtualIndex} on ${colorName(k.value.color)}: take the above card or go on`;
    case "virtualDiscard":
      return `remove a displayed card for virtual V${k.value.virtualIndex}`;
    case "placeCard":
      return `place ${cardName(k.value.card)} in the pyramid`;
    case "level5Reward":
      return `${cardName(k.value.card)} reached level 5: rewards of rows 1–3, or 15 PP`;
    case "lawOption":
      return `choose an option of ${cardName(k.value.card)}: ${k.value.options.map(rewardText).join(" / ")}`;
    case "tuckFreeCard":
      return `tuck a free card under ${cardName(k.value.law)}`;
    case "storeGems":
      return `store up to ${plural(k.value.max, "gem", "gems")} on ${cardName(k.value.law)}, one gem at a time${chosenSoFar(k.value.stored)}`;
    case "tuckFromHand":
      return `tuck hand cards under ${cardName(k.value.law)}`;
    case "tuckGainedCard":
      return `tuck the gained card${k.value.card ? ` ${cardName(k.value.card)}` : ""} under ${cardName(k.value.law)}, or keep it`;
    default:
      return "?";
  }
}

function phaseText(p: PanovnikView): string {
  const round = p.round === 0 ? "Setup" : `Round ${p.round} of 12${p.lastRound ? " (the last)" : ""}`;
  const phase: Record<number, string> = {
    [PanovnikPhase.STARTING_CHOICE]: "choosing starting cards",
    [PanovnikPhase.STARTING_REWARDS]: "starting cards' rewards",
    [PanovnikPhase.AUCTION]: `auction · bidding round ${p.biddingRound} of 3`,
    [PanovnikPhase.BUILDING]: `building · build step ${p.buildStep} of 3`,
    [PanovnikPhase.RECOLOR]: "end of the game: recolouring",
    [PanovnikPhase.FINISHED]: "the game is over",
  };
  return `${round} · ${phase[p.phase] ?? "?"}`;
}

// ---- small pieces ----

function gemChips(g: PanovnikGems | undefined, testid?: string): HTMLElement {
  const counts = [g?.blue ?? 0, g?.red ?? 0, g?.green ?? 0, g?.yellow ?? 0];
  return h(
    "span",
    { class: "pnv-gems", "data-testid": testid },
    COLORS.map((c, i) =>
      h("span", { class: "pnv-gem", title: `${counts[i]} ${colorName(c)}` }, h("span", { class: "dot", style: `background:${fill(c)}` }), String(counts[i])),
    ),
    h("span", { class: "pnv-total" }, `(${counts.reduce((a, b) => a + b, 0)})`),
  );
}

function dot(c: number): HTMLElement {
  return h("span", { class: "dot", style: `background:${fill(c)}`, title: colorName(c) });
}

// ---- SVG ----

const SVG_NS = "http://www.w3.org/2000/svg";

function s(tag: string, attrs: Record<string, string | number | undefined>, ...children: (SVGElement | string | null)[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) el.setAttribute(k, String(v));
  for (const c of children) {
    if (c === null) continue;
    el.append(typeof c === "string" ? document.createTextNode(c) : c);
  }
  return el as SVGElement;
}

/** A quarter disc of radius r centred at (cx, cy), in the quadrant (dx, dy) ∈ {±1}². */
function quarter(cx: number, cy: number, r: number, dx: number, dy: number, color: string, extra: Record<string, string | number | undefined> = {}): SVGElement {
  const sweep = dx * dy > 0 ? 1 : 0;
  const d = `M${cx},${cy} L${cx + dx * r},${cy} A${r},${r} 0 0 ${sweep} ${cx},${cy + dy * r} Z`;
  return s("path", { d, fill: color, ...extra });
}

/** Card geometry: a card spans 2 columns; HALF px per column, CARD_H px per level. */
const HALF = 62;
const CARD_H = 92;
const R = 28;
const PAD = 6;

function segColors(c: PanovnikPyramidCard | { card?: PanovnikCard; recolor?: undefined }): { colors: number[]; recolored: boolean[] } {
  const printed = c.card?.segments;
  const rec = c.recolor;
  const p = [printed?.tl ?? 0, printed?.tr ?? 0, printed?.bl ?? 0, printed?.br ?? 0];
  const r = [rec?.tl ?? 0, rec?.tr ?? 0, rec?.bl ?? 0, rec?.br ?? 0];
  return { colors: p.map((x, i) => r[i] || x), recolored: r.map((x) => x !== 0) };
}

function tokensShort(t: PanovnikTokens | undefined): string {
  if (!t) return "";
  const parts: string[] = [];
  if (t.power) parts.push(`${t.power} PP`);
  if (t.science) parts.push(`${t.science} sci`);
  if (t.magic) parts.push(`${t.magic} mag`);
  if (t.defense) parts.push(`${t.defense} def`);
  for (const b of t.magicBonus) parts.push(`mb+${b}`);
  for (const c of t.circleBonus) parts.push(`${LETTER[c.color] ?? "?"}+${c.value}`);
  const stored = t.stored ? t.stored.blue + t.stored.red + t.stored.green + t.stored.yellow : 0;
  if (stored) parts.push(`${stored} stored`);
  return parts.join(" ");
}

function tokensLong(t: PanovnikTokens | undefined): string {
  if (!t) return "";
  const parts: string[] = [];
  if (t.power) parts.push(`${t.power} power points`);
  if (t.science) parts.push(`${t.science} science`);
  if (t.magic) parts.push(`${t.magic} magic`);
  if (t.defense) parts.push(`${t.defense} defense`);
  for (const b of t.magicBonus) parts.push(`magic bonus +${b}`);
  for (const c of t.circleBonus) parts.push(`${colorName(c.color)} circle bonus +${c.value}`);
  for (const e of t.eternalGems) parts.push(`${colorName(e.color)} eternal gem${e.used ? " (used this phase)" : ""}`);
  if (t.stored) {
    const g = t.stored;
    const list = COLORS.map((c, i) => [c, [g.blue, g.red, g.green, g.yellow][i]] as const).filter(([, n]) => n > 0);
    if (list.length) parts.push(`stored gems: ${list.map(([c, n]) => `${n} ${colorName(c)}`).join(", ")}`);
  }
  return parts.join(", ");
}

function shortName(name: string, max: number): string {
  if (name.length <= max) return name;
  const w = name.split(/\s+/);
  if (w.length >= 2) {
    const two = `${w[0]} ${w[w.length - 1]}`;
    if (two.length <= max) return two;
    return `${two.slice(0, max - 1)}…`;
  }
  return `${name.slice(0, max - 1)}…`;
}

function rowsText(c: PanovnikCard): string {
  return c.rows.map((r) => `${r.level} ${LETTER[r.cost] ?? "?"}:${rewardText(r.reward)}`).join(" · ");
}

/** One card drawn at (left, top): background, four segments, order, name, tokens, gems. */
function cardSvg(c: PanovnikPyramidCard, left: number, top: number, monochromeBelow: boolean): SVGElement {
  const w = 2 * HALF;
  const card = c.card;
  const law = card ? isLaw(card) : false;
  const { colors, recolored } = segColors(c);
  const rec = (i: number) => (recolored[i] ? { stroke: "#fff", "stroke-width": 2, "stroke-dasharray": "3 2" } : {});
  const tucked = c.tucked.length;
  const title = [
    `${cardName(card)}${law ? " (law)" : ""} · level ${c.level}, column ${c.x}`,
    card && !law ? `rows: ${rowsText(card)}` : card?.text ?? "",
    tokensLong(c.tokens) ? `tokens: ${tokensLong(c.tokens)}` : "",
    tucked ? `tucked: ${c.tucked.map((t) => (t.card ? cardName(t.card) : "a hidden card")).join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("\n");
  const g = s(
    "g",
    { class: `pnv-card${law ? " law" : ""}`, "data-card": card?.order ?? 0, "data-level": c.level, "data-x": c.x, transform: `translate(${left},${top})` },
    s("title", {}, title),
    s("rect", { x: 0.5, y: 0.5, width: w - 1, height: CARD_H - 1, rx: 5, fill: law ? "#efe8fb" : "#fbf6ea", stroke: "#4a4f5c", "stroke-width": 1 }),
    quarter(0, 0, R, 1, 1, fill(colors[0]), rec(0)),
    quarter(w, 0, R, -1, 1, fill(colors[1]), rec(1)),
    quarter(HALF, CARD_H, R, -1, -1, fill(colors[2]), rec(2)),
    quarter(HALF, CARD_H, R, 1, -1, fill(colors[3]), rec(3)),
    s("text", { x: HALF, y: 17, "text-anchor": "middle", class: "pnv-order" }, `#${card?.order ?? "?"}`),
    s("text", { x: HALF, y: 40, "text-anchor": "middle", class: "pnv-name" }, shortName(card?.name ?? "?", 18)),
    law ? s("text", { x: HALF, y: 27, "text-anchor": "middle", class: "pnv-law" }, "LAW") : null,
    s("text", { x: HALF, y: 55, "text-anchor": "middle", class: "pnv-tokens" }, tokensShort(c.tokens)),
  );
  // Eternal gems: diamonds in the lower left corner.
  (c.tokens?.eternalGems ?? []).forEach((e, i) => {
    const cx = 9 + i * 13;
    const cy = CARD_H - 11;
    g.append(
      s("path", {
        d: `M${cx},${cy - 6} L${cx + 6},${cy} L${cx},${cy + 6} L${cx - 6},${cy} Z`,
        fill: fill(e.color),
        stroke: e.used ? "#888" : "#1d2330",
        "stroke-width": 1.2,
        "data-eternal": colorName(e.color),
        opacity: e.used ? 0.6 : 1,
      }),
    );
  });
  if (tucked) {
    g.append(s("text", { x: w - 6, y: CARD_H - 6, "text-anchor": "end", class: "pnv-tucked" }, `+${tucked} tucked`));
  }
  if (monochromeBelow) {
    // The card closed a monochrome circle: marked on its half-circle.
    g.append(s("text", { x: HALF, y: CARD_H - 8, "text-anchor": "middle", class: "pnv-mono" }, "★"));
  }
  return g;
}

const at = (cards: PanovnikPyramidCard[], level: number, x: number) => cards.find((c) => c.level === level && c.x === x);

/** The four colours of the circle the card closes (BL, BR, left TR, right TL), if both supports exist. */
function circleOf(cards: PanovnikPyramidCard[], c: PanovnikPyramidCard): number[] | undefined {
  if (c.level < 2) return undefined;
  const l = at(cards, c.level - 1, c.x - 1);
  const r = at(cards, c.level - 1, c.x + 1);
  if (!l || !r) return undefined;
  return [segColors(c).colors[2], segColors(c).colors[3], segColors(l).colors[1], segColors(r).colors[0]];
}

const mono = (k: number[] | undefined) => !!k && k[0] !== 0 && k.every((x) => x === k[0]);

/** The pyramid as an SVG: level 1 at the bottom, each card at its column; circles outlined. */
export function pyramidSvg(cards: PanovnikPyramidCard[], seat: number): Element {
  if (!cards.length) return h("p", { class: "note", "data-testid": "pyramid", "data-seat": seat }, "No cards yet.");
  const left = Math.min(...cards.map((c) => c.x - 1));
  const right = Math.max(...cards.map((c) => c.x + 1));
  const top = Math.max(...cards.map((c) => c.level));
  const labelW = 20;
  const width = (right - left) * HALF + 2 * PAD + labelW;
  const labelH = 16;
  const height = top * CARD_H + 2 * PAD + labelH;
  const svg = s("svg", {
    xmlns: SVG_NS,
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    class: "pnv-pyramid",
    role: "img",
    "aria-label": `Pyramid of seat ${seat}: ${cards.length} cards`,
    "data-testid": "pyramid",
    "data-seat": seat,
    "data-cards": cards.length,
  });
  const px = (x: number) => PAD + labelW + (x - 1 - left) * HALF;
  const py = (level: number) => PAD + (top - level) * CARD_H;
  const sorted = [...cards].sort((a, b) => a.level - b.level || a.x - b.x);
  for (const c of sorted) svg.append(cardSvg(c, px(c.x), py(c.level), mono(circleOf(cards, c))));
  // Circle outlines (on top): every closed circle; monochrome ones in gold.
  for (const c of sorted) {
    const k = circleOf(cards, c);
    if (!k) continue;
    svg.append(
      s("circle", {
        cx: px(c.x) + HALF,
        cy: py(c.level) + CARD_H,
        r: R,
        fill: "none",
        stroke: mono(k) ? "#f5c400" : "#1d2330",
        "stroke-width": mono(k) ? 3.5 : 1,
        "stroke-opacity": mono(k) ? 1 : 0.35,
        class: mono(k) ? "pnv-circle mono" : "pnv-circle",
      }),
    );
  }
  // Column numbers under level 1.
  for (let x = left + 1; x < right; x++) {
    svg.append(s("text", { x: px(x) + HALF, y: height - 4, "text-anchor": "middle", class: "pnv-col" }, String(x)));
  }
  for (let level = 1; level <= top; level++) {
    svg.append(s("text", { x: 2, y: py(level) + CARD_H / 2, class: "pnv-level" }, `L${level}`));
  }
  return svg;
}

/** A small picture of a card's four segments (for the display and the hand). */
function miniCard(c: PanovnikCard): Element {
  const w = 48;
  const hh = 36;
  const r = 13;
  const seg = c.segments;
  return s(
    "svg",
    { viewBox: `0 0 ${w} ${hh}`, width: w, height: hh, class: "pnv-mini", "aria-hidden": "true" },
    s("rect", { x: 0.5, y: 0.5, width: w - 1, height: hh - 1, rx: 3, fill: isLaw(c) ? "#efe8fb" : "#fbf6ea", stroke: "#4a4f5c" }),
    quarter(0, 0, r, 1, 1, fill(seg?.tl)),
    quarter(w, 0, r, -1, 1, fill(seg?.tr)),
    quarter(w / 2, hh, r, -1, -1, fill(seg?.bl)),
    quarter(w / 2, hh, r, 1, -1, fill(seg?.br)),
  );
}

/** A card as a tile: picture, number and name, then its rows (`cost:reward`) or its law text. */
function cardTile(c: PanovnikCard, extra?: Child): HTMLElement {
  const law = isLaw(c);
  return h(
    "div",
    { class: `pnv-tile${law ? " law" : ""}`, "data-order": c.order },
    h("div", { class: "pnv-tile-head" }, miniCard(c) as unknown as Node, h("span", null, h("strong", null, `#${c.order}`), ` ${c.name}`, law ? h("span", { class: "pnv-tag" }, "law") : null)),
    law
      ? h("p", { class: "pnv-text" }, c.text)
      : h(
          "ol",
          { class: "pnv-rows" },
          [...c.rows]
            .sort((a, b) => b.level - a.level)
            .map((r) => h("li", null, h("span", { class: "lvl" }, `L${r.level}`), dot(r.cost), h("span", null, rewardText(r.reward)))),
        ),
    extra ?? null,
  );
}

// ---- the table ----

export interface PanovnikContext {
  seatLabel: (seat: number) => string;
}

function awaited(view: GameView, p: PanovnikView, ctx: PanovnikContext): HTMLElement {
  const me = view.viewerSeat;
  const who = (s: number) => (s === me ? "you" : ctx.seatLabel(s));
  const parts: Child[] = [];
  if (p.sealed) {
    const [name, todo] = STEP[p.sealed.step] ?? ["?", "?"];
    parts.push(
      h(
        "p",
        { "data-testid": "pnv-sealed" },
        h("strong", null, `${name} (sealed): `),
        "committed: ",
        p.sealed.committed.length
          ? p.sealed.committed.map((s) => h("span", { class: "pnv-badge ok", "data-committed": s }, `${who(s)} ✓ committed`))
          : "nobody",
        " · waiting for: ",
        p.sealed.waiting.length ? p.sealed.waiting.map((s) => h("span", { class: "pnv-badge", "data-waiting": s }, who(s))) : "nobody",
      ),
    );
    if (me !== undefined && p.sealed.waiting.includes(me)) parts.push(h("p", { class: "pnv-turn" }, `▶ Your turn: ${todo}.`));
    const mine = p.players.find((pl) => pl.seat === me);
    if (me !== undefined && p.sealed.committed.includes(me) && mine?.pendingChoice) {
      parts.push(
        h("p", { "data-testid": "pnv-pending" }, h("strong", null, "Your sealed choice: "), choiceText(mine.pendingChoice), " — you may replace it until the last seat commits."),
      );
    }
  }
  if (p.decision) {
    const d = p.decision;
    parts.push(
      d.seat === me
        ? h("p", { class: "pnv-turn", "data-testid": "pnv-decision" }, `▶ Your turn: ${decisionText(d)}.`)
        : h("p", { "data-testid": "pnv-decision" }, `Waiting for ${ctx.seatLabel(d.seat)}: ${decisionText(d)}.`),
    );
  }
  return h("div", { class: "pnv-awaited" }, parts);
}

function display(p: PanovnikView): HTMLElement {
  return h(
    "div",
    { class: "pnv-display", "data-testid": "pnv-display" },
    p.display.map((a) =>
      h(
        "div",
        { class: "pnv-auction", "data-color": colorName(a.color) },
        h("div", { class: "pnv-auction-head", style: `background:${fill(a.color)}` }, `${colorName(a.color)} auction card`),
        h("div", { class: "pnv-slot" }, h("span", { class: "slot-name" }, "above"), a.above ? cardTile(a.above) : h("p", { class: "note" }, "—")),
        h("div", { class: "pnv-slot" }, h("span", { class: "slot-name" }, "below"), a.below ? cardTile(a.below) : h("p", { class: "note" }, "—")),
      ),
    ),
  );
}

function statusText(pl: PanovnikPlayer): string[] {
  const out = [pl.priority ? `priority ${pl.priority}` : "no priority yet"];
  if (pl.auctionStatus === PanovnikAuctionStatus.ACTIVE) out.push("bidding");
  else if (pl.auctionStatus === PanovnikAuctionStatus.WON) out.push("won a card");
  else if (pl.auctionStatus === PanovnikAuctionStatus.PASSED) out.push("passed the auction");
  if (pl.buildPassed) out.push("passed building");
  return out;
}

function playerBox(view: GameView, p: PanovnikView, pl: PanovnikPlayer, ctx: PanovnikContext): HTMLElement {
  const me = view.viewerSeat === pl.seat;
  const cards = pl.pyramid;
  const tucked = cards.filter((c) => c.tucked.length);
  const circles = cards.map((c) => circleOf(cards, c)).filter((k) => k !== undefined);
  const monos = circles.filter(mono).length;
  return h(
    "section",
    { class: `pnv-player${me ? " me" : ""}`, "data-testid": "pnv-player", "data-seat": pl.seat },
    h(
      "h3",
      null,
      me ? `You — ${ctx.seatLabel(pl.seat)}` : ctx.seatLabel(pl.seat),
      " ",
      statusText(pl).map((t) => h("span", { class: "pnv-badge muted" }, t)),
      pl.committed ? h("span", { class: "pnv-badge ok", "data-testid": "pnv-committed" }, "committed") : null,
    ),
    h(
      "p",
      { class: "pnv-facts" },
      `Hand: ${plural(pl.handCharacters, "character", "characters")}, ${plural(pl.handLaws, "law", "laws")}`,
      pl.screen ? h("span", null, " · Screen: ", gemChips(pl.screen, me ? "pnv-screen" : undefined)) : null,
      pl.attackTokens !== undefined ? ` · attack tokens ${pl.attackTokens}` : null,
      ` · ${plural(circles.length, "circle", "circles")} (${monos} monochrome)`,
    ),
    pl.startingOptions.length
      ? h("div", null, h("h4", null, "Dealt: keep one as your starting card"), h("div", { class: "pnv-tiles" }, pl.startingOptions.map((c) => cardTile(c))))
      : null,
    pl.handVisible && pl.hand.length ? h("div", null, h("h4", null, "Your hand"), h("div", { class: "pnv-tiles", "data-testid": "pnv-hand" }, pl.hand.map((c) => cardTile(c)))) : null,
    h("div", { class: "pnv-pyramid-box" }, pyramidSvg(cards, pl.seat)),
    tucked.length
      ? h(
          "p",
          { class: "note" },
          "Tucked: ",
          tucked.map((c) => `under #${c.card?.order}: ${c.tucked.map((t) => (t.card ? cardName(t.card) : "a hidden card")).join(", ")}`).join("; "),
        )
      : null,
  );
}

function scores(p: PanovnikView, ctx: PanovnikContext): HTMLElement | null {
  if (!p.scores.length) return null;
  const cols = ["Circles", "Eternal gems", "Laws", "Power", "Magic", "Sets", "Attack", "Total"];
  return h(
    "table",
    { class: "pnv-scores", "data-testid": "pnv-scores" },
    h("thead", null, h("tr", null, h("th", null, "Seat"), cols.map((c) => h("th", { class: "num" }, c)))),
    h(
      "tbody",
      null,
      [...p.scores]
        .sort((a, b) => b.total - a.total || a.seat - b.seat)
        .map((s) =>
          h(
            "tr",
            null,
            h("td", null, ctx.seatLabel(s.seat)),
            [s.circles, s.eternalGems, s.laws, s.power, s.magic, s.sets, s.attackPenalty].map((n) => h("td", { class: "num" }, String(n))),
            h("td", { class: "num" }, h("strong", null, String(s.total))),
          ),
        ),
    ),
  );
}

/** The whole Panovník table for one view. */
export function renderPanovnik(view: GameView, p: PanovnikView, ctx: PanovnikContext): HTMLElement {
  const players = [...p.players].sort((a, b) => Number(b.seat === view.viewerSeat) - Number(a.seat === view.viewerSeat) || a.seat - b.seat);
  return h(
    "div",
    { class: "pnv", "data-testid": "panovnik" },
    h("p", { class: "pnv-phase", "data-testid": "pnv-phase" }, h("strong", null, phaseText(p))),
    h(
      "p",
      { class: "pnv-facts" },
      "Supply: ",
      gemChips(p.supply, "pnv-supply"),
      ` · decks: big ${p.bigDeck}, small ${p.smallDeck}, laws ${p.lawDeck} · discard ${p.discard.length}`,
      p.virtuals.length
        ? ` · virtual opponents: ${p.virtuals.map((v) => `V${v.index} ${v.active ? "bidding" : "out"}${v.bid ? ` (drew ${colorName(v.bid)})` : ""}`).join(", ")}`
        : null,
    ),
    awaited(view, p, ctx),
    scores(p, ctx),
    p.display.some((a) => a.above || a.below) ? h("div", null, h("h3", null, "Auction display"), display(p)) : null,
    players.map((pl) => playerBox(view, p, pl, ctx)),
    h(
      "p",
      { class: "note" },
      "Each card's corners (TL, TR) and bottom half-circle (BL, BR) are coloured segments; a card on a higher level closes a circle with the two cards it rests on (outlined; gold ★ = monochrome). Diamonds are eternal gems; dashed segments are recoloured.",
    ),
  );
}
