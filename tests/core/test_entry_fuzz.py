"""play_entry on random lines at random positions of real games: a line is applied whole or not at all, the
moves it applied are exactly the moves appended, and every refusal is one RefereeError sentence."""

import random

import pytest

import referee
from referee.core.entry import play_entry
from referee.core.errors import RefereeError

WORDS = {
    "port-royal": ["flip", "f", "stop", "s", "pass", "p", "take", "repel", "dock", "bust", "claim", "end", "2",
                   "3", "1", "sailor", "blue", "skull", "aa", "tax", "swords", "námořník", "barka", "then", ",",
                   "ann", "bob", "daně", "šavle", "otoč", "nic", "expedice", "jack"],
    "puerto-rico": ["reveal", "corn", "indigo", "sugar", "coffee", "quarry", "take", "place", "build", "sell",
                    "load", "keep", "ok", "pass", "p", "q", "2", "6", "builder", "mayor", "captain", "settler",
                    "hacienda", "small-market", "malý", "cukrovar", "kukuřice", "then", ",", "no-hospice"],
}


@pytest.mark.parametrize("title", sorted(WORDS))
def test_random_lines_are_all_or_nothing(title):
    rng = random.Random(13)
    for _game in range(2):
        g = referee.new_game(title, ["Ann", "Bob", "Cal"])
        while not g.finished and len(g.moves) < 200:
            for _try in range(3):
                legal = [m.text for m in g.legal_moves()]
                pool = WORDS[title] + [w for t in legal for w in t.split()]
                line = " ".join(rng.choice(pool) for _ in range(rng.randint(1, 6)))
                before, record = list(g.moves), g.to_record()
                try:
                    played = play_entry(g, line)
                except RefereeError as err:
                    assert str(err) and "\n" not in str(err)
                    assert g.moves == before and g.to_record() == record, line
                    continue
                assert played and g.moves == before + [m.text for m in played], line
                g.check()
            if not g.finished:
                g.play(rng.choice(g.legal_moves()).text)
