"""The rulebook's epic combat example replays exactly (spec §5.6.5, rulebook p.21; seed
l.1610-1780): Teela against Evil-Lyn and one Evil Warriors soldier, the decks in the order the
example draws them (the shipped combat ``teela-evil-lyn``)."""

from __future__ import annotations

from rulekeeper.core import Action, load_game
from rulekeeper.games.eternia.combat.resolution import totals
from rulekeeper.games.eternia.game import shipped_combat

TEELA, EVIL_LYN = 0, 1
EXAMPLE = shipped_combat("teela-evil-lyn.yaml").as_posix()


def act(state, text: str) -> None:
    """Apply the action written *text* for the seat to act (refused: the test fails)."""
    action = Action.parse(text)
    assert action in state.legal_actions(), (text, state.legal_actions())
    state.apply_action(action)


def placements(state) -> None:
    """Step 3 as the example plays it (spec §5.6.5)."""
    for text in (
        "weapon index=0",  # Teela's sword (melee)
        "weapon index=0",  # Evil-Lyn's staff (magic)
        "focus",  # Teela sets aside "+1" (Mind 2)
        "place card=motu-plus-2 zone=initiative",
        "place card=evil-plus-3 zone=attack",
        "place card=motu-plus-3 zone=attack",  # the Tool: "+1" and "+3" drawn, "+3" played
        "place card=evil-time zone=beside",
        "place card=evil-momentum zone=defense",
        "place card=motu-plus-2 zone=defense",
        "place card=evil-plus-2 zone=initiative",
        "focus",  # Teela's second focus: her last "+1"
        "place card=motu-flow zone=attack",
        "place card=motu-plus-1 zone=defense",  # the card the Flow lets her draw
        "place card=evil-plus-2 zone=defense",
    ):
        act(state, text)


def test_the_example_places_the_cards_of_the_rulebook() -> None:
    state = load_game("eternia-combat", combat=EXAMPLE).new_initial_state(0)
    placements(state)
    teela, lyn = state.epic.fighters
    # step 4 began: the face-down cards are revealed (spec §5.6.3 step 4)
    assert sorted((p.zone, p.card.split("#")[0]) for p in teela.grid) == [
        ("attack", "motu-flow"),
        ("attack", "motu-plus-3"),
        ("defense", "motu-plus-1"),
        ("defense", "motu-plus-2"),
        ("initiative", "motu-plus-2"),
    ]
    assert sorted((p.zone, p.card.split("#")[0]) for p in lyn.grid) == [
        ("attack", "evil-plus-3"),
        ("defense", "evil-momentum"),
        ("defense", "evil-plus-2"),
        ("initiative", "evil-plus-2"),
    ]
    assert not teela.down and not lyn.down
    assert [c.split("#")[0] for c in lyn.beside] == ["evil-time"]
    assert state.epic.focuses == [2, 0]
    assert state.flow.steps[-1].kind == "activate"


def test_the_example_replays_to_teelas_defeat() -> None:
    state = load_game("eternia-combat", combat=EXAMPLE).new_initial_state(0)
    placements(state)
    for text in (
        "pass",  # Teela
        "time card=evil-time",
        "swap first=0 second=2",  # Momentum (Defense) <-> "+2" (Initiative)
        "momentum index=0",  # the staff: draw a card and play it
        "place card=evil-plus-3 zone=attack",
        "spell card=fireball",  # Skeletor's: Teela 6 -> 4 HP
        "soldiers attack=1 defense=0 initiative=0",
    ):
        act(state, text)
    assert state.epic.fighters[TEELA].hp == 4
    assert totals(state, TEELA) == {"attack": 4, "defense": 3, "initiative": 5}
    assert totals(state, EVIL_LYN) == {"attack": 7, "defense": 4, "initiative": 3}
    act(state, "pass")  # the Evil Warriors pass: steps 5 to 10 follow
    result = state.flow.result
    assert result["ending"] == "defeat"
    assert result["winner"] == EVIL_LYN
    assert result["defeated"] == [TEELA]
    assert result["vp"] == [0, 1]
    assert result["damage"] == [6, 1]  # the surprise; Teela's 4 against Defense 4 is blocked
    assert result["soldiers_lost"] == [0, 1]
    assert all(len(f.deck) == 21 for f in state.epic.fighters)  # step 10: all shuffled back
