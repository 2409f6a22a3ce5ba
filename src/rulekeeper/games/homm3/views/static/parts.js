// The pieces of the HoMM3 combat board, drawn from the board data (views/web/): a unit card,
// its icons and tokens, the order strip, the heroes, an attack's odds. Pure drawing: every
// function returns elements and reads nothing but its arguments (no rule is computed here).

import { el, svg } from "/static/dom.js";
import { percent } from "/static/generic.js";

export const SIDE_NAMES = ["attacker", "defender"];

const GLOSSARY = new Map(); // a term or alias, lower case -> its definition

/** Loads the game's glossary (the terminal's `help KEYWORD` uses the same, issue 23 §2.4):
 * its definitions become the hover texts of the board's words. Without it, the words stay. */
export async function loadGlossary(game = "homm3-combat") {
  try {
    const answer = await fetch(`/api/catalog/${encodeURIComponent(game)}/glossary`);
    if (!answer.ok) return;
    const found = await answer.json();
    for (const entry of found.entries || []) {
      for (const word of [entry.term, ...(entry.aliases || [])]) GLOSSARY.set(String(word).toLowerCase(), entry.text);
    }
  } catch {
    // no definitions: the board's own words stay
  }
}

/** The glossary's definition of *word*, after *fallback* (a word of the board's own). */
export function define(word, fallback = "") {
  const text = GLOSSARY.get(String(word).toLowerCase());
  return text ? (fallback ? `${fallback}. ${word}: ${text}` : `${word}: ${text}`) : fallback || word;
}

/** A chance as every view of the page writes it (the shell's one formatter, generic.js:
 * "33.3%", "<0.1%"; views/odds.py percent says the same in Python). */
export { percent };
const OUTCOME_WORDS = { survives: "survives", flips: "flips to Few", destroyed: "destroyed" };

/** A unit's side, 0 (attacker) or 1 (defender). */
export const sideOf = (unit) => (typeof unit.side === "number" ? unit.side : unit.side_index ?? 0);

const TYPE_WORDS = {
  ground: "ground unit: moves up to 3 fields around other cards",
  flying: "flying unit: moves up to 3 fields over other cards",
  ranged: "ranged unit: shoots any enemy, moves 1 field",
};

/** A small icon of a unit's type (ground, flying, ranged), with its word for readers. */
export function typeIcon(type) {
  const shapes = {
    ground: [svg("path", { d: "M2 13 L7 5 L10 9 L12 7 L16 13 Z" })],
    flying: [svg("path", { d: "M9 12 C6 6 3 6 1 7 C4 8 5 10 9 12 Z M9 12 C12 6 15 6 17 7 C14 8 13 10 9 12 Z" })],
    ranged: [svg("path", { d: "M2 9 L13 9", "stroke-width": 2, stroke: "currentColor" }), svg("path", { d: "M12 5 L17 9 L12 13 Z" })],
  };
  return el("span", { class: `h3-type t-${type}`, title: define(type, TYPE_WORDS[type] || type), "aria-label": type },
    svg("svg", { viewBox: "0 0 18 16", width: 16, height: 14, "aria-hidden": "true" }, shapes[type] || []));
}

/** Two letters standing for an ability (its name's initials), its words on hover. */
export function abilityIcon(ability) {
  const words = String(ability.name || ability.kind || "?").split(/[\s-]+/).filter(Boolean);
  const letters = (words.length > 1 ? words[0][0] + words[1][0] : words[0].slice(0, 2)).toUpperCase();
  return el("span", { class: `h3-ability trig-${ability.trigger || "passive"}`, title: define(ability.name, `${ability.name}: ${ability.text}`) }, letters);
}

/** The tokens on a unit: damage (red, its number), Defense (shield), Paralysis. */
export function tokens(unit) {
  const t = unit.tokens || {};
  return [
    t.damage ? el("span", { class: "h3-token damage", title: define("damage", `${t.damage} damage on this side of the card`) }, String(t.damage)) : null,
    t.defense ? el("span", { class: "h3-token defense", title: define("Defense token") }, "D") : null,
    t.paralysis ? el("span", { class: "h3-token paralysis", title: define("Paralysis") }, "P") : null,
  ];
}

/** A unit's card on a field (or in reserve): name, Few/Pack, Attack, Defence, HP left of HP,
 * Initiative, type and ability icons, tokens, and the activated and retaliated marks. */
