"""The map effects in force for a seat this turn, and the questions other rule modules ask of
them (homm3.md §5.8 Map effects, §5.17 morale rerolls; the cards: cards.py).

A card with a Map effect that lasts the turn (Diplomacy Expert, Logistics Basic, Luck Basic,
Wisdom, the Legion artifacts) leaves a core ``Lasting`` on its player (``Player.lasting``;
``holder`` is the seat as text, or a hero id): it is spent when used and gone at the end of the
turn (:func:`end_turn`). The owners of the situations call these queries:

* movement.py ``encounter``: :func:`skip_neutral_fight` before a fight against neutral units;
* the town actions: :func:`recruit_discount` / :func:`use_recruit_discount` when a unit is
  recruited or reinforced, :func:`mage_guild_terms` / :func:`use_mage_guild_terms` when a spell
  is bought at the Mage Guild;
* the dice (resource and treasure dice of locations): :func:`reroll_sources` and
  :func:`spend_reroll` (Luck's rerolls, Swift Weasel's reroll a turn and the Positive Morale
  token, morale.py);
* fights.py: :func:`enemy_discards` when a fight against an enemy hero starts (Cover of
  Darkness, town_actions.py; homm3.md §5.21 for an Astrologers card with that effect);
* aftermath.py: :func:`note_combat_won` after a fight the player won (Necromancy, cards.py).

This module imports no other rule module (but proclaimed.py, which imports none), so that each
of them can ask it.
"""

from __future__ import annotations

from typing import Any

from rulekeeper.core.lasting import Lasting, total
from rulekeeper.games.homm3.map import proclaimed
from rulekeeper.games.homm3.map.model import Site

__all__ = [
    "RULE_NO_REROLLS",
    "SKIP",
    "add",
    "astrologers_rerolls",
    "end_astrologers",
    "end_turn",
    "enemy_discards",
    "has",
    "mage_guild_terms",
    "note_combat_won",
    "recruit_discount",
    "reroll_sources",
    "skip_neutral_fight",
    "spend",
    "spend_reroll",
    "turn_tag",
    "use_mage_guild_terms",
    "use_recruit_discount",
]

RULE_MAP = "homm3.md §5.8 Map effects (rulebook p. 13)"
RULE_NO_REROLLS = "homm3.md §5.25 optional rule 6 (you cannot reroll your dice)"
UNTIL = "turn-end"
ASTROLOGERS = "astrologers"
"""The end of an effect kept until the next Astrologers card is drawn (proclaimed_spells.py)."""
SKIP = "skip-neutral-combat"
WON = "won-combat"
DICE = ("resource", "treasure")
ASTROLOGERS_REROLL = "reroll-dice"
ENEMY_DISCARDS = "combat-enemy-discards"
REROLL_USED = "astrologers-reroll-used"
"""A die rerolled by the Astrologers card in force this turn (held by :func:`turn_tag`)."""


def add(state: Any, seat: int, kind: str, holder: str, amount: int = 0, source: str = "") -> None:
    """*seat* gains a map effect of *kind* on *holder* until the end of the turn."""
    player = state.players[seat]
    player.lasting.append(
        Lasting(kind, holder, amount=amount, until=UNTIL, owner=seat, source=source)
    )


def has(state: Any, seat: int, kind: str, holder: str | None = None) -> bool:
    """Whether *seat* has an effect of *kind* (on *holder*; on the seat itself by default)."""
    holder = str(seat) if holder is None else holder
    return any(e.kind == kind and e.holder == holder for e in state.players[seat].lasting)


def spend(state: Any, seat: int, kind: str, holder: str | None = None) -> int:
    """Spend one of *seat*'s effects of *kind* (on *holder*): its amount (0: none held)."""
    holder = str(seat) if holder is None else holder
    effects = state.players[seat].lasting
    for index, effect in enumerate(effects):
        if effect.kind == kind and effect.holder == holder:
            del effects[index]
            return int(effect.amount)
    return 0


def end_turn(state: Any, seat: int) -> list[Lasting]:
    """The turn's map effects of *seat* end (§5.8: "this turn"); return them. Marks that last
    until the next Astrologers card (:data:`ASTROLOGERS`) stay."""
    player = state.players[seat]
    ended = [e for e in player.lasting if e.until != ASTROLOGERS]
    player.lasting[:] = [e for e in player.lasting if e.until == ASTROLOGERS]
    return ended


def end_astrologers(state: Any) -> None:
    """A new Astrologers card is drawn: every player's marks of the card before end."""
    for player in state.players:
        player.lasting[:] = [e for e in player.lasting if e.until != ASTROLOGERS]


def skip_neutral_fight(state: Any, hero: Any, key: str, level: int) -> bool:
    """Diplomacy Expert: *hero*'s player skips the fight against the neutral units of difficulty
    *level* on *key* when it equals the Main Hero's Level; the field counts as won with no Exp
    (the guard beaten, §8.16). True when skipped (the effect is spent)."""
    player = state.players[hero.seat]
    if level != player.level or not has(state, hero.seat, SKIP):
        return False
    spend(state, hero.seat, SKIP)
    _beaten(state, key)
    state.events.append("neutral-fight-skipped", {"hero": hero.id, "field": key, "card": SKIP})
    return True


