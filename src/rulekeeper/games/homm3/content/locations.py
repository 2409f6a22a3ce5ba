"""Map locations as data: what a field does when a hero visits it (homm3.md §5.3–§5.5; issue 24 §1).

A :class:`Location` is one kind of field printed on the map tiles (a Town, a Mine, a Windmill,
an empty or a blocked field). Its ``category`` says how a visit is marked (§5.3): ``one-time``
(a black cube, then the field counts as empty), ``flaggable`` (the visitor's faction cube),
``multiple-use`` (nothing marked) or ``none`` (empty and blocked fields). A visit resolves one
:class:`Option` (the player picks one when there are several): pay its ``cost``, then apply its
``effects`` in order, or its ``first_flag`` effects when this is the first flag the field ever
gets (§5.5). Each effect is a :class:`LocationEffect` from the closed vocabulary
:data:`LOCATION_EFFECTS`; the map rules implement each kind once (``map/visiting.py``).
A location's ``traits`` (:data:`LOCATION_TRAITS`) are the rules that are not a visit's effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulekeeper.core.content import CardBase

__all__ = [
    "CATEGORIES",
    "EFFECT_PARAMETERS",
    "FIELD_PARAMETERS",
    "LOCATION_EFFECTS",
    "LOCATION_TRAITS",
    "RESOURCES",
    "Location",
    "LocationEffect",
    "Option",
    "Rate",
]

RESOURCES: tuple[str, ...] = ("gold", "materials", "valuables")
"""Gold, Building Materials and Valuables (§5.13.1)."""
CATEGORIES: tuple[str, ...] = ("one-time", "flaggable", "multiple-use", "none")
"""How a visit is marked (§5.3); ``none``: empty and blocked fields."""

LOCATION_EFFECTS: Mapping[str, str] = {
    "resources": "gain ``resources`` at once",
    "income": "raise the income tracks by ``resources`` (none given: by the location's"
    " ``income`` for the field's ``resource``, a Mine)",
    "income-now": "gain once what the option's ``income`` effect raised (the first flag, §5.5)",
    "experience": "the Main Hero gains ``amount`` Experience (2 = one Level, §5.7)",
    "search": "Search (``amount``) the ``deck``, ``times`` times (§5.8)",
    "morale": "gain a Positive Morale (``amount`` 1) or a Negative one (-1), ``times`` times"
    " (§5.17)",
    "movement": "the hero that entered gains ``amount`` MP for this turn (§5.2)",
    "reveal-tile": "reveal a face-down tile next to this field's tile (§5.1)",
    "roll-dice": "roll ``amount`` ``dice`` (none given: the field's ``dice``), resolve one"
    " (§5.13.2, §5.13.3)",
    "trade": "trade resources at ``rates``, any number of times (§5.13.4)",
    "remove-card": "Remove a card from hand (of the ``deck`` kind only, if given; never one of"
    " ``exclude``), then gain ``resources`` if given",
    "peek-deck": "look at the top ``amount`` cards of the ``deck``: take one into hand or put"
    " it on that deck's discard pile",
    "recover-discard": "look at the top ``amount`` cards of your discard pile, take one into"
    " hand, the rest back on top in any order",
    "reinforce": "Reinforce one of your units of ``tiers`` at ``price`` (half: rounded up)",
    "grail": "gain the Grail token (only one exists; its use is the scenario's)",
    "scenario": "what the scenario says this location does (its ``locations`` entry)",
}
"""Every effect kind a location may have, with its meaning (docs/homm3-content.md)."""

EFFECT_PARAMETERS: Mapping[str, tuple[frozenset[str], frozenset[str]]] = {
    kind: (frozenset(required), frozenset(required) | frozenset(optional))
    for kind, required, optional in (
        ("resources", ("resources",), ()),
        ("income", (), ("resources",)),
        ("income-now", (), ()),
        ("experience", ("amount",), ()),
        ("search", ("deck", "amount"), ("times",)),
        ("morale", ("amount",), ("times",)),
        ("movement", ("amount",), ()),
        ("reveal-tile", (), ()),
        ("roll-dice", ("dice",), ("amount",)),
        ("trade", ("rates",), ()),
        ("remove-card", (), ("deck", "exclude", "resources")),
        ("peek-deck", ("deck", "amount"), ()),
        ("recover-discard", ("amount",), ()),
        ("reinforce", ("tiers", "price"), ()),
        ("grail", (), ()),
        ("scenario", (), ()),
    )
}
"""Per effect kind: the parameters it needs and those it may have (no others)."""

LOCATION_TRAITS: Mapping[str, str] = {
    "town-or-settlement": "counts as a Town or Settlement: a Secondary Hero is recruited and a"
    " defeated hero returns there; entering an enemy one starts a siege; elimination (§5.5)",
    "guarded-until-flagged": "guarded by Neutral Units until first flagged, whatever the field's"
    " numeral says; a field flagged by another faction is taken without combat (§5.5)",
    "per-faction": "flagging removes no other cube; a faction that visited treats it as empty"
    " (the Obelisk, §5.4, §8.21)",
    "sanctuary": "a hero here cannot be attacked; another hero may pass but not stop here while"
    " it is occupied (§5.4, §8.19)",
}
"""Rules a location brings besides its visit's effects."""

