"""A drawn tile named by its picture (issue 22 item 4): what a player sees, in Czech and English; several
tiles offered as descriptions that read back as exactly their tile; nothing guessed, nothing applied on a
refusal."""

import re

import pytest
from click.testing import CliRunner

from referee import AmbiguousMove, IllegalMove, InvalidMove, i18n
from referee.cli import cli
from referee.games.carcassonne import picture
from referee.games.carcassonne.picture_text import describe
from referee.games.carcassonne.tiles import tile_types

from .helpers import new, turn
from .test_entry import enter
from .test_notation import unchanged

KEYS = sorted(tile_types())


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_every_tile_in_every_rotation_is_said_and_read_back_as_itself(lang):
    for key in KEYS:
        for q in range(4):
            text = describe(key, lang, q)
            assert picture.matching(KEYS, picture.read(text)) == [key], (key, q, text)
    with i18n.using(lang):
        g = new()
        for key in KEYS:
            assert g.find(describe(key, lang)).text == "draw " + key.lower()
            assert g.find("táhnout " + describe(key, lang)).text == "draw " + key.lower()


@pytest.mark.parametrize("text, key", [
    ("město sever a cesta východ-západ", "B:D"), ("město sever, cesta východ-západ", "B:D"),
    ("city n, road e-w", "B:D"), ("city on the north side and a road from east to west", "B:D"),
    ("město sever", "B:E"), ("city n", "B:E"), ("město jih", "B:E"),          # held any way round
    ("klášter", "B:B"), ("klášter s cestou na jih", "B:A"), ("cloister with a road", "B:A"),
    ("cesta z jihu na západ", "B:V"), ("road from south to west", "B:V"), ("cesta východ-západ", "B:U"),
    ("město na severu a východě", "B:N"), ("city on north and east", "B:N"), ("město jv", "B:N"),
    ("město sever-západ s erbem", "B:M"), ("město se štítem sever-západ", "B:M"),
    ("city n-w with pennant", "B:M"), ("city n-w with coat of arms", "B:M"), ("město bez erbu sever-západ", "B:N"),
    ("city n-w without pennant", "B:N"), ("město východ-západ", "B:G"), ("město východ-západ s erbem", "B:F"),
    ("dvě města sever jih", "B:H"), ("two cities n s", "B:H"), ("město sever, město západ", "B:I"),
    ("město všude s erbem", "B:C"), ("city on all sides with pennant", "B:C"),
    ("cesty východ jih západ", "B:W"), ("roads e, s, w", "B:W"), ("tři cesty", "B:W"),
    ("čtyři cesty", "B:X"), ("cesta sever-jih a cesta východ-západ", "TB:B"),
    ("klášter a cesty východ jih západ", "TB:J"), ("město sever, cesta jih, cesta západ", "TB:C"),
    ("město sever-západ s vínem", "TB:T"), ("město sever-západ s obilím", "TB:G"),
    ("city n-w with grain", "TB:G"), ("město východ-západ s plátnem a město jih", "TB:N"),
    ("město sever-západ s obilím, cesta jih, tři louky", "TB:I"),
    ("city n-w with grain, road s, 2 fields", "TB:F"), ("město sever bez zboží, cesta východ", "TB:A"),
])
def test_natural_descriptions_in_both_languages(text, key):
    g = new()
    assert g.find(text).text == "draw " + key.lower()


def _offered(message: str) -> list[tuple[str, str]]:
    """('město sever', 'b:e') pairs of a refusal that offers candidates."""
    return re.findall(r"'([^']+)' \(([a-z]+:[a-z])\)", message)


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_several_tiles_fit_the_table_offers_each_and_each_reads_back(lang):
    with i18n.using(lang):
        g = new()
        with pytest.raises(AmbiguousMove) as err:
            g.play("město")
        offered = _offered(str(err.value))
        assert [k for _d, k in offered] == ["b:e", "b:g", "b:n", "b:r"]
        if lang == "cs":
            assert offered[0][0] == "město sever" and "city" not in str(err.value).split(":", 1)[1]
        # the same for every edge string of every tile ('draw cffc' fits five tiles)
        for edges in sorted({e for t in tile_types().values() for e in t.edge_strings()}):
            try:
                move = g.find(edges.lower())
            except AmbiguousMove as e:
                offered = _offered(str(e))
                assert len(offered) > 1
                for said, key in offered:
                    assert g.find(said).text == "draw " + key, (edges, said)
            else:
                assert edges.upper() in tile_types()[move.text[5:].upper()].edge_strings()
        assert g.moves == []


