"""The board data of the map game (homm3.md §4.1, §5.13, §5.21, §5.23, §5.25, §9.6; issue 24 §1):
the round track, the Resource and Treasure dice, the Starting Bonus per difficulty, the trading
prices, the game's fixed numbers (MP, Secondary Hero and siege transport costs), the optional
rules (``board.yaml``) and the 19 Astrologers Proclaim cards (``astrologers.yaml``).

What a die face, a bonus, a town building (``towns.py``) or an Astrologers card does is a list
of :class:`Effect` entries from the closed vocabulary :data:`EFFECTS`: the map game implements
each kind once. Every value is sourced or marked ``provisional`` (docs/homm3-content.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulekeeper.core.content import CardBase
from rulekeeper.core.errors import DataError

__all__ = [
    "ASTROLOGERS_CARDS",
    "BATTLE_OPTIONS",
    "BOARD_FILES",
    "DIFFICULTIES",
    "EFFECTS",
    "OPTIONAL_RULES",
    "RESOURCES",
    "AstrologersCard",
    "Board",
    "Choice",
    "Die",
    "Effect",
    "OptionalRule",
    "Price",
    "RoundTrack",
    "StartingBonus",
    "Trade",
    "Value",
    "board_problems",
    "make_board",
]

RESOURCES = ("gold", "materials", "valuables")
"""Gold, Building Materials and Valuables (homm3.md §5.13.1), the map game's ledger names."""
Resource = Literal["gold", "materials", "valuables"]
DIFFICULTIES = ("easy", "normal", "hard", "impossible")
"""The four difficulty levels (§5.23)."""
Tier = Literal["bronze", "silver", "gold", "azure"]
Deck = Literal["spells", "artifacts", "abilities", "might-magic"]
CardKind = Literal["artifact", "spell", "specialty", "statistic", "ability"]
Amount = Annotated[int, Field(ge=-9, le=60)]

EFFECTS: Mapping[str, str] = {
    # resources and dice
    "gain": "gain ``amount`` of ``resource`` at once",
    "income": "this Resource round's income of ``resource`` changes by ``amount`` (not below 0)",
    "resource-dice": "roll ``amount`` Resource dice; ``keep: all`` gains every result, ``one`` one",
    "treasure-dice": "roll ``amount`` Treasure dice and resolve one result (§5.13.3)",
    # the hero and its cards
    "experience": "the Main Hero gains ``amount`` Experience (1 = half a Level, §8.24)",
    "movement": "each hero concerned gets ``amount`` MP (negative: fewer) for the effect's time",
    "morale": "gain (``amount`` 1) or lose (-1) morale (§5.17)",
    "search": "Search (``amount``) the ``deck``, ``times`` times (§5.8)",
    "find-artifact": "reveal Artifact cards from the top until one of ``grade``; take it to hand",
    "fetch": "take the card ``card`` from the ``deck`` (searched through) into hand",
    "recover": "take a card of ``card_kinds`` from your discard pile into hand",
    "cycle": "discard up to ``amount`` cards, then draw as many",
    "reshuffle-discard": "shuffle your discard pile back into your Might & Magic deck",
    "shuffle-back": "shuffle every card of ``card_kinds`` in hand into the deck; draw as many",
    "hand-limit": "the hand limit changes by ``amount``",
    "spell-returns": "the first ``amount`` Spell card each player plays returns to hand",
    "spell-power": "the first Spell card played (each turn: ``per_turn``) gets +``amount`` power",
    "combat-enemy-discards": "at the start of a combat with an enemy hero this turn, the enemy"
    " discards ``amount`` random cards",
    "reroll-dice": "reroll ``amount`` Resource or Treasure die (each turn with ``per_turn``)",
    # units and the town
    "allow-recruit": "Recruiting units of ``tier`` (with the Population token, §5.15)",
    "allow-reinforce": "Reinforcing units from Few to Pack (with the Population token, §5.15)",
    "siege-defences": "a besieged town adds ``numbers`` walls, gates and towers (§5.14.4)",
    "reinforce-free": "Reinforce ``amount`` unit of ``tier`` without paying",
    "reinforce-discount": "Reinforce ``amount`` Few unit paying ``numbers.percent`` % of the cost",
    "weaken": "flip ``amount`` of your units from Pack to Few, if you have one",
    "summon-neutral": "draw ``amount`` Neutral card from a tier deck of your Dwellings; you may"
    " Recruit it paying its cost",
    "redraw-neutral": "in a combat with Neutral Units, discard ``amount`` Neutral card and draw"
    " another of its tier",
    # the map
    "remove-black-cubes": "remove every black cube from the map's locations",
}
"""Every map effect kind with its meaning (docs/homm3-content.md)."""

