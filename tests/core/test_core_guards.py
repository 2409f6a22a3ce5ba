"""Guards on the core (issue 20 §4: rules a plausible one-line slip broke with no test
failing), each citing docs/architecture.md or the module it tests:

- ``use()`` spends only the effects that last "until used" (core/lasting.py; architecture.md,
  *Lasting effects and odds*);
- ``redeal`` re-deals only what the resampling seat cannot see (core/zones.py; architecture.md,
  *Determinisation*);
- a position's ``version: true`` is not version 1 (core/position.py ``check_header``; a bool is
  an int in Python; architecture.md, *Positions*);
- a missing required field is named in the error (core/record.py, core/position.py;
  architecture.md, *Records and saved states* and *Positions*);
- undo never goes back past a secret action (core/session.py; architecture.md, *Sessions and
  replay files*): online, that would let a player change a choice after seeing the answer.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import pytest
from toy_game import ShowdownGame, ToyGame

from rulekeeper.core import (
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Bounds,
    DataError,
    Game,
    GameState,
    IllegalActionError,
    JsonObject,
    PositionError,
    Zone,
    load_game,
    redeal,
)
from rulekeeper.core.lasting import Lasting, total, use
from rulekeeper.core.position import Problems, check_header, read_record
from rulekeeper.core.registry import GameRegistry
from rulekeeper.core.session import Session, read_replay, write_replay
from rulekeeper.core.zones import EVERYONE, NOBODY

# --------------------------------------------------------------------------- lasting: use()


def test_use_spends_only_effects_lasting_until_used_lasting_py() -> None:
    """core/lasting.py ``use`` and architecture.md *Lasting effects*: spending an effect "until
    used" leaves the holder's effects of the same kind that end at another moment, and other
    holders' "until used" effects."""
    effects = [
        Lasting("shield", "zealots", 2, until="combat"),
        Lasting("shield", "zealots", 1, until="used"),
        Lasting("shield", "zealots", 3, until="attack"),
        Lasting("shield", "griffins", 1, until="used"),
        Lasting("attack", "zealots", 1, until="used"),
    ]
    spent = use(effects, "shield", "zealots")
    assert [(e.holder, e.amount, e.until) for e in spent] == [("zealots", 1, "used")]
    assert [(e.kind, e.holder, e.until) for e in effects] == [
        ("shield", "zealots", "combat"),
        ("shield", "zealots", "attack"),
        ("shield", "griffins", "used"),
        ("attack", "zealots", "used"),
    ]
    assert total(effects, "shield", "zealots") == 5
    assert use(effects, "shield", "zealots") == []  # nothing "until used" left to spend
    assert len(effects) == 4


# --------------------------------------------------------------------------- zones: redeal


def table() -> list[Zone]:
    """Three seats' hands and decks (a pool each), a face-up discard, and a hidden stock."""
    return [
        Zone("hand0", ["a1", "a2"], (0,), "side0"),
        Zone("deck0", ["a3", "a4", "a5"], NOBODY, "side0"),
        Zone("hand1", ["b1", "b2", "b3"], (1,), "side1"),
        Zone("deck1", ["b4", "b5", "b6", "b7"], NOBODY, "side1"),
        Zone("hand2", ["c1", "c2"], (2,), "side2"),
        Zone("deck2", ["c3", "c4", "c5"], NOBODY, "side2"),
        Zone("discard", ["d1", "d2"], EVERYONE, "side0"),
        Zone("stock", ["s1", "s2", "s3"], NOBODY),
    ]


def _places(zones: Sequence[Zone]) -> dict[str, tuple[str, int]]:
    """Where each card is: its zone and index."""
    return {card: (zone.name, i) for zone in zones for i, card in enumerate(zone.cards)}


@pytest.mark.parametrize("sight", [(0,), (1,), (0, 1), (2,), (1, 2)])
def test_redeal_moves_exactly_the_cards_the_seat_cannot_see_zones_py(
    sight: tuple[int, ...],
) -> None:
    """core/zones.py ``redeal`` and architecture.md *Determinisation*: over many re-deals for
    *sight*, a card in a zone it sees (its hands, the face-up discard) or one a seat of *sight*
    was shown never moves; every other card moves in some re-deal (a card shown only to a seat
    outside *sight* is hidden from it too)."""
    moved: set[str] = set()
    for seed in range(60):
        zones = table()
        zones[3].seen = {"b5": (0,), "b6": (2,)}  # seat 0 looked at b5, seat 2 at b6
        before = _places(zones)
        redeal(zones, sight, random.Random(seed))
        after = _places(zones)
        moved |= {card for card in before if after[card] != before[card]}
    seen = {"b5"} if 0 in sight else set()
    seen |= {"b6"} if 2 in sight else set()
    fixed = {
        card
        for zone in table()
        if zone.visible_to is None or any(seat in zone.visible_to for seat in sight)
        for card in zone.cards
    }
    everything = set(_places(table()))
    assert moved == everything - fixed - seen


