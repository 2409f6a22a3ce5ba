"""HoMM3 combat as a host game's sub-game (issue 21 §1 "Sub-games and their results";
core/subgame.py, ``CombatSubGame`` in games/homm3/game.py).

A minimal host of three seats plays two battles in a row through the core's sub-game
mechanism, the way the map game will (issue 24), and applies each typed ``CombatResult``:

1. host seat 1's Catherine attacks neutral units on a level II field, a solo battle: the
   rules drive the neutrals, and host seat 2, which has no army, breaks the ties the AI rules
   leave to the player (homm3.md §5.24.1); in the variant ``first="ai-hero"`` she meets the
   shipped solo battle's AI hero instead;
2. Catherine, with what the first battle left her (units, faces, MP, level), attacks host seat
   0's Sandro, a Clash battle: host seat 1 plays the attacker, host seat 0 the defender.

The host applies each result as the rulebook says and the tests check it: survivors return to
the unit deck with the face they show and destroyed units leave it, an empty unit deck gets
the starting army back (§5.15, §5.20); experience by the enemy's level (§5.19.1, §8.24); Gold
paid by a surrendering or defeated Main Hero goes to the winner (§5.20, §9.5); a defeated Main
Hero goes to a town of its own, one that fled or lost to neutral units back to its previous
field (§5.20, §8.52, §9.1); an extension costs the hero 1 MP (§5.18.2).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

import pytest

from rulekeeper.core import (
    AUTO,
    CHANCE,
    NO_SEAT,
    Bounds,
    Flow,
    Game,
    GameState,
    HostStep,
    JsonObject,
    JsonValue,
    PositionError,
    ProcedureState,
    RandomAgent,
    Reader,
    RefCheck,
    Seating,
    StepKinds,
    load_game,
    register_game,
)
from rulekeeper.core.content import load_yaml
from rulekeeper.core.subgame import read_result
from rulekeeper.games.homm3.combat.ability_steps import (
    HealStep,
    PushStep,
    ReinforceStep,
    SplashStep,
)
from rulekeeper.games.homm3.combat.activation import ActivationStep
from rulekeeper.games.homm3.combat.ai_hero import AiTieStep
from rulekeeper.games.homm3.combat.deployment import DeployStep, PlaceNeutralsStep
from rulekeeper.games.homm3.combat.model import AI, Battle, Hero
from rulekeeper.games.homm3.combat.result import CombatResult, result_data
from rulekeeper.games.homm3.combat.rounds import RoundStep
from rulekeeper.games.homm3.combat.spells import ChainStep
from rulekeeper.games.homm3.content.pack import load_content_pack
from rulekeeper.games.homm3.game import STEPS, CombatSubGame, check_battle_refs, shipped_battle

CATHERINE, SANDRO = 1, 0
"""The host seats of the two heroes; host seat 2 has no army."""
DECIDER = 2
START_ARMY: list[dict[str, str]] = [
    {"card": "halberdiers", "side": "pack"},
    {"card": "marksmen", "side": "few"},
    {"card": "griffins", "side": "pack"},
]
FIELD_LEVEL = 2
SEATINGS = [Seating([CATHERINE], decider=DECIDER), Seating([CATHERINE, SANDRO], decider=DECIDER)]
"""The first battle's one player seat (the attacker) is host seat 1; in the second the
attacker is host seat 1 and the defender host seat 0."""


@dataclass
class Troop:
    """A unit card in a host seat's unit deck, with the face it shows."""

    card: str
    side: str


@dataclass
class Campaign(HostStep[Any, CombatResult]):
    """The host's root: two battles in a row, each result applied (module doc)."""

    kind = "campaign"
    result_type = CombatResult
    fought: Annotated[int, Bounds(0, 2)] = 0

    def actor(self, state: Any) -> int:
        return AUTO

    def run(self, state: HostState) -> None:
        if self.fought == 2:
            state.flow.pop()
            return
        doc = state.first_battle() if self.fought == 0 else state.second_battle()
        state.starts.append(doc)
        self.play(state, CombatSubGame(doc), SEATINGS[self.fought])

    def take(self, state: HostState, result: CombatResult) -> None:
        assert isinstance(result, CombatResult)
        state.results.append(dataclasses.asdict(result))
        for index, army in enumerate(state.battle.armies):
            if army.seat != AI:  # the host seat the seating gave the side
                state.apply_side(army.seat, result, index)
        self.fought += 1


