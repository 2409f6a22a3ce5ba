// The generic game view (any game without a board of its own): the
// observation as tables, the legal actions as buttons with their words, explain() on demand,
// the odds of an action involving chance, and the log.

import { el, fill } from "./dom.js";

const GROUP_LIMIT = 12;
/** Grave choices: always asked first (Yes/No), never taken for the person. */
export const GRAVE = new Set(["forfeit", "offer-draw", "accept-draw", "retreat", "flee", "surrender", "resign", "concede"]);
const CONFIRM = GRAVE;
const EPSILON = 1e-9;

/** Whether `value` is a distribution: an object of chances (numbers from 0 to 1) adding up to 1. */
export function isDistribution(value) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const numbers = Object.values(value);
  if (numbers.length === 0 || !numbers.every((n) => typeof n === "number" && n >= 0 && n <= 1 + EPSILON)) return false;
  return Math.abs(numbers.reduce((a, b) => a + b, 0) - 1) < 1e-6;
}

/** A chance as a percentage: "33.3%", "100%", "0%", "<0.1%" (never 0.3333333333333333). */
export function percent(p) {
  if (p <= 0) return "0%";
  if (p >= 1) return "100%";
  const shown = Math.round(p * 1000) / 10;
  if (shown === 0) return "<0.1%";
  if (shown === 100) return ">99.9%";
  return `${shown}%`;
}

/** A number as people read it: whole numbers as they are, others to two decimals. */
function numberText(n) {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

/** Whether the odds of an action leave nothing to chance: none (null), or every distribution
 * and chance in them certain (0 or 1). Such an action risks nothing: no second confirmation. */
export function riskFree(odds) {
  if (odds === null || odds === undefined) return true;
  let chances = 0;
  let certain = true;
  const walk = (value, key) => {
    if (isDistribution(value)) {
      chances += 1;
      if (!Object.values(value).some((p) => p > 1 - EPSILON)) certain = false;
      return;
    }
    if (typeof value === "number" && /probability|chance/i.test(key || "")) {
      chances += 1;
      if (value > EPSILON && value < 1 - EPSILON) certain = false;
      return;
    }
    if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, Array.isArray(value) ? key : k);
    }
  };
  walk(odds, "");
  return chances > 0 && certain;
}

/** The odds of an action as a person reads them: each distribution a table of its outcomes
 * with their chances in percent (none left out but the impossible ones), a chance in percent, other numbers
 * rounded, the rest as `valueNode` draws it. */