export function unitCard(unit, extra = {}) {
  const classes = ["h3-unit", `side-${sideOf(unit)}`];
  const done = unit.activated && !extra.active; // the active unit is marked as it activates
  if (done) classes.push("activated");
  if (unit.destroyed) classes.push("destroyed");
  if (extra.classes) classes.push(...extra.classes);
  const hurt = unit.hp_left < unit.hp;
  return el("div", {
    class: classes.join(" "),
    dataset: { unit: unit.id },
    title: unit.summary || unit.name,
  },
  el("div", { class: "h3-unit-head" },
    el("span", { class: "h3-unit-name", text: unit.name }),
    unit.face_text ? el("span", { class: `h3-face face-${unit.face}`, title: define(unit.face_text, `${unit.face_text} side of the card`), text: unit.face_text }) : null),
  el("div", { class: "h3-stats" },
    el("span", { class: "stat", title: define("Attack") }, el("b", {}, "A"), ` ${unit.attack}`),
    el("span", { class: "stat", title: define("Defence") }, el("b", {}, "D"), ` ${unit.defence}`),
    el("span", { class: `stat hp${hurt ? " hurt" : ""}`, title: define("HP", "HP left of HP") }, el("b", {}, "HP"), ` ${unit.hp_left}/${unit.hp}`),
    el("span", { class: "stat", title: define("Initiative") }, el("b", {}, "I"), ` ${unit.initiative}`)),
  el("div", { class: "h3-icons" },
    typeIcon(unit.type),
    (unit.abilities || []).map(abilityIcon),
    el("span", { class: "h3-tokens" }, tokens(unit)),
    (unit.effects || []).length ? el("span", { class: "h3-mark eff", title: `Card effects: ${unit.effects.join("; ")}` }, `+${unit.effects.length} effect${unit.effects.length > 1 ? "s" : ""}`) : null,
    done ? el("span", { class: "h3-mark act", title: define("activated", "has activated this round") }, "done") : null,
    unit.retaliated ? el("span", { class: "h3-mark ret", title: define("retaliation", `has retaliated this round (${unit.retaliations})`) }, "ret") : null));
}

/** A unit's whole card in words (the side panel, when a unit is clicked). */
export function unitDetails(unit) {
  if (!unit) return el("p", { class: "muted", text: "Click a unit to read its card." });
  const t = unit.tokens || {};
  const marks = [
    t.damage ? `${t.damage} damage` : null,
    t.defense ? "Defense token" : null,
    t.paralysis ? "Paralysis token" : null,
    unit.activated ? "activated this round" : null,
    unit.retaliated ? `retaliated this round (${unit.retaliations})` : null,
  ].filter(Boolean);
  return el("div", { class: "h3-details", dataset: { unit: unit.id } },
    el("h3", {}, unit.name, unit.face_text ? ` (${unit.face_text})` : ""),
    el("p", { class: "small" }, `${unit.owner} (${unit.side_name || ["attacker", "defender"][sideOf(unit)]}), ${unit.tier || ""} ${unit.faction || ""}, ${unit.where}`.replace(/\s+/g, " ")),
    el("p", {}, `Attack ${unit.attack}, Defence ${unit.defence}, HP ${unit.hp_left} of ${unit.hp}, Initiative ${unit.initiative}, ${unit.type}`),
    el("p", { class: "small", text: TYPE_WORDS[unit.type] || "" }),
    (unit.abilities || []).length
      ? el("ul", { class: "h3-abilities" }, unit.abilities.map((a) => el("li", {}, el("b", { class: define(a.name) !== a.name ? "defined" : null, title: define(a.name) !== a.name ? define(a.name) : null }, a.name), `: ${a.text}`)))
      : el("p", { class: "small muted", text: "No abilities." }),
    marks.length ? el("p", { class: "small", text: `Tokens and marks: ${marks.join(", ")}.` }) : null,
    (unit.effects || []).length ? el("p", { class: "small", text: `Card effects: ${unit.effects.join("; ")}.` }) : null,
    unit.overlay ? el("p", { class: "small", text: `Card laid on it: ${unit.overlay}` }) : null,
    unit.card_text ? el("details", { class: "h3-card-text" }, el("summary", {}, "The printed card, both sides"), el("pre", { text: unit.card_text })) : null);
}

/** The activation order: the unit activating, then the units to come, then those done. */
export function orderStrip(order, unitOf) {
  if (!order) return null;
  const chip = (id, cls, note) => {
    const unit = unitOf(id);
    const side = unit ? sideOf(unit) : 0;
    return el("li", { class: `h3-chip side-${side} ${cls}`, dataset: { unit: id }, title: unit ? unit.summary : id },
      unit ? unit.name : id, note ? el("small", {}, ` ${note}`) : null);
  };
  return el("ol", { class: "h3-order", "aria-label": "Activation order" },
    el("li", { class: "h3-order-title" }, `Round ${order.round}:`),
    order.active ? chip(order.active, "active", "now") : null,
    (order.next || []).map((n) => chip(n.unit, n.tie ? "tie" : "", `I${n.initiative}${n.tie ? " tie" : ""}`)),
    (order.done || []).map((id) => chip(id, "done", "done")));
}

const MORALE_SIGNS = { 1: "+", 0: "0", "-1": "−" };
const count = (entry, name) => entry[`${name}_count`] ?? entry[name] ?? 0;

/** A side's leader (`combat.sides`): hero name, level, morale, hand, deck and discard counts,
 * spells cast of the limit; an AI hero's decks; neutral units. */
