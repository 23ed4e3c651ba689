"""`referee repair` with the club's checks: the store's repair (store/repair.py) is given what it needs from the
layers above it (replaying games in progress, the import's check of a finished game, the club log's own
checks) here, so the store never imports the session, the importer or the club log.
"""

from __future__ import annotations

from ...store import repair as _store_repair
from ...store.repair import Checks


class ClubChecks(Checks):
    def live_game(self, store, doc):
        from ... import session

        return session.game_from_live(store, doc)

    def finish_found(self, store, gid: str) -> None:
        from ... import session

        session._finish_found(store, gid)

    def archive_doc(self, gid: str, game, extra: dict) -> dict:
        from ...session import archive_doc

        return archive_doc(gid, game, extra)

    def check_finished(self, doc: dict, where: str) -> None:
        from .importer import _check_native

        _check_native(doc, where)

    def log_said(self, store, docs: list) -> str:
        from ...core.errors import StoreError
        from .corrections import settle_said
        from .rename_check import disagreements, said

        disagree = disagreements(store, docs)   # a player named one way in the history, another in moves
        if disagree:
            raise StoreError(said(disagree))
        return settle_said(store)


CHECKS = ClubChecks()


def repair(store, *, restore: bool = False, reset: bool = False, set_aside: bool = False) -> str:
    """`referee repair` (store/repair.py), with the club's checks."""
    return _store_repair.repair(store, CHECKS, restore=restore, reset=reset, set_aside=set_aside)


def damaged_finished_games(store, games) -> list[tuple[str, str]]:
    return _store_repair.damaged_finished_games(store, games, CHECKS)


def damaged_live_games(store) -> list[tuple[str, str]]:
    return _store_repair.damaged_live_games(store, CHECKS)
