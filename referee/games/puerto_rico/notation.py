"""Typed text -> canonical move text (the words: words.py), and the reasons a move is refused (one sentence
naming the rule). The prompt line is prompt.py."""

from __future__ import annotations

from referee.core.errors import AmbiguousMove, IllegalMove, InvalidMove
from referee.i18n import _, ngettext, pgettext

from .prompt import capital, listing, said
from .state import (BIDS, CITY, COL, COST, DRAW, END, GOODS, HACIENDA, ISLAND, KINDS, LARGE, OFFICE, PH_BUILDER,
                    PH_CAPTAIN, PH_CRAFTSMAN, PH_MAYOR, PH_SETTLER, PH_TRADER, QUARRY, REVEAL, ROLE, STORAGE, CIRC,
                    CONSTRUCTION_HUT, UNIVERSITY, WHARF, a_, bname_, dbl_, good_, role_)
from .words import spans


def _legal_texts(s) -> set:
    return {m.text for m in s.mv}


def _p_is_pass(s, text: str) -> str:
    """'p' is 'place' in the mayor phase and 'pass' everywhere else: a one-letter word means the move it can
    mean now (issue 13: 'p' in the builder phase was refused though passing was legal)."""
    if s.phase == PH_MAYOR:
        return text
    return " ".join("pass" if w.lower() == "p" else w for w in text.split())


# Flags and the phases whose moves they qualify: elsewhere a flag is a word the move cannot honour.
_FLAG_PHASE = {"no-hospice": (PH_SETTLER,), "no-university": (PH_BUILDER,), "no-privilege": (ROLE,)}


# Move words that mean the same move in a step or phase ('take the builder role', 'take the extra corn'):
# said together they are one move; any other two move words are two moves.
_SAME_VERB = {ROLE: {"take": "choose"}, PH_CRAFTSMAN: {"take": "extra"}, PH_SETTLER: {"draw": "hacienda-draw"},
              REVEAL: {"draw": "reveal", "take": "reveal"},
              DRAW: {"draw": "reveal", "take": "reveal", "hacienda-draw": "reveal"}}


def _one_move(s, text, toks, verbs, objs, nums, flags, typed=()) -> None:
    """Every word honoured: a second thing, a number or a flag the move cannot take is not silently dropped.
    Several things ('corn indigo', 'take corn take indigo'), two different move words ('take sugar ship'),
    or one move word said twice ('place corn place') are several moves: InvalidMove, so that the entry
    reader (core/entry.py, entry.py) may read them one by one; a number or flag that does not fit is
    refused. ``typed``: the move words as typed."""
    if s.phase == ROLE:
        _role_words(s, verbs, objs)
    same = _SAME_VERB.get(s.phase, {})
    meant = {"choose" if s.phase == ROLE and v in _ROLE_OF_VERB else same.get(v, v) for v in verbs}
    if (len(objs) > 1 or len(meant) > 1 or len(set(typed)) < len(typed)
            or (objs and set(verbs) & {"pass", "done", "ok", "refuse"})):
        raise InvalidMove(_("'{text}' names more than one move; enter them one at a time, or separated by ','.")
                          .format(text=text))
    if flags and set(verbs) & {"pass", "done", "ok", "refuse"}:
        raise IllegalMove(_("'{flag}' does not fit a move now; the legal moves are: {moves}.").format(
            flag=flags[0], moves=listing(s)))
    for f in flags:
        if s.phase not in _FLAG_PHASE[f]:
            raise IllegalMove(_("'{flag}' does not fit a move now; the legal moves are: {moves}.").format(
                flag=f, moves=listing(s)))
    if nums and s.phase not in (PH_CAPTAIN, ROLE):
        raise IllegalMove(_("The number {n} does not fit a move now (say each move once, without a count); the "
                            "legal moves are: {moves}.").format(n=nums[0], moves=listing(s)))


