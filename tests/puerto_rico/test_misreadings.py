"""Issue 22 item 6, Puerto Rico: no entry is read by dropping a word. The wharf said in a load ('load corn on
the wharf'; the seed: the wharf is used "místo nakládání na jednu ze tří přepravních lodí") ships with the
wharf or is refused, never loaded on a ship; the seed's two-word names are read whole on a line of several
moves ('stavitel malá tržnice'); the seed's other name of the office ("Obchodní kancelář (Nákupní
centrála)") is the office. Each test here failed on main before this branch, except the guards that say
so (the Czech wharf forms, lines where the wharf can go one way only, the property test)."""

import json
import random

import pytest
from click.testing import CliRunner

import referee
from referee.cli import cli
from referee.core.entry import play_entry, preview_entry
from referee.core.errors import AmbiguousMove, IllegalMove, RefereeError
from referee.core.labels import label
from referee.games.puerto_rico.state import GOODS
from referee.i18n import using

from .helpers import give, new, texts


def _ship(g, i, good, load):
    s = g.state
    gi = GOODS.index(good)
    s.ships[i][1] = gi
    s.ships[i][2] = load
    s.gsup[gi] -= load


def _captain(wharf=True, sugar=False):
    """Ann, the captain, holds corn and indigo (and sugar), each with one ship it fits; the others hold
    nothing, so every load is Ann's and she keeps a choice after her first one."""
    g = new(4)
    _ship(g, 0, "corn", 1)
    _ship(g, 1, "indigo", 1)
    _ship(g, 2, "sugar", 1)
    goods = {"corn": 2, "indigo": 1} | ({"sugar": 1} if sugar else {})
    give(g, 0, goods=goods, buildings={"wharf": 1} if wharf else {})
    g.play("captain")
    return g


def _goods(g, seat=0):
    return g.view()["players"][seat]["goods"]


@pytest.mark.parametrize("typed", [
    "load corn on the wharf", "load corn wharf", "load wharf corn", "ship corn with the wharf",
    "load the corn onto the wharf", "Load Corn On The Wharf",
    "nalož kukuřici na loděnici", "naložit kukuřici loděnice", "loděnice kukuřice", "kukuřice na loděnici",
    "nalozim kukurici do lodenice"])
def test_the_wharf_said_in_a_load_ships_with_the_wharf(typed):
    """The English forms failed on main (a ship load); the Czech ones ('loděnice', a building's name) are
    guards."""
    g = _captain(sugar=True)
    ships = [list(sh) for sh in g.state.ships]
    assert [m.text for m in play_entry(g, typed)] == ["wharf corn"]
    assert "corn" not in _goods(g)                       # all the corn went back to the supply (5.7 K5)
    assert [list(sh) for sh in g.state.ships] == ships   # and none onto a ship


@pytest.mark.parametrize("lang,says", [
    ("en", r"Only the owner of an occupied wharf may ship goods to the supply \(rule 5.7 K5\)"),
    ("cs", r"jen majitel obsazené loděnice \(pravidlo 5.7 K5\)")])
def test_the_wharf_said_without_one_is_refused_not_dropped(lang, says):
    g = _captain(wharf=False)
    before = (list(g.moves), _goods(g))
    for typed in ("load corn on the wharf", "nalož kukuřici na loděnici"):
        with using(lang), pytest.raises(IllegalMove, match=says):
            play_entry(g, typed)
        assert (list(g.moves), _goods(g)) == before


def test_the_wharf_said_after_its_one_use_is_refused_not_dropped():
    g = _captain(sugar=True)
    play_entry(g, "wharf corn")
    assert g.to_move == "Ann"
    with pytest.raises(IllegalMove, match="once per captain phase"):
        play_entry(g, "load indigo on the wharf")


@pytest.mark.parametrize("lang,typed,readings", [
    ("en", "load corn wharf indigo", ("'load corn, wharf indigo'", "'wharf corn, load indigo'")),
    ("en", "naložit kukuřici loděnice indigo", ("'load corn, wharf indigo'", "'wharf corn, load indigo'")),
    ("cs", "load corn wharf indigo", ("„nalož kukuřici, nalož indigo na loděnici“",
                                      "„nalož kukuřici na loděnici, nalož indigo“")),
    ("cs", "nalož kukuřici loděnice indigo", ("„nalož kukuřici, nalož indigo na loděnici“",
                                              "„nalož kukuřici na loděnici, nalož indigo“"))])
