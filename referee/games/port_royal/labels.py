"""Port Royal moves as a Czech table says them (core/labels.py): ``otočit``, ``námořník 3 1`` (the card
turned over), ``vezmi admirála 7 2``, ``stačí``, ``nic``, ``odrazit``, ``zakotvit``, ``provést expedici 2 kotvy
pomocí kapitána kapitána``. Every label is read back by the notation (notation.py, names.json) as the same
move in the position that lists it.

A card is named by the seed's name (tables/port-royal/names.json) and its two printed numbers, as the id
has them: a ship by its swords and coins (``flauta 2 3``, a skull ship ``fregata lebka 3``), a person by
cost and influence (``námořník 3 1``, a trader by his colour: ``modrý obchodník 3 1``); after a verb the
name is in the accusative (``vezmi flautu 2 3``, ``vezmi modrého obchodníka 3 1``).
"""

from __future__ import annotations

from functools import lru_cache

from referee.core.names import display

from . import cards as C

# Accusative of each name (after 'vezmi' / 'pomocí' takes the genitive, which is the same for these
# animate masculines): the seed's names declined. notation.py reads them through names.json's aliases.
_ACC = {"pinnace": "pinasu", "flute": "flautu", "skiff": "šalupu", "frigate": "fregatu", "galleon": "galeonu",
        "settler": "osadníka", "captain": "kapitána", "priest": "mnicha", "jack": "všeuměla", "trader": "obchodníka",
        "sailor": "námořníka", "pirate": "piráta", "admiral": "admirála", "jester": "vtipálka",
        "governor": "guvernéra", "mademoiselle": "slečnu"}
# A trader's colour as an adjective before 'obchodník' (masculine), nominative and accusative.
_COLOUR_M = {"yellow": ("žlutý", "žlutého"), "blue": ("modrý", "modrého"), "green": ("zelený", "zeleného"),
             "red": ("červený", "červeného"), "black": ("černý", "černého")}
# The expeditions by their symbols, as the card shows them (names.json reads each).
_EXPEDITION = {"aa": "expedice 2 kotvy", "cc": "expedice 2 kříže", "hh": "expedice 2 domy",
               "aah": "expedice 2 kotvy dům", "cch": "expedice 2 kříže dům", "ach": "expedice kotva kříž dům"}
_TAX = {"tax-swords": "daně šavle", "tax-influence": "daně vliv"}
_WORD = {"flip": "otočit", "stop": "stačí", "pass": "nic", "repel": "odrazit", "dock": "zakotvit",
         "bust": "zakotvit", "end": "konec", "reshuffle": "zamíchat"}
# The persons paying for an expedition, after 'pomocí' (genitive: the same forms as _ACC for these).
_USING = {"settler": "osadníka", "captain": "kapitána", "priest": "mnicha", "jack": "všeuměla"}


def card(cid: str, lang: str = "cs", accusative: bool = False) -> str:
    """A card by its name and numbers in ``lang`` ('flauta 2 3', 'vezmi' + 'flautu 2 3'); English: the id."""
    if lang == "en":
        return cid
    return _card(cid, accusative)


@lru_cache(maxsize=None)
def _card(cid: str, accusative: bool) -> str:
    if cid in _TAX:
        return _TAX[cid]
    if cid.startswith("expedition-"):
        return _EXPEDITION[cid[len("expedition-"):]]
    i = C.INDEX[cid]
    t = C.TYPE[i]
    if C.KIND[i] == C.SHIP:
        name = _ACC[t] if accusative else display("port-royal", "ship", t, "cs").lower()
        swords = "lebka" if C.SWORDS[i] == C.SKULL else str(C.SWORDS[i])
        return f"{name} {swords} {C.COINS[i]}"
    name = _ACC[t] if accusative else display("port-royal", "person", t, "cs").lower()
    if t == "trader":
        name = f"{_COLOUR_M[C.COLOURS[C.COLOUR[i]]][accusative]} {name}"
    return f"{name} {C.COST[i]} {C.INFLUENCE[i]}"


def label(text: str, lang: str) -> str:
    if lang == "en":
        return text
    if text in _WORD:
        return _WORD[text]
    verb, _sp, rest = text.partition(" ")
    if verb == "take":
        return "vezmi " + _card(rest, True)
    if verb == "paid":
        return "zaplaceno " + _card(rest, False)
    if verb == "claim":
        exp, _u, using = rest.partition(" using ")
        said = "provést " + _card(exp, False).replace("expedice", "expedici", 1)
        if using:
            said += " pomocí " + " ".join(_USING[w] for w in using.split())
        return said
    if text in C.INDEX:
        return _card(text, False)
    return text


# The table's `help` in Czech: the notation as the Czech labels say it (the translated notation help of
# notation.py describes the English notation, which is still read). Czech only: English shows HELP there.
HELP = {"cs": """\
Tahy Port Royal česky (Tab doplňuje; na velikosti písmen a diakritice nezáleží):
  otočit                      aktivní hráč otočí kartu (Enter na začátku tahu)
  <karta>                     otočená karta: flauta 2 3 (loď: šavle, mince), fregata lebka 3,
                              námořník 3 1 (postava: cena, vliv), modrý obchodník 3 1, daně šavle,
                              daně vliv, expedice 2 kotvy; ve fázi 1 samotná karta je otočení i karta
  odrazit / zakotvit          loď, která právě připlula (D4); druhá loď stejné barvy znamená krach
  stačí                       konec fáze 1, začíná obchod a nábor
  vezmi <kartu>               vzít kartu z přístavu ve fázi 2: vezmi flautu 2 3, vezmi admirála 7 2
  nic                         nebrat (už) nic ve fázi 2
  provést expedici 2 kotvy    provést expedici; s volbou postav: ... pomocí kapitána všeuměla
  konec                       ukončit tah, když ještě šlo provést expedici
  zamíchat                    stůl zamíchá odhozené karty do nového dobíracího balíčku (R11)
  zaplaceno <karta>           líc mince zaplacené na odhazovací balíček (R15, volba coin-faces)
Tah může začínat jménem hráče (Bob vezmi flautu 2 3); jeden řádek může obsahovat více tahů
jednoho hráče (odrazit, otočit). Platí i zápis z manuálové stránky (man referee-port-royal)."""}
