"""The HoMM3 combat board's data for the browser (issue 23 §1; views/web/): its shape over the
shipped battles, what a seat may know (hidden information is a promise), an attack's odds left
to the shell's ``state.odds`` and chances written as the shell writes them, a siege's works and
breach, the prompt of an Instant window, and the seat's hand face up with its texts generated
from the effect data."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from homm3_helpers import act, done, fight
from test_combat_host import HostGame  # registers the host game of issue 21's test

from rulekeeper.core import CHANCE, Action, load_game
from rulekeeper.core.lasting import Lasting
from rulekeeper.core.plugin import resolve
from rulekeeper.core.registry import game_info
from rulekeeper.games.homm3.combat.model import TOWER
from rulekeeper.games.homm3.game import CombatState, shipped_battle, shipped_battles
from rulekeeper.games.homm3.views import web
from rulekeeper.games.homm3.views.card_text import text_of
from rulekeeper.games.homm3.views.odds import percent
from rulekeeper.games.homm3.views.text import _cell
from rulekeeper.games.homm3.views.web.pieces import RESULT_KINDS

GRAVE = {"surrender", "retreat", "flee"}
HANDS = {
    "attacker": {
        "hand": ["magic-arrow", "bloodlust", "offense"],
        "deck": ["haste", "counterstrike"],
    },
    "defender": {
        "hand": ["curse", "stone-skin", "leadership"],
        "deck": ["knowledge", "resurrection"],
    },
}
"""Cards given to the hero battle's heroes (the shipped one has none): no id in both hands."""


def play(state: Any, rng: random.Random, limit: int = 3000) -> Any:
    """Yield the state before each decision of a seat, playing on by random choices that end
    no battle at once, until the battle ends."""
    for _ in range(limit):
        if state.is_terminal():
            return
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
            continue
        yield state, seat
        legal = state.legal_actions(seat)
        state.apply_action(rng.choice([a for a in legal if a.kind not in GRAVE] or legal), seat)


def view(state: Any, seat: int | None) -> Any:
    """The whole board data for *seat* (None: a spectator)."""
    return web.board(state, seat)


def public(state: Any) -> Any:
    return web.combat_public(state)


def seat_part(state: Any, seat: int | None) -> Any:
    return web.seat_board(state, seat)


def battle_with_hands() -> dict[str, Any]:
    doc = yaml.safe_load(Path(shipped_battle("hero-battle.yaml")).read_text(encoding="utf-8"))
    for side, cards in HANDS.items():
        doc[side]["hero"] = {**doc[side]["hero"], **cards}
    return dict(doc)


def new(name_or_doc: str | dict[str, Any], seed: int = 1) -> CombatState:
    battle: Any = (
        name_or_doc
        if isinstance(name_or_doc, dict)
        else str(shipped_battle(name_or_doc.removesuffix(".yaml") + ".yaml"))
    )
    state = load_game("homm3-combat", battle=battle).new_initial_state(seed=seed)
    assert isinstance(state, CombatState)
    return state


def test_the_plugin_declares_the_board() -> None:
    """issue 23 §1: HoMM3 combat has a board of its own (no more the generic view), drawn by
    homm3.js from the plug-in's static folder with the data of views/web."""
    board = game_info("homm3-combat").board
    assert board is not None and board.script == "homm3.js"
    module = resolve(board.data)
    assert module is web
    assert callable(module.battlefield_board) and callable(module.public_board)


@pytest.mark.parametrize("name", shipped_battles())
def test_the_board_of_every_shipped_battle_has_its_shape(name: str) -> None:
    """issue 23 §1: the 4×5 grid with its lines; every unit with its card (name, Few/Pack,
    Attack, Defence, HP left of HP, Initiative, type, abilities in words, tokens, marks, owner,
    field); the heroes; one hint per legal action in the order of the legal actions, each
    reachable by a click; all of it JSON."""
    state = new(name)
    rng = random.Random(3)
    seen_kinds: set[str] = set()
    for count, (now, seat) in enumerate(play(state, rng)):
        seen_kinds |= {a.kind for a in now.legal_actions(seat)}
        if count % 7:
            continue
        board = view(now, seat)
        json.dumps(board)
        combat, mine = board["combat"], board["combat_seat"]
        assert board["grid"]["rows"] == 5 and len(board["grid"]["fields"]) == 20
        assert [f["name"] for f in combat["fields"]][:5] == ["a1", "b1", "c1", "d1", "a2"]
        assert len(combat["units"]) == len(now.battle.units)
        for unit in combat["units"]:
            real = now.battle.units[unit["id"]]
            assert unit["face"] == real.face and unit["damage"] == real.damage
            assert unit["hp_left"] <= unit["hp"] and unit["type"] in ("ground", "flying", "ranged")
            for key in ("attack", "defence", "initiative", "name", "owner", "activated"):
                assert key in unit
            assert all(a["name"] and a["text"].endswith(".") for a in unit["abilities"])
            assert "_" not in unit["card_text"] and unit["name"] in unit["card_text"]
            if unit["field_name"]:
                assert combat["fields"][unit["field"]]["unit"] == unit["id"]
        legal = now.legal_actions(seat)
        assert [h["action"] for h in mine["actions"]] == [str(a) for a in legal]
        clicked = {
            i
            for table in ("units", "fields", "cards")
            for v in mine["clicks"][table].values()
            for i in v
        }
        assert clicked | set(mine["clicks"]["buttons"]) == set(range(len(legal)))
        assert combat["decision"]["prompt"] and seat in combat["decision"]["to_act"]
        if combat["decision"]["step"] == "activation" and combat["decision"]["reach"]:
            moves = {h["field_name"] for h in mine["actions"] if h["kind"] == "move"}
            assert moves <= set(combat["decision"]["reach"])
    assert state.is_terminal() and "attack" in seen_kinds
    final = view(state, None)
    assert final["combat"]["phase"] == "over" and final["combat"]["result"]


