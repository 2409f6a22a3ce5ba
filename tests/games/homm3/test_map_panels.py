"""The HoMM3 map board's panels (issue 25 §1): the players, the round track, the town panels
and the hand as data (views/web_map/panels.py, town.py), checked over greedy-bot games: every
button's action is legal, every legal Town action and card play is on a panel, a refusal is the
rule's own, no seat sees another's hand, everything is JSON."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from typing import Any

from rulekeeper.core import Action, load_game
from rulekeeper.core.agents import make_agent
from rulekeeper.core.content import load_yaml
from rulekeeper.games.homm3.map import recruiting, town_actions
from rulekeeper.games.homm3.map.town_actions import TownWindow, open_window
from rulekeeper.games.homm3.scenario import shipped_scenario
from rulekeeper.games.homm3.views.map_text import COLOURS
from rulekeeper.games.homm3.views.map_words import in_battle
from rulekeeper.games.homm3.views.web_map import panels
from rulekeeper.games.homm3.views.web_map.panels import hand_actions
from rulekeeper.games.homm3.views.web_map.tiles import FACTION_COLOURS
from rulekeeper.games.homm3.views.web_map.town import panel_actions

PANEL_KINDS = frozenset({"build", "recruit", "reinforce", "buy-spell", "recruit-hero"})
"""The Town actions a town panel offers (issue 25 §1)."""
RULES = {kind: rule for rule in town_actions.RULES for kind in rule.kinds}


@functools.cache
def short_game(rounds: int = 3) -> Any:
    """A shipped Clash for 2 cut to a few rounds (its timed events are for later rounds)."""
    doc = dict(load_yaml(shipped_scenario("clash-2").read_text(encoding="utf-8"), "s"))
    doc["rounds"] = rounds
    doc["events"] = []
    return load_game("homm3", players=2, scenario=doc)


def greedy_states(seed: int, limit: int = 400) -> Iterator[Any]:
    """Each state of a greedy-bot game at a seat's decision on the map (fights skipped)."""
    game = short_game()
    state = game.new_initial_state(seed)
    bots = [make_agent("greedy", seed=seed + i, game=game) for i in range(2)]
    for _ in range(limit):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.resolve_chance()
            continue
        seat = state.current_player()
        if not in_battle(state):
            yield state
        state.apply_action(bots[seat].choose(state, seat), seat)


@functools.cache
def seen() -> list[tuple[Any, dict[int | None, Any]]]:
    """Some states of a greedy game with every viewer's panels (made once)."""
    out = []
    for seed in (5,):
        for index, state in enumerate(greedy_states(seed)):
            if index % 3 and state.flow.steps[-1].kind != "town-window":
                continue
            views = {seat: view(state, seat) for seat in (0, 1, None)}
            out.append((state.clone(), views))
    return out


def view(state: Any, seat: int | None) -> dict[str, Any]:
    """Every panel of *seat* (None: a spectator), as the board sends them."""
    return {
        "players": panels.players(state),
        "round": panels.round_track(state),
        "towns_public": panels.towns_public(state),
        "towns": panels.towns(state, seat),
        "hand": panels.hand(state, seat),
    }


def legal_strings(state: Any, seat: int) -> set[str]:
    if seat not in state.decision_seat():
        return set()
    return {str(a) for a in state.legal_actions(seat)}


def window_state() -> Any:
    """A state in an out-of-turn Town window (town_actions.py ``open_window``) where the
    window's seat may build (its resources topped up)."""
    for state in greedy_states(7):
        turn = state.players_turn()
        if turn < 0 or state.flow.steps[-1].kind != "turn":
            continue
        trial = state.clone()
        other = 1 - turn
        trial.players[other].resources.gain({"gold": 30, "materials": 10, "valuables": 5})
        trial.players[other].used_tokens.clear()
        open_window(trial, turn, "end-of-turn")
        if isinstance(trial.flow.steps[-1], TownWindow):
            return trial
    raise AssertionError("no Town window opened")


def test_every_panel_action_is_legal() -> None:
    """issue 25 §1 (a click takes the exact legal action): every ``action`` on a seat's town
    panels and hand is among that seat's legal actions now; a spectator's panels carry none."""
    checked = 0
    for state, views in seen():
        for seat in (0, 1):
            legal = legal_strings(state, seat)
            offered = panel_actions(views[seat]["towns"]) + hand_actions(views[seat]["hand"])
            assert set(offered) <= legal, (state.flow.steps[-1].kind, set(offered) - legal)
            assert len(offered) == len(set(offered))  # one button per action
            checked += len(offered)
        assert views[None]["towns"] == [] and views[None]["hand"] == {}
    assert checked > 20


