"""The carry-over rules between campaign scenarios (Heegu-sama/Homm3BG:sections/campaign.tex,
"Finishing a Scenario"): what the hero keeps, what the player chooses, and the deck a lost
scenario is played again with. Each choice is checked by one refusal function; the legal
choices and the automatic pick come from the same lists."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rulekeeper.games.homm3.campaign.model import CarryRules, HeroState

__all__ = [
    "RULE_FINISH",
    "RULE_LOST",
    "auto_choice",
    "choice_refusal",
    "choosable",
    "kept",
    "next_start",
    "owned_cards",
    "replay_start",
]

RULE_FINISH = (
    "campaign.tex, Finishing a Scenario: Level I; the Statistic cards, the Level I Specialty"
    " and 5 cards chosen"
)
RULE_LOST = (
    "campaign.tex, Finishing a Scenario: a lost scenario is played again with the noted deck"
)

KIND_ORDER = ("artifact", "ability", "spell")
"""The automatic pick's order (provisional): Artifact cards first, then Abilities, Spells."""


def owned_cards(player: Any) -> list[str]:
    """Every Might & Magic card the hero owns at the end of a scenario: hand, deck and
    discard pile (id order)."""
    return sorted([*player.hand, *player.deck, *player.discard])


def first_specialty(pack: Any, hero: str) -> str:
    """The hero's Level I Specialty card."""
    specialties = pack.heroes[hero].specialties
    return str(next((c for c in specialties if pack.specialties[c].level == 1), specialties[0]))


def kept(pack: Any, hero: str, cards: Sequence[str]) -> list[str]:
    """The cards kept without a choice: every Statistic card of *cards* and the hero's
    Level I Specialty (campaign.tex)."""
    return sorted([*(c for c in cards if c in pack.stats), first_specialty(pack, hero)])


def choosable(pack: Any, cards: Sequence[str]) -> list[str]:
    """The cards the player chooses from: every non-Statistic, non-Specialty card of *cards*
    (id order, copies repeated)."""
    return sorted(c for c in cards if c not in pack.stats and c not in pack.specialties)


def _wanted(rules: CarryRules, pool: Sequence[str]) -> int:
    """How many cards the player chooses: the campaign's number, or all of *pool* if fewer."""
    return min(rules.cards, len(pool))


def choice_refusal(
    rules: CarryRules, pool: Sequence[str], chosen: Sequence[str]
) -> tuple[str, str] | None:
    """Why *chosen* is not a choice of the cards to keep from *pool*, or None."""
    wanted = _wanted(rules, pool)
    if len(chosen) != wanted:
        return (RULE_FINISH, f"choose {wanted} cards to keep, not {len(chosen)}")
    missing = Counter(chosen) - Counter(pool)
    if missing:
        names = ", ".join(sorted(missing))
        return (RULE_FINISH, f"not among the cards you may keep: {names}")
    return None


def _kind(pack: Any, card: str) -> int:
    """Where *card* stands in the automatic pick's order."""
    tables = (pack.artifacts, pack.abilities, pack.spells)
    return next((i for i, table in enumerate(tables) if card in table), len(tables))


def auto_choice(pack: Any, rules: CarryRules, pool: Sequence[str]) -> list[str]:
    """The cards a bot or ``--auto`` keeps: the first of *pool* in the order Artifacts,
    Abilities, Spells, then by id (deterministic; provisional)."""
    ranked = sorted(pool, key=lambda card: (_kind(pack, card), card))
    return sorted(ranked[: _wanted(rules, pool)])


def next_start(
    pack: Any, rules: CarryRules, hero: str, level: int, cards: Sequence[str], chosen: Sequence[str]
) -> HeroState:
    """The hero's start in the next scenario after a won one: Level I (or kept), the cards
    kept, the *chosen* ones and, with ``artifacts: all``, every other Artifact card."""
    refused = choice_refusal(rules, choosable(pack, cards), chosen)
    if refused is not None:
        raise ValueError(refused[1])
    extra: list[str] = []
    if rules.artifacts == "all":
        left = Counter(c for c in cards if c in pack.artifacts) - Counter(chosen)
        extra = sorted(left.elements())
    deck = sorted([*kept(pack, hero, cards), *chosen, *extra])
    return HeroState(hero=hero, level=1 if rules.level == "reset" else level, deck=deck)


def replay_start(noted: HeroState | None) -> HeroState | None:
    """The hero's start when a scenario is lost: the same as noted at its start (None: the
    scenario's own setup again)."""
    if noted is None:
        return None
    return HeroState(hero=noted.hero, level=noted.level, deck=list(noted.deck))
