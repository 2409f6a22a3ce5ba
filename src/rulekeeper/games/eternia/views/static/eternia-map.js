// Fields of Eternia on the map in the browser (issue 28 §3): the map of Eternia as a graph of
// its areas (outposts as squares with their Eternium, wild regions as circles, towers, bases
// and merchants marked; borders solid, paths dashed, wraps dotted, flight routes blue), the
// heroes standing in them, soldiers and mission tokens; the teams' Eternium and VP, the round
// track with its skulls, the merchants' offers; the seat's choices (buttons, and the areas a
// move may enter, clickable on the map). During a combat its state is shown beside the choices,
// an epic combat as its grid with the cards played, the epic die and the totals; a choice in an
// epic combat shows its exact odds before it is confirmed. Drawn from the view's `board` (views/web_map.py).
//
// No rule is computed here: what may be clicked is what the seat's legal actions say; every
// element whose click acts carries `data-action` (the action string of the view's `legal`).

import { el, fill, loadStyle, svg } from "/static/dom.js";
import { oddsNode, riskFree } from "/static/generic.js";

await loadStyle("plugin-style-eternia-map", new URL("./eternia-map.css", import.meta.url).href);

const W = 900;
const H = 640;
const PAD = 40;
const TEAM = ["#3a6fd8", "#8b3fb0"];
const WAY = { border: "", path: "6 4", wrap: "2 4", flight: "8 3" };

