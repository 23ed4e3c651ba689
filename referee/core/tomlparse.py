"""The TOML parser: the standard library's tomllib (Python 3.11+), else tomli, its backport with the same
API (a dependency on Python 3.10 only). Imported only where a TOML text is actually read."""

from __future__ import annotations


def toml_parser():
    try:
        import tomllib
    except ModuleNotFoundError:     # Python 3.10
        import tomli as tomllib
    return tomllib
