// One campaign (`?campaign=ID`): a series of plays whose results carry over — Crown of Emara's
// solo campaign, or a Kingdom Legacy kingdom whose every sitting is one play. Shows the summary
// (plays, the game's own campaign view) and starts the next play or resumes the unfinished one
// with the owner token kept in this browser (StartCampaignGame hands out fresh seat tokens for an
// unfinished play, so a resume never needs the old ones).
import type { CampaignView } from "../../typescript/src/gen/tablero/v1/campaign_service_pb.js";
import { campaignApi, describe, failure, serverUrl, withToken } from "./api.js";
import { fill, h, humanize, shortId } from "./dom.js";
import { renderKingdomCampaign } from "./kingdom_legacy.js";
import { pageUrl, type Nav } from "./nav.js";
import { addToken, campaignToken, saveCampaignToken, setGameCampaign } from "./store.js";

/** What one play of this game type is called. */
export function playWord(gameType: string): string {
  return gameType === "kingdom_legacy" ? "sitting" : "play";
}

export class CampaignScreen {
  private readonly abort = new AbortController();
  private readonly server = serverUrl();
  private campaign: CampaignView | undefined;
  private busy = false;
  private readonly title = h("h2", { id: "campaign-h" });
  private readonly summary = h("div", { "data-testid": "campaign-summary" });
  private readonly gameSummary = h("div", { "data-testid": "campaign-game" });
  private readonly plays = h("ol", { class: "campaign-plays", "data-testid": "campaign-plays" });
  private readonly controls = h("div", { class: "buttons", "data-testid": "campaign-controls" });
  private readonly error = h("p", { class: "error", role: "alert", "data-testid": "campaign-error" });

  constructor(
    private readonly root: HTMLElement,
    private readonly campaignId: string,
    private readonly nav: Nav,
  ) {
    document.title = `Tablero · campaign ${campaignId}`;
    this.title.append(h("code", null, campaignId));
    fill(
      root,
      h(
        "section",
        { class: "card", "aria-labelledby": "campaign-h" },
        h("div", { class: "statusbar-head" }, this.title, h("a", { href: pageUrl(), class: "button" }, "← All games")),
        this.summary,
        this.controls,
        this.error,
      ),
      h("section", { class: "card", "aria-labelledby": "campaign-game-h" }, h("h2", { id: "campaign-game-h" }, "Results"), this.gameSummary),
      h("section", { class: "card", "aria-labelledby": "campaign-plays-h" }, h("h2", { id: "campaign-plays-h" }, "Plays"), this.plays),
    );
    void this.load();
  }

  stop(): void {
    this.abort.abort();
  }

  private async load(): Promise<void> {
    try {
      const r = await campaignApi().getCampaign({ campaignId: this.campaignId }, { signal: this.abort.signal });
      this.campaign = r.campaign;
      this.render();
    } catch (e) {
      if (this.abort.signal.aborted) return;
      this.error.textContent = `Could not read the campaign: ${describe(failure(e))}`;
    }
  }

  private render(): void {
    const c = this.campaign;
    if (!c) return;
    const word = playWord(c.gameType);
    fill(this.title, c.name ? `“${c.name}” ` : "Campaign ", h("code", null, c.campaignId));
    const folded = c.plays.filter((p) => p.folded).length;
    fill(
      this.summary,
      h(
        "dl",
        { class: "status-line" },
        h("div", null, h("dt", null, "Game"), h("dd", { "data-testid": "campaign-type" }, humanize(c.gameType))),
        h("div", null, h("dt", null, `${humanize(word)}s`), h("dd", { "data-testid": "campaign-play-count" }, `${c.plays.length} (${folded} folded in)`)),
        h(
          "div",
          null,
          h("dt", null, "State"),
          h(
            "dd",
            { "data-testid": "campaign-state" },
            c.over ? "over" : c.currentGameId ? `${word} under way` : `ready for the next ${word}`,
          ),
        ),
        h("div", null, h("dt", null, "Created"), h("dd", null, new Date(Number(c.createdAtUnixMs)).toLocaleString())),
      ),
    );
    fill(this.gameSummary, this.gameView(c));
    fill(
      this.plays,
      c.plays.length
        ? c.plays.map((p, i) =>
            h(
              "li",
              { "data-game-id": p.gameId },
              `${humanize(word)} ${i + 1}: `,
              h("a", { href: pageUrl(p.gameId), title: p.gameId }, h("code", null, shortId(p.gameId))),
              ` · ${p.folded ? "folded into the campaign" : p.gameId === c.currentGameId ? "under way" : "open"}`,
            ),
          )
        : h("li", { class: "note" }, `No ${word}s yet.`),
    );
    this.renderControls();
  }

  private gameView(c: CampaignView): HTMLElement {
    const g = c.game;
    switch (g.case) {
      case "kingdomLegacy":
        return renderKingdomCampaign(g.value);
      case "emara": {
        const e = g.value;
        return h(
          "div",
          null,
          h("p", null, e.nextStart === undefined ? "No further play." : `Next play: your building start position ${e.nextStart} (lower is harder).`),
          e.games.length
            ? h(
                "ol",
                null,
                e.games.map((x) => h("li", null, `start ${x.start} · you ${x.score} vs Victoria ${x.victoriaCp} · ${x.won ? "won" : "lost"}`)),
              )
            : null,
        );
      }
      default:
        return h("p", { class: "note" }, "This game type sends no campaign view of its own.");
    }
  }

  private renderControls(): void {
    const c = this.campaign!;
    const word = playWord(c.gameType);
    const token = campaignToken(this.server, c.campaignId);
    const parts: HTMLElement[] = [];
    if (c.over) {
      parts.push(h("p", { class: "note" }, "The campaign is over: no further play can start."));
    } else if (token) {
      parts.push(
        h(
          "button",
          { type: "button", class: "primary", id: "start-sitting", disabled: this.busy, onclick: () => void this.start(token) },
          c.currentGameId ? `Resume the ${word}` : `Start the next ${word}`,
        ),
      );
    } else {
      const input = h("input", { id: "campaign-token", type: "password", autocomplete: "off", placeholder: "owner token", "aria-label": "Campaign owner token" });
      const form = h("form", { class: "inline" }, input, h("button", { type: "submit" }, "Use owner token"));
      form.addEventListener("submit", (ev) => {
        ev.preventDefault();
        const t = input.value.trim();
        if (!t) return;
        saveCampaignToken(this.server, c.campaignId, t);
        this.renderControls();
      });
      parts.push(h("p", { class: "note" }, "This browser does not hold the campaign's owner token."), form);
    }
    if (c.currentGameId) {
      parts.push(h("a", { href: pageUrl(c.currentGameId), class: "button" }, `Watch the ${word}`));
    }
    fill(this.controls, parts);
  }

  /** Starts the next play, or resumes the unfinished one (fresh seat tokens), and opens it. */
  private async start(token: string): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error.textContent = "";
    this.renderControls();
    try {
      const r = await campaignApi().startCampaignGame({ campaignId: this.campaignId }, withToken(token, this.abort.signal));
      const creds = [...r.credentials].sort((a, b) => a.seat - b.seat);
      creds.forEach((cr, i) => addToken(this.server, r.gameId, cr.seat, cr.token, i === 0));
      setGameCampaign(this.server, r.gameId, this.campaignId);
      this.nav.toGame(r.gameId);
    } catch (e) {
      if (this.abort.signal.aborted) return;
      this.error.textContent = describe(failure(e));
      this.busy = false;
      this.renderControls();
    }
  }
}
