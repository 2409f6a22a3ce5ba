"""Fields of Eternia's map game in the terminal (core/plugin.py ``Screen``): what a seat sees,
drawn from its observation only.

The round (day or night, its skull, the rounds left), each team's Eternium, VP, soldiers in
supply and outposts; the map as its areas: each outpost with who holds it, its soldiers, merchant
and tower, each area with the heroes there (HP, activated, holdings; the team's own spells and
backpack by name, the other team's as counts); the merchants' offers; the step under way and the
seat's choices in words. A combat under way is drawn as the combat's own screen draws it.
"""

from __future__ import annotations

from typing import Any

from rulekeeper.core.plugin import Screen, plain_news
from rulekeeper.games.eternia.views.terminal import area_lines, preview
from rulekeeper.games.eternia.views.text import pending_line

__all__ = ["SCREEN", "render"]

Doc = dict[str, Any]


def _name(state: Any, hero: str) -> str:
    card = state.pack.heroes.get(hero)
    return hero if card is None else str(card.name)


def team_lines(state: Any, doc: Doc) -> list[str]:
    """Each team's pool, soldiers and outposts."""
    lines = []
    for index, team in enumerate(doc["teams"]):
        seats = "seats " + ", ".join(str(s) for s in team["seats"]) if team["seats"] else "the game"
        victory = team["victory"]
        cards = len(victory) if isinstance(victory, list) else victory
        lines.append(
            f"team {index} {state.faction_name(team['faction'])} ({seats}): "
            f"{team['eternium']} Eternium, {team['vp']} VP, {team['soldiers']} soldiers in "
            f"supply, {len(team['outposts'])} outposts, {cards} victory cards"
            + (f" (yours: {', '.join(victory)})" if isinstance(victory, list) and victory else "")
            + (f"; revealed: {', '.join(team['revealed'])}" if team.get("revealed") else "")
        )
    return lines


def solo_line(solo: Doc) -> str:
    """Against the game: the difficulty, the objective, the defeat tracker, the enemy decks'
    sizes (never their order) and, at the end, the score."""
    decks = solo["battle_decks"]
    line = (
        f"against the game, {solo['difficulty']}: objective {solo['objective']}; "
        f"{solo['defeats']} defeats; battle decks {decks['momentum']} momentum, "
        f"{decks['plain']} plain; {solo['effect_deck']} effect cards"
    )
    score = solo.get("score") or {}
    if score:
        parts = ", ".join(f"{k} {v:+d}" for k, v in score.items() if k != "total")
        line += f"; score {score['total']} ({parts})"
    return line


def hero_text(state: Any, hero: Doc) -> str:
    """A hero in one line: HP, activated, holdings."""
    held = [hero[k] for k in ("ally", "mount", "artifact") if hero.get(k)]
    held += list(hero.get("armor", {}).values())
    spells, pack = hero.get("spells", 0), hero.get("backpack", 0)
    spells_text = (
        ", ".join(spells) if isinstance(spells, list) else f"{spells} hidden" * bool(spells)
    )
    pack_text = ", ".join(pack) if isinstance(pack, list) else f"{pack} hidden" * bool(pack)
    who = "enemy" if hero["seat"] is None else f"seat {hero['seat']}"
    moves = hero["activated"] and hero["seat"] is not None  # an enemy hero takes no turns
    flags = (" (activated)" if moves else "") + (" flies" if hero["flies"] else "")
    parts = [f"{_name(state, hero['id'])} [team {hero['team']}, {who}]"]
    parts.append(f"HP {hero['hp']}/{hero['health']}{flags}")
    if held:
        parts.append("holds " + ", ".join(held))
    if spells_text:
        parts.append(f"spells: {spells_text}")
    if pack_text:
        parts.append(f"backpack: {pack_text}")
    return "; ".join(parts)


def map_lines(state: Any, doc: Doc) -> list[str]:
    """Every area with something in it, and every outpost (who holds it)."""
    board = state.board
    heroes: dict[str, list[Doc]] = {}
    for hero in doc["heroes"]:
        heroes.setdefault(hero["area"], []).append(hero)
    owners = {a: i for i, t in enumerate(doc["teams"]) for a in t["outposts"]}
    lines = []
    for area in board.graph.nodes:
        soldiers = doc["soldiers"].get(area)
        outpost = board.is_outpost(area)
        if not (outpost or area in heroes or soldiers or _scenario_marks(doc, area)):
            continue
        marks = []
        if outpost:
            marks.append(f"outpost {board.eternium(area)}E")
        if board.merchant_of(area):
            marks.append(board.merchant_of(area))
        if area in board.towers():
            marks.append("tower")
        if board.base_team(area):
            marks.append(f"base of {state.faction_name(board.base_team(area))}")
        if area in owners:
            marks.append(f"held by team {owners[area]}")
        if soldiers:
            marks.append("soldiers " + "/".join(str(n) for n in soldiers))
        marks += _scenario_marks(doc, area)
        lines.append(f"  {board.area_name(area)} ({', '.join(marks) or 'wild'})")
        for hero in heroes.get(area, []):
            lines.append(f"    {hero_text(state, hero)}")
    return lines


def _scenario_marks(doc: Doc, area: str) -> list[str]:
    """A scenario's things in *area*: mission tokens, a vine, the boss, an epic beast."""
    marks = ["mission token"] * doc.get("missions", []).count(area)
    if area in doc.get("vines", []):
        marks.append("vine")
    boss = doc.get("boss")
    if isinstance(boss, dict) and boss.get("area") == area:
        marks.append(f"BOSS {boss['id']} (damage {boss['damage']})")
    lair = doc.get("lairs", {}).get(area)
    if lair:
        marks.append(f"epic beast {lair}")
    return marks


def render(state: Any, seat: int | None = None) -> str:
    """What *seat* sees: the round, the teams, the map, the step and its choices."""
    doc: Doc = state.spectator_observation() if seat is None else state.observation(seat)
    skull = f", skull {doc['skull']}" if doc["skull"] else ""
    lines = [f"Round {doc['round']} of {doc['rounds']}: {doc['time']}{skull}"]
    lines += team_lines(state, doc)
    if isinstance(doc.get("solo"), dict):
        lines.append(solo_line(doc["solo"]))
    if doc.get("round_events"):
        lines.append("events this round: " + ", ".join(doc["round_events"]))
    lines.append("Map:")
    lines += map_lines(state, doc)
    offers = doc.get("offers", {})
    for kind, cards in offers.items():
        lines.append(f"{kind} offer: {', '.join(cards)}")
    if isinstance(doc.get("combat"), dict):
        lines += ["", *area_lines(state, doc["combat"], seat)]
    if state.is_terminal():
        lines.append(f"result: {state.outcome().text}")
        return "\n".join(lines)
    lines.append(pending_line(doc.get("pending")))
    to_act = doc.get("to_act")
    if seat is not None and to_act == seat:
        choices = "; ".join(state.describe(a) for a in state.legal_actions(seat))
        lines.append(f"your choices: {choices}")
    elif isinstance(to_act, int) and to_act >= 0:
        lines.append(f"player {to_act} to act")
    return "\n".join(lines)


SCREEN = Screen(render, plain_news, preview, confirm=frozenset(), details=frozenset({"place"}))
