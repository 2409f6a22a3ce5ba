"""The round of the complete Battleground game: selection, activation, preparation, clean-up,
scoring, draws and forfeits, side missions (rulebook: Playing the Game, Clean-Up Phase,
Scoring, Side Missions; battleground.md §3)."""

from __future__ import annotations

import pytest
from game_helpers import (
    BATTLE_CRY,
    COSMIC_KEY,
    DARK_AMBITION,
    DEFEND_ETERNIA,
    DEFENSIVE_STANCE,
    FOR_ETERNIA,
    HEROIC_RESOLVE,
    HONOUR,
    MIGHT,
    REIGN,
    RUTHLESS,
    STEADY_AIM,
    TREACHERY,
    act,
    activate,
    arena,
    attack,
    dice,
    end,
    events,
    first_game,
    hand,
    observation_text,
    pass_round,
    play_round,
    prepare,
    put,
    roll,
    select,
    start,
    top,
    turn,
)

from rulekeeper.core import SIMULTANEOUS, Action, Deck, IllegalActionError
from rulekeeper.games.battleground.rules.activation import ActStep
from rulekeeper.games.battleground.rules.combat import knock_out_value
from rulekeeper.games.battleground.rules.round import ActivateStep
from rulekeeper.games.battleground.rules.setup import ChooseFirstStep

# === choosing the first player [First Game Setup, step 7] ===================================


def test_roll_off_ties_are_rerolled_and_the_winner_chooses_the_first_player():
    """Rulebook, First Game Setup step 7: both players roll a die, rerolling ties; the player who
    rolls highest chooses the first player (who breaks initiative ties all game)."""
    state = first_game().new_initial_state(seed=5)
    roll(state, 3, 3)  # a tie: roll again
    assert top(state).kind == "roll-off"
    roll(state, 2, 5)
    assert top(state) == ChooseFirstStep(player=1)
    assert state.current_player() == 1
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalActionError) as refusal:
        state.apply_action(Action.of("first-player", player=0), 0)
    assert refusal.value.rule == "core: out of turn"
    state.apply_action(Action.of("first-player", player=0), 1)
    assert state.first_player == 0
    assert top(state).kind == "select"
    assert [e["face"] for e in events(state, "roll")] == [3, 3, 2, 5]


# === select cards [Activation Phase: Select Cards; battleground.md §3] ======================


def test_selection_is_hidden_until_both_are_locked_in():
    """battleground.md §3 (Simultaneous card selection is hidden information) and rulebook,
    Select Cards (placed facedown, revealed simultaneously): after player 0 has chosen, player
    1's observation does not show the card; once both are locked in, both see both cards."""
    state = start()
    hand(state, 0, STEADY_AIM, BATTLE_CRY)
    hand(state, 1, TREACHERY, MIGHT)
    assert state.current_player() == SIMULTANEOUS
    state.apply_action(Action.of("select", card=STEADY_AIM), 0)
    assert STEADY_AIM not in observation_text(state, 1)
    assert STEADY_AIM in observation_text(state, 0)
    assert state.legal_actions(0) == []
    assert Action.of("select", card=MIGHT) in state.legal_actions(1)
    state.apply_action(Action.of("select", card=MIGHT), 1)
    for player in (0, 1):
        seen = observation_text(state, player)
        assert STEADY_AIM in seen
        assert MIGHT in seen
    assert {e["card"] for e in events(state, "reveal")} == {STEADY_AIM, MIGHT}


@pytest.mark.parametrize(
    ("card0", "card1", "first", "active"),
    [
        (BATTLE_CRY, TREACHERY, 1, 0),  # initiative 5 beats 3
        (STEADY_AIM, MIGHT, 0, 1),  # 3 loses to 5
        (BATTLE_CRY, MIGHT, 0, 0),  # 5 = 5: the first player
        (BATTLE_CRY, MIGHT, 1, 1),
    ],
)
def test_highest_initiative_activates_first_ties_to_the_first_player(card0, card1, first, active):
    """Rulebook, Select Cards: the card with the highest initiative makes its player the active
    player; on a tie the first player does (First Game Setup, step 7: the first player breaks
    ties for initiative); then the opponent activates with its card."""
    state = start(first=first)
    hand(state, 0, card0)
    hand(state, 1, card1)
    select(state, card0, card1)
    assert top(state) == ActivateStep(player=active, card=card0 if active == 0 else card1)
    activate(state, "he-man" if active == 0 else "skeletor")
    end(state)
    assert top(state).kind == "activate"
    assert top(state).player == 1 - active


