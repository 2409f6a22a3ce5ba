"""Steps 5 to 7 of an epic combat (spec §5.6.3, §5.6.4, §5.6.6): the totals, the initiative
and its surprise, the attacks in initiative order, and the defeated.

:func:`totals` is pure (the views and the odds read it); :func:`resolve` carries the steps out.
"""

from __future__ import annotations

from rulekeeper.core.lasting import total
from rulekeeper.games.eternia.combat.abilities import hurt, passives, weapon_type
from rulekeeper.games.eternia.combat.grid import zone_sum
from rulekeeper.games.eternia.combat.model import Epic
from rulekeeper.games.eternia.combat.protocols import CombatState
from rulekeeper.games.eternia.content.effects import ZONES, ZoneBonus

__all__ = ["attack_damage", "first_attacker", "hits", "resolve", "surprise", "totals"]

TOTALS = "spec §5.6.3 step 5 (rulebook p.20)"


def epic_bonus(faces: list[str], zone: str) -> int:
    """What the epic die's faces (``attack+2``, ``momentum``) add to *zone*."""
    return sum(int(face.partition("+")[2]) for face in faces if face.startswith(zone + "+"))


def totals(state: CombatState, side: int) -> dict[str, int]:
    """*side*'s Attack, Defense and Initiative totals as step 5 computes them now: its cards,
    its base Initiative (a beast: its printed values and the epic die), its passive and held
    bonuses, and this round's lasting effects."""
    epic = state.epic
    fighter = epic.fighters[side]
    cards = state.pack.combat_cards
    holder = str(side)
    out: dict[str, int] = {}
    versus = weapon_type(state, 1 - side)
    for zone in ZONES:
        if fighter.kind == "hero":
            value = zone_sum(fighter, zone, cards, epic.effects, holder)
            value += fighter.initiative if zone == "initiative" else 0
        else:
            printed = {"attack": fighter.attack, "defense": fighter.defense}
            value = printed.get(zone, fighter.initiative) + epic_bonus(fighter.epic, zone)
            value += total(epic.effects, zone, holder)
        for ability, _ in passives(state, side, "totals"):
            for effect in ability.effects:
                if isinstance(effect, ZoneBonus) and effect.zone == zone:
                    value += effect.amount if effect.versus in (None, versus) else 0
        out[zone] = max(0, value)
    return out


def first_attacker(epic: Epic, initiative: list[int]) -> tuple[int, int | None]:
    """(the side attacking first, the side surprised or None on a tie): the higher Initiative
    attacks first; on a tie the active side does and nobody is surprised."""
    if initiative[0] == initiative[1]:
        return 0, None
    winner = 0 if initiative[0] > initiative[1] else 1
    return winner, 1 - winner


def surprise(state: CombatState, side: int, initiative: list[int]) -> int:
    """The HP *side* loses for losing the initiative: 1, none with an ability saying so, one
    more with Initiative Matters if the winner's Initiative is at least double (A-30)."""
    marks = total(state.epic.effects, "no-surprise", str(side))
    for ability, _ in passives(state, side, "damage"):
        marks += sum(1 for effect in ability.effects if effect.kind == "no-surprise")
    if marks:
        return 0
    lost = 1
    if state.epic.options.initiative_matters and initiative[1 - side] >= 2 * initiative[side]:
        lost += 1
    return lost


def attack_damage(state: CombatState, attacker: int, attack: int, defense: int) -> int:
    """The HP the defender loses: Attack over Defense (less any pierce), less its shields."""
    effects = state.epic.effects
    pierce = total(effects, "pierce", str(attacker))
    shield = total(effects, "shield", str(1 - attacker))
    return max(0, attack - max(0, defense - pierce) - shield)


def hits(state: CombatState, found: list[dict[str, int]]) -> list[tuple[int, int, str]]:
    """Steps 5 and 6 as (side hit, HP lost, why) in order, from the *found* totals: the
    surprise, then each side attacks once in initiative order until one is at 0 HP. Pure."""
    epic = state.epic
    hp = [f.hp for f in epic.fighters]
    out: list[tuple[int, int, str]] = []
    initiative = [found[0]["initiative"], found[1]["initiative"]]
    first, surprised = first_attacker(epic, initiative)
    if surprised is not None:
        lost = min(hp[surprised], surprise(state, surprised, initiative))
        hp[surprised] -= lost
        out.append((surprised, lost, "surprise"))
    for attacker in (first, 1 - first):
        if min(hp) == 0:
            break
        defender = 1 - attacker
        lost = attack_damage(state, attacker, found[attacker]["attack"], found[defender]["defense"])
        lost = min(hp[defender], lost)
        hp[defender] -= lost
        out.append((defender, lost, "attack"))
    return out


def resolve(state: CombatState) -> None:
    """Steps 5 and 6 carried out (step 7 follows in rounds.py)."""
    epic = state.epic
    if not all(f.alive for f in epic.fighters):
        return  # at 0 HP before step 5 (a spell): step 7 at once (§9.15)
    found = [totals(state, side) for side in (0, 1)]
    state.events.append("totals", {"active": found[0], "defender": found[1]})
    for side, lost, why in hits(state, found):
        state.events.append(why, {"side": side, "damage": lost})
        hurt(state, side, lost, 1 - side)
