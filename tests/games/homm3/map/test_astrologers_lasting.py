"""The lasting Astrologers Proclaim cards on the map and Cover of Darkness's discard (issue 24
§2 "Rounds and turns"; homm3.md §5.21, §5.16, §8.29, §8.34; astrologers.yaml, towns.yaml
``necropolis-faction-building``): each ``until-next-astrologers`` effect is read where its rule
lives (hand.py, effects.py and dice.py, neutral_redraw.py, fights.py)."""

from __future__ import annotations

from rulekeeper.core import CHANCE, Action, load_game
from rulekeeper.games.homm3.map import dice, effects, hand, neutral_redraw, proclaimed
from rulekeeper.games.homm3.map.fights import FightStep
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.model import MAIN, MapHero
from rulekeeper.games.homm3.map.turn import TurnStep


def at_turn(card: str = "", seed: int = 4) -> MapState:
    """A fresh 2-player Clash game at seat 0's actions (its first turn), *card* in force, no
    morale."""
    state = load_game("homm3", players=2, scenario="clash-2").new_initial_state(seed=seed)
    assert isinstance(state, MapState)
    while not isinstance(state.flow.top(), TurnStep) or state.flow.top().stage != "act":
        seat = state.current_player()
        legal = state.legal_actions(seat)
        state.apply_action(Action.of("draw") if Action.of("draw") in legal else legal[-1], seat)
    state.astrologers = card
    for player in state.players:
        player.morale = 0
    return state


def main_hero(state: MapState, seat: int) -> MapHero:
    return next(h for h in state.heroes if h.seat == seat and h.role == MAIN)


# --------------------------------------------------------------------------- Profuse Growth


def test_profuse_growth_raises_the_hand_limit() -> None:
    """homm3.md §5.21, astrologers.yaml profuse-growth: hand limits are 1 higher while the card
    is in force (§5.7: Level I's limit is 4), back to 4 once another card is drawn."""
    state = at_turn("profuse-growth")
    player = state.players[0]
    assert hand.hand_limit(state, player) == 5
    player.discard.extend(player.hand)
    player.hand.clear()
    hand.refresh(state, 0)
    state.apply_action(Action.of("draw"), 0)
    assert len(player.hand) == 5
    state.astrologers = "dead-silence"
    assert hand.hand_limit(state, player) == 4


# --------------------------------------------------------------------------- Swift Weasel


def rolled(state: MapState, face: str) -> None:
    dice.roll(state, 0, "resource", 1, "all")
    state.apply_action(Action.of("roll", die="resource", face=face), CHANCE)


def test_swift_weasel_rerolls_one_die_a_turn() -> None:
    """homm3.md §5.21, astrologers.yaml swift-weasel (reroll-dice, per_turn): a player may
    reroll one Resource or Treasure die a turn; the second roll of the turn offers none."""
    state = at_turn("swift-weasel")
    gold = state.players[0].resources.get("gold")
    rolled(state, "3-gold")
    reroll = Action.of("reroll", die=0, by="astrologers")
    assert reroll in state.legal_actions(0) and Action.of("keep-all") in state.legal_actions(0)
    state.apply_action(reroll, 0)
    state.apply_action(Action.of("roll", die="resource", face="6-gold"), CHANCE)
    state.settle()
    assert state.players[0].resources.get("gold") == gold + 6
    rolled(state, "3-gold")
    assert all(step.kind != "dice" for step in state.flow)  # nothing to choose: kept at once
    refused = dice.reroll_refusal(state, 0, "resource", "astrologers")
    assert refused is not None and "swift-weasel" in refused[0]


def test_swift_weasel_may_be_declined_and_renews_each_turn() -> None:
    """homm3.md §5.21, astrologers.yaml swift-weasel: keeping the die spends nothing; a reroll
    spent in one turn is back in the next (the counter is the turn's); none without the card."""
    state = at_turn("swift-weasel")
    rolled(state, "3-gold")
    state.apply_action(Action.of("keep-all"), 0)
    assert effects.astrologers_rerolls(state, 0) == 1
    effects.spend_reroll(state, 0, "resource", "astrologers")
    assert effects.astrologers_rerolls(state, 0) == 0
    state.round += 1  # another turn
    assert effects.reroll_sources(state, 0, "treasure") == ["astrologers"]
    state.astrologers = "dead-silence"
    assert effects.reroll_sources(state, 0, "treasure") == []


# --------------------------------------------------------------------------- Groovy Satyr


def neutral_fight(state: MapState) -> FightStep:
    """A fight of seat 0's Main Hero against Neutral Units of a level II field, started."""
    item = main_hero(state, 0)
    step = FightStep(hero=item.id, field=item.field, against="neutral", difficulty=2)
    state.flow.push(step)
    state.settle()
    return step


