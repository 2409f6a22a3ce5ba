"""The toy duel: a tiny but complete game, and the worked example of a new game on the engine
(packaged as the plug-in ``rulekeeper_toy``: plugin.py declares it to Rulekeeper).

Two players, ``a`` and ``b``, each own six cards (``a1``..``a6``, the value is the digit) in a
shuffled deck and hold ``hand_size`` of them. Each of the ``rounds`` rounds:

1. (variant ``redraw``) each player in turn may put any cards from their hand back into their
   deck, chosen one card at a time; the deck is shuffled and they draw back up;
2. both players secretly pick a card from their hand, at the same time;
3. the picks are revealed and a showdown (``showdown.py``) settles them: the round's
   attacker (player ``a`` in the first round, or ``b`` with the parameter ``first=b``; then
   they alternate) rolls the toy die for a bonus;
   the defender may force one reroll and, in the ``referee`` variant, a third seat may void a
   roll once;
4. the showdown's winner scores a point; the picks are discarded and each player draws back up
   (an empty deck is refilled by shuffling the discard pile).

After the last round the game is over: +1 / -1 by score, 0 for a tie (the referee gets 0).

Variant ``coop``: the two players are one team (one result; each sees the other's hand) against
an automaton owning ``c1``..``c6``. Each round the automaton plays the top card of its deck (an
automatic step: the rules move for it) and attacks; both players pick and defend with the higher
card; either may force the reroll.

How it is built: the state declares its data once (annotations below); the procedure is a stack
of small typed steps (``Match`` > ``Round`` > ``Redraw`` / ``PickCards`` / ``AutomatonPlays`` /
``Showdown``), each saying who acts, what is legal, why anything else is refused and what an
action does. The cards live in zones (``ToyState.zones``) that give observations and
determinisation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any

from rulekeeper.core import (
    SIMULTANEOUS,
    Action,
    Bounds,
    DataError,
    Deck,
    Flow,
    Game,
    JsonObject,
    JsonValue,
    PickSubset,
    ProcedureState,
    Reader,
    Ref,
    RefCheck,
    Refusal,
    Step,
    StepKinds,
    Zone,
)
from rulekeeper.core.fields import as_int
from rulekeeper.core.zones import EVERYONE, NOBODY
from rulekeeper_toy.showdown import (
    BONUS,
    NO_REFEREE,
    REROLL_RULE,
    SHOWDOWN_STEPS,
    TOY_DIE,
    Reactions,
    Seat,
    Showdown,
    ShowdownGame,
)

PREFIXES = ("a", "b", "c")
CARD_VALUES = range(1, 7)
ALL_CARDS = frozenset(f"{prefix}{value}" for prefix in PREFIXES for value in CARD_VALUES)
AUTOMATON = 2
"""Co-op: the automaton's cards are side 2 (it has no seat; its score is ``scores[1]``)."""
MAX_ROUNDS = 1000
PICK_RULE = "Toy rules, Pick"
REDRAW_RULE = "Toy rules, Redraw"

Card = Annotated[str, Ref("card")]


def card_value(card: str) -> int:
    return int(card[1:])


def _not_on(step: Step[Any], above: Step[Any]) -> str:
    return f"a {above.kind} step cannot stand on a {step.kind} step here"


# --------------------------------------------------------------------------- the steps


@dataclass
class Match(Step["ToyState"]):
    """The root step: a round after another, then the final score. Automatic."""

    kind = "match"

    def run(self, state: ToyState) -> None:
        if state.round < state.game.rounds:
            state.flow.push(Round())
        else:
            state.events.append("game_over", {"scores": list(state.scores)})
            state.flow.pop()

    def check(self, state: ToyState, above: Step[Any] | None) -> str | None:
        return None if above is None or isinstance(above, Round) else _not_on(self, above)


ROUND_STAGES = ("redraw", "pick", "showdown")


