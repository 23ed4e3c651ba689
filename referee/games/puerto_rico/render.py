"""The table as a rich renderable: each player's island and city (occupied circles), doubloons, goods,
(VP when shown); the ships, trading house, colonist ship and supply, VP chips, roles, turn and phase."""

from __future__ import annotations

from ...i18n import N_, _, ngettext
from ...core.said import sentences
from .checklist import setup_checklist
from .prompt import mayor_ok_text, mayor_proposal, storage_proposal
from .state import BIDS, CIRC, END, PH_MAYOR, STORAGE, bid_, dbl_, good_, role_

# the players' column headings of the full table
_COLUMNS = (N_("player"), N_("island"), N_("city"), N_("San Juan"), N_("doubloons"), N_("goods"))


def _circles(n_on: int, n_circ: int) -> str:
    return "●" * n_on + "○" * (n_circ - n_on)


def _phase(s) -> str:
    if s.phase == END:
        return _("game over")
    if s.phase == "role":
        return _("choosing roles ({player} chooses; pick {pick} of {picks} this round)").format(
            player=s.names[s.actor], pick=s.picks + 1, picks=s.total_picks)
    if s.phase == "reveal":
        return _("turning up the face-up plantations")
    return _("{phase} ({role}, chosen by {player})").format(phase=role_(s.phase), role=role_(s.cards[s.card]),
                                                            player=s.names[s.chooser])


def render(s):
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    parts = []
    if s.card < 0 and s.round == 1 and s.picks == 0:
        parts.append(Panel(setup_checklist(s.n, s.pool0), title=_("Setup checklist")))
    show_vp = s.opts.get("show-running-vp", False) or s.phase == END
    players = Table(title=_("Round {round}: governor {player}").format(round=s.round, player=s.names[s.gov]),
                    show_lines=True)
    for col in _COLUMNS + ((N_("VP"),) if show_vp else ()):
        players.add_column(_(col))
    for p in range(s.n):
        t, o, bl = s.tiles[p], s.tocc[p], s.bld[p]
        island = "\n".join(f"{good_(k)} {_circles(o[k], t[k])}" for k in range(6) if t[k]) or "-"
        city = "\n".join(f"{bid_(b)} {_circles(bl[b], CIRC[b])}" for b in s.owned[p]) or "-"
        city += "\n" + _("({used}/12 spaces)").format(used=s.city[p])
        goods = ", ".join(f"{s.goods[p][g]} {good_(g)}" for g in range(5) if s.goods[p][g]) or "-"
        name = s.names[p] + (" " + _("(governor)") if p == s.gov else "")
        held = [role_(s.cards[i]) for i in range(len(s.cards)) if s.card_taken[i] == p]   # 2 players: up to 3
        if held:
            name += "\n(" + ", ".join(held) + ")"   # not [..]: table cells are rich markup
        row = [name, island, city, str(s.sj[p]), str(s.dbl[p]), goods]
        if show_vp:
            row.append(str(s.vp[p]))
        players.add_row(*row)
    parts.append(players)
    ships = "  ".join(f"[{sh[0]}: {sh[2]} {good_(sh[1]) if sh[1] >= 0 else _('empty')}]" for sh in s.ships)
    house = ", ".join(good_(g) for g in s.house) or _("empty")
    roles = "  ".join(f"{role_(s.cards[i])}" + (f"+{s.card_coins[i]}" if s.card_coins[i] else "")
                      + (f"({s.names[s.card_taken[i]]})" if s.card_taken[i] >= 0 else "")
                      for i in range(len(s.cards)))
    row = ", ".join(f"{s.row[g]} {good_(g)}" for g in range(5) if s.row[g]) or _("none")
    board = Text.assemble(
        (_("Cargo ships:") + " ", "bold"), ships, "\n",
        (_("Trading house:") + " ", "bold"), f"{house} ({len(s.house)}/4)", "\n",
        (_("Colonists:") + " ", "bold"),
        _("{ship} on the ship, {supply} in the supply").format(ship=s.cship, supply=s.csup), "\n",
        (_("VP chips left:") + " ", "bold"), str(s.pool), "\n",
        (_("Plantations face up:") + " ", "bold"), row,
        "  " + _("(stack {stack}, discards {discards}, quarries {quarries})").format(
            stack=sum(s.stack), discards=sum(s.disc), quarries=s.quarries), "\n",
        (_("Goods supply:") + " ", "bold"), ", ".join(f"{s.gsup[g]} {good_(g)}" for g in range(5)), "\n",
        (_("Roles:") + " ", "bold"), roles, "\n",
        (_("Phase:") + " ", "bold"), _phase(s),
    )
    if s.bank < 0:   # option doubloon-bank-limit off: the bank pays on past the box (rules 7)
        board.append("\n" + _("The bank has paid out {amount} more than the box holds (86): use a stand-in.").format(
            amount=dbl_(-s.bank)), style="yellow")
    if s.triggers:
        why = ", ".join(s.triggers)
        board.append("\n" + (_("The game ended ({why}).").format(why=why) if s.phase == END else
                             _("Game end triggered ({why}): this is the last round.").format(why=why)),
                     style="bold red")
    if s.phase == PH_MAYOR and s.m_t is not None:
        placed = [f"{s.m_t[k]} {good_(k)}" for k in range(6) if s.m_t[k]]
        placed += [f"{s.m_b[b]} {bid_(b)}" for b in range(len(BIDS)) if s.m_b[b]]
        ok = mayor_ok_text(s)
        proposal = mayor_proposal(s) + (f" ({ok})" if ok != mayor_proposal(s) else "")
        board.append("\n" + _("{player} has placed: {placed}; {left} to go. 'ok' gives: {proposal}.").format(
            player=s.names[s.actor], placed=", ".join(placed) or _("nothing yet"), left=s.m_target - s.m_placed,
            proposal=proposal))
    if s.phase == STORAGE and s.st_kept is not None:
        kept = ", ".join(good_(g) for g in range(5) if s.st_kept[g]) or _("nothing chosen yet")
        board.append("\n" + _("{player} keeps: {kept}; 'ok' keeps {proposal}.").format(
            player=s.names[s.actor], kept=kept, proposal=storage_proposal(s)))
    parts.append(Panel(board, title="Puerto Rico"))
    if s.events:
        parts.append(Text("\n".join(sentences(s.events)), style="italic"))
    if s.phase == END:
        turn = _("The game is over.")
    elif s.phase in ("reveal", "draw"):
        turn = _("To move: the table (chance: enter the plantation turned up).")
    else:
        turn = _("To move: {player} ({phase}).").format(player=s.names[s.actor], phase=role_(s.phase))
    parts.append(Text(turn, style="bold"))
    return Group(*parts)


