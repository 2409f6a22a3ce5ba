"""core/lasting.py (issue 21 §1, lasting effects and triggers): a registry of moments that each
game declares and extends, effects ending at their moment (only their holder's, or their
owner's: "until the end of your next turn"), the durations of effects a game keeps itself,
triggers, and the Lasting record's saved shape."""

from __future__ import annotations

import pytest
from toy_lasting import TOY_TIMING, SkirmishGame, SkirmishState, holder_of

from rulekeeper.core import Action
from rulekeeper.core.lasting import Lasting, Moment, Timing, owners_next, total, use
from rulekeeper.core.record import from_data, to_data

CARD_TIMING = Timing(
    (
        Moment("attack", "after the holder's next attack"),
        Moment("defence", "after the holder's next defence"),
        Moment("activation", whose="all"),
        Moment("round", whose="all", counts=True, ends_this_round=True),
        Moment("combat", whose="all", ends_all=True),
        Moment("used"),
    )
)
"""A card combat's moments (those HoMM3's combat declares: docs/architecture.md)."""

ETERNIA_TRIGGERS = (
    "epic-combat-start",
    "card-played",
    "step-4-activation",
    "totals",
    "damage",
    "combat-end",
    "movement",
    "preparation",
    "turn-end",
    "defeat",
    "reward",
)
"""fields_of_eternia.md §5.21: the trigger points its card effects need."""


def test_effects_end_at_their_moment_for_their_holder_issue_21_1() -> None:
    """issue 21 §1: a game's moments end its effects, only the holder's when given."""
    effects = [
        Lasting("attack", "griffins", 2, until="attack"),
        Lasting("defence", "griffins", 1, until="defence"),
        Lasting("attack", "zombies", 1, until="attack"),
        Lasting("initiative", "zombies", 1, until="combat"),
    ]
    assert total(effects, "attack", "griffins") == 2
    ended = CARD_TIMING.expire(effects, "attack", "griffins")
    assert [(e.kind, e.holder) for e in ended] == [("attack", "griffins")]
    assert total(effects, "attack", "griffins") == 0
    assert total(effects, "attack", "zombies") == 1
    CARD_TIMING.expire(effects, "defence")
    assert total(effects, "defence", "griffins") == 0
    assert [e.kind for e in CARD_TIMING.expire(effects, "combat")] == ["attack", "initiative"]
    assert effects == []


def test_counted_moments_count_down_issue_21_1() -> None:
    """issue 21 §1: "for two rounds" lasts two ends of the counted ``round`` moment; an
    uncounted moment ends its effects at the first, whatever ``rounds`` says."""
    effects = [
        Lasting("archery", "side-0", 1, until="round", rounds=2),
        Lasting("attack", "griffins", 1, until="attack", rounds=3),
    ]
    assert CARD_TIMING.expire(effects, "round") == []
    assert effects[0].rounds == effects[0].count == 1
    assert len(CARD_TIMING.expire(effects, "round")) == 1
    assert [e.kind for e in CARD_TIMING.expire(effects, "attack", "griffins")] == ["attack"]


def test_this_round_effects_also_end_with_the_round_issue_21_1() -> None:
    """issue 21 §1 (homm3.md §5.18.7): "its next attack this round" ends with the round too."""
    effects = [
        Lasting("attack", "griffins", 1, until="attack", this_round=True),
        Lasting("attack", "zombies", 1, until="attack"),
    ]
    assert [e.holder for e in CARD_TIMING.expire(effects, "round")] == ["griffins"]
    assert [e.holder for e in effects] == ["zombies"]


