"""Carcassonne (base game) with Traders & Builders: the engine.

A turn is broken into steps so every legal listing stays small:
  1. ``draw tb:k``   chance: the tile the active player drew (only letters still in the bag); a tile with no
                     legal place anywhere is discarded and the next draw follows (P5).
  2. ``place 1,-2 r90``  the active player puts the drawn tile at x,y with a clockwise rotation (P1-P3).
  3. ``city n`` / ``road e-w`` / ``farm se`` / ``cloister``, ``builder road e-w``, ``pig farm se`` or ``none``:
     at most one figure on the tile just placed (F1-F5, B2, PG2); then completed features score (S1-S7, G2).
A builder's double turn (B5-B10) repeats the three steps once for the same player.
"""

from __future__ import annotations

from referee.core.errors import IllegalMove
from referee.core.move import Move
from referee.core.rules import Rules
from referee.core.said import said
from referee.i18n import N_, _, ngettext

from . import info, notation
from .state import FOLLOWERS, GOODS, GOODS_SUPPLY, State
from .tiles import DELTA, start_key, tile_types

FIGURE_WORD = {"f": N_("follower"), "b": N_("builder"), "p": N_("pig")}   # English in view(); _() where shown


def _open_text(kind: str, n: int) -> str:
    if kind == "road":
        return ngettext("an open road of {n} tile", "an open road of {n} tiles", n).format(n=n)
    return ngettext("an open city of {n} tile", "an open city of {n} tiles", n).format(n=n)


def _closed_text(kind: str, n: int, points: int) -> str:
    """A feature the tile closes, and what it scores now (F6)."""
    if kind == "road":
        text = ngettext("a completed road of {n} tile: it scores {points} now",
                        "a completed road of {n} tiles: it scores {points} now", n)
    else:
        text = ngettext("a completed city of {n} tile: it scores {points} now",
                        "a completed city of {n} tiles: it scores {points} now", n)
    return text.format(n=n, points=points)


def _goods_name(goods: str) -> str:
    """'wine' in English (the id, as always shown), 'víno' in Czech: the name printed in the rulebook."""
    from referee.core.names import display

    return display("carcassonne", "goods", goods)


