"""Fields of Eternia's content pack: the cards and dice combat needs (docs/eternia-content.md)."""
