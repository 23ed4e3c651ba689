"""Simulated Windows: what a Windows Python lacks, taken away from referee's own code on Linux/macOS.

    REFEREE_SIMULATE=windows python -m pytest -q

No Windows machine is at hand, so the whole suite also runs with this module installed (by tests/conftest.py
in the test process, and by the sitecustomize.py beside it in every Python child a test starts). It is
loaded before referee is imported and changes what referee's and scoring's modules see, not what the
libraries see: click, prompt-toolkit, rich and filelock choose their platform code by sys.platform and are
tested on Windows by their maintainers; simulating half of their Windows branch on Linux would test nothing.

For a module of referee or scoring (and, for the modules, of the tests: a test that needs a pty skips):
- the modules Windows does not have cannot be imported (fcntl, termios, tty, pty, pwd, grp, resource, ...);
- `os` lacks the functions and flags Windows lacks (pwrite, fchmod before 3.13, getuid, fork, O_DIRECTORY,
  ...), says os.name == "nt", refuses os.rename onto an existing file and os.open of a folder (as Windows
  does);
- `signal` lacks the signals and calls Windows lacks (SIGKILL, SIGHUP, SIGALRM, alarm, pthread_kill, ...);
- `sys.platform` is "win32", so code that branches on it takes its Windows branch (where that branch needs
  msvcrt, winreg or ctypes.windll it cannot run here: such code keeps a tested portable path instead);
- a text file opened without an explicit encoding is an error: Windows would read and write it in the ANSI
  code page (cp1250/cp1252), and a Czech name would be lost;
- a file or folder it creates or renames to a name Windows forbids (<>:"|?*, a control character, a
  trailing dot or space, CON, NUL, COM1, ...) is refused, as Windows refuses it;
- a file it still has open cannot be replaced, renamed or deleted (Windows opens files without
  FILE_SHARE_DELETE): os.replace, os.rename, os.unlink and os.remove raise PermissionError as Windows would.

The test process imports it as tests.platform.windows; a child loads it by file path (site/sitecustomize.py),
so that the child does not need the checkout on sys.path: an installed referee stays the one it runs.
"""

from __future__ import annotations

import builtins
import io
import os
import re
import signal
import sys
import types
import weakref

ENV = "REFEREE_SIMULATE"

# Modules a Windows CPython does not ship (the POSIX-only part of the standard library).
MISSING_MODULES = frozenset({
    "fcntl", "termios", "tty", "pty", "pwd", "grp", "resource", "posix", "syslog", "crypt", "spwd", "nis",
    "curses", "_curses", "readline", "_posixsubprocess",
})

# os functions and constants a Windows CPython lacks (3.10-3.13; os.fchmod exists there only from 3.13,
# and referee must run on 3.10).
MISSING_OS = frozenset({
    "pwrite", "pread", "pwritev", "preadv", "fchmod", "lchmod", "fchown", "chown", "lchown", "chroot",
    "getuid", "geteuid", "getgid", "getegid", "getgroups", "setuid", "seteuid", "setgid", "setegid",
    "setgroups", "getresuid", "getresgid", "setreuid", "setregid", "initgroups", "getgrouplist",
    "getpgid", "getpgrp", "setpgid", "setpgrp", "getsid", "setsid", "killpg", "tcgetpgrp", "tcsetpgrp",
    "fork", "forkpty", "openpty", "register_at_fork", "wait", "wait3", "wait4", "waitid", "WNOHANG",
    "WEXITSTATUS", "WIFEXITED", "WIFSIGNALED", "WTERMSIG", "mkfifo", "mknod", "major", "minor", "makedev",
    "sync", "fdatasync", "statvfs", "fstatvfs", "getloadavg", "uname", "nice", "getpriority",
    "setpriority", "sched_getaffinity", "sched_setaffinity", "sched_yield", "posix_fadvise",
    "posix_fallocate", "sendfile", "lockf", "F_LOCK", "F_TLOCK", "F_ULOCK", "F_TEST", "ttyname", "ctermid",
    "pipe2", "pathconf", "fpathconf", "confstr", "sysconf", "memfd_create", "eventfd", "splice",
    "copy_file_range", "posix_spawn", "posix_spawnp", "getxattr", "setxattr", "listxattr", "removexattr",
    "O_DIRECTORY", "O_NOFOLLOW", "O_CLOEXEC", "O_SYNC", "O_DSYNC", "O_RSYNC", "O_NONBLOCK", "O_NOCTTY",
    "O_NDELAY", "O_ASYNC", "O_DIRECT", "O_NOATIME", "O_PATH", "O_TMPFILE", "O_LARGEFILE",
})

