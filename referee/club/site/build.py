"""`referee site DIR`: the club's history as a static web site (plain files: works from file:// and on any
static host, makes no request outside its folder).

Pages: the front page (latest plays, standings by the rating with uncertainty, most-played games, plays per
month), one page per player, per game title and per play; a tracked play is replayed move by move with its
board drawn at each step. Written into a new folder next to DIR and swapped in, so a half-written site is
never published. Templates are Jinja2 with autoescaping: stored text is always text.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections import Counter, defaultdict
from pathlib import Path

from ...core.errors import BadInput, RefereeError
from ...i18n import _, language, ngettext
from ..common import chrono_key, game_name, start_positions
from . import boards, svg

MARKER = ".referee-site"
HERE = Path(__file__).resolve().parent


# Names Windows keeps for devices, with any extension: CON.html cannot be a file there.
_DEVICES = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}


def slug(kind: str, key: str) -> str:
    """A file name for a player or play that no stored text can turn into a path. A game keeps its id as
    the name only when every disk can hold it apart from the others: lower-case (Windows and macOS do not
    tell Catan.html from catan.html) and not a Windows device name (a game titled "Con")."""
    if (kind == "game" and key.replace("-", "").isalnum() and key.isascii() and key == key.lower()
            and key not in _DEVICES):
        return key
    return kind[0] + "-" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:12]


def format_date(iso: str | None) -> str:
    if not iso:
        return ""
    day = str(iso)[:10]
    try:
        y, m, d = day.split("-")
    except ValueError:
        return day
    return f"{int(d)}. {int(m)}. {y}" if language() == "cs" else day


def format_duration(minutes) -> str:
    """A play's duration (stored in minutes) as '45 min' or '1 h 05 min'."""
    if not minutes:
        return ""
    minutes = int(round(float(minutes)))
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"


# --- collecting ----------------------------------------------------------------------------------
def _plays(docs):
    from ..stats import plays_from_docs

    return plays_from_docs(docs)


def _month(date: str) -> str:
    return (date or "")[:7]


class Club:
    """Everything the pages show, computed once from the selected documents."""

    def __init__(self, docs):
        from ..ratings import rate, standings

        self.docs = sorted(docs, key=chrono_key)
        self.by_id = {d.get("id"): d for d in self.docs}
        self.plays = _plays(self.docs)
        self.rating = rate(self.plays)
        self.standings = standings(self.rating)
        self.games = Counter(p.game for p in self.plays)
        self.game_ratings = {g: standings(rate(self.plays, g)) for g in self.games}
        self.names = {}
        for p in self.plays:
            for s in p.seats:
                self.names[s.key] = s.name
        self.player_slug = {k: slug("player", k) for k in self.names}
        self.play_slug = {p.id: slug("play", p.id) for p in self.plays}

    def months(self):
        counts = Counter(_month(p.date) for p in self.plays if p.date)
        if not counts:
            return []
        first, last = min(counts), max(counts)
        y, m = map(int, first.split("-"))
        out = []
        while f"{y:04d}-{m:02d}" <= last:
            key = f"{y:04d}-{m:02d}"
            out.append((key, counts.get(key, 0)))
            y, m = (y + 1, 1) if m == 12 else (y, m + 1)
        return out

    def player(self, key: str) -> dict:
        plays = [p for p in self.plays if any(s.key == key for s in p.seats)]
        by_game = defaultdict(lambda: {"plays": 0, "wins": 0, "best": None, "sum": 0})
        h2h = defaultdict(lambda: [0, 0, 0])   # opponent -> [ahead, behind, level]
        for p in plays:
            me = next(s for s in p.seats if s.key == key)
            g = by_game[p.game]
            g["plays"] += 1
            g["wins"] += me.win
            g["sum"] += me.total
            g["best"] = me.total if g["best"] is None else max(g["best"], me.total)
            for s in p.seats:
                if s.key != key:
                    rec = h2h[s.key]
                    rec[0 if me.rank < s.rank else 1 if me.rank > s.rank else 2] += 1
        games = [{"game": gid, "name": game_name(gid), "plays": g["plays"], "wins": g["wins"],
                  "rate": round(100 * g["wins"] / g["plays"]), "best": g["best"],
                  "avg": round(g["sum"] / g["plays"], 1)} for gid, g in sorted(by_game.items())]
        rating = self.rating.get(key)
        return {"key": key, "name": self.names[key], "plays": plays, "games": games,
                "wins": sum(g["wins"] for g in games),
                "h2h": sorted(((self.names[o], self.player_slug[o], *r) for o, r in h2h.items()),
                              key=lambda t: (-(t[2] + t[3] + t[4]), t[0].casefold())),
                "rating": rating,
                "history": [v for _, _, v in rating.history] if rating else []}

    def game(self, gid: str) -> dict:
        plays = [p for p in self.plays if p.game == gid]
        scores = [s.total for p in plays for s in p.seats]
        seat_wins = defaultdict(lambda: [0, 0])   # seat -> [wins, plays]
        for p in plays:
            seats = start_positions(self.by_id.get(p.id) or {})
            for s in p.seats:
                seat = seats.get(s.name)
                if seat:
                    seat_wins[seat][1] += 1
                    seat_wins[seat][0] += s.win
        durations = [d.get("duration") for d in self.docs if d.get("game") == gid and d.get("duration")]
        return {"id": gid, "name": game_name(gid), "plays": plays, "scores": scores,
                "leaders": self.game_ratings.get(gid, []),
                "seats": [(seat, w, n, round(100 * w / n)) for seat, (w, n) in sorted(seat_wins.items())],
                "avg_duration": format_duration(sum(durations) / len(durations)) if durations else ""}


