"""Fitting `referee qr`'s terminal drawing into the terminal (issue 22: a 24-line screen).

The code's text is never changed here (club/formats/qr.py owns it). Two modules rows already share one text line
(half blocks); what can still shrink is the error-correction level: M first (as the PNG/SVG), then L, which
holds the same text in a smaller symbol. If even that is taller than the screen, the caller says how to
get the picture as a file instead."""

from __future__ import annotations

import shutil


def make_fitting(payload: str, rows: int | None = None):
    """(qr, lines it takes, fits): the first of ECC M, L whose drawing fits ``rows`` text lines (the
    terminal's height less one for the prompt), else the smallest."""
    import qrcode

    if rows is None:
        rows = shutil.get_terminal_size((80, 24)).lines
    best = None
    for level in (qrcode.constants.ERROR_CORRECT_M, qrcode.constants.ERROR_CORRECT_L):
        qr = qrcode.QRCode(error_correction=level, border=4)
        qr.add_data(payload.encode("utf-8"))
        qr.make(fit=True)
        size = len(qr.get_matrix())
        lines = (size + 1) // 2
        best = (qr, lines, lines <= rows - 1)
        if best[2]:
            break
    return best
