"""Port Royal notation: what a player types, the prompt line and the public view.

Canonical moves (lowercase, one spelling each):
    flip                      the active player turns the next card (D1); at the table a card's name alone
                              in phase 1 is 'flip' and that card (split_entry, read by core/entry.py)
    <card-id>                 chance: the card that was flipped, e.g. flute-2-3, sailor-3-1, tax-swords
    repel | dock              the ship just flipped (D4)
    stop                      end phase 1 (D5)
    take <card-id>            phase 2: trade a ship or hire a person (T6/T7)
    pass                      phase 2: take nothing (more)
    claim <expedition-id> [using <persons>]   claim an expedition (E1-E4)
    end                       end the turn after phase 2 (only offered while a claim is possible)
    reshuffle                 table event: the discards become the draw pile now (R11)
    paid <card-id>            table event (option coin-faces): the face of a paid coin (R15)
"""

from __future__ import annotations

import difflib
import unicodedata

from referee.core.errors import AmbiguousMove, IllegalMove, InvalidMove
from referee.i18n import _

from . import cards as C
from .cards import (COLOUR, COLOURS, COST, DESCRIBE, EXPEDITION, IDS, INDEX, KIND, PERSON, REQUIRE,
                    S_ANCHOR, S_CROSS, S_HOUSE, S_INFL, S_JOKER, S_MAD, S_SWORDS, SHIP, SHIP_TYPES, SKULL,
                    SWORDS, TYPE_OF_COLOUR, COLOUR_OF_TYPE)

HELP = """\
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
barka 1 1, daně šavle, Všeuměl; and Czech move words: otoč, stačí, vezmi, nic, odrazit, zakotvit."""

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


def resolve_card(text: str, pool, what: str = "card", missing: str | None = None) -> int:
    """Card number for typed text: exact id or synonym, else a unique prefix within pool, else all ids.

    ``missing``: the rule to state when the text names real cards but none of them is in ``pool``
    ("take sailor" with no Sailor in the harbour), with ``{text}`` for what was typed.
    """
    t = canon_card_text(text)
    if not t:
        raise InvalidMove(f"Name a {what}, e.g. flute-2-3 or sailor-3-1.")
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
            raise AmbiguousMove(f"{text!r} could be {', '.join(IDS[c] for c in hits[:12])}"
                                f"{' ...' if len(hits) > 12 else ''}; type more of the {what}.")
    close = difflib.get_close_matches(t, IDS, n=1, cutoff=0.6)
    hint = f" Did you mean {close[0]}?" if close else ""
    raise InvalidMove(f"{text!r} is not a Port Royal {what}.{hint}")


def _skull_fits(t: str):
    """'skull', 'skull-3', 'red-skull' (canonical 'frigate-skull'...): a skull ship is said by its skull, the
    ship's colour or type and its coins being optional. None when the text does not lead with 'skull'."""
    if t != "skull" and not t.startswith("skull-"):
        return None
    tail = t[len("skull"):]
    return lambda c: KIND[c] == SHIP and SWORDS[c] == SKULL and IDS[c].endswith(tail)


# ----------------------------------------------------------------------------- parse
def _who(rules, s, words):
    """An optional leading player name: ('bob', rest)."""
    if len(words) > 1:                     # a lone word is a move or a card, even if a player has that name
        w = words[0].rstrip(":,")
        for p, name in enumerate(s.players):
            if name.casefold() == w:
                return p, words[1:]
    return None, words


def parse(rules, s, text: str) -> str:
    """Typed text -> canonical move; a move led by a player's name must be that player's (the core plays the
    canonical move for whoever it belongs to, so 'bob pass' must not stop Ann's flipping)."""
    canon = _parse(rules, s, text)
    who, _ = _who(rules, s, text.split())
    if who is not None:
        m = next((m for m in rules.legal(s) if m.text == canon), None)
        name = s.players[who]
        if m is not None and m.player is not None and m.player != name:
            active = s.players[s.active]
            verb = canon.split()[0]
            if verb in ("take", "pass"):
                raise IllegalMove(f"It is {m.player}'s chance to take a card, not {name}'s (T2).")
            if verb == "claim":
                raise IllegalMove(f"Only {active}, the active player, may claim an expedition (E1/R3).")
            what = {"stop": "stop flipping", "end": "end the turn"}.get(verb, verb)
            raise IllegalMove(f"It is {active}'s turn: only {active} may {what}, not {name} (D1/D5).")
    return canon


