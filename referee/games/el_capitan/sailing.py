"""Reading a typed sail entry word by word, so that the card the table names is the card that sails.

A sail entry names a card and, for a sea route, where the ship goes: ``sail marseille 3s 4f to venezia``,
``sail tanger venezia`` (a connection card, its cities in either order), ``sail to tunis`` / ``sail tunis``
(whichever one card in the hand gets there). Every city and number typed must fit the card played: a
card the hand holds that cannot make the trip is refused with the rule, never swapped for another card
that can (issue 13 item 3).
"""

from __future__ import annotations

import re

from referee.core.errors import AmbiguousMove, IllegalMove, InvalidMove
from referee.i18n import _

from .board import CITIES
from .notation import card_label, city_named

SAIL_VERBS = ("sail", "go", "to")   # 'go tunis', 'to tunis' as said at the table
_FILLER = {"card", "with", "using", "use", "the", "my", "a", "by", "route", "sea"}
_SEAL_WORDS = {"seal", "seals", "s"}
_PRICE_WORDS = {"florin", "florins", "fl", "f", "price"}
_NUMBER = re.compile(r"^(\d+)(s|f|fl)?$")


def _name(c: int) -> str:
    return CITIES[c].capitalize()


def is_sail(words) -> bool:
    """Whether the entry reads as a sail: its first word is 'sail' (or a start of it), 'go' or 'to'."""
    return bool(words) and (words[0] in SAIL_VERBS or "sail".startswith(words[0]))


def read(words):
    """(cities named before 'to', numbers [(value, 's'|'f'|None)], target city or None, said_to) from the
    words after the verb. InvalidMove for a word that is neither a city, a number nor a filler."""
    cities, numbers, target, said_to = [], [], None, False
    verb_to = words[0] == "to"
    rest = " ".join(words[1:]).replace("-", " ").replace(",", " ").split()
    if verb_to:
        said_to = True
    i = 0
    while i < len(rest):
        w = rest[i]
        i += 1
        if w in _FILLER:
            continue
        if w == "to":
            if said_to:
                raise InvalidMove(_("A sail names one destination; 'to' is said once (e.g. sail marseille 3s 4f "
                                    "to venezia)."))
            said_to = True
            continue
        m = _NUMBER.match(w)
        if m:
            if said_to:
                raise InvalidMove(_("'{word}' after 'to': name the card first, then where it sails (e.g. sail "
                                    "marseille 3s 4f to venezia).").format(word=w))
            unit = {"s": "s", "f": "f", "fl": "f"}.get(m.group(2))
            if unit is None and i < len(rest) and (rest[i] in _SEAL_WORDS or rest[i] in _PRICE_WORDS):
                unit = "s" if rest[i] in _SEAL_WORDS else "f"
                i += 1
            numbers.append((int(m.group(1)), unit))
            continue
        c = city_named(w)
        starts = [name for name in CITIES if name.startswith(w)]
        if c is None and len(starts) > 1:
            raise AmbiguousMove(_("'{word}' could be {cities}; type more of the city.").format(
                word=w, cities=" or ".join(starts)))
        if c is None:
            raise InvalidMove(_("'{word}' is neither a city nor a card's seals or price; a sail reads like "
                                "sail marseille 3s 4f to venezia or sail tanger-venezia 3f.").format(word=w))
        if said_to:
            if target is not None:
                raise InvalidMove(_("A sail goes to one city; name one after 'to'."))
            target = c
        else:
            cities.append(c)
    if said_to and target is None:
        raise InvalidMove(_("Name the city after 'to', e.g. sail marseille 3s 4f to venezia."))
    return cities, numbers, target, said_to


def _numbers_fit(card, numbers) -> bool:
    """Every number typed is printed on the card: seals (s) and price (f), bare ones in that order."""
    if card[0] == "d":
        seals, price = card[2], card[3]
        bare = [v for v, u in numbers if u is None]
        if any(u == "s" and v != seals for v, u in numbers) or any(u == "f" and v != price for v, u in numbers):
            return False
        if len(numbers) > 2 or len(bare) > 2:
            return False
        if len(bare) == 2:
            return bare == [seals, price]
        if len(bare) == 1:
            if len(numbers) == 2:       # '3s 4' / '3 4f': the bare one is the other number
                other = price if any(u == "s" for _v, u in numbers) else seals
                return bare[0] == other
            return bare[0] in (seals, price)
        return True
    price = card[3]
    return len(numbers) <= 1 and all(u != "s" and v == price for v, u in numbers)