def test_every_legal_town_action_and_play_is_on_a_panel() -> None:
    """issue 25 §1 (the town panel and the hand offer what the rules allow): every legal
    build, recruit, reinforce, buy-spell, recruit-hero and card play is a button."""
    kinds: set[str] = set()
    for state, views in seen():
        for seat in (0, 1):
            offered = set(panel_actions(views[seat]["towns"])) | set(
                hand_actions(views[seat]["hand"])
            )
            for action in state.legal_actions(seat) if seat in state.decision_seat() else []:
                if action.kind in PANEL_KINDS or action.kind == "play-card":
                    assert str(action) in offered, str(action)
                    kinds.add(action.kind)
    assert {"build", "recruit", "play-card"} <= kinds


def test_a_town_window_offers_the_town_actions_out_of_turn() -> None:
    """homm3.md §5.14.2, §8.13 (Town actions in another player's turn): in a Town window the
    window's seat's panel buttons carry its legal Town actions; the active seat's carry none."""
    state = window_state()
    window = state.flow.steps[-1]
    seat = window.holding()
    legal = {str(a) for a in state.legal_actions(seat) if a.kind in PANEL_KINDS}
    offered = set(panel_actions(panels.towns(state, seat)))
    assert legal and legal <= offered
    assert offered <= {str(a) for a in state.legal_actions(seat)}
    assert panel_actions(panels.towns(state, 1 - seat)) == []


def test_a_refusal_is_the_rules_own() -> None:
    """issue 25 §1 (never re-implement a rule): a building, unit or hero not offered carries
    the refusal of its rule (town_actions.py ``RULES``), word for word, with its source."""
    compared = 0
    for state, views in seen()[:40]:
        for seat in (0, 1):
            for panel in views[seat]["towns"]:
                entries = [b for b in panel["buildings"] if not b["built"]]
                entries += panel["recruit"] + panel["reinforce"] + panel["hero"]
                for entry in entries:
                    if entry["action"] is not None:
                        assert entry["refusal"] is None
                        continue
                    action = _action_of(entry)
                    found = RULES[action.kind].refusal(state, seat, action)
                    if found is not None and state.flow.steps[-1].kind != "population":
                        assert (entry["rule"], entry["refusal"]) == found
                        compared += 1
                    assert entry["refusal"]
    assert compared > 20


def _action_of(entry: dict[str, Any]) -> Action:
    """The Town action a panel entry is about (by its fields, not its action string)."""
    if "unit" in entry:
        return Action.of(entry["kind"], unit=entry["unit"])
    if "field" in entry:
        return Action.of(entry["kind"], field=entry["field"])
    return Action.of(entry["kind"], building=entry["id"])


def test_the_costs_and_affordable_follow_the_resources() -> None:
    """homm3.md §5.14.1 (a building's cost from the Town board): each building's cost is its
    towns.yaml cost and ``affordable`` says whether the seat's resources cover it."""
    state, views = seen()[0]
    content = state.game.pack.towns
    for seat in (0, 1):
        for panel in views[seat]["towns"]:
            for entry in (b for b in panel["buildings"] if not b["built"]):
                printed = content[panel["faction"]].building(entry["id"]).cost.amounts()
                assert entry["cost"] == {k: v for k, v in printed.items() if v}
                missing = state.players[seat].resources.missing(printed)
                assert entry["affordable"] == (not missing)


def test_no_seat_sees_another_seats_hand() -> None:
    """issue 24 §4, issue 25 §1 (hands are hidden): another seat's hand swapped with cards of its
    deck changes nothing in any other seat's or the spectator's panels."""
    changed = 0
    for state, views in seen()[::2]:
        for hidden in (0, 1):
            player = state.players[hidden]
            size = min(len(player.hand), len(player.deck))
            if not size:
                continue
            if hidden in state.decision_seat():
                continue  # its own decision may read its hand (only its own panels show it)
            other = state.clone()
            mine = other.players[hidden]
            mine.hand[:size], mine.deck[:size] = list(mine.deck[:size]), list(mine.hand[:size])
            for seat in (1 - hidden, None):
                assert view(other, seat) == views[seat]
            changed += 1
        for seat in (0, 1, None):
            text = json.dumps({k: v for k, v in views[seat].items() if k != "hand"})
            for other_seat in (0, 1):
                if other_seat == seat:
                    continue
                for card in set(state.players[other_seat].hand) - _public_cards(state, seat):
                    assert f'"{card}"' not in text
    assert changed > 3


def _public_cards(state: Any, seat: int | None) -> set[str]:
    """Cards a viewer may see named: its own hand, every discard pile, the Astrologers card."""
    cards = set(state.players[seat].hand) if seat is not None else set()
    for player in state.players:
        cards |= set(player.discard)
    return cards | {state.astrologers}


def test_the_panels_are_json() -> None:
    """issue 25 §1 (the board's data is JSON-safe): every viewer's panels survive a JSON
    round trip unchanged."""
    for _, views in seen()[::4]:
        for found in views.values():
            assert json.loads(json.dumps(found, allow_nan=False)) == found


