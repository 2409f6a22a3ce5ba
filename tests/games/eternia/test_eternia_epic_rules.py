"""One test per rule of the epic combat with a decision (issue 27 §4; spec §5.5, §5.6, §5.6.6,
§8 A-3–A-6, A-30, A-31, §9.3, §9.4, §9.15), each citing the spec section, the rulebook page and
the lines of the Italian seed (../shared/seeds/fields-of-eternia-rulebook-it.txt, "l.").

The combats are combat files with forced deck orders: Teela (MOTU, Mind 2, Initiative 3, 6 HP,
her Sword: momentum +1 Attack and +1 Defense in step 4) enters against Evil-Lyn (Evil Warriors,
Mind 3, Initiative 2, 6 HP, her Staff: momentum "draw a card and play it" in step 4; her
Dagger: immediate momentum +2 Initiative), or meets an epic beast. A refusal is checked twice:
the action is not legal, and ``state.explain`` names the rule.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rulekeeper.core import CHANCE, Action, GameState, load_game
from rulekeeper.games.eternia.combat.model import card_kind
from rulekeeper.games.eternia.combat.resolution import totals

ACTIVE, DEFENDER = 0, 1
KINDS = ("plus-1", "plus-2", "plus-3", "momentum", "time", "tool", "flow")
STARTING = dict(zip(KINDS, (7, 6, 3, 2, 1, 1, 1), strict=True))
"""A faction's 21 starting combat cards (spec §3.1, §5.6.1)."""
SHORT = {"+1": "plus-1", "+2": "plus-2", "+3": "plus-3"}
ZONE = {"A": "attack", "D": "defense", "I": "initiative"}
PREFIX = {"teela": "motu", "stratos": "motu", "evil-lyn": "evil", "tri-klops": "evil"}


# ---------------------------------------------------------------------------------- helpers


def deck(faction: str, *first: str) -> list[str]:
    """A faction's 21 cards in draw order: *first* (``+3``, ``flow``, ...), then the rest
    (+1s first, then +2s, +3s, Momentum, Time, Tool, Flow)."""
    wanted = [f"{faction}-{SHORT.get(card, card)}" for card in first]
    rest = Counter({f"{faction}-{kind}": count for kind, count in STARTING.items()})
    rest.subtract(wanted)
    assert min(rest.values()) >= 0, f"more than the deck holds: {first}"
    tail = [f"{faction}-{kind}" for kind in STARTING for _ in range(rest[f"{faction}-{kind}"])]
    return [*wanted, *tail]


def hero(name: str, *first: str, **extra: Any) -> dict[str, Any]:
    """A hero side of a combat file whose deck starts with *first*."""
    return {"hero": name, "deck": deck(PREFIX[name], *first), **extra}


def start(active: dict[str, Any], defender: dict[str, Any], **top: Any) -> GameState:
    """An epic combat: *active* at seat 0, *defender* (a hero at seat 1, or a beast), the
    file's other fields *top* (``options``, ``can_flee``, ``boss``, ``pending``, ...)."""
    sides = {"active": {"seat": 0, **active}, "defender": {"seat": 1, **defender}}
    if "beast" in defender:
        sides["defender"] = defender
    doc = {"format": "eternia-combat", "version": 1, **sides, **top}
    return load_game("eternia-combat", combat=doc).new_initial_state(0)


def act(state: GameState, *texts: str) -> None:
    """Apply each action written in *texts* for the seat to act (refused: the test fails)."""
    for text in texts:
        action = Action.parse(text)
        assert action in state.legal_actions(), (text, state.legal_actions())
        state.apply_action(action)


def refused(state: GameState, text: str, rule: str, seat: int | None = None) -> None:
    """*text* is not legal for *seat* (default: the seat to act) and the explanation names
    *rule* (a spec section)."""
    action = Action.parse(text)
    seat = state.current_player() if seat is None else seat
    assert action not in state.legal_actions(seat)
    why = state.explain(action, seat)
    assert not why.legal
    assert rule in f"{why.rule} {why.reason}", why


def fighter(state: GameState, side: int) -> Any:
    """The fighter of *side* (0 the active hero, 1 the defender)."""
    return state.epic.fighters[side]


def step(state: GameState) -> str:
    """The kind of the step under way ("" when the combat is over)."""
    return state.flow.steps[-1].kind if state.flow.steps else ""


def lay(state: GameState, active: str, defender: str = "") -> None:
    """Step 3 with the cards as drawn: each side places its drawn card into the zones its
    letters give in turn (A, D, I), the engine choosing who draws next."""
    queues = {0: list(active), 1: list(defender)}
    while step(state) == "draw" and queues[state.current_player()]:
        seat = state.current_player()
        card = card_kind(fighter(state, seat).hand[0])
        act(state, f"place card={card} zone={ZONE[queues[seat].pop(0)]}")
    assert not queues[0] and not queues[1], queues


def passes(state: GameState) -> None:
    """Both teams pass in step 4."""
    while step(state) == "activate":
        act(state, "pass")


def hit(state: GameState) -> list[int]:
    """The sides hit by the attacks of step 6 so far, in order."""
    return [event.data["side"] for event in state.events if event.kind == "attack"]


