"""The `referee` command line (contracts §1). Click commands only: parse, call the layers below, print.

Start-up speed matters (`referee --help`, `referee score … --json`): only click is imported here at
module level; everything else is imported inside the command that needs it.
"""

from __future__ import annotations

import importlib
import json
import os
import sys

import click

from . import __version__
from . import i18n
from .i18n import _


def _language_setting():
    from .settings import language_setting     # imported only when a language is first needed

    return language_setting()


i18n.read_setting_with(_language_setting)      # the settings' `language` (i18n, below them, reads none)
from .club.complete import complete_game, complete_game_ref, complete_location, complete_player
from .clitypes import FilePath

# Exit codes (contracts §1): 0 ok, 1 a rule says no, 2 bad usage or input (each error carries its own
# code as exit_code); 3 only for a bug, which still prints a sentence rather than a traceback.
EXIT_USAGE, EXIT_INTERNAL = 2, 3

i18n.install_click()        # click's own texts ("Usage:", its errors) follow --lang too

# Commands whose code lives with the feature that owns it, imported only when invoked.
LAZY_COMMANDS = {
    "record": ("referee.club.commands", "record_command", "Log a finished game that was not tracked."),
    "history": ("referee.club.commands", "history_command", "List past games, newest first."),
    "stats": ("referee.club.commands", "stats_command", "Player and game statistics, ratings."),
    "export": ("referee.club.commands", "export_command", "Export the history (JSON, CSV, BGG XML)."),
    "import": ("referee.club.commands", "import_command", "Import a history file (JSON, CSV, BGG XML)."),
    "qr": ("referee.club.commands", "qr_command", "A QR code of a finished game's result."),
    "replay": ("referee.club.commands", "replay_command", "Step through a tracked game's moves."),
    "abandon": ("referee.club.commands", "abandon_command", "Stop tracking a game in progress (its file is kept)."),
    "edit": ("referee.club.corrections_cli", "edit_command", "Correct a logged play (date, place, notes, scores)."),
    "delete": ("referee.club.corrections_cli", "delete_command", "Move a logged play to the trash."),
    "trash": ("referee.club.corrections_cli", "trash_command", "List the plays in the trash."),
    "restore": ("referee.club.corrections_cli", "restore_command", "Bring a play back from the trash."),
    "players": ("referee.club.corrections_cli", "players_command", "The club's players; rename or merge them."),
    "site": ("referee.club.site.command", "site_command", "Publish the history as a static web site."),
    "board": ("referee.games.el_capitan.wizard", "board_command", "Enter your El Capitan board's printed numbers."),
    "config": ("referee.settings_command", "config_command", "Show or set the settings: defaults a club sets once."),
}


