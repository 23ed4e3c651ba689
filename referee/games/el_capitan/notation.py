"""El Capitan notation: card labels, city names, and typed-text matching (abbreviations, did-you-mean)."""

from __future__ import annotations

from referee.core.errors import AmbiguousMove
from referee.core.suggest import close_matches
from referee.i18n import N_, _

from .board import CITIES

# Marked N_() and translated where shown (Rules.notation): the language may be chosen after import.
HELP = N_("""\
El Capitan notation (type a prefix of any word, the first one naming one verb: ba = bank, bui = build;
`moves` lists everything legal now):
  buy marseille 3s 4f          buy a face-up destination card (city, seals, price)
  buy tanger-venezia 3f        buy a face-up connection card (city pair, price)
  sail marseille 3s 4f         use a destination card as a destination
  sail marseille 3s 4f to napoli   use it as a sea route (up to its seals, orthogonal steps)
  sail tanger-venezia 3f       use a connection card (ship in one of its cities); also: sail venezia tanger
  bank                         sail to the bank harbour (free); the loan follows at once
  build | build site 2 | build red | build green site 1     build a warehouse where your ship is
  reopen | reopen green        reopen one of your shut warehouses (free)
  fortress | fortress 2        build a fortress (space 2: only with option fortress-space=choice)
  loan 10 | loan 16            take a loan (ship in the bank harbour; not in your first turn)
  end                          end your turn (after the action)
  repay | extend               settle a loan after payday 1 or 2 (repay all | extend all: the rest of yours)
  start NAME                   the poorest player names the next start player
Chance moves (what the table reveals or what your board shows):
  layout venezia athina tunis constantinople   the cities in the top-middle, middle-right, bottom-middle
                                               cells and the top-right corner
  destination card marseille 3s 4f (or: marseille 3 4) / connection card tanger-venezia 3f (or: tanger venezia 3)
  marseille harbour 1 price 4, marseille fortress 2 price 10, marseille site 5 value 12,
  marseille final value 30, marseille site 5 dark|plain|triangle, expansion 5 cities 25
  (a board question is answered with just the value: 4, or plain / dark / triangle)
Enter your board once with `referee board` and these questions answer themselves.
One line may hold several moves: buy marseille 3s 4f sail marseille 3s 4f build end (all or nothing).
Enter ends the turn once the action is done. Czech: koupit, plout, banka, postavit, pevnost, úvěr,
konec, do Benátek, Neapol, Atény, červená, místo 2 (plout marseille 3s 4f do Neapole).""")

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


def card_shown(card) -> str:
    """A card where the board shows it: its label in English ('marseille 3s 4f'), in Czech as the Czech
    moves name it ('Marseille 3 4', labels.py), which the table reads back as that card."""
    from referee.i18n import language

    text = card_label(card)
    if language() == "en":
        return text
    from .labels import card_words

    return card_words(text)


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
    close = close_matches(word, list(choices), n=1, cutoff=0.6)
    return " " + _("Did you mean {word}?").format(word=close[0]) if close else ""


def fits(typed: str, word: str) -> bool:
    """A typed word names a word of a legal text: a start of it ('mars' for marseille), but a number is whole:
    '1' is '1f' or '1s', never 10 or 16 (every number typed is honoured, issue 13)."""
    if typed.isdigit():
        return word == typed or (word[:len(typed)] == typed and not word[len(typed):len(typed) + 1].isdigit())
    return word.startswith(typed)


def _subsequence(typed, words) -> bool:
    """Every typed word is a prefix of a word of the legal text, in order (words may be skipped)."""
    i = 0
    for t in typed:
        while i < len(words) and not fits(t, words[i]):
            i += 1
        if i == len(words):
            return False
        i += 1
    return True


def _swapped(cand: str) -> list:
    """A connection card's words with its two cities the other way round ('napoli tanger' for tanger-napoli):
    the card is the same whichever end the table reads first."""
    out = []
    for w in cand.split():
        out += reversed(w.split("-")) if "-" in w else [w]
    return out


def match(text: str, legal_texts) -> str | None:
    """Resolve an abbreviation: each typed word is a prefix of a word of a legal text, in order, and the first
    typed word starts that text ("dest mars" -> "destination card marseille"). One hit wins; among several,
    the single shortest one (fewest words) wins; otherwise AmbiguousMove. None when nothing matches."""
    typed = text.replace("-", " ").split()        # a city pair may be typed with or without its hyphen
    if not typed:
        return None
    hits = []
    for cand in legal_texts:
        words = cand.replace("-", " ").split()
        if fits(typed[0], words[0]) and (_subsequence(typed[1:], words[1:])
                                              or ("-" in cand and _subsequence(typed[1:], _swapped(cand)[1:]))):
            hits.append(cand)
    if len(hits) == 1:
        return hits[0]
    if not hits:
        return None
    verbs = {h.split()[0] for h in hits}
    if len(verbs) > 1 and typed[0] not in verbs:
        # a first word that starts several verbs ("b": bank, build, buy) names none of them: the shortest
        # must not win here, or "b" would send the ship to the bank
        shown = ", ".join(sorted(verbs))
        raise AmbiguousMove(_("'{text}' could mean {moves}; type more of the first word.").format(text=text,
                                                                                                  moves=shown))
    if hits[0].startswith("build") and "site" not in typed:
        # a city's first warehouse: "bui" (like "build") takes site 1; site 2 is named when wanted (W3a)
        ones = [h for h in hits if h.endswith(" site 1")]
        if len(ones) == 1 and all(h.startswith("build") and h.endswith((" site 1", " site 2")) for h in hits):
            return ones[0]
    # a city named alone means the destination card, not a connection card of that city ("buy mars")
    plain = [h for h in hits if "-" not in h]
    if plain:
        hits = plain
        if len(hits) == 1:
            return hits[0]
    shortest = min(len(h.split()) for h in hits)
    best = [h for h in hits if len(h.split()) == shortest]
    if len(best) == 1 and shortest == len(typed):
        return best[0]
    if len(best) == 1 and all(len(h.split()) > shortest for h in hits if h != best[0]):
        # e.g. "sail mars" -> the destination use, not the sea routes "sail marseille ... to X"
        prefix_ok = all(h.startswith(best[0]) for h in hits)
        if prefix_ok:
            return best[0]
    shown = ", ".join(hits[:6]) + (", ..." if len(hits) > 6 else "")
    raise AmbiguousMove(_("'{text}' could mean {moves}; type more of it.").format(text=text, moves=shown))

