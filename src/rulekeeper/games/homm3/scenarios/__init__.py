"""Scenario files shipped with the game (docs/homm3-scenarios.md)."""
