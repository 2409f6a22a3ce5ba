"""A person at the terminal who types anything (issue 9 §1, issue 24 §5): the tests' one random
typist for the play loop (cli/play.py ``Client``)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rulekeeper.cli.play import Client
from rulekeeper.cli.prompt import LineReader

GRAVE = ("forfeit", "offer-draw", "surrender", "retreat", "flee")
"""Choices the typist never picks at random (it would end the game at once)."""


class Monkey(LineReader):
    """A person who types a random choice, now and then a command of *noise*, an undo (also
    always as the third answer) or nonsense; answers yes/no questions at random and presses
    Enter when asked to."""

    def __init__(self, seed: int, noise: Sequence[str], undo: float = 0.04) -> None:
        super().__init__(interactive=False)
        self.rng = random.Random(seed)
        self.noise = list(noise)
        self.undo = undo
        self.client: Client | None = None
        self.typed = 0

    def read(self, prompt: str, choices: object = ()) -> str:
        self.typed += 1
        if "[Y/n]" in prompt or "[y/N]" in prompt:
            return self.rng.choice(["y", "", "n"])
        if "press Enter" in prompt:
            return ""
        assert self.client is not None
        seat = int(prompt.split()[1].rstrip(":"))
        legal = self.client.session.state.legal_actions(seat)
        roll = self.rng.random()
        if roll < self.undo or self.typed == 3:
            return "u"
        if roll < 0.08:
            return self.rng.choice(self.noise)
        pick = self.rng.randrange(len(legal))
        return "0" if legal[pick].kind in GRAVE else str(pick)
