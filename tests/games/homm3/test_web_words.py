"""HoMM3's words for the board and the log (issue 23 §1, §2.8, §2.13): every unit ability has a
name and a sentence made from its numbers, a unit's whole card in words, the AI's and the
neutral units' choices explained in the log with the rule item that made them, an attack's dice
told once, and names where raw ids and flags were."""

from __future__ import annotations

import random
import re

import pytest
from homm3_helpers import act, done, fight, roll

from rulekeeper.core import CHANCE, Action, load_game
from rulekeeper.games.homm3.content.abilities import ABILITY_KINDS
from rulekeeper.games.homm3.content.pack import load_content_pack
from rulekeeper.games.homm3.game import CombatState, shipped_battle
from rulekeeper.games.homm3.views.card_text import (
    ABILITY_NAMES,
    ABILITY_SENTENCES,
    unit_card,
    unit_card_words,
    unit_line,
)
from rulekeeper.games.homm3.views.log import news
from rulekeeper.games.homm3.views.odds import preview

RULE_ITEM = re.compile(
    r"\((Neutral units|AI combat), homm3\.md §(5\.18\.3 item 3|5\.24\.1 rule [123]|8\.44)\)"
)


def test_every_ability_kind_has_a_name_and_a_sentence() -> None:
    """issue 23 §1: abilities as names and a sentence each, generated from the effect data."""
    assert set(ABILITY_NAMES) == set(ABILITY_KINDS)
    assert set(ABILITY_SENTENCES) == set(ABILITY_KINDS)


def test_a_units_whole_card_in_words() -> None:
    """issue 23 §2.13: ``card UNIT`` prints name, tier, faction, both sides' statistics and
    type, and each ability with its sentence, its numbers filled in (no braces left)."""
    pack = load_content_pack(None)
    for card_id in pack.units:
        text = unit_card_words(pack, card_id)
        assert "{" not in text and "}" not in text, text
        assert "Attack" in text and "Initiative" in text
    zombies = unit_card_words(pack, "zombies")
    assert "Few side" in zombies and "Pack side" in zombies
    assert "+1 Defence when the attacker's die shows +0 or +1." in zombies
    state = fight(["griffins:pack@b2"], [done("zombies:few@b4")])
    assert unit_line(state, "griffins").startswith(
        "Griffins (Pack): Attack 3, Defence 0, HP 4 of 4, Initiative 9, flying"
    )
    assert "Unlimited retaliation: It retaliates against every attack" in unit_card(
        state, "griffins"
    )


def play_out(name: str, seed: int) -> CombatState:
    state = load_game("homm3-combat", battle=str(shipped_battle(name))).new_initial_state(seed)
    assert isinstance(state, CombatState)
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
            continue
        legal = state.legal_actions(seat)
        safe = [a for a in legal if a.kind not in ("surrender", "retreat", "flee")]
        state.apply_action(rng.choice(safe or legal), seat)
    return state


@pytest.mark.parametrize(
    ("name", "rule"),
    [
        ("neutral-fight.yaml", "AI combat, homm3.md §5.24.1 rule"),
        ("solo-ai-hero.yaml", "AI combat, homm3.md §5.24.1 rule 1"),
        ("clash-neutrals.yaml", "Neutral units, homm3.md §5.18.3 item 3"),
    ],
)
def test_the_ais_choices_name_their_rule_in_the_log(name: str, rule: str) -> None:
    """issue 23 §1: the AI's and the neutral units' choices say which rule chose them
    (homm3.md §5.24.1 rules 1–3, §8.44 in solo and co-op; §5.18.3 item 3 in Clash), and a
    player's own attacks name none."""
    state = play_out(name, 3)
    lines = news(state, 0)[0]
    ruled = [line for line in lines if RULE_ITEM.search(line)]
    assert any(rule in line for line in ruled), lines
    player = state.battle.armies[0]
    own = {state.pack.unit(state.battle.units[u].card).name for u in player.units}
    for line in lines:
        head = line.split(" attack ")[0]
        if " attack " in line and head.split(" (")[0] in own and "neutral" not in head.lower():
            assert not RULE_ITEM.search(line), line  # a player's own choice


