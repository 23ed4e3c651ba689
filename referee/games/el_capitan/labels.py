"""El Capitan moves as a Czech table says them (core/labels.py): ``koupit Tanger 3 14`` (a destination card:
its city, seals and price), ``koupit Tanger-Venezie 3`` (a connection card: its cities and price), ``plout
Marseille 3 4 do Neapole``, ``do banky``, ``postavit místo 2``, ``postavit červený``, ``znovu otevřít``,
``pevnost 2``, ``úvěr 10``, ``konec``, ``splatit vše``, ``začíná Ann``; the table's entries too (``cílová karta
Marseille 3 4``, ``Marseille přístav 1 cena 4``, ``rozložení Venezie Atény Tunis Konstantinopol``). The
words are the seed's (tables/el-capitan/names.json), which the notation reads (words.py) back as the same
move.
"""

from __future__ import annotations

from functools import lru_cache

from referee.core.names import display

from .board import CITIES

# A city after 'do' (genitive): names.json reads each.
_TO = {"marseille": "Marseille", "valencia": "Valencie", "tanger": "Tangeru", "venezia": "Benátek",
       "alexandria": "Alexandrie", "napoli": "Neapole", "constantinople": "Konstantinopole", "tunis": "Tunisu",
       "athina": "Atén"}
# A warehouse's colour (masculine: 'sklad').
_COLOUR = {"red": "červený", "yellow": "žlutý", "green": "zelený", "blue": "modrý", "purple": "fialový"}
_WORD = {"bank": "do banky", "build": "postavit", "reopen": "znovu otevřít", "fortress": "pevnost",
         "loan": "úvěr", "end": "konec", "pass": "nic", "repay": "splatit", "extend": "prodloužit",
         "all": "vše", "site": "místo", "start": "začíná", "price": "cena", "value": "hodnota",
         "harbour": "přístav", "final": "konečná", "dark": "tmavé", "plain": "světlé", "triangle": "trojúhelník",
         "layout": "rozložení", "expansion": "rozšíření", "cities": "měst", "to": "do"}


def _city(c: str) -> str:
    return display("el-capitan", "city", c, "cs")


def _card(word: str, numbers: list[str]) -> list[str]:
    """'marseille' ['3s', '4f'] -> 'Marseille 3 4'; 'tanger-venezia' ['3f'] -> 'Tanger-Venezie 3'."""
    name = "-".join(_city(c) for c in word.split("-"))
    return [name] + [n.rstrip("sf") for n in numbers]


def card_words(text: str) -> str:
    """A card's label ('marseille 3s 4f', 'tanger-venezia 3f') as the Czech moves name it."""
    words = text.split()
    return " ".join(_card(words[0], words[1:]))


@lru_cache(maxsize=None)
def _cities() -> frozenset:
    return frozenset(CITIES)


def label(text: str, lang: str) -> str:
    if lang == "en":
        return text
    words = text.split()
    head = words[0]
    if head in ("buy", "sail"):
        verb = "koupit" if head == "buy" else "plout"
        if len(words) == 1:                    # the verb alone, as a prompt names it
            return verb
        rest = words[1:]
        to = None
        if "to" in rest:
            k = rest.index("to")
            to, rest = rest[k + 1], rest[:k]
        said = [verb] + _card(rest[0], rest[1:])
        if to is not None:
            said += ["do", _TO[to]]
        return " ".join(said)
    if words[:2] == ["destination", "card"]:
        return " ".join(["cílová karta"] + _card(words[2], words[3:]))
    if words[:2] == ["connection", "card"]:
        return " ".join(["karta spojení"] + _card(words[2], words[3:]))
    if head == "layout":
        return " ".join(["rozložení"] + [_city(c) for c in words[1:]])
    if head == "start":                        # 'start ann': a player's name, as listed
        return " ".join(["začíná"] + words[1:])
    said = []
    for w in words:
        if w in _cities():
            said.append(_city(w))
        elif w in _COLOUR:
            said.append(_COLOUR[w])
        elif w in _WORD:
            said.append(_WORD[w])
        else:
            said.append(w)
    return " ".join(said)


# The table's `help` in Czech: the notation as the Czech labels say it. Czech only.
HELP = {"cs": """\
Tahy El Capitan česky (Tab doplňuje; diakritika není nutná):
  koupit Marseille 3 4             koupit odkrytou cílovou kartu (město, pečetě, cena)
  koupit Tanger-Venezie 3          koupit odkrytou kartu propojených měst (dvojice měst, cena)
  plout Marseille 3 4              použít cílovou kartu jako cíl
  plout Marseille 3 4 do Neapole   použít ji jako námořní trasu (až o tolik kroků, kolik má pečetí)
  plout Tanger-Venezie 3           použít kartu propojených měst (loď v jednom z jejích měst)
  do banky                         doplout do bankovního přístavu (zdarma); úvěr následuje hned
  postavit | postavit místo 2 | postavit červený   postavit sklad tam, kde je vaše loď
  znovu otevřít | znovu otevřít zelený   znovu otevřít uzavřený sklad (zdarma)
  pevnost | pevnost 2              postavit pevnost
  úvěr 10 | úvěr 16                vzít si úvěr (loď v bankovním přístavu; ne v prvním tahu)
  konec                            ukončit tah (po akci)
  splatit | prodloužit             splatit nebo prodloužit úvěr po výplatním dni (splatit vše,
                                   prodloužit vše: i ostatní vaše)
  začíná JMÉNO                     nejchudší hráč určí dalšího začínajícího hráče
Co odkryje stůl nebo ukazuje váš plán: cílová karta Marseille 3 4, karta spojení Tanger-Venezie 3,
rozložení Venezie Atény Tunis Konstantinopol, Marseille přístav 1 cena 4, Marseille pevnost 2 cena 10,
Marseille místo 5 hodnota 12, Marseille místo 5 tmavé | světlé | trojúhelník, rozšíření 5 měst 25
(na otázku o plánu stačí odpovědět hodnotou). Jeden řádek může obsahovat více tahů:
koupit Marseille 3 4 plout Marseille 3 4 postavit konec. Platí i zápis z manuálové stránky
(man referee-el-capitan)."""}
