"""Variants of Battleground: the complete game (game.py) with less, on the very same steps.

``battleground-movement``, the movement variant: rounds of activations with focus and move only,
to learn movement, to test bots and as the terminal demo's small game. What it keeps, each by
the complete game's own rules (rulebook sections in brackets): the roll-off for the first player
[First Game Setup, step 7]; rounds in which the players alternate activating ready characters or
pass, with the double-activation rule [Activation Phase]; focus and move actions with their
rising AP cost [Perform Actions, Focus, Move]; every movement rule, the characters' own movement
skills included (Stratos's Flight); pushing when climbing, decided by the pushed character's
owner [Pushing]; facing after a move [Move]; claiming objective tokens and the points victory
after the last round [Clean-Up Phase].

What it leaves out: fate and glory cards (no preparation, no card selection: an activation gets
a fixed number of AP, the ``ap`` parameter), attacks (attacks of opportunity too), skills and
items used as actions, overwatch, forfeits and draw offers. Its differences are data the shared
steps read (``BattlegroundGame.activations``, rules/activation.py); no rule is written here.

Parameters: ``map`` (shipped name or path; its ``deployments`` name the forces, otherwise the
first game's characters deploy in the zones), ``rounds`` (4), ``ap`` (3 AP per activation).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulekeeper.core import Action, DataError, JsonObject, register_game
from rulekeeper.games.battleground.content.base import Faction
from rulekeeper.games.battleground.content.setups import FirstGameSide, ForceCharacter
from rulekeeper.games.battleground.game import BattlegroundGame, BattlegroundState
from rulekeeper.games.battleground.rules.activation import Activations

MOVEMENT_ACTS = frozenset({"focus", "move", "end"})
"""Perform Actions in the movement variant."""
FIRST_GAME_FORCES: dict[Faction, list[str]] = {
    "masters": ["he-man", "stratos", "man-at-arms"],
    "evil": ["skeletor", "mer-man", "trap-jaw"],
}
"""First Game Setup, step 2: the characters, for a map that deploys none."""


@register_game
class MovementGame(BattlegroundGame):
    """The movement variant (module docstring)."""

    name = "battleground-movement"
    position_format = None  # positions of the movement variant are not part of version 1

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        source = f"{self.name} parameters"
        defaults: dict[str, Any] = {"map": "first-game", "rounds": 4, "ap": 3}
        for key in params:
            if key not in defaults:
                raise DataError(source, key, f"unknown parameter (known: {', '.join(defaults)})")
        merged = {**defaults, **params}
        ap = merged["ap"]
        if isinstance(ap, bool) or not isinstance(ap, int) or not 1 <= ap <= 99:
            raise DataError(source, "ap", "must be an integer from 1 to 99")
        # The complete game's map, pack and rounds; then the variant's forces and activations.
        super()._validate_params({"map": merged["map"], "rounds": merged["rounds"]})
        placed = [d.character for d in self.field.data.deployments]
        self.sides = self._forces(placed)
        self.deployment = "map" if placed else "zones"
        self.activations = Activations(fixed_ap=ap, acts=MOVEMENT_ACTS)
        return merged

    def _forces(self, placed: Sequence[str]) -> list[FirstGameSide]:
        """The characters the map deploys (or the first game's), without equipment or cards."""
        forces: dict[Faction, list[str]] = {"masters": [], "evil": []}
        if not placed:
            forces = {faction: list(names) for faction, names in FIRST_GAME_FORCES.items()}
        for character in placed:
            card = self.pack.characters.get(character)
            if card is None:
                raise DataError(self.field.source, "deployments", f"unknown {character!r}")
            forces[card.faction].append(character)
        for faction, names in forces.items():
            if not names:
                raise DataError(self.field.source, "deployments", f"no character of {faction}")
        # Built without validation: a force of the variant has no fate deck or glory cards.
        return [
            FirstGameSide.model_construct(
                faction=faction,
                characters=[ForceCharacter(character=name) for name in names],
                fate_deck={},
                glory=[],
            )
            for faction, names in forces.items()
        ]


class MovementState(BattlegroundState):
    """The complete game's state; only the out-of-turn actions and the quick legality check
    (which skips the list of actions) need to know that the variant offers fewer."""

    ANYTIME_KINDS = frozenset()

    def _anytime_actions(self, player: int) -> Sequence[Action]:
        return ()


MovementGame.state_class = MovementState
