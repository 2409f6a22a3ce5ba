import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from toy_game import ToyGame

import rulekeeper
from rulekeeper.core import DataError, Game, GameRegistry, UnknownGameError, list_games, load_game
from rulekeeper.core.jsonvalue import JsonObject


class OtherToy(Game):
    name = "toy_duel"  # clashes with ToyGame
    state_class = ToyGame.state_class

    @property
    def num_players(self) -> int:
        return 2


class NoParams(Game):
    name = "no_params"
    state_class = ToyGame.state_class

    @property
    def num_players(self) -> int:
        return 2


def test_top_level_reexports() -> None:
    assert rulekeeper.load_game is load_game
    assert rulekeeper.list_games is list_games
    assert callable(rulekeeper.register_game)
    assert isinstance(rulekeeper.__version__, str)


def test_toy_game_is_registered_and_loadable() -> None:
    assert "toy_duel" in list_games()
    game = load_game("toy_duel", rounds=2)
    assert isinstance(game, ToyGame)
    assert game.params == {
        "rounds": 2,
        "hand_size": 3,
        "redraw": False,
        "referee": False,
        "coop": False,
    }


def test_duplicate_names_rejected_but_reregistering_same_class_is_harmless() -> None:
    registry = GameRegistry()
    registry.register(ToyGame)
    registry.register(ToyGame)
    with pytest.raises(ValueError, match="already registered"):
        registry.register(OtherToy)
    assert registry.get("toy_duel") is ToyGame


def test_register_rejects_non_games_and_nameless_games() -> None:
    registry = GameRegistry()
    with pytest.raises(TypeError):
        registry.register(int)  # type: ignore[type-var]

    class Nameless(NoParams):
        name = ""

    with pytest.raises(ValueError, match="name"):
        registry.register(Nameless)


def test_unknown_game_lists_known_games() -> None:
    registry = GameRegistry({"later": "nowhere.at.all:Later"})
    registry.register(ToyGame)
    with pytest.raises(UnknownGameError) as info:
        registry.get("chess")
    message = str(info.value)
    assert "chess" in message and "toy_duel" in message and "later" in message
    with pytest.raises(UnknownGameError, match="known games"):
        load_game("no_such_game")


def test_lazy_entry_with_missing_module_gives_clear_error() -> None:
    registry = GameRegistry({"future": "rulekeeper.games.not_written_yet.game:FutureGame"})
    assert registry.known_names() == ["future"]
    assert registry.available() == []
    with pytest.raises(UnknownGameError, match="not available"):
        registry.get("future")


def test_lazy_entry_imports_on_demand(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "lazy_toy_mod.py").write_text(
        textwrap.dedent(
            """
            from toy_game import ToyGame

            class LazyToy(ToyGame):
                name = "lazy_toy"
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = GameRegistry({"lazy_toy": "lazy_toy_mod:LazyToy"})
    assert "lazy_toy_mod" not in sys.modules
    assert registry.available() == ["lazy_toy"]
    assert "lazy_toy_mod" not in sys.modules  # listing does not import
    game = registry.load("lazy_toy", rounds=1)
    assert type(game).__name__ == "LazyToy"
    assert registry.get("lazy_toy") is type(game)
    monkeypatch.delitem(sys.modules, "lazy_toy_mod")


def test_lazy_entry_with_missing_class(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "lazy_empty_mod.py").write_text("X = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = GameRegistry({"empty": "lazy_empty_mod:Missing", "notgame": "lazy_empty_mod:X"})
    with pytest.raises(UnknownGameError, match="Missing"):
        registry.get("empty")
    with pytest.raises(UnknownGameError, match="X"):
        registry.get("notgame")
    monkeypatch.delitem(sys.modules, "lazy_empty_mod")


def test_broken_game_module_is_not_mistaken_for_a_missing_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A game whose own dependency is missing is a bug to surface, not "not installed".
    (tmp_path / "lazy_broken_mod.py").write_text("import surely_missing_dependency_xyz\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = GameRegistry({"broken": "lazy_broken_mod:Broken"})
    with pytest.raises(ModuleNotFoundError, match="surely_missing_dependency_xyz"):
        registry.get("broken")


def test_importing_rulekeeper_does_not_import_games() -> None:
    code = (
        "import sys, rulekeeper\nprint(any(m.startswith('rulekeeper.games') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_game_parameters_are_validated_with_the_parameter_named() -> None:
    with pytest.raises(DataError) as info:
        load_game("toy_duel", rounds=0)
    assert info.value.field == "rounds"
    with pytest.raises(DataError) as info:
        load_game("toy_duel", colour="red")
    assert info.value.field == "colour"
    with pytest.raises(DataError) as info:
        load_game("toy_duel", rounds=[1, {1}])
    assert info.value.field == "rounds"
    # The default validation accepts no parameters at all.
    assert NoParams().params == {}
    with pytest.raises(DataError, match="unknown parameter"):
        NoParams(typo=1)


def test_params_are_a_copy() -> None:
    game = load_game("toy_duel")
    params: JsonObject = game.params
    params["rounds"] = 99
    assert game.params["rounds"] == 3
