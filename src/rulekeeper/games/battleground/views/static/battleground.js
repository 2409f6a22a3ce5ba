// Masters of the Universe: Battleground in the browser: the battlefield as SVG and the panels
// around it, drawn from the view's `board` (views/web.py), one hint per legal action.
//
// Sides are told apart by colour (blue and orange, which colour-blind players tell apart) and
// by shape (player 0: circles and upper-case letters; player 1: diamonds and lower case).

// The server serves this file from the game's plug-in folder (/plugins/battleground/): the
// page's shared modules are imported by their absolute URL, and this screen's own styles
// (battleground.css, beside it) are linked before the module is ready, so the first drawing
// already has them.

import { el, fill, loadStyle, svg } from "/static/dom.js";
import {
  S, SIDES, centre, defs, facingAngle, hexPoints, legendSwatch, oddsTable, percent, posKey, posText, shapeIcon, star,
  terrainFill, tokenList,
} from "./drawing.js";
import { glossaryIndex, guideDismissed, guidePanel, setGuideDismissed, withTerms } from "./learn.js";
import { rerollGroup, rerollOffer } from "./rerolls.js";
import { SHOW_MS, resultBanner } from "./results.js";

await loadStyle("plugin-style-battleground", new URL("./battleground.css", import.meta.url).href);

/** Every Battleground action kind this screen handles (tests/server/test_ui_kinds.py reads it). */
export const HANDLED_KINDS = [
  "accept-draw",
  "activate",
  "attack",
  "bonus",
  "continue",
  "decline",
  "decline-draw",
  "deploy",
  "discard",
  "discard-card",
  "done",
  "end",
  "face",
  "first-player",
  "focus",
  "forfeit",
  "interrupt",
  "mark-at",
  "move",
  "move-to",
  "next-target",
  "offer-draw",
  "overwatch",
  "pass",
  "play",
  "push-to",
  "reroll",
  "resolve",
  "select",
  "skill",
  "target",
  "use-item",
];
// Any other kind still gets a button with its text (the generic fallback in actionsPanel).

const CONFIRM_KINDS = new Set(["forfeit", "offer-draw", "accept-draw"]);
const GAME_KINDS = new Set(["forfeit", "offer-draw", "accept-draw", "decline-draw"]);
const POSITION_KINDS = new Set(["move", "deploy", "push-to", "move-to", "mark-at"]);
const PREVIEW_KINDS = new Set([...POSITION_KINDS, "attack", "activate", "interrupt", "target", "next-target"]);
// Choices that risk nothing, cost nothing and reveal nothing go on one click (issue 23 §2.10):
// a hex for a deployment, an effect's move or push, or a mark; and, from their buttons (a click
// on a model also just selects it to read its card), which character activates and whom an
// effect targets. Moves (AP, maybe an attack of opportunity), attacks (dice) and interruptions
// keep their preview and confirmation, but a move that risks nothing and spends no focus goes on
// one click too (hovering its hex shows its cost and path first).
const ONE_CLICK_KINDS = new Set(["deploy", "push-to", "move-to", "mark-at"]);
const ONE_CLICK_BUTTON_KINDS = new Set([...ONE_CLICK_KINDS, "activate", "target", "next-target"]);
const KIND_TITLES = {
  select: "Select a card (hidden until both have chosen)",
  play: "Play a card",
  discard: "Discard",
  bonus: "Gain a bonus",
  reroll: "Rerolls (one die at a time, then done)",
  done: "Done",
  face: "Facing (or click an arrow on the board)",
  activate: "Activate a character",
  attack: "Attacks",
  interrupt: "Interruptions",
  skill: "Skills",
  "use-item": "Items",
  resolve: "Order of effects",
  target: "Targets",
  "next-target": "Next target",
  deploy: "Deploy",
  "first-player": "First player",
  "push-to": "Where to be pushed",
  "move-to": "Where to move",
  "mark-at": "Where to place the mark",
};

// === the view ==================================================================================

