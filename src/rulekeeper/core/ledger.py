"""Resource ledgers: amounts that never go negative, costs, and a refusal naming what is missing.

A :class:`Ledger` is a record (saved, read and cloned with a state's data): a player's gold,
materials and valuables, or any other game's resources. Declared with fixed ``names``, it holds
exactly those (0 included) and refuses any other; declared without, it holds any names and
keeps only the amounts above 0, so two ledgers holding the same are equal. A payment that cannot
be made raises a :class:`LedgerError` naming what is missing and leaves the ledger as it was; a
game's refusal function asks :meth:`Ledger.missing` and words it with :func:`missing_words`.
Nothing here knows any game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Self

from rulekeeper.core.errors import RulekeeperError
from rulekeeper.core.record import MAX_INT, Bounds, Record

__all__ = ["Cost", "Ledger", "LedgerError", "missing_words"]

Cost = Mapping[str, int]
"""Amounts by resource name (a price, an income, a loss); every amount an int of at least 0."""

Amount = Annotated[int, Bounds(0, MAX_INT)]


class LedgerError(RulekeeperError, ValueError):
    """A payment the ledger cannot make; ``missing`` says how much more of each it needs."""

    def __init__(self, missing: Mapping[str, int]) -> None:
        self.missing = dict(missing)
        super().__init__(f"cannot pay: {missing_words(self.missing)} needed")


def _check_name(name: object) -> str:
    """*name* if it is a usable resource name (a non-empty text), else ValueError."""
    if not isinstance(name, str) or not name:
        raise ValueError(f"a resource name is a non-empty text, not {name!r}")
    return name


def _check_amount(name: str, amount: object) -> int:
    """*amount* if it is an int from 0 to MAX_INT, else ValueError naming *name*."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise ValueError(f"{name}: an amount is a whole number, not {amount!r}")
    if not 0 <= amount <= MAX_INT:
        raise ValueError(f"{name}: {amount} is outside 0..{MAX_INT}")
    return amount


@dataclass
class Ledger(Record):
    """What one owner holds of each resource; never negative."""

    amounts: dict[str, Amount] = field(default_factory=dict)
    names: tuple[str, ...] = ()
    """The only resources it may hold, in order (empty: any name)."""

    def __post_init__(self) -> None:
        if len(set(self.names)) != len(self.names):
            raise ValueError(f"names: a resource is named twice in {list(self.names)}")
        for name in self.names:
            _check_name(name)
        for name, amount in self.amounts.items():
            if self.names and name not in self.names:
                raise ValueError(f"amounts.{name}: not one of {', '.join(self.names)}")
            _check_amount(f"amounts.{_check_name(name)}", amount)
        if self.names:
            self.amounts = {name: self.amounts.get(name, 0) for name in self.names}
        else:
            self.amounts = {name: amount for name, amount in self.amounts.items() if amount}

    @classmethod
    def of(cls, names: Iterable[str], amounts: Cost | None = None) -> Self:
        """A ledger holding only *names* (0 of each unless *amounts* says otherwise)."""
        return cls(dict(amounts or {}), tuple(names))

    def _check_known(self, name: str) -> None:
        """ValueError if the ledger has fixed names and *name* is not one of them."""
        if self.names and name not in self.names:
            raise ValueError(f"{name!r} is not one of {', '.join(self.names)}")

    def _checked(self, cost: Cost) -> dict[str, int]:
        """*cost* as a dict, every name known and every amount valid (ValueError otherwise)."""
        if not isinstance(cost, Mapping):
            raise ValueError(f"a cost is a mapping of names to amounts, not {cost!r}")
        checked: dict[str, int] = {}
        for name, amount in cost.items():
            self._check_known(_check_name(name))
            checked[name] = _check_amount(name, amount)
        return checked

    def get(self, name: str) -> int:
        """How much of *name* it holds (ValueError for a name a fixed ledger does not know)."""
        self._check_known(_check_name(name))
        return self.amounts.get(name, 0)

    def total(self) -> int:
        """The sum of all its amounts."""
        return sum(self.amounts.values())

    def missing(self, cost: Cost) -> dict[str, int]:
        """How much more of each resource paying *cost* needs (empty: it can pay)."""
        return self._lacking(self._checked(cost))

    def _lacking(self, checked: Mapping[str, int]) -> dict[str, int]:
        """How much more of each resource the checked amounts need."""
        held = self.amounts
        return {n: a - held.get(n, 0) for n, a in checked.items() if a > held.get(n, 0)}

    def can_pay(self, cost: Cost) -> bool:
        """Whether it holds at least *cost*."""
        return not self.missing(cost)

    def pay(self, cost: Cost) -> None:
        """Take *cost* away; LedgerError naming what is missing (ledger unchanged) if it cannot."""
        checked = self._checked(cost)
        lacking = self._lacking(checked)
        if lacking:
            raise LedgerError(lacking)
        self._take(checked)

    def gain(self, amounts: Cost) -> None:
        """Add *amounts* (ValueError, ledger unchanged, if one would exceed MAX_INT)."""
        checked = self._checked(amounts)
        for name, amount in checked.items():
            if self.amounts.get(name, 0) + amount > MAX_INT:
                raise ValueError(f"{name}: more than {MAX_INT} cannot be held")
        for name, amount in checked.items():
            if amount:
                self.amounts[name] = self.amounts.get(name, 0) + amount

    def lose(self, amounts: Cost) -> dict[str, int]:
        """Take away *amounts*, each down to 0 at most; return what was lost (only above 0)."""
        lost: dict[str, int] = {}
        for name, amount in self._checked(amounts).items():
            taken = min(amount, self.amounts.get(name, 0))
            if taken:
                lost[name] = taken
        self._take(lost)
        return lost

    def _take(self, amounts: Mapping[str, int]) -> None:
        """Subtract checked *amounts* it holds, dropping names an open ledger holds none of."""
        for name, amount in amounts.items():
            left = self.amounts.get(name, 0) - amount
            if left or self.names:
                self.amounts[name] = left
            else:
                self.amounts.pop(name, None)


def missing_words(missing: Mapping[str, int], names: Mapping[str, str] | None = None) -> str:
    """What is missing in words: "3 more Gold and 1 more Valuables" (*names*: display names)."""
    parts = [f"{amount} more {(names or {}).get(name, name)}" for name, amount in missing.items()]
    if not parts:
        return "nothing more"
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]
