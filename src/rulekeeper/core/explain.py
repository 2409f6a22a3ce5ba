"""Explanations and refusals: whether an action may be taken, by whom, and the rule why not.

``GameState.explain``, ``apply_action`` and ``odds`` ask :func:`refusal`; a legal action is
explained in the game's words (:func:`legal_words`: its state's ``_explain_legal``
says what it costs and does, never "X is legal"); an explanation a seat
may not be told (it would read another seat's hidden cards) is answered by :func:`unjudged`'s
fixed text instead (docs/architecture.md, *Hidden information*)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rulekeeper.core.actions import Action
from rulekeeper.core.hidden import HIDDEN_RULE
from rulekeeper.core.seats import CHANCE, SIMULTANEOUS, TERMINAL

__all__ = ["Explanation", "Judged", "explain", "legal_words", "refusal", "unjudged"]


@dataclass(frozen=True)
class Explanation:
    """Why an action is or is not legal, with the rule to look up."""

    legal: bool
    rule: str
    reason: str
    judged: bool = True
    """False when the asker may not be told: the judgement reads what another seat hides
    (``legal`` is then False and ``reason`` a fixed text, whatever the hidden data)."""


class Judged(Protocol):
    """The parts of a game state (core/state.py ``GameState``) a judgement reads."""

    @property
    def game(self) -> Any: ...
    @property
    def num_players(self) -> int: ...
    @property
    def _offered(self) -> tuple[int, Sequence[Action]] | None: ...
    def current_player(self) -> int: ...
    def legal_actions(self, player: int | None = None) -> list[Action]: ...
    def describe(self, action: Action) -> str: ...
    def _was_offered(self, action: Action, seat: int) -> bool: ...
    def _is_anytime(self, action: Action, player: int | None) -> bool: ...
    def _legal_actions(self, player: int) -> Sequence[Action]: ...
    def _is_legal(self, action: Action, player: int) -> bool: ...
    def _explain_legal(self, action: Action, player: int) -> tuple[str, str] | None: ...
    def _explain_illegal(self, action: Action, player: int) -> tuple[str, str]: ...
    def _hidden_judgement(self, action: Action, actor: int, sight: Sequence[int]) -> str | None: ...


def explain(state: Judged, action: Action, player: int | None) -> Explanation:
    """``GameState.explain``: the not-judged cover, the refusal, or why it is legal."""
    cover = unjudged(state, action, player)
    if cover is not None:
        return Explanation(False, HIDDEN_RULE, cover, judged=False)
    refused = refusal(state, action, player)
    if refused is not None:
        return refused
    if state.current_player() == CHANCE:
        return Explanation(True, "core: chance outcome", f"{state.describe(action)} is possible")
    rule, reason = legal_words(state, action, player)
    return Explanation(True, rule, reason)


def legal_words(state: Judged, action: Action, player: int | None) -> tuple[str, str]:
    """(rule, words) for a legal *action*: what it costs and does, from the game's own
    ``GameState._explain_legal`` (issue 23 §2.5), or an honest default that says only what the
    engine knows: how many choices there are."""
    actor = state.current_player() if player is None else player
    found = state._explain_legal(action, actor)
    if found is not None:
        rule, words = found
        return str(rule), str(words)
    count = len(state.legal_actions(actor))
    choices = "the only choice" if count == 1 else f"one of the {count} choices"
    return (
        "core: offered",
        f"{choices} player {actor} has now (the game says nothing more about it)",
    )


def unjudged(state: Judged, action: Action, player: int | None) -> str | None:
    """The fixed text answering an explanation the asker (*player*, or None: no seat) may
    not be told, or None: see ``GameState._hidden_judgement``."""
    if not isinstance(action, Action):
        return None
    sight: tuple[int, ...] = ()
    if player is None:
        actor = state.current_player()
    elif type(player) is int and 0 <= player < state.num_players:
        actor, sight = player, tuple(state.game.sight_of(player))
    else:
        return None
    if actor < 0:
        return None
    return state._hidden_judgement(action, actor, sight)


def refusal(
    state: Judged, action: Action, player: int | None, current: int | None = None
) -> Explanation | None:
    """The refusal of *action* for *player* (None: the player to act), or None when it is
    legal (*current*: the player to act, when already known)."""
    if current is None:
        current = state.current_player()
    if (
        state._offered is not None
        and (player is None or type(player) is int)
        and state._was_offered(action, current if player is None else player)
    ):
        return None

    def refuse(rule: str, reason: str) -> Explanation:
        return Explanation(False, rule, reason)

    if not isinstance(action, Action):
        return refuse("core: malformed action", f"{action!r} is not an Action")
    if player is not None and player != CHANCE:
        if isinstance(player, bool) or not isinstance(player, int):
            return refuse("core: no such player", f"{player!r} is not a player number")
        if not 0 <= player < state.num_players:
            return refuse("core: no such player", f"there is no player {player}")
    if current == TERMINAL:
        return refuse("core: game over", "the game is over; no more actions can be taken")
    if state._is_anytime(action, player):
        return None
    if current == CHANCE:
        if player is not None and player != CHANCE:
            return refuse("core: chance node", "the dice are rolling; no player acts now")
        if action not in state.legal_actions(CHANCE):
            return refuse(
                "core: chance node",
                f"{state.describe(action)} is not a possible outcome here",
            )
        return None
    if player == CHANCE:
        return refuse("core: not a chance node", "chance does not act here")
    if current == SIMULTANEOUS:
        if player is None:
            return refuse("core: simultaneous", "say which player acts at a simultaneous node")
        actor = player
        if not state._legal_actions(actor):
            return refuse("core: out of turn", f"player {actor} has nothing to decide now")
    else:
        actor = current if player is None else player
        if actor != current:
            return refuse(
                "core: out of turn",
                f"it is player {current}'s turn to act, not player {actor}'s",
            )
    try:
        if state._is_legal(action, actor):
            return None
        rule, reason = state._explain_illegal(action, actor)
    except (TypeError, ValueError, KeyError, IndexError) as exc:
        # A parameter of the wrong type or shape (a text where a list of dice was due):
        # the rules could not even read the action.
        detail = exc.args[0] if exc.args else type(exc).__name__
        return refuse("core: malformed action", f"{action} cannot be read here: {detail}")
    return refuse(rule, reason)
