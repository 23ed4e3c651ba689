"""The four boards and the table's texts in Czech (fragment cs-render): a board of each game, at 80x24 and
printed whole, shows no English board word, names the components by their Czech names, and English is
unchanged."""

import random

import pytest

import referee
from referee import i18n
from referee.ui import fit
from referee.core.format import result_table

PLAYERS = ["Ann", "Bob", "Cyril"]


def _folded() -> bool:
    with i18n.using("cs"):
        return i18n._("Cargo ships:") != "Cargo ships:"


pytestmark = pytest.mark.skipif(not _folded(), reason="fragment cs-render not folded yet")

# words of the boards' headings, legends and status lines that must not stay English on a Czech screen
ENGLISH = {
    "port-royal": ["Harbour", "Turn", "Draw pile", "discard pile", "influence", "swords", "coins", "seat",
                   "persons", "expeditions", "Expedition area", "cost"],
    "puerto-rico": ["Round", "governor", "Cargo ships", "Trading house", "Colonists", "VP chips",
                    "Plantations face up", "Goods supply", "Roles", "Phase", "doubloons", "island", "spaces",
                    "To move", "corn", "indigo plant", "settler"],
    "carcassonne": ["player", "score", "followers", "builder", "pig", "wine", "grain", "cloth", "Bag",
                    "supply", "Drawn", "Rotations"],
    "el-capitan": ["Phase", "start player", "loans", "in front", "expansion", "Destination cards",
                   "Connection cards", "Loan stacks", "Bonus cards", "Sites 1-12", "shut:", "hand"],
}


def _game(game_id, steps):
    game = referee.new_game(game_id, PLAYERS, {})
    rng = random.Random(3)
    for _ in range(steps):
        if game.finished:
            break
        game.play(rng.choice(game.legal_moves()).text)
    return game


def _words(text):
    return " ".join(text.split())


@pytest.mark.parametrize("game_id", sorted(ENGLISH))
def test_a_czech_board_has_no_english_board_words(game_id):
    game = _game(game_id, 12)
    with i18n.using("cs"):
        screens = [fit.board_text(game, 80, 19, color=False), fit.board_text(game, 200, None, color=False)]
    for plain in screens:
        for word in ENGLISH[game_id]:
            assert word not in _words(plain), (word, plain)
    # and the same board in English still says them (the test can fail)
    with i18n.using("en"):
        english = _words(fit.board_text(game, 200, None, color=False))
    assert sum(word in english for word in ENGLISH[game_id]) >= 3


def test_the_boards_name_components_in_czech():
    with i18n.using("cs"):
        pr = _words(fit.board_text(_game("puerto-rico", 0), 200, None, color=False))
        ec = _words(fit.board_text(_game("el-capitan", 0), 200, None, color=False))
        carc = fit.board_text(_game("carcassonne", 0), 200, None, color=False)
    assert "Kolo 1: guvernér Ann" in pr and "Nákladní lodě:" in pr and "kukuřice" in pr
    assert "Neapol" in ec and "Karty cílů:" in ec and "Napoli" not in ec
    assert "stavitel" in carc and "prasátko" in carc and "víno" in carc and "Pytlík (" in carc


def test_port_royal_harbour_in_czech_and_english():
    game = _game("port-royal", 0)
    for _ in range(4):
        flips = [m for m in game.legal_moves() if not m.chance and m.text == "flip"]
        if flips:
            game.play("flip")
        chance = [m for m in game.legal_moves() if m.chance and m.text.startswith(("pinnace", "flute", "skiff"))]
        if not chance:
            break
        game.play(chance[0].text)
    with i18n.using("cs"):
        cs = _words(fit.board_text(game, 200, None, color=False))
    en = _words(fit.board_text(game, 200, None, color=False))
    assert "Přístav:" in cs and "Dobírací balíček" in cs and "šavle" in cs
    assert "Harbour:" in en and "Draw pile" in en and "swords" in en


def test_result_table_labels_in_czech():
    game = _game("port-royal", 400)
    assert game.finished
    from rich.console import Console

    def shown(lang):
        console = Console(width=100, record=True, color_system=None)
        with i18n.using(lang):
            console.print(result_table(game.result()))
        return console.export_text()

    cs, en = shown("cs"), shown("en")
    assert "celkem" in cs and "pořadí" in cs and "total" not in cs
    assert "total" in en and "rank" in en


def test_line_mode_messages_in_czech():
    from referee.core.errors import BadInput
    from referee.ui.table import find_player, undo_count

    with i18n.using("cs"):
        with pytest.raises(BadInput) as err:
            find_player(PLAYERS, "Zed")
        assert str(err.value) == "Žádný hráč se nejmenuje 'Zed'; hrají Ann, Bob a Cyril."
        with pytest.raises(BadInput) as err:
            undo_count(["undo", "x"])
        assert "undo chce počet tahů" in str(err.value)
    with pytest.raises(BadInput) as err:
        find_player(PLAYERS, "Zed")
    assert str(err.value) == "No player is called 'Zed'; the players are Ann, Bob and Cyril."
