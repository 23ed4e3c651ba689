"""The quicker ways a big import takes (issue 25 item 4, replay5) must say exactly what the old ways said.
Each is held against the way it replaced, on the same inputs:

- a record laid out as written is replayed from its move texts alone (core/record.py, read_laid_out):
  damaged records are refused with the same message, line and move numbers included, as when read line by
  line;
- an ASCII text's hidden characters are found from its bytes (core/validate.first_hidden): the same
  character as the walk over every character, or none;
- move records waiting to be stored are spooled to an unnamed temporary file, or held packed when that
  file cannot be written (club/formats/parsed.Records): the same texts back either way;
- Port Royal asks whether a player can take any card, or a given one, without listing them all
  (found.can_take, found.may_take): the same answers as takeable() at every position of random games;
- a game's players, checked once, pass again without the checks (club/log/native._check_native): a table
  that fails is refused with the same message before and after others passed;
- (import6) a laid-out line's number is found cut by removeprefix's identity, not by startswith: the same
  moves, or None, either way; the quick look at a document finds a long number by its ASCII digits made
  zeros by a byte table, not by a regular expression: check_tree refuses and accepts exactly what the walk
  does; Port Royal asks whether an expedition can be paid (found.can_pay) without listing the ways.
"""

from __future__ import annotations

import random

import pytest

import referee
from referee.core.errors import BadInput, RefereeError
from referee.core.record import load_record


# --- the replay of a laid-out record ---------------------------------------------------------------
def _outcome(record: str):
    try:
        game = load_record(record)
        return ("accepted", game.moves, game.finished)
    except RefereeError as err:
        return (type(err).__name__, str(err))


def _damaged(record: str, rng: random.Random, texts: list[str]) -> str:
    head, _, body = record.partition("\n\n")
    lines = body[:-1].split("\n")
    i = rng.randrange(len(lines))
    number = lines[i].partition(".")[0]
    how = rng.randrange(4)
    if how == 0:
        lines[i] = f"{number}. {rng.choice(texts)}   ; someone"
    elif how == 1 and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]      # numbers out of turn: read line by line
    elif how == 2:
        lines = lines[:i]
    else:
        lines[i] = f"{number}. {lines[i].partition('.')[2].partition(';')[0].strip()}x"
    return head + "\n\n" + "\n".join(lines) + "\n"


@pytest.mark.parametrize("title,n", [("port-royal", 2), ("port-royal", 4), ("carcassonne", 2),
                                     ("el-capitan", 3), ("puerto-rico", 3)])
def test_a_laid_out_record_is_refused_as_when_read_line_by_line(title, n, monkeypatch):
    import referee.core.record as record_module

    rng = random.Random(11)
    cases = []
    for seed in range(4):
        game = referee.new_game(title, [f"P{i}" for i in range(1, n + 1)])
        r = random.Random(seed)
        while not game.finished and len(game.moves) < 300:
            game.play(r.choice(game.legal_moves()).text)
        record = game.to_record(id="abc234")
        texts = sorted(set(game.moves)) + ["flip", "pass", "nonsense"]
        cases.append(record)
        cases += [_damaged(record, rng, texts) for _ in range(15)]
    laid_out = [record_module.read_laid_out(text) is not None for text in cases]
    assert sum(laid_out) > len(cases) // 2          # the quick way is taken, not only declined
    fast = [_outcome(text) for text in cases]
    import referee.core.record_text as text_module

    for module in (record_module, text_module):     # every record line by line
        monkeypatch.setattr(module, "read_laid_out", lambda text: None)
    slow = [_outcome(text) for text in cases]
    for text, a, b in zip(cases, fast, slow):
        assert a == b, text
    assert sum(1 for a in slow if a[0] != "accepted") > len(cases) // 3


