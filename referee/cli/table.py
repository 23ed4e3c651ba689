"""The table's commands: games, rules, new, play, move, moves, show, undo."""

from __future__ import annotations

import sys

import click

from .. import i18n
from ..club.complete import complete_game, complete_game_ref, complete_location, complete_player
from ..i18n import _
from .base import (_check_date, _one_player_per_p, _open, cli, console, default_location, echo_text, fail,
                   interactive_terminal, open_store, out_json, parse_options)


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

    from ..core.registry import GAMES, get_rules, resolve_game_id

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
    from .. import rules_ref
    from ..core.errors import BadInput
    from ..core.registry import GAMES, resolve_game_id

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
    from ..core.console import terminal_size     # shutil's answer without importing shutil

    return max(40, terminal_size().columns - 1)


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
    from .. import session
    from ..core import validate

    date = _check_date(date)
    location = validate.location(default_location(location))
    store = open_store(ctx)
    _one_player_per_p(players)
    # One check for every name typed or imported: runs of spaces collapse ('Ann  Lee' and 'ann lee' are one
    # player), and a line break, control or look-alike letter is refused.
    players = [validate.player_name(p) for p in players]
    from ..club.log.corrections import confirm_names

    players = confirm_names(store, players, interactive=sys.stdin.isatty() and sys.stdout.isatty() and not as_json)
    tracked = session.create(store, game, players, parse_options(options), date=date,
                             location=location)
    if as_json:
        out_json({"id": tracked.id})
        return
    click.echo(tracked.id)
    if interactive_terminal():
        from ..ui.table import run_table

        from ..ui import serving

        serving.provide(_serve_backend)
        sys.exit(run_table(store, tracked))


@cli.command("play")
@click.argument("game_id", required=False, shell_complete=complete_game_ref)
@click.option("--serve", "serve", is_flag=True,
              help="Also let every player enter moves from their phone (as `referee serve`, in this process).")
@click.pass_context
def play_command(ctx, game_id, serve):
    """The interactive table for a game (default: the most recent unfinished one).

    On a terminal of at least 80x24 the table fills the screen: status line with the game clock, the board
    fitted to the window, a log of the last entries, the preview of what is typed, the prompt (Enter alone
    plays the move it shows). Besides moves: help, moves, board, undo [N], record, quit, and secret NAME (or
    vp NAME), which shows what only that player may see, such as Puerto Rico's face-down VP chips, until a
    key hides it; it never enters the board, the record or the move log. Tab completes moves, commands and,
    after secret, the player names. A player's name may lead a move, as said at the table ('bob take
    corn'); it is refused when it is not that player's move. A refused entry stays in the line. F1 opens
    the help, F2 the moves pane: the legal moves, and in full what the rows under the board cut short (they
    end with "… F2 shows all"); Esc closes a pane. Ctrl-D on an empty line leaves. A smaller terminal gets
    the line-by-line table.

    With --serve (or the command serve at the table) phones join as with `referee serve`: the table shows
    the join address and its QR code, says who takes which seat, and moves from phones and from the table
    reach every screen at once; serve release NAME, serve allow/deny [N] answer for the laptop.

    With stdin not a terminal, reads one move per line and stops at the first refused one; the
    table commands are understood there too (undo [N], secret NAME, moves, board, help, record, quit).
    """
    from .. import session
    from ..core.errors import BadInput

    store = open_store(ctx)
    if game_id:
        tracked = session.open_game(store, game_id)
    else:
        tracked = session.latest_unfinished(store)
        if tracked is None:
            raise BadInput(_("There is no unfinished game; start one with `referee new GAME -p NAME -p NAME`."))
    if sys.stdin.isatty():
        from ..ui.table import run_table

        from ..ui import serving

        serving.provide(_serve_backend)
        sys.exit(run_table(store, tracked, serve=serve))
    if serve:
        raise BadInput(_("--serve needs the full-screen table in a terminal; to serve phones beside piped "
                         "moves, run `referee serve {id}` in another window.").format(id=tracked.id))
    from ..ui.lines import run_lines

    sys.exit(run_lines(store, tracked, sys.stdin))


@cli.command("move")
@click.argument("game_id", shell_complete=complete_game_ref)
@click.argument("moves", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the moves applied and the new state.")
@click.pass_context
def move_command(ctx, game_id, moves, as_json):
    """Apply moves in order; each applied move is stored before the command returns."""
    from .. import session
    from ..core.errors import RefereeError

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
        from ..core.format import move_line

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
    from ..core.labels import of

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
    from ..core.format import group_moves

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
    from .. import session
    from ..core.errors import BadInput

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
        from ..ui.table import secret_of

        player, text = secret_of(tracked.game, secret_for)
        if as_json:
            out_json({"id": tracked.id, "game": tracked.game.game, "player": player,
                      "secret": text if player else None})
        else:
            echo_text(text)
        return
    if as_record:
        from ..core.format import safe

        click.echo(safe(tracked.game.to_record(id=tracked.id), multiline=True), nl=False)
        return
    if as_json:
        out_json({"id": tracked.id, **_state_json(tracked)})
        return
    from ..ui.show import show_board

    show_board(console(), tracked)


def _show_logged(doc, as_json, as_record):
    from ..core.errors import BadInput

    if as_record:
        raise BadInput(_("Game {id} was logged without its moves; it has no record.").format(id=doc["id"]))
    if as_json:
        out_json({"id": doc["id"], "game": doc["game"], "players": doc["players"], "finished": True,
                  "to_move": None, "moves": [], "result": doc.get("result"), "date": doc.get("date"),
                  "location": doc.get("location"), "notes": doc.get("notes"), "source": doc.get("source")})
        return
    from scoring import Result

    from ..core.format import plain, result_table

    c = console()
    c.print(plain(doc["game"], style="bold"),
            plain(f"{doc['id']}  {doc.get('date') or ''}  {doc.get('location') or ''}"))
    if doc.get("result"):
        c.print(result_table(Result.from_dict(doc["result"])))


def _result_line(result) -> str:
    if result is None:
        return _("The game is over.")
    from ..i18n import ngettext
    from ..core.format import safe

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
    from .. import session

    store, tracked = _open(ctx, game_id)
    dropped = session.undo(store, tracked, count, reopen=reopen)
    click.echo(_("Took back: {moves}").format(moves=", ".join(m.text for m in reversed(dropped))))
    echo_text(tracked.game.prompt())


def _serve_backend():
    """What the table's `serve` needs of referee serve, loaded when the table first serves."""
    from ..serve.console import Console
    from ..serve.run import DEFAULT_PORT, Served

    return Served, Console, DEFAULT_PORT
