"""The scenarios shipped with Fields of Eternia (``eternia-scenario`` files,
docs/eternia-scenarios.md): the standard game, the Mission Book's two story scenarios and its
three skirmish scenarios (facts in our own words with their page; the rest provisional)."""
