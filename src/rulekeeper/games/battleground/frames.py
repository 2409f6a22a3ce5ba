"""The continuation stack of a Battleground game.

The rulebook's procedure nests: a round holds activations, an activation holds actions, a move
can be interrupted before it starts (attacks of opportunity) and after it ends (overwatch), an
attack holds tests, a test waits for dice and for its owner's rerolls. The state keeps this as a
stack of plain-data frames; the top frame says who acts now and what they may do, and frames
that need nobody's input are settled at once. Being plain JSON, the stack serialises with the
state, so a game can stop and resume anywhere, even between two dice of a test.
"""

from __future__ import annotations

from typing import Any

Frame = dict[str, Any]

# Frames that wait for a player's decision (or for dice).
INPUT_FRAMES = frozenset(
    {
        "roll-off",
        "choose-first",
        "prepare",
        "select",
        "activate",
        "bonus",
        "act",
        "face",
        "push",
        "test",
        "opportunity",
        "overwatch-order",
        "area-target",
        "draw-offer",
        "ability-target",
        "effect-move",
        "place-mark",
        "push-line",
        "before-interruption",
        "order-effects",
        "deploy",
    }
)
# Frames the rules settle without anyone's input.
AUTOMATIC_FRAMES = frozenset(
    {
        "round",
        "after-move",
        "attack",
        "end-turn",
        "clean-up",
        "continue-move",
        "skill-test",
        "switch",
    }
)


def frame(kind: str, **fields: Any) -> Frame:
    if kind not in INPUT_FRAMES and kind not in AUTOMATIC_FRAMES:
        raise ValueError(f"unknown frame kind {kind!r}")
    return {"kind": kind, **fields}
