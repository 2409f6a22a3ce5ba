// A campaign's page (#/campaign/ID?token=TOKEN): its heading, the scenarios played (won or
// lost), a link to the scenario being played; once that game is over its result, the cards to
// keep when the campaign offers a choice, and "Next scenario"; at the end the campaign's summary.
// Each scenario is an ordinary game (docs/protocol.md "Campaigns"). The page asks again every
// 2 s until the campaign is over, and at once on coming back to it.

import {
  ApiError,
  api,
  describeError,
  heldCampaigns,
  heldTokens,
  rememberAdmin,
  rememberCampaignGame,
  rememberToken,
} from "./api.js";
import { el, fill, toast } from "./dom.js";

const POLL_MS = 2000;
const STATUS_WORDS = { playing: "playing", "scenario-over": "scenario over", finished: "finished" };

const enc = encodeURIComponent;

/** The campaign page's address. */
export function campaignLink(id) {
  return `#/campaign/${enc(id)}`;
}

/** Keeps the tokens of a campaign's scenario game just hosted ({id, admin_token, seat_tokens})
 * and notes which campaign it is played for; answers the seat token of its first seat (or null). */
export function keepScenario(campaignId, hosted) {
  if (!hosted) return null;
  rememberAdmin(hosted.id, hosted.admin_token);
  const mine = Object.entries(hosted.seat_tokens || {});
  for (const [seat, token] of mine) rememberToken(hosted.id, seat, token);
  rememberCampaignGame(hosted.id, campaignId);
  return mine.length > 0 ? mine[0][1] : null;
}

/** The first seat token this browser holds for game `gameId`, or null. */
function seatToken(gameId) {
  if (!gameId) return null;
  const seats = Object.values(heldTokens(gameId).seats || {});
  return seats.length > 0 ? seats[0] : null;
}

/** Into game `gameId`: playing the seat this browser holds, else watching. */
function gameLink(gameId) {
  const token = seatToken(gameId);
  return token ? `#/game/${enc(gameId)}?token=${enc(token)}` : `#/game/${enc(gameId)}`;
}

