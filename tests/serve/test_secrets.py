"""Issue 23 item 5: nothing sent to one seat (or a watcher) holds another seat's secret(), in any title, any
position, either language: the state body (the stream's events are that body; its board, groups, labels and
events keys included), the page, and the refusals a seat can provoke (another seat's move, a move the rules
refuse, a stale version, an undo that is not theirs).

What is secret follows each game's Czech rulebook (../shared/seeds): Puerto Rico's VP chips lie face down
("Žetony s vítěznými body smějí být ... otočeny rubem nahoru"); in El Capitan the money lies open ("Během hry
nechávají hráči své peníze viditelné všem ostatním hráčům") and the voyage cards are bought from the open
display into the hand in everyone's sight, so nothing of a seat is hidden from the others; Port Royal's coins
are cards whose face nobody looks at, their owner included (nothing one seat knows and another does not);
Carcassonne's drawn tile is shown to all. So only Puerto Rico has a secret(), and the others must stay None.
"""

import json
import random
from types import SimpleNamespace

from hypothesis import HealthCheck, given, settings, strategies as st

import referee
from referee.serve.page import seat_page
from referee.serve.app import apply_entry, apply_undo
from referee.serve.payload import state, version

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
    # the refusals this seat can provoke; none of them stores anything (no store is given)
    hub = SimpleNamespace(tracked=SimpleNamespace(game=game), store=None)
    found = ("seat", seat) if seat else ("watch", None)
    theirs_now = [m["text"] for m in state(game, other, lang)["legal"]]
    tries = ([data.draw(st.sampled_from(theirs_now), label="their move")] if theirs_now else []) + ["zzz nonsense"]
    for text in tries:
        status, answer = apply_entry(hub, found, text, version(game), lang)
        assert status in (403, 422), (status, text)
        sent += json.dumps(answer, ensure_ascii=False)
    sent += json.dumps(apply_entry(hub, found, "zzz", "0-stale", lang)[1], ensure_ascii=False)
    if not body["undo"]:
        status, answer = apply_undo(hub, found, version(game), lang)
        assert status == 403
        sent += json.dumps(answer, ensure_ascii=False)
    from referee.i18n import using

    with using(lang):
        theirs = game.secret(other)
        mine = game.secret(seat) if seat else None
    if title != "puerto-rico":
        assert theirs is None and mine is None        # the seeds hide nothing of a seat in these (above)
    if theirs is not None and theirs != mine and not game.finished:
        assert theirs not in sent
    if seat is None:
        assert body["secret"] is None
    else:
        assert body["secret"] == mine
