"""`record TITLE`: every game the club plays, with what clubs log (BGG id, expansions, teams, co-op, first
plays, start player, incomplete, not counted)."""

from .conftest import assert_refused, out_json


def rec(cli, *args):
    return out_json(cli("record", *args, "--json"))


def test_any_title_is_logged_as_given_and_appears_in_history_and_stats(cli, store):
    gid = rec(cli, "Ticket to Ride", "-p", "Ann=110", "-p", "Bob=-4", "--bgg-id", "9209", "--date", "2025-05-01")["id"]
    doc = store.get_archived(gid)
    assert (doc["game"], doc["title"], doc["bgg_id"]) == ("Ticket to Ride", "Ticket to Ride", 9209)
    assert doc["result"]["winners"] == ["Ann"] and doc["result"]["ranking"][1]["total"] == -4
    rows = out_json(cli("history", "--game", "ticket to ride", "--json"))
    assert [r["id"] for r in rows] == [gid]
    stats = out_json(cli("stats", "--json"))
    assert "Ticket to Ride" in stats["per_game"] and stats["players"]["Ann"]["wins"] == 1
    assert "Ticket to Ride" in cli("history").stdout


def test_a_typo_of_one_of_referees_games_is_not_a_new_title(cli, db):
    err = assert_refused(cli("record", "toyy", "-p", "Ann=1", "-p", "Bob=2"), "Unknown game")
    assert "Did you mean toy?" in err
    assert_refused(cli("record", "\x1b[2J", "-p", "Ann=1"))
    assert_refused(cli("record", "   ", "-p", "Ann=1"))
    assert not db.exists()


def test_the_four_games_keep_their_validation(cli, db):
    assert_refused(cli("record", "puerto-rico", "-p", "Ann=1"), "players")
    assert_refused(cli("record", "toy", "-p", "Ann=-4", "-p", "Bob=3"), "negative")


def test_teams_coop_first_plays_start_and_flags(cli, store):
    t = rec(cli, "Codenames", "-p", "Ann=3", "-p", "Bob=2", "-p", "Cal=4", "-p", "Dan=0",
            "--team", "Red=Ann,Bob", "--team", "Blue=Cal,Dan")
    doc = store.get_archived(t["id"])
    assert doc["teams"] == {"Red": ["Ann", "Bob"], "Blue": ["Cal", "Dan"]}
    assert doc["result"]["winners"] == ["Ann", "Bob"]
    c = rec(cli, "Pandemic", "-p", "Ann", "-p", "Bob", "--coop", "lost", "--first-play", "bob", "--start", "Bob",
            "--expansion", "On the Brink")
    doc = store.get_archived(c["id"])
    assert doc["result"]["cooperative"] and doc["result"]["winners"] == []
    assert doc["first_plays"] == ["Bob"] and doc["start_player"] == "Bob" and doc["players"] == ["Bob", "Ann"]
    assert doc["expansions"] == ["On the Brink"]
    n = rec(cli, "toy", "-p", "Ann=9", "-p", "Bob=1", "--no-stats")
    i = rec(cli, "toy", "-p", "Ann=9", "-p", "Bob=1", "--incomplete")
    assert store.get_archived(n["id"])["no_stats"] and store.get_archived(i["id"])["incomplete"]
    stats = out_json(cli("stats", "--json"))
    assert stats["games"] == 2 and "toy" not in stats["per_game"]           # logged, not counted
    assert "Ann" not in stats["skill"] or stats["skill"]["Ann"]["plays"] == 1   # co-op moves no rating
    assert len(out_json(cli("history", "--json"))) == 4


def test_bad_team_and_coop_options_are_one_sentence(cli, db):
    assert_refused(cli("record", "Codenames", "-p", "Ann=3", "-p", "Bob=2", "--team", "Red=Ann"), "no team")
    assert_refused(cli("record", "Codenames", "-p", "Ann=3", "-p", "Bob=2", "--team", "Red=Ann,Zed"), "Zed")
    assert_refused(cli("record", "Codenames", "-p", "Ann=3", "-p", "Bob=2", "--team", "Red=Ann",
                       "--team", "Blue=Ann,Bob"), "two teams")
    assert_refused(cli("record", "Pandemic", "-p", "Ann", "--coop", "won", "--winner", "Ann"), "cooperative")
    assert_refused(cli("record", "Pandemic", "-p", "Ann=1", "--start", "Zed"), "Zed")
    assert not db.exists()
