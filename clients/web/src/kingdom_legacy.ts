// The Kingdom Legacy table: one sitting of a solo legacy kingdom. The round and phase, fame,
// resources, the deck (count and its face-up top card), what the game waits for (the pending
// decision and the triggered effects to order), and every visible card as a card box: the name
// banner coloured by category, the current stage in full (production, upgrades with cost and
// arrow, effects with timing and text, checkboxes ticked or not, stickers, blocked / stays in
// play) and its other stages listed smaller. Then the permanents, the expansion card, the
// discard pile, set-aside and destroyed cards, the box as serial numbers and the score counter.
// Also the campaign summary of a kingdom (campaign page). Legal actions stay the page's buttons.
import type { GameView } from "../../typescript/src/gen/tablero/v1/game_service_pb.js";
import {
  KingdomLegacyArrow,
  KingdomLegacyCardKind,
  KingdomLegacyCardPurpose,
  KingdomLegacyOrientation,
  KingdomLegacyPack,
  KingdomLegacyPhase,
  KingdomLegacyProtection,
  KingdomLegacyResource,
  KingdomLegacySittingEnd,
  KingdomLegacyStickerKind,
  KingdomLegacyTiming,
  KingdomLegacyTrigger,
  type KingdomLegacyCampaignView,
  type KingdomLegacyCard,
  type KingdomLegacyDecision,
  type KingdomLegacyEffect,
  type KingdomLegacyProductionGroup,
  type KingdomLegacyPurgeFame,
  type KingdomLegacyResources,
  type KingdomLegacyScoreTrack,
  type KingdomLegacyStage,
  type KingdomLegacySticker,
  type KingdomLegacyView,
} from "../../typescript/src/gen/tablero/v1/kingdom_legacy_pb.js";
import { h, type Child } from "./dom.js";

// ---- words ----

const ORIENTATION: Record<number, string> = {
  [KingdomLegacyOrientation.F0]: "F0",
  [KingdomLegacyOrientation.F180]: "F180",
  [KingdomLegacyOrientation.B0]: "B0",
  [KingdomLegacyOrientation.B180]: "B180",
};
const ORIENTATION_WORDS: Record<number, string> = {
  [KingdomLegacyOrientation.F0]: "front",
  [KingdomLegacyOrientation.F180]: "front, upside-down",
  [KingdomLegacyOrientation.B0]: "back",
  [KingdomLegacyOrientation.B180]: "back, upside-down",
};
const orientation = (o: number) => ORIENTATION[o] ?? "?";

const RESOURCE: Record<number, string> = {
  [KingdomLegacyResource.GOLD]: "gold",
  [KingdomLegacyResource.WOOD]: "wood",
  [KingdomLegacyResource.STONE]: "stone",
  [KingdomLegacyResource.METAL]: "metal",
  [KingdomLegacyResource.MILITARY]: "military",
  [KingdomLegacyResource.TRADE]: "trade goods",
};

/** Banner colours by category (the printed cards' colours). */
const CATEGORY_COLOR: Record<string, string> = {
  land: "#3f8f3a",
  building: "#7b808a",
  person: "#c9a100",
  seafaring: "#2f6fdc",
  livestock: "#e07b20",
  event: "#d0509a",
  enemy: "#c0392b",
};
const categoryColor = (c: string) => CATEGORY_COLOR[c] ?? "#5b6475";

const RESOURCE_KEYS: [keyof KingdomLegacyResources & string, string][] = [
  ["gold", "gold"],
  ["wood", "wood"],
  ["stone", "stone"],
  ["metal", "metal"],
  ["military", "military"],
  ["trade", "trade goods"],
];

/** `2 gold + 1 wood`; `nothing`. */
export function resourcesText(r: KingdomLegacyResources | undefined): string {
  if (!r) return "nothing";
  const parts = RESOURCE_KEYS.filter(([k]) => (r[k] as number) > 0).map(([k, name]) => `${r[k] as number} ${name}`);
  return parts.length ? parts.join(" + ") : "nothing";
}

const noResources = (r: KingdomLegacyResources | undefined) => resourcesText(r) === "nothing";

export function productionText(groups: KingdomLegacyProductionGroup[]): string {
  return groups.map((g) => g.alternatives.map((a) => resourcesText(a)).join(" / ")).join(" and ");
}