def kinds(cards: list[str]) -> list[str]:
    """The content ids of card instances (``motu-plus-2#3`` -> ``motu-plus-2``)."""
    return [card_kind(card) for card in cards]


def duel(*first: str, options: dict[str, bool] | None = None, **lyn: Any) -> GameState:
    """Teela (deck starting *first*) against Evil-Lyn, both with weapon 0 chosen."""
    state = start(hero("teela", *first), hero("evil-lyn", **lyn), options=options or {})
    act(state, "weapon index=0", "weapon index=0")
    return state


def fight_round(state: GameState, active: str, defender: str) -> None:
    """A combat round from step 3: the cards as *active*/*defender* say (see :func:`lay`),
    both teams pass in step 4, steps 5 to 7 follow."""
    lay(state, active, defender)
    passes(state)


# ---------------------------------------------------------------------------------- step 3


DRAWING = [
    {"kind": "epic-combat", "stage": "activate", "weapons": 2},
    {"kind": "grid", "turn": 1},
    {"kind": "draw", "side": 0},
]
"""Pending steps of a position in step 3: the active side has drawn and is to place."""


def placing(*first: str, pile: str = "down", blank: bool = False) -> GameState:
    """A position in step 3 with Stronger Together (2 friends): Teela has placed all of
    *first* but the last, four in Attack and one in Defense (in *pile*: ``down`` face down,
    ``grid`` face up, the first one turned face down by an effect if *blank*), and has just
    drawn the last."""
    cards = deck("motu", *first)
    zones = ("attack",) * 4 + ("defense",)
    placed = [{"card": c, "zone": z} for c, z in zip(cards, zones, strict=False)]
    if blank:
        placed[0]["blank"] = True
    teela = {
        **hero("teela", weapon=0, friends=2, placed=5, last_zone="defense"),
        pile: placed,
        "hand": [cards[5]],
        "deck": cards[6:],
    }
    together = {"stronger_together": True}
    return start(teela, hero("evil-lyn", weapon=0), options=together, pending=DRAWING)


def test_a_zone_holds_at_most_four_cards() -> None:
    """Spec §5.6.1, rulebook p.18 (seed l.1145, l.1217-1218): each zone holds at most 4 cards,
    Flow cards not counted; with Stronger Together too (§9.15: the cap is unchanged)."""
    state = placing("+1", "+1", "+1", "+1", "+1", "+3")
    refused(state, "place card=motu-plus-3 zone=attack", "§5.6.1")
    act(state, "place card=motu-plus-3 zone=initiative")
    flow = placing("+1", "+1", "+1", "+1", "+1", "flow")
    act(flow, "place card=motu-flow zone=attack")  # a Flow card does not count
    assert [p.zone for p in fighter(flow, ACTIVE).grid] == ["attack"]


def test_a_card_turned_face_down_gives_nothing_but_keeps_its_slot() -> None:
    """Spec §5.6.3 step 5, rulebook p.20 (seed l.1410-1412): a card an effect turned face down
    gives no bonus but still counts toward the zone's 4 cards."""
    state = placing("+3", "+1", "+1", "+1", "+1", "+2", pile="grid", blank=True)
    assert totals(state, ACTIVE)["attack"] == 3  # the three +1s; the +3 gives nothing
    refused(state, "place card=motu-plus-2 zone=attack", "§5.6.1")  # four cards there
    act(state, "place card=motu-plus-2 zone=initiative")


def test_no_two_cards_in_a_row_in_one_zone_flow_included() -> None:
    """Spec §5.6.3 step 3, §9.15, rulebook p.18 (seed l.1303-1304): a card may not go into the
    zone of the card its player placed just before; Flow cards too, both ways."""
    state = duel("+1", "flow", "+2")
    lay(state, "A", "A")
    refused(state, "place card=motu-flow zone=attack", "§5.6.3 step 3")
    act(state, "place card=motu-flow zone=defense")
    refused(state, "place card=motu-plus-2 zone=defense", "§5.6.3 step 3")
    act(state, "place card=motu-plus-2 zone=attack")


def test_a_flow_card_is_not_counted_and_another_card_is_drawn() -> None:
    """Spec §5.6.1 Flow, §5.6.3 step 3, rulebook p.18 (seed l.1213-1218, l.1293-1294): a Flow
    card counts +1 in its zone, does not count toward the 4 cards, and its player draws and
    plays another card at once."""
    state = duel("flow", "+2")
    act(state, "place card=motu-flow zone=attack")
    teela = fighter(state, ACTIVE)
    assert state.current_player() == 0 and kinds(teela.hand) == ["motu-plus-2"]
    assert teela.placed == 0
    act(state, "place card=motu-plus-2 zone=defense")
    assert teela.placed == 1 and state.current_player() == 1
    assert totals(state, ACTIVE)["attack"] == 1
    lay(state, "ADA", "ADAD")
    assert teela.placed == 4 and step(state) == "activate"
    assert len(teela.grid) == 5  # four counted cards and the Flow