def test_groovy_satyr_swaps_a_neutral_card() -> None:
    """homm3.md §5.21, astrologers.yaml groovy-satyr (redraw-neutral): before a fight with
    Neutral Units the fighting player may swap one drawn card for another of its tier; the old
    card goes to its tier's discard pile (§8.29); one swap only."""
    state = at_turn("groovy-satyr")
    step = neutral_fight(state)
    assert state.current_player() == 0 and state.flow.top().kind == "redraw-neutral"
    old = step.neutrals[0]
    tier = state.game.pack.units[old].tier
    deck = state.decks[f"neutral-{tier}"]
    new = deck[-1]
    state.apply_action(Action.of("redraw", card=old), 0)
    assert step.started and step.neutrals.count(new) >= 1
    assert state.discards[f"neutral-{tier}"][-1] == old
    assert state.game.pack.units[new].tier == tier
    assert all(s.kind != "redraw-neutral" for s in state.flow)


def test_groovy_satyr_may_be_declined_and_needs_its_card() -> None:
    """homm3.md §5.21, astrologers.yaml groovy-satyr: keeping the cards starts the fight with
    them; without the card in force no choice is offered."""
    state = at_turn("groovy-satyr")
    step = neutral_fight(state)
    drawn = list(step.neutrals)
    state.apply_action(neutral_redraw.KEEP, 0)
    assert step.started and step.neutrals == drawn
    state = at_turn("dead-silence")
    step = neutral_fight(state)
    assert step.started


def test_a_redraw_from_an_empty_tier_deck_shuffles_its_discard_back() -> None:
    """homm3.md §8.29: the replacement comes from the discard pile shuffled back into an empty
    deck; the swapped card is discarded after the draw (never drawn again at once)."""
    state = at_turn("groovy-satyr")
    deck, discard = state.decks["neutral-bronze"], state.discards["neutral-bronze"]
    old = deck.pop()
    cards = [old]
    discard.extend(deck)
    deck.clear()
    left = len(discard)
    new = neutral_redraw.redraw(state, cards, old)
    assert cards == [new] and discard == [old] and len(deck) == left - 1


# --------------------------------------------------------------------------- Cover of Darkness


def test_cover_of_darkness_discards_a_random_enemy_card() -> None:
    """towns.yaml necropolis-faction-building (Cover of Darkness): the enemy hero of the next
    fight discards a random card of its hand (a public discard), the effect spent."""
    state = at_turn()
    effects.add(state, 0, effects.ENEMY_DISCARDS, "0", 1, "necropolis-faction-building")
    enemy = state.players[1]
    before = list(enemy.hand)
    effects.enemy_discards(state, 0, 1, holds_cards=True)
    assert len(enemy.hand) == len(before) - 1 and enemy.discard[-1] in before
    event = state.events.public()[-1]
    assert event.kind == "enemy-discards" and event.data["card"] == enemy.discard[-1]
    assert not effects.has(state, 0, effects.ENEMY_DISCARDS)
    effects.enemy_discards(state, 0, 1, holds_cards=True)  # spent: nothing more
    assert len(enemy.hand) == len(before) - 1


def test_cover_of_darkness_against_a_secondary_hero_discards_nothing() -> None:
    """homm3.md §8.34: a Secondary Hero holds no cards: the effect is spent, nothing discarded."""
    state = at_turn()
    effects.add(state, 0, effects.ENEMY_DISCARDS, "0", 1)
    hand_before = list(state.players[1].hand)
    effects.enemy_discards(state, 0, 1, holds_cards=False)
    assert state.players[1].hand == hand_before
    assert not effects.has(state, 0, effects.ENEMY_DISCARDS)


def test_a_hero_fight_spends_cover_of_darkness_a_neutral_fight_does_not() -> None:
    """towns.yaml necropolis-faction-building: spent when the fight against an enemy hero starts
    (fights.py, before the battle file is built: the discarded card is in the battle's discard
    pile); a fight against Neutral Units leaves it."""
    state = at_turn()
    effects.add(state, 0, effects.ENEMY_DISCARDS, "0", 1)
    neutral_fight(state)
    assert effects.has(state, 0, effects.ENEMY_DISCARDS)
    state = at_turn()
    effects.add(state, 0, effects.ENEMY_DISCARDS, "0", 1)
    item, other = main_hero(state, 0), main_hero(state, 1)
    hand_size = len(state.players[1].hand)
    step = FightStep(
        hero=item.id, field=other.field, against="hero", defender=other.id, defender_seat=1
    )
    state.flow.push(step)
    state.settle()
    assert step.started and not effects.has(state, 0, effects.ENEMY_DISCARDS)
    kinds = [e.kind for e in state.events.public()]
    assert kinds.count("enemy-discards") == min(1, hand_size)


def test_the_lasting_kinds_are_read() -> None:
    """homm3.md §5.21: every lasting kind of astrologers.py is asked by a rule module."""
    state = at_turn("groovy-satyr")
    assert proclaimed.in_force(state, "redraw-neutral") == 1
    assert not proclaimed.per_turn(state, "redraw-neutral")
    state.astrologers = "grim-warlock"
    assert proclaimed.per_turn(state, "spell-power")
