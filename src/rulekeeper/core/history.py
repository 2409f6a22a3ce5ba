"""A game's history: who took which action, and who may see it (a secret choice shows others
only its cover). Entries are kept as their fields in a shared chain (:class:`Records`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core.actions import Action
from rulekeeper.core.chain import Records
from rulekeeper.core.errors import DataError
from rulekeeper.core.fields import as_int, as_list, as_mapping, as_str, join, member
from rulekeeper.core.jsonvalue import JsonObject, canonical_dumps

__all__ = ["LoggedAction", "history_of", "history_text"]


@dataclass(frozen=True)
class LoggedAction:
    """One history entry: who acted (``CHANCE`` for chance outcomes) and what.

    A secret action (a hidden card choice) names the seats who may see it in ``visible_to``
    and says what everyone else learns in ``cover`` (see :meth:`GameState.history_for`)."""

    player: int
    action: Action
    visible_to: tuple[int, ...] | None = None
    cover: str = ""

    def to_json(self) -> JsonObject:
        data: JsonObject = {"player": self.player, "action": self.action.to_json()}
        if self.visible_to is not None:
            data["visible_to"] = list(self.visible_to)
            data["cover"] = self.cover
        return data

    def visible_for(self, seats: Sequence[int]) -> bool:
        """Whether a player seeing through *seats* (theirs and their team's) may see it."""
        return self.visible_to is None or any(s in self.visible_to for s in seats)

    @classmethod
    def from_json(cls, data: Any, source: str = "history", path: str = "") -> LoggedAction:
        mapping = as_mapping(data, source, path)
        player = as_int(member(mapping, "player", source, path), source, join(path, "player"))
        raw = member(mapping, "action", source, path)
        try:
            action = Action.from_json(raw)
        except DataError as exc:
            apath = join(path, "action")
            field = apath if exc.field == "<root>" else join(apath, exc.field)
            raise DataError(source, field, exc.reason) from exc
        raw_visible = mapping.get("visible_to")
        if raw_visible is None:
            return cls(player, action)
        vpath = join(path, "visible_to")
        visible = tuple(
            as_int(p, source, join(vpath, i))
            for i, p in enumerate(as_list(raw_visible, source, vpath)[:64])
        )
        cover = as_str(mapping.get("cover", ""), source, join(path, "cover"))
        return cls(player, action, visible, cover[:1000])


def _logged(index: int, fields: Sequence[Any]) -> LoggedAction:
    """A history entry from its fields (player, action, visible_to, cover)."""
    return LoggedAction(fields[0], fields[1], fields[2], fields[3])


def history_of(entries: Iterable[LoggedAction]) -> Records[LoggedAction]:
    """A history holding *entries* (kept as their fields; see :class:`Records`)."""
    return Records(4, _logged, ((e.player, e.action, e.visible_to, e.cover) for e in entries))


def _logged_text(index: int, fields: Sequence[Any]) -> str:
    """The canonical JSON text of one history entry (what ``LoggedAction.to_json`` holds)."""
    return canonical_dumps(_logged(index, fields).to_json())


def history_text(history: Records[LoggedAction]) -> str:
    """``canonical_dumps`` of the history's entries, each written once (core/chain.py
    ``joined``: the links clones share keep their text)."""
    return "[" + history.joined(_logged_text, _logged_text) + "]"