export function createView(body, ctx) {
  const status = el("div", { class: "em-status", "aria-live": "polite" });
  const mapBox = el("div", { class: "em-map" });
  const teamsBox = el("section", { class: "panel em-teams", "aria-label": "Teams" });
  const roundBox = el("section", { class: "panel em-round", "aria-label": "Round track" });
  const decisionBox = el("section", { class: "panel em-decision", "aria-label": "Decision" });
  const combatBox = el("section", { class: "panel em-combat", "aria-label": "Combat", hidden: true });
  const heroesBox = el("section", { class: "panel em-heroes", "aria-label": "Heroes" });
  const offersBox = el("section", { class: "panel em-offers", "aria-label": "Merchants" });
  const logBox = el("section", { class: "panel log em-log", "aria-label": "Log" });
  fill(body,
    el("div", { class: "em" },
      status,
      el("div", { class: "em-main" },
        el("div", { class: "em-left" }, roundBox, mapBox, heroesBox),
        el("div", { class: "em-right" }, decisionBox, combatBox, teamsBox, offersBox, logBox))));

  let board = {};
  let view = null;

  function update(next) {
    if (!view || next.version !== view.version) odds = null;
    view = next;
    board = next.board || {};
    draw();
  }

  function draw() {
    const choices = board.choices || [];
    fill(status, choices.length ? "Your decision" : board.ending ? `Game over (${board.ending})` : "Waiting");
    drawMap(choices);
    drawTeams();
    drawRound();
    drawDecision(choices);
    drawCombat();
    drawHeroes();
    drawOffers();
    ctx.renderLog(logBox);
  }

  const place = (area) => [PAD + area.x * (W - 2 * PAD), PAD + area.y * (H - 2 * PAD)];

  function drawMap(choices) {
    const areas = new Map((board.areas || []).map((a) => [a.id, a]));
    const byArea = new Map();
    for (const c of choices) if (c.area && areas.has(c.area)) byArea.set(c.area, c);
    const layer = [];
    for (const way of board.ways || []) {
      const a = areas.get(way.a);
      const b = areas.get(way.b);
      if (!a || !b) continue;
      const [x1, y1] = place(a);
      const [x2, y2] = place(b);
      layer.push(svg("line", { class: `em-way em-${way.kind}`, x1, y1, x2, y2, "stroke-dasharray": WAY[way.kind] || "" }));
    }
    const held = new Map();
    (board.teams || []).forEach((t, i) => (t.outposts || []).forEach((o) => held.set(o, i)));
    const heroes = new Map();
    for (const h of board.heroes || []) {
      if (!heroes.has(h.area)) heroes.set(h.area, []);
      heroes.get(h.area).push(h);
    }
    for (const area of areas.values()) {
      const [x, y] = place(area);
      const choice = byArea.get(area.id);
      const owner = held.get(area.id);
      const attrs = {
        class: `em-area em-${area.kind}${choice ? " em-target" : ""}`,
        "data-area": area.id,
        transform: `translate(${x},${y})`,
      };
      if (choice) attrs["data-action"] = choice.action;
      const shape = area.kind === "outpost"
        ? svg("rect", { x: -16, y: -16, width: 32, height: 32, rx: 4, fill: owner === undefined ? "#ddd" : TEAM[owner] })
        : svg("circle", { r: 14, fill: "#cfe3b8" });
      const parts = [shape, svg("text", { class: "em-name", y: 30, text: area.name })];
      if (area.kind === "outpost") parts.push(svg("text", { class: "em-eternium", y: 5, text: `${area.eternium}` }));
      const marks = [area.tower ? "T" : "", area.merchant ? area.merchant[0].toUpperCase() : "", area.base ? "B" : ""].join("");
      if (marks) parts.push(svg("text", { class: "em-marks", x: 18, y: -12, text: marks }));
      const soldiers = (board.soldiers || {})[area.id];
      if (soldiers) parts.push(svg("text", { class: "em-soldiers", x: -18, y: -20, text: soldiers.map((n, i) => (n ? `${"◆".repeat(n)}` : "")).join(" ") }));
      if ((board.missions || []).includes(area.id)) parts.push(svg("circle", { class: "em-mission", cx: 14, cy: 14, r: 5 }));
      if ((board.vines || []).includes(area.id)) parts.push(svg("text", { class: "em-vine", x: -22, y: 20, text: "❦" }, svg("title", { text: "A vine" })));
      if (board.boss && board.boss.area === area.id) parts.push(svg("circle", { class: "em-boss", "data-boss": board.boss.id, cx: 16, cy: -24, r: 8 }, svg("title", { text: `The boss ${board.boss.id}: damage ${board.boss.damage}` })));
      if ((board.lairs || {})[area.id]) parts.push(svg("rect", { class: "em-lair", x: 10, y: 6, width: 10, height: 10 }, svg("title", { text: `Epic beast: ${board.lairs[area.id]}` })));
      (heroes.get(area.id) || []).forEach((h, k) => {
        parts.push(svg("circle", {
          class: `em-hero${h.activated && h.seat !== null ? " em-done" : ""}`, "data-hero": h.id, cx: -14 + k * 10, cy: -26, r: 6, fill: TEAM[h.team],
        }, svg("title", { text: `${h.name}: ${h.hp}/${h.health} HP` })));
      });
      const g = svg("g", attrs, ...parts);
      if (choice) g.addEventListener("click", () => ctx.act(choice.action));
      layer.push(g);
    }
    fill(mapBox, svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "em-svg", role: "img", "aria-label": "The map of Eternia" }, ...layer));
  }

  function drawTeams() {
    const solo = board.solo;
    fill(teamsBox, el("h2", { text: "Teams" }), ...(board.teams || []).map((t, i) =>
      el("p", { class: `em-team em-team-${i}` },
        el("strong", { text: t.name }),
        ` (${t.seats.length ? `seats ${t.seats.join(", ")}` : "the game"}): ${t.eternium} Eternium, ${t.vp} VP, ${t.soldiers} soldiers in supply, ${t.outposts.length} outposts`)),
      solo ? soloPanel(solo) : "");
  }

  // Against the game (spec §5.17): the difficulty, the objective, the defeat tracker, the enemy
  // decks by their sizes (never their order) and, at the end, the solo score.
  function soloPanel(solo) {
    const decks = solo.battle_decks || {};
    const score = solo.score || {};
    const parts = Object.keys(score).filter((k) => k !== "total").map((k) => `${k} ${score[k]}`);
    return el("p", { class: "em-solo" },
      el("strong", { text: `Against the game, ${solo.difficulty}` }),
      `: objective ${solo.objective}; ${solo.defeats} defeats; battle decks ${decks.momentum} momentum, ${decks.plain} plain; ${solo.effect_deck} effect cards`
        + (score.total !== undefined ? `; solo score ${score.total} (${parts.join(", ")})` : ""));
  }

  function drawRound() {
    const r = board.round || { track: [] };
    fill(roundBox, el("div", { class: "em-track" }, ...(r.track || []).map((s, i) =>
      el("span", {
        class: `em-space em-${s.time}${i + 1 === r.round ? " em-now" : ""}`,
        title: `Round ${i + 1}: ${s.time}${s.skull ? `, skull ${s.skull}` : ""}`,
        text: s.skull ? "☠" : s.time === "day" ? "☀" : "☾",
      }))), el("span", { class: "em-round-text", text: ` Round ${r.round} of ${r.rounds}: ${r.time}` }));
  }

  function drawDecision(choices) {
    const buttons = choices.map((c) =>
      el("button", { type: "button", "data-action": c.action, text: c.text, onclick: () => choose(c) }));
    fill(decisionBox, el("h2", { text: choices.length ? "Your choices" : "No choice of yours now" }), el("div", { class: "em-buttons" }, ...buttons));
  }

  function drawCombat() {
    const c = board.combat;
    combatBox.hidden = !c;
    if (!c) return;
    const lines = [];
    if (c.active && c.active.hero) lines.push(`Entering: ${c.active.hero} (damage ${c.active.damage || 0})`);
    for (const d of c.defenders || []) lines.push(`Defending: ${d.hero} (damage ${d.damage || 0})`);
    lines.push(`Defending soldiers: ${c.soldiers || 0}`);
    const epic = c.epic;
    const parts = [el("h2", { text: "Combat" }), ...lines.map((l) => el("p", { text: l }))];
    if (epic && epic.active && epic.defender) parts.push(grid(epic));
    if (odds) parts.push(oddsPanel());
    fill(combatBox, ...parts);
  }

  // The combat grid of an epic combat (spec §5.6.2): each side's row of three zones with the
  // cards played there (face-down ones as "?"), the epic die's faces, HP and the totals once
  // revealed.
  const ZONES = ["attack", "defense", "initiative"];

  function grid(epic) {
    const rows = [epic.active, epic.defender].map((side) => {
      const battle = side.enemy && epic.solo && epic.solo.battle ? `, battle card ${epic.solo.battle}` : "";
      const name = side.enemy ? `${side.enemy} (enemy${battle})` : side.hero || side.beast || side.encounter || "?";
      const cells = ZONES.map((zone) => {
        const up = (side.grid || []).filter((g) => g.zone === zone).map((g) => cardName(g.card));
        const down = (Array.isArray(side.down) ? side.down : []).filter((d) => d.zone === zone).map((d) => d.card ? `${cardName(d.card)} (face down)` : "?");
        const total = side.totals ? side.totals[zone] : null;
        return el("td", { class: "em-zone", "data-zone": zone, "data-side": side === epic.active ? "0" : "1" },
          el("div", { class: "em-cards", text: [...up, ...down].join(", ") || "—" }),
          total === null || total === undefined ? "" : el("div", { class: "em-total", text: `total ${total}` }));
      });
      const die = (side.epic || []).length ? `; epic die: ${(side.epic || []).join(", ")}` : "";
      const owner = (board.heroes || []).find((h) => h.id === (side.hero || side.enemy));
      return el("tr", { class: owner ? `em-team-${owner.team}` : "em-beast" },
        el("th", { scope: "row", text: `${name}: damage ${side.damage || 0}${die}` }), ...cells);
    });
    return el("table", { class: "data compact em-grid", "aria-label": `Epic combat, round ${epic.round || 1}` },
      el("caption", { text: `Epic combat, round ${epic.round || 1}${(epic.pending || []).length ? ` (${epic.pending[epic.pending.length - 1]})` : ""}` }),
      el("thead", {}, el("tr", {}, el("th", { text: "" }), ...ZONES.map((z) => el("th", { scope: "col", text: z })))),
      el("tbody", {}, ...rows));
  }

  const cardName = (card) => String(card).split("#")[0];

  // A choice during an epic combat shows its exact odds first (the shell's GET .../odds), then
  // Confirm or Cancel; a choice with nothing left to chance is taken at once.
  let odds = null;

  function oddsPanel() {
    const shown = odds; // the click may come after a new view dropped the odds: act only on these
    return el("div", { class: "em-odds" },
      el("h3", { text: `Odds: ${odds.text}` }),
      odds.value === undefined ? el("p", { class: "muted", text: "Looking up the odds..." }) : oddsNode(odds.value),
      el("div", { class: "em-buttons" },
        el("button", { type: "button", class: "secondary", text: "Cancel", onclick: () => { odds = null; drawCombat(); } }),
        el("button", { type: "button", class: "primary", "data-confirm": shown.action, text: "Confirm", onclick: () => {
          if (odds !== shown) return;
          odds = null;
          ctx.act(shown.action);
        } })));
  }

  async function choose(choice) {
    const epic = board.combat && board.combat.epic;
    if (!epic || !ctx.odds) { ctx.act(choice.action); return; }
    odds = { action: choice.action, text: choice.text };
    drawCombat();
    let value = null;
    try {
      value = (await ctx.odds(choice.action)).odds;
    } catch {
      value = null;
    }
    if (!odds || odds.action !== choice.action) return;
    if (riskFree(value)) { odds = null; ctx.act(choice.action); return; }
    odds.value = value;
    drawCombat();
  }

  function drawHeroes() {
    const mine = new Map((board.mine || []).map((m) => [m.id, m]));
    fill(heroesBox, el("h2", { text: "Heroes" }), el("ul", {}, ...(board.heroes || []).map((h) => {
      const own = mine.get(h.id);
      const extra = own ? ` — spells: ${own.spells.join(", ") || "none"}; backpack: ${own.backpack.join(", ") || "empty"}` : "";
      return el("li", { class: `em-hero-line em-team-${h.team}`, "data-hero": h.id,
        text: `${h.name} (${h.seat === null ? "enemy" : `seat ${h.seat}`}): ${h.hp}/${h.health} HP${h.activated && h.seat !== null ? ", activated" : ""}${h.flies ? ", flies" : ""}${h.held.length ? `; holds ${h.held.join(", ")}` : ""}${extra}` });
    })));
  }

  function drawOffers() {
    const offers = board.offers || {};
    const kinds = Object.keys(offers);
    offersBox.hidden = !kinds.length;
    fill(offersBox, el("h2", { text: "Merchants" }), ...kinds.map((k) => el("p", { text: `${k}: ${offers[k].join(", ")}` })));
  }

  return { update, key: "eternia-map", destroy() {} };
}