function timingText(e: KingdomLegacyEffect): string {
  let t: string;
  switch (e.timing) {
    case KingdomLegacyTiming.PASSIVE_STATIC:
      t = "passive";
      break;
    case KingdomLegacyTiming.PASSIVE_REPEATABLE:
      t = "passive, repeatable";
      break;
    case KingdomLegacyTiming.ACTIVATED:
      t = "on activation";
      break;
    case KingdomLegacyTiming.ENDS_TURN:
      t = "end of turn";
      break;
    case KingdomLegacyTiming.DESTROY:
      t = "destroy";
      break;
    case KingdomLegacyTiming.TRIGGERED: {
      const when: Record<number, string> = {
        [KingdomLegacyTrigger.AFTER_PLAYED]: "after played",
        [KingdomLegacyTrigger.END_OF_TURN]: "at the end of the turn",
        [KingdomLegacyTrigger.ROUND_START]: "at round start",
        [KingdomLegacyTrigger.END_OF_ROUND]: "at the end of the round",
      };
      t = `${e.mandatory ? "mandatory" : "optional"} ${when[e.trigger] ?? "trigger"}`;
      break;
    }
    default:
      t = "?";
  }
  return e.oneTime ? `${t}, one-time` : t;
}

const arrowText = (a: number) => (a === KingdomLegacyArrow.ROTATE ? "↓ rotate" : a === KingdomLegacyArrow.FLIP ? "→ flip" : "?");

const PROTECTION: Record<number, string> = {
  [KingdomLegacyProtection.DESTROY]: "destroyed",
  [KingdomLegacyProtection.PURGE]: "purged",
  [KingdomLegacyProtection.BLOCK]: "blocked",
};

const PHASE: Record<number, string> = {
  [KingdomLegacyPhase.MAIN]: "turn",
  [KingdomLegacyPhase.PENDING]: "a decision is pending",
  [KingdomLegacyPhase.BETWEEN_ROUNDS]: "between rounds",
  [KingdomLegacyPhase.PURGE_SELECT]: "purge",
  [KingdomLegacyPhase.POST_GAME]: "after the game",
  [KingdomLegacyPhase.CLOSED]: "campaign closed",
};

/** Serial numbers as ranges: `11–70, 72, 74–135`; `none`. */
export function idRanges(ids: number[]): string {
  const s = [...new Set(ids)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const start = s[i];
    while (i + 1 < s.length && s[i + 1] === s[i] + 1) i++;
    const end = s[i];
    parts.push(end === start ? `${start}` : end === start + 1 ? `${start}, ${end}` : `${start}–${end}`);
  }
  return parts.length ? parts.join(", ") : "none";
}

export function activeStage(c: KingdomLegacyCard): KingdomLegacyStage | undefined {
  return c.stages.find((s) => s.orientation === c.orientation) ?? c.stages[0];
}

export function cardName(c: KingdomLegacyCard): string {
  const s = activeStage(c);
  return s?.name ? `#${c.id} ${s.name}` : `#${c.id}`;
}

function categoryText(s: KingdomLegacyStage): string {
  let t = s.category || "no category";
  if (s.subcategories.length) t += `: ${s.subcategories.join(", ")}`;
  if (s.hostile && s.category !== "enemy") t += " (hostile)";
  return t;
}

function stickerText(no: string, supply: KingdomLegacySticker[]): string {
  const s = supply.find((x) => x.no === no);
  if (!s) return `sticker ${no}`;
  let what: string;
  switch (s.kind) {
    case KingdomLegacyStickerKind.PRODUCTION:
      what = `+1 ${RESOURCE[s.resource] ?? "?"} production`;
      break;
    case KingdomLegacyStickerKind.FAME:
      what = `${s.amount >= 0 ? "+" : ""}${s.amount} fame`;
      break;
    case KingdomLegacyStickerKind.STAYS_IN_PLAY:
      what = "stays in play";
      break;
    default:
      what = "reserved";
  }
  return `sticker ${no} (${what})`;
}

function stageNamed(c: KingdomLegacyCard, o: number): string {
  const s = c.stages.find((x) => x.orientation === o);
  return s?.name ? `${orientation(o)} ${s.name}` : orientation(o);
}

// ---- card boxes ----

/** A card chip for lists: the name on its category colour. */
function cardChip(c: KingdomLegacyCard): HTMLElement {
  const s = activeStage(c);
  return h(
    "span",
    { class: "klg-chip", "data-card": c.id, style: `border-left-color: ${categoryColor(s?.category ?? "")}`, title: s ? `${categoryText(s)} · ${orientation(c.orientation)}` : undefined },
    cardName(c),
    h("small", null, ` ${orientation(c.orientation)}`),
  );
}

