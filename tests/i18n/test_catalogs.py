"""The catalogs agree with the code: every text marked for translation is in the template, every entry of
the Czech catalog is translated (no empty or fuzzy entry) with the same {fields}, and the committed .mo is
the compiled .po. tools/catalogs.py does the work; `python tools/catalogs.py update|compile` fixes it."""

import gettext
import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("babel", reason="Babel is in the test extra: pip install -e '.[test]'")

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
catalogs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalogs)


def test_catalogs_are_up_to_date_and_complete():
    assert catalogs.problems() == []


def test_czech_is_a_catalog_language():
    assert catalogs.languages() == ["cs"]


def test_the_check_sees_a_stale_template(tmp_path, monkeypatch):
    # Czech: 1 karta, 2-4 karty, 5+ karet (also 21, 22 karet).
    # The check must be able to fail: a template without one of the code's texts is reported.
    stale = tmp_path / "referee.pot"
    text = catalogs.POT.read_text(encoding="utf-8")
    entry = 'msgid "Usage:"\nmsgstr ""\n'
    assert entry in text
    stale.write_text(text.replace(entry, ""), encoding="utf-8")
    monkeypatch.setattr(catalogs, "POT", stale)
    assert any("'Usage:'" in p for p in catalogs.problems())


def test_fields_compare_names_not_just_counts():
    assert catalogs.fields("{id} of {n!r}") == {"id", "n"}
    assert catalogs.fields("{ident} of {n}") != catalogs.fields("{id} of {n}")
    assert catalogs.fields("%(prog)s") == {"%(prog)"}


def test_czech_plural_forms():
    mo = catalogs.po_path("cs").with_suffix(".mo")
    with mo.open("rb") as fh:
        t = gettext.GNUTranslations(fh)
    one, many = "Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."
    forms = {n: t.ngettext(one, many, n) for n in (1, 2, 4, 5, 11, 21, 22)}
    assert forms[1] == "Volba {name!r} potřebuje argument."
    assert forms[2] == forms[4] == "Volba {name!r} potřebuje {nargs} argumenty."
    assert forms[5] == forms[11] == forms[21] == forms[22] == "Volba {name!r} potřebuje {nargs} argumentů."


def _relaid_mo(messages: dict, header_extra: bytes = b"") -> bytes:
    """A .mo of the same messages laid out as another compiler would: another order, no hash table, a
    different Generated-By header (what Babel 2.19 versus an older Babel changes)."""
    import struct

    items = sorted(messages.items(), key=lambda kv: (kv[0] != b"", [-b for b in kv[0]]))   # header first
    items = [(k, header_extra + v if not k else v) for k, v in items]
    ids = b"".join(k + b"\0" for k, _ in items)
    strs = b"".join(v + b"\0" for _, v in items)
    start = 28 + 16 * len(items)
    id_table, strs_table, offset = [], [], start
    for k, _ in items:
        id_table += [len(k), offset]
        offset += len(k) + 1
    for _, v in items:
        strs_table += [len(v), offset]
        offset += len(v) + 1
    head = struct.pack(">7I", 0x950412DE, 0, len(items), 28, 28 + 8 * len(items), 0, 0)
    return head + struct.pack(f">{len(id_table)}I", *id_table) + struct.pack(f">{len(strs_table)}I", *strs_table) \
        + ids + strs


def test_the_mo_is_compared_by_its_messages_not_its_bytes(tmp_path, monkeypatch):
    # A fresh install's Babel compiles other bytes (its own header, another layout): the check must still
    # pass when the messages are the same, and must still fail when one translation differs.
    fresh = catalogs.compiled("cs")
    messages = catalogs.mo_messages(fresh)
    assert len(messages) > 100
    other = _relaid_mo(messages, b"Generated-By: Babel 9.99\n")
    assert other != fresh
    assert catalogs.mo_messages(other) == messages
    with_babel = gettext.GNUTranslations(__import__("io").BytesIO(other))   # a real .mo, as gettext reads it
    assert with_babel.gettext("Usage:") == gettext.GNUTranslations(__import__("io").BytesIO(fresh)).gettext("Usage:")

    po = tmp_path / "cs" / "LC_MESSAGES" / "referee.po"
    po.parent.mkdir(parents=True)
    po.write_bytes(catalogs.po_path("cs").read_bytes())
    monkeypatch.setattr(catalogs, "po_path", lambda lang: po)
    po.with_suffix(".mo").write_bytes(other)
    assert catalogs.mo_is_current("cs")

    changed = dict(messages)
    changed[b"Usage:"] = b"Jinak:"
    po.with_suffix(".mo").write_bytes(_relaid_mo(changed))
    assert not catalogs.mo_is_current("cs")
    po.with_suffix(".mo").write_bytes(b"not a catalog")
    assert not catalogs.mo_is_current("cs")
