"""The browser's Battleground screen handles every kind of action the game offers (issue 10):
``views/static/battleground.js`` (the game's board script, issue 22 §3) lists them in
``HANDLED_KINDS``; here they are compared with the kinds the rules build (their source) and
the kinds seeded random games offer, the Standard Setup's deployment included. (Any other kind
would still get a generic button.)"""

from __future__ import annotations

import json
import random
import re
from importlib import resources
from pathlib import Path

from rulekeeper.core import CHANCE, SIMULTANEOUS, GameState, load_game

STATIC = resources.files("rulekeeper.games.battleground.views") / "static"
RULES = Path(str(resources.files("rulekeeper.games.battleground")))
CHANCE_KINDS = {"roll"}
"""Dice the server rolls itself: no seat ever chooses them."""
BUILDERS = re.compile(
    r"""(?:\.plain|\.one|\.act|Action\.of|card_choices)\(\s*["']([a-z][a-z-]*)["']"""
)


def handled_kinds() -> list[str]:
    """The ``HANDLED_KINDS = [...]`` array of battleground.js."""
    text = (STATIC / "battleground.js").read_text(encoding="utf-8")
    found = re.search(r"export const HANDLED_KINDS = (\[.*?\]);", text, re.DOTALL)
    assert found is not None, "battleground.js exports no HANDLED_KINDS array"
    kinds = json.loads(re.sub(r",\s*\]", "]", found.group(1)))
    assert all(isinstance(k, str) for k in kinds)
    return list(kinds)


def built_kinds() -> set[str]:
    """Every action kind the Battleground source builds (catalog calls and ``Action.of``)."""
    kinds: set[str] = set()
    for path in RULES.rglob("*.py"):
        kinds.update(BUILDERS.findall(path.read_text(encoding="utf-8")))
    return kinds - CHANCE_KINDS


def offered_kinds(state: GameState, seed: int) -> set[str]:
    """The kinds offered to any seat along a random game from ``state``."""
    chooser = random.Random(seed)
    kinds: set[str] = set()
    while not state.is_terminal():
        current = state.current_player()
        if current == CHANCE:
            state.resolve_chance()
            continue
        seats = [0, 1] if current == SIMULTANEOUS else [current]
        for seat in seats:
            kinds.update(a.kind for a in state.legal_actions(seat))
            kinds.update(a.kind for a in state.anytime_actions(seat))
        seat = next(s for s in seats if state.legal_actions(s))
        options = [a for a in state.legal_actions(seat) if a.kind not in ("forfeit", "offer-draw")]
        state.apply_action(chooser.choice(options), seat)
    return kinds


def standard_game() -> GameState:
    """A Standard Setup game, whose players deploy their characters (``deploy``)."""
    from rulekeeper.games.battleground.content.pack import load_content_pack

    pack = load_content_pack()

    def force(faction: str, characters: list[dict[str, object]]) -> dict[str, object]:
        deck: list[str] = []
        for card in sorted(pack.fate.values(), key=lambda c: c.id):
            if card.faction in (faction, "neutral"):
                deck += [card.id] * min(2, card.count)
        glory = sorted(c.id for c in pack.glory.values() if c.faction == faction)[:2]
        return {
            "faction": faction,
            "characters": characters,
            "fate_deck": deck[:20],
            "glory": glory,
        }

    masters = force(
        "masters",
        [
            {"character": "he-man", "weapons": ["sword-of-power"], "items": ["healing-draught"]},
            {"character": "orko", "weapons": ["mystic-mischief"], "items": ["mana-crystal"]},
            {"character": "ram-man", "weapons": ["battering-helmet"]},
        ],
    )
    evil = force(
        "evil",
        [
            {"character": "skeletor", "weapons": ["havoc-staff"], "items": ["smoke-bomb"]},
            {"character": "evil-lyn", "weapons": ["fireball"], "items": ["elixir-of-speed"]},
            {"character": "tri-klops"},
        ],
    )
    return load_game("battleground", setup="standard", forces=[masters, evil]).new_initial_state(
        seed=3
    )


def test_the_handled_kinds_are_a_clean_list() -> None:
    kinds = handled_kinds()
    assert kinds == sorted(set(kinds)), "keep HANDLED_KINDS sorted, each kind once"


def test_every_kind_the_rules_build_is_handled() -> None:
    built = built_kinds()
    assert len(built) >= 20 and {"move", "attack", "reroll"} <= built
    missing = built - set(handled_kinds())
    assert not missing, f"battleground.js does not handle {sorted(missing)}"


def test_every_kind_offered_in_random_games_is_handled() -> None:
    seen: set[str] = set()
    for seed in range(4):
        seen |= offered_kinds(load_game("battleground").new_initial_state(seed=seed), seed)
    seen |= offered_kinds(standard_game(), 3)
    seen |= offered_kinds(load_game("battleground-movement").new_initial_state(seed=1), 1)
    assert {"move", "select", "activate", "deploy", "face"} <= seen
    missing = seen - set(handled_kinds())
    assert not missing, f"battleground.js does not handle {sorted(missing)}"
