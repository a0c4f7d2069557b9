// Page addresses: the lobby is `?`, a game is `?game=ID`, a campaign is `?campaign=ID`;
// `server` is kept in every link.

export function pageUrl(game?: string): string {
  return pageUrlWith(game ? { game } : {});
}

export function campaignUrl(campaign: string): string {
  return pageUrlWith({ campaign });
}

function pageUrlWith(extra: Record<string, string>): string {
  const params = new URLSearchParams();
  const server = new URLSearchParams(location.search).get("server");
  if (server) params.set("server", server);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const q = params.toString();
  return q ? `?${q}` : location.pathname;
}

export interface Nav {
  toGame(gameId: string): void;
  toCampaign(campaignId: string): void;
  toLobby(): void;
  /** Re-renders the current page (after a seat change). */
  reload(): void;
}
