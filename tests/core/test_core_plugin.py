"""Issue 22 §1: a game package declares itself (core/plugin.py) and the registry reads the
declaration: games, parameters, views by reference, one broken declaration breaking none."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rulekeeper.core import DataError, GameRegistry, UnknownGameError
from rulekeeper.core.plugin import GameInfo, Param, Plugin, Screen, plain_news, resolve

DECLARATION = """
from rulekeeper.core.plugin import GameInfo, Param, Plugin

PLUGIN = Plugin(
    name="decl",
    games=(
        GameInfo(
            name="decl_duel",
            game="decl_game:DeclGame",
            description="a toy duel, declared",
            players=(2,),
            params=(Param("rounds", "int", "rounds", default=3, minimum=1, maximum=9),),
        ),
    ),
)
"""

GAME = """
from toy_game import ToyGame

class DeclGame(ToyGame):
    name = "decl_duel"
"""


@pytest.fixture
def declared(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> GameRegistry:
    (tmp_path / "decl_plugin.py").write_text(DECLARATION)
    (tmp_path / "decl_game.py").write_text(GAME)
    (tmp_path / "decl_broken.py").write_text("import surely_missing_dependency_xyz\n")
    (tmp_path / "decl_wrong.py").write_text("PLUGIN = 42\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield GameRegistry(
        plugins={
            "decl": "decl_plugin:PLUGIN",
            "broken": "decl_broken:PLUGIN",
            "wrong": "decl_wrong:PLUGIN",
        }
    )
    for module in ("decl_plugin", "decl_game", "decl_broken", "decl_wrong"):
        sys.modules.pop(module, None)


def test_a_declared_game_is_listed_without_importing_it(declared: GameRegistry) -> None:
    assert declared.available() == ["decl_duel"]
    assert "decl_game" not in sys.modules  # the declaration names the class; not imported
    info = declared.info("decl_duel")
    assert info.description == "a toy duel, declared"
    assert info.param("rounds") == Param("rounds", "int", "rounds", 3, minimum=1, maximum=9)
    assert declared.plugin_of("decl_duel") is declared.plugins()["decl"]


def test_a_declared_game_loads_by_its_name(declared: GameRegistry) -> None:
    game = declared.load("decl_duel", rounds=2)
    assert type(game).__name__ == "DeclGame"
    assert game.params["rounds"] == 2


def test_broken_declarations_are_reported_and_break_no_other(declared: GameRegistry) -> None:
    problems = declared.problems()
    assert set(problems) == {"broken", "wrong"}
    assert "surely_missing_dependency_xyz" in problems["broken"]
    assert "not a rulekeeper.core.plugin.Plugin" in problems["wrong"]
    assert declared.known_names() == ["decl_duel"]


def test_a_class_naming_another_game_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "misnamed_plugin.py").write_text(
        DECLARATION.replace('"decl"', '"misnamed"').replace(
            "decl_game:DeclGame", "toy_game:ToyGame"
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = GameRegistry(plugins={"misnamed": "misnamed_plugin:PLUGIN"})
    with pytest.raises(UnknownGameError, match="named 'toy_duel'"):
        registry.get("decl_duel")
    sys.modules.pop("misnamed_plugin", None)


def test_a_registered_class_gets_a_plain_declaration() -> None:
    from toy_game import ToyGame

    registry = GameRegistry()
    registry.register(ToyGame)
    info = registry.info("toy_duel")
    assert info.game == f"{ToyGame.__module__}:{ToyGame.__qualname__}"
    assert info.params == () and info.screen is None and info.board is None
    with pytest.raises(UnknownGameError, match="unknown game"):
        registry.info("no_such_game")


def test_a_plugin_added_in_a_test_is_declared(declared: GameRegistry) -> None:
    extra = Plugin(
        name="extra",
        games=(GameInfo("extra_duel", "toy_game:ToyGame", "another", (2,)),),
    )
    declared.add_plugin(extra)
    assert "extra_duel" in declared.available()
    with pytest.raises(ValueError, match="already declared"):
        declared.add_plugin(
            Plugin(name="again", games=(GameInfo("extra_duel", "x:Y", "clash", (2,)),))
        )


def test_params_parse_and_check_what_they_declare() -> None:
    rounds = Param("rounds", "int", "rounds", default=4, minimum=1, maximum=10)
    assert rounds.parse("3") == 3
    with pytest.raises(DataError, match="not a whole number"):
        rounds.parse("three")
    with pytest.raises(DataError, match="at most 10"):
        rounds.parse("11")
    setup = Param("setup", "str", "how", choices=("a", "b"))
    with pytest.raises(DataError, match="one of a, b"):
        setup.parse("c")
    flag = Param("coop", "bool", "together")
    assert flag.parse("yes") is True and flag.parse("0") is False
    assert rounds.to_json() == {
        "name": "rounds",
        "kind": "int",
        "help": "rounds",
        "default": 4,
        "minimum": 1,
        "maximum": 10,
    }


def test_a_file_param_names_its_format() -> None:
    with pytest.raises(ValueError, match="names its format"):
        Param("map", "file", "a map")
    with pytest.raises(ValueError, match="format must be one of"):
        Param("map", "file", "a map", format="picture")
    with pytest.raises(ValueError, match="declared twice"):
        GameInfo("g", "m:G", "d", (2,), params=(Param("a", "int", ""), Param("a", "int", "")))


def test_resolve_names_what_is_missing() -> None:
    assert resolve("rulekeeper.core.plugin:Plugin") is Plugin
    with pytest.raises(ImportError, match="no 'Nothing'"):
        resolve("rulekeeper.core.plugin:Nothing")


def test_a_screen_is_plain_data_and_the_generic_news_is_public() -> None:
    from toy_game import ToyGame

    state = ToyGame().new_initial_state(1)
    lines, last = plain_news(state, 0)
    assert last == state.events.last_seq
    assert all(isinstance(line, str) for line in lines)
    screen = Screen(render=str, news=plain_news, preview=lambda *_: None)
    assert screen.confirm == frozenset({"move", "attack"})


def test_reading_the_shipped_declarations_imports_no_game() -> None:
    """A declaration names everything by reference: listing the games imports nothing but the
    declarations (and the games' package ``__init__``, which import nothing themselves)."""
    code = (
        "import sys\n"
        "from rulekeeper.core.registry import default_registry as r\n"
        "names = r.available(); infos = [r.info(n) for n in names]\n"
        "loaded = [m for m in sys.modules if m.startswith('rulekeeper.games.')"
        " and m.count('.') > 2 and not m.endswith('.plugin')]\n"
        "print(len(names), sorted(loaded))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    count, loaded = out.stdout.split(" ", 1)
    assert int(count) >= 3
    assert loaded.strip() == "[]"
