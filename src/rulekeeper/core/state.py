"""GameState: the OpenSpiel-shaped contract every game's states implement (the game itself:
core/game.py; the history: core/history.py).

The base class owns the invariants that must hold for *every* game and that
are easy to get subtly wrong per game:

* validation before mutation, with a rule citation for every refusal;
* atomic application (a failing rule never leaves a half-applied state);
* a state is a pure function of ``(game params, seed, history)``, so replays,
  saves and network play agree bit for bit;
* exact JSON serialization.

Games implement only the ``_``-prefixed hooks.
"""

from __future__ import annotations

import copy
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from rulekeeper.core.actions import Action
from rulekeeper.core.chain import Records
from rulekeeper.core.document import STATE_FORMAT, read_document, write_document
from rulekeeper.core.errors import DataError, IllegalActionError
from rulekeeper.core.events import Event, EventLog, seat_tuple
from rulekeeper.core.explain import Explanation, explain, refusal
from rulekeeper.core.hidden import (
    HIDDEN_RULE,
    HoldsHidden,
    covered_history,
    forget_hidden,
    redeal_hidden,
)
from rulekeeper.core.history import LoggedAction, history_of
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.outcome import Outcome, default_outcome
from rulekeeper.core.rng import Pcg32
from rulekeeper.core.seats import CHANCE, SIMULTANEOUS, SPECTATOR, TERMINAL
from rulekeeper.core.zones import Zone, hides_from

if TYPE_CHECKING:
    from rulekeeper.core.gamelike import GameLike

__all__ = [
    "CHANCE",
    "HIDDEN_RULE",
    "SIMULTANEOUS",
    "SPECTATOR",
    "STATE_FORMAT",
    "TERMINAL",
    "Explanation",
    "GameState",
    "Outcome",
]

_PROBABILITY_TOLERANCE = 1e-9


