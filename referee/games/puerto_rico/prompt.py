"""What the table says of a Puerto Rico state: the one-line prompt, the legal moves as the display language
says them, and the mayor's and the storage's proposals."""

from __future__ import annotations

from referee.i18n import _, language, ngettext, pgettext

from .state import (BIDS, DRAW, END, GOODS, KINDS, PH_BUILDER, PH_CAPTAIN, PH_CRAFTSMAN, PH_MAYOR, PH_SETTLER,
                    PH_TRADER, REVEAL, ROLE, STORAGE, bid_, good_, role_)


def listing(s) -> str:
    """The legal moves as the display language says them (core/labels.py): prompts and refusals list them."""
    from referee.core.labels import label

    return ", ".join(label("puerto-rico", m.text) for m in s.mv[:12]) + (", ..." if len(s.mv) > 12 else "")


def said(text: str) -> str:
    """A move word quoted in a prompt ('ok', 'place') as the display language says it."""
    from referee.core.labels import label

    return label("puerto-rico", text)


def capital(text: str) -> str:
    """The first letter in capitals, the rest as it is ('a small market' -> 'A small market'), where the English
    text starts with the name; other languages' texts put it mid-sentence ('Budova {building}'), as it is."""
    if language() != "en":
        return text
    return text[:1].upper() + text[1:]


def prompt(s) -> str:
    if s.phase == END:
        return _("The game is over.")
    opts = listing(s)
    if s.phase == REVEAL:
        done = s.n + 1 - s.reveal_left
        if s.card < 0:
            text = _("Chance (setup): turn up face-up plantation {i} of {n} and enter it: {moves}")
        else:
            text = _("Chance (settler phase over): turn up face-up plantation {i} of {n} and enter it: {moves}")
        return text.format(i=done + 1, n=s.n + 1, moves=opts)
    if s.phase == DRAW:
        return _("Chance: {who} draws the top plantation with the hacienda; enter it: {moves}").format(
            who=s.names[s.actor], moves=opts)
    who = s.names[s.actor]
    head = _("Round {round}, governor {governor}.").format(round=s.round, governor=s.names[s.gov]) + " "
    if s.phase == ROLE:
        return head + _("{who}: choose a role: {moves}").format(who=who, moves=opts)
    role = s.cards[s.card]
    head += _("{role} phase ({chooser}).").format(role=capital(role_(role)), chooser=s.names[s.chooser]) + " "
    if s.phase == PH_MAYOR:
        left = s.m_target - s.m_placed
        if s.m_placed:
            todo = ngettext("{who}: {left} more colonist to place one at a time",
                            "{who}: {left} more colonists to place one at a time", left)
        else:
            todo = ngettext("{who} places {left} colonist ('{place} <tile or building>' one at a time)",
                            "{who} places {left} colonists ('{place} <tile or building>' one at a time)", left)
        return head + _("{todo}, or '{ok}' for {proposal}: {moves}").format(
            todo=todo.format(who=who, left=left, place=said("place")), ok=said("ok"),
            proposal=mayor_ok_text(s, shown=True), moves=opts)

    if s.phase == STORAGE:
        w = s.st_slots
        what = (ngettext("keep all barrels of {w} kind (warehouse), then 1 barrel",
                         "keep all barrels of {w} kinds (warehouse), then 1 barrel", w).format(w=w) if w
                else _("keep 1 barrel"))
        return head + _("{who}: storage: {what}; '{ok}' keeps {proposal}: {moves}").format(
            who=who, what=what, ok=said("ok"), proposal=storage_proposal(s, shown=True), moves=opts)
    if s.phase == PH_CAPTAIN:
        if any(m.action[0] == "load" for m in s.mv):
            return head + _("{who} must load one kind (rule 5.7 K4): {moves}").format(who=who, moves=opts)
        return head + _("{who} may ship one kind with the wharf, or pass: {moves}").format(who=who, moves=opts)
    texts = {PH_SETTLER: _("{who}: take a tile, or pass: {moves}"),
             PH_BUILDER: _("{who}: build one building, or pass: {moves}"),
             PH_CRAFTSMAN: _("{who}: take an extra barrel, or pass: {moves}"),
             PH_TRADER: _("{who}: sell one barrel, or pass: {moves}")}
    return head + texts[s.phase].format(who=who, moves=opts)


def mayor_proposal(s, shown: bool = False) -> str:
    """What 'ok' would give the player now: every place with its colonists. As view() gives it (ids, English)
    unless ``shown``: then in the display language, with the components' names."""
    from .mayor import propose

    p = s.actor
    t, b = propose(s, p, s.m_t, s.m_b, s.m_pool)
    kind, bld = (good_, bid_) if shown else (KINDS.__getitem__, BIDS.__getitem__)
    parts = [f"{kind(k)} {t[k]}" for k in range(6) if t[k]] + [f"{bld(x)} {b[x]}" for x in s.owned[p] if b[x]]
    left = s.m_pool - sum(t) - sum(b)
    if left:
        parts.append(f"San Juan {left}")
    return ", ".join(parts) or (_("nothing placed") if shown else "nothing placed")


def mayor_ok_text(s, shown: bool = False) -> str:
    """The proposal said as a table would: when it keeps every colonist where he was, only what it adds
    ('everything as it is, plus large-warehouse 1'); otherwise the whole arrangement. In the display
    language unless ``shown`` is False."""
    from .mayor import propose

    p = s.actor
    pt, pb = s.tocc[p], s.bld[p]
    if s.m_placed == 0 and (any(pt) or any(pb[x] > 0 for x in s.owned[p])):
        t, b = propose(s, p, s.m_t, s.m_b, s.m_pool)
        if all(t[k] >= pt[k] for k in range(6)) and all(b[x] >= pb[x] for x in s.owned[p]):
            kind, bld = (good_, bid_) if shown else (KINDS.__getitem__, BIDS.__getitem__)
            adds = [f"{kind(k)} {t[k] - pt[k]}" for k in range(6) if t[k] > pt[k]]
            adds += [f"{bld(x)} {b[x] - pb[x]}" for x in s.owned[p] if b[x] > pb[x]]
            left = s.m_pool - sum(t) - sum(b)
            if not shown:
                return ("everything as it is" + (", plus " + ", ".join(adds) if adds else "")
                        + (f", San Juan {left}" if left else ""))
            text = _("everything as it is, plus {adds}") if adds else _("everything as it is")
            return text.format(adds=", ".join(adds)) + (f", San Juan {left}" if left else "")
    return mayor_proposal(s, shown)


def storage_proposal(s, shown: bool = False) -> str:
    """What 'ok' keeps. As view() gives it (English ids) unless ``shown``: then in the display language."""
    from .captain import propose

    p = s.actor
    kept, single = propose(s, p)
    gd = s.goods[p]
    if not shown:
        parts = [f"all {gd[g]} {GOODS[g]}" for g in range(5) if kept[g] and gd[g]]
        if single >= 0:
            parts.append(f"1 {GOODS[single]}")
        return ", ".join(parts) or "nothing"
    parts = [_("all {n} {good}").format(n=gd[g], good=good_(g)) for g in range(5) if kept[g] and gd[g]]
    if single >= 0:
        parts.append(f"1 {good_(single)}")
    return ", ".join(parts) or pgettext("puerto-rico", "nothing")
