"""What a person sees before confirming an action (issue 9 §1): a move's AP, path and the
attacks of opportunity or overwatch it brings, an attack's geometry and exact odds (those of
``state.odds``), a reroll's dice, scope and failures, a bonus's text; nothing for the rest."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_games import bot_game
from game_helpers import (
    DARK_AMBITION,
    TREACHERY,
    act,
    arena,
    attack,
    hand,
    put,
    roll,
    select,
    start,
    top,
)

from rulekeeper.core import Action
from rulekeeper.games.battleground.game import BattlegroundState
from rulekeeper.games.battleground.rules.activation import ActStep
from rulekeeper.games.battleground.rules.ap import cost_of
from rulekeeper.games.battleground.views import preview
from rulekeeper.games.battleground.views.card_text import ability_text, readable


def evil_activates(
    tmp_path: Path, character: str = "mer-man", **placed: tuple[int, int, int]
) -> BattlegroundState:
    """Player 1 activates ``character`` with Dark Ambition (3 AP); ``placed`` puts characters at
    (q, r, facing) first; player 0 has passed."""
    state = start(arena(tmp_path))
    for name, (q, r, facing) in placed.items():
        put(state, name.replace("_", "-"), q, r, facing=facing)
    hand(state, 0)
    hand(state, 1, DARK_AMBITION, TREACHERY)
    select(state, None, DARK_AMBITION)
    act(state, "activate", character=character)
    return state


def test_a_move_leaving_an_engaged_enemy_names_the_attack_of_opportunity(tmp_path: Path) -> None:
    """Rulebook, Attacks of Opportunity (battleground.md §3): a character that moves while
    engaged may be attacked by each engaged enemy before it leaves. The preview names them,
    and the rules then offer exactly those interruptions."""
    state = evil_activates(tmp_path, man_at_arms=(5, 7, 0), mer_man=(6, 7, 3), skeletor=(12, 7, 3))
    act(state, "bonus", choice="mana")
    move = Action.of("move", to=[9, 7, 0], focus=False)
    text = preview.preview(state, 1, move)
    assert text is not None
    assert "Attack of opportunity: Man-At-Arms may strike before Mer-Man leaves" in text
    turn = state.turn()
    cost = cost_of(turn, "move")
    assert f"Costs {cost} AP, {turn.ap - cost} AP left" in text
    assert "Path (" in text and "(6,7) > " in text and text.count(">") >= 1
    state.apply_action(move, 1)
    assert top(state).kind == "opportunity" and top(state).characters == ["man-at-arms"]


def test_a_move_with_no_enemy_engaged_has_no_attack_of_opportunity(tmp_path: Path) -> None:
    """Attacks of Opportunity: only enemies engaged with the mover (adjacent) may strike."""
    state = evil_activates(tmp_path, man_at_arms=(2, 7, 0), mer_man=(6, 7, 3))
    act(state, "bonus", choice="mana")
    text = preview.preview(state, 1, Action.of("move", to=[9, 7, 0], focus=False))
    assert text is not None and "opportunity" not in text
    state.apply_action(Action.of("move", to=[9, 7, 0], focus=False), 1)
    assert top(state).kind != "opportunity"


@pytest.mark.parametrize(("facing", "expected"), [(5, True), (2, False)])
def test_a_move_into_an_overwatch_names_the_watcher(
    tmp_path: Path, facing: int, expected: bool
) -> None:
    """Rulebook, Overwatch: an enemy ending its movement in sight, in the front arc and in range
    (Stratos, Flamethrower 8") triggers the interruption; facing away (NW) it does not. The
    preview says so, and the rules agree once the move is made."""
    state = evil_activates(tmp_path, stratos=(5, 4, facing), mer_man=(6, 12, 2))
    state.fighters["stratos"].overwatch = True
    act(state, "bonus", choice="mana")
    state.turn().ap = 5
    move = Action.of("move", to=[6, 8, 0], focus=False)
    text = preview.preview(state, 1, move)
    assert text is not None
    assert ("Overwatch: Stratos would interrupt at (6,8)" in text) == expected
    state.apply_action(move, 1)
    act(state, "face", direction=2)
    assert (top(state).kind == "overwatch-order") == expected


def attack_decisions(seeds: list[int]) -> list[tuple[BattlegroundState, int, Action]]:
    """Every attack a seat could declare at some decisions of seeded bot games."""
    found = []
    for seed in seeds:
        for state, seat in bot_game(seed):
            if not isinstance(state.flow.top(), ActStep):
                continue
            attacks = [a for a in state.legal_actions(seat) if a.kind == "attack"]
            found += [(state.clone(), seat, a) for a in attacks]
            if len(found) > 12:
                break
    return found


def test_the_attack_preview_gives_the_exact_odds_of_state_odds() -> None:
    """Rulebook, Attack (the result row with the most successes reached) and views/attack_odds
    .py: each row's probability and the knock-out's are those of ``state.odds``; the rows sum
    to 1, and the text shows each of them as a percentage."""
    decisions = attack_decisions([1, 2, 3])
    assert decisions
    for state, seat, action in decisions:
        shown = preview.attack_preview(state, seat, action)
        odds = state.odds(action, seat)
        assert odds is not None
        assert sum(shown.outcomes.values()) == pytest.approx(1.0, abs=1e-9)
        if action.get("weapon") != "fists":
            assert shown.outcomes == odds["outcome"]
            assert shown.knockout == odds["knockout"]
        text = preview.preview(state, seat, action)
        assert text is not None
        for p in shown.outcomes.values():
            assert f"{100 * p:.1f}%" in text
        assert f"Knock-out: {100 * shown.knockout:.1f}%" in text
        attacker = state.fighters[state.turn().character]
        target = state.fighters[str(action.get("target"))]
        distance = state.field.range_inches(attacker.position, target.position)
        assert f'Range {distance:.1f}"' in text
        sight = "yes" if state.field.has_line_of_sight(attacker.position, target.position) else "no"
        assert f"line of sight: {sight}" in text
        notes = odds["attack"]["notes"]
        for note in notes[1:-1]:  # every modifier with its rule, ids named
            assert readable(state.pack, str(note)) in text


def test_the_attack_preview_names_cover_and_flank(tmp_path: Path) -> None:
    """Scope Modifiers: a flank attack (from the target's rear arc) is +1; the preview says so
    and the attack test's scope shows it."""
    state = evil_activates(tmp_path, man_at_arms=(5, 7, 3), mer_man=(6, 7, 3))
    act(state, "bonus", choice="mana")
    text = preview.preview(state, 1, Action.of("attack", weapon="trident", target="man-at-arms"))
    assert text is not None
    assert "flank: yes (the target faces W" in text
    assert "scope +1: flank attack (Flank Attacks)" in text
    assert "Attack test: 4 dice, successes on 3+" in text


def test_the_reroll_preview_shows_the_dice_scope_and_failures(tmp_path: Path) -> None:
    """Rulebook, Tests (steps 5-7) and Scope: the dice showing, the face needed, the failed dice
    and what the choice rerolls, before the player confirms a mana reroll."""
    state = evil_activates(tmp_path, man_at_arms=(5, 7, 0), mer_man=(6, 7, 3))
    state.fighters["mer-man"].mana = 1
    act(state, "bonus", choice="mana")
    attack(state, "trident", "man-at-arms")
    roll(state, 1, 1, 4, 5)
    assert state.current_player() == 1 and top(state).kind == "reroll"
    first = preview.preview(state, 1, Action.of("reroll", item="1"))
    assert first is not None and "This choice rerolls 1, 1 mana" in first
    kept = preview.preview(state, 1, Action.of("done"))
    assert kept is not None and "keeps every die" in kept
    state.apply_action(Action.of("reroll", item="1"), 1)  # one die at a time (issue 21 §1)
    text = preview.preview(state, 1, Action.of("reroll", item="1"))
    assert text is not None
    assert "Mer-Man strength: dice showing 1 1 4 5 = 2 successes so far" in text
    assert "Successes on 4+ (scope 4" in text
    assert "Failed dice: 1 1" in text
    assert "mana rerolls (1 mana each): up to 2; 2 mana" in text
    assert "This choice rerolls 1 1, 2 mana" in text
    picked = preview.preview(state, 1, Action.of("done"))
    assert picked is not None and "This choice rerolls 1, 1 mana" in picked


def test_the_bonus_preview_shows_the_card_ability(tmp_path: Path) -> None:
    """Rulebook, Gain Bonuses: +1 mana or the card's ability, which the preview spells out."""
    state = evil_activates(tmp_path, mer_man=(6, 7, 3))
    card = state.pack.fate[DARK_AMBITION]
    text = preview.preview(state, 1, Action.of("bonus", choice="ability"))
    assert text == f"The ability of {card.name}: {ability_text(card.ability)}"
    mana = preview.preview(state, 1, Action.of("bonus", choice="mana"))
    fighter = state.fighters["mer-man"]
    assert mana == f"+1 mana: {fighter.mana} > {min(5, fighter.mana + 1)} (at most 5)"


def test_focus_shows_the_ap_left(tmp_path: Path) -> None:
    """Perform Actions: focus costs 1 AP (1 more for each repeat); the preview says how many AP
    are left, and warns when none are."""
    state = evil_activates(tmp_path, mer_man=(6, 7, 3))
    act(state, "bonus", choice="mana")
    state.turn().ap = 1
    text = preview.preview(state, 1, Action.of("focus"))
    assert text is not None
    assert "costs 1 AP, 0 AP left (no AP left for an attack or any other action)" in text


def test_nothing_to_preview(tmp_path: Path) -> None:
    """A facing, a forfeit or an action the seat may not take: None."""
    state = evil_activates(tmp_path, mer_man=(6, 7, 3))
    assert preview.preview(state, 1, Action.of("forfeit")) is None
    assert preview.preview(state, 0, Action.of("bonus", choice="mana")) is None  # not its turn
    act(state, "bonus", choice="mana")
    state.apply_action(Action.of("move", to=[9, 7, 0], focus=False), 1)
    assert top(state).kind == "face"
    assert preview.preview(state, 1, state.legal_actions(1)[0]) is None
