"""What a newcomer hit in the terminal (issue 23 §2): rerolls by die faces with their odds
(§2.3), ``help KEYWORD`` from the game's glossary (§2.4), ``why`` and ``odds`` as typed and by
number with no tautology (§2.5), a compact screen with a "since your last decision" box, hexes by
the map's labels and exact choice text (§2.6), the hotseat hand-over clearing the scrollback
(§2.7)."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path
from typing import Any

import pytest
import typer
from rich.console import Console

from rulekeeper.cli import commands
from rulekeeper.cli.play import CLEAR_ALL, Client
from rulekeeper.cli.prompt import LineReader
from rulekeeper.cli.screens import screen_for
from rulekeeper.core import Action, GameState, load_game
from rulekeeper.core.agents import make_agent
from rulekeeper.core.hexes import axial_to_offset
from rulekeeper.core.registry import game_info
from rulekeeper.core.session import Session
from rulekeeper.games.battleground.rules.dicetest import RerollStep
from rulekeeper.games.battleground.views.terminal import status_line
from rulekeeper.games.homm3.game import shipped_battle

NEXT_TO_SKELETOR: dict[str, Any] = {
    "format": "battleground-position",
    "version": 1,
    "rounds": 1,
    "characters": [
        {"id": "he-man", "at": [6, 10], "facing": "E"},
        {"id": "man-at-arms", "at": [2, 4]},
        {"id": "skeletor", "at": [7, 11], "facing": "W"},
        {"id": "trap-jaw", "at": [10, 16]},
    ],
    "players": [
        {"hand": ["masters-battle-cry"], "glory": []},
        {"hand": ["evil-treachery"], "glory": []},
    ],
    "turns": [{"character": "he-man", "ap": 3}],
    "procedure": ["round", {"kind": "act", "player": 0}],
}
"""He-Man next to Skeletor (seed 3): moving to (7,10), facing SE and attacking with the sword
rolls 6, 1, 3, 2, 2 with one free reroll (tests/browser/test_browser_battleground.py)."""


class Scripted(LineReader):
    """A person who types the given lines (then quits)."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(interactive=False)
        self.lines = lines
        self.asked: list[str] = []

    def read(self, prompt: str, choices: object = ()) -> str:
        self.asked.append(prompt)
        return self.lines.pop(0)


def next_to_skeletor(tmp_path: Path) -> GameState:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(NEXT_TO_SKELETOR), encoding="utf-8")
    return load_game("battleground", position=str(path)).new_initial_state(seed=3)


def play(state: GameState, seat: int, *lines: str) -> None:
    """Take the choice each line names (chance resolved on the way)."""
    for line in lines:
        answer = commands.interpret(state, seat, line)
        assert answer.action is not None, answer.message
        for action in [answer.action, *answer.then]:
            state.apply_action(action, seat)
            while state.is_chance_node():
                state.resolve_chance()


def at_reroll(tmp_path: Path) -> GameState:
    state = next_to_skeletor(tmp_path)
    play(state, 0, "move 7,10", "face se", "attack skeletor")
    assert isinstance(state.flow.top(), RerollStep)  # type: ignore[attr-defined]
    return state


# === §2.3 rerolls by die faces =================================================================


def test_reroll_by_faces_picks_each_die_then_done(tmp_path: Path) -> None:
    """issue 23 §2.3: 'reroll 1' names the die by its face: the pick, and the choice ends (one
    free reroll); more faces than allowed are refused with the limit, a face not showing too."""
    state = at_reroll(tmp_path)
    answer = commands.interpret(state, 0, "reroll 1")
    assert answer.picks and answer.action == Action.of("reroll", item="1")
    assert "at most 1" in commands.interpret(state, 0, "reroll 1 2").message
    assert "cannot reroll '5'" in commands.interpret(state, 0, "reroll 5").message
    play(state, 0, "reroll 1")
    assert not isinstance(state.flow.top(), RerollStep)  # type: ignore[attr-defined]
    rerolls = [e for e in state.events.public(0) if e.kind == "reroll"]
    assert [e.data["faces"] for e in rerolls] == [[1]]