@dataclass
class Round(Step["ToyState"]):
    """One round. Automatic: it pushes what happens next, stage by stage, and takes the
    showdown's result back (:meth:`resume`)."""

    kind = "round"
    stage: str = "redraw"

    def __post_init__(self) -> None:
        if self.stage not in ROUND_STAGES:
            raise ValueError(f"no stage {self.stage!r} (stages: {', '.join(ROUND_STAGES)})")

    def run(self, state: ToyState) -> None:
        flow = state.flow
        if self.stage == "redraw":
            self.stage = "pick"
            if state.game.redraw:
                for seat in reversed(state.players):  # pushed last, seat 0 chooses first
                    flow.push(Redraw.offer(state, seat))
        elif self.stage == "pick":
            self.stage = "showdown"
            flow.push(PickCards(seats=list(state.players)))
            if state.game.coop:
                flow.push(AutomatonPlays())  # on top: it plays before the team picks
        else:
            state.revealed = True
            state.events.append("revealed", {"picks": list(state.picks)})
            flow.push(state.showdown())

    def resume(self, state: ToyState, result: JsonObject) -> None:
        """The showdown is settled: score it, discard the picks, draw back up."""
        winner = state.scorer(result["winner"])
        if winner is not None:
            state.scores[winner] += 1
        state.events.append(
            "round_result",
            {"attack": result["attack"], "defence": result["defence"], "winner": winner},
        )
        for side, played in enumerate(state.played):
            state.discards[side].extend(played)
            played.clear()
        for seat in state.players:
            drawn = state.draw(seat, state.game.hand_size - len(state.hands[seat]))
            state.hands[seat].extend(drawn)
            state.events.append("drew", {"cards": drawn}, visible_to=(seat,))
        state.revealed = False
        state.round += 1
        state.flow.pop()

    def check(self, state: ToyState, above: Step[Any] | None) -> str | None:
        allowed = {"redraw": (), "pick": (Redraw,), "showdown": (PickCards, Showdown)}
        if above is not None and not isinstance(above, allowed[self.stage]):
            return _not_on(self, above)
        return None


@dataclass
class Redraw(PickSubset["ToyState"]):
    """Variant ``redraw``: put any cards from your hand back, one pick at a time in canonical
    order (``put_back item=a3`` ... ``done``); then your deck is shuffled and you draw back
    up. Dropped unasked when your deck is empty (you would draw the same cards back)."""

    kind = "redraw"
    rule = REDRAW_RULE
    verb = "put_back"

    @classmethod
    def offer(cls, state: ToyState, seat: int) -> Redraw:
        hand = sorted(state.hands[seat])
        return cls(seat=seat, options=hand, least=0, most=len(hand))

    def pointless(self, state: ToyState) -> bool:
        return not state.decks[self.seat]

    def options_zone(self, state: ToyState) -> str:
        """The options are the hand: a bot's re-deal of it offers the new hand (the cards put
        back are secret, so the picks stay on the same places)."""
        return f"hand{self.seat}"

    def chosen(self, state: ToyState, items: list[str]) -> None:
        hand, deck = state.hands[self.seat], state.decks[self.seat]
        for card in items:
            hand.remove(card)
        deck.extend(items)
        state.rng.shuffle(deck)
        drawn = state.draw(self.seat, len(items))
        hand.extend(drawn)
        state.events.append("redrew", {"player": self.seat, "count": len(items)})
        state.events.append("drew", {"cards": drawn}, visible_to=(self.seat,))

    def check(self, state: ToyState, above: Step[Any] | None) -> str | None:
        if above is not None and not (isinstance(above, Redraw) and above.seat < self.seat):
            return _not_on(self, above)  # the round pushes one redraw per player, 0 on top
        if self.seat not in state.players:
            return f"no player {self.seat}"
        if self.options != sorted(state.hands[self.seat]) or self.most != len(self.options):
            return "the choice is not the player's hand"
        return None


