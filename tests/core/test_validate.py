"""core/validate: the one check every entry path uses (issue 12, finding 4), and the display helpers
built on it (core/format safe, plain, markup)."""

import json

import pytest

from referee.core import validate
from referee.core.errors import BadInput


@pytest.mark.parametrize("raw, stored", [
    ("Ann", "Ann"),
    ("  Ann   Lee ", "Ann Lee"),                  # runs of spaces: one player, one spelling
    ("Ｊａｎａ", "Jana"),                          # full-width letters (a phone keyboard) fold to plain ones
    ("Zdene\u030ck", "Zdeněk"),                   # decomposed (NFD) is the same person as composed
    ("Анна", "Анна"),                             # one alphabet, even a non-Latin one, is fine
    ("Σοφία", "Σοφία"),
])
def test_names_are_stored_normalised(raw, stored):
    assert validate.player_name(raw) == stored


@pytest.mark.parametrize("raw, fragment", [
    ("\u0410nn", "mixes Latin and Cyrillic"),         # Cyrillic А + Latin nn: looks like "Ann"
    ("B\u03bfb", "mixes Latin and Greek"),             # Greek omicron
    ("A\u200bnn", "invisible character (U+200B)"),    # zero-width space
    ("Ann\u200d", "invisible character (U+200D)"),
    ("\u202eAnn", "text-direction control (U+202E)"),
    ("Ann\u2066", "text-direction control (U+2066)"),
    ("a\u2028b", "line break (U+2028)"),
    ("a\x85b", "line break (U+0085)"),
    ("\x1b[2J", "terminal escape (U+001B)"),
    ("a\x9bb", "control character (U+009B)"),
    ("[/]", "not allowed"),
    ("x" * 5000, "longer than 30"),
    ("", "empty"),
    ("\u00ad", "invisible character (U+00AD)"),       # a soft hyphen alone would be an invisible name
    ("\u0410\u0441\u0435", "Cyrillic letters that look like Latin"),   # "Асе": all Cyrillic, reads "Ace"
    ("\u0392\u039f\u0392", "Greek letters that look like Latin"),       # "ΒΟΒ"
])
def test_look_alike_hidden_and_markup_names_are_refused(raw, fragment):
    with pytest.raises(BadInput) as err:
        validate.player_name(raw)
    msg = str(err.value)
    assert fragment in msg
    assert "\x1b" not in msg and "\u202e" not in msg and "\n" not in msg   # the sentence itself is safe


def test_a_name_that_is_not_text_is_refused():
    with pytest.raises(BadInput, match="must be a text"):
        validate.player_name(42)


@pytest.mark.parametrize("raw", ["a\nb", "a\rb", "a\u2028b", "a\u2029b", "a\x85b", "a\x0bb", "a\x0cb"])
def test_a_location_is_one_line(raw):
    with pytest.raises(BadInput, match="must be one line"):
        validate.location(raw)


def test_location_limits_and_normalising():
    assert validate.location(None) is None
    assert validate.location("   ") is None
    assert validate.location(" Club  [main hall]\t") == "Club [main hall]"
    assert validate.location("x" * 200) == "x" * 200
    with pytest.raises(BadInput, match="201 characters long; keep it to 200"):
        validate.location("x" * 201)
    for bad in ("\x1b]0;t\x07", "\u202eabc", "A\u200bB"):
        with pytest.raises(BadInput, match="visible characters only"):
            validate.location(bad)


def test_notes_keep_lines_and_refuse_controls():
    assert validate.notes("first\r\nsecond\rthird\u2028fourth") == "first\nsecond\nthird\nfourth"
    assert validate.notes("  ") is None
    assert validate.notes("x" * 10_000) == "x" * 10_000
    with pytest.raises(BadInput, match="10001 characters long; keep them to 10000"):
        validate.notes("x" * 10_001)
    with pytest.raises(BadInput, match="terminal escape"):
        validate.notes("ok\x1b[2J")


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf"), 1e308, 10 ** 400, 1_000_001,
                                   -1_000_001, "7", None, True])
def test_scores_are_finite_and_sane(value):
    with pytest.raises(BadInput):
        validate.score(value, "The score")


def test_scores_in_range_pass():
    assert validate.score(1_000_000, "s") == 1_000_000
    assert validate.score(-1_000_000, "s") == -1_000_000
    assert validate.score(12.0, "s") == 12.0


@pytest.mark.parametrize("gid, ok", [("abc234", True), ("k3m9xa", True), ("ABC234", False), ("abc-23", False),
                                     ("abc0", False), ("../x", False), ("", False), ("a" * 33, False),
                                     ("ａｂｃ", False), (7, False)])
def test_game_ids_are_of_the_id_alphabet(gid, ok):
    assert validate.is_game_id(gid) is ok


def test_check_tree_names_the_path():
    validate.check_tree({"a": [1, 2.5, "x"], "notes": "two\nlines"}, "doc")
    with pytest.raises(BadInput, match=r"doc\.a\[1\] contains a terminal escape"):
        validate.check_tree({"a": ["ok", "\x1b[2J"]}, "doc")
    with pytest.raises(BadInput, match=r"doc\.n is nan"):
        validate.check_tree({"n": float("nan")}, "doc")
    with pytest.raises(BadInput, match="too large"):
        validate.check_tree({"n": 10 ** 400}, "doc")
    with pytest.raises(BadInput, match="line break"):
        validate.check_tree({"location": "a\nb"}, "doc")


