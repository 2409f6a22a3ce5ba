"""Content packs: card data written as YAML, checked by a pydantic schema, every problem reported.

What every game's card data shares: a card base with ``id``, ``name``, rules ``text`` and the
provenance of its values (``provisional``: the fields we had to author because the rulebook does
not print them; ``source``: where each printed value comes from), safe YAML reading, and
validation that collects every problem of a file as a :class:`DataError` ``(source, field,
reason)`` whose field is a bracketed path such as ``weapons[3].results[0].effects[1]``.

Every YAML or JSON file the engine reads from outside (card data, maps, positions, battle files)
goes through :func:`load_yaml` or :func:`load_json`: a key given twice in one object is refused,
and so is a document nested deeper than :data:`~rulekeeper.core.jsonvalue.MAX_DEPTH` levels or,
for YAML, holding more than :data:`MAX_YAML_VALUES` values once its aliases are expanded (an
"alias bomb" of a few lines would otherwise expand to billions).

A game makes one :class:`ContentReader` with the tag names of its tagged unions (effect kinds,
condition kinds, ...), so that error paths read ``effects[1].amount`` rather than pydantic's
``effects[1].wounds.amount``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import ErrorDetails

from rulekeeper.core.errors import DataError
from rulekeeper.core.jsonvalue import MAX_DEPTH, check_json

__all__ = [
    "MAX_YAML_VALUES",
    "NOT_VALUES",
    "CardBase",
    "ContentReader",
    "SafeYamlLoader",
    "digest",
    "first_problem",
    "folder_digest",
    "load_json",
    "load_yaml",
    "parse_yaml",
    "read_named",
    "read_yaml",
    "shipped_file",
    "shipped_names",
]

#: Fields that are not card values, so never listed as provisional or sourced.
NOT_VALUES: frozenset[str] = frozenset({"id", "text", "provisional", "source"})

# libyaml's loader when available (about 8x faster), the pure-Python one otherwise.
_LOADER: type[yaml.SafeLoader] | type[yaml.CSafeLoader] = getattr(
    yaml, "CSafeLoader", yaml.SafeLoader
)

MAX_YAML_VALUES = 500_000
"""The most values (scalars, lists and mappings) a YAML document may hold once every alias is
expanded: more is refused before anything is built."""

M = TypeVar("M", bound=BaseModel)


class SafeYamlLoader(_LOADER):  # type: ignore[valid-type,misc]
    """The safe loader, refusing a key given twice in one mapping (YAML would keep the last)."""


def _unique_mapping(loader: SafeYamlLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    """A mapping whose keys are all different (a repeated key is an error at its line)."""
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node)
        try:
            repeated = key in seen
            seen.add(key)
        except TypeError:  # an unhashable key: the constructor refuses it
            continue
        if repeated:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
    mapping: dict[Any, Any] = loader.construct_mapping(node)
    return mapping


SafeYamlLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _unique_mapping)


def _too_big(reason: str, event: yaml.Event) -> yaml.YAMLError:
    return yaml.constructor.ConstructorError(None, None, reason, event.start_mark)  # type: ignore[arg-type]


def _check_yaml_size(text: str) -> None:
    """Raise a YAMLError if the document nests deeper than MAX_DEPTH or holds more than
    MAX_YAML_VALUES values with its aliases expanded (one pass over the parser's events,
    before the document is built: the builder recurses, and would not stop at an alias bomb)."""
    anchors: dict[str, tuple[int, int]] = {}
    """Per anchor: the values it names (aliases expanded) and its height."""
    opened: list[list[Any]] = [[0, 0, None]]
    """The collections being read, outermost first: [values, height, anchor]."""
    for event in yaml.parse(text, Loader=_LOADER):
        if isinstance(event, yaml.CollectionStartEvent):
            opened.append([1, 0, event.anchor])
            if len(opened) - 1 > MAX_DEPTH:
                raise _too_big(f"nested deeper than {MAX_DEPTH} levels", event)
            continue
        if isinstance(event, yaml.CollectionEndEvent):
            size, height, anchor = opened.pop()
            found = (size, height + 1)
        elif isinstance(event, yaml.ScalarEvent):
            anchor, found = event.anchor, (1, 0)
        elif isinstance(event, yaml.AliasEvent):
            if any(entry[2] == event.anchor for entry in opened):
                raise _too_big(f"the alias *{event.anchor} is inside the value it names", event)
            anchor, found = None, anchors.get(str(event.anchor), (1, 0))
        else:
            continue
        if anchor is not None:
            anchors[anchor] = found
        _add_to(opened, found, event)


def _add_to(opened: list[list[Any]], found: tuple[int, int], event: yaml.Event) -> None:
    """Count a value of *found* (values, height) in the collection being read."""
    holder = opened[-1]
    holder[0] += found[0]
    holder[1] = max(holder[1], found[1])
    if len(opened) - 1 + found[1] > MAX_DEPTH:
        raise _too_big(f"nested deeper than {MAX_DEPTH} levels (aliases expanded)", event)
    if sum(entry[0] for entry in opened) > MAX_YAML_VALUES:
        raise _too_big(f"more than {MAX_YAML_VALUES} values once its aliases are expanded", event)


def parse_yaml(text: str) -> Any:
    """The YAML document *text*, read safely (see the module's note on limits); raises a
    ``yaml.YAMLError`` for a document that is not valid or goes beyond a limit."""
    _check_yaml_size(text)
    try:
        return yaml.load(text, Loader=SafeYamlLoader)
    except RecursionError:  # pragma: no cover - the size check bounds the depth first
        raise yaml.YAMLError(f"nested deeper than {MAX_DEPTH} levels") from None


def load_yaml(text: str, source: str, field: str = "(yaml)") -> Any:
    """:func:`parse_yaml`, a problem raised as a DataError on *field* of *source*."""
    try:
        return parse_yaml(text)
    except yaml.YAMLError as error:
        raise DataError(source, field, " ".join(f"not valid YAML: {error}".split())) from None


def _unique_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise ValueError(f"duplicate key {key!r}")
        found[key] = value
    return found


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def load_json(text: str, source: str, field: str = "(json)") -> Any:
    """The JSON document *text* (no key twice in an object, no NaN, nested at most MAX_DEPTH
    levels), a problem raised as a DataError on *field* of *source*."""
    try:
        data = json.loads(text, object_pairs_hook=_unique_object, parse_constant=_reject_constant)
        check_json(data)
    except RecursionError:
        reason = f"not valid JSON: nested deeper than {MAX_DEPTH} levels"
        raise DataError(source, field, reason) from None
    except (TypeError, ValueError) as error:
        raise DataError(source, field, " ".join(f"not valid JSON: {error}".split())) from None
    return data


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
    """Parse YAML safely (:func:`load_yaml`); a problem becomes one on the ``(yaml)`` field."""
    try:
        return load_yaml(text, source), []
    except DataError as error:
        return None, [error]


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


def shipped_file(package: str, name: str, suffix: str = ".yaml") -> Path:
    """The path of the data file *name* (with or without *suffix*) shipped in *package*."""
    return Path(str(resources.files(package) / f"{name.removesuffix(suffix)}{suffix}"))


def shipped_names(package: str, suffix: str = ".yaml") -> list[str]:
    """The names (without *suffix*) of the data files shipped in *package*, sorted."""
    folder = resources.files(package)
    return sorted(p.name.removesuffix(suffix) for p in folder.iterdir() if p.name.endswith(suffix))


def read_named(source: Any, shipped: Mapping[str, str], kind: str) -> tuple[str, Any]:
    """(where, data) of a data file given as a shipped file's name, a path or parsed data
    (*kind*: what it is, the source of parsed data); a file that cannot be read is a
    DataError."""
    if not isinstance(source, str | Path):
        return kind, source
    path = Path(shipped.get(str(source), str(source)))
    where = str(source) if str(source) in shipped else path.name
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise DataError(where, "(file)", f"cannot read: {error.strerror}") from None
    return where, load_yaml(text, where)


def first_problem(where: str, problems: Sequence[tuple[str, str]]) -> DataError:
    """The DataError of the first of *problems* (field, reason), counting the others."""
    field_name, reason = problems[0]
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return DataError(where, field_name, reason + more)
