// Heroes of Might and Magic III combat in the browser (issue 23 §1): the 4×5 battlefield as the
// table looks, the unit cards on their fields, the activation order, the heroes and the hand,
// drawn from the view's `board` (views/web/: its `combat` part, what every seat sees, and its
// `combat_seat` part, the seat's own hand and choices mapped to clicks).
//
// The combat is a sub-procedure: the map game's board draws its fights with `createCombat`
// (or `drawCombat`) on the combat part of its own view; `createView` is the combat game's
// screen. No rule is computed here: what may be clicked is what the seat's legal actions say.

import { el, fill, loadStyle } from "/static/dom.js";
import { heroPanel, loadGlossary, oddsTable, orderStrip, resultLabel, sideOf, unitCard, unitDetails } from "./parts.js";

await loadStyle("plugin-style-homm3", new URL("./homm3.css", import.meta.url).href);
await loadGlossary(); // the hover definitions of the board's words (issue 23 §2.4)

const GRAVE_KINDS = new Set(["surrender", "retreat", "flee"]);
// An attack shows the exact odds of the whole action first, with a button to confirm it; an
// action that ends the battle for the side (surrender, retreat, flee) asks first; every other
// choice is taken on its click (issue 23 §2.10: no second confirmation without a risk).
const PREVIEW_KINDS = new Set(["attack"]);
const RESULT_MS = 3500; // how long a result stays on its unit
const COLUMNS = 4;
const ROWS = 5;

/** The combat part of a board: the public part and the seat's own, as one object. */
export function combatOf(board) {
  if (!board) return null;
  if (board.combat) return { ...board.combat, ...(board.combat_seat || {}), grid: board.combat.grid || board.grid };
  return board;
}

/** Draws the combat `data` (combatOf(board)) into `element` once; returns the screen, whose
 * `update(view, data)` redraws it (a map board embedding a fight keeps it). */
export function drawCombat(element, data, ctx, view = null, options = {}) {
  const screen = createCombat(element, ctx, options);
  screen.update(view || ctx.view || { seat: null, to_act: [], legal: [], log: [] }, data);
  return screen;
}

/** The combat game's screen (the board-script contract): `update(view)`, `key(event)`, `destroy()`. */
export function createView(body, ctx) {
  const combat = createCombat(body, ctx);
  return {
    update: (view) => combat.update(view, combatOf(view.board)),
    key: (event) => combat.key(event),
    destroy: () => combat.destroy(),
  };
}

/** The combat board in `root`, driven by `ctx` (act, odds, renderLog, confirm, toast);
 * `options.log` false leaves the log out (a map board showing its own). */
