"""HoMM3's glossary (issue 23 §2.4; core/glossary.py): the entries of glossary.yaml beside this
module, declared by the plug-in (``GameInfo.glossary``) and read by the server's
``/api/catalog/homm3-combat/glossary``, the browser's board and the terminal's ``help KEYWORD``."""

from __future__ import annotations

from pathlib import Path

from rulekeeper.core.glossary import Glossary

__all__ = ["GLOSSARY"]

GLOSSARY = Glossary(Path(__file__).with_name("glossary.yaml"))
"""The entries of glossary.yaml beside this module, read on first use."""