# --- fitting a terminal: the table picks the fullest tier whose lines fit its board area (ui/fit.py) ------

def _shared_lines(s, terse=False):
    """The shared board in four or five lines: round, roles, ships, trading house, colonists, chips, supply.
    Terse: the roles without who took them and the phase without who chose it (both show in the players'
    lines)."""
    from rich.text import Text

    ships = " ".join(f"[{sh[0]}: {sh[2]} {good_(sh[1])}]" if sh[1] >= 0 else f"[{sh[0]}: {_('empty')}]"
                     for sh in s.ships)
    house = ", ".join(good_(g) for g in s.house) or _("empty")
    roles = " ".join(f"{role_(s.cards[i])}" + (f"+{s.card_coins[i]}" if s.card_coins[i] else "")
                     + (("*" if terse else f"({s.names[s.card_taken[i]]})") if s.card_taken[i] >= 0 else "")
                     for i in range(len(s.cards)))
    row = ", ".join(f"{s.row[g]} {good_(g)}" for g in range(5) if s.row[g]) or _("none")
    out = [
        Text.assemble((_("Round {round}:").format(round=s.round) + " ", "bold"),
                      _("choosing roles, pick {pick} of {picks}").format(pick=s.picks + 1, picks=s.total_picks)
                      if s.phase == "role" else role_(s.phase) if s.phase not in ("reveal", END) else _phase(s))
        if terse else
        Text.assemble((_("Round {round}, governor {player}:").format(round=s.round, player=s.names[s.gov]) + " ",
                       "bold"), _phase(s)),
        Text.assemble((_("Roles:") + " ", "bold"), roles),
        Text.assemble((_("Ships:") + " ", "bold"), ships, ("  " + _("House:") + " ", "bold"),
                      f"{house} ({len(s.house)}/4)"),
        Text.assemble((_("Colonists:") + " ", "bold"),
                      _("{ship} ship {supply} supply").format(ship=s.cship, supply=s.csup),
                      ("  " + _("VP chips:") + " ", "bold"), str(s.pool), ("  " + _("Face up:") + " ", "bold"), row),
        Text.assemble((_("Supply:") + " ", "bold"), " ".join(f"{s.gsup[g]} {good_(g)}" for g in range(5)),
                      ", " + ngettext("{n} quarry", "{n} quarries", s.quarries).format(n=s.quarries)),
    ]
    if s.bank < 0:
        out.append(Text(_("The bank has paid out {amount} more than the box holds (86).").format(
            amount=dbl_(-s.bank)), style="yellow"))
    if s.triggers:
        why = ", ".join(s.triggers)
        out.append(Text(_("The game ended ({why}).").format(why=why) if s.phase == END else
                        _("Game end triggered ({why}): this is the last round.").format(why=why), style="bold red"))
    if s.phase == PH_MAYOR and s.m_t is not None:     # what is placed shows in the acting player's circles
        out.append(Text(_("{player} places colonists: {placed} placed, {left} to go.").format(
            player=s.names[s.actor], placed=s.m_placed, left=s.m_target - s.m_placed)))
    if s.phase == STORAGE and s.st_kept is not None:
        kept = ", ".join(good_(g) for g in range(5) if s.st_kept[g]) or _("nothing chosen yet")
        out.append(Text(_("{player} keeps: {kept}; 'ok' keeps {proposal}.").format(
            player=s.names[s.actor], kept=kept, proposal=storage_proposal(s))))
    return out


