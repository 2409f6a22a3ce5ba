"""Visiting map locations (issue 24 §2 "visiting by category", §6 "every location kind"; homm3.md
§5.3, §5.4, §5.13.4, §8.14, §8.15, §8.19, §8.22, §9.4, §9.5): every location kind of the core
box with its effect, the categories, trading and the Trading Post under optional rule 13."""

from __future__ import annotations

import pytest
from visit_helpers import act, at_turn, enter, hero_of, lay_location, roll, top_kind

from rulekeeper.core import CHANCE, Action, RandomAgent, load_game
from rulekeeper.games.homm3.content.locations import LOCATION_EFFECTS
from rulekeeper.games.homm3.map import board, geometry, locations, movement, trading, visiting
from rulekeeper.games.homm3.map.fights import FightStep
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.model import Troop

CHOOSE = [Action.of("choose", option=n) for n in range(4)]
DECLINE = Action.of("decline")


def test_every_effect_kind_has_its_function() -> None:
    """issue 24 §1: each effect kind of the locations' vocabulary is implemented once."""
    assert set(locations.HANDLERS) == set(LOCATION_EFFECTS)


def test_every_core_location_is_visited_without_error() -> None:
    """homm3.md §5.4: every location printed on the core tiles resolves a visit."""
    state = at_turn()
    printed = {f.location for t in state.game.pack.tiles.values() for f in t.fields}
    for location in sorted(printed - {"town", "blocked"}):
        game = at_turn()
        key = lay_location(game, location)
        enter(game, 0, key)
        found = [e for e in game.events if e.kind == "visited" and e.data["field"] == key]
        assert found and found[-1].data["location"] == location


@pytest.mark.parametrize(
    ("location", "choice", "gold", "materials", "valuables", "exp", "morale", "mp"),
    [
        ("water-wheel", None, 3, 0, 0, 0, 0, 0),  # §8.2, §9.5: 3 Gold
        ("windmill", None, 0, 0, 1, 0, 0, 0),  # §9.5: 1 Valuables
        ("mystical-garden", 0, 2, 0, 0, 0, 0, 0),  # §9.5: 2 Gold ...
        ("mystical-garden", 1, 0, 0, 1, 0, 0, 0),  # ... or 1 Valuables
        ("learning-stone", None, 0, 0, 0, 1, 0, 0),  # §5.4: 1 Exp (half a Level)
        ("temple", None, 0, 0, 0, 0, 1, 0),  # §5.4: a Positive Morale
        ("fountain-of-youth", None, 0, 0, 0, 0, 1, 1),  # §5.4: +1 MP and Positive Morale
        ("stables", None, 0, 0, 0, 0, 0, 1),  # §5.2, §5.4: +1 MP this turn
    ],
)
def test_location_gives(
    location: str,
    choice: int | None,
    gold: int,
    materials: int,
    valuables: int,
    exp: int,
    morale: int,
    mp: int,
) -> None:
    """homm3.md §5.4 table (icons as §8.2 and §9.5 read them): what a visit gives."""
    state = at_turn()
    player = state.players[0]
    before = dict(player.resources.amounts)
    key = lay_location(state, location)
    item = hero_of(state, 0)
    mp_before = item.mp
    enter(state, 0, key)
    if choice is not None:
        assert top_kind(state) == "location-choice"
        act(state, CHOOSE[choice])
    got = {n: player.resources.get(n) - before.get(n, 0) for n in before}
    assert got == {"gold": gold, "materials": materials, "valuables": valuables}
    assert (player.experience, player.morale, item.mp - mp_before) == (exp, morale, mp)


@pytest.mark.parametrize(
    ("location", "deck"),
    [
        ("shrine-of-magic-gesture", "spell"),  # §5.4, §9.4: the free shrine
        ("artifact-icon", "artifact"),  # §5.4: Search (2) the Artifact deck
    ],
)
def test_optional_search(location: str, deck: str) -> None:
    """homm3.md §5.3, §5.4: "you MAY Search (2)": chosen, a Search of the deck; declined,
    nothing, but the one-time field is used all the same."""
    state = at_turn()
    key = lay_location(state, location)
    enter(state, 0, key)
    assert top_kind(state) == "location-choice"
    assert set(state.legal_actions(0)) == {CHOOSE[0], DECLINE}
    act(state, CHOOSE[0])
    assert top_kind(state) == "search" and state.flow.top().deck == deck
    other = at_turn()
    key = lay_location(other, location)
    enter(other, 0, key)
    act(other, DECLINE)
    assert other.sites[key].visited and top_kind(other) == "turn"


