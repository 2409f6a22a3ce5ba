"""The solo mode's epic combat against an enemy hero (issue 29 §3; spec §3.2, §5.17.2, §5.17.3,
§8 A-23–A-28, §9.1, §9.15; rulebook p.30–32): the difficulty tables, the pack checks and
scripted combats with forced decks (``solo`` lists each deck in draw order). Teela (MOTU, 6 HP,
Initiative 3, her Sword) fights Skeletor (Sword: turn one of your cards face down), Mer-Man
(Sword: +2 Attack) or Evil-Lyn (Staff: draw a card and play it, impossible without a grid).
"""

from __future__ import annotations

import copy
import json
import shutil
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulekeeper.core import CHANCE, Action, DataError, load_game
from rulekeeper.games.eternia.combat.choices import HARM, HARM_ORDER
from rulekeeper.games.eternia.combat.model import Solo, card_kind
from rulekeeper.games.eternia.content.components import FILE
from rulekeeper.games.eternia.content.pack import (
    PACK_FILES,
    ContentPack,
    check_content_pack,
    load_content_pack,
)
from rulekeeper.games.eternia.game import EpicState, EterniaCombatGame

SHIPPED = Path(str(resources.files("rulekeeper.games.eternia.content")))
SCHEMA = json.loads(
    (resources.files("rulekeeper.games.eternia.combat") / "eternia-combat.schema.json").read_text()
)
LEVELS = ("beginner", "novice", "advanced", "relentless")
TO_MOMENTUM = {"beginner": "blank", "novice": "blank", "advanced": "success"}
"""A wild-die face that picks the momentum battle deck at each level that rolls (§5.17.2)."""
STARTING = {"plus-1": 7, "plus-2": 6, "plus-3": 3, "momentum": 2, "time": 1, "tool": 1, "flow": 1}
"""MOTU's 21 starting combat cards (spec §3.1, §5.6.1), in the order a forced deck ends."""
ZONE = {"A": "attack", "D": "defense", "I": "initiative"}
QUIET = ["brace", "parry", "rallying-breath", "quick-step", "distraction"]
"""One-skull effect cards without the momentum symbol or the attack identifier."""


@pytest.fixture(scope="module")
def pack() -> ContentPack:
    return load_content_pack()


# ---------------------------------------------------------------------------------- helpers


def hero(name: str, *first: str, **extra: Any) -> dict[str, Any]:
    """A MOTU hero side whose deck starts with *first* (``+3``, ``+2``), then the +1s, ..."""
    wanted = [f"motu-plus-{card[1:]}" for card in first]
    rest = [f"motu-{kind}" for kind, count in STARTING.items() for _ in range(count)]
    for card in wanted:
        rest.remove(card)
    return {"hero": name, "deck": [*wanted, *rest], **extra}


def enemy_decks(state: EpicState) -> Solo:
    """The combat's solo record (the enemy's decks)."""
    assert state.epic.solo is not None
    return state.epic.solo


def step(state: EpicState) -> str:
    """The kind of the step under way ("" when the combat is over)."""
    return state.flow.steps[-1].kind if state.flow.steps else ""


def act(state: EpicState, *texts: str) -> None:
    """Apply each action in *texts* for the seat to act (refused: the test fails)."""
    for text in texts:
        action = Action.parse(text)
        assert action in state.legal_actions(), (text, state.legal_actions())
        state.apply_action(action)


def refused(state: EpicState, text: str, rule: str) -> str:
    """*text* is not legal for seat 0 and the explanation names *rule*; its reason."""
    action = Action.parse(text)
    assert action not in state.legal_actions(0)
    why = state.explain(action, 0)
    assert not why.legal
    assert rule in f"{why.rule} {why.reason}", why
    return why.reason


def lay(state: EpicState, zones: str) -> None:
    """Step 3: Teela places each card as drawn into the zones *zones* name (A, D, I)."""
    for letter in zones:
        assert step(state) == "draw"
        card = card_kind(state.epic.fighters[0].hand[0])
        act(state, f"place card={card} zone={ZONE[letter]}")


