"""view(), prompt() and render(): the public state the table and `show --json` rely on."""

import json

from .helpers import flip, give, new, play, set_coins


def test_view_is_json_and_complete():
    g = new(4)
    give(g, "Bob", "governor-8-0", "sailor-3-1")
    flip(g, "expedition-aa", "sailor-5-2", "flute-2-3")
    v = json.loads(json.dumps(g.view()))
    for key in ("display", "expedition_area", "players", "draw_pile", "discard_pile", "phase", "active",
                "to_move", "last_events", "end"):
        assert key in v
    bob = v["players"][1]
    assert bob == {"name": "Bob", "coins": 3, "influence": 1, "swords": 1,
                   "persons": {"governor-8-0": 1, "sailor-3-1": 1}, "expeditions": [], "governors": 1,
                   "mademoiselles": 0, "admirals": 0, "jesters": 0}
    assert v["display"] == ["sailor-5-2", "flute-2-3"] and v["expedition_area"] == ["expedition-aa"]
    assert v["last_events"] == ["Ann flips Flute (blue), 2 swords, 3 coins.", "The Flute (blue) docks in the harbour."]


def test_prompts():
    g = new(3)
    assert g.prompt() == "Ann: flip the first card"
    play(g, "flip")
    assert g.prompt() == "Chance: which card did Ann flip? (110 in the draw pile)"
    play(g, "flute-1-1")
    assert g.prompt() == "Ann: flip, or stop (1 card in the harbour, 1 colour)"
    set_coins(g, "Bob", 4)
    play(g, "stop", "pass")
    assert g.prompt() == "Bob takes a card (1 of 1, 4 coins) or passes"


def test_render_shows_ship_type_colour_and_players():
    from rich.console import Console

    g = new(3)
    give(g, "Ann", "trader-blue-3-1")
    flip(g, "expedition-cch", "flute-2-3", "sailor-3-1")
    console = Console(record=True, width=120)
    console.print(g.render())
    out = console.export_text()
    for text in ("Flute (blue)", "swords 2", "coins 3", "Sailor", "cost 3", "influence 1", "expedition-cch",
                 "Ann", "Bob", "Cal", "Draw pile", "trader (blue flute)", "Harbour: 2 cards, 1 colour"):
        assert text in out, text


def test_render_of_a_finished_game_says_game_over():
    from rich.console import Console

    from tests.playout import random_playout

    g = random_playout("port-royal", ["Ann", "Bob"], 4)
    assert g.finished
    console = Console(record=True, width=120)
    console.print(g.render())
    out = console.export_text()
    assert "Game over after turn" in out and "is active" not in out