export function heroPanel(entry, own) {
  const index = typeof entry.side === "number" ? entry.side : entry.index;
  const hero = entry.hero;
  const title = el("h3", { class: `side-${index}` }, entry.name || entry.side_name);
  const ai = entry.ai_deck_count !== undefined
    ? el("p", { class: "small", text: `AI deck ${entry.ai_deck_count}, AI discard ${entry.ai_discard_count}, AI spells ${entry.ai_spells_count}` }) : null;
  const effects = (entry.effects || []).length ? el("p", { class: "small h3-side-effects", text: `In force: ${entry.effects.join("; ")}` }) : null;
  const box = el("div", { class: `h3-hero side-${index}`, dataset: { side: index } }, title);
  if (!hero) {
    box.append(el("p", { class: "small", text: entry.kind_text || entry.kind || "" }));
    if (ai) box.append(ai);
    if (effects) box.append(effects);
    return box;
  }
  box.append(
    el("p", { class: "small" },
      `Level ${hero.level}, `,
      el("span", { class: `morale m${hero.morale}`, title: hero.morale_text }, `morale ${MORALE_SIGNS[hero.morale] ?? hero.morale}`),
      hero.morale_text ? ` (${hero.morale_text})` : ""),
    el("p", { class: "small" },
      el("span", { class: "count hand-count" }, `hand ${count(hero, "hand")}`), own ? " (below)" : " (hidden)", ", ",
      `deck ${count(hero, "deck")}, discard ${count(hero, "discard")}, `,
      el("span", { class: "spells" }, entry.spell_text || hero.spell_text || `spells ${entry.spells_cast} of ${entry.spell_limit}`)));
  if (ai) box.append(ai);
  if (effects) box.append(effects);
  return box;
}

/** The distribution of an odds entry as [label, p, value, percent] (percent: the words the
 * board data gives, as the terminal reads them; null: made here): the board's list form
 * ([{value, p}]) or state.odds' mapping form ({"2": p}). */
export function pairs(distribution) {
  if (!distribution) return [];
  if (Array.isArray(distribution)) return distribution.map((d) => [String(d.text ?? d.value), Number(d.p), String(d.value ?? d.text), d.percent]);
  return Object.entries(distribution).map(([k, p]) => [k, Number(p), k, null]);
}

const ATTACK_KINDS = { attack: "attack", second: "second attack", splash: "added attack", retaliation: "retaliation" };

/** The exact odds of a whole attack action (state.odds: both attacks of a unit attacking
 * twice, the retaliation, the fates), every chance in percentages. */
export function oddsTable(odds, nameOf) {
  const line = (cls, head, distribution) => el("tr", { class: cls },
    el("th", { scope: "row", text: head }),
    el("td", {}, pairs(distribution).filter(([, p]) => p > 0).map(([label, p, value, words]) =>
      el("span", { class: "odd", dataset: { value }, title: `${(100 * p).toFixed(2)}%` }, `${OUTCOME_WORDS[label] || label}: ${words || percent(p)}`))));
  const target = odds.target_name || nameOf(odds.target);
  const attacker = odds.attacker_name || nameOf(odds.attacker);
  const rows = [
    line("o-damage", `damage to ${target} in all`, odds.damage),
    line("o-outcome", `${target} afterwards`, odds.outcome),
  ];
  for (const attack of odds.attacks || []) {
    const made = Number(attack.p ?? attack.probability ?? 1);
    const kind = attack.kind_text || ATTACK_KINDS[attack.kind] || attack.kind;
    const who = `${attack.attacker_name || nameOf(attack.attacker)} on ${attack.target_name || nameOf(attack.target)}`;
    rows.push(line(`o-attack k-${attack.kind}`, `${kind}: ${who}${made < 0.99995 ? ` (made ${attack.percent || percent(made)})` : ""}`, attack.damage));
  }
  const retaliation = odds.retaliation || {};
  const retP = Number(retaliation.p ?? retaliation.probability ?? 0);
  if (retP < 0.00005) rows.push(el("tr", { class: "o-noret" }, el("th", { scope: "row" }, "retaliation"), el("td", {}, `none from ${target}`)));
  rows.push(line("o-attacker", `${attacker} afterwards`, odds.attacker_outcome));
  return el("table", { class: "h3-odds" }, el("tbody", {}, rows));
}

/** A short label of a result shown in place for a moment (the die face, damage, a flip). */
export function resultLabel(item) {
  switch (item.kind) {
    case "rolled":
    case "rerolled": {
      const face = item.face ?? (Array.isArray(item.dice) ? item.dice.join(" ") : item.die);
      return typeof face === "number" ? `die ${face > 0 ? "+" : ""}${face}` : `die ${face ?? ""}`.trim();
    }
    case "attack":
      return `attack: ${item.damage ?? 0}`;
    case "damage":
      return `−${item.damage ?? item.amount ?? 0} HP${item.destroyed ? ", destroyed" : item.flipped ? ", flips" : ""}`;
    case "breached":
      return "breached";
    case "tower-falls":
      return "tower falls";
    case "paralysed":
      return "paralysed";
    case "healed":
      return `+${item.amount ?? ""} HP`;
    default:
      return item.kind.replace(/-/g, " ");
  }
}
