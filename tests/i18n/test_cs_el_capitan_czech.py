"""El Capitan in Czech (issue 14): a prompt, a refusal and an event come out in Czech, with the cities by their
Czech names (Neapol); English stays as it was; what is data (move texts, the JSON view, stored notes) stays
English in both languages.

The Czech texts come from referee/locale/cs/fragments/cs-el-capitan.po until the integrator folds it into the
catalog: until then the Czech tests are skipped (the English ones always run)."""

import pytest

import referee
from referee.core import IllegalMove
from referee.games.el_capitan.state import NOTE_PASSED, shown
from referee.i18n import _, using


def _folded() -> bool:
    with using("cs"):
        return _("{name} receives {total}") != "{name} receives {total}"


czech = pytest.mark.skipif(not _folded(), reason="fragment cs-el-capitan.po not folded yet")


@pytest.fixture
def no_board(tmp_path, monkeypatch):
    # no saved board file: the table reads each price when it matters (rule D6)
    monkeypatch.setenv("REFEREE_EL_CAPITAN_BOARD", str(tmp_path / "none.json"))


def _to_ann_first_turn():
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"])
    g.play("layout venezia athina tunis constantinople")
    for _k in range(4):
        g.play("napoli 2 2")
    for _k in range(6):
        g.play("marseille napoli 1")
    return g


def _too_dear(g):
    """Ann sails to Napoli and announces a build whose printed price (18) is more than her 17 florins."""
    for move in ("buy napoli 2s 2f", "buy marseille-napoli 1f", "sail napoli 2s 2f", "build site 1",
                 "napoli harbour 1 price 18"):
        g.play(move)
    return g


def test_english_is_unchanged(no_board):
    g = _to_ann_first_turn()
    assert g.prompt() == "Ann (20 fl): buy a destination card and sail to its city (first turn)"
    with pytest.raises(IllegalMove) as err:
        g.play("loan 10")
    assert str(err.value) == ("No loan in a player's first turn of the game; buy a destination card, sail and "
                              "build (rule T13).")
    _too_dear(g)
    flash = ("Ann cannot pay 18 florins for a warehouse in Napoli with 17: choose another move (rules W1, F2).")
    assert flash in g.events()
    assert g.prompt() == (flash + " Ann (17 fl, napoli (sailing)): buy, sail, then build or a fortress (no loan "
                          "in the first turn, T13)")


@czech
def test_a_czech_table_speaks_czech(no_board):
    with using("cs"):
        g = _to_ann_first_turn()
        # a prompt
        assert g.prompt() == "Ann (20 fl): kup cílovou kartu a pluj do jejího města (první tah)"
        # a refusal: one Czech sentence naming the rule, the game unchanged
        before = len(g.moves)
        with pytest.raises(IllegalMove) as err:
            g.play("loan 10")
        assert str(err.value) == ("V prvním tahu hry hráč nesmí vzít úvěr; kupte cílovou kartu, plujte a stavte "
                                  "(pravidlo T13).")
        assert len(g.moves) == before
        with pytest.raises(IllegalMove) as err:
            g.play("bui")
        assert str(err.value) == ("„bui“ teď není platný tah; platné teď: buy napoli 2s 2f, "
                                  "buy marseille-napoli 1f.")
        # an event, with the city by its Czech name
        _too_dear(g)
        flash = ("Ann nemůže zaplatit 18 florinů za sklad ve městě Neapol, když má 17: zvolte jiný tah "
                 "(pravidla W1, F2).")
        assert flash in g.events()
        # the move words and the city as a Czech table says them (issue 22: core/labels.py)
        assert g.prompt() == (flash + " Ann (17 fl, Neapol (pluje)): koupit, plout, pak postavit nebo pevnost (v "
                              "prvním tahu žádný úvěr, T13)")
        # data stays English: the view's ship and the moves' texts
        assert g.view()["players"][0]["ship"] == "napoli (sailing)"
        assert any(m.text == "sail marseille-napoli 1f" for m in g.legal_moves())


@czech
def test_a_note_is_stored_in_english_and_shown_in_czech():
    note = NOTE_PASSED.format(name="Ann de la Mar (2)")
    assert note == "Ann de la Mar (2) could take no action and passed (table ruling; rules T14/O12)."
    with using("cs"):
        assert shown(note) == ("Ann de la Mar (2) nemohl(a) provést žádnou akci a pasoval(a) (rozhodnutí stolu; "
                               "pravidla T14/O12).")
        assert shown("A note from elsewhere.") == "A note from elsewhere."
    assert shown(note) == note


@czech
def test_the_notation_help_is_czech():
    from referee.core.registry import get_rules

    rules = get_rules("el-capitan")
    with using("cs"):
        assert rules.notation.startswith("Zápis hry El Capitan")
    assert rules.notation.startswith("El Capitan notation")
