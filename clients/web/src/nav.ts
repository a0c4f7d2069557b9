// Page addresses: the lobby is `?`, a game is `?game=ID`; `server` is kept in every link.

export function pageUrl(game?: string): string {
  const params = new URLSearchParams();
  const server = new URLSearchParams(location.search).get("server");
  if (server) params.set("server", server);
  if (game) params.set("game", game);
  const q = params.toString();
  return q ? `?${q}` : location.pathname;
}

export interface Nav {
  toGame(gameId: string): void;
  toLobby(): void;
  /** Re-renders the current page (after a seat change). */
  reload(): void;
}
