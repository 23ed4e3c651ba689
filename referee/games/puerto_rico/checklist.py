"""The printed setup checklist for a player count (rules 2.3, seed 'PŘÍPRAVA HRY')."""

from __future__ import annotations

from referee.i18n import _

from .state import BARRELS, COPIES, GOODS, NB, QUARRIES, SETUP, TILES, bname_, good_, role_


def setup_checklist(n: int, vp_pool_5p: int = 122) -> str:
    """In the display language (view() asks for it in English: its values are language-neutral)."""
    if n not in SETUP:
        raise ValueError(f"Puerto Rico takes 2 to 5 players, not {n}.")
    cfg = SETUP[n]
    box = cfg["box"]
    pool = vp_pool_5p if n == 5 else cfg["vp_pool"]
    roles = ["settler", "mayor", "builder", "craftsman", "trader", "captain"] + ["prospector"] * cfg["prospectors"]
    start = ", ".join(_("seat {seat}: {kind}").format(seat=i + 1, kind=good_(GOODS.index(k)))
                      for i, k in enumerate(cfg["start"]))
    head = (_("Puerto Rico setup for {n} players (official 2-player variant):") if n == 2 else
            _("Puerto Rico setup for {n} players:")).format(n=n)
    lines = [head,
             _("  1. Choose the governor by lot; seat 1 is the governor, then clockwise."),
             _("  2. Each player: a board and {n} doubloons.").format(n=cfg["doubloons"]),
             _("  3. Starting plantations, face up and unoccupied: {start}.").format(start=start),
             _("  4. Quarries face up: {n}.").format(n=QUARRIES[box]),
             _("  5. Plantations shuffled face down: {stack}; then turn up {n} (enter them as 'reveal <kind>').")
             .format(stack=", ".join(f"{TILES[g][box] - cfg['start'].count(GOODS[g])} {good_(g)}" for g in range(5)),
                     n=n + 1),
             _("  6. VP chips in the pool: {n}.").format(n=pool),
             _("  7. Colonists: {supply} in the supply and {ship} on the colonist ship.").format(
                 supply=cfg["colonist_supply"], ship=cfg["colonist_ship"]),
             _("  8. Cargo ships: {ships}; the trading house empty.").format(
                 ships=", ".join(str(c) for c in cfg["ships"])),
             _("  9. Role cards ({n}): {roles}.").format(n=len(roles), roles=", ".join(role_(r) for r in roles)),
             _(" 10. Goods barrels: {goods}.").format(
                 goods=", ".join(f"{BARRELS[g][box]} {good_(g)}" for g in range(5))),
             _(" 11. Buildings: all 49.") if box == 0 else _(" 11. Buildings: {buildings}.").format(
                 buildings=", ".join(f"{COPIES[b][box]} {bname_(b)}" for b in range(NB)))]
    if n == 2:
        lines.append(_(" 12. Roles: the players alternate choices, governor first, until each has 3 roles."))
    return "\n".join(lines)
