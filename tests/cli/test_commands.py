"""What a person types (cli/commands.py, issue 9 §1): numbers, words of a choice, the engine's
form, commands; anything else gets a clear answer, never a crash."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.cli import commands
from rulekeeper.core import Action, load_game

DUEL = (
    "format: homm3-battle\nversion: 1\nsite: {kind: field}\n"
    "attacker: {kind: hero, hero: {name: Catherine}, units: [{card: griffins, side: pack, "
    "field: b2}]}\n"
    "defender: {kind: hero, hero: {name: Sandro}, units: [{card: dread-knights, field: b3}, "
    "{card: skeletons, field: d5}]}\n"
    "pending: [{kind: battle, stage: fight}]\n"
)


def _state(tmp_path: Path):  # type: ignore[no-untyped-def]
    path = tmp_path / "duel.yaml"
    path.write_text(DUEL, encoding="utf-8")
    return load_game("homm3-combat", battle=path).new_initial_state(seed=1)


def test_numbers_words_and_the_engine_form(tmp_path: Path) -> None:
    state = _state(tmp_path)
    legal = state.legal_actions(0)
    assert commands.interpret(state, 0, "0").action == legal[0]
    assert commands.interpret(state, 0, "attack dread").action == Action.of(
        "attack", target="dread-knights"
    )
    assert commands.interpret(state, 0, "attack target=dread-knights").action is not None
    many = commands.interpret(state, 0, "move")
    assert many.action is None and "choices match 'move'" in many.message
    assert "not one of the numbers" in commands.interpret(state, 0, "999").message


def test_commands_and_confirmation(tmp_path: Path) -> None:
    state = _state(tmp_path)
    assert commands.interpret(state, 0, "u").command == "undo"
    assert commands.interpret(state, 0, "quit").confirm
    assert "undo" in commands.interpret(state, 0, "help").message
    odds = commands.interpret(state, 0, "odds attack dread")
    assert odds.command == "odds"
    text = commands.odds_text(state, 0, Action.parse(odds.argument))
    assert "damage" in text and "0.333" in text
    why = commands.interpret(state, 0, "why attack target=skeletons")
    said = commands.explain(state, 0, Action.parse(why.argument))
    assert "not allowed" in said and "rule" in said
    refused = commands.interpret(state, 0, "attack target=skeletons")
    assert refused.action is None and "not allowed" in refused.message


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_any_text_gets_an_answer(line: str) -> None:
    """Non-ASCII, control characters, stray symbols: an answer, never an exception."""
    state = load_game("homm3-combat").new_initial_state(seed=1)
    seat = state.current_player()
    answer = commands.interpret(state, seat, line)
    assert answer.action is not None or answer.command or answer.message
