"""Small helpers for Battleground's texts in words (issue 23 §2.12): a count with its noun in
the right number ("1 success", "2 successes"), a chance as a percentage."""

from __future__ import annotations

__all__ = ["percent", "plural"]


def plural(count: int, singular: str, many: str | None = None) -> str:
    """*count* and its noun: ``1 success``, ``2 successes``, ``0 hexes`` (*many*: the plural
    when it is not the singular with an ``s``)."""
    word = singular if count == 1 else (many if many is not None else singular + "s")
    return f"{count} {word}"


def percent(p: float) -> str:
    """A chance as a percentage with one decimal: ``12.5%`` (a tiny one as ``<0.1%``)."""
    if 0 < p < 0.0005:
        return "<0.1%"
    return f"{100 * p:.1f}%"