def _parse(rules, s, text: str) -> str:
    from .state import CLOSE, FLIP, OVER, REVEAL, SHIP as SHIP_PHASE, TAKE

    words = text.split()
    who, words = _who(rules, s, words)
    words = verb_words(words)
    if not words:
        raise InvalidMove("Type a move after the player's name, e.g. 'flip', 'stop' or 'take sailor-3-1'.")
    head = words[0]
    verb = VERBS.get(head)
    rest = " ".join(words[1:])
    if verb in FILLER:                                   # "flip again", "repel it", "let it dock"
        rest = " ".join(w for w in words[1:] if w not in FILLER[verb])
    ph = s.phase
    active = s.players[s.active]

    if ph == OVER:
        raise IllegalMove("The game is over.")

    if verb == "reshuffle":
        if s.eager_reshuffle:
            raise IllegalMove("This game reshuffles automatically as soon as the draw pile runs out (R11).")
        if s.draw:
            raise IllegalMove(f"The draw pile still holds {s.draw} cards; reshuffle only when it is empty (C2).")
        if not s.discard:
            raise IllegalMove("The discard pile is empty: there is nothing to reshuffle (R5).")
        raise IllegalMove("Finish entering the flipped card first.")

    if verb == "paid":
        if not s.coin_faces:
            raise IllegalMove("Faces of paid coins are entered only with the option coin-faces=on (R15).")
        if ph == REVEAL:
            raise IllegalMove(f"Enter the card {active} flipped first (D1).")
        if not s.unknown:
            raise IllegalMove("No unidentified paid coin lies on the discard pile (C3/R15).")
        c = resolve_card(rest, rules.paid_faces(s))
        if c not in rules.paid_faces(s):
            raise IllegalMove(f"No copy of {IDS[c]} can be among the paid coins (C4).")
        return "paid " + IDS[c]

    if ph == REVEAL and who is not None:
        try:                               # a player named like a card ("Jack"): read the whole text as the card
            c = resolve_card(text, [c for c in range(C.N) if s.ub[c]])
        except InvalidMove:
            raise InvalidMove(f"Enter the card {active} flipped, without a player's name, e.g. flute-2-3.") from None
        if not s.ub[c]:
            raise IllegalMove(_no_copy(s, c))
        return IDS[c]
    if ph == REVEAL:
        arg = rest if verb in ("flip", "card") else " ".join(words)
        if verb == "flip" and not rest:
            raise IllegalMove(f"{active} is flipping: enter the card shown, e.g. flute-2-3 (D1).")
        if verb in ("stop", "pass", "repel", "dock", "bust", "end") and not rest:
            raise IllegalMove(f"{active} has flipped a card: enter it first (D1), e.g. flute-2-3.")
        if verb == "take" and not rest:
            raise IllegalMove(f"{active} has flipped a card: enter it first (D1), e.g. flute-2-3.")
        if head in ("exp", "expedition", "x"):
            arg = " ".join(words)
        elif verb in ("take", "claim") and rest:
            raise IllegalMove(f"{active} has flipped a card: enter that card first (D1).")
        pool = [c for c in range(C.N) if s.ub[c]]
        c = resolve_card(arg, pool, missing="No {text} card can still be in the draw pile (C4); if an earlier card "
                                            "was entered wrongly, undo back to it.")
        if not s.ub[c]:
            raise IllegalMove(_no_copy(s, c))
        return IDS[c]

    if ph == SHIP_PHASE and verb not in ("repel", "dock", "bust", "claim", "flip", "stop", "pass", "end"):
        raise IllegalMove(_ship_first(s))

    # A bare card or expedition name: take it in phase 2, claim it if it is an expedition.
    if verb is None:
        if head in DONE_WORDS:
            verb = "pass"
        else:
            try:
                c = resolve_card(" ".join(words), _pool(rules, s))
            except AmbiguousMove:
                raise
            except InvalidMove as err:
                verb = _verb_guess(rules, s, head, str(err))
            else:
                if KIND[c] == EXPEDITION:
                    verb, rest = "claim", " ".join(words)
                elif ph == FLIP and c not in s.display:
                    raise IllegalMove(f"Type 'flip' first, then {IDS[c]} as the card {active} turns over (D1); "
                                      f"cards are taken from the harbour only in phase 2 (T2).")
                else:
                    verb, rest = "take", " ".join(words)

    if verb == "take" and not rest and ph == FLIP:
        verb = "stop"                                   # "trade" in phase 1: stop and go trading
    if verb == "card":
        if ph == FLIP:
            raise IllegalMove(f"No card is being flipped now: type 'flip' first, then the card {active} "
                              f"turns over (D1).")
        raise IllegalMove(f"No card is being flipped now; {_doing(rules, s)}.")

    if verb == "claim":
        return _parse_claim(rules, s, who, rest)

    if verb == "dock" and rest in ("anyway", "bust", "and bust", "anyway and bust"):
        verb, rest = "bust", ""
    if who is not None and verb in ("flip", "stop", "repel", "dock", "bust", "end") and who != s.active:
        what = ("end the turn" if verb == "end" or ph == CLOSE else "stop flipping" if verb == "stop"
                else "repel or dock the ship" if verb in ("repel", "dock", "bust") else verb)
        raise IllegalMove(f"It is {active}'s turn: only {active} may {what}, not {s.players[who]} (D1/D5).")

    if verb == "flip":
        if ph == FLIP:
            if rest:
                raise InvalidMove(f"Enter the flip and the card one at a time: 'flip', then the card shown "
                                  f"(e.g. {canon_card_text(rest) or 'flute-2-3'}).")
            return "flip"
        if ph == SHIP_PHASE:
            raise IllegalMove(_ship_first(s))
        if ph in (TAKE, CLOSE):
            raise IllegalMove(f"{active} has stopped: no more flips in this turn (D5).")
    if head in ("s", "stop", "stops") and ph in (TAKE, CLOSE) and (
            head == "s" or (ph == TAKE and s.chooser == s.active and s.taken == 0 and not s.chance_no)):
        # A reflexive second 's' (or 'stop') right after stopping must not throw away the take: 's' is stop,
        # phase 1 is over, and passing or ending the turn takes its own word (T2/R7).
        if ph == CLOSE:
            raise IllegalMove(_("{active} has already stopped: claim an expedition, or type 'end' to end the "
                                "turn (E1).").format(active=active))
        raise IllegalMove(_("{active} has already stopped; this is phase 2: {chooser} may take a card, or type "
                            "'pass' to take nothing (T2).").format(active=active, chooser=s.players[s.chooser]))
    if verb in ("stop", "pass", "end"):
        rest = " ".join(w for w in rest.split() if w not in DONE_FILLER)
    if verb in ("stop", "pass", "end") and rest:
        # every word honoured: 'stop take sailor' is two moves (the entry reader splits it), never a 'stop'
        # that drops the rest
        raise InvalidMove(_("'{word}' takes nothing after it.").format(word=head))
    if verb in ("stop", "pass", "end"):
        if ph == FLIP:
            if not s.flips:
                raise IllegalMove(f"{active} must flip at least one card before stopping (D1).")
            if not s.display and not s.empty_stop:
                raise IllegalMove(f"{active} cannot stop with an empty harbour in this game: flip again (R2).")
            return "stop"
        if ph == TAKE:
            _check_chooser(s, who)
            if s.must_take and s.chooser == s.active and s.taken == 0:
                raise IllegalMove(f"{active} must take at least one card in phase 2 in this game (R7).")
            return "pass"
        if ph == CLOSE:
            return "end"
        if ph == SHIP_PHASE:
            raise IllegalMove(_ship_first(s))
    if verb in ("repel", "dock", "bust"):
        if rest:
            raise InvalidMove(f"'{verb}' takes nothing after it: it applies to the ship just flipped.")
        if ph == SHIP_PHASE:
            c = s.pending
            busts = s.colours & (1 << COLOUR[c])
            if verb == "dock" and busts:
                return "bust"        # D4c: docking a second ship of a colour is the bust; the preview says so
            if verb == "bust" and not busts:
                raise IllegalMove(f"No {COLOURS[COLOUR[c]]} ship is in the harbour, so this {C.SHORT[c]} docks "
                                  f"without a bust: type 'dock' or 'repel' (D4).")
            return verb
        if verb == "bust":
            raise IllegalMove("There is no flipped ship waiting to dock now; a bust happens only when a second "
                              "ship of a colour docks (D4c/D6).")
        if ph != SHIP_PHASE:
            c = s.last_flip
            if verb == "repel" and ph == FLIP and c >= 0 and KIND[c] == SHIP and c in s.display:
                if SWORDS[c] == SKULL:
                    raise IllegalMove("You cannot repel a skull ship (D4a).")
                mine = s.stats[s.active][S_SWORDS]
                raise IllegalMove(f"{active} has {mine} sword{'s' if mine != 1 else ''} but the {C.SHORT[c]} "
                                  f"needs {SWORDS[c]} to be repelled, so it docked (D4a).")
            if verb == "repel" and ph == TAKE and c >= 0 and SWORDS[c] == SKULL and c in s.display:
                raise IllegalMove("You cannot repel a skull ship (D4a).")
            if verb == "repel":
                raise IllegalMove("Only the ship just flipped can be repelled, never one already in the harbour (D4a).")
            raise IllegalMove("There is no flipped ship waiting to dock now (D4).")
        return verb
    if verb == "take":
        if not rest:
            return _take_alone(rules, s, who, head)
        try:
            c = resolve_card(rest, _pool(rules, s), missing="There is no {text} in the harbour; only cards "
                                                             "in the harbour can be taken (T9).")
        except IllegalMove:
            _phase2_only(s)                    # outside phase 2 the phase is the reason, not the harbour
            raise
        return _explain_take(rules, s, who, c)
    raise InvalidMove(f"{text!r} is not a move now; {_doing(rules, s)}.")


