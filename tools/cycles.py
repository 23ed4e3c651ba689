"""The import circles of referee and scoring: strongly connected components of the import graph, TYPE_CHECKING
imports left out (they never run). `python tools/cycles.py` prints each circle, largest first; the architecture
test (tests/test_architecture.py) fails on any. Needs grimp (import-linter brings it)."""

from __future__ import annotations

import sys


def circles(*packages: str) -> list[list[str]]:
    """Every set of two or more modules that import each other, directly or through others (Tarjan)."""
    import grimp

    graph = grimp.build_graph(*(packages or ("referee", "scoring")), exclude_type_checking_imports=True)
    mods = sorted(graph.modules)
    adj = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in mods}
    index: dict = {}
    low: dict = {}
    on: set = set()
    stack: list = []
    out: list = []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in adj[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in mods:
        if v not in index:
            visit(v)
    return sorted(out, key=lambda c: (-len(c), c))


if __name__ == "__main__":
    found = circles(*sys.argv[1:])
    for c in found:
        print(len(c), c)
    sys.exit(1 if found else 0)
