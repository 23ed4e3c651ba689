"""Carcassonne in Czech (issue 14): a prompt, refusals, previews and events of a short game come out in Czech,
the notation help too; English stays as it was; the record is the same canonical moves in both languages.

The Czech texts come from referee/locale/cs/fragments/cs-carcassonne.po until the integrator folds it into the
catalog: until then the Czech tests are skipped (the English ones always run)."""

import re

import pytest
from click.testing import CliRunner

from referee import i18n
from referee.cli import cli

from tests.carcassonne.helpers import new


def _folded() -> bool:
    with i18n.using("cs"):
        return i18n._("The last tile is placed: final scoring.") != "The last tile is placed: final scoring."


czech = pytest.mark.skipif(not _folded(), reason="fragment not folded yet")


def refusal(g, text) -> str:
    with pytest.raises(Exception) as err:
        g.play(text)
    return str(err.value)


def _short_game(g):
    """Ann puts a knight on B:D's city; Bob closes it with B:E: a completed two-tile city scores 4."""
    g.play("draw b:d")
    g.play("place 1,0 r0")
    g.play("city n")
    g.play("draw b:e")
    g.play("place 1,-1 r180")
    g.play("none")
    return g


@czech
def test_a_czech_game_reads_czech():
    with i18n.using("cs"):
        g = new()
        # the move words as a Czech table says them (issue 22: core/labels.py)
        assert g.prompt() == ("Táhněte kartičku za hráče Ann: napište táhnout a její písmeno, např. táhnout b:d "
                              "(v pytlíku: 95)")
        assert refusal(g, "place 1,0 r0") == ("Zatím není tažena žádná kartička; nejprve zadejte kartičku, kterou "
                                              "táhne Ann (např. draw b:d), pak ji položte.")
        assert refusal(g, "draw z") == "Kartička Z neexistuje; kartičky mají písmena A až X (např. draw b:d)."
        g.play("draw b:d")
        assert g.prompt().startswith("Ann: položte B:D (při r0: město sever, cesta východ-západ, louka sever, "
                                     "louka jih) pomocí položit X,Y rN")
        assert g.prompt().endswith("6 platných položení")                   # Czech plural: 5 and more
        assert refusal(g, "place 5,5 r0") == ("Pozice 5,5 nesousedí s plánem; kartička musí sdílet celý okraj "
                                              "s položenou kartičkou (pravidlo P1).")
        assert refusal(g, "place 0,-1 r0") == ("Na 0,-1 r0 (N=C E=R S=F W=R) je jižní okraj typu louka proti okraji "
                                               "typu město na 0,0; sousední okraje musí navazovat (pravidlo P2).")
        g.play("place 1,0 r0")
        assert g.events() == ["Ann položil(a) B:D na 1,0 r0: N=C E=R S=F W=R."]
        assert g.prompt() == ("Ann: nejvýše jedna figurka na B:D na 1,0 (7 družiníků v zásobě): rytíř na město "
                              "sever, lupič na cestu východ-západ, sedlák na louku sever, sedlák na louku jih, nic")
        assert g.preview("city n") == "→ rytíř na město sever: Ann: rytíř – nedokončené město z 1 kartičky"
        assert refusal(g, "pig farm n") == ("Ann nemá na té louce sedláka; prasátko jde jen na louku se sedlákem "
                                            "svého majitele (pravidlo PG2).")
        assert refusal(g, "cloister") == ("Právě položená kartička (B:D) nemá klášter; její části jsou: city n, "
                                          "road e-w, farm n, farm s.")
        g.play("rytíř město sever")                                        # Czech input, canonical record
        g.play("draw b:e")
        g.play("place 1,-1 r180")
        g.play("none")
        assert g.events() == ["Dokončeno – město z 2 kartiček: Ann získává 4 (pravidlo S5)."]
        assert g.rules.notation.startswith("Zápis tahů Carcassonne (na velikosti písmen nezáleží):")
        for text in g.events() + [g.prompt()]:
            assert not re.search(r"\b(the|tile|scores?|Completed|Draw|bag)\b", text), text
        czech_moves = g.moves
    with i18n.using("en"):
        assert czech_moves == _short_game(new()).moves == ["draw b:d", "place 1,0 r0", "city n", "draw b:e",
                                                            "place 1,-1 r180", "none"]


@czech
def test_czech_on_the_command_line(db):
    r = CliRunner().invoke(cli, ["--lang", "cs", "new", "carcassonne"] + [a for n in "ABCDEF" for a in ("-p", n)])
    assert r.exit_code == 2
    assert "šestý hráč potřebuje šestou barvu z jiné sady (pravidlo R1): -o six_players=on" in r.output
    r = CliRunner().invoke(cli, ["--lang", "cs", "new", "carcassonne", "-p", "Ann", "-p", "Bob"])
    gid = r.output.strip().splitlines()[-1]
    r = CliRunner().invoke(cli, ["--lang", "cs", "move", gid, "draw b:d", "place 1,0 r0", "rytíř město sever",
                                 "draw b:e", "place 1,-1 r180", "nic"])
    assert r.exit_code == 0, r.output
    assert "Dokončeno – město z 2 kartiček: Ann získává 4 (pravidlo S5)." in r.output
    r = CliRunner().invoke(cli, ["--lang", "cs", "move", gid, "place 0,0 r0"])
    assert r.exit_code == 1
    assert "pak ji položte." in r.output


def test_english_is_unchanged():
    with i18n.using("en"):
        g = new()
        assert g.prompt() == "Draw a tile for Ann: type draw and its letter, e.g. draw b:d (95 in the bag)"
        assert refusal(g, "place 1,0 r0") == ("No tile is drawn yet; first enter the tile Ann draws (e.g. draw b:d), "
                                              "then place it.")
        g.play("draw b:d")
        assert refusal(g, "place 0,-1 r0") == ("At 0,-1 r0 (N=C E=R S=F W=R) the south edge is a field facing a city "
                                               "at 0,0; touching edges must match (rule P2).")
        g.play("place 1,0 r0")
        assert g.events() == ["Ann placed B:D at 1,0 r0: N=C E=R S=F W=R."]
        assert g.prompt() == ("Ann: at most one figure on B:D at 1,0 (7 followers in supply): city n, road e-w, "
                              "farm n, farm s, none")
        assert g.preview("city n") == "→ city n: Ann's knight in an open city of 1 tile"
        g.play("city n")
        g.play("draw b:e")
        g.play("place 1,-1 r180")
        g.play("none")
        assert g.events() == ["Completed city of 2 tiles: Ann scores 4 (rule S5)."]
        assert g.rules.notation.startswith("Carcassonne notation (case-insensitive):")
