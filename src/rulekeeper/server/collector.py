"""Python's cycle collector, tuned for a server that holds many games in memory.

Every so often the collector looks through every object of the process for reference cycles;
with a hundred games in play that took 100 to 300 ms, during which no game moved. The engine
makes no cycles (playing, cloning and drawing views free everything by reference counting;
tests/server/test_collector.py checks it), so what survives two collections (of the first
generation and then the second) is moved out of the collector's sight (``gc.freeze``): each
collection looks only at what is newer, a few thousand objects.
"""

from __future__ import annotations

import gc
from typing import Any


def settle() -> None:
    """Freeze what is alive now (the code, the loaded games), and from now on what survives
    a collection of the second generation (or the third)."""
    gc.freeze()
    if _freeze_survivors not in gc.callbacks:
        gc.callbacks.append(_freeze_survivors)


def _freeze_survivors(phase: str, info: dict[str, Any]) -> None:
    if phase == "stop" and info.get("generation", 0) >= 1:
        gc.freeze()