def test_a_wharf_between_two_goods_is_refused_naming_both_readings(lang, typed, readings):
    """On main 'load corn wharf indigo' was two ship loads. The wharf may go with the corn ('load corn
    [on the] wharf') or with the indigo ('wharf indigo'): both read every word, so neither is guessed."""
    g = _captain(sugar=True)
    before = (list(g.moves), _goods(g))
    with using(lang), pytest.raises(AmbiguousMove) as err:
        play_entry(g, typed)
    for reading in readings:
        assert reading in str(err.value)
    assert (list(g.moves), _goods(g)) == before
    with using(lang):
        assert preview_entry(g, typed).startswith("✗")          # the preview says so too


@pytest.mark.parametrize("typed,moves", [
    ("load corn, wharf indigo", ["load corn", "wharf indigo"]),
    ("wharf corn load indigo", ["wharf corn", "load indigo"]),      # a verb leads the good after it
    ("loděnice kukuřice nalož indigo", ["wharf corn", "load indigo"]),
    ("nalož kukuřici na loděnici, indigo", ["wharf corn", "load indigo"])])
def test_the_wharf_on_a_line_of_two_loads_where_it_can_only_go_one_way(typed, moves):
    """Guards (read right on main too): the refusal above is only for a wharf between two goods."""
    g = _captain(sugar=True)
    assert [m.text for m in play_entry(g, typed)][:2] == moves


@pytest.mark.parametrize("typed,moves", [
    ("stavitel malá tržnice", ["builder", "build small-market"]),
    ("stavitel postav malou tržnici", ["builder", "build small-market"]),
    ("builder small market", ["builder", "build small-market"]),
    ("stavitel obchodní kancelář", ["builder", "build office"]),
    ("stavitel malý cukrovar", ["builder", "build small-sugar-mill"]),
    ("stavitel malá zpracovatelna indiga", ["builder", "build small-indigo-plant"]),
    ("stavitel nákupní centrála", ["builder", "build office"])])
def test_two_word_names_on_a_line_of_several_moves(typed, moves):
    """On main the line was cut between the words of one name ('stavitel malá'), and refused: "'mala' could
    be small-indigo-plant or small-market"."""
    g = new(4)
    give(g, 0, doubloons=10)
    assert [m.text for m in play_entry(g, typed)] == moves


@pytest.mark.parametrize("typed", [
    "umístit kukuřice umístit malá tržnice", "umísti kukuřici a malou tržnici", "place corn place small market",
    "umístit kukuřice malá tržnice"])
def test_two_word_names_on_a_line_of_colonists(typed):
    g = new(4)
    give(g, 0, tiles={"corn": (1, 0)}, buildings={"small-market": 0, "small-indigo-plant": 0})
    g.play("mayor")
    assert [m.text for m in play_entry(g, typed)] == ["place corn", "place small-market"]


def test_every_czech_building_name_after_the_builder_role_on_one_line():
    names = json.loads(open("tables/puerto-rico/names.json", encoding="utf-8").read())["building"]
    for bid, entry in names.items():
        for spelling in (entry["cs"], *entry["aliases"]):
            g = new(4)
            give(g, 0, doubloons=20)
            assert [m.text for m in play_entry(g, "stavitel " + spelling)] == ["builder", "build " + bid], spelling


@pytest.mark.parametrize("typed", ["nákupní centrála", "Nákupní centrálu", "nakupni centrala",
                                   "postav nákupní centrálu"])
def test_the_seeds_other_name_of_the_office(typed):
    g = new(4)
    give(g, 0, doubloons=10)
    g.play("builder")
    assert g.find(typed).text == "build office"
    with using("cs"):
        assert label("puerto-rico", "build office") == "postav obchodní kancelář"   # shown by its first name


@pytest.mark.parametrize("typed", ["loděnice kukuřice", "loděnici kukuřici", "Loděnice kukuřice"])
def test_the_wharf_by_its_czech_name_in_the_captain_phase(typed):
    """Read right on main already (kept): the seed's 'loděnice' before the good ships with the wharf."""
    g = _captain()
    assert [m.text for m in play_entry(g, typed)] == ["wharf corn"]
    g = new(4)
    give(g, 0, goods={"corn": 2}, buildings={"wharf": 1})
    assert [m.text for m in play_entry(g, "kapitán " + typed)] == ["captain", "wharf corn"]


def test_the_wharf_outside_the_captain_phase_is_the_building():
    g = new(4)
    give(g, 0, doubloons=20)
    g.play("builder")
    assert [m.text for m in play_entry(g, "build the wharf")] == ["build wharf"]


