"""Fields of Eternia's map game (issue 28): two teams of three heroes on the map of Eternia.

One module per part of the rules: ``setup`` (spec §3), ``rounds`` (§4: preparation, the
activation order, the end), ``turn`` (§4.3: a hero's actions), ``movement`` (§5.2),
``mobilize`` (§5.3-§5.4), ``meetings`` (§5.5: the combats a move starts, played by the unchanged
combat procedures of ``combat/``), ``defeat`` (§5.13), ``scoring`` (§1.3: VP and tie-breaks);
``model`` holds the plain data, ``game`` the wiring.
"""
