"""Astrologers Proclaim (homm3.md §4.1, §5.21, §5.25 rules 4 and 11) and the map effects of the
board data's vocabulary (content/board.py ``EFFECTS``), which buildings use too.

At the start of an Astrologers round (of every round under optional rule 4, of none under rule
11) a card is drawn (economy.py ``draw_astrologers``; a card marked ``redraw_first`` drawn as
the first card of the game is discarded and another drawn) and proclaimed for every player, in
turn order (:func:`proclaim`). Its ``duration`` says how long it works:

* ``at-once``: its effects resolve now, for each player;
* ``until-next-astrologers``: it stays in force (``state.astrologers``) until the next card is
  drawn; MP changes are given to every hero at the start of each round it is in force
  (:func:`renew`); the other modules ask proclaimed.py ``in_force`` (hand limit: hand.py;
  rerolls: effects.py; neutral redraws and the enemy's discard: fights.py; spells: the
  battle file, fights.py);
* ``next-resource-round``: it changes the income of the next Resource round
  (:func:`income_change`), then it is spent.

:func:`apply_effect` is one effect for one seat; effects that touch the map, not a seat
(``remove-black-cubes``), are :data:`MAP_KINDS` and resolve once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.games.homm3.map import (
    board,
    dice,
    effects,
    experience,
    hand,
    morale,
    recruiting,
    search,
)
from rulekeeper.games.homm3.map.proclaimed import card_in_force, in_force

__all__ = [
    "DECKS",
    "LASTING_KINDS",
    "MAP_KINDS",
    "HandCardStep",
    "apply_effect",
    "card_in_force",
    "draw",
    "draws_this_round",
    "in_force",
    "income_change",
    "proclaim",
    "redraw_first",
    "remove_black_cubes",
    "renew",
    "spend_income_card",
    "start_of_round",
]

RULE_ASTROLOGERS = "homm3.md §5.21 (Astrologers Proclaim)"
DECKS: Mapping[str, str] = {"spells": "spell", "artifacts": "artifact", "abilities": "ability"}
"""The board data's deck names and the state's."""
MAP_KINDS = ("remove-black-cubes",)
"""Effects on the map itself, resolved once."""
LASTING_KINDS = (
    "hand-limit",
    "spell-returns",
    "spell-power",
    "combat-enemy-discards",
    "reroll-dice",
    "redraw-neutral",
)
"""Effects that work while their card is in force (proclaimed.py ``in_force``): the hand limit
(hand.py), spells (proclaimed_spells.py: map casts and the battle file), the enemy's discard at
a hero fight (effects.py ``enemy_discards``), rerolls (effects.py ``reroll_sources``) and the
neutral redraw (neutral_redraw.py)."""
CARD_KINDS: Mapping[str, str] = {
    "artifact": "artifacts",
    "spell": "spells",
    "ability": "abilities",
    "specialty": "specialties",
}
"""The board data's card kinds and the content pack's tables of them."""


def draws_this_round(state: Any) -> bool:
    """Whether an Astrologers card is drawn at the start of this round (§4.1; rules 4, 11)."""
    if state.option("no-astrologers"):
        return False
    return bool(state.round_track().is_astrologers(state.round)) or state.option(
        "astrologers-every-round"
    )


def draw(state: Any) -> bool:
    """Draw an Astrologers card into force (§5.21; the deck runs out: its discard pile is
    shuffled back, §8.29); whether one was drawn."""
    deck, discard = state.decks["astrologers"], state.discards["astrologers"]
    if not deck:
        deck.extend(discard)
        discard.clear()
        state.rng.shuffle(deck)
    if not deck:
        return False
    card = deck.pop()
    discard.append(card)
    state.astrologers = card
    effects.end_astrologers(state)  # the card before's marks (proclaimed_spells.py)
    state.events.append("astrologers", {"card": card})
    return True


def start_of_round(state: Any) -> None:
    """The Astrologers step of a round's start (§4.1): a card drawn and proclaimed when the
    round draws one (a first card marked ``redraw_first`` is replaced), else the card in force
    renewed."""
    if not draws_this_round(state):
        renew(state)
        return
    first = not state.discards["astrologers"] and not state.astrologers
    if not draw(state):
        return
    if redraw_first(state, first):
        state.events.append("astrologers-redrawn", {"card": state.astrologers})
        draw(state)
    proclaim(state)


def redraw_first(state: Any, first: bool) -> bool:
    """Whether the card just drawn is discarded for another: a ``redraw_first`` card drawn as
    the game's first (Friendly Beaver)."""
    card = card_in_force(state)
    return first and card is not None and card.redraw_first