def test_a_time_card_goes_beside_the_grid_and_swaps_in_step_4() -> None:
    """Spec §5.6.1 Time, §5.6.3 steps 3-5, §9.15, rulebook p.18-20 (seed l.1225-1230,
    l.1337-1341, l.1412-1413): a Time card goes beside the grid, does not count, and its player
    draws another card, which may not go into the zone of the card placed before the Time
    card; in step 4 it is discarded to swap two of its player's cards, which count where
    they end."""
    state = duel("+1", "time", "+3", "+1", "+1")
    lay(state, "A", "A")
    refused(state, "place card=motu-time zone=attack", "§5.6.3 step 3")
    act(state, "place card=motu-time zone=beside")
    teela = fighter(state, ACTIVE)
    assert kinds(teela.beside) == ["motu-time"] and teela.placed == 1
    assert state.current_player() == 0  # another card drawn
    refused(state, "place card=motu-plus-3 zone=attack", "§5.6.3 step 3")
    lay(state, "DAD", "DAD")
    assert totals(state, ACTIVE) == {"attack": 2, "defense": 4, "initiative": 3}
    assert [(kinds([p.card])[0], p.zone) for p in teela.grid][:2] == [
        ("motu-plus-1", "attack"),
        ("motu-plus-3", "defense"),
    ]
    act(state, "time card=motu-time", "swap first=0 second=1")
    assert totals(state, ACTIVE) == {"attack": 4, "defense": 2, "initiative": 3}
    assert not teela.beside and "motu-time" in kinds(teela.discard)


def test_a_tool_is_shown_discarded_and_two_cards_drawn_one_played() -> None:
    """Spec §5.6.1 Tool, rulebook p.18 (seed l.1232-1236): a Tool drawn is revealed and
    discarded, two cards are drawn, one is played and the other discarded."""
    state = duel("tool", "+1", "+3")
    teela = fighter(state, ACTIVE)
    assert kinds(teela.discard) == ["motu-tool"]
    assert sorted(kinds(teela.hand)) == ["motu-plus-1", "motu-plus-3"]
    act(state, "place card=motu-plus-3 zone=attack")
    assert kinds(teela.discard) == ["motu-tool", "motu-plus-1"] and not teela.hand
    assert teela.placed == 1 and state.current_player() == 1


def test_focus_up_to_mind_each_round() -> None:
    """Spec §5.6.3 step 3, §8 A-3, §9.15, rulebook p.18-21 (seed l.1310-1315, l.1640-1642):
    after a draw a player may set the card aside and draw another, as many times as its hero's
    Mind (Teela: 2) in each combat round; a third focus is refused; round 2 allows 2 again."""
    state = duel("+1", "+1", "+2")
    act(state, "focus", "focus")
    refused(state, "focus", "A-3")
    teela = fighter(state, ACTIVE)
    assert kinds(teela.focus) == ["motu-plus-1", "motu-plus-1"]
    assert kinds(teela.hand) == ["motu-plus-2"]
    fight_round(state, "ADAD", "ADAD")
    act(state, "stay")
    assert state.epic.round == 2 and step(state) == "draw"
    act(state, "focus", "focus")
    refused(state, "focus", "A-3")


def test_an_empty_deck_is_not_reshuffled_and_its_side_stops() -> None:
    """Spec §5.6.3 step 3, rulebook p.18 (seed l.1306-1308): a player whose deck runs out does
    not reshuffle its discards and takes no more part in step 3; the other goes on."""
    cards = deck("motu", "+3", "+2")
    teela = {"hero": "teela", "deck": cards[:2], "discard": cards[2:]}
    state = start(teela, hero("evil-lyn"))
    act(state, "weapon index=0", "weapon index=0")
    lay(state, "AD", "ADAD")
    hers = fighter(state, ACTIVE)
    assert hers.placed == 2 and hers.done and not hers.deck and len(hers.discard) == 19
    assert fighter(state, DEFENDER).placed == 4 and step(state) == "activate"


def test_face_down_against_a_hero_face_up_against_a_beast() -> None:
    """Spec §5.6.1, §5.6.3 step 3, §5.6.4 step 3, rulebook p.18 (seed l.1296-1298,
    l.1320-1322): base cards are played face down against a hero, face up against a beast."""
    state = duel("+1")
    act(state, "place card=motu-plus-1 zone=attack")
    teela = fighter(state, ACTIVE)
    assert kinds(teela.down) == ["motu-plus-1"] and not teela.grid
    beast = start(hero("teela", "+1"), {"beast": "granite-behemoth"})
    act(beast, "weapon index=0", 'roll face="attack+1"', "place card=motu-plus-1 zone=attack")
    teela = fighter(beast, ACTIVE)
    assert not teela.down and kinds([p.card for p in teela.grid]) == ["motu-plus-1"]


# ---------------------------------------------------------------------------------- step 4


def test_an_immediate_momentum_acts_when_played_and_not_again() -> None:
    """Spec §5.6.1 Momentum, §5.6.3 steps 3-4, rulebook p.18-19 (seed l.1298-1301,
    l.1339-1341): a momentum ability marked immediate (Evil-Lyn's Dagger: +2 Initiative) acts
    when its Momentum card is played and cannot be activated again in step 4."""
    state = start(hero("teela"), hero("evil-lyn", "momentum"))
    act(state, "weapon index=0", "weapon index=1")  # Evil-Lyn's Dagger
    lay(state, "A", "D")
    lyn = fighter(state, DEFENDER)
    assert lyn.grid[0].used
    assert totals(state, DEFENDER)["initiative"] == 2 + 2
    lay(state, "DAD", "ADA")
    act(state, "pass")  # Teela
    refused(state, "momentum index=0", "§5.6.3 step 4")