# --- hidden characters of ASCII text ---------------------------------------------------------------
def test_first_hidden_of_ascii_text_is_the_walks_answer():
    from referee.core.validate import _LINE_ALLOW, first_hidden, hidden

    rng = random.Random(5)
    alphabet = [chr(i) for i in range(128)]
    for allow in (_LINE_ALLOW, "\n\t", "\t", "\x85\n"):
        for _ in range(3000):
            text = "".join(rng.choice(alphabet) if rng.random() < 0.05 else rng.choice("ab ;.\n")
                           for _k in range(rng.randrange(1, 40)))
            walk = None if text.isprintable() else next(
                (ch for ch in text if ch not in allow and hidden(ch)), None)
            assert first_hidden(text, allow=allow) == walk, (text, allow)


# --- records spooled, or held packed ---------------------------------------------------------------
def test_records_read_back_alike_spooled_or_packed(monkeypatch):
    from referee.club.formats import parsed

    rng = random.Random(2)
    texts = {f"g{i}": "".join(rng.choice("ab\n;é€\U0001f600 ") for _ in range(rng.randrange(0, 3000)))
             for i in range(40)}
    spooled = parsed.Records()
    for gid, text in texts.items():
        spooled[gid] = text
    assert {gid: spooled[gid] for gid in texts} == texts
    assert all(spooled.encoded(gid) == text.encode("utf-8") for gid, text in texts.items())

    real_put, puts = parsed._Spool.put, [0]

    def put(self, data):        # the temp disk fills up at the 7th record
        puts[0] += 1
        if puts[0] >= 7:
            raise OSError(28, "No space left on device")
        return real_put(self, data)

    monkeypatch.setattr(parsed._Spool, "put", put)
    mixed = parsed.Records()
    for gid, text in texts.items():
        mixed[gid] = text
    assert puts[0] == 7     # after the failure the rest are held packed, the spool not tried again
    taken = parsed.Records()
    for gid in reversed(list(texts)):
        taken.take(gid.upper(), mixed, gid)
    assert {gid: mixed[gid] for gid in texts} == texts
    assert {gid: taken[gid.upper()] for gid in texts} == texts
    assert list(mixed) == list(texts) and len(mixed) == len(texts) and "g3" in mixed and "G3" not in mixed


# --- Port Royal: can a player take a card --------------------------------------------------------------
@pytest.mark.parametrize("n,options", [(2, {}), (3, {"must-take": True}), (5, {"coin-faces": True})])
def test_can_take_and_may_take_answer_as_takeable(n, options):
    from referee.games.port_royal.cards import N
    from referee.games.port_royal.found import can_take, may_take

    checked = 0
    for seed in range(6):
        game = referee.new_game("port-royal", [f"P{i}" for i in range(1, n + 1)], dict(options))
        rules, rng = game.rules, random.Random(seed)
        while not game.finished:
            s = game.state
            for p in range(n):
                takes = rules.takeable(s, p)
                assert can_take(s, p) == bool(takes)
                assert [c for c in range(N) if may_take(s, p, c)] == sorted(takes)
                checked += 1
            game.play(rng.choice(game.legal_moves()).text)
    assert checked > 1000


