"""Port Royal's words: the notation's help, its move words and fillers, and a typed card's name read as a
card id (either edition's names, synonyms, unique prefixes). The parser (notation.py) reads moves with them."""

from __future__ import annotations

import unicodedata

from referee.core.errors import AmbiguousMove, IllegalMove, InvalidMove
from referee.core.names import display
from referee.core.suggest import close_matches
from referee.i18n import N_, _

from . import cards as C
from .cards import (COLOUR, COLOURS, IDS, INDEX, KIND, SHIP, SHIP_TYPES, SKULL, SWORDS, TYPE_OF_COLOUR,
                    COLOUR_OF_TYPE)

# Shown by the table's `help` in the language in force (PortRoyalRules.notation translates it).
HELP = N_("""\
Port Royal notation (case-insensitive; Tab completes; unique prefixes work, e.g. 'gov' for governor-8-0):
  <card>                   the card the active player turned over, e.g. flute-2-3, blue 2 3,
                           námořník 3: the flip is implied (or 'flip' (f), then the card)
  repel (r) / dock (d)     a ship you could repel (D4); docking a second ship of a colour
                           busts the turn (D4c/R10): 'dock' or 'bust'
  Enter                    at the start of a turn: flip (when no expedition can be claimed)
  stop (s, done)           end phase 1 and start Trade & Hire
  take <card> (or just <card>, hire/trade/buy <card>)   take a card from the harbour in phase 2;
                           'trade' alone takes the only ship there, 'hire' the only person
  pass (p, no, skip)       take nothing (more) in phase 2
  claim <expedition>       e.g. 'claim cc'; to choose the persons: 'claim cc using priest jack'
  end                      end the turn when a claim was still possible
  reshuffle                the table shuffles the discards into a new draw pile now (R11)
  paid <card>              (option coin-faces=on) the face of a coin paid to the discard pile (R15)
Card ids: ships <type>-<swords>-<coins> (pinnace=yellow, flute=blue, skiff=green, frigate=red,
galleon=black; swords may be 'skull'), persons <type>-<cost>-<influence> (trader-<colour>-...),
expedition-aa/cc/hh/aah/cch/ach (a=anchor, c=cross, h=house), tax-swords, tax-influence.
One line may hold one player's moves in order: 'repel sailor 3 1', 'stop, take flute', 'dock then
blue 2 3'; each is checked, and the line is refused whole if any is.
A player's name may lead a move: 'bob take sailor-3-1'. Moves may be said as at the table:
'flip again', 'repel it', 'let it dock', 'Bob takes the flute', 'Ann claims aa', 'the blue one'.
The Czech edition's names work too, with or without accents: námořník 3, modrá 2 3, žlutý obchodník 3,
barka 1 1, daně šavle, Všeuměl; and Czech move words: otoč, stačí, vezmi, nic, odrazit, zakotvit.""")

VERBS = {
    "flip": "flip", "f": "flip", "draw": "flip", "turn": "flip", "next": "flip", "continue": "flip",
    "go": "flip", "reveal": "flip", "discover": "flip",
    "stop": "stop", "s": "stop", "done": "stop", "enough": "stop", "trade": "take", "hire": "take",
    "take": "take", "t": "take", "buy": "take", "get": "take", "pick": "take",
    "pass": "pass", "p": "pass", "no": "pass", "skip": "pass", "none": "pass", "decline": "pass",
    "nothing": "pass",
    "repel": "repel", "r": "repel", "fight": "repel", "defend": "repel", "sink": "repel", "reject": "repel",
    "dock": "dock", "d": "dock", "let": "dock", "allow": "dock", "accept": "dock", "anchor": "dock",
    "bust": "bust",
    # as announced at the table, in the third person ("Ann flips", "Bob takes the flute", "Ann claims aa")
    "flips": "flip", "draws": "flip", "again": "flip", "another": "flip", "more": "flip", "hit": "flip",
    "stops": "stop", "takes": "take", "trades": "take", "hires": "take", "buys": "take", "passes": "pass",
    "repels": "repel", "sinks": "repel", "docks": "dock", "busts": "bust", "claims": "claim", "ends": "end",
    "claim": "claim", "c": "claim", "expedition": "claim", "exp": "claim", "x": "claim",
    "end": "end", "finish": "end", "e": "end",
    "reshuffle": "reshuffle", "shuffle": "reshuffle",
    "card": "card", "flipped": "card", "is": "card",
    "paid": "paid", "coin": "paid",
}
# Words said after a move word that add nothing to it.
_SHIP_FILLER = frozenset(("it", "in", "her", "the", "this", "ship", "one", "dock", "docks"))
FILLER = {"flip": frozenset(("again", "a", "card", "the", "next", "another", "one", "more", "new")),
          "repel": _SHIP_FILLER, "dock": _SHIP_FILLER | {"anchor"}, "bust": _SHIP_FILLER}