def proclaim(state: Any) -> None:
    """Resolve the card just drawn for every player (module doc)."""
    card = card_in_force(state)
    if card is None:
        return
    state.events.append("proclaimed", {"card": card.id, "duration": card.duration})
    if card.duration == "until-next-astrologers":
        renew(state)
    if card.duration != "at-once":
        return
    for effect in card.effects:
        if effect.kind in MAP_KINDS:
            apply_effect(state, -1, effect)
    seats = [s for s in state.order if not state.players[s].eliminated]
    for seat in reversed(seats):  # steps pushed last-first resolve in turn order
        for effect in reversed(card.effects):
            if effect.kind not in MAP_KINDS:
                apply_effect(state, seat, effect)


def renew(state: Any) -> None:
    """The start of a round with a card in force: its MP change for every hero (§5.2)."""
    change = in_force(state, "movement")
    if not change:
        return
    for item in state.heroes:
        if item.field and not state.players[item.seat].eliminated:
            item.mp = max(0, item.mp + change)
    state.events.append("astrologers-movement", {"card": state.astrologers, "mp": change})


def income_change(state: Any, gained: dict[str, int]) -> dict[str, int]:
    """*gained*, a Resource round's income, changed by a ``next-resource-round`` card (never
    below 0); the card is then spent."""
    card = card_in_force(state)
    if card is None or card.duration != "next-resource-round":
        return gained
    out = dict(gained)
    for effect in card.effects:
        if effect.kind == "income" and effect.resource:
            out[effect.resource] = max(0, out.get(effect.resource, 0) + (effect.amount or 0))
    return {name: amount for name, amount in out.items() if amount}


def spend_income_card(state: Any) -> None:
    """A ``next-resource-round`` card has changed this round's income: it is spent."""
    card = card_in_force(state)
    if card is not None and card.duration == "next-resource-round":
        state.astrologers = ""


# --------------------------------------------------------------------------- one effect


def _gain(state: Any, seat: int, effect: Any) -> None:
    amount = effect.amount or 0
    ledger = state.players[seat].resources
    if amount >= 0:
        ledger.gain({effect.resource: amount})
    else:
        ledger.lose({effect.resource: -amount})
    state.events.append("resources", {"seat": seat, effect.resource: amount})


def _experience(state: Any, seat: int, effect: Any) -> None:
    experience.gain(state, seat, effect.amount or 0)


def _movement(state: Any, seat: int, effect: Any) -> None:
    for item in state.heroes:
        if item.seat == seat and item.field:
            item.mp = max(0, item.mp + (effect.amount or 0))


def _morale(state: Any, seat: int, effect: Any) -> None:
    (morale.gain if (effect.amount or 0) > 0 else morale.lose)(state, seat)


def _search(state: Any, seat: int, effect: Any) -> None:
    deck = DECKS.get(effect.deck or "")
    if deck is None:
        _unapplied(state, seat, effect)
        return
    search.search(state, seat, deck, effect.amount or 2, effect.times)


