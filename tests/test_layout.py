"""The layout rules of the code base (issue 6 §3): game packages have no import cycles, dispatch
no rule by method names built from strings, and keep no hidden module-level caches."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
GAMES = SRC / "rulekeeper" / "games"


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(GAMES.rglob("*.py"))}


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


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in _top_level_imports(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                targets = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                    for alias in node.names
                ]
            for target in targets:
                if target in modules and target != name:
                    graph[name].add(target)
    return graph


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


def test_game_packages_have_no_import_cycles() -> None:
    """Issue 6 §3: every module of a game package can be read after the ones it imports."""
    cycle = _cycle(_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


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