export function oddsNode(value, key = "", depth = 0) {
  if (isDistribution(value)) {
    const rows = Object.entries(value).filter(([, p]) => p > 0); // in the game's order
    return el("table", { class: "data compact odds" },
      el("tbody", {}, rows.map(([outcome, p]) => el("tr", {}, el("th", { scope: "row", text: outcome }), el("td", { class: "num", text: percent(p) })))));
  }
  if (typeof value === "number") {
    return el("span", { text: /probability|chance/i.test(key) && value >= 0 && value <= 1 ? percent(value) : numberText(value) });
  }
  if (value === null || typeof value !== "object" || depth > 6) return valueNode(value, depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", { class: "muted", text: "none" });
    return el("ol", { class: "plain odds-list" }, value.map((v) => el("li", {}, oddsNode(v, key, depth + 1))));
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return el("span", { class: "muted", text: "none" });
  return el("table", { class: "data compact kv" },
    el("tbody", {}, entries.map(([k, v]) => el("tr", {}, el("th", { scope: "row", text: words(k) }), el("td", {}, oddsNode(v, k, depth + 1))))));
}

/** A key of the game's JSON in words: "expected_damage" -> "expected damage". */
function words(key) {
  return String(key).replace(/[_-]+/g, " ");
}

/** A JSON value as nested tables (objects: key/value rows; lists of objects: one row each). */
export function valueNode(value, depth = 0) {
  if (value === null || value === undefined) return el("span", { class: "muted", text: "-" });
  if (typeof value === "number") return el("span", { text: numberText(value) });
  if (typeof value !== "object") return el("span", { text: String(value) });
  if (depth > 6) return el("code", { text: JSON.stringify(value) });
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", { class: "muted", text: "none" });
    if (value.every((v) => v === null || typeof v !== "object")) return el("span", { text: value.join(", ") });
    const objects = value.every((v) => v && typeof v === "object" && !Array.isArray(v));
    if (objects) {
      const keys = [...new Set(value.flatMap((v) => Object.keys(v)))];
      return el("table", { class: "data compact" },
        el("thead", {}, el("tr", {}, keys.map((k) => el("th", { scope: "col", text: k })))),
        el("tbody", {}, value.map((row) => el("tr", {}, keys.map((k) => el("td", {}, valueNode(row[k], depth + 1)))))));
    }
    return el("ol", { class: "plain" }, value.map((v) => el("li", {}, valueNode(v, depth + 1))));
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return el("span", { class: "muted", text: "none" });
  return el("table", { class: "data compact kv" },
    el("tbody", {}, entries.map(([k, v]) => el("tr", {}, el("th", { scope: "row", text: k }), el("td", {}, valueNode(v, depth + 1))))));
}

/** The legal actions grouped by kind, each a button (long groups folded). */
function actionButtons(legal, onPick, onWhy) {
  const groups = new Map();
  for (const entry of legal) {
    if (!groups.has(entry.kind)) groups.set(entry.kind, []);
    groups.get(entry.kind).push(entry);
  }
  const box = el("div", { class: "actions" });
  let number = 0;
  for (const [kind, entries] of groups) {
    const buttons = entries.map((entry) => {
      number += 1;
      const key = number <= 9 ? String(number) : null;
      return el("span", { class: "action" },
        el("button", {
          type: "button",
          class: CONFIRM.has(entry.kind) ? "danger" : "",
          dataset: key ? { key, index: entry.index } : { index: entry.index },
          "aria-keyshortcuts": key,
          title: entry.action,
          onClick: () => onPick(entry),
        }, key ? el("kbd", { text: key }) : null, entry.text),
        el("button", { type: "button", class: "why small secondary", "aria-label": `Why: ${entry.text}`, title: "Explain", text: "?", onClick: () => onWhy(entry) }));
    });
    if (entries.length > GROUP_LIMIT) {
      box.append(el("details", { class: "group" }, el("summary", { text: `${kind}: ${entries.length} choices, e.g. ${entries[0].text}` }), el("div", { class: "buttons" }, buttons)));
    } else {
      box.append(el("div", { class: "group" }, el("h3", { class: "group-title", text: kind }), el("div", { class: "buttons" }, buttons)));
    }
  }
  return box;
}

export function createGenericView(root, ctx) {
  const observationBox = el("section", { class: "panel observation", "aria-label": "What you see" });
  const actionsBox = el("section", { class: "panel", "aria-label": "Your choices" });
  const infoBox = el("section", { class: "panel info", "aria-live": "polite" });
  const logBox = el("section", { class: "panel log", "aria-label": "Log" });
  fill(root, el("div", { class: "generic" }, el("div", { class: "generic-main" }, observationBox), el("div", { class: "generic-side" }, actionsBox, infoBox, logBox)));
  let pending = null;

  const showInfo = (...children) => fill(infoBox, ...children);

  async function pick(entry) {
    if (CONFIRM.has(entry.kind)) {
      if (!(await ctx.confirm(`${entry.text}?`, "Yes", "No"))) return;
      ctx.act(entry.action);
      return;
    }
    pending = entry;
    showInfo(el("h2", { class: "panel-title", text: entry.text }), el("p", { class: "muted", text: "Looking up the odds..." }));
    let odds = null;
    let failed = null; // the odds could not be looked up: the person decides without them
    try {
      odds = (await ctx.odds(entry.action)).odds;
    } catch (error) {
      failed = String((error && error.message) || error);
    }
    if (pending !== entry) return;
    if (failed === null && riskFree(odds)) { // nothing left to chance: taken at once, no panel left
      pending = null;
      showInfo();
      ctx.act(entry.action);
      return;
    }
    showInfo(
      el("h2", { class: "panel-title", text: entry.text }),
      failed === null ? [el("h3", { text: "Exact odds" }), oddsNode(odds)] :
        el("p", { class: "warning", text: `The odds could not be looked up (${failed}).` }),
      el("div", { class: "row" },
        el("button", { type: "button", class: "secondary", text: "Cancel (Esc)", onClick: cancel }),
        el("button", { type: "button", class: "primary", text: "Confirm (Enter)", onClick: confirm })));
  }

  function confirm() {
    if (!pending) return false;
    const entry = pending;
    pending = null;
    showInfo();
    ctx.act(entry.action);
    return true;
  }

  function cancel() {
    if (!pending) return false;
    pending = null;
    showInfo();
    return true;
  }

  async function why(entry) {
    try {
      const found = await ctx.explain(entry.action);
      showInfo(el("h2", { class: "panel-title", text: entry.text }), el("p", { text: found.reason }), found.rule ? el("p", { class: "muted", text: `Rule: ${found.rule}` }) : null);
    } catch (error) {
      ctx.toast(String(error.message || error), "error");
    }
  }

  return {
    update(view) {
      const legal = view.legal || [];
      if (pending && !legal.some((entry) => entry.action === pending.action)) {
        pending = null; // the choice being looked up or confirmed is gone: say nothing of it
        showInfo();
      }
      fill(observationBox, el("h2", { class: "panel-title", text: "The game" }), valueNode(view.observation));
      // a spectator has no choices panel: the page's header says "You are watching" once
      actionsBox.hidden = view.seat === null;
      fill(actionsBox,
        el("h2", { class: "panel-title", text: legal.length ? "Your choices" : "Waiting" }),
        legal.length ? actionButtons(legal, pick, why) : el("p", { class: "muted", text: view.status === "finished" ? "The game is over." : "Not your decision now." }));
      ctx.renderLog(logBox);
    },
    key(event) {
      if (event.key === "Enter") return confirm();
      if (event.key === "Escape") return cancel();
      if (/^[1-9]$/.test(event.key)) {
        const button = actionsBox.querySelector(`button[data-key="${event.key}"]`);
        if (button) {
          button.click();
          return true;
        }
      }
      return false;
    },
    destroy() {},
  };
}
