// The page: the lobby (lobby.js), a game's screen and the replay (replay.js), chosen by the URL
// fragment
//   #/                       the lobby
//   #/game/ID?token=TOKEN    a game, playing the token's seat (without a token: watching)
//   #/replay/ID?at=N         a finished game, after N of its actions
//   #/campaign/ID?token=T    a campaign (campaign.js): its scenarios, the next one

import { api, ApiError, GameSocket, campaignOfGame, describeError, heldTokens, seatLink } from "./api.js";
import { campaignLink, campaignScreen } from "./campaign.js";
import { confirmDialog, el, fill, toast } from "./dom.js";
import { countNew, renderLog } from "./log.js";
import { createStage } from "./boards.js";
import { GRAVE, riskFree } from "./generic.js";
import { enterCreated, lobbyScreen } from "./lobby.js";
import { replayLink, replayScreen } from "./replay.js";

const app = document.getElementById("app");
const where = document.getElementById("where");
const connection = document.getElementById("conn");
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
  if (parts[0] === "campaign" && parts[1]) {
    return { page: "campaign", id: decodeURIComponent(parts[1]), token: params.get("token") };
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
  } else if (found.page === "campaign") {
    current = campaignScreen(app, where, found.id, found.token);
  } else {
    current = lobbyScreen(app, where);
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

// === a game ====================================================================================

function gameScreen(id, token) {
  where.textContent = "Game";
  const head = el("div", { class: "game-head" });
  const body = el("div", { class: "game-body" });
  fill(app, el("section", { class: "game" }, head, body));
  let view = null;
  let alive = true;
  let logAtDecision = [];
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
      // one action per version: a second click before the new view comes would be stale; an
      // action for a newer version goes at once, even while the last one's answer is on its
      // way (a board may send its next pick from update(), the new view come before the answer)
      if (!view || sentAt === view.version) return;
      sentAt = view.version;
      logAtDecision = view.log.slice();
      try {
        await socket.act(action, view.version);
      } catch (error) {
        handleError(error);
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
    odds: (action) => api.odds(id, token, action, view ? view.version : undefined),
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
    const campaign = view.campaign || campaignOfGame(id); // a campaign's scenario: back to its page
    const back = campaign ? el("a", {
      id: "campaign-link",
      class: `button ${view.status === "finished" ? "primary" : "secondary"} small`,
      href: campaignLink(campaign),
      text: "Campaign",
    }) : null;
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
      undo, link, record, replay, back, giveToBot, leave,
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
      if (status === "refused" && reason === "seat-lost") {
        refuse("Your seat is now played by a bot or another person: this link no longer plays it.", true);
      } else if (status === "refused") {
        refuse(reason === "not-found" ? `No game ${id} here (a wrong link, or a game since deleted).` : "The server refused this link (a wrong or old token?).");
      }
    },
  });

  /** The game cannot be shown (no such game, a wrong token): one error, no status left in the
   * header, no socket retrying behind it. */
  function refuse(text, watchable = false) {
    gone = true;
    socket.close();
    connection.textContent = "";
    connection.className = "conn";
    fill(head);
    const watch = watchable ? el("a", { class: "button primary", id: "watch-game", href: `#/game/${encodeURIComponent(id)}`, text: "Watch the game" }) : null;
    fill(body, el("p", { class: "error", id: "game-error", text }), watch, el("a", { class: "button", href: "#/", text: "Back to the lobby" }));
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
