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
import { GRAVE, riskFree } from "./generic.js";
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
  delete app.dataset.auto; // how many only choices the page took for the person
  connection.textContent = ""; // no status of a screen left behind (a refused link's, say)
  connection.className = "conn";
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

/** A shipped file in words, for its option: "Siege (2 players)". */
function fileText(file, isDefault) {
  const players = file.players ? ` (${file.players} ${file.players === 1 ? "player" : "players"})` : "";
  return `${file.title}${players}${isDefault ? ", the default" : ""}`;
}

/** One parameter's input, from its declaration in the catalog (docs/protocol.md): a select for
 * choices or shipped files (each file by its title and player count, what it is said under the
 * list), a number for whole numbers and numbers, a check box for true or false, a text
 * otherwise; null for a file parameter without shipped files (its data cannot be typed in
 * here). Its `read()` gives the value, or undefined to leave the game's default; `players()`
 * the seats the chosen shipped file sets (undefined: it sets none). */
function paramInput(param, files) {
  const id = `param-${param.name}`;
  const hasDefault = param.default !== undefined && param.default !== null;
  const label = (text) => el("label", { for: id, title: param.help }, `${text} `);
  const words = param.name.replace(/_/g, " ");
  const title = words.charAt(0).toUpperCase() + words.slice(1);
  const listed = param.kind === "file" ? param.shipped || [] : param.choices || [];
  if (listed.length > 0) {
    const about = files ? new Map(files.map((file) => [file.name, file])) : new Map();
    const fallback = hasDefault ? "" : el("option", { value: "", text: "the default" });
    const options = listed.map((value) => {
      const file = about.get(value);
      const isDefault = hasDefault && String(param.default) === value;
      const text = file ? fileText(file, isDefault) : value;
      return el("option", { value, text, title: file ? file.description : null });
    });
    const select = el("select", { id, name: param.name, title: param.help, "aria-describedby": `${id}-about` }, fallback, options);
    if (hasDefault && listed.includes(String(param.default))) select.value = String(param.default);
    else if (!hasDefault) select.value = "";
    const described = el("p", { id: `${id}-about`, class: "muted small param-about" });
    const describe = () => {
      const file = about.get(select.value);
      described.textContent = file ? `${file.title}: ${file.description || "no description"}` : "";
      described.hidden = !file;
    };
    select.addEventListener("change", describe);
    describe();
    return {
      nodes: [label(title), select],
      about: files ? described : null,
      select,
      read: () => select.value || undefined,
      players: () => {
        const file = about.get(select.value);
        return file && file.players ? file.players : undefined;
      },
    };
  }
  if (param.kind === "file") return null;
  const none = () => undefined;
  if (param.kind === "bool") {
    const box = el("input", { id, name: param.name, type: "checkbox", checked: param.default === true, title: param.help });
    return { nodes: [label(title), box], players: none, read: () => (box.checked === (param.default === true) ? undefined : box.checked) };
  }
  if (param.kind === "int" || param.kind === "float") {
    const input = el("input", {
      id, name: param.name, type: "number", title: param.help,
      min: param.minimum ?? null, max: param.maximum ?? null, step: param.kind === "int" ? 1 : "any",
      value: hasDefault ? param.default : null, placeholder: hasDefault ? null : "the default", size: 6,
    });
    return { nodes: [label(title), input], players: none, read: () => (input.value === "" ? undefined : Number(input.value)) };
  }
  const input = el("input", { id, name: param.name, type: "text", title: param.help, value: hasDefault ? param.default : null, placeholder: hasDefault ? null : "the default", size: 12 });
  return { nodes: [label(title), input], players: none, read: () => input.value.trim() || undefined };
}

/** The new game's parameters, each as its declaration says; `read()` gives those set,
 * `players()` the seats the chosen shipped files set (undefined: the game's defaults say),
 * `onChange(f)` calls f when a shipped file is chosen. */
function paramsFields(game) {
  const box = el("div", { class: "params" });
  const abouts = el("div", { class: "params-about" });
  const files = (game && game.files) || {};
  const inputs = ((game && game.params) || [])
    .map((param) => [param.name, paramInput(param, files[param.name])])
    .filter(([, input]) => input !== null);
  for (const [, input] of inputs) {
    box.append(...input.nodes);
    if (input.about) abouts.append(input.about);
  }
  box.read = () => {
    const found = {};
    for (const [name, input] of inputs) {
      const value = input.read();
      if (value !== undefined) found[name] = value;
    }
    return found;
  };
  box.players = () => inputs.map(([, input]) => input.players()).find((n) => n !== undefined);
  box.onChange = (listener) => {
    for (const [, input] of inputs) if (input.select) input.select.addEventListener("change", listener);
  };
  box.abouts = abouts;
  return box;
}

/** What a seat may be: the game's own list from the catalog (a person, open, each bot it is
 * offered with its levels), or one made from the catalog's bots for an older server. */
function seatChoices(catalog, game) {
  if (game && game.seat_choices) return game.seat_choices;
  const levels = (catalog.levels || []).map((level) => `mcts@${level}`);
  const bots = (game ? game.bots || [] : catalog.bots || []).filter((b) => b !== "mcts");
  return ["me", "open", ...bots, ...levels].map((spec) => ({ spec, text: spec }));
}

