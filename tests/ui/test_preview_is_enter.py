"""Issue 22 item 5: the live preview says exactly what Enter will do. The preview (ui/preview.py) and Enter
(session.enter) both read an entry with core.entry.play_entry; here, for every game, random entries made of
the legal moves' labels in Czech and English (one move, two said in one breath, a player's name before
them) and mutations of them (a word dropped, doubled, swapped, cut short, a stray word) are previewed and
then entered: the preview's verdict (→ the moves / ✗ the refusal / … Tab completes) is what Enter does."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import referee
from referee.core.entry import play_entry
from referee.core.errors import RefereeError
from referee.core.labels import many, of
from referee.i18n import using
from referee.ui.preview import _preview

from .test_whole_games import NAMES, table_choice

GAMES = [("port-royal", 3), ("puerto-rico", 3), ("el-capitan", 3), ("carcassonne", 2)]
AT = (0, 7, 25, 60)         # positions: moves into a table-like game (a short log: Enter's undo replays it)

_positions: dict = {}


def positions(game_id: str, n: int) -> list:
    if game_id not in _positions:
        rng = random.Random(22)
        game = referee.new_game(game_id, NAMES[:n], {})
        found = []
        while not game.finished and len(game.moves) <= max(AT):
            if len(game.moves) in AT:
                found.append(list(game.moves))
            game.play(table_choice(game.legal_moves(), rng).text)
        _positions[game_id] = found
    return _positions[game_id]


def at(game_id: str, n: int, moves: list):
    game = referee.new_game(game_id, NAMES[:n], {})
    for text in moves:
        game.play(text)
    return game


def _mutate(words: list[str], how: int, rng: random.Random) -> list[str]:
    if not words:
        return words
    i = rng.randrange(len(words))
    if how == 0:
        return words[:i] + words[i + 1:]                      # a word dropped
    if how == 1:
        return words[:i + 1] + [words[i]] + words[i + 1:]     # a word said twice
    if how == 2 and len(words) > 1:
        j = rng.randrange(len(words))
        words = list(words)
        words[i], words[j] = words[j], words[i]               # two words swapped
        return words
    if how == 3:
        return words[:i] + [words[i][: max(1, len(words[i]) // 2)]] + words[i + 1:]   # a word cut short
    return words[:i] + [rng.choice(["x", "then", "a", "pak", ",", "42", "sever", "wharf"])] + words[i:]


def entry_for(game, data, lang: str) -> str:
    """One entry as a player might type it in this position."""
    legal = game.legal_moves()
    first = data.draw(st.sampled_from(legal), label="move")
    with using(lang):
        said = [of(game, first)]
        if data.draw(st.booleans(), label="two moves"):
            game.play(first.text)                             # a second move said in the same breath
            try:
                if not game.finished:
                    said.append(of(game, data.draw(st.sampled_from(game.legal_moves()), label="second")))
            finally:
                game.undo(1)
    sep = data.draw(st.sampled_from([" ", ", ", " then ", " a "]), label="between")
    text = sep.join(said)
    if data.draw(st.booleans(), label="named"):
        text = data.draw(st.sampled_from(game.players), label="who") + " " + text
    if data.draw(st.booleans(), label="mutated"):
        rng = random.Random(data.draw(st.integers(0, 2**16), label="seed"))
        text = " ".join(_mutate(text.split(), data.draw(st.integers(0, 4), label="how"), rng))
    return text


def check(game, text: str, lang: str) -> None:
    with using(lang):
        shown = _preview(game, text)
        before = list(game.moves)
        try:
            moves = play_entry(game, text)          # what session.enter does on Enter
        except RefereeError as err:
            assert game.moves == before
            assert shown == f"✗ {err}" or shown.startswith("… "), (text, shown, str(err))
            return
        said = ", ".join(many(game, moves))
        game.undo(len(moves))
        assert game.moves == before
        assert shown == f"→ {said}" or shown.startswith(f"→ {said}: "), (text, shown, [m.text for m in moves])


@pytest.mark.parametrize("game_id,n", GAMES)
@pytest.mark.parametrize("lang", ["cs", "en"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_the_preview_says_what_enter_does(game_id, n, lang, data):
    moves = data.draw(st.sampled_from(positions(game_id, n)), label="position")
    game = at(game_id, n, moves)
    if game.finished:
        return
    check(game, entry_for(game, data, lang), lang)


def test_el_capitan_buy_and_sail_in_one_breath_is_previewed_as_played():
    """The issue's repro: 'koupit Valencie 2 1 plout Valencie 2 1' previewed a red 'card not face up (T3)'
    (the whole line read as one move) while Enter played the two moves."""
    rng = random.Random(0)
    game = referee.new_game("el-capitan", NAMES[:3], {})
    for _ in range(11):
        game.play(table_choice(game.legal_moves(), rng).text)
    buy = next(m for m in game.legal_moves() if m.text.startswith("buy"))
    game.play(buy.text)
    sail = next(m for m in game.legal_moves() if m.text.startswith("sail"))
    game.undo(1)
    for lang in ("cs", "en"):
        with using(lang):
            game.play(buy.text)
            text = f"{of(game, buy)} {of(game, sail)}"
            game.undo(1)
            shown = _preview(game, text)
            assert shown.startswith("→ " + ", ".join(many(game, [buy, sail]))), (text, shown)
        check(game, text, lang)


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_at_the_table_the_green_preview_is_what_enter_plays(db, lang):
    """The repro at the 80x24 table: typed, the line is previewed in green as the two moves (not a red
    refusal); Enter stores exactly those two."""
    from referee import session
    from referee.store import Store

    from .screen import Driver

    rng = random.Random(0)
    store = Store(db)
    t = session.create(store, "el-capitan", NAMES[:3], {})
    for _ in range(11):
        session.play(store, t, table_choice(t.game.legal_moves(), rng).text)
    game = t.game
    buy = next(m for m in game.legal_moves() if m.text.startswith("buy"))
    game.play(buy.text)
    sail = next(m for m in game.legal_moves() if m.text.startswith("sail"))
    with using(lang):
        text = f"{of(game, buy)} {of(game, sail)}"
        game.undo(1)
        said = ", ".join(many(game, [buy, sail]))
    before = list(t.game.moves)
    d = Driver(store, t)

    async def script(d):
        with using(lang):
            await d.keys(text)
            area = d.table.area_rows()
            shown = " ".join(" ".join(d.rows[23 - area:23]).split())
            assert shown.startswith("→ " + said), d.rows
            row = next(i for i in range(23 - area, 23) if d.rows[i].startswith("→"))
            assert d.screen.screen.buffer[row][0].fg == "green"
            await d.keys("\r")
    with using(lang):
        d.run(script)
    assert store.read_live(t.id)["moves"] == before + [buy.text, sail.text]
