"""A guard: in the modules whose errors were put through the translator, no RefereeError is raised with a bare
English text again (``raise StoreError(f"...")``), and no notice is appended untranslated. Such a text reaches
a Czech table in English (REFEREE_LANG=cs `referee show zzzzzz` did). Read with ast, so multi-line raises
count too; a text passes when it goes through ``_``/``ngettext``/``pgettext`` (or is built by a helper that
does, such as ``_bad(...)`` or ``self.corrupt(N_(...))``).

ALLOWED lists what is left on purpose, by file and the start of the text; grow COVERED as modules are done."""

import ast
import inspect
from pathlib import Path

import referee.core.errors as errors

ROOT = Path(__file__).resolve().parents[2] / "referee"

# Every module of the package: the session, the store, imports, statistics and the calculator were the
# ones found with English texts; the rest had none left, and none may come back.
COVERED = ["**/*.py"]

# (file, the text's first characters): raised with English on purpose. Empty.
ALLOWED: set[tuple[str, str]] = set()

ERRORS = {name for name, cls in inspect.getmembers(errors, inspect.isclass) if issubclass(cls, errors.RefereeError)}


def _text_start(node) -> str | None:
    """The English text an argument is built from when it is not translated, else None. A text of spaces
    or nothing (a joiner, an exception only caught right below) says nothing in any language."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value if node.value.strip() else None
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant))[:40].strip() or None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _text_start(node.func.value)     # "...".format(...) without _()
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return _text_start(node.left)           # "..." % (...)
    if isinstance(node, ast.BinOp):             # "prefix" + _(...) passes only if every literal part is blank
        left, right = _text_start(node.left), _text_start(node.right)
        parts = [p for p in (left, right) if p]
        return parts[0] if parts else None
    return None


def _name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def untranslated(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and _name(node.exc) in ERRORS:
            args = node.exc.args
        elif isinstance(node, ast.Call) and _name(node) == "append" and isinstance(node.func, ast.Attribute) \
                and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "notices":
            args = node.args
        else:
            continue
        text = _text_start(args[0]) if args else None
        if text is not None:
            found.append((node.lineno, text))
    return found


def files():
    for pattern in COVERED:
        yield from sorted(ROOT.glob(pattern))


def test_the_covered_modules_exist():
    names = {p.relative_to(ROOT).as_posix() for p in files()}
    assert {"session.py", "store/store.py", "club/log/native.py", "calculator/__init__.py"} <= names


def test_no_english_error_text_bypasses_the_translator():
    bad = []
    for path in files():
        rel = path.relative_to(ROOT).as_posix()
        for line, text in untranslated(path):
            if (rel, text) not in ALLOWED:
                bad.append(f"{rel}:{line}: {text!r}")
    assert bad == [], "errors raised with English text, not through _():\n" + "\n".join(bad)


def test_the_guard_sees_an_english_raise(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('def f(x):\n    raise StoreError(\n        f"The game {x} is gone; "\n        "nothing was changed.")\n'
                      'def g(t):\n    t.notices.append("changed elsewhere")\n'
                      'def h(x):\n    raise BadInput(_("fine {x}").format(x=x))\n'
                      'def i(x):\n    raise IllegalMove("no {x}".format(x=x))\n'
                      'def j(x):\n    raise BadInput(_("a") + " " + _("b"))\n', encoding="utf-8")
    assert sorted(line for line, _ in untranslated(sample)) == [2, 6, 10]


def _unbound_translator(path: Path) -> list[str]:
    """Scopes that call ``_`` while neither they nor the module bind it (a lazy ``from ..i18n import _``
    forgotten): the message would be a NameError, a traceback, instead of the sentence."""
    import symtable

    top = symtable.symtable(path.read_text(encoding="utf-8"), str(path), "exec")
    bound_at_top = any(s.get_name() == "_" and (s.is_imported() or s.is_assigned()) for s in top.get_symbols())
    missing = []

    def walk(table):
        for sym in table.get_symbols():
            if sym.get_name() == "_" and sym.is_referenced() and sym.is_global() and not bound_at_top:
                missing.append(f"{path.relative_to(ROOT).as_posix()}: {table.get_name()}")
        for child in table.get_children():
            walk(child)

    walk(top)
    return missing


def test_every_scope_that_translates_has_the_translator():
    missing = [m for path in files() for m in _unbound_translator(path)]
    assert missing == [], "`_` used but never imported:\n" + "\n".join(missing)
