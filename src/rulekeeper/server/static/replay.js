// The replay of a finished game (#/replay/ID?at=N): the game as it stood after N actions (the
// board a spectator saw, or the observations as tables), the log so far and the next action;
// first/previous/next/last, a slider and a number to jump to any action; a new game branched
// from there. Read-only: nothing here acts in the game.

import { api } from "./api.js";
import { el, fill } from "./dom.js";
import { renderLog } from "./log.js";
import { createStage } from "./boards.js";

const BRANCH_BOT = "mcts@1";

/** The link to the replay of game `id` after `at` actions. */
export function replayLink(id, at = 0) {
  return `#/replay/${encodeURIComponent(id)}?at=${at}`;
}

/** Who makes action `next` ({player, text}), in words. */
function nextText(next, result) {
  if (!next) return result ? `The game ended: ${result}` : "The game ended.";
  const who = next.player === -1 ? "chance" : next.player === -2 ? "everyone at once" : `seat ${next.player}`;
  return `Next (${who}): ${next.text}`;
}

/** A spectator's view of the replay step, in the shape the board and generic screens draw. */
function viewOf(summary, step) {
  const player = step.next ? step.next.player : null;
  return {
    type: "view",
    ...summary,
    version: step.at,
    seat: null,
    to_act: player !== null && player >= 0 ? [player] : [],
    legal: [],
    observation: Object.fromEntries(step.observations.map((o, i) => [`seat ${i}`, o])),
    log: step.log,
    board: step.board,
    board_script: step.board_script,
    result: step.result,
    can_undo: false,
  };
}

/** The context the board and generic screens ask for: nothing may be done from a replay. */
function readOnlyContext(id, current, deps) {
  const refused = () => Promise.reject(Object.assign(new Error("not in a replay"), { status: 404 }));
  return {
    id,
    token: null,
    get view() {
      return current();
    },
    act() {},
    undo() {},
    explain: refused,
    odds: refused,
    query: refused,
    renderLog(box) {
      renderLog(box, current().log || [], 0);
    },
    confirm: () => Promise.resolve(false),
    toast: deps.toast,
  };
}

/** The "Branch from here" form: seats as SPECs ("me,mcts@1"), a title. */
function branchForm(seatCount, onBranch) {
  const defaults = ["me", ...Array.from({ length: Math.max(0, seatCount - 1) }, () => BRANCH_BOT)];
  const seats = el("input", { id: "branch-seats", type: "text", value: defaults.join(","), size: 18, "aria-describedby": "branch-help" });
  const title = el("input", { id: "branch-title", type: "text", maxlength: 200, placeholder: "optional", size: 16 });
  const submit = (event) => {
    event.preventDefault();
    const specs = seats.value.split(",").map((s) => s.trim() || "open");
    onBranch(specs, title.value.trim());
  };
  return el("form", { class: "panel branch", onSubmit: submit, "aria-labelledby": "branch-h" },
    el("h2", { id: "branch-h", class: "panel-title", text: "Branch from here" }),
    el("div", { class: "row" },
      el("label", { for: "branch-seats" }, "Seats "), seats,
      el("label", { for: "branch-title" }, "Title "), title,
      el("button", { type: "submit", class: "primary", text: "Branch" })),
    el("p", { id: "branch-help", class: "muted small", text: "A new game from this point (same setup and seed). One SPEC per seat, by commas: me (you take it), open, or a bot (random, greedy, mcts@N)." }));
}

/** The controls that move through the game. */
function stepper(go) {
  const button = (text, label, keys, delta) => el("button", {
    type: "button", class: "secondary", text, "aria-label": label, "aria-keyshortcuts": keys, title: `${label} (${keys})`,
    dataset: { step: delta }, onClick: () => go(delta),
  });
  const slider = el("input", { id: "replay-slider", type: "range", min: 0, max: 0, value: 0, step: 1, "aria-label": "Action" });
  const number = el("input", { id: "replay-at", type: "number", min: 0, max: 0, value: 0, "aria-label": "After action" });
  const total = el("span", { class: "replay-total" });
  const box = el("div", { class: "panel replay-nav" },
    el("div", { class: "row" },
      button("|<", "First", "Home", "first"),
      button("<", "Previous", "ArrowLeft", "previous"),
      button(">", "Next", "ArrowRight", "next"),
      button(">|", "Last", "End", "last"),
      el("label", { for: "replay-at" }, "After action "), number, total),
    el("div", { class: "row" }, slider),
    el("p", { class: "replay-next", "aria-live": "polite" }));
  return { box, slider, number, total, next: box.querySelector(".replay-next") };
}

