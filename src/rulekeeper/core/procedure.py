"""ProcedureState: a game state driven by its procedure stack, its data declared once.

A game that subclasses :class:`ProcedureState` declares its data as class annotations (records,
lists, numbers, ...: see :mod:`rulekeeper.core.record`) and its step vocabulary in ``STEPS``;
everything the state API needs follows:

* who acts, the legal actions, the legality check and the refusal come from the top step;
* after each action, automatic steps run until someone must act (:meth:`Flow.settle`);
* clone, serialise and deserialise follow from the declared fields; a saved state that does not
  fit the declaration, names an unknown step, references something that does not exist or
  breaks an invariant the game checks (:meth:`ProcedureState._check_state`, :meth:`Step.check`)
  is refused with a :class:`DataError` naming the field, and so is one the rules cannot continue
  from (it is probed when read).
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, get_type_hints

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import DataError, RulekeeperError
from rulekeeper.core.flow import AUTO, Flow, Step, StepKinds
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.record import FieldSet, Reader, RefCheck
from rulekeeper.core.state import CHANCE, SIMULTANEOUS, TERMINAL, GameState

__all__ = ["ProcedureState"]

_FIELDSET_ATTR = "__state_fields__"


def _declared(cls: type) -> dict[str, Any]:
    """Annotations declared by *cls* and its bases below ProcedureState, without ClassVars."""
    own: list[str] = []
    for klass in reversed(cls.__mro__):
        if not issubclass(klass, ProcedureState) or klass is ProcedureState:
            continue
        for name in inspect.get_annotations(klass):
            if name not in own:
                own.append(name)
    hints = get_type_hints(cls, include_extras=True)
    skip = set(GameState._BASE_FIELDS) | {"flow"}
    return {
        name: hints[name]
        for name in own
        if name not in skip
        and getattr(hints[name], "__origin__", None) is not ClassVar
        and not str(hints[name]).startswith("typing.ClassVar")
    }


class ProcedureState(GameState):
    """A state whose procedure is a :class:`Flow` of typed steps (``self.flow``)."""

    STEPS: ClassVar[StepKinds] = StepKinds()
    flow: Flow

    @classmethod
    def fieldset(cls) -> FieldSet:
        """The compiled declaration of this state class's data (built once per class)."""
        found = cls.__dict__.get(_FIELDSET_ATTR)
        if found is None:
            found = FieldSet(_declared(cls))
            setattr(cls, _FIELDSET_ATTR, found)
        assert isinstance(found, FieldSet)
        return found

    # ------------------------------------------------------------------ hooks for games

    def _is_over(self) -> bool:
        """Whether the game has ended (default: nothing is left on the procedure stack)."""
        return not self.flow.steps

    def _between_steps(self) -> bool | None:
        """Called before each automatic step is looked at; return False to stop settling."""
        return None

    def _check_refs(self, refs: Sequence[RefCheck], reader: Reader) -> None:
        """Check the references met while reading a saved state (default: none are known)."""
        for ref in refs:
            raise reader.fail(ref.path, f"unknown {ref.kind} {ref.value!r}")

    def _check_state(self, reader: Reader) -> None:
        """Check a state read from saved data for what its declaration cannot say, before it
        is probed. Default: every step's :meth:`~rulekeeper.core.flow.Step.check`. Games
        extend it with their invariants (each card in one place, which step is the root)."""
        steps = self.flow.steps
        for index, step in enumerate(steps):
            above = steps[index + 1] if index + 1 < len(steps) else None
            problem = step.check(self, above)
            if problem is not None:
                raise reader.fail(f"data.flow.steps[{index}]", f"{step.kind}: {problem}")

    # ------------------------------------------------------------------ the state API

    def _is_terminal(self) -> bool:
        return self._is_over()

    def current_player(self) -> int:
        # The base class asks _is_terminal and then _current_player: one question here.
        return self._current_player()

    def _current_player(self) -> int:
        if self._is_over():
            return TERMINAL
        top = self.flow.steps[-1]
        actor = top.actor(self)
        if actor >= 0:
            return actor
        if actor == SIMULTANEOUS:
            waiting = top.waiting(self)
            if not waiting:
                raise RuntimeError(f"simultaneous step {top.kind!r} is waiting for nobody")
            return SIMULTANEOUS if len(waiting) > 1 else waiting[0]
        if actor == AUTO:  # pragma: no cover - settle runs every automatic step
            raise RuntimeError(f"step {top.kind!r} was left unsettled")
        return actor

    def _legal_actions(self, player: int) -> Sequence[Action]:
        top = self.flow.steps[-1]
        if top.actor(self) == SIMULTANEOUS and player not in top.waiting(self):
            return []
        return top.legal(self, player)

    def _is_legal(self, action: Action, player: int) -> bool:
        top = self.flow.steps[-1]
        if top.actor(self) == SIMULTANEOUS and player not in top.waiting(self):
            return False
        return top.refusal(self, player, action) is None

    def _hidden_judgement(self, action: Action, actor: int, sight: Sequence[int]) -> str | None:
        """Not judged for the viewer when *actor* holds cards it cannot see and the top step
        does not judge *action* from public data alone (:meth:`Step.judged_in_public`)."""
        if self._is_over() or not self.holds_hidden(actor, sight):
            return None
        if self._judged_in_public(action, actor):
            return None
        return f"not judged: depends on player {actor}'s hidden cards"

    def _hidden_holders(self) -> Sequence[Step[Any]]:
        """The pending steps: each declares the hidden data it holds (core/hidden.py)."""
        return self.flow.steps

    def _judged_in_public(self, action: Action, actor: int) -> bool:
        """Whether *actor*'s *action* is judged from public data alone (default: as the top
        step says, :meth:`Step.judged_in_public`); games may answer for all their steps."""
        return self.flow.steps[-1].judged_in_public(self, actor, action)

    def _explain_illegal(self, action: Action, player: int) -> tuple[str, str]:
        top = self.flow.steps[-1]
        refusal = top.refusal(self, player, action)
        if refusal is None:  # pragma: no cover - only asked about refused actions
            return super()._explain_illegal(action, player)
        return refusal

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return self.flow.steps[-1].chance(self)

    def _apply_anytime(self, action: Action, player: int) -> None:
        """Carry out an action of one of :attr:`ANYTIME_KINDS` (forfeiting, offering a draw):
        every action of those kinds comes here, never to the top step, whoever is to act; no
        automatic step runs after it."""
        raise NotImplementedError(f"{self.game.name}: no {action.kind!r} action")

    def _apply(self, action: Action, player: int) -> None:
        if action.kind in self.ANYTIME_KINDS:
            self._apply_anytime(action, player)
            return
        top = self.flow.steps[-1]
        top.apply(self, action, CHANCE if top.actor(self) == CHANCE else player)
        self.settle()

    def settle(self) -> None:
        """Run automatic steps until someone must act."""
        self.flow.settle(self, lambda state: False if state._is_over() else state._between_steps())

    # ------------------------------------------------------------------ data

    def _to_data(self) -> JsonObject:
        return {"flow": self.flow.to_data(), **self.fieldset().write(self)}

    def _clone_data_into(self, new: Any) -> None:
        self.fieldset().copy_into(self, new)
        new.flow = self.flow.clone()

    def _from_data(self, data: Mapping[str, Any]) -> None:
        reader = Reader(f"{self.game.name} state")
        rest = {k: v for k, v in data.items() if k != "flow"}
        if "flow" not in data:
            raise reader.fail("data.flow", "missing")
        self.fieldset().read_into(self, rest, reader, "data")
        self.flow = Flow.from_data(data["flow"], self.STEPS, reader, "data.flow")
        self._check_refs(reader.refs, reader)
        self._check_state(reader)
        self._probe(reader)

    def _probe(self, reader: Reader) -> None:
        """Ask the restored state what the rules need at once; a state they cannot continue
        from is refused here rather than accepted and failing later."""
        try:
            if not self._is_over():
                top = self.flow.steps[-1]
                if top.actor(self) == AUTO:
                    raise reader.fail("data.flow", f"step {top.kind!r} cannot wait for input")
            current = self.current_player()
            if current == CHANCE:
                self.chance_outcomes()
            elif current != TERMINAL:
                seats = range(self.num_players) if current == SIMULTANEOUS else [current]
                if not any(self.legal_actions(seat) for seat in seats):
                    raise reader.fail("data.flow", "nobody can act, yet the game is not over")
            for seat in range(self.num_players):
                self.observation(seat)
        except (DataError, RulekeeperError):
            raise
        except Exception as exc:
            if not self.flow.steps:
                raise reader.fail("data", f"the rules cannot continue from it ({exc!r})") from exc
            where = f"data.flow.steps[{len(self.flow.steps) - 1}]"  # what the rules asked first
            kind = self.flow.steps[-1].kind
            raise reader.fail(
                where, f"the rules cannot continue from step {kind!r} here ({exc!r})"
            ) from exc