def card_fits(card, cities, numbers) -> bool:
    if not _numbers_fit(card, numbers):
        return False
    if len(cities) == 2:
        return card[0] == "c" and {card[1], card[2]} == set(cities)
    if len(cities) == 1:
        return card[0] == "d" and card[1] == cities[0]
    return True


def parse_sail(rules, s, words, legal):
    """The canonical text of the one sail move the words name, or IllegalMove/AmbiguousMove/InvalidMove."""
    if [w for w in words[1:] if w not in _FILLER and w != "to"] == ["bank"]:
        return _to_bank(rules, s, legal)       # 'sail to the bank', 'plout do banky': no card needed (T12)
    cities, numbers, target, said_to = read(words)
    if len(cities) > 2:
        raise InvalidMove(_("A card names one city (a destination card) or two (a connection card); "
                            "'{entry}' names {count}.").format(entry=" ".join(words), count=len(cities)))
    if len(cities) == 2 and said_to:
        raise InvalidMove(_("A connection card sails between its two cities; no 'to' is needed (e.g. sail "
                            "{pair}).").format(pair=f"{CITIES[cities[0]]}-{CITIES[cities[1]]}"))
    if len(cities) == 1 and not said_to and not numbers:
        # 'sail tunis': the Tunis destination card if the hand holds one, else to Tunis by whichever card
        held = [c for c in s.hands[s.cur] if c[0] == "d" and c[1] == cities[0]]
        if not held:
            target, cities = cities[0], []
    if len(cities) == 1 and not said_to:
        target = cities[0]          # a destination card used as a destination sails to its own city
    sails = [m for m in legal if m.action[0] == "sail"]
    hits = [m for m in sails if card_fits(m.action[1], cities, numbers)
            and (target is None or m.action[2] == target)]
    if len(hits) == 1:
        return hits[0].text
    if hits:
        shown = ", ".join(m.text for m in hits[:6]) + (", ..." if len(hits) > 6 else "")
        raise AmbiguousMove(_("'{entry}' could be {moves}; name the card.").format(entry=" ".join(words),
                                                                                 moves=shown))
    raise IllegalMove(_why_not(rules, s, words, cities, numbers, target))


def _to_bank(rules, s, legal) -> str:
    if any(m.text == "bank" for m in legal):
        return "bank"
    from .explain import explain

    raise IllegalMove(explain(rules, s, "bank", ["bank"]) or _("The ship cannot sail to the bank now (rule T12)."))


def _spec(cities, numbers) -> str:
    parts = [_name(c) for c in cities] + [f"{v}{u or ''}" for v, u in numbers]
    return " ".join(parts)


def _why_not(rules, s, words, cities, numbers, target) -> str:
    p = s.cur
    named = [c for c in dict.fromkeys(s.hands[p]) if card_fits(c, cities, numbers)]
    if not named:
        face = [c for c in s.face["d"] + s.face["c"] if card_fits(c, cities, numbers)] if cities else []
        if face:
            return _("You do not hold {card}; buy it first (rule T3).").format(card=card_label(face[0]))
        hand = ", ".join(sorted(card_label(c) for c in set(s.hands[p]))) or _("none")
        if cities or numbers:
            return _("You hold no card {card}; the cards in your hand are: {hand} (rule T5).").format(
                card=_spec(cities, numbers), hand=hand)
        if target is None:
            return _("Name the card to sail with; the cards in your hand are: {hand} (rule T5).").format(hand=hand)
        return _("None of your cards takes your ship to {city} now; your cards: {hand} (rules T5, T6).").format(
            city=_name(target), hand=hand)
    if target is not None and target == s.ship_city[p]:
        return _("Your ship is already in {city}; a sail goes to another city (rule T5).").format(
            city=_name(target))
    from .explain import explain

    for card in named:
        text = "sail " + card_label(card) + (f" to {CITIES[target]}" if target is not None else "")
        reason = explain(rules, s, text, text.split())
        if reason:
            return reason
    card = named[0]
    if target is not None:
        return _("{card} cannot take your ship to {city} now (rules T5, T6).").format(card=card_label(card),
                                                                                     city=_name(target))
    return _("{card} cannot be used now (rules T5, T6).").format(card=card_label(card))
