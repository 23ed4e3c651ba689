"""Man pages generated from the click CLI: man/referee.1 and man/referee-<command>.1, and the same in
Czech in man/cs/ (the help texts through the gettext catalog, as `referee --lang cs CMD --help` shows them).

    python -m referee.manpages [DIR]      # writes the pages (default: man/ at the repo root; Czech in DIR/cs)
    python -m referee.manpages --check    # exit 1 and list the differences when man/ is out of date

The pages carry no date, so regenerating an unchanged CLI gives identical files (the test suite
regenerates them and compares with man/). Game pages (man/referee-<game>.7, man/cs/referee-<game>.7) are
written by hand and are never touched here.
"""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path

import click

from .i18n import N_, _, using

ROOT = Path(__file__).resolve().parent.parent
MAN_DIR = ROOT / "man"
GAME_PAGES = ("puerto-rico", "el-capitan", "carcassonne", "port-royal")
LANGUAGES = {"en": "", "cs": "cs"}       # language -> subdirectory of man/

EXIT_STATUS = [("0", N_("success")), ("1", N_("a rule says no: an illegal move, or a move after the game is over")),
               ("2", N_("bad usage or bad input: unknown game, malformed file, unknown id, bad option")),
               ("3", N_("an internal error (a bug; set REFEREE_DEBUG=1 for the details)"))]

ENVIRONMENT = [("REFEREE_DB", N_("The history store (a TinyDB JSON file), like --db. Default: history.json in the "
                                 "user data directory (platformdirs).")),
               ("REFEREE_LOCK_TIMEOUT", N_("Seconds a writer waits for another referee process holding the store's "
                                           "lock (default 5).")),
               ("REFEREE_LANG", N_("The language of the screens and messages, cs or en, like --lang. Default: the "
                                   "locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English.")),
               ("REFEREE_CONFIG", N_("The settings file (TOML). Default: settings.toml in the user config "
                                     "directory (platformdirs); `referee config` shows and sets it, `referee "
                                     "--version` names it.")),
               ("REFEREE_DEBUG", N_("Set to 1 to see the traceback of an internal error."))]

# Section headings (translated where a page is written).
SECTIONS = {"NAME": N_("NAME"), "SYNOPSIS": N_("SYNOPSIS"), "DESCRIPTION": N_("DESCRIPTION"),
            "ARGUMENTS": N_("ARGUMENTS"), "OPTIONS": N_("OPTIONS"), "COMMANDS": N_("COMMANDS"),
            "EXIT STATUS": N_("EXIT STATUS"), "ENVIRONMENT": N_("ENVIRONMENT"), "FILES": N_("FILES"),
            "SHELL COMPLETION": N_("SHELL COMPLETION"), "SEE ALSO": N_("SEE ALSO")}


def section(name: str) -> str:
    return _(SECTIONS[name])

COMPLETION = N_("""\
referee completes its commands and options, the game ids (puerto\\-rico, el\\-capitan, carcassonne,
port\\-royal), the ids of stored games (for play, show, move, undo, replay, qr) and the player names and
locations in the history (for \\-p, \\-\\-player, \\-\\-vs, \\-\\-winner, \\-\\-location). It uses Click's shell
completion; enable it once per shell:
.PP
.nf
.RS
# bash, in ~/.bashrc
eval "$(_REFEREE_COMPLETE=bash_source referee)"
# zsh, in ~/.zshrc
eval "$(_REFEREE_COMPLETE=zsh_source referee)"
# fish, in ~/.config/fish/completions/referee.fish
_REFEREE_COMPLETE=fish_source referee | source
.RE
.fi
.PP
For a faster shell start, write the script to a file once (for example
_REFEREE_COMPLETE=bash_source referee > ~/.referee\\-complete.bash) and source that file instead.""")

FILES = N_("""\
.TP
.I history.json
the store's root (TinyDB; its schema), with history.json.bak and history.json.lock
(history.json.lock.holder names the process writing). A symlinked history.json is followed: the store lives
beside the file it points at
.TP
.I history.json.d/
the finished games in TinyDB files by the first characters of the game id (each with its previous version,
*.bak, and a summary, *.sum.json, that history reads)
.TP
.I history.json.v1
a store of the older one-file layout, kept as it was when converted on its first write
.TP
.I history.json.live/
one small file per game in progress: the game, then one line per move
.TP
.I history.json.records/
the move record of every finished tracked game
.TP
.I settings.toml
the settings a club sets once (language, location, colours, el\\-capitan\\-board), in the user config
directory: ~/.config/referee on Linux, ~/Library/Application Support/referee on macOS,
%LOCALAPPDATA%\\(rsreferee on Windows; see \\fBreferee\\-config\\fR(1)""")


def esc(text: str) -> str:
    """Roff-escape running text."""
    text = str(text).replace("\\", "\\e").replace("-", "\\-")
    return "\n".join(("\\&" + line) if line.startswith((".", "'")) else line for line in text.split("\n"))


