"""El Capitan notation: card labels, city names, and typed-text matching (abbreviations, did-you-mean)."""

from __future__ import annotations

import difflib

from referee.core.errors import AmbiguousMove

from .board import CITIES

HELP = """\
El Capitan notation (type a prefix of any word; `moves` lists everything legal now):
  buy marseille 3s 4f          buy a face-up destination card (city, seals, price)
  buy tanger-venezia 3f        buy a face-up connection card (city pair, price)
  sail marseille 3s 4f         use a destination card as a destination
  sail marseille 3s 4f to napoli   use it as a sea route (up to its seals, orthogonal steps)
  sail tanger-venezia 3f       use a connection card (ship in one of its cities)
  bank                         sail to the bank harbour (free)
  build | build site 2 | build red | build green site 1     build a warehouse where your ship is
  reopen | reopen green        reopen one of your shut warehouses (free)
  fortress | fortress 2        build a fortress (space 2: only with option fortress_space=choice)
  loan 10 | loan 16            take a loan (ship in the bank harbour; not in your first turn)
  end                          end your turn (after the action)
  repay | extend               settle a loan after payday 1 or 2 (repay all | extend all: the rest of yours)
  start NAME                   the poorest player names the next start player
Chance moves (what the table reveals or what your board shows):
  layout venezia athina tunis constantinople   the cities in the top-middle, middle-right, bottom-middle
                                               cells and the top-right corner
  destination card marseille, 3 seals, price 4 / connection card tanger-venezia, price 3
  marseille harbour 1 price 4, marseille fortress 2 price 10, marseille site 5 value 12,
  marseille final value 30, marseille site 5 dark|plain|triangle, expansion 5 cities 25
Enter your board once with `referee board` and these questions answer themselves."""

_LABELS: dict = {}


def card_label(card) -> str:
    label = _LABELS.get(card)
    if label is None:
        if card[0] == "d":
            label = f"{CITIES[card[1]]} {card[2]}s {card[3]}f"
        else:
            label = f"{CITIES[card[1]]}-{CITIES[card[2]]} {card[3]}f"
        _LABELS[card] = label
    return label


def city_named(word: str) -> int | None:
    """A city index from a (prefix of a) city name, or None."""
    word = word.strip().lower()
    if not word:
        return None
    hits = [i for i, c in enumerate(CITIES) if c.startswith(word)]
    if len(hits) == 1:
        return hits[0]
    if word in CITIES:
        return CITIES.index(word)
    return None


def suggest(word: str, choices) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" Did you mean {close[0]}?" if close else ""


def match(text: str, legal_texts) -> str | None:
    """Resolve an abbreviation: every typed word is a prefix of the corresponding word of exactly one legal
    text (or of the first words of it). Raises AmbiguousMove for several, returns None for none."""
    typed = text.split()
    hits = []
    for cand in legal_texts:
        words = cand.split()
        if len(words) < len(typed):
            continue
        if all(w.startswith(t) for t, w in zip(typed, words)):
            hits.append(cand)
    if len(hits) == 1:
        return hits[0]
    if not hits:
        return None
    exact_len = [h for h in hits if len(h.split()) == len(typed)]
    if len(exact_len) == 1:
        return exact_len[0]
    shown = ", ".join(hits[:6]) + (", ..." if len(hits) > 6 else "")
    raise AmbiguousMove(f"'{text}' could mean {shown}; type more of it.")
