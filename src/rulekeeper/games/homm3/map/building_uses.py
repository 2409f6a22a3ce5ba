"""Buildings' uses (homm3.md §5.14.1; content/towns.yaml ``uses``): when built, at the start of
a Resource round, at the start of the owner's turn; the cards a use discards first; and the
effects a use resolves (:data:`HANDLERS`, the registry ``content check --strict`` asks).

* A use with options or ``optional`` is the player's choice (:class:`BuildingUseStep`).
* A use with ``discard: N`` is offered only to a player holding N cards (the hand's size is
  public); once chosen, the player discards N cards of its choice from its hand, one at a
  time (:class:`UseDiscardStep`: the hand is hidden, so the choices are not judged in public;
  each card picked lies face up on the discard pile), then the effects follow in order.
* ``search deck: might-magic`` is a Search of the player's own Might & Magic deck
  (:class:`OwnSearchStep`): the top X cards are looked at, one goes to the hand, the rest to the
  player's discard pile (§5.8; the Mana Vortex, docs/homm3.md).
* Passive and siege uses are read where they apply (:data:`READ`): a Dwelling's or a
  Citadel's role (recruiting.py ``has_role``), a Citadel's walls (fights.py ``battle_doc``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.games.homm3.map import astrologers, effects, search
from rulekeeper.games.homm3.map.model import MAIN
from rulekeeper.games.homm3.map.recruiting import usable_towns

__all__ = [
    "HANDLERS",
    "READ",
    "BuildingUseStep",
    "OwnSearchStep",
    "UseDiscardStep",
    "apply_effect",
    "begin",
    "building",
    "discard_count",
    "discard_refusal",
    "resolvable",
    "resource_round",
    "starting_buildings",
    "turn_start",
]

RULE_DISCARD = "homm3.md §5.14.1 (a building's use: the cards it discards first, from the hand)"
RULE_OWN_SEARCH = "homm3.md §5.8 (Search (X) of your own Might & Magic deck: the Mana Vortex)"
OWN_DECK = "might-magic"
"""The board data's name of a player's own Might & Magic deck."""
DECLINE = Action.of("decline")
TAKE_DISCARD = Action.of("take-discard")


def building(state: Any, building_id: str) -> Any:
    """The town data's building *building_id* (its faction is the id's first word)."""
    faction = building_id.split("-", 1)[0]
    return state.game.pack.towns[faction].building(building_id)


# --------------------------------------------------------------------------- the effects


def _search(state: Any, seat: int, effect: Any) -> None:
    """A Search of a shared deck (astrologers.py), or of the seat's own deck."""
    if effect.deck == OWN_DECK:
        search_own_deck(state, seat, effect.amount or 2)
    else:
        astrologers.apply_effect(state, seat, effect)


def _movement(state: Any, seat: int, effect: Any) -> None:
    """MP for the owner's Main Hero this round (the Castle City Hall; towns.yaml's text)."""
    for item in state.heroes:
        if item.seat == seat and item.role == MAIN and item.field:
            item.mp = max(0, item.mp + (effect.amount or 0))
            state.events.append("mp-gained", {"seat": seat, "hero": item.id, "mp": effect.amount})


def _enemy_discards(state: Any, seat: int, effect: Any) -> None:
    """Cover of Darkness: the enemy hero of the turn's next fight discards (effects.py)."""
    effects.add(state, seat, effect.kind, str(seat), effect.amount or 1, "building")


HANDLERS: Mapping[str, Callable[[Any, int, Any], None]] = {
    **{kind: astrologers.apply_effect for kind in astrologers.HANDLERS},
    "search": _search,
    "movement": _movement,
    "combat-enemy-discards": _enemy_discards,
}
"""What each effect kind of a building's use does for its owner, when the use resolves."""
READ: Mapping[str, Mapping[str, str]] = {
    "passive": {
        "allow-recruit": "recruiting.py has_role (the Dwelling of the unit's tier)",
        "allow-reinforce": "recruiting.py has_role (a Citadel)",
    },
    "siege": {"siege-defences": "fights.py battle_doc (the besieged town's Citadel)"},
}
"""The effect kinds of the timings no step resolves: the rules modules that read them."""


def resolvable(effect: Any, timing: str = "turn-start") -> bool:
    """Whether a use of *timing* resolves *effect* (module doc)."""
    if timing in READ:
        return effect.kind in READ[timing]
    if effect.kind == "search":
        return effect.deck == OWN_DECK or astrologers.resolvable(effect)
    return effect.kind in HANDLERS and (
        effect.kind == "combat-enemy-discards" or astrologers.resolvable(effect)
    )


