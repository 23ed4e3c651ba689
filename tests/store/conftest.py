"""Fixtures the store's tests share."""

import pytest

from referee.cli import main


@pytest.fixture
def referee(db, toy, capsys):
    """referee(*argv) -> (exit code, stdout, stderr), through main() as the installed program runs it."""
    def run(*args):
        with pytest.raises(SystemExit) as done:
            main([str(a) for a in args])
        out = capsys.readouterr()
        assert "Traceback" not in out.err and "internal error" not in out.err, out.err
        code = done.value.code
        return (0 if code is None else code), out.out, out.err
    return run
