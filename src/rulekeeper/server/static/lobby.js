// The lobby (#/): the new-game form built from the catalog (each parameter as its game declares
// it, shipped files by title and player count, each seat a list of you, open or the game's
// bots), the public games (join, play, watch, replay) and the games this browser holds seats in;
// for a game that offers campaigns, the new-campaign form and the campaigns (campaign.js).

import {
  api,
  describeError,
  forgetCampaign,
  forgetGame,
  heldCampaigns,
  heldTokens,
  rememberAdmin,
  rememberCampaign,
  rememberToken,
} from "./api.js";
import { campaignLink, keepScenario } from "./campaign.js";
import { el, fill, toast } from "./dom.js";
import { replayLink } from "./replay.js";

const NAME = "rulekeeper.name";

function seatSummary(seats) {
  return seats
    .map((s) => {
      if (s.kind === "open") return `seat ${s.seat}: open`;
      if (s.kind === "bot") return `seat ${s.seat}: bot ${s.spec}`;
      return `seat ${s.seat}: ${s.name || "someone"}`;
    })
    .join("; ");
}

/** A shipped file in words, for its option: "Siege (2 players)", "First game (2 players, the default)". */
function fileText(file, isDefault) {
  const notes = [];
  if (file.players) notes.push(`${file.players} ${file.players === 1 ? "player" : "players"}`);
  if (isDefault) notes.push("the default");
  return notes.length ? `${file.title} (${notes.join(", ")})` : file.title;
}

/** One parameter's input, from its declaration in the catalog (docs/protocol.md): a select for
 * choices or shipped files (each file by its title and player count, what it is said under the
 * list), a number for whole numbers and numbers, a check box for true or false, a text
 * otherwise; null for a file parameter without shipped files (its data cannot be typed in
 * here). Its `read()` gives the value, or undefined to leave the game's default; `players()`
 * the seats the chosen shipped file sets (undefined: it sets none). */
function paramInput(param, files) {
  const id = `param-${param.name}`;
  const hasDefault = param.default !== undefined && param.default !== null;
  const label = (text) => el("label", { for: id, title: param.help }, `${text} `);
  const words = param.name.replace(/_/g, " ");
  const title = words.charAt(0).toUpperCase() + words.slice(1);
  const listed = param.kind === "file" ? param.shipped || [] : param.choices || [];
  if (listed.length > 0) {
    const about = files ? new Map(files.map((file) => [file.name, file])) : new Map();
    const fallback = hasDefault ? "" : el("option", { value: "", text: "the default" });
    const options = listed.map((value) => {
      const file = about.get(value);
      const isDefault = hasDefault && String(param.default) === value;
      const text = file ? fileText(file, isDefault) : value;
      return el("option", { value, text, title: file ? file.description : null });
    });
    const select = el("select", { id, name: param.name, title: param.help, "aria-describedby": `${id}-about` }, fallback, options);
    if (hasDefault && listed.includes(String(param.default))) select.value = String(param.default);
    else if (!hasDefault) select.value = "";
    const described = el("p", { id: `${id}-about`, class: "muted small param-about" });
    const describe = () => { // the chosen file in words, else what the parameter is for
      const file = about.get(select.value);
      described.textContent = file ? `${file.title}: ${file.description || "no description"}` : `${title}: ${param.help || ""}`;
      described.hidden = !file && !param.help;
    };
    select.addEventListener("change", describe);
    describe();
    return {
      nodes: [label(title), select],
      about: described,
      select,
      read: () => select.value || undefined,
      players: () => {
        const file = about.get(select.value);
        return file && file.players ? file.players : undefined;
      },
    };
  }
  if (param.kind === "file") return null;
  const none = () => undefined;
  if (param.kind === "bool") {
    const box = el("input", { id, name: param.name, type: "checkbox", checked: param.default === true, title: param.help });
    return { nodes: [label(title), box], players: none, read: () => (box.checked === (param.default === true) ? undefined : box.checked) };
  }
  if (param.kind === "int" || param.kind === "float") {
    const input = el("input", {
      id, name: param.name, type: "number", title: param.help,
      min: param.minimum ?? null, max: param.maximum ?? null, step: param.kind === "int" ? 1 : "any",
      value: hasDefault ? param.default : null, placeholder: hasDefault ? null : "the default", size: 6,
    });
    const read = () => (input.value === "" ? undefined : Number(input.value));
    // the `players` parameter is the seat count itself (docs/protocol.md): it draws the seats
    const seats = param.name === "players" ? read : none;
    return { nodes: [label(title), input], players: seats, seats: param.name === "players", watch: input, read };
  }
  const input = el("input", { id, name: param.name, type: "text", title: param.help, value: hasDefault ? param.default : null, placeholder: hasDefault ? null : "the default", size: 12 });
  return { nodes: [label(title), input], players: none, read: () => input.value.trim() || undefined };
}