NEEDS: Mapping[str, tuple[str, ...]] = {
    "gain": ("resource", "amount"),
    "income": ("resource", "amount"),
    "resource-dice": ("amount", "keep"),
    "treasure-dice": ("amount",),
    "experience": ("amount",),
    "movement": ("amount",),
    "morale": ("amount",),
    "search": ("deck", "amount"),
    "find-artifact": ("grade",),
    "fetch": ("deck", "card"),
    "recover": ("card_kinds",),
    "cycle": ("amount",),
    "shuffle-back": ("card_kinds",),
    "hand-limit": ("amount",),
    "spell-returns": ("amount",),
    "spell-power": ("amount",),
    "combat-enemy-discards": ("amount",),
    "reroll-dice": ("amount",),
    "allow-recruit": ("tier",),
    "siege-defences": ("numbers",),
    "reinforce-free": ("tier", "amount"),
    "reinforce-discount": ("amount", "numbers"),
    "weaken": ("amount",),
    "summon-neutral": ("amount",),
    "redraw-neutral": ("amount",),
}
"""The fields each kind needs (the others may stay unset)."""

OPTIONAL_RULES = (
    "start-secondary-hero",
    "minimum-damage",
    "one-resource-dice",
    "astrologers-every-round",
    "die-no-damage",
    "no-rerolls",
    "double-income",
    "no-starting-bonus",
    "free-extension",
    "refresh-locations",
    "no-astrologers",
    "use-captured-towns",
    "free-trading",
    "cards-to-discard",
)
"""The ids of the 14 optional rules of §5.25, in their printed order (rule 1 first)."""
BATTLE_OPTIONS = ("retreat", "minimum-damage", "die-no-damage", "no-rerolls", "free-extension")
"""The options every fight on the map receives (the battle file's names; issue 24 §2)."""
ASTROLOGERS_CARDS = 19
"""Astrologers Proclaim cards in the core box (§2.1, §5.21)."""
VALUES = ("main-hero-mp", "secondary-hero-mp", "secondary-hero-cost", "siege-transport")
"""The fixed numbers board.yaml must give (§5.2, §5.6, §5.14.4)."""


