"""Solo and co-op in the terminal (issue 26 Acceptance; homm3.md §5.24): the AI heroes on the
map and under the players, the player's choice of an AI hero's next field, the AI's automatic
steps logged with their rule, a fight against an AI hero shown as the combat board, and
``rulekeeper play homm3 --mode solo`` played to its end by a bot."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.cli.params import seat_count, wanted_seats
from rulekeeper.core import CHANCE, RandomAgent, load_game
from rulekeeper.core.registry import game_info
from rulekeeper.games.homm3.map import ai_heroes
from rulekeeper.games.homm3.map.ai_movement import AiChoiceStep
from rulekeeper.games.homm3.views import map_log, map_terminal, map_text, map_words

AI_EVENTS = (*ai_heroes.AI_EVENTS, "team-defeated")


def plain(renderable: Any) -> str:
    """A renderable as the text a 100-column terminal shows."""
    console = Console(width=100, color_system=None, force_terminal=False)
    with console.capture() as captured:
        console.print(renderable)
    return captured.get()


@functools.cache
def solo_game(difficulty: str = "hard") -> Any:
    return load_game("homm3", mode="solo", difficulty=difficulty)


def random_game(seed: int, difficulty: str = "hard") -> tuple[Any, list[Any]]:
    """A whole solo game by the random agent: its end and its states where the seat chose an
    AI hero's next field (cloned before the choice). Every choice the seat makes for an AI hero
    (any ``ai-`` action) is told in words, never as the generic "kind: params"."""
    state = solo_game(difficulty).new_initial_state(seed)
    agent = RandomAgent(seed)
    choices = []
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
            continue
        if isinstance(state.flow.top(), AiChoiceStep):
            choices.append(state.clone())
        action = agent.choose(state, seat)
        if action.kind.startswith("ai-"):
            assert not state.describe(action).startswith(action.kind.replace("-", " "))
            assert map_terminal.pending_lines(state, seat), action.kind
        state.apply_action(action, seat)
    return state, choices


def test_the_ai_hero_is_drawn_on_the_map_and_listed_with_its_decks_by_count() -> None:
    """Issue 26 §1, homm3.md §5.24: the AI hero on its field (``&Warl``, the legend says ``&``),
    and a line with its faction, field, MP, units and its AI and Spell decks by count only."""
    state = solo_game().new_initial_state(3)
    (item,) = state.ai_heroes
    shown = plain(map_terminal.render(state, 0))
    assert "&Warl" in map_text.map_text(state, width=None).plain
    assert "& an AI hero" in shown
    assert "The Warlord (AI hero, Dungeon)" in shown
    (line,) = [x.plain for x in map_terminal.ai_lines(state)]
    assert f"at ({item.field})" in line and "Troglodytes (Pack)" in line
    assert f"AI deck {len(item.ai_deck)} cards, Spell deck {len(item.spells)} cards" in line
    for card in {*item.ai_deck, *item.spells}:  # the decks' cards never reach the screen
        assert map_words.card_name(state, card) not in shown


def test_the_player_chooses_the_ai_heroes_next_field_by_its_loop_step() -> None:
    """Homm3.md §5.24.2, §9.13: equally near fields are the player's choice; the screen names
    the AI hero, what its loop's step does and every field it may take, and each choice is told
    as the AI hero going there."""
    _, choices = random_game(1)
    assert choices
    state = choices[0]
    top = state.flow.top()
    shown = plain(map_terminal.render(state, top.seat))
    assert "The AI hero The Warlord" in shown and "choose its next field" in shown
    assert f"§5.24.2 step {top.step}" in shown
    for action in state.legal_actions(top.seat):
        said = state.describe(action)
        assert said.startswith("The Warlord goes to (") and str(action.get("to")) in said


def test_every_ai_step_is_logged_in_words_with_its_rule() -> None:
    """Issue 26 §1: every AI step is logged with the rule that chose it; no AI event falls to
    the generic line; a defeat of the team says the AI heroes win."""
    told: dict[str, list[str]] = {}
    for seed in (1, 4):
        state, _ = random_game(seed)
        fighting = False  # a battle's events are the combat log's (ai-card, ai-casts)
        for event in state.events.public(0):
            fighting = event.kind != "battle-ends" and (fighting or event.kind == "battle-starts")
            if not fighting and (event.kind in AI_EVENTS or event.kind.startswith("ai-")):
                line = map_log.event_line(state, event)
                assert line != map_log.generic(state, event), event.kind
                told.setdefault(event.kind, []).append(line)
        lines, _ = map_log.news(state, 0)
        assert any("The AI heroes win" in x for x in lines) == (state.ending == "defeat")
    assert {"ai-hero-moves", "ai-flags", "ai-reveals", "team-defeated"} <= set(told)
    assert all("§5.24.2 step" in line for line in told["ai-hero-moves"] + told["ai-reveals"])
    assert all("(AI)" in line for line in told["ai-hero-moves"])
    assert all("the AI heroes win" in line for line in told["team-defeated"])


def test_a_fight_against_an_ai_hero_shows_the_combat_board() -> None:
    """Homm3.md §5.24.1: during a fight against an AI hero the combat's board is shown,
    headed by the AI hero; the menu uses the combat's words, and the log says who fought."""
    state = solo_game().new_initial_state(2)
    agent = RandomAgent(2)
    seen = False
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
            continue
        ai_fight = any(step.kind == "ai-fight" for step in state.flow.steps)
        if ai_fight and map_words.in_battle(state) and not seen:
            shown = plain(map_terminal.render(state, seat))
            assert "against the AI hero The Warlord" in shown
            seen = True
        state.apply_action(agent.choose(state, seat), seat)
    assert seen
    lines, _ = map_log.news(state, 0)
    assert any("against the AI hero The Warlord" in x for x in lines)
    assert any("the fight against The Warlord at" in x for x in lines)


def test_rulekeeper_play_homm3_mode_solo_plays_to_its_end_with_a_bot(tmp_path: Path) -> None:
    """Issue 26 Acceptance: ``rulekeeper play homm3 --mode solo --difficulty hard`` with a bot
    in the seat plays to a result (a victory, or the AI heroes' win)."""
    save = tmp_path / "solo.json"
    args = ["play", "homm3", "--mode", "solo", "--difficulty", "hard", "--seed", "2"]
    done = CliRunner().invoke(app, [*args, "--players", "random", "--save", str(save)])
    assert done.exit_code == 0, done.output
    assert "The AI heroes win" in done.output or "wins (" in done.output
    assert "The Warlord" in done.output and save.exists()


def test_rulekeeper_play_takes_a_seat_count_or_a_longer_list(tmp_path: Path) -> None:
    """Issue 26 Acceptance (a co-op game for 3 with bots in every seat from ``rulekeeper
    play``): ``--players`` names who plays each seat, and for a game that takes its number of
    players a number is that count and a list longer than the default asks for that many."""
    save = tmp_path / "coop.json"
    args = ["play", "homm3", "--mode", "coop", "--players", "random,random,random"]
    done = CliRunner().invoke(app, [*args, "--seed", "3", "--save", str(save)])
    assert done.exit_code == 0, done.output
    assert json.loads(save.read_text())["params"]["players"] == 3
    info = game_info("homm3")
    assert seat_count(info, [], "3") == (["--players", "3"], None)
    assert seat_count(info, [], "human,mcts") == ([], "human,mcts")
    assert wanted_seats(info, {}, "human,mcts,mcts") == 3
    assert wanted_seats(info, {"players": 2}, "human,mcts,mcts") == 0