def test_the_activation_order_strip_follows_initiative() -> None:
    """issue 23 §1, homm3.md §5.18.6 step 1: the units still to activate, highest Initiative
    first, equal Initiative alternating sides from the attacker's."""
    state = fight(
        ["griffins:pack@b1", "halberdiers:few@c1"], ["vampires:pack@b5", "skeletons:few@c5"]
    )
    strip = public(state)["order_detail"]
    initiatives = [entry["initiative"] for entry in strip["next"]]
    assert initiatives == sorted(initiatives, reverse=True)
    assert strip["active"] is None or strip["active"] not in [e["unit"] for e in strip["next"]]
    everyone = [strip["active"], *[e["unit"] for e in strip["next"]]] if strip["active"] else []
    assert set(everyone or [e["unit"] for e in strip["next"]]) <= set(state.battle.units)


def test_hidden_information_stays_hidden() -> None:
    """issue 23 §1 (hidden information is a promise): a seat's payload holds its own hand face
    up and never an id of the other hero's hand (nor of a deck); a spectator's holds counts."""
    state = new(battle_with_hands())
    rng = random.Random(5)
    checked = 0
    for step, (now, _seat) in enumerate(play(state, rng, limit=400)):
        if step % 3:
            continue
        battle = now.battle
        for viewer in (0, 1, None):
            text = json.dumps(view(now, viewer))
            for side, army in enumerate(battle.armies):
                hero = army.hero
                assert hero is not None
                own = viewer is not None and army.seat == viewer
                mine = set(battle.armies[viewer].hero.hand) if viewer in (0, 1) else set()
                hidden = set(hero.deck) | (set() if own else set(hero.hand))
                played = {c for piles in (battle.played, battle.discarded) for c in piles[side]}
                for card_id in hidden - mine - played - set(hero.discard):
                    assert f'"{card_id}"' not in text, (viewer, side, card_id)
                counts = public(now)["sides"][side]["hero"]
                assert counts["hand_count"] == len(hero.hand) and counts["hand"] is None
            if viewer is not None:
                hand = seat_part(now, viewer)["combat_seat"]["hand"]
                assert [c["id"] for c in hand] == battle.armies[viewer].hero.hand
                assert all(c["text"] == text_of(now.game.pack, c["id"]) for c in hand)
            else:
                assert seat_part(now, None)["combat_seat"]["hand"] == []
        checked += 1
        if checked > 25:
            break
    assert checked > 20


def test_a_view_carries_no_odds_the_board_asks_them_on_a_click() -> None:
    """issue 23 §1: an attack's exact odds of the whole action are the shell's (``state.odds``
    through ``GET .../odds``, asked when a person clicks an enemy): a view carries none, since
    each takes a tenth of a second to work out; every attack offered has them."""
    state = new("hero-battle", seed=2)
    rng = random.Random(2)
    checked = 0
    for now, seat in play(state, rng):
        for hint in seat_part(now, seat)["combat_seat"]["actions"]:
            assert "odds" not in hint
            if hint["kind"] == "attack":
                exact = now.odds(Action.parse(hint["action"]), seat)
                assert exact is not None and exact["target"] == hint["target"]
                checked += 1
        if checked > 25:
            break
    assert checked > 5


