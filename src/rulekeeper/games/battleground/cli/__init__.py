"""``rulekeeper battleground``: Battleground's own commands, mounted by the ``rulekeeper``
command from the game's declaration (plugin.py: ``commands``): maps (list, show, check, schema,
maps.py), card data (content.py), positions (show, check, position.py) and the geometry query
stream (maps.py, the protocol in query.py). The game's odds (odds.py) and the terminal demo
(demo.py) are declared apart, as ``rulekeeper odds battleground`` and ``rulekeeper demo``."""

from __future__ import annotations

import typer

from rulekeeper.games.battleground.cli import content, maps, position

app = typer.Typer(
    help="Masters of the Universe: Battleground.",
    no_args_is_help=True,
)
app.add_typer(maps.map_app, name="map")
app.add_typer(content.app, name="content")
app.add_typer(position.app, name="position")
app.command("query")(maps.query)
