"""The procedure stack: a game's pending steps, each a small typed record with its own rules.

Board games nest: a round holds turns, a turn holds actions, an attack waits for dice, a die
waits for a reroll decision, an opponent may respond out of turn. A game keeps this as a stack of
:class:`Step` records (innermost on top). The top step says who acts (:meth:`Step.actor`), which
actions they have (:meth:`Step.legal`), why any other is refused (:meth:`Step.refusal`) and what
an action does (:meth:`Step.apply`); it may push sub-steps. Steps that need nobody's input
(:data:`AUTO`) are run by :meth:`Flow.settle` until someone must decide or roll.

Being records, steps serialise with the state through a :class:`StepKinds` vocabulary (the kind
names are part of each game's saved format), so a game stops and resumes anywhere.

Generic steps every game may use: :class:`ResponseWindow` (priority passes among seats in a
stated order; closes when all pass in succession) and :class:`PickSubset` (a choice of variable
size, asked one pick at a time in canonical order). A step can also be the root of a
sub-procedure that hands a result back to the step below it (:meth:`Flow.finish`,
:meth:`Step.resume`): a battle inside a campaign, or, with nothing below, a game of its own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from rulekeeper.core.actions import Action
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.record import Reader, _copy_json, _read_json, _record_plan, from_data, to_data
from rulekeeper.core.state import GameState
from rulekeeper.core.zones import Zone

__all__ = [
    "AUTO",
    "Flow",
    "PickSubset",
    "Refusal",
    "ResponseWindow",
    "Step",
    "StepKinds",
]

AUTO = -3
"""``Step.actor`` of a step the rules settle without anyone's input."""

S = TypeVar("S")
Refusal = tuple[str, str]
"""(rule, reason) of a refused action."""

_MAX_STEPS = 1_000


class Step(Generic[S]):
    """One pending step. Subclasses are dataclasses (their fields are the step's data) with a
    unique ``kind``; they override :meth:`actor` and either :meth:`legal` alone (refusals are
    then "not one of the choices") or :meth:`candidates` with :meth:`refusal` (the one-function
    pattern: the list, the check and the explanation all come from the refusal)."""

    kind: ClassVar[str] = ""
    rule: ClassVar[str] = "procedure"
    """The rule cited when an action is refused here."""
    shared: ClassVar[bool] = False
    """Whether the step's fields never change once it is pushed: clones then share it."""
    public_kinds: ClassVar[frozenset[str] | None] = frozenset()
    """Kinds of actions this step judges (legal or not, and the words why) from public data
    alone, never from the acting seat's hidden cards; None: every kind. Anyone may be told
    those judgements; the others are "not judged" for whoever cannot see the acting seat's
    cards (GameState.explain). Default: none, the safe answer for a step that reads a hand."""

    def actor(self, state: S) -> int:
        """Who acts: a seat, ``CHANCE``, ``SIMULTANEOUS`` or :data:`AUTO`."""
        return AUTO

    def waiting(self, state: S) -> Sequence[int]:
        """At a simultaneous step, the seats still to submit."""
        return ()

    def candidates(self, state: S, seat: int) -> Iterable[Action]:
        """Actions worth checking with :meth:`refusal` (a superset of the legal ones)."""
        return ()

    def legal(self, state: S, seat: int) -> Sequence[Action]:
        """The legal actions of *seat*, in a deterministic order."""
        return [a for a in self.candidates(state, seat) if self.refusal(state, seat, a) is None]

    def refusal(self, state: S, seat: int, action: Action) -> Refusal | None:
        """Why *seat* may not take *action* here, or None if it may."""
        legal = self.legal(state, seat)
        if action in legal:
            return None
        kinds = sorted({a.kind for a in legal})
        if action.kind not in kinds:
            return (self.rule, f"no {action.kind!r} action now (possible: {', '.join(kinds)})")
        return (self.rule, f"{action} is not one of the choices now")

    def judged_in_public(self, state: S, seat: int, action: Action) -> bool:
        """Whether *seat*'s *action* is judged here from public data alone (default: its kind
        is one of :attr:`public_kinds`)."""
        kinds = self.public_kinds
        return kinds is None or action.kind in kinds

    def held_zones(self, state: S) -> Sequence[str]:
        """Zones whose cards a seat is choosing from at this pending step (a pick among a
        hand's cards): a re-deal for a bot (``resample``, core/hidden.py) keeps them as they
        are. Default: none."""
        return ()

    def shown_cards(self, state: S) -> Sequence[tuple[str, str]]:
        """(zone, card) for each card of a hidden zone this step has shown to everyone (a card
        picked in the open from a hand): a re-deal keeps it where it is. Default: none."""
        return ()

    def secret_picks(self, state: S) -> Sequence[tuple[str, str]]:
        """(zone, card) for each card chosen in secret from a zone and still in it until it is
        revealed (a face-down selection): a re-deal of that zone chooses again among its new
        cards and tells the step (:meth:`repick`). Default: none."""
        return ()

    def repick(self, state: S, zone: str, card: str) -> None:
        """After a re-deal, *card* of *zone* is the card chosen in secret there instead."""
        raise NotImplementedError(f"{self.kind}: no secret pick")

    def redealt(self, state: S, zones: Mapping[str, Zone]) -> None:
        """The *zones* (by name) were dealt again: bring what this step lists of their cards up
        to date (the options of a pick offered from a hand). Default: nothing to do."""
        return None

    def apply(self, state: S, action: Action, seat: int) -> None:
        """Carry out a legal action (the step may pop itself, push sub-steps, ...)."""
        raise NotImplementedError(f"{self.kind}: no actions")

    def run(self, state: S) -> None:
        """Settle an :data:`AUTO` step; it must pop or change itself, or push a step."""
        raise NotImplementedError(f"{self.kind}: not automatic")

    def chance(self, state: S) -> Sequence[tuple[Action, float]]:
        """Outcomes of a ``CHANCE`` step with their probabilities."""
        return ()

    def pointless(self, state: S) -> bool:
        """Whether the step is moot now (its subject is gone) and is dropped unasked."""
        return False

    def resume(self, state: S, result: JsonObject) -> None:
        """A sub-procedure pushed by this step finished with *result* (see Flow.finish)."""
        raise NotImplementedError(f"{self.kind}: no sub-procedure to resume")

    def check(self, state: S, above: Step[Any] | None) -> str | None:
        """For a step read from a saved state: why it cannot stand where it is, or None.

        *above* is the step directly on top of it (None for the top step): a step knows which
        steps it pushes, so checking upwards catches a step out of place. Also the place for
        what its field types cannot say (a seat of this game, a card in that hand). Checks on a
        step's fields alone go in ``__post_init__`` (a ValueError there is a DataError)."""
        return None


