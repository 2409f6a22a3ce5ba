"""The Starting Bonus (issue 24 §2 "Setup"; homm3.md §3 step 16, §5.23, §8.30, §5.25 rules 3
and 8): each seat's choice before round 1 by difficulty, resource dice as chance steps, the
Artifact searches, Hard's hunt for a Minor artifact, and the Artifact deck reshuffled after."""

from __future__ import annotations

from collections import Counter

import pytest

from rulekeeper.core import CHANCE, Action, load_game
from rulekeeper.games.homm3.map import bonus
from rulekeeper.games.homm3.map.dice import DiceStep
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.search import SearchStep
from rulekeeper.games.homm3.map.turn import TurnStep


def new_state(difficulty: str, options: dict[str, str] | None = None, seed: int = 1) -> MapState:
    game = load_game(
        "homm3", players=2, scenario="clash-2", difficulty=difficulty, options=options or {}
    )
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, MapState)
    return state


def roll(state: MapState, *faces: str) -> None:
    for face in faces:
        assert state.current_player() == CHANCE
        state.apply_action(Action.of("roll", die="resource", face=face), CHANCE)


def artifacts(state: MapState) -> Counter[str]:
    return Counter(state.decks["artifact"] + state.discards["artifact"])


@pytest.mark.parametrize(
    ("difficulty", "count"), [("easy", 2), ("normal", 2), ("hard", 2), ("impossible", 0)]
)
def test_each_seat_chooses_by_difficulty_in_turn_order(difficulty: str, count: int) -> None:
    """homm3.md §5.23: two options on Easy, Normal and Hard; none on Impossible."""
    state = new_state(difficulty)
    step = state.flow.top()
    if not count:
        assert not isinstance(step, bonus.BonusChoiceStep)
        return
    assert isinstance(step, bonus.BonusChoiceStep) and step.seat == state.order[0]
    assert state.legal_actions(step.seat) == [Action.of("bonus", option=i) for i in range(count)]


def test_optional_rule_8_gives_no_bonus() -> None:
    """homm3.md §5.25 rule 8: no Starting Bonus."""
    state = new_state("easy", {"no-starting-bonus": "on"})
    assert state.flow.find(bonus.BonusChoiceStep) is None


def test_easy_dice_gain_both_results() -> None:
    """homm3.md §5.23 Easy: roll 2 Resource dice and gain both (faces: 3 Gold, 2 Materials)."""
    state = new_state("easy")
    seat = state.current_player()
    ledger = state.players[seat].resources
    gold, materials = ledger.get("gold"), ledger.get("materials")
    state.apply_action(Action.of("bonus", option=0), seat)
    roll(state, "3-gold", "2-materials")
    assert ledger.get("gold") == gold + 3 and ledger.get("materials") == materials + 2


def test_normal_dice_keep_one_result() -> None:
    """homm3.md §5.23 Normal: roll 2 Resource dice and gain one of your choice."""
    state = new_state("normal")
    seat = state.current_player()
    ledger = state.players[seat].resources
    gold, valuables = ledger.get("gold"), ledger.get("valuables")
    state.apply_action(Action.of("bonus", option=0), seat)
    roll(state, "6-gold", "2-valuables")
    assert isinstance(state.flow.top(), DiceStep)
    assert not state.explain(Action.of("keep", face="4-materials"), seat).legal
    state.apply_action(Action.of("keep", face="2-valuables"), seat)
    assert ledger.get("valuables") == valuables + 2 and ledger.get("gold") == gold


def test_optional_rule_3_dice_give_one_resource() -> None:
    """homm3.md §5.25 rule 3: a Resource die gives only 1 resource."""
    state = new_state("hard", {"one-resource-dice": "on"})
    seat = state.current_player()
    gold = state.players[seat].resources.get("gold")
    state.apply_action(Action.of("bonus", option=0), seat)
    roll(state, "6-gold")
    assert state.players[seat].resources.get("gold") == gold + 1


@pytest.mark.parametrize(("difficulty", "times"), [("easy", 2), ("normal", 1)])
def test_artifact_searches(difficulty: str, times: int) -> None:
    """homm3.md §5.23: Search (2) of the Artifact deck, twice on Easy; the cards go to hand."""
    state = new_state(difficulty)
    seat = state.current_player()
    hand = len(state.players[seat].hand)
    state.apply_action(Action.of("bonus", option=1), seat)
    for _ in range(times):
        step = state.flow.top()
        assert isinstance(step, SearchStep) and step.deck == "artifact" and len(step.seen) == 2
        state.apply_action(Action.of("take", card=step.seen[0]), seat)
    assert not isinstance(state.flow.top(), SearchStep) or state.flow.top().seat != seat
    gained = state.players[seat].hand[hand:]
    assert len(gained) == times and all(c in state.game.pack.artifacts for c in gained)


def test_hard_reveals_until_a_minor_artifact() -> None:
    """homm3.md §5.23 Hard: reveal Artifact cards from the top until a Minor one, take it."""
    state = new_state("hard")
    seat = state.current_player()
    grades = state.game.pack.artifacts
    top_minor = next(c for c in reversed(state.decks["artifact"]) if grades[c].grade == "minor")
    state.apply_action(Action.of("bonus", option=1), seat)
    assert state.players[seat].hand[-1] == top_minor


def test_artifact_deck_reshuffled_with_one_card_turned_up() -> None:
    """homm3.md §8.30: after the bonuses the Artifact deck is shuffled with its discard pile
    and one card turned up; no artifact is lost."""
    state = new_state("normal", seed=4)
    before = artifacts(state)
    taken: list[str] = []
    while not isinstance(state.flow.top(), TurnStep):
        step = state.flow.top()
        seat = state.current_player()
        if isinstance(step, bonus.BonusChoiceStep):
            state.apply_action(Action.of("bonus", option=1), seat)
        elif isinstance(step, SearchStep):
            taken.append(step.seen[0])
            state.apply_action(Action.of("take", card=step.seen[0]), seat)
        elif step.kind == "start-rotation":  # §3 step 21 follows the bonus
            state.apply_action(state.legal_actions(seat)[0], seat)
        else:
            break
    assert len(taken) == 2
    assert len(state.discards["artifact"]) == 1
    assert artifacts(state) + Counter(taken) == before
    assert state.round == 1
