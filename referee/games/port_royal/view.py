"""Port Royal's prompt line and public view: what the table shows of a state (the parser is notation.py)."""

from __future__ import annotations

from referee.core.said import sentences
from referee.i18n import _, ngettext

from . import cards as C
from .cards import COLOUR, IDS, S_INFL, S_MAD, S_SWORDS, SWORDS
from .words import ship_colour

def prompt(rules, s) -> str:
    from .state import CLOSE, FLIP, OVER, REVEAL, SHIP as SHIP_PHASE, TAKE

    ph = s.phase
    a = s.players[s.active]
    claim = rules.can_claim(s) and ph in (FLIP, TAKE, SHIP_PHASE)
    if ph == OVER:
        return _("The game is over.")
    if ph == REVEAL:
        return _("Chance: which card did {active} flip? ({n} in the draw pile)").format(active=a, n=s.draw)
    if ph == FLIP:
        if not s.flips:
            return (_("{active}: flip the first card, or claim an expedition") if claim
                    else _("{active}: flip the first card")).format(active=a)
        ncol = bin(s.colours).count("1")
        from referee.core.labels import label

        stop = label("port-royal", "stop")
        if not (s.display or s.empty_stop):
            stop = _("{stop} (not with an empty harbour, R2)").format(stop=stop)
        return (_("{active}: flip, or {stop}, or claim an expedition ({cards}, {colours})") if claim
                else _("{active}: flip, or {stop} ({cards}, {colours})")).format(
            active=a, stop=stop,
            cards=ngettext("{n} card in the harbour", "{n} cards in the harbour", len(s.display)).format(
                n=len(s.display)),
            colours=ngettext("{n} colour", "{n} colours", ncol).format(n=ncol))
    if ph == SHIP_PHASE:
        c = s.pending
        sw, mine = SWORDS[c], s.stats[s.active][S_SWORDS]
        fields = dict(active=a, ship=C.SHORT[c], colour=ship_colour(c),
                      have=ngettext("{n} sword", "{n} swords", mine).format(n=mine),
                      need=ngettext("{n} sword", "{n} swords", sw).format(n=sw))
        if s.colours & (1 << COLOUR[c]):
            return (_("{active} has {have}: repel the {ship}, {need}, or bust (a {colour} ship is already in the "
                      "harbour), or claim an expedition") if claim
                    else _("{active} has {have}: repel the {ship}, {need}, or bust (a {colour} ship is already in "
                           "the harbour)")).format(**fields)
        return (_("{active} has {have}: repel the {ship}, {need}, or dock it, or claim an expedition") if claim
                else _("{active} has {have}: repel the {ship}, {need}, or dock it")).format(**fields)
    if ph == TAKE:
        p = s.chooser
        fields = dict(name=s.players[p], k=s.taken + 1, limit=rules._limit(s, p), coins=s.coins[p], active=a)
        if not claim:
            return _("{name} takes a card ({k} of {limit}, {coins} coins) or passes").format(**fields)
        if p == s.active:
            return _("{name} takes a card ({k} of {limit}, {coins} coins), claims an expedition or passes").format(
                **fields)
        return _("{name} takes a card ({k} of {limit}, {coins} coins) or passes; {active} may claim an "
                 "expedition").format(**fields)
    if ph == CLOSE:
        return _("{active}: claim an expedition, or end the turn").format(active=a)
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
        "last_events": sentences(s.events),
    }
    if s.phase == TAKE:
        d["phase2"] = {"base": s.base, "chooser": s.players[s.chooser], "taken": s.taken,
                       "limit": rules._limit(s, s.chooser)}
    return d