def split_entry(rules, s, text: str):
    """D1 said as at the table: in phase 1 the active player names the card she turns over ('sailor-3-1',
    'námořník 3', 'blue 2 3'): that is 'flip' and then that card. None when the text is not a card's name
    (a move word, a player's name, a move this position understands). A card that lies in the harbour is
    refused: 'sailor-3-1' could be this card flipped again or the one to take after stopping."""
    from .state import FLIP

    if s.phase != FLIP:
        return None
    words = text.lower().split()
    who, named = _who(rules, s, words)
    if who is not None:                              # 'Ann sailor 3 1', said by (or for) the active player
        inner = split_entry(rules, s, " ".join(named))
        if inner and who != s.active:
            active = s.players[s.active]
            raise IllegalMove(_("It is {active}'s turn: only {active} flips cards, not {name} (D1).").format(
                active=active, name=s.players[who]))
        return [f"{s.players[who]} flip"] + inner[1:] if inner else None
    if not words:
        return None
    if verb_words(words)[0] in VERBS or words[0] in DONE_WORDS:
        return None
    if any(name.casefold() == words[0].rstrip(":,") for name in s.players):
        return None
    try:
        parse(rules, s, " ".join(words))
        return None                                  # a move of its own here (a claim): not a flip
    except AmbiguousMove:
        return None                                  # the generic reading refuses it as ambiguous
    except (IllegalMove, InvalidMove):
        pass
    drawable = [c for c in range(C.N) if s.ub[c]]
    for k in range(len(words), 0, -1):               # the card's words lead; moves may follow ('... repel')
        try:
            c = resolve_card(" ".join(words[:k]), drawable)
        except AmbiguousMove:
            return ["flip", text]                    # a card, not yet told which: the reveal says so
        except (IllegalMove, InvalidMove):
            continue
        if c in s.display:
            raise IllegalMove(_("{card} is in the harbour: if {active} flipped another one, type 'flip {card}'; "
                                "cards in the harbour are taken in phase 2, after 'stop' (D1/T2).").format(
                card=IDS[c], active=s.players[s.active]))
        return ["flip", text]
    return None


