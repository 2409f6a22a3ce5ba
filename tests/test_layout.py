"""The layout rules of the code base (issue 6 §3, issue 21 §2): no import cycle anywhere in
``src/rulekeeper`` (imports under ``TYPE_CHECKING`` and inside functions count too), no import
inside a function but the few allowed below (each with its reason), no module over 600 lines,
no game named in ``rulekeeper.core``, no rule dispatched by method names built from strings.

The one way around a cycle is a ``typing.Protocol``: a module that defines nothing but
Protocol classes (and type aliases, TypeVars, ``__all__``) fixes an interface, not an
implementation, so importing it is not counted as depending on anything (:func:`protocol_only`).

Parts that another area still owes are marked ``xfail(strict=True)``, so they turn into
failures the day they are untangled and the mark can go."""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulekeeper.core.game import Game
from rulekeeper.core.registry import ENTRY_POINTS, default_registry, installed_games

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "rulekeeper"
GAMES = PACKAGE / "games"
MAX_LINES = 600
GAME_NAMES = re.compile(r"battleground|homm3|eternia", re.IGNORECASE)


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules(root: Path = PACKAGE) -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(root.rglob("*.py"))}


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import of a module: at top level, under ``if TYPE_CHECKING``, inside functions."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node


def _targets(
    node: ast.Import | ast.ImportFrom, name: str, path: Path, modules: set[str]
) -> set[str]:
    """The modules of *modules* that *node* (in module *name*, file *path*) imports."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        base = node.module or ""
        if node.level:
            anchor = package.split(".")
            anchor = anchor[: len(anchor) - node.level + 1]
            base = ".".join([*anchor, base] if base else anchor)
        names = [f"{base}.{alias.name}" for alias in node.names]
    found = set()
    for target in names:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)
    return found


def protocol_only(tree: ast.Module) -> bool:
    """Whether a module defines nothing but ``typing.Protocol`` classes: besides them only its
    docstring, imports, ``__all__``, TypeVars and type aliases."""
    protocols = 0
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            bases = [ast.unparse(b).partition("[")[0] for b in node.bases]
            if not any(b in ("Protocol", "typing.Protocol") for b in bases):
                return False
            protocols += 1
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # a docstring
        elif isinstance(node, ast.Import | ast.ImportFrom) or (
            isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        ):
            continue
        elif not _declares_a_type(node):
            return False
    return protocols > 0


def _declares_a_type(node: ast.stmt) -> bool:
    """Whether *node* is ``__all__ = ...``, a TypeVar or a type alias."""
    if isinstance(node, ast.AnnAssign):
        return "TypeAlias" in ast.unparse(node.annotation)
    if not isinstance(node, ast.Assign):
        return False
    value = ast.unparse(node.value)
    return ast.unparse(node.targets[0]) == "__all__" or value.startswith(
        ("TypeVar(", "typing.TypeVar(")
    )


Trees = dict[str, tuple[Path, ast.Module]]


@pytest.fixture(scope="module")
def trees() -> Trees:
    """Every module of src/rulekeeper by name: its file and its syntax tree (parsed once)."""
    return {
        name: (path, ast.parse(path.read_text(encoding="utf-8")))
        for name, path in _modules().items()
    }


@pytest.fixture(scope="module")
def graph(trees: Trees) -> dict[str, set[str]]:
    """Module -> the modules it imports (any import; none into a Protocol-only module)."""
    modules = {name: path for name, (path, _) in trees.items()}
    protocols = {name for name, (_, tree) in trees.items() if protocol_only(tree)}
    found: dict[str, set[str]] = {name: set() for name in modules}
    for name, (path, tree) in trees.items():
        for node in _imports(tree):
            found[name] |= _targets(node, name, path, set(modules)) - protocols
    return found


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def _knots(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of *graph* with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    knots: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            knot = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                knot.add(top)
                if top == node:
                    break
            if len(knot) > 1:
                knots.append(knot)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return knots


AREAS = {
    "core": "rulekeeper.core",
    "server": "rulekeeper.server",
    "cli": "rulekeeper.cli",
    "battleground.board": "rulekeeper.games.battleground.board",
    "battleground.content": "rulekeeper.games.battleground.content",
    "battleground": "rulekeeper.games.battleground",
    "homm3.combat": "rulekeeper.games.homm3.combat",
    "homm3": "rulekeeper.games.homm3",
    "rest": "rulekeeper",
}
"""Where a module belongs: the first area whose package holds it."""


def _area(module: str) -> str:
    for area, package in AREAS.items():
        if module == package or module.startswith(package + "."):
            return area
    raise AssertionError(f"{module} is in no area")


def _owed(area: str, why: str) -> object:
    """An area's check marked as owed by its area (strict: it fails the day it passes)."""
    return pytest.param(area, marks=pytest.mark.xfail(strict=True, reason=f"issue 21 §2: {why}"))


