// The HoMM3 map board's panels (issue 25 §1): the players, the round track, the town panels and
// the hand, drawn from the board data of views/web_map/panels.py (and town.py). homm3-map.js
// gives each function the box it fills. No rule is computed here: a button takes the `action`
// string the data gives (the seat's legal action); a choice without one shows the rule's
// refusal on hover (and on a click, as a message).

import { el, fill, loadStyle } from "/static/dom.js";
import { define, loadGlossary } from "./parts.js";

await loadStyle("plugin-style-homm3-map-panels", new URL("./homm3-map-panels.css", import.meta.url).href);
await loadGlossary("homm3"); // the map game's words on hover (Few, Pack, tokens, ...)

const RESOURCE_NAMES = { gold: "Gold", materials: "Building Materials", valuables: "Valuables" };
const RESOURCE_SHORT = { gold: "G", materials: "BM", valuables: "V" };
const MORALE_SIGNS = { 1: "+", 0: "0", "-1": "−" };

/** A price in words with each resource named: "5 Gold, 2 Building Materials" ("free"). */
export function costText(cost) {
  const parts = Object.entries(cost || {}).filter(([, n]) => n).map(([k, n]) => `${n} ${RESOURCE_NAMES[k] || k}`);
  return parts.join(", ") || "free";
}

/** Resources as chips: "20 Gold" with a short mark for each resource. */
function resourceChips(amounts, income) {
  return el("span", { class: "hm-resources" },
    ...Object.keys(RESOURCE_NAMES).map((k) => el("span", {
      class: `hm-res r-${k}`,
      title: `${RESOURCE_NAMES[k]}: ${amounts?.[k] ?? 0}` + (income ? `, income ${income[k] ?? 0} a Resource round` : ""),
    }, el("b", { text: String(amounts?.[k] ?? 0) }), ` ${RESOURCE_SHORT[k]}`,
    income && income[k] ? el("small", { text: ` +${income[k]}` }) : "")));
}

/** The one click handler of a panel box: a `data-action` element takes its action; a refused
 * choice says why. Set as a property, so redrawing never stacks handlers. */
function clicks(box, ctx) {
  box.onclick = (event) => {
    const target = event.target.closest("[data-action], [data-refusal]");
    if (!target || !box.contains(target)) return;
    if (target.dataset.action) ctx.act(target.dataset.action);
    else if (target.dataset.refusal && ctx.toast) ctx.toast(target.dataset.refusal, "error");
  };
}

/** A choice of a town panel as a button: its words and cost; `data-action` when legal now,
 * else marked refused with the rule's reason on hover. */
function choiceButton(label, entry, data = {}) {
  const cost = costText(entry.cost);
  const classes = ["hm-choice", `k-${entry.kind}`, entry.affordable ? "affordable" : "dear", entry.action ? "legal" : "refused"];
  const attrs = { class: classes.join(" "), type: "button", dataset: { ...data } };
  if (entry.action) {
    attrs.dataset.action = entry.action;
    attrs.title = entry.text || label;
  } else {
    attrs.dataset.refusal = entry.refusal || "not now";
    attrs["aria-disabled"] = "true";
    attrs.title = `${entry.refusal || "not now"}${entry.rule ? ` (${entry.rule})` : ""}`;
  }
  return el("button", attrs, el("span", { class: "hm-choice-name", text: label }), el("span", { class: "hm-cost", text: cost }));
}

// ---------------------------------------------------------------------------- AI heroes

/** The AI heroes of a solo or co-op game (homm3.md §5.24): name and faction, where and MP,
 * units, and their AI and Spell decks by count only (nobody sees their cards). */
export function drawAiHeroes(box, heroes) {
  fill(box, el("h2", { class: "panel-title", text: "AI heroes" }), ...(heroes || []).map((a) => {
    const units = (a.units || []).map((t) => el("li", { class: "hm-troop" },
      t.name, " ", el("span", { class: `h3-face face-${t.side}`, text: t.side_name })));
    return el("section", { class: `hm-ai-panel${a.defeated ? " defeated" : ""}`, dataset: { ai: a.id }, style: `--hm-colour: ${a.colour}` },
      el("h3", {}, el("span", { class: "hm-swatch" }), `${a.name} (${a.faction_name})`, a.defeated ? " — defeated" : ""),
      a.defeated ? null : el("p", { class: "small", text: `${a.place}, ${a.mp} MP` }),
      a.defeated ? null : el("ul", { class: "hm-army" }, ...units),
      a.defeated ? null : el("p", { class: "small muted", text: `AI deck: ${a.ai_deck} cards; Spell deck: ${a.spells} cards` }));
  }));
}

