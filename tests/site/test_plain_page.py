"""A play's page without a record is written out directly (club/site/plain.py, issue 25): byte for byte the
template's page, for plays of odd and hostile values in English and Czech, and a whole site built with it is
the site built by the template alone."""

import hashlib

import pytest

from referee import i18n
from referee.club.site import build
from referee.club.site.plain import PlainPage
from referee.club.stats.stats import Play, Seat

from .conftest import HOSTILE

NASTY = [HOSTILE, 'a "quoted" & \'single\' <b>', "Žluťoučký kůň ✓", "]]> &amp; {{ x }} {% y %} %s %(a)s",
         "tab\there\r\nnew line", " ", "Ann"]


def _entry(i, name, **more):
    return {"player": name, "rank": i + 1, "total": 50 - i, **more}


def _docs():
    """(game, doc) pairs: every field the page shows, present, absent, empty, odd and hostile."""
    out = []
    for i, name in enumerate(NASTY):
        out.append(("port-royal", {"id": f"g{i}", "game": "port-royal", "date": "2024-02-0%d" % (i + 1),
                                   "location": name, "notes": name, "duration": 45 + 10 * i,
                                   "result": {"ranking": [_entry(0, name, breakdown={"coins": 3, name: 2.5}),
                                                          _entry(1, "Bob")]}}))
    out += [
        ("puerto-rico", {"id": "pr", "date": "2023-12-31",
                         "result": {"ranking": [_entry(0, "Ann", breakdown={"vp_chips": 20, "buildings": 17,
                                                                            "guild_hall": 6, "fortress": 4,
                                                                            "no-such_part": 1}),
                                                _entry(1, "Cal", total=33.5, rank=None)]}}),
        ("el-capitan", {"id": "ec", "date": None, "duration": 0, "location": "", "notes": "",
                        "result": {"ranking": []}}),
        ("carcassonne", {"id": "ca", "date": "bad date", "duration": 60.4, "result": None}),
        ("carcassonne", {"id": "cb", "date": "2024-01-01T20:15:00", "duration": "90", "result": {}}),
        ("catan", {"id": "cc", "date": "2024-03-04", "duration": 120,
                   "result": {"ranking": [_entry(0, "Unlinked Player"), _entry(1, 7), _entry(2, "ANN"),
                                          {"player": "Ann", "rank": True, "total": None, "breakdown": None}]}}),
        (HOSTILE, {"id": "hx", "date": "2024-03-04", "result": {"ranking": [_entry(0, HOSTILE)]}}),
    ]
    return out


def _play(game, doc):
    return Play(doc["id"], game, (doc.get("date") or "")[:10], doc.get("location"), [Seat("ann", "Ann", 1, 1, True)],
                False)


SLUGS = {"ann": "p-ann", HOSTILE.lower(): "p-<&>", "bob": "p-bob", "7": "p-seven",
         "žluťoučký kůň ✓": "p-zk", 'a "quoted" & \'single\' <b>': "p-q"}


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("title", ["Our club's games", HOSTILE + " & Co."])
def test_a_plain_page_is_the_templates_page(lang, title):
    with i18n.using(lang):
        env = build._env()
        page = PlainPage(env, lang, title, SLUGS)
        for game, doc in _docs():
            play = _play(game, doc)
            ctx = {"play": play, "doc": doc, "game_slug": build.slug("game", game)}
            want = build._render("play.html", root="../", lang=lang, club_title=title, club=None,
                                 player_slug=SLUGS, play_slug={}, replay=None, **ctx)
            assert page(play, doc, ctx["game_slug"]) == want, (lang, game, doc)


def test_a_document_the_template_reads_its_own_way_is_left_to_it():
    """What the template reads through Jinja's lookups (an entry not a dict or without a field it shows, a
    breakdown or result that is not a dict) is not written out here: the build renders the template."""
    page = PlainPage(build._env(), "en", "Club", SLUGS)
    play = _play("port-royal", {"id": "x"})
    for doc in ([], "doc", {"result": ["x"]}, {"result": {"ranking": "ab"}}, {"result": {"ranking": None}},
                {"result": {"ranking": ["Ann"]}}, {"result": {"ranking": [{"player": "Ann", "rank": 1}]}},
                {"result": {"ranking": [{"player": "Ann", "total": 1}]}},
                {"result": {"ranking": [{"rank": 1, "total": 1}]}},
                {"result": {"ranking": [_entry(0, "Ann", breakdown=[1, 2])]}}):
        assert page(play, doc, "port-royal") is None, doc


def _site_files(folder):
    return {str(f.relative_to(folder)): hashlib.sha256(f.read_bytes()).hexdigest()
            for f in sorted(folder.rglob("*")) if f.is_file()}


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_whole_site_is_the_templates_site(tmp_path, monkeypatch, lang):
    """Every file of a site of recorded plays (hostile names, places, notes, breakdowns) is the same written
    out as rendered by the template alone."""
    from referee.store import Store

    docs = [{"game": game, "date": doc.get("date") or "2024-01-01", "players": [r["player"] for r in
                                                                                 doc["result"]["ranking"]],
             "source": "recorded", **{k: v for k, v in doc.items() if k in ("location", "notes", "duration")},
             "result": {"game": game, "winners": [doc["result"]["ranking"][0]["player"]],
                        "ranking": [{"player": r["player"], "total": r["total"], "rank": r["rank"],
                                     "breakdown": r.get("breakdown") or {}, "tiebreak": None}
                                    for r in doc["result"]["ranking"]]}}
            for game, doc in _docs()[:7]]
    store = Store(tmp_path / "history.json")
    store.add_archived(docs)
    with i18n.using(lang):
        build.build_site(store, tmp_path / "fast")
        monkeypatch.setattr(PlainPage, "__call__", lambda self, play, doc, game_slug: None)
        build.build_site(store, tmp_path / "template")
    fast, template = _site_files(tmp_path / "fast"), _site_files(tmp_path / "template")
    assert len([f for f in fast if f.startswith("plays/")]) == 7
    assert fast == template