def test_the_players_and_round_track() -> None:
    """issue 25 §1 (resources and income; level, experience and morale; the round track with
    the round type): the players' panel and the round track read the state; the colours are
    the terminal's factions' (map_text.COLOURS has the same factions)."""
    state, views = seen()[-1]
    assert set(FACTION_COLOURS) == set(COLOURS)
    for entry, player in zip(views[None]["players"], state.players, strict=True):
        assert entry["resources"]["gold"] == player.resources.get("gold")
        assert entry["level"] == player.level and entry["morale"] == player.morale
        assert entry["hand_count"] == len(player.hand) and "hand" not in entry
        assert len(entry["army"]) == len(player.units)
        assert entry["colour"] == FACTION_COLOURS[player.faction]
    track = views[None]["round"]
    assert track["round"] == state.round and track["limit"] == 3
    assert track["kind_name"] in ("Resource round", "Astrologers round")
    first = panels.round_track(short_game().new_initial_state(1))
    assert first["kind_name"] == "Setting up"


def test_the_hand_shows_its_cards_with_text() -> None:
    """issue 25 §1 (the hand with card texts generated from the effect data): each card of the
    seat's hand with its name, kind and views/card_text.py text; deck and discard counts."""
    shown = 0
    for state, views in seen()[::6]:
        for seat in (0, 1):
            found = views[seat]["hand"]
            player = state.players[seat]
            assert sum(c["count"] for c in found["cards"]) == len(player.hand)
            assert found["deck_count"] == len(player.deck)
            for card in found["cards"]:
                assert card["name"] in card["text"]
                assert card["kind"] in ("statistic", "ability", "spell", "artifact", "specialty")
                shown += 1
    assert shown > 5


def test_every_town_is_public() -> None:
    """issue 25 §1 (every town: field, owner, buildings built): the public towns list each
    town of the state with its buildings by name, the same for every viewer."""
    state, views = seen()[-1]
    public = views[None]["towns_public"]
    assert [t["field"] for t in public] == [t.field for t in state.towns]
    for entry, town in zip(public, state.towns, strict=True):
        assert [b["id"] for b in entry["buildings"]] == town.buildings
        assert entry["owner"] == town.owner
    assert views[0]["towns_public"] == views[1]["towns_public"] == public


def test_a_population_steps_refusal_is_the_units() -> None:
    """homm3.md §5.14.2, §5.15 (one Population token: any number of Recruits and
    Reinforcements at that moment): after the first Recruit the panel offers the other units
    payable still, and a unit refused says the unit's reason (recruiting.py
    ``unit_refusal``), not that the token is used."""
    for state in greedy_states(5):
        seat = state.players_turn()
        if seat < 0 or state.flow.steps[-1].kind != "turn" or seat not in state.decision_seat():
            continue
        trial = state.clone()
        trial.players[seat].resources.gain({"gold": 20})
        recruits = [a for a in trial.legal_actions(seat) if a.kind == "recruit"]
        if len(recruits) < 2:
            continue
        trial.apply_action(recruits[0], seat)
        assert trial.flow.steps[-1].kind == "population"
        panel: list[Any] = panels.towns(trial, seat)
        offered = set(panel_actions(panel))
        assert {str(a) for a in recruits[1:]} <= offered
        taken = next(u for p in panel for u in p["recruit"] if u["unit"] == recruits[0].get("unit"))
        assert taken["action"] is None
        found = recruiting.unit_refusal(trial, seat, recruits[0])
        assert found is not None and (taken["rule"], taken["refusal"]) == found
        assert "token" not in taken["refusal"]
        return
    raise AssertionError("no turn with two recruits")


def test_the_mage_guild_sells_a_spell_on_the_panel() -> None:
    """homm3.md §5.11 (Mage Guild: the Spell Book token, its price, not in the round it was
    built): with a Mage Guild built in an earlier round the panel's guild carries the legal
    ``buy-spell`` action and the Guild's price; with the token used, the rule's refusal."""
    for state in greedy_states(5):
        seat = state.players_turn()
        if seat < 0 or state.flow.steps[-1].kind != "turn" or seat not in state.decision_seat():
            continue
        trial = state.clone()
        town = next(t for t in trial.towns if t.seat == seat)
        guild = f"{town.faction}-{town_actions.GUILD}"
        town.buildings.append(guild)
        town.built_round = 0
        trial.players[seat].resources.gain({"gold": 20, "materials": 10, "valuables": 10})
        found = guild_of(trial, seat, town.field)
        assert found["action"] == f"buy-spell guild={guild}"
        assert found["action"] in {str(a) for a in trial.legal_actions(seat)}
        assert found["cost"] == town_actions.spell_price(trial, seat, guild)
        trial.players[seat].used_tokens.append("spellbook")
        found = guild_of(trial, seat, town.field)
        refused = town_actions.guild_refusal(trial, seat, Action.of("buy-spell", guild=guild))
        assert found["action"] is None and refused is not None
        assert (found["rule"], found["refusal"]) == refused
        return
    raise AssertionError("no turn found")


def guild_of(state: Any, seat: int, field: str) -> Any:
    """The Mage Guild part of *seat*'s panel of the town on *field*."""
    return next(p for p in panels.towns(state, seat) if p["field"] == field)["guild"]
