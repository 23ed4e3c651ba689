"""Derived files (shard summaries, names) are trusted by content, as git trusts its index (issue 26 item 7):
a stamp that matches is not enough when the summary was written in its shard's timestamp granule (coarse
timestamps: FAT, HFS+), a copied store reads right and is stamped afresh once, a summary that lies is not
believed, and a store that cannot be written still reads right."""

import json
import os
import shutil
import subprocess
import sys
import textwrap
import time

import pytest

from referee.store import Store, shards
from referee.store import store as store_module

ROOT = os.getcwd()
OLD = time.time_ns() - 3600 * 10**9      # an hour ago: older than any timestamp granule

KILL_AFTER_SHARD = textwrap.dedent("""
    import os, sys
    sys.path.insert(0, {root!r})
    from tests.core.toy import install
    install()
    real = os.replace

    def replace(src, dst, *a, **k):
        real(src, dst, *a, **k)
        if str(dst).endswith({shard!r}):
            os._exit(9)                 # killed between the shard and its summary
    os.replace = replace
    from referee.cli import main
    main(["edit", {gid!r}, "-p", "Ann=8", "-p", "Bob=3"])
""")


def _ann(referee):
    """Ann's score as `history` shows it, and her points as `stats` counts them (one play of the toy game)."""
    code, out, err = referee("history", "--json")
    assert code == 0, err
    (row,) = json.loads(out)
    score = next(s["total"] for s in row["scores"] if s["player"] == "Ann")
    code, out, err = referee("stats", "--json")
    assert code == 0, err
    data = json.loads(out)
    return score, data["players"]["Ann"]["games"]["toy"]["best_score"]


def _age(path: os.PathLike, ns: int) -> None:
    os.utime(path, ns=(ns, ns))


def test_a_killed_edit_on_coarse_timestamps_shows_the_new_score(db, referee, monkeypatch):
    code, out, _err = referee("record", "toy", "-p", "Ann=7", "-p", "Bob=3", "--json")
    gid = json.loads(out)["id"]
    key = shards.shard_key(gid)
    d = db.with_name(db.name + ".d")
    shard, summary = d / f"{key}.json", d / f"{key}.sum.json"
    assert _ann(referee) == (7, 7)
    stamped = json.loads(summary.read_bytes())["shard_mtime_ns"]
    old = summary.read_bytes()

    script = KILL_AFTER_SHARD.format(root=ROOT, shard=f"{key}.json", gid=gid)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "REFEREE_DB": str(db)})
    assert done.returncode == 9, done.stderr
    # The edit is journaled, and the next command would finish it (rewriting the summary) whatever the
    # summary's trust: take the journal away, so that what is tested is a shard no journal covers (one a
    # sync tool or a backup put in place) and the summary's trust alone decides.
    from referee.store import journal

    journal.journal_path(Store(db)).unlink()
    assert summary.read_bytes() == old and b'"total":8' in shard.read_bytes()   # the new shard, the old summary
    assert json.loads(old)["shard_size"] == shard.stat().st_size    # 7 -> 8: the same size
    # a filesystem of 1-2 s timestamps: the new shard has the mtime the summary was stamped with, and the
    # summary (written just after the old shard) is in that same granule
    _age(shard, stamped)
    _age(summary, stamped + 10**9)
    assert shards.summary_is_current(json.loads(old), shard)       # a stamp alone would believe it
    assert _ann(referee) == (8, 8)

    # what made the difference: the racy rule (a granule of 0 trusts that stamp, and shows the old score)
    _age(summary, stamped + 10**9)
    (d / "stats.cache").unlink()
    monkeypatch.setattr(shards, "GRANULE_NS", 0)
    summary.write_bytes(old)
    _age(summary, stamped + 10**9)
    with Store(db).lock:            # and the lock busy, so the reading cannot put the summary right
        assert _ann(referee) == (7, 7)


@pytest.fixture
def club(db, referee):
    for a, b in ((7, 3), (2, 9), (4, 4), (8, 1), (5, 6), (3, 3)):
        assert referee("record", "toy", "-p", f"Ann={a}", "-p", f"Bob={b}")[0] == 0
    code, out, _err = referee("history", "--json")
    return json.loads(out)


def _copy(db, target, mtime=None):
    """The store copied as a person copies it (cp -r, a new laptop, a backup put back): new mtimes, or all
    files touched to ``mtime``."""
    target.parent.mkdir(parents=True, exist_ok=True)
    for suffix in ("", ".d"):
        src = db.with_name(db.name + suffix)
        dst = target.with_name(target.name + suffix)
        if src.is_dir():
            shutil.copytree(src, dst, copy_function=shutil.copyfile)
        else:
            shutil.copyfile(src, dst)
        if mtime is not None:
            for path in [dst, *(dst.iterdir() if dst.is_dir() else ())]:
                _age(path, mtime)
    return target


class _Watch:
    """What a reading costs: shard files read (their bytes), derived files written or touched."""

    def __init__(self, monkeypatch):
        self.shards_read, self.written = [], []
        real_read, real_write, real_utime = store_module.read_regular, shards.write_derived, os.utime

        def read(path):
            if (path.name.endswith(".json") and not path.name.endswith(".sum.json") and path.name != shards.COMMIT
                    and path.parent.name.endswith(".d")):
                self.shards_read.append(path.name)
            return real_read(path)

        def write(path, data):
            self.written.append(path.name)
            return real_write(path, data)

        def utime(path, *a, **k):
            if not a and not k:
                self.written.append(os.path.basename(path))
            return real_utime(path, *a, **k)

        monkeypatch.setattr(store_module, "read_regular", read)
        monkeypatch.setattr(shards, "read_regular", read)
        monkeypatch.setattr(shards, "write_derived", write)
        monkeypatch.setattr(store_module.os, "utime", utime)

    def reset(self):
        self.shards_read.clear()
        self.written.clear()


