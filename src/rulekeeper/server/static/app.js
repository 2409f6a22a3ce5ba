// The page: the lobby and the game screen, chosen by the URL fragment
//   #/                       the lobby
//   #/game/ID?token=TOKEN    a game, playing the token's seat (without a token: watching)
//   #/replay/ID?at=N         a finished game, after N of its actions

import {
  api,
  ApiError,
  GameSocket,
  forgetGame,
  heldTokens,
  rememberAdmin,
  rememberToken,
  seatLink,
} from "./api.js";
import { confirmDialog, el, fill, toast } from "./dom.js";
import { countNew, renderLog } from "./log.js";
import { createStage } from "./boards.js";
import { replayLink, replayScreen } from "./replay.js";

const app = document.getElementById("app");
const where = document.getElementById("where");
const connection = document.getElementById("conn");
const NAME = "rulekeeper.name";
let current = null; // the screen shown: {destroy(), key(event)}

// === routing ===================================================================================

function parseRoute() {
  const hash = location.hash.replace(/^#/, "") || "/";
  const [path, query = ""] = hash.split("?");
  const params = new URLSearchParams(query);
  const parts = path.split("/").filter(Boolean);
  if (parts[0] === "game" && parts[1]) {
    return { page: "game", id: decodeURIComponent(parts[1]), token: params.get("token") };
  }
  if (parts[0] === "replay" && parts[1]) {
    return { page: "replay", id: decodeURIComponent(parts[1]), at: Number(params.get("at")) || 0 };
  }
  return { page: "lobby" };
}

function route() {
  if (current) current.destroy();
  current = null;
  delete app.dataset.version; // the game's version and status, for tests and styles
  delete app.dataset.status;
  connection.textContent = "";
  const found = parseRoute();
  if (found.page === "game") {
    current = gameScreen(found.id, found.token);
  } else if (found.page === "replay") {
    where.textContent = "Replay";
    current = replayScreen(app, found.id, found.at, { toast, describeError, enterCreated });
  } else {
    current = lobbyScreen();
  }
}

window.addEventListener("hashchange", route);

document.addEventListener("keydown", (event) => {
  if (!current || !current.key) return;
  const target = event.target;
  const typing = target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable]");
  if (typing && event.key !== "Escape") return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (document.querySelector("dialog[open]")) return;
  if (current.key(event)) event.preventDefault();
});

function describeError(error) {
  if (error instanceof ApiError) {
    const rule = error.rule ? ` (rule: ${error.rule})` : "";
    return `${error.message}${rule}`;
  }
  return String(error && error.message ? error.message : error);
}

// === the lobby =================================================================================

function seatSummary(seats) {
  return seats
    .map((s) => {
      if (s.kind === "open") return `seat ${s.seat}: open`;
      if (s.kind === "bot") return `seat ${s.seat}: bot ${s.spec}`;
      return `seat ${s.seat}: ${s.name || "someone"}`;
    })
    .join("; ");
}

/** One parameter's input, from its declaration in the catalog (docs/protocol.md): a select for
 * choices or shipped files, a number for whole numbers and numbers, a check box for true or
 * false, a text otherwise; null for a file parameter without shipped files (its data cannot be
 * typed in here). Its `read()` gives the value, or undefined to leave the game's default. */
