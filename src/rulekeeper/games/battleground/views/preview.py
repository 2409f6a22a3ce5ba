"""What to show before a person confirms an action (issue 9 §1), from the rules' own functions.

* a move: its AP cost and the AP left, the movement points, the path, who may make an attack of
  opportunity (rules/activation.py ``declare_move``: every engaged enemy, unless the mover
  teleports) and which overwatching enemy it would trigger (rules/overwatch.py ``triggers``);
* an attack: AP and mana, range, line of sight, cover and flank (rules/attack_geometry.py), both
  tests' dice and scope with their causes, and the exact odds of each result row and of a
  knock-out (``state.odds``, views/attack_odds.py);
* a reroll choice: the dice showing, the scope and its causes, the face needed, which dice
  failed, what the choice rerolls;
* a card, a bonus, a skill or an item: its text (views/card_text.py); other actions of the
  active character: the AP they cost and the AP left.

Costs are read from a clone on which the action is applied, so they are what the rules charge;
a move's from ``ap.charge``, the function its declaration spends by (the same for every
destination: a character has many moves, and one clone each would cost too much).
``preview`` returns None for an action with nothing worth showing, or one the seat may not take.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rulekeeper.core import Action
from rulekeeper.core.hexes import DIRECTION_NAMES
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.content.cards import FateCard, GloryCard
from rulekeeper.games.battleground.rules import abilities, attack_geometry, overwatch
from rulekeeper.games.battleground.rules import reach as reach_rules
from rulekeeper.games.battleground.rules.activation import ActStep, BonusStep
from rulekeeper.games.battleground.rules.ap import charge, cost_of
from rulekeeper.games.battleground.rules.combat import FISTS, AttackStep, weapon_type
from rulekeeper.games.battleground.rules.dicetest import DiceTestStep, RerollStep
from rulekeeper.games.battleground.rules.opportunity import OpportunityStep
from rulekeeper.games.battleground.rules.overwatch import OverwatchOrderStep
from rulekeeper.games.battleground.views import attack_odds, card_text, reroll
from rulekeeper.games.battleground.views.text import plural

if TYPE_CHECKING:
    from rulekeeper.games.battleground.model import Fighter
    from rulekeeper.games.battleground.views.viewed import ViewedState as BattlegroundState

__all__ = ["AttackPreview", "attack_preview", "preview"]


def preview(state: BattlegroundState, seat: int, action: Action) -> str | None:
    """The text to show before ``seat`` confirms ``action``, or None."""
    if state.is_terminal() or action not in state.legal_actions(seat):
        return None
    return legal_preview(state, seat, action)


def legal_preview(state: BattlegroundState, seat: int, action: Action) -> str | None:
    """:func:`preview` of an action known to be legal for ``seat``."""
    top = state.flow.top()
    kind = action.kind
    if isinstance(top, RerollStep) and kind in ("reroll", "done"):
        return reroll_preview(state, top, action)
    if isinstance(top, BonusStep) and kind == "bonus":
        return bonus_preview(state, top, action)
    if kind == "select":
        return card_text.play_card_text(state.play_card(action.str_param("card")))
    if kind == "interrupt" and isinstance(top, OpportunityStep | OverwatchOrderStep):
        return interrupt_preview(state, top, action)
    if not isinstance(top, ActStep):
        return None
    if kind == "move":
        return move_preview(state, seat, action)
    if kind == "attack":
        return attack_preview(state, seat, action).text()
    return act_preview(state, seat, action)


# === the active character's actions ============================================================


def _fighter(state: BattlegroundState) -> Fighter:
    return state.fighters[state.turn().character]


def after(state: BattlegroundState, seat: int, action: Action) -> BattlegroundState:
    """A clone with the action applied (the rules charge its costs)."""
    trial = state.clone()
    trial.apply_action(action, seat)
    return trial


def _ap_line(state: BattlegroundState, trial: BattlegroundState, kind: str = "") -> str:
    """The AP the action costs and the AP left after it, as the rules charged them on the
    clone; an action that ends the activation (overwatch) costs what ``ap.cost_of`` says."""
    index = len(state.turns) - 1
    turn = state.turns[index]
    still = len(trial.turns) > index and trial.turns[index].character == turn.character
    if not still:
        cost = 0 if kind in turn.free_actions or not kind else cost_of(turn, kind)
        return f"costs {cost} AP; the activation ends"
    return _ap_words(turn.ap - trial.turns[index].ap, trial.turns[index].ap)


def charged(state: BattlegroundState, trial: BattlegroundState) -> int | None:
    """The AP the action applied on *trial* (a clone of *state*) cost; None outside a turn or
    when it ended the activation."""
    if not state.turns:
        return None
    index = len(state.turns) - 1
    turn = state.turns[index]
    if len(trial.turns) <= index or trial.turns[index].character != turn.character:
        return None
    return turn.ap - trial.turns[index].ap


def _ap_words(cost: int, left: int) -> str:
    """An action's AP cost and the AP left after it, in words."""
    text = f"costs {cost} AP, {left} AP left"
    if left == 0:
        text += " (no AP left for an attack or any other action)"
    return text


