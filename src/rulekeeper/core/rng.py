"""PCG32 pseudo-random generator, written out so every platform draws the same numbers.

Games must be reproducible from ``(seed, history)`` forever: saved games,
replays, bug reports and network play all re-run the rules and expect the same
dice.  Python's ``random`` module makes no cross-version promise and is global
state, so the engine carries its own generator: M. E. O'Neill's ``pcg32``
(64-bit LCG state, XSH-RR output), bit-exact with the reference C code.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence, Sequence
from typing import Any, Self, TypeVar

from rulekeeper.core.errors import DataError
from rulekeeper.core.fields import as_int, as_mapping, member

__all__ = ["Pcg32", "fnv1a_64"]

T = TypeVar("T")

_MASK32 = 0xFFFFFFFF
_MASK64 = 0xFFFFFFFFFFFFFFFF
_MULTIPLIER = 6364136223846793005
_TWO_POW_53 = float(1 << 53)

_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3


def fnv1a_64(data: bytes) -> int:
    """64-bit FNV-1a.  Used instead of ``hash()``, which is salted per process."""
    h = _FNV_OFFSET
    for byte in data:
        h ^= byte
        h = (h * _FNV_PRIME) & _MASK64
    return h


def _splitmix64(x: int) -> int:
    """One SplitMix64 finaliser step; spreads nearby inputs far apart."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


class Pcg32:
    """pcg32 generator; ``Pcg32(seed, stream)`` equals ``pcg32_srandom_r(seed, stream)``.

    The whole state is two integers, so it serializes trivially and cloning is
    cheap, which matters because game states embed one and search clones them.
    """

    __slots__ = ("_inc", "_state")

    def __init__(self, seed: int, stream: int = 54) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, got {type(seed).__name__}")
        if isinstance(stream, bool) or not isinstance(stream, int):
            raise TypeError(f"stream must be an int, got {type(stream).__name__}")
        # Mirrors pcg32_srandom_r: the stream selects the LCG increment (must be
        # odd), then the seed is mixed in between two steps.
        self._state = 0
        self._inc = ((stream << 1) | 1) & _MASK64
        self._step()
        self._state = (self._state + seed) & _MASK64
        self._step()

    def _step(self) -> None:
        self._state = (self._state * _MULTIPLIER + self._inc) & _MASK64

    def next_u32(self) -> int:
        """Next 32-bit output, uniformly distributed over ``[0, 2**32)``."""
        old = self._state
        self._state = (old * _MULTIPLIER + self._inc) & _MASK64  # _step, inlined: hot
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``, without modulo bias."""
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError(f"bound must be an int, got {type(n).__name__}")
        if n < 1:
            raise ValueError(f"bound must be at least 1, got {n}")
        if n <= 1 << 32:
            # pcg32_boundedrand_r: reject the few low values that would make
            # some residues more likely than others.
            threshold = ((1 << 32) - n) % n
            while True:
                r = self.next_u32()
                if r >= threshold:
                    return r % n
        # Wider bounds: take just enough 32-bit words and reject overshoots.
        bits = (n - 1).bit_length()
        words = (bits + 31) // 32
        mask = (1 << bits) - 1
        while True:
            r = 0
            for _ in range(words):
                r = (r << 32) | self.next_u32()
            r &= mask
            if r < n:
                return r

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in ``[lo, hi]`` (both ends included, like a die)."""
        if hi < lo:
            raise ValueError(f"empty range [{lo}, {hi}]")
        return lo + self.below(hi - lo + 1)

    def random(self) -> float:
        """Uniform float in ``[0, 1)`` with 53 random bits; always uses two outputs."""
        a = self.next_u32() >> 5
        b = self.next_u32() >> 6
        return (a * 67108864 + b) / _TWO_POW_53

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.below(len(seq))]

    def weighted_index(self, weights: Sequence[float]) -> int:
        """Index ``i`` drawn with probability ``weights[i] / sum(weights)``.

        Always consumes exactly one :meth:`random` draw (two outputs), whatever
        the weights; the game state relies on this to keep chance nodes
        replayable (see ``GameState.resolve_chance``).
        """
        total = 0.0
        last_positive = -1
        for i, w in enumerate(weights):
            if not (w >= 0.0) or w == float("inf"):
                raise ValueError(f"weight {i} must be finite and non-negative, got {w!r}")
            if w > 0.0:
                last_positive = i
            total += w
        if last_positive < 0:
            raise ValueError("weights must contain at least one positive value")
        target = self.random() * total
        cumulative = 0.0
        for i, w in enumerate(weights):
            cumulative += w
            if w > 0.0 and target < cumulative:
                return i
        # Rounding can leave target a hair above the final cumulative sum.
        return last_positive

    def derive(self, name: str) -> Pcg32:
        """An independent generator named *name*, derived from the current state.

        Does not advance ``self``: deriving the same name twice from the same
        state gives the same stream, so subsystems (e.g. each deck) can own a
        stream whose draws do not shift when another subsystem draws more.
        """
        h = fnv1a_64(name.encode("utf-8"))
        seed = _splitmix64(self._state ^ h)
        stream = _splitmix64(self._inc ^ _splitmix64(h))
        return Pcg32(seed, stream)

    def clone(self) -> Pcg32:
        other = Pcg32.__new__(Pcg32)
        other._state = self._state
        other._inc = self._inc
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Pcg32:
        return self.clone()

    def to_data(self) -> dict[str, int]:
        return {"state": self._state, "inc": self._inc}

    @classmethod
    def from_data(cls, data: Mapping[str, Any], source: str = "rng", path: str = "") -> Self:
        """Restore from :meth:`to_data`; raises :class:`DataError` naming the bad field."""
        data = as_mapping(data, source, path)
        fields: dict[str, int] = {}
        for key in ("state", "inc"):
            field = f"{path}.{key}" if path else key
            value = as_int(member(data, key, source, path), source, field)
            if not 0 <= value <= _MASK64:
                raise DataError(source, field, "must be an unsigned 64-bit integer")
            fields[key] = value
        if fields["inc"] % 2 == 0:
            raise DataError(source, f"{path}.inc" if path else "inc", "must be odd")
        other = cls.__new__(cls)
        other._state = fields["state"]
        other._inc = fields["inc"]
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pcg32):
            return NotImplemented
        return self._state == other._state and self._inc == other._inc

    def __hash__(self) -> int:
        return hash((self._state, self._inc))

    def __repr__(self) -> str:
        return f"Pcg32.from_data({{'state': {self._state:#x}, 'inc': {self._inc:#x}}})"