def test_shrine_of_incantation_costs_3_gold() -> None:
    """homm3.md §5.4, §9.4: the Shrine of Magic Incantation's Search costs 3 Gold; without them
    the option is refused with what is missing, and the visit passes (declined at once)."""
    state = at_turn()
    ledger = state.players[0].resources
    ledger.lose({"gold": ledger.get("gold")})
    ledger.gain({"gold": 1})
    key = lay_location(state, "shrine-of-magic-incantation")
    visit = locations.Visit(0, "", key, "shrine-of-magic-incantation")
    rule, reason = locations.option_refusal(state, visit) or ("", "")
    assert "2 more Gold" in reason and "§5.4" in rule
    enter(state, 0, key)
    assert top_kind(state) == "turn" and state.sites[key].visited
    paying = at_turn()
    paying.players[0].resources.gain({"gold": 3})
    gold = paying.players[0].resources.get("gold")
    key = lay_location(paying, "shrine-of-magic-incantation")
    enter(paying, 0, key)
    act(paying, CHOOSE[0])
    assert paying.players[0].resources.get("gold") == gold - 3 and top_kind(paying) == "search"


@pytest.mark.parametrize(("option", "pay"), [(0, {"valuables": 3}), (1, {"gold": 10})])
def test_tree_of_knowledge(option: int, pay: dict[str, int]) -> None:
    """homm3.md §5.4, §9.5: pay 3 Valuables or 10 Gold for 2 Exp, a Level (its reward: Search
    (2) of the Ability deck, §5.7)."""
    state = at_turn()
    player = state.players[0]
    player.resources.gain({"gold": 10, "valuables": 3})
    before = dict(player.resources.amounts)
    key = lay_location(state, "tree-of-knowledge")
    enter(state, 0, key)
    act(state, CHOOSE[option])
    spent = {n: before[n] - player.resources.get(n) for n in pay}
    assert spent == pay and player.level == 2
    assert top_kind(state) == "search" and state.flow.top().deck == "ability"


def test_warriors_tomb_searches_twice_then_loses_morale_twice() -> None:
    """homm3.md §5.4, §8.23: Search (2) the Artifact deck twice, then two morale losses."""
    state = at_turn()
    player = state.players[0]
    player.morale = 1
    key = lay_location(state, "warriors-tomb")
    enter(state, 0, key)
    act(state, CHOOSE[0])
    for _ in range(2):
        assert top_kind(state) == "search" and state.flow.top().deck == "artifact"
        act(state, state.legal_actions(0)[0])
    assert player.morale == -1


def test_witch_hut_removes_an_ability_card_or_peeks() -> None:
    """homm3.md §5.4: Remove an Ability card from hand (refused with none), or look at the
    Ability deck's top card and take it or discard it."""
    state = at_turn()
    player = state.players[0]
    pack = state.game.pack
    player.hand[:] = [c for c in player.hand if c not in pack.abilities]
    key = lay_location(state, "witch-hut", difficulty=0)
    enter(state, 0, key)
    assert not state.explain(CHOOSE[0], 0).legal
    top = state.decks["ability"][-1]
    act(state, CHOOSE[1])
    assert top_kind(state) == "peek"
    act(state, Action.of("take", card=top))
    assert top in player.hand
    other = at_turn()
    ability = next(iter(other.game.pack.abilities))
    other.players[0].hand.append(ability)
    key = lay_location(other, "witch-hut", difficulty=0)
    enter(other, 0, key)
    act(other, CHOOSE[0])
    assert [a.get("card") for a in other.legal_actions(0)] == [ability]
    act(other, Action.of("remove", card=ability))
    assert ability not in other.players[0].hand


def test_magic_spring_takes_one_of_the_top_three_discards() -> None:
    """homm3.md §5.4: look at the top 3 cards of your discard pile, take one into hand, the
    rest back on top in any order."""
    state = at_turn()
    player = state.players[0]
    player.discard[:] = ["attack", "defence", "power", "knowledge"]
    key = lay_location(state, "magic-spring", difficulty=0)
    enter(state, 0, key)
    act(state, CHOOSE[0])
    assert {a.get("card") for a in state.legal_actions(0)} == {"defence", "power", "knowledge"}
    act(state, Action.of("take", card="defence"))
    assert "defence" in player.hand
    assert set(state.legal_actions(0)) == {
        Action.of("on-top", card="power"),
        Action.of("on-top", card="knowledge"),
    }
    act(state, Action.of("on-top", card="power"))  # the rest back in the order chosen
    assert player.discard == ["attack", "knowledge", "power"] and top_kind(state) == "turn"


