"""Check the core-box counts of the HoMM3 board-game fact tables in this folder.

Run: /work/main/.venv/bin/python research/homm3/check_counts.py
Counts come from homm3.md 2.1 and 9.6 and the rewrite's core-box component list.
Exits non-zero (AssertionError) on the first count that does not hold.
"""
from collections import Counter
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
FACTIONS = {"castle", "dungeon", "necropolis"}
DIFFICULTIES = {"easy", "normal", "hard", "impossible"}


def load(name):
    with open(HERE / name, encoding="utf-8") as f:
        return yaml.safe_load(f)


def check_sources(entries, what):
    for e in entries:
        assert e.get("source"), f"{what} {e.get('id')}: no source"
    ids = [e["id"] for e in entries]
    assert len(ids) == len(set(ids)), f"{what}: duplicate ids"


def check_spells():
    spells = load("spells.yaml")
    check_sources(spells, "spell")
    assert len(spells) == 21, len(spells)
    assert sum(s["copies"] for s in spells) == 46
    for s in spells:
        want = 6 if s["id"] == "magic-arrow" else 2
        assert s["copies"] == want, s["id"]
        assert s["level"] in {"basic", "expert"}, s["id"]
        assert s["timing"] in {"instant", "activation", "ongoing", "map"}, s["id"]
        assert s["power_table"] and s["power_table"][0]["power"] == 0, s["id"]
        assert s["alternative_effect"]["power"] == 1, s["id"]
    schools = Counter(s["school"] for s in spells if s["id"] != "magic-arrow")
    assert schools == {"air": 5, "earth": 5, "fire": 5, "water": 5}, schools
    return f"spells: {len(spells)} spells, {sum(s['copies'] for s in spells)} cards"


def check_abilities():
    abilities = load("abilities.yaml")
    check_sources(abilities, "ability")
    assert len(abilities) == 15, len(abilities)
    assert all(a["copies"] == 2 for a in abilities)
    assert sum(a["copies"] for a in abilities) == 30
    for a in abilities:
        for part in ("basic", "expert"):
            assert a[part]["timing"] in {"instant", "activation", "ongoing", "map"}, a["id"]
    bound = {a["id"]: a["faction"] for a in abilities if a["faction"]}
    assert bound == {"necromancy": "necropolis"}, bound
    return f"abilities: {len(abilities)} kinds, 30 cards", {a["id"] for a in abilities}


def check_statistics(heroes):
    stats = load("statistics.yaml")
    check_sources(stats, "statistic")
    copies = {s["id"]: s["copies"] for s in stats}
    assert copies == {"attack": 5, "defense": 6, "knowledge": 6, "power": 7}, copies
    assert sum(copies.values()) == 24
    # The cards suffice for any pick of one hero per faction, and exactly so.
    for s in stats:
        by_hero = s["starting_deck_counts"]
        for h in heroes:
            assert by_hero[h["id"]] == h["statistics"][s["id"]], (s["id"], h["id"])
        worst = sum(max(h["statistics"][s["id"]] for h in heroes if h["faction"] == f) for f in FACTIONS)
        assert worst == s["copies"], (s["id"], worst)
    return "statistics: 4 kinds, 24 cards (matches hero boards)"


def check_artifacts():
    arts = load("artifacts.yaml")
    check_sources(arts, "artifact")
    assert len(arts) == 32 and all(a["copies"] == 1 for a in arts)
    grades = Counter(a["grade"] for a in arts)
    assert set(grades) == {"minor", "major", "relic"}, grades
    assert grades == {"minor": 15, "major": 10, "relic": 7}, grades
    for a in arts:
        assert len(a["choose_one_of"]) == 2, a["id"]
    return f"artifacts: 32 cards ({dict(grades)})"


def check_heroes(ability_ids):
    data = load("heroes.yaml")
    heroes = data["heroes"]
    check_sources(heroes, "hero")
    assert len(heroes) == 6
    assert Counter(h["faction"] for h in heroes) == {f: 2 for f in FACTIONS}
    for f in FACTIONS:
        types = sorted(h["type"] for h in heroes if h["faction"] == f)
        assert types == ["magic", "might"], (f, types)
    n_spec = 0
    for h in heroes:
        levels = [c["level"] for c in h["specialty_cards"]]
        assert levels == [1, 4, 6], (h["id"], levels)
        n_spec += len(levels)
        assert h["starting_ability"] in ability_ids, h["id"]
        assert h["starting_magic_arrows"] == (1 if h["type"] == "might" else 2)
        assert h["starting_deck_size"] == 9, h["id"]
    assert n_spec == 18
    track = data["level_track"]["levels"]
    assert [t["hand_limit"] for t in track] == [4, 4, 5, 5, 6, 6, 7]
    assert [t["expert_uses_per_round"] for t in track] == [0, 1, 1, 2, 2, 3, 3]
    return "heroes: 6 heroes (2 per faction), 18 specialty cards", heroes


def check_ai():
    cards = load("ai.yaml")["cards"]
    check_sources(cards, "AI card")
    assert len(cards) == 8
    assert sum(c["copies"] for c in cards) == 20
    for c in cards:
        assert set(c["by_difficulty"]) == DIFFICULTIES, c["id"]
        assert c["card_type"] in {"might", "magic", "skill"}, c["id"]
    return "ai: 8 kinds, 20 cards"


def check_units_and_keywords():
    units = load("units.yaml")
    faction = [u for u in units if u["faction"] != "neutral"]
    neutral = [u for u in units if u["faction"] == "neutral"]
    assert len(faction) == 21 and len(neutral) == 34
    assert sum(u["copies"] for u in neutral) == 41
    used = set()
    for u in units:
        for side in ("few", "pack", "neutral"):
            if u.get(side):
                used.update(u[side].get("abilities") or [])
    kws = load("unit_abilities.yaml")
    check_sources(kws, "keyword")
    defined = {k["id"] for k in kws}
    assert used == defined, (used - defined, defined - used)
    kinds = {"activation", "attack-action", "other-action", "passive", "retaliation", "map"}
    assert all(k["trigger"] in kinds for k in kws)
    return f"units: 21 faction + 34 neutral kinds (41 cards); unit_abilities: {len(kws)} keywords, all used"


def main():
    lines = [check_spells()]
    line, ability_ids = check_abilities()
    lines.append(line)
    line, heroes = check_heroes(ability_ids)
    lines.append(line)
    lines.append(check_statistics(heroes))
    lines.append(check_artifacts())
    lines.append(check_ai())
    lines.append(check_units_and_keywords())
    for line in lines:
        print("ok  " + line)
    print(f"{len(lines)} passed, 0 failed")


if __name__ == "__main__":
    main()