def test_until_used_and_unknown_moments_issue_21_1() -> None:
    """issue 21 §1: effects "until used" are spent by use(); a moment the game did not declare
    is refused, in expire and in a loaded effect (Timing.problem)."""
    effects = [Lasting("cancel-lethal", "zealots", until="used"), Lasting("attack", "zealots", 1)]
    assert len(use(effects, "cancel-lethal", "zealots")) == 1
    assert [e.kind for e in effects] == ["attack"]
    with pytest.raises(ValueError, match="unknown moment 'never'"):
        CARD_TIMING.expire(effects, "never")
    assert CARD_TIMING.problem(Lasting("attack", "x", until="combat")) is None
    problem = CARD_TIMING.problem(Lasting("attack", "x", until="never"))
    assert problem is not None and "never" in problem and "attack" in problem
    with pytest.raises(ValueError, match="until"):
        Lasting("attack", "x", until="Not A Moment")


def test_a_game_declares_and_extends_its_moments_issue_21_1() -> None:
    """issue 21 §1: a game extends a timing with its own moments (a host game adds its turns
    to its combat's); the registry is immutable, and a name is declared once."""
    host = CARD_TIMING.extend(Moment("turn-end", whose="owner", counts=True))
    assert host.names[-1] == "turn-end" and "turn-end" not in CARD_TIMING.names
    assert host.moment("round").counts
    with pytest.raises(ValueError, match="twice"):
        host.extend(Moment("round"))
    with pytest.raises(ValueError):
        Moment("Turn End")
    with pytest.raises(ValueError, match="unknown moment"):
        CARD_TIMING.moment("turn-end")


def test_fields_of_eternia_trigger_points_as_moments_fields_of_eternia_5_21() -> None:
    """fields_of_eternia.md §5.21: its eleven trigger points are a game's moments, with
    triggers registered at them and effects lasting until them."""
    timing = Timing(tuple(Moment(name, whose="all") for name in ETERNIA_TRIGGERS))
    timing = timing.on("totals", lambda at, state, hero: [f"{hero}: sword +1"])
    timing = timing.on("totals", lambda at, state, hero: [f"{hero}: shield +1 at {at}"])
    assert timing.names == ETERNIA_TRIGGERS
    assert timing.fired("totals", None, "teela") == [
        "teela: sword +1",
        "teela: shield +1 at totals",
    ]
    assert timing.fired("damage", None, "teela") == []
    effects = [Lasting("body", "teela", 2, until="combat-end")]
    assert timing.expire(effects, "totals") == []
    assert len(timing.expire(effects, "combat-end")) == 1


def test_owner_relative_durations_until_the_end_of_your_next_turn_issue_21_1() -> None:
    """issue 21 §1: an effect until its owner's Nth next ``turn-end``: only the owner's turns
    count, whoever holds it. Given in the owner's own turn it lasts through the next one."""
    timing = Timing((Moment("turn-end", whose="owner", counts=True),))
    mine = Lasting("might", "seat-0", 1, until="turn-end", owner=0, rounds=owners_next(True))
    theirs = Lasting("poison", "seat-0", 1, until="turn-end", owner=1, rounds=owners_next(False))
    effects = [mine, theirs]
    assert timing.expire(effects, "turn-end", 0) == []  # seat 0's own turn: mine counts 1
    assert mine.rounds == 1 and theirs.rounds == 1
    assert timing.expire(effects, "turn-end", 1) == [theirs]  # seat 1's next turn ends
    assert timing.expire(effects, "turn-end", 0) == [mine]  # seat 0's next turn ends
    assert effects == []


def test_game_kept_durations_and_their_ends_issue_21_1() -> None:
    """issue 21 §1: a game keeping an effect in its own shape (a token, a status) declares how
    long it lasts and what ends it; Timing.end runs the ends of one moment in order."""
    log: list[str] = []
    timing = (
        Timing((Moment("clean-up", whose="all"), Moment("test")))
        .lasts("status", "clean-up", lambda state: log.append(f"statuses {state}"))
        .lasts("focus", "test")
        .lasts("mark", "clean-up", lambda state: log.append(f"marks {state}"))
    )
    assert timing.duration("focus").name == "test"
    timing.end("clean-up", "round 1")
    timing.end("test", "round 1")
    assert log == ["statuses round 1", "marks round 1"]
    with pytest.raises(ValueError, match="twice"):
        timing.lasts("mark", "test")
    with pytest.raises(ValueError, match="unknown moment"):
        timing.lasts("glory", "round")
    with pytest.raises(ValueError, match="no duration"):
        timing.duration("glory")


