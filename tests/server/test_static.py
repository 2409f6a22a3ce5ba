"""The browser UI's files (issue 10): served by the server itself, nothing loaded from elsewhere,
and no user text ever written as markup."""

from __future__ import annotations

import re
from importlib import resources

from fastapi.testclient import TestClient

STATIC = resources.files("rulekeeper.server") / "static"
FILES = (
    "index.html",
    "style.css",
    "app.js",
    "api.js",
    "battleground.js",
    "generic.js",
    "log.js",
    "replay.js",
)


def texts() -> dict[str, str]:
    """Every file of the UI by name."""
    return {
        entry.name: entry.read_text(encoding="utf-8")
        for entry in STATIC.iterdir()
        if entry.name.endswith((".html", ".css", ".js"))
    }


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
            assert target in names, f"{name} imports {target}, which is not there"


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
