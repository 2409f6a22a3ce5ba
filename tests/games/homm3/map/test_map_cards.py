"""Cards with Map effects played in one's turn (issue 24 §1 last bullet, §2 "Heroes"; homm3.md
§5.8, §5.9, §5.11, §5.12): every map effect of the pack is implemented, each one's play, its
refusals naming their rule, the lasting effects other modules ask for, and ``content check
--strict`` counting map effects."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.core import Action, load_game
from rulekeeper.core.graph import hex_key, key_hex
from rulekeeper.core.hexes import hex_distance
from rulekeeper.games.homm3 import cli as homm3_cli
from rulekeeper.games.homm3.map import board, cards, effects, movement, turn
from rulekeeper.games.homm3.map.exploration import LayTileStep
from rulekeeper.games.homm3.map.fights import FightStep
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.model import MAIN, Troop
from rulekeeper.games.homm3.map.turn import TurnStep

runner = CliRunner()


def at_turn(factions: str = "castle,dungeon", seed: int = 3) -> tuple[MapState, int]:
    """A fresh Clash game (no Starting Bonus) at the first player's actions."""
    game = load_game(
        "homm3", players=2, scenario="clash-2", difficulty="impossible", factions=factions
    )
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, MapState)
    while not isinstance(state.flow.top(), TurnStep) or state.flow.top().stage != "act":
        seat, keep = state.current_player(), Action.of("keep")
        legal = state.legal_actions(seat)  # else the first: a Starting tile unturned (§3 step 21)
        state.apply_action(keep if keep in legal else legal[0], seat)
    return state, state.current_player()


def hero_of(state: MapState, seat: int) -> Any:
    return next(h for h in state.heroes if h.seat == seat and h.role == MAIN)


def why(state: MapState, action: Action, seat: int) -> str:
    """The refusal of *action* as text: its rule and reason (the action must be refused)."""
    found = state.explain(action, seat)
    assert not found.legal, action
    return f"{found.rule}: {found.reason}"


def play(card: str, use: str, **target: Any) -> Action:
    return Action.of("play-card", card=card, use=use, **target)


def test_every_map_effect_of_the_pack_is_implemented() -> None:
    """issue 24 §1: the 15 Map plays (10 ability, 5 artifact options and Town Portal) each
    name an effect registered in map/cards.py IMPLEMENTED."""
    state, _ = at_turn()
    pack = state.game.pack
    used = homm3_cli.map_effect_users(pack)
    plays = [(c, u) for c in sorted(pack.abilities) for u, _ in cards.map_plays(pack, c)]
    plays += [(c, u) for c in sorted(pack.artifacts) for u, _ in cards.map_plays(pack, c)]
    plays += [(c, u) for c in sorted(pack.spells) for u, _ in cards.map_plays(pack, c)]
    assert len(plays) == 15
    assert set(used) == set(cards.IMPLEMENTED)