def _paragraphs(help_text: str) -> list[str]:
    out = []
    text = inspect.cleandoc(help_text or "")
    for para in re.split(r"\n\s*\n", text):
        para = para.strip("\n")
        if not para.strip():
            continue
        if para.startswith("\b"):
            body = para[1:].lstrip("\n")
            out.append(".nf\n" + esc(body) + "\n.fi")
        else:
            out.append(esc(" ".join(para.split())))
    return out


def _opt_line(param: click.Parameter, ctx: click.Context) -> tuple[str, str]:
    opts = list(param.opts)
    if "--help" in opts:
        # click caches a command's help option as first built: a test that invoked the command on its own
        # would leave it without -h. The page shows what `referee CMD` accepts.
        opts = list(ctx.help_option_names)
    names = [f"\\fB{esc(n)}\\fR" for n in opts] + [f"\\fB{esc(n)}\\fR" for n in param.secondary_opts]
    head = ", ".join(names)
    if not getattr(param, "is_flag", False) and not getattr(param, "count", False):
        metavar = param.make_metavar(ctx) if _takes_ctx(param) else param.make_metavar()
        head += f" \\fI{esc(metavar)}\\fR"
    from .helptext import english

    text = english(param)                       # click may have built --help's in Czech
    help_text = esc(" ".join(_(text).split())) if text else ""
    extra, keys = [], []
    if isinstance(param.type, click.Choice):
        extra.append(_("one of {values}").format(values=", ".join(esc(c) for c in param.type.choices)))
        keys.append(_("one of {values}").split("{")[0].strip())
    if param.show_default and param.default not in (None, False, ()):
        extra.append(_("default: {value}").format(value=esc(param.default)))
        keys.append(_("default: {value}").split(":")[0])
    if extra and not any(k in help_text for k in keys):
        help_text = (help_text + " " if help_text else "") + "(" + "; ".join(extra) + ")"
    return head, help_text


def _takes_ctx(param) -> bool:
    try:
        return "ctx" in inspect.signature(param.make_metavar).parameters
    except (TypeError, ValueError):
        return False


def _synopsis(cmd: click.Command, ctx: click.Context, prog: str) -> str:
    pieces = " ".join(cmd.collect_usage_pieces(ctx))
    return f".B {esc(prog)}\n{esc(pieces)}"


def _page(name: str, title: str, short: str, cmd: click.Command, ctx: click.Context, prog: str,
          extra_sections: list[tuple[str, str]], see_also: list[str]) -> str:
    from . import __version__

    manual = esc(_("referee manual"))
    lines = [f'.TH {esc(title.upper())} 1 "" "referee {__version__}" "{manual}"',
             f".SH {section('NAME')}", f"{esc(name)} \\- {esc(short)}", f".SH {section('SYNOPSIS')}",
             _synopsis(cmd, ctx, prog), f".SH {section('DESCRIPTION')}"]
    paras = _paragraphs(cmd.help or short)
    for i, p in enumerate(paras):
        if i:
            lines.append(".PP")
        lines.append(p)
    args = [p for p in cmd.get_params(ctx) if isinstance(p, click.Argument)]
    if args:
        lines.append(f".SH {section('ARGUMENTS')}")
        for a in args:
            lines += [".TP", f"\\fI{esc(a.make_metavar(ctx) if _takes_ctx(a) else a.make_metavar())}\\fR",
                      esc(_argument_help(name, a))]
    opts = [p for p in cmd.get_params(ctx) if isinstance(p, click.Option) and not p.hidden]
    if opts:
        lines.append(f".SH {section('OPTIONS')}")
        for o in opts:
            head, body = _opt_line(o, ctx)
            lines += [".TP", head, body or "."]
    for heading, body in extra_sections:
        lines += [f".SH {section(heading)}", body]
    lines += [f".SH {section('SEE ALSO')}", ",\n".join(f"\\fB{esc(p.rsplit('.', 1)[0])}\\fR({p.rsplit('.', 1)[1]})"
                                          for p in see_also)]
    return "\n".join(lines) + "\n"


_ARG_HELP = {"GAME": N_("A game id: {games} (unique abbreviations and names are accepted)."),
             "GAME_ID": N_("A stored game's id, or enough of its start to be unique (`referee history` lists them)."),
             "FILE": N_("A file, or - for standard input (import) or standard output (export)."),
             "SOURCE": N_("The calculator input: a JSON or TOML file in the format of the game's --template, or - "
                          "for standard input; without it, guided prompts on a terminal."),
             "MOVES": N_("Moves in the game's notation, applied in order."),
             "WORDS": N_("A rule's label as a message cites it (T8, 5.7 K4), or words to look for in the rules.")}


def _argument_help(cmd_name: str, arg: click.Argument) -> str:
    key = (arg.name or "").upper()
    if key in _ARG_HELP:
        return _(_ARG_HELP[key]).format(games=", ".join(GAME_PAGES))
    return _("The {what}.").format(what=key.replace("_", " ").lower())


