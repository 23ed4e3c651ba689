"""`players rename` / `merge` reach every place a player is named, the moves included (issue 26, item 5).

El Capitan's moves name players (`start bob`: the poorest player names the next start player); a rename
that left them behind broke `show`, `replay`, `undo --reopen` and the export of every such game. Here
finished tracked games of all four titles, played at random to the end with names that are also words of
their moves, are renamed and then read back every way a club reads them.
"""

import json
import random

import pytest

from referee import session
from referee.core.rename import rename_record, strays
from referee.store import Store

from .conftest import out_json

# Each game's players: Sail (renamed; a word of El Capitan's moves) and a word of the game's own moves (not
# renamed: its moves must keep their words).
GAMES = {"el-capitan": ["Sail", "Build", "Bob"], "port-royal": ["Sail", "Flip", "Bob"],
         "puerto-rico": ["Sail", "Corn", "Bob"], "carcassonne": ["Sail", "Farm", "Bob"]}


def _playout(game, players, seed, prefer=None, stop=None):
    """The move texts of a random game (to its end, or ``stop`` moves); ``prefer``: a move taken whenever
    it is legal (El Capitan: the renamed player named start player)."""
    import referee

    g = referee.new_game(game, players)
    rng = random.Random(seed)
    texts = []
    while not g.finished and (stop is None or len(texts) < stop):
        legal = [m.text for m in g.legal_moves()]
        text = prefer if prefer in legal else rng.choice(legal)
        g.play(text)
        texts.append(text)
    return texts


def _tracked(store, game, players, moves, finish=True):
    """A tracked game holding ``moves``: in progress, or finished by its last move through the session (the
    journaled way a game enters the history)."""
    t = session.create(store, game, players)
    doc = store.read_live(t.id)
    doc["moves"] = moves[:-1] if finish else moves
    store.write_live(doc)
    if finish:
        session.play(store, session.open_game(store, t.id), moves[-1])
        assert store.get_archived(t.id) is not None
    return t.id


@pytest.fixture
def four(store):
    """A finished game of each title, and an El Capitan game in progress past a `start sail`."""
    ids = {}
    for game, players in GAMES.items():
        prefer = "start sail" if game == "el-capitan" else None
        ids[game] = _tracked(store, game, players, _playout(game, players, 7, prefer))
    moves = _playout("el-capitan", GAMES["el-capitan"], 8, "start sail", stop=1200)
    assert "start sail" in moves
    ids["live"] = _tracked(store, "el-capitan", GAMES["el-capitan"], moves, finish=False)
    return ids


def _all_read_back(cli, store, ids, name, tmp_path):
    for game, gid in ids.items():
        shown = out_json(cli("show", gid, "--json"))
        assert name in shown["players"], (game, shown["players"])
        # the table after the last move (stepping through all 3,800 moves of an El Capitan game prints each)
        res = cli("replay", gid, "--to", len(shown["moves"]))
        assert res.exit_code == 0, (game, res.stderr)
    el = store.read_record(ids["el-capitan"])
    assert f"start {name.lower()}" in el and "start sail" not in el
    assert "start sail" not in store.read_live(ids["live"])["moves"]
    # the export imports whole into an empty store, every game replayed there
    file = tmp_path / "club.json"
    assert cli("export", file).exit_code == 0
    other = tmp_path / "other.json"
    res = cli("--db", other, "import", file, "--json")
    assert res.exit_code == 0, res.stderr
    assert Store(other).archived_ids() >= {gid for g, gid in ids.items() if g != "live"}
    # a finished game reopened (its record replayed into a game in progress) and finished again
    for game in GAMES:
        gid = ids[game]
        res = cli("undo", gid, "--reopen")
        assert res.exit_code == 0, (game, res.stderr)
        assert name in store.read_live(gid)["players"]