@pytest.mark.parametrize(
    ("pile", "take", "after"),
    [
        (["a", "b"], "b", ["a"]),  # one card back: no order to choose
        (["x", "a", "a", "b"], "b", ["x", "a", "a"]),  # two alike: no order to choose
        (["b"], "b", []),
    ],
)
def test_magic_spring_without_an_order_to_choose(
    pile: list[str], take: str, after: list[str]
) -> None:
    """homm3.md §5.4: with fewer than two different cards left there is no order to choose."""
    state = at_turn()
    player = state.players[0]
    player.discard[:] = pile
    key = lay_location(state, "magic-spring", difficulty=0)
    enter(state, 0, key)
    act(state, CHOOSE[0])
    act(state, Action.of("take", card=take))
    assert player.discard == after and top_kind(state) == "turn"


@pytest.mark.parametrize(
    ("location", "die"), [("resource-icon", "resource"), ("treasure-icon", "treasure")]
)
def test_dice_icons_roll_the_printed_number(location: str, die: str) -> None:
    """homm3.md §5.4: a Resource or Treasure icon rolls its number of dice, one kept."""
    state = at_turn()
    key = lay_location(state, location)
    enter(state, 0, key)
    step = state.flow.top()
    printed = board.field_at(state, key)
    assert step.kind == "dice" and step.die == die and step.count == printed.dice


def test_pandoras_box_two_treasure_or_two_resource_dice() -> None:
    """Pandora's Box (provisional, docs/homm3-content.md): roll 2 Treasure or 2 Resource dice
    and resolve one."""
    state = at_turn()
    key = lay_location(state, "pandoras-box")
    enter(state, 0, key)
    act(state, CHOOSE[1])
    step = state.flow.top()
    assert (step.kind, step.die, step.count, step.keep) == ("dice", "resource", 2, "one")


def test_grail_gives_the_token_and_the_scenarios_effect() -> None:
    """homm3.md §5.4: the Grail token; the scenario says what it does (clash-2: 2 Exp)."""
    state = at_turn()
    key = lay_location(state, "grail")
    enter(state, 0, key)
    player = state.players[0]
    assert player.grail and player.level == 2


def test_observatory_reveals_a_tile_next_to_its_tile() -> None:
    """homm3.md §5.1, §5.4: the Observatory turns up a face-down tile touching its tile, free."""
    state = at_turn()
    taken = geometry.occupied_slots(state.tilemap(), [f.at for f in state.face_down])
    centre = next(  # a free slot beside a face-down tile
        s for f in state.face_down for s in geometry.neighbour_slots(f.at) if s not in taken
    )
    tile = next(t for t in ("F5", "F9") if t not in {p.tile for p in state.placements})
    state.lay(geometry.lay(state.game.catalogue[tile], centre, 0))
    key = f"{centre[0]},{centre[1]}"  # the Observatory is the centre of F5 and F9
    count = len(state.face_down)
    enter(state, 0, key)
    if top_kind(state) == "observatory":
        act(state, state.legal_actions(0)[0])
    assert top_kind(state) == "lay-tile" and len(state.face_down) == count - 1


def test_one_time_location_is_used_up_for_everybody() -> None:
    """homm3.md §5.3, §8.22: after a visit a black cube: the field is empty to every faction."""
    state = at_turn()
    key = lay_location(state, "water-wheel")
    enter(state, 0, key)
    assert state.sites[key].visited
    gold = state.players[1].resources.get("gold")
    enter(state, 1, key)
    assert state.players[1].resources.get("gold") == gold
    assert "black cube" in (visiting.empty_reason(state, 1, key) or "")


def test_multiple_use_location_again_only_by_entering_again() -> None:
    """homm3.md §5.3, §8.15: Stables give +1 MP on each entry, none for staying; never cubed."""
    state = at_turn()
    key = lay_location(state, "stables")
    item = hero_of(state, 0)
    neighbours = [
        k
        for k in board.neighbour_fields(state.tilemap(), key)
        if board.field_at(state, k).location == "empty" and not board.field_at(state, k).difficulty
    ]
    item.field, item.mp = neighbours[0], 3
    act(state, Action.of("move", hero=item.id, to=key))
    assert item.mp == 3  # 1 spent, 1 gained
    assert not state.sites.get(key, board.site(state, key)).visited
    act(state, Action.of("move", hero=item.id, to=neighbours[0]))
    act(state, Action.of("move", hero=item.id, to=key))
    assert item.mp == 2


