"""What the phones' end-to-end tests share: a real `referee serve` process, phone contexts in Debian's chromium
(Playwright) with every server-sent message captured through DevTools, the API's own view of every version
(secrets per seat and language), and the table-like players that keep a whole game short enough for CI.

Every wait has a generous timeout as a guard against a hang; nothing asserts a duration (speed targets are
measured by benchmarks/serve_*.py).
"""

from __future__ import annotations

import json
import os
import queue
import random
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import referee
from referee.i18n import using
from referee.serve.payload import version

WAIT_MS = int(os.environ.get("PHONES_WAIT_MS", 60_000))         # a guard against a hang, not a target: a loaded CI machine may be slow
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


# ----------------------------------------------------------------------------- the browser
def chromium() -> str | None:
    for candidate in (os.environ.get("REFEREE_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


def launch():
    """(playwright, browser), or a skip (a failure under REFEREE_REQUIRE_BROWSER=1), as tests/site does."""
    if os.environ.get("REFEREE_SIMULATE") == "windows":
        pytest.skip("the simulated-Windows run removes what a real browser driver needs (signals, pipes)")
    if os.environ.get("REFEREE_BROWSER") == "0":
        pytest.skip("REFEREE_BROWSER=0: .ci/run drives the browser in one of its runs, not in every one")
    path = chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    if path is None or sync_playwright is None:
        if os.environ.get("REFEREE_REQUIRE_BROWSER") == "1":
            pytest.fail("REFEREE_REQUIRE_BROWSER=1 but chromium or playwright is missing")
        pytest.skip("no chromium/playwright here (CI installs them)")
    manager = sync_playwright().start()
    return manager, manager.chromium.launch(executable_path=path, args=["--no-sandbox"])


# ----------------------------------------------------------------------------- the server
def referee_cmd(db, *args) -> list[str]:
    return [sys.executable, "-m", "referee", "--db", str(db), *args]


def run_cli(db, *args) -> subprocess.CompletedProcess:
    return subprocess.run(referee_cmd(db, *args), capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, REFEREE_LANG="en"))


class Server:
    """`referee serve ID --json --host 127.0.0.1 --port P --no-qr` as a child process."""

    def __init__(self, db, gid, port=0):
        self.proc = subprocess.Popen(
            referee_cmd(db, "serve", gid, "--json", "--host", "127.0.0.1", "--port", str(port), "--no-qr"),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=dict(os.environ, REFEREE_LANG="en"))
        lines: queue.Queue = queue.Queue()
        threading.Thread(target=lambda: [lines.put(x) for x in iter(self.proc.stdout.readline, "")],
                         daemon=True).start()
        try:
            line = lines.get(timeout=WAIT_MS / 1000)
        except queue.Empty:
            self.kill()
            raise AssertionError("serve printed no --json line: " + self.proc.stderr.read()) from None
        self.links = json.loads(line)
        self.port = int(self.links["url"].split(":")[2].split("/")[0])

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=30)

    def interrupt(self) -> tuple[int, str]:
        self.proc.send_signal(signal.SIGINT)
        code = self.proc.wait(timeout=30)
        return code, self.proc.stderr.read()


# ----------------------------------------------------------------------------- a phone
class Phone:
    """One phone: its own browser context (390x844, touch, its language), its page, and every `state`
    message the server sent it (DevTools Network.eventSourceMessageReceived, enabled before the page loads)."""

    def __init__(self, browser, url, seat, locale):
        self.seat, self.lang = seat, "cs" if locale.startswith("cs") else "en"
        self.context = browser.new_context(locale=locale, **PHONE)
        self.page = self.context.new_page()
        self.messages: list[dict] = []
        self.problems: list[str] = []
        self.page.on("pageerror", lambda e: self.problems.append(str(e)))
        self.posted: list[int] = []          # the status of every entry and undo this page POSTed
        self.page.on("response", lambda r: self.posted.append(r.status)
                     if r.request.method == "POST" else None)
        cdp = self.context.new_cdp_session(self.page)
        cdp.send("Network.enable")
        cdp.on("Network.eventSourceMessageReceived", lambda event: self.messages.append(event))
        self.page.goto(url)

    # One round trip per page and step (each Playwright call costs tens of ms on a loaded machine): the page
    # itself waits for the version and answers with its buttons and where they are.
    SHOWN = """async ([v, limit]) => {
        const end = Date.now() + limit;
        while (document.body.dataset.v !== v) {
            if (Date.now() > end) { return null; }
            await new Promise(r => setTimeout(r, 5));
        }
        return [...document.querySelectorAll('button[data-move]')].map(b => b.dataset.move);
    }"""

    def wait_v(self, v) -> list[str]:
        """Wait until the page shows version ``v``; its buttons' moves then."""
        shown = self.page.evaluate(self.SHOWN, [v, WAIT_MS])
        if shown is None:
            got = [body["v"] for _raw, body in self.states()][-3:]
            raise AssertionError(f"{self.seat or 'the watcher'}'s page never showed {v} (last received: {got}, "
                                 f"shown: {self.page.evaluate('document.body.dataset.v')}, error: {self.error()!r}, "
                                 f"page errors: {self.problems}, its POSTs' answers: {self.posted[-5:]})")
        return shown

    def buttons(self) -> list[str]:
        return self.page.eval_on_selector_all("button[data-move]", "bs => bs.map(b => b.dataset.move)")

    def tap(self, text):
        """A touch at the button's centre (a real tap: touchstart, touchend, click)."""
        box = self.page.evaluate("""t => {
            const b = [...document.querySelectorAll('button[data-move]')].find(b => b.dataset.move === t);
            b.scrollIntoView({block: 'center'});
            const r = b.getBoundingClientRect();
            return [r.x + r.width / 2, r.y + r.height / 2];
        }""", text)
        self.page.touchscreen.tap(*box)

    def error(self) -> str:
        return self.page.inner_text("#error")

    def states(self) -> list[tuple[str, dict]]:
        """(raw data, parsed body) of every state message received so far."""
        return [(m["data"], json.loads(m["data"])) for m in self.messages if m.get("eventName") == "state"]

    def close(self):
        self.context.close()