@pytest.mark.parametrize(
    ("mana_before", "card", "bonus", "ap", "mana_after"),
    [
        (0, FOR_ETERNIA, "mana", 3, 3),  # 2 from the card, 1 from the bonus
        (4, FOR_ETERNIA, "mana", 3, 5),  # capped at five
        (3, HEROIC_RESOLVE, "mana", 3, 5),
        (0, DEFEND_ETERNIA, "ap", 4, 1),  # glory: +1 AP
        (5, DEFEND_ETERNIA, "mission", 3, 5),
    ],
)
def test_card_gives_ap_and_mana_capped_at_five(mana_before, card, bonus, ap, mana_after):
    """Rulebook, Resolve Card (AP and mana from the card, at most five mana tokens) and Gain
    Bonuses (a fate card: +1 mana or its ability; a glory card: +1 AP or its side mission)."""
    state = start()
    put(state, "he-man", 13, 2, mana=mana_before)
    hand(state, 0, FOR_ETERNIA, HEROIC_RESOLVE)
    select(state, card, None)
    activate(state, "he-man", None)
    choices = {a.get("choice") for a in state.legal_actions()}
    assert choices <= ({"mana", "ability"} if card != DEFEND_ETERNIA else {"ap", "mission"})
    assert bonus in choices
    act(state, "bonus", choice=bonus)
    assert turn(state).ap == ap
    assert state.fighters["he-man"].mana == mana_after


def test_playing_more_cards_gives_their_bonus_only():
    """Rulebook, Playing Additional Cards: before or after any action the active player may play
    more fate and glory cards, each giving either bonus (not its AP or mana); End Activation: all
    played cards are placed on the active character."""
    state = start()
    hand(state, 0, FOR_ETERNIA, HEROIC_RESOLVE, STEADY_AIM)
    select(state, STEADY_AIM, None)
    activate(state, "he-man", "mana")
    assert (turn(state).ap, state.fighters["he-man"].mana) == (3, 1)
    act(state, "play", card=FOR_ETERNIA)
    assert top(state).kind == "bonus"
    act(state, "bonus", choice="mana")
    act(state, "play", card=HONOUR)
    assert {a.get("choice") for a in state.legal_actions()} == {"ap", "mission"}
    act(state, "bonus", choice="ap")
    assert (turn(state).ap, state.fighters["he-man"].mana) == (4, 2)
    assert state.sides[0].hand == [HEROIC_RESOLVE]
    assert HONOUR not in state.sides[0].glory
    end(state)
    assert state.fighters["he-man"].cards == [STEADY_AIM, FOR_ETERNIA, HONOUR]


def test_end_of_activation_loses_ap_keeps_mana_and_marks_the_character():
    """Rulebook, End Activation: played cards go on the character card (it is activated and may
    not be activated again this round), unspent AP are lost, unspent mana stays."""
    state = start()
    hand(state, 0, FOR_ETERNIA, HEROIC_RESOLVE)
    hand(state, 1, DARK_AMBITION, RUTHLESS)
    select(state, FOR_ETERNIA, DARK_AMBITION)  # initiative 1 = 1: the first player
    activate(state, "he-man", "mana")
    end(state)
    he_man = state.fighters["he-man"]
    assert (he_man.activated, he_man.cards, he_man.mana) == (True, [FOR_ETERNIA], 3)
    assert events(state, "end activation")[-1] == {"character": "he-man", "unspent ap": 3}
    activate(state, "skeletor", "mana")
    end(state)
    assert state.turns == []
    select(state, HEROIC_RESOLVE, RUTHLESS)  # 2 = 2: the first player again
    assert Action.of("activate", character="he-man") not in state.legal_actions()
    with pytest.raises(IllegalActionError) as refusal:
        act(state, "activate", character="he-man")
    assert refusal.value.rule == "Activate Character"
    activate(state, "stratos", "mana")
    assert turn(state).ap == 3  # Heroic Resolve's own AP, nothing carried over
    assert state.fighters["he-man"].mana == 3


