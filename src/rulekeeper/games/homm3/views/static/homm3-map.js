// Heroes of Might and Magic III on the map in the browser (issue 25 §1): the tile map as on the
// table (an SVG of pointy-topped hexes), the move preview with the fight's odds, the decision
// panel and the panels around it (players, round track, towns, hand: homm3-map-panels.js),
// drawn from the view's `board` (views/web_map/). During a fight the combat board (homm3.js)
// takes the map's place; after it the fight's result stays on the map until the turn ends.
// In solo and co-op (issue 26) the AI heroes stand on the map as red diamonds, with their panel;
// when the seat chooses an AI hero's next field (homm3.md §9.13) those fields are clicked.
//
// No rule is computed here: what may be clicked is what the seat's legal actions say; every
// element whose click acts carries `data-action` (the action string of the view's `legal`).

import { el, fill, loadStyle, svg } from "/static/dom.js";
import { centre, hexPoints } from "/static/hexes.js";
import { combatOf, createCombat } from "./homm3.js";
import { drawAiHeroes, drawHand, drawPlayers, drawRoundTrack, drawTowns } from "./homm3-map-panels.js";

await loadStyle("plugin-style-homm3-map", new URL("./homm3-map.css", import.meta.url).href);

const S = 56; // pixels per hex across the flats
const TERRAIN = {
  dirt: "#c9a772", grass: "#8fbf6a", subterranean: "#8a7a8c", swamp: "#6f8f6a",
  rough: "#b99a6b", highlands: "#a3a86e", snow: "#e6eef2", lava: "#b5654a",
};
const BACKS = { far: "#3b4658", near: "#4f5e76", center: "#6e4646", starting: "#3f6470" };

/** Every `action` string in a panel's data (town and hand choices), to leave them out of the
 * decision panel's buttons. */
function actionsIn(value, found = new Set()) {
  if (Array.isArray(value)) value.forEach((v) => actionsIn(v, found));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if ((k === "action" || k === "actions") && typeof v === "string") found.add(v);
      else if (k === "actions" && Array.isArray(v) && v.every((x) => typeof x === "string")) v.forEach((x) => found.add(x));
      else actionsIn(v, found);
    }
  }
  return found;
}