def apply_effect(state: Any, seat: int, effect: Any) -> None:
    """Resolve one effect of a building's use for *seat*."""
    HANDLERS.get(effect.kind, astrologers.apply_effect)(state, seat, effect)


def use_resolvable(use: Any) -> bool:
    """Whether every effect of *use* (and of each option) is one the game resolves."""
    found = [*use.effects, *(e for option in use.one_of for e in option.effects)]
    return all(resolvable(effect, use.timing) for effect in found)


def discard_count(use: Any, option: int = -1) -> int:
    """How many cards *use* (with its option *option*, if any) discards first."""
    extra = use.one_of[option].discard if option >= 0 else 0
    return int(use.discard) + int(extra)


def discard_refusal(state: Any, seat: int, use: Any, option: int = -1) -> Refusal | None:
    """Why *seat* cannot take *use* (option *option*) for lack of cards to discard (the hand's
    size is public)."""
    count = discard_count(use, option)
    if len(state.players[seat].hand) < count:
        return (RULE_DISCARD, f"the use discards {count} card(s): your hand is too small")
    return None


def begin(state: Any, seat: int, building_id: str, index: int, option: int = -1) -> None:
    """*seat* takes use *index* of *building_id* (option *option*, paid already): its cards to
    discard first (:class:`UseDiscardStep`), else its effects now."""
    use = building(state, building_id).uses[index]
    if discard_count(use, option):
        state.flow.push(UseDiscardStep(seat=seat, building=building_id, use=index, option=option))
        return
    resolve(state, seat, building_id, index, option)


def resolve(state: Any, seat: int, building_id: str, index: int, option: int = -1) -> None:
    """The effects of the use (and of its option *option*), in order."""
    use = building(state, building_id).uses[index]
    chosen = use.one_of[option].effects if option >= 0 else ()
    for effect in (*use.effects, *chosen):
        apply_effect(state, seat, effect)


@dataclass
class UseDiscardStep(Step[Any]):
    """*seat* discards the cards of a building's use from its hand, one at a time (``discard
    card=ID``; ``done`` so far), then the use's effects follow (module doc). No declining:
    the use was chosen."""

    kind = "use-discard"
    rule = RULE_DISCARD
    seat: int = 0
    building: str = ""
    use: int = 0
    option: int = -1
    done: int = 0

    def actor(self, state: Any) -> int:
        return self.seat

    def held_zones(self, state: Any) -> Sequence[str]:
        return [f"mm-hand-{self.seat}"]

    def remaining(self, state: Any) -> int:
        """How many cards are still to discard."""
        use = building(state, self.building).uses[self.use]
        return discard_count(use, self.option) - self.done

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        if seat != self.seat:
            return []
        return [Action.of("discard", card=c) for c in dict.fromkeys(state.players[seat].hand)]

    def apply(self, state: Any, action: Action, seat: int) -> None:
        player = state.players[seat]
        card = action.str_param("card")
        player.hand.remove(card)
        player.discard.append(card)  # face up: the discard pile is public
        state.events.append("card-discarded", {"seat": seat, "card": card})
        self.done += 1
        if self.remaining(state) > 0 and player.hand:
            return
        state.flow.pop()
        resolve(state, seat, self.building, self.use, self.option)


# --------------------------------------------------------------------------- own-deck Search


def search_own_deck(state: Any, seat: int, count: int) -> None:
    """Push *seat*'s Search (*count*) of its own Might & Magic deck (nothing with both its deck
    and discard pile empty; a short deck gives fewer cards)."""
    player = state.players[seat]
    seen = [player.deck.pop() for _ in range(min(count, len(player.deck)))]
    if seen or player.discard:
        state.flow.push(OwnSearchStep(seat=seat, deck=OWN_DECK, seen=seen, count=count))