# ----------------------------------------------------------------------------- the API's side
def strings(value) -> str:
    """Every string in a JSON value, one a line: where a secret would show if a payload carried it."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return "\n".join(strings(k) + "\n" + strings(v) for k, v in value.items())
    if isinstance(value, list):
        return "\n".join(strings(v) for v in value)
    return ""


class Secrets:
    """Each version's secrets by language and seat, computed from the Python API."""

    def __init__(self, game):
        self.by_v: dict = {}
        self.note(game)

    def note(self, game):
        view = {}
        for lang in ("cs", "en"):
            with using(lang):
                view[lang] = {p: game.secret(p) for p in game.players}
        self.by_v[version(game)] = (view, game.finished)

    def check(self, phone: Phone):
        """No message to this phone holds another seat's secret; its own is exactly the API's."""
        seen = phone.states()
        assert seen, f"{phone.seat}: no state message captured"
        for raw, body in seen:
            assert body["v"] in self.by_v, f"{phone.seat}: a version the game never had: {body['v']}"
            view, finished = self.by_v[body["v"]]
            own = view[phone.lang].get(phone.seat) if phone.seat else None
            assert body["secret"] == own, (phone.seat, body["v"], body["secret"], own)
            if finished:             # at the end the secrets are public (Puerto Rico shows every VP)
                continue
            text = raw + "\n" + strings(body)
            for lang in ("cs", "en"):
                for other, secret in view[lang].items():
                    if other != phone.seat and secret and secret != own:
                        assert secret not in text, f"{other}'s secret reached {phone.seat or 'a watcher'}'s page"


# ----------------------------------------------------------------------------- table-like players
ACTION_WORDS = ("build", "reopen", "fortress", "loan", "end")


def port_royal_choice(game, legal, rng, memo):
    """As a table plays Port Royal (benchmarks/bench_entries.py): flip until the harbour holds 2-5 cards, take
    a card mostly, claim when it can; so a game ends in about 350 moves rather than 500."""
    state = game.state
    if state.phase == "flip" and not state.flips:
        memo["stop_at"] = rng.randint(2, 5)
    texts = [m.text for m in legal]
    if legal[0].chance:
        return rng.choice(legal)
    claims = [m for m in legal if m.text.startswith("claim")]
    if claims:
        return claims[0]
    if "repel" in texts:
        return legal[texts.index("repel")] if "bust" in texts or rng.random() < 0.3 else legal[texts.index("dock")]
    if "flip" in texts and "stop" in texts:
        return legal[texts.index("stop" if len(state.display) >= memo.get("stop_at", 3) else "flip")]
    takes = [m for m in legal if m.text.startswith("take")]
    if takes and rng.random() < 0.85:
        return rng.choice(takes)
    for word in ("pass", "end", "flip"):
        if word in texts:
            return legal[texts.index(word)]
    return rng.choice(legal)


def choose(title, game, legal, rng, memo):
    if title == "port-royal":
        return port_royal_choice(game, legal, rng, memo)
    if title == "el-capitan" and not legal[0].chance and rng.random() < 0.9:
        # the turn's action or `end` most of the time: about 900 moves instead of 5,000 (bench_el_capitan's
        # `table` player, leaning harder)
        acts = [m for m in legal if m.text.startswith(ACTION_WORDS)]
        legal = acts or legal
    return rng.choice(legal)


def plan(title, players, seed) -> list[str]:
    """A whole game chosen by a seeded table-like player among the legal moves (each is on exactly the page
    of the seat that may enter it: the test checks that before every tap)."""
    rng, memo = random.Random(seed), {}
    game = referee.new_game(title, players)
    while not game.finished:
        game.play(choose(title, game, game.legal_moves(), rng, memo).text)
    return list(game.moves)