export function createCombat(root, ctx, options = {}) {
  const withLog = options.log !== false;
  const promptBox = el("div", { class: "h3-prompt", "aria-live": "polite" });
  const orderBox = el("div", { class: "h3-order-box" });
  const fieldBox = el("div", { class: "h3-field-box" });
  const reserveBoxes = [el("div", { class: "h3-reserve", dataset: { side: 0 } }), el("div", { class: "h3-reserve", dataset: { side: 1 } })];
  const resultsBox = el("div", { class: "h3-results", "aria-live": "polite", "aria-label": "Latest results" });
  const heroesBox = el("section", { class: "panel h3-heroes", "aria-label": "Heroes" });
  const decisionBox = el("section", { class: "panel decision h3-decision", "aria-live": "polite", "aria-label": "Decision" });
  const handBox = el("section", { class: "panel h3-hand", "aria-label": "Your hand" });
  const cardBox = el("section", { class: "panel h3-card", "aria-label": "Selected unit" });
  const logBox = el("section", { class: "panel log", "aria-label": "Log" });
  fill(root,
    el("div", { class: "h3" },
      promptBox,
      el("div", { class: "h3-main" },
        el("div", { class: "h3-left" }, orderBox, reserveBoxes[1], fieldBox, reserveBoxes[0], resultsBox),
        el("div", { class: "h3-right" }, decisionBox, heroesBox, handBox, cardBox, withLog ? logBox : null))));

  let view = null;
  let data = null;
  let selected = null; // a unit id: its card is shown; a unit in reserve: where it may be placed
  let chosenCard = null; // a card of the hand: its targets highlighted
  let pending = null; // an action hint waiting for confirmation (an attack with its odds)
  let choices = null; // several hints for one click: {title, hints}
  let oddsShown = null; // {action, odds} fetched from the server for the pending attack
  let seenSeq = -1; // the newest result shown in place
  let resultTimer = null;
  const flashes = new Map(); // unit id or field name -> labels shown for a moment
  const resultLines = []; // the latest results, newest last (under the board)

  const hints = () => (data && data.actions) || [];
  const hint = (index) => hints()[index];
  const units = () => (data && data.units) || [];
  const unitOf = (id) => units().find((u) => u.id === id) || null;
  const nameOf = (id) => (unitOf(id) ? unitOf(id).name : id);
  const clicks = () => (data && data.clicks) || { units: {}, fields: {}, cards: {}, buttons: [] };
  const mySides = () => (data && data.my_sides) || [];
  const heroesOf = () => (data && (data.sides || data.heroes)) || [];
  const sideIndex = (entry) => (typeof entry.side === "number" ? entry.side : entry.index);
  const siege = () => (data && data.siege) || null;
  const decision = () => (data && data.decision) || {};
  /** The side seen at the bottom: the seat's own (the attacker for a spectator). */
  const bottomSide = () => (mySides().length === 1 ? mySides()[0] : 0);

  // --- choosing ---

  function choose(h) {
    choices = null;
    if (GRAVE_KINDS.has(h.kind)) {
      ctx.confirm(`${h.text}? The battle ends for your side.`, "Yes", "No").then((yes) => {
        if (yes) ctx.act(h.action);
      });
      return;
    }
    if (!PREVIEW_KINDS.has(h.kind)) {
      act(h);
      return;
    }
    pending = h;
    oddsShown = null;
    if (h.kind === "attack" && !h.odds) fetchOdds(h);
    renderDecision();
    renderField();
    renderCard();
  }

  function act(h) {
    pending = null;
    choices = null;
    chosenCard = null;
    if (h.kind === "place") selected = null;
    ctx.act(h.action);
    renderDecision();
  }

  function fetchOdds(h) {
    // The shell's odds (GET .../odds: state.odds of the whole attack action), asked on the click:
    // a view carries none (they take a tenth of a second each to work out).
    if (!ctx.odds) return;
    ctx.odds(h.action).then((answer) => {
      if (pending && pending.action === h.action && answer && answer.odds) {
        oddsShown = { action: h.action, odds: answer.odds };
        renderDecision();
      }
    }).catch(() => {});
  }

  function chooseAmong(title, list) {
    if (list.length === 1) {
      choose(list[0]);
      return;
    }
    pending = null;
    choices = { title, hints: list };
    renderDecision();
  }

  function cancel() {
    if (pending || choices || chosenCard || selected) {
      pending = null;
      choices = null;
      chosenCard = null;
      selected = null;
      renderAll();
      return true;
    }
    return false;
  }

  function confirmPending() {
    if (!pending) return false;
    act(pending);
    return true;
  }

  /** A click on a unit: its card; and what may be done to it now (attack, activate, target). */
  function clickUnit(id) {
    const here = (clicks().units[id] || []).map(hint).filter(Boolean);
    // a card's plays only once the card is chosen: a click to read a unit's card plays nothing
    let list = chosenCard ? here.filter((h) => h.card === chosenCard) : here.filter((h) => !h.card);
    const places = list.filter((h) => h.kind === "place");
    selected = id;
    pending = null;
    choices = null;
    if (places.length && places.length === list.length) {
      renderAll(); // a unit in reserve: its fields are highlighted
      return;
    }
    list = list.filter((h) => h.kind !== "place");
    if (list.length) chooseAmong(`${nameOf(id)}:`, list);
    else renderAll();
  }

  /** A click on a field: a move, a placement of the selected unit, the gate, a breach, a teleport. */
  function clickField(name) {
    let list = (clicks().fields[name] || []).map(hint).filter(Boolean);
    const places = list.filter((h) => h.kind === "place");
    if (places.length) {
      const mine = places.filter((h) => h.unit === selected);
      list = list.filter((h) => h.kind !== "place").concat(mine.length ? mine : []);
      if (!mine.length && !list.length) {
        ctx.toast("Pick a unit in reserve first, then its field.");
        return;
      }
    }
    list = chosenCard ? list.filter((h) => h.card === chosenCard) : list.filter((h) => !h.card);
    if (list.length) chooseAmong(`Field ${name}:`, list);
  }

  function clickCard(card) {
    const list = (clicks().cards[card.id] || []).map(hint).filter(Boolean);
    chosenCard = list.length && chosenCard !== card.id ? card.id : null; // a second click puts it back
    pending = null;
    choices = chosenCard ? { title: `${card.name}:`, hints: list } : null;
    renderAll();
  }

  // --- drawing ---

  function renderPrompt() {
    const d = decision();
    const mine = view && view.seat !== null && (view.to_act || []).includes(view.seat);
    // the seat's own words when it decides; else what is being decided, or that dice roll
    const rolling = d.chance ? data.prompt || "The dice are rolled" : null;
    const text = (mine ? data.prompt : rolling) || d.prompt || data.pending_text || "";
    const battle = data.battle || {};
    fill(promptBox,
      el("span", { class: "h3-round" }, battle.site_text ? `${battle.site_text}. ` : "", `Round ${battle.round ?? data.round ?? 0}`),
      el("span", { class: `h3-ask${d.window && mine ? " window" : ""}${mine ? " mine" : ""}` }, text),
      d.rule ? el("span", { class: "small muted h3-rule", text: d.rule }) : null,
      data.result ? el("strong", { class: "h3-result", text: typeof data.result === "string" ? data.result : (data.result.text || "The battle is over") }) : null);
  }

  /** Highlights: the fields and units the seat may click now, by kind. */
  function marks() {
    const fieldMarks = new Map();
    const unitMarks = new Map();
    const add = (map, key, cls) => {
      if (!map.has(key)) map.set(key, new Set());
      map.get(key).add(cls);
    };
    for (const [name, indices] of Object.entries(clicks().fields)) {
      for (const h of indices.map(hint).filter(Boolean)) {
        if (h.kind === "place" && h.unit !== selected) continue;
        if (chosenCard && h.card !== chosenCard) continue;
        if (!chosenCard && h.card) continue;
        add(fieldMarks, name, `k-${h.kind}`);
      }
    }
    if (!fieldMarks.size) { // where the active unit may move, by its type (not ours to click)
      for (const name of decision().reach || []) add(fieldMarks, name, "seen");
    }
    for (const [id, indices] of Object.entries(clicks().units)) {
      for (const h of indices.map(hint).filter(Boolean)) {
        if (chosenCard ? h.card !== chosenCard : h.card) continue;
        add(unitMarks, id, `k-${h.kind}`);
      }
    }
    return { fieldMarks, unitMarks };
  }

  function renderField() {
    const bottom = bottomSide();
    const { fieldMarks, unitMarks } = marks();
    const fields = new Map((data.fields || []).map((f) => [f.name, f]));
    const lines = ((data.grid && data.grid.lines) || []);
    const rowOrder = bottom === 0 ? [4, 3, 2, 1, 0] : [0, 1, 2, 3, 4];
    const columnOrder = bottom === 0 ? [0, 1, 2, 3] : [3, 2, 1, 0];
    const grid = el("div", { class: "h3-grid", role: "grid", "aria-label": "Combat board" });
    for (const row of rowOrder) {
      const line = lines.find((l) => l.row === row);
      const lineSide = row < 2 ? 0 : row > 2 ? 1 : null;
      grid.append(el("div", { class: `h3-line-label${lineSide === null ? " middle" : ` side-${lineSide}`}`, role: "rowheader" }, line ? line.name : `row ${row + 1}`));
      for (const column of columnOrder) {
        const index = row * COLUMNS + column;
        const name = `${"abcd"[column]}${row + 1}`;
        const f = fields.get(name) || { index, name };
        grid.append(drawField(f, row, fieldMarks.get(name), unitMarks));
      }
    }
    const tower = siege() && siege().tower;
    const towerUnit = tower ? unitOf(tower.unit) : null;
    fill(fieldBox, grid,
      towerUnit ? el("div", { class: `h3-tower${tower.destroyed ? " fallen" : ""}` },
        el("span", { class: "small", text: `Arrow Tower (${tower.state}${tower.destroyed ? "" : `, HP ${tower.hp_left} of ${tower.hp}`})` }),
        drawUnit(towerUnit, unitMarks)) : null);
    for (const side of [0, 1]) drawReserve(side, unitMarks);
    // the seat's own reserve below the board, the other's above
    reserveBoxes[0].style.order = bottom === 0 ? 3 : 1;
    reserveBoxes[1].style.order = bottom === 0 ? 1 : 3;
  }

  function drawField(f, row, fieldMark, unitMarks) {
    const classes = ["h3-field", row < 2 ? "side-0" : row > 2 ? "side-1" : "middle"];
    if (f.work) classes.push(`work-${f.work}`, f.work_state === "breached" ? "breached" : "standing");
    const clickable = fieldMark && !fieldMark.has("seen");
    if (clickable) classes.push("reach", ...fieldMark);
    else if (fieldMark) classes.push("reach-seen");
    const unit = f.unit ? unitOf(f.unit) : null;
    const flash = flashes.get(f.name);
    const cell = el("div", {
      class: classes.join(" "),
      role: "gridcell",
      dataset: { field: f.name },
      tabindex: clickable ? 0 : null,
      "aria-label": `${f.name}${f.work ? `, ${f.work} ${f.work_state}` : ""}${unit ? `, ${unit.name}` : ""}`,
      onClick: (event) => {
        if (event.target.closest(".h3-unit") && unit) return;
        if (clickable) clickField(f.name);
      },
      onKeydown: (event) => {
        if (event.key === "Enter" && clickable) {
          event.stopPropagation();
          clickField(f.name);
        }
      },
    },
    el("span", { class: "h3-field-name" }, f.name),
    f.work ? el("span", { class: "h3-work", title: `${f.work === "gate" ? "Gate" : "Wall"}: ${f.work_state}` }, f.work === "gate" ? `Gate${f.work_state === "breached" ? " (breached)" : ""}` : `Wall${f.work_state === "breached" ? " (breached)" : ""}`) : null,
    unit ? drawUnit(unit, unitMarks, false) : null,
    flashOf([...(flash || []), ...((unit && flashes.get(unit.id)) || [])]));
    return cell;
  }

  /** Results shown for a moment (the die face, damage, a flip), in place. */
  function flashOf(labels) {
    return labels.length ? el("div", { class: "h3-flash", "aria-label": "latest result" }, labels.map((t) => el("span", {}, t))) : null;
  }

  function drawUnit(unit, unitMarks, withFlash = true) {
    const mark = unitMarks.get(unit.id);
    const classes = [];
    if (mark) classes.push("clickable", ...mark);
    if (selected === unit.id) classes.push("selected");
    if (decision().active === unit.id) classes.push("active");
    if (pending && pending.unit === unit.id) classes.push("targeted");
    const card = unitCard(unit, { classes, active: decision().active === unit.id });
    card.tabIndex = 0;
    card.addEventListener("click", () => clickUnit(unit.id));
    card.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.stopPropagation();
        clickUnit(unit.id);
      }
    });
    if (withFlash && flashes.has(unit.id)) card.append(flashOf(flashes.get(unit.id)));
    return card;
  }

  function drawReserve(side, unitMarks) {
    const waiting = units().filter((u) => sideOf(u) === side && !u.destroyed && (u.field === null || u.field === -1) && !u.tower);
    const fallen = units().filter((u) => sideOf(u) === side && u.destroyed);
    const heroEntry = heroesOf().find((h) => sideIndex(h) === side);
    const who = heroEntry ? heroEntry.name : side === 0 ? "Attacker" : "Defender";
    fill(reserveBoxes[side],
      waiting.length ? el("div", { class: "h3-tray" }, el("span", { class: "small h3-tray-title" }, `${who}: in reserve`), waiting.map((u) => drawUnit(u, unitMarks))) : null,
      fallen.length ? el("p", { class: "small muted h3-fallen", text: `${who}: destroyed: ${fallen.map((u) => u.name).join(", ")}` }) : null);
  }

  function renderDecision() {
    if (!view) return;
    const mine = view.seat !== null && (view.to_act || []).includes(view.seat);
    const parts = [];
    if (pending) {
      parts.push(el("p", { class: "h3-pending", dataset: { action: pending.action, kind: pending.kind } }, pending.text));
      const odds = pending.kind === "attack" ? (oddsShown && oddsShown.action === pending.action ? oddsShown.odds : pending.odds) : null;
      if (pending.kind === "attack") parts.push(odds ? oddsTable(odds, nameOf) : el("p", { class: "muted", text: "Working out the odds..." }));
      parts.push(el("div", { class: "buttons" },
        el("button", { type: "button", class: "primary confirm", onClick: confirmPending }, "Confirm (Enter)"),
        el("button", { type: "button", class: "secondary", onClick: cancel }, "Cancel (Esc)")));
    } else if (choices) {
      parts.push(el("p", {}, choices.title));
      parts.push(el("div", { class: "buttons column" }, choices.hints.map((h, i) =>
        el("button", { type: "button", dataset: { key: i + 1, kind: h.kind }, onClick: () => choose(h) }, `${i + 1}. ${h.text}`))));
      parts.push(el("button", { type: "button", class: "secondary small", onClick: cancel }, "Cancel (Esc)"));
    }
    if (mine && !pending) {
      const buttons = (clicks().buttons || []).map(hint).filter(Boolean);
      if (buttons.length) {
        parts.push(el("div", { class: "buttons h3-buttons" }, buttons.map((h, i) =>
          el("button", {
            type: "button",
            class: GRAVE_KINDS.has(h.kind) ? "danger small" : h.kind === "pass" ? "primary" : "",
            dataset: { key: choices ? null : i + 1, kind: h.kind },
            onClick: () => choose(h),
          }, `${choices ? "" : `${i + 1}. `}${h.text}`))));
      }
      const onBoard = hints().length - buttons.length;
      if (onBoard > 0 && !choices) {
        parts.push(el("p", { class: "small muted" }, hintWords()));
      }
    }
    if (!mine && !pending && !choices) {
      const d = decision();
      const over = data.result || (data.battle && data.battle.over);
      parts.push(el("p", { class: "muted small" }, over ? "The battle is over." :
        d.chance ? "Dice are rolling..." : (d.waiting_for || []).length ? `Waiting for ${d.waiting_for.join(" and ")}.` : ""));
    }
    fill(decisionBox, el("h2", { class: "panel-title" }, "Decision"), parts);
  }

  /** What the highlights on the board mean now, in words. */
  function hintWords() {
    const kinds = new Set(hints().filter((h) => !(clicks().buttons || []).includes(h.index)).map((h) => h.kind));
    const words = [];
    if (kinds.has("place")) words.push(selected && unitOf(selected) && unitOf(selected).where === "reserve" ? `click a highlighted field to place ${nameOf(selected)}` : "click a unit in reserve, then a highlighted field");
    if (kinds.has("move")) words.push("click a green field to move");
    if (kinds.has("attack")) words.push("click a red-ringed enemy to see the odds of attacking it");
    if (kinds.has("activate") || kinds.has("choose")) words.push("click a ringed unit to choose it");
    if (kinds.has("play") || kinds.has("cast")) words.push("cards you may play now are highlighted in your hand");
    if (kinds.has("breach")) words.push("click a wall to break it");
    if (kinds.has("gate")) words.push("click a middle-row field to set the Gate");
    if (kinds.has("target")) words.push("click a ringed unit or field to aim");
    return words.length ? `On the board: ${words.join("; ")}.` : "";
  }

  function renderHeroes() {
    const own = new Set(mySides());
    fill(heroesBox, el("h2", { class: "panel-title" }, "Heroes"), heroesOf().map((h) => heroPanel(h, own.has(sideIndex(h)))));
  }

  function renderHand() {
    const hand = (data && data.hand) || [];
    if (!hand.length && !mySides().some((s) => (heroesOf().find((h) => sideIndex(h) === s) || {}).hero)) {
      handBox.hidden = true;
      return;
    }
    handBox.hidden = false;
    const d = decision();
    fill(handBox,
      el("h2", { class: "panel-title" }, "Your hand", d.window && hand.some((c) => c.playable) ? el("span", { class: "badge", text: "an Instant may be played now" }) : null),
      hand.length ? el("ul", { class: "h3-cards" }, hand.map((card) => el("li", {
        class: `h3-cardface${card.playable ? " playable" : ""}${chosenCard === card.id ? " chosen" : ""}`,
        dataset: { card: card.id },
      },
      el("button", { type: "button", class: "h3-card-button", disabled: !card.playable, onClick: () => clickCard(card), title: card.playable ? "Play it: its targets are ringed on the board" : "Not playable now" }, card.name),
      el("span", { class: "small muted" }, ` ${card.kind}`),
      el("p", { class: "small", text: card.text }),
      card.playable && (card.targets || []).length
        ? el("p", { class: "small h3-targets", text: `Now on: ${[...new Set(card.targets.map(nameOf))].join(", ")} (ringed on the board once chosen)` })
        : null))) : el("p", { class: "muted small", text: "No cards in hand." }));
  }

  function renderCard() {
    fill(cardBox, el("h2", { class: "panel-title" }, "Unit card"), unitDetails(selected ? unitOf(selected) : null));
  }

  /** New results (dice, damage, flips) on their units for a moment, and in a line under the board. */
  function showResults(before) {
    const all = (data.recent && data.recent.items) || [];
    if (all.length && Math.max(...all.map((i) => i.seq)) < seenSeq) { // back in time: an undo, a replay
      seenSeq = -1;
      resultLines.length = 0;
      flashes.clear();
    }
    const items = all.filter((i) => i.seq > seenSeq);
    if (!items.length) return;
    seenSeq = Math.max(...items.map((i) => i.seq));
    // results coming one after another (the only choice taken, the AI acting) add up; all
    // fade a moment after the last
    for (const item of items) {
      const key = item.kind === "breached" ? item.field_name || item.unit : item.unit || item.target || item.field_name;
      if (!key || item.kind === "attack") continue;
      if (!flashes.has(key)) flashes.set(key, []);
      flashes.get(key).push(resultLabel(item));
    }
    for (const a of items.filter((i) => i.kind === "attack")) {
      const dice = Array.isArray(a.dice) ? a.dice : a.die !== undefined ? [a.die] : [];
      const faces = dice.map((f) => (typeof f === "number" && f > 0 ? `+${f}` : String(f))).join(" ");
      const label = `${faces ? `die ${faces}: ` : ""}${a.damage ?? 0} damage`;
      if (!flashes.has(a.target)) flashes.set(a.target, []);
      flashes.get(a.target).unshift(label);
    }
    // a unit destroyed (or gone to reserve) shows its results on the field it stood on
    const stood = new Map(((before && before.units) || []).filter((u) => u.field_name).map((u) => [u.id, u.field_name]));
    for (const [key, labels] of [...flashes]) {
      const unit = unitOf(key);
      if (unit && !unit.field_name && stood.has(key)) {
        flashes.delete(key);
        flashes.set(stood.get(key), [...(flashes.get(stood.get(key)) || []), ...labels]);
      }
    }
    resultLines.push(...items);
    resultLines.splice(0, Math.max(0, resultLines.length - 6));
    fill(resultsBox, el("ul", { class: "h3-result-lines" }, resultLines.map((i) => el("li", { dataset: { kind: i.kind } }, i.text))));
    clearTimeout(resultTimer);
    resultTimer = setTimeout(() => {
      flashes.clear();
      if (data) renderField();
    }, RESULT_MS);
  }

  function renderAll() {
    renderPrompt();
    fill(orderBox, orderStrip(data.order_detail || data.order, unitOf));
    renderField();
    renderDecision();
    renderHeroes();
    renderHand();
    renderCard();
    if (withLog && ctx.renderLog) ctx.renderLog(logBox);
  }

  return {
    update(next, combat) {
      view = next;
      const before = data;
      data = combat || {};
      pending = null;
      choices = null;
      oddsShown = null;
      if (chosenCard && !((data.hand || []).some((c) => c.id === chosenCard && c.playable))) chosenCard = null;
      if (selected && !unitOf(selected)) selected = null;
      const places = hints().filter((h) => h.kind === "place");
      if (places.length && !places.some((h) => h.unit === selected)) selected = places[0].unit; // the next unit to place
      showResults(before);
      renderAll();
    },
    key(event) {
      const k = event.key;
      if (k === "Enter") return confirmPending();
      if (k === "Escape") return cancel();
      if (/^[1-9]$/.test(k)) {
        const button = decisionBox.querySelector(`button[data-key="${k}"]`);
        if (button) {
          button.click();
          return true;
        }
      }
      return false;
    },
    destroy() {
      clearTimeout(resultTimer);
      fill(root);
    },
  };
}
