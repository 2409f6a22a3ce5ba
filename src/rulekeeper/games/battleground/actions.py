"""Action values of Battleground, built once per game: legal-action lists rebuild the same few
thousand actions over and over, and actions are immutable.

Each game owns an :class:`ActionCatalog` (``game.actions``); its memo is bounded, shared by the
game's states and clones, and never leaves the game, so many games run side by side in one
process without sharing anything.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from itertools import combinations, product
from typing import Any, TypeVar

from rulekeeper.core import Action
from rulekeeper.core.jsonvalue import freeze
from rulekeeper.games.battleground.board.measures import Position

SIMPLE_ACT_KINDS = frozenset({"focus", "overwatch", "end", "play", "skill", "use-item"})

T = TypeVar("T")


def reroll_sets(dice: tuple[int, ...], limit: int) -> list[tuple[int, ...]]:
    """Each distinct set of faces that can be rerolled, at most *limit* dice (dice showing the same
    face are alike), fewest first (rulebook, Tests: free and mana rerolls). The rules ask for a
    reroll one die at a time (:class:`~rulekeeper.games.battleground.rules.dicetest.RerollStep`);
    bots weigh these whole sets, then pick their dice one by one."""
    counts = sorted(Counter(dice).items())
    options: list[tuple[int, ...]] = []
    for picks in product(*(range(n + 1) for _, n in counts)):
        if sum(picks) <= limit:
            options.append(
                tuple(face for (face, _), k in zip(counts, picks, strict=True) for _ in range(k))
            )
    options.sort(key=lambda faces: (len(faces), faces))
    return options


def discard_sets(hand: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Preparation Phase: any number of cards may be discarded (each distinct choice once,
    fewest first)."""
    options: set[tuple[str, ...]] = set()
    for size in range(len(hand) + 1):
        options.update(combinations(hand, size))
    return sorted(options, key=lambda c: (len(c), c))


def _attack(weapon_id: str, target: str) -> Action:
    return Action.of("attack", weapon=weapon_id, target=target)


class ActionCatalog:
    """The actions of one game, each built once (a bounded memo owned by the game)."""

    __slots__ = ("_memo", "_moves", "_simple")

    LIMIT = 100_000

    def __init__(self) -> None:
        self._memo: dict[Hashable, Any] = {}
        # actions without parameters, or with one text parameter, by (kind, name, text)
        self._simple: dict[Hashable, Action] = {}
        # moves without and with focus, by destination: bounded by the map's positions
        self._moves: tuple[dict[Position, Action], dict[Position, Action]] = ({}, {})

    def _remember(self, key: Hashable, build: Callable[..., T], *args: Any) -> T:
        """The value remembered under *key*, or ``build(*args)`` remembered (no closure is made
        for the usual case, a value already there)."""
        memo = self._memo
        found = memo.get(key)
        if found is None:
            if len(memo) >= self.LIMIT:
                memo.clear()
            found = memo[key] = build(*args)
        result: T = found
        return result

    def plain(self, kind: str) -> Action:
        """``Action.of(kind)``, built once."""
        found = self._simple.get(kind)
        if found is None:
            found = self._simple[kind] = Action.of(kind)
        return found

    def one(self, kind: str, name: str, value: str | int | tuple[str | int, ...]) -> Action:
        """``Action.of(kind, name=value)`` for a text, a whole number or a tuple of either, built
        once. Such a value is equal only to its own kind (True, 1.0 and "1" are other types), so
        the key needs no type."""
        key = (kind, name, value)
        found = self._simple.get(key)
        if found is None:
            if len(self._simple) >= self.LIMIT:
                self._simple.clear()
            found = self._simple[key] = Action.of(kind, **{name: value})
        return found

    def act(self, kind: str, **params: Any) -> Action:
        """``Action.of(kind, **params)``, built once. The key keeps types apart (1, 1.0, True)."""
        if not params:
            return self.plain(kind)
        if len(params) == 1:
            ((name, value),) = params.items()
            plain = type(value)
            if plain is str or plain is int:
                return self.one(kind, name, value)
            if (plain is list or plain is tuple) and (
                all(type(v) is int for v in value) or all(type(v) is str for v in value)
            ):
                # coordinates, cards: an action keeps a list as a tuple
                return self.one(kind, name, tuple(value))
            key: tuple[Any, ...] = ("act", kind, name, type(value).__name__, freeze(value))
        else:
            key = (
                "act",
                kind,
                *sorted((k, type(v).__name__, freeze(v)) for k, v in params.items()),
            )
        return self._remember(key, lambda: Action.of(kind, **params))

    def moves(self, positions: Sequence[Position], use_focus: bool) -> list[Action]:
        """:meth:`move` to each of *positions*."""
        table = self._moves[use_focus]
        out = []
        for pos in positions:
            action = table.get(pos)
            if action is None:
                action = table[pos] = Action.of("move", to=pos.to_json(), focus=use_focus)
            out.append(action)
        return out

    def move(self, pos: Position, use_focus: bool) -> Action:
        """Move: ``move to=[q, r, level] focus=...``."""
        return self.moves((pos,), use_focus)[0]

    def attack(self, weapon_id: str, target: str) -> Action:
        """Attack: ``attack target=... weapon=...``."""
        return self._remember(("attack", weapon_id, target), _attack, weapon_id, target)

    def card_choices(
        self, kind: str, hand: tuple[str, ...], glory: tuple[str, ...], extra: tuple[str, ...]
    ) -> tuple[Action, ...]:
        """One action per distinct card of the hand, then of the glory cards, then *extra*."""
        key = ("cards", kind, hand, glory, extra)
        return self._remember(key, self._card_choices, kind, hand, glory, extra)

    def _card_choices(
        self, kind: str, hand: tuple[str, ...], glory: tuple[str, ...], extra: tuple[str, ...]
    ) -> tuple[Action, ...]:
        cards = sorted(set(hand)) + sorted(set(glory))
        return (*(self.one(kind, "card", c) for c in cards), *(self.plain(k) for k in extra))

    def face_choices(self, directions: tuple[int, ...]) -> tuple[Action, ...]:
        """Facing: one action per direction offered."""
        return self._remember(("face", directions), self._face_choices, directions)

    def _face_choices(self, directions: tuple[int, ...]) -> tuple[Action, ...]:
        return tuple(self.one("face", "direction", d) for d in directions)

    def picks(self, verb: str, options: tuple[str, ...]) -> tuple[Action, ...]:
        """The actions of a choice of any subset asked one pick at a time (``PickSubset`` with
        ``least`` 0) whose *options* are left to pick: each distinct item, then ``done``."""
        return self._remember(("picks", verb, options), self._picks, verb, options)

    def _picks(self, verb: str, options: tuple[str, ...]) -> tuple[Action, ...]:
        items = sorted(set(options), key=options.index)
        return (*(self.one(verb, "item", item) for item in items), self.plain("done"))