CANON_VERBS = ("flip", "stop", "take", "pass", "repel", "dock", "bust", "claim", "end", "reshuffle", "paid")


def _verb_guess(rules, s, head: str, card_error: str) -> str:
    """A unique prefix of a move word ('rep' = repel), else InvalidMove with a did-you-mean."""
    if len(head) >= 2:
        hits = [v for v in CANON_VERBS if v.startswith(head)]
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            raise AmbiguousMove(f"{head!r} could be {' or '.join(hits)}; type more of the move.")
    legal = [m.text for m in rules.legal(s)]
    table_words = ["help", "moves", "undo", "board", "record", "quit"]     # the table's own commands
    close = difflib.get_close_matches(head, list(CANON_VERBS) + legal + table_words, n=1, cutoff=0.6)
    if close:
        raise InvalidMove(f"{head!r} is not a move. Did you mean {close[0]}?")
    raise InvalidMove(f"{head!r} is neither a move nor a card; {_doing(rules, s)}.")


def _no_copy(s, c) -> str:
    """C4 item 3: a flipped card that cannot be in the draw pile; say where its copies are."""
    if c == C.EXP_ACH and s.n < 5:
        return "expedition-ach is used only with 5 players; it is in the box (C4)."
    seen = []
    places = [("in the harbour", s.display), ("in the expedition area", s.area)]
    places += [(f"with {s.players[p]}", s.persons[p] + s.exps[p]) for p in range(s.n)]
    for where, zone in places:
        k = zone.count(c)
        if k:
            seen.append(f"{k} {where}")
    if s.disc[c]:
        seen.append(f"{s.disc[c]} on the discard pile")
    copies = C.COPIES[c]
    where = (f"of its {copies} {'copy' if copies == 1 else 'copies'}, " + ", ".join(seen) if seen
             else "its copies are among the coins")
    return (f"No copy of {IDS[c]} can still be in the draw pile (C4): {where}; if an earlier card was "
            f"entered wrongly, undo back to it.")


