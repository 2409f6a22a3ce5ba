"""A short real game through the terminal, as a person plays it (issue 9 §1): the command runs
in a pseudo terminal; the test waits for text on the screen (polling, never a fixed sleep),
types a deployment, an attack in words, an undo, a save and a quit, then resumes the save.
Two people share the keyboard (hotseat), so each decision is preceded by the hand-over that
hides the other player's screen."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

DUEL = (
    "format: homm3-battle\nversion: 1\nsite: {kind: field}\n"
    "attacker: {kind: hero, hero: {name: Catherine}, units: [{card: griffins, side: pack}]}\n"
    "defender: {kind: hero, hero: {name: Sandro}, units: [{card: zombies}]}\n"
)
RULEKEEPER = [sys.executable, "-m", "rulekeeper.cli.main"]


class Terminal:
    """A program in a pseudo terminal: what it has shown so far, and typing into it."""

    def __init__(self, args: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
        self.master, slave = pty.openpty()
        env = {**os.environ, "COLUMNS": "100", "TERM": "dumb", **(env or {})}
        self.process = subprocess.Popen(
            args, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env, close_fds=True
        )
        os.close(slave)
        self.screen = ""
        self.mark = 0
        """Where the next wait starts reading: just after the text last waited for."""

    def wait_for(self, text: str, timeout: float = 60.0) -> None:
        """Read until *text* has appeared (after the last text waited for), or fail after
        *timeout*."""
        deadline = time.monotonic() + timeout
        while text not in self.screen[self.mark :]:
            left = deadline - time.monotonic()
            assert left > 0, f"{text!r} never appeared; the screen shows:\n{self.screen[-2000:]}"
            if not self._read(left):
                assert text in self.screen[self.mark :], f"{text!r}: the program ended"
        self.mark = self.screen.index(text, self.mark) + len(text)

    def _read(self, timeout: float) -> bool:
        """Add what the program shows within *timeout* to the screen; False once it ended."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            chunk = b""
        self.screen += chunk.decode("utf-8", "replace")
        return bool(chunk)

    def prompt(self, seat: int) -> None:
        """Wait for *seat*'s prompt (at the start of a line, unlike the log's "  player 0:
        ..."), answering the hot-seat hand-over on the way."""
        handover = f"Player {seat}, press Enter when you are at the screen"
        asked = re.compile(f"(?<! )player {seat}: ")
        deadline = time.monotonic() + 60
        while not asked.search(self.screen, self.mark):
            if handover in self.screen[self.mark :]:
                self.mark = self.screen.index(handover, self.mark) + len(handover)
                self.type("")
                continue
            left = deadline - time.monotonic()
            assert left > 0, f"no prompt; the screen shows:\n{self.screen[-2000:]}"
            assert self._read(min(left, 1.0)), "the program ended"
        found = asked.search(self.screen, self.mark)
        assert found is not None
        self.mark = found.end()

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode("utf-8"))

    def close(self) -> int:
        code = self.process.wait(timeout=60)
        os.close(self.master)
        return code


