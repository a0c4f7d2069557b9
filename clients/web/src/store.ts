// Seat tokens in localStorage, per server and game, so a reload resumes the seat.

export interface SeatTokens {
  /** The seat this browser plays as; null = spectator. */
  active: number | null;
  /** Seat number → token. */
  tokens: Record<string, string>;
}

function key(server: string, gameId: string): string {
  return `tablero:seats:${server}:${gameId}`;
}

export function loadSeats(server: string, gameId: string): SeatTokens {
  try {
    const raw = localStorage.getItem(key(server, gameId));
    if (raw) {
      const parsed = JSON.parse(raw) as SeatTokens;
      if (parsed && typeof parsed.tokens === "object") return parsed;
    }
  } catch {
    // unreadable: start afresh
  }
  return { active: null, tokens: {} };
}

export function saveSeats(server: string, gameId: string, seats: SeatTokens): void {
  try {
    localStorage.setItem(key(server, gameId), JSON.stringify(seats));
  } catch {
    // storage full or disabled: the seat lasts until reload
  }
}

export function addToken(
  server: string,
  gameId: string,
  seat: number,
  token: string,
  makeActive: boolean,
): void {
  const s = loadSeats(server, gameId);
  s.tokens[String(seat)] = token;
  if (makeActive || s.active === null) s.active = seat;
  saveSeats(server, gameId, s);
}

export function playerName(): string {
  try {
    return localStorage.getItem("tablero:name") || "Player";
  } catch {
    return "Player";
  }
}

export function setPlayerName(name: string): void {
  try {
    localStorage.setItem("tablero:name", name);
  } catch {
    // ignore
  }
}

// Campaigns: the owner token of each campaign created (or opened with its token) in this
// browser, and which campaign a game (sitting) belongs to, per server.

function campaignKey(server: string, campaignId: string): string {
  return `tablero:campaign:${server}:${campaignId}`;
}

export function campaignToken(server: string, campaignId: string): string | undefined {
  try {
    return localStorage.getItem(campaignKey(server, campaignId)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The campaigns whose owner token this browser holds on `server` (at most `limit`). */
export function ownCampaigns(server: string, limit: number): string[] {
  const prefix = campaignKey(server, "");
  const ids: string[] = [];
  try {
    for (let i = 0; i < localStorage.length && ids.length < limit; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(prefix)) ids.push(k.slice(prefix.length));
    }
  } catch {
    // storage disabled: none
  }
  return ids;
}

export function saveCampaignToken(server: string, campaignId: string, token: string): void {
  try {
    localStorage.setItem(campaignKey(server, campaignId), token);
  } catch {
    // the token lasts until reload
  }
}

function gameCampaignKey(server: string, gameId: string): string {
  return `tablero:game-campaign:${server}:${gameId}`;
}

/** The campaign a game was started from in this browser (a sitting of a campaign). */
export function gameCampaign(server: string, gameId: string): string | undefined {
  try {
    return localStorage.getItem(gameCampaignKey(server, gameId)) ?? undefined;
  } catch {
    return undefined;
  }
}

export function setGameCampaign(server: string, gameId: string, campaignId: string): void {
  try {
    localStorage.setItem(gameCampaignKey(server, gameId), campaignId);
  } catch {
    // ignore
  }
}