function paramInput(param) {
  const id = `param-${param.name}`;
  const hasDefault = param.default !== undefined && param.default !== null;
  const label = (text) => el("label", { for: id, title: param.help }, `${text} `);
  const words = param.name.replace(/_/g, " ");
  const title = words.charAt(0).toUpperCase() + words.slice(1);
  const listed = param.kind === "file" ? param.shipped || [] : param.choices || [];
  if (listed.length > 0) {
    const fallback = hasDefault ? "" : el("option", { value: "", text: "the default" });
    const options = listed.map((value) => el("option", { value, text: value }));
    const select = el("select", { id, name: param.name, title: param.help }, fallback, options);
    if (hasDefault && listed.includes(String(param.default))) select.value = String(param.default);
    else if (!hasDefault) select.value = "";
    return { nodes: [label(title), select], read: () => select.value || undefined };
  }
  if (param.kind === "file") return null;
  if (param.kind === "bool") {
    const box = el("input", { id, name: param.name, type: "checkbox", checked: param.default === true, title: param.help });
    return { nodes: [label(title), box], read: () => (box.checked === (param.default === true) ? undefined : box.checked) };
  }
  if (param.kind === "int" || param.kind === "float") {
    const input = el("input", {
      id, name: param.name, type: "number", title: param.help,
      min: param.minimum ?? null, max: param.maximum ?? null, step: param.kind === "int" ? 1 : "any",
      value: hasDefault ? param.default : null, placeholder: hasDefault ? null : "the default", size: 6,
    });
    return { nodes: [label(title), input], read: () => (input.value === "" ? undefined : Number(input.value)) };
  }
  const input = el("input", { id, name: param.name, type: "text", title: param.help, value: hasDefault ? param.default : null, placeholder: hasDefault ? null : "the default", size: 12 });
  return { nodes: [label(title), input], read: () => input.value.trim() || undefined };
}

/** The new game's parameters, each as its declaration says; `read()` gives those set. */
function paramsFields(game) {
  const box = el("div", { class: "params" });
  const inputs = ((game && game.params) || [])
    .map((param) => [param.name, paramInput(param)])
    .filter(([, input]) => input !== null);
  for (const [, input] of inputs) box.append(...input.nodes);
  box.read = () => {
    const found = {};
    for (const [name, input] of inputs) {
      const value = input.read();
      if (value !== undefined) found[name] = value;
    }
    return found;
  };
  return box;
}

function createForm(catalog, refresh) {
  const games = catalog.games || [];
  const levels = (catalog.levels || []).map((level) => `mcts@${level}`);
  const gameSelect = el("select", { id: "new-game" }, games.map((g) => el("option", { value: g.name, text: g.name, title: g.description })));
  const paramsBox = el("div");
  const seatsBox = el("div", { class: "seats" });
  const botList = el("datalist", { id: "bot-specs" });
  const seatHelp = el("p", { id: "seat-help", class: "muted" });
  const title = el("input", { id: "new-title", type: "text", maxlength: 200, placeholder: "optional" });
  const privateBox = el("input", { id: "new-private", type: "checkbox" });
  const seed = el("input", { id: "new-seed", type: "number", min: 0, placeholder: "random" });
  let params = null;

  const seatInput = (index, value) =>
    el("span", { class: "seat-input" },
      el("label", { for: `seat-${index}` }, `Seat ${index} `),
      el("input", { id: `seat-${index}`, list: "bot-specs", value, size: 10, "aria-describedby": "seat-help" }));

  const update = () => {
    const game = games.find((g) => g.name === gameSelect.value) || null;
    const bots = game ? game.bots || [] : catalog.bots || [];
    params = paramsFields(game);
    fill(paramsBox, params);
    fill(botList, ["me", "open", ...bots, ...levels].map((b) => el("option", { value: b })));
    seatHelp.textContent = `A seat is me (you take it), open (someone joins), or a bot: ${bots.join(", ")} (mcts@N: MCTS at level N).`;
    const seats = Math.max(1, Math.min(...(game && game.players && game.players.length ? game.players : [2])));
    const firstBot = levels.includes("mcts@1") ? "mcts@1" : bots[0] || "open";
    fill(seatsBox, Array.from({ length: Math.max(seats, 2) }, (_, index) => seatInput(index, index === 0 ? "me" : firstBot)));
  };
  gameSelect.addEventListener("change", update);
  update();

  const submit = async (event) => {
    event.preventDefault();
    const seats = [...seatsBox.querySelectorAll("input")].map((input) => input.value.trim() || "open");
    const spec = { game: gameSelect.value, params: params.read(), seats, title: title.value, private: privateBox.checked, name: localStorage.getItem(NAME) || "" };
    if (seed.value !== "") spec.seed = Number(seed.value);
    try {
      enterCreated(await api.create(spec));
    } catch (error) {
      toast(`Could not create the game: ${describeError(error)}`, "error");
      refresh();
    }
  };

  return el("form", { class: "panel new-game", onSubmit: submit, "aria-labelledby": "new-title-h" },
    el("h2", { id: "new-title-h", class: "panel-title", text: "New game" }),
    el("div", { class: "row" }, el("label", { for: "new-game" }, "Game "), gameSelect, paramsBox),
    el("div", { class: "row" }, seatsBox, botList),
    seatHelp,
    el("div", { class: "row" },
      el("label", { for: "new-title" }, "Title "), title,
      el("label", { for: "new-private" }, " Private "), privateBox,
      el("label", { for: "new-seed" }, " Seed "), seed),
    el("div", { class: "row" }, el("button", { type: "submit", class: "primary", text: "Create and play" })));
}

