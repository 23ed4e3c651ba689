"""The history in and out: `referee export`, `import`, `qr`. Loaded lazily."""

from __future__ import annotations

import sys

import click

from ..clitypes import FilePath
from ..i18n import _, ngettext
from ..club.complete import complete_finished_ref
from .clubbase import _FORMATS, _bad, _cli, _echo, _filter_options, _load


@click.command("export")
@click.argument("file", required=False, type=FilePath(dir_okay=False, allow_dash=True), metavar="[FILE or -]")
@click.option("--format", "-f", "fmt", type=_FORMATS, default=None,
              help="json (full fidelity, with move records), csv (one row per play and player) or bgg (BGG play "
                   "XML). Default: from FILE's extension (.json, .csv, .xml), else json.")
@click.option("--excel", is_flag=True, help="CSV for a spreadsheet in a Czech (or any comma-decimal) locale: UTF-8 "
                                          "with a BOM and ; between cells, so Excel opens it in columns with every "
                                          "letter right.")
@click.option("--bgstats", "to_bgstats", is_flag=True, help="A BG Stats backup (BGStatsExport.json) of the plays, "
                                                          "for BG Stats or another referee.")
@_filter_options
@click.pass_context
def export_command(ctx, file, fmt, excel, to_bgstats, game, player, since, until, location):
    """Export the history (or the games the filters select).

    json: {"format": "referee-history", "version": 1, "games": [...]}: every stored field and the move record of tracked games; `referee import` restores it exactly.

    csv:  date, game, id, location, duration, player, score, rank, win, start_position, colour, players, source, notes: one row per play and player.

    bgg:  <plays><play id date length location><item name objectid/><players><player name startposition color score new win/>...: the shape of BoardGameGeek's /plays response, readable by BGG readers.

    bgstats: a BG Stats backup of many plays (games, players, locations, plays); also --bgstats.

    Every CSV cell a spreadsheet would take for a formula (= + - @) is written as text; --excel writes
    UTF-8 with a BOM and ; for a Czech Excel.
    """
    from ..club.formats.export import export_bgg, format_from_path

    fmt = "bgstats" if to_bgstats else (fmt or ("csv" if excel else None) or format_from_path(file) or "json").lower()
    # JSON and CSV are chosen from the summaries and written as they are read (export_stream.py): never
    # every document in memory at once
    to_file = bool(file) and file != "-"
    store, _docs, _filters, rows = _load(ctx, game, player, since, until, location, newest_first=False,
                                         full=fmt not in ("json", "csv"))
    if excel and fmt != "csv":
        raise _bad(_("--excel writes CSV; give a .csv file (or --format csv)."))
    if fmt == "qr":
        raise _bad(_("{file} ends in .txt; export writes json, csv or bgg (.json, .csv, .xml); `referee qr ID` "
                     "gives one game's QR text.").format(file=file))
    if fmt == "json":
        from ..club.log.history import make_filters, select

        live = store.live_docs()
        live = select(live, make_filters(rows or live, game=game, player=player, since=since, until=until,
                                         location=location)) if live else []
        if to_file:
            return _export_file(store, rows, file, "json", live=live)
        from ..club.formats.export_stream import json_lines

        for line in json_lines(store, rows, live):
            click.echo(line)
        return
    elif fmt == "csv" and to_file:
        return _export_file(store, rows, file, "csv", excel=excel)
    elif fmt == "csv":
        from ..club.formats.export_stream import csv_chunks

        to_person = sys.stdout.isatty()
        for chunk in csv_chunks(store, rows, excel):
            if to_person:       # not a pipe: no control character raw
                from ..core.format import safe

                chunk = safe(chunk, multiline=True)
            click.echo(chunk, nl=False)
        return
    elif fmt == "bgstats":
        from ..club.formats.export import export_bgstats

        text = export_bgstats(rows)
    else:
        text = export_bgg(rows)
    if not file or file == "-":
        if fmt != "json" and sys.stdout.isatty():     # to a person, not a pipe: no control character raw
            from ..core.format import safe

            text = safe(text, multiline=True)
        click.echo(text, nl=False)
        return
    from pathlib import Path

    from ..store.atomic import atomic_write

    if _is_store_file(store, Path(file)):
        raise _bad(_("{file} is a file of the history store itself; exporting onto it would overwrite the "
                     "history. Give another file name.").format(file=file))
    try:
        atomic_write(Path(file), text.encode("utf-8"))
    except OSError as err:
        raise _bad(_("Cannot write {file}: {error}.").format(file=file, error=err.strerror or err)) from None
    click.echo(ngettext("Exported {n} game to {file} ({format}).", "Exported {n} games to {file} ({format}).",
                        len(rows)).format(n=len(rows), file=file, format=fmt), err=True)