def move_charge(state: BattlegroundState) -> int:
    """The AP a move declared now costs (declare_move spends them, wherever it goes)."""
    return charge(state.turn(), "move")


def act_preview(state: BattlegroundState, seat: int, action: Action) -> str | None:
    """Focus, overwatch, a skill, an item, a card played, the end: text and AP."""
    kind = action.kind
    turn = state.turn()
    fighter = _fighter(state)
    if kind == "end":
        what = "interruption" if turn.interruption else "activation"
        return f"{state.card(fighter).name} ends its {what} with {turn.ap} AP unspent"
    if kind in ("forfeit", "offer-draw"):
        return None
    if kind in ("focus", "overwatch"):  # what activation.py spends, with no clone
        cost = charge(turn, kind)
        ends = "; the activation ends" if kind == "overwatch" else ""
        ap = f"costs {cost} AP{ends}" if ends else _ap_words(cost, turn.ap - cost)
    else:
        ap = _ap_line(state, after(state, seat, action), kind)
    if kind == "skill":
        skill = state.card(fighter).skill(action.str_param("skill"))
        return f"{card_text.skill_text(skill)}. Using it {ap}"
    if kind == "use-item":
        item = state.pack.items[action.str_param("item")]
        return f"{card_text.item_text(item)}. Using it {ap}"
    if kind == "play":
        card = state.play_card(action.str_param("card"))
        return f"{card_text.play_card_text(card)}. Playing it {ap}"
    if kind == "focus":
        return (
            f"Focus {ap}; the token gives scope +1 to its next test of any kind, or focused "
            "speed to a move (Spending Focus; battleground.md §3)"
        )
    if kind == "overwatch":
        return f"Overwatch {ap} (Overwatch)"
    return None


def move_preview(
    state: BattlegroundState, seat: int, action: Action, scratch: BattlegroundState | None = None
) -> str:
    """A move: AP, movement points, path, attacks of opportunity and overwatch it would bring
    (*scratch*: a clone :func:`overwatch_threats` may use)."""
    turn = state.turn()
    fighter = _fighter(state)
    name = state.card(fighter).name
    use_focus = action.bool_param("focus")
    to = Position(*action.ints_param("to"))
    route = reach_rules.move_options(state, turn, fighter, use_focus).get(to)
    budget = reach_rules.move_points(state, fighter, use_focus)
    lines = [f"{name} moves to {to}" + (" spending focus" if use_focus else "")]
    cost = move_charge(state)
    ap = _ap_words(cost, turn.ap - cost)
    lines.append(ap[:1].upper() + ap[1:])
    if route is not None:
        pushes = [state.occupant(s.pushes) for s in route.steps if s.pushes is not None]
        path = " > ".join(str(p) for p in [fighter.position, *route.path])
        lines.append(f"Path ({route.cost} of {budget.points} movement points): {path}")
        pushed = [state.card(f).name for f in pushes if f is not None]
        if pushed:
            lines.append(f"Pushes aside: {', '.join(pushed)} (Pushing)")
    lines += [f"  {note}" for note in budget.notes]
    threats = opportunity_threats(state, fighter)
    if threats:
        names = ", ".join(state.card(f).name for f in threats)
        lines.append(
            f"Attack of opportunity: {names} may strike before {name} leaves "
            "(melee, scope +1; Attacks of Opportunity)"
        )
    watchers = overwatch_threats(state, fighter, to, scratch)
    if watchers:
        names = ", ".join(state.card(f).name for f in watchers)
        lines.append(f"Overwatch: {names} would interrupt at {to} (Overwatch)")
    return "\n".join(lines)


def opportunity_threats(state: BattlegroundState, fighter: Fighter) -> list[Fighter]:
    """Who may make an attack of opportunity if ``fighter`` moves now (declare_move's rule)."""
    if "attack" not in state.game.activations.acts:
        return []
    if abilities.move_style(state, fighter) == "teleport":
        return []
    return sorted(state.engaged_enemies(fighter), key=lambda f: f.id)