# --------------------------------------------------------------------------- positions


def test_version_true_is_not_version_one_position_py() -> None:
    """core/position.py ``check_header`` and architecture.md *Positions* (the format and its
    version): ``version: true`` (a bool, which Python counts as the int 1) is refused, naming
    the field; ``version: 1`` is read."""
    for bad in (True, False, "1", None):
        problems = Problems("here")
        assert not check_header(
            {"format": "f-position", "version": bad}, "f-position", (1,), problems
        )
        assert [p.field for p in problems.items] == ["version"], bad
    problems = Problems("here")
    assert check_header({"format": "f-position", "version": 1}, "f-position", (1,), problems)
    assert not problems


def test_version_true_is_refused_by_both_games_position_py() -> None:
    """core/position.py ``check_header`` through the games' own readers: a HoMM3 battle file and
    a Battleground position written with ``version: true`` are refused at ``version``."""
    doc = {
        "format": "homm3-battle",
        "version": True,
        "mode": "clash",
        "site": {"kind": "field"},
        "attacker": {
            "kind": "hero",
            "hero": {"name": "Catherine", "faction": "castle", "level": 2},
            "units": [{"card": "halberdiers", "field": "a1"}],
        },
        "defender": {
            "kind": "hero",
            "hero": {"name": "Sandro", "faction": "necropolis", "level": 2},
            "units": [{"card": "skeletons", "field": "d5"}],
        },
    }
    with pytest.raises(PositionError) as caught:
        load_game("homm3-combat", battle=doc)
    assert [p.field for p in caught.value.problems] == ["version"]
    load_game("homm3-combat", battle={**doc, "version": 1})
    position = load_game("battleground").new_initial_state(1).to_position()
    with pytest.raises(PositionError) as caught:
        load_game("battleground", position={**position, "version": True})
    assert [p.field for p in caught.value.problems] == ["version"]


def test_a_replay_file_with_version_true_is_refused_session_py() -> None:
    """core/session.py ``read_replay`` and architecture.md *Sessions and replay files* (version
    1 of the format), the same slip as a position's: ``version: true`` is not version 1."""
    doc = write_replay(Session.start(ToyGame(), seed=1).record(), finished=False)
    read_replay(doc)
    with pytest.raises(DataError) as caught:
        read_replay({**doc, "version": True})
    assert caught.value.field == "version"


# --------------------------------------------------------------------------- missing fields


@dataclass
class Piece:
    """A record with a required field (no default) and optional ones."""

    name: str
    size: Annotated[int, Bounds(0, 9)]
    label: str = ""


def test_a_missing_required_field_is_named_in_a_position_position_py() -> None:
    """core/position.py ``read_record`` and architecture.md *Positions* (every problem named with
    its field): each required field left out is named, ``missing``; optional ones may be."""
    problems = Problems("here")
    assert read_record(Piece, {"label": "x"}, problems, "pieces[2]") is None
    assert [(p.source, p.field, p.reason) for p in problems.items] == [
        ("here", "pieces[2].name", "missing"),
        ("here", "pieces[2].size", "missing"),
    ]
    problems = Problems("here")
    assert read_record(Piece, {"name": "x", "size": 1}, problems, "p") == Piece("x", 1)
    assert not problems


def test_a_missing_field_is_named_in_a_saved_state_record_py() -> None:
    """core/record.py and architecture.md *Records and saved states* (missing fields are
    refused, the bad field named): a saved state without a declared field of the state, and one
    whose pending step lacks a required field, are refused naming that field."""
    game = ToyGame()
    doc = json.loads(game.new_initial_state(1).serialize())
    del doc["data"]["round"]
    with pytest.raises(DataError) as caught:
        game.deserialize_state(json.dumps(doc))
    assert (caught.value.field, caught.value.reason) == ("data.round", "missing")
    showdown = ShowdownGame()
    doc = json.loads(showdown.new_initial_state(1).serialize())
    del doc["data"]["flow"]["steps"][0]["attack"]
    with pytest.raises(DataError) as caught:
        showdown.deserialize_state(json.dumps(doc))
    assert (caught.value.field, caught.value.reason) == ("data.flow.steps[0].attack", "missing")


def test_a_missing_field_of_a_pending_step_is_named_in_a_battle_file_position_py() -> None:
    """core/position.py and docs/homm3-battle.md (a pending step in the battle file): an
    ``activation`` without its ``unit`` is refused, the error naming ``pending[1].unit``."""
    doc = {
        "format": "homm3-battle",
        "version": 1,
        "mode": "clash",
        "site": {"kind": "field"},
        "attacker": {
            "kind": "hero",
            "hero": {"name": "Catherine", "faction": "castle", "level": 2},
            "units": [{"card": "halberdiers", "field": "a1"}],
        },
        "defender": {
            "kind": "hero",
            "hero": {"name": "Sandro", "faction": "necropolis", "level": 2},
            "units": [{"card": "skeletons", "field": "d5"}],
        },
        "pending": [{"kind": "battle", "stage": "fight"}, {"kind": "activation"}],
    }
    with pytest.raises(PositionError) as caught:
        load_game("homm3-combat", battle=doc)
    assert "pending[1].unit" in str(caught.value) and "missing" in str(caught.value)