def parse(s, text: str) -> str:
    if s.phase == END:
        raise IllegalMove(_("The game is over."))
    words, found = spans(_p_is_pass(s, text))
    toks = wharf_words(s, [tok for tok, _start, _end in found])
    typed = ["-".join(words[a:b]) for tok, a, b in found if tok[0] == "verb"]
    if not toks:
        raise InvalidMove(_("The move is empty; type 'moves' to list the legal ones."))
    verbs = [t[1] for t in toks if t[0] == "verb"]
    objs = [t for t in toks if t[0] in ("kind", "bld", "role")]
    nums = [t[1] for t in toks if t[0] == "num"]
    flags = [t[1] for t in toks if t[0] == "flag"]
    verb = verbs[0] if verbs else None
    if "wharf" in verbs and set(verbs) <= {"load", "wharf"}:
        # 'load corn on the wharf', 'nalož kukuřici na loděnici', 'loděnice kukuřice': the wharf ships the
        # kind (5.7 K5, the seed: "místo nakládání na jednu ze tří přepravních lodí"), never a ship load
        # that drops the word
        verb, verbs = "wharf", ["wharf"]
    _one_move(s, text, toks, verbs, objs, nums, flags, typed)
    obj = objs[0] if objs else None
    legal = _legal_texts(s)
    if verb is not None and verb not in _VERBS_OF[s.phase]:
        _wrong_phase(s, verb, obj)
    handler = _PHASE[s.phase]
    cand = handler(s, verb, obj, nums, flags, toks)
    if cand in legal:
        return cand
    raise IllegalMove(_("'{text}' is not a legal move now; the legal moves are: {moves}.").format(
        text=text, moves=listing(s)))


def wharf_words(s, toks: list) -> list:
    """The wharf, said as a word ('wharf', 'werft') or by the building's name ('loděnice'), as the notation
    means it here: in the captain phase the move that ships with it (the verb), elsewhere the building."""
    if s.phase == PH_CAPTAIN:
        return [("verb", "wharf") if t == ("bld", WHARF) else t for t in toks]
    return [("bld", WHARF) if t == ("verb", "wharf") else t for t in toks]


def _who(s) -> str:
    return s.names[s.actor]


def _phase_name(phase: str) -> str:
    """The step or phase as refusals name it (English: the phase id)."""
    return {ROLE: pgettext("puerto-rico step", "role"), REVEAL: pgettext("puerto-rico step", "reveal"),
            DRAW: pgettext("puerto-rico step", "draw"), PH_SETTLER: pgettext("puerto-rico phase", "settler"),
            PH_MAYOR: pgettext("puerto-rico phase", "mayor"), PH_BUILDER: pgettext("puerto-rico phase", "builder"),
            PH_CRAFTSMAN: pgettext("puerto-rico phase", "craftsman"),
            PH_TRADER: pgettext("puerto-rico phase", "trader"), PH_CAPTAIN: pgettext("puerto-rico phase", "captain"),
            STORAGE: pgettext("puerto-rico phase", "storage")}[phase]


def _wrong_phase(s, verb, obj):
    what = {ROLE: _("choose a role"), REVEAL: _("enter the revealed plantation"),
            DRAW: _("enter the hacienda tile drawn"), PH_SETTLER: _("take a plantation"),
            PH_MAYOR: _("place colonists"), PH_BUILDER: pgettext("puerto-rico", "build"), PH_CRAFTSMAN: _("take the extra barrel or pass"),
            PH_TRADER: pgettext("puerto-rico", "sell"), PH_CAPTAIN: _("load goods"), STORAGE: _("choose the goods to keep")}[s.phase]
    if s.phase in (REVEAL, DRAW):
        text = _("It is the {phase} step: the table must {what}; the legal moves are: {moves}.")
    elif s.phase == ROLE:
        text = _("It is the {phase} step: {who} must {what}; the legal moves are: {moves}.")
    else:
        text = _("It is the {phase} phase: {who} must {what}; the legal moves are: {moves}.")
    raise IllegalMove(text.format(phase=_phase_name(s.phase), who=_who(s) if s.phase not in (REVEAL, DRAW) else "",
                                  what=what, moves=listing(s)))