def test_visible_and_json_visible():
    assert validate.visible("Ann") == "Ann"
    assert validate.visible("a\x1b[2Jb\u202ec") == "a\\x1b[2Jb\\u202ec"
    assert validate.visible("a\nb", keep="\n") == "a\nb"
    data = {"x": "a\x1b]0;t\x07\u202e\U000e0001\x85b", "y": ["\u2028"]}
    text = validate.json_visible(json.dumps(data, ensure_ascii=False, indent=2))
    assert json.loads(text) == data                                  # the same JSON value ...
    assert text.isascii() or all(not validate.hidden(c) for c in text.replace("\n", ""))   # ... nothing raw


def test_display_helpers_never_read_markup_or_controls():
    from io import StringIO

    from rich.console import Console

    from referee.core.format import markup, plain, safe

    out = StringIO()
    con = Console(file=out, width=80, highlight=False)
    con.print(plain("Club [main hall] [/] :smile: [link=http://e]x[/link]"))
    con.print(f"[bold]{markup('[/]')}[/] {markup('x[/]y')} {markup('back' + chr(92))}")
    text = out.getvalue()
    assert "Club [main hall] [/] :smile: [link=http://e]x[/link]" in text
    assert "[/] x[/]y back\\" in text
    assert safe("\x1b[2J") == "\\x1b[2J" and safe(None) == ""
    assert safe("a\nb") == "a\\x0ab" and safe("a\nb", multiline=True) == "a\nb"


@pytest.mark.parametrize("doc", [{"colours": {"Ann": "red\nx"}}, {"n": 10 ** 20}, {"k\u202e": 1},
                                 {"a": "x\u2028y"}, {"a": "x\x9by"}, {"a": ["ok", {"b": "\x1b"}]}])
def test_check_tree_quick_look_never_lets_a_hostile_document_through(doc):
    with pytest.raises(BadInput):
        validate.check_tree(doc, "doc")


def test_check_tree_passes_ordinary_documents_including_backslashes_and_spaces():
    validate.check_tree({"location": "C:\\club", "name": "Ann\u00a0Lee", "notes": "a\nb", "n": 10 ** 15}, "doc")


@pytest.mark.parametrize("bad", ["\x1b", "\u202e", "\u200b", "\ufeff", "\x07", "\ud800"])
def test_a_long_text_of_many_lines_still_names_its_one_hidden_character(bad):
    # the import's fast path reads a text without its allowed line ends in C: a hidden character
    # elsewhere in it is still found, wherever it is
    text = "1. flip  ; Ann\n" * 500
    for at in (0, len(text) // 2, len(text)):
        assert validate.first_hidden(text[:at] + bad + text[at:], allow="\n\t") == bad
    assert validate.first_hidden(text, allow="\n\t") is None
    assert validate.first_hidden(text) == "\n"                  # a line end where none is allowed
    assert validate.first_hidden("a\u00a0b\nc", allow="\n") is None   # not printable, yet not hidden


HOSTILE = ["\x1b", "\u202e", "\u200b", "\n", "\r", "\t", "\u2028", "\x85", "\\", "\ufeff", "\ud800", "é", " "]


@pytest.mark.parametrize("seed", range(30))
def test_check_tree_with_a_record_says_what_the_whole_walk_says(seed):
    """The quick look at an export's game (issue 25 item 4) looks at its texts of many lines (record, notes,
    location) apart from the rest: for any document it must refuse exactly what the walk field by field
    refuses, with the walk's message (the walk is check_tree below the top, where no quick look is made)."""
    import random

    rng = random.Random(seed)
    for _ in range(60):
        doc = {"id": "abc234", "game": "port-royal", "players": ["Ann", "Bob"], "notes": "a\nb",
               "location": "Hall", "record": "# referee game record\n\n1. flip  ; Ann\n" * 20,
               "result": {"ranking": [{"player": "Ann", "total": 3, "breakdown": {"coins": 3}}]},
               "n": rng.choice([1, 10 ** 15, 10 ** 16, 2.5])}
        for _k in range(rng.randint(0, 2)):
            key = rng.choice(["notes", "location", "record", "game", "players", "result", "newkey", "id"])
            value = doc.get(key)
            piece = rng.choice(HOSTILE)
            if isinstance(value, str):
                at = rng.randrange(len(value) + 1)
                doc[key] = value[:at] + piece + value[at:]
            elif key == "newkey":
                doc[piece + "k"] = rng.choice(["x", piece, 5])
            elif key == "players":
                doc["players"] = ["Ann", "B" + piece]
            elif key == "result":
                doc["result"]["ranking"][0]["breakdown"]["c" + piece] = 1
        if rng.random() < 0.2:
            doc["record"] = rng.choice([None, ["1. flip\n"], 5, {"a": "\n"}])
        outcomes = []
        for top in ("", "\x00"):        # the quick look, then the walk alone
            try:
                validate.check_tree(doc, "doc", multiline=("notes", "record", "location"), _key=top)
                outcomes.append(None)
            except BadInput as err:
                outcomes.append(str(err))
        assert outcomes[0] == outcomes[1], doc