def test_a_player_who_passes_stops_and_the_opponent_continues_alone():
    """Rulebook, Activation Phase: a player who passes cannot activate characters for the rest of
    the round; the opponent continues selecting cards and activating until they pass too; then
    the clean-up phase follows."""
    state = start()
    hand(state, 1, DARK_AMBITION, TREACHERY, RUTHLESS)
    select(state, None, DARK_AMBITION)
    assert state.sides[0].passed
    activate(state, "skeletor")
    end(state)
    assert top(state).kind == "select"
    assert top(state).players == [1]
    assert state.current_player() == 1
    assert state.legal_actions(0) == []
    select(state, None, TREACHERY)
    activate(state, "mer-man")
    end(state)
    select(state, None, RUTHLESS)
    activate(state, "trap-jaw")
    end(state)
    # Player 1 has no ready character left: it passes, and the round ends.
    assert state.round == 2
    assert top(state).kind == "discard"
    assert not state.sides[0].passed and not state.sides[1].passed


def test_player_without_ready_characters_or_cards_passes():
    """battleground.md §3 (Passing): a player with no fate or glory card in hand passes."""
    state = start()
    hand(state, 0, glory=[])
    hand(state, 1, DARK_AMBITION)
    select(state, None, DARK_AMBITION)
    assert state.sides[0].passed
    assert top(state).player == 1


# === double activation [Activation Phase: Double Activation] ================================


def test_last_character_of_a_round_cannot_open_the_next():
    """Rulebook, Double Activation: the last character a player activated in a round cannot be
    that player's first character in the next round; afterwards it may be activated."""
    state = start()
    play_round(state, ["he-man", "stratos", "man-at-arms"], ["skeletor", "mer-man", "trap-jaw"])
    assert state.round == 2
    prepare(state)
    select(state, state.sides[0].hand[0], None)
    options = {a.get("character") for a in state.legal_actions()}
    assert options == {"he-man", "stratos"}
    with pytest.raises(IllegalActionError) as refusal:
        act(state, "activate", character="man-at-arms")
    assert refusal.value.rule == "Double Activation"
    activate(state, "he-man")
    end(state)
    select(state, state.sides[0].hand[0], None)
    assert {a.get("character") for a in state.legal_actions()} == {"stratos", "man-at-arms"}


def test_double_activation_is_ignored_with_one_character_left():
    """Rulebook, Double Activation: players ignore this rule with only one character left."""
    state = start()
    play_round(state, ["he-man", "stratos", "man-at-arms"], ["skeletor", "mer-man", "trap-jaw"])
    prepare(state)
    state.fighters["he-man"].knocked_out = True
    state.fighters["stratos"].knocked_out = True
    select(state, state.sides[0].hand[0], None)
    assert [a.get("character") for a in state.legal_actions()] == ["man-at-arms"]


# === preparation [Preparation Phase; battleground.md §3] ====================================


def test_no_preparation_in_round_one():
    """Rulebook, Preparation Phase: skipped in the first round (the hands were drawn in setup)."""
    state = start()
    assert top(state).kind == "select"
    assert [len(side.hand) for side in state.sides] == [5, 5]


