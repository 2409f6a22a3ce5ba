"""Tournaments between bots, for any game (issue 9 §2): who plays whom, playing the games on
every core or on a Dask cluster, and the scores with their 95% intervals.

Every pair of bots plays ``games`` games, seeds 1..N, sides alternating (in a one-seat game,
such as a solo battle against the rules' own AI, each bot plays the seeds alone). A win scores
1, a draw ½, a loss 0 (from the game's ``outcome()``: its winning team, or a draw; the margin
from the returns). A tournament is
reproducible from its seed: each game's seed and each bot's seed follow from it, and the
results come back in schedule order whichever worker played them.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from typing import Any

from rulekeeper.core.agents import make_agent, play_out
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.outcome import default_outcome
from rulekeeper.core.registry import load_game

__all__ = ["Match", "Standing", "play_match", "run", "schedule", "standings"]


@dataclass(frozen=True)
class Match:
    """One game to play: the game, its parameters, the bot of each seat, the seeds."""

    index: int
    game: str
    params: JsonObject
    seats: tuple[str, ...]
    seed: int


def schedule(
    game: str, params: JsonObject, bots: Sequence[str], games: int, seed: int = 1
) -> list[Match]:
    """Every pair of *bots* (every bot alone in a one-seat game) for *games* games, sides
    alternating, game seeds following from *seed*."""
    seats = load_game(game, **params).num_players
    matches: list[Match] = []
    if seats == 1:
        pairs: list[tuple[str, ...]] = [(bot,) for bot in bots]
    else:
        pairs = [(a, b) for i, a in enumerate(bots) for b in bots[i + 1 :]]
    for pair in pairs:
        for number in range(games):
            order = pair if number % 2 == 0 or len(pair) == 1 else tuple(reversed(pair))
            matches.append(Match(len(matches), game, params, order, seed + number))
    return matches


def play_match(match: Match) -> JsonObject:
    """Play *match* to its end; its seats' bots, returns and length (a picklable function, for
    worker processes)."""
    game = load_game(match.game, **match.params)
    state = game.new_initial_state(seed=match.seed)
    agents = {
        seat: make_agent(spec, seed=match.seed * 101 + seat, game=game)
        for seat, spec in enumerate(match.seats)
    }
    play_out(state, agents)
    outcome = state.outcome()
    assert outcome is not None  # play_out plays to the end
    return {
        "index": match.index,
        "seed": match.seed,
        "seats": list(match.seats),
        "returns": list(outcome.returns),
        "actions": state.actions_taken(),
        "outcome": {
            "ending": outcome.ending,
            "winner": outcome.winner,
            "team": None if outcome.team is None else list(outcome.team),
        },
    }


def _points(result: JsonObject, seat: int) -> float:
    """*seat*'s score in *result*: 1 in the winning team, ½ in a draw, 0 otherwise; a result
    without an outcome (written before it) by its returns, each seat playing for itself."""
    found = result.get("outcome")
    if isinstance(found, dict):
        team = found.get("team")
        return 0.5 if team is None else 1.0 if isinstance(team, list) and seat in team else 0.0
    raw: list[Any] = list(result["returns"])  # type: ignore[arg-type]
    returns = [float(r) for r in raw]
    outcome = default_outcome(returns, [(s,) for s in range(len(returns))])
    return 0.5 if outcome.team is None else 1.0 if seat in outcome.team else 0.0


def run(
    matches: Sequence[Match],
    workers: int = 1,
    scheduler: str | None = None,
    cluster: bool = False,
    progress: Callable[[int], None] | None = None,
) -> list[JsonObject]:
    """Play *matches* (in this process, on *workers* processes, or on Dask: ``scheduler`` an
    address, ``cluster`` a local cluster of *workers*), results in schedule order."""
    results: list[JsonObject] = []
    if scheduler is not None or cluster:
        dask: Any = importlib.import_module("dask.distributed")  # untyped: used through Any
        local = None
        if scheduler is None:
            local = dask.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
            )
        client = dask.Client(scheduler or local)
        try:
            futures = client.map(play_match, matches, pure=False)
            for future in dask.as_completed(futures):
                results.append(future.result())
                if progress:
                    progress(1)
        finally:
            client.close()
            if local is not None:
                local.close()
    elif workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for done in as_completed([pool.submit(play_match, m) for m in matches]):
                results.append(done.result())
                if progress:
                    progress(1)
    else:
        for match in matches:
            results.append(play_match(match))
            if progress:
                progress(1)
    return sorted(results, key=lambda r: int(r["index"]))  # type: ignore[arg-type]


@dataclass
class Standing:
    """A bot's record: games, wins, draws, losses, score (a win 1, a draw ½), its 95% interval
    (Wilson), the mean margin of its returns, and its score as the first and second seat."""

    bot: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: float = 0.0
    margin: float = 0.0
    first: list[float] | None = None
    second: list[float] | None = None

    @property
    def score(self) -> float:
        return self.points / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the score."""
        n, p, z = self.games, self.score, 1.96
        if n == 0:
            return (0.0, 1.0)
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def to_json(self) -> JsonObject:
        low, high = self.interval()
        data = {k: v for k, v in asdict(self).items() if k not in ("first", "second")}
        first, second = self.first or [], self.second or []
        return {
            **data,
            "score": self.score,
            "interval": [low, high],
            "score_first": sum(first) / len(first) if first else None,
            "score_second": sum(second) / len(second) if second else None,
        }


def standings(results: Iterable[JsonObject]) -> list[Standing]:
    """Each bot's standing over *results* (a bot named twice, as in a self-play pair, counts
    once per seat), best score first."""
    table: dict[str, Standing] = {}
    for result in results:
        seats: list[Any] = list(result["seats"])  # type: ignore[arg-type]
        returns: list[Any] = list(result["returns"])  # type: ignore[arg-type]
        for seat, bot in enumerate(seats):
            row = table.setdefault(str(bot), Standing(str(bot), first=[], second=[]))
            mine = float(returns[seat])
            others = [float(r) for i, r in enumerate(returns) if i != seat]
            points = _points(result, seat)
            row.margin += mine - max(others) if others else mine  # alone: its return
            row.games += 1
            row.points += points
            row.wins += points == 1.0
            row.draws += points == 0.5
            row.losses += points == 0.0
            (row.first if seat == 0 else row.second).append(points)  # type: ignore[union-attr]
    for row in table.values():
        row.margin = row.margin / row.games if row.games else 0.0
    return sorted(table.values(), key=lambda r: -r.score)


def plot(rows: Sequence[Standing], path: str, title: str) -> None:
    """The scores with their 95% intervals, as a PNG or SVG (by the file name)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6, 1 + 0.6 * len(rows)))
    names = [r.bot for r in rows]
    scores = [r.score for r in rows]
    low = [r.score - r.interval()[0] for r in rows]
    high = [r.interval()[1] - r.score for r in rows]
    axes.errorbar(scores, range(len(rows)), xerr=[low, high], fmt="o", capsize=4)
    axes.set_yticks(range(len(rows)), names)
    axes.set_xlim(0, 1)
    axes.set_xlabel("score (win 1, draw ½), 95% interval")
    axes.set_title(title)
    axes.axvline(0.5, color="grey", linewidth=0.5)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