_ROLE_OF_VERB = {"build": "builder", "sell": "trader", "load": "captain", "place": "mayor", "extra": "craftsman"}


def _role_words(s, verbs, objs) -> None:
    """A move word said with a role must be that role's ('trader sell', 'kapitán nalož'): 'settler ship' or
    'prospector build' names two roles, and neither is guessed."""
    roles = [o[1] for o in objs if o[0] == "role"]
    for v in verbs:
        if v in _ROLE_OF_VERB and roles and _ROLE_OF_VERB[v] != roles[0]:
            raise IllegalMove(_("'{word}' is said for the {other}, not the {role}: choose one role; the legal "
                                "moves are: {moves}.").format(word=said(v), other=role_(_ROLE_OF_VERB[v]),
                                                              role=role_(roles[0]), moves=listing(s)))


def _role(s, verb, obj, nums, flags, toks):
    if obj is None and verb in _ROLE_OF_VERB:   # 'build' said when choosing: the role whose action it is
        obj = ("role", _ROLE_OF_VERB[verb])
    if obj is None or obj[0] != "role":
        if verb in ("pass", "done", "ok"):
            raise IllegalMove(_("Choosing a role is compulsory (rule 5.1 R1); {who} may choose: {moves}.").format(
                who=_who(s), moves=listing(s)))
        _wrong_phase(s, verb, obj)
    name = obj[1]
    idx = [i for i, c in enumerate(s.cards) if c == name]
    if not idx:
        raise IllegalMove(_("There is no {role} card with {n} players (setup 2.3); choose one of: {moves}.").format(
            role=role_(name), n=s.n, moves=listing(s)))
    free = [i for i in idx if s.card_taken[i] < 0]
    if not free:
        by = s.names[s.card_taken[idx[0]]]
        raise IllegalMove(_("The {role} was already chosen this round by {by}; a role can be chosen only once per "
                            "round (rule 5.1 R1): choose one of {moves}.").format(role=role_(name), by=by,
                                                                                  moves=listing(s)))
    if nums and (name != "prospector" or len(nums) > 1):
        raise IllegalMove(_("The number {n} does not fit the {role}: a number names a prospector by the "
                            "doubloons on it; choose one of: {moves}.").format(n=nums[-1], role=role_(name),
                                                                               moves=listing(s)))
    if name == "prospector":
        texts = [m.text for m in s.mv if m.text.startswith("prospector")]
        if nums:
            want = f"prospector {nums[0]}"
            if want in texts:
                return want
            on = sorted({s.card_coins[i] for i in free})
            if texts == ["prospector"] and on == [nums[0]]:
                return "prospector"
            raise IllegalMove(_("No prospector on the table carries {n}; they carry {on}: choose one of "
                                "{moves}.").format(n=dbl_(nums[0]), on=_(" and ").join(dbl_(c) for c in on),
                                                   moves=listing(s)))
        return texts[0]
    if name == "mayor" and "no-privilege" in flags:
        if not s.opts.get("mayor-privilege-optional", True):
            raise IllegalMove(_("The mayor's privilege is not optional in this game (option mayor-privilege-optional "
                                "is off)."))
        if s.csup == 0:
            return "mayor"
        return "mayor no-privilege"
    return name


def _reveal(s, verb, obj, nums, flags, toks):
    if obj is None or obj[0] != "kind":
        _wrong_phase(s, verb, obj)
    k = obj[1]
    word = "draw" if s.phase == DRAW else "reveal"
    if k == QUARRY:
        raise IllegalMove(_("Quarries are never in the plantation stack (setup 2.3); enter the plantation kind."))
    if s.stack[k] == 0:
        from .state import TILES

        total = TILES[k][s.box]
        on_islands = sum(s.tiles[p][k] for p in range(s.n))
        raise IllegalMove(_("No {good} plantation is left in the face-down stack (of {total}: {islands} on "
                            "islands, {row} face up, {discarded} discarded); the stack holds: {stack}.").format(
            good=good_(k), total=total, islands=on_islands, row=s.row[k], discarded=s.disc[k],
            stack=", ".join(f"{s.stack[g]} {good_(g)}" for g in range(5) if s.stack[g])))
    return f"{word} {GOODS[k]}"


