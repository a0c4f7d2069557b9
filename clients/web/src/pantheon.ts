// The Pantheon table: the epoch and the epoch track of nations, what the game waits for (the
// active player's action, placements, followers and the out-of-turn decisions of the epoch
// preparation), the board as an SVG hex map (odd-r: odd rows shifted half a hex right; each
// space a hexagon coloured by its kind, nations' main and satellite spaces marked, pillar spaces
// marked, stones drawn in their seat's colour, loot tokens and the temple), the god and demigod
// displays, the action cards, every player and the viewer's hand. Legal actions stay the
// page's buttons.
import type { GameView } from "../../typescript/src/gen/tablero/v1/game_service_pb.js";
import {
  PantheonCardType,
  PantheonGodEffectType,
  PantheonNation,
  PantheonOfferingKind,
  PantheonSpaceKind,
  PantheonStone,
  PantheonTokenEffectType,
  type PantheonBoard,
  type PantheonCard,
  type PantheonDecision,
  type PantheonEffect,
  type PantheonGod,
  type PantheonPlayer,
  type PantheonSpace,
  type PantheonToken,
  type PantheonView,
} from "../../typescript/src/gen/tablero/v1/pantheon_pb.js";
import { h, type Child } from "./dom.js";

// ---- colours and words ----

/** Seat colours (the contract sends none): red, blue, green, yellow. */
export const SEAT_FILL = ["#d23c3c", "#2f6fdc", "#2e9a4a", "#e3b91c"];
const SEAT_COLOR = ["red", "blue", "green", "yellow"];
const seatFill = (s: number) => SEAT_FILL[s % SEAT_FILL.length];

const KIND_FILL: Record<number, string> = {
  [PantheonSpaceKind.LAND]: "#efe3c2",
  [PantheonSpaceKind.SEA]: "#9cc9e8",
  [PantheonSpaceKind.PILLAR]: "#d8d2c4",
  [PantheonSpaceKind.MAIN]: "#f3cf7a",
  [PantheonSpaceKind.SATELLITE]: "#f7e7b4",
};
const KIND_NAME: Record<number, string> = {
  [PantheonSpaceKind.LAND]: "land",
  [PantheonSpaceKind.SEA]: "sea",
  [PantheonSpaceKind.PILLAR]: "pillar",
  [PantheonSpaceKind.MAIN]: "main",
  [PantheonSpaceKind.SATELLITE]: "satellite",
};

const NATION: Record<number, [string, string]> = {
  [PantheonNation.GALLIA]: ["Gallia", "#7b4fa8"],
  [PantheonNation.GERMANIA]: ["Germania", "#5b6b2f"],
  [PantheonNation.GRAECIA]: ["Graecia", "#1f7fa5"],
  [PantheonNation.AEGYPTUS]: ["Aegyptus", "#c07a12"],
  [PantheonNation.PERSIA]: ["Persia", "#a8324f"],
  [PantheonNation.CARTAGO]: ["Cartago", "#6b3f1f"],
  [PantheonNation.IBERIA]: ["Iberia", "#b5481c"],
  [PantheonNation.ROMA]: ["Roma", "#8b1a1a"],
};
const nationName = (n: number) => NATION[n]?.[0] ?? "—";
const nationColor = (n: number) => NATION[n]?.[1] ?? "#555";
const nationCode = (n: number) => nationName(n).slice(0, 3).toUpperCase();