def test_a_momentum_not_immediate_acts_in_step_4() -> None:
    """Spec §5.6.1 Momentum, §5.6.3 step 4, rulebook p.18-19 (seed l.1220-1223, l.1299-1301,
    l.1337-1339): a momentum ability not marked immediate (Teela's Sword: +1 Attack, +1
    Defense) does nothing when played; its card is activated in step 4, once."""
    state = duel("momentum")
    lay(state, "A", "A")
    teela = fighter(state, ACTIVE)
    assert not teela.grid[0].used
    assert totals(state, ACTIVE) == {"attack": 1, "defense": 0, "initiative": 3}
    lay(state, "DAD", "DAD")
    act(state, "momentum index=0")
    assert totals(state, ACTIVE)["attack"] == 1 + 1 + 1  # two cards, the sword's +1
    act(state, "pass")  # Evil-Lyn
    refused(state, "momentum index=0", "§5.6.3 step 4")


def test_step_4_alternates_from_the_active_team_and_skips_a_team_that_passed() -> None:
    """Spec §5.6.3 step 4, rulebook p.19 (seed l.1327-1329, l.1351): the teams alternate, the
    active one first, one thing each; a team that passed is skipped and the other goes on."""
    state = start(hero("teela", "momentum", soldiers=1), hero("evil-lyn"))
    act(state, "weapon index=0", "weapon index=0")
    lay(state, "ADAD", "ADAD")
    assert step(state) == "activate" and state.current_player() == 0
    act(state, "soldiers attack=1 defense=0 initiative=0")
    assert state.current_player() == 1
    act(state, "pass")
    assert state.current_player() == 0
    act(state, "momentum index=0")
    assert state.current_player() == 0 and step(state) == "activate"
    act(state, "pass")
    assert step(state) == "flee"


def test_soldiers_are_sacrificed_once_per_combat_for_this_round() -> None:
    """Spec §5.6.3 step 4, §9.3, rulebook p.19 (seed l.1353-1362): any number of friendly
    soldiers in the area each give +1 to a chosen total of the hero, once per combat; the +1s
    last for the round's totals only."""
    state = start(hero("teela", soldiers=3), hero("evil-lyn"))
    act(state, "weapon index=0", "weapon index=0")
    lay(state, "ADAD", "ADAD")
    before = totals(state, ACTIVE)
    act(state, "soldiers attack=1 defense=0 initiative=1")
    after = totals(state, ACTIVE)
    assert after["attack"] == before["attack"] + 1
    assert after["initiative"] == before["initiative"] + 1
    assert after["defense"] == before["defense"]
    act(state, "pass")  # Evil-Lyn
    refused(state, "soldiers attack=1 defense=0 initiative=0", "§9.3")
    act(state, "pass", "stay")
    lay(state, "ADAD", "ADAD")
    assert totals(state, ACTIVE)["initiative"] == 3  # round 2: the +1 is gone
    refused(state, "soldiers attack=1 defense=0 initiative=0", "§9.3")
    passes(state)
    assert state.flow.result["soldiers_lost"] == [2, 0]


def test_a_card_drawn_in_step_4_may_go_into_the_zone_of_the_last_card() -> None:
    """Spec §8 A-4, §5.6.1, rulebook p.18-19 (seed l.1303-1304, l.1702-1705): the no-same-zone
    rule applies within step 3 only; a card an effect draws in step 4 (Evil-Lyn's Staff: draw
    a card and play it) obeys only the zone limit."""
    state = start(hero("teela"), hero("evil-lyn", "momentum", "+1", "+1", "+1", "+3"))
    act(state, "weapon index=0", "weapon index=0")
    lay(state, "ADAD", "DADA")  # Evil-Lyn's last card of step 3 went into Attack
    act(state, "pass", "momentum index=0")
    act(state, "place card=evil-plus-3 zone=attack")


# ---------------------------------------------------------------------------------- steps 5-7


def test_base_initiative_is_added_to_the_initiative_total_only() -> None:
    """Spec §5.6.3 step 5, §8 A-47, rulebook p.20 (seed l.1407-1410): the totals are the cards'
    bonuses in each zone; the hero's base Initiative is added to Initiative only."""
    state = duel("+3", "+2", "+1", "+1")
    lay(state, "ADAD", "ADAD")
    assert totals(state, ACTIVE) == {"attack": 4, "defense": 3, "initiative": 3}
    assert totals(state, DEFENDER) == {"attack": 2, "defense": 2, "initiative": 2}


def test_the_loser_of_the_initiative_is_surprised_and_loses_1_hp() -> None:
    """Spec §5.6.3 steps 5-6, §8 A-5, rulebook p.20 (seed l.1415-1418): the higher Initiative
    attacks first; the other is surprised and loses 1 HP at once (damage Teela inflicted)."""
    state = duel("+1", "+1", "+1", "+1")
    fight_round(state, "ADAD", "ADAD")  # Initiative 3 against 2; attacks 2 against Defense 2
    assert fighter(state, DEFENDER).damage == 1 and fighter(state, ACTIVE).damage == 0
    assert fighter(state, ACTIVE).inflicted == 1


