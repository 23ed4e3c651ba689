"""`referee record`: a finished game that was not tracked, logged from its final scores.

Result: ranking by score, higher first; players with equal scores share the rank (a tie at the top is a
shared win). Breakdown: {"score": N}. A club that broke a tie at the top by the game's own tie-break
(Puerto Rico: doubloons + goods; Port Royal: coins; ...) names the winner with ``--winner``: only players
tied for the highest score can be named, they take rank 1 and the others tied with them rank next.
"""

from __future__ import annotations

from ...core.errors import BadInput
from ...i18n import _
from ...store.store import SCHEMA_VERSION, now_iso
from ..common import check_date, name_key, one_line, parse_duration, parse_score


def parse_pairs(pairs, game: str | None = None) -> list[tuple[str, int]]:
    """['Ann=50', 'Bob=48'] -> [('Ann', 50), ('Bob', 48)], in the order given (seat order)."""
    out = []
    for pair in pairs:
        if "=" not in pair:
            name = pair.strip() or "NAME"
            raise BadInput(_("Player {quoted} has no score; write -p {name}=SCORE, for example -p {name}=42.").format(
                quoted=repr(name), name=name))
        name, score = pair.split("=", 1)
        if not name.strip():
            raise BadInput(_("-p {pair} has no player name; write -p NAME=SCORE.").format(pair=repr(pair)))
        from ...core.validate import player_name

        name = player_name(name)     # 'Ann  Lee' is 'Ann Lee', the same player as 'ann lee'; no line break
        out.append((name, parse_score(score, name, game=game)))
    return out


def build_result(game: str, scores: list[tuple[str, int]], winners=()) -> dict:
    """Result.to_dict() of a game known only by its final scores (ties share the rank)."""
    from .ranking import chosen_winners, individual

    return individual(game, scores, chosen=chosen_winners(scores, winners))


# The most players a play of another title may have: a party game (Werewolf is played by up to 24, and BG Stats
# logs any number); one limit for `record`, every import and repair's check, so what one takes the others keep.
MAX_PLAYERS = 100


def _other_title_players(names) -> list[str]:
    """Players of a game referee does not referee: checked names, all different, 1 to MAX_PLAYERS of them."""
    from ...core.validate import player_name

    names = [player_name(n) for n in names]
    if not 1 <= len(names) <= MAX_PLAYERS:
        raise BadInput(_("A play has 1 to {max} players; {n} were given.").format(max=MAX_PLAYERS, n=len(names)))
    seen = set()
    for n in names:
        if n.casefold() in seen:
            raise BadInput(_("{name} is named twice; each player once.").format(name=n))
        seen.add(n.casefold())
    return names


def _team_result(game: str, scores, teams: dict) -> dict:
    from .ranking import teams as team_result

    return team_result(game, scores, teams)


def _coop_result(game: str, names, scores: dict, won: bool) -> dict:
    from .ranking import coop

    return coop(game, names, scores, won)


def parse_teams(pairs, names) -> dict:
    """['Red=Ann,Bob', 'Blue=Cal,Dan'] -> {'Red': ['Ann', 'Bob'], ...}, each name one of the players."""
    from ...core.validate import label

    by_key = {name_key(n): n for n in names}
    teams: dict = {}
    placed = set()
    for pair in pairs or ():
        if "=" not in pair:
            raise BadInput(_("Team {pair!r} must be TEAM=NAME,NAME, for example --team Red=Ann,Bob.")
                           .replace("{pair!r}", repr(pair)))
        team, members = pair.split("=", 1)
        team = label(" ".join(team.split()), _("A team name"), 60)
        if not team or team in teams:
            raise BadInput(_("Each team needs its own name: --team Red=Ann,Bob --team Blue=Cal,Dan."))
        teams[team] = []
        for m in members.split(","):
            key = name_key(m.strip())
            if key not in by_key:
                raise BadInput(_("{name} in team {team} is not one of the players ({players}).")
                               .format(name=m.strip(), team=team, players=", ".join(names)))
            if key in placed:
                raise BadInput(_("{name} is in two teams.").format(name=by_key[key]))
            placed.add(key)
            teams[team].append(by_key[key])
    return teams


