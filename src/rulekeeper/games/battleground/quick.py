"""The quick policy both built-in bots play Battleground activations out with (docs/bots.md):
the greedy bot (planning.py) and MCTS (search.py).

Everything here works on a *determinisation* (``state.resample(seat, rng)``): a state the seat
cannot tell from the real one, which a bot may change as it likes. Nothing reads the real state.

The **quick policy** (:class:`QuickPolicy`) decides for any seat in a few milliseconds: a move by
trying each destination in place (the character set down there, facing the nearest enemy, the
evaluation read, the character put back), a focus by the best move the focused speed reaches,
an attack by its expected worth (exact odds), a facing by the evaluation, rerolls of every
failed die, a card as the greedy bot usually picks one half the time and at random otherwise
(another seat's cards are secret), the character a revealed card activates by playing each
activation out, no discards, the other choices one step ahead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from rulekeeper.core.actions import Action
from rulekeeper.core.agents import actor_of, playable, sample_chance
from rulekeeper.core.rng import Pcg32
from rulekeeper.core.state import CHANCE
from rulekeeper.games.battleground import evaluation, fighter_data, move_scoring
from rulekeeper.games.battleground.board.facing import facings_toward
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.rules import reach as reach_rules
from rulekeeper.games.battleground.rules.activation import ActStep
from rulekeeper.games.battleground.rules.combat import AttackStep
from rulekeeper.games.battleground.rules.dicetest import (
    DiceTest,
    DiceTestStep,
    RerollStep,
    face_succeeds,
)
from rulekeeper.games.battleground.rules.move import FaceStep
from rulekeeper.games.battleground.rules.round import ActivateStep, SelectStep

if TYPE_CHECKING:
    from rulekeeper.games.battleground.game import BattlegroundState

__all__ = [
    "TURN_LIMIT",
    "Policy",
    "QuickPolicy",
    "attack_gain",
    "best_facing",
    "best_rerolls",
    "finish_attack",
    "finish_turn",
    "focused_move_lead",
    "habit",
    "lead_of",
    "move_leads",
    "next_pick",
    "reroll_choice",
    "score_moves",
    "seat_value",
    "worth_of",
]

Policy = Callable[["BattlegroundState", int], Action]
_T = TypeVar("_T")

TURN_LIMIT = 60
"""Decisions at most when an activation is played out (a safety net)."""


def seat_value(world: BattlegroundState, seat: int) -> float:
    """The evaluation for *seat* (the result, once the game is over)."""
    if world.is_terminal():
        return float(world.returns()[seat])
    return evaluation.evaluate(world, seat)


def lead_of(world: BattlegroundState, seat: int) -> float:
    """The evaluation's lead in VP for *seat* (a won or lost game as 100 VP)."""
    if world.is_terminal():
        return 100.0 * float(world.returns()[seat])
    return evaluation.advantage(world, seat)


# ---------------------------------------------------------------------------- quick policy


def _facing(
    world: BattlegroundState, static: fighter_data.StaticData, owner: int, at: Position, keep: int
) -> int:
    """The facing toward the nearest enemy of *owner*'s character at *at* (*keep* if none)."""
    best = None
    best_distance = 1 << 30
    q, r = at[0], at[1]
    for other in world.fighters.values():
        if other.knocked_out or other.owner == owner:
            continue
        dq = other.q - q
        dr = other.r - r
        distance = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
        if distance < best_distance:
            best, best_distance = (dq, dr), distance
    if best is None or best_distance == 0:
        return keep
    found = static.toward.get(best)
    if found is None:
        found = static.toward[best] = facings_toward((0, 0), best)[0]
    return found


def move_leads(
    world: BattlegroundState, seat: int, moves: Sequence[Action]
) -> list[tuple[float, Action]]:
    """Each move of the active character with the evaluation's lead for *seat* once it is made:
    the character set down at its destination (facing the nearest enemy, its focus spent if
    the move spends it), the lead read (:class:`move_scoring.MoveScorer`), the character put
    back."""
    if not moves:
        return []
    fighter = world.fighters[world.turns[-1].character]
    position, facing, focused = fighter.position, fighter.facing, fighter.focused
    scorer = move_scoring.MoveScorer(world, seat, fighter)
    out = []
    try:
        for action in moves:
            to = Position(*action.ints_param("to"))
            fighter.place(to)
            fighter.facing = _facing(world, scorer.static, fighter.owner, to, facing)
            fighter.focused = focused and not action.bool_param("focus")
            out.append((scorer.lead(), action))
    finally:
        fighter.place(position)
        fighter.facing = facing
        fighter.focused = focused
    return out


