"""The core's content-pack reading (core/content.py): card provenance, YAML, every problem found."""

from __future__ import annotations

from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rulekeeper.core.content import CardBase, ContentReader, read_yaml


class Wounds(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["wounds"]
    amount: int = Field(ge=1)


class Heal(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["heal"]
    amount: int = Field(ge=1)


Effect = Annotated[Wounds | Heal, Field(discriminator="kind")]


class Card(CardBase):
    cost: int = Field(ge=0)
    effects: list[Effect] = Field(default_factory=list)


READER = ContentReader(tags=("wounds", "heal"))


def test_cards_carry_their_provenance() -> None:
    card = Card.model_validate(
        {"id": "sword", "name": "Sword", "cost": 3, "provisional": ["cost"], "source": {}}
    )
    assert card.provisional == ["cost"]
    with pytest.raises(ValidationError):
        Card.model_validate({"id": "Bad Id", "name": "x", "cost": 1})
    with pytest.raises(ValidationError):
        card.cost = 4  # cards are frozen: shared by every game that loads them


def test_every_problem_of_a_file_is_reported_with_its_path() -> None:
    raw = {
        "cards": [
            {"id": "a", "name": "A", "cost": 1},
            {"id": "b", "name": "B", "cost": -1},
            {"id": "a", "name": "A again", "cost": 2},
            {"id": "c", "name": "C", "cost": 1, "effects": [{"kind": "wounds", "amount": 0}]},
            {"id": "d", "name": "D", "cost": 1, "effects": [{"kind": "curse"}]},
        ],
        "extra": 1,
    }
    valid, problems, broken = READER.validate_entries(raw, "cards", Card, "cards.yaml")
    assert [card.id for _, card in valid] == ["a"]
    fields = {p.field: p.reason for p in problems}
    assert "extra" in fields
    assert "cards[1].cost" in fields
    assert fields["cards[2].id"].startswith("duplicate id 'a'")
    assert "cards[3].effects[0].amount" in fields  # the union tag is left out of the path
    assert fields["cards[4].effects[0]"].startswith("unknown kind 'curse'")
    assert broken == {"b", "c", "d"}


def test_yaml_syntax_errors_are_one_problem() -> None:
    data, problems = read_yaml("cards: [", "cards.yaml")
    assert data is None and problems[0].field == "(yaml)"
    data, problems = read_yaml("cards: []", "cards.yaml")
    assert data == {"cards": []} and not problems


def test_a_whole_document_reports_every_problem() -> None:
    model, problems = READER.validate_whole({"id": "x", "name": ""}, Card, "one.yaml")
    assert model is None
    assert {p.field for p in problems} == {"name", "cost"}