def combat_doc(
    active: dict[str, Any] | None = None, defender: dict[str, Any] | None = None, **solo: Any
) -> dict[str, Any]:
    """A combat file: Teela (or *active*) against *defender* (Skeletor by default), the
    ``solo`` section's fields *solo* (novice by default)."""
    return {
        "format": "eternia-combat",
        "version": 1,
        "active": {"seat": 0, **(active or hero("teela"))},
        "defender": defender or {"enemy": "skeletor"},
        "solo": {"difficulty": "novice", **solo},
    }


def solo(
    active: dict[str, Any] | None = None, defender: dict[str, Any] | None = None, **decks: Any
) -> EpicState:
    """The combat of :func:`combat_doc`, its weapon (0) chosen."""
    state = load(combat_doc(active, defender, **decks))
    act(state, "weapon index=0")
    return state


def load(doc: dict[str, Any], seed: int = 0) -> EpicState:
    """The combat of combat file *doc*."""
    state = load_game("eternia-combat", combat=doc).new_initial_state(seed)
    assert isinstance(state, EpicState)
    return state


def roll(state: EpicState, face: str) -> None:
    """The chance node's outcome *face* (the wild die's or the epic die's)."""
    assert state.current_player() == CHANCE
    state.apply_action(Action.of("roll", face=face))


def events(state: EpicState, kind: str) -> list[dict[str, Any]]:
    """The data of each event of *kind*, in order."""
    return [dict(event.data) for event in state.events if event.kind == kind]


def momenta(state: EpicState) -> list[str]:
    """The enemy's momentum activations in order: ``ability`` or ``fallback``."""
    names = {"enemy-momentum": "ability", "momentum-fallback": "fallback"}
    return [names[e.kind] for e in state.events if e.kind in names]


def fight(state: EpicState, face: str, cards: str = "DADA") -> dict[str, Any]:
    """A round from the battle-deck roll (*face*; "" no roll): Teela lays *cards*, passes;
    the round's totals."""
    if face:
        roll(state, face)
    assert state.current_player() != CHANCE
    lay(state, cards)
    while step(state) == "activate":  # Teela passes; the enemy acts after her (§5.17.3)
        act(state, "pass")
    return events(state, "totals")[-1]


def same_position(state: EpicState) -> None:
    """The position written now reads back to the same position and the same decision, and
    the serialized state reads back the same."""
    doc = state.to_position()
    loaded = load(copy.deepcopy(doc), 7)
    assert loaded.to_position() == doc
    assert loaded.current_player() == state.current_player()
    if state.current_player() >= 0:
        assert loaded.legal_actions() == state.legal_actions()
    text = state.serialize()
    assert isinstance(state.game, EterniaCombatGame)
    assert state.game.deserialize_state(text).serialize() == text


def decks_hidden(state: EpicState) -> None:
    """Seat 0 and a spectator see the enemy decks as counts only (spec §3.2 step 4)."""
    for seen in (state.observation(0), state.spectator_observation()):
        shown = seen["solo"]
        assert isinstance(shown, dict)
        for name in ("momentum", "plain", "effects"):
            assert isinstance(shown[name], int), (name, shown)


def broken_pack(tmp_path: Path, *patches: Callable[[dict[str, Any]], object]) -> set[Any]:
    """(file, field) of each problem of a copy of the pack whose solo.yaml *patches* edit."""
    folder = tmp_path / "pack"
    folder.mkdir()
    for name in (*PACK_FILES, FILE):
        shutil.copy(SHIPPED / name, folder / name)
    doc = yaml.safe_load((folder / "solo.yaml").read_text(encoding="utf-8"))
    for patch in patches:
        patch(doc)
    (folder / "solo.yaml").write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return {(problem.source, problem.field) for problem in check_content_pack(folder)}


# ------------------------------------------------------------------------ the tables (content)


