"""El Capitan's reading of what a player types: one entry split into moves, what Enter plays, abbreviations
and Czech words to the canonical move, and the rule behind a refusal."""

from __future__ import annotations

from referee.core.errors import IllegalMove, InvalidMove
from referee.i18n import _, ngettext

from .board import CITIES, PLAUSIBLE
from .notation import card_label, city_named, match, suggest
from .sailing import is_sail, parse_sail
from .words import canonical_words
from .buying import buy_texts


class Reading:
    """Mixin of ElCapitanRules: text to move."""

    _VERBS = frozenset(("buy", "sail", "bank", "build", "reopen", "fortress", "loan", "end", "repay", "extend"))

    def split_entry(self, s, text):
        """The moves said in one breath (core/entry.py), read one at a time from the position they meet:
        'buy marseille 3s 4f sail marseille 3s 4f build end' is the buy, then the rest read again after it.
        A board question with a single answer (the board file knows it) is answered first, as the table
        does. None: the text is one move."""
        legal = self._listed(s)
        words = canonical_words(text).split()
        if len(legal) == 1 and legal[0].chance and words and " ".join(words) != legal[0].text:
            try:
                self.parse(s, " ".join(words))         # the typed text answers it: that is one move
            except (IllegalMove, InvalidMove):
                return [legal[0].text, text]
            return None
        verbs = self._move_starts(words)
        if len(verbs) < 2:
            return None                 # one move (perhaps led by a player's name: 'Ann build')
        if s.stage == "loans":
            self._check_loan_count(s, words, text)
        cut = verbs[1]
        return [" ".join(words[:cut]), " ".join(words[cut:])]

    def _move_starts(self, words):
        """Where each move of a line starts: a verb, unless it follows 'to' ('sail ... to bank' is one move)."""
        return [i for i in range(len(words)) if words[i] in self._VERBS and (i == 0 or words[i - 1] != "to")]

    @staticmethod
    def _check_loan_count(s, words, typed):
        """'repay repay extend': one decision per loan, in order (rule A1: each loan is repaid or extended on
        its own). More decisions than the player has loans left is refused, never passed on to the next
        player's loans; 'all' settles the rest, so a line with it is not counted."""
        if words and words[0].casefold() in {name.casefold() for name in s.players}:
            words = words[1:]               # 'Ann repay repay': her decisions
        if "all" in words or any(w not in ("repay", "extend") for w in words):
            return
        p = s.settle_queue[0][0]
        left = 0
        while left < len(s.settle_queue) and s.settle_queue[left][0] == p:
            left += 1
        if len(words) > left:
            raise IllegalMove(ngettext("{name} has {n} loan left to settle, and '{text}' decides {k}: one 'repay' "
                                       "or 'extend' per loan (rule A1).",
                                       "{name} has {n} loans left to settle, and '{text}' decides {k}: one "
                                       "'repay' or 'extend' per loan (rule A1).", left).format(
                name=s.players[p], n=left, text=" ".join(typed.split()), k=len(words)))

    def default_move(self, s):
        """What Enter plays: 'end' once the turn's action is done (buying more cards is the exception), and
        the one legal move where there is only one (a board question the board file answers)."""
        legal = self._listed(s)
        if len(legal) == 1:
            return legal[0].text
        if s.stage == "turn" and s.acted and any(m.text == "end" and m.action == ("end",) for m in legal):
            return "end"
        return None

    # --- parse: abbreviations and the rule behind a refusal ---------------------------------------------
    def parse(self, s, text):
        legal = self._listed(s)
        texts = [m.text for m in legal]
        typed = " ".join(text.split())
        text = canonical_words(text)          # Czech, any case, with or without accents
        if text in texts:
            return text
        if s.stage == "reveal":
            got = self._reveal_text(s, text, texts)
            if got:
                return got
        if legal and all(m.chance and m.action[0] == "learn" for m in legal):
            # a board question answered with just the value: "9", "price 9", "value 12", "dark"
            words = [w for w in text.split() if w not in ("price", "value", "florins", "fl", "is", "it's")]
            if len(words) == 1:
                answer = int(words[0]) if words[0].isascii() and words[0].isdigit() else words[0]
                hits = [m.text for m in legal if m.action[2] == answer]
                if len(hits) == 1:
                    return hits[0]
                if isinstance(answer, int):
                    values = [m.action[2] for m in legal]
                    raise IllegalMove(_("{answer} is not a possible answer here; the referee accepts "
                                        "{low} to {high} (a printed board value, rule D6).").format(
                        answer=answer, low=min(values), high=max(values)))
        words = text.split()
        if words and words[0] == "build" and "site" not in words:
            # a city's first warehouse: plain "build" takes site 1; site 2 is named when wanted (W3a)
            firsts = [m for m in texts if m.startswith(text + " site 1")]
            if len(firsts) == 1 and any(m.startswith(text + " site 2") for m in texts):
                return firsts[0]
        if s.stage == "turn" and is_sail(words):
            # the card typed is the card that sails, or the entry is refused (never another card that can)
            return parse_sail(self, s, words, legal)
        if s.stage == "turn" and words[:1] == ["buy"]:
            # one city names its destination card, never a connection card of that city (rule T3)
            texts = buy_texts(self, s, words, legal, texts)
        hit = match(text, texts)
        if hit:
            return hit
        if (len(legal) == 1 and legal[0].action[0] == "learn" and legal[0].action[1][0] == "dark"
                and self._known(s, legal[0].action[1]) is None):
            site = legal[0].action[1][2]
            raise IllegalMove(_("Site {site} can only be plain: the k-th shut-down square lies beyond site k, or a "
                                "warehouse there would shut itself (rules W6, D5).").format(site=site))
        if len(legal) == 1 and legal[0].chance and legal[0].action[0] in ("learn", "layout"):
            only = legal[0].text
            if only.rsplit(" ", 1)[0] == text.rsplit(" ", 1)[0] or (words and words[0] == "layout"
                                                                     and only.startswith("layout")):
                raise IllegalMove(_("Your board data says '{only}', not '{text}'; correct the board file "
                                    "(referee board) if it is wrong, or replay this game with the option "
                                    "board=none.").format(only=only, text=text))
        if len(self._move_starts(words)) > 1:
            # several moves on one line are the entry's (split_entry plays them in turn): no rule refuses the
            # line as one move, and explain() would judge the first move by the words of all of them
            raise InvalidMove(_("'{text}' is several moves, not one: enter them as one line at the table, "
                                "where they are played in turn, or one at a time.").format(text=typed))
        from .explain import explain

        reason = explain(self, s, text, words)
        if reason:
            raise IllegalMove(reason)
        head = words[0] if words else ""
        verbs = ("buy", "sail", "bank", "build", "reopen", "fortress", "loan", "end", "pass", "repay", "extend",
                 "start", "layout", "destination", "connection", "price", "expansion") + CITIES
        if head not in verbs and not any(v.startswith(head) for v in verbs):
            raise InvalidMove(_("'{text}' is not El Capitan notation.").format(text=text) + suggest(head, verbs)
                              + " " + _("Type 'help' for the notation or 'moves' for the legal moves."))
        listed = ", ".join(texts[:8]) + (", ..." if len(texts) > 8 else "")
        raise IllegalMove(_("'{text}' is not a legal move now; legal now: {moves}.").format(text=text, moves=listed))

    def _reveal_text(self, s, text, texts):
        """A card turned face up, typed the way the table reads it out: 'marseille 3 4', 'mars 3 seals price 4',
        'venezia tanger 3' (any order of the pair). Returns the canonical text, or None if it does not read as
        a card; IllegalMove when it reads as a card this pile cannot hold."""
        kind = s.reveal_queue[0]
        cities, numbers, said = [], [], None
        words = text.replace("-", " ").replace(",", " ").split()
        for w in words:
            if w in ("destination", "dest", "connection", "conn"):
                said = "d" if w.startswith("dest") else "c"
                continue
            if w in ("card", "seals", "seal", "price", "florins", "fl"):
                if w != "card" and numbers and numbers[-1][1] is None:     # '3 seals 4 florins'
                    numbers[-1] = (numbers[-1][0], "s" if w.startswith("seal") else "f")
                continue
            unit = w[-1] if w[-1:] in ("s", "f") and w[:-1].isascii() and w[:-1].isdigit() else None
            num = w[:-1] if unit else w
            if num.isascii() and num.isdigit():
                numbers.append((int(num), unit))
                continue
            c = city_named(w)
            if c is None:
                return None
            cities.append(c)
        if said is not None and said != kind:      # every word honoured: the pile named is the pile turned up
            if kind == "d":
                raise IllegalMove(_("The card turned up is from the destination/sea-route pile, not a connection "
                                    "card (rule T4)."))
            raise IllegalMove(_("The card turned up is from the connection pile, not a destination card "
                                "(rule T4)."))
        seals = [v for v, u in numbers if u == "s"]
        prices = [v for v, u in numbers if u == "f"]
        bare = [v for v, u in numbers if u is None]
        if kind == "d" and len(cities) == 1 and len(numbers) == 2 and len(seals) <= 1 and len(prices) <= 1:
            if seals and prices:
                se, pr = seals[0], prices[0]
            elif seals:
                se, pr = seals[0], bare[0]
            elif prices:
                se, pr = bare[0], prices[0]
            else:
                se, pr = bare
            card = ("d", cities[0], se, pr)
        elif kind == "c" and len(cities) == 2 and len(numbers) == 1 and cities[0] != cities[1] and not seals:
            a, b = sorted(cities)
            card = ("c", a, b, numbers[0][0])
        elif cities and numbers:
            if kind == "c":
                raise IllegalMove(_("The card turned up is from the connection pile: enter its two cities and its "
                                    "price, e.g. 'tanger venezia 3' (rule T4)."))
            raise IllegalMove(_("The card turned up is from the destination/sea-route pile: enter its city, seals "
                                "and price, e.g. 'marseille 3 4' (rule T4)."))
        else:
            return None
        word = "destination" if kind == "d" else "connection"
        canonical = f"{word} card {card_label(card)}"
        if canonical in texts:
            return canonical
        if s.draw_unknown[kind] == 0 or s.file_deck[kind] is not None:
            raise IllegalMove(ngettext("{card} is not in the face-down pile (it holds {n} possible card; type "
                                       "'moves' to list them, rule T4).",
                                       "{card} is not in the face-down pile (it holds {n} possible cards; type "
                                       "'moves' to list them, rule T4).", len(set(texts))).format(
                card=card_label(card), n=len(set(texts))))
        lo_s, hi_s = PLAUSIBLE["seals"]
        lo_p, hi_p = PLAUSIBLE["card_price"]
        if kind == "d":
            raise IllegalMove(_("A destination card is entered as its city, seals and price: seals {low_seals}-"
                                "{high_seals}, price {low_price}-{high_price}.").format(
                low_seals=lo_s, high_seals=hi_s, low_price=lo_p, high_price=hi_p))
        raise IllegalMove(_("A connection card is entered as its two cities and price: seals {low_seals}-"
                            "{high_seals}, price {low_price}-{high_price} (Venezia-Tanger costs 3, rule 3.2).").format(
            low_seals=lo_s, high_seals=hi_s, low_price=lo_p, high_price=hi_p))
