"""The `referee` command line (contracts §1): the group, its error handling and the helpers every command
group shares (referee/cli/: table.py, calc.py, repair.py loaded with it; log, stats, transfer, corrections,
site, settings loaded when invoked). Click commands only: parse, call the layers below, print.

Start-up speed matters (`referee --help`, `referee score … --json`): only click is imported here at
module level; everything else is imported inside the command that needs it.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from .. import __version__
from .. import i18n
from ..i18n import _


def _language_setting():
    from ..dirs import no_settings_file

    if no_settings_file():      # no file, no language in it: the settings need not be imported (issue 25)
        return None
    from ..settings import language_setting     # imported only when a language is first needed

    return language_setting()


i18n.read_setting_with(_language_setting)      # the settings' `language` (i18n, below them, reads none)
from ..clitypes import FilePath

# Exit codes (contracts §1): 0 ok, 1 a rule says no, 2 bad usage or input (each error carries its own
# code as exit_code); 3 only for a bug, which still prints a sentence rather than a traceback.
EXIT_USAGE, EXIT_INTERNAL = 2, 3

i18n.install_click()        # click's own texts ("Usage:", its errors) follow --lang too

# Commands whose code lives with the feature that owns it, imported only when invoked.
LAZY_COMMANDS = {
    "record": ("referee.cli.log", "record_command", "Log a finished game that was not tracked."),
    "history": ("referee.cli.log", "history_command", "List past games, newest first."),
    "stats": ("referee.cli.stats", "stats_command", "Player and game statistics, ratings."),
    "export": ("referee.cli.transfer", "export_command", "Export the history (JSON, CSV, BGG XML)."),
    "import": ("referee.cli.transfer", "import_command", "Import a history file (JSON, CSV, BGG XML)."),
    "qr": ("referee.cli.transfer", "qr_command", "A QR code of a finished game's result."),
    "replay": ("referee.cli.log", "replay_command", "Step through a tracked game's moves."),
    "abandon": ("referee.cli.log", "abandon_command", "Stop tracking a game in progress (its file is kept)."),
    "edit": ("referee.cli.corrections", "edit_command", "Correct a logged play (date, place, notes, scores)."),
    "delete": ("referee.cli.corrections", "delete_command", "Move a logged play to the trash."),
    "trash": ("referee.cli.corrections", "trash_command", "List the plays in the trash."),
    "restore": ("referee.cli.corrections", "restore_command", "Bring a play back from the trash."),
    "players": ("referee.cli.corrections", "players_command", "The club's players; rename or merge them."),
    "site": ("referee.cli.site", "site_command", "Publish the history as a static web site."),
    "board": ("referee.games.el_capitan.wizard", "board_command", "Enter your El Capitan board's printed numbers."),
    "config": ("referee.cli.settings", "config_command", "Show or set the settings: defaults a club sets once."),
    "serve": ("referee.cli.serve", "serve_command", "Let every player enter moves from a phone."),
    "sync": ("referee.cli.sync", "sync_command", "Take in what other laptops wrote to the sync folder."),
}


def _lazy_available(module: str) -> bool:
    """Whether a lazy command's module is installed, without importing it (or its parent packages)."""
    # os.path, not pathlib: `referee --help` lists these, and pathlib is not loaded before a command needs it
    base = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__)))),
                        *module.split("."))
    return os.path.isfile(base + ".py") or os.path.isfile(os.path.join(base, "__init__.py"))


