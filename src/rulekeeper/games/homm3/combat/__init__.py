"""HoMM3 combat (homm3.md §5.18–5.20): the board, and later activation, attacks, retaliation,
cards and spells, each in a module of its own."""