def _ship_first(s, why: str = "") -> str:
    """D4: the ship just flipped waits for repel or dock; say which words answer it."""
    c = s.pending
    active = s.players[s.active]
    if s.colours & (1 << COLOUR[c]):
        return (f"First repel the {C.SHORT[c]} {active} just flipped, or type 'bust' to let it dock and bust "
                f"(D4c){why}.")
    return f"First repel (r) or dock (d) the {C.SHORT[c]} {active} just flipped (D4b){why}."


def _pool(rules, s):
    return list(dict.fromkeys(s.display + s.area))


def _doing(rules, s) -> str:
    return "now: " + prompt(rules, s)


def _check_chooser(s, who):
    if who is not None and who != s.chooser:
        raise IllegalMove(f"It is {s.players[s.chooser]}'s chance to take a card, not "
                          f"{s.players[who]}'s (T2).")


def _phase2_only(s) -> None:
    from .state import CLOSE, TAKE

    if s.phase == TAKE:
        return
    if s.phase == CLOSE:
        raise IllegalMove("Every player has had a chance to take a card; this turn's phase 2 is over (T10).")
    raise IllegalMove(f"Cards are taken only in phase 2, after {s.players[s.active]} stops (T2).")


def _take_alone(rules, s, who, head: str) -> str:
    """'take' without a card: the one card there is to take ('trade' a ship, 'hire' a person), else name them."""
    _phase2_only(s)
    _check_chooser(s, who)
    p = s.chooser
    name = s.players[p]
    kind = SHIP if head == "trade" else PERSON if head in ("hire", "buy") else None
    what = {SHIP: "ship", PERSON: "person", None: "card"}[kind]
    there = list(dict.fromkeys(c for c in s.display if kind is None or KIND[c] == kind))
    if len(there) == 1:
        return _explain_take(rules, s, who, there[0])
    cands = [c for c in rules.takeable(s, p) if c in there]
    if len(cands) == 1:
        raise InvalidMove(f"Name the {what} to take: {IDS[cands[0]]} is the only one {name} can afford.")
    if cands:
        ids = [IDS[c] for c in cands]
        raise InvalidMove(f"Name the {what} to take: {', '.join(ids[:-1])} or {ids[-1]}.")
    if kind == SHIP or not any(kind is None or KIND[c] == kind for c in s.display):
        raise IllegalMove(f"There is no {what} in the harbour to take (T9).")
    raise IllegalMove(f"{name} cannot afford any person in the harbour (T7/T8/T9).")


