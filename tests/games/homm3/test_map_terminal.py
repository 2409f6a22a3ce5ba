"""The HoMM3 map game in the terminal (issue 24 §5): the text map, the log in names, the
previews before a move, hidden hands, and a whole game typed at the terminal."""

from __future__ import annotations

import contextlib
import functools
import json
import random
from pathlib import Path
from typing import Any

from rich.console import Console
from typer.testing import CliRunner
from typist import Monkey

from rulekeeper.cli import commands
from rulekeeper.cli.main import app
from rulekeeper.cli.play import Client
from rulekeeper.cli.prompt import LineReader
from rulekeeper.cli.screens import screen_for
from rulekeeper.core import CHANCE, Action, RandomAgent, load_game
from rulekeeper.core.content import load_yaml
from rulekeeper.core.graph import hex_key, key_hex
from rulekeeper.core.hexes import neighbours
from rulekeeper.core.session import Session
from rulekeeper.games.homm3.battle.neutrals import FIELD_TABLE
from rulekeeper.games.homm3.map import geometry, movement
from rulekeeper.games.homm3.map.exploration import LayTileStep
from rulekeeper.games.homm3.map.sieges import SiegeStep
from rulekeeper.games.homm3.scenario import shipped_scenario
from rulekeeper.games.homm3.views import map_log, map_terminal, map_text, map_words

SCREEN = map_terminal.SCREEN


def plain(renderable: Any) -> str:
    """A renderable as the text a 100-column terminal shows."""
    console = Console(width=100, color_system=None, force_terminal=False)
    with console.capture() as captured:
        console.print(renderable)
    return captured.get()


def fresh(seed: int, difficulty: str = "normal") -> Any:
    """A new 2-player Clash game's state."""
    return game_of(difficulty).new_initial_state(seed)


@functools.cache
def game_of(difficulty: str) -> Any:
    return load_game("homm3", players=2, difficulty=difficulty)


@functools.cache
def short_game(rounds: int = 3, players: int = 2) -> Any:
    """A shipped Clash scenario cut to a few rounds (a whole game in a second)."""
    doc = dict(load_yaml(shipped_scenario(f"clash-{players}").read_text(encoding="utf-8"), "s"))
    doc["rounds"] = rounds
    doc["events"] = []  # timed for later rounds
    return load_game("homm3", players=players, scenario=doc)


def random_states(game: Any, seed: int, limit: int = 5000) -> Any:
    """Every state of a random game, each one yielded before its next action."""
    state = game.new_initial_state(seed)
    agents = [RandomAgent(seed * 10 + s) for s in range(game.num_players)]
    for _ in range(limit):
        if state.is_terminal():
            return
        yield state
        player = state.current_player()
        if player == CHANCE:
            state.resolve_chance()
        else:
            state.apply_action(agents[player].choose(state, player), player)


def to_moves(state: Any) -> int:
    """Take the first choice (draw, keep, ...) until the seat's turn offers moves; its seat."""
    while True:
        seat = state.current_player()
        legal = state.legal_actions(seat)
        if any(a.kind == "move" for a in legal):
            return int(seat)
        state.apply_action(legal[0], seat)


def test_the_screen_renders_every_step_and_never_shows_another_seats_hand() -> None:
    """Issue 24 §4, §5: the screen renders for every seat at every step of random 2- and
    3-player games, the map never wider than 100 columns; what a seat sees is unchanged when
    everything hidden from it (hands, decks, face-down tiles) is dealt again."""
    checked = 0
    for players, rounds, seed in ((2, 3, 1), (3, 2, 2)):
        for step, state in enumerate(random_states(short_game(rounds, players), seed)):
            for seat in range(players):
                drawn = SCREEN.render(state, seat)
                if step % 17 == 0:
                    before = plain(drawn)
                    other = state.resample(seat, random.Random(step))
                    assert plain(SCREEN.render(other, seat)) == before
                    checked += 1
            if not map_words.in_battle(state):
                width = max(len(line) for line in map_text.map_text(state).plain.splitlines())
                assert width <= 100
    assert checked > 10


def test_the_map_shows_fog_heroes_towns_and_guards() -> None:
    """Issue 24 §5, homm3.md §5.1, §5.23: face-down tiles show the kind on their back, each
    hero stands on its field, the towns show their faction, a guarded field its numeral."""
    state = fresh(3)
    text = map_text.map_text(state, width=None).plain
    assert "~N~" in text and "~C~" in text  # the Near and Center tiles lie face down
    assert "@Cath" in text and "@Alam" in text
    assert "TC" in text and "TD" in text
    assert "!1" in text  # the Starting tiles' guards, Field Difficulty I
    for down in state.face_down:
        assert down.at in text  # a face-down slot is named by its centre, for 'reveal'


