"""`edit -p` keeps the way a play is won (issue 26, item 6) and changes only the scores it names (issue 22,
item 7): lowest-wins (Golf from a BG Stats backup), teams, co-op, a tie broken by the table."""

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.club.formats import bgstats
from referee.club.log.corrections import edit
from referee.club.log.record import recorded_doc
from referee.store import Store

from .conftest import assert_refused, out_json


def _backup(tmp_path, players, *, highest=True, coop=False, teams=None, won=False):
    """A BG Stats backup of one play: players [(name, score)], no ranks or winner flags (BG Stats ranks by
    score, as the game says)."""
    data = {"games": [{"id": 1, "name": "Golf", "highestWins": highest, "cooperative": coop,
                       "usesTeams": bool(teams)}],
            "players": [{"id": i, "name": n} for i, (n, _s) in enumerate(players, 1)],
            "locations": [],
            "plays": [{"uuid": "a0b1c2d3-0000-4000-8000-000000000001", "gameRefId": 1,
                       "playDate": "2025-05-01 20:00:00",
                       "playerScores": [{"playerRefId": i, "score": str(s), "seatOrder": i,
                                         "winner": bool(won and coop), **({"team": teams[n]} if teams else {})}
                                        for i, (n, s) in enumerate(players, 1)]}]}
    path = tmp_path / "BGStatsExport.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _imported(cli, path):
    report = out_json(cli("import", path, "--json"))
    (gid,) = report["imported"]
    return gid


def _shown(store, gid):
    res = store.get_archived(gid)["result"]
    return res["winners"], [(e["player"], e["total"], e["rank"]) for e in res["ranking"]]


def test_golf_from_a_bg_stats_backup_stays_lowest_wins(cli, store, tmp_path):
    gid = _imported(cli, _backup(tmp_path, [("Jana", 38), ("Petr", 42)], highest=False))
    assert _shown(store, gid)[0] == ["Jana"]
    assert cli("edit", gid, "-p", "Petr=41", "-p", "Jana=38").exit_code == 0
    assert _shown(store, gid) == (["Jana"], [("Jana", 38, 1), ("Petr", 41, 2)])
    assert cli("edit", gid, "-p", "Petr=38").exit_code == 0          # a tie at the best (lowest) score
    assert _shown(store, gid)[0] == ["Jana", "Petr"]
    assert cli("edit", gid, "-p", "Petr=37").exit_code == 0          # lowest still, though the last was a tie
    assert _shown(store, gid)[0] == ["Petr"]


def test_a_team_play_keeps_its_teams(cli, store):
    gid = out_json(cli("record", "Azul", "-p", "Ann=10", "-p", "Bob=5", "-p", "Cal=8", "-p", "Dan=6",
                       "--team", "Red=Ann,Bob", "--team", "Blue=Cal,Dan", "--json"))["id"]
    assert set(_shown(store, gid)[0]) == {"Ann", "Bob"}
    assert cli("edit", gid, "-p", "Ann=11").exit_code == 0
    assert set(_shown(store, gid)[0]) == {"Ann", "Bob"}
    stats = out_json(cli("stats", "--json"))["players"]
    assert stats["Bob"]["wins"] == 1                                 # Bob's team win stays his
    assert cli("edit", gid, "-p", "Ann=1").exit_code == 0           # 6 against 14: the other team wins
    assert set(_shown(store, gid)[0]) == {"Cal", "Dan"}


def test_a_cooperative_win_stays_everyones(cli, store):
    gid = out_json(cli("record", "Pandemic", "-p", "Ann=3", "-p", "Bob=2", "--coop", "won", "--json"))["id"]
    assert cli("edit", gid, "-p", "Ann=4").exit_code == 0
    res = store.get_archived(gid)["result"]
    assert res["winners"] == ["Ann", "Bob"] and res["cooperative"] and res["won"]
    assert cli("show", gid).stdout.count("1") >= 2


def test_a_tie_the_table_broke_stays_broken_while_it_is_a_tie(cli, store):
    gid = out_json(cli("record", "Azul", "-p", "Ann=5", "-p", "Bob=5", "-p", "Cal=3", "--winner", "Bob",
                       "--json"))["id"]
    assert cli("edit", gid, "-p", "Cal=4").exit_code == 0
    assert _shown(store, gid)[0] == ["Bob"]
    assert cli("edit", gid, "-p", "Ann=6").exit_code == 0            # no tie any more: the score decides
    assert _shown(store, gid)[0] == ["Ann"]


