"""The toy duel's own bot, offered for this game only (plugin.py ``bots``)."""

from rulekeeper.core import Action, GameState, Pcg32
from rulekeeper.core.agents import playable


class HighCard:
    """Plays its highest card; any other choice (a reroll, a put-back) at random from its own
    seeded stream. Built as ``HighCard(seed=seed)``, like any bot a game declares."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Pcg32(seed)

    def choose(self, state: GameState, player: int) -> Action:
        legal = playable(state.legal_actions(player))  # without forfeits and draw offers
        picks = [action for action in legal if action.kind == "pick"]
        if picks:
            return max(picks, key=lambda action: int(action.str_param("card")[1:]))
        return self.rng.choice(legal)