def _and(names: list[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann and Bob and Cid' (as the English text always said)."""
    text = names[0]
    for name in names[1:]:
        text = _("{first} and {second}").format(first=text, second=name)
    return text


def _feature_text(kind: str, n: int, pennants: int) -> str:
    """'road of 3 tiles', 'city of 4 tiles with 2 pennants': what a completion note names."""
    if kind == "road":
        return ngettext("road of {n} tile", "road of {n} tiles", n).format(n=n)
    if not pennants:
        return ngettext("city of {n} tile", "city of {n} tiles", n).format(n=n)
    return _("city of {n} tiles with {pennants}").format(
        n=n, pennants=ngettext("{n} pennant", "{n} pennants", pennants).format(n=pennants))


class CarcassonneRules(Rules):
    unique_texts = True     # no two listed moves share a text (tests/core/test_legal_once.py)

    def __init__(self):
        super().__init__(id=info.ID, name=info.NAME, min_players=info.MIN_PLAYERS,
                         max_players=info.MAX_PLAYERS, options=info.OPTIONS)
        self.notation = notation.HELP

    @property
    def notation(self) -> str:
        """The notation's help in the language in force (the language may be chosen after the engine is built)."""
        return _(notation.HELP)

    @notation.setter
    def notation(self, text: str) -> None:
        pass                                    # the base class stores the help; here it is always notation.HELP

    more_players = N_("a sixth player needs a sixth colour from another set (rule R1): -o six_players=on")

    def player_range(self, options):
        return 2, 6 if options.get("six_players") else 5

    # --- setup -----------------------------------------------------------------------------------
    def setup(self, players, options):
        st = State(players=list(players), options=options.copy())   # keeps core.game.Options' spellings
        tb = options.get("traders_builders", True)
        for t in tile_types().values():
            if t.set == "tb" and not tb:
                continue
            st.counts[t.key] = t.count
            st.bag[t.key] = t.count
        start = start_key()
        st.bag[start] -= 1
        st.board.place(start, 0, 0, 0)
        n = len(players)
        st.scores = [0] * n
        st.supply = [FOLLOWERS] * n
        st.builder = [tb] * n
        st.pig = [tb] * n
        st.goods = [{g: 0 for g in GOODS} for _ in range(n)]
        st.last = 0
        return st

    # --- helpers ---------------------------------------------------------------------------------
    @staticmethod
    def left(st) -> int:
        return sum(st.bag.values())

    def to_move(self, st):
        if st.phase == "over":
            return None
        if st.phase == "draw":
            return None
        return st.players[st.current]

    def finished(self, st) -> bool:
        return st.phase == "over"

    # --- legal moves -----------------------------------------------------------------------------
    def legal(self, st) -> list[Move]:
        if st.phase == "draw":
            moves = [Move("draw " + key.lower(), None, True, ("draw", key)) for key, n in st.bag.items() if n > 0]
            if st.part > 1 and self._may_decline(st):
                moves.append(Move("no second tile", st.players[st.current], False, ("decline",)))
            return moves
        who = st.players[st.current]
        if st.phase == "place":
            tile = tile_types()[st.hand]
            return [Move(f"place {x},{y} r{q * 90}", who, False, ("place", x, y, q))
                    for x, y, q in sorted(st.board.placements(tile), key=lambda p: (p[1], p[0], p[2]))]
        if st.phase == "figure":
            return self.figure_moves(st)
        return []

    def _may_decline(self, st) -> bool:
        return bool(st.options.get("decline_second_tile")) or (st.part > 2 and st.options.get("builder_chain"))

    def figure_moves(self, st) -> list[Move]:
        b = st.board
        cur = st.current
        who = st.players[cur]
        idx = st.last
        rot = b.rot[idx]
        base = b.base[idx]
        out = []
        followers = st.supply[cur] > 0
        builder = st.builder[cur]
        pig = st.pig[cur]
        for seg in rot.tile.segments:
            name = rot.names[seg.index]
            f = b.feat[b.find(base + seg.index)]
            occupied = False
            own = False
            for p, kind, _ in f.figs:
                if kind == "f":
                    occupied = True
                    if p == cur:
                        own = True
            if followers and not occupied:
                out.append(Move(name, who, False, ("figure", "f", seg.index)))
            if own and builder and seg.kind in ("city", "road"):
                out.append(Move("builder " + name, who, False, ("figure", "b", seg.index)))
            if own and pig and seg.kind == "field":
                out.append(Move("pig " + name, who, False, ("figure", "p", seg.index)))
        out.append(Move("none", who, False, ("none",)))
        return out

    # --- apply -----------------------------------------------------------------------------------
    def apply(self, st, move: Move) -> None:
        st.moves += 1
        act = move.action
        kind = act[0]
        if kind == "draw":
            self._draw(st, act[1])
        elif kind == "place":
            self._place(st, act[1], act[2], act[3])
        elif kind == "figure":
            self._figure(st, act[1], act[2])
        elif kind == "none":
            self._figure(st, None, None)
        elif kind == "decline":
            st.declined += 1
            st.note(_("{name} declines the builder's extra tile (O4).").format(name=st.players[st.current]))
            self._end_turn(st)

    def _draw(self, st, key):
        st.bag[key] -= 1
        tile = tile_types()[key]
        if st.board.placeable(tile):
            st.hand = key
            st.phase = "place"
            return
        st.discarded.append(key)
        st.note(_("{tile} fits nowhere on the board and is discarded; draw again (rule P5).").format(tile=key))
        if self.left(st) == 0:
            self._game_over(st)

    def _place(self, st, x, y, q):
        b = st.board
        idx = b.place(st.hand, x, y, q)
        # the edges it shows, or for T&B M and X (all four edges city) where the goods city lies (rules §2.7)
        # written when read (core/said.py): most placements are never described (replays, imports)
        st.note(lambda name=st.players[st.current], hand=st.hand, x=x, y=y, q=q, tile=b.rot[idx].tile:
                _("{name} placed {tile} at {x},{y} {rotation}: {shows}.").format(
                    name=name, tile=hand, x=x, y=y, rotation=f"r{q * 90}",
                    shows=notation.rotation_text(tile, q).split(" ", 1)[1]))
        st.hand = None
        st.last = idx
        st.phase = "figure"
        st.trigger = False
        if st.options.get("traders_builders", True) and (st.part == 1 or st.options.get("builder_chain")):
            cur = st.current
            rot = b.rot[idx]
            base = b.base[idx]
            for seg in rot.tile.segments:
                if seg.kind in ("city", "road"):
                    f = b.feat[b.find(base + seg.index)]
                    if any(p == cur and k == "b" for p, k, _ in f.figs):
                        st.trigger = True
                        break

    def _figure(self, st, figure, seg):
        cur = st.current
        b = st.board
        if figure is not None:
            b.add_figure(st.last, seg, cur, figure)
            if figure == "f":
                st.supply[cur] -= 1
            elif figure == "b":
                st.builder[cur] = False
            else:
                st.pig[cur] = False
        self._score_completed(st)
        if st.trigger:
            st.trigger = False
            if self.left(st) > 0:
                st.part += 1
                st.phase = "draw"
                st.note(_("{name}'s tile extended their builder's feature: {name} draws another tile "
                          "(rule B5).").format(name=st.players[cur]))
                return
            st.note(_("The builder would give an extra tile but the bag is empty (B12)."))
        self._end_turn(st)

    def _end_turn(self, st):
        st.part = 1
        st.trigger = False
        if self.left(st) == 0:
            self._game_over(st)
            return
        st.current = (st.current + 1) % st.n
        st.phase = "draw"

    def _game_over(self, st):
        st.phase = "over"
        st.hand = None
        st.note(_("The last tile is placed: final scoring."))

    # --- scoring on completion -------------------------------------------------------------------
    def _score_completed(self, st):
        b = st.board
        idx = st.last
        rot = b.rot[idx]
        base = b.base[idx]
        roots = []
        for seg in rot.tile.segments:
            if seg.kind in ("city", "road"):
                r = b.find(base + seg.index)
                f = b.feat[r]
                if f.open == 0 and not f.done and r not in roots:
                    roots.append(r)
        for r in roots:
            f = b.feat[r]
            n = len(f.tiles)
            pts = self.completed_points(st, f.kind, n, f.pennants)
            self._award(st, f, pts, _feature_text(f.kind, n, f.pennants))
            if f.goods:
                cur = st.current
                for g in GOODS:
                    if f.goods.get(g):
                        st.goods[cur][g] += f.goods[g]
                got = ", ".join(f"{f.goods[g]} {_goods_name(g)}" for g in GOODS if f.goods.get(g))
                st.note(_("{name} completed the city and takes {goods} (rule G2).").format(name=st.players[cur],
                                                                                            goods=got))
        x, y = b.placed[idx][1], b.placed[idx][2]
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                t = b.at.get((x + dx, y + dy))
                if t is None or not b.rot[t].tile.cloister:
                    continue
                g = b.cloister_gid(t)
                f = b.feat[g]
                if not f.done and b.neighbours8(x + dx, y + dy) == 8:
                    self._award(st, f, 9, _("cloister"))

    @staticmethod
    def completed_points(st, kind: str, tiles: int, pennants: int) -> int:
        """A completed road: 1 per tile (S2); city: 2 per tile and pennant (S3), or 2 for two tiles with O2b."""
        if kind == "road":
            return tiles
        if tiles == 2 and st.options.get("old_small_city"):
            return tiles + pennants
        return 2 * tiles + 2 * pennants

    def _award(self, st, f, pts, what):
        f.done = True
        counts = f.followers()
        if counts:
            top = max(counts.values())
            winners = sorted(p for p, c in counts.items() if c == top)
            for p in winners:
                st.scores[p] += pts
                st.gains.append((p, pts, what))
            who = _and([st.players[p] for p in winners])
            if len(winners) == 1:
                st.note(_("Completed {what}: {who} scores {points} (rule S5).").format(what=what, who=who, points=pts))
            else:
                st.note(_("Completed {what}: {who} score {points} (rule S5).").format(what=what, who=who, points=pts))
        else:
            st.note(_("Completed {what}: no followers, nobody scores.").format(what=what))
        for p, kind in st.board.remove_figures(f):
            if kind == "f":
                st.supply[p] += 1
            elif kind == "b":
                st.builder[p] = True

    # --- parse -----------------------------------------------------------------------------------
    def parse(self, st, text):
        return notation.parse(self, st, text)

    def split_entry(self, st, text):
        """A whole turn on one line (tile, placement, figure): its moves' texts, or None (core/entry.py)."""
        return notation.split_entry(self, st, text)

    def default_move(self, st):
        """What Enter plays: 'none' when a figure may be placed (most turns place none), the one placement
        when the tile fits in one way only, the tile when only one kind is left in the bag."""
        if st.phase == "figure":
            return "none"
        moves = self.legal(st)
        if st.phase in ("draw", "place") and len(moves) == 1:
            return moves[0].text
        return None

    def describe(self, st, text: str) -> str:
        """What a typed move would do, for the table to confirm before committing (rules §2.7).

        Raises like parse() when the move is not legal. For a placement it names the board edges and
        features the tile would show, e.g. "B:D at 1,0 r90 shows N=R E=C S=R W=F: city e, road n-s, ...".
        """
        from referee.core.move import normalize

        norm = normalize(text)
        legal = {m.text: m for m in self.legal(st)}
        canon = norm if norm in legal else normalize(self.parse(st, norm))
        move = legal.get(canon)
        if move is None:
            raise IllegalMove(_("{move} is not a legal move now.").format(move=canon))
        return self.preview(st, move) or canon

    def preview(self, st, move) -> str | None:
        """The drawn tile's edges and features where it would lie: the table checks the printed tile
        (which may be rotated relative to the data) before the placement is committed, and sees what the
        placement would complete."""
        act = move.action
        if act[0] == "place":
            _kind, x, y, q = act
            tile = tile_types()[st.hand]
            # most important first: the table's bottom bar is one line, cut at the terminal's width
            done = [self._completion_text(st, c) for c in st.board.would_complete(st.hand, x, y, q)]
            shows = notation.rotation_text(tile, q).split(" ", 1)[1]   # edges, or where M's/X's goods city lies
            if done:
                return _("{tile} {shows}; completes {done}; features {features}").format(
                    tile=st.hand, shows=shows, done="; ".join(done), features=tile.describe(q))
            return _("{tile} {shows}; features {features}").format(tile=st.hand, shows=shows,
                                                                   features=tile.describe(q))
        if act[0] == "draw":
            tile = tile_types()[act[1]]
            return _("{tile}: {features} (edges N E S W at r0: {edges})").format(tile=act[1], features=tile.describe(),
                                                                                 edges=tile.edges)
        if act[0] == "figure":
            return self._figure_text(st, act[1], act[2])
        return None

    def _figure_text(self, st, figure, seg_index) -> str:
        b = st.board
        rot = b.rot[st.last]
        seg = rot.tile.segments[seg_index]
        f = b.feature_of(st.last, seg_index)
        who = st.players[st.current]
        word = notation.ROLE[seg.kind] if figure == "f" else FIGURE_WORD[figure]
        role = _(word)
        n = len(f.tiles)
        if seg.kind in ("road", "city"):
            if f.open:
                what = _open_text(seg.kind, n)
            else:   # the tile closes it: say what it scores now (F6)
                what = _closed_text(seg.kind, n, self.completed_points(st, seg.kind, n, f.pennants))
        elif seg.kind == "cloister":
            _key, x, y, _q = b.placed[st.last]
            what = _("a cloister with {n} of 8 neighbours").format(n=b.neighbours8(x, y))
        else:
            done = len({r for r in (b.find(c) for c in f.cities) if b.feat[r].open == 0})
            what = ngettext("a field touching {n} completed city so far", "a field touching {n} completed cities so far",
                            done).format(n=done)
            if rot.tile.split == "uncertain":   # rules §4 ⚠: let the table compare the split with the tile
                from .tiles import HALF_NAMES

                halves = "+".join(HALF_NAMES[h] for h in rot.seg_halves[seg_index]) or "inner"
                what += " " + _("(uncertain split of {tile}: this field is {halves}; check the tile)").format(
                    tile=rot.tile.key, halves=halves)
        return _("{who}'s {role} in {what}").format(who=who, role=role, what=what)

    def _completion_text(self, st, c) -> str:
        kind, n, pennants, goods, fol, where = c
        if kind == "road":
            pts, size = n, ngettext("{n} tile", "{n} tiles", n).format(n=n)
        elif kind == "city":
            pts = self.completed_points(st, kind, n, pennants)
            size = ngettext("{n} tile", "{n} tiles", n).format(n=n)
            if pennants:
                size = _("{tiles}, {pennants}").format(
                    tiles=size, pennants=ngettext("{n} pennant", "{n} pennants", pennants).format(n=pennants))
        else:
            pts, size = 9, ngettext("{n} tile", "{n} tiles", 9).format(n=9)
        place = where if kind != "cloister" else _("the cloister at {where}").format(where=where)
        if fol:
            top = max(fol.values())
            winners = [st.players[p] for p in sorted(fol) if fol[p] == top]
            if len(winners) > 1:
                to = _("{points} points each to {who}").format(points=pts, who=_and(winners))
            else:
                to = _("{points} points to {who}").format(points=pts, who=winners[0])
        else:
            to = _("{points} points, nobody on it yet").format(points=pts)
        text = _("{place} ({size}, {scores})").format(place=place, size=size, scores=to)
        if goods:
            text += _(", goods {goods} to {name}").format(
                goods=" ".join(f"{goods[g]} {_goods_name(g)}" for g in GOODS if goods.get(g)), name=st.players[st.current])
        return text

    # --- end of game -----------------------------------------------------------------------------
    def final_input(self, st) -> dict:
        """The calculator input (contracts §3) for the board as it stands."""
        b = st.board
        names = st.players
        features = []
        roots = sorted(b.feat)
        for r in roots:
            f = b.feat[r]
            if f.done or f.kind == "field":
                continue
            counts = f.followers()
            if not counts:
                continue
            fol = {names[p]: c for p, c in sorted(counts.items())}
            if f.kind == "road":
                features.append({"type": "road", "tiles": len(f.tiles), "followers": fol})
            elif f.kind == "city":
                features.append({"type": "city", "tiles": len(f.tiles), "pennants": f.pennants, "followers": fol})
            elif f.kind == "cloister":
                t = next(iter(f.tiles))
                _, x, y, _ = b.placed[t]
                features.append({"type": "cloister", "neighbours": b.neighbours8(x, y), "followers": fol})
        for r in roots:
            f = b.feat[r]
            if f.kind != "field":
                continue
            counts = f.followers()
            if not counts:
                continue
            cities = sorted({b.find(c) for c in f.cities})
            done = [c for c in cities if b.feat[c].done]
            pigs = sorted({names[p] for p, k, _ in f.figs if k == "p"})
            features.append({"type": "farm", "completed_cities": len(done), "cities": [f"c{c}" for c in done],
                             "followers": {names[p]: c for p, c in sorted(counts.items())}, "pigs": pigs})
        data = {"game": "carcassonne", "players": list(names),
                "expansions": ["traders-builders"] if st.options.get("traders_builders", True) else [],
                "points_so_far": {names[i]: st.scores[i] for i in range(st.n)},
                "features": features,
                "options": {"farm_rule": st.options.get("farm_rule", "current")}}
        if st.options.get("traders_builders", True):
            data["goods"] = {names[i]: dict(st.goods[i]) for i in range(st.n)}
        return data

    def events(self, st):
        return [said(text) for move, text in st.events if move == st.moves]

    def result(self, st):
        if st.phase != "over":
            return None
        from scoring.carcassonne import score

        return score(self.final_input(st))

    # --- presentation ----------------------------------------------------------------------------
    def prompt(self, st) -> str:
        return notation.prompt(self, st)

    def view(self, st) -> dict:
        b = st.board
        board = []
        for i, (key, x, y, q) in enumerate(b.placed):
            rot = b.rot[i]
            fig = None
            base = b.base[i]
            for s in range(len(rot.tile.segments)):
                got = b.figs.get(base + s)
                if got:
                    fig = {"player": st.players[got[0]], "figure": FIGURE_WORD[got[1]], "feature": rot.names[s]}
            board.append({"x": x, "y": y, "tile": key, "rotation": q * 90, "edges": rot.edges, "figure": fig})
        drawn = None
        if st.hand:
            t = tile_types()[st.hand]
            drawn = {"tile": st.hand, "rotations": [
                {"rotation": q * 90, "edges": t.rotations[q].edges, "features": list(t.rotations[q].names)}
                for q in t.distinct]}
        return {
            "phase": st.phase,
            "to_move": self.to_move(st),
            "part": st.part,
            "players": [{"name": st.players[i], "score": st.scores[i], "followers": st.supply[i],
                         "builder_in_supply": st.builder[i], "pig_in_supply": st.pig[i],
                         "goods": dict(st.goods[i])} for i in range(st.n)],
            "board": board,
            "drawn": drawn,
            "bag": {k: v for k, v in st.bag.items() if v},
            "bag_total": self.left(st),
            "discarded": list(st.discarded),
            "events": [{"move": m, "text": said(t)} for m, t in st.events[-12:]],
            "options": dict(st.options),
        }

    def render(self, st):
        from .render import render

        return render(self, st)

    # --- invariants ------------------------------------------------------------------------------
    def check(self, st) -> None:
        b = st.board
        # tiles conserved: bag + board + discarded + hand = every tile of the game (P6)
        seen = dict.fromkeys(st.counts, 0)
        for rec in b.placed:
            seen[rec[0]] += 1
        for key in st.discarded:
            seen[key] += 1
        if st.hand:
            seen[st.hand] += 1
        bag = st.bag
        for k, c in st.counts.items():
            assert bag[k] >= 0, f"negative bag count for {k}"
            assert bag[k] + seen[k] == c, f"tile {k}: bag {bag[k]} + out {seen[k]} != {c}"
        # every placed edge matches its neighbour (P2). Placed tiles never change, so each tile is verified
        # against all four neighbours once, when check() first sees it (a later neighbour checks the pair).
        at = b.at
        rots = b.rot
        assert len(at) == len(b.placed), "board index broken"
        start = getattr(b, "checked", 0)
        for i in range(start, len(b.placed)):
            rec = b.placed[i]
            x, y = rec[1], rec[2]
            assert at[(x, y)] == i, f"board index broken at {x},{y}"
            edges = rots[i].edges
            for e in range(4):
                n = at.get((x + DELTA[e][0], y + DELTA[e][1]))
                if n is not None:
                    assert edges[e] == rots[n].edges[(e + 2) % 4], \
                        f"edge mismatch at {x},{y}: {edges[e]} against {rots[n].edges[(e + 2) % 4]}"
        b.checked = len(b.placed)
        # figures conserved: supply + board = 7 followers, 1 builder, 1 pig each
        onb = [[0, 0, 0] for _ in range(st.n)]
        for p, kind in b.figs.values():
            onb[p]["fbp".index(kind)] += 1
        feat_figs = 0
        done_goods = dict.fromkeys(GOODS, 0)
        for f in b.feat.values():
            if f.figs:
                feat_figs += len(f.figs)
            if f.done and f.goods:
                for g, k in f.goods.items():
                    done_goods[g] += k
        assert feat_figs == len(b.figs), "figures of features and board disagree"
        tb = int(st.options.get("traders_builders", True))
        for p in range(st.n):
            assert st.supply[p] + onb[p][0] == FOLLOWERS, f"{st.players[p]}: followers not conserved"
            assert 0 <= st.supply[p] <= FOLLOWERS, f"{st.players[p]}: followers out of range"
            assert int(st.builder[p]) + onb[p][1] == tb, f"{st.players[p]}: builder not conserved"
            assert int(st.pig[p]) + onb[p][2] == tb, f"{st.players[p]}: pig not conserved"
        # scores never fall: every change is a gain, and the gains add up to the scores
        sums = [0] * st.n
        for p, pts, _ in st.gains:
            assert pts > 0, "a score change was not a gain"
            sums[p] += pts
        assert sums == st.scores, "scores do not match their gains"
        # goods: tokens given out match the symbols of completed cities, within the supply (G6)
        for g in GOODS:
            held = sum(row[g] for row in st.goods)
            assert held <= GOODS_SUPPLY[g], f"more {g} tokens than the supply"
            assert held == done_goods[g], f"{g}: tokens {held} != symbols in completed cities {done_goods[g]}"
