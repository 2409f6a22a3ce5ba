"""core/derived.py: tables derived once and kept by their owner (the brief: no hidden global
caches; a cache belongs to an object that owns it)."""

from __future__ import annotations

from rulekeeper.core.derived import Derived
from rulekeeper.core.graph import Placement, Tile, TileField, TileMap


def test_a_table_is_made_once_per_key() -> None:
    made: list[int] = []
    tables = Derived()
    assert tables("a", lambda: made.append(1) or 1) == 1
    assert tables("a", lambda: made.append(2) or 2) == 1
    assert made == [1]


def test_a_limited_owner_drops_its_tables_when_full() -> None:
    tables = Derived(limit=2)
    tables("a", lambda: 1)
    tables("b", lambda: 2)
    tables("c", lambda: 3)  # the third: the two kept are dropped first
    assert tables("a", lambda: 10) == 10
    assert tables("c", lambda: 30) == 3


def test_each_tile_map_owns_its_tables() -> None:
    tile = Tile("t", (TileField("centre", 0, 0),))
    one = TileMap.of({"t": tile}, [Placement("t", 0, 0, 0)])
    two = TileMap.of({"t": tile}, [Placement("t", 0, 0, 0)])
    assert one == two
    one.derived("k", lambda: "one")
    assert two.derived("k", lambda: "two") == "two"
    assert one.derived("k", lambda: "again") == "one"