# --------------------------------------------------------------------------- undo


class SealedBidState(GameState):
    """Seat 0 says it is ready (public), seals a bid of 1 or 2 (secret: no event at all tells
    it), seat 1 calls or folds (public), seat 0 reveals (public)."""

    STAGES = ("ready", "bid", "answer", "reveal", "over")

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.stage = 0
        self.bid = 0

    def _current_player(self) -> int:
        return (0, 0, 1, 0, TERMINAL)[self.stage]

    def _legal_actions(self, player: int) -> Sequence[Action]:
        name = self.STAGES[self.stage]
        if name == "bid":
            return [Action.of("bid", amount=1), Action.of("bid", amount=2)]
        if name == "answer":
            return [Action.of("call"), Action.of("fold")]
        return [Action.of(name)]

    def _apply(self, action: Action, player: int) -> None:
        if action.kind == "bid":
            self.bid = int(action.get("amount"))  # type: ignore[arg-type]
        self.stage += 1

    def _secret(self, action: Action, player: int) -> tuple[tuple[int, ...], str] | None:
        if action.kind == "bid":
            return (player,), f"player {player} seals a bid"
        return None

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return ()

    def _returns(self) -> Sequence[float]:
        return [0.0, 0.0]

    def _observation(self, player: int) -> JsonObject:
        return {"stage": self.stage, **({"bid": self.bid} if player == 0 else {})}

    def _to_data(self) -> JsonObject:
        return {"stage": self.stage, "bid": self.bid}

    def _from_data(self, data: Mapping[str, Any]) -> None:
        self.stage, self.bid = data["stage"], data["bid"]


class SealedBidGame(Game):
    name = "sealed-bid"
    state_class = SealedBidState

    @property
    def num_players(self) -> int:
        return 2


def test_undo_never_goes_back_past_a_secret_action_session_py() -> None:
    """core/session.py and architecture.md *Sessions and replay files*: undo never goes back
    past a secret choice, even one that no event reveals. Seat 0 seals a bid, seat 1 answers:
    seat 0 may not undo its bid (nor its earlier public move) to bid again knowing the answer;
    seat 1 may still take back its own answer, made after the bid."""
    session = Session.start(SealedBidGame(), seed=1)
    session.apply(Action.of("ready"), 0)
    session.apply(Action.of("bid", amount=1), 0)
    assert session.state.history_for(1)[-1].action.kind == "hidden"  # the bid is secret
    assert session.undo_target(0) is None
    with pytest.raises(IllegalActionError):
        session.undo(0)
    session.apply(Action.of("fold"), 1)
    assert session.undo_target(0) is None
    with pytest.raises(IllegalActionError):
        session.undo(0)
    assert session.state.actions_taken() == 3
    session.undo(1)  # seat 1's own public answer, after the secret bid
    assert session.state.actions_taken() == 2 and session.state.current_player() == 1


def test_undo_past_a_secret_action_is_refused_after_resuming_too_session_py(
    tmp_path: Path,
) -> None:
    """core/session.py (a resumed save rebuilds where undo may go): after resuming, seat 0 still
    cannot undo back past its secret bid, while a public move before it may be undone first."""
    path = tmp_path / "bid.json"
    session = Session.start(SealedBidGame(), seed=2, path=None)
    session.apply(Action.of("ready"), 0)
    assert session.undo_target(0) == 0  # a public move: undo allowed
    session.apply(Action.of("bid", amount=2), 0)
    session.apply(Action.of("call"), 1)
    registry = GameRegistry()
    registry.register(SealedBidGame)
    again = Session.from_record(session.record(), path, registry)
    assert again.barriers == [False, True, False]
    assert again.undo_target(0) is None


def test_undo_of_a_toy_pick_is_refused_once_the_other_seat_picked_session_py() -> None:
    """core/session.py with the toy duel's secret simultaneous pick (architecture.md *Zones and
    visibility*: a pick is declared secret by ``_secret``): once seat 0 has picked, neither its
    pick nor anything before it can be undone."""
    session = Session.start(ToyGame(), seed=3)
    state = session.state
    while state.current_player() != SIMULTANEOUS:
        seat = state.current_player()
        session.apply(state.legal_actions(seat)[0], seat)
        state = session.state
    session.apply(state.legal_actions(0)[0], 0)
    assert session.undo_target(0) is None
    with pytest.raises(IllegalActionError):
        session.undo(0)
