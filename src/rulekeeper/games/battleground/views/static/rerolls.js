// Rerolls by clicking the dice (issue 23 §2.3). The rules offer a reroll one die at a time, by
// the face it shows, in the order of the test's dice sorted, then "done" (rules/dicetest.py
// RerollStep, a core PickSubset): the player marks dice on the board's panel, reads the odds of
// rerolling them (the game's `reroll` query), and one button sends the picks, then "done" unless
// the last pick ended the choice by itself. No rule is computed here.

import { el, fill } from "/static/dom.js";
import { percent } from "./drawing.js";

/** The reroll being offered to *seat*: the test, its dice sorted (the rules' order), how many
 * may be rerolled and the mana each costs (from the test's data; before the data gave them,
 * the free rerolls left, or 1 mana each up to the character's mana). Null when none is offered. */
export function rerollOffer(board, hints, seat) {
  const done = hints.find((h) => h.kind === "done");
  if (!done || seat === null || seat === undefined) return null;
  const test = board.tests.find((t) => t.owner === seat && (t.stage === "free" || t.stage === "mana"));
  if (!test) return null;
  const faces = [...test.initial].sort((a, b) => a - b);
  const limit = test.limit ?? (test.stage === "free" ? test.free_rerolls : test.mana);
  const each = test.cost_each ?? (test.stage === "mana" ? 1 : 0);
  return { test, faces, limit, each, picked: test.picked || [], key: `${test.label}|${test.stage}|${faces.join(",")}` };
}

/** The actions that reroll the dice at *indices* (of the sorted faces): one pick per die in
 * order, then whether "done" is still needed (the choice ends by itself when the most allowed
 * are picked or the last die is). */
export function plan(offer, indices) {
  const sorted = [...indices].sort((a, b) => a - b);
  const faces = sorted.map((i) => offer.faces[i]);
  const ends = sorted.length > 0 && (sorted.length >= offer.limit || sorted[sorted.length - 1] === offer.faces.length - 1);
  return { faces, done: !ends };
}

const isSuccess = (test, face) => face === 6 || (face !== 1 && face >= test.face);

/** The group of the actions panel for a reroll: the dice to click, the odds of the choice, one
 * button. *state* holds the marked dice across redrawings ({key, marked: Set of indices});
 * *send(plan)* sends the picks. */
export function rerollGroup(offer, state, ctx, send) {
  if (state.key !== offer.key) {
    state.key = offer.key;
    state.marked = new Set();
  }
  const { test } = offer;
  const odds = el("div", { class: "reroll-odds", "aria-live": "polite" });
  const go = el("button", { type: "button", class: "primary reroll-go" });
  const note = el("p", { class: "muted small" });
  let asked = 0;

  const lookUp = async () => {
    const faces = plan(offer, state.marked).faces;
    asked += 1;
    const mine = asked;
    if (!faces.length || offer.test.limit === undefined) { // the query came with the data's `limit`
      fill(odds);
      return;
    }
    fill(odds, el("p", { class: "muted", text: "Looking up the odds..." }));
    try {
      const found = await ctx.query("reroll", { faces: faces.join(",") });
      if (mine !== asked) return;
      fill(odds, oddsOf(found));
    } catch {
      if (mine === asked) fill(odds);
    }
  };

  const refresh = () => {
    const n = state.marked.size;
    const cost = n * offer.each;
    go.textContent = n
      ? `Reroll ${n} ${n === 1 ? "die" : "dice"} (${offer.each ? `cost ${cost} mana` : "free"})`
      : "Keep the dice";
    note.textContent = offer.each
      ? `Mana rerolls: ${offer.each} mana a die, at most ${offer.limit} (${test.mana} mana).`
      : `Free rerolls: at most ${offer.limit}.`;
    for (const button of dice) {
      const index = Number(button.dataset.index);
      const on = state.marked.has(index);
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.disabled = !on && n >= offer.limit;
    }
  };

  const dice = offer.faces.map((face, index) => {
    const ok = isSuccess(test, face);
    const button = el("button", {
      type: "button",
      class: `die ${ok ? "success" : "fail"} pick`,
      dataset: { index, face },
      title: `${face}: ${ok ? "a success" : "a failure"}; click to ${"mark it for a reroll"}`,
      "aria-label": `die showing ${face}, ${ok ? "success" : "failure"}`,
    }, String(face), el("span", { class: "mark", "aria-hidden": "true", text: ok ? "✓" : "✗" }));
    button.addEventListener("click", () => {
      if (state.marked.has(index)) state.marked.delete(index);
      else if (state.marked.size < offer.limit) state.marked.add(index);
      refresh();
      lookUp();
    });
    return button;
  });
  go.addEventListener("click", () => {
    const chosen = plan(offer, state.marked);
    state.marked = new Set();
    go.disabled = true;
    send(chosen);
  });
  refresh();
  if (state.marked.size) lookUp();
  return el("div", { class: "group rerolls" },
    el("h3", { class: "group-title", text: `Rerolls for ${test.label}: click the dice to reroll` }),
    el("p", { class: "small", text: `${test.successes} ${test.successes === 1 ? "success" : "successes"} now (successes on ${test.face}+).` }),
    el("div", { class: "dice" }, dice),
    note,
    odds,
    go);
}

/** The odds of a reroll choice as the `reroll` query gives them. */
function oddsOf(found) {
  if (!found) return null;
  const parts = [];
  const table = found.outcomes && found.outcomes.length;
  if (found.text && !table) parts.push(el("p", { class: "small", text: found.text }));
  if (table) {
    parts.push(el("table", { class: "data compact odds" },
      el("caption", { text: "Exact odds of each result after this reroll" }),
      el("tbody", {}, found.outcomes.map((o) => el("tr", {},
        el("th", { scope: "row", text: o.row }),
        el("td", { class: "num", text: percent(o.p) })))),
      found.knockout !== undefined && found.knockout !== null
        ? el("tfoot", {}, el("tr", {}, el("th", { scope: "row", text: "Knock-out" }), el("td", { class: "num", text: percent(found.knockout) })))
        : null));
  }
  return parts;
}