@pytest.mark.parametrize(
    ("level", "skulls"),
    [("beginner", {1}), ("novice", {1, 2}), ("advanced", {1, 2, 3}), ("relentless", {1, 2, 3, 4})],
)
def test_the_effect_deck_holds_the_skulls_of_the_difficulty(
    pack: ContentPack, level: str, skulls: set[int]
) -> None:
    """Spec §3.2 step 3 (rulebook p.31): the effect deck by skull count; a combat file without
    ``effects`` is dealt exactly that deck."""
    wanted = sorted(c.id for c in pack.effect_cards.values() if c.skulls in skulls)
    assert sorted(pack.effect_deck(level)) == wanted
    assert {pack.effect_cards[card].skulls for card in wanted} == skulls
    if level == "relentless":
        assert len(wanted) == len(pack.effect_cards) == 24
    state = load(combat_doc(difficulty=level), 3)
    assert sorted(enemy_decks(state).effects) == wanted
    assert sorted(enemy_decks(state).momentum) == sorted(pack.battle_deck("momentum"))
    assert sorted(enemy_decks(state).plain) == sorted(pack.battle_deck("plain"))


BATTLE_DECKS = [
    ("beginner", "blank", "momentum"),
    ("beginner", "success", "plain"),
    ("beginner", "double", "plain"),
    ("beginner", "reroll", "plain"),
    ("novice", "blank", "momentum"),
    ("novice", "success", "plain"),
    ("novice", "double", "plain"),
    ("novice", "reroll", "momentum"),
    ("advanced", "blank", "plain"),
    ("advanced", "success", "momentum"),
    ("advanced", "double", "momentum"),
    ("advanced", "reroll", "momentum"),
]
"""The §5.17.2 table, written out: (level, wild-die face, battle deck)."""


@pytest.mark.parametrize(("level", "face", "deck"), BATTLE_DECKS)
def test_the_wild_die_picks_the_battle_deck(level: str, face: str, deck: str) -> None:
    """Spec §5.17.2 table, §5.17.3 replacing step 1 (rulebook p.31–32): after the weapon, a
    wild die is rolled (a chance node of the four faces) and its face picks the deck."""
    state = solo(difficulty=level, momentum=["onslaught"], plain=["guarded-stance"])
    assert state.current_player() == CHANCE
    faces = {a.str_param("face") for a, _ in state.chance_outcomes()}
    assert faces == {"blank", "success", "double", "reroll"}
    roll(state, face)
    assert events(state, "battle-deck")[-1]["deck"] == deck
    card = events(state, "battle-card")[-1]
    assert (card["deck"], card["face"]) == (deck, face)
    assert card["card"] == ("onslaught" if deck == "momentum" else "guarded-stance")


def test_relentless_draws_from_the_momentum_deck_without_a_roll() -> None:
    """Spec §5.17.2 table (rulebook p.31): at Relentless every card comes from the momentum
    deck: no chance node, no ``battle-deck`` event."""
    state = solo(difficulty="relentless", momentum=["onslaught"], plain=["guarded-stance"])
    assert state.current_player() != CHANCE
    assert events(state, "battle-deck") == []
    card = events(state, "battle-card")[-1]
    assert (card["card"], card["deck"], card["face"]) == ("onslaught", "momentum", "")
    assert step(state) == "draw"


@pytest.mark.parametrize(("level", "count"), [*zip(LEVELS, (2, 2, 3, 4), strict=True)])
def test_advanced_and_relentless_draw_more_effect_cards(level: str, count: int) -> None:
    """Spec §5.17.2 (A-23), §5.17.3 replacing step 4 (rulebook p.31–32): the battle card's
    number (Onslaught: 2), +1 at Advanced, +2 at Relentless, from the top of the effect deck."""
    state = solo(difficulty=level, momentum=["onslaught"], effects=QUIET)
    fight(state, TO_MOMENTUM.get(level, ""))
    (drawn,) = events(state, "effect-cards")
    assert drawn["cards"] == QUIET[:count]
    assert drawn["momentum"] == 1