/** One stage's lines: production, upgrades, effects, boxes, stickers, protection, text. */
function stageBody(c: KingdomLegacyCard, s: KingdomLegacyStage, supply: KingdomLegacySticker[]): Child[] {
  const boxes = s.checkboxes.map((b, i) =>
    h(
      "span",
      { class: `klg-box${b.ticked ? " ticked" : ""}`, "data-box": i, "data-ticked": b.ticked ? "1" : "0", title: b.ticked ? "ticked" : "not ticked" },
      b.ticked ? "☑" : "☐",
      noResources(b.gain) ? null : ` +${resourcesText(b.gain)}`,
      b.fame ? ` ${b.fame > 0 ? "+" : ""}${b.fame} fame` : null,
      b.onTick ? ` (${b.onTick})` : null,
    ),
  );
  return [
    s.production.length ? h("div", { class: "klg-prod" }, h("strong", null, "Produces "), productionText(s.production)) : null,
    s.upgrades.length
      ? h(
          "ul",
          { class: "klg-upgrades" },
          s.upgrades.map((u, i) =>
            h("li", { "data-upgrade": i }, h("span", { class: "klg-cost" }, resourcesText(u.cost)), ` ${arrowText(u.arrow)} to ${stageNamed(c, u.to)}`),
          ),
        )
      : null,
    s.effects.length
      ? h(
          "ul",
          { class: "klg-effects" },
          s.effects.map((e) =>
            h(
              "li",
              { "data-effect": e.id, class: e.crossedOut ? "crossed" : undefined },
              h("span", { class: "klg-timing" }, timingText(e)),
              noResources(e.cost) && !e.costTick
                ? null
                : h("span", { class: "klg-cost" }, [noResources(e.cost) ? "" : resourcesText(e.cost), e.costTick ? " tick a box" : ""].join("").trim()),
              ` ${e.text}`,
              e.crossedOut ? h("span", { class: "klg-tag" }, "crossed out") : null,
            ),
          ),
        )
      : null,
    s.checkboxes.length ? h("div", { class: "klg-boxes" }, boxes, s.inOrderBoxes ? h("small", null, " left to right") : null) : null,
    s.stickers.length ? h("div", { class: "klg-stickers" }, s.stickers.map((n) => h("span", { class: "klg-sticker" }, stickerText(n, supply)))) : null,
    s.protect.length ? h("div", { class: "klg-protect" }, `Cannot be ${s.protect.map((p) => PROTECTION[p] ?? "?").join(" or ")}`) : null,
    s.text && !s.effects.some((e) => e.text === s.text) ? h("p", { class: "klg-text" }, s.text) : null,
  ];
}

/** A whole card: the current stage in full, the other stages smaller. */
export function cardBox(c: KingdomLegacyCard, supply: KingdomLegacySticker[]): HTMLElement {
  const s = activeStage(c);
  const others = c.stages.filter((x) => x !== s);
  return h(
    "div",
    {
      class: `klg-card${c.blockedBy !== undefined ? " blocked" : ""}${c.staysInPlay ? " stays" : ""}`,
      "data-card": c.id,
      "data-orientation": orientation(c.orientation),
      "data-category": s?.category ?? "",
    },
    h(
      "div",
      { class: "klg-banner", style: `background: ${categoryColor(s?.category ?? "")}` },
      h("span", { class: "klg-name" }, cardName(c)),
      h("span", { class: "klg-orient", title: ORIENTATION_WORDS[c.orientation] }, orientation(c.orientation)),
    ),
    h(
      "div",
      { class: "klg-body" },
      h(
        "div",
        { class: "klg-meta" },
        s ? categoryText(s) : "no data",
        s?.permanent ? h("span", { class: "klg-tag" }, "permanent") : null,
        c.kind === KingdomLegacyCardKind.PARCHMENT ? h("span", { class: "klg-tag" }, "parchment") : null,
        c.fame || s?.fame ? h("span", { class: "klg-fame" }, `★ ${c.fame}`) : null,
      ),
      c.blockedBy !== undefined ? h("div", { class: "klg-blocked", "data-testid": "klg-blocked" }, `⛔ Blocked by #${c.blockedBy}`) : null,
      c.staysInPlay ? h("div", { class: "klg-stays" }, "Stays in play this turn") : null,
      s ? stageBody(c, s, supply) : null,
      others.length
        ? h(
            "ul",
            { class: "klg-others" },
            others.map((o) =>
              h(
                "li",
                { "data-stage": orientation(o.orientation) },
                h("span", { class: "klg-dot", style: `background: ${categoryColor(o.category)}` }),
                `${orientation(o.orientation)} ${o.name}`,
                o.production.length ? ` · ${productionText(o.production)}` : "",
                o.fame ? ` · ★ ${o.fame}` : "",
                o.upgrades.length ? ` · ${o.upgrades.map((u) => `${resourcesText(u.cost)} ${arrowText(u.arrow).charAt(0)} ${orientation(u.to)}`).join(", ")}` : "",
                o.effects.length ? ` · ${o.effects.map((e) => e.text).join(" / ")}` : "",
              ),
            ),
          )
        : null,
    ),
  );
}