def test_the_surprise_can_defeat_a_hero() -> None:
    """Spec §8 A-5, §5.6.3 step 7, rulebook p.20 (seed l.1415-1418, l.1436-1438): the surprise
    is real damage: a hero at 1 HP who loses the initiative is defeated before any attack, and
    the other team gains 1 VP."""
    state = duel("+1", "+1", "+1", "+1", damage=5)
    fight_round(state, "ADAD", "ADAD")
    result = state.flow.result
    assert (result["ending"], result["winner"], result["vp"]) == ("defeat", ACTIVE, [1, 0])
    assert hit(state) == []  # no attack: the surprise ended it


def test_an_initiative_tie_lets_the_active_side_attack_first_and_nobody_is_surprised() -> None:
    """Spec §5.6.3 step 5, rulebook p.20 (seed l.1418-1419): on an Initiative tie the active
    player attacks first and neither hero loses the 1 HP. Evil-Lyn (2 HP left) falls to
    Teela's first attack, so her own never comes."""
    state = duel("+3", "+1", "+1", "+1", damage=4)
    lay(state, "ADAD", "IADA")  # Initiative 3 and 2 + 1; Attack 4 against Defense 1
    passes(state)
    assert fighter(state, DEFENDER).damage == 6 and fighter(state, ACTIVE).damage == 0
    assert fighter(state, ACTIVE).inflicted == 2  # no surprise: the attack alone


def test_damage_is_attack_over_defense_and_none_when_defense_is_not_lower() -> None:
    """Spec §5.6.3 step 6, rulebook p.20 (seed l.1421-1429): the defender loses Attack −
    Defense HP; nothing happens when Defense ≥ Attack."""
    state = duel("+3", "+2", "+1", "+1")
    fight_round(state, "ADAD", "ADAD")  # Teela A4 D3 I3, Evil-Lyn A2 D2 I2
    assert fighter(state, DEFENDER).damage == 1 + (4 - 2)  # the surprise and the attack
    assert fighter(state, ACTIVE).damage == 0  # 2 against Defense 3


def test_each_hero_attacks_once_and_not_after_falling() -> None:
    """Spec §5.6.3 step 6, rulebook p.20 (seed l.1429-1434): each hero attacks once in a round;
    if the first attack brings the defender to 0 HP, it does not attack back (step 7)."""
    state = duel("+1", "+1", "+1", "+1")
    fight_round(state, "ADAD", "ADAD")
    assert hit(state) == [DEFENDER, ACTIVE]  # Teela first (Initiative 3 against 2), then Lyn
    fell = duel("+3", "+1", "+3", "+1", damage=3)
    fight_round(fell, "ADAD", "ADAD")  # surprise 1, then 6 against Defense 2
    result = fell.flow.result
    assert hit(fell) == [DEFENDER] and result["defeated"] == [DEFENDER]
    assert result["damage"] == [0, 6]


@pytest.mark.parametrize(("first_game", "vp"), [(False, [1, 0]), (True, [0, 0])])
def test_a_defeat_gives_1_vp_to_the_winners_team(first_game: bool, vp: list[int]) -> None:
    """Spec §5.6.3 step 7, §3.3, rulebook p.20 and p.10 (seed l.1436-1441, l.456-457): a hero
    at 0 HP is defeated, the combat ends and the survivor's team gains 1 VP (not with the
    first game's rules)."""
    state = duel("+3", "+1", "+3", "+1", options={"first_game": first_game}, damage=3)
    fight_round(state, "ADAD", "ADAD")
    result = state.flow.result
    assert (result["ending"], result["winner"], result["rounds"]) == ("defeat", ACTIVE, 1)
    assert result["vp"] == vp


def test_both_heroes_at_0_hp_have_no_winner() -> None:
    """Spec §5.6.3 step 7, §9.15, rulebook p.20 (seed l.1438-1441): both heroes at 0 HP at once
    (an effect before step 5): the combat ends with no winner, no VP; both are defeated. A
    position at step 5."""
    pending = [{"kind": "epic-combat", "stage": "resolve", "weapons": 2}]
    teela, lyn = hero("teela", weapon=0, damage=6), hero("evil-lyn", weapon=0, damage=6)
    state = start(teela, lyn, pending=pending)
    result = state.flow.result
    assert result["ending"] == "both-defeated" and result["winner"] == -1
    assert result["defeated"] == [ACTIVE, DEFENDER] and result["vp"] == [0, 0]


# ---------------------------------------------------------------------------------- steps 8-10


def flee_step(eternium: int, can_flee: bool = True) -> GameState:
    """Teela and Evil-Lyn after round 1's attacks, nobody defeated: step 8."""
    state = start(hero("teela", eternium=eternium), hero("evil-lyn"), can_flee=can_flee)
    act(state, "weapon index=0", "weapon index=0")
    fight_round(state, "ADAD", "ADAD")
    assert step(state) == "flee"
    return state


def test_fleeing_costs_2_eternium_and_the_enemy_wins() -> None:
    """Spec §5.6.3 step 8, §9.4, rulebook p.20 (seed l.1452-1458): in round 1, nobody defeated,
    the active player may pay 2 Eternium and flee; the combat ends, the enemy the winner."""
    state = flee_step(3)
    act(state, "flee")
    result = state.flow.result
    assert (result["ending"], result["winner"], result["moves"]) == ("fled", DEFENDER, ACTIVE)
    assert result["eternium"] == [-2, 0] and result["rounds"] == 1


