"""The README's install, done as written on a machine with nothing of this checkout (issue 22 item 9).

pipx: the wheel built from this checkout installed by a real pipx (from the package index, into a scratch
venv; today's and Debian 12's 1.1, which links no man page itself) with PIPX_HOME, PIPX_BIN_DIR and PIPX_MAN_DIR in a temporary folder; then the README's line that
links the man pages pipx leaves out; `man -L cs referee` must find the Czech page, `--remove` and `pipx
uninstall` must leave no link behind. The venv route: the README's two lines (the same wheel for `.`,
built once) in a fresh HOME; a new interactive shell then finds `referee` on PATH and its Czech page.

The commands are read from README.md, so the test fails when the README's route does. Slow (measured
on a shared 2-core machine: today's pipx 80 s, pipx 1.1 about 120 s, the venv route 53 s; referee's
dependencies come from the package index for each install), so marked slow: `python -m pytest -q -m slow tests/platform/test_install_pipx.py`.
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.posix_only(reason="pipx's and the venv's POSIX layout, bash and man"),
    pytest.mark.skipif(os.environ.get("REFEREE_SIMULATE") == "windows",
                       reason="installs the real wheel once, in the normal run"),
    pytest.mark.skipif(shutil.which("bash") is None, reason="the README's lines are sh/bash"),
]


def readme_lines(pattern: str) -> list[str]:
    """The lines of the README's ```sh blocks that match ``pattern``."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    found = [line for block in blocks for line in block.splitlines() if re.search(pattern, line)]
    assert found, f"README.md has no sh line matching {pattern!r}"
    return found


def clean_env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "REFEREE_SIMULATE", "VIRTUAL_ENV", "MANPATH", "PYTHONHOME", "LANG", "LC_ALL",
                        "LANGUAGE", "LC_MESSAGES") and not k.startswith("PIPX_")}
    env.update(extra)
    return env


def run(args, **kw) -> subprocess.CompletedProcess:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=900, **kw)
    assert done.returncode == 0, (args, done.stdout[-2000:], done.stderr[-2000:])
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    dist = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", dist, ROOT], env=clean_env())
    (built,) = dist.glob("referee-*.whl")
    return built


# today's pipx (links the English pages itself) and Debian 12's (1.1: links no page; has `pipx environment`)
@pytest.mark.parametrize("pipx_spec", ["pipx", "pipx==1.1.0"])
def test_pipx_install_then_the_readme_line_gives_the_czech_man_pages(wheel, tmp_path, pipx_spec):
    tools = tmp_path / "tools"
    run([sys.executable, "-m", "venv", tools], env=clean_env())
    run([tools / "bin" / "python", "-m", "pip", "install", "--quiet", pipx_spec], env=clean_env())
    home, pipx = tmp_path / "home", tmp_path / "pipx"
    home.mkdir()
    env = clean_env(HOME=str(home), PIPX_HOME=str(pipx / "home"), PIPX_BIN_DIR=str(pipx / "bin"),
                    PIPX_MAN_DIR=str(pipx / "man"), PIPX_DEFAULT_PYTHON=sys.executable,
                    PATH=os.pathsep.join([str(tools / "bin"), str(pipx / "bin"), "/usr/local/bin", "/usr/bin", "/bin"]))
    run(["pipx", "install", wheel], env=env, cwd=tmp_path)
    assert run(["referee", "--version"], env=env, cwd=tmp_path).stdout.startswith("referee ")

    (link,) = readme_lines(r"-m referee\.install_man")
    said = run(["bash", "-c", link], env=env, cwd=tmp_path).stdout
    assert said.startswith("Linked ") and str(pipx / "man") in said
    man = pipx / "man"
    venv_share = Path(run(["pipx", "environment", "--value", "PIPX_LOCAL_VENVS"], env=env).stdout.strip()) \
        / "referee" / "share" / "man"
    for rel in ("man1/referee.1", "man7/referee-port-royal.7", "cs/man1/referee.1", "cs/man1/referee-new.1",
                "cs/man7/referee-el-capitan.7"):
        assert (man / rel).resolve() == (venv_share / rel).resolve(), rel
    if shutil.which("man"):
        look = dict(env, MANPATH=str(man))
        assert run(["man", "-L", "cs", "-w", "referee"], env=look).stdout.strip() == str(venv_share / "cs/man1/referee.1")
        assert run(["man", "-w", "referee"], env=look).stdout.strip() == str(venv_share / "man1/referee.1")

    run(["bash", "-c", link + " --remove"], env=env, cwd=tmp_path)
    run(["pipx", "uninstall", "referee"], env=env, cwd=tmp_path)
    assert [p for p in man.rglob("*") if p.is_symlink()] == []


def test_the_venv_route_ends_with_referee_on_path(wheel, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    env = clean_env(HOME=str(home), PATH=os.pathsep.join(["/usr/local/bin", "/usr/bin", "/bin"]))
    (make,) = readme_lines(r"^python3 -m venv ~/\.referee")
    (path,) = readme_lines(r"^echo .*PATH.*~/\.bashrc")
    make = make.replace("python3", shlex.quote(sys.executable), 1)   # this test's Python stands for python3
    assert make.endswith(" install .")
    run(["bash", "-c", make[:-1] + shlex.quote(str(wheel))], env=env, cwd=tmp_path)
    run(["bash", "-c", path], env=env, cwd=tmp_path)
    # a new terminal: an interactive bash reads ~/.bashrc
    shell = run(["bash", "-i", "-c", "command -v referee && referee --version"], env=env, cwd=tmp_path,
                stdin=subprocess.DEVNULL).stdout.splitlines()
    assert shell[0] == str(home / ".referee" / "bin" / "referee") and shell[1].startswith("referee ")
    if shutil.which("man"):
        page = run(["bash", "-i", "-c", "man -L cs -w referee"], env=env, cwd=tmp_path,
                   stdin=subprocess.DEVNULL).stdout.strip()
        assert page == str(home / ".referee" / "share" / "man" / "cs" / "man1" / "referee.1")