/** A card id in words: "angel-wings" → "Angel wings". */
function cardText(card) {
  const words = String(card).replace(/[-_]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Each game the campaign played, with what came of it: won, lost, or still open. */
function scenariosTable(view) {
  const results = (view.progress && view.progress.results) || [];
  const rows = (view.games || []).map((gameId, index) => {
    let outcome = results[index];
    if (outcome === undefined) outcome = view.status === "scenario-over" && gameId === view.current ? "over" : "being played";
    return el("tr", { class: `scenario ${outcome.replace(/ /g, "-")}` },
      el("td", { class: "num", text: String(index + 1) }),
      el("td", {}, el("a", { href: gameLink(gameId), text: gameId })),
      el("td", { class: "outcome", text: outcome }));
  });
  if (rows.length === 0) return el("p", { class: "muted", text: "No scenario played yet." });
  return el("table", { class: "data compact scenarios" },
    el("caption", { text: "Scenarios played" }),
    el("thead", {}, el("tr", {}, ["#", "Game", "Result"].map((h) => el("th", { scope: "col", text: h })))),
    el("tbody", {}, rows));
}

/** The cards to keep: a check box per card (the automatic pick ticked), how many are ticked.
 * `read()` gives the ticked cards' ids. */
function offerFields(offer) {
  const pick = new Map();
  for (const card of offer.auto || []) pick.set(card, (pick.get(card) || 0) + 1);
  const boxes = offer.choices.map((card, index) => {
    const left = pick.get(card) || 0;
    if (left > 0) pick.set(card, left - 1);
    return el("input", { type: "checkbox", id: `keep-${index}`, name: "keep", value: card, checked: left > 0 });
  });
  const count = el("span", { id: "keep-count", class: "muted", "aria-live": "polite" });
  const recount = () => {
    const ticked = boxes.filter((box) => box.checked).length;
    count.textContent = `${ticked} of ${offer.keep} chosen`;
    count.className = ticked === offer.keep ? "muted" : "warning";
  };
  for (const box of boxes) box.addEventListener("change", recount);
  recount();
  const items = boxes.map((box, index) => el("li", {},
    box, el("label", { for: box.id, title: offer.choices[index] }, ` ${cardText(offer.choices[index])}`)));
  const fieldset = el("fieldset", { class: "offer" },
    el("legend", { text: `Keep ${offer.keep} of these cards for the next scenario` }),
    el("ul", { class: "plain offer-cards" }, items),
    count);
  fieldset.read = () => boxes.filter((box) => box.checked).map((box) => box.value);
  return fieldset;
}

/** The campaign screen: {destroy(), key()}. `given` is a token from the address (the
 * campaign's admin token or a player's), else the page uses the ones this browser keeps. */
export function campaignScreen(app, where, id, given) {
  where.textContent = "Campaign";
  document.title = "Rulekeeper: campaign";
  const head = el("div", { class: "campaign-head" });
  const body = el("div", { class: "campaign-body" });
  const errorBox = el("p", { id: "campaign-error", class: "error", role: "alert", hidden: true });
  const box = el("section", { class: "campaign panel", id: "campaign" }, head, body, errorBox);
  fill(app, el("div", { class: "lobby" }, box));
  let view = null;
  let shown = "";
  let addressToken = given || null;
  let alive = true;
  let busy = false;

  const showError = (text) => {
    errorBox.textContent = text || "";
    errorBox.hidden = !text;
  };

  /** The token to ask with: the address's, the campaign's admin token kept here, or the seat
   * token held for its scenario's game. */
  const tokenFor = (current) => addressToken || heldCampaigns()[id] || seatToken(current);

  async function fetchView() {
    let token = tokenFor(view ? view.current : null);
    let found;
    try {
      found = await api.campaign(id, token);
    } catch (error) {
      if (!token || !(error instanceof ApiError) || error.code !== "bad-token") throw error;
      addressToken = null; // an old player's token (the campaign moved on): ask as a spectator
      token = null;
      found = await api.campaign(id, null);
    }
    const better = token ? null : tokenFor(found.current);
    if (better) {
      try {
        found = await api.campaign(id, better);
        token = better;
      } catch {
        /* the spectator's view will do */
      }
    }
    return { found, token };
  }

  async function refresh() {
    if (busy || !alive) return;
    busy = true;
    try {
      const { found, token } = await fetchView();
      if (alive) show(found, token);
    } catch (error) {
      if (!alive) return;
      if (error instanceof ApiError && error.code === "not-found") {
        stop();
        fill(head);
        fill(body, el("a", { class: "button", href: "#/", text: "Back to the lobby" }));
      }
      showError(describeError(error));
    } finally {
      busy = false;
    }
  }

  function show(next, token) {
    const key = JSON.stringify([next, Boolean(token)]);
    if (key === shown) return; // unchanged: the ticked cards stay as the person left them
    shown = key;
    view = next;
    if (view.current) rememberCampaignGame(view.current, id);
    box.dataset.status = view.status;
    box.dataset.games = String((view.games || []).length);
    document.title = `Rulekeeper: ${view.title}`;
    fill(head,
      el("h1", { class: "game-title", text: view.title }),
      el("span", { class: `status-pill ${view.status}`, text: STATUS_WORDS[view.status] || view.status }),
      el("span", { class: "spacer" }),
      el("a", { class: "button secondary small", href: "#/", text: "Lobby" }));
    fill(body,
      view.heading ? el("p", { class: "campaign-heading", id: "campaign-heading", text: view.heading }) : null,
      scenariosTable(view),
      current(view, token));
  }

  /** What the campaign is at: the game to play or watch, the scenario's end, or the summary. */
  function current(shownView, token) {
    if (shownView.status === "finished") {
      return el("p", { class: "result", id: "campaign-summary", text: shownView.summary || "The campaign is over." });
    }
    const mine = seatToken(shownView.current);
    const link = el("a", {
      id: "campaign-play",
      class: `button ${mine && shownView.status === "playing" ? "primary" : "secondary"}`,
      href: gameLink(shownView.current),
      text: mine && shownView.status === "playing" ? "Play the scenario" : "Watch the scenario",
    });
    if (shownView.status === "playing") return el("div", { class: "row" }, link);
    const parts = [el("p", {}, "The scenario is over: ", el("strong", { class: "result", id: "campaign-result", text: shownView.result || "" })), link];
    if (!token) {
      parts.push(el("p", { class: "muted", text: "The campaign's creator or its player goes on to the next scenario." }));
      return el("div", { class: "scenario-over" }, parts);
    }
    const offer = shownView.offer ? offerFields(shownView.offer) : null;
    const button = el("button", { type: "submit", id: "campaign-next", class: "primary", text: "Next scenario" });
    const form = el("form", {
      class: "next-scenario",
      onSubmit: (event) => {
        event.preventDefault();
        goOn(shownView, token, offer ? offer.read() : undefined, button);
      },
    }, offer, el("div", { class: "row" }, button));
    parts.push(form);
    return el("div", { class: "scenario-over" }, parts);
  }

  async function goOn(fromView, token, keep, button) {
    button.disabled = true;
    showError("");
    try {
      const answer = await api.nextScenario(id, token, fromView.current, keep);
      const { game, ...next } = answer;
      // a person's seat has a new token now (an old player's token from the address is refused)
      if (keepScenario(id, game)) addressToken = null;
      toast(game ? "The next scenario is hosted." : "The campaign is over.");
      show(next, tokenFor(next.current));
    } catch (error) {
      button.disabled = false;
      if (error instanceof ApiError && error.code === "stale-version") {
        toast("The campaign moved on already; here is where it stands now.");
        shown = "";
        refresh();
        return;
      }
      showError(`Not taken: ${describeError(error)}`);
    }
  }

  const onVisible = () => {
    if (document.visibilityState === "visible") refresh();
  };
  const timer = setInterval(() => {
    if (document.visibilityState === "visible" && (!view || view.status !== "finished")) refresh();
  }, POLL_MS);
  const stop = () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisible);
  };
  document.addEventListener("visibilitychange", onVisible);
  refresh();

  return {
    destroy() {
      alive = false;
      stop();
    },
    key() {
      return false;
    },
  };
}
