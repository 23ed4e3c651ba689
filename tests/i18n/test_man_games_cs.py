"""The four notation pages exist in Czech, in the rulebooks' terms, and name the same options as the games."""

import re

import pytest

from referee import manpages
from referee.core.registry import get_rules


@pytest.mark.parametrize("game", manpages.GAME_PAGES)
def test_czech_notation_page(game):
    page = (manpages.MAN_DIR / "cs" / f"referee-{game}.7").read_text(encoding="utf-8")
    assert page.startswith(f".TH REFEREE\\-{game.upper().replace('-', chr(92) + '-')} 7") or \
        page.startswith(f".TH REFEREE-{game.upper()} 7")
    assert ".SH JMÉNO" in page and "příručka referee" in page
    assert "referee rules" in page.replace("\\-", "-")         # the rule citations can be opened
    for option in get_rules(game).options:
        assert option.name.replace("-", "\\-") in page or option.name in page, (game, option.name)


def test_czech_pages_use_the_rulebook_names():
    pages = {g: (manpages.MAN_DIR / "cs" / f"referee-{g}.7").read_text(encoding="utf-8") for g in manpages.GAME_PAGES}
    assert all(w in pages["port-royal"] for w in ("Námořník", "Vtipálek", "Slečna", "Všeuměl", "flauta"))
    assert all(w in pages["puerto-rico"] for w in ("osadník", "starosta", "kapitán", "sídlo cechu", "stavební huť"))
    assert all(w in pages["carcassonne"] for w in ("rytíř", "lupič", "sedlák", "prasátko", "stavitel"))
    assert all(w in pages["el-capitan"] for w in ("sklad", "pevnost", "úvěr", "výplatní den", "rozmach"))


def test_english_game_pages_use_the_kebab_case_option_names():
    for game in manpages.GAME_PAGES:
        page = (manpages.MAN_DIR / f"referee-{game}.7").read_text(encoding="utf-8")
        for option in get_rules(game).options:
            old = option.name.replace("-", "_")
            if old != option.name:
                assert not re.search(rf"\b{old}=", page), (game, old)
