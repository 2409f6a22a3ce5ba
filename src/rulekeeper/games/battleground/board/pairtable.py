"""A yes/no/unknown answer for every ordered pair of positions of one map.

Line of sight and cover are asked millions of times by bots and never change for a map (cover
from terrain, that is), so their answers live in one byte per pair: 0 unknown, 1 no, 2 yes.
Rows are ``bytearray`` so a cached question costs two dict lookups and two indexings.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from rulekeeper.games.battleground.board.measures import Position

UNKNOWN, NO, YES = 0, 1, 2


class PairTable:
    def __init__(self, positions: Iterable[Position]) -> None:
        self.positions = sorted(positions)
        self.index = {p: i for i, p in enumerate(self.positions)}
        size = len(self.positions)
        self.rows = [bytearray(size) for _ in range(size)]

    def get(self, a: Position, b: Position) -> bool | None:
        ia = self.index.get(a)
        ib = self.index.get(b)
        if ia is None or ib is None:
            return None
        value = self.rows[ia][ib]
        return None if value == UNKNOWN else value == YES

    def put(self, a: Position, b: Position, value: bool) -> None:
        ia = self.index.get(a)
        ib = self.index.get(b)
        if ia is not None and ib is not None:
            self.rows[ia][ib] = YES if value else NO

    def fill(
        self,
        first: npt.NDArray[np.int64],
        second: npt.NDArray[np.int64],
        values: npt.NDArray[np.bool_],
    ) -> None:
        """Store many answers at once (indexes into ``positions``)."""
        matrix = self.matrix()
        matrix[first, second] = np.where(values, YES, NO)
        self.rows = [bytearray(row.tobytes()) for row in matrix]

    def matrix(self) -> npt.NDArray[np.uint8]:
        size = len(self.positions)
        if size == 0:
            return np.zeros((0, 0), dtype=np.uint8)
        return np.frombuffer(b"".join(self.rows), dtype=np.uint8).reshape(size, size).copy()

    def known(self) -> int:
        return sum(len(row) - row.count(UNKNOWN) for row in self.rows)