@dataclass
class PickCards(Step["ToyState"]):
    """The players in ``seats`` each pick a card from their hand, face down, all at once.

    One function says what is legal and why anything else is refused (:meth:`refusal`); the
    legal list is the candidates it does not refuse."""

    kind = "pick_cards"
    rule = PICK_RULE
    seats: list[Seat] = field(default_factory=list)

    def actor(self, state: ToyState) -> int:
        return SIMULTANEOUS

    def waiting(self, state: ToyState) -> list[int]:
        return [seat for seat in self.seats if not state.played[seat]]

    def candidates(self, state: ToyState, seat: int) -> list[Action]:
        return [Action.of("pick", card=card) for card in sorted(state.hands[seat])]

    def refusal(self, state: ToyState, seat: int, action: Action) -> Refusal | None:
        if action.kind != "pick":
            return (PICK_RULE, f"no {action.kind!r} now: each player picks a card")
        card = action.get("card")
        if action != Action.of("pick", card=card):
            return (PICK_RULE, "say which card: pick card=<card>")
        if card not in state.hands[seat]:
            return (PICK_RULE, f"{card!r} is not in your hand")
        return None

    def apply(self, state: ToyState, action: Action, seat: int) -> None:
        card = action.str_param("card")
        state.hands[seat].remove(card)
        state.played[seat].append(card)
        state.events.append("picked", {"player": seat, "card": card}, visible_to=(seat,))
        state.events.append("player_ready", {"player": seat})
        if not self.waiting(state):
            state.flow.pop()

    def check(self, state: ToyState, above: Step[Any] | None) -> str | None:
        if above is not None:
            return _not_on(self, above)
        if sorted(self.seats) != list(state.players):
            return "every player picks"
        if not self.waiting(state):
            return "nobody is left to pick"
        if state.game.coop and not state.played[AUTOMATON]:
            return "the automaton has not played"
        return None


@dataclass
class AutomatonPlays(Step["ToyState"]):
    """Co-op: the automaton plays the top card of its deck, face up. Nobody decides (AUTO)."""

    kind = "automaton_plays"

    def run(self, state: ToyState) -> None:
        (card,) = state.draw(AUTOMATON, 1)
        state.played[AUTOMATON].append(card)
        state.events.append("automaton_played", {"card": card})
        state.flow.pop()


# --------------------------------------------------------------------------- the state


