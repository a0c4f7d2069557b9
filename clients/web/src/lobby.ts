// The lobby: game types, a create form (any game type and mode), the games list, token entry.
// It needs no credential: games are created with a random seed, and the list shows the games
// their creators listed. A backend's API key (typed into the create form, never stored) lets it
// choose a seed.
import { fromJson, type JsonObject, type MessageInitShape } from "@bufbuild/protobuf";
import { Code } from "@connectrpc/connect";
import {
  GameOptionsSchema,
  GameStatus,
  Occupant,
  SetupKind,
  type GameSummary,
  type GameTypeInfo,
  type SeatSpecSchema,
  type TimeControlSchema,
} from "../../typescript/src/gen/tablero/v1/game_service_pb.js";
import type { CampaignSummary, CampaignView } from "../../typescript/src/gen/tablero/v1/campaign_service_pb.js";
import { api, campaignApi, describe, failure, serverUrl, withApiKey, withToken } from "./api.js";
import { fill, h, humanize, shortId } from "./dom.js";
import { campaignUrl, pageUrl, type Nav } from "./nav.js";
import { addToken, campaignToken, loadSeats, ownCampaigns, playerName, saveCampaignToken } from "./store.js";

/** Game types with a campaign (a series of plays whose results carry over), best first. */
const CAMPAIGN_TYPES = ["kingdom_legacy", "emara"];

/** The contract's bound on PerMoveTimeControl.seconds (30 days). */
const MAX_PER_MOVE_SECONDS = 2_592_000;

/** How many of this browser's own campaigns the lobby reads when it may not list them all. */
const OWN_CAMPAIGNS_SHOWN = 50;

/** A game's setup when somebody chose it, for the games list; undefined for a random one. */
export function setupBadge(setup: SetupKind): string | undefined {
  switch (setup) {
    case SetupKind.CHOSEN_SEED:
      return "seed chosen";
    case SetupKind.SCENARIO:
      return "scenario";
    default:
      return undefined;
  }
}

let typesCache: GameTypeInfo[] | undefined;

async function gameTypes(): Promise<GameTypeInfo[]> {
  typesCache ??= (await api().listGameTypes({})).gameTypes;
  return typesCache;
}

/**
 * The game's own options message, empty, for the "Advanced" box: the mode travels in
 * CreateGameRequest.mode (game-neutral), other options can be set here by hand.
 */
export function defaultOptions(gameType: string): JsonObject | undefined {
  const field = GameOptionsSchema.fields.find((f) => f.name === gameType);
  if (!field || field.fieldKind !== "message") return undefined;
  return { [field.jsonName]: {} };
}

export class Lobby {
  private readonly abort = new AbortController();
  private readonly gamesBody = h("tbody");
  private readonly gamesNote = h("p", { class: "note", "data-testid": "games-note" });
  private readonly moreButton = h("button", { type: "button", hidden: true }, "More games");
  private nextPage = "";
  private loadSeq = 0;
  private readonly filterType = h("select", { id: "filter-type", name: "filter-type" }, h("option", { value: "" }, "Any type"));
  private readonly filterStatus = h(
    "select",
    { id: "filter-status", name: "filter-status" },
    h("option", { value: String(GameStatus.UNSPECIFIED) }, "Any status"),
    h("option", { value: String(GameStatus.ACTIVE) }, "Active"),
    h("option", { value: String(GameStatus.FINISHED) }, "Finished"),
  );

  constructor(
    private readonly root: HTMLElement,
    private readonly nav: Nav,
  ) {
    document.title = "Tablero";
    fill(root, this.createSection(), this.campaignSection(), this.gamesSection(), this.tokenSection());
    this.moreButton.addEventListener("click", () => void this.loadGames(true));
    void this.init();
  }

  stop(): void {
    this.abort.abort();
  }

  private async init(): Promise<void> {
    try {
      const types = await gameTypes();
      for (const t of types) this.filterType.append(h("option", { value: t.gameType }, t.title || t.gameType));
      this.fillTypes(types);
      this.fillCampaignTypes(types);
    } catch (e) {
      this.createError.textContent = `Could not list game types: ${describe(failure(e))}`;
    }
    await Promise.all([this.loadGames(false), this.loadCampaigns()]);
  }