def test_fleeing_is_impossible_without_2_eternium_or_an_empty_adjacent_area() -> None:
    """Spec §5.6.3 step 8, §8 A-10, rulebook p.20 (seed l.1455-1461): fleeing needs 2 Eternium
    and an adjacent area without enemy miniatures (``can_flee: false``: none)."""
    refused(flee_step(1), "flee", "§5.6.3 step 8")
    refused(flee_step(5, can_flee=False), "flee", "§5.6.3 step 8")


def test_the_defender_never_flees() -> None:
    """Spec §5.6.3 step 8, rulebook p.20 (seed l.1454): the defender can never flee; step 8 is
    the active player's alone."""
    state = flee_step(3)
    assert state.current_player() == 0
    assert Action.parse("flee") not in state.legal_actions(1)
    assert not state.explain(Action.parse("flee"), 1).legal


def test_the_defender_cannot_flee() -> None:
    """Spec §5.6.3 step 8, issue 27 §4, rulebook p.20 (seed l.1454): the defender never flees.
    Step 8 is the active player's alone, so the core refuses the defender's flight as out of
    turn before any step reads it; the step's own refusal names the rule."""
    state = flee_step(3)
    explained = state.explain(Action.parse("flee"), 1)
    assert explained.rule == "core: out of turn"
    rule, reason = state.flow.steps[-1].refusal(state, 1, Action.parse("flee"))
    assert "§5.6.3 step 8" in rule and "defender never can" in reason


def test_fleeing_only_in_round_1() -> None:
    """Spec §5.6.3 step 8, rulebook p.20 (seed l.1452-1453): fleeing is offered only after
    the first round; the second ends the combat."""
    state = flee_step(5)
    act(state, "stay")
    fight_round(state, "ADAD", "ADAD")
    assert state.is_terminal() and state.flow.result["rounds"] == 2


def test_after_round_2_more_damage_inflicted_wins_and_the_loser_moves() -> None:
    """Spec §5.6.3 step 9, rulebook p.20 (seed l.1443-1450): round 2 starts from step 2 with the
    damage kept; after it, the hero who inflicted more damage in both rounds wins, and the
    loser is moved to an adjacent area."""
    state = duel("+3", "+2", "+1", "+1")
    fight_round(state, "ADAD", "ADAD")  # Evil-Lyn loses 3
    act(state, "stay")
    assert state.epic.round == 2 and fighter(state, DEFENDER).damage == 3
    assert step(state) == "draw" and fighter(state, ACTIVE).weapon == 0  # the weapons stay
    fight_round(state, "ADAD", "ADAD")  # the surprise only
    result = state.flow.result
    assert (result["ending"], result["winner"], result["moves"]) == ("damage", ACTIVE, DEFENDER)
    assert result["inflicted"] == [4, 0] and result["vp"] == [0, 0]


def test_after_round_2_the_defender_wins_a_tie() -> None:
    """Spec §5.6.3 step 9, rulebook p.20 (seed l.1447-1450): equal damage inflicted after two
    rounds: the defender wins; the active hero moves. Teela's is the surprise (A-5)."""
    teela = ("+1", "+1", "+1", "+1", "+1", "+1", "+1", "+2")
    lyn = ("+2", "+1", "+1", "+1", "+1", "+3", "+1", "+2")
    state = duel(*teela, deck=deck("evil", *lyn))
    fight_round(state, "ADAD", "ADAD")  # surprise 1 to Evil-Lyn; her Attack 3 against 2
    act(state, "stay")
    fight_round(state, "ADAD", "IDAD")  # Initiative 3 and 3; Attacks 2 and 1 blocked
    result = state.flow.result
    assert result["inflicted"] == [1, 1]
    assert (result["ending"], result["winner"], result["moves"]) == ("damage", DEFENDER, ACTIVE)


def test_surprise_damage_counts_as_damage_inflicted() -> None:
    """Spec §8 A-5, §9.15, rulebook p.20 (seed l.1415-1419, l.1447-1449): the surprise is damage
    inflicted by the initiative's winner: Teela's two surprises beat Evil-Lyn's one hit."""
    teela = ("+1", "+1", "+1", "+1", "+1", "+1", "+1", "+2")
    lyn = ("+2", "+1", "+1", "+1", "+1", "+1", "+1", "+2")
    state = duel(*teela, deck=deck("evil", *lyn))
    fight_round(state, "ADAD", "ADAD")
    act(state, "stay")
    fight_round(state, "ADAD", "ADAD")
    result = state.flow.result
    assert result["inflicted"] == [2, 1] and result["winner"] == ACTIVE


def test_cleanup_shuffles_all_21_cards_back() -> None:
    """Spec §5.6.3 step 10, rulebook p.20 (seed l.1520-1522): at the end each player shuffles
    all its combat cards (deck, discards, focus pile, played cards) back into its deck."""
    state = duel("+1", "tool", "+3", "+2", "time", "+1", "+1", "+1")
    act(state, "focus", "place card=motu-plus-3 zone=attack")  # the Tool: +3 and +2 drawn
    lay(state, "", "A")
    act(state, "place card=motu-time zone=beside", "place card=motu-plus-1 zone=defense")
    lay(state, "AD", "DAD")
    act(state, "pass", "pass", "stay")
    fight_round(state, "ADAD", "ADAD")
    assert state.is_terminal()
    for side, faction in ((ACTIVE, "motu"), (DEFENDER, "evil")):
        hers = fighter(state, side)
        assert sorted(kinds(hers.deck)) == sorted(deck(faction))
        assert not (hers.hand or hers.down or hers.grid or hers.beside)
        assert not (hers.focus or hers.discard)
    assert kinds(fighter(state, ACTIVE).deck) != list(reversed(deck("motu")))