def _settler(s, verb, obj, nums, flags, toks):
    p = s.actor
    if verb in ("pass", "done"):
        return "pass"
    if verb == "hacienda-draw" or (obj == ("bld", HACIENDA)) or verb == "draw":
        if s.bld[p][HACIENDA] <= 0:
            raise IllegalMove(_("Only the owner of an occupied hacienda may draw an extra plantation (hacienda)."))
        if s.hac_used:
            raise IllegalMove(_("The hacienda draws one tile per settler phase, and you have drawn it."))
        if "hacienda" not in _legal_texts(s):
            raise IllegalMove(_("The plantation stack and the discards are empty, so the hacienda cannot draw "
                                "(rule 5.2 S8)."))
        return "hacienda"
    if obj is None or obj[0] != "kind":
        _wrong_phase(s, verb, obj)
    k = obj[1]
    if sum(s.tiles[p]) >= ISLAND:
        raise IllegalMove(_("Your island's 12 spaces are full, so you take nothing (rule 5.2 S5)."))
    suffix = " no-hospice" if "no-hospice" in flags else ""
    if k == QUARRY:
        if s.quarries == 0:
            raise IllegalMove(_("No quarries are left (rule 5.2 S6); take a face-up plantation or pass."))
        if p != s.chooser and s.bld[p][CONSTRUCTION_HUT] <= 0:
            raise IllegalMove(_("Only the settler, or the owner of an occupied construction hut, may take a quarry "
                                "(rule 5.2 S1-S2); take a face-up plantation or pass."))
        text = "take quarry" + suffix
    else:
        if s.row[k] == 0:
            row = ", ".join(f"{s.row[g]} {good_(g)}" for g in range(5) if s.row[g]) or pgettext("puerto-rico", "nothing")
            raise IllegalMove(_("No {good} plantation is face up (rule 5.2 S1); the row shows {row}.").format(
                good=good_(k), row=row))
        text = "take " + GOODS[k] + suffix
    if suffix and text not in _legal_texts(s):
        return text[: -len(suffix)]
    return text


def _mayor(s, verb, obj, nums, flags, toks):
    p = s.actor
    if verb == "ok":
        return "ok"
    if verb == "refuse":
        if not s.opts.get("allow-decline-colonists", False):
            raise IllegalMove(_("All colonists from the ship must be taken (rule 5.3 M2); refusing them is the "
                                "house rule option allow-decline-colonists."))
        raise IllegalMove(_("You have no colonist from the ship left to refuse."))
    if verb in ("done", "pass"):
        left = s.m_target - s.m_placed
        raise IllegalMove(_("You still have {left} colonist(s) to place on empty circles: colonists may stay in "
                            "San Juan only when every circle is full (rule 5.3 M4); place them, or type 'ok' to "
                            "accept the proposal.").format(left=left))
    if obj is None or obj[0] == "role":
        _wrong_phase(s, verb, obj)
    if obj[0] == "kind":
        k = obj[1]
        if s.tiles[p][k] == 0:
            raise IllegalMove(_("You have no {tile} tile to place a colonist on.").format(tile=good_(k)))
        if s.tiles[p][k] <= s.m_t[k]:
            raise IllegalMove(_("All your {tile} circles already have a colonist (one per circle, rule 5.3 M3).")
                              .format(tile=good_(k)))
        return "place " + KINDS[k]
    b = obj[1]
    if s.bld[p][b] < 0:
        raise IllegalMove(_("You do not own {building}.").format(building=a_(bname_(b))))
    if s.m_b[b] >= CIRC[b]:
        raise IllegalMove(_("Your {building} has no empty circle left (one colonist per circle, rule 5.3 M3).")
                          .format(building=bname_(b)))
    return "place " + BIDS[b]


