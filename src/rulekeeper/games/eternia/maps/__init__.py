"""The maps shipped with Fields of Eternia (``eternia-map`` files, docs/eternia-map.md)."""
