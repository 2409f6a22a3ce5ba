"""The toy duel as a Rulekeeper plug-in: ``plugin.py`` declares it (imported to list the games),
``duel.py`` and ``showdown.py`` are the game, ``bots.py`` its own bot. This file imports nothing,
so listing the installed games imports none of the game."""
