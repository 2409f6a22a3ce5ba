"""What players see of Fields of Eternia's combats: the terminal screen (views/terminal.py)."""
