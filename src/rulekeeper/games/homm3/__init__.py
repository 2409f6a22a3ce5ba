"""Heroes of Might and Magic III: The Board Game (../shared/rules/homm3.md).

Built in the order of issue 8: combat first (``combat/``), registered as ``homm3-combat`` once
playable; the map game follows later under the name ``homm3``. What exists so far: the combat
board's geometry (``combat/board.py``).
"""