# --- a game's players checked once ---------------------------------------------------------------------
def test_a_table_that_passed_does_not_let_another_pass(monkeypatch):
    from referee.club.log import native

    monkeypatch.setattr(native, "_GOOD_TABLES", set())
    game = referee.new_game("port-royal", ["Ann", "Bob"])
    rng = random.Random(1)
    while not game.finished:
        game.play(rng.choice(game.legal_moves()).text)
    from referee.club.formats.export import export_json
    from referee.session import archive_doc
    import json

    item = json.loads(export_json([archive_doc("abc234", game, {})], {"abc234": game.to_record(id="abc234")}))
    item = item["games"][0]
    bad = [dict(item, players=["Ann", "ann"]), dict(item, players=["Ann", "Bob\u202e"]),
           dict(item, players=["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]), dict(item, players=["Ann", "Bob "]),
           dict(item, players=["Ann"])]

    def said(doc):
        try:
            native._check_native(doc, "f: games[0]", replay=False)
            return "accepted"
        except BadInput as err:
            return str(err)

    before = [said(doc) for doc in bad]
    assert "accepted" not in before
    assert said(item) == "accepted" and native._GOOD_TABLES        # its table is kept as good
    assert [said(doc) for doc in bad] == before


# --- import6: a line's number cut, the quick look's long numbers, an expedition's payment ----------------
def test_a_line_number_cut_by_identity_reads_as_startswith(monkeypatch):
    import referee.core.record_text as rt

    assert rt._SAME_WHEN_UNCUT      # (CPython: the quick way is the one taken)
    rng = random.Random(4)
    pieces = ["1.", "2.", "3.", "12.", "flip", " take x ", "; Ann", ";", ".", " ", "", "\t", "01.", "1.;", "é"]
    bodies = []
    for _ in range(3000):
        lines = [f"{i}.{rng.choice(['', ' ', '   '])}{rng.choice(['flip', 'take a', 'x;y', ''])}"
                 f"{rng.choice(['', '  ; Ann', ';'])}" for i in range(1, rng.randrange(1, 6))]
        if lines and rng.random() < 0.6:
            i = rng.randrange(len(lines))
            lines[i] = "".join(rng.choice(pieces) for _k in range(rng.randrange(0, 4)))
        bodies.append(lines)
    quick = [rt._laid_out(list(lines)) for lines in bodies]
    monkeypatch.setattr(rt, "_SAME_WHEN_UNCUT", False)
    asked = [rt._laid_out(list(lines)) for lines in bodies]
    assert quick == asked
    assert sum(q is not None for q in quick) > 300 and sum(q is None for q in quick) > 300


def _tree_outcome(doc):
    from referee.core.validate import check_tree

    try:
        check_tree(doc, "f: games[0]", multiline=("notes", "record", "location"))
        return "accepted"
    except BadInput as err:
        return str(err)


def test_the_quick_look_at_numbers_answers_as_the_walk(monkeypatch):
    from referee.core import validate

    rng = random.Random(8)
    numbers = [10 ** 15, 10 ** 15 + 1, -10 ** 15, -10 ** 15 - 1, 10 ** 14, 999_999_999_999_999, 10 ** 16,
               1234567890123456.5, 1e16, 1e300, 0.1, 7, -3]
    texts = ["2026-11-29", "1234567890123456", "x 12345678901234567 y", "\u0663" * 17, "١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦٧",
             "Club", "a\u202eb", "line\nbreak", "tab\there"]
    docs = []
    for _ in range(400):
        doc = {"id": "abc234", "players": ["Ann", rng.choice(texts)],
               "result": {"ranking": [{"player": "Ann", "total": rng.choice(numbers),
                                       "breakdown": {rng.choice(texts): rng.choice(numbers)}}]},
               "notes": rng.choice(texts), "record": "1. flip ; Ann\n" + rng.choice(texts)}
        docs.append(doc)
    quick = [_tree_outcome(doc) for doc in docs]
    assert validate._plainly_sound({"total": 10 ** 14, "date": "2026-11-29"})
    assert not validate._plainly_sound({"total": 10 ** 15 + 1})
    monkeypatch.setattr(validate, "_plainly_sound", lambda obj: False)     # every document walked
    walked = [_tree_outcome(doc) for doc in docs]
    assert quick == walked
    assert "accepted" in quick and any(q != "accepted" for q in quick)


def test_can_pay_answers_as_the_ways_listed():
    from itertools import product

    from referee.games.port_royal.cards import N_STATS, REQUIRE, S_ANCHOR, S_CROSS, S_HOUSE, S_JOKER
    from referee.games.port_royal.expeditions import combos
    from referee.games.port_royal.found import can_pay

    for req in set(REQUIRE) | set(product(range(3), repeat=3)):
        for h, a, c, j in product(range(4), repeat=4):
            stats = [0] * N_STATS
            stats[S_HOUSE], stats[S_ANCHOR], stats[S_CROSS], stats[S_JOKER] = h, a, c, j
            assert can_pay(req, stats) == bool(combos(req, stats)), (req, stats)