def _shuffle_back(state: Any, seat: int, effect: Any) -> None:
    """Cards of the effect's kinds go from hand into the deck, shuffled; draw as many."""
    pack, player = state.game.pack, state.players[seat]
    tables = [
        getattr(pack, CARD_KINDS[kind]) for kind in effect.card_kinds or () if kind in CARD_KINDS
    ]
    back = [card for card in player.hand if any(card in table for table in tables)]
    if not back:
        return
    for card in back:
        player.hand.remove(card)
    player.deck.extend(back)
    state.rng.shuffle(player.deck)
    state.events.append("shuffled-back", {"seat": seat, "count": len(back)})
    hand.draw(state, player, len(back))


def _cycle(state: Any, seat: int, effect: Any) -> None:
    """Discard up to ``amount`` cards, then draw as many (:class:`HandCardStep`)."""
    if state.players[seat].hand:
        state.flow.push(HandCardStep(seat=seat, mode="cycle", count=effect.amount or 1))


def _reshuffle_discard(state: Any, seat: int, effect: Any) -> None:
    """The discard pile is shuffled back into the Might & Magic deck."""
    player = state.players[seat]
    player.deck.extend(player.discard)
    player.discard.clear()
    state.rng.shuffle(player.deck)
    state.events.append("deck-reshuffled", {"seat": seat})


def _fetch(state: Any, seat: int, effect: Any) -> None:
    """The card ``card`` is taken from the shared ``deck`` (searched through, then shuffled)."""
    pile = state.decks.get(DECKS.get(effect.deck or "", ""), [])
    if effect.card in pile:
        pile.remove(effect.card)
        state.rng.shuffle(pile)
        search.gain_card(state, seat, effect.card)
    else:
        state.events.append("card-not-found", {"seat": seat, "card": effect.card})


def _recover(state: Any, seat: int, effect: Any) -> None:
    """A card of ``card_kinds`` from the discard pile back to hand (:class:`HandCardStep`)."""
    kind = next(iter(effect.card_kinds or ()), "")
    step = HandCardStep(seat=seat, mode="recover", card_kind=kind)
    if step.picks(state):
        state.flow.push(step)


def resolvable(effect: Any) -> bool:
    """Whether :func:`apply_effect` resolves *effect* now (not a lasting one, not logged)."""
    if effect.kind == "search":
        return effect.deck in DECKS
    return effect.kind in HANDLERS and effect.kind not in LASTING_KINDS


def _reinforce(state: Any, seat: int, effect: Any) -> None:
    percent = (
        0 if effect.kind == "reinforce-free" else int((effect.numbers or {}).get("percent", 100))
    )
    recruiting.choose_unit(state, seat, "reinforce", percent, effect.tier or "")


def _summon(state: Any, seat: int, effect: Any) -> None:
    recruiting.summon(state, seat)


def _weaken(state: Any, seat: int, effect: Any) -> None:
    recruiting.choose_unit(state, seat, "weaken")


def remove_black_cubes(state: Any, one_time_only: bool = False) -> None:
    """Every black cube leaves the map's locations (of one-time locations only, if asked)."""
    locations = state.game.pack.locations
    cleared = []
    for key, site in state.sites.items():
        if not site.visited:
            continue
        printed = board.field_at(state, key)
        if printed is None or printed.location in ("empty", "blocked"):
            continue
        if one_time_only and locations[printed.location].category != "one-time":
            continue
        site.visited = False
        cleared.append(key)
    state.events.append("black-cubes-removed", {"fields": cleared})


def _dice(state: Any, seat: int, effect: Any) -> None:
    """Roll Resource dice (keep one or all) or Treasure dice (resolve one): dice.py."""
    die = "resource" if effect.kind == "resource-dice" else "treasure"
    keep = effect.keep or "one" if die == "resource" else "one"
    dice.roll(state, seat, die, effect.amount or 1, keep)


def _remove_cubes(state: Any, seat: int, effect: Any) -> None:
    remove_black_cubes(state)


def _lasting(state: Any, seat: int, effect: Any) -> None:
    """A lasting effect: nothing to do now (the rule modules ask the card in force,
    :data:`LASTING_KINDS`)."""


