"""Man pages in both languages: man/cs/ is generated from the same CLI through the Czech catalog, and the
check that CLI and pages agree covers both."""

from referee import manpages


def test_czech_pages_are_czech_and_in_sync():
    pages = manpages.generate("cs")
    main = pages["referee.1"]
    assert ".SH JMÉNO" in main and ".SH PŘÍKAZY" in main and ".SH NÁVRATOVÁ HODNOTA" in main
    assert "Rozhodčí a počítadlo bodů" in main
    assert "Vezme zpět posledních N tahů." in pages["referee-undo.1"]
    assert "Ukáže tuto nápovědu a skončí." in pages["referee-undo.1"]
    assert (manpages.MAN_DIR / "cs" / "referee.1").read_text(encoding="utf-8") == main


def test_english_pages_stay_english_after_czech():
    manpages.generate("cs")
    page = manpages.generate("en")["referee-undo.1"]
    assert ".SH NAME" in page and "Take back the last N moves." in page and "Vezme" not in page


def test_the_check_sees_a_stale_czech_page(tmp_path):
    manpages.write(tmp_path)
    assert manpages.check(tmp_path) == []
    (tmp_path / "cs" / "referee-undo.1").write_text("zastaralé", encoding="utf-8")
    (tmp_path / "cs" / "referee-gone.1").write_text("staré", encoding="utf-8")
    assert sorted(manpages.check(tmp_path)) == ["cs/referee-gone.1 documents a command the CLI does not have",
                                                "cs/referee-undo.1 differs from the CLI"]
