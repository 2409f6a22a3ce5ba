// Learn as you play (issue 23 §2.4): hover definitions of the game's keywords from its one
// glossary (the board's `glossary`, views/glossary.yaml, which the terminal's `help KEYWORD`
// reads too), and a first-game guide, dismissed once and remembered in this browser.

import { el } from "/static/dom.js";

export const GUIDE_KEY = "rulekeeper.battleground.guide-dismissed";

/** The glossary as {pattern, find(word)}: every term and alias, longest first, as whole words. */
export function glossaryIndex(entries) {
  const byWord = new Map();
  for (const entry of entries || []) {
    for (const word of [entry.term, ...(entry.aliases || [])]) {
      if (word && !byWord.has(word.toLowerCase())) byWord.set(word.toLowerCase(), entry);
    }
  }
  const words = [...byWord.keys()].sort((a, b) => b.length - a.length);
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = words.length ? new RegExp(`(?<![\\w-])(${escaped.join("|")})(?![\\w-])`, "gi") : null;
  return { pattern, find: (word) => byWord.get(String(word).toLowerCase()) || null };
}

/** A keyword with its definition on hover and focus (an <abbr> with the definition as title). */
export function term(text, entry) {
  return el("abbr", { class: "term", tabindex: 0, title: `${entry.term}: ${entry.text}`, dataset: { term: entry.term }, text });
}

/** *text* as nodes, the first mention of each glossary word in it a hover definition (text
 * stays text). */
export function withTerms(text, index) {
  const value = String(text ?? "");
  if (!index || !index.pattern) return [value];
  const parts = [];
  const seen = new Set();
  let last = 0;
  for (const match of value.matchAll(index.pattern)) {
    const entry = index.find(match[0]);
    if (!entry || seen.has(entry.term)) continue;
    seen.add(entry.term);
    if (match.index > last) parts.push(value.slice(last, match.index));
    parts.push(term(match[0], entry));
    last = match.index + match[0].length;
  }
  if (last < value.length) parts.push(value.slice(last));
  return parts;
}

function remembered() {
  try {
    return window.localStorage.getItem(GUIDE_KEY) === "yes";
  } catch {
    return false;
  }
}

function remember(value) {
  try {
    if (value) window.localStorage.setItem(GUIDE_KEY, "yes");
    else window.localStorage.removeItem(GUIDE_KEY);
  } catch {
    /* a browser that keeps nothing shows the guide again next time */
  }
}

export function guideDismissed() {
  return remembered();
}

export function setGuideDismissed(value) {
  remember(value);
}

/** The first-game guide: what a round is, where objectives score, what AP and scope mean (the
 * glossary's definitions where it has them), and how to play on this board. */
export function guidePanel(index, onClose) {
  const define = (word, fallback) => {
    const entry = index ? index.find(word) : null;
    return entry ? entry.text : fallback;
  };
  const item = (title, text) => el("li", {}, el("strong", { text: `${title}: ` }), withTerms(text, index));
  return el("section", { class: "panel guide", "aria-label": "First-game guide" },
    el("h2", { class: "panel-title", text: "Your first game" }),
    el("ul", { class: "plain guide-points" },
      item("A round", define("round", "both players select a card in secret, then take turns activating a character each; then the clean-up.")),
      item("Objectives", define("objective", "stars on the battlefield; they score at the end of the round.")),
      item("AP", define("AP", "action points: what moves, focus and attacks cost in an activation.")),
      item("Scope", define("scope", "the face a die must reach in a test.")),
      item("On this board", "click your active character to see where it can go (the number on a hex is its AP cost, ! a risk), click a hex to move, click a ringed enemy to see the exact odds of an attack. Hover an underlined word for its meaning.")),
    el("button", { type: "button", class: "secondary small guide-close", text: "Got it, hide the guide", onClick: onClose }));
}
