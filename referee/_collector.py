"""The cyclic garbage collector at the program's start (issue 25).

Importing the command line creates tens of thousands of objects that live as long as the process; the
collector's passes over them while they were made (and its last pass at exit) were a sixth of a short
command such as `referee move`. The program (``_start.run``) pauses the collector before importing the
command line; when the command line is about to be read, those objects are frozen out of the collector's
sight (``gc.freeze``) and it runs as usual for the command itself.
"""

import gc

_paused = False


def pause() -> None:
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """The start-up's objects set aside for good, and the collector running again. Nothing when ``pause``
    did not pause it (the CLI called from Python, as the tests do: their objects are not frozen)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