def _short_line(s, p, show_vp):
    """Another player on one line: name, doubloons, VP, San Juan, manned plantations and city, goods."""
    from rich.text import Text

    t, o, bl = s.tiles[p], s.tocc[p], s.bld[p]
    line = Text("  ")
    line.append(s.names[p], style="bold")
    if p == s.gov:
        line.append(" " + _("(gov.)"))
    # TRANSLATORS: doubloons (db), victory points (VP) and San Juan (SJ), short to fit a player on one line
    line.append(" " + _("{db}db").format(db=s.dbl[p]) + (" " + _("{vp}VP").format(vp=s.vp[p]) if show_vp else "")
                + " " + _("SJ{n}").format(n=s.sj[p]))
    # TRANSLATORS: manned/all plantations on the island (isl), city spaces used, manned/all building circles
    line.append(" " + _("isl {manned}/{tiles} city {used}/12 {in_city}/{circles}").format(
        manned=sum(o), tiles=sum(t), used=s.city[p], in_city=sum(bl[b] for b in s.owned[p]),
        circles=sum(CIRC[b] for b in s.owned[p])), style="dim")
    goods = " ".join(f"{s.goods[p][g]}{good_(g)[:3]}" for g in range(5) if s.goods[p][g])
    if goods:
        line.append(" · " + goods)
    return line


def _head(s, p, show_vp):
    from rich.text import Text

    acting = s.phase not in (END, "reveal", "draw") and p == s.actor
    line = Text("> " if acting else "  ", style="bold")
    line.append(s.names[p], style="bold")
    if p == s.gov:
        line.append(" " + _("(governor)"))
    held = [role_(s.cards[i]) for i in range(len(s.cards)) if s.card_taken[i] == p]
    if held:
        line.append(" (" + ", ".join(held) + ")")
    line.append("  " + _("{db} db").format(db=s.dbl[p]))
    if show_vp:
        line.append(", " + _("{vp} VP").format(vp=s.vp[p]))
    line.append(", " + _("San Juan {n}").format(n=s.sj[p]))
    goods = ", ".join(f"{s.goods[p][g]} {good_(g)}" for g in range(5) if s.goods[p][g])
    if goods:
        line.append(", " + _("goods: {goods}").format(goods=goods))
    return line


def _player_full(s, p, show_vp):
    """A player in full: the head line, the island by kind, the city building by building (names whole)."""
    from rich.text import Text

    t, o, bl = s.tiles[p], s.tocc[p], s.bld[p]
    island = " ".join(f"{good_(k)}{_circles(o[k], t[k])}" for k in range(6) if t[k]) or "-"
    city = " ".join(f"{bid_(b)}{_circles(bl[b], CIRC[b])}" for b in s.owned[p]) or "-"
    return [_head(s, p, show_vp), Text("  " + _("island: {tiles}").format(tiles=island)),
            Text("  " + _("city {used}/12: {buildings}").format(used=s.city[p], buildings=city))]


def compact(s, width, in_full: int = 1, terse: bool = False):
    """The shared board, then the players: ``in_full`` of them in full (the acting player and the next ones
    to act), the others one line each."""
    from rich.console import Group

    show_vp = s.opts.get("show-running-vp", False) or s.phase == END
    parts = _shared_lines(s, terse)
    first = s.actor if 0 <= s.actor < s.n else s.gov
    full = {(first + k) % s.n for k in range(in_full)}
    for p in range(s.n):
        if p in full:
            parts.extend(_player_full(s, p, show_vp))
        else:
            parts.append(_short_line(s, p, show_vp))
    return Group(*parts)


def tiers(rules, s, width, height):
    """Fullest first: the whole table, every player in full without borders, then fewer players in full
    (the acting one and the next to act), down to the acting player alone (ui/fit.py picks the first that
    fits)."""
    return [render(s)] + [compact(s, width, k) for k in range(s.n, 0, -1)] + [compact(s, width, 1, terse=True)]