# ---------------------------------------------------------------------------------- beasts


def beast_combat(name: str, *first: str, **top: Any) -> GameState:
    """Teela (deck starting *first*, Sword) against the epic beast *name*."""
    beast = {"beast": name, **top.pop("beast", {})}
    state = start(hero("teela", *first, **top.pop("teela", {})), beast, **top)
    act(state, "weapon index=0")
    return state


def test_against_a_beast_only_the_active_hero_chooses_a_weapon() -> None:
    """Spec §5.6.4 step 1, rulebook p.18 (seed l.1243): only the active player selects a
    weapon; the epic die comes next."""
    state = start(hero("teela"), {"beast": "granite-behemoth"})
    assert step(state) == "weapon" and state.current_player() == 0
    act(state, "weapon index=1")
    assert state.current_player() == CHANCE and step(state) == "epic-die"


def test_the_epic_die_is_a_chance_node_whose_face_helps_the_beast() -> None:
    """Spec §5.6.4 steps 3 and 5, §8 A-33, rulebook p.18-20 (seed l.1287-1289, l.1404-1405):
    before any card, the epic die is rolled (a chance node, faces provisional) and its face
    adds to the beast's total."""
    state = beast_combat("granite-behemoth")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6 and all(p == pytest.approx(1 / 6) for _, p in outcomes)
    assert Action.parse('roll face="attack+2"') in [a for a, _ in outcomes]
    act(state, 'roll face="attack+2"')
    assert totals(state, DEFENDER) == {"attack": 5 + 2, "defense": 5, "initiative": 1}


def test_the_epic_die_momentum_face_triggers_the_beasts_momentum_after_step_4() -> None:
    """Spec §5.6.4 steps 3-4, rulebook p.18-19 (seed l.1317-1318, l.1331-1335): a momentum
    face makes the beast's momentum ability (Granite Behemoth: +2 Attack) act once both teams
    passed in step 4, before the totals."""
    state = beast_combat("granite-behemoth", "+3", "+1", "+2", "+1")
    act(state, "roll face=momentum")
    lay(state, "DADA")
    assert step(state) == "activate"
    assert totals(state, DEFENDER)["attack"] == 5  # not yet
    act(state, "pass")
    assert fighter(state, ACTIVE).damage == (5 + 2) - 5  # Attack 7 against Defense 5


def test_a_defeated_beast_gives_1_vp_and_its_rewards() -> None:
    """Spec §5.6.4 step 7, rulebook p.20 (seed l.1500-1502): a beast at 0 HP gives the hero's
    team 1 VP and every reward on its card (Granite Behemoth: 2 Eternium, a +3 card)."""
    state = beast_combat("granite-behemoth", "+3", "+1", "+3", "+1", beast={"damage": 10})
    act(state, 'roll face="attack+1"')
    lay(state, "ADAD")
    passes(state)  # surprise 1, then Attack 6 against Defense 5
    result = state.flow.result
    assert (result["ending"], result["winner"], result["defeated"]) == ("defeat", ACTIVE, [1])
    assert result["vp"] == [1, 0] and result["eternium"] == [2, 0]
    assert result["rewards"] == ["gain-combat-card:plus-3"] and result["tameable"]


def test_a_hero_defeated_by_a_beast_gets_nothing() -> None:
    """Spec §5.6.4 step 7, §8 A-6, rulebook p.20 (seed l.1496-1498): a hero defeated by a beast
    gains nothing; the beast goes back to its deck."""
    state = beast_combat("sky-raptor", teela={"damage": 5})
    act(state, 'roll face="defense+1"')
    lay(state, "ADAD")
    passes(state)  # Initiative 3 against 5: Teela is surprised at 1 HP
    result = state.flow.result
    assert (result["ending"], result["winner"], result["defeated"]) == ("defeat", DEFENDER, [0])
    assert result["vp"] == [0, 0] and result["eternium"] == [0, 0] and result["rewards"] == []


@pytest.mark.parametrize("boss", [False, True])
def test_a_beast_alive_after_round_2_escapes_and_a_boss_keeps_its_damage(boss: bool) -> None:
    """Spec §5.6.4 step 9 and Boss, rulebook p.20-21 (seed l.1506-1517, l.1524-1530): a beast
    still standing after round 2 escapes (no rewards, no taming); a boss stays with the damage
    dealt to it and the hero retreats (``moves``: the active side); each round rolls again."""
    state = beast_combat("magma-tortoise", "+3", "+1", "+2", "+1", beast={"damage": 3}, boss=boss)
    act(state, 'roll face="attack+1"')
    lay(state, "DADI")
    passes(state)
    act(state, "stay")
    assert state.current_player() == CHANCE and fighter(state, DEFENDER).epic == []  # a new roll
    act(state, 'roll face="attack+1"')
    lay(state, "DADA")
    passes(state)
    result = state.flow.result
    assert (result["ending"], result["winner"], result["rounds"]) == ("escaped", -1, 2)
    assert result["vp"] == [0, 0] and result["rewards"] == [] and not result["tameable"]
    assert result["damage"][1] == 3 + 2  # two surprises
    assert result["moves"] == (ACTIVE if boss else -1)


