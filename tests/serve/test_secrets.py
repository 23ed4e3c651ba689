"""Issue 23 item 5: nothing sent to one seat (or a watcher) holds another seat's secret(), in any title, any
position, either language: the state body, the page, and the stream's first event."""

import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

import referee
from referee.serve.page import seat_page
from referee.serve.payload import state

GAMES = {"puerto-rico": ["Ann", "Bob", "Cal", "Dan"], "el-capitan": ["Ann", "Bob", "Cal"],
         "carcassonne": ["Ann", "Bob", "Cal"], "port-royal": ["Ann", "Bob", "Cal"]}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10**6), steps=st.integers(0, 150),
       lang=st.sampled_from(["en", "cs"]), data=st.data())
def test_no_seat_is_sent_another_seats_secret(title, seed, steps, lang, data):
    players = GAMES[title]
    game = referee.new_game(title, players)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.finished:
            break
        game.play(rng.choice(game.legal_moves()).text)
    seat = data.draw(st.sampled_from(players + [None]), label="seat")
    other = data.draw(st.sampled_from([p for p in players if p != seat]), label="other")
    body = state(game, seat, lang)
    sent = json.dumps(body, ensure_ascii=False) + seat_page(body, lang)
    from referee.i18n import using

    with using(lang):
        theirs = game.secret(other)
        mine = game.secret(seat) if seat else None
    if theirs is not None and theirs != mine and not game.finished:
        assert theirs not in sent
    if seat is None:
        assert body["secret"] is None
    else:
        assert body["secret"] == mine
