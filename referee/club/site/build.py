"""`referee site DIR`: the club's history as a static web site (plain files: works from file:// and on any
static host, makes no request outside its folder).

Pages: the front page (latest plays, standings by the rating with uncertainty, most-played games, plays per
month), one page per player, per game title and per play; a tracked play is replayed move by move with its
board drawn at each step. Written into a new folder next to DIR and swapped in, so a half-written site is
never published. Templates are Jinja2 with autoescaping: stored text is always text.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import shutil
from collections import Counter, defaultdict
from functools import lru_cache
from pathlib import Path

from ...core.errors import BadInput, RefereeError
from ...i18n import _, language, ngettext, set_language
from ..common import chrono_key, game_name, start_positions
from . import boards, svg
from .cache import PageCache, digest, page_key
from .plain import PlainPage

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
    from ..stats.stats import plays_from_docs

    return plays_from_docs(docs)


def _month(date: str) -> str:
    return (date or "")[:7]


class Club:
    """Everything the pages show, computed once from the selected documents."""

    def __init__(self, docs):
        from ..stats.ratings import rate, standings

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
        self._plays_of = None

    def _by_player(self) -> dict:
        """Each player's plays in the club's order (made once: a page per player looked through every play)."""
        if self._plays_of is None:
            self._plays_of = defaultdict(list)
            for p in self.plays:
                for key in dict.fromkeys(s.key for s in p.seats):
                    self._plays_of[key].append(p)
        return self._plays_of

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
        plays = self._by_player().get(key, [])
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
class _Steps:
    """Collects every step of a game as it is replayed: the board as keyed SVG pieces (the first frame
    whole, then only what changed) and what each move did. Called at the start and after each move."""

    def __init__(self):
        self.frames = []
        self.events = []
        self._prev = None
        self._size = None
        self._memo = {}

    def __call__(self, game) -> None:
        gid = self.game_id = game.game
        view = _picture_view(game, self._memo)
        cur, size = boards.picture(gid, view, self._memo)
        if self._prev is None:
            self.frames.append({"set": sorted(cur.items()), "size": size})
            self.events.append([])
        else:
            prev = self._prev
            # (a set difference of the two steps' pieces was tried: it counts more instructions than this
            # loop, whose unchanged pieces are the same texts and compare at once)
            had = prev.get
            changed = [[k, v] for k, v in cur.items() if had(k) != v]
            step = {"set": changed}
            # a piece is gone only when fewer of the previous step's are still here than it had: at most
            # steps none is new and the two have as many, and the previous step's pieces need no second loop
            kept = len(cur) - sum(1 for k, _v in changed if k not in prev)
            if kept != len(prev):
                step["del"] = [k for k in prev if k not in cur]
            if size != self._size:
                step["size"] = size
            self.frames.append(step)
            self.events.append(list(game.events()))
        self._prev, self._size = cur, size

    def data(self, moves) -> dict:
        from ...core.labels import label

        # `moves` stay the record's canonical texts; `labels` are what the page shows, in its language (the
        # words the table's reader accepts: `vezmi admirála 7 2`, issue 22)
        gid = getattr(self, "game_id", None)
        labels = [label(gid, text) if gid else text for text in moves]
        return {"moves": list(moves), "labels": labels, "frames": self.frames, "events": self.events}


def _picture_view(game, memo: dict | None = None) -> dict:
    """What the board picture reads of ``game.view()``: each title's picture gets a light view of only what
    it shows (the same values): El Capitan's whole view at every step was a third of a first site build, and
    the others' prompts, supplies and events' sentences were made at every step for nothing (issue 25).
    ``memo``: kept from one step of a replay to the next (the views keep what did not change)."""
    light = _light_view(game.game)
    return game.view() if light is None else light(game.rules, game.state, memo)


@lru_cache(maxsize=None)
def _light_view(title: str):
    """The title's light view as ``view(rules, state, memo)``, or None (looked up once: a replay asks at every
    step)."""
    if title == "el-capitan":
        from ...games.el_capitan.picture import picture_view

        return picture_view
    if title == "carcassonne":      # every placed tile's entry rebuilt at every step (issue 25)
        from ...games.carcassonne.site_view import picture_view

        return picture_view
    if title == "port-royal":       # not the prompt, the events' sentences, the box (issue 25)
        from ...games.port_royal.site_view import picture_view

        return picture_view
    if title == "puerto-rico":      # not the supplies, the proposals, the events' sentences (issue 25)
        from ...games.puerto_rico.site_view import picture_view

        return lambda rules, state, memo: picture_view(state)
    return None


def replay_data(game) -> dict:
    """Every step of a finished game: the moves, what each did, and the board at each step, for the page's
    step control."""
    from ...core.game import Game

    fresh = Game(game.rules, game.players, game.options, date=game.date)
    steps = _Steps()
    steps(fresh)
    for text in game.moves:
        fresh.play(text)
        steps(fresh)
    return steps.data(game.moves)


# --- writing -----------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _env():
    """The templates (one environment per process: its texts are translated when a page is rendered)."""
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


def _site_folder(out) -> Path:
    """The folder the site goes in: a symlinked one is written where the link points (the link stays, as
    the web server or the sync tool was set up to follow it)."""
    target = Path(out).expanduser()
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    return target


def _check_target(store, target: Path, force: bool) -> None:
    """Refuse a place the site would replace what referee did not write there: the history store (the
    folder it is in, any folder above it, or one of its own files and folders), a file, or a folder with
    someone's files in it. Only a folder an earlier `referee site` wrote (it holds MARKER) or an empty
    one is replaced; --force no longer replaces anything else (it deleted whatever was there)."""
    from ...store.own import holds_store, owned_by_store

    if store is not None and (holds_store(store, target) or owned_by_store(store, target)):
        raise BadInput(_("{path} holds the history store {store} or is one of its folders; the site would "
                         "replace the history. Choose a folder outside it, for example a new folder "
                         "`site` elsewhere.").format(path=target, store=store.path))
    if target.exists() and not target.is_dir():
        raise BadInput(_("{path} exists and is not a folder; choose another place for the site.")
                       .format(path=target))
    if target.is_dir() and not (target / MARKER).is_file() and any(target.iterdir()):
        if force:
            raise BadInput(_("{path} is a folder that is not a referee site; even with --force referee "
                             "replaces only a site it wrote itself. Choose an empty or new folder, or move "
                             "the files out of it first.").format(path=target))
        raise BadInput(_("{path} is a folder that is not a referee site; choose an empty or new folder, or "
                         "move the files out of it first.").format(path=target))


def _folder_mode(target: Path) -> int:
    """The mode the site's folder gets: the one it had, else what the umask allows (a temp folder is made
    0700, and a web server reading the site as another user would answer 403 Forbidden)."""
    try:
        return os.stat(target).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o777 & ~umask


def build_site(store, out: str | os.PathLike, *, docs=None, force: bool = False, title: str | None = None) -> Path:
    """Write the site into ``out`` (atomically: built beside it, then swapped in). Returns the index page.
    Pages of an earlier site there are reused where nothing they show has changed (see cache.py)."""
    target = _site_folder(out)
    _check_target(store, target, force)
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
    earlier = _earlier_site(target)
    try:
        _write(store, club, work, title or _("Our club's games"), PageCache(earlier))
        (work / MARKER).write_text("referee site\n", encoding="utf-8")
        os.chmod(work, _folder_mode(target))
        _swap(work, target)
    except OSError as err:
        shutil.rmtree(work, ignore_errors=True)
        raise BadInput(_("The site could not be written in {path} ({reason}); nothing was published and an "
                         "earlier site there is unchanged.").format(path=parent, reason=err.strerror or err)) \
            from None
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    if earlier is not None and earlier != target:
        shutil.rmtree(earlier, ignore_errors=True)    # the site a killed swap left aside: now replaced
    _clear_leftovers(target)
    return target / "index.html"


# A build killed midway leaves its unfinished folder beside the site (the site itself is untouched: it is
# only ever replaced whole); one killed while swapping leaves the earlier site as .NAME.old-PID. Such
# leftovers are removed by the next build once nothing has written in them for this long (a younger one
# may be another build still running).
STALE_SECONDS = 600


def _leftovers(target: Path):
    parent = target.parent if str(target.parent) else Path(".")
    heads = (f".{target.name}.new-", f".{target.name}.old-")
    try:
        for entry in parent.iterdir():
            if entry.name.startswith(heads) and entry.is_dir() and not entry.is_symlink():
                yield entry
    except OSError:
        return


def _earlier_site(target: Path) -> Path | None:
    """The site whose pages may be reused: the one in the folder, or, when a build was killed between
    taking it away and putting the new one in, the earlier site it left beside."""
    if (target / MARKER).is_file():
        return target
    if target.exists():
        return None
    old = [d for d in _leftovers(target) if ".old-" in d.name and (d / MARKER).is_file()]
    return max(old, key=_last_written) if old else None


def _last_written(folder: Path) -> float:
    times = []
    for d in (folder, *(folder / sub for sub in ("plays", "players", "games"))):
        try:
            times.append(d.stat().st_mtime)
        except OSError:
            pass
    return max(times, default=0.0)


def _clear_leftovers(target: Path) -> None:
    import time

    now = time.time()
    for folder in _leftovers(target):
        if now - _last_written(folder) > STALE_SECONDS:
            shutil.rmtree(folder, ignore_errors=True)


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


def _render(template: str, **ctx) -> bytes:
    return _env().get_template(template).render(**ctx).encode("utf-8")


def _play_key(club: Club, play, doc: dict, record: str | None, lang: str, title: str) -> str:
    """What a play's page is made from: the stored play, its record, the language, the title and the pages
    its players' names link to."""
    ranking = (doc.get("result") or {}).get("ranking") or []
    links = [club.player_slug.get(str(e.get("player")).lower()) for e in ranking if isinstance(e, dict)]
    return page_key(lang, title, doc, play.id, play.game, play.date, digest(record.encode("utf-8")) if record else None,
                    links)