def test_preparation_discards_then_draws_up_to_five():
    """Rulebook, Preparation Phase: discard any number of cards, then draw until five fate cards
    are in hand; never more than five."""
    state = start()
    play_round(state, ["he-man", "stratos"], ["skeletor"])
    assert top(state).kind == "discard"
    for player, kept in ((0, 3), (1, 4)):
        assert len(state.sides[player].hand) == kept
    first = top(state).seat
    discard = sorted(state.sides[first].hand)[:1]
    deck_before = state.sides[first].deck.size
    # issue 21 §1: one card at a time, then done
    assert state.legal_actions(first)[-1] == Action.of("done")
    state.apply_action(Action.of("discard", item=discard[0]), first)
    state.apply_action(Action.of("done"), first)
    side = state.sides[first]
    kept = 3 if first == 0 else 4
    assert len(side.hand) == 5
    assert side.deck.discard_pile[-1] == discard[0]
    assert side.deck.size == deck_before - (5 - (kept - 1))
    drawn = events(state, "draw")[-1]
    assert drawn["player"] == first and len(drawn["cards"]) == 5 - (kept - 1)
    other = top(state).seat
    assert other == 1 - first
    seen_by_other = [e.kind for e in state.events_for(other)]
    assert seen_by_other.count("draw") == 0  # the cards drawn are hidden from the opponent
    state.apply_action(Action.of("done"), other)
    assert [len(s.hand) for s in state.sides] == [5, 5]
    assert top(state).kind == "select"


def test_empty_deck_draws_what_is_left_without_reshuffling():
    """battleground.md §3 (An empty fate deck is not reshuffled): a player who must draw draws
    what is left; the discard pile stays where it is."""
    state = start()
    play_round(state, ["he-man", "stratos", "man-at-arms"], [])
    side = state.sides[0]
    assert len(side.hand) == 2
    side.deck = Deck([COSMIC_KEY], discard=[BATTLE_CRY, STEADY_AIM])
    held = list(side.hand)
    prepare(state)
    assert sorted(state.sides[0].hand) == sorted([*held, COSMIC_KEY])
    assert len(state.sides[0].hand) == 3
    assert state.sides[0].deck.size == 0
    assert state.sides[0].deck.discard_pile == (BATTLE_CRY, STEADY_AIM)


# === clean-up [Clean-Up Phase; battleground.md §3] ============================================


OBJECTIVE_MAP = {
    "objectives": [{"id": "middle", "at": [7, 7]}, {"id": "home", "at": [5, 0]}],
}


@pytest.mark.parametrize(
    ("placements", "claimed"),
    [
        ({"he-man": (8, 7)}, {"middle": 0}),
        ({"he-man": (7, 7)}, {"middle": 0}),  # in the objective's hex
        ({"he-man": (8, 7), "skeletor": (9, 7)}, {}),  # an enemy adjacent to He-Man
        ({"he-man": (9, 7)}, {}),  # not in or adjacent to the objective's hex
        ({"he-man": (8, 7), "skeletor": (6, 7)}, {}),  # an enemy adjacent to the objective
        ({"he-man": (8, 7), "skeletor": (11, 7)}, {"middle": 0}),
        ({"he-man": (5, 1)}, {}),  # the objective is in He-Man's own deployment zone
        ({"skeletor": (5, 1)}, {"home": 1}),  # ...but not in Skeletor's
    ],
)
def test_claim_objective_tokens(tmp_path, placements, claimed):
    """Rulebook, Claim Objective Tokens: a character claims a token when no enemy is adjacent to
    it, it is in or adjacent to the token's hex, no enemy is in or adjacent to that hex, and the
    token is not in its own deployment zone; each token is worth 20 VP."""
    state = start(arena(tmp_path, **OBJECTIVE_MAP))
    for character, (q, r) in placements.items():
        put(state, character, q, r)
    pass_round(state)
    assert {k: p for p in (0, 1) for k in state.sides[p].objectives} == claimed
    assert [state.sides[p].vp for p in (0, 1)] == [
        20 * sum(1 for owner in claimed.values() if owner == p) for p in (0, 1)
    ]
    assert set(state.objectives) == {"middle", "home"} - set(claimed)


