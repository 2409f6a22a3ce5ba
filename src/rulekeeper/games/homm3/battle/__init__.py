"""The battle file: homm3-combat's position format (docs/homm3-battle.md)."""