def explain_cost(s, p: int, b: int) -> str:
    """'6 doubloons: 8 printed, -1 builder's privilege, -1 for your 1 occupied quarry (up to 3 count in column 3)'."""
    from .builder import cost

    q = s.tocc[p][QUARRY]
    parts = [_("{cost} printed").format(cost=COST[b])]
    if p == s.chooser:
        parts.append(_("-1 builder's privilege"))
    use = min(q, COL[b])
    if q:
        if use == q:
            text = ngettext("-{use} for your {q} occupied quarry (up to {col} count in column {col})",
                            "-{use} for your {q} occupied quarries (up to {col} count in column {col})", q)
        else:
            text = ngettext("-{use} for {use} of your {q} occupied quarry (up to {col} count in column {col})",
                            "-{use} for {use} of your {q} occupied quarries (up to {col} count in column {col})", q)
        parts.append(text.format(use=use, q=q, col=COL[b]))
    return f"{dbl_(cost(s, p, b))}: {', '.join(parts)}"


def _builder(s, verb, obj, nums, flags, toks):
    p = s.actor
    if verb in ("pass", "done"):
        return "pass"
    if obj is not None and obj[0] == "kind" and obj[1] in (3, 4):   # one building each: tobacco, coffee
        obj = ("bld", 4 if obj[1] == 3 else 5)
    if obj is None or obj[0] != "bld":
        if obj is not None and obj[0] == "kind" and obj[1] in (1, 2):
            raise InvalidMove(_("Which {good} building? Say 'build sm-{id}' or 'build {large}'.").format(
                good=good_(obj[1]), id=GOODS[obj[1]], large=BIDS[obj[1] + 1]))
        if obj is not None and obj[0] == "kind" and obj[1] == 0:
            raise InvalidMove(_("Corn needs no production building; name the building to build."))
        _wrong_phase(s, verb, obj)
    b = obj[1]
    name = bname_(b)
    if s.bld[p][b] >= 0:
        raise IllegalMove(_("You already own {building}; a player may own only one building of each type "
                            "(rule 5.4 B2).").format(building=a_(name)))
    if s.bsup[b] == 0:
        owners = [s.names[o] for o in range(s.n) if s.bld[o][b] >= 0]
        if not owners:
            text = _("No {building} is left in the supply (rule 5.4 B2; not in this box); build another building "
                     "or pass.")
        else:
            text = ngettext("No {building} is left in the supply (rule 5.4 B2; {owners} owns it); build another "
                            "building or pass.",
                            "No {building} is left in the supply (rule 5.4 B2; {owners} own them); build another "
                            "building or pass.", len(owners))
        raise IllegalMove(text.format(building=name, owners=_(" and ").join(owners)))
    free = CITY - s.city[p]
    if free == 0:
        raise IllegalMove(_("Your 12 city spaces are full (rule 5.4 B2)."))
    if LARGE[b] and free < 2:
        raise IllegalMove(_("{building} needs 2 free city spaces and you have 1 (rule 5.4 B2).").format(
            building=capital(a_(name))))
    from .builder import cost

    c = cost(s, p, b)
    if c > s.dbl[p]:
        raise IllegalMove(_("{building} would cost you {cost}; you have {have} (rule 5.4 B3), so build something "
                            "cheaper or pass.").format(building=capital(a_(name)), cost=explain_cost(s, p, b),
                                                       have=s.dbl[p]))
    if "no-university" in flags and s.bld[p][UNIVERSITY] > 0 and (s.csup or s.cship):
        return f"build {BIDS[b]} no-university"
    return f"build {BIDS[b]}"