def test_clean_up_clears_tokens_but_overwatch_and_focus_stay():
    """Rulebook, Clear Tokens (buff, debuff and mark tokens are removed) and battleground.md §3
    (overwatch tokens stay until used or the character starts an activation; focus tokens stay
    until spent)."""
    state = start()
    put(state, "he-man", 13, 2, buff="protection", debuff="blind", overwatch=True, focused=True)
    put(state, "skeletor", 4, 22, buff="quickness", debuff="cripple")
    state.marks.append(
        {
            "mark": "mer-man",
            "owner": 1,
            "at": [8, 12, 0],
            "radius": 2,
            "affects": "enemies",
            "when": "passive",
            "effects": [],
            "customs": [],
        }
    )
    pass_round(state)
    he_man, skeletor = state.fighters["he-man"], state.fighters["skeletor"]
    assert (he_man.buff, he_man.debuff, skeletor.buff, skeletor.debuff) == ("", "", "", "")
    assert state.marks == []
    assert he_man.overwatch and he_man.focused
    prepare(state)
    hand(state, 0, STEADY_AIM)
    select(state, STEADY_AIM, None)
    activate(state, "he-man")
    assert not state.fighters["he-man"].overwatch  # gone when its activation starts


def test_clean_up_mana_for_unactivated_characters_and_readying():
    """Rulebook, Ready Characters and Gain Mana: each ready character not activated this round
    gains one mana (at most five); then every played card is discarded and every character is
    ready again."""
    state = start()
    put(state, "stratos", 9, 2, mana=5)
    hand(state, 0, STEADY_AIM, FOR_ETERNIA)
    select(state, STEADY_AIM, None)
    activate(state, "he-man", "mana")
    act(state, "play", card=FOR_ETERNIA)
    act(state, "bonus", choice="mana")
    end(state)
    mana = {f.id: f.mana for f in state.fighters.values()}
    pass_round(state)
    assert state.round == 2
    gained = {f.id: f.mana - mana[f.id] for f in state.fighters.values()}
    assert gained == {
        "he-man": 0,  # activated
        "stratos": 0,  # already at five
        "man-at-arms": 1,
        "skeletor": 1,
        "mer-man": 1,
        "trap-jaw": 1,
    }
    assert all(not f.activated and f.cards == [] for f in state.fighters.values())
    assert state.sides[0].deck.discard_pile[-2:] == (STEADY_AIM, FOR_ETERNIA)


def pass_to_last_clean_up(state):
    for _ in range(3):
        pass_round(state)
        assert not state.is_terminal()
        prepare(state)
    assert state.round == 4


@pytest.mark.parametrize(
    ("vp", "winner", "result"),
    [
        ((40, 20), 0, "points victory"),
        ((20, 40), 1, "points victory"),
        ((39, 20), -1, "draw on points"),
        ((0, 19), -1, "draw on points"),
    ],
)
def test_game_ends_after_round_four_with_a_20_vp_lead_to_win(vp, winner, result):
    """Rulebook, Check for Victory and Points Victory; battleground.md §3 (Scoring): the game
    ends in the clean-up of round 4; a lead of 20 VP or more wins, anything less is a draw."""
    state = start()
    pass_to_last_clean_up(state)
    state.sides[0].vp, state.sides[1].vp = vp
    pass_round(state)
    assert state.is_terminal()
    assert (state.winner, state.result) == (winner, result)
    expected = {0: [1.0, -1.0], 1: [-1.0, 1.0], -1: [0.0, 0.0]}[winner]
    assert state.returns() == expected


@pytest.mark.parametrize(
    ("wiped", "winner"),
    [(("skeletor", "mer-man", "trap-jaw"), 0), ((*("he-man", "stratos", "man-at-arms"),), 1)],
)
def test_wiped_force_loses_at_clean_up_whatever_the_points(wiped, winner):
    """Rulebook, Knockout Victory: in the clean-up phase, if every character of a player's force
    is knocked out, the player with characters still on the battleground wins."""
    state = start()
    for character in wiped:
        state.fighters[character].knocked_out = True
    state.sides[1 - winner].vp = 100
    card = state.sides[winner].hand[0]
    select(state, card if winner == 0 else None, card if winner == 1 else None)
    assert not state.is_terminal()  # the round goes on until the clean-up
    activate(state, "he-man" if winner == 0 else "skeletor")
    end(state)
    assert not state.is_terminal()
    pass_round(state)
    assert state.is_terminal()
    assert (state.winner, state.result, state.round) == (winner, "knockout victory", 1)


