"""Campaigns on the server (issue 26 §3, docs/server.md "Campaigns"): a game's shipped campaign
played as one hosted game per scenario, as ``rulekeeper play GAME --campaign`` plays it in the
terminal (the same core/campaign.py calls).

Creating a campaign hosts its first scenario's game, with the seats given (bots, ``me``,
``open``), and answers the campaign's id and admin token and that game's tokens. When a
scenario's game is over, ``next`` (by the campaign's admin or a player of that game) takes the
cards to keep (none given: the campaign's automatic pick, as a bot takes), refuses a choice the
rules refuse, and hosts the next scenario's game with the same seats (a person's seat gets a new
token, answered to the caller); a lost scenario is played again. The campaign's progress is in
the database, so a campaign outlives the server. Besides the shipped campaigns, the operator may
offer campaign files of their own (``rulekeeper serve --campaign GAME=FILE``); a client never
names a file of the server's machine."""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml
from sqlalchemy import select
from sqlalchemy.orm import Session as DbSession

from rulekeeper.core.campaign import Chain, open_campaign, shipped_campaigns
from rulekeeper.core.errors import DataError, RulekeeperError, UnknownGameError
from rulekeeper.core.registry import game_info
from rulekeeper.server.db import CampaignRow, now
from rulekeeper.server.errors import ApiError
from rulekeeper.server.hosted import clean_name, new_token, token_hash
from rulekeeper.server.lobby import Lobby

__all__ = ["Campaigns"]

LOG = logging.getLogger("rulekeeper.server.campaigns")
ME = "me"


def operator_files(game: str, params: dict[str, Any]) -> dict[str, Any]:
    """*params* with each file the operator's campaign names (a declared file parameter that
    is not a shipped file's name) given as its data, as a client gives a file (server/files.py
    takes no path)."""
    found = dict(params)
    for param in game_info(game).params:
        value = found.get(param.name)
        if param.kind == "file" and isinstance(value, str) and param.shipped_value(value) is None:
            try:
                found[param.name] = yaml.safe_load(Path(value).read_text(encoding="utf-8"))
            except (OSError, yaml.YAMLError) as error:
                raise ApiError("needs-attention", f"{param.name}: {error}") from None
    return found