def _write(store, club: Club, root: Path, title: str, cache: PageCache) -> None:
    for sub in ("players", "games", "plays", "static"):
        (root / sub).mkdir()
    for name in ("site.css", "replay.js"):
        shutil.copyfile(HERE / "static" / name, root / "static" / name)
    lang = language()
    common = {"lang": lang, "club_title": title, "club": club, "player_slug": club.player_slug,
              "play_slug": club.play_slug}

    def page(rel: str, template: str, depth: int, **ctx) -> str:
        data = _render(template, root="../" * depth, **common, **ctx)
        (root / rel).write_bytes(data)
        return digest(data)

    # The plays' pages first: an earlier site's page is reused where nothing it shows has changed; the
    # tracked plays that need replaying go to other processes at once, while this one writes the rest.
    tracked, plain = [], []
    for play in club.plays:
        doc = club.by_id.get(play.id) or {}
        record = store.read_record(play.id) if doc.get("has_record") else None
        rel = f"plays/{club.play_slug[play.id]}.html"
        key = _play_key(club, play, doc, record, lang, title)
        if cache.reuse(rel, key, root):
            continue
        ctx = {"play": play, "doc": doc, "game_slug": slug("game", play.game)}
        if record:
            tracked.append((rel, key, record, ctx))
        else:
            plain.append((rel, key, ctx))
    shared = {"lang": lang, "club_title": title, "player_slug": club.player_slug}
    # The longest games first, so that no process is left with a long one at the end.
    jobs = [(str(root), rel, key, record, {**shared, **ctx})
            for rel, key, record, ctx in sorted(tracked, key=lambda job: -len(job[2]))]
    with _Replays(jobs) as replays:
        latest = list(reversed(club.plays))[:20]
        months = club.months()
        top_games = club.games.most_common(10)
        page("index.html", "index.html", 0, latest=latest, standings=club.standings[:20],
             top_games=top_games, months=months[-24:],
             months_svg=svg.column_chart([(m[2:], n) for m, n in months[-24:]], title=_("Plays per month"),
                                         desc=_("Number of plays in each of the last months."), ident="months"),
             games_svg=svg.bar_chart([(game_name(g), n) for g, n in top_games], title=_("Most played games"),
                                     desc=_("Plays of each game."), ident="games"))
        # A play's row is on its game's page and on each of its players' pages: made once, by the macro the
        # templates use (called from here it returns the same escaped markup).
        row = _env().get_template("_macros.html").module.result_row
        rows = {play.id: row(play, "../", club.player_slug, club.play_slug) for play in club.plays}
        for key in club.names:
            info = club.player(key)
            chart = svg.line_chart([(info["name"], info["history"])], title=_("Rating over time"),
                                   desc=_("The conservative rating estimate after each play."), ident="rating")
            page(f"players/{club.player_slug[key]}.html", "player.html", 1, p=info, rating_svg=chart, rows=rows)
        for gid in club.games:
            info = club.game(gid)
            hist = svg.column_chart(_buckets(info["scores"]), title=_("Score distribution"),
                                    desc=_("How many scores fell in each range."), ident="scores")
            page(f"games/{slug('game', gid)}.html", "game.html", 1, g=info, scores_svg=hist,
                 game_slug=slug("game", gid), rows=rows)
        # most of a club's pages: written out directly (plain.py: the template's bytes without its per-call cost)
        plain_page = PlainPage(_env(), lang, title, club.player_slug)
        for rel, key, ctx in plain:
            data = plain_page(ctx["play"], ctx["doc"], ctx["game_slug"])
            if data is None:        # a document the template reads in its own way (plain.py)
                cache.wrote(rel, key, page(rel, "play.html", 1, replay=None, **ctx))
                continue
            (root / rel).write_bytes(data)
            cache.wrote(rel, key, digest(data))
        for rel, key, page_digest in replays.results():
            cache.wrote(rel, key, page_digest)
    cache.save(root)