# Said after "I'm done" words and adding nothing: "no thanks", "end the turn", "stop flipping now".
DONE_FILLER = frozenset(("thanks", "thank", "you", "please", "now", "the", "my", "turn", "phase", "flipping",
                         "here", "it", "this", "time", "dekuji", "diky", "uz"))
# Words that mean "I'm done" in whatever phase: mapped per phase below.
DONE_WORDS = {"done", "end", "stop", "pass", "finish", "enough", "no", "skip", "none", "nothing", "e", "s",
              "p"}

PERSON_SYNONYMS = {"monk": "priest", "mnich": "priest", "jack-of-all-trades": "jack", "joker": "jack",
                   "tausendsassa": "jack", "mlle": "mademoiselle", "lady": "mademoiselle",
                   "fraulein": "mademoiselle", "gov": "governor", "adm": "admiral", "fool": "jester",
                   "merchant": "trader", "haendler": "trader", "handler": "trader", "priester": "priest",
                   "siedler": "settler", "kapitan": "captain", "matrose": "sailor", "pirat": "pirate",
                   "gouverneur": "governor", "witzbold": "jester", "osadnik": "settler", "clown": "jester",
                   # the seed's Czech names, typed with or without diacritics
                   "kapitan": "captain", "vseumel": "jack", "namornik": "sailor", "slecna": "mademoiselle",
                   "vtipalek": "jester", "guverner": "governor", "obchodnik": "trader", "admiral": "admiral"}
# Czech colour words (rules 3.2), in the genders a table says them: "modrá loď", "modrý obchodník".
CZECH_COLOURS = {w + e: c for w, c in (("zlut", "yellow"), ("modr", "blue"), ("zelen", "green"),
                                         ("cerven", "red"), ("cern", "black")) for e in ("a", "y", "e")}
SHIP_SYNONYMS = {"pinasse": "pinnace", "fleute": "flute", "flauta": "flute", "barke": "skiff",
                 "fregatte": "frigate", "galeone": "galleon", "ship": ""}
# Articles and filler around a card's name: "take the flute", "the blue one", "a sailor please".
CARD_FILLER = frozenset(("the", "a", "an", "one", "please", "ship", "card", "person"))
WORDS = {**{k: v for k, v in PERSON_SYNONYMS.items() if "-" not in k}, **CZECH_COLOURS,
         "expedice": "expedition", "lod": "", "lode": "", "lebka": "skull"}
EXP_SHORT = {IDS[i][len("expedition-"):]: i for i in C.EXPEDITIONS}
SYMBOL_WORDS = {"settler": 0, "settlers": 0, "house": 0, "h": 0, "captain": 1, "captains": 1, "anchor": 1,
                "a": 1, "priest": 2, "priests": 2, "monk": 2, "cross": 2, "jack": 3, "jacks": 3, "joker": 3,
                "j": 3}


def ship_colour(c: int) -> str:
    """The colour of card c's ship as the edition in force names it ('blue', 'modrá')."""
    return display("port-royal", "colour", COLOURS[COLOUR[c]])


# ----------------------------------------------------------------------------- card words
_CARD_KINDS = ("person", "ship", "colour", "card")


def _named(t: str) -> str:
    """The components' names in either language (tables/port-royal/names.json: 'výběr daní šavle',
    'barka', 'Všeuměl') replaced by the notation's words, longest phrase first; a phrase two components
    share is left as typed (and then refused), never guessed."""
    from referee.core.names import lookup

    words = [w for w in t.replace("-", " ").split() if w]
    out, i = [], 0
    while i < len(words):
        for n in (4, 3, 2, 1):
            if i + n > len(words):
                continue
            hits = lookup("port-royal", " ".join(words[i:i + n]), _CARD_KINDS)
            if len(hits) == 1:
                out.append(hits[0][1])
                i += n
                break
        else:
            out.append(words[i])
            i += 1
    return "-".join(out)


def verb_words(words: list[str]) -> list[str]:
    """A move word in Czech (or another listed spelling) leading the words, as the English move word."""
    from referee.core.names import lookup

    if not words or words[0] in VERBS:
        return words
    for n in (2, 1):
        if len(words) >= n:
            hits = lookup("port-royal", " ".join(words[:n]), ("word",))
            if len(hits) == 1:
                return [hits[0][1]] + words[n:]
    return words


