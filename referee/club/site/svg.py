"""The site's charts and SVG helpers: in referee/drawing/svg.py, shared with the boards (drawing/boards.py)."""

from ...drawing.svg import PALETTE, bar_chart, column_chart, el, line_chart, svg, to_text  # noqa: F401
