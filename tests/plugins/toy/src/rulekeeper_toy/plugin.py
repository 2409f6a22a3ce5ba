"""The toy duel declared to Rulekeeper: its game, parameters and own bot. No screen and no
board: the generic terminal screen and the generic browser view draw it. Imports nothing of
the game; everything is named by a "module:attribute" reference."""

from rulekeeper.core.plugin import GameInfo, Param, Plugin

DUEL = GameInfo(
    name="toy_duel",
    game="rulekeeper_toy.duel:ToyGame",
    description="The toy duel: pick a card, roll the toy die, score the showdown.",
    players=(2, 3),
    params=(
        Param("rounds", "int", "Rounds to play.", default=3, minimum=1, maximum=1000),
        Param("hand_size", "int", "Cards in a hand.", default=3, minimum=1, maximum=6),
        Param("first", "str", "Who attacks in the first round.", default="a", choices=("a", "b")),
        Param("redraw", "bool", "Each round, put cards back and draw again.", default=False),
        Param("referee", "bool", "A third seat may void a roll once.", default=False),
        Param("coop", "bool", "Both players against an automaton.", default=False),
    ),
    bots={"highcard": "rulekeeper_toy.bots:HighCard"},
)

PLUGIN = Plugin(
    name="toy",
    description="The toy duel, Rulekeeper's worked example of a game plug-in.",
    games=(DUEL,),
)
