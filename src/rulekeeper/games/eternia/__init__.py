"""Masters of the Universe: Fields of Eternia (docs/eternia-content.md): its card data so far."""