def _history(path):
    return [(r["id"], r["scores"]) for r in _rows(path)]


def _rows(path):
    from referee.club.log.history import summary

    return [summary(r) for r in Store(path).archived_summaries()]


def test_a_copied_store_reads_right_and_is_stamped_afresh_once(db, club, tmp_path, monkeypatch):
    before = _history(db)
    copy = _copy(db, tmp_path / "copy" / "history.json", mtime=OLD)
    keys = shards.shard_keys(copy.with_name(copy.name + ".d"))
    watch = _Watch(monkeypatch)
    assert _history(copy) == before
    # every summary was checked against its shard's bytes, believed, and written again with the new stamp
    assert sorted(watch.shards_read) == sorted(f"{k}.json" for k in keys * 2)   # hashed, then again under the lock
    assert sorted(watch.written) == sorted([f"{k}.sum.json" for k in keys] + [f"{k}.names" for k in keys])
    for _ in range(2):              # from then on: as fast as the original (no shard read, nothing written)
        watch.reset()
        assert _history(copy) == before
        assert Store(copy).player_names()
        assert watch.shards_read == [] and watch.written == []


def test_a_store_copied_a_moment_ago_reads_right_and_is_stamped_once_its_granule_is_past(db, club, tmp_path,
                                                                                        monkeypatch):
    before = _history(db)
    copy = _copy(db, tmp_path / "copy" / "history.json")      # new mtimes, all in the same moment
    d = copy.with_name(copy.name + ".d")
    watch = _Watch(monkeypatch)
    assert _history(copy) == before
    assert watch.written == []        # stamped now, it would be within its shard's granule: not yet
    for path in d.iterdir():
        if path.name.endswith(".json") and not path.name.endswith(".sum.json"):
            _age(path, OLD)            # (the granule has passed)
    watch.reset()
    assert _history(copy) == before and watch.written
    watch.reset()
    assert _history(copy) == before and watch.written == [] and watch.shards_read == []


@pytest.mark.parametrize("lie", ["a score", "another shard's summary", "an old summary"])
def test_a_summary_that_lies_is_not_believed(db, club, referee, lie):
    d = db.with_name(db.name + ".d")
    first = club[0]["id"]
    key = shards.shard_key(first)
    summary = d / f"{key}.sum.json"
    data = json.loads(summary.read_bytes())
    if lie == "a score":          # hand-edited: a score changed, the file still a summary with its stamp
        data["rows"] = [r.replace("Ann\xac", "Ann\xac9") for r in data["rows"]]
        summary.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    elif lie == "another shard's summary":
        other = next(p for p in d.glob("*.sum.json") if p != summary)
        summary.write_bytes(other.read_bytes())
    else:                         # the summary of an earlier version of its shard, stamp and seal intact
        old = summary.read_bytes()
        assert referee("edit", first, "-p", "Ann=1", "-p", "Bob=0")[0] == 0
        summary.write_bytes(old)
    truth = [(r["id"], r["scores"]) for r in _docs(db)]
    with Store(db).lock:          # a busy store: the reading cannot put it right, and must not believe it
        assert sorted(_history(db)) == sorted(truth)
    assert sorted(_history(db)) == sorted(truth)       # put right by that reading
    assert shards.read_derived(summary) is not None


def _docs(db):
    from referee.club.log.history import summary

    return [summary(d) for d in Store(db).archived()]


def test_a_read_only_store_still_reads_right_and_writes_nothing(db, club, tmp_path, monkeypatch, referee):
    """A store on a read-only disk (or a folder the user may not write): copied with stale stamps and a
    damaged summary, every reading command answers right, from memory, and tries no write after the first."""
    from referee.core.errors import StoreError
    from referee.store.lock import StoreLock

    copy = _copy(db, tmp_path / "ro" / "history.json", mtime=OLD)
    d = copy.with_name(copy.name + ".d")
    key = shards.shard_key(club[0]["id"])
    (d / f"{key}.sum.json").write_bytes(b"{damaged")
    _age(d / f"{key}.sum.json", OLD)
    files = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in d.iterdir()}
    attempts = []

    def no_lock(self, timeout=None):
        attempts.append(1)
        raise StoreError(f"Cannot lock the history store {self.store_name}: read-only file system")

    monkeypatch.setattr(StoreLock, "acquire", no_lock)
    monkeypatch.setenv("REFEREE_DB", str(copy))
    assert sorted(_history(copy)) == sorted((r["id"], r["scores"]) for r in club)
    assert len(attempts) == 1                     # tried once, then answered from memory
    for args in (["history"], ["stats"], ["stats", "--json"], ["show", club[0]["id"]], ["players"]):
        code, out, err = referee(*args)
        assert code == 0 and out, (args, err)
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in d.iterdir()} == files


@pytest.mark.posix_only(reason="file modes")
@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root writes a read-only folder")
def test_a_folder_that_cannot_be_written_still_reads_right(db, club, tmp_path, monkeypatch, referee):
    copy = _copy(db, tmp_path / "ro" / "history.json", mtime=OLD)
    d = copy.with_name(copy.name + ".d")
    monkeypatch.setenv("REFEREE_DB", str(copy))
    os.chmod(d, 0o555)
    os.chmod(copy.parent, 0o555)
    try:
        assert sorted(_history(copy)) == sorted((r["id"], r["scores"]) for r in club)
        code, out, err = referee("history")
        assert code == 0, err
    finally:
        os.chmod(copy.parent, 0o755)
        os.chmod(d, 0o755)