/** Keeps the tokens of a game just made (created or branched) and opens it in the first seat taken. */
function enterCreated(made) {
  rememberAdmin(made.id, made.admin_token);
  const mine = Object.entries(made.seat_tokens || {});
  for (const [seat, token] of mine) rememberToken(made.id, seat, token);
  if (mine.length > 0) {
    location.hash = `#/game/${encodeURIComponent(made.id)}?token=${encodeURIComponent(mine[0][1])}`;
    if (mine.length > 1) toast("Hotseat: the other seat's link is under 'Your games' in the lobby.");
  } else {
    location.hash = `#/game/${encodeURIComponent(made.id)}`;
  }
}

function gamesTable(games, nameInput, refresh) {
  if (games.length === 0) return el("p", { class: "muted", text: "No public game yet: create one." });
  const rows = games.map((g) => {
    const held = heldTokens(g.id);
    const buttons = [];
    for (const seat of g.seats) {
      const token = held.seats[String(seat.seat)];
      if (token) {
        buttons.push(el("a", { class: "button primary", href: `#/game/${encodeURIComponent(g.id)}?token=${encodeURIComponent(token)}`, text: `Play seat ${seat.seat}` }));
      } else if (seat.kind === "open") {
        buttons.push(el("button", {
          type: "button",
          text: `Join seat ${seat.seat}`,
          onClick: async () => {
            try {
              const name = nameInput.value.trim();
              localStorage.setItem(NAME, name);
              const joined = await api.join(g.id, seat.seat, name);
              rememberToken(g.id, joined.seat, joined.token);
              location.hash = `#/game/${encodeURIComponent(g.id)}?token=${encodeURIComponent(joined.token)}`;
            } catch (error) {
              toast(describeError(error), "error");
              refresh();
            }
          },
        }));
      }
    }
    buttons.push(el("a", { class: "button secondary", href: `#/game/${encodeURIComponent(g.id)}`, text: "Watch" }));
    if (g.status === "finished") buttons.push(el("a", { class: "button secondary replay-link", href: replayLink(g.id), text: "Replay" }));
    return el("tr", {},
      el("td", {}, g.title || g.id),
      el("td", {}, g.game),
      el("td", {}, g.status),
      el("td", {}, seatSummary(g.seats)),
      el("td", { class: "num" }, String(g.version)),
      el("td", { class: "buttons" }, buttons));
  });
  return el("table", { class: "data" },
    el("caption", { class: "sr-only", text: "Public games" }),
    el("thead", {}, el("tr", {}, ["Game", "Kind", "Status", "Seats", "Actions so far", ""].map((h) => el("th", { scope: "col", text: h })))),
    el("tbody", {}, rows));
}

function yourGames(listed) {
  let all = {};
  try {
    all = JSON.parse(localStorage.getItem("rulekeeper.tokens") || "{}");
  } catch {
    all = {};
  }
  const ids = Object.keys(all);
  if (ids.length === 0) return null;
  const known = new Map(listed.map((g) => [g.id, g]));
  const items = ids.map((id) => {
    const held = all[id] || { seats: {} };
    const links = Object.entries(held.seats || {}).map(([seat, token]) =>
      el("a", { class: "button", href: `#/game/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`, text: `seat ${seat}` }));
    const game = known.get(id);
    return el("li", {},
      el("span", { text: game ? `${game.title} (${game.status}) ` : `${id} (private or gone) ` }),
      links,
      el("button", { type: "button", class: "secondary small", text: "Forget", onClick: () => { forgetGame(id); location.reload(); } }));
  });
  return el("section", { class: "panel" }, el("h2", { class: "panel-title", text: "Your games (kept in this browser)" }), el("ul", { class: "plain" }, items));
}