class ToyState(ProcedureState):
    """The duel's data, declared once: clone, save and load (with checks) follow from it."""

    STEPS = SHOWDOWN_STEPS.merged(StepKinds(Match, Round, Redraw, PickCards, AutomatonPlays))
    game: ToyGame

    round: Annotated[int, Bounds(0, MAX_ROUNDS)]
    scores: list[Annotated[int, Bounds(0, MAX_ROUNDS)]]
    """Points of players 0 and 1 (co-op: of the team, then of the automaton)."""
    hands: list[list[Card]]
    """Cards by side: player 0, player 1 and (co-op) the automaton, whose hand stays empty."""
    decks: list[list[Card]]
    """Draw piles, top last (core/decks.py ``Deck``)."""
    discards: list[list[Card]]
    played: list[list[Card]]
    """The card each side plays this round, face down until ``revealed``."""
    revealed: bool

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        sides = range(3 if self.game.coop else 2)
        self.round = 0
        self.scores = [0, 0]
        self.decks = [[f"{PREFIXES[side]}{value}" for value in CARD_VALUES] for side in sides]
        for deck in self.decks:
            self.rng.shuffle(deck)
        self.discards = [[] for _ in sides]
        self.played = [[] for _ in sides]
        self.hands = [[] for _ in sides]
        self.revealed = False
        for seat in self.players:
            self.hands[seat] = self.draw(seat, self.game.hand_size)
        self.events.append("dealt", {"hand_size": self.game.hand_size})
        for seat in self.players:
            self.events.append("hand", {"cards": sorted(self.hands[seat])}, visible_to=(seat,))
        self.flow = Flow([Match()])
        self.settle()

    # -- helpers of the steps -------------------------------------------------------

    @property
    def players(self) -> tuple[int, ...]:
        """The seats holding cards (not the referee)."""
        return (0, 1)

    @property
    def attacker(self) -> int | None:
        """The seat attacking this round (None in co-op: the automaton attacks)."""
        return None if self.game.coop else (self.round + self.game.first) % 2

    @property
    def defender(self) -> int | None:
        return None if self.game.coop else 1 - (self.round + self.game.first) % 2

    @property
    def picks(self) -> list[str | None]:
        """The card each side plays this round, if chosen."""
        return [cards[0] if cards else None for cards in self.played]

    def draw(self, side: int, count: int) -> list[str]:
        """Take *count* cards from the top of *side*'s deck, refilling an empty deck by
        shuffling the discard pile into it: the core's deck over the side's piles."""
        deck = Deck.over(self.decks[side], self.discards[side])
        drawn, reshuffles = deck.draw_reshuffling(count, self.rng)
        for _ in range(reshuffles):
            self.events.append("reshuffled", {"side": side})
        return drawn

    def showdown(self) -> Showdown:
        """The showdown of the revealed picks."""
        value = [card_value(cards[0]) for cards in self.played]
        if self.game.coop:
            return Showdown(attack=value[AUTOMATON], defence=max(value[:2]), defenders=[0, 1])
        attacker = (self.round + self.game.first) % 2
        defender = 1 - attacker
        referee = 2 if self.game.referee else NO_REFEREE
        return Showdown(
            attack=value[attacker], defence=value[defender], defenders=[defender], referee=referee
        )

    def scorer(self, winner: JsonValue) -> int | None:
        """Whose score a showdown won by "attacker" / "defender" raises."""
        if winner is None:
            return None
        if self.game.coop:
            return 1 if winner == "attacker" else 0
        return self.attacker if winner == "attacker" else self.defender

    # -- hidden information --------------------------------------------------------

    def zones(self) -> list[Zone]:
        """Where the cards are and who sees them. The hidden cards of one side form a pool:
        to someone who does not see them, any could be in the hand, the deck or face down."""
        zones = []
        for side in range(len(self.decks)):
            owner: tuple[int, ...] = NOBODY if side == AUTOMATON else (side,)
            pool = f"side{side}"
            shown = EVERYONE if self.revealed or side == AUTOMATON else owner
            zones += [
                Zone(f"hand{side}", self.hands[side], owner, pool),
                Zone(f"deck{side}", self.decks[side], NOBODY, pool),
                Zone(f"discard{side}", self.discards[side], EVERYONE, pool),
                Zone(f"played{side}", self.played[side], shown, pool),
            ]
        return zones

    def _observation(self, player: int) -> JsonObject:
        sight = self.game.sight_of(player)
        obs: JsonObject = {
            "player": player,
            "round": self.round,
            "rounds": self.game.rounds,
            "scores": list(self.scores),
            "attacker": self.attacker,
            "zones": {zone.name: zone.view(sight) for zone in self.zones()},
            "procedure": [step.kind for step in self.flow],
        }
        showdown = self.flow.find(Showdown)
        if showdown is not None:
            obs["showdown"] = {"face": showdown.face, "rerolled": showdown.rerolled}
        window = self.flow.find(Reactions)
        if window is not None:
            obs["priority"] = window.holding()
        top = self.flow.steps[-1] if self.flow.steps else None
        if isinstance(top, Redraw) and top.seat in sight:
            obs["putting_back"] = [top.options[i] for i in top.picked]
        return obs

    def _secret(self, action: Action, player: int) -> tuple[tuple[int, ...], str] | None:
        """Picks and put-backs are secret: the others (bar a sharing team) learn only this."""
        top = self.flow.steps[-1]
        if isinstance(top, PickCards):
            return (player,), f"player {player} picks a card"
        if isinstance(top, Redraw) and action.kind == Redraw.verb:
            return (player,), f"player {player} chooses a card to put back"
        return None

    # -- the rest of the state API ---------------------------------------------------

    def _returns(self) -> Sequence[float]:
        if not self.is_terminal():
            return [0.0] * self.num_players
        lead = (self.scores[0] > self.scores[1]) - (self.scores[0] < self.scores[1])
        if self.game.coop:
            return [lead, lead]
        return [lead, -lead, 0][: self.num_players]

    def describe(self, action: Action) -> str:
        if action.kind == "pick":
            return f"play card {action.param('card')}"
        if action.kind == Redraw.verb:
            return f"put {action.param('item')} back"
        return super().describe(action)

    # -- checks of a saved state ----------------------------------------------------

    def _check_refs(self, refs: Sequence[RefCheck], reader: Reader) -> None:
        for ref in refs:
            if ref.value not in ALL_CARDS:
                raise reader.fail(ref.path, f"no card {ref.value!r}")

    def _check_state(self, reader: Reader) -> None:
        sides = 3 if self.game.coop else 2
        for name in ("hands", "decks", "discards", "played"):
            if len(getattr(self, name)) != sides:
                raise reader.fail(f"data.{name}", f"expected {sides} sides")
        if len(self.scores) != 2:
            raise reader.fail("data.scores", "expected two scores")
        for side in range(sides):
            cards = self.hands[side] + self.decks[side] + self.discards[side] + self.played[side]
            if sorted(cards) != [f"{PREFIXES[side]}{value}" for value in CARD_VALUES]:
                raise reader.fail(f"data.decks[{side}]", "each card must be in exactly one place")
            hand, played = self.hands[side], self.played[side]
            size = 0 if side == AUTOMATON else self.game.hand_size - len(played)
            if len(played) > 1 or len(hand) != size:
                raise reader.fail(f"data.hands[{side}]", "the hand is not of the right size")
        if self.flow.steps and not isinstance(self.flow.steps[0], Match):
            raise reader.fail("data.flow.steps[0]", "the root step is the match")
        super()._check_state(reader)