class RefereeGroup(click.Group):
    """A group that loads feature commands lazily and turns every error into one sentence + exit code.
    Its commands show their --help in the chosen language (helptext.TranslatingContext)."""

    from ..helptext import TranslatingCommand as command_class, TranslatingContext as context_class

    def list_commands(self, ctx):
        lazy = [name for name, (mod, _a, _s) in LAZY_COMMANDS.items() if _lazy_available(mod)]
        return sorted(set(super().list_commands(ctx)) | set(lazy))

    def get_command(self, ctx, name):
        cmd = super().get_command(ctx, name)
        if cmd is not None or name not in LAZY_COMMANDS:
            return cmd
        module, attr, _short = LAZY_COMMANDS[name]
        if not _lazy_available(module):
            return None
        with i18n.english():            # click keeps texts built at import (a Path's "file"): the msgids
            cmd = getattr(importlib.import_module(module), attr, None)
        if cmd is not None and cmd.context_class is click.Context:
            from ..helptext import TranslatingContext

            cmd.context_class = TranslatingContext      # its --help in the chosen language too
        return cmd

    def lazy_short_helps(self) -> list[str]:
        """The short help of every lazily loaded command, as msgids (helptext.texts lists them)."""
        return [short for _mod, _attr, short in LAZY_COMMANDS.values()]

    def format_commands(self, ctx, formatter):
        # Short help for lazy commands without importing them (keeps --help fast).
        from ..helptext import short_help

        rows = []
        for name in self.list_commands(ctx):
            cmd = super().get_command(ctx, name)
            if cmd is not None:
                if not cmd.hidden:
                    rows.append((name, short_help(cmd, limit=60)))
            else:
                rows.append((name, _(LAZY_COMMANDS[name][2])))
        if rows:
            with formatter.section(_("Commands")):
                formatter.write_dl(rows)

    def parse_args(self, ctx, args):
        # The language must be known before anything is shown: `referee --help --lang cs` (click runs eager
        # options in the order typed) and a bare `referee` (help before any option is processed).
        if ctx.parent is None:
            from .. import _collector

            _collector.resume()         # paused while the command line was imported (_collector.py)
            _choose_language(_lang_in(args))
        return super().parse_args(ctx, args)

    def make_context(self, info_name, args, parent=None, **extra):
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except _NO_ARGS_HELP:
            raise       # bare `referee`: the help itself, as click shows it
        except click.UsageError as err:
            raise OneLineUsageError(err) from None
        except KeyboardInterrupt:       # while the command line is read: click would say "Aborted!", exit 1
            interrupted()

    def invoke(self, ctx):
        from ..core.errors import RefereeError

        try:
            return super().invoke(ctx)
        except _NO_ARGS_HELP:
            raise
        except click.UsageError as err:
            raise OneLineUsageError(err) from None
        except RefereeError as err:
            fail(str(err), err.exit_code)
        except KeyboardInterrupt:
            interrupted()
        except click.exceptions.Abort as err:
            if isinstance(err.__cause__, KeyboardInterrupt):    # Ctrl-C at one of click's prompts
                interrupted()
            raise
        except ValueError as err:
            if type(err).__name__ == "ScoringError":
                fail(str(err), EXIT_USAGE)
            raise


_NO_ARGS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())


class OneLineError(click.ClickException):
    """An error found while click parses the command line, shown as the one 'referee: …' sentence every
    other error is (contracts §1); exit 2."""

    exit_code = EXIT_USAGE

    def show(self, file=None) -> None:
        from ..core.validate import visible

        click.echo(f"referee: {visible(self.message)}", err=True)    # it may quote what was typed


class OneLineUsageError(OneLineError):
    """A usage error (unknown command or option, missing or invalid argument) naming the help to read,
    instead of click's three lines."""

    def __init__(self, err: click.UsageError):
        message = err.format_message().strip()
        if not message.endswith((".", "?", "!")):
            message += "."
        names, ctx = [], err.ctx
        while ctx is not None and ctx.parent is not None:
            names.insert(0, ctx.info_name)
            ctx = ctx.parent
        path = " ".join(["referee", *names])
        hint = _players_hint(err, names)
        super().__init__(f"{message} {hint}" if hint else
                         _("{message} See `{command} --help`.").format(message=message, command=path))


def _players_hint(err: click.UsageError, names) -> str:
    """`referee new GAME Ann Bob` (or record with Ann=3): the players go with -p; say the command meant."""
    import re
    import shlex

    if names not in (["new"], ["record"]) or err.ctx is None:
        return ""
    m = re.match(r"Got unexpected extra arguments? \((.*)\)", err.format_message())
    if not m:
        return ""
    game = err.ctx.params.get("game")
    given = list(err.ctx.params.get("players") or ()) + m.group(1).split()
    if not game or not given:
        return ""
    players = " ".join(f"-p {shlex.quote(p)}" for p in given)
    return _("Give each player with -p: `{command}`.").format(command=f"referee {names[0]} {game} {players}")