/** The new game's parameters, each as its declaration says; `read()` gives those set,
 * `players()` the seats the chosen shipped files set (undefined: the game's defaults say),
 * `onChange(f)` calls f when a shipped file is chosen. */
function paramsFields(game) {
  const box = el("div", { class: "params" });
  const abouts = el("div", { class: "params-about" });
  const files = (game && game.files) || {};
  const inputs = ((game && game.params) || [])
    .map((param) => [param.name, paramInput(param, files[param.name])])
    .filter(([, input]) => input !== null);
  for (const [, input] of inputs) {
    box.append(...input.nodes);
    if (input.about) abouts.append(input.about);
  }
  box.read = () => {
    const found = {};
    for (const [name, input] of inputs) {
      const value = input.read();
      if (value !== undefined) found[name] = value;
    }
    return found;
  };
  const ordered = [...inputs.filter(([, input]) => input.seats), ...inputs.filter(([, input]) => !input.seats)];
  box.players = () => ordered.map(([, input]) => input.players()).find((n) => n !== undefined);
  box.onChange = (listener) => {
    for (const [, input] of inputs) {
      if (input.select) input.select.addEventListener("change", listener);
      if (input.seats) input.watch.addEventListener("input", listener);
    }
  };
  box.abouts = abouts;
  return box;
}

/** What a seat may be: the game's own list from the catalog (a person, open, each bot it is
 * offered with its levels), or one made from the catalog's bots for an older server. */
function seatChoices(catalog, game) {
  if (game && game.seat_choices) return game.seat_choices;
  const levels = (catalog.levels || []).map((level) => `mcts@${level}`);
  const bots = (game ? game.bots || [] : catalog.bots || []).filter((b) => b !== "mcts");
  return ["me", "open", ...bots, ...levels].map((spec) => ({ spec, text: spec }));
}