@dataclass
class OwnSearchStep(search.SearchStep):
    """*seat* looks at ``seen`` (the top cards of its own deck): takes one into its hand (the
    rest go to its discard pile, face up) or the top card of its discard pile (§5.8)."""

    kind = "own-search"
    rule = RULE_OWN_SEARCH

    def pool_name(self) -> str:
        return f"mm-{self.seat}"

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        if seat != self.seat:
            return []
        out = [Action.of("take", card=card) for card in dict.fromkeys(self.seen)]
        return [*out, TAKE_DISCARD] if state.players[seat].discard else out

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if action in self.legal(state, seat):
            return None
        return (self.rule, "take one of the cards seen ('take card=ID') or 'take-discard'")

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        player = state.players[self.seat]
        rest = list(self.seen)
        if action == TAKE_DISCARD:
            card = player.discard.pop()
        else:
            card = action.str_param("card")
            rest.remove(card)
        player.discard.extend(rest)
        if rest:
            state.events.append("cards-discarded", {"seat": self.seat, "cards": rest})
        search.gain_card(state, self.seat, card)


# --------------------------------------------------------------------------- when they apply


def starting_buildings(state: Any) -> None:
    """The start of round 1: a seat whose scenario gives its starting buildings their "when
    built" uses (``built_bonus``) takes them now; the Mage Guild's Searches go into the Might &
    Magic deck instead of the hand (§5.11)."""
    seats = state.game.scenario.layout(state.num_players).seats
    for seat in reversed([s for s in state.order if seats[s].setup.built_bonus]):
        for town in reversed([t for t in state.towns if t.seat == seat]):
            for building_id in reversed(town.buildings):
                for use in building(state, building_id).uses:
                    if use.timing != "built":
                        continue
                    for effect in use.effects:
                        if effect.kind == "search" and effect.deck == "spells":
                            search.search(
                                state, seat, "spell", effect.amount or 2, effect.times, True
                            )
                        else:
                            apply_effect(state, seat, effect)


def resource_round(state: Any) -> None:
    """The start of a Resource round: the ``resource-round`` uses of the buildings of every
    player's usable towns (City Hall, Brotherhood of the Sword, ...), in turn order; a use
    with options is the player's choice (:class:`BuildingUseStep`)."""
    seats = [s for s in state.order if not state.players[s].eliminated]
    for seat in reversed(seats):  # pushed last-first, resolved in turn order
        _uses_of(state, seat, "resource-round")


def turn_start(state: Any, seat: int) -> None:
    """The start of *seat*'s turn: the ``turn-start`` uses of the buildings it may use (the
    Necromancy Amplifier, the Portal of Summoning, the Mana Vortex), each its choice."""
    _uses_of(state, seat, "turn-start")


def _uses_of(state: Any, seat: int, timing: str) -> None:
    """Offer (push, last first) *seat*'s uses of *timing* that the game resolves."""
    for town in reversed(usable_towns(state, seat)):
        for building_id in reversed(town.buildings):
            uses = building(state, building_id).uses
            for index, use in reversed(list(enumerate(uses))):
                if use.timing == timing and use_resolvable(use):
                    _use(state, seat, building_id, index)


def _use(state: Any, seat: int, building_id: str, index: int) -> None:
    """*seat* uses use *index* of *building_id*: its effects, or a choice of its options."""
    use = building(state, building_id).uses[index]
    if use.one_of or use.optional or use.discard:
        state.flow.push(BuildingUseStep(seat=seat, building=building_id, use=index))
        return
    state.events.append("building-used", {"seat": seat, "building": building_id})
    begin(state, seat, building_id, index)


@dataclass
class BuildingUseStep(Step[Any]):
    """*seat* takes one option of a building's use (``choose-option index=N``) or the use
    (``use``), or declines an optional use (``decline``) (§5.14.1: City Hall's income or
    ability). A use that discards cards is offered only to a hand big enough (public)."""

    kind = "building-use"
    rule = "homm3.md §5.14.1 (a building's use, as its Town board prints it)"
    public_kinds = None
    seat: int = 0
    building: str = ""
    use: int = 0

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        if seat != self.seat:
            return []
        use = building(state, self.building).uses[self.use]
        out = [
            Action.of("choose-option", index=i)
            for i, option in enumerate(use.one_of)
            if state.players[seat].resources.can_pay(option.pay.amounts())
            and discard_refusal(state, seat, use, i) is None
        ]
        if not use.one_of and discard_refusal(state, seat, use) is None:
            out.append(Action.of("use"))
        return [*out, DECLINE] if use.optional or not out else out

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        if action == DECLINE:
            return
        use = building(state, self.building).uses[self.use]
        option = -1
        if action.kind == "choose-option":
            option = action.int_param("index")
            state.players[seat].resources.pay(use.one_of[option].pay.amounts())
        state.events.append("building-used", {"seat": seat, "building": self.building})
        begin(state, seat, self.building, self.use, option)
