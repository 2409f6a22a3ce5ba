"""``rulekeeper odds GAME``: exact odds, by enumeration with the engine's own rules code
(issue 9 §3). Never by sampling.

``rulekeeper odds battleground --dice 5 --scope 4 --defence 3``: the distributions of an attack
test's successes, of the net successes after the defence test and, with ``--weapon ID``, of the
weapon's result row (views/odds.py: rerolls are spent on failed initial dice, free ones first).

``rulekeeper odds homm3-combat --battle FILE --attacker U --target U``: an attack's damage and
the target's fate, the attacker as if activating now (combat/odds.py).

``--json`` prints one JSON object instead of tables.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from rulekeeper.core import RulekeeperError, load_game

app = typer.Typer(help="Exact odds of dice and attacks, by enumeration.", no_args_is_help=True)
REROLLS_NOTE = "rerolls are spent on failed initial dice, free ones first"


def _table(title: str, distribution: dict[Any, float], label: str) -> Table:
    table = Table(title=title)
    table.add_column(label, justify="right")
    table.add_column("probability", justify="right")
    table.add_column("at least", justify="right")
    keys = sorted(distribution, key=lambda k: (k is None, k if k is not None else 0))
    for key in keys:
        if key is None:
            table.add_row("none", f"{distribution[key]:.4f}", "")
            continue
        reached = sum(p for k, p in distribution.items() if k is not None and k >= key)
        table.add_row(str(key), f"{distribution[key]:.4f}", f"{reached:.4f}")
    return table


@app.command("battleground")
def battleground(
    dice: Annotated[int, typer.Option(min=0, max=30, help="Dice of the attack test.")],
    scope: Annotated[int, typer.Option(min=1, max=7, help="The attack test's scope.")] = 4,
    defence: Annotated[int, typer.Option(min=0, max=30, help="Dice of the defence test.")] = 0,
    defence_scope: Annotated[int, typer.Option(min=1, max=7, help="The defence's scope.")] = 4,
    free_rerolls: Annotated[int, typer.Option(min=0, max=30)] = 0,
    mana: Annotated[int, typer.Option(min=0, max=30, help="Mana rerolls.")] = 0,
    weapon: Annotated[str | None, typer.Option(help="A weapon id: its result rows.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """The odds of a Battleground attack test, its defence and the weapon's result."""
    from rulekeeper.games.battleground.content.pack import load_content_pack
    from rulekeeper.games.battleground.views import odds

    attack = odds.success_distribution(dice, scope, free_rerolls=free_rerolls, mana_rerolls=mana)
    against = odds.success_distribution(defence, defence_scope)
    net = odds.net_distribution(attack, against)
    doc: dict[str, Any] = {"attack": attack, "defence": against, "net": net, "note": REROLLS_NOTE}
    if weapon is not None:
        pack = load_content_pack()
        if weapon not in pack.weapons:
            Console().print(f"[red]error:[/] no weapon {escape(weapon)!r} in the card data")
            raise typer.Exit(2)
        rows = [row.successes for row in pack.weapons[weapon].results]
        doc["outcome"] = odds.outcome_distribution(net, rows)
    if as_json:
        typer.echo(json.dumps({k: _keys(v) for k, v in doc.items()}, indent=2))
        return
    console = Console()
    console.print(_table(f"attack: {dice} dice at scope {scope}", attack, "successes"))
    console.print(_table(f"defence: {defence} dice at scope {defence_scope}", against, "successes"))
    console.print(_table("net successes", net, "successes"))
    if "outcome" in doc:
        console.print(_table(f"{weapon}: the result row reached", doc["outcome"], "row"))
    console.print(f"[dim]{REROLLS_NOTE}[/]")


def _keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {("none" if k is None else str(k)): v for k, v in value.items()}
    return value


@app.command("homm3-combat")
def homm3_combat(
    battle: Annotated[Path, typer.Option(help="A battle file with both units on the board.")],
    attacker: Annotated[str, typer.Option(help="The attacking unit's id.")],
    target: Annotated[str, typer.Option(help="The target unit's id.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """The odds of a HoMM3 attack: its damage and the target's fate (survives, flips to Few,
    destroyed), the attacker activating now."""
    from rulekeeper.games.homm3.combat import targets
    from rulekeeper.games.homm3.combat.activation import ActivationStep
    from rulekeeper.games.homm3.combat.odds import attack_odds

    console = Console()
    try:
        state: Any = load_game("homm3-combat", battle=battle).new_initial_state(seed=0)
        units = state.battle.units
        for uid in (attacker, target):
            if uid not in units:
                raise RulekeeperError(f"no unit {uid!r} in the battle ({', '.join(units)})")
        step = ActivationStep(unit=attacker, started=True)
        if target not in targets.shots(state, units[attacker], False):
            raise RulekeeperError(f"{attacker} cannot attack {target} from where it stands")
        doc: dict[str, Any] = dict(attack_odds(state, step.attack_step(state, target)))
    except (OSError, RulekeeperError) as error:
        console.print(f"[red]error:[/] {escape(str(error))}")
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(doc, indent=2))
        return
    damage = {int(k): v for k, v in doc["damage"].items()}
    console.print(_table(f"{attacker} attacks {target}", damage, "damage"))
    fates = ", ".join(f"{k} {v:.4f}" for k, v in doc["outcome"].items())
    console.print(f"{target}: {fates}; expected damage {doc['expected_damage']:.3f}")
