from rulekeeper.core import DataError, IllegalActionError, RulekeeperError, UnknownGameError


def test_illegal_action_error_cites_rule() -> None:
    err = IllegalActionError("Battleground rulebook, Move", "the hex is occupied")
    assert isinstance(err, RulekeeperError)
    assert err.rule == "Battleground rulebook, Move"
    assert err.reason == "the hex is occupied"
    assert str(err) == "the hex is occupied (rule: Battleground rulebook, Move)"


def test_data_error_names_source_and_field() -> None:
    err = DataError("units.yaml", "units[3].attack", "expected an integer")
    assert isinstance(err, RulekeeperError)
    assert isinstance(err, ValueError)  # so generic validation code can catch it
    assert (err.source, err.field, err.reason) == (
        "units.yaml",
        "units[3].attack",
        "expected an integer",
    )
    assert str(err) == "units.yaml: units[3].attack: expected an integer"


def test_unknown_game_error_is_a_lookup_error() -> None:
    err = UnknownGameError("unknown game 'x'")
    assert isinstance(err, LookupError)
    assert isinstance(err, RulekeeperError)
    assert str(err) == "unknown game 'x'"