function lobbyScreen() {
  where.textContent = "Lobby";
  document.title = "Rulekeeper: lobby";
  const nameInput = el("input", { id: "your-name", type: "text", maxlength: 40, value: localStorage.getItem(NAME) || "", placeholder: "shown to the others" });
  const listBox = el("section", { class: "panel", "aria-live": "polite" });
  const mineBox = el("div");
  const formBox = el("div");
  let timer = null;
  let alive = true;

  const refresh = async () => {
    try {
      const games = await api.games();
      if (!alive) return;
      fill(listBox, el("h2", { class: "panel-title", text: "Games" }), gamesTable(games, nameInput, refresh));
      fill(mineBox, yourGames(games));
    } catch (error) {
      fill(listBox, el("p", { class: "error", text: `The server did not answer: ${describeError(error)}` }));
    }
  };

  fill(app,
    el("div", { class: "lobby" },
      el("div", { class: "row" }, el("label", { for: "your-name" }, "Your name "), nameInput),
      formBox, listBox, mineBox));
  nameInput.addEventListener("input", () => localStorage.setItem(NAME, nameInput.value.trim()));
  api.catalog().then((catalog) => { if (alive) fill(formBox, createForm(catalog, refresh)); })
    .catch((error) => fill(formBox, el("p", { class: "error", text: `No catalog: ${describeError(error)}` })));
  refresh();
  timer = setInterval(refresh, 5000);
  return {
    destroy() {
      alive = false;
      clearInterval(timer);
    },
    key() {
      return false;
    },
  };
}

// === a game ====================================================================================