class _Replays:
    """The tracked plays' pages, each replayed and written by ``_tracked_page``. Replaying is most of a
    site's work (every step's board) and each game is independent: with many, they are shared among the
    machine's cores, started at once so that they run while the other pages are written."""

    FROM = 24          # fewer games are replayed here: starting processes would cost more than it saves
    START = None       # how workers start (None: the platform's way; tests try "spawn", as on Windows/macOS)

    def __init__(self, jobs):
        self.jobs = jobs
        self.pool = None
        self.futures = None
        self.frozen = False

    def __enter__(self):
        if len(self.jobs) >= self.FROM and (os.cpu_count() or 1) >= 2:
            import multiprocessing

            # What this process holds (the club's plays, the templates) is set aside from the collector
            # before the workers are made from it: a forked worker's collector would otherwise go over
            # all of it again and again (and copy the pages of memory it touches) while it replays.
            gc.collect()
            gc.freeze()
            self.frozen = True
            from concurrent.futures import ProcessPoolExecutor

            self.pool = ProcessPoolExecutor(max_workers=min(os.cpu_count() or 2, 8),
                                            mp_context=multiprocessing.get_context(self.START))
            self.futures = [self.pool.submit(_tracked_page, job) for job in self.jobs]
        return self

    def results(self):
        if self.futures is None:
            return [_tracked_page(job) for job in self.jobs]
        return [future.result() for future in self.futures]

    def __exit__(self, *exc):
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
        if self.frozen:
            gc.unfreeze()
        return False