def test_a_move_into_a_guarded_field_is_previewed_with_its_difficulty_and_draw() -> None:
    """homm3.md §5.2, §5.23 (issue 24 §5): before a move the preview states its MP, the
    guard's Field Difficulty and how many neutral units of each tier the Field Difficulty
    Table draws at the scenario's difficulty."""
    state = fresh(1, difficulty="hard")
    seat = to_moves(state)
    moves = [a for a in state.legal_actions(seat) if a.kind == "move"]
    guarded = [a for a in moves if movement.guarded(state, str(a.get("to")))]
    assert guarded
    action = guarded[0]
    level = movement.guarded(state, str(action.get("to")))
    shown = SCREEN.preview(state, seat, action)
    assert shown is not None
    assert f"Field Difficulty {level}" in shown and "1 MP (2 left after)" in shown
    bronze = FIELD_TABLE[level][2].count("B")  # hard
    assert f"{bronze} Bronze neutral unit" in shown
    assert "hard difficulty" in shown


def test_a_move_onto_an_enemy_hero_is_previewed_as_a_fight_against_that_hero() -> None:
    """homm3.md §5.18 (issue 24 §5): a move onto an enemy hero's field is a fight against
    that hero, named in the preview with its Level and army."""
    state = fresh(1)
    seat = to_moves(state)
    mine = next(h for h in state.heroes if h.seat == seat)
    enemy = next(h for h in state.heroes if h.seat != seat)
    spots = state.tilemap().spots
    free = next(
        hex_key(h)
        for h in neighbours(key_hex(mine.field))
        if h in spots and not spots[h].field.blocked
    )
    enemy.field = free
    action = Action.of("move", hero=mine.id, to=free)
    assert action in state.legal_actions(seat)
    shown = SCREEN.preview(state, seat, action)
    assert shown is not None and "a fight against Alamar of Dungeon" in shown


def test_a_siege_is_previewed_and_its_defender_told_what_it_decides() -> None:
    """homm3.md §5.14.4 (issue 24 §5): a move into an enemy town no hero defends is previewed
    as a siege (its owner may pay 8 Gold to transport its army); the owner's screen says so."""
    state = fresh(1)
    seat = to_moves(state)
    mine = next(h for h in state.heroes if h.seat == seat)
    enemy = next(h for h in state.heroes if h.seat != seat)
    town = next(t for t in state.towns if t.owner == enemy.seat)
    spots = state.tilemap().spots
    around = [
        hex_key(h)
        for h in neighbours(key_hex(town.field))
        if h in spots and not spots[h].field.blocked
    ]
    mine.field, enemy.field = around[0], around[1]
    shown = map_terminal.move_preview(state, seat, Action.of("move", hero=mine.id, to=town.field))
    assert shown is not None and "a siege" in shown and "8 Gold" in shown
    assert ", a siege" in state.describe(Action.of("move", hero=mine.id, to=town.field))
    state.flow.push(SiegeStep(hero=mine.id, field=town.field, owner=enemy.seat))
    drawn = plain(SCREEN.render(state, enemy.seat))
    assert f"besieges ({town.field})" in drawn


def test_moves_are_told_by_name_and_typed_by_coordinates() -> None:
    """Issue 24 §5: a move names its hero and its field's location, and the coordinates the
    map prints select it (``move -6,1``)."""
    state = fresh(1)
    seat = to_moves(state)
    move = next(a for a in state.legal_actions(seat) if a.kind == "move")
    said = state.describe(move)
    pack: Any = state.game.pack
    assert said.startswith(pack.heroes[str(move.get("hero"))].name)
    assert f"({move.get('to')})" in said and "move hero=" not in said
    answer = commands.interpret(state, seat, f"moves {move.get('to')}")
    assert answer.action == move


def test_the_log_names_heroes_factions_places_tiles_and_units() -> None:
    """Issue 24 §5: the log says heroes, factions, places, tiles and units by name, never by
    id, the fights' own lines told by the combat's log."""
    game = short_game(4)
    lines: list[str] = []
    seen = 0
    for state in random_states(game, 4):
        found, seen = map_log.news(state, seen)
        lines += found
    text = "\n".join(lines)
    assert "Castle's turn begins" in text and "Dungeon's turn begins" in text
    assert "Catherine moves from" in text
    assert "The battle begins" in text and " activate at " in text
    assert "catherine" not in text and "halberdiers" not in text
    assert any("Mine" in line or "Town" in line for line in lines)


def test_an_event_the_log_does_not_know_is_told_with_its_ids_named() -> None:
    """Issue 24 §5: an event kind the log has no sentence for (rules still being added) gets a
    generic line, its hero, field and cards named, never an error."""
    state = fresh(1)
    seen = state.events.last_seq
    state.events.append("new-thing", {"hero": "catherine", "field": "-5,1", "card": "attack"})
    lines, _ = map_log.news(state, seen)
    assert lines == ["New thing: hero Catherine, field (-5,1) Castle Town, card Attack"]


