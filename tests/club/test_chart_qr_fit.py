"""Issue 22 item 8 (QR part): `referee qr`'s terminal drawing fits 80x24 where it can, with the same text."""

from referee.club.formats.qr import make_qr, render_text
from referee.club.formats.qr_fit import make_fitting

# a two-player result: at error-correction M it draws 25 lines, one more than a 24-line screen
PAYLOAD = "referee result v1\nid: g-0001\ngame: port-royal\ndate: 2026-11-28\n1. Jana 12*\n2. Petr 9\nx: abcdefgh\n"
LONG = "referee result v1\n" + "".join(f"{k}. Hráčka číslo {k} Nováková {60 - k}\n" for k in range(1, 7))


def test_the_drawing_fits_24_lines_and_80_columns_with_the_same_text():
    assert len(render_text(make_qr(PAYLOAD), ansi=False).splitlines()) > 23     # too tall before
    qr, lines, fits = make_fitting(PAYLOAD, rows=24)
    drawn = render_text(qr, ansi=False).splitlines()
    assert fits and len(drawn) == lines <= 23
    assert max(len(line) for line in drawn) <= 80
    assert set("".join(drawn)) <= set(" ▀▄█")          # half blocks: two module rows a line
    assert b"".join(d.data for d in qr.data_list) == PAYLOAD.encode("utf-8")


def test_a_short_code_keeps_error_correction_m():
    import qrcode

    qr, lines, fits = make_fitting("referee result v1\nid: g-1\n", rows=24)
    assert fits and qr.error_correction == qrcode.constants.ERROR_CORRECT_M


def test_too_long_for_the_screen_is_said():
    qr, lines, fits = make_fitting(LONG, rows=24)
    assert not fits and lines > 23


def test_qr_through_the_cli_fits_or_says_how_to_get_the_png(cli, store, monkeypatch):
    from .conftest import play_tracked

    gid = play_tracked(store)
    monkeypatch.setenv("LINES", "24")
    monkeypatch.setenv("COLUMNS", "80")
    r = cli("qr", gid)
    drawn = [line for line in r.stdout.splitlines() if line.strip(" ▀▄█") == ""]
    if len(drawn) <= 23:
        assert "--png" not in r.stderr
    else:
        assert f"referee qr {gid} --png FILE" in r.stderr
    monkeypatch.setenv("LINES", "10")                # a tiny screen: nothing fits, the way out is said
    r = cli("qr", gid)
    assert r.exit_code == 0 and f"referee qr {gid} --png FILE" in r.stderr
    monkeypatch.setenv("LINES", "10")
    r = cli("--lang", "cs", "qr", gid)
    assert r.exit_code == 0 and f"referee qr {gid} --png FILE" in r.stderr and "terminál" in r.stderr


# --- rating chart ------------------------------------------------------------------------------------
import re  # noqa: E402

import pytest  # noqa: E402

from referee.club.stats import charts  # noqa: E402


def _history(n):
    return {f"Hráč {k}": [{"date": f"2026-0{m}-1{k}", "rating": 20 + k + m} for m in range(1, 8)]
            for k in range(n)}


@pytest.mark.parametrize("n", [2, 6, 10])
def test_rating_chart_marker_per_player_legend_below_dates_on_axis(n, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    h = _history(n)
    text = charts.rating(h, list(h), title="Rating", width=80, height=20)
    assert "\x1b[" not in text                                   # NO_COLOR respected
    lines = text.rstrip("\n").splitlines()
    assert max(len(line) for line in lines) <= 80
    bottom = max(i for i, line in enumerate(lines) if "└" in line)
    plot, below = "\n".join(lines[:bottom]), "\n".join(lines[bottom + 1:])
    for k in range(n):                                           # each player: own marker, in the data and legend
        marker = charts.MARKERS[k]
        assert marker in plot
        assert f"{marker} Hráč {k}" in below
    assert "Hráč" not in plot                                    # the legend is not over the data
    assert re.search(r"2026-0\d-1\d", below)                     # dates on the axis


def test_rating_chart_in_colour_gives_each_player_a_colour(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    h = _history(3)
    text = charts.rating(h, list(h), title="Rating", width=80, height=20)
    for code in charts.COLOURS[:3]:
        assert f"38;5;{code}m" in text