# --------------------------------------------------------------------------- the games


class ToyGame(Game):
    name = "toy_duel"
    state_class = ToyState

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        source = "toy_duel parameters"
        out: JsonObject = {
            "rounds": 3,
            "hand_size": 3,
            "redraw": False,
            "referee": False,
            "coop": False,
        }
        limits = {"rounds": (1, MAX_ROUNDS), "hand_size": (1, 6)}
        for key, value in params.items():
            if key == "first":  # optional: the game's params say it only when given
                if value not in PREFIXES[:2]:
                    raise DataError(source, key, "must be a or b (who attacks first)")
            elif key not in out:
                raise DataError(source, key, "unknown parameter")
            elif key in limits:
                number = as_int(value, source, key)
                lo, hi = limits[key]
                if not lo <= number <= hi:
                    raise DataError(source, key, f"must be between {lo} and {hi}")
            elif not isinstance(value, bool):
                raise DataError(source, key, "expected true or false")
            out[key] = value
        if out["coop"] and out["referee"]:
            raise DataError(source, "referee", "the co-op variant has no referee")
        if out["coop"] and "first" in out:
            raise DataError(source, "first", "in the co-op variant the automaton attacks")
        return out

    @property
    def rounds(self) -> int:
        return int(self._params["rounds"])  # type: ignore[arg-type]

    @property
    def first(self) -> int:
        """The seat attacking in the first round: 0 (``a``, the default) or 1 (``first=b``)."""
        return PREFIXES.index(str(self._params.get("first", "a")))

    @property
    def hand_size(self) -> int:
        return int(self._params["hand_size"])  # type: ignore[arg-type]

    @property
    def redraw(self) -> bool:
        return self._params["redraw"] is True

    @property
    def referee(self) -> bool:
        return self._params["referee"] is True

    @property
    def coop(self) -> bool:
        return self._params["coop"] is True

    @property
    def num_players(self) -> int:
        return 3 if self.referee else 2

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        return ((0, 1),) if self.coop else super().teams

    @property
    def shared_vision(self) -> bool:
        return self.coop

    # -- what research tools may rely on (core/game.py); the defaults would do, but say it

    @property
    def returns_range(self) -> tuple[float, float]:
        return (-1.0, 1.0)

    @property
    def zero_sum(self) -> bool:
        """A point one player wins the other loses; the co-op team shares one result."""
        return not self.coop

    @property
    def max_length(self) -> int | None:
        """None: a reroll face rolls again by itself, with no limit."""
        return None

    @property
    def chance(self) -> frozenset[str]:
        """The toy die is rolled at chance nodes; the decks are shuffled inside the rules."""
        return frozenset({"explicit", "inside"})


__all__ = [
    "BONUS",
    "REROLL_RULE",
    "TOY_DIE",
    "AutomatonPlays",
    "Match",
    "PickCards",
    "Redraw",
    "Round",
    "ShowdownGame",
    "ToyGame",
    "ToyState",
]