CYCLE_AREAS = [
    "core",
    "server",
    "cli",
    "battleground.board",
    "battleground.content",
    "battleground",
    "homm3.combat",
    "homm3",
    "rest",
]


@pytest.mark.parametrize("area", CYCLE_AREAS)
def test_no_import_cycle(area: str, graph: dict[str, set[str]]) -> None:
    """Issue 21 §2: no import cycle through a module of *area*, at run time, under
    ``TYPE_CHECKING`` or inside a function (a Protocol-only module breaks a cycle)."""
    knots = [k for k in _knots(graph) if any(_area(m) == area for m in k)]
    assert not knots, "import cycles: " + "; ".join(" <-> ".join(sorted(k)) for k in knots)


def test_game_and_state_and_the_bots_do_not_import_each_other(graph: dict[str, set[str]]) -> None:
    """Issue 21 §1 Agents, §2: core/agents.py and core/mcts.py share core/lookahead.py; a state
    names its game through the Protocol of core/gamelike.py, so only core/game.py imports
    core/state.py."""
    core = "rulekeeper.core."
    assert (
        core + "mcts" not in graph[core + "agents"] or core + "agents" not in graph[core + "mcts"]
    )
    assert core + "game" not in graph[core + "state"]
    assert core + "gamelike" not in graph[core + "state"]  # a Protocol-only module: not an edge
    for knot in _knots(graph):
        assert not {core + "game", core + "state"} <= knot, knot
        assert not {core + "agents", core + "mcts"} <= knot, knot