def _beaten(state: Any, key: str) -> None:
    """The guard of *key* counts as beaten (its site visited, §8.16)."""
    site = state.sites.get(key)
    if site is None:
        site = state.sites[key] = Site(field=key)
    site.visited = True


def recruit_discount(state: Any, seat: int) -> int:
    """The Gold off *seat*'s next Recruit or Reinforce (the Legion artifacts; the largest)."""
    found = [e.amount for e in state.players[seat].lasting if e.kind == "recruit-discount"]
    return max(found, default=0)


def use_recruit_discount(state: Any, seat: int) -> int:
    """Spend the largest recruit discount of *seat* (one Recruit or Reinforce): its Gold."""
    effects = state.players[seat].lasting
    best = max(
        (e for e in effects if e.kind == "recruit-discount"),
        key=lambda e: e.amount,
        default=None,
    )
    if best is None:
        return 0
    effects.remove(best)
    return int(best.amount)


def mage_guild_terms(state: Any, seat: int) -> tuple[int, int]:
    """Wisdom: the Gold off *seat*'s Mage Guild purchase this turn and the Search size (2 without
    Wisdom, §5.11)."""
    effects = state.players[seat].lasting
    holder = str(seat)
    discount = total(effects, "mage-guild-discount", holder)
    search = max((e.amount for e in effects if e.kind == "mage-guild-search"), default=2)
    return discount, max(2, int(search))


def use_mage_guild_terms(state: Any, seat: int) -> tuple[int, int]:
    """Spend Wisdom on a purchase: the terms it gave (:func:`mage_guild_terms`)."""
    terms = mage_guild_terms(state, seat)
    player = state.players[seat]
    player.lasting[:] = [
        e for e in player.lasting if e.kind not in ("mage-guild-discount", "mage-guild-search")
    ]
    return terms


def turn_tag(state: Any) -> str:
    """The current turn as a holder of a per-turn counter: round and active seat (-1: between
    turns), so that a counter of an earlier turn no longer counts."""
    return f"turn-{state.round}-{state.players_turn()}"


def astrologers_rerolls(state: Any, seat: int) -> int:
    """The dice *seat* may still reroll this turn by the Astrologers card in force (Swift
    Weasel: ``reroll-dice``, ``per_turn``; §5.21)."""
    allowed = proclaimed.in_force(state, ASTROLOGERS_REROLL)
    if not allowed:
        return 0
    used = total(state.players[seat].lasting, REROLL_USED, turn_tag(state))
    return max(0, allowed - used)


def reroll_sources(state: Any, seat: int, die: str) -> list[str]:
    """What lets *seat* reroll a *die* ("resource", "treasure", "attack") now: ``luck`` (Luck
    Basic, one Treasure and one Resource die a turn), ``astrologers`` (Swift Weasel in force:
    one Resource or Treasure die a turn, §5.21) and ``morale`` (the Positive token, §5.17);
    none under optional rule 6."""
    if state.option("no-rerolls"):
        return []
    found = []
    if die in DICE and has(state, seat, f"reroll-{die}"):
        found.append("luck")
    if die in DICE and astrologers_rerolls(state, seat):
        found.append("astrologers")
    player = state.players[seat]
    if player.morale > 0 and player.faction != "necropolis":
        found.append("morale")
    return found


def spend_reroll(state: Any, seat: int, die: str, source: str) -> None:
    """Spend *source* (:func:`reroll_sources`) to reroll a *die* of *seat*."""
    if source not in reroll_sources(state, seat, die):
        raise ValueError(f"player {seat} cannot reroll a {die} die with {source!r}")
    if source == "luck":
        spend(state, seat, f"reroll-{die}")
    elif source == "astrologers":
        add(state, seat, REROLL_USED, turn_tag(state), 1, state.astrologers)
    else:
        state.players[seat].morale = 0
    state.events.append("reroll", {"seat": seat, "die": die, "by": source})


def note_combat_won(state: Any, seat: int, quick: bool) -> None:
    """*seat* won a fight (aftermath.py): Necromancy may follow, unless it was a Quick Combat."""
    if not quick:
        add(state, seat, WON, str(seat))


def enemy_discards(state: Any, seat: int, enemy: int, holds_cards: bool) -> None:
    """A fight of *seat* against a hero of *enemy* starts (fights.py): Cover of Darkness
    (``combat-enemy-discards`` on *seat*, spent now) and an Astrologers card in force with that
    effect make *enemy* discard that many random cards of its hand (state.rng; a discard is
    public, so the card is named to all). *holds_cards*: the enemy hero is a Main Hero (a
    Secondary Hero holds no cards, §8.34: the effect is spent, nothing is discarded)."""
    count = spend(state, seat, ENEMY_DISCARDS) + proclaimed.in_force(state, ENEMY_DISCARDS)
    hand = state.players[enemy].hand
    for _ in range(count if holds_cards else 0):
        if not hand:
            break
        card = hand.pop(state.rng.below(len(hand)))
        state.players[enemy].discard.append(card)
        state.events.append("enemy-discards", {"seat": enemy, "by": seat, "card": card})