  // ---- campaigns ----

  private readonly campaignType = h("select", { id: "campaign-type", name: "campaign-type", required: true });
  private readonly campaignName = h("input", { id: "campaign-name", name: "campaign-name", maxlength: 64, placeholder: "name" });
  private readonly campaignsBody = h("tbody");
  private readonly campaignsNote = h("p", { class: "note", "data-testid": "campaigns-note" });
  private readonly campaignError = h("p", { class: "error", role: "alert", "data-testid": "campaign-create-error" });

  private campaignSection(): HTMLElement {
    this.campaignName.value = playerName();
    const form = h(
      "form",
      { id: "campaign-form", class: "field-row" },
      h("label", { for: "campaign-type" }, "Game"), this.campaignType,
      h("label", { for: "campaign-name" }, "Name"), this.campaignName,
      h("button", { type: "submit", id: "create-campaign", class: "primary" }, "Create campaign"),
    );
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      void this.createCampaign();
    });
    return h(
      "section",
      { class: "card", "aria-labelledby": "campaigns-h" },
      h("h2", { id: "campaigns-h" }, "Campaigns"),
      h("p", { class: "note" }, "A campaign carries results from play to play: a Kingdom Legacy kingdom lives in one, sitting after sitting."),
      form,
      this.campaignError,
      h(
        "div",
        { class: "table-wrap" },
        h(
          "table",
          { id: "campaigns", "data-testid": "campaigns" },
          h("thead", null, h("tr", null, ["Campaign", "Type", "Name", "Plays", "State", ""].map((c) => h("th", { scope: "col" }, c)))),
          this.campaignsBody,
        ),
      ),
      this.campaignsNote,
    );
  }

  private fillCampaignTypes(types: GameTypeInfo[]): void {
    const hosted = CAMPAIGN_TYPES.filter((t) => types.some((x) => x.gameType === t));
    fill(
      this.campaignType,
      hosted.map((t) => h("option", { value: t }, types.find((x) => x.gameType === t)?.title || humanize(t))),
    );
  }

  private async createCampaign(): Promise<void> {
    this.campaignError.textContent = "";
    const gameType = this.campaignType.value;
    if (!gameType) return;
    try {
      const r = await campaignApi().createCampaign({ gameType, name: this.campaignName.value.trim() });
      saveCampaignToken(serverUrl(), r.campaignId, r.token);
      this.nav.toCampaign(r.campaignId);
    } catch (e) {
      this.campaignError.textContent = describe(failure(e));
    }
  }

  private async loadCampaigns(): Promise<void> {
    this.campaignsNote.textContent = "Loading…";
    try {
      const r = await campaignApi().listCampaigns({ pageSize: 50 }, { signal: this.abort.signal });
      fill(this.campaignsBody, r.campaigns.map((c) => this.campaignRow(c)));
      this.campaignsNote.textContent = r.campaigns.length ? "" : "No campaigns yet.";
    } catch (e) {
      if (this.abort.signal.aborted) return;
      const f = failure(e);
      // Campaigns are personal: listing them all takes a backend's key. Show this browser's own.
      if (f.codeNumber === Code.Unauthenticated || f.codeNumber === Code.PermissionDenied) {
        await this.loadOwnCampaigns();
        return;
      }
      this.campaignsNote.textContent = `Could not list campaigns: ${describe(f)}`;
    }
  }

  /** The campaigns created (or opened with their token) in this browser, newest first. */
  private async loadOwnCampaigns(): Promise<void> {
    const ids = ownCampaigns(serverUrl(), OWN_CAMPAIGNS_SHOWN);
    const read = await Promise.all(
      ids.map((campaignId) =>
        campaignApi()
          .getCampaign({ campaignId }, { signal: this.abort.signal })
          .then((r) => r.campaign, () => undefined),
      ),
    );
    if (this.abort.signal.aborted) return;
    const found = read
      .filter((c): c is CampaignView => c !== undefined)
      .sort((a, b) => Number(b.createdAtUnixMs - a.createdAtUnixMs));
    fill(this.campaignsBody, found.map((c) => this.campaignRow({ ...c, plays: c.plays.length })));
    this.campaignsNote.textContent = found.length
      ? "Your campaigns (kept in this browser)."
      : "No campaigns of yours in this browser yet.";
  }

  private campaignRow(c: Pick<CampaignSummary, "campaignId" | "gameType" | "name" | "plays" | "over">): HTMLElement {
    const mine = campaignToken(serverUrl(), c.campaignId) !== undefined;
    return h(
      "tr",
      { "data-campaign-id": c.campaignId },
      h("td", null, h("a", { href: campaignUrl(c.campaignId), title: c.campaignId }, h("code", null, shortId(c.campaignId)))),
      h("td", null, c.gameType),
      h("td", null, c.name || "—"),
      h("td", { class: "num" }, String(c.plays)),
      h("td", null, c.over ? "over" : "open"),
      h("td", null, h("a", { href: campaignUrl(c.campaignId), class: "button" }, mine && !c.over ? "Open (yours)" : "Open")),
    );
  }

  // ---- create ----

  private readonly typeSelect = h("select", { id: "game-type", name: "game-type", required: true });
  private readonly modeSelect = h("select", { id: "mode", name: "mode", required: true });
  private readonly seatsBox = h("div", { class: "seat-rows", "data-testid": "seat-rows" });
  private readonly optionsJson = h("textarea", {
    id: "options-json",
    name: "options-json",
    rows: 3,
    spellcheck: "false",
    "aria-describedby": "options-help",
  });
  private readonly listedInput = h("input", { id: "listed", name: "listed", type: "checkbox" });
  /** Seconds per move (empty: untimed); sets CreateGameRequest.time_control.per_move. */
  private readonly perMoveInput = h("input", {
    id: "per-move-secs",
    name: "per-move-secs",
    type: "number",
    min: 1,
    max: MAX_PER_MOVE_SECONDS,
    step: 1,
    inputmode: "numeric",
    placeholder: "untimed",
    "aria-describedby": "per-move-help",
  });
  private readonly apiKeyInput = h("input", {
    id: "api-key",
    name: "api-key",
    type: "password",
    autocomplete: "off",
    placeholder: "none",
    "aria-describedby": "api-key-help",
  });
  private readonly seedInput = h("input", {
    id: "seed",
    name: "seed",
    inputmode: "numeric",
    placeholder: "random",
    disabled: true,
    "aria-describedby": "api-key-help",
  });
  private readonly typeInfo = h("p", { class: "note", "data-testid": "game-type-info" });
  private readonly createError = h("p", { class: "error", role: "alert", "data-testid": "create-error" });
  private readonly createButton = h("button", { type: "submit", id: "create-game", class: "primary" }, "Create game");

  private createSection(): HTMLElement {
    this.typeSelect.addEventListener("change", () => this.fillModes());
    this.modeSelect.addEventListener("change", () => this.fillSeats());
    // Only a backend's key may choose the seed (whoever chooses it can know every card dealt).
    this.apiKeyInput.addEventListener("input", () => {
      this.seedInput.disabled = this.apiKeyInput.value.trim() === "";
    });
    const form = h(
      "form",
      { id: "create-form", "aria-labelledby": "create-h" },
      h("div", { class: "field-row" },
        h("label", { for: "game-type" }, "Game"), this.typeSelect,
        h("label", { for: "mode" }, "Mode"), this.modeSelect,
      ),
      this.typeInfo,
      h("fieldset", null, h("legend", null, "Seats"), this.seatsBox),
      h(
        "div",
        { class: "check-row" },
        this.listedInput,
        h("label", { for: "listed" }, "List it in the lobby (anyone can find it below and join an open seat)"),
      ),
      h(
        "div",
        { class: "field-row" },
        h("label", { for: "per-move-secs" }, "Seconds per move (optional)"),
        this.perMoveInput,
        h("span", { id: "per-move-help", class: "note" }, "Empty: untimed. When a seat's time runs out, the server's bot moves for it."),
      ),
      h(
        "details",
        { class: "advanced" },
        h("summary", null, "Advanced"),
        h("label", { for: "options-json" }, "Options (GameOptions as protobuf JSON)"),
        this.optionsJson,
        h("p", { id: "options-help", class: "note" }, "The game's own options (the mode above is sent separately); edit to set others."),
        h("label", { for: "api-key" }, "API key (backends only)"),
        this.apiKeyInput,
        h("label", { for: "seed" }, "Seed"),
        this.seedInput,
        h(
          "p",
          { id: "api-key-help", class: "note" },
          "Choosing the seed needs an API key with the setup scope: whoever chooses it can know every card dealt, so every player is shown that the seed was chosen. The key is sent with this game's creation only and not kept.",
        ),
      ),
      h("div", { class: "buttons" }, this.createButton),
      this.createError,
    );
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      void this.create();
    });
    return h("section", { class: "card", "aria-labelledby": "create-h" }, h("h2", { id: "create-h" }, "New game"), form);
  }

  private fillTypes(types: GameTypeInfo[]): void {
    fill(this.typeSelect, types.map((t) => h("option", { value: t.gameType }, `${t.title || t.gameType}`)));
    this.fillModes();
  }

  private selectedType(): GameTypeInfo | undefined {
    return typesCache?.find((t) => t.gameType === this.typeSelect.value);
  }

  private fillModes(): void {
    const t = this.selectedType();
    fill(
      this.modeSelect,
      (t?.modes ?? []).map((m) => h("option", { value: m.name }, `${m.name} (${m.seats} seats)`)),
    );
    if (t) {
      fill(
        this.typeInfo,
        `${t.gameType}, rules version ${t.rulesVersion}; bots: ${t.bots.join(", ") || "none"}`,
      );
    }
    this.fillSeats();
  }

  private fillSeats(): void {
    const t = this.selectedType();
    const mode = t?.modes.find((m) => m.name === this.modeSelect.value);
    const n = mode?.seats ?? 0;
    const bots = t?.bots.length ? t.bots : ["random"];
    const rows = [];
    for (let i = 0; i < n; i++) {
      const occupant = h(
        "select",
        { id: `occupant-${i}`, name: `occupant-${i}`, "data-seat": i },
        h("option", { value: "human", selected: i === 0 }, "Human"),
        h("option", { value: "bot", selected: i !== 0 }, "Bot"),
        h("option", { value: "open" }, "Open (someone joins)"),
      );
      const name = h("input", {
        id: `name-${i}`,
        name: `name-${i}`,
        value: i === 0 ? playerName() : `Bot ${i}`,
        maxlength: 64,
        "aria-label": `Seat ${i} name`,
      });
      const bot = h(
        "select",
        { id: `bot-${i}`, name: `bot-${i}`, "aria-label": `Seat ${i} bot kind`, hidden: i === 0 },
        // The strongest kind the server lists, as the terminal client defaults to.
        bots.map((b) => h("option", { value: b, selected: b === "mcts" }, b)),
      );
      occupant.addEventListener("change", () => {
        bot.hidden = occupant.value !== "bot";
        if (occupant.value === "human" && name.value.startsWith("Bot")) name.value = playerName();
        if (occupant.value === "open" && name.value.startsWith("Bot")) name.value = "";
        if (occupant.value === "bot" && !name.value) name.value = `Bot ${i}`;
      });
      rows.push(
        h("div", { class: "seat-row" }, h("label", { for: `occupant-${i}` }, `Seat ${i}`), occupant, name, bot),
      );
    }
    fill(this.seatsBox, rows.length ? rows : h("p", { class: "note" }, "Choose a game and mode."));
    const opts = t ? defaultOptions(t.gameType) : undefined;
    this.optionsJson.value = opts ? JSON.stringify(opts) : "";
  }

  private async create(): Promise<void> {
    this.createError.textContent = "";
    const t = this.selectedType();
    if (!t) return;
    const seats: MessageInitShape<typeof SeatSpecSchema>[] = [];
    for (const row of this.seatsBox.querySelectorAll(".seat-row")) {
      const [occ, name, bot] = row.querySelectorAll<HTMLSelectElement | HTMLInputElement>("select, input");
      const occupant =
        occ.value === "bot" ? Occupant.BOT : occ.value === "open" ? Occupant.OPEN : Occupant.HUMAN;
      seats.push({ occupant, name: name.value.trim(), bot: occupant === Occupant.BOT ? bot.value : "" });
    }
    let timeControl: MessageInitShape<typeof TimeControlSchema> | undefined;
    const perMove = this.perMoveInput.value.trim();
    if (perMove) {
      const seconds = Number(perMove);
      if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_PER_MOVE_SECONDS) {
        this.createError.textContent = `Seconds per move: a whole number from 1 to ${MAX_PER_MOVE_SECONDS.toLocaleString("en")}, or empty for an untimed game.`;
        return;
      }
      timeControl = { control: { case: "perMove", value: { seconds } } };
    }
    let options;
    let seed: bigint | undefined;
    const apiKey = this.apiKeyInput.value.trim();
    try {
      const text = this.optionsJson.value.trim();
      options = text ? fromJson(GameOptionsSchema, JSON.parse(text)) : undefined;
      const s = this.seedInput.value.trim();
      seed = s && apiKey ? BigInt(s) : undefined;
    } catch (e) {
      this.createError.textContent = `Bad options or seed: ${(e as Error).message}`;
      return;
    }
    this.createButton.disabled = true;
    try {
      const r = await api().createGame(
        { gameType: t.gameType, mode: this.modeSelect.value, seats, options, seed, listed: this.listedInput.checked, timeControl },
        withApiKey(apiKey || undefined),
      );
      const creds = [...r.credentials].sort((a, b) => a.seat - b.seat);
      creds.forEach((c, i) => addToken(serverUrl(), r.gameId, c.seat, c.token, i === 0));
      this.nav.toGame(r.gameId);
    } catch (e) {
      this.createError.textContent = describe(failure(e));
    } finally {
      this.createButton.disabled = false;
    }
  }

  // ---- games ----

  private gamesSection(): HTMLElement {
    const filters = h(
      "form",
      { class: "field-row", "aria-label": "Filter games" },
      h("label", { for: "filter-type" }, "Type"), this.filterType,
      h("label", { for: "filter-status" }, "Status"), this.filterStatus,
      h("button", { type: "submit", id: "refresh-games" }, "Refresh"),
    );
    filters.addEventListener("submit", (ev) => {
      ev.preventDefault();
      void this.loadGames(false);
    });
    this.filterType.addEventListener("change", () => void this.loadGames(false));
    this.filterStatus.addEventListener("change", () => void this.loadGames(false));
    return h(
      "section",
      { class: "card", "aria-labelledby": "games-h" },
      h("h2", { id: "games-h" }, "Games"),
      h("p", { class: "note" }, "The games their creators listed. Other games are reached by their link."),
      filters,
      h(
        "div",
        { class: "table-wrap" },
        h(
          "table",
          { id: "games", "data-testid": "games" },
          h("thead", null, h("tr", null, ["Game", "Type", "Status", "Version", "Seats", "Created", ""].map((c) => h("th", { scope: "col" }, c)))),
          this.gamesBody,
        ),
      ),
      this.gamesNote,
      this.moreButton,
    );
  }

  private async loadGames(more: boolean): Promise<void> {
    // Only the latest request counts (filters can change while one is in flight).
    const seq = ++this.loadSeq;
    this.gamesNote.textContent = "Loading…";
    try {
      const r = await api().listGames(
        {
          gameType: this.filterType.value,
          status: Number(this.filterStatus.value) as GameStatus,
          pageSize: 50,
          pageToken: more ? this.nextPage : "",
        },
        { signal: this.abort.signal },
      );
      if (seq !== this.loadSeq) return;
      if (!more) this.gamesBody.replaceChildren();
      for (const g of r.games) this.gamesBody.append(this.gameRow(g));
      this.nextPage = r.nextPageToken;
      this.moreButton.hidden = !r.nextPageToken;
      this.gamesNote.textContent = this.gamesBody.children.length
        ? ""
        : this.filterType.value || this.filterStatus.value !== "0"
          ? "No games match."
          : "No listed games yet.";
    } catch (e) {
      if (this.abort.signal.aborted || seq !== this.loadSeq) return;
      this.gamesNote.textContent = `Could not list games: ${describe(failure(e))}`;
    }
  }

  private gameRow(g: GameSummary): HTMLElement {
    const mine = loadSeats(serverUrl(), g.gameId);
    const held = Object.keys(mine.tokens);
    const seats = h(
      "ul",
      { class: "seat-list" },
      g.seats.map((s) =>
        h(
          "li",
          { class: s.toAct ? "to-act" : undefined },
          `${s.seat}: ${s.name || "—"} (${Occupant[s.occupant]?.toLowerCase() ?? "?"}${s.bot ? ` ${s.bot}` : ""})`,
          s.toAct ? h("span", { class: "sr-only" }, " to act") : null,
        ),
      ),
    );
    const actions = h("div", { class: "buttons" }, h("a", { href: pageUrl(g.gameId), class: "button" }, held.length ? `Resume (seat ${held.join(", ")})` : "Watch"));
    if (g.status === GameStatus.ACTIVE) {
      for (const s of g.seats) {
        if (s.occupant !== Occupant.OPEN) continue;
        actions.append(
          h("button", { type: "button", "data-join-seat": s.seat, onclick: () => void this.join(g.gameId, s.seat) }, `Join seat ${s.seat}`),
        );
      }
    }
    return h(
      "tr",
      { "data-game-id": g.gameId },
      h("td", null, h("a", { href: pageUrl(g.gameId), title: g.gameId }, h("code", null, shortId(g.gameId)))),
      h("td", null, g.gameType, setupBadge(g.setup) ? [" ", h("span", { class: "badge setup", "data-testid": "setup-badge" }, setupBadge(g.setup))] : null),
      h("td", null, h("span", { class: `badge ${GameStatus[g.status]?.toLowerCase()}` }, GameStatus[g.status] ?? "?")),
      h("td", { class: "num" }, String(g.version)),
      h("td", null, seats),
      h("td", null, new Date(Number(g.createdAtUnixMs)).toLocaleString()),
      h("td", null, actions),
    );
  }

  private async join(gameId: string, seat: number): Promise<void> {
    try {
      const r = await api().joinGame({ gameId, seat, name: playerName() });
      if (r.credential) addToken(serverUrl(), gameId, r.credential.seat, r.credential.token, true);
      this.nav.toGame(gameId);
    } catch (e) {
      this.gamesNote.textContent = `Could not join: ${describe(failure(e))}`;
    }
  }

  // ---- token ----

  private tokenSection(): HTMLElement {
    const gameId = h("input", { id: "token-game", name: "token-game", required: true, autocomplete: "off" });
    const token = h("input", { id: "token-value", name: "token-value", required: true, autocomplete: "off", type: "password" });
    const note = h("p", { class: "error", role: "alert" });
    const form = h(
      "form",
      { class: "field-row" },
      h("label", { for: "token-game" }, "Game ID"), gameId,
      h("label", { for: "token-value" }, "Seat token"), token,
      h("button", { type: "submit" }, "Take seat"),
    );
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      note.textContent = "";
      void useToken(gameId.value.trim(), token.value.trim()).then(
        () => this.nav.toGame(gameId.value.trim()),
        (e) => (note.textContent = describe(failure(e))),
      );
    });
    return h(
      "section",
      { class: "card", "aria-labelledby": "token-h" },
      h("h2", { id: "token-h" }, "Take a seat with a token"),
      form,
      note,
    );
  }
}

/** Checks a pasted token against the game and stores it as the active seat. */
export async function useToken(gameId: string, token: string): Promise<number> {
  const r = await api().getView({ gameId }, withToken(token));
  const seat = r.view?.viewerSeat;
  if (seat === undefined) throw new Error("that token holds no seat in this game");
  addToken(serverUrl(), gameId, seat, token, true);
  return seat;
}