def test_the_log_asked_once_tells_past_fights_with_their_units() -> None:
    """Issue 24 §5: a fight already over is told from its result (the units it lists), so the
    log read at the end of a game names every unit too."""
    fights: list[str] = []
    for seed in range(6, 12):
        state = list(random_states(short_game(3), seed))[-1]
        lines, _ = map_log.news(state, 0)
        fights += [line for line in lines if line.startswith("  ")]
        if fights:
            break
    assert fights and any(" activate at " in line for line in fights)
    assert not any("-neutral" in line for line in fights)


def test_choices_of_the_board_data_are_told_by_what_they_give() -> None:
    """homm3.md §5.23, §3 (issue 24 §5): a Starting Bonus option is told by what it gives (the
    board data of the game's difficulty), not by its number."""
    state = fresh(1)
    seat = state.current_player()
    bonuses = [a for a in state.legal_actions(seat) if a.kind == "bonus"]
    assert bonuses
    said = [state.describe(a) for a in bonuses]
    assert all(s.startswith("Starting Bonus: ") and "option" not in s for s in said)
    assert len(set(said)) == len(said)


def test_a_tile_to_lay_is_marked_and_its_rotations_previewed() -> None:
    """homm3.md §5.1 (issue 24 §5): while a tile is laid, its slots are marked on the map and
    each rotation's preview draws the map with the tile laid so."""
    state = fresh(1)
    seat = to_moves(state)
    hero = next(h for h in state.heroes if h.seat == seat)
    occupied = geometry.occupied_slots(state.tilemap(), [d.at for d in state.face_down])
    slot = hex_key(next(s for s in geometry.neighbour_slots(hero.field) if s not in occupied))
    tile = state.players[seat].far_pool[-1]
    top = LayTileStep(seat=seat, tile=tile, hero=hero.id, slots=[slot], rotations=[[0, 1]])
    state.flow.push(top)
    drawn = plain(SCREEN.render(state, seat))
    assert f"Lay tile {tile}" in drawn
    marked = map_text.map_text(state, marks={slot: tile}, width=None).plain
    assert tile in marked and "*" in marked and marked in drawn
    action = state.legal_actions(seat)[0]
    shown = SCREEN.preview(state, seat, action)
    assert shown is not None and "the map would be" in shown
    assert slot in shown and tile in state.describe(action)


def test_a_die_face_is_told_in_resources() -> None:
    """homm3.md §5.13.2 (issue 24 §5): a Resource die's face in words, as kept or rolled."""
    assert map_words.face_words("3-gold") == "3 Gold"
    assert map_words.face_words("2-materials") == "2 Building Materials"
    state = fresh(4)
    keep = Action.of("keep", face="1-valuables")
    assert state.describe(keep) == "keep the die showing 1 Valuables"


def test_in_a_fight_the_combat_board_shows_and_the_map_commands_still_answer() -> None:
    """Issue 24 §5: during a fight the screen is the combat's board, headed by where the fight
    is and whom against (and who plays the neutral units, homm3.md §8.42); ``card UNIT`` is the
    combat's command, ``map`` and ``town`` the map's."""
    for state in random_states(short_game(3), 1):
        if map_words.in_battle(state):
            break
    else:
        raise AssertionError("no fight in the game")
    seat = state.current_player()
    drawn = plain(SCREEN.render(state, seat))
    assert drawn.startswith("Fight at (") and "(row 1: the attacker's back line" in drawn
    assert "Signs:" in (map_terminal.command(state, seat, "map") or "")
    neutral = [a.seat for a in state.battle.armies if a.kind == "neutral"]
    if neutral:  # §8.42: another player plays the neutral units, and is told so
        assert "You play the neutral units" in plain(SCREEN.render(state, neutral[0]))
    unit = next(iter(state.battle.units.values()))
    named = state.game.pack.unit(unit.card).name
    assert named in (map_terminal.command(state, seat, f"card {named}") or "")


def test_field_town_and_map_commands() -> None:
    """Issue 24 §5: ``field Q,R`` tells a field's location and guard, ``town`` the buildings
    built and to build with their costs, what each waits for (the Dwelling order, homm3.md
    §5.14.1) and what may be recruited (towns.yaml)."""
    state = fresh(1)
    seat = state.current_player()
    town = next(t for t in state.towns if t.owner == seat)
    said = map_terminal.command(state, seat, f"field {town.field}")
    assert said is not None and "Town" in said
    panel = map_terminal.command(state, seat, "town")
    assert panel is not None and "to build: " in panel and "recruit: " in panel
    assert "City Hall (10 G 4 BM)" in panel
    printed = state.game.pack.towns[town.faction]
    second, third = printed.building("dwelling-2"), printed.building("dwelling-3")
    assert f", after {second.name})" in panel  # the Level 3 Dwelling waits for Level 2
    assert f"{third.name} (" in panel
    whole = map_terminal.command(state, seat, "map")
    assert whole is not None and "Signs:" in whole
    assert map_terminal.command(state, seat, "field nowhere") is not None
    assert map_terminal.command(state, seat, "move somewhere") is None