StepT = TypeVar("StepT", bound=Step[Any])


class StepKinds:
    """The vocabulary of a game's steps: kind name to class, for reading saved stacks."""

    __slots__ = ("_by_kind",)

    def __init__(self, *classes: type[Step[Any]]) -> None:
        self._by_kind: dict[str, type[Step[Any]]] = {}
        for cls in classes:
            self.add(cls)

    def add(self, cls: type[Step[Any]]) -> None:
        if not dataclasses.is_dataclass(cls) or not cls.kind:
            raise TypeError(f"{cls.__name__}: a step is a dataclass with a kind")
        if self._by_kind.get(cls.kind, cls) is not cls:
            raise ValueError(f"two steps are called {cls.kind!r}")
        self._by_kind[cls.kind] = cls
        _record_plan(cls)

    def merged(self, *others: StepKinds) -> StepKinds:
        out = StepKinds(*self._by_kind.values())
        for other in others:
            for cls in other._by_kind.values():
                out.add(cls)
        return out

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(sorted(self._by_kind))

    def get(self, kind: str) -> type[Step[Any]] | None:
        """The step class called *kind*, or None."""
        return self._by_kind.get(kind)

    def __contains__(self, cls: object) -> bool:
        return isinstance(cls, type) and self._by_kind.get(getattr(cls, "kind", "")) is cls

    # A Codec for ``Annotated[Flow, kinds]`` fields.
    def copy_value(self, value: Any) -> Any:
        assert isinstance(value, Flow)
        return value.clone()

    def write_value(self, value: Any) -> Any:
        assert isinstance(value, Flow)
        return value.to_data()

    def read_value(self, value: Any, reader: Reader, path: str) -> Flow:
        return Flow.from_data(value, self, reader, path)

    def read_step(self, value: Any, reader: Reader, path: str) -> Step[Any]:
        if not isinstance(value, dict):
            raise reader.fail(path, "a step is an object with a kind")
        kind = value.get("kind")
        cls = self._by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise reader.fail(
                f"{path}.kind", f"unknown step kind {kind!r} (known: {', '.join(self.kinds)})"
            )
        body = {k: v for k, v in value.items() if k != "kind"}
        step: Step[Any] = from_data(cls, body, reader, path)
        return step


def write_step(step: Step[Any]) -> JsonObject:
    """A step as plain data: its kind and its fields."""
    return {"kind": step.kind, **to_data(step)}


