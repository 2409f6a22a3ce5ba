"""Combat files shipped with the game (docs/eternia-combat.md)."""
