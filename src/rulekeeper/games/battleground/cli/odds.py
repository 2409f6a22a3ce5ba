"""``rulekeeper odds battleground``: the exact odds of a Battleground attack (issue 9 §3), by
enumeration with the engine's own rules code, never by sampling (cli/odds.py: the tables, the
JSON and the plots every game's odds share).

``rulekeeper odds battleground --dice 5 --scope 4 --defence 3``: the distributions of an attack
test's successes, of the net successes after the defence test and, with ``--weapon ID``, of the
weapon's result row (views/odds.py: rerolls are spent on failed initial dice, free ones first).

``rulekeeper odds battleground --position FILE --attacker ID --target ID [--weapon ID]``: the
same for an attack in a position (docs/positions.md), every modifier (flank, cover, focus, buffs,
abilities, rerolls) as the rules set them: the attacker must be the character activating there
(``state.odds``, views/attack_odds.py), and the odds of a knock-out come too.

``--json`` prints one JSON object instead of tables; ``--plot FILE`` draws the distributions
(PNG or SVG, by the file's suffix).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from rulekeeper.cli.odds import OptionError, check_plot, fail, json_keys, odds_table, plot
from rulekeeper.core import Action, RulekeeperError, load_game
from rulekeeper.games.battleground.content.pack import load_content_pack
from rulekeeper.games.battleground.game import BattlegroundState
from rulekeeper.games.battleground.rules import combat
from rulekeeper.games.battleground.rules.dicetest import MAX_MANA_REROLLS
from rulekeeper.games.battleground.views import odds as dice_odds

REROLLS_NOTE = "rerolls are spent on failed initial dice, free ones first"


def load_position(path: Path) -> BattlegroundState:
    """The Battleground position in *path* (docs/positions.md), as a state."""
    try:
        state = load_game("battleground", position=path).new_initial_state(seed=0)
    except RulekeeperError as error:
        raise OptionError("--position", str(error)) from None
    assert isinstance(state, BattlegroundState)
    return state


def position_attack(
    state: BattlegroundState, attacker: str, target: str, weapon: str | None
) -> tuple[Action, int]:
    """The ``attack`` action *attacker* would declare on *target* in *state*, and its seat; an
    :class:`OptionError` naming the option at fault when there is none (the rule from
    ``state.explain``)."""
    names = ", ".join(state.fighters)
    for option, uid in (("--attacker", attacker), ("--target", target)):
        if uid not in state.fighters:
            raise OptionError(option, f"no character {uid!r} in the position ({names})")
    seat = state.fighters[attacker].owner
    turn = state.turns[-1] if state.turns else None
    if turn is None or turn.character != attacker or state.current_player() != seat:
        raise OptionError(
            "--attacker",
            f"{attacker} is not the character activating in the position (write its turn and "
            "an act step, docs/positions.md)",
        )
    legal = sorted(
        a.str_param("weapon")
        for a in state.legal_actions(seat)
        if a.kind == "attack" and a.get("target") == target
    )
    if weapon is None:
        if len(legal) > 1:
            raise OptionError(
                "--weapon", f"{attacker} can attack {target} with {', '.join(legal)}: choose one"
            )
        tried = legal or list(state.fighters[attacker].weapons) or ["fists"]
        weapon = tried[0]
    elif weapon != "fists" and state.weapon(weapon) is None:
        raise OptionError("--weapon", f"no weapon {weapon!r} in the card data")
    action = Action.of("attack", target=target, weapon=weapon)
    why = state.explain(action, seat)
    if not why.legal:
        option = "--weapon" if legal else "--target"
        raise OptionError(option, f"{why.reason} (rule: {why.rule})")
    return action, seat


def position_odds(state: BattlegroundState, action: Action, seat: int) -> dict[str, Any]:
    """The odds of *action* in *state*: the attack's successes, the defence's, the net
    successes, the weapon's result row and the knock-out, with the tests as the rules set them
    (views/attack_odds.py; the defence's distribution from its test on a clone)."""
    found = state.odds(action, seat)
    assert found is not None
    trial = state.clone()
    trial.apply_action(action, seat)
    step = trial.flow.find(combat.AttackStep)
    assert step is not None
    test = combat.defence_test(trial, step)
    defence = dice_odds.success_distribution(
        test.dice,
        test.scope,
        free_rerolls=test.free_rerolls,
        mana_rerolls=min(test.mana, MAX_MANA_REROLLS),
    )
    tests = {"attack": found["attack"], "defence": {**_dict(found["defence"]), **_rerolls(test)}}
    return {
        "attacker": found["attacker"],
        "target": found["target"],
        "weapon": found["weapon"],
        "attack": _dict(found["attack_successes"]),
        "defence": {str(k): v for k, v in sorted(defence.items())},
        "net": _dict(found["net"]),
        "outcome": _dict(found.get("outcome", {})),
        "knockout": found.get("knockout", 0.0),
        "tests": tests,
        "note": found["note"],
    }


def _dict(value: Any) -> dict[str, Any]:
    assert isinstance(value, dict)
    return dict(value)


def _rerolls(test: Any) -> dict[str, int]:
    return {"free_rerolls": test.free_rerolls, "mana_rerolls": min(test.mana, MAX_MANA_REROLLS)}


def _numbers(distribution: Mapping[str, float]) -> dict[int | None, float]:
    return {(None if k == "none" else int(k)): v for k, v in distribution.items()}


def _test_title(name: str, test: Mapping[str, Any]) -> str:
    rerolls = [f"{test.get(k, 0)} {k.split('_')[0]}" for k in ("free_rerolls", "mana_rerolls")]
    rerolls = [r for r in rerolls if not r.startswith("0 ")]
    extra = f" (rerolls: {', '.join(rerolls)})" if rerolls else ""
    return f"{name}: {test['dice']} dice at scope {test['scope']}{extra}"


def odds(
    dice: Annotated[
        int | None, typer.Option(min=0, max=30, help="Dice of the attack test (no --position).")
    ] = None,
    scope: Annotated[int, typer.Option(min=1, max=7, help="The attack test's scope.")] = 4,
    defence: Annotated[int, typer.Option(min=0, max=30, help="Dice of the defence test.")] = 0,
    defence_scope: Annotated[int, typer.Option(min=1, max=7, help="The defence's scope.")] = 4,
    free_rerolls: Annotated[int, typer.Option(min=0, max=30)] = 0,
    mana: Annotated[int, typer.Option(min=0, max=30, help="Mana rerolls.")] = 0,
    weapon: Annotated[str | None, typer.Option(help="A weapon id: its result rows.")] = None,
    position: Annotated[
        Path | None, typer.Option(help="A position file: the attack as the rules set it.")
    ] = None,
    attacker: Annotated[
        str | None, typer.Option(help="With --position: the character activating.")
    ] = None,
    target: Annotated[str | None, typer.Option(help="With --position: the target.")] = None,
    plot_file: Annotated[
        Path | None, typer.Option("--plot", help="Draw the distributions: a .png or .svg.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """The odds of a Battleground attack test, its defence and the weapon's result: from the
    dice given, or from an attack in a position (--position, --attacker, --target)."""
    try:
        check_plot(plot_file)
        if position is not None or attacker is not None or target is not None:
            if dice is not None:
                raise OptionError("--dice", "a position sets the dice: give --dice or --position")
            _from_position(position, attacker, target, weapon, plot_file, as_json)
            return
        if dice is None:
            raise OptionError("--dice", "give the attack's dice, or --position with --attacker")
    except RulekeeperError as error:
        raise fail(error) from None
    attack = dice_odds.success_distribution(
        dice, scope, free_rerolls=free_rerolls, mana_rerolls=mana
    )
    against = dice_odds.success_distribution(defence, defence_scope)
    net = dice_odds.net_distribution(attack, against)
    doc: dict[str, Any] = {"attack": attack, "defence": against, "net": net, "note": REROLLS_NOTE}
    if weapon is not None:
        pack = load_content_pack()
        if weapon not in pack.weapons:
            raise fail(OptionError("--weapon", f"no weapon {weapon!r} in the card data"))
        rows = [row.successes for row in pack.weapons[weapon].results]
        doc["outcome"] = dice_odds.outcome_distribution(net, rows)
    if plot_file is not None:
        panels = [("attack successes", attack), ("defence successes", against), ("net", net)]
        if "outcome" in doc:
            panels.append((f"{weapon}: row reached", doc["outcome"]))
        plot(plot_file, f"{dice} dice at scope {scope} against {defence} dice", panels)
    if as_json:
        typer.echo(json.dumps({k: json_keys(v) for k, v in doc.items()}, indent=2))
        return
    console = Console()
    console.print(odds_table(f"attack: {dice} dice at scope {scope}", attack, "successes"))
    console.print(
        odds_table(f"defence: {defence} dice at scope {defence_scope}", against, "successes")
    )
    console.print(odds_table("net successes", net, "successes"))
    if "outcome" in doc:
        console.print(odds_table(f"{weapon}: the result row reached", doc["outcome"], "row"))
    console.print(f"[dim]{REROLLS_NOTE}[/]")
    if plot_file is not None:
        console.print(f"plot: {escape(str(plot_file))}")


def _from_position(
    position: Path | None,
    attacker: str | None,
    target: str | None,
    weapon: str | None,
    plot_file: Path | None,
    as_json: bool,
) -> None:
    for option, given in (("--position", position), ("--attacker", attacker), ("--target", target)):
        if given is None:
            raise OptionError(
                option, "an attack in a position needs --position, --attacker, --target"
            )
    assert position is not None and attacker is not None and target is not None
    state = load_position(position)
    action, seat = position_attack(state, attacker, target, weapon)
    doc = position_odds(state, action, seat)
    title = f"{attacker} attacks {target} with {doc['weapon']}"
    if plot_file is not None:
        panels = [
            ("attack successes", _numbers(doc["attack"])),
            ("defence successes", _numbers(doc["defence"])),
            ("net", _numbers(doc["net"])),
            ("row reached", _numbers(doc["outcome"])),
        ]
        plot(plot_file, title, panels)
    if as_json:
        typer.echo(json.dumps(doc, indent=2))
        return
    console = Console()
    tests = doc["tests"]
    console.print(f"[bold]{escape(title)}[/]")
    console.print(
        odds_table(_test_title("attack", tests["attack"]), _numbers(doc["attack"]), "successes")
    )
    console.print(
        odds_table(_test_title("defence", tests["defence"]), _numbers(doc["defence"]), "successes")
    )
    console.print(odds_table("net successes", _numbers(doc["net"]), "successes"))
    console.print(
        odds_table(f"{doc['weapon']}: the result row reached", _numbers(doc["outcome"]), "row")
    )
    console.print(f"knock-out: {doc['knockout']:.4f}")
    for note in tests["attack"].get("notes", []):
        console.print(f"[dim]{escape(str(note))}[/]")
    console.print(f"[dim]{REROLLS_NOTE}[/]")
    if plot_file is not None:
        console.print(f"plot: {escape(str(plot_file))}")
