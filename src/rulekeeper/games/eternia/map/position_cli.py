"""``rulekeeper eternia position``: show an ``eternia-position`` file, or check some
(docs/eternia-positions.md).

``show`` lists where the game stands (round, the teams' Eternium, VP and soldiers, the heroes
and what they hold, the soldiers on the map, a combat under way, the pending steps) and what
the player to act may do; ``check`` prints OK for each good file and every problem of the
others as file: field: reason (exit code 1). Paths are read from the current folder.
"""

from __future__ import annotations

from typing import Any

import typer

from rulekeeper.cli.positions import (
    add_commands,
    to_act,
)

__all__ = ["app", "board_lines", "summary"]

app = typer.Typer(
    help="Fields of Eternia map positions (docs/eternia-positions.md): show a position file, "
    "or check some.",
    no_args_is_help=True,
)


def summary(state: Any) -> str:
    """The round, the team to activate next and who is to act, in one line."""
    return (
        f"Round {state.round}, team {state.active_team} activates next; "
        f"{to_act(state, state.describe_result())}"
    )


def board_lines(state: Any) -> list[str]:
    """Each team, each hero, the soldiers on the map and a combat under way, a line each."""
    lines = []
    for index, team in enumerate(state.teams):
        lines.append(
            f"Team {index} ({team.faction}, seats {', '.join(map(str, team.seats))}): "
            f"{team.eternium} Eternium, {team.vp} VP, {team.soldiers} soldiers in supply, "
            f"{len(team.deck)} combat cards"
        )
    for hero in state.heroes:
        held = [c for c in (hero.ally, hero.mount, hero.artifact) if c]
        held += [*hero.armor.values(), *hero.spells]
        done = ", activated" if hero.activated else ""
        lines.append(
            f"Hero {hero.id} (team {hero.team}) in {hero.area}, damage {hero.damage}{done}; "
            f"holds {', '.join(held) or 'nothing'}"
        )
    placed = [f"{area} {counts}" for area, counts in sorted(state.soldiers.items()) if any(counts)]
    lines.append(f"Soldiers: {'; '.join(placed) or 'none'}")
    if state.epic.fighters:
        lines.append(f"Epic combat under way: {len(state.epic.fighters)} fighters")
    lines.append("Pending: " + " > ".join(step.kind for step in state.flow.steps))
    return lines


add_commands(app, "eternia", board_lines, summary)
