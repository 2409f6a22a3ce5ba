"""HoMM3's content pack: its cards as data (docs/homm3-content.md)."""
