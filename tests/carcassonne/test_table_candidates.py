"""The candidates for a drawn tile at the full-screen table (issue 22 item 4): typing the edges of a tile
that several tiles in the bag show puts the candidates on the screen as pictures, in the display language;
typing one back draws exactly that tile."""

import pytest

from referee import i18n, session
from referee.store import Store

from tests.ui.screen import Driver


@pytest.mark.parametrize("lang, edges, pick, shown", [
    ("cs", "táhnout cffc", "město sever a město západ", "město sever-západ s erbem"),
    ("en", "draw cffc", "city n and city w", "city n-w with wine"),
])
def test_the_candidates_are_on_the_screen_and_one_typed_back_is_drawn(db, lang, edges, pick, shown):
    with i18n.using(lang):
        store = Store(db)
        tracked = session.create(store, "carcassonne", ["Ann", "Bob"])
        d = Driver(store, tracked)
        seen = {}

        async def script(d):
            await d.keys(edges + "\r")
            seen["refused"] = " ".join(" ".join(d.rows).split())
            await d.keys("\x15" + pick + "\r")          # Ctrl-U: the refused entry is kept for correction
            seen["after"] = d.rows

        d.run(script)
        assert shown in seen["refused"] and pick in seen["refused"], seen["refused"]
        stored = session.open_game(store, tracked.id).game            # what is on disk
        assert stored.moves == ["draw b:i"]