def test_nothing_is_guessed_every_word_is_honoured():
    g = new()
    unchanged(g, "město", AmbiguousMove, r"^4 tile kinds in the bag show 'město'")
    unchanged(g, "city n, road e, bla", InvalidMove, r"'bla' is not part of a tile's picture")
    unchanged(g, "cesta sever s erbem", InvalidMove, r"pennant or goods lie in a city")
    unchanged(g, "klášter sever", InvalidMove, r"cloister lies in the middle")
    unchanged(g, "dvě města sever", InvalidMove, r"2 pieces but 1 sides")
    unchanged(g, "město sever s erbem", IllegalMove, r"No tile in the bag shows 'město sever s erbem'")
    # a tile said with less than it shows is not taken for the one that shows more: suggestions only
    unchanged(g, "city n and road s", IllegalMove, r"^No tile shows exactly 'city n and road s'; tiles in the bag "
              r"that show it and more: 'city n and roads e s w' \(b:l\); 'city n and road s and road w' \(tb:c\)\.$")
    assert g.find("město sever-východ-západ a cesta").text == "draw b:t"       # a road's sides need not be said
    g = new(traders_builders=False)
    unchanged(g, "město sever-západ s vínem", IllegalMove, r"show|shows")


def test_a_kind_no_longer_in_the_bag_is_refused_not_replaced_by_a_near_one():
    g = new()
    turn(g, "b:g", 0, -1, 90)                   # the only plain city e-w (G) is drawn
    unchanged(g, "město východ-západ", IllegalMove, r"No tile showing 'město východ-západ' is left in the bag "
              r"\(rule P6\): B:G all drawn")
    assert g.find("město východ-západ s erbem").text == "draw b:f"


def test_a_picture_is_a_draw_only_when_a_tile_is_to_be_drawn():
    g = new()
    unchanged(g, "rytíř na město", IllegalMove, r"No tile is drawn yet")    # a figure's words: not a tile
    unchanged(g, "louka", IllegalMove, r"No tile is drawn yet")
    g.play("město sever")
    unchanged(g, "město sever", IllegalMove, r"must place it first")
    unchanged(g, "táhnout město sever", IllegalMove, r"must place it first")


def test_a_whole_turn_with_the_tile_said_by_its_picture():
    g = new()
    assert enter(g, "město sever a cesta východ-západ 1,0 r0 rytíř") == ["draw b:d", "place 1,0 r0", "city n"]
    assert enter(g, "táhnout cesta z východu na západ položit -1,0 r0 lupič") == [
        "draw b:u", "place -1,0 r0", "road e-w"]


def test_the_candidates_at_the_command_line_in_czech(db):
    r = CliRunner().invoke(cli, ["--lang", "cs", "new", "carcassonne", "-p", "Ann", "-p", "Bob"])
    gid = r.output.strip().splitlines()[-1]
    r = CliRunner().invoke(cli, ["--lang", "cs", "move", gid, "táhnout cffc"])
    assert r.exit_code == 2, r.output          # ambiguous: bad input, nothing recorded
    assert "'město sever a město západ' (b:i)" in r.output and "'město sever-západ s vínem' (tb:t)" in r.output
    r = CliRunner().invoke(cli, ["--lang", "cs", "move", gid, "město sever a město západ"])
    assert r.exit_code == 0, r.output


def test_the_draws_benchmark_runs_and_meets_its_target(capsys):
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_carcassonne_draws.py"
    spec = importlib.util.spec_from_file_location("bench_carcassonne_draws", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert bench.main(["--games", "1", "--players", "2"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith(("cs ", "en "))]
    assert len(rows) == 2 and all(row.endswith(" met") for row in rows)


def test_a_position_typed_before_the_draw_is_not_read_as_a_picture():
    g = new()
    unchanged(g, "1,0 r0", IllegalMove, r"No tile is drawn yet")
    unchanged(g, "1 0 r0", IllegalMove, r"No tile is drawn yet")
    assert g.find("2 cities n s").text == "draw b:h"