def score_moves(
    world: BattlegroundState, seat: int, moves: Sequence[Action]
) -> list[tuple[float, Action]]:
    """:func:`move_leads` as the evaluation's values."""
    width = evaluation.spread(world)
    return [
        (evaluation.value_of_lead(world, lead, width), action)
        for lead, action in move_leads(world, seat, moves)
    ]


def focused_move_lead(world: BattlegroundState, seat: int, reached: set[Position]) -> float | None:
    """The best lead a focus action and then a move at the focused speed would give (the
    destinations in *reached*, which a move without focus reaches, left out), or None when
    there is no AP for both."""
    turn = world.turns[-1]
    fighter = world.fighters[turn.character]
    if fighter.focused or turn.interruption:
        return None
    if turn.ap < turn.counts.get("focus", 0) + 1 + turn.counts.get("move", 0) + 1:
        return None
    position, facing = fighter.position, fighter.facing
    fighter.focused = True
    try:
        options = [
            p for p in reach_rules.move_options(world, turn, fighter, True) if p not in reached
        ]
        if not options:
            return None
        scorer = move_scoring.MoveScorer(world, seat, fighter)
        best = None
        for to in options:
            fighter.place(to)
            fighter.facing = _facing(world, scorer.static, fighter.owner, to, facing)
            fighter.focused = False
            lead = scorer.lead()
            fighter.focused = True
            if best is None or lead > best:
                best = lead
        return best
    finally:
        fighter.place(position)
        fighter.facing = facing
        fighter.focused = False


def reroll_choice(world: BattlegroundState, legal: Sequence[Action]) -> Action:
    """Reroll as many failed dice as allowed, the lowest first (never a success): the whole set
    is weighed on the test, then picked one die at a time (the next pick toward it)."""
    top = world.flow.top()
    assert isinstance(top, RerollStep)
    below = world.flow.steps[-2]
    assert isinstance(below, DiceTestStep)
    return next_pick(top, best_rerolls(below.dice()))


def best_rerolls(test: DiceTest) -> list[tuple[int, ...]]:
    """Every set of faces to reroll, the best first: as many failed dice as allowed, the lowest
    first; a set with a success last (keeping every die comes before them)."""

    def key(faces: tuple[int, ...]) -> tuple[int, int]:
        if any(face_succeeds(face, test.scope) for face in faces):
            return (-2, 0)
        return (len(faces), -sum(faces))

    return sorted(test.choices(), key=key, reverse=True)


def next_pick(step: RerollStep, ranked: Sequence[tuple[int, ...]]) -> Action:
    """The next pick toward the first of *ranked* (whole sets of faces) that the picks made so
    far (by this bot, or by another policy in a search) still allow."""
    for faces in ranked:
        try:
            return step.picks_for([str(face) for face in faces])[0]
        except ValueError:
            continue
    return Action.of("done")


def best_facing(world: BattlegroundState, seat: int, legal: Sequence[Action]) -> Action:
    """The facing the evaluation likes best (the character turned in place and back)."""
    top = world.flow.top()
    assert isinstance(top, FaceStep)
    fighter = world.fighters[top.character]
    keep = fighter.facing
    best, best_value = legal[0], -2.0
    try:
        for action in legal:
            fighter.facing = action.int_param("direction")
            value = evaluation.evaluate(world, seat)
            if value > best_value:
                best, best_value = action, value
    finally:
        fighter.facing = keep
    return best


def attack_gain(world: BattlegroundState, action: Action) -> float:
    """What an attack (*action*, by the active character) is worth to its side, in VP, by the
    exact odds of its dice as the rules set them (``state.odds``): the target's worth per wound
    for each wound expected, and more by the chance of a knock-out."""
    turn = world.turns[-1]
    target = world.fighters[action.str_param("target")]
    doc = world.odds(action, turn.player)
    if doc is None:
        return 0.0
    weapon = world.weapon(action.str_param("weapon"))
    info = fighter_data.fighter_info(world, target)
    left = info.health - target.wounds
    rows = {row.successes: row for row in weapon.results} if weapon is not None else {}
    expected = 0.0
    outcome = doc.get("outcome")
    if isinstance(outcome, dict):
        for key, p in outcome.items():
            row = rows.get(int(key)) if key != "none" else None
            if row is None:
                continue
            wounds = sum(
                int(getattr(effect, "amount", 0))
                for effect in row.effects
                if effect.kind == "wounds" and getattr(effect, "who", "target") == "target"
            )
            expected += float(p) * min(wounds, left)
    else:  # fists: one wound on any net success
        net = doc.get("net")
        if isinstance(net, dict):
            expected = sum(float(p) for k, p in net.items() if int(k) >= 1)
    chance = doc.get("knockout", 0.0)
    knockout = float(chance) if isinstance(chance, int | float) else 0.0
    return worth_of(info, expected, knockout)


