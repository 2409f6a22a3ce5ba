"""The screen a player decides from (issue 9 §1): rendered at many points of seeded bot games,
for both seats and a spectator, it shows only what the seat may know, the AP left, claimed
objectives as claimed, both sides told apart without colour, and fits 100 columns."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from bot_games import bot_game, finished_game, first_decision
from game_helpers import DARK_AMBITION, act, arena, hand, put, select, start
from rich.console import Console

from rulekeeper.core import load_game
from rulekeeper.core.hexes import axial_to_offset
from rulekeeper.games.battleground.game import BattlegroundState
from rulekeeper.games.battleground.rules.activation import ActStep
from rulekeeper.games.battleground.rules.ap import cost_of
from rulekeeper.games.battleground.views import screen

WIDTH = 100


def text_of(state: BattlegroundState, seat: int | None) -> str:
    """The screen as plain text at 100 columns."""
    console = Console(width=WIDTH, record=True, color_system=None, file=io.StringIO())
    console.print(screen.render(state, seat))
    return console.export_text()


def board_rows(state: BattlegroundState, text: str) -> dict[int, str]:
    """The board's rows of the screen, by row number (each starts with its labels)."""
    rows: dict[int, str] = {}
    for line in text.splitlines():
        head = line[:8].split()
        if len(head) == 2 and all(p.lstrip("-").isdigit() for p in head):
            rows.setdefault(int(head[0]), line)
    return rows


def cell(state: BattlegroundState, text: str, q: int, r: int) -> str:
    """The two characters drawn for hex (q, r) (board/render.py: odd rows indented by one)."""
    column, row = axial_to_offset((q, r))
    line = board_rows(state, text)[row]
    start = 8 + (row & 1) + 2 * column
    return line[start : start + 2]


def sampled(seed: int, every: int = 15) -> list[tuple[BattlegroundState, int]]:
    """Clones of a bot game's states at every ``every``-th decision, and its end."""
    found = []
    for index, (state, seat) in enumerate(bot_game(seed)):
        if index % every == 0:
            found.append((state.clone(), seat))
    found.append((finished_game(seed), -1))
    return found


@pytest.mark.parametrize("seed", [1, 2])
def test_the_screen_fits_and_draws_every_character(seed: int) -> None:
    """At 100 columns no line is longer and the board is not wrapped; each character on the
    board is drawn at its hex as its letter (upper case: player 0, lower case: player 1) and
    an arrow for its facing (rulebook, Model: facing)."""
    for state, _ in sampled(seed):
        for seat in (0, 1, None):
            text = text_of(state, seat)
            assert max(len(line) for line in text.splitlines()) <= WIDTH
            assert sorted(board_rows(state, text)) == list(range(state.field.rows))
        letters = screen.letters(state)
        assert len({(f.owner, letters[f.id]) for f in state.fighters.values()}) == len(letters)
        for fighter in state.on_board():
            drawn = cell(state, text, fighter.position.q, fighter.position.r)
            letter = letters[fighter.id]
            assert letter.isupper() == (fighter.owner == 0), letter
            if fighter.position.level == 0:
                assert drawn == letter + screen.ARROWS[fighter.facing]


@pytest.mark.parametrize("seed", [1, 3])
def test_the_other_hand_never_shows(seed: int) -> None:
    """Hidden information (rulebook, Select Cards; views/observation.py): the screen of a seat
    is the same for every state the seat cannot tell apart (``resample`` deals the other hand
    and the decks again), and a spectator's for every state neither seat can tell apart. The
    other seat's cards that the seat does not hold itself, and that no public event named, are
    never named."""
    for state, _ in sampled(seed, every=40):
        for seat in (0, 1):
            text = text_of(state, seat)
            for index in range(2):
                twin = state.resample(seat, random.Random(index))
                assert isinstance(twin, BattlegroundState)
                assert text_of(twin, seat) == text
            other = state.sides[1 - seat]
            own = state.sides[seat]
            public = set()  # cards revealed, played or discarded: named in public events
            for event in state.events.public(0):
                cards = event.data.get("cards", [event.data.get("card")])
                public |= {c for c in cards if isinstance(c, str)}
            for card_id in other.hand + other.glory:
                if card_id in own.hand + own.glory or card_id in public:
                    continue
                assert state.play_card(card_id).name not in text
            for card_id in own.hand + own.glory:
                assert state.play_card(card_id).name in text
        spectator = text_of(state, None)
        assert "Your hand" not in spectator
        assert text_of(state.resample(0, random.Random(5)), None) == spectator