def recorded_doc(game: str, pairs, *, date=None, location=None, duration=None, notes=None,
                 colours=None, winners=(), source: str = "recorded", bgg_id=None, expansions=(), teams=(),
                 coop=None, first_plays=(), start=None, incomplete=False, no_stats=False) -> dict:
    """The archive document of an untracked game. Validates everything; raises BadInput.

    ``game`` is one of referee's games (validated by its rules: players, scores) or any other title, logged
    as given. A play can carry what clubs log: its BGG id, expansions, teams (TEAM=NAME,NAME), a cooperative
    result (``coop`` "won"/"lost"; scores then optional), first plays, the start player, incomplete and not
    counted in the statistics."""
    import datetime as _dt

    from ...core import validate
    from ..common import is_known_game, title_of

    game = title_of(game)
    known = is_known_game(game)
    location, notes = validate.location(location), validate.notes(notes)
    if coop is not None and coop not in ("won", "lost"):
        raise BadInput(_("--coop is won or lost."))
    if coop is not None and pairs and isinstance(pairs[0], str):
        pairs = [p if "=" in p else f"{p}=0" for p in pairs]
    scores = parse_pairs(pairs, game) if pairs and isinstance(pairs[0], str) else list(pairs)
    if not scores:
        raise BadInput(_("Give every player's score: -p NAME=SCORE for each player."))
    if known:
        from ...core.registry import get_rules

        rules = get_rules(game)
        names = validate.player_names(rules, [n for n, _ in scores])
    else:
        names = _other_title_players([n for n, _ in scores])
    scores = [(n, validate.score(s, _("The score of {name}").format(name=n))) for n, (_s, s) in zip(names, scores)]
    by_key = {name_key(n): n for n in names}

    def player(text, what):
        key = name_key(text)
        if key not in by_key:
            raise BadInput(_("{what} {name} is not one of the players ({players}).")
                           .format(what=what, name=text, players=", ".join(names)))
        return by_key[key]

    if start:
        first = player(start, _("The start player"))
        i = names.index(first)
        names = names[i:] + names[:i]
        scores = scores[i:] + scores[:i]
    cols = {}
    for name, colour in (colours or {}).items():
        match = [n for n in names if name_key(n) == name_key(validate.name_form(name))]
        if not match:
            raise BadInput(_("Colour given for {name}, who is not one of the players ({players}).").format(
                name=repr(name), players=", ".join(names)))
        colour = validate.label(one_line(colour), _("The colour of {name}").format(name=match[0]), 30).lower()
        if not colour:
            raise BadInput(_("The colour for {name} is empty; write --colour {name}=red.").format(name=match[0]))
        cols[match[0]] = colour
    team_map = parse_teams(teams, names) if teams else {}
    if coop is not None:
        if team_map or winners:
            raise BadInput(_("A cooperative play is won or lost by everyone together: leave out --team and "
                             "--winner."))
        result = _coop_result(game, names, dict(scores), coop == "won")
    elif team_map:
        if winners:
            raise BadInput(_("With teams the best team wins; leave out --winner."))
        result = _team_result(game, scores, team_map)
    else:
        result = build_result(game, scores, [validate.name_form(w) for w in winners or ()])
    doc = {
        "schema_version": SCHEMA_VERSION, "game": game, "players": names, "options": {},
        "date": check_date(date) if date else _dt.date.today().isoformat(),
        "location": location, "notes": notes,
        "duration": parse_duration(duration), "colours": cols or None,
        "created": now_iso(), "finished_at": now_iso(), "source": source, "moves": 0, "has_record": False,
        "result": result,
    }
    if not known:
        doc["title"] = game
    if bgg_id is not None:
        if isinstance(bgg_id, bool) or not isinstance(bgg_id, int) or not 0 < bgg_id < 10 ** 7:
            raise BadInput(_("--bgg-id is the number in the game's BoardGameGeek address, for example 9209."))
        doc["bgg_id"] = bgg_id
    if expansions:
        doc["expansions"] = [validate.label(" ".join(str(e).split()), _("An expansion"), 100) for e in expansions]
    if team_map:
        doc["teams"] = team_map
    if first_plays:
        doc["first_plays"] = [player(n, _("A first play for")) for n in first_plays]
    if start:
        doc["start_player"] = names[0]
    if incomplete:
        doc["incomplete"] = True
    if no_stats:
        doc["no_stats"] = True
    return doc


def parse_colours(pairs) -> dict:
    out = {}
    for pair in pairs or ():
        if "=" not in pair:
            raise BadInput(_("Colour {pair} must be NAME=COLOUR, for example --colour Ann=red.").format(pair=repr(pair)))
        name, colour = pair.split("=", 1)
        out[name.strip()] = colour.strip()
    return out


def scored_doc(game: str, data: dict, result, *, date=None, location=None, notes=None) -> dict:
    """The archive document of a game scored by the calculator (`referee score --record`): the calculator's
    whole result, breakdown and tie-break included, and the input it was computed from."""
    import datetime as _dt

    from ...core import validate
    from ...core.registry import get_rules

    rules = get_rules(game)
    location, notes = validate.location(location), validate.notes(notes)
    if rules.id == "el-capitan" and (data.get("payday") != 3 or not data.get("money")):
        raise BadInput(_("--record logs a finished game, and an El Capitan game ends at the third payday: give "
                         "\"payday\": 3 and every player's \"money\" to rank it, or leave --record out."))
    names = [p["name"] if isinstance(p, dict) else p for p in data.get("players") or []]
    raw_names = names
    names = validate.player_names(rules, names)
    renamed = {r: n for r, n in zip(raw_names, names) if isinstance(r, str) and r != n}
    colours = {p["name"]: p["colour"] for p in data.get("players") or []
               if isinstance(p, dict) and isinstance(p.get("colour"), str)}
    validate.check_tree(data, _("The input"))          # kept with the game (scored_from): data, not a hazard
    res = result.to_dict()
    if renamed:     # the calculator's result names the players as typed; the history as normalised
        for e in res["ranking"]:
            e["player"] = renamed.get(e["player"], e["player"])
        res["winners"] = [renamed.get(w, w) for w in res["winners"]]
        colours = {renamed.get(k, k): v for k, v in colours.items()}
    for e in res["ranking"]:
        validate.score(e["total"], _("The total of {name}").format(name=e["player"]))
    return {
        "schema_version": SCHEMA_VERSION, "game": rules.id, "players": names, "options": {},
        "date": check_date(date) if date else _dt.date.today().isoformat(),
        "location": location, "notes": notes,
        "duration": None, "colours": colours or None,
        "created": now_iso(), "finished_at": now_iso(), "source": "recorded", "moves": 0, "has_record": False,
        "result": res, "scored_from": data,
    }