def _buckets(scores, n: int = 10):
    if not scores:
        return []
    lo, hi = min(scores), max(scores)
    if hi == lo:
        return [(str(lo), len(scores))]
    width = max(1, -(-(hi - lo + 1) // n))
    counts = Counter((s - lo) // width for s in scores)
    return [(f"{lo + i * width}–{lo + (i + 1) * width - 1}", counts.get(i, 0))
            for i in range(-(-(hi - lo + 1) // width))]


# --- the replay of a tracked play ------------------------------------------------------------------
def replay_data(game) -> dict:
    """Every step of a finished game: the moves, what each did, and the board as keyed SVG pieces (the
    first frame whole, then only what changed), for the page's step control."""
    from ...core.game import Game

    fresh = Game(game.rules, game.players, game.options, date=game.date)
    gid = game.game
    view = fresh.view()
    prev = boards.frame(gid, view)
    last_size = boards.size(gid, view)
    frames = [{"set": sorted(prev.items()), "size": last_size}]
    events = [[]]
    for text in game.moves:
        fresh.play(text)
        view = fresh.view()
        cur = boards.frame(gid, view)
        diff = [[k, v] for k, v in cur.items() if prev.get(k) != v]
        gone = [k for k in prev if k not in cur]
        step = {"set": diff}
        if gone:
            step["del"] = gone
        size = boards.size(gid, view)
        if size != last_size:
            step["size"] = last_size = size
        frames.append(step)
        events.append(list(fresh.events()))
        prev = cur
    return {"moves": list(game.moves), "frames": frames, "events": events}


# --- writing -----------------------------------------------------------------------------------
def _env():
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    env = Environment(loader=FileSystemLoader(str(HERE / "templates")), autoescape=select_autoescape(["html"]),
                      trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.i18n"])
    env.install_gettext_callables(gettext=_, ngettext=ngettext, newstyle=True)
    env.filters["date"] = format_date
    env.filters["duration"] = format_duration
    env.globals["game_name"] = game_name
    from ...calculator.output import part_label

    env.globals["part_label"] = part_label      # a breakdown part by its name in the chosen language
    return env


def _check_target(target: Path, force: bool) -> None:
    if target.exists() and not target.is_dir():
        raise BadInput(_("{path} exists and is not a folder; choose another place for the site.")
                       .format(path=target))
    if target.is_dir() and any(target.iterdir()) and not (target / MARKER).exists() and not force:
        raise BadInput(_("{path} is a folder that is not a referee site; choose an empty or new folder, or "
                         "add --force to replace it.").format(path=target))


def build_site(store, out: str | os.PathLike, *, docs=None, force: bool = False, title: str | None = None) -> Path:
    """Write the site into ``out`` (atomically: built beside it, then swapped in). Returns the index page."""
    target = Path(out).expanduser()
    _check_target(target, force)
    if docs is None:
        docs = store.archived()
    club = Club(docs)
    parent = target.parent if str(target.parent) else Path(".")
    import tempfile

    try:
        parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-", dir=parent))
    except OSError as err:
        raise BadInput(_("The site cannot be written in {path} ({reason}); choose a folder you can write to.")
                       .format(path=parent, reason=err.strerror or err)) from None
    try:
        _write(store, club, work, title or _("Our club's games"))
        (work / MARKER).write_text("referee site\n", encoding="utf-8")
        _swap(work, target)
    except OSError as err:
        shutil.rmtree(work, ignore_errors=True)
        raise BadInput(_("The site could not be written in {path} ({reason}); nothing was published and an "
                         "earlier site there is unchanged.").format(path=parent, reason=err.strerror or err)) \
            from None
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return target / "index.html"


def _swap(work: Path, target: Path) -> None:
    old = None
    if target.exists():
        old = target.with_name(f".{target.name}.old-{os.getpid()}")
        if old.exists():
            shutil.rmtree(old)
        os.replace(target, old)
    os.replace(work, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _write(store, club: Club, root: Path, title: str) -> None:
    env = _env()
    for sub in ("players", "games", "plays", "static"):
        (root / sub).mkdir()
    for name in ("site.css", "replay.js"):
        shutil.copyfile(HERE / "static" / name, root / "static" / name)
    lang = language()
    common = {"lang": lang, "club_title": title, "club": club, "player_slug": club.player_slug,
              "play_slug": club.play_slug}

    def page(path: Path, template: str, depth: int, **ctx):
        html = env.get_template(template).render(root="../" * depth, **common, **ctx)
        path.write_text(html, encoding="utf-8")

    latest = list(reversed(club.plays))[:20]
    months = club.months()
    top_games = club.games.most_common(10)
    page(root / "index.html", "index.html", 0, latest=latest, standings=club.standings[:20],
         top_games=top_games, months=months[-24:],
         months_svg=svg.column_chart([(m[2:], n) for m, n in months[-24:]], title=_("Plays per month"),
                                     desc=_("Number of plays in each of the last months."), ident="months"),
         games_svg=svg.bar_chart([(game_name(g), n) for g, n in top_games], title=_("Most played games"),
                                 desc=_("Plays of each game."), ident="games"))
    for key in club.names:
        info = club.player(key)
        chart = svg.line_chart([(info["name"], info["history"])], title=_("Rating over time"),
                               desc=_("The conservative rating estimate after each play."), ident="rating")
        page(root / "players" / f"{club.player_slug[key]}.html", "player.html", 1, p=info, rating_svg=chart)
    for gid in club.games:
        info = club.game(gid)
        hist = svg.column_chart(_buckets(info["scores"]), title=_("Score distribution"),
                                desc=_("How many scores fell in each range."), ident="scores")
        page(root / "games" / f"{slug('game', gid)}.html", "game.html", 1, g=info, scores_svg=hist,
             game_slug=slug("game", gid))
    replays = _replays(store, [p.id for p in club.plays if (club.by_id.get(p.id) or {}).get("has_record")])
    for play in club.plays:
        doc = club.by_id.get(play.id) or {}
        page(root / "plays" / f"{club.play_slug[play.id]}.html", "play.html", 1, play=play, doc=doc,
             replay=replays.get(play.id), game_slug=slug("game", play.game))


def _replays(store, ids) -> dict:
    """gid -> replay data for the tracked plays. Replaying is most of a site's work (every step's board), and
    each game is independent: with many, they are shared among the machine's cores."""
    records = {gid: store.read_record(gid) for gid in ids}
    records = {gid: text for gid, text in records.items() if text}
    if len(records) < 24 or (os.cpu_count() or 1) < 2:
        return {gid: _replay_text(text) for gid, text in records.items()}
    from concurrent.futures import ProcessPoolExecutor

    workers = min(os.cpu_count() or 2, 8)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        done = pool.map(_replay_text, records.values(), chunksize=8)
        return dict(zip(records, done))


def _replay_text(text: str):
    """The replay of a game record, or None when it cannot be replayed (the page then shows the result only:
    the site is never refused for one damaged record)."""
    from ...core.record import load_record

    try:
        game = load_record(text)
    except RefereeError:
        return None
    return replay_data(game)


def replay_json(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
