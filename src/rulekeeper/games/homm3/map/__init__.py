"""The HoMM3 map game (issue 24): the adventure map, heroes, towns and economy around the combat."""