def test_a_guarded_one_time_location_is_visited_after_its_guard_is_beaten() -> None:
    """homm3.md §5.3, §8.16: the fight first, then the field's effects; then it is used."""
    state = at_turn()
    key = lay_location(state, "treasure-icon", difficulty=1)
    assert movement.guarded(state, key) == 1
    visiting.guard_beaten(state, key)
    enter(state, 0, key)
    assert top_kind(state) == "dice" and state.sites[key].visited
    assert movement.guarded(state, key) == 0


def test_a_beaten_guard_of_a_flaggable_field_stays_beaten() -> None:
    """homm3.md §8.16: a guarded field (not one-time) whose guard was beaten is not guarded
    again."""
    state = at_turn()
    key = lay_location(state, "settlement", difficulty=3)
    visiting.guard_beaten(state, key)
    assert movement.guarded(state, key) == 0


def test_sanctuary_held_cannot_be_stopped_on() -> None:
    """homm3.md §5.4, §8.19: another hero's Sanctuary may be passed through (with an MP left to
    leave it), not entered with the last MP; nobody attacks a hero there."""
    state = at_turn()
    key = lay_location(state, "sanctuary")
    hero_of(state, 1).field = key
    item = hero_of(state, 0)
    item.field = next(iter(board.neighbour_fields(state.tilemap(), key)))
    move = Action.of("move", hero=item.id, to=key)
    item.mp = 1
    refused = state.explain(move, 0)
    assert not refused.legal and "§8.19" in refused.rule
    item.mp = 2
    assert state.explain(move, 0).legal
    assert movement.encounter(state, item, key) is None


def test_a_turn_does_not_end_on_a_held_sanctuary() -> None:
    """homm3.md §8.19: a hero passing through another's Sanctuary may not end its turn there."""
    state = at_turn()
    key = lay_location(state, "sanctuary")
    hero_of(state, 1).field = key
    hero_of(state, 0).field = key
    assert Action.of("end-turn") not in state.legal_actions(0)


# --------------------------------------------------------------------------- trading


def test_the_trading_posts_price_table_is_the_board_datas() -> None:
    """homm3.md §5.13.4, §8.6: the Trading Post trades by the one price table."""
    state = at_turn()
    assert trading.location_rates(state, "trading-post") == trading.board_rates(state)
    assert trading.board_rates(state)[("gold", "valuables")] == (6, 1)
    assert trading.board_rates(state)[("valuables", "gold")] == (1, 3)


def test_trading_post_any_number_of_trades() -> None:
    """homm3.md §5.13.4: any number of trades per visit; a trade it cannot pay is refused with
    what is missing."""
    state = at_turn()
    ledger = state.players[0].resources
    ledger.lose(dict(ledger.amounts))
    ledger.gain({"gold": 5})
    key = lay_location(state, "trading-post")
    enter(state, 0, key)
    act(state, CHOOSE[0])
    trade = Action.of("trade", give="gold", get="materials")
    for _ in range(2):
        act(state, trade)
    assert (ledger.get("gold"), ledger.get("materials")) == (1, 2)
    refused = state.explain(trade, 0)
    assert not refused.legal and "1 more Gold" in refused.reason and "§5.13.4" in refused.rule
    act(state, trading.DONE)
    assert top_kind(state) == "turn" and not board.site(state, key).visited


def test_trading_post_with_nothing_to_trade_or_remove() -> None:
    """homm3.md §5.13.4: with no resources the trades are refused, with what is missing; with
    no card that may be Removed the removal is refused; the visit is not stuck."""
    state = at_turn()
    ledger = state.players[0].resources
    ledger.lose(dict(ledger.amounts))
    state.players[0].hand[:] = ["magic-arrow", "attack"]
    key = lay_location(state, "trading-post")
    enter(state, 0, key)
    assert state.legal_actions(0) == [CHOOSE[0]]
    act(state, CHOOSE[0])
    assert state.legal_actions(0) == [trading.DONE]
    refused = state.explain(Action.of("trade", give="gold", get="materials"), 0)
    assert not refused.legal and "2 more Gold" in refused.reason


def test_trading_post_removes_a_card_for_1_gold_but_not_every_kind() -> None:
    """homm3.md §5.13.4, §9.5: Remove a card for 1 Gold; never a Specialty, Statistic or
    Ability card, nor Magic Arrow."""
    state = at_turn()
    player = state.players[0]
    pack = state.game.pack
    spell = next(s for s in pack.spells if s != "magic-arrow")
    player.hand[:] = ["magic-arrow", "attack", next(iter(pack.abilities)), spell]
    gold = player.resources.get("gold")
    key = lay_location(state, "trading-post")
    enter(state, 0, key)
    act(state, CHOOSE[1])
    assert [a.get("card") for a in state.legal_actions(0)] == [spell]
    act(state, Action.of("remove", card=spell))
    assert spell not in player.hand and player.resources.get("gold") == gold + 1