// ---- the table ----

export function roundText(k: KingdomLegacyView): string {
  const x = k.currentExpansion;
  if (x && x.card) return `Expansion #${x.card} · round ${k.round} of 4`;
  return `Round ${k.round} of the base game${k.lastRound ? " (the last)" : ""}`;
}

export function scoreTrackText(t: KingdomLegacyScoreTrack | undefined): string {
  const base = t?.base === undefined ? "—" : String(t.base);
  const ex = t?.expansions.length ? t.expansions.map((e) => `#${e.expansion} ${e.score}`).join(", ") : "—";
  return `base ${base} · expansions ${ex}`;
}

const purgeFameText = (p: KingdomLegacyPurgeFame[]) => (p.length ? p.map((f) => `#${f.expansion} ${f.value >= 0 ? "+" : ""}${f.value}`).join(", ") : "—");

function cardRef(k: KingdomLegacyView, id: number): string {
  const all = [...k.active, ...k.discard, ...k.permanent, ...(k.expansion ? [k.expansion] : []), ...k.pendingDestruction, ...k.boxRevealed, ...(k.deck?.contents ?? [])];
  const c = all.find((x) => x.id === id);
  return c ? cardName(c) : `#${id}`;
}

function decisionText(k: KingdomLegacyView, d: KingdomLegacyDecision): string {
  const names = (ids: number[]) => ids.map((id) => cardRef(k, id)).join(", ");
  const x = d.kind;
  switch (x.case) {
    case "cards": {
      const c = x.value;
      const purpose: Record<number, string> = {
        [KingdomLegacyCardPurpose.BLOCK]: "to block",
        [KingdomLegacyCardPurpose.DISCARD]: "to discard",
        [KingdomLegacyCardPurpose.DESTROY]: "to destroy",
        [KingdomLegacyCardPurpose.TURN]: "to turn",
        [KingdomLegacyCardPurpose.PUT_ON_DECK]: `to put on the ${c.deckBottom ? "bottom" : "top"} of the deck`,
        [KingdomLegacyCardPurpose.STICKER]: `to receive sticker ${c.sticker}`,
        [KingdomLegacyCardPurpose.INCREASE_PRODUCTION]: "whose production to increase",
        [KingdomLegacyCardPurpose.TICK]: "to tick a box on",
        [KingdomLegacyCardPurpose.STAY_IN_PLAY]: "to stay in play",
      };
      const count = c.min === c.max ? `${c.min}` : `${c.min}–${c.max}`;
      return `Choose ${count} card(s) ${purpose[c.purpose] ?? ""} among ${names(c.candidates)}`;
    }
    case "resource":
      return `Choose a resource: ${x.value.options.map((o) => RESOURCE[o] ?? "?").join(", ")}${x.value.remaining ? ` (${x.value.remaining} more after this)` : ""}`;
    case "checkbox":
      return `Choose a box on ${cardRef(k, x.value.card)} (${orientation(x.value.orientation)}): ${x.value.options.map((i) => i + 1).join(", ")}`;
    case "discovery":
      return `Discover ${x.value.choose} of ${names(x.value.cards)}${x.value.destroyOthers ? " (the others are destroyed)" : ""}`;
    case "purgePick":
      return `Purge: set aside one of ${names(x.value.batch)} (eligible: ${idRanges(x.value.eligible)})`;
    case "purgePermanent":
      return `Purge: set aside a permanent card (eligible: ${names(x.value.eligible)})`;
    default:
      return "?";
  }
}

function section(title: string, testId: string, ...children: Child[]): HTMLElement {
  return h("div", { class: "klg-section", "data-testid": testId }, h("h3", null, title), ...children);
}

export interface KingdomContext {
  seatLabel(seat: number): string;
}

