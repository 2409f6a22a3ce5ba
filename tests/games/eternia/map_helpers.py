"""What the map game's rule tests share: a refusal read with the state left as it was."""

from __future__ import annotations

from typing import Any

import pytest

from rulekeeper.core import Action
from rulekeeper.core.errors import RulekeeperError


def refusal(state: Any, action: Action) -> str:
    """The refusal of *action* for the seat to act, with the state left as it was."""
    before = state.serialize()
    with pytest.raises(RulekeeperError) as caught:
        state.apply_action(action)
    assert state.serialize() == before
    return str(caught.value)