class GameState(ABC):
    """A position in a game.

    Subclass ``__init__`` must call ``super().__init__(game, seed)`` first and
    may then set up its own fields, drawing randomness only from ``self.rng``.
    Deserialization bypasses subclass ``__init__`` and calls
    :meth:`_from_data` instead.  Subclass data lives in ordinary instance
    attributes (no ``__slots__``): the default :meth:`clone` deep-copies every
    attribute that is not one of the base fields below, and atomic
    application swaps ``__dict__`` contents.
    """

    _BASE_FIELDS: ClassVar[frozenset[str]] = frozenset(
        {"game", "seed", "rng", "events", "_history", "_restore_point", "_offered"}
    )

    def __init__(self, game: GameLike, seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, got {seed!r}")
        self.game = game
        self.seed = seed
        self.rng = Pcg32(seed)
        self.events = EventLog()
        self._history: Records[LoggedAction] = history_of(())
        # (untouched copy, history length) taken before the first action applied in place
        self._restore_point: tuple[GameState, int] | None = None
        # (seat, actions) last listed for this very state: an action taken from that list
        # needs no second check (it is forgotten when an action is applied or on a clone)
        self._offered: tuple[int, Sequence[Action]] | None = None

    # ------------------------------------------------------------------ hooks

    @abstractmethod
    def _current_player(self) -> int:
        """Seat to act, or CHANCE / SIMULTANEOUS / TERMINAL."""

    def _is_terminal(self) -> bool:
        return self._current_player() == TERMINAL

    @abstractmethod
    def _legal_actions(self, player: int) -> Sequence[Action]:
        """Legal actions for *player*, who is the one to act (or any seat at a SIMULTANEOUS
        node: [] for seats that have nothing to do), in a deterministic order."""

    @abstractmethod
    def _apply(self, action: Action, player: int) -> None:
        """Apply an action already checked to be legal, in place; it may raise midway:
        :meth:`apply_action` then restores the state."""

    def _explain_legal(self, action: Action, player: int) -> tuple[str, str] | None:
        """(rule, words) for a legal action: what it costs and does (``explain``'s answer);
        None: the game says nothing more (core/explain.py gives the count of choices)."""
        return None

    def _explain_illegal(self, action: Action, player: int) -> tuple[str, str]:
        """(rule, reason) for an action that is not legal for *player*. Games override it
        to cite the rulebook; this fallback only knows the action is not on the list."""
        legal = self._legal_actions(player)
        if all(a.kind != action.kind for a in legal):
            kinds = sorted({a.kind for a in legal})
            return (
                "core: unknown action",
                f"no {action.kind!r} action is possible now (possible: {', '.join(kinds)})",
            )
        return ("core: not a legal action", f"{self.describe(action)} is not allowed now")

    @abstractmethod
    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        """Outcomes and probabilities of the current chance node."""

    @abstractmethod
    def _returns(self) -> Sequence[float]:
        """Per-seat returns (final scores at terminal states)."""

    @abstractmethod
    def _observation(self, player: int) -> JsonObject:
        """What *player* may know, as JSON data; must not leak hidden information."""

    @abstractmethod
    def _to_data(self) -> JsonObject:
        """Subclass fields as JSON data."""

    @abstractmethod
    def _from_data(self, data: Mapping[str, Any]) -> None:
        """Restore subclass fields from :meth:`_to_data` output.

        Base fields (``game``, ``seed``, ``rng``, history, events) are already
        restored.  Raise DataError naming the field on malformed data.
        """

    def _clone_data_into(self, new: Self) -> None:
        """Copy subclass fields into *new*; override with something faster if cloning is hot."""
        memo: dict[int, Any] = {id(self.game): self.game}
        target = new.__dict__
        for key, value in self.__dict__.items():
            if key not in self._BASE_FIELDS:
                target[key] = copy.deepcopy(value, memo)

    # ----------------------------------------------------------------- public

    @property
    def num_players(self) -> int:
        return self.game.num_players

    def current_player(self) -> int:
        return TERMINAL if self._is_terminal() else self._current_player()

    def is_terminal(self) -> bool:
        return self._is_terminal()

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_simultaneous_node(self) -> bool:
        return self.current_player() == SIMULTANEOUS

    def _check_seat(self, player: int) -> None:
        if isinstance(player, bool) or not isinstance(player, int):
            raise TypeError(f"player must be an int, got {player!r}")
        if not 0 <= player < self.num_players:
            raise ValueError(f"no player {player} in a {self.num_players}-player game")

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Legal actions for *player* (default: the player to act).

        At a SIMULTANEOUS node *player* is required.  At a chance node the
        outcomes are returned (for ``None`` or ``CHANCE``).  Seats that are not
        to act get ``[]``.
        """
        current = self.current_player()
        if current == TERMINAL:
            return []
        if current == CHANCE:
            if player is None or player == CHANCE:
                return [action for action, _ in self.chance_outcomes()]
            self._check_seat(player)
            return []
        if current == SIMULTANEOUS:
            if player is None:
                raise ValueError("a player must be given at a simultaneous node")
            if player == CHANCE:
                return []
            self._check_seat(player)
            return self._offer(player)
        if player is None:
            return self._offer(current)
        if player != CHANCE:
            self._check_seat(player)
        return self._offer(current) if player == current else []

    def _offer(self, seat: int) -> list[Action]:
        """The legal actions of *seat*, remembered until the state changes."""
        legal = self._legal_actions(seat)
        self._offered = (seat, legal)
        return list(legal)

    def _was_offered(self, action: Action, seat: int) -> bool:
        """Whether *action* is the very object this state last listed as legal for *seat*."""
        offered = self._offered
        if offered is None or offered[0] != seat:
            return False
        for candidate in offered[1]:  # noqa: SIM110 - a plain loop is twice as fast here
            if candidate is action:
                return True
        return False

    def explain(self, action: Action, player: int | None = None) -> Explanation:
        """Whether *player* may take *action*, and why, judged only from what *player* may
        know. With no player (someone at no seat: a spectator, an administrator), whether the
        player to act may, judged from what everyone sees: an action whose judgement reads
        what that player hides is answered "not judged" with a fixed text, the same whatever
        it holds (:meth:`_hidden_judgement`)."""
        return explain(self, action, player)

    def _hidden_judgement(self, action: Action, actor: int, sight: Sequence[int]) -> str | None:
        """For a viewer seeing through *sight* (``()``: no seat), when judging *actor*'s
        *action* would read data hidden from the viewer: the fixed text it is told instead
        ("not judged: depends on player 1's hidden cards"), which must not depend on the hidden
        data; None when the judgement is public to the viewer. Default: nothing is hidden.
        ProcedureState asks the top step (:attr:`Step.public_kinds`)."""
        return None

    def zones(self) -> Sequence[Zone]:
        """The game's cards by zone, with who sees them (core/zones.py): what observations
        hide, what ``resample`` deals again and what :meth:`holds_hidden` looks at. Games
        with hidden cards override it (default: none)."""
        return ()

    def holds_hidden(self, seat: int, sight: Sequence[int] = ()) -> bool:
        """Whether *seat* (with its team, when vision is shared) sees cards that a viewer
        seeing through *sight* (default: no seat) does not. Public: it reads only how many
        cards each zone holds."""
        return hides_from(self.zones(), self.game.sight_of(seat), sight)

    def anytime_actions(self, player: int) -> list[Action]:
        """Actions *player* may take whoever is to act (forfeiting, offering a draw, ...):
        ``apply_action(action, player)`` accepts them out of turn too."""
        self._check_seat(player)
        if self.is_terminal():
            return []
        return list(self._anytime_actions(player))

    def _anytime_actions(self, player: int) -> Sequence[Action]:
        """Games override: the out-of-turn actions open to *player* now (default: none)."""
        return ()

    #: Kinds of the actions :meth:`_anytime_actions` can offer (a quick filter on every action).
    ANYTIME_KINDS: ClassVar[frozenset[str]] = frozenset()

    def _is_anytime(self, action: Action, player: int | None) -> bool:
        if action.kind not in self.ANYTIME_KINDS:
            return False
        if player is None or player == CHANCE or isinstance(player, bool):
            return False
        if not isinstance(player, int) or not 0 <= player < self.num_players:
            return False
        return action in self._anytime_actions(player)

    def _is_legal(self, action: Action, player: int) -> bool:
        """Whether *action* is among *player*'s legal actions (the player is to act).

        Games may override this with a cheaper check than building the whole list; the
        override must agree with :meth:`_legal_actions` (fuzz tests check both ways).
        """
        return action in self._legal_actions(player)

    def _refusal(
        self, action: Action, player: int | None, current: int | None = None
    ) -> Explanation | None:
        """The refusal of *action*, or None when it is legal (core/explain.py)."""
        return refusal(self, action, player, current)

    def odds(self, action: Action, player: int | None = None) -> JsonObject | None:
        """The exact odds of what *action* would bring about by chance (an attack's damage,
        say), as JSON data the game documents, or None for an action without chance. Nothing
        is applied; an action *player* may not take raises IllegalActionError."""
        refusal = self._refusal(action, player)
        if refusal is not None:
            raise IllegalActionError(refusal.rule, refusal.reason)
        return self._odds(action, self.current_player() if player is None else player)

    def _odds(self, action: Action, player: int) -> JsonObject | None:
        """Games override: the odds of a legal *action* (default: it involves no chance)."""
        return None

    def apply_action(self, action: Action, player: int | None = None) -> None:
        """Validate and apply *action* for *player* (default: the player to act).

        Raises IllegalActionError (with the rule from :meth:`explain`) and
        leaves the state untouched if the action is not legal; any other
        exception raised by the rules also leaves it untouched.

        The rules run on the state itself. Before its first action a state keeps an untouched
        copy of itself (its restore point); should the rules fail midway, the state is rebuilt
        from that copy and the actions applied since, which the rules reproduce exactly.
        """
        current = self.current_player()
        refusal = self._refusal(action, player, current)
        if refusal is not None:
            raise IllegalActionError(refusal.rule, refusal.reason)
        if self._is_anytime(action, player):
            assert player is not None
            actor = player
        else:
            actor = player if current == SIMULTANEOUS and player is not None else current
        if self._restore_point is None:
            self._restore_point = (self.clone(), len(self._history))
        secret = self._secret(action, actor) if actor >= 0 else None
        entry = (
            (actor, action, None, "")
            if secret is None
            else (actor, action, seat_tuple(secret[0]), secret[1])
        )
        try:
            self._perform(entry)
        except BaseException:
            self._restore()
            raise

    def _perform(self, entry: tuple[int, Action, tuple[int, ...] | None, str]) -> None:
        """Apply a checked history entry (player, action, visible_to, cover) and log it."""
        self._offered = None
        player, action = entry[0], entry[1]
        if player == CHANCE:
            # Every chance outcome consumes the same draw whether it was
            # sampled by resolve_chance or supplied from outside (a replay, a
            # physical die), so the state stays a function of its history.
            self.rng.random()
        self._apply(action, player)
        self._history = self._history.append(entry)

    def _restore(self) -> None:
        """Rebuild the state from its restore point and the actions applied since."""
        assert self._restore_point is not None
        point, length = self._restore_point
        since = self._history.newest(len(self._history) - length)
        fresh = point.clone()
        for entry in since:
            fresh._perform((entry.player, entry.action, entry.visible_to, entry.cover))
        self.__dict__.clear()
        self.__dict__.update(fresh.__dict__)
        self._restore_point = (point, length)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Outcomes of the current chance node with probabilities; [] elsewhere."""
        if not self.is_chance_node():
            return []
        outcomes = list(self._chance_outcomes())
        if not outcomes:
            raise RuntimeError(f"{self.game.name}: chance node without outcomes")
        total = 0.0
        for action, p in outcomes:
            if not isinstance(action, Action) or not (0.0 <= p <= 1.0):
                raise RuntimeError(f"{self.game.name}: bad chance outcome {(action, p)!r}")
            total += p
        if not math.isclose(total, 1.0, abs_tol=_PROBABILITY_TOLERANCE):
            raise RuntimeError(f"{self.game.name}: chance probabilities sum to {total}, not 1")
        self._offered = (CHANCE, [action for action, _ in outcomes])
        return outcomes

    def resolve_chance(self) -> Action:
        """Sample the current chance node from ``self.rng``, apply and return the outcome."""
        if not self.is_chance_node():
            raise IllegalActionError("core: not a chance node", "there is nothing to roll now")
        outcomes = self.chance_outcomes()
        # Peek with a copy: apply_action consumes the very same draw.
        index = self.rng.clone().weighted_index([p for _, p in outcomes])
        action = outcomes[index][0]
        self.apply_action(action, CHANCE)
        return action

    def evaluate(self, player: int) -> float:
        """How good this state looks for *player*, in [-1, 1] (1: won, -1: lost), for bots:
        the greedy bot's one-ply lookahead and MCTS's truncated rollouts (docs/bots.md). At a
        terminal state it is ``returns()[player]`` (clipped to [-1, 1]); elsewhere the game's
        :meth:`_evaluate`. A bot calls it on a determinisation (``resample``), so a game's
        evaluation may read the whole state; the built-in ones read nothing hidden."""
        self._check_seat(player)
        if self.is_terminal():
            return max(-1.0, min(1.0, self.returns()[player]))
        return max(-1.0, min(1.0, float(self._evaluate(player))))

    def _evaluate(self, player: int) -> float:
        """Games override: a heuristic value of this non-terminal state for *player* in
        [-1, 1] (default: 0.0, nothing known)."""
        return 0.0

    def returns(self) -> list[float]:
        values = [float(v) for v in self._returns()]
        if len(values) != self.num_players:
            raise RuntimeError(
                f"{self.game.name}: returns() gave {len(values)} values for "
                f"{self.num_players} players"
            )
        for team in self.game.teams:
            if len({values[seat] for seat in team}) > 1:
                raise RuntimeError(f"{self.game.name}: team {team} got different returns")
        return values

    def observation(self, player: int) -> JsonObject:
        """What *player* may see, as JSON data."""
        self._check_seat(player)
        return self._observation(player)

    def spectator_observation(self) -> JsonObject:
        """What someone watching, at no seat, may see: only what every player sees (a game's
        ``_observation`` hides each seat's secrets from any seat but its own)."""
        return self._observation(SPECTATOR)

    def history(self) -> list[LoggedAction]:
        return list(self._history)

    def actions_taken(self) -> int:
        """How many actions the history holds (``len(history())`` without building it)."""
        return len(self._history)

    def recent_history(self, count: int) -> list[LoggedAction]:
        """The newest *count* actions of the history, oldest first."""
        return self._history.newest(count)

    def events_for(self, player: int, since: int = 0) -> list[Event]:
        """The event log as *player* may see it (with their team's, when vision is shared)."""
        self._check_seat(player)
        sight = self.game.sight_of(player)
        return [
            e
            for e in self.events.since(since)
            if e.visible_to is None or any(s in e.visible_to for s in sight)
        ]

    def history_for(self, player: int) -> list[LoggedAction]:
        """The action log as *player* may see it: a secret action of someone else (a hidden
        card choice) is replaced by its public description, ``Action("hidden", text=cover)``."""
        self._check_seat(player)
        return covered_history(self._history, self.game.sight_of(player))

    def resample(self, player: int, rng: random.Random) -> Self:
        """A state *player* cannot tell from this one: everything they have observed is the
        same, and what is hidden from them (others' hands, deck orders) is dealt again at random
        from what it could be. The state's random stream is reseeded from *rng* (the rolls to
        come are unknown too) and the logs keep only what *player* may see (others' secret
        actions become their covers, hidden events ``hidden`` markers). For search bots
        (determinisation); the result plays on, but is no longer a replay of its history.
        What is dealt again follows from :meth:`zones` and the pending steps' declarations
        (:meth:`_hidden_holders`, core/hidden.py); games do not re-deal by hand."""
        self._check_seat(player)
        if not isinstance(rng, random.Random):
            raise TypeError("rng must be a random.Random")
        new = self.clone()
        # The state's own stream decides the rolls and shuffles to come: unknown too.
        new.rng = Pcg32(rng.getrandbits(64))
        sight = self.game.sight_of(player)
        redeal_hidden(new, new.zones(), new._hidden_holders(), sight, rng)
        new._history, new.events = forget_hidden(new._history, new.events, sight)
        return new

    def _hidden_holders(self) -> Sequence[HoldsHidden]:
        """The pending steps, which may hold hidden data (core/hidden.py); default: none.
        ProcedureState: its procedure stack."""
        return ()

    def _secret(self, action: Action, player: int) -> tuple[tuple[int, ...], str] | None:
        """For a secret action about to be applied: (seats who may see it, public words)."""
        return None

    def outcome(self) -> Outcome | None:
        """How the game ended (core/outcome.py: :meth:`_outcome`), None while it goes on."""
        if not self.is_terminal():
            return None
        found, returns = self._outcome(), tuple(self.returns())
        if found.returns != returns:
            raise RuntimeError(f"{self.game.name}: outcome {found.returns} != returns {returns}")
        return found

    def _outcome(self) -> Outcome:
        """Games override to say how they ended; default: from the returns and the teams (a
        lone best team wins, ties are a draw: core/outcome.py ``default_outcome``), its ending
        the kind of the anytime action that ended the game ("forfeit", "resign"), if one did."""
        kinds = [entry.action.kind for entry in self._history.newest(1)]
        ending = kinds[0] if kinds and kinds[0] in self.ANYTIME_KINDS else None
        return default_outcome(self.returns(), self.game.teams, ending)

    def describe_result(self) -> str:
        """How the game ended, in words: the outcome's ``text`` ("The game goes on" before)."""
        found = self.outcome()
        return "The game goes on" if found is None else found.text

    def decision_seat(self) -> tuple[int, ...]:
        """Who is asked now, a tuple: ``(seat,)``, ``(CHANCE,)``, at a SIMULTANEOUS node the
        seats with a legal action, ``()`` at the end (anytime actions are not asked for)."""
        current = self.current_player()
        if current == TERMINAL:
            return ()
        if current != SIMULTANEOUS:
            return (current,)
        return tuple(s for s in range(self.num_players) if self._legal_actions(s))

    def describe(self, action: Action) -> str:
        """Words for *action*; games override to say "Move He-Man to the ruins"."""
        return str(action)

    def clone(self) -> Self:
        new = object.__new__(type(self))
        new.game = self.game  # games are immutable once built; share them
        new.seed = self.seed
        new.rng = self.rng.clone()
        new.events = self.events.clone()
        new._history = self._history  # an immutable chain: shared
        new._restore_point = None
        new._offered = None
        self._clone_data_into(new)
        return new

    # --------------------------------------------------------------- positions

    @classmethod
    def from_position(cls, game: GameLike, position: Mapping[str, Any], seed: int) -> Self:
        """The state *position* describes (a game with a position format overrides this);
        raises a PositionError naming every problem of the position."""
        raise NotImplementedError(f"{game.name} has no position format")

    def to_position(self) -> JsonObject:
        """This state as a position (a game with a position format overrides this): readable,
        versioned JSON data without random state or history (core/position.py)."""
        raise NotImplementedError(f"{self.game.name} has no position format")

    # ---------------------------------------------------------- serialization

    def to_document(self, logs: bool = True) -> JsonObject:
        """The serialized state as JSON data (what :meth:`serialize` writes); *logs* False
        leaves out the history and the event log."""
        game, rng = self.game, dict(self.rng.to_data())
        head: JsonObject = {"format": STATE_FORMAT, "game": game.name, "params": game.params}
        head.update(seed=self.seed, rng=rng)
        if logs:
            head["history"] = [entry.to_json() for entry in self._history]
            head["events"] = self.events.to_data()
        head["data"] = self._to_data()
        return head

    def serialize(self) -> str:
        """Canonical JSON text; equal states give identical text."""
        return write_document(self.to_document(logs=False), self._history, self.events)

    @classmethod
    def _deserialize(cls, game: GameLike, text: str) -> GameState:
        source = f"{game.name} state"
        doc = read_document(game.name, game.params, text)
        seed, rng, history, events, data = doc.seed, doc.rng, doc.history, doc.events, doc.data
        state = object.__new__(cls)
        state.game = game
        state.seed = seed
        state.rng = rng
        state.events = events
        state._history = history_of(history)
        state._restore_point = None
        state._offered = None
        try:
            state._from_data(data)
        except DataError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise DataError(source, "data", f"{type(exc).__name__}: {exc}") from exc
        except RecursionError as exc:
            raise DataError(source, "data", "nested too deeply") from exc
        return state

    def __repr__(self) -> str:
        try:
            player: object = self.current_player()
        except Exception as exc:  # a repr must not fail, even for a broken state
            player = f"unknown ({type(exc).__name__})"
        return (
            f"<{type(self).__name__} {self.game.name} seed={self.seed} "
            f"actions={len(self._history)} player={player}>"
        )