def test_ap_left_is_right_after_spending_ap() -> None:
    """Rulebook, Perform Actions: each action costs 1 AP, 1 more for each repeat; the active
    character's card shows the AP left after the action the bot took, as the turn holds it."""
    checked = 0
    for state, seat in bot_game(4):
        top = state.flow.top()
        if not isinstance(top, ActStep) or state.turn().ap < 2:
            continue
        turn = state.turn()
        assert f"AP left: {turn.ap} " in text_of(state, seat)
        for kind in ("focus", "move"):
            action = next((a for a in state.legal_actions(seat) if a.kind == kind), None)
            if action is None:
                continue
            after = state.clone()
            after.apply_action(action, seat)
            left = turn.ap - cost_of(turn, kind)
            assert after.turns[-1].ap == left
            assert f"AP left: {left} " in text_of(after, seat)
            checked += 1
        if checked >= 4:
            break
    assert checked >= 2


@pytest.mark.parametrize("seed", [1, 4])
def test_claimed_objectives_show_as_claimed(seed: int) -> None:
    """Rulebook, Claim Objective Tokens: a claimed token leaves the battlefield and scores for
    its claimant; the screen lists it as claimed by that player (and character) and draws
    ``+`` in its hex, the tokens left as ``*``; the VP breakdown counts 20 for each."""
    state = finished_game(seed)
    claimed = {o: p for p in (0, 1) for o in state.sides[p].objectives}
    assert claimed, "the bots claimed no objective: pick another seed"
    text = text_of(state, None)
    occupied = {f.position.hex for f in state.on_board()}
    for objective, at in state.field.objectives.items():
        drawn = cell(state, text, at[0], at[1])[0]
        if objective in claimed:
            assert f"{objective} │ " in text
            line = next(line for line in text.splitlines() if f" {objective} " in line)
            assert f"claimed by player {claimed[objective]}" in line
            if at not in occupied:
                assert drawn == "+"
        elif at not in occupied:
            assert drawn == "*"
    for player in (0, 1):
        parts = screen.vp_breakdown(state, player)
        assert parts["objectives"] == 20 * len(state.sides[player].objectives)
        assert sum(parts.values()) == state.sides[player].vp


def test_the_active_character_is_highlighted_and_its_card_shown() -> None:
    """Rulebook, Character Card: the active character's card shows its stats, wounds, mana,
    focus, overwatch, its weapons with range and result table, and its skills."""
    state, seat = first_decision(2, lambda s, _: isinstance(s.flow.top(), ActStep))
    fighter = state.fighters[state.turn().character]
    card = state.card(fighter)
    text = text_of(state, seat)
    assert f"{card.name}, player {fighter.owner}, activation" in text
    assert f"wounds {fighter.wounds}/{card.health}" in text
    assert f"mana {fighter.mana}/5" in text
    assert "focus " in text and "overwatch " in text
    flat = " ".join(text.split())
    for weapon_id in fighter.weapons:
        weapon = state.weapon(weapon_id)
        assert weapon is not None
        if weapon.range is not None:
            assert f'range {weapon.range:g}"' in flat
        for row in weapon.results:
            assert f"{row.successes}+:" in flat
    for skill in card.skills:
        assert skill.name in flat
    board = screen.board(state)
    line_start = board.plain.split("\n")
    column, row = axial_to_offset(fighter.position.hex)
    offset = sum(len(line) + 1 for line in line_start[: 3 + row]) + 8 + (row & 1) + 2 * column
    styles = {str(span.style) for span in board.spans if span.start <= offset < span.end}
    assert screen.ACTIVE_STYLE in styles


def test_the_screen_of_a_game_without_cards() -> None:
    """The movement variant (no fate or glory cards) renders without a hand."""
    state = load_game("battleground-movement").new_initial_state(seed=1)
    assert isinstance(state, BattlegroundState)
    for _ in range(3):
        seat = state.current_player()
        state.apply_action(state.legal_actions(seat)[0], seat)
    text = text_of(state, 0)
    assert "Your hand" not in text and "Forces" in text


def test_rendering_changes_nothing() -> None:
    """The screen reads the state only."""
    state, seat = first_decision(5, lambda s, _: s.round == 2)
    before = state.serialize()
    text_of(state, seat)
    text_of(state, None)
    assert state.serialize() == before


def test_marks_are_drawn_and_listed(tmp_path: Path) -> None:
    """Rulebook, Marks: a mark stays on its hex until the clean-up; the board draws it as
    ``&`` and the objectives table lists it with its owner and radius (Tidal Surge: 2")."""
    state = start(arena(tmp_path, objectives=[{"id": "objective-1", "at": [8, 3]}]))
    put(state, "mer-man", 5, 7, facing=0, mana=2)
    hand(state, 1, DARK_AMBITION)
    select(state, None, DARK_AMBITION)
    act(state, "activate", character="mer-man")
    act(state, "bonus", choice="mana")
    act(state, "skill", skill="mer-man-tidal-surge")
    act(state, "mark-at", at=[7, 7, 0])
    text = text_of(state, 1)
    assert cell(state, text, 7, 7)[0] == "&"
    assert 'Marks: mer-man (player 1) at (7,7), radius 2"' in " ".join(text.split())
    assert cell(state, text, 8, 3)[0] == "*"
