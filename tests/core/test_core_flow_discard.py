"""Flow.discard removes the very step given, not an equal one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from rulekeeper.core.flow import Flow, Step


@dataclass
class Note(Step[Any]):
    kind: ClassVar[str] = "note"
    text: str = ""


def test_discard_removes_by_identity() -> None:
    first, second, third = Note("same"), Note("same"), Note("other")
    flow = Flow([first, second, third])
    flow.discard(first)
    assert len(flow) == 2
    assert flow.steps[0] is second and flow.steps[1] is third


def test_discard_of_a_step_not_pending_is_an_error() -> None:
    flow = Flow([Note("same")])
    with pytest.raises(ValueError):
        flow.discard(Note("same"))
    assert len(flow) == 1
