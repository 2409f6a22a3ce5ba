"""A tiny but complete game used to exercise the whole GameState contract.

"Toy duel", two players, a few rounds.  Each round:

1. both players secretly pick a card from their hand (SIMULTANEOUS, hidden);
2. the picks are revealed and the round's attacker rolls a custom die
   (CHANCE); a "reroll" face rolls again automatically;
3. the defender -- not the active player -- may accept the roll or force one
   reroll (a Decision on the stack, like an out-of-turn reaction);
4. attacker's card value + die bonus against defender's card value wins a point.

After the last round the state is TERMINAL and returns are +1/-1/0.
Each player's cards are ``a1..a6`` / ``b1..b6`` (value = the digit), held
in a Deck shuffled from the state's own stream.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulekeeper.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    DataError,
    Decision,
    DecisionStack,
    Deck,
    Die,
    Game,
    GameState,
    JsonObject,
    register_game,
    roll_outcome_actions,
)
from rulekeeper.core.fields import as_int, as_list, as_str, join, member

TOY_DIE = Die("toy", ("blank", "success", "success", "double_success", "reroll", "blank"))
BONUS = {"blank": 0, "success": 1, "double_success": 2}
PREFIXES = ("a", "b")
CARD_VALUES = range(1, 7)
PICK_RULE = "Toy rules, Pick"
REROLL_RULE = "Toy rules, Reroll"


def card_value(card: str) -> int:
    return int(card[1:])


class ToyState(GameState):
    game: ToyGame

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        params = game.params
        self.rounds = int(params["rounds"])  # type: ignore[arg-type]
        self.round = 0
        self.scores = [0, 0]
        self.decks = [Deck(f"{prefix}{v}" for v in CARD_VALUES) for prefix in PREFIXES]
        for deck in self.decks:
            deck.shuffle(self.rng)
        hand_size = int(params["hand_size"])  # type: ignore[arg-type]
        self.hands = [deck.draw(hand_size) for deck in self.decks]
        self.picks: list[str | None] = [None, None]
        self.rolling = False
        self.face: str | None = None
        self.rerolled = False
        self.decisions = DecisionStack()
        self.events.append("dealt", {"hand_size": hand_size})
        for p, hand in enumerate(self.hands):
            self.events.append("hand", {"cards": sorted(hand)}, visible_to=(p,))

    @property
    def attacker(self) -> int:
        return self.round % 2

    @property
    def defender(self) -> int:
        return 1 - self.attacker

    # -- hooks ----------------------------------------------------------------

    def _current_player(self) -> int:
        if self.round >= self.rounds:
            return TERMINAL
        if not self.decisions.empty():
            return self.decisions.top().player
        if self.rolling:
            return CHANCE
        return SIMULTANEOUS

    def _legal_actions(self, player: int) -> list[Action]:
        if not self.decisions.empty():
            top = self.decisions.top()
            if top.player == player and top.kind == "accept_or_reroll":
                return [Action.of("accept"), Action.of("reroll")]
            return []
        if self.picks[player] is not None:
            return []
        return [Action.of("pick", card=card) for card in sorted(self.hands[player])]

    def _explain_illegal(self, action: Action, player: int) -> tuple[str, str]:
        if action.kind == "pick":
            card = action.get("card")
            if not self.decisions.empty():
                return (PICK_RULE, "cards are picked only at the start of a round")
            return (PICK_RULE, f"{card!r} is not in your hand")
        if action.kind in ("accept", "reroll") and self.decisions.empty():
            return (REROLL_RULE, "there is no roll to accept or reroll")
        return super()._explain_illegal(action, player)

    def _apply(self, action: Action, player: int) -> None:
        if action.kind == "pick":
            card = str(action.param("card"))
            self.hands[player].remove(card)
            self.picks[player] = card
            self.events.append("picked", {"player": player, "card": card}, visible_to=(player,))
            self.events.append("player_ready", {"player": player})
            if all(pick is not None for pick in self.picks):
                self.events.append("revealed", {"picks": list(self.picks)})
                self.rolling = True
        elif action.kind == "roll":
            face = str(action.param("face"))
            self.events.append("rolled", {"player": self.attacker, "face": face})
            if face == "reroll":
                return  # still a chance node: the die is rolled again
            self.rolling = False
            self.face = face
            if self.rerolled:
                self._finish_round()
            else:
                self.decisions.push(
                    Decision(
                        self.defender,
                        "accept_or_reroll",
                        {"face": face},
                        f"Player {self.attacker} rolled {face}. Accept, or force a reroll?",
                    )
                )
        elif action.kind == "accept":
            self.decisions.pop()
            self._finish_round()
        elif action.kind == "reroll":
            self.decisions.pop()
            self.rerolled = True
            self.rolling = True
            self.face = None
            self.events.append("reroll_forced", {"player": player})
        else:  # pragma: no cover - legality is checked before _apply
            raise AssertionError(action)

    def _finish_round(self) -> None:
        attacker_card, defender_card = self.picks[self.attacker], self.picks[self.defender]
        assert attacker_card is not None and defender_card is not None and self.face
        attack = card_value(attacker_card) + BONUS[self.face]
        defence = card_value(defender_card)
        winner = self.attacker if attack > defence else self.defender if defence > attack else None
        if winner is not None:
            self.scores[winner] += 1
        self.events.append("round_result", {"attack": attack, "defence": defence, "winner": winner})
        for p, deck in enumerate(self.decks):
            pick = self.picks[p]
            assert pick is not None
            deck.discard(pick)
            drawn = deck.draw_with_reshuffle(1, self.rng)
            self.hands[p].extend(drawn)
            self.events.append("drew", {"cards": drawn}, visible_to=(p,))
        self.picks = [None, None]
        self.face = None
        self.rerolled = False
        self.round += 1
        if self.round >= self.rounds:
            self.events.append("game_over", {"scores": list(self.scores)})

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return roll_outcome_actions(TOY_DIE)

    def _returns(self) -> Sequence[float]:
        if not self.is_terminal() or self.scores[0] == self.scores[1]:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.scores[0] > self.scores[1] else [-1.0, 1.0]

    def _observation(self, player: int) -> JsonObject:
        opponent = 1 - player
        revealed = all(pick is not None for pick in self.picks)
        top = None if self.decisions.empty() else self.decisions.top().to_data()
        return {
            "player": player,
            "round": self.round,
            "rounds": self.rounds,
            "scores": list(self.scores),
            "attacker": self.attacker,
            "hand": sorted(self.hands[player]),
            "opponent_hand_size": len(self.hands[opponent]),
            "my_pick": self.picks[player],
            "opponent_has_picked": self.picks[opponent] is not None,
            "revealed_picks": list(self.picks) if revealed else None,
            "face": self.face,
            "decision": top,
            "decks": [deck.public_view() for deck in self.decks],
            "events": [event.to_data() for event in self.events.for_player(player)],
        }

    def _to_data(self) -> JsonObject:
        return {
            "rounds": self.rounds,
            "round": self.round,
            "scores": list(self.scores),
            "decks": [deck.to_data() for deck in self.decks],
            "hands": [list(hand) for hand in self.hands],
            "picks": list(self.picks),
            "rolling": self.rolling,
            "face": self.face,
            "rerolled": self.rerolled,
            "decisions": self.decisions.to_data(),
        }

    def _from_data(self, data: Mapping[str, Any]) -> None:
        src = "toy_duel state"

        def get(key: str) -> Any:
            return member(data, key, src, "data")

        def path(key: str) -> str:
            return join("data", key)

        self.rounds = as_int(get("rounds"), src, path("rounds"))
        self.round = as_int(get("round"), src, path("round"))
        self.scores = [as_int(v, src, path("scores")) for v in as_list(get("scores"), src, "")]
        self.decks = [
            Deck.from_data(d, src, join(path("decks"), i))
            for i, d in enumerate(as_list(get("decks"), src, path("decks")))
        ]
        self.hands = [
            [as_str(card, src, path("hands")) for card in as_list(hand, src, path("hands"))]
            for hand in as_list(get("hands"), src, path("hands"))
        ]
        self.picks = [
            None if p is None else as_str(p, src, path("picks"))
            for p in as_list(get("picks"), src, path("picks"))
        ]
        rolling, rerolled = get("rolling"), get("rerolled")
        if not isinstance(rolling, bool) or not isinstance(rerolled, bool):
            raise DataError(src, path("rolling"), "rolling and rerolled must be booleans")
        self.rolling, self.rerolled = rolling, rerolled
        face = get("face")
        self.face = None if face is None else as_str(face, src, path("face"))
        self.decisions = DecisionStack.from_data(get("decisions"), src, path("decisions"))

    def describe(self, action: Action) -> str:
        if action.kind == "pick":
            return f"play card {action.param('card')}"
        return super().describe(action)


@register_game
class ToyGame(Game):
    name = "toy_duel"
    state_class = ToyState

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        out: JsonObject = {"rounds": 3, "hand_size": 3}
        limits = {"rounds": (1, 20), "hand_size": (1, 6)}
        source = "toy_duel parameters"
        for key, value in params.items():
            if key not in limits:
                raise DataError(source, key, "unknown parameter")
            number = as_int(value, source, key)
            lo, hi = limits[key]
            if not lo <= number <= hi:
                raise DataError(source, key, f"must be between {lo} and {hi}")
            out[key] = number
        return out

    @property
    def num_players(self) -> int:
        return 2
