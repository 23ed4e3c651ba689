"""The card table (rules file 3.3-3.7): every checksum the rules file gives."""

from collections import Counter

from referee.core.tables import load_json
from referee.games.port_royal import cards as C


def _cards():
    return load_json("port-royal/cards.json")["cards"]


def test_totals():
    cards = _cards()
    assert sum(c["copies"] for c in cards) == 120
    kinds = Counter()
    for c in cards:
        kinds[c["kind"]] += c["copies"]
    assert kinds == {"person": 60, "ship": 50, "expedition": 6, "tax": 4}
    assert len({c["id"] for c in cards}) == len(cards)


def test_ship_checksums_3_3():
    expect = {"pinnace": ({1: 4, 2: 3, 4: 3}, 22), "flute": ({1: 4, 2: 3, 5: 3}, 22),
              "skiff": ({1: 4, 3: 3, 5: 3}, 22), "frigate": ({1: 3, 3: 3, 6: 2, "skull": 2}, 22),
              "galleon": ({2: 3, 4: 3, 7: 2, "skull": 2}, 22)}
    coins_all = 0
    for t, (swords, coins_total) in expect.items():
        ships = [c for c in _cards() if c["kind"] == "ship" and c["type"] == t]
        assert sum(c["copies"] for c in ships) == 10
        sw, co = Counter(), Counter()
        for c in ships:
            sw[c["swords"]] += c["copies"]
            co[c["coins"]] += c["copies"]
        assert dict(sw) == swords
        assert dict(co) == {1: 3, 2: 3, 3: 3, 4: 1}
        assert sum(c["coins"] * c["copies"] for c in ships) == coins_total
        assert {c["colour"] for c in ships} == {C.COLOUR_OF_TYPE[t]}
        coins_all += coins_total
    assert coins_all == 110


def test_person_checksums_3_5():
    persons = [c for c in _cards() if c["kind"] == "person"]
    assert sum(c["copies"] for c in persons) == 60
    assert sum(c["influence"] * c["copies"] for c in persons) == 83
    assert sum(c["cost"] * c["copies"] for c in persons) == 314
    assert sum(c["swords"] * c["copies"] for c in persons) == 16
    by_type, infl = Counter(), Counter()
    for c in persons:
        by_type[c["type"]] += c["copies"]
        key = c["id"].rsplit("-", 2)[0] if c["type"] == "trader" else c["type"]
        infl[key] += c["influence"] * c["copies"]
    assert by_type == {"trader": 10, "settler": 5, "captain": 5, "priest": 5, "jack": 3, "sailor": 10,
                       "pirate": 3, "mademoiselle": 4, "jester": 5, "admiral": 6, "governor": 4}
    assert infl == {"trader-yellow": 3, "trader-blue": 3, "trader-green": 2, "trader-red": 2, "trader-black": 2,
                    "settler": 5, "captain": 5, "priest": 5, "jack": 3, "sailor": 14, "pirate": 6,
                    "mademoiselle": 10, "jester": 10, "admiral": 13, "governor": 0}
    for c in persons:
        if c["symbols"]:
            assert c["influence"] == 1
    traders = Counter()
    for c in persons:
        if c["type"] == "trader":
            traders[c["colour"]] += c["copies"]
    assert traders == {"yellow": 2, "blue": 2, "green": 2, "red": 2, "black": 2}


def test_expeditions_and_taxes_3_6_3_7():
    exps = [c for c in _cards() if c["kind"] == "expedition"]
    assert sum(c["influence"] for c in exps) == 29
    assert sum(c["influence"] for c in exps if c["id"] != "expedition-ach") == 24
    assert sum(c["coins"] for c in exps) == 15
    assert sum(c["coins"] for c in exps if c["id"] != "expedition-ach") == 12
    for c in exps:
        assert c["id"] == "expedition-" + "".join(s[0] for s in c["symbols"])
        assert c["influence"] - len(c["symbols"]) > 0                       # E5
    taxes = {c["id"]: c["copies"] for c in _cards() if c["kind"] == "tax"}
    assert taxes == {"tax-swords": 2, "tax-influence": 2}


def test_descriptions_show_ship_type_and_colour():
    assert C.DESCRIBE[C.INDEX["flute-2-3"]] == "Flute (blue), 2 swords, 3 coins"
    assert C.DESCRIBE[C.INDEX["galleon-skull-4"]] == "Galleon (black), skull, 4 coins"
    assert C.DESCRIBE[C.INDEX["trader-green-3-1"]] == "Trader (green, Skiff), cost 3, 1 influence"
