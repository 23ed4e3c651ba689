"""The serve pane's join address at 80x24: never broken inside the seat token (a person may type it)."""

import re
from types import SimpleNamespace

import pytest

from referee.i18n import using
from referee.ui.serving import Serving

pytest.importorskip("qrcode")


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("address", ["192.0.2.2", "192.168.100.123"])
def test_the_address_breaks_after_j_never_inside_the_token(lang, address):
    token = "OB49I6L0AkvqunvP34dYkg"
    serving = Serving(table=None)
    url = f"http://{address}:8023/j/{token}"
    serving.served = SimpleNamespace(links={"url": url}, loopback=f"http://127.0.0.1:8023/j/{token}")
    serving.console = SimpleNamespace(seats_line=lambda: "Seats: Ann (free), Bob (free)")
    with using(lang):
        pane = serving.pane_ansi(80, 21)
    lines = [re.sub(r"\x1b\[[0-9;]*m", "", line).replace("▀", "").strip() for line in pane.splitlines()]
    assert "▀" in pane                                   # the code fits beside the text
    assert any(line.endswith(f"{address}:8023/j/") or line == url for line in lines), lines
    assert sum(line.count(token) for line in lines) == 2, lines   # the join link and the laptop's, each whole
    assert all(len(line) <= 80 for line in pane.splitlines() if "\x1b" not in line)