def _export_file(store, rows, file, fmt, live=(), excel=False) -> None:
    """JSON and CSV to a file: written as the games are read (export_stream.py), never all in memory."""
    from pathlib import Path

    from ..club.formats.export_stream import write_csv, write_json

    if _is_store_file(store, Path(file)):
        raise _bad(_("{file} is a file of the history store itself; exporting onto it would overwrite the "
                     "history. Give another file name.").format(file=file))
    try:
        if fmt == "json":
            write_json(store, rows, Path(file), live)
        else:
            write_csv(store, rows, Path(file), excel)
    except OSError as err:
        raise _bad(_("Cannot write {file}: {error}.").format(file=file, error=err.strerror or err)) from None
    click.echo(ngettext("Exported {n} game to {file} ({format}).", "Exported {n} games to {file} ({format}).",
                        len(rows)).format(n=len(rows), file=file, format=fmt), err=True)


def _is_store_file(store, path) -> bool:
    """Whether ``path`` is (or would replace) one of the store's own files: the archive, its backup, lock or
    journal, or a file in its folders of games in progress and move records (through links too)."""
    import os

    from ..store.own import owned_by_store

    if owned_by_store(store, path):     # any of its files or folders, present or future (store/own.py)
        return True
    own = [store.path, store.backup_path, store.lock.path, store.path.with_name(store.path.name + ".journal")]
    try:
        target = path.resolve()
        if any(target == p.resolve() for p in own):
            return True
        if any(p.exists() and path.exists() and os.path.samefile(path, p) for p in own):
            return True
        return any(d.resolve() in target.parents for d in (store.live_dir, store.records_dir))
    except (OSError, RuntimeError):
        return False


# --- import -----------------------------------------------------------------------------------------
@click.command("import")
@click.argument("file", required=False, type=FilePath(dir_okay=False, allow_dash=True), metavar="[FILE or -]")
@click.option("--format", "-f", "fmt", type=click.Choice(["json", "csv", "bgg", "qr"], case_sensitive=False),
              default=None, help="Default: from the extension (.json, .csv, .xml, .txt for QR text), else from "
                                 "the content.")
