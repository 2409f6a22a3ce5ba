"""The game's news in words (issue 9 §1): names not ids, one line per attack with both tests'
dice, scope and causes and the result, who won the initiative, knock-outs, claims, missions
and VP; an attack waiting for a reroll is told once it is resolved; unknown events get a
generic line."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_games import decisions, finished_game, new_game
from game_helpers import DARK_AMBITION, act, arena, attack, hand, put, roll, select, start

from rulekeeper.games.battleground.game import BattlegroundState
from rulekeeper.games.battleground.views import log
from rulekeeper.games.battleground.views.card_text import effect_text, readable


def told_step_by_step(seed: int) -> tuple[BattlegroundState, list[str]]:
    """A bot game, its news asked after every decision (as a client does)."""
    state = new_game(seed)
    lines: list[str] = []
    seen = 0
    for _seat in decisions(state, seed):
        news, seen = log.news(state, seen)
        lines += news
    news, seen = log.news(state, seen)
    assert seen == state.events.last_seq
    return state, lines + news


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_news_step_by_step_tells_the_whole_game_once(seed: int) -> None:
    """Asked after every decision, the news add up to the news of the whole game: nothing is
    told twice or lost (an attack held back is told once, when resolved)."""
    state, lines = told_step_by_step(seed)
    whole, last = log.news(state, 0)
    assert lines == whole
    assert last == state.events.last_seq
    assert log.news(state, last) == ([], last)


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_lines_name_characters_and_tell_each_attack(seed: int) -> None:
    """Character names, never ids; one line per attack (per target) with its dice, the scope
    and every cause the rules noted (Scope Modifiers: cover, flank, focus, engaged...), the net
    successes and the result row (rulebook, Attack: the row with the most successes reached)."""
    state = finished_game(seed)
    lines, _ = log.news(state, 0)
    events = state.events.public(0)
    for line in lines:
        for fighter_id in state.fighters:
            assert fighter_id not in line, line
    attack_lines = [line for line in lines if " attacks " in line and "; net " in line]
    results = [e for e in events if e.kind == "attack result"]
    assert results and len(attack_lines) == len(results)
    tests = [e for e in events if e.kind == "test"]
    flat = "\n".join(attack_lines)
    for test in tests:
        for cause in test.data["notes"][1:-1]:  # ids named, as everywhere
            assert readable(state.pack, cause) in flat
    for line, result in zip(attack_lines, results, strict=True):
        assert line.count(": rolled ") == 2  # the attack test and the defence test
        target = state.card(str(result.data["target"])).name
        assert f" attacks {target} " in line
        row = result.data["row"]
        if row is None:
            assert line.endswith("no effect")
        else:
            assert f"{row}+ row" in line


@pytest.mark.parametrize("seed", [1, 2])
def test_initiative_knock_outs_claims_missions_and_the_end(seed: int) -> None:
    """Select Cards (the higher initiative activates first, ties to the first player), Health
    and Wounds (knock-out VP), Claim Objective Tokens (20 VP), Side Missions (the card's VP)
    and Victory each get their line."""
    state = finished_game(seed)
    lines, _ = log.news(state, 0)
    events = state.events.public(0)
    runs: list[int] = []  # the reveals of each selection: two, or one when the other passed
    for previous, event in zip([None, *events], events, strict=False):
        if event.kind == "reveal":
            if previous is not None and previous.kind == "reveal":
                runs[-1] += 1
            else:
                runs.append(1)
    assert sum("wins the initiative" in line for line in lines) == runs.count(2)
    assert sum("has the initiative" in line for line in lines) == runs.count(1)
    for event in events:
        data = event.data
        if event.kind == "knocked out":
            name = state.card(str(data["character"])).name
            wanted = f"{name} is knocked out: +{data['vp']} VP to player {data['to']}"
            assert wanted in lines
        elif event.kind == "claim":
            name = state.card(str(data["by"])).name
            assert any(f"claims {data['objective']} with {name}" in line for line in lines)
        elif event.kind == "side mission":
            card = state.pack.glory[str(data["card"])]
            assert any(f"side mission {card.name} (+{card.vp} VP)" in line for line in lines)
    assert lines[-1].startswith("Game over")
    assert f"VP {state.sides[0].vp} to {state.sides[1].vp}" in lines[-1]


def test_a_tie_on_initiative_names_the_first_player() -> None:
    """Select Cards: on equal initiative the first player activates first."""
    for seed in range(1, 8):
        state = finished_game(seed)
        lines, _ = log.news(state, 0)
        ties = [line for line in lines if "a tie" in line]
        if ties:
            assert all(f"Player {state.first_player} wins" in line for line in ties)
            return
    pytest.skip("no tie on initiative in these games")


def reroll_waiting(tmp_path: Path) -> BattlegroundState:
    """Mer-Man (3 mana) attacks Man-At-Arms with the Trident and rolls 1 1 4 5: his player is
    asked which dice to reroll with mana (rulebook, Tests: mana rerolls)."""
    state = start(arena(tmp_path))
    put(state, "man-at-arms", 5, 7, facing=0)
    put(state, "mer-man", 6, 7, facing=3, mana=3)
    put(state, "skeletor", 12, 7, facing=3)
    hand(state, 1, DARK_AMBITION)
    select(state, None, DARK_AMBITION)
    act(state, "activate", character="mer-man")
    act(state, "bonus", choice="mana")
    attack(state, "trident", "man-at-arms")
    roll(state, 1, 1, 4, 5)
    assert state.current_player() == 1 and state.flow.top().kind == "reroll"
    return state


def test_an_attack_waiting_for_a_reroll_is_told_when_resolved(tmp_path: Path) -> None:
    """Tests, steps 6-7: while its owner chooses rerolls the attack is not told yet, and the
    sequence returned is before its declaration; once resolved, one line tells it all."""
    state = reroll_waiting(tmp_path)
    declared = next(e.seq for e in state.events.public(0) if e.kind == "attack")
    lines, seen = log.news(state, 0)
    assert seen == declared - 1
    assert not any(" attacks " in line for line in lines)
    act(state, "reroll", faces=[1, 1])
    roll(state, 2, 3)  # the rerolled dice
    roll(state, 1, 2, 3, 4)  # Man-At-Arms's toughness test
    while state.flow.top().kind == "reroll":
        act(state, "reroll", faces=[])
    more, seen = log.news(state, seen)
    attacks = [line for line in more if " attacks " in line]
    assert len(attacks) == 1
    line = attacks[0]
    assert "Mer-Man attacks Man-At-Arms with Trident (melee)" in line
    assert "rolled 2 3 4 5 (2 mana spent on rerolls) = 2 successes" in line
    assert "Man-At-Arms toughness 4 dice, successes on 4+: rolled 1 2 3 4 = 1 success" in line
    net = max(0, 2 - 1)
    row = state.pack.weapons["trident"].result_for(net)
    assert row is not None
    assert f"net 1 success: {row.successes}+ row, {effect_text(row.effects[0])}" in line


def test_unknown_events_get_a_generic_line(tmp_path: Path) -> None:
    """An event kind the log does not know is told as its kind and data, ids named."""
    state = start(arena(tmp_path))
    since = state.events.last_seq
    state.events.append("strange omen", {"character": "he-man", "strength": 3})
    state.events.append("quiet thing", {})
    lines, seen = log.news(state, since)
    assert lines == ["Strange omen: character=He-Man, strength=3", "Quiet thing"]
    assert seen == state.events.last_seq