/** The board-script contract: `createView(body, ctx)` with `update(view)`, `key`, `destroy`. */
export function createView(body, ctx) {
  const statusBox = el("div", { class: "hm-status", "aria-live": "polite" });
  const mapBox = el("div", { class: "hm-map-box" });
  const fightBox = el("div", { class: "hm-fight", hidden: true });
  const previewBox = el("section", { class: "panel hm-preview", hidden: true, "aria-live": "polite" });
  const decisionBox = el("section", { class: "panel hm-decision", "aria-label": "Decision" });
  const playersBox = el("section", { class: "panel hm-players", "aria-label": "Players" });
  const aiBox = el("section", { class: "panel hm-ai", "aria-label": "AI heroes", hidden: true });
  const roundBox = el("section", { class: "panel hm-round", "aria-label": "Round track" });
  const townsBox = el("section", { class: "panel hm-towns", "aria-label": "Your towns" });
  const handBox = el("section", { class: "panel hm-hand", "aria-label": "Your hand" });
  const logBox = el("section", { class: "panel log hm-log", "aria-label": "Log" });
  fill(body,
    el("div", { class: "hm" },
      statusBox,
      el("div", { class: "hm-main" },
        el("div", { class: "hm-left" }, roundBox, mapBox, fightBox, handBox),
        el("div", { class: "hm-right" }, decisionBox, previewBox, playersBox, aiBox, townsBox, logBox))));

  let view = null;
  let board = null;
  let selected = null; // the move previewed: an entry of map_seat.moves
  let odds = null; // {action, answer | "working" | "none"}
  let combat = null; // the combat screen while a fight is drawn

  const act = (action) => {
    selected = null;
    odds = null;
    ctx.act(action);
  };

  function update(next) {
    view = next;
    board = next.board || {};
    const moves = (board.map_seat && board.map_seat.moves) || [];
    if (selected && !moves.some((m) => m.action === selected.action)) {
      selected = null;
      odds = null;
    }
    draw();
  }

  function draw() {
    const decision = (board.map_seat && board.map_seat.decision) || {};
    fill(statusBox, decision.status || "");
    const fighting = Boolean(board.fight);
    fightBox.hidden = !fighting;
    mapBox.hidden = fighting;
    if (fighting) drawFight();
    else {
      if (combat) {
        combat.destroy?.();
        combat = null;
        fill(fightBox);
      }
      drawMap();
    }
    decisionBox.hidden = fighting; // the combat board has its own decision panel
    drawDecision(decision);
    drawPreview();
    drawPlayers(playersBox, board.players || [], ctx);
    const ais = (board.map && board.map.ai_heroes) || [];
    aiBox.hidden = !ais.length;
    drawAiHeroes(aiBox, ais);
    drawRoundTrack(roundBox, board.round || {}, ctx);
    drawTowns(townsBox, board.towns || [], board.towns_public || [], ctx);
    // a spectator has no hand; in a fight the hand is the combat board's
    handBox.hidden = view.seat === null || view.seat === undefined || fighting;
    drawHand(handBox, board.hand || {}, ctx);
    ctx.renderLog(logBox);
  }

  // --- the fight ---

  function drawFight() {
    const data = combatOf({ combat: board.fight, combat_seat: board.fight_seat || { seat: view.seat } });
    if (!combat) combat = createCombat(fightBox, ctx, { log: false });
    combat.update(view, data);
  }

  // --- the map ---

  function drawMap() {
    const map = board.map || {};
    const layout = board.map_layout || { slots: [] };
    const moves = new Map(((board.map_seat && board.map_seat.moves) || []).map((m) => [m.to, m]));
    const aiSteps = new Map(((board.map_seat && board.map_seat.ai_steps) || []).map((m) => [m.to, m]));
    const guards = new Map((map.guards || []).map((g) => [g.field, g]));
    const flags = new Map((map.flags || []).map((f) => [f.field, f]));
    const towns = new Map((map.towns || []).map((t) => [t.field, t]));
    const visited = new Set(map.visited || []);
    const all = [];
    const layer = { backs: [], fields: [], walls: [], marks: [], heroes: [] };
    const seen = new Set();

    for (const back of map.backs || []) {
      for (const f of back.fields) {
        all.push(f);
        seen.add(f.key);
        const [x, y] = centre(f.q, f.r, S);
        layer.backs.push(svg("polygon", {
          class: `hm-back k-${back.kind}`, points: hexPoints(x, y, S, 0.98), fill: BACKS[back.kind] || "#666",
          dataset: { key: f.key, slot: back.at },
        }, svg("title", { text: `Face-down ${back.kind_name} tile` })));
      }
      const [x, y] = centre(...back.at.split(",").map(Number), S);
      layer.marks.push(svg("text", { class: "hm-back-label", x, y: y + 6, "text-anchor": "middle", text: back.kind_name }));
    }
    for (const tile of map.tiles || []) {
      for (const f of tile.fields) {
        all.push(f);
        seen.add(f.key);
        layer.fields.push(fieldNode(tile, f, moves.get(f.key), guards.get(f.key), flags.get(f.key), towns.get(f.key), visited.has(f.key), aiSteps.get(f.key)));
      }
      for (const [a, b] of tile.walls || []) layer.walls.push(wallNode(a, b));
    }
    for (const slot of layout.slots || []) {
      for (const f of slot.fields) if (!seen.has(f.key)) all.push(f); // slots still empty: room kept
    }
    for (const back of map.backs || []) { // a face-down field an AI hero may turn up next
      for (const f of back.fields) {
        const step = aiSteps.get(f.key);
        if (step) layer.marks.push(aiStepNode(f, step));
      }
    }
    const heroesAt = new Map();
    for (const hero of [...(map.heroes || []), ...(map.ai_heroes || []).map((a) => ({ ...a, ai: true }))]) {
      if (!hero.field) continue;
      const list = heroesAt.get(hero.field) || [];
      list.push(hero);
      heroesAt.set(hero.field, list);
    }
    for (const [key, list] of heroesAt) {
      const [q, r] = key.split(",").map(Number);
      const [x, y] = centre(q, r, S);
      list.forEach((hero, i) => {
        const at = x + (i - (list.length - 1) / 2) * 18;
        layer.heroes.push(hero.ai ? aiHeroNode(hero, at, y + 12) : heroNode(hero, at, y + 12));
      });
    }
    if (!all.length) {
      fill(mapBox, el("p", { class: "muted", text: "No tile on the map yet." }));
      return;
    }
    const xs = all.map((f) => centre(f.q, f.r, S)[0]);
    const ys = all.map((f) => centre(f.q, f.r, S)[1]);
    const pad = S * 0.7;
    const minX = Math.min(...xs) - pad;
    const minY = Math.min(...ys) - pad;
    const width = Math.max(...xs) - minX + pad;
    const height = Math.max(...ys) - minY + pad;
    const drawing = svg("svg", {
      class: "hm-map", viewBox: `${minX.toFixed(1)} ${minY.toFixed(1)} ${width.toFixed(1)} ${height.toFixed(1)}`,
      role: "img", "aria-label": "The map",
    }, ...layer.backs, ...layer.fields, ...layer.walls, ...layer.marks, ...layer.heroes);
    drawing.addEventListener("click", (event) => {
      const step = event.target.closest(".ai-step");
      if (step) {
        act(step.dataset.action);
        return;
      }
      const target = event.target.closest(".hm-field.reach");
      if (target) preview(target.dataset.action);
    });
    fill(mapBox, resultNode(), drawing);
  }

  function fieldNode(tile, f, move, guard, flag, town, wasVisited, aiStep) {
    const [x, y] = centre(f.q, f.r, S);
    const classes = ["hm-field", `t-${tile.terrain}`, `l-${f.location}`];
    if (f.blocked) classes.push("blocked");
    if (move) classes.push("reach");
    if (aiStep) classes.push("ai-step");
    if (selected && move && selected.action === move.action) classes.push("selected");
    const attrs = { class: classes.join(" "), dataset: { key: f.key, tile: tile.tile } };
    if (aiStep) {
      attrs.dataset.action = aiStep.action;
      attrs.tabindex = 0;
      attrs.role = "button";
      attrs["aria-label"] = aiStep.text;
    } else if (move) {
      attrs.dataset.action = move.action;
      attrs.dataset.mp = move.mp;
      attrs.tabindex = 0;
      attrs.role = "button";
      attrs["aria-label"] = move.text;
    }
    const title = f.title + (aiStep ? `\n\nClick: ${aiStep.text}` : move ? `\n\nClick: ${move.text} (${move.mp} MP)` : "");
    const parts = [
      svg("polygon", { class: "hm-hex", points: hexPoints(x, y, S, 0.97), fill: f.blocked ? "#4b4640" : TERRAIN[tile.terrain] || "#aaa" }),
      svg("title", { text: title }),
    ];
    if (f.code) parts.push(svg("text", { class: "hm-code", x, y: y - 6, "text-anchor": "middle", text: f.code }));
    if (town) {
      parts.push(svg("rect", { class: "hm-town", x: x - 14, y: y - 24, width: 28, height: 8, fill: town.colour }));
    }
    if (flag) {
      parts.push(svg("g", { class: "hm-flag", dataset: { seat: flag.seat } },
        svg("line", { x1: x + 12, y1: y - 20, x2: x + 12, y2: y - 4, stroke: "#222", "stroke-width": 1.5 }),
        svg("polygon", { points: `${x + 12},${y - 20} ${x + 24},${y - 16} ${x + 12},${y - 12}`, fill: flag.colour }),
        svg("title", { text: `Flagged by ${flag.faction_name}` })));
    }
    if (guard) {
      parts.push(svg("g", { class: "hm-guard", dataset: { difficulty: guard.difficulty } },
        svg("circle", { cx: x - 15, cy: y - 15, r: 9, class: guard.difficulty < 4 ? "low" : "high" }),
        svg("text", { x: x - 15, y: y - 11, "text-anchor": "middle", text: roman(guard.difficulty) }),
        svg("title", { text: `Guarded: Field Difficulty ${guard.difficulty} (${guard.draws})` })));
    }
    if (wasVisited) {
      parts.push(svg("rect", { class: "hm-visited", x: x + 8, y: y + 4, width: 8, height: 8 },
        svg("title", { text: "Visited (its black cube is on it)" })));
    }
    if (move) parts.push(svg("text", { class: "hm-mp", x, y: y + 22, "text-anchor": "middle", text: `${move.mp} MP` }));
    return svg("g", attrs, ...parts);
  }

  /** A face-down field the AI hero may turn up next: a ring to click over its back. */
  function aiStepNode(f, step) {
    const [x, y] = centre(f.q, f.r, S);
    return svg("g", { class: "hm-field ai-step hm-ai-back", dataset: { key: f.key, action: step.action }, tabindex: 0, role: "button", "aria-label": step.text },
      svg("polygon", { class: "hm-hex", points: hexPoints(x, y, S, 0.9), fill: "transparent" }),
      svg("title", { text: `Click: ${step.text}` }));
  }

  /** An AI hero's figure: a red diamond marked AI, unlike the players' round figures. */
  function aiHeroNode(hero, x, y) {
    const r = 11;
    return svg("g", { class: "hm-ai-hero", dataset: { ai: hero.id } },
      svg("polygon", { points: `${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}`, fill: hero.colour }),
      svg("text", { x, y: y + 3, "text-anchor": "middle", text: "AI" }),
      svg("title", { text: `AI hero ${hero.name} (${hero.faction_name}), ${hero.mp} MP` }));
  }

  function wallNode(a, b) {
    const [qa, ra] = a.split(",").map(Number);
    const [qb, rb] = b.split(",").map(Number);
    const [xa, ya] = centre(qa, ra, S);
    const [xb, yb] = centre(qb, rb, S);
    const mx = (xa + xb) / 2;
    const my = (ya + yb) / 2;
    const dx = (yb - ya) / 2 / Math.sqrt(3) * 1.15;
    const dy = -(xb - xa) / 2 / Math.sqrt(3) * 1.15;
    return svg("line", { class: "hm-wall", x1: mx - dx, y1: my - dy, x2: mx + dx, y2: my + dy });
  }

  function heroNode(hero, x, y) {
    const mine = view && view.seat === hero.seat;
    return svg("g", { class: `hm-hero ${hero.main ? "main" : "secondary"}${mine ? " mine" : ""}`, dataset: { hero: hero.id, seat: hero.seat } },
      svg("circle", { cx: x, cy: y, r: hero.main ? 10 : 7, fill: hero.colour }),
      svg("text", { x, y: y + 4, "text-anchor": "middle", text: hero.main ? hero.name.slice(0, 1) : "+" }),
      svg("title", { text: `${hero.main ? "Main" : "Secondary"} Hero ${hero.name}, ${hero.mp} MP` }));
  }

  /** The last fight's result, in a box over the map's top edge. */
  function resultNode() {
    const fight = board.last_fight;
    if (!fight) return null;
    const lines = [];
    for (const side of fight.sides || []) {
      const who = side.hero_name || (side.kind === "neutral" ? "The neutral units" : side.kind);
      const parts = [`lost ${side.lost.length ? side.lost.join(", ") : "no unit"}`];
      if (side.experience) parts.push(`+${side.experience} Exp`);
      if (side.resources.length) parts.push(side.resources.join(", "));
      lines.push(`${who} (${side.side}): ${parts.join("; ")}`);
    }
    lines.push(...(fight.after || []));
    return el("div", { class: "hm-fight-result", "aria-live": "polite" },
      el("div", { class: "hm-result-head", text: `Fight at ${fight.place}: ${fight.ending}, the ${fight.winner} won` }),
      ...lines.map((line) => el("div", { text: line })));
  }

  // --- the move preview ---

  function preview(action) {
    const moves = (board.map_seat && board.map_seat.moves) || [];
    selected = moves.find((m) => m.action === action) || null;
    odds = null;
    if (selected && selected.fight && ctx.odds) {
      odds = { action, answer: "working" };
      ctx.odds(action).then((answer) => {
        if (odds && odds.action === action) {
          odds.answer = (answer && answer.odds) || "none";
          drawPreview();
        }
      }).catch(() => {
        if (odds && odds.action === action) {
          odds.answer = "none";
          drawPreview();
        }
      });
    }
    drawMap();
    drawPreview();
  }

  function drawPreview() {
    previewBox.hidden = !selected || Boolean(board.fight);
    if (previewBox.hidden) {
      fill(previewBox);
      return;
    }
    const oddsNode = odds ? el("div", { class: "hm-odds" }, oddsText(odds.answer)) : null;
    fill(previewBox,
      el("h2", { class: "panel-title", text: "Move" }),
      el("p", { class: "hm-preview-mp", text: `${selected.mp} MP (${selected.mp_left} left after)` }),
      el("pre", { class: "hm-preview-text", text: selected.preview }),
      oddsNode,
      el("div", { class: "row" },
        el("button", { type: "button", class: "primary confirm", dataset: { action: selected.action }, text: "Confirm", onClick: () => act(selected.action) }),
        el("button", { type: "button", class: "secondary cancel", text: "Cancel", onClick: cancel })));
  }

  function oddsText(answer) {
    if (answer === "working") return "Odds: working out (battles played out from what you know)…";
    if (!answer || answer === "none") return "Odds: not known for this move";
    const p = answer.percent || {};
    return `Odds: about ${p.win}% to win (${p.low}–${p.high}%), lose ${p.lose}%, other ${p.other}% ` +
      `over ${answer.runs} runs; units lost on average: yours ${answer.lost}, the enemy's ${answer.enemy_lost}`;
  }

  function cancel() {
    if (!selected) return false;
    selected = null;
    odds = null;
    drawMap();
    drawPreview();
    return true;
  }

  // --- the decision panel ---

  function drawDecision(decision) {
    decisionBox.classList.toggle("window", Boolean(decision.window));
    decisionBox.classList.toggle("yours", Boolean(decision.yours));
    const legal = (view && view.legal) || [];
    const taken = actionsIn([board.towns, board.hand]);
    const seatPart = board.map_seat || {};
    const onMap = new Set([...(seatPart.moves || []), ...(seatPart.ai_steps || [])].map((m) => m.action));
    const buttons = board.fight ? [] : legal
      .filter((entry) => !onMap.has(entry.action) && !taken.has(entry.action))
      .map((entry) => el("button", { type: "button", class: entry.kind === "end-turn" ? "primary" : "secondary", dataset: { action: entry.action }, title: entry.action, text: entry.text, onClick: () => act(entry.action) }));
    const waiting = decision.yours ? "Your decision" : decision.waiting_for && decision.waiting_for.length ? `Waiting for ${decision.waiting_for.join(" and ")}` : "";
    fill(decisionBox,
      el("h2", { class: "panel-title", text: decision.window ? "Town actions out of turn" : "Decision" }),
      el("p", { class: "hm-prompt", text: decision.prompt || "" }),
      waiting ? el("p", { class: "hm-waiting muted", text: waiting }) : null,
      ...(decision.details || []).map((line) => el("p", { class: "hm-detail", text: line })),
      buttons.length ? el("div", { class: "hm-buttons" }, ...buttons) : null,
      (seatPart.ai_steps || []).length ? el("p", { class: "muted small", text: "Click a red-ringed field: the AI hero goes there." }) :
        onMap.size ? el("p", { class: "muted small", text: "Click a highlighted field to preview a move." }) : null);
  }

  return {
    update,
    key(event) {
      if (combat && board && board.fight) return combat.key(event);
      if (event.key === "Escape") return cancel();
      if (event.key === "Enter" && selected) {
        act(selected.action);
        return true;
      }
      return false;
    },
    destroy() {
      if (combat) combat.destroy?.();
      combat = null;
    },
  };
}

function roman(n) {
  return ["", "I", "II", "III", "IV", "V", "VI", "VII"][n] || String(n);
}
