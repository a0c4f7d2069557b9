// One game, as one seat or as a spectator: status, seats, outcome, legal actions, the game's own
// view as a tree, and the event log; kept live by WatchGame (resumed from the last version seen).
import { Code } from "@connectrpc/connect";
import { toJson, type JsonObject } from "@bufbuild/protobuf";
import {
  GameStatus,
  GameViewSchema,
  Occupant,
  SeatChangeKind,
  SetupKind,
  file_tablero_v1_game_service,
  type Event,
  type GameView,
  type LegalAction,
} from "../../typescript/src/gen/tablero/v1/game_service_pb.js";
import { api, describe, failure, freshKey, isAbort, serverUrl, withToken, type ApiFailure } from "./api.js";
import { fill, h, humanize } from "./dom.js";
import { useToken } from "./lobby.js";
import { campaignUrl, pageUrl, type Nav } from "./nav.js";
import { ClockPanel } from "./clock.js";
import { renderKingdomLegacy } from "./kingdom_legacy.js";
import { renderPanovnik } from "./panovnik.js";
import { renderPantheon } from "./pantheon.js";
import { addToken, gameCampaign, loadSeats, playerName, saveSeats } from "./store.js";
import { enumLabels, renderTree } from "./tree.js";

const labels = enumLabels(file_tablero_v1_game_service);
const gameOneof = GameViewSchema.oneofs.find((o) => o.name === "game");
/** Actions that wipe progress: shown apart from the ordinary choices (the rules also ask to confirm). */
const DANGEROUS = new Set(["reset_campaign"]);

/** What a joining player should know about how the deal was decided; undefined for a random one. */
export function setupNote(setup: SetupKind): string | undefined {
  switch (setup) {
    case SetupKind.CHOSEN_SEED:
      return "Setup: seed chosen by the creator, who can therefore know every card dealt.";
    case SetupKind.SCENARIO:
      return "Setup: scenario chosen by the creator, who knows the whole setup.";
    default:
      return undefined;
  }
}

function ordinal(n: number): string {
  const s = ["th", "st", "nd", "rd"];
  const v = n % 100;
  return n + (s[(v - 20) % 10] || s[v] || s[0]);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(t);
      resolve();
    }, { once: true });
  });
}

export class GameScreen {
  private readonly abort = new AbortController();
  private readonly server = serverUrl();
  /** The campaign this game is a play of (known when it was started in this browser). */
  private readonly campaignId: string | undefined;
  private token: string | undefined;
  private seat: number | undefined;
  private view: GameView | undefined;
  /** Every event through this version is in the log; -1 = none yet. */
  private logVersion = -1;
  private busy = false;
  private readonly collapsed = new Set<string>();
  /** Panovník: the generic tree under the table is open. */
  private treeOpen = false;

  // Parts of the page, created once and refilled.
  private readonly title = h("h2", { id: "game-h" });
  private readonly status = h("dd", { "data-testid": "game-status" }, "…");
  private readonly version = h("dd", { "data-testid": "game-version" }, "…");
  private readonly toAct = h("dd", { "data-testid": "to-act" }, "…");
  private readonly viewer = h("dd", { "data-testid": "viewer" }, "…");
  private readonly live = h("dd", { "data-testid": "watch-status" }, "connecting…");
  /** Said when somebody chose the deal, so a joining player can tell (hidden for a random one). */
  private readonly setupNote = h("p", { class: "setup-note", "data-testid": "setup-note", hidden: true });
  private readonly seatControls = h("div", { class: "seat-controls" });
  /** A timed game's clocks (hidden for an untimed one). */
  private readonly clock = new ClockPanel((seat) => this.seatLabel(seat));
  // Built once and re-attached on every render, so a token being typed survives live updates.
  private readonly tokenInput = h("input", { id: "paste-token", "aria-label": "Seat token", type: "password", autocomplete: "off", placeholder: "seat token" });
  private readonly tokenForm = this.buildTokenForm();
  private readonly error = h("div", { class: "error", role: "alert", "data-testid": "error" });
  private readonly actionsHeading = h("h2", { id: "actions-h" }, "Moves");
  private readonly actions = h("div", { class: "actions", "data-testid": "legal-actions", "aria-busy": "false" });
  private readonly actionsNote = h("p", { class: "note", "data-testid": "actions-note" });
  private readonly outcome = h("section", { class: "card outcome", "data-testid": "outcome", "aria-labelledby": "outcome-h", hidden: true });
  private readonly seatsBody = h("tbody");
  private readonly stateHeading = h("h2", { id: "state-h" }, "Game state");
  private readonly tree = h("div", { "data-testid": "game-view" });
  private readonly rawJson = h("pre", { "data-testid": "game-json", class: "raw" });
  private readonly log = h("ol", { class: "log", "data-testid": "event-log", "aria-live": "polite", "aria-relevant": "additions" });
  private readonly logBox = h("div", { class: "log-box", tabindex: 0, "aria-label": "Event log, newest last" }, this.log);

