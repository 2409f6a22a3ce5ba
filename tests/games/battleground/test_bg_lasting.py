"""Battleground's lasting effects on the core registry (issue 21 §1; core/lasting.py): the
durations rules/statuses.py declares (battleground.md §3: buffs, debuffs and marks until the
clean-up, focus until spent, overwatch until the next activation) and their ends."""

from __future__ import annotations

from game_helpers import events, start

from rulekeeper.games.battleground.content.effects import TRIGGERS
from rulekeeper.games.battleground.game import BattlegroundGame
from rulekeeper.games.battleground.rules.abilities import Context
from rulekeeper.games.battleground.rules.modifiers import spend_focus
from rulekeeper.games.battleground.rules.statuses import TIMING


def test_durations_battleground_md_3_issue_21_1() -> None:
    """battleground.md §3 and §4: what lasts until when, and every ability trigger (rulebook,
    Effect Timing) is a moment of the game."""
    assert BattlegroundGame.timing is TIMING
    assert TIMING.duration("status").name == "clean-up"
    assert TIMING.duration("mark").name == "clean-up"
    assert TIMING.duration("focus").name == "test"
    assert TIMING.duration("overwatch").name == "next-activation"
    assert TIMING.duration("turn-abilities").name == "turn-end"
    assert set(TRIGGERS) <= set(TIMING.names)


def test_clean_up_ends_buffs_debuffs_and_marks_battleground_md_3() -> None:
    """battleground.md §3 (clean-up removes buffs, debuffs and marks): the clean-up's ends,
    character by character (buff then debuff), with what a removal does (Buffs and Debuffs:
    regeneration heals, curse wounds)."""
    state = start()
    first, second = sorted(state.on_board(), key=lambda f: f.id)[:2]
    first.buff, first.wounds = "regeneration", 2
    second.buff, second.debuff = "quickness", "curse"
    state.marks = [{"mark": "test"}]
    since = len(state.events)
    TIMING.end("clean-up", state)
    assert (first.buff, second.buff, second.debuff, state.marks) == ("", "", "", [])
    assert (first.wounds, second.wounds) == (1, 1)
    removed = [
        (e.kind, e.data["character"])
        for e in state.events.since(since)
        if e.kind.endswith("removed")
    ]
    assert removed == [
        ("buff removed", first.id),
        ("buff removed", second.id),
        ("debuff removed", second.id),
    ]


def test_overwatch_goes_at_the_next_activation_and_focus_at_the_next_test_battleground_md_3() -> (
    None
):
    """battleground.md §3: an overwatch token stays until its holder starts an activation; a
    focus token is spent on its holder's next test (+1 scope, once)."""
    state = start()
    fighter = state.on_board()[0]
    fighter.overwatch = fighter.focused = True
    TIMING.end("next-activation", state, fighter)
    TIMING.end("next-activation", state, fighter)
    assert not fighter.overwatch
    assert events(state, "overwatch ends") == [{"character": fighter.id}]
    assert [m.amount for m in spend_focus(fighter)] == [1]
    assert not fighter.focused and spend_focus(fighter) == []


ASKED = {
    "on_attack": ["he-man-heroic-strength", "status", "mark"],
    "on_defence": ["shield-of-eternia-guard", "status", "mark"],
    "after_attack": [],
    "on_knock_out": ["status", "mark"],
    "upon_activation": ["status", "mark"],
    "end_of_activation": ["status", "mark"],
    "upon_interruption": ["status", "mark"],
    "end_of_interruption": ["status", "mark"],
}
"""What fires at each trigger point for He-Man with a Shield of Eternia, a status and a mark
with an ongoing rule at that point (rulebook, Effect Timing; Extra Effects: after an attack,
only the character's own skills and weapon): its skills, then its statuses, then the marks."""


def test_each_trigger_finds_skills_statuses_and_marks_effect_timing() -> None:
    """Rulebook, Effect Timing, Buffs and Debuffs and Marks: at each trigger point the abilities
    that fire come from the character's skills (its items' too), its statuses' ongoing rules
    and the marks affecting it, in that order."""
    state = start()
    he_man = state.fighters["he-man"]
    he_man.items = ["shield-of-eternia"]
    for trigger, wanted in ASKED.items():
        rule = {"when": trigger, "effects": [{"kind": "scope", "amount": 1}]}
        state.statuses[he_man.id] = [{"slot": "buff", "name": "test", "ongoing": rule}]
        mark = {"mark": "test", "owner": 0, "at": he_man.position.to_json(), "radius": 1}
        state.marks = [{**mark, "affects": "allies", "when": trigger, "effects": rule["effects"]}]
        found = TIMING.fired(trigger, Context(state, he_man))
        own = ("status:", "mark:")
        kinds = [key.split(":")[0 if key.startswith(own) else -1] for key, _ in found]
        assert kinds == wanted, trigger
