"""Reading a typed buy, so that the card the table names is the card bought.

A card is named by its print (rule T3, the man page's notation): one city names a destination card ("Karta
cíle: ... města na kartě", the seed), two cities name a connection card. ``buy tanger`` with no Tanger
destination card face up is therefore refused, never read as a connection card that has Tanger as one of its
two cities (issue 22); every number typed must fit the card too ('buy napoli 2': seals or price 2).
"""

from __future__ import annotations

from referee.core.errors import AmbiguousMove, IllegalMove, InvalidMove
from referee.core.names import display
from referee.i18n import _

from .board import CITIES
from .sailing import card_fits, read


def buy_texts(rules, s, words, legal, texts):
    """The legal texts a buy of one named city may mean (its destination cards only), or ``texts`` unchanged
    when the words do not read as one city (two cities, a prefix of several, other words: the abbreviation
    matcher and explain() read those). IllegalMove when no destination card of that city is face up."""
    try:
        cities, numbers, target, said_to = read(words)
    except (AmbiguousMove, InvalidMove):
        return texts
    if len(cities) != 1 or said_to or target is not None:
        return texts
    city = cities[0]
    if not any(card[1] == city for card in s.face["d"]):
        if not rules._can_buy(s):
            return texts                # the loan turn's own refusal says why nothing can be bought
        raise IllegalMove(_("No destination card of {city} is face up: one city names a destination card, and a "
                            "connection card is named by both its cities (rule T3).").format(
            city=display("el-capitan", "city", CITIES[city])))
    named = {m.text for m in legal if m.action[0] == "buy" and card_fits(m.action[1], cities, numbers)}
    return [t for t in texts if t in named or not t.startswith("buy ")]
