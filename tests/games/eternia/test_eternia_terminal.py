"""Fields of Eternia's combats in the terminal (issue 27 §3): the screen draws every step of a
game from each seat's observation, shows the other team's face-down cards as backs and never a
hidden card's id, gives the odds of a choice in words, and ``rulekeeper play eternia-combat``
plays a bots' game to its result."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.cli.screens import screen_for
from rulekeeper.core import load_game
from rulekeeper.core.actions import Action
from rulekeeper.games.eternia.combat.generate import random_combat
from rulekeeper.games.eternia.content.pack import load_content_pack
from rulekeeper.games.eternia.views.terminal import SCREEN, preview, render

HIDDEN = ("deck", "hand", "down", "focus", "discard")


def _epic_seen(state: Any, seat: int | None) -> dict[str, Any] | None:
    """The epic or wilds combat as *seat* observes it (an area's epic combat under way)."""
    doc = state.spectator_observation() if seat is None else state.observation(seat)
    if doc.get("combat") in ("area", "soldiers"):
        doc = doc.get("epic")
    return doc if isinstance(doc, dict) else None


def _hidden_ids(state: Any, side: int) -> set[str]:
    """The ids (instance and content) of *side*'s cards no other seat sees."""
    if len(state.epic.fighters) < 2 or state.epic.fighters[side].kind != "hero":
        return set()
    fighter = state.epic.fighters[side]
    cards = [c for name in HIDDEN for c in getattr(fighter, name)]
    return set(cards) | {c.partition("#")[0] for c in cards}


def _check_screen(state: Any) -> int:
    """Every seat's screen (and a spectator's) drawn; the other team's hidden cards are never
    named by id, their face-down cards are backs. The number of backs seen."""
    backs = 0
    for seat in [*range(state.num_players), None]:
        shown = render(state, seat)
        assert isinstance(shown, str) and shown
        assert "#" not in shown
        seen = _epic_seen(state, seat)
        if seen is None:
            continue
        others = 0
        for side, key in enumerate(("active", "defender")):
            entry = seen[key]
            if seat is not None and entry.get("seat") == seat:
                assert all("card" in d for d in entry.get("down", []))
                continue
            for card in _hidden_ids(state, side):
                assert card not in shown, (card, seat)
            others += len(entry.get("down", []))
        assert shown.count("[?]") == others
        backs += others
    return backs


def _play(state: Any, rng: random.Random) -> int:
    """A random game to its end, the screens checked at every step; the backs seen."""
    backs = _check_screen(state)
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions(player)), player)
        backs += _check_screen(state)
    assert "result: " in render(state, None)
    return backs


def test_the_screen_draws_every_step_for_each_seat_and_hides_the_other_teams_cards() -> None:
    """issue 27 §3: the rulebook's combat and random combats of every kind, every step, every
    seat: no error, the other team's face-down cards as ``[?]``, no hidden card's id."""
    state = load_game("eternia-combat").new_initial_state(seed=3)
    assert _play(state, random.Random(3)) > 0
    pack = load_content_pack(None)
    rng = random.Random(7)
    kinds = set()
    for _ in range(12):
        doc = random_combat(pack, rng)
        kinds.add(doc["combat"])
        _play(
            load_game("eternia-combat", combat=doc).new_initial_state(seed=rng.randrange(99)), rng
        )
    assert {"epic", "wilds", "area"} <= kinds


def test_own_face_down_cards_show_their_value_and_the_totals_hide_with_theirs() -> None:
    """One's own face-down card shows its value in brackets ``(+2)``; the other seat sees
    ``[?]`` and no totals for that side."""
    state = load_game("eternia-combat").new_initial_state(seed=3)
    while not state.epic.fighters[0].down:
        player = state.current_player()
        legal = state.legal_actions(player)
        places = [a for a in legal if a.kind == "place" and a.get("zone") != "beside"]
        state.apply_action((places or legal)[0], player)
    card = state.pack.combat_cards[state.epic.fighters[0].down[0].partition("#")[0]]
    mine, theirs = render(state, 0), render(state, 1)
    assert f"(+{card.value})" in mine and "[?]" in theirs and "[?]" not in mine
    assert "totals hidden" in theirs


def test_the_odds_of_a_choice_in_words() -> None:
    """issue 27 §3: before a card is placed, the odds: each side's fall and HP lost, who
    attacks first, the model; shown under each such choice (``details``)."""
    state = load_game("eternia-combat").new_initial_state(seed=3)
    while True:
        player = state.current_player()
        legal = state.legal_actions(player)
        if any(a.kind == "place" for a in legal):
            break
        state.apply_action(legal[0], player)
    action = next(a for a in legal if a.kind == "place")
    said = preview(state, player, action) or ""
    assert "falls" in said and "expected HP lost" in said and "attacks first" in said
    assert "model: the opponent's face-down cards" in said
    assert preview(state, player, Action("nothing")) is None
    assert "place" in SCREEN.details and screen_for("eternia-combat").preview is preview


def test_play_with_two_random_bots_ends_with_a_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``rulekeeper play eternia-combat --players random,random --seed 3`` plays to the end."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("RULEKEEPER_DATA_DIR", raising=False)
    args = ["play", "eternia-combat", "--players", "random,random", "--seed", "3"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "combat won by" in result.output and "result: " in result.output