export function renderKingdomLegacy(view: GameView, k: KingdomLegacyView, _ctx: KingdomContext): HTMLElement {
  const supply = k.stickerSupply;
  const mine = view.viewerSeat !== undefined && view.toAct.includes(view.viewerSeat);
  const finished = k.ended !== KingdomLegacySittingEnd.UNSPECIFIED;
  const what: Record<number, string> = {
    [KingdomLegacyPhase.MAIN]: "produce, upgrade, use an effect, march or pass",
    [KingdomLegacyPhase.PENDING]: "answer the pending decision",
    [KingdomLegacyPhase.BETWEEN_ROUNDS]: "begin the next round, or suspend: store the kingdom and end this sitting",
    [KingdomLegacyPhase.PURGE_SELECT]: "pick the card to purge",
    [KingdomLegacyPhase.POST_GAME]: "start an expansion, close the campaign, or suspend",
  };
  const p = k.pending;
  const awaited = finished
    ? h(
        "p",
        { "data-testid": "klg-awaited" },
        k.ended === KingdomLegacySittingEnd.SUSPENDED ? "The sitting is over: the kingdom is stored in its campaign." : "The campaign is closed.",
      )
    : h(
        "div",
        { class: "klg-awaited", "data-testid": "klg-awaited" },
        k.resetRequested
          ? h(
              "p",
              { class: "danger", "data-testid": "klg-reset-asked" },
              h("strong", null, "Reset asked: "),
              "confirm to put every card back in the box and start the kingdom again (all progress lost), or cancel to go on.",
            )
          : null,
        p?.prompt ? h("p", { "data-testid": "klg-pending" }, h("strong", null, "Pending: "), p.prompt) : null,
        p?.resolving !== undefined ? h("p", null, `Resolving an effect of ${cardRef(k, p.resolving)}`) : null,
        p?.decision ? h("p", { "data-testid": "klg-decision" }, decisionText(k, p.decision)) : null,
        p?.pool.length
          ? h(
              "ul",
              { class: "klg-pool", "data-testid": "klg-pool" },
              p.pool.map((t) => h("li", null, `[${t.id}] ${cardRef(k, t.card)} · ${t.mandatory ? "mandatory" : "optional"}: ${t.text}`)),
            )
          : null,
        h("p", { class: mine ? "klg-turn" : undefined }, mine ? `▶ Your turn: ${what[k.phase] ?? "act"}.` : `Waiting: ${what[k.phase] ?? "…"}.`),
      );
  const deck = k.deck;
  const revealed = k.boxRevealed.filter((c) => c.kind !== KingdomLegacyCardKind.EXPANSION);
  return h(
    "div",
    { class: "klg", "data-testid": "kingdom-legacy" },
    h(
      "p",
      { class: "klg-phase" },
      h("strong", { "data-testid": "klg-round", "data-round": k.round }, roundText(k)),
      ` · ${PHASE[k.phase] ?? "?"} · `,
      h("span", { class: "klg-fame", "data-testid": "klg-fame" }, `★ fame ${k.currentFame}`),
      k.currentFame !== k.kingdomFame ? ` (kingdom ${k.kingdomFame})` : null,
    ),
    h(
      "p",
      { class: "klg-resources", "data-testid": "klg-resources" },
      h("strong", null, "Resources: "),
      RESOURCE_KEYS.map(([key, name]) => {
        const n = (k.resources?.[key] as number | undefined) ?? 0;
        return h("span", { class: `klg-res${n ? "" : " zero"}`, "data-resource": key }, `${n} ${name}`);
      }),
    ),
    awaited,
    h(
      "div",
      { class: "klg-deck", "data-testid": "klg-deck", "data-count": deck?.count ?? 0 },
      h("h3", null, `Deck: ${deck?.count ?? 0} card${deck?.count === 1 ? "" : "s"}`),
      deck?.top ? h("div", { class: "klg-top" }, h("p", { class: "note" }, "Top card (face up):"), cardBox(deck.top, supply)) : h("p", { class: "note" }, "The deck is empty."),
      deck?.contents.length ? h("p", { class: "note" }, `In the deck (any order): ${idRanges(deck.contents.map((c) => c.id))}`) : null,
    ),
    section(
      `Active zone (${k.active.length})`,
      "klg-active",
      k.active.length ? h("div", { class: "klg-cards" }, k.active.map((c) => cardBox(c, supply))) : h("p", { class: "note" }, "Empty."),
    ),
    k.permanent.length ? section(`Permanents (${k.permanent.length})`, "klg-permanent", h("div", { class: "klg-cards" }, k.permanent.map((c) => cardBox(c, supply)))) : null,
    k.expansion ? section("Expansion card", "klg-expansion", h("div", { class: "klg-cards" }, cardBox(k.expansion, supply))) : null,
    k.purge
      ? section(
          `Purge for expansion #${k.purge.expansion}`,
          "klg-purge",
          h("p", null, `Batches of ${k.purge.n} · ${k.purge.deckCount} in the purge deck · ${k.purge.selectionsLeft} selection(s) left · set-aside fame ${k.purge.fame}`),
          h("div", { class: "klg-cards" }, k.purge.batch.map((c) => cardBox(c, supply))),
          k.purge.setAside.length ? h("p", null, "Set aside: ", k.purge.setAside.map(cardChip)) : null,
        )
      : null,
    section(
      `Discard pile (${k.discard.length})`,
      "klg-discard",
      k.discard.length
        ? h(
            "details",
            { class: "klg-discard-box" },
            h("summary", null, h("span", { class: "klg-chips" }, k.discard.map(cardChip))),
            h("div", { class: "klg-cards small" }, k.discard.map((c) => cardBox(c, supply))),
          )
        : h("p", { class: "note" }, "Empty."),
    ),
    k.pendingDestruction.length ? h("p", { "data-testid": "klg-set-aside" }, h("strong", null, "Set aside until card 23 is discovered: "), k.pendingDestruction.map(cardChip)) : null,
    k.destroyed.length ? h("p", { "data-testid": "klg-destroyed" }, h("strong", null, "Destroyed: "), idRanges(k.destroyed)) : null,
    h("p", { "data-testid": "klg-box", "data-count": k.box.length }, h("strong", null, `Box (${k.box.length}): `), idRanges(k.box)),
    revealed.length ? h("p", null, h("strong", null, "Revealed in the box: "), revealed.map(cardChip)) : null,
    h(
      "p",
      { "data-testid": "klg-score" },
      h("strong", null, "Score counter: "),
      `${scoreTrackText(k.scoreTrack)} · purge fame ${purgeFameText(k.purgeFame)}`,
      k.resetAllowed ? " · reset possible (card 23 is in the box)" : "",
    ),
  );
}

