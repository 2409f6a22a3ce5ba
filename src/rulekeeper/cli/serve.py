"""``rulekeeper serve``: the web app (docs/server.md) on uvicorn, its games in SQLite in the data
folder (or PostgreSQL with ``--database postgresql://...``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from rulekeeper.cli.saves import data_dir
from rulekeeper.core.errors import RulekeeperError


def database_url(folder: Path) -> str:
    """The SQLite database in *folder*."""
    return f"sqlite:///{(folder / 'rulekeeper.db').as_posix()}"


def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on (only this machine by default).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    data_dir_option: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            metavar="DIR",
            help="Where the games are kept (default: the platform's data folder, or "
            "$RULEKEEPER_DATA_DIR).",
        ),
    ] = None,
    database: Annotated[
        str | None,
        typer.Option(metavar="URL", help="A database URL instead (postgresql://user@host/db)."),
    ] = None,
    workers: Annotated[
        int | None, typer.Option(help="Processes for the bots (default: one per core).")
    ] = None,
    bot_games: Annotated[
        int, typer.Option(help="How many games only bots play go on at once (others wait).")
    ] = 4,
    pace: Annotated[
        float, typer.Option(help="Seconds between the moves of a game only bots play.")
    ] = 1.0,
    compress: Annotated[
        bool,
        typer.Option(
            help="Compress WebSocket messages (permessage-deflate): less to send over a slow "
            "link, more work for the server; off by default (a view is sent as it is)."
        ),
    ] = False,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            metavar="MODULE:CLASS",
            help="Also offer your own bot (docs/bots.md) to the server's players; repeatable. "
            "Clients can name only the built-in bots and these.",
        ),
    ] = None,
    campaign: Annotated[
        list[str] | None,
        typer.Option(
            metavar="GAME=FILE",
            help="Also offer your own campaign file (e.g. homm3=my-campaign.yaml, "
            "docs/homm3-campaigns.md) to the server's players; repeatable.",
        ),
    ] = None,
) -> None:
    """Serve the web app: play in the browser, online, against people or bots."""
    import uvicorn

    from rulekeeper.server import collector, logs
    from rulekeeper.server.app import create_app
    from rulekeeper.server.bots import BotRunner
    from rulekeeper.server.campaigns import Campaigns
    from rulekeeper.server.db import DatabaseError, open_database
    from rulekeeper.server.lobby import Lobby
    from rulekeeper.server.serving import http_protocol

    logs.setup()
    console = Console()
    folder = data_dir_option or data_dir()
    if database is None:
        folder.mkdir(parents=True, exist_ok=True)
        url = database_url(folder)
    else:
        url = database.replace("postgresql://", "postgresql+psycopg://", 1)
    try:
        engine = open_database(url)
    except DatabaseError as error:
        console.print(f"[red]error:[/] {escape(str(error))}", soft_wrap=True)
        raise typer.Exit(2) from None
    lobby = Lobby(engine, custom_bots=bot or ())
    own: dict[str, list[str]] = {}
    for spec in campaign or ():
        game, _, file = spec.partition("=")
        own.setdefault(game.strip(), []).append(file.strip())
    try:
        campaigns = Campaigns(lobby, own)
    except (RulekeeperError, OSError) as error:
        console.print(f"[red]error:[/] --campaign: {escape(str(error))}", soft_wrap=True)
        raise typer.Exit(2) from None
    bots = BotRunner(lobby, workers, pace, bot_games)
    for hosted in list(lobby.games.values()):
        bots.poke(hosted)
    collector.settle()  # the games are loaded: out of the cycle collector's way
    where = engine.url.render_as_string(hide_password=True)
    console.print(
        f"Rulekeeper at [bold]http://{host}:{port}/[/] (games kept in {escape(where)})",
        soft_wrap=True,
    )
    try:
        uvicorn.run(
            create_app(lobby, on_stop=bots.close, campaigns=campaigns),
            host=host,
            port=port,
            log_level="warning",
            ws_per_message_deflate=compress,
            http=http_protocol(),  # its parse errors in the protocol's shape
        )
    finally:
        bots.close()
