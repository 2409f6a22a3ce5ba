"""The terminal client's play loop (issue 9 §1, §4): automatic saves in the platform's data
folder and ``--resume`` alone, the hot-seat hand-over, the menu of a long list of choices,
typed coordinates, the preview before a move or attack, and the result in words."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner
from typist import Monkey

from rulekeeper.cli import commands, saves
from rulekeeper.cli.main import app, with_last
from rulekeeper.cli.menu import menu
from rulekeeper.cli.play import Client
from rulekeeper.cli.prompt import LineReader
from rulekeeper.cli.screens import GENERIC, screen_for
from rulekeeper.core import Action, load_game
from rulekeeper.core.agents import make_agent
from rulekeeper.core.session import Session
from rulekeeper.games.homm3.game import shipped_battle

runner = CliRunner()
BATTLE = shipped_battle("neutral-fight.yaml").as_posix()


def test_every_game_is_saved_in_the_data_folder_and_resume_alone_continues_it(
    saves_folder: Path,
) -> None:
    """A game without --save is saved in the platform's data folder; ``--resume`` with no file
    continues the last unfinished one, with its own seed."""
    left = runner.invoke(
        app, ["play", "homm3-combat", "--battle", BATTLE, "--seed", "5"], input="0\n\nq\ny\n"
    )
    assert left.exit_code == 0, left.output
    files = list((saves_folder / "rulekeeper" / "saves").glob("homm3-combat-*.json"))
    assert len(files) == 1
    doc = json.loads(files[0].read_text(encoding="utf-8"))
    assert doc["finished"] is False and doc["seed"] == 5 and len(doc["actions"]) >= 1
    assert saves.last_save() == files[0]
    resumed = runner.invoke(app, with_last(["play", "--resume", "--players", "random"]))
    assert resumed.exit_code == 0, resumed.output
    assert "resuming" in resumed.output and " wins (" in resumed.output
    assert "--seed 5" in resumed.output
    assert saves.last_save() is None  # the game is over: nothing left to resume


def test_resume_alone_with_nothing_saved_says_so() -> None:
    result = runner.invoke(app, with_last(["play", "--resume"]))
    assert result.exit_code == 2 and "no unfinished game is saved" in result.output


def test_resume_alone_means_the_last_game() -> None:
    assert with_last(["play", "--resume"]) == ["play", "--resume", "last"]
    assert with_last(["play", "--resume", "--bot", "both"])[2] == "last"
    assert with_last(["play", "--resume", "a.json"]) == ["play", "--resume", "a.json"]


def test_hotseat_hides_each_hand_until_its_player_is_at_the_screen(tmp_path: Path) -> None:
    """Issue 9 §1: in hotseat, each player's hand and secret choice stay hidden until that
    player confirms they are at the screen; the other's secret card choice is not named."""
    answers = "\n".join(["", "0", "", "0", "", "q", "y"]) + "\n"
    result = runner.invoke(
        app,
        ["play", "--seed", "1", "--players", "human,human", "--save", str(tmp_path / "g.json")],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    segments = out.split(", press Enter when you are at the screen")
    assert len(segments) >= 3, "a hand-over before each player's first decision"
    assert "Your hand" not in segments[0]  # nothing shown before the first player is there
    for before, shown in itertools.pairwise(segments[:-1]):  # the last one: the quit
        seat = int(before.rsplit("Player ", 1)[1][0])
        assert f"Your hand (player {seat})" in shown
        assert f"Your hand (player {1 - seat})" not in shown
        assert f"Player {1 - seat}: " in shown and "(hidden)" in shown
    assert "makes a secret choice" in out and "selects" not in out  # no card is named


def test_a_long_list_of_choices_is_summed_up_by_kind() -> None:
    """Moves (80-230 of them) are summed up, not listed; 'list move' shows them all with the
    numbers the prompt accepts."""
    state = load_game("battleground").new_initial_state(seed=3)
    while True:
        if state.is_chance_node():
            state.resolve_chance()
            continue
        seat = next(p for p in (0, 1) if state.legal_actions(p))
        legal = state.legal_actions(seat)
        if any(a.kind == "move" for a in legal):
            break
        pick = next((a for a in legal if a.kind in ("activate", "bonus")), legal[0])
        state.apply_action(pick, seat)
    legal = state.legal_actions(seat)
    moves = [i for i, a in enumerate(legal) if a.kind == "move"]
    short = "\n".join(menu(state, seat))
    assert f"move: {len(moves)} choices" in short and "list move" in short
    assert f"{moves[0]:3d}  {state.describe(legal[moves[0]])}" not in short
    full = "\n".join(menu(state, seat, "move"))
    assert all(f"{i:3d}  {state.describe(legal[i])}" in full for i in moves)
    target = legal[moves[0]]
    q, r = dict(target.params)["to"][:2]
    typed = commands.interpret(state, seat, f"move {q},{r}")
    assert typed.action == target, typed.message


def test_typed_coordinates_are_one_word() -> None:
    """'move 4,-2' names the hex (4,-2), not every hex whose name holds a 4 and a -2."""
    assert commands._words("move 4,-2") == ["move", "(4,-2)"]
    assert commands._words("move (4, -2)") == ["move", "(4,-2)"]
    assert commands._words("attack skeletor, sword") == ["attack", "skeletor", "sword"]


class Scripted(LineReader):
    """A person who types the given lines."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(interactive=False)
        self.lines = lines
        self.asked: list[str] = []

    def read(self, prompt: str, choices: object = ()) -> str:
        self.asked.append(prompt)
        return self.lines.pop(0)


def test_an_attack_shows_its_odds_and_waits_for_a_yes(tmp_path: Path) -> None:
    """Issue 9 §1: before an attack, its exact odds (state.odds); 'n' takes it back."""
    game = load_game("homm3-combat", battle=BATTLE)
    state = game.new_initial_state(seed=1)
    session = Session(state)
    console = Console(record=True, width=100)
    while True:
        if session.state.is_chance_node():
            session.apply(session.state.clone().resolve_chance())
            continue
        seat = next(p for p in range(state.num_players) if session.state.legal_actions(p))
        legal = session.state.legal_actions(seat)
        attacks = [a for a in legal if a.kind == "attack"]
        if attacks:
            break
        moves = [a for a in legal if a.kind == "move"]
        session.apply(moves[-1] if moves else legal[0], seat)
        assert not session.state.is_terminal(), "the battle ended before an attack"
    attack = attacks[0]
    words = session.state.describe(attack)
    reader = Scripted([words, "n", "0", ""])  # "": go ahead, should choice 0 be previewed
    client = Client(console, session, {}, {seat}, screen_for("homm3-combat"), reader)
    chosen = client.decide(seat)
    said = console.export_text()
    assert "the odds" in said and "Go ahead?" in reader.asked[1], (reader.asked, said[-3000:-1000])
    assert chosen == [session.state.legal_actions(seat)[0]]  # the attack was not taken: "n"
    odds = session.state.odds(attack, seat)
    assert odds is not None


def test_the_generic_screen_shows_any_game() -> None:
    """A game with no views of its own still gets its observation, its log and its odds."""
    state = load_game("homm3-combat", battle=BATTLE).new_initial_state(seed=2)
    console = Console(record=True, width=100)
    console.print(GENERIC.render(state, 0))
    assert "what player 0 sees" in console.export_text()
    lines, last = GENERIC.news(state, 0)
    assert last == state.events.last_seq and all(isinstance(line, str) for line in lines)
    assert GENERIC.preview(state, 0, Action.of("forfeit")) is None


def test_los_tells_sight_range_and_cover_between_two_characters() -> None:
    """Issue 9 §1: ``los he-man skeletor`` answers by the battlefield's own line of sight and
    cover (battleground.md §2); a name that is nobody's says who is there."""
    from rulekeeper.games.battleground.game import BattlegroundState
    from rulekeeper.games.battleground.views import sight

    state = load_game("battleground").new_initial_state(seed=1)
    assert isinstance(state, BattlegroundState)
    said = screen_for("battleground").command
    assert said is not None
    answer = said(state, 0, "los he-man skel")
    assert answer is not None and answer.startswith("He-Man at ")
    he, sk = state.fighters["he-man"], state.fighters["skeletor"]
    verdict = state.field.line_of_sight(he.position, sk.position)
    assert verdict.reason in answer
    assert f'{state.field.range_inches(he.position, sk.position):.1f}"' in answer
    assert "no character on the battlefield is called 'orko'" in (
        said(state, 0, "los he orko") or ""
    )
    assert said(state, 0, "los he-man") == sight.USAGE
    assert said(state, 0, "move 4,-2") is None


def test_think_gives_the_mcts_bots_a_wall_clock_budget() -> None:
    result = runner.invoke(app, ["play", "homm3-combat", "--battle", BATTLE, "--think", "0"])
    assert result.exit_code == 2 and "--think" in result.output
    done = runner.invoke(
        app, ["play", "homm3-combat", "--battle", BATTLE, "--players", "mcts@1", "--think", "0.01"]
    )
    assert done.exit_code == 0, done.output
    assert " wins (" in done.output


def test_the_data_folder_can_be_chosen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """RULEKEEPER_DATA_DIR overrides the platform's data folder (the web server shares it)."""
    monkeypatch.setenv("RULEKEEPER_DATA_DIR", str(tmp_path / "mine"))
    assert saves.saves_dir() == tmp_path / "mine" / "saves"


NOISE = ["help", "list", "list move", "log", "odds attack", "why move", "los he sk", "²", "save"]


@pytest.mark.parametrize(
    ("game", "params"), [("battleground", {"rounds": 1}), ("homm3-combat", {})]
)
def test_a_person_typing_anything_plays_a_whole_game_to_its_end(
    game: str, params: dict[str, int]
) -> None:
    """Issue 9 §1: a whole game against the MCTS bot through the client, with random choices,
    commands, undos and nonsense typed; every answer is understood or refused, never a crash.
    (Battleground over 1 round: a whole game, in a quarter of the time of 4.)"""
    session = Session(load_game(game, **params).new_initial_state(seed=3))
    monkey = Monkey(3, NOISE)
    console = Console(record=True, width=100)
    client = Client(console, session, {1: make_agent("mcts@1", 3)}, {0}, screen_for(game), monkey)
    monkey.client = client
    final = client.run()
    assert final.is_terminal() and monkey.typed > 5
    said = console.export_text()
    assert "undone" in said or "nothing to undo" in said
