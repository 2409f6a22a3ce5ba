"""core/lasting.py: lasting effects end at the moment they name, only their holder's."""

from __future__ import annotations

import pytest

from rulekeeper.core.lasting import Lasting, expire, total, use
from rulekeeper.core.record import from_data, to_data


def test_effects_end_at_their_moment_for_their_holder() -> None:
    effects = [
        Lasting("attack", "griffins", 2, until="attack"),
        Lasting("defence", "griffins", 1, until="defence"),
        Lasting("attack", "zombies", 1, until="attack"),
        Lasting("initiative", "zombies", 1, until="combat"),
    ]
    assert total(effects, "attack", "griffins") == 2
    ended = expire(effects, "attack", "griffins")
    assert [(e.kind, e.holder) for e in ended] == [("attack", "griffins")]
    assert total(effects, "attack", "griffins") == 0
    assert total(effects, "attack", "zombies") == 1
    expire(effects, "defence")
    assert total(effects, "defence", "griffins") == 0
    assert [e.kind for e in expire(effects, "combat")] == ["attack", "initiative"]
    assert effects == []


def test_round_durations_count_down() -> None:
    effects = [Lasting("archery", "side-0", 1, until="round", rounds=2)]
    assert expire(effects, "round") == []
    assert effects[0].rounds == 1
    assert len(expire(effects, "round")) == 1


def test_until_used_and_bad_moments() -> None:
    effects = [Lasting("cancel-lethal", "zealots", until="used"), Lasting("attack", "zealots", 1)]
    assert len(use(effects, "cancel-lethal", "zealots")) == 1
    assert [e.kind for e in effects] == ["attack"]
    with pytest.raises(ValueError):
        Lasting("attack", "x", until="never")
    with pytest.raises(ValueError):
        expire(effects, "never")


def test_a_lasting_effect_is_a_record() -> None:
    effect = Lasting("attack", "griffins", 2, until="attack", owner=1, source="attack")
    assert from_data(Lasting, to_data(effect), "test") == effect


def test_this_round_effects_also_end_with_the_round() -> None:
    effects = [
        Lasting("attack", "griffins", 1, until="attack", this_round=True),
        Lasting("attack", "zombies", 1, until="attack"),
    ]
    assert [e.holder for e in expire(effects, "round")] == ["griffins"]
    assert [e.holder for e in effects] == ["zombies"]
