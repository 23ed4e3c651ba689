"""The replays' boards: drawn in referee/drawing/boards.py, shared with the phone page of `referee serve`
(the two front ends never import each other)."""

from ...drawing.boards import SIZES, W, board_svg, frame, picture, size  # noqa: F401
