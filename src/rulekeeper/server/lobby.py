"""The games a server hosts: creating and joining them, acting in them, and what each seat sees.

A :class:`Lobby` owns the database and the games in play (each a core :class:`Session`: the
state, its record and where undo may go). Every action is validated by the rules, written to
the database, and only then acknowledged; a game is reloaded from its record when the server
starts. Seats are held by people (by the SHA-256 of a random token), by bots, or by nobody yet.
All methods are safe to call from several threads (one lock per game).
"""

from __future__ import annotations

import inspect
import logging
import secrets
import threading
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session as DbSession

import rulekeeper
from rulekeeper.core import Action, RulekeeperError, load_game
from rulekeeper.core.agents import bot_names, make_agent
from rulekeeper.core.errors import DataError, UnknownGameError
from rulekeeper.core.gamelike import GameLike
from rulekeeper.core.history import LoggedAction
from rulekeeper.core.plugin import resolve
from rulekeeper.core.registry import game_info
from rulekeeper.core.replay import GameRecord, replay_prefix
from rulekeeper.core.session import Session, write_replay
from rulekeeper.server.db import ActionRow, GameRow, SeatRow, SnapshotRow, now
from rulekeeper.server.errors import ApiError
from rulekeeper.server.files import shipped
from rulekeeper.server.guard import LOAD_ERRORS, refused_data
from rulekeeper.server.hosted import (
    BOT,
    HUMAN,
    OPEN,
    Hosted,
    Seat,
    clean_name,
    error_rule,
    new_token,
    only_others_since,
    parse_action,
    seat_fields,
    token_hash,
)
from rulekeeper.server.journal import Journal
from rulekeeper.server.views import board_of, board_script, log_lines, replay_board, seat_view

LOG = logging.getLogger("rulekeeper.server.lobby")
SNAPSHOT_EVERY = 50
"""A snapshot of the whole state is stored after every this many actions."""