function createForm(catalog, refresh) {
  const games = catalog.games || [];
  const gameSelect = el("select", { id: "new-game" }, games.map((g) => el("option", { value: g.name, text: g.name, title: g.description })));
  const gameAbout = el("p", { id: "new-game-about", class: "muted small" });
  const paramsBox = el("div");
  const aboutBox = el("div");
  const seatsBox = el("div", { class: "seats" });
  const seatHelp = el("p", { id: "seat-help", class: "muted small" });
  const title = el("input", { id: "new-title", type: "text", maxlength: 200, placeholder: "optional" });
  const privateBox = el("input", { id: "new-private", type: "checkbox" });
  const seed = el("input", { id: "new-seed", type: "number", min: 0, placeholder: "random" });
  let params = null;
  let game = null;
  let chosen = []; // the seats' values as last set, kept when the seats are drawn again

  const seatInput = (index, choices, value) => {
    const select = el("select", { id: `seat-${index}`, name: `seat-${index}`, "aria-describedby": "seat-help" },
      choices.map((choice) => el("option", { value: choice.spec, text: choice.text })));
    select.value = choices.some((c) => c.spec === value) ? value : choices[0].spec;
    select.addEventListener("change", () => { chosen[index] = select.value; });
    return el("span", { class: "seat-input" }, el("label", { for: `seat-${index}` }, `Seat ${index} `), select);
  };

  const drawSeats = () => {
    const choices = seatChoices(catalog, game);
    const specs = choices.map((c) => c.spec);
    const counts = game && game.players && game.players.length ? game.players : [2];
    const count = params.players() || (game && game.default_players) || Math.min(...counts);
    const firstBot = specs.includes("mcts@1") ? "mcts@1" : specs.find((s) => s !== "me" && s !== "open") || "open";
    fill(seatsBox, Array.from({ length: Math.max(1, count) }, (_, index) =>
      seatInput(index, choices, chosen[index] || (index === 0 ? "me" : firstBot))));
    const players = count === 1 ? "1 player" : `${count} players`;
    seatHelp.textContent = `${players}. A seat is you, open (someone joins with the game's link or from the lobby), or a bot.`;
  };

  const update = () => {
    game = games.find((g) => g.name === gameSelect.value) || null;
    gameAbout.textContent = game ? game.description : "";
    params = paramsFields(game);
    params.onChange(drawSeats);
    chosen = [];
    fill(paramsBox, params);
    fill(aboutBox, params.abouts);
    drawSeats();
  };
  gameSelect.addEventListener("change", update);
  update();

  const submit = async (event) => {
    event.preventDefault();
    const seats = [...seatsBox.querySelectorAll("select")].map((select) => select.value || "open");
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
    gameAbout,
    aboutBox,
    el("div", { class: "row" }, seatsBox),
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
  let undoing = false; // an undo was sent: the view it brings is not a choice to take for you
  let keptAt = null; // a version undone back to whose only choice is left for you to click
  let autoTaken = 0;

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
      undoing = true;
      try {
        await socket.undo(view.version);
      } catch (error) {
        undoing = false;
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
    const you = view.seat === null ? "You are watching" : `you are seat ${view.seat}`;
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
    takeTheOnlyChoice(view);
  }

  /** Fewer clicks (issue 23 §2.10), for every screen: a decision of this seat with one choice
   * only is taken for the person (and said in a toast), as the terminal does, when taking it
   * reveals nothing and risks nothing: it is not a grave choice (forfeit, draws, retreat,
   * surrender: those always ask) and the game says no chance is involved (`odds` null, or
   * every chance in it certain). An undo that lands on such a choice goes back once more (it
   * would come straight back), or, when it cannot, leaves it to be clicked. */
  async function takeTheOnlyChoice(shown) {
    const forced = isForced(shown);
    if (undoing) {
      undoing = false;
      if (forced && shown.can_undo) {
        ctx.undo();
        return;
      }
      if (forced) keptAt = shown.version;
      return;
    }
    if (!forced || keptAt === shown.version) return;
    const only = shown.legal[0];
    let odds = null;
    try {
      odds = (await ctx.odds(only.action)).odds;
    } catch {
      return; // no answer: the person clicks it
    }
    if (!alive || view !== shown || sentAt === shown.version || !riskFree(odds)) return;
    autoTaken += 1;
    app.dataset.auto = String(autoTaken);
    toast(`The only choice, taken for you: ${only.text}`);
    ctx.act(only.action);
  }

  function isForced(shown) {
    if (shown.seat === null || shown.status === "finished" || !shown.to_act.includes(shown.seat)) return false;
    const legal = shown.legal || [];
    return legal.length === 1 && !GRAVE.has(legal[0].kind);
  }

  let gone = false; // the link leads nowhere: said once, and nothing else is said after
  const socket = new GameSocket(id, token, {
    onView: show,
    onError: handleError,
    onStatus: (status, reason) => {
      if (!alive || gone) return;
      connection.textContent = { live: "live", connecting: "connecting...", offline: "offline: retrying", refused: "refused" }[status] || status;
      connection.className = `conn ${status}`;
      if (status === "refused") {
        refuse(reason === "not-found" ? `No game ${id} here (a wrong link, or a game since deleted).` : "The server refused this link (a wrong or old token?).");
      }
    },
  });

  /** The game cannot be shown (no such game, a wrong token): one error, no status left in the
   * header, no socket retrying behind it. */
  function refuse(text) {
    gone = true;
    socket.close();
    connection.textContent = "";
    connection.className = "conn";
    fill(head);
    fill(body, el("p", { class: "error", id: "game-error", text }), el("a", { class: "button", href: "#/", text: "Back to the lobby" }));
  }

  api.view(id, token).then(show).catch((error) => {
    if (error instanceof ApiError && (error.code === "not-found" || error.code === "bad-token")) {
      if (!gone) refuse(describeError(error));
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