FLEES = [
    *[(level, "enemy", cost) for level, cost in zip(LEVELS, (0, 1, 1, 1), strict=True)],
    *[(level, "beast", cost) for level, cost in zip(LEVELS, (0, 2, 2, 2), strict=True)],
]


def to_flee(level: str, foe: str, eternium: int) -> EpicState:
    """Round 1 of a solo combat played to step 8: against Skeletor (Dark Surge, the quiet
    effect cards) or the Crystal Golem (the epic die: +1 Defense); Teela survives."""
    defender = {"enemy": "skeletor"} if foe == "enemy" else {"beast": "crystal-golem"}
    state = solo(
        hero("teela", eternium=eternium),
        defender,
        difficulty=level,
        momentum=["dark-surge"],
        effects=QUIET[:4],
    )
    fight(state, "defense+1" if foe == "beast" else TO_MOMENTUM.get(level, ""))
    assert step(state) == "flee"
    return state


@pytest.mark.parametrize(("level", "foe", "cost"), FLEES)
def test_fleeing_costs_the_difficultys_eternium(level: str, foe: str, cost: int) -> None:
    """Spec §9.1 (rulebook p.31, seed l.2474–2478, l.2500), §5.17.2, §5.6.3 step 8: fleeing
    an enemy hero costs 1 Eternium (Beginner 0), another foe in the solo mode 2 (Beginner 0);
    with less the flight is refused naming step 8."""
    state = to_flee(level, foe, cost)
    act(state, "flee")
    assert state.epic.eternium[0] == 0
    assert state.flow.result is not None
    assert (state.flow.result["ending"], state.flow.result["eternium"][0]) == ("fled", -cost)
    if cost:
        poor = to_flee(level, foe, cost - 1)
        assert f"costs {cost} Eternium" in refused(poor, "flee", "§5.6.3 step 8")


@pytest.mark.parametrize(
    ("level", "penalty"), [*zip(LEVELS, (False, True, True, True), strict=True)]
)
def test_only_beginner_skips_the_defeat_penalty(
    pack: ContentPack, level: str, penalty: bool
) -> None:
    """Spec §5.17.2 table, §5.17.4 (rulebook p.31): Beginner heroes do not pay the 5 Eternium
    of a defeat; the content table only (the map rule comes later)."""
    assert pack.difficulties[level].defeat_penalty is penalty


Patch = Callable[[dict[str, Any]], object]
BROKEN: list[tuple[str, Patch, str]] = [
    # Onslaught, Dark Surge, Relentless Assault turned ranged: one melee momentum card is left.
    (
        "momentum-one-melee",
        lambda d: [d["battle_cards"][i].update(weapon="ranged") for i in (0, 3, 6)],
        "battle_cards",
    ),
    ("levels-not-1-4", lambda d: d["difficulties"][3].update(level=3), "difficulties"),
    (
        "effect-when-totals",
        lambda d: d["effect_cards"][0]["effect"].update(when="totals"),
        "effect_cards[0].effect",
    ),
    (  # one 1-skull card left: Beginner's deck cannot serve a draw of 2
        "beginner-deck-too-small",
        lambda d: [c.update(skulls=2) for c in d["effect_cards"][1:] if c["skulls"] == 1],
        "difficulties[0].skulls",
    ),
    ("skulls-five", lambda d: d["effect_cards"][2].update(skulls=5), "effect_cards[2].skulls"),
]