def _craftsman(s, verb, obj, nums, flags, toks):
    if verb in ("pass", "done"):
        return "pass"
    if obj is None or obj[0] != "kind" or obj[1] == QUARRY:
        _wrong_phase(s, verb, obj)
    g = obj[1]
    if "extra " + GOODS[g] in _legal_texts(s):
        return "extra " + GOODS[g]
    if s.gsup[g] == 0:
        raise IllegalMove(_("The supply has no {good} left (rule 5.5 C4).").format(good=good_(g)))
    raise IllegalMove(_("The craftsman's extra barrel must be of a kind he produced this phase (rule 5.5 C4); "
                        "choose from: {moves}.").format(moves=listing(s)))


def _trader(s, verb, obj, nums, flags, toks):
    p = s.actor
    if verb in ("pass", "done"):
        return "pass"
    if obj is None or obj[0] != "kind" or obj[1] == QUARRY:
        _wrong_phase(s, verb, obj)
    g = obj[1]
    if s.goods[p][g] == 0:
        raise IllegalMove(_("You hold no {good} to sell.").format(good=good_(g)))
    if g in s.house and s.bld[p][OFFICE] <= 0:
        raise IllegalMove(_("The trading house already holds {good}; only the owner of an occupied office may "
                            "sell a kind that is already there (rule 5.6 T2).").format(good=good_(g)))
    return "sell " + GOODS[g]


def _captain(s, verb, obj, nums, flags, toks):
    from .captain import can_wharf, loads

    p = s.actor
    open_loads = loads(s, p)
    if verb in ("pass", "done"):
        if open_loads:
            loads_ = ", ".join(x[3] for x in open_loads)
            if can_wharf(s, p):
                raise IllegalMove(_("You must load when you can (rule 5.7 K4): {loads} or use your wharf.").format(
                    loads=loads_))
            raise IllegalMove(_("You must load when you can (rule 5.7 K4): {loads}.").format(loads=loads_))
        return "pass"
    if obj is None or obj[0] != "kind" or obj[1] == QUARRY:
        _wrong_phase(s, verb, obj)
    g = obj[1]
    held = s.goods[p][g]
    if held == 0:
        raise IllegalMove(_("You hold no {good}; you may: {moves}.").format(good=good_(g), moves=listing(s)))
    # a number before the good is a quantity ("load 3 corn"), after it a ship ("load corn 6", "on the 6-ship")
    at = toks.index(obj)
    qtys = [t[1] for t in toks[:at] if t[0] == "num"]
    qty = qtys[0] if qtys else None
    nums = [t[1] for t in toks[at + 1:] if t[0] == "num"]
    if len(qtys) > 1 or len(nums) > 1:                  # every number honoured: one count, one ship
        raise IllegalMove(_("A load names one count and one ship, e.g. 'load 3 {good} 6'; you may: {moves}.")
                          .format(good=GOODS[g], moves=", ".join(x[3] for x in open_loads)))
    if verb == "wharf":
        if s.bld[p][WHARF] <= 0:
            raise IllegalMove(_("Only the owner of an occupied wharf may ship goods to the supply (rule 5.7 K5); "
                                "you may: {moves}.").format(moves=listing(s)))
        if s.wharf_used[p]:
            raise IllegalMove(_("The wharf may be used once per captain phase, and you have used it (rule 5.7 K5)."))
        if qty is not None and qty != held:
            raise IllegalMove(_("The wharf ships all your barrels of one kind (rule 5.7 K5): wharf {id} ships "
                                "your {held}.").format(id=GOODS[g], held=held))
        return "wharf " + GOODS[g]
    mine = [x for x in open_loads if x[0] == g]
    if mine and qty is not None and qty != mine[0][2]:
        amt = mine[0][2]
        if qty > held:
            why = _("you hold {held}").format(held=held)
        elif qty > amt:
            why = _("only {n} fit (rule 5.7 K3)").format(n=amt)
        else:
            why = _("you must load every {good} barrel that fits, here {n} (rule 5.7 K4)").format(good=good_(g), n=amt)
        raise IllegalMove(_("You cannot load {qty} {good}: {why}; you may: {moves}.").format(
            qty=qty, good=good_(g), why=why, moves=", ".join(x[3] for x in mine)))
    if not mine:
        carrier = next((sh for sh in s.ships if sh[1] == g), None)
        instead = _instead(s, p, open_loads)
        if carrier is not None:
            raise IllegalMove(_("The {ship}-ship carrying {good} is full, so {good} cannot be loaded on another ship "
                                "(rule 5.7 K3b); you may: {moves}.").format(ship=carrier[0], good=good_(g), moves=instead))
        raise IllegalMove(_("No empty ship is left for {good} (one kind per ship, rule 5.7 K2); you may: {moves}.")
                          .format(good=good_(g), moves=instead))
    if nums:
        want = nums[0]
        hit = [x for x in mine if s.ships[x[1]][0] == want]
        if hit:
            return hit[0][3]
        if not any(sh[0] == want for sh in s.ships):
            raise IllegalMove(_("There is no {ship}-ship; the ships are {ships}.").format(
                ship=want, ships=", ".join(str(sh[0]) for sh in s.ships)))
        sh = next(sh for sh in s.ships if sh[0] == want)
        if sh[1] >= 0 and sh[1] != g:
            why = _("it carries {good} (one kind per ship, rule 5.7 K2)").format(good=good_(sh[1]))
        elif any(x[1] != s.ships.index(sh) for x in mine) and any(o[1] == g for o in s.ships):
            why = _("{good} is already on another ship (rule 5.7 K2)").format(good=good_(g))
        else:
            why = _("you must use the ship on which the most of your barrels fit (rule 5.7 K3c)")
        raise IllegalMove(_("{good} cannot go on the {ship}-ship: {why}; you may: {moves}.").format(
            good=capital(good_(g)), ship=want, why=why, moves=", ".join(x[3] for x in mine)))
    if len(mine) > 1:
        raise AmbiguousMove(_("{good} fits equally on several ships; say which: {moves}.").format(
            good=capital(good_(g)), moves=", ".join(x[3] for x in mine)))
    return mine[0][3]


