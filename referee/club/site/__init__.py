"""The club's static web site (`referee site DIR`)."""

from .build import build_site  # noqa: F401