def _tracked_page(job) -> tuple[str, str, str]:
    """Replay one tracked play and write its page (in a worker process, or in this one): (page, key, digest)."""
    root, rel, key, record, ctx = job
    if language() != ctx["lang"]:
        set_language(ctx["lang"])       # a worker started afresh (Windows, macOS) has its own choice
    # The collector stays paused until the page is made and the replay freed (see _replay_text): re-enabled
    # with the replay alive, its next pass went over every step's pieces once more, a tenth of a replay's time.
    paused = gc.isenabled()
    gc.disable()
    try:
        replay = _replay_text(record)
        data = _render("play.html", root="../", replay=replay, moves_list=_moves_list(replay), **ctx)
        del replay
    finally:
        if paused:
            gc.enable()
    (Path(root) / rel).write_bytes(data)
    return rel, key, digest(data)


def _moves_list(replay):
    """The replay's moves as the page lists them (each a link to its step), written here rather than by the
    template's loop: the same markup, each label escaped as the template escapes it, in a fifth of the time
    for a game of a thousand moves (issue 25)."""
    if not replay:
        return None
    from markupsafe import Markup, escape

    return Markup("".join(f'<li><a href="#replay" data-goto="{i}">{escape(label)}</a></li>'
                          for i, label in enumerate(replay["labels"], 1)))


def _replay_text(text: str):
    """The replay of a game record, or None when it cannot be replayed (the page then shows the result only:
    the site is never refused for one damaged record). The record is replayed once: its moves are checked
    and each step drawn in the same pass."""
    from ...core.record import load_record

    steps = _Steps()
    # The collector paused while a game is replayed: every step keeps its drawn pieces until the page is
    # written, and the collector's passes over them (and over the drawing's caches) found nothing to free
    # but were a quarter of a replay's time (issue 25). A replay makes no cycles it needs collected: what
    # it keeps is freed by reference counting when the page is written.
    paused = gc.isenabled()
    gc.disable()
    try:
        game = load_record(text, on_position=steps)
    except RefereeError:
        return None
    finally:
        if paused:
            gc.enable()
    return steps.data(game.moves)


def replay_json(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