def test_triggers_are_asked_in_registration_order_issue_21_1() -> None:
    """issue 21 §1: a game registers finders at a trigger point; the core asks each in turn."""
    timing = Timing((Moment("upon-activation"), Moment("on-attack")))
    timing = timing.on("upon-activation", lambda at, who: [f"{who}: skill"], lambda at, who: [])
    timing = timing.on("upon-activation", lambda at, who: [f"{who}: status"])
    assert timing.fired("upon-activation", "hero") == ["hero: skill", "hero: status"]
    assert timing.fired("on-attack", "hero") == []
    with pytest.raises(ValueError, match="unknown moment"):
        timing.on("nowhere", lambda at, who: [])


def test_a_lasting_effect_is_a_record_with_its_old_shape_issue_21_1() -> None:
    """issue 21 §1: the record round-trips, and a save written before the registry loads with
    its fields' meaning (``rounds`` counts a counted moment's occurrences)."""
    effect = Lasting("attack", "griffins", 2, until="attack", owner=1, source="attack")
    assert from_data(Lasting, to_data(effect), "test") == effect
    assert set(to_data(effect)) == {
        "kind", "holder", "amount", "until", "rounds", "owner", "source", "this_round"
    }  # fmt: skip
    old = {"kind": "archery", "holder": "side-0", "amount": 1, "until": "round", "rounds": 2}
    loaded = from_data(Lasting, old, "old save")
    assert CARD_TIMING.expire([loaded], "round") == [] and loaded.rounds == 1


# --------------------------------------------------------------------------- the toy skirmish


def play(state: SkirmishState, *kinds: str) -> None:
    for kind in kinds:
        state.apply_action(Action.of(kind))


def test_toy_rally_lasts_until_the_end_of_your_next_turn_issue_21_1() -> None:
    """issue 21 §1 toy use: seat 0's rally (+1 might) holds for its next turn's strike and is
    gone after that turn ends, whatever seat 1 does in between."""
    state = SkirmishGame().new_initial_state()
    assert state.game.timing is TOY_TIMING
    play(state, "rally", "strike")  # turn 0: seat 0 rallies; turn 1: seat 1 strikes
    assert total(state.effects, "might", holder_of(0)) == 1
    play(state, "strike")  # turn 2: seat 0's next turn, +1
    assert state.health == [5, 4]
    assert state.effects == []  # its end was the owner's next turn's end
    play(state, "strike", "strike")  # turn 4: no might any more
    assert state.health == [4, 3]


def test_toy_curse_fires_at_the_holders_turn_start_until_the_owners_next_turn_issue_21_1() -> None:
    """issue 21 §1 toy use: a poison (a trigger at ``turn-start``) held by seat 1 but owned by
    seat 0 lasts until the end of seat 0's next turn: it fires at seat 1's one turn start."""
    state = SkirmishGame().new_initial_state()
    play(state, "curse", "rally", "strike", "rally")
    assert state.health == [6, 6 - 1 - 1]  # poisoned once, then one strike
    poisoned = [e.data for e in state.events_for(0) if e.kind == "poisoned"]
    assert poisoned == [{"seat": 1, "by": 0}]


def test_toy_effects_survive_a_save_issue_21_1() -> None:
    """issue 21 §1: the effects in force are saved with the game; a loaded game goes on alike."""
    state = SkirmishGame(turns=6).new_initial_state()
    play(state, "rally", "curse")
    loaded = state.game.deserialize_state(state.serialize())
    assert isinstance(loaded, SkirmishState)
    assert loaded.effects == state.effects
    for each in (state, loaded):
        play(each, "strike", "strike", "strike", "strike")
        assert each.is_terminal() and each.effects == []  # the game's end ends every effect
    assert loaded.health == state.health == [6 - 1 - 1 - 1, 6 - 2 - 1]