def test_both_forces_wiped_is_a_draw():
    """Rulebook, Knockout Victory: if both players lose all their characters, it is a draw."""
    state = start()
    for fighter in state.fighters.values():
        fighter.knocked_out = True
    pass_round(state)
    assert (state.winner, state.is_terminal()) == (-1, True)


# === draws by agreement and forfeits [Scoring; battleground.md §3] ==========================


def test_draw_by_agreement_is_offered_and_accepted_or_declined():
    """Rulebook, Scoring, and battleground.md §3: if both players agree, the game ends in a draw
    at any time; the offer and the answer are game actions."""
    state = start()
    hand(state, 0, STEADY_AIM)
    select(state, STEADY_AIM, None)
    activate(state, "he-man")
    act(state, "offer-draw")
    assert top(state).kind == "draw-offer"
    assert state.current_player() == 1
    act(state, "decline-draw")
    assert isinstance(top(state), ActStep) and top(state).player == 0
    act(state, "offer-draw")
    act(state, "accept-draw")
    assert state.is_terminal()
    assert (state.winner, state.result) == (-1, "draw by agreement")
    assert state.returns() == [0.0, 0.0]


def test_forfeit_at_any_time_even_in_the_opponents_activation():
    """Rulebook, Scoring: a player can forfeit a game at any time, making their opponent the
    winner (battleground.md §3: draws and forfeits are game actions)."""
    state = start()
    hand(state, 0, STEADY_AIM)
    select(state, STEADY_AIM, None)
    activate(state, "he-man")
    assert Action.of("forfeit") in state.anytime_actions(1)
    state.apply_action(Action.of("forfeit"), 1)
    assert (state.is_terminal(), state.winner) == (True, 0)


def test_a_draw_can_be_offered_out_of_turn():
    """Rulebook, Scoring: the players may agree to a draw at any time: the offer is an action
    of either player, and the other one answers it."""
    state = start()
    hand(state, 0, STEADY_AIM)
    select(state, STEADY_AIM, None)
    activate(state, "he-man")
    state.apply_action(Action.of("offer-draw"), 1)
    assert state.current_player() == 0
    assert {a.kind for a in state.legal_actions()} == {"accept-draw", "decline-draw"}
    state.apply_action(Action.of("decline-draw"))
    assert not state.is_terminal() and state.current_player() == 0


@pytest.mark.parametrize("who", [0, 1])
def test_forfeit_makes_the_opponent_the_winner(who):
    """Rulebook, Scoring: a player can forfeit at any time, making their opponent the winner."""
    state = start()
    state.apply_action(Action.of("forfeit"), who)
    assert state.is_terminal()
    assert state.winner == 1 - who


# === side missions [Side Missions; Gain Bonuses] ===============================================


def knock_out_skeletor(state):
    attack(state, "sword-of-power", "skeletor")
    dice(state, 4, 1, 1, 1, 1)
    dice(state, 1, 1, 1)


@pytest.mark.parametrize(("bonus", "mission_vp"), [("mission", 15), ("ap", 0)])
def test_side_mission_scores_once_when_fulfilled(bonus, mission_vp):
    """Rulebook, Side Missions: a glory card played with its side mission bonus scores its VP
    when its condition is met in that activation ('knock out an enemy with a melee weapon'),
    once; with the +1 AP bonus it scores nothing."""
    state = start()
    put(state, "he-man", 5, 12, facing=0)
    put(state, "skeletor", 6, 12, facing=3, wounds=5)
    put(state, "mer-man", 5, 13, facing=2, wounds=4)
    select(state, HONOUR, None)
    activate(state, "he-man", bonus)
    turn(state).ap = 5  # room for two melee attacks (1 + 2 AP)
    value = knock_out_value(state, state.fighters["skeletor"])
    knock_out_skeletor(state)
    assert state.fighters["skeletor"].knocked_out
    assert state.sides[0].vp == value + mission_vp
    second = knock_out_value(state, state.fighters["mer-man"])
    attack(state, "sword-of-power", "mer-man")
    dice(state, 4, 1, 1, 1, 1)
    dice(state, 1, 1, 1, 1)
    assert state.fighters["mer-man"].knocked_out
    assert state.sides[0].vp == value + second + mission_vp
    end(state)
    assert state.sides[0].vp == value + second + mission_vp
    assert state.sides[0].glory_done == ([HONOUR] if mission_vp else [])


