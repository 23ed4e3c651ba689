"""The phone page of `referee serve` and the club site's replays in a real headless browser at a phone's size
(390×844, touch, cs-CZ and en; Debian's chromium driven by Playwright, found and skipped as in
tests/site/test_browser.py): for each title mid-game, no text renders under 12 CSS px (the computed font size
times the SVG's scale on the screen), every move button is at least 44×44 px, the page is no wider than the
phone, no console error (a CSP violation is one), no English move word on the Czech page, a hostile player
name is text, and tapping a move changes the page. One browser and one real uvicorn per title for the module.
"""

import json
import os
import queue
import random
import re
import signal
import subprocess
import sys
import threading

import httpx
import pytest

from referee import session
from referee.core.labels import label
from referee.store import Store
from tests.site.conftest import HOSTILE, finished_game, store_with
from tests.site.test_browser import browser  # noqa: F401 (fixture: one chromium for the module)

TITLES = ("port-royal", "puerto-rico", "carcassonne", "el-capitan")
PHONE = {"width": 390, "height": 844}
SERVER = """
import sys
from referee import session
from referee.store import Store
from referee.serve.run import serve
store = Store(sys.argv[1])
raise SystemExit(serve(store, session.open_game(store, sys.argv[2]), host="127.0.0.1", port=0, json_out=True))
"""

# Every rendered text node: its computed font size times the scale its SVG is drawn at (1 outside an SVG).
SMALL_TEXTS = """() => {
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    const e = node.parentElement;
    if (!node.textContent.trim() || !e || e.closest('title, desc, script, style, [hidden]')) { continue; }
    if (!e.getClientRects().length) { continue; }          // not rendered
    const style = getComputedStyle(e);
    if (style.visibility === 'hidden') { continue; }
    let size = parseFloat(style.fontSize);
    if (e.closest('svg')) { const m = e.getScreenCTM(); size *= Math.hypot(m.a, m.b); }
    if (size < 12) { small.push([e.tagName, node.textContent.slice(0, 40), size]); }
  }
  return small;
}"""
SMALL_BUTTONS = """() => [...document.querySelectorAll('button.move')].map(b => b.getBoundingClientRect())
  .filter(r => r.width < 44 || r.height < 44).map(r => [r.width, r.height])"""


def _mid_game(store, game_id, moves=40):
    rng = random.Random(11)
    tracked = session.create(store, game_id, ["Ann", HOSTILE, "Cal"])
    if game_id == "el-capitan":
        from benchmarks.bench_el_capitan import table_choices
    else:
        table_choices = None
    for _ in range(moves):
        legal = tracked.game.legal_moves()
        if table_choices is not None:
            legal = table_choices(legal, rng)
        session.play(store, tracked, legal[int(rng.random() * len(legal))].text)
    assert not tracked.game.finished
    return tracked


@pytest.fixture(scope="module")
def servers(tmp_path_factory, browser):  # noqa: F811 (no server is started when the browser is skipped)
    """A real uvicorn per title, each serving a game 40 moves in: {game: (links, store, tracked)}."""
    running, procs = {}, []
    try:
        for gid in TITLES:
            store = Store(tmp_path_factory.mktemp(gid) / "history.json")
            tracked = _mid_game(store, gid)
            proc = subprocess.Popen([sys.executable, "-c", SERVER, str(store.path), tracked.id],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                    env=dict(os.environ, REFEREE_LANG="en"))
            procs.append(proc)
            lines: queue.Queue = queue.Queue()
            threading.Thread(target=lambda p=proc, q=lines: [q.put(x) for x in iter(p.stdout.readline, "")],
                             daemon=True).start()
            running[gid] = (json.loads(lines.get(timeout=60)), store, tracked)
        yield running
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)
        for proc in procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=30)


def phone(browser, locale):  # noqa: F811
    context = browser.new_context(viewport=PHONE, locale=locale, has_touch=True, is_mobile=True,
                                  device_scale_factor=2)
    page = context.new_page()
    problems, dialogs = [], []
    page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    return context, page, problems, dialogs


def until(page, predicate, arg=None, tries=300):
    """Wait for a predicate by asking the page (wait_for_function evaluates a string, which the page's CSP
    forbids); a guard against hanging, never a timed assertion."""
    for _ in range(tries):
        if page.evaluate(predicate, arg):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"never true: {predicate}")