def _explain_take(rules, s, who, c) -> str:
    from .state import CLOSE, FLIP, REVEAL, SHIP as SHIP_PHASE, TAKE

    ph = s.phase
    active = s.players[s.active]
    if KIND[c] == EXPEDITION:
        return _parse_claim(rules, s, who, IDS[c])
    _phase2_only(s)
    _check_chooser(s, who)
    p = s.chooser
    name = s.players[p]
    if c not in s.display:
        raise IllegalMove(f"{IDS[c]} is not in the harbour; only cards in the harbour can be taken (T9).")
    if KIND[c] == PERSON:
        price = max(0, COST[c] - s.stats[p][S_MAD])
        if p == s.active:
            if s.coins[p] < price:
                raise IllegalMove(f"{name} needs {price} coins to hire this {C.SHORT[c]} but has "
                                  f"{s.coins[p]} (T7/T9).")
        elif s.coins[p] < price + 1:
            raise IllegalMove(f"{name} needs {price + 1} coins to hire this {C.SHORT[c]}: price {price} plus the "
                              f"1-coin fee to {active} (T8).")
    text = "take " + IDS[c]
    return text


def _symbol_word(w: str) -> str:
    """A person paying for an expedition in any listed language ('kapitán', 'Všeuměl') as the English word."""
    from referee.core.names import fold, lookup

    bare = w.rstrip(",")
    if bare in SYMBOL_WORDS:
        return w
    hits = lookup("port-royal", bare, ("person",))
    if len(hits) == 1 and hits[0][1] in SYMBOL_WORDS:
        return hits[0][1]
    return {"kotva": "anchor", "kotvy": "anchor", "kriz": "cross", "krize": "cross", "dum": "house",
            "domy": "house"}.get(fold(bare), w)


def _parse_claim(rules, s, who, rest: str) -> str:
    from .rules import claim_text, combos, combo_words
    from .state import FLIP, REVEAL, SHIP as SHIP_PHASE, CLOSE, TAKE

    active = s.players[s.active]
    if not rest:
        raise InvalidMove("Name the expedition to claim, e.g. 'claim cc' or 'claim expedition-aah'.")
    words = rest.split()
    using = None
    for word in ("using", "with", "pomoci", "pomocí", "za"):     # Czech: "provést aa pomocí kapitán kapitán"
        if word in words:
            k = words.index(word)
            using, words = [_symbol_word(w) for w in words[k + 1:]], words[:k]
            break
    e = resolve_card(" ".join(words), list(s.area), "expedition")
    if KIND[e] != EXPEDITION:
        raise IllegalMove(f"{IDS[e]} is not an expedition; only expeditions are claimed (E2).")
    if who is not None and who != s.active:
        raise IllegalMove(f"Only {active}, the active player, may claim an expedition (E1/R3).")
    if e not in s.area:
        where = "in the box" if e in s.box else "not in the expedition area"
        raise IllegalMove(f"{IDS[e]} is {where}; only face-up expeditions in the expedition area can be "
                          f"claimed (E2).")
    st = s.stats[s.active]
    options = combos(REQUIRE[e], st)
    if not options:
        need = " + ".join(C.SYMBOLS[e])
        have = (f"{st[S_HOUSE]} Settler, {st[S_ANCHOR]} Captain, {st[S_CROSS]} Priest, {st[S_JOKER]} Jack")
        raise IllegalMove(f"{active} cannot claim {IDS[e]}: it needs {need} and {active} has {have} (E3).")
    if using is None:
        return claim_text(e, options[0], True)
    counts = [0, 0, 0, 0]
    for w in using:
        if w in ("and", ","):
            continue
        k = SYMBOL_WORDS.get(w.rstrip(","))
        if k is None:
            close = difflib.get_close_matches(w, list(SYMBOL_WORDS), n=1)
            hint = f" Did you mean {close[0]}?" if close else ""
            raise IllegalMove(f"Only Settlers, Captains, Priests and Jacks can pay for an expedition, not "
                              f"{w!r} (E3).{hint}")
        counts[k] += 1
    combo = tuple(counts)
    if combo in options:
        return claim_text(e, combo, combo == options[0])
    h, a, c = REQUIRE[e]
    if counts[0] > st[S_HOUSE] or counts[1] > st[S_ANCHOR] or counts[2] > st[S_CROSS] or counts[3] > st[S_JOKER]:
        raise IllegalMove(f"{active} does not have {combo_words(combo)} to discard (E3).")
    raise IllegalMove(f"{combo_words(combo) or 'Nothing'} does not pay {IDS[e]} ({' + '.join(C.SYMBOLS[e])}): "
                      f"one person per symbol, Jacks filling the gap (E3); "
                      f"e.g. {combo_words(options[0])}.")


