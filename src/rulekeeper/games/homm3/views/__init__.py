"""What players see of a HoMM3 battle: the board as text (more views with issue 9)."""