def test_a_person_plays_undoes_saves_and_resumes(tmp_path: Path) -> None:
    (tmp_path / "duel.yaml").write_text(DUEL, encoding="utf-8")
    args = [
        *RULEKEEPER,
        "play",
        "--seed",
        "1",
        "homm3-combat",
        "--battle",
        "duel.yaml",
        "--bot",
        "none",
    ]
    term = Terminal([*args, "--save", "game.json"], tmp_path)
    term.wait_for("Other players, look away")
    term.prompt(0)  # the attacker deploys
    term.type("place griffins b2")
    term.wait_for("Player 1's turn")  # the screen is hidden before the defender sees it
    term.prompt(1)
    term.type("place zombies b4")
    term.prompt(0)  # round 1: the Griffins activate
    term.type("move b3")
    term.wait_for("from b2 to b3")  # the log: "Griffins (Pack) move from b2 to b3"
    term.prompt(0)
    term.type("u")
    term.wait_for("undone")
    term.prompt(0)
    term.type("move b3")
    term.prompt(0)
    term.type("attack zombies")
    term.wait_for("Go ahead?")  # the attack's odds are shown first
    term.type("")
    term.wait_for("attack Zombies (Few): ")  # the log's attack line, its dice in it
    term.prompt(1)  # the Zombies activate
    term.type("²¿ non-ASCII ☃")
    term.wait_for("no choice matches")
    term.type("save")
    term.wait_for("saved to game.json")
    term.type("q")
    term.wait_for("Leave the game?")
    term.type("y")
    assert term.close() == 0
    assert (tmp_path / "game.json").is_file()
    again = Terminal([*RULEKEEPER, "play", "--resume", "game.json", "--bot", "both"], tmp_path)
    again.wait_for(" wins (")
    assert again.close() == 0


FACE_TO_FACE = """
format: battleground-position
version: 1
round: 4
characters:
  - {id: he-man, at: [6, 10], facing: E}
  - {id: skeletor, at: [8, 11], facing: W}
players:
  - hand: [masters-cosmic-key, masters-battle-cry]
    glory: []
  - hand: [evil-treachery]
    glory: []
"""


def test_a_person_plays_battleground_against_a_bot_and_resumes(tmp_path: Path) -> None:
    """Battleground in the terminal against a bot: select a card in secret, activate, take a
    bonus, move (previewed), undo, move again, face, attack with its odds shown first, save,
    quit; then ``--resume`` alone continues the last game from the platform's data folder."""
    (tmp_path / "duel.yaml").write_text(FACE_TO_FACE, encoding="utf-8")
    data = {"XDG_DATA_HOME": str(tmp_path / "data")}
    args = [*RULEKEEPER, "play", "--seed", "1", "--position", "duel.yaml"]
    term = Terminal([*args, "--players", "human,random"], tmp_path, data)
    term.wait_for("Your hand (player 0)")
    term.wait_for("Battle Cry")
    term.prompt(0)
    term.type("select battle cry")
    term.wait_for("player 0: select Battle Cry")
    term.wait_for("the only choice: activate He-Man")  # forced: taken without asking
    term.prompt(0)
    term.type("bonus mana")
    term.wait_for("AP left")  # the active character's card
    term.prompt(0)
    term.type("move 7,11")
    term.wait_for("Path")  # the move's preview: its cost and path
    term.wait_for("Go ahead?")
    term.type("")
    term.wait_for("He-Man moves from (6,10) to (7,11)")
    term.prompt(0)
    term.type("u")
    term.wait_for("undone")
    term.prompt(0)
    term.type("move 7,11")
    term.wait_for("Go ahead?")
    term.type("")
    term.prompt(0)
    term.type("face E")
    term.prompt(0)
    term.type("attack skeletor")
    term.wait_for("Knock-out")  # the attack's odds, with the chance of a knock-out
    term.wait_for("Go ahead?")
    term.type("")
    term.wait_for("dice showing")  # the reroll decision: the dice, once, then the choices
    term.wait_for("Type the faces to reroll: reroll ")  # issue 23 §2.3: by faces
    for _ in range(4):  # a free reroll, then a mana reroll: keep the dice each time
        start = term.mark
        term.prompt(0)
        if "He-Man attacks Skeletor" in term.screen[start : term.mark]:
            break
        term.type("keep")
    assert "He-Man attacks Skeletor" in term.screen[start:], "the attack was told in the log"
    term.type("save")
    term.wait_for("saved to")
    term.type("q")
    term.wait_for("Leave the game?")
    term.type("y")
    assert term.close() == 0
    again = Terminal([*RULEKEEPER, "play", "--resume", "--players", "random"], tmp_path, data)
    again.wait_for("resuming")
    again.wait_for("play it again with --seed 1")
    assert again.close() == 0