// ---- the campaign ----

export function renderKingdomCampaign(c: KingdomLegacyCampaignView): HTMLElement {
  const pack = c.pack === KingdomLegacyPack.TEST_LIBRARY ? "the spec's test library" : "the shipped kingdom";
  const rows: [string, Child][] = [
    ["Kingdom", c.started ? `${c.kingdomSize} cards (${pack})` : `not founded yet (${pack})`],
    ["Base-game rounds played", h("span", { "data-testid": "klg-campaign-rounds" }, String(c.baseRounds))],
    ["Score counter", scoreTrackText(c.scoreTrack)],
    ["Purge fame", purgeFameText(c.purgeFame)],
    ["Expansions played", c.expansionsPlayed.length ? idRanges(c.expansionsPlayed) : "—"],
    ["Card 23", c.card23Discovered ? "discovered" : "in the box"],
    ["Reset allowed", c.resetAllowed ? "yes" : "no"],
    ["Closed", c.closed ? "yes" : "no"],
  ];
  if (c.currentExpansion?.card) rows.push(["Current expansion", `#${c.currentExpansion.card} (${c.currentExpansion.roundsDone} of 4 rounds done)`]);
  if (c.lastRound) rows.push(["Last round", "reached (card 70 is in the kingdom)"]);
  if (c.baseFinished) rows.push(["Base game", "finished"]);
  return h(
    "div",
    { class: "klg-campaign", "data-testid": "klg-campaign" },
    h("table", { class: "klg-campaign-table" }, h("tbody", null, rows.map(([k, v]) => h("tr", null, h("th", { scope: "row" }, k), h("td", null, v))))),
    c.sittings.length
      ? h(
          "ol",
          { class: "klg-sittings", "data-testid": "klg-sittings" },
          c.sittings.map((s) =>
            h(
              "li",
              null,
              `${s.roundsPlayed} round${s.roundsPlayed === 1 ? "" : "s"} · fame ${s.fame}`,
              s.baseScore !== undefined ? ` · base score ${s.baseScore}` : "",
              s.expansionScores.map((e) => ` · expansion #${e.expansion} score ${e.score}`).join(""),
              s.reset ? " · kingdom reset" : "",
              s.closed ? " · campaign closed" : "",
            ),
          ),
        )
      : h("p", { class: "note" }, "No sitting folded in yet."),
  );
}