def test_one_corrected_score_keeps_the_others(cli, store):
    gid = out_json(cli("record", "port-royal", "-p", "Jana=10", "-p", "Petr=12", "-p", "Cal=3", "--json"))["id"]
    assert cli("edit", gid, "-p", "jana=13").exit_code == 0
    assert _shown(store, gid) == (["Jana"], [("Jana", 13, 1), ("Petr", 12, 2), ("Cal", 3, 3)])
    assert store.get_archived(gid)["players"] == ["Jana", "Petr", "Cal"]
    # a whole new list of players is still a correction of who played
    assert cli("edit", gid, "-p", "Jana=13", "-p", "Petr=12", "-p", "Cyril=3").exit_code == 0
    assert store.get_archived(gid)["players"] == ["Jana", "Petr", "Cyril"]


def test_a_score_for_someone_who_did_not_play_is_refused_in_both_languages(cli, store, db):
    from .conftest import snapshot

    gid = out_json(cli("record", "port-royal", "-p", "Jana=10", "-p", "Petr=12", "-p", "Cal=3", "--json"))["id"]
    before = snapshot(db)
    err = assert_refused(cli("edit", gid, "-p", "Zed=1"), "Zed", gid, "Jana, Petr, Cal")
    assert "did not play" in err
    err = assert_refused(cli("--lang", "cs", "edit", gid, "-p", "Zed=1"), "Zed", gid)
    assert "nehrál" in err
    assert snapshot(db) == before


# --- the property: an edited play is won as the same play recorded afresh ------------------------------------
NAMES = ["Ann", "Bob", "Cal", "Dan", "Eva"]
KINDS = ["highest", "tie-break", "teams", "coop-won", "coop-lost", "bg-highest", "bg-lowest", "bg-teams", "bg-coop"]


def _made(kind, scores, winner=None):
    """The document of a play of ``kind`` with ``scores`` [(name, score)], made the way a club makes it."""
    names = [n for n, _s in scores]
    if kind.startswith("bg-"):
        teams = {n: ("Red" if i % 2 else "Blue") for i, n in enumerate(names)} if kind == "bg-teams" else None
        data = json.loads(_backup(Path(tempfile.mkdtemp()), scores, highest=kind != "bg-lowest",
                                  coop=kind == "bg-coop", teams=teams, won=True).read_text())
        index = {k: {x["id"]: x for x in data[k]} for k in ("games", "players", "locations")}
        return bgstats.play_doc(data["plays"][0], index["games"], index["players"], index["locations"])
    pairs = [f"{n}={s}" for n, s in scores]
    if kind == "teams":
        return recorded_doc("Azul", pairs, teams=[f"Red={','.join(names[::2])}", f"Blue={','.join(names[1::2])}"])
    if kind.startswith("coop"):
        return recorded_doc("Azul", pairs, coop=kind[5:])
    if kind == "tie-break" and _breaks(scores, winner):
        return recorded_doc("Azul", pairs, winners=[winner])
    return recorded_doc("Azul", pairs)


def _breaks(scores, winner) -> bool:
    """The table's tie-break names ``winner``: a tie at the top that holds him."""
    best = max(s for _n, s in scores)
    tied = [n for n, s in scores if s == best]
    return winner in tied and len(tied) > 1


def _outcome(doc):
    res = doc["result"]
    return (sorted(res["winners"]), sorted((e["player"], e["total"], e["rank"]) for e in res["ranking"]),
            bool(res.get("cooperative")), res.get("won"))


@st.composite
def plays(draw):
    kind = draw(st.sampled_from(KINDS))
    n = draw(st.integers(2 if kind != "teams" and kind != "bg-teams" else 4, 5))
    scores = [(name, draw(st.integers(0, 6))) for name in NAMES[:n]]
    winner = None
    if kind == "tie-break":         # a tie at the top, broken by the table
        best = max(s for _n, s in scores)
        scores[0] = (scores[0][0], best)
        scores[1] = (scores[1][0], best)
        winner = scores[draw(st.sampled_from([0, 1]))][0]
    changed = draw(st.lists(st.tuples(st.sampled_from(NAMES[:n]), st.integers(0, 6)), min_size=1, max_size=n))
    return kind, scores, winner, dict(changed)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plays())
def test_an_edited_play_is_won_as_the_same_play_made_afresh(toy, play):
    kind, scores, winner, changed = play
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "history.json")
        (gid,) = store.add_archived([_made(kind, scores, winner)])
        new_scores = [(n, changed.get(n, s)) for n, s in scores]
        try:
            edited = edit(store, gid, scores=list(changed.items()))
        except Exception as err:        # only "nothing to change" may refuse a correction of known players
            assert "Nothing to change" in str(err) and new_scores == scores, err
            return
        assert store.get_archived(gid) == edited
    # made afresh, the club names the same winner of a tie at the top, if the first play had one
    again = winner if kind == "tie-break" and _breaks(scores, winner) else None
    assert _outcome(edited) == _outcome(_made(kind, new_scores, again)), (kind, scores, changed)
