"""The history store: TinyDB archive, live game files, atomic writes, one writer at a time."""

from .store import SCHEMA_VERSION, Store, resolve_path

__all__ = ["SCHEMA_VERSION", "Store", "resolve_path"]