function gameScreen(id, token) {
  where.textContent = "Game";
  const head = el("div", { class: "game-head" });
  const body = el("div", { class: "game-body" });
  fill(app, el("section", { class: "game" }, head, body));
  let view = null;
  let alive = true;
  let logAtDecision = [];
  let busy = false;
  let sentAt = null; // the version an action was sent for, until the next view

  const ctx = {
    id,
    token,
    get view() {
      return view;
    },
    async act(action) {
      // one action per version: a second click before the new view comes would be stale
      if (!view || busy || sentAt === view.version) return;
      busy = true;
      sentAt = view.version;
      logAtDecision = view.log.slice();
      try {
        await socket.act(action, view.version);
      } catch (error) {
        handleError(error);
      } finally {
        busy = false;
      }
    },
    async undo() {
      if (!view || !view.can_undo) return;
      try {
        await socket.undo(view.version);
      } catch (error) {
        handleError(error);
      }
    },
    explain: (action) => api.explain(id, token, action),
    odds: (action) => api.odds(id, token, action),
    query: (name, args) => api.query(id, token, name, args),
    renderLog(box) {
      renderLog(box, view.log || [], view.seat === null ? 0 : countNew(logAtDecision, view.log || []));
    },
    confirm: confirmDialog,
    toast,
  };
  const stage = createStage(body, ctx, toast);

  function handleError(error) {
    sentAt = null;
    if (error instanceof ApiError && error.code === "stale-version") {
      toast("The game moved on; here is where it stands now.");
      api.view(id, token).then(show).catch(handleError);
      return;
    }
    toast(describeError(error), "error");
  }

  function renderHead() {
    const you = view.seat === null ? "watching" : `you are seat ${view.seat}`;
    const toAct = view.to_act.length === 0 ? (view.status === "finished" ? "game over" : "waiting") :
      view.to_act.map((s) => (s === view.seat ? "your decision" : `seat ${s} to decide`)).join(", ");
    const link = token ? el("button", {
      type: "button",
      class: "secondary small",
      text: "Copy rejoin link",
      title: "A private link back into your seat: keep it to yourself",
      onClick: async () => {
        try {
          await navigator.clipboard.writeText(seatLink(id, token));
          toast("Link copied. Anyone with it plays your seat.");
        } catch {
          toast(seatLink(id, token));
        }
      },
    }) : null;
    const undo = view.seat !== null ? el("button", {
      type: "button",
      class: "secondary",
      disabled: !view.can_undo,
      "aria-keyshortcuts": "u",
      title: "Back to your last decision (never past a die or a secret): key u",
      text: "Undo (u)",
      onClick: () => ctx.undo(),
    }) : null;
    const record = view.status === "finished" ? el("button", {
      type: "button", class: "secondary small", text: "Download record",
      onClick: async () => {
        try {
          const data = await api.record(id, token);
          const blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
          const a = el("a", { href: URL.createObjectURL(blob), download: `${id}.json` });
          document.body.append(a);
          a.click();
          a.remove();
        } catch (error) {
          handleError(error);
        }
      },
    }) : null;
    const replay = view.status === "finished" ? el("a", { class: "button secondary small replay-link", href: replayLink(id), text: "Replay" }) : null;
    const admin = heldTokens(id).admin;
    const giveToBot = admin ? view.seats.filter((s) => s.kind === "open").map((s) => el("button", {
      type: "button",
      class: "secondary small",
      text: `Let a bot play seat ${s.seat}`,
      onClick: async () => {
        try {
          await api.bot(id, admin, s.seat, "greedy");
          toast(`A greedy bot plays seat ${s.seat}.`);
        } catch (error) {
          handleError(error);
        }
      },
    })) : [];
    const leave = token && view.status !== "finished" ? el("button", {
      type: "button",
      class: "secondary small",
      text: "Leave seat",
      onClick: async () => {
        if (!(await confirmDialog("Leave your seat? It becomes open for anyone to take.", "Leave", "Stay"))) return;
        try {
          await api.leave(id, token);
          location.hash = "#/";
        } catch (error) {
          handleError(error);
        }
      },
    }) : null;
    fill(head,
      el("h1", { class: "game-title", text: view.title || view.id }),
      el("span", { class: `status-pill ${view.status}`, text: view.status }),
      el("span", { class: "who", text: `${you}; ${toAct}` }),
      view.result ? el("strong", { class: "result", text: view.result }) : null,
      el("span", { class: "spacer" }),
      undo, link, record, replay, giveToBot, leave,
      el("a", { class: "button secondary small", href: "#/", text: "Lobby" }));
    document.title = `Rulekeeper: ${view.title || view.id}${view.to_act.includes(view.seat) ? " (your turn)" : ""}`;
  }

  // Views leave out the board's battlefield (it never changes in a game): fetched once, and
  // put back into each view's board before it is drawn, in the order the views came.
  let battlefield = null;
  function withBattlefield(next) {
    if (!next || !next.board || next.board.hexes) return Promise.resolve(next);
    if (!battlefield) {
      battlefield = api.map(id).catch((error) => {
        battlefield = null;
        throw error;
      });
    }
    return battlefield.then((parts) => ({ ...next, board: { ...parts, ...next.board } }));
  }

  function show(next) {
    withBattlefield(next).then(draw, handleError);
  }

  function draw(next) {
    if (!next || next.type === "error") return;
    if (!view || next.version !== view.version) sentAt = null;
    view = next;
    app.dataset.version = String(view.version);
    app.dataset.status = view.status;
    renderHead();
    stage.show(view);
  }

  const socket = new GameSocket(id, token, {
    onView: show,
    onError: handleError,
    onStatus: (status) => {
      connection.textContent = { live: "live", connecting: "connecting...", offline: "offline: retrying", refused: "refused" }[status] || status;
      connection.className = `conn ${status}`;
      if (status === "refused") {
        fill(body, el("p", { class: "error", text: "The server refused this link (a wrong or old token?)." }), el("a", { class: "button", href: "#/", text: "Back to the lobby" }));
      }
    },
  });
  api.view(id, token).then(show).catch((error) => {
    if (error instanceof ApiError && (error.code === "not-found" || error.code === "bad-token")) {
      fill(body, el("p", { class: "error", text: describeError(error) }), el("a", { class: "button", href: "#/", text: "Back to the lobby" }));
      socket.close();
      return;
    }
    handleError(error);
  });
  socket.connect();

  return {
    destroy() {
      alive = false;
      socket.close();
      stage.destroy();
    },
    key(event) {
      if (event.key === "u" && view && view.can_undo) {
        ctx.undo();
        return true;
      }
      return stage.key(event);
    },
  };
}

route();