// ---------------------------------------------------------------------------- players

/** Every player: faction in its colour, heroes with fields and MP, Level and experience,
 * morale, resources and income, card counts (never a hand's cards), army, places held. */
export function drawPlayers(box, players, ctx) {
  box.classList.add("hm-players");
  const seat = ctx?.view?.seat;
  fill(box, ...(players || []).map((p) => {
    const you = p.seat === seat ? " (you)" : "";
    const level = `Level ${p.level}` + (p.experience ? " ½" : "") + (p.to_next_level ? ` (${p.to_next_level} half-levels to the next)` : "");
    const army = (p.army || []).map((t) => el("li", { class: `hm-troop tier-${t.tier}`, title: define(t.side_name, `${t.name}, ${t.tier} tier`) },
      t.name, " ", el("span", { class: `h3-face face-${t.side}`, text: t.side_name })));
    const heroes = (p.heroes || []).map((h) => el("li", { class: `hm-hero-line role-${h.role}`, dataset: { hero: h.id } },
      el("b", { text: h.name }), ` ${h.role_name}, ${h.place}, ${h.mp} MP`));
    const held = (p.places || []).map((x) => x.name).join(", ") || "nothing";
    return el("section", { class: `hm-player${p.eliminated ? " eliminated" : ""}`, dataset: { seat: p.seat }, style: `--hm-colour: ${p.colour}` },
      el("h3", {}, el("span", { class: "hm-swatch" }), `${p.faction_name}${you}`, p.eliminated ? " — eliminated" : ""),
      el("p", { class: "small" }, resourceChips(p.resources, p.income)),
      el("p", { class: "small" }, level, ", ",
        el("span", { class: `morale m${p.morale}`, title: define("morale", `${p.morale_name} Morale`) }, `morale ${MORALE_SIGNS[p.morale] ?? p.morale} (${p.morale_name})`)),
      el("p", { class: "small hm-counts" }, `hand ${p.hand_count} of ${p.hand_limit}, deck ${p.deck_count}, discard ${p.discard_count}`),
      el("ul", { class: "hm-heroes" }, ...heroes),
      el("ul", { class: "hm-army" }, ...(army.length ? army : [el("li", { text: "no units" })])),
      el("p", { class: "small hm-held", text: `holds: ${held}` }),
      p.homeless_since ? el("p", { class: "small hm-warning", text: `no town since round ${p.homeless_since}` }) : "");
  }));
}

// ---------------------------------------------------------------------------- round track

/** The round of the limit and its kind, the track (Resource and Astrologers rounds), whose
 * turn, the Astrologers card in force with its text, the timed events due. */
export function drawRoundTrack(box, round, ctx) {
  box.classList.add("hm-round");
  if (!round) return fill(box);
  const spaces = (round.track || []).map((space) => el("li", {
    class: ["hm-space", ...space.kinds.map((k) => `k-${k}`), space.round === round.round ? "now" : "", space.round < round.round ? "past" : ""].join(" "),
    title: `Round ${space.round}: ${space.kinds.map((k) => (k === "resource" ? "Resource round" : "Astrologers round")).join(" and ")}${space.income ? " (income)" : ""}`,
    text: String(space.round),
  }));
  const card = round.astrologers;
  const turn = round.turn_name ? `${round.turn_name}'s turn` : "";
  fill(box,
    el("p", { class: "hm-round-head" },
      el("b", { text: round.round ? `Round ${round.round} of ${round.limit},` : "Setting up" }), " ",
      el("span", { class: "hm-round-kind", title: define(round.kind_name, round.kind_name), text: round.round ? round.kind_name : "" }),
      round.income ? " (income paid)" : "", turn ? ` — ${turn}` : ""),
    el("ol", { class: "hm-track" }, ...spaces),
    card ? el("p", { class: "hm-astrologers", title: card.text }, el("b", { text: "Astrologers: " }), card.text) : "",
    ...(round.events || []).map((e) => el("p", { class: "small hm-event", text: `Round ${e.round} event — ${e.text}` })));
}

// ---------------------------------------------------------------------------- towns

/** The seat's own town panels (built, to build with costs, recruiting, reinforcing, the Mage
 * Guild, the Secondary Hero, the tokens), then every other town as all see it. A spectator
 * sees every town. */
