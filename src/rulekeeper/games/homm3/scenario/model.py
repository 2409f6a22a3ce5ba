"""A scenario as read from its file (docs/homm3-scenarios.md): frozen data the map game's setup
reads; nothing here changes during a game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rulekeeper.core.hexes import Hex
from rulekeeper.games.homm3.scenario.fields import SCENARIO_RULES

Rounds = str | tuple[int, ...]
"""Rounds named by a rule (``odd``, ``even``, ``every``, ``none``) or listed one by one."""


def _in_rounds(spec: Rounds, number: int) -> bool:
    """Whether round *number* is one of the rounds *spec* names."""
    if isinstance(spec, tuple):
        return number in spec
    return {"odd": number % 2 == 1, "even": number % 2 == 0, "every": True}.get(spec, False)


@dataclass(frozen=True)
class RoundTrack:
    """Which rounds are Resource rounds and which Astrologers rounds (homm3.md §4.1)."""

    resource: Rounds = "odd"
    astrologers: Rounds = "even"
    no_income: tuple[int, ...] = (1,)
    """Resource rounds that pay no income (round 1 by default, homm3.md §8.8)."""

    def is_resource(self, number: int) -> bool:
        """Whether round *number* is a Resource round."""
        return _in_rounds(self.resource, number)

    def is_astrologers(self, number: int) -> bool:
        """Whether round *number* is an Astrologers round."""
        return _in_rounds(self.astrologers, number)

    def pays_income(self, number: int) -> bool:
        """Whether income is paid at the start of round *number*."""
        return self.is_resource(number) and number not in self.no_income


@dataclass(frozen=True)
class SlotEntry:
    """One tile slot of the layout: a fixed ``tile`` or one drawn from ``pool``."""

    at: Hex
    """The slot's centre hex (a point of the slot lattice, contracts §B)."""
    tile: str = ""
    pool: str = ""
    rotation: int = 0
    """Sixths of a turn counter-clockwise (a drawn tile's rotation is chosen when revealed)."""
    face: str = "down"


@dataclass(frozen=True)
class Start:
    """What a player starts with (homm3.md §3 steps 7-9, 12-13, 18)."""

    resources: Mapping[str, int] = field(default_factory=dict)
    income: Mapping[str, int] = field(default_factory=dict)
    buildings: tuple[str, ...] = ()
    """Building roles (fields.BUILDING_ROLES), the same for every faction."""
    built_bonus: bool = False
    """Whether starting buildings give their "when built" effect (the Mage Guild's spells)."""
    army: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    """Per faction: (unit card id, side ``few``/``pack``); also the army restored (§5.15)."""
    cards: tuple[str, ...] = ()
    """Might & Magic cards added to the starting deck heroes.yaml gives (§3 steps 11-13)."""
    secondary_hero: bool = False


@dataclass(frozen=True)
class Seat:
    """One seat of a variant: its starting slot, its faction and what it starts with."""

    start: Hex
    """The slot of its Starting tile (the faction's S tile, rotated at setup, §3 step 21)."""
    faction: str
    """A faction id, or ``any``: chosen at setup (§3 step 2)."""
    setup: Start
    """The scenario's ``start`` with this seat's overrides."""
    rotation: int | None = None
    """The Starting tile's rotation the scenario fixes (sixths of a turn counter-clockwise);
    None: its player chooses it at setup (§3 step 21)."""


@dataclass(frozen=True)
class Layout:
    """The map and seats of one player count."""

    players: int
    rounds: int
    """The round limit (0: none)."""
    tiles: tuple[SlotEntry, ...]
    seats: tuple[Seat, ...]
    far_pool: int
    """Far tiles dealt face-down to each player from the ``far`` pool (0: none, §5.1)."""
    pools: Mapping[str, tuple[str, ...]]
    """Tile ids per pool, shuffled at setup (homm3.md §3 step 6)."""

    @property
    def starts(self) -> tuple[Hex, ...]:
        """Each seat's starting slot."""
        return tuple(seat.start for seat in self.seats)

    def fixed(self) -> tuple[SlotEntry, ...]:
        """The slots holding a named tile."""
        return tuple(entry for entry in self.tiles if entry.tile)

    def drawn(self) -> tuple[SlotEntry, ...]:
        """The slots filled from a pool."""
        return tuple(entry for entry in self.tiles if entry.pool)


