"""Random battle files, for fuzz tests, benchmarks and bots' training: random armies of two
factions, a random site (a guarded field, an open field, a settlement, a town with a Citadel),
mode, difficulty and rules options."""

from __future__ import annotations

import random

from rulekeeper.games.homm3.content.pack import ContentPack, load_content_pack

FACTION_HEROES = {"castle": "Catherine", "dungeon": "Alamar", "necropolis": "Sandro"}


def random_battle(rng: random.Random, pack: ContentPack | None = None) -> dict[str, object]:
    """A battle file with random armies, site, mode and options: a neutral fight (solo or
    Clash), a hero battle, or a siege."""
    pack = pack or load_content_pack()
    factions = rng.sample(sorted(FACTION_HEROES), 2)

    def army(faction: str) -> list[dict[str, object]]:
        cards = [c for c in pack.units.values() if c.faction == faction]
        chosen = rng.sample(cards, rng.randint(1, 7))
        return [{"card": c.id, "side": rng.choice(["few", "pack"])} for c in chosen]

    cards = sorted(
        card_id
        for table in (pack.stats, pack.abilities, pack.spells, pack.artifacts, pack.specialties)
        for card_id in table
    )

    def hero(faction: str) -> dict[str, object]:
        return {
            "name": FACTION_HEROES[faction],
            "faction": faction,
            "level": rng.randint(1, 7),
            "mp": rng.randint(0, 3),
            "gold": rng.randint(0, 20),
            "morale": rng.choice([-1, 0, 1]),
            "expert_uses": rng.randint(0, 2),
            "hand": [rng.choice(cards) for _ in range(rng.randint(0, 6))],
            "deck": [rng.choice(cards) for _ in range(rng.randint(0, 8))],
        }

    kind = rng.choice(["neutral", "hero", "siege"])
    mode = rng.choice(["clash", "solo"]) if kind == "neutral" else "clash"
    doc: dict[str, object] = {
        "format": "homm3-battle",
        "version": 1,
        "mode": mode,
        "difficulty": rng.choice(["easy", "normal", "hard", "impossible"]),
        "options": {
            "retreat": rng.choice(["end-of-round", "any-time"]),
            "minimum-damage": rng.random() < 0.3,
            "die-no-damage": rng.random() < 0.2,
            "no-rerolls": rng.random() < 0.2,
            "free-extension": rng.random() < 0.3,
        },
        "attacker": {"kind": "hero", "hero": hero(factions[0]), "units": army(factions[0])},
    }
    if kind == "neutral":
        doc["site"] = {"kind": "field", "difficulty": rng.randint(1, 7)}
        doc["defender"] = {"kind": "neutral", "draw": True}
    else:
        if kind == "siege":
            doc["site"] = {"kind": "town", "owner": factions[1], "citadel": True}
        else:
            doc["site"] = {"kind": rng.choice(["field", "settlement"])}
        defender_kind = rng.choice(["hero", "secondary-hero", "army", "ai-hero"])
        side: dict[str, object] = {"kind": defender_kind, "units": army(factions[1])}
        if defender_kind != "army":
            side["hero"] = hero(factions[1])
        if defender_kind == "ai-hero":
            doc["mode"] = "solo"
            side["ai_spells"] = [rng.choice(sorted(pack.spells)) for _ in range(rng.randint(0, 6))]
            side["ai_skill"] = rng.choice(sorted(pack.abilities))
            if rng.random() < 0.3:  # the AI hero attacks the player
                doc["attacker"], side = side, doc["attacker"]  # type: ignore[assignment]
        doc["defender"] = side
    return doc
