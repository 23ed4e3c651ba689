"""Puerto Rico moves as a Czech table says them (core/labels.py): the roles by name (``stavitel``,
``starosta bez privilegia``), ``vezmi kukuřici``, ``umísti malou tržnici``, ``postav malou tržnici``, ``prodej
kávu``, ``nalož cukr 6``, ``ponech tabák``, ``nic``, ``souhlasím``. The names are the seed's
(tables/puerto-rico/names.json), in the accusative after a verb; every label is read back by the notation
(notation.py reads names.json, aliases included) as the same move.
"""

from __future__ import annotations

from referee.core.names import display

# Goods and plantations after a verb (accusative); quarry: 'kamenolom'.
_GOOD_ACC = {"corn": "kukuřici", "indigo": "indigo", "sugar": "cukr", "tobacco": "tabák", "coffee": "kávu",
             "quarry": "kamenolom"}
_BUILDING_ACC = {
    "small-indigo-plant": "malou zpracovatelnu indiga", "small-sugar-mill": "malý cukrovar",
    "indigo-plant": "zpracovatelnu indiga", "sugar-mill": "cukrovar", "tobacco-storage": "továrnu na tabák",
    "coffee-roaster": "pražírnu kávy", "small-market": "malou tržnici", "hacienda": "haciendu",
    "construction-hut": "stavební huť", "small-warehouse": "malé skladiště", "hospice": "útulek",
    "office": "obchodní kancelář", "large-market": "velkou tržnici", "large-warehouse": "velké skladiště",
    "factory": "manufakturu", "university": "univerzitu", "harbor": "přístav", "wharf": "loděnici",
    "guild-hall": "sídlo cechu", "residence": "rezidenci", "fortress": "pevnost", "customs-house": "celnici",
    "city-hall": "radnici"}
_VERB = {"take": "vezmi", "place": "umísti", "build": "postav", "sell": "prodej", "load": "nalož",
         "keep": "ponech", "extra": "navíc", "reveal": "odkrýt", "draw": "dobrat", "wharf": "nalož"}
_WORD = {"pass": "nic", "ok": "souhlasím", "done": "hotovo", "refuse": "odmítnout", "hacienda": "hacienda"}
_FLAG = {"no-hospice": "bez útulku", "no-university": "bez univerzity", "no-privilege": "bez privilegia"}
_ROLES = ("settler", "mayor", "builder", "craftsman", "trader", "captain", "prospector")


def _thing(word: str) -> str:
    return _GOOD_ACC.get(word) or _BUILDING_ACC.get(word) or word


def label(text: str, lang: str) -> str:
    if lang == "en":
        return text
    if text in _WORD:
        return _WORD[text]
    words = text.split()
    flags = [_FLAG[w] for w in words if w in _FLAG]
    words = [w for w in words if w not in _FLAG]
    head = words[0]
    if head in _ROLES:         # 'prospector 1': the prospector carrying one doubloon
        said = [display("puerto-rico", "role", head, "cs").lower()] + words[1:]
    elif head in _VERB:
        said = [_VERB[head]] + [w if w.isdigit() else _thing(w) for w in words[1:]]
        if head == "wharf":                     # 5.7 K5: the whole kind shipped with the wharf
            said.append("na loděnici")
    else:
        return text
    return " ".join(said + flags)


# The table's `help` in Czech: the notation as the Czech labels say it (the translated help of rules.py
# describes the English notation, which is still read). Czech only.
HELP = {"cs": """\
Tahy Puerto Rica česky (Tab doplňuje; 'moves' vypíše povolené tahy; diakritika není nutná):
  role        osadník | starosta | starosta bez privilegia | stavitel | dozorce | obchodník |
              kapitán | zlatokop
  náhoda      odkrýt <druh> (plantáž lícem nahoru do řady), dobrat <druh> (dílek z haciendy)
  osadník     vezmi kukuřici | vezmi kamenolom, + bez útulku | hacienda | nic
  starosta    umísti kukuřici | umísti malou tržnici (jeden kolonista) | souhlasím (návrh pro
              zbytek) | odmítnout
  stavitel    postav malou tržnici, + bez univerzity | nic
  dozorce     navíc kávu | nic
  obchodník   prodej kávu | nic
  kapitán     nalož kukuřici, + loď, vejde-li se na více: nalož kukuřici 6 |
              nalož kukuřici na loděnici | nic
  skladování  ponech tabák (nejdřív druhy do skladiště, pak jeden sud) | souhlasím
Jeden řádek může obsahovat více tahů: 'kukuřice indigo cukr' (řada), 'umísti 2 kukuřici'.
Platí i zápis z manuálové stránky (man referee-puerto-rico)."""}
