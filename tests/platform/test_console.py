"""A Czech name prints on every console, and never stops a command whose output is redirected."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.core import console

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "tests" / "platform" / "site"
NAME = "Řehoř Šťastný"


@pytest.fixture
def end_position(tmp_path):
    from referee.calculator import run

    out = io.StringIO()
    run("port-royal", None, template=True, out=out)
    data = json.loads(out.getvalue())
    data["players"][0]["name"] = NAME
    path = tmp_path / "end.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def referee(*args, encoding, windows=False, stdin=b""):
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_SIMULATE", "PYTHONPATH")}
    env.update(PYTHONIOENCODING=encoding, PYTHONPATH=os.pathsep.join([str(SITE), str(ROOT)]) if windows
               else str(ROOT))
    if windows:
        env["REFEREE_SIMULATE"] = "windows"
    return subprocess.run([sys.executable, "-m", "referee", *map(str, args)], input=stdin, capture_output=True,
                          env=env, cwd=ROOT, timeout=60)


def test_a_console_without_the_letters_shows_a_question_mark_not_a_crash(end_position):
    done = referee("score", "port-royal", end_position, encoding="cp1252")      # Western Windows, a pipe
    assert done.returncode == 0, done.stderr.decode("cp1252")
    assert "?eho? Š?astný" in done.stdout.decode("cp1252")      # cp1252 has Š and ý, not Ř, ř or ť
    assert b"Traceback" not in done.stderr


def test_a_czech_console_shows_the_name(end_position):
    done = referee("score", "port-royal", end_position, encoding="cp852")      # a Czech DOS console
    assert done.returncode == 0
    assert NAME in done.stdout.decode("cp852")


def test_on_windows_redirected_output_and_input_are_utf8(end_position):
    # Simulated Windows, output to a pipe in the ANSI code page: referee writes UTF-8 (lossless in a file)
    done = referee("score", "port-royal", end_position, "--json", encoding="cp1252", windows=True)
    assert done.returncode == 0, done.stderr
    names = [e["player"] for e in json.loads(done.stdout.decode("utf-8"))["ranking"]]
    assert NAME in names
    # and a UTF-8 file given on standard input is read as UTF-8, not in the ANSI code page
    done = referee("score", "port-royal", "-", "--json", encoding="cp1252", windows=True,
                   stdin=end_position.read_bytes())
    assert done.returncode == 0, done.stderr
    assert NAME in [e["player"] for e in json.loads(done.stdout.decode("utf-8"))["ranking"]]


def test_streams_that_are_utf8_or_cannot_be_reconfigured_are_left_alone(monkeypatch):
    monkeypatch.setattr(console, "on_windows", lambda: False)
    utf8 = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    latin = io.TextIOWrapper(io.BytesIO(), encoding="iso-8859-2")
    odd = io.StringIO()
    console.make_streams_safe(stdin=io.StringIO(), stdout=utf8, stderr=odd)
    assert utf8.errors == "strict"
    console.make_streams_safe(stdin=io.StringIO(), stdout=latin, stderr=odd)
    assert latin.encoding == "iso-8859-2" and latin.errors == "replace"
    latin.write(NAME + " ☺")
    latin.flush()
    assert latin.buffer.getvalue().decode("iso-8859-2") == NAME + " ?"
    monkeypatch.setattr(console, "on_windows", lambda: True)
    piped = io.TextIOWrapper(io.BytesIO(), encoding="cp1252")
    console.make_streams_safe(stdin=io.StringIO(), stdout=piped, stderr=odd)
    assert piped.encoding == "utf-8"