def test_side_mission_played_after_its_condition_scores_nothing():
    """Rulebook, Side Missions: a player must have already played the side mission before they
    meet its condition to gain the VP."""
    state = start()
    put(state, "he-man", 5, 12, facing=0)
    put(state, "skeletor", 6, 12, facing=3, wounds=5)
    hand(state, 0, STEADY_AIM)
    select(state, STEADY_AIM, None)
    activate(state, "he-man", "mana")
    knock_out_skeletor(state)
    value = state.sides[0].vp
    act(state, "play", card=HONOUR)
    act(state, "bonus", choice="mission")
    end(state)
    assert state.sides[0].vp == value
    assert state.sides[0].glory_done == []


def test_side_mission_ending_the_activation_next_to_an_objective(tmp_path):
    """Rulebook, Side Missions ('Defend Eternia': end the activation in or next to an objective's
    hex): scored when the activation ends there, not when it ends elsewhere."""
    state = start(arena(tmp_path, objectives=[{"id": "middle", "at": [7, 7]}]))
    put(state, "he-man", 7, 4, facing=5)
    select(state, DEFEND_ETERNIA, None)
    activate(state, "he-man", "mission")
    act(state, "move", to=[7, 6, 0], focus=False)
    act(state, "face", direction=5)
    assert state.sides[0].vp == 0
    end(state)
    assert state.sides[0].vp == 10
    assert state.sides[0].glory_done == [DEFEND_ETERNIA]


def test_side_mission_in_play_is_kept_with_the_character_card():
    """Rulebook, End Activation: played glory cards go on the character card like fate cards;
    Ready Characters: glory cards are never regained (battleground.md §3)."""
    state = start()
    select(state, DEFEND_ETERNIA, None)
    activate(state, "he-man", "ap")
    end(state)
    assert DEFEND_ETERNIA in state.fighters["he-man"].cards
    pass_round(state)
    assert state.round == 2
    assert state.fighters["he-man"].cards == []
    assert DEFEND_ETERNIA not in state.sides[0].glory
    assert DEFEND_ETERNIA not in state.sides[0].deck.discard_pile
    prepare(state)
    assert Action.of("select", card=DEFEND_ETERNIA) not in state.legal_actions(0)


def test_card_constants_match_the_content_pack():
    """Content (fate.yaml, glory.yaml; rulebook Resolve Card: initiative, AP, mana): each card
    the tests name exists with the numbers they assume (game_helpers)."""
    state = start()
    expected = {
        FOR_ETERNIA: (1, 3, 2),
        HEROIC_RESOLVE: (2, 3, 1),
        STEADY_AIM: (3, 3, 0),
        BATTLE_CRY: (5, 2, 0),
        DEFENSIVE_STANCE: (4, 2, 1),
        COSMIC_KEY: (7, 1, 0),
        DEFEND_ETERNIA: (3, 3, 1),
        HONOUR: (4, 2, 2),
        DARK_AMBITION: (1, 3, 2),
        RUTHLESS: (2, 3, 1),
        TREACHERY: (3, 3, 0),
        MIGHT: (5, 2, 0),
        REIGN: (2, 3, 2),
    }
    for card, numbers in expected.items():
        found = state.play_card(card)
        assert (found.initiative, found.ap, found.mana) == numbers, card
