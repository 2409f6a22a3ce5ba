"""``rulekeeper tournament`` (issue 9 §2): every pair of bots, scores with intervals, results
and a plot; the same results on one process, on worker processes and on a local Dask cluster
(a tournament is reproducible from its seed)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.core.tournament import run, schedule, standings

runner = CliRunner()


def test_a_tournament_on_a_local_dask_cluster_matches_one_process(tmp_path: Path) -> None:
    out, picture = tmp_path / "results.json", tmp_path / "scores.png"
    result = runner.invoke(
        app,
        [
            "tournament",
            "homm3-combat",
            "--bots",
            "greedy,random",
            "--games",
            "4",
            "--cluster",
            "local",
            "--workers",
            "2",
            "--out",
            str(out),
            "--plot",
            str(picture),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "95% interval" in result.output and "greedy" in result.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert len(doc["results"]) == 4
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    alone = run(schedule("homm3-combat", {}, ["greedy", "random"], 4))
    assert [r["returns"] for r in alone] == [r["returns"] for r in doc["results"]]


def test_scores_intervals_and_sides() -> None:
    results = [
        {"index": 0, "seed": 1, "seats": ["a", "b"], "returns": [1.0, -1.0], "actions": 1},
        {"index": 1, "seed": 2, "seats": ["b", "a"], "returns": [0.0, 0.0], "actions": 1},
    ]
    rows = {row.bot: row for row in standings(results)}
    assert rows["a"].score == 0.75 and rows["b"].score == 0.25
    assert rows["a"].draws == 1 and rows["a"].wins == 1
    low, high = rows["a"].interval()
    assert 0.0 <= low < 0.75 < high <= 1.0
    assert rows["a"].to_json()["score_first"] == 1.0


def test_a_bad_bot_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["tournament", "homm3-combat", "--bots", "greedy,wizard"])
    assert result.exit_code == 2 and "wizard" in result.output
    csv_out = tmp_path / "r.csv"
    ok = runner.invoke(
        app,
        [
            "tournament",
            "homm3-combat",
            "--bots",
            "random,random@2",
            "--games",
            "2",
            "--workers",
            "1",
            "--out",
            str(csv_out),
        ],
    )
    assert ok.exit_code == 0, ok.output
    assert csv_out.read_text(encoding="utf-8").startswith("index,seed,seats,returns,actions")


def test_the_games_own_options_come_from_its_declaration_issue_22_1(tmp_path: Path) -> None:
    """Issue 22 §1: ``--battle`` (a shipped battle's name) and ``--rounds`` are the games'
    declared parameters, read as ``play`` reads them; the game may follow its options; an
    option the game does not declare is refused naming both."""
    out = tmp_path / "results.json"
    args = ["--bots", "random,greedy", "--games", "2", "--workers", "1", "--out", str(out)]
    done = runner.invoke(app, ["tournament", "--battle", "siege", "homm3-combat", *args])
    assert done.exit_code == 0, done.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert Path(doc["params"]["battle"]).name == "siege.yaml"
    assert Path(doc["params"]["battle"]).is_absolute()
    short = runner.invoke(app, ["tournament", "battleground-movement", "--rounds=1", *args])
    assert short.exit_code == 0, short.output
    assert json.loads(out.read_text(encoding="utf-8"))["params"] == {"rounds": 1}
    wrong = runner.invoke(app, ["tournament", "homm3-combat", "--rounds", "2", *args])
    assert wrong.exit_code == 2 and "homm3-combat has no option --rounds" in wrong.output
    nothing = runner.invoke(app, ["tournament", *args])
    assert nothing.exit_code == 2 and "name the GAME" in nothing.output
