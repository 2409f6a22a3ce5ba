"""``rulekeeper odds GAME``: what every game's odds command shares (issue 9 §3). Exact odds,
by enumeration with the engine's own rules code, never by sampling.

Each game declares its own odds command (``GameInfo.odds``, core/plugin.py), mounted as
``rulekeeper odds <game>`` (cli/mount.py); the commands print their distributions with
:func:`odds_table`, ``--json`` prints one JSON object instead (:func:`json_keys`), ``--plot FILE``
draws them with :func:`plot` (PNG or SVG, by the file's suffix, checked first by
:func:`check_plot`), and an option naming what the position or battle does not allow is an
:class:`OptionError`, reported by :func:`fail` (exit code 2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from rulekeeper.core import RulekeeperError

__all__ = [
    "HIDDEN",
    "PLOT_SUFFIXES",
    "SHOWN",
    "OptionError",
    "check_plot",
    "fail",
    "json_keys",
    "odds_table",
    "plot",
]

PLOT_SUFFIXES = (".png", ".svg")
SHOWN = 1e-4
"""A plot leaves out the tail of counts each below this probability (exploding dice)."""
HIDDEN = 5e-5
"""A table leaves out the values below this probability (they would show as 0.0000)."""


class OptionError(RulekeeperError):
    """A command-line option names something the position or battle does not allow."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(f"{option}: {message}")
        self.option = option


def odds_table(title: str, distribution: Mapping[Any, float], label: str) -> Table:
    """A distribution as a table: each value (None as ``none``), its probability and the
    probability of at least it."""
    table = Table(title=title)
    table.add_column(label, justify="right")
    table.add_column("probability", justify="right")
    table.add_column("at least", justify="right")
    keys = sorted(distribution, key=lambda k: (k is None, k if k is not None else 0))
    for key in keys:
        if distribution[key] < HIDDEN:
            continue
        if key is None:
            table.add_row("none", f"{distribution[key]:.4f}", "")
            continue
        reached = sum(p for k, p in distribution.items() if k is not None and k >= key)
        table.add_row(str(key), f"{distribution[key]:.4f}", f"{reached:.4f}")
    return table


def json_keys(value: Any) -> Any:
    """A distribution with its keys as JSON's strings (None as ``none``); anything else as is."""
    if isinstance(value, dict):
        return {("none" if k is None else str(k)): v for k, v in value.items()}
    return value


def fail(error: Exception) -> typer.Exit:
    """Print *error* and give the exit (code 2) to raise."""
    Console().print(f"[red]error:[/] {escape(str(error))}", soft_wrap=True)
    return typer.Exit(2)


def check_plot(path: Path | None) -> None:
    """Refuse a plot file that is not a .png or .svg (before any work is done)."""
    if path is not None and path.suffix.lower() not in PLOT_SUFFIXES:
        raise OptionError("--plot", f"{path.name}: a plot is a .png or .svg file")


def plot(path: Path, title: str, panels: Sequence[tuple[str, Mapping[Any, float]]]) -> None:
    """One bar chart per distribution, side by side, written as a PNG or SVG (by the suffix)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(1, len(panels), figsize=(3.6 * len(panels), 3.4), squeeze=False)
    for axis, (name, distribution) in zip(axes[0], panels, strict=True):
        keys = sorted(distribution, key=lambda k: (k is None, _order(k)))
        seen = [k for k in keys if isinstance(k, int) and distribution[k] >= SHOWN]
        top = max(seen, default=None)
        keys = [k for k in keys if not isinstance(k, int) or top is None or k <= top]
        axis.bar([("none" if k is None else str(k)) for k in keys], [distribution[k] for k in keys])
        axis.set_title(name)
        axis.set_ylabel("probability")
        axis.set_ylim(0, 1)
        axis.tick_params(axis="x", labelrotation=45 if len(keys) > 8 else 0)
    figure.suptitle(title)
    figure.tight_layout()
    figure.savefig(path, format=path.suffix.lower().lstrip("."))
    plt.close(figure)


def _order(key: Any) -> Any:
    return (0, key, "") if isinstance(key, int) else (1, 0, str(key))