export function drawTowns(box, towns, townsPublic, ctx) {
  box.classList.add("hm-towns");
  clicks(box, ctx);
  const own = new Set((towns || []).map((t) => t.field));
  const others = (townsPublic || []).filter((t) => !own.has(t.field)).map((t) => el("li", { class: "hm-town-public", dataset: { field: t.field } },
    el("b", { text: t.name }), ` ${t.place}, held by ${t.owner_name}: `,
    (t.buildings || []).map((b) => b.name).join(", ") || "nothing built"));
  fill(box,
    ...(towns || []).map((town) => townPanel(town)),
    others.length ? el("section", { class: "hm-town-others" }, el("h4", { text: (towns || []).length ? "Other towns" : "Towns" }), el("ul", {}, ...others)) : "");
}

function townPanel(town) {
  const built = town.buildings.filter((b) => b.built);
  const toBuild = town.buildings.filter((b) => !b.built);
  const tokens = (town.tokens || []).map((t) => el("span", {
    class: `hm-token${t.used ? " used" : ""}`, title: define(`${t.name} token`, `${t.name} token: ${t.used ? "used this round" : "not used this round"}`), text: t.name,
  }));
  const section = (title, items, empty) => el("div", { class: "hm-town-part" }, el("h4", { text: title }),
    items.length ? el("div", { class: "hm-choices" }, ...items) : el("p", { class: "small muted", text: empty }));
  const builtItems = built.map((b) => el("span", { class: "hm-built", dataset: { building: b.id }, title: b.role },
    b.name, ...(b.uses || []).map((u) => el("button", { type: "button", class: "hm-use", dataset: { action: u.action }, title: u.text, text: "use" }))));
  const guild = town.guild ? [choiceButton("Buy a spell (Search 2 the Spell deck)", town.guild)] : [];
  return el("section", { class: `hm-town${town.captured ? " captured" : ""}`, dataset: { field: town.field, faction: town.faction } },
    el("h3", {}, town.name, " ", el("small", { text: town.place }), town.held ? "" : el("span", { class: "hm-warning", text: " (held by an enemy)" })),
    tokens.length ? el("p", { class: "hm-tokens" }, "Tokens: ", ...tokens) : "",
    el("div", { class: "hm-town-part" }, el("h4", { text: "Built" }), el("div", { class: "hm-choices" }, ...(builtItems.length ? builtItems : ["nothing"]))),
    town.captured ? "" : section("Build", toBuild.map((b) => choiceButton(b.name, b, { building: b.id })), "everything is built"),
    section("Recruit", (town.recruit || []).map((u) => choiceButton(`${u.name} (${u.tier})`, u, { unit: u.unit })), "no unit"),
    (town.reinforce || []).length ? section("Reinforce (Few → Pack)", town.reinforce.map((u) => choiceButton(u.name, u, { unit: u.unit })), "") : "",
    guild.length ? section("Mage Guild", guild, "") : "",
    (town.hero || []).length ? section("Secondary Hero", town.hero.map((h) => choiceButton(`at ${h.place}`, h, { field: h.field })), "") : "");
}

// ---------------------------------------------------------------------------- the hand

/** The seat's own hand: each card face up (its text on hover), with a button for each play
 * legal now; the deck and discard counts. A spectator's hand is {}: nothing is shown. */
export function drawHand(box, hand, ctx) {
  box.classList.add("hm-hand");
  clicks(box, ctx);
  if (!hand || !hand.cards) {
    fill(box, el("p", { class: "small muted", text: "Hands are hidden from spectators." }));
    return;
  }
  const cards = hand.cards.map((card) => el("li", {
    class: `hm-card h3-cardface kind-${card.kind}${card.actions.length ? " playable" : ""}`,
    dataset: { card: card.card },
    title: card.text,
    tabindex: 0,
  },
  el("div", { class: "hm-card-head" }, el("b", { text: card.name }), card.count > 1 ? ` ×${card.count}` : "", " ", el("small", { class: "hm-card-kind", text: card.kind })),
  el("p", { class: "hm-card-text", text: card.text }),
  card.actions.length ? el("div", { class: "h3-buttons" }, ...card.actions.map((a) => el("button", {
    type: "button", class: "hm-play", dataset: { action: a.action }, title: a.text, text: a.text,
  }))) : ""));
  fill(box,
    el("h3", { text: `Your hand (${hand.hand_count} of ${hand.hand_limit})` }),
    el("p", { class: "small hm-counts", text: `deck ${hand.deck_count}, discard ${hand.discard_count}` }),
    cards.length ? el("ul", { class: "hm-cards" }, ...cards) : el("p", { class: "small muted", text: "no cards in hand" }));
}