@click.option("--qr-text", default=None, metavar="TEXT", help="Import one result from the text of a referee QR code.")
@click.option("--dry-run", is_flag=True, help="Check the file and say what would be imported; store nothing.")
@click.option("--verbose", "-v", is_flag=True, help="List every skipped play under its reason.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_context
def import_command(ctx, file, fmt, qr_text, dry_run, verbose, as_json):
    """Import games from a referee JSON export, a CSV, a BGG play XML file (saved /xmlapi2/plays pages), a BG
    Stats backup (BGStatsExport.json) or a referee QR text.

    BGG and BG Stats files: every play the history can hold is imported (any game: the four by their rules,
    others by title); a play that cannot be used (neither scores nor a winner, a score that is not a number,
    several plays logged as one, ...) is skipped, and the summary says why, one line per reason (--verbose lists the
    plays). A play is its identity (BG Stats uuid, BGG play id, referee id): imported again it adds
    nothing, and what changed at its source since is merged with the club's own corrections (the club
    wins; a deleted play stays deleted). A referee export, CSV or QR text is checked whole first: one bad
    line or field and nothing from it is imported. Plays that look alike (same game, day and scores) but
    have identities of their own are all imported and listed as possible duplicates; only a play without
    any id (a CSV row) is taken for a stored play of the same content, and the report says so. CSV needs the columns date, game, player, score (optional: id, location, duration, rank, win,
    start_position, colour, notes); rows of one play share an id, or follow each other with the same date,
    game and location. A field that cannot be true (a length of over a week) is left out of its play, and said.
    A .txt file may hold several QR texts (`referee qr ID --text`), one after another.
    """
    from ..club.log.importer import import_into, parse, parse_json_file

    if qr_text is not None and file:
        raise _bad(_("Give either FILE or --qr-text, not both."))
    parsed, name = None, file
    if qr_text is None and file and file != "-" and (fmt or _format_of(file) or "json").lower() == "json":
        parsed = parse_json_file(file, file)    # a referee export is read game by game, never held whole
    if parsed is None:
        text, name, fmt = _import_text(file, qr_text, fmt)
        parsed = parse(text, fmt, name)
    store = _cli().open_store(ctx)
    report = import_into(store, parsed, dry_run=dry_run)
    report["dry_run"] = dry_run
    report["dropped"] = list(parsed.dropped)     # fields left out of plays that were imported (a length...)
    if as_json:
        _cli().out_json(report)
        return
    n = len(report["imported"])
    if report.get("in_progress"):
        k = len(report["in_progress"])
        text = (_("Would import {n} game(s) in progress: {ids} (`referee play ID` continues one).") if dry_run
                else _("Imported {n} game(s) in progress: {ids} (`referee play ID` continues one)."))
        _echo(text.format(n=k, ids=", ".join(report["in_progress"])))
    text = (ngettext("Would import {n} game from {source}", "Would import {n} games from {source}", n) if dry_run
            else ngettext("Imported {n} game from {source}", "Imported {n} games from {source}", n))
    _echo(text.format(n=n, source=name)
          + (_("; {n} already in the history were skipped").format(n=len(report["duplicates"]))
             if report["duplicates"] else "")
          + ".")
    for old, new in report["renamed"]:
        _echo(_("Game {old} is the id of a game in progress here; it was imported as {new}.").format(old=old, new=new))
    for gid in report["conflicts"]:
        _echo(_("Game {id} is already in the history with a different result; the stored one was kept.").format(id=gid))
    if report.get("updated"):
        _echo(_("Updated {n} play(s) changed at their source since the last import: {ids}.").format(
            n=len(report["updated"]), ids=", ".join(report["updated"][:10])))
    _print_identity(report, dry_run)
    _print_skipped(report["skipped"], verbose)
    _print_skipped(report["dropped"], verbose, dropped=True)


def _print_identity(report, dry_run: bool) -> None:
    """What the import did by the plays' identities (club/log/provenance.py): plays taken for stored ones by
    their content alone, plays deleted here, the club's corrections kept, and possible duplicates, one line
    per pair with the way to resolve it."""
    matched = report.get("matched_by_content") or []
    if matched:
        _echo(ngettext("{n} play of the file has no id and was taken for the play already in the history with the "
                       "same game, day and scores: {ids}.",
                       "{n} plays of the file have no id and were taken for the plays already in the history with "
                       "the same game, day and scores: {ids}.", len(matched)).format(
            n=len(matched), ids=", ".join(m["id"] for m in matched)))
    deleted = report.get("deleted") or []
    if deleted:
        _echo(ngettext("{n} play was deleted here and is not imported again: {ids} (`referee trash` lists the "
                       "deleted plays, `referee restore ID` brings one back).",
                       "{n} plays were deleted here and are not imported again: {ids} (`referee trash` lists the "
                       "deleted plays, `referee restore ID` brings one back).", len(deleted)).format(
            n=len(deleted), ids=", ".join(d["id"] for d in deleted)))
    for kept in report.get("kept") or []:
        _echo(_("Game {id}: the club's corrections of {fields} were kept; they changed at the source too.").format(
            id=kept["id"], fields=", ".join(kept["fields"])))
    for pair in report.get("possible_duplicates") or []:
        if dry_run:
            _echo(_("Possible duplicate: {play} looks like game {other} (same game, day and scores); if they are "
                    "one play, `referee delete ID` after the import removes one.").format(**pair))
        else:
            _echo(_("Possible duplicate: game {id} ({play}) looks like game {other} (same game, day and scores); "
                    "if they are one play, `referee delete {id}` removes it.").format(**pair))


def _import_text(file, qr_text, fmt):
    """(text, name, format) of what `import` was given, read whole."""
    from ..club.log.importer import detect

    if qr_text is not None:
        return qr_text.replace("\\n", "\n"), _("the QR text"), "qr"
    if not file:
        raise _bad(_("Give a file to import (or - for stdin), or --qr-text TEXT."))
    if file == "-":
        text, name = sys.stdin.read(), "stdin"
    else:
        try:
            with open(file, encoding="utf-8-sig", newline="") as fh:
                text = fh.read()
        except FileNotFoundError:
            raise _bad(_("There is no file {file}.").format(file=file)) from None
        except UnicodeDecodeError:
            raise _bad(_("{file} is not UTF-8 text; save it as UTF-8 (CSV UTF-8 in a spreadsheet) and try again.").format(
                file=file)) from None
        except OSError as err:
            raise _bad(_("Cannot read {file}: {error}.").format(file=file, error=err.strerror or err)) from None
        name = file
    return text, name, (fmt or detect(text, None if file == "-" else file)).lower()


def _format_of(path):
    from ..club.formats.export import format_from_path

    return format_from_path(path)


def _print_skipped(skipped, verbose: bool, dropped: bool = False) -> None:
    """One line per reason with its count; with --verbose, every skipped play under its reason. ``dropped``:
    fields left out of plays that were imported, said the same way."""
    groups: dict = {}
    for s in skipped:
        if isinstance(s, dict):
            groups.setdefault(s["reason"], []).append(s)
        else:
            groups.setdefault(str(s), []).append({"play": "", "detail": ""})
    for reason, plays in groups.items():
        if len(plays) == 1 and not plays[0]["play"]:
            _echo(_("Skipped: {reason}.").format(reason=reason))
            continue
        text = (ngettext("In {n} imported play: {reason}", "In {n} imported plays: {reason}", len(plays)) if dropped
                else ngettext("Skipped {n} play: {reason}", "Skipped {n} plays: {reason}", len(plays)))
        _echo(text.format(n=len(plays), reason=reason) + ("" if verbose else _(" (--verbose lists them)")) + ".")
        if verbose:
            for p in plays:
                _echo(f"  {p['play']}" + (f": {p['detail']}" if p.get("detail") else ""))


# --- qr ---------------------------------------------------------------------------------------------
@click.command("qr")
@click.argument("game_id", shell_complete=complete_finished_ref)
@click.option("--png", type=FilePath(dir_okay=False), default=None, help="Also write the code as a PNG image.")
@click.option("--svg", type=FilePath(dir_okay=False), default=None, help="Also write the code as an SVG image.")
@click.option("--text", "text_only", is_flag=True, help="Print only the payload text (what the code holds).")
@click.option("--bgstats", is_flag=True, help="Encode a BG Stats 'createPlay' link instead of referee text: a phone "
                                            "with BG Stats scans it and logs the play there.")
@click.option("--colour/--no-colour", "--color/--no-color", "ansi", default=None,
              help="Draw with terminal colours (default when stdout is a terminal).")
@click.option("--invert", is_flag=True, help="Without colours: swap dark and light (for dark terminals).")
@click.pass_context
def qr_command(ctx, game_id, png, svg, text_only, bgstats, ansi, invert):
    """A QR code of a finished game's result, for another phone or another referee.

    The code holds short text (`referee result v1`, id, game, date, place, one line per player: rank,
    name, score, * for a winner) that `referee import --qr-text TEXT` (or a .txt file of it) imports.
    A play of another title, with teams, cooperative, won by the lowest total or logged without points
    is written as `referee result v2` (lines `coop: won` or `coop: lost`, `wins: lowest`, `-` for no
    points, `[TEAM]` after a player). Breakdowns and tie-break notes stay in this history; ranks, scores
    and winners travel. With --bgstats it holds a BG Stats createPlay link instead.
    """
    from ..club.formats.qr import bgstats_link, encode, make_qr, render_text, write_png, write_svg

    store = _cli().open_store(ctx)
    gid, where = store.resolve(game_id)
    if where == "live":
        raise _bad(_("Game {id} is not finished yet; a QR code carries a finished game's result.").format(id=gid))
    doc = store.get_archived(gid)
    payload = bgstats_link(doc) if bgstats else encode(doc)
    if bgstats:         # what did not fit in the code is said, never dropped silently
        from ..club.formats.export import bgstats_link_losses

        for sentence in bgstats_link_losses(doc, payload):
            click.echo(sentence, err=True)
    if text_only:
        _echo(payload)
        return
    qr = make_qr(payload)
    if png:
        write_png(qr, png)
    if svg:
        write_svg(qr, svg)
    if ansi is None:
        ansi = sys.stdout.isatty()
    from ..club.formats.qr_fit import make_fitting

    # the terminal drawing may use a lower error-correction level so that it fits the screen (same text)
    shown, lines, fits = make_fitting(payload)
    click.echo(render_text(shown, ansi=ansi, invert=invert))
    if not fits:
        click.echo(_("The code is {lines} lines tall, more than this terminal shows; write it as a picture with "
                     "`referee qr {id} --png FILE` and open that.").format(lines=lines, id=gid), err=True)
    for path in (png, svg):
        if path:
            click.echo(_("Wrote {path}.").format(path=path), err=True)


# --- replay -----------------------------------------------------------------------------------------
