"""Finding a game by what a person types: an id, a unique prefix of one, or by mistake a game's name (then
the sentence says which games of it are in progress). A mixin of the Store: it reads through the Store's own
readers."""

from __future__ import annotations

from ..core.errors import BadInput
from . import shards
from .ids import check_id, is_id


def _names_a_game(text: str) -> str | None:
    """The game id when ``text`` is a game's id or name as written ('port-royal', 'Port Royal'), else None."""
    from ..core.registry import GAMES

    key = " ".join(str(text).lower().replace("_", " ").replace("-", " ").split())
    for gid, info in GAMES.items():
        if key in (gid.replace("-", " "), str(info[1]).lower()):
            return gid
    return None




class GameIds:
    """Store methods for ids (see the module's docstring)."""

    # --- ids --------------------------------------------------------------------------------
    def resolve(self, text: str) -> tuple[str, str]:
        """Find a game by id or unique id prefix: returns (id, "live" | "archive")."""
        gid = str(text).strip().lower()
        from ..i18n import _

        if not gid:
            raise BadInput(_("Give a game id; `referee history` lists them."))
        if not is_id(gid):      # refused before any path is built from it
            if _names_a_game(text) is None:
                check_id(gid)
            return self._no_such_game(text)
        if self.live_path(gid).exists():
            return gid, "live"
        live = sorted(i for i in self.live_ids() if i.startswith(gid))
        version, data = self._root()
        if version == 2:   # every id that starts with gid is in gid's shard (in its first letter's, for one letter)
            arch = set()
            for key in shards.prefix_keys(gid, shards.shard_keys(self.shards_dir)):
                arch |= self._shard_ids(key)
        else:
            arch = {d.get("id") for d in self._v1_docs(data, check=False)} if data else set()
        if gid in arch:
            return gid, "archive"
        arch_match = sorted(i for i in arch if isinstance(i, str) and i.startswith(gid))
        matches = [(i, "live") for i in live] + [(i, "archive") for i in arch_match]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            names = ", ".join(m[0] for m in matches[:6])
            raise BadInput(_("Game id {text} is ambiguous: it starts {names}; type more of it.").format(
                text=repr(text), names=names))
        return self._no_such_game(text)

    def _no_such_game(self, text: str):
        from ..i18n import _

        game = _names_a_game(text)
        if game is not None:
            playing = [d["id"] for d in self.live_docs() if d.get("game") == game]   # latest played first
            if len(playing) == 1:
                hint = _("its game in progress is {id}").format(id=playing[0])
            elif playing:
                more = _(" and {n} more").format(n=len(playing) - 6) if len(playing) > 6 else ""
                hint = _("its games in progress are, latest first, {ids}{more}").format(
                    ids=", ".join(playing[:6]), more=more)
            else:
                hint = _("no {game} game is in progress (`referee new {game} -p NAME -p NAME` starts one)").format(
                    game=game)
            raise BadInput(_("{text} is a game, not a game id; {hint}; `referee history --game {game}` lists "
                             "the finished ones.").format(text=repr(text), hint=hint, game=game))
        raise BadInput(_("No game with id {text} in {path}; `referee history` lists the games.").format(
            text=repr(text), path=self.path))
