// Tablero's play page: a lobby at `?`, a game at `?game=ID`, a campaign at `?campaign=ID` (add
// `server=` to talk to another server than the page's own origin).
import { serverUrl } from "./api.js";
import { CampaignScreen } from "./campaign.js";
import { GameScreen } from "./game.js";
import { Lobby } from "./lobby.js";
import { campaignUrl, pageUrl, type Nav } from "./nav.js";
import { playerName, setPlayerName } from "./store.js";

let current: { stop(): void } | undefined;

function route(): void {
  current?.stop();
  const root = document.getElementById("app")!;
  const params = new URLSearchParams(location.search);
  const game = params.get("game");
  const campaign = params.get("campaign");
  current = game
    ? new GameScreen(root, game, nav)
    : campaign
      ? new CampaignScreen(root, campaign, nav)
      : new Lobby(root, nav);
  window.scrollTo(0, 0);
}

const nav: Nav = {
  toGame(gameId) {
    history.pushState(null, "", pageUrl(gameId));
    route();
  },
  toCampaign(campaignId) {
    history.pushState(null, "", campaignUrl(campaignId));
    route();
  },
  toLobby() {
    history.pushState(null, "", pageUrl());
    route();
  },
  reload() {
    route();
  },
};

function header(): void {
  const home = document.getElementById("home") as HTMLAnchorElement;
  home.href = pageUrl();
  document.getElementById("server")!.textContent = serverUrl();
  const name = document.getElementById("player-name") as HTMLInputElement;
  name.value = playerName();
  name.addEventListener("change", () => setPlayerName(name.value.trim() || "Player"));
  // In-page links (?game=…) navigate without a reload.
  document.addEventListener("click", (ev) => {
    const a = (ev.target as Element).closest?.("a");
    if (!a || a.origin !== location.origin || a.pathname !== location.pathname || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    ev.preventDefault();
    history.pushState(null, "", a.href);
    route();
  });
}

window.addEventListener("popstate", route);
header();
route();