def overwatch_threats(
    state: BattlegroundState,
    fighter: Fighter,
    to: Position,
    scratch: BattlegroundState | None = None,
) -> list[Fighter]:
    """The overwatching enemies a move ending at ``to`` would trigger (Overwatch); *scratch*:
    a clone of *state* to place the mover on (one for all of a character's moves), else one
    is made."""
    watchers = [f for f in state.enemies_of(fighter) if f.overwatch]
    if not watchers:
        return []
    trial = scratch if scratch is not None else state.clone()
    mover = trial.fighters[fighter.id]
    mover.place(to)
    found = [w for w in watchers if overwatch.triggers(trial, trial.fighters[w.id], mover)]
    return sorted(found, key=lambda f: f.id)


# === attacks ===================================================================================


@dataclass(frozen=True)
class AttackPreview:
    """An attack about to be declared: its geometry, tests and exact odds."""

    attacker: str
    target: str
    weapon: str
    kind: str
    ap: str
    ap_cost: int | None
    """The AP the declaration costs (None: it ends the activation)."""
    mana: int
    distance: float
    reach: float | None
    sight: bool
    cover: str
    flank: str
    odds: dict[str, Any]
    causes: tuple[str, ...]
    """The attack test's modifiers with their rules (Scope Modifiers: cover, flank, focus...)."""
    rows: dict[str, str]
    """Each result key of ``odds["outcome"]`` ('none' or the row's successes) in words."""

    @property
    def outcomes(self) -> dict[str, float]:
        """Probability of each result row ('none': no effect); they sum to 1."""
        return dict(self.odds.get("outcome") or {})

    @property
    def knockout(self) -> float:
        return float(self.odds.get("knockout", 0.0))

    def text(self) -> str:
        """The preview in words."""
        mana = f", {self.mana} mana" if self.mana else ""
        reach = f' of {self.reach:g}"' if self.reach is not None else " (adjacent)"
        attack, defence = self.odds["attack"], self.odds["defence"]
        causes = self.causes
        rerolls = []
        if attack["free_rerolls"]:
            rerolls.append(f"{attack['free_rerolls']} free")
        if attack["mana_rerolls"]:
            rerolls.append(f"up to {attack['mana_rerolls']} with mana")
        lines = [
            f"{self.attacker} attacks {self.target} with {self.weapon} ({self.kind}): "
            f"{self.ap}{mana}",
            f'Range {self.distance:.1f}"{reach}; line of sight: {"yes" if self.sight else "no"}; '
            f"cover: {self.cover}; flank: {self.flank}",
            f"Attack test: {plural(attack['dice'], 'die', 'dice')}, successes on "
            f"{_face(attack['scope'])}+"
            + (f" [{'; '.join(causes)}]" if causes else "")
            + (f"; rerolls: {', '.join(rerolls)}" if rerolls else ""),
            f"Defence test: {plural(defence['dice'], 'die', 'dice')}, successes on "
            f"{_face(defence['scope'])}+",
        ]
        if self.outcomes:
            shown = [
                f"{self.rows.get(key, key)} {100 * p:.1f}%" for key, p in self.outcomes.items()
            ]
            lines.append("Results: " + " | ".join(shown))
            lines.append(f"Knock-out: {100 * self.knockout:.1f}%")
        lines.append(f"({self.odds.get('note', '')})")
        return "\n".join(lines)


def _face(scope: int) -> int:
    """The face an initial die needs (a 6 always succeeds, a 1 never: Scope)."""
    return max(2, min(6, scope))


def attack_preview(state: BattlegroundState, seat: int, action: Action) -> AttackPreview:
    """An attack declaration's preview, from a clone where it is declared and ``state.odds``."""
    odds: dict[str, Any] = dict(state.odds(action, seat) or {})
    trial = after(state, seat, action)
    attack = trial.flow.find(AttackStep)
    assert attack is not None
    attacker = state.fighters[attack.attacker]
    target = state.fighters[attack.target]
    weapon_id = attack.weapon
    weapon = state.weapon(weapon_id)
    cover = attack_geometry.target_cover(trial, attack)
    flank = attack_geometry.is_flank_attack(trial, attack)
    facing = DIRECTION_NAMES[trial.fighters[attack.target].facing]
    kind = weapon_type(state, weapon_id)
    ranged = kind != "melee"
    rows = attack_odds.row_words(weapon)
    if weapon_id == FISTS and "outcome" not in odds:
        # Fists: 1 wound with 1 success or more (rulebook, Melee Attack: fists).
        miss = float(dict(odds.get("net") or {}).get("0", 0.0))
        odds["outcome"] = {"none": miss, "1": 1.0 - miss}
        left = state.stat(target, "health") - target.wounds
        odds["knockout"] = 1.0 - miss if left <= 1 else 0.0
    return AttackPreview(
        attacker=state.card(attacker).name,
        target=state.card(target).name,
        weapon="fists" if weapon is None else weapon.name,
        kind=kind,
        ap=_ap_line(state, trial),
        ap_cost=charged(state, trial),
        mana=attacker.mana - trial.fighters[attacker.id].mana,
        distance=state.field.range_inches(attacker.position, target.position),
        reach=weapon.range if weapon is not None and ranged else None,
        sight=state.field.has_line_of_sight(attacker.position, target.position),
        cover=("yes: " if cover.in_cover else "no: ") + cover.reason
        if ranged
        else "no (melee attacks ignore cover)",
        flank=(f"yes (the target faces {facing}, the attack comes from behind)" if flank else "no"),
        odds=odds,
        causes=tuple(card_text.readable(state.pack, n) for n in odds["attack"]["notes"][1:-1]),
        rows=rows,
    )