def worth_of(info: fighter_data.FighterInfo, wounds: float, knockout: float) -> float:
    return wounds * info.worth / info.health + knockout * evaluation.KNOCKOUT_BONUS * info.worth


class QuickPolicy:
    """A fast policy for any seat (see the module's docstring); randomness from *rng*.

    With a *memo* (one decision's, shared by its simulations), the leads of the moves at a
    point are kept by the way there: *start*, what the determinisation dealt that a later step
    reveals with no action to record it (the secret card choices already made), then ``path``,
    the actions and chance outcomes taken since the decision's state, which whoever plays the
    policy appends to. A lead reads only what both players see, so every determinisation that
    went the same way shares it."""

    def __init__(
        self, rng: Pcg32, memo: dict[Any, Any] | None = None, start: tuple[str, ...] = ()
    ) -> None:
        self.rng = rng
        self.memo = memo
        self.start = start
        self.path: list[tuple[Action, int]] = []

    def _key(self, what: tuple[object, ...]) -> tuple[object, ...]:
        """The memo's key for *what* at this point of the path."""
        return (what, self.start, *self.path)

    def _recall(self, what: tuple[str, int], work: Callable[[], _T]) -> _T:
        """*work*'s result at this point of the path, worked out once per memo."""
        if self.memo is None:
            return work()
        key = self._key(what)
        if key in self.memo:
            found: _T = self.memo[key]
            return found
        found = self.memo[key] = work()
        return found

    def choose(self, world: BattlegroundState, player: int) -> Action:
        legal = playable(world.legal_actions(player))
        if len(legal) == 1:
            return legal[0]
        top = world.flow.top()
        if isinstance(top, RerollStep):
            return reroll_choice(world, legal)
        if isinstance(top, FaceStep):
            return best_facing(world, player, legal)
        if isinstance(top, ActStep):
            return self.act(world, player, legal)
        if isinstance(top, SelectStep):
            return self.select(world, legal)
        if isinstance(top, ActivateStep) and top.card:
            return self.activate(world, player, legal)
        return habit(legal) or self.one_step(world, player, legal)

    def activate(self, world: BattlegroundState, player: int, legal: Sequence[Action]) -> Action:
        """The character whose activation promises most: each one activated on a copy and its
        activation played out by this policy (the same dice for each), the lead at its end."""
        best: Action | None = None
        best_lead = -1e9
        path, rng = self.path, self.rng
        common = rng.next_u32()
        for action in legal:
            if action.kind != "activate":
                continue
            trial = world.clone()
            self.path = [*path, (action, player)]
            self.rng = Pcg32(common)
            trial.apply_action(action, player)
            finish_turn(trial, self.choose, self.rng, len(trial.turns), self.path)
            lead = lead_of(trial, player)
            if lead > best_lead + 1e-9:
                best, best_lead = action, lead
        self.path, self.rng = path, rng
        return best if best is not None else self.one_step(world, player, legal)

    def select(self, world: BattlegroundState, legal: Sequence[Action]) -> Action:
        """A card as the greedy bot most often picks one, half the time: the most AP, then the
        least initiative (the greedy bot's own pick in 51% of 144 card choices of greedy
        against greedy, against 27% for a card at random); otherwise any card at random."""
        cards = [a for a in legal if a.kind == "select"]
        if not cards:
            return legal[0]
        if self.rng.below(2):
            return self.rng.choice(cards)
        return max(cards, key=lambda a: _card_habit(world, a.str_param("card")))

    def act(self, world: BattlegroundState, player: int, legal: Sequence[Action]) -> Action:
        """The best action one step ahead, every one compared as a lead in VP: moves in place,
        a focus by the best focused move, an attack by its expected worth, overwatch and
        skills played on a copy."""
        lead = evaluation.advantage(world, player)
        best: Action | None = None
        best_lead = -1e9
        moves = [a for a in legal if a.kind == "move"]
        reached: set[Position] = set()
        for value, action in self._recall(
            ("moves", player), lambda: move_leads(world, player, moves)
        ):
            reached.add(Position(*action.ints_param("to")))
            if value > best_lead:
                best, best_lead = action, value
        sign = 1.0 if world.fighters[world.turns[-1].character].owner == player else -1.0
        for action in legal:
            if action.kind == "attack":
                value = lead + sign * attack_gain(world, action)
            elif action.kind == "end":
                value = lead
            elif action.kind in ("overwatch", "skill"):
                value = self._after(world, player, action, as_lead=True)
            elif action.kind == "focus":
                value = lead + sign * evaluation.FOCUS_VP
                moved = (
                    self._recall(
                        ("focus", player), lambda: focused_move_lead(world, player, reached)
                    )
                    if moves
                    else None
                )
                if moved is not None:
                    value = max(value, moved)
            else:
                continue
            if value > best_lead + 1e-9:
                best, best_lead = action, value
        if best is None:
            return next((a for a in legal if a.kind == "end"), legal[0])
        return best

    def one_step(self, world: BattlegroundState, player: int, legal: Sequence[Action]) -> Action:
        """The action whose result the evaluation likes best (at random among many)."""
        if len(legal) > 12:
            return self.rng.choice(list(legal))
        best, best_value = legal[0], -9.0
        for action in legal:
            value = self._after(world, player, action)
            if value > best_value:
                best, best_value = action, value
        return best

    def _after(
        self, world: BattlegroundState, player: int, action: Action, as_lead: bool = False
    ) -> float:
        """The lead (or the value) for *player* once *action* is taken on a copy, one chance
        outcome sampled; kept in the memo when no chance came into it."""
        memo = self.memo
        key = None
        if memo is not None:
            key = self._key(("after", player, as_lead, action))
            if key in memo:
                found: float = memo[key]
                return found
        after = world.clone()
        after.apply_action(action, player)
        chance = after.is_chance_node()
        if chance:
            sample_chance(after, self.rng)
        value = lead_of(after, player) if as_lead else seat_value(after, player)
        if memo is not None and not chance:
            memo[key] = value
        return value


