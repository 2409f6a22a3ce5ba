"""The game's action catalog (actions.py; issue 7 §2): each action value is built once, and the
shortcut keys never mistake one value for another of a different type."""

from rulekeeper.core import Action
from rulekeeper.games.battleground.actions import ActionCatalog


def test_each_action_is_built_once_and_equals_the_plain_action() -> None:
    catalog = ActionCatalog()
    for kind, params in [
        ("focus", {}),
        ("skill", {"skill": "leap"}),
        ("face", {"direction": 2}),
        ("move-to", {"to": [3, -2, 0]}),
        ("discard", {"cards": ["a", "b"]}),
        ("roll", {"faces": [1.5]}),
        ("attack", {"weapon": "sword", "target": "skeletor"}),
    ]:
        action = catalog.act(kind, **params)
        assert action == Action.of(kind, **params)
        assert catalog.act(kind, **params) is action


def test_values_of_different_types_stay_apart() -> None:
    catalog = ActionCatalog()
    whole, truth, real, text = (
        catalog.act("x", v=1),
        catalog.act("x", v=True),
        catalog.act("x", v=1.0),
        catalog.act("x", v="1"),
    )
    assert len({id(a) for a in (whole, truth, real, text)}) == 4
    assert truth == Action.of("x", v=True) and real == Action.of("x", v=1.0)
    assert catalog.act("x", v=[1, 2]) is catalog.act("x", v=(1, 2))  # a list is kept as a tuple
    assert catalog.act("x", v=[1.0, 2]) == Action.of("x", v=[1.0, 2])
    assert catalog.act("x", v=[1.0, 2]) is not catalog.act("x", v=[1, 2])
    assert catalog.one("face", "direction", 2) is catalog.act("face", direction=2)
    assert catalog.plain("end") is catalog.act("end")
