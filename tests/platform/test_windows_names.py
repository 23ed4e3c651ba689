"""Files referee names after what a club typed must exist on every disk: Windows refuses device names
(CON, AUX, NUL, COM1 ... with any extension) and Windows and macOS do not tell Catan.html from catan.html."""

from click.testing import CliRunner

from referee.cli import cli

DEVICES = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}


def test_site_pages_of_games_titled_like_windows_devices_or_by_case(db, settings_file, tmp_path):
    runner = CliRunner()
    for title in ("Con", "nul", "Catan", "catan", "port-royal"):
        r = runner.invoke(cli, ["record", title, "-p", "Ann=3", "-p", "Bob=2"])
        assert r.exit_code == 0, r.output
    site = tmp_path / "site"
    r = runner.invoke(cli, ["site", str(site)])
    assert r.exit_code == 0, r.output
    names = [p.name for p in site.rglob("*") if p.is_file()]
    stems = [n.split(".")[0].lower() for n in names]
    assert not DEVICES & set(stems), sorted(names)
    folded = {}
    for path in site.rglob("*"):
        key = str(path.relative_to(site)).casefold()
        assert key not in folded, (path, folded[key])      # two files one case-insensitive disk would merge
        folded[key] = path
    assert (site / "games" / "port-royal.html").is_file()     # a plain game id keeps its readable name