  constructor(
    private readonly root: HTMLElement,
    private readonly gameId: string,
    private readonly nav: Nav,
  ) {
    const seats = loadSeats(this.server, gameId);
    if (seats.active !== null && seats.tokens[String(seats.active)]) {
      this.seat = seats.active;
      this.token = seats.tokens[String(seats.active)];
    }
    this.campaignId = gameCampaign(this.server, gameId);
    document.title = `Tablero · ${gameId}`;
    fill(root, this.skeleton());
    void this.start();
  }

  stop(): void {
    this.abort.abort();
    this.clock.stop();
  }

  private skeleton(): HTMLElement[] {
    this.title.append(h("code", null, this.gameId));
    const statusBar = h(
      "section",
      { class: "card statusbar", "aria-labelledby": "game-h" },
      h(
        "div",
        { class: "statusbar-head" },
        this.title,
        h(
          "div",
          { class: "buttons" },
          this.campaignId ? h("a", { href: campaignUrl(this.campaignId), class: "button", "data-testid": "campaign-link" }, "Campaign") : null,
          h("a", { href: pageUrl(), class: "button" }, "← All games"),
        ),
      ),
      h(
        "dl",
        { class: "status-line", "data-testid": "status-line" },
        h("div", null, h("dt", null, "Status"), this.status),
        h("div", null, h("dt", null, "Version"), this.version),
        h("div", null, h("dt", null, "To act"), this.toAct),
        h("div", null, h("dt", null, "You"), this.viewer),
        h("div", null, h("dt", null, "Updates"), this.live),
      ),
      this.clock.element,
      this.setupNote,
      this.seatControls,
    );
    const left = h(
      "div",
      { class: "col-main" },
      h("section", { class: "card", "aria-labelledby": "actions-h" }, this.actionsHeading, this.actionsNote, this.actions, this.error),
      this.outcome,
      h(
        "section",
        { class: "card", "aria-labelledby": "state-h" },
        this.stateHeading,
        this.tree,
        h("details", { class: "raw-box" }, h("summary", null, "Raw JSON"), this.rawJson),
      ),
    );
    const right = h(
      "div",
      { class: "col-side" },
      h(
        "section",
        { class: "card", "aria-labelledby": "seats-h" },
        h("h2", { id: "seats-h" }, "Seats"),
        h(
          "table",
          { "data-testid": "seats", class: "seats" },
          h("thead", null, h("tr", null, ["Seat", "Player", "", ""].map((c) => h("th", { scope: "col" }, c)))),
          this.seatsBody,
        ),
      ),
      h("section", { class: "card", "aria-labelledby": "log-h" }, h("h2", { id: "log-h" }, "Events"), this.logBox),
    );
    return [statusBar, h("div", { class: "game-grid" }, left, right)];
  }

