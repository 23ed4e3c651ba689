"""A player's install: the wheel, built from this checkout, into a fresh venv without the test extras.

It must bring everything a player uses: the command, its game tables, PNG QR codes without Pillow, the man
pages where `man referee` finds them, the completion scripts. pip may reach the package index for the
build backend and the dependencies (as a player's pip would).
"""

import json
import os
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.posix_only(reason="the venv layout (bin/, share/man) and man are POSIX's; hosted Windows CI "
                                  "installs the same wheel with pip"),
    pytest.mark.skipif(os.environ.get("REFEREE_SIMULATE") == "windows",
                       reason="installs the real wheel once, in the normal run"),
]


def clean_env(**extra) -> dict:
    """The environment of a player's shell: nothing of this checkout or this test run."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "REFEREE_SIMULATE", "VIRTUAL_ENV", "MANPATH", "PYTHONHOME")}
    env.update(extra)
    return env


def run(args, **kw) -> subprocess.CompletedProcess:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=600, **kw)
    assert done.returncode == 0, (args, done.stdout[-2000:], done.stderr[-2000:])
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(venv folder, environment with its bin/ first on PATH)."""
    tmp = tmp_path_factory.mktemp("install")
    env = clean_env()
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", tmp / "dist", ROOT], env=env)
    (wheel,) = (tmp / "dist").glob("referee-*.whl")
    venv = tmp / "venv"
    run([sys.executable, "-m", "venv", venv], env=env)
    run([venv / "bin" / "python", "-m", "pip", "install", "--quiet", wheel], env=env, cwd=tmp)
    home = tmp / "home"
    home.mkdir()
    path = os.pathsep.join([str(venv / "bin"), "/usr/local/bin", "/usr/bin", "/bin"])
    return venv, clean_env(PATH=path, HOME=str(home), REFEREE_DB=str(tmp / "club.json"),
                           REFEREE_CONFIG=str(tmp / "settings.toml"))


def referee(installed, *args, stdin=None):
    venv, env = installed
    return run([venv / "bin" / "referee", *args], env=env, cwd=venv.parent, input=stdin)


def test_the_install_has_the_command_and_not_the_test_tools(installed):
    venv, env = installed
    names = {p["name"].lower().replace("_", "-") for p in json.loads(run([venv / "bin" / "python", "-m", "pip", "list",
                                                        "--format", "json"], env=env).stdout)}
    assert {"referee", "click", "prompt-toolkit", "tinydb", "rich", "qrcode", "pypng", "platformdirs"} <= names
    assert not names & {"pytest", "hypothesis", "pillow"}
    out = referee(installed, "--version").stdout.splitlines()
    assert out[0] == "referee 0.1.0" and out[1] == f"history: {env['REFEREE_DB']}"


def test_a_whole_game_through_the_installed_command(installed):
    sys.path.insert(0, str(ROOT))
    from tests.playout import random_playout

    game = random_playout("port-royal", ["Ann", "Bob"], seed=3, check=False)
    gid = json.loads(referee(installed, "new", "port-royal", "-p", "Ann", "-p", "Bob", "--json").stdout)["id"]
    referee(installed, "play", gid, stdin="\n".join(game.moves) + "\n")
    shown = json.loads(referee(installed, "show", gid, "--json").stdout)
    assert shown["finished"] and shown["moves"] == game.moves
    assert shown["result"] == game.result().to_dict()
    assert gid in referee(installed, "history").stdout


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header, checking its signature and the header's CRC."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    body = data[16:29]
    assert struct.unpack(">I", data[29:33])[0] == zlib.crc32(kind + body)
    return struct.unpack(">II", body[:8])


def test_qr_png_without_pillow(installed, tmp_path):
    gid = json.loads(referee(installed, "record", "puerto-rico", "-p", "Ann=52", "-p", "Bob=48",
                             "--json").stdout)["id"]
    referee(installed, "qr", gid, "--png", tmp_path / "result.png")
    width, height = png_size((tmp_path / "result.png").read_bytes())
    assert width == height >= 21 * 10


def test_man_finds_the_installed_pages(installed):
    venv, env = installed
    share = venv / "share" / "man"
    for page in ("man1/referee.1", "man1/referee-new.1", "man1/referee-config.1", "man7/referee-port-royal.7",
                 "man7/referee-puerto-rico.7", "man7/referee-carcassonne.7", "man7/referee-el-capitan.7",
                 "cs/man1/referee.1", "cs/man7/referee-el-capitan.7"):
        assert (share / page).is_file(), page
    if shutil.which("man") is None:
        pytest.skip("man is not installed here; the pages are where man-db looks (checked above)")
    # man-db derives the manual path from PATH: <venv>/bin on PATH means <venv>/share/man is searched
    assert run(["man", "-w", "referee"], env=env).stdout.strip() == str(share / "man1" / "referee.1")
    assert run(["man", "-w", "7", "referee-port-royal"], env=env).stdout.strip() == str(
        share / "man7" / "referee-port-royal.7")
    # and the Czech pages in share/man/cs beside them (issue 22 item 9: `-L cs` needs no Czech locale)
    assert run(["man", "-L", "cs", "-w", "referee"], env=env).stdout.strip() == str(share / "cs" / "man1" / "referee.1")
    assert run(["man", "-L", "cs", "-w", "7", "referee-el-capitan"], env=env).stdout.strip() == str(
        share / "cs" / "man7" / "referee-el-capitan.7")


def test_completion_scripts_are_installed(installed):
    venv, _ = installed
    bash = venv / "share" / "bash-completion" / "completions" / "referee"
    assert "_REFEREE_COMPLETE=bash_complete" in bash.read_text(encoding="utf-8")
    assert (venv / "share" / "zsh" / "site-functions" / "_referee").is_file()
    assert (venv / "share" / "fish" / "vendor_completions.d" / "referee.fish").is_file()


def test_completion_scripts_in_the_checkout_are_what_click_generates():
    from referee import completion_scripts

    assert completion_scripts.check() == [], "run `python -m referee.completion_scripts`"
