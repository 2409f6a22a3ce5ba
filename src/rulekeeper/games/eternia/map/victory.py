"""Victory cards (spec §5.14): dealt at setup, revealed for their primary objective, completed
for their secondary one, cycled for 1 Eternium.

Each team holds one card per hero (spec §3.1 step 7). When a team has achieved the primary
objective of a card in its hand, the card is revealed and its primary VP scored; a revealed
card scores its secondary VP once its secondary objective is achieved too. A team reveals at
most as many cards as it has heroes; then the cards left in its hand are discarded. [Reading]
The objectives are checked at the end of every hero's turn, for every team, and revealing is
automatic (a revealed card only gains); a secondary objective counts only for a card revealed
at an earlier check (A-14). ``cycle-victory`` (during one of its heroes' turns, any number of
times, A-14): the team pays 1 Eternium, discards the cards of its hand it picks
(:class:`CycleStep`) and draws as many.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from rulekeeper.core import Action
from rulekeeper.core.decks import Deck
from rulekeeper.core.flow import PickSubset, Refusal
from rulekeeper.core.rules import Rule
from rulekeeper.games.eternia.map.objectives import achieved

__all__ = ["CYCLE", "CycleStep", "check", "deal", "draw"]

RULE_VICTORY = "spec §5.14 (rulebook p.9): victory cards"
RULE_CYCLE = "spec §5.14 (rulebook p.9): 1 Eternium to cycle victory cards"
DECK = "victory"


def draw(state: Any, team: int, count: int) -> list[str]:
    """*team* draws *count* victory cards (the discards shuffled in when the deck runs out)."""
    pile = Deck.over(state.decks[DECK], state.discards[DECK])
    cards, _ = pile.draw_reshuffling(count, state.rng)
    state.teams[team].victory.extend(cards)
    if cards:
        state.events.append("victory-drawn", {"team": team, "count": len(cards)})
    return cards


def deal(state: Any) -> None:
    """Each team draws one victory card per hero (spec §3.1 step 7)."""
    for index in range(len(state.teams)):
        heroes = sum(1 for hero in state.heroes if hero.team == index)
        draw(state, index, heroes * state.number("victory_per_hero"))


def _limit(state: Any, team: int) -> int:
    """How many victory cards *team* may reveal: one per hero (spec §5.14)."""
    return sum(1 for hero in state.heroes if hero.team == team)


def check(state: Any) -> None:
    """Every team reveals the cards whose primary objective it achieved and completes the
    revealed ones whose secondary objective it achieved (spec §5.14)."""
    if DECK not in state.decks:
        return
    cards = state.pack.victory_cards
    for index, team in enumerate(state.teams):
        earlier = list(team.revealed)  # a secondary counts only once revealed before
        for card in list(team.victory):
            if len(team.revealed) >= _limit(state, index):
                break
            found = cards[card]
            if achieved(state, index, found.primary):
                team.victory.remove(card)
                team.revealed.append(card)
                state.events.append("victory-revealed", {"team": index, "card": card})
                state.score_vp(index, int(found.primary_vp), f"victory card {card}")
        if len(team.revealed) >= _limit(state, index) and team.victory:
            state.discards[DECK].extend(team.victory)
            state.events.append("victory-discarded", {"team": index, "count": len(team.victory)})
            team.victory.clear()
        for card in earlier:
            found = cards[card]
            if card not in team.completed and achieved(state, index, found.secondary):
                team.completed.append(card)
                state.events.append("victory-completed", {"team": index, "card": card})
                state.score_vp(index, int(found.secondary_vp), f"victory card {card}")


def _candidates(state: Any, seat: int) -> Iterable[Action]:
    if DECK in state.decks:
        yield Action.of("cycle-victory")


def _refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    turn = state.turn()
    if DECK not in state.decks:
        return (RULE_CYCLE, "this game has no victory cards (spec §5.18.1: not in a skirmish)")
    if turn is None or turn.over or seat != state.controller_of(turn.hero):
        return (RULE_CYCLE, "a team cycles victory cards during one of its heroes' turns")
    team = state.teams[state.heroes[turn.hero].team]
    if not team.victory:
        return (RULE_CYCLE, "the team has no victory card in hand")
    if team.eternium < 1:
        return (RULE_CYCLE, "cycling victory cards costs 1 Eternium")
    return None


def _apply(state: Any, seat: int, action: Action) -> None:
    turn = state.turn()
    index = state.heroes[turn.hero].team
    team = state.teams[index]
    team.pool.lose({"eternium": 1})
    hand = sorted(team.victory)
    state.flow.push(CycleStep(seat=seat, team=index, options=hand, least=1, most=len(hand)))


CYCLE = Rule(("cycle-victory",), _candidates, _refusal, _apply)


@dataclass
class CycleStep(PickSubset[Any]):
    """*team* picks the victory cards of its hand to discard; it draws as many."""

    kind = "cycle-victory"
    rule = RULE_CYCLE
    verb: ClassVar[str] = "discard-victory"
    team: int = 0

    def options_zone(self, state: Any) -> str | None:
        return f"victory-{self.team}"

    def secret_words(self, state: Any, action: Action) -> str:
        """The other team learns only that a card was picked (its hand is hidden)."""
        return "picks a victory card to discard" if action.kind == self.verb else "is done"

    def chosen(self, state: Any, items: list[str]) -> None:
        team = state.teams[self.team]
        for card in items:
            team.victory.remove(card)
            state.discards[DECK].append(card)
        state.events.append("victory-cycled", {"team": self.team, "count": len(items)})
        draw(state, self.team, len(items))