function createForm(catalog, refresh) {
  const games = catalog.games || [];
  const gameSelect = el("select", { id: "new-game" }, games.map((g) => el("option", { value: g.name, text: g.name, title: g.description })));
  const gameAbout = el("p", { id: "new-game-about", class: "muted small" });
  const paramsBox = el("div");
  const aboutBox = el("div");
  const seatsBox = el("div", { class: "seats" });
  const seatHelp = el("p", { id: "seat-help", class: "muted small" });
  const title = el("input", { id: "new-title", type: "text", maxlength: 200, placeholder: "optional" });
  const privateBox = el("input", { id: "new-private", type: "checkbox" });
  const seed = el("input", { id: "new-seed", type: "number", min: 0, placeholder: "random" });
  let params = null;
  let game = null;
  let chosen = []; // the seats' values as last set, kept when the seats are drawn again

  const seatInput = (index, choices, value) => {
    const select = el("select", { id: `seat-${index}`, name: `seat-${index}`, "aria-describedby": "seat-help" },
      choices.map((choice) => el("option", { value: choice.spec, text: choice.text })));
    select.value = choices.some((c) => c.spec === value) ? value : choices[0].spec;
    select.addEventListener("change", () => { chosen[index] = select.value; });
    return el("span", { class: "seat-input" }, el("label", { for: `seat-${index}` }, `Seat ${index} `), select);
  };

  const drawSeats = () => {
    const choices = seatChoices(catalog, game);
    const specs = choices.map((c) => c.spec);
    const counts = game && game.players && game.players.length ? game.players : [2];
    const count = params.players() || (game && game.default_players) || Math.min(...counts);
    const firstBot = specs.includes("mcts@1") ? "mcts@1" : specs.find((s) => s !== "me" && s !== "open") || "open";
    fill(seatsBox, Array.from({ length: Math.max(1, count) }, (_, index) =>
      seatInput(index, choices, chosen[index] || (index === 0 ? "me" : firstBot))));
    const players = count === 1 ? "1 player" : `${count} players`;
    seatHelp.textContent = `${players}. A seat is you, open (someone joins with the game's link or from the lobby), or a bot.`;
  };

  const update = () => {
    game = games.find((g) => g.name === gameSelect.value) || null;
    gameAbout.textContent = game ? game.description : "";
    params = paramsFields(game);
    params.onChange(drawSeats);
    chosen = [];
    fill(paramsBox, params);
    fill(aboutBox, params.abouts);
    drawSeats();
  };
  gameSelect.addEventListener("change", update);
  update();

  const submit = async (event) => {
    event.preventDefault();
    const seats = [...seatsBox.querySelectorAll("select")].map((select) => select.value || "open");
    const spec = { game: gameSelect.value, params: params.read(), seats, title: title.value, private: privateBox.checked, name: localStorage.getItem(NAME) || "" };
    if (seed.value !== "") spec.seed = Number(seed.value);
    try {
      enterCreated(await api.create(spec));
    } catch (error) {
      toast(`Could not create the game: ${describeError(error)}`, "error");
      refresh();
    }
  };

  return el("form", { class: "panel new-game", onSubmit: submit, "aria-labelledby": "new-title-h" },
    el("h2", { id: "new-title-h", class: "panel-title", text: "New game" }),
    el("div", { class: "row" }, el("label", { for: "new-game" }, "Game "), gameSelect, paramsBox),
    gameAbout,
    aboutBox,
    el("div", { class: "row" }, seatsBox),
    seatHelp,
    el("div", { class: "row" },
      el("label", { for: "new-title" }, "Title "), title,
      el("label", { for: "new-private" }, " Private "), privateBox,
      el("label", { for: "new-seed" }, " Seed "), seed),
    el("div", { class: "row" }, el("button", { type: "submit", class: "primary", text: "Create and play" })));
}

/** The new-campaign form, for the games whose catalog entry offers campaigns (null: none does):
 * the game, its campaign, the seat (as a game's seat: you, open or a bot), a seed. */
function campaignForm(catalog) {
  const games = (catalog.games || []).filter((g) => (g.campaigns || []).length > 0);
  if (games.length === 0) return null;
  const gameSelect = el("select", { id: "campaign-game" }, games.map((g) => el("option", { value: g.name, text: g.name, title: g.description })));
  const campaignSelect = el("select", { id: "campaign-name" });
  const seatSelect = el("select", { id: "campaign-seat", "aria-describedby": "campaign-help" });
  const seed = el("input", { id: "campaign-seed", type: "number", min: 0, placeholder: "random" });
  const update = () => {
    const game = games.find((g) => g.name === gameSelect.value);
    fill(campaignSelect, game.campaigns.map((name) => el("option", { value: name, text: name })));
    fill(seatSelect, seatChoices(catalog, game).map((c) => el("option", { value: c.spec, text: c.text })));
    seatSelect.value = "me";
  };
  gameSelect.addEventListener("change", update);
  update();

  const submit = async (event) => {
    event.preventDefault();
    const spec = { game: gameSelect.value, campaign: campaignSelect.value, seats: [seatSelect.value || "me"], name: localStorage.getItem(NAME) || "" };
    if (seed.value !== "") spec.seed = Number(seed.value);
    try {
      const made = await api.createCampaign(spec);
      rememberCampaign(made.id, made.admin_token);
      keepScenario(made.id, made.game);
      location.hash = campaignLink(made.id);
    } catch (error) {
      toast(`Could not create the campaign: ${describeError(error)}`, "error");
    }
  };

  return el("form", { class: "panel new-campaign", onSubmit: submit, "aria-labelledby": "new-campaign-h" },
    el("h2", { id: "new-campaign-h", class: "panel-title", text: "New campaign" }),
    el("div", { class: "row" },
      el("label", { for: "campaign-game" }, "Game "), gameSelect,
      el("label", { for: "campaign-name" }, " Campaign "), campaignSelect,
      el("label", { for: "campaign-seat" }, " Seat "), seatSelect,
      el("label", { for: "campaign-seed" }, " Seed "), seed,
      el("button", { type: "submit", class: "primary", text: "Start the campaign" })),
    el("p", { id: "campaign-help", class: "muted small", text: "A chain of scenarios, each a game of its own; the seat plays every one of them (you, or a bot)." }));
}