def _instead(s, p, open_loads) -> str:
    """What a player refused a load may do instead (rule 5.7 K4-K6): the moves, in notation."""
    from .captain import can_wharf

    options = [x[3] for x in open_loads]
    if can_wharf(s, p):
        options.append("wharf <good>")
    if not open_loads:
        options.append("pass")
    return ", ".join(options)


def _storage(s, verb, obj, nums, flags, toks):
    p = s.actor
    if verb in ("ok", "done", "pass"):
        return "ok"
    if obj is None or obj[0] != "kind" or obj[1] == QUARRY:
        _wrong_phase(s, verb, obj)
    g = obj[1]
    if s.goods[p][g] == 0:
        raise IllegalMove(_("You hold no {good} to keep.").format(good=good_(g)))
    if "keep " + GOODS[g] in _legal_texts(s):
        return "keep " + GOODS[g]
    raise IllegalMove(_("Your warehouse already keeps all your {good}.").format(good=good_(g)))


_VERBS_OF = {
    ROLE: {"choose", "take", "pass", "done", "ok", "build", "sell", "load", "place", "extra"}, REVEAL: {"reveal", "draw", "take"},
    DRAW: {"reveal", "draw", "take", "hacienda-draw"},
    PH_SETTLER: {"take", "pass", "done", "hacienda-draw", "draw"},
    PH_MAYOR: {"place", "ok", "done", "pass", "refuse"}, PH_BUILDER: {"build", "pass", "done"},
    PH_CRAFTSMAN: {"extra", "take", "pass", "done", "ok"}, PH_TRADER: {"sell", "pass", "done"},
    PH_CAPTAIN: {"load", "wharf", "pass", "done"}, STORAGE: {"keep", "ok", "done", "pass"},
}

_PHASE = {ROLE: _role, REVEAL: _reveal, DRAW: _reveal, PH_SETTLER: _settler, PH_MAYOR: _mayor,
          PH_BUILDER: _builder, PH_CRAFTSMAN: _craftsman, PH_TRADER: _trader, PH_CAPTAIN: _captain,
          STORAGE: _storage}