# === choices inside a procedure =================================================================


def reroll_preview(state: BattlegroundState, top: RerollStep, action: Action) -> str:
    """A reroll pick (or ``done``): the dice, the scope and its causes, what succeeds, what
    failed, and the dice rerolled with the picks so far and this one."""
    below = state.flow.steps[-2]
    assert isinstance(below, DiceTestStep)
    test = state.test_of(below)
    faces = [int(top.options[index]) for index in top.picked]
    if action.kind == "reroll":
        faces.append(int(action.str_param("item")))
    failed = [f for f in test.initial if not test.succeeds(f)]
    causes = [card_text.readable(state.pack, note) for note in test.notes[1:-1]]
    stage = "free rerolls" if test.stage == "free" else "mana rerolls (1 mana each)"
    lines = [
        f"{test.label}: dice showing {' '.join(str(f) for f in test.initial)}"
        f" = {plural(test.successes(), 'success', 'successes')} so far",
        f"Successes on {_face(test.scope)}+ (scope {test.scope}; a 6 always succeeds and rolls "
        "again, a 1 never)" + (f" [{'; '.join(causes)}]" if causes else ""),
        f"Failed dice: {' '.join(str(f) for f in failed) or 'none'}",
        f"{stage}: up to {test.reroll_limit()}"
        + (f"; {test.mana} mana" if test.stage == "mana" else ""),
    ]
    if faces:
        cost = f", {len(faces)} mana" if test.stage == "mana" else ""
        lines.append(f"This choice rerolls {' '.join(str(f) for f in faces)}{cost}")
        kept = [f for f in faces if test.succeeds(f)]
        if kept:
            lines.append(f"Warning: {' '.join(map(str, kept))} already succeed")
    else:
        lines.append("This choice keeps every die")
    # the odds of rerolling the dice picked so far and this one (issue 23 §2.3)
    lines.append(f"Odds: {reroll.reroll_odds(state, faces)['text']}")
    return "\n".join(lines)


def interrupt_preview(
    state: BattlegroundState, top: OpportunityStep | OverwatchOrderStep, action: Action
) -> str:
    """Interruptions: who interrupts whom, with what it may do (1 AP)."""
    who = state.card(action.str_param("character")).name
    mover = state.card(top.mover).name
    if isinstance(top, OpportunityStep):
        return (
            f"{who} interrupts {mover} before it leaves: 1 AP, one melee attack against "
            f"{mover} at scope +1 (Attacks of Opportunity)"
        )
    return (
        f"{who} interrupts {mover} from overwatch: 1 AP to move towards {mover} or attack it, "
        "its attacks at scope -1 (Overwatch, Interruptions)"
    )


def bonus_preview(state: BattlegroundState, top: BonusStep, action: Action) -> str:
    """Gain Bonuses: what each choice gives, from the card's data."""
    card = state.play_card(top.card)
    choice = action.str_param("choice")
    fighter = _fighter(state)
    turn = state.turn()
    if choice == "mana":
        return f"+1 mana: {fighter.mana} > {min(5, fighter.mana + 1)} (at most 5)"
    if choice == "ap":
        return f"+1 AP: {turn.ap} > {turn.ap + 1} AP this activation"
    if choice == "ability" and isinstance(card, FateCard):
        ability = card.text_override or card_text.ability_text(card.ability)
        return f"The ability of {card.name}: {ability}"
    if choice == "mission" and isinstance(card, GloryCard):
        mission = card.text_override or card_text.mission_text(card.mission)
        return (
            f"The side mission of {card.name} ({card.vp} VP): {mission}; it counts only during "
            "this activation or interruption (Side Missions)"
        )
    return card_text.bonus_text(card)
