"""Line-of-sight and terrain-cover tables of the shipped maps, built ahead of time.

Filling a map's tables on demand costs the first games of a process a good part of their time,
and the segment patterns the construction remembers stay behind for the garbage collector to
scan. So each shipped map has its complete tables beside it (``maps/<name>.tables``), read when
a game first loads the map.

A file is used only if its fingerprint matches: a hash of the map file and of the source of
every module that decides sight or cover. Change either and the file is ignored (the tables
fill on demand as before) until it is rebuilt with::

    python -m rulekeeper.games.battleground.board.prebuilt

A test checks that every shipped file matches and agrees with the rules on random pairs (with
RULEKEEPER_LONG=1: equals a fresh build).
"""

from __future__ import annotations

import hashlib
import zlib
from importlib import resources
from pathlib import Path

from rulekeeper.games.battleground.board.battlefield import MAPS_PACKAGE, Battlefield, shipped_maps

MAGIC = b"rulekeeper-battleground-tables 1\n"

GEOMETRY_MODULES = (
    "rulekeeper.core.hexes",
    "rulekeeper.games.battleground.board.battlefield",
    "rulekeeper.games.battleground.board.cover",
    "rulekeeper.games.battleground.board.los",
    "rulekeeper.games.battleground.board.mapfile",
    "rulekeeper.games.battleground.board.measures",
    "rulekeeper.games.battleground.board.pairtable",
    "rulekeeper.games.battleground.board.segments",
)
"""The modules whose code decides line of sight and cover."""


def _module_source(name: str) -> bytes:
    """The source text of module *name* (empty when it cannot be read)."""
    package, _, module = name.rpartition(".")
    try:
        return resources.files(package).joinpath(f"{module}.py").read_bytes()
    except OSError:
        return b""


def fingerprint(name: str) -> str:
    """Hash of shipped map *name* and of the geometry code that its tables depend on."""
    digest = hashlib.sha256(MAGIC)
    digest.update(resources.files(MAPS_PACKAGE).joinpath(f"{name}.yaml").read_bytes())
    for module in GEOMETRY_MODULES:
        source = _module_source(module)
        if not source:
            return ""  # without the source nothing proves the tables are current
        digest.update(module.encode() + b"\0" + source)
    return digest.hexdigest()


def tables_path(name: str) -> Path:
    """Where the tables of shipped map *name* are kept."""
    return Path(str(resources.files(MAPS_PACKAGE).joinpath(f"{name}.tables")))


def encode(field: Battlefield, name: str) -> bytes:
    """The complete tables of *field* (shipped map *name*) as file contents."""
    field.sight.build()
    field.cover_table.build()
    body = b"".join(field.sight.table.rows) + b"".join(field.cover_table.table.rows)
    return MAGIC + fingerprint(name).encode() + b"\n" + zlib.compress(body, 9)


def attach(field: Battlefield, name: str) -> bool:
    """Fill *field*'s tables from the file of shipped map *name*; False if it is absent or
    does not match the map and the code."""
    path = tables_path(name)
    if not path.is_file():
        return False
    data = path.read_bytes()
    expected = fingerprint(name)
    head = MAGIC + expected.encode() + b"\n"
    if not expected or not data.startswith(head):
        return False
    body = zlib.decompress(data[len(head) :])
    sight, cover = field.sight.table, field.cover_table.table
    size = len(sight.positions)
    if len(body) != 2 * size * size:
        return False
    sight.rows = [bytearray(body[i * size : (i + 1) * size]) for i in range(size)]
    offset = size * size
    cover.rows = [bytearray(body[offset + i * size : offset + (i + 1) * size]) for i in range(size)]
    return True


def load_shipped(name: str) -> Battlefield:
    """Shipped map *name* with its prebuilt tables when they are current."""
    field = Battlefield.load(name)
    attach(field, name)
    return field


def main() -> None:
    """Rebuild the tables of every shipped map."""
    for name in shipped_maps():
        path = tables_path(name)
        path.write_bytes(encode(Battlefield.load(name), name))
        print(f"{path}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
