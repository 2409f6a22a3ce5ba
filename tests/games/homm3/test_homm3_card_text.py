"""Card texts generated from the effect data (issue 9 §1): every card of the pack reads, and an
edited card reads as it now plays."""

from __future__ import annotations

from pathlib import Path

from rulekeeper.games.homm3.content.pack import load_content_pack
from rulekeeper.games.homm3.views.card_text import text_of


def test_every_card_reads() -> None:
    pack = load_content_pack()
    ids = [
        *pack.units,
        pack.tower.id,
        *pack.ai_cards,
        *(
            c.id
            for t in (pack.stats, pack.abilities, pack.spells, pack.artifacts, pack.specialties)
            for c in t.values()
        ),
    ]
    for card_id in ids:
        text = text_of(pack, card_id)
        assert text and "{" not in text, card_id
    assert "power 2: 3 damage" in text_of(pack, "magic-arrow")
    assert "+2 Attack for its next attack" in text_of(pack, "attack")
    assert "unlimited retaliation" in text_of(pack, "griffins")


def test_an_edited_card_reads_as_it_plays(tmp_path: Path) -> None:
    from importlib import resources

    shipped = Path(str(resources.files("rulekeeper.games.homm3.content")))
    for other in shipped.glob("*.yaml"):
        (tmp_path / other.name).write_text(other.read_text(encoding="utf-8"), encoding="utf-8")
    spells = (tmp_path / "spells.yaml").read_text(encoding="utf-8")
    edited = spells.replace("{kind: damage, amount: 3}", "{kind: damage, amount: 5}", 1)
    assert edited != spells
    (tmp_path / "spells.yaml").write_text(edited, encoding="utf-8")
    assert "power 2: 5 damage" in text_of(load_content_pack(tmp_path), "magic-arrow")
