"""The core's toy game, as the core's tests import it (``from toy_game import ToyGame``).

The game itself is the toy plug-in's (tests/plugins/toy, the package ``rulekeeper_toy``): one
copy, installed like a third party's game, and found by ``load_game("toy_duel")`` through its
entry point (``./rk test`` installs it)."""

from __future__ import annotations

try:
    from rulekeeper_toy.duel import *  # noqa: F403  (the same names, one copy)
except ModuleNotFoundError as missing:  # a set-up error, said plainly
    raise ModuleNotFoundError(
        "the toy plug-in is not installed: ./rk test-fast installs it, or "
        "pip install -e tests/plugins/toy"
    ) from missing
