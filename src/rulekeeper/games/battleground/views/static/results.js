// Results in place (issue 23 §2.2): the dice of the tests in progress and of the newest attack
// (before and after rerolls), its result row and wounds, shown over the board for a moment, not
// only in the log below it. Everything comes from the board's data (`tests`, `last_attack`).

import { el } from "/static/dom.js";

export const SHOW_MS = 8000; // how long a resolved attack stays over the board

const isSuccess = (face, scope) => face === 6 || (face !== 1 && scope !== null && scope !== undefined && face >= scope);

function die(face, scope, extra = "") {
  const ok = isSuccess(face, scope);
  return el("span", {
    class: `die small-die ${ok ? "success" : "fail"}${extra ? ` ${extra}` : ""}`,
    "aria-label": `${face}, ${ok ? "success" : "failure"}${extra ? `, ${extra}` : ""}`,
  }, String(face));
}

/** One test's dice: a test being rolled as its dice stand (`initial`); a resolved one (the
 * data's `last_attack`) with the faces it rerolled, struck out, then its final dice. */
export function testDice(test) {
  const scope = test.face;
  const label = el("span", { class: "dice-label", text: `${test.label}${test.role ? ` (${test.role})` : ""}: ` });
  const rows = [];
  const exploded = (test.exploded || []).length
    ? [el("span", { class: "muted", text: " explosions " }), test.exploded.map((f) => die(f, scope, "exploded"))]
    : null;
  if (test.initial) {
    rows.push(el("div", { class: "dice-row" }, label, test.initial.map((f) => die(f, scope)), exploded));
  } else {
    const rerolled = test.rerolled || [];
    if (rerolled.length) {
      rows.push(el("div", { class: "dice-row" }, label,
        el("span", { class: "muted", text: "rerolled " }), rerolled.map((f) => die(f, scope, "rerolled"))));
    }
    rows.push(el("div", { class: "dice-row" }, rerolled.length ? el("span", { class: "dice-label", text: "then: " }) : label,
      (test.final || []).map((f) => die(f, scope)), exploded));
  }
  const n = test.successes;
  if (n !== undefined && n !== null) {
    rows.push(el("div", { class: "muted small", text: `${n} ${n === 1 ? "success" : "successes"}${scope ? ` on ${scope}+` : ""}` }));
  }
  return el("div", { class: "result-test" }, rows);
}

/** The banner over the board: the tests in progress, or the newest attack's whole result. */
export function resultBanner({ tests, attack, nameOf, onClose }) {
  const parts = [];
  if (tests && tests.length) {
    parts.push(el("div", { class: "result-head", text: "Dice being rolled" }));
    parts.push(tests.map((t) => testDice(t)));
  } else if (attack) {
    parts.push(el("div", { class: "result-head", text: `${nameOf(attack.attacker)} attacks ${nameOf(attack.target)}${attack.weapon_name ? ` with ${attack.weapon_name}` : ""}` }));
    parts.push((attack.tests || []).map((t) => testDice(t)));
    const wounds = attack.wounds || 0;
    parts.push(el("div", { class: "result-row" },
      el("strong", { text: attack.row || "" }),
      attack.row ? " | " : "",
      el("span", { class: wounds ? "wounds" : "muted", text: `${wounds} ${wounds === 1 ? "wound" : "wounds"}${attack.knocked_out ? ", knocked out" : ""}` })));
  } else {
    return null;
  }
  return el("div", { class: "result-banner", role: "status", "aria-live": "polite" },
    el("button", { type: "button", class: "link close", "aria-label": "Hide the result", text: "×", onClick: onClose }),
    parts);
}
