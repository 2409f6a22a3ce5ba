"""The map of Eternia as data (docs/eternia-map.md): the ``eternia-map`` format."""
