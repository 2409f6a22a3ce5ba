// The client side of docs/protocol.md (version 1): HTTP calls and the game's WebSocket.

export const PROTOCOL = 1;
const STORE = "rulekeeper.tokens";
const CAMPAIGNS = "rulekeeper.campaigns"; // {campaigns: {id: admin token}, games: {game id: campaign id}}

/** An error answer of the server: {type: "error", code, message, rule, field}. */
export class ApiError extends Error {
  constructor(body, status) {
    super(body && body.message ? body.message : `HTTP ${status}`);
    this.code = (body && body.code) || "http";
    this.rule = (body && body.rule) || null;
    this.field = (body && body.field) || null;
    this.version = body && typeof body.version === "number" ? body.version : null;
    this.status = status;
  }
}

async function request(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    if (data && data.detail && !data.code) data = { code: "http", message: String(data.detail) };
    throw new ApiError(data, response.status);
  }
  return data;
}

const game = (id) => `/api/games/${encodeURIComponent(id)}`;
const campaignPath = (id) => `/api/campaigns/${encodeURIComponent(id)}`;
const q = (value) => encodeURIComponent(value);

export const api = {
  catalog: () => request("GET", "/api/catalog"),
  games: () => request("GET", "/api/games"),
  create: (spec) => request("POST", "/api/games", { body: spec }),
  join: (id, seat, name) => request("POST", `${game(id)}/join`, { body: { seat, name } }),
  leave: (id, token) => request("POST", `${game(id)}/leave`, { token }),
  bot: (id, token, seat, spec) => request("POST", `${game(id)}/bot`, { token, body: { seat, spec } }),
  remove: (id, token) => request("DELETE", game(id), { token }),
  view: (id, token) => request("GET", game(id), { token }),
  act: (id, token, action, version) =>
    request("POST", `${game(id)}/actions`, { token, body: { action, version } }),
  undo: (id, token, version) => request("POST", `${game(id)}/undo`, { token, body: { version } }),
  explain: (id, token, action) => request("GET", `${game(id)}/explain?action=${q(action)}`, { token }),
  /** The odds of `action`, previewed from the view at `version` (a 409 if the game moved past it). */
  odds: (id, token, action, version) =>
    request("GET", `${game(id)}/odds?action=${q(action)}${version === undefined ? "" : `&version=${version}`}`, { token }),
  record: (id, token) => request("GET", `${game(id)}/record`, { token }),
  /** A finished game after `at` actions: {at, total, observations, log, board, next, result}. */
  replay: (id, at) => request("GET", `${game(id)}/replay?at=${q(at)}`),
  /** The part of a game's board that never changes (map, hexes, platforms, ladders): views leave it out. */
  map: (id) => request("GET", `${game(id)}/map`),
  branch: (id, at, seats, title) => request("POST", `${game(id)}/branch`, { body: { at, seats, title } }),
  /** The game's own query `name` (the catalog lists a game's queries) with `args`, an object of strings. */
  query: (id, token, name, args = {}) =>
    request("GET", `${game(id)}/query/${q(name)}?${new URLSearchParams(args)}`, { token }),
  campaigns: () => request("GET", "/api/campaigns"),
  /** {game, campaign, seats, seed?, name?} → {id, admin_token, game: {id, admin_token, seat_tokens}}. */
  createCampaign: (spec) => request("POST", "/api/campaigns", { body: spec }),
  /** Where a campaign stands; with its admin token or a player's, also the cards to choose (`offer`). */
  campaign: (id, token) => request("GET", campaignPath(id), { token }),
  /** After the scenario's game `gameId` is over: keep `keep` (undefined: the automatic pick), host the next. */
  nextScenario: (id, token, gameId, keep) =>
    request("POST", `${campaignPath(id)}/next`, { token, body: keep === undefined ? { game: gameId } : { game: gameId, keep } }),
};

// --- tokens kept in this browser (the rejoin link carries one too) ---

function readStore() {
  try {
    const found = JSON.parse(localStorage.getItem(STORE) || "{}");
    return found && typeof found === "object" ? found : {};
  } catch {
    return {};
  }
}

/** What this browser holds for a game: {seat: token, ...} and the admin token. */
export function heldTokens(id) {
  return readStore()[id] || { seats: {}, admin: null };
}

export function rememberToken(id, seat, token) {
  const all = readStore();
  const held = all[id] || { seats: {}, admin: null };
  held.seats[String(seat)] = token;
  all[id] = held;
  localStorage.setItem(STORE, JSON.stringify(all));
}

export function rememberAdmin(id, token) {
  const all = readStore();
  const held = all[id] || { seats: {}, admin: null };
  held.admin = token;
  all[id] = held;
  localStorage.setItem(STORE, JSON.stringify(all));
}

export function forgetGame(id) {
  const all = readStore();
  delete all[id];
  localStorage.setItem(STORE, JSON.stringify(all));
}

// --- campaigns kept in this browser: their admin tokens, and which campaign a game is played for ---