def check_legible(page, where):
    assert page.evaluate(SMALL_TEXTS) == [], where
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], where


def _english_words(game_id, texts):
    """The words of the canonical moves that a Czech table says otherwise ('take', 'place', 'pinnace-2-3')."""
    words = set()
    for text in texts:
        czech = set(label(game_id, text, "cs").split())
        words |= {w for w in text.split() if w not in czech and re.search(r"[a-z]{3}", w)}
    return words


def test_the_phone_page_of_each_title_is_legible_tappable_and_in_the_phones_language(browser, servers):  # noqa: F811
    for gid, (links, store, tracked) in servers.items():
        with httpx.Client(timeout=30) as client:
            owner = next(p for p, url in links["seats"].items() if client.get(url + "/state").json()["legal"])
            english = client.get(links["seats"][owner] + "/state?lang=en").json()
        url = links["seats"][owner]
        for locale in ("cs-CZ", "en"):
            context, page, problems, dialogs = phone(browser, locale)
            page.goto(url)
            page.wait_for_selector("button.move")
            where = (gid, locale)
            assert page.get_attribute("html", "lang") == locale[:2], where
            check_legible(page, where)
            assert page.evaluate(SMALL_BUTTONS) == [], where
            buttons = page.eval_on_selector_all("button.move", "bs => bs.map(b => [b.dataset.move, b.textContent])")
            assert sorted(m for m, _ in buttons) == sorted(m["text"] for m in english["legal"]), where
            for move, shown in buttons:
                assert shown == label(gid, move, locale[:2]), where
            assert page.evaluate(f"document.querySelector('#board svg').textContent.includes({HOSTILE!r})"), where
            if locale == "cs-CZ":
                seen = page.inner_text("body")
                leaked = {w for w in _english_words(gid, [m["text"] for m in english["legal"]])
                          if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", seen)}
                assert leaked == set(), where
                assert page.inner_text("#lang")
            else:
                # a tap: the move is stored and the page shows the next position (its version, its buttons)
                before = page.get_attribute("body", "data-v")
                first = buttons[0][0]
                page.tap(f'button.move[data-move="{first}"]')
                until(page, "(before) => document.body.dataset.v !== before", before)
                assert store.read_live(tracked.id)["moves"][-1] == first
                check_legible(page, where + ("after the tap",))
            assert problems == [] and dialogs == [], (where, problems, dialogs)
            context.close()


def test_a_refusal_is_shown_in_the_phones_language_and_a_watcher_has_no_moves(browser, servers):  # noqa: F811
    links, store, tracked = servers["puerto-rico"]
    with httpx.Client(timeout=30) as client:
        owner = next(p for p, url in links["seats"].items() if client.get(url + "/state").json()["legal"])
    context, page, problems, dialogs = phone(browser, "cs-CZ")
    page.goto(links["seats"][owner])
    page.fill("#text", "postav malou tržnici")    # a building, at the trader: refused, in Czech
    page.press("#text", "Enter")
    until(page, "() => document.getElementById('error').textContent.length > 0")
    assert page.get_attribute("#error", "role") == "alert"
    refused = page.inner_text("#error")
    assert re.search(r"[áčďéěíňóřšťúůýž]", refused) and "phase" not in refused, refused
    page.goto(links["watch"])
    assert page.query_selector("button.move") is None and page.query_selector("#entry") is None
    assert page.query_selector("#board svg text") is not None
    check_legible(page, "watcher")
    # the measure bites: the same board squeezed to half its size has texts under 12 px
    page.evaluate("() => { const svg = document.querySelector('#board svg');"
                  " svg.setAttribute('width', svg.viewBox.baseVal.width / 2); }")
    assert page.evaluate(SMALL_TEXTS) != []
    # the refusal's own answer is the one network error the console may show
    assert [p for p in problems if "status of 422" not in p] == [] and dialogs == [], problems
    context.close()


@pytest.fixture(scope="module")
def sites(tmp_path_factory, browser):  # noqa: F811
    """The club site built in each language from one finished game of each title."""
    from click.testing import CliRunner

    from referee.cli import cli

    db = tmp_path_factory.mktemp("club") / "history.json"
    store_with(db, [finished_game(gid, ["Ann", HOSTILE, "Cal"], seed=7) for gid in TITLES])
    out = {}
    for lang in ("cs", "en"):
        folder = tmp_path_factory.mktemp("web") / lang
        done = CliRunner().invoke(cli, ["--lang", lang, "--db", str(db), "site", str(folder)], catch_exceptions=False)
        assert done.exit_code == 0, done.output
        out[lang] = folder
    return out


def test_each_titles_replay_board_is_legible_on_a_phone(browser, sites):  # noqa: F811
    for lang, folder in sites.items():
        pages = [p for p in sorted((folder / "plays").glob("*.html")) if 'id="replay-data"' in p.read_text("utf-8")]
        assert len(pages) == len(TITLES)
        for path in pages:
            context, page, problems, dialogs = phone(browser, "cs-CZ" if lang == "cs" else "en")
            page.goto(path.resolve().as_uri())
            total = int(page.get_attribute("#step", "max"))
            for step in (0, total // 2, total):       # the start, mid-game and the end
                page.evaluate("(n) => { const s = document.getElementById('step'); s.value = String(n);"
                              " s.dispatchEvent(new Event('input')); }", step)
                check_legible(page, (lang, path.name, step))
                assert page.evaluate("document.querySelectorAll('#board text').length") > 0
            assert problems == [] and dialogs == [], (lang, path.name, problems)
            context.close()


def test_the_board_in_the_state_body_is_the_replays_board_at_that_position(servers):
    """One drawing: the phone's board is the site's frame of the same position, in the phone's language."""
    from referee.drawing.boards import frame, size
    from referee.i18n import using

    for gid, (links, _store, _tracked) in servers.items():
        body = httpx.get(links["watch"] + "/state?lang=cs", timeout=30).json()
        game = session.open_game(Store(_store.path), _tracked.id).game
        with using("cs"):
            pieces = frame(gid, game.view())
            assert body["board"]["size"] == list(size(gid, game.view()))
        assert body["board"]["svg"] == "<g>" + "".join(pieces[k] for k in sorted(pieces)) + "</g>"




def test_undo_posts_the_version_and_an_entry_id_and_a_410_stops_the_page(browser, servers):  # noqa: F811
    """The undo and a released seat's 410 are answered by routes of other branches (robust, laptop): the
    client is checked against the design's answers, given by the browser's request interception."""
    links, store, tracked = servers["el-capitan"]
    with httpx.Client(timeout=30) as client:
        owner = next(p for p, url in links["seats"].items() if client.get(url + "/state").json()["legal"])
        url = links["seats"][owner]
        state = client.get(url + "/state?lang=en").json()
    context, page, problems, dialogs = phone(browser, "en")
    stream = "retry: 1000\n\nevent: state\ndata: " + json.dumps(dict(state, undo=True)) + "\n\n"
    page.route("**/events*", lambda r: r.fulfill(status=200, headers={"Content-Type": "text/event-stream"},
                                                 body=stream))
    posted, streams = [], []

    def undo(route):
        posted.append(json.loads(route.request.post_data))
        route.fulfill(status=200, content_type="application/json", body=json.dumps({"v": state["v"], "undone": []}))

    page.route("**/undo*", undo)
    page.goto(url)
    until(page, "() => !document.getElementById('undo').hidden")
    page.tap("#undo")
    for _ in range(300):
        if posted:
            break
        page.wait_for_timeout(100)
    assert set(posted[0]) == {"v", "entry_id"} and posted[0]["v"] == state["v"] and posted[0]["entry_id"]
    # the laptop released the seat: every seat route answers 410 with a sentence
    gone = json.dumps({"error": "This seat was released on the laptop; scan the QR code to take a seat again."})
    page.unroute("**/events*")
    page.on("request", lambda r: streams.append(r.url) if "/events" in r.url else None)
    for pattern in ("**/events*", "**/state*"):
        page.route(pattern, lambda r: r.fulfill(status=410, content_type="application/json", body=gone))
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")    # as a phone waking
    until(page, "() => document.getElementById('error').textContent.includes('released')")
    assert page.evaluate("() => [...document.querySelectorAll('button.move')].every(b => b.disabled)")
    asked = len(streams)
    page.wait_for_timeout(3000)      # longer than the client's 2 s retry: it asks no more
    assert len(streams) == asked
    assert [p for p in problems if "status of 410" not in p] == [] and dialogs == [], problems
    context.close()
