"""Battle files shipped with the game (docs/homm3-battle.md)."""
