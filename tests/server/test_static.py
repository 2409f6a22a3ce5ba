"""The browser UI's files (issue 10): served by the server itself, nothing loaded from elsewhere,
and no user text ever written as markup; the plug-ins' board scripts and styles (issue 22 §3)
served from their own packages at ``/plugins/<name>/``, held to the same rules."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from fastapi.testclient import TestClient

from rulekeeper.core.registry import default_registry

STATIC = resources.files("rulekeeper.server") / "static"
FILES = (
    "index.html",
    "style.css",
    "app.js",
    "api.js",
    "boards.js",
    "dom.js",
    "generic.js",
    "log.js",
    "replay.js",
)


def plugin_folders() -> dict[str, Path]:
    """Each installed plug-in's static folder, by plug-in name."""
    found = {}
    for name, plugin in default_registry.plugins().items():
        folder = plugin.static_folder()
        if folder is not None:
            found[name] = folder
    return found


def plugin_texts() -> dict[str, str]:
    """Every web file of the plug-ins, as ``/plugins/<name>/<file>``."""
    return {
        f"/plugins/{name}/{entry.name}": entry.read_text(encoding="utf-8")
        for name, folder in plugin_folders().items()
        for entry in folder.iterdir()
        if entry.name.endswith((".html", ".css", ".js"))
    }


def texts() -> dict[str, str]:
    """Every file of the UI by name, the plug-ins' by their address."""
    own = {
        entry.name: entry.read_text(encoding="utf-8")
        for entry in STATIC.iterdir()
        if entry.name.endswith((".html", ".css", ".js"))
    }
    return {**own, **plugin_texts()}


def test_the_ui_files_are_there() -> None:
    found = texts()
    assert set(FILES) <= set(found)


def test_nothing_is_loaded_from_another_server() -> None:
    """No CDN, no web fonts, no script or style from elsewhere: every address is local."""
    for name, text in texts().items():
        assert not re.search(r"""(src|href)\s*=\s*["'](https?:)?//""", text), name
        assert "@import" not in text and "url(http" not in text, name
        assert not re.search(r"""\bimport\b[^;]*from\s+["'](https?:)?//""", text), name


def test_the_modules_import_only_each_other() -> None:
    names = set(texts())
    for name, text in texts().items():
        if not name.endswith(".js"):
            continue
        for target in re.findall(r"""from\s+["']\./([\w.-]+)["']""", text):
            here = name.rpartition("/")[0]
            assert (f"{here}/{target}" if here else target) in names, f"{name} imports {target}"
        for target in re.findall(r"""from\s+["']/static/([\w.-]+)["']""", text):
            assert target in names, f"{name} imports /static/{target}, which is not there"


def test_no_text_becomes_markup() -> None:
    """Names people typed are shown as text: no innerHTML and the like anywhere."""
    for name, text in texts().items():
        if name.endswith(".js"):
            for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
                assert sink not in text, f"{name} uses {sink}"


def test_the_server_serves_the_page_and_its_modules(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "/static/app.js" in page.text
    for name in FILES:
        answer = client.get(f"/static/{name}")
        assert answer.status_code == 200, name
    script = client.get("/static/app.js")
    assert "javascript" in script.headers["content-type"]


def test_each_plugin_serves_its_board_script_and_styles(client: TestClient) -> None:
    """issue 22 §3: a game's board script lives in its package's static folder, served at
    ``/plugins/<plug-in>/``; the shared modules it imports are the server's (absolute URLs),
    and the board script the catalog names for a game is one the server answers."""
    served = plugin_texts()
    assert "/plugins/battleground/battleground.js" in served
    assert "/plugins/battleground/battleground.css" in served
    for address in served:
        answer = client.get(address)
        assert answer.status_code == 200, address
    script = client.get("/plugins/battleground/battleground.js")
    assert "javascript" in script.headers["content-type"]
    assert "export function createView(" in script.text
    assert client.get("/plugins/battleground/../app.py").status_code == 404
    for game in client.get("/api/catalog").json()["games"]:
        if game["board_script"] is not None:
            assert game["board"] and client.get(game["board_script"]).status_code == 200


def test_no_file_of_the_server_names_a_game() -> None:
    """issue 22 §3: the server, its pages, scripts and styles included, names no game: what it
    shows of a game comes from the game's declaration."""
    folder = Path(str(resources.files("rulekeeper.server")))
    for path in folder.rglob("*"):
        if path.is_file() and path.suffix in (".py", ".js", ".css", ".html", ".json"):
            text = path.read_text(encoding="utf-8").lower()
            for name in ("battleground", "homm3", "eternia"):
                assert name not in text, f"{path.relative_to(folder)} names {name}"