  private async start(): Promise<void> {
    const signal = this.abort.signal;
    try {
      const r = await api().getView({ gameId: this.gameId }, withToken(this.token, signal));
      if (r.view) this.applyView(r.view);
    } catch (e) {
      if (isAbort(e)) return;
      const f = failure(e);
      if (f.codeNumber === Code.Unauthenticated && this.token) {
        // The stored token no longer works here: watch as a spectator.
        const s = loadSeats(this.server, this.gameId);
        s.active = null;
        saveSeats(this.server, this.gameId, s);
        this.showError(f, "The stored seat token was refused; showing the spectator view.");
        this.token = undefined;
        this.seat = undefined;
        return this.start();
      }
      this.showError(f);
      this.live.textContent = "stopped";
      if (f.codeNumber === Code.NotFound || f.codeNumber === Code.InvalidArgument) return;
    }
    await this.loadHistory();
    await this.watch();
  }

  private async loadHistory(): Promise<void> {
    const signal = this.abort.signal;
    let from = 0n;
    try {
      for (let page = 0; page < 10_000; page++) {
        const r = await api().getHistory({ gameId: this.gameId, fromVersion: from }, withToken(this.token, signal));
        this.applyEvents(r.events, Number(from), Number(r.throughVersion));
        if (r.throughVersion >= r.currentVersion || r.throughVersion <= from) break;
        from = r.throughVersion;
      }
    } catch (e) {
      if (!isAbort(e)) this.showError(failure(e), "Could not load the history; the watch fills it in.");
    }
  }

  /** WatchGame until the game is over, reconnecting from the last version seen. */
  private async watch(): Promise<void> {
    const signal = this.abort.signal;
    let delay = 500;
    while (!signal.aborted) {
      if (this.view?.status === GameStatus.FINISHED && this.logVersion >= Number(this.view.version)) {
        this.live.textContent = "game over";
        return;
      }
      let from = Math.max(this.logVersion, 0);
      try {
        this.live.textContent = "connecting…";
        for await (const msg of api().watchGame(
          { gameId: this.gameId, fromVersion: BigInt(from) },
          withToken(this.token, signal),
        )) {
          this.live.textContent = "live";
          delay = 500;
          if (msg.view) {
            this.applyEvents(msg.events, from, Number(msg.view.version));
            this.applyView(msg.view);
            from = Number(msg.view.version);
          }
        }
        if (this.view?.status === GameStatus.FINISHED) continue;
        this.live.textContent = "stream ended; reconnecting…";
      } catch (e) {
        if (signal.aborted || isAbort(e)) return;
        const f = failure(e);
        if ([Code.NotFound, Code.Unauthenticated, Code.PermissionDenied].includes(f.codeNumber)) {
          this.live.textContent = "stopped";
          this.showError(f);
          return;
        }
        this.live.textContent = `reconnecting in ${Math.round(delay / 100) / 10}s (${f.code})`;
      }
      await sleep(delay, signal);
      delay = Math.min(delay * 2, 8000);
    }
  }

  /**
   * Adds a batch of events covering versions after `fromVersion` through `throughVersion`
   * (from 0: the setup events too). Events already in the log are skipped; a batch that would
   * leave a gap is dropped (the watch delivers it).
   */
  private applyEvents(events: Event[], fromVersion: number, throughVersion: number): void {
    const start = fromVersion === 0 ? 0 : fromVersion + 1;
    if (start > this.logVersion + 1) return;
    const stick = this.logBox.scrollTop + this.logBox.clientHeight >= this.logBox.scrollHeight - 24;
    for (const e of events) {
      const v = Number(e.version);
      if (v <= this.logVersion) continue;
      const actor = e.actor === undefined ? "setup" : `Seat ${e.actor}`;
      const who = e.actor === undefined ? "Setup" : this.seatLabel(e.actor);
      this.log.append(
        h(
          "li",
          // A seat change (resigned, timed out, a bot took over, …) is not a move: marked apart.
          { "data-version": v, class: e.seatChange ? "ev-seat" : undefined, "data-seat-change": e.seatChange ? (SeatChangeKind[e.seatChange.kind] ?? String(e.seatChange.kind)) : undefined },
          h("span", { class: "ev-v" }, `v${v}`),
          h("span", { class: "ev-actor", title: who }, actor),
          h("span", { class: "ev-text" }, e.summary),
        ),
      );
    }
    this.logVersion = Math.max(this.logVersion, throughVersion);
    if (stick) this.logBox.scrollTop = this.logBox.scrollHeight;
  }