const KIND: Record<number, string> = {
  [PantheonOfferingKind.GIFTS]: "Gifts",
  [PantheonOfferingKind.PRIESTS]: "Priests",
  [PantheonOfferingKind.DANCERS]: "Dancers",
  [PantheonOfferingKind.TEMPLES]: "Temples",
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const ROMAN = ["I", "II", "III", "IV", "V", "VI"];

export function cardName(c: PantheonCard | undefined): string {
  if (!c) return "—";
  switch (c.type) {
    case PantheonCardType.MOVEMENT:
      return "Movement";
    case PantheonCardType.OFFERING:
      return KIND[c.offering] ?? "Offering";
    case PantheonCardType.MONEY:
      return `Money ${c.money}`;
    default:
      return "?";
  }
}

function cardsGrouped(cards: PantheonCard[]): string {
  const groups = new Map<string, number>();
  for (const c of cards) groups.set(cardName(c), (groups.get(cardName(c)) ?? 0) + 1);
  if (!groups.size) return "none";
  return [...groups].map(([n, k]) => (k === 1 ? n : `${k}× ${n}`)).join(", ");
}

const GOD_EFFECT: Record<number, string> = {
  [PantheonGodEffectType.STEPS_PLUS]: "+1 step in every movement",
  [PantheonGodEffectType.PURCHASE_PLUS]: "+1 money in every purchase",
  [PantheonGodEffectType.CHEAP_SHARING]: "sharing a space costs 1",
  [PantheonGodEffectType.DRAW_PLUS]: "the draw action draws 1 more",
  [PantheonGodEffectType.OFFERING_WILDCARD]: "1 wildcard offering piece",
  [PantheonGodEffectType.FOLLOW_BONUS]: "follower: +1 step or 2 cards",
  [PantheonGodEffectType.EXTRA_TURN]: "an extra turn each epoch",
  [PantheonGodEffectType.SCORING_VP]: "+2 VP at each scoring",
  [PantheonGodEffectType.GAIN_DEMIGOD]: "now: a demigod from the stack",
  [PantheonGodEffectType.GAIN_STONES]: "now: 1 pillar + 1 footprint",
  [PantheonGodEffectType.GAIN_SPECIAL_MONEY]: "now: the top special money card",
  [PantheonGodEffectType.GAIN_OFFERING]: "now: one offering use",
  [PantheonGodEffectType.GAIN_CARDS]: "now: draw 2 cards",
};
const godEffect = (g: PantheonGod) => g.effectText || GOD_EFFECT[g.effect] || "?";
const godName = (g: PantheonGod | undefined) => (g ? g.name || g.id : "the god");

const LOOT_LETTER: Record<number, string> = {
  [PantheonTokenEffectType.SUPPLIES]: "S",
  [PantheonTokenEffectType.DEMIGOD]: "D",
  [PantheonTokenEffectType.GOD_TILE]: "G",
  [PantheonTokenEffectType.PILLAR]: "P",
  [PantheonTokenEffectType.OFFERING]: "O",
  [PantheonTokenEffectType.CARD_DRAW]: "C",
  [PantheonTokenEffectType.SPECIAL_MONEY]: "M",
  [PantheonTokenEffectType.STEPS]: "+",
};

function tokenText(t: PantheonToken | undefined): string {
  const e = t?.effect;
  if (!e) return t?.id ?? "?";
  if (e.text) return e.text;
  switch (e.type) {
    case PantheonTokenEffectType.SUPPLIES:
      return `${plural(e.pillars, "pillar", "pillars")} ${e.either ? "or" : "+"} ${plural(e.footprints, "footprint", "footprints")}`;
    case PantheonTokenEffectType.DEMIGOD:
      return "a demigod";
    case PantheonTokenEffectType.GOD_TILE:
      return "a god tile";
    case PantheonTokenEffectType.PILLAR:
      return "a pillar anywhere";
    case PantheonTokenEffectType.OFFERING:
      return `${plural(e.uses || 1, "offering use", "offering uses")}`;
    case PantheonTokenEffectType.CARD_DRAW:
      return `draw ${plural(e.count, "card", "cards")}`;
    case PantheonTokenEffectType.SPECIAL_MONEY:
      return "special money";
    case PantheonTokenEffectType.STEPS:
      return `+${e.count} step(s)`;
    default:
      return "?";
  }
}

function effectText(e: PantheonEffect | undefined): string {
  if (!e) return "an effect";
  const k = e.kind;
  let t = e.text;
  if (!t) {
    switch (k.case) {
      case "supplies":
        t = `take ${plural(k.value.pillars, "pillar", "pillars")} ${k.value.either ? "or" : "+"} ${plural(k.value.footprints, "footprint", "footprints")}`;
        break;
      case "demigodFromDisplay":
        t = "take the highest demigod of the display";
        break;
      case "demigodFromStack":
        t = "take the top demigod of the stack";
        break;
      case "godTile":
        t = "take the top god tile of the stack";
        break;
      case "pillar":
        t = "place a pillar on any pillar space";
        break;
      case "offering":
        t = `${plural(k.value.uses, "offering use", "offering uses")}`;
        break;
      case "cardDraw":
        t = `draw ${plural(k.value.count, "card", "cards")}`;
        break;
      case "specialMoney":
        t = "take the top special money card";
        break;
      case "steps":
        t = `+${k.value.count} permanent step(s)`;
        break;
      default:
        t = "an effect";
    }
  }
  return e.declinable ? `${t}, or decline it` : t;
}

function decisionText(p: PantheonView, d: PantheonDecision, who: (s: number) => string): string {
  const whose = (s: number) => (who(s) === "you" ? "your" : `${who(s)}'s`);
  const nation = p.track.length ? nationName(p.track[p.track.length - 1]) : "the nation";
  const k = d.kind;
  switch (k.case) {
    case "chooseBonus":
      return "choose a face-up bonus token";
    case "galliaChoice":
      return "Gallia: draw 2 action cards, or reveal the top god tile";
    case "galliaTake":
      return `Gallia: take ${godName(k.value.god)} paying only its first group, or leave it`;
    case "discardToSeven":
      return `${nation}: discard ${plural(k.value.excess, "card", "cards")} down to 7`;
    case "aegyptus":
      return "Aegyptus: exchange footprints for pillars (or back), or nothing";
    case "cartago":
      return `Cartago: spend up to ${k.value.budget} money on offering tokens and stones`;
    case "iberia":
      return "Iberia: take a free level-1 offering token, upgrade one, or pass";
    case "roma":
      return "Roma: draw 2 action cards, or pass";
    case "effect": {
      const src = k.value.source?.source;
      const from =
        src?.case === "loot" ? `loot token ${src.value.id}` : src?.case === "bonus" ? `bonus token ${src.value.id}` : src?.case === "god" ? `god ${godName(src.value)}` : "an effect";
      return `resolve ${from}: ${effectText(k.value.effect)}`;
    }
    case "chooseAction":
      return "choose an action: I movement, II purchase, III take a god tile, IV draw 3 cards";
    case "placement":
      return `place stones: ${plural(k.value.steps, "step", "steps")} left${k.value.follower ? ` (following ${whose(p.turnSeat)} movement)` : ""}; or stop`;
    case "purchase":
      return `purchase: ${k.value.budget} money left, ${plural(k.value.ops, "operation", "operations")} done`;
    case "drawCards":
      return `draw ${plural(k.value.remaining, "more card", "more cards")} from the display or the draw pile`;
    case "follow":
      return `follow ${whose(k.value.active)} movement: move, draw 1 card, or pass`;
    case "extraTurn":
      return "take the god's extra turn, or decline";
    default:
      return "?";
  }
}

const PREPARATION = new Set(["chooseBonus", "galliaChoice", "galliaTake", "discardToSeven", "aegyptus", "cartago", "iberia", "roma"]);

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

/** Hex circumradius (pointy top). */
const R = 21;
const HW = Math.sqrt(3) * R;
const PAD = 8;
const RULER = 14;

function hexPoints(cx: number, cy: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 90);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** What a space holds, for tests and tooltips: `temple`, `footprint-0`, `pillar-1`, `loot-L12`. */
export function spaceContents(sp: PantheonSpace): string {
  const parts: string[] = [];
  if (sp.temple) parts.push("temple");
  for (const st of sp.stones) parts.push(`${st.stone === PantheonStone.PILLAR ? "pillar" : "footprint"}-${st.seat}`);
  if (sp.loot) parts.push(`loot-${sp.loot.id}`);
  return parts.join(" ");
}

function spaceTitle(sp: PantheonSpace): string {
  const kind = KIND_NAME[sp.kind] ?? "?";
  const lines = [
    `${sp.id} · ${kind}${sp.kind === PantheonSpaceKind.MAIN ? ` of ${nationName(sp.nation)}${sp.name ? ` (${sp.name})` : ""}` : ""}${
      sp.kind === PantheonSpaceKind.SATELLITE ? ` ${sp.satellite} of ${nationName(sp.nation)}` : ""
    }`,
  ];
  if (sp.temple) lines.push("the temple");
  for (const st of sp.stones) lines.push(`${st.stone === PantheonStone.PILLAR ? "pillar" : "footprint"} of seat ${st.seat} (${SEAT_COLOR[st.seat % 4]})`);
  if (sp.loot) lines.push(`loot ${sp.loot.id}: ${tokenText(sp.loot)}`);
  return lines.join("\n");
}

function footprint(x: number, y: number, seat: number): SVGElement {
  return s(
    "g",
    { class: "pth-stone footprint", "data-seat": seat },
    s("ellipse", { cx: x, cy: y, rx: 5, ry: 7, fill: seatFill(seat), stroke: "#1d2330", "stroke-width": 1 }),
    s("circle", { cx: x - 2.5, cy: y - 8.5, r: 1.6, fill: seatFill(seat) }),
    s("circle", { cx: x + 2.5, cy: y - 8.5, r: 1.6, fill: seatFill(seat) }),
  );
}

function pillar(x: number, y: number, seat: number): SVGElement {
  return s(
    "g",
    { class: "pth-stone pillar", "data-seat": seat },
    s("rect", { x: x - 4, y: y - 9, width: 8, height: 18, rx: 1, fill: seatFill(seat), stroke: "#1d2330", "stroke-width": 1 }),
    s("rect", { x: x - 6, y: y - 11, width: 12, height: 3, fill: seatFill(seat), stroke: "#1d2330", "stroke-width": 0.8 }),
    s("rect", { x: x - 6, y: y + 8, width: 12, height: 3, fill: seatFill(seat), stroke: "#1d2330", "stroke-width": 0.8 }),
  );
}

function temple(x: number, y: number): SVGElement {
  return s(
    "g",
    { class: "pth-temple", "data-testid": "pth-temple" },
    s("path", { d: `M${x - 12},${y - 3} L${x},${y - 12} L${x + 12},${y - 3} Z`, fill: "#fff", stroke: "#1d2330", "stroke-width": 1.2 }),
    s("rect", { x: x - 10, y: y - 3, width: 20, height: 3, fill: "#fff", stroke: "#1d2330", "stroke-width": 1 }),
    ...[-7, -2.5, 2, 6.5].map((dx) => s("rect", { x: x + dx, y: y, width: 2.4, height: 9, fill: "#fff", stroke: "#1d2330", "stroke-width": 0.6 })),
    s("rect", { x: x - 11, y: y + 9, width: 22, height: 3, fill: "#fff", stroke: "#1d2330", "stroke-width": 1 }),
  );
}

function lootToken(x: number, y: number, t: PantheonToken): SVGElement {
  return s(
    "g",
    { class: "pth-loot", "data-loot": t.id },
    s("polygon", { points: hexPoints(x, y, 8.5), fill: "#f5c400", stroke: "#6b4e00", "stroke-width": 1.2 }),
    s("text", { x, y: y + 3.5, "text-anchor": "middle", class: "pth-loot-letter" }, LOOT_LETTER[t.effect?.type ?? 0] ?? "?"),
  );
}

/** The board as an SVG hex map; each space a `g[data-space]` with `data-kind` and `data-contents`. */
export function boardSvg(b: PantheonBoard | undefined): Element {
  const spaces = (b?.spaces ?? []).filter((sp) => sp.col !== undefined && sp.row !== undefined);
  if (!b || !spaces.length) return h("p", { class: "note", "data-testid": "pth-board" }, "No map coordinates for this board.");
  const cols = Math.max(b.cols, ...spaces.map((sp) => (sp.col ?? 0) + 1));
  const rows = Math.max(b.rows, ...spaces.map((sp) => (sp.row ?? 0) + 1));
  const width = Math.ceil(PAD * 2 + RULER + HW * (cols + 0.5));
  const height = Math.ceil(PAD * 2 + RULER + 1.5 * R * (rows - 1) + 2 * R);
  const cx = (col: number, row: number) => PAD + RULER + HW / 2 + HW * (col + (row % 2 ? 0.5 : 0));
  const cy = (row: number) => PAD + RULER + R + 1.5 * R * row;
  const svg = s("svg", {
    xmlns: SVG_NS,
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    class: "pth-board",
    role: "img",
    "aria-label": `The board: ${spaces.length} spaces`,
    "data-testid": "pth-board",
  });
  for (let c = 0; c < cols; c++) svg.append(s("text", { x: cx(c, 0), y: PAD + 9, "text-anchor": "middle", class: "pth-ruler" }, String(c)));
  for (let r = 0; r < rows; r++) svg.append(s("text", { x: PAD, y: cy(r) + 3, class: "pth-ruler" }, String(r)));
  for (const sp of spaces) {
    const x = cx(sp.col!, sp.row!);
    const y = cy(sp.row!);
    const nation = sp.kind === PantheonSpaceKind.MAIN || sp.kind === PantheonSpaceKind.SATELLITE;
    const g = s(
      "g",
      {
        class: `pth-space ${KIND_NAME[sp.kind] ?? "unknown"}`,
        "data-space": sp.id,
        "data-kind": KIND_NAME[sp.kind] ?? "unknown",
        "data-contents": spaceContents(sp),
        "data-nation": nation ? nationName(sp.nation).toLowerCase() : undefined,
      },
      s("title", {}, spaceTitle(sp)),
      s("polygon", {
        points: hexPoints(x, y, R - 0.6),
        fill: KIND_FILL[sp.kind] ?? "#ccc",
        stroke: nation ? nationColor(sp.nation) : "#9a927f",
        "stroke-width": sp.kind === PantheonSpaceKind.MAIN ? 3 : nation ? 2 : 0.8,
      }),
    );
    if (sp.kind === PantheonSpaceKind.PILLAR) {
      // A pillar space: a ring marks it.
      g.append(s("circle", { cx: x, cy: y, r: R * 0.62, fill: "none", stroke: "#7d7466", "stroke-width": 1.4, "stroke-dasharray": "3 2" }));
    }
    if (sp.kind === PantheonSpaceKind.SEA && !sp.stones.length) {
      g.append(s("path", { d: `M${x - 8},${y} q4,-4 8,0 t8,0`, fill: "none", stroke: "#5d97c3", "stroke-width": 1.3 }));
    }
    const busy = sp.temple || sp.stones.length > 0 || !!sp.loot;
    if (sp.kind === PantheonSpaceKind.MAIN) {
      g.append(s("text", { x, y: busy ? y + R - 5 : y + 4, "text-anchor": "middle", class: "pth-nation main", fill: nationColor(sp.nation) }, nationCode(sp.nation)));
    } else if (sp.kind === PantheonSpaceKind.SATELLITE && !busy) {
      g.append(s("text", { x, y: y + 4, "text-anchor": "middle", class: "pth-nation", fill: nationColor(sp.nation) }, `${nationCode(sp.nation).slice(0, 2)}${sp.satellite}`));
    }
    if (sp.temple) g.append(temple(x, y));
    const n = sp.stones.length;
    sp.stones.forEach((st, i) => {
      const dx = n > 1 ? (i === 0 ? -6.5 : 6.5) : sp.loot ? -5 : 0;
      g.append(st.stone === PantheonStone.PILLAR ? pillar(x + dx, y + 1, st.seat) : footprint(x + dx, y + 2, st.seat));
    });
    if (sp.loot) g.append(lootToken(n ? x + 9 : x, n ? y - 8 : y, sp.loot));
    svg.append(g);
  }
  return svg;
}

// ---- the table ----

export interface PantheonContext {
  seatLabel: (seat: number) => string;
}

function godTile(g: PantheonGod, extra?: Child): HTMLElement {
  return h(
    "div",
    { class: "pth-god", "data-god": g.id, title: `${g.id}: ${godEffect(g)}` },
    h("strong", null, godName(g)),
    h("span", { class: "pth-req" }, g.requirement.map((r) => h("span", { class: "pth-pip" }, String(r)))),
    h("span", { class: "pth-effect" }, godEffect(g)),
    extra ?? null,
  );
}

function cardChip(c: PantheonCard | undefined, slot?: number): HTMLElement {
  const type = c?.type === PantheonCardType.MOVEMENT ? "movement" : c?.type === PantheonCardType.OFFERING ? "offering" : c?.type === PantheonCardType.MONEY ? "money" : "empty";
  return h("span", { class: `pth-card ${type}`, "data-slot": slot }, slot !== undefined ? h("small", null, `${slot} `) : null, cardName(c));
}

function seatDot(seat: number): HTMLElement {
  return h("span", { class: "dot", style: `background:${seatFill(seat)}`, title: SEAT_COLOR[seat % 4] });
}

function stonesOnBoard(p: PantheonView, seat: number): [number, number] {
  let pillars = 0;
  let feet = 0;
  for (const sp of p.board?.spaces ?? []) for (const st of sp.stones) if (st.seat === seat) st.stone === PantheonStone.PILLAR ? pillars++ : feet++;
  return [pillars, feet];
}

function playerBox(view: GameView, p: PantheonView, pl: PantheonPlayer, ctx: PantheonContext): HTMLElement {
  const me = view.viewerSeat === pl.seat;
  const [bp, bf] = stonesOnBoard(p, pl.seat);
  const demi = pl.demigods.map((d) => (d.value === undefined ? "?" : String(d.value)));
  const bonus = pl.bonus ? `${pl.bonus.id} (${tokenText(pl.bonus)})${pl.bonusResolved ? ", resolved" : ""}` : pl.hasBonus ? (pl.bonusResolved ? "resolved" : "face down") : "none";
  return h(
    "section",
    { class: `pth-player${me ? " me" : ""}`, "data-testid": "pth-player", "data-seat": pl.seat },
    h(
      "h3",
      null,
      seatDot(pl.seat),
      me ? `You — ${ctx.seatLabel(pl.seat)}` : ctx.seatLabel(pl.seat),
      h("span", { class: "pth-badge vp", "data-testid": "pth-vp" }, `${pl.vp} VP`),
      p.startSeat === pl.seat ? h("span", { class: "pth-badge muted" }, "start player") : null,
      p.turnSeat === pl.seat && !p.over ? h("span", { class: "pth-badge" }, me ? "your turn" : "their turn") : null,
    ),
    h(
      "p",
      { class: "pth-facts" },
      `Personal supply: ${plural(pl.personalPillars, "pillar", "pillars")}, ${plural(pl.personalFootprints, "footprint", "footprints")}`,
      ` · on the board: ${plural(bp, "pillar", "pillars")}, ${plural(bf, "footprint", "footprints")}`,
      ` · general supply: ${pl.generalPillars} + ${pl.generalFootprints}`,
    ),
    h(
      "p",
      { class: "pth-facts" },
      `Offering tokens: ${pl.offerings.length ? pl.offerings.map((o) => `${KIND[o.kind] ?? "?"} L${o.level}`).join(", ") : "none"}`,
      ` · hand ${plural(pl.handCount, "card", "cards")}`,
      ` · demigods ${pl.demigods.length}${demi.length ? ` (${demi.join(", ")})` : ""}`,
      ` · step tokens +${pl.stepTokens}`,
      ` · loot ${pl.loot.length ? pl.loot.map((t) => `${t.id} ${tokenText(t)}`).join(", ") : "none"}`,
      ` · bonus ${bonus}`,
    ),
    pl.gods.length
      ? h("div", { class: "pth-gods" }, pl.extraTurnUsed ? h("span", { class: "note" }, "extra turn used this epoch") : null, pl.gods.map((g) => godTile(g)))
      : null,
    pl.handVisible ? h("p", { class: "pth-hand", "data-testid": "pth-hand" }, h("strong", null, "Your hand: "), pl.hand.length ? pl.hand.map((c) => cardChip(c)) : "empty") : null,
  );
}

function awaited(view: GameView, p: PantheonView, ctx: PantheonContext): HTMLElement {
  const me = view.viewerSeat;
  const who = (s: number) => (s === me ? "you" : ctx.seatLabel(s));
  const parts: Child[] = [];
  const d = p.decision;
  if (d) {
    const what = decisionText(p, d, who);
    const when = PREPARATION.has(d.kind.case ?? "") ? " (epoch preparation, out of turn)" : d.seat !== p.turnSeat ? ` (out of turn, in ${p.turnSeat === me ? "your" : `${who(p.turnSeat)}'s`} turn)` : "";
    parts.push(
      d.seat === me
        ? h("p", { class: "pth-turn", "data-testid": "pth-decision" }, `▶ Your turn${when}: ${what}.`)
        : h("p", { "data-testid": "pth-decision" }, `Waiting for ${ctx.seatLabel(d.seat)}${when}: ${what}.`),
    );
  }
  if (p.played.length) parts.push(h("p", null, `Played into this action: ${cardsGrouped(p.played)}`));
  if (p.collected.length) parts.push(h("p", null, `Loot collected in this placement: ${p.collected.map((t) => `${t.id} (${tokenText(t)})`).join(", ")}`));
  return h("div", { class: "pth-awaited" }, parts);
}

function epochLine(view: GameView, p: PantheonView, ctx: PantheonContext): string {
  const me = view.viewerSeat;
  const who = (s: number) => (s === me ? "you" : ctx.seatLabel(s));
  if (p.over) return `Epoch ${Math.max(p.epoch, 1)} of 6 · the game is over`;
  if (p.epoch === 0) return "Setup";
  const nation = p.track.length ? nationName(p.track[p.track.length - 1]) : "?";
  return `Epoch ${p.epoch} of 6 · ${nation} rises · turn ${p.turnsThisEpoch + 1} of the epoch · ${who(p.turnSeat)}${p.turnSeat === me ? "r" : "'s"} turn`.replace("your turn", "your turn");
}

function scores(view: GameView, p: PantheonView, ctx: PantheonContext): HTMLElement | null {
  if (!p.over) return null;
  return h(
    "table",
    { class: "pth-scores", "data-testid": "pth-scores" },
    h("thead", null, h("tr", null, h("th", null, "Seat"), ["VP", "Gods", "Demigods", "Pillars", "Loot"].map((c) => h("th", { class: "num" }, c)))),
    h(
      "tbody",
      null,
      [...p.players]
        .sort((a, b) => b.vp - a.vp || a.seat - b.seat)
        .map((pl) =>
          h(
            "tr",
            null,
            h("td", null, seatDot(pl.seat), ctx.seatLabel(pl.seat)),
            h("td", { class: "num" }, h("strong", null, String(pl.vp))),
            h("td", { class: "num" }, String(pl.gods.length)),
            h("td", { class: "num" }, `${pl.demigods.length} (${pl.demigods.reduce((a, d) => a + (d.value ?? 0), 0)})`),
            h("td", { class: "num" }, String(stonesOnBoard(p, pl.seat)[0])),
            h("td", { class: "num" }, String(pl.loot.length)),
          ),
        ),
    ),
  );
}

/** The whole Pantheon table for one view. */
export function renderPantheon(view: GameView, p: PantheonView, ctx: PantheonContext): HTMLElement {
  const players = [...p.players].sort((a, b) => Number(b.seat === view.viewerSeat) - Number(a.seat === view.viewerSeat) || a.seat - b.seat);
  const track = ROMAN.map((r, i) => {
    const n = p.track[i];
    return h(
      "span",
      { class: `pth-epoch${i + 1 === p.epoch ? " now" : ""}`, style: n ? `border-color:${nationColor(n)}` : undefined },
      h("small", null, r),
      " ",
      n ? nationName(n) : "—",
      i === 2 || i === 5 ? h("span", { class: "pth-scoring", title: "scoring" }, " ★") : null,
    );
  });
  return h(
    "div",
    { class: "pth", "data-testid": "pantheon" },
    h("p", { class: "pth-phase", "data-testid": "pth-phase" }, h("strong", null, epochLine(view, p, ctx))),
    h("p", { class: "pth-track", "data-testid": "pth-track" }, "Epoch track: ", track, ` · nation deck ${p.nationDeckCount}`),
    awaited(view, p, ctx),
    scores(view, p, ctx),
    h("div", { class: "pth-board-box" }, boardSvg(p.board)),
    h(
      "p",
      { class: "note" },
      "Hexagons: sand = land, blue = sea, grey with a dashed ring = pillar space, gold with a thick border = a nation's main space, light gold = its satellites (code and number). Footprints and pillars in their seat's colour (",
      SEAT_COLOR.slice(0, p.players.length).map((c, i) => h("span", null, seatDot(i), `seat ${i} ${c} `)),
      "); yellow hexagons are loot tokens (S supplies, D demigod, G god tile, O offering, C cards, M special money, + steps); the white temple stands on the rising nation's main space.",
    ),
    h(
      "div",
      { class: "pth-displays" },
      h(
        "div",
        null,
        h("h3", null, `God display · stack ${p.godStackCount}`),
        h(
          "div",
          { class: "pth-gods", "data-testid": "pth-god-display" },
          p.godDisplay.length ? p.godDisplay.map((g) => (g.god ? godTile(g.god, h("small", { class: "pth-slot" }, `slot ${g.slot}`)) : h("div", { class: "pth-god empty" }, `slot ${g.slot}: taken`))) : "empty",
        ),
        h("p", { class: "note" }, "A god scores VP equal to the epoch; each number is a group of offerings of one kind (cards plus the token level), every group a different kind."),
        h("p", { "data-testid": "pth-demigods" }, `Demigod display: ${p.demigodDisplay.length ? p.demigodDisplay.join(", ") : "none"} · stack ${p.demigodStackCount}`),
      ),
      h(
        "div",
        null,
        h("h3", null, "Action cards"),
        h("p", { "data-testid": "pth-display" }, "Display: ", p.display.map((d) => cardChip(d.card, d.slot))),
        h("p", null, `Draw pile ${p.drawPileCount} · discard ${p.discard.length}${p.discard.length ? ` (top: ${cardName(p.discard[p.discard.length - 1])})` : ""}`),
        h("p", null, `Special money deck (top first): ${p.specialMoney.length ? p.specialMoney.join(", ") : "empty"}`),
        p.lootBag.length ? h("p", null, `Loot bag: ${p.lootBag.map((c) => `${c.count}× ${tokenText({ id: "", effect: c.effect } as PantheonToken)}`).join(", ")}`) : null,
        p.offeringSupply.length ? h("p", null, `Offering supply (1/2 + 3/4): ${p.offeringSupply.map((o) => `${KIND[o.kind] ?? "?"} ${o.low}+${o.high}`).join(", ")}`) : null,
        p.bonusPool.length ? h("p", null, `Bonus tokens to choose: ${p.bonusPool.map((t) => `${t.id} (${tokenText(t)})`).join(", ")}`) : null,
      ),
    ),
    players.map((pl) => playerBox(view, p, pl, ctx)),
  );
}
