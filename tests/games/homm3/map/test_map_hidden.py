"""What a seat may not know never reaches it in the map game's logs (issue 24 §4; homm3.md
§5.8): the card a player takes in a Search goes to its hidden hand, so the other seats' action
logs and events say only that a card was taken."""

from __future__ import annotations

import random

from rulekeeper.core import CHANCE, load_game
from rulekeeper.games.homm3.map.search import SearchStep


def test_the_card_taken_in_a_search_is_secret() -> None:
    """homm3.md §5.8: the searching seat sees the cards it looks at and the one it takes; the
    others learn that a card was taken, not which."""
    taken = 0
    for seed in range(12):
        state = load_game("homm3", players=2).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal() and taken < 3:
            seat = state.current_player()
            if seat == CHANCE:
                state.resolve_chance()
                continue
            top = state.flow.steps[-1]
            legal = state.legal_actions(seat)
            picks = [a for a in legal if a.kind == "take"]
            if isinstance(top, SearchStep) and picks:
                action = picks[0]
                card = action.str_param("card")
                state.apply_action(action, seat)
                other = 1 - seat
                mine, theirs = state.history_for(seat)[-1], state.history_for(other)[-1]
                assert mine.action == action
                assert card not in str(theirs.action) and "takes one of" in str(theirs.action)
                assert all(card not in str(e.data) for e in state.events_for(other)[-3:])
                taken += 1
                continue
            state.apply_action(rng.choice(legal), seat)
        if taken >= 3:
            return
    assert taken >= 1, "no Search was met in twelve random games"
