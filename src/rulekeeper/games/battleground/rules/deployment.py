"""Where forces stand when a map does not place them (battleground.md §1, Standard Setup).

The rulebook's first game is deployed as its picture shows; for other maps and forces each
character gets a free position of its side's zone, spread along the zone's middle, facing the
enemy zone. (Choosing deployment hexes as players' decisions is listed in the issue notes.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rulekeeper.core import DataError
from rulekeeper.core.hexes import centre, hex_distance, neighbour
from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.board.mapfile import Deployment
from rulekeeper.games.battleground.board.measures import GROUND, Position

FACTIONS = ("masters", "evil")


def owner_of_faction(field: Battlefield, faction: str) -> int:
    """The player whose zone the map marks for ``faction`` (zone 0 masters, 1 evil otherwise)."""
    for player, zone_faction in field.zone_factions.items():
        if zone_faction == faction:
            return player
    return FACTIONS.index(faction)


def default_deployments(
    field: Battlefield, forces: Mapping[str, Sequence[str]]
) -> list[Deployment]:
    """``forces``: character ids by faction; each faction deploys in the zone marked for it
    (or zone 0 for masters and 1 for evil when the map names no factions)."""
    result: list[Deployment] = []
    for player in (0, 1):
        faction = field.zone_factions.get(player) or FACTIONS[player]
        zone = sorted(
            p for p in field.positions if p.level == GROUND and p.hex in field.zones[player]
        )
        if not zone:
            raise DataError(field.source, "deployment_zones", f"zone {player} has no position")
        enemy = sorted(field.zones[1 - player])
        ex, ey = centre(enemy[len(enemy) // 2])
        mx = sum(centre(p.hex)[0] for p in zone) / len(zone)
        my = sum(centre(p.hex)[1] for p in zone) / len(zone)
        names = list(forces.get(faction, ()))
        taken: list[Position] = []
        for index, name in enumerate(names):
            target_x = mx + (index - (len(names) - 1) / 2) * 4.0
            choices = [p for p in zone if all(hex_distance(p.hex, t.hex) >= 2 for t in taken)]
            if not choices:
                raise DataError(field.source, "deployment_zones", f"no room for {name}")
            spot = min(
                choices,
                key=lambda p: (abs(centre(p.hex)[0] - target_x) + abs(centre(p.hex)[1] - my), p),
            )
            taken.append(spot)
            facing = min(range(6), key=lambda d: _squared_gap(neighbour(spot.hex, d), (ex, ey)))
            result.append(Deployment(character=name, at=spot.hex, level=GROUND, facing=facing))
    return result


def _squared_gap(h: tuple[int, int], point: tuple[float, float]) -> float:
    x, y = centre(h)
    return (x - point[0]) ** 2 + (y - point[1]) ** 2