@dataclass(frozen=True)
class Condition:
    """A victory condition: its kind (fields.VICTORY_KINDS) and its parameters."""

    kind: str
    params: Mapping[str, int | str | bool] = field(default_factory=dict)


@dataclass(frozen=True)
class Effect:
    """An effect of an event or a scenario location (fields.EFFECT_KINDS)."""

    kind: str
    params: Mapping[str, int | str] = field(default_factory=dict)


@dataclass(frozen=True)
class Trigger:
    """When a timed event fires (fields.TRIGGER_KINDS)."""

    kind: str
    rounds: tuple[int, ...] = ()
    """``round``/``rounds``: the rounds; ``every``: (N, first round)."""
    level: int = 0
    target: str = ""
    """``visited``: the field "q,r"; ``defeated``: the AI hero's id."""

    def fires_at(self, number: int) -> bool:
        """Whether the event fires at the start of round *number*."""
        if self.kind == "every":
            step, first = self.rounds
            return number >= first and (number - first) % step == 0
        return self.kind in ("round", "rounds") and number in self.rounds


@dataclass(frozen=True)
class Event:
    """A timed event (homm3.md §4.1, §5.21): when, to whom, what."""

    when: Trigger
    who: str
    effects: tuple[Effect, ...]
    choose: bool = False
    """Whether each player it touches chooses one of the effects instead of taking them all."""


@dataclass(frozen=True)
class LocationRule:
    """The scenario's effect of an Obelisk, Dragon Utopia or the Grail (homm3.md §5.4)."""

    effects: tuple[Effect, ...]
    choose: bool = False
    """Whether the visitor chooses one of the effects instead of taking them all."""


@dataclass(frozen=True)
class AiHeroSpec:
    """An AI hero of a solo or co-op scenario (homm3.md §5.24; docs/homm3-scenarios.md): where
    it starts, its units at each difficulty, the AI cards' difficulty, how many AI cards of
    each type its AI deck takes (None: the whole AI deck), the spells of its Spell deck and the
    Ability its Use a skill cards use."""

    id: str
    name: str
    faction: str
    start: Hex
    """The field it starts on (a field of a tile face up at setup)."""
    armies: Mapping[str, tuple[tuple[str, str], ...]]
    """Its units (card id, side) at each difficulty."""
    difficulty: str = ""
    """The AI cards' row it uses ("": the game's difficulty)."""
    deck: Mapping[str, int] | None = None
    spells: tuple[str, ...] = ()
    skill: str = ""


@dataclass(frozen=True)
class Scenario:
    """A scenario file read and checked (docs/homm3-scenarios.md)."""

    id: str
    name: str
    mode: str
    players: tuple[int, ...]
    rounds: int
    round_track: RoundTrack | None
    """None: the board's round track (the content pack's board data)."""
    difficulty: str
    options: Mapping[str, str]
    start: Start
    variants: Mapping[int, Layout]
    victory: tuple[Condition, ...]
    at_limit: str
    victory_timing: str
    elimination_rounds: int
    defeat: tuple[str, ...]
    capture_income: Mapping[str, int]
    locations: Mapping[str, LocationRule]
    events: tuple[Event, ...]
    source: Mapping[str, str]
    provisional: tuple[str, ...]
    ai_heroes: tuple[AiHeroSpec, ...] = ()
    rules: Mapping[str, bool] = field(default_factory=dict)
    """The scenario's rule switches it sets (fields.SCENARIO_RULES)."""

    def layout(self, players: int) -> Layout:
        """The map and seats for *players* players (KeyError if the scenario has none)."""
        return self.variants[players]

    def events_at(self, number: int) -> tuple[Event, ...]:
        """The timed events that fire at the start of round *number*, in file order."""
        return tuple(event for event in self.events if event.when.fires_at(number))

    def events_on(self, kind: str, target: str) -> tuple[Event, ...]:
        """The events a ``visited`` field or a ``defeated`` AI hero *target* fires."""
        return tuple(e for e in self.events if e.when.kind == kind and e.when.target == target)

    def rule(self, name: str) -> bool:
        """Whether the scenario's rule switch *name* is on (fields.SCENARIO_RULES)."""
        return bool(self.rules.get(name, SCENARIO_RULES[name]))

    def events_at_level(self, level: int) -> tuple[Event, ...]:
        """The timed events that fire when a player's Main Hero reaches *level*."""
        return tuple(e for e in self.events if e.when.kind == "level" and e.when.level == level)
