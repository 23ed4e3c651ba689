"""A game's player list, checked: shared by the Game (at setup) and the input checks (core/validate.py),
below both."""

from __future__ import annotations

from ..i18n import _
from .errors import BadInput
from .limits import MAX_NAME, NAME_FORBIDDEN as _NAME_FORBIDDEN


def validate_players(rules, players, options: dict | None = None) -> list[str]:
    """Check a player list for a game: count (for these options), non-empty, distinct (ignoring case),
    printable."""
    names = [" ".join(str(p).split()) for p in players]     # "Ann  Lee" is "Ann Lee": one player, one spelling
    lo, hi = rules.player_range(options) if options is not None else (rules.min_players, rules.max_players)
    if len(names) < lo or len(names) > hi:
        if len(names) > hi and rules.more_players:     # the engine's clause, marked with N_() where defined
            raise BadInput(_("{game} takes {lo} to {hi} players, not {n}; {hint}.").format(
                game=rules.name, lo=lo, hi=hi, n=len(names), hint=_(rules.more_players)))
        raise BadInput(_("{game} takes {lo} to {hi} players, not {n}.").format(
            game=rules.name, lo=lo, hi=hi, n=len(names)))
    seen = {}
    for name in names:
        check_name_shape(name)
        key = name.casefold()
        if key in seen:
            raise BadInput(_("Player {name} is listed twice; every player needs a distinct name.").format(name=name))
        seen[key] = name
    return names


def check_name_shape(name: str) -> None:
    """The checks every player name passes wherever it is given (a new game, an import, a rename): not
    empty, not too long, none of the characters the record's and CSV's syntax uses."""
    if not name:
        raise BadInput(_("A player name is empty; give each player a name with -p NAME."))
    if len(name) > MAX_NAME:
        raise BadInput(_("Player name {name}... is longer than {n} characters.")
                       .format(name=name[:MAX_NAME], n=MAX_NAME))
    if _NAME_FORBIDDEN.search(name):
        raise BadInput(_("Player name {name} contains a character that is not allowed (, ; = # [ ] \").")
                       .format(name=repr(name)))


def find_player(players, typed: str) -> str:
    """The player a typed name means: the whole name or a unique start of it, in any case."""
    key = " ".join(typed.split()).casefold()
    names = _("{names} and {last}").format(names=", ".join(players[:-1]), last=players[-1])
    if not key:
        raise BadInput(_("Name the player whose secret to show (secret NAME): {names}.").format(names=names))
    folded = [(" ".join(p.split()).casefold(), p) for p in players]
    exact = [p for f, p in folded if f == key]
    if exact:
        return exact[0]
    hits = [p for f, p in folded if f.startswith(key)]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise BadInput(_("{typed} could be {players}; type more of the name.").format(
            typed=repr(typed.strip()), players=_(" or ").join(hits)))
    raise BadInput(_("No player is called {typed}; the players are {names}.").format(typed=repr(typed.strip()),
                                                                                     names=names))