# The signals a Windows CPython has; every other SIG* name is missing there.
WINDOWS_SIGNALS = frozenset({"SIGABRT", "SIGFPE", "SIGILL", "SIGINT", "SIGSEGV", "SIGTERM", "SIGBREAK"})
MISSING_SIGNAL_CALLS = frozenset({
    "alarm", "pause", "setitimer", "getitimer", "siginterrupt", "pthread_kill", "pthread_sigmask",
    "sigpending", "sigwait", "sigwaitinfo", "sigtimedwait", "pidfd_send_signal", "ITIMER_REAL",
    "ITIMER_VIRTUAL", "ITIMER_PROF", "SIG_BLOCK", "SIG_UNBLOCK", "SIG_SETMASK",
})

# The packages whose code must run on Windows, and those whose imports of POSIX-only modules are checked.
PRODUCT = ("referee", "scoring")
CHECKED = PRODUCT + ("tests", "benchmarks")


class SimulatedWindowsError(RuntimeError):
    """Something referee did that a Windows Python would not do the same way."""


class _Without(types.ModuleType):
    """A stand-in for a module with some names missing and some overridden; every other name, and every
    assignment, goes to the real module."""

    def __init__(self, real, missing, extra):
        super().__init__(real.__name__, real.__doc__)
        object.__setattr__(self, "_real", real)
        object.__setattr__(self, "_missing", missing)
        object.__setattr__(self, "_extra", extra)

    def __getattribute__(self, name):
        if name in ("_real", "_missing", "_extra", "__class__"):
            return object.__getattribute__(self, name)
        if name == "__dict__":
            # the real module's: pytest's monkeypatch reads the old value from __dict__, and with the stand-in's
            # own (nearly empty) one its undo deleted the real os.cpu_count for the rest of the run
            return object.__getattribute__(self, "_real").__dict__
        extra = object.__getattribute__(self, "_extra")
        if name in extra:
            return extra[name]
        if object.__getattribute__(self, "_missing")(name):
            raise AttributeError(f"module {self._real.__name__!r} has no attribute {name!r} "
                                 f"(Windows has none; {ENV}=windows)")
        return getattr(object.__getattribute__(self, "_real"), name)

    def __setattr__(self, name, value):
        setattr(self._real, name, value)

    def __delattr__(self, name):
        delattr(self._real, name)

    def __dir__(self):
        return [n for n in dir(self._real) if not self._missing(n)] + list(self._extra)


_FORBIDDEN = re.compile(r'[<>:"|?*\x00-\x1f]')
_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}


def check_name(path) -> None:
    """Refuse, as Windows does, a file name it cannot hold (only the last component: the name referee chose)."""
    if isinstance(path, int):
        return
    name = os.path.basename(os.fspath(path).rstrip("/"))
    if isinstance(name, bytes):
        name = name.decode("utf-8", "surrogateescape")
    if not name or name in (".", ".."):
        return
    stem = name.split(".")[0].upper()
    if _FORBIDDEN.search(name) or name[-1] in ". " or stem in _RESERVED:
        raise OSError(22, f"The filename, directory name, or volume label syntax is incorrect "
                          f"(Windows cannot name a file {name!r}; simulated)", os.fspath(path))


# Files referee has open (its own open() calls): Windows cannot replace, rename or delete them meanwhile.
_open_files: list[tuple[str, weakref.ref]] = []


def _still_open(path) -> bool:
    if isinstance(path, int):
        return False
    target = os.path.abspath(os.fspath(path))
    alive = [(p, ref) for p, ref in _open_files if ref() is not None and not ref().closed]
    _open_files[:] = alive
    return any(p == target for p, _ in alive)


def _in_use(path) -> OSError:
    return PermissionError(13, "The process cannot access the file because it is being used by another "
                               "process (it is open; simulated Windows)", os.fspath(path))


class _Plain:
    """A stand-in callable that is not a descriptor, as the builtins it replaces are not: Python 3.10's
    pathlib keeps io.open and os functions as class attributes, and a plain function there would become a
    method."""

    def __init__(self, fn):
        self._fn = fn
        self.__name__ = getattr(fn, "__name__", "function")
        self.simulates_windows = True

    def __call__(self, *args, **kwargs):
        return self._fn(*args, **kwargs)


def _guard(real, *, name_args=(), open_args=()):
    """os.<fn> that, called (directly or through pathlib/shutil) by referee, behaves as on Windows."""

    def call(*args, **kwargs):
        if _caller_package() in PRODUCT:
            for i in open_args:
                if i < len(args) and _still_open(args[i]):
                    raise _in_use(args[i])
            for i in name_args:
                if i < len(args):
                    check_name(args[i])
        return real(*args, **kwargs)

    call.__name__ = real.__name__
    return _Plain(call)


