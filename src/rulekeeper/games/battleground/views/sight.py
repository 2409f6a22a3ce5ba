"""``los A B`` at the terminal: whether character A sees character B, how far, and whether B
would be in cover from A, by the battlefield's own sight and cover rules (battleground.md §2,
Line of Sight, Cover)."""

from __future__ import annotations

from rulekeeper.games.battleground.game import BattlegroundState
from rulekeeper.games.battleground.model import Fighter

USAGE = "los A B: whether character A sees character B (e.g. los he-man skeletor)"


def find(state: BattlegroundState, word: str) -> list[Fighter]:
    """The characters on the battlefield whose id or name begins with *word*."""
    word = word.casefold()
    return [
        f
        for f in state.on_board()
        if f.id.casefold().startswith(word) or state.card(f.id).name.casefold().startswith(word)
    ]


def sight_text(state: BattlegroundState, a: Fighter, b: Fighter) -> str:
    """What *a* sees of *b*: range, line of sight, cover."""
    field = state.field
    others = [f.position for f in state.on_board() if f is not a and f is not b]
    seen = field.line_of_sight(a.position, b.position)
    cover = field.cover(a.position, b.position, others)
    inches = field.range_inches(a.position, b.position)
    names = f"{state.card(a.id).name} at {a.position} to {state.card(b.id).name} at {b.position}"
    return f'{names}: {inches:.1f}"; {seen.reason}; {cover.reason}'


def command(state: BattlegroundState, seat: int, line: str) -> str | None:
    """The answer to ``los A B`` (or ``sight A B``); None for any other line."""
    words = line.split()
    if not words or words[0].casefold() not in ("los", "sight"):
        return None
    if len(words) != 3:
        return USAGE
    found = [find(state, word) for word in words[1:]]
    for word, fighters in zip(words[1:], found, strict=True):
        if len(fighters) != 1:
            names = ", ".join(state.card(f.id).name for f in state.on_board())
            what = "no character" if not fighters else "more than one character"
            return f"{what} on the battlefield is called {word!r} (there are: {names})"
    return sight_text(state, found[0][0], found[1][0])