def _card_habit(world: BattlegroundState, card_id: str) -> tuple[int, int]:
    """How the greedy bot most often ranks a card in hand: by its AP, then its initiative
    (the lower the better)."""
    card = world.play_card(card_id)
    return card.ap, -card.initiative


def habit(legal: Sequence[Action]) -> Action | None:
    """What both bots always do: take an attack of opportunity or an overwatch interruption,
    keep the hand at the Preparation Phase (None: no such habit here)."""
    for action in legal:
        if action.kind == "interrupt":
            return action
    if any(action.kind == "discard" for action in legal):  # Preparation Phase: pick none
        return next((action for action in legal if action.kind == "done"), None)
    return None


def finish_turn(
    world: BattlegroundState,
    policy: Policy,
    rng: Pcg32,
    depth: int,
    path: list[tuple[Action, int]] | None = None,
) -> None:
    """Play *world* on until the turn at index *depth - 1* of ``world.turns`` is over (or the
    game is), every decision by *policy*, chance sampled from *rng*; each action and chance
    outcome appended to *path*, if given (the quick policy's memo key)."""
    for _ in range(TURN_LIMIT):
        if world.is_terminal() or len(world.turns) < depth:
            return
        if world.is_chance_node():
            outcome = sample_chance(world, rng)
            if path is not None:
                path.append((outcome, CHANCE))
            continue
        if not world.turns:
            return
        player = actor_of(world, world.turns[-1].player)
        action = policy(world, player)
        world.apply_action(action, player)
        if path is not None:
            path.append((action, player))


def finish_attack(world: BattlegroundState, policy: Policy, rng: Pcg32) -> None:
    """Play *world* on until the attack under way is over."""
    for _ in range(TURN_LIMIT):
        if world.is_terminal() or AttackStep not in world.flow:
            return
        if world.is_chance_node():
            sample_chance(world, rng)
            continue
        player = actor_of(world, world.turns[-1].player if world.turns else 0)
        world.apply_action(policy(world, player), player)