def test_two_attacks_and_the_retaliation_are_in_the_odds() -> None:
    """issue 23 §1: the odds of the whole action — Marksmen (Pack) shoot twice at a distant
    target (``double-attack-distant``), both in the odds the board shows (``state.odds``)."""
    state = fight(["marksmen:pack@b1"], ["skeletons:few@b5"])
    seat = state.current_player()
    hints = seat_part(state, seat)["combat_seat"]["actions"]
    shot = next(h for h in hints if h["kind"] == "attack")
    odds: Any = state.odds(Action.parse(shot["action"]), seat)
    kinds = [a["kind"] for a in odds["attacks"]]
    assert kinds.count("attack") + kinds.count("second") == 2, kinds


@pytest.mark.parametrize(
    ("share", "text"),
    [
        (1 / 3, "33.3%"),
        (0.0, "0%"),
        (1.0, "100%"),
        (0.004, "0.4%"),
        (0.0004, "<0.1%"),
        (0.9996, ">99.9%"),
        (0.5, "50%"),
        (2 / 3, "66.7%"),
    ],
)
def test_percentages_read_as_players_read_them(share: float, text: str) -> None:
    """issue 23 §1: "33.3%", not 0.3333333333333333, written as the browser shell writes every
    chance (generic.js ``percent``); a chance that may happen is never 0% or 100%."""
    assert percent(share) == text


def test_a_siege_shows_its_walls_gate_tower_and_a_breach() -> None:
    """issue 23 §1, homm3.md §5.14.4, §9.3: the middle row's Walls and Gate with their state,
    the Arrow Tower with its HP; a Wall broken reads "breached" on the board."""
    state = new("siege")
    rng = random.Random(1)
    first = public(state)
    assert first["siege"] is not None and first["tower"] is not None
    tower = first["siege"]["tower"]
    assert tower["state"] == "standing" and tower["hp_left"] == tower["hp"] > 0
    assert next(u for u in first["units"] if u["tower"])["field"] == TOWER
    walls_seen = False
    for now, seat in play(state, rng):
        works = public(now)["siege"]["works"]
        if works and not walls_seen:  # set with the Gate, once the attacker has deployed
            walls_seen = True
            assert {w["kind"] for w in works} == {"wall", "gate"}
            assert all(w["state"] == "standing" for w in works)
            middle = {f["name"]: f for f in public(now)["fields"] if f["row"] == 2}
            assert all(middle[w["field_name"]]["obstacle"]["intact"] for w in works)
        breaches = [a for a in now.legal_actions(seat) if a.kind == "breach"]
        hints = seat_part(now, seat)["combat_seat"]
        if breaches:
            hint = next(h for h in hints["actions"] if h["kind"] == "breach")
            assert hint["field_name"] == breaches[0].get("at")
            assert hint["index"] in hints["clicks"]["fields"][hint["field_name"]]
            now.apply_action(breaches[0], seat)
            while now.current_player() == CHANCE:
                now.resolve_chance()
            break
    else:
        pytest.fail("no breach was offered")
    after = public(state)
    assert after["siege"]["breached"], after["siege"]
    field = after["siege"]["breached"][0]
    record = next(f for f in after["fields"] if f["name"] == field)
    assert record["obstacle"]["intact"] is False and record["work_state"] == "breached"
    if record["unit"] is None:  # the terminal's board says it too
        assert _cell(state, record["index"]) == "(breach)"


def test_an_instant_window_asks_to_play_an_instant_or_pass() -> None:
    """issue 23 §1: an Instant window is a clear prompt, its cards playable now highlighted in
    the hand with their targets, and ``pass`` a button."""
    hero = {"name": "Sandro", "faction": "necropolis", "level": 2, "hand": ["stone-skin"]}
    state = fight(["griffins:few@b2"], ["zombies:few@b3"], defender_hero=hero)
    assert state.flow.steps[-1].kind == "instant-window" and state.current_player() == 1
    board = view(state, 1)
    mine = board["combat_seat"]
    assert board["combat"]["decision"]["window"] is True
    assert mine["prompt"] == "Play an Instant or pass"
    passing = next(h for h in mine["actions"] if h["kind"] == "pass")
    assert passing["index"] in mine["clicks"]["buttons"]
    card = next(c for c in mine["hand"] if c["id"] == "stone-skin")
    assert card["playable"] and card["actions"]
    assert {mine["actions"][i]["kind"] for i in card["actions"]} == {"cast"}
    assert card["kind"] == "Spell" and card["targets"] == ["griffins", "zombies"]  # any unit
    other = view(state, 0)["combat_seat"]
    assert other["hand"] == [] and other["prompt"].startswith("Waiting for Sandro")
    watching = view(state, None)["combat_seat"]["prompt"]  # issue 23 §2.12: not "watching"
    assert watching == "Waiting for Sandro"