def _lazy_available(module: str) -> bool:
    """Whether a lazy command's module is installed, without importing it (or its parent packages)."""
    from pathlib import Path

    base = Path(__file__).resolve().parent.parent.joinpath(*module.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


class RefereeGroup(click.Group):
    """A group that loads feature commands lazily and turns every error into one sentence + exit code.
    Its commands show their --help in the chosen language (helptext.TranslatingContext)."""

    from .helptext import TranslatingCommand as command_class, TranslatingContext as context_class

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
            from .helptext import TranslatingContext

            cmd.context_class = TranslatingContext      # its --help in the chosen language too
        return cmd

    def lazy_short_helps(self) -> list[str]:
        """The short help of every lazily loaded command, as msgids (helptext.texts lists them)."""
        return [short for _mod, _attr, short in LAZY_COMMANDS.values()]

    def format_commands(self, ctx, formatter):
        # Short help for lazy commands without importing them (keeps --help fast).
        from .helptext import short_help

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
        from .core.errors import RefereeError

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
        from .core.validate import visible

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
    from . import settings
    from .i18n import _
    from .store.store import resolve_path

    click.echo(f"referee {__version__}")
    click.echo(_("history: {path}").format(path=resolve_path(None)))     # REFEREE_DB, else the default
    click.echo(_("settings: {path}").format(path=settings.path()))
    ctx.exit(0)


def fail(message: str, code: int) -> None:
    from .core.validate import visible

    # an error may quote what was typed or read from a file: never a control character on the terminal
    message = visible(message.strip(), keep="\n")
    click.echo(f"referee: {message}", err=True)
    sys.exit(code)


def out_json(data) -> None:
    from .core.validate import json_visible    # a stored control character travels as \u001b, never raw

    click.echo(json_visible(json.dumps(data, ensure_ascii=False, indent=2)))


def echo_text(text) -> None:
    """A game's own sentence (a prompt, a secret) naming players: printed with no control character raw."""
    from .ui.format import safe

    click.echo(safe(text, multiline=True))


def console(stderr: bool = False):
    from rich.console import Console

    from .ui.format import Guarded

    # emoji=False: a stored ":smile:" is text, not an emoji code (stored text is printed as the text it is);
    # Guarded: no control or text-direction character from stored text reaches the terminal on any path
    return Console(file=Guarded(sys.stderr if stderr else sys.stdout), highlight=False, emoji=False)


def interactive_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def open_store(ctx, recover: bool = True):
    """The history store, with any change a crash left half-done finished first (store/journal.py); `repair`
    opens it without, to put right first what may stop that change from completing."""
    from .club.log import corrections_journal  # noqa: F401  (the corrections' steps, for a change cut short)
    from .store import Store
    from .store.journal import recover_if_pending

    store = Store(ctx.obj.get("db") if ctx.obj else None)
    said = recover_if_pending(store) if recover else ""
    if said:
        click.echo(f"referee: {said}", err=True)
    return store


def interrupted() -> None:
    """Ctrl-C: exit 130 with a sentence saying what was saved (contracts §1: never a traceback)."""
    from .i18n import _

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
    from .core.errors import BadInput

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


@cli.command("games")
@click.argument("game", required=False, shell_complete=complete_game)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def games_command(game, as_json):
    """List the supported games, player counts and options; with GAME, that game's options explained."""
    import referee

    if game:
        _one_game(game, as_json)
        return
    data = referee.available_games()
    if as_json:
        out_json(data)
        return
    import textwrap

    for g in data:
        lo, hi = g["players"]
        click.echo(f"{g['id']:<12} {g['name']:<14} " + _("{lo}-{hi} players").format(lo=lo, hi=hi))
        opts = "  ".join(f"{k}={_fmt_value(v)}" for k, v in g["options"].items()) or _("no options")
        label = _("options:")
        click.echo(textwrap.fill(opts, width=_text_width(), initial_indent=f"    {label} ",
                                 subsequent_indent=" " * (5 + len(label)), break_on_hyphens=False))
    click.echo(_("`referee games GAME` explains a game's options; give them to `referee new` as -o NAME=VALUE."))


def _option_values(o) -> list[str]:
    if isinstance(o.default, bool):
        return [_fmt_value(True), _fmt_value(False)]
    if o.choices:
        return [str(c) for c in o.choices]
    return []


def _one_game(game, as_json):
    """`referee games GAME`: the players and every option with what it means and the values it takes."""
    import importlib
    import textwrap

    from .core.registry import GAMES, get_rules, resolve_game_id

    gid = resolve_game_id(game)
    info = getattr(importlib.import_module(GAMES[gid][0]), "info", None)
    if info is not None:
        name, lo, hi, options = info.NAME, info.MIN_PLAYERS, info.MAX_PLAYERS, info.OPTIONS
    else:
        r = get_rules(gid)
        name, lo, hi, options = r.name, r.min_players, r.max_players, r.options
    if as_json:
        out_json({"id": gid, "name": name, "players": [lo, hi],
                  "options": [{"name": o.name, "default": o.default, "values": list(o.choices) if o.choices else
                               ([True, False] if isinstance(o.default, bool) else None),
                               "description": _(o.help) if o.help else ""} for o in options]})
        return
    click.echo(f"{name} ({gid}): " + _("{lo}-{hi} players").format(lo=lo, hi=hi))
    if not options:
        click.echo(_("No options."))
        return
    click.echo(_("Options (give them to `referee new` as -o NAME=VALUE):"))
    for o in options:
        values = _option_values(o)
        if values:
            head = _("{name}: one of {values}; default {default}").format(
                name=o.name, values=", ".join(values), default=_fmt_value(o.default))
        elif o.default in ("", None):
            head = _("{name}: no default").format(name=o.name)
        else:
            head = _("{name}: default {default}").format(name=o.name, default=_fmt_value(o.default))
        click.echo()
        click.echo(textwrap.fill(head, width=78, initial_indent="  ", subsequent_indent="      "))
        if o.help:
            click.echo(textwrap.fill(_(o.help), width=78, initial_indent="      ", subsequent_indent="      "))
    click.echo()
    click.echo(_("Rules: `referee rules {id}`.").format(id=gid))


@cli.command("rules")
@click.argument("game", shell_complete=complete_game)
@click.argument("words", nargs=-1)
def rules_command(game, words):
    """The game's numbered rules reference, in the chosen language.

    With a label as a refusal cites it (T8, 5.7 K4, D4c/R10): that rule. With words (kapitán, captain
    load): the rules that mention them all, in English or Czech, diacritics optional. Without either:
    the whole reference. Each rule names the section of the Czech rulebook it comes from.
    """
    from . import rules_ref
    from .core.errors import BadInput
    from .core.registry import GAMES, resolve_game_id

    gid = resolve_game_id(game)
    name = GAMES[gid][1]
    query = " ".join(words).strip()
    if not query:
        click.echo(rules_ref.text(gid, i18n.language()).rstrip())
        return
    if rules_ref.looks_like_label(query):
        found = rules_ref.find(gid, query)
        if not found:
            near = rules_ref.nearest(gid, query)
            raise BadInput(_("The {game} rules have no rule {label}; the nearest labels are {near}.").format(
                game=name, label=query, near=", ".join(near)) if near else
                _("The {game} rules have no rule {label}.").format(game=name, label=query))
    else:
        found = rules_ref.search(gid, query)
        if not found:
            raise BadInput(_("No rule of {game} mentions {words!r}; try fewer words, or `referee rules {id}` "
                             "for the whole reference.").format(game=name, words=query, id=gid))
    for i, rule in enumerate(found):
        if i:
            click.echo()
        click.echo(f"[{rule.label}] {rule.section}")
        click.echo(rule.render())


def _text_width() -> int:
    """Prose is wrapped at the terminal's width (COLUMNS when piped), never at a fixed one."""
    import shutil

    return max(40, shutil.get_terminal_size().columns - 1)


def _fmt_value(v):
    if isinstance(v, bool):
        return "on" if v else "off"     # what -o accepts, in any language: not translated
    return str(v)


@cli.command("new")
@click.argument("game", shell_complete=complete_game)
@click.option("-p", "--player", "players", multiple=True, metavar="NAME", shell_complete=complete_player,
              help="A player, in seating order from the start player (repeat for each).")
@click.option("-o", "--option", "options", multiple=True, metavar="KEY=VALUE", help="A game option.")
@click.option("--date", default=None, help="The date played (YYYY-MM-DD); default today.")
@click.option("--location", default=None, shell_complete=complete_location,
              help="Where the game is played (default: the settings' location, `referee config location`).")
@click.option("--json", "as_json", is_flag=True, help="Print {\"id\": …} and do not start the table.")
@click.pass_context
def new_command(ctx, game, players, options, date, location, as_json):
    """Start a tracked game and print its id; on a terminal, open the table."""
    from . import session
    from .core import validate

    date = _check_date(date)
    location = validate.location(default_location(location))
    store = open_store(ctx)
    _one_player_per_p(players)
    # One check for every name typed or imported: runs of spaces collapse ('Ann  Lee' and 'ann lee' are one
    # player), and a line break, control or look-alike letter is refused.
    players = [validate.player_name(p) for p in players]
    from .club.log.corrections import confirm_names

    players = confirm_names(store, players, interactive=sys.stdin.isatty() and sys.stdout.isatty() and not as_json)
    tracked = session.create(store, game, players, parse_options(options), date=date,
                             location=location)
    if as_json:
        out_json({"id": tracked.id})
        return
    click.echo(tracked.id)
    if interactive_terminal():
        from .ui.table import run_table

        sys.exit(run_table(store, tracked))


def default_location(location):
    """--location, else the settings file's `location` (a club sets it once: `referee config location L`)."""
    if location is not None:
        return location
    from . import settings

    return settings.get("location")


def _one_player_per_p(players, suffix: str = "") -> None:
    """-p 'Ann,Bob' (or 'Ann=3,Bob=4') as the only -p: several players in one -p are refused naming the way
    to write them (with several -p, a comma is a character a name may not hold, as the game says)."""
    from .core.errors import BadInput

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

    from .core.errors import BadInput

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
    from . import session

    store = open_store(ctx)
    return store, session.open_game(store, gid)


@cli.command("play")
@click.argument("game_id", required=False, shell_complete=complete_game_ref)
@click.pass_context
def play_command(ctx, game_id):
    """The interactive table for a game (default: the most recent unfinished one).

    On a terminal of at least 80x24 the table fills the screen: status line with the game clock, the board
    fitted to the window, a log of the last entries, the preview of what is typed, the prompt (Enter alone
    plays the move it shows). Besides moves: help, moves, board, undo [N], record, quit, and secret NAME (or
    vp NAME), which shows what only that player may see, such as Puerto Rico's face-down VP chips, until a
    key hides it; it never enters the board, the record or the move log. Tab completes moves, commands and,
    after secret, the player names. A player's name may lead a move, as said at the table ('bob take
    corn'); it is refused when it is not that player's move. A refused entry stays in the line. Ctrl-D on
    an empty line leaves. A smaller terminal gets the line-by-line table.

    With stdin not a terminal, reads one move per line and stops at the first refused one; the
    table commands are understood there too (undo [N], secret NAME, moves, board, help, record, quit).
    """
    from . import session
    from .core.errors import BadInput

    store = open_store(ctx)
    if game_id:
        tracked = session.open_game(store, game_id)
    else:
        tracked = session.latest_unfinished(store)
        if tracked is None:
            raise BadInput(_("There is no unfinished game; start one with `referee new GAME -p NAME -p NAME`."))
    if sys.stdin.isatty():
        from .ui.table import run_table

        sys.exit(run_table(store, tracked))
    from .ui.lines import run_lines

    sys.exit(run_lines(store, tracked, sys.stdin))


@cli.command("move")
@click.argument("game_id", shell_complete=complete_game_ref)
@click.argument("moves", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the moves applied and the new state.")
@click.pass_context
def move_command(ctx, game_id, moves, as_json):
    """Apply moves in order; each applied move is stored before the command returns."""
    from . import session
    from .core.errors import RefereeError

    store, tracked = _open(ctx, game_id)
    applied, events, error = [], [], None
    for text in moves:
        try:
            applied.append(session.play(store, tracked, text))
            events.append(tracked.game.events())
        except RefereeError as err:
            error = err
            break
    if as_json:
        out_json({"id": tracked.id,
                  "applied": [{**m.to_dict(), "events": ev} for m, ev in zip(applied, events)],
                  "error": str(error) if error else None, **_state_json(tracked)})
    else:
        from .ui.format import move_line

        for m, ev in zip(applied, events):
            click.echo(move_line(m, ev, tracked.game))
        if tracked.game.finished:
            click.echo(_result_line(tracked.game.result()))
        elif not error:
            echo_text(tracked.game.prompt())
    if error:
        fail(f"{error}" if not applied else _("{error} ({n} earlier move(s) were stored)").format(
            error=error, n=len(applied)),
             error.exit_code)


@cli.command("moves")
@click.argument("game_id", shell_complete=complete_game_ref)
@click.option("--json", "as_json", is_flag=True, help="[{text, label, player, chance}] on stdout.")
@click.pass_context
def moves_command(ctx, game_id, as_json):
    """The legal moves now."""
    from .core.labels import of

    _gid, tracked = _open(ctx, game_id)
    legal = tracked.game.legal_moves()
    if as_json:
        # `label`: the move as the display language says it (what the table shows); `text` stays canonical
        out_json([{"text": m.text, "label": of(tracked.game, m), "player": m.player, "chance": m.chance}
                  for m in legal])
        return
    if not legal:
        click.echo(_("The game is over.") if tracked.game.finished else _("No legal moves."))
        return
    echo_text(tracked.game.prompt())
    from .ui.format import group_moves

    for line in group_moves(legal, width=_text_width(), game=tracked.game):
        click.echo(line)


def _state_json(tracked) -> dict:
    game = tracked.game
    res = game.result()
    return {"game": game.game, "players": game.players, "options": game.options, "date": game.date,
            "location": (tracked.doc or {}).get("location"), "finished": game.finished, "to_move": game.to_move, "moves": game.moves,
            "prompt": game.prompt(), "result": res.to_dict() if res else None, "state": game.view()}


@cli.command("show")
@click.argument("game_id", required=False, shell_complete=complete_game_ref)
@click.option("--json", "as_json", is_flag=True, help="The table state as JSON.")
@click.option("--record", "as_record", is_flag=True, help="Print the game record (header + moves).")
@click.option("--secret", "secret_for", metavar="NAME", shell_complete=complete_player,
              help="Only what player NAME (or a unique start of it) may see, such as face-down VP chips; "
                   "with --json: {\"id\", \"game\", \"player\", \"secret\"} (secret null: the game has none).")
@click.pass_context
def show_command(ctx, game_id, as_json, as_record, secret_for):
    """Show a game: the table now, or a past game's result and breakdown (default: the most recent
    unfinished game)."""
    from . import session
    from .core.errors import BadInput

    if secret_for is not None and as_record:
        raise BadInput(_("--secret and --record cannot be combined; ask for one of them."))
    store = open_store(ctx)
    if not game_id:
        live = store.live_docs()
        if not live:
            raise BadInput(_("There is no unfinished game; give a game id (`referee history` lists them)."))
        game_id = live[0]["id"]
    gid, where = store.resolve(game_id)
    if where == "archive":
        doc = store.get_archived(gid)
        if not doc.get("has_record"):
            if secret_for is not None:
                raise BadInput(_("Game {id} was logged with its result only; it has no secrets to show.").format(
                    id=gid))
            _show_logged(doc, as_json, as_record)
            return
    tracked = session.open_game(store, gid)
    if secret_for is not None:
        from .ui.table import secret_of

        player, text = secret_of(tracked.game, secret_for)
        if as_json:
            out_json({"id": tracked.id, "game": tracked.game.game, "player": player,
                      "secret": text if player else None})
        else:
            echo_text(text)
        return
    if as_record:
        from .ui.format import safe

        click.echo(safe(tracked.game.to_record(id=tracked.id), multiline=True), nl=False)
        return
    if as_json:
        out_json({"id": tracked.id, **_state_json(tracked)})
        return
    from .ui.show import show_board

    show_board(console(), tracked)


def _show_logged(doc, as_json, as_record):
    from .core.errors import BadInput

    if as_record:
        raise BadInput(_("Game {id} was logged without its moves; it has no record.").format(id=doc["id"]))
    if as_json:
        out_json({"id": doc["id"], "game": doc["game"], "players": doc["players"], "finished": True,
                  "to_move": None, "moves": [], "result": doc.get("result"), "date": doc.get("date"),
                  "location": doc.get("location"), "notes": doc.get("notes"), "source": doc.get("source")})
        return
    from scoring import Result

    from .ui.format import plain, result_table

    c = console()
    c.print(plain(doc["game"], style="bold"),
            plain(f"{doc['id']}  {doc.get('date') or ''}  {doc.get('location') or ''}"))
    if doc.get("result"):
        c.print(result_table(Result.from_dict(doc["result"])))


def _result_line(result) -> str:
    if result is None:
        return _("The game is over.")
    from .i18n import ngettext
    from .ui.format import safe

    names = result.winners[0] if result.winners else _("nobody")
    for winner in result.winners[1:]:
        names = _("{names} and {name}").format(names=names, name=winner)
    over = ngettext("The game is over: {names} wins.", "The game is over: {names} win.",
                    len(result.winners)).format(names=names)
    return safe(over + " " + ", ".join(f"{e.rank}. {e.player} {e.total}" for e in result.ranking))


@cli.command("undo")
@click.argument("game_id", shell_complete=complete_game_ref)
@click.option("-n", "count", default=1, show_default=True, type=click.IntRange(min=1),
              help="How many moves to take back (chance events included).")
@click.option("--reopen", is_flag=True,
              help="Needed to take back moves of a finished game: it leaves the history (and the statistics) "
                   "until it is finished again.")
@click.pass_context
def undo_command(ctx, game_id, count, reopen):
    """Take back the last N moves."""
    from . import session

    store, tracked = _open(ctx, game_id)
    dropped = session.undo(store, tracked, count, reopen=reopen)
    click.echo(_("Took back: {moves}").format(moves=", ".join(m.text for m in reversed(dropped))))
    echo_text(tracked.game.prompt())


@cli.command("score")
@click.argument("game", shell_complete=complete_game)
@click.argument("source", required=False, metavar="[FILE or -]", type=FilePath(allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="The result as JSON on stdout.")
@click.option("--template", is_flag=True, help="Print a filled-in example input for GAME.")
@click.option("--record", "record", is_flag=True,
              help="Also log the result in the history, with its breakdown (El Capitan: the third payday, "
                   "with money).")
@click.option("--date", default=None, metavar="YYYY-MM-DD", help="With --record: the day played; default today.")
@click.option("--location", default=None, shell_complete=complete_location,
              help="With --record: where it was played (default: the settings' location).")
@click.option("--notes", default=None, help="With --record: a free-text note.")
@click.pass_context
def score_command(ctx, game, source, as_json, template, record, date, location, notes):
    """Final-scoring calculator: from a JSON/TOML file, stdin (-), or guided prompts on a terminal.

    With --record the result also enters the club's history (as `referee record` would log it, but with
    the whole breakdown and tie-break), and the id is told on stderr."""
    from .calculator import run
    from .core.errors import BadInput

    if not record and (date or location or notes):
        raise BadInput(_("--date, --location and --notes describe the game --record logs; add --record."))
    if record and template:
        raise BadInput(_("--template prints an example input; it has no result to --record."))
    date = _check_date(date)
    keep = None
    if record:
        from .core import validate

        location, notes = validate.location(default_location(location)), validate.notes(notes)
        store = open_store(ctx)
        # What the write will touch is checked before the questions, not after them, and nothing more (reading
        # every game cost seconds at 100,000): the store's root, and the one shard of the id the game takes.
        planned = store.new_id()
        store.get_archived(planned)

        def keep(data, result):
            from .club.log.record import scored_doc

            doc = scored_doc(result.game, data, result, date=date, location=location, notes=notes)
            gid = planned if store.get_archived(planned) is None else None   # taken meanwhile: a new one
            gid = store.add_archived([{**doc, "id": gid} if gid else doc])[0]
            return _("Recorded game {id} in the history (`referee show {id}`).").format(id=gid)

    sys.exit(run(game, source, as_json=as_json, template=template, keep=keep) or 0)


@cli.command("repair")
@click.option("--restore", is_flag=True, help="Put the last good backup back in place (of a damaged file of the "
                                               "finished games: that file's own last good copy).")
@click.option("--reset", is_flag=True, help="Move a damaged store aside and start an empty one; the files of the "
                                             "finished games that are sound are kept (a damaged one alone is set "
                                             "aside).")
@click.option("--set-aside", "set_aside", is_flag=True,
              help="Move damaged games aside: games in progress that cannot be opened (their files are kept) "
                   "and finished games with damaged fields (kept in a file `referee import` reads).")
@click.pass_context
def repair_command(ctx, restore, reset, set_aside):
    """Check the history store and the games in progress; restore the backup, start afresh, or set
    damaged games aside. Nothing is deleted: a damaged file is kept next to where it was.

    A finished tracked game whose move record is kept but which the history has lost (a backup is one
    write behind) is replayed from its record and entered again, by every form of repair."""
    from .club.log.repair import repair

    click.echo(repair(open_store(ctx, recover=False), restore=restore, reset=reset, set_aside=set_aside))


def main(argv=None):
    from .core.console import make_streams_safe

    make_streams_safe()      # a Czech name prints on any console, and never stops a redirected command
    try:
        cli.main(args=argv, prog_name="referee", standalone_mode=True)
    except KeyboardInterrupt:
        interrupted()
    except OSError as err:          # a fault of the computer (disk full, read-only, no locks...), not a bug
        if os.environ.get("REFEREE_DEBUG"):
            raise
        from .store.faults import advice

        fail(advice(err), EXIT_USAGE)
    except Exception as err:  # pragma: no cover - a bug; still no traceback for the user
        if os.environ.get("REFEREE_DEBUG"):
            raise
        click.echo("referee: " + _("internal error ({kind}: {error}); this is a bug, please report it "
                                   "(set REFEREE_DEBUG=1 for details).").format(kind=type(err).__name__,
                                                                                error=err), err=True)
        sys.exit(EXIT_INTERNAL)