def _unapplied(state: Any, seat: int, effect: Any) -> None:
    """An effect this module does not resolve: recorded in the log for the players."""
    state.events.append("effect-not-resolved", {"seat": seat, "kind": effect.kind})


HANDLERS: dict[str, Callable[[Any, int, Any], None]] = {
    "gain": _gain,
    "income": _gain,
    "experience": _experience,
    "movement": _movement,
    "morale": _morale,
    "search": _search,
    "shuffle-back": _shuffle_back,
    "cycle": _cycle,
    "reshuffle-discard": _reshuffle_discard,
    "fetch": _fetch,
    "recover": _recover,
    "reinforce-free": _reinforce,
    "reinforce-discount": _reinforce,
    "weaken": _weaken,
    "summon-neutral": _summon,
    "remove-black-cubes": _remove_cubes,
    "resource-dice": _dice,
    "treasure-dice": _dice,
    **{kind: _lasting for kind in LASTING_KINDS},
}
"""What each effect kind does for one seat (the others: :func:`_unapplied`)."""


def apply_effect(state: Any, seat: int, effect: Any) -> None:
    """Resolve one board-vocabulary *effect* for *seat* (module doc)."""
    HANDLERS.get(effect.kind, _unapplied)(state, seat, effect)


DONE = Action.of("done")


@dataclass
class HandCardStep(Step[Any]):
    """*seat* picks cards for an effect: ``cycle`` (discard up to ``count`` cards of its hand,
    then ``done`` draws as many), ``remove`` (Remove one card of ``card_kind`` from the hand,
    then the effects of ``building``'s use ``use``, option ``option``; ``done``: none
    removed, nothing gained) or ``recover`` (a card of ``card_kind`` from its discard pile to
    hand). The hand is hidden: nothing here is judged in public."""

    kind = "hand-card"
    rule = "homm3.md §5.8 (cards discarded or Removed for an effect)"
    seat: int = 0
    mode: str = "cycle"
    count: int = 1
    card_kind: str = ""
    building: str = ""
    use: int = 0
    option: int = 0
    done: int = 0

    def __post_init__(self) -> None:
        if self.mode not in ("cycle", "remove", "recover"):
            raise ValueError(f"mode must be cycle, remove or recover, not {self.mode!r}")

    def actor(self, state: Any) -> int:
        return self.seat

    def held_zones(self, state: Any) -> Sequence[str]:
        return [f"mm-hand-{self.seat}"]

    def picks(self, state: Any) -> list[Action]:
        """The cards the seat may pick now."""
        player = state.players[self.seat]
        held = player.discard if self.mode == "recover" else player.hand
        verb = {"cycle": "discard", "remove": "remove", "recover": "recover"}[self.mode]
        table = getattr(state.game.pack, CARD_KINDS.get(self.card_kind, ""), None)
        cards = [c for c in dict.fromkeys(held) if self.mode == "cycle" or (table and c in table)]
        return [Action.of(verb, card=c) for c in cards] if self.done < self.count else []

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [*self.picks(state), DONE] if seat == self.seat else []

    def apply(self, state: Any, action: Action, seat: int) -> None:
        player = state.players[seat]
        if action == DONE:
            state.flow.pop()
            if self.mode == "cycle" and self.done:
                hand.draw(state, player, self.done)
            return
        card = action.str_param("card")
        if self.mode == "recover":
            state.flow.pop()
            player.discard.remove(card)
            player.hand.append(card)
            state.events.append("card-recovered", {"seat": seat, "card": card})
            return
        player.hand.remove(card)
        self.done += 1
        if self.mode == "cycle":
            player.discard.append(card)
            state.events.append("card-discarded", {"seat": seat})
            return
        state.flow.pop()
        state.events.append("card-removed", {"seat": seat})
        faction = self.building.split("-", 1)[0]
        use = state.game.pack.towns[faction].building(self.building).uses[self.use]
        for effect in use.one_of[self.option].effects:
            apply_effect(state, seat, effect)