def test_free_trading_is_optional_rule_13() -> None:
    """homm3.md §5.25 rule 13: trading at any time only under the rule."""
    trade = Action.of("trade", give="valuables", get="gold")
    state = at_turn()
    state.players[0].resources.gain({"valuables": 1})
    assert trading.RULE.refusal(state, 0, trade) is not None
    free = at_turn({"free-trading": "yes"})
    free.players[0].resources.gain({"valuables": 1})
    assert trading.RULE.refusal(free, 0, trade) is None
    assert trade in free.legal_actions(0) and trade not in state.legal_actions(0)
    gold = free.players[0].resources.get("gold")
    trading.RULE.apply(free, 0, trade)
    assert free.players[0].resources.get("gold") == gold + 3


def test_free_trading_makes_the_trading_post_one_time_with_an_artifact() -> None:
    """homm3.md §5.25 rule 13: the Trading Post becomes one-time and gives 1 Artifact card."""
    state: MapState = at_turn({"free-trading": "yes"})
    player = state.players[0]
    top = state.decks["artifact"][-1]
    key = lay_location(state, "trading-post")
    enter(state, 0, key)
    assert top in player.hand and state.sites[key].visited
    assert visiting.empty_reason(state, 1, key)


def test_dice_face_roll_resolves() -> None:
    """homm3.md §5.13.2: a Resource icon's die gives its face (here 6 Gold)."""
    state = at_turn()
    key = lay_location(state, "resource-icon")
    gold = state.players[0].resources.get("gold")
    enter(state, 0, key)
    roll(state, "resource", "6-gold")
    state.settle()
    assert state.players[0].resources.get("gold") == gold + 6


@pytest.mark.parametrize(
    ("location", "then"),
    [
        ("mystical-garden", "location-choice"),
        ("treasure-icon", "dice"),
        ("trading-post", "trading"),
    ],
)
def test_a_pending_visit_is_saved_and_read_back(location: str, then: str) -> None:
    """issue 24 §3: a game saved (and a position written) in the middle of a visit's choice
    reads back the same."""
    state = at_turn()
    key = lay_location(state, location)
    enter(state, 0, key)
    if then == "trading":
        act(state, CHOOSE[0])
    assert top_kind(state) == then
    text = state.serialize()
    again = state.game.deserialize_state(text)
    seat = state.current_player()
    assert again.serialize() == text and again.legal_actions(seat) == state.legal_actions(seat)
    moved = load_game("homm3", position=state.to_position()).new_initial_state(0)
    assert moved.flow.top().kind == then
    assert moved.legal_actions(seat) == state.legal_actions(seat)


def _fight_out(state: MapState, seed: int) -> None:
    """Random agents play the pending fight and the windows before it (the map's turn back)."""
    agents = {seat: RandomAgent(seed * 5 + seat) for seat in range(state.num_players)}
    while state.flow.find(FightStep) is not None or top_kind(state) == "town-window":
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
            continue
        legal = state.legal_actions(seat)
        calm = [a for a in legal if a.kind not in ("surrender", "retreat")] or legal
        state.apply_action(agents[seat].rng.choice(calm), seat)


def test_a_won_fight_is_followed_by_the_visit() -> None:
    """homm3.md §5.3, §8.16: entering a guarded Treasure icon starts the fight first; won, the
    field's effect follows (its dice) and the field gets its black cube."""
    for seed in range(10):
        state = at_turn(seed=seed + 1)
        seat = state.current_player()
        key = lay_location(state, "treasure-icon", difficulty=1)
        item = hero_of(state, seat)
        player = state.players[seat]
        units = state.game.pack.units
        strong = [c for c, u in units.items() if u.faction == player.faction and u.pack]
        player.units = [Troop(card, "pack") for card in strong[-5:]]  # the strongest, Pack
        item.field = next(
            k
            for k in board.neighbour_fields(state.tilemap(), key)
            if k not in state.tilemap().graph.closed and not board.field_at(state, k).difficulty
        )
        act(state, Action.of("move", hero=item.id, to=key))
        assert state.flow.find(FightStep) is not None  # the fight comes first
        _fight_out(state, seed)
        if item.field != key:
            continue  # lost or fled: nothing visited
        assert top_kind(state) == "dice" and state.sites[key].visited
        return
    pytest.fail("no seed gave a fight won")