def test_reroll_in_the_terminal_shows_the_odds_before_confirming(tmp_path: Path) -> None:
    """issue 23 §2.3: the client shows what 'reroll 1' comes to, with the new odds, and asks
    before taking it; 'n' takes nothing, then 'reroll 1' and yes take the pick."""
    state = at_reroll(tmp_path)
    session = Session(state)
    console = Console(record=True, width=100)
    reader = Scripted(["reroll 1", "n", "reroll 1", "y"])
    client = Client(console, session, {}, {0}, screen_for("battleground"), reader)
    taken = client.decide(0)
    said = console.export_text()
    assert taken == [Action.of("reroll", item="1")]
    assert reader.asked.count("Go ahead? [Y/n] ") == 2
    assert "This choice rerolls 1" in said
    assert "%" in said.split("This choice rerolls 1", 1)[1]  # the odds of that reroll


# === §2.4 help KEYWORD =========================================================================


def test_help_keyword_prints_the_glossary_definition() -> None:
    """issue 23 §2.4: 'help flank' is the glossary's definition; an unknown word says so and
    lists close matches."""
    entries = game_info("battleground").glossary_entries()
    state = load_game("battleground").new_initial_state(seed=3)
    answer = commands.interpret(state, 0, "help Flanked")
    assert answer.command == "help" and answer.argument == "flanked"
    flank = next(e for e in entries if e.term == "flank")
    assert commands.define(entries, "Flanked").startswith("flank") and flank.text in (
        commands.define(entries, "flanked")
    )
    unknown = commands.define(entries, "flnk")
    assert "not in the glossary" in unknown and "flank" in unknown
    homm3 = game_info("homm3-combat").glossary_entries()
    assert "strikes back" in commands.define(homm3, "retaliation")


def test_help_keyword_at_the_prompt(tmp_path: Path) -> None:
    """issue 23 §2.4: at the prompt, 'help knockdown' prints the definition."""
    state = next_to_skeletor(tmp_path)
    console = Console(record=True, width=100)
    reader = Scripted(["help knockdown", "focus"])
    client = Client(console, Session(state), {}, {0}, screen_for("battleground"), reader)
    client.decide(0)
    assert "knockdown (also: knocked down" in console.export_text()


# === §2.5 why and odds =========================================================================


def activation_state() -> tuple[GameState, int]:
    state = load_game("battleground").new_initial_state(seed=3)
    while True:
        if state.is_chance_node():
            state.resolve_chance()
            continue
        seat = next(p for p in (0, 1) if state.legal_actions(p))
        legal = state.legal_actions(seat)
        if any(a.kind == "activate" for a in legal):
            return state, seat
        state.apply_action(legal[0], seat)


def test_why_and_odds_by_number_and_by_the_menu_words() -> None:
    """issue 23 §2.5: 'why 2' and 'odds 0' name choices by number; 'why activate stratos' as
    the menu says it; a legal action's answer is no tautology ('is legal', 'core: legal')."""
    state, seat = activation_state()
    legal = state.legal_actions(seat)
    stratos = next(i for i, a in enumerate(legal) if a.get("character") == "stratos")
    by_number = commands.interpret(state, seat, f"why {stratos}")
    assert by_number.command == "why" and Action.parse(by_number.argument) == legal[stratos]
    assert commands.interpret(state, seat, "odds 0").argument == str(legal[0])
    assert "not one of the numbers" in commands.interpret(state, seat, "why 99").message
    typed = commands.interpret(state, seat, "why activate stratos")
    assert Action.parse(typed.argument) == legal[stratos]
    ready, _ = activation_state()
    play(ready, seat, "activate stratos", "bonus mana")
    focus = commands.interpret(ready, seat, "why focus")  # 'move ... focus=false' holds it too
    assert Action.parse(focus.argument) == Action.of("focus"), focus.message
    said = commands.explain(state, seat, legal[stratos], "(the preview)")
    assert said.startswith("activate Stratos: allowed now\n") and "(rule: " in said
    assert "is legal" not in said and "core: legal" not in said
    toy = load_game("homm3-combat", battle=shipped_battle("neutral-fight.yaml").as_posix())
    duel = toy.new_initial_state(seed=1)  # a game's words, or the preview when it has none
    place = duel.legal_actions(0)[0]
    told = commands.explain(duel, 0, place, "(the preview)")
    assert "is legal" not in told and told.startswith(f"{duel.describe(place)}: allowed now")


def test_why_names_an_action_offered_before_that_is_not_legal_now() -> None:
    """issue 23 §2.5: 'why activate stratos' after Stratos was activated says why not (the
    words of an earlier menu), not 'no choice matches'."""
    state, seat = activation_state()
    known = {state.describe(a).casefold(): a for a in state.legal_actions(seat)}
    play(state, seat, "activate stratos")
    answer = commands.interpret(state, seat, "why activate stratos", known)
    assert answer.command == "why", answer.message
    said = commands.explain(state, seat, Action.parse(answer.argument))
    assert "not allowed" in said