/** The board's screen (the contract of a plug-in's board script): `update(view)`, `key(event)`, `destroy()`. */
export function createView(root, ctx) {
  const statusBox = el("section", { class: "bg-status", "aria-label": "Round, phase and score" });
  const boardTools = el("div", { class: "board-tools" });
  const boardBox = el("div", { class: "board-box" });
  const bannerBox = el("div", { class: "banner-box" }); // results in place, over the board
  const hoverBox = el("div", { class: "hover-info", "aria-live": "polite" });
  const logBox = el("section", { class: "panel log", "aria-label": "Log" });
  const decisionBox = el("section", { class: "panel decision", "aria-live": "polite", "aria-label": "Decision" });
  const testsBox = el("section", { class: "panel tests", "aria-label": "Dice" });
  const actionsBox = el("section", { class: "panel actions-panel", "aria-label": "Your choices" });
  const cardBox = el("section", { class: "panel card", "aria-label": "Selected character" });
  const handBox = el("section", { class: "panel hand", "aria-label": "Cards" });
  const forcesBox = el("section", { class: "panel forces", "aria-label": "Forces" });
  const guideBox = el("div", { class: "guide-box" });
  const hoverPreview = el("div", { class: "hover-preview", "aria-live": "polite" }); // a choice's preview
  fill(root,
    el("div", { class: "bg" },
      statusBox,
      el("div", { class: "bg-main" },
        el("div", { class: "bg-left" }, boardTools, el("div", { class: "board-wrap" }, boardBox, bannerBox), hoverBox, logBox),
        el("div", { class: "bg-right" }, decisionBox, testsBox, actionsBox, guideBox, cardBox, handBox, forcesBox))));

  let view = null;
  let board = null;
  let selected = null; // a character id
  let pending = null; // the hint waiting for confirmation
  let choices = null; // several hints for one click: {title, hints}
  let focusMode = false;
  let shadeSight = false; // shade the hexes the selected character does not see
  let zoom = 1;
  let autoKey = null;
  let svgRoot = null;
  let overlay = null; // the layer of highlights, paths and characters
  let hoverTimer = null;
  let sightServer = true; // whether the server answers the game's sight query
  let discardPick = new Set();
  let discardQueue = null; // a discard chosen with the checkboxes: the picks left to send, then done
  const rerollMarks = { key: null, marked: new Set() }; // the dice marked for a reroll
  let shownSeq; // the newest attack already shown (undefined before the first view)
  let shownAttack = null; // the attack over the board now
  let flashes = []; // wounds shown on the board for a moment: {at, text, until}
  let lastWounds = new Map(); // each character's wounds and place in the view before
  let resultTimer = null;
  let terms = null; // the glossary's words (learn.js glossaryIndex), for hover definitions
  let termsOf = null; // the glossary they were made from
  const words = (text) => withTerms(text, terms);
  let rerollQueue = null; // a reroll chosen by clicking dice: {key, faces left to pick, done}

  let turned = false; // drawn from the other side: the seat's own deployment zone at the bottom
  const fitting = () => applyZoom(); // keeps the board inside the window as it resizes
  window.addEventListener("resize", fitting);

  /** The centre of hex (q, r) on the screen: turned half a turn when the seat's zone is on top. */
  const pos = (q, r) => {
    const [x, y] = centre(q, r);
    return turned ? [-x, -y] : [x, y];
  };
  /** The screen angle of facing direction k (half a turn more on a turned board). */
  const angleOf = (direction) => facingAngle(direction) + (turned ? 180 : 0);

  const hints = () => (board ? board.actions : []);
  const character = (id) => (board ? board.characters.find((c) => c.id === id) : null);
  const nameOf = (id) => (character(id) ? character(id).name : id);
  const mine = () => view && view.seat !== null && view.to_act.includes(view.seat);

  // --- which hints show where ---

  function positionHints() {
    const found = new Map();
    const turn = board.turn;
    const moves = hints().filter((h) => h.kind === "move");
    const plainTargets = new Set(moves.filter((h) => !h.move.focus).map((h) => posKey(h.hex)));
    for (const hint of hints()) {
      if (!POSITION_KINDS.has(hint.kind) || !hint.hex) continue;
      if (hint.kind === "move") {
        if (!turn || selected !== turn.character) continue;
        const key = posKey(hint.hex);
        // with focus mode off: the plain moves, and (dashed) the hexes only focus reaches
        const wanted = focusMode ? hint.move.focus : !hint.move.focus || !plainTargets.has(key);
        if (!wanted) continue;
      }
      if (hint.kind === "deploy" && selected && hints().some((h) => h.kind === "deploy" && h.character === selected) && hint.character !== selected) continue;
      const key = posKey(hint.hex);
      if (!found.has(key)) found.set(key, []);
      found.get(key).push(hint);
    }
    return found;
  }

  function characterHints(id) {
    return hints().filter((h) => h.character === id && h.kind !== "deploy");
  }

  // --- choosing ---

  /** A move that risks nothing (no attack of opportunity, no overwatch) and spends no focus:
   * hovering its hex shows its cost and path, one click makes it (issue 23 §2.10). */
  function safeMove(hint) {
    return hint.kind === "move" && hint.move && !hint.move.risk && !hint.move.focus;
  }

  /** Takes *hint*: asks first for the game's own actions, previews what needs confirming, else
   * acts; *button*: chosen by its button in a list (not by a click on the board's model). */
  function choose(hint, button = false) {
    choices = null;
    if (CONFIRM_KINDS.has(hint.kind)) {
      ctx.confirm(`${hint.text}? ${hint.kind === "forfeit" ? "You lose the game." : ""}`.trim(), "Yes", "No").then((yes) => {
        if (yes) ctx.act(hint.action);
      });
      return;
    }
    const ending = hint.kind === "end" && board.turn && board.turn.ap > 0;
    const oneClick = (button ? ONE_CLICK_BUTTON_KINDS : ONE_CLICK_KINDS).has(hint.kind) || safeMove(hint);
    if ((PREVIEW_KINDS.has(hint.kind) && !oneClick) || ending) {
      pending = hint;
      renderDecision();
      renderOverlay();
      return;
    }
    ctx.act(hint.action);
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

  function confirmPending() {
    if (!pending) return false;
    const hint = pending;
    pending = null;
    ctx.act(hint.action);
    renderDecision();
    return true;
  }

  function cancel() {
    if (pending || choices) {
      pending = null;
      choices = null;
      renderDecision();
      renderOverlay();
      return true;
    }
    if (selected) {
      selected = null;
      renderAll();
      return true;
    }
    return false;
  }

  function select(id) {
    selected = id;
    pending = null;
    choices = null;
    const list = characterHints(id);
    renderAll();
    if (list.length) chooseAmong(`${nameOf(id)}: what to do`, list);
  }

  function clickHex(q, r) {
    const atHex = [...positionHints().entries()].filter(([key]) => key.startsWith(`${q},${r},`)).flatMap(([, list]) => list);
    if (atHex.length) {
      chooseAmong(`(${q},${r}): which?`, atHex);
      return;
    }
    const here = board.characters.find((c) => c.at && c.at[0] === q && c.at[1] === r);
    if (here) select(here.id);
  }

  // === the status bar ==========================================================================


  /** Whether player *p* is done selecting: a card chosen, or a pass (as secret as a card: the
   * status does not say it, but the player no longer has to act). */
  function hasChosen(st, p) {
    return p.selected || !(st.to_act || []).includes(p.player);
  }

  /** The phase in words and the step apart (the data's `phase_name` and `step_text`; until the
   * data has them, the phase text split at its ", step N"). */
  function phaseWords(st) {
    if (st.phase_name) return [st.phase_name, st.step_text || ""];
    const text = String(st.phase || "").replace(/^play: /, "");
    const split = /^(.*?),? (step \d+)$/.exec(text);
    return split ? [split[1], split[2]] : [text, ""];
  }

  function renderStatus() {
    const st = board.status;
    const seatName = (p) => {
      const seat = view.seats.find((s) => s.seat === p);
      if (!seat) return "";
      if (p === view.seat) return "";
      if (seat.kind === "bot") return ` (bot ${seat.spec})`;
      if (seat.kind === "open") return " (open seat)";
      // a seat its creator took ("me") is named "you" by the server: not the viewer's here
      return seat.name && seat.name !== "you" ? ` (${seat.name})` : "";
    };
    const players = st.players.map((p) => {
      const breakdown = Object.entries(p.breakdown).filter(([, v]) => v).map(([k, v]) => `${k} ${v}`).join(", ");
      const bits = [];
      if (st.cards) bits.push(`hand ${p.hand}, glory ${p.glory}, deck ${p.deck}`);
      if (p.passed) bits.push("passed");
      if (st.step === "select") bits.push(hasChosen(st, p) ? "has chosen" : "choosing");
      return el("div", { class: `player side-${p.player}` },
        shapeIcon(p.player),
        el("strong", { text: ` Player ${p.player}${view.seat === p.player ? " (you)" : ""}${seatName(p.player)}` }),
        el("span", { class: "vp", text: ` ${p.vp} VP` }),
        breakdown ? el("span", { class: "muted", text: ` (${breakdown})` }) : null,
        bits.length ? el("span", { class: "muted", text: `; ${bits.join("; ")}` }) : null);
    });
    const [phaseName, stepText] = phaseWords(st);
    fill(statusBox,
      el("div", { class: "round" },
        el("strong", { text: `Round ${st.round} of ${st.rounds}` }),
        el("span", { class: "phase", text: ` | ${phaseName}` }),
        stepText ? el("span", { class: "step muted small", text: ` · ${stepText}` }) : null,
        el("span", { class: "muted", text: ` | Initiative: ${st.initiative}` })),
      el("div", { class: "players" }, players),
      st.result ? el("div", { class: "result", text: st.result }) : null);
  }

  // === the battlefield =========================================================================

  function renderBoardTools() {
    const zoomButton = (label, text, change) => el("button", {
      type: "button", class: "secondary small", "aria-label": label, title: label, text,
      onClick: () => {
        zoom = change(zoom);
        applyZoom();
      },
    });
    const hasFocusMoves = hints().some((h) => h.kind === "move" && h.move.focus);
    const focusBox = el("input", { type: "checkbox", id: "focus-mode", checked: focusMode, disabled: !hasFocusMoves });
    focusBox.addEventListener("change", () => {
      focusMode = focusBox.checked;
      pending = null;
      renderOverlay();
      renderDecision();
    });
    const sightBox = el("input", { type: "checkbox", id: "shade-sight", checked: shadeSight });
    sightBox.addEventListener("change", () => {
      shadeSight = sightBox.checked;
      renderOverlay();
    });
    fill(boardTools,
      zoomButton("Zoom out (-)", "-", (z) => Math.max(1, z / 1.25)),
      zoomButton("Zoom in (+)", "+", (z) => Math.min(4, z * 1.25)),
      zoomButton("Fit the board", "Fit", () => 1),
      guideDismissed() ? el("button", { type: "button", class: "secondary small", text: "Guide", title: "Show the first-game guide again", onClick: () => {
        setGuideDismissed(false);
        renderGuide();
        renderBoardTools();
      } }) : null,
      el("label", { for: "focus-mode", class: hasFocusMoves ? "" : "muted", title: "Show the moves that spend the focus token (key f)" }, focusBox, " moves spending focus (f)"),
      el("label", { for: "shade-sight", title: "Shade the hexes the selected character cannot see (key s)" }, sightBox, " shade what it cannot see (s)"),
      el("span", { class: "legend" },
        legendSwatch("open", "open"), legendSwatch("difficult", "difficult"), legendSwatch("low", "low obstacle"),
        legendSwatch("high", "high obstacle"), legendSwatch("platform", "platform"),
        legendSwatch("zone-0", "zone 0"), legendSwatch("zone-1", "zone 1")));
  }


  /** The board box takes the height the window has left below its top (the hover line under
   * it stays in view), so the whole board fits both ways at zoom 1; zooming in scrolls inside. */
  function fitBox() {
    const top = boardBox.getBoundingClientRect().top + window.scrollY;
    const below = hoverBox.offsetHeight + 12;
    const height = Math.max(240, Math.floor(window.innerHeight - top - below));
    boardBox.style.height = `${height}px`;
  }

  function applyZoom() {
    if (!svgRoot) return;
    fitBox();
    svgRoot.style.width = `${100 * zoom}%`;
    svgRoot.style.height = `${100 * zoom}%`;
  }

  /** Whether the seat's own deployment zone lies in the top half as the map is drawn: then the
   * board is turned half a turn, so each seat sees its own side at the bottom. */
  function ownSideOnTop() {
    if (view.seat === null || view.seat === undefined) return false;
    const mean = (list) => list.reduce((sum, h) => sum + centre(h.q, h.r)[1], 0) / list.length;
    const own = board.hexes.filter((h) => h.zone === view.seat);
    const others = board.hexes.filter((h) => h.zone !== undefined && h.zone !== view.seat);
    return own.length > 0 && others.length > 0 && mean(own) < mean(others);
  }



  function drawTerrain() {
    const layer = svg("g", { class: "terrain" });
    for (const h of board.hexes) {
      const [cx, cy] = pos(h.q, h.r);
      const title = `(${h.q},${h.r}): ${h.text || "open ground"}`;
      layer.append(svg("polygon", {
        points: hexPoints(cx, cy),
        class: `hex t-${h.terrain}`,
        fill: terrainFill(h),
        dataset: h.zone === undefined ? { q: h.q, r: h.r } : { q: h.q, r: h.r, zone: h.zone },
      }, svg("title", { text: title })));
      if (h.terrain === "difficult" && h.zone !== undefined) {
        layer.append(svg("polygon", { points: hexPoints(cx, cy, 0.55), fill: SIDES[h.zone].light, opacity: 0.6, "pointer-events": "none" }));
      }
      if (h.terrain === "high") {
        layer.append(svg("polygon", { points: hexPoints(cx, cy, 0.62), fill: "none", stroke: "#a9a9b5", "stroke-width": 1.5, "pointer-events": "none" }));
      }
      if (h.terrain === "low") {
        layer.append(svg("polygon", { points: hexPoints(cx, cy, 0.6), fill: "none", stroke: "#7a4f1f", "stroke-width": 1.5, "stroke-dasharray": "3 2", "pointer-events": "none" }));
      }
      if (h.platform) {
        layer.append(svg("polygon", { points: hexPoints(cx, cy, 0.96), fill: "url(#hatch)", stroke: "#b8911f", "stroke-width": 3, "pointer-events": "none" }));
      }
      if (h.ladder) {
        layer.append(svg("g", { "pointer-events": "none", stroke: "#6b4a12", "stroke-width": 2.5 },
          svg("line", { x1: cx - 6, y1: cy - 12, x2: cx - 6, y2: cy + 12 }),
          svg("line", { x1: cx + 6, y1: cy - 12, x2: cx + 6, y2: cy + 12 }),
          [-7, 0, 7].map((dy) => svg("line", { x1: cx - 6, y1: cy + dy, x2: cx + 6, y2: cy + dy }))));
      }
    }
    return layer;
  }


  function drawObjectives() {
    const layer = svg("g", { class: "objectives", "pointer-events": "none" });
    for (const o of board.objectives) {
      const [cx, cy] = pos(o.at[0], o.at[1]);
      // under a model the star is drawn larger, so its points show around the model
      const covered = board.characters.some((c) => c.at && c.at[0] === o.at[0] && c.at[1] === o.at[1]);
      if (o.status === "on the battlefield") {
        layer.append(svg("polygon", { points: covered ? star(cx, cy, 27, 12) : star(cx, cy, 14, 6), fill: "#1d9e4b", stroke: "#0b4020", "stroke-width": 1.5, class: covered ? "objective-star under-model" : "objective-star", dataset: { objective: o.id } },
          svg("title", { text: `Objective ${o.id}: on the battlefield` })));
      } else if (o.status === "claimed") {
        const side = SIDES[o.by] || SIDES[0];
        layer.append(svg("polygon", { points: star(cx, cy, 12, 5), fill: "none", stroke: side.colour, "stroke-width": 2, "stroke-dasharray": "3 2" },
          svg("title", { text: `Objective ${o.id}: claimed by player ${o.by}${o.character ? ` with ${o.character}` : ""}` })));
      }
    }
    return layer;
  }

  function drawMarks() {
    const layer = svg("g", { class: "marks", "pointer-events": "none" });
    for (const m of board.marks) {
      const [cx, cy] = pos(m.at[0], m.at[1]);
      const side = SIDES[m.owner] || SIDES[0];
      layer.append(svg("g", {},
        svg("circle", { cx, cy, r: S * (m.radius / board.map.hex_inches + 0.5), fill: side.colour, "fill-opacity": 0.08, stroke: side.colour, "stroke-width": 2, "stroke-dasharray": "8 4" }),
        svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", class: "mark-label", text: "&" }),
        svg("title", { text: `${m.name} (player ${m.owner}): ${m.text}` })));
    }
    return layer;
  }

  function characterTitle(c) {
    const tokens = tokenList(c).join(", ");
    return `${c.name} (${c.letter}), player ${c.owner}, at ${posText(c.at)} facing ${c.facing_name}; wounds ${c.wounds}/${c.health}, mana ${c.mana}${tokens ? `; ${tokens}` : ""}`;
  }


  function drawCharacter(c, targeted) {
    const [cx, cy] = pos(c.at[0], c.at[1]);
    const side = SIDES[c.owner] || SIDES[0];
    const size = S * 0.4;
    const g = svg("g", {
      class: `model side-${c.owner}${c.id === selected ? " selected" : ""}${c.active ? " active" : ""}`,
      transform: `translate(${cx.toFixed(2)},${cy.toFixed(2)})`,
      tabindex: 0,
      role: "button",
      "aria-label": characterTitle(c),
      dataset: { character: c.id, q: c.at[0], r: c.at[1] },
    });
    if (c.active) g.append(svg("circle", { r: S * 0.5, class: "active-ring" }));
    if (c.id === selected) g.append(svg("circle", { r: S * 0.46, class: "selected-ring" }));
    // the facing: a wedge on the edge the model faces
    g.append(svg("polygon", {
      points: `${size + 9},0 ${size - 2},-7 ${size - 2},7`,
      transform: `rotate(${angleOf(c.facing)})`,
      class: "facing",
    }));
    if (side.shape === "circle") {
      g.append(svg("circle", { r: size, fill: side.colour, class: "body" }));
    } else {
      const d = size * 1.15;
      g.append(svg("polygon", { points: `0,${-d} ${d},0 0,${d} ${-d},0`, fill: side.colour, class: "body" }));
    }
    if (c.at[2]) g.append(svg("text", { x: 0, y: -size - 3, class: "level", "text-anchor": "middle", text: "▲" }));
    g.append(svg("text", { x: 0, y: 6.5, class: "letter", "text-anchor": "middle", text: c.letter }));
    // wounds as pips under the model: filled = wound taken
    const pips = Math.min(c.health, 10);
    const width = pips * 5;
    for (let i = 0; i < pips; i += 1) {
      g.append(svg("rect", { x: -width / 2 + i * 5, y: size + 2, width: 4, height: 4, class: i < c.wounds ? "pip wound" : "pip" }));
    }
    const badges = [];
    if (c.focus) badges.push(["F", "focus"]);
    if (c.overwatch) badges.push(["O", "overwatch"]);
    if (c.buff) badges.push(["+", "buff"]);
    if (c.debuff) badges.push(["−", "debuff"]);
    // each badge's title: the glossary's definition of its token or status (the buff or debuff by name)
    const named = { focus: "focus", overwatch: "overwatch", buff: c.buff || "buff", debuff: c.debuff || "debuff" };
    badges.forEach(([text, cls], i) => {
      const x = -size - 4 + i * 11;
      const entry = terms ? terms.find(named[cls]) || terms.find(cls) : null;
      g.append(svg("g", { class: `badge-token ${cls}` },
        svg("circle", { cx: x, cy: -size - 1, r: 5.5 }),
        svg("text", { x, y: -size + 2.5, "text-anchor": "middle", text }),
        entry ? svg("title", { text: `${named[cls]}: ${entry.text}` }) : null));
    });
    if (c.mana) {
      g.append(svg("text", { x: size + 1, y: size + 4, class: "mana", text: `${c.mana}` }));
    }
    if (targeted) g.append(svg("circle", { r: S * 0.55, class: `target-ring ${targeted}` }));
    g.append(svg("title", { text: characterTitle(c) }));
    g.addEventListener("click", (event) => {
      event.stopPropagation();
      select(c.id);
    });
    g.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        select(c.id);
      }
    });
    return g;
  }

  /** With sight shading on: a shadow over every hex the selected character does not see. */
  function drawSight() {
    const layer = svg("g", { class: "unseen", "pointer-events": "none" });
    const viewer = selected ? character(selected) : null;
    const digits = viewer && viewer.at ? board.sight[viewer.id] : null;
    if (!shadeSight || !digits) return layer;
    board.hexes.forEach((h, index) => {
      if (!h.levels.length) return;
      const bit = h.levels.includes(0) ? 1 : 2;
      if ((Number(digits[index]) & bit) === 0) {
        const [cx, cy] = pos(h.q, h.r);
        layer.append(svg("polygon", { points: hexPoints(cx, cy), class: "shade" }));
      }
    });
    return layer;
  }

  function facingTitle(hint) {
    const f = hint.facing;
    if (!f) return hint.text;
    return [f.toward ? `${hint.text}: toward ${f.toward}` : hint.text, f.safe ? "leaves no flank open" : "", f.text || ""].filter(Boolean).join("; ");
  }

  function drawOverlay() {
    const layer = svg("g", { class: "overlay" }, drawSight(), drawObjectives(), drawMarks());
    const byHex = positionHints();
    for (const [key, list] of byHex) {
      const [q, r, level] = key.split(",").map(Number);
      const [cx, cy] = pos(q, r);
      const first = list[0];
      const focusOnly = first.kind === "move" && first.move.focus && !focusMode;
      const cls = `reach k-${first.kind}${focusOnly ? " focus-only" : ""}${pending && posKey(pending.hex || []) === key ? " chosen" : ""}`;
      let label = "";
      if (first.kind === "move") label = `${first.move.ap ?? "-"}`;
      const title = list.map((h) => (h.kind === "move" ? `${h.text}: ${h.move.ap ?? 0} AP, ${h.move.points}/${h.move.budget} MP${h.move.risk ? `; risk: ${h.move.risk}` : ""}` : h.text)).join("\n");
      layer.append(svg("g", { class: cls, dataset: { q, r } },
        svg("polygon", { points: hexPoints(cx, cy, level ? 0.7 : 0.92), dataset: { q, r } }),
        label ? svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", class: "cost", text: `${label}${level ? "^" : ""}`, "pointer-events": "none" }) : null,
        first.kind === "move" && first.move.risk ? svg("text", { x: cx + 9, y: cy - 6, class: "risk", text: "!", "pointer-events": "none" }) : null,
        svg("title", { text: title })));
    }
    // the path of the move waiting for confirmation
    if (pending && pending.kind === "move" && pending.move.path.length) {
      const mover = character(board.turn ? board.turn.character : null);
      const points = [mover ? mover.at : pending.move.path[0], ...pending.move.path].map((p) => pos(p[0], p[1]).map((v) => v.toFixed(1)).join(","));
      layer.append(svg("polyline", { points: points.join(" "), class: "path", "pointer-events": "none" }));
    }
    const targets = new Map();
    for (const h of hints()) {
      if (!h.character || h.kind === "deploy") continue;
      targets.set(h.character, h.kind === "attack" ? "attack" : "pick");
    }
    for (const c of board.characters) {
      if (c.at) layer.append(drawCharacter(c, targets.get(c.id)));
    }
    layer.append(drawFlashes());
    // a facing to choose: an arrow on each edge offered, around the character concerned
    const facings = hints().filter((h) => h.kind === "face");
    const subject = board.decision && board.decision.character ? character(board.decision.character) : null;
    if (facings.length && subject && subject.at) {
      const [cx, cy] = pos(subject.at[0], subject.at[1]);
      for (const hint of facings) {
        const angle = angleOf(hint.direction);
        layer.append(svg("g", {
          class: `face-choice${hint.facing && hint.facing.safe ? " safe" : ""}`,
          transform: `translate(${cx.toFixed(2)},${cy.toFixed(2)}) rotate(${angle})`,
          tabindex: 0,
          role: "button",
          "aria-label": hint.text,
          onClick: (event) => { event.stopPropagation(); choose(hint); },
          onKeydown: (event) => {
            if (event.key === "Enter" || event.key === " ") {
              event.preventDefault();
              event.stopPropagation();
              choose(hint);
            }
          },
        }, svg("polygon", { points: `${S * 0.62},-9 ${S * 0.95},0 ${S * 0.62},9` }), svg("title", { text: facingTitle(hint) })));
      }
    }
    if (pending && pending.kind === "attack") {
      const from = character(board.turn ? board.turn.character : null);
      const to = character(pending.character);
      if (from && to && from.at && to.at) {
        const [x1, y1] = pos(from.at[0], from.at[1]);
        const [x2, y2] = pos(to.at[0], to.at[1]);
        layer.append(svg("line", { x1, y1, x2, y2, class: "attack-line", "pointer-events": "none" }));
      }
    }
    return layer;
  }

  function renderBoard() {
    turned = ownSideOnTop();
    const xs = board.hexes.map((h) => pos(h.q, h.r)[0]);
    const ys = board.hexes.map((h) => pos(h.q, h.r)[1]);
    const pad = S * 0.7;
    const minX = Math.min(...xs) - pad;
    const minY = Math.min(...ys) - pad;
    const width = Math.max(...xs) - minX + pad;
    const height = Math.max(...ys) - minY + pad;
    overlay = drawOverlay();
    svgRoot = svg("svg", {
      class: "battlefield",
      viewBox: `${minX.toFixed(1)} ${minY.toFixed(1)} ${width.toFixed(1)} ${height.toFixed(1)}`,
      role: "group",
      "aria-label": `${board.map.title}: ${board.map.columns} by ${board.map.rows} hexes${view.seat !== null && view.seat !== undefined ? `, seen from player ${view.seat}'s side` : ""}. Characters are buttons.`,
      preserveAspectRatio: "xMidYMid meet",
      dataset: { turned: turned ? "yes" : "no" },
    }, defs(), drawTerrain(), overlay);
    svgRoot.addEventListener("click", (event) => {
      const target = event.target.closest ? event.target.closest("[data-q]") : null;
      if (!target) return;
      clickHex(Number(target.dataset.q), Number(target.dataset.r));
    });
    svgRoot.addEventListener("pointerover", (event) => {
      const target = event.target.closest ? event.target.closest("[data-q]") : null;
      if (target) hover(Number(target.dataset.q), Number(target.dataset.r));
    });
    fill(boardBox, svgRoot);
    applyZoom();
  }

  function renderOverlay() {
    if (!svgRoot || !overlay) return;
    drawHoverPath(null);
    const next = drawOverlay();
    overlay.replaceWith(next);
    overlay = next;
  }

  /** A move in words for the hover line: its cost, movement points, path, risk, and whether a
   * click makes it at once. */
  function moveWords(x) {
    const m = x.move;
    const mover = board.turn ? character(board.turn.character) : null;
    const path = [mover && mover.at ? mover.at : null, ...m.path].filter(Boolean).map(posText).join(" > ");
    const left = board.turn ? ` (${board.turn.ap} AP left now)` : "";
    const risk = m.risk ? `; risk: ${m.risk}` : "";
    const how = safeMove(x) ? "click to move" : "click to see it and confirm";
    return `Reachable: ${m.ap ?? 0} AP${left}, ${m.points} of ${m.budget} movement points; path ${path}${risk}; ${how}.`;
  }

  /** The path of the move whose hex is hovered, drawn over the board (nothing else redrawn). */
  function drawHoverPath(hint) {
    if (!svgRoot) return;
    const old = svgRoot.querySelector("g.hover-layer");
    if (old) old.remove();
    if (!hint || !hint.move.path.length) return;
    const mover = character(board.turn ? board.turn.character : null);
    const points = [mover ? mover.at : hint.move.path[0], ...hint.move.path].map((p) => pos(p[0], p[1]).map((v) => v.toFixed(1)).join(","));
    svgRoot.append(svg("g", { class: "hover-layer", "pointer-events": "none" }, svg("polyline", { points: points.join(" "), class: "path hover-path" })));
  }

  // --- hovering a hex: what it is, whether the selected character sees it, whether it can go there

  function hover(q, r) {
    clearTimeout(hoverTimer);
    const h = board.hexes.find((x) => x.q === q && x.r === r);
    if (!h) return;
    const lines = [el("strong", { text: `(${q},${r}) ` }), h.text || "open ground"];
    const here = board.characters.find((c) => c.at && c.at[0] === q && c.at[1] === r);
    if (here) lines.push(`; ${here.name} (player ${here.owner})`);
    const viewer = selected ? character(selected) : null;
    const sightLine = el("div", { class: "sight-line" });
    const reachLine = el("div", { class: "reach-line" });
    const level = h.levels.includes(1) && !h.levels.includes(0) ? 1 : (here ? here.at[2] : 0);
    const to = `${q},${r},${level}`;
    if (viewer && viewer.at && board.sight[viewer.id]) {
      const index = board.hexes.indexOf(h);
      const digit = Number(board.sight[viewer.id][index] || 0);
      const seen = (digit & (level ? 2 : 1)) !== 0;
      sightLine.textContent = h.levels.length
        ? `${viewer.name} ${seen ? "sees" : "does not see"} ${posText([q, r, level])}.`
        : `(${q},${r}) is ${h.text ? `a ${h.text}` : "an obstacle"}: no one can stand there.`;
    }
    const atHex = [...positionHints().entries()].filter(([key]) => key.startsWith(`${q},${r},`)).flatMap(([, list]) => list);
    if (atHex.length) {
      reachLine.textContent = atHex.map((x) => (x.kind === "move" ? moveWords(x) : x.text)).join(" | ");
    }
    const moves = atHex.filter((x) => x.kind === "move");
    drawHoverPath(moves.length === 1 ? moves[0] : null);
    fill(hoverBox, el("div", {}, lines), sightLine, reachLine);
    hoverTimer = setTimeout(async () => {
      if (viewer && viewer.at && sightServer && h.levels.length) {
        try {
          const found = await ctx.query("sight", { from: posKey(viewer.at), to });
          if (found && found.text) sightLine.textContent = found.text;
        } catch (error) {
          if (error && (error.status === 404 || error.status === 405)) sightServer = false;
        }
      }
      const turn = board.turn;
      const moving = turn && selected === turn.character && hints().some((x) => x.kind === "move");
      if (moving && !atHex.length && h.levels.length) {
        try {
          const found = await ctx.explain(`move focus=${focusMode ? "true" : "false"} to=[${q}, ${r}, ${level}]`);
          reachLine.textContent = found.legal ? "Reachable." : `Not reachable: ${found.reason}`;
        } catch {
          /* nothing to add */
        }
      }
    }, 250);
  }

  // === the panels ==============================================================================


  function attackDetails(hint) {
    const a = hint.attack;
    const reach = a.reach === null ? "adjacent (melee)" : `${a.reach}"`;
    return el("div", { class: "attack-details" },
      el("dl", { class: "facts" },
        el("dt", { text: "Weapon" }), el("dd", { text: `${a.weapon_name} (${a.weapon_type}), ${a.ap_text}${a.mana ? `, ${a.mana} mana` : ""}` }),
        el("dt", { text: "Range" }), el("dd", { text: `${a.range.toFixed(1)}" of ${reach}` }),
        el("dt", { text: "Line of sight" }), el("dd", { text: a.sight ? "yes" : "no" }),
        el("dt", {}, words("Cover")), el("dd", {}, words(a.cover)),
        el("dt", {}, words("Flank")), el("dd", {}, words(a.flank)),
        el("dt", { text: "Attack test" }), el("dd", {}, words(`${a.attack_dice} dice, successes on ${a.attack_face}+${a.causes.length ? ` [${a.causes.join("; ")}]` : ""}`)),
        el("dt", { text: "Defence test" }), el("dd", { text: `${a.defence_dice} dice, successes on ${a.defence_face}+` })),
      oddsTable(a));
  }

  function renderDecision() {
    const buttons = (confirmLabel) => el("div", { class: "row" },
      el("button", { type: "button", class: "secondary", text: "Cancel (Esc)", onClick: cancel }),
      el("button", { type: "button", class: "primary", text: `${confirmLabel} (Enter)`, onClick: confirmPending }));
    if (pending) {
      const hint = pending;
      const parts = [el("h2", { class: "panel-title", text: hint.text })];
      if (hint.kind === "attack" && hint.attack) {
        parts.push(attackDetails(hint));
      } else if (hint.kind === "move" && hint.move) {
        const m = hint.move;
        const mover = board.turn ? character(board.turn.character) : null;
        parts.push(el("dl", { class: "facts" },
          el("dt", { text: "Cost" }), el("dd", { text: `${m.ap ?? 0} AP (${board.turn ? board.turn.ap : "?"} AP left now)` }),
          el("dt", { text: "Movement" }), el("dd", { text: `${m.points} of ${m.budget} points${m.focus ? ", spending focus" : ""}` }),
          el("dt", { text: "Path" }), el("dd", { text: [mover && mover.at ? mover.at : null, ...m.path].filter(Boolean).map(posText).join(" > ") })));
        if (m.pushes && m.pushes.length) parts.push(el("p", { text: `Pushes aside: ${m.pushes.join(", ")} (Pushing)` }));
        for (const note of m.notes || []) parts.push(el("p", { class: "note", text: note }));
        if (m.risk) parts.push(el("p", { class: "warning", text: `Risk: ${m.risk}` }));
      }
      if (hint.preview && hint.kind !== "attack") parts.push(el("pre", { class: "preview", text: hint.preview }));
      if (hint.kind === "attack" && hint.preview) {
        parts.push(el("details", {}, el("summary", { text: "In words" }), el("pre", { class: "preview", text: hint.preview })));
      }
      parts.push(buttons(hint.kind === "attack" ? "Attack" : "Confirm"));
      fill(decisionBox, parts);
      decisionBox.hidden = false;
      const confirmButton = decisionBox.querySelector("button.primary");
      if (confirmButton) confirmButton.focus({ preventScroll: true });
      return;
    }
    if (choices) {
      fill(decisionBox,
        el("h2", { class: "panel-title", text: choices.title }),
        el("div", { class: "buttons column" }, choices.hints.map((h) => el("button", {
          type: "button",
          onClick: () => choose(h, true),
        }, h.text, h.kind === "attack" && h.attack ? el("span", { class: "muted", text: ` (knock-out ${percent(h.attack.knockout)})` } ) : null))),
        el("div", { class: "row" }, el("button", { type: "button", class: "secondary", text: "Cancel (Esc)", onClick: cancel })));
      decisionBox.hidden = false;
      return;
    }
    const st = board.status;
    const about = board.decision && board.decision.character ? ` (${nameOf(board.decision.character)})` : "";
    let text;
    if (st.over) text = st.result;
    else if (mine()) text = `Your decision: ${phaseWords(st)[0]}${about}`;
    else {
      const waiting = view.to_act.map((s) => `player ${s}`).join(" and ");
      text = waiting ? `Waiting for ${waiting}.` : "Waiting.";
    }
    fill(decisionBox, el("p", { class: mine() ? "your-turn" : "muted", text }));
    decisionBox.hidden = false;
  }

  function renderTests() {
    if (!board.tests.length) {
      fill(testsBox);
      testsBox.hidden = true;
      return;
    }
    // the test whose rerolls are this seat's to choose shows its dice with the choice (rerolls.js)
    const offer = rerollOffer(board, hints(), view.seat);
    const shown = board.tests.filter((t) => !offer || t !== offer.test);
    if (!shown.length) {
      fill(testsBox);
      testsBox.hidden = true;
      return;
    }
    testsBox.hidden = false;
    fill(testsBox, el("h2", { class: "panel-title", text: "Dice" }), shown.map((t) => {
      const die = (face, exploded) => {
        const ok = face === 6 || (face !== 1 && face >= t.face);
        return el("span", {
          class: `die ${ok ? "success" : "fail"}${exploded ? " exploded" : ""}`,
          title: ok ? "success" : "failure",
          "aria-label": `${face}, ${ok ? "success" : "failure"}`,
        }, String(face), el("span", { class: "mark", "aria-hidden": "true", text: ok ? "✓" : "✗" }));
      };
      return el("div", { class: "test" },
        el("div", {}, el("strong", { text: t.label }), el("span", { class: "muted", text: ` (player ${t.owner}, ${t.role})` })),
        el("div", { text: `${t.dice} dice, successes on ${t.face}+ (scope ${t.scope}); ${t.successes} successes so far` }),
        t.causes.length ? el("div", { class: "muted" }, words("Scope"), ": ", words(t.causes.join("; "))) : null,
        el("div", { class: "dice" }, t.initial.map((f) => die(f, false)), t.exploded.length ? el("span", { class: "muted", text: " explosions: " }) : null, t.exploded.map((f) => die(f, true))),
        t.stage === "free" || t.stage === "mana"
          ? el("div", { class: "muted", text: t.stage === "free" ? `Free rerolls: ${t.free_rerolls}` : `Mana rerolls: 1 mana each (${t.mana} mana)` })
          : null);
    }));
  }

  function actionButton(hint, number) {
    const key = number !== null && number <= 9 ? String(number) : null;
    const classes = [GAME_KINDS.has(hint.kind) && hint.kind !== "decline-draw" ? "danger" : "", hint.kind === "end" ? "secondary" : ""].join(" ").trim();
    const button = el("button", {
      type: "button",
      class: classes || null,
      title: hint.preview || hint.action,
      "aria-keyshortcuts": key,
      dataset: key ? { key, index: hint.index } : { index: hint.index },
      onClick: () => choose(hint, true),
    }, key ? el("kbd", { text: key }) : null, hint.text);
    // the preview shows under the choices: above them it would move the button away from the
    // pointer that hovers it (and back, and again)
    const showPreview = () => {
      if (hint.preview) {
        fill(hoverPreview, el("h3", { class: "group-title", text: hint.text }), el("pre", { class: "preview", text: hint.preview }));
      }
    };
    const hidePreview = () => fill(hoverPreview);
    button.addEventListener("mouseenter", showPreview);
    button.addEventListener("focus", showPreview);
    button.addEventListener("mouseleave", hidePreview);
    button.addEventListener("blur", hidePreview);
    return button;
  }

  function renderActions() {
    fill(hoverPreview);
    const list = hints();
    actionsBox.hidden = view.seat === null; // a spectator decides nothing (the page's header says it watches)
    if (!list.length) {
      fill(actionsBox, el("h2", { class: "panel-title", text: "Choices" }), el("p", { class: "muted", text: "Nothing to decide now." }));
      return;
    }
    const groups = new Map();
    for (const hint of list) {
      const kind = hint.kind;
      if (!groups.has(kind)) groups.set(kind, []);
      groups.get(kind).push(hint);
    }
    let number = 0;
    const parts = [el("h2", { class: "panel-title", text: "Your choices" })];
    const reroll = rerollQueue === null ? rerollOffer(board, list, view.seat) : null;
    let rerollShown = false;
    if (rerollQueue !== null && list.some((h) => h.kind === "reroll" || h.kind === "done")) {
      parts.push(el("p", { class: "muted", text: "Rerolling..." }));
      fill(actionsBox, parts);
      return;
    }
    const later = [];
    for (const [kind, group] of groups) {
      if (GAME_KINDS.has(kind)) {
        later.push(...group);
        continue;
      }
      if (kind === "move") {
        const mover = board.turn ? nameOf(board.turn.character) : "";
        const focusCount = group.filter((h) => h.move.focus).length;
        parts.push(el("div", { class: "group" },
          el("h3", { class: "group-title", text: "Move" }),
          el("p", {}, `${group.length - focusCount} hexes ${mover} can reach${focusCount ? ` (${focusCount} more choices spending focus)` : ""}: select ${mover} and click a highlighted hex (the number is its AP cost; ! a risk).`),
          el("button", { type: "button", class: "secondary small", text: `Show ${mover}'s moves`, onClick: () => board.turn && select(board.turn.character) }),
          el("details", {}, el("summary", { text: "every move as a button" }), el("div", { class: "buttons" }, group.map((h) => actionButton(h, null))))));
        continue;
      }
      if (kind === "discard") {
        parts.push(discardGroup(group));
        continue;
      }
      if (kind === "face" && group.some((h) => h.facing)) {
        parts.push(facingGroup(group, () => {
          number += 1;
          return number;
        }));
        continue;
      }
      if (kind === "done" && groups.has("discard")) continue; // the discard's own button says it
      if ((kind === "reroll" || kind === "done") && reroll) {
        if (!rerollShown) parts.push(rerollGroup(reroll, rerollMarks, ctx, (chosen) => {
          rerollQueue = { key: reroll.key, faces: [...chosen.faces], done: chosen.done };
          sendReroll();
        }));
        rerollShown = true;
        continue;
      }
      const title = KIND_TITLES[kind] || kind;
      const known = HANDLED_KINDS.includes(kind);
      const buttons = group.map((h) => {
        number += 1;
        return actionButton(h, number);
      });
      const box = group.length > 12
        ? el("details", { class: "group" }, el("summary", { text: `${title}: ${group.length} choices` }), el("div", { class: "buttons" }, buttons))
        : el("div", { class: "group" }, el("h3", { class: "group-title", text: known ? title : `${title} (other)` }), el("div", { class: "buttons" }, buttons));
      parts.push(box);
    }
    if (later.length) {
      parts.push(el("div", { class: "group game-actions" }, el("h3", { class: "group-title", text: "The game" }), el("div", { class: "buttons" }, later.map((h) => actionButton(h, null)))));
    }
    parts.push(hoverPreview);
    fill(actionsBox, parts);
  }

  /** A facing to choose, with what each changes (the hint's `facing`: its words, the enemy it
   * faces, whether it leaves no flank open); the facing toward an enemy says so. */
  function facingGroup(group, nextNumber) {
    const buttons = group.map((h) => {
      const f = h.facing || {};
      const button = actionButton(h, nextNumber());
      const label = f.toward ? `face toward ${f.toward} (${h.text.replace(/^face /, "")})` : h.text;
      button.lastChild.replaceWith(label);
      if (f.safe) {
        button.classList.add("safe-facing");
        button.append(el("span", { class: "safe-mark", text: " ✓ no flank open" }));
      }
      if (f.text) button.append(el("span", { class: "facing-why small" }, f.text));
      return button;
    });
    return el("div", { class: "group facing-group" },
      el("h3", { class: "group-title", text: KIND_TITLES.face }),
      el("p", { class: "small" }, "The facing decides the front and rear arcs: an enemy attacking from the rear arc has a ", words("flank"), "."),
      el("div", { class: "buttons column facing-buttons" }, buttons));
  }

  // The next pick of a queue (a discard, a reroll) is sent as the view of the last one arrives,
  // which may be before the shell has finished sending that one (ctx.act then drops it): sent
  // again every 150 ms until the view moves on (ctx.act sends one action per version at most).
  let resendTimer = null;
  function actInTurn(action) {
    const at = view.version;
    let tries = 0;
    clearTimeout(resendTimer);
    const again = () => {
      if (!view || view.version !== at || tries >= 40) return;
      tries += 1;
      ctx.act(action);
      resendTimer = setTimeout(again, 150);
    };
    again();
  }

  // A reroll chosen by clicking the dice: its picks one at a time in the rules' order, then done
  // unless the last pick ended the choice (rerolls.js plan); dropped if the offer changed.
  function sendReroll() {
    if (rerollQueue === null) return;
    const offer = rerollOffer(board, hints(), view.seat);
    if (!offer || offer.key !== rerollQueue.key) {
      rerollQueue = null;
      return;
    }
    const face = rerollQueue.faces.shift();
    let hint;
    if (face === undefined) {
      hint = rerollQueue.done ? hints().find((h) => h.kind === "done") : null;
      rerollQueue = null;
    } else {
      hint = hints().find((h) => h.kind === "reroll" && h.item === String(face));
      if (!hint) rerollQueue = null;
    }
    if (hint) actInTurn(hint.action);
  }

  // The rules ask a discard one card at a time, then "done" (issue 21): the boxes choose the whole
  // set, and the button sends its picks in the rules' order (the hand sorted), then done.
  function sendDiscard() {
    if (discardQueue === null) return;
    const offered = hints();
    if (!offered.some((h) => h.kind === "discard")) {
      discardQueue = null; // the last pick ended the discard by itself
      return;
    }
    const id = discardQueue.shift();
    const hint = id === undefined ? offered.find((h) => h.kind === "done") : offered.find((h) => h.kind === "discard" && h.item === id);
    if (id === undefined || !hint) discardQueue = null;
    if (hint) actInTurn(hint.action);
  }

  function discardGroup(group) {
    const hand = board.hand ? board.hand.cards : [];
    const name = (id) => (hand.find((c) => c.id === id) || { name: id }).name;
    const status = el("p", { class: "muted" });
    const go = el("button", { type: "button", class: "primary" });
    const refresh = () => {
      go.textContent = discardPick.size ? `Discard ${[...discardPick].map(name).join(", ")}` : "Keep the whole hand";
      go.disabled = discardQueue !== null;
      status.textContent = discardQueue !== null ? "Discarding..." : "";
    };
    go.addEventListener("click", () => {
      discardQueue = [...discardPick].sort();
      discardPick = new Set();
      sendDiscard();
    });
    const boxes = [...new Set(group.map((h) => h.item))].map((id) => {
      const box = el("input", { type: "checkbox", id: `discard-${id}`, checked: discardPick.has(id) });
      box.addEventListener("change", () => {
        if (box.checked) discardPick.add(id);
        else discardPick.delete(id);
        refresh();
      });
      return el("label", { for: `discard-${id}`, class: "check" }, box, ` ${name(id)}`);
    });
    refresh();
    return el("div", { class: "group" }, el("h3", { class: "group-title", text: "Preparation: discard any cards, then draw back up" }), el("div", { class: "checks" }, boxes), go, status);
  }

  function renderCard() {
    const c = selected ? character(selected) : null;
    const turn = board.turn;
    const parts = [];
    if (turn) {
      const costs = Object.entries(turn.costs).map(([k, v]) => `${k} ${v}`).join(", ");
      parts.push(el("div", { class: "turn" },
        el("h2", { class: "panel-title" }, shapeIcon(turn.player), ` ${turn.name}: ${turn.kind === "activation" ? "activation" : `${turn.kind} interruption`}${turn.interrupted ? ` of ${nameOf(turn.interrupted)}` : ""}`),
        el("p", {}, el("strong", { class: turn.ap ? "ap" : "ap none", text: `AP left: ${turn.ap}` }), ` | next costs: ${costs}`),
        turn.free_actions.length ? el("p", { text: `Free actions: ${turn.free_actions.join(", ")}` }) : null,
        turn.cards.length ? el("p", { text: `Played: ${turn.cards.join(", ")}` }) : null,
        turn.missions.map((m) => el("p", { text: `Side mission ${m.card} (${m.vp} VP): ${m.text}${m.done ? " (done)" : ""}` }))));
    }
    if (!c) {
      parts.push(el("p", { class: "muted", text: "Click a character to see its card." }));
      fill(cardBox, parts);
      return;
    }
    const card = c.card;
    const tokens = tokenList(c);
    parts.push(
      el("h2", { class: "panel-title" }, shapeIcon(c.owner), ` ${c.name} (${c.letter}), player ${c.owner}`),
      el("p", {}, c.at ? `At ${posText(c.at)}, facing ${c.facing_name}` : "Knocked out", ` | wounds ${c.wounds}/${c.health} | mana ${c.mana}/5`),
      tokens.length ? el("p", { class: "tokens" }, "Tokens: ", words(tokens.join(", "))) : null,
      el("ul", { class: "plain stats", "aria-label": "Stats" }, Object.entries(card.stats).map(([k, v]) =>
        el("li", {}, el("span", { class: "muted", text: `${k.replace("_", " ")} ` }), el("strong", { text: String(v) })))),
      el("h3", { text: "Weapons" }),
      el("ul", { class: "plain texts" }, card.weapons.map((w) => el("li", {}, words(w.text)))),
      card.items.length ? el("h3", { text: "Items" }) : null,
      card.items.length ? el("ul", { class: "plain texts" }, card.items.map((i) => el("li", {}, words(`${i.text}${i.used ? " [used]" : ""}`)))) : null,
      card.skills.length ? el("h3", { text: "Skills" }) : null,
      card.skills.length ? el("ul", { class: "plain texts" }, card.skills.map((s) => el("li", {}, words(`${s.text}${s.used ? " [used this turn]" : ""}`)))) : null,
      card.provisional.length ? el("p", { class: "muted small", text: `Values not printed in the rulebook (ours): ${card.provisional.join(", ")}` }) : null);
    fill(cardBox, parts);
  }

  function renderHand() {
    const st = board.status;
    if (!st.cards) {
      fill(handBox);
      handBox.hidden = true;
      return;
    }
    handBox.hidden = false;
    const parts = [el("h2", { class: "panel-title", text: "Cards" })];
    const hand = board.hand;
    if (hand) {
      const cardActions = new Map();
      for (const h of hints()) {
        if ((h.kind === "select" || h.kind === "play") && h.card) cardActions.set(`${h.kind}:${h.card}`, h);
      }
      parts.push(el("ul", { class: "plain cards" }, hand.cards.map((card) => {
        const acts = ["select", "play"].map((k) => cardActions.get(`${k}:${card.id}`)).filter(Boolean);
        return el("li", { class: `play-card ${card.kind}` },
          el("div", {},
            el("strong", { text: card.name }),
            el("span", { class: "muted", text: ` ${card.kind}` }),
            el("span", { class: "values", text: ` | initiative ${card.initiative} | ${card.ap} AP | ${card.mana} mana${card.vp !== null ? ` | ${card.vp} VP` : ""}` })),
          el("div", { class: "small" }, "Bonus: ", words(card.bonus)),
          acts.map((h) => el("button", { type: "button", class: "small", text: h.kind === "select" ? "Select" : "Play", onClick: () => choose(h) })));
      })));
      if (hand.selected) parts.push(el("p", { text: `You selected: ${hand.selected}` }));
    }
    for (const p of st.players) {
      if (view.seat === p.player) continue;
      parts.push(el("p", { class: "muted" }, shapeIcon(p.player), ` Player ${p.player}: ${p.hand} fate and ${p.glory} glory cards (hidden)${st.step === "select" ? (hasChosen(st, p) ? "; has chosen" : "; still choosing") : ""}`));
    }
    fill(handBox, parts);
  }

  /** The objectives: when they score (the end of the round), each token as it stands, and who
   * would score if the round ended now (the data's `objectives_info`). */
  function objectivesPanel() {
    const info = board.objectives_info || {};
    const preview = info.preview || [];
    const tokens = board.objectives.map((o) => `${o.id} ${o.status === "claimed" ? `claimed by player ${o.by}` : o.status}`).join("; ");
    return el("div", { class: "objectives-panel small" },
      info.text
        ? el("p", {}, words(info.text))
        : el("p", {}, el("strong", {}, words("Objectives")), " score at the end of the round (the clean-up), not when a character reaches them."),
      el("p", { class: "muted", text: tokens }),
      info.now ? el("p", { class: "objective-now" }, el("strong", { text: "Now: " }), info.now) : null,
      preview.length
        ? el("ul", { class: "plain objective-preview", "aria-label": "Who would score now" },
          preview.map((p) => el("li", { dataset: { player: p.player } }, shapeIcon(p.player, 12), " ", p.text || `player ${p.player}: ${p.vp} VP${p.objectives && p.objectives.length ? ` (${p.objectives.join(", ")})` : ""}`)))
        : null);
  }

  function renderForces() {
    const rows = board.characters.map((c) => el("tr", {
      class: `${c.id === selected ? "selected " : ""}${c.knocked_out ? "out" : ""}`,
    },
    el("td", {}, el("button", { type: "button", class: "link", "aria-label": `Select ${c.name}`, onClick: () => select(c.id) }, shapeIcon(c.owner, 12), ` ${c.letter} ${c.name}`)),
    el("td", { text: c.at ? `${posText(c.at)} ${c.facing_name}` : "-" }),
    el("td", { class: "num", text: `${c.wounds}/${c.health}` }),
    el("td", { class: "num", text: String(c.mana) }),
    el("td", {}, words(tokenList(c).join(", ")))));
    fill(forcesBox,
      el("h2", { class: "panel-title", text: "Forces" }),
      el("table", { class: "data compact" },
        el("thead", {}, el("tr", {}, [["character", "character"], ["at", "where and facing"], ["wounds", "wounds taken of health"], ["mana", "mana"], ["tokens", "tokens"]].map(([h, title]) => el("th", { scope: "col", title, text: h })))),
        el("tbody", {}, rows)),
      board.objectives.length ? objectivesPanel() : null,
      board.marks.length ? el("p", { class: "small", text: `Marks: ${board.marks.map((m) => `${m.name} (player ${m.owner}) at ${posText(m.at)}: ${m.text}`).join("; ")}` }) : null);
  }

  // --- results in place ---

  /** What changed since the view before: a new attack to show over the board, wounds taken. */
  function noteResults() {
    const now = Date.now();
    const attack = board.last_attack || null;
    const seq = attack ? attack.seq : null;
    if (shownSeq !== undefined && seq !== null && seq !== shownSeq) shownAttack = { ...attack, until: now + SHOW_MS };
    shownSeq = seq;
    const first = lastWounds.size === 0;
    const next = new Map();
    for (const c of board.characters) {
      const before = lastWounds.get(c.id);
      next.set(c.id, { wounds: c.wounds, at: c.at });
      if (first || !before || c.wounds <= before.wounds) continue;
      const taken = c.wounds - before.wounds;
      const at = c.at || before.at;
      if (at) flashes.push({ id: c.id, at, text: `${taken} ${taken === 1 ? "wound" : "wounds"}${c.knocked_out ? ", out" : ""}`, until: now + SHOW_MS });
    }
    lastWounds = next;
    flashes = flashes.filter((f) => f.until > now);
    clearTimeout(resultTimer);
    const ends = [...flashes.map((f) => f.until), shownAttack ? shownAttack.until : Infinity];
    const soonest = Math.min(...ends);
    if (Number.isFinite(soonest)) resultTimer = setTimeout(expireResults, Math.max(50, soonest - now + 20));
  }

  function expireResults() {
    const now = Date.now();
    flashes = flashes.filter((f) => f.until > now);
    if (shownAttack && shownAttack.until <= now) shownAttack = null;
    renderBanner();
    renderOverlay();
    if (flashes.length || shownAttack) {
      const soonest = Math.min(...flashes.map((f) => f.until), shownAttack ? shownAttack.until : Infinity);
      resultTimer = setTimeout(expireResults, Math.max(50, soonest - now + 20));
    }
  }

  function renderBanner() {
    const banner = resultBanner({
      tests: board.tests,
      attack: shownAttack,
      nameOf,
      onClose: () => {
        shownAttack = null;
        fill(bannerBox);
      },
    });
    fill(bannerBox, banner);
  }

  function drawFlashes() {
    const layer = svg("g", { class: "flashes", "pointer-events": "none" });
    for (const f of flashes) {
      const [cx, cy] = pos(f.at[0], f.at[1]);
      layer.append(svg("text", { x: cx, y: cy - S * 0.62, "text-anchor": "middle", class: "wound-flash", dataset: { character: f.id }, text: f.text }));
    }
    return layer;
  }

  function renderGuide() {
    if (guideDismissed() || !view || view.seat === null) {
      fill(guideBox);
      return;
    }
    fill(guideBox, guidePanel(terms, () => {
      setGuideDismissed(true);
      renderGuide();
      renderBoardTools();
    }));
  }

  function renderAll() {
    if (board.glossary !== termsOf) {
      termsOf = board.glossary;
      terms = glossaryIndex(board.glossary || []);
    }
    renderGuide();
    renderBanner();
    renderStatus();
    renderBoardTools();
    if (!svgRoot || svgRoot.dataset.map !== board.map.name) {
      renderBoard();
      svgRoot.dataset.map = board.map.name;
    } else {
      renderOverlay();
    }
    renderDecision();
    renderTests();
    renderActions();
    renderCard();
    renderHand();
    renderForces();
    ctx.renderLog(logBox);
    applyZoom(); // the panels above the board may have changed height
  }

  return {
    update(next) {
      view = next;
      board = next.board;
      pending = null;
      choices = null;
      if (!hints().some((h) => h.kind === "discard")) discardPick = new Set();
      sendDiscard();
      sendReroll();
      noteResults();
      if (!hints().some((h) => h.kind === "move" && h.move.focus)) focusMode = false;
      if (selected && !character(selected)) selected = null;
      const turn = board.turn;
      if (turn && view.seat === turn.player && mine()) {
        const key = `${board.status.round}:${turn.character}:${turn.depth}`;
        if (key !== autoKey) {
          autoKey = key;
          selected = turn.character;
        }
      }
      renderAll();
    },
    key(event) {
      const k = event.key;
      if (k === "Enter") return confirmPending();
      if (k === "Escape") return cancel();
      if (k === "f" && hints().some((h) => h.kind === "move" && h.move.focus)) {
        focusMode = !focusMode;
        renderBoardTools();
        renderOverlay();
        return true;
      }
      if (k === "s") {
        shadeSight = !shadeSight;
        renderBoardTools();
        renderOverlay();
        return true;
      }
      if (k === "+" || k === "=") {
        zoom = Math.min(4, zoom * 1.25);
        applyZoom();
        return true;
      }
      if (k === "-") {
        zoom = Math.max(1, zoom / 1.25);
        applyZoom();
        return true;
      }
      if (/^[1-9]$/.test(k)) {
        const scope = choices ? decisionBox : actionsBox;
        if (choices) {
          const list = scope.querySelectorAll("button:not(.secondary)");
          const button = list[Number(k) - 1];
          if (button) {
            button.click();
            return true;
          }
          return false;
        }
        const button = scope.querySelector(`button[data-key="${k}"]`);
        if (button) {
          button.click();
          return true;
        }
      }
      return false;
    },
    destroy() {
      clearTimeout(hoverTimer);
      clearTimeout(resendTimer);
      window.removeEventListener("resize", fitting);
    },
  };
}
