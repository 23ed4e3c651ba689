"""Scripted Carcassonne turns through the public API."""

import referee

RULES = None


def new(players=("Ann", "Bob"), **options):
    return referee.new_game("carcassonne", list(players), options)


def turn(g, tile, x, y, rot, figure="none"):
    """One full part of a turn: draw, place, figure; returns the game."""
    g.play(f"draw {tile}")
    g.play(f"place {x},{y} r{rot}")
    g.play(figure)
    g.check()
    return g


def score_of(g, name):
    return g.view()["players"][g.players.index(name)]["score"]


def player(g, name):
    return g.view()["players"][g.players.index(name)]


def final(g):
    """Final scoring of the board as it stands, through scoring/carcassonne.py."""
    return referee.score("carcassonne", g.rules.final_input(g.state))


def short_bag(g, tiles: dict):
    """Set up a game whose bag holds only ``tiles`` (key -> count), e.g. to reach the end quickly."""
    assert not g.moves, "only at the start of a game"
    st = g.state
    st.counts = {k: tiles.get(k, 0) + (1 if k == "B:D" else 0) for k in st.counts}
    st.bag = {k: tiles.get(k, 0) for k in st.counts}
    g.check()
    return g
