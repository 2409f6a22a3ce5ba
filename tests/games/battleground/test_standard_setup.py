"""The Standard Setup through the game (battleground.md §1; docs/content.md): forces built to a
points limit with equipment, fate decks and glory cards, validated; then whole games with items,
disposables and every character kind, checked after every action."""

from __future__ import annotations

from typing import Any

import pytest

from rulekeeper.core import (
    CHANCE,
    SIMULTANEOUS,
    Action,
    DataError,
    IllegalActionError,
    Pcg32,
    load_game,
)
from rulekeeper.games.battleground.agents import SkirmishBot
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.content.pack import load_content_pack
from rulekeeper.games.battleground.game import BattlegroundState

PACK = load_content_pack()


def deck(faction: str) -> list[str]:
    cards: list[str] = []
    for card in sorted(PACK.fate.values(), key=lambda c: c.id):
        if card.faction in (faction, "neutral"):
            cards += [card.id] * min(2, card.count)
    return cards[:20]


def evil_only() -> list[str]:
    cards: list[str] = []
    for card in sorted(PACK.fate.values(), key=lambda c: c.id):
        if card.faction == "evil":
            cards += [card.id] * min(2, card.count)
    return cards[:20]


def glory(faction: str) -> list[str]:
    return sorted(c.id for c in PACK.glory.values() if c.faction == faction)[:2]


MASTERS: dict[str, Any] = {
    "faction": "masters",
    "characters": [
        {
            "character": "he-man",
            "weapons": ["sword-of-power"],
            "items": ["grayskull-ring", "healing-draught"],
        },
        {"character": "orko", "weapons": ["mystic-mischief"], "items": ["mana-crystal"]},
        {"character": "ram-man", "weapons": ["battering-helmet"]},
    ],
    "fate_deck": deck("masters"),
    "glory": glory("masters"),
}
EVIL: dict[str, Any] = {
    "faction": "evil",
    "characters": [
        {"character": "skeletor", "weapons": ["havoc-staff"], "items": ["smoke-bomb"]},
        {"character": "evil-lyn", "weapons": ["fireball"], "items": ["elixir-of-speed"]},
        {"character": "tri-klops"},
    ],
    "fate_deck": deck("evil"),
    "glory": glory("evil"),
}


def standard(**changes: Any) -> Any:
    forces = [dict(MASTERS), dict(EVIL)]
    return load_game(
        "battleground",
        setup="standard",
        forces=changes.get("forces", forces),
        **{k: v for k, v in changes.items() if k != "forces"},
    )


def test_standard_forces_are_deployed_with_their_equipment() -> None:
    """Standard Setup: the chosen characters, with their weapons and items, stand in their
    deployment zones (placed automatically when the map has no places for them)."""
    state = standard(deployment="zones").new_initial_state(seed=1)
    assert isinstance(state, BattlegroundState)
    assert sorted(state.fighters) == [
        "evil-lyn",
        "he-man",
        "orko",
        "ram-man",
        "skeletor",
        "tri-klops",
    ]
    assert state.fighters["he-man"].items == ("grayskull-ring", "healing-draught")
    for fighter in state.fighters.values():
        assert fighter.position.hex in state.field.zones[fighter.owner]
    assert len(state.sides[0].hand) == 5 and state.sides[0].deck.size == 15


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"characters": [*MASTERS["characters"], {"character": "stratos"}]}, "over the limit"),
        (
            {"characters": [{"character": "orko", "weapons": ["sword-of-power"]}]},
            "cannot take melee",
        ),
        ({"fate_deck": deck("masters")[:19]}, "fate_deck"),
        ({"fate_deck": evil_only()}, "fate_deck"),
        ({"glory": glory("evil")}, "glory"),
    ],
)
def test_illegal_forces_are_refused_naming_the_problem(
    change: dict[str, Any], message: str
) -> None:
    """Standard Setup rules (setups.yaml standard): points limit, who may take what, deck and
    glory rules; the refusal names the force and the problem, and nothing is created."""
    bad = {**MASTERS, **change}
    with pytest.raises(DataError) as refused:
        standard(forces=[bad, EVIL])
    assert "forces[0]" in str(refused.value)
    assert message.lower() in str(refused.value).lower()


def test_two_forces_of_one_faction_are_refused() -> None:
    """Each game is the Masters against the Evil Warriors (Basic Concepts: Force)."""
    with pytest.raises(DataError, match="one force of the Masters"):
        standard(forces=[MASTERS, {**MASTERS}])


def test_players_deploy_their_characters_one_at_a_time() -> None:
    """Standard Setup (docs/rules.md): after the first player is chosen, the players place their
    characters in their own zones in turn, first player first, then choose each one's facing."""
    state = standard().new_initial_state(seed=1)
    assert isinstance(state, BattlegroundState)
    assert state.fighters == {}
    state.apply_action(Action.of("roll", face=6))
    state.apply_action(Action.of("roll", face=2))
    state.apply_action(Action.of("first-player", player=1))
    assert state.current_player() == 1
    options = state.legal_actions()
    assert {a.kind for a in options} == {"deploy"}
    zone = state.field.zones[1]
    assert all(Position(*a.ints_param("to")).hex in zone for a in options)
    with pytest.raises(IllegalActionError):
        state.apply_action(Action.of("deploy", character="he-man", to=[0, 0, 0]))
    placed = 0
    while state.flow.top().kind in ("deploy", "face"):
        player = state.current_player()
        action = state.legal_actions()[0]
        state.apply_action(action)
        if action.kind == "deploy":
            placed += 1
            assert state.fighters[action.str_param("character")].owner == player
    assert placed == 6 and len(state.fighters) == 6
    assert state.is_simultaneous_node(), "then the first card selection"


def test_a_points_limit_can_be_chosen() -> None:
    with pytest.raises(DataError, match="over the limit"):
        standard(points_limit=90)


def _check(state: BattlegroundState) -> None:
    for side in state.sides:
        assert len(side.hand) <= 5
    in_attack = any(s.kind == "attack" for s in state.flow)
    for fighter in state.fighters.values():
        assert 0 <= fighter.mana <= 5
        if not fighter.knocked_out and not in_attack:
            assert fighter.wounds < state.stat(fighter, "health")
    for turn in state.turns:
        assert turn.ap >= 0


@pytest.mark.parametrize("seed", range(12))
def test_standard_games_play_to_the_end(seed: int) -> None:
    """Whole Standard Setup games (items, disposables, spells, area attacks) with bots and random
    choices mixed: every action legal, invariants after each, the game ends, the log replays."""
    game = standard()
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, BattlegroundState)
    bots = {0: SkirmishBot(seed), 1: SkirmishBot(seed + 1)}
    rng = Pcg32(seed)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.resolve_chance()
            continue
        seats = (0, 1) if player == SIMULTANEOUS else (player,)
        seat = next(p for p in seats if state.legal_actions(p))
        options = [a for a in state.legal_actions(seat) if a.kind not in SkirmishBot.AVOID]
        kinds = sorted({a.kind for a in options})
        if rng.below(2):
            action = bots[seat].choose(state, seat)
        else:
            kind = kinds[rng.below(len(kinds))]
            same = [a for a in options if a.kind == kind]
            action = same[rng.below(len(same))]
        state.apply_action(action, seat)
        _check(state)
    copy = game.deserialize_state(state.serialize())
    assert copy.serialize() == state.serialize()