export function replayScreen(app, id, start, deps) {
  const head = el("div", { class: "game-head" });
  const nav = stepper((delta) => move(delta));
  const branchBox = el("div");
  const body = el("div", { class: "game-body" });
  fill(app, el("section", { class: "game replay" }, head, el("div", { class: "replay-tools" }, nav.box, branchBox), body));
  let summary = null;
  let total = 0;
  let at = 0; // the step shown
  let wanted = 0; // the step last asked for (a key pressed twice moves two steps)
  let view = null;
  let asked = 0; // the latest request: an older answer is dropped
  let alive = true;
  const ctx = readOnlyContext(id, () => view, deps);
  const stage = createStage(body, ctx, deps.toast);

  nav.slider.addEventListener("input", () => go(Number(nav.slider.value)));
  nav.number.addEventListener("change", () => go(Number(nav.number.value)));

  function move(delta) {
    const target = { first: 0, previous: wanted - 1, next: wanted + 1, last: total }[delta];
    go(target);
  }

  async function go(target) {
    if (!summary || !Number.isFinite(target)) return;
    const n = Math.max(0, Math.min(total, Math.round(target)));
    wanted = n;
    const ticket = ++asked;
    try {
      const step = await api.replay(id, n);
      if (!alive || ticket !== asked) return;
      show(step);
    } catch (error) {
      deps.toast(deps.describeError(error), "error");
    }
  }

  function show(step) {
    at = step.at;
    wanted = at;
    total = step.total;
    view = viewOf(summary, step);
    history.replaceState(null, "", replayLink(id, at));
    app.dataset.version = String(at);
    for (const input of [nav.slider, nav.number]) {
      input.max = String(total);
      input.value = String(at);
    }
    nav.total.textContent = ` of ${total}`;
    nav.next.textContent = nextText(step.next, step.result);
    for (const b of nav.box.querySelectorAll("button[data-step]")) {
      const back = b.dataset.step === "first" || b.dataset.step === "previous";
      b.disabled = back ? at === 0 : at === total;
    }
    stage.show(view);
  }

  async function branch(seats, title) {
    try {
      const made = await api.branch(id, at, seats, title);
      deps.enterCreated(made);
    } catch (error) {
      deps.toast(`Could not branch: ${deps.describeError(error)}`, "error");
    }
  }

  function renderHead() {
    fill(head,
      el("h1", { class: "game-title", text: `Replay: ${summary.title || summary.id}` }),
      el("span", { class: "status-pill finished", text: summary.game }),
      el("span", { class: "spacer" }),
      el("a", { class: "button secondary small", href: `#/game/${encodeURIComponent(id)}`, text: "The game" }),
      el("a", { class: "button secondary small", href: "#/", text: "Lobby" }));
    document.title = `Rulekeeper: replay of ${summary.title || summary.id}`;
  }

  api.view(id, null).then((found) => {
    if (!alive) return;
    summary = { id: found.id, game: found.game, title: found.title, status: found.status, seats: found.seats };
    renderHead();
    if (found.status !== "finished") {
      fill(body, el("p", { class: "error", text: "A game is replayed once it has ended." }), el("a", { class: "button", href: `#/game/${encodeURIComponent(id)}`, text: "Watch it" }));
      nav.box.hidden = true;
      return;
    }
    total = found.version;
    fill(branchBox, branchForm(found.seats.length, branch));
    go(start);
  }).catch((error) => {
    fill(body, el("p", { class: "error", text: deps.describeError(error) }), el("a", { class: "button", href: "#/", text: "Back to the lobby" }));
  });

  return {
    destroy() {
      alive = false;
      stage.destroy();
    },
    key(event) {
      const steps = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
      if (steps[event.key] && summary) {
        move(steps[event.key]);
        return true;
      }
      return stage.key(event);
    },
  };
}