def canon_card_text(text: str) -> str:
    """Spell a typed card the canonical way: dashes, ship types for colours, colours for traders."""
    t = text.strip().replace("_", "-").lower()
    if not t.isascii():                                  # "námořník", "modrá": the seed's words as typed
        t = unicodedata.normalize("NFKD", t).encode("ascii", "ignore").decode()
    t = _named(t)
    parts = [w for w in (WORDS.get(p, p) for p in t.replace(" ", "-").split("-") if p not in CARD_FILLER) if w]
    if not parts:
        return ""
    if parts[:4] == ["jack", "of", "all", "trades"]:
        parts = ["jack"] + parts[4:]
    if parts[0] in ("expedition", "exp", "e") and len(parts) == 2:
        return "expedition-" + parts[1]
    if len(parts) == 1 and parts[0] in EXP_SHORT:
        return "expedition-" + parts[0]
    if parts[0] in ("tax", "taxes") and len(parts) == 2:
        return "tax-" + {"sword": "swords", "influence": "influence", "swords": "swords"}.get(parts[1], parts[1])
    head = parts[0]
    head = PERSON_SYNONYMS.get(head, SHIP_SYNONYMS.get(head, head))
    if len(head) >= 3 and head not in TYPE_OF_COLOUR and not any(i.startswith(head) for i in IDS):
        colours = [c for c in COLOURS if c.startswith(head)]      # "blu 2 3" = "blue-2-3"
        if len(colours) == 1:
            head = colours[0]
    if head in TYPE_OF_COLOUR and len(parts) > 1 and parts[1] in ("trader", "traders"):
        parts = ["trader", head] + parts[2:]             # "yellow trader" = "trader-yellow"
        head = "trader"
    if head in COLOUR_OF_TYPE.values() or head in TYPE_OF_COLOUR:
        head = TYPE_OF_COLOUR.get(head, head)           # "blue-2-3" = "flute-2-3"
    parts[0] = head
    if head == "trader" and len(parts) > 1 and parts[1] in COLOUR_OF_TYPE:
        parts[1] = COLOUR_OF_TYPE[parts[1]]             # "trader-flute-3-1" = "trader-blue-3-1"
    if head in SHIP_TYPES and len(parts) > 1 and parts[1] in ("s", "sk", "x", "skulls"):
        parts[1] = "skull"
    return "-".join(p for p in parts if p)


# What resolve_card is asked to name ("card" or "expedition"), in each of its refusals.
_NAME_A = {"card": N_("Name a card, e.g. flute-2-3 or sailor-3-1."),
           "expedition": N_("Name an expedition, e.g. flute-2-3 or sailor-3-1.")}
_COULD_BE = {"card": N_("{text} could be {cards}; type more of the card."),
             "expedition": N_("{text} could be {cards}; type more of the expedition.")}
_NOT_A = {"card": N_("{text} is not a Port Royal card."),
          "expedition": N_("{text} is not a Port Royal expedition.")}


def resolve_card(text: str, pool, what: str = "card", missing: str | None = None) -> int:
    """Card number for typed text: exact id or synonym, else a unique prefix within pool, else all ids.

    ``missing``: the rule to state when the text names real cards but none of them is in ``pool``
    ("take sailor" with no Sailor in the harbour), with ``{text}`` for what was typed.
    """
    t = canon_card_text(text)
    if not t:
        raise InvalidMove(_(_NAME_A[what]))
    if t in INDEX:
        return INDEX[t]
    fits = _skull_fits(t) or (lambda c: IDS[c].startswith(t))
    for group in (pool, range(C.N)):
        hits = sorted({c for c in group if fits(c)})
        if hits and missing and group is not pool:
            raise IllegalMove(missing.format(text=text.strip()))
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            raise AmbiguousMove(_(_COULD_BE[what]).format(
                text=repr(text), cards=", ".join(IDS[c] for c in hits[:12]) + (" ..." if len(hits) > 12 else "")))
    close = close_matches(t, IDS, n=1, cutoff=0.6)
    hint = (" " + _("Did you mean {card}?").format(card=close[0])) if close else ""
    raise InvalidMove(_(_NOT_A[what]).format(text=repr(text)) + hint)


def _skull_fits(t: str):
    """'skull', 'skull-3', 'red-skull' (canonical 'frigate-skull'...): a skull ship is said by its skull, the
    ship's colour or type and its coins being optional. None when the text does not lead with 'skull'."""
    if t != "skull" and not t.startswith("skull-"):
        return None
    tail = t[len("skull"):]
    return lambda c: KIND[c] == SHIP and SWORDS[c] == SKULL and IDS[c].endswith(tail)