# === §2.6 a compact terminal ===================================================================


def test_each_decision_fits_one_terminal_height_with_the_news_beside_the_prompt() -> None:
    """issue 23 §2.6: a decision's screen, news box and choices take at most 60 lines (about
    100 before); the legend, the forces table and the card text are behind commands; the bot's
    moves are in the "since your last decision" box just above the choices."""
    session = Session(load_game("battleground").new_initial_state(seed=3))
    reader = Scripted(["0"] + ["1"] * 8)
    console = Console(record=True, width=100)
    client = Client(
        console, session, {1: make_agent("random", 1)}, {0}, screen_for("battleground"), reader
    )
    for _ in range(6):
        state = session.state
        if state.is_chance_node():
            session.apply(state.clone().resolve_chance())
            continue
        seat = next(p for p in (0, 1) if state.legal_actions(p))
        if seat == 1:
            client.take(client.agents[1].choose(state, 1), 1)
            continue
        console.export_text()  # forget what came before
        for action in client.decide(0) or []:
            client.take(action, 0)
        decision = console.export_text()
        assert len(decision.splitlines()) <= 60, decision
        assert "Legend:" not in decision and "Forces" not in decision
        assert "Bonus: " not in decision  # the cards' text: 'cards'
    assert "Since your last decision" in decision
    box = decision.split("Since your last decision", 1)[1].split("Player 0, choose", 1)[0]
    assert "player 1:" in box or "Player 1" in box  # the other side's news


def test_legend_forces_cards_and_card_commands() -> None:
    """issue 23 §2.6: the folded parts are one command away."""
    state, seat = activation_state()
    command = screen_for("battleground").command
    assert command is not None
    assert "Legend:" in (command(state, seat, "legend") or "")
    assert "Forces" in (command(state, seat, "forces") or "")
    assert "Bonus:" in (command(state, seat, "cards") or "")
    stratos = command(state, seat, "card stratos") or ""
    assert "Stratos" in stratos and "Flamethrower" in stratos and "Dive Attack" in stratos
    assert "did you mean" in (command(state, seat, "card stratoz") or "")
    assert command(state, seat, "move to (1,2)") is None


def test_a_hex_by_the_row_and_column_labels_of_the_map(tmp_path: Path) -> None:
    """issue 23 §2.6: 'move r10c14' is the hex in row 10, column 14 as the map labels them."""
    state = next_to_skeletor(tmp_path)
    words = screen_for("battleground").words
    assert words is not None
    column, row = axial_to_offset((7, 10))
    for typed in (f"move r{row}c{column}", f"move row {row} column {column}", f"r{row} c{column}"):
        line = words(state, 0, typed)
        answer = commands.interpret(state, 0, line)
        assert answer.action is not None, (typed, line, answer.message)
        assert answer.action.ints_param("to")[:2] == (7, 10)


def test_the_exact_text_of_a_choice_always_selects_it(tmp_path: Path) -> None:
    """issue 23 §2.6: 'move to (4,11)' is that choice, though 'move to (4,11)^' (onto the
    platform) holds the same words."""
    state = next_to_skeletor(tmp_path)
    said = [state.describe(a) for a in state.legal_actions(0)]
    assert "move to (4,11)" in said and "move to (4,11)^" in said
    answer = commands.interpret(state, 0, "Move to (4,11)")
    assert answer.action is not None and state.describe(answer.action) == "move to (4,11)"


def test_the_exact_text_of_a_choice_wins_over_the_games_own_commands(tmp_path: Path) -> None:
    """issue 23 §2.6: a game command that would claim a line (here: every line) does not hide
    a choice typed as it is written."""
    state = next_to_skeletor(tmp_path)
    greedy = dataclasses.replace(screen_for("battleground"), command=lambda *_: "claimed")
    reader = Scripted(["focus"])
    client = Client(Console(record=True, width=100), Session(state), {}, {0}, greedy, reader)
    assert client.decide(0) == [Action.of("focus")]


# === §2.7 hotseat privacy ======================================================================


