"""The prebuilt line-of-sight and cover tables shipped beside the maps (issue 7 §2: prebuilt sight
tables). They must answer exactly what the rules compute, and are ignored once out of date."""

import os
import random

import pytest

from rulekeeper.games.battleground.board import prebuilt
from rulekeeper.games.battleground.board.battlefield import Battlefield, shipped_maps

LONG = bool(os.environ.get("RULEKEEPER_LONG"))
PAIRS = 4_000
"""Random ordered pairs of positions checked a map (every pair with RULEKEEPER_LONG=1)."""


@pytest.mark.parametrize("name", shipped_maps())
def test_shipped_tables_are_current_and_agree_with_the_rules(name: str) -> None:
    """If this fails, the map or the geometry code changed: rebuild the tables with
    ``python -m rulekeeper.games.battleground.board.prebuilt``. The shipped answers (the
    vectorised build) equal the rules' one-pair answers (``los.py``, ``cover.py``) on random
    pairs, raised positions among them; RULEKEEPER_LONG=1 compares them with a whole fresh
    build instead."""
    shipped = Battlefield.load(name)
    assert prebuilt.attach(shipped, name), f"maps/{name}.tables does not match: rebuild it"
    fresh = Battlefield.load(name)
    if LONG:
        fresh.sight.build()
        fresh.cover_table.build()
        assert shipped.sight.table.rows == fresh.sight.table.rows
        assert shipped.cover_table.table.rows == fresh.cover_table.table.rows
        return
    positions = sorted(fresh.positions)
    raised = [p for p in positions if p.level] or positions
    rng = random.Random(name)
    for index in range(PAIRS):
        a = rng.choice(raised if index % 8 == 0 else positions)
        b = rng.choice(positions)
        a, b = (b, a) if index % 16 == 0 else (a, b)
        assert shipped.sight.visible(a, b) == fresh.sight.visible(a, b), (a, b)
        assert shipped.cover_table.terrain_cover(a, b) == fresh.cover_table.terrain_cover(a, b)
    assert fresh.sight.table.known() >= PAIRS // 2  # the fresh answers were computed


def test_out_of_date_tables_are_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prebuilt, "fingerprint", lambda name: "0" * 64)
    field = Battlefield.load("first-game")
    assert not prebuilt.attach(field, "first-game")
    assert field.sight.table.known() == 0  # left to fill on demand


def test_the_fingerprint_covers_the_geometry_code(monkeypatch: pytest.MonkeyPatch) -> None:
    before = prebuilt.fingerprint("first-game")
    real = prebuilt._module_source
    monkeypatch.setattr(
        prebuilt, "_module_source", lambda name: real(name) + (b"#" if "los" in name else b"")
    )
    assert prebuilt.fingerprint("first-game") != before


def test_games_on_shipped_maps_start_with_complete_tables() -> None:
    from rulekeeper.core import load_game

    field = load_game("battleground").field  # type: ignore[attr-defined]
    size = len(field.sight.table.positions)
    assert field.sight.table.known() == size * size
    assert field.cover_table.table.known() == size * size
