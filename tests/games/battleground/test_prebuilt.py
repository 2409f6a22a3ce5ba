"""The prebuilt line-of-sight and cover tables shipped beside the maps (issue 7 §2: prebuilt sight
tables). They must answer exactly what the rules compute, and are ignored once out of date."""

import pytest

from rulekeeper.games.battleground.board import prebuilt
from rulekeeper.games.battleground.board.battlefield import Battlefield, shipped_maps


@pytest.mark.parametrize("name", shipped_maps())
def test_shipped_tables_are_current_and_equal_a_fresh_build(name: str) -> None:
    """If this fails, the map or the geometry code changed: rebuild the tables with
    ``python -m rulekeeper.games.battleground.board.prebuilt``."""
    shipped = Battlefield.load(name)
    assert prebuilt.attach(shipped, name), f"maps/{name}.tables does not match: rebuild it"
    fresh = Battlefield.load(name)
    fresh.sight.build()
    fresh.cover_table.build()
    assert shipped.sight.table.rows == fresh.sight.table.rows
    assert shipped.cover_table.table.rows == fresh.cover_table.table.rows


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