def test_the_hand_over_clears_the_screen_and_the_scrollback() -> None:
    """issue 23 §2.7: before and after the hand-over, the terminal gets home, clear screen and
    clear scrollback (ESC[H ESC[2J ESC[3J), so the other hand is not left above."""
    assert CLEAR_ALL == "\x1b[H\x1b[2J\x1b[3J"
    session = Session(load_game("battleground").new_initial_state(seed=1))
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=100)
    reader = Scripted(["", "q", "n", "0"])
    client = Client(console, session, {}, {0, 1}, screen_for("battleground"), reader)
    state = session.state
    while state.is_chance_node():
        session.apply(state.clone().resolve_chance())
        state = session.state
    seat = next(p for p in (0, 1) if state.legal_actions(p))
    client.decide(seat)
    written = out.getvalue()
    assert written.count(CLEAR_ALL) == 2
    assert written.startswith(CLEAR_ALL)
    second = written.index(CLEAR_ALL, 1)
    assert written.index("look away") < second < written.index("Round ")


def test_the_hand_over_is_between_teams_only() -> None:
    """issue 23 §2.7 with teams (Fields of Eternia, spec §2: a team shares its cards): the
    screen goes from one person to another behind a hand-over only when they are on teams
    apart; teammates, and co-op partners against the game, pass it without one."""
    state = load_game("eternia", players=4).new_initial_state(seed=2)
    screen = screen_for("eternia")
    client = Client(Console(file=io.StringIO()), Session(state), {}, {0, 1, 2, 3}, screen)
    mates = state.game.team_of(0)
    apart = next(seat for seat in range(4) if seat not in mates)
    assert client._hands_over(0)  # the first at the screen: the others look away
    client.at_screen = 0
    assert not client._hands_over(mates[-1]) and client._hands_over(apart)
    coop = load_game("eternia", mode="coop", players=3, difficulty="novice")
    client = Client(Console(), Session(coop.new_initial_state(2)), {}, {0, 1, 2}, screen)
    assert not client._hands_over(0) and not client._hands_over(2)
    assert client.final_seat() == 0  # the last screen shows the team's own cards


def test_the_last_screen_is_the_peoples_own_view_when_they_share_it() -> None:
    """One person against a bot, or one team's people, see their own secrets on the last
    screen; people of teams apart get the spectator's (issue 23 §2.7)."""
    state = load_game("eternia", players=4).new_initial_state(seed=2)
    screen = screen_for("eternia")
    assert Client(Console(), Session(state), {}, {1}, screen).final_seat() == 1
    assert Client(Console(), Session(state), {}, {0, 2}, screen).final_seat() == 0
    assert Client(Console(), Session(state), {}, {0, 1}, screen).final_seat() is None


# === §2.8 names, not ids; §2.9 facing with a reason ===========================================


def test_no_raw_chance_lines_the_attack_tells_its_dice(tmp_path: Path) -> None:
    """issue 23 §2.8: an attack's dice appear once, in the attack's line, not as raw
    'chance: roll 6' lines before it."""
    state = next_to_skeletor(tmp_path)
    play(state, 0, "move 7,10", "face se")
    session = Session(state)
    console = Console(record=True, width=100)
    reader = Scripted(["attack skeletor", "", "keep the dice", "end", "q", "y"])
    client = Client(
        console, session, {1: make_agent("random", 1)}, {0}, screen_for("battleground"), reader
    )
    with pytest.raises(typer.Exit):  # 'q', 'y': leave the game
        client.run()
    said = console.export_text()
    assert "He-Man attacks Skeletor" in said, said[-2000:]
    assert "chance:" not in said and "roll 6" not in said


def test_facing_says_what_it_changes_and_faces_toward_an_enemy(tmp_path: Path) -> None:
    """issue 23 §2.9: each facing in the menu says what it changes (flank open or not, who is
    in front), the ones leaving no flank open are marked [safe], and 'face toward skeletor'
    takes the facing toward him."""
    state = next_to_skeletor(tmp_path)
    play(state, 0, "move 7,10")
    console = Console(record=True, width=140)
    reader = Scripted(["face toward skel"])
    client = Client(console, Session(state), {}, {0}, screen_for("battleground"), reader)
    taken = client.decide(0)
    said = console.export_text()
    assert taken == [Action.of("face", direction=5)]  # SE, toward Skeletor
    assert "[safe] faces Skeletor" in said and "(or type: face toward Skeletor)" in said
    assert "leaves Skeletor and Trap Jaw behind: flank open" in said


def test_the_status_line_says_the_phase_and_step_in_words() -> None:
    """issue 23 §2.12: the phase in words with its step, not the rule's name ("play: First Game
    Setup, step 7")."""
    state = load_game("battleground").new_initial_state(3)
    while state.is_chance_node():
        state.resolve_chance()
    line = status_line(state)
    assert "play:" not in line and ", step 7" not in line
    assert "First Game Setup: " in line and "(step 7)" in line