def _lang_in(args) -> str | None:
    """The value of the root's --lang among the arguments before the command name, if given."""
    skip = False
    for i, arg in enumerate(args):
        if skip:                        # the value of --db
            skip = False
            continue
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
        if arg == "--db":
            skip = True
            continue
        if not arg.startswith("-"):
            return None
    return None


def _choose_language(value: str | None) -> None:
    """--lang, else REFEREE_LANG, else the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English."""
    if value is None:
        value = os.environ.get("REFEREE_LANG") or None
    try:
        i18n.set_language(value)
    except ValueError:
        i18n.set_language(None)
        raise OneLineError(_("Unknown language {lang!r}; the languages are {available}.").format(
            lang=value, available=i18n.available())) from None


def _check_db(ctx, value):
    """--db / REFEREE_DB must name a file: a folder is refused naming where the path came from."""
    if value and os.path.isdir(os.path.expanduser(value)):
        from click.core import ParameterSource

        where = ("REFEREE_DB" if ctx.get_parameter_source("db") == ParameterSource.ENVIRONMENT else "--db")
        raise OneLineError(_("The history store given by {where} ({value}) is a folder; give a file in it, "
                             "for example {example}.").format(where=where, value=value,
                                                              example=os.path.join(value, "history.json")))
    return value


def _version(ctx, value) -> None:
    """`referee --version`: the version, then where this user's history and settings files are (a club
    moving to another laptop, or backing up, needs both paths)."""
    if not value or ctx.resilient_parsing:
        return
    from .. import settings
    from ..i18n import _
    from ..store.store import resolve_path

    click.echo(f"referee {__version__}")
    click.echo(_("history: {path}").format(path=resolve_path(None)))     # REFEREE_DB, else the default
    click.echo(_("settings: {path}").format(path=settings.path()))
    ctx.exit(0)


def fail(message: str, code: int) -> None:
    from ..core.validate import visible

    # an error may quote what was typed or read from a file: never a control character on the terminal
    message = visible(message.strip(), keep="\n")
    click.echo(f"referee: {message}", err=True)
    sys.exit(code)


def out_json(data) -> None:
    import json

    from ..core.validate import json_visible    # a stored control character travels as \u001b, never raw

    click.echo(json_visible(json.dumps(data, ensure_ascii=False, indent=2)))


def echo_text(text) -> None:
    """A game's own sentence (a prompt, a secret) naming players: printed with no control character raw."""
    from ..core.format import safe

    click.echo(safe(text, multiline=True))


def console(stderr: bool = False):
    from rich.console import Console

    from ..core.format import Guarded

    # emoji=False: a stored ":smile:" is text, not an emoji code (stored text is printed as the text it is);
    # Guarded: no control or text-direction character from stored text reaches the terminal on any path
    return Console(file=Guarded(sys.stderr if stderr else sys.stdout), highlight=False, emoji=False)


def interactive_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def open_store(ctx, recover: bool = True):
    """The history store, with any change a crash left half-done finished first (store/journal.py); `repair`
    opens it without, to put right first what may stop that change from completing."""
    from ..club.log import corrections_journal  # noqa: F401  (the corrections' steps, for a change cut short)
    from ..store import Store
    from ..store.journal import recover_if_pending

    store = Store(ctx.obj.get("db") if ctx.obj else None)
    said = recover_if_pending(store) if recover else ""
    if said:
        click.echo(f"referee: {said}", err=True)
    if store.path.with_name(store.path.name + ".sync").is_dir() and ctx.info_name != "sync":   # sync is on
        from .autosync import auto_sync

        auto_sync(ctx, store)
    return store


def interrupted() -> None:
    """Ctrl-C: exit 130 with a sentence saying what was saved (contracts §1: never a traceback)."""
    from ..i18n import _

    journal = sys.modules.get("referee.store.journal")
    under_way = getattr(journal, "under_way", None)
    if under_way == "import":
        said = _("Interrupted during the import; what it had stored is taken back by the next referee command, "
                 "so nothing of it is kept. Everything confirmed before is saved.")
    elif under_way:
        said = _("Interrupted in the middle of a change to the history; the next referee command completes "
                 "it. Everything confirmed before is saved.")
    else:
        said = _("Interrupted. Everything referee had confirmed is saved, and a change under way was saved "
                 "whole or not at all.")
    try:
        click.echo("", err=True)
        click.echo(f"referee: {said}", err=True)
    except (OSError, KeyboardInterrupt):
        pass
    sys.exit(130)