def test_recent_results_show_the_dice_damage_and_flip() -> None:
    """issue 23 §1: the latest die, damage and flip, to show in place for a moment."""
    state = fight(["griffins:few@b2"], ["skeletons:pack@b3"])
    act(state, "attack", target="skeletons")
    while state.current_player() == CHANCE:
        state.apply_action(Action.of("roll", face=1))
    recent = public(state)["recent"]
    last = recent["last"]
    assert last["attacker"] in ("griffins", "skeletons") and last["face"] in (-1, 0, 1)
    kinds = [item["kind"] for item in recent["items"]]
    assert "rolled" in kinds and "attack" in kinds and "damage" in kinds
    flips = [i for i in recent["items"] if i["kind"] == "damage" and i["flipped"]]
    assert flips and flips[0]["unit"] == "skeletons"
    assert all(i["seq"] >= recent["since"] for i in recent["items"])


@pytest.mark.parametrize("battle", ["hands", "solo-ai-hero.yaml"])
def test_a_battle_redealt_behind_a_seats_back_gives_it_the_same_board(battle: str) -> None:
    """issue 23 §1 (hidden information is a promise): whatever a seat cannot know (the other
    hand, every deck's order, the AI's decks) drawn again, the seat's board is the same."""
    state = new(battle_with_hands() if battle == "hands" else battle, seed=3)
    rng = random.Random(7)
    differed = 0
    for step, (now, seat) in enumerate(play(state, rng, limit=120)):
        if step % 3:
            continue
        twin = now.resample(seat, random.Random(step))
        differed += twin.serialize() != now.serialize()
        assert json.dumps(view(twin, seat), sort_keys=True) == json.dumps(
            view(now, seat), sort_keys=True
        )
    assert differed > 0, "the twins never differed: the test would prove nothing"


def test_card_effects_in_force_read_in_words() -> None:
    """issue 23 §1: a unit card shows the card effects on it, a side those on the whole side."""
    state = fight(["griffins:pack@b2", "marksmen@a1"], [done("zombies:few@b4")])
    state.battle.lasting.append(Lasting("attack", "griffins", 1, source="offense"))
    state.battle.lasting.append(Lasting("bless", "griffins", 0, source="bless"))
    state.battle.lasting.append(Lasting("archery", "side-0", 1, source="archery"))
    combat = public(state)
    griffins = next(u for u in combat["units"] if u["id"] == "griffins")
    assert griffins["effects"] == ["+1 Attack (Offense)", "no Attack die (blessed) (Bless)"]
    assert griffins["attack_bonus"] == 1 and griffins["defence_bonus"] == 0
    assert combat["sides"][0]["effects"] == [
        "+1 Attack for Ranged units against distant targets (Archery)"
    ]


def test_a_host_games_fight_gets_the_same_board() -> None:
    """issue 23 §1 (the board of the combat sub-procedure, for issue 24's map game): a host
    game running the combat as a sub-game gets the combat board from its own state — the
    fight's units, the host seat's choices mapped to clicks, and once its fights are over, the
    last one's result."""
    assert HostGame.name == "homm3-combat-host-test"
    state = load_game(HostGame.name).new_initial_state(seed=2)
    rng = random.Random(2)
    boards = 0
    for step, (now, seat) in enumerate(play(state, rng)):
        if step % 4:
            continue
        found: Any = web.combat_board(now, seat)
        assert [h["action"] for h in found["actions"]] == [str(a) for a in now.legal_actions(seat)]
        assert found["phase"] != "over" and found["units"] and found["prompt"]
        assert seat in found["decision"]["to_act"] and found["result"] is None
        boards += 1
    assert state.is_terminal() and boards > 10
    after: Any = web.combat_public(state)
    assert after["phase"] == "over" and after["result"].startswith("The battle is over")


def test_a_seat_sees_the_results_since_its_last_decision() -> None:
    """issue 23 §1: the results since the seat's side last activated a unit (before the one
    under way) are all in its ``recent`` list, the enemy's attacks since then included."""
    state = new("hero-battle", seed=4)
    rng = random.Random(4)
    checked = 0
    for step, (now, seat) in enumerate(play(state, rng)):
        if step % 3:
            continue
        events = now.events.public(0)
        units = now.battle.units
        mine = [
            e for e in events if e.kind == "activation" and units[e.data["unit"]].side in (seat,)
        ]
        current = next((e for e in reversed(events) if e.kind == "activation"), None)
        if mine and current is not None and mine[-1].seq == current.seq:
            mine = mine[:-1]
        if not mine:
            continue
        wanted = {e.seq for e in events if e.seq > mine[-1].seq and e.kind in RESULT_KINDS}
        recent = seat_part(now, seat)["combat_seat"]["recent"]
        assert wanted <= {item["seq"] for item in recent["items"]}
        checked += bool(wanted)
    assert checked > 5
