"""How the built-in bots plan in Battleground (docs/bots.md): the greedy bot's decisions.

Everything here works on a *determinisation* (``state.resample(seat, rng)``): a state the seat
cannot tell from the real one, which a bot may change as it likes. Nothing reads the real state.

The **greedy bot** (:func:`choose`) looks one activation ahead: each candidate for its next
action (every action but moves, and the moves the quick policy rates best) is tried on a copy
and the activation is played out by the quick policy to its end, every candidate meeting the
same dice; the evaluation there decides (an attack is played out three times, the luck of its
dice taken out). Its cards are chosen by what it plans to do: for each card in hand and each
ready character, the activation is played out (the card's AP and mana, its bonus chosen by
playing each out); the card selected is the one whose best activation, plus the best share of
the rest of the hand among the other ready characters, gains most. The character a revealed
card activates is chosen the same way.

The quick policy it plays activations out with is in ``quick.py``. What MCTS adds on
top (the decisions it searches, its candidates, its simulations) is in
``search.py``, the game's bot logic (``Game.bot_logic``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.agents import playable
from rulekeeper.core.rng import Pcg32
from rulekeeper.games.battleground import evaluation, fighter_data
from rulekeeper.games.battleground.quick import (
    TURN_LIMIT,
    Policy,
    QuickPolicy,
    attack_gain,
    best_facing,
    finish_attack,
    finish_turn,
    habit,
    lead_of,
    move_leads,
    reroll_choice,
    score_moves,
    seat_value,
    worth_of,
)
from rulekeeper.games.battleground.rules.activation import ActStep, BonusStep
from rulekeeper.games.battleground.rules.dicetest import RerollStep
from rulekeeper.games.battleground.rules.move import FaceStep
from rulekeeper.games.battleground.rules.round import ActivateStep, SelectStep

if TYPE_CHECKING:
    from rulekeeper.games.battleground.game import BattlegroundState

__all__ = [
    "LEVELS",
    "SEARCHED",
    "TURN_LIMIT",
    "QuickPolicy",
    "attack_gain",
    "choose",
    "dealt",
    "finish_turn",
    "rank_actions",
    "score_moves",
]

TOP_MOVES = 6
"""Moves the greedy bot plays out at each decision (the quick policy's best)."""
ATTACK_SAMPLES = 3
"""Times the greedy bot plays each attack out (its dice differ each time)."""
LEVELS = {1: 10, 2: 20, 3: 40, 4: 80, 5: 160}
"""MCTS simulations per decision at each level, for Battleground."""
SEARCHED = (SelectStep, ActivateStep, BonusStep, ActStep)
"""The decisions the greedy bot ranks by playing them out and MCTS searches (its own seat's;
search.py adds who is first player): cards, characters, bonuses, actions."""


# ---------------------------------------------------------------------------- greedy


def choose(world: BattlegroundState, seat: int, legal: Sequence[Action], rng: Pcg32) -> Action:
    """The greedy bot's decision on the determinisation *world* (see the module's docstring);
    ties broken by *rng*."""
    if len(legal) == 1:
        return legal[0]
    top = world.flow.top()
    if isinstance(top, RerollStep):
        return reroll_choice(world, legal)
    if isinstance(top, FaceStep):
        return best_facing(world, seat, legal)
    if isinstance(top, SEARCHED):
        ranked = rank_actions(world, seat, legal, rng)
        best = max(value for _, value in ranked)
        top_actions = [a for a, v in ranked if v >= best - 1e-9]
        return top_actions[0] if len(top_actions) == 1 else rng.choice(top_actions)
    return habit(legal) or QuickPolicy(rng).one_step(world, seat, legal)


def rank_actions(
    world: BattlegroundState, seat: int, legal: Sequence[Action], rng: Pcg32
) -> list[tuple[Action, float]]:
    """The greedy bot's candidates for its card, character, bonus or action, each with its
    value: the evaluation once the activation is played out; for a card or a character, the
    gain in the lead (VP) of the round's best share of the hand."""
    top = world.flow.top()
    if isinstance(top, SelectStep):
        return _rank_cards(world, seat, legal, rng)
    if isinstance(top, ActivateStep) and top.card and len(legal) > 1:
        return _rank_characters(world, seat, legal, rng)
    return _rank_by_playing_out(world, seat, legal, rng)


def _candidates(world: BattlegroundState, seat: int, legal: Sequence[Action]) -> list[Action]:
    moves = [a for a in legal if a.kind == "move"]
    others = [a for a in legal if a.kind != "move"]
    if len(moves) > TOP_MOVES:
        scored = move_leads(world, seat, moves)
        scored.sort(key=lambda item: -item[0])
        moves = [a for _, a in scored[:TOP_MOVES]]
    return others + moves


def _rank_by_playing_out(
    world: BattlegroundState, seat: int, legal: Sequence[Action], rng: Pcg32
) -> list[tuple[Action, float]]:
    depth = len(world.turns) + (1 if isinstance(world.flow.top(), ActivateStep) else 0)
    out = []
    common = rng.next_u32()  # every candidate meets the same dice (common random numbers)
    for action in _candidates(world, seat, legal):
        if action.kind == "attack":
            out.append((action, _attack_played_out(world, seat, action, common, depth)))
            continue
        after = world.clone()
        after.apply_action(action, seat)
        stream = Pcg32(common)
        finish_turn(after, QuickPolicy(stream).choose, stream, depth)
        out.append((action, seat_value(after, seat)))
    return out


def _attack_played_out(
    world: BattlegroundState, seat: int, action: Action, common: int, depth: int
) -> float:
    """An attack played out :data:`ATTACK_SAMPLES` times; each time the luck of its dice is
    taken out (the worth of the wounds it dealt replaced by the worth expected from the exact
    odds, a control variate), so that attacks compare by what they promise."""
    expected = attack_gain(world, action)
    target_id = action.str_param("target")
    info = fighter_data.fighter_info(world, world.fighters[target_id])
    before = world.fighters[target_id].wounds
    total = 0.0
    for sample in range(ATTACK_SAMPLES):
        after = world.clone()
        after.apply_action(action, seat)
        stream = Pcg32(common + sample)
        policy = QuickPolicy(stream).choose
        finish_attack(after, policy, stream)
        sampled = dealt(after, target_id, before, info)
        finish_turn(after, policy, stream, depth)
        if after.is_terminal():
            total += seat_value(after, seat)
            continue
        lead = evaluation.advantage(after, seat) + expected - sampled
        total += evaluation.value_of_lead(after, lead)
    return total / ATTACK_SAMPLES


def dealt(
    world: BattlegroundState, target_id: str, before: int, info: fighter_data.FighterInfo
) -> float:
    """The worth (VP) of the wounds the target took since it had *before*."""
    hit = world.fighters[target_id]
    if hit.knocked_out:
        return worth_of(info, info.health - before, 1.0)
    return worth_of(info, min(hit.wounds, info.health) - before, 0.0)


def _rank_cards(
    world: BattlegroundState, seat: int, legal: Sequence[Action], rng: Pcg32
) -> list[tuple[Action, float]]:
    """Each card by the best round it allows: the gain of the best activation it gives a ready
    character, plus the best share of the rest of the hand among the other ready characters;
    passing by the activations it gives up."""
    ready = [f.id for f in world.ready(seat)]
    hand = _hand(world, seat)
    gains = _gains(world, seat, sorted(set(hand)), ready, rng)
    out = []
    for action in legal:
        if action.kind != "select":
            trial = world.clone()
            trial.sides[seat].passed = True
            out.append((action, lead_of(trial, seat) - evaluation.advantage(world, seat)))
            continue
        card = action.str_param("card")
        rest = list(hand)
        rest.remove(card)
        cards = tuple(sorted(rest))
        out.append(
            (
                action,
                max(
                    gains[(card, fighter)]
                    + _assign(cards, tuple(f for f in ready if f != fighter), gains)
                    for fighter in ready
                ),
            )
        )
    return out


def _rank_characters(
    world: BattlegroundState, seat: int, legal: Sequence[Action], rng: Pcg32
) -> list[tuple[Action, float]]:
    """Each character for the card revealed: its activation's gain plus the best share of the
    hand among the other ready characters."""
    top = world.flow.top()
    assert isinstance(top, ActivateStep)
    ready = [a.str_param("character") for a in legal if a.kind == "activate"]
    hand = _hand(world, seat)
    gains = _gains(world, seat, sorted(set(hand)), ready, rng, revealed=top.card)
    cards = tuple(sorted(hand))
    out = []
    for action in legal:
        if action.kind != "activate":
            out.append((action, -99.0))
            continue
        fighter = action.str_param("character")
        rest = tuple(f for f in ready if f != fighter)
        out.append((action, gains[(top.card, fighter)] + _assign(cards, rest, gains)))
    return out


def _hand(world: BattlegroundState, seat: int) -> list[str]:
    side = world.sides[seat]
    return [*side.hand, *side.glory]


def _gains(
    world: BattlegroundState,
    seat: int,
    cards: Sequence[str],
    fighters: Sequence[str],
    rng: Pcg32,
    revealed: str | None = None,
) -> dict[tuple[str, str], float]:
    """The gain in lead (VP) of an activation of each of *fighters* with each card (of
    *cards*, and *revealed*: the card whose character is being chosen), played out by the
    quick policy, its first bonus chosen by playing each out; the same dice for all."""
    base = evaluation.advantage(world, seat)
    common = rng.next_u32()
    gains: dict[tuple[str, str], float] = {}
    for card in [*cards, *([revealed] if revealed else [])]:
        for fighter in fighters:
            trial = world.clone()
            if card != revealed:  # as if the card had been revealed for this activation
                trial.take_from_hand(seat, card)
                trial.flow.push(ActivateStep(player=seat, card=card))
            trial.apply_action(Action.of("activate", character=fighter), seat)
            stream = Pcg32(common)
            policy = _bonus_played_out(QuickPolicy(stream), seat, stream)
            finish_turn(trial, policy, stream, len(trial.turns))
            gains[(card, fighter)] = lead_of(trial, seat) - base
    return gains


def _assign(
    cards: tuple[str, ...],
    fighters: tuple[str, ...],
    gains: dict[tuple[str, str], float],
    memo: dict[tuple[tuple[str, ...], tuple[str, ...]], float] | None = None,
) -> float:
    """The best total gain of giving each of *fighters* one of *cards* (sorted), or none."""
    if not cards or not fighters:
        return 0.0
    if memo is None:
        memo = {}
    key = (cards, fighters)
    found = memo.get(key)
    if found is not None:
        return found
    first, rest = fighters[0], fighters[1:]
    best = _assign(cards, rest, gains, memo)
    for index, card in enumerate(cards):
        if index and card == cards[index - 1]:
            continue
        others = cards[:index] + cards[index + 1 :]
        best = max(best, gains[(card, first)] + _assign(others, rest, gains, memo))
    memo[key] = best
    return best


def _bonus_played_out(policy: QuickPolicy, seat: int, rng: Pcg32) -> Policy:
    """The quick policy, except that the activation card's bonus is chosen by playing each
    option out to the end of the activation."""

    def decide(world: BattlegroundState, player: int) -> Action:
        top = world.flow.top()
        if player == seat and isinstance(top, BonusStep) and top.start:
            legal = playable(world.legal_actions(player))
            if len(legal) > 1:
                depth = len(world.turns)
                best, best_value = legal[0], -9.0
                common = rng.next_u32()
                for action in legal:
                    after = world.clone()
                    after.apply_action(action, player)
                    stream = Pcg32(common)
                    finish_turn(after, QuickPolicy(stream).choose, stream, depth)
                    value = seat_value(after, player)
                    if value > best_value:
                        best, best_value = action, value
                return best
        return policy.choose(world, player)

    return decide