class Campaigns:
    """The campaigns the server hosts, each scenario a game of *lobby*."""

    def __init__(self, lobby: Lobby, own: Mapping[str, Sequence[str]] | None = None) -> None:
        self.lobby = lobby
        self.lock = threading.RLock()
        self.chains: dict[tuple[str, str], Chain] = {}
        """The campaigns opened so far, by game and name (a chain is read-only)."""
        self.own: dict[str, list[str]] = {}
        """The operator's own campaign files' names, by game (``serve --campaign``)."""
        for game, files in (own or {}).items():
            for file in files:
                name = Path(file).name.removesuffix(".yaml")
                if name in self.offered(game):
                    raise DataError(file, "(file)", f"{game} already offers a campaign {name!r}")
                self.chains[(game, name)] = open_campaign(game, file)
                self.own.setdefault(game, []).append(name)
        with DbSession(lobby.engine) as db:  # each hosted game knows its campaign
            for campaign_id, games in db.execute(select(CampaignRow.id, CampaignRow.games)):
                self._mark(campaign_id, games)

    def _mark(self, campaign_id: str, games: Sequence[str]) -> None:
        """Tell the hosted *games* (those still hosted) that they are *campaign_id*'s."""
        with self.lobby.lock:
            for game_id in games:
                hosted = self.lobby.games.get(game_id)
                if hosted is not None:
                    hosted.campaign = campaign_id
                    hosted.views.clear()

    def offered(self, game: str) -> list[str]:
        """The campaigns of *game* this server hosts: the shipped ones, then the operator's."""
        return [*shipped_campaigns(game), *self.own.get(game, [])]

    def chain(self, game: str, name: str) -> Chain:
        """Game *game*'s campaign *name* (shipped, or the operator's), opened once."""
        key = (game, name)
        with self.lock:
            if key not in self.chains:
                if name not in shipped_campaigns(game):
                    raise ApiError(
                        "needs-attention",
                        f"{game} campaign {name!r} is no longer offered by this server",
                    )
                self.chains[key] = open_campaign(game, name)
            return self.chains[key]

    def create(
        self,
        game: str,
        campaign: str,
        seats: list[str],
        title: str = "",
        private: bool = False,
        seed: int | None = None,
        name: str = "",
    ) -> dict[str, Any]:
        """A new campaign, its first scenario hosted; answers the campaign's id and admin
        token, and the game's (``game``: the lobby's answer)."""
        try:
            offered = self.offered(game)
        except UnknownGameError as error:
            raise ApiError("unknown-game", str(error), field="game") from None
        shipped = campaign.removesuffix(".yaml")
        if shipped not in offered:
            names = ", ".join(offered) or "none"
            raise ApiError(
                "bad-request",
                f"this server offers no {game} campaign {campaign!r} (offered: {names})",
                field="campaign",
            )
        chain = self.chain(game, shipped)
        seed = secrets.randbelow(2**31) if seed is None else seed
        progress = chain.start(seed)
        title = clean_name(title) or f"{game} campaign {shipped}"
        hosted = self._host(game, chain, progress, seats, title, private, name)
        admin = new_token()
        campaign_id = "c-" + secrets.token_hex(8)
        row = CampaignRow(
            id=campaign_id,
            game=game,
            campaign=shipped,
            seed=seed,
            title=title,
            private=private,
            admin_hash=token_hash(admin),
            seats=list(seats),
            name=clean_name(name),
            progress=chain.to_json(progress),
            current=hosted["id"],
            games=[hosted["id"]],
        )
        with DbSession(self.lobby.engine) as db, db.begin():
            db.add(row)
        self._mark(campaign_id, [hosted["id"]])
        LOG.info("campaign created", extra={"campaign": campaign_id, "kind": game})
        return {"id": campaign_id, "admin_token": admin, "game": hosted}

    def _host(
        self,
        game: str,
        chain: Chain,
        progress: Any,
        seats: Sequence[str],
        title: str,
        private: bool,
        name: str,
    ) -> dict[str, Any]:
        """Host the scenario *progress* is at: the lobby's answer (id and tokens)."""
        heading = chain.heading(progress)
        return self.lobby.create(
            game,
            operator_files(game, chain.params(progress)),
            list(seats),
            f"{title}: {heading}"[:200],
            private,
            chain.seed(progress),
            name=name,
        )

    def _row(self, db: DbSession, campaign_id: str) -> CampaignRow:
        """The campaign's row, or a 404."""
        row = db.get(CampaignRow, campaign_id)
        if row is None:
            raise ApiError("not-found", f"no campaign {campaign_id!r}", status=404)
        return row

    def listing(self) -> list[dict[str, Any]]:
        """The public campaigns, newest first."""
        with DbSession(self.lobby.engine) as db:
            rows = db.scalars(
                select(CampaignRow)
                .where(CampaignRow.private.is_(False))
                .order_by(CampaignRow.created.desc())
            ).all()
            return [self._view(row) for row in rows]

    def view(self, campaign_id: str, token: str | None = None) -> dict[str, Any]:
        """Where the campaign stands; the cards to choose from only for its admin or a player
        (they are the player's own, which a spectator does not see)."""
        with DbSession(self.lobby.engine) as db:
            row = self._row(db, campaign_id)
            if token is not None:
                self._authorised(row, token)
            return self._view(row, token is not None)

    def _view(self, row: CampaignRow, player: bool = False) -> dict[str, Any]:
        """The campaign *row* in words and numbers; when its scenario's game is over and the
        view is a *player*'s, what they choose before the next (``offer``)."""
        chain = self.chain(row.game, row.campaign)
        progress = chain.from_json(row.progress, f"campaign {row.id}")
        state = self._finished(row.current)
        done = chain.done(progress)
        offer = chain.choice(progress, state) if state is not None and player else None
        found: dict[str, Any] = {
            "id": row.id,
            "game": row.game,
            "campaign": row.campaign,
            "title": row.title,
            "status": "finished" if done else "scenario-over" if state is not None else "playing",
            "progress": chain.to_json(progress),
            "heading": "" if done else chain.heading(progress),
            "current": row.current,
            "games": list(row.games),
            "seats": list(row.seats),
            "result": state.describe_result() if state is not None else None,
            "offer": None,
            "summary": chain.summary(progress) if done else None,
        }
        if offer is not None:
            choices, keep, auto = offer
            found["offer"] = {"choices": choices, "keep": keep, "auto": auto}
        return found

    def _finished(self, game_id: str | None) -> Any:
        """The final state of the scenario's game, or None while it is played (or gone)."""
        if game_id is None:
            return None
        try:
            hosted = self.lobby.get(game_id)
            with hosted.lock:
                state = hosted.state
                return state.clone() if state.is_terminal() else None
        except ApiError:
            return None

    def next(
        self, campaign_id: str, token: str | None, game_id: str, keep: list[str] | None
    ) -> dict[str, Any]:
        """After the scenario's game *game_id* is over: keep the cards *keep* (None: the
        automatic pick) and host the next scenario (a lost one again); answers the campaign's
        view and, unless the campaign is over, the new game's id and tokens (``game``)."""
        with self.lock:
            with DbSession(self.lobby.engine) as db:
                row = self._row(db, campaign_id)
                db.expunge(row)
            self._authorised(row, token)
            if game_id != row.current:
                raise ApiError(
                    "stale-version",
                    f"the campaign's scenario is game {row.current!r}, not {game_id!r}",
                    field="game",
                    status=409,
                )
            chain = self.chain(row.game, row.campaign)
            progress = chain.from_json(row.progress, f"campaign {row.id}")
            if chain.done(progress):
                raise ApiError("bad-request", "the campaign is over", field="game", status=409)
            state = self._finished(row.current)
            if row.current is not None and state is None:
                raise ApiError(
                    "bad-request", "the scenario's game is not over", field="game", status=409
                )
            if state is not None:
                progress = chain.finish(progress, state, self._kept(chain, progress, state, keep))
            hosted = None
            if not chain.done(progress):
                hosted = self._host(
                    row.game, chain, progress, row.seats, row.title, row.private, row.name
                )
            with DbSession(self.lobby.engine) as db, db.begin():
                stored = self._row(db, campaign_id)
                stored.progress = chain.to_json(progress)
                stored.current = hosted["id"] if hosted is not None else None
                stored.games = [*row.games, *([hosted["id"]] if hosted is not None else [])]
                stored.updated = now()
            if hosted is not None:
                self._mark(campaign_id, [hosted["id"]])
        LOG.info("campaign advanced", extra={"campaign": campaign_id})
        with DbSession(self.lobby.engine) as db:  # the caller was authorised above
            return {**self._view(self._row(db, campaign_id), True), "game": hosted}

    def _authorised(self, row: CampaignRow, token: str | None) -> None:
        """Refuse a token that is neither the campaign's admin token nor a seat's of its
        scenario's game."""
        if token and secrets.compare_digest(row.admin_hash, token_hash(token)):
            return
        if token and row.current is not None:
            try:
                if self.lobby.get(row.current).seat_of(token) is not None:
                    return
            except ApiError:
                pass
        raise ApiError(
            "bad-token", "the campaign's admin token or a player's token is needed", status=403
        )

    def _kept(self, chain: Chain, progress: Any, state: Any, keep: list[str] | None) -> list[str]:
        """The cards kept: *keep* as the rules allow it, or the automatic pick."""
        offer = chain.choice(progress, state)
        if offer is None:
            if keep:
                raise ApiError("bad-request", "nothing is chosen after this scenario", "keep")
            return []
        if keep is None:
            return list(offer[2])
        try:
            refused = chain.refusal(state, keep)
        except (DataError, RulekeeperError) as error:
            raise ApiError("bad-request", str(error), field="keep") from None
        if refused is not None:
            rule, reason = refused
            raise ApiError("illegal-action", reason, field="keep", rule=rule)
        return sorted(keep)
