"""The site in a real headless browser (Debian's chromium driven by Playwright): every page loads with no
console error and no request leaving the folder, the replay's step control walks each title's whole game,
the keyboard works, and phone-width screenshots are taken.

CI installs chromium; elsewhere these tests skip when no browser is found, unless REFEREE_REQUIRE_BROWSER=1
(set by .ci/run for the run that drives the browser) makes a missing browser a failure. REFEREE_BROWSER=0
skips them in the other runs.
"""

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from .test_build import site_db, site_store  # noqa: F401 (fixtures)


def _chromium() -> str | None:
    for candidate in (os.environ.get("REFEREE_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


@pytest.fixture(scope="module")
def browser():
    if os.environ.get("REFEREE_SIMULATE") == "windows":
        pytest.skip("the simulated-Windows run removes what a real browser driver needs (signals, pipes)")
    if os.environ.get("REFEREE_BROWSER") == "0":
        pytest.skip("REFEREE_BROWSER=0: .ci/run drives the browser in one of its runs, not in every one")
    path = _chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    if path is None or sync_playwright is None:
        if os.environ.get("REFEREE_REQUIRE_BROWSER") == "1":
            pytest.fail("REFEREE_REQUIRE_BROWSER=1 but chromium or playwright is missing")
        pytest.skip("no chromium/playwright here (CI installs them)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture(scope="module")
def site(site_db, tmp_path_factory):  # noqa: F811
    from referee.cli import cli

    out = tmp_path_factory.mktemp("web") / "site"
    result = CliRunner().invoke(cli, ["--db", str(site_db), "site", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


def open_page(browser, url, width=1024):
    page = browser.new_page(viewport={"width": width, "height": 900})
    problems, requests = [], []
    page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("request", lambda r: requests.append(r.url))
    page.goto(url)
    return page, problems, requests


def test_every_page_loads_without_errors_and_requests_nothing_outside(browser, site):
    prefix = site.resolve().as_uri()
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 15
    for path in pages:
        page, problems, requests = open_page(browser, path.resolve().as_uri())
        assert problems == [], (path, problems)
        outside = [u for u in requests if not u.startswith(prefix)]
        assert outside == [], (path, outside)
        assert page.title()
        page.close()


def replay_pages(site):
    return [p for p in sorted((site / "plays").glob("*.html")) if 'id="replay-data"' in p.read_text("utf-8")]


def test_the_step_control_walks_each_title_from_first_move_to_the_result(browser, site):
    titles = set()
    for path in replay_pages(site):
        page, problems, _ = open_page(browser, path.resolve().as_uri())
        total = int(page.get_attribute("#step", "max"))
        assert page.inner_text("#status") == "Start of the game"
        pieces_at_start = page.evaluate("document.getElementById('board').childElementCount")
        assert pieces_at_start > 0
        # click Next through the whole game; at every step the status names that move
        checked = page.evaluate("""(total) => {
            const data = JSON.parse(document.getElementById('replay-data').textContent);
            const next = document.querySelector('[data-step=next]');
            for (let n = 1; n <= total; n++) {
                next.click();
                const status = document.getElementById('status').textContent;
                if (!status.endsWith(': ' + data.labels[n - 1]) || !status.includes(' ' + n + ' ')) {
                    return 'step ' + n + ': ' + status;
                }
                const events = [...document.querySelectorAll('#events li')].map(li => li.textContent);
                if (JSON.stringify(events) !== JSON.stringify(data.events[n])) { return 'events at ' + n; }
            }
            return total;
        }""", total)
        assert checked == total
        assert page.input_value("#step") == str(total)
        # the last frame equals the final board drawn whole by the server side
        final = page.evaluate("document.getElementById('board').childElementCount")
        assert final > 0
        # going back by the keyboard
        page.focus("[data-step=prev]")
        page.keyboard.press("ArrowLeft")
        assert page.input_value("#step") == str(total - 1)
        page.keyboard.press("Home")
        assert page.input_value("#step") == "0"
        page.keyboard.press("End")
        assert page.input_value("#step") == str(total)
        assert problems == []
        titles.add(page.inner_text("h1").split(",")[0])
        page.close()
    assert titles == {"Port Royal", "Puerto Rico", "Carcassonne", "El Capitan"}


def test_the_final_frame_is_the_final_board(browser, site, four_games):
    """The pieces the page holds after the last step are exactly the board drawn from the finished game."""
    import json
    import re

    from referee.club.site.boards import frame

    for path in replay_pages(site):
        page, _, _ = open_page(browser, path.resolve().as_uri())
        page.click("[data-step=last]")
        text = path.read_text("utf-8")
        data = json.loads(re.search(r'id="replay-data">(.*?)</script>', text, re.S).group(1))
        game = next(g for g in four_games.values() if g.moves == data["moves"])
        expected = len(frame(game.game, game.view()))
        assert page.evaluate("document.getElementById('board').childElementCount") == expected
        page.close()


def test_phone_width_screenshots(browser, site, tmp_path):
    shots = []
    for path in (site / "index.html", replay_pages(site)[0]):
        page, problems, _ = open_page(browser, path.resolve().as_uri(), width=390)
        # nothing wider than the phone: the page does not scroll sideways
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        out = tmp_path / f"{path.stem}-phone.png"
        page.screenshot(path=str(out), full_page=True)
        assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        shots.append(out)
        assert problems == []
        page.close()
    assert len(shots) == 2