  private applyView(view: GameView): void {
    if (this.view && view.version < this.view.version) return;
    this.view = view;
    this.render();
  }

  private seatLabel(seat: number): string {
    const info = this.view?.seats.find((s) => s.seat === seat);
    const you = seat === this.view?.viewerSeat ? " (you)" : "";
    return `Seat ${seat}${info?.name ? ` ${info.name}` : ""}${you}`;
  }

  private render(): void {
    const v = this.view;
    if (!v) return;
    const finished = v.status === GameStatus.FINISHED;
    fill(this.title, `${humanize(v.gameType)} `, h("code", null, v.gameId));
    this.status.textContent = GameStatus[v.status] ?? String(v.status);
    this.status.className = `badge ${(GameStatus[v.status] ?? "").toLowerCase()}`;
    this.version.textContent = String(v.version);
    this.version.dataset.version = String(v.version);
    this.toAct.textContent = v.toAct.length ? v.toAct.map((s) => this.seatLabel(s)).join(", ") : "—";
    this.viewer.textContent = v.viewerSeat === undefined ? "Spectator" : this.seatLabel(v.viewerSeat).replace(" (you)", "");
    const setup = setupNote(v.setup);
    this.setupNote.hidden = setup === undefined;
    this.setupNote.textContent = setup ?? "";
    this.clock.update(finished ? undefined : v.clock, v.viewerSeat);
    this.renderSeatControls();
    this.renderSeats();
    this.renderOutcome();
    this.renderActions();
    this.renderState();
    if (finished) this.live.textContent = "game over";
  }

