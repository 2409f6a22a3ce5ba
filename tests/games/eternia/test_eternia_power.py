"""Dice of Power (spec §5.7, rulebook p.24-25; seed l.1800-1860): the optional epic combat
rolled with wild dice, played with forced deck orders and forced dice."""

from __future__ import annotations

from eternia_files import deck

from rulekeeper.core import Action, load_game
from rulekeeper.games.eternia.combat.power import dice_of


def combat(time_card: bool = False) -> dict:
    motu = ("plus-3",) * 3 + ("plus-2",) * 3
    evil = ("time",) if time_card else ()
    return {
        "format": "eternia-combat",
        "version": 1,
        "options": {"dice_of_power": True},
        "active": {"hero": "he-man", "seat": 0, "deck": deck("motu", *motu)},
        "defender": {"hero": "skeletor", "seat": 1, "deck": deck("evil", *evil, *("plus-1",) * 6)},
    }


def act(state, text: str) -> None:
    action = Action.parse(text)
    assert action in state.legal_actions(), (text, state.legal_actions())
    state.apply_action(action)


def placed(state) -> None:
    act(state, "weapon index=0")
    act(state, "weapon index=0")
    for zone in ("attack", "defense", "initiative") * 2:
        act(state, f"place card={state.epic.fighters[0].hand[0].split('#')[0]} zone={zone}")
        if state.epic.fighters[1].hand and state.epic.fighters[1].hand[0].startswith("evil-time"):
            act(state, "place card=evil-time zone=beside")
        act(state, f"place card=evil-plus-1 zone={zone}")


def test_two_cards_a_zone_and_six_to_place() -> None:
    """§5.7 item 2: at most 2 combat cards in each zone; each hero places 6."""
    state = load_game("eternia-combat", combat=combat()).new_initial_state(0)
    act(state, "weapon index=0")
    act(state, "weapon index=0")
    act(state, "place card=motu-plus-3 zone=attack")
    act(state, "place card=evil-plus-1 zone=attack")
    act(state, "place card=motu-plus-3 zone=defense")
    act(state, "place card=evil-plus-1 zone=defense")
    act(state, "place card=motu-plus-3 zone=attack")
    act(state, "place card=evil-plus-1 zone=initiative")
    act(state, "place card=motu-plus-2 zone=initiative")
    act(state, "place card=evil-plus-1 zone=attack")
    refused = Action.parse("place card=motu-plus-2 zone=attack")
    assert refused not in state.legal_actions()  # attack holds its 2 cards
    explained = state.explain(refused, 0)
    assert "§5.7 item 2" in explained.rule and "full" in explained.reason
    state = load_game("eternia-combat", combat=combat()).new_initial_state(0)
    placed(state)
    assert [f.placed for f in state.epic.fighters] == [6, 6]
    assert dice_of(state, 0) == {"attack": 5, "defense": 5, "initiative": 5}


def test_every_time_card_is_activated_before_passing() -> None:
    """§5.7 item 3: all Time cards must be activated before the totals are computed."""
    state = load_game("eternia-combat", combat=combat(time_card=True)).new_initial_state(0)
    placed(state)
    act(state, "pass")  # He-Man
    assert Action.parse("pass") not in state.legal_actions()
    assert "§5.7" in state.explain(Action.parse("pass")).rule
    act(state, "time card=evil-time")


def test_dice_beyond_ten_initiative_and_blows_are_rolled() -> None:
    """§5.7 items 4-8, §9.15: 15 dice are 5 too many: the player picks the zones that do not
    roll 5 of their dice and places 5 automatic successes where it likes; both roll Initiative
    (successes plus the base Initiative: 4 + 1 + 3 = 8 against 0 + 2), the loser loses 1 HP;
    the attacker's Attack dice against the defender's Defense dice, the difference in damage;
    then the other way round."""
    state = load_game("eternia-combat", combat=combat()).new_initial_state(0)
    placed(state)
    act(state, "pass")
    act(state, "pass")
    assert state.flow.steps[-1].kind == "cap" and state.current_player() == 0
    act(state, "remove-dice attack=2 defense=2 initiative=1")
    act(state, "auto-successes attack=2 defense=2 initiative=1")
    for roll in (
        "roll blank=0 success=4 double=0 reroll=0",  # He-Man's 4 Initiative dice
        "roll blank=2 success=0 double=0 reroll=0",  # Skeletor's 2
        "roll blank=0 success=3 double=0 reroll=0",  # He-Man's Attack: 3 + 2 automatic
        "roll blank=1 success=0 double=1 reroll=0",  # Skeletor's Defense: 2
        "roll blank=0 success=2 double=0 reroll=0",  # Skeletor's Attack: 2
        "roll blank=3 success=0 double=0 reroll=0",  # He-Man's Defense: 0 + 2 automatic
    ):
        state.apply_action(Action.parse(roll))
    he_man, skeletor = state.epic.fighters
    assert skeletor.damage == 1 + 3 and he_man.damage == 0
    assert state.flow.steps[-1].kind == "flee"


def test_a_reroll_face_is_rolled_again_with_one_other_die() -> None:
    """§5.7 item 7, §9.6: reroll faces are rolled again, with one other die if the player
    wishes, all together; the player may stop (a standing reroll counts nothing)."""
    state = load_game("eternia-combat", combat=combat()).new_initial_state(0)
    placed(state)
    act(state, "pass")
    act(state, "pass")
    act(state, "remove-dice attack=2 defense=2 initiative=1")
    act(state, "auto-successes attack=2 defense=2 initiative=1")
    state.apply_action(Action.parse("roll blank=1 success=1 double=0 reroll=2"))
    act(state, "reroll extra=blank")
    assert state.flow.steps[-1].dice == 3
    state.apply_action(Action.parse("roll blank=0 success=0 double=1 reroll=2"))
    act(state, "stop")
    assert state.flow.steps[-1].kind == "roll" and state.flow.steps[-1].side == 1


def test_dice_beyond_ten_may_become_successes_in_another_zone() -> None:
    """§5.7 item 4: each die above 10 is one automatic success the player assigns freely to
    any of its three zones: 5 Attack dice left unrolled, 5 successes put on Defense."""
    state = load_game("eternia-combat", combat=combat()).new_initial_state(0)
    placed(state)
    act(state, "pass")
    act(state, "pass")
    assert Action.parse("remove-dice attack=5 defense=0 initiative=1") not in state.legal_actions()
    act(state, "remove-dice attack=5 defense=0 initiative=0")
    act(state, "auto-successes attack=0 defense=5 initiative=0")
    power = state.flow.steps[-2]
    assert power.removed[:3] == [5, 0, 0] and power.auto[:3] == [0, 5, 0]
