"""Campaign files shipped with the game (docs/homm3-campaigns.md)."""