class HostState(ProcedureState):
    """Three host seats; seats 0 and 1 each have a Main Hero and a unit deck."""

    STEPS = STEPS.merged(StepKinds(Campaign))
    battle: Battle
    heroes: list[Hero]
    units: list[list[Troop]]
    where: list[str]
    starts: list[JsonValue]
    results: list[JsonValue]

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.heroes = [
            Hero(name="Sandro", faction="necropolis", level=2, mp=3, gold=4),
            Hero(name="Catherine", faction="castle", level=2, mp=3, gold=6),
        ]
        self.units = [
            [Troop("skeletons", "pack"), Troop("zombies", "few"), Troop("wraiths", "few")],
            [Troop(**unit) for unit in START_ARMY],
        ]
        self.where = ["town", "field"]
        self.starts, self.results = [], []
        self.flow = Flow([Campaign()])
        self.settle()

    def side_doc(self, seat: int) -> JsonObject:
        hero = dataclasses.asdict(self.heroes[seat])
        for pile in ("hand", "deck", "discard"):
            del hero[pile]
        troops = [dataclasses.asdict(troop) for troop in self.units[seat]]
        return {"kind": "hero", "hero": hero, "units": troops}  # type: ignore[dict-item]

    def first_battle(self) -> JsonObject:
        if self.game.params["first"] == "ai-hero":
            return {**_battle("solo-ai-hero.yaml"), "attacker": self.side_doc(CATHERINE)}
        return {
            "format": "homm3-battle",
            "version": 2,
            "mode": "solo",
            "site": {"kind": "field", "difficulty": FIELD_LEVEL},
            "attacker": self.side_doc(CATHERINE),
            "defender": {"kind": "neutral", "units": ["boars", "rogues", "peasants"]},
        }

    def second_battle(self) -> JsonObject:
        return {
            "format": "homm3-battle",
            "version": 2,
            "mode": "clash",
            "site": {"kind": "field"},
            "attacker": self.side_doc(CATHERINE),
            "defender": self.side_doc(SANDRO),
        }

    def apply_side(self, seat: int, result: CombatResult, index: int) -> None:
        """One host seat's share of a result (§5.15, §5.19.1, §5.20)."""
        side, hero = result.side(index), self.heroes[seat]
        self.units[seat] = [Troop(unit.card, unit.side) for unit in side.surviving]
        if not self.units[seat]:  # §5.15: the starting army comes back
            self.units[seat] = [Troop(**unit) for unit in START_ARMY]
        hero.gold += result.gained(index).get("gold", 0) - result.paid(index).get("gold", 0)
        hero.mp -= side.mp_spent
        hero.morale = max(-1, min(1, hero.morale + side.morale_change))
        halves = 2 * (hero.level - 1) + hero.experience + side.experience  # §8.24: Exp is ½
        hero.level, hero.experience = min(7, 1 + halves // 2), halves % 2
        if hero.level == 7:
            hero.experience = 0
        self.where[seat] = {"stays": self.where[seat]}.get(side.goes, side.goes)

    def _returns(self) -> list[float]:
        return [0.0, 0.0, 0.0]

    def _check_refs(self, refs: Sequence[RefCheck], reader: Reader) -> None:
        check_battle_refs(self.game.pack, self.battle, refs, reader)  # type: ignore[attr-defined]

    def _observation(self, player: int) -> JsonObject:
        return {"results": list(self.results), "pending": [step.kind for step in self.flow]}


@register_game
class HostGame(Game):
    name = "homm3-combat-host-test"
    state_class = HostState

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        self.pack = load_content_pack()
        first = params.get("first", "neutrals")
        assert first in ("neutrals", "ai-hero") and set(params) <= {"first"}
        return {"first": first}

    @property
    def num_players(self) -> int:
        return 3


AI_CHOICES = (
    RoundStep,
    ActivationStep,
    PlaceNeutralsStep,
    DeployStep,
    AiTieStep,
    ChainStep,
    PushStep,
    SplashStep,
    HealStep,
    ReinforceStep,
)
"""The steps at which the decider chooses for a side the rules play: a tie the AI rules leave
open (§5.24.1), the placement of its units, its units' ability choices."""


def play(seed: int, first: str = "neutrals") -> tuple[HostState, list[tuple[int, int, str]]]:
    """A host game played by random agents: the state and (battle, seat, step) per decision."""
    state = load_game("homm3-combat-host-test", first=first).new_initial_state(seed=seed)
    assert isinstance(state, HostState)
    agents = {seat: RandomAgent(seed * 3 + seat) for seat in range(3)}
    asked: list[tuple[int, int, str]] = []
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
            continue
        campaign = state.flow.steps[0]
        assert isinstance(campaign, Campaign)
        asked.append((campaign.fought, seat, state.flow.steps[-1].kind))
        state.apply_action(agents[seat].choose(state, seat), seat)
    return state, asked


def troops(doc: Any, side: str) -> list[tuple[str, str]]:
    return sorted((unit["card"], unit["side"]) for unit in doc[side]["units"])


def expected_experience(level: int, enemy_level: int) -> int:
    """§5.19.1: 0 for a lower enemy level, 1 for an equal one, 2 for a higher one."""
    return 0 if enemy_level < level else 1 if enemy_level == level else 2


SEEDS = range(12)


@pytest.mark.parametrize("first", ["neutrals", "ai-hero"])
def test_each_battle_is_played_by_the_host_seats_the_seating_maps(first: str) -> None:
    """Issue 21 §1 (homm3.md §5.18.3, §5.18.4, §5.24, §5.24.1): host seat 1 plays the first
    battle's attacker and host seat 2 only breaks the AI's ties there (neutral units' or an
    AI hero's); in the second, host seat 1 attacks and host seat 0 defends, and seat 2 is
    never asked."""
    kinds = {cls.kind for cls in AI_CHOICES}
    decided = 0
    for seed in SEEDS if first == "neutrals" else range(6):
        state, asked = play(seed, first)
        assert state.flow.steps == [] and len(state.results) == 2
        for battle, seat, kind in asked:
            if battle == 0:
                assert seat in (CATHERINE, DECIDER)
                assert seat == CATHERINE or kind in kinds, (seed, kind)
                decided += seat == DECIDER
            else:
                assert seat in (CATHERINE, SANDRO)
        defender_kinds = {k for b, s, k in asked if b == 1 and s == SANDRO}
        assert DeployStep.kind in defender_kinds  # the defender deploys (§5.18.4)
    assert decided > 0  # the AI rules left ties to the decider in some of the games


def test_each_result_is_applied_as_the_rules_say() -> None:
    """Issue 21 §1 (homm3.md §5.15, §5.18.2, §5.19.1, §5.20, §8.24, §8.52, §9.1, §9.5): the
    second battle starts with the first one's survivors, faces kept (the starting army if
    none survived), Catherine's MP less the extensions she paid for and her level after the
    experience she earned; Gold paid goes to the winner; each hero goes where the ending
    sends it."""
    endings = set()
    for seed in SEEDS:
        state, _ = play(seed)
        first, second = (read_result(CombatResult, r) for r in state.results)
        endings |= {first.ending, second.ending}
        start_one, start_two = state.starts
        mine = first.side(0)
        survivors = sorted((u.card, u.side) for u in mine.surviving)
        carried = survivors or sorted((u["card"], u["side"]) for u in START_ARMY)
        assert troops(start_two, "attacker") == carried
        if survivors:  # §5.20: destroyed units leave the unit deck
            assert not {u.card for u in mine.destroyed} & {c for c, _ in carried}
        for unit in mine.surviving:  # a Pack unit that took its HP in damage shows Few
            assert unit.flipped == (unit.side == "few" and _entered_on_pack(start_one, unit.card))
        hero_two = start_two["attacker"]["hero"]  # type: ignore[index]
        assert hero_two["mp"] == 3 - first.extensions == 3 - mine.mp_spent  # §5.18.2
        exp = 0
        if first.ending == "victory" and first.winner == "attacker":
            exp = expected_experience(2, FIELD_LEVEL)  # §5.19.1: level II against level II
        assert mine.experience == exp and mine.level == 2 + (exp // 2)
        assert hero_two["level"] == mine.level and hero_two["experience"] == exp % 2
        if first.winner == "defender":  # §5.20, §8.52, §9.1: fled or beaten by neutrals
            assert mine.goes == "previous-field"
        assert first.side(1).kind == "neutral" and first.gained(1) == {}
        _check_hero_battle(state, second)
    assert "victory" in endings


def _entered_on_pack(doc: Any, card: str) -> bool:
    return any(u["card"] == card and u["side"] == "pack" for u in doc["attacker"]["units"])


def _check_hero_battle(state: HostState, result: CombatResult) -> None:
    """§5.20, §9.5: the loser's payment goes to the winner; where each hero goes."""
    loser = 1 - result.winner_index
    payment = {"surrender": 10, "victory": 5}.get(result.ending, 0)
    loser_seat = (CATHERINE, SANDRO)[loser]
    start = state.starts[1]
    gold_before = start[("attacker", "defender")[loser]]["hero"]["gold"]  # type: ignore[index]
    assert result.side(loser).gold_paid == min(payment, gold_before)
    assert result.gained(1 - loser) == result.paid(loser)
    assert state.heroes[loser_seat].gold == gold_before - result.side(loser).gold_paid
    winner_seat = (CATHERINE, SANDRO)[1 - loser]
    winner_before = start[("attacker", "defender")[1 - loser]]["hero"]["gold"]  # type: ignore[index]
    assert state.heroes[winner_seat].gold == winner_before + result.side(loser).gold_paid
    assert result.side(loser).goes == "own-town" and result.side(1 - loser).goes == "stays"
    assert state.where[loser_seat] == "own-town"
    if result.ending == "victory":  # §5.20: a defeated Main Hero takes a Negative Morale
        assert (
            result.side(loser).morale_change == -1
            or state.heroes[loser_seat].faction == "necropolis"
        )


def test_a_seating_that_does_not_fit_the_battle_is_refused() -> None:
    """Issue 21 §1: the host seats every player side of the battle, no more and no fewer."""
    state = load_game("homm3-combat-host-test").new_initial_state(seed=0)
    assert isinstance(state, HostState)
    with pytest.raises(PositionError, match="2 players"):
        CombatSubGame(state.second_battle()).start(state, Seating([1], decider=2))
    with pytest.raises(PositionError, match="1 players"):
        CombatSubGame(state.first_battle()).start(state, Seating([1, NO_SEAT], decider=2))


def test_a_side_the_rules_play_has_a_seat_value_no_actor_has() -> None:
    """Issue 21 §1: the battle's sides hold the host seats the seating gives, the neutral
    side AI (NO_SEAT, distinct from CHANCE: it equalled it), and the host's decider."""
    assert AI == NO_SEAT and AI != CHANCE
    state = load_game("homm3-combat-host-test").new_initial_state(seed=0)
    assert isinstance(state, HostState)
    assert [army.seat for army in state.battle.armies] == [CATHERINE, AI]
    assert state.battle.decider == DECIDER
    assert state.current_player() == CATHERINE


# --------------------------------------------------------------------------- the combat game


def _battle(name: str) -> dict[str, Any]:
    text = shipped_battle(name).read_text(encoding="utf-8")
    found: dict[str, Any] = load_yaml(text, name)
    return found


def _random_end(state: GameState, seed: int) -> GameState:
    agent = RandomAgent(seed)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
        else:
            state.apply_action(agent.choose(state, seat), seat)
    return state


def test_a_save_with_the_old_ai_seat_loads_the_same() -> None:
    """Issue 21 §1: a save written before the AI's seat value changed (-1, CHANCE's) loads as
    the same state, the AI side seated at NO_SEAT."""
    game = load_game("homm3-combat", battle=_battle("neutral-fight.yaml"))
    state = game.new_initial_state(seed=3)
    for _ in range(6):
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
        else:
            state.apply_action(state.legal_actions(seat)[-1], seat)
    text = state.serialize()
    doc = json.loads(text)
    armies = doc["data"]["battle"]["armies"]
    assert [army["seat"] for army in armies] == [0, NO_SEAT]
    armies[1]["seat"] = -1
    old = game.deserialize_state(json.dumps(doc))
    assert old.serialize() == text
    assert old.legal_actions(0) == state.legal_actions(0)


def test_the_decider_is_a_battle_file_field_a_player_holds() -> None:
    """Issue 21 §1 (homm3.md §5.24.1 "the player chooses"): the battle file's ``decider`` is
    written only when it is not seat 0, loads back, and must be a seat of the battle."""
    solo = _battle("neutral-fight.yaml")
    assert (
        "decider"
        not in load_game("homm3-combat", battle=solo).new_initial_state(seed=0).to_position()
    )
    with pytest.raises(PositionError, match="decider"):
        load_game("homm3-combat", battle={**solo, "decider": 1})
    clash = {**_battle("hero-battle.yaml"), "decider": 1}
    state = load_game("homm3-combat", battle=clash).new_initial_state(seed=0)
    assert state.battle.decider == 1  # type: ignore[attr-defined]
    assert state.to_position()["decider"] == 1


def test_the_typed_result_is_the_battles_result_data() -> None:
    """Issue 21 §1: the CombatResult's data is exactly the battle's ``result`` (the last
    event, the terminal observation, the finished battle file), and a finished battle file's
    result is read as a CombatResult: a bad field is refused by name."""
    for name in ("neutral-fight.yaml", "hero-battle.yaml", "siege.yaml"):
        game = load_game("homm3-combat", battle=_battle(name))
        state = _random_end(game.new_initial_state(seed=5), 5)
        data = state.flow.result  # type: ignore[attr-defined]
        assert result_data(read_result(CombatResult, data)) == data
        finished = state.to_position()
        again = load_game("homm3-combat", battle=finished).new_initial_state(seed=0)
        assert again.flow.result == data  # type: ignore[attr-defined]
        bad = json.loads(json.dumps(finished))
        bad["result"]["sides"][0]["goes"] = "home"
        with pytest.raises(PositionError, match=r"result\.sides\[0\]: goes must be one of"):
            load_game("homm3-combat", battle=bad)


def _step(state: GameState, agents: dict[int, RandomAgent]) -> None:
    seat = state.current_player()
    if seat == CHANCE:
        state.resolve_chance()
    else:
        state.apply_action(agents[seat].choose(state, seat), seat)


def test_a_host_saved_inside_a_battle_plays_on_the_same() -> None:
    """Issue 21 §1: the battle a host runs is part of the host's saved state (its sides' host
    seats, its decider): a save in the middle of either battle loads back and plays on the
    same."""
    for seed in range(3):
        state = load_game("homm3-combat-host-test").new_initial_state(seed=seed)
        assert isinstance(state, HostState)
        agents = {seat: RandomAgent(seed + seat) for seat in range(3)}
        for battle in (0, 1):
            campaign = state.flow.steps[0]
            assert isinstance(campaign, Campaign)
            while campaign.fought < battle or state.battle.round < 1:
                _step(state, agents)
            assert state.flow.steps[0] is campaign and campaign.fought == battle
            text = state.serialize()
            loaded = state.game.deserialize_state(text)
            assert loaded.serialize() == text
            copy = state.clone()
            for one in (copy, loaded):
                bots = {seat: RandomAgent(99 + seat) for seat in range(3)}
                while not one.is_terminal():
                    _step(one, bots)
            assert loaded.serialize() == copy.serialize()