def parse_options(pairs) -> dict:
    from ..core.errors import BadInput

    options = {}
    for pair in pairs:
        if "=" not in pair:
            raise BadInput(_("Option {pair!r} must be KEY=VALUE, for example -o end=expedition-end.").format(
                pair=pair))
        key, value = pair.split("=", 1)
        options[key.strip()] = value.strip()
    return options


@click.group(cls=RefereeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=lambda ctx, param, value:
              _version(ctx, value), help=i18n.N_("Show the version, and where the history and the settings live."))
@click.option("--db", type=FilePath(), metavar="PATH", envvar="REFEREE_DB", callback=lambda ctx, param, value: _check_db(ctx, value),
              help="The history store (a TinyDB JSON file). Default: the user data directory.")
@click.option("--lang", metavar="cs|en", is_eager=True, expose_value=False,
              callback=lambda ctx, param, value: _choose_language(value),
              help="The language of the screens and messages (also REFEREE_LANG, else the locale). Default: en.")
@click.pass_context
def cli(ctx, db):
    """A referee and scoring assistant for board games played on a real table.

    Games: puerto-rico, el-capitan, carcassonne, port-royal. Start with `referee games`, then
    `referee new GAME -p NAME -p NAME`.
    """
    ctx.ensure_object(dict)
    ctx.obj["db"] = db


def default_location(location):
    """--location, else the settings file's `location` (a club sets it once: `referee config location L`)."""
    if location is not None:
        return location
    from .. import settings

    return settings.get("location")


def _one_player_per_p(players, suffix: str = "") -> None:
    """-p 'Ann,Bob' (or 'Ann=3,Bob=4') as the only -p: several players in one -p are refused naming the way
    to write them (with several -p, a comma is a character a name may not hold, as the game says)."""
    from ..core.errors import BadInput

    if len(players) != 1:
        return
    for p in players:
        parts = [x.strip() for x in str(p).split(",")]
        if len(parts) > 1 and all(parts):
            split = " ".join(f"-p {x}" for x in parts)
            raise BadInput(_("-p {value!r} names several players; give each with its own -p: {split}.").format(
                value=p, split=split))


def _check_date(date):
    if date is None:
        return None
    import datetime as dt

    from ..core.errors import BadInput

    try:
        day = dt.date.fromisoformat(date)
    except ValueError as err:
        if len(date) == 10 and date[4] == "-" and date[7] == "-":
            raise BadInput(_("Date {date!r} is not a day of the calendar ({error}).").format(
                date=date, error=err)) from None
        raise BadInput(_("Date {date!r} is not a date of the form YYYY-MM-DD.").format(date=date)) from None
    if day > dt.date.today() + dt.timedelta(days=1):     # a day's grace for time zones, as record allows
        raise BadInput(_("Date {date} is in the future; give the day the game is played.").format(
            date=day.isoformat()))
    return day.isoformat()


def _open(ctx, gid):
    from .. import session

    store = open_store(ctx)
    return store, session.open_game(store, gid)


def main(argv=None):
    from ..core.console import make_streams_safe

    make_streams_safe()      # a Czech name prints on any console, and never stops a redirected command
    try:
        cli.main(args=argv, prog_name="referee", standalone_mode=True)
    except KeyboardInterrupt:
        interrupted()
    except OSError as err:          # a fault of the computer (disk full, read-only, no locks...), not a bug
        if os.environ.get("REFEREE_DEBUG"):
            raise
        from ..store.faults import advice

        fail(advice(err), EXIT_USAGE)
    except Exception as err:  # pragma: no cover - a bug; still no traceback for the user
        if os.environ.get("REFEREE_DEBUG"):
            raise
        click.echo("referee: " + _("internal error ({kind}: {error}); this is a bug, please report it "
                                   "(set REFEREE_DEBUG=1 for details).").format(kind=type(err).__name__,
                                                                                error=err), err=True)
        sys.exit(EXIT_INTERNAL)