function readCampaigns() {
  try {
    const found = JSON.parse(localStorage.getItem(CAMPAIGNS) || "{}");
    return { campaigns: (found && found.campaigns) || {}, games: (found && found.games) || {} };
  } catch {
    return { campaigns: {}, games: {} };
  }
}

/** Keeps a campaign's admin token (null: none, the campaign only followed). */
export function rememberCampaign(id, admin) {
  const all = readCampaigns();
  all.campaigns[id] = admin || all.campaigns[id] || null;
  localStorage.setItem(CAMPAIGNS, JSON.stringify(all));
}

/** The campaigns this browser keeps: {id: admin token or null}. */
export function heldCampaigns() {
  return readCampaigns().campaigns;
}

/** Notes that game `gameId` is a scenario of campaign `id` (its screen links back). */
export function rememberCampaignGame(gameId, id) {
  const all = readCampaigns();
  if (all.games[gameId] === id) return;
  all.games[gameId] = id;
  localStorage.setItem(CAMPAIGNS, JSON.stringify(all));
}

/** The campaign game `gameId` is a scenario of, as far as this browser knows (else null). */
export function campaignOfGame(gameId) {
  return readCampaigns().games[gameId] || null;
}

export function forgetCampaign(id) {
  const all = readCampaigns();
  delete all.campaigns[id];
  for (const [gameId, owner] of Object.entries(all.games)) if (owner === id) delete all.games[gameId];
  localStorage.setItem(CAMPAIGNS, JSON.stringify(all));
}

/** The private link back into a seat (the token stays in the fragment, out of server logs). */
export function seatLink(id, token) {
  const base = `${location.origin}${location.pathname}`;
  return token ? `${base}#/game/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}` : `${base}#/game/${encodeURIComponent(id)}`;
}

// --- the game's live connection ---

/**
 * Keeps a WebSocket to /ws/games/ID open (reconnecting with a growing delay, and polling over
 * HTTP meanwhile) and hands every view to onView, every error to onError.
 */
export class GameSocket {
  constructor(id, token, { onView, onError, onStatus }) {
    this.id = id;
    this.token = token;
    this.onView = onView;
    this.onError = onError;
    this.onStatus = onStatus || (() => {});
    this.version = 0;
    this.socket = null;
    this.closed = false;
    this.delay = 500;
    this.poller = null;
    this.pinger = null;
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const params = new URLSearchParams();
    if (this.token) params.set("token", this.token);
    params.set("since", String(this.version));
    return `${scheme}://${location.host}/ws/games/${encodeURIComponent(this.id)}?${params}`;
  }

  connect() {
    if (this.closed) return;
    let socket;
    try {
      socket = new WebSocket(this.url());
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    this.onStatus("connecting");
    socket.addEventListener("open", () => {
      this.delay = 500;
      this.stopPolling();
      this.onStatus("live");
      this.pinger = setInterval(() => this.send({ type: "ping" }), 25000);
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "view") {
        this.version = message.version;
        this.onView(message);
      } else if (message.type === "error") {
        this.onError(new ApiError(message, 0));
      }
    });
    socket.addEventListener("close", (event) => {
      clearInterval(this.pinger);
      this.socket = null;
      if (this.closed) return;
      if (event.code === 4403) {
        this.closed = true; // refused for good: no retry, no polling
        this.stopPolling();
        this.onStatus("refused", event.reason || "");
        return;
      }
      this.retry();
    });
  }

  retry() {
    this.onStatus("offline");
    this.startPolling();
    setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, 15000);
  }

  startPolling() {
    if (this.poller || this.closed) return;
    this.poller = setInterval(async () => {
      try {
        const view = await api.view(this.id, this.token);
        if (view.version !== this.version) {
          this.version = view.version;
          this.onView(view);
        }
      } catch (error) {
        /* still offline */
      }
    }, 3000);
  }

  stopPolling() {
    clearInterval(this.poller);
    this.poller = null;
  }

  get live() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  send(message) {
    if (!this.live) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Takes an action: over the socket when it is open (the new view comes back on it), else over HTTP. */
  async act(action, version) {
    if (this.send({ type: "action", action, version })) return null;
    const view = await api.act(this.id, this.token, action, version);
    this.version = view.version;
    this.onView(view);
    return view;
  }

  async undo(version) {
    if (this.send({ type: "undo", version })) return null;
    const view = await api.undo(this.id, this.token, version);
    this.version = view.version;
    this.onView(view);
    return view;
  }

  close() {
    this.closed = true;
    this.stopPolling();
    clearInterval(this.pinger);
    if (this.socket) this.socket.close();
  }
}

/** An error in words: the server's message and its rule, or the error's own message. */
export function describeError(error) {
  if (error instanceof ApiError) {
    const rule = error.rule ? ` (rule: ${error.rule})` : "";
    return `${error.message}${rule}`;
  }
  return String(error && error.message ? error.message : error);
}
