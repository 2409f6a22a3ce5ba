"""The Astrologers cards on Spells (homm3.md §5.21, §5.11; astrologers.yaml ``crazy-wizard``:
``spell-returns``, ``grim-warlock``: ``spell-power`` with ``per_turn``).

While Crazy Wizard is in force, the first Spell card each player plays goes back to hand once
resolved; while Grim Warlock is, the first Spell each player plays in a turn gets +1 power.
On the map, cards.py asks :func:`map_cast` when a Spell is cast (its starting power; the return
marked) and :func:`map_cast_done` once it resolved. In combat, a fight's battle file gives each
Main Hero's side the effect as a ``lasting`` entry (:func:`battle_lasting`; the combat's
``first-spell-back`` and ``first-spell-power``, combat/spells.py, spent by the side's next
cast); after the battle, a side that played a Spell card has used its effect
(:func:`note_battle`). Used effects are remembered on the player (``Player.lasting``): Grim
Warlock's for the turn (effects.py ``turn_tag``), Crazy Wizard's until the next Astrologers
card is drawn (:data:`UNTIL`, kept at a turn's end, ended by astrologers.py ``draw``: effects.py
``end_astrologers``).

A "turn" is the map turn under way: both heroes of a fight share it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulekeeper.core import JsonObject
from rulekeeper.core.lasting import Lasting
from rulekeeper.games.homm3.combat.spells import FIRST_SPELL_BACK, FIRST_SPELL_POWER
from rulekeeper.games.homm3.map import effects, proclaimed

__all__ = [
    "KINDS",
    "UNTIL",
    "battle_lasting",
    "hero_sides",
    "map_cast",
    "map_cast_done",
    "note_battle",
    "note_spell",
    "unused",
]

UNTIL = effects.ASTROLOGERS
"""The moment a Crazy Wizard mark ends: the next Astrologers card drawn (effects.py)."""
KINDS = {"spell-returns": FIRST_SPELL_BACK, "spell-power": FIRST_SPELL_POWER}
"""The Astrologers effect kinds on spells and the combat's lasting kinds that carry them."""
USED = "used-"
RETURNS = "spell-returns-now"
"""A map spell being cast that returns to hand once resolved (held by its card id)."""


def _holder(state: Any, kind: str) -> str:
    """Where a use of *kind* is remembered: this turn (``per_turn``) or the card's time."""
    return effects.turn_tag(state) if proclaimed.per_turn(state, kind) else UNTIL


def unused(state: Any, seat: int, kind: str) -> int:
    """The amount of the spell effect *kind* in force that *seat* has not used yet (0: none)."""
    amount = proclaimed.in_force(state, kind)
    if not amount:
        return 0
    holder = _holder(state, kind)
    used = any(e.kind == USED + kind and e.holder == holder for e in state.players[seat].lasting)
    return 0 if used else amount


def note_spell(state: Any, seat: int) -> None:
    """*seat* played a Spell card: the spell effects in force are used (for now)."""
    player = state.players[seat]
    for kind in KINDS:
        if unused(state, seat, kind):
            holder = _holder(state, kind)
            until = UNTIL if holder == UNTIL else effects.UNTIL
            player.lasting.append(
                Lasting(USED + kind, holder, 1, until=until, owner=seat, source=state.astrologers)
            )


def map_cast(state: Any, seat: int, card: str) -> int:
    """*seat* casts the Spell *card* on the map (cards.py): the power it starts with (Grim
    Warlock); with Crazy Wizard its return is marked (:func:`map_cast_done`); effects used."""
    power = unused(state, seat, "spell-power")
    if unused(state, seat, "spell-returns"):
        effects.add(state, seat, RETURNS, card, 1, state.astrologers)
    note_spell(state, seat)
    return power


def map_cast_done(state: Any, seat: int, card: str) -> None:
    """The map spell *card* resolved: marked by :func:`map_cast`, it goes from the discard pile
    back to hand (public: the card was played face up)."""
    player = state.players[seat]
    if effects.spend(state, seat, RETURNS, card) and card in player.discard:
        player.discard.remove(card)
        player.hand.append(card)
        state.events.append("spell-returns", {"seat": seat, "card": card})


def hero_sides(kinds: Sequence[str], seats: Sequence[int]) -> list[tuple[int, int]]:
    """The (side index, seat) of a battle's Main Hero sides, from the sides' *kinds* (battle
    file ``kind``) and *seats*."""
    return [(index, seats[index]) for index, kind in enumerate(kinds) if kind == "hero"]


def battle_lasting(state: Any, sides: Sequence[tuple[int, int]]) -> list[JsonObject]:
    """The battle file's ``lasting`` entries for *sides* (side index, seat of a Main Hero)."""
    out: list[JsonObject] = []
    for index, seat in sides:
        for kind, carried in KINDS.items():
            amount = unused(state, seat, kind)
            if amount:
                out.append(
                    {
                        "kind": carried,
                        "holder": f"side-{index}",
                        "amount": amount,
                        "until": "used",
                        "owner": seat,
                        "source": state.astrologers,
                    }
                )
    return out


def note_battle(state: Any, sides: Sequence[tuple[int, int]], played: Sequence[list[str]]) -> None:
    """After a battle: a side (index, seat) whose ``played`` cards hold a Spell used its
    effects."""
    pack = state.game.pack
    for index, seat in sides:
        if any(card in pack.spells for card in played[index]):
            note_spell(state, seat)