def _rename(src, dst, *, src_dir_fd=None, dst_dir_fd=None):
    # Windows: os.rename onto an existing file fails (os.replace is the portable overwrite).
    if src_dir_fd is None and dst_dir_fd is None and os.path.lexists(dst):
        raise FileExistsError(183, "Cannot create a file when that file already exists (simulated Windows)",
                              os.fspath(src), None, os.fspath(dst))
    return os.rename(src, dst, src_dir_fd=src_dir_fd, dst_dir_fd=dst_dir_fd)


def _open_fd(path, flags, mode=0o777, *, dir_fd=None):
    # Windows: os.open cannot open a folder (so a folder cannot be fsync'ed through a descriptor).
    if dir_fd is None and os.path.isdir(path):
        raise PermissionError(13, "Permission denied (a folder cannot be opened on Windows; simulated)",
                              os.fspath(path))
    if flags & os.O_CREAT:
        check_name(path)
    return os.open(path, flags, mode, dir_fd=dir_fd)


def _signal_missing(name: str) -> bool:
    if name in MISSING_SIGNAL_CALLS:
        return True
    return name.startswith("SIG") and not name.startswith("SIG_") and name not in WINDOWS_SIGNALS


_os = _Without(os, MISSING_OS.__contains__, {"name": "nt", "rename": _rename, "open": _open_fd})
_signal = _Without(signal, _signal_missing, {})
_sys = _Without(sys, lambda name: False, {"platform": "win32"})
PROXIES = {"os": _os, "signal": _signal, "sys": _sys}


def _package(globals_) -> str:
    if not globals_:
        return ""
    name = globals_.get("__name__") or ""
    if name == "__main__":      # python -m referee
        spec = globals_.get("__spec__")
        name = getattr(spec, "name", "") or ""
    return name.partition(".")[0]


_real_import = builtins.__import__


def _import(name, globals=None, locals=None, fromlist=(), level=0):
    if level == 0:
        package = _package(globals)
        if package in CHECKED:
            top = name.partition(".")[0]
            if top in MISSING_MODULES:
                raise ModuleNotFoundError(f"No module named {name!r} (Windows has none; {ENV}=windows)",
                                          name=name)
            if package in PRODUCT and top in PROXIES and (name == top or not fromlist):
                _real_import(name, globals, locals, fromlist, level)
                return PROXIES[top]
    return _real_import(name, globals, locals, fromlist, level)


_real_open = io.open
# Library frames between referee and the open() call: the file is referee's (TinyDB included: a store
# written through TinyDB's own storage without an encoding would be a Windows bug of referee's).
_PASS_THROUGH = ("pathlib", "io", "_pyio", "codecs", "tempfile", "shutil", "tinydb")


def _caller_package() -> str:
    """The package of the code that called the wrapped function, looking through the library frames (and
    this module's own stand-ins, such as the os.rename that referee's `os` has)."""
    frame = sys._getframe(2)
    here = globals()
    while frame is not None:
        name = frame.f_globals.get("__name__") or ""
        if frame.f_globals is not here and (name.partition(".")[0] not in _PASS_THROUGH or name == "__main__"):
            return _package(frame.f_globals)
        frame = frame.f_back
    return ""


def _open(file, mode="r", buffering=-1, encoding=None, *args, **kwargs):
    ours = _caller_package() in PRODUCT
    if ours:
        if "b" not in mode and encoding in (None, "locale"):
            raise SimulatedWindowsError(
                f"{file!r} was opened as text without encoding=: Windows would use its ANSI code page "
                f"(cp1250/cp1252), not UTF-8")
        if any(c in mode for c in "wax+"):
            check_name(file)
    handle = _real_open(file, mode, buffering, encoding, *args, **kwargs)
    if ours and not isinstance(file, int):
        _open_files.append((os.path.abspath(os.fspath(file)), weakref.ref(handle)))
    return handle


def install() -> None:
    """Take effect in this process (idempotent), and in every Python child started from it."""
    if getattr(builtins.__import__, "simulates_windows", False):
        return
    _import.simulates_windows = True
    builtins.__import__ = _import
    builtins.open = io.open = _Plain(_open)
    # Through pathlib and shutil too: the real os module's calls, checked when referee is the caller.
    os.replace = _guard(os.replace, name_args=(1,), open_args=(0, 1))
    os.rename = _guard(os.rename, name_args=(1,), open_args=(0, 1))
    os.unlink = _guard(os.unlink, open_args=(0,))
    os.remove = _guard(os.remove, open_args=(0,))
    os.mkdir = _guard(os.mkdir, name_args=(0,))
    os.link = _guard(os.link, name_args=(1,))
    os.environ[ENV] = "windows"
    site = os.path.join(os.path.dirname(os.path.abspath(__file__)), "site")
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if site not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join([site, *paths])
