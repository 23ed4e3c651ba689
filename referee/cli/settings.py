"""`referee config [KEY [VALUE]]`: show and set the settings file's values (referee/settings.py)."""

from __future__ import annotations

import json

import click

from ..i18n import _


def _shown(value) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}={v}" for k, v in value.items())
    return str(value)


@click.command("config")
@click.argument("key", required=False)
@click.argument("value", required=False)
@click.option("--unset", is_flag=True, help="Remove KEY from the settings file (colours.NAME: one player's colour).")
@click.option("--json", "as_json", is_flag=True, help="Print {\"file\", \"settings\"} as JSON.")
@click.option("--reset", is_flag=True, help="Set the settings file aside (renamed, not deleted) and start with no "
                                            "settings: the way out of a damaged one.")
def config_command(key, value, unset, as_json, reset):
    """Show or set the settings: defaults a club sets once.

    Without KEY: every setting, with the file it lives in. With KEY: its value (nothing when it is not
    set). With KEY VALUE: set it. The settings are: language (cs or en), location (the default
    --location of new, record and score --record), colours.NAME (a player's usual colour, for example
    `referee config colours.Ann red`) and el-capitan-board (the El Capitan board file to use). The file is
    TOML in the user config folder, or REFEREE_CONFIG; it may be edited by hand. A file referee cannot
    read (damaged, not TOML, a folder or a pipe) stops every other command with one sentence; `referee
    config` still shows where it is, and --reset renames it to settings.toml.broken-TIME.
    """
    from .. import settings
    from ..core.errors import BadInput

    if reset:
        if key is not None or value is not None or unset:
            raise BadInput(_("--reset takes no KEY: `referee config --reset`."))
        kept = settings.reset()
        if kept is None:
            click.echo(_("There is no settings file at {file}; nothing to reset.").format(file=settings.path()))
        else:
            click.echo(_("The settings file was moved to {kept}; referee starts with no settings (`referee "
                         "config KEY VALUE` sets them again).").format(kept=kept))
        return

    if unset:
        if key is None or value is not None:
            raise BadInput(_("--unset takes one KEY: `referee config --unset location`."))
        file = settings.set_value(key, None)
        click.echo(_("{key} is no longer set (in {file}).").format(key=key, file=file))
        return
    if key is not None and value is not None:
        file = settings.set_value(key, value)
        base, _dot, sub = key.partition(".")
        shown = settings.get(base)
        if sub:
            shown = next((v for k, v in (shown or {}).items() if k.casefold() == sub.strip().casefold()), "")
        click.echo(_("{key} = {value} (in {file}).").format(key=key, value=_shown(shown), file=file))
        return
    try:
        values = settings.load()
    except BadInput:
        if key is None and not as_json:     # where the file is, then why it cannot be used and the way out
            click.echo(_("Settings file: {file}").format(file=settings.path()))
        raise
    if key is not None:
        base, sub = settings._split(key)
        found = values.get(base)
        if sub is not None:
            found = next((v for k, v in (found or {}).items() if k.casefold() == sub.casefold()), None)
        if as_json:
            click.echo(json.dumps(found, ensure_ascii=False))
        elif isinstance(found, dict):
            for k, v in found.items():
                click.echo(f"{k}={v}")
        elif found is not None:
            click.echo(found)
        return
    file = settings.path()
    if as_json:
        click.echo(json.dumps({"file": str(file), "settings": values}, ensure_ascii=False, indent=2))
        return
    where = _("{file} (not created yet)").format(file=file) if not file.exists() else str(file)
    click.echo(_("Settings file: {file}").format(file=where))
    import textwrap

    width = max(len(k) for k in settings.KEYS)
    for name, k in settings.KEYS.items():
        shown = _shown(values[name]) if name in values else _("(not set)")
        click.echo(f"  {name:<{width}}  {shown}")
        click.echo(textwrap.fill(_(k.help), width=78, initial_indent=" " * (width + 4),
                                 subsequent_indent=" " * (width + 4)))
    unknown = settings.unknown_keys()
    if unknown:
        click.echo(_("Not known to this referee (left as they are): {keys}").format(keys=", ".join(unknown)))