class Price(BaseModel):
    """A cost or an amount in the three resources (§5.13.1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    gold: Annotated[int, Field(ge=0, le=99)] = 0
    materials: Annotated[int, Field(ge=0, le=99)] = 0
    valuables: Annotated[int, Field(ge=0, le=99)] = 0

    def amounts(self) -> dict[str, int]:
        """The non-zero amounts by resource name (what a core ``Ledger`` pays)."""
        return {name: getattr(self, name) for name in RESOURCES if getattr(self, name)}


class Effect(BaseModel):
    """One map effect: its kind (:data:`EFFECTS`) and the fields that kind needs (:data:`NEEDS`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal[tuple(EFFECTS)]  # type: ignore[valid-type]
    amount: Amount | None = None
    resource: Resource | None = None
    keep: Literal["all", "one"] | None = None
    deck: Deck | None = None
    times: Annotated[int, Field(ge=1, le=3)] = 1
    card: str | None = None
    card_kinds: tuple[CardKind, ...] | None = None
    grade: Literal["minor", "major", "relic"] | None = None
    tier: Tier | None = None
    per_turn: bool = False
    numbers: dict[str, int] | None = None

    @model_validator(mode="after")
    def _needs(self) -> Effect:
        missing = [name for name in NEEDS.get(self.kind, ()) if getattr(self, name) is None]
        if missing:
            raise ValueError(f"a {self.kind!r} effect needs {', '.join(missing)}")
        return self


class Choice(BaseModel):
    """One option of a choice: what it costs (``pay``, cards to ``remove`` from hand or to
    ``discard``) and its effects."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    pay: Price = Price()
    remove: CardKind | None = None
    discard: Annotated[int, Field(ge=0, le=5)] = 0
    effects: tuple[Effect, ...] = ()


class RoundTrack(CardBase):
    """The round track (§4.1, §8.8): its length and which rounds are Resource and Astrologers
    rounds; Resource rounds pay income from ``income_from`` on."""

    length: Annotated[int, Field(ge=1, le=99)]
    resource: Literal["odd", "even"]
    astrologers: Literal["odd", "even"]
    income_from: Annotated[int, Field(ge=1, le=99)]

    @model_validator(mode="after")
    def _alternate(self) -> RoundTrack:
        if self.resource == self.astrologers:
            raise ValueError("Resource and Astrologers rounds alternate (§4.1)")
        return self


class Value(CardBase):
    """A fixed number of the rules: ``amount`` in ``unit`` (MP or a resource)."""

    amount: Annotated[int, Field(ge=0, le=99)]
    unit: Literal["mp", "gold", "materials", "valuables"]


class Die(CardBase):
    """A die: its six faces, each an effect (§5.13.2, §5.13.3, §9.6)."""

    faces: Annotated[tuple[Effect, ...], Field(min_length=6, max_length=6)]


class StartingBonus(CardBase):
    """The Starting Bonus of a difficulty (§5.23): the player takes one of ``one_of`` (none at
    all when it is empty)."""

    difficulty: Literal["easy", "normal", "hard", "impossible"]
    one_of: tuple[Choice, ...] = ()


class Trade(CardBase):
    """One row of the price table (§5.13.4): ``amount`` of ``pay`` buys ``gets`` of ``get``."""

    pay: Resource
    amount: Annotated[int, Field(ge=1, le=9)]
    get: Resource
    gets: Annotated[int, Field(ge=1, le=9)] = 1

    @model_validator(mode="after")
    def _two(self) -> Trade:
        if self.pay == self.get:
            raise ValueError("a trade gives one resource for another")
        return self


class OptionalRule(CardBase):
    """An optional rule (§5.25, numbered 1–14) or the §9.1 ``retreat`` setting (number 0): its
    ``values`` (the default first) and the impact the table prints."""

    number: Annotated[int, Field(ge=0, le=14)]
    impact: Literal["easier", "harder", "variant"]
    values: Annotated[tuple[str, ...], Field(min_length=2)] = ("no", "yes")
    battle: bool = False
    """Passed to every fight (the battle file knows it)."""


class AstrologersCard(CardBase):
    """An Astrologers Proclaim card (§5.21): effects for every player, for a ``duration``;
    ``redraw_first``: drawn in the first Astrologers round it is discarded and another drawn."""

    copies: Annotated[int, Field(ge=1, le=4)] = 1
    duration: Literal["at-once", "until-next-astrologers", "next-resource-round"]
    effects: tuple[Effect, ...] = ()
    redraw_first: bool = False


BOARD_FILES: Mapping[str, Mapping[str, type[BaseModel]]] = {
    "astrologers.yaml": {"astrologers": AstrologersCard},
    "board.yaml": {
        "round_track": RoundTrack,
        "values": Value,
        "dice": Die,
        "starting_bonus": StartingBonus,
        "trading": Trade,
        "options": OptionalRule,
    },
}
"""The board files: the lists each holds and their models (read like the card files)."""


class Listed(Protocol):
    """A validated list of a pack file (content/pack.py ``_Table``)."""

    source: str
    key: str
    entries: list[tuple[int, Any]]
    valid: bool


def board_problems(tables: Mapping[str, Listed]) -> list[DataError]:
    """The core box's board facts, for each list that validated: 19 Astrologers cards, one
    round track, the fixed numbers, a Resource and a Treasure die, a bonus per difficulty, six
    trades, the 14 optional rules numbered 1–14 and ``retreat`` (§4.1, §5.13, §5.21–§5.25)."""
    problems: list[DataError] = []

    def report(table: Listed, reason: str) -> None:
        problems.append(DataError(table.source, table.key, reason))

    cards = tables["astrologers"]
    copies = sum(card.copies for _, card in cards.entries)
    if cards.valid and copies != ASTROLOGERS_CARDS:
        report(cards, f"{copies} cards; the core box has {ASTROLOGERS_CARDS} (homm3.md §5.21)")
    track = tables["round_track"]
    if track.valid and len(track.entries) != 1:
        report(track, f"{len(track.entries)} round tracks; the board has one (§4.1)")
    problems += _ids_problems(tables["values"], VALUES, "the rules' fixed numbers (§5.2, §5.6)")
    problems += _ids_problems(tables["dice"], ("resource", "treasure"), "the two dice (§5.13)")
    bonuses = tables["starting_bonus"]
    found = [bonus.difficulty for _, bonus in bonuses.entries]
    if bonuses.valid and sorted(found) != sorted(DIFFICULTIES):
        report(bonuses, f"difficulties {found}; one bonus for each of {list(DIFFICULTIES)} (§5.23)")
    trades = tables["trading"]
    pairs = Counter((trade.pay, trade.get) for _, trade in trades.entries)
    if trades.valid and (len(pairs) != 6 or max(pairs.values()) > 1):
        report(trades, "the price table has one trade for each ordered pair of resources (§5.13.4)")
    problems += _option_problems(tables["options"])
    return problems


def _ids_problems(table: Listed, ids: Sequence[str], what: str) -> list[DataError]:
    """A list that must hold exactly the entries *ids*."""
    found = sorted(entry.id for _, entry in table.entries)
    if not table.valid or found == sorted(ids):
        return []
    return [DataError(table.source, table.key, f"ids {found}; expected {sorted(ids)}, {what}")]


def _option_problems(table: Listed) -> list[DataError]:
    """The 14 optional rules by their ids and numbers, ``retreat`` as number 0, and the battle
    options marked ``battle`` (§5.25, §9.1)."""
    if not table.valid:
        return []
    problems: list[DataError] = []
    numbers = {rule.id: rule.number for _, rule in table.entries}
    expected = {"retreat": 0, **{rule: n for n, rule in enumerate(OPTIONAL_RULES, 1)}}
    if numbers != expected:
        wrong = sorted(set(numbers.items()) ^ set(expected.items()))
        reason = f"the options differ from §5.25's 14 rules and §9.1's retreat at {wrong}"
        problems.append(DataError(table.source, table.key, reason))
    for index, rule in table.entries:
        if rule.battle != (rule.id in BATTLE_OPTIONS):
            reason = "true exactly for the battle file's options " + ", ".join(BATTLE_OPTIONS)
            problems.append(DataError(table.source, f"{table.key}[{index}].battle", reason))
    return problems


@dataclass(frozen=True)
class Board:
    """The board data, read: the round track, the fixed numbers by id, the dice by id, the
    Starting Bonus by difficulty, the trades, the optional rules by id."""

    track: RoundTrack
    values: Mapping[str, Value]
    dice: Mapping[str, Die]
    bonuses: Mapping[str, StartingBonus]
    trades: tuple[Trade, ...]
    options: Mapping[str, OptionalRule]

    def round_kind(self, number: int) -> str:
        """``"resource"`` or ``"astrologers"``: the kind of round *number* (§4.1)."""
        odd = "odd" if number % 2 else "even"
        return "resource" if self.track.resource == odd else "astrologers"

    def pays_income(self, number: int) -> bool:
        """Whether round *number* pays income (a Resource round from ``income_from`` on, §8.8)."""
        return self.round_kind(number) == "resource" and number >= self.track.income_from

    def trade(self, pay: str, get: str) -> Trade:
        """The price-table row giving *pay* for *get*."""
        return next(t for t in self.trades if t.pay == pay and t.get == get)


def make_board(tables: Mapping[str, Listed]) -> Board:
    """The :class:`Board` of valid board lists."""

    def by_id(key: str) -> dict[str, Any]:
        return {entry.id: entry for _, entry in tables[key].entries}

    return Board(
        track=tables["round_track"].entries[0][1],
        values=by_id("values"),
        dice=by_id("dice"),
        bonuses={bonus.difficulty: bonus for _, bonus in tables["starting_bonus"].entries},
        trades=tuple(trade for _, trade in tables["trading"].entries),
        options=by_id("options"),
    )