/** The public campaigns, and those this browser keeps (private ones too); null: none at all. */
function campaignsTable(listed) {
  const held = heldCampaigns();
  const known = new Set(listed.map((c) => c.id));
  const rows = listed.map((c) => el("tr", {},
    el("td", {}, c.title),
    el("td", {}, c.heading || c.summary || ""),
    el("td", {}, c.status),
    el("td", { class: "buttons" }, el("a", { class: `button ${c.id in held ? "primary" : "secondary"}`, href: campaignLink(c.id), text: "Open" }))));
  const kept = Object.keys(held).filter((id) => !known.has(id)).map((id) => el("tr", {},
    el("td", {}, id),
    el("td", { class: "muted", text: "private or gone" }),
    el("td", {}, ""),
    el("td", { class: "buttons" },
      el("a", { class: "button", href: campaignLink(id), text: "Open" }),
      el("button", { type: "button", class: "secondary small", text: "Forget", onClick: () => { forgetCampaign(id); location.reload(); } }))));
  if (rows.length + kept.length === 0) return null;
  return el("section", { class: "panel campaigns" },
    el("h2", { class: "panel-title", text: "Campaigns" }),
    el("table", { class: "data" },
      el("caption", { class: "sr-only", text: "Campaigns" }),
      el("thead", {}, el("tr", {}, ["Campaign", "Where it stands", "Status", ""].map((h) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, rows, kept)));
}

/** Keeps the tokens of a game just made (created or branched) and opens it in the first seat taken. */
export function enterCreated(made) {
  rememberAdmin(made.id, made.admin_token);
  const mine = Object.entries(made.seat_tokens || {});
  for (const [seat, token] of mine) rememberToken(made.id, seat, token);
  if (mine.length > 0) {
    location.hash = `#/game/${encodeURIComponent(made.id)}?token=${encodeURIComponent(mine[0][1])}`;
    if (mine.length > 1) toast("Hotseat: the other seat's link is under 'Your games' in the lobby.");
  } else {
    location.hash = `#/game/${encodeURIComponent(made.id)}`;
  }
}

function gamesTable(games, nameInput, refresh) {
  if (games.length === 0) return el("p", { class: "muted", text: "No public game yet: create one." });
  const rows = games.map((g) => {
    const held = heldTokens(g.id);
    const buttons = [];
    for (const seat of g.seats) {
      const token = held.seats[String(seat.seat)];
      if (token) {
        buttons.push(el("a", { class: "button primary", href: `#/game/${encodeURIComponent(g.id)}?token=${encodeURIComponent(token)}`, text: `Play seat ${seat.seat}` }));
      } else if (seat.kind === "open") {
        buttons.push(el("button", {
          type: "button",
          text: `Join seat ${seat.seat}`,
          onClick: async () => {
            try {
              const name = nameInput.value.trim();
              localStorage.setItem(NAME, name);
              const joined = await api.join(g.id, seat.seat, name);
              rememberToken(g.id, joined.seat, joined.token);
              location.hash = `#/game/${encodeURIComponent(g.id)}?token=${encodeURIComponent(joined.token)}`;
            } catch (error) {
              toast(describeError(error), "error");
              refresh();
            }
          },
        }));
      }
    }
    buttons.push(el("a", { class: "button secondary", href: `#/game/${encodeURIComponent(g.id)}`, text: "Watch" }));
    if (g.status === "finished") buttons.push(el("a", { class: "button secondary replay-link", href: replayLink(g.id), text: "Replay" }));
    return el("tr", {},
      el("td", {}, g.title || g.id),
      el("td", {}, g.game),
      el("td", {}, g.status),
      el("td", {}, seatSummary(g.seats)),
      el("td", { class: "num" }, String(g.version)),
      el("td", { class: "buttons" }, buttons));
  });
  return el("table", { class: "data" },
    el("caption", { class: "sr-only", text: "Public games" }),
    el("thead", {}, el("tr", {}, ["Game", "Kind", "Status", "Seats", "Actions so far", ""].map((h) => el("th", { scope: "col", text: h })))),
    el("tbody", {}, rows));
}

function yourGames(listed) {
  let all = {};
  try {
    all = JSON.parse(localStorage.getItem("rulekeeper.tokens") || "{}");
  } catch {
    all = {};
  }
  const ids = Object.keys(all);
  if (ids.length === 0) return null;
  const known = new Map(listed.map((g) => [g.id, g]));
  const items = ids.map((id) => {
    const held = all[id] || { seats: {} };
    const links = Object.entries(held.seats || {}).map(([seat, token]) =>
      el("a", { class: "button", href: `#/game/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`, text: `seat ${seat}` }));
    const game = known.get(id);
    return el("li", {},
      el("span", { text: game ? `${game.title} (${game.status}) ` : `${id} (private or gone) ` }),
      links,
      el("button", { type: "button", class: "secondary small", text: "Forget", onClick: () => { forgetGame(id); location.reload(); } }));
  });
  return el("section", { class: "panel" }, el("h2", { class: "panel-title", text: "Your games (kept in this browser)" }), el("ul", { class: "plain" }, items));
}

export function lobbyScreen(app, where) {
  where.textContent = "Lobby";
  document.title = "Rulekeeper: lobby";
  const nameInput = el("input", { id: "your-name", type: "text", maxlength: 40, value: localStorage.getItem(NAME) || "", placeholder: "shown to the others" });
  const listBox = el("section", { class: "panel", "aria-live": "polite" });
  const mineBox = el("div");
  const formBox = el("div");
  const campaignBox = el("div");
  const campaignsBox = el("div");
  let timer = null;
  let alive = true;

  const refresh = async () => {
    try {
      const games = await api.games();
      if (!alive) return;
      fill(listBox, el("h2", { class: "panel-title", text: "Games" }), gamesTable(games, nameInput, refresh));
      fill(mineBox, yourGames(games));
      const campaigns = await api.campaigns();
      if (alive) fill(campaignsBox, campaignsTable(campaigns));
    } catch (error) {
      fill(listBox, el("p", { class: "error", text: `The server did not answer: ${describeError(error)}` }));
    }
  };

  fill(app,
    el("div", { class: "lobby" },
      el("div", { class: "row" }, el("label", { for: "your-name" }, "Your name "), nameInput),
      formBox, campaignBox, listBox, campaignsBox, mineBox));
  nameInput.addEventListener("input", () => localStorage.setItem(NAME, nameInput.value.trim()));
  api.catalog().then((catalog) => {
    if (!alive) return;
    fill(formBox, createForm(catalog, refresh));
    fill(campaignBox, campaignForm(catalog));
  })
    .catch((error) => fill(formBox, el("p", { class: "error", text: `No catalog: ${describeError(error)}` })));
  refresh();
  timer = setInterval(refresh, 5000);
  return {
    destroy() {
      alive = false;
      clearInterval(timer);
    },
    key() {
      return false;
    },
  };
}