class Lobby:
    """Every game this server hosts, stored in the database of *engine*."""

    def __init__(self, engine: Engine, custom_bots: Sequence[str] = ()) -> None:
        self.engine = engine
        self.custom_bots = frozenset(name.strip() for name in custom_bots)
        """The ``module:Class`` bots the operator allows (``serve --bot``): a client may name
        only these and the built-in bots, never a module of its choosing to import."""
        self.games: dict[str, Hosted] = {}
        self.lock = threading.RLock()
        self.journal = Journal(engine)
        """Writes every game's actions (one writer, many games' actions in one commit)."""
        self.on_change: Callable[[Hosted], None] | None = None
        """Called after a game changed (the server tells its clients, and bots act)."""
        self._load_all()

    # ------------------------------------------------------------------ the lobby

    def create(
        self,
        game: str,
        params: dict[str, Any],
        seats: list[str],
        title: str = "",
        private: bool = False,
        seed: int | None = None,
        start: GameRecord | None = None,
        name: str = "",
    ) -> dict[str, Any]:
        """A new game; *seats* holds a SPEC per seat (a bot), ``"open"`` or ``"me"`` (the
        creator, *name*, takes it). Answers the game's id, the admin token and the creator's seat
        tokens."""
        params = shipped(game, params)
        seed = secrets.randbelow(2**31) if seed is None else seed
        try:  # the client's data, loaded: whatever it holds, refused rather than a crash
            session = Session(load_game(game, **params).new_initial_state(seed))
        except UnknownGameError as error:
            raise ApiError("unknown-game", str(error), field="game") from None
        except LOAD_ERRORS as error:
            raise refused_data(error, "params") from None
        for entry in start.actions if start is not None else ():
            session.apply(entry.action, entry.player)
        state = session.state
        if len(seats) != state.num_players:
            raise ApiError(
                "bad-request", f"{game} has {state.num_players} seats, not {len(seats)}", "seats"
            )
        admin = new_token()
        tokens: dict[int, str] = {}
        holders: list[Seat] = []
        for index, spec in enumerate(seats):
            if spec == "me":
                tokens[index] = new_token()
                holders.append(
                    Seat(
                        HUMAN, clean_name(name) or f"player {index}", "", token_hash(tokens[index])
                    )
                )
            elif spec == OPEN:
                holders.append(Seat())
            else:
                self._check_spec(spec, index, state.game)
                holders.append(Seat(BOT, spec.partition("@")[0], spec))
        hosted = Hosted(
            id="g-" + secrets.token_hex(8),
            title=clean_name(title) or f"{game} game",
            private=private,
            admin_hash=token_hash(admin),
            seats=holders,
            session=session,
            game_name=game,
        )
        with DbSession(self.engine) as db, db.begin():
            db.add(
                GameRow(
                    id=hosted.id,
                    game=game,
                    params=dict(state.game.params),
                    seed=seed,
                    title=hosted.title,
                    private=private,
                    admin_hash=hosted.admin_hash,
                    content_hash=state.game.content_hash(),
                    status=hosted.status,
                )
            )
            for index, seat in enumerate(holders):
                db.add(SeatRow(game_id=hosted.id, seat=index, **seat_fields(seat)))
        if hosted.version:
            self._store_actions(hosted, 0)
        with self.lock:
            self.games[hosted.id] = hosted
        LOG.info("game created", extra={"game": hosted.id, "kind": game, "seats": seats})
        self._advance(hosted)
        return {"id": hosted.id, "admin_token": admin, "seat_tokens": tokens}

    def listing(self) -> list[dict[str, Any]]:
        """The public games."""
        with self.lock:
            games = list(self.games.values())
        return [hosted.summary() for hosted in games if not hosted.private]

    def join(self, game_id: str, seat: int, name: str) -> dict[str, Any]:
        """Take an open seat; answers its token (keep it: it is the only way back in)."""
        hosted = self.get(game_id)
        with hosted.lock:
            if not 0 <= seat < len(hosted.seats):
                raise ApiError("bad-request", f"no seat {seat}", field="seat")
            if hosted.seats[seat].kind != OPEN:
                raise ApiError("seat-taken", f"seat {seat} is taken", status=409)
            token = new_token()
            hosted.seats[seat] = Seat(
                HUMAN, clean_name(name) or f"player {seat}", "", token_hash(token)
            )
            self._store_seat(hosted, seat)
        LOG.info("seat taken", extra={"game": hosted.id, "seat": seat})
        self._changed(hosted)
        return {"seat": seat, "token": token}

    def leave(self, game_id: str, token: str | None) -> None:
        """Give up the token's seat: it is open again."""
        hosted = self.get(game_id)
        with hosted.lock:
            seat = hosted.seat_of(token)
            if seat is None:
                raise ApiError("bad-token", "a seat's token is needed to leave it", status=403)
            hosted.seats[seat] = Seat()
            self._store_seat(hosted, seat)
        self._changed(hosted)

    def give_to_bot(self, game_id: str, token: str | None, seat: int, spec: str) -> None:
        """(Admin) a bot takes *seat*."""
        hosted = self._admin(game_id, token)
        self._check_spec(spec, seat, hosted.state.game)
        with hosted.lock:
            if not 0 <= seat < len(hosted.seats):
                raise ApiError("bad-request", f"no seat {seat}", field="seat")
            hosted.seats[seat] = Seat(BOT, spec.partition("@")[0], spec)
            self._store_seat(hosted, seat)
        self._changed(hosted)

    def _check_spec(self, spec: str, seat: int, game: GameLike) -> None:
        """Refuse a bot spec that names no bot, or a ``module:Class`` the operator did not allow
        (importing a module a client names would run code of the client's choosing)."""
        name = spec.partition("@")[0].strip() if isinstance(spec, str) else ""
        if ":" in name and name not in self.custom_bots:
            allowed = ", ".join(sorted(self.custom_bots)) or "none"
            raise ApiError(
                "bad-request",
                f"bot {name!r} is not offered by this server: use one of "
                f"{', '.join(bot_names(game))} (own bots it allows: {allowed})",
                field=f"seats[{seat}]",
            )
        try:
            make_agent(spec, 0, game)
        except ValueError as error:
            raise ApiError("bad-request", str(error), field=f"seats[{seat}]") from None

    def delete(self, game_id: str, token: str | None) -> None:
        """(Admin) the game is gone."""
        hosted = self._admin(game_id, token)
        with DbSession(self.engine) as db, db.begin():
            for table in (ActionRow, SnapshotRow, SeatRow):
                db.execute(delete(table).where(table.game_id == hosted.id))
            db.execute(delete(GameRow).where(GameRow.id == hosted.id))
        with self.lock:
            self.games.pop(hosted.id, None)

    def get(self, game_id: str) -> Hosted:
        with self.lock:
            hosted = self.games.get(game_id)
        if hosted is None:
            raise ApiError("not-found", f"no game {game_id!r}", status=404)
        return hosted

    # ------------------------------------------------------------------ playing

    def view(self, game_id: str, token: str | None) -> dict[str, Any]:
        """What the token's holder sees (a spectator without a token)."""
        hosted = self.get(game_id)
        with hosted.lock:
            seat = hosted.seat_of(token)
            return seat_view(hosted, seat)

    def act(self, game_id: str, token: str | None, text: str, version: int) -> dict[str, Any]:
        """Take an action for the token's seat, acting on *version*; answers the new view."""
        hosted = self.get(game_id)
        with hosted.lock:
            seat = self._actor(hosted, token, version)
            action = parse_action(text)
            if seat not in hosted.to_act() and action not in hosted.state.anytime_actions(seat):
                raise ApiError("not-your-turn", f"seat {seat} may not act now", status=409)
            self._apply(hosted, action, seat)
            self._advance(hosted)  # in the same hold: no one sees the dice not yet rolled
            return seat_view(hosted, seat)

    def act_as_bot(self, game_id: str, seat: int, action: Action, version: int) -> bool:
        """A bot's action, if the game is still where the bot thought (else nothing)."""
        hosted = self.get(game_id)
        with hosted.lock:
            if hosted.version != version or hosted.seats[seat].kind != BOT:
                return False
            if seat not in hosted.to_act():
                return False
            self._apply(hosted, action, seat)
            self._advance(hosted)
        return True

    def undo(self, game_id: str, token: str | None, version: int) -> dict[str, Any]:
        """Back to the token's seat's last decision, never past a hidden or random event."""
        hosted = self.get(game_id)
        with hosted.lock:
            seat = self._actor(hosted, token, version)
            assert hosted.session is not None
            hosted.views.clear()
            try:
                hosted.session.undo(seat)
            except RulekeeperError as error:
                raise ApiError("illegal-action", str(error), rule=error_rule(error)) from None
            keep = hosted.version
            with DbSession(self.engine) as db, db.begin():
                db.execute(
                    delete(ActionRow).where(
                        ActionRow.game_id == hosted.id, ActionRow.number >= keep
                    )
                )
                db.execute(
                    delete(SnapshotRow).where(
                        SnapshotRow.game_id == hosted.id, SnapshotRow.number > keep
                    )
                )
        self._changed(hosted)
        with hosted.lock:
            return seat_view(hosted, seat)

    def explain(self, game_id: str, token: str | None, text: str) -> dict[str, Any]:
        """Why an action is or is not allowed now, with the rule, judged only from what the
        caller may know: for the token's seat, never the acting seat's; a spectator, the admin
        or no token are told only what everyone may be (an action that depends on a hand is
        "not judged", GameState.explain)."""
        hosted = self.get(game_id)
        with hosted.lock:
            seat = hosted.seat_of(token)  # None: no seat's secrets are the caller's
            verdict = hosted.state.explain(parse_action(text), seat)
            return {"legal": verdict.legal, "reason": verdict.reason, "rule": verdict.rule}

    def odds(
        self, game_id: str, token: str | None, text: str, version: int | None = None
    ) -> dict[str, Any]:
        """The exact odds of an action for the token's seat (None: no chance involved). An
        action not legal now, asked for from an older *version* (a preview racing the game's
        next view), is ``stale-version`` (409), not a bad request."""
        hosted = self.get(game_id)
        with hosted.lock:
            seat = hosted.seat_of(token)
            if seat is None:
                raise ApiError("bad-token", "odds are for a seat's own actions", status=403)
            try:
                found = hosted.state.odds(parse_action(text), seat)
            except RulekeeperError as error:
                if version is not None and version != hosted.version:
                    raise ApiError(
                        "stale-version",
                        f"the game is at version {hosted.version}, not {version}: {error}",
                        status=409,
                        extra={"version": hosted.version},
                    ) from None
                raise ApiError("illegal-action", str(error), rule=error_rule(error)) from None
            return {"action": text, "odds": found}

    def battlefield(self, game_id: str) -> dict[str, Any]:
        """The part of a game's board that never changes in it (the map and its hexes), which
        views leave out: a client fetches it once. Public, like the map itself."""
        hosted = self.get(game_id)
        board = board_of(hosted.game_name)
        if board is None:
            raise ApiError("not-found", f"{hosted.game_name} has no board", status=404)
        with hosted.lock:
            return board.battlefield(hosted.state)

    def query(self, game_id: str, token: str | None, name: str, arguments: dict[str, str]) -> Any:
        """The answer to the game's own query *name* (its declaration's ``queries``, core/
        plugin.py) with *arguments*, for the token's seat (None: a spectator): a query answers
        only what that seat may know. Unknown: ``not-found`` listing the game's queries; a
        ``ValueError`` of the query: ``bad-request`` naming the argument (a ``DataError``'s
        field)."""
        hosted = self.get(game_id)
        try:
            info = game_info(hosted.game_name)
        except UnknownGameError as error:
            raise ApiError("unknown-game", str(error)) from None
        if name not in info.queries:
            known = ", ".join(sorted(info.queries)) or "none"
            raise ApiError(
                "not-found",
                f"{hosted.game_name} has no query {name!r} (its queries: {known})",
                status=404,
            )
        function = resolve(info.queries[name])
        try:
            inspect.signature(function).bind(None, None, **arguments)
        except TypeError as error:
            raise ApiError("bad-request", f"query {name}: {error}") from None
        with hosted.lock:
            seat = hosted.seat_of(token)
            try:
                return function(hosted.state, seat, **arguments)
            except ValueError as error:
                field = error.field if isinstance(error, DataError) else None
                reason = error.reason if isinstance(error, DataError) else str(error)
                raise ApiError("bad-request", f"query {name}: {reason}", field) from None

    def replay_at(self, game_id: str, at: int) -> dict[str, Any]:
        """A finished game as it stood after *at* actions, as everyone may now see it: each
        seat's observation, the log so far, the next action, and the board a spectator would
        have seen (games with a board of their own; otherwise null)."""
        hosted = self.get(game_id)
        with hosted.lock:
            record = self._finished_record(hosted)
        if not 0 <= at <= len(record.actions):
            raise ApiError("bad-request", f"at must be from 0 to {len(record.actions)}", "at")
        state = replay_prefix(record, at)
        following = record.actions[at] if at < len(record.actions) else None
        return {
            "id": game_id,
            "at": at,
            "total": len(record.actions),
            "observations": [state.observation(seat) for seat in range(state.num_players)],
            "log": log_lines(state),
            "board": replay_board(hosted.game_name, state),
            "board_script": board_script(hosted.game_name),
            "next": None
            if following is None
            else {"player": following.player, "text": state.describe(following.action)},
            "result": state.describe_result() if state.is_terminal() else None,
        }

    def branch(self, game_id: str, at: int, seats: list[str], title: str = "") -> dict[str, Any]:
        """A new game that starts where a finished game stood after *at* actions (the same
        setup and seed, so its hidden cards lie as they did)."""
        hosted = self.get(game_id)
        with hosted.lock:
            record = self._finished_record(hosted)
        if not 0 <= at <= len(record.actions):
            raise ApiError("bad-request", f"at must be from 0 to {len(record.actions)}", "at")
        prefix = GameRecord(record.game, record.params, record.seed, record.actions[:at])
        created = self.create(
            record.game,
            dict(record.params),
            seats,
            title or f"{hosted.title} (from {at})",
            seed=record.seed,
            start=prefix,
        )
        return created

    def _finished_record(self, hosted: Hosted) -> GameRecord:
        if hosted.session is None or not hosted.state.is_terminal():
            raise ApiError("bad-request", "a game is replayed (and branched) once it has ended")
        return hosted.session.record()

    def record(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The replay file: once the game has ended (or to the admin, of a game needing
        attention, as stored)."""
        hosted = self.get(game_id)
        with hosted.lock:
            if hosted.session is None:
                if not hosted.is_admin(token):
                    raise ApiError("needs-attention", "only the admin may download it", status=403)
                return self._stored_record(hosted)
            if not hosted.state.is_terminal():
                raise ApiError(
                    "bad-request", "the record (and the seed) are released when the game ends"
                )
            return write_replay(hosted.session.record(), True)

    # ------------------------------------------------------------------ inside

    def _actor(self, hosted: Hosted, token: str | None, version: int) -> int:
        seat = hosted.seat_of(token)
        if seat is None:
            raise ApiError("bad-token", "a seat's token is needed to act", status=403)
        if version != hosted.version and not only_others_since(hosted, seat, version):
            raise ApiError(
                "stale-version",
                f"the game is at version {hosted.version}, not {version}: look again",
                status=409,
                extra={"version": hosted.version},
            )
        return seat

    def _apply(self, hosted: Hosted, action: Action, seat: int) -> None:
        """Apply, then store; if storing fails the game is put back as it was (the
        acknowledgement comes only after both)."""
        assert hosted.session is not None
        before = hosted.version
        kept = (hosted.session.state.clone(), list(hosted.session.barriers))
        hosted.views.clear()
        try:
            hosted.session.apply(action, seat)
        except RulekeeperError as error:
            raise ApiError("illegal-action", str(error), rule=error_rule(error)) from None
        try:
            self._store_actions(hosted, before)
        except Exception:
            hosted.session.state, hosted.session.barriers = kept
            raise

    def _advance(self, hosted: Hosted) -> None:
        """Roll the dice the game waits for, store them, and tell everyone."""
        with hosted.lock:
            if hosted.session is not None:
                before = hosted.version
                kept = (hosted.session.state.clone(), list(hosted.session.barriers))
                while not hosted.state.is_terminal() and hosted.state.is_chance_node():
                    hosted.views.clear()
                    hosted.session.apply(hosted.state.clone().resolve_chance())
                if hosted.version != before:
                    try:
                        self._store_actions(hosted, before)
                    except Exception:
                        hosted.session.state, hosted.session.barriers = kept
                        raise
        self._changed(hosted)

    def _changed(self, hosted: Hosted) -> None:
        if hosted.status != hosted.stored_status:
            LOG.info("game status", extra={"game": hosted.id, "status": hosted.status})
            with DbSession(self.engine) as db, db.begin():
                row = db.get(GameRow, hosted.id)
                if row is not None:
                    row.status = hosted.status
                    row.updated = now()
            hosted.stored_status = hosted.status
        if self.on_change is not None:
            self.on_change(hosted)
        for listener in list(hosted.listeners):
            listener(hosted)

    def _store_actions(self, hosted: Hosted, start: int) -> None:
        """Write the actions from number *start* on, and a snapshot of the whole state each
        time the game passes a multiple of SNAPSHOT_EVERY actions."""
        assert hosted.session is not None
        count = hosted.state.actions_taken()
        new = hosted.state.recent_history(count - start)
        rows = [
            {
                "game_id": hosted.id,
                "number": number,
                "entry": entry.to_json(),
                "barrier": hosted.session.barriers[number],
            }
            for number, entry in enumerate(new, start)
        ]
        snapshot = None
        if count // SNAPSHOT_EVERY > start // SNAPSHOT_EVERY:
            snapshot = {
                "game_id": hosted.id,
                "number": count,
                "engine": rulekeeper.__version__,
                "state": hosted.state.serialize(),
            }
        self.journal.write(rows, snapshot)

    def _store_seat(self, hosted: Hosted, seat: int) -> None:
        with DbSession(self.engine) as db, db.begin():
            row = db.get(SeatRow, (hosted.id, seat))
            assert row is not None
            for key, value in seat_fields(hosted.seats[seat]).items():
                setattr(row, key, value)

    def _admin(self, game_id: str, token: str | None) -> Hosted:
        hosted = self.get(game_id)
        if not hosted.is_admin(token):
            raise ApiError("bad-token", "this needs the game's admin token", status=403)
        return hosted

    def _stored_record(self, hosted: Hosted) -> dict[str, Any]:
        with DbSession(self.engine) as db:
            row = db.get(GameRow, hosted.id)
            assert row is not None
            entries = db.scalars(
                select(ActionRow.entry)
                .where(ActionRow.game_id == hosted.id)
                .order_by(ActionRow.number)
            ).all()
            record = GameRecord(
                row.game,
                dict(row.params),
                row.seed,
                tuple(LoggedAction.from_json(e) for e in entries),
                row.content_hash,
            )
        return write_replay(record, False)

    def _load_all(self) -> None:
        """Every stored game, replayed from its record; one that no longer replays is kept,
        read-only, as needing attention."""
        with DbSession(self.engine) as db:
            rows = db.scalars(select(GameRow)).all()
            for row in rows:
                seats = db.scalars(
                    select(SeatRow).where(SeatRow.game_id == row.id).order_by(SeatRow.seat)
                ).all()
                entries = db.scalars(
                    select(ActionRow).where(ActionRow.game_id == row.id).order_by(ActionRow.number)
                ).all()
                hosted = Hosted(
                    id=row.id,
                    title=row.title,
                    private=row.private,
                    admin_hash=row.admin_hash,
                    seats=[Seat(s.kind, s.name, s.spec, s.token_hash) for s in seats],
                    session=None,
                    game_name=row.game,
                )
                try:
                    record = GameRecord(
                        row.game,
                        dict(row.params),
                        row.seed,
                        tuple(LoggedAction.from_json(e.entry) for e in entries),
                        row.content_hash,
                    )
                    hosted.session = Session.from_record(record)
                except (RulekeeperError, KeyError, TypeError, ValueError) as error:
                    hosted.attention = str(error)
                    LOG.warning("game needs attention", extra={"game": row.id, "error": str(error)})
                self.games[row.id] = hosted