def _status_section() -> str:
    return "\n".join(f".TP\n.B {code}\n{esc(_(text))}" for code, text in EXIT_STATUS)


def _env_section() -> str:
    return "\n".join(f".TP\n.B {esc(var)}\n{esc(_(text))}" for var, text in ENVIRONMENT)


def generate(lang: str = "en") -> dict[str, str]:
    """file name -> page text, for the CLI as it is now, in ``lang`` (en or cs)."""
    with using(lang):
        return _generate()


def _generate() -> dict[str, str]:
    with using("en"):       # what click builds at import (a Path's metavar) is English in every language's page
        from .cli import LAZY_COMMANDS, cli
    from .helptext import short_help, translated

    ctx = click.Context(cli, info_name="referee", **cli.context_settings)
    names = [n for n in cli.list_commands(ctx)]
    pages: dict[str, str] = {}
    subs = []
    for n in names:
        cmd = cli.get_command(ctx, n)
        if cmd is None or cmd.hidden:
            continue
        subs.append((n, cmd))
    cmd_pages = [f"referee-{n}.1" for n, _cmd in subs]
    game_pages = [f"referee-{g}.7" for g in GAME_PAGES]
    common = [("EXIT STATUS", _status_section()), ("ENVIRONMENT", _env_section())]
    main_extra = [("COMMANDS", "\n".join(
        f".TP\n\\fBreferee {esc(n)}\\fR\n{esc(short_help(cmd, limit=200))} "
        + _("See {page}.").format(page=f"\\fBreferee\\-{esc(n)}\\fR(1)")
        for n, cmd in subs))] + common + [("FILES", _(FILES)), ("SHELL COMPLETION", _(COMPLETION))]
    with translated(cli, ctx):
        pages["referee.1"] = _page("referee", "referee", _("a referee and scoring assistant for board games played "
                                                           "on a real table"),
                                   cli, ctx, "referee", main_extra, cmd_pages + game_pages)
    for n, cmd in subs:
        sub_ctx = click.Context(cmd, info_name=n, parent=ctx)
        short = short_help(cmd, limit=200).rstrip(".")
        if n in LAZY_COMMANDS and not cmd.help:
            short = _(LAZY_COMMANDS[n][2]).rstrip(".")
        with translated(cmd, sub_ctx):
            pages[f"referee-{n}.1"] = _page(f"referee-{n}", f"referee-{n}", short, cmd, sub_ctx, f"referee {n}",
                                            common, ["referee.1"])
    return pages


def check(directory: Path = MAN_DIR) -> list[str]:
    """The differences between the generated pages and ``directory`` (English) and ``directory``/cs (Czech):
    empty when in sync."""
    problems = []
    for lang, sub in LANGUAGES.items():
        folder = directory / sub if sub else directory
        prefix = f"{sub}/" if sub else ""
        pages = generate(lang)
        for fname, text in pages.items():
            path = folder / fname
            if not path.exists():
                problems.append(f"{prefix}{fname} is missing")
            elif path.read_text(encoding="utf-8") != text:
                problems.append(f"{prefix}{fname} differs from the CLI")
        for path in sorted(folder.glob("referee*.1")):
            if path.name not in pages:
                problems.append(f"{prefix}{path.name} documents a command the CLI does not have")
    return problems


def write(directory: Path = MAN_DIR) -> list[str]:
    written = []
    for lang, sub in LANGUAGES.items():
        folder = directory / sub if sub else directory
        folder.mkdir(parents=True, exist_ok=True)
        pages = generate(lang)
        for fname, text in pages.items():
            (folder / fname).write_text(text, encoding="utf-8")
        for path in folder.glob("referee*.1"):
            if path.name not in pages:
                path.unlink()
        written += [f"{sub}/{f}" if sub else f for f in sorted(pages)]
    return written


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if any(a in ("-h", "--help") for a in argv):
        print("usage: python -m referee.manpages [--check] [DIR]\n"
              "Write the man pages into DIR (default: man/), or with --check list the ones out of date.")
        return 0
    unknown = [a for a in argv if a.startswith("-") and a != "--check"]
    if unknown or len([a for a in argv if a != "--check"]) > 1:
        print(f"python -m referee.manpages: unexpected argument {(unknown or argv)[0]!r}; "
              "usage: python -m referee.manpages [--check] [DIR]", file=sys.stderr)
        return 2
    if "--check" in argv:
        argv.remove("--check")
        problems = check(Path(argv[0]) if argv else MAN_DIR)
        for p in problems:
            print(p)
        if problems:
            print("Run `python -m referee.manpages` to regenerate man/.")
        return 1 if problems else 0
    written = write(Path(argv[0]) if argv else MAN_DIR)
    print(f"Wrote {len(written)} man pages to {Path(argv[0]) if argv else MAN_DIR}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
