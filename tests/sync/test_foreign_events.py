"""Another laptop's events of any shape (issue 24's "bad input": a damaged or foreign file in the folder).

A line whose checksum holds is taken in before anything checks that its play is a play: it is merged, read
for what two records of one play share, renamed through the aliases and only then offered to the history,
which refuses what it cannot hold. Whatever such events say (any JSON where a play's fields go, edits and
deletes of this laptop's own plays, renames of its players), `referee sync` and the commands that read the
history name what they did not take in and never stop with an internal error (a ranking that was a number
did, and so did one name twice with totals that do not compare)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings, strategies as st

from referee.sync.clock import Clock
from referee.sync.events import new_event
from referee.sync.folder import write_segment

from .convergence import Laptop

FOREIGN = "c1z1c1z1c1z1c1z1"
OWN = ["k3x9qa", "m4n5pq"]            # the ids this laptop's own plays get (see _laptop)
IDS = OWN + ["zz2222", "zz2222-abcd", "q"]
NAMES = ["Ann", "Bob", "Cyril", "ann", "", "Čeněk"]

json_value = st.recursive(
    st.none() | st.booleans() | st.integers(-10**18, 10**18) | st.floats() | st.text(max_size=8)
    | st.sampled_from(NAMES),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8)
entry = st.fixed_dictionaries({}, optional={"player": st.sampled_from(NAMES) | json_value,
                                            "total": st.integers(-5, 60) | json_value,
                                            "rank": st.integers(0, 4) | json_value,
                                            "breakdown": st.dictionaries(st.text(max_size=4), json_value, max_size=2)
                                            | json_value}) | json_value
result = st.fixed_dictionaries({}, optional={"game": st.just("port-royal") | json_value,
                                             "winners": st.lists(st.sampled_from(NAMES), max_size=2) | json_value,
                                             "ranking": st.lists(entry, max_size=3) | json_value,
                                             "cooperative": json_value}) | json_value
fields = st.fixed_dictionaries({}, optional={
    "date": st.sampled_from(["2026-10-01", "2026-10-01T20:00:00", "x"]) | json_value,
    "game": st.sampled_from(["port-royal", "puerto-rico", "no-such-game"]) | json_value,
    "players": st.lists(st.sampled_from(NAMES), max_size=4) | json_value,
    "result": result, "options": json_value, "notes": json_value, "location": json_value,
    "source": st.sampled_from(["recorded", "imported", "tracked"]) | json_value,
    "has_record": st.booleans() | json_value, "record": st.text(max_size=30) | json_value,
    "moves": json_value, "schema_version": st.integers(0, 3) | json_value, "id": json_value,
    "referee.sync": json_value})


@st.composite
def foreign_events(draw):
    clock = Clock(FOREIGN)
    puts: dict = {}
    events = []
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(["play.put", "play.put", "play.set", "play.delete", "play.restore",
                                     "player.alias"]))
        if kind == "player.alias":
            events.append(new_event(clock, kind, None, {"from": draw(st.sampled_from(NAMES)),
                                                        "to": draw(st.sampled_from(NAMES))}))
            continue
        pid = draw(st.sampled_from(IDS))
        if kind == "play.put":
            events.append(new_event(clock, kind, pid, draw(fields)))
            puts.setdefault(pid, events[-1].hlc.text())
        else:
            of = puts.get(pid) if draw(st.booleans()) else None
            data = draw(fields) if kind == "play.set" else {}
            events.append(new_event(clock, kind, pid, data, of=of))
    return events


def _laptop(root):
    from referee.store import Store

    laptop = Laptop(root, "petr")
    docs = [{"id": pid, "schema_version": 1, "game": "port-royal", "players": ["Ann", "Bob"], "options": {},
             "date": "2026-10-01", "location": None, "notes": None, "source": "recorded", "moves": 0,
             "has_record": False, "result": {"game": "port-royal", "winners": ["Ann"], "ranking": [
                 {"player": "Ann", "total": 9, "rank": 1}, {"player": "Bob", "total": 2, "rank": 2}]}}
            for pid in OWN]
    Store(laptop.dir / "history.json").add_archived(docs)
    laptop("players", "rename", "Bob", "Bobby")
    laptop("sync")
    return laptop


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(events=foreign_events())
def test_foreign_events_of_any_shape_are_named_never_an_internal_error(tmp_path_factory, events):
    laptop = _laptop(tmp_path_factory.mktemp("club"))
    write_segment(laptop.folder, FOREIGN, 1, [event.line() for event in events])
    report = json.loads(laptop("sync", "--json").stdout)       # (Laptop asserts: no internal error)
    assert set(report["received"]) <= {FOREIGN}
    laptop("sync")
    # a refusal is a sentence and its exit code, never 3 (a play that says it is of a newer schema has the
    # history ask for a newer referee, as a history file of a newer referee does)
    listed = laptop("history", "--json", codes=(0, 1, 2))
    ids = [g["id"] for g in json.loads(listed.stdout)] if listed.exit_code == 0 else []
    for command in (["stats"], ["trash"], ["players"]) + tuple(["show", gid] for gid in ids):
        laptop(*command, codes=(0, 1, 2))
