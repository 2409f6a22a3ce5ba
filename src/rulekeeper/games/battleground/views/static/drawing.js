// Battleground's board: what is drawn the same whatever the view holds (issue 23: split out of
// battleground.js): the hex geometry, the sides' colours and shapes, the terrain's fills and
// patterns, stars, token lists and the odds table.
//
// Sides are told apart by colour (blue and orange, which colour-blind players tell apart) and
// by shape (player 0: circles and upper-case letters; player 1: diamonds and lower case).

import { el, svg } from "/static/dom.js";
import { centre as hexCentre, hexPoints as hexCorners } from "/static/hexes.js";

export const S = 40; // pixels per hex (1 inch across the flats)
export const SQRT3 = Math.sqrt(3);
export const SIDES = [
  { name: "player 0", colour: "#1f5fbf", light: "#d6e4fa", shape: "circle" },
  { name: "player 1", colour: "#d46a00", light: "#fbe3cc", shape: "diamond" },
];
export const DIRECTIONS = ["E", "NE", "NW", "W", "SW", "SE"];

// === geometry ==================================================================================

/** The centre of hex (q, r) in pixels (core/hexes.py: x = q + r/2, y = r*sqrt(3)/2). */
export const centre = (q, r) => hexCentre(q, r, S);

/** The corners of a pointy-topped hex around its centre, as an SVG points list. */
export const hexPoints = (cx, cy, scale = 1) => hexCorners(cx, cy, S, scale);

/** The screen angle (degrees, y down) of facing direction k: E 0, NE -60, ... */
export function facingAngle(direction) {
  return -60 * direction;
}

export const posKey = (p) => `${p[0]},${p[1]},${p[2] || 0}`;
export const posText = (p) => `(${p[0]},${p[1]})${p[2] ? "^" : ""}`;
export const percent = (p) => `${(100 * p).toFixed(1)}%`;

// === pieces drawn alike everywhere =============================================================

/** A side's shape (player 0: a blue circle; player 1: an orange diamond) as a small icon. */
export function shapeIcon(owner, size = 14) {
  const side = SIDES[owner] || SIDES[0];
  const half = size / 2;
  const shape = side.shape === "circle"
    ? svg("circle", { cx: half, cy: half, r: half - 1.5, fill: side.colour, stroke: "#111", "stroke-width": 1 })
    : svg("polygon", { points: `${half},1 ${size - 1},${half} ${half},${size - 1} 1,${half}`, fill: side.colour, stroke: "#111", "stroke-width": 1 });
  return svg("svg", { width: size, height: size, viewBox: `0 0 ${size} ${size}`, class: "shape-icon", "aria-hidden": "true" }, shape);
}

export function legendSwatch(cls, text) {
  return el("span", { class: "legend-item" }, el("span", { class: `swatch ${cls}`, "aria-hidden": "true" }), text);
}

export function defs() {
  return svg("defs", {},
    svg("pattern", { id: "hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#8a6d1d", "stroke-width": 2, opacity: 0.55 })),
    svg("pattern", { id: "dots", width: 7, height: 7, patternUnits: "userSpaceOnUse" },
      svg("circle", { cx: 3.5, cy: 3.5, r: 1.3, fill: "#4d7a2a", opacity: 0.7 })),
    svg("pattern", { id: "zone0", width: 10, height: 10, patternUnits: "userSpaceOnUse" },
      svg("rect", { width: 10, height: 10, fill: SIDES[0].light }),
      svg("circle", { cx: 5, cy: 5, r: 1.2, fill: SIDES[0].colour, opacity: 0.5 })),
    svg("pattern", { id: "zone1", width: 10, height: 10, patternUnits: "userSpaceOnUse" },
      svg("rect", { width: 10, height: 10, fill: SIDES[1].light }),
      svg("path", { d: "M2 5 L5 2 L8 5 L5 8 Z", fill: SIDES[1].colour, opacity: 0.5 })));
}

export function terrainFill(h) {
  if (h.terrain === "high") return h.piece_kind === "column" ? "#3b3b46" : "#55555f";
  if (h.terrain === "low") return "#c98d4a";
  if (h.terrain === "difficult") return "url(#dots)";
  if (h.zone === 0) return "url(#zone0)";
  if (h.zone === 1) return "url(#zone1)";
  return "#f3efe3";
}

export function star(cx, cy, outer, inner) {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

export function tokenList(c) {
  const out = [];
  if (c.active) out.push("ACTIVE");
  if (c.focus) out.push("focus");
  if (c.overwatch) out.push("overwatch");
  if (c.buff) out.push(`buff ${c.buff}`);
  if (c.debuff) out.push(`debuff ${c.debuff}`);
  if (c.activated) out.push("activated");
  if (c.knocked_out) out.push("knocked out");
  return out;
}

export function oddsTable(attack) {
  return el("table", { class: "data compact odds" },
    el("caption", { text: "Exact odds of each result" }),
    el("tbody", {}, attack.outcomes.map((o) => el("tr", {},
      el("th", { scope: "row", text: o.row }),
      el("td", { class: "num", text: percent(o.p) }),
      el("td", { class: "bar-cell" }, el("span", { class: "bar", style: `width:${Math.round(100 * o.p)}%` }))))),
    el("tfoot", {}, el("tr", {}, el("th", { scope: "row", text: "Knock-out" }), el("td", { class: "num", text: percent(attack.knockout) }), el("td", {}))));
}