NOISE = ["help", "map", "town", "cards", "field 0,0", "why 0", "odds 0", "log", "list", "²"]


def test_a_person_plays_a_whole_game_against_a_bot_at_the_terminal(tmp_path: Path) -> None:
    """Issue 24 §5: a whole 2-player game, a person against the random bot through the play
    loop, with commands, undos and nonsense typed; it ends with a result, and the saved game
    resumes where it was."""
    session = Session(short_game(2).new_initial_state(seed=5), tmp_path / "game.json")
    monkey = Monkey(5, NOISE, undo=0.03)
    console = Console(record=True, width=100)
    client = Client(console, session, {1: RandomAgent(9)}, {0}, screen_for("homm3"), monkey)
    monkey.client = client
    final = client.run()
    assert final.is_terminal() and monkey.typed > 10
    said = console.export_text()
    assert "undone" in said or "nothing to undo" in said
    assert "Your hand" in said and "Map: " in said
    session.save()
    again = Session.resume(tmp_path / "game.json")
    assert again.state.serialize() == final.serialize()


def test_rulekeeper_play_homm3_runs_a_scenario_file_to_its_end(tmp_path: Path) -> None:
    """Issue 24 §5: ``rulekeeper play homm3 --scenario FILE --players human,random`` through
    the one play loop: the map screen, the menu in words, a move previewed and confirmed,
    then ``quit``; the saved game resumes with bots to a result."""
    doc = dict(load_yaml(shipped_scenario("clash-2").read_text(encoding="utf-8"), "s"))
    doc.update(rounds=2, events=[])
    scenario = tmp_path / "short.yaml"
    scenario.write_text(json.dumps(doc), encoding="utf-8")
    save = tmp_path / "game.json"
    args = ["play", "homm3", "--scenario", str(scenario), "--seed", "2", "--save", str(save)]
    typed = "\n".join(["0"] * 6 + ["q", "y"]) + "\n"
    left = CliRunner().invoke(app, [*args, "--players", "human,random"], input=typed)
    assert left.exit_code == 0, left.output
    assert "Signs:" in left.output and "Your hand" in left.output
    resumed = CliRunner().invoke(app, ["play", "--resume", str(save), "--players", "random"])
    assert resumed.exit_code == 0, resumed.output
    assert "wins (" in resumed.output or "A draw" in resumed.output


def test_hotseat_hides_the_screen_until_its_player_is_there() -> None:
    """Issue 24 §5: with two people at one keyboard, each decision starts with the hand-over
    (the other player looks away) before the screen with the hand is drawn."""
    session = Session(short_game(2).new_initial_state(seed=2))

    class Scripted(LineReader):
        asked = 0

        def read(self, prompt: str, choices: object = ()) -> str:
            if "press Enter" in prompt:
                return ""
            if "[Y/n]" in prompt or "[y/N]" in prompt:
                return "y"
            self.asked += 1
            if self.asked > 12:
                raise SystemExit
            return "0"

    console = Console(record=True, width=100)
    client = Client(console, session, {}, {0, 1}, SCREEN, Scripted(interactive=False))
    with contextlib.suppress(SystemExit):
        client.run()
    said = console.export_text()
    assert said.count("look away") >= 2
    first = said.index("look away")
    assert "Your hand" not in said[:first] and "Your hand" in said[first:]


def test_why_and_undo_work_on_the_map() -> None:
    """Issue 24 §5: ``why`` names the rule that refuses a move; undo takes a move back."""
    session = Session(fresh(1))
    while True:
        seat = session.state.current_player()
        legal = session.state.legal_actions(seat)
        if any(a.kind == "move" for a in legal):
            break
        session.apply(legal[0], seat)
    state: Any = session.state
    mine = next(h for h in state.heroes if h.seat == seat)
    far = Action.of("move", hero=mine.id, to="0,0")
    said = commands.explain(state, seat, far, None)
    assert "not allowed" in said and "homm3.md §5.2" in said
    move = next(a for a in state.legal_actions(seat) if a.kind == "move")
    before = mine.field
    session.apply(move, seat)
    session.undo(seat)
    undone: Any = session.state
    assert next(h for h in undone.heroes if h.id == mine.id).field == before