def test_a_rename_reaches_the_moves_of_finished_and_running_games_of_every_title(cli, store, four, tmp_path):
    res = cli("players", "rename", "sail", "Start Lee")
    assert res.exit_code == 0, res.stderr
    assert "Renamed Sail to Start Lee" in res.stdout
    # a move word that is also a name elsewhere stays a move word
    for game, word in (("el-capitan", "build"), ("port-royal", "flip"), ("puerto-rico", "corn"),
                       ("carcassonne", "farm")):
        record = store.read_record(four[game])
        assert "Sail" not in record and f"; {word.title()}" in record and f" {word}" in record
    assert out_json(cli("show", four["live"], "--json"))["players"][0] == "Start Lee"
    _all_read_back(cli, store, four, "Start Lee", tmp_path)
    from referee.club.log.repair import repair

    assert "is sound" in repair(store)


def test_a_merge_reaches_the_moves_too(cli, store, four, tmp_path):
    from .conftest import play_tracked

    play_tracked(store, players=("Skipper", "Cal"))          # the player the others are merged into
    res = cli("players", "merge", "sail", "skipper")
    assert res.exit_code == 0, res.stderr
    assert "Merged Sail into Skipper: 4 plays moved" in res.stdout
    _all_read_back(cli, store, four, "Skipper", tmp_path)


def test_the_game_in_progress_goes_on_under_the_new_name(cli, store, four):
    assert cli("players", "rename", "Sail", "Lee").exit_code == 0
    t = session.open_game(store, four["live"])
    assert t.game.players[0] == "Lee"
    before = len(t.game.log)
    for _ in range(40):
        if t.game.finished:
            break
        session.play(store, t, t.game.legal_moves()[0].text)
    assert len(store.read_live(four["live"])["moves"]) > before or store.get_archived(four["live"])


def test_renaming_a_record_is_done_once_whatever_the_words():
    record = ("# referee game record\nGame: el-capitan\nPlayers: Chance, Ann\nOptions: {}\nDate: 2026-01-01\n"
              "Result: 1. Chance 40; 2. Ann 30\n\n1. start chance  ; Ann\n2. buy x       ; chance\n"
              "3. end          ; Chance\n")
    once = rename_record(record, "chance", "Table Top")
    assert "Players: Table Top, Ann" in once and "Result: 1. Table Top 40; 2. Ann 30" in once
    assert "1. start table top ; Ann" in once
    assert "2. buy x       ; chance" in once          # a chance move's comment is no player "Chance"
    assert "3. end          ; Table Top" in once
    assert rename_record(once, "chance", "Table Top") == once
    assert strays("el-capitan", ["Table Top", "Ann"], ["start table top", "start ann"]) == []
    assert strays("el-capitan", ["Table Top", "Ann"], ["start chance"]) == [(1, "chance")]


def test_repair_names_a_record_whose_moves_name_someone_else(cli, store, four):
    """The state an older referee's rename left: the play and its record's players renamed, its moves not."""
    from referee.club.log.corrections_journal import rename_doc
    from referee.club.log.repair import repair

    gid = four["el-capitan"]
    text = store.read_record(gid)
    store.write_record(gid, text.replace("Players: Sail,", "Players: Lee,"))
    store.add_archived([rename_doc(store.get_archived(gid), "Sail", "Lee")])
    res = cli("repair")
    assert res.exit_code == 2
    assert gid in res.stderr and "start sail" in res.stderr
    with pytest.raises(Exception) as err:
        repair(store)
    assert gid in str(err.value)


def test_repair_names_a_record_whose_players_are_not_its_games(cli, store, four):
    gid = four["port-royal"]
    store.write_record(gid, store.read_record(gid).replace("Players: Sail,", "Players: Lee,"))
    res = cli("repair")
    assert res.exit_code == 2 and gid in res.stderr and "Lee" in res.stderr


def test_czech_says_it_too(cli, store, four):
    res = cli("--lang", "cs", "players", "rename", "Sail", "Lee")
    assert res.exit_code == 0 and "Lee" in res.stdout
    gid = four["port-royal"]
    assert "Players: Lee," in store.read_record(gid)
    store.write_record(gid, store.read_record(gid).replace("Players: Lee,", "Players: Zed,"))
    res = cli("--lang", "cs", "repair")
    assert res.exit_code == 2 and gid in res.stderr and "Zed" in res.stderr
    assert json.dumps(res.stderr)       # one sentence, no traceback
    assert "Traceback" not in res.stderr