def test_strict_check_fails_while_a_map_effect_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 24 §1: --strict counts map effects: it fails naming the missing one."""
    monkeypatch.delitem(cards.IMPLEMENTED, "town-portal")
    result = runner.invoke(app, ["homm3", "content", "check", "--strict"])
    assert result.exit_code == 1
    assert "map effects not implemented yet (1):" in result.output
    assert "  town-portal: town-portal" in result.output


def test_strict_check_passes_with_every_map_effect() -> None:
    """issue 24 §1: with every map effect implemented the line says so."""
    result = runner.invoke(app, ["homm3", "content", "check"])
    assert "map effects: all implemented" in result.output


def test_expert_play_spends_an_expert_use_and_gives_mp() -> None:
    """homm3.md §5.9, §5.7: Logistics Expert needs an Expert use (none at Level I), +1 MP."""
    state, seat = at_turn()
    player, hero = state.players[seat], hero_of(state, seat)
    player.hand = ["logistics"]
    action = play("logistics", "expert", hero=hero.id)
    refused = why(state, action, seat)
    assert "§5.9" in refused and "Expert" in refused
    player.level = 2
    assert action in state.legal_actions(seat)
    mp = hero.mp
    state.apply_action(action, seat)
    assert hero.mp == mp + 1 and player.expert_used == 1
    assert player.discard[-1] == "logistics" and "logistics" not in player.hand
    assert "no 'logistics'" in why(state, play("logistics", "expert", hero=hero.id), seat)


def test_a_card_not_in_hand_or_without_a_map_play_is_refused() -> None:
    """homm3.md §5.8: only cards in hand, only plays usable outside combat (an Attack card's
    plays target a unit in a fight)."""
    state, seat = at_turn()
    state.players[seat].hand = ["attack"]
    assert "§5.8" in why(state, play("wisdom", "basic"), seat)
    assert "no play as 'basic' outside combat" in why(state, play("attack", "basic"), seat)
    assert not [a for a in state.legal_actions(seat) if a.kind == "play-card"]


@pytest.mark.parametrize(
    ("card", "use", "gains"),
    [
        ("estates", "basic", {"gold": 3}),
        ("endless-sack-of-gold", "option-1", {"gold": 5}),
        ("inexhaustible-cart-of-lumber", "option-2", {"materials": 4}),
        ("everpouring-vial-of-mercury", "option-1", {"valuables": 1}),
    ],
)
def test_instant_resource_cards_are_played_on_the_map(
    card: str, use: str, gains: dict[str, int]
) -> None:
    """homm3.md §5.8: an Instant effect resolves at once, only Map effects are barred from
    combat: Estates and the resource artifacts give their resources in one's turn; a play that
    removes its card takes it out of the game (§5.8 Remove)."""
    state, seat = at_turn()
    player = state.players[seat]
    player.hand = [card]
    before = {k: player.resources.get(k) for k in gains}
    action = play(card, use)
    assert action in state.legal_actions(seat)
    state.apply_action(action, seat)
    assert {k: player.resources.get(k) - before[k] for k in gains} == gains
    removes = use == "option-2"
    assert (card in player.discard) is not removes


def test_instant_cards_pay_their_discard_cost_first() -> None:
    """homm3.md §5.8: Charm of Mana's first option discards 2 other cards, then draws 3; with
    fewer than 2 other cards it is refused."""
    state, seat = at_turn()
    player = state.players[seat]
    player.hand = ["charm-of-mana", "attack"]
    assert "costs 2 other cards" in why(state, play("charm-of-mana", "option-1"), seat)
    player.hand = ["charm-of-mana", "attack", "defence"]
    deck = len(player.deck)
    state.apply_action(play("charm-of-mana", "option-1"), seat)
    for card in ("attack", "defence"):
        state.apply_action(Action.of("discard", item=card), seat)
    assert len(player.hand) == 3 and len(player.deck) == deck - 3
    assert player.discard[-3:] == ["charm-of-mana", "attack", "defence"]


def test_leadership_expert_draws_and_gains_morale() -> None:
    """Leadership Expert (Instant): draw 2 cards and gain morale (homm3.md §5.17)."""
    state, seat = at_turn()
    player = state.players[seat]
    player.hand, player.level = ["leadership"], 2
    state.apply_action(play("leadership", "expert"), seat)
    assert len(player.hand) == 2 and player.morale == 1 and player.expert_used == 1


def test_faction_bound_necromancy_is_refused_to_other_factions() -> None:
    """homm3.md §5.9: Necromancy (Necropolis icon) is usable by Necropolis only."""
    state, seat = at_turn()
    player = state.players[seat]
    assert player.faction != "necropolis"
    player.hand = ["necromancy"]
    player.units = [Troop("skeletons", "few")]
    refused = why(state, play("necromancy", "basic", unit=0), seat)
    assert "§5.9" in refused and "necropolis" in refused


def necropolis_turn() -> tuple[MapState, int]:
    for seed in range(10):
        state, seat = at_turn("necropolis,castle", seed)
        if state.players[seat].faction == "necropolis":
            return state, seat
    raise AssertionError("Necropolis never starts")


def test_necromancy_reinforces_for_half_gold_after_a_won_combat() -> None:
    """Necromancy (content/abilities.yaml, provisional): after a won combat, not a Quick
    Combat, one Bronze/Silver Necropolis unit flips to Pack for half its Gold cost."""
    state, seat = necropolis_turn()
    player = state.players[seat]
    player.hand = ["necromancy"]
    player.units = [Troop("vampires", "few"), Troop("dread-knights", "few")]
    player.resources.amounts.update(gold=10, valuables=0)
    action = play("necromancy", "basic", unit=0)
    assert "won" in why(state, action, seat)
    effects.note_combat_won(state, seat, quick=True)
    assert "won" in why(state, action, seat)
    effects.note_combat_won(state, seat, quick=False)
    assert "a gold unit" in why(state, play("necromancy", "basic", unit=1), seat)
    player.resources.amounts.update(gold=0)
    assert "you need 6 more Gold" in why(state, action, seat)
    player.resources.amounts.update(gold=10)
    assert action in state.legal_actions(seat)
    state.apply_action(action, seat)
    assert player.units[0].side == "pack"
    assert player.resources.get("gold") == 10 - 12 // 2


def test_town_portal_moves_the_main_hero_home_with_mp_by_power() -> None:
    """homm3.md §5.11: Town Portal to a town you hold; empowered to power 2 it gives +1 MP
    (two Spell cards discarded, alternative power 1 each)."""
    state, seat = at_turn()
    player, hero = state.players[seat], hero_of(state, seat)
    town = next(t for t in state.towns if t.owner == seat)
    away = next(
        k
        for k in board.neighbour_fields(state.tilemap(), town.field)
        if k not in state.tilemap().graph.closed
    )
    hero.field = away
    player.hand = ["town-portal", "bless", "bless"]
    action = play("town-portal", "cast", hero=hero.id, to=town.field)
    assert action in state.legal_actions(seat)
    assert "§5.11" in why(state, play("town-portal", "cast", hero=hero.id, to=away), seat)
    mp = hero.mp
    state.apply_action(action, seat)
    assert isinstance(state.flow.top(), cards.MapEmpowerStep)
    for _ in range(2):
        state.apply_action(Action.of("empower", card="bless", use="discard"), seat)
    state.apply_action(Action.of("done"), seat)
    assert hero.field == town.field and hero.mp == mp + 1
    assert player.hand == [] and sorted(player.discard)[-3:] == ["bless", "bless", "town-portal"]


def test_angel_wings_fly_over_fields_and_stop_on_an_open_one() -> None:
    """Angel Wings (content/artifacts.yaml): +1 MP, fly over any fields (1 MP each), the field
    stopped on is resolved and must not be blocked (homm3.md §5.1 blocked fields)."""
    state, seat = at_turn()
    hero = hero_of(state, seat)
    state.players[seat].hand = ["angel-wings"]
    tilemap = state.tilemap()
    open_fields = [
        h
        for h in sorted(tilemap.spots)
        if hex_key(h) not in tilemap.graph.closed
        and not movement.guarded(state, hex_key(h))
        and hex_distance(h, key_hex(hero.field)) <= 1
    ]
    here, there = next((a, b) for a in open_fields for b in open_fields if hex_distance(a, b) == 2)
    hero.field, hero.mp = hex_key(here), 0
    far = [hex_key(there)]
    assert "fields away" in why(
        state, play("angel-wings", "option-1", hero=hero.id, to=far[0]), seat
    )
    hero.mp = 1
    state.apply_action(play("angel-wings", "option-1", hero=hero.id, to=far[0]), seat)
    assert hero.field == far[0] and hero.previous == hex_key(here) and hero.mp == 0
    closed = sorted(tilemap.graph.closed)
    state.players[seat].hand = ["angel-wings"]
    if closed:
        refused = why(state, play("angel-wings", "option-1", hero=hero.id, to=closed[0]), seat)
        assert "blocked" in refused


def test_speculum_reveals_a_tile_touching_the_heros_tile_for_no_mp() -> None:
    """Speculum (content/artifacts.yaml): reveal a face-down tile next to the hero's tile,
    no MP spent; its player lays it (homm3.md §5.1)."""
    state, seat = at_turn()
    hero = hero_of(state, seat)
    state.players[seat].hand = ["speculum"]
    found = [a for a in state.legal_actions(seat) if a.kind == "play-card" and a.get("at")]
    assert found and all(a.param("use") == "option-1" for a in found)
    down, mp = len(state.face_down), hero.mp
    state.apply_action(found[0], seat)
    assert isinstance(state.flow.top(), LayTileStep)
    assert len(state.face_down) == down - 1 and hero.mp == mp


def test_diplomacy_draws_for_each_dwelling_and_recruits_one() -> None:
    """Diplomacy Basic (content/abilities.yaml, provisional): a Neutral card per Dwelling
    owned, one recruited at its printed cost without the Population token."""
    state, seat = at_turn()
    player = state.players[seat]
    town = next(t for t in state.towns if t.owner == seat)
    player.hand = ["diplomacy"]
    town.buildings = []
    assert "Dwelling" in why(state, play("diplomacy", "basic"), seat)
    town.buildings = [f"{town.faction}-dwelling-1", f"{town.faction}-dwelling-3"]
    player.resources.amounts.update(gold=99, valuables=9)
    state.apply_action(play("diplomacy", "basic"), seat)
    step = state.flow.top()
    assert isinstance(step, cards.DiplomacyStep) and len(step.seen) == 3
    tiers = sorted(state.game.pack.units[c].tier for c in step.seen)
    assert tiers == ["azure", "bronze", "gold"]
    card = step.seen[0]
    cost = state.game.pack.units[card].recruit
    state.apply_action(Action.of("recruit", card=card), seat)
    assert player.units[-1].card == card and player.resources.get("gold") == 99 - cost.gold
    assert "population" not in player.used_tokens


def test_diplomacy_expert_skips_a_neutral_fight_of_the_heros_level() -> None:
    """Diplomacy Expert: a fight against neutrals whose difficulty equals the Main Hero's
    Level is skipped, the field won without Exp (the guard beaten, homm3.md §8.16)."""
    state, seat = at_turn()
    player, hero = state.players[seat], hero_of(state, seat)
    guarded = [
        hex_key(h)
        for h in sorted(state.tilemap().spots)
        if movement.guarded(state, hex_key(h)) and not board.heroes_at(state, hex_key(h))
    ]
    assert guarded
    key = guarded[0]
    level = movement.guarded(state, key)
    player.level = max(2, level)
    player.hand = ["diplomacy"]
    state.apply_action(play("diplomacy", "expert"), seat)
    player.level = level + 1 if level < 7 else 6
    assert isinstance(movement.encounter(state, hero, key), FightStep)  # not its Level
    player.level = level
    assert movement.encounter(state, hero, key) is None
    assert state.sites[key].visited and player.experience == 0
    assert not effects.has(state, seat, effects.SKIP)


def test_lasting_effects_answer_their_modules_and_end_with_the_turn() -> None:
    """Luck Basic, Wisdom, the Legion artifacts: effects for this turn only (homm3.md §5.8),
    asked for by the dice, the Mage Guild and recruiting; optional rule 6 stops rerolls."""
    state, seat = at_turn()
    player = state.players[seat]
    player.level = 3
    player.hand = ["luck", "wisdom", "legs-of-legion", "head-of-legion"]
    for action in (
        play("luck", "basic"),
        play("wisdom", "expert"),
        play("legs-of-legion", "option-1"),
        play("head-of-legion", "option-1"),
    ):
        state.apply_action(action, seat)
    assert effects.reroll_sources(state, seat, "treasure") == ["luck"]
    effects.spend_reroll(state, seat, "treasure", "luck")
    assert effects.reroll_sources(state, seat, "treasure") == []
    assert effects.reroll_sources(state, seat, "resource") == ["luck"]
    assert effects.mage_guild_terms(state, seat) == (2, 4)
    assert effects.recruit_discount(state, seat) == 6
    assert effects.use_recruit_discount(state, seat) == 6
    assert effects.recruit_discount(state, seat) == 4
    turn.end_of_turn(state, seat)
    assert player.lasting == [] and effects.mage_guild_terms(state, seat) == (0, 2)


def test_logistics_basic_steps_to_an_empty_field_at_the_turns_end() -> None:
    """Logistics Basic (content/abilities.yaml): at the end of the turn the hero may move to an
    adjacent empty field, nothing resolved."""
    state, seat = at_turn()
    hero = hero_of(state, seat)
    state.players[seat].hand = ["logistics"]
    empty = cards.step_fields(state, hero)
    assert empty
    state.apply_action(play("logistics", "basic", hero=hero.id), seat)
    state.apply_action(turn.END_TURN, seat)
    while not isinstance(state.flow.top(), cards.EndStepStep):
        other = state.current_player()
        assert not isinstance(state.flow.top(), TurnStep)
        state.apply_action(state.legal_actions(other)[-1], other)
    state.apply_action(Action.of("step", to=empty[0]), seat)
    assert hero.field == empty[0]


def test_card_plays_are_not_judged_in_public() -> None:
    """issue 24 §4: a card play's refusal reads the hand: not told to other seats."""
    state, seat = at_turn()
    step = state.flow.top()
    assert not step.judged_in_public(state, seat, play("luck", "basic"))
    assert step.judged_in_public(state, seat, Action.of("end-turn"))


@pytest.mark.parametrize("seed", range(3))
def test_every_candidate_is_legal_or_refused_naming_its_rule(seed: int) -> None:
    """homm3.md §5.8, §5.9, §5.11: with every card with a play outside combat in hand, each
    candidate play is either in the legal list or refused with a rule that names a section;
    the legal list is exactly the candidates not refused."""
    state, seat = at_turn(seed=seed)
    pack = state.game.pack
    player = state.players[seat]
    player.level = 1 + seed * 2
    player.hand = sorted(
        c
        for table in (pack.abilities, pack.artifacts, pack.spells)
        for c in table
        if cards.map_plays(pack, c) or cards.card_instants.instant_plays(pack, c)
    )
    legal = set(state.legal_actions(seat))
    offered = list(cards.candidates(state, seat))
    assert offered
    for action in offered:
        refused = cards.refusal(state, seat, action)
        assert (refused is None) == (action in legal), action
        if refused is not None:
            assert refused[0].startswith("homm3.md §"), refused