FIELD_PARAMETERS: tuple[str, ...] = ("resource", "faction", "dice")
"""What a map field may print beside its location (a Mine's resource, a Town's faction, an
icon's number of dice): a location's ``needs`` lists those its fields must give."""

Resource = Literal["gold", "materials", "valuables"]
Resources = dict[Resource, Annotated[int, Field(ge=1, le=20)]]
Small = Annotated[int, Field(ge=-3, le=9)]


class Rate(BaseModel):
    """One trade of the price table: ``give`` of one resource for ``get`` of another."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    give: Resource
    give_amount: Annotated[int, Field(ge=1, le=20)]
    get: Resource
    get_amount: Annotated[int, Field(ge=1, le=20)]


class LocationEffect(BaseModel):
    """One effect of a visit: its kind and the parameters :data:`EFFECT_PARAMETERS` allows."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal[tuple(LOCATION_EFFECTS)]  # type: ignore[valid-type]
    amount: Small | None = None
    times: Annotated[int, Field(ge=1, le=3)] | None = None
    resources: Resources | None = None
    deck: Literal["spell", "artifact", "ability"] | None = None
    dice: Literal["resource", "treasure"] | None = None
    rates: tuple[Rate, ...] | None = None
    exclude: tuple[Literal["specialty", "statistic", "ability", "magic-arrow"], ...] | None = None
    tiers: tuple[Literal["bronze", "silver", "gold"], ...] | None = None
    price: Literal["half", "free"] | None = None

    @model_validator(mode="after")
    def _parameters(self) -> LocationEffect:
        """The parameters the kind needs are given, and no other."""
        required, allowed = EFFECT_PARAMETERS[self.kind]
        given = {name for name in type(self).model_fields if name != "kind"}
        given = {name for name in given if getattr(self, name) is not None}
        if missing := sorted(required - given):
            raise ValueError(f"a {self.kind!r} effect needs {', '.join(missing)}")
        if extra := sorted(given - allowed):
            raise ValueError(f"a {self.kind!r} effect takes no {', '.join(extra)}")
        return self


class Option(BaseModel):
    """One way to resolve a visit: pay ``cost``, then ``effects`` in order (``first_flag``
    instead, when the field is flagged for the first time ever)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cost: Resources = Field(default_factory=dict)
    effects: tuple[LocationEffect, ...] = Field(min_length=1)
    first_flag: tuple[LocationEffect, ...] | None = None


class Location(CardBase):
    """A kind of map field (docs/homm3-content.md, "locations.yaml")."""

    category: Literal[tuple(CATEGORIES)]  # type: ignore[valid-type]
    optional: bool = False
    """Whether the visitor may decline the effect (a "may pay" or "may Search"; §5.3)."""
    options: tuple[Option, ...] = ()
    """The visit's choices (one: no choice; none: nothing happens)."""
    needs: tuple[Literal["resource", "faction", "dice"], ...] = ()
    income: dict[Resource, Annotated[int, Field(ge=1, le=20)]] | None = None
    """A Mine's income per resource it may produce (§5.5)."""
    traits: tuple[Literal[tuple(LOCATION_TRAITS)], ...] = ()  # type: ignore[valid-type]

    @model_validator(mode="after")
    def _consistent(self) -> Location:
        """Only a flaggable location has first-flag effects; ``none`` has no options."""
        if self.category != "flaggable" and any(o.first_flag for o in self.options):
            raise ValueError("only a flaggable location has first_flag effects")
        if self.category == "none" and self.options:
            raise ValueError("an empty or blocked field has no options")
        if len(set(self.needs)) != len(self.needs):
            raise ValueError("needs lists a parameter twice")
        return self

    def effects(self) -> list[tuple[str, LocationEffect]]:
        """Every effect with its path (``options[1].first_flag[0]``)."""
        return [
            (f"options[{index}].{group}[{position}]", effect)
            for index, option in enumerate(self.options)
            for group in ("effects", "first_flag")
            for position, effect in enumerate(getattr(option, group) or ())
        ]
