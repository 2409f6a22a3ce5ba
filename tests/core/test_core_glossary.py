"""The glossary mechanism (issue 23 §2.4): entries read from data, looked up by any spelling,
declared by a game's plug-in."""

from __future__ import annotations

import pytest

from rulekeeper.core.errors import DataError
from rulekeeper.core.glossary import Entry, lookup, read_entries
from rulekeeper.core.plugin import GameInfo

DATA = [
    {"term": "flank", "aliases": ["flanked", "rear_arc"], "text": "An attack  from behind."},
    {"term": "Few", "text": "The small side."},
]


def test_entries_are_found_by_term_or_alias_whatever_the_spelling() -> None:
    """issue 23 §2.4: one glossary, looked up by the words a text uses."""
    entries = read_entries(DATA)
    assert lookup(entries, "Flanked") == entries[0]
    assert lookup(entries, "rear arc") == entries[0]
    assert lookup(entries, "few") == entries[1]
    assert lookup(entries, "nothing") is None
    assert entries[0].text == "An attack from behind."
    assert entries[1].to_json() == {"term": "Few", "aliases": [], "text": "The small side."}


@pytest.mark.parametrize(
    "data",
    [
        {"term": "x"},
        [{"term": "x"}],
        [{"text": "no term"}],
        [{"term": "x", "text": "t", "extra": 1}],
        [{"term": "x", "text": "t"}, {"term": "y", "aliases": ["X"], "text": "t"}],
    ],
)
def test_a_broken_glossary_is_refused_naming_the_problem(data: object) -> None:
    """issue 23 §2.4: a word may name one entry only."""
    with pytest.raises(DataError):
        read_entries(data)


def test_a_game_declares_its_glossary_by_reference() -> None:
    """issue 23 §2.4: GameInfo.glossary names the game's entries (a list or a function)."""
    info = GameInfo(
        name="toy-glossary",
        game="tests.core.toy_game:ToyGame",
        description="",
        players=(2,),
        glossary="test_core_glossary:DATA",
    )
    assert [e.term for e in info.glossary_entries()] == ["flank", "Few"]
    assert info.to_json()["glossary"] is True
    plain = GameInfo(name="toy-plain", game="x:y", description="", players=(2,))
    assert plain.glossary_entries() == ()
    assert isinstance(read_entries([Entry("a", (), "b")])[0], Entry)