# ----------------------------------------------------------------------------- prompt & view
def prompt(rules, s) -> str:
    from .state import CLOSE, FLIP, OVER, REVEAL, SHIP as SHIP_PHASE, TAKE

    ph = s.phase
    a = s.players[s.active]
    claim = ", or claim an expedition" if rules.can_claim(s) and ph in (FLIP, TAKE, SHIP_PHASE) else ""
    if ph == OVER:
        return "The game is over."
    if ph == REVEAL:
        return f"Chance: which card did {a} flip? ({s.draw} in the draw pile)"
    if ph == FLIP:
        if not s.flips:
            return f"{a}: flip the first card{claim}"
        ncol = bin(s.colours).count("1")
        stop = "stop" if (s.display or s.empty_stop) else "stop (not with an empty harbour, R2)"
        return (f"{a}: flip, or {stop}{claim} ({len(s.display)} card{'s' if len(s.display) != 1 else ''} "
                f"in the harbour, {ncol} colour{'s' if ncol != 1 else ''})")
    if ph == SHIP_PHASE:
        c = s.pending
        sw, mine = SWORDS[c], s.stats[s.active][S_SWORDS]
        head = (f"{a} has {mine} sword{'s' if mine != 1 else ''}: repel the {C.SHORT[c]}, "
                f"{sw} sword{'s' if sw != 1 else ''},")
        if s.colours & (1 << COLOUR[c]):
            return f"{head} or bust (a {COLOURS[COLOUR[c]]} ship is already in the harbour){claim}"
        return f"{head} or dock it{claim}"
    if ph == TAKE:
        p = s.chooser
        lim = rules._limit(s, p)
        name = s.players[p]
        head = f"{name} takes a card ({s.taken + 1} of {lim}, {s.coins[p]} coins)"
        if not claim:
            return f"{head} or passes"
        if p == s.active:
            return f"{head}, claims an expedition or passes"
        return f"{head} or passes; {a} may claim an expedition"
    if ph == CLOSE:
        return f"{a}: claim an expedition, or end the turn"
    return ""


def view(rules, s) -> dict:
    from .state import TAKE

    players = []
    for p, name in enumerate(s.players):
        st = s.stats[p]
        persons = {}
        for c in s.persons[p]:
            persons[IDS[c]] = persons.get(IDS[c], 0) + 1
        players.append({
            "name": name, "coins": s.coins[p], "influence": st[S_INFL], "swords": st[S_SWORDS],
            "persons": dict(sorted(persons.items())), "expeditions": [IDS[c] for c in s.exps[p]],
            "governors": st[C.S_GOV], "mademoiselles": st[S_MAD], "admirals": st[C.S_ADM],
            "jesters": st[C.S_JES]})
    d = {
        "phase": s.phase, "turn": s.turn, "active": s.players[s.active],
        "to_move": rules.to_move(s), "prompt": prompt(rules, s),
        "display": [IDS[c] for c in s.display],
        "display_colours": bin(s.colours).count("1"),
        "expedition_area": [IDS[c] for c in s.area],
        "box": [IDS[c] for c in s.box],
        "draw_pile": s.draw, "discard_pile": s.discard, "discard_unidentified": s.unknown,
        "flips": s.flips, "pending_ship": IDS[s.pending] if s.pending >= 0 else None,
        "players": players,
        "end": s.end, "end_triggered_by": s.trigger or None,
        "last_turn_player": s.players[s.n - 1] if s.trigger else None,
        "reshuffles": s.reshuffles, "finished": s.finished, "stalemate": s.stalemate,
        "last_events": list(s.events),
    }
    if s.phase == TAKE:
        d["phase2"] = {"base": s.base, "chooser": s.players[s.chooser], "taken": s.taken,
                       "limit": rules._limit(s, s.chooser)}
    return d
