"""The simulated Windows (tests/platform/windows.py) takes away what it says, from referee's code only,
in the test process and in every Python child: otherwise a green simulated run would prove nothing."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "tests" / "platform" / "site"

# Run as if it were a module of referee (the simulation looks at the importing module's name).
PROBE = textwrap.dedent("""
    import json, sys
    code = '''
    import os, signal, sys
    seen = {"os.name": os.name, "sys.platform": sys.platform, "pwrite": hasattr(os, "pwrite"),
            "fchmod": hasattr(os, "fchmod"), "getuid": hasattr(os, "getuid"),
            "O_DIRECTORY": hasattr(os, "O_DIRECTORY"), "replace": hasattr(os, "replace"),
            "SIGKILL": hasattr(signal, "SIGKILL"), "SIGINT": hasattr(signal, "SIGINT"),
            "alarm": hasattr(signal, "alarm")}
    for mod in ("fcntl", "termios", "pty", "pwd"):
        try:
            exec("import " + mod, globals())
            seen[mod] = True
        except ImportError:
            seen[mod] = False
    import click, prompt_toolkit, tempfile   # the libraries keep their own platform code
    seen["libraries"] = True
    d = tempfile.mkdtemp()
    a, b = os.path.join(d, "a"), os.path.join(d, "b")
    with open(a, "w", encoding="utf-8") as fh:
        fh.write("Řehoř")
    with open(b, "w", encoding="utf-8") as fh:
        fh.write("old")
    try:
        os.rename(a, b)
        seen["rename onto a file"] = "replaced"
    except FileExistsError:
        seen["rename onto a file"] = "refused"
    try:
        open(b, "r").read()
        seen["open without encoding"] = "allowed"
    except Exception as err:
        seen["open without encoding"] = type(err).__name__
    try:
        os.close(os.open(d, os.O_RDONLY))
        seen["open a folder"] = "allowed"
    except PermissionError:
        seen["open a folder"] = "refused"
    from pathlib import Path
    try:
        Path(d, "2026-11-25T12:00:00.json").write_text("{}", encoding="utf-8")
        seen["a colon in a file name"] = "allowed"
    except OSError:
        seen["a colon in a file name"] = "refused"
    try:
        Path(d, "NUL.json").mkdir()
        seen["a reserved name"] = "allowed"
    except OSError:
        seen["a reserved name"] = "refused"
    fh = open(b, "rb")
    try:
        Path(b).replace(os.path.join(d, "c"))
        seen["replace an open file"] = "allowed"
    except PermissionError:
        seen["replace an open file"] = "refused"
    fh.close()
    if Path(b).exists():
        Path(b).replace(os.path.join(d, "c"))      # closed: fine on Windows too
    '''
    scope = {"__name__": sys.argv[1]}
    exec(compile(code, "<probe>", "exec"), scope)
    print(json.dumps(scope["seen"]))
""")


def probe(module_name: str, simulate: bool = True) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_SIMULATE", "PYTHONPATH")}
    if simulate:
        env.update(REFEREE_SIMULATE="windows", PYTHONPATH=str(SITE))
    done = subprocess.run([sys.executable, "-c", PROBE, module_name], capture_output=True, text=True, env=env,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_referee_code_sees_windows():
    seen = probe("referee.somewhere")
    assert seen == {"os.name": "nt", "sys.platform": "win32", "pwrite": False, "fchmod": False,
                    "getuid": False, "O_DIRECTORY": False, "replace": True, "SIGKILL": False, "SIGINT": True,
                    "alarm": False, "fcntl": False, "termios": False, "pty": False, "pwd": False,
                    "libraries": True, "rename onto a file": "refused",
                    "open without encoding": "SimulatedWindowsError", "open a folder": "refused",
                    "a colon in a file name": "refused", "a reserved name": "refused",
                    "replace an open file": "refused"}


def test_other_code_and_unsimulated_runs_see_the_real_platform():
    for seen in (probe("somelibrary.module"), probe("referee.somewhere", simulate=False)):
        if sys.platform.startswith("linux"):
            assert seen["os.name"] == "posix" and seen["pwrite"] and seen["SIGKILL"] and seen["fcntl"]
            assert seen["rename onto a file"] == "replaced" and seen["open without encoding"] == "allowed"
            assert seen["a colon in a file name"] == seen["a reserved name"] == "allowed"
            assert seen["replace an open file"] == "allowed"


def test_test_modules_cannot_import_posix_only_modules_either():
    seen = probe("tests.something")
    assert seen["fcntl"] is False and seen["pty"] is False
    assert seen["os.name"] != "nt"      # tests drive children with the real os and signal


def test_an_unknown_simulated_platform_is_refused():
    env = dict(os.environ, REFEREE_SIMULATE="amiga")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "--co", str(Path(__file__))], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120)
    assert done.returncode != 0 and "simulated platforms are: windows" in done.stdout + done.stderr


@pytest.mark.skipif(os.environ.get("REFEREE_SIMULATE") != "windows", reason="checks the simulated run itself")
def test_this_run_is_simulated():
    # In the simulated run, the test process itself refuses what Windows lacks to referee's modules.
    import builtins

    assert getattr(builtins.__import__, "simulates_windows", False)
    assert str(SITE) in os.environ["PYTHONPATH"].split(os.pathsep)