@pytest.mark.parametrize(("patch", "field"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_a_broken_solo_file_is_refused_naming_its_field(
    tmp_path: Path, patch: Patch, field: str
) -> None:
    """Spec §3.2 steps 3–4, §5.17.3 (rulebook p.31–32): each battle deck holds every weapon
    type twice, the levels are 1–4, an effect card acts in step 4, each effect deck covers the
    largest draw, skulls are 1–4; a patched copy is refused naming the field."""
    assert ("solo.yaml", field) in broken_pack(tmp_path, patch)


def test_the_shipped_solo_file_has_no_problem(tmp_path: Path) -> None:
    """Spec §2.4 (seed l.14–93), §5.17.1 (rulebook p.30): the unpatched copy passes them."""
    assert not {found for found in broken_pack(tmp_path) if found[0] == "solo.yaml"}


# ------------------------------------------------------------------------ a scripted combat


def test_battle_cards_not_matching_a_weapon_are_skipped_and_kept() -> None:
    """Spec §5.17.3 replacing step 1, A-25 (rulebook p.32): cards are turned until one shows a
    weapon type of the enemy hero's (Skeletor: magic, melee); the ranged ones are set aside
    and go back into the deck; the enemy fights with its melee Sword at Onslaught's values."""
    state = solo(momentum=["fury", "crushing-blow", "onslaught", "dark-surge"])
    roll(state, "blank")
    card = events(state, "battle-card")[-1]
    assert (card["card"], card["skipped"], card["weapon"]) == (
        "onslaught",
        ["fury", "crushing-blow"],
        1,
    )
    kept = enemy_decks(state)
    assert sorted(kept.momentum) == ["crushing-blow", "dark-surge", "fury"]
    assert kept.battle == "onslaught"
    enemy = state.epic.fighters[1]
    assert (enemy.attack, enemy.defense, enemy.initiative, enemy.health) == (5, 3, 3, 9)


def test_each_momentum_symbol_fires_the_momentum_once() -> None:
    """Spec §5.17.3, A-26 (rulebook p.32): Onslaught, Taunt and Lunge show three symbols: Mer-
    Man's Sword (+2 Attack, Taunt's attack identifier) acts three times."""
    state = solo(defender={"enemy": "mer-man"}, momentum=["onslaught"], effects=["taunt", "lunge"])
    found = fight(state, "blank")
    assert events(state, "effect-cards")[0]["momentum"] == 3
    assert momenta(state) == ["ability"] * 3
    assert found["defender"] == {"attack": 5 + 1 + 3 * 2, "defense": 3, "initiative": 3 + 2}


def test_more_than_three_symbols_fire_that_many_times() -> None:
    """Spec §9.15 "Solo momentum" (rulebook p.32, seed l.2558–2560): at Relentless Onslaught
    and four momentum effect cards show five symbols: the momentum acts five times."""
    cards = ["taunt", "iron-guard", "lunge", "disarm"]
    state = solo(
        defender={"enemy": "mer-man"},
        difficulty="relentless",
        momentum=["onslaught"],
        effects=cards,
    )
    found = fight(state, "")
    (drawn,) = events(state, "effect-cards")
    assert (drawn["cards"], drawn["momentum"]) == (cards, 5)
    assert momenta(state) == ["ability"] * 5
    assert found["defender"]["attack"] == 5 + 1 + 5 * 2


@pytest.mark.parametrize(
    ("cards", "kind", "defender"),
    [
        (["quick-jab", "brace"], "ability", {"attack": 5 + 1 + 2, "defense": 4, "initiative": 3}),
        (["brace", "quick-step"], "fallback", {"attack": 6, "defense": 5, "initiative": 4}),
    ],
    ids=["attack-identifier", "no-attack-identifier"],
)
def test_plus_x_to_a_zone_needs_an_effect_card_of_that_zone(
    cards: list[str], kind: str, defender: dict[str, int]
) -> None:
    """Spec §5.17.3, §9.15 "Solo +X to a zone" (rulebook p.32): Mer-Man's Sword (+2 Attack)
    applies only with an effect card showing the attack identifier (Quick Jab); without one
    no momentum effect applies and the fallback gives +1 Defense and +1 Attack."""
    state = solo(defender={"enemy": "mer-man"}, momentum=["onslaught"], effects=cards)
    found = fight(state, "blank")
    assert momenta(state) == [kind]
    assert found["defender"] == defender
    assert found["active"] == {"attack": 2, "defense": 2, "initiative": 3}


def test_a_zone_identifier_drawn_in_round_one_serves_round_two() -> None:
    """Spec §9.15 "Solo +X to a zone" (rulebook p.32): any effect card drawn in the combat may
    carry the identifier: Quick Jab (round 1) lets Mer-Man's +2 Attack act in round 2."""
    state = solo(
        defender={"enemy": "mer-man"},
        momentum=["onslaught"],
        plain=["guarded-stance"],
        effects=["quick-jab", "brace", "quick-step"],
    )
    fight(state, "success")
    assert momenta(state) == []
    act(state, "stay")
    found = fight(state, "blank")
    assert events(state, "effect-cards")[1]["cards"] == ["brace", "quick-step"]
    assert momenta(state) == ["ability"]
    assert found["defender"] == {"attack": 5 + 2, "defense": 3 + 1, "initiative": 3 + 1}


def test_a_momentum_needing_a_grid_falls_back_to_plus_one_defense_and_attack() -> None:
    """Spec §5.17.3, A-28 (rulebook p.32): Evil-Lyn's Staff (draw a card and play it) never
    applies to an enemy without a grid: each of the two symbols (Ambush, Taunt) gives +1
    Defense and +1 Attack instead."""
    state = solo(defender={"enemy": "evil-lyn"}, momentum=["ambush"], effects=["taunt", "brace"])
    found = fight(state, "blank")
    assert events(state, "battle-card")[0]["weapon"] == 0  # the Staff (magic)
    assert momenta(state) == ["fallback", "fallback"]
    assert found["defender"] == {"attack": 4 + 1 + 2, "defense": 3 + 1 + 2, "initiative": 5}


def test_the_enemy_picks_by_the_harm_order_and_logs_it() -> None:
    """Spec §5.17.3 (rulebook p.32), the harm order (choices.py): Skeletor's Sword turns one
    card face down per symbol (Onslaught, Taunt): the +3 (the highest face-up card), then of
    the two +2s the one in Attack; each choice is logged with the order."""
    state = solo(
        hero("teela", "+2", "+3", "+2", "+1"), momentum=["onslaught"], effects=["taunt", "brace"]
    )
    found = fight(state, "blank", "ADIA")
    choices = events(state, "enemy-choice")
    assert choices == [{"side": 1, "rule": HARM, "order": HARM_ORDER}] * 2
    picked = events(state, "picked")
    assert [(p["what"], p["card"]) for p in picked] == [
        ("blank", "motu-plus-3"),
        ("blank", "motu-plus-2"),
    ]
    assert found["active"] == {"attack": 1, "defense": 0, "initiative": 3 + 2}
    assert found["defender"] == {"attack": 5 + 1, "defense": 3 + 1, "initiative": 3}


def test_round_two_draws_another_battle_card() -> None:
    """Spec §5.17.3 replacing step 1 (rulebook p.32): in round 2 the first card is set aside
    and the die rolled again: the other melee card of the plain deck (Steady Aim) gives the
    enemy's totals; both go back to their deck when the combat ends."""
    state = solo(plain=["guarded-stance", "steady-aim"], effects=["brace", "quick-step"])
    first = fight(state, "success")
    assert first["defender"] == {"attack": 3, "defense": 5 + 1, "initiative": 2}
    act(state, "stay")
    assert state.current_player() == CHANCE  # rolled again
    roll(state, "double")
    assert enemy_decks(state).used == ["guarded-stance"]
    assert events(state, "battle-card")[1]["card"] == "steady-aim"
    enemy = state.epic.fighters[1]
    assert (enemy.attack, enemy.defense, enemy.initiative) == (4, 4, 2)
    second = fight(state, "")
    assert second["defender"] == {"attack": 4, "defense": 4, "initiative": 2 + 1}
    assert state.is_terminal()
    assert sorted(enemy_decks(state).plain) == ["guarded-stance", "steady-aim"]
    assert (enemy_decks(state).used, enemy_decks(state).battle) == ([], "")


def test_the_combat_file_round_trips_and_hides_the_enemy_decks() -> None:
    """Docs eternia-combat (``solo``), spec §3.2 step 4 (rulebook p.31): at each decision of
    both rounds the position reads back equal and the state deserializes the same; seat 0
    sees the enemy decks as counts only."""
    state = solo(plain=["guarded-stance", "steady-aim"], effects=["brace", "quick-step"])
    decks_hidden(state)
    roll(state, "success")
    seen = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            roll(state, "double")
            continue
        same_position(state)
        decks_hidden(state)
        seen += 1
        now = step(state)
        if now == "draw":
            lay(state, "DA"[state.epic.fighters[0].placed % 2])
        else:
            act(state, "pass" if now == "activate" else "stay")
    assert seen >= 10
    same_position(state)


def test_a_position_at_the_battle_deck_roll_reads_back() -> None:
    """Docs eternia-combat, spec §5.17.3 (rulebook p.32): the wild-die roll for the battle
    deck is a chance node (each round) a position or a saved state may stop at."""
    state = solo(plain=["guarded-stance"])
    assert state.current_player() == CHANCE
    same_position(state)


def test_solo_positions_validate_against_the_combat_schema() -> None:
    """Docs eternia-combat (combat/eternia-combat.schema.json): a solo combat file and the
    positions written during it validate."""
    schemas = pytest.importorskip("jsonschema", reason="jsonschema is a test dependency")
    validator = schemas.Draft202012Validator(SCHEMA)
    state = solo(momentum=["onslaught"], effects=["taunt", "brace"])
    roll(state, "blank")
    for doc in (combat_doc(), state.to_position()):
        assert [error.message for error in validator.iter_errors(doc)] == []


def _without_solo() -> dict[str, Any]:
    doc = combat_doc()
    del doc["solo"]
    return doc


BAD = [
    ("no-solo", _without_solo(), "solo"),
    ("unknown-difficulty", combat_doc(difficulty="expert"), "solo.difficulty"),
    (
        "effect-above-skulls",
        combat_doc(difficulty="beginner", effects=["quick-jab", "heavy-swing"]),
        "solo.effects",
    ),
    ("wrong-battle-deck", combat_doc(momentum=[], plain=["onslaught"]), "solo.plain"),
    ("unknown-effect-card", combat_doc(effects=["quick-jab", "jab"]), "solo.effects"),
    ("enemy-active", {**combat_doc(), "active": {"enemy": "skeletor"}}, "active.enemy"),
]


@pytest.mark.parametrize(("doc", "field"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_a_bad_solo_combat_file_is_refused_naming_its_field(
    doc: dict[str, Any], field: str
) -> None:
    """Spec §5.17.2, §3.2 steps 3–4, A-28 (rulebook p.31–32): an enemy hero is fought with a
    ``solo`` section, a known difficulty, effect cards of its skulls, battle cards in the
    deck of their symbol, the player's hero on the active side."""
    with pytest.raises(DataError) as caught:
        load_game("eternia-combat", combat=doc).new_initial_state(0)
    assert caught.value.field == field, caught.value


def test_a_momentum_card_listed_in_the_plain_deck_names_the_plain_deck() -> None:
    """Spec §3.2 step 4 (rulebook p.31): Onslaught (momentum symbol) listed once, in
    ``plain``, the momentum deck left to be dealt: the refusal names ``solo.plain``, not a
    card "listed twice" in ``solo.momentum``."""
    with pytest.raises(DataError) as caught:
        load_game("eternia-combat", combat=combat_doc(plain=["onslaught"]))
    assert caught.value.field == "solo.plain", caught.value


def test_a_forced_deck_without_a_matching_card_is_refused_not_a_crash() -> None:
    """Spec §5.17.3 replacing step 1 (rulebook p.32): a combat file whose listed momentum deck
    holds no card of the enemy's weapon types (Fury: ranged, Skeletor: magic, melee) is
    refused naming a ``solo`` field, or the combat goes on; the offered roll never raises."""
    try:
        state = solo(momentum=["fury"])
    except DataError as error:
        assert error.field.startswith("solo."), error
        return
    roll(state, "blank")
    assert step(state) == "draw"
