"""Content packs: card data written as YAML, checked by a pydantic schema, every problem reported.

What every game's card data shares: a card base with ``id``, ``name``, rules ``text`` and the
provenance of its values (``provisional``: the fields we had to author because the rulebook does
not print them; ``source``: where each printed value comes from), safe YAML reading, and
validation that collects every problem of a file as a :class:`DataError` ``(source, field,
reason)`` whose field is a bracketed path such as ``weapons[3].results[0].effects[1]``.

A game makes one :class:`ContentReader` with the tag names of its tagged unions (effect kinds,
condition kinds, ...), so that error paths read ``effects[1].amount`` rather than pydantic's
``effects[1].wounds.amount``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from importlib.resources.abc import Traversable
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import ErrorDetails

from rulekeeper.core.errors import DataError

__all__ = ["NOT_VALUES", "CardBase", "ContentReader", "digest", "folder_digest", "read_yaml"]

#: Fields that are not card values, so never listed as provisional or sourced.
NOT_VALUES: frozenset[str] = frozenset({"id", "text", "provisional", "source"})

# libyaml's loader when available (about 8x faster), the pure-Python one otherwise.
_LOADER: type[yaml.SafeLoader] | type[yaml.CSafeLoader] = getattr(
    yaml, "CSafeLoader", yaml.SafeLoader
)

M = TypeVar("M", bound=BaseModel)


class CardBase(BaseModel):
    """What every card has: an id, a name, its rules text, and where its values come from.

    ``provisional`` lists the fields (or paths inside fields, such as ``skills[0].ap_cost``) whose
    values we authored because the rulebook does not print them; ``source`` maps the fields it does
    print to the rulebook section (or public database page) that states them.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=60)
    name: str = Field(min_length=1)
    text: str = ""
    provisional: list[str] = Field(default_factory=list)
    source: dict[str, str] = Field(default_factory=dict)


def read_yaml(text: str, source: str) -> tuple[Any, list[DataError]]:
    """Parse YAML safely; a syntax error becomes one problem on the ``(yaml)`` field."""
    try:
        return yaml.load(text, Loader=_LOADER), []
    except yaml.YAMLError as error:
        reason = " ".join(f"not valid YAML: {error}".split())
        return None, [DataError(source, "(yaml)", reason)]


def _reason(item: ErrorDetails) -> str:
    """pydantic's message, reworded where a card author needs a plainer one."""
    kind = item["type"]
    context = item.get("ctx") or {}
    if kind == "union_tag_invalid":
        return f"unknown kind {context.get('tag')!r} (known kinds: {context.get('expected_tags')})"
    if kind == "union_tag_not_found":
        return "missing 'kind'"
    if kind == "missing":
        return "missing"
    if kind == "extra_forbidden":
        return "unknown field"
    return str(item["msg"])


class ContentReader:
    """Validation of one game's content files, with error paths in the game's own terms."""

    __slots__ = ("_tags", "_union_fields")

    def __init__(self, tags: Iterable[str] = (), union_fields: Iterable[str] = ()) -> None:
        self._tags = frozenset(tags)
        """Tag values of tagged unions (pydantic puts them in error locations)."""
        self._union_fields = frozenset(union_fields)
        """Fields holding one tagged union (not a list of them)."""

    def format_loc(self, loc: Sequence[int | str]) -> str:
        """A pydantic error location as a bracketed path, without the union tags."""
        path = ""
        previous: int | str | None = None
        for part in loc:
            if isinstance(part, int):
                path += f"[{part}]"
            elif part in self._tags and (
                isinstance(previous, int) or previous in self._union_fields
            ):
                pass  # "effects[1].wounds.amount" -> "effects[1].amount"
            else:
                path = f"{path}.{part}" if path else part
            previous = part
        return path or "(top level)"

    def problems(self, error: ValidationError, source: str, prefix: str) -> list[DataError]:
        """Every problem pydantic found, located under *prefix*."""
        out = []
        for item in error.errors():
            where = self.format_loc([prefix, *item["loc"]] if prefix else item["loc"])
            out.append(DataError(source, where, _reason(item)))
        return out

    def validate_entries(
        self, raw: Any, key: str, model: type[M], source: str
    ) -> tuple[list[tuple[int, M]], list[DataError], set[str]]:
        """Validate ``raw[key]``, a list of entries with ids, one entry at a time.

        Returns the valid entries with their index in the file (for error paths), every problem
        (duplicate ids included), and the ids of the invalid entries that had a string id, so that
        cross-checks do not also report references to them as unknown.
        """
        if not isinstance(raw, dict):
            kind = "nothing" if raw is None else type(raw).__name__
            reason = f"expected a mapping with {key!r}, got {kind}"
            return [], [DataError(source, "(top level)", reason)], set()
        problems = [
            DataError(source, str(extra), f"unknown top-level key (expected only {key!r})")
            for extra in raw
            if extra != key
        ]
        entries = raw.get(key)
        if not isinstance(entries, list) or not entries:
            problems.append(DataError(source, key, "expected a non-empty list"))
            return [], problems, set()
        valid: list[tuple[int, M]] = []
        broken: set[str] = set()
        seen: dict[str, int] = {}
        for index, entry in enumerate(entries):
            try:
                card = model.model_validate(entry)
            except ValidationError as error:
                problems.extend(self.problems(error, source, f"{key}[{index}]"))
                if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                    broken.add(entry["id"])
                continue
            card_id = getattr(card, "id", None)
            if isinstance(card_id, str):
                if card_id in seen:
                    reason = f"duplicate id {card_id!r} (first at {key}[{seen[card_id]}])"
                    problems.append(DataError(source, f"{key}[{index}].id", reason))
                    continue
                seen[card_id] = index
            valid.append((index, card))
        return valid, problems, broken

    def validate_whole(
        self, raw: Any, model: type[M], source: str
    ) -> tuple[M | None, list[DataError]]:
        """Validate a whole document against ``model``, collecting every problem."""
        try:
            return model.model_validate(raw), []
        except ValidationError as error:
            return None, self.problems(error, source, "")


def digest(parts: Iterable[tuple[str, str]]) -> str:
    """``sha256:<hex>`` of named texts (a pack's files, a map), in the order given: what a
    replay records to tell whether it is replayed on the same cards."""
    hasher = hashlib.sha256()
    for name, text in parts:
        hasher.update(name.encode("utf-8") + b"\0" + text.encode("utf-8") + b"\0")
    return f"sha256:{hasher.hexdigest()}"


def folder_digest(folder: Traversable, names: Iterable[str]) -> str:
    """:func:`digest` of the files *names* of *folder* (a missing file counts as empty)."""
    parts = []
    for name in names:
        entry = folder.joinpath(name)
        parts.append((name, entry.read_text(encoding="utf-8") if entry.is_file() else ""))
    return digest(parts)
