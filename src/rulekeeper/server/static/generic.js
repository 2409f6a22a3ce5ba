// The generic game view (any game without a board of its own): the
// observation as tables, the legal actions as buttons with their words, explain() on demand,
// the odds of an action involving chance, and the log.

import { el, fill } from "./dom.js";

const GROUP_LIMIT = 12;
const CONFIRM = new Set(["forfeit", "offer-draw", "accept-draw", "retreat", "surrender"]);

/** A JSON value as nested tables (objects: key/value rows; lists of objects: one row each). */
export function valueNode(value, depth = 0) {
  if (value === null || value === undefined) return el("span", { class: "muted", text: "-" });
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
    try {
      odds = (await ctx.odds(entry.action)).odds;
    } catch {
      odds = null;
    }
    if (pending !== entry) return;
    if (odds === null || odds === undefined) {
      pending = null;
      ctx.act(entry.action);
      return;
    }
    showInfo(
      el("h2", { class: "panel-title", text: entry.text }),
      el("h3", { text: "Exact odds" }), valueNode(odds),
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
      fill(actionsBox,
        el("h2", { class: "panel-title", text: legal.length ? "Your choices" : "Waiting" }),
        legal.length ? actionButtons(legal, pick, why) : el("p", { class: "muted", text: view.seat === null ? "You are watching." : "Not your decision now." }));
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