  private buildTokenForm(): HTMLElement {
    const form = h("form", { class: "inline" }, this.tokenInput, h("button", { type: "submit" }, "Take seat with token"));
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      void useToken(this.gameId, this.tokenInput.value.trim()).then(
        () => this.nav.reload(),
        (e) => this.showError(failure(e)),
      );
    });
    return form;
  }

  private renderSeatControls(): void {
    const stored = loadSeats(this.server, this.gameId);
    const held = Object.keys(stored.tokens).map(Number).sort((a, b) => a - b);
    const parts: HTMLElement[] = [];
    if (held.length) {
      const select = h(
        "select",
        { id: "play-as", "aria-label": "Play as" },
        h("option", { value: "", selected: this.seat === undefined }, "Spectator"),
        held.map((s) => h("option", { value: s, selected: s === this.seat }, `Seat ${s}`)),
      );
      select.addEventListener("change", () => {
        stored.active = select.value === "" ? null : Number(select.value);
        saveSeats(this.server, this.gameId, stored);
        this.nav.reload();
      });
      parts.push(h("label", { for: "play-as" }, "Play as"), select);
      const others = held.filter((s) => s !== this.seat);
      if (others.length) {
        parts.push(
          h(
            "details",
            { class: "tokens" },
            h("summary", null, "Tokens of your other seats (to hand on)"),
            h("ul", null, others.map((s) => h("li", null, `Seat ${s}: `, h("code", null, stored.tokens[String(s)])))),
          ),
        );
      }
    }
    if (this.view?.status === GameStatus.ACTIVE) parts.push(this.tokenForm);
    fill(this.seatControls, parts);
  }

  private renderSeats(): void {
    const v = this.view!;
    const rows = v.seats.map((s) => {
      const occupant = Occupant[s.occupant] ?? "?";
      let extra: HTMLElement | string = "";
      if (s.occupant === Occupant.OPEN && v.status === GameStatus.ACTIVE) {
        extra = h("button", { type: "button", "data-join-seat": s.seat, onclick: () => void this.join(s.seat) }, "Join");
      }
      return h(
        "tr",
        { class: s.toAct ? "to-act" : undefined, "data-seat": s.seat, "aria-current": s.seat === v.viewerSeat ? "true" : undefined },
        h("td", { class: "num" }, String(s.seat)),
        h("td", null, s.name || "—", s.seat === v.viewerSeat ? h("strong", null, " (you)") : null),
        h("td", null, h("span", { class: `occ ${occupant.toLowerCase()}` }, occupant.toLowerCase() + (s.bot ? ` · ${s.bot}` : ""))),
        h("td", null, s.toAct ? h("span", { class: "turn" }, "to act") : extra),
      );
    });
    fill(this.seatsBody, rows);
  }

  private renderOutcome(): void {
    const o = this.view!.outcome;
    if (!o || this.view!.status !== GameStatus.FINISHED) {
      this.outcome.hidden = true;
      return;
    }
    this.outcome.hidden = false;
    const winners = o.draw
      ? "Draw"
      : o.winners.length
        ? `Winner${o.winners.length > 1 ? "s" : ""}: ${o.winners.map((s) => this.seatLabel(s)).join(", ")}`
        : "No winner";
    fill(
      this.outcome,
      h("h2", { id: "outcome-h" }, "Game over"),
      h("p", { class: "winners", "data-testid": "winners" }, winners),
      o.reason ? h("p", { class: "reason", "data-testid": "outcome-reason" }, o.reason) : null,
      o.places.length
        ? h(
            "ol",
            { class: "places", "data-testid": "places" },
            o.places
              .map((place, seat) => ({ place, seat }))
              .sort((a, b) => a.place - b.place || a.seat - b.seat)
              .map(({ place, seat }) => h("li", null, h("strong", null, ordinal(place)), ` ${this.seatLabel(seat)}`)),
          )
        : null,
      this.campaignId
        ? h("p", null, h("a", { href: campaignUrl(this.campaignId), class: "button primary", "data-testid": "continue-campaign" }, "Continue the campaign →"))
        : null,
    );
  }

  private renderActions(): void {
    const v = this.view!;
    this.actions.setAttribute("aria-busy", String(this.busy));
    const mine = v.viewerSeat !== undefined && v.toAct.includes(v.viewerSeat);
    this.actionsHeading.textContent = mine && v.legalActions.length ? "Your move" : "Moves";
    if (v.status === GameStatus.FINISHED) this.actionsNote.textContent = "The game is over.";
    else if (v.viewerSeat === undefined) this.actionsNote.textContent = "You are watching; take an open seat or use a seat token to play.";
    else if (!v.legalActions.length) this.actionsNote.textContent = `Waiting for ${v.toAct.map((s) => this.seatLabel(s)).join(", ") || "the other players"}…`;
    else this.actionsNote.textContent = this.busy ? "Sending…" : `${v.legalActions.length} legal action${v.legalActions.length === 1 ? "" : "s"}:`;
    // Group by the id's first segment ("play:…", "take:…") to keep long lists scannable; an
    // action that wipes progress (a kingdom's reset) is set apart, last.
    const groups = new Map<string, LegalAction[]>();
    const apart = (a: LegalAction) => DANGEROUS.has(a.id);
    for (const a of [...v.legalActions.filter((a) => !apart(a)), ...v.legalActions.filter(apart)]) {
      const g = a.id.split(":")[0];
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g)!.push(a);
    }
    fill(
      this.actions,
      [...groups].map(([g, list]) =>
        h(
          "div",
          { class: list.some(apart) ? "action-group danger" : "action-group", role: "group", "aria-label": humanize(g) },
          groups.size > 1 ? h("span", { class: "group-name" }, humanize(g)) : null,
          list.map((a) =>
            h(
              "button",
              {
                type: "button",
                class: "action",
                "data-action-id": a.id,
                title: a.id,
                disabled: this.busy,
                onclick: () => void this.submit(a.id),
              },
              a.label || a.id,
            ),
          ),
        ),
      ),
    );
  }

  private renderState(): void {
    const v = this.view!;
    const json = toJson(GameViewSchema, v, { alwaysEmitImplicit: true }) as JsonObject;
    const field = gameOneof?.fields.find((f) => f.localName === v.game.case);
    if (!field) {
      this.stateHeading.textContent = "Game state";
      fill(this.tree, h("p", { class: "note" }, "This game type sends no view of its own."));
      this.rawJson.textContent = JSON.stringify(json, null, 2);
      return;
    }
    const game = json[field.jsonName] ?? {};
    this.stateHeading.textContent = `Game state (${field.message?.name ?? field.name})`;
    if (v.game.case === "panovnik" || v.game.case === "pantheon" || v.game.case === "kingdomLegacy") {
      // A table of its own; the generic tree stays one click away.
      const all = h(
        "details",
        { class: "raw-box", open: this.treeOpen },
        h("summary", null, "All fields (tree)"),
        renderTree(game, { labels, collapsed: this.collapsed }),
      );
      all.addEventListener("toggle", () => (this.treeOpen = all.open));
      const ctx = { seatLabel: (s: number) => this.seatLabel(s) };
      const table =
        v.game.case === "panovnik"
          ? renderPanovnik(v, v.game.value, ctx)
          : v.game.case === "pantheon"
            ? renderPantheon(v, v.game.value, ctx)
            : renderKingdomLegacy(v, v.game.value, ctx);
      fill(this.tree, table, all);
      this.rawJson.textContent = JSON.stringify(game, null, 2);
      return;
    }
    fill(this.tree, renderTree(game, { labels, collapsed: this.collapsed }));
    this.rawJson.textContent = JSON.stringify(game, null, 2);
  }

  private showError(f: ApiFailure, note?: string): void {
    fill(
      this.error,
      h("strong", null, f.code),
      f.ruleId ? h("span", { class: "rule", "data-testid": "rule-id" }, ` rule ${f.ruleId}`) : null,
      `: ${f.message}`,
      f.currentVersion ? h("span", { "data-testid": "current-version" }, ` (current version ${f.currentVersion})`) : null,
      note ? h("span", { class: "note" }, ` ${note}`) : null,
      h("button", { type: "button", class: "dismiss", "aria-label": "Dismiss error", onclick: () => this.error.replaceChildren() }, "×"),
    );
  }

  private async submit(actionId: string): Promise<void> {
    const v = this.view;
    if (this.busy || !v) return;
    this.busy = true;
    this.error.replaceChildren();
    this.renderActions();
    const expectedVersion = v.version;
    const idempotencyKey = freshKey();
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const r = await api().submitAction(
            {
              gameId: this.gameId,
              expectedVersion,
              idempotencyKey,
              action: { case: "actionId", value: actionId },
              seat: v.viewerSeat,
            },
            withToken(this.token),
          );
          if (r.view) {
            this.applyEvents(r.events, Number(expectedVersion), Number(r.view.version));
            this.busy = false;
            this.applyView(r.view);
          }
          break;
        } catch (e) {
          const f = failure(e);
          // Lost on the way: the same key applies the action at most once.
          if ((f.codeNumber === Code.Unavailable || f.codeNumber === Code.Unknown) && attempt < 2) {
            await sleep(300 * (attempt + 1), this.abort.signal);
            continue;
          }
          this.showError(f, f.codeNumber === Code.Aborted ? "The game moved on; the view is refreshed." : undefined);
          if (f.codeNumber === Code.Aborted || f.codeNumber === Code.FailedPrecondition) {
            const r = await api().getView({ gameId: this.gameId }, withToken(this.token)).catch(() => undefined);
            this.busy = false;
            if (r?.view) this.applyView(r.view);
          }
          break;
        }
      }
    } finally {
      this.busy = false;
      this.renderActions();
    }
  }

  private async join(seat: number): Promise<void> {
    try {
      const r = await api().joinGame({ gameId: this.gameId, seat, name: playerName() });
      if (r.credential) addToken(this.server, this.gameId, r.credential.seat, r.credential.token, true);
      this.nav.reload();
    } catch (e) {
      this.showError(failure(e));
    }
  }
}