def test_a_neutral_attack_says_which_tier_rule_chose_the_target() -> None:
    """homm3.md §5.24.1 rule 2: a ground unit the rules drive attacks a unit of its own tier
    within reach first — the log says so."""
    state = fight(
        ["halberdiers:few@b2"],
        ["skeletons@b3"],
        defender_kind="neutral",
        mode="solo",
    )
    while not state.is_terminal() and not any(
        e.kind == "attack" and e.data["attacker"] == "skeletons" for e in state.events
    ):
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
        else:
            legal = state.legal_actions(seat)
            state.apply_action(next((a for a in legal if a.kind == "end"), legal[0]), seat)
    line = next(line for line in news(state, 0)[0] if line.startswith("Skeletons (Few) attack"))
    assert line.endswith(
        "the rules choose a unit of its own tier within reach (AI combat, homm3.md §5.24.1 rule 2)"
    )


def test_an_attacks_dice_are_told_once() -> None:
    """issue 23 §2.8: the dice once, in the attack's line (no "The die shows" line for them)."""
    state = fight(["griffins:few@b2"], [done("crusaders:few@b3")])
    seen = news(state, 0)[1]
    act(state, "attack", target="crusaders")
    roll(state, 1, 0)
    lines = news(state, seen)[0]
    assert not [line for line in lines if line.startswith("The die shows")]
    assert "die +1" in lines[0] and "die +0" in lines[2]


def test_actions_say_names_not_raw_flags() -> None:
    """issue 23 §2.8: "(Pack, off)" and similar raw flags become words."""
    state = fight(["griffins:few@b2", "crusaders"], [done("zombies:few@b4")])
    assert state.describe(Action.of("place", unit="crusaders", at="a1")) == (
        "place Crusaders (Few, in reserve) at a1"
    )
    described = state.describe(Action.of("play", card="offense", use="expert", unit="griffins"))
    assert "(Expert, an Expert use)" in described and "offense" not in described
    assert state.describe(Action.of("morale-reroll", die=0)) == (
        "reroll die 1 spending Positive Morale"
    )


def test_every_choice_of_the_shipped_battles_reads_in_words() -> None:
    """issue 23 §2.8: no choice is shown as its raw form (``gate at=a3``, ``save card=...``):
    every action offered in the shipped battles is described with names."""
    rng = random.Random(4)
    seen: set[str] = set()
    for name in ("siege.yaml", "solo-ai-hero.yaml", "clash-neutrals.yaml", "hero-battle.yaml"):
        state = load_game("homm3-combat", battle=str(shipped_battle(name))).new_initial_state(2)
        while not state.is_terminal():
            seat = state.current_player()
            if seat == CHANCE:
                state.resolve_chance()
                continue
            legal = state.legal_actions(seat)
            for action in legal:
                text = state.describe(action)
                assert "=" not in text and "_" not in text, (str(action), text)
                seen.add(action.kind)
            safe = [a for a in legal if a.kind not in ("surrender", "retreat", "flee")]
            state.apply_action(rng.choice(safe or legal), seat)
    assert {"place", "gate", "attack", "move", "end"} <= seen


def test_the_terminal_odds_name_units_in_percentages() -> None:
    """issue 23 §1, §2.8: the odds before an attack name the units and say percentages."""
    state = fight(["marksmen:pack@b1"], ["skeletons:few@b5"])
    text = preview(state, state.current_player(), Action.of("attack", target="skeletons"))
    assert text is not None and "Skeletons (Few) afterwards" in text
    assert "skeletons" not in text and "%" in text


def test_why_a_legal_choice_says_what_it_does() -> None:
    """issue 23 §2.5 for HoMM3: ``why`` on a legal action answers what it costs and does, with
    its rule item, never "is legal": an attack with its exact odds in percentages, a move with
    the fields it takes of the unit's range, Defend with what the token does."""
    state = fight(["griffins:pack@b2"], [done("zombies:few@b3")])
    seat = state.current_player()
    attack = state.explain(Action.of("attack", target="zombies"), seat)
    assert attack.legal and "§5.18.6" in attack.rule
    assert "expected damage" in attack.reason and "%" in attack.reason
    move = state.explain(Action.of("move", to="b1"), seat)
    assert move.reason.startswith("moves 1 of its 3 fields (flying")
    defend = state.explain(Action.of("defend"), seat)
    assert "Defense token" in defend.reason
    for action in state.legal_actions(seat):
        reason = state.explain(action, seat).reason
        assert "legal" not in reason and "offered" not in reason, (str(action), reason)
