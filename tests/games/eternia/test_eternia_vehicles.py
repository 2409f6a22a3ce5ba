"""The forge's vehicles (spec §2.4: 20 vehicle cards; §5.11.4; §5.2.4: the subtype flying
grants flight): the shipped pack has them, provisional; a vehicle acts while held; a hero's
vehicle lends its held bonuses in a combat (issue 28 §1, content)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

from rulekeeper.core import load_game
from rulekeeper.games.eternia.content.pack import ContentPackError, load_content_pack
from rulekeeper.games.eternia.content.support import VehicleCard

SHIPPED = Path(__file__).parents[3] / "src/rulekeeper/games/eternia/content"


def test_the_forge_sells_twenty_vehicles_some_flying() -> None:
    pack = load_content_pack()
    assert len(pack.vehicles) == 20
    assert 0 < sum(v.flying for v in pack.vehicles.values()) < 20
    assert all("cost" in v.provisional for v in pack.vehicles.values())


def test_a_vehicle_acts_while_held() -> None:
    """Spec §5.11.4: a vehicle is kept beside its hero; an ability used once is not one."""
    with pytest.raises(ValidationError, match="acts while held"):
        VehicleCard(
            id="cart",
            name="Cart",
            cost=1,
            effects=({"when": "activation", "effects": ({"kind": "heal", "amount": 1},)},),
        )


def test_a_pack_short_of_a_vehicle_is_refused(tmp_path: Path) -> None:
    """Spec §2.4: the core box has 20 vehicle cards."""
    folder = tmp_path / "pack"
    shutil.copytree(SHIPPED, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    data = yaml.safe_load((folder / "vehicles.yaml").read_text())
    data["vehicles"].pop()
    (folder / "vehicles.yaml").write_text(yaml.safe_dump(data))
    with pytest.raises(ContentPackError) as raised:
        load_content_pack(folder)
    assert any("vehicles" in f"{p.source} {p.field}" for p in raised.value.problems)


def test_a_held_vehicle_lends_its_bonus_in_combat() -> None:
    """Spec §5.11.4: the vehicle's bonuses are the hero's (a +1 Initiative one here)."""
    pack = load_content_pack()
    vehicle = next(
        k
        for k, v in pack.vehicles.items()
        if any(
            e.kind == "stat-bonus" and e.stat == "initiative" for a in v.effects for e in a.effects
        )
    )
    doc = {
        "format": "eternia-combat",
        "version": 1,
        "active": {"hero": "he-man", "seat": 0, "held": [vehicle]},
        "defender": {"hero": "skeletor", "seat": 1},
    }
    state = load_game("eternia-combat", combat=doc).new_initial_state(0)
    assert state.epic.fighters[0].initiative == pack.heroes["he-man"].initiative + 1
