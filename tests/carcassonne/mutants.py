"""Break one rule at a time in a scratch copy of the repository and see that a test catches it.

Run by hand (it is not collected by pytest; about 10 minutes):
    python tests/carcassonne/mutants.py            # every mutant
    python tests/carcassonne/mutants.py B5 G2      # only those whose name contains B5 or G2
Each mutant names the rule it breaks (shared/rules/carcassonne.md); "caught" names the first failing test.
Two mutants are equivalent and survive by design: "PG3 pig returns on scoring" (fields are never scored
during the game, so no pig is ever taken off) and "B2 builder on cloister" (a cloister is a single tile, so
it never holds the player's follower when the builder could join it). A PATTERN line means the code moved:
update the mutant's text.
"""
import os
import shutil
import subprocess
import sys
import tempfile

SRC = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
G = "referee/games/carcassonne/"
M = [
 ("PG4 pig counts for farm majority", G+"features.py", "            if kind == \"f\":\n                out[p]", "            if kind != \"b\":\n                out[p]"),
 ("B10 part-2 goods to next player", G+"rules.py", "            if f.goods:\n                cur = st.current", "            if f.goods:\n                cur = (st.current + st.part - 1) % st.n"),
 ("F1 figure on another tile", G+"rules.py", "        idx = st.last\n        rot = b.rot[idx]\n        base = b.base[idx]\n        out = []", "        idx = max(0, st.last - 1)\n        rot = b.rot[idx]\n        base = b.base[idx]\n        out = []"),

 ("P1 occupied position stays open", G+"features.py", "        self.pattern.pop((x, y), None)\n", ""),
 ("M4 farm tie first only", "scoring/carcassonne.py", "    return [p for p, c in followers.items() if c == top]", "    return [p for p, c in followers.items() if c == top][:1]"),
 ("C4 cloister placed into a full hole", G+"rules.py", "                if t is None or not b.rot[t].tile.cloister:\n                    continue\n                g = b.cloister_gid(t)", "                if t is None or not b.rot[t].tile.cloister or (dx == 0 and dy == 0):\n                    continue\n                g = b.cloister_gid(t)"),
 ("C3 city never closes across", G+"features.py", "                feat[self.find(ng)].open -= 1", "                feat[self.find(ng)].open -= 1 if rot.edges[e] == 'R' else 0"),
 ("F3 farmers never block", G+"rules.py", "            if followers and not occupied:", "            if followers and (not occupied or seg.kind == 'field'):"),
 ("P4 pass in place phase", G+"notation.py", "    if st.phase == \"figure\":\n        return \"none\"", "    if st.phase in (\"figure\", \"place\"):\n        return \"none\""),
 ("G4 goods of an open city", G+"rules.py", "if f.open == 0 and not f.done and r not in roots", "if (f.open == 0 or f.goods) and not f.done and r not in roots"),
 ("PG5 loser's pig pays", "scoring/carcassonne.py", "            for p in _winners(f[\"followers\"]):\n                rate = 4", "            for p in set(_winners(f[\"followers\"])) | set(f[\"pigs\"]):\n                rate = 4"),

 ("R1 followers 7", "referee/games/carcassonne/state.py", "FOLLOWERS = 7", "FOLLOWERS = 8"),
 ("R1 max players 5", G+"info.py", "MIN_PLAYERS, MAX_PLAYERS = 2, 5", "MIN_PLAYERS, MAX_PLAYERS = 2, 6"),
 ("R1 six_players range", G+"rules.py", "return 2, 6 if options.get(\"six_players\") else 5", "return 2, 6"),
 ("R2 start tile rotation", G+"rules.py", "st.board.place(start, 0, 0, 0)", "st.board.place(start, 0, 0, 2)"),
 ("P2 north edge unchecked", G+"tiles.py", "if all(n == 0 or n == self.rotations[q].code[e]", "if all(n == 0 or e == 0 or n == self.rotations[q].code[e]"),
 ("P3 only r0", G+"tiles.py", "self.distinct = sorted(set(self.canon))", "self.distinct = [0]"),
 ("P5 no discard", G+"rules.py", "if st.board.placeable(tile):", "if True:"),
 ("P6 bag not decremented", G+"rules.py", "st.bag[key] -= 1\n        tile", "tile"),
 ("C2 road completes one edge early", G+"rules.py", "if f.open == 0 and not f.done and r not in roots", "if f.open <= 1 and not f.done and r not in roots"),
 ("C4 cloister at 7", G+"rules.py", "if not f.done and b.neighbours8(x + dx, y + dy) == 8:", "if not f.done and b.neighbours8(x + dx, y + dy) >= 7:"),
 ("C6 tiles counted per segment", G+"features.py", "fa.tiles |= fb.tiles", "fa.tiles |= {t + 1000 for t in fb.tiles} if fa.tiles & fb.tiles else fb.tiles"),
 ("F3 occupied allowed", G+"rules.py", "if followers and not occupied:", "if followers:"),
 ("F3 only other players block", G+"rules.py", "                    occupied = True\n", "                    occupied = p != cur\n"),
 ("F5 empty supply", G+"rules.py", "followers = st.supply[cur] > 0", "followers = True"),
 ("S2 road +1", G+"rules.py", "pts, what = n, f\"road of", "pts, what = n + 1, f\"road of"),
 ("S3 pennant 1", G+"rules.py", "return 2 * tiles + 2 * pennants", "return 2 * tiles + pennants"),
 ("S4 cloister 8", G+"rules.py", "self._award(st, f, 9, \"cloister\")", "self._award(st, f, 8, \"cloister\")"),
 ("S5 ties: first only", G+"rules.py", "winners = sorted(p for p, c in counts.items() if c == top)", "winners = sorted(p for p, c in counts.items() if c == top)[:1]"),
 ("S5 minority scores", G+"rules.py", "winners = sorted(p for p, c in counts.items() if c == top)", "winners = sorted(counts)"),
 ("S5 builder counts", G+"features.py", "            if kind == \"f\":\n                out[p]", "            if kind != \"p\":\n                out[p]"),
 ("S7 builder stays", G+"features.py", "def remove_figures(self, feature: Feature, keep=(\"p\",))", "def remove_figures(self, feature: Feature, keep=(\"p\", \"b\"))"),
 ("S7 followers stay", G+"features.py", "def remove_figures(self, feature: Feature, keep=(\"p\",))", "def remove_figures(self, feature: Feature, keep=(\"p\", \"f\"))"),
 ("E2 incomplete city 2/tile", "scoring/carcassonne.py", "value, part = f[\"tiles\"] + f[\"pennants\"], \"cities\"", "value, part = 2 * f[\"tiles\"] + f[\"pennants\"], \"cities\""),
 ("E2 incomplete cloister", "scoring/carcassonne.py", "value, part = 1 + f[\"neighbours\"]", "value, part = f[\"neighbours\"]"),
 ("E2 incomplete road", "scoring/carcassonne.py", "value, part = f[\"tiles\"], \"roads\"", "value, part = f[\"tiles\"] + 1, \"roads\""),
 ("E2 engine omits cloisters", G+"rules.py", "features.append({\"type\": \"cloister\", \"neighbours\": b.neighbours8(x, y), \"followers\": fol})", "pass"),
 ("M3 incomplete cities count", G+"rules.py", "done = [c for c in cities if b.feat[c].done]", "done = cities"),
 ("M3 city counted per touch", G+"rules.py", "cities = sorted({b.find(c) for c in f.cities})", "cities = sorted(b.find(c) for c in f.cities)"),
 ("M3 rate 2", "scoring/carcassonne.py", "rate = 4 if p in f[\"pigs\"] else 3", "rate = 4 if p in f[\"pigs\"] else 2"),
 ("PG5 any pig", "scoring/carcassonne.py", "rate = 4 if p in f[\"pigs\"] else 3", "rate = 4 if f[\"pigs\"] else 3"),
 ("PG7 pigs stack", "scoring/carcassonne.py", "rate = 4 if p in f[\"pigs\"] else 3", "rate = 3 + f[\"pigs\"].count(p) + (1 if p in f[\"pigs\"] and len(f['pigs'])>1 else 0)"),
 ("PG2 pig without farmer", G+"rules.py", "if own and pig and seg.kind == \"field\":", "if pig and seg.kind == \"field\":"),
 ("PG engine drops pigs", G+"rules.py", "pigs = sorted({names[p] for p, k, _ in f.figs if k == \"p\"})", "pigs = []"),
 ("PG3 pig returns on scoring", G+"rules.py", "for p, kind in st.board.remove_figures(f):", "for p, kind in st.board.remove_figures(f, keep=()):"),
 ("B2 builder without follower", G+"rules.py", "if own and builder and seg.kind in (\"city\", \"road\"):", "if builder and seg.kind in (\"city\", \"road\"):"),
 ("B2 builder on cloister", G+"rules.py", "if own and builder and seg.kind in (\"city\", \"road\"):", "if own and builder and seg.kind != \"field\":"),
 ("B2 builder on field", G+"rules.py", "if own and builder and seg.kind in (\"city\", \"road\"):", "if own and builder:"),
 ("B5 any builder triggers", G+"rules.py", "if any(p == cur and k == \"b\" for p, k, _ in f.figs):", "if any(k == \"b\" for p, k, _ in f.figs):"),
 ("B5 no trigger", G+"rules.py", "                        st.trigger = True\n                        break", "                        break"),
 ("B7 builder triggers same tile", G+"rules.py", "                st.builder[cur] = False\n", "                st.builder[cur] = False\n                st.trigger = True\n"),
 ("B8 chain", G+"rules.py", "(st.part == 1 or st.options.get(\"builder_chain\"))", "True"),
 ("O3 chain off", G+"rules.py", "(st.part == 1 or st.options.get(\"builder_chain\"))", "(st.part == 1)"),
 ("B9 no part 2 after completion", G+"rules.py", "        if st.trigger:\n            st.trigger = False\n            if self.left(st) > 0:", "        if st.trigger and not st.builder[cur]:\n            st.trigger = False\n            if self.left(st) > 0:"),
 ("B12 empty bag", G+"rules.py", "            st.note(\"The builder would give an extra tile but the bag is empty (B12).\")\n", "            st.phase = \"draw\"; st.part += 1; return\n"),
 ("O4 decline always", G+"rules.py", "return bool(st.options.get(\"decline_second_tile\")) or", "return True or"),
 ("G2 one token per type", G+"rules.py", "st.goods[cur][g] += f.goods[g]", "st.goods[cur][g] += 1"),
 ("G2 goods to next player", G+"rules.py", "            if f.goods:\n                cur = st.current", "            if f.goods:\n                cur = (st.current + 1) % st.n"),
 ("G5 zero scores", "scoring/carcassonne.py", "        if top >= 1:\n            for p in players:", "        if top >= 0:\n            for p in players:"),
 ("G5 tie first only", "scoring/carcassonne.py", "                if v[\"goods\"][p][g] == top:\n                    pts[p][\"goods\"] += 10", "                if v[\"goods\"][p][g] == top:\n                    pts[p][\"goods\"] += 10\n                    break"),
 ("G5 engine drops goods", G+"rules.py", "data[\"goods\"] = {names[i]: dict(st.goods[i]) for i in range(st.n)}", "pass"),
 ("O2b small city 3 tiles", G+"rules.py", "if tiles == 2 and st.options.get(\"old_small_city\"):", "if tiles <= 3 and st.options.get(\"old_small_city\"):"),
 ("O2b off", G+"rules.py", "if tiles == 2 and st.options.get(\"old_small_city\"):", "if False:"),
 ("2.3 rotation anticlockwise", G+"tiles.py", "self.edges = \"\".join(tile.edges[(e - q) % 4] for e in range(4))", "self.edges = \"\".join(tile.edges[(e + q) % 4] for e in range(4))"),
 ("2.5 half-edge facing", G+"features.py", "self.union(base + mine, nbase + nrot.half_seg[((h + 4) % 8) ^ 1])", "self.union(base + mine, nbase + nrot.half_seg[(h + 4) % 8])"),
 ("E1 game ends one tile early", G+"rules.py", "        if self.left(st) == 0:\n            self._game_over(st)\n            return", "        if self.left(st) <= 1:\n            self._game_over(st)\n            return"),
 ("O1b by-city 3", "scoring/carcassonne.py", "pts[p][\"farms\"] += 4 + (1 if pig else 0)", "pts[p][\"farms\"] += 3 + (1 if pig else 0)"),
 ("O1c no once", "scoring/carcassonne.py", "earned.setdefault((p, c), False)", "earned.setdefault((p, c, id(f)), False)"),
 ("preview wrong points", G+"rules.py", "pts, what = 9, f\"the cloister at", "pts, what = 8, f\"the cloister at"),
]
only = sys.argv[1:]
for name, path, old, new in M:
    if only and not any(o in name for o in only):
        continue
    dst = os.path.join(tempfile.mkdtemp(prefix="carc-mutant-"), "repo")
    shutil.copytree(SRC, dst, ignore=shutil.ignore_patterns(".git", "__pycache__"))
    p = os.path.join(dst, path)
    text = open(p).read()
    if text.count(old) != 1:
        print(name, "PATTERN", text.count(old), flush=True)
        shutil.rmtree(os.path.dirname(dst), ignore_errors=True)
        continue
    open(p, "w").write(text.replace(old, new))
    r = subprocess.run([sys.executable, "-m", "pytest", "tests/carcassonne", "-x", "-q", "-p", "no:randomly"],
                       cwd=dst, capture_output=True, text=True, timeout=600)
    last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else r.stderr[-200:]
    fails = [l for l in r.stdout.splitlines() if l.startswith("FAILED")]
    status = "caught" if r.returncode else "SURVIVED"
    print(f"{status:9} {name}: {fails[:1]} {last}", flush=True)
    shutil.rmtree(os.path.dirname(dst), ignore_errors=True)