def test_hero_and_beast_at_0_hp_together_give_nothing() -> None:
    """Spec §5.6.4 step 7, §8 A-6, rulebook p.20 (seed l.1496-1502): hero and beast at 0 HP
    together (an effect): no VP and no rewards; the beast goes back to its deck. A position at
    step 5."""
    pending = [{"kind": "epic-combat", "stage": "resolve", "weapons": 1}]
    beast = {"beast": "granite-behemoth", "damage": 12}
    state = start(hero("teela", weapon=0, damage=6), beast, pending=pending)
    result = state.flow.result
    assert result["ending"] == "both-defeated" and result["winner"] == -1
    assert result["vp"] == [0, 0] and result["eternium"] == [0, 0] and result["rewards"] == []
    assert not result["tameable"]


# ---------------------------------------------------------------------------------- options


@pytest.mark.parametrize(
    ("lyn", "winner", "moves"),
    [(("+1", "+1", "+1", "+1"), ACTIVE, DEFENDER), (("+1", "+2", "+1", "+1"), DEFENDER, ACTIVE)],
)
def test_faster_combat_one_round_fewer_hp_moves_a_tie_to_the_defender(
    lyn: tuple[str, ...], winner: int, moves: int
) -> None:
    """Spec §5.6.6, §8 A-30, rulebook p.21 (seed l.1536-1543): with Faster Combat a hero-against-
    hero combat lasts one round (no flight); the hero with fewer HP left moves; equal HP: the
    defender wins and the active hero moves."""
    state = duel("+1", "+1", "+1", "+1", options={"faster": True}, deck=deck("evil", *lyn))
    lay(state, "ADAD", "ADAD" if winner == ACTIVE else "IDAD")
    passes(state)
    result = state.flow.result
    assert (result["ending"], result["rounds"]) == ("faster", 1)
    assert (result["winner"], result["moves"]) == (winner, moves)


def test_faster_combat_leaves_a_beast_two_rounds() -> None:
    """Spec §5.6.6, §8 A-31, rulebook p.21 (seed l.1536-1537): Faster Combat shortens epic
    combats between heroes only; against a beast there are still two rounds (and a flight)."""
    state = beast_combat("magma-tortoise", "+3", "+1", "+2", "+1", options={"faster": True})
    act(state, 'roll face="attack+1"')
    lay(state, "DADI")
    passes(state)
    assert step(state) == "flee" and not state.is_terminal()


@pytest.mark.parametrize(
    ("matters", "lyn", "surprise"),
    [(True, "+1", 2), (True, "+2", 1), (False, "+1", 1)],
)
def test_initiative_matters_one_more_damage_at_double_initiative(
    matters: bool, lyn: str, surprise: int
) -> None:
    """Spec §5.6.6, §8 A-30, rulebook p.21 (seed l.1545-1549): with Initiative Matters the
    initiative's winner deals 1 more damage when its Initiative is at least double (6 against
    3), not otherwise (6 against 4)."""
    options = {"initiative_matters": matters}
    state = duel("+3", "+1", "+1", "+1", options=options, deck=deck("evil", lyn, "+1", "+1", "+1"))
    fight_round(state, "IDAD", "IDAD")  # Attacks 1 against Defense 2: blocked
    assert fighter(state, DEFENDER).damage == surprise


@pytest.mark.parametrize(
    ("together", "friends", "cards"), [(True, 1, 5), (True, 2, 6), (False, 2, 4)]
)
def test_stronger_together_one_more_card_per_friend(
    together: bool, friends: int, cards: int
) -> None:
    """Spec §5.6.6, §8 A-31, §9.15, rulebook p.21 (seed l.1551-1566): with Stronger Together a
    hero places one more card per friendly hero in its area (5 with one, 6 with two)."""
    options = {"stronger_together": together}
    state = start(hero("teela", friends=friends), hero("evil-lyn"), options=options)
    act(state, "weapon index=0", "weapon index=0")
    lay(state, "ADADAD"[:cards], "ADAD")
    assert fighter(state, ACTIVE).placed == cards and step(state) == "activate"


def test_a_hero_whose_ability_refuses_combat_avoids_it() -> None:
    """Spec §5.5, rulebook p.17 and p.21 (seed l.1619-1624): a defending hero with an ability
    to avoid combat (Tri-Klops) may refuse it: no winner; a hero without one may not."""
    state = start(hero("teela"), hero("tri-klops"))
    act(state, "weapon index=0", "avoid")
    result = state.flow.result
    assert (result["ending"], result["winner"], result["rounds"]) == ("avoided", -1, 0)
    assert result["vp"] == [0, 0]
    other = start(hero("teela"), hero("evil-lyn"))
    refused(other, "avoid", "§5.5")  # nor the active hero
    act(other, "weapon index=0")
    refused(other, "avoid", "§5.5")