def test_a_merged_line_never_plays_another_move_first():
    """Never guess: two shown moves typed on one line without a ',' play the first as shown, or are refused
    whole; a word of the second is never taken into the first (random positions, both languages)."""
    rng = random.Random(22)
    checked = 0
    for seed in range(3):
        g = referee.new_game("puerto-rico", ["Ann", "Bob", "Cal", "Dan"][: 2 + seed])
        while not g.finished and checked < 400:
            legal = g.legal_moves()
            if len(legal) > 1:
                first, second = rng.sample(legal, 2)
                for lang in ("en", "cs"):
                    with using(lang):
                        line = label("puerto-rico", first.text) + " " + label("puerto-rico", second.text)
                    n = len(g.moves)
                    try:
                        played = play_entry(g, line)
                    except RefereeError:
                        assert len(g.moves) == n, line
                        continue
                    assert played[0].text == first.text, (line, [m.text for m in played])
                    g.undo(len(g.moves) - n)
                    checked += 1
            g.play(rng.choice(legal).text)
    assert checked > 100


def test_through_the_cli_in_czech(db):
    with using("en"):                 # --lang sets the process's language; the tests after keep theirs
        _cli_in_czech()


def _cli_in_czech():
    runner = CliRunner()
    r = runner.invoke(cli, ["new", "puerto-rico", "-p", "Jana", "-p", "Petr", "-p", "Eva", "--json"],
                      catch_exceptions=False)
    gid = json.loads(r.stdout)["id"]
    r = runner.invoke(cli, ["--lang", "cs", "move", gid, "kukuřice indigo cukr tabák"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    r = runner.invoke(cli, ["--lang", "cs", "move", gid, "stavitel malá tržnice"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    shown = json.loads(runner.invoke(cli, ["show", gid, "--json"], catch_exceptions=False).stdout)
    assert shown["moves"][-2:] == ["builder", "build small-market"]


# --- never guess: a word the move cannot take is a second move, or the entry is refused -----------------

@pytest.mark.parametrize("lang,typed,says", [
    ("en", "settler ship", "'load' is said for the captain, not the settler"),
    ("en", "prospector build", "'build' is said for the builder, not the prospector"),
    ("cs", "osadník nalož", "„nalož“ patří k roli Kapitán, ne k roli Osadník"),
    ("cs", "zlatokop postav", "„postav“ patří k roli Stavitel, ne k roli Zlatokop")])
def test_a_role_said_with_another_roles_move_word_is_refused(lang, typed, says):
    """On main the move word was dropped ('settler ship' chose the settler)."""
    g = new(4)
    with using(lang), pytest.raises(IllegalMove, match=says):
        play_entry(g, typed)
    assert g.moves[-1].startswith("reveal")


@pytest.mark.parametrize("setup,typed", [
    ("settler", "take sugar ship"), ("settler", "vezmi kukuřici nalož"), ("settler", "take corn take"),
    ("settler", "nic bez útulku"), ("mayor", "place corn place"), ("mayor", "umísti kukuřici umísti"),
    ("captain", "nalož kukuřici 6 prodej"), ("captain", "load corn 6 sell")])
def test_a_word_the_move_cannot_take_is_not_dropped(setup, typed):
    """On main each was one move, the last word dropped; now it is a second move (refused here) or the
    whole entry is refused, and nothing is applied."""
    g = new(4)
    give(g, 0, tiles={"corn": (1, 0)}, goods={"corn": 2}, buildings={"small-market": 0})
    g.play(setup)
    before = list(g.moves)
    with pytest.raises(RefereeError):
        play_entry(g, typed)
    assert list(g.moves) == before


@pytest.mark.parametrize("setup,typed,move", [
    (None, "take the builder role", "builder"), (None, "trader sell", "trader"), (None, "kapitán nalož", "captain"),
    ("settler", "take the corn tile", "take corn"), ("settler", "settle corn plantation", "take corn"),
    ("mayor", "umísti kolonistu na kukuřici", "place corn"), ("mayor", "put a colonist on corn", "place corn"),
    ("captain", "nalož kukuřici na loď 6", "load corn 6"), ("captain", "load corn on the 6-ship", "load corn 6"),
    ("craftsman", "take the extra corn", "extra corn"), ("craftsman", "vezmi sud navíc kukuřice", "extra corn")])
def test_one_move_said_with_its_own_words_twice_is_one_move(setup, typed, move):
    """A move word's other spelling ('ship' for a load, 'colonist' for a place, 'take' with a role or the
    extra barrel) is not a second move. Guards, but for 'take the builder role' and the craftsman's two,
    which main refused (two different move words)."""
    g = new(4)
    give(g, 0, tiles={"corn": (1, 0 if setup == "mayor" else 1)}, goods={"corn": 2}, buildings={"small-market": 0})
    if setup:
        g.play(setup)
    assert [m.text for m in play_entry(g, typed)] == [move]