class Flow:
    """The stack of pending steps (top last) and, once the root finished, its result."""

    __slots__ = ("result", "steps")

    def __init__(self, steps: Iterable[Step[Any]] = (), result: JsonObject | None = None) -> None:
        self.steps: list[Step[Any]] = list(steps)
        self.result = result

    def top(self) -> Step[Any]:
        return self.steps[-1]

    def push(self, step: Step[Any]) -> None:
        self.steps.append(step)

    def pop(self) -> Step[Any]:
        return self.steps.pop()

    def discard(self, step: Step[Any]) -> None:
        """Remove *step* itself, wherever it is (by identity: equal steps may be pending)."""
        for index in range(len(self.steps) - 1, -1, -1):
            if self.steps[index] is step:
                del self.steps[index]
                return
        raise ValueError(f"{step.kind!r} is not pending")

    def replace(self, step: Step[Any]) -> None:
        """Put *step* in place of the top one."""
        self.steps[-1] = step

    def find(self, cls: type[StepT]) -> StepT | None:
        """The innermost pending step of class *cls*."""
        for step in reversed(self.steps):
            if isinstance(step, cls):
                return step
        return None

    def __contains__(self, cls: type[Step[Any]]) -> bool:
        return any(isinstance(step, cls) for step in self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[Step[Any]]:
        return iter(self.steps)

    def finish(self, state: Any, result: JsonObject) -> None:
        """Pop the top step, the root of a sub-procedure, and hand *result* to the step below
        (:meth:`Step.resume`); with nothing below, the whole procedure is over with *result*."""
        self.steps.pop()
        if self.steps:
            self.steps[-1].resume(state, result)
        else:
            self.result = result

    def settle(self, state: Any, before: Any = None) -> None:
        """Run :data:`AUTO` steps and drop pointless ones until someone must act.

        *before*, if given, is called with the state before each step is looked at (a game's
        check between steps, such as removing knocked-out characters)."""
        guard = 0
        while self.steps:
            if before is not None and before(state) is False:
                return
            if not self.steps:
                return
            top = self.steps[-1]
            if top.pointless(state):
                self.steps.pop()
                continue
            if top.actor(state) != AUTO:
                return
            top.run(state)
            guard += 1
            if guard > 100_000:
                raise RuntimeError(f"the procedure did not settle (stuck at {top.kind!r})")

    def clone(self) -> Flow:
        steps = []
        for step in self.steps:
            cls = type(step)
            copy = None if cls.shared else _record_plan(cls).copy
            steps.append(step if copy is None else copy(step))
        return Flow(steps, None if self.result is None else _copy_json(self.result))

    def to_data(self) -> JsonObject:
        return {"steps": [write_step(s) for s in self.steps], "result": self.result}

    @classmethod
    def from_data(cls, data: Any, kinds: StepKinds, reader: Reader, path: str) -> Flow:
        if not isinstance(data, dict) or set(data) != {"steps", "result"}:
            raise reader.fail(path, "the procedure is an object with steps and result")
        raw = data["steps"]
        if not isinstance(raw, list):
            raise reader.fail(f"{path}.steps", "expected a list of steps")
        if len(raw) > _MAX_STEPS:
            raise reader.fail(f"{path}.steps", f"more than {_MAX_STEPS} pending steps")
        steps = [kinds.read_step(item, reader, f"{path}.steps[{i}]") for i, item in enumerate(raw)]
        result = data["result"]
        if result is not None and not isinstance(result, dict):
            raise reader.fail(f"{path}.result", "expected an object or null")
        return cls(steps, None if result is None else _read_json(result, reader, f"{path}.result"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Flow) and self.to_data() == other.to_data()

    def __repr__(self) -> str:
        return f"Flow({[s.kind for s in self.steps]!r})"


# --------------------------------------------------------------------------- generic steps

PASS = Action.of("pass")


@dataclass
class ResponseWindow(Step[S]):
    """A window in which several seats may respond, priority passing in the order of ``seats``.

    The seat holding priority (``seats[holder]``) acts or passes; after a response, priority
    moves on and every seat must pass again. The window closes (pops) when every seat has passed
    in succession since the last response. A seat is passed for automatically only for a
    public reason (:meth:`public_pass`), never for what a hidden hand holds: otherwise whether
    the window waits for it would tell everyone whether its hand holds a response. Subclasses
    say what each seat may play (:meth:`responses`) and what it does (:meth:`respond`)."""

    seats: list[int] = field(default_factory=list)
    holder: int = 0
    passes: int = 0

    def __post_init__(self) -> None:
        size = len(self.seats)
        if not 0 <= self.holder < max(1, size):
            raise ValueError(f"holder {self.holder} is not an index of the {size} seats")
        if not 0 <= self.passes < max(1, size):
            raise ValueError(f"{self.passes} passes in a window of {size} seats")

    public_kinds: ClassVar[frozenset[str] | None] = frozenset({"pass"})

    def responses(self, state: S, seat: int) -> Sequence[Action]:
        """What *seat* may play in this window now (passing is added by the window)."""
        return ()

    def public_pass(self, state: S, seat: int) -> bool:
        """Whether *seat* is passed for automatically, for a reason everyone can see (an empty
        hand, a token already used, no resources). Default: it holds no card hidden from
        anyone (:meth:`GameState.holds_hidden`) and has no response: with cards in a hidden
        hand it decides, if only to pass. A window whose responses read no hidden data
        overrides it with ``not self.responses(state, seat)``; a client may still pass for
        its own player (docs/architecture.md, *Response windows and hidden information*)."""
        return not _holds_hidden(state, seat) and not self.responses(state, seat)

    def respond(self, state: S, action: Action, seat: int) -> None:
        """Carry out a response (may push sub-steps, which resolve before priority returns)."""
        raise NotImplementedError

    def close(self, state: S) -> None:
        """Everyone passed: what happens next (default: nothing more)."""

    def holding(self) -> int:
        return self.seats[self.holder % len(self.seats)]

    def actor(self, state: S) -> int:
        if not self.seats or self.public_pass(state, self.holding()):
            return AUTO
        return self.holding()

    def legal(self, state: S, seat: int) -> Sequence[Action]:
        return [*self.responses(state, seat), PASS]

    def apply(self, state: S, action: Action, seat: int) -> None:
        if action == PASS:
            self._pass(state)
            return
        self.passes = 0
        self.holder = (self.holder + 1) % len(self.seats)
        self.respond(state, action, seat)

    def run(self, state: S) -> None:
        self._pass(state)

    def _pass(self, state: S) -> None:
        self.passes += 1
        self.holder = (self.holder + 1) % max(1, len(self.seats))
        if self.passes >= len(self.seats):
            flow = _flow_of(state)
            if flow.steps and flow.steps[-1] is self:
                flow.pop()
            self.close(state)


@dataclass
class PickSubset(Step[S]):
    """Choose any number of items (between ``least`` and ``most``) one pick at a time.

    ``options`` are in canonical order and may repeat (two copies of a card); picks go in that
    order (each pick comes after the previous one), so every subset is reached by exactly one
    sequence and the list of actions stays as long as the options, not the subsets. ``done``
    ends the choice once ``least`` are picked; reaching ``most`` ends it by itself. Subclasses
    say what the finished choice does (:meth:`chosen`)."""

    seat: int = 0
    options: list[str] = field(default_factory=list)
    picked: list[int] = field(default_factory=list)
    least: int = 0
    most: int = 0

    verb: ClassVar[str] = "pick"
    open_picks: ClassVar[bool] = False
    """Whether everyone sees each pick (an open discard) or only the picking seat: a re-deal of
    :meth:`options_zone` keeps the cards picked in the open, and only those."""

    def options_zone(self, state: S) -> str | None:
        """The zone whose cards, all of them in canonical (sorted) order, are the options (a
        hand hidden from the others), or None. A re-deal for a bot then offers the zone's new
        cards (:meth:`redealt`). Default: None."""
        return None

    def shown_cards(self, state: S) -> Sequence[tuple[str, str]]:
        zone = self.options_zone(state)
        if zone is None or not self.open_picks:
            return ()
        return [(zone, self.options[index]) for index in self.picked]

    def redealt(self, state: S, zones: Mapping[str, Zone]) -> None:
        """The options are the re-dealt zone's cards; picks in the open stay on the same cards,
        secret picks on the same places."""
        name = self.options_zone(state)
        zone = None if name is None else zones.get(name)
        if zone is None:
            return
        kept = [self.options[index] for index in self.picked]
        self.options = sorted(zone.cards)
        if self.open_picks:
            picked: list[int] = []
            for card in kept:
                picked.append(self.options.index(card, picked[-1] + 1 if picked else 0))
            self.picked = picked

    def __post_init__(self) -> None:
        if not 0 <= self.least <= min(self.most, len(self.options)):
            raise ValueError(
                f"least {self.least} and most {self.most} do not fit {len(self.options)} options"
            )
        if any(b <= a for a, b in zip(self.picked, self.picked[1:], strict=False)):
            raise ValueError("picks go in the order of the options")
        if self.picked and not (self.picked[0] >= 0 and self.picked[-1] < len(self.options)):
            raise ValueError("a pick is not one of the options")
        if len(self.picked) > self.most or (self.picked and len(self.picked) == self.most):
            raise ValueError(f"{len(self.picked)} picks pending, at most {self.most}")
        left = len(self.options) - (self.picked[-1] + 1 if self.picked else 0)
        if left < self.least - len(self.picked):
            raise ValueError(f"too few options left to pick at least {self.least}")

    def chosen(self, state: S, items: list[str]) -> None:
        """The finished choice (called after this step is popped)."""
        raise NotImplementedError

    def actor(self, state: S) -> int:
        return self.seat

    def candidates(self, state: S, seat: int) -> Iterable[Action]:
        start = self.picked[-1] + 1 if self.picked else 0
        seen: set[str] = set()
        for index in range(start, self._last_start() + 1):
            item = self.options[index]
            if item not in seen:  # equal items: the first copy stands for all
                seen.add(item)
                yield Action.of(self.verb, item=item)
        yield Action.of("done")

    def _last_start(self) -> int:
        """The last option that can be picked next and still leave enough for ``least``."""
        needed = max(0, self.least - len(self.picked))
        return len(self.options) - max(1, needed)

    def refusal(self, state: S, seat: int, action: Action) -> Refusal | None:
        if action.kind == "done" and action == Action.of("done"):
            if len(self.picked) < self.least:
                return (self.rule, f"pick at least {self.least} (picked {len(self.picked)})")
            return None
        if action.kind != self.verb or [name for name, _ in action.params] != ["item"]:
            return (self.rule, f"'{self.verb}' an item or say 'done'")
        item = action.param("item")
        index = self._next_index(item)
        if index is None:
            return (self.rule, f"{item!r} is not among the items left to pick")
        if index > self._last_start():
            left = len(self.options) - index - 1
            return (
                self.rule,
                f"after {item!r} only {left} items are left; at least {self.least} must be picked",
            )
        return None

    def _next_index(self, item: object) -> int | None:
        start = self.picked[-1] + 1 if self.picked else 0
        for index in range(start, len(self.options)):
            if self.options[index] == item:
                return index
        return None

    def apply(self, state: S, action: Action, seat: int) -> None:
        if action.kind == self.verb:
            index = self._next_index(action.param("item"))
            assert index is not None
            self.picked.append(index)
            if len(self.picked) < self.most and self._next_index_any() is not None:
                return
        flow = _flow_of(state)
        flow.pop()
        self.chosen(state, [self.options[i] for i in self.picked])

    def _next_index_any(self) -> int | None:
        start = self.picked[-1] + 1 if self.picked else 0
        return start if start < len(self.options) else None

    def picks_for(self, items: Sequence[str]) -> list[Action]:
        """The actions that finish the choice of exactly *items* (the whole subset, those
        picked so far included): one pick for each item left in canonical order, then ``done``
        unless the step ends by itself (``most`` reached, no option left). Raises ValueError if
        they cannot be picked (a bot weighs a whole subset, then plays it pick by pick)."""
        picked = list(self.picked)
        left = list(items)
        for index in picked:
            if self.options[index] not in left:
                raise ValueError(f"{self.options[index]!r} is picked already, not in {items}")
            left.remove(self.options[index])
        actions: list[Action] = []
        for item in sorted(left, key=self._order_of):
            start = picked[-1] + 1 if picked else 0
            found = next(
                (i for i in range(start, len(self.options)) if self.options[i] == item), None
            )
            if found is None:
                before = [self.options[i] for i in picked]
                raise ValueError(f"{item!r} cannot be picked after {before}")
            index = found
            picked.append(index)
            actions.append(Action.of(self.verb, item=item))
            if len(picked) >= self.most or index == len(self.options) - 1:
                if len(actions) < len(left):
                    raise ValueError(f"at most {len(picked)} of {list(items)} can be picked")
                return actions
        return [*actions, Action.of("done")]

    def _order_of(self, item: str) -> int:
        """Where *item* first stands among the options (unknown items last)."""
        return self.options.index(item) if item in self.options else len(self.options)


def _holds_hidden(state: object, seat: int) -> bool:
    """Whether *seat* holds cards someone else cannot see (GameState.holds_hidden)."""
    return isinstance(state, GameState) and state.holds_hidden(seat)


def _flow_of(state: Any) -> Flow:
    flow = getattr(state, "flow", None)
    if not isinstance(flow, Flow):
        raise TypeError("generic steps need the state's procedure in its 'flow' attribute")
    return flow
