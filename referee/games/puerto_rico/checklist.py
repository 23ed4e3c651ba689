"""The printed setup checklist for a player count (rules 2.3, seed 'PŘÍPRAVA HRY')."""

from __future__ import annotations

from .state import BARRELS, BNAME, COPIES, GOODS, NB, QUARRIES, SETUP, TILES


def setup_checklist(n: int, vp_pool_5p: int = 122) -> str:
    if n not in SETUP:
        raise ValueError(f"Puerto Rico takes 2 to 5 players, not {n}.")
    cfg = SETUP[n]
    box = cfg["box"]
    pool = vp_pool_5p if n == 5 else cfg["vp_pool"]
    roles = ["settler", "mayor", "builder", "craftsman", "trader", "captain"] + ["prospector"] * cfg["prospectors"]
    start = ", ".join(f"seat {i + 1}: {k}" for i, k in enumerate(cfg["start"]))
    lines = [f"Puerto Rico setup for {n} players" + (" (official 2-player variant)" if n == 2 else "") + ":",
             "  1. Choose the governor by lot; seat 1 is the governor, then clockwise.",
             f"  2. Each player: a board and {cfg['doubloons']} doubloons.",
             f"  3. Starting plantations, face up and unoccupied: {start}.",
             f"  4. Quarries face up: {QUARRIES[box]}.",
             "  5. Plantations shuffled face down: " + ", ".join(
                 f"{TILES[g][box] - cfg['start'].count(GOODS[g])} {GOODS[g]}" for g in range(5))
             + f"; then turn up {n + 1} (enter them as 'reveal <kind>').",
             f"  6. VP chips in the pool: {pool}.",
             f"  7. Colonists: {cfg['colonist_supply']} in the supply and {cfg['colonist_ship']} on the colonist ship.",
             "  8. Cargo ships: " + ", ".join(str(c) for c in cfg["ships"]) + "; the trading house empty.",
             "  9. Role cards (" + str(len(roles)) + "): " + ", ".join(roles) + ".",
             " 10. Goods barrels: " + ", ".join(f"{BARRELS[g][box]} {GOODS[g]}" for g in range(5)) + ".",
             " 11. Buildings: " + ("all 49." if box == 0 else
                                    ", ".join(f"{COPIES[b][box]} {BNAME[b].lower()}" for b in range(NB)) + ".")]
    if n == 2:
        lines.append(" 12. Roles: the players alternate choices, governor first, until each has 3 roles.")
    return "\n".join(lines)
