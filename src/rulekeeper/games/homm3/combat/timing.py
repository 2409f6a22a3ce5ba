"""HoMM3 combat's moments (core/lasting.py): when its card effects, spells and abilities end
(homm3.md §5.18.7; docs/homm3-combat.md). ``battle.lasting`` holds them; the combat expires
them with :data:`COMBAT_TIMING` as it reaches each moment."""

from __future__ import annotations

from rulekeeper.core.lasting import Moment, Timing

__all__ = ["COMBAT_TIMING"]

COMBAT_TIMING = Timing(
    (
        Moment("attack", "after the holder's next attack (resolved or cancelled)"),
        Moment("defence", "after the holder's next defence (it was attacked)"),
        Moment("activation", "at the end of the activation under way", whose="all"),
        Moment(
            "round",
            "at the end of the round, or of its rounds-th round",
            whose="all",
            counts=True,
            ends_this_round=True,
        ),
        Moment("combat", "at the end of the combat: every effect ends", whose="all", ends_all=True),
        Moment("used", "when spent (core/lasting.py use)"),
    )
)
"""The combat's moments; a host game (the map game) extends it with its own."""
