"""Rulekeeper: rules engine and play platform for Archon Studio board games."""

__version__ = "0.1.0"

# Only the registry is imported eagerly; game modules load on first use.
from rulekeeper.core.registry import list_games, load_game, register_game

__all__ = ["__version__", "list_games", "load_game", "register_game"]