def test_game_packages_have_no_import_cycles_at_run_time() -> None:
    """Issue 6 §3: every module of a game package can be read after the ones it imports (at
    run time: top-level imports outside ``TYPE_CHECKING``)."""
    cycle = _cycle(_runtime_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def _runtime_graph() -> dict[str, set[str]]:
    """The game packages' imports that run when a module loads (top level, not
    ``TYPE_CHECKING``)."""
    modules = _modules(GAMES)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in _top_level_imports(tree):
            graph[name] |= _targets(node, name, path, set(modules))
    return graph


def _top_level_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Imports run when the module loads: at top level, not under ``if TYPE_CHECKING``."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif (
            isinstance(node, ast.If) and "TYPE_CHECKING" not in ast.unparse(node.test)
        ) or isinstance(node, ast.Try):
            found.extend(n for n in node.body if isinstance(n, ast.Import | ast.ImportFrom))
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
    assert _knots({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [{"a", "b"}]


def test_a_protocol_only_module_is_recognised() -> None:
    """Issue 21 §2: what counts as a Protocol-only module (the one way through a cycle)."""
    only = ast.parse(
        '"""Doc."""\nfrom typing import Protocol, TypeVar\n__all__ = ["P"]\nT = TypeVar("T")\n'
        "class P(Protocol):\n    def f(self) -> int: ...\n"
    )
    assert protocol_only(only)
    with_a_value = "from typing import Protocol\nX = 1\nclass P(Protocol): ...\n"
    assert not protocol_only(ast.parse(with_a_value))
    assert not protocol_only(ast.parse("from typing import Protocol\n"))
    assert not protocol_only(ast.parse("class C:\n    pass\n"))


# --- imports inside functions ---------------------------------------------------------------

LOCAL_IMPORTS = {
    ("rulekeeper.core.tournament", "matplotlib"): "matplotlib is heavy: loaded only to plot",
    ("rulekeeper.cli.odds", "matplotlib"): "matplotlib is heavy: loaded only to plot",
    ("rulekeeper.cli.serve", "uvicorn"): "the web server is loaded only by `serve`",
    ("rulekeeper.cli.serve", "rulekeeper.server"): "the web server is loaded only by `serve`",
    ("rulekeeper.cli.prompt", "prompt_toolkit"): "loaded only for an interactive terminal",
}
"""(module, imported package) -> why that import is inside a function."""


def _local_imports(area: str, trees: Trees) -> list[str]:
    """The imports inside functions of the modules of *area* that are not allowed."""
    found = []
    for name, (_, tree) in trees.items():
        if _area(name) != area:
            continue
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import | ast.ImportFrom) and not _allowed(name, node):
                    found.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
    return sorted(set(found))


def _allowed(module: str, node: ast.Import | ast.ImportFrom) -> bool:
    """Whether every module *node* (inside a function of *module*) imports is allowed there."""
    return all(_exceptions_for(module, target) for target in _imported(node))


def _imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules an import names (a relative one by its own name: none is allowed)."""
    return [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]


def _exceptions_for(module: str, target: str) -> set[tuple[str, str]]:
    """The keys of LOCAL_IMPORTS that allow *module* to import *target* inside a function."""
    return {
        (allowed, package)
        for allowed, package in LOCAL_IMPORTS
        if module == allowed and (target == package or target.startswith(package + "."))
    }


LOCAL_AREAS = [
    "core",
    "server",
    "cli",
    "battleground.board",
    "battleground.content",
    "battleground",
    "homm3.combat",
    "homm3",
    "rest",
]


@pytest.mark.parametrize("area", LOCAL_AREAS)
def test_no_function_local_imports(area: str, trees: Trees) -> None:
    """Issue 21 §2: modules import what they use at module level (LOCAL_IMPORTS: the few
    exceptions, each with its reason)."""
    found = _local_imports(area, trees)
    assert not found, "imports inside functions:\n" + "\n".join(found)


def test_every_allowed_local_import_is_still_there(trees: Trees) -> None:
    """Issue 21 §2: LOCAL_IMPORTS holds no exception that is no longer needed."""
    used = set()
    for name, (_, tree) in trees.items():
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                for node in ast.walk(function):
                    if isinstance(node, ast.Import | ast.ImportFrom):
                        for target in _imported(node):
                            used |= _exceptions_for(name, target)
    assert not set(LOCAL_IMPORTS) - used, f"stale exceptions: {set(LOCAL_IMPORTS) - used}"


# --- sizes and names --------------------------------------------------------------------------


def test_no_module_is_over_600_lines() -> None:
    """Issue 21 §2: no Python module in src/ over 600 lines."""
    long = {
        _module_name(path): lines
        for path in sorted(PACKAGE.rglob("*.py"))
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"modules over {MAX_LINES} lines: {long}"


def test_the_core_names_no_game() -> None:
    """Issue 21 §1 Agents: no game is named in rulekeeper.core, in code or in its docstrings
    and comments (a game declares itself: entry points, ``Game.bots``, ``Game.bot_logic``)."""
    named = [
        f"{path.relative_to(SRC)}:{number}: {line.strip()}"
        for path in sorted((PACKAGE / "core").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if GAME_NAMES.search(line)
    ]
    assert not named, "game names in the core:\n" + "\n".join(named)


def test_the_name_checks_catch_what_they_forbid() -> None:
    assert GAME_NAMES.search('LEGACY = "rulekeeper.games.battleground.agents"')
    assert GAME_NAMES.search("a HoMM3 battle")
    assert not GAME_NAMES.search("a game's own bots")


def test_games_are_declared_by_entry_points() -> None:
    """Issue 21 §2, issue 22 §1: the registry finds the shipped games through the entry points
    of pyproject.toml (no table in the core); each entry names a plug-in declaration, and each
    game it declares names a Game class of that name."""
    declared = tomllib.loads((SRC.parent / "pyproject.toml").read_text(encoding="utf-8"))
    entries = declared["project"]["entry-points"][ENTRY_POINTS]
    installed = installed_games()  # the tests' toy plug-in too (tests/plugins/toy)
    assert {name: installed.get(name) for name in entries} == entries  # the project's own
    plugins = default_registry.plugins()
    assert default_registry.problems() == {}
    for name in entries:
        assert plugins[name].name == name
        for info in plugins[name].games:
            game_class = default_registry.get(info.name)
            assert issubclass(game_class, Game)
            assert game_class.name == info.name


_STRING_DISPATCH = re.compile(r"getattr\([^)]*[\"'][a-z_]*[\"']\s*\+")


@pytest.mark.parametrize("path", sorted(GAMES.rglob("*.py")), ids=lambda p: _module_name(p))
def test_no_dispatch_by_names_built_from_strings(path: Path) -> None:
    """Issue 6 §1: no rule is found by building a method name from a string."""
    text = path.read_text(encoding="utf-8")
    assert not _STRING_DISPATCH.search(text), f"{path.name} dispatches by built names"


def test_the_dispatch_pattern_matches_what_it_forbids() -> None:
    assert _STRING_DISPATCH.search('getattr(self, "_legal_" + kind)')
    assert not _STRING_DISPATCH.search("getattr(card, name)")


def test_test_modules_have_unique_basenames() -> None:
    """pytest imports test files without packages by basename: two ``test_x.py`` files collide."""
    tests = Path(__file__).resolve().parent
    seen: dict[str, Path] = {}
    clashes = []
    for path in sorted(tests.rglob("*.py")):
        if path.name in seen and path.name != "conftest.py":
            clashes.append(f"{seen[path.name].relative_to(tests)} and {path.relative_to(tests)}")
        seen.setdefault(path.name, path)
    assert not clashes, "test modules sharing a name: " + "; ".join(clashes)
