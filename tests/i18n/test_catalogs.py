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
